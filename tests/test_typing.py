"""The package passes ``mypy --strict`` (where mypy is installed).

The folders are installed as one package (``spielwerk`` = interpreter/, ``spielwerk.dsl`` = dsl/, ...;
see pyproject.toml), so mypy cannot read the repository as it stands: the test mirrors the installed
layout with symbolic links in a temporary folder and checks it there.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: the subpackages whose folders lie beside interpreter/ (pyproject.toml's package-dir)
SUBPACKAGES = {"dsl": "dsl", "schema": "schema", "games": "games"}


def _mirror(where: str) -> None:
    """Lay out ``where/spielwerk`` as the installed package, each entry a link into the repository."""
    package = os.path.join(where, "spielwerk")
    os.mkdir(package)
    for name in sorted(os.listdir(os.path.join(ROOT, "interpreter"))):
        if name != "__pycache__":
            os.symlink(os.path.join(ROOT, "interpreter", name), os.path.join(package, name))
    for name, folder in SUBPACKAGES.items():
        os.symlink(os.path.join(ROOT, folder), os.path.join(package, name), target_is_directory=True)


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_mypy_strict(tmp_path):
    try:
        _mirror(str(tmp_path))
    except (OSError, NotImplementedError) as exc:  # no symbolic links here (some Windows setups)
        pytest.skip(f"cannot make symbolic links: {exc}")
    env = dict(os.environ, MYPYPATH=str(tmp_path))
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "-p", "spielwerk"], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=600)
    report = (run.stdout + run.stderr).replace(str(tmp_path) + os.sep, "")
    assert run.returncode == 0, f"mypy --strict found problems:\n{report}"
