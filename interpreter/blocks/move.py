"""``move``: pieces leave a square and go somewhere in a straight line - the general move block.

What moves (``pieces``, ``owner``, ``take``), which way and how far (``directions``, ``extra``,
``distance``), what the path may cross (``over``, ``blocked_by``), where it may end (``to``) and
what happens there (``onto``), how a carried stack is set down (``drop: spread``), and what follows
(``promote``, ``flatten``). docs/reference/moves.md describes every key.

:func:`make_move` compiles a ``move`` entry. Where its keys have the shape of a move with a
specialised generator (a single piece sliding or stepping, a stack spread along a line), that
generator is used; otherwise the general one, :class:`Move`. Both list the same moves (a test
compares them on every bundled game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import re
from typing import Any, cast

from ..dsl.errors import InvalidMoveError
from ..dsl.expr import names_in, parse_expr
from ..ledger import add_captures, clear, lift, put, recode_top, return_to_reserves, take_under, topped
from ..moves import LineMove, SpreadMove
from .base import Block, Checking, Compiling
from .carry import compositions, count_compositions, read_drops
from .parts import Landing, Promotion, check_lines, compile_rays, source_codes

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move as MoveTuple  # the alias; `Move` here is the primitive
    from ..state import Position
    from ..topology import Board

__all__ = ["Move", "make_move"]

#: ``distance: any``
ANY = -1


class Move(Block):
    """The general move (see the module docstring). A move is ``(index, from, to, k)`` - ``k``
    pieces off the top of ``from`` - or, with ``drop: spread``, ``(index, from, direction,
    drops)``: ``drops[i]`` pieces (bottom ones first) left on the i-th square of the line."""

    name = "move"
    #: the block's entry in the schema's ``$defs``, its keys, and its line in the list of blocks
    schema_name = "generalMove"
    summary = "Pieces move in a straight line: one piece, a stack or part of it; sliding, stepping, spreading."
    schema = {
        "type": "object",
        "description": (
            "`move`: pieces leave a square and go in a straight line - which pieces (`pieces`, `owner`, "
            "`take`), which way and how far (`directions`, `extra`, `distance`), over what (`over`, "
            "`blocked_by`), where to (`to`) and what happens there (`onto`); `drop: spread` sets a carried "
            "stack down piece by piece along the line. docs/reference/moves.md."
        ),
        "additionalProperties": False,
        "properties": {
            "pieces": {
                "$ref": "#/$defs/pieceList",
                "description": (
                    "The kinds that move, by the top piece of the stack (default: every kind)."
                ),
            },
            "owner": {
                "description": (
                    "Whose pieces move: `mover` (default: stacks whose top piece is the player to move's) or "
                    "`opponent`."
                ),
                "enum": ["mover", "opponent"],
                "default": "mover",
            },
            "take": {
                "description": (
                    "What moves: `top` (default: the top piece), `stack` (the whole stack) or `{min, max}`: "
                    "the top k pieces, k from min (default 1) to max (default the stack's height; always at "
                    "most the height); min and max may be expressions of `height`."
                ),
                "anyOf": [
                    {
                        "enum": ["top", "stack"],
                    },
                    {
                        "type": "object",
                        "description": "A range of how many pieces are taken off the top.",
                        "additionalProperties": False,
                        "properties": {
                            "min": {
                                "$ref": "#/$defs/intExpression",
                                "description": "Fewest pieces (default 1).",
                            },
                            "max": {
                                "$ref": "#/$defs/intExpression",
                                "description": (
                                    "Most pieces (default: the height; for example the board's `size`)."
                                ),
                            },
                        },
                    },
                ],
                "default": "top",
            },
            "directions": {
                "$ref": "#/$defs/directionsByKind",
                "description": "Directions of travel (default `orthogonal`).",
                "default": "orthogonal",
            },
            "extra": {
                "type": "array",
                "description": (
                    "More directions for a piece that starts in a region (for example diagonals from the "
                    "corners: `[{from: corners, directions: diagonal}]`)."
                ),
                "items": {
                    "type": "object",
                    "description": "Extra directions from one region.",
                    "additionalProperties": False,
                    "properties": {
                        "from": {
                            "$ref": "#/$defs/regionRef",
                            "description": "The region the piece starts in.",
                        },
                        "directions": {
                            "$ref": "#/$defs/directions",
                            "description": "The extra directions.",
                        },
                    },
                    "required": ["from", "directions"],
                },
                "minItems": 1,
            },
            "distance": {
                "description": (
                    "`any` (default): 1 or more squares, as far as the path allows; otherwise exactly this "
                    "many squares: an integer or an expression of `k` (pieces taken) and `height` (the "
                    "stack's height): Focus `k`, DVONN `height`. With `drop: spread` the distance is the "
                    "number of drops."
                ),
                "anyOf": [
                    {
                        "const": "any",
                    },
                    {
                        "$ref": "#/$defs/intExpression",
                    },
                ],
                "default": "any",
            },
            "over": {
                "description": (
                    "What the squares passed may hold: `empty` (default), `any` (pieces are passed over, as"
                    " in Focus and DVONN), `own` (the mover's pieces only) or `enemy` "
                    "(the opponent's only)."
                ),
                "enum": ["empty", "any", "own", "enemy"],
                "default": "empty",
            },
            "screens": {
                "type": "integer",
                "minimum": 1,
                "description": (
                    "The move passes exactly this many pieces, of any owner, on its way (a cannon's capture "
                    "over one screen); every other square passed is empty. Not with `over`."
                ),
            },
            "blocked_by": {
                "$ref": "#/$defs/pieceList",
                "description": (
                    "Pieces that may be neither passed nor landed on (default: the pieces marked `blocks: "
                    "true`)."
                ),
            },
            "to": {
                "$ref": "#/$defs/landing",
                "description": (
                    "Where the move may end (default `empty`); with `drop: spread`, every square a piece is "
                    "dropped on."
                ),
                "default": "empty",
            },
            "onto": {
                "description": (
                    "What happens on the square reached: `top` (default: the pieces go on top of what is "
                    "there), `under` (they go under it), `capture` (what is there leaves the game, counted "
                    "for the mover), `replace` (what is there goes back to its owner's reserve)."
                ),
                "enum": ["top", "under", "capture", "replace"],
                "default": "top",
            },
            "drop": {
                "description": (
                    "`end` (default): everything moved is set down on the last square; `spread`: at least one"
                    " piece, bottom ones first, on every square passed (a carried stack spread along a line)."
                ),
                "enum": ["end", "spread"],
                "default": "end",
            },
            "drop_each": {
                "type": "integer",
                "minimum": 1,
                "description": (
                    "With `drop: spread`: exactly this many pieces on every square passed (`1`: one stone on "
                    "each of the next squares, as many squares as pieces carried)."
                ),
            },
            "flatten": {
                "type": "object",
                "description": (
                    "The exception to `blocked_by`: a piece that, as the last drop, may land on a target "
                    "piece and turn it into another (a strong piece alone flattening a standing one, say; "
                    "written `*`)."
                ),
                "additionalProperties": False,
                "properties": {
                    "piece": {
                        "$ref": "#/$defs/pieceName",
                        "description": "The piece that flattens.",
                    },
                    "alone": {
                        "type": "boolean",
                        "description": (
                            "True: only when this piece is dropped by itself as the last drop."
                        ),
                        "default": True,
                    },
                    "target": {
                        "$ref": "#/$defs/pieceName",
                        "description": "The piece it may land on.",
                    },
                    "becomes": {
                        "$ref": "#/$defs/pieceName",
                        "description": "What the target turns into.",
                    },
                },
                "required": ["piece", "target", "becomes"],
            },
            "from": {
                "description": (
                    "Which squares a move may start from: a region, or a condition on `from` and `height` "
                    "(DVONN: `not surrounded(from)`)."
                ),
                "anyOf": [
                    {
                        "$ref": "#/$defs/regionRef",
                    },
                    {
                        "$ref": "#/$defs/condition",
                    },
                ],
            },
            "promote": {
                "$ref": "#/$defs/promotion",
                "description": "Promotion when the move ends in a region.",
            },
        },
    }
    default_template = "{from}-{to}"
    field_kinds = {"from": "square", "to": "square", "count": "int", "direction": "direction",
                   "drops": "digits", "top": "piece", "flatten": "flag"}

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        super().check(checker, path, params)
        take = params.get("take")
        if isinstance(take, dict):
            for key in ("min", "max"):
                if key in take:
                    checker.expression(path + ("take", key), take[key], {"height"})
        if params.get("drop") == "spread" and (take == "stack" or isinstance(take, dict) and "max" not in take):
            checker.warn(path + ("take",), "`drop: spread` without `take.max`: the spreads of one stack double "
                         "with every piece it holds (a stack of 20 has about a million); give a carry limit, "
                         "`take: {max: N}`")
        if params.get("distance", "any") != "any":
            checker.expression(path + ("distance",), params["distance"], {"k", "height", "line_pieces"})
        check_lines(checker, path, params)
        if "from" in params:
            checker.landing(path + ("from",), params["from"], (), {"from", "height"})
        if not isinstance(params.get("blocked_by"), int):
            checker.pieces_at(path + ("blocked_by",), params.get("blocked_by"))
        for i, extra in enumerate(params.get("extra", []) or []):
            if isinstance(extra, dict) and "from" in extra:
                checker.region(path + ("extra", i, "from"), extra["from"])
        flatten = params.get("flatten")
        if isinstance(flatten, dict):
            for key in ("piece", "target", "becomes"):
                if key in flatten:
                    checker.piece(path + ("flatten", key), flatten[key])
            if flatten.get("alone") is False:
                checker.refuse(path + ("flatten", "alone"), False, "the flattening piece must be the last drop "
                               "by itself")

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        t = c.t
        self.codes = source_codes(c, params)
        self.rays = compile_rays(c, params, path)
        topo = cast("Board", t.topology)
        used = {n for per_kind in self.rays[1:] for sq in per_kind for rays in sq for n, _ in rays}
        #: the compass directions any of its pieces may take, in the board's order
        self.dir_names = [d for d in topo.directions("all") if d in used]
        # -- what moves -------------------------------------------------------------------------
        take = params.get("take", "top")
        self.whole = take == "stack"
        if isinstance(take, dict):
            self.k_min = c.move_number(path + ("take", "min"), take.get("min", 1))
            self.k_max = c.move_number(path + ("take", "max"), take.get("max", "height"))
        else:
            self.k_min = self.k_max = c.move_number(path + ("take",), "height" if self.whole else 1)
        # -- how far ------------------------------------------------------------------------------
        self.spread = params.get("drop", "end") == "spread"
        for key in ("over", "screens"):
            if self.spread and key in params:
                raise c.error(path + (key,), "with `drop: spread` a move goes as far as it drops "
                              f"pieces, over the squares it drops them on: `{key}` does not apply")
        if "screens" in params and "over" in params:
            raise c.error(path + ("screens",), "`screens` says what the move passes (that many pieces, "
                          "empty squares else): it cannot go with `over`")
        #: ``screens``: the pieces a move must pass on its way (0: as ``over`` says)
        self.screens = int(params.get("screens", 0))
        if "drop_each" in params and not self.spread:
            raise c.error(path + ("drop_each",), "`drop_each` says how a spread drops its pieces: it needs "
                          "`drop: spread`")
        self.lands_only = not self.spread
        #: ``drop_each``: the pieces a spread leaves on every square (0: at least one)
        self.drop_each = int(params.get("drop_each", 0))
        # texts that tell every move apart: the count is written where it is not implied
        fixed = not isinstance(take, dict)
        #: the count taken follows from the square (one piece, or the whole stack)
        self.count_fixed = fixed
        self.default_template = ("{count}{from}{direction}{drops}{flatten}" if self.spread
                                 else "{from}-{to}" if fixed else "{count}{from}-{to}")
        distance = params.get("distance", "any")
        self.distance = ANY if distance == "any" else c.move_number(path + ("distance",), distance)
        #: where ``distance`` reads ``line_pieces``: per square, per direction its rays follow, the whole
        #: line through it (both ways, the square itself included) as a mask
        self.line_masks = _line_masks(c.t.topology, self.rays) \
            if isinstance(distance, str) and distance != "any" and "line_pieces" in names_in(parse_expr(distance)) \
            else None
        over = params.get("over", "empty")
        default = [k for k in t.kind_names if c.piece_decl(k).get("blocks")]
        blocked = {t.kind_index[k] for k in params.get("blocked_by", default)}
        self.blocker = [t.code_kind[code] in blocked for code in range(t.num_codes)] + [False]
        owner = t.code_owner
        #: per player, per piece code: whether a move may pass over it (``over``)
        self.passable = [[over == "any" or (over == "own" and owner[code] == p)
                          or (over == "enemy" and t.enemy[p][code]) for code in range(t.num_codes)]
                         for p in range(t.num_players + 1)]
        # -- where it ends ------------------------------------------------------------------------
        self.landing = Landing(c, params.get("to"), path + ("to",))
        onto = params.get("onto", "top")
        if not t.stacking and onto in ("top", "under") and self.landing.occupied:
            raise c.error(path + ("to",), "this board does not stack: a move that may end on a "
                               "piece must take it away (`onto: capture` or `replace`)")
        self.under = onto == "under"
        self.captures = onto == "capture"
        self.returns = onto == "replace"
        frm = params.get("from")
        self.from_region = None
        self.from_condition = None
        if isinstance(frm, str) and t.is_region(frm):
            self.from_region = t.player_region_masks(frm)
        elif frm is not None:
            self.from_condition = c.condition(path + ("from",), frm)
        promote = params.get("promote")
        self.promotion = Promotion(c, promote, path + ("promote",)) if promote else None
        flat = params.get("flatten") or {}
        codes = range(t.num_codes)
        self.flattener = [bool(flat) and t.code_kind[code] == t.kind_index[flat["piece"]] for code in codes]
        self.flattenable = [bool(flat) and t.code_kind[code] == t.kind_index[flat["target"]] for code in codes]
        self.becomes = [t.code(t.kind_index[flat["becomes"]], t.code_owner[code]) if flat else code for code in codes]
        self.unbecomes = [t.code(t.kind_index[flat["target"]], t.code_owner[code]) if flat else code for code in codes]
        self.alone = bool(flat.get("alone", True)) if flat else True
        #: per player and square: the squares a move could come from along its rays (``could_take``)
        self.into = [[0] * topo.size for _ in range(t.num_players + 1)]
        for p in t.player_numbers:
            for per_kind in self.rays[p]:
                for a, rays in enumerate(per_kind):
                    for _, ray in rays:
                        for b in ray:
                            self.into[p][b] |= 1 << a
        #: the moves made so far, by from square * board size + to square, then count
        self._lines: list[list[LineMove]] = [[] for _ in range(topo.size * topo.size)]
        #: line[a][b] = (direction name, distance) of the straight line from a to b, any piece's
        self.line: list[dict[int, tuple[str, int]]] = [{} for _ in range(topo.size)]
        for d in self.dir_names:
            for a in range(topo.size):
                for i, b in enumerate(topo.ray(a, d)):
                    self.line[a].setdefault(b, (d, i + 1))

    def could_take(self, player: int, square: int, code: int) -> int | None:
        if self.spread:
            return None  # a spread is not ``lands_only``
        return self.into[player][square] if self.landing.ok[player][code + 1] else 0

    @classmethod
    def make(cls, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> Block:
        """A specialised generator where the keys have its shape, else the general move."""
        return make_move(c, index, params, path)

    # -- sizes --------------------------------------------------------------------------------------
    def counts(self, st: "Position", height: int) -> range:
        """How many pieces may be taken off a stack of ``height``."""
        if self.whole:  # `take: stack`: all of it, whatever the height
            return range(height, height + 1) if height else range(0)
        lo = self.k_min(st, height, 0) if callable(self.k_min) else self.k_min
        hi = self.k_max(st, height, 0) if callable(self.k_max) else self.k_max
        return range(max(lo, 1), min(hi, height) + 1)

    def steps(self, st: "Position", height: int, k: int) -> int:
        d = self.distance
        return d(st, height, k) if callable(d) else d

    # -- generation ---------------------------------------------------------------------------------
    def sources(self, st: "Position", p: int) -> int:
        mask = topped(st, self.codes[p])
        if self.from_region is not None:
            mask &= self.from_region[p]
        return mask

    def _line_moves(self, a: int, t: int, k: int) -> list[LineMove]:
        """The moves from ``a`` to ``t`` by count (index ``k``: ``k`` pieces), made up to ``k``:
        every move is made once and reused."""
        made = self._lines[a * self.t.topology.size + t]
        made.extend(LineMove((self.index, a, t, n)) for n in range(len(made), k + 1))
        return made

    def generate(self, st: "Position", out: list[Any]) -> None:
        p = st.to_move
        stacks = st.stacks
        lines, size = self._lines, self.t.topology.size
        blocker = self.blocker
        code_kind = self.t.code_kind
        land = self.landing
        simple = land.simple
        ok = land.ok[p]
        passable = self.passable[p]
        line_masks = self.line_masks
        screens = self.screens
        spread = self.spread
        from_condition = self.from_condition
        rays_of = self.rays[p]
        k_min, k_max, distance = self.k_min, self.k_max, self.distance
        # counts and distances that follow from the options alone are read once, not per square
        fixed_k = not callable(k_min) and not callable(k_max)
        lo = max(k_min, 1) if fixed_k else 1
        fixed_n = not callable(distance)
        mine = self.sources(st, p)
        while mine:
            low = mine & -mine
            a = low.bit_length() - 1
            mine ^= low
            s = stacks[a]
            h = len(s)
            top = s[-1]
            if from_condition is not None and not from_condition(self.cond.square_context(st, p, a, -1, 0)):
                continue
            ks = range(lo, min(k_max, h) + 1) if fixed_k else self.counts(st, h)
            if not ks:
                continue
            rays = rays_of[code_kind[top]][a]
            if spread:
                self._spread(st, a, top, ks, rays, out)
                continue
            for d, ray in rays:
                if screens:
                    self._screened(st, a, ks, ray, out)
                    continue
                if distance == ANY:
                    for t in ray:
                        ts = stacks[t]
                        code = ts[-1] if ts else -1
                        if blocker[code]:
                            break
                        if ok[code + 1] and (simple or land.allows(st, p, a, t, ks[0])):
                            made = lines[a * size + t]
                            for k in ks:
                                if simple or k == ks[0] or land.allows(st, p, a, t, k):
                                    try:
                                        out.append(made[k])
                                    except IndexError:
                                        out.append(self._line_moves(a, t, k)[k])
                        if code >= 0 and not passable[code]:
                            break
                    continue
                if line_masks is not None:
                    self.cond.ctx.line_pieces = (st.occupied & line_masks[a][d]).bit_count()
                reach = len(ray)
                for k in ks:
                    n = distance if fixed_n else self.steps(st, h, k)
                    if n < 1 or n > reach:
                        continue
                    i = 0
                    while i < n - 1:  # the squares passed
                        ts = stacks[ray[i]]
                        if ts and (not passable[ts[-1]] or blocker[ts[-1]]):
                            break
                        i += 1
                    else:
                        t = ray[n - 1]
                        ts = stacks[t]
                        code = ts[-1] if ts else -1
                        if not blocker[code] and ok[code + 1] and (simple or land.allows(st, p, a, t, k)):
                            try:
                                out.append(lines[a * size + t][k])
                            except IndexError:
                                out.append(self._line_moves(a, t, k)[k])

    def _screened(self, st: "Position", a: int, ks: range, ray: tuple[int, ...], out: list[Any]) -> None:
        """The moves along ``ray`` that pass exactly ``screens`` pieces (``screens``)."""
        stacks = st.stacks
        p = st.to_move
        land = self.landing
        ok = land.ok[p]
        size = self.t.topology.size
        anywhere = self.distance == ANY
        passed = 0
        for i, t in enumerate(ray):
            ts = stacks[t]
            code = ts[-1] if ts else -1
            if self.blocker[code]:
                return
            if passed == self.screens and ok[code + 1]:
                for k in ks:
                    if (anywhere or self.steps(st, len(stacks[a]), k) == i + 1) \
                            and (land.simple or land.allows(st, p, a, t, k)):
                        try:
                            out.append(self._lines[a * size + t][k])
                        except IndexError:
                            out.append(self._line_moves(a, t, k)[k])
            if code >= 0:
                if passed == self.screens:
                    return
                passed += 1

    def _spread(self, st: "Position", a: int, top: int, ks: range, rays: list[tuple[str, tuple[int, ...]]],
                out: list[Any]) -> None:
        """Moves that leave at least one piece on every square passed (``drop: spread``)."""
        stacks = st.stacks
        p = st.to_move
        land = self.landing
        limit = self.t.move_limit
        for d, ray in rays:
            di = self.dir_names.index(d)
            n = 0
            stop = -1
            for t in ray:
                ts = stacks[t]
                code = ts[-1] if ts else -1
                if self.blocker[code] or not land.ok[p][code + 1]:
                    stop = code
                    break
                n += 1
            # the drops may go only as far as every square on the way allows
            reach = n if land.simple else next((i for i in range(n) if not land.allows(st, p, a, ray[i], 0)), n)
            each = self.drop_each
            if self.distance == ANY and not each:
                # a spread's moves double with every piece carried: count them before making them
                if len(out) + sum(count_compositions(k, reach) for k in ks) > limit:
                    raise self.too_many()
                for k in ks:
                    out.extend(SpreadMove((self.index, a, di, drops)) for drops in compositions(k, reach))
            else:
                height = len(stacks[a])
                for k in ks:
                    wanted = self.steps(st, height, k) if self.distance != ANY else 0
                    for drops in compositions(k, reach):
                        if (wanted and len(drops) != wanted) or (each and any(x != each for x in drops)):
                            continue
                        out.append(SpreadMove((self.index, a, di, drops)))
                    if len(out) > limit:
                        raise self.too_many()
            if self.flattener[top] and stop >= 0 and self.flattenable[stop]:
                if n and len(out) + sum(count_compositions(k - 1, n) for k in ks) > limit:
                    raise self.too_many()
                for k in ks:
                    if n == 0:
                        if k == 1:
                            out.append(SpreadMove((self.index, a, di, (1,))))
                        continue
                    for drops in compositions(k - 1, n):
                        if len(drops) == n:
                            out.append(SpreadMove((self.index, a, di, drops + (1,))))

    # -- play -----------------------------------------------------------------------------------------
    def apply(self, st: "Position", move: "MoveTuple") -> Any:
        if self.spread:
            return self._apply_spread(st, move)
        _, a, b, k = move
        g = self.t
        p = st.to_move
        moving = lift(st, a, k)
        orient = 0
        if g.die is not None and g.oriented[g.code_kind[moving[-1]]]:  # a die keeps its faces
            orient = st.orient[a]
            st.hash ^= g.orient_keys[a * 64 + orient]
            st.orient[a] = 0
        removed: list[int] = []
        removed_orient = 0
        if self.captures or self.returns:
            if g.die is not None and st.stacks[b] and g.oriented[g.code_kind[st.stacks[b][-1]]]:
                removed_orient = st.orient[b]
                st.hash ^= g.orient_keys[b * 64 + removed_orient]
                st.orient[b] = 0
            removed = clear(st, b)
            if self.captures:
                add_captures(st, p, sum(1 for pc in removed if g.code_owner[pc] != p))
            else:
                return_to_reserves(st, removed, 1)
        put(st, b, moving, self.under)
        if orient:
            st.orient[b] = orient
            st.hash ^= g.orient_keys[b * 64 + orient]
        promoted = -1
        if self.promotion is not None and not self.under:
            new = self.promotion.target(st.stacks[b][-1], p, b)
            if new >= 0:
                promoted = recode_top(st, b, new)
        return (removed, promoted, orient, removed_orient)

    def undo(self, st: "Position", move: "MoveTuple", info: Any) -> None:
        if self.spread:
            self._undo_spread(st, move, info)
            return
        _, a, b, k = move
        g = self.t
        p = st.to_move
        removed, promoted, orient, removed_orient = info
        if promoted >= 0:
            recode_top(st, b, promoted)
        if orient:
            st.hash ^= g.orient_keys[b * 64 + orient]
            st.orient[b] = 0
        if self.under:
            moving = take_under(st, b, k)
        else:
            moving = lift(st, b, k)
        if removed:
            put(st, b, removed)
            if removed_orient:
                st.orient[b] = removed_orient
                st.hash ^= g.orient_keys[b * 64 + removed_orient]
            if self.captures:
                add_captures(st, p, -sum(1 for pc in removed if g.code_owner[pc] != p))
            else:
                return_to_reserves(st, removed, -1)
        put(st, a, moving)
        if orient:
            st.orient[a] = orient
            st.hash ^= g.orient_keys[a * 64 + orient]

    def _apply_spread(self, st: "Position", move: "MoveTuple") -> Any:
        _, a, d, drops = move
        ray = self._ray(st, a, d)
        carried = lift(st, a, sum(drops))
        last = len(drops) - 1
        flattened = False
        k = 0
        for i, n in enumerate(drops):
            t = ray[i]
            ts = st.stacks[t]
            if i == last and ts and self.flattenable[ts[-1]]:
                recode_top(st, t, self.becomes[ts[-1]])
                flattened = True
            put(st, t, carried[k:k + n])
            k += n
        return flattened

    def _undo_spread(self, st: "Position", move: "MoveTuple", flattened: Any) -> None:
        _, a, d, drops = move
        ray = self._ray(st, a, d)
        chunks = []
        for i in range(len(drops) - 1, -1, -1):
            chunks.append(lift(st, ray[i], drops[i]))
            if i == len(drops) - 1 and flattened:
                t = ray[i]
                recode_top(st, t, self.unbecomes[st.stacks[t][-1]])
        put(st, a, [pc for chunk in reversed(chunks) for pc in chunk])

    def _ray(self, st: "Position | None", a: int, d: int) -> tuple[int, ...]:
        return cast("Board", self.t.topology).ray(a, self.dir_names[d])

    # -- notation -----------------------------------------------------------------------------------
    def takes_off(self) -> bool:
        return self.captures or self.returns or self.promotion is not None or any(self.flattenable)

    action_doc = ("a from square x a square on one of its lines (x the count taken, where the block "
                  "lets it vary); with `drop: spread`, a from square x a direction x the drops")

    def _count_cap(self) -> int:
        """The most pieces one move can take (the stacks' limit, or every piece in the game)."""
        g = self.t
        top = g.max_stack or g.max_height
        return min(self.k_max, top) if isinstance(self.k_max, int) else top

    def action_keys(self) -> list[Any]:
        size = self.t.topology.size
        lines: list[dict[int, list[int]]] = [{} for _ in range(size)]  # square -> direction -> squares
        for per_kind in self.rays[1:]:
            for per_square in per_kind:
                for a, rays in enumerate(per_square):
                    for name, ray in rays:
                        known = lines[a].setdefault(self.dir_names.index(name), [])
                        known += [t for t in ray if t not in known]
        cap = self._count_cap()
        if self.spread:
            return [(a, d, drops) for a in range(size) for d, ray in sorted(lines[a].items())
                    for c in range(1, cap + 1) for drops in compositions(c, len(ray))]
        pairs = [(a, b) for a in range(size) for b in sorted({t for ray in lines[a].values() for t in ray})]
        if self.count_fixed:
            return pairs
        low = self.k_min if isinstance(self.k_min, int) else 1
        return [(a, b, k) for a, b in pairs for k in range(max(low, 1), cap + 1)]

    def action_parts(self, move: "MoveTuple") -> tuple[Any, ...]:
        if self.spread or not self.count_fixed:
            return (move[1:],)
        return (move[1:3],)

    def from_square(self, move: "MoveTuple") -> int:
        return int(move[1])

    def to_square(self, move: "MoveTuple") -> int:
        if self.spread:
            _, a, d, drops = move
            return self._ray(None, a, d)[len(drops) - 1]
        return int(move[2])

    def fields(self, st: "Position", move: "MoveTuple") -> dict[str, Any]:
        a = move[1]
        s = st.stacks[a]
        top = self.t.kind_names[self.t.code_kind[s[-1]]] if s else self.t.kind_names[0]
        if self.spread:
            _, a, d, drops = move
            ray = self._ray(st, a, d)
            count = sum(drops)
            b = ray[len(drops) - 1] if len(drops) <= len(ray) else a
            last = st.stacks[b] if b != a else []
            flatten = bool(last) and self.flattenable[last[-1]]
            return {"from": a, "to": b, "count": count, "direction": self.dir_names[d], "drops": drops,
                    "top": top, "flatten": flatten, "whole": count == len(s)}
        _, a, b, k = move
        d = self.line[a].get(b, (self.dir_names[0] if self.dir_names else "", 0))[0]
        return {"from": a, "to": b, "count": k, "direction": d, "drops": (k,), "top": top,
                "flatten": False, "whole": k == len(s)}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "MoveTuple":
        a = fields["from"]
        s = st.stacks[a]
        count = fields.get("count")
        if count == "whole" or (count is None and self.whole):
            count = len(s)
        if self.spread:
            drops = read_drops(count, fields.get("drops"))
            direction = fields.get("direction")
            if direction is None:
                b: Any = fields.get("to")
                if b not in self.line[a]:
                    raise InvalidMoveError(f"{self.t.topology.name(b)} is not in a straight line from "
                                           f"{self.t.topology.name(a)}")
                direction = self.line[a][b][0]
            return SpreadMove((self.index, a, self.dir_names.index(direction), tuple(drops)))
        b = fields.get("to")
        if b is None:
            d = fields.get("direction")
            ray = cast("Board", self.t.topology).ray(a, d) if d else ()
            n = self.steps(st, len(s), count or 1) if self.distance != ANY else 1
            if not ray or n < 1 or n > len(ray):
                raise InvalidMoveError(f"the move from {self.t.topology.name(a)} runs off the board")
            b = ray[n - 1]
        if count is None:
            # the count is not written: the one the distance asks for, else one piece
            count = 1
            if s and b in self.line[a] and self.distance != ANY:
                dist = self.line[a][b][1]
                count = next((k for k in self.counts(st, len(s)) if self.steps(st, len(s), k) == dist), 1)
        return LineMove((self.index, a, b, count))

    def explain(self, st: "Position", move: "MoveTuple") -> str:
        g = self.t
        name = g.topology.name
        a = move[1]
        s = st.stacks[a]
        p = st.to_move
        if not s:
            return f"there is no piece on {name(a)}"
        if s[-1] not in self.codes[p]:
            top_owner = g.code_owner[s[-1]]
            if top_owner == 0:
                return f"the stack on {name(a)} is topped by a {g.kind_names[g.code_kind[s[-1]]]}, which belongs to nobody"
            who = "the player to move's" if top_owner != p else "of a kind that moves this way"
            return f"the piece on top of {name(a)} is not {who}"
        if not self.sources(st, p) >> a & 1 or (self.from_condition is not None and not self.from_condition(
                self.cond.square_context(st, p, a, -1, 0))):
            return f"the stack on {name(a)} may not move now"
        k = sum(move[3]) if self.spread else move[3]
        ks = self.counts(st, len(s))
        if k not in ks:
            if k > len(s):
                return f"cannot take {k} pieces from a stack of {len(s)} on {name(a)}"
            return f"from {name(a)} between {ks.start} and {ks.stop - 1} pieces may move, not {k}"
        if not self.spread:
            b = move[2]
            if b not in self.line[a] or all(b not in ray for _, ray in self.rays[p][self.t.code_kind[s[-1]]][a]):
                return f"{name(b)} is not in a direction the piece on {name(a)} may move"
            dist = self.line[a][b][1]
            if self.line_masks is not None:
                d = next(d for d, ray in self.rays[p][self.t.code_kind[s[-1]]][a] if b in ray)
                self.cond.ctx.line_pieces = (st.occupied & self.line_masks[a][d]).bit_count()
            if self.distance != ANY and dist != self.steps(st, len(s), k):
                n = self.steps(st, len(s), k)
                unit = "square" if g.topology.__class__.__name__ == "SquareTopology" else "point"
                return (f"{name(a)}-{name(b)} is {dist} {unit}{'s' if dist != 1 else ''} long; this move "
                        f"goes {n}")
            ray = next(ray for _, ray in self.rays[p][self.t.code_kind[s[-1]]][a] if b in ray)
            if self.screens:
                passed = sum(1 for t in ray[:ray.index(b)] if st.stacks[t])
                if passed != self.screens:
                    return (f"{name(a)}-{name(b)} passes {passed} piece{'s' if passed != 1 else ''}; this move "
                            f"passes exactly {self.screens}")
            for t in ray[:ray.index(b)]:
                ts = st.stacks[t]
                if ts and not self.screens and (not self.passable[p][ts[-1]] or self.blocker[ts[-1]]):
                    return f"{name(t)} is in the way"
                if ts and self.blocker[ts[-1]]:
                    return f"{name(t)} is in the way"
            ts = st.stacks[b]
            if ts and self.blocker[ts[-1]]:
                return f"{name(b)} holds a {g.kind_names[g.code_kind[ts[-1]]]}, which nothing may land on"
            return f"the move may not end on {name(b)}"
        ray = self._ray(st, a, move[2])
        if len(move[3]) > len(ray):
            return f"the move from {name(a)} runs off the board"
        for i, t in enumerate(ray[:len(move[3])]):
            ts = st.stacks[t]
            if ts and self.blocker[ts[-1]]:
                last_alone = i == len(move[3]) - 1 and move[3][-1] == 1
                if self.flattenable[ts[-1]] and self.flattener[s[-1]] and last_alone:
                    continue
                return f"{name(t)} holds a {g.kind_names[g.code_kind[ts[-1]]]} that blocks the move"
        return super().explain(st, move)


# -- the shapes with a specialised generator -------------------------------------------------------

def _fast_shape(c: Compiling, params: dict[str, Any]) -> str | None:
    """Which specialised generator lists the moves of ``params`` exactly, or None."""
    # `when`, `legal_if` and `prefer_if` are read by the phase, `then` and `then_optional` by the
    # turn of several parts, whichever generator lists the moves
    keys = set(params) - {"when", "description", "notation", "legal_if", "prefer_if", "then", "then_optional"}
    directions = params.get("directions", "orthogonal")
    if isinstance(directions, dict):
        return None
    pieces = c.data.get("pieces", {})
    if any(pieces[k].get("fixed") for k in params.get("pieces", pieces)):
        return None  # fixed pieces never move: only the general generator leaves them out
    take, to, onto = params.get("take", "top"), params.get("to", "empty"), params.get("onto", "top")
    distance = params.get("distance", "any")
    if params.get("drop") == "spread":
        shape = "spread" if (keys <= {"take", "directions", "drop", "to", "blocked_by", "flatten"}
                             and isinstance(take, dict) and set(take) == {"max"} and to == "any") else None
    elif take != "top":
        shape = None
    elif keys <= {"pieces", "directions", "distance", "to", "extra"} and to == "empty" and (
            distance == "any" or isinstance(distance, int)):
        shape = "slide"
    elif (keys <= {"pieces", "directions", "distance", "to", "onto"} and distance == 1
          and not any(p.get("blocks") for p in pieces.values()) and _step_capture(to, onto) is not None):
        shape = "step"
    else:
        shape = None
    if shape is not None:
        # the specialised generator knows fewer template fields: a template using others needs the
        # general one
        template = str(params.get("notation") or c.template("move"))
        known = {"spread": {"count", "from", "direction", "drops", "top", "flatten"}}.get(shape, {"from", "to"})
        if not set(re.findall(r"\{(\w+)\}", template)) <= known:
            return None
    return shape


def _step_capture(to: Any, onto: Any) -> bool | str | None:
    """How a step lands where ``to`` and ``onto`` say, as :class:`Step` reads it (``capture``):
    False on empty squares only, True also on an enemy piece it takes, ``only`` on an enemy piece
    alone; None where no step lands so."""
    if to == "empty" and onto == "top":
        return False
    if onto == "capture" and to in ("enemy", ["enemy"]):
        return "only"
    if onto == "capture" and isinstance(to, list) and sorted(to) == ["empty", "enemy"]:
        return True
    return None


def make_move(c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> Block:
    """Compile a ``move`` entry: a specialised generator where the shape allows, else :class:`Move`."""
    shape = _fast_shape(c, params) if c.fast_paths else None
    if shape is not None and not c.t.stacking and params.get("onto", "top") in ("top", "under") \
            and Landing(c, params.get("to"), path + ("to",)).occupied:
        shape = None  # the general block refuses it, with its reason
    if shape is not None:  # the specialised generators take the direction words unchecked
        for player in c.t.player_numbers:
            try:
                c.t.topology.directions(params.get("directions", "orthogonal"), player)
            except ValueError as exc:
                raise c.error(path + ("directions",), str(exc)) from None
    if shape == "spread":
        from .carry import Carry
        prim: Block = Carry(c, index, {**params, "limit": params["take"]["max"]}, path)
    elif shape == "slide":
        from .slide import Slide
        prim = Slide(c, index, params, path)
    elif shape == "step":
        from .step import Step
        capture = _step_capture(params.get("to", "empty"), params.get("onto", "top"))
        prim = Step(c, index, {**params, "capture": capture}, path)
    else:
        return Move(c, index, params, path)
    prim.name = "move"
    return prim


make_move.name = "move"  # type: ignore[attr-defined]


def _line_masks(topo: Any, rays: list[Any]) -> list[dict[str, int]]:
    """``masks[square][direction]``: for each direction a ray from ``square`` follows, the squares
    of the whole line through it (the ray, the square, and the squares behind it) as a mask."""
    behind: dict[str, list[int]] = {}  # direction -> per square, the square a step back (-1: none)

    def back(d: str) -> list[int]:
        if d not in behind:
            table = [-1] * topo.size
            for sq in range(topo.size):
                n = topo.step(sq, d)
                if n >= 0:
                    table[n] = sq
            behind[d] = table
        return behind[d]

    masks: list[dict[str, int]] = [{} for _ in range(topo.size)]
    for per_player in rays:
        for per_kind in per_player:
            for sq, per_square in enumerate(per_kind):
                for d, ray in per_square:
                    if d in masks[sq]:
                        continue
                    mask = 1 << sq
                    for t in ray:
                        mask |= 1 << t
                    table = back(d)
                    t = table[sq]
                    while t >= 0:
                        mask |= 1 << t
                        t = table[t]
                    masks[sq][d] = mask
    return masks
