"""Deprecated: the move blocks are :mod:`spielwerk.blocks` now (``primitives.block`` is
``blocks.rectangle``). This alias stays for one release; importing it warns."""

import importlib
import sys
import warnings

from .. import blocks as _blocks
from ..blocks import *  # noqa: F401,F403 - the old names, for one release

warnings.warn("spielwerk.primitives moved to spielwerk.blocks", DeprecationWarning, stacklevel=2)
for _old, _new in {"base": "base", "block": "rectangle", "carry": "carry", "converge": "converge", "cube": "cube",
                   "jump": "jump", "move": "move", "parts": "parts", "passing": "passing", "place": "place",
                   "slide": "slide", "step": "step", "tip": "tip", "track": "track", "roll": "roll"}.items():
    sys.modules[f"{__name__}.{_old}"] = importlib.import_module(f"{_blocks.__name__}.{_new}")
