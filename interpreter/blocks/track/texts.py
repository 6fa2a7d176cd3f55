"""The texts of ``track`` moves: steps written in the player's own numbers or the board's names,
read from any common spelling; and the positions a track cannot play."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

from ...dsl.errors import AmbiguousMoveError, InvalidMoveError
from .rules import MAX_REPEAT, TrackMove
from .turns import Turns

if TYPE_CHECKING:  # pragma: no cover
    from ...state import Move, Position
    from ...topology import TrackTopology

__all__ = ["TrackTexts"]



class TrackTexts(Turns):
    """The texts of a ``track``'s moves (see :class:`spielwerk.blocks.track.Track`)."""

    action_doc = ("one step of a dice turn: the square a checker leaves x the square it reaches "
                  "(every ordered pair of the track's squares); a turn is one action per number played")
    multi_part = True

    # -- notation ---------------------------------------------------------------------------------
    def own_number(self, p: int, sq: int) -> str:
        """A square as the player calls it: his point numbers count down to 1; ``bar``, ``off``."""
        if sq == self.bar[p]:
            return self.bar_name
        if sq == self.off[p]:
            return "off"
        return str(self.N + 1 - self.pos_of[p][sq])

    def square_label(self, p: int, sq: int) -> str:
        """A square as ``p``'s move texts write it: his own point numbers (the board's names where
        the notation writes those), the places by their names."""
        if self.names_mode or not self.pos_of[p][sq]:
            return str(self.t.topology.name(sq))
        return str(self.N + 1 - self.pos_of[p][sq])

    def pips(self, st: "Position", p: int) -> int:
        """``p``'s pip count: the numbers his checkers still need to bear off (those waiting to
        enter count the whole path)."""
        me, _ = self.counts(st, p)
        total = sum(me[k] * (self.N + 1 - k) for k in range(self.N + 1))
        if self.out is not None:
            total += me[-1] * (self.N + 1)
        return total

    def action_keys(self) -> list[Any]:
        n = self.t.topology.size
        return [(a, b) for a in range(n) for b in range(n) if a != b]

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return tuple(move[2])

    def partial_move(self, st: "Position", parts: tuple[Any, ...], move: "Move | None") -> Any:
        return TrackMove((self.index, st.dice, tuple(parts)))

    def part_text(self, st: "Position", key: Any) -> str:
        p = st.to_move
        return f"{self.own_number(p, key[0])}/{self.own_number(p, key[1])}"

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {"steps": (st.to_move, move[2], self._hits(st, move))}

    def _hits(self, st: "Position", move: "Move") -> list[bool]:
        """Which steps of ``move`` hit, replayed on counts."""
        p = st.to_move
        if self.pin:  # a step onto a lone enemy checker pins it
            heights = {sq: [pc for pc in st.stacks[sq]] for step in move[2] for sq in step}
            enemy = self.t.enemy[p]
            out = []
            for a, b in move[2]:
                out.append(len(heights[b]) == 1 and enemy[heights[b][0]])
                heights[a].pop()
                heights[b].append(self.code[p])
            return out
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

    def _chains(self, moves: list[tuple[int, int, bool]]) -> list[list[tuple[int, bool]]]:
        """Steps (from, to, hit) in own numbers joined into chains: a part ending on a point joins
        a part starting there, in whatever order they were played (all checkers are alike)."""
        places, out = (0, self.N + 1, self.N + 2), self.N + 2
        chains: list[list[tuple[int, bool]]] = [[(a, False), (b, hit)] for a, b, hit in moves]
        merged = True
        while merged:
            merged = False
            for i, x in enumerate(chains):
                for j, y in enumerate(chains):
                    if i != j and x[-1][0] == y[0][0] and x[-1][0] not in places and x[0][0] != out:
                        chains[i] = x + y[1:]
                        del chains[j]
                        merged = True
                        break
                if merged:
                    break
        return chains

    def _point_text(self, n: int) -> str:
        """An own number as written: the first entering place's name (``bar``, N + 1), ``off`` (0),
        the second entering place's name (N + 2)."""
        N = self.N
        return self.bar_name if n == N + 1 else "off" if n == 0 else self.out_name if n == N + 2 else str(n)

    def _name(self, p: int, sq: int) -> str:
        """A square by the board's point name; ``bar``, ``off`` and ``out`` for the places."""
        own = self._own(p, sq)
        return self._point_text(own) if own in (0, self.N + 1, self.N + 2) else self.t.topology.name(sq)

    def format_steps(self, p: int, steps: tuple[tuple[int, int], ...], hits: list[bool]) -> str:
        """Canonical text: one part per checker movement, from the highest point down; a hit marked
        ``*`` (also at a point passed on the way), equal parts merged as ``8/5(2)``; ``pass``.
        With ``squares: track_names``: every step in the order played, ``1/5 5/10``."""
        if not steps:
            return "pass"
        if self.names_mode:
            return " ".join(f"{self._name(p, a)}/{self._name(p, b)}{'*' if hit else ''}"
                            for (a, b), hit in zip(steps, hits))
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
            return self.N + 2
        if sq == self.bar[p]:
            return self.N + 1
        if sq == self.off[p]:
            return 0
        pos = self.pos_of[p][sq]
        return self.N + 1 - pos if pos else -1  # -1: a point off his path

    def read_named(self, p: int, text: str) -> list[tuple[int, int]]:
        """Movements in own numbers from the board's point names: ``1 A - 7 A und 12 A - 9 - 3``,
        ``2 x 8 - 7`` (the seed's way); parts joined by ``und``, ``and`` or commas."""
        topo = self.t.topology
        moves: list[tuple[int, int]] = []
        for part in re.split(r",|\bund\b|\band\b", text):
            part = part.strip()
            if not part:
                continue
            times = 1
            m = re.match(r"^([0-9]+)\s*[x\u00d7]\s*(.*)$", part)
            if m:
                times, part = int(m.group(1)[:3]), m.group(2)
                if not 1 <= times <= MAX_REPEAT or len(m.group(1)) > 2:
                    raise InvalidMoveError(f"cannot read the repeat count in {part!r}: 1 to {MAX_REPEAT}")
            names = [n.replace(" ", "") for n in re.split(r"\s*-\s*", part)]
            try:
                own = [self._own(p, topo.parse_square(n)) for n in names]
            except ValueError as exc:
                raise InvalidMoveError(str(exc)) from None
            if len(own) < 2:
                raise InvalidMoveError(f"{part!r} needs a from and a to point")
            if -1 in own:
                raise InvalidMoveError(f"{part!r} names a point off the player's path")
            for _ in range(times):
                moves.extend(zip(own, own[1:]))
        return moves

    @staticmethod
    def _read_chains(text: str, point: Any, example: str) -> tuple[list[tuple[int, int]], set[int]]:
        """Movements (from, to) and the points marked ``*`` as hit, from parts separated by spaces
        or commas; a part is a chain of points joined by ``/`` (``13/7/4``), maybe with a repeat
        count (``8/5(2)``). ``point`` reads one point (a text without its ``*``) as a number."""
        moves: list[tuple[int, int]] = []
        starred: set[int] = set()
        for token in text.replace(",", " ").split():
            times = 1
            if token.endswith(")") and "(" in token:
                token, _, n = token[:-1].rpartition("(")
                if not (n.isascii() and n.isdigit() and 1 <= int(n[:3]) <= MAX_REPEAT and len(n) <= 2):
                    raise InvalidMoveError(f"cannot read the repeat count in {token!r}: 1 to {MAX_REPEAT}")
                times = int(n)
            points = []
            for part in token.split("/"):
                n = point(part.rstrip("*"))
                if part.endswith("*"):
                    starred.add(n)
                points.append(n)
            if len(points) < 2:
                raise InvalidMoveError(f"{token!r} needs a from and a to point, as in {example}")
            for _ in range(times):
                moves.extend(zip(points, points[1:]))
        return moves, starred

    def read_named_steps(self, p: int, text: str) -> tuple[list[tuple[int, int]], set[int]]:
        """Steps (from, to) in own numbers and the points marked as hit, from point names:
        ``1/5 5/10``, chains ``1/5/10``, repeats ``1/7(2)``, ``-`` for ``/``, commas for spaces."""
        topo = self.t.topology

        def point(part: str) -> int:
            low = part.lower()
            if low == self.bar_name:
                return self.N + 1
            if low == "off":
                return 0
            if low == self.out_name and self.out is not None:
                return self.N + 2
            try:
                n = self._own(p, topo.parse_square(part))
            except ValueError:
                n = -1
            if not 1 <= n <= self.N:
                raise InvalidMoveError(f"{part!r} is not a point of this board")
            return n
        return self._read_chains(re.sub(r"\s*[/-]\s*", "/", text), point, "1/5")

    def read_steps(self, text: str) -> tuple[list[tuple[int, int]], set[int]]:
        """Movements (from, to) in own numbers and the points marked as hit, from any spelling."""
        def point(part: str) -> int:
            part = part.lower()
            if part in (self.bar_name, "b", str(self.N + 1)):
                return self.N + 1
            if part == self.out_name and self.out is not None:
                return self.N + 2
            if part in ("off", "o", "0"):
                return 0
            if part.isascii() and part.isdigit() and len(part) <= 3 and 1 <= int(part) <= self.N:
                return int(part)
            raise InvalidMoveError(f"{part!r} is not a point (1-{self.N}, bar or off)")
        return self._read_chains(text, point, "13/7")

    @staticmethod
    def _delta(steps: Any) -> tuple[tuple[int, int], ...]:
        """How many checkers each square gains (or loses) by ``steps`` of (from, to) squares."""
        change: dict[int, int] = {}
        for a, b in steps:
            change[a] = change.get(a, 0) - 1
            change[b] = change.get(b, 0) + 1
        return tuple(sorted((sq, n) for sq, n in change.items() if n))

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        """The legal move the text names (compared by checker movements, hits breaking ties)."""
        text = fields["steps"].strip()
        legal = self._legal(st)
        if text.lower() in ("pass", "cannot move", "-", ""):
            for move in legal:
                if not move[2]:
                    return move
            raise InvalidMoveError("the roll can be played: a pass is not allowed")
        p = st.to_move
        if self.names_mode:
            moves, starred = self.read_named_steps(p, text)
            in_order = [m for m in legal if [(self._own(p, a), self._own(p, b)) for a, b in m[2]] == moves]
            if in_order:  # the steps as played name one move exactly
                return in_order[0]
        elif "/" in text:
            moves, starred = self.read_steps(text)
        else:
            moves, starred = self.read_named(p, text), set()
        # a result is told by where checkers left and arrived (points passed on the way cancel)
        want = self._delta([(self._square_own(p, a), self._square_own(p, b)) for a, b in moves])
        if self._by_delta[0] != (st.hash, st.dice):
            index: dict[tuple[tuple[int, int], ...], list["Move"]] = {}
            for move in legal:
                index.setdefault(self._delta(move[2]), []).append(move)
            self._by_delta = ((st.hash, st.dice), index)
        found = list(self._by_delta[1].get(want, ()))
        if len(found) > 1:  # the same start and end by different points: the stars tell them apart
            hit_sets = []
            for move in found:
                hits = {self._own(p, b) for (a, b), h in zip(move[2], self._hits(st, move)) if h}
                hit_sets.append(hits)
            narrowed = [m for m, h in zip(found, hit_sets) if h == starred]
            found = narrowed or found
            if len(found) > 1 and self.names_mode:
                raise AmbiguousMoveError(f"{text!r} can be played in orders that score differently: "
                                         "write the steps in the order played")
        if found:
            return cast("Move", found[0])
        # not legal: build the move as written, for a reason
        steps = []
        for a, b in moves:
            steps.append((self._square_own(p, a), self._square_own(p, b)))
        return TrackMove((self.index, st.dice, tuple(steps)))

    def _square_own(self, p: int, n: int) -> int:
        if n == self.N + 2 and self.out is not None:
            return self.out[p]
        if n == self.N + 1:
            return self.bar[p]
        if n == 0:
            return self.off[p]
        return self.paths[p][self.N - n]

    def position_problem(self, st: "Position") -> str | None:
        """A point holds one player's checkers, or with pinning one pinned checker under the
        other's; a player's places (bar, borne off, out) hold only his checkers."""
        g = self.t
        owner = g.code_owner
        for sq in dict.fromkeys(sq for path in self.paths[1:] for sq in path):
            s = st.stacks[sq]
            owners = [owner[pc] for pc in s]
            if len(set(owners)) > 1 and not (self.pin and owners.count(owners[0]) == 1):
                kind = "one pinned checker under the other's" if self.pin else "one player's checkers"
                return f"point {g.topology.name(sq)} holds both players' checkers; a point holds {kind}"
            if len(s) > self.capacity:
                return f"point {g.topology.name(sq)} holds {len(s)} checkers; a point holds at most {self.capacity}"
            if s and not self.pos_of[owners[0]][sq]:
                return f"point {g.topology.name(sq)} is not on the path of the player whose checkers it holds"
        for name, squares in cast("TrackTopology", g.topology).places.items():
            for p in g.player_numbers:
                if squares[1] != squares[2] and any(owner[pc] != p for pc in st.stacks[squares[p]]):
                    return f"{g.topology.name(squares[p])} holds checkers of another player"
        for p in g.player_numbers:  # checkers never leave a race: every one is somewhere
            have = sum(1 for s in st.stacks for pc in s if owner[pc] == p)
            total = sum(g.start_counts[p])
            if have != total:
                return f"player {p} has {have} checkers; the game has {total} each"
        return None

    def explain(self, st: "Position", move: "Move") -> str:
        if st.dice is None:
            return "roll the dice first"
        roll = f"{st.dice[0]}" if self.one_die else f"{st.dice[0]}-{st.dice[1]}"
        return f"not a legal way to play {roll} in this position"
