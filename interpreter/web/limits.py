"""What one game may cost the web server, and the estimate of that cost made before a game is
compiled.

A game file can ask for a board of 26 x 99 squares and reserves of 10,000 pieces a player; the
engine would then build a hash table of ``squares x (highest stack + 1) x piece codes`` 64-bit keys
(gigabytes) before the first move. :func:`estimate` reads the sizes from the checked game file and
the options alone (no compiling), and :func:`problems` turns every limit passed into a located
message, at the key responsible (the board's ``width``, a reserve's ``count``), as the editor
shows it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..dsl.errors import SpecError
from ..dsl.expr import Env, compile_expr, parse_expr
from ..dsl.spec import BUILTIN_FUNCTIONS, Spec

__all__ = ["Cost", "Limits", "estimate", "problems", "KiB", "MiB", "size_text"]

KiB = 1024
MiB = 1024 * KiB

#: bytes of one hash key as the engine keeps it (a Python int in a list, with the list's slot
#: and the buffers it is built from): measured, about 48 kept and 64 at the peak of building it
KEY_BYTES = 64
#: what a compiled game costs besides its hash keys (rules, predicates, tables): measured 0.2 to 1 MiB
GAME_BYTES = 1 * MiB


@dataclass(frozen=True)
class Limits:
    """The most one game and one request may cost. The defaults are generous: every bundled game
    at every option fits with room to spare."""

    #: squares (or points and places) of a board
    squares: int = 2_600
    #: pieces a game can have: its setup and every player's reserves
    pieces: int = 4_000
    #: the highest stack a stacking game can build (every piece it can have, on one square)
    stack: int = 1_000
    #: the engine's memory for one compiled game (an estimate, see :func:`estimate`)
    game_memory: int = 64 * MiB
    #: legal moves in one position (more is refused); the page lists ``listed`` of them
    moves: int = 20_000
    listed: int = 400
    #: a request's body, and so a game file typed in the editor
    body: int = 256 * KiB
    #: seconds to read, check and compile a game file, and to work out a position's moves and picture
    read_time: float = 5.0
    move_time: float = 5.0
    #: seconds an agent thinks about one move; it is stopped ``grace`` seconds after that
    agent_time: float = 5.0
    grace: float = 3.0
    #: games kept at once, and the estimated memory they may take together (oldest closed first)
    games: int = 64
    kept_memory: int = 512 * MiB
    #: the address space of one worker process (where the operating system can bound it; 0: none)
    worker_memory: int = 2048 * MiB

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise ValueError(f"limits: {name} is a number of at least 0, not {value!r}")


Path = tuple[Any, ...]


@dataclass
class Cost:
    """What a game will cost, worked out from its file and options before it is compiled; each
    figure with the path of the key most responsible for it."""

    squares: int = 0
    pieces: int = 0
    stack: int = 1
    codes: int = 0
    keys: int = 0
    memory: int = GAME_BYTES
    where: dict[str, Path] = field(default_factory=dict)


def size_text(n: float) -> str:
    """Bytes as a person reads them: ``1.9 GiB``, ``64 MiB``, ``512 KiB``."""
    for unit, scale in (("GiB", 1024 * MiB), ("MiB", MiB), ("KiB", KiB)):
        if n >= scale:
            value = n / scale
            return f"{value:.1f} {unit}" if value < 10 else f"{value:,.0f} {unit}"
    return f"{int(n)} bytes"


class _Numbers:
    """Whole numbers written in a game file, as the engine reads them: a number, or an expression
    of the options and tables. One that cannot be worked out here (it reads a predicate, or it is
    wrong and the engine will say so) is None: where it matters, the caller counts it as the most
    the engine allows, so that an estimate is never too low."""

    def __init__(self, spec: Spec, options: dict[str, Any]) -> None:
        self.spec = spec
        constants = dict(spec.resolve_options(options))
        for name, table in (spec.data.get("tables") or {}).items():
            if not isinstance(table, dict):
                continue
            values = {str(k): v for k, v in (table.get("values") or {}).items()}
            key = str(constants.get(str(table.get("by"))))
            if key in values:
                constants[name] = values[key]
            elif "default" in table:
                constants[name] = table["default"]
        functions = {name: (*BUILTIN_FUNCTIONS[name], _plain(fn)) for name, fn in
                     (("min", min), ("max", max), ("abs", abs))}
        self.env = Env(constants, {}, functions)

    def known(self, path: Path, value: Any) -> int | None:
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return value
        try:
            node = self.spec.expressions.get(tuple(path)) or parse_expr(value)
            got = compile_expr(node, self.env)(None)
        except Exception:  # the engine will refuse it with its own located message, or work it out
            return None
        return got if isinstance(got, int) and not isinstance(got, bool) else None

    def __call__(self, path: Path, value: Any, fallback: int) -> int:
        got = self.known(path, value)
        return fallback if got is None else got


def _plain(fn: Any) -> Any:
    def build(args: list[Any], asts: tuple[Any, ...]) -> Any:
        return lambda ctx: fn(*(a(ctx) for a in args))
    return build


def _players(spec: Spec, options: dict[str, Any]) -> int:
    """How many players play ``spec`` with ``options``: those its ``seating`` names for the
    option's value, else all it declares (a seating not worked out here: the most of any)."""
    data = spec.data
    declared = data.get("players") or [1, 2]
    seating = data.get("seating")
    if not isinstance(seating, dict) or not isinstance(seating.get("values"), dict):
        return max(2, len(declared))
    values = {str(k): v for k, v in seating["values"].items() if isinstance(v, list)}
    try:
        key = str(spec.resolve_options(options).get(str(seating.get("by"))))
    except Exception:  # options the file does not take: the engine says so
        key = None
    if key in values:
        return max(2, len(values[key]))
    return max([2, len(declared)] + [len(v) for v in values.values()])


def estimate(spec: Spec, options: dict[str, Any] | None = None) -> Cost:
    """What the game ``spec`` with ``options`` will cost the engine (``OptionError`` for options
    it does not have). The board's squares; the pieces its setup and reserves hold (those whose
    number can be worked out from the options); the highest stack (in a stacking game every piece
    can end on one square; a kind that belongs to no reserve is counted as four pieces a square; a
    number not worked out counts as the most the engine allows); and the memory of the position
    hash's keys."""
    number = _Numbers(spec, options or {})
    data = spec.data
    cost = Cost()
    players = _players(spec, options or {})
    board = data.get("board") or {}
    shape = board.get("shape", "square")
    if shape == "hex":
        ranks = board.get("ranks") or []
        cost.squares = sum(number(("board", "ranks", i), n, 26) for i, n in enumerate(ranks))
        cost.where["squares"] = ("board", "ranks")
    elif shape == "track":
        points = number(("board", "points"), board.get("points", 24), 200)
        places = board.get("places") or {}
        cost.squares = points + sum(players if (place or {}).get("per_player", True) else 1
                                    for place in places.values())
        cost.where["squares"] = ("board", "points")
    else:
        width = number(("board", "width"), board.get("width", 8), 26)
        height = number(("board", "height"), board.get("height", width), 99)
        cost.squares = max(width, 0) * max(height, 0)
        if board.get("sides"):  # the sites of a board with sides lie on a grid twice as fine
            cost.squares = (2 * max(width, 0) + 1) * (2 * max(height, 0) + 1)
        bridges = board.get("bridges")
        if isinstance(bridges, dict):  # a site between every two squares an offset apart
            steps = {(sx * a, sy * b) for df, dr in bridges.get("offsets") or [] if isinstance(df, int)
                     and isinstance(dr, int) for a, b in ((df, dr), (dr, df)) for sx in (1, -1) for sy in (1, -1)}
            ways = {max((a, b), (-a, -b)) for a, b in steps}  # each bridge once, from either end
            cost.squares += sum(max(width - abs(a), 0) * max(height - abs(b), 0) for a, b in ways)
        cost.where["squares"] = ("board", "height") if "height" in board and height > width else ("board", "width")
    pieces = data.get("pieces") or {}
    kinds = list(pieces)
    cost.codes = players * len(kinds)
    # pieces: the setup, then each reserve (for each player); `most` counts the numbers not worked
    # out here as the engine's greatest (they matter where pieces stack)
    parts: list[tuple[int, Path]] = []
    most = 0
    for i, group in enumerate(data.get("setup") or []):
        if isinstance(group, dict):
            each = players if group.get("owner", "each") == "each" else 1
            count = number.known(("setup", i, "count"), group.get("count", 1))
            squares = each * len(group.get("at") or [])
            parts.append((max(count or 0, 0) * squares, ("setup", i, "count")))
            most += squares * (1000 if count is None else max(count, 0))
    supplied: set[str] = set()
    counted = 0
    for name, reserve in (data.get("reserves") or {}).items():
        if isinstance(reserve, dict):
            count = number.known(("reserves", name, "count"), reserve.get("count", 0))
            parts.append((players * max(count or 0, 0), ("reserves", name, "count")))
            counted += 1 if count is None else max(count, 0)
            most += players * (10_000 if count is None else max(count, 0))
            supplied.update(str(k) for k in reserve.get("pieces") or [])
    cost.pieces = sum(n for n, _ in parts)
    if parts:
        cost.where["pieces"] = max(parts, key=lambda part: part[0])[1]
    else:
        cost.where["pieces"] = ("pieces",)
    placed = {str(k) for phase in data.get("phases") or [] if isinstance(phase, dict)
              for item in phase.get("moves") or [] if isinstance(item, dict)
              for kind, params in item.items() if kind == "place"
              for k in ((params or {}).get("pieces", kinds) if isinstance(params, dict) else kinds)}
    setup = sum(n for n, path in parts if path[0] == "setup")
    unlimited = bool(placed - supplied) or (not setup and not counted)
    stacking = board.get("stacking", False)
    if stacking:
        extra = 4 * cost.squares if unlimited else 0
        cost.stack = max(most + extra, 1)
        if extra > most:
            cost.where["stack"] = ("board", "stacking")
        else:
            cost.where["stack"] = cost.where["pieces"]
    else:
        cost.stack = 1
        cost.where["stack"] = ("board",)
    cost.keys = cost.squares * (cost.stack + 1) * cost.codes
    dice = any(isinstance(p, dict) and p.get("orientation") == "die" for p in pieces.values())
    cost.memory = GAME_BYTES + (cost.keys + (64 * cost.squares if dice else 0)) * KEY_BYTES
    cost.where["memory"] = cost.where["stack"] if stacking and cost.stack > 1 else cost.where["squares"]
    return cost


def problems(spec: Spec, options: dict[str, Any] | None, limits: Limits) -> list[SpecError]:
    """Each limit of ``limits`` that the game ``spec`` with ``options`` passes, as a located error
    at the key responsible (empty when the game fits)."""
    cost = estimate(spec, options)
    out = []
    if cost.squares > limits.squares:
        out.append(spec.error(cost.where["squares"], f"a board of {cost.squares:,} squares: this server takes "
                              f"boards of at most {limits.squares:,}"))
    if cost.pieces > limits.pieces:
        out.append(spec.error(cost.where["pieces"], f"{cost.pieces:,} pieces in the setup and the players' "
                              f"reserves: this server takes games of at most {limits.pieces:,}"))
    if cost.stack > limits.stack:
        out.append(spec.error(cost.where["stack"], f"stacks could grow to {cost.stack:,} pieces (every piece "
                              f"the game can have): this server takes at most {limits.stack:,}"))
    if cost.memory > limits.game_memory:
        out.append(spec.error(cost.where["memory"], f"this game would need about {size_text(cost.memory)} of "
                              f"memory ({cost.squares:,} squares x {cost.stack + 1:,} stack heights x "
                              f"{cost.codes} piece codes in the position hash): this server gives a game at "
                              f"most {size_text(limits.game_memory)}"))
    return out
