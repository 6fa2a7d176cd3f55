"""The README's examples run as tests, so they cannot rot."""

from __future__ import annotations

import doctest
import os

README = os.path.join(os.path.dirname(__file__), "..", "README.md")


def test_readme_examples():
    failures, tried = doctest.testfile(README, module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 5
    assert failures == 0


def test_reference_examples():
    """The reference pages' Python examples (``>>>``) run too."""
    reference = os.path.join(os.path.dirname(__file__), "..", "docs", "reference")
    tried_all = 0
    for name in sorted(os.listdir(reference)):
        path = os.path.join(reference, name)
        with open(path, encoding="utf-8") as f:
            if ">>> " not in f.read():
                continue
        failures, tried = doctest.testfile(path, module_relative=False, optionflags=doctest.ELLIPSIS)
        assert failures == 0, name
        tried_all += tried
    assert tried_all >= 6
