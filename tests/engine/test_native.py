"""The compiled engine (spielwerk.native): which path runs, the switch, the build's inputs and its
failures. The compiled modules themselves are the Python modules compiled: CI runs the perft,
reference, rule and record suites again with ``SPIELWERK_NATIVE=1`` after ``spielwerk build``
(``.ci/run``), and the counts must be the same."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import spielwerk
from spielwerk import native
from spielwerk.cli import main


def python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **env})


def test_the_switch_chooses_the_pure_engine(tmp_path):
    proc = python("import spielwerk; print(spielwerk.native_status())", SPIELWERK_NATIVE="0",
                  SPIELWERK_CACHE=str(tmp_path))
    assert proc.stdout == "pure Python (SPIELWERK_NATIVE=0 chooses the pure-Python engine)\n"


def test_without_a_build_the_pure_engine_runs_and_says_why(tmp_path):
    proc = python("import spielwerk; print(spielwerk.native_status())", SPIELWERK_NATIVE="auto",
                  SPIELWERK_CACHE=str(tmp_path))
    assert proc.stdout.startswith("pure Python (no compiled engine for this version in the cache")


def test_requiring_the_compiled_engine_without_a_build_is_an_error(tmp_path):
    proc = python("import spielwerk", SPIELWERK_NATIVE="1", SPIELWERK_CACHE=str(tmp_path))
    assert proc.returncode != 0
    assert "SPIELWERK_NATIVE=1, but there is no compiled engine for this version" in proc.stderr


@pytest.mark.skipif(os.environ.get("SPIELWERK_NATIVE") != "1", reason="the run on the compiled engine (CI)")
def test_the_compiled_run_runs_compiled_modules():
    spielwerk.load("tak", size=3)
    running = native.compiled_modules()
    assert {"spielwerk.game", "spielwerk.blocks.move", "spielwerk.ledger"} <= set(running)
    assert spielwerk.native_status().startswith("native (")


def test_a_build_is_kept_per_version_python_and_sources(tmp_path, monkeypatch):
    monkeypatch.setenv("SPIELWERK_CACHE", str(tmp_path))
    folder = native.build_folder()
    assert folder.parent == tmp_path / "native"
    assert folder.name.startswith(f"{spielwerk.__version__}-{sys.implementation.cache_tag}-")
    sources = {m: native._source(m) for m in native.MODULES}
    assert all(path.is_file() for path in sources.values()), "every listed module has its Python file"
    monkeypatch.setattr(native, "MODULES", native.MODULES[:-1])
    assert native.build_folder() != folder  # other sources, another build


def fake_compile(job):
    """Stands in for Cython and the C compiler: records what the build tree holds and writes an
    empty file where the module's compiled file goes."""
    module, tree, out, quick = job
    files = sorted(str(p.relative_to(tree)) for p in Path(tree).rglob("*") if p.is_file())
    target = native._module_file(Path(out), module)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(b"")
    fake_compile.seen.append((module, files, {f: Path(tree, f).read_bytes() for f in files}))
    return module, 0.0


fake_compile.seen = []


HOSTILE = """game: hostile
title: "x'); import os; os.system('echo owned') # \\"\\"\\"; __import__('os')"
description: "{0.__class__.__mro__} %s \\x00 owned" 
players: [white, black]
board: {shape: square, width: 3, height: 3}
pieces: {mark: {letter: M}}
phases:
  - name: play
    moves: [{place: {pieces: [mark]}}]
end:
  - when: board_full
    winner: draw
    result: full
"""


def test_nothing_of_a_game_file_reaches_the_build(tmp_path, monkeypatch):
    """The build compiles the engine's own modules, byte for byte, and nothing else: a game file's
    names and strings, however hostile, never reach the compiler."""
    path = tmp_path / "hostile.yaml"
    path.write_text(HOSTILE)
    game = spielwerk.load(str(path))
    assert game.perft(game.initial(), 2) == 72
    monkeypatch.setenv("SPIELWERK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(native, "compiler_problem", lambda: None)
    monkeypatch.setattr(native, "_compile_one", fake_compile)
    fake_compile.seen.clear()
    lines: list[str] = []
    folder = native.build(progress=lines.append, jobs=1)
    assert (folder / "BUILT").is_file() and folder == native.build_folder()
    assert [m for m, _, _ in fake_compile.seen] == list(native.MODULES)
    expected = {os.path.join("spielwerk", *m.split(".")) + ".py": native._source(m).read_bytes()
                for m in native.MODULES}
    _, files, contents = fake_compile.seen[0]
    sources = {f: b for f, b in contents.items() if not f.endswith("__init__.py")}
    assert sources == expected
    assert all(contents[f] == b"" for f in files if f.endswith("__init__.py"))
    assert all(b"echo owned" not in body and b"__mro__" not in body for body in contents.values())
    assert lines[-1].startswith("built in") and len(lines) == len(native.MODULES) + 2


def test_a_failed_build_is_one_line_and_the_pure_engine_stays(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SPIELWERK_CACHE", str(tmp_path))
    monkeypatch.setattr(native, "compiler_problem", lambda: "no C compiler (cc) on the PATH")
    assert main(["build"]) == 1
    err = capsys.readouterr().err
    assert err == ("spielwerk: warning: no compiled engine was built (no C compiler (cc) on the PATH); "
                   "the pure-Python engine stays in use\n")
    assert not native.build_folder().exists()


def test_a_compiler_failure_leaves_no_half_build(tmp_path, monkeypatch):
    monkeypatch.setenv("SPIELWERK_CACHE", str(tmp_path))
    monkeypatch.setattr(native, "compiler_problem", lambda: None)

    def broken(job):
        raise native.NativeBuildError(f"spielwerk.{job[0]}: error: something the compiler did not like")

    monkeypatch.setattr(native, "_compile_one", broken)
    with pytest.raises(native.NativeBuildError, match="did not like"):
        native.build(jobs=1)
    assert not native.build_folder().exists()
    assert [p.name for p in (tmp_path / "native").iterdir()] == []  # the build tree is gone too


def test_the_pure_engine_says_once_how_to_get_the_compiled_one(tmp_path, monkeypatch):
    monkeypatch.setenv("SPIELWERK_CACHE", str(tmp_path))
    monkeypatch.delenv("SPIELWERK_NATIVE", raising=False)
    monkeypatch.setattr(native, "compiler_problem", lambda: None)
    monkeypatch.setitem(native._state, "active", False)
    first = native.hint_once()
    assert first is not None and "`spielwerk build`" in first
    assert native.hint_once() is None


def test_doctor_says_which_engine_runs(capsys):
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"spielwerk {spielwerk.__version__}"
    assert out[2] == f"engine: {native.status()}"
    assert out[3].startswith("build: ") and out[4].startswith("cache: ") and out[5].startswith("libraries: ")


def test_a_build_with_files_missing_runs_those_modules_as_python(tmp_path, monkeypatch):
    monkeypatch.setenv("SPIELWERK_CACHE", str(tmp_path))
    folder = native.build_folder()
    folder.mkdir(parents=True)
    (folder / "BUILT").write_text("{}\n")  # a build whose compiled files are all gone
    proc = python("import spielwerk; g = spielwerk.load('tak', size=3); print(g.perft(g.initial(), 2)); "
                  "from spielwerk import native; print(native.compiled_modules())",
                  SPIELWERK_NATIVE="auto", SPIELWERK_CACHE=str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["72", "[]"]
