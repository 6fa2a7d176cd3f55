// The play page: the board, the moves, the players; agents move and dice roll by themselves.
// A game has an address (/game/ID, or /join/TOKEN for one invited seat); the page follows the
// game's changes through the server's event stream, so two browsers see each other's moves.
"use strict";

let game = null;      // the game's view, as the server sent it last
let selected = null;  // the square clicked first, waiting for its target
let paused = false;   // an agent's move failed or was cancelled: it moves again when asked
let pending = null;   // the automatic call (agent or roll) about to be made
let viewing = null;   // the number of moves of the record shown while stepping through it, or null
let events = null;    // the event stream of the game shown
let shownAt = null;   // the position shown, with its moves: a view of the same leaves a choice open

fillSeats($("seats"), CONFIG.agents, CONFIG.seats, []);

function say(text) { $("message").textContent = text || ""; }

// Takes a view of the game: shown if it is about the game on the page and not older than the one
// shown (answers and events may cross).
function accept(view) {
  if (!view || (game && (view.id !== game.id || view.version < game.version))) return false;
  game = view;
  show();
  return true;
}

// Takes an answer of the API about the game `id`: a new view of it, or a message.
function take(out, id) {
  if (!game || game.id !== id) return false;
  if (!out.ok) { say(out.data.error); return false; }
  return accept(out.data) || true;
}

function follow(id) {
  if (events) events.close();
  events = new EventSource("/api/events?id=" + encodeURIComponent(id));
  events.onmessage = (ev) => {
    let view = null;
    try { view = JSON.parse(ev.data); } catch (err) { return; }
    // an event about what this page shows already (its own answer came first) changes nothing,
    // and leaves a choice being made on the board open
    if (game && view.id === game.id && view.version <= game.version) return;
    accept(view);
  };
}

function enter(view) {
  fillSeats($("seats"), CONFIG.agents, view.seats, view.players);
  game = view;
  viewing = null;
  show();
  follow(view.id);
}

// The page's game: the one its address names, or a new one made from the query (its address then
// replaces the query's in the history, so that reload and Back come back to it).
async function open() {
  if (CONFIG.id) {
    const out = await api("/api/state?id=" + encodeURIComponent(CONFIG.id));
    if (out.ok) enter(out.data); else say(out.data.error);
    return;
  }
  const data = {seats: CONFIG.seats, options: CONFIG.options};
  if (CONFIG.variant) data.variant = CONFIG.variant; else data.game = CONFIG.game;
  const out = await api("/api/new", data);
  if (!out.ok) { say(out.data.error); return; }
  history.replaceState(null, "", "/game/" + out.data.id);
  enter(out.data);
}

// "New game": the same rules and options, the players chosen for its seats; a new address in the
// history.
async function newGame() {
  if (!game) return;
  if (!$("thinking").hidden) api("/api/cancel", {id: game.id});
  const data = {seats: chosenSeats($("seats")), options: game.options};
  if (game.variant) data.variant = game.variant; else data.game = game.game;
  say("");
  const out = await api("/api/new", data);
  if (out.ok) location.assign("/game/" + out.data.id); else say(out.data.error);
}

function playerName(p) { return game.players[p - 1]; }

function status() {
  const r = game.result;
  if (r) return `game over: ${r.token} (${r.winner ? playerName(r.winner) + " wins" : "draw"}, ${r.rule})`;
  if (game.chance) return game.on_roll ? `${playerName(game.on_roll)} to roll` : "roll to decide who starts";
  const dice = game.dice ? ` (dice ${game.dice.filter((d) => d).join("-")})` : "";
  return `${playerName(game.to_move)} to move${dice}`;
}

// The reader of the board's labels: the invited seat, else the player whose turn it is.
function reader() {
  return game.you || (game.chance ? game.on_roll : game.to_move) || 1;
}

function drawBoard(svg) {
  $("board").innerHTML = svg;  // drawn by the server, every text in it escaped
  if (game.labels) {
    const labels = game.labels[String(reader())] || {};
    document.querySelectorAll("#board text.label").forEach((el) => {
      const name = el.getAttribute("data-label");
      if (name in labels) el.textContent = labels[name];
    });
  }
}

function squares(name) {
  return document.querySelectorAll(`#board .square[data-square="${CSS.escape(name)}"], ` +
                                    `#board .place[data-square="${CSS.escape(name)}"]`);
}

function mark(names, cls) {
  document.querySelectorAll("#board ." + cls).forEach((e) => e.classList.remove(cls));
  for (const n of names) squares(n).forEach((e) => e.classList.add(cls));
}

// What may be clicked now: steps of a dice turn, or whole moves.
function stepping() { return !!(game.steps && game.your_turn && (game.steps.next.length || game.steps.stop)); }

function sources() {
  if (stepping()) return [...new Set(game.steps.next.map((s) => s.from))];
  return [...new Set(game.moves.filter((m) => m.from.length).map((m) => m.from[0]))];
}

function show() {
  // a view of the position already shown (an agent's thinking ended, a seat joined) leaves the
  // square clicked first and the moves offered on the board as they are
  const at = [game.id, game.position, game.ply, (game.moves || []).map((m) => m.text).join(" ")].join("|");
  const kept = at === shownAt && viewing === null;
  shownAt = at;
  if (!kept) {
    selected = null;
    hideChooser();
  }
  $("title").textContent = game.title;
  document.title = "Spielwerk: " + game.title;
  $("editlink").href = game.variant ? "/edit/" + encodeURIComponent(game.variant)
    : "/edit?from=" + encodeURIComponent(game.game || "");
  $("status").textContent = status();
  $("seat").textContent = game.you ? `you play ${playerName(game.you)}` : "";
  showCounts(game.counts);
  showHistory();
  if (viewing === null) {
    drawBoard(game.svg);
    if (game.your_turn) mark(sources(), "source");
    if (selected !== null) mark([selected], "selected");
  }
  $("roll").disabled = !game.chance || !!game.result || !mayRoll();
  $("roll").textContent = game.draw ? "Draw" : "Roll";  // a chance phase draws its moves; dice are rolled
  $("endturn").hidden = !(stepping() && game.steps.stop);
  $("turnsofar").textContent = game.steps && game.steps.played.length ? "so far: " + game.steps.played.join(" ") : "";
  listMoves();
  $("more").textContent = game.more_moves ? `(and ${game.more_moves} more: type them)` : "";
  $("agentgo").hidden = !(game.agent_to_move && paused);
  $("hostonly").hidden = !!game.you;
  showInvites();
  if (game.result) return;
  if (!paused && ((game.agent_to_move && !game.thinking) || (game.chance && $("autoroll").checked && mayRoll()))) {
    clearTimeout(pending);
    pending = setTimeout(game.agent_to_move ? agentMoves : rollDice, 150);
  }
}

function mayRoll() {
  if (!game.you) return true;
  return game.on_roll ? game.on_roll === game.you : game.you === 1;
}

function showCounts(counts) {
  const parts = [];
  if (counts && counts.pips) parts.push("pips: " + counts.pips.map((n, i) => `${game.players[i]} ${n}`).join(", "));
  $("counts").textContent = parts.join(" ");
}

// The moves played, one line each, with who played it and his dice; a click shows the position
// after it.
function showHistory() {
  const list = $("history");
  list.replaceChildren();
  for (const h of game.history) {
    const li = document.createElement("li");
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = playerName(h.player) + (h.dice ? " " + h.dice.join("-") : "");
    const text = document.createElement("span");
    text.className = "text";
    text.textContent = h.text;
    li.append(who, " ", text);
    li.setAttribute("data-upto", String(h.upto));
    if (viewing === h.upto) li.classList.add("viewing");
    li.addEventListener("click", () => lookAt(h.upto));
    list.appendChild(li);
  }
  $("viewing").hidden = viewing === null;
}

async function lookAt(upto) {
  if (!game) return;
  const last = game.history.length ? game.history[game.history.length - 1].upto : 0;
  if (upto >= last && !game.steps) { backToGame(); return; }
  const id = game.id;
  const out = await api(`/api/at?id=${encodeURIComponent(id)}&upto=${upto}`);
  if (!game || game.id !== id) return;
  if (!out.ok) { say(out.data.error); return; }
  viewing = upto;
  drawBoard(out.data.svg);
  showCounts(out.data.counts);
  showHistory();
  $("viewingtext").textContent = `the position after move ${game.history.findIndex((h) => h.upto === upto) + 1}`;
}

function backToGame() {
  viewing = null;
  if (game) show();
}

async function agentMoves() {
  const seat = game.to_move, id = game.id;
  $("thinker").textContent = `${playerName(seat)} (${game.seats[seat - 1]}) is thinking… (at most ${CONFIG.budget} s)`;
  $("thinking").hidden = false;
  $("agentgo").hidden = true;
  const out = await api("/api/agent", {id});
  if (!game || game.id !== id) return;  // a new game began meanwhile
  $("thinking").hidden = true;
  if (!out.ok) {
    if (out.status === 409 && !out.data.cancelled) return;  // another page asked first: its answer comes as an event
    paused = true;  // no endless retries: the button asks again
    say(out.data.cancelled ? "the agent was stopped; the game is as it was" : out.data.error);
    $("agentgo").hidden = !game.agent_to_move;
    return;
  }
  accept(out.data);
}

async function rollDice() {
  const id = game.id;
  const out = await api("/api/roll", {id});
  if (!game || game.id !== id) return;
  if (!out.ok && out.status === 409) return;  // rolled meanwhile by the other page
  if (!take(out, id)) paused = true;
}

function moveButton(label, title, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.title = title;
  b.setAttribute("data-move", title);
  b.className = "move";
  b.addEventListener("click", onClick);
  return b;
}

function listMoves(only) {
  const f = $("filter").value.trim();
  const list = $("moves");
  list.replaceChildren();
  if (!game.your_turn || viewing !== null) return;
  if (stepping() && !only) {
    for (const s of game.steps.next) {
      if (!f || s.text.includes(f)) list.appendChild(moveButton(s.text, s.text, () => step([s.from, s.to])));
    }
    return;
  }
  for (const m of only || game.moves) {
    if (f && !m.text.includes(f)) continue;
    list.appendChild(moveButton(m.text, m.text, () => play(m.text)));
  }
}

async function play(text) {
  const id = game.id;
  say("");
  take(await api("/api/move", {id, move: text}), id);
}

async function step(pair) {
  const id = game.id;
  say("");
  take(await api("/api/step", {id, step: pair}), id);
}

// -- choosing on the board among moves that share a click: a piece's kind, how many to carry ------

// Short labels that tell the moves apart: the kind placed, the number lifted, else the texts.
function labelsFor(moves) {
  const kinds = new Set(moves.map((m) => m.kind)), lifts = new Set(moves.map((m) => m.lift));
  const label = (m) => [kinds.size > 1 ? m.kind : "", lifts.size > 1 ? String(m.lift) : ""].join(" ").trim();
  const labels = moves.map(label);
  return new Set(labels).size === moves.length && labels.every((l) => l) ? labels : moves.map((m) => m.text);
}

function chooser(moves, sq, ev) {
  const box = $("chooser");
  box.replaceChildren();
  const labels = labelsFor(moves);
  moves.forEach((m, i) => box.appendChild(moveButton(labels[i], m.text, () => { hideChooser(); play(m.text); })));
  const cancel = moveButton("×", "cancel", () => { hideChooser(); shownAt = null; show(); });
  cancel.className = "cancel";
  box.appendChild(cancel);
  const area = $("boardarea").getBoundingClientRect();
  box.hidden = false;
  const x = Math.min(Math.max(0, ev.clientX - area.left - 20), Math.max(0, area.width - box.offsetWidth));
  const y = Math.min(Math.max(0, ev.clientY - area.top + 12), Math.max(0, area.height - box.offsetHeight));
  box.style.left = x + "px";
  box.style.top = y + "px";
  say(`choose on the board: ${moves.length} moves end on ${sq}`);
}

function hideChooser() {
  $("chooser").hidden = true;
  $("chooser").replaceChildren();
}

function boardClick(ev) {
  if (!game || game.result || !game.your_turn || viewing !== null) return;
  const el = ev.target.closest("[data-square]");
  if (!el) return;
  hideChooser();
  const sq = el.getAttribute("data-square");
  if (stepping()) { stepClick(sq); return; }
  if (selected === null) {
    const from = game.moves.filter((m) => m.from.length && m.from[0] === sq);
    if (from.length) {
      selected = sq;
      say("");
      mark([sq], "selected");
      mark([...new Set(from.flatMap((m) => m.to.length ? [m.to[m.to.length - 1]] : []))], "target");
      listMoves(from);
      return;
    }
    const placed = game.moves.filter((m) => !m.from.length && m.to.includes(sq));
    if (placed.length === 1) { play(placed[0].text); return; }
    if (placed.length > 1) { chooser(placed, sq, ev); return; }
    say(`illegal: no legal move starts on ${sq}`);
    return;
  }
  const from = selected;
  selected = null;
  mark([], "selected");
  mark([], "target");
  if (sq === from) { listMoves(); return; }
  const hits = game.moves.filter((m) => m.from.length && m.from[0] === from && m.to.length && m.to[m.to.length - 1] === sq);
  const passing = hits.length ? hits : game.moves.filter((m) => m.from.length && m.from[0] === from && m.to.includes(sq));
  if (passing.length === 1) { play(passing[0].text); return; }
  if (passing.length > 1) { chooser(passing, sq, ev); return; }
  listMoves();
  say(`illegal: no legal move from ${from} to ${sq}`);
}

function stepClick(sq) {
  const next = game.steps.next;
  if (selected !== null) {
    const from = selected;
    selected = null;
    mark([], "selected");
    mark([], "target");
    const hit = next.find((s) => s.from === from && s.to === sq);
    if (hit) { step([hit.from, hit.to]); return; }
    if (sq === from) return;
  }
  const mine = next.filter((s) => s.from === sq);
  if (mine.length) {
    selected = sq;
    say("");
    mark([sq], "selected");
    mark(mine.map((s) => s.to), "target");
    return;
  }
  say(`no checker to move from ${sq} with these dice`);
}

function showInvites() {
  const box = $("invites");
  box.replaceChildren();
  if (game.you || !game.invites) return;
  for (const [seat, path] of Object.entries(game.invites)) {
    const row = document.createElement("p");
    const label = document.createElement("span");
    label.textContent = `${playerName(Number(seat))}: `;
    const link = document.createElement("input");
    link.readOnly = true;
    link.value = location.origin + path;
    link.className = "invite";
    link.setAttribute("data-seat", seat);
    link.addEventListener("focus", () => link.select());
    row.append(label, link);
    box.appendChild(row);
  }
}

// -- the buttons ---------------------------------------------------------------------------------

$("filter").addEventListener("input", () => { if (game) listMoves(); });
$("typedgo").addEventListener("click", () => {
  const t = $("typed").value.trim();
  if (t && game) { $("typed").value = ""; play(t); }
});
$("typed").addEventListener("keydown", (ev) => { if (ev.key === "Enter") $("typedgo").click(); });
$("board").addEventListener("click", boardClick);
$("roll").addEventListener("click", () => { if (game) rollDice(); });
$("endturn").addEventListener("click", () => { if (game) step(null); });
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
$("start").addEventListener("click", newGame);
$("invite").addEventListener("click", async () => {
  if (!game) return;
  const id = game.id;
  take(await api("/api/invite", {id}), id);
});
$("backtogame").addEventListener("click", backToGame);
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
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { hideChooser(); backToGame(); } });
open();
