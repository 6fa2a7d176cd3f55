"""Games of more than two players through the web app: a seat for each player (a person or an
agent), whose turn it is by number and by name, the result among all of them, invites, undo; and
the play page with a chooser per seat, in the browser."""

from __future__ import annotations

from webtools import shot, wait_until

#: Chinese checkers for three: north's last marble one step from his goal (m9-n4 wins)
CC3_ALMOST_WON = ("1M/1M,1M/1M,1M,1M/1M,1M,1M,x/3M,3M,3M,3M,x4,1M,2M,2M,2M,2M/3M,3M,3M,x6,2M,2M,2M/"
                  "3M,3M,x7,2M,2M/3M,x8,2M/x9/x10/x11/x12/x13/x4/x3/x2/x 1 1")


def new(client, **body):
    response = client.post("/api/new", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def post(client, path, **body):
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_three_players_of_chinese_checkers_take_turns_round_the_table(client):
    game = new(client, game="chinese-checkers", options={"players": 3}, seats=["human", "random", "random"],
               seed=5)
    names = game["players"]
    assert len(names) == 3 and game["seats"] == ["human", "random", "random"]
    assert game["to_move"] == 1 and game["to_move_name"] == names[0] and game["your_turn"]
    assert game["svg"].count('data-owner="3"') == 10
    turns = []
    for _ in range(10):  # ten rounds: the person moves, then each agent in turn
        assert game["your_turn"] and not game["agent_to_move"]
        game = post(client, "/api/move", id=game["id"], move=game["moves"][0]["text"])
        for seat in (2, 3):
            assert game["to_move"] == seat and game["to_move_name"] == names[seat - 1] and game["agent_to_move"]
            assert not game["your_turn"]
            game = post(client, "/api/agent", id=game["id"])
        turns.append(game["to_move"])
    assert turns == [1] * 10
    assert [h["player"] for h in game["history"]] == [1, 2, 3] * 10
    # the person takes his move back: the two agents' moves after it go too
    back = post(client, "/api/undo", id=game["id"])
    assert len(back["history"]) == 27 and back["to_move"] == 1 and back["your_turn"]
    # one invite, for the only person's seat; the seat's page plays that seat only
    invited = post(client, "/api/invite", id=game["id"])
    assert list(invited["invites"]) == ["1"]
    token = invited["invites"]["1"].rsplit("/", 1)[1]
    mine = client.get("/api/state", params={"id": token}).json()
    assert mine["you"] == 1 and mine["your_turn"] and mine["to_move_name"] == names[0]
    moved = post(client, "/api/move", id=token, move=mine["moves"][0]["text"])
    assert moved["to_move"] == 2 and not moved["your_turn"]
    refused = client.post("/api/move", json={"id": token, "move": moved["moves"][0]["text"]})
    assert refused.status_code == 409 and names[1] in refused.json()["error"]


def test_three_players_of_chinese_checkers_to_the_end(client):
    """A person for the first and third seats, an agent between them; the game read in one move
    before its end: the winner among three, by number and by name, and the result's token."""
    game = new(client, game="chinese-checkers", options={"players": 3}, seats=["human", "random", "human"])
    game = post(client, "/api/import", id=game["id"], position=CC3_ALMOST_WON)
    assert game["result"] is None and game["your_turn"]
    over = post(client, "/api/move", id=game["id"], move="m9-n4")
    result = over["result"]
    assert result["winner"] == 1 and result["winner_name"] == over["players"][0]
    assert result["token"] == "1-0-0" and result["rule"] == "arrived"
    assert not over["your_turn"] and not over["agent_to_move"] and over["moves"] == []
    assert "game over, 1-0-0" in over["svg"]
    after = client.post("/api/move", json={"id": game["id"], "move": "n4-m9"})
    assert after.status_code == 409 and "over" in after.json()["error"]
    # both persons' seats are invited; the agent's is not
    invited = post(client, "/api/invite", id=game["id"])
    assert sorted(invited["invites"]) == ["1", "3"]


def test_four_players_of_maedn_play_to_the_end(client):
    """One person and three agents, with the dice: the person rolls and moves, each agent rolls
    and moves in his turn, until somebody's four pawns are home."""
    game = new(client, game="maedn", options={"players": "4"}, seats=["human"], seed=11)
    names = game["players"]
    assert len(names) == 4 and game["seats"] == ["human", "random", "random", "random"]
    assert game["chance"] and game["on_roll"] == 1 and game["on_roll_name"] == names[0]
    assert game["counts"]["pips"] and len(game["counts"]["pips"]) == 4
    seen_to_move = set()
    for _ in range(3000):
        if game["result"] is not None:
            break
        seen_to_move.add(game["to_move"])
        if game["chance"] and game["on_roll"] == 1:
            game = post(client, "/api/roll", id=game["id"])
        elif game["your_turn"]:
            game = post(client, "/api/move", id=game["id"], move=game["moves"][0]["text"])
        else:
            assert game["agent_to_move"] or game["chance"]
            game = post(client, "/api/agent", id=game["id"])
    result = game["result"]
    assert result is not None, "no end after 3000 requests"
    assert result["winner"] in (1, 2, 3, 4) and result["winner_name"] == names[result["winner"] - 1]
    token = result["token"].split("-")
    assert len(token) == 4 and token[result["winner"] - 1] == "1" and token.count("0") == 3
    assert seen_to_move == {1, 2, 3, 4}
    assert {h["player"] for h in game["history"]} == {1, 2, 3, 4}
    assert all(h["dice"] for h in game["history"])
    # the game comes back from the store as it ended
    state = client.get("/api/state", params={"id": game["id"]}).json()
    assert state["result"] == result and state["seats"] == game["seats"]
    assert client.get("/api/export", params={"id": game["id"]}).json()["record"]


def test_seats_are_checked_against_the_players(client):
    too_many = client.post("/api/new", json={"game": "chinese-checkers", "options": {"players": 3},
                                             "seats": ["human"] * 4})
    assert too_many.status_code == 400 and "3 players" in too_many.json()["error"]
    for seats, why in [("human", "seats"), ([], "seats"), (["human"] * 7, "seats"), ([1, 2], "human or an agent"),
                       (["human", "mcts:iterations=99999"], "iterations")]:
        response = client.post("/api/new", json={"game": "tak", "seats": seats})
        assert response.status_code == 400 and why in response.json()["error"], (seats, response.text)
    # white and black still seat the first two; more players get the random agent
    game = new(client, game="maedn", options={"players": 3}, white="human", black="human")
    assert game["seats"] == ["human", "human", "random"]
    two = new(client, game="tak", options={"size": 3}, seats=["random", "human"])
    assert two["seats"] == ["random", "human"]
    every = new(client, game="chinese-checkers", options={"players": 4}, seats=["random"] * 4)
    refused = client.post("/api/invite", json={"id": every["id"]})
    assert refused.status_code == 409 and "agent" in refused.json()["error"]


def test_the_play_page_seats_every_player(client):
    page = client.get("/play", params={"game": "maedn", "players": "4", "seat3": "human", "white": "random"})
    assert page.status_code == 200
    assert '"seats": ["random", "random", "human"]' in page.text
    assert '"options": {"players": "4"}' in page.text


def test_the_editor_is_told_the_players_of_a_typed_game(client):
    text = "extends: chinese-checkers\ngame: my-stars\n"
    out = post(client, "/api/validate", spec=text, options={"players": "6"})
    assert out["errors"] == [] and len(out["players"]) == 6
    assert post(client, "/api/validate", spec="game: [")["players"] == []


def test_a_three_player_game_in_the_browser(browser, server, tmp_path):
    """A chooser for each of the three seats, named after its player; the person moves by clicks,
    the two agents after him by themselves; the history names each mover; a new game from the
    choosers seats a second person; a won position shows its winner."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server}/play?game=chinese-checkers&players=3")
    wait_until(page, "typeof game !== 'undefined' && game !== null && game.your_turn", 60)
    names = page.evaluate("game.players")
    assert page.locator("#seats select").count() == 3
    assert page.eval_on_selector_all("#seats label.seat span", "els => els.map(e => e.textContent.trim())") == names
    assert page.eval_on_selector_all("#seats select", "els => els.map(e => e.value)") == ["human", "random", "random"]
    assert page.locator("#status").inner_text() == f"{names[0]} to move"
    first = page.evaluate("game.moves[0]")
    for square in (first["from"][0], first["to"][-1]):  # clicked on what is drawn on top there
        page.locator(f'#board [data-square="{square}"]').last.click()
    wait_until(page, "game.history.length === 3 && game.your_turn", 60)  # both agents moved
    who = page.eval_on_selector_all("#history .who", "els => els.map(e => e.textContent)")
    assert who == names
    shot(page, tmp_path, "three-players")
    # a new game with a person in the third seat too
    page.select_option("#seat3", "human")
    page.click("#start")
    wait_until(page, "typeof game !== 'undefined' && game !== null && game.history.length === 0 && "
                     "game.seats[2] === 'human'", 60)
    assert page.eval_on_selector_all("#seats select", "els => els.map(e => e.value)") == ["human", "random", "human"]
    page.fill("#io", CC3_ALMOST_WON)
    page.click("#import")
    wait_until(page, "game.your_turn && game.moves.some((m) => m.text === 'm9-n4')", 60)
    page.fill("#typed", "m9-n4")
    page.click("#typedgo")
    wait_until(page, "game.result !== null", 60)
    assert page.locator("#status").inner_text() == f"game over: 1-0-0 ({names[0]} wins, arrived)"
    shot(page, tmp_path, "three-players-over")
    assert errors == []
    page.close()


def test_four_agents_play_maedn_in_the_browser(browser, server, tmp_path):
    """Four agents roll and move by themselves, each in his turn; the board has four homes."""
    page = browser.new_page()
    page.goto(f"{server}/play?game=maedn&players=4&seat1=random")
    wait_until(page, "typeof game !== 'undefined' && game !== null && game.history.length >= 12", 120)
    page.click("#cancel") if page.locator("#cancel").is_visible() else None
    assert set(page.evaluate("game.history.map((h) => h.player)")) == {1, 2, 3, 4}
    assert page.eval_on_selector_all("#seats select", "els => els.map(e => e.value)") == ["random"] * 4
    assert page.locator("#board rect.place").count() == 4
    assert page.locator("#counts").inner_text().count(",") == 3  # the pips of each of the four
    shot(page, tmp_path, "four-agents-maedn")
    page.close()


def test_quoridor_for_four_through_the_app_walls_on_sides_and_vertices(client):
    """A board whose sides and vertices are sites: the picture draws them, a wall is played by its
    text, and the four seats take their turns."""
    game = new(client, game="quoridor", options={"players": 4, "size": 5}, seats=["human", "random", "random", "random"],
               seed=3)
    assert len(game["players"]) == 4
    assert 'class="square side" data-square="a1e"' in game["svg"]
    texts = {m["text"] for m in game["moves"]}
    assert {"c4", "b5", "d5", "a1nev", "d4neh"} <= texts
    game = post(client, "/api/move", id=game["id"], move="b2nev")
    assert 'data-square="b2ne"' in game["svg"] and game["to_move"] == 2
    for seat in (2, 3, 4):
        game = post(client, "/api/agent", id=game["id"])
    assert game["to_move"] == 1 and [h["player"] for h in game["history"]] == [1, 2, 3, 4]


def test_twixt_through_the_app_draws_the_links(client):
    """A board whose bridges are sites: a link laid after a peg is drawn between its holes."""
    game = new(client, game="twixt", seats=["human", "human"], seed=1)
    for hole in ("e5", "b4", "d3"):
        game = post(client, "/api/move", id=game["id"], move=hole)
    assert 'class="link" data-square="d3e5"' in game["svg"]
    assert "swap" not in {m["text"] for m in game["moves"]}
