"""The move blocks, looked up by their key in game files (see :mod:`.base` for the contract).

``move`` (the general move, :mod:`.move`) compiles to a specialised generator where its keys have
that generator's shape (``Slide``, ``Step``, ``Carry``); ``jump`` is the general capture by
jumping. ``block``, ``converge``, ``tip`` and ``track`` are moves of a whole group, of several
pieces at once, of a rolling cube and of checkers run by the dice. The engine adds ``roll`` (the
dice), ``cube`` (the doubling cube) and ``pass`` where a game needs them.

Adding a block: write its file (docs/reference/adding-a-block.md walks through one) and add one
line to :data:`BLOCKS`.
"""

from .base import Block, Compiling, Primitive
from .carry import Carry
from .converge import Converge
from .cube import Cube
from .fly import Fly
from .jump import Jump
from .leap import Leap
from .move import Move, make_move
from .passing import Pass
from .place import Place
from .rectangle import Rectangle
from .roll import Roll
from .rotate import Rotate
from .shuffle import Shuffle
from .slide import Slide
from .sow import Sow
from .step import Step
from .swap import Swap
from .take import Take
from .tip import Tip
from .track import Track

#: block key in game files -> its class (``make`` compiles one use of it)
BLOCKS: dict[str, type[Block]] = {
    "place": Place, "move": Move, "jump": Jump, "block": Rectangle, "converge": Converge, "tip": Tip, "track": Track,
    "leap": Leap, "pass": Pass, "rotate": Rotate, "take": Take, "swap": Swap, "fly": Fly, "sow": Sow,
    "shuffle": Shuffle,
}
#: the old name of :data:`BLOCKS`
PRIMITIVES = BLOCKS

__all__ = ["Block", "Compiling", "Primitive", "BLOCKS", "PRIMITIVES", "Place", "Move", "Jump", "Leap", "make_move", "Carry",
           "Slide", "Rectangle", "Converge", "Step", "Tip", "Track", "Roll", "Cube", "Pass", "Rotate", "Take", "Swap", "Fly", "Sow",
           "Shuffle"]
