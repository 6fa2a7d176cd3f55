"""Move primitives: one class per kind of move, looked up by its key in game files."""

from .base import Primitive
from .carry import Carry
from .place import Place
from .slide import Slide
from .block import Block
from .converge import Converge

#: primitive key in game files -> class
PRIMITIVES: dict[str, type[Primitive]] = {cls.name: cls for cls in (Place, Carry, Slide, Block, Converge)}

__all__ = ["Primitive", "PRIMITIVES", "Place", "Carry", "Slide", "Block", "Converge"]
