"""Track parameters on small variant files: what they change, apart from the bundled games."""

from __future__ import annotations

import spielwerk


def variant(tmp_path, text: str, **options):
    path = tmp_path / "variant.yaml"
    path.write_text(text)
    return spielwerk.load(str(path), **options)


def steps_used(game, state):
    return {len(m[2]) for m in state.legal_moves()}


def test_later_doubles_change_the_count_without_underneath_numbers(tmp_path):
    game = variant(tmp_path, """
extends: backgammon
game: bg-later
phases:
  - name: play
    dice: {count: 2, faces: 6}
    doubles: {play: 4, later: {from: 2, play: 2}}
    moves:
      - track: {pieces: [checker]}
""")
    s = game.initial()
    s.push(game.roll(1, 1))
    assert steps_used(game, s) == {4}
    s.push(s.legal_moves()[0])
    s.push(game.roll(1, 1))                      # player 2's first double: four times
    assert steps_used(game, s) == {4}
    s.push(s.legal_moves()[0])
    s.push(game.roll(1, 1))                      # player 1's second double: twice
    assert steps_used(game, s) == {2}
    assert s.tally[1:] == [1, 1]


def test_the_second_entering_place_is_written_by_its_name(tmp_path):
    game = variant(tmp_path, """
extends: puff
game: puff-reserve
board:
  places:
    reserve: {description: Checkers not yet in play.}
setup:
  - {piece: checker, owner: each, at: [reserve], count: 15}
phases:
  - name: play
    dice: {count: 2, faces: 6}
    moves:
      - track:
          pieces: [checker]
          enter:
            - {from: bar}
            - {from: reserve, all_before_moving: true}
""")
    s = game.initial()
    s.push(game.roll(5, 2))
    assert [s.move_text(m) for m in s.legal_moves()] == ["reserve/23 reserve/20"]
    assert s.move_text(game.parse_move(s, "reserve/20 reserve/23")) == "reserve/23 reserve/20"
