// The page of `ludic serve`: plain JS over the JSON API of docs/serve.md.
"use strict";
let sid = null;
let view = null;
let aiTimer = null;
let aiBusy = false;
const $ = (id) => document.getElementById(id);
// The server's secret: every request that changes something carries it
// (docs/serve.md), so that no other web page can.
const TOKEN = document.querySelector('meta[name="ludic-token"]').content;

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (method !== "GET") {
    opts.headers["X-Ludic-Token"] = TOKEN;
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body === undefined ? {} : body);
  }
  const r = await fetch(path, opts);
  const data = await r.json();
  if (!r.ok) {
    const e = new Error(data.error || r.statusText);
    e.evicted = data.evicted === true;
    throw e;
  }
  return data;
}

// The server closed this game to make room for newer ones: say so and
// stop asking about it.
function closed(e) {
  if (!e.evicted) return false;
  stopAi();
  sid = null;
  say(e.message, true);
  return true;
}

function say(text, isError) {
  $("message").textContent = text || "";
  $("message").className = isError ? "error" : "";
}

async function loadGames() {
  const { games } = await api("GET", "/api/games");
  const sel = $("game");
  sel.innerHTML = "";
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.id;
    o.textContent = g.source === "file" ? g.id + " (file)" : g.id;
    sel.appendChild(o);
  }
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted) sel.value = wanted;
  await chooseGame();
}

async function chooseGame() {
  const id = $("game").value;
  const opts = await api("GET", "/api/options?game=" + encodeURIComponent(id));
  renderToggles(opts.toggles || []);
  renderSeats(opts.players || [], null);
  await newGame();
}

function renderToggles(toggles) {
  const form = $("toggles");
  form.innerHTML = "";
  if (toggles.length === 0) form.textContent = "(none)";
  for (const t of toggles) {
    const label = document.createElement("label");
    let input;
    if (t.kind === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = t.value === true;
    } else if (t.kind === "choice") {
      input = document.createElement("select");
      for (const c of t.choices) {
        const o = document.createElement("option");
        o.value = c; o.textContent = c;
        input.appendChild(o);
      }
      input.value = t.value;
    } else {
      input = document.createElement("input");
      input.type = "number";
      if (t.min > -1e15) input.min = t.min;
      if (t.max < 1e15) input.max = t.max;
      input.value = t.value;
    }
    input.name = t.name;
    input.id = "toggle-" + t.name;
    input.dataset.kind = t.kind;
    input.dataset.default = String(t.default);
    input.addEventListener("change", () => newGame());
    label.appendChild(input);
    label.append(" " + t.name + " ");
    const d = document.createElement("span");
    d.className = "description";
    d.textContent = "(" + t.type + ", default " + t.default + ") " + t.description;
    label.appendChild(d);
    form.appendChild(label);
  }
}

function currentSets() {
  const sets = [];
  for (const input of $("toggles").querySelectorAll("input, select")) {
    const v = input.dataset.kind === "bool" ? String(input.checked) : String(input.value);
    if (v !== input.dataset.default) sets.push(input.name + "=" + v);
  }
  return sets;
}

function renderSeats(players, seats) {
  const box = $("seats");
  const old = currentSeats();
  box.innerHTML = "";
  players.forEach((name, i) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.id = "seat-" + i;
    input.setAttribute("list", "players");
    input.value = seats ? seats[i] : (old[i] || (i === 0 ? "human" : "mcts:300"));
    input.addEventListener("change", setSeats);
    label.append(name + " ");
    label.appendChild(input);
    box.appendChild(label);
  });
}

function currentSeats() {
  return Array.from($("seats").querySelectorAll("input")).map((i) => i.value.trim());
}

async function newGame() {
  stopAi();
  try {
    const v = await api("POST", "/api/sessions", {
      game: $("game").value, sets: currentSets(), seats: currentSeats(),
    });
    sid = v.session;
    say("");
    show(v);
  } catch (e) {
    say(e.message, true);
  }
}

async function setSeats() {
  if (sid === null) return;
  try { show(await api("POST", `/api/sessions/${sid}/seats`, { seats: currentSeats() })); say(""); }
  catch (e) { if (!closed(e)) say(e.message, true); }
}

function show(v) {
  view = v;
  const sets = v.sets && v.sets.length ? " — " + v.sets.join(" ") : "";
  $("title").textContent = (v.title ? v.title + " (" + v.game + ")" : v.game) + sets;
  $("error").hidden = !v.error;
  $("error").textContent = v.error || "";
  if (!v.svg) {
    $("board").innerHTML = "";
    $("status").textContent = "The rule file has errors; fix it and the page reloads it.";
    $("moves").innerHTML = "";
    $("choices").innerHTML = "";
    $("result").textContent = "";
    return;
  }
  $("board").innerHTML = v.svg;
  if (v.seats && $("seats").children.length !== v.seats.length) {
    renderSeats(v.seats.map((s) => s.name), v.seats.map((s) => s.player));
  }
  let status = v.status;
  if (v.partial) status += " — so far: " + v.partial;
  $("status").textContent = status;
  $("result").textContent = v.outcome ? "Game over: " + v.outcome.text : "";
  if (v.message) say(v.message, false);
  const ch = $("choices");
  ch.innerHTML = "";
  for (const c of v.choices) {
    const b = document.createElement("button");
    b.textContent = c.text;
    b.addEventListener("click", () => act("choose", { index: c.index }));
    ch.appendChild(b);
  }
  const ol = $("moves");
  ol.innerHTML = "";
  v.moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = m;
    if (i >= v.ply) li.className = "future";
    ol.appendChild(li);
  });
  // The whole state as text (counters, phase, history: what --position
  // reads); not while the user is editing it.
  if (document.activeElement !== $("position")) $("position").value = v.position || "";
  $("fen").textContent = v.fen ? "FEN " + v.fen : "";
  $("slider").max = v.moves.length;
  $("slider").value = v.ply;
  $("ply").textContent = v.ply + " / " + v.moves.length;
  $("save").href = `/api/sessions/${v.session}/trial`;
  scheduleAi();
}

async function act(what, body) {
  if (sid === null) return;
  try {
    const v = await api("POST", `/api/sessions/${sid}/${what}`, body === undefined ? {} : body);
    say("");
    show(v);
  } catch (e) {
    if (!closed(e)) say(e.message, true);
  }
}

function stopAi() {
  if (aiTimer) clearTimeout(aiTimer);
  aiTimer = null;
}

function scheduleAi() {
  stopAi();
  if (!view || !view.ai_to_move || aiBusy) return;
  aiTimer = setTimeout(async () => {
    aiTimer = null;
    aiBusy = true;
    $("status").textContent = view.status + " — thinking…";
    try {
      const v = await api("POST", `/api/sessions/${sid}/ai`, {});
      aiBusy = false;
      show(v);
    } catch (e) {
      aiBusy = false;
      if (closed(e)) return;
      // The position changed meanwhile, or the computer is busy: show
      // the current position (and ask again).
      await refresh(true);
    }
  }, Number($("speed").value));
}

async function refresh(force) {
  if (sid === null) return;
  try {
    const v = await api("GET", `/api/sessions/${sid}`);
    if (force || !view || v.version !== view.version || v.error !== view.error) show(v);
  } catch (e) { closed(e); /* else the server went away: keep the page */ }
}

$("board").addEventListener("click", (ev) => {
  const g = ev.target.closest("g.site");
  if (!g) return;
  act("click", { site: Number(g.dataset.site) });
});
$("game").addEventListener("change", chooseGame);
$("new").addEventListener("click", newGame);
$("undo").addEventListener("click", () => { stopAi(); act("undo"); });
$("slider").addEventListener("input", () => { stopAi(); act("seek", { ply: Number($("slider").value) }); });
$("speed").addEventListener("input", () => { $("speed-text").textContent = $("speed").value + " ms"; });
$("speed-text").textContent = $("speed").value + " ms";
$("record").addEventListener("change", async () => {
  const f = $("record").files[0];
  if (!f) return;
  stopAi();
  await act("record", { text: await f.text() });
  $("record").value = "";
});
$("position-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  stopAi();
  const text = $("position").value;
  $("position").blur();
  await act("position", { text });
});
// The designer's loop: a served rule file that changes on disk is
// reloaded by the server when the page asks.
setInterval(() => { if (!aiBusy) refresh(false); }, 1000);
loadGames().catch((e) => say(e.message, true));
