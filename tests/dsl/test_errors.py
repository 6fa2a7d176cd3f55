"""Broken game files: each mistake gives exactly one message, located at file:line:col."""

from __future__ import annotations

import os

import pytest

from spielwerk.cli import main

TAK = os.path.join(os.path.dirname(__file__), "..", "..", "games", "tak.yaml")

# name: (text in tak.yaml, replacement, the message must contain, column or None)
CASES = {
    "typo in a top-level key": ("pieces:\n", "pices:\n", "unknown key 'pices' in the top level (did you mean 'pieces'?)", 1),
    "typo in a nested key": ("  shape: square\n", "  shpe: square\n", "unknown key 'shpe' in board (did you mean 'shape'?)", 3),
    "wrong type": ("  stacking: true\n", "  stacking: [true]\n", "board/stacking: expected boolean, got list", 3),
    "wrong type of option bound": ("    min: 3\n", "    min: three\n", "options/size/min: expected integer", 5),
    "unknown piece in a reserve": ("count: stones}", "count: stones, x: 1}", "unknown key 'x'", None),
    "misspelt piece in a reserve": ("[flat, wall], count", "[flat, wal], count", "unknown piece 'wal' (did you mean 'wall'?)", None),
    "unknown piece in a primitive": ("[flat, wall, cap], where", "[flat, wall, tower], where", "unknown piece 'tower'", None),
    "expression ends too early": ("  - when: road(mover)\n", "  - when: road(mover) and\n", "expression 'road(mover) and' ends too early", 26),
    "unknown name in an expression": ("  - when: road(opponent)", "  - when: raod(opponent)", "unknown name 'raod' in expression 'raod(opponent)' (did you mean 'road'?)", 11),
    "bad character in an expression": ("    score: 2 *", "    score: 2 $", "unexpected character '$'", None),
    "YAML syntax error": ("wins.}", "wins.", "YAML syntax error", None),
    "unknown primitive": ("      - move:\n", "      - teleport:\n", "unknown key 'teleport'", 9),
    "unknown region": ("[[north, south]", "[[north, soth]", "unknown region 'soth' (did you mean 'south'?)", None),
    "value not allowed": ("no_moves: draw", "no_moves: sulk", "no_moves: 'sulk' is neither pass, lose, draw nor an option", 1),
    "duplicate key": ("game: tak\n", "game: tak\ngame: tak2\n", "duplicate key 'game'", 1),
    "table keyed by no option": ("    by: size\n    description: Flat", "    by: sise\n    description: Flat", "table 'stones' is keyed by 'sise'", 5),
    "result without tokens": ("    result: flat\n", "    result: flats\n", "result 'flats' has no tokens", 5),
    "tag setting no option": ("    Size: {option: size}", "    Size: {option: boardsize}", "tag 'Size' sets unknown option 'boardsize'", None),
}


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1 + (needle[: len(needle) - len(needle.lstrip("\n"))].count("\n"))


@pytest.mark.parametrize("name", list(CASES))
def test_one_located_message_per_mistake(name, tmp_path, capsys):
    old, new, message, column = CASES[name]
    with open(TAK, encoding="utf-8") as fh:
        base = fh.read()
    assert old in base, f"the base file no longer contains {old!r}"
    text = base.replace(old, new, 1)
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1, out
    where, _, got = out[0].partition(": ")
    file, line, col = where.rsplit(":", 2)
    assert file == str(path)
    changed = next(i for i, (a, b) in enumerate(zip(base.splitlines(), text.splitlines()), 1) if a != b)
    if name == "YAML syntax error":
        assert int(line) in (changed, changed + 1)  # YAML notices the missing brace on the next line
    else:
        assert int(line) == changed
    if column is not None:
        assert int(col) == column
    assert message in got


def test_several_mistakes_are_all_reported(tmp_path, capsys):
    with open(TAK, encoding="utf-8") as fh:
        text = fh.read().replace("[flat, wall], count", "[flat, wal], count").replace(
            "      between: [[north, south]", "      between: [[north, soth]")
    path = tmp_path / "two.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    assert len(capsys.readouterr().out.strip().splitlines()) == 2


def test_an_empty_file_and_a_list_are_refused(tmp_path, capsys):
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    listed = tmp_path / "list.yaml"
    listed.write_text("- a\n- b\n")
    assert main(["validate", str(empty), str(listed)]) == 1
    out = capsys.readouterr().out
    assert f"{empty}:1:1: the file is empty" in out
    assert f"{listed}:1:1: a game file must be a mapping" in out


def test_a_missing_file_is_reported_not_raised(tmp_path, capsys):
    assert main(["validate", str(tmp_path / "nope.yaml")]) == 1
    assert "cannot read the file" in capsys.readouterr().out


def test_yaml_is_loaded_safely(tmp_path, capsys):
    evil = tmp_path / "evil.yaml"
    marker = tmp_path / "pwned"
    evil.write_text(f"game: !!python/object/apply:os.system ['touch {marker}']\n")
    assert main(["validate", str(evil)]) == 1
    out = capsys.readouterr().out
    assert not marker.exists()
    assert f"{evil}:1:7: " in out
