// The replay viewer: steps, controls, keyboard, permalinks (?step=N&view=judge|<seat>|public); the table is drawn by
// the board module of the log's ruleset (boards/load.js).
import { $, el, fill } from "./dom.js";
import { installTooltip } from "./cards.js";
import { loadBoard } from "./boards/load.js";
import { hideable, makePanel } from "./panel.js";
import { makeSource } from "./source.js";

const BASE_DELAY_MS = 800;
const PREFETCH = [1, -1, 2, 3, 4]; // neighbours fetched ahead (stepping forward is the common case)

const data = JSON.parse($("viewer-data").textContent);
const SEATS = data.players.map((_, i) => String(i));
const VIEWS = data.mode === "game" ? ["judge", ...SEATS, "public"] : ["judge", ...SEATS];
const total = data.total;
const source = makeSource(data);
// the game's board module (its sheet, narration and card facts), chosen by the log's ruleset
const board = await loadBoard($("viewer").dataset.board, { cards: data.cards, players: data.players });
const turnStarts = data.turns; // [[turn, first step], ...]
const unverified = data.unverified || {}; // action index -> why the engine could not verify it

const params = new URLSearchParams(window.location.search);
// A stored game's view is decided by the server (data.view): a player view never receives a card that seat could
// not see. The judge page holds the whole pasted log anyway, so there the view only hides hands on the board.
const serverViews = data.mode === "game";
let view = serverViews ? data.view || "judge" : VIEWS.includes(params.get("view")) ? params.get("view") : "judge";
let step = clampStep(parseInt(params.get("step") ?? "", 10), data.mode === "judge" ? total : 0);
let hideQuiet = params.get("passes") === "hidden"; // passes and other window-closing actions hidden and stepped over
let timer = null;
let openZone = null;
let lastPayload = null;

function clampStep(n, fallback = 0) {
  if (!Number.isFinite(n)) return fallback;
  return Math.min(Math.max(n, 0), total);
}

function turnAt(n) {
  let turn = 0;
  for (const [t, start] of turnStarts) {
    if (start > n) break;
    turn = t;
  }
  return turn;
}

function turnStart(turn) {
  if (turn <= 0) return 0;
  const mark = turnStarts.find(([t]) => t === turn);
  return mark ? mark[1] : null;
}

const panel = makePanel(data, board, turnAt);

// --- rendering ----------------------------------------------------------------------------

function render(n, payload) {
  lastPayload = payload;
  const s = payload.state;
  const seat = SEATS.includes(view) ? Number(view) : null;
  // the judge page holds every card: a player's view there hides the other hands on the board
  const hidden = (p) => !serverViews && seat !== null && seat !== p;
  board.render(s, $("table"), { seat, view, hidden, step: n });
  panel.now(n, total, view);
  panel.trail(payload.trail, n);
  panel.refusal(n, total);
  if (data.mode === "judge") panel.legal(n, payload.legal, s);
  else {
    panel.legal(n, null, s);
    source.legal(n).then((legal) => { if (step === n) panel.legal(n, legal, s); }, () => {});
  }
  panel.highlight(n, total);
  if (openZone) showZone(openZone);
  $("loading").hidden = true;
  const boardNode = $("board");
  boardNode.dataset.step = String(n);
  boardNode.dataset.view = view;
  document.dispatchEvent(new CustomEvent("pmemo:rendered", { detail: { step: n, view } }));
}

function show(n) {
  step = clampStep(n, step);
  updateControls();
  updateUrl();
  const ready = source.peek(step);
  if (ready) render(step, ready);
  else {
    const wanted = step;
    $("loading").hidden = false;
    fill($("loading"), "loading…");
    source.get(wanted).then((payload) => { if (step === wanted) render(wanted, payload); },
      (err) => { if (step === wanted) fill($("loading"), `could not load step ${wanted}: ${err.message}`); });
  }
  for (const k of PREFETCH) source.prefetch(step + k);
}

function updateControls() {
  $("seek").value = String(step);
  fill($("step-count"), `${step} / ${total}`);
  for (const b of document.querySelectorAll("[data-view]")) b.setAttribute("aria-pressed", String(b.dataset.view === view));
  const playing = timer !== null;
  $("play-btn").classList.toggle("playing", playing);
  $("play-btn").setAttribute("aria-label", playing ? "pause" : "play");
}

function updateUrl() { // the address always names the step and the view shown (and hidden passes)
  const url = new URL(window.location.href);
  url.searchParams.set("step", String(step));
  url.searchParams.set("view", view);
  if (hideQuiet) url.searchParams.set("passes", "hidden");
  else url.searchParams.delete("passes");
  window.history.replaceState(null, "", url);
  for (const link of document.querySelectorAll("a.irregular-link[data-step]")) { // the judge's list: same view, passes
    url.searchParams.set("step", link.dataset.step);
    link.href = url.href;
  }
}

// the next (dir 1) or previous (dir -1) step to show: with passes hidden, one whose action is not a pass
function stepFrom(n, dir) {
  let k = n + dir;
  if (!hideQuiet || !data.actions) return k;
  while (k > 0 && k < total && hideable(data, k - 1)) k += dir;
  return k;
}

// where a jump to step n (a turn's first step) lands: with passes hidden, the first step of that turn from n on that
// shows (a turn's first step follows the action that ended the turn before, which is often hidden); n otherwise
function landing(n) {
  if (!hideQuiet || !data.actions) return n;
  const turn = turnAt(n);
  for (let k = n; k <= total && turnAt(k) === turn; k += 1) {
    if (k === 0 || k === total || !hideable(data, k - 1)) return k;
  }
  return n;
}

function setHideQuiet(on) {
  hideQuiet = on;
  $("hide-passes").checked = on;
  $("action-list").classList.toggle("hide-quiet", on);
  updateUrl();
}

function toggleOutline(force) {
  const box = $("turn-outline");
  const open = force === undefined ? box.hidden : force;
  box.hidden = !open;
  $("action-list").hidden = open;
  $("outline-btn").setAttribute("aria-pressed", String(open));
}

function drawTurnMarks() {
  const box = $("turn-marks");
  if (!total) { fill(box); return; }
  const width = box.clientWidth || 600;
  let lastLabel = -Infinity;
  const marks = turnStarts.map(([t, start]) => {
    const x = (width * start) / total;
    const labelled = x - lastLabel >= 22;
    if (labelled) lastLabel = x;
    const mark = el("span", { class: `mark${labelled ? " labelled" : ""}`, title: `turn ${t}: step ${start}` },
      labelled ? el("span", { class: "mark-label", text: String(t) }) : null);
    mark.style.left = `${(100 * start) / total}%`;
    return mark;
  });
  for (const index of Object.keys(data.irregular || {})) { // a game played as logged: what stood irregular
    const n = Number(index) + 1;
    if (n > total) continue;
    const mark = el("span", { class: "mark irregular-mark", dataset: { step: String(n) },
      title: `step ${n}: irregular, stood as played` });
    mark.style.left = `${(100 * n) / total}%`;
    marks.push(mark);
  }
  for (const index of Object.keys(unverified)) { // the step of action i is i + 1
    const n = Number(index) + 1;
    if (n > total) continue;
    const mark = el("span", { class: "mark unverified-mark", dataset: { step: String(n) },
      title: `step ${n}: not verified by the engine` });
    mark.style.left = `${(100 * n) / total}%`;
    marks.push(mark);
  }
  fill(box, marks);
}

function showZone(key) {
  const shown = lastPayload && board.zone(lastPayload.state, key);
  if (!shown) return;
  openZone = key;
  fill($("zone-heading"), shown.title);
  fill($("zone-cards"), shown.nodes.length ? shown.nodes : el("p", { text: "empty" }));
  $("zone-view").hidden = false;
}

function closeZone() {
  openZone = null;
  $("zone-view").hidden = true;
}

// --- commands ---------------------------------------------------------------------------

function delay() {
  return BASE_DELAY_MS / Number($("speed").value || 1);
}

function tick() {
  if (step >= total) { pause(); return; }
  show(stepFrom(step, 1));
  timer = setTimeout(tick, delay());
}

function play() {
  if (step >= total) show(0);
  timer = setTimeout(tick, delay());
  updateControls();
}

function pause() {
  if (timer) clearTimeout(timer);
  timer = null;
  updateControls();
}

function prevTurn() {
  const start = turnStart(turnAt(step)) ?? 0;
  const current = landing(start);
  if (step > current) return show(current);
  const t = turnAt(Math.max(0, start - 1));
  return show(landing(turnStart(t) ?? 0));
}

function nextTurn() {
  const mark = turnStarts.find(([, start]) => landing(start) > step);
  show(mark ? landing(mark[1]) : total);
}

function toggleHelp(force) {
  const box = $("help");
  box.hidden = force === undefined ? !box.hidden : !force;
}

const COMMANDS = {
  first: () => show(0),
  last: () => show(total),
  prev: () => show(stepFrom(step, -1)),
  next: () => show(stepFrom(step, 1)),
  outline: () => toggleOutline(),
  prevTurn,
  nextTurn,
  play: () => (timer ? pause() : play()),
  help: () => toggleHelp(),
  closeZone,
};

function setView(v) {
  if (serverViews && v !== view) { // another view is another page: the server computes what that seat saw
    const url = new URL(window.location.href);
    url.searchParams.set("view", v);
    url.searchParams.set("step", String(step));
    window.location.assign(url);
    return;
  }
  view = v;
  updateControls();
  updateUrl();
  if (lastPayload) render(step, lastPayload);
}

// --- events -----------------------------------------------------------------------------

document.addEventListener("click", (e) => {
  const cmd = e.target.closest("[data-cmd]");
  if (cmd) { COMMANDS[cmd.dataset.cmd](); return; }
  const v = e.target.closest("[data-view]");
  if (v && v.tagName === "BUTTON") { setView(v.dataset.view); return; }
  const pile = e.target.closest(".pile[data-zone]");
  if (pile) { showZone(pile.dataset.zone); return; }
  const item = e.target.closest("#action-list li[data-step]");
  if (item) { pause(); show(Number(item.dataset.step)); return; }
  const turn = e.target.closest("#turn-outline li[data-step]"); // a turn: its first step shown
  if (turn) { pause(); show(landing(Number(turn.dataset.step))); return; }
  const stood = e.target.closest("a.irregular-link[data-step]"); // the judge's list of irregular actions: this page
  if (stood && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.button === 0) {
    e.preventDefault();
    pause();
    show(Number(stood.dataset.step));
    $("viewer").scrollIntoView({ block: "start" });
  }
});

$("seek").addEventListener("input", (e) => { pause(); show(Number(e.target.value)); });
$("goto-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const t = parseInt($("goto-turn").value, 10);
  const start = turnStart(t);
  if (start !== null) { pause(); show(landing(start)); $("goto-turn").blur(); } else $("goto-turn").setCustomValidity(`no turn ${t}`);
});
$("goto-turn").addEventListener("input", (e) => e.target.setCustomValidity(""));
$("speed").addEventListener("change", () => { if (timer) { pause(); play(); } });
$("hide-passes").addEventListener("change", (e) => { setHideQuiet(e.target.checked); e.target.blur(); }); // keys work on

const KEYS = {
  ArrowLeft: "prev", ArrowRight: "next", ArrowUp: "prevTurn", ArrowDown: "nextTurn", j: "prevTurn", l: "nextTurn",
  Home: "first", End: "last", " ": "play", "?": "help",
};

document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const tag = e.target && e.target.tagName;
  if (e.key === "Escape") {
    toggleHelp(false); closeZone(); tooltip.close();
    return;
  }
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (e.key === "v") { setView(VIEWS[(VIEWS.indexOf(view) + 1) % VIEWS.length]); return; }
  if (e.key === "p") { setHideQuiet(!hideQuiet); return; }
  if (e.key === "o") { toggleOutline(); return; }
  const name = KEYS[e.key];
  if (!name) return;
  e.preventDefault();
  if (tag === "BUTTON") e.target.blur();
  if (name === "help") { toggleHelp(); return; }
  if (name !== "play") pause();
  COMMANDS[name]();
});

window.addEventListener("resize", drawTurnMarks);

const tooltip = installTooltip($("viewer"), $("card-tip"), data.cards, board.describe);

// --- start ------------------------------------------------------------------------------

async function start() {
  drawTurnMarks();
  updateControls();
  show(step);
  try {
    data.actions = await source.actions();
  } catch (err) {
    data.actions = [];
    fill($("action-list"), el("li", { class: "trail-empty", text: `could not load the actions: ${err.message}` }));
  }
  panel.buildList();
  panel.buildOutline(turnStart);
  setHideQuiet(hideQuiet);
  if (lastPayload) render(step, lastPayload);
}

start();
