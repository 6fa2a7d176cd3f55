"""Conditions as kernel code: an expression's syntax tree written out in the names the kernel's
template defines. Names are looked up (pieces, regions, predicates, options, counters) and
written as numbers; a name or a question the kernel does not know ends the plan."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dsl.expr import Call, Const, IfElse, Name, Node, Op, parse_expr
from .model import Layers, Link, NotKernel, Plan, Reach, Row

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["Conditions"]


class Conditions:
    """Conditions as kernel code: an expression's syntax tree written out in the names the template
    defines (``mover``, ``to_``, ``frm_``, the cells ``b``, the predicates' counters)."""

    def __init__(self, game: "Game", out: Plan) -> None:
        self.game = game
        self.out = out
        self.rows: dict[str, int] = {}
        self.reaches: dict[str, int] = {}
        self.links: dict[str, int] = {}
        self.holds: dict[str, int] = {}
        #: what is being written: a condition (``when``), or an end rule's ``score`` (which reads
        #: ``player``) or ``value`` (which reads ``winner``)
        self.context = "when"
        #: texts are squares' names (a square written as ``'h1'``)
        self.texts_are_squares = False

    def _read(self, node: Node, context: str | None) -> tuple[str, str]:
        """``node`` as code, read in ``context`` (None: the one under way)."""
        if context is None:
            return self.code(node)
        self.context = context
        try:
            return self.code(node)
        finally:
            self.context = "when"

    def distance(self, node: Node) -> str:
        """A move's ``distance`` as kernel code: ``line_pieces`` (``maxc``), ``k`` and ``height``
        (one piece moves: 1)."""
        return self.number(node, "distance")

    def square(self, node: Node) -> str:
        """A square as kernel code: a number, or a square's name written as text (``'h1'``)."""
        self.texts_are_squares = True
        try:
            return self.number(node)
        finally:
            self.texts_are_squares = False

    def truth(self, node: Node, context: str | None = None) -> str:
        code, kind = self._read(node, context)
        return code if kind == "bool" else f"({code} != 0)"

    def number(self, node: Node, context: str | None = None) -> str:
        code, kind = self._read(node, context)
        return f"(1 if {code} else 0)" if kind == "bool" else code

    def code(self, node: Node) -> tuple[str, str]:
        """The node as (kernel code, ``bool`` or ``int``)."""
        if isinstance(node, Const):
            if isinstance(node.value, bool):
                return ("1" if node.value else "0"), "int"
            if isinstance(node.value, int):
                return str(int(node.value)), "int"
            if isinstance(node.value, str) and self.texts_are_squares:
                try:
                    return str(self.game.t.topology.parse_square(node.value)), "int"
                except ValueError:
                    raise NotKernel("a text that is no square in a condition") from None
            raise NotKernel("a text in a condition")
        if isinstance(node, Name):
            return self.name(node.name)
        if isinstance(node, Op):
            return self.op(node)
        if isinstance(node, IfElse):
            return f"({self.number(node.then)} if {self.truth(node.cond)} else {self.number(node.other)})", "int"
        if isinstance(node, Call):
            return self.call(node)
        raise NotKernel("a condition of this form")

    def counter_set(self, key: str, value: Any) -> tuple[str, str]:
        """A ``sets`` entry: the counter's slot and its new value, as kernel code."""
        from ..dsl.spec import counter_target
        target = counter_target(str(key))
        if target is None or target[0] not in self.out.counter_slots:
            raise NotKernel(f"the counter {key!r}")
        first, _ = self.out.counter_slots[target[0]]
        who = target[1]
        slot = str(first) if who is None else str(first + int(who) - 1) if who in ("1", "2") \
            else f"({first} + 2 - mover)" if who == "opponent" else f"({first} + mover - 1)"
        return slot, self.number(parse_expr(value) if isinstance(value, str) else Const(value))

    def name(self, name: str) -> tuple[str, str]:
        if self.out.race is not None and name in ("cube", "to", "from", "board_full", "move_flips", "ply"):
            if name == "cube":  # a race kernel plays without the cube: its value stays 1
                return "1", "int"
            raise NotKernel(f"`{name}` in a dice race's condition")
        slots = self.out.counter_slots
        if name in slots and not slots[name][1]:
            return f"CNT[{slots[name][0]}]", "int"
        constants = self.game.constants
        if name in constants:
            value = constants[name]
            if isinstance(value, bool) or isinstance(value, int):
                return str(int(value)), "int"
            raise NotKernel(f"the constant {name!r} in a condition")
        if name == "square" and self.context == "square":  # the square a `fill` looks at
            return "sq_", "int"
        if self.context == "distance" and name in ("line_pieces", "k", "height"):
            return ("maxc" if name == "line_pieces" else "1"), "int"
        if self.context == "landing" and name in ("k", "height"):  # where one piece may end: one moves
            return "1", "int"
        words = {"move_flips": ("FL[0]", "int"), "move_placed": ("FP[0]", "int"),
                 "mover": ("mover", "int"), "opponent": ("(3 - mover)", "int"), "to": ("to_", "int"),
                 "from": ("frm_", "int"), "board_full": (f"(S[0] == {self.out.playable})", "bool")}
        if name in words:
            return words[name]
        if name == "player" and self.context == "score" or name == "winner" and self.context == "value":
            return name, "int"
        if name == "die" and self.out.dice:  # the number rolled for this move
            return "DIE[0]", "int"
        if name == "die" and self.out.race is not None and self.out.race.one_die:  # a race's one die
            return "DI[0]", "int"
        if name == "ply" and self.context != "legal":  # the plies played, this move's included
            return "PLY[0]", "int"
        if name == "board_repeats" and self.out.zobrist:
            return "repeats()", "int"
        raise NotKernel(f"`{name}` in a condition")

    def op(self, node: Op) -> tuple[str, str]:
        op, args = node.op, node.args
        if op in ("and", "or"):
            return "(" + f" {op} ".join(self.truth(a) for a in args) + ")", "bool"
        if op == "not":
            return f"(not {self.truth(args[0])})", "bool"
        if op == "neg":
            return f"(-{self.number(args[0])})", "int"
        if op in ("==", "!=", "<", "<=", ">", ">="):
            return f"({self.number(args[0])} {op} {self.number(args[1])})", "bool"
        if op in ("+", "-", "*"):
            return f"({self.number(args[0])} {op} {self.number(args[1])})", "int"
        raise NotKernel(f"the operator {op!r} in a condition")

    def call(self, node: Call) -> tuple[str, str]:
        from ..predicates.connection import Connection as ConnectionPredicate
        from ..predicates.holds import Holds as HoldsPredicate
        from ..predicates.pattern import Pattern as PatternPredicate
        from ..predicates.reach import Reach as ReachPredicate
        from ..predicates.row import Row as RowPredicate
        from ..topology import SquareTopology
        game, t = self.game, self.game.t
        name, args = node.name, node.args
        if self.out.race is not None:
            return self._race_call(name, args)
        kept = self.out.counter_slots.get(name)
        if kept is not None and kept[1] and len(args) == 1:  # a counter kept per player: his value
            return f"CNT[{kept[0]} + ({self.number(args[0])}) - 1]", "int"
        predicate = game.predicates.get(name)
        if predicate is not None:
            if len(args) != 1:
                raise NotKernel(f"`{name}` with {len(args)} arguments")
            who = self.number(args[0])
            if isinstance(predicate, RowPredicate):
                k = self._row(name, predicate)
                return f"(RF{k}[{who}] > 0)", "bool"
            if isinstance(predicate, PatternPredicate):
                placements = [pair for at in predicate.by_anchor for pair in at]
                if any(xm for _, xm in placements) or not placements:
                    raise NotKernel("a `pattern` with cells that must not hold an own piece")
                k = self._row(name, predicate, [om for om, _ in placements])
                return f"(RF{k}[{who}] > 0)", "bool"
            if isinstance(predicate, ReachPredicate):
                k = self._reach(name, predicate)
                return f"(RC{k}[{who}] > 0)", "bool"
            if isinstance(predicate, HoldsPredicate):
                k = self._holds(name, predicate)
                return f"(HC{k}[{who}] == HN{k}[{who}])", "bool"
            if isinstance(predicate, ConnectionPredicate):
                k = self._link(name, predicate)
                return f"linked{k}({who})", "bool"
            raise NotKernel(f"a `{predicate.name}` predicate")
        if name in ("file", "rank", "offset") and not isinstance(t.topology, SquareTopology):
            raise NotKernel(f"`{name}` on this board")
        topo: Any = t.topology
        if name in ("file", "rank") and len(args) == 1:
            table = f"T_{name}"
            if table not in self.out.extra:
                at = 1 if name == "rank" else 0
                self.out.extra[table] = [topo.file_rank(s)[at] for s in range(topo.size)]
            return f"{table}[sq_at({self.square(args[0])})]", "int"
        if name == "offset" and len(args) == 3:
            try:
                df, dr = (self._constant(a) for a in args[1:])
            except NotKernel:  # by numbers known only in play: worked out on the grid then
                self.out.grid = (topo.width, topo.height)
                return f"off_rt({self.number(args[0])}, {self.number(args[1])}, {self.number(args[2])})", "int"
            table = f"T_off_{df + 64}_{dr + 64}"
            if table not in self.out.extra:
                width, height, full = topo.width, topo.height, topo.full_mask
                cells = []
                for s in range(topo.size):
                    f, r = s % width + df, s // width + dr
                    m = r * width + f
                    cells.append(m if 0 <= f < width and 0 <= r < height and full >> m & 1 else -1)
                self.out.extra[table] = cells
            return f"off_at({table}, {self.number(args[0])})", "int"
        if name == "height" and len(args) == 1:
            return f"height_at({self.square(args[0])})", "int"
        if name == "reserve" and len(args) in (1, 2):
            r = max(1, self.out.reserves)
            who = self.number(args[0])
            if len(args) == 2:
                slot = t.reserve_names.index(self._word(args[1], t.reserve_names))
                return f"RES[({who}) * {r} + {slot}]", "int"
            return "(" + " + ".join(f"RES[({who}) * {r} + {i}]" for i in range(r)) + ")", "int"
        if name in ("can_move", "mobility") and len(args) == 1:
            self.out.asks = True
            who = self.number(args[0])
            return (f"(moves_of({who}) > 0)", "bool") if name == "can_move" else (f"moves_of({who})", "int")
        if name == "count" and len(args) >= 2:
            if t.stacking:
                raise NotKernel("`count` on a board of stacks")
            return self._tops(args), "int"
        if name == "top_count" and len(args) >= 2:
            return self._tops(args), "int"
        if name == "owner" and len(args) == 1:
            return f"owner_at({self.square(args[0])})", "int"
        if name == "board_was" and len(args) == 1 and self.out.zobrist:
            return f"was({self.number(args[0])})", "int"
        if name in ("liberties", "area") and len(args) == 1:
            self._groups_near()
            return f"{'libs' if name == 'liberties' else 'area'}({self.number(args[0])})", "int"
        if name in ("inside", "total") and len(args) in ((2, 3) if name == "inside" else (1, 2)):
            at = 1 if name == "inside" else 0
            region = self._word(args[at], sorted(set(t.regions) | set(t.player_regions)))
            table = self._region_table(region, len(args) > at + 1)
            who = self.number(args[at + 1]) if len(args) > at + 1 else "0"
            if name == "inside":
                where = self.square(args[0])
                return f"in_region({table}, ({who}) * {t.topology.size}, {where})", "bool"
            return f"total_of({table}, ({who}) * {t.topology.size})", "int"
        if name == "surrounded" and len(args) == 1:
            self._around()
            return f"surr({self.number(args[0])})", "bool"
        if name == "forms" and len(args) == 2:
            pred = game.predicates.get(getattr(args[0], "name", ""))
            if not isinstance(pred, RowPredicate):
                raise NotKernel("`forms` of a predicate other than a `row`")
            k = self._row(getattr(args[0], "name"), pred)
            return f"forms{k}({self.square(args[1])})", "bool"
        if name == "groups" and len(args) in (1, 2):
            return f"groups{self._group_table(args)}({self.number(args[0])})", "int"
        if name == "reachable" and len(args) >= 2:
            self._groups_near()
            region = self._word(args[1], sorted(set(t.regions) | set(t.player_regions)))
            goal = self._region_table(region, True)
            passes = self._kinds_table(args[2:])
            if (goal, passes) not in self.out.paths:
                self.out.paths.append((goal, passes))
            return f"path{self.out.paths.index((goal, passes))}({self.square(args[0])}, mover)", "bool"
        if name in ("value", "worth") and len(args) == (1 if name == "value" else 3):
            self.out.extra["T_value"] = [int(v) for v in t.value[:t.num_codes]]  # per code its kind's value
            if name == "value":  # the value of the kind on top of a square (0: none)
                return f"value_at({self.square(args[0])})", "int"
            # the squares the player's pieces of values lo to hi top
            return f"worth_of({', '.join(self.number(a) for a in args)})", "int"
        if name == "controlled" and len(args) >= 1:
            if t.stacking:
                raise NotKernel("`controlled` on a board of stacks")
            return (f"PN[{self.number(args[0])}]" if len(args) == 1 else self._tops(args)), "int"
        if name == "square_of" and len(args) >= 2:
            return f"sq_of({self.number(args[0])}, {self._kinds_table(args[1:])})", "int"
        if name == "attacked" and len(args) == 2:
            self.out.attacks = True
            return f"att({self.square(args[0])}, {self.number(args[1])})", "bool"
        if name == "enclosed" and len(args) in (1, 2):
            return f"enclosed{self._enclosure(args)}({self.number(args[0])})", "int"
        raise NotKernel(f"`{name}(...)` in a condition")

    def _race_call(self, name: str, args: tuple[Node, ...]) -> tuple[str, str]:
        """``at`` and ``on_path`` in a dice race: counts of ``C``, a player's checkers per position
        of his path (0 the bar, N + 1 borne off)."""
        race = self.out.race
        assert race is not None
        L = len(race.squares) // 3
        if name == "at" and len(args) == 2:
            place = self._word(args[1], list(race.places))
            where = {race.squares[p * L:(p + 1) * L].index(sq) if sq in race.squares[p * L:(p + 1) * L] else -1
                     for p, sq in ((1, race.places[place][1]), (2, race.places[place][2]))}
            if len(where) != 1 or -1 in where:
                raise NotKernel(f"`at` a place the race does not use ({place!r})")
            return f"C[({self.number(args[0])}) * {L} + {where.pop()}]", "int"
        if name == "on_path" and len(args) == 3:
            lo, hi = self._constant(args[1]), self._constant(args[2])
            return f"onp({self.number(args[0])}, {lo}, {hi})", "int"
        if name == "path_position" and len(args) == 2 and race.one_die and isinstance(args[0], Name) \
                and args[0].name == "mover" and isinstance(args[1], Name) and args[1].name in ("from", "to"):
            # the step's squares on the mover's path (0: a place); ``MV`` holds them while it is read
            return f"MV[{0 if args[1].name == 'from' else 1}]", "int"
        raise NotKernel(f"`{name}(...)` in a dice race's condition")

    def _tops(self, args: tuple[Node, ...]) -> str:
        """The squares the player ``args[0]`` tops with pieces of the kinds named after him
        (``TC``, per code; a code is its kind times two plus the player - 1)."""
        t = self.game.t
        who = self.number(args[0])
        kinds = [t.kind_index[self._word(a, t.kind_names)] for a in args[1:]]
        return "(" + " + ".join(f"TC[{k * 2} + ({who}) - 1]" for k in kinds) + ")"

    def _kinds_table(self, names: tuple[Node, ...]) -> str:
        """A table of 0 and 1 per code: 1 where the code's kind is one of ``names``."""
        t = self.game.t
        marked = {t.kind_index[self._word(a, t.kind_names)] for a in names}
        table = f"T_kinds_{sum(1 << k for k in marked)}"
        self.out.extra[table] = [int(t.code_kind[code] in marked) for code in range(t.num_codes)]
        return table

    def _word(self, node: Node, words: list[str]) -> str:
        """A name of the game's (a kind, a reserve) written as a word or quoted."""
        word = node.name if isinstance(node, Name) else node.value if isinstance(node, Const) else None
        if not isinstance(word, str) or word not in words:
            raise NotKernel("a name the kernel does not know in a condition")
        return word

    def _constant(self, node: Node) -> int:
        if isinstance(node, Const) and isinstance(node.value, int) and not isinstance(node.value, bool):
            value = node.value
        elif isinstance(node, Op) and node.op == "neg" and isinstance(node.args[0], Const) \
                and isinstance(node.args[0].value, int):
            value = -node.args[0].value
        else:
            raise NotKernel("`offset` by a number known only while playing")
        if not -64 < value < 64:
            raise NotKernel("`offset` too far")
        return int(value)

    def _row(self, name: str, predicate: Any, masks: list[int] | None = None) -> int:
        """A ``row`` (or a ``pattern`` of own pieces only: each placement is a row) as the rows
        the kernel counts; ``masks``: the rows' squares as bits (a row predicate's own rows)."""
        if name not in self.rows:
            t = self.game.t
            rows = [[s for s in range(t.topology.size) if m >> s & 1] for m in (masks or predicate.rows)]
            through = [[i for i, r in enumerate(rows) if s in r] for s in range(t.topology.size)]
            player_of = [0] * t.num_codes
            for p in (1, 2):
                for code in predicate.codes[p]:
                    player_of[code] = p
            self.rows[name] = len(self.out.rows)
            self.out.rows.append(Row(predicate.cells, rows, through, player_of))
        return self.rows[name]

    def _region_table(self, region: str, halves: bool) -> str:
        """A region's squares as a table of 0 and 1 per square: per player (his half) where the
        region is kept per player and a player is named, else the whole region (in each third)."""
        t = self.game.t
        n = t.topology.size
        name = f"T_region_{sorted(set(t.regions) | set(t.player_regions)).index(region)}_{int(halves)}"
        if name not in self.out.extra:
            if halves and region in t.player_regions:
                masks = t.player_region_masks(region)
                self.out.extra[name] = [masks[q] >> s & 1 if q else 0 for q in range(3) for s in range(n)]
            else:
                mask = t.region_mask(region)
                self.out.extra[name] = [mask >> s & 1 for _ in range(3) for s in range(n)]
        return name

    def _around(self) -> None:
        """``surrounded``: per square the squares around it, as the engine reads them (every
        direction of the board, or a square's enclosure)."""
        if self.out.around is not None:
            return
        from ..topology import SquareTopology
        topo: Any = self.game.t.topology
        n = topo.size
        if isinstance(topo, SquareTopology):
            masks = [topo.enclosure(s) for s in range(n)]
        else:
            dirs = topo.directions("all")
            masks = []
            for s in range(n):
                near = [x for x in (topo.step(s, d) for d in dirs) if x >= 0]
                masks.append(sum(1 << x for x in near) if len(near) == len(dirs) else -1)
        self.out.around = [None if m < 0 else [x for x in range(n) if m >> x & 1] for m in masks]

    def _neighbours(self, name: str, args: tuple[Node, ...]) -> list[list[int]]:
        """The neighbours of each square a question about groups reads: in every direction, or in
        the direction set its second argument names (as text)."""
        topo: Any = self.game.t.topology
        which = "all"
        if len(args) > 1:
            if not isinstance(args[1], Const) or not isinstance(args[1].value, str):
                raise NotKernel(f"`{name}` with a second argument other than a direction set's name")
            which = args[1].value
        try:
            masks = topo.neighbour_masks(topo.directions(which))
        except (KeyError, ValueError, AttributeError):
            raise NotKernel(f"`{name}` on this board") from None
        return [[m for m in range(topo.size) if masks[s] >> m & 1] for s in range(topo.size)]

    def _group_table(self, args: tuple[Node, ...]) -> int:
        """``groups``: its neighbours of each square (every direction, or the set the second
        argument names): their number among the plan's ``groupings``."""
        near = self._neighbours("groups", args)
        if near not in self.out.groupings:
            self.out.groupings.append(near)
        return self.out.groupings.index(near)

    def _groups_near(self) -> None:
        """The neighbours of each square as ``liberties`` and ``area`` count groups (the engine's)."""
        if self.out.near is None:
            from ..compile.conditions import _adjacency
            _, masks = _adjacency(self.game.t)
            n = self.game.t.topology.size
            self.out.near = [[m for m in range(n) if masks[s] >> m & 1] for s in range(n)]

    def _enclosure(self, args: tuple[Node, ...]) -> int:
        """An ``enclosed`` question's tables (its neighbours: every direction, or the set named by
        the second argument): its number."""
        topo: Any = self.game.t.topology
        n = topo.size
        near = self._neighbours("enclosed", args)
        border = topo.region_mask("border")
        entry = (near, [border >> s & 1 for s in range(n)])
        if entry not in self.out.encloses:
            self.out.encloses.append(entry)
        return self.out.encloses.index(entry)

    def _link(self, name: str, predicate: Any) -> int:
        if name in self.links:
            return self.links[name]
        from ..topology import SquareTopology
        t = self.game.t
        params = predicate.params
        topo: Any = t.topology
        n, nc1 = topo.size, t.num_codes + 1
        gates: list[list[int]] | None = None
        links: list[int] | None = None
        if "through" in params:  # two pieces join where the bridge between them holds the player's link
            at = predicate.at
            near = [[other for _, other in (at[s] if s < len(at) else [])] for s in range(n)]
            gates = [[site for site, _ in (at[s] if s < len(at) else [])] for s in range(n)]
            links = [0, predicate.link_codes[1] + 1, predicate.link_codes[2] + 1]
        else:
            adjacency = params.get("adjacency") or ("orthogonal" if isinstance(topo, SquareTopology) else "all")
            masks = topo.neighbour_masks(topo.directions(adjacency))
            near = [[m for m in range(n) if masks[s] >> m & 1] for s in range(n)]
        ok = [0] * (3 * nc1)
        for p in (1, 2):
            for code in predicate.codes[p]:
                ok[p * nc1 + code + 1] = 1
        names: list[str] = []
        items = []
        for item in params["between"]:
            regions, need = (item["regions"], int(item["at_least"])) if isinstance(item, dict) else (item, len(item))
            bits = 0
            for r in regions:
                if r not in names:
                    names.append(r)
                bits |= 1 << names.index(r)
            items.append((bits, need))
        if len(names) > 30:
            raise NotKernel("a `connection` between more than 30 regions")
        regions = [0] * (3 * n)
        for p in (1, 2):
            for i, r in enumerate(names):
                mask = t.player_region_mask(r, p)
                for sq in range(n):
                    if mask >> sq & 1:
                        regions[p * n + sq] |= 1 << i
        self.links[name] = len(self.out.links)
        layers = None if gates is not None else _layers(near, regions, items, ok, n, nc1)
        self.out.links.append(Link(ok, near, regions, items, gates, links, layers))
        return self.links[name]

    def _holds(self, name: str, predicate: Any) -> int:
        """``holds`` (on a board without stacks, at least one piece a square): per code and square
        the player whose squares it is on (0: none), and how many squares each player's are."""
        if name not in self.holds:
            t = self.game.t
            if t.stacking or predicate.min != 1:
                raise NotKernel("a `holds` of stacks")
            n = t.topology.size
            player_of = [0] * (t.num_codes * n)
            for code in range(t.num_codes):
                q = t.code_owner[code]
                if q in (1, 2):
                    for sq in predicate.squares[q]:
                        player_of[code * n + sq] = q
            self.holds[name] = len(self.out.holds)
            self.out.holds.append((player_of, [0, len(predicate.squares[1]), len(predicate.squares[2])]))
        return self.holds[name]

    def _reach(self, name: str, predicate: Any) -> int:
        if name not in self.reaches:
            t = self.game.t
            n = t.topology.size
            player_of = [0] * (t.num_codes * n)
            for p in (1, 2):
                code, mask = predicate.codes[p], predicate.masks[p]
                for s in range(n):
                    if mask >> s & 1:
                        player_of[code * n + s] = p
            self.reaches[name] = len(self.out.reaches)
            self.out.reaches.append(Reach(player_of))
        return self.reaches[name]


#: at most so many pairs of regions are counted (each top that changes updates every pair)
MOST_PAIRS = 8


def _layers(near: list[list[int]], regions: list[int], items: list[tuple[int, int]], ok: list[int],
            n: int, nc1: int) -> Layers | None:
    """The layers a ``connection``'s chains cross (see :class:`.model.Layers`), or None where they
    say nothing or cost too much: neighbours that do not go both ways, an item one region
    satisfies, a piece that links for both players, more than :data:`MOST_PAIRS` pairs."""
    sets = [set(x) for x in near]
    if any(s not in sets[u] for s, x in enumerate(near) for u in x):
        return None
    pairs: list[tuple[int, int]] = []
    for bits, least in items:
        if least < 2:
            return None
        held = [i for i in range(30) if bits >> i & 1]
        pairs += [(a, b) for x, a in enumerate(held) for b in held[x + 1:] if (a, b) not in pairs]
    if not pairs or len(pairs) > MOST_PAIRS:
        return None
    linker = [0] * (nc1 - 1)
    for code in range(nc1 - 1):
        for q in (1, 2):
            if ok[q * nc1 + code + 1]:
                if linker[code]:
                    return None
                linker[code] = q
    layer = [0] * (3 * len(pairs) * n)
    need = [0] * (3 * len(pairs))
    for q in (1, 2):
        for j, (a, b) in enumerate(pairs):
            dist = [-1] * n
            queue = [s for s in range(n) if regions[q * n + s] >> a & 1]
            for s in queue:
                dist[s] = 0
            for s in queue:  # breadth first: the queue grows as it is read
                for u in near[s]:
                    if dist[u] < 0:
                        dist[u] = dist[s] + 1
                        queue.append(u)
            ends = [dist[s] for s in range(n) if regions[q * n + s] >> b & 1 and dist[s] >= 0]
            if not ends:  # the regions never meet: no chain joins them
                need[q * len(pairs) + j] = n + 2
                continue
            far = min(ends)
            need[q * len(pairs) + j] = far + 1
            for s in range(n):
                if 0 <= dist[s] <= far:
                    layer[(q * len(pairs) + j) * n + s] = dist[s] + 1
    return Layers(len(pairs), layer, need, linker)
