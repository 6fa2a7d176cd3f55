// The rule editor: a game file checked by the server as it is typed, its problems listed.
"use strict";

let timer = null;
let asked = 0;  // the number of the last check sent: only its answer is shown

fillPlayers($("white"), CONFIG.agents, "human");
fillPlayers($("black"), CONFIG.agents, "random");

function showProblems(list) {
  const ul = $("errors");
  ul.replaceChildren();
  for (const e of list) {
    const li = document.createElement("li");
    li.textContent = `line ${e.line}, column ${e.col}: ${e.message}`;
    ul.appendChild(li);
  }
  $("play").disabled = list.length > 0;
  ul.setAttribute("data-count", String(list.length));
}

async function check() {
  const mine = ++asked;
  const out = await api("/api/validate", {spec: $("spec").value});
  if (mine !== asked) return;
  showProblems(out.ok ? out.data.errors : (out.data.errors || [{line: 1, col: 1, message: out.data.error}]));
}

$("spec").addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(check, 300); });
$("play").addEventListener("click", () => {
  sessionStorage.setItem("spielwerk-spec", $("spec").value);
  location.href = "/play?white=" + encodeURIComponent($("white").value) + "&black=" + encodeURIComponent($("black").value);
});
(async () => {
  if (CONFIG.from) {
    const out = await api("/api/source?game=" + encodeURIComponent(CONFIG.from));
    if (out.ok) $("spec").value = out.data.text; else $("message").textContent = out.data.error;
  } else {
    $("spec").value = CONFIG.starter;
  }
  check();
})();
