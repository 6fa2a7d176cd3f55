"""spielwerk.report: reading self-play records, their statistics, the reports and the comparison of runs.

Every expected number is worked out by hand in a comment beside it.
"""

from __future__ import annotations

import json
import math

import pytest

from spielwerk import report
from spielwerk.dsl.errors import SpielwerkError

A = "mcts:iterations=50"
B = "random"


def record(index: int = 0, winner: int | None = 1, finished: bool = True, plies: int = 10,
           branching: list[int] | None = None, end: str | None = "goal", a_first: bool | None = None,
           agents: tuple[str, str] = (A, B), **extra: object) -> dict[str, object]:
    """One game's record; agent A sits first in even games unless ``a_first`` says otherwise."""
    if a_first is None:
        a_first = index % 2 == 0
    seats = [agents[0], agents[1]] if a_first else [agents[1], agents[0]]
    game: dict[str, object] = {
        "game": "somegame", "options": {"size": 3}, "index": index, "seed": 1000 + index,
        "agents": list(agents), "seats": seats,
        "result": "*" if not finished else ("draw" if winner is None else f"p{winner}"),
        "winner": winner, "finished": finished, "value": 1 if winner else None,
        "plies": plies, "end": end if finished else None,
        "branching": [3] * plies if branching is None else branching, "time": 0.5,
    }
    game.update(extra)
    return game


def write(tmp_path, records, name: str = "games.jsonl") -> str:
    """Write records (dicts, or raw text lines) as a JSON-lines file; return its path."""
    path = tmp_path / name
    lines = [r if isinstance(r, str) else json.dumps(r) for r in records]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def games_where_first_seat_wins(wins: int, total: int) -> list[dict[str, object]]:
    """``total`` finished games without draws, the first seat winning ``wins`` of them."""
    return [record(i, winner=1 if i < wins else 2, plies=10 + i % 7) for i in range(total)]


# ------------------------------------------------------------------------------------------------
# Loading
# ------------------------------------------------------------------------------------------------

def test_load_reads_records_and_skips_empty_lines(tmp_path):
    path = write(tmp_path, [record(0), "", "   ", record(1)])
    games = report.load_records(path)
    assert [g["index"] for g in games] == [0, 1]


@pytest.mark.parametrize("bad,words", [
    ("{not json", "not JSON"),
    ("[1, 2, 3]", "JSON object"),
    (json.dumps({k: v for k, v in record(1).items() if k != "plies"}), "'plies'"),
    (json.dumps(record(1, branching=[], plies="ten")), "'plies'"),
    (json.dumps(record(1, winner=3)), "'winner'"),
    (json.dumps(record(1, winner=True)), "'winner'"),
    (json.dumps(record(1, finished="yes")), "'finished'"),
    (json.dumps(record(1, agents=("x", "y"), seats=["x", "z"])), "'seats'"),
    (json.dumps(dict(record(1), agents=["only one"])), "'agents'"),
    (json.dumps(record(1, branching=[1, "2"])), "'branching'"),
    (json.dumps(record(1, time=None)), "'time'"),
    (json.dumps(record(1, winner=1, finished=False)), "not finished"),
])
def test_each_kind_of_bad_line_names_the_file_and_line(tmp_path, bad, words):
    path = write(tmp_path, [record(0), "", bad])
    with pytest.raises(SpielwerkError) as caught:
        report.load_records(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:3: ")
    assert words in message


def test_an_empty_file_and_a_missing_file_are_errors(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n", encoding="utf-8")
    with pytest.raises(SpielwerkError, match="no games"):
        report.load_records(str(empty))
    with pytest.raises(SpielwerkError, match="cannot read"):
        report.load_records(str(tmp_path / "absent.jsonl"))


# ------------------------------------------------------------------------------------------------
# Wilson interval and the tests behind compare
# ------------------------------------------------------------------------------------------------

def test_wilson_by_hand():
    # 7/10, z = 1.96: z^2 = 3.8416, denominator 1.38416, centre (0.7 + 0.19208) / 1.38416 = 0.64448,
    # half width 1.96 * sqrt(0.021 + 0.009604) / 1.38416 = 0.24772 -> (0.3968, 0.8922)
    low, high = report.wilson(7, 10)
    assert low == pytest.approx(0.3968, abs=1e-4)
    assert high == pytest.approx(0.8922, abs=1e-4)
    # 0/10: centre 0.19208 / 1.38416 = 0.13877, half width 1.96 * 0.098 / 1.38416 = 0.13877
    low, high = report.wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    low, high = report.wilson(10, 10)
    assert (low, high) == (pytest.approx(1 - 0.2775, abs=1e-4), 1.0)
    assert report.wilson(0, 0) == (0.0, 1.0)
    # half a win per draw: 6 wins and 2 draws of 10 is 7/10
    assert report.wilson(6 + 2 / 2, 10) == report.wilson(7, 10)


@pytest.mark.parametrize("successes,n", [(11, 10), (-1, 10), (0, -1)])
def test_wilson_rejects_impossible_counts(successes, n):
    with pytest.raises(SpielwerkError):
        report.wilson(successes, n)


def test_student_t_against_closed_forms():
    # one degree of freedom is the Cauchy distribution: P(|T| >= 1) = 1 - 2 * atan(1) / pi = 0.5
    assert report._student_two_sided(1.0, 1) == pytest.approx(0.5, abs=1e-12)
    # two degrees of freedom: P(|T| >= t) = 1 - t / sqrt(2 + t^2); t = 2 gives 1 - 2 / sqrt(6)
    assert report._student_two_sided(2.0, 2) == pytest.approx(1 - 2 / math.sqrt(6), abs=1e-12)
    assert report._student_two_sided(0.0, 7) == pytest.approx(1.0)
    # many degrees of freedom: close to the normal distribution, P(|Z| >= 1.96) = 0.0500
    assert report._student_two_sided(1.96, 10_000) == pytest.approx(0.05, abs=2e-4)
    # the textbook 5% critical value for 10 degrees of freedom is 2.228
    assert report._student_two_sided(2.228, 10) == pytest.approx(0.05, abs=1e-4)


def test_welch_by_hand():
    # means 10 and 12, both deviations 2, 30 games each: standard error sqrt(4/30 + 4/30) = 0.5164,
    # t = 2 / 0.5164 = 3.873, degrees of freedom (8/30)^2 / (2 * (4/30)^2 / 29) = 58
    t, p = report._welch(10, 2, 30, 12, 2, 30)
    assert t == pytest.approx(3.873, abs=1e-3)
    assert p == pytest.approx(report._student_two_sided(3.873, 58), rel=1e-3)
    assert 0.0002 < p < 0.0004
    assert report._welch(10, 2, 1, 12, 2, 30) is None


# ------------------------------------------------------------------------------------------------
# Summary
# ------------------------------------------------------------------------------------------------

def sample_games() -> list[dict[str, object]]:
    """Ten games, A first in the even ones:
    0 (A first) seat 1 wins -> A      1 (B first) seat 1 wins -> B      2 (A first) seat 2 wins -> B
    3 (B first) seat 2 wins -> A      4 (A first) seat 1 wins -> A      5 (B first) draw
    6 (A first) draw                  7 (B first) unfinished            8 (A first) seat 1 wins -> A
    9 (B first) seat 1 wins -> B
    """
    winners = [1, 1, 2, 2, 1, None, None, None, 1, 1]
    lengths = [4, 6, 8, 10, 12, 14, 16, 30, 5, 7]
    games = []
    for i, (winner, plies) in enumerate(zip(winners, lengths)):
        games.append(record(i, winner=winner, finished=i != 7, plies=plies,
                            branching=list(range(plies, 0, -1)), end="goal" if winner else "repetition"))
    return games


def test_summary_counts_agents_seats_draws_and_unfinished_games():
    s = report.summarize(sample_games())
    assert (s.game, s.options, s.games) == ("somegame", {"size": 3}, 10)
    assert (s.agent_a, s.agent_b) == (A, B)
    assert (s.finished, s.draws, s.unfinished) == (9, 2, 1)
    a, b = s.agents
    assert (a.name, a.wins, a.losses, a.draws, a.unfinished) == (A, 4, 3, 2, 1)
    assert (b.name, b.wins, b.losses, b.draws) == (B, 3, 4, 2)
    # A: (4 + 2/2) / 9 = 0.5556; B: (3 + 1) / 9 = 0.4444
    assert a.score.rate == pytest.approx(5 / 9)
    assert b.score.rate == pytest.approx(4 / 9)
    assert (a.score.low, a.score.high) == report.wilson(5, 9)
    first, second = s.seats
    # seat 1 won games 0, 1, 4, 8, 9; seat 2 games 2, 3
    assert (first.seat, first.wins, second.seat, second.wins) == (1, 5, 2, 2)
    assert first.score.rate == pytest.approx((5 + 1) / 9)
    assert second.score.rate == pytest.approx((2 + 1) / 9)
    assert s.draw_rate == pytest.approx(2 / 9)
    assert s.decisiveness == pytest.approx(7 / 9)
    # the unfinished game has no end; draws ended by "repetition"
    assert s.ends == {"goal": 7, "repetition": 2}
    assert s.mean_time == pytest.approx(0.5)


def test_summary_game_lengths_and_histogram():
    s = report.summarize(sample_games())
    lengths = [4, 6, 8, 10, 12, 14, 16, 30, 5, 7]
    assert s.length.mean == pytest.approx(11.2)
    assert s.length.std == pytest.approx(math.sqrt(sum((x - 11.2) ** 2 for x in lengths) / 9))
    assert (s.length.min, s.length.median, s.length.max) == (4, 9.0, 30)
    bins = s.length.bins
    assert sum(b.count for b in bins) == s.games
    # 4 to 30 is 27 plies: 20 bars at most, so bars 2 plies wide from 4
    assert bins[0] == report.Bin(4, 5, 2)
    assert all(b.high - b.low == 1 for b in bins)
    assert bins[-1].low <= 30 <= bins[-1].high


def test_histogram_of_equal_lengths_is_one_bar():
    s = report.summarize([record(i, plies=9) for i in range(6)])
    assert s.length.bins == (report.Bin(9, 9, 6),)
    assert s.length.std == 0.0


def test_branching_overall_and_by_ply():
    # six games; game i has i + 1 plies with 10, 20, 30, ... choices, and game 5 has 100 at ply 1
    games = [record(i, plies=i + 1, branching=[10 * (p + 1) for p in range(i + 1)]) for i in range(6)]
    games[5]["branching"][0] = 100
    s = report.summarize(games)
    # all plies: 21 of them; choices 10*(1) + 10*(1+2) + ... + 10*(1+...+6) = 10 * 56 = 560, plus 90
    assert s.branching_mean == pytest.approx(650 / 21)
    # ply 1 reached by 6 games: (5 * 10 + 100) / 6 = 25; ply 2 by 5 games: 20; ply 3 by only 4 games
    assert s.branching_by_ply == (pytest.approx(25.0), pytest.approx(20.0))


def test_branching_by_ply_lists_every_ply_with_few_games():
    games = [record(0, plies=3, branching=[4, 5, 6]), record(1, plies=1, branching=[2])]
    s = report.summarize(games)
    assert s.branching_by_ply == (3.0, 5.0, 6.0)
    assert report.summarize([record(0, plies=0, branching=[])]).branching_mean is None


def test_mixed_games_options_or_agents_are_errors():
    with pytest.raises(SpielwerkError, match="game 2"):
        report.summarize([record(0), record(1, game="othergame")])
    with pytest.raises(SpielwerkError, match="options"):
        report.summarize([record(0), record(1, options={"size": 4})])
    with pytest.raises(SpielwerkError, match="agents"):
        report.summarize([record(0), record(1, agents=("x", "y"))])
    with pytest.raises(SpielwerkError, match="no games"):
        report.summarize([])


def test_the_same_agent_on_both_sides():
    games = [record(i, winner=1 if i < 3 else 2, agents=("random", "random")) for i in range(4)]
    s = report.summarize(games)
    assert s.agents[0].wins == 3 and s.agents[1].wins == 1
    assert s.seats[0].wins == 3


# ------------------------------------------------------------------------------------------------
# Reports
# ------------------------------------------------------------------------------------------------

def test_render_table_shows_the_agents_and_their_rates():
    pytest.importorskip("rich")
    text = report.render_table(report.summarize(sample_games()))
    assert A in text and B in text
    assert "55.6%" in text and "44.4%" in text  # 5/9 and 4/9
    assert "player 1" in text and "66.7%" in text  # (5 + 1) / 9
    assert "repetition" in text
    assert all(len(line) <= 100 for line in text.splitlines())
    assert "\x1b[" not in text


def test_render_table_shows_names_as_they_are():
    pytest.importorskip("rich")
    games = [record(i, agents=("[bold]x[/bold]", "y")) for i in range(2)]
    assert "[bold]x[/bold]" in report.render_table(report.summarize(games))


def test_render_html_is_one_page_with_svg_and_escaped_text(tmp_path):
    pytest.importorskip("matplotlib")
    evil = "<script>alert(1)</script>"
    games = [record(i, winner=1 + i % 2, plies=5 + i, agents=(evil, "a&b")) for i in range(6)]
    out = tmp_path / "report.html"
    report.render_html(report.summarize(games), out)
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert page.count("<svg") == 3
    assert "<script" not in page
    assert "&lt;script&gt;" in page
    assert "a&amp;b" in page
    # self-contained: nothing fetched from elsewhere (only the SVG namespaces name a web address)
    assert "<link" not in page and " src=" not in page
    assert 'href="http' not in page
    assert "<table>" in page and "Branching factor" in page


def test_render_html_to_a_folder_that_does_not_exist(tmp_path):
    pytest.importorskip("matplotlib")
    with pytest.raises(SpielwerkError, match="cannot write"):
        report.render_html(report.summarize([record(0)]), tmp_path / "no" / "such" / "page.html")


# ------------------------------------------------------------------------------------------------
# Comparing two runs
# ------------------------------------------------------------------------------------------------

def differences(base_wins: int, variant_wins: int) -> dict[str, report.Difference]:
    base = report.summarize(games_where_first_seat_wins(base_wins, 100))
    variant = report.summarize(games_where_first_seat_wins(variant_wins, 100))
    return {d.measure: d for d in report.compare(base, variant)}


def test_compare_finds_a_first_player_edge_that_changed():
    d = differences(80, 50)["player 1 score rate"]
    # pooled 0.65, standard error sqrt(0.65 * 0.35 * 2 / 100) = 0.067454, z = -0.3 / 0.067454 = -4.4475,
    # p = 2 * (1 - Phi(4.4475)) = 8.7e-6
    assert (d.base, d.variant) == (0.8, 0.5)
    assert d.p_value == pytest.approx(8.7e-6, rel=0.02)
    assert d.significant
    assert "lower" in d.text


def test_compare_sees_no_difference_in_a_small_change():
    d = differences(52, 50)["player 1 score rate"]
    # pooled 0.51, standard error sqrt(0.51 * 0.49 * 2 / 100) = 0.070697, z = 0.02 / 0.070697 = 0.2829,
    # p = 2 * (1 - Phi(0.2829)) = 0.777
    assert d.p_value == pytest.approx(0.777, abs=1e-3)
    assert not d.significant


def test_compare_lists_the_other_measures():
    found = differences(52, 50)
    assert {"agent A score rate", "draw rate", "decisiveness", "unfinished rate",
            "mean game length"} <= set(found)
    # no draws on either side: the draw test has nothing to tell apart
    assert found["draw rate"].p_value == 1.0 and not found["draw rate"].significant
    # the same lengths on both sides (10 + i % 7)
    assert found["mean game length"].p_value == pytest.approx(1.0)


def test_compare_mean_game_length():
    base = report.summarize([record(i, plies=10 + i % 5) for i in range(40)])
    longer = report.summarize([record(i, plies=20 + i % 5) for i in range(40)])
    d = {d.measure: d for d in report.compare(base, longer)}["mean game length"]
    assert (d.base, d.variant) == (12.0, 22.0)
    assert d.significant and d.p_value < 1e-10


def test_compare_without_finished_games():
    unfinished = report.summarize([record(i, winner=None, finished=False) for i in range(3)])
    d = {d.measure: d for d in report.compare(unfinished, unfinished)}["player 1 score rate"]
    assert d.p_value is None and not d.significant


def test_render_comparison_names_both_runs():
    pytest.importorskip("rich")
    text = report.render_comparison(report.compare(report.summarize(games_where_first_seat_wins(80, 100)),
                                                   report.summarize(games_where_first_seat_wins(50, 100))),
                                    "before", "after")
    assert "before" in text and "after" in text
    assert "player 1 score rate" in text and "yes" in text
