"""Issue 27, bounded cost: the moves of one position have a bound (``limits.moves``), a block whose
moves pass it stops with a located error naming it, and ``validate`` warns about the rules whose
moves can grow without bound (reproducers D3 and D4, tests/data/repro/bounds/)."""

from __future__ import annotations

import os
import pickle
import textwrap

import pytest

import spielwerk
from spielwerk.api import load_spec
from spielwerk.cli import main
from spielwerk.compile.phases import MOVE_LIMIT
from spielwerk.game import Game

HERE = os.path.dirname(os.path.abspath(__file__))
BOUNDS = os.path.join(HERE, "..", "data", "repro", "bounds")
HOP = os.path.join(BOUNDS, "hop-chain-explosion.yaml")
HOP26 = os.path.join(BOUNDS, "hop-chain-explosion-26.yaml")
SPREAD = os.path.join(BOUNDS, "spread-explosion.yaml")


def write(tmp_path, text, name="game.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def test_d3_jump_chains_stop_at_the_bound_with_a_located_error(capsys):
    assert main(["moves", HOP]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"spielwerk: error: {HOP}:14:9: more than 100,000 jumps tried for the moves of one position: `jump` "
        "makes too many moves here (its moves can grow without bound); `limits: {moves: N}` at the top of the "
        "game file allows more\n")


def test_d3_the_26_file_stops_too_and_the_position_is_left_as_it_was():
    game = Game(load_spec(HOP26), move_limit=2_000)
    st = game.initial()
    before = (st.text(), st.hash, [list(s) for s in st.stacks])
    with pytest.raises(spielwerk.MoveLimitError) as info:
        st.legal_moves()
    assert (info.value.line, info.value.col) == (14, 9)
    assert "more than 2,000 jumps tried for the moves of one position" in info.value.message
    assert (st.text(), st.hash, [list(s) for s in st.stacks]) == before
    assert game.rehash(st) == st.hash


def spread_stack(game, height):
    """The reproducer's position: one stack of ``height`` white pieces on m13 and as many black ones on
    a1, White to move (built from the board: playing it would list the moves of every stack on the way)."""
    topo = game.topology
    stacks = [[] for _ in range(topo.size)]
    stacks[topo.parse_square("m13")] = [0] * height
    stacks[topo.parse_square("a1")] = [1] * height
    return game.state_from_board(stacks, 2 * height, 1)


def test_d4_spreads_are_counted_before_they_are_made():
    game = spielwerk.load(SPREAD)
    assert len(spread_stack(game, 12).legal_moves()) == 17_056  # the reproducer's figure, under the bound
    st = spread_stack(game, 30)  # 2 ** 29 spreads a direction: refused at once, never listed
    with pytest.raises(spielwerk.MoveLimitError) as info:
        st.legal_moves()
    assert (info.value.line, info.value.col) == (14, 9)
    assert "`move` makes too many moves" in info.value.message


def test_the_bound_is_the_game_files_and_a_callers(tmp_path):
    spec = load_spec(SPREAD)
    assert Game(spec).move_limit == MOVE_LIMIT == 100_000
    st = spread_stack(Game(spec, move_limit=17_056), 12)
    assert len(st.legal_moves()) == 17_056
    lower = Game(spec, move_limit=17_055)
    with pytest.raises(spielwerk.MoveLimitError):
        spread_stack(lower, 12).legal_moves()
    again = pickle.loads(pickle.dumps(lower))  # a worker process keeps the caller's bound
    assert again.move_limit == 17_055
    with pytest.raises(spielwerk.OptionError):
        Game(spec, move_limit=0)
    text = open(HOP).read().replace("no_moves: lose", "no_moves: lose\nlimits: {moves: 50}")
    path = write(tmp_path, text, "hop-50.yaml")
    with pytest.raises(spielwerk.MoveLimitError, match="more than 50 jumps tried"):
        spielwerk.load(path).initial().legal_moves()
    assert Game(load_spec(path), move_limit=500_000).move_limit == 500_000


def test_a_limit_out_of_range_is_refused_at_the_key(tmp_path, capsys):
    text = open(HOP).read().replace("no_moves: lose", "no_moves: lose\nlimits: {moves: 0}")
    path = write(tmp_path, text, "hop-0.yaml")
    assert main(["validate", path]) == 1
    out = capsys.readouterr().out
    assert out == f"{path}:16:10: limits/moves: 0 is less than the minimum of 1\n"


def test_a_chain_search_counts_its_jumps_and_the_chains_it_makes(tmp_path):
    # with room for every jump tried, the chains themselves pass the bound
    text = open(HOP).read().replace("no_moves: lose", "no_moves: lose\nlimits: {moves: 3000}")
    game = spielwerk.load(write(tmp_path, text, "hop-3000.yaml"))
    with pytest.raises(spielwerk.MoveLimitError, match="more than 3,000 (jumps tried for the moves of one "
                       "position|moves in one position)"):
        game.initial().legal_moves()
    few = spielwerk.load(os.path.join(os.path.dirname(HOP), "..", "..", "..", "..", "docs", "examples",
                                      "checkers.yaml"))
    assert len(few.initial().legal_moves()) == 7  # ordinary chains are far from it


def test_the_bound_is_checked_on_every_listing_of_moves(tmp_path):
    # a board of 26 x 26 squares and three kinds to place: 2,028 moves, over a bound of 2,000
    path = write(tmp_path, """\
        game: many
        players: [a, b]
        board: {shape: square, width: 26, height: 26}
        pieces: {x: {letter: X}, y: {letter: Y}, z: {letter: Z}}
        limits: {moves: 2000}
        phases:
          - name: play
            moves:
              - place: {}
        """)
    with pytest.raises(spielwerk.MoveLimitError) as info:
        spielwerk.load(path).initial().legal_moves()
    assert (info.value.line, info.value.col) == (9, 9) and "`place` makes too many moves" in info.value.message


# -- validate: warnings about moves that can grow without bound, and chains that end ---------------

def test_validate_warns_about_rules_whose_moves_grow_without_bound(capsys):
    assert main(["validate", HOP, SPREAD]) == 0  # valid files: the status stays 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{HOP}:14:45: warning: `jumped: keep` with chains: the jumped pieces stay, so chains may cross the "
        "same pieces in every order and land on the same squares again, and their number can grow "
        "exponentially with the pieces; `revisit: false` makes every landing a new square, `chain: false` "
        "makes a move one jump",
        f"{SPREAD}:14:16: warning: `drop: spread` without `take.max`: the spreads of one stack double with "
        "every piece it holds (a stack of 20 has about a million); give a carry limit, `take: {max: N}`",
    ]


def ring(tmp_path, revisit):
    """A hopper on a1 with pegs around the 3x3 board's edge: its chain can come back to a1."""
    return spielwerk.load(write(tmp_path, f"""\
        game: ring
        players: [a, b]
        board: {{shape: square, width: 3, height: 3}}
        pieces: {{hopper: {{letter: H}}, peg: {{letter: P}}}}
        setup:
          - {{piece: hopper, owner: 1, at: [a1]}}
          - {{piece: peg, owner: 2, at: [b1, c2, b3, a2]}}
        phases:
          - name: play
            moves:
              - jump: {{pieces: [hopper], over: any, jumped: keep, directions: orthogonal, revisit: {revisit}}}
        """, f"ring-{revisit}.yaml"))


def test_revisit_false_ends_a_chain_before_it_lands_on_a_square_again(tmp_path, capsys):
    back = sorted(st_text for st_text in (ring(tmp_path, "true").initial().move_text(m)
                                          for m in ring(tmp_path, "true").initial().legal_moves()))
    assert back == ["a1xa3xc3xc1xa1", "a1xc1xc3xa3xa1"]
    game = ring(tmp_path, "false")
    st = game.initial()
    assert sorted(st.move_text(m) for m in st.legal_moves()) == ["a1xa3xc3xc1", "a1xc1xc3xa3"]
    assert main(["validate", str(tmp_path / "ring-false.yaml")]) == 0
    assert capsys.readouterr().out == ""  # chains that end by a stated rule: nothing to warn about


# -- D6: keys that contradict each other are refused at the key -------------------------------------

def test_d6_a_jump_that_builds_columns_needs_stacking(capsys):
    path = os.path.join(BOUNDS, "lasca-no-stacking.yaml")
    assert main(["validate", path]) == 1
    assert capsys.readouterr().out == (
        f"{path}:6:3: `jumped: take_top` puts the jumped piece under the jumper, which builds a stack: the "
        "board needs `stacking: true` (or the jump `jumped: remove`)\n")


def test_d6_in_one_file_the_jump_is_named_and_a_placement_on_top_too(tmp_path, capsys):
    path = write(tmp_path, """\
        game: columns
        players: [a, b]
        board: {shape: square, width: 5, height: 5}
        pieces: {man: {letter: M}}
        setup:
          - {piece: man, at: [a1]}
        phases:
          - name: play
            moves:
              - jump: {jumped: take_top}
              - place: {onto: any}
        """)
    assert main(["validate", path]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:10:16: `jumped: take_top` puts the jumped piece under the jumper, which builds a stack: the "
        "board needs `stacking: true` (or the jump `jumped: remove`)",
        f"{path}:11:17: a piece placed on top of another builds a stack: the board needs `stacking: true` "
        "(or leave `onto` out: empty squares only)",
    ]
