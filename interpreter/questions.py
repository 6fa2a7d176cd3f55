"""What a rule may ask about moves other than the one being played: the conditions on a move's
result (``legal_if``, ``prefer_if``), and the questions about a player's moves (``can_move``,
``mobility``, ``can_capture``, ``attacked``). Each plays moves on the position and takes them
back: a move's pieces with what follows them on the board (effects, the stack limit, the board
history), never the end rules nor the turn's end. :class:`~spielwerk.game.Game` takes them in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, cast

from .compile.conditions import as_player
from .turns import generate

if TYPE_CHECKING:  # pragma: no cover
    from .blocks.base import Block
    from .compile import Rules
    from .moves import Move
    from .state import Position
    from .tables import Tables

__all__ = ["MoveQuestions"]


class MoveQuestions:
    """The questions about moves, for :class:`~spielwerk.game.Game` (see the module docstring)."""

    if TYPE_CHECKING:  # what the game gives them
        t: Tables
        rules: Rules
        blocks: list[Block]
        phases: list[Any]
        cond: Any
        #: how deep the questions about other moves are nested
        _asking: int

        def _effects(self, st: Any, move: Move, mover: int, captured: int) -> list[tuple[Any, Any]]: ...

        def board_hash(self, st: Any) -> int: ...

    def _legal_after(self, st: Position, moves: list[Move]) -> list[Move]:
        """The moves whose block's ``legal_if`` holds after them: each is played with what follows
        it on the board (the stack limit, the effects; not the end rules nor the turn's end) and
        taken back."""
        return self._holding_after(st, moves, self.rules.legal_if)

    def _preferred(self, st: Position, moves: list[Move]) -> list[Move]:
        """The moves whose block's ``prefer_if`` holds after them (a move of a block without one
        counts as preferred), where there are any; else every move. A list of preferences narrows
        the moves one preference after the other."""
        preferences = self.rules.prefer_if
        for level in range(max(len(conditions) for conditions in preferences.values())):
            checks = {i: conditions[level] for i, conditions in preferences.items() if len(conditions) > level}
            moves = self._holding_after(st, moves, checks) or moves
        return moves

    def _holding_after(self, st: Position, moves: list[Move], checks: dict[int, Callable[[Any], Any]]) -> list[Move]:
        """The moves after which their block's condition in ``checks`` holds (a move of a block
        without one: always)."""
        out = []
        self._asking += 1
        try:
            for move in moves:
                check = checks.get(move[0])
                if check is None:
                    out.append(move)
                    continue
                undo = self._play_pieces(st, move)
                if check(self.cond.ctx):
                    out.append(move)
                self._unplay_pieces(st, move, undo)
        finally:
            self._asking -= 1
        return out

    def _play_pieces(self, st: Position, move: Move) -> Any:
        """Play ``move`` with what follows it on the board (the stack limit, the effects, the board
        history), not the end rules nor the turn's end; the context is left as the effects read it."""
        mover = st.to_move
        block = self.blocks[move[0]]
        trim = self.rules.trim
        captured = st.captures[mover]
        info = block.apply(st, move)
        trimmed = trim.run(st, mover) if trim is not None else None
        changes = self._effects(st, move, mover, captured)
        if self.rules.track_boards:
            st.boards.append(self.board_hash(st))
        return info, trimmed, changes, mover

    def _unplay_pieces(self, st: Position, move: Move, undo: Any) -> None:
        info, trimmed, changes, mover = undo
        if self.rules.track_boards:
            st.boards.pop()
        for effect, changed in reversed(changes):
            effect.undo(st, changed)
        if trimmed:
            cast(Any, self.rules.trim).undo(st, mover, trimmed)
        self.blocks[move[0]].undo(st, move, info)

    def _moves_of(self, st: Position, player: int) -> list[Move]:
        """The moves ``player`` would have in ``st`` if it were his turn: the phase's rules (its
        ``when``s, compulsory captures) and each block's ``legal_if``; where a question is already
        being answered, the moves as the blocks give them (with compulsory captures, without
        ``when`` nor ``legal_if``), so that a condition never asks itself."""
        nested = self._asking > 0
        was = self._ask_as(st, player)
        try:
            out: list[Any] = []
            legal = self._legal_after if self.rules.legal_if and not nested else None
            generate(self.phases[st.phase], st, out, self.cond, whens=not nested, legal=legal)
            return out
        finally:
            self._done_asking(st, player, was)

    def _ask_as(self, st: Position, player: int) -> int:
        """Begin answering a question for ``player``: he is to move in ``st`` (the hash kept in
        step) and the questions are nested one deeper. Returns the player who was to move where
        that changed (else 0), for :meth:`_done_asking`, which puts both back."""
        self._asking += 1
        was = st.to_move
        if player == was:
            return 0
        st.to_move = player
        keys = self.t.turn_keys
        st.hash ^= keys[was] ^ keys[player]
        return was

    def _done_asking(self, st: Position, player: int, was: int) -> None:
        """End what :meth:`_ask_as` began."""
        self._asking -= 1
        if was:
            st.to_move = was
            keys = self.t.turn_keys
            st.hash ^= keys[was] ^ keys[player]

    def can_move(self, st: Position, player: int) -> bool:
        """Whether ``player`` would have a legal move (other than a pass) in ``st`` if it were his turn."""
        return bool(self._moves_of(st, as_player(player)))

    def mobility(self, st: Position, player: int) -> int:
        """How many moves (other than a pass) ``player`` would have in ``st`` if it were his turn."""
        return len(self._moves_of(st, as_player(player)))

    def can_capture(self, st: Position, player: int) -> bool:
        """Whether ``player`` would have a move in ``st`` that takes something of his opponents':
        after it (and its effects) they control fewer pieces (pieces in columns their pieces
        top), or ``player`` has captured more."""
        player = as_player(player)
        before, captured = self._others_control(st, player), st.captures[player]
        return any(self._after(st, player, move, lambda: self._others_control(st, player) < before
                               or st.captures[player] > captured)
                   for move in self._moves_of(st, player))

    def attacked(self, st: Position, square: int, player: int) -> bool:
        """Whether a move of ``player`` in ``st`` would take the piece on ``square`` (or cover it):
        a piece not his own, which after the move is no longer on top there."""
        player = as_player(player)
        stack = st.stacks[square]
        if square < 0 or not stack or self.t.code_owner[stack[-1]] == player:
            return False
        top, height = stack[-1], len(stack)
        landing = self._lands_only()
        blocks = self.blocks
        phase = self.phases[st.phase]
        if (not phase.compulsory and all(landing[b.index] for b in phase.blocks)
                and (self._asking > 0 or (phase.whens is None and not self.rules.legal_if))):
            return self._lands_on(st, phase.blocks, square, player, top)
        for move in self._moves_of(st, player):
            if landing[move[0]]:  # it changes its from and to squares alone: the square is taken
                if blocks[move[0]].to_square(move) == square:  # or covered where it lands
                    return True
            elif self._after(st, player, move, lambda: len(st.stacks[square]) != height
                             or st.stacks[square][-1] != top):
                return True
        return False

    def _lands_on(self, st: Position, blocks: list[Block], square: int, player: int, top: int) -> bool:
        """Whether a move of ``player``'s ends on ``square`` (where ``top`` stands), among moves that
        change their from and to squares alone, nothing compulsory among them and nothing asked of
        them but where they land: each block's moves are listed only where one of its pieces
        stands where a move of the block could come from (``Block.could_take``)."""
        was = self._ask_as(st, player)
        try:
            for block in blocks:
                sources = block.could_take(player, square, top)
                if sources == 0:
                    continue
                if sources is not None:
                    mine = block.pieces_on(st, player)
                    if mine is not None and not mine & sources:
                        continue
                out: list[Any] = []
                block.generate(st, out)
                if any(block.to_square(move) == square for move in out):
                    return True
            return False
        finally:
            self._done_asking(st, player, was)

    def _lands_only(self) -> list[bool]:
        """Per block: whether its moves change the board on their from and to squares alone, with
        nothing after them that could change another (no effects, no stack limit)."""
        try:
            return self._landing
        except AttributeError:
            rules = self.rules
            plain = not rules.effects and rules.trim is None
            self._landing: list[bool] = [plain and block.lands_only and i not in rules.block_effects
                                         for i, block in enumerate(self.blocks)]
            return self._landing

    def _after(self, st: Position, player: int, move: Move, holds: Callable[[], bool]) -> bool:
        """Whether ``holds()`` is true once ``move`` is played for ``player`` (taken back after)."""
        was = self._ask_as(st, player)
        try:
            undo = self._play_pieces(st, move)
            changed = holds()
            self._unplay_pieces(st, move, undo)
        finally:
            self._done_asking(st, player, was)
        return changed

    def _others_control(self, st: Position, player: int) -> int:
        """What the players other than ``player`` control (see :meth:`_controlled`)."""
        return sum(self._controlled(st, other) for other in self.t.player_numbers if other != player)

    def _controlled(self, st: Position, player: int) -> int:
        owner = self.t.code_owner
        return sum(len(s) for s in st.stacks if s and owner[s[-1]] == player)
