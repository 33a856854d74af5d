// Precious Memories' table (its table logs: cards nobody named yet): the draft's state from the recorder's seat, what may be done now as large buttons, and the
// questions each asks (which card, the payment, targets); undo, note, concede and finish one tap away.
import { $, el, fill } from "../../../dom.js";
import { makeBoard } from "../../../boards/pm/sheet.js";
import { bindCommands, pairSheet, tableCommands } from "../../commands.js";
import { call, canonical, makeOutbox, mayStand, saveDraft } from "../../outbox.js";
import { cardButton, cardPicker, copiesLeft, poolIds as allowed, seenIn, setCode } from "../../picker.js";
import { button, closeSheet, openSheet, sheetOpen } from "../../sheet.js";
import { groupActions, makeWords } from "./words.js";

export function startTable(d, data, server) {
  const { cards } = data;
  const names = server.game.players.map((p, i) => p.name || `player ${i}`);
  const words = makeWords(cards, names);
  const board = makeBoard(cards, server.game.players);
  const mine = d.seat === "judge" ? [0, 1] : [Number(d.seat)];
  const bottom = d.seat === "1" || d.seat === 1 ? 1 : 0;
  let state = server.state;
  let trail = server.trail;
  let last = server.actions.length ? server.actions[server.actions.length - 1] : null;
  let offers = null;
  let gameId = server.game_id;
  let refusal = null;
  // the cards tapped so far for each hand's unknown draws: kept with the draft, so a reload does not lose them
  let picking = d.picking || (d.picking = {});

  const outbox = makeOutbox(d, {
    applied(item, body, more) {
      state = body.state;
      trail = body.trail;
      last = item.kind === "undo" ? null : item.action;
      refusal = null;
      keepPicks(item);
      d.view = { state, trail, last };
      saveDraft(d);
      if (!more) refreshOffers();
      render();
    },
    refused(item, body, dropped) {
      refusal = { action: item.action, ruling: body.ruling || { message: body.error || "refused" }, dropped, anyway: item.anyway,
        stands: body.stands_as_played === true };
      refreshOffers();
      render();
    },
    conflict(srv, dropped) {
      state = srv.state;
      trail = srv.trail;
      refusal = { ruling: { message: `the draft changed elsewhere: ${dropped.length} unsent action(s) dropped` } };
      refreshOffers();
    },
    status(text, kind) {
      const node = $("status");
      node.textContent = text;
      node.dataset.kind = kind;
    },
  });

  /** The cards tapped for a hand's unknown draws stay until that hand is identified: another action (the
   * opponent's keep, said at the table meanwhile) keeps them, at most as many as the hand still holds unknown. */
  function keepPicks(item) {
    const action = item.kind === "append" ? item.action : null;
    for (const p of Object.keys(picking)) {
      const unknown = state.players[p] ? state.players[p].hand.filter((c) => c === null).length : 0;
      if (action && action.type === "identify" && String(action.p) === p) picking[p] = [];
      else if (picking[p].length > unknown) picking[p] = picking[p].slice(0, unknown);
    }
    d.picking = picking;
  }

  async function refreshOffers() {
    const count = d.count;
    const res = await call("GET", `/api/drafts/${d.id}/legal`, d.token).catch(() => null);
    if (!res || res.status !== 200 || res.body.count !== d.count || count !== d.count) return;
    offers = res.body;
    renderOffers();
  }

  function send(action) {
    closeSheet();
    offers = null;
    outbox.push({ kind: "append", action });
    render();
  }

  // --- rendering ----------------------------------------------------------------------

  function render() {
    board.side($("side-top"), state, 1 - bottom, {});
    board.turnbar($("turnbar"), state);
    board.side($("side-bottom"), state, bottom, {});
    $("board").dataset.count = String(d.count);
    $("last-action").textContent = last ? words.action(last) : "—";
    fill($("trail"), (trail || []).map((t) => el("li", { class: `tr ${t.ok === true ? "ok" : t.unverified ? "unverified" : "event"}` },
      el("span", { class: "tr-rule", text: t.rule }), " ", el("span", { text: t.message }))));
    fill($("refusal"), refusal ? el("div", { class: "notice error", role: "alert" },
      el("b", { text: refusal.action ? `Refused: ${words.action(refusal.action)}` : "Not sent" }), el("br"),
      `${refusal.ruling.rule ? `${refusal.ruling.rule}: ` : ""}${refusal.ruling.message}`,
      refusal.dropped ? ` (${refusal.dropped} later unsent action(s) dropped)` : "", anywayButton()) : null);
    renderOffers();
    document.dispatchEvent(new CustomEvent("pmemo:table", { detail: { count: d.count } }));
  }

  // a draft recorded as played: the refused action may stand as the table played it
  function anywayButton() {
    if (!mayStand(d, refusal)) return null;
    const action = refusal.action;
    return el("div", {}, button("Record it anyway as played", () => {
      refusal = null;
      offers = null;
      outbox.push({ kind: "append", action, anyway: true });
      render();
    }, "anyway"));
  }

  function renderOffers() {
    const node = $("offers");
    document.querySelector(".rec-bar").hidden = gameId !== null && gameId !== undefined;  // finished: nothing to tap
    if (gameId !== null && gameId !== undefined) {
      // a seat's recording: pairing with the other phone and its merge stay one tap away after Finish
      const twoSeats = seatRecording() ? [el("p", { class: "hint", text: "Recorded from one seat: pair it with the other phone's recording, then open the merge once both are finished." }),
        button("Pair with the other phone", pair, "big pair-after"),
        el("a", { class: "big merge-link", href: `/games/draft/${d.id}/merge`, text: "Open the merge" })] : [];
      fill(node, el("div", { class: "rec-done" }, el("p", { text: "Finished and stored." }),
        el("a", { class: "big primary", href: `/games/${gameId}`, text: `Open game ${gameId}` }), ...twoSeats));
      return;
    }
    if (outbox.pending() || !offers || offers.count !== d.count) {
      node.dataset.ready = "";
      const waiting = outbox.pending();
      fill(node, el("p", { class: "hint", text: waiting ? `sending… (${waiting} unsent)` : "asking the rules…" }),
        waiting ? offlineOffers() : null);
      return;
    }
    const parts = [identifyPrompts(), discardPrompts()];
    if (state.result) {
      parts.push(el("div", { class: "rec-done" }, el("p", { text: "The game is over." }),
        button("Finish and store", finish, "primary")));
    }
    const pass = offers.actions.find((a) => a.type === "pass");
    if (pass) parts.push(offerButton(pass, "primary pass"));
    for (const cut of offers.shortcuts || []) {  // runs of passes for one tap: both pass, end the turn
      const b = button(cut.kind === "both_pass" ? "Both pass" : `End turn (${cut.actions.length} passes)`,
        () => sendAll(cut.actions), `offer shortcut ${cut.kind}`);
      b.dataset.shortcut = cut.kind;
      b.title = cut.actions.map((a) => words.action(a)).join(" · ");
      parts.push(b);
    }
    for (const [key, title, list] of groupActions(offers.actions)) {
      parts.push(el("section", { class: `rec-group g-${key}` }, el("h3", { text: title }), list.map((a) => offerButton(a))));
    }
    if (offers.hand_play !== null && offers.hand_play !== undefined) {
      const p = offers.hand_play;
      parts.push(el("section", { class: "rec-group g-hand" }, el("h3", { text: "Not named yet" }),
        button(`${names[p]} plays a card from hand…`, () => playFromHand(p), "offer")));
    }
    fill(node, parts);
    node.dataset.ready = String(d.count);
    document.dispatchEvent(new CustomEvent("pmemo:offers", { detail: { count: d.count } }));
  }

  /** While actions wait to be sent (a dropped connection), the commonest steps can still be recorded: they queue
   * behind the others and the rules check them when the server answers (a refused one is reported then). */
  function offlineOffers() {
    const tp = state.turn_player;
    const steps = [{ type: "pass", p: tp }, { type: "pass", p: 1 - tp }, { type: "end_approach", p: tp },
      { type: "no_interfere", p: 1 - tp }];
    return el("section", { class: "rec-group g-offline" },
      el("h3", { text: "Go on while the server is away (checked when sent)" }), steps.map((a) => offerButton(a)));
  }

  function offerButton(action, cls = "") {
    const at = offers && offers.actions ? offers.actions.indexOf(action) : -1;
    const about = at >= 0 && offers.about ? offers.about[at] : null;
    const cost = at >= 0 && offers.costs ? offers.costs[at] : null;
    const b = button(words.action(action), () => choose(action, cost), `offer ${cls}`);
    b.dataset.offer = action.type;
    b.dataset.action = canonical(action);
    if (!about) return b;
    // an effect's button names the effect and shows the card's text (when the card data has it)
    b.append(el("span", { class: "offer-effect", text: about.effect }));
    if (about.text) b.append(el("span", { class: "offer-text", text: about.text }));
    return b;
  }

  /** Several actions for one tap ("End turn (4 passes)"): one Undo tap takes them all back. */
  function sendAll(actions) {
    closeSheet();
    offers = null;
    for (const action of actions) outbox.push({ kind: "append", action });
    d.taps = [...(d.taps || []), { end: d.count + outbox.pending(), size: actions.length }].slice(-20);
    saveDraft(d);
    render();
  }

  /** The cards player p's unknown card may be (its pool; an unlisted deck: any with copies left) and the set
   * codes its deck already showed (the picker lists those first). */
  function poolIds(pool, _cards, p = null) {
    const who = p === null ? null : state.players[p];
    const seen = seenIn(who);
    return allowed(pool, cards, seen);
  }

  function deckSets(p) {
    const known = [...(server.game.players[p].deck || []), ...Object.keys(seenIn(state.players[p]))];
    return [...new Set(known.map(setCode))];
  }

  // --- "what did you draw?" -----------------------------------------------------------

  function identifyPrompts() {
    const out = [];
    if (state.result) return out;  // the game is over: nothing more is drawn
    for (const p of mine) {
      const unknown = state.players[p].hand.filter((c) => c === null).length;
      if (!unknown || d.skipped[p] === d.count) continue;
      const chosen = picking[p] || (picking[p] = []);
      const pool = state.players[p].unseen;
      const seen = seenIn(state.players[p]);
      const left = (id) => copiesLeft(id, pool, seen, chosen);
      const picker = cardPicker({ ids: poolIds(pool, cards, p), deckSets: deckSets(p), cards, left, label: `cards ${names[p]} drew`,
        onPick(id) { if (chosen.length < unknown) { chosen.push(id); saveDraft(d); renderOffers(); } } });
      out.push(el("section", { class: "rec-group g-identify", "aria-label": "what did you draw" },
        el("h3", { text: `What did ${names[p]} draw? ${unknown} card(s) not named` }),
        el("div", { class: "chosen" }, chosen.map((id, i) => {
          const b = cardButton(id, cards[id], "✕");
          b.addEventListener("click", () => { chosen.splice(i, 1); saveDraft(d); renderOffers(); });
          return b;
        })),
        el("div", { class: "row-buttons" },
          button(`Record ${chosen.length} card(s)`, () => {
            picking[p] = [];
            saveDraft(d);
            send({ type: "identify", p, zone: "hand", cards: chosen });
          }, "primary identify-send"),
          button("Skip", () => { d.skipped[p] = d.count; renderOffers(); }, "identify-skip")),
        picker.node));
    }
    return out;
  }

  // --- "which card went face up to the discard?" ---------------------------------------

  /** Cards face down under a Chara that left went face up to the discard; the ones this recording never saw are
   * unknown there (offers.discard_unknown): each is named as it is seen, oldest first (an identify of the discard). */
  function discardPrompts() {
    return (offers.discard_unknown || []).map((n, p) => (n ? el("section", { class: "rec-group g-identify-discard",
      "aria-label": `cards in ${names[p]}'s discard not named` },
    el("h3", { text: `${names[p]}'s discard: ${n} card(s) face up, not named` }),
    button(`Name a card in ${names[p]}'s discard…`, () => askDiscard(p, n), "offer identify-discard")) : null));
  }

  function askDiscard(p, n) {
    const picker = cardPicker({ ids: poolIds(state.players[p].unseen, cards, p), deckSets: deckSets(p), cards,
      label: `the card in ${names[p]}'s discard`,
      onPick: (id) => send({ type: "identify", p, zone: "discard", cards: [id] }) });
    openSheet(`Which card went face up to ${names[p]}'s discard?${n > 1 ? ` (the oldest of ${n} not named)` : ""}`, picker.node);
  }

  // --- questions ------------------------------------------------------------------------

  function choose(action, cost = null) {
    if (action.type === "no_interfere" && !("card" in action)) return askPoint(action);
    if (action.pay && action.pay.length) return askPayment(action, cost);
    return send(action);
  }

  function askPoint(action) {
    const p = action.p;
    const picker = cardPicker({ ids: poolIds(state.players[p].unseen, cards, p), deckSets: deckSets(p), cards, label: "the card turned face up",
      onPick: (id) => send({ ...action, card: id }) });
    openSheet(`Which card went face up to ${names[p]}'s Point Zone?`, picker.node,
      button("Not seen: leave it unknown", () => send(action)));
  }

  function askPayment(action, cost) {
    const p = action.p;
    const pl = state.players[p];
    const chosen = [...action.pay];
    const known = (zone) => {
      const ids = zone === "hand" ? [...pl.hand] : pl.points.map((pt) => pt.card);
      if (zone === "hand" && action.card) ids.splice(ids.indexOf(action.card), ids.indexOf(action.card) < 0 ? 0 : 1);
      return ids;
    };
    const body = el("div", { class: "pay" });
    let asked = 0;  // the latest check sent: an older answer is ignored
    /** Record is enabled only for a payment the server would take (POST .../check: the rules' own check,
     * colour and identity included), or, as played, one the recorder may let stand after the question. While
     * actions wait in the outbox (offline) the server cannot tell: the cost total decides, as it says. */
    function verdict(record, status, short) {
      const payment = { ...action, pay: chosen };
      const mine = ++asked;
      const local = (why) => {
        record.disabled = short;
        status.textContent = why;
        status.dataset.kind = "unchecked";
      };
      if (outbox.pending()) return local("not checked yet: actions are still being sent");
      record.disabled = true;
      status.textContent = "checking the payment…";
      status.dataset.kind = "checking";
      call("POST", `/api/drafts/${d.id}/check`, d.token, { action: payment, expected: d.count }).then((res) => {
        if (mine !== asked) return;
        if (res.status !== 200 || !res.body) return local("not checked: the server did not answer");
        const legal = res.body.legal;
        record.disabled = !legal && !(d.game && d.game.as_played);
        status.textContent = legal ? "the rules accept this payment" : (res.body.ruling || {}).message || "refused";
        status.dataset.kind = legal ? "legal" : "illegal";
      }).catch(() => mine === asked && local("not checked: offline"));
    }
    function draw() {
      const used = (zone, id) => chosen.filter((c) => c[zone] === id).length;
      const offer = (zone) => {
        const ids = known(zone).filter((id) => id !== null);
        return [...new Set(ids)].filter((id) => used(zone, id) < ids.filter((x) => x === id).length)
          .map((id) => {
            const b = cardButton(id, cards[id], zone === "point" ? "point" : "hand");
            b.addEventListener("click", () => { chosen.push({ [zone]: id }); draw(); });
            return b;
          });
      };
      const unknown = (zone, label) => (known(zone).some((id) => id === null)
        ? button(label, () => pickUnknown(zone), "add-unknown") : null);
      // the cost, what the chosen cards provide (their source) and Record only when it is covered
      const paid = chosen.reduce((n, item) => n + ((cards[item.hand || item.point] || {}).source || 0), 0);
      const short = cost !== null && cost !== undefined && paid < cost;
      const record = button(`Record: ${words.action({ ...action, pay: chosen })}`, () => send({ ...action, pay: chosen }), "primary pay-send");
      const status = el("p", { class: "pay-check", role: "status", "aria-live": "polite" });
      verdict(record, status, short);
      fill(body,
        cost === null || cost === undefined ? null : el("p", { class: `pay-total${short ? " short" : ""}`, role: "status",
          text: `Cost ${cost} · paid ${paid}${short ? ` · ${cost - paid} more` : " ✓"}` }),
        el("h3", { text: chosen.length ? "Paid with (tap to take back)" : "Paid with nothing" }),
        el("div", { class: "chosen" }, chosen.map((item, i) => {
          const id = item.hand || item.point;
          const b = cardButton(id, cards[id], `${item.hand ? "hand" : "point"} ✕`);
          b.addEventListener("click", () => { chosen.splice(i, 1); draw(); });
          return b;
        })),
        el("h3", { text: "Could pay with" }),
        el("div", { class: "pay-options" }, offer("hand"), offer("point"),
          unknown("hand", "+ a card from hand not named yet…"), unknown("point", "+ a point not named yet…")),
        status, record);
    }
    function pickUnknown(zone) {
      const picker = cardPicker({ ids: poolIds(pl.unseen, cards, p), deckSets: deckSets(p), cards, label: `the ${zone} card paid`,
        onPick(id) { chosen.push({ [zone]: id }); openSheet("Payment", body); draw(); } });
      openSheet(`Which ${zone === "hand" ? "card from hand" : "point"} paid?`, picker.node);
    }
    draw();
    openSheet("Payment", body);
  }

  function playFromHand(p) {
    const picker = cardPicker({ ids: poolIds(state.players[p].unseen, cards, p), deckSets: deckSets(p), cards, label: `the card ${names[p]} plays`,
      async onPick(id) {
        const res = await call("GET", `/api/drafts/${d.id}/legal?p=${p}&card=${encodeURIComponent(id)}`, d.token).catch(() => null);
        if (!res || res.status !== 200) {
          openSheet(`${words.card(id)} cannot be in ${names[p]}'s hand`,
            el("p", { class: "error", text: res && res.body ? (res.body.ruling || res.body).message || res.body.error : "no answer" }));
          return;
        }
        const options = res.body.options;
        openSheet(`${names[p]} plays ${words.card(id)}`, options.length
          ? options.map(({ action, cost }) => {
            const b = button(words.action(action), () => (cost > 0 || action.pay.length ? askPayment(action, cost) : send(action)), "offer");
            b.dataset.offer = action.type;
            b.dataset.action = canonical(action);
            return b;
          })
          : el("p", { class: "hint", text: "the rules offer no way to play it now" }));
      } });
    openSheet(`Which card does ${names[p]} play?`, picker.node);
  }

  // --- always one tap away --------------------------------------------------------------

  function undo() {
    const taps = d.taps || [];
    const held = d.count + outbox.pending();
    const tap = taps.length && taps[taps.length - 1].end === held ? taps.pop() : { size: 1 };
    saveDraft(d);
    for (let n = 0; n < tap.size; n += 1) {
      if (outbox.popLocal()) continue;
      offers = null;
      outbox.push({ kind: "undo" });
    }
    render();
  }

  const { note, concede, finish, askFinish } = tableCommands({ d, names, outbox, send,
    isOver: () => Boolean(state.result),
    stored(id) { gameId = id; render(); },
    failed(ruling) { refusal = { ruling }; render(); } });

  const pair = () => pairSheet(d, names, Number(d.seat));

  function seatRecording() {
    return d.seat === "0" || d.seat === "1" || d.seat === 0 || d.seat === 1;
  }

  if (seatRecording()) $("pair-cmd").hidden = false;
  bindCommands({ undo, note, concede, finish: askFinish, close: closeSheet, pair });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && sheetOpen()) { closeSheet(); return; }
    if (sheetOpen()) return; // a question is open: its own buttons answer it, not the shortcuts behind it
    if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
    const offered = [...$("offers").querySelectorAll("button.offer")];
    if (/^[1-9]$/.test(e.key) && offered[Number(e.key) - 1]) offered[Number(e.key) - 1].click();
    else if (e.key === "p") { const b = $("offers").querySelector("button.pass"); if (b) b.click(); }
    else if (e.key === "z") undo();
    else if (e.key === "n") note();
    else return;
    e.preventDefault();
  });

  $("table").hidden = false;
  render();
  if (outbox.pending()) outbox.flush();
  else refreshOffers();
  return { render };
}
