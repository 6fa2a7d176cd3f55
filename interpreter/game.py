"""A game: compiled rules (:mod:`spielwerk.compile`) and the play by them.

:class:`Game` keeps only play: the start position, the legal moves, applying and taking back a
move (with what follows it: effects, stack limits, the phases, the repetition rule, the end
rules), chance, the step view of a dice turn, and the texts of moves and positions. Everything it
plays by was compiled once: the tables (``game.t``, whose facts are readable on the game too:
``game.topology`` is ``game.t.topology``), the blocks, the phases, the conditions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable, cast

from .compile import Rules, compile_rules
from .dsl.errors import IllegalMoveError, InvalidMoveError, OptionError
from .dsl.spec import Spec
from .effects import SetCounters, follow
from .material import Material
from .moves import Move, RollMove
from .notation.moves import MoveNotation
from .notation.position import position_format
from .notation.writer import record_text
from .outcome import Outcome, evaluate_end
from .questions import MoveQuestions
from .ring import lend
from .state import Position
from .tables import TableFacts
from .turns import generate

if TYPE_CHECKING:  # pragma: no cover
    from .blocks.base import Block

__all__ = ["Game", "State", "Outcome"]


class Game(TableFacts, MoveQuestions):
    """The rules of one game with fixed option values. Build it with :func:`spielwerk.load`."""

    def __init__(self, spec: Spec, options: dict[str, Any] | None = None, *, fast_paths: bool = True,
                 move_limit: int | None = None) -> None:
        rules = compile_rules(spec, options, fast_paths=fast_paths)
        self.rules: Rules = rules
        self.spec = spec
        self.name = spec.name
        #: use the specialised move generators where a ``move`` has their shape (False: always the
        #: general one; the tests compare both)
        self.fast_paths = fast_paths
        self.options = rules.options
        self.t = t = rules.t
        self.title = t.title
        self.players = t.players
        #: problems of the game file found while playing (located messages)
        self.problems = rules.problems
        #: every block of the game (a move's first item is its index here)
        self.blocks: list[Block] = rules.blocks
        self.phases = rules.phases
        self.predicates = rules.predicates
        #: the names an expression reads without a position (options, tables, names)
        self.constants = rules.constants
        self.cond = rules.cond
        self.dice = rules.dice
        self.cube = rules.dice.cube if rules.dice is not None else None
        ending = rules.ending
        self.end_rules = ending.rules
        self.no_moves = ending.no_moves
        self.pass_move: Move | None = ending.pass_move
        self.repetition = ending.repetition
        #: the game file's ``evaluation`` terms (weight, value), for the agents that search
        self.evaluation = rules.evaluation
        #: how pictures of the board look (see spielwerk.svg)
        self.style: dict[str, Any] = dict(spec.data.get("style") or {})
        #: per player, the one who moves after him and the one who moved before him
        self._next = t.next_player
        self._last = [0, t.num_players, *range(1, t.num_players)]
        #: per phase: chance draws its moves (``chance: true``)
        self._chance_phases = [phase.chance for phase in self.phases]
        self._any_chance_phase = any(self._chance_phases)
        #: the blocks of the chance phases (their moves have chance ids in the learning interface)
        self.chance_blocks = frozenset(b.index for phase in self.phases if phase.chance for b in phase.blocks)
        #: the die is used up by the move that reads it (one die read by the moves), not by a track
        self._clear_dice = t.roll_index >= 0 and t.dice_count == 1
        #: a move may give its player another turn (a double's roll again)
        self._roll_again = any(b.roll_again for b in self.blocks) or bool(rules.again)
        #: per block index, the effects that follow its moves: the block's own, the game's, then the
        #: counters the block sets
        none: tuple[list[Any], list[Any]] = ([], [])
        self._chains = [(*before, *rules.effects, *after)
                        for before, after in (rules.block_effects.get(i, none) for i in range(len(self.blocks)))]
        #: apply() takes the plain path unless effects, repetition, phase hand-overs or stack limits
        #: need care
        self._plain = (not rules.effects and not rules.block_effects and not rules.again and not self.repetition
                       and not rules.track_boards
                       and rules.trim is None and not self._clear_dice and not self._roll_again
                       and t.num_players == 2
                       and all(p.first is None and p.until is None for p in self.phases))
        self.cond.can_move = self.can_move
        self.cond.can_capture = self.can_capture
        self.cond.mobility = self.mobility
        self.cond.attacked = self.attacked
        #: how deep the questions about other moves are nested (a question asked while a ``legal_if``
        #: is checked reads the moves as the blocks give them, so a condition never asks itself)
        self._asking = 0
        #: what a position may hold at a ply (built when a position text is first read)
        self._material: Material | None = None
        notation = spec.data.get("notation", {})
        self.notation = MoveNotation(self, notation)
        self.position = position_format(self, notation.get("position"))
        problem = getattr(self.position, "problem", lambda: None)()
        if problem is not None:
            raise spec.error(*problem)
        if move_limit is not None:  # a caller's own bound (the web app's), instead of the file's
            if isinstance(move_limit, bool) or not isinstance(move_limit, int) or move_limit < 1:
                raise OptionError(f"move_limit: a whole number of at least 1, not {move_limit!r}")
            t.move_limit = move_limit
        #: the bound given to the constructor (None: the game file's), kept when pickled
        self._own_limit = move_limit
        #: the most legal moves one position may have (``limits.moves``, or the caller's bound)
        self.move_limit = t.move_limit
        t.freeze()

    @property
    def primitives(self) -> list["Block"]:
        """Deprecated name of :attr:`blocks`."""
        return self.blocks

    # -- the start ------------------------------------------------------------------------------------
    def initial(self) -> State:
        """The start position."""
        st = State(self)
        self._setup(st)
        st.to_move = self.phases[0].first or 1
        st.hash = self.rehash(st)
        if self.repetition:
            st.seen = {st.hash: 1}
        if self.rules.track_boards:
            st.boards = [self.board_hash(st)]
        return st

    def board_hash(self, st: State) -> int:
        """The hash of the pieces on the board alone (not who is to move, nor any counter)."""
        t = self.t
        return st.hash ^ t.phase_keys[st.phase] ^ t.turn_keys[st.to_move] ^ self._off_board_keys(st)

    def _off_board_keys(self, st: State) -> int:
        """The part of the hash that is not the board, the side to move nor the phase: the dice,
        the tallies and scores, captures and reserves where hashed, the cube, the counters."""
        t = self.t
        h = 0
        if st.dice is not None:
            h ^= t.dice_keys[st.dice]
        for i, v in enumerate(st.tally):
            h ^= t.tally_key(i, v)
        for p in t.player_numbers:
            h ^= t.score_key(p, st.score[p])
            if t.hash_captures:
                h ^= t.captures_key(p, st.captures[p])
            if t.hash_reserves:
                for r, n in enumerate(st.reserves[p]):
                    h ^= t.reserve_key(p, r, n)
        if self.cube is not None:
            h ^= t.cube_key((st.cube_value, st.cube_owner, st.cube_step))
        for slot, value in enumerate(st.counters):
            h ^= t.counter_key(slot, value)
        return h

    def _setup(self, st: State) -> None:
        """Put the pieces of the game file's ``setup`` on the board."""
        oriented = self.t.oriented
        for sq, code, count, orient in self.rules.setup:
            st.stacks[sq].extend([code] * count)
            if oriented[self.t.code_kind[code]]:
                st.orient[sq] = orient
        for sq, s in enumerate(st.stacks):
            if s:
                st.occupied |= 1 << sq
                st.tops[s[-1]] |= 1 << sq

    def next_game(self, st: State, *, carry_over: bool = False) -> State:
        """The start of the next game of a series (``scoring.series``) after the game ``st`` ended.

        A new game starts from the initial position, and points above the target lapse. With
        ``carry_over`` (the winner's choice, where the series allows it) the next game goes on
        from the position reached: the winner keeps his points above the target, the loser starts
        from none, and the opening roll decides who starts.
        """
        series = self.rules.series
        if series is None:
            raise OptionError(f"{self.name} is not played in series (it has no scoring.series)")
        if st.result is None or st.result.winner is None:
            raise IllegalMoveError("the next game of a series starts once this one is won")
        if not carry_over:
            return self.initial()
        if not series.carry_over:
            raise OptionError(f"this {self.name} series starts every game afresh (carry_over is off)")
        nxt = self.state_from_board(st.stacks, 0, 1)
        winner = st.result.winner
        nxt.score[winner] = max(0, st.score[winner] - (self.t.score_target or 0))
        nxt.hash = self.rehash(nxt)
        return nxt

    @property
    def series_games(self) -> int | None:
        """How many games a series has (``scoring.series.games``), or None."""
        series = self.rules.series
        return series.games if series is not None else None

    # -- chance ---------------------------------------------------------------------------------------
    def is_chance(self, st: State) -> bool:
        """Whether chance moves now: the dice must be rolled, or the phase is a chance phase (and
        the game goes on)."""
        if self._any_chance_phase and self._chance_phases[st.phase]:
            return st.result is None and bool(self._drawn(st))
        return self.dice is not None and self.dice.is_chance(st)

    def chance_outcomes(self, st: State) -> list[tuple[Move, Fraction]]:
        """The possible rolls with exact probabilities; an opening roll also decides who starts:
        each player rolls one die, ties are rolled again, the higher plays both numbers. In a
        chance phase, its legal moves, each as likely."""
        if self._any_chance_phase and self._chance_phases[st.phase]:
            return self._drawn(st) if st.result is None else []
        if self.dice is None or not self.dice.is_chance(st):
            return []
        return cast("list[tuple[Move, Fraction]]", self.dice.outcomes(st))

    def _drawn(self, st: State) -> list[tuple[Move, Fraction]]:
        """A chance phase's moves with their probabilities: each as likely, or as its block's
        ``weight`` says (a move weighing 0 or less is never drawn)."""
        moves = self._moves(st)
        weights = self.phases[st.phase].weights
        if weights is None:
            return [(move, Fraction(1, len(moves))) for move in moves]
        ctx = self.cond.bind(st, st.to_move)
        weighed = []
        for move in moves:
            weight = weights.get(move[0])
            if weight is None:
                w = 1
            else:
                block = self.blocks[move[0]]
                ctx.frm, ctx.to = block.from_square(move), block.to_square(move)
                got = weight(ctx)
                w = got if isinstance(got, int) and not isinstance(got, bool) else 0
            if w > 0:
                weighed.append((move, w))
        total = sum(w for _, w in weighed)
        return [(move, Fraction(w, total)) for move, w in weighed]

    def roll(self, a: int, b: int = 0) -> RollMove:
        """The chance move for the roll ``a``-``b`` (the higher first), or of one die ``a``."""
        if self.dice is None:
            raise InvalidMoveError(f"{self.name} has no dice")
        return self.dice.roll(a, b)

    # -- moves ----------------------------------------------------------------------------------------
    def legal_moves(self, st: State) -> list[Move]:
        """Every legal move in ``st``: empty once the game is over, and where the dice must be
        rolled; in a chance phase, the moves chance draws from."""
        if st.result is not None:
            return []
        known = st.known
        if known is not None:  # listed by ``outcome`` for this very position: hand them over once
            st.known = None
            return known
        if self._any_chance_phase and self._chance_phases[st.phase] and self.phases[st.phase].weights:
            return [move for move, _ in self._drawn(st)]  # a move that weighs nothing is never drawn
        return self._moves(st)

    def _moves(self, st: State) -> list[Move]:
        """:meth:`legal_moves` of a game going on."""
        drawn = self._any_chance_phase and self._chance_phases[st.phase]  # a chance phase rolls no dice
        if st.dice is None and self.t.roll_index >= 0 and not drawn:
            if self.cube is not None and not self.is_chance(st):
                out: list[Move] = []
                self.cube.generate(st, out)
                return out
            return []
        out = []
        phase = self.phases[st.phase]
        if self.rules.legal_if:
            generate(phase, st, out, self.cond, legal=self._legal_after)
        elif phase.plain:
            for block in phase.blocks:
                block.generate(st, out)
        else:
            generate(phase, st, out, self.cond)
        if self.rules.prefer_if and out:
            out = self._preferred(st, out)
        if not out and self.pass_move is not None:
            out.append(self.pass_move)
        if len(out) > self.move_limit:
            raise self._too_many(out)
        return out

    def _too_many(self, moves: list[Move]) -> Exception:
        """The error of a position with more legal moves than the bound, located at the block that
        made the most of them."""
        counts: dict[int, int] = {}
        for move in moves:
            counts[move[0]] = counts.get(move[0], 0) + 1
        return self.blocks[max(counts, key=lambda i: counts[i])].too_many()

    def why_not(self, st: State, block: "Block", move: "Move") -> str:
        """Why ``move`` of ``block`` is not legal in ``st``: the block's own reason, or the phase's
        rule that set it aside (its `when`, a compulsory capture, the preferred captures)."""
        phase = self.phases[st.phase]
        if move == self.pass_move:
            return "a player may pass only when he has no other move"
        if block not in phase.blocks:
            return f"not a move of the phase {phase.name!r}"
        own: list[Any] = []
        block.generate(st, own)
        if move not in own:
            return block.explain(st, move)
        i = phase.blocks.index(block)
        when = phase.whens[i] if phase.whens is not None else None
        if when is not None and not when(self.cond.bind(st, st.to_move)):
            return f"this kind of move is allowed only when {block.params['when']}"
        if move[0] in self.rules.legal_if and not self._legal_after(st, [move]):
            return f"the move is legal only where {block.params['legal_if']} after it, and it is not"
        if phase.compulsory and block not in phase.compulsory:
            return "capturing is compulsory: a capture must be played"
        reasons = {"most": "a capture taking more pieces", "value": "a capture taking more value",
                   "capturer": "a capture by a more valuable piece"}
        if phase.prefer and phase.compulsory and block in phase.compulsory:
            return " or ".join(reasons[c] for c in phase.prefer) + " is compulsory"
        if self.rules.prefer_if:
            return "another move is preferred (`prefer_if`)"
        return "it is not among the legal moves here"

    # -- the step view: a turn of the dice one number at a time ----------------------------------------
    def _stepper(self, st: State) -> Any:
        """The block that makes the turn in ``st`` step by step, or None (a turn is one move)."""
        if st.result is not None or st.dice is None:
            return None
        phase = self.phases[st.phase]
        blocks = phase.blocks
        if len(blocks) != 1 or not phase.plain or not blocks[0].stepwise:
            return None
        if blocks[0].index in self.rules.prefer_if or blocks[0].index in self.rules.legal_if:
            return None  # the steps know nothing of a condition on the turn's result: list the turns
        return blocks[0]

    def stepwise(self, st: State) -> bool:
        """Whether the turn to play in ``st`` is made of steps in the step view (a dice turn)."""
        return self._stepper(st) is not None

    def step_block(self, st: State) -> Any:
        """The block whose step view makes the turn in ``st`` (a dice turn), or None: its
        ``step_choices(st, done)`` and ``step_move(st, steps)`` are :meth:`turn_steps` and
        :meth:`turn_move` without looking for the block at every step (``steps`` holds no STOP)."""
        return self._stepper(st)

    def turn_steps(self, st: State, done: Any = ()) -> list[Any]:
        """The step view of the turn to play in ``st``: the next choices after the choices
        ``done``, empty once the turn is complete (then :meth:`turn_move` gives it).

        In a dice turn a choice is one step, a (from square, to square) pair for one number of the
        dice, or ``None`` (:data:`~spielwerk.blocks.track.STOP`) to end the turn where going on
        is optional. In any other position the choices are the legal moves, and one makes the turn.
        Every sequence of choices ends in a legal turn, and every legal turn's result is reached.
        """
        block = self._stepper(st)
        if block is None:
            return [] if done else self.legal_moves(st)
        return cast(list[Any], block.step_choices(st, done))

    def turn_move(self, st: State, done: Any) -> Move:
        """The move made of the choices ``done`` (see :meth:`turn_steps`)."""
        block = self._stepper(st)
        if block is None:
            if len(done) != 1:
                raise InvalidMoveError("outside a dice turn one choice, a legal move, makes the turn")
            return cast("Move", done[0])
        return cast("Move", block.step_move(st, tuple(choice for choice in done if choice is not None)))

    def turn_so_far(self, st: State, done: Any) -> State:
        """A copy of ``st`` with the steps ``done`` of the turn in progress played, for showing
        (the player and his dice stay as they were; the copy is not for playing on)."""
        block = self._stepper(st)
        view = st.copy()
        steps = tuple(choice for choice in done if choice is not None)
        if block is None or not steps:
            return view
        dice, cube_step = view.dice, view.cube_step
        block.apply(view, block.partial_move(view, steps, None))
        view.dice, view.cube_step = dice, cube_step
        view.stack = []  # its moves cannot be taken back on the board changed
        return view

    # -- what a player reads: labels, counts, who rolls ------------------------------------------------
    def square_label(self, player: int, sq: int) -> str:
        """Square ``sq`` as ``player``'s move texts name it: a block that writes squares in the
        player's own numbers says so (``square_label``); otherwise the board's name."""
        for block in self.blocks:
            label = getattr(block, "square_label", None)
            if label is not None:
                return str(label(player, sq))
        return str(self.topology.name(sq))

    def own_labels(self) -> bool:
        """Whether some square's label depends on the player reading it (see :meth:`square_label`)."""
        size = self.topology.size
        return any(self.square_label(1, sq) != self.square_label(2, sq) for sq in range(size))

    def counts(self, st: State) -> dict[str, list[int]]:
        """Counts a player keeps in his head, per player (index 0 the first): ``pips``, the
        numbers still to run, for a game whose blocks count them."""
        out: dict[str, list[int]] = {}
        for block in self.blocks:
            pips = getattr(block, "pips", None)
            if pips is not None:
                out["pips"] = [int(pips(st, p)) for p in self.t.player_numbers]
        return out

    def on_roll(self, st: State) -> int | None:
        """The player the dice due now are rolled for, or None where the roll itself decides who
        starts (an opening roll); outside a roll, the player to move."""
        if not self.is_chance(st):
            return st.to_move
        players = set()
        for roll, _ in self.chance_outcomes(st):
            info = self.apply(st, roll)
            players.add(st.to_move)
            self.undo(st, roll, info)
            if len(players) > 1:
                return None
        return players.pop() if players else st.to_move

    # -- playing a move -----------------------------------------------------------------------------
    def apply(self, st: State, move: "Move") -> Any:
        """Play ``move`` on ``st`` in place; return what :meth:`undo` needs. The move is not checked."""
        t = self.t
        st.known = None
        if move[0] == t.roll_index or move[0] == t.cube_index:  # chance and the cube: not plies
            return self.blocks[move[0]].apply(st, move)
        if not self._plain:
            return self._apply_full(st, move)
        info = self.blocks[move[0]].apply(st, move)
        undo = (info, st.phase, st.result)
        st.ply += 1
        mover = st.to_move
        st.to_move = mover ^ 3
        h = st.hash ^ t.side_key
        if st.ply >= t.phase_end[st.phase]:
            h ^= t.phase_keys[st.phase]
            st.phase += 1
            h ^= t.phase_keys[st.phase]
        st.hash = h
        st.result = self.evaluate_end(st, mover)
        return undo

    def _apply_full(self, st: State, move: "Move") -> Any:
        """``apply`` for games with after-move effects, repetition, stack limits or phases that end
        by a condition or set the first player."""
        t, rules = self.t, self.rules
        block = self.blocks[move[0]]
        mover = st.to_move
        captured = st.captures[mover]
        info = block.apply(st, move)
        trimmed = rules.trim.run(st, mover) if rules.trim is not None else None
        undo_effects = self._effects(st, move, mover, captured)
        undo = [info, st.phase, st.result, mover, undo_effects, trimmed, None]
        st.ply += 1
        again = self.rules.again.get(move[0])
        # a double (the same player rolls again), or the block's own rule (which reads the die used)
        to_move = mover if block.again(move) or (again is not None and again(self.cond.ctx)) else self._next[mover]
        dice = st.dice if self._clear_dice else None
        if dice is not None:  # the die is used up
            st.hash ^= t.dice_keys[dice]
            st.dice = None
            undo[6] = dice
        h = st.hash
        phase = self.phases[st.phase]
        if st.ply >= t.phase_end[st.phase] or (phase.until is not None and phase.until(self.cond.bind(st, mover))):
            h ^= t.phase_keys[st.phase]
            st.phase += 1
            h ^= t.phase_keys[st.phase]
            first = self.phases[st.phase].first
            if first is not None:
                to_move = first
        if to_move != mover:
            h ^= t.turn_keys[mover] ^ t.turn_keys[to_move]
        st.to_move = to_move
        st.hash = h
        if rules.track_boards:
            st.boards.append(self.board_hash(st))
        st.result = self.evaluate_end(st, mover)
        if self.repetition:
            count = st.seen.get(h, 0) + 1
            st.seen[h] = count
            if count >= self.repetition and st.result is None:
                st.result = cast(Any, rules.ending.repetition_rule).decide(self.cond.bind(st, mover))
        return undo

    def _effects(self, st: State, move: Move, mover: int, captured: int) -> list[tuple[Any, Any]]:
        """Run what follows a move: the block's own effects, the game's, then the block's ``sets``,
        each where its condition holds (and kept where its ``keep_if`` holds); a pass changes
        nothing, so it sets no effect off. Returns (effect, what it changed) for undo."""
        if move == self.pass_move:
            return []
        ctx = self.cond.bind(st, mover)
        block = self.blocks[move[0]]
        ctx.frm, ctx.to = block.from_square(move), block.to_square(move)
        ctx.move_captures, ctx.move_flips, ctx.move_placed = st.captures[mover] - captured, 0, 0
        chain = self._chains[move[0]]
        return follow(chain, st, self.cond, mover, captured) if chain else []

    def fired_effects(self, move: "Move", undo: Any) -> bool:
        """Whether ``move``, whose :meth:`apply` answered ``undo``, made an after-move rule fire (the
        game's, its block's, or one of a turn's parts)."""
        if move[0] == self.t.roll_index or move[0] == self.t.cube_index:
            return False
        if self.blocks[move[0]].fired(undo[0]):
            return True
        return not self._plain and any(effect.fired(changes) for effect, changes in undo[4]
                                       if not isinstance(effect, SetCounters))

    def undo(self, st: State, move: "Move", undo: Any) -> None:
        """Take back ``move``, given what :meth:`apply` returned."""
        t = self.t
        st.known = None
        if move[0] == t.roll_index or move[0] == t.cube_index:
            self.blocks[move[0]].undo(st, move, undo)
            return
        if not self._plain:
            self._undo_full(st, move, undo)
            return
        info, phase, result = undo
        h = st.hash ^ t.side_key
        if phase != st.phase:
            h ^= t.phase_keys[st.phase] ^ t.phase_keys[phase]
            st.phase = phase
        st.hash = h
        st.ply -= 1
        st.to_move ^= 3
        st.result = result
        self.blocks[move[0]].undo(st, move, info)

    def _undo_full(self, st: State, move: "Move", undo: Any) -> None:
        t, rules = self.t, self.rules
        info, phase, result, mover, undo_effects, trimmed, dice = undo
        if rules.track_boards:
            st.boards.pop()
        h = st.hash
        if dice is not None:
            h ^= t.dice_keys[dice]
            st.dice = dice
        if self.repetition:
            count = st.seen[h] - 1
            if count:
                st.seen[h] = count
            else:
                del st.seen[h]
        if st.to_move != mover:
            h ^= t.turn_keys[st.to_move] ^ t.turn_keys[mover]
        if phase != st.phase:
            h ^= t.phase_keys[st.phase] ^ t.phase_keys[phase]
            st.phase = phase
        st.hash = h
        for effect, changes in reversed(undo_effects):
            effect.undo(st, changes)
        if trimmed:
            cast(Any, rules.trim).undo(st, mover, trimmed)
        st.ply -= 1
        st.to_move = mover
        st.result = result
        self.blocks[move[0]].undo(st, move, info)

    # -- the end --------------------------------------------------------------------------------------
    def evaluate_end(self, st: State, mover: int | None = None) -> Outcome | None:
        """The end rules, checked after a move by ``mover`` (default: the player not to move)."""
        return evaluate_end(self.end_rules, self.cond.bind(st, self._last[st.to_move] if mover is None else mover))

    def outcome(self, st: State) -> Outcome | None:
        """How the game in ``st`` ended, or None; a player with no legal move ends it by ``no_moves``."""
        if st.result is not None:
            return st.result
        if self.is_chance(st):
            return None
        if self.no_moves != "pass" and not self._listed(st):
            rule = cast(Any, self.rules.ending.no_moves_rule)
            ctx = self.cond.ctx
            if self.no_moves == "lose":
                return cast(Outcome, rule.outcome(ctx, self._next[st.to_move], None))
            return cast(Outcome, rule.outcome(ctx, None, None))
        return None

    def _listed(self, st: State) -> list[Move]:
        """The legal moves, kept on ``st`` for the :meth:`legal_moves` that usually follows."""
        moves = self.legal_moves(st)
        st.known = moves
        return moves

    def read_result(self, st: State) -> Outcome | None:
        """The end rules for a position read from a text, where the last mover is not known: the
        player not to move, or, where a move may give its player another turn, the one to move."""
        result = self.evaluate_end(st)
        if result is None and self._roll_again:
            result = self.evaluate_end(st, st.to_move)
        return result

    def evaluate(self, st: State, player: int) -> float:
        """The game file's ``evaluation`` of ``st`` for ``player``: the sum over its terms of weight
        x (the term for him - the term for his opponent); 0 in a game without one."""
        ctx = self.cond.ctx
        ctx.st = st
        total = 0.0
        for weight, value in self.evaluation:
            ctx.player = ctx.mover = player
            mine = value(ctx)
            best = None  # the best of the others' (the opponent's, with two players)
            for other in self.t.player_numbers:
                if other != player:
                    ctx.player = ctx.mover = other
                    theirs = value(ctx)
                    best = theirs if best is None or theirs > best else best
            total += weight * (mine - cast(float, best))
        return total

    def perft(self, st: State, depth: int) -> int:
        """Leaf count of the move tree to ``depth`` (finished games count only at depth 0)."""
        if depth == 0:
            return 1
        if self.is_chance(st):  # every roll, every draw of a chance phase, expanded once
            total = 0
            for roll, _ in self.chance_outcomes(st):
                info = self.apply(st, roll)
                total += self.perft(st, depth)
                self.undo(st, roll, info)
            return total
        moves = self.legal_moves(st)
        if depth == 1:
            return len(moves)
        total = 0
        apply, undo, perft = self.apply, self.undo, self.perft
        for m in moves:
            info = apply(st, m)
            total += perft(st, depth - 1)
            undo(st, m, info)
        return total

    # -- texts ----------------------------------------------------------------------------------------
    def format_move(self, st: State, move: "Move", suffixes: bool = True) -> str:
        """``move`` in the game's notation, written canonically (with fact suffixes such as a job
        done, unless ``suffixes`` is false)."""
        return self.notation.format(st, move, suffixes)

    def parse_move(self, st: State, text: str, annotations: tuple[str, ...] = ()) -> tuple[Any, ...]:
        """The legal move ``text`` names in ``st``; raises Invalid/Illegal/AmbiguousMoveError.

        ``annotations`` written apart from the move (``xx`` after a space) are checked like suffixes.
        """
        return self.notation.parse(st, text, annotations)

    def record(self, st: State, tags: dict[str, str] | None = None) -> str:
        """The game played in ``st`` so far as a record (see :meth:`State.record`)."""
        over = None if self.is_chance(st) else self.outcome(st)
        return record_text(self, [move for move, _ in st.stack], over, st.root(), tags)

    def position_text(self, st: State) -> str:
        return self.position.format(st)

    def parse_position(self, text: str) -> State:
        """A state from position text (raises InvalidPositionError)."""
        return cast(State, self.position.parse(text))

    def render(self, st: State) -> str:
        """A picture of the board for a terminal."""
        return self.position.render(st)

    def position_problem(self, st: State, ply_known: bool | None = None) -> str | None:
        """Why ``st`` (read from a text) cannot arise in this game, or None: more or fewer pieces
        than the game can have at its ply (:mod:`spielwerk.material`; ``ply_known``: the text gave
        the ply, by default where the game's position text writes one), and each block may refuse
        a layout it cannot play (a track its points and places)."""
        if self._material is None:
            self._material = Material(self)
        if ply_known is None:
            ply_known = bool(getattr(self.position, "gives_ply", True))
        problem = self._material.problem(st, ply_known)
        if problem:
            return problem
        for block in self.blocks:
            problem = block.position_problem(st)
            if problem:
                return problem
        return None

    # -- positions from parts -----------------------------------------------------------------------
    def rehash(self, st: State) -> int:
        """The hash of ``st`` computed from scratch (incremental updates must agree with it)."""
        t = self.t
        h = 0
        zs, nc = t.zobrist_stride, t.num_codes
        for sq, stack in enumerate(st.stacks):
            for height, pc in enumerate(stack):
                h ^= t.zobrist[(sq * zs + height) * nc + pc]
            if stack and t.oriented[t.code_kind[stack[-1]]]:
                h ^= t.orient_keys[sq * 64 + st.orient[sq]]
        return h ^ t.turn_keys[st.to_move] ^ self._off_board_keys(st) ^ t.phase_keys[st.phase]

    def state_from_board(self, stacks: Iterable[Iterable[int]], ply: int, to_move: int,
                         orient: list[int] | None = None) -> State:
        """A state with the given stacks; reserves are what the pieces on the board leave."""
        t = self.t
        st = State(self)
        st.stacks = [list(s) for s in stacks]
        if orient is not None:
            st.orient = list(orient)
        st.ply = ply
        st.to_move = to_move
        for sq, s in enumerate(st.stacks):
            if s:
                st.occupied |= 1 << sq
                st.tops[s[-1]] ^= 1 << sq
            for pc in s:
                r = t.reserve_of_kind[t.code_kind[pc]]
                if r >= 0 and t.code_owner[pc]:
                    st.reserves[t.code_owner[pc]][r] -= 1
        for p in t.player_numbers:  # the pieces the setup puts on the board come on top of the reserves
            for kind, n in enumerate(t.start_counts[p]):
                r = t.reserve_of_kind[kind]
                if r >= 0:
                    st.reserves[p][r] += n
        if t.opening is not None and t.opening.get("starter_plays") == "fresh_roll" \
                and (ply > 0 or to_move != (self.phases[0].first or 1)):
            # an opening that only decides who starts has been rolled: past the first move, or with
            # the second player to move (at ply 0 with the first player to move, a text is read as
            # the position before the opening roll)
            st.tally[0] = 1
        phase = 0
        while phase < len(self.phases) - 1 and (ply >= t.phase_end[phase] or (
                self.phases[phase].until is not None
                and cast(Any, self.phases[phase].until)(self.cond.bind(st, self._last[to_move])))):
            phase += 1
        st.phase = phase
        st.hash = self.rehash(st)
        if self.repetition:
            st.seen = {st.hash: 1}
        if self.rules.track_boards:
            st.boards = [self.board_hash(st)]
        if ply > 0:
            st.result = self.read_result(st)
        return st

    # -- action ids (lent by the learning interface, :mod:`spielwerk.learning.actions`) -------------
    @property
    def action_space(self) -> Any:
        """The game's fixed action ids, block by block (:class:`spielwerk.learning.actions.ActionSpace`)."""
        return lend("actions").space_of(self)

    @property
    def num_actions(self) -> int:
        """How many decision ids the game has: every legal action is one of ``range(num_actions)``."""
        return int(self.action_space.size)

    @property
    def num_chance_outcomes(self) -> int:
        """How many chance ids (rolls) the game has; 0 without dice."""
        return len(self.action_space.chance)

    def move_to_action(self, move: Move) -> int:
        """The id of a move made by one action, of a roll (its chance id), or of a step or hop
        chosen in a turn of several parts given as ``(block index, key)``. A move of several
        parts raises ValueError: see :meth:`move_to_actions`."""
        ids = self.action_space.move_ids(move)
        if len(ids) != 1:
            raise ValueError(f"{move!r} takes {len(ids)} actions: use move_to_actions(state, move)")
        return int(ids[0])

    def move_to_actions(self, st: State, move: Move) -> list[int]:
        """The actions that play ``move`` (legal in ``st``) from ``st``, in order."""
        return cast(list[int], lend("actions").move_to_actions(st, move))

    def action_to_move(self, st: State, action: int) -> Any:
        """The legal move the action ``action`` makes in ``st``; for a part of a move of several
        parts, that part (a step, a hop, or None for stop); at a chance node, the roll."""
        return lend("actions").action_to_move(st, action)

    # -- pickling -----------------------------------------------------------------------------------
    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles as its spec and option values, and is compiled again when unpickled
        (for worker processes: see :mod:`spielwerk.batch`)."""
        return (_compiled, (self.spec, self.options, self.fast_paths, self._own_limit))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<Game {self.name} {opts}>"


class State(Position):
    """A position of a compiled game, with the moves that led to it (for :meth:`pop`).

    Use it like a python-chess ``Board``: ``legal_moves()``, ``push(move)``, ``pop()``,
    ``push_text("a1")``, ``outcome()``, ``text()``.
    """

    __slots__ = ()
    game: "Game"

    # -- python-chess style conveniences -------------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        """Every legal move of the player to move (empty when the game is over)."""
        return self.game.legal_moves(self)

    def push(self, move: Any) -> None:
        """Play ``move`` (not checked: use :meth:`push_text` or check ``in legal_moves()``). A roll
        of the dice is refused where no roll is due (a cube decision comes first: see :meth:`roll`)."""
        game = self.game
        if move[0] == game.roll_index and not game.is_chance(self):
            from .dsl.errors import IllegalMoveError
            why = ("a cube decision comes first (roll, meaning no double, or double)" if self.dice is None
                   and self.result is None else "the dice are not to be rolled now")
            raise IllegalMoveError(why, "roll")
        if self.turn:
            self.turn = ()
        self.stack.append((move, game.apply(self, move)))

    def roll(self, a: int, b: int = 0) -> None:
        """Roll the dice ``a``-``b`` (one die: ``a``) for the player on roll. Where he may double
        first, rolling means he does not: the cube's ``roll`` decision is played before the dice,
        as a player would say it at the table."""
        game = self.game
        dice = game.roll(a, b)
        cube = game.cube
        if self.result is None and self.dice is None and cube is not None and not game.is_chance(self):
            if self.cube_step == 0:
                self.push(cube.no_double)
        self.push(dice)

    def turn_steps(self, done: Any = ()) -> list[Any]:
        """The step view: the next choices of the turn after the choices ``done`` (see
        :meth:`Game.turn_steps`)."""
        return self.game.turn_steps(self, done)

    def pop(self) -> Any:
        """Take back the last move and return it."""
        move, undo = self.stack.pop()
        self.turn = ()
        self.game.undo(self, move, undo)
        return move

    def undo_turn(self, players: Any) -> None:
        """Take back moves until one of ``players`` is to choose again where he last chose, with
        the dice he had then (no new roll); back to where the game began if none of them chose."""
        game = self.game
        while self.stack:
            move = self.pop()
            if move[0] != game.roll_index and self.to_move in players and not game.is_chance(self):
                return

    def push_text(self, text: str) -> Any:
        """Parse ``text`` in the game's notation, check it is legal, play it, return the move."""
        move = self.game.parse_move(self, text)
        self.push(move)
        return move

    def move_text(self, move: Any) -> str:
        """``move`` in the game's notation (before it is played)."""
        return self.game.format_move(self, move)

    def record(self, tags: dict[str, str] | None = None) -> str:
        """The game played so far (the moves pushed, from where it began) as a record in the
        game's notation, which ``spielwerk replay`` reads back; ``tags`` adds tags such as
        ``{"Event": "..."}``."""
        return str(self.game.record(self, tags))

    def root(self) -> "State":
        """A copy of the position before the first move on the move stack (where the game began,
        or the position it was read from)."""
        start = self.copy()
        while start.stack:
            start.pop()
        return start

    def outcome(self) -> "Outcome | None":
        """How the game ended, or None while it goes on."""
        return self.game.outcome(self)

    def is_chance(self) -> bool:
        """True when the dice must be rolled before anybody moves."""
        return self.game.is_chance(self)

    def chance_outcomes(self) -> list[tuple[Any, Any]]:
        """The rolls possible now, each with its exact probability (a ``Fraction``)."""
        return self.game.chance_outcomes(self)

    def is_over(self) -> bool:
        return self.game.outcome(self) is not None

    def text(self) -> str:
        """The position in the game's position notation."""
        return self.game.position_text(self)

    # -- actions: integer ids for learning programs (see :mod:`spielwerk.learning.actions`) -------------------
    def current_player(self) -> int:
        """The player to decide (1 or 2), 0 when the dice are to be rolled, -1 once the game is over."""
        player: int = lend("actions").decision(self)[0]
        return player

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player() == -1

    def legal_actions(self) -> list[int]:
        """The ids of the legal actions, ascending; at a chance node the ids of the possible rolls."""
        return list(lend("actions").legal_actions(self))

    def legal_action_mask(self) -> list[bool]:
        """One flag per action id of the game: True where the action is legal (all False at a
        chance node and once the game is over)."""
        return list(lend("actions").legal_action_mask(self))

    def chance_actions(self) -> list[tuple[int, float]]:
        """At a chance node, each possible roll's id with its probability."""
        return list(lend("actions").chance_actions(self))

    def apply_action(self, action: int) -> None:
        """Play the action with id ``action`` (a roll's id at a chance node). A part of a move of
        several parts (a die's step, a hop) is kept in :attr:`turn` until the move is complete."""
        lend("actions").apply_action(self, action)

    def action_text(self, action: int) -> str:
        """The action ``action`` in words (the move's notation, a step ``13/7``, ``stop``, a roll)."""
        return str(lend("actions").action_text(self, action))

    def returns(self) -> tuple[float, ...]:
        """What the game paid each player, in turn order (zero-sum: each loser pays the winner the
        outcome's value; all 0 for a draw or a game going on)."""
        return cast("tuple[float, ...]", lend("actions").returns(self))

    def observation(self, player: int | None = None, out: Any = None) -> Any:
        """The position as a NumPy vector from ``player``'s view (default: who decides or rolls
        now); the layout is :func:`spielwerk.learning.observation.layout`. ``out`` (a float32 array of
        that length) is filled in place instead of a new array. Needs ``spielwerk[rl]``."""
        return lend("observation").observation(self, player, out)

    def observation_text(self, player: int | None = None) -> str:
        """:meth:`observation` as text, segment by segment, for debugging."""
        return str(lend("observation").observation_text(self, player))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, State) and other.key() == self.key()
                and (other.game is self.game or (other.game.options == self.game.options
                                                 and other.game.spec.data == self.game.spec.data)))

    def __hash__(self) -> int:
        return self.hash

    def __repr__(self) -> str:
        return f"<State {self.game.name} {self.text()!r}>"

    def svg(self, *, size: int = 480, arrows: bool = False) -> str:
        """The position as an SVG picture (see :mod:`spielwerk.svg`)."""
        return str(lend("pictures").board_svg(self, size=size, arrows=arrows))

    def _repr_svg_(self) -> str:
        """Jupyter shows a state as its picture."""
        return self.svg()

    def __str__(self) -> str:
        return self.game.render(self)


def _compiled(spec: Spec, options: dict[str, Any], fast_paths: bool, move_limit: int | None = None) -> Game:
    """Compile ``spec`` with ``options`` (how a pickled game is read back)."""
    return Game(spec, options, fast_paths=fast_paths, move_limit=move_limit)
