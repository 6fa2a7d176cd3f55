"""Kernels (spielwerk.kernel): a game's rules written out as flat arrays and int moves play the
same rules as the engine. Every game file with a kernel is compared with the engine move by move
(the same legal moves and the same ends after every move of random games) and by perft; the
plain-Python and the typed kernel draw the same random games; nothing of a game file but numbers
reaches a kernel's source.

On the pure engine these run the plain-Python kernels; CI's compiled run (``.ci/run``) runs them
again with the typed kernels, built for each game."""

from __future__ import annotations

import glob
import json
import os
import random
import types
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spielwerk
from spielwerk import kernel as kernels
from spielwerk import native
from spielwerk.kernel.plan import NotKernel, plan
from spielwerk.kernel.source import source
from game_files import game_from

ROOT = Path(__file__).resolve().parents[2]



@pytest.fixture(autouse=True, scope="module")
def kernels_in_use():
    """The kernels these tests check: typed where the compiled engine runs (CI's compiled run),
    else the plain-Python ones (which the pure engine uses for every game but a dice race)."""
    with pytest.MonkeyPatch.context() as mp:
        if not native.compiled_modules() and os.environ.get("SPIELWERK_KERNEL", "auto") == "auto":
            mp.setenv("SPIELWERK_KERNEL", "python")
        yield
FILES = sorted(glob.glob(str(ROOT / "games" / "*.yaml")) + glob.glob(str(ROOT / "games" / "gallery" / "*.yaml")))


def with_kernels() -> list[str]:
    out = []
    for path in FILES:
        try:
            made = plan(spielwerk.load(path))
        except NotKernel:
            continue
        if made.race is None and not made.dice:  # dice: tests/engine/test_race_kernel.py, and the
            out.append(path)                       # test of a die on a board below
    return out


KERNEL_FILES = with_kernels()

#: small games written for the parts a kernel plays: slides, finite reserves, a `reach`, a win for
#: the opponent, `owner`, `file`, `offset`, `no_moves: draw`
SLIDERS = """
    game: sliders
    players: [white, black]
    board: {shape: square, width: 5, height: 5, regions: {home: {per_player: [north, south]}}}
    pieces:
      rook: {letter: R}
      king: {letter: K}
    setup:
      - {piece: rook, owner: 1, at: [a1, e1]}
      - {piece: king, owner: 1, at: [c1]}
      - {piece: rook, owner: 2, at: [a5, e5]}
      - {piece: king, owner: 2, at: [c5]}
    phases:
      - name: play
        moves:
          - move: {pieces: [rook], directions: orthogonal}
          - move: {pieces: [king], directions: all, distance: 1, to: [empty, enemy], onto: capture,
                   legal_if: "file(to) != 3 or owner(offset(to, 0, 1)) != mover"}
    predicates:
      home: {reach: {piece: king, square: home}}
    end:
      - {when: "home(mover)", winner: mover, result: home}
      - {when: "ply >= 40", winner: draw, result: long}
    no_moves: draw
"""

DROPS = """
    game: drops
    players: [white, black]
    board: {shape: square, width: 4, height: 4}
    pieces:
      stone: {letter: S}
      block: {letter: B}
    reserves:
      stones: {pieces: [stone], count: 5}
      blocks: {pieces: [block], count: 2}
    phases:
      - name: play
        moves:
          - place: {pieces: [stone, block]}
          - move: {pieces: [stone], directions: orthogonal, distance: 1}
    predicates:
      line: {row: {length: 3, pieces: [stone]}}
    end:
      - {when: "line(opponent)", winner: opponent, result: gift}
      - {when: "line(mover)", winner: mover, result: line}
    no_moves: lose
"""

#: marbles that hop over any piece and stay, chains that may stop anywhere and never land twice on
#: a square, a goal held whole, a draw after some plies
HOPPERS = """
    game: hoppers
    players: [white, black]
    board: {shape: square, width: 5, height: 5, regions: {goal: {per_player: [north, south]}}}
    pieces:
      marble: {letter: M}
    setup:
      - {piece: marble, owner: 1, at: [a1, b1, c1, d1, e1]}
      - {piece: marble, owner: 2, at: [a5, b5, c5, d5, e5]}
    phases:
      - name: play
        moves:
          - move: {directions: all, distance: 1}
          - jump: {directions: all, over: occupied, jumped: keep, chain: optional, revisit: false}
    predicates:
      arrived: {holds: {region: goal, min: 1}}
    end:
      - {when: "arrived(mover)", winner: mover, result: arrived}
      - {when: "ply >= 60", winner: draw, result: length}
    no_moves: pass
"""


#: a turn of several parts written for the ``then`` part: a step, then (where its `when` holds) a
#: neutral stone placed along the diagonals from where it stopped (with a `legal_if` read after
#: it) or a region turned (a half or a quarter turn), or nothing (`then_optional`); a `pattern` of
#: own pieces as the end
TURNS = """
    game: turns
    players: [white, black]
    board: {shape: square, width: 5, height: 5}
    pieces:
      man: {letter: M}
      stone: {letter: S, neutral: true}
    setup:
      - {piece: man, owner: 1, at: [a1, e1, c2]}
      - {piece: man, owner: 2, at: [a5, e5, c4]}
    phases:
      - name: play
        moves:
          - move:
              pieces: [man]
              directions: orthogonal
              distance: 1
              then_optional: true
              then:
                - place: {pieces: [stone], owner: neutral, from: to, directions: diagonal,
                          when: "file(to) != 3", legal_if: "rank(to) != 3"}
                - rotate: {regions: [a1-b2, d4-e5, b2-d4], turns: [2, 1], when: "rank(to) >= 3"}
    predicates:
      three:
        pattern: {picture: ["OOO"], rotations: 2}
    end:
      - {when: "three(mover)", winner: mover, result: three}
      - {when: "ply >= 40", winner: draw, result: length}
    no_moves: lose
"""


#: Go's captures where a stone may be played without liberties: it stays until the opponent's next
#: placement, anywhere, takes it off (the groups beside the placed stone are not the only ones)
BREATHLESS = """
    game: breathless
    players: [black, white]
    board: {shape: square, width: 4, height: 4}
    pieces:
      stone: {letter: S}
    phases:
      - name: play
        moves:
          - place:
              pieces: [stone]
              effects: [{remove_groups: {owner: opponent}}]
              legal_if: "not board_was(2)"
          - pass: {}
    end:
      - {when: "ply >= 40", winner: draw, result: length}
"""


#: a chess-like game for the parts Xiangqi brought: moves as far as the line goes taking what
#: ends them, past one screen, one square onto a region, from a region; a leap with a leg and a
#: condition on where it lands; a phase's `legal_if` asking `attacked` of `square_of`
CHESSLIKE = """
    game: chesslike
    players: [white, black]
    board:
      shape: square
      width: 5
      height: 5
      regions:
        home: {per_player: [a1-e2, a4-e5]}
        middle: [a3, b3, c3, d3, e3]
    pieces:
      king: {letter: K}
      rook: {letter: R}
      cannon: {letter: C}
      horse: {letter: H}
      stone: {letter: S}
    reserves:
      stones: {pieces: [stone], count: 1}
    counters:
      placed: {per_player: true}
    setup:
      - {piece: king, owner: 1, at: [c1]}
      - {piece: king, owner: 2, at: [c5]}
      - {piece: rook, owner: 1, at: [a1]}
      - {piece: rook, owner: 2, at: [e5]}
      - {piece: cannon, owner: 1, at: [e1]}
      - {piece: cannon, owner: 2, at: [a5]}
      - {piece: horse, owner: 1, at: [b1]}
      - {piece: horse, owner: 2, at: [d5]}
    phases:
      - name: play
        legal_if: not attacked(square_of(mover, king), opponent)
        moves:
          - move: {pieces: [rook], directions: orthogonal, to: [empty, enemy], onto: capture}
          - move: {pieces: [cannon], directions: orthogonal, screens: 1, to: enemy, onto: capture}
          - move: {pieces: [cannon], directions: diagonal, distance: 1, to: middle, onto: capture}
          - move: {pieces: [king], directions: all, distance: 1, from: home, to: [empty, enemy], onto: capture}
          - leap: {pieces: [horse], offsets: [[1, 2]], leg: true, to: "owner(to) != mover and rank(to) != 3"}
    end:
      - {when: "count(opponent, king) == 0", winner: mover, result: king}
      - {when: "ply >= 30", winner: draw, result: length}
    no_moves: lose
"""

#: the same pieces with a swap at the first ply (the reserves and the counters kept per player
#: change hands), stones placed from a reserve, a counter per player, `offset` by a counter's value
SWAPS = CHESSLIKE.replace("game: chesslike", "game: swaps").replace(
    "        legal_if: not attacked(square_of(mover, king), opponent)\n", "").replace(
    "      - leap:", """      - place: {pieces: [stone], where: middle, sets: {placed(mover): "placed(mover) + 1"},
                    legal_if: "offset(to, placed(mover) - 1, 0) != -1"}
          - swap: {when: "ply == 1"}
          - leap:""")


#: rings counted on a hex board and on a square board (eight neighbours, and four): the counts
#: the kernel keeps as stones come, read by end rules and by scores
RINGS = """
    game: rings
    players: [white, black]
    board: {shape: hex, ranks: [4, 5, 6, 7, 6, 5, 4]}
    pieces:
      stone: {letter: S}
    phases:
      - name: play
        moves:
          - place: {pieces: [stone]}
    end:
      - {when: "enclosed(mover) >= 2", winner: mover, result: rings}
      - {when: "ply >= 33", score: "enclosed(player)", result: counted}
"""
SQUARE_RINGS = """
    game: square-rings
    players: [white, black]
    board: {shape: square, width: 5, height: 5}
    pieces:
      stone: {letter: S}
    phases:
      - name: play
        moves:
          - place: {pieces: [stone]}
          - pass: {}
    end:
      - {when: "enclosed(mover, 'orthogonal') >= 2", winner: mover, result: rings}
      - {when: "ply >= 22", score: "enclosed(player) * 10 + enclosed(player, 'orthogonal')", result: counted}
"""


def test_the_kernels_play_these_files():
    names = {Path(p).stem for p in KERNEL_FILES}
    assert {"tic-tac-toe", "connect-four", "breakthrough"} <= names


def random_walk(game, seed, plies=200):
    """The states of a random game, each with the move played from it (None at the end)."""
    rng = random.Random(seed)
    st = game.initial()
    out = []
    while st.result is None and len(out) < plies:
        moves = game.legal_moves(st)
        if not moves:
            break
        move = rng.choice(moves)
        out.append((st.copy(), move))
        game.apply(st, move)
    out.append((st.copy(), None))
    return out


def ends_as_the_engine(k, game, st, move):
    """The kernel plays ``move`` in ``st`` and ends the game (or not) as the engine does."""
    k.load(st)
    ints = {k.move(mv, st): mv for mv in k.module.moves(st.to_move, st.ply)}
    k.module.play(ints[move], st.to_move)
    after = st.copy()
    game.apply(after, move)
    rule, winner, value, one, two = k.module.end_after(st.to_move, ints[move], st.ply + 1)
    assert (k.outcome(rule, st.to_move, winner, value, one, two) if rule >= 0 else None) == after.result


def same_as_engine(game, seeds=range(6)):
    k = kernels.kernel(game)
    assert k is not None, kernels.why_not(game)
    for seed in seeds:
        for st, move in random_walk(game, seed):
            engine = game.legal_moves(st)
            ours = k.legal_moves(st)
            assert sorted(ours) == sorted(engine), st.text()
            assert len(set(ours)) == len(ours)
            if move is None:
                continue
            ends_as_the_engine(k, game, st, move)
    st = game.initial()
    first = 1
    for depth in range(1, 4):
        count = game.perft(st, depth)
        assert k.perft(st, depth) == count
        if depth == 1:
            first = count
        if count * first > 5000:  # deep enough: the next depth would be many thousands (perft
            break                 # from positions met in play goes on from many more positions)


@pytest.mark.parametrize("path", KERNEL_FILES, ids=lambda p: Path(p).stem)
def test_a_kernel_plays_the_engine_s_moves_and_ends(path):
    same_as_engine(spielwerk.load(path), seeds=range(3))


@pytest.mark.parametrize("text", [SLIDERS, DROPS, HOPPERS, TURNS, BREATHLESS, CHESSLIKE, SWAPS],
                         ids=["slides-reach-owner-offset", "reserves-rows-opponent", "hops-holds-passes",
                              "turns-of-parts-rotations-patterns", "groups-without-liberties",
                              "lines-screens-leaps-attacked", "swap-reserves-counters"])
def test_a_kernel_plays_each_part_as_the_engine_does(tmp_path, text):
    same_as_engine(game_from(tmp_path, text), seeds=range(10))


def test_a_legal_if_that_reads_the_ply_is_left_to_the_engine(tmp_path):
    game = game_from(tmp_path, DROPS.replace("- move: {pieces: [stone], directions: orthogonal, distance: 1}",
                                             "- move: {pieces: [stone], directions: orthogonal, distance: 1, "
                                             "legal_if: ply > 3}"))
    with pytest.raises(NotKernel, match="ply"):
        plan(game)


@pytest.mark.parametrize("options", [{"size": 3}, {"size": 4, "komi": 2}, {"size": 6}], ids=str)
def test_tak_ends_by_roads_and_by_flats_on_the_kernel_as_on_the_engine(options):
    game = spielwerk.load("tak", **options)
    same_as_engine(game, seeds=range(12))
    k = kernels.kernel(game)
    ends = {(o.result, o.winner) for o, _ in k.random_games(game.initial(), 300, seed=2) if o is not None}
    assert {"road", "flat"} <= {result for result, _ in ends}


def test_perft_from_positions_met_in_play(tmp_path):
    for path in KERNEL_FILES:
        game = spielwerk.load(path)
        k = kernels.kernel(game)
        for st, _ in random_walk(game, 3)[::10]:
            depth = 2 if game.perft(st, 1) < 100 else 1
            assert k.perft(st, depth) == game.perft(st, depth), (path, st.text())


def test_random_games_end_as_the_engine_says(tmp_path):
    game = game_from(tmp_path, DROPS)
    k = kernels.kernel(game)
    games = k.random_games(game.initial(), 50, seed=5)
    assert len(games) == 50
    results = {outcome.result for outcome, _ in games if outcome is not None}
    assert results <= {"gift", "line", "no_moves"}
    assert k.random_games(game.initial(), 50, seed=5) == games  # seeded: the same games again
    assert k.random_games(game.initial(), 50, seed=6) != games
    unfinished = k.random_games(game.initial(), 3, seed=1, max_plies=2)
    assert [outcome for outcome, _ in unfinished] == [None, None, None]
    assert [plies for _, plies in unfinished] == [2, 2, 2]


def test_the_plain_and_the_running_kernel_draw_the_same_games():
    if kernels.choice() != "typed" and not native.compiled_modules():
        pytest.skip("the running kernels are the plain ones here: the compiled run compares them with the typed")
    for path in KERNEL_FILES:
        game = spielwerk.load(path)
        k = kernels.kernel(game)
        plain = types.ModuleType("plain")
        exec(compile(source(plan(game), False), "<plain kernel>", "exec"), plain.__dict__)
        other = kernels.Kernel(game, plain, False, "plain")
        st = game.initial()
        assert other.random_games(st, 20, seed=9) == k.random_games(st, 20, seed=9)
        depth = 3 if k.perft(st, 1) < 100 else 2
        assert other.perft(st, depth) == k.perft(st, depth)


def test_the_pure_engine_uses_plain_kernels_but_in_a_dice_race(monkeypatch, tmp_path):
    monkeypatch.setenv("SPIELWERK_KERNEL", "auto")
    moving = game_from(tmp_path, DROPS)  # places pieces and moves them
    placing = spielwerk.load(str(ROOT / "games" / "gallery" / "hex.yaml"), size=5)
    race = spielwerk.load("backgammon")
    assert plan(race).race is not None and plan(moving).race is None
    if native.compiled_modules():
        assert kernels.kernel(moving).typed and kernels.kernel(placing).typed
    else:
        assert not kernels.kernel(moving).typed and not kernels.kernel(placing).typed
        assert kernels.kernel(race) is None
        assert kernels.why_not(race).startswith("the pure-Python engine plays it")
    monkeypatch.setenv("SPIELWERK_KERNEL", "python")
    assert not kernels.kernel(moving).typed and not kernels.kernel(race).typed


def test_the_parts_a_kernel_does_not_play_are_named():
    why = kernels.why_not(spielwerk.load("tactix"))
    assert why == "the kernel does not play a `tip` block of this shape yet"
    assert kernels.why_not(spielwerk.load("maedn", players=4)) == \
        "the kernel does not play 4 players (the kernel plays two) yet"
    assert kernels.kernel(spielwerk.load("focus")) is None
    assert kernels.why_not(spielwerk.load("focus")).startswith("the kernel does not play ")


def test_kernels_can_be_turned_off(monkeypatch, tmp_path):
    monkeypatch.setenv("SPIELWERK_KERNEL", "0")
    game = game_from(tmp_path, DROPS)
    assert kernels.why_not(game) == "SPIELWERK_KERNEL=0 turns kernels off"


HOSTILE = '"); import os; os.system("echo pwned") #{0}__import__'


def test_nothing_of_a_game_file_but_numbers_reaches_the_source(tmp_path):
    text = DROPS.replace("game: drops", "game: hostile\n    title: '" + HOSTILE.replace("'", "''") + "'") \
        .replace("stone", "zqxstone").replace("line:", "zqxline:").replace("line(", "zqxline(") \
        .replace("result: gift", "result: zqxgift")
    game = game_from(tmp_path, text)
    for typed in (False, True):
        code = source(plan(game), typed)
        assert "zqx" not in code and "pwned" not in code and "import os" not in code
        for line in code.splitlines():
            if line.startswith("#"):
                assert "spielwerk" in line or "cython:" in line or "every number" in line


def test_perft_on_the_command_line_counts_on_the_kernel(capsys):
    from spielwerk.cli import main
    path = str(ROOT / "games" / "gallery" / "breakthrough.yaml")
    assert main(["perft", path, "--depth", "3"]) == 0
    ours = capsys.readouterr().out
    assert main(["perft", path, "--depth", "3", "--no-kernel"]) == 0
    assert capsys.readouterr().out == ours == "1\t22\n2\t484\n3\t11132\n"


@pytest.mark.skipif(os.environ.get("SPIELWERK_KERNEL", "") != "typed" and not native.compiled_modules(),
                    reason="typed kernels are built where the compiled engine runs")
def test_the_typed_kernel_is_built_and_kept(tmp_path):
    game = spielwerk.load(KERNEL_FILES[0])
    k = kernels.kernel(game)
    assert k is not None and k.typed
    assert list(kernels.folder().glob(f"spielwerk_kernel_{k.digest}*"))


def test_the_kernels_play_the_connection_games_the_stacks_of_tak_and_the_jumps_of_draughts():
    names = {Path(p).stem for p in KERNEL_FILES}
    assert {"hex", "y", "y-small", "tak", "tak-2caps", "checkers", "lasca", "amazons", "pentago"} <= names


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(title=st.text(min_size=1, max_size=40), piece=st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True),
       result=st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True))
def test_fuzzed_names_and_texts_never_reach_the_source(tmp_path, title, piece, result):
    text = DROPS.replace("game: drops", "game: fuzzed\n    title: " + json.dumps("zq" + title)) \
        .replace("stone", "zq" + piece).replace("line:", "zqp" + piece + ":").replace("line(", "zqp" + piece + "(") \
        .replace("result: gift", "result: zqr" + result)
    game = game_from(tmp_path, text)
    for typed in (False, True):
        code = source(plan(game), typed)
        assert "zq" not in code


def test_a_batch_of_random_games_is_played_on_the_kernel(tmp_path):
    from spielwerk.batch import play_games, tally
    game = game_from(tmp_path, DROPS)
    batch = play_games(game, 40, seed=7)
    assert [r.index for r in batch] == list(range(40))
    assert play_games(game, 40, seed=7, jobs=2) == batch  # one process or two: the same games
    k = kernels.kernel(game)
    first = k.random_games(game.initial(), 1, seed=batch[3].seed)[0]
    assert (batch[3].outcome, batch[3].plies) == first
    assert sum(tally(batch).values()) == 40


def test_more_chains_than_a_list_holds_are_said_never_written(tmp_path):
    from spielwerk.blocks.jump import JumpMove
    game = game_from(tmp_path, HOPPERS)
    st = next(st for seed in range(20) for st, _ in random_walk(game, seed)
              if sum(isinstance(m, JumpMove) for m in game.legal_moves(st)) >= 3)
    steps = sum(not isinstance(m, JumpMove) for m in game.legal_moves(st))
    small = plan(game)
    small.bound = steps + 2  # room for one chain: the next is one too many
    module = types.ModuleType("small")
    exec(compile(source(small, False), "<small kernel>", "exec"), module.__dict__)
    k = kernels.Kernel(game, module, False, "small", small)
    k.load(st)
    with pytest.raises(OverflowError, match="more moves than the kernel lists"):
        module.moves(st.to_move, st.ply)
    assert sorted(k.legal_moves(st)) == sorted(game.legal_moves(st))  # the engine's, then
    assert k.perft(st, 2) == game.perft(st, 2)


def test_a_typed_kernel_that_will_not_load_says_so_and_plain_python_runs(monkeypatch, tmp_path, capsys):
    from importlib.machinery import EXTENSION_SUFFIXES
    monkeypatch.setenv("SPIELWERK_KERNEL", "typed")
    monkeypatch.setenv("SPIELWERK_CACHE", str(tmp_path / "cache"))
    game = game_from(tmp_path, DROPS.replace("game: drops", "game: broken"))
    digest = kernels._digest(source(plan(game), True), True)
    monkeypatch.delitem(kernels._MADE, digest, raising=False)  # the same rules loaded by an earlier test
    name = "spielwerk_kernel_" + digest
    kernels.folder().mkdir(parents=True)
    (kernels.folder() / (name + EXTENSION_SUFFIXES[0])).write_bytes(b"not a library")  # a damaged cache
    made = kernels.kernel(game)
    assert made is not None and not made.typed
    assert "warning: no typed kernel for broken" in capsys.readouterr().err
    assert made.perft(game.initial(), 2) == game.perft(game.initial(), 2)


def test_more_turns_than_a_list_holds_are_said_never_written(monkeypatch):
    from spielwerk.kernel.parts import then
    game = spielwerk.load("amazons", size=6)
    monkeypatch.setattr(then, "CAP", 10)  # room for ten whole turns: the start has 544
    small = plan(game)
    module = types.ModuleType("small")
    exec(compile(source(small, False), "<small kernel>", "exec"), module.__dict__)
    k = kernels.Kernel(game, module, False, "small", small)
    st = game.initial()
    k.load(st)
    with pytest.raises(OverflowError, match="more moves than the kernel lists"):
        module.moves(st.to_move, st.ply)
    assert sorted(k.legal_moves(st)) == sorted(game.legal_moves(st))  # the engine's, then
    assert k.perft(st, 1) == game.perft(st, 1) == 544
    assert all(outcome is not None for outcome, _ in k.random_games(st, 2, seed=1))  # the engine plays them


def test_the_kernel_keeps_the_engine_s_board_hashes_for_conditions_on_earlier_boards():
    """Go reads earlier boards (`board_was`, `board_repeats`): the kernel's hash of its board is the
    engine's ``board_hash`` at every position of random games, and its history is the state's."""
    game = spielwerk.load("go", size=5)
    k = kernels.kernel(game)
    assert k is not None and k.plan.zobrist
    for seed in range(3):
        for st, _ in random_walk(game, seed):
            k.load(st)
            assert k.module.board_hash() == game.board_hash(st) == st.boards[-1]
    games = k.random_games(game.initial(), 50, seed=4)
    assert all(outcome is not None and outcome.scores is not None for outcome, _ in games)


def test_every_group_without_liberties_is_taken_not_only_those_beside_the_stone(tmp_path):
    """Where a stone may be played without liberties, the opponent's next placement takes it off
    wherever it is played. The kernel looks only at the groups beside a placed stone while it
    tries moves from a position where every group breathes; here they do not all breathe, and
    after every move of random games the kernel's board is the engine's."""
    game = game_from(tmp_path, BREATHLESS)
    k = kernels.kernel(game)
    taken_far = 0
    for seed in range(40):
        for st, move in random_walk(game, seed):
            if move is None:
                continue
            k.load(st)
            legal = {k.move(mv, st): mv for mv in k.module.moves(st.to_move, st.ply)}
            assert sorted(legal) == sorted(game.legal_moves(st))
            k.module.play(legal[move], st.to_move)
            after = st.copy()
            game.apply(after, move)
            assert k.module.board_hash() == game.board_hash(after)
            gone = st.occupied & ~after.occupied
            if gone and move[0] == 0 and not gone & game.topology.neighbour_masks(["north", "south", "east", "west"])[move[1]]:
                taken_far += 1
    assert taken_far  # the case was met


def test_a_turn_of_parts_is_drawn_uniformly_among_its_turns_without_a_list(tmp_path):
    """Amazons' and Nine Men's Morris's random turns are drawn without listing them: a first move
    drawn and kept by the share of the turns after it (Amazons, where most first moves have many
    turns after them), or, where that is rejected too often (Morris, where most have one), by
    counting the turns after each first move. Every turn drawn is a legal one, and the counts pass
    a chi-square test of uniformity (the seed is fixed: the test is not a gamble)."""
    morris = spielwerk.load("nine-mens-morris")
    placed = morris.initial()
    for text in ("a1", "a7", "d1", "g7", "b2", "b6"):  # white could close a mill on g1 next
        morris.apply(placed, morris.parse_move(placed, text))
    cases = [(spielwerk.load("amazons", size=6), None), (morris, None), (morris, placed),
             (game_from(tmp_path, TURNS), None)]
    for game, st in cases:
        k = kernels.kernel(game)
        st = st or game.initial()
        k.load(st)
        listed = k.module.moves(st.to_move, st.ply)
        each = 60
        drawn = Counter(k.module.sample(st.to_move, st.ply, each * len(listed), 3))
        assert set(drawn) == set(listed)  # every turn, and only turns
        chi2 = sum((drawn[mv] - each) ** 2 / each for mv in listed)
        free = len(listed) - 1
        assert chi2 < free + 5 * (2 * free) ** 0.5, (game.name, chi2, free)


#: rooks that slide any distance onto empty squares (no `legal_if`: drawn by proposal)
ROOKS = """
    game: rooks
    players: [white, black]
    board: {shape: square, width: 5, height: 5}
    pieces:
      rook: {letter: R}
    setup:
      - {piece: rook, owner: 1, at: [a1, c1, e1]}
      - {piece: rook, owner: 2, at: [a5, c5, e5]}
    phases:
      - name: play
        moves:
          - move: {pieces: [rook], directions: orthogonal}
    end:
      - {when: "ply >= 30", winner: draw, result: long}
    no_moves: lose
"""


def _flattening(game, st):
    """Whether one of the legal moves in ``st`` is a carry that flattens a wall (Tak)."""
    return any(game.format_move(st, mv, suffixes=False).endswith("*") for mv in game.legal_moves(st))


def test_moves_are_drawn_by_proposal_uniformly_among_the_legal_ones(tmp_path):
    """Placements, steps, slides and carries are drawn without listing the moves: a candidate
    from a set that holds every legal move once (a stack's carries as if no ray were blocked, a
    placement's kinds times its squares), kept where it is legal, else another drawn, the list
    made after a few misses. Mid-game positions of random games (Tak, a Tak position where a
    capstone may flatten a wall, Breakthrough, placements from reserves and steps, rooks, Hex):
    every move drawn is legal, every legal move is drawn, and the counts pass a chi-square test
    of uniformity (the seed is fixed)."""
    from spielwerk.kernel.source import PROPOSALS
    tak = spielwerk.load("tak", size=5)
    flat = None
    for seed in range(200):  # a position where a capstone can flatten a wall
        flat = next((st for st, _ in random_walk(tak, seed, 80) if _flattening(tak, st)), None)
        if flat is not None:
            break
    assert flat is not None
    breakthrough = spielwerk.load("breakthrough")
    drops, rooks = game_from(tmp_path, DROPS), game_from(tmp_path, ROOKS)
    hex5 = spielwerk.load(str(ROOT / "games" / "gallery" / "hex.yaml"), size=5)  # kinds without a reserve
    cases = [(tak, flat), (tak, random_walk(tak, 4, 30)[-1][0]), (breakthrough, random_walk(breakthrough, 2, 20)[-1][0]),
             (drops, random_walk(drops, 5, 9)[-1][0]), (rooks, random_walk(rooks, 1, 6)[-1][0]), (tak, tak.initial()),
             (hex5, random_walk(hex5, 3, 9)[-1][0])]
    for game, st in cases:
        k = kernels.kernel(game)
        assert "def prop" in source(k.plan, False) and PROPOSALS >= 1
        k.load(st)
        listed = k.module.moves(st.to_move, st.ply)
        assert len(listed) > 1
        each = 40
        drawn = Counter(k.module.sample(st.to_move, st.ply, each * len(listed), 5))
        assert set(drawn) == set(listed), game.name  # every legal move, and only those
        chi2 = sum((drawn[mv] - each) ** 2 / each for mv in listed)
        free = len(listed) - 1
        assert chi2 < free + 5 * (2 * free) ** 0.5, (game.name, chi2, free)
    # and along whole random games: every move drawn is a legal one
    for game, games in ((tak, 40), (breakthrough, 10), (drops, 10), (rooks, 10), (hex5, 5)):
        k = kernels.kernel(game)
        for seed in range(games):
            for st, _ in random_walk(game, seed, 150):
                k.load(st)
                listed = set(k.module.moves(st.to_move, st.ply))
                assert set(k.module.sample(st.to_move, st.ply, 12, seed)) <= listed | {-1}, (game.name, seed)


def test_the_kernel_counts_positions_with_the_engine_s_hashes_for_repetition():
    """Oware ends on a position's second coming: after every move of random games the kernel's
    hash of the position is the engine's, so it counts the same comings."""
    game = spielwerk.load("oware")
    k = kernels.kernel(game)
    assert k is not None and k.plan.repetition == 2
    for seed in range(3):
        for st, move in random_walk(game, seed):
            if move is None:
                continue
            k.load(st)
            assert k.module.position_hash() == st.hash
            ints = {k.move(mv, st): mv for mv in k.module.moves(st.to_move, st.ply)}
            k.module.play(ints[move], st.to_move)
            after = st.copy()
            game.apply(after, move)
            assert k.module.position_hash() == after.hash


def test_chains_longer_than_a_move_s_int_holds_are_left_to_the_engine(tmp_path, monkeypatch):
    """Chinese checkers' chains of hops may be longer than a move's int holds: the kernel lists
    chains up to that length and leaves a position where one could go on to the engine. Forced
    here with room for chains of two jumps."""
    from spielwerk.kernel.parts import jump
    game = game_from(tmp_path, HOPPERS)
    monkeypatch.setattr(jump, "ROOM", 8 ** 1 * 3 * game.t.topology.size * (len(game.blocks) + 2))
    small = plan(game)
    jumps = next(b for b in small.blocks if b.kind == "jump")
    assert jumps.tables["shape"][1] == 2 and jumps.tables["more"][3]
    module = types.ModuleType("small")
    exec(compile(source(small, False), "<small kernel>", "exec"), module.__dict__)
    k = kernels.Kernel(game, module, False, "small", small)
    over = 0
    for seed in range(20):
        for st, _ in random_walk(game, seed, plies=60):
            k.load(st)
            try:
                module.moves(st.to_move, st.ply)
            except OverflowError:
                over += 1
            assert sorted(k.legal_moves(st)) == sorted(game.legal_moves(st))
    assert over  # some position had a chain that could go on


def test_a_die_rolled_before_each_move_and_pieces_set_out_by_chance_play_on_the_kernel():
    """EinStein würfelt nicht: chance sets each player's cubes out (a `shuffle`), then a die says
    which cube moves. At every decision of random games the kernel lists the engine's moves for
    the number rolled and ends the game as the engine does; perft expands every number as the
    engine's does; random games set the cubes out and roll on the kernel, as long and as often won
    as the engine's."""
    import statistics
    game = spielwerk.load("einstein")
    k = kernels.kernel(game)
    assert k is not None and k.plan.dice == 6 and k.plan.shuffles
    rng = random.Random(1)
    for seed in range(8):
        st = game.initial()
        while st.result is None:
            if game.is_chance(st):
                if st.ply >= 2 and seed < 2:  # a number to roll: perft rolls each
                    assert k.perft(st, 2) == game.perft(st, 2)
                game.apply(st, kernels._chance(game, st, rng))
                continue
            moves = game.legal_moves(st)
            assert sorted(k.legal_moves(st)) == sorted(moves)
            if seed < 2:
                assert k.perft(st, 2) == game.perft(st, 2)
            move = rng.choice(moves)
            ends_as_the_engine(k, game, st, move)
            game.apply(st, move)
    ours = k.random_games(game.initial(), 4000, seed=5)
    theirs = k._engine_games(game.initial(), 400, 7, 10_000, "turn")
    plies = [n for _, n in ours], [n for _, n in theirs]
    spread = statistics.stdev(plies[1]) / len(plies[1]) ** 0.5
    assert abs(statistics.mean(plies[0]) - statistics.mean(plies[1])) < 4 * spread
    won = [Counter(o.winner for o, _ in games)[2] / len(games) for games in (ours, theirs)]
    assert abs(won[0] - won[1]) < 0.1


def _cells(game, st):
    """The engine's state as the kernel's ``cells`` tells it: stacks, reserves (per player, in the
    kernel's slots), counters."""
    r = max(1, len(game.t.reserve_counts))
    reserves = [0] * (3 * r)
    for p in (1, 2):
        for i, count in enumerate(st.reserves[p]):
            reserves[p * r + i] = count
    counters = list(st.counters) or [0]
    return [list(s) for s in st.stacks], reserves, counters


def leaves_the_engine_s_positions(game):
    """After each move the kernel plays (up to 12 a position of random games), its squares,
    reserves and counters are the engine's after the same move; taken back, they are what they
    were."""
    k = kernels.kernel(game)
    for st, _ in random_walk(game, 4, plies=60)[::3]:
        if st.result is not None:
            continue
        k.load(st)
        before = k.module.cells()
        assert before == _cells(game, st)
        ints = {mv: k.move(mv, st) for mv in k.module.moves(st.to_move, st.ply)}
        for mv in sorted(ints)[:12]:
            info = k.module.play(mv, st.to_move)
            after = st.copy()
            game.apply(after, ints[mv])
            assert k.module.cells() == _cells(game, after), (game.name, st.text(), ints[mv])
            k.module.take_back(mv, st.to_move, info)
            assert k.module.cells() == before


@pytest.mark.parametrize("path", KERNEL_FILES, ids=lambda p: Path(p).stem)
def test_a_kernel_move_leaves_the_engine_s_position_and_taking_it_back_the_one_before(path):
    leaves_the_engine_s_positions(spielwerk.load(path))


@pytest.mark.parametrize("text", [SLIDERS, DROPS, HOPPERS, TURNS, BREATHLESS, CHESSLIKE, SWAPS])
def test_each_part_leaves_the_engine_s_position_and_takes_its_move_back(tmp_path, text):
    leaves_the_engine_s_positions(game_from(tmp_path, text))


def played_through(game, walks):
    """Whole games (lists of (state, move) as :func:`random_walk` makes them) played move after
    move on a kernel loaded once. Before each move, three others are played and taken back; after
    each, the game ends (or not) as the engine says. Every move taken back, last first, restores
    the start, and the next game is played from there (what the kernel keeps as pieces come is
    restored with the board)."""
    k = kernels.kernel(game)
    k.load(game.initial())
    start = k.module.cells()

    def played(st, move):
        mv = {k.move(m, st): m for m in k.module.moves(st.to_move, st.ply)}[move]
        info = k.module.play(mv, st.to_move)
        after = st.copy()
        game.apply(after, move)
        rule, winner, value, one, two = k.module.end_after(st.to_move, mv, st.ply + 1)
        assert (k.outcome(rule, st.to_move, winner, value, one, two) if rule >= 0 else None) \
            == after.result, (game.name, st.text(), str(move))
        return mv, st.to_move, info

    for walk in walks:
        done = []
        for i, (st, move) in enumerate(walk[:-1]):
            others = game.legal_moves(st)
            for other in random.Random(i).sample(others, min(3, len(others))):
                k.module.take_back(*played(st, other))
            done.append(played(st, move))
        for mv, p, info in reversed(done):
            k.module.take_back(mv, p, info)
        assert k.module.cells() == start


def walk_of(game, squares):
    """The states and moves of a game whose moves are placements on the squares named."""
    st = game.initial()
    out = []
    for name in squares:
        move = next(m for m in game.legal_moves(st) if game.format_move(st, m).endswith(name))
        out.append((st.copy(), move))
        game.apply(st, move)
    return out + [(st.copy(), None)]


@pytest.mark.parametrize("name", ["rings", "square-rings", "havannah-small", "hex", "y-small"])
def test_rings_and_connections_kept_as_stones_come_are_those_the_board_shows(tmp_path, name):
    game = game_from(tmp_path, {"rings": RINGS, "square-rings": SQUARE_RINGS}[name]) if "rings" in name \
        else spielwerk.load(str(ROOT / "games" / "gallery" / f"{name}.yaml"))
    assert plan(game).grows
    played_through(game, [random_walk(game, seed) for seed in range(12)])
    if "rings" in name:
        same_as_engine(game, seeds=range(10))
        ends = Counter(o.result for o, _ in kernels.kernel(game).random_games(game.initial(), 300, seed=3))
        assert ends["rings"] and ends["counted"]  # both rules are met in play


def test_a_game_whose_moves_take_pieces_off_floods_its_rings_and_connections(tmp_path):
    assert not plan(game_from(tmp_path, BREATHLESS)).grows
    assert not plan(spielwerk.load(str(ROOT / "games/gallery/twixt.yaml"))).grows


def test_a_road_is_looked_for_only_when_every_rank_or_every_file_holds_a_flat():
    # Tak's roads join north to south or east to west: a chain crosses every rank, or every file,
    # so the kernel counts the player's road pieces per rank and per file as tops change, and
    # floods his groups only where one of those is full
    game = spielwerk.load("tak", size=5)
    link, = plan(game).links
    layers = link.layers
    assert layers is not None and layers.pairs == 2
    for q in (1, 2):
        for j in range(2):
            assert layers.need[q * 2 + j] == 5
            rows = [layers.layer[(q * 2 + j) * 25 + s] for s in range(25)]
            assert sorted(set(rows)) == [1, 2, 3, 4, 5]
            assert all(rows.count(x) == 5 for x in range(1, 6))  # five squares a layer: a rank or a file
    t = game.t
    assert layers.linker == [t.code_owner[code] if t.kind_names[t.code_kind[code]] in ("flat", "cap") else 0
                             for code in range(t.num_codes)]
    walks = [random_walk(game, seed, plies=400) for seed in range(10)]
    assert any(walk[-1][0].result is not None and walk[-1][0].result.result == "road" for walk in walks)
    played_through(game, walks)


def test_a_flower_of_seven_is_a_ring_when_its_last_petal_comes(tmp_path):
    # white's stone in the middle, his six around it; black's far away: the middle is enclosed
    game = game_from(tmp_path, RINGS.replace(">= 2", ">= 1"))
    walk = walk_of(game, ["d4", "a1", "c3", "a2", "c4", "a3", "d3", "g1", "d5", "g2", "e3", "g3", "e4"])
    assert walk[-1][0].result.result == "rings"
    played_through(game, [walk])


WIN = 1_000_000


def negamax(game, st, depth):
    """The value of ``st`` for the player to move, by plain negamax over the engine's moves (no
    table, no pruning): a finished game is worth WIN to its winner, one less a ply away; a position
    at the depth, 0. What the kernel's search must find."""
    outcome = st.result if st.result is not None else game.outcome(st)
    if outcome is not None:
        return 0 if outcome.winner is None else WIN if outcome.winner == st.to_move else -WIN
    if depth == 0:
        return 0
    best = None
    for move in game.legal_moves(st):
        after = st.copy()
        game.apply(after, move)
        v = negamax(game, after, depth - 1)
        v = v if after.to_move == st.to_move else -v
        best = v if best is None else max(best, v)
    return best - 1 if best >= WIN // 2 else best + 1 if best <= -WIN // 2 else best


def move_values(game, st, depth):
    """Per legal move of ``st``: its value for the mover by :func:`negamax`."""
    out = {}
    for move in game.legal_moves(st):
        after = st.copy()
        game.apply(after, move)
        v = negamax(game, after, depth - 1)
        out[move] = v if after.to_move == st.to_move else -v
    return out


@pytest.mark.parametrize("name", ["tic-tac-toe", "connect-four", "breakthrough", "dots-and-boxes", "lasca", "tak",
                                  "drops", "go"])
def test_the_kernel_searches_the_values_negamax_finds(tmp_path, name):
    # every move's value, searched on the kernel's int moves with a full window, is the one plain
    # negamax finds on the engine; positions from random games, near their ends too
    if name == "drops":
        game = game_from(tmp_path, DROPS)
    elif name in ("lasca", "tak"):
        game = spielwerk.load(name, **({"size": 3} if name == "tak" else {}))
    else:
        game = spielwerk.load(str(ROOT / "games" / "gallery" / f"{name}.yaml"),
                              **({"size": 2} if name == "dots-and-boxes" else {}))
    k = kernels.kernel(game)
    none = [0 if game.no_moves == "pass" else WIN * (-1 if game.no_moves == "lose" else 0) for _ in (1, 2)]
    checked = 0
    for seed in range(6):
        walk = random_walk(game, seed)
        for st, _ in walk[-4:] + walk[::max(1, len(walk) // 3)]:
            if st.result is not None or not game.legal_moves(st):
                continue
            depth = 3 if len(game.legal_moves(st)) <= 12 else 2 if len(game.legal_moves(st)) <= 40 else 1
            k.load(st)
            ints = {k.move(mv, st): mv for mv in k.module.moves(st.to_move, st.ply)}
            for move, value in move_values(game, st, depth).items():
                v, nodes, stopped = k.module.child(ints[move], st.to_move, st.ply, depth, -4 * WIN, 4 * WIN, 0, *none)
                assert (v, stopped) == (value, 0), (name, st.text(), str(move))
                checked += 1
    assert checked >= 30


def test_alphabeta_searches_on_the_kernel_where_leaves_are_even():
    from spielwerk.agents import AlphaBetaAgent
    game = spielwerk.load(str(ROOT / "games" / "gallery" / "connect-four.yaml"))
    st = game.initial()
    for column in (3, 3, 4, 4, 2):  # the first player threatens to close four on the bottom row
        st.push(next(m for m in game.legal_moves(st) if m.to_square % 7 == column))
    agent = AlphaBetaAgent(1, depth=4)
    assert agent._on_kernel(game, st, game.legal_moves(st)) is not None
    values = move_values(game, st, 4)
    move = agent.choose(st, game.legal_moves(st))
    assert values[move] == max(values.values()) and agent._nodes > 0
    # a time: the search stops where the time is up, with the best move of the last depth it finished
    quick = AlphaBetaAgent(2, depth=30, time=0.05)
    assert quick.choose(st, game.legal_moves(st)) in game.legal_moves(st)
    # playouts at the leaves, an evaluation or dice: the engine searches
    assert AlphaBetaAgent(1, depth=2, playouts=2)._on_kernel(game, st, game.legal_moves(st)) is None
    backgammon = spielwerk.load("backgammon")
    bg = backgammon.initial()
    bg.roll(3, 1)
    assert AlphaBetaAgent(1)._on_kernel(backgammon, bg, backgammon.legal_moves(bg)) is None


def test_mcts_walks_its_tree_in_the_kernel_s_moves():
    from spielwerk.agents import MCTSAgent
    from spielwerk.agents.search import _int_moves
    game = spielwerk.load(str(ROOT / "games" / "gallery" / "connect-four.yaml"))
    st = game.initial()
    for column in (3, 0, 3, 0, 3):  # the first player has three in a column: the second must block it
        st.push(next(m for m in game.legal_moves(st) if m.to_square % 7 == column))
    assert _int_moves(game, st, game.legal_moves(st)) is not None
    block = MCTSAgent(5, iterations=2000).choose(st, game.legal_moves(st))
    assert block.to_square % 7 == 3
    st.push(next(m for m in game.legal_moves(st) if m.to_square % 7 == 6))  # he does not: four can be closed
    win = MCTSAgent(6, iterations=300).choose(st, game.legal_moves(st))
    assert win.to_square % 7 == 3
    after = st.copy()
    after.push(win)
    assert after.result is not None and after.result.winner == 1
    # a game where a player can be left without a move (he loses): the tree knows it is over there
    lasca = spielwerk.load("lasca")

    def wins(st, move):
        after = st.copy()
        after.push(move)
        return lasca.outcome(after) is not None

    # a position where one move leaves the other player without one, and another does not
    st = next(st for seed in range(200) for st, _ in random_walk(lasca, seed, plies=400)[-3:]
              if len({wins(st, m) for m in lasca.legal_moves(st)}) == 2)
    assert wins(st, MCTSAgent(1, iterations=400).choose(st, lasca.legal_moves(st)))
    # dice: the engine walks the tree
    backgammon = spielwerk.load("backgammon")
    bg = backgammon.initial()
    bg.roll(3, 1)
    assert _int_moves(backgammon, bg, backgammon.legal_moves(bg)) is None


def test_a_search_that_meets_more_moves_than_the_kernel_lists_goes_on_on_the_engine(monkeypatch):
    from spielwerk.agents import AlphaBetaAgent, MCTSAgent
    game = spielwerk.load(str(ROOT / "games" / "gallery" / "connect-four.yaml"))
    st = game.initial()
    k = kernels.kernel(game)

    def overflow(*args):
        raise OverflowError("a position has more moves than the kernel lists")
    monkeypatch.setattr(k.module, "child", overflow)
    monkeypatch.setattr(k.module, "playout", overflow)
    alphabeta = AlphaBetaAgent(1, depth=3)
    assert alphabeta._on_kernel(game, st, game.legal_moves(st)) is not None
    assert alphabeta.choose(st, game.legal_moves(st)) in game.legal_moves(st)
    assert MCTSAgent(1, iterations=50).choose(st, game.legal_moves(st)) in game.legal_moves(st)
    monkeypatch.setattr(k.module, "moves", overflow)
    assert alphabeta._on_kernel(game, st, game.legal_moves(st)) is None
