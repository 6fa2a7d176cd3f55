"""Deprecated: moved to :mod:`spielwerk.learning.pettingzoo` (the learning interface is one package now).

This alias stays for one release; importing it warns and gives the new module itself.
"""

import sys
import warnings

from .learning import pettingzoo as _moved

warnings.warn("spielwerk.pettingzoo moved to spielwerk.learning.pettingzoo", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
