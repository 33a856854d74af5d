// /games/draft/<id>: a draft followed live, updated by Server-Sent Events as actions arrive, drawn by its game's
// board module (boards/load.js). A spectator who joins late gets every action so far; a browser that holds the
// draft's token (the recorder's own) may switch to the recorder's view (every hand the recorder named). Anyone else
// may type a token in: the paired draft's (its own seat's view; every view once both are finished) or a judge's
// (the server's moderator token: every view). The server decides which views the token may see (``views``).
import { $, el, fill } from "../dom.js";
import { installTooltip } from "../cards.js";
import { loadBoard } from "../boards/load.js";
import { call, loadDraft } from "./outbox.js";

const data = JSON.parse($("draft-data").textContent);
const draft = data.draft;
const players = draft.game.players.map((p, i) => ({ name: p.name || `player ${i}`, deck_name: p.deck_name }));
const board = await loadBoard(data.board, { cards: data.cards, players });
const actions = [...draft.actions];
const turns = [...(draft.turns || [])];
const held = loadDraft(data.id);  // this browser recorded it: it may see the recorder's view
let view = "public";
let now = { state: draft.state, trail: draft.trail, count: draft.count, game_id: draft.game_id };
let judged = null;  // the recorder's view of the same count
let token = held ? held.token : null;  // the token the views are asked with (this browser's, or one typed in)

function shownState() {
  return view !== "public" && judged && judged.count === now.count && judged.view === view ? judged : now;
}

function render() {
  const shown = shownState();
  const hidden = (p) => view === "public" || (view !== "judge" && String(p) !== view);
  board.render(shown.state, $("board"), { seat: null, view, hidden, step: now.count });
  $("board").dataset.count = String(now.count);
  $("board").dataset.view = view;
  const last = actions[now.count - 1];
  $("last-action").textContent = last ? board.narrate(last) : "—";
  fill($("trail"), (shown.trail || []).map((t) => el("li", { class: `tr ${t.ok === true ? "ok" : "event"}` },
    el("span", { class: "tr-rule", text: t.rule }), " ", el("span", { text: t.message }))));
  const list = $("action-list");
  list.replaceChildren();
  for (let i = 0; i < now.count; i++) {
    if (turns[i] !== null && turns[i] !== undefined && turns[i] !== turns[i - 1]) {
      list.append(el("li", { class: "turn-sep", "aria-hidden": "false", text: `Turn ${turns[i]}` }));
    }
    list.append(el("li", { class: "act", dataset: { n: String(i + 1) }, text: actions[i] ? board.narrate(actions[i]) : "…" }));
  }
  list.scrollTop = list.scrollHeight;  // the list scrolls, never the page past the board
  if (now.game_id !== null && now.game_id !== undefined) {
    fill($("status"), "Finished: ", el("a", { href: `/games/${now.game_id}`, text: `replay game ${now.game_id}` }));
    $("live-badge").textContent = "finished";
  }
  const seats = twoSeats();
  fill($("two-seats"), seats);
  $("two-seats").hidden = !seats;
  document.dispatchEvent(new CustomEvent("pmemo:live", { detail: { count: now.count } }));
}

/** A seat's recording: its pairing with the other phone's, the merge (for the browser that recorded it) and the
 * merged game once stored; the recorder (where Pair is) for that browser before it paired. */
function twoSeats() {
  const pair = data.pair;
  const mine = held && (held.seat === "0" || held.seat === "1" || held.seat === 0 || held.seat === 1);
  const parts = [];
  if (pair) {
    parts.push(`Seat ${pair.seat}'s recording, ${pair.paired ? "paired" : "asked to pair"} with `,
      el("a", { href: `/games/draft/${pair.with}`, text: `draft ${pair.with}` }), ". ");
    if (pair.game_id) parts.push("Merged: ", el("a", { href: `/games/${pair.game_id}`, text: `game ${pair.game_id}` }), ". ");
  }
  if (mine) {
    parts.push(el("a", { class: "merge-link", href: `/games/draft/${data.id}/merge`, text: "Open the merge" }));
    if (!pair) parts.push(" · ", el("a", { href: `/record?draft=${data.id}`, text: "pair it from the recorder" }));
  }
  return parts.length ? el("span", {}, ...parts) : null;
}

async function refreshJudged() {
  if (view === "public" || !token) return;
  const asked = view;
  const url = asked === "judge" ? `/api/drafts/${data.id}` : `/api/drafts/${data.id}?seat=${asked}`;
  const res = await call("GET", url, token).catch(() => null);
  if (res && res.status === 200 && view === asked) {
    judged = { state: res.body.state, trail: res.body.trail, count: res.body.count, view: asked };
    render();
  }
}

function follow() {
  const source = new EventSource(`/api/drafts/${data.id}/events?after=${draft.last_event || 0}`);
  const take = (e) => {
    const msg = JSON.parse(e.data);
    if (msg.kind === "append") { actions[msg.seq] = msg.action; turns[msg.seq] = msg.turn; }
    else if (msg.kind === "undo") { actions.length = msg.seq; turns.length = msg.seq; }
    now = msg;
    render();
    refreshJudged();
    if (msg.kind === "finish") source.close();
  };
  for (const kind of ["append", "undo", "finish"]) source.addEventListener(kind, take);
  source.addEventListener("open", () => { $("live-badge").classList.remove("offline"); });
  source.addEventListener("error", () => { $("live-badge").classList.add("offline"); });
}

fill($("names"), players.map((p) => p.name).join(" vs "));
/** The buttons that switch between the views ``keys`` ("public", a seat's number, "judge"): those the token may see. */
function viewChoice(keys) {
  const label = (key) => key === "public" ? "Public" : key === "judge" ? "Recorder" : players[Number(key)].name;
  const bar = el("div", { class: "view-choice", id: "view-toggle", role: "group", "aria-label": "whose view" },
    keys.map((key) => {
      const b = el("button", { type: "button", dataset: { view: key }, "aria-pressed": String(key === view), text: label(key) });
      b.addEventListener("click", () => {
        view = key;
        bar.querySelectorAll("button").forEach((x) => x.setAttribute("aria-pressed", String(x.dataset.view === view)));
        render();
        refreshJudged();
      });
      return b;
    }));
  const old = $("view-toggle");
  if (old) old.replaceWith(bar); else $("status").after(bar);
}

/** A token typed in (the paired draft's, or a judge's): the server answers with the views it may see. */
function tokenForm() {
  const input = el("input", { type: "password", id: "view-token", autocomplete: "off", "aria-label": "token",
    placeholder: "the other seat's draft token, or a judge's" });
  const said = el("span", { class: "hint", id: "view-token-said", role: "status" });
  const form = el("form", { class: "view-token", id: "view-token-form" },
    el("label", { for: "view-token", text: "See a seat's view: " }), input,
    el("button", { type: "submit", text: "Show" }), " ", said);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const typed = input.value.trim();
    if (!typed) return;
    const res = await call("GET", `/api/drafts/${data.id}`, typed).catch(() => null);
    if (!res || res.status !== 200) {
      said.textContent = res && res.body && res.body.error ? res.body.error : "this token shows no more than the public view";
      return;
    }
    token = typed;
    const keys = res.body.views || ["public"];
    said.textContent = keys.length > 1 ? "" : "this token shows no more than the public view";
    if (keys.length > 1) viewChoice(keys);
  });
  $("status").after(form);
}

if (held) {  // this browser holds the draft's token: every seat's view, and the recorder's
  viewChoice(["public", ...players.map((_, i) => String(i)), "judge"]);
} else {
  tokenForm();
}
const tip = el("div", { class: "card-tip", hidden: true, role: "tooltip" });
document.body.append(tip);
installTooltip($("live"), tip, data.cards, board.describe);
render();
if (draft.game_id === null) follow();
