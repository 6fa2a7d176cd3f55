"""Compile step: the dice rolled before every turn, the opening roll, and the doubling cube."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable

from ..blocks.cube import Cube
from ..blocks.roll import Roll
from ..dice import Dice

if TYPE_CHECKING:  # pragma: no cover
    from ..blocks.base import Block
    from .context import Compiler

__all__ = ["dice"]


def dice(c: "Compiler", blocks: list["Block"], rng: random.Random) -> Dice | None:
    """The game's dice, or None: a roll is a chance move of a ``roll`` block added to ``blocks``;
    the cube, where the phase has one and its ``enabled`` condition holds, is a block too."""
    t = c.t
    t.roll_index, t.dice_count, t.faces, t.opening, t.cube_index = -1, 0, 0, None, -1
    t.dice_keys = {}
    phases = c.data["phases"]
    spec = next((ph for ph in phases if ph.get("dice")), None)
    if spec is None:
        return None
    roll = Roll(c, len(blocks), {}, ("phases",))
    blocks.append(roll)
    t.roll_index = roll.index
    at = ("phases", phases.index(spec), "dice")
    faces = spec["dice"].get("faces", 6)
    numbers = [c.number(at + ("faces", i), n, 1, 20) for i, n in enumerate(faces)] if isinstance(faces, list) else None
    t.faces = max(numbers) if numbers else c.number(at + ("faces",), faces, 2, 20)
    #: one die (the moves read it as ``die``; a `track` plays its number) or two (a `track` plays
    #: them as a whole turn)
    t.dice_count = c.number(at + ("count",), spec["dice"].get("count", 2), 1, 2)
    if numbers is not None and t.dice_count != 1:
        raise c.error(at + ("faces",), "a die whose faces are listed is rolled alone: give `count: 1`")
    tracks = any(b.name == "track" for b in blocks)
    if t.dice_count == 2 and not tracks:
        raise c.error(at + ("count",), "two dice are played by a `track`; other moves read one die (`die`): "
                      "2 dice do not fit this phase")
    t.dice_keys = {(a, b): rng.getrandbits(64) for a in range(1, t.faces + 1)
                   for b in (range(1, t.faces + 1) if t.dice_count == 2 else (0,))}
    t.opening = spec.get("opening")
    if t.opening is not None and t.dice_count == 1:
        raise c.error(at[:-1] + ("opening",), "an opening roll decides who starts with two dice")
    if t.opening is not None and t.num_players != 2:
        raise c.error(at[:-1] + ("opening",), "an opening roll decides which of two players starts (one die "
                      f"each): this game has {t.num_players} players")
    weigh = None
    if "weight" in spec["dice"]:
        if t.dice_count != 1:
            raise c.error(at + ("weight",), "a weight is read for each face of one die: give `count: 1`")
        weigh = _weigh(c, at + ("weight",), spec["dice"]["weight"])
    return Dice(roll.index, t.dice_count, t.faces, t.opening, _cube(c, blocks, spec, at[:-1]), numbers, weigh)


def _weigh(c: "Compiler", path: tuple[Any, ...], text: Any) -> Callable[[Any, int], int]:
    """``dice.weight``: how likely each number is in the position at hand, an expression read with
    ``die`` the number (a bag's tiles of that kind left, say)."""
    expr = c.condition(path, text)
    cond = c.cond

    def weigh(st: Any, number: int) -> int:
        ctx = cond.bind(st, st.to_move)
        old = st.dice
        st.dice = (number, 0)  # read as `die`; put back before anything else sees it
        try:
            value = expr(ctx)
        finally:
            st.dice = old
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            c.report(path, f"a die's weight is a whole number of at least 0, not {value!r}: it counts as 0")
            return 0
        return value
    return weigh


def _cube(c: "Compiler", blocks: list["Block"], spec: dict[str, Any], where: tuple[Any, ...]) -> Cube | None:
    """The doubling cube, where the dice phase has one that is enabled."""
    decl = spec.get("cube")
    if decl is None or not c.constant(where + ("cube", "enabled"), decl.get("enabled", False)):
        return None
    cube = Cube(c, len(blocks), decl, where + ("cube",))
    blocks.append(cube)
    c.t.cube_index = cube.index
    return cube
