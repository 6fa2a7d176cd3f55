"""The store of games and variants: SQLite by default (a file; the tests' own, never the user's),
PostgreSQL where a server is reachable (``SPIELWERK_TEST_POSTGRES`` names it; skipped otherwise).
A game comes back from the store exactly: its moves, its dice, the steps of a turn in progress."""

from __future__ import annotations

import os

import pytest

from spielwerk.web.store import default_path, open_store
from webtools import make_client, scratch_db


def exercise(store) -> None:
    store.put_variant("v1", "game: x\n")
    store.put_variant("v1", "game: y\n")  # a variant's id is made from its text: the first stays
    assert store.variant("v1") == "game: x\n" and store.variant("nothing") is None
    store.put_game("g1", {"entries": [{"text": "a1"}], "seed": 3})
    store.put_game("g1", {"entries": [{"text": "a1"}, {"text": "b2"}], "seed": 3})
    assert store.game("g1") == {"entries": [{"text": "a1"}, {"text": "b2"}], "seed": 3}
    assert store.game("x' OR '1'='1") is None  # parameters, never SQL text
    store.put_seat("t1", "g1", 2)
    assert store.seat("t1") == ("g1", 2) and store.seat("t2") is None


def test_sqlite_keeps_games_variants_and_seats():
    path = scratch_db()
    store = open_store(path)
    exercise(store)
    store.close()
    again = open_store(f"sqlite:///{path}")
    assert again.game("g1")["seed"] == 3 and again.seat("t1") == ("g1", 2)
    again.close()


def test_the_default_store_is_in_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == os.path.join(str(tmp_path), "spielwerk", "web.sqlite3")
    store = open_store()
    exercise(store)
    store.close()
    assert os.path.exists(default_path())


@pytest.mark.skipif(not os.environ.get("SPIELWERK_TEST_POSTGRES"),
                    reason="no PostgreSQL server named by SPIELWERK_TEST_POSTGRES")
def test_postgresql_keeps_games_variants_and_seats():
    pytest.importorskip("psycopg")
    store = open_store(os.environ["SPIELWERK_TEST_POSTGRES"])
    try:
        store._run("DELETE FROM spielwerk_variants WHERE id = 'v1'")
        store._run("DELETE FROM spielwerk_games WHERE id = 'g1'")
        store._run("DELETE FROM spielwerk_seats WHERE token = 't1'")
        exercise(store)
    finally:
        store.close()


STORES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not os.environ.get("SPIELWERK_TEST_POSTGRES"), reason="no PostgreSQL server named by SPIELWERK_TEST_POSTGRES"))]


@pytest.mark.parametrize("kind", STORES)
def test_a_game_comes_back_after_a_restart_with_its_dice_and_its_turn_in_progress(kind):
    db = scratch_db() if kind == "sqlite" else os.environ["SPIELWERK_TEST_POSTGRES"]
    with make_client(db=db) as client:
        game = client.post("/api/new", json={"game": "backgammon", "white": "human", "black": "human",
                                             "seed": 5}).json()
        while game["chance"]:
            game = client.post("/api/roll", json={"id": game["id"]}).json()
        first = game["steps"]["next"][0]
        game = client.post("/api/step", json={"id": game["id"], "step": [first["from"], first["to"]]}).json()
        assert game["steps"]["played"] == [first["text"]] and game["history"] == []
        bad = client.post("/api/step", json={"id": game["id"], "step": ["nowhere", "else"]})
        assert bad.status_code == 400 and "no step" in bad.json()["error"]
        before = {k: game[k] for k in ("position", "dice", "svg", "steps", "to_move")}
    with make_client(db=db) as client:
        back = client.get(f"/api/state?id={game['id']}").json()
        assert {k: back[k] for k in before} == before  # the checker moved so far too
        # the rolls after a restart are the ones the seed would have drawn without it
        undone = client.post("/api/undo", json={"id": game["id"]}).json()
        assert undone["steps"]["done"] == [] and undone["dice"] == back["dice"]
        while not undone["history"]:
            s = undone["steps"]["next"][0]
            undone = client.post("/api/step", json={"id": game["id"], "step": [s["from"], s["to"]]}).json()
        assert len(undone["history"]) == 1 and undone["history"][0]["dice"] == back["dice"]
        after = client.post("/api/roll", json={"id": game["id"]}).json()
    with make_client(db=db) as client:
        other = client.post("/api/new", json={"game": "backgammon", "white": "human", "black": "human",
                                              "seed": 5}).json()
        while other["chance"]:
            other = client.post("/api/roll", json={"id": other["id"]}).json()
        client.post("/api/move", json={"id": other["id"], "move": undone["history"][0]["text"]})
        rolled = client.post("/api/roll", json={"id": other["id"]}).json()
        assert rolled["dice"] == after["dice"]
