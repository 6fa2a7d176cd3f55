"""The web app: its API through Starlette's test client, and its pages played by clicks in Debian's
headless Chromium (Playwright drives the system browser; no browser is downloaded)."""

from __future__ import annotations

import pytest

from webtools import make_client, shot, wait_until


def test_api_plays_undoes_and_explains(client):
    game = client.post("/api/new", json={"game": "tak", "options": {"size": "4"}, "white": "human",
                                         "black": "random", "seed": 1}).json()
    assert game["title"] == "Tak" and len(game["moves"]) == 16 and "<svg" in game["svg"]
    state = client.post("/api/move", json={"id": game["id"], "move": "a1"}).json()
    assert state["agent_to_move"]
    state = client.post("/api/agent", json={"id": game["id"]}).json()
    assert len(state["history"]) == 2 and not state["agent_to_move"]
    assert [h["text"] for h in state["history"]][0] == "a1" and state["history"][0]["player"] == 1
    assert client.post("/api/undo", json={"id": game["id"]}).json()["history"] == []
    bad = client.post("/api/move", json={"id": game["id"], "move": "Sa1"}).json()
    assert "only flat may be placed now" in bad["error"]


def test_undo_in_a_dice_game_keeps_the_dice(client):
    game = client.post("/api/new", json={"game": "backgammon", "white": "human", "black": "random",
                                         "seed": 2}).json()
    while game["chance"] or game["agent_to_move"]:
        game = client.post("/api/agent" if game["agent_to_move"] else "/api/roll", json={"id": game["id"]}).json()
    dice = game["dice"]
    state = client.post("/api/move", json={"id": game["id"], "move": game["moves"][0]["text"]}).json()
    state = client.post("/api/undo", json={"id": game["id"]}).json()
    assert state["dice"] == dice and not state["chance"]


def test_bad_requests_get_messages(client):
    big = client.post("/api/new", content=b"x" * 300_000, headers={"content-type": "application/json"})
    assert big.status_code == 413 and "at most 256 KiB" in big.json()["error"]
    bad = client.post("/api/new", json=[1])
    assert bad.status_code == 400 and "JSON object" in bad.json()["error"]
    bad = client.get("/api/source?game=../../etc/passwd")
    assert bad.status_code == 404 and "no bundled game" in bad.json()["error"]
    bad = client.post("/api/new", json={"game": "tak", "black": "mcts:iterations=9999"})
    assert bad.status_code == 400 and "at most 3000" in bad.json()["error"]
    bad = client.get("/api/state?id=nosuchgame")
    assert bad.status_code == 404 and "no such game" in bad.json()["error"]
    bad = client.post("/api/new", json={"game": "tak", "options": {"size": "99"}})
    assert bad.status_code == 400 and bad.json()["error"]
    # a typed game file reaches no file but the bundled games
    out = client.post("/api/validate", json={"spec": "extends: /etc/passwd\ngame: x\n"}).json()
    assert out["errors"] and out["errors"][0]["line"] == 1
    out = client.post("/api/validate", json={"spec": "extends: tak\ngame: x\nboard: {width: q}\n"}).json()
    assert out["errors"][0]["line"] == 3 and "unknown name 'q'" in out["errors"][0]["message"]


def test_games_in_memory_are_bounded_and_the_rest_come_back_from_the_store():
    with make_client(max_games=3) as client:
        ids = [client.post("/api/new", json={"game": "tak"}).json()["id"] for _ in range(5)]
        client.post("/api/move", json={"id": ids[0], "move": "a1"})
        assert len(client.app.state.server.games.matches) <= 3
        back = client.get(f"/api/state?id={ids[1]}").json()
        assert back["id"] == ids[1] and back["history"] == []
        assert client.get(f"/api/state?id={ids[0]}").json()["history"][0]["text"] == "a1"
        gone = client.get("/api/state?id=nosuchgame0")
        assert gone.status_code == 404 and "no such game" in gone.json()["error"]


def test_pages_and_export_import(client):
    assert "Make a variant" in client.get("/").text.replace("make a variant", "Make a variant")
    assert 'id="config"' in client.get("/play?game=tak&size=4").text
    assert "Rule editor" in client.get("/edit?from=tak").text
    game = client.post("/api/new", json={"game": "tak", "options": {"size": "4"}, "seed": 3}).json()
    client.post("/api/move", json={"id": game["id"], "move": "a1"})
    out = client.get(f"/api/export?id={game['id']}").json()
    assert out["record"].startswith("[Size") and out["position"]
    fresh = client.post("/api/new", json={"game": "tak", "options": {"size": "4"}}).json()
    back = client.post("/api/import", json={"id": fresh["id"], "record": out["record"]}).json()
    assert [h["text"] for h in back["history"]] == ["a1"]
    back = client.post("/api/import", json={"id": fresh["id"], "position": out["position"]}).json()
    assert back["position"] == out["position"]
    # moves after an imported position are written from that position, not from the start
    both = client.post("/api/new", json={"game": "tak", "options": {"size": "4"}, "white": "human",
                                         "black": "human"}).json()
    client.post("/api/import", json={"id": both["id"], "position": "x4/x4/x4/1,2,x2 1 3"})
    moved = client.post("/api/move", json={"id": both["id"], "move": "a1>"}).json()
    assert [h["text"] for h in moved["history"]] == ["a1>"]


# -- in a real browser ----------------------------------------------------------------------------

def click_square(page, name):
    """Click a square as a person would: on what is drawn there on top (its piece, if any)."""
    page.locator(f'#board [data-square="{name}"]').last.click()


def wait_for_person(page):
    """Until it is the person's turn (agents and rolls done) or the game is over."""
    wait_until(page, "game && (game.result || (!game.agent_to_move && !game.chance))", 30)
    return page.evaluate("game")


def test_a_whole_tak_game_by_clicks(browser, server, tmp_path):
    page = browser.new_page()
    page.goto(f"{server}/play?game=tak&size=3&black=random")
    state = wait_for_person(page)
    clicks = 0
    while not state["result"]:
        move = state["moves"][0]
        if move["from"]:
            click_square(page, move["from"][0])
            click_square(page, move["to"][-1])
        else:
            click_square(page, move["to"][0])
        if page.locator("#message").inner_text().startswith("choose"):  # several moves fit the clicks
            page.click(f'#moves button:text-is("{move["text"]}")')
        clicks += 1
        wait_until(page, f"game.history.length > {len(state['history'])}", 30)
        state = wait_for_person(page)
        assert clicks < 60
    assert "game over" in page.locator("#status").inner_text()
    shot(page, tmp_path, "tak-finished")


def test_an_illegal_click_says_why(browser, server, tmp_path):
    page = browser.new_page()
    page.goto(f"{server}/play?game=tak&size=4&black=random")
    state = wait_for_person(page)
    click_square(page, "a1")  # the first ply places the opponent's flat on a1
    wait_until(page, "game.history.length >= 2", 30)
    state = wait_for_person(page)
    occupied = [sq for sq in ("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3",
                              "a4", "b4", "c4", "d4") if not any(m["to"] == [sq] and not m["from"] for m in state["moves"])
                and not any(m["from"] and m["from"][0] == sq for m in state["moves"])]
    assert occupied  # a square where black stands and white may do nothing
    click_square(page, occupied[0])
    assert "illegal" in page.locator("#message").inner_text()
    page.fill("#typed", "Sz9")  # a typed move that is no move
    page.click("#typedgo")
    wait_until(page, "document.getElementById('message').textContent.length > 0", 10)
    assert "Sz9" in page.locator("#message").inner_text()
    shot(page, tmp_path, "tak-illegal-click")


def test_a_whole_backgammon_game_by_clicks(browser, server, tmp_path):
    page = browser.new_page()
    page.goto(f"{server}/play?game=backgammon&black=random")
    state = wait_for_person(page)
    turns = 0
    while not state["result"]:
        before = len(state["history"])
        page.click("#moves button.move >> nth=0")
        wait_until(page, f"game.history.length > {before}", 30)
        state = wait_for_person(page)
        turns += 1
        if turns == 3:
            shot(page, tmp_path, "backgammon-playing")
        assert turns < 400
    assert "game over" in page.locator("#status").inner_text()
    shot(page, tmp_path, "backgammon-finished")


def test_the_editor_shows_errors_as_you_type_and_plays_the_variant(browser, server, tmp_path):
    page = browser.new_page()
    page.goto(f"{server}/edit?from=tak")
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') === '0'", 30)
    text = page.input_value("#spec")
    page.fill("#spec", text + "\nbogus_key: 1\n")
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') !== '0'", 30)
    assert "bogus_key" in page.locator("#errors").inner_text()
    shot(page, tmp_path, "editor-error")
    page.fill("#spec", text.replace("default: 5", "default: 4", 1))
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') === '0'", 30)
    page.click("#play")
    state = wait_for_person(page)
    assert state["title"] == "Tak" and len(state["moves"]) == 16  # the variant's 4x4 board
    shot(page, tmp_path, "editor-variant-playing")


def test_random_requests_get_answers_never_tracebacks(client):
    """Fuzz the API: any JSON body (or none) gets a JSON answer, an error message at worst, and
    never a 500."""
    from hypothesis import given, settings
    from hypothesis import strategies as hs

    game_id = client.post("/api/new", json={"game": "tak", "options": {"size": "3"}}).json()["id"]
    scalars = hs.one_of(hs.none(), hs.booleans(), hs.integers(-10**20, 10**20), hs.floats(allow_nan=False, allow_infinity=False),
                        hs.text(max_size=40), hs.sampled_from([game_id, "tak", "backgammon", "a1", "../x"]))
    values = hs.recursive(scalars, lambda inner: hs.lists(inner, max_size=4) |
                          hs.dictionaries(hs.text(max_size=8), inner, max_size=4), max_leaves=10)
    keys = hs.sampled_from(["id", "game", "spec", "options", "white", "black", "seed", "move", "record",
                            "position"])
    bodies = hs.dictionaries(keys, values, max_size=5)

    @settings(max_examples=150, deadline=None)
    @given(path=hs.sampled_from(["/api/new", "/api/move", "/api/roll", "/api/agent", "/api/undo",
                                 "/api/validate", "/api/import", "/api/cancel"]), body=bodies)
    def check(path, body):
        response = client.post(path, json=body)
        assert response.status_code in (200, 400, 404, 409), (path, body, response.text[:300])
        assert isinstance(response.json(), dict)
        if response.status_code != 200:
            assert response.json()["error"]

    check()
