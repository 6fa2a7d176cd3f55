// The play page: the board, the moves, the players; agents move and dice roll by themselves.
"use strict";

let game = null;      // the game's view, as the server sent it last
let selected = null;  // the square clicked first, waiting for its target
let paused = false;   // an agent's move failed or was cancelled: it moves again when asked
let pending = null;   // the automatic call (agent or roll) about to be made

fillPlayers($("white"), CONFIG.agents, CONFIG.white);
fillPlayers($("black"), CONFIG.agents, CONFIG.black);
$("editlink").href = "/edit?from=" + encodeURIComponent(CONFIG.game);

function say(text) { $("message").textContent = text || ""; }

// Takes an answer of the API about the game `id`: a new view of it, or a message. An answer about
// a game the page has left since (a new game was started meanwhile) is dropped.
function take(out, id) {
  if (!game || game.id !== id) return false;
  if (!out.ok) { say(out.data.error); return false; }
  game = out.data;
  show();
  return true;
}

async function start(spec) {
  if (game && !$("thinking").hidden) api("/api/cancel", {id: game.id});  // the old game's agent stops
  clearTimeout(pending);
  $("thinking").hidden = true;
  paused = false;
  const data = {white: $("white").value, black: $("black").value, options: CONFIG.options};
  if (spec) data.spec = spec; else data.game = CONFIG.game;
  say("");
  const out = await api("/api/new", data);
  if (out.ok) { game = out.data; show(); } else say(out.data.error);
}

function status() {
  const who = game.players[game.to_move - 1];
  const r = game.result;
  if (r) return `game over: ${r.token} (${r.winner ? game.players[r.winner - 1] + " wins" : "draw"}, ${r.rule})`;
  if (game.chance) return `${who} to roll`;
  return `${who} to move` + (game.dice ? ` (dice ${game.dice.filter((d) => d).join("-")})` : "");
}

function show() {
  selected = null;
  $("title").textContent = game.title;
  $("board").innerHTML = game.svg;  // drawn by the server, every text in it escaped
  $("status").textContent = status();
  $("history").textContent = game.history.map((m, i) => (i % 2 ? "" : (i / 2 + 1) + ". ") + m).join(" ");
  $("roll").disabled = !game.chance || !!game.result;
  listMoves(game.moves);
  $("more").textContent = game.more_moves ? `(and ${game.more_moves} more: type them)` : "";
  $("agentgo").hidden = !(game.agent_to_move && paused);
  if (game.result) return;
  if (!paused && (game.agent_to_move || (game.chance && $("autoroll").checked))) {
    clearTimeout(pending);
    pending = setTimeout(game.agent_to_move ? agentMoves : rollDice, 150);
  }
}

async function agentMoves() {
  const seat = game.to_move, id = game.id;
  $("thinker").textContent = `${game.players[seat - 1]} (${game.seats[seat - 1]}) is thinking… (at most ${CONFIG.budget} s)`;
  $("thinking").hidden = false;
  $("agentgo").hidden = true;
  const out = await api("/api/agent", {id});
  if (!game || game.id !== id) return;  // a new game began meanwhile
  $("thinking").hidden = true;
  if (!out.ok) {
    paused = true;  // no endless retries: the button asks again
    say(out.data.cancelled ? "the agent was stopped; the game is as it was" : out.data.error);
    $("agentgo").hidden = !game.agent_to_move;
    return;
  }
  game = out.data;
  show();
}

async function rollDice() {
  const id = game.id;
  const out = await api("/api/roll", {id});
  if (!take(out, id) && game && game.id === id) paused = true;
}

function listMoves(moves) {
  const f = $("filter").value.trim();
  const list = $("moves");
  list.replaceChildren();
  for (const m of moves) {
    if (f && !m.text.includes(f)) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.text;
    b.className = "move";
    b.addEventListener("click", () => play(m.text));
    list.appendChild(b);
  }
}

async function play(text) {
  const id = game.id;
  say("");
  take(await api("/api/move", {id, move: text}), id);
}

function clearSelection() {
  document.querySelectorAll(".selected").forEach((e) => e.classList.remove("selected"));
}

$("filter").addEventListener("input", () => { if (game) listMoves(game.moves); });
$("typedgo").addEventListener("click", () => {
  const t = $("typed").value.trim();
  if (t && game) { $("typed").value = ""; play(t); }
});
$("typed").addEventListener("keydown", (ev) => { if (ev.key === "Enter") $("typedgo").click(); });
$("board").addEventListener("click", (ev) => {
  if (!game || game.result || game.agent_to_move || game.chance) return;
  const el = ev.target.closest("[data-square]");
  if (!el) return;
  const sq = el.getAttribute("data-square");
  if (selected === null) {
    const from = game.moves.filter((m) => m.from.length && m.from[0] === sq);
    if (from.length) {
      selected = sq;
      say("");
      document.querySelectorAll(`[data-square="${CSS.escape(sq)}"].square`).forEach((e) => e.classList.add("selected"));
      listMoves(from);
      return;
    }
    const placed = game.moves.filter((m) => !m.from.length && m.to.includes(sq));
    if (placed.length === 1) { play(placed[0].text); return; }
    if (placed.length > 1) { listMoves(placed); say("choose one of the moves listed"); return; }
    say(`illegal: no legal move starts on ${sq}`);
    return;
  }
  const from = selected;
  selected = null;
  clearSelection();
  const hits = game.moves.filter((m) => m.from.length && m.from[0] === from && m.to.includes(sq));
  if (hits.length === 1) { play(hits[0].text); return; }
  if (hits.length > 1) { listMoves(hits); say("choose one of the moves listed"); return; }
  listMoves(game.moves);
  say(`illegal: no legal move from ${from} to ${sq}`);
});
$("roll").addEventListener("click", () => { if (game) rollDice(); });
$("undo").addEventListener("click", async () => {
  if (!game) return;
  const id = game.id;
  say("");
  take(await api("/api/undo", {id}), id);
});
$("cancel").addEventListener("click", async () => {
  if (!game) return;
  clearTimeout(pending);
  paused = true;
  await api("/api/cancel", {id: game.id});
});
$("agentgo").addEventListener("click", () => {
  if (!game) return;
  paused = false;
  say("");
  show();
});
$("start").addEventListener("click", () => start(CONFIG.game ? null : sessionStorage.getItem("spielwerk-spec")));
$("export").addEventListener("click", async () => {
  if (!game) return;
  const out = await api("/api/export?id=" + encodeURIComponent(game.id));
  if (out.ok) $("io").value = out.data.record + "\n" + out.data.position; else say(out.data.error);
});
$("import").addEventListener("click", async () => {
  if (!game) return;
  const text = $("io").value.trim();
  const data = {id: game.id};
  if (text.includes("\n") || text.startsWith("[") || /^\s*\d+[.)]/.test(text)) data.record = text; else data.position = text;
  take(await api("/api/import", data), data.id);
});
start(CONFIG.game ? null : sessionStorage.getItem("spielwerk-spec"));
