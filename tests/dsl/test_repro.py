"""Every reproducer of a bad-input defect (tests/data/repro, see its README) ends in a located error
or in a game that plays: never a traceback, a hang or runaway memory. Each file also states what
it must say, so a fix that turns one error into another is noticed."""

from __future__ import annotations

import os
import random
import re
import signal
import warnings

import pytest

import spielwerk
from spielwerk import Game, SpielwerkError, load_spec
from spielwerk.agents import sample_chance
from spielwerk.cli import main
from spielwerk.dsl.errors import SpecError, SpecErrors

HERE = os.path.dirname(os.path.abspath(__file__))
REPRO = os.path.join(HERE, "..", "data", "repro")
FUZZ = os.path.join(REPRO, "fuzz")
FOUND = os.path.join(REPRO, "found")

#: what `validate` says about each reproducer (None: the file is a game that must play)
EXPECTED = {
    "e2-hexdiag.yaml": "no direction 'diagonal' on this board",
    "e5-square-offboard.yaml": "'c9' is not a square of this 7x7 board",
    "neutral-carry.yaml": None,
    "setup-overdraws-reserve.yaml": None,
    "bg_hit_to.yaml": "the board has no place 'nowhere'",
    "bg_points_str.yaml": "unexpected character '}'",
    "bg_setup_count.yaml": "holds at most 15 checkers a player, not 100",
    "binary.yaml": "the file is not UTF-8 text",
    "deepneg.yaml": "an expression nested 600 deep",
    "deepyaml.yaml": "nested deeper than 32 levels",
    "div0.yaml": "a division by zero",
    "expr_argcount.yaml": "count() takes 2 to 9 argument(s), got 1",
    "expr_plies.yaml": "ends too early",
    "extends_devzero.yaml": "`extends` takes a bundled game's name or the name of a file in the same folder",
    "extends_passwd.yaml": "`extends` takes a bundled game's name or the name of a file in the same folder",
    "extends_rel.yaml": "`extends` takes a bundled game's name or the name of a file in the same folder",
    "hugeint.yaml": "has more than 18 digits",
    "int_key.yaml": "cannot be read as int",
    "laughs.yaml": "YAML aliases (*name) are not allowed",
    "longextends.yaml": "`extends` takes a bundled game's name",
    "merge.yaml": "YAML merge keys (<<) are not allowed",
    "negwidth.yaml": "-5 is out of range: width is 1 to 26",
    "recalias.yaml": "YAML aliases (*name) are not allowed",
    "region_default.yaml": "the default does not fit",
    "scoring_target.yaml": "`scoring` needs a `target`",
    "trailer_field.yaml": "{plyx} is not a field of the trailer",
    "wide.yaml": "100000 is out of range: width is 1 to 26",
    "spec-00.yaml": "out of range: width",
    "spec-01.yaml": "out of range: play is 1 to 8",
    "spec-02.yaml": "out of range: count is 0 to 10000",
    "spec-03.yaml": "out of range: underneath is 0 to 8",
    "spec-04.yaml": "unexpected character '!'",
    "spec-05.yaml": "ends too early",
    "spec-06.yaml": "unexpected 'needed'",
    "spec-07.yaml": "count() takes 2 to 9 argument(s), got 1",
    "spec-08.yaml": "out of range: points is 2 to 200",
    "spec-09.yaml": "`scoring` needs a `target`",
    "spec-10.yaml": "the board has no place 'bar + 1'",
    "spec-11.yaml": "the board has no place 'bxr'",
    "spec-12.yaml": "the board has no place 'out'",
    "spec-13.yaml": "the board has no place",
    "spec-14.yaml": "names no declared option",
    "spec-15.yaml": "the default does not fit",
    "spec-16.yaml": "is not fields separated by single spaces",
    "spec-17.yaml": "unexpected '%'",
    "spec-18.yaml": "must be computable from options alone",
    "spec-19.yaml": "must be computable from options alone",
    "spec-20.yaml": "is neither a square of this board nor a region",
    "spec-21.yaml": "unexpected character '}'",
    "spec-22.yaml": "is not a point of this track",
    "spec-23.yaml": "out of range: width",
    "spec-24.yaml": None,
    "spec-25.yaml": "has more than 18 digits",
    "spec-26.yaml": "YAML aliases (*name) are not allowed",
    "spec-27.yaml": "unknown key 'x-anchor'",
    "spec-28.yaml": "cannot be read as int",
    "spec-29.yaml": "`plies` has nothing to hand over to",
    "spec-30.yaml": "out of range: count is 1 to 1000",
    "spec-31.yaml": "b1 would hold more than one piece, and pieces do not stack",
    "spec-32.yaml": "23 point names for 24 points",
    "spec-33.yaml": "is not fields separated by single spaces",
    "spec-34.yaml": "has more than 18 digits",
    "spec-35.yaml": "is not fields separated by single spaces",
    "spec-36.yaml": "a division by zero",
    # found by the fuzz suite of tests/property/test_fuzz_specs.py (found/)
    "bool-tag-maybe.yaml": "'maybe' cannot be read as bool",
    "control-character.yaml": "the character #x000c is not allowed in YAML text",
    "hex-rank-90.yaml": "90 is out of range: ranks[4] is 1 to 26",
    "hex-region-rectangle.yaml": "'b2-i9' is not a point of this hex board",
    "letters-alike.yaml": "the position text writes flat and soldier alike",
    "null-without-parent.yaml": "`money: null` takes out the parent's option 'money', but there is none",
    "number-key.yaml": "the key 7 is not text",
    "region-expression-item.yaml": "is not a square of this 7x7 board",
    "reserve-of-ply.yaml": "reserve() takes a player first (mover, opponent, 1 or 2), not 'ply'",
    "template-field-twice.yaml": "writes the field 'from' twice",
    "template-stray-brace.yaml": "a field is written {name}",
    "track-blocked-by-20.yaml": "20 is out of range: blocked_by is 1 to 2",
    "track-no-stacking.yaml": "the board needs `stacking: true`",
    "track-no-stacking-parent.yaml": "the board needs `stacking: true`",
    "two-blocks-written-alike.yaml": "this place block repeats block 1 of the phase exactly",
    "written-top-no-plain.yaml": "`written: top` gives only the top piece's letter",
    "point-name-with-dash.yaml": "'tackle-goldcourt' is not a point name of 1 to 8 letters and digits",
    "quoted-unknown-piece.yaml": "'nopiece' names no piece, region, reserve or place of this game",
    "table-entry-taken-out.yaml": "table 'capstones' of dvonn has no entry for size=5",
    "enter-from-one-place-twice.yaml": "the second entering place must differ from the first",
    "template-trailing-space.yaml": "starts or ends with a space",
    "carry-without-stacking.yaml": "this board does not stack",
    "template-without-fields.yaml": "writes no field, so every move would read the same",
    "template-without-fields-parent.yaml": "writes no field, so every move would read the same",
    "division-by-computed-zero.yaml": None,  # loads; the failing expression is reported while playing
    "choice-default-by-another-option.yaml": "option 'ending_turns' sets a track key that takes full, apart",
    "gnubg-with-pins.yaml": "cannot show a pinned checker",
    "corner-first-take-one.yaml": None,  # a corner rule that forbids every way: the turn passes
    "gnubg-without-track.yaml": "a gnubg position ID describes a race on a `track`: this game has none",
    "at-on-a-square-board.yaml": "at() counts the checkers in a place of a track board",
    "at-on-a-square-board-parent.yaml": "at() counts the checkers in a place of a track board",
    "block-repeated.yaml": "this tip block repeats block 1 of the phase exactly",
    "empty-separator.yaml": "the field 'path' needs a separator between its squares",
    "on-path-on-a-square-board.yaml": "on_path() counts along a player's path on a track board",
    "converge-without-stacking.yaml": "a converge block builds stacks: the board needs `stacking: true`",
    "converge-without-stacking-parent.yaml": "unknown key 'a' in phases/1/moves/0",
}

LOCATED = re.compile(r"^[^\n]+:\d+:\d+: \S")


def _files() -> list[str]:
    return sorted([os.path.join(REPRO, f) for f in os.listdir(REPRO) if f.endswith(".yaml")]
                  + [os.path.join(FUZZ, f) for f in os.listdir(FUZZ) if f.endswith(".yaml")]
                  + [os.path.join(FOUND, f) for f in os.listdir(FOUND) if f.endswith(".yaml")])


class _Hang(Exception):
    pass


@pytest.fixture
def time_bound():
    """Fail instead of hanging: every reproducer is done in well under 20 seconds."""
    def alarm(*_):
        raise _Hang("more than 20 seconds")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def test_every_reproducer_has_an_expectation():
    assert sorted(os.path.basename(f) for f in _files()) == sorted(EXPECTED)


def test_two_blocks_whose_moves_read_alike_are_refused(tmp_path, capsys):
    """Two place blocks of different pieces, both written `{to}` (the piece left out): a text could
    name either. (Written with the default `{piece}{to}`, they are told apart.)"""
    path = tmp_path / "alike.yaml"
    path.write_text("game: alike\nplayers: [white, black]\nboard: {shape: square, width: 3, height: 3}\n"
                    "pieces: {stone: {letter: S}, wall: {letter: W}}\n"
                    "phases:\n  - name: play\n    moves:\n      - place: {pieces: [stone]}\n"
                    "      - place: {pieces: [wall]}\nend: []\nno_moves: lose\nnotation: {moves: {place: '{to}'}}\n")
    assert main(["validate", str(path)]) == 1
    assert "alike.yaml:9:9: its moves are written like those of the place block before it" in capsys.readouterr().out


def test_an_extends_child_with_20000_keys_merges_in_linear_time(tmp_path, time_bound):
    """Merging was quadratic in the keys: 20,000 table entries took a minute."""
    entries = ", ".join(f"k{i}: {i}" for i in range(20_000))
    path = tmp_path / "many.yaml"
    path.write_text(f"extends: tak\ngame: many\ntables:\n  capstones:\n    values: {{{entries}}}\n")
    assert Game(load_spec(str(path))).name == "many"


def test_an_expression_that_fails_while_playing_is_reported_and_play_goes_on(capsys):
    """`1 + ply // (mover - mover)` cannot be refused at load (the divisor is computed); while
    playing it counts as 0, and the failure is a located warning, once, kept in game.problems."""
    path = os.path.join(FOUND, "division-by-computed-zero.yaml")
    game = Game(load_spec(path))
    with pytest.warns(spielwerk.SpielwerkWarning, match=r"division-by-computed-zero.yaml:\d+:\d+: while playing"):
        game.perft(game.initial(), 2)
    assert len(game.problems) == 1 and "it counts as false (0)" in game.problems[0]
    assert main(["play", path, "--white", "random", "--black", "random", "--seed", "1", "--max-plies", "20"]) == 0
    out, err = capsys.readouterr()
    assert "result:" in out and err.count("spielwerk: warning: ") == 1


def _play(game: Game, seed: int, plies: int = 150) -> None:
    """Random play from the start; every move text and position text reads back."""
    rng = random.Random(seed)
    s = game.initial()
    for _ in range(plies):
        if s.outcome() is not None:
            return
        if s.is_chance():
            s.push(sample_chance(game, s, rng))
            continue
        moves = s.legal_moves()
        if not moves:
            return
        move = rng.choice(moves)
        assert game.parse_move(s, s.move_text(move)) == move
        s.push(move)
        text = s.text()
        assert game.parse_position(text).text() == text


@pytest.mark.parametrize("path", _files(), ids=os.path.basename)
def test_a_reproducer_ends_in_a_located_error_or_plays(path, time_bound, capsys):
    expected = EXPECTED[os.path.basename(path)]
    code = main(["validate", path])
    out = capsys.readouterr().out
    if expected is None:  # valid: at most warnings (rules whose moves can grow without bound)
        assert code == 0 and all(": warning: " in line for line in out.splitlines()), out
        game = Game(load_spec(path))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", spielwerk.SpielwerkWarning)  # reported, see below
            assert game.perft(game.initial(), 2) >= 0
            for seed in range(3):
                _play(game, seed)
        return
    assert code == 1 and expected in out, out
    assert all(LOCATED.match(line) for line in out.splitlines()), out
    with pytest.raises((SpecError, SpecErrors)):
        Game(load_spec(path))


def test_the_neutral_rock_is_nobodys_to_carry(capsys):
    """A neutral piece on top of a stack belongs to neither player: white may not move it."""
    path = os.path.join(REPRO, "neutral-carry.yaml")
    assert main(["moves", path]) == 0
    moves = capsys.readouterr().out.split()
    assert moves and not any(m.startswith("1b2") for m in moves)
    game = Game(load_spec(path))
    # white's stone under the rock: white controls nothing and has no move; black moves his own
    assert game.parse_position("x3/x,1S0R,x/x3 1 1").legal_moves() == []
    assert game.parse_position("x3/x,1S0R,x/2S,x2 2 1").legal_moves() != []


def test_the_setup_does_not_overdraw_the_reserve(capsys):
    """The pieces a setup puts on the board come with the game; the reserve never goes negative,
    and every position the game writes reads back."""
    path = os.path.join(REPRO, "setup-overdraws-reserve.yaml")
    game = Game(load_spec(path))
    s = game.initial()
    assert min(s.reserves[1] + s.reserves[2]) >= 0
    assert main(["moves", path, "--after"]) == 0
    for line in capsys.readouterr().out.splitlines():
        text = line.split("\t")[1]
        assert game.parse_position(text).text() == text


# -- records and texts ----------------------------------------------------------------------------

def test_a_die_of_nine_in_a_match_record_is_an_illegal_move(capsys):
    assert main(["replay", "backgammon", os.path.join(FUZZ, "bg_die9.txt")]) == 1
    assert capsys.readouterr().out == "move 2: 59: 24/15: the roll 5-9: each die shows 1 to 6\n"


def test_a_starter_tag_that_is_not_a_player_is_reported(capsys):
    assert main(["replay", "backgammon", os.path.join(FUZZ, "bg_starter.txt")]) == 1
    assert capsys.readouterr().out == 'move 0: [Starter "x"]: the starter is player 1 or 2\n'


def test_a_move_number_of_4400_digits_is_reported(capsys):
    assert main(["replay", "tak", os.path.join(FUZZ, "ptn_bignum.ptn")]) == 1
    assert "the move number 999999999999... is too large" in capsys.readouterr().out


def test_one_bad_tag_does_not_stop_the_files_after_it(capsys):
    code = main(["replay", "tak", os.path.join(FUZZ, "ptn_size9.ptn"), os.path.join(FUZZ, "good.ptn")])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out == ['move 0: [Size "9"]: option size=9 of tak: must be between 3 and 8', "result: F-0"]


def test_unreadable_record_files_are_reported_and_the_others_replayed(capsys):
    code = main(["replay", "tak", os.path.join(FUZZ, "binary.yaml"), "/dev/zero", os.path.join(FUZZ, "good.ptn")])
    out, err = capsys.readouterr()
    assert code == 1 and out == "result: F-0\n"
    assert "binary.yaml:1:1: the file is not UTF-8 text" in err and "/dev/zero:1:1: cannot read the file: not a file" in err


def test_a_record_with_a_byte_order_mark_is_read(tmp_path, capsys):
    path = tmp_path / "bom.ptn"
    path.write_bytes(b'\xef\xbb\xbf[Size "5"]\n\n1. a1 e5 *\n')
    assert main(["replay", "tak", str(path)]) == 0
    assert capsys.readouterr().out == "result: *\n"


@pytest.mark.parametrize("argv, why", [
    (["moves", "tak", "-o", "size=3", "--position", "x3/x\u00b2/x3 1 1"], "at most 3 digits 0-9"),
    (["moves", "tak", "--position", "x5/x5/x5/x5/x5 1 99999999999999999999", "--after"], "at most 10 digits"),
])
def test_numbers_in_position_texts_are_bounded_and_ascii(capsys, argv, why):
    assert main(argv) == 1
    assert why in capsys.readouterr().err


@pytest.mark.parametrize("game, text", [
    ("backgammon", "8/5(30000000)"), ("backgammon", "13/7(99999999999999999999999)"),
    ("backgammon", "13/7(\u00b2)"), ("trictrac", "30000000 x 1-2"),
])
def test_repeat_counts_are_bounded(game, text, time_bound):
    g = spielwerk.load(game)
    s = g.initial()
    rng = random.Random(1)
    while s.is_chance():
        s.push(sample_chance(g, s, rng))
    with pytest.raises(spielwerk.MoveError):
        s.push_text(text)


# -- XGID with the cube ------------------------------------------------------------------------------

MONEY_START = "XGID=-b----E-C---eE---c-e----B-"


@pytest.mark.parametrize("fields, why", [
    (":-1:0:1:00:0:0:0:0:6", "the cube's exponent is 0 to 6"),
    (":100000000000:0:1:00:0:0:0:0:6", "whole numbers"),
    (":0:0:1:77:0:0:0:0:6", "each die shows 1 to 6"),
    (":0:0:1:09:0:0:0:0:6", "each die shows 1 to 6"),
    (":0:2:1:00:0:0:0:0:6", "the cube's owner is 1, -1 or 0"),
    (":0:0:1:Q:0:0:0:0:6", "the dice are two digits"),
    (":6:0:1:D:0:0:0:0:6", "cannot have doubled"),
])
def test_bad_xgid_fields_are_refused(fields, why):
    g = spielwerk.load("backgammon", money=True)
    with pytest.raises(spielwerk.InvalidPositionError, match=re.escape(why)):
        g.parse_position(MONEY_START + fields)
    with pytest.raises(spielwerk.InvalidPositionError):
        g.parse_position("\u0130" + MONEY_START + fields)


def test_xgid_round_trips_every_cube_state_of_random_money_games():
    """A pending double (D), a double passed (P), the decision made before the roll (--), rolled
    dice and the plain 00 all read back to the same position, hash, result and moves."""
    g = spielwerk.load("backgammon", money=True)
    seen = set()
    for seed in range(25):
        rng = random.Random(seed)
        s = g.initial()
        for _ in range(300):
            if s.ply:
                text = g.position.format_as(s, "XGID=")
                back = g.parse_position(text)
                assert g.position.format_as(back, "XGID=") == text
                assert (back.hash, back.result, back.is_chance(), back.legal_moves()) == \
                    (s.hash, s.result, s.is_chance(), s.legal_moves()), text
                seen.add(text.split(":")[4] if not text.split(":")[4].isdigit() or text.split(":")[4] == "00"
                         else "rolled")
            if s.result is not None:
                break
            if s.is_chance():
                s.push(sample_chance(g, s, rng))
                continue
            s.push(rng.choice(s.legal_moves()))
    assert seen == {"00", "--", "D", "P", "rolled"}


def test_a_finished_xgid_is_worth_the_cube_times_the_gammon():
    g = spielwerk.load("backgammon", money=True)
    s = g.parse_position("XGID=-----------o--------------:6:1:-1:00:0:0:0:0:6")  # 15 checkers on, none off
    assert (s.outcome().winner, s.outcome().value) == (1, 2 * 64)


def test_the_api_makes_the_no_double_decision_and_refuses_a_roll_before_it():
    g = spielwerk.load("backgammon", money=True)
    s = g.parse_position("4HPwATDgc/ABMA")
    assert [s.move_text(m) for m in s.legal_moves()] == ["roll", "double"]
    with pytest.raises(spielwerk.IllegalMoveError, match="a cube decision comes first"):
        s.push(g.roll(3, 1))
    s.roll(3, 1)  # the player does not double, then rolls
    assert s.dice == (3, 1) and [m[1] for m, _ in s.stack] == [0, 3]
    with pytest.raises(spielwerk.IllegalMoveError, match="not to be rolled now"):
        s.push(g.roll(2, 1))
    with pytest.raises(spielwerk.InvalidMoveError, match="each die shows 1 to 6"):
        g.roll(7, 1)


# -- found by the independent reading of Tric-Trac --------------------------------------------------

TT_POSITION = "x4,11111111111111,x3,1,x,22,x2,2,x9,222222222222,x4 1 20 11 0"


def test_without_pass_through_a_winning_turn_may_not_step_over_the_empty_corner(capsys):
    """A lone checker may not use the empty own corner as a stepping stone, winning or not: with
    the option off, 9/12 12/11A* (the hit that wins the twelfth point) is refused."""
    assert main(["moves", "trictrac", "-o", "corner_pass_through=false", "--position", TT_POSITION,
                 "--roll", "3-2"]) == 0
    assert capsys.readouterr().out.split("\n")[:-1] == ["5/7 5/8", "5/7 7/10"]
    assert main(["moves", "trictrac", "--position", TT_POSITION, "--roll", "3-2"]) == 0
    assert "9/12 12/11A*" in capsys.readouterr().out.splitlines()  # allowed by default
