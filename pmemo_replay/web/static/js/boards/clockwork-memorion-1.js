// Clockwork Memorion (clockwork-memorion-1) behind the board-module interface (boards/load.js): per seat the Ruler
// (face, state, summon level, Memorions, recalls), the Summon Limit, the four Successor Zones, Storage and Drop,
// the hand, deck, Life and Memory Counters (clockwork-memorion.md §12); its actions in words (§5–§7, §10).
import { el, fill } from "../dom.js";
import { back, compactBacks, NOT_NAMED, notNamed, shortId } from "../cards.js";

const PHASES = { setup: "Setup", main1: "Main I", battle: "Battle", main2: "Main II", end: "Turn end", over: "Game over" };

function position(pos) {
  if (pos === "ruler") return "Ruler";
  const m = /^zone:(\d)$/.exec(String(pos));
  return m ? `zone ${Number(m[1]) + 1}` : String(pos);
}

export function createBoard({ cards, players }) {
  const who = (p) => (Number.isInteger(p) && players[p] ? players[p].name : "Someone");
  const label = (id) => (id === null || id === undefined ? "a hidden card" : cards[id] ? `${id} (${cards[id].name})` : String(id));
  const target = (t) => (t && t.at === "summoning" ? "the Successor being summoned" : t ? `${who(t.p)}'s ${position(t.at)}` : "?");

  function tile(id) {
    if (id === null || id === undefined) return back(true);
    const f = cards[id] || { name: id, type: "" };
    return el("div", { class: `card cw t-${f.type || "unknown"} small`, dataset: { card: id }, tabindex: "0",
      title: `${id} ${f.name}`, "aria-label": `${id} ${f.name}` },
    el("div", { class: "c-top" }, el("span", { class: "c-id", text: shortId(id) })),
    el("div", { class: "c-name", text: f.name }),
    el("div", { class: "c-bottom" }, el("span", { class: "c-type", text: f.emotion || f.genre || f.type || "" })));
  }

  const attached = (u) => [
    ...(u.memorions || []).map((m) => el("span", { class: "cw-mem", title: `inherited, slot ${JSON.stringify(m.slot)}` }, tile(m.card))),
    ...(u.recalls || []).map((r) => el("span", { class: "cw-recall", title: `recalled by ${who(r.p)} (${r.mode || "King"})` }, tile(r.card)))];

  function successor(u, i) {
    if (!u) return el("div", { class: "cw-zone empty", dataset: { pos: `zone:${i}` } }, el("span", { class: "zone-empty", text: "empty" }));
    return el("div", { class: `cw-zone${u.state === "action" ? " acted" : ""}${u.destroyed ? " destroyed" : ""}`, dataset: { pos: `zone:${i}` } },
      tile(u.card),
      el("div", { class: "f-stats" },
        el("span", { class: "f-stat", title: "Power" }, `P ${u.power}`),
        el("span", { class: "f-stat", title: "Mind (damage taken this turn)" }, `M ${u.mind}${u.damage ? ` (−${u.damage})` : ""}`),
        el("span", { class: "f-stat", text: u.state }),
        u.keywords.length ? el("span", { class: "f-stat", text: u.keywords.join(", ") }) : null,
        u.destroyed ? el("span", { class: "badge", text: "destroyed" }) : null),
      el("div", { class: "f-cards" }, attached(u)));
  }

  function pile(name, ids, key) {
    return el("button", { type: "button", class: "pile", dataset: { zone: key }, disabled: !ids.length,
      title: `${name}: ${ids.length} card(s)` },
    ids.length ? el("span", {}, ids[ids.length - 1] === null ? notNamed() : tile(ids[ids.length - 1])) : el("div", { class: "card small empty" }),
    el("span", { class: "pile-count", text: String(ids.length) }), el("span", { class: "pile-label", text: name }));
  }

  /** The hand: the state's not_named says how many of its nulls are cards drawn and not named yet; unknown cards
   * in a row are one tile with their count (a long hidden hand stays one tile). */
  function handTiles(pl, hideHand) {
    let unnamed = hideHand ? 0 : pl.not_named || 0;
    return compactBacks(pl.hand.map((id) => (hideHand ? null : id !== null ? tile(id) : unnamed-- > 0 ? NOT_NAMED : null)));
  }

  function side(s, p, hideHand) {
    const pl = s.players[p];
    const r = pl.ruler;
    const lim = pl.limit;
    return el("div", { class: `side cw p${p % 2}`, dataset: { seat: String(p) } },
      el("div", { class: "side-info" },
        el("span", { class: `pname p${p % 2}`, text: pl.name }),
        s.turn_player === p && !s.result ? el("span", { class: "badge role turn", text: "Turn player" }) : null,
        s.result && s.result.winner === p ? el("span", { class: "badge winner", text: "winner" }) : null,
        el("span", { class: "counts" },
          el("span", { class: "count", dataset: { count: "life" } }, "Life ", el("b", { text: String(pl.life) })),
          el("span", { class: "count", dataset: { count: "counters" } }, "Counters ", el("b", { text: String(pl.counters) })),
          el("span", { class: "count", dataset: { count: "deck" } }, "Deck ", el("b", { text: String(pl.deck_count) })),
          el("span", { class: "count", dataset: { count: "hand" } }, "Hand ", el("b", { text: String(pl.hand_count) })))),
      el("div", { class: "row cw-field" },
        el("div", { class: "zone cw-ruler", "aria-label": "Ruler Zone" },
          el("div", { class: "zone-label", text: r && r.card ? `Ruler · ${r.face} · ${r.state} · summon level ${r.summon_level}` : "Ruler" }),
          r && r.card ? el("div", { class: "zone-body" }, tile(r.card), attached(r)) : back(true)),
        el("div", { class: "zone cw-limit", "aria-label": "Summon Limit" },
          el("div", { class: "zone-label", text: lim && lim.card ? `Summon Limit · face ${lim.face}${lim.rotated ? " ↻" : ""}` : "Summon Limit" }),
          lim && lim.card ? el("div", { class: "zone-body" }, tile(lim.card),
            el("span", { class: "cw-map", text: lim.zones.map((z) => z.join("/")).join(" | ") })) : back(true)),
        el("div", { class: "zone cw-zones", "aria-label": "Successor Zones" },
          el("div", { class: "zone-label", text: "Successor Zones" }),
          el("div", { class: "zone-body" }, pl.zones.map((u, i) => successor(u, i)))),
        el("div", { class: "cw-piles" }, pile("Storage", pl.storage, `storage:${p}`), pile("Drop", pl.drop, `drop:${p}`))),
      el("div", { class: "row hand", "aria-label": "Hand" },
        handTiles(pl, hideHand)));
  }

  function render(state, container, { seat, hidden }) {
    const order = seat === null || seat === undefined ? [1, 0] : [1 - seat, seat];
    const due = state.due ? ` · ${who(state.due.p)} owes ${state.due.what}` : "";
    const pend = state.pending && state.pending.length ? ` · ${state.pending.length} trigger(s) pending` : "";
    const result = state.result ? ` · ${state.result.winner === null ? "a draw" : `${who(state.result.winner)} wins`} (${state.result.reason})` : "";
    fill(container,
      el("div", { class: "turnbar", id: "turnbar" },
        el("span", { text: `Turn ${state.turn} · ${PHASES[state.phase] || state.phase}${state.step ? ` (${state.step})` : ""}${due}${pend}${result}` })),
      order.map((p) => side(state, p, hidden(p))));
  }

  function narrate(a) {
    const p = who(a.p);
    const ints = a.interrupts && a.interrupts.length ? `; interrupted by: ${a.interrupts.map(narrate).join("; ")}` : "";
    const time = a.time && a.time.length ? `; Recall Time: ${a.time.map(narrate).join("; ")}` : "";
    switch (a.type) {
      case "setup": return `${p} places the Ruler and the Summon Limit card${a.face ? ` (face ${a.face}${a.rotated ? ", rotated" : ""})` : ""}`;
      case "shuffle": return `${p} shuffles and draws`;
      case "keep": return `${p} keeps the hand`;
      case "mulligan": return `${p} sends ${a.cards.length} card(s) back and draws as many`;
      case "summon": return `${p} summons ${label(a.card)} to ${position(a.at)}${ints}`;
      case "inherit": return `${p}'s ${position(a.at)} inherits ${label(a.card)}${ints}`;
      case "move": return `${p} moves ${position(a.from)} to ${position(a.to)}${ints}`;
      case "move_memorion": return `${p} moves ${label(a.card)} from ${position(a.from)} to ${position(a.to)}${ints}`;
      case "attack": return `${p} attacks with ${position(a.at)}${ints}`;
      case "block": return a.with.length ? `${p} blocks with ${a.with.map(position).join(", ")}${ints}` : `${p} does not block`;
      case "damage": return `${p} deals the battle damage${a.split ? ` (${a.split.map((x) => `${x.n} to ${position(x.at)}`).join(", ")})` : ""}`;
      case "trigger": return `${p}'s ${a.memorion ? label(a.memorion) : position(a.at)} ability ${a.ability} resolves${ints}`;
      case "activate": return `${p} activates ${position(a.at)}'s ability ${a.ability}${ints}`;
      case "recall": return `${p} recalls ${label(a.card)} from the ${a.from} onto ${target(a.target)}${a.mode ? ` (${a.mode})` : ""}${ints}${time}`;
      case "deify": return `${p} deifies the Ruler${ints}`;
      case "end_phase": return `${p} ends the phase`;
      case "end_turn": return `${p} ends the turn`;
      case "discard": return `${p} discards ${a.cards.map(label).join(", ")}`;
      case "concede": return `${p} concedes`;
      case "note": return `Note: ${a.text}`;
      default: return `${p}: ${String(a.type).replace(/_/g, " ")}`;
    }
  }

  return {
    render,
    narrate,
    label,
    describe: (f) => ({ cls: `t-${f.type || ""}`, rows: Object.entries(f)
      .filter(([k, v]) => !["id", "name", "text"].includes(k) && v !== null && !(Array.isArray(v) && !v.length))
      .map(([k, v]) => [k, Array.isArray(v) ? v.join("; ") : typeof v === "object" ? JSON.stringify(v) : String(v)]) }),
    zone: (state, key) => {
      const [name, p] = String(key).split(":");
      const pl = state.players[Number(p)];
      if (!pl || !pl[name]) return null;
      return { title: `${pl.name}'s ${name === "storage" ? "Storage Zone" : "Drop Zone"}`, nodes: pl[name].map((id) => tile(id)) };
    },
    secret: (a) => "order" in a || a.type === "mulligan",
    noLegal: () => "No decision the engine enumerates here.",
  };
}
