"""More than two players (docs/reference/players.md): seats and seating, the turn round the table,
`opponent`, enemy pieces, ends and results, position texts, returns, and what is refused; the
agents, `simulate` and `report` for n players."""

from __future__ import annotations

import json

import pytest

from test_families import from_page
import spielwerk
from spielwerk.dsl.errors import InvalidPositionError, OptionError, SpecError
from spielwerk.report import summarize
from spielwerk.simulate import play_recorded, seating

from game_files import game_from


@pytest.fixture
def corners(tmp_path):
    return from_page("players.md", "three-corners", tmp_path)


def texts(st) -> set[str]:
    return {st.move_text(m) for m in st.legal_moves()}


# -- seats and seating -------------------------------------------------------------------------------

def test_the_players_move_in_turn_round_the_table(corners):
    st = corners.initial()
    assert corners.players == ["red", "green", "blue"]
    seen = []
    for _ in range(6):
        seen.append(st.to_move)
        st.push(st.legal_moves()[0])
    assert seen == [1, 2, 3, 1, 2, 3]


def test_seating_chooses_the_seats_that_play_by_an_option():
    two, three = spielwerk.load("chinese-checkers"), spielwerk.load("chinese-checkers", players=3)
    assert two.players == ["north", "south"]
    assert three.players == ["north", "southeast", "southwest"]
    six = spielwerk.load("chinese-checkers", players=6)
    assert len(six.players) == 6 and len(six.initial().legal_moves()) == 14


def test_each_player_keeps_his_seats_data():
    g = spielwerk.load("chinese-checkers", players=3)
    st = g.initial()
    owners = {g.topology.name(sq): g.code_owner[s[-1]] for sq, s in enumerate(st.stacks) if s}
    # the setup groups of the empty seats (northeast, south, northwest) put nothing on the board
    assert sorted(set(owners.values())) == [1, 2, 3] and len(owners) == 30
    assert owners["a1"] == 1 and owners["m13"] == 2 and owners["m1"] == 3
    assert "n1" not in owners and "e13" not in owners
    # each player's goal is the per-player region of his seat: the point opposite his own
    goal = g.t.player_region_mask("goal", 2)
    assert {g.topology.name(sq) for sq in range(g.topology.size) if goal >> sq & 1} >= {"e1", "e4", "h1"}


def test_a_track_gives_each_seat_its_path_and_its_places():
    g = spielwerk.load("maedn", players=3)
    topo = g.topology
    assert [topo.name(topo.paths[p][0]) for p in (1, 2, 3)] == ["1", "11", "21"]
    assert [topo.name(topo.paths[p][-1]) for p in (1, 2, 3)] == ["R4", "Y4", "B4"]
    assert [topo.name(sq) for sq in topo.places["home"][1:]] == ["home1", "home2", "home3"]


SEATED = """
game: seated
players: [a, b, c]
options:
  n: {type: int, values: [2, 3], default: 3}
seating:
  by: n
  values: {2: [a, c], 3: [a, b, c]}
board:
  shape: square
  width: 3
  height: 3
  regions:
    home: {per_player: [a1, b1, c1]}
pieces:
  man: {letter: M}
setup:
  - {piece: man, owner: a, at: [home]}
  - {piece: man, owner: b, at: [home]}
  - {piece: man, owner: 3, at: [home]}
phases:
  - name: play
    moves:
      - move: {directions: orthogonal, distance: 1, to: empty}
end:
  - {when: "ply >= 4", winner: draw}
"""


def test_a_seat_named_by_number_or_name_and_the_players_renumbered(tmp_path):
    three = game_from(tmp_path, SEATED)
    assert three.players == ["a", "b", "c"]
    assert three.initial().text().startswith("x3/x3/1M,2M,3M ")
    two = game_from(tmp_path, SEATED, n=2)
    assert two.players == ["a", "c"]
    # seat c plays as player 2, on his seat's square; seat b's group puts nothing down
    assert two.initial().text().startswith("x3/x3/1M,x,2M ")


@pytest.mark.parametrize("change,where,message", [
    ("  by: n\n", "seating:by", "not a declared option"),
    ("{2: [a, c], 3: [a, b, c]}", "seating:values", "is not one of the players"),
    ("home: {per_player: [a1, b1, c1]}", "board:regions", "2 entries for 3 players"),
])
def test_a_wrong_seating_or_per_player_list_is_refused_where_it_is(tmp_path, change, where, message):
    text = {"  by: n\n": SEATED.replace("  by: n\n", "  by: m\n"),
            "{2: [a, c], 3: [a, b, c]}": SEATED.replace("{2: [a, c], 3: [a, b, c]}", "{2: [a, d], 3: [a, b, c]}"),
            "home: {per_player: [a1, b1, c1]}": SEATED.replace("per_player: [a1, b1, c1]", "per_player: [a1, b1]"),
            }[change]
    with pytest.raises(SpecError) as err:
        game_from(tmp_path, text)
    assert message in str(err.value)
    line = {"seating:by": "by: m", "seating:values": "{2: [a, d]", "board:regions": "home:"}[where]
    number = next(i for i, row in enumerate(text.splitlines(), 1) if line in row)
    assert f":{number}:" in str(err.value)


def test_an_int_option_takes_only_its_listed_values():
    with pytest.raises(OptionError, match="must be one of 2, 3, 4, 6"):
        spielwerk.load("chinese-checkers", players=5)


# -- opponents, captures, ends -----------------------------------------------------------------------

def test_a_capture_takes_a_man_of_either_other_player(corners):
    st = corners.parse_position("3M,x4/x5/x5/x,1M,x,2M,x/x5 1 1 0 0 0")
    assert {"b2-a1", "b2-b3", "b2-c3", "b2-a2", "b2-c2", "b2-a3", "b2-b1", "b2-c1"} == texts(st)
    st = corners.parse_position("x5/x5/x5/x,1M,2M,x2/x,3M,x3 1 1 0 0 0")
    assert {"b2-c2", "b2-b1"} <= texts(st)  # green's man and blue's man are both enemies
    st.push_text("b2-b1")
    assert st.captures[1] == 1 and st.to_move == 2


def test_opponent_is_the_player_who_moves_next(tmp_path):
    g = game_from(tmp_path, SEATED.replace('{when: "ply >= 4", winner: draw}',
                                           '{when: "ply >= 1", winner: opponent, result: next}'))
    st = g.initial()
    st.push(st.legal_moves()[0])
    assert st.outcome().winner == 2 and st.outcome().token == "0-1-0"


def test_the_first_to_take_two_wins_and_results_name_each_player(corners):
    st = corners.parse_position("x5/x5/x5/x,1M,2M,x2/x,3M,x3 1 1 1 0 0")
    st.push_text("b2-c2")
    out = st.outcome()
    assert out.winner == 1 and out.result == "two" and out.token == "1-0-0"
    assert st.returns() == (2.0, -1.0, -1.0)


def test_at_the_limit_the_most_captures_win_and_a_shared_most_is_a_draw(corners):
    st = corners.parse_position("x5/x5/x5/x2,2M,x2/1M,x3,3M 3 20 1 0 0")  # ply 59, blue to move
    st.push_text("e1-e2")
    assert st.outcome().winner == 1 and st.outcome().scores == (1, 0, 0)
    st = corners.parse_position("x5/x5/x5/x2,2M,x2/1M,x3,3M 3 20 1 1 0")
    st.push_text("e1-e2")
    assert st.outcome().winner is None and st.outcome().token == "1/3-1/3-1/3"
    assert st.returns() == (0.0, 0.0, 0.0)


def test_a_player_without_men_passes(corners):
    st = corners.parse_position("x5/x5/x5/x,1M,x3/x,3M,x3 2 1 0 0 1")
    assert texts(st) == {"pass"}
    st.push_text("pass")
    assert st.to_move == 3


@pytest.mark.parametrize("line,message", [
    ('no_moves: pass', "write `pass`, `draw` or an end rule"),
])
def test_losing_for_want_of_a_move_is_refused_with_three(tmp_path, line, message):
    with pytest.raises(SpecError, match=message):
        game_from(tmp_path, SEATED + "no_moves: lose\n")


# -- positions -----------------------------------------------------------------------------------------

def test_a_position_text_writes_each_owner_and_reads_back(corners):
    st = corners.initial()
    for _ in range(5):
        st.push(st.legal_moves()[-1])
    text = st.text()
    again = corners.parse_position(text)
    assert again.text() == text and again.to_move == st.to_move and again.hash == st.hash
    assert again.ply == 5  # the move number counts rounds of three plies


def test_a_player_to_move_beyond_the_players_is_refused(corners):
    with pytest.raises(InvalidPositionError, match="1 to 3"):
        corners.parse_position("3M,3M,x3/x5/x5/x4,2M/1M,1M,x2,2M 4 1 0 0 0")
    with pytest.raises(InvalidPositionError, match="cannot read"):
        corners.parse_position("4M,3M,x3/x5/x5/x4,2M/1M,1M,x2,2M 1 1 0 0 0")


def test_the_hash_kept_move_by_move_is_the_hash_from_scratch(corners):
    st = corners.initial()
    for i in range(30):
        if st.outcome() is not None:
            break
        moves = st.legal_moves()
        st.push(moves[i % len(moves)])
        assert st.hash == corners.rehash(st)
    while st.ply:
        st.pop()
        assert st.hash == corners.rehash(st)
    assert st.text() == corners.initial().text()


# -- two players only ---------------------------------------------------------------------------------

def test_a_swap_is_for_two_players(tmp_path):
    text = SEATED.replace("      - move: {directions: orthogonal, distance: 1, to: empty}",
                          "      - move: {directions: orthogonal, distance: 1, to: empty}\n      - swap: {}")
    with pytest.raises(SpecError, match="two players"):
        game_from(tmp_path, text)


# -- the agents, simulate and report ------------------------------------------------------------------

@pytest.mark.parametrize("agent", ["random", "greedy:playouts=2", "mcts:iterations=30", "alphabeta:depth=2"])
def test_every_agent_plays_a_game_of_three(corners, agent):
    from spielwerk.agents import make_agent
    bot = make_agent(agent, 7)
    st = corners.initial()
    for _ in range(9):
        if st.outcome() is not None:
            break
        move = bot.choose(st, st.legal_moves())
        assert move in st.legal_moves()
        st.push(move)


def test_mcts_takes_the_win_a_move_gives(corners):
    from spielwerk.agents import make_agent
    st = corners.parse_position("x5/x5/x5/x,1M,2M,x2/x,3M,x3 1 1 1 0 0")
    assert st.move_text(make_agent("mcts:iterations=200", 1).choose(st, st.legal_moves())) in ("b2-c2", "b2-b1")


def test_paranoid_alphabeta_takes_the_win_too(corners):
    from spielwerk.agents import make_agent
    st = corners.parse_position("x5/x5/x5/x,1M,2M,x2/x,3M,x3 1 1 1 0 0")
    assert st.move_text(make_agent("alphabeta:depth=2", 1).choose(st, st.legal_moves())) in ("b2-c2", "b2-b1")


def test_simulate_deals_the_agents_to_the_seats_and_turns_the_table():
    assert seating(("A", "B"), 2, 0) == ("A", "B") and seating(("A", "B"), 2, 1) == ("B", "A")
    assert [seating(("A", "B"), 3, i) for i in range(3)] == [("A", "B", "A"), ("B", "A", "A"), ("A", "A", "B")]


def test_report_counts_the_wins_of_each_agent_and_seat(corners):
    records = [dict(play_recorded(corners, ("random", "greedy:playouts=1"), i, 5, 60), run_seed=5)
               for i in range(4)]
    assert all(len(r["seats"]) == 3 for r in records)
    json.dumps(records)
    summary = summarize(records)
    assert len(summary.seats) == 3
    decided = sum(1 for r in records if r["winner"] is not None)
    assert sum(s.wins for s in summary.seats) == decided
    assert summary.agents[0].wins + summary.agents[1].wins == decided


FACING = """
game: four-ways
players: [south, west, north, east]
board:
  shape: square
  width: 5
  height: 5
  facing: [north, east, south, west]
pieces:
  pawn: {letter: P}
setup:
  - {piece: pawn, owner: south, at: [c1]}
  - {piece: pawn, owner: west, at: [a3]}
  - {piece: pawn, owner: north, at: [c5]}
  - {piece: pawn, owner: east, at: [e3]}
phases:
  - name: play
    moves:
      - move: {directions: forward, distance: 1, to: empty}
      - move: {directions: sideways, distance: 1, to: empty}
no_moves: pass
"""


def test_each_player_faces_his_own_way_on_a_square_board(tmp_path):
    g = game_from(tmp_path, FACING)
    st = g.initial()
    seen = []
    for _ in range(4):
        seen.append(texts(st))
        st.push(st.legal_moves()[0])
    assert seen == [{"c1-c2", "c1-b1", "c1-d1"}, {"a3-b3", "a3-a2", "a3-a4"},
                    {"c5-c4", "c5-b5", "c5-d5"}, {"e3-d3", "e3-e2", "e3-e4"}]


def test_relative_words_with_more_than_two_players_need_facing(tmp_path):
    with pytest.raises(SpecError, match="facing"):
        game_from(tmp_path, FACING.replace("  facing: [north, east, south, west]\n", ""))


def test_placings_follow_the_scores_or_the_winner(corners):
    st = corners.parse_position("x5/x5/x5/x2,2M,x2/1M,x3,3M 3 20 1 0 0")
    st.push_text("e1-e2")
    assert st.outcome().placings(3) == (1, 2, 2)
    st = corners.parse_position("x5/x5/x5/x2,2M,x2/1M,x3,3M 3 20 1 1 0")
    st.push_text("e1-e2")
    assert st.outcome().placings(3) == (1, 1, 3)
    st = corners.parse_position("x5/x5/x5/x,1M,2M,x2/x,3M,x3 1 1 1 0 0")
    st.push_text("b2-c2")
    assert st.outcome().placings(3) == (1, 2, 2)


@pytest.mark.parametrize("name,options", [("chinese-checkers", {"players": 3}), ("maedn", {"players": 4})])
def test_a_record_of_more_players_numbers_rounds_and_replays_with_its_options(tmp_path, capsys, name, options):
    """A record's numbered line is a round of every player's move (a match record of a dice game:
    one turn a line); its tag gives the number of players, so `replay` needs no option."""
    from spielwerk.agents import sample_chance
    from spielwerk.cli import main
    import random
    g = spielwerk.load(name, **options)
    st = g.initial()
    rng = random.Random(4)
    for _ in range(30):
        st.push(sample_chance(g, st, rng) if st.is_chance() else rng.choice(st.legal_moves()))
    text = st.record({"Event": "test"})
    assert f'[Players "{options["players"]}"]' in text
    if name == "chinese-checkers":
        assert len(text.split("\n1. ")[1].split("\n")[0].split()) == 3  # three moves in round 1
    path = tmp_path / "game.txt"
    path.write_text(text)
    assert main(["replay", name, str(path)]) == 0
    assert capsys.readouterr().out.strip() == "result: *"
