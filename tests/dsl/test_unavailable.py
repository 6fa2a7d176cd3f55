"""Keys a game file could write but the engine does not act on are refused by `validate` with a
located message, never accepted and ignored."""

from __future__ import annotations

import pytest

from spielwerk.cli import main

# (base game, YAML added to an extending file, text the message must contain)
CASES = {
    "stack control by majority": ("tak", "board: {control: majority}\n", "`control: majority` is not available"),
    "a neutral reserve": ("tak", "reserves: {capstones: {owner: neutral}}\n", "`owner: neutral` is not available"),
    "a phase player": ("tak", "phases:\n  - name: play\n    player: same\n    moves:\n      - place: {pieces: [flat]}\n",
                       "`player: same` is not available"),
    "a phase no_moves": ("tak", "phases:\n  - name: play\n    no_moves: lose\n    moves:\n      - place: {pieces: [flat]}\n",
                         "`no_moves: lose` is not available"),
    "a starter chosen by an option": ("backgammon", "phases:\n  - name: play\n    dice: {count: 2}\n"
                                      "    opening: {starter_plays: {option: money}}\n    moves:\n      - track: {pieces: [checker]}\n",
                                      "this form of starter_plays"),
    "the cube's pass result": ("backgammon", "phases:\n  - name: play\n    dice: {count: 2}\n    cube: {enabled: true, pass_result: drop}\n"
                               "    moves:\n      - track: {pieces: [checker]}\n", "`pass_result: drop` is not available"),
    "a reserve named for a place": ("tak", "phases:\n  - name: play\n    moves:\n      - place: {pieces: [flat], reserve: stones}\n",
                                    "`reserve: stones` is not available"),
    "a block's distance": ("tackle", "phases:\n  - name: play\n    moves:\n      - block: {pieces: [stone], distance: 2}\n",
                           "`distance: 2` is not available"),
    "a die's distance": ("tactix", "phases:\n  - name: play\n    moves:\n      - tip: {pieces: [die], distance: 2}\n",
                         "`distance: 2` is not available"),
    "converging from one direction": ("attangle", "phases:\n  - name: play\n    moves:\n"
                                      "      - converge: {pieces: [stone], different_directions: false}\n",
                                      "`different_directions: false` is not available"),
    "no must-use rule": ("backgammon", "phases:\n  - name: play\n    dice: {count: 2}\n    moves:\n"
                         "      - track: {pieces: [checker], maximize: none}\n", "`maximize: none` is not available"),
    "lone checkers not hit": ("backgammon", "phases:\n  - name: play\n    dice: {count: 2}\n    moves:\n"
                              "      - track: {pieces: [checker], hit: {lone: false}}\n", "`lone: false` is not available"),
    "a predicate not built": ("backgammon", "predicates: {done: {race_finished: {pieces: [checker], place: borne_off}}}\n",
                              "is not available"),
    "end rules checked per step": ("tak", "end:\n  - {when: 'board_full', winner: draw, check: step}\n",
                                   "`check: step` is not available"),
    "a named effect": ("tackle", "after_move:\n  - {when: 'ply > 1', remove: gold, name: goldgone}\n",
                       "`name: goldgone` is not available"),
    "square names that do not fit the board": ("tak", "notation: {squares: hex}\n", "`squares: hex` does not fit a square board"),
    "more square namings": ("tak", "notation: {alternative_squares: [hex]}\n", "is not available"),
    "the generic position format": ("attangle", "notation: {position: {format: generic}}\n", "`format: generic` is not available"),
    "templates for the cube's decisions": ("backgammon", "notation: {moves: {double: 'doubles'}}\n", "is not available"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_refused_with_a_located_message(name, tmp_path, capsys):
    base, extra, needle = CASES[name]
    path = tmp_path / "variant.yaml"
    path.write_text(f"extends: {base}\ngame: variant\n{extra}")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert needle in out, out
    assert out.startswith(f"{path}:") and out.split(":")[1].isdigit() and out.split(":")[1] != "1"
