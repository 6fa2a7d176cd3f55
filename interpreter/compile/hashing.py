"""Compile step: the Zobrist keys, drawn from one seeded generator in a fixed order, so that a
position hashes alike in every process and for every compiled copy of the game."""

from __future__ import annotations

import random
import sys
from array import array
from typing import TYPE_CHECKING

from ..dsl.expr import names_in
from .pieces import placements

if TYPE_CHECKING:  # pragma: no cover
    from .context import Compiler

__all__ = ["keys", "hashed_counters", "SEED"]

SEED = 0x5E1E1


def keys(c: "Compiler") -> random.Random:
    """The keys of the pieces on the squares, of the side to move and of the dice's faces; returns
    the generator, which the later steps draw the phase and roll keys from."""
    t = c.t
    rng = random.Random(SEED)
    t.zobrist_stride = t.max_height + 1
    count = t.topology.size * t.zobrist_stride * t.num_codes
    # one block of random bytes read as little-endian 64-bit numbers: the same keys everywhere
    block = array("Q", rng.randbytes(8 * count))
    if sys.byteorder == "big":
        block.byteswap()
    t.zobrist = block.tolist()
    t.side_key = rng.getrandbits(64)
    # the third and later players' keys come from a generator of their own, so that a two-player
    # game draws the keys it always drew
    more = random.Random(SEED + 1)
    t.turn_keys = [0, 0, t.side_key, *(more.getrandbits(64) for _ in range(t.num_players - 2))]
    #: hash keys for an orientation code on a square (index sq * 64 + code)
    t.orient_keys = [rng.getrandbits(64) for _ in range(t.topology.size * 64)] if t.die else []
    return rng


def hashed_counters(c: "Compiler") -> None:
    """Which counters belong to the position's hash: the reserves where they change other than by
    placing (an overflow sent back), the captures where a rule reads them or the position text
    writes them."""
    t = c.t
    # pieces of nobody's placed from a player's reserve (walls from each player's supply) do not
    # tell on the board whose reserve they came from: the reserves are part of the position
    neutral = {k for k, v in c.data.get("pieces", {}).items() if (v or {}).get("neutral")}
    from_reserves = any(params.get("owner") == "neutral" and any(
        t.reserve_of_kind[t.kind_index[k]] >= 0 for k in params.get("pieces", neutral)) for params in placements(c))
    t.hash_reserves = (t.max_stack > 0 and "reserve" in t.overflow) or from_reserves
    trailer = str(((c.data.get("notation") or {}).get("position") or {}).get("trailer", ""))
    t.hash_captures = "{captures_" in trailer or any(
        "captures" in names_in(node) for node in c.spec.expressions.values())
