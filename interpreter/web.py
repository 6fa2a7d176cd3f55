"""``spielwerk serve``: a web app that plays and edits any game file (Starlette on uvicorn).

Pages: the bundled games with their options (``/``), a game against a person or an agent
(``/play``), and a rule editor that checks a game file as it is typed and plays it (``/edit``).
The pages talk to a small JSON API (``/api/...``). Safe by construction: the server reads no file
but the bundled games; a game file typed in the editor is written alone into a fresh temporary
folder, so its ``extends`` can reach only bundled games; requests, game files and the number of
games kept are bounded; only the expression language is evaluated; every bad input is a message.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import tempfile
from collections import OrderedDict
from html import escape
from importlib import resources
from typing import Any

from .agents import make_agent, parse_agent, sample_chance
from .api import load_spec, load_spec_for
from .dsl.errors import SpecError, SpecErrors, SpielwerkError
from .dsl.loader import bundled_games
from .game import Game
from .game import State
from .svg import board_svg, move_squares

__all__ = ["create_app", "serve"]

#: the most a request body may hold, and the most games kept at once (the oldest go first)
MAX_BODY = 256 * 1024
MAX_GAMES = 64
#: agents the page offers; what an agent text may ask for at most (the server stays responsive)
AGENTS = ["random", "greedy:playouts=2", "mcts:iterations=300", "mcts:iterations=1000", "alphabeta:depth=2",
          "alphabeta:depth=3"]
_CAPS = {"iterations": 3000, "depth": 5, "time": 5.0, "playouts": 16, "plies": 2000}


class _Match:
    """One game being played on the page: its state, who plays each side, its dice."""

    def __init__(self, game: Game, seats: tuple[str, str], seed: int, label: str) -> None:
        self.game = game
        self.state = game.initial()
        self.seats = seats
        self.agents = [None if s == "human" else make_agent(s, seed + i) for i, s in enumerate(seats)]
        self.dice = random.Random(seed)
        self.label = label
        self.key = secrets.token_hex(8)


def _check_agent(text: str) -> str:
    if text == "human":
        return text
    name, settings = parse_agent(text)
    for key, cap in _CAPS.items():
        if settings.get(key, 0) > cap:
            raise SpielwerkError(f"{name}: {key} at most {cap} here")
    return text


def _squares(game: Game, st: State, move: Any) -> tuple[list[str], list[str]]:
    """The names of the squares a move takes pieces from and of those it changes otherwise."""
    lost, _, changed = move_squares(st, move)
    name = game.topology.name
    return [name(sq) for sq in lost], [name(sq) for sq in changed]


def _view(match: _Match) -> dict[str, Any]:
    game, st = match.game, match.state
    over = game.outcome(st) if not game.is_chance(st) else None
    moves = [] if over is not None or game.is_chance(st) else game.legal_moves(st)
    listed = []
    for move in moves[:400]:
        lost, changed = _squares(game, st, move)
        listed.append({"text": game.format_move(st, move), "from": lost, "to": changed})
    history = []
    replay = st.root()  # an imported position, not always the start
    for move, _ in st.stack:
        if move[0] != game.roll_index:
            history.append(game.format_move(replay, move))
        replay.push(move)
    return {
        "id": match.key, "title": game.title, "label": match.label, "players": game.players, "seats": list(match.seats),
        "to_move": st.to_move, "ply": st.ply, "svg": board_svg(st),
        "chance": over is None and game.is_chance(st),
        "dice": list(st.dice) if st.dice else None,
        "result": None if over is None else {"token": over.token, "winner": over.winner, "rule": over.result,
                                              "value": over.value},
        "moves": listed, "more_moves": max(0, len(moves) - len(listed)),
        "agent_to_move": over is None and not game.is_chance(st) and match.agents[st.to_move - 1] is not None,
        "history": history, "position": game.position_text(st),
    }


def _load_typed(text: str) -> tuple[Any, list[dict[str, Any]]]:
    """A game file typed in the editor: its spec, or its located problems."""
    if len(text.encode("utf-8")) > MAX_BODY:
        return None, [{"line": 1, "col": 1, "message": f"a game file here holds at most {MAX_BODY // 1024} KiB"}]
    with tempfile.TemporaryDirectory(prefix="spielwerk-") as folder:
        path = os.path.join(folder, "typed.yaml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            return load_spec(path), []
        except SpecErrors as exc:
            return None, [_problem(e) for e in exc.errors]
        except SpecError as exc:
            return None, [_problem(exc)]


def _problem(exc: SpecError) -> dict[str, Any]:
    inside = os.path.basename(exc.file) == "typed.yaml"
    where = "" if inside else f"(in {os.path.basename(exc.file)}) "
    return {"line": exc.line if inside else 1, "col": exc.col if inside else 1, "message": where + exc.message}


def create_app(max_games: int = MAX_GAMES) -> Any:
    """The ASGI app."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse, Response
    from starlette.routing import Route

    matches: OrderedDict[str, _Match] = OrderedDict()

    def error(message: str, status: int = 400) -> Response:
        return JSONResponse({"error": message}, status_code=status)

    async def body(request: Request) -> dict[str, Any]:
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise SpielwerkError(f"a request here holds at most {MAX_BODY // 1024} KiB")
        try:
            data = json.loads(raw or b"{}")
        except ValueError:
            raise SpielwerkError("the request is not JSON") from None
        if not isinstance(data, dict):
            raise SpielwerkError("the request must be a JSON object")
        return data

    def find(data: dict[str, Any]) -> _Match:
        match = matches.get(str(data.get("id", "")))
        if match is None:
            raise SpielwerkError("no such game here (it may have been closed to make room): start a new one")
        matches.move_to_end(str(data["id"]))
        return match

    def api(handler: Any) -> Any:
        async def run(request: Request) -> Response:
            try:
                data = await body(request) if request.method == "POST" else dict(request.query_params)
                return JSONResponse(handler(data))
            except SpielwerkError as exc:
                return error(str(exc))
        return run

    def new(data: dict[str, Any]) -> dict[str, Any]:
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise SpielwerkError("options: a mapping of option names to values")
        if data.get("spec") is not None:
            spec, problems = _load_typed(str(data["spec"]))
            if spec is None:
                raise SpielwerkError("the game file has problems: " + "; ".join(
                    f"line {p['line']}: {p['message']}" for p in problems[:3]))
            label = spec.data.get("game", "typed")
        else:
            name = str(data.get("game", ""))
            if name not in bundled_games():
                raise SpielwerkError(f"no bundled game {name!r}")
            spec, label = load_spec_for(name), name
        seats = (_check_agent(str(data.get("white", "human"))), _check_agent(str(data.get("black", "random"))))
        game = Game(spec, {str(k): v for k, v in options.items()})
        seed = int(data["seed"]) if str(data.get("seed", "")).lstrip("-").isdigit() else secrets.randbits(31)
        match = _Match(game, seats, seed, label)
        matches[match.key] = match
        while len(matches) > max_games:
            matches.popitem(last=False)
        return _view(match)

    def state(data: dict[str, Any]) -> dict[str, Any]:
        return _view(find(data))

    def move(data: dict[str, Any]) -> dict[str, Any]:
        match = find(data)
        st = match.state
        if match.game.is_chance(st):
            raise SpielwerkError("roll the dice first")
        if match.agents[st.to_move - 1] is not None:
            raise SpielwerkError("it is the agent's turn")
        st.push_text(str(data.get("move", "")))
        return _view(match)

    def roll(data: dict[str, Any]) -> dict[str, Any]:
        match = find(data)
        game, st = match.game, match.state
        if not game.is_chance(st):
            raise SpielwerkError("no roll is due now")
        st.push(sample_chance(game, st, match.dice))
        return _view(match)

    def agent(data: dict[str, Any]) -> dict[str, Any]:
        match = find(data)
        game, st = match.game, match.state
        if game.is_chance(st):
            st.push(sample_chance(game, st, match.dice))
        who = match.agents[st.to_move - 1]
        if who is None or game.outcome(st) is not None:
            return _view(match)
        moves = game.legal_moves(st)
        st.push(who.choose(st, moves))
        return _view(match)

    def undo(data: dict[str, Any]) -> dict[str, Any]:
        match = find(data)
        match.state.undo_turn([p for p in (1, 2) if match.agents[p - 1] is None])
        return _view(match)

    def validate(data: dict[str, Any]) -> dict[str, Any]:
        spec, problems = _load_typed(str(data.get("spec", "")))
        return {"errors": problems, "game": spec.data.get("game") if spec is not None else None}

    def export(data: dict[str, Any]) -> dict[str, Any]:
        match = find(data)
        return {"record": match.state.record(), "position": match.game.position_text(match.state)}

    def import_(data: dict[str, Any]) -> dict[str, Any]:
        match = find(data)
        game = match.game
        if data.get("position"):
            match.state = game.parse_position(str(data["position"]))
        elif data.get("record"):
            from .replay import replay_text
            games = replay_text(match.game.spec, str(data["record"]), dict(game.options))
            if not games:
                raise SpielwerkError("no game in that record")
            done = games[0]
            if done.error is not None:
                raise SpielwerkError(f"the record stops at {done.error}")
            assert done.state is not None
            if done.state.game.options != game.options:
                raise SpielwerkError("the record's tags ask for other options: start a game with them")
            state = game.initial()  # the record's moves, kept so that undo and export work
            for played, _ in done.state.stack:
                state.push(played)
            match.state = state
        else:
            raise SpielwerkError("give a record or a position")
        return _view(match)

    def source(data: dict[str, Any]) -> dict[str, Any]:
        name = str(data.get("game", ""))
        if name not in bundled_games():
            raise SpielwerkError(f"no bundled game {name!r}")
        text = (resources.files("spielwerk.games") / f"{name}.yaml").read_text(encoding="utf-8")
        return {"game": name, "text": text}

    async def index(request: Request) -> Response:
        rows = []
        for name in bundled_games():
            spec = load_spec_for(name)
            options = spec.data.get("options") or {}
            fields = "".join(_option_field(k, o) for k, o in options.items() if o)
            rows.append(f'<form class="game" action="/play" method="get"><input type="hidden" name="game" '
                        f'value="{escape(name)}"><h2>{escape(str(spec.data.get("title", name)))}</h2>'
                        f'<p>{escape(str(spec.data.get("description", ""))[:300])}</p>{fields}'
                        f'<button type="submit">Play</button> <a href="/edit?from={escape(name)}">make a variant</a>'
                        "</form>")
        return HTMLResponse(_page("Spielwerk", "<h1>Spielwerk</h1><p><a href='/edit'>Write a game</a></p>"
                                  + "".join(rows)))

    async def play_page(request: Request) -> Response:
        query = request.query_params
        options = {k: v for k, v in query.items() if k not in ("game", "white", "black")}
        config = {"game": query.get("game", ""), "options": options, "agents": AGENTS,
                  "white": query.get("white", "human"), "black": query.get("black", "random")}
        return HTMLResponse(_page("Spielwerk: play", _PLAY_HTML, "const CONFIG = " + json.dumps(config) + ";\n"
                                  + _PLAY_JS))

    async def edit_page(request: Request) -> Response:
        first = bundled_games()[0]
        config = {"from": request.query_params.get("from", ""), "agents": AGENTS,
                  "starter": f"extends: {first}\ngame: my-variant\ntitle: My variant\n"}
        return HTMLResponse(_page("Spielwerk: editor", _EDIT_HTML, "const CONFIG = " + json.dumps(config) + ";\n"
                                  + _EDIT_JS))

    routes = [
        Route("/", index), Route("/play", play_page), Route("/edit", edit_page),
        Route("/api/new", api(new), methods=["POST"]), Route("/api/state", api(state)),
        Route("/api/move", api(move), methods=["POST"]), Route("/api/roll", api(roll), methods=["POST"]),
        Route("/api/agent", api(agent), methods=["POST"]), Route("/api/undo", api(undo), methods=["POST"]),
        Route("/api/validate", api(validate), methods=["POST"]), Route("/api/export", api(export)),
        Route("/api/import", api(import_), methods=["POST"]), Route("/api/source", api(source)),
    ]
    return Starlette(routes=routes)


def _option_field(name: str, option: dict[str, Any]) -> str:
    label = escape(name)
    if option.get("type") == "choice" or "values" in option:
        values = "".join(f'<option{" selected" if v == option.get("default") else ""}>{escape(str(v))}</option>'
                         for v in option.get("values", []))
        return f'<label>{label} <select name="{label}">{values}</select></label> '
    if option.get("type") == "bool":
        return (f'<label>{label} <select name="{label}"><option>{str(option.get("default", False)).lower()}'
                f'</option><option>{str(not option.get("default", False)).lower()}</option></select></label> ')
    return (f'<label>{label} <input name="{label}" size="6" '
            f'value="{escape(str(option.get("default", "")))}"></label> ')


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the app with uvicorn until stopped."""
    import uvicorn
    uvicorn.run(create_app(), host=host, port=port, log_level="warning")


def _page(title: str, body: str, script: str = "") -> str:
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{escape(title)}</title>"
            f"<style>{_CSS}</style></head><body>{body}<script>{script}</script></body></html>")


_CSS = """
body { font-family: sans-serif; margin: 1.5em; background: #fbf8f1; color: #2d2620; max-width: 1100px; }
form.game { border: 1px solid #d8cbb3; padding: .6em 1em; margin: .6em 0; background: #fff; }
form.game h2 { margin: .2em 0; font-size: 1.2em; }
#layout { display: flex; gap: 1.5em; align-items: flex-start; }
#board svg { max-width: 560px; height: auto; cursor: pointer; }
#side { min-width: 320px; }
#moves { max-height: 260px; overflow-y: auto; border: 1px solid #d8cbb3; background: #fff; padding: .3em; }
#moves button { margin: 2px; font-family: monospace; }
#message { color: #b03a2e; min-height: 1.3em; font-weight: bold; }
#status { font-weight: bold; margin: .4em 0; }
textarea { width: 100%; font-family: monospace; }
#errors li { color: #b03a2e; font-family: monospace; }
.selected { outline: 3px solid #2e86de; }
"""

_PLAY_HTML = """
<p><a href="/">games</a> · <a id="editlink" href="/edit">edit these rules</a></p>
<h1 id="title">Spielwerk</h1>
<div id="setup">first player <select id="white"></select> second player <select id="black"></select>
<button id="start">New game</button> <label><input type="checkbox" id="autoroll" checked> roll automatically</label></div>
<div id="layout"><div id="board"></div>
<div id="side"><div id="status"></div><div id="message"></div>
<button id="roll">Roll</button> <button id="undo">Undo</button>
<p><input id="typed" placeholder="type a move" size="18"> <button id="typedgo">Play it</button></p>
<p>legal moves <input id="filter" placeholder="filter" size="10"> <span id="more"></span></p><div id="moves"></div>
<p>moves played</p><div id="history" style="font-family: monospace"></div>
<p><button id="export">Export</button> <button id="import">Import</button></p>
<textarea id="io" rows="6" placeholder="a record or a position text"></textarea></div></div>
"""

_PLAY_JS = r"""
let game = null, selected = null;
const $ = (id) => document.getElementById(id);
async function call(path, data) {
  const options = data === undefined ? {} : {method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(data)};
  const res = await fetch(path, options);
  const out = await res.json();
  if (out.error) { $("message").textContent = out.error; return null; }
  return out;
}
function fill(select, value) {
  select.innerHTML = ["human"].concat(CONFIG.agents).map(a => `<option>${a}</option>`).join("");
  select.value = value;
}
fill($("white"), CONFIG.white); fill($("black"), CONFIG.black);
$("editlink").href = "/edit?from=" + encodeURIComponent(CONFIG.game);
async function start(spec) {
  const data = {white: $("white").value, black: $("black").value, options: CONFIG.options};
  if (spec) data.spec = spec; else data.game = CONFIG.game;
  const out = await call("/api/new", data);
  if (out) { game = out; show(); }
}
function show() {
  selected = null;
  $("title").textContent = game.title;
  $("board").innerHTML = game.svg;
  const who = game.players[game.to_move - 1];
  $("status").textContent = game.result ? `game over: ${game.result.token} (${game.result.winner ? game.players[game.result.winner - 1] + " wins" : "draw"}, ${game.result.rule})`
    : (game.chance ? `${who} to roll` : `${who} to move` + (game.dice ? ` (dice ${game.dice.filter(d => d).join("-")})` : ""));
  $("history").textContent = game.history.map((m, i) => (i % 2 ? "" : (i / 2 + 1) + ". ") + m).join(" ");
  $("roll").disabled = !game.chance || !!game.result;
  listMoves(game.moves);
  $("more").textContent = game.more_moves ? `(and ${game.more_moves} more: type them)` : "";
  if (game.result) return;
  if (game.agent_to_move || (game.chance && $("autoroll").checked)) {
    setTimeout(async () => { const out = await call(game.agent_to_move ? "/api/agent" : "/api/roll", {id: game.id}); if (out) { game = {...game, ...out}; show(); } }, 150);
  }
}
function listMoves(moves) {
  const f = $("filter").value.trim();
  $("moves").innerHTML = "";
  for (const m of moves) {
    if (f && !m.text.includes(f)) continue;
    const b = document.createElement("button");
    b.textContent = m.text; b.className = "move";
    b.onclick = () => play(m.text);
    $("moves").appendChild(b);
  }
}
async function play(text) {
  $("message").textContent = "";
  const out = await call("/api/move", {id: game.id, move: text});
  if (out) { game = {...game, ...out}; show(); }
}
$("filter").oninput = () => listMoves(game.moves);
$("typedgo").onclick = () => { const t = $("typed").value.trim(); if (t) { $("typed").value = ""; play(t); } };
$("typed").addEventListener("keydown", (ev) => { if (ev.key === "Enter") $("typedgo").click(); });
$("board").addEventListener("click", (ev) => {
  if (!game || game.result || game.agent_to_move || game.chance) return;
  const el = ev.target.closest("[data-square]");
  if (!el) return;
  const sq = el.getAttribute("data-square");
  if (selected === null) {
    const from = game.moves.filter(m => m.from.length && m.from[0] === sq);
    if (from.length) {
      selected = sq; $("message").textContent = "";
      document.querySelectorAll(`[data-square="${CSS.escape(sq)}"].square`).forEach(e => e.classList.add("selected"));
      listMoves(from); return;
    }
    const placed = game.moves.filter(m => !m.from.length && m.to.includes(sq));
    if (placed.length === 1) { play(placed[0].text); return; }
    if (placed.length > 1) { listMoves(placed); $("message").textContent = "choose one of the moves listed"; return; }
    $("message").textContent = `illegal: no legal move starts on ${sq}`; return;
  }
  const from = selected;
  selected = null;
  document.querySelectorAll(".selected").forEach(e => e.classList.remove("selected"));
  const hits = game.moves.filter(m => m.from.length && m.from[0] === from && m.to.includes(sq));
  if (hits.length === 1) { play(hits[0].text); return; }
  if (hits.length > 1) { listMoves(hits); $("message").textContent = "choose one of the moves listed"; return; }
  listMoves(game.moves);
  $("message").textContent = `illegal: no legal move from ${from} to ${sq}`;
});
$("roll").onclick = async () => { const out = await call("/api/roll", {id: game.id}); if (out) { game = {...game, ...out}; show(); } };
$("undo").onclick = async () => { const out = await call("/api/undo", {id: game.id}); if (out) { game = {...game, ...out}; show(); } };
$("start").onclick = () => start(CONFIG.game ? null : sessionStorage.getItem("spielwerk-spec"));
$("export").onclick = async () => { const out = await call("/api/export?id=" + game.id); if (out) $("io").value = out.record + "\n" + out.position; };
$("import").onclick = async () => {
  const text = $("io").value.trim();
  const data = {id: game.id};
  if (text.includes("\n") || text.startsWith("[") || /^\s*\d+[.)]/.test(text)) data.record = text; else data.position = text;
  const out = await call("/api/import", data);
  if (out) { game = {...game, ...out}; show(); }
};
start(CONFIG.game ? null : sessionStorage.getItem("spielwerk-spec"));
"""

_EDIT_HTML = """
<p><a href="/">games</a></p><h1>Rule editor</h1>
<p>Edit a game file; problems appear as you type. <button id="play">Play it</button>
first player <select id="white"></select> second player <select id="black"></select></p>
<ul id="errors"></ul>
<textarea id="spec" rows="32" spellcheck="false"></textarea>
"""

_EDIT_JS = r"""
const $ = (id) => document.getElementById(id);
let timer = null;
for (const [id, v] of [["white", "human"], ["black", "random"]]) {
  $(id).innerHTML = ["human"].concat(CONFIG.agents).map(a => `<option>${a}</option>`).join(""); $(id).value = v;
}
async function check() {
  const res = await fetch("/api/validate", {method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify({spec: $("spec").value})});
  const out = await res.json();
  const list = out.errors || [{line: 1, col: 1, message: out.error}];
  $("errors").innerHTML = list.map(e => `<li>line ${e.line}, column ${e.col}: ${e.message.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</li>`).join("");
  $("play").disabled = list.length > 0;
  $("errors").setAttribute("data-count", String(list.length));
}
$("spec").oninput = () => { clearTimeout(timer); timer = setTimeout(check, 300); };
$("play").onclick = async () => {
  sessionStorage.setItem("spielwerk-spec", $("spec").value);
  location.href = "/play?white=" + encodeURIComponent($("white").value) + "&black=" + encodeURIComponent($("black").value);
};
(async () => {
  if (CONFIG.from) {
    const res = await fetch("/api/source?game=" + encodeURIComponent(CONFIG.from));
    const out = await res.json();
    $("spec").value = out.text || "";
  } else {
    $("spec").value = CONFIG.starter;
  }
  check();
})();
"""
