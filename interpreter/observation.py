"""Deprecated: moved to :mod:`spielwerk.learning.observation` (the learning interface is one package now).

This alias stays for one release; importing it warns and gives the new module itself.
"""

import sys
import warnings

from .learning import observation as _moved

warnings.warn("spielwerk.observation moved to spielwerk.learning.observation", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
