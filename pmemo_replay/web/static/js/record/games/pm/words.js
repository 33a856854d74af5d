// Actions in words, for buttons and the last-action line.
import { shortId } from "../../../cards.js";

const GROUPS = [
  ["setup", "Setup", ["shuffle", "keep", "redraw"]],
  ["approach", "Approach", ["approach", "end_approach", "interfere", "no_interfere", "choose_elimination"]],
  ["play", "Play from hand", ["summon", "level_up", "set_support", "play_event", "backup"]],
  ["effects", "Effects", ["use_effect", "trigger", "break"]],
  ["end", "Turn end", ["hand_adjust"]],
];

/** [[key, title, actions], ...] in a fixed order; "pass" is left to the caller. */
export function groupActions(actions) {
  return GROUPS.map(([key, title, kinds]) => [key, title, actions.filter((a) => kinds.includes(a.type))])
    .filter(([, , list]) => list.length);
}

export function makeWords(cards, names) {
  const card = (id) => (id === null || id === undefined ? "an unknown card" : `${shortId(id)} ${(cards[id] || {}).name || ""}`.trim());
  const who = (p) => names[p] ?? `player ${p}`;
  const pay = (items) => (items && items.length ? ` · pay ${items.map((i) => `${shortId(i.hand || i.point)}${i.point ? " (point)" : ""}`).join(", ")}` : "");

  function action(a) {
    switch (a.type) {
      case "pass": return `${who(a.p)} passes`;
      case "shuffle": return `${who(a.p)} shuffles`;
      case "keep": return `${who(a.p)} keeps the hand`;
      case "redraw": return `${who(a.p)} redraws`;
      case "identify": return `${who(a.p)}'s ${a.zone}: ${a.cards.length ? a.cards.map(card).join(", ") : "(not shown)"}`;
      case "summon": return `Summon ${card(a.card)} to ${a.area === "main" ? "Main" : "Support"}${a.replace ? ` (replacing ${shortId(a.replace)})` : ""}${pay(a.pay)}`;
      case "level_up": return `Level up ${card(a.onto)} with ${card(a.card)}${pay(a.pay)}`;
      case "set_support": return `Set ${card(a.card)} on ${shortId(a.on)}${pay(a.pay)}`;
      case "play_event": return `Event ${card(a.card)}${targets(a)}${pay(a.pay)}`;
      case "backup": return `Backup ${card(a.card)}${targets(a)}`;
      case "use_effect": return `Use ${card(a.card)} activated effect ${a.effect}${targets(a)}${pay(a.pay)}`;
      case "trigger": return `Trigger ${card(a.card)} automatic effect ${a.effect}${targets(a)}`;
      case "break": return `Break: ${card(a.card)}`;
      case "approach": return `Approach with ${card(a.card)}${a.with ? ` and ${shortId(a.with)}` : ""}`;
      case "end_approach": return `${who(a.p)} ends approaching`;
      case "interfere": return `Interfere with ${card(a.card)}`;
      case "no_interfere": return `No interference${a.card ? ` (point: ${card(a.card)})` : ""}`;
      case "choose_elimination": return a.card ? `Eliminate ${card(a.card)}` : "Eliminate nothing";
      case "hand_adjust": return `Discard ${a.discard.map(card).join(", ")}`;
      case "note": return `Note: ${a.text}`;
      case "concede": return `${who(a.p)} concedes`;
      default: return a.type;
    }
  }

  function targets(a) {
    // a null target is one left out (a mode not chosen uses it): shown as "-"
    return a.targets && a.targets.length ? ` → ${a.targets.map((t) => (t ? shortId(t.card) : "-")).join(", ")}` : "";
  }

  return { action, card, who };
}
