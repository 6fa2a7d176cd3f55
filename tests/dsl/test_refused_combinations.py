"""Key combinations that would be accepted and silently do nothing (or something else) are
refused by `validate` with a located message."""

from __future__ import annotations

import textwrap

import pytest

from spielwerk.cli import main

SQUARE = """
        players: [white, black]
        board: {shape: square, width: 4, height: 4}
        pieces: {p: {letter: P}}"""

CASES = {
    "a spread over some squares": ("""
        players: [white, black]
        board: {shape: square, width: 4, height: 4, stacking: true}
        pieces: {p: {letter: P}}
        phases: [{name: play, moves: [{move: {take: {max: 3}, drop: spread, to: any, over: any}}]}]
        """, "`over` does not apply"),
    "exact drops without a spread": ("""
        players: [white, black]
        board: {shape: square, width: 4, height: 4, stacking: true}
        pieces: {p: {letter: P}}
        phases: [{name: play, moves: [{move: {take: stack, to: any, drop_each: 1}}]}]
        """, "`drop_each` says how a spread drops its pieces"),
    "a move onto pieces on a board that does not stack": (SQUARE + """
        phases: [{name: play, moves: [{move: {distance: 1, to: any}}]}]
        """, "this board does not stack"),
    "jumping the same piece again and again": (SQUARE + """
        phases: [{name: play, moves: [{jump: {directions: diagonal, jumped: keep, rejump: true}}]}]
        """, "`rejump` needs `jumped: take_top`"),
    "a preference without compulsory captures": (SQUARE + """
        phases: [{name: play, moves: [{jump: {directions: diagonal, prefer: most}}]}]
        """, "it needs `compulsory: true`"),
    "a move's own name in an end rule": (SQUARE + """
        phases: [{name: play, moves: [{move: {distance: 1}}]}]
        end: [{when: height > 2, winner: mover}]
        """, "'height' is read only in a move's conditions"),
    "an effect's square in a move": (SQUARE + """
        phases: [{name: play, moves: [{move: {distance: 1, to: square > 3}}]}]
        """, "'square' is read only in an effect's"),
    "plies on the last phase": (SQUARE + """
        phases: [{name: play, plies: 4, moves: [{move: {distance: 1}}]}]
        """, "the last phase lasts until the game ends"),
    "dice in one phase of two": (SQUARE + """
        phases:
          - {name: a, plies: 2, moves: [{move: {distance: 1}}]}
          - {name: b, dice: {count: 1}, moves: [{move: {distance: die}}]}
        """, "give every phase its `dice`"),
    "points without a track": (SQUARE + """
        phases: [{name: play, moves: [{move: {distance: 1}}]}]
        scoring: {target: 3, awards: [{event: hit, points: 1}]}
        """, "a game without a track has no `scoring`"),
    "a picture on a hex board": ("""
        players: [white, black]
        board: {shape: hex, ranks: [2, 3, 2]}
        pieces: {p: {letter: P}}
        phases: [{name: play, moves: [{place: {pieces: [p]}}]}]
        predicates: {line: {pattern: {pieces: [p], picture: ["OOO"]}}}
        end: [{when: line(mover), winner: mover}]
        """, "a picture is laid on the rows and files of a square board"),
    "a player's piece set up as nobody's": (SQUARE + """
        setup: [{piece: p, owner: neutral, at: [a1]}]
        phases: [{name: play, moves: [{move: {distance: 1}}]}]
        """, "`owner: neutral` is for pieces declared `neutral: true`"),
    "a player's piece placed as nobody's": (SQUARE + """
        phases: [{name: play, moves: [{place: {pieces: [p], owner: neutral}}]}]
        """, "`owner: neutral` places the pieces declared `neutral: true`"),
    "an option whose default is out of range": (SQUARE + """
        options: {n: {type: int, min: 1, max: 3, default: 9}}
        phases: [{name: play, moves: [{move: {distance: n}}]}]
        """, "the default does not fit"),
    "a board wider than the alphabet": ("""
        players: [white, black]
        board: {shape: square, width: 27, height: 2}
        pieces: {p: {letter: P}}
        phases: [{name: play, moves: [{place: {pieces: [p]}}]}]
        """, "1 to 26 files"),
    "an option that is not declared": (SQUARE + """
        phases: [{name: play, moves: [{move: {distance: 1}}]}]
        no_moves: pass
        notation: {}
        repetition: {count: 3}
        end: [{when: ply > 5, winner: mover, result: {option: nothing}}]
        """, None),
    "entering rules on the first place": ("""
        extends: backgammon
        game: variant
        phases:
          - name: play
            dice: {count: 2}
            moves: [{track: {pieces: [checker], enter: {from: bar, continue: false}}}]
        """, "is read for a second entering place only"),
    "an option named by a track key that does not exist": ("""
        extends: puff
        game: variant
        phases:
          - name: play
            dice: {count: 2}
            moves: [{track: {pieces: [checker], order: {option: nothing}}}]
        """, "{option: nothing} names no declared option"),
    "a bad expression in an end rule": (SQUARE + """
        phases: [{name: play, moves: [{move: {distance: 1}}]}]
        end: [{when: "reserve > 1", winner: mover}]
        """, "is a function"),
    "a size read during play": ("""
        players: [white, black]
        board: {shape: square, width: "2 if board_full else 3", height: 3}
        pieces: {p: {letter: P}}
        phases: [{name: play, moves: [{move: {distance: 1}}]}]
        """, "it reads board_full, known only during play"),
    "an option value a track key does not take": ("""
        extends: puff
        game: variant
        options:
          entering_order: {type: choice, values: [any, backwards], default: backwards}
        """, "sets a track key that takes any, lower_first, not 'backwards'"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_refused_with_a_located_message(name, tmp_path, capsys):
    text, needle = CASES[name]
    path = tmp_path / "game.yaml"
    body = textwrap.dedent(text)
    if not body.lstrip().startswith("extends"):
        body = "game: g\n" + body
    path.write_text(body)
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{path}:"), out
    if needle:
        assert needle in out, out
