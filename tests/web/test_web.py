"""The web app: its API through Starlette's test client, and its pages played by clicks in Debian's
headless Chromium (Playwright drives the system browser; no browser is downloaded)."""

from __future__ import annotations

import time
from importlib import resources

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
    wait_until(page, "game && (game.result || game.your_turn)", 30)
    return page.evaluate("game")


def play_by_clicks(page, state, move):
    """Play ``move`` (a listed move of ``state``) by clicking its squares, and its piece's kind or
    count on the board where several moves share those clicks."""
    if move["from"]:
        click_square(page, move["from"][0])
        click_square(page, move["to"][-1])
    else:
        click_square(page, move["to"][0])
    # the page answers the clicks: it plays the move, or shows the chooser of the moves they share
    # (which may come a moment after the click)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        if page.locator("#chooser").is_visible():
            page.click(f'#chooser button[data-move="{move["text"]}"]')
            return
        if page.evaluate(f"game.history.length > {len(state['history'])} || !!game.result"):
            return
        time.sleep(0.05)


def place(page, square):
    """Place a flat on ``square`` by clicks (choosing it on the board where other kinds may go)."""
    click_square(page, square)
    if page.locator("#chooser").is_visible():
        page.click(f'#chooser button[data-move="{square}"]')


def test_a_whole_tak_game_by_clicks(browser, server, tmp_path):
    page = browser.new_page()
    page.goto(f"{server}/play?game=tak&size=3&black=random")
    state = wait_for_person(page)
    assert "/game/" in page.url  # the game's own address replaced the query's
    clicks = 0
    while not state["result"]:
        move = state["moves"][clicks % len(state["moves"])]
        play_by_clicks(page, state, move)
        clicks += 1
        wait_until(page, f"game.history.length > {len(state['history'])}", 30)
        state = wait_for_person(page)
        assert clicks < 60
    assert "game over" in page.locator("#status").inner_text()
    shot(page, tmp_path, "tak-finished")
    page.goto(f"{server}/")
    assert page.locator("form.game").count() > 5
    shot(page, tmp_path, "games", full_page=False)


def test_a_piece_kind_is_chosen_on_the_board_and_targets_are_highlighted(browser, server, tmp_path):
    page = browser.new_page()
    page.goto(f"{server}/play?game=tak&size=5&white=human&black=human")
    wait_for_person(page)
    click_square(page, "a1")
    wait_until(page, "game.history.length === 1", 15)
    click_square(page, "e5")
    wait_until(page, "game.history.length === 2", 15)
    click_square(page, "c3")  # a flat, a wall or the capstone: chosen on the board
    wait_until(page, "!document.getElementById('chooser').hidden", 10)
    labels = page.eval_on_selector_all("#chooser button.move", "els => els.map(e => e.textContent)")
    assert labels == ["flat", "wall", "cap"], labels
    shot(page, tmp_path, "tak-choose-kind")
    page.click('#chooser button[data-move="Sc3"]')
    wait_until(page, "game.history.length === 3", 15)
    assert page.evaluate("game.history[2].text") == "Sc3"
    click_square(page, "a1")  # black's flat on a1 may go to a2 or b1: both highlighted
    targets = page.eval_on_selector_all("#board .square.target", "els => els.map(e => e.dataset.square)")
    assert sorted(targets) == ["a2", "b1"], targets
    assert page.evaluate("document.querySelectorAll('#board .square.selected').length") == 1


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
    for _ in range(40):  # a typed move that is no move (sent again while the server says it is busy)
        page.evaluate("document.getElementById('message').textContent = ''")
        page.fill("#typed", "Sz9")
        page.click("#typedgo")
        wait_until(page, "document.getElementById('message').textContent.length > 0", 10)
        if not page.locator("#message").inner_text().startswith("wait:"):
            break
        page.wait_for_timeout(250)
    assert "Sz9" in page.locator("#message").inner_text()
    shot(page, tmp_path, "tak-illegal-click")


def test_ten_backgammon_turns_one_checker_per_die(browser, server, tmp_path):
    """Each turn is clicked one checker per die through the step view: a checker, then the point
    it goes to; the board shows the checkers moved so far, the labels are the mover's numbers,
    and the turn shows in the history as one line once it is complete."""
    page = browser.new_page()
    page.goto(f"{server}/play?game=backgammon&black=random")
    state = wait_for_person(page)
    turns = steps = 0
    while turns < 10 and not state["result"]:
        before = len(state["history"])
        if not state["steps"]["next"]:  # nothing playable: the pass is the one move
            page.click('#moves button[data-move="pass"]')
        while state["steps"] and state["steps"]["next"] and len(state["history"]) == before:
            chosen = state["steps"]["next"][0]
            click_square(page, chosen["from"])
            # the checker's points are drawn once the click is handled (a loaded machine takes a while)
            wait_until(page, "document.querySelectorAll('#board .target').length > 0", 30)
            targets = page.eval_on_selector_all("#board .target", "els => els.map(e => e.dataset.square)")
            assert chosen["to"] in targets
            click_square(page, chosen["to"])
            steps += 1
            wait_until(page, f"game.history.length > {before} || (game.steps && game.steps.done.length > "
                             f"{len(state['steps']['done'])})", 30)
            state = page.evaluate("game")
            if state["steps"] and state["steps"]["done"] and len(state["history"]) == before:
                assert page.locator("#turnsofar").inner_text().startswith("so far: ")
                if turns == 2:
                    shot(page, tmp_path, "backgammon-one-checker-played")
        wait_until(page, f"game.history.length > {before}", 30)
        state = wait_for_person(page)
        turns += 1
    assert turns == 10 and steps >= 15
    mine = [h for h in state["history"] if h["player"] == 1]
    assert len(mine) >= 10 and all(h["dice"] for h in mine)
    assert page.locator("#history li").count() == len(state["history"])
    assert "pips: white" in page.locator("#counts").inner_text()
    labels = page.eval_on_selector_all("#board text.label", "els => els.map(e => e.textContent)")
    assert "24" in labels and "1A" not in labels  # numbered from the mover's side, as the moves are
    shot(page, tmp_path, "backgammon-playing")


def test_the_editor_marks_errors_as_you_type_and_plays_the_variant(browser, server, tmp_path):
    page = browser.new_page()
    page.goto(f"{server}/edit?from=tak")
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') === '0'", 30)
    text = page.evaluate("editor.getText()")
    assert page.locator("#editor").evaluate("e => e.shadowRoot.querySelectorAll('.cm-lineNumbers .cm-gutterElement').length") > 10
    page.evaluate("t => editor.setText(t)", text + "\nbogus_key: 1\n")
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') !== '0'", 30)
    assert "bogus_key" in page.locator("#errors").inner_text()
    wait_until(page, "document.getElementById('editor').shadowRoot.querySelectorAll('.cm-lint-marker-error').length > 0", 10)
    page.click("#errors li a")  # the problem's place: the cursor goes to its line
    line = page.evaluate("editor.view.state.doc.lineAt(editor.view.state.selection.main.head).number")
    assert line == text.count("\n") + 2
    shot(page, tmp_path, "editor-error")
    assert "phases" in page.evaluate("editor.keysAt([])") and "width" in page.evaluate("editor.keysAt(['board'])")
    page.evaluate("t => editor.setText(t)", text.replace("default: 5", "default: 4", 1))
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') === '0'", 30)
    wait_until(page, "document.querySelector('#options input[name=size]').value === '4'", 30)  # the new default
    page.click("#play")
    state = wait_for_person(page)
    assert state["title"] == "Tak" and len(state["moves"]) == 16 and state["variant"]  # the variant's 4x4 board
    assert "/edit/" in page.get_attribute("#editlink", "href")
    shot(page, tmp_path, "editor-variant-playing")
    page.click("#editlink")  # back to the variant's text, kept
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') === '0'", 30)
    assert "default: 4" in page.evaluate("editor.getText()")


def test_the_editor_checks_at_the_options_chosen(browser, server):
    """The editor and Play accept the same files: an option's value the server refuses is
    refused as it is chosen in the editor's options form."""
    page = browser.new_page()
    page.goto(f"{server}/edit?from=tak")
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') === '0'", 30)
    text = page.evaluate("editor.getText()")
    page.evaluate("t => editor.setText(t)", text.replace("max: 8", "max: 30", 1))
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') === '0'", 30)
    page.fill("#options input[name=size]", "30")
    page.dispatch_event("#options input[name=size]", "change")
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') !== '0'", 30)
    assert "this server" in page.locator("#errors").inner_text()
    assert page.is_disabled("#play")


def test_reload_back_and_a_restart_keep_the_game(browser, tmp_path):
    from webtools import Server, scratch_db
    db = scratch_db()
    context = browser.new_context()
    with Server(db=db) as first:
        page = context.new_page()
        page.goto(f"{first.url}/play?game=tak&size=4&white=human&black=human")
        wait_for_person(page)
        for sq in ("a1", "d4", "b2"):
            n = page.evaluate("game.history.length")
            place(page, sq)
            wait_until(page, f"game.history.length > {n}", 15)
        address = page.url
        assert "/game/" in address
        page.reload()
        wait_until(page, "game && game.history.length === 3", 15)
        page.goto(f"{first.url}/")
        page.go_back()
        wait_until(page, "game && game.history.length === 3", 15)
        assert page.url == address
        other = context.new_page()  # a second tab on the same address, left open across the restart
        other.goto(address)
        wait_until(other, "game && game.history.length === 3", 15)
        port = first.port
    with Server(port=port, db=db) as second:
        started = time.monotonic()
        page.reload()
        wait_until(page, "game && game.history.length === 3", 30)
        restored = time.monotonic() - started
        assert [h["text"] for h in page.evaluate("game.history")] == ["a1", "d4", "b2"]
        place(page, "c3")
        wait_until(page, "game.history.length === 4", 15)
        wait_until(other, "game.history.length === 4", 30)  # its event stream came back by itself
        print(f"a game read back after a restart in {restored:.2f} s (page load included)")
    context.close()


def test_a_typed_variant_is_played_live_from_its_invite_links(browser, server, tmp_path):
    """Two people, two browser contexts: the variant is typed in the editor, its page invites,
    each opens his seat's link, and each sees the other's moves as they are made."""
    host = browser.new_page()
    host.goto(f"{server}/edit?from=tak")
    wait_until(host, "document.getElementById('errors').getAttribute('data-count') === '0'", 30)
    text = host.evaluate("editor.getText()").replace("default: 5", "default: 3", 1).replace("title: Tak", "title: Playtest")
    host.evaluate("t => editor.setText(t)", text)
    wait_until(host, "document.getElementById('errors').getAttribute('data-count') === '0'", 30)
    host.select_option("#seat2", "human")
    host.click("#play")
    wait_until(host, "typeof game !== 'undefined' && game !== null", 30)
    host.click("#invite")
    wait_until(host, "document.querySelectorAll('#invites input.invite').length === 2", 15)
    links = host.eval_on_selector_all("#invites input.invite", "els => els.map(e => e.value)")
    shot(host, tmp_path, "invite-links")
    contexts = [browser.new_context(), browser.new_context()]
    pages = [c.new_page() for c in contexts]
    for page, link in zip(pages, links):
        page.goto(link)
        wait_until(page, "typeof game !== 'undefined' && game !== null && events !== null", 15)
        assert page.evaluate("game.title") == "Playtest" and page.evaluate("game.invites") is None
    assert pages[0].evaluate("game.you") == 1 and pages[1].evaluate("game.you") == 2
    # the seat not on turn can do nothing
    assert not pages[1].evaluate("game.your_turn")
    latencies = []
    for ply in range(6):
        mover, watcher = pages[ply % 2], pages[(ply + 1) % 2]
        wait_until(mover, "game.your_turn", 15)
        state = mover.evaluate("game")
        move = next(m for m in state["moves"] if not m["from"]) if ply < 2 else state["moves"][0]
        watcher.evaluate("() => { window.__seen = null; events.addEventListener('message', "
                         "() => { window.__seen = window.__seen || Date.now(); }); }")
        started = mover.evaluate("Date.now()")
        play_by_clicks(mover, state, move)
        wait_until(watcher, f"game.history.length === {ply + 1}", 15)
        latencies.append(watcher.evaluate("window.__seen") - started)
        if state["result"]:
            break
    assert [h["text"] for h in pages[0].evaluate("game.history")] == [h["text"] for h in pages[1].evaluate("game.history")]
    wait_until(host, "game.history.length === 6", 15)  # the game's own page follows too
    shot(pages[1], tmp_path, "invite-second-seat")
    print("live latency (ms) from a click to the other browser's event:", latencies)
    assert max(latencies) < 5000
    for c in contexts:
        c.close()
    host.close()


def test_a_phone_sized_screen_needs_no_sideways_scrolling(browser, server, tmp_path):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    for path, ready, name in [("/", "document.querySelectorAll('form.game').length > 3", "phone-games"),
                              ("/play?game=backgammon&black=random", "game && game.your_turn", "phone-backgammon"),
                              ("/play?game=tak&size=5&black=random", "game && game.your_turn", "phone-tak"),
                              ("/edit?from=tak", "document.getElementById('errors').hasAttribute('data-count')",
                               "phone-editor")]:
        page.goto(server + path)
        wait_until(page, ready, 30)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (path, width)
        box = page.locator("#board svg").bounding_box() if "play" in path else None
        assert box is None or box["width"] <= 390
        shot(page, tmp_path, name, full_page=name != "phone-games")
    context.close()


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
    keys = hs.sampled_from(["id", "game", "spec", "options", "white", "black", "seats", "seed", "move", "record",
                            "position", "step", "variant"])
    bodies = hs.dictionaries(keys, values, max_size=5)

    @settings(max_examples=150, deadline=None)
    @given(path=hs.sampled_from(["/api/new", "/api/move", "/api/roll", "/api/agent", "/api/undo",
                                 "/api/validate", "/api/import", "/api/cancel", "/api/step", "/api/invite",
                                 "/api/variant"]), body=bodies)
    def check(path, body):
        response = client.post(path, json=body)
        assert response.status_code in (200, 400, 404, 409), (path, body, response.text[:300])
        assert isinstance(response.json(), dict)
        if response.status_code != 200:
            assert response.json()["error"]

    check()


def test_a_chance_phase_is_drawn_by_the_roll_button(client):
    """EinStein's setup is a chance phase: the view says it is a draw (the button reads *Draw*),
    /api/roll draws it, and the record keeps the draws as moves."""
    text = (resources.files("spielwerk.games") / "gallery" / "einstein.yaml").read_text(encoding="utf-8")
    game = client.post("/api/new", json={"spec": text, "white": "human", "black": "human", "seed": 4}).json()
    assert "error" not in game, game
    assert game["chance"] and game["draw"] and game["dice"] is None
    for _ in range(2):
        game = client.post("/api/roll", json={"id": game["id"]}).json()
    assert game["chance"] and not game["draw"]  # now the die, for White
    game = client.post("/api/roll", json={"id": game["id"]}).json()
    assert not game["chance"] and game["dice"] and game["moves"]
    assert [h["text"].startswith("shuffle") for h in game["history"]] == [True, True]


def test_a_view_of_the_same_position_leaves_a_choice_open(browser, server, tmp_path):
    """An event about the position already shown (an agent's thinking ended, a seat joined) must
    not close the moves offered on the board while the person chooses; a new position does."""
    page = browser.new_page()
    page.goto(f"{server}/play?game=tak&size=3&black=human")
    state = wait_for_person(page)
    for square in ("a1", "c3"):  # the opening: each places a flat of the other's colour
        place(page, square)
        wait_until(page, f"game.history.length > {len(state['history'])}", 30)
        state = wait_for_person(page)
    click_square(page, "b2")  # a flat, a wall or the capstone
    assert page.locator("#chooser").is_visible()
    page.evaluate("accept(Object.assign({}, game, {version: game.version + 1}))")
    assert page.locator("#chooser").is_visible()
    page.evaluate("accept(Object.assign({}, game, {version: game.version + 1, position: 'elsewhere'}))")
    assert not page.locator("#chooser").is_visible()
    page.close()
