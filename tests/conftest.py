"""Shared fixtures: paths to the copied data and small helpers."""

from __future__ import annotations

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
ROOT = os.path.dirname(HERE)
GAMES = os.path.join(ROOT, "games")
sys.path.insert(0, os.path.join(HERE, "reference"))
sys.path.insert(0, HERE)  # shared helpers such as walking.py


@pytest.fixture(scope="session")
def data_dir() -> str:
    return DATA


def games_path(name: str) -> str:
    return os.path.join(GAMES, name)


# -- profiles: the default run is bounded; SPIELWERK_PROFILE=slow runs the fuzzing 10x longer ----------
from hypothesis import settings as _settings  # noqa: E402

_settings.register_profile("slow", deadline=None, print_blob=True)
if os.environ.get("SPIELWERK_PROFILE") == "slow":
    _settings.load_profile("slow")
