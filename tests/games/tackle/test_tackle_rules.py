"""Tackle's rules, one test per sentence of NOTES.md section 1 and the seed (000)."""

from __future__ import annotations

import pytest
from tackle_board import game, moves, position, squares

import spielwerk
from spielwerk import IllegalMoveError

JOBS = {"Turm3": 3, "Treppe3": 3, "Turm4": 4, "Treppe4": 4, "Quadrat": 4, "Bluete": 4, "Turm5": 5,
        "Treppe5": 5, "Fuenf": 5, "Fisch": 5, "Turm6": 6, "Block6": 6, "Kreuz": 6, "Vogel": 6,
        "Block8": 8, "Brunnen": 8, "Block9": 9}


# -- board ---------------------------------------------------------------------------------------

def test_board_regions():
    g = game()
    assert g.topology.width == g.topology.height == 10
    assert g.region_mask("border").bit_count() == 36
    assert g.region_mask("court").bit_count() == 64
    assert g.region_mask("core").bit_count() == 16
    names = lambda mask: {g.topology.name(sq) for sq in range(100) if mask >> sq & 1}  # noqa: E731
    assert {"b2", "i9", "b9", "i2"} <= names(g.region_mask("court"))
    assert names(g.region_mask("core")) == {f"{f}{r}" for f in "defg" for r in range(4, 8)}


@pytest.mark.parametrize("job,size", JOBS.items())
def test_each_player_uses_job_size_plus_two_stones(job, size):
    g = game(job)
    assert g.reserve_counts == [size + 2]
    assert g.phases[0].plies == 2 * (size + 2)


def test_job_names_with_umlauts_are_accepted():
    assert spielwerk.load("tackle", job="Blüte").options["job"] == "Bluete"
    assert spielwerk.load("tackle", job="fünf").options["job"] == "Fuenf"
    with pytest.raises(spielwerk.OptionError, match="must be one of"):
        spielwerk.load("tackle", job="Dreieck")


# -- opening -------------------------------------------------------------------------------------

def test_white_places_first_on_empty_border_squares_only():
    st = game().initial()
    assert st.to_move == 1
    assert moves(st) == {st.game.topology.name(sq).upper() for sq in range(100)
                         if st.game.region_mask("border") >> sq & 1}


def test_no_own_stone_orthogonally_next_to_an_own_stone_but_diagonal_is_fine():
    st = game().initial()
    st.push_text("A2")
    st.push_text("J5")
    m = moves(st)
    assert "A1" not in m and "A3" not in m   # next to White's a2
    assert "B1" in m                          # diagonal to a2: allowed
    assert "J4" in m and "J6" in m            # next to Black's stone: fine for White


def test_when_no_spaced_square_is_left_any_empty_border_square_will_do():
    g = game("Block9")  # 11 stones each
    st = g.initial()
    # White takes every other border square; Black fills in where he can
    border = [g.topology.name(sq) for sq in range(100) if g.region_mask("border") >> sq & 1]
    for _ in range(22):
        legal = moves(st)
        st.push_text(sorted(legal)[0])
    assert st.game.phases[st.phase].name == "gold"
    assert len(squares(st, 1)) == 11 and len(squares(st, 2)) == 11
    assert all(sq in border for sq in squares(st, 1) | squares(st, 2))


def _border_loop():
    loop = [f"{f}1" for f in "abcdefghij"] + [f"j{r}" for r in range(2, 11)]
    loop += [f"{f}10" for f in "ihgfedcba"] + [f"a{r}" for r in range(9, 1, -1)]
    assert len(loop) == 36 and len(set(loop)) == 36
    return loop


def test_fallback_is_used_only_when_nothing_else_is_left():
    g = game("Block9")  # 11 stones each
    loop = _border_loop()
    # around the border: free, White, free, Black; every free square touches a White stone
    white = [sq for i, sq in enumerate(loop) if i % 4 == 1]
    black = [sq for i, sq in enumerate(loop) if i % 4 == 3]
    free = {sq.upper() for i, sq in enumerate(loop) if i % 4 in (0, 2)}
    st = position(g, white=white, black=black, to_move=1, ply=18)
    assert g.phases[st.phase].name == "opening"
    assert moves(st) == free


def test_black_places_the_gold_stone_in_the_core_then_white_moves():
    g = game()
    st = g.initial()
    order = ["A2", "J2", "A4", "J4", "A6", "J6", "A8", "J8", "C1", "C10", "E1", "E10"]
    for t in order:
        st.push_text(t)
    assert g.phases[st.phase].name == "gold" and st.to_move == 2
    assert moves(st) == {f"{f}{r}".upper() for f in "defg" for r in range(4, 8)}
    st.push_text("E5")
    assert g.phases[st.phase].name == "play" and st.to_move == 1


def test_turm3_lets_the_gold_stone_go_anywhere_in_the_court_and_an_option_does_for_any_job():
    white = ["a2", "a4", "a6", "a8", "c1", "e1"]
    black = ["j2", "j4", "j6", "j8", "c10", "e10"]
    for g in (game("Turm3"), game("Quadrat", gold_area="court")):
        n = g.reserve_counts[0]
        st = position(g, white=white[:n], black=black[:n], to_move=2, ply=2 * n)
        assert g.phases[st.phase].name == "gold"
        assert len(moves(st)) == 64
    g = game("Turm3", gold_area="core")
    st = position(g, white=white[:5], black=black[:5], to_move=2, ply=10)
    assert len(moves(st)) == 16


def test_a_record_lists_the_gold_stone_as_blacks_extra_ply():
    spec = spielwerk.load_spec_for("tackle")
    from spielwerk.replay import replay_text
    text = '[Job "Quadrat"]\n1. A2, J2 2. A4, J4 3. A6, J6 4. A8, J8 5. C1, C10 6. E1, E10; E5\n7. A2-B2\n'
    (rec,) = replay_text(spec, text)
    assert rec.error is None and rec.result == "*"
    assert rec.state.stacks[rec.state.game.topology.parse_square("e5")] != []


# -- single stones ---------------------------------------------------------------------------------

def test_a_single_stone_slides_orthogonally_any_distance_over_empty_squares():
    g = game()
    st = position(g, white=["e5"], black=["e8"], gold="g5")
    m = {t for t in moves(st) if t.startswith("E5")}
    assert m == {"E5-E6", "E5-E7", "E5-E4", "E5-E3", "E5-E2", "E5-E1", "E5-F5", "E5-D5", "E5-C5", "E5-B5", "E5-A5"}


def test_a_corner_stone_may_also_move_diagonally_others_may_not():
    g = game()
    st = position(g, white=["j10", "e4"], black=["a1"])
    m = moves(st)
    assert "J10-B2" in m and "J10-A1" not in m  # a1 is occupied: the diagonal stops before it
    assert not any(t.startswith("E4-F5") or t.startswith("E4-D3") for t in m)
    st = position(g, white=["j10", "e5"], black=["a1"])
    assert "J10-F6" in moves(st) and "J10-E5" not in moves(st)


def test_a_single_stone_never_pushes():
    g = game()
    st = position(g, white=["e5"], black=["e6"])
    assert not any(t.startswith("E5-E") and int(t[4:]) > 5 for t in moves(st))


# -- blocks -----------------------------------------------------------------------------------------

def test_a_line_moves_along_its_axis_only():
    g = game("Block9")
    st = position(g, white=["c3", "c4", "c5"], black=["j10"])
    m = moves(st)
    assert "C3-C6" in m          # the triple c3-c5 north by 3: rear c3 ends on c6
    assert "C5-C3" in m and "C5-C2" not in m  # south: the front c3 reaches c1, the rear c5 ends on c3
    assert "C345-D345" not in m and "C345-B345" not in m   # never sideways


def test_sub_blocks_and_single_stones_of_a_group_move_too():
    g = game("Block9")
    st = position(g, white=["c3", "c4", "c5"], black=["j10"])
    m = moves(st)
    assert "C4-C7" in m      # the pair c4-c5 north
    assert "C5-C9" in m      # the single c5 north
    assert "C3-D3" in m      # the single c3 sideways


def test_a_square_block_moves_in_all_four_directions():
    g = game("Block9")
    st = position(g, white=["d4", "e4", "d5", "e5"], black=["j10"])
    m = moves(st)
    # the rear stones push: moving west the rear is the east file (as NOTES' F56-C56)
    assert {"DE4-DE5", "DE5-DE4", "E45-D45", "D45-E45"} <= m


def test_a_2x3_block_moves_along_its_long_axis():
    g = game("Block9")
    st = position(g, white=["c4", "d4", "e4", "c5", "d5", "e5"], black=["j10"])
    m = moves(st)
    assert "E45-D45" in m and "C45-D45" in m        # along the rank: three long
    assert "CDE5-CDE4" not in m and "CDE4-CDE5" not in m


def test_own_stones_and_the_gold_stone_stop_a_block():
    g = game("Block9")
    st = position(g, white=["c3", "c4", "c7"], black=["j10"], gold="c9")
    m = moves(st)
    assert "C3-C5" in m and "C3-C6" not in m    # c7 (own) stops the pair c3-c4 at c5-c6
    st = position(g, white=["c3", "c4"], black=["j10"], gold="c7")
    assert "C3-C5" in moves(st) and "C3-C6" not in moves(st)


# -- pushing ----------------------------------------------------------------------------------------

def test_a_longer_run_pushes_a_shorter_one_any_distance():
    g = game("Block9")
    st = position(g, white=["c2", "c3", "c4"], black=["c5", "c6"])
    m = moves(st)
    assert {"C2-C3", "C2-C4", "C2-C5", "C2-C6"} <= m and "C2-C7" not in m  # the pair stops at the edge
    st.push_text("C2-C6")
    assert squares(st, 2) == {"c9", "c10"} and squares(st, 1) == {"c6", "c7", "c8"}


def test_equal_power_does_not_push():
    g = game("Block9")
    st = position(g, white=["c2", "c3"], black=["c4", "c5"])
    assert not any(t.startswith("C2-C") and int(t[4:]) > 2 for t in moves(st))
    assert "C2-C1" in moves(st) or "C3-C2" in moves(st)  # it can still move away


def test_an_own_stone_or_the_gold_stone_behind_the_enemy_run_blocks():
    g = game("Block9")
    st = position(g, white=["c2", "c3", "c4", "c6"], black=["c5"])
    assert not any(t.startswith("C2-C") and int(t[4:]) > 2 for t in moves(st))
    st = position(g, white=["c2", "c3", "c4"], black=["c5"], gold="c6")
    assert not any(t.startswith("C2-C") and int(t[4:]) > 2 for t in moves(st))


def test_stones_are_never_pushed_off_the_board():
    g = game("Block9")
    st = position(g, white=["c7", "c8", "c9"], black=["c10"])
    assert not any(t.startswith("C7-C") and int(t[4:]) > 7 for t in moves(st))


def test_the_enemy_run_must_hold_only_enemy_stones():
    g = game("Block9")
    st = position(g, white=["c2", "c3", "c4", "c6"], black=["c5", "c7"])
    assert not any(t.startswith("C2-C") and int(t[4:]) > 2 for t in moves(st))


def test_wider_blocks_push_lane_by_lane():
    g = game("Block9")
    # a 2x2 square pushes a single stone in one lane while the other lane is empty
    st = position(g, white=["d4", "e4", "d5", "e5"], black=["d6"])
    assert "DE4-DE5" in moves(st)
    st.push_text("DE4-DE6")
    assert squares(st, 2) == {"d8"}
    # both lanes: each run must be shorter than the power (2): a pair in one lane blocks the move
    st = position(g, white=["d4", "e4", "d5", "e5"], black=["d6", "d7", "e6"])
    assert not any(t.startswith("DE4-") for t in moves(st))


def test_a_lane_that_cannot_move_stops_the_whole_block():
    g = game("Block9")
    st = position(g, white=["d4", "e4", "d5", "e5"], black=["d6"], gold="e8")
    m = moves(st)
    assert "DE4-DE6" in m and "DE4-DE7" not in m   # the e lane meets the gold stone on e8


def test_completing_the_opponents_job_by_pushing_loses():
    g = game("Turm3")
    st = position(g, white=["d1", "d2"], black=["d3", "c7", "e7"])
    assert st.outcome() is None
    st.push_text("D1-D5")  # the pair pushes d3 to d7: c7 d7 e7 is Black's Turm3
    assert st.outcome().winner == 2 and st.outcome().token == "0-1"


# -- the worm ---------------------------------------------------------------------------------------

def test_the_worm_loses_its_front_stone_and_re_enters_on_the_opposite_edge():
    g = game("Block9")
    st = position(g, white=["c4", "c5", "c6"], black=["j10"])
    assert "C6-C10(w)" in moves(st)
    st.push_text("C6-C10(w)")
    assert squares(st, 1) == {"c9", "c10"}


def test_a_double_leaving_at_the_top_re_enters_with_one_stone_at_the_bottom():
    g = game("Block9")
    st = position(g, white=["e9", "e10", "a5"], black=["j1"])
    st.push_text("E9-E1(w)")
    assert squares(st, 1) == {"e1", "a5"}


def test_a_triple_leaving_at_the_top_re_enters_on_the_first_two_squares():
    g = game("Block9")
    st = position(g, white=["e6", "e7", "e8"], black=["j1"])
    st.push_text("E6-E1(w)")
    assert squares(st, 1) == {"e1", "e2"}


def test_a_square_worm_sacrifices_two_stones():
    g = game("Block9")
    st = position(g, white=["d8", "e8", "d9", "e9"], black=["j1"])
    st.push_text("DE8-DE1(w)")
    assert squares(st, 1) == {"d1", "e1"}


def test_no_worm_without_a_free_path_or_free_re_entry_squares_and_no_pushing():
    g = game("Block9")
    assert "C6-C10(w)" not in {g.format_move(s, m) for s in [position(g, white=["c4", "c5", "c6"], black=["c2"])]
                               for m in s.legal_moves()}
    st = position(g, white=["c4", "c5", "c6"], black=["c10"])
    assert not any(g.format_move(st, m).endswith("(w)") and g.format_move(st, m).startswith("C6") for m in st.legal_moves())


def test_a_single_stone_cannot_worm():
    g = game("Block9")
    st = position(g, white=["c5"], black=["j10"])
    assert not any(g.format_move(st, m).endswith("(w)") for m in st.legal_moves())


# -- the gold stone ---------------------------------------------------------------------------------

def test_the_gold_stone_blocks_and_never_moves():
    g = game()
    st = position(g, white=["d5"], black=["j10"], gold="f5")
    m = moves(st)
    assert "D5-E5" in m and "D5-F5" not in m and "D5-G5" not in m


def test_the_gold_stone_leaves_when_the_last_border_stone_leaves_and_the_square_is_free():
    # the seed: White plays J9-I9, no stone is left on the border, the gold stone goes; then D3-D4 wins
    g = game()
    st = position(g, white=["j9", "d3", "c4", "c5", "d5"], black=["f6", "g7"], gold="d4")
    assert "D3-D4" not in moves(st)
    text = st.move_text(g.parse_move(st, "J9-I9"))
    assert text == "J9-I9(>)"
    st.push_text("J9-I9(>)")
    assert not any(pc >> 1 == g.kind_index["gold"] for s in st.stacks for pc in s)
    st.push_text("F6-F7")
    assert st.move_text(g.parse_move(st, "D3-D4")) == "D3-D4xx"
    st.push_text("D3-D4")
    assert st.outcome().winner == 1


def test_the_gold_stone_stays_while_a_stone_is_on_the_border():
    g = game()
    st = position(g, white=["j9", "a1"], black=["f6"], gold="d4")
    st.push_text("J9-I9")
    assert any(s for s in st.stacks if s and s[-1] >> 1 == g.kind_index["gold"])
    with pytest.raises(IllegalMoveError, match=r"\(>\)"):
        position(g, white=["j9", "a1"], black=["f6"], gold="d4").push_text("J9-I9(>)")


# -- jobs, draws ------------------------------------------------------------------------------------

def test_both_jobs_done_by_one_move_is_a_draw():
    g = game("Turm3")
    st = position(g, white=["d1", "d2", "d3"], black=["d4", "c7", "e7"])
    assert st.outcome() is None
    st.push_text("D1-D4")  # White's d4 d5 d6 and Black's c7 d7 e7 at once
    out = st.outcome()
    assert out is not None and out.winner is None and out.token == "1/2-1/2"


def test_threefold_repetition_is_a_draw():
    g = game()
    st = position(g, white=["a5"], black=["j5"])
    for _ in range(2):
        for t in ("A5-A6", "J5-J6", "A6-A5", "J6-J5"):
            st.push_text(t)
    assert st.outcome() is not None and st.outcome().result == "repetition"


def test_a_player_without_a_legal_move_passes():
    g = game()
    st = position(g, white=["a1"], black=["a2", "b1", "b2", "j10"], to_move=1)
    assert st.legal_moves() == [g.pass_move]
    assert st.move_text(g.pass_move) == "pass"
    st.push_text("pass")
    assert st.to_move == 2


@pytest.mark.parametrize("rule,expect", [("lose", "0-1"), ("draw", "1/2-1/2")])
def test_the_no_move_rule_is_an_option(rule, expect):
    g = game("Quadrat", stalemate=rule)
    st = position(g, white=["a1"], black=["a2", "b1", "b2", "j10"], to_move=1)
    assert st.legal_moves() == []
    assert st.outcome().token == expect


def test_a_malformed_job_picture_is_refused_with_its_location(tmp_path, capsys):
    from spielwerk.cli import main
    for rows, message in [('["OO", "O"]', "same length"), ('["OO", "OZ"]', "'OZ'"), ('["x.", ".x"]', "O cell")]:
        variant = tmp_path / "bad.yaml"
        variant.write_text("extends: tackle\ngame: bad\npredicates:\n  job:\n    pattern:\n      pictures:\n"
                           f"        Krumm: {rows}\n")
        assert main(["validate", str(variant)]) == 1
        out = capsys.readouterr().out.strip().splitlines()
        assert len(out) == 1 and out[0].startswith(f"{variant}:7:") and message in out[0], out
