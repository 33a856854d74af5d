// Precious Memories' setup form: players, decks (bundled, pasted or unlisted), event, round, who goes first, whose hand is seen.
import { $, el, fill } from "../../../dom.js";
import { parseDeckList } from "./decklist.js";
import { localIso } from "../../when.js";

const UNLISTED = "";
const PASTE = "paste";


/** Fill the form; onCreate(header, seat, apiToken) returns a promise of an error message or null. */
export function startSetup(data, onCreate) {
  const form = $("setup-form");
  form.querySelectorAll("select.deck-choice").forEach((select, p) => {
    fill(select, el("option", { value: UNLISTED, text: "unlisted (not known)" }), el("option", { value: PASTE, text: "paste a list…" }),
      data.decks.map((d) => el("option", { value: d.key, text: d.name })));
    select.value = p === 0 && data.decks.length ? data.decks[0].key : UNLISTED;
    const paste = select.closest("fieldset").querySelector(".paste");
    select.addEventListener("change", () => { paste.hidden = select.value !== PASTE; });
  });
  if (!data.uploads_open) form.querySelector(".api-token").hidden = false;

  function player(p) {
    const box = form.querySelector(`fieldset[data-player="${p}"]`);
    const error = box.querySelector(".deck-error");
    error.hidden = true;
    const name = form.elements[`name${p}`].value.trim() || `Player ${p + 1}`;
    const choice = form.elements[`deck${p}`].value;
    const out = { name };
    if (choice === PASTE) {
      try {
        const { main, ex } = parseDeckList(form.elements[`list${p}`].value, data.cards);
        Object.assign(out, { deck: main, ex_deck: ex });
      } catch (err) {
        error.textContent = err.message;
        error.hidden = false;
        return null;
      }
    } else if (choice !== UNLISTED) {
      const deck = data.decks.find((d) => d.key === choice);
      Object.assign(out, { deck: deck.main, ex_deck: deck.ex, deck_name: deck.name });
    } else {
      out.ex_deck = null;
    }
    return out;
  }

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const players = [player(0), player(1)];
    if (players.includes(null)) return;
    const game = { played_at: localIso(), first: Number(form.elements.first.value), players,
      meta: { recorded_by: "pmemo-replay /record" } };
    const event = form.elements.event.value.trim();
    const round = parseInt(form.elements.round.value, 10);
    if (event) game.event = event;
    if (round > 0) game.round = round;
    if (form.elements.as_played.checked) game.as_played = true;  // irregular actions may stand (docs/as-played.md)
    const header = { format: "pmemo-log", version: 1, game };
    $("start").disabled = true;
    const problem = await onCreate(header, form.elements.seat.value, form.elements.api_token.value.trim());
    $("start").disabled = false;
    const box = $("setup-error");
    box.hidden = !problem;
    box.textContent = problem || "";
    if (problem && /API token/.test(problem)) form.querySelector(".api-token").hidden = false;
  });
  $("setup").hidden = false;
}
