"""Oware (games/gallery/oware.yaml) against OpenSpiel's ``oware`` (pyspiel 2.0.2): perft from the
start and from OpenSpiel's middle positions, the board there, whole random games played to their
end in both engines, and each rule on a position of its own.

OpenSpiel numbers the houses 0-5 (the first player's, A-F from his left) and 6-11 (the second's,
a-f from his left, 6 across from 5), and keeps the scores apart; the game file lays them on an
8x2 grid: houses 0-5 on b1-g1, 6-11 on g2 back to b2, the scores as seeds in the stores h1 and a2.
An action id 0-5 is the mover's house counted from his left: ``b1``..``g1`` for the first player,
``g2``..``b2`` for the second.

The data (``tests/data/openspiel/oware.*.tsv``, see its README) was made with pyspiel: the perft
counts and middle positions, the board at each, and random games with the number of legal actions
before each action and the final scores.
"""

from __future__ import annotations

import functools
import os

import pytest

import spielwerk

from openspiel_gallery import DATA, Variant, lines, perft_counts

OWARE = Variant("oware", "oware", "oware")
#: OpenSpiel's house -> our square
HOUSES = [f"{f}1" for f in "bcdefg"] + [f"{f}2" for f in "gfedcb"]
STORES = ("h1", "a2")
#: the deepest perft of the default run and of the slow one, per position
DEPTHS = {"start": (6, 8), "t6": (5, 8), "t12": (5, 8), "t20": (5, 8)}


def square(player: int, action: int) -> str:
    """Our square for OpenSpiel's action id ``action`` of our player ``player`` (1 or 2)."""
    return HOUSES[(player - 1) * 6 + action]


@functools.lru_cache(maxsize=None)
def game() -> spielwerk.Game:
    return spielwerk.load("oware")


def play(actions) -> spielwerk.State:
    """The start with OpenSpiel's action ids played, each checked to be one of our legal moves."""
    st = game().initial()
    for a in actions:
        text = square(st.to_move, int(a))
        assert text in texts(st), (text, st.text())
        st.push_text(text)
    return st


def texts(st) -> set[str]:
    return {st.move_text(m) for m in st.legal_moves()}


def position(houses: list[int], scores: tuple[int, int] = (0, 0), to_move: int = 1) -> spielwerk.State:
    """Our state with OpenSpiel's houses 0-11 and scores, ``to_move`` (1 or 2) to move."""
    seeds = {**{sq: n for sq, n in zip(HOUSES, houses)}, STORES[0]: scores[0], STORES[1]: scores[1]}

    def rank(squares: str, r: int) -> str:
        return ",".join("0S" * seeds[f"{f}{r}"] or "x" for f in squares)
    return game().parse_position(f"{rank('abcdefg', 2)}/{rank('bcdefgh', 1)} {to_move} 1")


def board(st) -> tuple[list[int], list[int]]:
    """Our position as OpenSpiel's houses 0-11 and scores."""
    height = [len(s) for s in st.stacks]
    name = game().topology.parse_square
    return [height[name(sq)] for sq in HOUSES], [height[name(sq)] for sq in STORES]


def _rows(name: str):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        for line in fh:
            if line.strip() and not line.startswith("#"):
                yield line.rstrip("\n").split("\t")


MIDDLE = lines(OWARE)
COUNTS = perft_counts(OWARE)
BOARDS = {row[0]: row[1:] for row in _rows("oware.boards.tsv")}
GAMES = list(_rows("oware.games.tsv"))


def _perft_cases():
    for name, (fast, deep) in DEPTHS.items():
        for depth in range(1, deep + 1):
            marks = [pytest.mark.slow] if depth > fast else []
            yield pytest.param(name, depth, COUNTS[name][depth], marks=marks, id=f"{name}-d{depth}")


def test_the_data_holds_every_count_and_position_used():
    assert set(DEPTHS) == set(COUNTS) == {"start", *MIDDLE} == set(BOARDS)
    for name, (fast, deep) in DEPTHS.items():
        assert set(range(1, deep + 1)) <= set(COUNTS[name])


# -- OpenSpiel's counts, positions and games ------------------------------------------------------------
@pytest.mark.parametrize("name,depth,count", list(_perft_cases()))
def test_perft_is_openspiels(name, depth, count):
    st = play(MIDDLE[name].ids if name != "start" else ())
    assert game().perft(st, depth) == count


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_openspiels_line_reaches_the_same_board(name):
    st = play(MIDDLE[name].ids if name != "start" else ())
    houses, scores, to_move = BOARDS[name]
    assert board(st) == ([int(n) for n in houses.split()], [int(n) for n in scores.split()])
    assert st.to_move == int(to_move) + 1


def test_the_action_strings_name_the_houses_as_the_ids_do():
    # A-F are the first player's ids 0-5, a-f the second's: the strings say the same as the ids
    for line in MIDDLE.values():
        for i, (a, s) in enumerate(zip(line.ids, line.strings)):
            assert s == ("ABCDEF" if i % 2 == 0 else "abcdef")[a]


@pytest.mark.parametrize("row", GAMES, ids=[f"seed{row[0]}-{row[1]}" for row in GAMES])
def test_a_random_game_plays_out_as_in_openspiel(row):
    """At every turn the same number of legal moves, and at the end the same scores and winner
    (OpenSpiel's returns) and the end the game data names."""
    seed, end, actions, counts, scores, returns = row
    st = game().initial()
    for a, n in zip(actions.split(), counts.split()):
        assert st.outcome() is None
        assert len(st.legal_moves()) == int(n)
        st.push_text(square(st.to_move, int(a)))
    o = st.outcome()
    assert o is not None and o.result == end
    assert list(o.scores) == [int(n) for n in scores.split()]
    first = float(returns.split()[0])
    assert o.winner == (1 if first > 0 else 2 if first < 0 else None)


def test_the_games_cover_every_end_and_a_draw():
    assert {row[1] for row in GAMES} == {"seeds", "repetition", "no_feeding"}
    assert any(row[5] == "0 0" for row in GAMES)


# -- the rules, one by one --------------------------------------------------------------------------------
def test_the_start():
    st = game().initial()
    assert board(st) == ([4] * 12, [0, 0])
    assert texts(st) == {"b1", "c1", "d1", "e1", "f1", "g1"}


def test_a_sowing_of_twelve_seeds_or_more_passes_the_house_it_came_from():
    houses = [12, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]
    st = position(houses)
    st.push_text("b1")  # c1-g1, g2-b2, then b1 is passed: the twelfth seed lands on c1
    assert board(st)[0] == [0, 2, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1]
    st = position([11] + houses[1:])
    st.push_text("b1")  # eleven seeds end on b2, and b1 stays empty
    assert board(st)[0] == [0, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1]


def test_a_last_seed_making_two_or_three_takes_them_and_the_houses_before_it():
    # South sows f1 (house 4): g1, g2, f2, e2; g2, f2 and e2 then hold 2, 3, 2, taken back to front
    st = position([0, 0, 0, 0, 4, 0, 1, 2, 1, 5, 0, 0])
    st.push_text("f1")
    assert board(st) == ([0, 0, 0, 0, 0, 1, 0, 0, 0, 5, 0, 0], [7, 0])
    # a house of four on the way back stops the capture
    st = position([0, 0, 0, 0, 4, 0, 1, 3, 1, 5, 0, 0])
    st.push_text("f1")
    assert board(st) == ([0, 0, 0, 0, 0, 1, 2, 4, 0, 5, 0, 0], [2, 0])


def test_the_capture_stays_in_the_opponents_row():
    # the last seed makes 2 on g2 (house 6), the first of North's row: g1 before it is South's own
    st = position([0, 0, 0, 3, 0, 2, 1, 0, 0, 0, 0, 1])
    st.push_text("e1")  # f1, g1, g2
    assert board(st) == ([0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 1], [2, 0])


def test_a_last_seed_in_the_movers_own_row_takes_nothing():
    st = position([1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1])
    st.push_text("b1")  # the seed makes 2 on c1, South's own
    assert board(st) == ([0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], [0, 0])


def test_a_grand_slam_takes_nothing_but_may_be_played():
    # f1 (house 4) sows g1, g2, f2: North's whole row would be taken (2 and 2, the rest empty)
    st = position([0, 0, 0, 0, 3, 0, 1, 1, 0, 0, 0, 0], (10, 10))
    assert "f1" in texts(st)
    st.push_text("f1")
    assert board(st) == ([0, 0, 0, 0, 0, 1, 2, 2, 0, 0, 0, 0], [10, 10])
    # with one seed left elsewhere in North's row the same capture takes both houses
    st = position([0, 0, 0, 0, 3, 0, 1, 1, 0, 0, 0, 1], (10, 10))
    st.push_text("f1")
    assert board(st) == ([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], [14, 10])


def test_a_player_whose_opponent_has_no_seeds_must_give_him_some():
    # North has no seeds: only the sowings that reach his row are legal (b1 needs 6, g1 one)
    st = position([5, 5, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0], (19, 17))
    assert texts(st) == {"c1", "g1"}
    st = position([5, 5, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1], (19, 16))
    assert texts(st) == {"b1", "c1", "f1", "g1"}


def test_a_player_who_cannot_feed_his_opponent_ends_the_game_and_each_takes_his_own_seeds():
    # South's last seed goes over to North; North's two seeds cannot reach South's row
    st = position([0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0], (22, 24))
    st.push_text("g1")
    o = st.outcome()
    assert o is not None and o.result == "no_feeding"
    assert o.scores == (22, 26) and o.winner == 2


def test_more_than_half_of_the_seeds_ends_the_game():
    # South takes 3 on g2 and has 25 (the seeds left count for their owners in the final score)
    st = position([0, 0, 0, 0, 0, 1, 2, 1, 0, 0, 0, 0], (22, 22))
    st.push_text("g1")
    o = st.outcome()
    assert o is not None and o.result == "seeds" and o.winner == 1
    assert o.scores == (25, 23)


def test_twenty_four_taken_by_each_ends_the_game():
    # Of 48 seeds none is left on the board then (and only the end's collection can bring it
    # about: a capture that empties the board is a grand slam). With a seed too many on f2, the
    # rule still ends the game, and the seed counts for North.
    st = position([0, 0, 0, 0, 0, 1, 2, 1, 0, 0, 0, 0], (21, 24))
    st.push_text("g1")
    o = st.outcome()
    assert o is not None and o.result == "seeds" and o.scores == (24, 25)
    st = position([0, 0, 0, 0, 1, 1, 2, 1, 0, 0, 0, 0], (20, 24))
    st.push_text("g1")
    assert st.outcome() is None  # 23 and 24 taken


def test_a_position_that_comes_back_ends_the_game():
    # one seed each, chasing each other round the board without a capture: after ten plies South
    # is to move with the seeds where they were, and the game ends, each taking his own seed
    st = position([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], (22, 24))
    plies = ["g1", "b2", "b1", "g2", "c1", "f2", "d1", "e2", "e1", "d2", "f1", "c2"]
    for i, text in enumerate(plies):
        assert st.outcome() is None, i
        assert texts(st) == {text}
        st.push_text(text)
        if board(st)[0] == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]:
            break
    o = st.outcome()
    assert o is not None and o.result == "repetition" and o.scores == (23, 25) and o.winner == 2

