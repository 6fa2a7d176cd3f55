"""Deprecated: moved to :mod:`spielwerk.learning.values` (the learning interface is one package now).

This alias stays for one release; importing it warns and gives the new module itself.
"""

import sys
import warnings

from .learning import values as _moved

warnings.warn("spielwerk.values moved to spielwerk.learning.values", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
