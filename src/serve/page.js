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
// The game `ludic serve GAME` names, if any: the page opens on it.
const FIRST_GAME = document.querySelector('meta[name="ludic-game"]').content;
// The players a seat may be (docs/players.md): each kind with a strength.
const PLAYERS = [
  ["human", "Human"],
  ["random", "Random moves"],
  ["greedy", "Greedy (one turn ahead)"],
  ["mc:100", "Monte Carlo, 100 playouts"],
  ["mc:1000", "Monte Carlo, 1000 playouts"],
  ["mcts:300", "MCTS, 300 iterations"],
  ["mcts:1000", "MCTS, 1000 iterations"],
  ["mcts:1s", "MCTS, 1 second"],
  ["ab:2", "Alpha-beta, 2 turns deep"],
  ["ab:4", "Alpha-beta, 4 turns deep"],
  ["ab:1s", "Alpha-beta, 1 second"],
];
// A computer seat's player when a game starts: bounded by time, so that
// a slow game never keeps the page waiting long.
const DEFAULT_AI = "mcts:1s";

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (method !== "GET") {
    opts.headers["X-Ludic-Token"] = TOKEN;
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body === undefined ? {} : body);
  }
  const r = await fetch(path, opts);
  // The page's own timing (docs/serve.md): from a new game's answer to
  // its board drawn.
  if (path === "/api/sessions") performance.mark("ludic-answer");
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
  const wanted = new URLSearchParams(location.search).get("game") || FIRST_GAME;
  if (wanted && games.some((g) => g.id === wanted)) sel.value = wanted;
  await chooseGame();
}

// The address the page was opened with: a game written by writeUrl
// (game, toggles, seats, start, turns, ply) is set up again from it.
const OPENED = new URLSearchParams(location.search);

async function chooseGame() {
  const id = $("game").value;
  const opts = await api("GET", "/api/options?game=" + encodeURIComponent(id));
  renderToggles(opts.toggles || []);
  // Seats start afresh with each game: the first human, the others the
  // computer.
  const players = opts.players || [];
  const again = OPENED.get("game") === id && !chooseGame.done;
  chooseGame.done = true;
  const seats = again ? OPENED.getAll("seat") : [];
  renderSeats(players, players.map((_, i) => seats[i] || (i === 0 ? "human" : DEFAULT_AI)));
  if (again) {
    for (const s of OPENED.getAll("set")) {
      const [name, value] = s.split("=");
      const input = $("toggle-" + name);
      if (!input) continue;
      if (input.dataset.kind === "bool") input.checked = value === "true";
      else input.value = value;
    }
  }
  // The address's seed starts the same game again (its first player,
  // its dice); else the server draws a fresh one.
  const seed = again && OPENED.get("seed") !== null ? Number(OPENED.get("seed")) : null;
  await newGame(seed);
  if (again) await replayOpened(id);
}

// Replays the start and turns of the address the page was opened with,
// as a trial (the server checks every turn), then goes to its ply.
async function replayOpened(id) {
  const moves = OPENED.getAll("move");
  const start = OPENED.get("start");
  if (moves.length === 0 && !start) return;
  const lines = ["ludic-trial 1", "game " + id];
  for (const s of currentSets()) lines.push("set " + s);
  if (view && view.seed !== undefined) lines.push("seed " + view.seed);
  if (start) {
    const [kind, ...text] = start.split(":");
    lines.push((kind === "start" ? "start " : "position ") + text.join(":"));
  }
  lines.push("moves", ...moves, "result unfinished", "");
  if (!(await act("record", { text: lines.join("\n") }))) return;
  const ply = OPENED.get("ply");
  await act("seek", { ply: ply === null ? moves.length : Number(ply) });
}

// Writes the game into the page's address (game, toggles, seats, the
// start when it is not the rules', the turns, and the ply when it is not
// the last), so that the address opens the same game again.
function writeUrl(v) {
  const url = new URL(location.href);
  const q = url.searchParams;
  for (const k of ["game", "set", "seat", "seed", "start", "move", "ply"]) q.delete(k);
  q.set("game", v.game);
  if (v.seed !== undefined) q.set("seed", v.seed);
  for (const s of v.sets || []) q.append("set", s);
  for (const s of v.seats || []) q.append("seat", s.player);
  if (v.start) q.set("start", v.start.kind + ":" + v.start.text);
  for (const m of v.moves || []) q.append("move", m);
  if (v.moves && v.ply < v.moves.length) q.set("ply", v.ply);
  history.replaceState(null, "", url);
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
      if (t.kind === "decimal") input.step = "0.1";
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
  box.innerHTML = "";
  players.forEach((name, i) => {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.id = "seat-" + i;
    for (const [spec, text] of PLAYERS) {
      const o = document.createElement("option");
      o.value = spec; o.textContent = text;
      select.appendChild(o);
    }
    setSeat(select, seats[i] || "human");
    select.addEventListener("change", setSeats);
    label.append(name + " ");
    label.appendChild(select);
    box.appendChild(label);
  });
}

// Shows `spec` in a seat's list, adding it when it is not one of the
// usual choices (a record or another page chose it).
function setSeat(select, spec) {
  if (!Array.from(select.options).some((o) => o.value === spec)) {
    const o = document.createElement("option");
    o.value = spec; o.textContent = spec;
    select.appendChild(o);
  }
  select.value = spec;
}

function currentSeats() {
  return Array.from($("seats").querySelectorAll("select")).map((i) => i.value);
}

// A new game; `seed` (a number) starts it from that seed, else the
// server draws a fresh one.
async function newGame(seed) {
  stopAi();
  try {
    const body = { game: $("game").value, sets: currentSets(), seats: currentSeats() };
    if (typeof seed === "number" && Number.isSafeInteger(seed) && seed >= 0) body.seed = seed;
    const v = await api("POST", "/api/sessions", body);
    sid = v.session;
    say("");
    show(v);
    // Layout done (the board's size is known): the board is drawn.
    $("board").getBoundingClientRect();
    performance.measure("ludic-draw", "ludic-answer");
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
  // A late answer to an earlier request (a change of seats that crossed
  // a Roll on the wire) is older than the view shown: drop it, or the
  // page would go back to a position the game has left.
  if (view && v.session === view.session && v.version < view.version) return;
  view = v;
  const sets = v.sets && v.sets.length ? " — " + v.sets.join(" ") : "";
  $("title").textContent = (v.title ? v.title + " (" + v.game + ")" : v.game) + sets;
  // The seed matters only to a game that draws its first player or
  // rolls dice; in another it would only puzzle a player.
  $("seed").textContent = v.seed === undefined || !v.seed_matters ? "" : "seed " + v.seed;
  $("error").hidden = !v.error;
  $("error").textContent = v.error || "";
  if (!v.svg) {
    $("board").innerHTML = "";
    $("status").textContent = "The rule file has errors; fix it and the page reloads it.";
    $("moves").innerHTML = "";
    $("choices").innerHTML = "";
    return;
  }
  $("board").innerHTML = v.svg;
  $("board").classList.toggle("nolabels", !$("labels").checked);
  // A royal piece in check (chess's king) is marked as on chess sites.
  for (const site of v.check || []) {
    const g = $("board").querySelector(`g.site[data-site="${site}"]`);
    if (g) g.classList.add("check");
  }
  if (hint && (hint.session !== v.session || hint.version !== v.version)) {
    hint = null;
    $("hint-text").textContent = "";
    $("hint-line").textContent = "";
    if (!hintAbort) $("hint-progress").textContent = "";
  }
  drawHint();
  if (v.seats && $("seats").children.length !== v.seats.length) {
    renderSeats(v.seats.map((s) => s.name), v.seats.map((s) => s.player));
  } else if (v.seats) {
    v.seats.forEach((s, i) => setSeat($("seat-" + i), s.player));
  }
  let status = v.status;
  if (v.partial) status += " — so far: " + v.partial;
  $("status").textContent = status;
  $("status").className = v.outcome ? "over" : "";
  if (v.message) say(v.message, false);
  const ch = $("choices");
  ch.innerHTML = "";
  for (const c of v.choices) {
    const b = document.createElement("button");
    // A promotion shows the piece it makes (a queen's picture).
    if (c.svg) {
      b.innerHTML = c.svg;
      b.title = c.kind;
      b.className = "becomes";
      b.dataset.kind = c.kind;
      b.append(" " + c.kind + " ");
      const t = document.createElement("small");
      t.textContent = c.text;
      b.appendChild(t);
    } else b.textContent = c.text;
    b.addEventListener("click", () => act("choose", { index: c.index }));
    ch.appendChild(b);
  }
  showMoves(v);
  showDice(v.dice);
  $("roll").hidden = v.roll === null || v.roll === undefined;
  showStanding(v);
  // The state as text (counters, phase: what --position reads), without
  // its history of earlier positions, which means nothing to a player;
  // not while the user is editing it. While a position is being edited,
  // the draft's.
  const src = v.edit || v;
  const fen = src.fen;
  if (document.activeElement !== $("position")) {
    $("position").value = src.position_shown || "";
    positionWhole = { shown: src.position_shown, whole: src.position };
  }
  $("fen").textContent = fen ? "FEN " + fen : "";
  showEditor(v);
  if (chooseGame.done) writeUrl(v);
  const legend = $("legend");
  legend.innerHTML = "";
  for (const item of v.legend || []) {
    const li = document.createElement("li");
    li.innerHTML = item.svg || "";
    li.append(item.text);
    legend.appendChild(li);
  }
  $("slider").max = v.moves.length;
  $("slider").value = v.ply;
  $("ply").textContent = v.ply + " / " + v.moves.length;
  $("save").href = `/api/sessions/${v.session}/trial`;
  // The record in the game's own format: PGN (a game with FEN), PDN
  // (numbered draughts boards).
  const rf = v.record_format;
  $("save-record").hidden = !rf;
  if (rf) {
    $("save-record").href = `/api/sessions/${v.session}/export`;
    $("save-record").download = "game." + rf;
    $("save-record").textContent = "Save " + rf.toUpperCase();
  }
  scheduleAi();
}

// The dice beside the board (docs/serve.md): each die of the last roll
// drawn as a face, greyed once played, and the roll in words; at a
// chance node (nature to move), what is to be rolled.
function showDice(d) {
  const box = $("dice");
  box.hidden = !d;
  if (!d) return;
  box.classList.toggle("chance", d.chance);
  const faces = $("dice-faces");
  faces.innerHTML = "";
  for (const die of d.dice) faces.appendChild(dieFace(die.face, die.used));
  if (d.sum !== null && d.sum !== undefined) faces.appendChild(dieFace(d.sum, false));
  $("dice-words").textContent = d.words;
}

// Games of more than two seats: each seat's evaluation (the game's
// heuristic, as the computer players judge it), its value after the
// hint's turn when a hint is shown, and its place once it has one.
function showStanding(v) {
  const table = $("standing");
  const rows = v.seat_values;
  table.hidden = !rows;
  if (!rows) return;
  const after = hint && hint.session === v.session && hint.version === v.version ? hint.seat_values_after : null;
  $("standing-hint").hidden = !after;
  const body = table.querySelector("tbody");
  body.innerHTML = "";
  rows.forEach((r, i) => {
    const tr = document.createElement("tr");
    tr.id = "standing-" + i;
    if (i === v.to_move) tr.className = "mover";
    if (r.out) tr.classList.add("out");
    const cells = [v.seats[i].name, valueText(r.value)];
    if (after) cells.push(valueText(after[i].value));
    cells.push(r.place === null ? (r.out ? "out" : "playing") : ordinal(r.place));
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = c;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  });
}
// A heuristic value in words: ±2⁴⁰ is a decided game.
function valueText(x) {
  const WIN = 2 ** 40;
  if (x >= WIN / 2) return "won";
  if (x <= -WIN / 2) return "lost";
  return String(x);
}
function ordinal(n) {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return n + s;
}

// A die showing `face`: pips for 1 to 6, the number else.
function dieFace(face, used) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 40 40");
  svg.setAttribute("width", "40");
  svg.setAttribute("height", "40");
  svg.setAttribute("class", "die" + (used ? " used" : ""));
  svg.dataset.face = face;
  const add = (tag, attrs) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    svg.appendChild(e);
    return e;
  };
  add("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, fill: "#fffdf6", stroke: "#333", "stroke-width": 2 });
  const PIPS = {
    1: [[20, 20]], 2: [[11, 11], [29, 29]], 3: [[11, 11], [20, 20], [29, 29]],
    4: [[11, 11], [29, 11], [11, 29], [29, 29]],
    5: [[11, 11], [29, 11], [20, 20], [11, 29], [29, 29]],
    6: [[11, 10], [29, 10], [11, 20], [29, 20], [11, 30], [29, 30]],
  };
  if (PIPS[face]) {
    for (const [x, y] of PIPS[face]) add("circle", { cx: x, cy: y, r: 3.6, fill: "#222" });
  } else {
    const t = add("text", { x: 20, y: 26, "text-anchor": "middle", "font-size": 16, "font-weight": "bold", fill: "#222" });
    t.textContent = face;
  }
  const title = document.createElementNS(ns, "title");
  title.textContent = face + (used ? " (played)" : "");
  svg.appendChild(title);
  return svg;
}

// The move list as a site shows it: in a game whose records pair the
// turns under move numbers (PGN, PDN), rows "1. e4 e5" (a game set up
// with the second player to move starts "12. … Nf6"); else each turn
// numbered alone. Each turn is a `.ply` a click goes to.
function showMoves(v) {
  const list = $("moves");
  list.innerHTML = "";
  const ml = v.move_list || { shown: v.moves, numbering: null };
  const nb = ml.numbering;
  list.classList.toggle("paired", !!nb);
  const cell = (cls, text) => {
    const span = document.createElement("span");
    span.className = cls;
    span.textContent = text;
    list.appendChild(span);
    return span;
  };
  const skip = nb && nb.second ? 1 : 0;
  ml.shown.forEach((m, i) => {
    if (!nb) cell("num", i + 1 + ".");
    else if ((i + skip) % 2 === 0) {
      cell("num", nb.first + Math.floor((i + skip) / 2) + ".");
      if (i === 0 && skip) cell("skip", "…");
    }
    const li = cell("ply", m);
    li.dataset.ply = i + 1;
    li.title = v.moves[i];
    if (i >= v.ply) li.classList.add("future");
    if (i === v.ply - 1) li.classList.add("current");
  });
  const current = list.querySelector(".ply.current");
  // The list scrolls to its current turn; the page does not move (the
  // board and the status stay in view).
  if (current) {
    const top = current.offsetTop, bottom = top + current.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }
}

// The position text shown and the whole one it stands for.
let positionWhole = null;

// Sends an action; true when the server took it.
async function act(what, body) {
  if (sid === null) return false;
  try {
    const v = await api("POST", `/api/sessions/${sid}/${what}`, body === undefined ? {} : body);
    say("");
    show(v);
    return true;
  } catch (e) {
    if (!closed(e)) say(e.message, true);
    return false;
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

// Drag and drop: a piece dragged from one site to another is the two
// clicks (origin, then destination); dropped where it was, it is a click.
let drag = null;
function svgPoint(svg, ev) {
  const p = svg.createSVGPoint();
  p.x = ev.clientX; p.y = ev.clientY;
  return p.matrixTransform(svg.getScreenCTM().inverse());
}
$("board").addEventListener("pointerdown", (ev) => {
  const g = ev.target.closest("g.site");
  const stack = g && g.querySelector("g.stack");
  const svg = $("board").querySelector("svg");
  if (!g || !stack || !svg || ev.button !== 0 || (view && view.edit)) return;
  drag = { site: Number(g.dataset.site), g, stack, svg, from: svgPoint(svg, ev), moved: false };
});
$("board").addEventListener("pointermove", (ev) => {
  if (!drag) return;
  const p = svgPoint(drag.svg, ev);
  const [dx, dy] = [p.x - drag.from.x, p.y - drag.from.y];
  if (!drag.moved && Math.hypot(dx, dy) < 6) return;
  if (!drag.moved) {
    drag.moved = true;
    drag.stack.classList.add("ghost");
    // Drawn above the other sites while it moves.
    drag.svg.appendChild(drag.g);
  }
  drag.stack.setAttribute("transform", `translate(${dx},${dy})`);
  ev.preventDefault();
});
document.addEventListener("pointerup", async (ev) => {
  const d = drag;
  drag = null;
  if (!d || !d.moved) return;
  const under = document.elementFromPoint(ev.clientX, ev.clientY);
  const g = under && under.closest("#board g.site");
  const to = g ? Number(g.dataset.site) : d.site;
  if (to === d.site) { show(view); return; }
  stopAi();
  if (!(view && view.selected === d.site) && !(await act("click", { site: d.site }))) return;
  await act("click", { site: to });
});
// The position editor: a piece chosen in the palette is put on top of
// the stack of each site clicked; "Take off" takes the top piece off.
let chosenPiece = null;
function showEditor(v) {
  $("editor").hidden = !v.edit;
  $("edit-start").hidden = !!v.edit;
  if (!v.edit) return;
  const pal = $("palette");
  if (pal.dataset.session !== v.session) {
    pal.dataset.session = v.session;
    pal.innerHTML = "";
    const take = document.createElement("button");
    take.className = "take"; take.id = "piece-take"; take.textContent = "Take off";
    take.addEventListener("click", () => choosePiece(null));
    pal.appendChild(take);
    for (const p of v.edit.palette) {
      const b = document.createElement("button");
      b.id = "piece-" + p.piece;
      b.title = p.player + " " + p.kind;
      b.innerHTML = p.svg;
      b.addEventListener("click", () => choosePiece(p.piece));
      pal.appendChild(b);
    }
    const mover = $("edit-mover");
    mover.innerHTML = "";
    v.seats.forEach((s, i) => {
      const o = document.createElement("option");
      o.value = i; o.textContent = s.name;
      mover.appendChild(o);
    });
    choosePiece(v.edit.palette.length ? v.edit.palette[0].piece : null);
    renderEditFields(v.edit.fields || []);
  }
  $("edit-mover").value = v.edit.to_move;
  for (const f of v.edit.fields || []) {
    const input = $("edit-field-" + f.name);
    if (input && document.activeElement !== input) input.value = f.value;
  }
}
// The state's fields besides the board (the phase, the turn and
// no-progress counts, each counter: `7,8` a value per player), as the
// position text writes them; the server checks each as it is set.
function renderEditFields(fields) {
  const box = $("edit-fields");
  box.innerHTML = "";
  for (const f of fields) {
    const label = document.createElement("label");
    let input;
    if (f.choices.length) {
      input = document.createElement("select");
      for (const c of f.choices) {
        const o = document.createElement("option");
        o.value = o.textContent = c;
        input.appendChild(o);
      }
    } else {
      input = document.createElement("input");
      input.size = 8;
    }
    input.id = "edit-field-" + f.name;
    input.value = f.value;
    input.addEventListener("change", async () => {
      if (await act("edit", { field: f.name, value: input.value })) return;
      // Refused (the message says why): the draft's value again.
      const now = ((view && view.edit && view.edit.fields) || []).find((x) => x.name === f.name);
      if (now) input.value = now.value;
    });
    label.append(f.name + " ");
    label.appendChild(input);
    box.appendChild(label);
  }
}
function choosePiece(p) {
  chosenPiece = p;
  for (const b of $("palette").children) b.classList.remove("chosen");
  const b = $(p === null ? "piece-take" : "piece-" + p);
  if (b) b.classList.add("chosen");
}
$("edit-start").addEventListener("click", () => { stopAi(); $("palette").dataset.session = ""; act("edit", { action: "start" }); });
$("edit-done").addEventListener("click", () => act("edit", { action: "done" }));
$("edit-cancel").addEventListener("click", () => act("edit", { action: "cancel" }));
$("edit-mover").addEventListener("change", () => act("edit", { to_move: Number($("edit-mover").value) }));

$("board").addEventListener("click", (ev) => {
  const g = ev.target.closest("g.site");
  if (!g) return;
  if (view && view.edit) {
    act("edit", { site: Number(g.dataset.site), piece: chosenPiece });
    return;
  }
  act("click", { site: Number(g.dataset.site) });
});
// The move list: a click on a move shows the board after it; the arrow
// keys step through the game (Home: the start, End: the last turn).
// The ply the page is going to (keys pressed faster than the server
// answers add up), or null.
let navTarget = null;
function goTo(ply) {
  if (!view || sid === null) return;
  const p = Math.max(0, Math.min(view.moves.length, ply));
  if (p === (navTarget ?? view.ply) && !view.partial) return;
  stopAi();
  navTarget = p;
  act("seek", { ply: p }).then(() => { if (navTarget === p) navTarget = null; });
}
const here = () => navTarget ?? view.ply;
$("moves").addEventListener("click", (ev) => {
  const li = ev.target.closest(".ply");
  if (li && li.dataset.ply) goTo(Number(li.dataset.ply));
});
document.addEventListener("keydown", (ev) => {
  const t = ev.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
  if (!view) return;
  const to = { ArrowLeft: here() - 1, ArrowRight: here() + 1, Home: 0, End: view.moves.length }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  goTo(to);
});
$("first").addEventListener("click", () => goTo(0));
$("prev").addEventListener("click", () => view && goTo(here() - 1));
$("next").addEventListener("click", () => view && goTo(here() + 1));
$("last").addEventListener("click", () => view && goTo(view.moves.length));
$("flip").addEventListener("click", () => act("flip", { flip: !(view && view.flip) }));
$("labels").addEventListener("change", () => {
  $("board").classList.toggle("nolabels", !$("labels").checked);
});
// Analysis: the turn a computer player would play here, thought on the
// server's pool of computer players (the page keeps answering); the
// progress bar runs against the player's time budget (at most the
// server's 10 s cap); Cancel stops the search on the server, which
// answers at once with the best turn found so far. Its line (the turn
// and the replies the player foresees) is drawn as numbered arrows on
// the board and written beside the evaluation.
let hint = null;
let hintAbort = null;
for (const [spec, text] of PLAYERS.slice(1)) {
  const o = document.createElement("option");
  o.value = spec; o.textContent = text;
  $("hint-player").appendChild(o);
}
$("hint-player").value = "mcts:1s";
// The most seconds a player may think: its own time budget (`ab:1s`,
// `mcts:500ms`), else the server's cap.
function budgetOf(spec) {
  const m = /:(\d+(?:\.\d+)?)(ms|s)\b/.exec(spec);
  const cap = 10;
  if (!m) return cap;
  return Math.min(cap, Number(m[1]) / (m[2] === "ms" ? 1000 : 1));
}
function stopHint(text) {
  if (hintAbort) hintAbort.abort();
  hintAbort = null;
  $("hint-bar").hidden = true;
  $("hint-cancel").hidden = true;
  $("hint").disabled = false;
  $("hint-progress").textContent = text || "";
}
$("hint").addEventListener("click", async () => {
  if (sid === null || !view) return;
  stopHint();
  hint = null;
  const ctl = new AbortController();
  hintAbort = ctl;
  $("hint").disabled = true;
  $("hint-cancel").hidden = false;
  $("hint-text").textContent = "";
  $("hint-line").textContent = "";
  const t0 = performance.now();
  const budget = budgetOf($("hint-player").value);
  $("hint-bar").max = budget;
  $("hint-bar").value = 0;
  $("hint-bar").hidden = false;
  const tick = setInterval(() => {
    const s = (performance.now() - t0) / 1000;
    $("hint-bar").value = Math.min(s, budget);
    $("hint-progress").textContent = "thinking… " + s.toFixed(1) + " s of at most " + budget + " s";
  }, 100);
  try {
    const r = await fetch(`/api/sessions/${sid}/hint`, {
      method: "POST", signal: ctl.signal,
      headers: { "X-Ludic-Token": TOKEN, "Content-Type": "application/json" },
      body: JSON.stringify({ player: $("hint-player").value }),
    });
    const h = await r.json();
    if (!r.ok) throw new Error(h.error || r.statusText);
    if (!view || h.version !== view.version) {
      stopHint("stopped: the position changed");
      return;
    }
    hint = { ...h, session: sid };
    const mover = view.seats && view.to_move !== null ? view.seats[view.to_move].name : "the mover";
    $("hint-text").textContent = h.turn === null ? "no legal turn"
      : `${h.player}: ${h.turn} (value for ${mover}: ${h.value_now} now, ${h.value_after} after)`;
    $("hint-line").textContent = h.line_text ? "best line: " + h.line_text : "";
    drawHint();
    showStanding(view);
    stopHint(h.cancelled ? "cancelled: the best turn found so far" : "");
  } catch (e) {
    stopHint(e.name === "AbortError" ? "cancelled" : "");
    if (e.name !== "AbortError") say(e.message, true);
  } finally {
    clearInterval(tick);
  }
});
// Cancel: the server stops the search and the hint's request answers
// with what it had found.
$("hint-cancel").addEventListener("click", () => {
  if (sid === null) return;
  $("hint-progress").textContent = "cancelling…";
  api("POST", `/api/sessions/${sid}/hint/cancel`, {}).catch((e) => say(e.message, true));
});

// The hint's line as arrows from site to site, while the board shows
// the position it was asked for: each turn's steps (one arrow a leg,
// from site to site) in its mover's colour, the first turn strongest,
// later ones fainter and thinner, each numbered (1, 2, 3…) at its end;
// a placement (one site) is a ringed dot with its number.
function drawHint() {
  const svg = $("board").querySelector("svg");
  if (!hint || !svg || !view || hint.session !== view.session || hint.version !== view.version) return;
  const centre = (site) => {
    const cell = svg.querySelector(`g.site[data-site="${site}"] .cell`);
    if (!cell) return null;
    const b = cell.getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const ns = "http://www.w3.org/2000/svg";
  const add = (parent, tag, attrs) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    parent.appendChild(e);
    return e;
  };
  const layer = add(svg, "g", { class: "hint-layer" });
  const defs = add(layer, "defs", {});
  const line = hint.line && hint.line.length ? hint.line : [{ sites: hint.sites, mover: view.to_move }];
  // Later turns first, so that the first turn is drawn on top.
  for (let k = line.length - 1; k >= 0; k--) {
    const turn = line[k];
    const seat = view.seats && view.seats[turn.mover];
    const colour = seat ? seat.colour : "#2e6fbf";
    const opacity = Math.max(0.3, 0.85 * Math.pow(0.7, k));
    const width = k === 0 ? 7 : 5;
    const points = turn.sites.map(centre).filter((p) => p);
    if (points.length === 0) continue;
    const g = add(layer, "g", { class: "hint-turn", "data-turn": k + 1, opacity });
    const end = points[points.length - 1];
    if (points.length === 1) {
      add(g, "circle", { class: "hint-dot", cx: end[0], cy: end[1], r: 11, fill: colour });
    } else {
      const id = `hint-head-${k}`;
      const marker = add(defs, "marker", {
        id, viewBox: "0 0 10 10", refX: 6, refY: 5,
        markerWidth: 3.2, markerHeight: 3.2, orient: "auto-start-reverse",
      });
      add(marker, "path", { d: "M0,0 L10,5 L0,10 z", fill: colour, stroke: "#222", "stroke-width": 1 });
      for (let i = 1; i < points.length; i++) {
        const [a, b] = [points[i - 1], points[i]];
        const attrs = { class: "hint-arrow", x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: colour, "stroke-width": width };
        if (i === points.length - 1) attrs["marker-end"] = `url(#${id})`;
        add(g, "line", attrs);
      }
    }
    const n = add(g, "text", { class: "hint-number", x: end[0] + 10, y: end[1] - 10, "text-anchor": "middle" });
    n.textContent = String(k + 1);
  }
}

$("game").addEventListener("change", chooseGame);
$("new").addEventListener("click", () => newGame());
$("undo").addEventListener("click", () => { stopAi(); act("undo"); });
// A human seat's roll: the server throws (from the game's seed and the
// turn, so that undo and a replay meet the same dice).
$("roll").addEventListener("click", () => act("roll"));
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
  // The text as shown, unchanged: the whole state, history too (a
  // repetition or superko rule still sees the positions before it).
  let text = $("position").value;
  if (positionWhole && text === positionWhole.shown) text = positionWhole.whole;
  $("position").blur();
  await act("position", { text });
});
// The designer's loop: a served rule file that changes on disk is
// reloaded by the server when the page asks.
setInterval(() => { if (!aiBusy) refresh(false); }, 1000);
loadGames().catch((e) => say(e.message, true));
