"""Small game files written by the tests themselves: write one to a test's folder and load it,
the texts of a position's legal moves, and a game the language tests share."""

from __future__ import annotations

import textwrap
from typing import Any

import spielwerk


def write(tmp_path: Any, text: str) -> str:
    """``text`` (indented as a test writes it) saved as ``game.yaml`` in ``tmp_path``; its path."""
    path = tmp_path / "game.yaml"
    path.write_text(textwrap.dedent(text))
    return str(path)


def game_from(tmp_path: Any, text: str, **options: Any) -> Any:
    """The game a test's text describes, with these options."""
    return spielwerk.load(write(tmp_path, text), **options)


def board_text(cells: dict[str, str], rows: list[list[str]]) -> str:
    """The board field of a position text: ``cells`` maps a square's name to what stands there
    (``1K``, ``0G``); ``rows`` are the squares' names row by row as the text lists them (the top
    first), and each run of empty squares is ``x`` or ``xN``."""
    out = []
    for names in rows:
        row, run = [], 0
        for name in names:
            here = cells.get(name)
            if not here:
                run += 1
                continue
            if run:
                row.append("x" if run == 1 else f"x{run}")
                run = 0
            row.append(here)
        if run:
            row.append("x" if run == 1 else f"x{run}")
        out.append(",".join(row))
    return "/".join(out)


def square_rows(files: str, ranks: int) -> list[list[str]]:
    """The squares of a square board by rank, the top rank first, for :func:`board_text`."""
    return [[f"{f}{rank}" for f in files] for rank in range(ranks, 0, -1)]


def texts(st: Any) -> set[str]:
    """The texts of the legal moves of ``st``."""
    return {st.move_text(m) for m in st.legal_moves()}


#: a mill on a 4x4 board: a placement closing a row of three takes an opponent's piece outside one
MILL = """
    game: mill-demo
    players: [white, black]
    board: {shape: square, width: 4, height: 4}
    pieces:
      man: {letter: M}
    predicates:
      mill: {pattern: {picture: ["OOO"], rotations: 2}}
    phases:
      - name: play
        moves:
          - place:
              pieces: [man]
              then:
                - take: {when: "forms(mill, to)", avoid: "forms(mill, square)"}
    end:
      - {when: board_full, winner: draw}
    notation:
      moves: {place: "{to}"}
"""
