"""``take``: the player takes a piece of his choice off the board (Nine Men's Morris' removal after
a mill), with ``where`` and ``avoid`` conditions on the square; and ``fly``: a piece of his onto
any square ``to`` allows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import NotKernel

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares"]

KEYS = {"pieces", "owner", "take", "where", "avoid", "removed", "notation", "description", "legal_if", "sets"}


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    """Per player to move and cell (0 empty, else code + 1): whether it may be taken. A move's part
    is the square."""
    t = game.t
    if block.whole or block.to_reserve or t.stacking:
        raise NotKernel("a `take` of this shape")
    out["takes"] = [int(q > 0 and c > 0 and (c - 1) in block.codes[q]) for q in range(3) for c in range(t.num_codes + 1)]
    out["room"] = [t.topology.size]
    return int(t.topology.size)


def make(w: "Writer", p: "Plan", i: int) -> None:
    """The piece on the square goes out of the game (its code is the info)."""
    w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
    w.local("int s")
    w("s = <int>x" if w.typed else "s = x", 1)
    w("return pop(s)", 1)
    w("")
    w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "info")], "void")
    w.local("int s")
    w("s = <int>x" if w.typed else "s = x", 1)
    w("push(s, info)", 1)
    w("")


def moves(w: "Writer", p: "Plan", i: int) -> None:
    """The squares whose piece may be taken, in order; those ``avoid`` holds of only where every
    one does. ``LTF`` holds the squares of the part before (``to``, ``from``)."""
    n, nc1 = p.squares, p.codes + 1
    blk = p.blocks[i]
    where = f" and takew{i}(p, LTF[0], LTF[1], s)" if blk.take_where is not None else ""
    w("first = k", 1)
    w("free = 0", 1)
    w(f"for s in range({n}):", 1)
    w(f"if b[s] and B{i}_takes[p * {nc1} + b[s]]{where}:", 2)
    w(f"out[k] = {w.big(i * p.slot)} + s", 3)
    w("k += 1", 3)
    if blk.take_avoid is not None:
        w(f"if not takea{i}(p, LTF[0], LTF[1], s):", 3)
        w("free += 1", 4)
        w("if free:", 1)  # only the squares avoid does not hold of
        w("j = first", 2)
        w("for e in range(first, k):", 2)
        w(f"if not takea{i}(p, LTF[0], LTF[1], out[e] - {w.big(i * p.slot)}):", 3)
        w("out[j] = out[e]", 4)
        w("j += 1", 4)
        w("k = j", 2)


def squares(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """A take starts and ends on its square."""
    w("return <int>x" if w.typed else "return x", 2)
    return True
