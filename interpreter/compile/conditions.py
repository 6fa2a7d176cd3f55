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
from ..topology import SidesTopology, SquareTopology, flood

if TYPE_CHECKING:  # pragma: no cover
    from ..tables import Tables
    from ..topology import Board

__all__ = ["Ctx", "Conditions", "build_env", "can_fail", "as_player"]

_PLAYER_NAMES = ("mover", "opponent", "player", "winner")


class Ctx:
    """What an expression sees: the state, the player who just moved (or is about to move), the
    scored player, the winner; in a move's conditions also its squares (``from``, ``to``), how many
    pieces it takes (``k``) and the height of its stack (``height``); in an effect, ``square``."""

    __slots__ = ("st", "mover", "player", "winner", "frm", "to", "k", "height", "square", "move_captures",
                 "move_flips", "move_placed", "hops", "over", "last_over", "reverses", "crowned", "last_to",
                 "line_pieces")

    def __init__(self) -> None:
        self.st: Any = None
        self.mover = 1
        self.player = 1
        self.winner = 0
        self.frm = self.to = self.square = -1
        self.k = self.height = 0
        #: what the move just played put out of the game and turned over (read by what follows a move)
        self.move_captures = self.move_flips = 0
        #: the pieces what follows a move put on the board (a `fill`)
        self.move_placed = 0
        #: in a jump's ``hop_if``: the hops made before this one, the square this one jumps, the
        #: square the hop before it jumped (-1 at the first), whether it goes back the way the hop
        #: before it came, whether the jumper was crowned on the way
        self.hops = 0
        self.over = self.last_over = -1
        #: in a later part of a turn: the square the part before ended on (-1 elsewhere)
        self.last_to = -1
        self.reverses = self.crowned = False
        #: in a move's ``distance``: the pieces on the whole line the move follows, both ways
        self.line_pieces = 0

    def saved(self) -> tuple[Any, ...]:
        """Everything the context holds, for :meth:`restore` after a question that fills it anew."""
        return tuple(getattr(self, name) for name in self.__slots__)

    def restore(self, saved: tuple[Any, ...]) -> None:
        for name, value in zip(self.__slots__, saved):
            setattr(self, name, value)


class Conditions:
    """The one context every compiled condition of a game is evaluated in, and how to fill it."""

    def __init__(self, t: "Tables") -> None:
        self.t = t
        self.ctx = Ctx()
        #: the questions about what a player could do in a state, answered by the compiled game
        #: (set when its moves are compiled): whether he has a move (``can_move``), a move that
        #: takes something of the opponent's (``can_capture``), how many moves he has
        #: (``mobility``), and whether one of his moves takes the piece on a square (``attacked``)
        self.can_move: Callable[[Any, int], bool] = lambda st, player: False
        self.can_capture: Callable[[Any, int], bool] = lambda st, player: False
        self.mobility: Callable[[Any, int], int] = lambda st, player: 0
        self.attacked: Callable[[Any, int, int], bool] = lambda st, square, player: False

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
    """``value`` if it can be a player (1 to 6, or 0 for nobody's); a computed player that is none
    is refused (a negative one would silently pick a player from the end of a list)."""
    if value not in (0, 1, 2, 3, 4, 5, 6) or isinstance(value, bool):
        raise ValueError(f"{value!r} is no player (1 to 6)")
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
    if node.name in ("height", "owner", "surrounded", "liberties", "attacked", "reachable", "inside") \
            and first is not None \
            and not _written(first, ("from", "to", "square")):
        return True  # a square computed, not written
    player_first = node.name in PLAYER_FIRST or node.name not in BUILTIN_FUNCTIONS  # or a predicate
    if player_first and first is not None and not _written(first, _PLAYER_NAMES):
        return True  # a player computed, not written: it may be no player
    if node.name in ("forms", "path_position") and len(node.args) == 2 \
            and not _written(node.args[1], ("from", "to", "square")):
        return True  # a square computed, not written
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
    nxt = t.next_player
    full = topology.full_mask if topology is not None else 0
    variables: dict[str, Callable[[Any], Any]] = {
        "mover": lambda x: x.mover,
        # the player who moves after the mover (with two players, the other one)
        "opponent": lambda x: nxt[x.mover],
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
        "line_pieces": lambda x: x.line_pieces,
        "square": lambda x: x.square,
        # in what follows a move (counters set, effects)
        "move_captures": lambda x: x.move_captures,
        "move_flips": lambda x: x.move_flips,
        "move_placed": lambda x: x.move_placed,
        # the boards of the positions since the game began (where a rule reads them)
        "board_repeats": lambda x: x.st.boards[:-1].count(x.st.boards[-1]) if x.st.boards else 0,
        # in a later part of a turn: where the part before ended
        "last_to": lambda x: x.last_to,
        # in a jump's `hop_if`: the chain so far
        "hops": lambda x: x.hops,
        "over": lambda x: x.over,
        "last_over": lambda x: x.last_over,
        "reverses": lambda x: x.reverses,
        "crowned": lambda x: x.crowned,
    }
    for name, (slot, per_player) in getattr(t, "counter_slots", {}).items():
        if not per_player:
            variables[name] = _counter(slot)
    functions: dict[str, tuple[int, int, Builder]] = {}
    for name, build in _builtins(t, cond).items():
        functions[name] = (*BUILTIN_FUNCTIONS[name], build)
    for pname, pred in predicates.items():
        functions[pname] = (1, 1, _predicate(pred, nxt))
    for name, (slot, per_player) in getattr(t, "counter_slots", {}).items():
        if per_player:
            functions[name] = (1, 1, _player_counter(slot))
    functions["cells"] = (1, 1, _cells(predicates))
    functions["forms"] = (2, 2, _forms(t, predicates))
    functions["progress"] = (2, 2, _progress(predicates))
    return Env(dict(constants), variables, functions)


def _predicate(pred: Any, nxt: list[int]) -> Builder:
    def build(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who, holds = args[0], pred.holds
        name = getattr(asts[0], "name", None)
        if name == "mover":  # the usual case, one call fewer
            return lambda x: holds(x.st, x.mover)
        if name == "opponent":
            return lambda x: holds(x.st, nxt[x.mover])
        return lambda x: holds(x.st, as_player(who(x)))
    return build


def _counter(slot: int) -> Callable[[Any], Any]:
    return lambda x: x.st.counters[slot]


def _player_counter(first: int) -> Builder:
    """A counter kept per player, read as a function of the player."""
    def build(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who = args[0]
        name = getattr(asts[0], "name", None)
        if name == "mover":
            return lambda x: x.st.counters[first + x.mover - 1]
        if name == "opponent":
            return lambda x: x.st.counters[first + 2 - x.mover]
        return lambda x: x.st.counters[first + as_player(who(x)) - 1]
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


def _forms(t: "Tables", predicates: dict[str, Any]) -> Builder:
    """``forms(pattern, square)``: the piece on the square is part of a placement of the pattern
    held by its owner (a line it stands in, say)."""
    def forms(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        name = getattr(asts[0], "name", None)
        pred = predicates.get(cast(str, name))
        if pred is None or not hasattr(pred, "through"):
            raise ValueError(f"forms() takes the name of a pattern or row predicate, not {name!r}")
        sq = _square_arg(t, args[1], asts[1])
        through = pred.through
        return lambda x: through(x.st, sq(x))
    return forms


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
    out.update(_groups(t))

    out.update(_questions(t, cond))
    return out


def _questions(t: "Tables", cond: Conditions) -> dict[str, Builder]:
    """``can_move``, ``can_capture``, ``mobility``, ``attacked``, ``reachable``: what a player could
    do in the position at hand. The first four ask the compiled game, which plays the moves on the
    state and takes them back; the context is kept as it was around the question."""

    def asking(question: Callable[..., Any], first: Evaluator, second: Evaluator | None = None) -> Evaluator:
        def ask(x: Any) -> Any:
            kept = x.saved()
            try:
                return question(x.st, first(x)) if second is None else question(x.st, first(x), second(x))
            finally:
                x.restore(kept)
        return ask

    def can_move(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        return asking(lambda st, p: cond.can_move(st, p), args[0])

    def can_capture(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        return asking(lambda st, p: cond.can_capture(st, p), args[0])

    def mobility(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        return asking(lambda st, p: cond.mobility(st, p), args[0])

    def attacked(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        sq = _square_arg(t, args[0], asts[0])
        return asking(lambda st, s, p: cond.attacked(st, s, p), sq, args[1])

    def reachable(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        """Whether an empty path (through the board's neighbours: orthogonal on a square board)
        leads from the square to the region (for a region per player: the half of the piece's owner, or
        of the mover where the square is empty or neutral). Pieces of the kinds named after the
        region do not block the path (a pawn in a corridor: only walls close it)."""
        sq = _square_arg(t, args[0], asts[0])
        name = args[1](None)
        topo, near = _adjacency(t)
        goals = t.player_region_masks(name)
        owner = t.code_owner
        full = topo.full_mask
        passable = [code for code in range(t.num_codes) if t.kind_names[t.code_kind[code]] in
                    {a(None) for a in args[2:]}]

        def path(x: Any) -> bool:
            s = sq(x)
            if s < 0:
                return False
            stack = x.st.stacks[s]
            goal = goals[owner[stack[-1]] or x.mover] if stack else goals[x.mover]
            if goal >> s & 1:
                return True
            free = full & ~x.st.occupied
            for code in passable:  # squares topped by a piece that lets the path through
                free |= x.st.tops[code]
            reach = flood(near[s] & free, free, near)
            return bool(reach & goal)
        return path

    return {"can_move": can_move, "can_capture": can_capture, "mobility": mobility, "attacked": attacked,
            "reachable": reachable}


def _stacked(stacks: list[list[int]], bits: int) -> int:
    """The pieces in the stacks of the squares of ``bits``."""
    n = 0
    while bits:
        low = bits & -bits
        bits ^= low
        n += len(stacks[low.bit_length() - 1])
    return n


def _counting(t: "Tables") -> dict[str, Builder]:
    """``reserve``, ``top_count``, ``square_of``, ``count``, ``pieces_in``, ``controlled``, ``points``,
    ``captures``."""

    def reserve(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who, first = args[0], asts[0]
        p = first.value if isinstance(first, Const) and first.value in t.player_numbers else 0  # a fixed player
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
        return lambda x: sum(x.st.tops[t.code(k, who(x))].bit_count() for k in kinds)

    def square_of(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        """The lowest square topped by the player's piece of one of the kinds; -1 where there is none."""
        who, kinds = args[0], kinds_of(args)

        def find(x: Any) -> int:
            tops, p = x.st.tops, who(x)
            bits = 0
            for k in kinds:
                bits |= tops[t.code(k, p)]
            return (bits & -bits).bit_length() - 1
        return find

    def worth(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        """The squares topped by the player's pieces whose kind's ``value`` lies from lo to hi."""
        who, low, high = args
        by_value: dict[int, list[int]] = {}  # value -> the codes of player 1's kinds worth it
        for code in range(0, t.num_codes, t.num_players):
            by_value.setdefault(t.value[code], []).append(code)

        def pieces(x: Any) -> int:
            p, lo, hi = who(x), low(x), high(x)
            tops = x.st.tops
            return sum(tops[code + p - 1].bit_count() for v, codes in by_value.items() if lo <= v <= hi
                       for code in codes)
        return pieces

    def count(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who, kinds = args[0], set(kinds_of(args))
        owner_of = t.code_owner

        def counter(x: Any) -> int:
            owner = who(x)
            return sum(1 for s in x.st.stacks for pc in s if owner_of[pc] == owner and t.code_kind[pc] in kinds)
        return counter

    def pieces_in(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        mask = t.region_mask(args[0](None))
        kinds = [t.kind_index[a(None)] for a in args[1:]] or list(range(len(t.kind_names)))
        codes = [code for code in range(t.num_codes) if t.code_kind[code] in kinds]
        return lambda x: sum((x.st.tops[code] & mask).bit_count() for code in codes)

    def controlled(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who = args[0]
        codes = t.player_codes([a(None) for a in args[1:]] or None)

        def pieces(x: Any) -> int:
            tops = x.st.tops
            bits = 0
            for code in codes[who(x)]:
                bits |= tops[code]
            return _stacked(x.st.stacks, bits)
        return pieces

    def points(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who = args[0]
        return lambda x: x.st.score[who(x)]

    def captures(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        who = args[0]
        return lambda x: x.st.captures[who(x)]

    return {"reserve": reserve, "top_count": top_count, "square_of": square_of, "worth": worth, "count": count,
            "pieces_in": pieces_in,
            "controlled": controlled, "points": points, "captures": captures}


def _squares(t: "Tables") -> dict[str, Builder]:
    """``height``, ``value``, ``owner`` and ``surrounded``: questions about one square."""

    def height(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        sq = _square_arg(t, args[0], asts[0])

        def pieces(x: Any) -> int:
            s = sq(x)
            return len(x.st.stacks[s]) if s >= 0 else 0  # -1, no square (off the board): nothing there
        return pieces

    def owner(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        sq = _square_arg(t, args[0], asts[0])
        owners = t.code_owner

        def top_owner(x: Any) -> int:
            s = sq(x)
            stack = x.st.stacks[s] if s >= 0 else None
            return owners[stack[-1]] if stack else 0
        return top_owner

    def offset(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        """The square ``df`` files and ``dr`` ranks from the square (on a board with sides, sites:
        a cell's neighbour is two sites on); -1 off the board, or from -1."""
        sq = _square_arg(t, args[0], asts[0])
        topo = t.topology
        if not isinstance(topo, SquareTopology):
            raise ValueError("offset() counts files and ranks: it needs a square board")
        width, height, full = topo.width, topo.height, topo.full_mask

        def shifted(x: Any) -> int:
            s, df, dr = sq(x), args[1](x), args[2](x)
            if s < 0:
                return -1
            f, r = s % width + df, s // width + dr
            n = r * width + f
            return n if 0 <= f < width and 0 <= r < height and full >> n & 1 else -1
        return shifted

    def value(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        sq = _square_arg(t, args[0], asts[0])
        values = t.value

        def worth(x: Any) -> int:
            s = sq(x)
            stack = x.st.stacks[s] if s >= 0 else None
            return values[stack[-1]] if stack else 0
        return worth

    def surrounded(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        sq = _square_arg(t, args[0], asts[0])
        topo = cast("Board", t.topology)
        if not isinstance(topo, SquareTopology):
            dirs = topo.directions("all")
            around = []
            for s in range(topo.size):
                near = [n for n in (topo.step(s, d) for d in dirs) if n >= 0]
                around.append(sum(1 << n for n in near) if len(near) == len(dirs) else -1)
        else:
            around = [topo.enclosure(s) for s in range(topo.size)]

        def closed(x: Any) -> bool:
            mask = around[sq(x)]
            return mask >= 0 and x.st.occupied & mask == mask
        return closed

    def region_of(args: list[Evaluator], at: int) -> Callable[[Any], int]:
        """The squares of the region named by argument ``at``, with the player after it for a
        region kept per player (his half; without a player, both halves)."""
        name = args[at](None)
        if not t.is_region(name):
            raise ValueError(f"{name!r} is not a region of this board")
        if len(args) > at + 1:
            who = args[at + 1]
            halves = t.player_region_masks(name)
            return lambda x: halves[who(x)]
        mask = t.region_mask(name)
        return lambda x: mask

    def inside(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        """Whether the square is one of the region's (``inside(to, pits, mover)``)."""
        sq = _square_arg(t, args[0], asts[0])
        region = region_of(args, 1)
        return lambda x: sq(x) >= 0 and bool(region(x) >> sq(x) & 1)

    def total(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        """The pieces in the stacks of the region's squares, whoever owns them."""
        region = region_of(args, 0)
        return lambda x: _stacked(x.st.stacks, region(x) & x.st.occupied)

    def coordinate(of_rank: bool) -> Builder:
        """``file(square)``, ``rank(square)``: the square's file or rank on a square board, from 1."""
        def build(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            sq = _square_arg(t, args[0], asts[0])
            topo = t.topology
            if not isinstance(topo, SquareTopology):
                raise ValueError("file() and rank() count the files and ranks of a square board")
            table = [topo.file_rank(s)[1 if of_rank else 0] for s in range(topo.size)]
            return lambda x: table[sq(x)]
        return build

    return {"height": height, "value": value, "owner": owner, "offset": offset, "surrounded": surrounded,
            "inside": inside,
            "total": total,
            "file": coordinate(False), "rank": coordinate(True)}


def _adjacency(t: "Tables") -> tuple["Board", list[int]]:
    """The board and, per square, the mask of its neighbours as groups and paths count them:
    orthogonal on a square board, every direction on another."""
    topo = cast("Board", t.topology)
    near = topo.neighbour_masks(topo.directions("orthogonal" if isinstance(topo, SquareTopology) else "all"))
    if isinstance(topo, SidesTopology):  # a way runs from cell to cell across sides, never along a vertex
        vertices = topo.regions["vertices"]
        near = [0 if vertices >> sq & 1 else mask & ~vertices for sq, mask in enumerate(near)]
    return topo, near


def _groups(t: "Tables") -> dict[str, Builder]:
    """``liberties``, ``area``, ``groups``, ``enclosed``: questions about groups of pieces."""

    def liberties(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        sq = _square_arg(t, args[0], asts[0])
        topo, near = _adjacency(t)
        owner = t.code_owner
        full = topo.full_mask

        def count(x: Any) -> int:
            s = sq(x)
            stack = x.st.stacks[s]
            if not stack:
                return 0
            who = owner[stack[-1]]
            mine = 0
            for code, bits in enumerate(x.st.tops):
                if owner[code] == who:
                    mine |= bits
            group = flood(1 << s, mine, near)
            around = 0
            while group:
                low = group & -group
                group ^= low
                around |= near[low.bit_length() - 1]
            return int((around & full & ~x.st.occupied).bit_count())
        return count

    def area(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        """A player's pieces plus the empty squares from which only his pieces are reached through
        empty neighbours (area scoring)."""
        who = args[0]
        topo, near = _adjacency(t)
        owner = t.code_owner
        full = topo.full_mask

        def count(x: Any) -> int:
            p = who(x)
            st = x.st
            mine = theirs = 0
            for code, bits in enumerate(st.tops):
                if owner[code] == p:
                    mine |= bits
                elif owner[code]:
                    theirs |= bits
            empty = full & ~st.occupied
            total = mine.bit_count()
            left = empty
            while left:
                region = flood(left & -left, empty, near)
                left &= ~region
                border = 0
                bits = region
                while bits:
                    low = bits & -bits
                    bits ^= low
                    border |= near[low.bit_length() - 1]
                if border & mine and not border & theirs:
                    total += region.bit_count()
            return int(total)
        return count

    def board_was(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        """1 where the board now is the board of ``n`` plies before, else 0."""
        back = args[0]

        def was(x: Any) -> int:
            boards = x.st.boards
            n = back(x)
            return 1 if 0 < n < len(boards) and boards[-1 - n] == boards[-1] else 0
        return was

    def neighbours(name: str, asts: tuple[Node, ...]) -> list[int]:
        """The neighbour masks of a question about groups: in every direction of the board, or in
        the direction set its second argument names (as text)."""
        topo = cast("Board", t.topology)
        which: Any = "all"
        if len(asts) > 1:
            which = asts[1].value if isinstance(asts[1], Const) else None
            if not isinstance(which, str):
                raise ValueError(f"{name}() takes a player and, second, the name of a direction set as text "
                                 "('orthogonal')")
        try:
            return topo.neighbour_masks(topo.directions(which))
        except (KeyError, ValueError):
            raise ValueError(f"{name}(): {which!r} is not a direction set of this board") from None

    owner = t.code_owner

    def pieces_of(st: Any, p: int) -> int:
        mine = 0
        for code, bits in enumerate(st.tops):
            if owner[code] == p:
                mine |= bits
        return mine

    def groups(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        """The number of a player's groups: his top pieces joined through neighbouring squares (in
        every direction of the board, or in the direction set named by the second argument)."""
        who = args[0]
        near = neighbours("groups", asts)

        def count(x: Any) -> int:
            mine = pieces_of(x.st, who(x))
            n = 0
            while mine:
                mine &= ~flood(mine & -mine, mine, near)
                n += 1
            return n
        return count

    def enclosed(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        """The squares a loop of a player's pieces goes round, whatever stands on them: the squares
        off the border that neither are nor touch a square from which a path of squares not his
        (through neighbouring squares, as ``groups`` counts them) leads to the border. An empty or
        enemy square walled in is one; so is a piece of his whose neighbours are all his or walled
        in (the middle of a flower of seven)."""
        who = args[0]
        near = neighbours("enclosed", asts)
        topo = cast("Board", t.topology)
        full, border = topo.full_mask, topo.region_mask("border")

        def count(x: Any) -> int:
            mine = pieces_of(x.st, who(x))
            free = full & ~mine
            outside = flood(free & border, free, near)
            n = (free & ~outside).bit_count()  # walled in: never on the border, never next to outside
            inner = mine & ~border
            while inner:
                low = inner & -inner
                inner ^= low
                if not near[low.bit_length() - 1] & outside:
                    n += 1
            return int(n)
        return count

    return {"liberties": liberties, "area": area, "board_was": board_was, "groups": groups, "enclosed": enclosed}


def _tracks(t: "Tables") -> dict[str, Builder]:
    """``at``, ``on_path`` and ``pinned``: counts on a track board's places and paths;
    ``path_position``: where a square lies on a player's path."""

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

    def path_position(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
        """The position of a square on a player's path (1: his first point); 0 for a square off
        his path (a place, the other player's own points) and for no square (-1)."""
        position = getattr(t.topology, "position", None)
        if position is None:
            raise ValueError("path_position() reads a player's path on a track board; this board has none")
        who, where = args[0], _square_arg(t, args[1], asts[1])
        size = len(position[1])

        def find(x: Any) -> int:
            sq = where(x)
            return position[who(x)][sq] if 0 <= sq < size else 0
        return find

    return {"at": at, "on_path": on_path, "pinned": pinned, "path_position": path_position}
