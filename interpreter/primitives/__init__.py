"""Move primitives, looked up by their key in game files.

``move`` (the general move, :mod:`.move`) compiles to a specialised generator where its keys have
that generator's shape (``Slide``, ``Step``, ``Carry``); ``jump`` is the general capture by
jumping. ``block``, ``converge``, ``tip`` and ``track`` are moves of a whole group, of several
pieces at once, of a rolling cube and of checkers run by the dice.
"""

from typing import Any, Callable

from .base import Primitive
from .block import Block
from .carry import Carry
from .converge import Converge
from .jump import Jump
from .move import Move, make_move
from .place import Place
from .slide import Slide
from .step import Step
from .tip import Tip
from .track import Roll, Track

#: primitive key in game files -> what compiles it (a class, or ``make_move``)
PRIMITIVES: dict[str, Callable[..., Primitive]] = {
    "place": Place, "move": make_move, "jump": Jump, "block": Block, "converge": Converge, "tip": Tip,
    "track": Track,
}

__all__ = ["Primitive", "PRIMITIVES", "Place", "Move", "Jump", "make_move", "Carry", "Slide", "Block",
           "Converge", "Step", "Tip", "Track", "Roll"]
