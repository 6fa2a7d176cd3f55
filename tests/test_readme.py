"""The README's examples run as tests, so they cannot rot."""

from __future__ import annotations

import doctest
import os

README = os.path.join(os.path.dirname(__file__), "..", "README.md")


def test_readme_examples():
    failures, tried = doctest.testfile(README, module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 5
    assert failures == 0
