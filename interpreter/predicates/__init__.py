"""Predicates: named board conditions a game file defines and calls from expressions (``road(mover)``)."""

from .base import Predicate
from .connection import Connection
from .captured import Captured
from .count import Count
from .reach import Reach
from .holds import Holds
from .pattern import Pattern
from .row import Row

#: predicate key in game files -> class
PREDICATES: dict[str, type[Predicate]] = {cls.name: cls for cls in (Connection, Pattern, Count, Reach, Captured, Holds, Row)}

__all__ = ["Predicate", "PREDICATES", "Connection", "Pattern", "Count", "Reach", "Captured", "Holds", "Row"]
