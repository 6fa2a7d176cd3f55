"""A compiled game: a checked spec plus option values turned into tables, primitives and rules.
"""

from __future__ import annotations

import random
import re
import warnings
import sys
from array import array
from fractions import Fraction
from dataclasses import dataclass
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, cast

from .dsl.errors import IllegalMoveError, InvalidMoveError, OptionError, SpielwerkError, SpielwerkWarning
from .dsl.expr import Const, Env, Evaluator, Node, compile_expr, names_in
from .dsl.spec import BUILTIN_FUNCTIONS, PLAYER_FIRST, Spec
from .notation.moves import MoveNotation
from .notation.position import position_format
from .predicates import PREDICATES
from .ring import lend
from .primitives import PRIMITIVES, Primitive
from .state import State
from .topology import flood, make_topology

if TYPE_CHECKING:  # pragma: no cover
    from .state import Move
    from .orientation import DieModel
    from .topology import Board, TrackTopology

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
    #: who moves first in this phase (None: play simply alternates into it)
    first: int | None = None
    #: the phase also ends after the ply after which this holds (``until``)
    until: Callable[[Any], Any] | None = None
    #: per primitive, its ``when`` condition or None
    whens: list[Callable[[Any], Any] | None] | None = None
    #: primitives whose moves, when there are any, are the only legal ones (``compulsory``)
    compulsory: list[Primitive] | None = None
    #: among compulsory moves keep those capturing the most pieces or the most value (``prefer``)
    prefer: str = "any"
    #: the legal moves are simply every primitive's moves (no `when`, nothing compulsory)
    plain: bool = True

    def __post_init__(self) -> None:
        self.plain = self.whens is None and not self.compulsory


@dataclass
class _Effect:
    """An after-move rule: when ``when`` holds, pieces leave the board - every piece of the kinds in
    ``remove`` (on the squares of ``where``, a bitmask, or where the condition ``where_if`` holds),
    or, with ``anchors``, every stack not linked to a stack holding one of those kinds through a
    chain of occupied neighbouring squares (``near[sq]``: the neighbours of ``sq`` as a bitmask)."""

    when: Callable[[Any], Any] | None
    remove: list[int] | None = None
    where: int = -1
    where_if: Callable[[Any], Any] | None = None
    anchors: set[int] | None = None
    near: list[int] | None = None


class _Ctx:
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


@dataclass
class _EndRule:
    when: Callable[[Any], Any]
    winner: str | None
    score: Callable[[Any], Any] | None
    result: str
    outcomes: dict[Any, Outcome]
    value: Callable[[Any], Any] | None = None


def _player(value: Any) -> int:
    """``value`` if it is a player (1 or 2, or 0 for nobody's); a computed player that is none is
    refused (a negative one would silently pick a player from the end of a list)."""
    if value not in (0, 1, 2) or isinstance(value, bool):
        raise ValueError(f"{value!r} is no player (1 or 2)")
    return int(value)


def _can_fail(node: Any) -> bool:
    """Whether evaluating the expression may raise: a division or remainder by something not a
    constant, or a square computed rather than written."""
    from .dsl.expr import Call, Const, IfElse, Op
    if isinstance(node, Op):
        if node.op in ("//", "%") and not isinstance(node.args[1], Const):
            return True
        return any(_can_fail(a) for a in node.args)
    if isinstance(node, Call):
        from .dsl.expr import Name
        first = node.args[0] if node.args else None
        if node.name in ("height", "owner", "surrounded") and first is not None and not isinstance(first, Const):
            if not (isinstance(first, Name) and first.name in ("from", "to", "square")):
                return True
        player_first = node.name in PLAYER_FIRST or node.name not in BUILTIN_FUNCTIONS  # or a predicate
        if player_first and first is not None and not isinstance(first, Const) \
                and not (isinstance(first, Name) and first.name in ("mover", "opponent", "player", "winner")):
            return True  # a player computed, not written: it may be no player
        if node.name in ("on_path", "pinned") and not all(isinstance(a, Const) for a in node.args[1:]):
            return True  # positions along a path computed, not written
        if node.name == "progress" and len(node.args) == 2 and not isinstance(node.args[1], Const) \
                and not (isinstance(node.args[1], Name) and node.args[1].name in ("mover", "opponent", "player", "winner")):
            return True  # its player computed
        return any(_can_fail(a) for a in node.args)
    if isinstance(node, IfElse):
        return _can_fail(node.then) or _can_fail(node.cond) or _can_fail(node.other)
    return False


def board_is_square(topology: object) -> bool:
    return topology.__class__.__name__ == "SquareTopology"


class Game:
    """The rules of one game with fixed option values. Build it with :func:`spielwerk.load`."""

    def __init__(self, spec: Spec, options: dict[str, Any] | None = None, *, fast_paths: bool = True) -> None:
        self.spec = spec
        #: use the specialised move generators where a ``move`` has their shape (False: always the
        #: general one; the tests compare both)
        self.fast_paths = fast_paths
        self.name = spec.name
        self.title = spec.data.get("title", self.name)
        self.options = spec.resolve_options(options)
        #: problems of the game file found while playing (located messages; see :meth:`report`)
        self.problems: list[str] = []
        self.players = list(spec.data.get("players", ["player 1", "player 2"]))
        d = spec.data
        self.constants = dict(self.options)
        for tname, table in d.get("tables", {}).items():
            key = self.options.get(table["by"])
            values = {str(k): v for k, v in table["values"].items()}
            if str(key) not in values and "default" in table:
                values[str(key)] = table["default"]
            if str(key) not in values:
                raise spec.error(("tables", tname, "values"), f"table {tname!r} of {self.name} has no entry "
                                 f"for {table['by']}={key!r}")
            self.constants[tname] = values[str(key)]
        # pieces: a code is kind * 2 + owner - 1
        self.kind_names = list(d.get("pieces", {}))
        self.kind_index = {k: i for i, k in enumerate(self.kind_names)}
        self.num_codes = 2 * len(self.kind_names)
        for name in self.kind_names:
            self.constants.setdefault(name, name)
        pieces = d.get("pieces", {})
        self.neutral = [bool(pieces[k].get("neutral")) for k in self.kind_names]
        #: owner of each piece code: 1, 2, or 0 for a neutral piece
        self.code_owner = [0 if self.neutral[c >> 1] else (c & 1) + 1 for c in range(self.num_codes)]
        #: kinds whose orientation is tracked (dice), and the die model
        self.oriented = [pieces[k].get("orientation") == "die" for k in self.kind_names]
        self.die = None
        if any(self.oriented):
            from .orientation import DieModel
            hands = {pieces[k].get("handedness", "right") for k in self.kind_names if pieces[k].get("orientation")}
            if len(hands) > 1:
                raise spec.error(("pieces",), "all dice of a game have the same handedness")
            self.die = DieModel(hands.pop())
        # board
        board = d["board"]
        stacking = board.get("stacking", False)
        self.stacking = bool(stacking)
        rule = stacking if isinstance(stacking, dict) else {}
        #: the highest a stack may be after a move (0: no limit); the overflow leaves from the bottom,
        #: the mover's pieces to his reserve or out of the game, the others likewise (``stacking``)
        self.max_stack = self.number(("board", "stacking", "max_height"), rule["max_height"], 1, 1000) \
            if "max_height" in rule else 0
        self.overflow = (rule.get("own", "reserve"), rule.get("others", "capture"))
        width = self.number(("board", "width"), board.get("width", 8), 1, 26,
                            "a square board has 1 to 26 files (a-z)")
        height = self.number(("board", "height"), board.get("height", width), 1, 99,
                             "a square board has 1 to 99 ranks")
        if board.get("shape") == "hex":
            ranks = board.get("ranks", [])
            if not 1 <= len(ranks) <= 26:
                raise spec.error(("board", "ranks"), f"a hex board has 1 to 26 ranks (a-z), not {len(ranks)}")
            board = dict(board, ranks=[self.number(("board", "ranks", i), n, 1, 26) for i, n in enumerate(ranks)])
        if board.get("shape") == "track":
            board = dict(board, points=self.number(("board", "points"), board.get("points", 24), 2, 200))
            names = [str(n) for n in board.get("point_names") or range(1, board["points"] + 1)]
            if len(names) != board["points"]:
                raise spec.error(("board", "point_names"), f"{len(names)} point names for {board['points']} "
                                 "points: name every point once")
            taken = [n.lower() for n in names] + [f"{pl}{i}".lower() for pl in board.get("places") or {}
                                                  for i in ("", "1", "2")]
            twice = sorted({n for n in taken if taken.count(n) > 1})
            if twice:
                raise spec.error(("board", "point_names"), f"the names of points and places must differ "
                                 f"(ignoring case): {', '.join(twice)} twice")
        try:
            self.topology = make_topology(board, width, height)
        except ValueError as exc:
            raise spec.error(("board", "missing") if "missing" in board else ("board",), str(exc)) from None
        if not all(re.fullmatch(r"[a-z][0-9]+", n) for n in self.topology.names) and board.get("shape") == "hex":
            raise spec.error(("board", "ranks"), "the points of this hex board would need more letters than a-z "
                             "for their lines")
        self._player_regions: dict[str, tuple[int, int]] = {}
        self._regions = {}
        for name, r in board.get("regions", {}).items():
            with self._compiling(("board", "regions", name)):
                if isinstance(r, dict) and "per_player" in r:
                    halves = tuple(self._region_from_spec(name, half) for half in r["per_player"])
                    self._player_regions[name] = (halves[0], halves[1])
                    self._regions[name] = halves[0] | halves[1]
                elif isinstance(r, dict):
                    self._regions[name] = (self._region_from_spec(name, r["include"])
                                           & ~self._region_from_spec(name, r.get("exclude", [])))
                else:
                    self._regions[name] = self._region_from_spec(name, r)
        # predicates
        self.predicates = {}
        for pname, pspec in d.get("predicates", {}).items():
            kind, params = next((k, v) for k, v in pspec.items() if k != "description")
            if kind not in PREDICATES:
                raise spec.error(("predicates", pname, kind),
                                 f"the predicate {kind!r} is designed but not implemented yet")
            with self._compiling(("predicates", pname, kind)):
                self.predicates[pname] = PREDICATES[kind](self, params, ("predicates", pname, kind))
        for name in self.predicates:
            self.constants.setdefault(name, name)
        # reserves
        self.reserve_names = list(d.get("reserves", {}))
        for name in self.reserve_names:
            self.constants.setdefault(name, name)
        self.reserve_counts = [self.number(("reserves", r, "count"), spec_r["count"], 0, 10_000)
                               for r, spec_r in d.get("reserves", {}).items()]
        self.reserve_of_kind = [-1] * len(self.kind_names)
        for r, spec_r in enumerate(d.get("reserves", {}).values()):
            for kind in spec_r["pieces"]:
                self.reserve_of_kind[self.kind_index[kind]] = r
        #: the highest a stack can be: every piece the game can bring in on one square (kinds that
        #: belong to no reserve have an unlimited supply: then four pieces per square); a position
        #: text with a higher stack is refused
        setup = sum(self.number(("setup", i, "count"), g.get("count", 1), 1, 1000)
                    * (2 if g.get("owner", "each") == "each" else 1) * len(g.get("at", []))
                    for i, g in enumerate(d.get("setup", [])))
        placed = {k for ph in d["phases"] for item in ph.get("moves", []) for kind, params in item.items()
                  if kind == "place" for k in (params or {}).get("pieces", self.kind_names)}
        # a game that declares no pieces at all (no setup, no reserve) is played from position texts
        unlimited = any(self.reserve_of_kind[self.kind_index[k]] < 0 for k in placed) or (
            not setup and not any(self.reserve_counts))
        total = setup + 2 * sum(self.reserve_counts) + (4 * self.topology.size if unlimited else 0)
        #: every piece the game can have (an upper bound where some kind's supply is unlimited)
        self.total_pieces = total
        self.max_height = max(total, 1) if self.stacking else 1
        #: some kind can be placed without end (it belongs to no reserve)
        self.unlimited_supply = unlimited
        rng = random.Random(0x5E1E1)
        self._ctx = _Ctx()
        self._env_value: Env | None = None
        self.zobrist_stride = self.max_height + 1
        count = self.topology.size * self.zobrist_stride * self.num_codes
        # one block of random bytes read as little-endian 64-bit numbers: the same keys everywhere
        keys = array("Q", rng.randbytes(8 * count))
        if sys.byteorder == "big":
            keys.byteswap()
        self.zobrist = keys.tolist()
        self.side_key = rng.getrandbits(64)
        #: hash keys for an orientation code on a square (index sq * 64 + code)
        self.orient_keys = [rng.getrandbits(64) for _ in range(self.topology.size * 64)] if self.die else []
        for name in board.get("regions", {}):
            self.constants.setdefault(name, name)
        for name in self.topology.regions:
            self.constants.setdefault(name, name)
        for name in getattr(self.topology, "places", {}):
            self.constants.setdefault(name, name)
        #: points during play (``scoring``): reaching the target wins at once, before any end rule
        self.score_target: int | None = None
        if d.get("scoring") is not None:
            if "target" not in d["scoring"]:
                raise spec.error(("scoring",), "`scoring` needs a `target`: the points that win")
            self.score_target = self.number(("scoring", "target"), d["scoring"]["target"], 1, 10_000)
        # phases and primitives
        self.primitives: list[Primitive] = []
        self.phases: list[Phase] = []
        #: reserves change other than by placing (overflow, pieces sent back): the hash covers them
        self.hash_reserves = self.max_stack > 0 and "reserve" in self.overflow
        #: the pieces each player has captured are part of the position where a rule reads them
        #: or the position text writes them; elsewhere they are only counted
        trailer = str(((d.get("notation") or {}).get("position") or {}).get("trailer", ""))
        self.hash_captures = "{captures_" in trailer or any(
            "captures" in names_in(node) for node in spec.expressions.values())
        until_before = None
        where: tuple[Any, ...]
        for i, ph in enumerate(d["phases"]):
            prims, whens = [], []
            compulsory: list[Primitive] = []
            prefer = "any"
            for j, item in enumerate(ph.get("moves", [])):
                (kind, params), = item.items()
                params = params or {}
                where = ("phases", i, "moves", j, kind)
                if item in ph["moves"][:j]:
                    raise spec.error(where, f"this {kind} block repeats block {ph['moves'].index(item) + 1} of "
                                     "the phase exactly: every move would be listed twice")
                cls = PRIMITIVES.get(kind)
                if cls is None:
                    raise spec.error(where, f"the primitive {kind!r} is designed but not implemented yet")
                self.hash_reserves = self.hash_reserves or params.get("onto") == "replace"
                with self._compiling(where):
                    prim = cls(self, len(self.primitives), params, where)
                self.primitives.append(prim)
                prims.append(prim)
                whens.append(self.compile_condition(where + ("when",), params["when"]) if "when" in params
                             else None)
                if params.get("compulsory"):
                    compulsory.append(prim)
                    if params.get("prefer", "any") != "any":
                        if prefer not in ("any", params["prefer"]):
                            raise spec.error(where + ("prefer",), "the compulsory moves of a phase must "
                                             f"prefer the same ({prefer!r} here before)")
                        prefer = params["prefer"]
            plies = ph.get("plies")
            if plies is not None:
                plies = self.number(("phases", i, "plies"), plies, 0, 1_000_000)
                if until_before is not None:
                    raise spec.error(("phases", i, "plies"), f"phase {i + 1} counts plies, but phase "
                                     f"{until_before + 1} before it ends by `until`: its plies cannot "
                                     "be counted from the start")
            until = self.compile_condition(("phases", i, "until"), ph["until"]) if "until" in ph else None
            if until is not None:
                until_before = i
            self.phases.append(Phase(ph.get("name", f"phase {i + 1}"), plies, prims, ph.get("first"), until,
                                     whens if any(w is not None for w in whens) else None, compulsory, prefer))
        last = len(self.phases) - 1
        for key in ("plies", "until"):
            if key in d["phases"][last]:
                raise spec.error(("phases", last, key), "the last phase lasts until the game ends: "
                                 f"`{key}` has nothing to hand over to")
        rolling = [i for i, ph in enumerate(d["phases"]) if ph.get("dice")]
        if rolling and len(rolling) != len(self.phases):
            raise spec.error(("phases", rolling[0], "dice"), "the dice are rolled before every turn of the "
                             "game: give every phase its `dice` (or none)")
        self.phase_keys = [rng.getrandbits(64) for _ in self.phases]
        ends: list[int]
        acc: int | None
        ends, acc = [], 0
        for ph in self.phases:
            acc = acc + ph.plies if ph.plies is not None and acc is not None else None
            ends.append(acc if acc is not None else 1 << 62)
        self.phase_end = ends
        # dice: a roll is a chance move of a primitive the engine adds
        self.roll_index = -1
        self.dice_count = 0
        dice_phase = next((ph for ph in d["phases"] if ph.get("dice")), None)
        self.opening = None
        if dice_phase is not None:
            from .primitives.track import Roll
            prim = Roll(self, len(self.primitives), {}, ("phases",))
            self.primitives.append(prim)
            self.roll_index = prim.index
            at = ("phases", d["phases"].index(dice_phase), "dice")
            faces = self.number(at + ("faces",), dice_phase["dice"].get("faces", 6), 2, 20)
            self.faces = faces
            #: one die (the moves read it as ``die``) or two (a `track` plays them as a whole turn)
            self.dice_count = self.number(at + ("count",), dice_phase["dice"].get("count", 2), 1, 2)
            where = at + ("count",)
            tracks = any(p.name == "track" for p in self.primitives)
            if self.dice_count not in (1, 2) or (self.dice_count == 1) == tracks:
                raise spec.error(where, "a `track` rolls two dice; other moves read one die (`die`): "
                                 f"{self.dice_count} dice do not fit this phase")
            self.dice_keys = {(a, b): rng.getrandbits(64) for a in range(1, faces + 1)
                              for b in (range(1, faces + 1) if self.dice_count == 2 else (0,))}
            self.opening = dice_phase.get("opening")
            if self.opening is not None and self.dice_count == 1:
                raise spec.error(where[:-2] + ("opening",), "an opening roll decides who starts with two dice")
        self._opening_cache: list[tuple[tuple[int, ...], Fraction]] | None = None
        # the doubling cube, where the phase has one and its `enabled` condition holds
        self.cube = None
        self.cube_index = -1
        cube = (dice_phase or {}).get("cube")
        cube_path = ("phases", d["phases"].index(dice_phase), "cube") if dice_phase is not None else ()
        if cube is not None and self.constant(cube_path + ("enabled",), cube.get("enabled", False)):
            from .primitives.cube import Cube
            self.cube = Cube(self, len(self.primitives), cube, cube_path)
            self.primitives.append(self.cube)
            self.cube_index = self.cube.index
        #: hash keys of the cube's states and of the counters (doubles, points), made on first use
        self._cube_keys: dict[tuple[int, int, int], int] = {}
        no_moves = d.get("no_moves", "draw")
        self._no_moves_rule = _EndRule(lambda c: True, None, None, "no_moves", {})
        # the rule itself, or the name of an option that chooses it
        self.no_moves = self.options.get(no_moves, no_moves) if no_moves in self.options else no_moves
        self.pass_move: tuple[Any, ...] | None = None
        if self.no_moves == "pass":
            from .primitives.passing import Pass
            prim = Pass(self, len(self.primitives), {}, ("no_moves",))
            self.primitives.append(prim)
            self.pass_move = (prim.index,)
        rep = d.get("repetition")
        self.repetition = int(rep.get("count", 3)) if rep else 0
        self.repetition_rule = _EndRule(lambda c: True, None, None, rep.get("result", "repetition"), {}) \
            if rep else None
        self.effects = [self._compile_effect(i, e) for i, e in enumerate(d.get("after_move", []))]
        #: apply() takes the plain path unless effects, repetition, phase hand-overs or stack limits
        #: need care
        #: the dice are cleared by the game after a move (one die read by the moves), not by a track
        self._clear_dice = self.roll_index >= 0 and self.dice_count == 1
        #: a move may give its player another turn (a double's roll again)
        self._roll_again = any(getattr(p, "roll_again", False) for p in self.primitives)
        self._plain = (not self.effects and not self.repetition and not self.max_stack and not self._clear_dice
                       and all(p.first is None and p.until is None for p in self.phases)
                       and not self._roll_again)
        # notation and end rules
        notation = d.get("notation", {})
        self.results = {name: tuple(tokens) for name, tokens in notation.get("results", {}).items()}
        self.end_rules = [self._compile_end(i, rule) for i, rule in enumerate(d.get("end", []))]
        #: how pictures of the board look (see spielwerk.svg)
        self.style: dict[str, Any] = dict(d.get("style") or {})
        #: the evaluation's terms for the agents that search: (weight, value for ``player``)
        self.evaluation = [(float(term.get("weight", 1)),
                            self.compile_condition(("evaluation", i, "value"), term["value"]))
                           for i, term in enumerate(d.get("evaluation", []))]
        scoring = d.get("scoring")
        if scoring is not None:
            target = self.score_target
            value = self.compile_condition(("scoring", "value"), scoring["value"]) if "value" in scoring else None
            self.end_rules.insert(0, _EndRule(lambda c: c.st.score[c.mover] >= target, "mover", None,
                                              scoring.get("result", "points"), {}, value))
        if scoring is not None and not any(p.name == "track" for p in self.primitives):
            raise spec.error(("scoring",), "points are earned by a `track`'s events (hits, checkers "
                             "borne off, points held): a game without a track has no `scoring`")
        self.notation = MoveNotation(self, notation)
        self.position = position_format(self, notation.get("position"))
        self._setup(State(self))  # counts the starting pieces
        problem = getattr(self.position, "problem", lambda: None)()
        if problem is not None:
            raise spec.error(*problem)

    # -- compile helpers ----------------------------------------------------------------------------
    @contextmanager
    def _compiling(self, path: tuple[Any, ...]) -> Iterator[None]:
        """Compile the block at ``path``: a name or value that the checks before could not judge
        (a square of another board, a region an option names) becomes a located error there."""
        try:
            yield
        except SpielwerkError:
            raise
        except KeyError as exc:
            raise self.spec.error(path, f"{path[-1]}: unknown name {exc.args[0]!r}") from None
        except (ValueError, IndexError, OverflowError) as exc:
            raise self.spec.error(path, f"{path[-1]}: {exc}") from None

    def player_codes(self, kinds: Any = None) -> list[list[int]]:
        """Per player (index 1 and 2), the codes of his pieces of the given kind names (all kinds
        when None); index 0 is empty. Neutral pieces belong to nobody."""
        wanted = set(range(len(self.kind_names))) if kinds is None else {self.kind_index[k] for k in kinds}
        return [[], *([c for c in range(self.num_codes) if c >> 1 in wanted and self.code_owner[c] == p]
                      for p in (1, 2))]

    def player_region_mask(self, name: str, player: int) -> int:
        """A per-player region's half for ``player`` (1 or 2); other regions are the same for both."""
        if name in self._player_regions:
            return self._player_regions[name][player - 1]
        return self.region_mask(name)

    def region_mask(self, name: str) -> int:
        if name in self._regions:
            return self._regions[name]
        return self.topology.region_mask(name)

    def _region_from_spec(self, name: str, region: Any) -> int:
        mask = 0
        items = region if isinstance(region, list) else [region]
        for item in items:
            text = str(item)
            if "-" in text and board_is_square(self.topology):
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

    def is_region(self, name: Any) -> bool:
        """Whether ``name`` names a region (declared, per player or built in) of this board."""
        return isinstance(name, str) and (name in self._regions or name in self.topology.regions)

    def _expression(self, path: tuple[Any, ...], value: Any) -> Any:
        node = self.spec.expressions.get(tuple(path))
        if node is None:
            from .dsl.expr import ExprError, parse_expr
            try:
                node = parse_expr(value)
            except ExprError as exc:
                raise self.spec.error(path, exc.message) from None
        return node

    def compile_condition(self, path: tuple[Any, ...], value: Any) -> Callable[[Any], Any]:
        """The expression written at ``path`` compiled to a function of an evaluation context (see
        :meth:`square_context`); a located error when it cannot be compiled. An expression that
        can fail while playing (a division by a computed number, a computed square) reports the
        failure as a located ``SpecError``."""
        from .dsl.expr import ExprError
        node = self._expression(path, value)
        try:
            fn = compile_expr(node, self._env_cache())
        except KeyError as exc:  # a quoted name that names nothing: count(mover, 'nopiece')
            raise self.spec.error(path, f"{value!r}: {exc.args[0]!r} names no piece, region, reserve or "
                                  "place of this game") from None
        except (ExprError, ValueError, IndexError) as exc:
            raise self.spec.error(path, str(getattr(exc, "message", exc))) from None
        if not _can_fail(node):
            return fn
        report = self.report

        def guarded(ctx: Any) -> Any:
            try:
                return fn(ctx)
            except (ArithmeticError, IndexError, TypeError, ValueError) as exc:
                report(path, f"while playing, {value!r} failed ({exc}); it counts as false (0)")
                return 0
        return guarded

    def report(self, path: tuple[Any, ...], message: str) -> None:
        """Report a problem of the game file found while playing, once per place: a located
        :class:`SpielwerkWarning`, kept in :attr:`problems`; play goes on."""
        located = self.spec.error(path, message).located()
        if located not in self.problems:
            self.problems.append(located)
            warnings.warn(SpielwerkWarning(located), stacklevel=3)

    def square_context(self, st: State, player: int, frm: int, to: int, k: int, square: int = -1) -> _Ctx:
        """The context a move's or an effect's condition is evaluated in: ``mover`` is ``player``,
        ``from``/``to`` the move's squares, ``k`` the pieces it takes, ``height`` the height of the
        stack on ``from``, ``square`` the square an effect looks at."""
        ctx = self._ctx
        ctx.st = st
        ctx.mover = player
        ctx.frm, ctx.to, ctx.k, ctx.square = frm, to, k, square
        ctx.height = len(st.stacks[frm]) if frm >= 0 else 0
        return ctx

    def move_number(self, path: tuple[Any, ...], value: Any) -> Any:
        """A move's number (a count or a distance): an int when it follows from the options alone,
        else a function ``f(state, height, k)`` of the moving stack's height and the pieces taken."""
        from .dsl.expr import names_in
        node = self._expression(path, value)
        # anything but options, tables and arithmetic reads the position
        runtime = {n for n in names_in(node) if n not in self.constants and n not in ("min", "max", "abs", "cells")}
        if not runtime:
            return self.number(path, value, -1_000_000)
        fn = self.compile_condition(path, value)
        ctx = self._ctx

        report = self.report

        def number(st: State, height: int, k: int) -> int:
            ctx.st, ctx.mover, ctx.height, ctx.k = st, st.to_move, height, k
            got = fn(ctx)
            if isinstance(got, int):
                return got
            report(path, f"while playing, {value!r} gave {got!r}, not a whole number; it counts as 0")
            return 0
        return number

    def _compile_effect(self, i: int, e: dict[str, Any]) -> _Effect:
        path = ("after_move", i)
        when = self.compile_condition(path + ("when",), e["when"]) if "when" in e else None
        if "remove_disconnected" in e:
            spec = e["remove_disconnected"] or {}
            anchors = spec.get("anchor", [])
            anchor_kinds = {self.kind_index[k] for k in ([anchors] if isinstance(anchors, str) else anchors)}
            topo = cast("Board", self.topology)
            try:
                dirs = topo.directions(spec.get("directions", "all"))
            except ValueError as exc:
                raise self.spec.error(path + ("remove_disconnected", "directions"), str(exc)) from None
            near = topo.neighbour_masks(dirs)
            return _Effect(when, anchors=anchor_kinds, near=near)
        remove = e["remove"]
        where, where_if = -1, None
        if isinstance(remove, dict):
            region = remove.get("where")
            if region is not None and self.is_region(region):
                where = self.region_mask(region)
            elif region is not None:
                where_if = self.compile_condition(path + ("remove", "where"), region)
            remove = remove.get("pieces", self.kind_names)
        kinds = [self.kind_index[k] for k in ([remove] if isinstance(remove, str) else remove)]
        return _Effect(when, kinds, where, where_if)

    def why_not(self, st: State, prim: Primitive, move: tuple[Any, ...]) -> str:
        """Why ``move`` of ``prim`` is not legal in ``st``: the primitive's own reason, or the
        phase's rule that set it aside (its `when`, a compulsory capture, the preferred captures)."""
        phase = self.phases[st.phase]
        if move == self.pass_move:
            return "a player may pass only when he has no other move"
        if prim not in phase.primitives:
            return f"not a move of the phase {phase.name!r}"
        own: list[Any] = []
        prim.generate(st, own)
        if move not in own:
            return prim.explain(st, move)
        i = phase.primitives.index(prim)
        when = phase.whens[i] if phase.whens is not None else None
        if when is not None and not when(self._bind(st, st.to_move)):
            source = self.spec.data["phases"][st.phase]["moves"][i]
            (params,) = source.values()
            return f"this kind of move is allowed only when {params['when']}"
        if phase.compulsory and prim not in phase.compulsory:
            return "capturing is compulsory: a capture must be played"
        return "a capture taking more is compulsory" if phase.prefer == "most" else \
            "a capture taking more value is compulsory"

    def position_problem(self, st: State) -> str | None:
        """Why ``st`` (read from a text) cannot arise in this game, or None: each primitive may
        refuse a layout it cannot play (a track its points and places)."""
        for prim in self.primitives:
            problem = prim.position_problem(st)
            if problem:
                return problem
        return None

    def can_move(self, st: State, player: int) -> bool:
        """Whether ``player`` would have a legal move (other than a pass) in ``st`` if it were his turn."""
        flip = player != st.to_move
        if flip:
            st.to_move = player
            st.hash ^= self.side_key
        try:
            out: list[Any] = []
            self._generate(st, out)
            return bool(out)
        finally:
            if flip:
                st.to_move = 3 - player
                st.hash ^= self.side_key

    def _env_cache(self) -> Env:
        if self._env_value is None:
            self._env_value = self._env()
        return self._env_value

    def _env(self) -> Env:
        topology = getattr(self, "topology", None)  # absent while the board itself is being sized
        full = topology.full_mask if topology is not None else 0
        variables = {
            "mover": lambda c: c.mover,
            "opponent": lambda c: 3 - c.mover,
            "player": lambda c: c.player,
            "winner": lambda c: c.winner,
            "cube": lambda c: c.st.cube_value,
            "die": lambda c: c.st.dice[0] if c.st.dice else 0,
            "board_full": lambda c: c.st.occupied == full,
            "ply": lambda c: c.st.ply,
            "phase": lambda c: self.phases[c.st.phase].name,
            # in a move's conditions and numbers, and in an effect's `where`
            "from": lambda c: c.frm,
            "to": lambda c: c.to,
            "k": lambda c: c.k,
            "height": lambda c: c.height,
            "square": lambda c: c.square,
        }

        def reserve(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            who = args[0]
            first = asts[0]
            p = first.value if isinstance(first, Const) and first.value in (1, 2) else 0  # a fixed player
            if len(args) == 2:
                r = self.reserve_names.index(args[1](None))
                if p:
                    return lambda c: c.st.reserves[p][r]
                return lambda c: c.st.reserves[who(c)][r]
            if p:
                return lambda c: sum(c.st.reserves[p])
            return lambda c: sum(c.st.reserves[who(c)])

        def piece_codes(args: list[Evaluator]) -> list[int]:
            kinds = [self.kind_index[a(None)] for a in args[1:]]
            return kinds

        def top_count(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            who, kinds = args[0], piece_codes(args)
            return lambda c: sum(c.st.tops[k * 2 + who(c) - 1].bit_count() for k in kinds)

        def count(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            who, kinds = args[0], set(piece_codes(args))

            owner_of = self.code_owner

            def counter(c: _Ctx) -> int:
                owner = who(c)
                return sum(1 for s in c.st.stacks for pc in s if owner_of[pc] == owner and pc >> 1 in kinds)
            return counter

        def pieces_in(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            mask = self.region_mask(args[0](None))
            kinds = [self.kind_index[a(None)] for a in args[1:]] or list(range(len(self.kind_names)))
            codes = [k * 2 + o for k in kinds for o in (0, 1)]
            return lambda c: sum((c.st.tops[code] & mask).bit_count() for code in codes)

        def at(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            places = getattr(self.topology, "places", None)
            if places is None:
                raise ValueError("at() counts the checkers in a place of a track board; this board has none")
            who, place = args[0], places[args[1](None)]
            return lambda c: len(c.st.stacks[place[who(c)]])

        def on_path(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            who, lo, hi = args
            paths = getattr(self.topology, "paths", None)
            if paths is None:
                raise ValueError("on_path() counts along a player's path on a track board; this board has none")

            def counter(c: _Ctx) -> int:
                p = who(c)
                stacks = c.st.stacks
                return sum(len(stacks[sq]) for sq in paths[p][lo(c) - 1:hi(c)]
                           if stacks[sq] and self.code_owner[stacks[sq][-1]] == p)
            return counter

        def points(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            who = args[0]
            return lambda c: c.st.score[who(c)]

        def square_arg(arg: Evaluator, ast: Node) -> Evaluator:
            """A square argument: a name written as text (``'e4'``) or a square of the context."""
            from .dsl.expr import Const
            if isinstance(ast, Const) and isinstance(ast.value, str):
                try:
                    sq = self.topology.parse_square(ast.value)
                except ValueError as exc:
                    raise ValueError(f"{ast.value!r} is not a square: {exc}") from None
                return lambda c: sq
            return arg

        def height(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            sq = square_arg(args[0], asts[0])
            return lambda c: len(c.st.stacks[sq(c)])

        def owner(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            sq = square_arg(args[0], asts[0])
            owners = self.code_owner

            def top_owner(c: _Ctx) -> int:
                s = c.st.stacks[sq(c)]
                return owners[s[-1]] if s else 0
            return top_owner

        def surrounded(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            sq = square_arg(args[0], asts[0])
            topo = cast("Board", self.topology)
            dirs = topo.directions("all")
            around = []
            for x in range(topo.size):
                near = [t for t in (topo.step(x, d) for d in dirs) if t >= 0]
                around.append(sum(1 << t for t in near) if len(near) == len(dirs) else -1)

            def closed(c: _Ctx) -> bool:
                mask = around[sq(c)]
                return mask >= 0 and c.st.occupied & mask == mask
            return closed

        def controlled(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            who = args[0]
            codes = self.player_codes([a(None) for a in args[1:]] or None)

            def pieces(c: _Ctx) -> int:
                stacks = c.st.stacks
                tops = c.st.tops
                n = 0
                for code in codes[who(c)]:
                    bits = tops[code]
                    while bits:
                        low = bits & -bits
                        bits ^= low
                        n += len(stacks[low.bit_length() - 1])
                return n
            return pieces

        def captures(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            who = args[0]
            return lambda c: c.st.captures[who(c)]

        def can_move(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            who = args[0]
            return lambda c: self.can_move(c.st, who(c))

        def pinned(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            """A player's pieces under an enemy piece: anywhere, or on his own path positions
            ``lo`` to ``hi`` (``pinned(p, n)``: position n) of a track board."""
            who = args[0]
            lo = args[1] if len(args) > 1 else None
            hi = cast(Evaluator, args[2] if len(args) > 2 else lo)  # None only where lo is None
            owners = self.code_owner
            paths = getattr(self.topology, "paths", None)

            def count(c: _Ctx) -> int:
                p = who(c)
                stacks = c.st.stacks
                squares = (range(len(stacks)) if lo is None or paths is None
                           else paths[p][max(lo(c), 1) - 1:hi(c)])
                n = 0
                for sq in squares:
                    s = stacks[sq]
                    if s and owners[s[-1]] not in (p, 0):
                        n += sum(1 for pc in s if owners[pc] == p)
                return n
            return count

        def simple(fn: Callable[..., Any]) -> Callable[[list[Evaluator], tuple[Node, ...]], Evaluator]:
            def build(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
                return lambda c: fn(*(a(c) for a in args))
            return build

        functions: dict[str, tuple[int, int, Callable[..., Any]]] = {
            "reserve": (*BUILTIN_FUNCTIONS["reserve"], reserve),
            "top_count": (*BUILTIN_FUNCTIONS["top_count"], top_count),
            "count": (*BUILTIN_FUNCTIONS["count"], count),
            "min": (*BUILTIN_FUNCTIONS["min"], simple(min)),
            "max": (*BUILTIN_FUNCTIONS["max"], simple(max)),
            "abs": (*BUILTIN_FUNCTIONS["abs"], simple(abs)),
            "pieces_in": (*BUILTIN_FUNCTIONS["pieces_in"], pieces_in),
            "at": (*BUILTIN_FUNCTIONS["at"], at),
            "on_path": (*BUILTIN_FUNCTIONS["on_path"], on_path),
            "points": (*BUILTIN_FUNCTIONS["points"], points),
            "height": (*BUILTIN_FUNCTIONS["height"], height),
            "owner": (*BUILTIN_FUNCTIONS["owner"], owner),
            "surrounded": (*BUILTIN_FUNCTIONS["surrounded"], surrounded),
            "controlled": (*BUILTIN_FUNCTIONS["controlled"], controlled),
            "captures": (*BUILTIN_FUNCTIONS["captures"], captures),
            "can_move": (*BUILTIN_FUNCTIONS["can_move"], can_move),
            "pinned": (*BUILTIN_FUNCTIONS["pinned"], pinned),
        }
        for pname, pred in getattr(self, "predicates", {}).items():
            def build(args: list[Evaluator], asts: tuple[Node, ...], pred: Any = pred) -> Evaluator:
                who, holds = args[0], pred.holds
                name = getattr(asts[0], "name", None)
                if name == "mover":  # the usual case, one call fewer
                    return lambda c: holds(c.st, c.mover)
                if name == "opponent":
                    return lambda c: holds(c.st, 3 - c.mover)
                return lambda c: holds(c.st, _player(who(c)))
            functions[pname] = (1, 1, build)

        def cells(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            name = getattr(asts[0], "name", None)
            pred = getattr(self, "predicates", {}).get(name)
            if pred is None or not hasattr(pred, "cells"):
                raise ValueError(f"cells() takes the name of a pattern predicate, not {name!r}")
            n = pred.cells
            return lambda c: n
        functions["cells"] = (1, 1, cells)

        def progress(args: list[Evaluator], asts: tuple[Node, ...]) -> Evaluator:
            name = getattr(asts[0], "name", None)
            pred = getattr(self, "predicates", {}).get(name)
            if pred is None or not hasattr(pred, "progress"):
                raise ValueError(f"progress() takes the name of a connection or pattern predicate, not {name!r}")
            who, measure = args[1], pred.progress
            return lambda c: measure(c.st, _player(who(c)))
        functions["progress"] = (2, 2, progress)
        return Env(dict(self.constants), variables, functions)

    def number(self, path: tuple[Any, ...], value: Any, low: int = 0, high: int = 1_000_000,
               why: str = "") -> int:
        """The whole number written at ``path`` (a number, or an expression of the options),
        between ``low`` and ``high``; a located error otherwise (``why`` explains the range)."""
        got = self.constant(path, value)
        if isinstance(got, bool) or not isinstance(got, int):
            raise self.spec.error(path, f"{value!r} must be a whole number, not {got!r}")
        if not low <= got <= high:
            shown = f"{got}" if got == value else f"{value!r} (here {got})"
            reason = f": {why}" if why else ""
            label = path[-1] if isinstance(path[-1], str) or len(path) < 2 else f"{path[-2]}[{path[-1]}]"
            raise self.spec.error(path, f"{shown} is out of range: {label} is {low} to {high}{reason}")
        return got

    def constant(self, path: tuple[Any, ...], value: Any) -> Any:
        """Evaluate the option-only expression written at ``path`` (a number passes through)."""
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return value
        node = self._expression(path, value)
        runtime = sorted(n for n in names_in(node) if n not in self.constants and n not in ("min", "max", "abs", "cells"))
        if runtime:
            raise self.spec.error(path, f"{value!r} must be computable from options alone, but it reads "
                                  f"{', '.join(runtime)}, known only during play")
        try:
            return compile_expr(node, self._env())(None)
        except Exception as exc:  # a bad argument or a division by zero
            raise self.spec.error(path, f"{value!r} cannot be computed: {getattr(exc, 'message', exc)}") from None

    def _compile_end(self, i: int, rule: dict[str, Any]) -> _EndRule:
        when = self.compile_condition(("end", i, "when"), rule["when"])
        score = self.compile_condition(("end", i, "score"), rule["score"]) if "score" in rule else None
        value = self.compile_condition(("end", i, "value"), rule["value"]) if "value" in rule else None
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
        self._setup(st)
        st.to_move = self.phases[0].first or 1
        st.hash = self.rehash(st)
        if self.repetition:
            st.seen = {st.hash: 1}
        return st

    def _setup(self, st: State) -> None:
        """Put the ``setup`` groups on the board (player 2's copy of `each` rotated by 180 degrees)."""
        topo = self.topology
        track = cast("TrackTopology", topo)  # read only where the board has paths
        for i, group in enumerate(self.spec.data.get("setup", [])):
            kind = self.kind_index[group["piece"]]
            owner = group.get("owner", "each")
            owners = [1, 2] if owner == "each" else [0] if owner == "neutral" else [int(owner)]
            for p in owners:
                for j, name in enumerate(group["at"]):
                    paths = getattr(topo, "paths", None)
                    if paths is not None and isinstance(name, int):
                        if not 1 <= name <= len(paths[p]):
                            raise self.spec.error(("setup", i, "at", j), f"a path has the positions 1 to "
                                                  f"{len(paths[p])}, not {name}")
                        sq = paths[p][name - 1]  # a position along the owner's own path
                    elif paths is not None and name in track.places:
                        sq = track.places[name][p]
                    else:
                        try:
                            sq = topo.parse_square(str(name))
                        except ValueError as exc:
                            raise self.spec.error(("setup", i, "at", j), str(exc)) from None
                        if p == 2 and owner == "each" and paths is None:
                            sq = cast("Board", topo).opposite(sq)
                            if sq < 0:
                                raise self.spec.error(("setup", i, "at", j), f"{name}: turned round for player 2 "
                                                      "it falls on no square of this board")
                        elif p == 2 and owner == "each" and track.position[1][sq]:
                            # a point named for player 1: the same position along player 2's path
                            sq = track.paths[2][track.position[1][sq] - 1]
                    code = kind * 2 + (p - 1 if p else 0)
                    count = self.number(("setup", i, "count"), group.get("count", 1), 1, 1000)
                    if (st.stacks[sq] or count > 1) and not self.stacking:
                        raise self.spec.error(("setup", i, "at", j), f"{topo.name(sq)} would hold more than one "
                                              "piece, and pieces do not stack in this game (board.stacking)")
                    for _ in range(count):
                        st.stacks[sq].append(code)
                    if self.oriented[kind]:
                        try:
                            st.orient[sq] = cast("DieModel", self.die).from_faces(
                                group.get("orientation", {"top": 1, "north": 5}), owner_faces_south=p != 2)
                        except ValueError as exc:
                            raise self.spec.error(("setup", i, "orientation"), str(exc)) from None
        for sq, s in enumerate(st.stacks):
            if s:
                st.occupied |= 1 << sq
                st.tops[s[-1]] |= 1 << sq
        #: pieces of each kind each player starts with (for the ``captured`` predicate)
        if not hasattr(self, "start_counts"):
            counts = [[0] * len(self.kind_names) for _ in range(3)]
            for s in st.stacks:
                for pc in s:
                    counts[self.code_owner[pc]][pc >> 1] += 1
            self.start_counts = counts

    # -- series ---------------------------------------------------------------------------------------
    def next_game(self, st: State, *, carry_over: bool = False) -> State:
        """The start of the next game of a series (``scoring.series``) after the game ``st`` ended.

        A new game starts from the initial position, and points above the target lapse. With
        ``carry_over`` (the winner's choice, where the series allows it) the next game goes on
        from the position reached: the winner keeps his points above the target, the loser starts
        from none, and the opening roll decides who starts.
        """
        series = (self.spec.data.get("scoring") or {}).get("series")
        if series is None:
            raise OptionError(f"{self.name} is not played in series (it has no scoring.series)")
        if st.result is None or st.result.winner is None:
            raise IllegalMoveError("the next game of a series starts once this one is won")
        if not carry_over:
            return self.initial()
        if not self.constant(("scoring", "series", "carry_over"), series.get("carry_over", False)):
            raise OptionError(f"this {self.name} series starts every game afresh (carry_over is off)")
        nxt = self.state_from_board(st.stacks, 0, 1)
        winner = st.result.winner
        nxt.score[winner] = max(0, st.score[winner] - (self.score_target or 0))
        nxt.hash = self.rehash(nxt)
        return nxt

    @property
    def series_games(self) -> int | None:
        """How many games a series has (``scoring.series.games``), or None."""
        series = (self.spec.data.get("scoring") or {}).get("series")
        if series is None or "games" not in series:
            return None
        return self.number(("scoring", "series", "games"), series["games"], 1, 1000)

    # -- chance ---------------------------------------------------------------------------------------
    def is_chance(self, st: State) -> bool:
        """Whether the dice must be rolled now."""
        if self.roll_index < 0 or st.dice is not None or st.result is not None:
            return False
        return self.cube is None or st.cube_step == 2 or (st.cube_step == 0 and not self.cube.may_double(st))

    @staticmethod
    def _counter_key(kind: int, index: int, value: int) -> int:
        """A 64-bit hash key for a small counter's value, the same in every process and for every
        game object (a splitmix64 of the three numbers), so hashes can be compared and stored."""
        z = (0x5E1E1 * 0x9E3779B97F4A7C15 + (kind << 48 | (index & 0xFFFF) << 32 | (value & 0xFFFFFFFF))) \
            & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def _key(self, kind: int, index: int, value: int) -> int:
        """``_counter_key`` remembered (hashing asks for the same few keys all the time)."""
        got = self._cube_keys.get((kind, index, value))
        if got is None:
            got = self._cube_keys[(kind, index, value)] = self._counter_key(kind, index, value)
        return got

    def cube_key(self, cube: tuple[Any, ...]) -> int:
        """The hash key of a cube state (value, owner, step); the start state hashes as 0."""
        value, owner, step = cube[:3]
        return 0 if (value, owner, step) == (1, 0, 0) else self._key(1, owner * 4 + step, value)

    def tally_key(self, index: int, value: int) -> int:
        """The hash key of ``tally[index] == value`` (0 for the start value 0)."""
        return self._key(2, index, value) if value else 0

    def score_key(self, player: int, value: int) -> int:
        """The hash key of ``score[player] == value`` (0 for no points)."""
        return self._key(3, player, value) if value else 0

    def captures_key(self, player: int, value: int) -> int:
        """The hash key of ``captures[player] == value`` (0 for none)."""
        return self._key(4, player, value) if value else 0

    def reserve_key(self, player: int, reserve: int, value: int) -> int:
        """The hash key of a reserve's count (games whose reserves are hashed)."""
        return self._key(5, player * 64 + reserve, value)

    def cube_drop_outcome(self, winner: int, value: int) -> Outcome:
        tokens = self.results.get("drop", DEFAULT_RESULTS)
        return Outcome(winner, "drop", tokens[winner - 1], None, value)

    def chance_outcomes(self, st: State) -> list[tuple[tuple[int, ...], Fraction]]:
        """The possible rolls with exact probabilities; an opening roll also decides who starts:
        each player rolls one die, ties are rolled again, the higher plays both numbers."""
        if not self.is_chance(st):
            return []
        r, n = self.roll_index, self.faces
        if self.opening is not None and st.ply == 0 and self.opening.get("starter_plays") == "fresh_roll" \
                and not st.tally[0]:
            # both roll, the higher total starts and rolls afresh: only the starter is decided
            return [((r, 0, 0, 1), Fraction(1, 2)), ((r, 0, 0, 2), Fraction(1, 2))]
        if self.opening is not None and st.ply == 0 and not st.tally[0]:
            return self._opening_outcomes()
        if self.dice_count == 1:
            return [((r, a, 0, 0), Fraction(1, n)) for a in range(n, 0, -1)]
        double, other = Fraction(1, n * n), Fraction(2, n * n)
        return [((r, a, b, 0), double if a == b else other) for a in range(n, 0, -1) for b in range(a, 0, -1)]

    def _opening_outcomes(self) -> list[tuple[tuple[int, ...], Fraction]]:
        """Who starts with which roll. With one die each, the starter plays both dice just rolled
        (his and the other's); with two dice each, the higher total starts and plays his own two.
        Equal numbers (totals) are rolled again, so they are left out and the rest renormalised."""
        if self._opening_cache is None:
            r, n = self.roll_index, self.faces
            weight: dict[tuple[int, ...], int] = {}
            if int(cast("dict[str, Any]", self.opening).get("dice", 1)) == 1:
                for a in range(1, n + 1):
                    for b in range(1, n + 1):
                        if a != b:
                            key = (r, max(a, b), min(a, b), 1 if a > b else 2)
                            weight[key] = weight.get(key, 0) + 1
            else:
                rolls = [(a, b) for a in range(1, n + 1) for b in range(1, n + 1)]
                for mine in rolls:
                    for theirs in rolls:
                        if sum(mine) != sum(theirs):
                            starter, dice = (1, mine) if sum(mine) > sum(theirs) else (2, theirs)
                            key = (r, max(dice), min(dice), starter)
                            weight[key] = weight.get(key, 0) + 1
            total = sum(weight.values())
            order = sorted(weight, key=lambda k: (k[3], -k[1], -k[2]))
            self._opening_cache = [(k, Fraction(weight[k], total)) for k in order]
        return list(self._opening_cache)

    def roll(self, a: int, b: int = 0) -> tuple[int, ...]:
        """The chance move for the roll ``a``-``b`` (the higher first), or of one die ``a``."""
        faces = self.faces
        if self.roll_index < 0:
            raise InvalidMoveError(f"{self.name} has no dice")
        dice = (a,) if self.dice_count == 1 else (a, b)
        if not all(isinstance(d, int) and 1 <= d <= faces for d in dice) or (self.dice_count == 1 and b):
            shown = "-".join(str(d) for d in (a, b)[:self.dice_count])
            raise InvalidMoveError(f"the roll {shown}: {'each die shows' if self.dice_count == 2 else 'the die shows'} "
                                   f"1 to {faces}")
        return (self.roll_index, max(a, b), min(a, b), 0)

    def legal_moves(self, st: State) -> list[Move]:
        """Every legal move in ``st`` (empty once the game is over, and at chance nodes)."""
        if st.result is not None:
            return []
        if st.dice is None and self.roll_index >= 0:
            if self.cube is not None and not self.is_chance(st):
                out: list[Move] = []
                self.cube.generate(st, out)
                return out
            return []
        out = []
        phase = self.phases[st.phase]
        if phase.plain:
            for prim in phase.primitives:
                prim.generate(st, out)
        else:
            self._generate(st, out)
        if not out and self.pass_move is not None:
            out.append(self.pass_move)
        return out

    # -- the step view: a turn of the dice one number at a time ----------------------------------------
    def _stepper(self, st: State) -> Any:
        """The primitive that makes the turn in ``st`` step by step, or None (a turn is one move)."""
        if st.result is not None or st.dice is None:
            return None
        phase = self.phases[st.phase]
        prims = phase.primitives
        if len(prims) != 1 or not phase.plain or not hasattr(prims[0], "step_choices"):
            return None
        return prims[0]

    def stepwise(self, st: State) -> bool:
        """Whether the turn to play in ``st`` is made of steps in the step view (a dice turn)."""
        return self._stepper(st) is not None

    def turn_steps(self, st: State, done: Any = ()) -> list[Any]:
        """The step view of the turn to play in ``st``: the next choices after the choices
        ``done``, empty once the turn is complete (then :meth:`turn_move` gives it).

        In a dice turn a choice is one step, a (from square, to square) pair for one number of the
        dice, or ``None`` (:data:`~spielwerk.primitives.track.STOP`) to end the turn where going on
        is optional. In any other position the choices are the legal moves, and one makes the turn.
        Every sequence of choices ends in a legal turn, and every legal turn's result is reached.
        """
        prim = self._stepper(st)
        if prim is None:
            return [] if done else self.legal_moves(st)
        return cast(list[Any], prim.step_choices(st, done))

    def turn_move(self, st: State, done: Any) -> Move:
        """The move made of the choices ``done`` (see :meth:`turn_steps`)."""
        prim = self._stepper(st)
        if prim is None:
            if len(done) != 1:
                raise InvalidMoveError("outside a dice turn one choice, a legal move, makes the turn")
            return cast("Move", done[0])
        return cast("Move", prim.step_move(st, tuple(choice for choice in done if choice is not None)))

    def _generate(self, st: State, out: list[Any]) -> None:
        """Append the moves of the current phase's primitives: those whose ``when`` holds, and only
        the compulsory ones (the preferred among them) when there are any."""
        phase = self.phases[st.phase]
        if phase.plain:
            for prim in phase.primitives:
                prim.generate(st, out)
            return
        whens = phase.whens
        compulsory = phase.compulsory
        forced: list[Any] = []
        ctx = self._ctx
        for i, prim in enumerate(phase.primitives):
            if whens is not None and whens[i] is not None:
                ctx.st, ctx.mover = st, st.to_move
                if not cast(Evaluator, whens[i])(ctx):
                    continue
            prim.generate(st, forced if compulsory and prim in compulsory else out)
        if forced:
            if phase.prefer != "any":
                weights = [self.primitives[m[0]].weight(st, m, phase.prefer) for m in forced]
                best = max(weights)
                forced = [m for m, w in zip(forced, weights) if w == best]
            out.clear()
            out.extend(forced)

    def apply(self, st: State, move: tuple[Any, ...]) -> Any:
        """Play ``move`` on ``st`` in place; return what :meth:`undo` needs. The move is not checked."""
        if move[0] == self.roll_index or move[0] == self.cube_index:  # chance and the cube: not plies
            return self.primitives[move[0]].apply(st, move)
        if not self._plain:
            return self._apply_full(st, move)
        info = self.primitives[move[0]].apply(st, move)
        undo = (info, st.phase, st.result)
        st.ply += 1
        mover = st.to_move
        st.to_move = mover ^ 3
        h = st.hash ^ self.side_key
        if st.ply >= self.phase_end[st.phase]:
            h ^= self.phase_keys[st.phase]
            st.phase += 1
            h ^= self.phase_keys[st.phase]
        st.hash = h
        st.result = self.evaluate_end(st, mover)
        return undo

    def _apply_full(self, st: State, move: tuple[Any, ...]) -> Any:
        """``apply`` for games with after-move effects, repetition, stack limits or phases that end
        by a condition or set the first player."""
        info = self.primitives[move[0]].apply(st, move)
        mover = st.to_move
        trimmed = self._trim(st, mover) if self.max_stack else None
        ctx = self._bind(st, mover)
        # a pass changes nothing, so it sets no effect off
        undo_effects = [self._run_effect(st, e) for e in self.effects if e.when is None or e.when(ctx)] \
            if move != self.pass_move else []
        dice = st.dice if self._clear_dice else None
        if dice is not None:  # the die is used up
            st.hash ^= self.dice_keys[dice]
            st.dice = None
        undo = (info, st.phase, st.result, mover, undo_effects, trimmed, dice)
        st.ply += 1
        to_move = mover ^ 3
        again = getattr(self.primitives[move[0]], "again", None)
        if again is not None and again(move):  # a double: the same player rolls again
            to_move = mover
        h = st.hash
        phase = self.phases[st.phase]
        if st.ply >= self.phase_end[st.phase] or (phase.until is not None and phase.until(self._bind(st, mover))):
            h ^= self.phase_keys[st.phase]
            st.phase += 1
            h ^= self.phase_keys[st.phase]
            first = self.phases[st.phase].first
            if first is not None:
                to_move = first
        if to_move != mover:
            h ^= self.side_key
        st.to_move = to_move
        st.hash = h
        st.result = self.evaluate_end(st, mover)
        if self.repetition:
            seen = st.seen
            count = seen.get(h, 0) + 1
            seen[h] = count
            if count >= self.repetition and st.result is None:
                st.result = self._outcome(cast(_EndRule, self.repetition_rule), None, None)
        return undo

    def fired_effects(self, undo: Any) -> bool:
        """Whether the move ``undo`` came from made an after-move rule fire."""
        return not self._plain and any(undo[4])

    def _bind(self, st: State, mover: int) -> _Ctx:
        ctx = self._ctx
        ctx.st = st
        ctx.mover = mover
        return ctx

    def _remove(self, st: State, kinds: list[int], where: int = -1,
                where_if: Callable[[Any], Any] | None = None) -> list[tuple[int, list[int]]]:
        """Take every piece of ``kinds`` off the squares of ``where`` (where ``where_if`` holds);
        return (square, stack before) for each square changed."""
        gone = []
        bits = st.occupied & where
        while bits:
            low = bits & -bits
            bits ^= low
            sq = low.bit_length() - 1
            stack = st.stacks[sq]
            if not any(pc >> 1 in kinds for pc in stack):
                continue
            if where_if is not None and not where_if(self.square_context(st, self._ctx.mover, -1, -1, 0, sq)):
                continue
            gone.append((sq, list(stack)))
            self._restack(st, sq, [pc for pc in stack if pc >> 1 not in kinds])
        return gone

    def _restack(self, st: State, sq: int, pieces: list[int]) -> None:
        """Make the stack on ``sq`` hold ``pieces`` (bottom first), keeping the hash and tops right."""
        from .primitives.base import retop
        from .primitives.parts import rehash_stack
        stack = st.stacks[sq]
        old = stack[-1] if stack else -1
        st.hash ^= rehash_stack(st, sq)
        stack[:] = pieces
        st.hash ^= rehash_stack(st, sq)
        retop(st, sq, old)

    def _run_effect(self, st: State, effect: _Effect) -> list[tuple[int, list[int]]]:
        if effect.anchors is None:
            return self._remove(st, effect.remove or [], effect.where, effect.where_if)
        return self._remove_disconnected(st, effect.anchors, effect.near or [])

    def _remove_disconnected(self, st: State, anchors: set[int], near: list[int]) -> list[tuple[int, list[int]]]:
        """Take off every stack not linked through occupied neighbours to a stack holding an anchor."""
        occupied = st.occupied
        stacks = st.stacks
        linked = 0
        bits = occupied
        while bits:
            low = bits & -bits
            bits ^= low
            for pc in stacks[low.bit_length() - 1]:
                if pc >> 1 in anchors:
                    linked |= low
                    break
        linked = flood(linked, occupied, near)
        gone = []
        loose = occupied & ~linked
        while loose:
            low = loose & -loose
            loose ^= low
            sq = low.bit_length() - 1
            gone.append((sq, list(stacks[sq])))
            self._restack(st, sq, [])
        return gone

    def _trim(self, st: State, mover: int) -> list[tuple[int, list[int]]] | None:
        """Cut every stack down to the height limit from the bottom: the mover's pieces go where
        ``stacking.own`` says, the others where ``stacking.others`` says. Return what undo needs."""
        from .primitives.parts import take_under
        limit = self.max_stack
        out = None
        for sq, stack in enumerate(st.stacks):
            if len(stack) > limit:
                gone = take_under(st, sq, len(stack) - limit)
                for pc in gone:
                    self._overflow(st, mover, pc, 1)
                if out is None:
                    out = []
                out.append((sq, gone))
        return out

    def _overflow(self, st: State, mover: int, pc: int, sign: int) -> None:
        """Book one piece cut from a stack (``sign`` 1) or put back (``sign`` -1)."""
        owner = self.code_owner[pc]
        where = self.overflow[0] if owner == mover else self.overflow[1]
        if where == "reserve" and owner and self.reserve_of_kind[pc >> 1] >= 0:
            self.change_reserve(st, owner, self.reserve_of_kind[pc >> 1], sign)
        elif where == "capture":
            self.add_captures(st, mover, sign)

    def _untrim(self, st: State, mover: int, trimmed: list[tuple[int, list[int]]]) -> None:
        from .primitives.parts import put
        for sq, gone in reversed(trimmed):
            put(st, sq, gone, under=True)
            for pc in gone:
                self._overflow(st, mover, pc, -1)

    def add_captures(self, st: State, player: int, n: int) -> None:
        """``player`` has put ``n`` more pieces out of the game (negative: taken back)."""
        if n:
            old = st.captures[player]
            st.captures[player] = old + n
            if self.hash_captures:
                st.hash ^= self.captures_key(player, old) ^ self.captures_key(player, old + n)

    def change_reserve(self, st: State, player: int, reserve: int, delta: int) -> None:
        """Add ``delta`` pieces to a player's reserve (hashed where reserves can change other than
        by placing)."""
        old = st.reserves[player][reserve]
        st.reserves[player][reserve] = old + delta
        if self.hash_reserves:
            st.hash ^= self.reserve_key(player, reserve, old) ^ self.reserve_key(player, reserve, old + delta)

    def return_to_reserves(self, st: State, pieces: list[int], sign: int) -> None:
        """Pieces sent back to their owners' reserves (``sign`` 1), or taken out again (-1)."""
        for pc in pieces:
            r = self.reserve_of_kind[pc >> 1]
            if r >= 0 and self.code_owner[pc]:
                self.change_reserve(st, self.code_owner[pc], r, sign)

    def undo(self, st: State, move: tuple[Any, ...], undo: Any) -> None:
        """Take back ``move``, given what :meth:`apply` returned."""
        if move[0] == self.roll_index or move[0] == self.cube_index:
            self.primitives[move[0]].undo(st, move, undo)
            return
        if not self._plain:
            self._undo_full(st, move, undo)
            return
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

    def _undo_full(self, st: State, move: tuple[Any, ...], undo: Any) -> None:
        info, phase, result, mover, undo_effects, trimmed, dice = undo
        h = st.hash
        if dice is not None:
            h ^= self.dice_keys[dice]
            st.dice = dice
        if self.repetition:
            seen = st.seen
            count = seen[h] - 1
            if count:
                seen[h] = count
            else:
                del seen[h]
        if st.to_move != mover:
            h ^= self.side_key
        if phase != st.phase:
            h ^= self.phase_keys[st.phase] ^ self.phase_keys[phase]
            st.phase = phase
        st.hash = h
        for gone in reversed(undo_effects):
            for sq, before in reversed(gone):
                self._restack(st, sq, before)
        if trimmed:
            self._untrim(st, mover, trimmed)
        st.ply -= 1
        st.to_move = mover
        st.result = result
        self.primitives[move[0]].undo(st, move, info)

    def evaluate_end(self, st: State, mover: int | None = None) -> Outcome | None:
        """The end rules, checked after a move by ``mover`` (default: the player not to move)."""
        ctx = self._ctx
        ctx.st = st
        ctx.mover = mover = (3 - st.to_move) if mover is None else mover
        for rule in self.end_rules:
            if rule.when(ctx):
                if rule.score is None:
                    w = rule.winner
                    winner = (mover if w == "mover" else 3 - mover if w == "opponent"
                              else w if isinstance(w, int) else None)
                    return self._outcome(rule, winner, None)
                ctx.player = 1
                s1 = rule.score(ctx)
                ctx.player = 2
                s2 = rule.score(ctx)
                winner = 1 if s1 > s2 else 2 if s2 > s1 else None
                return self._outcome(rule, winner, (s1, s2))
        return None

    def evaluate(self, st: State, player: int) -> float:
        """The game file's ``evaluation`` of ``st`` for ``player``: the sum over its terms of weight
        x (the term for him - the term for his opponent); 0 in a game without one."""
        ctx = self._ctx
        ctx.st = st
        total = 0.0
        for weight, value in self.evaluation:
            ctx.player = ctx.mover = player
            mine = value(ctx)
            ctx.player = ctx.mover = 3 - player
            total += weight * (mine - value(ctx))
        return total

    def outcome(self, st: State) -> Outcome | None:
        """How the game in ``st`` ended, or None; a player with no legal move ends it by ``no_moves``."""
        if st.result is not None:
            return st.result
        if self.is_chance(st):
            return None
        if self.no_moves != "pass" and not self.legal_moves(st):
            if self.no_moves == "lose":
                return self._outcome(self._no_moves_rule, 3 - st.to_move, None)
            return self._outcome(self._no_moves_rule, None, None)
        return None

    def perft(self, st: State, depth: int) -> int:
        """Leaf count of the move tree to ``depth`` (finished games count only at depth 0)."""
        if depth == 0:
            return 1
        if self.roll_index >= 0 and self.is_chance(st):  # every roll expanded once
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

    # -- notation -----------------------------------------------------------------------------------
    def format_move(self, st: State, move: tuple[Any, ...], suffixes: bool = True) -> str:
        """``move`` in the game's notation, written canonically (with fact suffixes such as a job
        done, unless ``suffixes`` is false)."""
        return self.notation.format(st, move, suffixes)

    def parse_move(self, st: State, text: str, annotations: tuple[str, ...] = ()) -> tuple[Any, ...]:
        """The legal move ``text`` names in ``st``; raises Invalid/Illegal/AmbiguousMoveError.

        ``annotations`` written apart from the move (``xx`` after a space) are checked like suffixes.
        """
        return self.notation.parse(st, text, annotations)

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
            if stack and self.oriented[stack[-1] >> 1]:
                h ^= self.orient_keys[sq * 64 + st.orient[sq]]
        if st.to_move == 2:
            h ^= self.side_key
        if st.dice is not None:
            h ^= self.dice_keys[st.dice]
        for i, v in enumerate(st.tally):
            h ^= self.tally_key(i, v)
        for p in (1, 2):
            h ^= self.score_key(p, st.score[p])
            if self.hash_captures:
                h ^= self.captures_key(p, st.captures[p])
            if self.hash_reserves:
                for r, n in enumerate(st.reserves[p]):
                    h ^= self.reserve_key(p, r, n)
        if self.cube is not None:
            h ^= self.cube_key((st.cube_value, st.cube_owner, st.cube_step))
        return h ^ self.phase_keys[st.phase]

    def state_from_board(self, stacks: Iterable[Iterable[int]], ply: int, to_move: int,
                         orient: list[int] | None = None) -> State:
        """A state with the given stacks; reserves are what the pieces on the board leave."""
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
                r = self.reserve_of_kind[pc >> 1]
                if r >= 0 and self.code_owner[pc]:
                    st.reserves[self.code_owner[pc]][r] -= 1
        for p in (1, 2):  # the pieces the setup puts on the board come on top of the reserves
            for kind, n in enumerate(self.start_counts[p]):
                r = self.reserve_of_kind[kind]
                if r >= 0:
                    st.reserves[p][r] += n
        if self.opening is not None and self.opening.get("starter_plays") == "fresh_roll" \
                and (ply > 0 or to_move != (self.phases[0].first or 1)):
            # an opening that only decides who starts has been rolled: past the first move, or with
            # the second player to move (at ply 0 with the first player to move, a text is read as
            # the position before the opening roll)
            st.tally[0] = 1
        phase = 0
        while phase < len(self.phases) - 1 and (ply >= self.phase_end[phase] or (
                self.phases[phase].until is not None
                and cast(Evaluator, self.phases[phase].until)(self._bind(st, 3 - to_move)))):
            phase += 1
        st.phase = phase
        st.hash = self.rehash(st)
        if self.repetition:
            st.seen = {st.hash: 1}
        if ply > 0:
            st.result = self.read_result(st)
        return st

    def read_result(self, st: State) -> Outcome | None:
        """The end rules for a position read from a text, where the last mover is not known: the
        player not to move, or, where a move may give its player another turn, the one to move."""
        result = self.evaluate_end(st)
        if result is None and self._roll_again:
            result = self.evaluate_end(st, st.to_move)
        return result

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
        chosen in a turn of several parts given as ``(primitive index, key)``. A move of several
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

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles as its spec and option values, and is compiled again when unpickled
        (for worker processes: see :mod:`spielwerk.batch`)."""
        return (_compiled, (self.spec, self.options, self.fast_paths))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<Game {self.name} {opts}>"


def _compiled(spec: Spec, options: dict[str, Any], fast_paths: bool) -> Game:
    """Compile ``spec`` with ``options`` (how a pickled game is read back)."""
    return Game(spec, options, fast_paths=fast_paths)
