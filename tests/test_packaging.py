"""Every package of the engine ships: pyproject.toml lists each folder of interpreter/ that holds
an ``__init__.py`` (an editable install finds a folder that a plain ``pip install .`` leaves out)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_subpackage_of_the_engine_is_listed():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    here = ROOT / "interpreter"
    found = {".".join(("spielwerk", *init.parent.relative_to(here).parts))
             for init in here.rglob("__init__.py") if "__pycache__" not in init.parts}
    assert found - listed == set()
