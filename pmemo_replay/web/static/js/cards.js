// Card tiles (small labelled rectangles with a color stripe) and the card-facts tooltip.
import { el, fill } from "./dom.js";

const TYPE_WORD = { chara: "Chara", event: "Event", support: "Support" };

export function shortId(id) {
  const i = id.indexOf(" ");
  return i < 0 ? id : id.slice(i + 1);
}

/**
 * A card tile. opts: small, rested, faceDown, ap, dp, baseAp, baseDp, level, marks (extra classes).
 */
export function tile(id, facts, opts = {}) {
  const f = facts || { name: id, color: "none", cost: "?", type: "" };
  const classes = ["card", `c-${f.color || "none"}`];
  if (opts.small) classes.push("small");
  if (opts.rested) classes.push("rested");
  if (opts.faceDown) classes.push("facedown");
  if (opts.marks) classes.push(...opts.marks);
  const node = el("div", { class: classes.join(" "), dataset: { card: id }, tabindex: "0", title: `${id} ${f.name}`,
    "aria-label": `${id} ${f.name}${opts.rested ? " (rested)" : ""}${opts.faceDown ? " (face down)" : ""}` });
  const top = el("div", { class: "c-top" },
    el("span", { class: "c-cost", title: "usage cost", text: String(f.cost ?? f.cost_symbol ?? "?") }),
    el("span", { class: "c-id", text: shortId(id) }));
  if (opts.level && opts.level > 1) top.append(el("span", { class: "c-lv", title: `level ${opts.level}`, text: `Lv${opts.level}` }));
  node.append(el("div", { class: "c-stripe" }), top, el("div", { class: "c-name", text: f.name }));
  if (opts.faceDown) node.append(el("div", { class: "c-face", text: "face down" }));
  else if ((opts.ap !== undefined && opts.ap !== null) || (opts.dp !== undefined && opts.dp !== null)) node.append(stats(opts));
  else if (!opts.small && f.type) {
    const bottom = f.ap !== null && f.ap !== undefined ? `${f.ap}/${f.dp}` : "";
    node.append(el("div", { class: "c-bottom" }, el("span", { class: "c-type", text: TYPE_WORD[f.type] || "" }), bottom));
  }
  return node;
}

function stats(opts) {
  const cls = (v, base) => (v === null || base === null || base === undefined ? "" : v > base ? " up" : v < base ? " down" : "");
  const show = (v) => (v === null || v === undefined ? "–" : String(v));
  return el("div", { class: "c-stats" },
    el("span", { class: `c-ap${cls(opts.ap, opts.baseAp)}`, title: "AP (all modifiers applied)", text: show(opts.ap) }),
    el("span", { class: "c-sep", text: "/" }),
    el("span", { class: `c-dp${cls(opts.dp, opts.baseDp)}`, title: "DP (all modifiers applied)", text: show(opts.dp) }));
}

export function back(small = true) {
  return el("div", { class: `card back${small ? " small" : ""}`, "aria-label": "a hidden card" }, el("div", { class: "back-mark" }));
}

/**
 * n hidden cards side by side drawn as one card back with a count badge ("x35"), so a long hidden hand stays one
 * tile wide; one card is a plain back. The stack carries data-count and says its count to assistive technology.
 */
export function backs(n, small = true) {
  const node = back(small);
  if (n <= 1) return node;
  node.classList.add("stacked");
  node.dataset.count = String(n);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", `${n} hidden cards`);
  node.title = `${n} hidden cards`;
  node.append(el("span", { class: "back-count", "aria-hidden": "true", text: `x${n}` }));
  return node;
}

/** The mark compactBacks takes for a card drawn at the table and not named yet (a null is a hidden card). */
export const NOT_NAMED = "not-named";

/**
 * A row of cards: each node as it is; each run of nulls (hidden cards) one stack of backs (backs(n)), each run of
 * NOT_NAMED marks one stack of cards not named (notNamedRun(n)).
 */
export function compactBacks(items, small = true) {
  const out = [];
  let kind = null;
  let run = 0;
  const flush = () => {
    if (run) out.push(kind === NOT_NAMED ? notNamedRun(run, small) : backs(run, small));
    run = 0;
  };
  for (const item of items) {
    if (item === null || item === NOT_NAMED) {
      if (run && item !== kind) flush();
      kind = item;
      run += 1;
    } else {
      flush();
      out.push(item);
    }
  }
  flush();
  return out;
}

/** A card drawn at the table that nobody named yet (a game whose deck orders nobody saw): face down, so labelled. */
export function notNamed(small = true) {
  return el("div", { class: `card back not-named${small ? " small" : ""}`, "aria-label": "a card not named yet",
    title: "drawn, not named yet" }, el("span", { class: "nn-label", text: "not named" }));
}

/** n cards not named yet side by side: one such card with a count badge (one card: notNamed()). */
export function notNamedRun(n, small = true) {
  const node = notNamed(small);
  if (n <= 1) return node;
  node.classList.add("stacked");
  node.dataset.count = String(n);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", `${n} cards not named yet`);
  node.title = `${n} cards drawn, not named yet`;
  node.append(el("span", { class: "back-count", "aria-hidden": "true", text: `x${n}` }));
  return node;
}

/**
 * Card facts on hover (or focus), pinned on click; Esc or a click elsewhere closes. describe(facts) gives the
 * game's way to show them: {cls: a class for the head, rows: [[label, value], ...]}.
 */
export function installTooltip(root, tip, cards, describe) {
  let pinned = null;
  const show = (target) => {
    const id = target.dataset.card;
    const f = cards[id];
    if (!f) return;
    const { cls, rows } = describe(f);
    fill(tip,
      el("div", { class: `tip-head ${cls}` }, el("span", { class: "tip-name", text: f.name }), el("span", { class: "tip-id", text: id })),
      el("dl", {}, rows.map(([k, v]) => [el("dt", { text: k }), el("dd", { text: String(v) })])),
      f.text ? el("p", { class: "tip-text", text: f.text }) : null); // the text, when the server's card data has it
    tip.hidden = false;
    const r = target.getBoundingClientRect();
    const w = tip.offsetWidth, h = tip.offsetHeight;
    let x = r.right + 8, y = r.top;
    if (x + w > window.innerWidth - 4) x = Math.max(4, r.left - w - 8);
    if (y + h > window.innerHeight - 4) y = Math.max(4, window.innerHeight - h - 4);
    tip.style.left = `${x}px`;
    tip.style.top = `${y}px`;
  };
  const hide = () => { tip.hidden = true; };
  root.addEventListener("mouseover", (e) => {
    const t = e.target.closest("[data-card]");
    if (t && !pinned) show(t);
  });
  root.addEventListener("mouseout", (e) => {
    const t = e.target.closest("[data-card]");
    if (t && !pinned && !(e.relatedTarget && t.contains(e.relatedTarget))) hide();
  });
  root.addEventListener("focusin", (e) => {
    const t = e.target.closest("[data-card]");
    if (t && !pinned) show(t);
  });
  root.addEventListener("focusout", () => { if (!pinned) hide(); });
  root.addEventListener("click", (e) => {
    const t = e.target.closest("[data-card]");
    if (t && t !== pinned) { pinned = t; show(t); tip.classList.add("pinned"); return; }
    if (pinned) { pinned = null; tip.classList.remove("pinned"); hide(); }
  });
  return { close() { pinned = null; tip.classList.remove("pinned"); hide(); }, isOpen: () => !tip.hidden };
}
