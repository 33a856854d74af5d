// The bottom sheet: one question at a time (which card, the payment, a note), closed by Esc or Cancel.
import { $, el, fill } from "../dom.js";

export function openSheet(title, ...body) {
  fill($("sheet-heading"), title);
  fill($("sheet-body"), ...body, el("div", { class: "sheet-cancel" },
    el("button", { type: "button", class: "big", dataset: { cmd: "close" }, text: "Cancel" })));
  $("sheet").hidden = false;
  const first = $("sheet-body").querySelector("input, textarea, button");
  if (first) first.focus();
}

export function closeSheet() {
  $("sheet").hidden = true;
  fill($("sheet-body"));
}

export function sheetOpen() {
  return !$("sheet").hidden;
}

export function button(text, onClick, cls = "") {
  const b = el("button", { type: "button", class: `big ${cls}`.trim(), text });
  b.addEventListener("click", onClick);
  return b;
}
