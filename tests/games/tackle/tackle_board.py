"""Building Tackle positions for tests: stones by square name, in the play phase."""

from __future__ import annotations

import spielwerk

_GAMES: dict = {}


def game(job="Quadrat", **options):
    key = (job, tuple(sorted(options.items())))
    if key not in _GAMES:
        _GAMES[key] = spielwerk.load("tackle", job=job, **options)
    return _GAMES[key]


def position(g, white=(), black=(), gold=None, to_move=1, ply=None):
    """A play-phase position with the given stones (square names) and gold stone."""
    cells = {}
    for sq in white:
        cells[sq.lower()] = "1"
    for sq in black:
        cells[sq.lower()] = "2"
    if gold:
        cells[gold.lower()] = "0G"
    rows = []
    for rank in range(10, 0, -1):
        row, run = [], 0
        for f in "abcdefghij":
            c = cells.get(f"{f}{rank}")
            if c is None:
                run += 1
                continue
            if run:
                row.append("x" if run == 1 else f"x{run}")
                run = 0
            row.append(c)
        if run:
            row.append("x" if run == 1 else f"x{run}")
        rows.append(",".join(row))
    if ply is None:
        ply = g.phase_end[1] + (0 if to_move == 1 else 1)
    return g.parse_position("/".join(rows) + f" {to_move} {ply}")


def moves(st):
    return {st.game.format_move(st, m, suffixes=False) for m in st.legal_moves()}


def squares(st, player):
    return {st.game.topology.name(sq) for sq, s in enumerate(st.stacks) if s and st.game.code_owner[s[-1]] == player}
