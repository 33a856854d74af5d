// /games/draft/<id>/merge: the two seats' recordings merged (GET /api/drafts/<id>/merge, with the token this browser
// holds: either paired draft's, or a judge's moderator token typed in, kept for this tab), the first disagreement's
// two versions side by side, a judge's pick for it, and the merged game stored.
// Numbers are the engine's everywhere (one rule): seats 0 and 1, game actions from 0, as its messages say them.
import { $, el, fill } from "../dom.js";
import { loadBoard } from "../boards/load.js";
import { call, loadDraft } from "./outbox.js";

const JUDGE_KEY = "pmemo-judge-token";
const data = JSON.parse($("merge-data").textContent);
const recorded = loadDraft(data.id) || (data.with ? loadDraft(data.with) : null);
let held = recorded ? { token: recorded.token } : sessionStorage.getItem(JUDGE_KEY) ? { token: sessionStorage.getItem(JUDGE_KEY) } : null;
const board = await loadBoard(data.board, { cards: data.cards, players: data.players });
const base = `/api/drafts/${data.id}/merge`;

function status(text, ...more) {
  fill($("merge-status"), text, ...more);
}

function say(action) {
  return action ? board.narrate(action) : "nothing: this recording has no action here";
}

/** A value of a version for people: a card id by its label, a field the version lacks "(not recorded)", else JSON. */
function worded(x) {
  return typeof x === "string" ? board.label(x) : x === undefined ? "(not recorded)" : JSON.stringify(x);
}

/** The fields in which this version differs from the other, in words ("card: MHK 01-001 (Aki)"). */
function differences(v, w) {
  if (!v || !w || Array.isArray(v) || typeof v !== "object") return [];
  const keys = [...new Set([...Object.keys(v), ...Object.keys(w)])];
  return keys.filter((k) => JSON.stringify(v[k]) !== JSON.stringify(w[k])).map((k) => `${k}: ${worded(v[k])}`);
}

/** The differing fields (dotted paths, "players.1.name", "choices.0") of a version with its values in words. */
function fieldValues(v, fields, word = worded) {
  const at = (path) => path.split(".").reduce((x, k) => (x == null ? undefined : x[k]), v);
  return fields.map((f) => `${f}: ${word(at(f))}`);
}

/** Where a pick answers ``d``: the header, the start (before the first game action: step null), or its game action. */
function pickStep(d) {
  if (d.kind === "header") return "header";  // whose header is right where the two differ
  return d.step === null ? "start" : d.step;
}

/** What a version's box lists under it: the header's differing fields, an action's (its differing fields' values
 * where the two copies are told alike, a trigger's choices), else the top-level fields it differs in. */
function differs(seat, d) {
  const v = d.versions[seat];
  const w = d.versions[1 - seat];
  if (d.kind === "header") return fieldValues(v, d.fields || [], (x) => JSON.stringify(x));
  if (d.kind === "action" && (d.fields || []).length && say(v) === say(w)) return fieldValues(v, d.fields);
  return differences(v, w);
}

function version(seat, d, now) {
  const v = d.versions[seat];
  const shown = Array.isArray(v) ? v : [v];
  const choices = [];
  const why = (field) => (d[field] || {})[String(seat)];  // this seat's pick of that kind cannot get past: why
  const cannot = why("cannot_take");
  if (d.kind !== "missing" && v !== null && !cannot) {
    choices.push(button(`Seat ${seat} is right`, { step: pickStep(d), how: "take", seat }, "primary pick-take"));
  }
  const other = String(1 - seat);  // seat recorded nothing where the other did: "nothing happened" drops the other's
  if (v === null && (d.drops || {})[other] && !(d.cannot_drop || {})[other]) {
    choices.push(button(`Seat ${seat} is right: nothing happened here`, { step: d.step, how: "take", seat }, "pick-nothing"));
  }
  const cannotInsert = why("cannot_insert");
  if (v !== null && d.kind !== "card" && d.kind !== "refused" && d.step !== null && !cannotInsert) {
    choices.push(button(`Only seat ${seat} recorded it`, { step: d.step, how: "insert", seat }, "pick-insert"));
  }
  // an action this seat recorded that did not happen (a double tap): left out of its recording for the merge
  const dropped = (d.drops || {})[String(seat)];
  const cannotDrop = why("cannot_drop");
  if (dropped && !cannotDrop) {
    choices.push(button(`Seat ${seat} recorded it by mistake: leave it out`, { step: d.step, how: "drop", seat }, "pick-drop"));
    if (JSON.stringify(dropped) !== JSON.stringify(v)) {
      choices.push(el("p", { class: "drop-what", text: `(leaves out: ${say(dropped)})` }));
    }
  }
  if (cannot) choices.push(el("p", { class: "cannot-take", text: `Seat ${seat}'s version cannot be taken: ${cannot}` }));
  if (cannotInsert) choices.push(el("p", { class: "cannot-insert", text: `Inserting it does not help: ${cannotInsert}` }));
  if (dropped && cannotDrop) choices.push(el("p", { class: "cannot-drop", text: `Leaving it out does not help: ${cannotDrop}` }));
  return el("article", { class: "version", dataset: { seat: String(seat) } },
    el("h3", { text: `Seat ${seat} (draft ${now.seats[seat]}) recorded` }),
    el("ul", {}, shown.map((a) => el("li", { class: "said", text: say(a) }))),
    el("ul", { class: "differs" }, differs(seat, d)
      .map((t) => el("li", { text: t }))),
    el("details", {}, el("summary", { text: "as logged" }), el("pre", { text: JSON.stringify(v, null, 1) })),
    el("div", { class: "row-buttons" }, choices));
}

function button(text, pick, cls) {
  const b = el("button", { type: "button", class: `big ${cls}`, text });
  b.addEventListener("click", () => send(pick));
  return b;
}

async function send(pick) {
  status("picking…");
  const res = await call("POST", `${base}/pick`, held.token, pick).catch(() => null);
  if (!res || res.status !== 200) { status((res && res.body && res.body.error) || "the server does not answer"); return; }
  show(res.body);
}

async function store() {
  const res = await call("POST", `${base}/finish`, held.token).catch(() => null);
  if (!res || (res.status !== 200 && res.status !== 201)) {
    status((res && res.body && (res.body.error || (res.body.ruling || {}).message)) || "the server does not answer");
    return;
  }
  status("Stored: ", el("a", { class: "big primary", href: `/games/${res.body.game_id}`, text: `open game ${res.body.game_id}` }));
}

function show(now) {
  const d = now.disagreement;
  const merged = now.actions;
  fill($("merged-list"), merged.slice(-8).map((a, i) => el("li", { value: String(merged.length - Math.min(8, merged.length) + i), text: say(a) })));
  $("disagreement").hidden = !d;
  const picks = Object.entries(now.picks || {});
  $("picks").hidden = !picks.length;
  // one pick at a step is [how, seat]; several (drops first) are [[how, seat], ...]: each listed, the latest undoable
  const made = picks.flatMap(([step, value]) => {
    const all = Array.isArray(value[0]) ? value : [value];
    return all.map(([how, seat], n) => ({ step, how, seat, latest: n === all.length - 1 }));
  });
  fill($("pick-list"), made.map(({ step, how, seat, latest }) => {
    const named = step === "header" || step === "start";  // no game action: the header, before the first one
    const where = step === "header" ? "the header" : step === "start" ? "before the first game action" : `game action ${Number(step)}`;
    const what = how === "take" ? `seat ${seat}'s version` : how === "drop" ? `seat ${seat}'s action left out`
      : `inserted from seat ${seat}`;
    if (!latest) return el("li", {}, `${where}: ${what}`);
    const clear = el("button", { type: "button", class: "pick-clear", text: "undo this pick" });
    clear.addEventListener("click", () => send({ step: named ? step : Number(step), how: "clear", seat }));
    return el("li", {}, `${where}: ${what} `, clear);
  }));
  $("merge").dataset.state = now.game_id ? "stored" : d ? "disagree" : "agree";
  if (now.game_id) {
    status("The merged game is stored: ", el("a", { href: `/games/${now.game_id}`, text: `open game ${now.game_id}` }));
  } else if (d) {
    status(`Merged ${merged.length} action(s); then they part.`);
    $("disagreement-message").textContent = d.message;
    causedBy(d.caused_by);
    fill($("versions"), version(0, d, now), version(1, d, now));
  } else {
    const b = el("button", { type: "button", class: "big primary", id: "store-merged", text: "Store the merged game" });
    b.addEventListener("click", store);
    status(`The two recordings agree: ${merged.length} action(s). `, b);
  }
}

/** An action the rules refuse in the merged log, which follows an earlier pick: undoing that pick gets out of it. */
function causedBy(pick) {
  const box = $("caused-by");
  box.hidden = !pick;
  if (!pick) { fill(box); return; }
  const where = `game action ${pick.step}`;
  const undo = button(`Undo the pick at ${where}`, { step: pick.step, how: "clear", seat: pick.seat }, "primary pick-undo-cause");
  fill(box, `The merged log follows the pick at ${where}; the rules refuse what comes of it here. `, undo);
}

/** This browser recorded neither draft: a judge types the server's moderator token (kept for this tab only). */
function askJudge(why) {
  status(why);
  const form = $("judge-login");
  form.hidden = false;
  form.onsubmit = (e) => {
    e.preventDefault();
    const token = $("judge-token").value.trim();
    if (!token) return;
    sessionStorage.setItem(JUDGE_KEY, token);
    held = { token };
    form.hidden = true;
    start();
  };
}

async function start() {
  if (!held) {
    askJudge("This browser recorded neither of the two drafts: open this page on a phone that recorded one, or as a judge.");
    return;
  }
  const res = await call("GET", base, held.token).catch(() => null);
  if (res && res.status === 403 && !recorded) {
    sessionStorage.removeItem(JUDGE_KEY);
    held = null;
    askJudge(res.body && res.body.error ? res.body.error : "that token opens no merge");
    return;
  }
  if (!res || res.status !== 200) { status((res && res.body && res.body.error) || "the server does not answer"); return; }
  show(res.body);
}

start();
