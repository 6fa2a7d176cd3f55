"""Compile steps: the counters a game keeps besides the board, and what sets them.

A counter is a whole number, one for the game or one per player (two slots of ``st.counters``,
player 1's then player 2's). Expressions read it by name (``quiet``) or, per player, as a function
of a player (``king_moves(mover)``); ``sets`` on a block and a ``set`` effect change it after a move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..dsl.spec import counter_target
from ..effects import SetCounters

if TYPE_CHECKING:  # pragma: no cover
    from .context import Compiler

__all__ = ["counters", "setters"]


def counters(c: "Compiler") -> None:
    """``counters``: the slots of each counter and their start values."""
    t = c.t
    t.counter_slots, t.counter_start = {}, []
    for name, decl in c.data.get("counters", {}).items():
        decl = decl or {}
        per_player = bool(decl.get("per_player", False))
        t.counter_slots[name] = (len(t.counter_start), per_player)
        t.counter_start += [int(decl.get("start", 0))] * (t.num_players if per_player else 1)


def setters(c: "Compiler", path: tuple[Any, ...], given: dict[str, Any],
            when: Callable[[Any], Any] | None = None) -> SetCounters:
    """The counters set at ``path`` (``sets`` of a block, or a ``set`` effect) as one effect: for
    each, the slot it sets (a function of the mover, for a counter kept per player) and the
    function giving its new value."""
    out: list[tuple[Callable[[int], int], Callable[[Any], Any]]] = []
    for key, value in given.items():
        target = counter_target(str(key))
        if target is None or target[0] not in c.t.counter_slots:  # the checks have said so
            raise c.error(path + (key,), f"{key!r} is not a counter of this game")
        name, player = target
        first, _ = c.t.counter_slots[name]
        out.append((_slot(first, player), c.condition(path + (key,), value)))
    return SetCounters(when, out)


def _slot(first: int, player: str | None) -> Callable[[int], int]:
    """The slot of a counter, given the mover: the game's one, or a player's."""
    if player is None:
        return lambda mover: first
    if player in ("1", "2"):
        fixed = first + int(player) - 1
        return lambda mover: fixed
    if player == "opponent":
        return lambda mover: first + 2 - mover
    return lambda mover: first + mover - 1
