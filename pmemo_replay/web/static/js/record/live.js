// /games/draft/<id>: a draft followed live (public view), updated by Server-Sent Events as actions arrive.
import { $, el, fill } from "../dom.js";
import { installTooltip } from "../cards.js";
import { makeBoard } from "../boards/pm/sheet.js";
import { describeCard } from "../boards/pm-2.22.js";
import { makeWords } from "./words.js";

const data = JSON.parse($("draft-data").textContent);
const draft = data.draft;
const names = draft.game.players.map((p, i) => p.name || `player ${i}`);
const words = makeWords(data.cards, names);
const board = makeBoard(data.cards, draft.game.players);
const actions = [...draft.actions];
let now = { state: draft.state, trail: draft.trail, count: draft.count, game_id: draft.game_id };

function render() {
  const s = now.state;
  board.side($("side-top"), s, 1, {});
  board.turnbar($("turnbar"), s);
  board.side($("side-bottom"), s, 0, {});
  $("board").dataset.count = String(now.count);
  const last = actions[now.count - 1];
  $("last-action").textContent = last ? words.action(last) : "—";
  fill($("trail"), (now.trail || []).map((t) => el("li", { class: `tr ${t.ok === true ? "ok" : "event"}` },
    el("span", { class: "tr-rule", text: t.rule }), " ", el("span", { text: t.message }))));
  const list = $("action-list");
  while (list.children.length > now.count) list.lastElementChild.remove();
  for (let i = list.children.length; i < now.count; i++) {
    list.append(el("li", { dataset: { n: String(i + 1) }, text: actions[i] ? words.action(actions[i]) : "…" }));
  }
  if (list.lastElementChild) list.lastElementChild.scrollIntoView({ block: "nearest" });
  if (now.game_id !== null && now.game_id !== undefined) {
    fill($("status"), "Finished: ", el("a", { href: `/games/${now.game_id}`, text: `replay game ${now.game_id}` }));
    $("live-badge").textContent = "finished";
  }
  document.dispatchEvent(new CustomEvent("pmemo:live", { detail: { count: now.count } }));
}

function follow() {
  const source = new EventSource(`/api/drafts/${data.id}/events?after=${draft.last_event || 0}`);
  const take = (e) => {
    const msg = JSON.parse(e.data);
    if (msg.kind === "append") actions[msg.seq] = msg.action;
    else if (msg.kind === "undo") actions.length = msg.seq;
    now = msg;
    render();
    if (msg.kind === "finish") source.close();
  };
  for (const kind of ["append", "undo", "finish"]) source.addEventListener(kind, take);
  source.addEventListener("open", () => { $("live-badge").classList.remove("offline"); });
  source.addEventListener("error", () => { $("live-badge").classList.add("offline"); });
}

fill($("names"), `${names[0]} vs ${names[1]}`);
const tip = el("div", { class: "card-tip", hidden: true, role: "tooltip" });
document.body.append(tip);
installTooltip($("live"), tip, data.cards, describeCard);
render();
if (draft.game_id === null) follow();
