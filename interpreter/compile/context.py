"""What every compile step shares: the spec, the option values, the tables filled so far, and the
services that turn the game file's values into numbers and functions with located errors.

A block compiles against this object (see :class:`spielwerk.blocks.base.Compiling`, the part of it
a block may use); it never sees a ``Game``.
"""

from __future__ import annotations

import warnings
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from ..dsl.errors import SpecError, SpielwerkError, SpielwerkWarning
from ..dsl.expr import Call, Const, Env, ExprError, IfElse, Name, Op, compile_expr, names_in, parse_expr
from ..dsl.spec import Spec
from ..tables import Tables
from .conditions import Conditions, build_env, can_fail

__all__ = ["Compiler"]

#: names an expression may use that are neither options nor tables nor read during play
_PURE = ("min", "max", "abs", "cells")


class Compiler:
    """The compile stage's shared context (see the module docstring)."""

    def __init__(self, spec: Spec, options: dict[str, Any] | None, *, fast_paths: bool = True) -> None:
        self.spec = spec
        self.data = spec.data
        #: use the specialised move generators where a ``move`` has their shape
        self.fast_paths = fast_paths
        self.options = spec.resolve_options(options)
        #: names an expression can read without a position: options, tables, piece kinds, regions...
        self.constants: dict[str, Any] = dict(self.options)
        declared = [str(n) for n in spec.data.get("players", ["player 1", "player 2"])]
        seated = self._seating(declared)
        #: the declared players (the seats); per player in turn order, his seat's index among them:
        #: a game file's per-player data (regions, paths, setups) is written per seat
        self.declared_players = declared
        self.seats = [declared.index(name) for name in seated]
        self.t = Tables(name=spec.name, title=spec.data.get("title", spec.name), options=dict(self.options),
                        players=seated, num_players=len(seated))
        #: per block index: what follows each of its moves (its effects, before the game's; its
        #: counters set, after them), the condition on the result that makes a move legal, and the
        #: one that gives the mover another turn
        self.block_effects: dict[int, tuple[list[Any], list[Any]]] = {}
        self.legal_if: dict[int, Callable[[Any], Any]] = {}
        self.prefer_if: dict[int, list[Callable[[Any], Any]]] = {}
        self.again: dict[int, Callable[[Any], Any]] = {}
        #: the game file's named predicates, compiled (filled by the predicates step)
        self.predicates: dict[str, Any] = {}
        #: problems of the game file found while playing (located messages)
        self.problems: list[str] = []
        #: the evaluation context of every condition (see :mod:`.conditions`)
        self.cond = Conditions(self.t)
        self._env_value: Env | None = None

    def _seating(self, declared: list[str]) -> list[str]:
        """The players who play with these options, in turn order: all declared ones, or those
        ``seating`` names for its option's value."""
        seating = self.data.get("seating")
        if not seating:
            return declared
        key = self.options.get(seating["by"])
        values = {str(k): v for k, v in seating["values"].items()}
        if str(key) not in values:
            raise self.error(("seating", "values"), f"no seating for {seating['by']}={key!r} (seatings for: "
                             f"{', '.join(values)})")
        return [str(n) for n in values[str(key)]]

    def per_seat(self, path: tuple[Any, ...], values: list[Any]) -> list[Any]:
        """A per-player list of the game file (one entry per declared player) as the players who
        play have it, in turn order."""
        if len(values) != len(self.declared_players):
            raise self.error(path, f"{len(values)} entries for {len(self.declared_players)} players: give "
                             "one per player, in the order of `players`")
        return [values[s] for s in self.seats]

    def player_number(self, path: tuple[Any, ...], who: Any) -> int:
        """A player named in the game file (a number of a declared player or a name) as the
        number of the player who plays that seat; 0 where that seat is empty with these options."""
        seat = who - 1 if isinstance(who, int) else (self.declared_players.index(who)
                                                     if who in self.declared_players else -1)
        if not 0 <= seat < len(self.declared_players):
            raise self.error(path, f"{who!r} names no player (players: {', '.join(self.declared_players)})")
        return self.seats.index(seat) + 1 if seat in self.seats else 0

    # -- errors ----------------------------------------------------------------------------------
    def error(self, path: tuple[Any, ...], message: str) -> SpecError:
        """A located error at the key ``path`` of the game file."""
        return self.spec.error(path, message)

    @contextmanager
    def compiling(self, path: tuple[Any, ...]) -> Iterator[None]:
        """Compile the part at ``path``: a name or value that the checks before could not judge (a
        square of another board, a region an option names) becomes a located error there."""
        try:
            yield
        except SpielwerkError:
            raise
        except KeyError as exc:
            raise self.error(path, f"{path[-1]}: unknown name {exc.args[0]!r}") from None
        except (ValueError, IndexError, OverflowError) as exc:
            raise self.error(path, f"{path[-1]}: {exc}") from None

    def report(self, path: tuple[Any, ...], message: str) -> None:
        """Report a problem of the game file found while playing, once per place: a located
        :class:`SpielwerkWarning`, kept in :attr:`problems`; play goes on."""
        located = self.error(path, message).located()
        if located not in self.problems:
            self.problems.append(located)
            warnings.warn(SpielwerkWarning(located), stacklevel=3)

    # -- values ------------------------------------------------------------------------------------
    def expression(self, path: tuple[Any, ...], value: Any) -> Any:
        """The parsed expression written at ``path`` (parsed now where the checks did not)."""
        node = self.spec.expressions.get(tuple(path))
        if node is None:
            try:
                node = parse_expr(value)
            except ExprError as exc:
                raise self.error(path, exc.message) from None
        topology = getattr(self.t, "topology", None)
        if topology is not None:
            try:
                node = _named_squares(node, topology.parse_square)
            except ValueError as exc:
                raise self.error(path, f"{value!r}: {exc}") from None
        return node

    def env(self) -> Env:
        """A fresh expression environment: the constants and every built-in of this game."""
        return build_env(self.t, self.cond, self.constants, self.predicates)

    def _env_cache(self) -> Env:
        if self._env_value is None:
            self._env_value = self.env()
        return self._env_value

    def constant(self, path: tuple[Any, ...], value: Any) -> Any:
        """Evaluate the option-only expression written at ``path`` (a number passes through)."""
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return value
        node = self.expression(path, value)
        runtime = sorted(n for n in names_in(node) if n not in self.constants and n not in _PURE)
        if runtime:
            raise self.error(path, f"{value!r} must be computable from options alone, but it reads "
                             f"{', '.join(runtime)}, known only during play")
        try:
            return compile_expr(node, self.env())(None)
        except Exception as exc:  # a bad argument or a division by zero
            raise self.error(path, f"{value!r} cannot be computed: {getattr(exc, 'message', exc)}") from None

    def number(self, path: tuple[Any, ...], value: Any, low: int = 0, high: int = 1_000_000, why: str = "") -> int:
        """The whole number written at ``path`` (a number, or an expression of the options),
        between ``low`` and ``high``; a located error otherwise (``why`` explains the range)."""
        got = self.constant(path, value)
        if isinstance(got, bool) or not isinstance(got, int):
            raise self.error(path, f"{value!r} must be a whole number, not {got!r}")
        if not low <= got <= high:
            shown = f"{got}" if got == value else f"{value!r} (here {got})"
            reason = f": {why}" if why else ""
            label = path[-1] if isinstance(path[-1], str) or len(path) < 2 else f"{path[-2]}[{path[-1]}]"
            raise self.error(path, f"{shown} is out of range: {label} is {low} to {high}{reason}")
        return got

    def condition(self, path: tuple[Any, ...], value: Any) -> Callable[[Any], Any]:
        """The expression written at ``path`` compiled to a function of an evaluation context (see
        :class:`.conditions.Conditions`); a located error when it cannot be compiled. An expression
        that can fail while playing (a division by a computed number, a computed square) reports
        the failure as a located problem and counts as false."""
        node = self.expression(path, value)
        try:
            fn = compile_expr(node, self._env_cache())
        except KeyError as exc:  # a quoted name that names nothing: count(mover, 'nopiece')
            raise self.error(path, f"{value!r}: {exc.args[0]!r} names no piece, region, reserve or "
                             "place of this game") from None
        except (ExprError, ValueError, IndexError) as exc:
            raise self.error(path, str(getattr(exc, "message", exc))) from None
        return self.guarded(path, value, node, fn)

    def guarded(self, path: tuple[Any, ...], value: Any, node: Any, fn: Callable[[Any], Any],
                instead: Any = 0, meaning: str = "it counts as false (0)") -> Callable[[Any], Any]:
        """``fn``, the compiled ``node`` (the whole expression written at ``path``, or a part of it),
        made to report a failure while playing as a located problem and give ``instead``."""
        if not can_fail(node):
            return fn
        report = self.report

        def guarded(ctx: Any) -> Any:
            try:
                return fn(ctx)
            except (ArithmeticError, IndexError, TypeError, ValueError) as exc:
                report(path, f"while playing, {value!r} failed ({exc}); {meaning}")
                return instead
        return guarded

    def move_number(self, path: tuple[Any, ...], value: Any) -> Any:
        """A move's number (a count or a distance): an int when it follows from the options alone,
        else a function ``f(state, height, k)`` of the moving stack's height and the pieces taken."""
        node = self.expression(path, value)
        runtime = {n for n in names_in(node) if n not in self.constants and n not in _PURE}
        if not runtime:
            return self.number(path, value, -1_000_000)
        fn = self.condition(path, value)
        ctx = self.cond.ctx
        report = self.report

        def number(st: Any, height: int, k: int) -> int:
            ctx.st, ctx.mover, ctx.height, ctx.k = st, st.to_move, height, k
            got = fn(ctx)
            if isinstance(got, int):
                return got
            report(path, f"while playing, {value!r} gave {got!r}, not a whole number; it counts as 0")
            return 0
        return number

    # -- the game file's declarations ----------------------------------------------------------------
    def option_default(self, name: str) -> Any:
        """The value the game file itself gives option ``name`` (its default)."""
        return self.spec.resolve_options({}).get(name)

    def piece_decl(self, kind: str) -> dict[str, Any]:
        """What the game file says of a piece kind (``fixed``, ``blocks``, ``value``, ...)."""
        return dict(self.data.get("pieces", {})[kind])

    def template(self, block: str) -> str:
        """The notation template the game file gives a block's moves, or ''."""
        return str(((self.data.get("notation") or {}).get("moves") or {}).get(block, ""))


#: the names whose value is a square (compared with a square's name, ``to == 'b2'``)
_SQUARE_NAMES = frozenset({"from", "to", "square", "over", "last_over", "last_to"})


def _named_squares(node: Any, parse: Callable[[str], int]) -> Any:
    """``node`` with every square name compared with a square (``to == 'b2'``) read as that square."""
    if isinstance(node, Op):
        args = tuple(_named_squares(a, parse) for a in node.args)
        if node.op in ("==", "!=") and len(args) == 2:
            a, b = args
            if isinstance(b, Name) and b.name in _SQUARE_NAMES:
                a, b = b, a
            if isinstance(a, Name) and a.name in _SQUARE_NAMES and isinstance(b, Const) and isinstance(b.value, str):
                b = Const(parse(b.value))
                args = (a, b) if isinstance(args[0], Name) and args[0].name in _SQUARE_NAMES else (b, a)
        return Op(node.op, args) if args != node.args else node
    if isinstance(node, IfElse):
        return IfElse(_named_squares(node.then, parse), _named_squares(node.cond, parse),
                      _named_squares(node.other, parse))
    if isinstance(node, Call):
        args = tuple(_named_squares(a, parse) for a in node.args)
        return Call(node.name, args, node.column) if args != node.args else node
    return node
