// The setup form for a game whose logs are always complete (engine.ruleset.CompleteLogRecording): as many seats as
// the game takes, a name and a bundled deck each, who goes first; recorded from the judge's seat (every card known),
// or, for a game with seat recordings (Mahou Shoujo, Clockwork Memorion), from one player's seat.
import { $, el, fill } from "../dom.js";
import { localIso } from "./when.js";

/** Fill the form for data.ruleset; onCreate(header, seat, apiToken) returns a promise of an error message or null. */
export function startAnySetup(data, onCreate) {
  const form = $("setup-form");
  form.querySelectorAll("fieldset.rec-player").forEach((box) => { box.hidden = true; box.disabled = true; });
  // a game that may be recorded from one seat (engine.ruleset seat_recordings): whose hand this phone sees, the
  // judge's seat (every card known) by default; the header says so (meta.recorded_from)
  const oneSeat = Boolean(data.seat_recordings) && data.players[0] <= 2 && data.players[1] >= 2;
  $("seat-choice").hidden = !oneSeat;
  if (oneSeat) form.querySelector("#seat-choice input[value='judge']").checked = true;
  const [low, high] = data.players;
  const box = $("any-players");
  box.hidden = false;
  let seats = low;

  function draw() {
    const count = high > low ? el("label", { class: "rec-seats" }, "Players ",
      el("select", { name: "seats", "aria-label": "players" },
        Array.from({ length: high - low + 1 }, (_, k) => el("option", { value: String(low + k), text: String(low + k) })))) : null;
    if (count) {
      const select = count.querySelector("select");
      select.value = String(seats);
      select.addEventListener("change", () => { seats = Number(select.value); draw(); });
    }
    fill(box, count, Array.from({ length: seats }, (_, p) => el("fieldset", { class: "rec-player any-player", dataset: { player: String(p) } },
      el("legend", {}, `Player ${p + 1} `, el("span", { class: "hint", text: `(index ${p})` })),
      el("label", {}, "Name ", el("input", { name: `any-name-${p}`, maxlength: "60", value: `Player ${p + 1}` })),
      el("label", {}, "Deck ", el("select", { name: `any-deck-${p}`, class: "deck-choice" },
        data.decks.map((d, k) => el("option", { value: d.key, text: d.name, selected: k === p % data.decks.length })))))));
    fill($("first-choice"), el("span", { text: "Goes first" }), Array.from({ length: seats }, (_, p) => el("label", {},
      el("input", { type: "radio", name: "first", value: String(p), checked: p === 0 }), ` Player ${p + 1}`)));
  }
  draw();
  if (!data.uploads_open) form.querySelector(".api-token").hidden = false;

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const players = Array.from({ length: seats }, (_, p) => {
      const deck = data.decks.find((d) => d.key === form.elements[`any-deck-${p}`].value);
      return { name: form.elements[`any-name-${p}`].value.trim() || `Player ${p + 1}`, deck: deck.main, deck_name: deck.name };
    });
    const game = { ruleset: data.ruleset, played_at: localIso(), first: Number(form.elements.first.value), players,
      meta: { recorded_by: "pmemo-replay /record" } };
    const seat = oneSeat && seats === 2 ? form.elements.seat.value : "judge";
    if (seat !== "judge") game.meta.recorded_from = Number(seat);
    const event = form.elements.event.value.trim();
    const round = parseInt(form.elements.round.value, 10);
    if (event) game.event = event;
    if (round > 0) game.round = round;
    if (form.elements.as_played.checked) game.as_played = true;  // irregular actions may stand (docs/as-played.md)
    $("start").disabled = true;
    const problem = await onCreate({ format: "pmemo-log", version: 1, game }, seat, form.elements.api_token.value.trim());
    $("start").disabled = false;
    $("setup-error").hidden = !problem;
    $("setup-error").textContent = problem || "";
  });
  $("setup").hidden = false;
}
