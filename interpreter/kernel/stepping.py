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

A dice race (:func:`write_race`) is stepped a decision at a time: one step of the turn's step view,
or its end; the board shown is the board after the steps chosen so far. With one die a decision is
the turn's one step (or its end where no step can be made). Its row holds the counts
per position, the dice, the steps chosen, and the state of the game's own generator, which rolls
the next turn's dice (the vector seeds it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Plan

if TYPE_CHECKING:  # pragma: no cover
    from .writer import Writer

__all__ = ["why_not", "vector_ok", "row_width", "HEADER", "write", "race_vector_ok", "race_row_width", "RACE_HEADER",
           "write_race"]

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
    _head(w, "One action in each of ``games`` games (``fresh``: none, each game begins)",
          "i, k, base, p, ply, steps, e, winner, value, over, A", W, bound)
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


#: the parts of a dice race's table ``T`` (:func:`write_race`): the observation's size, the number
#: of actions, a game's row width, the action that ends a turn, the stack layers the observation
#: shows; then offsets: per player the step code (``from * 64 + to``, his own positions) of each
#: action (-1: none), per player per step code its action (-1: none), per viewer per code and square
#: the index of that piece on top, per viewer per square the index of its height and of its mark in
#: the ``turn`` segment, per viewer the first index of ``dice`` less one, of ``steps`` and of
#: ``to_move``, per player his checkers' code, the start row, per end rule whether it has a value
RACE_HEADER = ("obs", "actions", "width", "stop", "layers", "code_of", "action_of", "piece", "height", "turn",
               "dice", "steps", "to_move", "checker", "start", "valued")


def why_not(p: Plan) -> str | None:
    """Why the games of ``p``'s kernel cannot be stepped by ``vstep`` (None: they can)."""
    return race_vector_ok(p) if p.race is not None else vector_ok(p)


def race_vector_ok(p: Plan) -> str | None:
    """Why a dice race's games cannot be stepped by ``vstep`` (None: they can)."""
    r = p.race
    if r is None:
        return "not a dice race"
    if r.block > 2:
        return "points where checkers of both players may stand"
    return None


def race_row_width(p: Plan) -> int:
    """A race game's row: per player and position his checkers, the dice, whether the opening
    roll is to come, each player's doubles, the player to move, the ply, the decisions made, the
    steps chosen so far (how many, then eight), the generator's state (two halves)."""
    assert p.race is not None
    return len(p.race.squares) + 19


def write_race(w: "Writer", p: Plan, bound: int) -> None:
    """``vstep`` of a dice race: each decision one step of the turn (or its end), the dice rolled
    by the game's own generator, kept in its row (``bound``: the room of a list of one die's
    turns)."""
    r = p.race
    assert r is not None
    L3 = len(r.squares)
    L = L3 // 3
    n = p.squares
    at = {name: L3 + i for i, name in enumerate(("d0", "d1", "opn", "t1", "t2", "p", "ply", "steps", "nfc"))}
    fc, lo, hi = L3 + 9, L3 + 17, L3 + 18
    W = race_row_width(p)
    h = {name: i for i, name in enumerate(RACE_HEADER)}
    w.array("KEEP", L3)  # the counts while a turn's steps so far are shown
    w.func("rload", [("int[::1]", "VS"), ("int", "base")], "void", inline=False)
    w.local("int i")
    w("global rs", 1)
    w(f"for i in range({L3}):", 1)
    w("C[i] = VS[base + i]", 2)
    w(f"DI[0] = VS[base + {at['d0']}]", 1)
    w(f"DI[1] = VS[base + {at['d1']}]", 1)
    w(f"OPN[0] = VS[base + {at['opn']}]", 1)
    w(f"TLY[1] = VS[base + {at['t1']}]", 1)
    w(f"TLY[2] = VS[base + {at['t2']}]", 1)
    w(f"V[0] = VS[base + {at['nfc']}]", 1)
    w("for i in range(8):", 1)
    w(f"FC[i] = VS[base + {fc} + i]", 2)
    w.both(f"rs = (<unsigned long long><unsigned int>VS[base + {lo}]) | "
           f"((<unsigned long long><unsigned int>VS[base + {hi}]) << 32)",
           f"rs = (int(VS[base + {lo}]) & 0xFFFFFFFF) | ((int(VS[base + {hi}]) & 0xFFFFFFFF) << 32)", 1)
    w("")
    w.func("rsave", [("int[::1]", "VS"), ("int", "base")], "void", inline=False)
    w.local("int i")
    w(f"for i in range({L3}):", 1)
    w("VS[base + i] = C[i]", 2)
    w(f"VS[base + {at['d0']}] = DI[0]", 1)
    w(f"VS[base + {at['d1']}] = DI[1]", 1)
    w(f"VS[base + {at['opn']}] = OPN[0]", 1)
    w(f"VS[base + {at['t1']}] = TLY[1]", 1)
    w(f"VS[base + {at['t2']}] = TLY[2]", 1)
    w(f"VS[base + {at['nfc']}] = V[0]", 1)
    w("for i in range(8):", 1)
    w(f"VS[base + {fc} + i] = FC[i]", 2)
    w.both(f"VS[base + {lo}] = <int><unsigned int>(rs & 0xFFFFFFFFULL)",
           f"VS[base + {lo}] = ((rs & 0xFFFFFFFF) ^ 0x80000000) - 0x80000000", 1)
    w.both(f"VS[base + {hi}] = <int><unsigned int>(rs >> 32)",
           f"VS[base + {hi}] = ((rs >> 32) ^ 0x80000000) - 0x80000000", 1)
    w("")
    w.func("rstart", [("int[::1]", "VS"), ("int", "base"), ("int[::1]", "T")], "void")
    w.local("int i, first")
    w(f"first = T[{h['start']}]", 1)  # the start row, the generator's state left as it is
    w(f"for i in range({lo}):", 1)
    w("VS[base + i] = T[first + i]", 2)
    w("")
    # the mask and the observation of player p, who decides: the next steps ``c`` in NX
    w.func("rshow", [("int", "i"), ("int", "p"), ("int", "c"), ("float[::1]", "obs"), ("unsigned char[::1]", "mask"),
                     ("int[::1]", "T")], "void", inline=False)
    w.local("int j, q, k, sq, cnt, D, A, ob, mb, pc, ht, tn, layers, f, t")
    w("D = T[0]", 1)
    w("A = T[1]", 1)
    w("ob = i * D", 1)
    w("mb = i * A", 1)
    w("for j in range(A):", 1)
    w("mask[mb + j] = 0", 2)
    w("if c == 0:", 1)  # nothing can be played: the only action ends the turn
    w(f"mask[mb + T[{h['stop']}]] = 1", 2)
    w("for j in range(c):", 1)
    w("if NX[j] < 0:", 2)
    w(f"mask[mb + T[{h['stop']}]] = 1", 3)
    w("else:", 2)
    w(f"mask[mb + T[T[{h['action_of']}] + (p - 1) * 4096 + NX[j]]] = 1", 3)
    w("for j in range(D):", 1)
    w("obs[ob + j] = 0", 2)
    w(f"for j in range({L3}):", 1)  # the board after the steps chosen so far
    w("KEEP[j] = C[j]", 2)
    w("for j in range(V[0]):", 1)
    w("one(p, FC[j] >> 6, FC[j] & 63)", 2)
    w(f"layers = T[{h['layers']}]", 1)
    w(f"ht = T[{h['height']}] + (p - 1) * {n}", 1)
    w("for q in range(1, 3):", 1)
    w(f"pc = T[{h['piece']}] + (p - 1) * {p.codes * n} + T[T[{h['checker']}] + q - 1] * {n}", 2)
    w(f"for k in range({L}):", 2)
    w(f"cnt = C[q * {L} + k]", 3)
    w(f"sq = SQ[q * {L} + k]", 3)
    w("if cnt == 0 or sq < 0:", 3)
    w("continue", 4)
    w("obs[ob + T[ht + sq]] = cnt", 3)
    w("for j in range(cnt if cnt < layers else layers):", 3)
    w(f"obs[ob + T[pc + sq] + j * {n}] = 1", 4)
    w(f"for j in range({L3}):", 1)
    w("C[j] = KEEP[j]", 2)
    w(f"tn = T[{h['turn']}] + (p - 1) * {n}", 1)
    w("for j in range(V[0]):", 1)
    w(f"f = SQ[p * {L} + (FC[j] >> 6)]", 2)
    w(f"t = SQ[p * {L} + (FC[j] & 63)]", 2)
    w("if f >= 0:", 2)
    w("obs[ob + T[tn + f]] = 1", 3)
    w("if t >= 0:", 2)
    w("obs[ob + T[tn + t]] = 1", 3)
    w(f"k = T[T[{h['dice']}] + p - 1]", 1)
    w("if DI[0]:", 1)
    w("obs[ob + k + DI[0]] = 1", 2)
    w("if DI[1]:", 1)
    w(f"obs[ob + k + {r.faces} + DI[1]] = 1", 2)
    w(f"obs[ob + T[T[{h['steps']}] + p - 1]] = V[0]", 1)
    w(f"obs[ob + T[T[{h['to_move']}] + p - 1]] = 1", 1)
    w("")
    _head(w, "One decision in each of ``games`` races (``fresh``: none, each game begins)",
          "i, c, base, p, ply, steps, e, winner, value, over, A, a, done_turn, twice", W,
          bound if r.one_die else 0)
    w("rload(VS, base)", 2)
    w(f"p = VS[base + {at['p']}]", 2)
    w(f"ply = VS[base + {at['ply']}]", 2)
    w(f"steps = VS[base + {at['steps']}]", 2)
    w("if not fresh:", 2)
    w("steps += 1", 3)
    w("over = 0", 3)
    w("a = <int>actions[i]" if w.typed else "a = int(actions[i])", 3)
    w(f"if a == T[{h['stop']}]:", 3)
    w("done_turn = 1", 4)
    w("else:", 3)
    w(f"FC[V[0]] = T[T[{h['code_of']}] + (p - 1) * A + a]", 4)
    w("V[0] += 1", 4)
    # one die: a turn is its one step; two: the turn is over where the step view offers nothing more
    w("done_turn = 1" if r.one_die else "done_turn = 1 if nexts(p) == 0 else 0", 4)
    w("if done_turn:", 3)
    w("make_fc(p)", 4)
    w("ply += 1", 4)
    w("e = ended(p)", 4)
    w("if e >= 0:", 4)
    w("decide(e, p)", 5)
    w("winner = OUT[0]", 5)
    w(f"value = OUT[1] if T[T[{h['valued']}] + e] else 1", 5)
    w("over = 1", 5)
    w("if winner:", 5)
    w("rewards[2 * i + winner - 1] = value", 6)
    w("rewards[2 * i + 2 - winner] = -value", 6)
    w("else:", 4)
    w("twice = again_(p)", 5)
    w("DI[0] = DI[1] = 0", 5)
    w("V[0] = 0", 5)
    w("if not twice:", 5)
    w("p = 3 - p", 6)
    w("if not over and steps == cap:", 3)
    w("over = 2", 4)
    w("if over:", 3)
    w("done[i] = 1", 4)
    w("trunc[i] = 1 if over == 2 else 0", 4)
    w("fply[i] = ply", 4)
    w("fsteps[i] = steps", 4)
    w("rstart(VS, base, T)", 4)
    w("rload(VS, base)", 4)
    w(f"p = VS[base + {at['p']}]", 4)
    w("ply = 0", 4)
    w("steps = 0", 4)
    w("if DI[0] == 0:", 2)  # a turn begins: its dice rolled (the opening roll says who plays)
    w("p = roll(p)", 3)
    w("V[0] = 0", 3)
    if r.one_die:  # the turns of the die, each one step (its code) or none (the turn's end)
        w("c = turns(p, buf)", 2)
        w("for a in range(c):", 2)
        w("NX[a] = -1 if buf[a] == 0 else <int>((buf[a] >> 3) & 4095)" if w.typed
          else "NX[a] = -1 if buf[a] == 0 else (buf[a] >> 3) & 4095", 3)
    else:
        w("c = nexts(p)", 2)
    w("rshow(i, p, c, obs, mask, T)", 2)
    w("rsave(VS, base)", 2)
    w(f"VS[base + {at['p']}] = p", 2)
    w(f"VS[base + {at['ply']}] = ply", 2)
    w(f"VS[base + {at['steps']}] = steps", 2)
    w("to_play[i] = p", 2)
    w("")


def _head(w: "Writer", doc: str, names: str, W: int, bound: int) -> None:
    """``vstep``'s first lines: its arguments (typed memoryviews in the typed mode), its locals
    (``bound``: the room of a list of moves, 0 none) and, per game, its row's place and its
    outputs cleared."""
    def arg(ctype: str, name: str) -> str:
        return f"{ctype} {name}" if w.typed else name
    args = [arg("int", "games"), arg("long long[::1]", "actions"), arg("float[::1]", "obs"),
            arg("unsigned char[::1]", "mask"), arg("float[::1]", "rewards"), arg("unsigned char[::1]", "done"),
            arg("unsigned char[::1]", "trunc"), arg("int[::1]", "fply"), arg("int[::1]", "fsteps"),
            arg("signed char[::1]", "to_play"), arg("int[::1]", "VS"), arg("int[::1]", "T"), arg("int", "cap"),
            arg("int", "fresh")]
    w(f"def vstep({', '.join(args)}):")
    w(f'"""{doc}; see the module spielwerk.kernel.stepping."""', 1)
    if bound:
        w.local(f"long long buf[{bound}]")
        w.local("long long mv")
    w.local(f"int {names}")
    if bound and not w.typed:
        w(f"buf = [0] * {bound}", 1)
    w("A = T[1]", 1)
    w("for i in range(games):", 1)
    w(f"base = i * {W}", 2)
    for name in ("rewards[2 * i]", "rewards[2 * i + 1]", "done[i]", "trunc[i]", "fply[i]", "fsteps[i]"):
        w(f"{name} = 0", 2)
