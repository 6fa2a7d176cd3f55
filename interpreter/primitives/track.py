"""``track``: checkers run along their owner's path by the numbers of the dice; a move is a whole
turn, and the legal moves of a roll are its distinct resulting positions."""

from __future__ import annotations

import re
from typing import Any

from ..dsl.errors import InvalidMoveError
from .base import Primitive, retop

__all__ = ["Track", "Roll"]


class Roll(Primitive):
    """The chance move that sets the dice (added by the engine for games with ``dice``).

    A move is ``(index, die1, die2, starter)``; ``starter`` (1 or 2) is set by an opening roll, which
    also decides who moves first; 0 otherwise.
    """

    name = "roll"
    default_template = "roll"
    field_kinds: dict[str, str] = {}

    def generate(self, st, out) -> None:
        return None

    def apply(self, st, move):
        _, a, b, starter = move
        g = self.game
        old = (st.dice, st.to_move)
        h = st.hash
        if a == 0:  # an opening that only decides who starts (he then rolls afresh)
            h ^= g.tally_key(0, st.tally[0]) ^ g.tally_key(0, 1)
            st.tally[0] = 1
            if starter != st.to_move:
                h ^= g.side_key
                st.to_move = starter
            st.hash = h
            return old
        if st.dice is not None:
            h ^= g.dice_keys[st.dice]
        st.dice = (a, b)
        h ^= g.dice_keys[st.dice]
        if starter and starter != st.to_move:
            h ^= g.side_key
            st.to_move = starter
        st.hash = h
        return old

    def undo(self, st, move, info) -> None:
        g = self.game
        dice, to_move = info
        if move[1] == 0:
            h = st.hash ^ g.tally_key(0, 1) ^ g.tally_key(0, 0)
            st.tally[0] = 0
            if to_move != st.to_move:
                h ^= g.side_key
            st.to_move, st.hash = to_move, h
            return
        h = st.hash ^ g.dice_keys[st.dice]
        if dice is not None:
            h ^= g.dice_keys[dice]
        if to_move != st.to_move:
            h ^= g.side_key
        st.dice, st.to_move, st.hash = dice, to_move, h

    def fields(self, st, move):
        return {}

    def from_fields(self, st, fields):
        raise InvalidMoveError("a roll is not written as a move")


class Track(Primitive):
    """Parameters: ``pieces``, ``blocked_by`` (2), ``hit`` (``{to: bar}``), ``enter``
    (``{from: bar}``: checkers there must come in first, die n onto path position n),
    ``bear_off`` (``{requires: all_home, overshoot: highest, to: borne_off}``), ``maximize``
    (``higher``: use as many numbers as possible and, if only one can be used, the higher).

    A move is ``(index, dice, steps)``, ``steps`` a tuple of ``(from square, to square)`` in the
    order played; an empty ``steps`` is the pass of a roll with nothing playable.
    """

    name = "track"
    default_template = "{steps}"
    field_kinds = {"steps": "steps"}

    def __init__(self, game, index, params, path):
        super().__init__(game, index, params, path)
        g = game
        topo = g.topology
        self.N = topo.points
        self.paths = topo.paths
        kind = g.kind_index[params.get("pieces", g.kind_names)[0]]
        self.code = [0, kind * 2, kind * 2 + 1]
        self.block = int(params.get("blocked_by", 2))
        hit = params.get("hit") or {}
        self.hit_place = topo.places[hit.get("to", "bar")]
        enters = params.get("enter") or {}
        enters = enters if isinstance(enters, list) else [enters]
        self.bar = topo.places[enters[0].get("from", "bar")]
        # a second entering place (such as `out`): checkers wait there until they come in
        second = enters[1] if len(enters) > 1 else None
        self.out = topo.places[second["from"]] if second else None
        self.out_all_first = bool(second.get("all_before_moving", False)) if second else False
        self.out_continue = bool(second.get("continue", True)) if second else True
        bear = params.get("bear_off") or {}
        self.off = topo.places[bear.get("to", "borne_off")]
        self.home_start = self.N - self.N // 4 + 1
        self.maximize = g.options.get(params.get("maximize"), params.get("maximize", "higher"))
        self.order = g.options.get(params.get("order"), params.get("order", "any"))
        phase = next(ph for ph in g.spec.data["phases"] if any("track" in m for m in ph.get("moves", [])))
        doubles = phase.get("doubles") or {}
        self.double_play = int(doubles.get("play", 4))
        self.underneath = int(doubles.get("underneath", 0))
        self.underneath_optional = bool(doubles.get("underneath_optional", False))
        later = doubles.get("later") or {}
        self.later_from = int(later.get("from", 2)) if later else 0
        self.later_play = int(later.get("play", self.double_play))
        self.later_underneath = int(later.get("underneath", self.underneath))
        self.roll_again = bool(doubles.get("roll_again", False))
        #: the simple case: two numbers in any order, no waiting place besides the bar
        self._simple = self.out is None and self.order == "any" and not self.underneath
        self.pos_of = topo.position
        #: mover coordinates (0 = bar, 1..N = path, N+1 = off) to squares, per player
        self._square_map = [[]] + [[self._square(p, k) for k in range(self.N + (3 if self.out else 2))]
                                   for p in (1, 2)]

    # -- counts in the mover's coordinates: 0 = waiting to enter, 1..N = path, N+1 = borne off -----
    def counts(self, st, p: int) -> tuple[list[int], list[int]]:
        N = self.N
        q = 3 - p
        me = [0] * (N + 2)
        opp = [0] * (N + 2)
        stacks = st.stacks
        path = self.paths[p]
        cp, cq = self.code[p], self.code[q]
        for i, sq in enumerate(path):
            s = stacks[sq]
            if s:
                if s[-1] == cp:
                    me[i + 1] = len(s)
                elif s[-1] == cq:
                    opp[i + 1] = len(s)
        me[0] = len(stacks[self.bar[p]])
        me[N + 1] = len(stacks[self.off[p]])
        if self.out is not None:
            me.append(len(stacks[self.out[p]]))
            opp.append(0)
        return me, opp

    def numbers(self, st, dice: tuple[int, int]) -> tuple[list[int], int]:
        """The numbers a roll gives, in the order they must be played, and how many of them
        must be played as far as possible (the rest is optional)."""
        a, b = dice
        if a != b:
            return ([min(a, b), max(a, b)] if self.order == "lower_first" else [a, b]), 2
        if not self.underneath:
            return [a] * self.double_play, self.double_play
        later = self.later_from and st.tally[st.to_move] >= self.later_from - 1
        top = self.later_play if later else self.double_play
        under = self.later_underneath if later else self.underneath
        return [a] * top + [7 - a] * under, top if self.underneath_optional else top + under

    def again(self, move: tuple[Any, ...]) -> bool:
        """Whether the player rolls again after this move (a double, where the game says so)."""
        return self.roll_again and move[1][0] == move[1][1]

    def general_turns(self, me: list[int], opp: list[int], numbers: list[int],
                      required: int) -> list[tuple[tuple[int, int], ...]]:
        """The distinct results of playing ``numbers`` in this order; the first ``required`` as
        many as possible, the rest optional. Handles entering from a second place."""
        N = self.N
        home = self.home_start
        block = self.block
        OUT = N + 2
        fresh = [0] * (N + 3)  # checkers that came in this turn and may not go on
        found: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
        core_of: dict[tuple[int, ...], int] = {}

        def options(n: int, lowest: int) -> list[tuple[int, int]]:
            if me[0]:
                return [(0, n)] if opp[n] < block else []
            if self.out is not None and me[OUT]:
                entry = [(OUT, n)] if opp[n] < block else []
                if self.out_all_first:
                    return entry
            else:
                entry = []
            out = list(entry)
            outside = sum(me[0:home]) + (me[OUT] if self.out is not None else 0)
            for p in range(max(lowest, 1), N + 1):
                if me[p] - fresh[p] <= 0:
                    continue
                t = p + n
                if t <= N:
                    if opp[t] < block:
                        out.append((p, t))
                elif not outside:
                    if t == N + 1 or not any(me[home:p]):
                        out.append((p, N + 1))
            return out

        def rec(i: int, steps: tuple[tuple[int, int], ...], lowest: int) -> None:
            if i >= required:
                key = tuple(me) + tuple(opp)
                if key not in found:
                    found[key] = steps
                    core_of[key] = min(i, required)
            if i < len(numbers) and i > 0 and numbers[i] != numbers[i - 1]:
                lowest = 0  # a new number: any checker again
            opts = options(numbers[i], lowest) if i < len(numbers) else []
            for frm, to in opts:
                hit = to <= N and opp[to] == 1
                me[frm] -= 1
                me[to] += 1
                if hit:
                    opp[to] = 0
                entered = frm == OUT and not self.out_continue
                if entered:
                    fresh[to] += 1
                rec(i + 1, steps + ((frm, to),), frm if frm not in (0, OUT) else 0)
                if entered:
                    fresh[to] -= 1
                if hit:
                    opp[to] = 1
                me[to] -= 1
                me[frm] += 1
            if not opts and i < required:
                key = tuple(me) + tuple(opp)
                if key not in found:
                    found[key] = steps
                    core_of[key] = i

        rec(0, (), 0)
        best = max(core_of.values())
        return [found[k] for k, c in core_of.items() if c == best]

    def _single(self, me: list[int], opp: list[int], n: int, lowest: int, outside: int) -> list[tuple[int, int]]:
        """Every one-die step (from, to) in mover coordinates, from positions >= ``lowest``;
        ``outside`` counts the mover's checkers not yet in his home quarter."""
        N, block = self.N, self.block
        if me[0]:
            return [(0, n)] if opp[n] < block else []
        out = []
        home = self.home_start
        for p in range(lowest if lowest > 1 else 1, N + 1):
            if not me[p]:
                continue
            t = p + n
            if t <= N:
                if opp[t] < block:
                    out.append((p, t))
            elif not outside:
                if t == N + 1:
                    out.append((p, t))
                else:  # a higher number bears off from the highest point only
                    for q in range(home, p):
                        if me[q]:
                            break
                    else:
                        out.append((p, N + 1))
        return out

    def turns(self, me: list[int], opp: list[int], dice: tuple[int, int]) -> list[tuple[tuple[int, int], ...]]:
        """The distinct results of a roll, each as the steps (from, to) that reach it."""
        a, b = dice
        N = self.N
        home = self.home_start
        found: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
        used_of: dict[tuple[int, ...], tuple[int, int]] = {}
        outside = [sum(me[:home])]

        def move(frm: int, to: int) -> bool:
            hit = to <= N and opp[to] == 1
            me[frm] -= 1
            me[to] += 1
            if hit:
                opp[to] = 0
            if frm < home <= to:
                outside[0] -= 1
            return hit

        def back(frm: int, to: int, hit: bool) -> None:
            if hit:
                opp[to] = 1
            me[to] -= 1
            me[frm] += 1
            if frm < home <= to:
                outside[0] += 1

        def leaf(steps: tuple[tuple[int, int], ...], high: int) -> None:
            key = tuple(me) + tuple(opp)
            if key not in found:
                found[key] = steps
                used_of[key] = (len(steps), high)

        if a != b:
            for x, y in ((a, b), (b, a)):
                for s1 in self._single(me, opp, x, 0, outside[0]):
                    h1 = move(*s1)
                    seconds = self._single(me, opp, y, 0, outside[0])
                    for s2 in seconds:
                        h2 = move(*s2)
                        leaf((s1, s2), max(x, y))
                        back(s2[0], s2[1], h2)
                    if not seconds:
                        leaf((s1,), x)
                    back(s1[0], s1[1], h1)
            if not found:
                leaf((), 0)
        else:
            def rec(left: int, steps: tuple[tuple[int, int], ...], lowest: int) -> None:
                options = self._single(me, opp, a, lowest, outside[0]) if left else []
                for s1 in options:
                    h = move(*s1)
                    rec(left - 1, steps + (s1,), s1[0])
                    back(s1[0], s1[1], h)
                if not options:
                    leaf(steps, a)
            rec(self.double_play, (), 0)
        most = max(u for u, _ in used_of.values())
        keys = [k for k, (u, _) in used_of.items() if u == most]
        if self.maximize == "higher" and most == 1 and a != b:
            high = max(a, b)
            if any(used_of[k][1] == high for k in keys):
                keys = [k for k in keys if used_of[k][1] == high]
        return [found[k] for k in keys]

    def _square(self, p: int, pos: int) -> int:
        if pos == 0:
            return self.bar[p]
        if pos == self.N + 1:
            return self.off[p]
        if pos == self.N + 2:
            return self.out[p]
        return self.paths[p][pos - 1]

    def generate(self, st, out: list[Any]) -> None:
        if st.dice is None:
            return
        p = st.to_move
        me, opp = self.counts(st, p)
        index = self.index
        sm = self._square_map[p]
        dice = st.dice
        if self._simple:
            turns = self.turns(me, opp, dice)
        else:
            numbers, required = self.numbers(st, dice)
            turns = self.general_turns(me, opp, numbers, required)
        for steps in turns:
            out.append((index, dice, tuple([(sm[a], sm[b]) for a, b in steps])))

    # -- play -------------------------------------------------------------------------------------
    def _move_one(self, st, a: int, b: int, code: int) -> None:
        g = self.game
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

    def apply(self, st, move):
        _, dice, steps = move
        p = st.to_move
        q = 3 - p
        code, enemy = self.code[p], self.code[q]
        hits = []
        for a, b in steps:
            dst = st.stacks[b]
            if len(dst) == 1 and dst[-1] == enemy:
                self._move_one(st, b, self.hit_place[q], enemy)
                hits.append(b)
            else:
                hits.append(-1)
            self._move_one(st, a, b, code)
        g = self.game
        st.hash ^= g.dice_keys[st.dice]
        old = st.dice
        st.dice = None
        if self.underneath and old[0] == old[1]:  # doubles are counted per player
            st.hash ^= g.tally_key(p, st.tally[p]) ^ g.tally_key(p, st.tally[p] + 1)
            st.tally[p] += 1
        cube_step = st.cube_step
        if cube_step:  # the next player's cube decision comes before his roll
            st.hash ^= g.cube_key((st.cube_value, st.cube_owner, cube_step)) ^ g.cube_key((st.cube_value, st.cube_owner, 0))
            st.cube_step = 0
        return (old, hits, cube_step)

    def undo(self, st, move, info) -> None:
        _, dice, steps = move
        old, hits, cube_step = info
        g = self.game
        st.dice = old
        st.hash ^= g.dice_keys[old]
        if self.underneath and old[0] == old[1]:
            p = st.to_move
            st.hash ^= g.tally_key(p, st.tally[p]) ^ g.tally_key(p, st.tally[p] - 1)
            st.tally[p] -= 1
        if cube_step:
            st.hash ^= g.cube_key((st.cube_value, st.cube_owner, 0)) ^ g.cube_key((st.cube_value, st.cube_owner, cube_step))
            st.cube_step = cube_step
        p = st.to_move
        q = 3 - p
        code, enemy = self.code[p], self.code[q]
        for (a, b), hit in zip(reversed(steps), reversed(hits)):
            self._move_one(st, b, a, code)
            if hit >= 0:
                self._move_one(st, self.hit_place[q], b, enemy)

    # -- notation ---------------------------------------------------------------------------------
    def own_number(self, p: int, sq: int) -> str:
        """A square as the player calls it: his point numbers count down to 1; ``bar``, ``off``."""
        if sq == self.bar[p]:
            return "bar"
        if sq == self.off[p]:
            return "off"
        return str(self.N + 1 - self.pos_of[p][sq])

    def fields(self, st, move):
        return {"steps": (st.to_move, move[2], self._hits(st, move))}

    def _hits(self, st, move) -> list[bool]:
        """Which steps of ``move`` hit, replayed on counts."""
        p = st.to_move
        me, opp = self.counts(st, p)
        out = []
        for a, b in move[2]:
            pa = 0 if a == self.bar[p] else self.pos_of[p][a]
            pb = self.N + 1 if b == self.off[p] else self.pos_of[p][b]
            hit = pb <= self.N and opp[pb] == 1
            if hit:
                opp[pb] = 0
            me[pa] -= 1
            me[pb] += 1
            out.append(hit)
        return out

    @staticmethod
    def _chains(moves: list[tuple[int, int, bool]]) -> list[list[tuple[int, bool]]]:
        """Steps (from, to, hit) in own numbers joined into chains: a part ending on a point joins
        a part starting there, in whatever order they were played (all checkers are alike)."""
        chains: list[list[tuple[int, bool]]] = [[(a, False), (b, hit)] for a, b, hit in moves]
        merged = True
        while merged:
            merged = False
            for i, x in enumerate(chains):
                for j, y in enumerate(chains):
                    if i != j and x[-1][0] == y[0][0] and x[-1][0] not in (0, 25, 26) and x[0][0] != 26:
                        chains[i] = x + y[1:]
                        del chains[j]
                        merged = True
                        break
                if merged:
                    break
        return chains

    @staticmethod
    def _point_text(n: int) -> str:
        return "bar" if n == 25 else "off" if n == 0 else "out" if n == 26 else str(n)

    def format_steps(self, p: int, steps: tuple, hits: list[bool]) -> str:
        """Canonical text: one part per checker movement, from the highest point down; a hit marked
        ``*`` (also at a point passed on the way), equal parts merged as ``8/5(2)``; ``pass``."""
        if not steps:
            return "pass"
        own = [(self._own(p, a), self._own(p, b), hit) for (a, b), hit in zip(steps, hits)]
        parts = []
        for chain in self._chains(own):
            parts.append((chain[0][0], chain[-1][0], [n for n, _ in chain], [hit for _, hit in chain]))
        parts.sort(key=lambda x: (-x[0], -x[1], [-n for n in x[2]]))
        out: list[str] = []
        i = 0
        while i < len(parts):  # equal paths are one part with a count; passed points shown where hit
            j = i
            while j < len(parts) and parts[j][2] == parts[i][2]:
                j += 1
            path = parts[i][2]
            hits = [any(parts[k][3][m] for k in range(i, j)) for m in range(len(path))]
            shown = [(n, h) for m, (n, h) in enumerate(zip(path, hits)) if m in (0, len(path) - 1) or h]
            text = "/".join(self._point_text(n) + ("*" if h else "") for n, h in shown)
            out.append(text + (f"({j - i})" if j - i > 1 else ""))
            i = j
        return " ".join(out)

    def _own(self, p: int, sq: int) -> int:
        if self.out is not None and sq == self.out[p]:
            return 26
        if sq == self.bar[p]:
            return 25
        if sq == self.off[p]:
            return 0
        return self.N + 1 - self.pos_of[p][sq]

    def read_named(self, p: int, text: str) -> list[tuple[int, int]]:
        """Movements in own numbers from the board's point names: ``1 A - 7 A und 12 A - 9 - 3``,
        ``2 x 8 - 7`` (the seed's way); parts joined by ``und``, ``and`` or commas."""
        topo = self.game.topology
        moves: list[tuple[int, int]] = []
        for part in re.split(r",|\bund\b|\band\b", text):
            part = part.strip()
            if not part:
                continue
            times = 1
            m = re.match(r"^(\d+)\s*[x\u00d7]\s*(.*)$", part)
            if m:
                times, part = int(m.group(1)), m.group(2)
            names = [n.replace(" ", "") for n in re.split(r"\s*-\s*", part)]
            try:
                own = [self._own(p, topo.parse_square(n)) for n in names]
            except ValueError as exc:
                raise InvalidMoveError(str(exc)) from None
            if len(own) < 2:
                raise InvalidMoveError(f"{part!r} needs a from and a to point")
            for _ in range(times):
                moves.extend(zip(own, own[1:]))
        return moves

    def read_steps(self, text: str) -> tuple[list[tuple[int, int]], set[int]]:
        """Movements (from, to) in own numbers and the points marked as hit, from any spelling."""
        moves: list[tuple[int, int]] = []
        starred: set[int] = set()
        for token in text.replace(",", " ").split():
            times = 1
            if token.endswith(")") and "(" in token:
                token, _, n = token[:-1].rpartition("(")
                if not n.isdigit():
                    raise InvalidMoveError(f"cannot read the repeat count in {token!r}")
                times = int(n)
            points = []
            for part in token.split("/"):
                hit = part.endswith("*")
                part = part.rstrip("*").lower()
                if part in ("bar", "b", "25"):
                    n = 25
                elif part == "out" and self.out is not None:
                    n = 26
                elif part in ("off", "o", "0"):
                    n = 0
                elif part.isdigit() and 1 <= int(part) <= self.N:
                    n = int(part)
                else:
                    raise InvalidMoveError(f"{part!r} is not a point (1-{self.N}, bar or off)")
                if hit:
                    starred.add(n)
                points.append(n)
            if len(points) < 2:
                raise InvalidMoveError(f"{token!r} needs a from and a to point, as in 13/7")
            for _ in range(times):
                moves.extend(zip(points, points[1:]))
        return moves, starred

    def signature(self, moves: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The movements with each checker's chain reduced to its start and end."""
        chains = self._chains([(a, b, False) for a, b in moves])
        return sorted((c[0][0], c[-1][0]) for c in chains)

    def from_fields(self, st, fields):
        """The legal move the text names (compared by checker movements, hits breaking ties)."""
        text = fields["steps"].strip()
        legal = self.game.legal_moves(st) if st.dice is not None else []
        if text.lower() in ("pass", "cannot move", "-", ""):
            for move in legal:
                if not move[2]:
                    return move
            raise InvalidMoveError("the roll can be played: a pass is not allowed")
        p = st.to_move
        if "/" in text:
            moves, starred = self.read_steps(text)
        else:
            moves, starred = self.read_named(p, text), set()
        want = self.signature(moves)
        found = []
        for move in legal:
            own = [(self._own(p, a), self._own(p, b)) for a, b in move[2]]
            if self.signature(own) == want:
                found.append(move)
        if len(found) > 1:  # the same start and end by different points: the stars tell them apart
            hit_sets = []
            for move in found:
                hits = {self._own(p, b) for (a, b), h in zip(move[2], self._hits(st, move)) if h}
                hit_sets.append(hits)
            narrowed = [m for m, h in zip(found, hit_sets) if h == starred]
            found = narrowed or found
        if found:
            return found[0]
        # not legal: build the move as written, for a reason
        steps = []
        for a, b in moves:
            steps.append((self._square_own(p, a), self._square_own(p, b)))
        return (self.index, st.dice, tuple(steps))

    def _square_own(self, p: int, n: int) -> int:
        if n == 26 and self.out is not None:
            return self.out[p]
        if n == 25:
            return self.bar[p]
        if n == 0:
            return self.off[p]
        return self.paths[p][self.N - n]

    def explain(self, st, move) -> str:
        if st.dice is None:
            return "roll the dice first"
        return f"not a legal way to play {st.dice[0]}-{st.dice[1]} in this position"
