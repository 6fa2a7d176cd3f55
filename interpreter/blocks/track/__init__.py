"""``track``: checkers run along their owner's path by the numbers of the dice; a move is a whole
turn, and the legal moves of a roll are its distinct resulting positions.

The block is one class in four files: this one compiles its keys and plays its moves; the turns a
roll gives (:mod:`.turns`), the step view of a turn (:mod:`.steps`) and the texts of its moves
(:mod:`.texts`) are the others; :mod:`.rules` declares what they share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ...dsl.errors import OptionError
from ...ledger import retop
from ..base import Checking, Compiling
from .rules import MAX_REPEAT, STOP, ScoredTrackMove, TrackMove
from .steps import StepView
from .texts import TrackTexts

if TYPE_CHECKING:  # pragma: no cover
    from ...predicates.holds import Holds
    from ...state import Move, Position
    from ...topology import TrackTopology

__all__ = ["Track", "TrackMove", "ScoredTrackMove", "STOP", "MAX_REPEAT"]


def _enter_entry(alone: bool) -> dict[str, Any]:
    """The schema of one place checkers enter from; ``alone``: the entry written by itself rather
    than in a list, where ``into`` and ``first: false`` are not available."""
    return {
        "type": "object",
        "description": "Bringing checkers onto the track from a place.",
        "additionalProperties": False,
        "properties": {
            "from": {
                "type": "string",
                "description": "The place checkers enter from (`bar`, `out`).",
                "minLength": 1,
            },
            "into": {
                "$ref": "#/$defs/regionRef",
                "description": (
                    "Refused by `validate`: not available; checkers enter on the own first quarter (the first "
                    "six points of the own path)." if alone else
                    "Where a die's number puts them (default `quarter1`, the first six points of the own path)."
                ),
                "default": "quarter1",
            },
            "first": {
                "type": "boolean",
                "description": (
                    "True (default): while a player has checkers waiting there, he may move nothing else; "
                    "false (the first place only): entering is one choice among the other steps."
                ),
                "default": True,
            },
            "on": {
                "type": "array",
                "description": (
                    "The numbers that bring a checker in from here (default: every number), such as `[6]`."
                ),
                "items": {"type": "integer", "minimum": 1},
                "minItems": 1,
                "uniqueItems": True,
            },
            "at": {
                "type": "integer",
                "description": (
                    "The position on the own path where an entering checker lands, whatever the number "
                    "(default: the number's own position, n for the number n)."
                ),
                "minimum": 1,
            },
            "all_before_moving": {
                "type": "boolean",
                "description": (
                    "True: while checkers wait here, every number enters one of them and nothing else moves; "
                    "numbers left after the last entry are played as usual."
                ),
                "default": False,
            },
            "continue": {
                "description": (
                    "True (default): a checker that entered from this place may go on with the next number in "
                    "the same turn; false: not in this turn. Also `{option: NAME}`."
                ),
                "anyOf": [{"type": "boolean"}, {"$ref": "#/$defs/optionRef"}],
                "default": True,
            },
        },
        "required": ["from"],
    }


class Track(TrackTexts, StepView):
    """Checkers run along their owner's path by the numbers of the dice (docs/reference/tracks.md).

    Parameters: ``pieces``, ``blocked_by`` (2), ``hit``, ``enter``, ``start``, ``corner``,
    ``bear_off``, ``maximize``, ``order`` and ``order_while_entering``; the phase's ``doubles`` and
    the game's ``scoring`` are read too.

    A move is ``(index, dice, steps)``, ``steps`` a tuple of ``(from square, to square)`` in the
    order played; an empty ``steps`` is the pass of a roll with nothing playable. In a game with
    ``scoring`` a move has a fourth item, the points the turn earns its player.

    Inside the generator a player's checkers are counted in his own coordinates: 0 is the bar,
    1..N his path, N+1 borne off and N+2 the second entering place (``out``), if any.
    """

    name = "track"
    #: the block's entry in the schema's ``$defs``, its keys, and its line in the list of blocks
    schema_name = "track"
    summary = "A checker runs along its path by the numbers of the dice; a move is a whole turn."
    schema = {
        "type": "object",
        "description": (
            "`track`: checkers run along their owner's path by the numbers of the dice (the race games played"
            " with two dice). In a phase with `dice` a move is a whole turn, and the legal moves of a roll "
            "are its distinct resulting positions. docs/reference/tracks.md."
        ),
        "additionalProperties": False,
        "properties": {
            "pieces": {
                "$ref": "#/$defs/pieceList",
                "description": (
                    "The kind of piece that runs (`[checker]`); only the first kind listed is used."
                ),
            },
            "blocked_by": {
                "type": "integer",
                "description": "A point held by this many opposing checkers is closed.",
                "minimum": 1,
                "default": 2,
            },
            "continue": {
                "type": "boolean",
                "description": (
                    "True (default): one checker may use several numbers in a row (`13/7/4`). `false` is "
                    "refused by `validate`: not available (see `enter.continue`)."
                ),
                "default": True,
            },
            "hit": {
                "type": "object",
                "description": "Hitting a lone opposing checker.",
                "additionalProperties": False,
                "properties": {
                    "lone": {
                        "type": "boolean",
                        "description": (
                            "True (default): a move ending on a single opposing checker hits it (or pins it)."
                            " `false` is refused: the engine always hits a lone checker."
                        ),
                        "default": True,
                    },
                    "to": {
                        "type": "string",
                        "description": (
                            "Where a hit checker goes: a place (`bar`) or `start` (its owner's first point)."
                        ),
                        "default": "bar",
                    },
                    "except_on": {
                        "type": "array",
                        "description": (
                            "Points where nothing is ever hit (for example both start points: `[\"1\", \"1A\"]`)."
                        ),
                        "items": {
                            "type": "string",
                            "description": "A point name.",
                            "minLength": 1,
                        },
                    },
                    "mode": {
                        "description": (
                            "`send` (default): a hit checker goes to `to`; `pin` (Plakoto): the checker "
                            "landing on a lone enemy checker sits on it - the pinned checker cannot move "
                            "while a pinner is there, its point belongs to the pinner, and there is no bar."
                        ),
                        "enum": ["send", "pin"],
                        "default": "send",
                    },
                    "ends_game_on": {
                        "description": (
                            "With `mode: pin`: `opponent_start` - pinning a checker on the opponent's start "
                            "point (his first path point) ends the game at once, whatever numbers are left; "
                            "the turn stops there (Plakoto's mother). The end rules say who won."
                        ),
                        "enum": ["opponent_start"],
                    },
                },
            },
            "enter": {
                "description": (
                    "Bringing checkers onto the track from a place; a list gives several places in order of "
                    "priority (for example `bar` before `out`)."
                ),
                "anyOf": [
                    _enter_entry(alone=True),
                    {"type": "array", "items": _enter_entry(alone=False), "minItems": 1},
                ],
            },
            "start": {
                "type": "object",
                "description": "A start point that must be cleared.",
                "additionalProperties": False,
                "properties": {
                    "point": {
                        "type": "integer",
                        "description": "The point on the own path (1 = first).",
                        "minimum": 1,
                        "default": 1,
                    },
                    "clear_first": {
                        "type": "boolean",
                        "description": (
                            "True: while it is occupied, each die moves a checker off it or continues that "
                            "checker's move."
                        ),
                        "default": True,
                    },
                },
            },
            "corner": {
                "type": "object",
                "description": (
                    "The corner rules: an own corner point taken and left by at least two checkers."
                ),
                "additionalProperties": False,
                "properties": {
                    "point": {
                        "type": "integer",
                        "description": "The own corner, counted along the own path (12).",
                        "minimum": 1,
                    },
                    "first_take": {
                        "type": "integer",
                        "description": (
                            "Checkers that must arrive together, in one turn, to take the empty own corner."
                        ),
                        "minimum": 1,
                        "default": 2,
                    },
                    "last_leave": {
                        "type": "integer",
                        "description": "The last this many checkers leave together in one turn.",
                        "minimum": 1,
                        "default": 2,
                    },
                    "opponent_closed": {
                        "type": "boolean",
                        "description": "True (default): no move ends on the opponent's corner.",
                        "default": True,
                    },
                    "stop_short": {
                        "description": (
                            "True (default): two checkers that could reach the opponent's corner while the "
                            "own corner is empty may stop one point short, on the own corner, unless the roll"
                            " takes the own corner directly. Also `{option: NAME}`."
                        ),
                        "anyOf": [
                            {
                                "type": "boolean",
                            },
                            {
                                "$ref": "#/$defs/optionRef",
                            },
                        ],
                        "default": True,
                    },
                    "pass_through": {
                        "description": (
                            "True (default): a lone checker may land on the empty own corner and leave it "
                            "again in the same turn (only the corner's state at the end of the turn counts); "
                            "false: a checker that lands there must stay, with a second one. Also `{option: "
                            "NAME}`."
                        ),
                        "anyOf": [
                            {
                                "type": "boolean",
                            },
                            {
                                "$ref": "#/$defs/optionRef",
                            },
                        ],
                        "default": True,
                    },
                },
                "required": ["point"],
            },
            "bear_off": {
                "description": (
                    "Taking checkers off the board; `false`: checkers never leave the path, and a number "
                    "that would carry one past its last point cannot move it."
                ),
                "anyOf": [
                    {"const": False},
                    {
                        "type": "object",
                        "description": "Taking checkers off the board.",
                        "additionalProperties": False,
                        "properties": {
                            "requires": {
                                "description": (
                                    "`all_home` (default): all checkers in the last quarter; `none`: at any time."
                                ),
                                "enum": ["all_home", "none"],
                                "default": "all_home",
                            },
                            "at": {
                                "description": (
                                    "`beyond` (default): a checker goes off by moving past the last point; "
                                    "`last_point`: reaching the last point already takes it off."
                                ),
                                "enum": ["beyond", "last_point"],
                                "default": "beyond",
                            },
                            "overshoot": {
                                "description": (
                                    "Using a number larger than needed: `highest` (default): only from the highest "
                                    "occupied point, when no checker stands higher; `any`: always; `none`: never."
                                ),
                                "enum": ["highest", "any", "none"],
                                "default": "highest",
                            },
                            "to": {
                                "type": "string",
                                "description": "The place borne-off checkers go to.",
                                "default": "borne_off",
                            },
                            "return_to_start": {
                                "description": (
                                    "True: when all of a player's checkers are borne off and the game goes on, they "
                                    "return to his start point at once (not a move), and he plays on as from the "
                                    "start (games that continue). Also `{option: NAME}`."
                                ),
                                "anyOf": [
                                    {
                                        "type": "boolean",
                                    },
                                    {
                                        "$ref": "#/$defs/optionRef",
                                    },
                                ],
                                "default": False,
                            },
                        },
                    },
                ],
            },
            "capacity": {
                "type": "integer",
                "description": (
                    "The most checkers of one player a point holds (default: no limit): no step ends on a "
                    "point where the mover has this many. With `1` and `blocked_by: 2` a point holds one "
                    "checker, and a step onto a lone enemy checker hits it."
                ),
                "minimum": 1,
            },
            "maximize": {
                "description": (
                    "Must-use rule: `higher` (default): play as many numbers as possible, and if only one of "
                    "two different numbers can be played, the higher if possible; `dice`: as many numbers as "
                    "possible, either one. Also `{option: NAME}`."
                ),
                "anyOf": [
                    {
                        "enum": ["none", "dice", "higher"],
                    },
                    {
                        "$ref": "#/$defs/optionRef",
                    },
                ],
                "default": "higher",
            },
            "ending_turns": {
                "description": (
                    "How a turn that ends the game (the last checker borne off, or a pin that `ends_game_on`)"
                    " counts: `full` (default): as if it used every number - always legal, and the other "
                    "turns must use as many numbers; `apart`: always legal, and the must-use rule is applied "
                    "among the turns that do not end the game only (Plakoto's rule text). Also `{option: "
                    "NAME}`. Read in pin mode."
                ),
                "anyOf": [
                    {
                        "enum": ["full", "apart"],
                    },
                    {
                        "$ref": "#/$defs/optionRef",
                    },
                ],
                "default": "full",
            },
            "order": {
                "description": (
                    "Order of the dice numbers: `any` (default); `lower_first`: the lower number first; if it"
                    " cannot be played the roll is lost, if only it can, the higher is lost."
                ),
                "anyOf": [
                    {
                        "enum": ["any", "lower_first"],
                    },
                    {
                        "$ref": "#/$defs/optionRef",
                    },
                ],
                "default": "any",
            },
            "order_while_entering": {
                "description": (
                    "Order of the dice numbers in a turn that starts with checkers waiting to enter (on the "
                    "bar or in a second entering place): `any` or `lower_first`. Default: the same as "
                    "`order`."
                ),
                "anyOf": [
                    {
                        "enum": ["any", "lower_first"],
                    },
                    {
                        "$ref": "#/$defs/optionRef",
                    },
                ],
            },
        },
        "required": ["pieces"],
    }
    stepwise = True
    default_template = "{steps}"
    field_kinds = {"steps": "steps"}


    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        super().check(checker, path, params)
        if params.get("maximize") == "none":
            checker.refuse(path + ("maximize",), "none", "use `dice` or `higher`")
        if (params.get("hit") or {}).get("lone") is False:
            checker.refuse(path + ("hit", "lone"), False, "a lone checker is always hit (or pinned)")
        enter = params.get("enter")
        places = [(path + ("enter",), enter)] if isinstance(enter, dict) else \
            [(path + ("enter", i), e) for i, e in enumerate(enter or []) if isinstance(e, dict)]
        for i, (where, place) in enumerate(places):
            if "into" in place:
                checker.refuse(where + ("into",), place["into"], "checkers enter on the own first quarter")
            if place.get("first") is False and i > 0:
                checker.refuse(where + ("first",), False, "a second entering place waits for the first; "
                               "`all_before_moving` says whether its checkers come in first")
        if params.get("continue") is False:
            checker.refuse(path + ("continue",), False, "a checker may use several numbers in a row (see "
                           "`enter.continue`)")

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        self.require_stacking(c, "the checkers of a `track` pile up on its points and places")
        topo = cast("TrackTopology", c.t.topology)
        self.paths = topo.paths
        #: the length of each player's path (the board's points, or each entry of its `paths`)
        self.N = len(topo.paths[1])
        #: paths that are not the two directions along all the points (the board's `paths`)
        self.own_paths = "paths" in c.data["board"]
        #: a turn plays the number of one die (one step), not the two numbers of two dice
        self.one_die = (self._dice_phase(c)[1].get("dice") or {}).get("count", 2) == 1
        #: the step view (a turn one number at a time) serves two dice; one die's turn is one step
        self.stepwise = not self.one_die
        self.pos_of = topo.position
        kind = c.t.kind_index[params.get("pieces", c.t.kind_names)[0]]
        self.code = [0, *(c.t.code(kind, p) for p in c.t.player_numbers)]
        #: opposing checkers that close a point: 1 (any), or 2 (a lone one is hit or pinned); more
        #: would let both players' checkers share a point, which no position text can say
        self.block = c.number(path + ("blocked_by",), params.get("blocked_by", 2), 1, 2)
        #: the most checkers of one player on a point (``capacity``); no limit by default
        self.capacity = c.number(path + ("capacity",), params["capacity"], 1, 1000) if "capacity" in params else 1 << 30
        # the start point (its checkers must all leave before anything else moves)
        start = params.get("start")
        self.start = int(start.get("point", 1)) if start is not None else 0
        self.clear_first = bool(start.get("clear_first", True)) if start is not None else False
        self._compile_hits(c, params.get("hit") or {}, path)
        self._compile_entering(c, params, path)
        self._compile_bearing_off(c, params.get("bear_off", {}), path)
        self._compile_corner(c, params.get("corner"), path)
        self._compile_dice(c, params, path)
        self._compile_awards(c, c.data.get("scoring"))
        if self.pin and (self.start or self.corner or self.scoring or self.out is not None or self.recycle
                         or self.hit_to_start or any(self.no_hit) or self.order != "any" or self.one_die
                         or "capacity" in params or not self.bears_off):
            raise c.error(path + ("hit", "mode"), "pinning does not combine with a start point, a corner, "
                          "points, a second entering place, hits sent to the start, `order`, one die, "
                          "`capacity` or `bear_off: false`")
        if self.N > 61:
            raise c.error(("board",), f"a `track` runs along at most 61 points; this path has {self.N}")
        if self.own_paths and (self.hit_to_start or self.corner):
            key = ("hit", "to") if self.hit_to_start else ("corner",)
            raise c.error(path + key, "hits sent to the start and corners mirror one player's path onto "
                          "the other's: they need a board with `travel`, not `paths`")
        #: moves written with the board's point names, step by step in the order played
        self.names_mode = (c.data.get("notation") or {}).get("squares") == "track_names"
        self._compile_tables(topo)

    def _compile_hits(self, c: Compiling, hit: dict[str, Any], path: tuple[Any, ...]) -> None:
        """``hit``: what landing on a lone enemy checker does, and where the hit checker goes."""
        N = self.N
        #: ``pin``: a checker landing on a lone enemy checker sits on it; the pinned checker stays
        #: until the pinners leave, and its point is closed to its owner (no bar, no hitting)
        self.pin = hit.get("mode", "send") == "pin"
        #: pinning a checker on the opponent's start point ends the game at once
        self.pin_ends = self.pin and hit.get("ends_game_on") == "opponent_start"
        self.hit_to_start = hit.get("to", "bar") == "start"
        #: where a hit checker of each player goes: his bar, or the first point of his path
        if self.hit_to_start:
            home_point = self.start or 1
            self.hit_place = [-1, *(self.paths[p][home_point - 1] for p in c.t.player_numbers)]
        elif self.pin:
            self.hit_place = [-1] * (c.t.num_players + 1)
        else:
            self.hit_place = self._place(c, hit.get("to", "bar"), path + ("hit", "to"))
        #: the opponent's start point in the mover's coordinates (his hit checkers are counted there)
        self.opp_start = N + 1 - (self.start or 1) if self.hit_to_start else 0
        self.no_hit: list[set[int]] = [set() for _ in range(c.t.num_players + 1)]
        for i, name in enumerate(hit.get("except_on", [])):
            try:
                sq = c.t.topology.parse_square(str(name))
            except ValueError as exc:
                raise c.error(path + ("hit", "except_on", i), str(exc)) from None
            for p in c.t.player_numbers:
                self.no_hit[p].add(self.pos_of[p][sq])

    def _compile_entering(self, c: Compiling, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        """``enter``: the places checkers wait in to come onto the track, in order of priority."""
        enters = params.get("enter") or ({} if not self.pin else [])
        enters = enters if isinstance(enters, list) else [enters]
        #: where hit checkers wait to enter (-1: there is no such place)
        self.bar = self._place(c, enters[0].get("from", "bar"), path + ("enter",)) if enters else [-1] * (c.t.num_players + 1)
        listed = isinstance(params.get("enter"), list)
        if enters:  # checkers waiting in the first place enter first (unless `first: false`)
            where = path + ("enter", 0) if listed else path + ("enter",)
            for key in ("continue", "all_before_moving"):
                if key in enters[0]:
                    raise c.error(where + (key,), f"`{key}` is read for a second entering place only: "
                                  "checkers in the first place enter before anything else moves")
        #: checkers in the first place enter before anything else moves
        self.bar_first = bool(enters[0].get("first", True)) if enters else True
        #: the first place's name in move texts (``bar``)
        self.bar_name = str(enters[0].get("from", "bar")).lower() if enters else "bar"
        #: per entering place (first, second): the numbers that bring a checker in (None: every
        #: number), and the path position it lands on (0: the number's own)
        self.enter_on: list[frozenset[int] | None] = []
        self.enter_at: list[int] = []
        faces = self._faces(c)
        for i, entry in enumerate(enters[:2]):
            where = path + ("enter", i) if listed else path + ("enter",)
            on = entry.get("on")
            for k, n in enumerate(on or []):
                c.number(where + ("on", k), n, 1, faces, f"a die shows 1 to {faces}")
            self.enter_on.append(frozenset(on) if on is not None else None)
            self.enter_at.append(c.number(where + ("at",), entry["at"], 1, self.N, f"the path has points 1 to "
                                          f"{self.N}") if "at" in entry else 0)
        while len(self.enter_on) < 2:
            self.enter_on.append(None)
            self.enter_at.append(0)
        # a second entering place (such as `out`): checkers wait there until they come in
        second = enters[1] if len(enters) > 1 else None
        self.out = self._place(c, second["from"], path + ("enter", 1, "from")) if second else None
        self.out_name = str(second["from"]).lower() if second else ""
        self.OUT = self.N + 2 if second else -1
        self.out_all_first = bool(self._choice(c, second.get("all_before_moving", False))) if second else False
        self.out_continue = bool(self._choice(c, second.get("continue", True))) if second else True
        if self.out is not None and self.out == self.bar:
            raise c.error(path + ("enter", 1, "from"), "the second entering place must differ from the first")
        if not self.hit_to_start and not self.pin and self.hit_place != self.bar:
            raise c.error(path + ("hit", "to"), "a hit checker waits to enter again: `hit.to` must be the "
                          "first place of `enter` (or `start`)")

    def _compile_bearing_off(self, c: Compiling, bear: dict[str, Any] | bool, path: tuple[Any, ...]) -> None:
        """``bear_off``: where borne off checkers rest, when and how a checker goes off; ``false``:
        never (checkers stay on the path)."""
        N = self.N
        #: checkers leave the path (``bear_off`` is not ``false``)
        self.bears_off = bear is not False
        if not isinstance(bear, dict):
            bear = {}
        self.off = self._place(c, bear.get("to", "borne_off"), path + ("bear_off", "to")) if self.bears_off \
            else [-1] * (c.t.num_players + 1)
        # each place has one role: where hit checkers wait (the first entering place), where the
        # others wait to come in, where the borne off ones rest
        if self.off in (self.bar, self.out):
            raise c.error(path + ("bear_off", "to"), "borne off checkers rest in a place of their own, "
                          "not one they enter from")
        self.home_start = N - N // 4 + 1
        self.bear_all_home = bear.get("requires", "all_home") == "all_home"
        #: a step that reaches this path position (or beyond) bears the checker off
        self.off_at = N if bear.get("at", "beyond") == "last_point" else N + 1
        self.overshoot = bear.get("overshoot", "highest")
        #: all of a player's checkers borne off while the game goes on return to his start point
        #: (games that go on from an earlier one); not a move
        self.recycle = bool(self._choice(c, bear.get("return_to_start", False)))
        self.recycle_to = self.start or 1

    def _compile_corner(self, c: Compiling, corner: dict[str, Any] | None, path: tuple[Any, ...]) -> None:
        """``corner``: an own point that is taken and left by at least two checkers."""
        self.corner = int(corner["point"]) if corner is not None else 0
        if corner is not None:
            self.first_take = c.number(path + ("corner", "first_take"), corner.get("first_take", 2), 1, 15)
            self.last_leave = c.number(path + ("corner", "last_leave"), corner.get("last_leave", 2), 1, 15)
            self.opp_corner = self.N + 1 - self.corner if corner.get("opponent_closed", True) else 0
            self.stop_short = bool(self._choice(c, corner.get("stop_short", True)))
            self.pass_through = bool(self._choice(c, corner.get("pass_through", True)))
        else:
            self.first_take = self.last_leave = 1
            self.opp_corner, self.stop_short, self.pass_through = 0, False, True

    @staticmethod
    def _dice_phase(c: Compiling) -> tuple[int, dict[str, Any]]:
        """The index and the spec of the (first) phase with a ``track``."""
        i = next(i for i, ph in enumerate(c.data["phases"]) if any("track" in m for m in ph.get("moves", [])))
        return i, c.data["phases"][i]

    def _faces(self, c: Compiling) -> int:
        """The faces of the dice (checked when the dice are compiled)."""
        faces = (self._dice_phase(c)[1].get("dice") or {}).get("faces", 6)
        return faces if isinstance(faces, int) and not isinstance(faces, bool) else 20

    def _compile_dice(self, c: Compiling, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        """How the numbers of a roll are played: the must-use rules, their order, what a double
        gives (the phase's ``doubles``)."""
        if self.one_die:
            for key in ("maximize", "order", "order_while_entering"):
                if key in params:
                    raise c.error(path + (key,), f"`{key}` chooses among the numbers of two dice; with one die "
                                  "a turn plays its one number")
            i, phase = self._dice_phase(c)
            if "doubles" in phase:
                raise c.error(("phases", i, "doubles"), "one die rolls no doubles")
        #: a turn that ends the game: ``full`` counts it as using all its numbers; ``apart`` leaves it
        #: out when finding how many numbers the other turns must use
        self.ending_turns = self._choice(c, params.get("ending_turns", "full"), ("full", "apart"))
        if self.ending_turns != "full" and not self.pin:
            raise c.error(path + ("ending_turns",), "`ending_turns: apart` is read only with `hit: {mode: pin}`")
        self.maximize = self._choice(c, params.get("maximize", "higher"), ("higher", "dice"))
        self.order = self._choice(c, params.get("order", "any"), ("any", "lower_first"))
        self.order_entering = self._choice(c, params.get("order_while_entering", self.order), ("any", "lower_first"))
        i = self._dice_phase(c)[0]
        doubles = c.data["phases"][i].get("doubles") or {}
        where = ("phases", i, "doubles")
        self.double_play = c.number(where + ("play",), doubles.get("play", 4), 1, 8)
        self.underneath = c.number(where + ("underneath",), doubles.get("underneath", 0), 0, 8)
        self.underneath_optional = bool(doubles.get("underneath_optional", False))
        later = doubles.get("later") or {}
        self.later_from = c.number(where + ("later", "from"), later.get("from", 2), 1, 100) if later else 0
        self.later_play = c.number(where + ("later", "play"), later.get("play", self.double_play), 1, 8)
        self.later_underneath = c.number(where + ("later", "underneath"), later.get("underneath", self.underneath),
                                         0, 8)
        #: doubles are counted per player where what a double gives depends on how many came before
        self.count_doubles = bool(self.underneath or self.later_from)
        self.roll_again = bool(c.constant(("phases", "doubles", "roll_again"), doubles.get("roll_again", False)))

    def _compile_tables(self, topo: "TrackTopology") -> None:
        """The flat tables the generators read: coordinates to squares, steps to square pairs."""
        N = self.N
        #: the simple case: two numbers in any order, no waiting place besides the bar
        self._simple = (not self.pin and self.out is None and self.order == "any" and not self.count_doubles
                        and not self.one_die and self.capacity > 1000 and self.bears_off and self.bar_first
                        and self.enter_on[0] is None and not self.enter_at[0]
                        and not self.recycle
                        and not self.start and not self.corner and not self.scoring
                        and not self.hit_to_start and self.bear_all_home and self.off_at == N + 1
                        and self.overshoot == "highest" and not any(self.no_hit))
        #: same numbers may be played in order of their source points (a checker further back
        #: first); not where the order of the steps changes what a turn earns or allows
        self._prune = not (self.start or self.corner or self.scoring)
        #: the last position's hash and dice, and its moves: a text is read against the legal moves
        #: twice (finding the move, checking it), which for a roll with many results costs seconds
        self._cached = (0, None, [])
        #: the last position read from, and its legal moves by what they change (see from_fields)
        self._by_delta = (None, {})
        #: mover coordinates (0 = bar, 1..N = path, N+1 = off, N+2 = out) to squares, per player
        self._square_map = [[]] + [[self._square(p, k) for k in range(N + (3 if self.out else 2))]
                                  for p in self.t.player_numbers]
        #: a step ``from * 64 + to`` in mover coordinates -> its (from square, to square), per player
        self._step_squares = [[]] + [
            [(sm[c >> 6], sm[c & 63]) if (c >> 6) < len(sm) and (c & 63) < len(sm) else None
             for c in range(64 * 64)] for sm in self._square_map[1:]]
        #: a square -> its position in each player's coordinates (0 bar, 1..N path, N+1 off, N+2 out)
        self._mover_pos = [[]] + [[0] * topo.size for _ in self.t.player_numbers]
        for p in self.t.player_numbers:
            for k, sq in enumerate(self._square_map[p]):
                if sq >= 0:
                    self._mover_pos[p][sq] = k
        self._apart_cache = (None, (0, False))
        #: the last position the step view counted: its hash, player to move and counts
        self._walk_counts: tuple[int, int, list[int], list[int]] = (0, 0, [], [])
        #: the step view's walk of each player's turns (see steps.py), and the hash, player to move
        #: and dice of the position of the last turn asked; kept where no pins, points, corner or
        #: return to the start need the general walk
        self._turn_walks = [None] * (max(self.t.player_numbers) + 1)
        self._turn_key = None
        self._keeps_walk = not (self.pin or self.scoring or self.corner or self.recycle)
        #: the weights of result keys for count lists of N + 2 and N + 3 entries
        self._weights_of = {n: self._weights(n) for n in (N + 2, N + 3)}

    def _place(self, c: Compiling, name: str, where: tuple[Any, ...]) -> list[int]:
        """The squares of a per-player place, by name; a located error if the board has none."""
        places = cast("TrackTopology", c.t.topology).places
        if name not in places:
            raise c.error(where, f"the board has no place {name!r} (places: "
                                       f"{', '.join(places) or 'none'})")
        return places[name]

    @staticmethod
    def _weights(n: int) -> list[int]:
        """The weight of each coordinate in a result key: 5 bits per count."""
        return [1 << (5 * i) for i in range(n)]

    def _choice(self, c: Compiling, value: Any, allowed: tuple[Any, ...] = (True, False)) -> Any:
        """A parameter's value: ``{option: NAME}`` (or a bare option name) gives the option's value,
        which must be one of ``allowed``."""
        options = c.options
        name = value["option"] if isinstance(value, dict) and "option" in value else \
            value if isinstance(value, str) and value in options else None
        if name is None:
            return value
        chosen = options[name]
        if chosen not in allowed:
            shown = ", ".join(str(a).lower() if isinstance(a, bool) else str(a) for a in allowed)
            if chosen == c.option_default(name):  # the file's own default
                raise c.error(("options", name, "default"), f"option {name!r} sets a track key "
                                           f"that takes {shown}, not {chosen!r}")
            raise OptionError(f"option {name}={chosen!r} sets a track key that takes {shown}")
        return chosen

    def _compile_awards(self, c: Compiling, scoring: Any) -> None:
        """The game's ``scoring`` awards, as points per hit and per checker borne off, and the
        point sets (``holds`` predicates of the mover) whose forming or keeping earns points."""
        self.scoring = scoring is not None
        self.hit_points = self.off_points = 0
        #: (positions, minimum, points) per award kind
        self.formed: list[tuple[list[int], int, int]] = []
        self.kept: list[tuple[list[int], int, int]] = []
        self.turn_end: list[tuple[list[int], int, int]] = []
        self.target = c.t.score_target if scoring is not None else None
        if scoring is None:
            return
        from ...dsl.expr import Call, Name
        for i, award in enumerate(scoring.get("awards", [])):
            where = ("scoring", "awards", i)
            pts = c.number(where + ("points",), award.get("points", 1), 0, 1000)
            if award.get("to", "mover") != "mover":
                raise c.error(where + ("to",), "`to: opponent` is not available: awards go "
                                           "to the mover")
            event = award["event"]
            if event == "hit":
                self.hit_points += pts
                continue
            if event == "bear_off":
                self.off_points += pts
                continue
            node = c.expression(where + ("when",), award["when"]) if "when" in award else None
            pred = c.predicates.get(node.name) if isinstance(node, Call) else None
            call = cast(Call, node)  # a predicate is found for a call only
            if (pred is None or not getattr(pred, "positions", None) or len(call.args) != 1
                    or not isinstance(call.args[0], Name) or call.args[0].name != "mover"):
                raise c.error(where + ("when",) if node is not None else where,
                                           f"a `{event}` award needs `when: NAME(mover)`, NAME a "
                                           "`holds` predicate with `points`")
            holds = cast("Holds", pred)  # a predicate with `positions`: a `holds`
            {"formed": self.formed, "kept": self.kept, "turn_end": self.turn_end}[event].append(
                (holds.positions, holds.min, pts))

    def again(self, move: tuple[Any, ...]) -> bool:
        """Whether the player rolls again after this move (a double, where the game says so)."""
        return self.roll_again and move[1][0] == move[1][1]

    def from_square(self, move: "Move") -> int:
        """The square the turn's first step leaves (-1: a pass)."""
        return int(move[2][0][0]) if move[2] else -1

    def to_square(self, move: "Move") -> int:
        """The square the turn's last step reaches (-1: a pass)."""
        return int(move[2][-1][1]) if move[2] else -1

    def _square(self, p: int, pos: int) -> int:
        if pos == 0:
            return self.bar[p]
        if pos == self.N + 1:
            return self.off[p]
        if pos == self.N + 2:
            return cast("list[int]", self.out)[p]
        return self.paths[p][pos - 1]

    def generate(self, st: "Position", out: list[Any]) -> None:
        if st.dice is None:
            return
        if st.hash == self._cached[0] and st.dice == self._cached[1]:
            out.extend(self._cached[2])  # the same position asked again (reading a move's text)
            return
        start = len(out)
        self._generate(st, out)
        self._cached = (st.hash, st.dice, out[start:])

    def _generate(self, st: "Position", out: list[Any]) -> None:
        p = st.to_move
        index = self.index
        dice = cast("tuple[int, int]", st.dice)  # rolled: generate() returns before otherwise
        steps: tuple[Any, ...]  # coded steps, or (from, to) pairs
        if self.pin:
            pairs = self._step_squares[p]
            for steps in self.pin_turns(st, dice):
                out.append(TrackMove((index, dice, tuple([pairs[c] for c in steps]))))
            return
        me, opp = self.counts(st, p)
        pairs = self._step_squares[p]
        if self._simple:
            out.extend([TrackMove((index, dice, steps)) for steps in self.turns(me, opp, dice, pairs)])
        elif self.scoring:
            for steps, gain in self.general_turns(st, me, opp, dice):
                out.append(ScoredTrackMove((index, dice, tuple([pairs[c] for c in steps]), gain)))
        else:
            for steps, _ in self.general_turns(st, me, opp, dice):
                out.append(TrackMove((index, dice, tuple([pairs[c] for c in steps]))))

    # -- play -------------------------------------------------------------------------------------
    def _move_one(self, st: "Position", a: int, b: int, code: int) -> None:
        g = self.t
        Z, zs, nc = g.zobrist, g.zobrist_stride, g.num_codes
        src, dst = st.stacks[a], st.stacks[b]
        src.pop()
        h = st.hash ^ Z[(a * zs + len(src)) * nc + code]
        old = dst[-1] if dst else -1
        h ^= Z[(b * zs + len(dst)) * nc + code]
        dst.append(code)
        st.hash = h
        retop(st, a, code)
        retop(st, b, old)

    def apply(self, st: "Position", move: "Move") -> Any:
        steps = move[2]
        p = st.to_move
        code, enemy = self.code[p], self.t.enemy[p]
        hits = []  # per step: the code of the checker it hit, or -1
        back: list[int] = []  # steps after which the player's checkers went back to the start
        off = self.off[p]
        # a turn that wins ends the game: its last checker borne off stays off
        wins = self.recycle and len(move) > 3 and self.target is not None and st.score[p] + move[3] >= self.target
        for i, (a, b) in enumerate(steps):
            dst = st.stacks[b]
            if len(dst) == 1 and enemy[dst[-1]] and not self.pin:
                hit = dst[-1]
                self._move_one(st, b, self.hit_place[self.t.code_owner[hit]], hit)
                hits.append(hit)
            else:
                hits.append(-1)
            self._move_one(st, a, b, code)
            if (self.recycle and b == off and len(st.stacks[off]) == self.t.start_counts[p][self.t.code_kind[code]]
                    and not (wins and i == len(steps) - 1)):
                self._recycle(st, off, self.paths[p][self.recycle_to - 1], code)
                back.append(i)
        g = self.t
        old = cast("tuple[int, int]", st.dice)
        if not self.one_die:  # one die is put away by the game, once `again` has read it
            st.hash ^= g.dice_keys[old]
            st.dice = None
        if self.count_doubles and old[0] == old[1]:  # doubles are counted per player
            st.hash ^= g.tally_key(p, st.tally[p]) ^ g.tally_key(p, st.tally[p] + 1)
            st.tally[p] += 1
        if len(move) > 3 and move[3]:  # the points the turn earns
            st.hash ^= g.score_key(p, st.score[p]) ^ g.score_key(p, st.score[p] + move[3])
            st.score[p] += move[3]
        cube_step = st.cube_step
        if cube_step:  # the next player's cube decision comes before his roll
            st.hash ^= g.cube_key((st.cube_value, st.cube_owner, cube_step)) ^ g.cube_key((st.cube_value, st.cube_owner, 0))
            st.cube_step = 0
        return (old, hits, cube_step, back)

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        steps = move[2]
        old, hits, cube_step, back = info
        g = self.t
        if not self.one_die:
            st.dice = old
            st.hash ^= g.dice_keys[old]
        if len(move) > 3 and move[3]:
            p = st.to_move
            st.hash ^= g.score_key(p, st.score[p]) ^ g.score_key(p, st.score[p] - move[3])
            st.score[p] -= move[3]
        if self.count_doubles and old[0] == old[1]:
            p = st.to_move
            st.hash ^= g.tally_key(p, st.tally[p]) ^ g.tally_key(p, st.tally[p] - 1)
            st.tally[p] -= 1
        if cube_step:
            st.hash ^= g.cube_key((st.cube_value, st.cube_owner, 0)) ^ g.cube_key((st.cube_value, st.cube_owner, cube_step))
            st.cube_step = cube_step
        p = st.to_move
        code = self.code[p]
        for i in range(len(steps) - 1, -1, -1):
            a, b = steps[i]
            hit = hits[i]
            if back and back[-1] == i:  # the checkers that went back to the start come off again
                back = back[:-1]
                self._recycle(st, self.paths[p][self.recycle_to - 1], b, code)
            self._move_one(st, b, a, code)
            if hit >= 0:
                self._move_one(st, self.hit_place[self.t.code_owner[hit]], b, hit)

    def _recycle(self, st: "Position", src: int, dst: int, code: int) -> None:
        """Move every checker of ``src`` (all the player's) onto ``dst``."""
        for _ in range(len(st.stacks[src])):
            self._move_one(st, src, dst, code)
