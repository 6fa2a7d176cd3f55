"""The contract every move block follows.

A block is one file. It holds everything about one kind of move:

- ``name``: its key in game files; ``schema``: the JSON Schema of its keys (``schema/game.schema.json``
  is assembled from these: ``python -m spielwerk.blocks.schema``);
- ``check(checker, path, params)``: the checks across its keys that the schema cannot state,
  each a located error (run by ``spielwerk validate`` with every other check);
- its compile step, ``__init__(c, index, params, path)``: ``c`` is :class:`Compiling`, what the
  compile stage lends a block (the tables, located errors, numbers, conditions). A block keeps what
  it needs as flat tables and never sees the game;
- ``generate``/``apply``/``undo`` over the tables (``self.t``) and the state's arrays, changing
  the position only through :mod:`spielwerk.ledger`;
- its moves as text: ``fields``/``from_fields`` (named values the notation templates read and
  write) and ``explain`` (why a move is illegal);
- its action ids for learning programs: ``action_keys`` and ``action_parts``.

Abilities only some blocks have are methods here with defaults: a turn made step by step
(:meth:`step_choices`, :meth:`step_move`), another turn after a move (:meth:`again`), the weight of a
capture (:meth:`weight`), a move of several parts (:attr:`multi_part`, :meth:`partial_move`,
:meth:`part_text`), a position the block cannot play (:meth:`position_problem`), whether its moves
may take a piece off the board (:meth:`takes_off`, which the readers of position texts ask).

A block whose moves can grow without bound (chains, spreads) stops at the game's bound on the
moves of one position, ``self.t.move_limit``, by raising :meth:`too_many`, a located error at
the block; the game checks every listing once it is made.

A move is a tuple whose first item is the block's index in the game; the rest are the block's own
fields (squares, counts, steps).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Protocol

from ..dsl.errors import MoveLimitError
from ..ledger import topped

if TYPE_CHECKING:  # pragma: no cover
    from ..dsl.errors import SpecError
    from ..moves import Move
    from ..state import Position
    from ..tables import Tables

__all__ = ["Block", "Compiling", "Conditions", "Checking", "COMMON_KEYS", "reads_the_part_before", "too_many_moves"]


class Conditions(Protocol):
    """The evaluation context of the game's compiled conditions (filled for a move, then asked)."""

    @property
    def ctx(self) -> Any: ...

    def square_context(self, st: "Position", player: int, frm: int, to: int, k: int, square: int = -1) -> Any: ...

    def bind(self, st: "Position", mover: int) -> Any: ...


class Compiling(Protocol):
    """What the compile stage lends a block while it compiles."""

    #: the tables compiled so far (the pieces, the board, the reserves, the hash keys)
    t: "Tables"

    @property
    def cond(self) -> Conditions:
        """Where conditions are evaluated while playing."""
    #: the option values, and whether the specialised generators may be used
    options: dict[str, Any]
    fast_paths: bool
    #: the game file's data (read while compiling only)
    data: dict[str, Any]
    #: the named predicates, compiled
    predicates: dict[str, Any]

    def error(self, path: tuple[Any, ...], message: str) -> "SpecError": ...

    def number(self, path: tuple[Any, ...], value: Any, low: int = 0, high: int = 1_000_000,
               why: str = "") -> int: ...

    def constant(self, path: tuple[Any, ...], value: Any) -> Any: ...

    def condition(self, path: tuple[Any, ...], value: Any) -> Callable[[Any], Any]: ...

    def move_number(self, path: tuple[Any, ...], value: Any) -> Any: ...

    def expression(self, path: tuple[Any, ...], value: Any) -> Any: ...

    def env(self) -> Any: ...

    def report(self, path: tuple[Any, ...], message: str) -> None: ...

    def option_default(self, name: str) -> Any: ...

    def piece_decl(self, kind: str) -> dict[str, Any]: ...

    def template(self, block: str) -> str: ...


class Checking(Protocol):
    """What ``validate`` lends a block's :meth:`Block.check`: located errors and the usual checks of
    names and expressions (see :class:`spielwerk.dsl.spec.Checker`)."""

    data: dict[str, Any]
    pieces: Any
    regions: Any
    #: the block is a later part of a turn (under `then`), whose conditions may read the part before
    later_part: bool

    def fail(self, path: tuple[Any, ...], message: str) -> None: ...

    def piece(self, path: tuple[Any, ...], name: Any) -> None: ...

    def pieces_at(self, path: tuple[Any, ...], names: Any) -> None: ...

    def region(self, path: tuple[Any, ...], name: Any) -> None: ...

    def expression(self, path: tuple[Any, ...], text: Any, extra: Any = frozenset()) -> None: ...

    def landing(self, path: tuple[Any, ...], spec: Any, words: tuple[str, ...], extra: set[str]) -> None: ...

    def refuse(self, path: tuple[Any, ...], value: Any, instead: str) -> None: ...

    def warn(self, path: tuple[Any, ...], message: str) -> None: ...

    def own(self, *paths: tuple[Any, ...]) -> tuple[Any, ...]: ...

    @property
    def stacking(self) -> bool: ...


def reads_the_part_before(checker: Checking, path: tuple[Any, ...], text: Any, names: set[str]) -> None:
    """Refuse an expression of a block that is not a later part of a turn where it reads ``names``
    (the squares of the part before: ``to``, ``from``, ``last_to``), which only a later part has."""
    if checker.later_part or not isinstance(text, str):
        return
    from ..dsl.expr import ExprError, names_in, parse_expr
    try:
        read = names_in(parse_expr(text)) & (names | {"last_to"})
    except ExprError:
        return
    if read:
        checker.fail(path, f"{text!r} reads {', '.join(sorted(read))}: the squares of the part of a turn "
                     "before, which only a later part (under `then`) has")


#: the keys every move block takes, which the phase reads (``when``), the game (``sets``) or nobody (``description``):
#: the schema lists them with each block's own keys
COMMON_KEYS: dict[str, Any] = {
    "when": {
        "$ref": "#/$defs/condition",
        "description": (
            "Offer this block's moves only while the condition holds (evaluated before the move; `mover` is the "
            "player to move), e.g. `ply >= 2`. Absent: always."
        ),
    },
    "effects": {
        "type": "array",
        "description": (
            "Effects after each move of this block, before the game's `after_move` (the same kinds: "
            "`outflank`, `remove_groups`, `remove`, `set`...); `from` and `to` are the move's squares."
        ),
        "items": {"$ref": "#/$defs/afterMove"},
    },
    "legal_if": {
        "$ref": "#/$defs/condition",
        "description": (
            "A condition on the position after the move (and its effects): moves after which it does not "
            "hold are not legal, e.g. `move_flips > 0` or `liberties(to) > 0`."
        ),
    },
    "prefer_if": {
        "description": (
            "A condition on the position after the move, like `legal_if`, but a preference: where some move of "
            "the turn satisfies its block's `prefer_if`, only those are legal (moves of blocks without one "
            "count as satisfying it); where none does, every move is. E.g. `mobility(opponent) > 0`: leave the "
            "opponent a move if you can. A list gives preferences in order of priority: each in turn keeps "
            "the moves that satisfy it, where any does."
        ),
        "anyOf": [
            {"$ref": "#/$defs/condition"},
            {"type": "array", "items": {"$ref": "#/$defs/condition"}, "minItems": 1},
        ],
    },
    "again": {
        "$ref": "#/$defs/condition",
        "description": (
            "After a move of this block, the same player moves again while this holds (checked after "
            "the move and its effects), e.g. `move_captures > 0`."
        ),
    },
    "then": {
        "type": "array",
        "description": (
            "The turn goes on: after a move of this block the same player makes a move of one of these "
            "blocks whose `when` holds (reading the move's `from`, `to` and `move_captures`); where none "
            "can move, the turn ends. See docs/reference/turns.md#turns-of-several-parts."
        ),
        "items": {"$ref": "#/$defs/move"},
        "minItems": 1,
    },
    "then_optional": {
        "type": "boolean",
        "description": "True: the turn may also end after this block's move where `then` could go on. Default false.",
        "default": False,
    },
    "sets": {
        "$ref": "#/$defs/setters",
        "description": (
            "Counters set after each move of this block (after the effects), e.g. `{quiet: \"0 if move_captures "
            "else quiet + 1\"}`: see docs/reference/effects.md#counters."
        ),
    },
    "weight": {
        "$ref": "#/$defs/intExpression",
        "description": (
            "In a chance phase: how likely each of this entry's moves is, against the phase's other moves "
            "(default 1; 0 or less: never drawn), an expression that may read the move's `from` and `to`. "
            "Refused in a phase the players choose in. See docs/reference/turns.md#chance-phases."
        ),
    },
    "notation": {
        "type": "string",
        "minLength": 1,
        "description": (
            "How this entry's moves are written, in place of the game's template for its kind "
            "(`notation.moves`): two entries of one kind written apart, e.g. captures `{from}x{to}` beside "
            "quiet moves `{from}-{to}`. See docs/reference/notation.md."
        ),
    },
    "description": {"type": "string", "description": "Free text for readers of the file; the engine ignores it."},
}


class Block:
    """A kind of move (see the module docstring)."""

    #: the block's key in game files
    name = ""
    #: the JSON Schema of the block's keys (None for the blocks the engine adds: roll, pass), its
    #: entry in the schema's ``$defs``, and its line in the schema's list of move blocks
    schema: ClassVar[dict[str, Any] | None] = None
    schema_name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    #: the notation template used when the game file declares none
    default_template = ""
    #: field name -> kind (square, piece, int, direction, digits, flag) for notation templates
    field_kinds: dict[str, str] = {}
    #: what one action of this block names, for docs/reference/actions.md and ``games --actions``
    action_doc = ""
    #: a move of this block may take several actions, one per part (a hop of a chain, a die's step)
    multi_part = False
    #: the block gives its turns step by step (a dice turn): see :meth:`step_choices`
    stepwise = False
    #: a move of this block may give its player another turn (see :meth:`again`)
    roll_again = False
    #: a move of this block changes the board on its from and to squares alone (``attacked`` then
    #: asks where the moves land without playing them)
    lands_only = False

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        self.t = c.t
        self.cond = c.cond
        self.index = index
        self.params = params
        self.path = path
        #: where the block is written, for the errors it raises while playing (too many moves)
        self.site = c.error(path, "")

    @classmethod
    def make(cls, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> "Block":
        """Compile one use of this block (a block may choose a faster class for a shape of its keys)."""
        return cls(c, index, params, path)

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        """Check the keys of one use of this block in a game file (see the module docstring)."""
        checker.pieces_at(path + ("pieces",), params.get("pieces"))

    @staticmethod
    def require_stacking(c: Compiling, why: str) -> None:
        """Refuse this block on a board without ``stacking`` (``why``: what piles up)."""
        if not c.t.stacking:
            raise c.error(("board", "stacking"), f"{why}: the board needs `stacking: true`")

    def too_many(self, what: str = "moves in one position") -> MoveLimitError:
        """The error of a position where this block's moves pass the game's bound (``limits.moves``);
        ``what`` says what passed it (the moves, or the work of making them)."""
        return too_many_moves(self.site, self.name, self.t.move_limit, what)

    # -- play ---------------------------------------------------------------------------------------
    def generate(self, st: "Position", out: list[Any]) -> None:
        """Append this block's legal moves in ``st`` to ``out``."""
        raise NotImplementedError

    def apply(self, st: "Position", move: "Move") -> Any:
        """Play ``move`` on ``st`` (its pieces only: the game does the rest); return what
        :meth:`undo` needs."""
        raise NotImplementedError

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        raise NotImplementedError

    def again(self, move: "Move") -> bool:
        """Whether ``move`` gives its player another turn (where :attr:`roll_again` is set)."""
        return False

    def weight(self, st: "Position", move: "Move", prefer: str) -> int:
        """What ``move`` captures, for ``prefer``: pieces (``most``) or their value (``value``)."""
        return 0

    def step_choices(self, st: "Position", done: Any = ()) -> list[Any]:
        """A turn step by step (where :attr:`stepwise` is set): the next choices after ``done``."""
        raise NotImplementedError

    def step_move(self, st: "Position", done: Any) -> "Move":
        """The move the step choices ``done`` make (where :attr:`stepwise` is set)."""
        raise NotImplementedError

    def from_square(self, move: "Move") -> int:
        """The square ``move`` leaves (-1: none, a placement); what follows a move reads it (``from``)."""
        return -1

    def to_square(self, move: "Move") -> int:
        """The square ``move`` ends on (-1: none); what follows a move reads it (``to``)."""
        return -1

    def could_take(self, player: int, square: int, code: int) -> int | None:
        """For a block whose moves change their from and to squares alone (``lands_only``): the
        squares (a bitmask) from which a move of ``player``'s could end on ``square`` when the piece
        ``code`` stands there, whatever lies between; 0 where none could, None where the block
        cannot tell. ``attacked`` then lists the moves of a block only where one of its pieces
        stands on such a square."""
        return None

    def pieces_on(self, st: "Position", player: int) -> int | None:
        """The squares (a bitmask) topped by ``player``'s pieces of the kinds this block moves, for
        a block that keeps them per player as ``codes``; None for a block that names no kinds."""
        codes = getattr(self, "codes", None)
        if not isinstance(codes, list) or len(codes) != 3:
            return None
        return topped(st, codes[player])

    def moves_piece(self, st: "Position", move: "Move") -> bool:
        """Whether ``move`` starts from a piece this block moves (the stack on its ``from`` square
        topped by one of the block's kinds): where several blocks read a text, the reason of one
        that moves the piece is the reason told. True where the block names no kinds or the move
        no square."""
        mine = self.pieces_on(st, st.to_move)
        a = self.from_square(move)
        return mine is None or a < 0 or bool(mine >> a & 1)

    def position_problem(self, st: "Position") -> str | None:
        """Why a position read from a text cannot occur in a game with this block, or None."""
        return None

    def fired(self, info: Any) -> bool:
        """Whether playing a move of this block, which :meth:`apply` answered with ``info``, made
        an effect of its own fire (the effects of a turn's parts: the game looks at the rest)."""
        return False

    def takes_off(self) -> bool:
        """Whether a move of this block may take a piece off the board or turn it into another kind
        (True unless the block knows better: the readers of position texts then count on nothing)."""
        return True

    # -- texts ----------------------------------------------------------------------------------------
    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        raise NotImplementedError

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        raise NotImplementedError

    def explain(self, st: "Position", move: "Move") -> str:
        """Why ``move`` (well-formed, not generated) is illegal in ``st``."""
        return "not a legal move in this position"

    # -- action ids (see :mod:`spielwerk.learning.actions`) ------------------------------------------
    def action_keys(self) -> list[Any]:
        """Every action key this block can produce on this board, in a fixed order: the order of
        its action ids. A key is a small tuple that does not depend on who moves."""
        raise NotImplementedError

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        """The keys of the actions that make ``move``, in the order they are chosen (one for
        most blocks)."""
        raise NotImplementedError

    def partial_move(self, st: "Position", parts: tuple[Any, ...], move: "Move | None") -> Any:
        """A move that plays only the first ``parts`` of a move of several parts (``move``, a
        legal move beginning with them, where one is known), for showing a turn in progress;
        None where the block has no such move."""
        return None

    def part_text(self, st: "Position", key: Any) -> str:
        """One part of a move of several parts as text (a hop, a step)."""
        return "-".join(self.t.topology.names[sq] for sq in key)


def too_many_moves(site: "SpecError", name: str, limit: int, what: str = "moves in one position") -> MoveLimitError:
    """More than ``limit`` moves in one position (or ``what`` else), located at ``site`` (where the
    block ``name`` is written), saying how to allow more."""
    return MoveLimitError(f"more than {limit:,} {what}: `{name}` makes too many moves here (its moves "
                          "can grow without bound); `limits: {moves: N}` at the top of the game file "
                          "allows more", site.file, site.line, site.col, site.excerpt)


#: the old name of :class:`Block`
Primitive = Block
