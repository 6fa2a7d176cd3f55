"""The web app's defences in a real browser (Debian's Chromium, headless): script injected through
every query parameter and through a typed game file's texts never runs (a ``dialog`` handler and
the ``window.__pwned`` marker would see it), the pages work under their Content-Security-Policy,
a page of another site cannot start games, a name rebound to this machine gets no page, and an
agent's thinking is shown and can be cancelled."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from webtools import HOSTILE, PAYLOADS, hostile_game, shot, wait_until


def watch(page) -> dict[str, list[str]]:
    """Record the page's dialogs (dismissed), script errors and CSP complaints."""
    seen: dict[str, list[str]] = {"dialogs": [], "errors": [], "csp": []}

    def dialog(d):
        seen["dialogs"].append(d.message)
        d.dismiss()

    page.on("dialog", dialog)
    page.on("pageerror", lambda exc: seen["errors"].append(str(exc)))
    page.on("console", lambda msg: seen["csp"].append(msg.text) if "Content Security Policy" in msg.text else None)
    return seen


def assert_not_pwned(page, seen) -> None:
    assert page.evaluate("window.__pwned === undefined"), "an injected script ran"
    assert seen["dialogs"] == [], seen["dialogs"]


@pytest.mark.parametrize("payload, policy", [(p, "with the CSP") for p in PAYLOADS[:3]]
                         + [(p, "without it") for p in PAYLOADS[:2]])
def test_reflected_script_never_runs(browser, server, payload, policy):
    """Escaping alone keeps the script out (the page is also tried with its policy turned off),
    and the policy would stop it besides."""
    context = browser.new_context(bypass_csp=policy == "without it")
    page = context.new_page()
    seen = watch(page)
    page.goto(f"{server}/play?" + urlencode({"game": payload, "white": payload, "black": payload, payload: payload}))
    wait_until(page, "document.getElementById('message').textContent.length > 0", 15)  # no such game
    options = page.eval_on_selector_all("#seat1 option", "els => els.map(e => e.textContent)")
    assert payload in options  # the page's own script ran, and wrote the text as text
    assert_not_pwned(page, seen)
    page.goto(f"{server}/edit?" + urlencode({"from": payload, payload: payload}))
    wait_until(page, "document.getElementById('errors').hasAttribute('data-count')", 15)
    assert "no bundled game" in page.locator("#message").inner_text()
    assert_not_pwned(page, seen)
    page.goto(f"{server}/?" + urlencode({"game": payload}))
    assert page.locator("form.game").count() > 5
    assert_not_pwned(page, seen)
    assert seen["errors"] == [] and seen["csp"] == [], seen
    context.close()


def test_a_typed_game_file_shows_its_texts_as_text(browser, server, tmp_path):
    context = browser.new_context()
    page = context.new_page()
    seen = watch(page)
    page.goto(f"{server}/edit")
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') === '0'", 30)
    page.evaluate("t => editor.setText(t)", hostile_game())
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') === '0'", 30)
    page.select_option("#seat2", "human")
    page.click("#play")
    wait_until(page, "typeof game !== 'undefined' && game !== null", 30)
    assert page.locator("#title").inner_text() == HOSTILE
    assert "/game/" in page.url and page.evaluate("game.variant")
    assert HOSTILE + " 1 to move" in page.locator("#status").inner_text()
    assert page.locator("#moves button", has_text="<b>Fa1").count() == 1
    assert HOSTILE in page.locator("#board svg title").text_content()
    # its invite links show the texts as text too, in the seat's own page
    page.click("#invite")
    wait_until(page, "document.querySelectorAll('#invites input.invite').length === 2", 15)
    assert HOSTILE in page.locator("#invites").inner_text()
    link = page.eval_on_selector_all("#invites input.invite", "els => els.map(e => e.value)")[1]
    seat = context.new_page()
    seen_seat = watch(seat)
    seat.goto(link)
    wait_until(seat, "typeof game !== 'undefined' && game !== null && game.you === 2", 15)
    assert HOSTILE + " 2" in seat.locator("#seat").inner_text()
    assert_not_pwned(seat, seen_seat)
    assert seen_seat["errors"] == [] and seen_seat["csp"] == [], seen_seat
    seat.close()
    # and the editor of the stored variant shows its text as text
    page.click("#editlink")
    wait_until(page, "document.getElementById('errors').getAttribute('data-count') === '0'", 30)
    assert PAYLOADS[0] in page.locator("#editor").evaluate("e => e.shadowRoot.querySelector('.cm-content').textContent")
    assert_not_pwned(page, seen)
    page.go_back()
    wait_until(page, "typeof game !== 'undefined' && game !== null", 30)
    # a finished game: the result's token (an <img> tag with a handler) is shown as text
    page.fill("#io", "1,1,1,1,1/x5/x5/x5/2,2,2,2,x 2 6")
    page.click("#import")
    wait_until(page, "game.result !== null", 30)
    assert "<img src=x onerror=alert(1)>" in page.locator("#status").inner_text()
    shot(page, tmp_path, "hostile-game")
    assert_not_pwned(page, seen)
    assert seen["errors"] == [] and seen["csp"] == [], seen
    context.close()


def test_the_pages_work_under_their_policy(browser, server):
    """Scripts and the style sheet load, the board is drawn and styled, and the marks of the last
    move (a style attribute on a track's point) show: the browser reports no CSP violation."""
    page = browser.new_page()
    seen = watch(page)
    page.goto(f"{server}/play?game=backgammon&white=random&black=random")
    wait_until(page, "typeof game !== 'undefined' && game !== null && game.history.length >= 2", 30)
    page.click("#cancel") if page.locator("#cancel").is_visible() else None
    box = page.locator("#board svg").bounding_box()
    assert box and box["width"] > 200
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(251, 248, 241)"
    marked = page.evaluate("""Array.from(document.querySelectorAll('#board polygon.square[style]'))
        .map(e => getComputedStyle(e).stroke)""")
    assert marked and all(s == "rgb(228, 87, 46)" for s in marked), marked
    assert seen["csp"] == [] and seen["errors"] == [], seen
    page.close()


def test_a_page_of_another_site_cannot_start_games(browser, live):
    before = live.games()
    evil = f"""<!doctype html><title>evil</title><body>
<iframe name="sink"></iframe>
<form id="f" method="post" action="{live.url}/api/new" enctype="text/plain" target="sink">
<input name='{{"game":"tak","x":"' value='"}}'></form>
<script>
(async () => {{
  const tries = [
    fetch("{live.url}/api/new", {{method: "POST", mode: "no-cors", headers: {{"content-type": "text/plain"}},
                                 body: JSON.stringify({{game: "tak"}})}}),
    fetch("{live.url}/api/new", {{method: "POST", headers: {{"content-type": "application/json"}},
                                 body: JSON.stringify({{game: "tak"}})}}).then(r => r.json()),
    fetch("{live.url}/api/state?id=x").then(r => r.text()),
  ];
  const out = await Promise.allSettled(tries);
  window.results = out.map(r => r.status + ":" + (r.status === "fulfilled" ? String(r.value && r.value.type || r.value) : ""));
  document.getElementById("f").submit();
  setTimeout(() => {{ window.done = true; }}, 1000);
}})();
</script></body>"""
    page = browser.new_page()
    page.route("http://evil.test/**", lambda route: route.fulfill(status=200, content_type="text/html", body=evil))
    page.goto("http://evil.test/")
    wait_until(page, "window.done === true", 15)
    results = page.evaluate("window.results")
    # the no-cors answer is opaque, the JSON request is stopped at its preflight, the GET unreadable
    assert results[0] in ("fulfilled:opaque", "rejected:"), results
    assert results[1] == "rejected:" and results[2] == "rejected:", results
    assert live.games() == before  # nothing was started
    page.close()


def test_a_name_rebound_to_this_machine_gets_no_page(browser, live):
    page = browser.new_page()
    response = page.goto(f"http://rebound.test:{live.port}/play?game=tak")
    assert response.status == 421
    assert page.locator("script").count() == 0
    response = page.goto(f"http://rebound.test:{live.port}/api/state?id=x")
    assert response.status == 421
    page.close()


def test_the_page_shows_the_agent_thinking_and_cancels_it(browser, server, tmp_path):
    page = browser.new_page()
    seen = watch(page)
    page.goto(f"{server}/play?game=tak&size=8&black=mcts:iterations=3000")
    wait_until(page, "typeof game !== 'undefined' && game !== null && !game.agent_to_move", 30)
    page.locator('#board [data-square="a1"]').last.click()  # the first ply: black's flat on a1
    wait_until(page, "!document.getElementById('thinking').hidden", 15)
    assert "is thinking" in page.locator("#thinker").inner_text()
    shot(page, tmp_path, "agent-thinking")
    page.click("#cancel")
    wait_until(page, "document.getElementById('thinking').hidden", 15)
    assert "stopped" in page.locator("#message").inner_text()
    assert page.locator("#agentgo").is_visible()
    state = page.evaluate("fetch('/api/state?id=' + game.id).then(r => r.json())")
    assert [h["text"] for h in state["history"]] == ["a1"] and state["agent_to_move"] and not state["thinking"]
    assert_not_pwned(page, seen)
    page.close()
