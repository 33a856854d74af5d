// The commands every recorder table keeps one tap away, whatever the game: a note, a concession, finishing the
// draft (asking first when the game is not over), and the one click handler that runs them from the bar.
import { el } from "../dom.js";
import { call, forgetCurrent, saveDraft } from "./outbox.js";
import { button, closeSheet, openSheet } from "./sheet.js";

/**
 * note / concede / finish / askFinish for a table. `send(action)` records an action, `isOver()` says whether the
 * game has a result, `stored(gameId)` is told the stored game's number, `failed(ruling)` why finishing failed.
 */
export function tableCommands({ d, names, outbox, send, isOver, stored, failed }) {
  function note() {
    const text = el("textarea", { rows: "3", maxlength: "500", "aria-label": "note" });
    openSheet("Note", text, button("Save the note", () => { if (text.value.trim()) send({ type: "note", text: text.value.trim() }); }, "primary"));
  }

  function concede() {
    openSheet("Who concedes?", names.map((name, p) => button(`${name} concedes`, () => send({ type: "concede", p }), "danger")));
  }

  async function finish() {
    if (outbox.pending()) { outbox.flush(); return; }
    const res = await call("POST", `/api/drafts/${d.id}/finish`, d.token).catch(() => null);
    if (!res || (res.status !== 200 && res.status !== 201)) {
      failed((res && res.body && (res.body.ruling || { message: res.body.error })) || { message: "the server does not answer" });
      return;
    }
    closeSheet();
    forgetCurrent();
    stored(res.body.game_id);
  }

  function askFinish() {
    if (isOver()) { finish(); return; }
    openSheet("The game is not over", el("p", { text: "Store it as it stands?" }), button("Finish and store", finish, "primary"));
  }

  return { note, concede, finish, askFinish };
}

/** Runs `commands[name]` when an element with data-cmd="name" (the recorder's bar) is clicked. */
export function bindCommands(commands) {
  document.addEventListener("click", (e) => {
    const t = e.target.closest("[data-cmd]");
    if (t && commands[t.dataset.cmd]) commands[t.dataset.cmd]();
  });
}

/** Two seats, one game: a sheet linking draft `d`, recorded from `seat`, with the other player's (each asks for the
 * other), then the merge page. */
export function pairSheet(d, names, seat) {
  const other = el("input", { type: "number", inputmode: "numeric", min: "1", "aria-label": "the other phone's draft number",
    value: d.pairedWith ? String(d.pairedWith) : "" });
  const answer = el("p", { class: "hint pair-answer", role: "status" });
  const link = el("a", { class: "big", href: `/games/draft/${d.id}/merge`, text: "Open the merge (after the game)" });
  // a wrong number typed, or the other phone's recording abandoned: take this phone's request back (409 once merged)
  const unpair = button("Unpair", async () => {
    const res = await call("DELETE", `/api/drafts/${d.id}/pair`, d.token).catch(() => null);
    if (!res || res.status !== 200) { answer.textContent = (res && res.body && res.body.error) || "the server does not answer"; return; }
    delete d.pairedWith;
    saveDraft(d);
    other.value = "";
    unpair.hidden = true;
    answer.textContent = res.body.unpaired === null ? "This phone had not asked to pair."
      : `Unpaired from draft ${res.body.unpaired}: the two recordings count as two games again.`;
  }, "pair-undo");
  unpair.hidden = !d.pairedWith;
  openSheet(`Pair with ${names[1 - seat]}'s phone`,
    el("div", { class: "rec-pair" }, el("p", { text: `This phone records seat ${seat} (${names[seat]}): its draft number is ${d.id}. ` +
      `Enter the number ${names[1 - seat]}'s phone shows, and pair there with ${d.id}.` }), other),
    button("Pair", async () => {
      const res = await call("POST", `/api/drafts/${d.id}/pair`, d.token, { with: Number(other.value), seat }).catch(() => null);
      if (!res || res.status !== 200) { answer.textContent = (res && res.body && res.body.error) || "the server does not answer"; return; }
      d.pairedWith = Number(other.value);
      saveDraft(d);
      answer.textContent = res.body.paired ? "Paired: both phones asked. The merge opens once both recordings are finished."
        : "Asked: now pair on the other phone too.";
      unpair.hidden = false;
    }, "primary pair-send"), answer, unpair, link);
}
