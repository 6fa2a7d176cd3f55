"""The pieces a position can hold at a given ply, worked out from the rules: what the readers of
position texts check a text against (see docs/reference/notation.md#what-a-position-text-may-hold).

A kind in a reserve comes from it: a player has at most the pieces his setup and the reserves
give him. A kind in no reserve has an unlimited supply, but each ply places at most one piece: by
ply ``n`` a player can have placed no more such pieces than he had turns to place them in, in the
phases whose ``place`` blocks give them (at most half the plies of a phase, rounded up, where the
players take turns; every ply for a neutral kind). Where the text gives no ply, the phases count
whole (a phase without end: no bound). The count by plies holds only where a ply brings at most
one such piece and none changes hands: a game with turns of several parts, extra turns, ``place``
blocks of several pieces, or effects that add pieces or turn them over (``fill``, ``outflank``)
is checked against its supply alone.

A game that starts with no pieces, has no reserves and places nothing is played from position
texts alone: its texts may hold any pieces.

Some pieces can never leave the board: a kind that no block takes off (nor turns into another),
no stack limit cuts, and no after-move effect removes. Where the game begins with phases made only
of placements (a fixed number of plies, any empty square, room on the board for every piece they
place), each of their plies placed one piece, so the pieces of those kinds cannot be fewer than
the plies that placed them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from .blocks.place import Place
from .blocks.sequence import Sequence
from .effects import Remove, RemoveDisconnected, RemoveGroups, SetCounters

if TYPE_CHECKING:  # pragma: no cover
    from .state import Position

__all__ = ["Material"]

#: no bound
UNBOUNDED = 1 << 62


@dataclass
class _Phase:
    start: int
    end: int
    #: per owner (1..n; 0 for neutral pieces): which plies of the phase place such pieces of an
    #: unlimited kind: 0 none, 1 one player's turns, 2 every ply
    places: tuple[int, ...]
    #: the kinds its plies must place, where every ply of it is a placement (else None)
    fills: frozenset[int] | None


class Material:
    """What a position at a ply may hold in the game ``game`` (see the module docstring)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        t = self.t = game.t
        unlimited = {k for k in range(len(t.kind_names)) if t.reserve_of_kind[k] < 0}
        phases: list[_Phase] | None = [] if self._one_piece_a_ply(game) else None
        start = 0
        alternate = not game._roll_again
        filling = True
        room = t.topology.size - sum(n for per_owner in t.start_counts for n in per_owner)
        for i, phase in enumerate(game.phases):
            if phases is None:
                break
            if phase.until is not None and i < len(game.phases) - 1:
                phases = None
                break
            end = t.phase_end[i] if i < len(game.phases) - 1 else UNBOUNDED
            mine = theirs = neutral = False
            for block in phase.blocks:
                if isinstance(block, Place) and set(block.kinds) & unlimited:
                    neutral |= block.neutral
                    theirs |= block.for_opponent and not block.neutral
                    mine |= not block.for_opponent and not block.neutral
            # a player places on his own turns (half the plies), or on every ply where he is also
            # given pieces on his opponent's turns, or where turns do not simply alternate
            each = 0 if not (mine or theirs) else 2 if (mine and theirs) or not alternate else 1
            places = (2 if neutral else 0, *([each] * t.num_players))
            filling = filling and end < UNBOUNDED and phase.whens is None and bool(phase.blocks) and all(
                isinstance(b, Place) and b.onto is None and b.apart is None and len(b.squares) == t.topology.size
                for b in phase.blocks)
            fills = None
            if filling:
                room -= end - start
                if room >= 0 and all(set(cast(Place, b).kinds) <= unlimited for b in phase.blocks):
                    fills = frozenset(k for b in phase.blocks for k in cast(Place, b).kinds)
            phases.append(_Phase(start, end, places, fills))
            start = end
        #: the ply each phase begins at, where phases end by plies (None: a phase ends by `until`, or
        #: a ply may bring in several pieces)
        self.phases = phases
        #: the kinds no rule takes off the board or turns into another
        self.staying = self._staying(game)
        #: a game with no pieces at the start, no reserves and nothing to place is played from
        #: position texts alone: they may hold any pieces
        self.from_texts = not any(n for per_owner in t.start_counts for n in per_owner) and \
            not any(t.reserve_counts) and not any(isinstance(b, Place) for b in game.blocks)

    @staticmethod
    def _effects(game: Any) -> list[Any]:
        """The effects after a move: the game's and each block's own."""
        effects = list(game.rules.effects)
        for before, after in game.rules.block_effects.values():
            effects += before + after
        return effects

    @classmethod
    def _one_piece_a_ply(cls, game: Any) -> bool:
        """Whether each ply brings at most one piece of an unlimited kind in, and no piece changes
        its owner: no turn of several parts nor another turn for the same player, every ``place``
        one piece, and no effect that adds pieces or turns them over."""
        if game.rules.again or any(isinstance(b, Sequence) for b in game.blocks):
            return False
        if any(isinstance(b, Place) and b.count != 1 for b in game.blocks):
            return False
        return all(isinstance(e, (Remove, RemoveDisconnected, RemoveGroups, SetCounters)) for e in cls._effects(game))

    @classmethod
    def _staying(cls, game: Any) -> frozenset[int]:
        kinds = set(range(len(game.t.kind_names)))
        if game.rules.trim is not None or any(b.takes_off() for b in game.blocks):
            return frozenset()
        for effect in cls._effects(game):
            if isinstance(effect, Remove):
                kinds -= set(effect.kinds)
            elif isinstance(effect, RemoveDisconnected):
                kinds &= set(effect.anchors)
            else:
                return frozenset()
        return frozenset(kinds)

    def _elapsed(self, phase: _Phase, ply: int | None) -> int:
        """Plies of ``phase`` played by ``ply`` (all of them where the ply is not known)."""
        last = phase.end if ply is None else min(ply, phase.end)
        return max(0, last - phase.start)

    def placed(self, owner: int, ply: int | None) -> int:
        """The most pieces of unlimited kinds ``owner`` (0: neutral ones) can have been given by
        ``ply`` (None: at any ply)."""
        if self.phases is None:
            return UNBOUNDED
        total = 0
        for phase in self.phases:
            how = phase.places[owner]
            if not how:
                continue
            n = self._elapsed(phase, ply)
            if n >= UNBOUNDED // 2:
                return UNBOUNDED
            players = self.t.num_players
            total += n if how == 2 else (n + players - 1) // players
        return total

    def problem(self, st: "Position", ply_known: bool) -> str | None:
        """Why ``st`` (read from a text) holds more or fewer pieces than the game can have at its
        ply, or None. The pieces of finite supply are checked by the reader itself."""
        t = self.t
        if self.from_texts:
            return None
        ply = st.ply if ply_known else None
        owner = t.code_owner
        unlimited = [t.reserve_of_kind[t.code_kind[pc]] < 0 for pc in range(t.num_codes)]
        counts = [0] * (t.num_players + 1)
        by_kind = [0] * len(t.kind_names)
        for s in st.stacks:
            for pc in s:
                by_kind[t.code_kind[pc]] += 1
                if unlimited[pc]:
                    counts[owner[pc]] += 1
        for who in range(t.num_players + 1):
            start = sum(n for k, n in enumerate(t.start_counts[who]) if t.reserve_of_kind[k] < 0)
            most = start + self.placed(who, ply)
            if counts[who] > most:
                when = f" by ply {ply}" if ply is not None else ""
                whose = "neutral pieces" if who == 0 else f"pieces of player {who}"
                return f"{counts[who]} {whose} on the board, but the game brings in at most {most}{when}"
        if ply is None or self.phases is None:
            return None
        for phase in self.phases:
            if phase.fills is None or not phase.fills <= self.staying:
                continue
            n = self._elapsed(phase, ply)
            have = sum(by_kind[k] for k in phase.fills)
            if have < n:
                names = ", ".join(t.kind_names[k] for k in sorted(phase.fills))
                return (f"{have} {names} on the board, but by ply {ply} the game has placed {n} and no rule "
                        f"takes one off")
        return None
