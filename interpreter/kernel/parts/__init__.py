"""The kernel's blocks, one module each: what a block of the engine becomes in a kernel.

Each module has ``KEYS`` (the keys of a block's entry it plays; any other leaves the game to the
engine), ``tables(game, block, tables, plan)`` (fills the block's tables from the engine block's
compiled ones and returns a bound on the moves it makes in a position), ``make(w, plan, i)``
(writes ``make{i}`` and ``unmake{i}``: the block's part of a move played and taken back),
``moves(w, plan, i)`` (writes the lines that append its moves to ``out``) and ``squares(w, plan,
i, name)`` (writes where a move of it starts or ends, ``from_of`` and ``to_of``; False where the
plain reading of a move's number does). A part may have ``plain_tables(w, plan, i)`` too: tables
written only for plain Python (lists of lists, move rows made as they are first asked for), which
its ``moves`` reads there in Python's own shape (a row copied by one slice, not a loop of ints).
A part whose random moves can be drawn without its list has ``proposes(plan, i)`` (whether this
block can), ``count(w, plan, i)`` (the body of ``count{i}(p)``: the size of a set of candidates
that holds each legal move once) and ``propose(w, plan, i)`` (the body of ``propose{i}(p, r)``:
the ``r``-th candidate's move where it is legal, else -1); see ``source._proposals``.
"""

from __future__ import annotations

from types import ModuleType

from . import carry, fly, jump, leap, line, passing, place, ranged, rotate, slide, sow, step, swap, take, then

#: the part of each block class, by the class's name in lower case (``then``: a turn of several parts)
PARTS: dict[str, ModuleType] = {"place": place, "step": step, "slide": slide, "carry": carry, "jump": jump,
                                "move": line, "rotate": rotate, "then": then, "pass": passing,
                                "sow": sow, "ranged": ranged, "take": take, "fly": fly, "leap": leap,
                                "swap": swap}

__all__ = ["PARTS"]
