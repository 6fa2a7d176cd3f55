"""Modules moved in a redesign keep their old names for one release: importing one warns and gives
the new module itself."""

from __future__ import annotations

import importlib
import sys
import warnings

import pytest


@pytest.mark.parametrize("name", ["actions", "observation", "values", "vector", "openspiel", "pettingzoo",
                                  "gymnasium"])
def test_old_learning_paths_warn_and_give_the_new_module(name):
    new = pytest.importorskip(f"spielwerk.learning.{name}")
    sys.modules.pop(f"spielwerk.{name}", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = importlib.import_module(f"spielwerk.{name}")
    assert old is new
    assert any(issubclass(w.category, DeprecationWarning) and f"spielwerk.learning.{name}" in str(w.message)
               for w in caught)
