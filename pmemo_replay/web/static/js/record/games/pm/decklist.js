// Deck lists typed or pasted: one card a line, "MHK 01-022" or "4 MHK 01-022" (also "4x", "x4" after).

const LINE = /^(?:(\d{1,2})\s*[x×]?\s+)?([A-Za-z0-9]+\s+[A-Za-z0-9]+-[A-Za-z0-9]+)(?:\s*[x×]\s*(\d{1,2}))?$/;

/** {main, ex} from the text, EX cards (keyword "EX") apart; throws Error naming every bad line. */
export function parseDeckList(text, cards) {
  const main = [];
  const ex = [];
  const errors = [];
  const lines = {}; // card id -> the line numbers naming it
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (!line) return;
    const m = LINE.exec(line);
    if (!m) {
      errors.push(`line ${i + 1}: "${line}" is not "MHK 01-022" or "4 MHK 01-022"`);
      return;
    }
    const id = m[2].replace(/\s+/, " ").toUpperCase();
    const facts = cards[id];
    if (!facts) {
      errors.push(`line ${i + 1}: "${m[2]}" is not a known card id`);
      return;
    }
    const copies = Number(m[1] || m[3] || 1);
    if (copies < 1) {
      errors.push(`line ${i + 1}: ${copies} copies`);
      return;
    }
    const into = (facts.keywords || []).includes("EX") ? ex : main;
    for (let k = 0; k < copies; k++) into.push(id);
    (lines[id] = lines[id] || []).push(i + 1);
  });
  const count = {};
  for (const id of [...main, ...ex]) count[id] = (count[id] || 0) + 1;
  for (const [id, n] of Object.entries(count)) {
    if (n > 4) errors.push(`line ${lines[id].join(", ")}: ${n} copies of ${id}; a deck holds at most 4`);
  }
  if (ex.length > 15) errors.push(`the EX cards come to ${ex.length}; an EX deck holds at most 15`);
  if (!errors.length && main.length && main.length !== 60) errors.push(`the main deck comes to ${main.length} cards; it must be 60`);
  if (!errors.length && !main.length) errors.push("the list names no card");
  if (errors.length) throw new Error(errors.join("\n"));
  return { main, ex };
}
