"""Board pictures: every bundled game's start and a middle position draw as valid SVG whose pieces
(read back by owner and kind) are the position's, and look like something in headless Chromium."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import spielwerk
from walking import step_walk
from spielwerk.agents import sample_chance
from spielwerk.cli import main
from spielwerk.dsl.loader import bundled_games

NS = "{http://www.w3.org/2000/svg}"
CASES = ([(name, {}) for name in bundled_games()] + [("backgammon", {"money": True}), ("tak", {"size": 8})]
         + [("chinese-checkers", {"players": n}) for n in (3, 4, 6)] + [("maedn", {"players": n}) for n in (3, 4)])


def middle(game, seed=3, plies=40):
    """A position in the middle of a random game, the dice rolled if a roll is due."""
    st = step_walk(game, seed, plies)
    if game.is_chance(st):
        st.push(sample_chance(game, st, random.Random(seed)))
    return st


def drawn_pieces(svg):
    """(owner, kind) -> count, read back from the picture."""
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    found = Counter()
    for g in root.iter(NS + "g"):
        if g.get("class") == "piece":
            found[(int(g.get("data-owner")), g.get("data-kind"))] += int(g.get("data-count", "1"))
    return found


def position_pieces(st):
    game = st.game
    found = Counter()
    for stack in st.stacks:
        for code in stack:
            found[(game.code_owner[code], game.kind_names[game.t.code_kind[code]])] += 1
    return found


@pytest.mark.parametrize("name,options", CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_pictures_show_exactly_the_pieces_of_the_position(name, options):
    game = spielwerk.load(name, **options)
    for st in (game.initial(), middle(game)):
        svg = st.svg()
        assert drawn_pieces(svg) == position_pieces(st), name
        assert st._repr_svg_() == svg


def test_the_picture_marks_the_last_move_and_draws_arrows():
    tak = spielwerk.load("tak", size=5)
    st = tak.initial()
    st.push_text("a1")
    root = ET.fromstring(st.svg(arrows=True))
    marked = [e for e in root.iter() if e.get("class") == "last-move"]
    assert len(marked) == 1
    arrows = [e for e in root.iter() if e.get("class") == "arrow"]
    assert arrows == []  # placements come from the reserve: no square loses a piece
    st.push_text("e5")
    st.push_text("a2")
    st.push_text("e4")
    arrows = [e for e in ET.fromstring(st.svg(arrows=True)).iter() if e.get("class") == "arrow"]
    assert arrows  # the flats on a1 and a2 can move


def test_the_cube_and_the_dice_are_drawn():
    bg = spielwerk.load("backgammon", money=True)
    st = bg.initial()
    st.roll(6, 4)
    root = ET.fromstring(st.svg())
    assert [e.get("data-face") for e in root.iter() if e.get("class") == "die"] == ["6", "4"]
    cube = [e for e in root.iter() if e.get("class") == "cube"]
    assert len(cube) == 1 and cube[0].get("data-owner") == "0"


def test_style_sets_colours_and_shapes(tmp_path):
    path = tmp_path / "styled.yaml"
    path.write_text("extends: tak\ngame: styled\nstyle:\n  players: ['#ff0000', '#0000ff']\n"
                    "  pieces: {cap: {shape: star}, wall: {color: '#00ff00'}}\n")
    game = spielwerk.load(str(path), size=5)
    st = game.parse_position("2C,1S,x3/x5/x5/x5/1,x4 1 4")
    svg = st.svg()
    assert "#ff0000" in svg and "#0000ff" in svg and "#00ff00" in svg and "<polygon" in svg
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: tak\ngame: bad\nstyle:\n  pieces: {capstone: {shape: star}}\n")
    assert main(["validate", str(bad)]) == 1


def piece_fills(svg):
    """owner -> the fills of that owner's pieces, read back from the picture."""
    fills: dict[int, set[str]] = {}
    for g in ET.fromstring(svg).iter(NS + "g"):
        if g.get("class") == "piece":
            shape = next(iter(g))
            fills.setdefault(int(g.get("data-owner")), set()).add(shape.get("fill"))
    return fills


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_each_player_has_a_colour_of_his_own(players):
    game = spielwerk.load("chinese-checkers", players=players)
    svg = game.initial().svg()
    fills = piece_fills(svg)
    assert sorted(fills) == list(range(1, players + 1))
    assert all(len(f) == 1 for f in fills.values())
    colours = [next(iter(fills[p])) for p in range(1, players + 1)]
    assert len(set(colours)) == players  # told apart
    assert colours[:2] == ["#f3ede0", "#33302d"]  # the first two as they always were
    swatches = [e for e in ET.fromstring(svg).iter(NS + "tspan") if e.get("fill") in colours]
    if players > 2:  # which colour is whose, under the board
        assert [e.get("fill") for e in swatches] == colours
        assert all(e.tail.strip() == name for e, name in zip(swatches, game.players))
    else:
        assert swatches == []


def test_style_colours_for_more_players_than_it_lists(tmp_path):
    """A style that lists two colours: the other players get default colours that are not those."""
    path = tmp_path / "styled.yaml"
    path.write_text("extends: chinese-checkers\ngame: styled-cc\nstyle:\n  players: ['#c0392b', 'navy']\n")
    game = spielwerk.load(str(path), players=4)
    fills = piece_fills(game.initial().svg())
    colours = [next(iter(fills[p])) for p in range(1, 5)]
    assert colours[:2] == ["#c0392b", "navy"] and len(set(colours)) == 4
    six = tmp_path / "six.yaml"
    six.write_text("extends: chinese-checkers\ngame: six-cc\nstyle:\n  players: [red, orange, yellow, green, "
                   "blue, purple]\n  outline: ['#000', '#111']\n")
    game = spielwerk.load(str(six), players=6)
    svg = game.initial().svg()
    fills = piece_fills(svg)
    assert [next(iter(fills[p])) for p in range(1, 7)] == ["red", "orange", "yellow", "green", "blue", "purple"]
    too_many = tmp_path / "seven.yaml"
    too_many.write_text("extends: chinese-checkers\ngame: seven\nstyle:\n  players: [red, orange, yellow, green, "
                        "blue, purple, black]\n")
    assert main(["validate", str(too_many)]) == 1


def test_the_track_picture_has_a_home_for_each_of_four_players():
    game = spielwerk.load("maedn", players=4)
    st = game.initial()
    root = ET.fromstring(st.svg())
    places = [e for e in root.iter(NS + "rect") if e.get("class") == "place"]
    assert sorted(int(e.get("data-player")) for e in places) == [1, 2, 3, 4]
    assert len({(e.get("x"), e.get("y")) for e in places}) == 4  # four boxes, none on another
    assert drawn_pieces(st.svg()) == {(p, "pawn"): 4 for p in (1, 2, 3, 4)}
    homes = {g.get("data-square") for g in root.iter(NS + "g") if g.get("class") == "piece"}
    assert homes == {f"home{p}" for p in (1, 2, 3, 4)}
    strips = [e for e in root.iter(NS + "rect") if e.get("class") == "owner"]
    assert len({e.get("fill") for e in strips}) == 4  # whose box each is, in his colour
    # the dice are in the colour of the player on roll
    st.push(next(m for m, _ in game.chance_outcomes(st)))
    die = next(e for e in ET.fromstring(st.svg()).iter(NS + "g") if e.get("class") == "die")
    assert next(iter(die)).get("fill") == "#f3ede0"
    two = ET.fromstring(spielwerk.load("maedn").initial().svg())
    assert len([e for e in two.iter(NS + "rect") if e.get("class") == "place"]) == 2
    assert not [e for e in two.iter(NS + "rect") if e.get("class") == "owner"]


def test_cli_show(capsys):
    assert main(["show", "backgammon", "-o", "money=true", "--roll", "3-1"]) == 0
    assert drawn_pieces(capsys.readouterr().out)[(1, "checker")] == 15
    assert main(["show", "attangle", "--arrows", "--size", "300"]) == 0
    ET.fromstring(capsys.readouterr().out)


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run installs it)")
def test_pictures_render_in_headless_chromium(tmp_path):
    """Every bundled game's picture of a middle position, drawn by Chromium: all on one page (one
    browser start, not one a game), a cell of 640x560 each, each cell then read alone."""
    from PIL import Image
    names = bundled_games()
    cols, w, h = 4, 640, 560
    cells = []
    for name in names:
        (tmp_path / f"{name}.svg").write_text(middle(spielwerk.load(name)).svg())
        cells.append(f'<img src="{name}.svg" style="width:{w}px;height:{h}px;display:block">')
    page = tmp_path / "all.html"
    page.write_text("<!doctype html><body style='margin:0;background:#fff'>"
                    f"<div style='display:grid;grid-template-columns:repeat({cols},{w}px)'>{''.join(cells)}</div>")
    png = tmp_path / "all.png"
    rows = -(-len(names) // cols)
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--screenshot={png}", f"--window-size={cols * w},{rows * h}", page.as_uri()],
                   capture_output=True, timeout=180, check=False)
    assert png.exists()
    image = Image.open(png).convert("RGB")
    for i, name in enumerate(names):
        x, y = i % cols * w, i // cols * h
        colours = image.crop((x, y, x + w, y + h)).getcolors(maxcolors=1 << 20)
        assert colours is not None and len(colours) > 50, name  # not blank: a board with pieces and text
        dark = sum(n for n, (r, g, b) in colours if r + g + b < 150)
        assert dark > 200, name  # dark pieces, lines and labels are drawn
