// The /record page: the setup form, or (?draft=N) the table of a draft this browser holds the token of.
import { $, el, fill } from "../dom.js";
import { call, currentDraftId, loadDraft, saveDraft } from "./outbox.js";

const data = JSON.parse($("record-data").textContent);
// the game's recorder module, chosen by its ruleset (record.py recorder_module; games/generic.js when it has none)
const game = await import(data.recorder);

async function open(d) {
  const res = await call("GET", `/api/drafts/${d.id}`, d.token).catch(() => null);
  let server = res && res.status === 200 ? res.body : null;
  if (server) {
    if (!d.outbox.length) d.count = server.count;
    d.game = server.game;
    saveDraft(d);
  } else if (d.view && d.game) {  // the server does not answer: go on from what this browser kept
    server = { game: d.game, state: d.view.state, trail: d.view.trail, actions: d.view.last ? [d.view.last] : [], game_id: null };
  } else {
    fill($("setup-error"), res && res.body ? res.body.error : "the server does not answer: reload to try again");
    $("setup-error").hidden = false;
    $("setup").hidden = false;
    return;
  }
  $("setup").hidden = true;
  $("live-link").href = `/games/draft/${d.id}`;
  if (server.branch) {  // a what-if branch: say where it comes from (the game itself never changes)
    $("live-link").before(el("a", { class: "rec-branch-of", href: `/games/${server.branch.of}?step=${server.branch.at}`,
      text: `What-if branch of game ${server.branch.of} from step ${server.branch.at} (${server.branch.view} view)` }), " · ");
  }
  game.startTable(d, data, server);
}

async function create(header, seat, apiToken) {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  if (apiToken) headers.Authorization = `Bearer ${apiToken}`;
  let res;
  try {
    res = await fetch("/api/drafts", { method: "POST", headers, body: JSON.stringify(header) });
  } catch {
    return "the server does not answer: try again";
  }
  const body = await res.json().catch(() => ({}));
  if (res.status !== 201) return body.ruling ? `${body.ruling.rule}: ${body.ruling.message}` : body.error || `HTTP ${res.status}`;
  const d = { id: body.id, token: body.token, seat, count: 0, outbox: [], skipped: {} };
  saveDraft(d);
  history.replaceState(null, "", `/record?draft=${d.id}`);
  await open(d);
  return null;
}

const asked = Number(new URLSearchParams(window.location.search).get("draft"));
const held = asked ? loadDraft(asked) : null;
if (held) {
  open(held);
} else {
  if (asked) {
    fill($("resume"), el("p", { class: "notice", text: `This browser does not hold the token of draft ${asked}: ` },
      el("a", { href: `/games/draft/${asked}`, text: "watch it" })));
    $("resume").hidden = false;
  } else {
    const current = currentDraftId();
    if (current && loadDraft(current)) {
      fill($("resume"), el("a", { class: "big primary", href: `/record?draft=${current}`, text: `Continue draft ${current}` }));
      $("resume").hidden = false;
    }
  }
  $("game-choice").addEventListener("change", (e) => { window.location.assign(`/record?game=${encodeURIComponent(e.target.value)}`); });
  game.startSetup(data, create);
}
