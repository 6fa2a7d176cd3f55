"""The gallery's games against OpenSpiel (pyspiel 2.0.2): Othello, Go on 5x5, 7x7 and 9x9, Amazons on
6x6, 8x8 and 10x10, Pentago, OpenSpiel's checkers, Lines of Action, Hex, Havannah, Chinese checkers
for two, Y, Xiangqi, Breakthrough, Connect Four and tic-tac-toe (the variants in
``openspiel_gallery.VARIANTS``).

* perft from the start, compared with OpenSpiel's counts stored in ``tests/data/openspiel/``;
* the middle positions of the data: OpenSpiel's action strings replayed in our engine, the board
  compared with the one OpenSpiel printed there, then perft from it;
* where pyspiel is installed (the ``rl`` extra), random games played in both engines side by side:
  at every turn the same board, the same moves (OpenSpiel's turns written as our move texts), the
  same number of two-turn lines where the tree is small, and the same result at the end (a few
  seeds are chosen for the rare ends: checkers' draw after 40 quiet plies, Go's length limit and
  its superko draw);
* OpenSpiel strings that name none of our legal moves fail loudly (``ConversionError``).

How a turn is compared where OpenSpiel splits it into several actions: we count **turns**, and so
do the stored counts of kind ``turns`` (a turn there is the run of actions of one player).

* **amazons**: OpenSpiel's ``From``, ``To`` and ``Shoot`` are three actions of one player; the three
  are our one turn ``from-to/arrow`` (a move and then the arrow placed from where it stopped).
  Depth 1 from the start is 2176 turns on 10x10 (OpenSpiel's ``actions`` perft needs depth 3).
* **checkers**: OpenSpiel plays a capture chain one jump per action, the same player staying on
  move; the jumps of one chain are our one move ``c3xe5xc7``.
* **pentago**: one OpenSpiel action (``a1s``: a marble placed and a quadrant turned) is our one
  turn of two parts, the placement and the rotation (``a1/3+``); OpenSpiel has no turn without a
  rotation and neither has our file, so the counts are the ``actions`` counts.
* Othello and Go: one action is one turn, a pass included (Othello's forced ``pass``, Go's
  ``PASS``), so the ``actions`` counts are compared.
* Breakthrough, Connect Four and tic-tac-toe: one action (a pawn's step, a disc dropped, a mark) is
  one turn, and the ``actions`` counts are compared. Connect Four's action names a column, our
  move the cell the disc lands on: the conversion reads our board (``our_text`` with the state).

The conversion of each game's strings is described in ``openspiel_gallery.py``; every converted
text must name exactly one of our legal moves, or the test fails there.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from spielwerk import MoveError

from openspiel_gallery import (VARIANTS, ConversionError, Variant, boards, lines, openspiel_picture,
                               openspiel_turns, our_text, perft_counts, picture, play_exact, replay,
                               turns_of)

#: per variant and position: the deepest perft of the default run, and of the slow one (the data
#: holds counts up to the slow depth). The default run keeps the whole module to a few seconds: a
#: middle position with 0 there (Amazons' later positions on 8x8 and 10x10, the same rules as on
#: 6x6 with a thousand moves a turn) is replayed, drawn and counted in the slow run only.
DEPTHS: dict[str, dict[str, tuple[int, int]]] = {
    "othello": {"start": (5, 7), "t6": (3, 5), "t12": (3, 5), "t20": (3, 5)},
    "go-5": {"start": (3, 4), "t6": (3, 4), "t12": (3, 5), "t20": (4, 6)},
    "go-7": {"start": (2, 3), "t6": (2, 3), "t12": (2, 3), "t20": (2, 3)},
    "go-9": {"start": (2, 3), "t6": (2, 3), "t12": (2, 3), "t20": (2, 3)},
    "amazons-6": {"start": (1, 2), "t6": (2, 2), "t12": (2, 4), "t20": (5, 8)},
    "amazons-8": {"start": (1, 2), "t6": (1, 2), "t12": (0, 2), "t20": (0, 2)},
    "amazons-10": {"start": (1, 2), "t6": (1, 2), "t12": (0, 2), "t20": (0, 2)},
    "pentago": {"start": (1, 2), "t6": (1, 2), "t12": (1, 2), "t20": (1, 2)},
    "checkers": {"start": (5, 9), "t6": (5, 7), "t12": (6, 7), "t20": (5, 7), "t30": (6, 8)},
    "lines-of-action": {"start": (3, 5), "t6": (2, 4), "t12": (2, 4), "t20": (2, 4)},
    "hex-11": {"start": (2, 2), "t6": (1, 2), "t12": (1, 2), "t20": (1, 2)},
    # on a side of three every game is counted to its end: the start to depth 10 in the slow run
    "hex-3": {"start": (6, 10), "t2": (8, 8), "t4": (6, 6), "t6": (4, 4)},
    "havannah-8": {"start": (2, 2), "t6": (1, 2), "t12": (1, 2), "t20": (1, 2)},
    "havannah-3": {"start": (3, 5), "t2": (3, 4), "t4": (3, 5), "t6": (4, 5)},
    "chinese-checkers": {"start": (3, 5), "t6": (2, 4), "t12": (2, 4), "t20": (2, 4)},
    "chinese-checkers-3": {"start": (4, 5), "t6": (2, 4), "t12": (2, 4), "t20": (2, 4)},
    "chinese-checkers-4": {"start": (4, 5), "t6": (2, 4), "t12": (2, 4), "t20": (2, 4)},
    "chinese-checkers-6": {"start": (4, 5), "t6": (2, 4), "t12": (2, 4), "t20": (2, 4)},
    "y-19": {"start": (2, 2), "t6": (1, 2), "t12": (1, 2), "t20": (1, 2)},
    # on a side of four every game is counted to its end: the start to depth 11 in the slow run
    "y-4": {"start": (6, 11), "t2": (8, 8), "t4": (6, 6), "t6": (4, 4)},
    "xiangqi": {"start": (2, 3), "t6": (2, 3), "t12": (2, 3), "t20": (3, 4)},
    "breakthrough": {"start": (3, 5), "t6": (3, 4), "t12": (3, 4), "t20": (3, 4)},
    "connect-four": {"start": (5, 7), "t6": (4, 6), "t12": (4, 6), "t20": (5, 7)},
    # three by three: every game is counted to its end, the start to depth 9 in the slow run
    "tic-tac-toe": {"start": (7, 9), "t2": (7, 7), "t4": (5, 5), "t6": (3, 3)},
}


@functools.lru_cache(maxsize=None)
def _game(name: str):
    return VARIANTS[name].load()


@functools.lru_cache(maxsize=None)
def _position(name: str, position: str):
    """Our state at a position of the data (a fresh copy is handed out by :func:`_state`)."""
    if position == "start":
        return _game(name).initial()
    return replay(VARIANTS[name], lines(VARIANTS[name])[position].strings, _game(name))


def _state(name: str, position: str):
    return _position(name, position).copy()


def _perft_cases(middle: bool):
    for name, positions in DEPTHS.items():
        counts = perft_counts(VARIANTS[name])
        for position, (fast, deep) in positions.items():
            if (position == "start") == middle:
                continue
            for depth in range(1, deep + 1):
                marks = [pytest.mark.slow] if depth > fast else []
                yield pytest.param(name, position, depth, counts[position][depth], marks=marks,
                                   id=f"{name}-{position}-d{depth}")


def test_the_data_holds_every_count_and_position_used():
    for name, positions in DEPTHS.items():
        variant = VARIANTS[name]
        counts, middles = perft_counts(variant), lines(variant)
        assert set(positions) == set(counts) == {"start", *middles}, name
        for position, (fast, deep) in positions.items():
            assert fast <= deep and set(range(1, deep + 1)) <= set(counts[position]), (name, position)


# -- 1. perft from the start -----------------------------------------------------------------------------
@pytest.mark.parametrize("name,position,depth,count", list(_perft_cases(middle=False)))
def test_perft_from_the_start(name, position, depth, count):
    assert _game(name).perft(_state(name, position), depth) == count


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_start_is_openspiels(name):
    variant = VARIANTS[name]
    assert picture(variant, _game(name).initial()) == boards(variant)["start"]


# -- 2. the middle positions ---------------------------------------------------------------------------
def _middle_positions():
    for name, positions in DEPTHS.items():
        for position, (fast, _) in positions.items():
            if position != "start":
                yield pytest.param(name, position, marks=[pytest.mark.slow] if fast == 0 else [],
                                   id=f"{name}-{position}")


@pytest.mark.parametrize("name,position", list(_middle_positions()))
def test_openspiels_line_reaches_the_same_board(name, position):
    """OpenSpiel's actions, written as our moves, lead to the board OpenSpiel printed there, with
    the same player to move (OpenSpiel's player 0 is our player 1) and the game going on."""
    variant = VARIANTS[name]
    state = _state(name, position)
    assert picture(variant, state) == boards(variant)[position]
    assert state.outcome() is None
    # a middle position tN is N turns from the start: its player to move follows from N
    assert state.current_player() == int(position[1:]) % len(state.game.players) + 1


@pytest.mark.parametrize("name,position,depth,count", list(_perft_cases(middle=True)))
def test_perft_from_a_middle_position(name, position, depth, count):
    assert _game(name).perft(_state(name, position), depth) == count


# -- the conversion is exact -------------------------------------------------------------------------------
@pytest.mark.parametrize("name,strings", [
    ("othello", ["d3", "c3", "c3"]),  # c3 taken
    ("othello", ["pass"]),  # no pass while a disc can be placed
    ("othello", ["i9"]),
    ("go-5", ["B a1", "W a1"]),  # a1 taken
    ("go-9", ["B i1"]),  # GTP has no column i
    ("go-5", ["B f1"]),  # off a 5x5 board
    ("pentago", ["a1q"]),
    ("pentago", ["a1s", "a3t"]),  # the marble of a1s stands on a3
    ("amazons-10", ["X From (10, 4)", "X To (10, 5)", "X Shoot: (10, 4)", "O From (1, 1)",
                    "O To (2, 1)", "O Shoot: (3, 1)"]),  # no amazon on a10
    ("amazons-10", ["X From (10, 4)", "X To (10, 5)"]),  # no arrow
    ("checkers", ["a3b4", "b6a5", "b4a5"]),  # a5 taken
    ("checkers", ["c3d4", "f6g5", "d4f6"]),  # a jump over an empty square
    ("breakthrough", ["a7a6", "a2a3", "a6a5", "a3a4", "a5a4"]),  # straight onto a pawn
    ("breakthrough", ["b7b6", "b2b3", "b6a5", "b3a4*"]),  # a capture of an empty square
    ("breakthrough", ["a7b6*"]),  # nothing to take on b6
    ("breakthrough", ["a2a3"]),  # white's pawn: black moves first
    ("connect-four", ["x3", "x3"]),  # the first player twice
    ("connect-four", ["x7"]),  # no eighth column
    ("connect-four", ["x0", "o0"] * 3 + ["x0"]),  # the column is full
    ("tic-tac-toe", ["x(1,1)", "o(1,1)"]),  # the centre is taken
    ("tic-tac-toe", ["o(0,0)"]),  # x begins
    ("tic-tac-toe", ["x(3,0)"]),  # off the board
])
def test_a_string_with_no_counterpart_fails_loudly(name, strings):
    with pytest.raises(ConversionError):
        replay(VARIANTS[name], strings, _game(name))


def test_chinese_checkers_is_won_by_filling_the_opposite_point():
    """A random game of Chinese checkers is too long to reach its end (see TURNS): the first
    player, nine of his pieces in the opposite point of the star and the tenth next to its last
    empty point, fills it and wins; the second player's pieces elsewhere change nothing."""
    game = _game("chinese-checkers")
    index = {n: i for i, n in enumerate(game.topology.names)}
    me, other = (game.t.player_codes()[p][0] for p in (1, 2))
    stacks: list[list[int]] = [[] for _ in index]
    for n in ("n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1", "m6"):  # n1 empty, m6 next to it
        stacks[index[n]] = [me]
    for n in ("e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e10"):  # on the way to a1-d4
        stacks[index[n]] = [other]
    st = game.state_from_board(stacks, 200, 1)
    assert st.outcome() is None
    st.push_text("m6-n1")
    assert st.outcome().winner == 1 and st.outcome().result == "arrived"


def test_breakthrough_is_won_by_taking_the_last_pawn():
    """OpenSpiel's breakthrough ends the game when a player takes his opponent's last pawn, and he
    wins (seen on its 6x3 board, ``breakthrough(rows=6,columns=3)``, whose random game of seed 436
    ends so); on 8x8 random games end on the far rank first. Here the opponent, left without a
    pawn, has no move and loses (``no_moves: lose``)."""
    game = _game("breakthrough")
    index = {n: i for i, n in enumerate(game.topology.names)}
    black, white = (game.t.player_codes()[p][0] for p in (1, 2))
    stacks: list[list[int]] = [[] for _ in index]
    stacks[index["d4"]], stacks[index["e6"]], stacks[index["c3"]] = [black], [black], [white]
    st = game.state_from_board(stacks, 30, 1)
    assert st.outcome() is None
    st.push_text("d4c3*")
    assert st.legal_moves() == [] and st.outcome().winner == 1 and st.outcome().result == "no_moves"


def test_reading_a_turn_from_an_empty_square_is_refused():
    """Reading a turn of several parts once played its first part before checking it, and a move
    from an empty square ended in an IndexError inside the engine; now it is a refused move, with
    the first part's reason, as a one-part move from an empty square gets."""
    game = _game("amazons-6")
    with pytest.raises(MoveError, match="c3-c4: there is no piece on c3"):
        game.parse_move(game.initial(), "c3-c4/c5")  # no amazon on c3
    with pytest.raises(MoveError):
        game.parse_move(game.initial(), "a2-a1")  # no arrow


def test_turns_of_groups_a_chain_and_an_amazons_turn():
    checkers = VARIANTS["checkers"]
    assert turns_of(checkers, ["a3b4", "b6a5", "b4c5", "d6b4", "b4d2", "c1e3"]) == [
        ["a3b4"], ["b6a5"], ["b4c5"], ["d6b4", "b4d2"], ["c1e3"]]
    assert our_text(checkers, ["d6b4", "b4d2"]) == "d6xb4xd2"
    assert our_text(checkers, ["a3b4"]) == "a3-b4"
    amazons = VARIANTS["amazons-6"]
    assert our_text(amazons, ["X From (5, 1)", "X To (3, 1)", "X Shoot: (3, 4)"]) == "a2-a4/d4"
    assert our_text(VARIANTS["go-9"], ["B j9"]) == "i9"
    assert our_text(VARIANTS["othello"], ["d3"]) == "d3"
    assert our_text(VARIANTS["go-9"], ["W PASS"]) == "pass"
    assert our_text(VARIANTS["pentago"], ["a1s"]) == "a1/3+"
    assert our_text(VARIANTS["pentago"], ["f6z"]) == "f6/1-"
    assert our_text(VARIANTS["breakthrough"], ["b4a3*"]) == "b4a3*"
    assert our_text(VARIANTS["tic-tac-toe"], ["x(0,0)"]) == "a3"
    assert our_text(VARIANTS["tic-tac-toe"], ["o(2,1)"]) == "b1"


def test_a_connect_four_column_is_the_cell_a_disc_lands_on():
    """OpenSpiel's column is our cell above the discs already in it, for the player to move."""
    variant = VARIANTS["connect-four"]
    state = _state("connect-four", "start")
    assert our_text(variant, ["x3"], state) == "d1"
    state.push_text("d1")
    assert our_text(variant, ["o3"], state) == "d2"
    assert our_text(variant, ["o6"], state) == "g1"
    with pytest.raises(ConversionError):
        our_text(variant, ["x3"], state)  # the second player is to move
    with pytest.raises(ConversionError):
        our_text(variant, ["o3"])  # without the board the cell is unknown


# -- 3. random games in both engines, turn by turn -----------------------------------------------------
#: per variant: the seeds of the default run, and the most moves a turn may have for its two-turn
#: count to be compared there, in the default run and in the slow one (None: at every turn). The
#: slow run plays other seeds. Go on 9x9 and Amazons on 8x8 and 10x10 (the same rules as on the
#: smaller boards, with longer games and, in Amazons, a thousand moves a turn) play in the slow run
#: only.
LIVE: dict[str, tuple[tuple[int, ...], int | None, int | None]] = {
    "othello": ((1,), None, None),
    "go-5": ((1, 2), None, None),
    "go-7": ((1,), 20, None),
    "go-9": ((), 0, None),
    "amazons-6": ((1,), 60, None),
    "amazons-8": ((), 0, 300),
    "amazons-10": ((), 0, 300),
    "pentago": ((1,), 64, None),
    "checkers": ((1, 2, 3), None, None),
    "lines-of-action": ((), 0, None),  # its default games are among RARE_ENDS
    "hex-11": ((1,), 0, None),
    "hex-3": ((1, 2, 3), None, None),
    "havannah-8": ((), 0, None),  # its default games are among RARE_ENDS
    "havannah-3": ((1,), None, None),
    "chinese-checkers": ((1,), 0, 0),  # a game of random moves is long: see TURNS
    "chinese-checkers-3": ((1,), 0, 0),
    "chinese-checkers-4": ((1,), 0, 0),
    "chinese-checkers-6": ((1,), 0, 0),
    "y-19": ((1,), 0, None),
    "y-4": ((1, 2, 3), None, None),
    "xiangqi": ((1,), 0, 0),
    "breakthrough": ((1, 2, 3), None, None),
    "connect-four": ((1, 2, 3, 4, 5), None, None),
    "tic-tac-toe": ((1, 2, 3, 4, 5), None, None),
}
SLOW_SEEDS = (11, 12, 13)
#: per variant whose random games run to a thousand turns: how many turns are compared (the end
#: is then checked from a position of its own, in the variant's own test)
TURNS: dict[str, int] = {"chinese-checkers": 120, "chinese-checkers-3": 120, "chinese-checkers-4": 120,
                         "chinese-checkers-6": 120}


#: seeds whose random game ends in a way the seeds above do not reach, with our end rule's name
RARE_ENDS = [
    ("checkers", 32, "quiet"),  # 40 plies without a capture: a draw, after 87 turns
    ("go-5", 18, "default"),  # the length limit: 50 plies (2 * 5 * 5), scored
    ("go-5", 788, "superko"),  # a board repeated: OpenSpiel ends the game there as a draw
    ("havannah-8", 1, "ring"),  # a loop of stones round at least one point
    ("havannah-8", 2, "fork"),  # one group touching three edges
    ("havannah-8", 20, "bridge"),  # one group touching two corners
    ("havannah-3", 9, "fork"),
    ("lines-of-action", 1, "repetition"),  # a board seen again: a draw
    ("lines-of-action", 7, "connected"),  # a capture leaves the opponent one group: he wins
    ("lines-of-action", 73, "connected"),  # the move joins both players' pieces: the mover wins
    ("connect-four", 344, "full"),  # a full board without four in a row: a draw
    ("connect-four", 1584, "four"),  # the 42nd disc makes four: a win, though the board is full
    ("tic-tac-toe", 7, "full"),  # nine marks without three in a row: a draw
]


def _side_by_side(variant: Variant, seed: int, limit: int | None) -> Any:
    """Play a random game (OpenSpiel's turns, chosen with ``random.Random(seed)``) in both engines;
    compare the board, the moves, the two-turn count where our turn has at most ``limit`` moves,
    and the end. Return our outcome."""
    pyspiel = pytest.importorskip("pyspiel")
    theirs = pyspiel.load_game(variant.openspiel).new_initial_state()
    game = _game(variant.name)
    ours = game.initial()
    rng = random.Random(seed)
    played = 0
    while True:
        where = f"{variant.name}, seed {seed}, after {played} turns"
        assert picture(variant, ours) == openspiel_picture(variant, str(theirs)), where
        if played == TURNS.get(variant.name, -1):
            return ours.outcome() or ours
        if theirs.is_terminal():
            returns = theirs.returns()
            best = max(returns)
            winner = returns.index(best) + 1 if returns.count(best) == 1 else None
            outcome = ours.outcome()
            assert outcome is not None and outcome.winner == winner, (where, outcome, returns)
            return outcome
        assert ours.outcome() is None, where
        assert ours.current_player() == theirs.current_player() + 1, where
        turns = openspiel_turns(theirs)
        texts = [our_text(variant, strings, ours) for strings, _ in turns]
        moves = ours.legal_moves()
        assert len(set(texts)) == len(texts), where
        assert sorted(texts) == sorted(ours.move_text(m) for m in moves), where
        if limit is None or len(moves) <= limit:
            two = sum(len(openspiel_turns(after)) for _, after in turns if not after.is_terminal())
            assert game.perft(ours, 2) == two, where
        strings, after = rng.choice(turns)
        play_exact(ours, our_text(variant, strings, ours))
        theirs = after
        played += 1


@pytest.mark.parametrize("name,seed", [(name, seed) for name, (seeds, _, _) in LIVE.items() for seed in seeds])
def test_random_game_side_by_side(name, seed):
    assert _side_by_side(VARIANTS[name], seed, LIVE[name][1]) is not None


@pytest.mark.parametrize("name,seed,result", RARE_ENDS)
def test_random_game_side_by_side_to_a_rare_end(name, seed, result):
    assert _side_by_side(VARIANTS[name], seed, LIVE[name][1]).result == result


@pytest.mark.slow
@pytest.mark.parametrize("name,seed", [(name, seed) for name in LIVE for seed in SLOW_SEEDS])
def test_random_game_side_by_side_deep(name, seed):
    assert _side_by_side(VARIANTS[name], seed, LIVE[name][2]) is not None
