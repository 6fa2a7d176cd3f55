"""Deprecated: moved to :mod:`spielwerk.learning.actions` (the learning interface is one package now).

This alias stays for one release; importing it warns and gives the new module itself.
"""

import sys
import warnings

from .learning import actions as _moved

warnings.warn("spielwerk.actions moved to spielwerk.learning.actions", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
