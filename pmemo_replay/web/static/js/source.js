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

  const legalCache = new Map();

  /** A stored game's legal actions at step n (GET .../legal?at=N), fetched when the step is shown. */
  function legal(n) {
    let p = legalCache.get(n);
    if (!p) {
      const url = new URL(data.api.legal, window.location.origin);
      url.searchParams.set("at", String(n));
      p = fetch(url, { headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
        .then((body) => body.legal);
      legalCache.set(n, p);
      p.catch(() => legalCache.delete(n));
    }
    return p;
  }

  return { get, prefetch, actions, legal, peek: (n) => ready.get(n) };
}
