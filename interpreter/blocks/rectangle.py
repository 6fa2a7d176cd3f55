"""``block``: a filled rectangle of own pieces moves as a whole, pushing weaker enemy runs, or worms.

For boards where a square holds at most one piece.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing import Any, Iterator

from ..dsl.errors import InvalidMoveError
from ..ledger import retop, topped
from ..moves import Move, field
from .base import Block, Checking, Compiling

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position

__all__ = ["Rectangle", "RectangleMove"]

# (file step, rank step) of the four orthogonal directions, in the order used by move tuples
_STEPS = {"north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0)}
_DIRS = ("north", "south", "east", "west")



class RectangleMove(Move):
    """A block of pieces moved (``block``): the rectangle's lower-left file and rank, its width
    and height, the direction (north, south, east, west) and the distance (0: the worm)."""

    __slots__ = ()
    fields = ("file", "rank", "width", "height", "direction", "distance")
    file = field(1, "the rectangle's lower-left file")
    rank = field(2, "the rectangle's lower-left rank")
    width = field(3, "its width")
    height = field(4, "its height")
    direction = field(5, "0 north, 1 south, 2 east, 3 west")
    distance = field(6, "how far it moves (0: the worm)")


class Rectangle(Block):
    """Parameters: ``pieces`` (kinds that form blocks), ``min_size`` (fewest pieces, default 2),
    ``axis`` (``long``: along the long axis, a square block in all four directions; ``any``: all four
    always), ``push`` (``{pieces: [...]}``: enemy pieces of these kinds directly in front may be pushed,
    lane by lane, when each lane's run is shorter than the block's length in the moving direction),
    ``worm`` (true: a block with a clear path to the edge may leave the board; its front layer is
    removed for good and the rest re-enter from the opposite edge, rear layer on the edge; the
    re-entry squares must be empty before the move).

    A move is ``(index, file, rank, width, height, direction, distance)``: the rectangle's lower-left
    corner and size; ``distance`` 0 means the worm.
    """

    name = "block"
    #: the block's entry in the schema's ``$defs``, its keys, and its line in the list of blocks
    schema_name = "block"
    summary = "A rectangle of own pieces moves as a whole, pushing weaker enemy runs, or worms off the board."
    schema = {
        "type": "object",
        "description": (
            "`block`: a rectangle of own pieces filling at least `min_size` squares moves together along its "
            "long axis (a square block in all four directions), pushes enemy runs lane by lane, or worms off "
            "one edge onto the opposite one. See docs/reference/moves.md."
        ),
        "additionalProperties": False,
        "properties": {
            "pieces": {
                "$ref": "#/$defs/pieceList",
                "description": "The kinds of piece that form blocks.",
            },
            "min_size": {
                "type": "integer",
                "description": (
                    "Fewest pieces in a block (default 2; a single piece moves with a `move`)."
                ),
                "minimum": 2,
                "default": 2,
            },
            "axis": {
                "description": (
                    "`long` (default): along the long axis, a square block in all four directions; `all`: any"
                    " orthogonal direction."
                ),
                "enum": ["long", "all"],
                "default": "long",
            },
            "distance": {
                "description": (
                    "`any` (default): as far as the block wants over empty squares. Other values are refused "
                    "by `validate`: not available."
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
            "push": {
                "type": "boolean",
                "description": (
                    "True (default): the block may push enemy pieces directly in front, lane by lane; each "
                    "lane's contiguous enemy run must be shorter than the block's power (its length in the "
                    "direction of travel), contain only enemy pieces, and have a free square after it. Fixed "
                    "pieces are never pushed; nothing is pushed off the board."
                ),
                "default": True,
            },
            "push_limit": {
                "$ref": "#/$defs/intExpression",
                "description": (
                    "Longest enemy run one lane may push; may use the name `power`. Default `power - 1`."
                ),
                "default": "power - 1",
            },
            "worm": {
                "type": "boolean",
                "description": (
                    "True (default): the block may move over the edge; its front layer leaves the game, the "
                    "other layers re-enter from the opposite edge. All squares passed and the re-entry "
                    "squares must be empty; no pushing during a worm."
                ),
                "default": True,
            },
        },
        "required": ["pieces"],
    }
    default_template = "{from}-{to}{worm}"
    field_kinds = {"from": "squares", "to": "squares", "worm": "flag"}
    identity_flags = ("worm",)

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        super().check(checker, path, params)
        if "push_limit" in params:
            checker.expression(path + ("push_limit",), params["push_limit"], {"power"})
        if params.get("distance", "any") != "any":
            checker.refuse(path + ("distance",), params["distance"], "a block moves any distance")

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        t = c.t
        topo = t.topology
        self.W, self.H = topo.width, topo.height
        self.own = t.player_codes(params.get("pieces"))
        fixed = {i for i, k in enumerate(t.kind_names) if c.piece_decl(k).get("fixed")}
        push = bool(params.get("push", True))
        # enemy pieces a block may push: the opponent's, never fixed ones
        self.pushable = [[], *([code for code in range(t.num_codes) if push and t.code_kind[code] not in fixed
                                and t.code_owner[code] == q] for q in (2, 1))]
        limit = params.get("push_limit", "power - 1")
        from ..dsl.expr import ExprError, compile_expr
        env = c.env()
        env.variables["power"] = lambda x: x
        try:
            run_limit = compile_expr(c.expression(path + ("push_limit",), limit), env)
            #: the longest enemy run a block of each power may push (computed from the options)
            self.max_run = [int(run_limit(power)) for power in range(max(topo.width, topo.height) + 1)]
        except (ExprError, ArithmeticError, TypeError, ValueError, AttributeError) as exc:
            raise c.error(path + ("push_limit",), f"{limit!r} cannot be computed from `power` and the "
                               f"options: {getattr(exc, 'message', exc)}") from None
        self.min_size = int(params.get("min_size", 2))
        self.long_axis = params.get("axis", "long") == "long"
        self.worm = bool(params.get("worm", True))
        W = self.W
        # row masks: run[f][w] = bits of files f..f+w-1 on rank 1
        self.run = [[sum(1 << (f + i) for i in range(w)) for w in range(W - f + 1)] for f in range(W)]

    # -- geometry ---------------------------------------------------------------------------------
    def _dirs(self, w: int, h: int) -> tuple[int, ...]:
        if not self.long_axis or w == h:
            return (0, 1, 2, 3)
        return (2, 3) if w > h else (0, 1)

    def _lanes(self, f: int, r: int, w: int, h: int, d: int) -> list[tuple[list[int], int, int]]:
        """Per lane: the block's squares front first, the front square's file and rank."""
        W = self.W
        lanes = []
        if d < 2:  # north/south: lanes are files
            for x in range(f, f + w):
                ranks = range(r + h - 1, r - 1, -1) if d == 0 else range(r, r + h)
                sqs = [y * W + x for y in ranks]
                lanes.append((sqs, x, r + h if d == 0 else r - 1))
        else:
            for y in range(r, r + h):
                files = range(f + w - 1, f - 1, -1) if d == 2 else range(f, f + w)
                sqs = [y * W + x for x in files]
                lanes.append((sqs, f + w if d == 2 else f - 1, y))
        return lanes

    def _scan(self, st: "Position", f: int, r: int, w: int, h: int, d: int, enemy: int) -> tuple[int, bool]:
        """(how far the block may move in direction ``d``, whether it may worm that way)."""
        W, H = self.W, self.H
        df, dr = _STEPS[_DIRS[d]]
        power = h if d < 2 else w
        occupied = st.occupied
        best = 1 << 30
        clear = True
        for _, x, y in self._lanes(f, r, w, h, d):
            run = 0
            while 0 <= x < W and 0 <= y < H and enemy >> (y * W + x) & 1:
                run += 1
                x += df
                y += dr
            if run:
                clear = False
                if run > self.max_run[power]:
                    return 0, False
            free = 0
            while 0 <= x < W and 0 <= y < H and not occupied >> (y * W + x) & 1:
                free += 1
                x += df
                y += dr
            if 0 <= x < W and 0 <= y < H:
                clear = False  # something stands between this lane and the edge
            if run and free == 0:
                return 0, False
            if free < best:
                best = free
        return best, clear and self.worm and power >= 2 and self._reentry_free(st, f, r, w, h, d)

    def _reentry(self, f: int, r: int, w: int, h: int, d: int) -> list[list[int]]:
        """Per lane, the squares the surviving layers land on: rear layer on the opposite edge."""
        W, H = self.W, self.H
        length = h if d < 2 else w
        out = []
        for sqs, _, _ in self._lanes(f, r, w, h, d):
            survivors = length - 1
            lane = []
            for i in range(survivors):  # i = 0 is the survivor nearest the front
                k = survivors - 1 - i    # distance of that survivor from the opposite edge
                sq = sqs[0]
                x, y = sq % W, sq // W
                if d == 0:
                    y = k
                elif d == 1:
                    y = H - 1 - k
                elif d == 2:
                    x = k
                else:
                    x = W - 1 - k
                lane.append(y * W + x)
            out.append(lane)
        return out

    def _reentry_free(self, st: "Position", f: int, r: int, w: int, h: int, d: int) -> bool:
        """The re-entry squares must be empty before the move (the block's own squares included:
        no worm lands where it stood)."""
        stacks = st.stacks
        return all(not stacks[sq] for lane in self._reentry(f, r, w, h, d) for sq in lane)

    def rectangles(self, st: "Position", p: int) -> Iterator[tuple[int, int, int, int]]:
        """Every filled rectangle of the player's block pieces with at least ``min_size`` of them."""
        own = topped(st, self.own[p])
        W, H = self.W, self.H
        bits = own
        while bits:
            low = bits & -bits
            sq = low.bit_length() - 1
            bits ^= low
            f, r = sq % W, sq // W
            maxw = 0
            while f + maxw < W and own >> (sq + maxw) & 1:
                maxw += 1
            for w in range(1, maxw + 1):
                row = self.run[f][w] << (r * W)
                h = 1
                while True:
                    if w * h >= self.min_size:
                        yield f, r, w, h
                    if r + h >= H:
                        break
                    nxt = row << (h * W)
                    if own & nxt != nxt:
                        break
                    h += 1

    # -- generation -------------------------------------------------------------------------------
    def generate(self, st: "Position", out: list[Any]) -> None:
        p = st.to_move
        enemy = 0
        for c in self.pushable[p]:
            enemy |= st.tops[c]
        index = self.index
        for f, r, w, h in self.rectangles(st, p):
            for d in self._dirs(w, h):
                far, worm = self._scan(st, f, r, w, h, d, enemy)
                for dist in range(1, far + 1):
                    out.append(RectangleMove((index, f, r, w, h, d, dist)))
                if worm:
                    out.append(RectangleMove((index, f, r, w, h, d, 0)))

    # -- play -------------------------------------------------------------------------------------
    def _lift(self, st: "Position", squares: list[int]) -> list[tuple[int, int]]:
        stacks = st.stacks
        t = self.t
        zs, nc, Z = t.zobrist_stride, t.num_codes, t.zobrist
        lifted = []
        h = st.hash
        for sq in squares:
            code = stacks[sq].pop()
            h ^= Z[(sq * zs) * nc + code]
            retop(st, sq, code)
            lifted.append((sq, code))
        st.hash = h
        return lifted

    def _drop(self, st: "Position", placed: list[tuple[int, int]]) -> None:
        stacks = st.stacks
        t = self.t
        zs, nc, Z = t.zobrist_stride, t.num_codes, t.zobrist
        h = st.hash
        for sq, code in placed:
            stacks[sq].append(code)
            h ^= Z[(sq * zs) * nc + code]
            retop(st, sq, -1)
        st.hash = h

    def apply(self, st: "Position", move: "Move") -> Any:
        _, f, r, w, h, d, dist = move
        W = self.W
        lanes = self._lanes(f, r, w, h, d)
        if dist == 0:  # worm
            front = [sqs[0] for sqs, _, _ in lanes]
            rest = [sqs[1:] for sqs, _, _ in lanes]
            targets = self._reentry(f, r, w, h, d)
            lost = self._lift(st, front)
            moving = self._lift(st, [sq for lane in rest for sq in lane])
            codes = iter(code for _, code in moving)
            placed = [(t, next(codes)) for lane in targets for t in lane]
            self._drop(st, placed)
            return (lost, moving, placed)
        df, dr = _STEPS[_DIRS[d]]
        step = dr * W + df
        squares: list[int] = []
        enemy = 0
        for c in self.pushable[st.to_move]:
            enemy |= st.tops[c]
        for sqs, x, y in lanes:
            run = []
            while 0 <= x < W and 0 <= y < self.H and enemy >> (y * W + x) & 1:
                run.append(y * W + x)
                x += df
                y += dr
            squares.extend(reversed(run))
            squares.extend(sqs)
        moving = self._lift(st, squares)
        placed = [(sq + step * dist, code) for sq, code in moving]
        self._drop(st, placed)
        return ((), moving, placed)

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        lost, moving, placed = info
        self._lift(st, [sq for sq, _ in placed])
        self._drop(st, list(moving) + list(lost))

    # -- notation ---------------------------------------------------------------------------------
    def _rear(self, f: int, r: int, w: int, h: int, d: int) -> list[int]:
        return sorted(sqs[-1] for sqs, _, _ in self._lanes(f, r, w, h, d))

    action_doc = ("a rectangle (lower-left file and rank, width, height; no larger than the pieces "
                  "in the game) x a direction x a distance (0: the worm)")

    def action_keys(self) -> list[Any]:
        W, H = self.W, self.H
        most = self.t.total_pieces
        keys = []
        for r in range(H):
            for f in range(W):
                for w in range(1, W - f + 1):
                    for h in range(1, H - r + 1):
                        if not self.min_size <= w * h <= most:
                            continue
                        for d in self._dirs(w, h):
                            room = (H - r - h, r, W - f - w, f)[d]
                            keys += [(f, r, w, h, d, dist) for dist in range(0 if self.worm else 1, room + 1)]
        return keys

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return (move[1:],)

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        _, f, r, w, h, d, dist = move
        rear = self._rear(f, r, w, h, d)
        if dist == 0:
            to = sorted(lane[-1] for lane in self._reentry(f, r, w, h, d))
        else:
            df, dr = _STEPS[_DIRS[d]]
            to = [sq + (dr * self.W + df) * dist for sq in rear]
        return {"from": rear, "to": to, "worm": dist == 0}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        rear, to, worm = sorted(fields["from"]), sorted(fields["to"]), bool(fields.get("worm"))
        W, H = self.W, self.H
        if len(rear) != len(to):
            raise InvalidMoveError("the block's rear stones and their targets differ in number")
        own = topped(st, self.own[st.to_move])
        found = []
        for d, name in enumerate(_DIRS):
            df, dr = _STEPS[name]
            if len(rear) > 1 and (d < 2) != (len({sq // W for sq in rear}) == 1):
                continue  # a rear layer across files moves north/south, across ranks east/west
            lengths = set()
            for sq in rear:
                x, y, n = sq % W, sq // W, 0
                while 0 <= x < W and 0 <= y < H and own >> (y * W + x) & 1:
                    n += 1
                    x += df
                    y += dr
                lengths.add(n)
            if len(lengths) != 1 or 0 in lengths:
                continue
            length = lengths.pop()
            if length * len(rear) < self.min_size or (worm and length < 2):
                continue
            xs = [sq % W for sq in rear]
            ys = [sq // W for sq in rear]
            if d < 2:
                f, w, h = min(xs), len(rear), length
                r = ys[0] if d == 0 else ys[0] - length + 1
                if max(xs) - min(xs) + 1 != len(rear):
                    continue
            else:
                r, h, w = min(ys), len(rear), length
                f = xs[0] if d == 2 else xs[0] - length + 1
                if max(ys) - min(ys) + 1 != len(rear):
                    continue
            if worm:
                move = RectangleMove((self.index, f, r, w, h, d, 0))
            else:
                delta = (to[0] - rear[0])
                step = dr * W + df
                if delta == 0 or delta % step or delta // step <= 0:
                    continue
                move = RectangleMove((self.index, f, r, w, h, d, delta // step))
            if self.fields(st, move)["to"] == to:
                found.append(move)
        if not found:
            raise InvalidMoveError("no block of the player to move has those rear stones and targets")
        return found[0]

    def explain(self, st: "Position", move: "Move") -> str:
        _, f, r, w, h, d, dist = move
        if w * h < self.min_size:
            return f"a block has at least {self.min_size} pieces"
        if d not in self._dirs(w, h):
            return "a block moves only along its long axis (a square one in all four directions)"
        enemy = 0
        for c in self.pushable[st.to_move]:
            enemy |= st.tops[c]
        far, worm = self._scan(st, f, r, w, h, d, enemy)
        if dist == 0:
            return "this block cannot worm: its way to the edge or its re-entry squares are not free"
        if far == 0:
            return "the way is blocked (an own piece, a neutral piece, the edge, or an enemy run too strong)"
        return f"the block can move at most {far} square(s) that way"
