"""The tutorial (docs/tutorial.md) built step by step: every file it shows is written in order,
every command it shows is run and its output compared, every Python block is run and its output
compared with the text block after it. A line `...` in an expected output stands for any lines."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex

import pytest

from spielwerk.cli import main

TUTORIAL = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "tutorial.md")
BLOCK = re.compile(r"(?:<!-- file: (?P<file>[\w.-]+) -->\n)?```(?P<lang>\w+)\n(?P<body>.*?)```", re.S)


def blocks() -> list[tuple[str, str | None, str]]:
    with open(TUTORIAL, encoding="utf-8") as fh:
        text = fh.read()
    return [(m["lang"], m["file"], m["body"]) for m in BLOCK.finditer(text)]


def matches(expected: list[str], actual: list[str]) -> bool:
    pattern = "".join(r"(?:[^\n]*\n)*" if line == "..." else re.escape(line) + "\n" for line in expected)
    return re.fullmatch(pattern, "".join(line + "\n" for line in actual)) is not None


def run(args: list[str]) -> tuple[int, list[str]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(args)
    return status, out.getvalue().splitlines()


def test_the_tutorial_builds_its_game_step_by_step(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    steps = blocks()
    assert sum(1 for lang, name, _ in steps if name) >= 5
    checked = 0
    for i, (lang, name, body) in enumerate(steps):
        if name:
            (tmp_path / name).write_text(body, encoding="utf-8")
        elif lang == "console":
            command, expected = None, []
            for line in body.splitlines() + ["$ end"]:
                if line.startswith("$ "):
                    if command is not None:
                        status, actual = run(shlex.split(command)[1:])
                        assert matches(expected, actual), f"{command}\n" + "\n".join(actual)
                        assert status == (1 if "bad" in command else 0), command
                        checked += 1
                    command, expected = line[2:], []
                else:
                    expected.append(line)
        elif lang == "python":
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(body, "tutorial", "exec"), {})  # noqa: S102 - the tutorial's own code
            following = steps[i + 1]
            assert following[0] == "text"
            assert out.getvalue().splitlines() == following[2].splitlines()
            checked += 1
    assert checked >= 8


@pytest.mark.parametrize("lines,actual,ok", [
    (["a", "..."], ["a", "b", "c"], True),
    (["...", "c"], ["a", "b", "c"], True),
    (["a", "...", "c"], ["a", "b", "b", "c"], True),
    (["a", "c"], ["a", "b", "c"], False),
])
def test_the_wildcard_line(lines, actual, ok):
    assert matches(lines, actual) is ok
