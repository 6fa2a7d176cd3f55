"""The end rules of a kernel: ``ended`` (the first that holds after a move) and ``decide`` (its
winner, value and scores), written alike for a board's kernel and a race's."""

from __future__ import annotations

import re

from .model import Plan
from .writer import Writer

__all__ = ["write_ends"]


def write_ends(w: Writer, p: Plan, with_move: bool = True) -> None:
    """``ended(mover, mv)``: the first end rule that holds after ``mover`` played ``mv`` (which
    ``to`` and ``from`` read; a race's ``ended(mover)`` has no move to read), or -1;
    ``decide(rule, mover)``: its winner, value and scores into ``OUT``."""
    if with_move:
        w.func("ended", [("int", "mover"), ("long long", "mv")], "int")
        for name, reader in (("to_", "to_of"), ("frm_", "from_of")):
            if any(re.search(rf"\b{name}\b", end.when) for end in p.ends):  # only what a rule reads
                w.local(f"int {name}")
                w(f"{name} = {reader}(mv)", 1)
    else:
        w.func("ended", [("int", "mover")], "int")
    for i, end in enumerate(p.ends):
        w(f"if {end.when}:", 1)
        w(f"return {i}", 2)
    w("return -1", 1)
    w("")
    w.func("decide", [("int", "rule"), ("int", "mover")], "void")
    w.local("int winner, player, one, two")
    w("winner = 0", 1)
    w("OUT[1] = OUT[2] = OUT[3] = 0", 1)
    for i, end in enumerate(p.ends):
        w(f"if rule == {i}:", 1)
        if end.score is not None:
            w("player = 1", 2)
            w(f"one = {end.score}", 2)
            w("player = 2", 2)
            w(f"two = {end.score}", 2)
            w("OUT[2] = one", 2)
            w("OUT[3] = two", 2)
            w("winner = 1 if one > two else 2 if two > one else 0", 2)
        else:
            w("winner = " + {"mover": "mover", "opponent": "3 - mover"}.get(end.winner, end.winner), 2)
        if end.value is not None:
            w("if winner:", 2)
            w(f"OUT[1] = {end.value}", 3)
    w("OUT[0] = winner", 1)
    w("")
