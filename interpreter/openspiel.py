"""Deprecated: moved to :mod:`spielwerk.learning.openspiel` (the learning interface is one package now).

This alias stays for one release; importing it warns and gives the new module itself.
"""

import sys
import warnings

from .learning import openspiel as _moved

warnings.warn("spielwerk.openspiel moved to spielwerk.learning.openspiel", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
