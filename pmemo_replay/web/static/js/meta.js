// /meta: draw the Plotly figures the server built, and make the card table sortable and filterable.
// Text from the data goes in with textContent only; the table itself is rendered (escaped) by the server.
import { $ } from "./dom.js";

const figures = JSON.parse($("meta-data").textContent);

// a chart's card or archetype -> its page: the links the page lists (each carries data-label, the chart's label)
const pages = new Map();
for (const a of document.querySelectorAll("a[data-label]")) if (!pages.has(a.dataset.label)) pages.set(a.dataset.label, a.href);
// Plotly labels are HTML-escaped (dashboards.figures.esc); read them back as text, never as markup
const plain = (label) => new DOMParser().parseFromString(String(label), "text/html").documentElement.textContent.trim();

function openClicked(event) {
  const point = event.points && event.points[0];
  if (!point) return;
  for (const label of [point.text, point.y, point.x, point.data && point.data.name]) { // a line: its archetype
    const href = label == null ? undefined : pages.get(plain(label));
    if (href) {
      window.location.assign(href);
      return;
    }
  }
}

// Charts are drawn when they come near the screen, and the rest when the browser is idle: plotly.js (4.8 MB) is
// loaded and compiled only then, so the table and the links are ready at once (seconds sooner on a phone).
let plotly = null;
function loadPlotly() {
  plotly ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = $("meta-data").dataset.plotly;
    script.onload = resolve;
    script.onerror = () => reject(new Error("plotly.js did not load"));
    document.head.append(script);
  });
  return plotly;
}

const drawn = new WeakSet();
async function draw(node) {
  if (drawn.has(node)) return;
  drawn.add(node);
  const fig = figures[node.dataset.figure];
  if (!fig) return;
  await loadPlotly();
  window.Plotly.newPlot(node, fig.data, fig.layout, { responsive: true, displaylogo: false });
  node.on("plotly_click", openClicked);
}

const plots = Array.from(document.querySelectorAll("[data-figure]"));
const near = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    near.unobserve(entry.target);
    draw(entry.target);
  }
}, { rootMargin: "300px" });
for (const node of plots) near.observe(node);
const whenIdle = window.requestIdleCallback ?? ((f) => setTimeout(f, 50));
function drawNextIdle() {
  const node = plots.find((n) => !drawn.has(n));
  if (node) draw(node).then(() => whenIdle(drawNextIdle), () => {});
}
if (document.readyState === "complete") whenIdle(drawNextIdle);
else window.addEventListener("load", () => whenIdle(drawNextIdle), { once: true });

const table = $("card-table");
const body = table.tBodies[0];
const rows = Array.from(body.rows).filter((r) => r.cells.length > 1);

function value(row, col, numeric) {
  const raw = row.cells[col].dataset.v ?? "";
  if (!numeric) return raw.toLowerCase();
  return raw === "" ? null : Number(raw);
}

function sortBy(th) {
  const col = th.cellIndex;
  const numeric = th.dataset.type === "num";
  const descending = th.getAttribute("aria-sort") !== "descending" && (numeric || th.getAttribute("aria-sort") === "ascending");
  for (const other of table.tHead.rows[0].cells) other.removeAttribute("aria-sort");
  th.setAttribute("aria-sort", descending ? "descending" : "ascending");
  const sign = descending ? -1 : 1;
  rows.sort((a, b) => {
    const x = value(a, col, numeric);
    const y = value(b, col, numeric);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1; // nulls last either way
    return x < y ? -sign : x > y ? sign : 0;
  });
  body.append(...rows);
}

for (const th of table.tHead.rows[0].cells) {
  th.tabIndex = 0;
  th.addEventListener("click", () => sortBy(th));
  th.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      sortBy(th);
    }
  });
}

const filter = $("card-filter");
const count = $("card-count");
filter.addEventListener("input", () => {
  const needle = filter.value.trim().toLowerCase();
  let shown = 0;
  for (const row of rows) {
    const hit = !needle || row.cells[0].textContent.toLowerCase().includes(needle) || row.cells[1].textContent.toLowerCase().includes(needle);
    row.hidden = !hit;
    if (hit) shown += 1;
  }
  count.textContent = needle ? `${shown} of ${rows.length} cards` : `${rows.length} cards`;
});
