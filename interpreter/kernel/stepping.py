"""Many games stepped at once inside a kernel: what :class:`spielwerk.learning.vector.VectorGame`
runs on where the game's moves are single placements.

``vstep`` plays one action in each of ``games`` games, each kept as a row of ints (its board, its
reserves and counters, the player to move, the ply, the decisions made; see :func:`row_width`),
and writes per game the mask of the next player's actions, his observation, the rewards of a
game that ended and whether one did (a game that ends, or is cut off after ``cap`` decisions,
starts again from the start row). What the actions and the observation are is not the kernel's
to know: the caller hands over a table ``T`` of ints (:func:`header` lists its parts): per player
the kernel move of each action id, per kernel move its action id, per viewer where each piece,
height, reserve and counter goes in the observation. The kernel only plays the moves.

The games this fits (:func:`vector_ok`): placements and passes only (pieces come and never go, so
no capture is ever counted), no dice, no chance phases, no conditions on earlier boards, no
``again``, two players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Plan

if TYPE_CHECKING:  # pragma: no cover
    from .writer import Writer

__all__ = ["vector_ok", "row_width", "HEADER", "write"]

#: the parts of the table ``T``, in the order of its first ints (each an offset into ``T``,
#: except the first three): the observation's size, the number of actions, a game's row width;
#: per player the kernel move of each action (-1: none), per kernel move its action, per viewer
#: per code and square the index of that piece, per viewer per square the index of its height, per
#: viewer the index of ``to_move``, per viewer per reserve slot (player, slot) its index, per
#: viewer per counter slot its index, the start row, per viewer the first index of ``phase`` (-1:
#: none), the plies each phase ends at, per end rule whether it has a value
HEADER = ("obs", "actions", "width", "am", "ma", "piece", "height", "to_move", "reserves", "counters", "start",
          "phase", "phase_end", "valued")


def vector_ok(p: Plan) -> str | None:
    """Why ``p``'s games cannot be stepped by ``vstep`` (None: they can)."""
    if p.race is not None or p.dice or p.openers or p.shuffles:
        return "dice or chance"
    if p.zobrist or p.repetition:
        return "conditions on earlier positions"
    if not p.grows or any(b.kind not in ("place", "pass") or b.origin is not None for b in p.blocks):
        return "moves other than placements and passes"
    if any(b.again is not None for b in p.blocks):
        return "another turn (`again`)"
    return None


def row_width(p: Plan) -> int:
    """The ints of a game's row: its board, reserves (``3 x reserves``), counters, then the player to
    move, the ply and the decisions made."""
    return p.squares + 3 * max(1, p.reserves) + max(1, len(p.counters)) + 3


def write(w: "Writer", p: Plan, bound: int) -> None:
    """``vload``, ``vsave`` and ``vstep`` (see the module's text)."""
    n = p.squares
    r3 = 3 * max(1, p.reserves)
    nc = max(1, len(p.counters))
    at_p, at_ply, at_steps = n + r3 + nc, n + r3 + nc + 1, n + r3 + nc + 2
    W = row_width(p)
    h = {name: i for i, name in enumerate(HEADER)}
    iv = "int[::1]" if w.typed else None
    w.func("vsave", [("int[::1]", "VS"), ("int", "base")], "void")
    w.local("int i")
    w(f"for i in range({n}):", 1)
    w("VS[base + i] = b[i]", 2)
    w(f"for i in range({r3}):", 1)
    w(f"VS[base + {n} + i] = RES[i]", 2)
    w(f"for i in range({nc}):", 1)
    w(f"VS[base + {n + r3} + i] = CNT[i]", 2)
    w("")
    w.func("vstart", [("int[::1]", "VS"), ("int", "base"), ("int[::1]", "T")], "void")
    w.local("int i, first")
    w(f"first = T[{h['start']}]", 1)
    w(f"for i in range({W}):", 1)
    w("VS[base + i] = T[first + i]", 2)
    w("")
    # the position of a row set up as ``load`` sets one up (its reserves and counters, its pieces
    # pushed one by one)
    w.func("vload", [("int[::1]", "VS"), ("int", "base")], "void", inline=False)
    w.local("int i, s")
    w("begin_load()", 1)
    w(f"for i in range({nc}):", 1)
    w(f"CNT[i] = VS[base + {n + r3} + i]", 2)
    w(f"for i in range({r3}):", 1)
    w(f"RES[i] = VS[base + {n} + i]", 2)
    w(f"for s in range({n}):", 1)
    w("if VS[base + s]:", 2)
    w("push(s, VS[base + s] - 1)", 3)
    w("end_load()", 1)
    w("")
    # the mask and the observation of the row's player to move, into row i of each
    w.func("vshow", [("int", "i"), ("int", "p"), ("int", "ply"), ("int", "k"), ("long long*", "buf"),
                     ("float[::1]", "obs"), ("unsigned char[::1]", "mask"), ("int[::1]", "T")], "void",
           inline=False)
    w.local("int j, sq, c, D, A, ob, mb, ma, pc, ht, ph, first, last")
    w("D = T[0]", 1)
    w("A = T[1]", 1)
    w("ob = i * D", 1)
    w("mb = i * A", 1)
    w(f"ma = T[{h['ma']}]", 1)
    w("for j in range(A):", 1)
    w("mask[mb + j] = 0", 2)
    w("for j in range(k):", 1)
    w("mask[mb + T[ma + buf[j]]] = 1", 2)
    w("for j in range(D):", 1)
    w("obs[ob + j] = 0", 2)
    w(f"pc = T[{h['piece']}] + (p - 1) * {p.codes * n}", 1)
    w(f"ht = T[{h['height']}] + (p - 1) * {n}", 1)
    w(f"for sq in range({n}):", 1)
    w("c = b[sq]", 2)
    w("if c:", 2)
    w(f"obs[ob + T[pc + (c - 1) * {n} + sq]] = 1", 3)
    w("obs[ob + T[ht + sq]] = 1", 3)
    w(f"obs[ob + T[T[{h['to_move']}] + p - 1]] = 1", 1)
    if p.reserves:
        w(f"first = T[{h['reserves']}] + (p - 1) * {r3}", 1)
        w(f"for j in range({r3}):", 1)
        w("if T[first + j] >= 0:", 2)
        w("obs[ob + T[first + j]] = RES[j]", 3)
    if p.counters:
        w(f"first = T[{h['counters']}] + (p - 1) * {nc}", 1)
        w(f"for j in range({nc}):", 1)
        w("obs[ob + T[first + j]] = CNT[j]", 2)
    if len(p.phases) > 1:
        w(f"ph = T[T[{h['phase']}] + p - 1]", 1)
        w(f"first = T[{h['phase_end']}]", 1)
        w("last = 0", 1)
        w(f"while last < {len(p.phases) - 1} and ply >= T[first + last]:", 1)
        w("last += 1", 2)
        w("obs[ob + ph + last] = 1", 1)
    w("")
    a64 = "long long[::1]" if w.typed else None
    f32 = "float[::1]" if w.typed else None
    u8 = "unsigned char[::1]" if w.typed else None
    s8 = "signed char[::1]" if w.typed else None

    def arg(ctype: str | None, name: str) -> str:
        return f"{ctype} {name}" if ctype else name
    args = ", ".join([arg("int" if w.typed else None, "games"), arg(a64, "actions"), arg(f32, "obs"), arg(u8, "mask"),
                      arg(f32, "rewards"), arg(u8, "done"), arg(u8, "trunc"), arg(iv, "fply"), arg(iv, "fsteps"),
                      arg(s8, "to_play"), arg(iv, "VS"), arg(iv, "T"), arg("int" if w.typed else None, "cap"),
                      arg("int" if w.typed else None, "fresh")])
    w(f"def vstep({args}):")
    w('"""One action in each of ``games`` games (``fresh``: none, each game begins); see the', 1)
    w('module spielwerk.kernel.stepping."""', 1)
    w.local(f"long long buf[{bound}]")
    w.local("long long mv")
    w.local("int i, k, base, p, ply, steps, e, winner, value, over, A")
    if not w.typed:
        w(f"buf = [0] * {bound}", 1)
    w("A = T[1]", 1)
    w("for i in range(games):", 1)
    w(f"base = i * {W}", 2)
    w("rewards[2 * i] = 0", 2)
    w("rewards[2 * i + 1] = 0", 2)
    w("done[i] = 0", 2)
    w("trunc[i] = 0", 2)
    w("fply[i] = 0", 2)
    w("fsteps[i] = 0", 2)
    w("over = 0", 2)
    w("if fresh:", 2)
    w("vstart(VS, base, T)", 3)
    w("vload(VS, base)", 3)
    w("else:", 2)
    w("vload(VS, base)", 3)
    w(f"p = VS[base + {at_p}]", 3)
    w(f"ply = VS[base + {at_ply}] + 1", 3)
    w(f"steps = VS[base + {at_steps}] + 1", 3)
    w(f"mv = T[T[{h['am']}] + (p - 1) * A + actions[i]]", 3)
    w("UP[0] = 0", 3)
    w("make(mv, p)", 3)
    w("PLY[0] = ply", 3)
    w("e = ended(p, mv)", 3)
    w("if e >= 0:", 3)
    w("decide(e, p)", 4)
    w("winner = OUT[0]", 4)
    w(f"value = OUT[1] if T[T[{h['valued']}] + e] else 1", 4)
    w("over = 1", 4)
    w("else:", 3)
    w("p = 3 - p", 4)
    w("k = gen(p, ply, buf)", 4)
    w("if k == 0:", 4)  # no move: the player to move loses, or the game is drawn (`no_moves`)
    w(f"winner = {'3 - p' if p.no_moves == 'lose' else '0'}", 5)
    w("value = 1", 5)
    w("over = 1", 5)
    w("elif steps == cap:", 4)
    w("over = 2", 5)
    w("if over:", 3)
    w("if over == 1 and winner:", 4)
    w("rewards[2 * i + winner - 1] = value", 5)
    w("rewards[2 * i + 2 - winner] = -value", 5)
    w("done[i] = 1", 4)
    w("trunc[i] = 1 if over == 2 else 0", 4)
    w("fply[i] = ply", 4)
    w("fsteps[i] = steps", 4)
    w("vstart(VS, base, T)", 4)
    w("vload(VS, base)", 4)
    w("else:", 3)
    w("vsave(VS, base)", 4)
    w(f"VS[base + {at_p}] = p", 4)
    w(f"VS[base + {at_ply}] = ply", 4)
    w(f"VS[base + {at_steps}] = steps", 4)
    w("vshow(i, p, ply, k, buf, obs, mask, T)", 4)
    w("to_play[i] = p", 4)
    w("continue", 4)
    w(f"p = VS[base + {at_p}]", 2)  # a game begun: its first decision
    w(f"ply = VS[base + {at_ply}]", 2)
    w("k = gen(p, ply, buf)", 2)
    w("vshow(i, p, ply, k, buf, obs, mask, T)", 2)
    w("to_play[i] = p", 2)
    w("")
