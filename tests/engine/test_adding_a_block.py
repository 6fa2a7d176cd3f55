"""The block built step by step in docs/reference/adding-a-block.md: the page shows every line of
``interpreter/blocks/leap.py``, and the block plays as its rules say (perft against a generator
written here from the rule text alone: a leaper jumps a fixed offset, every mirror image and
quarter turn of it, onto an empty or enemy square, taking the enemy piece; with ``leg`` a piece
on the first step of the way blocks it)."""

from __future__ import annotations

import os
import random
import re

import pytest

from spielwerk import load
from spielwerk.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_the_page_shows_the_whole_block_in_order():
    with open(os.path.join(ROOT, "docs", "reference", "adding-a-block.md"), encoding="utf-8") as f:
        page = f.read()
    with open(os.path.join(ROOT, "interpreter", "blocks", "leap.py"), encoding="utf-8") as f:
        source = f.read()
    shown = re.findall(r"```python\n(.*?)```", page, re.S)
    listed = [line for block in shown if "BLOCKS: dict" not in block for line in block.splitlines() if line.strip()]
    assert listed == [line for line in source.splitlines() if line.strip()]


GAME = """\
game: {name}
title: Leapers
players: [white, black]
board: {{shape: square, width: {w}, height: {h}}}
pieces:
  leaper: {{letter: N}}
setup:
  - {{piece: leaper, at: [{at}]}}
phases:
  - name: play
    moves:
      - leap: {{pieces: [leaper], offsets: {offsets}, leg: {leg}}}
end:
  - {{when: "count(opponent, leaper) == 0", winner: mover}}
"""


def _write(tmp_path, name="leapers", w=6, h=6, at="b1, e1, c2", offsets="[[1, 2]]", leg="false"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(GAME.format(name=name, w=w, h=h, at=at, offsets=offsets, leg=leg))
    return str(path)


# -- an independent reading of the rules ------------------------------------------------------------

def _sign(x):
    return (x > 0) - (x < 0)


def _jumps(offsets, leg):
    """Every (df, dr, first step or None): each offset, its mirror images and quarter turns; the
    first step is one square along the longer side of the jump (diagonally on a square one)."""
    out = []
    for df, dr in offsets:
        for x, y in ((df, dr), (dr, df)):
            for jx, jy in ((x, y), (-x, y), (x, -y), (-x, -y)):
                step = None
                if leg:
                    step = ((_sign(jx), _sign(jy)) if abs(jx) == abs(jy) else
                            (_sign(jx), 0) if abs(jx) > abs(jy) else (0, _sign(jy)))
                if (jx, jy, step) not in out:
                    out.append((jx, jy, step))
    return out


def _moves(board, player, w, h, jumps):
    """The moves (from, to) of ``player`` on ``board`` (a dict square (f, r) -> owner)."""
    out = []
    for (f, r), owner in sorted(board.items()):
        if owner != player:
            continue
        for df, dr, step in jumps:
            t = (f + df, r + dr)
            if not (0 <= t[0] < w and 0 <= t[1] < h) or board.get(t) == player:
                continue
            if step is not None and (f + step[0], r + step[1]) in board:
                continue
            out.append(((f, r), t))
    return out


def _perft(board, player, w, h, jumps, depth):
    """Move sequences of ``depth`` moves; a game ends when a player has no leaper left."""
    moves = _moves(board, player, w, h, jumps)
    if depth == 1:
        return len(moves)
    total = 0
    for a, b in moves:
        after = dict(board)
        del after[a]
        after[b] = player
        if 3 - player in after.values():
            total += _perft(after, 3 - player, w, h, jumps, depth - 1)
    return total


def _board_of(state, w):
    return {(sq % w, sq // w): state.t.code_owner[s[-1]] for sq, s in enumerate(state.stacks) if s}


@pytest.mark.parametrize("offsets, leg, depth", [("[[1, 2]]", "false", 4), ("[[1, 2]]", "true", 4),
                                                   ("[[2, 2], [0, 1]]", "true", 4), ("[[1, 3]]", "false", 4)])
def test_perft_matches_an_independent_generator(tmp_path, offsets, leg, depth):
    game = load(_write(tmp_path, offsets=offsets, leg=leg))
    jumps = _jumps(eval(offsets), leg == "true")
    st = game.initial()
    rng = random.Random(3)
    for ply in range(12):  # the start, then positions along a random game
        if ply % 4 == 0:
            assert game.perft(st, depth) == _perft(_board_of(st, 6), st.to_move, 6, 6, jumps, depth)
        moves = st.legal_moves()
        if not moves or st.outcome() is not None:
            break
        st.push(rng.choice(moves))


def test_moves_are_written_and_read_back(tmp_path):
    game = load(_write(tmp_path))
    st = game.initial()
    texts = sorted(st.move_text(m) for m in st.legal_moves())
    assert "b1-c3" in texts and "b1-a3" in texts and "b1-d2" in texts
    assert st.push_text("b1-c3").named() == {"from_square": 1, "to_square": 14}
    with pytest.raises(Exception, match="not a leap away"):
        st.push_text("e6-e5")


def test_the_blocks_mistakes_are_located(tmp_path, capsys):
    path = _write(tmp_path, offsets="[[0, 0]]")
    assert main(["validate", path]) == 1
    assert "a leap of [0, 0] goes nowhere" in capsys.readouterr().out
    hexed = tmp_path / "hexed.yaml"
    hexed.write_text(GAME.format(name="hexed", w=6, h=6, at="a1", offsets="[[1, 2]]", leg="false").replace(
        "board: {shape: square, width: 6, height: 6}", "board: {shape: hex, ranks: [3, 4, 5, 4, 3]}"))
    assert main(["validate", str(hexed)]) == 1
    assert "it needs a square board" in capsys.readouterr().out
