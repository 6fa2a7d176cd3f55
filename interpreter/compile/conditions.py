"""Conditions: the game file's expressions compiled to functions of one evaluation context.

Every condition, number and end rule is compiled once (by :func:`spielwerk.dsl.expr.compile_expr`)
against the environment :func:`build_env` makes: the constants (options, tables, names), the
variables a position gives (``mover``, ``ply``, a move's ``from``/``to``...) and the built-in
functions (``count``, ``reserve``, ``height``, the named predicates...). At play time a condition
is called with :class:`Ctx`, which the engine fills with the state and the move at hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, cast

from ..dsl.expr import Call, Const, Env, Evaluator, IfElse, Name, Node, Op
from ..dsl.spec import BUILTIN_FUNCTIONS, PLAYER_FIRST

if TYPE_CHECKING:  # pragma: no cover
    from ..tables import Tables
    from ..topology import Board

__all__ = ["Ctx", "Conditions", "build_env", "can_fail", "as_player"]

_PLAYER_NAMES = ("mover", "opponent", "player", "winner")


class Ctx:
    """What an expression sees: the state, the player who just moved (or is about to move), the
    scored player, the winner; in a move's conditions also its squares (``from``, ``to``), how many
    pieces it takes (``k``) and the height of its stack (``height``); in an effect, ``square``."""

    __slots__ = ("st", "mover", "player", "winner", "frm", "to", "k", "height", "square")

    def __init__(self) -> None:
        self.st: Any = None
        self.mover = 1
        self.player = 1
        self.winner = 0
        self.frm = self.to = self.square = -1
        self.k = self.height = 0


class Conditions:
    """The one context every compiled condition of a game is evaluated in, and how to fill it."""

    def __init__(self, t: "Tables") -> None:
        self.t = t
        self.ctx = Ctx()
        #: whether a player has a move in a state (set when the game's moves are compiled: the
        #: built-in ``can_move`` asks it)
        self.can_move: Callable[[Any, int], bool] = lambda st, player: False

    def bind(self, st: Any, mover: int) -> Ctx:
        """The context for ``st`` with ``mover`` the player who moves (or just moved)."""
        ctx = self.ctx
        ctx.st = st
        ctx.mover = mover
        return ctx

    def square_context(self, st: Any, player: int, frm: int, to: int, k: int, square: int = -1) -> Ctx:
        """The context a move's or an effect's condition is evaluated in: ``mover`` is ``player``,
        ``from``/``to`` the move's squares, ``k`` the pieces it takes, ``height`` the height of the
        stack on ``from``, ``square`` the square an effect looks at."""
        ctx = self.ctx
        ctx.st = st
        ctx.mover = player
        ctx.frm, ctx.to, ctx.k, ctx.square = frm, to, k, square
        ctx.height = len(st.stacks[frm]) if frm >= 0 else 0
        return ctx


def as_player(value: Any) -> int:
    """``value`` if it is a player (1 or 2, or 0 for nobody's); a computed player that is none is
    refused (a negative one would silently pick a player from the end of a list)."""
    if value not in (0, 1, 2) or isinstance(value, bool):
        raise ValueError(f"{value!r} is no player (1 or 2)")
    return int(value)


def can_fail(node: Any) -> bool:
    """Whether evaluating the expression may raise: a division or remainder by something not a
    constant, or a square or player computed rather than written."""
    if isinstance(node, Op):
        if node.op in ("//", "%") and not isinstance(node.args[1], Const):
            return True
        return any(can_fail(a) for a in node.args)
    if isinstance(node, Call):
        return _call_can_fail(node)
    if isinstance(node, IfElse):
        return can_fail(node.then) or can_fail(node.cond) or can_fail(node.other)
    return False


def _written(node: Any, names: tuple[str, ...]) -> bool:
    """The argument is a constant or one of ``names``."""
    return isinstance(node, Const) or (isinstance(node, Name) and node.name in names)


def _call_can_fail(node: Call) -> bool:
    first = node.args[0] if node.args else None
    if node.name in ("height", "owner", "surrounded") and first is not None \
            and not _written(first, ("from", "to", "square")):
        return True  # a square computed, not written
    player_first = node.name in PLAYER_FIRST or node.name not in BUILTIN_FUNCTIONS  # or a predicate
    if player_first and first is not None and not _written(first, _PLAYER_NAMES):
        return True  # a player computed, not written: it may be no player
    if node.name in ("on_path", "pinned") and not all(isinstance(a, Const) for a in node.args[1:]):
        return True  # positions along a path computed, not written
    if node.name == "progress" and len(node.args) == 2 and not _written(node.args[1], _PLAYER_NAMES):
        return True  # its player computed
    return any(can_fail(a) for a in node.args)


# -- the environment -------------------------------------------------------------------------------

Builder = Callable[[list[Evaluator], tuple[Node, ...]], Evaluator]


def build_env(t: "Tables", cond: Conditions, constants: dict[str, Any], predicates: dict[str, Any]) -> Env:
    """The environment of this game's expressions (see the module docstring): the ``constants``,
    the variables and built-ins that read the position (``t``: the tables compiled so far), and the
    named ``predicates`` called as functions."""
    topology = getattr(t, "topology", None)  # absent while the board itself is being sized
    full = topology.full_mask if topology is not None else 0
    variables: dict[str, Callable[[Any], Any]] = {
        "mover": lambda x: x.mover,
        "opponent": lambda x: 3 - x.mover,
        "player": lambda x: x.player,
        "winner": lambda x: x.winner,
        "cube": lambda x: x.st.cube_value,
        "die": lambda x: x.st.dice[0] if x.st.dice else 0,
        "board_full": lambda x: x.st.occupied == full,
        "ply": lambda x: x.st.ply,
        "phase": lambda x: t.phase_names[x.st.phase],
        # in a move's conditions and numbers, and in an effect's `where`
        "from": lambda x: x.frm,
        "to": lambda x: x.to,
        "k": lambda x: x.k,
        "height": lambda x: x.height,
        "square": lambda x: x.square,
    }
    functions: dict[str, tuple[int, int, Builder]] = {}
    for name, build in _builtins(t, cond).items():
        functions[name] = (*BUILTIN_FUNCTIONS[name], build)
    for pname, pred in predicates.items():
        functions[pname] = (1, 1, _predicate(pred))
    functions["cells"] = (1, 1, _cells(predicates))
    functions["progress"] = (2, 2, _progress(predicates))
    return Env(dict(constants), variables, functions)


def _predicate(pred: Any) -> Builder:
    def build(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who, holds = args[0], pred.holds
        name = getattr(asts[0], "name", None)
        if name == "mover":  # the usual case, one call fewer
            return lambda x: holds(x.st, x.mover)
        if name == "opponent":
            return lambda x: holds(x.st, 3 - x.mover)
        return lambda x: holds(x.st, as_player(who(x)))
    return build


def _cells(predicates: dict[str, Any]) -> Builder:
    def cells(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        name = getattr(asts[0], "name", None)
        pred = predicates.get(cast(str, name))
        if pred is None or not hasattr(pred, "cells"):
            raise ValueError(f"cells() takes the name of a pattern predicate, not {name!r}")
        n = pred.cells
        return lambda x: n
    return cells


def _progress(predicates: dict[str, Any]) -> Builder:
    def progress(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        name = getattr(asts[0], "name", None)
        pred = predicates.get(cast(str, name))
        if pred is None or not hasattr(pred, "progress"):
            raise ValueError(f"progress() takes the name of a connection or pattern predicate, not {name!r}")
        who, measure = args[1], pred.progress
        return lambda x: measure(x.st, as_player(who(x)))
    return progress


def _simple(fn: Callable[..., Any]) -> Builder:
    def build(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        return lambda x: fn(*(a(x) for a in args))
    return build


def _square_arg(t: "Tables", arg: Evaluator, ast: Node) -> Evaluator:
    """A square argument: a name written as text (``'e4'``) or a square of the context."""
    if isinstance(ast, Const) and isinstance(ast.value, str):
        try:
            sq = t.topology.parse_square(ast.value)
        except ValueError as exc:
            raise ValueError(f"{ast.value!r} is not a square: {exc}") from None
        return lambda x: sq
    return arg


def _builtins(t: "Tables", cond: Conditions) -> dict[str, Builder]:
    """The built-in functions that read the position, each a builder of an evaluator."""
    out: dict[str, Builder] = {"min": _simple(min), "max": _simple(max), "abs": _simple(abs)}
    out.update(_counting(t))
    out.update(_squares(t))
    out.update(_tracks(t))

    def can_move(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who = args[0]
        return lambda x: cond.can_move(x.st, who(x))
    out["can_move"] = can_move
    return out


def _counting(t: "Tables") -> dict[str, Builder]:
    """``reserve``, ``top_count``, ``count``, ``pieces_in``, ``controlled``, ``points``, ``captures``."""

    def reserve(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who, first = args[0], asts[0]
        p = first.value if isinstance(first, Const) and first.value in (1, 2) else 0  # a fixed player
        if len(args) == 2:
            r = t.reserve_names.index(args[1](None))
            if p:
                return lambda x: x.st.reserves[p][r]
            return lambda x: x.st.reserves[who(x)][r]
        if p:
            return lambda x: sum(x.st.reserves[p])
        return lambda x: sum(x.st.reserves[who(x)])

    def kinds_of(args: list[Evaluator]) -> list[int]:
        return [t.kind_index[a(None)] for a in args[1:]]

    def top_count(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who, kinds = args[0], kinds_of(args)
        return lambda x: sum(x.st.tops[k * 2 + who(x) - 1].bit_count() for k in kinds)

    def count(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who, kinds = args[0], set(kinds_of(args))
        owner_of = t.code_owner

        def counter(x: Any) -> int:
            owner = who(x)
            return sum(1 for s in x.st.stacks for pc in s if owner_of[pc] == owner and pc >> 1 in kinds)
        return counter

    def pieces_in(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        mask = t.region_mask(args[0](None))
        kinds = [t.kind_index[a(None)] for a in args[1:]] or list(range(len(t.kind_names)))
        codes = [k * 2 + o for k in kinds for o in (0, 1)]
        return lambda x: sum((x.st.tops[code] & mask).bit_count() for code in codes)

    def controlled(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who = args[0]
        codes = t.player_codes([a(None) for a in args[1:]] or None)

        def pieces(x: Any) -> int:
            stacks, tops = x.st.stacks, x.st.tops
            n = 0
            for code in codes[who(x)]:
                bits = tops[code]
                while bits:
                    low = bits & -bits
                    bits ^= low
                    n += len(stacks[low.bit_length() - 1])
            return n
        return pieces

    def points(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who = args[0]
        return lambda x: x.st.score[who(x)]

    def captures(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who = args[0]
        return lambda x: x.st.captures[who(x)]

    return {"reserve": reserve, "top_count": top_count, "count": count, "pieces_in": pieces_in,
            "controlled": controlled, "points": points, "captures": captures}


def _squares(t: "Tables") -> dict[str, Builder]:
    """``height``, ``owner`` and ``surrounded``: questions about one square."""

    def height(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        sq = _square_arg(t, args[0], asts[0])
        return lambda x: len(x.st.stacks[sq(x)])

    def owner(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        sq = _square_arg(t, args[0], asts[0])
        owners = t.code_owner

        def top_owner(x: Any) -> int:
            s = x.st.stacks[sq(x)]
            return owners[s[-1]] if s else 0
        return top_owner

    def surrounded(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        sq = _square_arg(t, args[0], asts[0])
        topo = cast("Board", t.topology)
        dirs = topo.directions("all")
        around = []
        for s in range(topo.size):
            near = [n for n in (topo.step(s, d) for d in dirs) if n >= 0]
            around.append(sum(1 << n for n in near) if len(near) == len(dirs) else -1)

        def closed(x: Any) -> bool:
            mask = around[sq(x)]
            return mask >= 0 and x.st.occupied & mask == mask
        return closed

    return {"height": height, "owner": owner, "surrounded": surrounded}


def _tracks(t: "Tables") -> dict[str, Builder]:
    """``at``, ``on_path`` and ``pinned``: counts on a track board's places and paths."""

    def at(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        places = getattr(t.topology, "places", None)
        if places is None:
            raise ValueError("at() counts the checkers in a place of a track board; this board has none")
        who, place = args[0], places[args[1](None)]
        return lambda x: len(x.st.stacks[place[who(x)]])

    def on_path(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who, lo, hi = args
        paths = getattr(t.topology, "paths", None)
        if paths is None:
            raise ValueError("on_path() counts along a player's path on a track board; this board has none")
        owners = t.code_owner

        def counter(x: Any) -> int:
            p = who(x)
            stacks = x.st.stacks
            return sum(len(stacks[sq]) for sq in paths[p][lo(x) - 1:hi(x)] if stacks[sq] and owners[stacks[sq][-1]] == p)
        return counter

    def pinned(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        """A player's pieces under an enemy piece: anywhere, or on his own path positions ``lo``
        to ``hi`` (``pinned(p, n)``: position n) of a track board."""
        who = args[0]
        lo = args[1] if len(args) > 1 else None
        hi = cast(Evaluator, args[2] if len(args) > 2 else lo)  # None only where lo is None
        owners = t.code_owner
        paths = getattr(t.topology, "paths", None)

        def count(x: Any) -> int:
            p = who(x)
            stacks = x.st.stacks
            squares = range(len(stacks)) if lo is None or paths is None else paths[p][max(lo(x), 1) - 1:hi(x)]
            n = 0
            for sq in squares:
                s = stacks[sq]
                if s and owners[s[-1]] not in (p, 0):
                    n += sum(1 for pc in s if owners[pc] == p)
            return n
        return count

    return {"at": at, "on_path": on_path, "pinned": pinned}
