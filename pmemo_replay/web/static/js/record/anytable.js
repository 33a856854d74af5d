// The table for a game whose logs are always complete: its board module (boards/load.js) draws the judge's state,
// the legal actions are large buttons grouped by type and told by the board; undo, note, concede and finish one
// tap away (games/generic.js; Precious Memories has its own, games/pm-2.22.js, with the questions of unknown cards).
import { $, el, fill } from "../dom.js";
import { loadBoard } from "../boards/load.js";
import { bindCommands, pairSheet, tableCommands } from "./commands.js";
import { call, canonical, makeOutbox, mayStand, saveDraft } from "./outbox.js";
import { button, closeSheet, openSheet, sheetOpen } from "./sheet.js";
import { cardButton, cardPicker } from "./picker.js";

export async function startAnyTable(d, data, server) {
  const players = server.game.players.map((p, i) => ({ name: p.name || `player ${i}`, deck_name: p.deck_name }));
  const names = players.map((p) => p.name);
  const board = await loadBoard(data.board, { cards: data.cards, players });
  let state = server.state;
  let trail = server.trail;
  let last = server.actions.length ? server.actions[server.actions.length - 1] : null;
  let offers = null;
  let gameId = server.game_id;
  let refusal = null;
  // recorded from one seat (the header's meta.recorded_from): the rival's hidden cards stay unnamed until seen
  const recordedFrom = server.game.meta && Number.isInteger(server.game.meta.recorded_from) ? server.game.meta.recorded_from : null;
  const rival = (p) => recordedFrom !== null && p !== recordedFrom;

  const outbox = makeOutbox(d, {
    applied(item, body, more) {
      state = body.state;
      trail = body.trail;
      last = item.kind === "undo" ? null : item.action;
      refusal = null;
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
      $("status").textContent = text;
      $("status").dataset.kind = kind;
    },
  });

  async function refreshOffers() {
    const count = d.count;
    const res = await call("GET", `/api/drafts/${d.id}/legal`, d.token).catch(() => null);
    if (!res || res.status !== 200 || res.body.count !== d.count || count !== d.count) return;
    offers = res.body;
    renderOffers();
  }

  function send(action, named = null) {
    closeSheet();
    offers = null;
    outbox.push(named && named.cards.length ? { kind: "append", action, named } : { kind: "append", action });
    render();
  }

  // --- deck orders nobody saw: the shuffle is tapped without one, the cards drawn are named ------------

  const hiddenOrder = (a) => offers && (offers.hidden_orders || []).includes(a.type) && !("order" in a);
  // draws until a kind of card comes (Mahou's out_of_heroes): what was drawn is asked first, it decides how many
  const namedFirst = (a) => offers && (offers.draws_named_first || []).includes(a.type);

  /** A picker of the cards player p may have drawn (the pool of the deck's positions nobody saw yet). */
  function drawPicker(p, chosen, redraw, shuffling = false) {
    const mine = (offers.draws || [])[p] || {};
    const pool = (shuffling ? mine.shuffle_pool : mine.pool) || {};
    const left = (id) => (pool[id] || 0) - chosen.filter((c) => c === id).length;
    return cardPicker({ ids: Object.keys(pool), cards: data.cards, left, label: `cards ${names[p]} drew`,
      onPick(id) { chosen.push(id); redraw(); } });
  }

  function chosenRow(chosen, redraw) {
    return el("div", { class: "chosen" }, chosen.map((id, i) => {
      const b = id === null ? el("button", { type: "button", class: "card unseen", text: "? not seen ✕" }) : cardButton(id, data.cards[id], "✕");
      b.addEventListener("click", () => { chosen.splice(i, 1); redraw(); });
      return b;
    }));
  }

  /** Tapping a shuffle (or an action that draws until a kind of card comes): "what did X draw?" first (its
   * draws follow what is named, not a made-up order). */
  function askDraws(action, shuffling = true) {
    const p = action.p;
    const chosen = [];
    const body = el("div", { class: "draws" });
    function redraw() {
      fill(body, el("h3", { text: chosen.length ? "Drawn (tap to take back)" : "Tap the cards drawn, in order" }),
        chosenRow(chosen, redraw),
        button(`Record: ${board.narrate(action)} · ${chosen.length} named`, () => send(action, { p, cards: [...chosen] }), "primary draws-send"),
        // the rival's draws until a Hero comes, recorded from one seat: each card into the hand is not seen
        !shuffling && rival(p) ? button("A card into the hand, not seen", () => { chosen.push(null); redraw(); }, "draws-unseen") : null,
        shuffling || !rival(p) ? button("Not seen: record without naming", () => send(action), "draws-skip") : null,
        drawPicker(p, chosen, redraw, shuffling).node);
    }
    redraw();
    openSheet(`What did ${names[p]} draw?`, body);
  }

  function drawPrompts() {
    if (state.result || !offers.draws) return [];
    const out = [];
    for (const { p, unnamed } of offers.draws) {
      if (!unnamed || d.skipped[p] === d.count || rival(p)) continue;  // a rival's draws are named when played
      const chosen = (d.naming || (d.naming = {}))[p] || (d.naming[p] = []);
      const section = el("section", { class: "rec-group g-identify", "aria-label": "what did you draw" });
      const redraw = () => {
        saveDraft(d);
        fill(section, el("h3", { text: `What did ${names[p]} draw? ${unnamed} card(s) not named` }),
          chosenRow(chosen, redraw),
          el("div", { class: "row-buttons" },
            button(`Record ${chosen.length} card(s)`, () => {
              const cards = chosen.splice(0);
              saveDraft(d);
              offers = null;
              // its own id: a resend is known as this naming, a second naming of the same cards is not
              outbox.push({ kind: "name", named: { p, cards, request_id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}` } });
              render();
            }, "primary identify-send"),
            button("Skip", () => { d.skipped[p] = d.count; renderOffers(); }, "identify-skip")),
          drawPicker(p, chosen, redraw).node);
      };
      redraw();
      out.push(section);
    }
    return out;
  }

  /** An offer carrying a deck's order in a game that keeps no order hidden (no engine.ruleset.HiddenOrders): the
   * log will hold exactly this order, so the page says so and shows it (never a made-up order taken silently). */
  function orderStated(a) {
    if (!Array.isArray(a.order) || (offers.hidden_orders || []).includes(a.type)) return null;
    return el("p", { class: "hint order-stated", dataset: { offer: a.type },
      text: `${names[a.p] ?? "This player"}'s deck order is recorded as offered, top first: ${a.order.join(", ")}. `
        + "This game does not leave deck orders unrecorded: record a shuffle only when its order was seen." });
  }

  function render() {
    board.render(state, $("board"), { seat: null, view: "judge", hidden: () => false, step: d.count });
    $("board").dataset.count = String(d.count);
    $("last-action").textContent = last ? board.narrate(last) : "—";
    fill($("trail"), (trail || []).map((t) => el("li", { class: `tr ${t.ok === true ? "ok" : "event"}` },
      el("span", { class: "tr-rule", text: t.rule }), " ", el("span", { text: t.message }))));
    fill($("refusal"), refusal ? el("div", { class: "notice error", role: "alert" },
      el("b", { text: refusal.action ? `Refused: ${board.narrate(refusal.action)}` : "Not sent" }), el("br"),
      `${refusal.ruling.rule ? `${refusal.ruling.rule}: ` : ""}${refusal.ruling.message}`, anywayButton()) : null);
    renderOffers();
  }

  // a draft recorded as played: the refused action may stand as the table played it
  function anywayButton() {
    if (!mayStand(d, refusal)) return null;
    const action = refusal.action;
    return el("div", {}, button("Record it anyway as played", () => {
      refusal = null;
      outbox.push({ kind: "append", action, anyway: true });
      render();
    }, "anyway"));
  }

  function renderOffers() {
    const node = $("offers");
    document.querySelector(".rec-bar").hidden = gameId !== null && gameId !== undefined;
    if (gameId !== null && gameId !== undefined) {
      // a seat's recording: pairing with the other phone and its merge stay one tap away after Finish
      const twoSeats = recordedFrom !== null ? [el("p", { class: "hint", text: "Recorded from one seat: pair it with the other phone's recording, then open the merge once both are finished." }),
        button("Pair with the other phone", pair, "big pair-after"),
        el("a", { class: "big merge-link", href: `/games/draft/${d.id}/merge`, text: "Open the merge" })] : [];
      fill(node, el("div", { class: "rec-done" }, el("p", { text: "Finished and stored." }),
        el("a", { class: "big primary", href: `/games/${gameId}`, text: `Open game ${gameId}` }), ...twoSeats));
      return;
    }
    if (outbox.pending() || !offers || offers.count !== d.count) {
      node.dataset.ready = "";
      fill(node, el("p", { class: "hint", text: outbox.pending() ? `sending… (${outbox.pending()} unsent)` : "asking the rules…" }));
      return;
    }
    const parts = drawPrompts();
    if (state.result) {
      parts.push(el("div", { class: "rec-done" }, el("p", { text: "The game is over." }), button("Finish and store", finish, "primary")));
    }
    const groups = new Map();
    for (const a of offers.actions) {
      const key = `${a.type}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(a);
    }
    for (const [type, list] of groups) {
      parts.push(el("section", { class: `rec-group g-${type}` }, el("h3", { text: type.replace(/_/g, " ") }),
        list.map((a) => {
          const b = button(board.narrate(a), () => (hiddenOrder(a) ? askDraws(a) : namedFirst(a) ? askDraws(a, false) : send(a)), "offer");
          b.dataset.offer = a.type;
          b.dataset.action = canonical(a);
          aboutEffect(b, a);
          return [b, orderStated(a)];
        })));
    }
    if (offers.hand_play !== null && offers.hand_play !== undefined) {
      const p = offers.hand_play;
      parts.push(el("section", { class: "rec-group g-hand" }, el("h3", { text: "Not named yet" }),
        offers.actions.length ? null : el("p", { class: "hint", text: `The choices here take cards nobody named: name what ${names[p]} drew first.` }),
        button(`${names[p]} plays a card not named yet…`, () => playFromHand(p), "offer hand-play")));
    }
    fill(node, parts);
    node.dataset.ready = String(d.count);
  }

  /** An effect's button (a trigger, an activated ability) names the ability and shows its text from the card
   * file, as the offers give them (``about``, in step with ``actions``). */
  function aboutEffect(b, a) {
    const at = offers.actions.indexOf(a);
    const about = at >= 0 && offers.about ? offers.about[at] : null;
    if (!about) return;
    b.append(el("span", { class: "offer-effect", text: about.effect }));
    if (about.text) b.append(el("span", { class: "offer-text", text: about.text }));
  }

  /** A card drawn and not named yet is played: which card it is (from the pool the draft knows), then the ways the
   * rules allow to play it; the append names it (no offer shows a card nobody named). */
  function playFromHand(p) {
    const pool = ((offers.draws || [])[p] || {}).pool || {};
    const picker = cardPicker({ ids: Object.keys(pool), cards: data.cards, left: (id) => pool[id] || 0,
      label: `the card ${names[p]} plays`,
      async onPick(id) {
        const res = await call("GET", `/api/drafts/${d.id}/legal?p=${p}&card=${encodeURIComponent(id)}`, d.token).catch(() => null);
        if (!res || res.status !== 200) {
          openSheet(`${id} cannot be ${names[p]}'s`, el("p", { class: "error",
            text: res && res.body ? (res.body.ruling || res.body).message || res.body.error : "no answer" }));
          return;
        }
        const options = res.body.options;
        openSheet(`${names[p]} plays ${id}`, options.length
          ? options.map(({ action }) => {
            const b = button(board.narrate(action), () => send(action), "offer");
            b.dataset.offer = action.type;
            b.dataset.action = canonical(action);
            return b;
          })
          : el("p", { class: "hint", text: "the rules offer no way to play it now" }));
      } });
    openSheet(`Which card does ${names[p]} play?`, picker.node);
  }

  function undo() {
    if (outbox.popLocal()) { render(); return; }
    offers = null;
    outbox.push({ kind: "undo" });
    render();
  }

  const { note, concede, finish, askFinish } = tableCommands({ d, names, outbox, send,
    isOver: () => Boolean(state.result),
    stored(id) { gameId = id; render(); },
    failed(ruling) { refusal = { ruling }; render(); } });

  const pair = () => pairSheet(d, names, recordedFrom);

  if (recordedFrom !== null) {
    $("pair-cmd").hidden = false;
    $("live-link").after(el("span", { class: "rec-seat", text: ` · recorded from ${names[recordedFrom]}'s seat` }));
  }
  bindCommands({ undo, note, concede, finish: askFinish, close: closeSheet, pair });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && sheetOpen()) closeSheet();
  });

  $("table").hidden = false;
  render();
  if (outbox.pending()) outbox.flush();
  else refreshOffers();
}
