"""The checked game specification: schema validation, semantic checks and option values.

``load_spec(path)`` reads a game file (with ``extends``), validates the merged document against
``schema/game.schema.json``, then checks what the schema cannot see (undefined pieces, regions,
predicates, bad expressions), and reports every problem as ``file:line:col: message``.
"""

from __future__ import annotations

import difflib
import re
import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Iterator, Mapping, cast

import jsonschema

from .errors import OptionError, SpecError, SpecErrors
from .expr import ExprError, Node, parse_expr
from .loader import Document, Marks, read_document

__all__ = ["Spec", "Checker", "load_spec", "check_blocks", "schema", "BUILTIN_VARIABLES", "MOVE_VARIABLES",
           "LINE_VARIABLES",
           "RESULT_VARIABLES", "BUILTIN_FUNCTIONS", "counter_target",
           "BUILTIN_REGIONS"]

#: Names every expression may read (run-time values).
BUILTIN_VARIABLES = ("mover", "opponent", "player", "winner", "board_full", "ply", "cube", "phase", "die",
                     "board_repeats", "last_to")
#: Names only a move's conditions and numbers may read (the move's squares, pieces, stack height).
MOVE_VARIABLES = ("from", "to", "k", "height")
#: Names only a move's ``distance`` may read: the pieces on the whole line the move follows.
LINE_VARIABLES = ("line_pieces",)
#: Names only what follows a move may read (counters set, effects): what the move did.
RESULT_VARIABLES = ("move_captures", "move_flips", "move_placed")
#: Functions every expression may call, with their argument counts.
BUILTIN_FUNCTIONS = {"reserve": (1, 2), "top_count": (2, 9), "count": (2, 9), "min": (1, 9),
                     "max": (1, 9), "abs": (1, 1), "pieces_in": (1, 9), "cells": (1, 1),
                     "at": (2, 2), "on_path": (3, 3), "path_position": (2, 2), "points": (1, 1), "height": (1, 1),
                     "owner": (1, 1), "offset": (3, 3), "surrounded": (1, 1), "controlled": (1, 9), "captures": (1, 1),
                     "can_move": (1, 1), "pinned": (1, 3), "progress": (2, 2), "liberties": (1, 1),
                     "area": (1, 1), "board_was": (1, 1), "can_capture": (1, 1), "mobility": (1, 1),
                     "attacked": (2, 2), "reachable": (2, 9), "forms": (2, 2), "inside": (2, 3),
                     "total": (1, 2), "file": (1, 1), "rank": (1, 1), "groups": (1, 2),
                     "enclosed": (1, 2), "square_of": (2, 9),
                     "value": (1, 1), "worth": (3, 3)}
#: The functions whose first argument is a player (predicates called as functions are too).
PLAYER_FIRST = frozenset({"reserve", "top_count", "count", "at", "on_path", "path_position", "points", "controlled",
                          "captures", "can_move", "pinned", "area", "can_capture", "mobility", "groups",
                          "enclosed", "square_of", "worth"})
#: Names that are never a player.
NOT_PLAYERS = frozenset({"ply", "die", "cube", "board_full", "phase", "from", "to", "k", "height", "square",
                         "line_pieces", "move_captures", "move_flips", "move_placed", "board_repeats", "last_to"})
#: Regions computed from topology on a square board.
BUILTIN_REGIONS = ("north", "south", "east", "west", "border", "corners", "center", "all")


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The JSON Schema of game files."""
    text = resources.files("spielwerk.schema").joinpath("game.schema.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@dataclass
class Spec:
    """A checked game file: plain data plus where each part was written."""

    data: dict[str, Any]
    marks: Marks
    file: str
    expressions: dict[tuple[Any, ...], Node] = field(default_factory=dict)
    #: the move blocks' own checks have run (see :func:`load_spec`'s ``blocks``)
    blocks_checked: bool = False
    #: what the checks found worth saying that does not stop the game (``spielwerk validate``
    #: prints it): rules whose moves can grow without bound
    warnings: list[SpecError] = field(default_factory=list)

    @property
    def name(self) -> str:
        return str(self.data["game"])

    @property
    def options(self) -> dict[str, dict[str, Any]]:
        options: dict[str, dict[str, Any]] = self.data.get("options", {})
        return options

    def option_decl(self, key: str) -> dict[str, Any]:
        """The declaration of option ``key``, with ``values_from`` turned into ``values``."""
        decl = dict(self.options[key])
        source = decl.get("values_from")
        if source is not None:
            pred = self.data.get("predicates", {}).get(source, {}).get("pattern")
            if pred is not None and "pictures" in pred:
                decl["values"] = list(pred["pictures"])
            elif source in self.data.get("tables", {}):
                decl["values"] = list(self.data["tables"][source]["values"])
        return decl

    def option_defaults(self) -> dict[str, Any]:
        return {k: v.get("default") for k, v in self.options.items()}

    def resolve_options(self, given: dict[str, Any] | None = None) -> dict[str, Any]:
        """Option values: defaults overridden by ``given`` (text values are converted and checked).

        A default written ``{by, values, otherwise}`` follows the value of another option.
        """
        values = {}
        given = dict(given or {})
        for key in given:
            if key not in self.options:
                known = ", ".join(sorted(self.options)) or "none"
                raise OptionError(f"{self.name} has no option {key!r} (options: {known})")
        for key, decl in self.options.items():
            if key in given:
                values[key] = _convert_option(self.name, key, self.option_decl(key), given[key])
            elif not isinstance(decl.get("default"), dict):
                values[key] = decl.get("default")
        for key, decl in self.options.items():
            default = decl.get("default")
            if key not in values and isinstance(default, dict):
                other = values.get(default["by"])
                table = {str(k): v for k, v in default.get("values", {}).items()}
                values[key] = table.get(str(other), default.get("otherwise"))
        return values

    def expr(self, path: tuple[Any, ...]) -> Node:
        """The parsed expression written at ``path``."""
        return self.expressions[tuple(path)]

    def error(self, path: tuple[Any, ...], message: str) -> SpecError:
        return self.marks.error(path, message)


def _convert_option(game: str, key: str, decl: dict[str, Any], raw: Any) -> Any:
    kind = decl.get("type", "int")
    value: Any
    try:
        if kind == "int":
            value = int(raw) if not isinstance(raw, bool) else None
            if value is None:
                raise ValueError
        elif kind == "bool":
            if isinstance(raw, bool):
                value = raw
            elif str(raw).lower() in ("1", "true", "yes", "on"):
                value = True
            elif str(raw).lower() in ("0", "false", "no", "off"):
                value = False
            else:
                raise ValueError
        else:
            value = str(raw)
    except (TypeError, ValueError):
        raise OptionError(f"option {key}={raw!r} of {game}: expected {kind}") from None
    if kind == "int":
        lo, hi = decl.get("min"), decl.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise OptionError(f"option {key}={value} of {game}: must be between {lo} and {hi}")
        allowed = decl.get("values")
        if allowed is not None and value not in allowed:
            raise OptionError(f"option {key}={value} of {game}: must be one of {', '.join(map(str, allowed))}")
    if kind == "choice":
        choices = [str(c) for c in decl.get("values", [])]
        aliases = {str(a): str(c) for c, al in decl.get("aliases", {}).items() for a in al}
        if value not in choices:
            folded = {c.lower(): c for c in choices} | {a.lower(): c for a, c in aliases.items()}
            if value.lower() not in folded:
                raise OptionError(f"option {key}={value!r} of {game}: must be one of {', '.join(choices)}")
            value = folded[value.lower()]
    return value


# -- schema errors -----------------------------------------------------------------------------

def _schema_messages(error: jsonschema.ValidationError) -> Iterator[tuple[tuple[Any, ...], str]]:
    path = tuple(error.absolute_path)
    where = "/".join(str(p) for p in path) or "the top level"
    if error.validator == "additionalProperties":
        allowed = list(cast("Mapping[str, Any]", error.schema).get("properties", {}))
        extra = [k for k in cast(Any, error.instance) if k not in allowed]
        for key in extra:
            hint = difflib.get_close_matches(str(key), allowed, n=1)
            tip = f" (did you mean {hint[0]!r}?)" if hint else f" (expected one of: {', '.join(allowed)})"
            yield path + (key,), f"unknown key {key!r} in {where}{tip}"
        return
    if error.validator == "required":
        missing = [k for k in cast(Any, error.validator_value) if k not in cast(Any, error.instance)]
        for key in missing:
            yield path, f"missing key {key!r} in {where}"
        return
    if error.validator in ("oneOf", "anyOf") and error.context:
        # The branch that got furthest explains the problem best (never the `null` that takes an
        # inherited entry out, when the entry is there)
        context = [e for e in error.context if cast("Mapping[str, Any]", e.schema).get("type") != "null"] \
            or error.context
        # a branch of the right kind (text, list, mapping) explains better than "expected another kind"
        context = [e for e in context if e.validator != "type"] or context
        best = jsonschema.exceptions.best_match(context)
        if best is not None and best.context is not context:
            yield from _schema_messages(best)
            return
    if error.validator == "type":
        want = error.validator_value
        want = " or ".join(want) if isinstance(want, list) else want
        yield path, f"{where}: expected {want}, got {type(error.instance).__name__} {error.instance!r}"
        return
    if error.validator == "enum":
        words = [str(v) for v in cast(Any, error.validator_value)]
        hint = difflib.get_close_matches(str(error.instance), words, n=1)
        tip = f" (did you mean {hint[0]!r}?)" if hint else ""
        yield path, (f"{where}: {error.instance!r} is not one of "
                     f"{', '.join(repr(v) for v in cast(Any, error.validator_value))}{tip}")
        return
    if error.validator == "pattern":
        what = _PATTERN_WORDS.get(cast(str, error.validator_value), f"text matching {error.validator_value}")
        yield path, f"{where}: {error.instance!r} is not {what}"
        return
    yield path, f"{where}: {error.message}"


_TRAILER_FIELD = r"\{[A-Za-z_][A-Za-z0-9_]*\}"
#: the schema's patterns in words, for messages
_PATTERN_WORDS = {
    "^[a-z][a-z0-9]*(-[a-z0-9]+)*$": "a game id: lower-case letters and digits, words joined by dashes",
    "^[a-z_][a-z0-9_]*$": "a name of lower-case letters, digits and underscores, not starting with a digit",
    "^[a-z][a-z0-9_-]*$": "a name of lower-case letters, digits, underscores and dashes, starting with a letter",
    "^[A-Za-z][A-Za-z0-9_]*$": "a name of letters, digits and underscores, starting with a letter",
    "^[Ox.]+$": "a row of a picture written with O, x and .",
    "^[A-Za-z0-9]{1,8}$": "a point name of 1 to 8 letters and digits",
    f"^{_TRAILER_FIELD}( {_TRAILER_FIELD})*$":
        "fields separated by single spaces, each one of {to_move}, {move_number}, {ply}, {doubles_1}, "
        "{doubles_2}, {points_1}, {points_2}, {reserve_1}, {reserve_2}, {captures_1}, {captures_2} or a "
        "counter's {NAME}, {NAME_1}, {NAME_2}",
}


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema())


def _validate_schema(doc: Document) -> list[SpecError]:
    seen: set[tuple[Any, ...]] = set()
    found: list[tuple[tuple[Any, ...], str]] = []
    for error in sorted(_validator().iter_errors(doc.data), key=lambda e: [str(p) for p in e.absolute_path]):
        for path, message in _schema_messages(error):
            if (path, message) not in seen:
                seen.add((path, message))
                found.append((path, message))
    # a misspelt key also leaves the key it was meant to be missing: report the misspelling only
    meant = {(path[:-1], m.split("did you mean ")[1][1:-3]) for path, m in found if "did you mean" in m}
    out = []
    done: set[tuple[Any, ...]] = set()
    for path, message in found:
        if message.startswith("missing key ") and (path, message.split("'")[1]) in meant:
            continue
        if path in done:
            continue
        done.add(path)
        out.append(doc.marks.error(path, message))
    return out


# -- keys the engine does not act on --------------------------------------------------------------

_ANY = object()


class _Not:
    """Any value but this one."""

    def __init__(self, value: Any) -> None:
        self.value = value


#: Keys (and values) a game file could write that the engine does not act on. Each is refused with
#: a located error instead of being accepted and ignored: (path, with "*" for any key or index;
#: the refused value, ``_ANY``, ``_Not(value)`` or ``dict``; what the engine does instead).
_UNAVAILABLE: list[tuple[tuple[str, ...], Any, str]] = [
    (("board", "control"), "majority", "a stack belongs to the owner of its top piece"),
    (("reserves", "*", "owner"), "neutral", "neutral pieces outside every reserve have an unlimited supply"),
    (("phases", "*", "player"), _Not("alternate"), "the players take turns; a phase's `first` says who begins"),
    (("phases", "*", "no_moves"), _ANY, "the game's `no_moves` holds in every phase"),
    (("phases", "*", "opening", "starter_plays"), dict, "an option cannot choose it"),
    (("phases", "*", "doubles", "later", "per_player"), False, "each player's doubles are counted apart"),
    (("phases", "*", "cube", "pass_result"), _ANY, "a dropped double ends the game with the result `drop`"),
    (("predicates", "*", "race_finished"), _ANY, "write it as an end rule such as `at(mover, borne_off) == 15`"),
    (("end", "*", "check"), "step", "end rules are checked after every whole move"),
    (("after_move", "*", "name"), _ANY, "a suffix stating `effect` marks the moves that set an effect off"),
    (("notation", "alternative_squares"), _ANY, "each board has one square naming"),
    (("notation", "moves", "double"), _ANY, "the cube's decisions use the `cube` template"),
    (("notation", "moves", "drop"), _ANY, "the cube's decisions use the `cube` template"),
    (("notation", "position", "format"), "generic", "a game without a position format gets the generic "
                                                    "`stack-rows` text"),
]


def _found(data: Any, pattern: tuple[str, ...], path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) in ``data`` that ``pattern`` names."""
    if not pattern:
        yield path, data
        return
    head, rest = pattern[0], pattern[1:]
    if isinstance(data, dict):
        keys = list(data) if head == "*" else [head] if head in data else []
        for key in keys:
            yield from _found(data[key], rest, path + (key,))
    elif isinstance(data, list) and head == "*":
        for i, item in enumerate(data):
            yield from _found(item, rest, path + (i,))


def _option_refs(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every ``{option: NAME}`` in the document, with its path."""
    if isinstance(data, dict):
        if set(data) == {"option"} and path and path[0] != "notation":
            yield path + ("option",), data["option"]
            return
        for key, value in data.items():
            yield from _option_refs(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _option_refs(value, path + (i,))


def _unavailable(data: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """(path, message) for every key or value of ``data`` the engine does not act on."""
    for pattern, refused, instead in _UNAVAILABLE:
        for path, value in _found(data, pattern):
            if (refused is _ANY or (refused is dict and isinstance(value, dict))
                    or (isinstance(refused, _Not) and value != refused.value)
                    or (not isinstance(refused, _Not) and refused is not dict and value == refused
                        and type(value) is type(refused))):
                text = str(value).lower() if isinstance(value, bool) else value
                shown = f"{path[-1]}: {text}" if not isinstance(value, (dict, list)) else f"this form of {path[-1]}"
                yield path, f"`{shown}` is not available: {instead}"
    shape = data.get("board", {}).get("shape", "square")
    naming = (data.get("notation") or {}).get("squares")
    fits = {"square": ("algebraic",), "hex": ("hex",), "track": ("track_own", "track_names")}
    if naming is not None and naming not in fits.get(shape, ()):
        yield ("notation", "squares"), (f"`squares: {naming}` does not fit a {shape} board, whose squares are "
                                        f"written {' or '.join(fits.get(shape, ()))}")


# -- semantic checks -----------------------------------------------------------------------------

def counter_target(key: str) -> tuple[str, str | None] | None:
    """A counter named in ``sets``: (name, None) for ``NAME``, (name, player) for ``NAME(player)``
    (the player ``mover``, ``opponent``, ``1`` or ``2``); None for anything else."""
    m = re.fullmatch(r"([a-z_][a-z0-9_]*)(?:\((mover|opponent|1|2)\))?", key.strip())
    return (m.group(1), m.group(2)) if m else None


def picture_problem(rows: Any) -> str | None:
    """Why ``rows`` is not a valid picture (``O``, ``x``, ``.``, equal rows, an ``O``), or None."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        return "a picture is a list of rows (strings) such as [\"OO\", \"OO\"]"
    if len({len(r) for r in rows}) != 1:
        return f"the rows of a picture must have the same length, not {[len(r) for r in rows]}"
    bad = sorted({ch for r in rows for ch in r} - set("Ox."))
    if bad:
        return f"a picture uses only O (own piece), x (no own piece) and . (anything), not {''.join(bad)!r}"
    if not any("O" in r for r in rows):
        return "a picture needs at least one O cell"
    return None


def _names_with_columns(node: Node) -> set[tuple[str, int]]:
    from .expr import Call, IfElse, Name, Op
    if isinstance(node, Name):
        return {(node.name, node.column)}
    if isinstance(node, Call):
        out = {(node.name, node.column)}
        for a in node.args:
            out |= _names_with_columns(a)
        return out
    if isinstance(node, (Op, IfElse)):
        parts = node.args if isinstance(node, Op) else (node.then, node.cond, node.other)
        out = set()
        for a in parts:
            out |= _names_with_columns(a)
        return out
    return set()


def _bare_names(node: Node) -> set[tuple[str, int]]:
    """The names an expression reads as values (not those it calls), with their columns."""
    from .expr import Call, IfElse, Name, Op
    if isinstance(node, Name):
        return {(node.name, node.column)}
    parts = (node.args if isinstance(node, (Call, Op)) else (node.then, node.cond, node.other)
             if isinstance(node, IfElse) else ())
    out: set[tuple[str, int]] = set()
    for a in parts:
        out |= _bare_names(a)
    return out


class Checker:
    """Checks the references between parts of a schema-valid document. ``blocks`` maps each move
    block's key to what checks its keys (``check(checker, path, params)``: the engine's block
    classes); without it the blocks' own checks are left to the compile stage."""

    def __init__(self, doc: Document, blocks: Mapping[str, Any] | None = None) -> None:
        self.doc = doc
        self.blocks = blocks
        self.data = doc.data
        self.errors: list[SpecError] = []
        #: problems that do not make the file wrong (see :attr:`Spec.warnings`)
        self.warnings: list[SpecError] = []
        self.expressions: dict[tuple[Any, ...], Node] = {}
        self.pieces = set(self.data.get("pieces", {}))
        self.predicates = set(self.data.get("predicates", {}))
        board = self.data.get("board", {})
        regions = set(board.get("regions", {}))
        # a board whose sides are sites has the regions of its kinds of site
        kinds = {"cells", "sides", *(["vertices"] if board.get("vertices") else [])} if board.get("sides") else set()
        if board.get("bridges"):
            kinds.add("bridges")
        self.regions = regions | set(BUILTIN_REGIONS) | kinds
        self.names = (set(self.data.get("options", {})) | set(self.data.get("tables", {}))
                      | set(BUILTIN_VARIABLES) | self.pieces | set(self.data.get("reserves", {}))
                      | self.regions | self.predicates | set(self.data.get("board", {}).get("places", {})))
        counters = self.data.get("counters", {})
        #: counters read by name (one for the game) and those called with a player (one per player)
        self.counters = {k for k, c in counters.items() if not (c or {}).get("per_player")}
        self.player_counters = {k for k, c in counters.items() if (c or {}).get("per_player")}
        self.names |= self.counters
        self.functions = set(BUILTIN_FUNCTIONS) | self.predicates | self.player_counters
        #: the block being checked is a later part of a turn (under `then`): it may read the part before
        self.later_part = False

    def fail(self, path: tuple[Any, ...], message: str) -> None:
        self.errors.append(self.doc.marks.error(path, message))

    def warn(self, path: tuple[Any, ...], message: str) -> None:
        """A located warning: the file is valid, but the rule at ``path`` may cost more than it should."""
        self.warnings.append(self.doc.marks.error(path, message))

    def own(self, *paths: tuple[Any, ...]) -> tuple[Any, ...]:
        """Of keys that contradict each other, the one written in the file checked (a variant's own
        key rather than the one it extends), else the first."""
        mine = [p for p in paths if self.doc.marks.at(p).file == self.doc.file]
        return mine[0] if mine else paths[0]

    @property
    def stacking(self) -> bool:
        """Whether pieces stack on this board (``board.stacking``)."""
        board = self.data.get("board")
        return isinstance(board, dict) and bool(board.get("stacking", False))

    def piece(self, path: tuple[Any, ...], name: Any) -> None:
        if name not in self.pieces:
            hint = difflib.get_close_matches(str(name), sorted(self.pieces), n=1)
            tip = f" (did you mean {hint[0]!r}?)" if hint else ""
            self.fail(path, f"unknown piece {name!r}{tip}; pieces: {', '.join(sorted(self.pieces))}")

    def pieces_at(self, path: tuple[Any, ...], names: Any) -> None:
        if isinstance(names, list):
            for i, name in enumerate(names):
                self.piece(path + (i,), name)
        elif names is not None:
            self.piece(path, names)

    def region(self, path: tuple[Any, ...], name: Any) -> None:
        if name not in self.regions:
            hint = difflib.get_close_matches(str(name), sorted(self.regions), n=1)
            tip = f" (did you mean {hint[0]!r}?)" if hint else ""
            self.fail(path, f"unknown region {name!r}{tip}; regions: {', '.join(sorted(self.regions))}")

    def expression(self, path: tuple[Any, ...], text: Any, extra: set[str] | frozenset[str] = frozenset()) -> None:
        try:
            node = parse_expr(text)
        except ExprError as exc:
            self._expr_fail(path, exc)
            return
        for name, column in sorted(_bare_names(node)):
            if name in (*MOVE_VARIABLES, *RESULT_VARIABLES, *LINE_VARIABLES, "square") and name not in extra:
                where = ("a move's conditions and numbers" if name in MOVE_VARIABLES else "an effect's `where`"
                         if name == "square" else "a move's `distance`" if name in LINE_VARIABLES
                         else "what follows a move (`sets`, a `set` effect)")
                self._expr_fail(path, ExprError(f"{name!r} is read only in {where}, not here "
                                                f"(expression {text!r})", column))
                return
        known = self.names | self.functions | set(RESULT_VARIABLES) | extra
        for name, column in sorted(_names_with_columns(node)):
            if name not in known:
                hint = difflib.get_close_matches(name, sorted(known), n=1)
                tip = f" (did you mean {hint[0]!r}?)" if hint else ""
                self._expr_fail(path, ExprError(f"unknown name {name!r} in expression {text!r}{tip}", column))
                return
        problem = self._types(node)
        if problem:
            self._expr_fail(path, ExprError(f"{problem} in expression {text!r}", 1))
            return
        self.expressions[path] = node

    def _types(self, node: Node) -> str | None:
        """What the expression does that can never work (a word in arithmetic or compared with a
        number, a division by a constant zero), or None."""
        from .expr import Call, Const, IfElse, Name, Op
        words = set(self.pieces) | self.regions | set(self.data.get("reserves", {})) | {"phase"}
        options = self.data.get("options", {})
        words |= {k for k, o in options.items() if o.get("type") in ("choice", "string")}

        def kind(n: Node) -> str | None:
            if isinstance(n, Const):
                return "word" if isinstance(n.value, str) else "number"
            if isinstance(n, Name):
                return "word" if n.name in words else None
            if isinstance(n, Op) and n.op in ("+", "-", "*", "//", "%", "neg"):
                return "number"
            if isinstance(n, Call) and n.name in BUILTIN_FUNCTIONS and n.name not in ("can_move", "surrounded",
                                                                                    "board_was"):
                return "number"
            return None

        def walk(n: Node) -> str | None:
            if isinstance(n, Op):
                for a in n.args:
                    found = walk(a)
                    if found:
                        return found
                if n.op in ("+", "-", "*", "//", "%", "neg", "<", "<=", ">", ">="):
                    for a in n.args:
                        if kind(a) == "word":
                            return f"{n.op!r} on the word {getattr(a, 'name', getattr(a, 'value', ''))!r}"
                if n.op in ("//", "%") and isinstance(n.args[1], Const) and n.args[1].value == 0:
                    return "a division by zero"
            elif isinstance(n, Call):
                for a in n.args:
                    found = walk(a)
                    if found:
                        return found
                if (n.name in PLAYER_FIRST or n.name in self.predicates or n.name in self.player_counters
                        or n.name == "progress") and n.args:
                    who = n.args[-1] if n.name == "progress" else n.args[0]
                    most = len(self.data.get("players") or [1, 2])
                    if (isinstance(who, Const) and who.value not in range(most + 1)) or \
                            (isinstance(who, Name) and who.name in NOT_PLAYERS):
                        shown = who.value if isinstance(who, Const) else who.name
                        where = "second" if n.name == "progress" else "first"
                        numbers = "1 or 2" if most == 2 else f"1 to {most}"
                        return f"{n.name}() takes a player {where} (mover, opponent, {numbers}), not {shown!r}"
            elif isinstance(n, IfElse):
                return walk(n.then) or walk(n.cond) or walk(n.other)
            return None
        return walk(node)

    def _expr_fail(self, path: tuple[Any, ...], exc: ExprError) -> None:
        mark = self.doc.marks.at(path)
        # point into the expression when it sits on the same line as its key
        line = mark.text
        col = mark.col
        idx = line.find(":", mark.col - 1)
        if idx >= 0 and path and isinstance(path[-1], str):
            start = idx + 1
            while start < len(line) and line[start] in " '\"":
                start += 1
            col = start + exc.column
        self.errors.append(SpecError(exc.message, mark.file, mark.line, col, mark.text))

    def run(self) -> None:
        d = self.data
        for path, message in _unavailable(d):
            self.fail(path, message)
        for path, ref in _option_refs(d):
            if ref not in d.get("options", {}):
                self.fail(path, f"{{option: {ref}}} names no declared option (options: "
                          f"{', '.join(d.get('options', {})) or 'none'})")
        neutral = {k for k, v in d.get("pieces", {}).items() if v.get("neutral")}
        for i, group in enumerate(d.get("setup", [])):
            self.piece(("setup", i, "piece"), group.get("piece"))
            if (group.get("owner") == "neutral") != (group.get("piece") in neutral) and group.get("piece") in self.pieces:
                self.fail(("setup", i, "owner"), f"a {group.get('piece')} " + (
                    "belongs to nobody: write `owner: neutral`" if group.get("piece") in neutral
                    else "belongs to a player: `owner: neutral` is for pieces declared `neutral: true`"))
        for pname, pred in d.get("predicates", {}).items():
            for kind in ("reach", "captured"):
                if kind in pred and "piece" in pred[kind]:
                    self.piece(("predicates", pname, kind, "piece"), pred[kind]["piece"])
        for i, effect in enumerate(d.get("after_move", [])):
            self.effect(("after_move", i), effect, set())

        board = d.get("board", {})
        for key in ("width", "height"):
            if key in board:
                self.expression(("board", key), board[key])
        for rname, r in d.get("reserves", {}).items():
            self.pieces_at(("reserves", rname, "pieces"), r.get("pieces"))
            self.expression(("reserves", rname, "count"), r.get("count"))
        seating = d.get("seating")
        if isinstance(seating, dict):
            if seating.get("by") not in d.get("options", {}):
                self.fail(("seating", "by"), f"the seating is chosen by {seating.get('by')!r}, which is not a "
                          "declared option")
            players = d.get("players", [])
            for key, names in (seating.get("values") or {}).items():
                for i, name in enumerate(names or []):
                    if name not in players:
                        self.fail(("seating", "values", key, i), f"{name!r} is not one of the players "
                                  f"({', '.join(map(str, players))})")
        for tname, t in d.get("tables", {}).items():
            if t.get("by") not in d.get("options", {}):
                self.fail(("tables", tname, "by"), f"table {tname!r} is keyed by {t.get('by')!r}, "
                          "which is not a declared option")
        taken = set(d.get("options", {})) | self.pieces | set(d.get("reserves", {})) | self.regions | self.predicates
        for cname in d.get("counters", {}):
            if cname in BUILTIN_VARIABLES or cname in BUILTIN_FUNCTIONS or cname in RESULT_VARIABLES or cname in taken:
                self.fail(("counters", cname), f"counter {cname!r} would share its name with a built-in name, an "
                          "option, a piece, a reserve, a region or a predicate: choose another name")
        for oname, o in d.get("options", {}).items():
            if oname in BUILTIN_VARIABLES or oname in BUILTIN_FUNCTIONS:
                self.fail(("options", oname), f"option {oname!r} would hide the built-in name {oname!r} "
                          "in expressions: choose another name")
            if "default" not in o:
                self.fail(("options", oname), f"option {oname!r} needs a `default`")
            elif not isinstance(o["default"], dict) and o.get("values_from") is None:
                try:
                    _convert_option(str(d.get("game")), oname, o, o["default"])
                except OptionError as exc:
                    self.fail(("options", oname, "default"), f"the default does not fit: {exc}")
            source = o.get("values_from")
            if source is not None:
                pattern = d.get("predicates", {}).get(source, {}).get("pattern", {})
                if "pictures" not in pattern and source not in d.get("tables", {}):
                    self.fail(("options", oname, "values_from"), f"`values_from: {source}` names neither a "
                              "pattern predicate with `pictures` nor a table")
        for i, phase in enumerate(d.get("phases", [])):
            for j, move in enumerate(phase.get("moves", [])):
                for prim, params in move.items():
                    self.block(("phases", i, "moves", j, prim), prim, params or {})
            if "until" in phase:
                self.expression(("phases", i, "until"), phase["until"])
            if isinstance(phase.get("dice"), dict) and "weight" in phase["dice"]:
                self.expression(("phases", i, "dice", "weight"), phase["dice"]["weight"])
            if "legal_if" in phase:
                self.expression(("phases", i, "legal_if"), phase["legal_if"], {*RESULT_VARIABLES, "from", "to"})
        for pname, pred in d.get("predicates", {}).items():
            for kind, params in pred.items():
                if kind == "description":
                    continue
                base = ("predicates", pname, kind)
                pictures = params.get("pictures", {}) if kind == "pattern" else {}
                for name, pic in pictures.items():
                    rows = pic.get("rows") if isinstance(pic, dict) else pic
                    problem = picture_problem(rows)
                    if problem:
                        self.fail(base + ("pictures", name), f"picture {name!r}: {problem}")
                if kind == "pattern" and "picture" in params:
                    problem = picture_problem(params["picture"])
                    if problem:
                        self.fail(base + ("picture",), problem)
                if "within" in params:
                    self.region(base + ("within",), params["within"])
                self.pieces_at(base + ("pieces",), params.get("pieces"))
                if kind == "connection" and "through" in params:
                    self.piece(base + ("through",), params["through"])
                for k, item in enumerate(params.get("between", [])):
                    regions = item.get("regions", []) if isinstance(item, dict) else item
                    where = base + ("between", k) + (("regions",) if isinstance(item, dict) else ())
                    for m, region in enumerate(regions):
                        self.region(where + (m,), region)
                    if isinstance(item, dict) and not 1 <= item.get("at_least", 0) <= len(regions):
                        self.fail(base + ("between", k, "at_least"), f"at_least: {item.get('at_least')!r} of "
                                  f"{len(regions)} regions: between 1 and the number of regions")
        no_moves = d.get("no_moves")
        if no_moves is not None and no_moves not in ("pass", "lose", "draw"):
            decl = d.get("options", {}).get(no_moves)
            if decl is None:
                self.fail(("no_moves",), f"no_moves: {no_moves!r} is neither pass, lose, draw nor an option")
            elif not set(map(str, decl.get("values", []))) <= {"pass", "lose", "draw"}:
                self.fail(("options", no_moves), f"option {no_moves!r} chooses no_moves: its values must "
                          "be among pass, lose, draw")
        scoring = d.get("scoring")
        if scoring is not None:
            for key in ("target", "value"):
                if key in scoring:
                    self.expression(("scoring", key), scoring[key])
            for key in ("games", "carry_over"):
                if key in scoring.get("series", {}):
                    self.expression(("scoring", "series", key), scoring["series"][key])
            for i, award in enumerate(scoring.get("awards", [])):
                if "when" in award:
                    self.expression(("scoring", "awards", i, "when"), award["when"])
        for kind in ((d.get("style") or {}).get("pieces") or {}):
            self.piece(("style", "pieces", kind), kind)
        for i, term in enumerate(d.get("evaluation", [])):
            self.expression(("evaluation", i, "value"), term.get("value"))
        results = set(d.get("notation", {}).get("results", {}))
        if "score" in (d.get("repetition") or {}):
            self.expression(("repetition", "score"), d["repetition"]["score"])
        for i, rule in enumerate(d.get("end", [])):
            self.expression(("end", i, "when"), rule.get("when"))
            for key in ("score", "value"):
                if key in rule:
                    self.expression(("end", i, key), rule[key])
            if results and rule.get("result") is not None and rule["result"] not in results:
                self.fail(("end", i, "result"), f"result {rule['result']!r} has no tokens in "
                          f"notation.results (known: {', '.join(sorted(results))})")
        notation = d.get("notation", {})
        fields = notation.get("fields", {})
        for fname in ("piece",):
            if isinstance(fields.get(fname), dict):
                for pname in fields[fname]:
                    self.piece(("notation", "fields", fname, pname), pname)
        position = notation.get("position", {})
        for pname in position.get("pieces", {}) or {}:
            self.piece(("notation", "position", "pieces", pname), pname)
        for tag, spec in notation.get("tags", {}).items():
            if "option" in spec and spec["option"] not in d.get("options", {}):
                self.fail(("notation", "tags", tag, "option"), f"tag {tag!r} sets unknown option "
                          f"{spec['option']!r}")

    def effect(self, path: tuple[Any, ...], effect: dict[str, Any], extra: set[str]) -> None:
        """One effect after a move (the game's ``after_move``, a block's ``effects``)."""
        if "when" in effect:
            self.expression(path + ("when",), effect["when"], set(RESULT_VARIABLES) | extra)
        if "set" in effect:
            self.setters(path + ("set",), effect["set"])
        for kind in ("outflank", "remove_groups"):
            self.pieces_at(path + (kind, "pieces"), (effect.get(kind) or {}).get("pieces"))
        removed = effect.get("remove")
        if isinstance(removed, dict):
            self.pieces_at(path + ("remove", "pieces"), removed.get("pieces"))
            if "where" in removed:
                self.landing(path + ("remove", "where"), removed["where"], (), {"square"})
        else:
            self.pieces_at(path + ("remove",), removed)
        anchors = (effect.get("remove_disconnected") or {}).get("anchor")
        self.pieces_at(path + ("remove_disconnected", "anchor"), anchors)
        gather = effect.get("gather")
        if isinstance(gather, dict):
            sources = gather.get("from")
            for i, source in enumerate(sources if isinstance(sources, list) else [sources]):
                where = path + ("gather", "from") + ((i,) if isinstance(sources, list) else ())
                self.expression(where, source, set(RESULT_VARIABLES) | extra)
            self.expression(path + ("gather", "to"), gather.get("to"), set(RESULT_VARIABLES) | extra)
        if "keep_if" in effect:
            self.expression(path + ("keep_if",), effect["keep_if"], set(RESULT_VARIABLES) | extra)
        sweep = effect.get("sweep")
        if isinstance(sweep, dict):
            for key in ("from", "to"):
                if key in sweep:
                    self.expression(path + ("sweep", key), sweep[key], set(RESULT_VARIABLES) | extra)
            if "while" in sweep:
                self.expression(path + ("sweep", "while"), sweep["while"], {"square"} | set(RESULT_VARIABLES) | extra)
        bridge = effect.get("bridge")
        if isinstance(bridge, dict):
            self.piece(path + ("bridge", "piece"), bridge.get("piece"))
            self.pieces_at(path + ("bridge", "pieces"), bridge.get("pieces"))
        fill = effect.get("fill")
        if isinstance(fill, dict):
            self.piece(path + ("fill", "piece"), fill.get("piece"))
            if "region" in fill:
                self.region(path + ("fill", "region"), fill["region"])
            if "where" in fill:
                self.expression(path + ("fill", "where"), fill["where"], {"square"} | set(RESULT_VARIABLES) | extra)

    def landing(self, path: tuple[Any, ...], spec: Any, words: tuple[str, ...], extra: set[str]) -> None:
        """A ``to``/``over``/``from`` value: words, a region, or a condition (or a list of them)."""
        items = spec if isinstance(spec, list) else [spec]
        for i, item in enumerate(items):
            where = path + (i,) if isinstance(spec, list) else path
            if isinstance(item, str) and (item in words or item in self.regions):
                continue
            self.expression(where, item, extra)

    def setters(self, path: tuple[Any, ...], setters: dict[str, Any]) -> None:
        """Counters set after a move (``sets``, a ``set`` effect): each names a counter (``NAME`` or
        ``NAME(player)``) and gives an expression of the position after the move."""
        for key, value in setters.items():
            target = counter_target(str(key))
            if target is None:
                self.fail(path + (key,), f"{key!r} is not a counter to set: write NAME, or NAME(player) for a "
                          "counter kept per player")
                continue
            name, player = target
            if name not in self.counters | self.player_counters:
                known = ", ".join(sorted(self.counters | self.player_counters)) or "none"
                self.fail(path + (key,), f"no counter {name!r} (counters: {known})")
            elif (player is None) != (name in self.counters):
                self.fail(path + (key,), f"counter {name!r} is kept " + (
                    "for the game: set it as `" + name + "`" if name in self.counters else
                    "per player: set it as `" + name + "(mover)` or with another player"))
            self.expression(path + (key,), value, {*RESULT_VARIABLES, "from", "to"})

    def refuse(self, path: tuple[Any, ...], value: Any, instead: str) -> None:
        """A key the engine does not act on (with this value), refused: ``instead`` says what it does."""
        text = str(value).lower() if isinstance(value, bool) else value
        shown = f"{path[-1]}: {text}" if not isinstance(value, (dict, list)) else f"this form of {path[-1]}"
        self.fail(path, f"`{shown}` is not available: {instead}")

    def block(self, path: tuple[Any, ...], name: str, params: dict[str, Any], after: bool = False) -> None:
        """One move block of a phase, or a later part of a turn (``after``: its ``when`` reads the
        part before it): what the phase reads of it (``when``, ``compulsory``, ``prefer``), then the
        block's own checks, where the blocks were given."""
        if "when" in params:
            self.expression(path + ("when",), params["when"], {*RESULT_VARIABLES, "from", "to"} if after else set())
        if params.get("prefer", "any") != "any" and not params.get("compulsory"):
            self.fail(path + ("prefer",), "`prefer` chooses among compulsory captures: it needs `compulsory: true`")
        if "sets" in params:
            self.setters(path + ("sets",), params["sets"])
        for key in ("legal_if", "again"):
            if key in params:
                self.expression(path + (key,), params[key], {*RESULT_VARIABLES, "from", "to"})
        if "weight" in params:
            if after:
                self.fail(path + ("weight",), "`weight` says how likely chance draws a move of a chance phase, "
                          "whose moves are whole turns: a part of a turn takes none")
            else:
                self.expression(path + ("weight",), params["weight"], {"from", "to"})
        preferred = params.get("prefer_if")
        for i, item in enumerate(preferred if isinstance(preferred, list) else [preferred] if "prefer_if" in params else []):
            where = path + ("prefer_if",) + ((i,) if isinstance(preferred, list) else ())
            self.expression(where, item, {*RESULT_VARIABLES, "from", "to"})
        for i, effect in enumerate(params.get("effects", [])):
            self.effect(path + ("effects", i), effect, {"from", "to"})
        for k, item in enumerate(params.get("then", [])):
            for sub, sub_params in item.items():
                self.block(path + ("then", k, sub), sub, sub_params or {}, after=True)
        kind = self.blocks.get(name) if self.blocks is not None else None
        if kind is not None:
            self.later_part = after
            kind.check(self, path, params)
            self.later_part = False


#: the old name of :class:`Checker`
_Checker = Checker


def _shape_errors(doc: Document) -> list[SpecError]:
    """What JSON Schema cannot see in a YAML document: mapping keys that are not text (only a
    table's values may be keyed by numbers), and a `null` that takes out an option or a place the
    parent never had."""
    errors: list[SpecError] = []

    def walk(value: Any, path: tuple[Any, ...]) -> None:
        if isinstance(value, dict):
            numbers_allowed = (len(path) == 3 and path[0] == "tables" and path[2] == "values") or \
                path == ("seating", "values")
            for key, item in value.items():
                if not isinstance(key, str) and not (numbers_allowed and isinstance(key, (int, bool))):
                    errors.append(doc.marks.error(path + (key,), f"the key {key!r} is not text: keys are names; "
                                                  f"write it as '{key}' if it is one"))
                else:
                    walk(item, path + (key,))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, path + (i,))
    walk(doc.data, ())
    data = doc.data
    board = data.get("board")
    for where, table in ((("options",), data.get("options")),
                         (("board", "places"), board.get("places") if isinstance(board, dict) else None)):
        if isinstance(table, dict):
            for key, value in table.items():
                if value is None:
                    errors.append(doc.marks.error(where + (key,), f"`{key}: null` takes out the parent's "
                                                  f"{where[-1][:-1]} {key!r}, but there is none to take out"))
    return errors


def load_spec(path: str, *, blocks: Mapping[str, Any] | None = None) -> Spec:
    """Read, merge, validate and check a game file; raise ``SpecErrors`` listing every problem.

    ``blocks`` (the engine's move blocks by key: ``spielwerk.load_spec`` passes them) adds each
    block's own checks of its keys; without it they run when the spec is compiled."""
    doc = read_document(path)
    errors = _shape_errors(doc) or _validate_schema(doc)
    if errors:
        raise errors[0] if len(errors) == 1 else SpecErrors(errors)
    checker = Checker(doc, blocks)
    checker.run()
    if checker.errors:
        raise checker.errors[0] if len(checker.errors) == 1 else SpecErrors(checker.errors)
    return Spec(doc.data, doc.marks, doc.file, checker.expressions, blocks is not None, checker.warnings)


def check_blocks(spec: Spec, blocks: Mapping[str, Any]) -> None:
    """Run the move blocks' own checks on a spec loaded without them (raise ``SpecErrors``)."""
    if spec.blocks_checked:
        return
    checker = Checker(Document(spec.data, spec.marks, spec.file), blocks)

    def visit(path: tuple[Any, ...], entry: dict[str, Any]) -> None:
        for name, params in entry.items():
            kind = blocks.get(name)
            if kind is not None:
                kind.check(checker, path + (name,), params or {})
            for k, item in enumerate((params or {}).get("then", [])):
                visit(path + (name, "then", k), item)
    for i, phase in enumerate(spec.data.get("phases", [])):
        for j, move in enumerate(phase.get("moves", [])):
            visit(("phases", i, "moves", j), move)
    if checker.errors:
        raise checker.errors[0] if len(checker.errors) == 1 else SpecErrors(checker.errors)
    for path, node in checker.expressions.items():
        spec.expressions.setdefault(path, node)
    spec.warnings.extend(checker.warnings)
    spec.blocks_checked = True
