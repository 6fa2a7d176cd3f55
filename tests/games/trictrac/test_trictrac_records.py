"""Tric-Trac and Puff games as match records (one roll and its move per line; the same player may
roll again after a double), replayed by the API and the CLI to their result."""

from __future__ import annotations

import random

import pytest

import spielwerk
from spielwerk.agents import sample_chance
from spielwerk.cli import main
from spielwerk.replay import replay_text


def write_record(name: str, seed: int) -> tuple[str, str]:
    game = spielwerk.load(name)
    rng = random.Random(seed)
    st = game.initial()
    lines = [" Game 1"]
    while st.outcome() is None:
        while st.is_chance():
            st.push(sample_chance(game, st, rng))
            if len(lines) == 1:
                lines.append(f' ; [Starter "{st.to_move}"]')
        move = rng.choice(st.legal_moves())
        text = st.move_text(move)
        lines.append(f"{len(lines) - 1:4d}) {st.dice[0]}{st.dice[1]}: {'' if text == 'pass' else text}")
        st.push(move)
    return "\n".join(lines) + "\n", st.outcome().token


@pytest.mark.parametrize("name,seed", [("trictrac", 1), ("trictrac", 2), ("trictrac", 3),
                                       pytest.param("puff", 4, marks=pytest.mark.slow)])  # Puff: ~15 s
def test_random_games_written_as_records_replay_to_their_result(name, seed, tmp_path, capsys):
    text, result = write_record(name, seed)
    (game,) = replay_text(spielwerk.load_spec_for(name), text)
    assert game.error is None, str(game.error)
    assert game.result == result
    path = tmp_path / "game.txt"
    path.write_text(text + "\n" + text.replace(" Game 1", " Game 2"))
    assert main(["replay", name, str(path)]) == 0
    assert capsys.readouterr().out == f"result: {result}\nresult: {result}\n"


def test_an_illegal_move_in_a_record_names_its_number_and_why(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text(" Game 1\n   1) 53: 1/6 8/11\n")
    assert main(["replay", "trictrac", str(path)]) == 1
    assert capsys.readouterr().out == "move 1: 53: 1/6 8/11: not a legal way to play 5-3 in this position\n"


def test_an_opening_double_is_played_and_the_same_player_rolls_again():
    (game,) = replay_text(spielwerk.load_spec_for("trictrac"), " Game 1\n  1) 66: 1/7 1/7\n  2) 21: 1/2 2/4\n")
    assert game.error is None and game.state.to_move == 2


def test_a_game_that_goes_on_from_the_last_starts_from_its_position_tag():
    game = spielwerk.load("trictrac")
    s = game.initial()
    rng = random.Random(7)
    while s.outcome() is None:
        while s.is_chance():
            s.push(sample_chance(game, s, rng))
        s.push(rng.choice(s.legal_moves()))
    nxt = game.next_game(s, carry_over=True)
    nxt.push((game.roll_index, 6, 5, 2))                        # Black wins the opening with 6-5
    move = nxt.move_text(nxt.legal_moves()[0])
    text = (f' Game 2\n ; [Position "{game.next_game(s, carry_over=True).text()}"]\n ; [Starter "2"]\n'
            f'  1) 65: {move}\n')
    (replayed,) = replay_text(spielwerk.load_spec_for("trictrac"), text)
    assert replayed.error is None, str(replayed.error)
    nxt.push(nxt.legal_moves()[0])
    assert replayed.state.text() == nxt.text()
