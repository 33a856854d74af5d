// Precious Memories (pm-2.22) behind the board-module interface (boards/README.md): its play sheet, narration and
// card facts. The sheet draws two sides: the viewing seat at the bottom, the other on top, the turn bar between.
import { el } from "../dom.js";
import { makeBoard as makeSheet } from "./pm/sheet.js";
import { makeNarrator } from "./pm/narrate.js";

const ZONE_WORDS = { discard: "discard", removed: "removed" };

/** The hover card of a Precious Memories card: its color, and its facts as rows. */
export function describeCard(f) {
  return { cls: `c-${f.color}`, rows: factRows(f) };
}

function factRows(f) {
  const rows = [
    ["Series", f.series],
    ["Type", `${f.type}${f.timing ? ` · timing ${f.timing}` : ""}`],
    ["Color", f.color],
    ["Cost / source", `${f.cost ?? f.cost_symbol ?? "-"} / ${f.source ?? "-"}`],
  ];
  if (f.ap !== null && f.ap !== undefined) rows.push(["AP / DP", `${f.ap} / ${f.dp}`]);
  if (f.properties && f.properties.length) rows.push(["Properties", f.properties.join(", ")]);
  rows.push(["Keywords", f.keywords && f.keywords.length ? f.keywords.join(", ") : "none"]);
  return rows;
}

export function createBoard({ cards, players }) {
  const sheet = makeSheet(cards, players);
  const narrator = makeNarrator(players, cards);
  let parts = null;

  function render(state, container, options) {
    if (!parts || !container.contains(parts.top)) {
      parts = {
        top: el("div", { class: "side side-top", id: "side-top" }),
        bar: el("div", { class: "turnbar", id: "turnbar", "aria-live": "polite" }),
        bottom: el("div", { class: "side side-bottom", id: "side-bottom" }),
      };
      container.replaceChildren(parts.top, parts.bar, parts.bottom);
    }
    const bottom = options.seat === 1 ? 1 : 0;
    const top = 1 - bottom;
    sheet.side(parts.top, state, top, { hideHand: options.hidden(top) });
    sheet.turnbar(parts.bar, state);
    sheet.side(parts.bottom, state, bottom, { hideHand: options.hidden(bottom) });
  }

  function zone(state, key) {
    const [p, name] = key.split(":");
    const pl = state.players[Number(p)];
    if (!pl || !ZONE_WORDS[name]) return null;
    const ids = pl[name] || [];
    return { title: `${pl.name}: ${ZONE_WORDS[name]} (${ids.length}, oldest first)`, nodes: sheet.zoneCards(ids) };
  }

  return {
    render,
    zone,
    narrate: narrator.narrate,
    label: narrator.card,
    describe: describeCard,
    secret: (a) => a.type === "shuffle",
    noLegal: (state) => (state.phase === "setup" ? "Setup: shuffles, then keep or redraw." : "No decision the engine enumerates here."),
  };
}
