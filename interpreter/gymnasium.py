"""Deprecated: moved to :mod:`spielwerk.learning.gymnasium` (the learning interface is one package now).

This alias stays for one release; importing it warns and gives the new module itself.
"""

import sys
import warnings

from .learning import gymnasium as _moved

warnings.warn("spielwerk.gymnasium moved to spielwerk.learning.gymnasium", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
