"""The gallery's games next to OpenSpiel's: the stored counts and positions, OpenSpiel's action
strings written as our moves, and a board drawn as OpenSpiel prints it.

The data in ``tests/data/openspiel/`` was made with pyspiel (see its README). This module reads it,
turns a line of OpenSpiel actions into our turns (:func:`turns_of`, :func:`our_text`) and plays
them, each on exactly one of our legal moves (:func:`play_exact`), and draws our board in
OpenSpiel's characters (:func:`picture`) to compare with ``str(state)`` (:func:`openspiel_picture`).

How OpenSpiel names what we name (found by playing both engines side by side, board against board):

* **othello**: a cell keeps its name (OpenSpiel prints row 1 at the top, we draw rank 1 at the
  bottom, so the two pictures are mirror images); ``d3`` is our ``d3`` (a placement is written by
  its square alone), ``pass`` our ``pass``.
* **go**: OpenSpiel's ids and names count rank 1 at the bottom as we do, but its columns skip the
  letter ``i`` (GTP): ``B j1`` on 9x9 is our ``i1`` (the square alone); ``B PASS`` is ``pass``.
* **pentago**: a cell keeps its name (mirror pictures, as in Othello); the rotation letter
  ``s``..``z`` is ``2 * quadrant + sense`` with quadrants 0-3 = a1-c3, d1-f3, d4-f6, a4-c6 (our
  regions 3, 4, 2, 1) and sense 0 counter-clockwise as OpenSpiel draws it, which is clockwise (+)
  on our board: ``a1s`` is ``a1/3+``, ``a1t`` is ``a1/3-``.
* **amazons**: ``(r, c)`` is 1-based with row 1 at the top: file ``c``, rank ``size + 1 - r``.
  The three actions From, To, Shoot of one player are one turn ``from-to/arrow``.
* **checkers**: a cell keeps its name (rank 8 at the top in both pictures); ``a3b4`` is a step
  ``a3-b4``, ``a3c5`` a jump; consecutive jumps of one piece (each starting where the last one
  landed) are one chain ``a3xc5xe7``.
* **y**: a point keeps its name (the point's place in its row as a letter, then the row; OpenSpiel
  prints row 1, the long side, at the top, and so do we); OpenSpiel draws player 1's stones ``O``,
  player 2's ``@``, and brackets the last one.
* **hex**: a cell keeps its name (the column's letter, then the row); OpenSpiel prints row 1 at the
  top, we draw rank 1 at the bottom (mirror pictures); black ``x``, white ``o``.
* **havannah**: a point keeps its name (the letter of its slanted line, then the row, as our
  ``names: file_letters`` writes it); OpenSpiel prints row 1 at the top, with letters after the
  rows, and draws the stones as Y's.
* **chinese_checkers** (two, three, four and six players): OpenSpiel's cell number is our point's
  index (our ranks run from the first player's point of the star, as OpenSpiel's rows do from the
  top); a step ``6->14`` is ``d1-e5``, hops ``3=>14`` one after another by one piece (ended by
  ``Pass`` or by none left) are one chain ``c1xe5x...``, and a ``Pass`` alone is ``pass``.
  OpenSpiel draws player N's pieces ``N``.
* **lines_of_action**: a cell keeps its name (rank 8 at the top in both pictures), and an action's
  string is our move's text: ``b1-h1``, a capture ``c1xa3``.
* **xiangqi**: ``(r, c)`` counts rows from OpenSpiel's top (Black's back rank) and columns from 0:
  file ``c + 1``, rank ``10 - r``; ``C(7,1)-(0,1)`` is ``b3-b10`` (the piece's letter is checked
  against the board by :func:`play_exact`'s text lookup alone: our text names the squares). The
  pictures agree (Black, lower case, at the top; our letters are OpenSpiel's).
* **breakthrough**: an action's string is our move's text: a step ``a7a6``, a capture ``b4a3*``
  (OpenSpiel's first player is Black, at the top and moving down: our player 1). The pictures
  agree (rank 8 at the top in both; black ``b``, white ``w``).
* **connect_four**: ``x3`` drops player 0's disc (``o3`` player 1's) into the column counted from
  0, the fourth, ``d``; our placement is written by the cell it lands on, the lowest empty cell of
  that file on our board, so the conversion reads the state (``d1`` on an empty board, ``d2`` on
  one disc). The letter must be the player to move's. The pictures agree (the top row first).
* **tic_tac_toe**: ``x(r,c)`` counts the row from OpenSpiel's top and the column from 0: file
  ``c + 1``, rank ``3 - r``, so ``x(0,0)`` is ``a3`` and the pictures agree; the letter, where a
  state is given, must be the player to move's (``x`` player 0, ours 1).
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass, field
from typing import Any, Iterator, cast

import spielwerk

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "openspiel")


@dataclass(frozen=True)
class Variant:
    """One of OpenSpiel's games with its parameters, and our game with the options that match."""

    name: str  #: a short name for test ids: ``go-7``
    game: str  #: our bundled game
    openspiel: str  #: OpenSpiel's game string
    prefix: str = ""  #: the variant's prefix of a position id in the data (``board_size=7/``)
    options: dict[str, Any] = field(default_factory=dict)
    #: the perft kind of the data that counts our turns (``turns`` where OpenSpiel splits a turn)
    kind: str = "actions"

    @property
    def size(self) -> int:
        return int(self.options.get("size", 8 if self.game != "pentago" else 6))

    def load(self) -> Any:
        return spielwerk.load(self.game, **self.options)


VARIANTS = {v.name: v for v in [
    Variant("othello", "othello", "othello"),
    Variant("go-5", "go", "go(board_size=5)", "board_size=5/", {"size": 5}),
    Variant("go-7", "go", "go(board_size=7)", "board_size=7/", {"size": 7}),
    Variant("go-9", "go", "go(board_size=9)", "board_size=9/", {"size": 9}),
    Variant("amazons-6", "amazons", "amazons(board_size=6)", "board_size=6/", {"size": 6}, "turns"),
    Variant("amazons-8", "amazons", "amazons(board_size=8)", "board_size=8/", {"size": 8}, "turns"),
    Variant("amazons-10", "amazons", "amazons", "default/", {"size": 10}, "turns"),
    Variant("pentago", "pentago", "pentago"),
    Variant("checkers", "checkers", "checkers", kind="turns"),
    Variant("lines-of-action", "lines-of-action", "lines_of_action"),
    Variant("hex-11", "hex", "hex", "default/", {"size": 11}),
    Variant("hex-3", "hex", "hex(board_size=3)", "board_size=3/", {"size": 3}),
    Variant("havannah-8", "havannah", "havannah", "default/"),
    Variant("havannah-3", "havannah-small", "havannah(board_size=3)", "board_size=3/"),
    Variant("chinese-checkers", "chinese-checkers", "chinese_checkers", "players=2/", kind="turns"),
    Variant("chinese-checkers-3", "chinese-checkers", "chinese_checkers(players=3)", "players=3/", {"players": 3},
            "turns"),
    Variant("chinese-checkers-4", "chinese-checkers", "chinese_checkers(players=4)", "players=4/", {"players": 4},
            "turns"),
    Variant("chinese-checkers-6", "chinese-checkers", "chinese_checkers(players=6)", "players=6/", {"players": 6},
            "turns"),
    Variant("y-19", "y", "y", "default/"),
    Variant("y-4", "y-small", "y(board_size=4)", "board_size=4/"),
    Variant("xiangqi", "xiangqi", "xiangqi"),
    Variant("breakthrough", "breakthrough", "breakthrough"),
    Variant("connect-four", "connect-four", "connect_four"),
    Variant("tic-tac-toe", "tic-tac-toe", "tic_tac_toe"),
]}


# -- the stored data -----------------------------------------------------------------------------------
def perft_and_lines(game: str) -> tuple[dict[str, dict[int, int]], dict[str, list[str]]]:
    """A game's stored ``actions`` perft counts (position id -> depth -> count) and the lines of
    action strings to its middle positions (position id -> strings), as a test of its own reads
    them (``quoridor``, ``twixt``)."""
    perft: dict[str, dict[int, int]] = {}
    for row in _rows(os.path.join(DATA, f"{game}.perft.tsv")):
        if row[0] == "actions":
            perft.setdefault(row[1], {})[int(row[2])] = int(row[3])
    lines = {row[0]: row[3].split() for row in _rows(os.path.join(DATA, f"{game}.positions.tsv"))
             if row[0] != "position_id"}
    return perft, lines



def _rows(path: str) -> Iterator[list[str]]:
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            yield line.rstrip("\n").split("\t")


def perft_counts(variant: Variant) -> dict[str, dict[int, int]]:
    """Position (``start``, ``t6``, ...) -> depth -> count, of the variant's perft kind."""
    out: dict[str, dict[int, int]] = {}
    for kind, position, depth, count in _rows(os.path.join(DATA, f"{variant.game}.perft.tsv")):
        if kind == variant.kind and position.startswith(variant.prefix):
            out.setdefault(position[len(variant.prefix):], {})[int(depth)] = int(count)
    return out


@dataclass(frozen=True)
class Line:
    """A middle position: OpenSpiel's actions from the start, by id and by string."""

    position: str
    seed: int
    ids: tuple[int, ...]
    strings: tuple[str, ...]


def lines(variant: Variant) -> dict[str, Line]:
    """The variant's middle positions by id (``t6``, ...)."""
    out = {}
    for position, seed, ids, strings in _rows(os.path.join(DATA, f"{variant.game}.positions.tsv")):
        if position == "position_id" or not position.startswith(variant.prefix):
            continue
        sep = " | " if " | " in strings else " "
        key = position[len(variant.prefix):]
        out[key] = Line(key, int(seed), tuple(map(int, ids.split())), tuple(strings.split(sep)))
    return out


def boards(variant: Variant) -> dict[str, tuple[str, ...]]:
    """Position id -> OpenSpiel's board there, rows as ``str(state)`` prints them (top first)."""
    out = {}
    for position, rows in _rows(os.path.join(DATA, f"{variant.game}.boards.tsv")):
        if position.startswith(variant.prefix):
            out[position[len(variant.prefix):]] = tuple(rows.split("/"))
    return out


# -- OpenSpiel's strings as our moves ------------------------------------------------------------------
_GO_COLUMNS = "abcdefghjklmnopqrst"  # GTP: no i
_AMAZONS = re.compile(r"^([XO]) (From|To|Shoot:) \((\d+), (\d+)\)$")
_CHECKERS = re.compile(r"^([a-h])([1-8])([a-h])([1-8])$")
_XIANGQI = re.compile(r"^[GAEHRCSgaehrcs]\(([0-9]),([0-8])\)-\(([0-9]),([0-8])\)$")
_CONNECT_FOUR = re.compile(r"^([xo])([0-6])$")
_TIC_TAC_TOE = re.compile(r"^([xo])\(([0-2]),([0-2])\)$")
#: Pentago's rotation letter -> our region and sense
_PENTAGO = {letter: f"{(3, 4, 2, 1)[r // 2]}{'+-'[r % 2]}" for r, letter in enumerate("stuvwxyz")}


class ConversionError(AssertionError):
    """An OpenSpiel string with no exact counterpart among our moves."""


def _checkers_step(text: str) -> tuple[str, str, int]:
    m = _CHECKERS.match(text)
    if m is None:
        raise ConversionError(f"{text!r} is not a checkers action")
    df, dr = ord(m[3]) - ord(m[1]), int(m[4]) - int(m[2])
    if abs(df) != abs(dr) or abs(df) not in (1, 2):
        raise ConversionError(f"{text!r} is neither a diagonal step nor a jump")
    return m[1] + m[2], m[3] + m[4], abs(df)


def turns_of(variant: Variant, strings: tuple[str, ...] | list[str]) -> list[list[str]]:
    """OpenSpiel's action strings of a game grouped into turns: amazons' From, To and Shoot of one
    player; a checkers jump with the jumps after it that start where it landed (a piece that just
    moved belongs to the mover, so the opponent's next action never starts there); one action
    otherwise."""
    out: list[list[str]] = []
    if variant.game == "amazons":
        for i in range(0, len(strings), 3):
            turn = list(strings[i:i + 3])
            parts = [_AMAZONS.match(s) for s in turn]
            if len(turn) != 3 or any(p is None for p in parts) \
                    or [p[2] for p in parts if p] != ["From", "To", "Shoot:"] \
                    or len({p[1] for p in parts if p}) != 1:
                raise ConversionError(f"not one amazons turn (From, To, Shoot of one player): {turn}")
            out.append(turn)
    elif variant.game == "checkers":
        last_to, jumped = None, False
        for s in strings:
            start, end, length = _checkers_step(s)
            if out and jumped and length == 2 and start == last_to:
                out[-1].append(s)
            else:
                out.append([s])
            last_to, jumped = end, length == 2
    elif variant.game == "chinese-checkers":
        hopping = ""  # the cell the last hop of the turn so far landed on
        for s in strings:
            m = re.fullmatch(r"(\d+)=>(\d+)", s)
            if m and hopping == m[1]:
                out[-1].append(s)
            elif s == "Pass" and hopping:
                out[-1].append(s)  # the end of a chain of hops
                m = None
            else:
                out.append([s])
            hopping = m[2] if m else ""
    else:
        out = [[s] for s in strings]
    return out


@functools.lru_cache(maxsize=None)
def _point_names(game: str) -> list[str]:
    """Our game's square names by index."""
    return list(spielwerk.load(game).topology.names)


def _mark_of(state: Any, letter: str, text: str) -> None:
    """Fail unless ``letter`` (OpenSpiel's ``x`` for player 0, ``o`` for player 1) names the player
    to move in our ``state``."""
    if state.current_player() != "xo".index(letter) + 1:
        raise ConversionError(f"{text!r} is not player {state.current_player()}'s move at ply {state.ply}")


def our_text(variant: Variant, turn: list[str], state: Any = None) -> str:
    """Our move text for one turn of OpenSpiel's action strings (see the module docstring), in our
    ``state`` before it where the text depends on the board (Connect Four's column)."""
    game = variant.game
    if game == "othello":
        (s,) = turn
        if s == "pass":
            return "pass"
        if not re.fullmatch(r"[a-h][1-8]", s):
            raise ConversionError(f"{s!r} is not an Othello action")
        return s
    if game == "go":
        (s,) = turn
        m = re.fullmatch(r"[BW] (PASS|([a-t])(\d+))", s)
        if m is None or (m[2] and not 0 <= _GO_COLUMNS.find(m[2]) < variant.size):
            raise ConversionError(f"{s!r} is not a Go action on {variant.size}x{variant.size}")
        if m[1] == "PASS":
            return "pass"
        return chr(ord("a") + _GO_COLUMNS.index(m[2])) + m[3]
    if game == "pentago":
        (s,) = turn
        m = re.fullmatch(r"([a-f][1-6])([s-z])", s)
        if m is None:
            raise ConversionError(f"{s!r} is not a Pentago action")
        return f"{m[1]}/{_PENTAGO[m[2]]}"
    if game == "amazons":
        (a, b, c) = (_AMAZONS.match(s) for s in turn)
        n = variant.size

        def square(m: Any) -> str:
            row, col = int(m[3]), int(m[4])
            if not (1 <= row <= n and 1 <= col <= n):
                raise ConversionError(f"{m[0]!r} is off the {n}x{n} board")
            return chr(ord("a") + col - 1) + str(n + 1 - row)
        return f"{square(a)}-{square(b)}/{square(c)}"
    if game == "checkers":
        steps = [_checkers_step(s) for s in turn]
        if len(steps) == 1 and steps[0][2] == 1:
            return f"{steps[0][0]}-{steps[0][1]}"
        if any(length != 2 for _, _, length in steps):
            raise ConversionError(f"a step inside a chain of jumps: {turn}")
        return steps[0][0] + "".join("x" + end for _, end, _ in steps)
    if game in ("y", "y-small", "hex", "havannah", "havannah-small"):
        (s,) = turn
        if not re.fullmatch(r"[a-s]\d{1,2}", s):
            raise ConversionError(f"{s!r} is not a {game} action")
        return s
    if game == "chinese-checkers":
        names = _point_names(game)
        if turn == ["Pass"]:
            return "pass"
        hops = [re.fullmatch(r"(\d+)(->|=>)(\d+)", s) for s in turn if s != "Pass"]
        if any(m is None or not int(m[1]) < len(names) > int(m[3]) for m in hops):
            raise ConversionError(f"not a Chinese checkers turn: {turn}")
        if len(hops) == 1 and hops[0] is not None and hops[0][2] == "->":
            return f"{names[int(hops[0][1])]}-{names[int(hops[0][3])]}"
        return "x".join([names[int(cast(Any, hops[0])[1])]] + [names[int(cast(Any, m)[3])] for m in hops])
    if game == "lines-of-action":
        (s,) = turn
        if not re.fullmatch(r"[a-h][1-8][-x][a-h][1-8]", s):
            raise ConversionError(f"{s!r} is not a Lines of Action action")
        return s
    if game == "xiangqi":
        (s,) = turn
        m = _XIANGQI.match(s)
        if m is None:
            raise ConversionError(f"{s!r} is not a Xiangqi action")
        r1, c1, r2, c2 = map(int, m.groups())
        return f"{chr(ord('a') + c1)}{10 - r1}-{chr(ord('a') + c2)}{10 - r2}"
    if game == "breakthrough":
        (s,) = turn
        if not re.fullmatch(r"[a-h][1-8][a-h][1-8]\*?", s):
            raise ConversionError(f"{s!r} is not a Breakthrough action")
        return s
    if game == "connect-four":
        (s,) = turn
        m = _CONNECT_FOUR.match(s)
        if m is None:
            raise ConversionError(f"{s!r} is not a Connect Four action")
        if state is None:
            raise ConversionError(f"{s!r} names a column: the cell it fills needs the board")
        _mark_of(state, m[1], s)
        width, height = state.game.topology.width, state.game.topology.height
        column = int(m[2])
        filled = sum(1 for rank in range(height) if state.stacks[rank * width + column])
        if filled == height:
            raise ConversionError(f"{s!r} drops into a full column at ply {state.ply}")
        return f"{chr(ord('a') + column)}{filled + 1}"
    if game == "tic-tac-toe":
        (s,) = turn
        m = _TIC_TAC_TOE.match(s)
        if m is None:
            raise ConversionError(f"{s!r} is not a tic-tac-toe action")
        if state is not None:
            _mark_of(state, m[1], s)
        return f"{chr(ord('a') + int(m[3]))}{3 - int(m[2])}"
    raise ConversionError(f"no conversion for {game}")


def play_exact(state: Any, text: str) -> Any:
    """Play the one legal move of ``state`` written ``text``; fail where there is none or more.

    The text is looked up among the texts of our legal moves, not read by the engine's parser, so
    that a text naming no legal move fails here however the parser would take it."""
    moves = state.legal_moves()
    found = [m for m in moves if state.move_text(m) == text]
    if len(found) != 1:
        texts = sorted(state.move_text(m) for m in moves)
        raise ConversionError(f"{text!r} names {len(found)} of our {len(moves)} legal moves at ply "
                              f"{state.ply}: {texts}\n{state}")
    state.push(found[0])
    return found[0]


def replay(variant: Variant, strings: tuple[str, ...] | list[str], game: Any = None) -> Any:
    """Our state after OpenSpiel's action strings from the start, turn by turn."""
    state = (game or variant.load()).initial()
    for turn in turns_of(variant, strings):
        play_exact(state, our_text(variant, turn, state))
    return state


# -- the board as OpenSpiel prints it --------------------------------------------------------------------
#: per game: (owner, kind) -> OpenSpiel's character, the empty cell's, and whether OpenSpiel's top
#: row is our rank 1 (a mirror picture)
_PIECES: dict[str, tuple[dict[tuple[int, str], str], str, bool]] = {
    "othello": ({(1, "disc"): "x", (2, "disc"): "o"}, "-", True),
    "go": ({(1, "stone"): "X", (2, "stone"): "O"}, "+", False),
    "pentago": ({(1, "marble"): "O", (2, "marble"): "@"}, ".", True),
    "amazons": ({(1, "amazon"): "X", (2, "amazon"): "O", (0, "arrow"): "#"}, ".", False),
    "checkers": ({(1, "man"): "o", (1, "king"): "8", (2, "man"): "+", (2, "king"): "*"}, ".", False),
    "lines-of-action": ({(1, "checker"): "x", (2, "checker"): "o"}, ".", False),
    "hex": ({(1, "stone"): "x", (2, "stone"): "o"}, ".", True),
    "y": ({(1, "stone"): "O", (2, "stone"): "@"}, ".", False),
    "havannah": ({(1, "stone"): "O", (2, "stone"): "@"}, ".", False),
    "chinese-checkers": ({(p, "marble"): str(p) for p in range(1, 7)}, ".", False),
    "havannah-small": ({(1, "stone"): "O", (2, "stone"): "@"}, ".", False),
    "y-small": ({(1, "stone"): "O", (2, "stone"): "@"}, ".", False),
    "xiangqi": ({(p, kind): (letter if p == 1 else letter.lower())
                 for p in (1, 2) for kind, letter in (("general", "G"), ("advisor", "A"), ("elephant", "E"),
                                                      ("horse", "H"), ("chariot", "R"), ("cannon", "C"),
                                                      ("soldier", "S"))}, ".", False),
    "breakthrough": ({(1, "pawn"): "b", (2, "pawn"): "w"}, ".", False),
    "connect-four": ({(1, "disc"): "x", (2, "disc"): "o"}, ".", False),
    "tic-tac-toe": ({(1, "mark"): "x", (2, "mark"): "o"}, ".", False),
}


def picture(variant: Variant, state: Any) -> tuple[str, ...]:
    """Our board in OpenSpiel's characters, its rows in the order ``str(state)`` prints them."""
    chars, empty, mirror = _PIECES[variant.game]
    game = state.game
    if game.topology.__class__.__name__ == "HexTopology":  # Y: the rows as the board lists them
        return tuple("".join(chars[(game.code_owner[state.stacks[sq][-1]], game.kind_names[game.t.code_kind[state.stacks[sq][-1]]])]
                             if state.stacks[sq] else empty for sq in row) for row in game.topology.rows())
    width, height = game.topology.width, game.topology.height
    rows = []
    for rank in (range(height) if mirror else reversed(range(height))):
        row = ""
        for file in range(width):
            stack = state.stacks[rank * width + file]
            if not stack:
                row += empty
                continue
            code = stack[-1]
            row += chars[(game.code_owner[code], game.kind_names[code >> 1])]
        rows.append(row)
    return tuple(rows)


#: OpenSpiel's boards that are not ``size`` by ``size``: files and ranks
_BOARDS = {"xiangqi": (9, 10), "connect-four": (7, 6), "tic-tac-toe": (3, 3)}


def openspiel_picture(variant: Variant, text: str) -> tuple[str, ...]:
    """The board rows of OpenSpiel's ``str(state)``, top first, one character a cell."""
    game, n = variant.game, variant.size
    rows = []
    if game == "chinese-checkers":  # the star's rows, centred: "            1", "           1 1", ...
        return tuple("".join(line.split()) for line in text.splitlines()
                     if re.fullmatch(r"\s*[.1-6]( [.1-6])*\s*", line))
    if game in ("y", "y-small", "havannah", "havannah-small"):
        # rows of a triangle or hexagon: " 1 . @ O O", "  2 .[@]@" (the last stone bracketed; in
        # Havannah a column's letter after some rows)
        for line in text.splitlines():
            m = re.fullmatch(r"\s*\d+[ \[](.*)", line)
            if m:
                cells = m[1].replace("[", " ").replace("]", " ").split()
                rows.append("".join(c for c in cells if c in ".O@"))
        return tuple(rows)
    for line in text.splitlines():
        if game == "othello" and re.fullmatch(r"\d (. ){8}\d", line):
            rows.append(line[2:2 + 2 * n:2])
        elif game == "go" and re.fullmatch(r" *\d+ [+XO]+", line):
            rows.append(line.split()[1])
        elif game == "pentago" and re.fullmatch(r". \d( .){6} .", line):
            rows.append(line[4:4 + 2 * n:2])
        elif game == "amazons" and re.fullmatch(rf"[.XO#]{{{n}}}", line):
            rows.append(line)
        elif game == "checkers" and re.fullmatch(r"\d[.o+8*]{8}", line):
            rows.append(line[1:])
        elif game == "hex" and re.fullmatch(r"\s*[.xo]( [.xo])*\s*", line):
            rows.append("".join(line.split()))
        elif game == "lines-of-action" and re.fullmatch(r"\d[.xo]{8}", line):
            rows.append(line[1:])
        elif game == "xiangqi" and re.fullmatch(r"[.GAEHRCSgaehrcs]{9}", line):
            rows.append(line)
        elif game == "breakthrough" and re.fullmatch(r"\d[.bw]{8}", line):
            rows.append(line[1:])
        elif game == "connect-four" and re.fullmatch(r"[.xo]{7}", line):
            rows.append(line)
        elif game == "tic-tac-toe" and re.fullmatch(r"[.xo]{3}", line):
            rows.append(line)
    width, height = _BOARDS.get(game, (n, n))
    if len(rows) != height or any(len(r) != width for r in rows):
        raise ValueError(f"no {width}x{height} board in {text!r}")
    return tuple(rows)


# -- OpenSpiel's turns (for the live comparison) ---------------------------------------------------------
def openspiel_turns(state: Any) -> list[tuple[list[str], Any]]:
    """Every complete turn of the player to move in a pyspiel state: its action strings and the
    state after it. A turn goes on while the same player is to move (amazons' three actions, a
    checkers chain)."""
    player = state.current_player()
    out: list[tuple[list[str], Any]] = []

    def walk(st: Any, done: list[str]) -> None:
        for action in st.legal_actions():
            child = st.child(action)
            strings = done + [st.action_to_string(player, action)]
            if not child.is_terminal() and child.current_player() == player:
                walk(child, strings)
            else:
                out.append((strings, child))
    walk(state, [])
    return out


def openspiel_perft(state: Any, depth: int) -> int:
    """Perft of a pyspiel state in complete turns."""
    if state.is_terminal():
        return 0
    turns = openspiel_turns(state)
    if depth == 1:
        return len(turns)
    return sum(openspiel_perft(child, depth - 1) for _, child in turns)
