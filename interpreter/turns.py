"""Phases: which blocks give the moves of a turn, and the rules that choose among them.

A phase lists its move blocks; the legal moves are every block's moves, except that a block with a
``when`` gives moves only while its condition holds, and where some blocks are ``compulsory`` and
have moves, only theirs are legal (the preferred among them: the most pieces captured, or the most
value). A phase lasts a number of plies or until its ``until`` condition holds after a move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover
    from .blocks.base import Block
    from .compile.conditions import Conditions
    from .state import Position

__all__ = ["Phase", "generate"]


@dataclass
class Phase:
    name: str
    plies: int | None
    blocks: list["Block"]
    #: who moves first in this phase (None: play simply alternates into it)
    first: int | None = None
    #: the phase also ends after the ply after which this holds (``until``)
    until: Callable[[Any], Any] | None = None
    #: per block, its ``when`` condition or None (None for all: no block has one)
    whens: list[Callable[[Any], Any] | None] | None = None
    #: blocks whose moves, when there are any, are the only legal ones (``compulsory``)
    compulsory: list["Block"] | None = None
    #: among compulsory moves keep the best by these criteria in turn (``prefer``: ``most``,
    #: ``value``, ``capturer``); empty: any
    prefer: tuple[str, ...] = ()
    #: the legal moves are simply every block's moves (no `when`, nothing compulsory)
    plain: bool = True
    #: chance draws the phase's moves (``chance: true``), each as likely unless ``weights`` says
    chance: bool = False
    #: in a chance phase, per block index, how likely its moves are (``weight``), a function of the
    #: context with the move's from and to
    weights: dict[int, Callable[[Any], Any]] | None = None

    def __post_init__(self) -> None:
        self.plain = self.whens is None and not self.compulsory

    @property
    def primitives(self) -> list["Block"]:
        """Deprecated name of :attr:`blocks`."""
        return self.blocks


def generate(phase: Phase, st: "Position", out: list[Any], cond: "Conditions", whens: bool = True,
             legal: Callable[[Any, list[Any]], list[Any]] | None = None) -> None:
    """Append the legal moves of ``phase`` in ``st`` (see the module docstring); with ``whens``
    false, every block's moves whatever its ``when``; ``legal`` keeps the moves whose block's
    ``legal_if`` holds, before the compulsory ones are set apart."""
    if phase.plain and legal is None:
        for block in phase.blocks:
            block.generate(st, out)
        return
    conditions = phase.whens if whens else None
    compulsory = phase.compulsory
    forced: list[Any] = []
    for i, block in enumerate(phase.blocks):
        if conditions is not None:
            when = conditions[i]
            if when is not None and not when(cond.bind(st, st.to_move)):
                continue
        target = forced if compulsory and block in compulsory else out
        if legal is None:
            block.generate(st, target)
        else:
            own: list[Any] = []
            block.generate(st, own)
            target.extend(legal(st, own) if own else own)
    if forced:
        if phase.prefer:
            blocks = phase.blocks
            weights = [tuple(_owner(blocks, m).weight(st, m, c) for c in phase.prefer) for m in forced]
            best = max(weights)
            forced = [m for m, w in zip(forced, weights) if w == best]
        out.clear()
        out.extend(forced)


def _owner(blocks: list["Block"], move: Any) -> "Block":
    """The block (of ``blocks``) that made ``move``."""
    index = move[0]
    return next(b for b in blocks if b.index == index)
