"""Position texts. ``stack-rows`` writes the board rank by rank with a trailer, e.g.
``x5/x2,2S,x2/x2,121,x2/x5/x5 1 4``: run-length empties, a stack as its owners' digits from the
bottom up, the top piece's letter after them. Games that declare no position text get the same
format with every piece's letter written (the generic form).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, cast

from ..dsl.errors import InvalidPositionError

if TYPE_CHECKING:  # pragma: no cover
    from ..tables import Tables
    from ..blocks.track import Track
    from ..state import Position
    from ..topology import TrackTopology

#: the compiled game these texts belong to: a :class:`spielwerk.game.Game` (the notation sits below
#: the game, which builds it, so it names no class of the game)
GameLike = Any

__all__ = ["StackRows", "position_format"]

#: a number after the board of a position text
_FIELD = re.compile(r"-?[0-9]{1,10}")


class StackRows:
    """The ``stack-rows`` position text of one compiled game."""

    def __init__(self, game: "GameLike", spec: dict[str, Any] | None) -> None:
        spec = dict(spec or {})
        self.game = game
        self.t: Tables = game.t
        self.name = spec.get("name", "position")
        self.top_down = spec.get("rows", "top-down") == "top-down"
        self.row_sep: str = spec.get("row_separator", "/")
        self.cell_sep: str = spec.get("cell_separator", ",")
        self.empty: str = spec.get("empty", "x")
        pieces = game.spec.data.get("pieces", {})
        letters = {k: str(pieces[k].get("letter", k[0].upper())) for k in game.kind_names}
        #: the owners' digits, then only the top piece's letter (``written: top``, the
        #: default once `pieces` gives letters); else every piece's digit and letter (``every``)
        self.only_top = "pieces" in spec and spec.get("written", "top") == "top"
        if "pieces" in spec:
            letters.update({k: str(v) for k, v in spec["pieces"].items()})
        self.letters = [letters[k] for k in game.kind_names]
        self.by_letter = {v: i for i, v in enumerate(self.letters)}
        self.plain = self.by_letter.get("", -1)
        where = ("notation", "position", "pieces") if "pieces" in spec else ("pieces",)
        for letter in set(self.letters):  # a letter names one kind (one neutral and one not at most)
            kinds = [k for k, x in zip(game.kind_names, self.letters) if x == letter]
            if len([k for k in kinds if game.neutral[game.kind_index[k]]]) > 1 or \
                    len([k for k in kinds if not game.neutral[game.kind_index[k]]]) > 1:
                raise game.spec.error(where, f"the position text writes {' and '.join(kinds)} alike "
                                      f"({letter!r}): give each its own letter")
        if self.only_top and game.stacking and self.plain < 0:
            raise game.spec.error(("notation", "position", "written"), "`written: top` gives only the top "
                                  "piece's letter, so the pieces under it must be of a kind written with no "
                                  "letter ('' in pieces); use `written: every` here")
        #: the players' numbers
        self.players = players = self.t.player_numbers
        # the generic trailer also writes the counts that are part of the position
        default = "{to_move} {move_number}"
        if game.hash_reserves:
            default += "".join(f" {{reserve_{p}}}" for p in players)
        if game.hash_captures:
            default += "".join(f" {{captures_{p}}}" for p in players)
        #: the counters as the trailer names them: ``{name}``, or ``{name_1}``, ``{name_2}``, ... for
        #: one kept per player; the field name -> its slot
        self.counter_fields: dict[str, int] = {}
        for name, (slot, per_player) in game.t.counter_slots.items():
            fields = [f"{name}_{p}" for p in players] if per_player else [name]
            default += "".join(f" {{{f}}}" for f in fields)
            self.counter_fields.update({f: slot + i for i, f in enumerate(fields)})
        self.trailer: str = spec.get("trailer", default)
        known = {"to_move", "move_number", "ply"} | {f"{key}_{p}" for key in ("doubles", "points", "reserve", "captures")
                                                     for p in players} | set(self.counter_fields)
        unknown = [f for f in re.findall(r"\{(\w+)\}", self.trailer) if f not in known]
        if unknown:
            raise game.spec.error(("notation", "position", "trailer"), f"{{{unknown[0]}}} is not a field of the "
                                  f"trailer (expected one of: {', '.join('{' + f + '}' for f in sorted(known))})")
        left_out = [f for f in self.counter_fields if "{" + f + "}" not in self.trailer]
        if left_out:
            raise game.spec.error(("notation", "position", "trailer"), "the counters are part of the position: the "
                                  f"trailer must write {', '.join('{' + f + '}' for f in left_out)}")
        why = {"reserve": "reserves change in play here (stack overflow, pieces sent back)",
               "captures": "a rule reads the captured pieces"}
        for key, needed in (("reserve", game.hash_reserves), ("captures", game.hash_captures)):
            if needed and not all(f"{{{key}_{p}}}" in self.trailer for p in players):
                raise game.spec.error(("notation", "position", "trailer"), f"{why[key]}: the trailer "
                                      "must write " + ", ".join(f"{{{key}_{p}}}" for p in players))
        #: the text says how many plies were played (its trailer writes the ply or the move number)
        self.gives_ply = "{ply}" in self.trailer or "{move_number}" in self.trailer
        #: the digits of the owners: 0 (nobody) to the number of players
        self._owners = f"[0-{len(players)}]"
        self._cell = re.compile(r"^(?:{O}{L}?)+$".replace("{L}", self._letters_re()).replace("{O}", self._owners)) \
            if not self.only_top else re.compile(r"^(" + self._owners + "+)(" + self._letters_re() + r")?([1-6][1-6])?$")

    def _letters_re(self) -> str:
        written = [re.escape(x) for x in sorted(self.by_letter, key=len, reverse=True) if x]
        return "(?:" + "|".join(written) + ")" if written else "(?!)"

    # -- writing --------------------------------------------------------------------------------
    def cell(self, stack: list[int], orient: int = 0) -> str:
        owner = self.t.code_owner
        faces = f"{orient >> 3}{orient & 7}" if self.t.oriented[self.t.code_kind[stack[-1]]] else ""
        if self.only_top:
            return "".join(str(owner[pc]) for pc in stack) + self.letters[self.t.code_kind[stack[-1]]] + faces
        return "".join(f"{owner[pc]}{self.letters[self.t.code_kind[pc]]}" for pc in stack) + faces

    def _rows(self) -> list[list[int]]:
        rows: list[list[int]] = self.t.topology.rows()
        return rows[::-1] if self.top_down else rows

    def format(self, st: "Position") -> str:
        rows = []
        for squares in self._rows():
            cells, run = [], 0
            for sq in squares:
                s = st.stacks[sq]
                if not s:
                    run += 1
                    continue
                if run:
                    cells.append(self.empty if run == 1 else f"{self.empty}{run}")
                    run = 0
                cells.append(self.cell(s, st.orient[sq]))
            if run:
                cells.append(self.empty if run == 1 else f"{self.empty}{run}")
            rows.append(self.cell_sep.join(cells))
        board = self.row_sep.join(rows)
        fields: dict[str, int] = {f: st.counters[slot] for f, slot in self.counter_fields.items()}
        for p in self.players:
            fields.update({f"doubles_{p}": st.tally[p], f"points_{p}": st.score[p],
                           f"reserve_{p}": sum(st.reserves[p]), f"captures_{p}": st.captures[p]})
        return board + " " + self.trailer.format(to_move=st.to_move, move_number=st.ply // len(self.players) + 1,
                                                 ply=st.ply, **fields)

    # -- reading --------------------------------------------------------------------------------
    def parse(self, text: str) -> "Position":
        g = self.game
        topo = g.topology
        fail: Callable[[str], InvalidPositionError] = \
            lambda why: InvalidPositionError(f"{self.name} {text!r}: {why}")  # noqa: E731
        parts = text.split()
        names = re.findall(r"\{(\w+)\}", self.trailer)
        # counters at the end (doubles, points) may be left out: they are then 0
        needed = len(names)
        while needed and names[needed - 1].startswith(("doubles_", "points_")):
            needed -= 1
        if not 1 + needed <= len(parts) <= 1 + len(names):
            raise fail(f"expected the board and {len(names)} more field(s): {self.trailer}")
        if not all(_FIELD.fullmatch(v) for v in parts[1:]):
            raise fail("the fields after the board are whole numbers of at most 10 digits")
        values = {n: int(v) for n, v in zip(names, parts[1:])}
        to_move = values.get("to_move", 1)
        n = len(self.players)
        if to_move not in self.players:
            raise fail(f"the player to move must be {_players_text(n)}, not {to_move}")
        if "move_number" in values:
            if values["move_number"] < 1:
                raise fail("the move number starts at 1")
            starter = g.phases[0].first or 1  # move numbers count from the first player's move
            ply = (values["move_number"] - 1) * n + (to_move - starter) % n
        else:
            ply = values.get("ply", 0)
        if ply < 0:
            raise fail("the ply cannot be negative")
        rows = parts[0].split(self.row_sep)
        layout = self._rows()
        if len(rows) != len(layout):
            raise fail(f"{len(rows)} rows for a board of {len(layout)}")
        stacks: list[list[int]] = [[] for _ in range(topo.size)]
        orient = [0] * topo.size
        for i, row in enumerate(rows):
            squares = layout[i]
            f = 0
            for cell in row.split(self.cell_sep):
                if cell.startswith(self.empty) and (cell == self.empty or cell[len(self.empty):].isdigit()):
                    digits = cell[len(self.empty):]
                    if not digits.isascii() or len(digits) > 3:
                        raise fail(f"{cell!r}: a run of empty squares is written with at most 3 digits 0-9")
                    run = 1 if cell == self.empty else int(digits)
                    if run < 1:
                        raise fail(f"{cell!r}: a run of empty squares has at least one")
                    f += run
                    continue
                if f >= len(squares):
                    raise fail(f"row {i + 1} has more than {len(squares)} squares")
                stacks[squares[f]], orient[squares[f]] = self._parse_cell(cell, fail)
                f += 1
            if f != len(squares):
                raise fail(f"row {i + 1} ({row!r}) has {f} squares, not {len(squares)}")
        if not g.stacking and any(len(s) > 1 for s in stacks):
            raise fail("this game has at most one piece on a square")
        tallest = max((len(s) for s in stacks), default=0)
        if tallest > (g.max_stack or g.max_height):
            raise fail(f"a stack of {tallest} pieces: this game's stacks hold at most "
                       f"{g.max_stack or g.max_height}")
        st = g.state_from_board(stacks, ply, to_move, orient)

        if any(f"{key}_{p}" in values for key in ("reserve", "captures") for p in self.players):
            self._stock(st, values, fail)
        else:
            self._count(st, fail)
        problem = g.position_problem(st, self.gives_ply)
        if problem:
            raise fail(problem)
        counters = [(key, target, p) for key, target in (("doubles", st.tally), ("points", st.score))
                    for p in self.players if f"{key}_{p}" in values]
        for field, slot in self.counter_fields.items():
            if field in values:
                st.counters[slot] = values[field]
                counters.append((field, st.counters, -1))
        if counters:
            for key, target, p in counters:
                if p < 0:  # a counter of the game file, already set
                    continue
                if values[f"{key}_{p}"] < 0:
                    raise fail(f"{key} cannot be negative")
                target[p] = values[f"{key}_{p}"]
            st.hash = g.rehash(st)
            if ply > 0:
                st.result = g.read_result(st)
        return cast("Position", st)

    def _stock(self, st: "Position", values: dict[str, int], fail: Callable[[str], InvalidPositionError]) -> None:
        """Set the reserves and the captured pieces the trailer gives; no player may then have more
        pieces (on the board, in reserve, captured by the other) than the game provides."""
        g = self.game
        for p in self.players:
            if f"reserve_{p}" in values:
                if values[f"reserve_{p}"] < 0:
                    raise fail("a reserve cannot be negative")
                st.reserves[p] = [values[f"reserve_{p}"]] + [0] * (len(st.reserves[p]) - 1)
            st.captures[p] = values.get(f"captures_{p}", 0)
            if st.captures[p] < 0:
                raise fail("captured pieces cannot be negative")
        for p in self.players:
            if f"reserve_{p}" not in values and self._taken_from(st, p):
                # the reserves not written are what the board and the pieces taken leave
                left = self._taken_from(st, p)
                for r, n in enumerate(st.reserves[p]):
                    used = min(n, left)
                    st.reserves[p][r] -= used
                    left -= used
        self._count(st, fail)
        st.hash = g.rehash(st)

    def _count(self, st: "Position", fail: Callable[[str], InvalidPositionError]) -> None:
        """No player may have more pieces (on the board, in reserve, captured by the other) than the
        game provides (fewer is a study position). Where a kind has an unlimited supply, the pieces
        of the kinds in reserves are counted here and the others by the game
        (:meth:`Game.position_problem`)."""
        g = self.game
        t = self.t
        players = self.players
        for p in players:
            if min(st.reserves[p], default=0) < 0:
                raise fail(f"player {p} has more pieces on the board than the game provides")
        owner = g.code_owner
        unlimited = g.unlimited_supply
        counted = [not unlimited or t.reserve_of_kind[t.code_kind[pc]] >= 0 for pc in range(t.num_codes)]
        kept = [0, *(sum(st.reserves[p]) for p in players)]
        for s in st.stacks:
            for pc in s:
                if counted[pc]:
                    kept[owner[pc]] += 1
        provided = [0] + [sum(n for k, n in enumerate(g.start_counts[p]) if counted[t.code(k, 1)])
                          + sum(g.reserve_counts) for p in players]
        if unlimited:  # the captured pieces may be of either supply: left out
            for p in players:
                if kept[p] > provided[p]:
                    raise fail(f"player {p} has {kept[p]} pieces of the reserves' kinds on the board and in "
                               f"reserve; the game provides {provided[p]}")
            return
        if t.max_stack and t.overflow[0] == "capture":
            # the mover's own pieces cut from a stack count among his captures too (`own: capture`):
            # a player's captures may be the others' pieces or his own
            for p in players:
                if kept[p] > provided[p]:
                    raise fail(f"player {p} has {kept[p]} pieces on the board and in reserve; the game "
                               f"provides {provided[p]}")
            lost = sum(st.captures)
            if sum(kept) + lost > sum(provided):
                raise fail(f"{sum(kept)} pieces on the board and in reserve and {lost} captured; the "
                           f"game provides {sum(provided)}")
            return
        for p in players:
            have = kept[p] + self._taken_from(st, p)
            if have > provided[p]:
                raise fail(f"player {p} has {have} pieces on the board, in reserve and captured; the game "
                           f"provides {provided[p]}")

    def _taken_from(self, st: "Position", p: int) -> int:
        """How many of player ``p``'s pieces are known to be captured: the other's captures with two
        players; with more, a capture does not say whose piece it took."""
        return st.captures[3 - p] if len(self.players) == 2 else 0

    def _parse_cell(self, cell: str, fail: Callable[[str], InvalidPositionError]) -> tuple[list[int], int]:
        """The pieces of one cell, bottom first, and the top piece's orientation code."""
        g = self.game
        faces = ""
        if self.only_top:
            m = self._cell.match(cell)
            if not m:
                raise fail(f"cannot read the square {cell!r}")
            owners, letter, faces = m.group(1), m.group(2) or "", m.group(3) or ""
            if letter not in self.by_letter:
                raise fail(f"cannot read the square {cell!r}")
            if self.plain < 0 and len(owners) > 1:
                raise fail(f"cannot tell the pieces under the top in {cell!r}")
            top = self.by_letter[letter]
            kinds = [self.plain] * (len(owners) - 1) + [top]
            pieces = [self._code(kind, int(o), cell, fail) for kind, o in zip(kinds, owners)]
        else:
            body = cell
            if g.die is not None and re.search(r"\d\d$", cell):
                body, faces = cell[:-2], cell[-2:]
            if not self._cell.match(body):
                raise fail(f"cannot read the square {cell!r}")
            pieces = [self._code(self._kind(letter, int(o), cell, fail), int(o), cell, fail)
                      for o, letter in re.findall("(" + self._owners + ")(" + self._letters_re() + ")?", body)]
        oriented = g.oriented[g.t.code_kind[pieces[-1]]]
        if oriented != bool(faces):
            raise fail(f"in {cell!r}: " + ("a die needs its top and north faces, e.g. 54" if oriented
                                           else "only a die has faces"))
        orient = 0
        if faces:
            orient = int(faces[0]) * 8 + int(faces[1])
            assert g.die is not None  # faces are read only for a die
            if orient not in g.die.tipped:
                raise fail(f"in {cell!r}: no die shows {faces[0]} on top and {faces[1]} to the north")
        return pieces, orient

    def _kind(self, letter: str, owner: int, cell: str, fail: Callable[[str], InvalidPositionError]) -> int:
        """The kind a letter names; where kinds share a letter, the one neutral or not as the
        owner's digit says (``0`` is nobody's)."""
        kinds = [k for k, x in enumerate(self.letters) if x == letter]
        if len(kinds) > 1:
            kinds = [k for k in kinds if self.t.neutral[k] == (owner == 0)]
        if len(kinds) != 1:
            raise fail(f"cannot tell which piece {owner}{letter} is in {cell!r}")
        return kinds[0]

    def _code(self, kind: int, owner: int, cell: str, fail: Callable[[str], InvalidPositionError]) -> int:
        neutral = self.t.neutral[kind]
        if neutral != (owner == 0):
            which = "belongs to nobody (0)" if neutral else f"belongs to player {_players_text(len(self.players))}"
            raise fail(f"in {cell!r}: a {self.t.kind_names[kind]} {which}")
        return self.t.code(kind, 0 if neutral else owner)

    def _render_sites(self, st: "Position", cells: list[str], width: int) -> str:
        g = self.game
        mover = g.players[st.to_move - 1]
        tail = f"{mover} to move (player {st.to_move}), ply {st.ply}" if st.result is None else \
            f"game over: {st.result.token}"
        return "\n".join([*_site_rows(g.topology, cells, width), tail])

    def render(self, st: "Position") -> str:
        g = self.game
        topo = g.topology
        if getattr(topo, "paths", None) is not None:
            return render_track(g, st)
        cells = [self.cell(s, st.orient[sq]) if s else "." for sq, s in enumerate(st.stacks)]
        width = max(3, max(len(c) for c in cells) + 1)
        lines = []
        rows = topo.rows()
        if hasattr(topo, "cells_wide"):  # cells, sides and vertices: each site in its column
            return self._render_sites(st, cells, width)
        widest = max(len(r) for r in rows)
        for i in range(len(rows) - 1, -1, -1):
            indent = " " * ((widest - len(rows[i])) * width // 2)
            row = "".join(cells[sq].rjust(width) for sq in rows[i])
            lines.append(f"{topo.row_label(i):>3} {indent}{row}")
        labels = topo.column_labels()
        if labels:
            lines.append("    " + "".join(c.rjust(width) for c in labels))
        mover = g.players[st.to_move - 1]
        tail = f"{mover} to move (player {st.to_move}), ply {st.ply}"
        if st.result is not None:
            tail = f"game over: {st.result.token}"
        return "\n".join(lines) + "\n" + tail


def _site_rows(topo: Any, cells: list[str], width: int) -> list[str]:
    """The rows of a board of cells, sides and vertices, top first, each site in its column (a
    missing site blank)."""
    lines = []
    for y in range(topo.height - 1, -1, -1):
        row = "".join((cells[y * topo.width + x] if topo.exists(y * topo.width + x) else "").rjust(width)
                      for x in range(topo.width))
        lines.append(f"{topo.row_label(y):>3} {row}".rstrip())
    lines.append("    " + "".join(c.rjust(width) for c in topo.column_labels()))
    return lines


def _players_text(n: int) -> str:
    """The players' numbers in words: ``1 or 2``, ``1 to 4``."""
    return "1 or 2" if n == 2 else f"1 to {n}"


def position_format(game: "GameLike", spec: dict[str, Any] | None) -> "StackRows | GnubgId":
    """The position text a game declares, or the generic one."""
    if (spec or {}).get("format") == "gnubg":
        return GnubgId(game, spec)
    return StackRows(game, spec)


class GnubgId:
    """The gnubg position ID of race games: 14 base64 characters for an 80-bit key.

    For each player - first the player not on roll, then the player on roll - his points 1..24
    counted along his own path from its end (his 1-point is his last point) and then his bar: each
    point's checkers as that many 1 bits and a 0 bit. The bits fill ten bytes from the lowest bit
    up. Parsing puts the player on roll to move as player 1 unless told otherwise.
    """

    _ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    def __init__(self, game: "GameLike", spec: dict[str, Any] | None) -> None:
        self.game = game
        self.t: Tables = game.t
        self.name = (spec or {}).get("name", "gnubg position ID")
        # a track is there: the compile stage refuses this format for a game without one
        self.track = cast("Track", next(p for p in game.blocks if p.name == "track"))

    def problem(self) -> tuple[tuple[str, ...], str] | None:
        """Where and why this game's positions do not fit the 80-bit key, or None."""
        if self.track.N != 24:
            return ("board", "points"), f"a gnubg position ID describes 24 points, not {self.track.N}"
        if self.t.num_players != 2:
            return ("players",), "a gnubg position ID describes two players' checkers"
        most = max(sum(self.t.start_counts[p]) for p in (1, 2))
        if most > 15:
            return ("setup",), f"the gnubg position ID (notation.position) holds at most 15 checkers a player, not {most}"
        if self.track.pin:
            return ("notation", "position"), ("a gnubg position ID gives each point one player's checkers, so it "
                                              "cannot show a pinned checker (hit: mode: pin): use stack-rows")
        return None

    def _board(self, st: "Position", p: int) -> list[int]:
        """Player p's 25 counts: own points 1..24 (1 = last point of his path), then the bar."""
        me, _ = self.track.counts(st, p)
        n = self.track.N
        return [me[n + 1 - k] for k in range(1, n + 1)] + [me[0]]

    def format(self, st: "Position") -> str:
        p = st.to_move
        bits: list[int] = []
        for who in (3 - p, p):
            for count in self._board(st, who):
                bits += [1] * count + [0]
        bits += [0] * (80 - len(bits))
        data = bytes(sum(bits[i * 8 + j] << j for j in range(8)) for i in range(10))
        number = int.from_bytes(data + b"\0\0", "big")  # 96 bits = 16 base64 digits, the last 2 padding
        chars = [self._ALPHABET[(number >> (6 * (15 - i))) & 63] for i in range(16)]
        return "".join(chars[:14])

    def format_as(self, st: "Position", like: str) -> str:
        """The position in the format of the text ``like`` (an XGID or a gnubg ID)."""
        return xgid_format(self.track, st) if like.strip().upper().startswith("XGID=") else self.format(st)

    def parse(self, text: str, to_move: int = 1) -> "Position":
        fail: Callable[[str], InvalidPositionError] = \
            lambda why: InvalidPositionError(f"{self.name} {text!r}: {why}")  # noqa: E731
        t = text.strip()
        if t.upper().startswith("XGID="):
            return xgid_parse(self.game, self.track, t)
        if len(t) != 14 or any(c not in self._ALPHABET for c in t):
            raise fail("a position ID has 14 characters of A-Z, a-z, 0-9, + and /")
        number = 0
        for c in t + "AA":
            number = number * 64 + self._ALPHABET.index(c)
        data = number.to_bytes(12, "big")[:10]
        bits = [(data[i // 8] >> (i % 8)) & 1 for i in range(80)]
        boards: list[list[int]] = []
        i = 0
        for _ in (0, 1):
            board = []
            for _ in range(25):
                n = 0
                while i < 80 and bits[i]:
                    n += 1
                    i += 1
                if i >= 80:
                    raise fail("the key ends inside a point")
                i += 1
                board.append(n)
            boards.append(board)
        g = self.game
        track = self.track
        total = sum(1 for s in g.initial().stacks for _ in s) // 2
        stacks: list[list[int]] = [[] for _ in range(g.topology.size)]
        for who, board in ((3 - to_move, boards[0]), (to_move, boards[1])):
            if sum(board) > total:
                raise fail(f"a player has more than {total} checkers")
            code = track.code[who]
            for k in range(1, track.N + 1):
                sq = track.paths[who][track.N - k]
                if board[k - 1]:
                    if stacks[sq]:
                        raise fail(f"both players have checkers on point {g.topology.name(sq)}")
                    stacks[sq] = [code] * board[k - 1]
            stacks[track.bar[who]] = [code] * board[24]
            stacks[track.off[who]] = [code] * (total - sum(board))
        return cast("Position", g.state_from_board(stacks, 1, to_move))

    def render(self, st: "Position") -> str:
        return render_track(self.game, st)


def _track_picture(game: "GameLike", st: "Position") -> list[str]:
    """The points drawn as a board: the first half along the top, left to right, the second half
    along the bottom, right to left, a bar between the quarters; each checker as its owner's
    letter from the edge inwards (five at most, then the count)."""
    topo = cast("TrackTopology", game.topology)
    n = topo.points
    half = (n + 1) // 2
    quarter = half // 2 if half >= 4 else 0
    first = [p[:1].upper() for p in game.players]
    letters = first if first[0] != first[1] else ["1", "2"]
    owner = game.code_owner

    def row(squares: list[int], depth: int) -> str:
        cells = []
        for j, sq in enumerate(squares):
            if quarter and j == quarter:
                cells.append(" |")
            stack = st.stacks[sq]
            if depth == 4 and len(stack) > 5:
                cell = str(len(stack) - 4)
            elif depth < len(stack):
                cell = letters[owner[stack[depth]] - 1] if owner[stack[depth]] else "N"
            else:
                cell = "."
            cells.append(cell.rjust(4))
        return "".join(cells)

    reader = game.on_roll(st) or 1  # points as the player on roll's moves name them

    def names(squares: list[int]) -> str:
        cells = []
        for j, sq in enumerate(squares):
            if quarter and j == quarter:
                cells.append(" |")
            cells.append(game.square_label(reader, sq)[:4].rjust(4))
        return "".join(cells)

    top = list(range(half))
    bottom = [n - 1 - j for j in range(n - half)]
    lines = [names(top)] + [row(top, d) for d in range(5)]
    middle = f"{letters[0]} = {game.players[0]}, {letters[1]} = {game.players[1]}"
    if game.cube is not None:
        where = "centred" if st.cube_owner == 0 else f"{letters[st.cube_owner - 1]}'s"
        middle += f"; cube {st.cube_value} ({where})"
    if st.dice:
        middle += f"; dice {'-'.join(str(d) for d in st.dice if d)}"
    lines += ["  " + middle] + [row(bottom, d) for d in range(4, -1, -1)] + [names(bottom)]
    return lines


def render_track(game: "GameLike", st: "Position") -> str:
    """A race position for a terminal: the board drawn (see ``_track_picture``, its points
    numbered as the moves of the player on roll name them); then per player, his checkers on each
    point (in his own numbers, as his moves name them, in his direction of travel) and in each
    place, his pip count, and his points where the game has ``scoring``; then who is on roll with
    which dice, or that the roll decides who starts."""
    topo = cast("TrackTopology", game.topology)
    code_owner = game.code_owner
    lines = _track_picture(game, st)
    counts = game.counts(st)
    for who in (2, 1):
        on_points = []
        for sq in topo.paths[who]:
            mine = sum(1 for pc in st.stacks[sq] if code_owner[pc] == who)
            if mine:  # a pinned checker is counted for its owner, marked with a `p`
                pinned = st.stacks[sq] and code_owner[st.stacks[sq][-1]] != who
                on_points.append(f"{game.square_label(who, sq)}:{mine}{'p' if pinned else ''}")
        places = [f"{name}:{len(st.stacks[sqs[who]])}" for name, sqs in topo.places.items()]
        extra = f"  pips {counts['pips'][who - 1]}" if "pips" in counts else ""
        extra += f"  points:{st.score[who]}" if game.score_target is not None else ""
        lines.append(f"{game.players[who - 1]:>6}: {' '.join(on_points) or '-'}  {' '.join(places)}{extra}")
    dice = f", dice {st.dice[0]}-{st.dice[1]}" if st.dice else ""
    roller = game.on_roll(st)
    tail = f"{game.players[st.to_move - 1]} on roll{dice}" if roller is not None else \
        "the dice decide who starts"
    if st.result is not None:
        tail = f"game over: {st.result.token}"
    return "\n".join(lines) + "\n" + tail


def xgid_format(track: "Track", st: "Position") -> str:
    """The XGID of a race position: 26 characters (the second player's bar, points 1..24 from the
    first player's side, the first player's bar; ``A``..``O`` his checkers, ``a``..``o`` the other's,
    ``-`` none), then cube exponent, cube owner, turn, dice, scores, Crawford, match length, max cube.

    The dice field is ``00`` before the roll and ``D`` while a double waits for its answer (the
    turn then names the doubler), as XG writes them. Two states XG never shows get a field of their
    own, so that the text reads back as it was: ``--`` after the cube decision (no double, or the
    double taken) with the dice still to roll, and ``P`` once a double was passed (dropped)."""
    n = track.N
    chars = ["-"] * (n + 2)
    for p, letters in ((1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), (2, "abcdefghijklmnopqrstuvwxyz")):
        me, _ = track.counts(st, p)
        for k in range(1, n + 1):
            if me[k]:
                point = n + 1 - k if p == 1 else k  # index along the first player's numbering
                chars[point] = letters[me[k] - 1]
        if me[0]:
            chars[n + 1 if p == 1 else 0] = letters[me[0] - 1]
    cube = st.cube_value.bit_length() - 1
    owner = {0: 0, 1: 1, 2: -1}[st.cube_owner]
    on_turn = st.to_move
    if st.dice:
        dice = f"{st.dice[0]}{st.dice[1]}"
    elif st.cube_step == 1:  # doubled: the doubler's turn, his opponent answers
        dice, on_turn = ("P" if st.result is not None else "D"), 3 - st.to_move
    elif st.cube_step == 2:
        dice = "--"
    else:
        dice = "00"
    cube_game = st.game.cube
    most = (cube_game.max.bit_length() - 1) if cube_game is not None else 10
    return f"XGID={''.join(chars)}:{cube}:{owner}:{1 if on_turn == 1 else -1}:{dice}:0:0:0:0:{most}"


_XGID_FIELD = re.compile(r"^-?[0-9]{1,3}$")


def xgid_parse(game: "GameLike", track: "Track", text: str) -> "Position":
    """A state from an XGID (the board, the player on turn, the dice and the cube; see
    :func:`xgid_format` for the dice field's values)."""
    fail: Callable[[str], InvalidPositionError] = \
        lambda why: InvalidPositionError(f"XGID {text[:80]!r}: {why}")  # noqa: E731
    body = text.strip()
    body = body[5:] if body[:5] in ("XGID=", "xgid=") else body
    fields = body.split(":")
    n = track.N
    if not 5 <= len(fields) <= 10 or len(fields[0]) != n + 2:
        raise fail(f"expected {n + 2} board characters and then 4 to 9 fields, separated by ':'")
    if not all(_XGID_FIELD.match(f) for i, f in enumerate(fields[1:], 1) if i != 4):
        raise fail("the fields besides the dice are whole numbers")
    stacks: list[list[int]] = [[] for _ in range(game.topology.size)]
    counts = {1: 0, 2: 0}
    for i, ch in enumerate(fields[0]):
        if ch == "-":
            continue
        if not ("A" <= ch <= "O" or "a" <= ch <= "o"):
            raise fail(f"cannot read {ch!r}: a point holds A to O (player 1) or a to o (player 2) checkers")
        p = 1 if ch.isupper() else 2
        k = ord(ch.lower()) - ord("a") + 1
        counts[p] += k
        if i in (0, n + 1):
            if (i == n + 1) != (p == 1):
                raise fail("a bar holds the other player's checkers")
            stacks[track.bar[p]] = [track.code[p]] * k
            continue
        own = n + 1 - i if p == 1 else i
        sq = track.paths[p][own - 1]
        if stacks[sq]:
            raise fail(f"both players on point {i}")
        stacks[sq] = [track.code[p]] * k
    total = sum(game.start_counts[1])
    for p in (1, 2):
        if counts[p] > total:
            raise fail(f"player {p} has more than {total} checkers")
        stacks[track.off[p]] = [track.code[p]] * (total - counts[p])
    cube, owner, turn, dice = int(fields[1]), int(fields[2]), int(fields[3]), fields[4]
    if owner not in (-1, 0, 1) or turn not in (-1, 1):
        raise fail("the cube's owner is 1, -1 or 0 (centred), and the turn 1 or -1")
    cube_game = game.cube
    most = cube_game.max.bit_length() - 1 if cube_game is not None else 0
    if not 0 <= cube <= most:
        raise fail(f"the cube's exponent is 0 to {most} in this game" if most else "this game has no cube")
    if (owner or dice in ("D", "P", "--")) and cube_game is None:
        raise fail("this game has no cube")
    on_turn = 1 if turn == 1 else 2
    if dice in ("D", "P"):
        if cube >= most or owner not in (0, turn):
            raise fail("the player on turn cannot have doubled: the cube is his opponent's or at its highest")
        to_move = 3 - on_turn  # the one who answers
    else:
        to_move = on_turn
    rolled = None
    if len(dice) == 2 and dice.isascii() and dice.isdigit():
        a, b = int(dice[0]), int(dice[1])
        if a or b:
            if not (1 <= a <= game.faces and 1 <= b <= game.faces):
                raise fail(f"each die shows 1 to {game.faces}, or 00 before the roll")
            rolled = (max(a, b), min(a, b))
    elif dice not in ("D", "P", "--"):
        raise fail("the dice are two digits (00 before the roll), D (doubled), P (passed) or -- (decided)")
    st = game.state_from_board(stacks, 1, to_move)
    if cube_game is not None:
        st.cube_value, st.cube_owner = 1 << cube, {0: 0, 1: 1, -1: 2}[owner]
        st.cube_step = 1 if dice in ("D", "P") else 2 if dice == "--" else 0
    st.dice = rolled
    st.hash = game.rehash(st)
    if dice == "P":
        st.result = game.cube.drop_outcome(on_turn, st.cube_value)
    elif st.result is not None:
        st.result = game.evaluate_end(st)  # the value of a finished game counts the cube
    return cast("Position", st)
