"""Building Tackle positions for tests: stones by square name, in the play phase."""

from __future__ import annotations

from game_files import board_text, square_rows
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
    if ply is None:
        ply = g.phase_end[1] + (0 if to_move == 1 else 1)
    return g.parse_position(board_text(cells, square_rows("abcdefghij", 10)) + f" {to_move} {ply}")


def moves(st):
    return {st.game.format_move(st, m, suffixes=False) for m in st.legal_moves()}


def squares(st, player):
    return {st.game.topology.name(sq) for sq, s in enumerate(st.stacks) if s and st.game.code_owner[s[-1]] == player}
