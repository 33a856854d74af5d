// The board of a game without a module of its own: each seat's part of the state JSON as a list of fields (card
// ids shown as cards, null ones and hidden hands as backs: a run of them one back with its count), and actions told by their type and fields.
import { el, fill } from "../dom.js";
import { compactBacks } from "../cards.js";

const CARD_ID = /^[A-Z][A-Z0-9]{1,4} [A-Z0-9-]+$/;

export function createBoard({ cards, players }) {
  const who = (p) => (Number.isInteger(p) && players[p] ? players[p].name : "Someone");
  const label = (id) => (id === null || id === undefined ? "a hidden card" : cards[id] ? `${id} (${cards[id].name})` : String(id));

  // a card id: one the game's card data knows (any shape), or one shaped like the bundled games' ids
  const isCard = (x) => typeof x === "string" && (Object.hasOwn(cards, x) || CARD_ID.test(x));

  function value(v, hide) {
    if (Array.isArray(v) && v.length && v.every((x) => x === null || isCard(x))) {
      return el("span", { class: "g-cards" }, compactBacks(v.map((id) => (hide || id === null ? null
        : el("span", { class: "g-card", dataset: { card: id }, tabindex: "0", text: label(id) })))));
    }
    if (isCard(v)) return el("span", { class: "g-card", dataset: { card: v }, tabindex: "0", text: label(v) });
    return el("code", { text: JSON.stringify(v) });
  }

  function render(state, container, { seat, hidden }) {
    const seats = (state.players || []).map((_, p) => p);
    const order = seat === null ? seats : [...seats.filter((p) => p !== seat), seat];
    const head = Object.entries(state).filter(([k]) => k !== "players");
    fill(container,
      el("div", { class: "turnbar", id: "turnbar" }, head.map(([k, v]) => el("span", { text: `${k}: ${JSON.stringify(v)}` }))),
      order.map((p) => {
        const pl = state.players[p];
        return el("div", { class: `side generic p${p % 2}` },
          el("div", { class: "side-info" }, el("span", { class: `pname p${p % 2}`, text: pl.name ?? who(p) })),
          el("dl", { class: "g-fields" }, Object.entries(pl).filter(([k]) => k !== "name").map(([k, v]) => [
            el("dt", { text: k }), el("dd", {}, value(v, k === "hand" && hidden(p)))])));
      }));
  }

  const narrate = (a) => {
    const rest = Object.entries(a).filter(([k]) => !["type", "p", "meta", "at"].includes(k));
    const shown = (v) => (typeof v === "string" ? v : Array.isArray(v) && v.length > 6 ? `${v.length} items` : JSON.stringify(v));
    const fields = rest.map(([k, v]) => `${k} ${shown(v)}`).join(", ");
    return `${Number.isInteger(a.p) ? who(a.p) : "Log"}: ${String(a.type).replace(/_/g, " ")}${fields ? ` (${fields})` : ""}`;
  };

  return {
    render,
    narrate,
    label,
    describe: (f) => ({ cls: "", rows: Object.entries(f).filter(([k]) => !["id", "name", "text"].includes(k))
      .map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]) }),
    zone: () => null,
    secret: (a) => "order" in a,
    noLegal: () => "No decision the engine enumerates here.",
  };
}
