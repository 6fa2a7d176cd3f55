"""Compile step: the phases, each with its move blocks compiled, and when each phase ends."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable

from ..blocks import BLOCKS
from ..blocks.sequence import Part, Sequence
from ..turns import Phase
from .ends import effect
from .memory import setters

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
        if "legal_if" in ph:
            _phase_legal_if(c, ("phases", i, "legal_if"), ph["legal_if"], prims)
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
                         whens if any(w is not None for w in whens) else None, compulsory, prefer,
                         chance=bool(ph.get("chance", False))))
        if ph.get("chance"):
            _chance_phase(c, i, ph)
            out[-1].weights = _weights(c, i, ph, prims)
        else:
            for j, item in enumerate(ph.get("moves", [])):
                (kind, params), = item.items()
                if "weight" in (params or {}):
                    raise c.error(("phases", i, "moves", j, kind, "weight"), "`weight` says how likely chance "
                                  "draws a move: it belongs in a chance phase (`chance: true`)")
    last = len(out) - 1
    for key in ("plies", "until"):
        if key in c.data["phases"][last]:
            raise c.error(("phases", last, key), "the last phase lasts until the game ends: "
                          f"`{key}` has nothing to hand over to")
    rolling = [i for i, ph in enumerate(c.data["phases"]) if ph.get("dice")]
    chosen = [i for i, ph in enumerate(c.data["phases"]) if not ph.get("chance")]
    if rolling and rolling != chosen:
        raise c.error(("phases", rolling[0], "dice"), "the dice are rolled before every turn of the "
                      "game: give every phase its `dice` (or none; a chance phase rolls none)")
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
        block = _block(c, kind, params, where, blocks)
        whens.append(c.condition(where + ("when",), params["when"]) if "when" in params else None)
        if "then" in params:  # a turn of several parts: the block gives its first
            block = _sequence(c, block, params, where, blocks)
        else:
            _follow_ups(c, block, params, where)
        prims.append(block)
    return prims, whens


def _block(c: "Compiler", kind: str, params: dict[str, Any], where: tuple[Any, ...],
           blocks: list["Block"]) -> "Block":
    """One block of a game file compiled, appended to ``blocks``."""
    cls = BLOCKS.get(kind)
    if cls is None:
        raise c.error(where, f"the primitive {kind!r} is designed but not implemented yet")
    c.t.hash_reserves = c.t.hash_reserves or params.get("onto") == "replace"
    with c.compiling(where):
        block = cls.make(c, len(blocks), params, where)
    blocks.append(block)
    return block


def _sequence(c: "Compiler", first: "Block", params: dict[str, Any], where: tuple[Any, ...],
              blocks: list["Block"]) -> "Block":
    """A turn of several parts that begins with a move of ``first`` (see :mod:`spielwerk.blocks.sequence`)."""
    head = _part(c, first, params, where, blocks, top=True)
    seq = Sequence(c, len(blocks), head, where)
    blocks.append(seq)
    if "prefer_if" in params:
        c.prefer_if[seq.index] = _preferences(c, where + ("prefer_if",), params["prefer_if"])
    return seq


def _preferences(c: "Compiler", where: tuple[Any, ...], value: Any) -> list[Callable[[Any], Any]]:
    """``prefer_if``: one condition, or a list of them in order of priority."""
    if isinstance(value, list):
        return [c.condition(where + (i,), item) for i, item in enumerate(value)]
    return [c.condition(where, value)]


def _part(c: "Compiler", block: "Block", params: dict[str, Any], where: tuple[Any, ...], blocks: list["Block"],
          top: bool = False) -> Part:
    """One entry of a turn of several parts, with the entries that may follow it."""
    part = Part(block, None if top or "when" not in params else c.condition(where + ("when",), params["when"]))
    part.effects = [effect(c, where + ("effects", i), e) for i, e in enumerate(params.get("effects", []))]
    if "sets" in params:
        part.effects.append(setters(c, where + ("sets",), params["sets"]))
    if "legal_if" in params:
        part.legal_if = c.condition(where + ("legal_if",), params["legal_if"])
    if "again" in params:
        part.again = c.condition(where + ("again",), params["again"])
    if not top and "prefer_if" in params:
        raise c.error(where + ("prefer_if",), "`prefer_if` chooses among the phase's moves, which are whole "
                      "turns: write it on the turn's first entry, where it reads the turn's result")
    part.optional = bool(params.get("then_optional", False))
    for k, item in enumerate(params.get("then", [])):
        (kind, sub), = item.items()
        sub = sub or {}
        at = where + ("then", k, kind)
        part.then.append(_part(c, _block(c, kind, sub, at, blocks), sub, at, blocks))
    return part


def _follow_ups(c: "Compiler", block: "Block", params: dict[str, Any], where: tuple[Any, ...]) -> None:
    """What follows a move of ``block``: its effects (before the game's), its counters set (after
    them), the condition on the result that makes it legal, and the one that gives another turn."""
    before = [effect(c, where + ("effects", i), e) for i, e in enumerate(params.get("effects", []))]
    after = [setters(c, where + ("sets",), params["sets"])] if "sets" in params else []
    if before or after:
        c.block_effects[block.index] = (before, after)
    if "legal_if" in params:
        c.legal_if[block.index] = c.condition(where + ("legal_if",), params["legal_if"])
    if "again" in params:
        c.again[block.index] = c.condition(where + ("again",), params["again"])
    if "prefer_if" in params:
        c.prefer_if[block.index] = _preferences(c, where + ("prefer_if",), params["prefer_if"])


def _chance_phase(c: "Compiler", i: int, ph: dict[str, Any]) -> None:
    """A phase whose moves chance draws: each a single action, and no dice of its own."""
    if ph.get("dice"):
        raise c.error(("phases", i, "dice"), "chance draws the moves of a chance phase: it rolls no dice")
    for j, item in enumerate(ph.get("moves", [])):
        (kind, params), = item.items()
        for key in ("then", "again", "compulsory"):
            if (params or {}).get(key):
                raise c.error(("phases", i, "moves", j, kind, key), f"chance draws one move of a chance phase "
                              f"at a time, a whole turn: `{key}` does not apply")


def _weights(c: "Compiler", i: int, ph: dict[str, Any], prims: list["Block"]) -> dict[int, Any] | None:
    """A chance phase's ``weight`` per block index, or None where every move is as likely."""
    out = {}
    for j, (item, block) in enumerate(zip(ph.get("moves", []), prims)):
        (kind, params), = item.items()
        if "weight" in (params or {}):
            out[block.index] = c.condition(("phases", i, "moves", j, kind, "weight"), params["weight"])
    return out or None


def _phase_legal_if(c: "Compiler", at: tuple[Any, ...], text: Any, prims: list["Block"]) -> None:
    """A phase's ``legal_if``: a condition on the result of every turn of the phase, with each
    block's own (both must hold). In a turn of several parts it is read once the whole turn is played."""
    whole = c.condition(at, text)
    for block in prims:
        own = c.legal_if.get(block.index)
        c.legal_if[block.index] = whole if own is None else _both(own, whole)


def _both(first: Any, second: Any) -> Any:
    return lambda x: first(x) and second(x)


def _prefer(c: "Compiler", i: int, ph: dict[str, Any], prims: list["Block"]) -> tuple[str, ...]:
    """What the compulsory blocks of a phase prefer, criterion by criterion (they must agree)."""
    prefer: tuple[str, ...] = ()
    for j, block in enumerate(prims):
        params = block.params
        given = params.get("prefer", "any")
        if params.get("compulsory") and given != "any":
            given = tuple(given) if isinstance(given, list) else (given,)
            if prefer and prefer != given:
                raise c.error(block.path + ("prefer",), "the compulsory moves of a phase must "
                              f"prefer the same ({' then '.join(prefer)} here before)")
            prefer = given
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
