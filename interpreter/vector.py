"""Deprecated: moved to :mod:`spielwerk.learning.vector` (the learning interface is one package now).

This alias stays for one release; importing it warns and gives the new module itself.
"""

import sys
import warnings

from .learning import vector as _moved

warnings.warn("spielwerk.vector moved to spielwerk.learning.vector", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
