// What-if branches: from a step of a stored game (the viewer) or of a judged log (the judge page), a draft that
// starts from the actions up to that step (in the view shown) with the action tried there, opened in the recorder.
// The game itself never changes; its branches are listed under "What could have been done here".
import { el, fill } from "./dom.js";

const PREFIX = "pmemo-draft:";

/** The view a branch starts in: a stored game's view as the server shows it; a judged log is the judge's. */
function currentView(data) {
  return data.mode === "game" ? data.view || "judge" : "judge";
}

/** Create the branch (POST /api/drafts/branch) and open it in the recorder; a refusal is shown in `where`. */
export async function branchFrom(data, step, action, where) {
  const view = currentView(data);
  const body = data.mode === "game" ? { game_id: data.id, at: step, view, then: action } : { log: data.log, at: step, then: action };
  let res;
  try {
    res = await fetch("/api/drafts/branch", { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body) });
  } catch {
    fill(where, "the server does not answer");
    return;
  }
  const answer = await res.json().catch(() => ({}));
  if (res.status !== 201) {
    fill(where, answer.ruling ? `${answer.ruling.rule}: ${answer.ruling.message}` : answer.error || `HTTP ${res.status}`);
    return;
  }
  const shown = answer.view || view;  // a seat's view goes on as that seat's recording
  const seat = shown === "judge" || shown === "public" ? "judge" : String(shown);
  const held = { id: answer.id, token: answer.token, seat, count: answer.count, outbox: [], skipped: {} };
  localStorage.setItem(PREFIX + answer.id, JSON.stringify(held));
  localStorage.setItem(`${PREFIX}current`, String(answer.id));
  window.location.assign(`/record?draft=${answer.id}`);
}

let listed = false;

/** Under the list of what could have been done: this stored game's branches (once per page). */
export async function showBranches(data, after) {
  if (listed || data.mode !== "game" || !after) return;
  listed = true;
  const res = await fetch(`/api/drafts/branches?game_id=${data.id}`).catch(() => null);
  const body = res && res.ok ? await res.json() : null;
  if (!body || !body.branches.length) return;
  const box = el("section", { class: "whatif-branches", id: "branches", "aria-label": "what-if branches of this game" },
    el("h3", { text: `What-if branches (${body.branches.length})` }),
    el("ul", {}, body.branches.map((b) => el("li", {},
      el("a", { href: `/games/draft/${b.id}`, text: `from step ${b.at} (${b.view} view), ${b.count} action(s)` })))));
  after.after(box);
}
