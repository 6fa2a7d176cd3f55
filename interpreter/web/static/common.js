// What every page's script shares: the page's config, and calls to the server's JSON API.
"use strict";

const $ = (id) => document.getElementById(id);

// The page's config: JSON in a <script type="application/json"> element, never run as script.
const CONFIG = JSON.parse($("config").textContent);

// Calls the API: GET without data, POST with JSON. Answers {ok, status, data}; an error's message
// is data.error (a network failure or an answer that is not JSON becomes one too).
async function api(path, data) {
  const options = data === undefined ? {} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(data),
  };
  let res;
  try {
    res = await fetch(path, options);
  } catch (err) {
    return {ok: false, status: 0, data: {error: "the server cannot be reached"}};
  }
  let out;
  try {
    out = await res.json();
  } catch (err) {
    out = {error: `the server answered ${res.status} without a message`};
  }
  if (!res.ok && !(out && out.error)) out = {error: `the server answered ${res.status}`};
  return {ok: res.ok, status: res.status, data: out};
}

// Fills a <select> with "human" and the agents, and selects `value` (added if it is not listed).
function fillPlayers(select, agents, value) {
  select.replaceChildren();
  const names = ["human"].concat(agents);
  if (value && !names.includes(value)) names.push(value);
  for (const name of names) {
    const option = document.createElement("option");
    option.textContent = name;
    option.value = name;
    select.appendChild(option);
  }
  select.value = value || "human";
}

// Fills `box` with one chooser per seat, in turn order: each labelled with its player's name (from
// `names`, "player N" before the game's players are known), with `seats[i]` selected (a seat
// beyond the list: the random agent). A chooser keeps a person's choice when it is filled again.
function fillSeats(box, agents, seats, names) {
  const kept = chosenSeats(box);
  const count = Math.max(seats.length, names.length);
  box.replaceChildren();
  for (let i = 0; i < count; i++) {
    const label = document.createElement("label");
    label.className = "seat";
    const name = document.createElement("span");
    name.textContent = (names[i] || `player ${i + 1}`) + " ";
    const select = document.createElement("select");
    select.id = "seat" + (i + 1);
    select.setAttribute("data-seat", String(i + 1));
    fillPlayers(select, agents, i < seats.length ? seats[i] : (i < kept.length ? kept[i] : "random"));
    label.append(name, select);
    box.append(label, " ");
  }
}

// The players chosen for the seats, in turn order.
function chosenSeats(box) {
  return Array.from(box.querySelectorAll("select[data-seat]")).map((s) => s.value);
}
