"""Compile step: the phases, each with its move blocks compiled, and when each phase ends."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..blocks import BLOCKS
from ..turns import Phase

if TYPE_CHECKING:  # pragma: no cover
    from ..blocks.base import Block
    from .context import Compiler

__all__ = ["phases", "phase_ends", "move_limit", "MOVE_LIMIT"]

#: the most legal moves one position may have where the game file does not say (``limits.moves``):
#: about 180 times the most moves the bundled games that keep it have in random play (a game whose
#: turns have more results says its own), low enough that a rule whose moves grow without bound
#: stops within seconds and a few hundred MB
MOVE_LIMIT = 100_000


def move_limit(c: "Compiler") -> None:
    """``limits.moves``: the most legal moves one position may have."""
    given = (c.data.get("limits") or {}).get("moves", MOVE_LIMIT)
    c.t.move_limit = c.number(("limits", "moves"), given, 1, 100_000_000)


def phases(c: "Compiler", blocks: list["Block"]) -> list[Phase]:
    """Every phase of the game file, its blocks appended to ``blocks`` (their index is their place
    there, which a move's first item names)."""
    out: list[Phase] = []
    until_before = None
    for i, ph in enumerate(c.data["phases"]):
        prims, whens = _blocks(c, i, ph, blocks)
        compulsory = [b for b in prims if b.params.get("compulsory")]
        prefer = _prefer(c, i, ph, prims)
        plies = ph.get("plies")
        if plies is not None:
            plies = c.number(("phases", i, "plies"), plies, 0, 1_000_000)
            if until_before is not None:
                raise c.error(("phases", i, "plies"), f"phase {i + 1} counts plies, but phase "
                              f"{until_before + 1} before it ends by `until`: its plies cannot "
                              "be counted from the start")
        until = c.condition(("phases", i, "until"), ph["until"]) if "until" in ph else None
        if until is not None:
            until_before = i
        out.append(Phase(ph.get("name", f"phase {i + 1}"), plies, prims, ph.get("first"), until,
                         whens if any(w is not None for w in whens) else None, compulsory, prefer))
    last = len(out) - 1
    for key in ("plies", "until"):
        if key in c.data["phases"][last]:
            raise c.error(("phases", last, key), "the last phase lasts until the game ends: "
                          f"`{key}` has nothing to hand over to")
    rolling = [i for i, ph in enumerate(c.data["phases"]) if ph.get("dice")]
    if rolling and len(rolling) != len(out):
        raise c.error(("phases", rolling[0], "dice"), "the dice are rolled before every turn of the "
                      "game: give every phase its `dice` (or none)")
    c.t.phase_names = [ph.name for ph in out]
    return out


def _blocks(c: "Compiler", i: int, ph: dict[str, Any], blocks: list["Block"]) -> tuple[list["Block"], list[Any]]:
    """The blocks of phase ``i``, compiled, and their ``when`` conditions."""
    prims: list["Block"] = []
    whens: list[Any] = []
    for j, item in enumerate(ph.get("moves", [])):
        (kind, params), = item.items()
        params = params or {}
        where = ("phases", i, "moves", j, kind)
        if item in ph["moves"][:j]:
            raise c.error(where, f"this {kind} block repeats block {ph['moves'].index(item) + 1} of "
                          "the phase exactly: every move would be listed twice")
        cls = BLOCKS.get(kind)
        if cls is None:
            raise c.error(where, f"the primitive {kind!r} is designed but not implemented yet")
        c.t.hash_reserves = c.t.hash_reserves or params.get("onto") == "replace"
        with c.compiling(where):
            block = cls.make(c, len(blocks), params, where)
        blocks.append(block)
        prims.append(block)
        whens.append(c.condition(where + ("when",), params["when"]) if "when" in params else None)
    return prims, whens


def _prefer(c: "Compiler", i: int, ph: dict[str, Any], prims: list["Block"]) -> str:
    """What the compulsory blocks of a phase prefer (they must agree)."""
    prefer = "any"
    for j, block in enumerate(prims):
        params = block.params
        if params.get("compulsory") and params.get("prefer", "any") != "any":
            if prefer not in ("any", params["prefer"]):
                raise c.error(block.path + ("prefer",), "the compulsory moves of a phase must "
                              f"prefer the same ({prefer!r} here before)")
            prefer = params["prefer"]
    return prefer


def phase_ends(c: "Compiler", out: list[Phase], rng: random.Random) -> None:
    """The hash key of each phase, and the ply each phase ends at (where it ends by plies)."""
    t = c.t
    t.phase_keys = [rng.getrandbits(64) for _ in out]
    ends: list[int] = []
    acc: int | None = 0
    for ph in out:
        acc = acc + ph.plies if ph.plies is not None and acc is not None else None
        ends.append(acc if acc is not None else 1 << 62)
    t.phase_end = ends
