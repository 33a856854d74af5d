// Card pickers: a searchable list of card buttons over a pool ({id: copies}) or over every non-EX card.
import { el, fill } from "../dom.js";

const SHOWN = 40;

export const COPIES = 4;  // Rule Book P05: at most 4 copies of a card (same series and number) in a deck

/** The card a parallel (alternate-art) id names: "MHK 01-001a" -> "MHK 01-001" (engine.pm.cards.base_id): its
 * copies count with the base card's. */
export function baseId(id) {
  const m = /^(.*\d)[a-z]$/.exec(id);
  return m ? m[1] : id;
}

/** A card's set code: "MHK 01-040" -> "MHK 01", "MHK ST-001" -> "MHK ST". */
export function setCode(id) {
  const dash = id.indexOf("-");
  return dash > 0 ? id.slice(0, dash) : id.split(" ")[0];
}

/** Every card of a player's zones a state JSON names (its known copies): {base id: copies}, parallels counted
 * with their base card as the deck rules count them. */
export function seenIn(player) {
  const out = {};
  const add = (id) => { if (id) out[baseId(id)] = (out[baseId(id)] || 0) + 1; };
  if (!player) return out;
  (player.hand || []).forEach(add);
  (player.discard || []).forEach(add);
  (player.removed || []).forEach(add);
  (player.points || []).forEach((pt) => add(pt.card));
  for (const c of [...(player.main || []), ...(player.support || [])]) {
    add(c.card);
    (c.stack || []).forEach(add);
    (c.supports || []).forEach(add);
  }
  return out;
}

/** The ids a player's unknown card may be: the pool's, or (unlisted deck: pool null) every non-EX card of which
 * fewer than 4 copies (parallels included) are known in that player's zones (``seen``: :func:`seenIn`). */
export function poolIds(pool, cards, seen = {}) {
  if (pool) return Object.keys(pool).filter((id) => pool[id] > 0);
  return Object.keys(cards).filter((id) => !(cards[id].keywords || []).includes("EX") && (seen[baseId(id)] || 0) < COPIES);
}

/** Copies of ``id`` still possible for a player's unknown card, less those ``chosen`` in this prompt (parallels
 * counted with their base card): from the pool ({base id: copies}), or (unlisted deck: pool null) 4 less the
 * copies ``seen``. */
export function copiesLeft(id, pool, seen, chosen = []) {
  const key = baseId(id);
  const picked = chosen.filter((c) => baseId(c) === key).length;
  return (pool ? (pool[key] ?? pool[id] ?? 0) : COPIES - (seen[key] || 0)) - picked;
}

/** A card's button: color stripe, short id, name (and copies left). */
export function cardButton(id, facts, extra) {
  const f = facts || {};
  return el("button", { type: "button", class: `pick c-${f.color || "none"}`, dataset: { pick: id } },
    el("span", { class: "pick-id", text: id }), el("span", { class: "pick-name", text: f.name || id }),
    extra ? el("span", { class: "pick-extra", text: extra }) : null);
}

/**
 * A search box and the matching cards; onPick(id). left(id): copies still available (null: no count shown).
 * Returns {node, refresh()}.
 */
export function cardPicker({ ids, cards, onPick, left = () => null, label = "Search cards", deckSets = [] }) {
  const input = el("input", { type: "search", class: "pick-search", placeholder: "name or id…", "aria-label": label, autocomplete: "off" });
  const list = el("div", { class: "pick-list", role: "list" });
  const sorted = [...ids].sort();
  // set codes as chips (the sets the deck already showed first, chosen): a tap narrows the list to one set
  const sets = [...new Set(sorted.map(setCode))].sort((a, b) => (deckSets.includes(b) - deckSets.includes(a)) || a.localeCompare(b));
  let set = sets.length > 1 && deckSets.length === 1 && sets.includes(deckSets[0]) ? deckSets[0] : null;
  const chips = el("div", { class: "pick-sets", role: "group", "aria-label": "set codes" });
  function drawChips() {
    fill(chips, sets.length > 1 ? [null, ...sets].map((code) => {
      const chip = el("button", { type: "button", class: `pick-set${code === set ? " on" : ""}${deckSets.includes(code) ? " in-deck" : ""}`,
        dataset: { set: code ?? "" }, "aria-pressed": String(code === set), text: code ?? "all sets" });
      chip.addEventListener("click", () => { set = code; drawChips(); refresh(); });
      return chip;
    }) : null);
  }
  function refresh() {
    const q = input.value.trim().toLowerCase();
    const found = sorted.filter((id) => (left(id) ?? 1) > 0 && (set === null || q || setCode(id) === set)  // typing searches every set
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
  drawChips();
  refresh();
  return { node: el("div", { class: "picker" }, input, chips, list), refresh, input };
}
