"""Building blocks the general move primitives share, each compiled once from its YAML key.

* :func:`compile_rays` - ``directions`` (a set, a list, or per piece kind) and ``extra``: for each
  player, kind and square, the straight lines a piece may follow, each as (direction name, squares).
* :class:`Landing` - ``to``: which squares a move may end on (empty, own, enemy, occupied, any, a
  region, a condition).
* :class:`Promotion` - ``promote``: a piece that ends its move in a region becomes another kind.
* :func:`lift`, :func:`put` and :func:`clear` - stack surgery with the hash kept up to date.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, cast

from .base import retop

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from ..state import State
    from ..topology import Board

__all__ = ["compile_rays", "Landing", "Promotion", "lift", "put", "clear", "rehash_stack", "source_codes",
           "LANDING_WORDS"]

#: the words ``to`` accepts, besides regions and conditions
LANDING_WORDS = ("empty", "occupied", "own", "enemy", "neutral", "any", "not_own")


def source_codes(game: "Game", params: dict[str, Any]) -> list[list[int]]:
    """Per player (1, 2), the piece codes a move may start from: the top piece of the stack is of
    one of ``pieces`` (never a ``fixed`` one) and belongs to the player (``owner: mover``, the
    default) or to the opponent (``owner: opponent``)."""
    pieces = game.spec.data.get("pieces", {})
    kinds = [k for k in params.get("pieces", game.kind_names) if not pieces[k].get("fixed")]
    codes = game.player_codes(kinds)
    if params.get("owner", "mover") == "opponent":
        return [[], codes[2], codes[1]]
    return codes


def compile_rays(game: "Game", params: dict[str, Any], path: tuple[Any, ...],
                 default: Any = "orthogonal") -> list[list[list[list[tuple[str, tuple[int, ...]]]]]]:
    """``rays[player][kind][square]``: the lines a piece of ``kind`` owned by ``player`` may follow
    from ``square``, as (direction name, squares from the next one to the edge). ``directions`` is a
    direction word or list (the same for every kind), or a mapping kind -> directions; kinds it
    does not name do not move. ``extra`` adds directions for pieces standing in a region."""
    topo = cast("Board", game.topology)
    kinds = range(len(game.kind_names))
    spec = params.get("directions", default)
    extra = params.get("extra", [])

    def names(which: Any, player: int, where: tuple[Any, ...]) -> list[str]:
        try:
            return topo.directions(which, player)
        except ValueError as exc:
            raise game.spec.error(where, str(exc)) from None

    out: list[Any] = [[]]
    for player in (1, 2):
        per_kind: list[list[list[tuple[str, tuple[int, ...]]]]] = []
        for kind in kinds:
            name = game.kind_names[kind]
            if isinstance(spec, dict):
                if name not in spec:
                    per_kind.append([[] for _ in range(topo.size)])
                    continue
                base = names(spec[name], player, path + ("directions", name))
            else:
                base = names(spec, player, path + ("directions",))
            more = [(game.player_region_mask(e["from"], player), names(e["directions"], player,
                                                                       path + ("extra", i, "directions")))
                    for i, e in enumerate(extra)]
            squares: list[list[tuple[str, tuple[int, ...]]]] = []
            for sq in range(topo.size):
                dirs = list(base)
                for mask, add in more:
                    if mask >> sq & 1:
                        dirs += [d for d in add if d not in dirs]
                lines = [(d, topo.ray(sq, d)) for d in dirs]
                squares.append([(d, ray) for d, ray in lines if ray])
            per_kind.append(squares)
        out.append(per_kind)
    return out


class Landing:
    """Where a move may end: ``to`` is one word of :data:`LANDING_WORDS`, a region (any square of
    it), a condition (an expression of ``from``, ``to``, ``k`` and ``height``), or a list of these,
    any of which will do. ``blocked`` pieces are checked by the moves themselves."""

    def __init__(self, game: "Game", spec: Any, path: tuple[Any, ...], default: str = "empty") -> None:
        self.game = game
        words = spec if isinstance(spec, list) else [spec if spec is not None else default]
        self.empty = self.own = self.enemy = self.neutral = False
        #: alternatives besides the words: (region mask per player, None) or (None, condition)
        self.alternatives: list[tuple[list[int] | None, Callable[[Any], Any] | None]] = []
        for i, word in enumerate(words):
            where = path + (i,) if isinstance(spec, list) else path
            if word == "empty":
                self.empty = True
            elif word == "occupied":
                self.own = self.enemy = self.neutral = True
            elif word == "own":
                self.own = True
            elif word == "enemy":
                self.enemy = True
            elif word == "neutral":
                self.neutral = True
            elif word == "any":
                self.empty = self.own = self.enemy = self.neutral = True
            elif word == "not_own":
                self.empty = self.enemy = self.neutral = True
            elif isinstance(word, str) and game.is_region(word):
                self.alternatives.append(([0, game.player_region_mask(word, 1), game.player_region_mask(word, 2)],
                                          None))
            else:
                self.alternatives.append((None, game.compile_condition(where, word)))
        #: only the owner of the top piece matters (no region, no condition)
        self.simple = not self.alternatives
        owner = game.code_owner
        #: by the words: may a move of ``player`` end on a square topped by ``code`` (-1 empty)
        self.by_words: list[list[bool]] = [[]] + [
            [self.empty] + [self._by_owner(owner[c], p) for c in range(game.num_codes)] for p in (1, 2)]
        #: a first test: ``ok[player][code + 1]`` is false only where nothing can allow the square
        self.ok = self.by_words if self.simple else [[], [True] * (game.num_codes + 1), [True] * (game.num_codes + 1)]
        #: some square holding a piece may be landed on
        self.occupied = self.own or self.enemy or self.neutral or bool(self.alternatives)

    def _by_owner(self, owner: int, player: int) -> bool:
        if owner == 0:
            return self.neutral
        return self.own if owner == player else self.enemy

    def allows(self, st: "State", player: int, frm: int, to: int, k: int, height: int | None = None) -> bool:
        """Whether the move of ``k`` pieces from ``frm`` (a stack of ``height``, default the one
        standing there) may end on ``to`` - by the owner of the top piece there, a region or a
        condition; not the path."""
        s = st.stacks[to]
        if self.by_words[player][s[-1] + 1 if s else 0]:
            return True
        for masks, condition in self.alternatives:
            if masks is not None and masks[player] >> to & 1:
                return True
            if condition is not None:
                ctx = self.game.square_context(st, player, frm, to, k)
                if height is not None:
                    ctx.height = height
                if condition(ctx):
                    return True
        return False


class Promotion:
    """``promote: {pieces, to, region, chain}``: a moving piece (the top of what moves) of one of
    ``pieces`` that ends its move in ``region`` (a region, or a per-player one such as the far
    rank) becomes a ``to``. ``chain`` says what promotion does to a chain of jumps: ``ends`` (the
    chain stops there), ``continues`` (it goes on with the new kind's moves) or ``at_end`` (only a
    chain that ends in the region promotes)."""

    def __init__(self, game: "Game", spec: dict[str, Any], path: tuple[Any, ...]) -> None:
        names = spec.get("pieces", game.kind_names)
        kinds = {game.kind_index[k] for k in ([names] if isinstance(names, str) else names)}
        to = game.kind_index[spec["to"]]
        self.chain = spec.get("chain", "ends")
        self.region = [0, game.player_region_mask(spec["region"], 1), game.player_region_mask(spec["region"], 2)]
        #: code -> promoted code, or -1
        self.becomes = [to * 2 + (c & 1) if c >> 1 in kinds else -1 for c in range(game.num_codes)]

    def target(self, code: int, player: int, sq: int) -> int:
        """The code the top piece ``code`` becomes on ``sq`` for ``player``, or -1."""
        new = self.becomes[code]
        return new if new >= 0 and self.region[player] >> sq & 1 else -1


# -- stack surgery ---------------------------------------------------------------------------------

def rehash_stack(st: "State", sq: int) -> int:
    """The hash contribution of the whole stack on ``sq`` (XOR it out, change, XOR it back in)."""
    g = st.game
    Z, zs, nc = g.zobrist, g.zobrist_stride, g.num_codes
    h = 0
    for height, pc in enumerate(st.stacks[sq]):
        h ^= Z[(sq * zs + height) * nc + pc]
    return h


def lift(st: "State", sq: int, k: int) -> list[int]:
    """Take the top ``k`` pieces off ``sq``; return them bottom first."""
    g = st.game
    Z, zs, nc = g.zobrist, g.zobrist_stride, g.num_codes
    s = st.stacks[sq]
    old = s[-1]
    base = len(s) - k
    moving = s[base:]
    del s[base:]
    h = st.hash
    for i, pc in enumerate(moving):
        h ^= Z[(sq * zs + base + i) * nc + pc]
    st.hash = h
    retop(st, sq, old)
    return moving


def put(st: "State", sq: int, pieces: list[int], under: bool = False) -> None:
    """Put ``pieces`` (bottom first) on top of the stack on ``sq``, or under it."""
    s = st.stacks[sq]
    old = s[-1] if s else -1
    if under and s:
        st.hash ^= rehash_stack(st, sq)
        s[:0] = pieces
        st.hash ^= rehash_stack(st, sq)
    else:
        g = st.game
        Z, zs, nc = g.zobrist, g.zobrist_stride, g.num_codes
        h = st.hash
        for pc in pieces:
            h ^= Z[(sq * zs + len(s)) * nc + pc]
            s.append(pc)
        st.hash = h
    retop(st, sq, old)


def take_under(st: "State", sq: int, k: int) -> list[int]:
    """Take the bottom ``k`` pieces of the stack on ``sq`` away; return them bottom first."""
    s = st.stacks[sq]
    old = s[-1]
    st.hash ^= rehash_stack(st, sq)
    gone = s[:k]
    del s[:k]
    st.hash ^= rehash_stack(st, sq)
    retop(st, sq, old)
    return gone


def clear(st: "State", sq: int) -> list[int]:
    """Remove the whole stack on ``sq``; return it bottom first."""
    s = st.stacks[sq]
    if not s:
        return []
    return lift(st, sq, len(s))


def recode_top(st: "State", sq: int, new: int) -> int:
    """Turn the top piece of ``sq`` into ``new``; return the old code."""
    g = st.game
    s = st.stacks[sq]
    old = s[-1]
    hh = (sq * g.zobrist_stride + len(s) - 1) * g.num_codes
    st.hash ^= g.zobrist[hh + old] ^ g.zobrist[hh + new]
    s[-1] = new
    retop(st, sq, old)
    return old
