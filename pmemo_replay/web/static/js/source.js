// Where steps come from: a stored game's API (GET .../state?at=N), or the judge's stateless fold (POST /api/judge/step).
// Steps are cached in a Map (promises, so concurrent asks share one request).

export function makeSource(data) {
  const cache = new Map();
  const ready = new Map();
  const judge = data.mode === "judge";

  async function load(n) {
    let response;
    if (judge) {
      response = await fetch(`/api/judge/step?at=${n}`, {
        method: "POST", body: data.log, headers: { "Content-Type": "application/json" },
      });
    } else {
      const url = new URL(data.api.state, window.location.origin); // it may already carry ?view=
      url.searchParams.set("at", String(n));
      response = await fetch(url, { headers: { Accept: "application/json" } });
    }
    if (!response.ok) {
      let message = `HTTP ${response.status}`;
      try { message = (await response.json()).error || message; } catch { /* not JSON */ }
      throw new Error(message);
    }
    return response.json();
  }

  function get(n) {
    let p = cache.get(n);
    if (!p) {
      p = load(n);
      cache.set(n, p);
      p.then((value) => ready.set(n, value), () => cache.delete(n));
    }
    return p;
  }

  function prefetch(n) {
    if (n >= 0 && n <= data.total && !cache.has(n)) get(n).catch(() => {});
  }

  async function actions() {
    if (judge) return data.actions;
    const response = await fetch(data.api.actions, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()).actions;
  }

  return { get, prefetch, actions, peek: (n) => ready.get(n) };
}
