"""The web app's defences over HTTP, tried as a stranger's page or script would: script injection
reflected from every query parameter, headers, foreign origins, wrong host names (DNS
rebinding), bodies of the wrong kind or size, hostile and costly game files, the two requests
that used to end in a 500, and random bodies and headers. Each is refused with a JSON message and
a status code; no traceback ever reaches the client."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from spielwerk.web import Limits
from spielwerk.web.security import CSP, HostRule, split_host
from webtools import BASE, HOSTILE, PAYLOADS, hostile_game, make_client

class Tags(HTMLParser):
    """Every start tag of a page with its attributes, and the text of the config element."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.config = ""
        self._in_config = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_config = tag == "script" and dict(attrs).get("id") == "config"

    def handle_endtag(self, tag):
        self._in_config = False

    def handle_data(self, data):
        if self._in_config:
            self.config += data


def parse(html: str) -> Tags:
    tags = Tags()
    tags.feed(html)
    return tags


def assert_inert(html: str) -> Tags:
    """No script in the page but its own files and its JSON config; no event handler attribute;
    no link to a ``javascript:`` URL."""
    tags = parse(html)
    for tag, attrs in tags.tags:
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)
        for name in ("href", "src", "action"):
            assert not (attrs.get(name) or "").strip().lower().startswith("javascript:"), (tag, attrs)
        if tag == "script":
            assert attrs == {"type": "application/json", "id": "config"} or (
                attrs.get("src", "").startswith("/static/") and set(attrs) == {"src", "defer"}), attrs
        assert tag not in ("iframe", "object", "embed", "base", "img"), tag
    return tags


def assert_clean(response) -> None:
    """An API answer: JSON, and no traceback in it."""
    assert "Traceback" not in response.text and 'File "' not in response.text
    assert response.headers["content-type"].startswith("application/json"), response.headers
    assert isinstance(response.json(), dict)


# -- reflected injection: every query parameter of every page ------------------------------------

@pytest.mark.parametrize("payload", PAYLOADS)
def test_no_query_parameter_reaches_a_page_as_markup(client, payload):
    pages = {
        "/": {"game": payload, payload: payload},
        "/play": {"game": payload, "white": payload, "black": payload, "size": payload, payload: payload},
        "/edit": {"from": payload, payload: payload},
    }
    for path, params in pages.items():
        response = client.get(path, params=params)
        assert response.status_code == 200
        tags = assert_inert(response.text)
        if path == "/":
            assert payload not in response.text
            continue
        config = json.loads(tags.config)  # the parameters travel as data, exactly as given
        assert "<" not in tags.config and ">" not in tags.config and "\u2028" not in tags.config
        if path == "/play":
            assert config["game"] == payload and config["seats"] == [payload, payload]
            assert config["options"] == {"size": payload, payload: payload}
        else:
            assert config["from"] == payload


@pytest.mark.parametrize("payload", PAYLOADS)
def test_no_address_of_a_game_seat_or_variant_reaches_a_page_as_markup(client, payload):
    """The new pages take their game, seat token or variant from the path: as data, or 404."""
    from urllib.parse import quote
    for prefix, key in (("/game/", "id"), ("/join/", "id"), ("/edit/", "variant")):
        response = client.get(prefix + quote(payload, safe=""))
        if response.status_code == 404:
            assert_clean(response)
            continue
        assert response.status_code == 200
        tags = assert_inert(response.text)
        assert "<" not in tags.config and ">" not in tags.config
        assert json.loads(tags.config)[key] == payload
    for path in ("/api/state?id=", "/api/events?id=", "/api/variant?variant=", "/api/at?upto=1&id="):
        response = client.get(path + quote(payload, safe=""))
        assert response.status_code == 404, (path, response.text)
        assert_clean(response)


def test_the_pages_carry_no_inline_script_or_style(client):
    game = client.post("/api/new", json={"game": "tak"}).json()["id"]
    for path in ("/", "/play?game=tak", "/edit?from=tak", f"/game/{game}", "/edit/0123456789abcdef01234567"):
        html = client.get(path).text
        tags = assert_inert(html)
        assert not any(tag == "style" or "style" in attrs for tag, attrs in tags.tags), path
        assert any(tag == "link" and attrs.get("href") == "/static/style.css" for tag, attrs in tags.tags)


def test_every_answer_carries_the_security_headers(client):
    answers = [client.get("/"), client.get("/play?game=tak"), client.get("/edit"), client.get("/static/play.js"),
               client.get("/static/style.css"), client.get("/api/state?id=x"), client.get("/nowhere"),
               client.post("/api/new", content=b"x", headers={"content-type": "text/plain"}),
               client.get("/", headers={"host": "evil.example"}),
               client.options("/api/new", headers={"origin": "http://evil.example",
                                                   "access-control-request-method": "POST"})]
    for response in answers:
        headers = response.headers
        assert headers["content-security-policy"] == CSP
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"
        assert not [k for k in headers if k.lower().startswith("access-control-")], headers
    policy = dict(d.strip().split(" ", 1) for d in CSP.split(";"))
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"  # no inline script or style sheet
    assert policy["default-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
    assert "unsafe-eval" not in CSP and policy["style-src-attr"] == "'unsafe-inline'"
    assert answers[3].headers["content-type"].startswith("text/javascript")
    assert answers[5].headers["cache-control"] == "no-store"


# -- who may send what ------------------------------------------------------------------------------

def test_a_wrong_host_is_refused(client):
    for host in ("evil.example", "evil.example:8000", "127.0.0.1:9999", "127.0.0.1.nip.io:8000", "localhost:80",
                 "", "127.0.0.1:8000@evil", "[::1", "a b"):
        for response in (client.get("/api/state?id=x", headers={"host": host}),
                         client.post("/api/new", json={"game": "tak"}, headers={"host": host})):
            assert response.status_code in (400, 421), (host, response.status_code)
            assert_clean(response)
        page = client.get("/play?game=tak", headers={"host": host})
        assert page.status_code in (400, 421) and "<script" not in page.text
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST:8000"):
        assert client.get("/api/state?id=x", headers={"host": host}).status_code == 404, host


def test_host_rules_for_every_kind_of_bind():
    loopback = HostRule("127.0.0.1", 8000)
    assert loopback.accepts("localhost:8000", 80) and loopback.accepts("[::1]:8000", 80)
    assert not loopback.accepts("192.168.1.5:8000", 80) and not loopback.accepts("localhost", 80)
    every = HostRule("0.0.0.0", 8000, ["games.example"])
    assert every.accepts("192.168.1.5:8000", 80) and every.accepts("[fe80::1]:8000", 80)
    assert every.accepts("games.example", 80) and every.accepts("games.example:443", 443)
    assert not every.accepts("rebound.example:8000", 80) and not every.accepts("192.168.1.5:9000", 80)
    v6 = HostRule("::", 8000)
    assert v6.accepts("10.0.0.2:8000", 80) and not v6.accepts("evil.example:8000", 80)
    named = HostRule("box.lan", 8000)
    assert named.accepts("box.lan:8000", 80) and not named.accepts("127.0.0.1:8000", 80)
    anyport = HostRule("127.0.0.1", None)
    assert anyport.accepts("localhost:5", 80) and not anyport.accepts("evil.example:5", 80)
    assert split_host("[::1]:80") == ("::1", 80) and split_host("Example.COM.") == ("example.com", None)
    assert split_host("::1") is None and split_host("a:b") is None and split_host("a:99999") is None


def test_a_foreign_origin_may_not_post(client):
    for origin in ("http://evil.example", "null", "http://127.0.0.1:9999", "https://127.0.0.1:8000",
                   "http://localhost:8000.evil.example", "file://"):
        response = client.post("/api/new", json={"game": "tak"}, headers={"origin": origin})
        assert response.status_code == 403, origin
        assert_clean(response)
    response = client.post("/api/new", json={"game": "tak"}, headers={"sec-fetch-site": "cross-site"})
    assert response.status_code == 403
    # the server's own pages, and scripts that send no Origin, may
    own = client.post("/api/new", json={"game": "tak"}, headers={"origin": BASE, "sec-fetch-site": "same-origin"})
    assert own.status_code == 200
    assert client.post("/api/new", json={"game": "tak"}).status_code == 200


def test_a_foreign_origin_may_not_read_the_api_or_its_events(client):
    """The API's GETs (the game's view, its event stream, its record) pass the Origin rule too: a
    page of another site that learnt a game's address still gets nothing."""
    game = client.post("/api/new", json={"game": "tak"}).json()["id"]
    for path in (f"/api/state?id={game}", f"/api/events?id={game}", f"/api/export?id={game}",
                 f"/api/at?id={game}&upto=0", "/api/schema"):
        for headers in ({"origin": "http://evil.example"}, {"sec-fetch-site": "cross-site"},
                        {"sec-fetch-site": "same-site"}):
            response = client.get(path, headers=headers)
            assert response.status_code == 403, (path, headers)
            assert_clean(response)
        assert client.get(path, headers={"host": "evil.example"}).status_code == 421
    # a page of another site may still link to a game's page (a navigation, not the API)
    page = client.get(f"/game/{game}", headers={"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate"})
    assert page.status_code == 200


def test_an_invite_token_plays_its_seat_only(client):
    game = client.post("/api/new", json={"game": "tak", "options": {"size": 3}, "white": "human",
                                         "black": "human"}).json()
    invited = client.post("/api/invite", json={"id": game["id"]}).json()
    tokens = {seat: link.rsplit("/", 1)[1] for seat, link in invited["invites"].items()}
    assert set(tokens) == {"1", "2"} and all(len(t) >= 24 for t in tokens.values())
    assert len(game["id"]) >= 16 and game["id"] not in "".join(tokens.values())
    second = client.get(f"/api/state?id={tokens['2']}")
    assert second.status_code == 200 and second.json()["you"] == 2 and "invites" not in second.json()
    assert game["id"] not in second.text  # a seat's page never learns the game's own address
    refused = client.post("/api/move", json={"id": tokens["2"], "move": "a1"})
    assert refused.status_code == 409 and "turn" in refused.json()["error"]
    for path in ("/api/invite", "/api/import"):
        response = client.post(path, json={"id": tokens["2"], "record": "1. a1"})
        assert response.status_code == 403, path
        assert_clean(response)
    assert client.post("/api/move", json={"id": tokens["1"], "move": "a1"}).status_code == 200
    # a seat takes back its own move only, before the other side has moved since
    assert client.post("/api/move", json={"id": tokens["2"], "move": "c3"}).status_code == 200
    assert client.post("/api/undo", json={"id": tokens["1"]}).status_code == 409
    undone = client.post("/api/undo", json={"id": tokens["2"]}).json()
    assert [h["text"] for h in undone["history"]] == ["a1"]
    # a guessed token, or one of another shape, is no game
    for guess in (tokens["1"][:-1] + ("A" if tokens["1"][-1] != "A" else "B"), "x' OR '1'='1", "../" * 5):
        assert client.get("/api/state", params={"id": guess}).status_code == 404


def test_the_event_stream_obeys_the_same_rules(live):
    import httpx
    with httpx.Client(timeout=30) as http:
        game = http.post(f"{live.url}/api/new", json={"game": "tak", "options": {"size": 3}, "white": "human",
                                                      "black": "human"}).json()
        with http.stream("GET", f"{live.url}/api/events", params={"id": game["id"]}) as stream:
            assert stream.status_code == 200 and stream.headers["content-type"].startswith("text/event-stream")
            assert stream.headers["content-security-policy"] == CSP and stream.headers["cache-control"] == "no-store"
            lines = stream.iter_lines()
            first = next(line for line in lines if line.startswith("data: "))
            assert json.loads(first[6:])["id"] == game["id"]
            http.post(f"{live.url}/api/move", json={"id": game["id"], "move": "a1"})
            moved = json.loads(next(line for line in lines if line.startswith("data: "))[6:])
            assert [h["text"] for h in moved["history"]] == ["a1"]
        refused = http.get(f"{live.url}/api/events", params={"id": game["id"]}, headers={"origin": "http://evil.example"})
        assert refused.status_code == 403
        wrong = http.get(f"{live.url}/api/events", params={"id": game["id"]},
                         headers={"host": f"rebound.test:{live.port}"})
        assert wrong.status_code == 421


def test_only_json_may_be_posted(client):
    kinds = {"text/plain": b'{"game": "tak"}', "application/x-www-form-urlencoded": b"game=tak",
             "multipart/form-data; boundary=x": b"--x\r\nContent-Disposition: form-data; name=game\r\n\r\ntak\r\n--x--",
             "application/json-patch+json": b'{"game": "tak"}', "": b'{"game": "tak"}'}
    for kind, body in kinds.items():
        response = client.post("/api/new", content=body, headers={"content-type": kind} if kind else {})
        assert response.status_code == 415, kind
        assert_clean(response)
    ok = client.post("/api/new", content=b'{"game": "tak"}', headers={"content-type": "Application/JSON; charset=utf-8"})
    assert ok.status_code == 200


def test_oversized_bodies_are_refused(client):
    big = json.dumps({"spec": "x" * 300_000}).encode()
    said = client.post("/api/validate", content=big, headers={"content-type": "application/json"})
    assert said.status_code == 413 and "256 KiB" in said.json()["error"]

    def chunks():  # no Content-Length: counted as it comes
        for _ in range(40):
            yield b" " * 10_000

    streamed = client.post("/api/validate", content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413
    assert_clean(streamed)
    deep = client.post("/api/new", content=b"[" * 100_000, headers={"content-type": "application/json"})
    assert deep.status_code == 400 and "not JSON" in deep.json()["error"]


def test_every_error_is_a_json_message_with_its_status(client):
    cases = [(client.get("/api/nothing"), 404), (client.get("/api/new"), 405),
             (client.post("/api/state", json={}), 405), (client.post("/api/move", json={"id": "x", "move": "a1"}), 404),
             (client.post("/api/new", json={"game": "nothing"}), 400),
             (client.post("/api/new", json={"game": "tak", "options": {"nothing": 1}}), 400),
             (client.post("/api/new", json={"game": "tak", "options": [1]}), 400),
             (client.post("/api/new", json={"game": "tak", "white": "mcts:iterations=x"}), 400),
             (client.post("/api/new", json={"game": "tak", "white": "mcts:time=60"}), 400),
             (client.post("/api/new", json={"game": {"a": 1}}), 400)]
    for response, status in cases:
        assert response.status_code == status, (response.request.url, response.text)
        assert_clean(response)
        assert response.json()["error"]


# -- game files: stored injection, hostile YAML, costly games --------------------------------------

def test_a_hostile_game_file_reaches_the_picture_as_text(client):
    import xml.etree.ElementTree as ET
    assert client.post("/api/validate", json={"spec": hostile_game()}).json()["errors"] == []
    game = client.post("/api/new", json={"spec": hostile_game(), "options": {"size": 3}, "white": "human",
                                         "black": "human"}).json()
    assert game["title"] == HOSTILE and game["players"][0] == HOSTILE + " 1"
    svg = ET.fromstring(game["svg"])  # well-formed: nothing closed it early
    names = {el.tag.split("}")[-1] for el in svg.iter()}
    assert not names & {"script", "foreignObject", "image", "a", "iframe"}, names
    for el in svg.iter():
        assert not any(k.lower().startswith("on") for k in el.attrib), el.attrib
    assert HOSTILE in "".join(svg.itertext())  # the title and players stand there as text
    assert game["moves"][0]["text"] == "<b>Fa1"  # data: the page writes it as text


def test_hostile_yaml_is_refused_without_blocking_the_server():
    with make_client(limits=Limits(read_time=2.0)) as client:
        cases = {
            "deep nesting": "game: x\nboard: " + "[" * 20_000 + "]" * 20_000 + "\n",
            "deep mappings": "game: x\n" + "".join("  " * i + f"k{i}:\n" for i in range(300)),
            "an alias bomb": "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
                f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
                for p, c in zip("abcdefgh", "bcdefghi")),
            "60,000 items": "game: x\nrules: [" + "1," * 60_000 + "]\n",
            "a merge key": "base: &b {width: 3}\nboard:\n  <<: *b\n",
            "a python tag": "game: !!python/object/apply:os.system ['true']\n",
            "control characters": "game: \x07\n",
            "not UTF-8 as text": "game: \udcff\n",
        }
        for name, text in cases.items():
            body = json.dumps({"spec": text}).encode()  # \u escapes: a lone surrogate too
            response = client.post("/api/validate", content=body, headers={"content-type": "application/json"})
            assert_clean(response)
            out = response.json()
            problems = out.get("errors") or [{"message": out.get("error")}]
            assert problems and problems[0]["message"], name
            assert response.status_code in (200, 400, 503), name
            if name != "60,000 items":  # the same reading as above, and the slowest
                new = client.post("/api/new", content=body, headers={"content-type": "application/json"})
                assert new.status_code in (400, 503) and new.json()["error"], name
                assert_clean(new)
            assert client.get("/api/state?id=x").status_code == 404  # still answering


COSTLY = """extends: tak
game: costly
board:
  width: 26
  height: 32
reserves:
  stones: {pieces: [flat, wall], count: 10000}
  capstones: {pieces: [cap], count: 1}
"""


def test_a_costly_game_is_refused_at_its_line_and_column(client):
    out = client.post("/api/validate", json={"spec": COSTLY}).json()
    lines = COSTLY.splitlines()
    where = {(e["line"], e["col"]) for e in out["errors"]}
    assert where == {(7, lines[6].index("count") + 1)}, out
    assert any("memory" in e["message"] and "GiB" in e["message"] for e in out["errors"])
    refused = client.post("/api/new", json={"spec": COSTLY})
    assert refused.status_code == 400 and refused.json()["errors"][0]["line"] == 7
    wide = client.post("/api/validate", json={"spec": COSTLY.replace("count: 10000", "count: 200")}).json()
    assert wide["errors"] and wide["errors"][0]["line"] == 7  # still too much memory for 26x32 stacks
    fine = client.post("/api/validate", json={"spec": COSTLY.replace("count: 10000", "count: 20")}).json()
    assert fine["errors"] == []


def test_a_bundled_game_too_costly_for_the_limits_is_refused_by_message():
    with make_client(limits=Limits(game_memory=2 * 1024 * 1024, moves=20)) as client:
        big = client.post("/api/new", json={"game": "tak", "options": {"size": 8}})
        assert big.status_code == 400 and "memory" in big.json()["error"]
        many = client.post("/api/new", json={"game": "tak", "options": {"size": 5}})
        assert many.status_code == 400 and "more than 20 legal moves" in many.json()["error"]
        typed = client.post("/api/validate", json={"spec": "extends: tak\ngame: wide\noptions:\n  size: {default: 5}\n"})
        assert [e["line"] for e in typed.json()["errors"]] == [1]  # `phases`, which tak.yaml writes
        assert "(in tak.yaml) the first position has more than 20 legal moves" in typed.json()["errors"][0]["message"]
        assert client.post("/api/new", json={"game": "tak", "options": {"size": 4}}).status_code == 200


def test_the_two_former_500s(client):
    # a 26x99 stacking board with huge reserves: its hash table overflowed while compiling
    tall = COSTLY.replace("height: 32", "height: 99")
    refused = client.post("/api/new", json={"spec": tall})
    assert refused.status_code == 400 and refused.json()["errors"][0]["line"] == 7
    # an agent asked to move while the opening roll must be rolled again
    game = client.post("/api/new", json={"game": "puff", "white": "random", "black": "random", "seed": 3}).json()
    assert game["chance"]
    moved = client.post("/api/agent", json={"id": game["id"]})
    assert moved.status_code == 200 and moved.json()["history"]


def test_a_position_whose_moves_never_end_is_stopped():
    """A stack of 60 that may spread over 25 squares has more moves than can ever be listed: the
    worker working them out is stopped at the time limit and the game stays as it was."""
    spec = """extends: tak
game: endless
board: {width: 26, height: 1}
reserves:
  stones: {pieces: [flat, wall], count: 60}
  capstones: {pieces: [cap], count: 0}
phases:
  - name: play
    moves:
      - place: {pieces: [flat], where: empty}
      - move: {take: {max: 60}, directions: orthogonal, drop: spread, to: any}
end: []
"""
    with make_client(limits=Limits(read_time=1.0, move_time=1.0)) as client:
        game = client.post("/api/new", json={"spec": spec, "white": "human", "black": "human"})
        assert game.status_code == 200, game.text
        game = game.json()
        stack = "1" * 60
        response = client.post("/api/import", json={"id": game["id"], "position": f"{stack},x25 1 1"})
        assert response.status_code in (400, 503), response.text
        assert_clean(response)
        after = client.get(f"/api/state?id={game['id']}").json()
        assert after["position"] == game["position"]


def test_kept_games_are_bounded_by_memory():
    """Each compiled game counts once (about 1.4 MiB for Tak 5x5 up to 3.5 MiB for 8x8), each
    game kept a little more: 6 MiB hold the last of these four, not all of them."""
    with make_client(limits=Limits(games=64, kept_memory=6 * 1024 * 1024)) as client:
        ids = [client.post("/api/new", json={"game": "tak", "options": {"size": n}}).json()["id"] for n in (5, 6, 7, 8)]
        ids += [client.post("/api/new", json={"game": "tak", "options": {"size": 8}}).json()["id"] for _ in range(3)]
        kept = list(client.app.state.server.games.matches)
        assert ids[0] not in kept and kept == ids[-len(kept):] and 3 <= len(kept) < len(ids)
        # the others left memory, not the store: each comes back when asked for
        assert client.get(f"/api/state?id={ids[0]}").status_code == 200


# -- random requests ------------------------------------------------------------------------------

def test_random_headers_and_bodies_never_get_a_500(client):
    game_id = client.post("/api/new", json={"game": "tak", "options": {"size": "3"}}).json()["id"]
    header_values = hs.one_of(hs.text(hs.characters(min_codepoint=32, max_codepoint=126), max_size=30),
                              hs.sampled_from(["application/json", "text/plain", "null", BASE, "http://evil.example",
                                               "127.0.0.1:8000", "evil.example", "cross-site", "same-origin", "-1",
                                               "99999999999", "0"]))
    headers = hs.dictionaries(hs.sampled_from(["content-type", "origin", "host", "sec-fetch-site", "content-length",
                                               "x-forwarded-host", "referer"]), header_values, max_size=4)
    bodies = hs.one_of(hs.binary(max_size=200), hs.builds(lambda d: json.dumps(d).encode(), hs.dictionaries(
        hs.sampled_from(["id", "game", "spec", "options", "move", "white", "seats", "seed", "step", "variant", "upto"]),
        hs.one_of(hs.none(), hs.integers(), hs.text(max_size=20), hs.just(game_id), hs.just("tak")), max_size=4)))
    routes = ["/api/new", "/api/move", "/api/roll", "/api/agent", "/api/undo", "/api/validate", "/api/import",
              "/api/cancel", "/api/state", "/api/export", "/api/source", "/api/nothing", "/api/step", "/api/invite",
              "/api/at", "/api/variant"]

    @settings(max_examples=200, deadline=None)
    @given(path=hs.sampled_from(routes), method=hs.sampled_from(["GET", "POST", "PUT"]), headers=headers, body=bodies)
    def check(path, method, headers, body):
        response = client.request(method, path, content=body if method != "GET" else None, headers=headers)
        assert response.status_code < 500 or response.status_code == 503, (method, path, headers, response.text)
        assert_clean(response)
        assert response.status_code < 300 or response.json()["error"]

    check()


def test_serve_takes_the_names_to_answer_and_warns_about_every_address(monkeypatch, capsys):
    import spielwerk.web
    from spielwerk.cli import main
    calls = []
    monkeypatch.setattr(spielwerk.web, "serve", lambda *args, **kw: calls.append((args, kw)))
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123", "--allow-host", "box.lan",
                 "--allow-host", "games.example"]) == 0
    assert calls == [(("0.0.0.0", 8123), {"allow_hosts": ["box.lan", "games.example"]})]
    assert "anyone who can reach it" in capsys.readouterr().err
    assert main(["serve"]) == 0
    assert calls[-1] == (("127.0.0.1", 8000), {"allow_hosts": ()})
    assert capsys.readouterr().err == ""
