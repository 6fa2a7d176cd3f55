"""Move primitives: one class per kind of move, looked up by its key in game files."""

from .base import Primitive
from .carry import Carry
from .place import Place
from .slide import Slide
from .block import Block
from .converge import Converge
from .step import Step
from .tip import Tip
from .track import Roll, Track

#: primitive key in game files -> class
PRIMITIVES: dict[str, type[Primitive]] = {cls.name: cls for cls in (Place, Carry, Slide, Block, Converge, Step, Tip, Track)}

__all__ = ["Primitive", "PRIMITIVES", "Place", "Carry", "Slide", "Block", "Converge", "Step", "Tip", "Track", "Roll"]
