"""The one place a position changes: stacks, tops, the hash, captures and reserves kept in step.

Every block, effect and rule of the engine changes a state through these functions, so the
bitmasks of the tops (``st.tops``, ``st.occupied``), the incremental Zobrist hash, the captures
and the reserves never disagree with the stacks. Each function has its inverse: what ``lift``
takes, ``put`` gives back, and the hash returns to what it was.

A state reads its compiled tables as ``st.t`` (:class:`spielwerk.tables.Tables`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .state import Position

__all__ = ["retop", "topped", "rehash_stack", "lift", "put", "take_under", "clear", "recode_top", "restack",
           "move_top", "capture_at", "uncapture_at", "add_captures", "change_reserve", "return_to_reserves",
           "move_orientation", "set_orientation", "set_counter"]


def topped(st: "Position", codes: list[int]) -> int:
    """The bitmask of squares whose top piece has one of ``codes``."""
    tops = st.tops
    mask = 0
    for c in codes:
        mask |= tops[c]
    return mask


def retop(st: "Position", sq: int, old: int) -> None:
    """Update ``tops`` and ``occupied`` after the stack on ``sq`` changed; ``old`` was its top (-1 empty)."""
    s = st.stacks[sq]
    new = s[-1] if s else -1
    if new == old:
        return
    bit = 1 << sq
    if old >= 0:
        st.tops[old] ^= bit
    else:
        st.occupied |= bit
    if new >= 0:
        st.tops[new] ^= bit
    else:
        st.occupied ^= bit


# -- stacks ------------------------------------------------------------------------------------------

def rehash_stack(st: "Position", sq: int) -> int:
    """The hash contribution of the whole stack on ``sq`` (XOR it out, change, XOR it back in)."""
    t = st.t
    Z, zs, nc = t.zobrist, t.zobrist_stride, t.num_codes
    h = 0
    for height, pc in enumerate(st.stacks[sq]):
        h ^= Z[(sq * zs + height) * nc + pc]
    return h


def lift(st: "Position", sq: int, k: int) -> list[int]:
    """Take the top ``k`` pieces off ``sq``; return them bottom first."""
    t = st.t
    Z, zs, nc = t.zobrist, t.zobrist_stride, t.num_codes
    s = st.stacks[sq]
    old = s[-1]
    base = len(s) - k
    moving = s[base:]
    del s[base:]
    h = st.hash
    for i, pc in enumerate(moving):
        h ^= Z[(sq * zs + base + i) * nc + pc]
    st.hash = h
    retop(st, sq, old)
    return moving


def put(st: "Position", sq: int, pieces: list[int], under: bool = False) -> None:
    """Put ``pieces`` (bottom first) on top of the stack on ``sq``, or under it."""
    s = st.stacks[sq]
    old = s[-1] if s else -1
    if under and s:
        st.hash ^= rehash_stack(st, sq)
        s[:0] = pieces
        st.hash ^= rehash_stack(st, sq)
    else:
        t = st.t
        Z, zs, nc = t.zobrist, t.zobrist_stride, t.num_codes
        h = st.hash
        for pc in pieces:
            h ^= Z[(sq * zs + len(s)) * nc + pc]
            s.append(pc)
        st.hash = h
    retop(st, sq, old)


def take_under(st: "Position", sq: int, k: int) -> list[int]:
    """Take the bottom ``k`` pieces of the stack on ``sq`` away; return them bottom first."""
    s = st.stacks[sq]
    old = s[-1]
    st.hash ^= rehash_stack(st, sq)
    gone = s[:k]
    del s[:k]
    st.hash ^= rehash_stack(st, sq)
    retop(st, sq, old)
    return gone


def clear(st: "Position", sq: int) -> list[int]:
    """Remove the whole stack on ``sq``; return it bottom first."""
    s = st.stacks[sq]
    if not s:
        return []
    return lift(st, sq, len(s))


def restack(st: "Position", sq: int, pieces: list[int]) -> None:
    """Make the stack on ``sq`` hold ``pieces`` (bottom first)."""
    stack = st.stacks[sq]
    if stack == pieces:  # nothing changes (an empty square turned onto an empty one)
        return
    old = stack[-1] if stack else -1
    st.hash ^= rehash_stack(st, sq)
    stack[:] = pieces
    st.hash ^= rehash_stack(st, sq)
    retop(st, sq, old)


def recode_top(st: "Position", sq: int, new: int) -> int:
    """Turn the top piece of ``sq`` into ``new``; return the old code."""
    t = st.t
    s = st.stacks[sq]
    old = s[-1]
    hh = (sq * t.zobrist_stride + len(s) - 1) * t.num_codes
    st.hash ^= t.zobrist[hh + old] ^ t.zobrist[hh + new]
    s[-1] = new
    retop(st, sq, old)
    return old


def move_top(st: "Position", a: int, b: int) -> int:
    """Move the top piece of ``a`` onto ``b``; return its code. (A die keeps its faces: its
    orientation goes along.) Its own inverse is ``move_top(st, b, a)``."""
    t = st.t
    stacks = st.stacks
    src, dst = stacks[a], stacks[b]
    code = src.pop()
    zs, nc, Z = t.zobrist_stride, t.num_codes, t.zobrist
    st.hash ^= Z[(a * zs + len(src)) * nc + code] ^ Z[(b * zs + len(dst)) * nc + code]
    old = dst[-1] if dst else -1
    dst.append(code)
    if t.die is not None and t.oriented[t.code_kind[code]]:
        move_orientation(st, a, b)
    retop(st, a, code)
    retop(st, b, old)
    return code


def move_orientation(st: "Position", a: int, b: int) -> None:
    """The orientation of the piece on ``a`` goes to ``b`` unchanged (a die that does not tip)."""
    keys = st.t.orient_keys
    o = st.orient[a]
    st.hash ^= keys[a * 64 + o] ^ keys[b * 64 + o]
    st.orient[b], st.orient[a] = o, 0


def set_orientation(st: "Position", sq: int, o: int) -> None:
    """The piece on ``sq`` (a die) now shows the orientation ``o``."""
    keys = st.t.orient_keys
    st.hash ^= keys[sq * 64 + st.orient[sq]] ^ keys[sq * 64 + o]
    st.orient[sq] = o


# -- captures and reserves ------------------------------------------------------------------------------

def capture_at(st: "Position", sq: int) -> list[int]:
    """Remove every piece on ``sq`` (a capture), the enemy pieces among them counted as captured
    by the player to move; return them, then the top's orientation, for :func:`uncapture_at`."""
    s = st.stacks[sq]
    if not s:
        return []
    t = st.t
    zobrist, zstride, nc = t.zobrist, t.zobrist_stride, t.num_codes
    old = s[-1]
    h = st.hash
    if t.orient_keys and t.oriented[t.code_kind[old]]:
        h ^= t.orient_keys[sq * 64 + st.orient[sq]]
    for height, pc in enumerate(s):
        h ^= zobrist[(sq * zstride + height) * nc + pc]
    gone = list(s) + [st.orient[sq]]
    s.clear()
    st.orient[sq] = 0
    st.hash = h
    retop(st, sq, old)
    _count_captured(st, gone, 1)
    return gone


def uncapture_at(st: "Position", sq: int, gone: list[int]) -> None:
    """Put back what :func:`capture_at` took off ``sq``."""
    if not gone:
        return
    t = st.t
    zobrist, zstride, nc = t.zobrist, t.zobrist_stride, t.num_codes
    *pieces, orient = gone
    s = st.stacks[sq]
    old = s[-1] if s else -1
    h = st.hash
    for height, pc in enumerate(pieces):
        s.append(pc)
        h ^= zobrist[(sq * zstride + height) * nc + pc]
    st.orient[sq] = orient
    if t.orient_keys and t.oriented[t.code_kind[pieces[-1]]]:
        h ^= t.orient_keys[sq * 64 + orient]
    st.hash = h
    _count_captured(st, gone, -1)
    retop(st, sq, old)


def _count_captured(st: "Position", gone: list[int], sign: int) -> None:
    """Add (``sign`` 1) or take back (-1) the enemy pieces of ``gone`` (pieces, then the top's
    orientation) to the captures of the player to move."""
    mover = st.to_move
    owner = st.t.code_owner
    add_captures(st, mover, sign * sum(1 for pc in gone[:-1] if owner[pc] != mover))


def add_captures(st: "Position", player: int, n: int) -> None:
    """``player`` has put ``n`` more pieces out of the game (negative: taken back)."""
    if n:
        old = st.captures[player]
        st.captures[player] = old + n
        t = st.t
        if t.hash_captures:
            st.hash ^= t.captures_key(player, old) ^ t.captures_key(player, old + n)


def change_reserve(st: "Position", player: int, reserve: int, delta: int) -> None:
    """Add ``delta`` pieces to a player's reserve (hashed where reserves can change other than
    by placing)."""
    old = st.reserves[player][reserve]
    st.reserves[player][reserve] = old + delta
    t = st.t
    if t.hash_reserves:
        st.hash ^= t.reserve_key(player, reserve, old) ^ t.reserve_key(player, reserve, old + delta)


def set_counter(st: "Position", slot: int, value: int) -> int:
    """Set a counter (``st.counters[slot]``); return its old value."""
    old = st.counters[slot]
    if value != old:
        st.counters[slot] = value
        t = st.t
        st.hash ^= t.counter_key(slot, old) ^ t.counter_key(slot, value)
    return old


def return_to_reserves(st: "Position", pieces: list[int], sign: int) -> None:
    """Pieces sent back to their owners' reserves (``sign`` 1), or taken out again (-1)."""
    t = st.t
    for pc in pieces:
        r = t.reserve_of_kind[t.code_kind[pc]]
        if r >= 0 and t.code_owner[pc]:
            change_reserve(st, t.code_owner[pc], r, sign)
