// The side panel: the current action in words, its rulings trail, the action list, the judge's refusal and legal actions.
import { $, el, fill } from "./dom.js";
import { branchFrom, showBranches } from "./whatif.js";

const page = (ref) => (ref ? ref.replace(/^Rule Book v[\d.]+ /, "") : "");

// A ruling's path in words: "12" is action 12 of the log, "12.responses.0" the first response declared against it.
export function pathWords(path) {
  if (path === null || path === undefined || path === "") return "the log's header";
  const parts = String(path).split(".");
  if (parts[0] === "game") return `the header field ${parts.slice(1).join(".") || "game"}`;
  let words = `action ${parts[0]} of the log (counting from 0)`;
  let k = 1;
  while (k + 1 < parts.length && parts[k] === "responses") {
    words = `response ${parts[k + 1]} declared against ${words}`;
    k += 2;
  }
  if (k < parts.length) words = `field ${parts.slice(k).join(".")} of ${words}`;
  return words;
}

// Passes and other actions that only close a window or a phase, as the game says (data.quiet: its ruleset's
// quiet_actions): the viewer may hide them (and step over them).
const sets = new WeakMap();
const setsOf = (data) => {
  if (!sets.has(data)) sets.set(data, { bare: new Set(data.bare || []), quiet: new Set(data.quiet || []) });
  return sets.get(data);
};
export const isQuiet = (data, a) => Boolean(a) && setsOf(data).quiet.has(a.type);
// Whether hiding passes may hide action i: a quiet one whose rulings only move the game on (data.bare: no elimination,
// point or trigger among them) and that carries no irregularity and no ruling (those always show).
export const hideable = (data, i) => isQuiet(data, (data.actions || [])[i]) && setsOf(data).bare.has(i) &&
  !(data.irregular || {})[String(i)] && !(data.ruling && data.ruling.index === i);

export function makePanel(data, board, turnAt) {
  const actions = () => data.actions || [];
  const unverified = data.unverified || {}; // action index -> why the engine could not verify it
  const irregular = data.irregular || {}; // action index -> the rulings that stood on it (a game played as logged)
  const refusedAt = data.ruling && Number.isInteger(data.ruling.index) ? data.ruling.index : null;
  // the turn action i was applied in: the turn its step shows, unless a lapse started the next turn within it
  const actedIn = (i) => (data.acted_in || {})[String(i)] ?? turnAt(i);
  const list = $("action-list");
  const items = [];
  let current = null;

  function buildList() {
    const nodes = [];
    let lastTurn = null;
    actions().forEach((a, i) => {
      const turn = actedIn(i); // the turn the action was taken in (the one closing a turn stays under it)
      if (turn !== lastTurn) {
        nodes.push(el("li", { class: "turn-head", "aria-hidden": "true", text: turn === 0 ? "Setup" : `Turn ${turn}` }));
        lastTurn = turn;
      }
      const refused = data.ruling && data.ruling.index === i;
      const implied = data.implied && data.implied[String(i)];
      const why = unverified[String(i)];
      const stood = irregular[String(i)];
      const li = el("li", { class: `act t-${a.type}${Number.isInteger(a.p) ? ` p${a.p}` : ""}${refused ? " refused" : ""}${why ? " unverified" : ""}${stood ? " irregular" : ""}${hideable(data, i) ? " quiet" : ""}`,
        dataset: { step: String(refused ? i : i + 1) } },
      el("span", { class: "act-no", text: String(i) }),
      el("span", { class: "act-text", text: board.narrate(a) }),
      implied ? el("span", { class: "act-implied", title: "passes the engine inserted before this action", text: `+${implied} implied pass${implied > 1 ? "es" : ""}` }) : null,
      why ? el("span", { class: "act-unverified", title: `not verified by the engine${why.length ? `: ${why.join("; ")}` : ""}`, text: "unverified" }) : null,
      stood ? el("span", { class: "act-irregular", title: `irregular, stood as played: ${stood.map((r) => r.rule + (r.message ? ` (${r.message})` : "")).join("; ")}`, text: "irregular" }) : null,
      refused ? el("span", { class: "act-refused", text: "illegal" }) : null);
      items[i] = li;
      nodes.push(li);
    });
    if (data.more) nodes.push(el("li", { class: "more", text: `${data.more} more action(s) after the illegal one were not checked` }));
    fill(list, nodes);
  }

  function highlight(step, total) {
    if (current) current.classList.remove("current");
    // at the last step of a refused log the refusal is shown: mark the refused action, not the legal one before it
    const refusedHere = refusedAt !== null && step === total && items[refusedAt];
    current = refusedHere || (step > 0 ? items[step - 1] : null);
    if (current) {
      current.classList.add("current");
      const top = current.offsetTop; // the list is the offset parent (position: relative)
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 3);
      }
    } else list.scrollTop = 0;
  }

  function now(step, total, view) {
    const a = step > 0 ? actions()[step - 1] : null;
    const refused = data.ruling && step === total && Number.isInteger(data.ruling.index) ? data.ruling.index : null;
    fill($("now-step"), (step > 0 ? `Action ${step - 1} · step ${step} of ${total}` : `Step 0 of ${total}`)
      + (refused !== null ? ` · action ${refused} refused` : ""));
    fill($("now-turn"), `turn ${turnAt(step)}`);
    fill($("now-text"), a ? board.narrate(a) : "Before the first action: the decks as listed in the header.");
    const extra = [];
    if (a) {
      const implied = data.implied && data.implied[String(step - 1)];
      if (implied) extra.push(el("p", { class: "implied-note", text: `The log leaves out ${implied} pass${implied > 1 ? "es" : ""} before this action; the engine inserted them.` }));
      const stood = irregular[String(step - 1)];
      if (stood) {
        extra.push(el("div", { class: "irregular-note", id: "irregular-note" },
          el("strong", { text: "Irregular, stood as played: " }),
          ...stood.map((r) => el("span", { class: "irregular-rule" }, el("code", { text: r.rule }),
            r.ref ? ` (${r.ref})` : "", r.message ? `: ${r.message}` : ""))));
      }
      const why = unverified[String(step - 1)];
      // a player's view gets no reasons (they may name cards that seat did not see): its trail shows what it may
      if (why) extra.push(el("p", { class: "unverified-note", id: "unverified-note", text: `Not verified: the engine applied this as recorded${why.length ? ` (${why.join("; ")})` : ""}.` }));
      const hidden = view !== "judge" && board.secret(a);
      extra.push(el("details", { class: "json" }, el("summary", { text: "action JSON" }),
        el("pre", { text: hidden ? "(hidden in a player's view: it tells what that player could not see)" : JSON.stringify(a, null, 1) })));
    }
    fill($("now-extra"), extra);
  }

  function trail(entries, step) {
    fill($("rulings-sub"), step > 0 ? `of action ${step - 1}` : "");
    const out = $("trail");
    if (!entries || entries.length === 0) {
      fill(out, el("li", { class: "trail-empty", text: step === 0 ? "Nothing ruled yet." : "No rule checks recorded for this action." }));
      return;
    }
    fill(out, entries.map((e) => {
      const kind = e.unverified ? "unverified" : e.ok === true ? "ok" : e.ok === false ? "bad" : "event";
      const icon = { ok: "✓", bad: "✗", event: "→", unverified: "!" }[kind];
      return el("li", { class: `trail-entry ${kind}` },
        el("span", { class: "t-icon", title: { ok: "rule checked and satisfied", bad: "rule broken", event: "what followed", unverified: "unverified: applied as recorded" }[kind], text: icon }),
        el("code", { class: "t-rule", text: e.rule }),
        e.ref ? el("span", { class: "t-ref", title: e.ref, text: page(e.ref) }) : null,
        el("span", { class: "t-msg", text: e.message }),
        e.unverified ? el("span", { class: "t-unverified", text: "unverified" }) : null);
    }));
  }

  function refusal(step, total) {
    const box = $("refusal");
    const r = data.ruling;
    if (!r || step !== total) { fill(box); return; }
    const a = r.index !== null && r.index !== undefined ? actions()[r.index] : null;
    // the refusal is filed under the action it refuses, above the rulings of the action the board shows
    fill(box, el("div", { class: "refusal" },
      el("h2", { class: "refusal-title", id: "refusal-heading",
        text: a ? `Ruling on action ${r.index} · refused` : "Ruling on the header" }),
      el("div", { class: "refusal-head" }, el("span", { class: "t-icon", text: "✗" }),
        el("code", { class: "rule-id", text: r.rule }), r.ref ? el("span", { class: "t-ref", text: r.ref }) : null),
      el("p", { class: "refusal-msg", text: r.message }),
      el("p", { class: "refusal-where", text: a ? `Refused: ${board.narrate(a)}. The board shows the state before it, after action ${r.index - 1}.` : `The header is illegal.` }),
      el("p", { class: "refusal-path", title: "where in the log the ruling points", text: `Path ${r.path}: ${pathWords(r.path)}.` }),
      a ? el("pre", { class: "action-json", text: JSON.stringify(a, null, 1) }) : null));
  }

  function legal(step, actionsHere, state) {
    const out = $("legal");
    if (!out) return;
    fill($("legal-sub"), actionsHere ? `· ${actionsHere.length}` : "");
    if (!actionsHere) { fill(out, el("li", { class: "trail-empty", text: "…" })); return; }
    if (actionsHere.length === 0) {
      const why = state && state.result ? "The game is over." : board.noLegal(state || {});
      fill(out, el("li", { class: "trail-empty", text: why }));
      return;
    }
    const note = el("li", { class: "whatif-note", role: "status" });
    fill(out, actionsHere.map((a) => {
      // a tap opens a what-if branch: a draft from this step with this action, recorded on (the game never changes)
      const tryIt = el("button", { type: "button", class: "act-text whatif", title: "try it: a what-if branch from here",
        text: board.narrate(a) });
      tryIt.addEventListener("click", () => branchFrom(data, step, a, note));
      return el("li", { class: `legal-item p${a.p}` }, tryIt,
        el("details", { class: "json" }, el("summary", { text: "JSON" }), el("pre", { text: JSON.stringify(a) })));
    }), note);
    showBranches(data, out);
  }

  // The turn-by-turn outline: per turn, who played it and what happened (passes left out); a click goes to its start.
  function buildOutline(turnStart) {
    const groups = new Map();
    actions().forEach((a, i) => {
      const turn = actedIn(i);
      if (!groups.has(turn)) groups.set(turn, []);
      groups.get(turn).push([i, a]);
    });
    const nodes = [...groups.entries()].map(([turn, items]) => {
      const stood = (i) => irregular[String(i)];
      const shown = items.filter(([i, a]) => (!isQuiet(data, a) && a.type !== "note") || stood(i));
      const players = new Set(shown.map(([, a]) => a.p).filter(Number.isInteger));
      const who = turn === 0 ? "" : [...players].map((p) => (data.players[p] || {}).name || `player ${p}`).join(", ");
      // the irregular steps first, so that none falls under "+n more"
      const ordered = [...shown.filter(([i]) => stood(i)), ...shown.filter(([i]) => !stood(i))].slice(0, 4)
        .sort(([i], [j]) => i - j);
      const words = ordered.map(([i, a]) => `${board.narrate(a)}${stood(i) ? " [irregular]" : ""}`);
      const more = shown.length > 4 ? ` (+${shown.length - 4} more)` : "";
      const start = turn === 0 ? 0 : turnStart(turn) ?? items[0][0];
      const bad = items.filter(([i]) => stood(i));
      return el("li", { class: `outline-turn${bad.length ? " irregular" : ""}`, dataset: { step: String(start), turn: String(turn) } },
        el("span", { class: "outline-head", text: turn === 0 ? "Setup" : `Turn ${turn}${who ? ` · ${who}` : ""}` },
          bad.length ? el("span", { class: "act-irregular outline-irregular",
            title: bad.map(([i]) => `action ${i}: ${stood(i).map((r) => r.rule).join(", ")}`).join("; "),
            text: `${bad.length} irregular action${bad.length === 1 ? "" : "s"}` }) : null),
        el("span", { class: "outline-text", text: words.length ? `${words.join("; ")}${more}` : "passes only" }));
    });
    fill($("turn-outline"), nodes);
  }

  return { buildList, buildOutline, highlight, now, trail, refusal, legal };
}
