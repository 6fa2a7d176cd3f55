"""Three Corners (the three-player example of docs/reference/players.md) against an
independent reference written from the rules alone (tests/reference/three_corners_reference.py).

The engine is used only through its public API: load the game file, legal moves and their texts,
push a move by its text, the player to move, the outcome, perft and copy."""

from __future__ import annotations

import os
import random
import re

import pytest

import spielwerk
import three_corners_reference as ref

PLAYERS_MD = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    "docs", "reference", "players.md",
)


def three_corners_yaml() -> str:
    """The fenced yaml block of players.md that declares `game: three-corners`."""
    with open(PLAYERS_MD, encoding="utf-8") as f:
        text = f.read()
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    found = [b for b in blocks if re.search(r"^game:\s*three-corners\s*$", b, re.M)]
    assert len(found) == 1, "players.md should hold one three-corners game"
    return found[0]


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("three-corners") / "three-corners.yaml"
    path.write_text(three_corners_yaml(), encoding="utf-8")
    return spielwerk.load(str(path))


def engine_texts(st) -> list[str]:
    return sorted(st.move_text(m) for m in st.legal_moves())


def engine_result(st):
    """None while the game goes on, else 1, 2, 3 or 'draw' (as the reference writes it)."""
    out = st.outcome()
    if out is None:
        return None
    return "draw" if out.winner is None else out.winner


def assert_same(st, pos, where):
    assert st.to_move == pos.to_move, f"{where}: player to move\n{pos.board_text()}"
    assert engine_result(st) == ref.result(pos), f"{where}: result\n{pos.board_text()}"
    assert engine_texts(st) == ref.legal_moves(pos), f"{where}: legal moves\n{pos.board_text()}"


def play_line(game, line):
    """Play the move texts of line in both; compare before every move and at the end.
    Returns (engine state, reference position)."""
    st, pos = game.initial(), ref.start()
    for i, move in enumerate(line):
        assert_same(st, pos, f"before ply {i + 1} ({move})")
        st.push_text(move)
        pos = ref.play(pos, move)
    assert_same(st, pos, f"after {len(line)} plies")
    return st, pos


def play_seeded(game, seed):
    """A random game (moves drawn from the reference's sorted list), compared at every position,
    to its end.  Returns (plies, final reference position, whether someone passed)."""
    rng = random.Random(seed)
    st, pos = game.initial(), ref.start()
    passed = False
    while True:
        assert_same(st, pos, f"seed {seed}, ply {pos.ply}")
        if ref.result(pos) is not None:
            break
        assert pos.ply < ref.PLY_LIMIT, "the game must be over after 60 plies"
        moves = ref.legal_moves(pos)
        move = rng.choice(moves)
        passed = passed or move == "pass"
        st.push_text(move)
        pos = ref.play(pos, move)
    return pos.ply, pos, passed


# -- perft --------------------------------------------------------------------------------------

def test_the_reference_gives_the_documented_counts():
    assert [ref.perft(ref.start(), d) for d in (1, 2, 3, 4)] == [6, 36, 216, 1908]


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_from_the_start(game, depth):
    assert game.perft(game.initial(), depth) == ref.perft(ref.start(), depth)


@pytest.mark.slow
@pytest.mark.parametrize("depth", [5, 6, 7])
def test_perft_from_the_start_deeper(game, depth):
    assert game.perft(game.initial(), depth) == ref.perft(ref.start(), depth)


# -- seeded random games ------------------------------------------------------------------------

# seeds 0..11 are plain random games; the others were picked with the reference for their endings
SEEDS = list(range(12)) + [21, 27, 44, 49, 61, 312, 358, 684]


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_random_games_agree_at_every_position(game, seed):
    plies, pos, _ = play_seeded(game, seed)
    assert 1 <= plies <= ref.PLY_LIMIT


@pytest.mark.parametrize("seed, winner", [(0, 1), (3, 2), (44, 3)])
def test_a_game_won_by_two_captures(game, seed, winner):
    plies, pos, _ = play_seeded(game, seed)
    assert plies < ref.PLY_LIMIT
    assert ref.result(pos) == winner and pos.taken[winner - 1] == 2


def test_the_second_capture_on_the_sixtieth_ply_wins(game):
    plies, pos, _ = play_seeded(game, 61)
    assert plies == ref.PLY_LIMIT and pos.taken == (1, 0, 2) and ref.result(pos) == 3


@pytest.mark.parametrize("seed, winner, taken", [
    (312, 2, (0, 1, 0)),
    (358, 1, (1, 0, 0)),
    (684, 3, (0, 0, 1)),
])
def test_sixty_plies_with_a_single_leader(game, seed, winner, taken):
    plies, pos, _ = play_seeded(game, seed)
    assert plies == ref.PLY_LIMIT and pos.taken == taken and ref.result(pos) == winner


@pytest.mark.parametrize("seed, taken", [(1, (1, 0, 1)), (6, (1, 1, 0)), (21, (1, 1, 1))])
def test_sixty_plies_with_a_shared_lead_is_a_draw(game, seed, taken):
    plies, pos, _ = play_seeded(game, seed)
    assert plies == ref.PLY_LIMIT and pos.taken == taken and ref.result(pos) == "draw"


@pytest.mark.parametrize("seed", [9, 21, 27, 44, 49])
def test_seeded_games_with_passes(game, seed):
    _, _, passed = play_seeded(game, seed)
    assert passed


# -- hand-built lines ---------------------------------------------------------------------------

# blue takes red's a-man, green takes red's b-man: red has no men and must pass
RED_LOSES_BOTH = ("a1-a2 e1-d1 a5-a4 a2-a3 d1-c1 a4-a3 b1-a1 c1-b2 b5-c5 a1-a2 b2-a2 c5-d5").split()


def test_a_player_without_men_passes(game):
    st, pos = play_line(game, RED_LOSES_BOTH)
    assert pos.men_of(1) == frozenset() and pos.taken == (0, 1, 1)
    assert st.to_move == 1 and engine_texts(st) == ["pass"] == ref.legal_moves(pos)
    before = st.copy()
    st.push_text("pass")
    pos = ref.play(pos, "pass")
    assert_same(st, pos, "after red's pass")
    assert st.to_move == 2 and pos.ply == len(RED_LOSES_BOTH) + 1
    # the pass changed nothing on the board; the copy is still red to move
    assert before.to_move == 1 and engine_texts(before) == ["pass"]


def test_perft_through_passes(game):
    st, pos = play_line(game, RED_LOSES_BOTH)
    for depth in (1, 2, 3, 4, 5):
        assert game.perft(st, depth) == ref.perft(pos, depth), depth


def test_passes_count_towards_sixty_plies(game):
    # after red has lost both men, green and blue shuffle, red passes, until ply 60: a draw 0-1-1
    line = list(RED_LOSES_BOTH)
    shuffles = {2: ["e2-e3", "e3-e2"], 3: ["d5-c5", "c5-d5"]}
    turn = {2: 0, 3: 0}
    player = 1
    while len(line) < ref.PLY_LIMIT:
        if player == 1:
            line.append("pass")
        else:
            line.append(shuffles[player][turn[player] % 2])
            turn[player] += 1
        player = player % 3 + 1
    st, pos = play_line(game, line)
    assert pos.ply == 60 and pos.taken == (0, 1, 1)
    assert ref.result(pos) == "draw" and st.outcome() is not None and st.outcome().winner is None


def test_sixty_plies_without_a_capture_is_a_draw(game):
    shuffle = {1: ["a1-a2", "a2-a1"], 2: ["e1-d1", "d1-e1"], 3: ["a5-a4", "a4-a5"]}
    line = [shuffle[ply % 3 + 1][(ply // 3) % 2] for ply in range(ref.PLY_LIMIT)]
    st, pos = play_line(game, line)
    assert pos.taken == (0, 0, 0) and ref.result(pos) == "draw"
    assert st.outcome().winner is None and st.legal_moves() == []


def test_one_capture_then_sixty_plies_has_a_single_winner(game):
    # red's b-man takes green's e2-man on d3, then everyone shuffles to ply 60: 1-0-0
    line = ["b1-c2", "e2-d3", "a5-a4", "c2-d3"]
    shuffle = {1: ["d3-d4", "d4-d3"], 2: ["e1-e2", "e2-e1"], 3: ["a4-a5", "a5-a4"]}
    count = {1: 0, 2: 0, 3: 0}
    while len(line) < ref.PLY_LIMIT:
        player = len(line) % 3 + 1
        line.append(shuffle[player][count[player] % 2])
        count[player] += 1
    st, pos = play_line(game, line)
    assert pos.taken == (1, 0, 0) and ref.result(pos) == 1 and st.outcome().winner == 1


def test_a_man_never_steps_onto_his_own_and_takes_either_enemy(game):
    st = game.initial()
    assert "b1-a1" not in engine_texts(st) and "a1-b1" not in engine_texts(st)
    # red takes a green man on d3, then blue takes that red man
    st, pos = play_line(game, ["b1-c2", "e2-d3", "b5-c4", "c2-d3", "e1-d2"])
    assert pos.taken == (1, 0, 0) and "c4-d3" in ref.legal_moves(pos)
    st.push_text("c4-d3")
    pos = ref.play(pos, "c4-d3")
    assert pos.taken == (1, 0, 1) and "d3" in pos.men_of(3) and "d3" not in pos.men_of(1)
    assert_same(st, pos, "after blue's capture")
