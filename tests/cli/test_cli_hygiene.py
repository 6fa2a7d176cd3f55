"""The command line as a package's users meet it: version, help, `python -m`, the games list, the
schema's path, exit statuses for every misuse, and no traceback when the world misbehaves
(closed input, a full disk, Ctrl-C)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

import spielwerk
from spielwerk.cli import build_parser, main


def run(*argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE):
    return subprocess.run([sys.executable, "-m", "spielwerk", *argv], stdin=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120)


def test_version_comes_from_one_place():
    proc = run("--version")
    assert (proc.returncode, proc.stdout) == (0, f"spielwerk {spielwerk.__version__}\n")
    from importlib.metadata import version
    assert version("spielwerk") == spielwerk.__version__


def test_python_dash_m_spielwerk_is_the_command():
    proc = run("perft", "tak", "--depth", "1")
    assert (proc.returncode, proc.stdout) == (0, "1\t25\n")


def _actions(parser):
    for action in parser._actions:
        if action.dest in ("help", "version"):
            continue
        if hasattr(action, "choices") and isinstance(action.choices, dict):
            for sub in action.choices.values():
                yield from _actions(sub)
        else:
            yield parser.prog, action


def test_every_argument_is_described_with_its_default():
    for prog, action in _actions(build_parser()):
        assert action.help, f"{prog} {action.dest} has no help"
        if action.default not in (None, False) and not action.required:
            assert "default" in action.help, f"{prog} {action.dest} does not say its default"


def test_games_lists_titles_options_and_pictures(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "tak\tTak" in out and "-o size=...  int 3 to 8; default 5" in out
    assert "pictures (predicates.job.pattern): Turm3, Treppe3" in out
    assert "rules: Tak, a German description" in out
    assert main(["games", "--names"]) == 0
    assert capsys.readouterr().out.split() == spielwerk.bundled_games()


def test_games_describes_one_game_in_full_with_its_pictures_drawn(capsys):
    assert main(["games", "tackle"]) == 0
    out = capsys.readouterr().out
    assert "    Bluete:\n      .O.\n      OxO\n      .O.\n" in out
    assert "-o job=...  one of Turm3" in out and "default Quadrat" in out


def test_games_actions_prints_the_ids_and_the_observation_layout(capsys):
    assert main(["games", "--actions", "tak", "-o", "size=6"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tak size=6 komi=0\n  4608 actions\n")
    assert "144-4607   play: move: 4464 ids, a from square x a direction x the drops" in out
    assert "1773 observation values, 8 stack layers" in out and "pieces 48x36" in out
    assert main(["games", "--actions", "backgammon"]) == 0
    out = capsys.readouterr().out
    assert "stop: 1 ids" in out and "65 chance outcomes" in out and "dice 2x6" in out
    assert main(["games", "--actions", "tak", "-o", "size=99"]) == 1


def test_schema_prints_the_installed_schema(capsys):
    assert main(["schema"]) == 0
    path = capsys.readouterr().out.strip()
    with open(path, encoding="utf-8") as fh:
        assert "properties" in json.load(fh)


def test_every_bundled_game_names_its_rule_texts_without_paths():
    for name in spielwerk.bundled_games():
        rules = spielwerk.load_spec_for(name).data.get("rules")
        assert rules, name
        assert not any(".md" in r or "/" in r for r in rules), name


@pytest.mark.parametrize("argv", [
    ["perft", "tak", "--depth", "0"], ["perft", "tak", "--depth", "-1"],
    ["play", "tak", "--games", "0"], ["play", "tak", "--max-plies", "-1"],
])
def test_numbers_out_of_range_are_usage_errors(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2 and "must be at least" in capsys.readouterr().err


def test_an_empty_position_is_an_error(capsys):
    assert main(["moves", "tak", "--position", ""]) == 1
    assert "--position is empty" in capsys.readouterr().err


def test_an_empty_record_file_is_an_error(tmp_path, capsys):
    path = tmp_path / "empty.ptn"
    path.write_text("")
    assert main(["replay", "tak", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "no game in this file" in err


def test_play_stops_at_its_default_ply_limit_as_unfinished(capsys):
    # a game without end: two stones that may only step back and forth
    assert main(["play", "tak", "--white", "random", "--black", "random", "--seed", "1",
                 "--max-plies", "3"]) == 0
    assert "result: * (unfinished: stopped after 3 plies" in capsys.readouterr().out
    parser = build_parser()
    assert parser.parse_args(["play", "tak"]).max_plies == 10_000


def test_play_with_a_closed_standard_input_says_so():
    proc = subprocess.run(f"{sys.executable} -m spielwerk play tak <&-", shell=True, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "standard input, which is closed" in proc.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_an_error_not_a_traceback():
    with open("/dev/full", "w") as full:
        proc = run("moves", "tak", stdout=full)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "cannot write the output" in proc.stderr


def test_ctrl_c_while_counting_exits_130_without_a_traceback():
    proc = subprocess.Popen([sys.executable, "-m", "spielwerk", "perft", "tak", "--depth", "7"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err, err


def test_ctrl_c_while_starting_exits_130(monkeypatch, capsys):
    """An interrupt while the command's modules load (before any command runs) is caught as well:
    the entry point imports them inside its guard."""
    import builtins

    from spielwerk.__main__ import run as entry
    real_import = builtins.__import__

    def interrupted(name, *args, **kwargs):
        if name == "cli" or name.endswith(".cli"):
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", interrupted)
    monkeypatch.delitem(sys.modules, "spielwerk.cli")
    with pytest.raises(SystemExit) as exc:
        entry()
    assert exc.value.code == 130
