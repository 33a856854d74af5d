// Card pickers: a searchable list of card buttons over a pool ({id: copies}) or over every non-EX card.
import { el, fill } from "../dom.js";
import { shortId } from "../cards.js";

const SHOWN = 40;

/** The ids a player's unknown card may be: the pool's, or (unlisted deck: pool null) every non-EX card. */
export function poolIds(pool, cards) {
  if (pool) return Object.keys(pool).filter((id) => pool[id] > 0);
  return Object.keys(cards).filter((id) => !(cards[id].keywords || []).includes("EX"));
}

/** A card's button: color stripe, short id, name (and copies left). */
export function cardButton(id, facts, extra) {
  const f = facts || {};
  return el("button", { type: "button", class: `pick c-${f.color || "none"}`, dataset: { pick: id } },
    el("span", { class: "pick-id", text: shortId(id) }), el("span", { class: "pick-name", text: f.name || id }),
    extra ? el("span", { class: "pick-extra", text: extra }) : null);
}

/**
 * A search box and the matching cards; onPick(id). left(id): copies still available (null: no count shown).
 * Returns {node, refresh()}.
 */
export function cardPicker({ ids, cards, onPick, left = () => null, label = "Search cards" }) {
  const input = el("input", { type: "search", class: "pick-search", placeholder: "name or id…", "aria-label": label, autocomplete: "off" });
  const list = el("div", { class: "pick-list", role: "list" });
  const sorted = [...ids].sort();
  function refresh() {
    const q = input.value.trim().toLowerCase();
    const found = sorted.filter((id) => (left(id) ?? 1) > 0
      && (!q || id.toLowerCase().includes(q) || ((cards[id] || {}).name || "").toLowerCase().includes(q)));
    fill(list, found.slice(0, SHOWN).map((id) => {
      const n = left(id);
      const b = cardButton(id, cards[id], n === null ? null : `×${n}`);
      b.addEventListener("click", () => { onPick(id); refresh(); });
      return b;
    }), found.length > SHOWN ? el("p", { class: "hint", text: `${found.length - SHOWN} more: type to narrow` }) : null,
    found.length ? null : el("p", { class: "hint", text: "no card matches" }));
  }
  input.addEventListener("input", refresh);
  refresh();
  return { node: el("div", { class: "picker" }, input, list), refresh, input };
}
