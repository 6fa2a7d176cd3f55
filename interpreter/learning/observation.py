"""Observation tensors: any position as a NumPy vector of fixed length, for learning programs.

The layout follows from the game file alone (:func:`layout` lists it, ``spielwerk games
--actions`` prints it). It is a sequence of named segments, each a block of float32 values:

``pieces`` (``slots x kinds x layers``, squares)
    1 where the piece of that owner slot and kind lies at that depth of the stack, counted from
    the top (layer 0 is the top piece), down to :func:`layers` layers. The owner slots are the
    viewer, the other players in turn order after him (with two players: his opponent) and, in
    games with neutral pieces, nobody.
``height`` (1, squares)
    how many pieces stand on each square (all of them, beyond the layers too).
``orientation`` (2, squares), games with dice on the board
    the top face and the north face of the die on each square (0 where there is none).
``turn`` (1, squares)
    the squares the parts chosen so far in a turn of several actions left or reached.
``reserves`` (players, reserves), ``captures`` (players,), ``score`` (players,)
    each player's counts, the viewer's first, then the others' in turn order after him (the
    "seats" of the viewer; with two players: the viewer's, then the opponent's).
``dice`` (dice, faces)
    each die's number, one-hot, while the dice are rolled; ``steps`` (1,): the steps chosen so
    far in this turn.
``cube`` (5,), games with a doubling cube
    log2 of its value, then who holds it (viewer, nobody, another player), then whether a double
    was offered.
``counters`` (counters,)
    the game file's counters, slot by slot; one kept per player has a slot per player, in the
    viewer's seats.
``to_move`` (1,), ``mover`` (players,) with more than two players, ``phase`` (phases,)
    1 if the viewer decides (or rolls) now; who decides (or rolls), one-hot over the viewer's
    seats; the phase, one-hot.

Squares are in board order. On a track they are in the viewer's own order: his path from its
first point, then each place's squares, his first and the others' in turn order after him, then
the squares of the others' paths not on his (their own goal fields, say), each player's in turn
order after him, and last any square on no path; so every player sees his own race the same way,
and in a two-player race game the vector from player 2's view of a position is the vector from
player 1's view of the same position with the colours swapped. Boards are not turned.

During a turn of several actions the board shown is the board after the parts chosen so far.

The same values as planes, ``[C, H, W]`` for convolutional nets (:func:`planes`,
:func:`to_planes`, :func:`plane_names`): each row of a board segment above is a plane laid out as
the board, then a ``board`` plane (1 on every square the board has), then one plane per value of
the other segments, that value everywhere. A square board's square on file ``f`` and rank ``r``
(``a1`` is 0, 0) is at ``[:, r, f]`` (``H`` its ranks, ``W`` its files; a missing square is 0 in
every plane). A hex board's ranks are the rows, and a point at its place in half steps across
the board: point ``n`` of a rank of ``L`` points is at column ``2(n - 1) - (L - 1) + (M - 1)``,
``M`` the longest rank (``W = 2M - 1``; the cells between points are 0 in every plane, the
``board`` plane marks the points). A track is one row (``H = 1``), its squares in the viewer's
order as above. Boards are not turned for any player.
"""

from __future__ import annotations

import operator
import weakref
from math import prod
from typing import TYPE_CHECKING, Any, cast

from .actions import preview
from ..topology import TrackTopology

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from ..game import State

__all__ = ["bounds", "describe", "layers", "layout", "observation", "observation_size", "observation_text",
           "player_number", "seats", "square_order", "planes", "planes_shape", "plane_names", "plane_bounds",
           "to_planes", "Writer", "writer"]

#: the most stack layers given planes of their own (the ``height`` plane counts every piece)
MAX_LAYERS = 8


def layers(game: "Game") -> int:
    """How many stack layers get planes: the highest possible stack, at most :data:`MAX_LAYERS`."""
    return min(game.max_height, MAX_LAYERS)


def _slots(game: "Game") -> int:
    """The owner slots of the ``pieces`` segment: one per player, and one for nobody's pieces."""
    return game.t.num_players + (1 if any(game.neutral) else 0)


#: per compiled game, what this module remembers of it: its layout, and its plan per viewer
_memo: "weakref.WeakKeyDictionary[Game, dict[Any, Any]]" = weakref.WeakKeyDictionary()


def _memo_of(game: "Game") -> dict[Any, Any]:
    got = _memo.get(game)
    if got is None:
        got = _memo[game] = {}
    return got


def layout(game: "Game") -> list[tuple[str, tuple[int, ...]]]:
    """The segments of the observation vector, in order: (name, shape)."""
    memo = _memo_of(game)
    got = memo.get("layout")
    if got is not None:
        return list(got)
    n = game.topology.size
    out: list[tuple[str, tuple[int, ...]]] = [
        ("pieces", (_slots(game) * len(game.kind_names) * layers(game), n)), ("height", (1, n))]
    if any(game.oriented):
        out.append(("orientation", (2, n)))
    if any(prim.multi_part for prim in game.blocks):
        out.append(("turn", (1, n)))
    players = game.t.num_players
    if game.reserve_counts:
        out.append(("reserves", (players, len(game.reserve_counts))))
    out.append(("captures", (players,)))
    if game.spec.data.get("scoring"):
        out.append(("score", (players,)))
    if game.t.counter_start:
        out.append(("counters", (len(game.t.counter_start),)))
    if game.roll_index >= 0:
        out += [("dice", (game.dice_count, game.faces)), ("steps", (1,))]
    if game.cube is not None:
        out.append(("cube", (5,)))
    out.append(("to_move", (1,)))
    if players > 2:
        out.append(("mover", (players,)))
    if len(game.phases) > 1:
        out.append(("phase", (len(game.phases),)))
    memo["layout"] = tuple(out)
    return out


def observation_size(game: "Game") -> int:
    """The length of the observation vector."""
    return sum(prod(shape) for _, shape in layout(game))


def _numpy() -> Any:
    try:
        import numpy
    except ImportError as exc:  # pragma: no cover - the message says what to install
        raise ImportError("observation vectors need NumPy: pip install 'spielwerk[rl]'") from exc
    return numpy


def bounds(game: "Game") -> tuple[Any, Any]:
    """The lowest and highest value of each entry of the vector (NumPy float32 arrays), for
    spaces such as Gymnasium's ``Box``: 0 and 1 for marks, the highest stack for heights, every
    piece of the game for counts, 7 for die faces, log2 of the cube's highest value, and no
    bound for points, steps and the game file's counters."""
    np = _numpy()
    high = np.zeros(observation_size(game), dtype=np.float32)
    offset = 0
    most = float(game.total_pieces)
    tops = {"height": float(game.max_height), "orientation": 7.0, "reserves": most, "captures": most,
            "score": np.inf, "steps": np.inf, "cube": 1.0, "counters": np.inf}
    low = np.zeros_like(high)
    for name, shape in layout(game):
        count = prod(shape)
        high[offset:offset + count] = tops.get(name, 1.0)
        if name == "cube":  # log2 of the cube's value
            high[offset] = max(int(game.cube.max), 1).bit_length() - 1 if game.cube is not None else 0
        if name == "counters":  # a game file's counters may count down
            low[offset:offset + count] = -np.inf
        offset += count
    return low, high


def describe(game: "Game") -> str:
    """The layout as text, one line per segment (what ``spielwerk games --actions`` prints)."""
    lines = [f"{observation_size(game)} observation values, {layers(game)} stack layers"]
    offset = 0
    for name, shape in layout(game):
        count = prod(shape)
        lines.append(f"  {offset:>6}-{offset + count - 1:<6} {name} {'x'.join(map(str, shape))}")
        offset += count
    return "\n".join(lines)


def seats(game: "Game", player: int) -> list[int]:
    """The players as the viewer ``player`` sees them: himself, then the others in turn order
    after him (with two players: him, then his opponent)."""
    following = game.t.next_player
    out = [player]
    while len(out) < game.t.num_players:
        out.append(following[out[-1]])
    return out


def square_order(game: "Game", player: int) -> list[int]:
    """The squares in the order the viewer ``player`` sees them (see the module docstring): every
    square once."""
    topo = game.topology
    if not isinstance(topo, TrackTopology):
        return list(range(topo.size))
    order = list(topo.paths[player])
    listed = set(order)

    def add(squares: list[int]) -> None:
        for sq in squares:
            if 0 <= sq < topo.size and sq not in listed:
                listed.add(sq)
                order.append(sq)

    seen_by = seats(game, player)
    for places in topo.places.values():
        add([places[p] for p in seen_by])
    for p in seen_by[1:]:
        add(list(topo.paths[p]))
    add(list(range(topo.size)))
    return order


def _viewer(st: "State", player: int | None) -> int:
    if player is None:
        return st.to_move
    return player_number(st.game, player, "player")


def player_number(game: "Game", player: Any, what: str) -> int:
    """``player`` as a player's number, 1 to n (a Python or NumPy integer); a ValueError naming
    ``what`` otherwise."""
    n = game.t.num_players
    try:
        number = -1 if isinstance(player, bool) else operator.index(player)
    except TypeError:
        number = -1
    if not 1 <= number <= n:
        raise ValueError(f"{what} is one of 1..{n}, not {player!r}")
    return number


class _Plan:
    """What the observation from one viewer's seat needs, worked out once per game and viewer: the
    place in the vector of every value a position can set (so a position is written by looking its
    pieces up, not by walking the board)."""

    __slots__ = ("order", "at", "size", "mover", "seats", "slot_of", "counters", "piece", "column", "height",
                 "orient", "turn", "dice", "to_move", "phase", "reserves", "captures", "score", "counter_at",
                 "steps", "cube")

    def __init__(self, game: "Game", me: int) -> None:
        #: the squares in the viewer's order; each segment's offset; the vector's length
        self.order = square_order(game, me)
        self.at: dict[str, int] = {}
        offset = 0
        for name, shape in layout(game):
            self.at[name] = offset
            offset += prod(shape)
        self.size = offset
        at = self.at
        #: the offset of the ``mover`` segment (-1: two players, no such segment)
        self.mover = at.get("mover", -1)
        #: the players, the viewer first (:func:`seats`); by owner (0 nobody), the owner slot
        self.seats = seats(game, me)
        slot_of = [game.t.num_players] * (game.t.num_players + 1)
        for slot, p in enumerate(self.seats):
            slot_of[p] = slot
        self.slot_of = slot_of
        #: per value of the ``counters`` segment, the counter slot it shows (None: as they are)
        index = list(range(len(game.t.counter_start)))
        for first, per_player in game.t.counter_slots.values():
            if per_player:
                for k, p in enumerate(self.seats):
                    index[first + k] = first + p - 1
        self.counters = None if index == list(range(len(index))) else index
        # the index tables: per square (in board order), where its values go
        n = game.topology.size
        col_of = [0] * n
        for col, sq in enumerate(self.order):
            col_of[sq] = col
        nk, nl = len(game.kind_names), layers(game)
        owner, kind_of = game.code_owner, game.t.code_kind
        #: per piece code, per square: the index of that piece on top of that square's stack (layer
        #: ``j`` below the top is ``j * squares`` further on)
        self.piece = [[at["pieces"] + (slot_of[owner[code]] * nk + kind_of[code]) * nl * n + col_of[sq]
                       for sq in range(n)] for code in range(len(owner))]
        #: per piece code, per square: the indices of that piece on each layer from the top (what
        #: a stack of that code alone sets, its first ``height`` of them)
        self.column = [[tuple(range(first, first + nl * n, n)) for first in row] for row in self.piece]
        #: per square: the index of its height; of its top face (None: no ``orientation`` segment;
        #: the north face is ``squares`` further on); of its mark in the ``turn`` segment (None: none)
        self.height = [at["height"] + col_of[sq] for sq in range(n)]
        self.orient = [at["orientation"] + col_of[sq] for sq in range(n)] if "orientation" in at else None
        self.turn = [at["turn"] + col_of[sq] for sq in range(n)] if "turn" in at else None
        #: the offsets of the other segments (-1 where the game has none)
        self.dice = at.get("dice", -1)
        self.to_move = at["to_move"]
        self.phase = at.get("phase", -1)
        self.reserves = at.get("reserves", -1)
        self.captures = at["captures"]
        self.score = at.get("score", -1)
        self.counter_at = at.get("counters", -1)
        self.steps = at.get("steps", -1)
        self.cube = at.get("cube", -1)


def _plan(game: "Game", me: int) -> _Plan:
    """The plan of the viewer ``me``, remembered."""
    cache = _memo_of(game)
    got = cache.get(me)
    if got is None:
        got = cache[me] = _Plan(game, me)
    return cast(_Plan, got)


class Writer:
    """Writes observation vectors of one game into float32 arrays, many at once (what
    :class:`spielwerk.learning.vector.VectorGame` does every step); :func:`writer` gives a game's.

    Each position is read once, from its occupied squares and its counts, into the indices of its
    1s and of its other non-zero values, through the index tables of :class:`_Plan`; a whole batch
    is then cleared and written by three NumPy assignments."""

    def __init__(self, game: "Game") -> None:
        self.game = game
        #: the vector's length
        self.size = observation_size(game)
        #: per viewer (1 to n; 0 unused), his plan
        self.plans: list[_Plan] = [_plan(game, 1)] + [_plan(game, p) for p in range(1, game.t.num_players + 1)]
        self.squares = game.topology.size
        self.layers = layers(game)
        self.faces = game.faces
        self.dice_count = game.dice_count
        self.last_phase = len(game.phases) - 1

    def entries(self, st: "State", me: int, ones: list[int], where: list[int], values: list[int]) -> None:
        """Add the vector of ``st`` from viewer ``me``'s seat: the indices of its 1s to ``ones``,
        those of its other values to ``where`` and the values to ``values`` (a value may be 0; an
        index in neither is 0)."""
        plan = self.plans[me]
        board = preview(st) if st.turn else st
        stacks = board.stacks
        piece, column, height, orient = plan.piece, plan.column, plan.height, plan.orient
        n = self.squares
        occupied = board.occupied
        while occupied:
            low = occupied & -occupied
            occupied ^= low
            sq = low.bit_length() - 1
            stack = stacks[sq]
            depth = len(stack)
            where.append(height[sq])
            values.append(depth)
            top = stack[-1]
            if depth == 1 or stack.count(top) == depth:  # pieces of one code: the column's first layers
                ones.extend(column[top][sq][:depth])
            else:
                for layer, code in zip(range(self.layers), reversed(stack)):
                    ones.append(piece[code][sq] + layer * n)
            if orient is not None:
                code = board.orient[sq]
                if code:
                    where.append(orient[sq])
                    values.append(code >> 3)
                    where.append(orient[sq] + n)
                    values.append(code & 7)
        turn = st.turn
        if turn and plan.turn is not None:
            marks = plan.turn
            ones.extend({marks[sq] for part in turn if isinstance(part, tuple) for sq in part[:2]
                         if isinstance(sq, int) and 0 <= sq < n})
        if st.dice is not None and plan.dice >= 0:
            first, faces = plan.dice - 1, self.faces
            for i, d in enumerate(st.dice[:self.dice_count]):
                if d:
                    ones.append(first + i * faces + d)
        to_move = st.to_move
        if to_move == me:
            ones.append(plan.to_move)
        if plan.mover >= 0:
            ones.append(plan.mover + plan.slot_of[to_move])
        if plan.phase >= 0:
            ones.append(plan.phase + min(st.phase, self.last_phase))
        seen = plan.seats
        if plan.reserves >= 0:
            at = plan.reserves
            reserves = st.reserves
            for p in seen:
                row = reserves[p]
                where.extend(range(at, at + len(row)))
                values.extend(row)
                at += len(row)
        at = plan.captures
        captures = st.captures
        where.extend(range(at, at + len(seen)))
        values.extend([captures[p] for p in seen])
        if plan.score >= 0:
            at = plan.score
            score = st.score
            where.extend(range(at, at + len(seen)))
            values.extend([score[p] for p in seen])
        if plan.counter_at >= 0:
            at = plan.counter_at
            counters, index = st.counters, plan.counters
            where.extend(range(at, at + len(counters)))
            values.extend(counters if index is None else [counters[i] for i in index])
        if plan.steps >= 0:
            where.append(plan.steps)
            values.append(len(turn))
        if plan.cube >= 0:
            c = plan.cube
            owner = st.cube_owner
            where.append(c)
            values.append(st.cube_value.bit_length() - 1)
            ones.append(c + 1 + (0 if owner == me else 1 if owner == 0 else 2))
            if st.cube_step == 1:
                ones.append(c + 4)

    def write(self, states: "list[State]", out: Any) -> None:
        """The vectors of ``states``, each from the seat of the player to move in it, into the rows
        of ``out`` (float32 ``[len(states), D]``, C-contiguous), in place."""
        np = _numpy()
        if not out.flags.c_contiguous:
            raise ValueError("the rows are written through a flat view: out must be C-contiguous")
        ones: list[int] = []
        where: list[int] = []
        values: list[int] = []
        ends_ones: list[int] = []
        ends_where: list[int] = []
        entries = self.entries
        for st in states:
            entries(st, st.to_move, ones, where, values)
            ends_ones.append(len(ones))
            ends_where.append(len(where))
        # each row's indices are its own: move them to the row (row k starts at k * D)
        starts = np.arange(0, len(states) * self.size, self.size, dtype=np.intp)
        out[...] = 0.0
        flat = out.reshape(-1)
        flat[np.asarray(ones, dtype=np.intp) + np.repeat(starts, np.diff(ends_ones, prepend=0))] = 1.0
        flat[np.asarray(where, dtype=np.intp) + np.repeat(starts, np.diff(ends_where, prepend=0))] = values

    def one(self, st: "State", me: int, out: Any) -> Any:
        """The vector of ``st`` from viewer ``me``'s seat into ``out`` (float32 ``[D]``), in place."""
        ones: list[int] = []
        where: list[int] = []
        values: list[int] = []
        self.entries(st, me, ones, where, values)
        out[:] = 0.0
        out[ones] = 1.0
        out[where] = values
        return out


def writer(game: "Game") -> Writer:
    """The :class:`Writer` of ``game``, made once and remembered."""
    memo = _memo_of(game)
    got = memo.get("writer")
    if got is None:
        got = memo["writer"] = Writer(game)
    return cast(Writer, got)


def observation(st: "State", player: int | None = None, out: Any = None) -> Any:
    """The observation vector of ``st`` from ``player``'s view (default: who is to move). ``out``,
    a float32 array of the right length, is filled in place and returned instead of a new one."""
    me = _viewer(st, player)
    w = writer(st.game)
    if out is None:
        np = _numpy()
        out = np.empty(w.size, dtype=np.float32)  # every value is written
    return w.one(st, me, out)


def observation_text(st: "State", player: int | None = None) -> str:
    """The observation as text: per segment its shape and its non-zero entries (square names for
    the board's planes), for debugging."""
    np = _numpy()
    game = st.game
    me = _viewer(st, player)
    vec = observation(st, me)
    names = game.topology.names
    order = _plan(game, me).order
    nk, nl = len(game.kind_names), layers(game)
    players = game.t.num_players
    slots = ["viewer", "opponent", "neutral"] if players == 2 else \
        ["viewer", *(f"viewer+{k}" for k in range(1, players)), "neutral"]
    lines = [f"observation of {game.name} from player {me}'s view: {vec.size} values"]
    offset = 0
    for name, shape in layout(game):
        count = prod(shape)
        seg = vec[offset:offset + count].reshape(shape)
        offset += count
        if len(shape) == 2 and shape[1] == game.topology.size:
            rows = []
            for i in range(shape[0]):
                hit = [f"{names[order[c]]}={seg[i, c]:g}" for c in np.nonzero(seg[i])[0]]
                if hit:
                    label = (f"{slots[i // (nk * nl)]} {game.kind_names[i // nl % nk]} layer {i % nl}"
                             if name == "pieces" else f"{name}[{i}]")
                    rows.append(f"  {label}: {' '.join(hit)}")
            lines.append(f"{name} {shape}:" + ("" if rows else " all 0"))
            lines += rows
        else:
            lines.append(f"{name} {shape}: {' '.join(f'{x:g}' for x in seg.reshape(-1))}")
    return "\n".join(lines)


# -- planes: [C, H, W] -------------------------------------------------------------------------------
def _cells(game: "Game") -> tuple[int, int, list[tuple[int, int]]]:
    """(H, W, the cell of each column of a board segment), as the module docstring lays them out."""
    topo = game.topology
    if isinstance(topo, TrackTopology):
        return 1, topo.size, [(0, col) for col in range(topo.size)]
    coords = getattr(topo, "coords", None)
    if coords is not None:  # a hex board: ranks x half steps
        low = min(x for x, _ in coords)
        width = max(x for x, _ in coords) - low + 1
        return topo.height, width, [(y, x - low) for x, y in coords]
    width = topo.width
    return topo.height, width, [(sq // width, sq % width) for sq in range(topo.size)]


def _plane_plan(game: "Game") -> tuple[Any, list[str]]:
    """The index of every cell of every plane into the observation vector padded with a 0 and a 1
    (``[C, H, W]`` ints), and the planes' names; remembered."""
    memo = _memo_of(game)
    got = memo.get("planes")
    if got is not None:
        return cast("tuple[Any, list[str]]", got)
    np = _numpy()
    size = observation_size(game)
    zero, one = size, size + 1
    height, width, cells = _cells(game)
    rows, names = [], []
    n = game.topology.size
    existing = [sq for sq in range(n) if game.topology.full_mask >> sq & 1]
    offset = 0
    for name, shape in layout(game):
        count = prod(shape)
        if len(shape) == 2 and shape[1] == n:  # a board segment: a plane per row
            for i in range(shape[0]):
                plane = np.full((height, width), zero, dtype=np.int64)
                for col in existing:
                    plane[cells[col]] = offset + i * n + col
                rows.append(plane)
                names.append(f"{name}[{i}]" if shape[0] > 1 else name)
            if name == "height":
                plane = np.full((height, width), zero, dtype=np.int64)
                for col in existing:
                    plane[cells[col]] = one
                rows.append(plane)
                names.append("board")
        else:  # every value a plane of its own
            for i in range(count):
                rows.append(np.full((height, width), offset + i, dtype=np.int64))
                names.append(f"{name}[{i}]" if count > 1 else name)
        offset += count
    got = memo["planes"] = (np.stack(rows), names)
    return got


def planes_shape(game: "Game") -> tuple[int, int, int]:
    """``(C, H, W)``: the shape of :func:`planes`."""
    index, _ = _plane_plan(game)
    c, h, w = index.shape
    return int(c), int(h), int(w)


def plane_names(game: "Game") -> list[str]:
    """The name of each plane, in order: the segment, and the row or value within it (``pieces[3]``)."""
    return list(_plane_plan(game)[1])


def to_planes(game: "Game", vectors: Any) -> Any:
    """Observation vectors (``[..., D]``, as :func:`observation` and the vector game give them) as
    planes, ``[..., C, H, W]``."""
    np = _numpy()
    index, _ = _plane_plan(game)
    vectors = np.asarray(vectors, dtype=np.float32)
    pad = np.zeros(vectors.shape[:-1] + (2,), dtype=np.float32)
    pad[..., 1] = 1.0
    return np.concatenate([vectors, pad], axis=-1)[..., index]


def planes(st: "State", player: int | None = None) -> Any:
    """The observation of ``st`` from ``player``'s view as planes ``[C, H, W]`` (float32; see the
    module docstring)."""
    return to_planes(st.game, observation(st, player))


def plane_bounds(game: "Game") -> tuple[Any, Any]:
    """The lowest and highest value of every cell of the planes, as :func:`bounds` for the vector."""
    _, high = bounds(game)
    top = to_planes(game, high)
    return _numpy().zeros_like(top), top
