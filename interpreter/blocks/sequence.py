"""A turn of several parts: a block whose entry in the game file has ``then``.

After a part (a move of one block), the turn goes on with a move of one of the blocks listed under
its ``then`` whose ``when`` holds in the position the part left (``from`` and ``to`` are the part's
squares, ``move_captures`` what it captured); where none has a move, or the entry says
``then_optional: true``, the turn may end there. Each part's own ``effects``, ``sets`` and
``legal_if`` follow it as they follow a move of their block; the game's ``after_move`` effects, the
end rules and the change of player follow the whole turn. The engine compiles such an entry into
this block, which lists the whole turns (a :class:`TurnMove` each) and plays them part by part.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from ..effects import SetCounters, follow
from ..moves import Move, field as move_field
from .base import Block, Compiling

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Position

__all__ = ["Sequence", "Part", "TurnMove"]


class TurnMove(Move):
    """A turn of several parts: the parts, each a move of its own block, in the order played."""

    __slots__ = ()
    fields = ("parts",)
    parts = move_field(1, "the parts, each a move of its own block, in order")


@dataclass
class Part:
    """One entry of a turn: its block, its ``when`` (None: always), what follows its moves (its
    effects, then the counters it sets), its ``legal_if``, and the entries that may come next."""

    block: Block
    when: Callable[[Any], Any] | None = None
    effects: list[Any] = field(default_factory=list)
    legal_if: Callable[[Any], Any] | None = None
    #: the player moves again after a turn in which this part was played, where it holds
    again: Callable[[Any], Any] | None = None
    then: list["Part"] = field(default_factory=list)
    #: the turn may end after this part even where a next part could be played
    optional: bool = False


class Sequence(Block):
    """The turns that begin with a move of ``first.block`` (see the module docstring)."""

    name = "then"
    multi_part = True
    action_doc = "(the parts of a turn are the actions of their own blocks)"

    def __init__(self, c: Compiling, index: int, first: Part, path: tuple[Any, ...]) -> None:
        super().__init__(c, index, {}, path)
        self.first = first
        #: the blocks of every part, by index (for playing a part and writing it)
        self.parts: dict[int, Part] = {}
        todo = [first]
        while todo:
            part = todo.pop()
            if part.block.index not in self.parts:
                self.parts[part.block.index] = part
                todo += part.then
        #: a part's `again` may give the mover another turn (read by the game after the turn)
        self.roll_again = any(part.again is not None for part in self.parts.values())

    def again(self, move: "Move") -> bool:
        """Whether the turn ``move`` gives its player another: the ``again`` of a part it played
        holds (read in the position after the turn)."""
        ctx = self.cond.ctx
        for part in move[1]:
            again = self.parts[part[0]].again
            if again is not None and again(ctx):
                return True
        return False

    # -- listing the turns ------------------------------------------------------------------------
    def generate(self, st: "Position", out: list[Any]) -> None:
        self._walk(st, [self.first], (), out)
        self.cond.ctx.last_to = -1

    def _walk(self, st: "Position", entries: list[Part], done: tuple[Any, ...], out: list[Any]) -> bool:
        """Append the turns that go on from ``done`` with a move of one of ``entries``; whether
        there was any."""
        ctx = self.cond.ctx
        mover = st.to_move
        found = False
        # the next parts' conditions read the position the last part left (``from``, ``to``)
        entries = [part for part in entries if part.when is None or not done or part.when(ctx)]
        before = (ctx.frm, ctx.to, ctx.last_to, ctx.move_captures, ctx.move_flips, ctx.move_placed)
        for part in entries:
            ctx.st, ctx.mover = st, mover
            ctx.frm, ctx.to, ctx.last_to, ctx.move_captures, ctx.move_flips, ctx.move_placed = before
            moves: list[Any] = []
            part.block.generate(st, moves)
            if part.legal_if is None and not part.then:
                # a last part whose result nothing reads: each of its moves ends a turn, unplayed
                if moves:
                    found = True
                    out.extend(TurnMove((self.index, done + (move,))) for move in moves)
                continue
            for move in moves:
                changes = self._play(st, part, move, mover)
                if part.legal_if is None or part.legal_if(ctx):
                    found = True
                    turn = done + (move,)
                    goes_on = part.then and self._walk(st, part.then, turn, out)
                    if not goes_on or part.optional:
                        out.append(TurnMove((self.index, turn)))
                self._unplay(st, part, move, changes)
        return found

    # -- playing ----------------------------------------------------------------------------------
    def _play(self, st: "Position", part: Part, move: Move, mover: int) -> Any:
        """Play one part with what follows it; leave the context as the next part reads it."""
        captured = st.captures[mover]
        block = part.block
        info = block.apply(st, move)
        ctx = self.cond.bind(st, mover)
        ctx.frm, ctx.to = block.from_square(move), block.to_square(move)
        ctx.last_to = ctx.to
        ctx.move_captures, ctx.move_flips, ctx.move_placed = st.captures[mover] - captured, 0, 0
        return info, follow(part.effects, st, self.cond, mover, captured)

    def _unplay(self, st: "Position", part: Part, move: Move, changes: Any) -> None:
        info, ran = changes
        for effect, changed in reversed(ran):
            effect.undo(st, changed)
        part.block.undo(st, move, info)

    def apply(self, st: "Position", move: "Move") -> Any:
        mover = st.to_move
        played = [self._play(st, self.parts[part[0]], part, mover) for part in move[1]]
        self.cond.ctx.last_to = -1
        return played

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        for part, changes in zip(reversed(move[1]), reversed(info)):
            self._unplay(st, self.parts[part[0]], part, changes)

    def fired(self, info: Any) -> bool:
        # the parts' effects, but not their counters (``sets``): a counter changes on most moves
        return any(effect.fired(changed) for _, ran in info for effect, changed in ran
                   if not isinstance(effect, SetCounters))

    def from_square(self, move: "Move") -> int:
        first = move[1][0]
        return self.parts[first[0]].block.from_square(first)

    def to_square(self, move: "Move") -> int:
        last = move[1][-1]
        return self.parts[last[0]].block.to_square(last)

    # -- the parts, for the texts and the action ids -----------------------------------------------
    def turn_parts(self, move: "Move") -> tuple[Any, ...]:
        """The parts of a turn, each a move of its own block."""
        return tuple(move[1])

    def next_entries(self, done: tuple[Any, ...]) -> list[Part]:
        """The entries that may give the part after the parts ``done`` (the first: ``first``)."""
        if not done:
            return [self.first]
        return self.parts[done[-1][0]].then

    def action_keys(self) -> list[Any]:
        return []

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        """(block index, key) for every action of every part, in order."""
        return tuple((part[0], key) for part in move[1] for key in self.parts[part[0]].block.action_parts(part))

    def partial_move(self, st: "Position", parts: tuple[Any, ...], move: "Move | None") -> Any:
        if move is None:
            return None
        keys = list(parts)
        played: list[Any] = []
        for part in move[1]:
            own = self.parts[part[0]].block.action_parts(part)
            if keys[:len(own)] != [(part[0], k) for k in own]:
                break
            played.append(part)
            keys = keys[len(own):]
        return TurnMove((self.index, tuple(played))) if played else None

    def part_text(self, st: "Position", key: Any) -> str:
        block, own = key
        return self.parts[block].block.part_text(st, own)

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:  # pragma: no cover - written part by part
        raise NotImplementedError("a turn of several parts is written part by part")

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":  # pragma: no cover
        raise NotImplementedError("a turn of several parts is read part by part")
