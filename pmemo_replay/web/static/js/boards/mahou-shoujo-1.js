// Mahou Shoujo (mahou-shoujo-1) behind the board-module interface (boards/load.js): per seat the Active fighter,
// the Squad, the Dreamscape, the hand, deck and Gems (mahou-shoujo.md §12); its actions and ops in words (§5, §6,
// §8, §10); its card facts (ms-cards, §1). The viewing seat sits at the bottom, every other seat above it.
import { el, fill } from "../dom.js";
import { back, compactBacks, NOT_NAMED, notNamed, shortId } from "../cards.js";

const GEMS_TO_WIN = 3;
const ACTIONS_PER_TURN = 2;
const TYPE_WORD = {
  hero: "Hero", magical_girl: "Magical Girl", grand_magical_girl: "Grand Magical Girl", pet: "Pet",
  magical_power: "Magical Power", event: "Event",
};
const SHORT_TYPE = { hero: "Hero", magical_girl: "MG", grand_magical_girl: "Grand", pet: "Pet", magical_power: "Power", event: "Event" };
const CONDITION_WORDS = {
  girl: (v) => `the Magical Girl is ${v.join(" or ")}`,
  mgk_at_least: (v) => `MGK at least ${v}`,
  hp_at_most: (v) => `HP at most ${v}`,
  dreamscape_at_least: (v) => `at least ${v} cards in the Dreamscape`,
};

/** Gems as people write them: 0, ½, 1, 1½, ... */
export function gems(n) {
  const whole = Math.floor(n);
  const half = n - whole >= 0.5;
  return whole === 0 && half ? "½" : `${whole}${half ? "½" : ""}`;
}

function signed(n) {
  return n > 0 ? `+${n}` : `${n}`;
}

function list(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** A position in words: "active" -> "Active fighter", "squad:1" -> "Squad fighter 2". */
function position(pos) {
  if (pos === "active") return "Active fighter";
  const m = /^squad:(\d)$/.exec(String(pos));
  return m ? `Squad fighter ${Number(m[1]) + 1}` : String(pos);
}

/** The hover card's rows for one ms-cards card. */
function factRows(f) {
  const rows = [["Type", TYPE_WORD[f.type] || f.type]];
  for (const [key, label] of [["hp", "HP"], ["atk", "ATK"], ["mgk", "MGK"]]) {
    const shows = f.type === "hero" || f.type === "magical_girl" || f.type === "grand_magical_girl" || f.type === "pet";
    if (shows && f[key] !== undefined && (key !== "mgk" || f.type === "magical_girl")) rows.push([label, f[key]]);
  }
  if (f.type === "pet" || f.type === "magical_power") rows.push(["Cost", `${f.cost} MGK`]);
  const conditions = Object.entries(f.conditions || {}).map(([k, v]) => (CONDITION_WORDS[k] ? CONDITION_WORDS[k](v) : `${k} ${JSON.stringify(v)}`));
  if (f.type === "grand_magical_girl") rows.push(["Conditions", conditions.length ? conditions.join("; ") : "none"]);
  if (f.type === "magical_power" || f.type === "event") {
    rows.push(["Effect", f.effect ? (f.effect.length ? f.effect.map(templateWords).join("; ") : "nothing") : "unscripted (applied as logged)"]);
  }
  return rows;
}

/** One op template of card data in words ("the rival's Active fighter loses 2 HP"). */
function templateWords(t) {
  const whose = t.p === "self" ? "your" : t.p === "rival" ? "the rival's" : `${t.p}'s`;
  const where = t.pos === "choose" ? `${whose} chosen fighter` : `${whose} ${position(t.pos || "active")}`;
  switch (t.op) {
    case "damage": return `${where} loses ${t.n} HP`;
    case "heal": return `${where} heals ${t.n} HP`;
    case "boost": return `${where} gets ATK ${signed(t.atk)} ${t.until === "permanent" ? "for good" : "until the turn ends"}`;
    case "mgk": return `${where} gets MGK ${signed(t.n)}`;
    case "draw": return `${t.p === "self" ? "you draw" : "the rival draws"} ${t.n}`;
    case "discard": return `${whose} chosen hand card is discarded`;
    case "detach": return `a chosen Pet leaves ${where}`;
    default: return t.op;
  }
}

export function createBoard({ cards, players }) {
  const facts = (id) => cards[id];
  const who = (p) => (Number.isInteger(p) && players[p] ? players[p].name : "Someone");
  const label = (id) => {
    if (id === null || id === undefined) return "a hidden card";
    const f = facts(id);
    return f ? `${id} (${f.name})` : String(id);
  };

  // --- narration --------------------------------------------------------------------------------

  const whose = (p, pos) => `${who(p)}'s ${position(pos)}`;
  const op = (o) => {
    switch (o.op) {
      case "damage": return `${whose(o.p, o.pos)} loses ${o.n} HP`;
      case "heal": return `${whose(o.p, o.pos)} heals ${o.n} HP`;
      case "boost": return `${whose(o.p, o.pos)} gets ATK ${signed(o.atk)} ${o.until === "permanent" ? "for good" : "until the turn ends"}`;
      case "mgk": return `${whose(o.p, o.pos)} gets MGK ${signed(o.n)}`;
      case "draw": return `${who(o.p)} draws ${o.n}`;
      case "discard": return `${who(o.p)} discards ${label(o.card)}`;
      case "detach": return `${label(o.card)} leaves ${whose(o.p, o.pos)}`;
      default: return String(o.op);
    }
  };
  const target = (t) => (/^(active|squad:\d)$/.test(t) ? `the ${position(t)}` : label(t));
  const effect = (a) => `${a.targets && a.targets.length ? `, choosing ${list(a.targets.map(target))}` : ""}`
    + `${a.ops && a.ops.length ? ` (${a.ops.map(op).join("; ")})` : ""}`;

  function narrate(a) {
    const p = who(a.p);
    switch (a.type) {
      case "search": {
        if (!a.cards) return `${p} searches the deck for Heroes nobody else sees`;  // a rival's, recorded from one seat
        const ids = a.cards;
        return ids.every((id) => id === null) ? `${p} searches the deck for ${ids.length} Heroes` // a rival's, in a player's view
          : `${p} searches the deck for the Heroes ${list(ids.map(label))}`;
      }
      case "shuffle": return `${p} shuffles the deck and draws 4`;
      case "redraw": return `${p} drew no Magical Girl: the 4 go back, and ${p} shuffles and draws 4 again`;
      case "place_active":
        return a.hero === null ? `${p} lays a Hero and a Magical Girl face down as the Active pair`
          : `${p} lays ${label(a.hero)} and ${label(a.girl)} face down as the Active pair`;
      case "transform": return `${p} transforms the ${position(a.onto)} with ${label(a.card)}`;
      case "grand_transform": return `${p} Grand-transforms the Active fighter with ${label(a.card)}`;
      case "attack": return `${p} attacks with the Active fighter`;
      case "retreat": return `${p} retreats the Active fighter and brings in the ${position(a.with)}`;
      case "draw": return `${p} draws a card`;
      case "play_pet": return `${p} plays the Pet ${label(a.card)}`;
      case "play_power": return `${p} casts the Magical Power ${label(a.card)}${effect(a)}`;
      case "play_event": return `${p} plays the Event ${label(a.card)}${effect(a)}`;
      case "place_hero":
        return `${p} places the Hero ${label(a.card)} ${a.to === "active" ? "in the empty Active position" : "into the Squad"}`;
      case "promote": return `${p} promotes the ${position(a.from)} to the Active position`;
      case "out_of_heroes": return `${p} is out of Heroes and draws until one comes`;
      case "end_turn": return `${p} ends the turn`;
      case "concede": return `${p} concedes`;
      case "note": return `Note${Number.isInteger(a.p) ? ` by ${p}` : ""}: ${a.text}`;
      default: return `${p}: ${String(a.type).replace(/_/g, " ")}`;
    }
  }

  // --- tiles and fighters -----------------------------------------------------------------------

  function tile(id, opts = {}) {
    if (id === null || id === undefined) return back(true);
    const f = facts(id) || { name: id, type: "" };
    const node = el("div", { class: `card ms t-${f.type || "unknown"}${opts.small === false ? "" : " small"}`,
      dataset: { card: id }, tabindex: "0", title: `${id} ${f.name}`, "aria-label": `${id} ${f.name}` },
    el("div", { class: "c-stripe" }),
    el("div", { class: "c-top" }, el("span", { class: "c-id", text: shortId(id) }),
      f.type === "pet" || f.type === "magical_power" ? el("span", { class: "c-cost", title: "cost in MGK", text: String(f.cost) }) : null),
    el("div", { class: "c-name", text: f.name }),
    el("div", { class: "c-bottom" }, el("span", { class: "c-type", text: SHORT_TYPE[f.type] || "" }),
      f.hp || f.atk ? el("span", { class: "c-nums", title: "printed HP / ATK", text: `${f.hp ?? 0}/${f.atk ?? 0}` }) : null));
    return node;
  }

  function stat(name, value, title, extra = "") {
    return el("span", { class: `f-stat f-${name.toLowerCase()}${extra}`, title },
      el("span", { class: "f-stat-label", text: name }), el("b", { text: String(value) }));
  }

  function fighter(f, pos, { big = false, hiddenPair = false, delta = 0 } = {}) {
    const cls = `fighter${big ? " big" : ""}${f && f.grand ? " grand" : ""}${f && f.hp !== null && f.hp <= 0 ? " down" : ""}`;
    if (!f) return el("div", { class: "fighter empty", dataset: { pos } }, el("span", { class: "zone-empty", text: "empty" }));
    if (hiddenPair || f.hero === null) { // the rival's pair during setup: face down until both pairs are placed
      return el("div", { class: `${cls} facedown-pair`, dataset: { pos }, title: "placed face down" },
        el("div", { class: "f-cards" }, back(true), back(true)), el("div", { class: "f-stats" }, el("span", { class: "f-hidden", text: "face down" })));
    }
    const attached = [f.girl, f.grand, ...(f.pets || [])].filter((id) => id !== null && id !== undefined);
    const ratio = f.max_hp > 0 ? Math.max(0, Math.min(1, f.hp / f.max_hp)) : 0;
    const bar = el("div", { class: "hp-bar", title: `HP ${f.hp} of ${f.max_hp}` }, el("div", { class: "hp-fill" }));
    bar.firstChild.style.width = `${Math.round(100 * ratio)}%`;
    return el("div", { class: cls, dataset: { pos } },
      el("div", { class: "f-cards" }, tile(f.hero), attached.map((id) => tile(id))),
      el("div", { class: "f-stats" },
        stat("HP", `${f.hp}/${f.max_hp}`, "current HP / max HP", f.hp < f.max_hp ? " hurt" : ""),
        delta ? el("span", { class: `f-delta ${delta < 0 ? "loss" : "gain"}`, title: "HP change in this step", text: signed(delta) }) : null,
        bar,
        stat("ATK", f.atk, "attack: the damage it deals"),
        f.grand ? stat("Grand", f.grand_attacked ? "spent" : "ready", "the Grand MG's one attack", f.grand_attacked ? " spent" : "")
          : stat("MGK", f.mgk, "MGK left to its Magical Girl", f.girl && f.mgk === 0 ? " spent" : "")));
  }

  function pile(label, ids, key) {
    const top = ids.length ? ids[ids.length - 1] : undefined;
    const face = top === null ? notNamed() : top ? tile(top) : el("div", { class: "card small empty" });
    if (top) delete face.dataset.card; // the pile opens its list instead
    return el("button", { type: "button", class: "pile", dataset: key ? { zone: key } : {}, disabled: !key || !ids.length,
      title: key ? `${label}: ${ids.length} card(s), click to list them` : `${label}: ${ids.length} card(s)` },
    face, el("span", { class: "pile-count", text: String(ids.length) }), el("span", { class: "pile-label", text: label }));
  }

  function zone(name, cls, labelText, ...body) {
    return el("div", { class: `zone ${cls}`, "aria-label": name },
      el("div", { class: "zone-label" }, labelText), el("div", { class: "zone-body" }, body));
  }

  function count(labelText, value, cls = "") {
    return el("span", { class: `count${cls}`, dataset: { count: labelText.toLowerCase() } },
      el("span", { class: "count-label", text: labelText }), el("b", { text: String(value) }));
  }

  /** Who the game waits for: [player, how] or null. */
  function acting(s) {
    if (s.result || s.phase !== "turn") return null;
    if (s.must_replace && s.must_replace.length) return [s.must_replace[0], "must fill the Active position"];
    return Number.isInteger(s.turn_player) ? [s.turn_player, `acts (${s.actions_used}/${ACTIONS_PER_TURN} actions used)`] : null;
  }

  function side(s, p, place, hideHand) {
    const pl = s.players[p];
    const act = acting(s);
    const mine = act && act[0] === p;
    // the pair stays face down for the other players until both are placed (on the judge page: a seat's view)
    const setupHidden = s.phase === "setup" && pl.active && (pl.active.hero === null || hideHand);
    // the state's not_named: how many nulls of this hand are cards drawn at the table and not named yet
    // unknown cards in a row are one tile with their count: a 35-card hidden hand stays one tile
    let unnamed = hideHand ? 0 : pl.not_named || 0;
    const hand = compactBacks(pl.hand.map((id) => (hideHand ? null : id !== null ? tile(id) : unnamed-- > 0 ? NOT_NAMED : null)));
    const handHidden = hideHand || (pl.hand.length > 0 && pl.hand.every((id) => id === null));
    const squad = pl.squad.map((f, i) => fighter(f, `squad:${i}`, { delta: delta(p, `squad:${i}`, f) }));
    const info = el("div", { class: "side-info" },
      el("span", { class: `pname p${p % 2}`, text: pl.name }),
      players[p] && players[p].deck_name ? el("span", { class: "deckname", text: players[p].deck_name }) : null,
      s.phase !== "setup" && s.turn_player === p && !s.result ? el("span", { class: "badge role turn", text: "Turn player" }) : null,
      mine ? el("span", { class: "badge acting", text: `▶ ${act[1]}` }) : null,
      s.result && s.result.winner === p ? el("span", { class: "badge winner", text: "winner" }) : null,
      el("span", { class: "counts" },
        count("Deck", pl.deck_count), count("Hand", pl.hand_count ?? pl.hand.length),
        count("Dreamscape", pl.dreamscape.length),
        pl.redraws ? count("Redraws", pl.redraws) : null,
        count("Gems", `${gems(pl.gems)}/${GEMS_TO_WIN}`, " gems")));
    const field = el("div", { class: "row ms-field" },
      zone("Active position", "active-zone", "Active", fighter(pl.active, "active", { big: true, hiddenPair: setupHidden, delta: delta(p, "active", pl.active) })),
      zone("Squad", "squad-zone", `Squad · ${pl.squad.length}/3`,
        el("div", { class: "squad" }, squad.length ? squad : el("div", { class: "zone-empty", text: "empty" }))),
      zone("Dreamscape", "dream-zone", "Dreamscape", pile("Dreamscape", pl.dreamscape, `${p}:dreamscape`)));
    const handRow = el("div", { class: "row hand-row" },
      zone("Hand", "hand-zone", `Hand · ${pl.hand_count ?? pl.hand.length}${handHidden ? " (hidden)" : ""}`,
        el("div", { class: `tiles${hand.length > 9 ? " crowded" : ""}` }, hand.length ? hand : el("div", { class: "zone-empty", text: "empty" }))));
    return el("div", { class: `side ms-side side-${place} p${p % 2}${mine ? " acting" : ""}`, id: `side-${p}`, dataset: { seat: String(p) } },
      info, field, handRow);
  }

  function turnbar(s) {
    const parts = [el("span", { class: "tb-turn", text: s.phase === "setup" ? "Setup" : `Turn ${s.turn}` })];
    if (s.phase !== "setup" && Number.isInteger(s.turn_player)) {
      parts.push(el("span", { class: `tb-player p${s.turn_player % 2}`, text: `${s.players[s.turn_player].name}'s turn` }));
      parts.push(el("span", { class: "tb-actions", text: `actions ${s.actions_used}/${ACTIONS_PER_TURN}` }));
    }
    for (const p of s.must_replace || []) {
      parts.push(el("span", { class: `tb-step p${p % 2}`, text: `${s.players[p].name} must fill the Active position` }));
    }
    if (s.result) {
      const r = s.result;
      const how = String(r.reason).replace(/_/g, " ");
      parts.push(el("span", { class: "tb-result", text: r.winner === null ? `Draw (${how})` : `${s.players[r.winner].name} wins by ${how}` }));
    }
    return el("div", { class: "turnbar", id: "turnbar", "aria-live": "polite" }, parts);
  }

  // HP changes from the step before (the same Hero in the same position), shown on the fighters
  let previous = null; // {step, state} last drawn
  let before = null; // the state of the step before the one being drawn, when that one was drawn last

  function delta(p, pos, f) {
    if (!before || !f || f.hp === null) return 0;
    const pl = before.players[p];
    const old = pl && (pos === "active" ? pl.active : pl.squad[Number(pos.split(":")[1])]);
    return old && old.hero === f.hero && old.hp !== null ? f.hp - old.hp : 0;
  }

  function render(s, container, { seat, hidden, step }) {
    if (!previous || previous.step !== step) { // a step drawn again (another view, the action list loaded) keeps it
      before = previous && step !== undefined && previous.step === step - 1 ? previous.state : null;
    }
    previous = { step, state: s };
    const seats = s.players.map((_, p) => p);
    const bottom = seat !== null && seat !== undefined && seat < seats.length ? seat : 0;
    const others = seats.filter((p) => p !== bottom);
    fill(container, others.map((p) => side(s, p, "top", hidden(p))), turnbar(s), side(s, bottom, "bottom", hidden(bottom)));
  }

  return {
    render,
    narrate,
    label,
    describe: (f) => ({ cls: `ms-tip t-${f.type}`, rows: factRows(f) }),
    zone(s, key) {
      const [p, name] = key.split(":");
      const pl = s.players[Number(p)];
      if (!pl || name !== "dreamscape") return null;
      return { title: `${pl.name}: Dreamscape (${pl.dreamscape.length}, oldest first)`, nodes: pl.dreamscape.map((id) => tile(id, { small: false })) };
    },
    secret: (a) => a.type === "search" || a.type === "shuffle" || a.type === "redraw",
    noLegal: (s) => (s.phase === "setup" ? "Setup: search, shuffle, redraw when due, then the Active pair." : "No action is legal here."),
  };
}
