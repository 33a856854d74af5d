// The board as a play sheet: per side Main Area (5 slots), Support Area, piles, hand, Point Zone; the turn bar.
import { el, fill } from "../../dom.js";
import { back, compactBacks, tile } from "../../cards.js";

const MAIN_SLOTS = 5;
const POINTS_TO_WIN = 7;
const PHASES = { setup: "Setup", main: "Main Phase", approach: "Approach Phase", end: "Turn End", over: "Game over" };
const STEPS = {
  assign_approach: "① assign approach", after_approach: "② after approach (window)",
  assign_interfere: "③ assign interference", after_interfere: "④ after interference (window)",
  choose_elimination: "⑤ elimination: choose", after_elimination: "⑥ after elimination (window)",
  hand_adjust: "hand adjustment",
};
const DECIDER = { assign_approach: "turn", hand_adjust: "turn", assign_interfere: "other", choose_elimination: "other" };

/** Who the game waits for: [player, how] or null. */
export function actingPlayer(s) {
  if (s.result || s.phase === "over" || s.phase === "setup") return null;
  if (s.priority === 0 || s.priority === 1) return [s.priority, "holds the right to act"];
  const d = DECIDER[s.step];
  if (d) return [d === "turn" ? s.turn_player : 1 - s.turn_player, "decides"];
  return null;
}

export function makeBoard(cards, players) {
  const facts = (id) => cards[id];

  function chara(c, marks) {
    const f = facts(c.card) || {};
    const lift = 10 * ((c.level || 1) - 1);
    const baseAp = f.ap === null || f.ap === undefined ? null : f.ap + lift;
    const baseDp = f.dp === null || f.dp === undefined ? null : f.dp + lift;
    const extra = [];
    if (c.stack && c.stack.length) extra.push(el("span", { class: "chip stack", title: `beneath: ${c.stack.join(", ")}`, text: `stack ${c.stack.length}` }));
    for (const sup of c.supports || []) {
      extra.push(el("span", { class: `chip support c-${(facts(sup) || {}).color || "none"}`, dataset: { card: sup }, text: `+ ${sup.split(" ")[1] || sup}` }));
    }
    for (const [coin, n] of Object.entries(c.coins || {})) extra.push(el("span", { class: "chip coin", title: "coins", text: `● ${coin}${n > 1 ? ` ×${n}` : ""}` }));
    for (const g of c.grants || []) {
      const what = typeof g.what === "string" ? g.what.replace(/_/g, " ") : `ignore ${g.what.ignore}`;
      extra.push(el("span", { class: "chip grant", text: what }));
    }
    if (c.modifiers && c.modifiers.length) {
      const sum = c.modifiers.reduce((acc, m) => [acc[0] + m.ap, acc[1] + m.dp], [0, 0]);
      extra.push(el("span", { class: "chip mod", title: "modifiers until turn end", text: `${sgn(sum[0])}/${sgn(sum[1])}` }));
    }
    const slotMarks = ["slot", "filled"];
    if (c.rested) slotMarks.push("rested");
    if (c.approached) slotMarks.push("approached");
    return el("div", { class: slotMarks.concat(marks || []).join(" ") },
      el("div", { class: "slot-card" },
        tile(c.card, f, { rested: c.rested, ap: c.ap, dp: c.dp, baseAp, baseDp, level: c.level })),
      el("div", { class: "slot-extras" }, extra));
  }

  function zone(name, cls, label, ...body) {
    return el("div", { class: `zone ${cls}`, "aria-label": name },
      el("div", { class: "zone-label" }, label), el("div", { class: "zone-body" }, body));
  }

  function pile(label, ids, key, hidden) {
    const top = ids.length ? ids[ids.length - 1] : undefined;
    // null: a card a table log has not named yet (under a Chara that left, say): a card back, never an empty pile
    const face = top === null ? unknownPoint("up")
      : hidden || !top ? el("div", { class: `card small ${hidden ? "back" : "empty"}` }, hidden ? el("div", { class: "back-mark" }) : null)
        : tile(top, facts(top), { small: true });
    if (!hidden && top) delete face.dataset.card; // the pile opens its list instead
    return el("button", { type: "button", class: "pile", dataset: key ? { zone: key } : {}, disabled: !key || !ids.length,
      title: key ? `${label}: ${ids.length} card(s), click to list them` : `${label}: ${ids.length} card(s)` },
      face, el("span", { class: "pile-count", text: String(ids.length) }), el("span", { class: "pile-label", text: label }));
  }

  function infoRow(s, p, role, acting) {
    const pl = s.players[p];
    return el("div", { class: "side-info" },
      el("span", { class: `pname p${p}`, text: pl.name }),
      players[p] && players[p].deck_name ? el("span", { class: "deckname", text: players[p].deck_name }) : null,
      role ? el("span", { class: `badge role ${role.toLowerCase()}`, text: role }) : null,
      el("span", { class: "badge acting", hidden: true }),
      s.result && s.result.winner === p ? el("span", { class: "badge winner", text: "winner" }) : null,
      el("span", { class: "counts" },
        count("Deck", pl.deck_count), count("EX", pl.ex_deck_count ?? "?"), count("Hand", pl.hand.length),
        count("Points", `${pl.points.length}/${POINTS_TO_WIN}`), count("Discard", pl.discard.length)));
  }

  function areaRow(pl, p, attackers, interferer) {
    const marksFor = (c) => (attackers.includes(c.card) ? ["approaching"] : interferer === c.card ? ["interfering"] : []);
    const slots = [];
    for (let i = 0; i < MAIN_SLOTS; i++) {
      const c = pl.main[i];
      slots.push(c ? chara(c, marksFor(c)) : el("div", { class: "slot empty" }, el("span", { class: "slot-no", text: String(i + 1) })));
    }
    const supportArea = pl.support.length ? pl.support.map((c) => chara(c, marksFor(c))) : [el("div", { class: "zone-empty", text: "empty" })];
    const deckIds = new Array(pl.deck_count).fill("?");
    return el("div", { class: "row area-row" },
      zone("Main Area", "main-zone", "Main Area", el("div", { class: "slots" }, slots)),
      zone("Support Area", "support-zone", `Support Area${pl.support.length ? ` · ${pl.support.length}` : ""}`, el("div", { class: "slots" }, supportArea)),
      zone("Piles", "piles", "Piles",
        pile("Deck", deckIds, null, true), pile("Discard", pl.discard, `${p}:discard`), pile("Removed", pl.removed, `${p}:removed`)));
  }

  // An unknown card (null: a table log's unseen card, or one this view may not see) is drawn as a card back; a run
  // of them as one back with their count (a long hidden hand stays one tile).
  function handRow(pl, hidden) {
    const hand = compactBacks(pl.hand.map((id) => (hidden || id === null ? null : tile(id, facts(id), { small: true }))));
    const points = pl.points.map((pt) => (pt.card === null ? unknownPoint(pt.face)
      : tile(pt.card, facts(pt.card), { small: true, faceDown: pt.face === "down" })));
    const up = pl.points.filter((pt) => pt.face === "up").length;
    return el("div", { class: "row hand-row" },
      zone("Hand", "hand-zone", `Hand · ${pl.hand.length}${hidden || (pl.hand.length && pl.hand.every((id) => id === null)) ? " (hidden)" : ""}`,
        el("div", { class: `tiles${hand.length > 9 ? " crowded" : ""}` }, hand.length ? hand : el("div", { class: "zone-empty", text: "empty" }))),
      zone("Point Zone", "point-zone", `Point Zone · ${pl.points.length}/${POINTS_TO_WIN} (${up} face up)`,
        el("div", { class: `tiles${points.length > 5 ? " snug" : ""}` }, points.length ? points : el("div", { class: "zone-empty", text: "no points" }))));
  }

  /** Render player p's side into node; parts whose data did not change keep their DOM (most steps are passes). */
  function side(node, s, p, opts) {
    const pl = s.players[p];
    const act = actingPlayer(s);
    const acting = act && act[0] === p ? act[1] : null;
    const role = s.turn >= 1 && s.phase !== "setup" ? (p === s.turn_player ? "Approacher" : "Interferer") : null;
    const hidden = Boolean(opts.hideHand);
    const attackers = p === s.turn_player && s.approach ? s.approach.attackers || [] : [];
    const interferer = p !== s.turn_player && s.approach ? s.approach.interferer : null;
    const cache = node.pmemoParts || (node.pmemoParts = {});
    const part = (name, key, build) => {
      const old = cache[name];
      if (old && old.key === key) return old.node;
      const fresh = build();
      cache[name] = { key, node: fresh };
      return fresh;
    };
    const info = part("info", JSON.stringify([p, role, s.result, pl.deck_count, pl.ex_deck_count, pl.hand.length,
      pl.points.length, pl.discard.length]), () => infoRow(s, p, role, acting));
    const area = part("area", JSON.stringify([p, pl.main, pl.support, pl.deck_count, pl.discard, pl.removed, attackers, interferer]),
      () => areaRow(pl, p, attackers, interferer));
    const hand = part("hand", JSON.stringify([p, hidden, pl.hand, pl.points]), () => handRow(pl, hidden));
    const badge = info.querySelector(".badge.acting");
    if (badge.textContent !== (acting ? `▶ ${acting}` : "")) badge.textContent = acting ? `▶ ${acting}` : "";
    badge.hidden = !acting;
    const cls = `side ${node.id} p${p}${acting ? " acting" : ""}`;
    if (node.className !== cls) node.className = cls;
    if (node.children[0] !== info || node.children[1] !== area || node.children[2] !== hand) node.replaceChildren(info, area, hand);
  }

  function turnbar(node, s) {
    const parts = [];
    if (s.turn === 0) parts.push(el("span", { class: "tb-turn", text: "Setup" }));
    else {
      parts.push(el("span", { class: "tb-turn", text: `Turn ${s.turn}` }));
      parts.push(el("span", { class: `tb-player p${s.turn_player}`, text: `${s.players[s.turn_player].name}'s turn` }));
    }
    if (s.phase !== "setup") parts.push(el("span", { class: "tb-phase", text: PHASES[s.phase] || s.phase }));
    if (s.step) parts.push(el("span", { class: "tb-step", text: STEPS[s.step] || s.step }));
    const act = actingPlayer(s);
    if (act) parts.push(el("span", { class: `tb-act p${act[0]}`, text: `${s.players[act[0]].name} ${act[1]}` }));
    if (s.result) {
      const r = s.result;
      const text = r.winner === null ? `Draw (${r.reason.replace("_", " ")})` : `${s.players[r.winner].name} wins by ${r.reason.replace("_", " ")}`;
      parts.push(el("span", { class: "tb-result", text }));
    }
    fill(node, parts);
  }

  return { side, turnbar, zoneCards: (ids) => ids.map((id) => (id === null ? unknownPoint("up") : tile(id, facts(id), { small: false }))) };
}

function unknownPoint(face) {
  const node = back(true);
  node.setAttribute("aria-label", `an unknown card, face ${face}`);
  if (face === "up") node.classList.add("unknown-up");
  return node;
}

function count(label, value) {
  return el("span", { class: "count" }, el("span", { class: "count-label", text: label }), el("b", { text: String(value) }));
}

function sgn(n) {
  return n > 0 ? `+${n}` : n < 0 ? `${n}` : "±0";
}
