// Precious Memories' recorder (ruleset pm-2.22): its setup form (deck lists pasted or unlisted, EX decks) and its
// table (table logs: the cards a seat did not see stay unknown until named, payments, Point Zone cards).
//
// A recorder module (static/js/record/games/<ruleset>.js, or generic.js when the game has none; the page names it:
// pmemo_replay/web/record.py recorder_module) exports:
//   startSetup(data, onCreate)        fill the setup form; onCreate(header, seat, apiToken) starts the draft
//   startTable(d, data, server)       record draft d (this browser's copy) from the server's answer to GET it
export { startSetup } from "./pm/setup.js";
export { startTable } from "./pm/table.js";
