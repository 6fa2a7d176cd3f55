// The rule editor: a game file in a code editor (editor.js), checked by the server as it is typed
// at the options chosen in the form beside it; its problems marked at their lines and listed (a
// click goes there). "Play it" stores the file as a variant and starts a game of it, through the
// same checks; "Save" stores it and gives the editor an address of its own.
"use strict";

let timer = null;
let asked = 0;        // the number of the last check sent: only its answer is shown
let optionFields = {};  // the typed game's options, as the last check found them
const draftKey = "spielwerk-draft:" + location.pathname + location.search;

fillSeats($("seats"), CONFIG.agents, ["human", "random"], []);

const editor = SpielwerkEditor.create($("editor"), {
  text: "",
  onChange: () => {
    try { localStorage.setItem(draftKey, editor.getText()); } catch (err) { /* storage may be off */ }
    $("saved").textContent = "";
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  },
});

function showProblems(list) {
  const ul = $("errors");
  ul.replaceChildren();
  for (const e of list) {
    const li = document.createElement("li");
    const where = document.createElement("a");
    where.href = "#";
    where.textContent = `line ${e.line}, column ${e.col}`;
    where.addEventListener("click", (ev) => { ev.preventDefault(); editor.goTo(e.line, e.col); });
    li.append(where, ": " + e.message);
    ul.appendChild(li);
  }
  editor.setProblems(list);
  $("play").disabled = list.length > 0;
  ul.setAttribute("data-count", String(list.length));
}

// The options form: one field per option the file declares, keeping the values chosen.
function showOptions(fields) {
  const box = $("options");
  const before = {};  // the values a person chose stay; the others follow the file's defaults
  document.querySelectorAll("#options .option.chosen").forEach((f) => { before[f.name] = f.value; });
  box.replaceChildren();
  optionFields = fields || {};
  const names = Object.keys(optionFields);
  if (!names.length) { box.textContent = "(this game declares none)"; return; }
  for (const name of names) {
    const o = optionFields[name];
    const label = document.createElement("label");
    label.textContent = name + " ";
    let field;
    const values = o.values && o.values.length ? o.values : (o.type === "bool" ? [true, false] : null);
    if (values) {
      field = document.createElement("select");
      for (const v of values) {
        const opt = document.createElement("option");
        opt.textContent = String(v);
        opt.value = String(v);
        field.appendChild(opt);
      }
    } else {
      field = document.createElement("input");
      field.size = 6;
      if (o.type === "int") { field.type = "number"; if (o.min !== null) field.min = o.min; if (o.max !== null) field.max = o.max; }
    }
    field.name = name;
    field.className = "option";
    const value = name in before ? before[name] : (o.default === null || typeof o.default === "object" ? "" : String(o.default));
    field.value = value;
    if (name in before) field.classList.add("chosen");
    field.addEventListener("change", () => {
      field.classList.add("chosen");
      clearTimeout(timer);
      timer = setTimeout(check, 100);
    });
    label.appendChild(field);
    box.appendChild(label);
  }
}

function chosenOptions() {
  const out = {};
  document.querySelectorAll("#options .option").forEach((f) => { if (f.value !== "") out[f.name] = f.value; });
  return out;
}

// Only the options that differ from their defaults are sent.
function optionsToSend() {
  const out = {};
  for (const [name, value] of Object.entries(chosenOptions())) {
    const o = optionFields[name];
    if (!o || String(o.default) !== value) out[name] = value;
  }
  return out;
}

async function check() {
  const mine = ++asked;
  const out = await api("/api/validate", {spec: editor.getText(), options: optionsToSend()});
  if (mine !== asked) return;
  // a file that cannot be read declares no options: the form keeps the ones it had
  if (out.ok && (Object.keys(out.data.options).length || !out.data.errors.length)) showOptions(out.data.options);
  // a seat for each player of the game at the options chosen, the choices made kept
  if (out.ok && out.data.players && out.data.players.length) fillSeats($("seats"), CONFIG.agents, [], out.data.players);
  showProblems(out.ok ? out.data.errors : (out.data.errors || [{line: 1, col: 1, message: out.data.error}]));
}

async function save() {
  const out = await api("/api/variant", {spec: editor.getText(), options: optionsToSend()});
  if (!out.ok) {
    if (out.data.errors) showProblems(out.data.errors); else $("message").textContent = out.data.error;
    return null;
  }
  history.replaceState(null, "", "/edit/" + out.data.variant);
  $("saved").textContent = "saved: this page's address keeps this text";
  return out.data.variant;
}

$("save").addEventListener("click", save);
$("play").addEventListener("click", async () => {
  $("message").textContent = "";
  const variant = await save();
  if (!variant) return;
  const out = await api("/api/new", {variant, options: optionsToSend(), seats: chosenSeats($("seats"))});
  if (!out.ok) {
    if (out.data.errors) showProblems(out.data.errors); else $("message").textContent = out.data.error;
    return;
  }
  location.assign("/game/" + out.data.id);
});

(async () => {
  api("/api/schema").then((out) => { if (out.ok) editor.setSchema(out.data); });
  let text = null;
  try { text = localStorage.getItem(draftKey); } catch (err) { text = null; }
  if (text === null && CONFIG.variant) {
    const out = await api("/api/variant?variant=" + encodeURIComponent(CONFIG.variant));
    if (out.ok) text = out.data.text; else $("message").textContent = out.data.error;
  } else if (text === null && CONFIG.from) {
    const out = await api("/api/source?game=" + encodeURIComponent(CONFIG.from));
    if (out.ok) text = out.data.text; else $("message").textContent = out.data.error;
  }
  editor.setText(text === null ? CONFIG.starter : text);
  check();
})();
