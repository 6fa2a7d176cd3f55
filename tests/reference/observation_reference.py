"""The observation vector as spielwerk.learning.observation built it before its index tables:
square by square, segment by segment, one state at a time. The tests hold the tables' vectors to
this one, value for value."""

from __future__ import annotations

from typing import Any

import numpy as np

from spielwerk.learning.actions import preview
from spielwerk.learning.observation import _plan, _viewer, layers


def reference_observation(st: Any, player: int | None = None) -> Any:
    """The observation vector of ``st`` from ``player``'s view (default: who is to move)."""
    game = st.game
    me = _viewer(st, player)
    plan = _plan(game, me)
    order, at, size, slot_of = plan.order, plan.at, plan.size, plan.slot_of
    vec = np.zeros(size, dtype=np.float32)
    board = preview(st)
    stacks = board.stacks
    n = game.topology.size
    nk, nl = len(game.kind_names), layers(game)
    owner, kind_of = game.code_owner, game.t.code_kind
    ones: list[int] = []
    heights = [0] * n
    base = at["pieces"]
    for col, sq in enumerate(order):
        stack = stacks[sq]
        depth = len(stack)
        if depth:
            heights[col] = depth
            for j in range(min(depth, nl)):
                code = stack[depth - 1 - j]
                ones.append(base + ((slot_of[owner[code]] * nk + kind_of[code]) * nl + j) * n + col)
    if "orientation" in at:
        top = at["orientation"]
        for col, sq in enumerate(order):
            code = board.orient[sq]
            if code and stacks[sq]:
                vec[top + col] = code >> 3
                vec[top + n + col] = code & 7
    if st.turn and "turn" in at:
        where = {sq for part in st.turn if isinstance(part, tuple) for sq in part[:2] if isinstance(sq, int)}
        ones += [at["turn"] + col for col, sq in enumerate(order) if sq in where]
    if st.dice is not None and "dice" in at:
        faces = game.faces
        ones += [at["dice"] + i * faces + d - 1 for i, d in enumerate(st.dice[:game.dice_count]) if d]
    if st.to_move == me:
        ones.append(at["to_move"])
    if plan.mover >= 0:
        ones.append(plan.mover + slot_of[st.to_move])
    if "phase" in at:
        ones.append(at["phase"] + min(st.phase, len(game.phases) - 1))
    if ones:
        vec[ones] = 1.0
    vec[at["height"]:at["height"] + n] = heights
    seen = plan.seats
    players = len(seen)
    if "reserves" in at:
        r = len(game.reserve_counts)
        reserves = st.reserves
        vec[at["reserves"]:at["reserves"] + players * r] = [x for p in seen for x in reserves[p]]
    captures = st.captures
    vec[at["captures"]:at["captures"] + players] = [captures[p] for p in seen]
    if "score" in at:
        score = st.score
        vec[at["score"]:at["score"] + players] = [score[p] for p in seen]
    if "counters" in at:
        counters, index = st.counters, plan.counters
        vec[at["counters"]:at["counters"] + len(counters)] = counters if index is None else [counters[i] for i in index]
    if "steps" in at:
        vec[at["steps"]] = len(st.turn)
    if "cube" in at:
        c = at["cube"]
        vec[c] = st.cube_value.bit_length() - 1
        vec[c + 1 + (0 if st.cube_owner == me else 1 if st.cube_owner == 0 else 2)] = 1.0
        vec[c + 4] = 1.0 if st.cube_step == 1 else 0.0
    return vec
