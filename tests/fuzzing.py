"""Budgets for the fuzz and long-play tests: the default run stays fast; ``SPIELWERK_PROFILE=slow``
multiplies every budget by ten (``SPIELWERK_PROFILE=slow pytest -m "slow or not slow" tests/property``)."""

from __future__ import annotations

import os

SLOW = os.environ.get("SPIELWERK_PROFILE") == "slow"


def scaled(n: int) -> int:
    """``n`` examples (or plies) in the default run, ten times as many in the slow profile."""
    return n * 10 if SLOW else n
