"""What happens after a move: the game file's ``after_move`` effects and the stack height limit.

Each effect changes the position through the ledger and returns what its ``undo`` needs:

- :class:`Remove`: every piece of some kinds leaves the board (on a region's squares, or where a
  condition holds);
- :class:`RemoveDisconnected`: every stack not linked to an anchor piece through a chain of
  occupied neighbouring squares leaves the board;
- :class:`Sweep`: from a square, along a path, the squares where a condition holds one after the
  other are emptied into a square or out of the game (a mancala's capture of a series of pits);
- :class:`Trim` (``board.stacking.max_height``): stacks are cut down to the limit from the bottom,
  the pieces going to their owner's reserve or out of the game.

Any effect may have a ``keep_if``: a condition on the position it left, where it fails the effect
is taken back at once (:func:`follow` runs a list of effects so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

from .ledger import add_captures, change_reserve, put, restack, set_counter, take_under
from .topology import flood

if TYPE_CHECKING:  # pragma: no cover
    from .compile.conditions import Conditions
    from .state import Position

__all__ = ["Bridge", "Effect", "Remove", "RemoveDisconnected", "SetCounters", "Trim", "Gather", "Fill", "Sweep", "follow"]

#: what an effect changed: (square, the stack there before) per square
Changes = list[tuple[int, list[int]]]


class Effect:
    """An after-move rule: when ``when`` holds after a move, :meth:`run` changes the position;
    where ``keep_if`` is set and does not hold on the result, the change is taken back."""

    #: a condition on the position the effect left (None: always kept)
    keep_if: Callable[[Any], Any] | None = None

    def __init__(self, when: Callable[[Any], Any] | None) -> None:
        self.when = when

    def run(self, st: "Position", cond: "Conditions") -> Any:  # pragma: no cover - each effect has one
        raise NotImplementedError

    def fired(self, changes: Any) -> bool:
        """Whether what :meth:`run` returned changed anything (a suffix marks such moves)."""
        return bool(changes)

    def undo(self, st: "Position", changes: Any) -> None:
        """Put back what :meth:`run` changed (by default: stacks, as (square, stack before))."""
        for sq, before in reversed(changes):
            restack(st, sq, before)


class Remove(Effect):
    """Every piece of ``kinds`` leaves the squares of ``where`` (a bitmask), or those where the
    condition ``where_if`` holds."""

    def __init__(self, when: Callable[[Any], Any] | None, kinds: list[int], where: int = -1,
                 where_if: Callable[[Any], Any] | None = None) -> None:
        super().__init__(when)
        self.kinds, self.where, self.where_if = kinds, where, where_if

    def run(self, st: "Position", cond: "Conditions") -> Changes:
        kinds, where_if = self.kinds, self.where_if
        mover = cond.ctx.mover
        gone = []
        kind_of = st.t.code_kind
        bits = st.occupied & self.where
        while bits:
            low = bits & -bits
            bits ^= low
            sq = low.bit_length() - 1
            stack = st.stacks[sq]
            if not any(kind_of[pc] in kinds for pc in stack):
                continue
            if where_if is not None and not where_if(cond.square_context(st, mover, cond.ctx.frm, cond.ctx.to, 0, sq)):
                continue
            gone.append((sq, list(stack)))
            restack(st, sq, [pc for pc in stack if kind_of[pc] not in kinds])
        return gone


def follow(effects: Iterable[Effect], st: "Position", cond: Any, mover: int,
           captured: int) -> list[tuple[Effect, Any]]:
    """Run ``effects`` in order after a move of ``mover`` (who had ``captured`` pieces before it),
    the context of ``cond`` (the game's conditions, as the engine or a block holds them) bound:
    each whose ``when`` holds runs, and is taken back where its ``keep_if`` fails on what it left.
    ``move_captures`` follows what they take. Returns (effect, what it changed) for each effect
    kept, for undo."""
    ctx = cond.ctx
    out = []
    for effect in effects:
        if effect.when is None or effect.when(ctx):
            flips, placed = ctx.move_flips, ctx.move_placed
            changes = effect.run(st, cond)
            ctx.move_captures = st.captures[mover] - captured
            keep = effect.keep_if
            if keep is not None and not keep(ctx):
                effect.undo(st, changes)
                ctx.move_captures = st.captures[mover] - captured
                ctx.move_flips, ctx.move_placed = flips, placed
                continue
            out.append((effect, changes))
    return out


class Gather(Effect):
    """Every piece on the squares ``sources`` name goes onto the square ``target`` names (seeds
    captured into a store): each is a function of the context giving a square (-1: none)."""

    def __init__(self, when: Callable[[Any], Any] | None, sources: list[Callable[[Any], Any]],
                 target: Callable[[Any], Any]) -> None:
        super().__init__(when)
        self.sources, self.target = sources, target

    def run(self, st: "Position", cond: "Conditions") -> Changes:
        ctx = cond.ctx
        size = len(st.stacks)
        to = self.target(ctx)
        squares = []
        for source in self.sources:
            sq = source(ctx)
            if isinstance(sq, int) and 0 <= sq < size and sq != to and sq not in squares:
                squares.append(sq)
        if not isinstance(to, int) or not 0 <= to < size:
            return []
        changed = [(sq, list(st.stacks[sq])) for sq in squares if st.stacks[sq]]
        if not changed:
            return []
        changed.append((to, list(st.stacks[to])))
        gathered = list(st.stacks[to])
        for sq, before in changed[:-1]:
            gathered += before
            restack(st, sq, [])
        restack(st, to, gathered)
        return changed


class Sweep(Effect):
    """From the square ``start`` gives, the squares one after the other along a path (``after[sq]``:
    the square after ``sq``, -1 off the path), as long as ``holds`` is true of each (read with
    ``square`` bound to it, on the position before any is emptied): their pieces go onto the square
    ``target`` gives, or out of the game, counted as the mover's captures (``target`` None). The
    walk ends where the condition first fails, at the target square, or where it comes round; a
    start off the path sweeps nothing."""

    def __init__(self, when: Callable[[Any], Any] | None, start: Callable[[Any], Any], after: list[int],
                 holds: Callable[[Any], Any], target: Callable[[Any], Any] | None) -> None:
        super().__init__(when)
        self.start, self.after, self.holds, self.target = start, after, holds, target

    def run(self, st: "Position", cond: "Conditions") -> tuple[int, int, Changes]:
        ctx = cond.ctx
        mover, frm, to = ctx.mover, ctx.frm, ctx.to
        after = self.after
        first = self.start(ctx)
        target = self.target(ctx) if self.target is not None else -1
        if self.target is not None and not (isinstance(target, int) and 0 <= target < len(after)):
            return mover, 0, []
        squares: list[int] = []
        if isinstance(first, int) and 0 <= first < len(after) and after[first] >= 0:
            sq = first
            while sq != target and self.holds(cond.square_context(st, mover, frm, to, 0, sq)):
                squares.append(sq)
                sq = after[sq]
                if sq == first:
                    break
            ctx.frm, ctx.to = frm, to
        changed: Changes = [(sq, list(st.stacks[sq])) for sq in squares if st.stacks[sq]]
        if not changed:
            return mover, 0, []
        taken = [pc for _, before in changed for pc in before]
        for sq, _ in changed:
            restack(st, sq, [])
        if self.target is None:
            add_captures(st, mover, len(taken))
            return mover, len(taken), changed
        changed.append((target, list(st.stacks[target])))
        restack(st, target, st.stacks[target] + taken)
        return mover, 0, changed

    def fired(self, changes: Any) -> bool:
        return bool(changes[2])

    def undo(self, st: "Position", changes: Any) -> None:
        mover, counted, changed = changes
        if counted:
            add_captures(st, mover, -counted)
        super().undo(st, changed)


class Fill(Effect):
    """A piece (``code``) goes on every empty square of ``region`` (a bitmask) where ``where_if``
    holds (``square`` is the square); ``code`` per player (index 1, 2: the mover's own) or one
    for both. Counted in ``move_placed``."""

    def __init__(self, when: Callable[[Any], Any] | None, codes: list[int], region: int,
                 where_if: Callable[[Any], Any] | None, points: list[Callable[[Any], Any]] | None = None) -> None:
        super().__init__(when)
        self.codes, self.region, self.where_if = codes, region, where_if
        #: where ``where_if`` is ``square == a or square == b ...`` with none of them reading
        #: ``square``: a, b, ... compiled, so the squares are read, not every square looked at
        self.points = points

    def run(self, st: "Position", cond: "Conditions") -> Changes:
        ctx = cond.ctx
        mover, frm, to = ctx.mover, ctx.frm, ctx.to
        code = self.codes[mover]
        where_if = self.where_if
        squares = []
        bits = self.region & ~st.occupied
        if self.points is not None:  # the squares the condition names, in the order a look would find them
            square_ctx = cond.square_context(st, mover, frm, to, 0)
            size = len(st.stacks)
            named = 0
            for point in self.points:
                v = point(square_ctx)
                if isinstance(v, float) and v.is_integer():
                    v = int(v)
                if isinstance(v, int) and 0 <= v < size:  # a square equal to it (True is 1, as in `==`)
                    named |= 1 << v
            bits &= named  # the condition itself still decides each (a part that fails makes it false)
        while bits:
            low = bits & -bits
            bits ^= low
            sq = low.bit_length() - 1
            if where_if is None or where_if(cond.square_context(st, mover, frm, to, 0, sq)):
                squares.append(sq)
        ctx.frm, ctx.to = frm, to
        for sq in squares:
            put(st, sq, [code])
        ctx.move_placed += len(squares)
        return [(sq, []) for sq in squares]


class Bridge(Effect):
    """After a piece is placed or moved to ``to``: a link (``codes[mover]``) goes on every empty
    bridge from ``to`` whose other end holds the mover's piece of the kinds (``ends[player]``: the
    codes) and which crosses no bridge already taken (``at``, ``crosses``: the board's tables).
    Counted in ``move_placed``."""

    def __init__(self, when: Callable[[Any], Any] | None, codes: list[int], ends: list[list[bool]],
                 at: list[list[tuple[int, int]]], crosses: list[int], first: int) -> None:
        super().__init__(when)
        self.codes, self.ends, self.at, self.crosses, self.first = codes, ends, at, crosses, first

    def run(self, st: "Position", cond: "Conditions") -> Changes:
        ctx = cond.ctx
        mover, to = ctx.mover, ctx.to
        if to is None or to < 0 or to >= len(self.at):
            return []
        code, mine, stacks = self.codes[mover], self.ends[mover], st.stacks
        crosses, first = self.crosses, self.first
        made: Changes = []
        for site, other in self.at[to]:
            s = stacks[other]
            if s and mine[s[-1]] and not stacks[site] and not crosses[site - first] & st.occupied:
                put(st, site, [code])
                made.append((site, []))
        ctx.move_placed += len(made)
        return made


class RemoveDisconnected(Effect):
    """Every stack not linked through occupied neighbours (``near[sq]``: the neighbours of ``sq``
    as a bitmask) to a stack holding a piece of the ``anchors`` kinds leaves the board."""

    def __init__(self, when: Callable[[Any], Any] | None, anchors: set[int], near: list[int]) -> None:
        super().__init__(when)
        self.anchors, self.near = anchors, near

    def run(self, st: "Position", cond: "Conditions") -> Changes:
        occupied = st.occupied
        stacks = st.stacks
        anchors = self.anchors
        linked = 0
        bits = occupied
        while bits:
            low = bits & -bits
            bits ^= low
            if any(st.t.code_kind[pc] in anchors for pc in stacks[low.bit_length() - 1]):
                linked |= low
        linked = flood(linked, occupied, self.near)
        gone = []
        loose = occupied & ~linked
        while loose:
            low = loose & -loose
            loose ^= low
            sq = low.bit_length() - 1
            gone.append((sq, list(stacks[sq])))
            restack(st, sq, [])
        return gone


class SetCounters(Effect):
    """Counters set after a move: for each, its slot (a function of the mover) and the function of
    the position that gives its new value. Every value is computed before any is set."""

    def __init__(self, when: Callable[[Any], Any] | None,
                 setters: list[tuple[Callable[[int], int], Callable[[Any], Any]]]) -> None:
        super().__init__(when)
        self.setters = setters

    def run(self, st: "Position", cond: "Conditions") -> list[tuple[int, int]]:
        ctx = cond.ctx
        mover = ctx.mover
        values = [(slot(mover), int(value(ctx))) for slot, value in self.setters]
        return [(slot, set_counter(st, slot, v)) for slot, v in values]

    def undo(self, st: "Position", changes: Any) -> None:
        for slot, old in reversed(changes):
            set_counter(st, slot, old)


class Trim:
    """``stacking.max_height``: after a move every stack is cut down to ``limit`` from the bottom;
    the mover's pieces go where ``own`` says, the others where ``others`` says (``reserve``: back
    to the owner's reserve; ``capture``: out of the game, counted for the mover)."""

    def __init__(self, limit: int, own: str, others: str) -> None:
        self.limit, self.own, self.others = limit, own, others

    def run(self, st: "Position", mover: int) -> Changes | None:
        limit = self.limit
        out = None
        for sq, stack in enumerate(st.stacks):
            if len(stack) > limit:
                gone = take_under(st, sq, len(stack) - limit)
                for pc in gone:
                    self._book(st, mover, pc, 1)
                if out is None:
                    out = []
                out.append((sq, gone))
        return out

    def undo(self, st: "Position", mover: int, trimmed: Changes) -> None:
        for sq, gone in reversed(trimmed):
            put(st, sq, gone, under=True)
            for pc in gone:
                self._book(st, mover, pc, -1)

    def _book(self, st: "Position", mover: int, pc: int, sign: int) -> None:
        """Book one piece cut from a stack (``sign`` 1) or put back (``sign`` -1)."""
        t = st.t
        owner = t.code_owner[pc]
        where = self.own if owner == mover else self.others
        if where == "reserve" and owner and t.reserve_of_kind[t.code_kind[pc]] >= 0:
            change_reserve(st, owner, t.reserve_of_kind[t.code_kind[pc]], sign)
        elif where == "capture":
            add_captures(st, mover, sign)


class Outflank(Effect):
    """From the square a move ends on, in each direction: a run of at least one enemy piece (at
    most ``most``; 0: any number) closed by a piece of the mover's changes hands (``flip``) or
    leaves the board, counted as captured. ``lines[sq]`` are the lines from ``sq`` to the edge."""

    def __init__(self, when: Callable[[Any], Any] | None, lines: list[list[tuple[int, ...]]], flip: bool,
                 most: int, kinds: list[bool]) -> None:
        super().__init__(when)
        self.lines, self.flip, self.most, self.kinds = lines, flip, most, kinds

    def run(self, st: "Position", cond: "Conditions") -> tuple[int, Changes]:
        ctx = cond.ctx
        sq, mover = ctx.to, ctx.mover
        changed: Changes = []
        if sq < 0:
            return mover, changed
        stacks = st.stacks
        owner = st.t.code_owner
        kinds, most = self.kinds, self.most
        for line in self.lines[sq]:
            run = 0
            for t in line:
                s = stacks[t]
                if not s:
                    break
                top = s[-1]
                if owner[top] == mover:
                    if run and (not most or run <= most):
                        changed += [self._take(st, t, mover) for t in line[:run]]
                    break
                if not owner[top] or not kinds[top]:  # a neutral piece, or one that does not turn
                    break
                run += 1
        if self.flip:
            ctx.move_flips += len(changed)
        return mover, changed

    def _take(self, st: "Position", sq: int, mover: int) -> tuple[int, list[int]]:
        before = list(st.stacks[sq])
        if self.flip:  # every piece of the run becomes the mover's
            restack(st, sq, [(pc & ~1) | (mover - 1) for pc in before])
        else:
            restack(st, sq, [])
            add_captures(st, mover, len(before))
        return sq, before

    def fired(self, changes: Any) -> bool:
        return bool(changes[1])

    def undo(self, st: "Position", changes: Any) -> None:
        mover, changed = changes
        if not self.flip:
            add_captures(st, mover, -sum(len(before) for _, before in changed))
        super().undo(st, changed)


class RemoveGroups(Effect):
    """Every group of pieces of the opponent's (``opponent``) or the mover's, of the ``kinds``,
    linked through neighbouring squares (``near[sq]``: the neighbours of ``sq`` as a bitmask), that
    touches no empty square leaves the board; the mover is counted as capturing the opponent's."""

    def __init__(self, when: Callable[[Any], Any] | None, near: list[int], opponent: bool, kinds: list[bool]) -> None:
        super().__init__(when)
        self.near, self.opponent, self.kinds = near, opponent, kinds

    def run(self, st: "Position", cond: "Conditions") -> tuple[int, Changes]:
        mover = cond.ctx.mover
        owner = st.t.code_owner
        kinds = self.kinds
        empty = st.t.topology.full_mask & ~st.occupied
        near = self.near
        gone: Changes = []
        # the groups of each opponent (a group is one player's), or the mover's own
        for who in st.t.player_numbers:
            if (who == mover) == self.opponent:
                continue
            mine = 0
            for code, bits in enumerate(st.tops):
                if owner[code] == who and kinds[code]:
                    mine |= bits
            left = mine
            while left:
                group = flood(left & -left, mine, near)
                left &= ~group
                if _around(group, near) & empty:
                    continue
                for sq in _squares(group):
                    gone.append((sq, list(st.stacks[sq])))
                    restack(st, sq, [])
        if self.opponent:
            add_captures(st, mover, sum(len(before) for _, before in gone))
        return mover, gone

    def fired(self, changes: Any) -> bool:
        return bool(changes[1])

    def undo(self, st: "Position", changes: Any) -> None:
        mover, gone = changes
        if self.opponent:
            add_captures(st, mover, -sum(len(before) for _, before in gone))
        super().undo(st, gone)


def _squares(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out


def _around(mask: int, near: list[int]) -> int:
    """The squares next to any square of ``mask``."""
    out = 0
    for sq in _squares(mask):
        out |= near[sq]
    return out
