// Board modules: each ruleset's way of drawing its table, telling its actions and showing its cards.
//
// The page names the module of its log's ruleset (static/js/boards/<ruleset>.js, or generic.js when the game has
// none). A module exports createBoard({cards, players}) (cards: facts by id as the server sent them; players:
// [{name, deck_name}], one per seat, any number of seats) returning:
//   render(state, container, {seat, view, hidden, step})  draw the state JSON of step `step` into container (the
//                                                   module owns its children); seat: the viewing seat or null;
//                                                   hidden(p): true when seat p's hand must be drawn as card backs
//   narrate(action) -> string                       one logged action in words
//   label(id) -> string                             a card as text, "MSJ 001 (Hana)"
//   describe(facts) -> {cls, rows}                  the hover card: a class for its head, [[label, value], ...]
//   zone(state, key) -> {title, nodes} | null       the cards behind a clicked .pile[data-zone=key]
//   secret(action) -> bool                          the action's JSON tells what a player's view must not show
//   noLegal(state) -> string                        why no legal action is listed (the game goes on)
// Card nodes carry data-card=<id> for the hover card; a hidden card is a ".card.back", and a run of them in a hand
// one ".card.back.stacked" carrying data-count and a count badge (cards.js backs/compactBacks).

export async function loadBoard(url, context) {
  let module;
  try {
    module = await import(url);
  } catch (err) {
    console.warn(`board module ${url} did not load (${err.message}); the generic board is used`);
    module = await import("./generic.js");
  }
  return module.createBoard(context);
}
