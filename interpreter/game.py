"""A compiled game: a checked spec plus option values turned into tables, primitives and rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .dsl.errors import OptionError
from .dsl.expr import Env, compile_expr
from .dsl.spec import BUILTIN_FUNCTIONS, Spec
from .notation.moves import MoveNotation
from .notation.position import position_format
from .predicates import PREDICATES
from .primitives import PRIMITIVES, Primitive
from .state import State
from .topology import SquareTopology

__all__ = ["Game", "Outcome", "Phase"]

DEFAULT_RESULTS = ("1-0", "0-1", "1/2-1/2")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is 1, 2 or None for a draw; ``result`` names the end rule's kind
    (``road``, ``flat``, ...); ``token`` is the result in the game's notation."""

    winner: int | None
    result: str
    token: str
    scores: tuple[int, int] | None = None
    #: what the game is worth to the winner (the end rule's ``value``), None where none is declared
    value: int | None = None

    def is_draw(self) -> bool:
        return self.winner is None


@dataclass
class Phase:
    name: str
    plies: int | None
    primitives: list[Primitive]


class _Ctx:
    """What an end-rule expression sees: the state, the player who just moved, the scored player."""

    __slots__ = ("st", "mover", "player", "winner")

    def __init__(self) -> None:
        self.st: Any = None
        self.mover = 1
        self.player = 1
        self.winner = 0


@dataclass
class _EndRule:
    when: Callable[[Any], Any]
    winner: str | None
    score: Callable[[Any], Any] | None
    result: str
    outcomes: dict[Any, Outcome]
    value: Callable[[Any], Any] | None = None


class Game:
    """The rules of one game with fixed option values. Build it with :func:`spielwerk.load`."""

    def __init__(self, spec: Spec, options: dict[str, Any] | None = None) -> None:
        self.spec = spec
        self.name = spec.name
        self.title = spec.data.get("title", self.name)
        self.options = spec.resolve_options(options)
        self.players = list(spec.data.get("players", ["player 1", "player 2"]))
        d = spec.data
        self.constants = dict(self.options)
        for tname, table in d.get("tables", {}).items():
            key = self.options.get(table["by"])
            values = {str(k): v for k, v in table["values"].items()}
            if str(key) not in values:
                raise OptionError(f"table {tname!r} of {self.name} has no entry for "
                                  f"{table['by']}={key!r}")
            self.constants[tname] = values[str(key)]
        # pieces: a code is kind * 2 + owner - 1
        self.kind_names = list(d.get("pieces", {}))
        self.kind_index = {k: i for i, k in enumerate(self.kind_names)}
        self.num_codes = 2 * len(self.kind_names)
        for name in self.kind_names:
            self.constants.setdefault(name, name)
        # board
        board = d["board"]
        width = int(self.constant(("board", "width"), board.get("width", 8)))
        height = int(self.constant(("board", "height"), board.get("height", width)))
        self.topology = SquareTopology(width, height)
        self._regions = {name: self._region_from_spec(name, r) for name, r in board.get("regions", {}).items()}
        # reserves
        self.reserve_names = list(d.get("reserves", {}))
        for name in self.reserve_names:
            self.constants.setdefault(name, name)
        self.reserve_counts = [int(self.constant(("reserves", r, "count"), spec_r["count"]))
                               for r, spec_r in d.get("reserves", {}).items()]
        self.reserve_of_kind = [-1] * len(self.kind_names)
        for r, spec_r in enumerate(d.get("reserves", {}).values()):
            for kind in spec_r["pieces"]:
                self.reserve_of_kind[self.kind_index[kind]] = r
        total = 2 * sum(self.reserve_counts) or self.topology.size
        self.max_height = max(total, 1)
        rng = random.Random(0x5E1E1)
        self.zobrist_stride = self.max_height + 1
        self.zobrist = [rng.getrandbits(64) for _ in range(self.topology.size * self.zobrist_stride
                                                             * self.num_codes)]
        self.side_key = rng.getrandbits(64)
        # predicates
        self.predicates = {}
        for pname, pspec in d.get("predicates", {}).items():
            (kind, params), = pspec.items()
            self.predicates[pname] = PREDICATES[kind](self, params, ("predicates", pname, kind))
        # phases and primitives
        self.primitives: list[Primitive] = []
        self.phases: list[Phase] = []
        for i, ph in enumerate(d["phases"]):
            prims = []
            for j, item in enumerate(ph.get("moves", [])):
                (kind, params), = item.items()
                cls = PRIMITIVES.get(kind)
                if cls is None:
                    raise spec.error(("phases", i, "moves", j, kind),
                                     f"the primitive {kind!r} is designed but not implemented yet")
                prim = cls(self, len(self.primitives), params or {}, ("phases", i, "moves", j, kind))
                self.primitives.append(prim)
                prims.append(prim)
            self.phases.append(Phase(ph.get("name", f"phase {i + 1}"), ph.get("plies"), prims))
        self.phase_keys = [rng.getrandbits(64) for _ in self.phases]
        ends, acc = [], 0
        for ph in self.phases:
            acc = acc + ph.plies if ph.plies is not None and acc is not None else None
            ends.append(acc if acc is not None else 1 << 62)
        self.phase_end = ends
        self.no_moves = d.get("no_moves", "draw")
        # notation and end rules
        notation = d.get("notation", {})
        self.results = {name: tuple(tokens) for name, tokens in notation.get("results", {}).items()}
        self._ctx = _Ctx()
        self.end_rules = [self._compile_end(i, rule) for i, rule in enumerate(d.get("end", []))]
        self.notation = MoveNotation(self, notation)
        self.position = position_format(self, notation.get("position"))

    # -- compile helpers ----------------------------------------------------------------------------
    def region_mask(self, name: str) -> int:
        if name in self._regions:
            return self._regions[name]
        return self.topology.region_mask(name)

    def _region_from_spec(self, name: str, region: Any) -> int:
        mask = 0
        items = region if isinstance(region, list) else [region]
        for item in items:
            text = str(item)
            if "-" in text:
                a, b = (self.topology.parse_square(t) for t in text.split("-", 1))
                w = self.topology.width
                f0, f1 = sorted((a % w, b % w))
                r0, r1 = sorted((a // w, b // w))
                for r in range(r0, r1 + 1):
                    for f in range(f0, f1 + 1):
                        mask |= 1 << (r * w + f)
            elif text in self.topology.regions or text in self._regions:
                mask |= self.region_mask(text)
            else:
                mask |= 1 << self.topology.parse_square(text)
        return mask

    def _env(self) -> Env:
        full = self.topology.full_mask
        variables = {
            "mover": lambda c: c.mover,
            "opponent": lambda c: 3 - c.mover,
            "player": lambda c: c.player,
            "winner": lambda c: c.winner,
            "board_full": lambda c: c.st.occupied == full,
            "ply": lambda c: c.st.ply,
        }

        def reserve(args, asts):
            who = args[0]
            if len(args) == 2:
                r = self.reserve_names.index(args[1](None))
                return lambda c: c.st.reserves[who(c)][r]
            return lambda c: sum(c.st.reserves[who(c)])

        def piece_codes(args):
            kinds = [self.kind_index[a(None)] for a in args[1:]]
            return kinds

        def top_count(args, asts):
            who, kinds = args[0], piece_codes(args)
            return lambda c: sum(c.st.tops[k * 2 + who(c) - 1].bit_count() for k in kinds)

        def count(args, asts):
            who, kinds = args[0], set(piece_codes(args))

            def counter(c):
                owner = who(c) - 1
                return sum(1 for s in c.st.stacks for pc in s if pc & 1 == owner and pc >> 1 in kinds)
            return counter

        def simple(fn):
            def build(args, asts):
                return lambda c: fn(*(a(c) for a in args))
            return build

        functions: dict[str, tuple[int, int, Callable[..., Any]]] = {
            "reserve": (*BUILTIN_FUNCTIONS["reserve"], reserve),
            "top_count": (*BUILTIN_FUNCTIONS["top_count"], top_count),
            "count": (*BUILTIN_FUNCTIONS["count"], count),
            "min": (*BUILTIN_FUNCTIONS["min"], simple(min)),
            "max": (*BUILTIN_FUNCTIONS["max"], simple(max)),
            "abs": (*BUILTIN_FUNCTIONS["abs"], simple(abs)),
        }
        for pname, pred in self.predicates.items():
            def build(args, asts, pred=pred):
                who = args[0]
                return lambda c: pred.holds(c.st, who(c))
            functions[pname] = (1, 1, build)
        return Env(dict(self.constants), variables, functions)

    def constant(self, path: tuple[Any, ...], value: Any) -> Any:
        """Evaluate the option-only expression written at ``path`` (a number passes through)."""
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return value
        node = self.spec.expressions.get(tuple(path))
        if node is None:
            from .dsl.expr import parse_expr
            node = parse_expr(value)
        try:
            return compile_expr(node, Env(dict(self.constants)))(None)
        except Exception as exc:  # a run-time name in an option-only place
            raise self.spec.error(path, f"{value!r} must be computable from options alone: {exc}") from None

    def _compile_end(self, i: int, rule: dict[str, Any]) -> _EndRule:
        env = self._env()
        when = compile_expr(self.spec.expr(("end", i, "when")), env)
        score = compile_expr(self.spec.expr(("end", i, "score")), env) if "score" in rule else None
        value = compile_expr(self.spec.expr(("end", i, "value")), env) if "value" in rule else None
        result = rule.get("result", "default")
        return _EndRule(when, rule.get("winner"), score, result, {}, value)

    def _outcome(self, rule: _EndRule, winner: int | None, scores: tuple[int, int] | None) -> Outcome:
        value = None
        if rule.value is not None and winner is not None:
            self._ctx.winner = winner
            value = rule.value(self._ctx)
        key = (winner, scores, value)
        got = rule.outcomes.get(key)
        if got is None:
            tokens = self.results.get(rule.result, DEFAULT_RESULTS)
            if winner is None:
                token = tokens[2] if len(tokens) > 2 else DEFAULT_RESULTS[2]
            else:
                token = tokens[winner - 1]
            got = rule.outcomes[key] = Outcome(winner, rule.result, token, scores, value)
        return got

    # -- rules --------------------------------------------------------------------------------------
    def initial(self) -> State:
        """The start position."""
        st = State(self)
        st.hash = self.rehash(st)
        return st

    def legal_moves(self, st: State) -> list[Any]:
        """Every legal move in ``st`` (empty once the game is over)."""
        if st.result is not None:
            return []
        out: list[Any] = []
        for prim in self.phases[st.phase].primitives:
            prim.generate(st, out)
        return out

    def apply(self, st: State, move: tuple[Any, ...]) -> Any:
        """Play ``move`` on ``st`` in place; return what :meth:`undo` needs. The move is not checked."""
        info = self.primitives[move[0]].apply(st, move)
        undo = (info, st.phase, st.result)
        st.ply += 1
        st.to_move ^= 3
        h = st.hash ^ self.side_key
        if st.ply >= self.phase_end[st.phase]:
            h ^= self.phase_keys[st.phase]
            st.phase += 1
            h ^= self.phase_keys[st.phase]
        st.hash = h
        st.result = self.evaluate_end(st)
        return undo

    def undo(self, st: State, move: tuple[Any, ...], undo: Any) -> None:
        """Take back ``move``, given what :meth:`apply` returned."""
        info, phase, result = undo
        h = st.hash ^ self.side_key
        if phase != st.phase:
            h ^= self.phase_keys[st.phase] ^ self.phase_keys[phase]
            st.phase = phase
        st.hash = h
        st.ply -= 1
        st.to_move ^= 3
        st.result = result
        self.primitives[move[0]].undo(st, move, info)

    def evaluate_end(self, st: State) -> Outcome | None:
        """The end rules, checked after a move (the mover is the player not to move)."""
        ctx = self._ctx
        ctx.st = st
        ctx.mover = 3 - st.to_move
        for rule in self.end_rules:
            if rule.when(ctx):
                if rule.score is None:
                    w = rule.winner
                    winner = ctx.mover if w == "mover" else 3 - ctx.mover if w == "opponent" else None
                    return self._outcome(rule, winner, None)
                ctx.player = 1
                s1 = rule.score(ctx)
                ctx.player = 2
                s2 = rule.score(ctx)
                winner = 1 if s1 > s2 else 2 if s2 > s1 else None
                return self._outcome(rule, winner, (s1, s2))
        return None

    def outcome(self, st: State) -> Outcome | None:
        """How the game in ``st`` ended, or None; a player with no legal move ends it by ``no_moves``."""
        if st.result is not None:
            return st.result
        if self.no_moves != "pass" and not self.legal_moves(st):
            rule = _EndRule(lambda c: True, None, None, "no_moves", {})
            if self.no_moves == "lose":
                return self._outcome(rule, 3 - st.to_move, None)
            return self._outcome(rule, None, None)
        return None

    def perft(self, st: State, depth: int) -> int:
        """Leaf count of the move tree to ``depth`` (finished games count only at depth 0)."""
        if depth == 0:
            return 1
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

    # -- notation -----------------------------------------------------------------------------------
    def format_move(self, st: State, move: tuple[Any, ...]) -> str:
        """``move`` in the game's notation, written canonically."""
        return self.notation.format(st, move)

    def parse_move(self, st: State, text: str) -> tuple[Any, ...]:
        """The legal move ``text`` names in ``st``; raises Invalid/Illegal/AmbiguousMoveError."""
        return self.notation.parse(st, text)

    def position_text(self, st: State) -> str:
        return self.position.format(st)

    def parse_position(self, text: str) -> State:
        """A state from position text (raises InvalidPositionError)."""
        return self.position.parse(text)

    def render(self, st: State) -> str:
        """A picture of the board for a terminal."""
        return self.position.render(st)

    def rehash(self, st: State) -> int:
        """The hash of ``st`` computed from scratch (incremental updates must agree with it)."""
        h = 0
        zs, nc = self.zobrist_stride, self.num_codes
        for sq, stack in enumerate(st.stacks):
            for height, pc in enumerate(stack):
                h ^= self.zobrist[(sq * zs + height) * nc + pc]
        if st.to_move == 2:
            h ^= self.side_key
        return h ^ self.phase_keys[st.phase]

    def state_from_board(self, stacks: Iterable[Iterable[int]], ply: int, to_move: int) -> State:
        """A state with the given stacks; reserves are what the pieces on the board leave."""
        st = State(self)
        st.stacks = [list(s) for s in stacks]
        st.ply = ply
        st.to_move = to_move
        for sq, s in enumerate(st.stacks):
            if s:
                st.occupied |= 1 << sq
                st.tops[s[-1]] ^= 1 << sq
            for pc in s:
                r = self.reserve_of_kind[pc >> 1]
                if r >= 0:
                    st.reserves[(pc & 1) + 1][r] -= 1
        phase = 0
        while phase < len(self.phases) - 1 and ply >= self.phase_end[phase]:
            phase += 1
        st.phase = phase
        st.hash = self.rehash(st)
        if ply > 0:
            st.result = self.evaluate_end(st)
        return st

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<Game {self.name} {opts}>"

