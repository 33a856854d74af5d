// Actions in plain words: "Aoi summons MHK ST-020 (柴田 美月) to the Main Area, paying MHK ST-030".

const AREAS = { main: "the Main Area", support: "the Support Area" };
const ZONES = {
  deck: "the deck", deck_bottom: "the bottom of the deck", hand: "the hand", discard: "the discard",
  main: "the Main Area", support: "the Support Area", point: "the Point Zone", removed: "the removed zone",
  ex_deck: "the EX deck", set: "a Chara it was set on",
};

export function makeNarrator(players, cards) {
  const who = (p) => (p === 0 || p === 1) && players[p] ? players[p].name : "Someone";
  const card = (id) => {
    if (id === null || id === undefined) return "nothing";
    const facts = cards[id];
    return facts ? `${id} (${facts.name})` : String(id);
  };
  const list = (items) => {
    if (items.length <= 1) return items.join("");
    return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
  };
  const paying = (pay) => {
    if (!pay || pay.length === 0) return "";
    const parts = pay.map((item) => (item.hand ? item.hand : item.point ? `${item.point} from the Point Zone` : "?"));
    return `, paying ${parts.join(", ")}`;
  };
  const targeting = (a) => {
    const named = (a.targets || []).filter((t) => t);  // null: a target left out
    if (named.length === 0) return "";
    return `, targeting ${list(named.map((t) => `${card(t.card)}${t.p !== a.p ? ` of ${who(t.p)}` : ""}`))}`;
  };
  const op = (o) => {
    switch (o.op) {
      case "draw": return `${who(o.p)} draws ${o.n}`;
      case "move": return `${card(o.card)} moves from ${ZONES[o.from] || o.from} to ${ZONES[o.to] || o.to}`;
      case "flip": return `${card(o.card)} turns face ${o.face}`;
      case "shuffle": return `${who(o.p)} shuffles the deck`;
      case "modify": return `${card(o.card)} gets ${signed(o.ap)}/${signed(o.dp)}`;
      case "grant": return `${card(o.card)} gets ${typeof o.what === "string" ? o.what.replace(/_/g, " ") : `Ignore ${o.what.ignore}`}`;
      case "cost": return `${card(o.card)} costs ${signed(o.n)}`;
      case "coin": return `${card(o.card)} ${o.n < 0 ? "loses" : "gets"} ${Math.abs(o.n)} ${o.coin} coin${Math.abs(o.n) === 1 ? "" : "s"}`;
      case "rest": return `${card(o.card)} rests`;
      case "activate": return `${card(o.card)} turns active`;
      case "put_point": return `${who(o.p)} puts ${o.n} card${o.n === 1 ? "" : "s"} from the deck into the Point Zone`;
      case "reveal": return `${who(o.p)} reveals ${list((o.cards || []).map(card))}`;
      case "disable": return "disables it";
      default: return o.op;
    }
  };
  const ops = (a) => (a.ops && a.ops.length ? ` (${a.ops.map(op).join("; ")})` : "");

  function narrate(a) {
    const p = who(a.p);
    let text;
    switch (a.type) {
      case "shuffle": text = `${p} shuffles the deck`; break;
      case "keep": text = `${p} keeps the opening hand`; break;
      case "redraw": text = `${p} redraws the opening hand`; break;
      case "summon":
        text = `${p} summons ${card(a.card)} to ${AREAS[a.area] || a.area}${paying(a.pay)}`;
        if (a.replace) text += `, replacing ${card(a.replace)}`;
        break;
      case "set_support": text = `${p} sets ${card(a.card)} on ${card(a.on)}${paying(a.pay)}`; break;
      case "level_up": text = `${p} levels up ${card(a.onto)} with ${card(a.card)}${paying(a.pay)}`; break;
      case "play_event": text = `${p} plays ${card(a.card)}${paying(a.pay)}${targeting(a)}${ops(a)}`; break;
      case "use_effect":
        text = `${p} uses activated effect ${a.effect ?? 0} of ${card(a.card)}${a.on ? ` on ${card(a.on)}` : ""}`
          + `${a.rest ? ", resting it" : ""}${a.discard ? `, discarding ${a.discard}` : ""}${paying(a.pay)}${targeting(a)}${ops(a)}`;
        break;
      case "backup": text = `${p} discards ${card(a.card)} for its Backup${targeting(a)}${ops(a)}`; break;
      case "trigger": text = `${card(a.card)}'s automatic effect ${a.effect ?? 0} fires for ${p}${targeting(a)}${ops(a)}`; break;
      case "pass": text = `${p} passes`; break;
      case "approach":
        text = `${p} approaches with ${card(a.card)}${a.with ? ` and ${card(a.with)} (Reinforcement)` : ""}`;
        break;
      case "end_approach": text = `${p} ends the Approach Phase`; break;
      case "interfere": text = `${p} interferes with ${card(a.card)}`; break;
      case "no_interfere": text = `${p} does not interfere`; break;
      case "choose_elimination":
        text = a.card ? `${p} chooses ${card(a.card)} to be eliminated` : `${p} chooses no Chara to eliminate`;
        break;
      case "break": text = `${p} uses the Break of ${card(a.card)}${targeting(a)}${ops(a)}`; break;
      case "hand_adjust": text = `${p} discards ${list((a.discard || []).map(card))} to adjust the hand`; break;
      case "concede": text = `${p} concedes`; break;
      case "note": text = `Note${a.p === 0 || a.p === 1 ? ` by ${p}` : ""}: ${a.text}`; break;
      case "identify": {
        // what the recorder learned of a hand or face-down points: the public's copy names nothing
        const where = a.zone === "point" ? "Point Zone" : "hand";
        const named = (a.cards || []).filter((c) => c !== null && c !== undefined);
        text = named.length ? `${p}'s ${where}: ${list(named.map(card))} named`
          : `${p}'s ${where}: cards noted by the recorder (not shown here)`;
        break;
      }
      default: text = `${p}: ${a.type}`;
    }
    if (a.responses && a.responses.length) {
      text += `; answered by: ${a.responses.map((r) => narrate(r)).join("; then ")}`;
    }
    return text;
  }
  return { narrate, card, who };
}

function signed(n) {
  if (n === undefined || n === null) return "±0";
  return n > 0 ? `+${n}` : n < 0 ? `${n}` : "±0";
}
