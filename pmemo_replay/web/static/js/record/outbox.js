// The draft as this browser holds it (id, token, count, unsent writes) in localStorage, and the sender that
// posts unsent writes in order, each with the count it expects, so a retry is applied once.

const PREFIX = "pmemo-draft:";
const CURRENT = `${PREFIX}current`;
const RETRY_MS = [500, 1000, 2000, 4000, 8000];

export function loadDraft(id) {
  try {
    const d = JSON.parse(localStorage.getItem(PREFIX + id) || "null");
    return d && d.token ? { outbox: [], count: 0, skipped: {}, ...d } : null;
  } catch { return null; }
}

export function saveDraft(d) {
  localStorage.setItem(PREFIX + d.id, JSON.stringify(d));
  localStorage.setItem(CURRENT, String(d.id));
}

export function currentDraftId() {
  const id = Number(localStorage.getItem(CURRENT));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function forgetCurrent() {
  localStorage.removeItem(CURRENT);
}

/** JSON with sorted keys: equal for equal JSON values. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  return JSON.stringify(value);
}

export async function call(method, url, token, body) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await response.json(); } catch { /* not JSON */ }
  return { status: response.status, body: data };
}

/** An append's body: in a draft recorded as played, an irregular action is refused first (as_played: false) and
 * stands only when the recorder sends it again "anyway". */
function appendBody(d, item) {
  const body = { action: item.action, expected: item.expected };
  if (d.game && d.game.as_played && !item.anyway) body.as_played = false;
  if (item.named) body.named = item.named;  // the cards drawn, named with the action (a deck order nobody saw)
  return body;
}

/** Whether a refused append may be recorded anyway as played: the draft says so, it was not sent anyway yet, and the
 * server said it would stand (stands_as_played: an action that cannot be carried out at all, a card that is not
 * there, is never offered). */
export const mayStand = (d, refusal) => Boolean(refusal && refusal.action && !refusal.anyway && refusal.stands &&
  d.game && d.game.as_played);

/**
 * The sender for draft d. hooks: applied(item, body, more), refused(item, body, dropped), conflict(server, dropped),
 * status(text, kind).
 */
export function makeOutbox(d, hooks) {
  const base = `/api/drafts/${d.id}`;
  let busy = false;
  let attempt = 0;
  let timer = null;

  const delta = (item) => (item.kind === "undo" ? -1 : item.kind === "name" ? 0 : 1);
  const save = () => saveDraft(d);

  function push(item) {
    item.expected = d.count + d.outbox.reduce((n, i) => n + delta(i), 0);
    d.outbox.push(item);
    save();
    flush();
  }

  /** Take back the last unsent append (not the one on its way): true when there was one. */
  function popLocal() {
    const last = d.outbox[d.outbox.length - 1];
    if (!last || last.kind !== "append" || (busy && d.outbox.length === 1)) return false;
    d.outbox.pop();
    save();
    return true;
  }

  function later() {
    clearTimeout(timer);
    const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
    attempt += 1;
    hooks.status(`${d.outbox.length} unsent: the server does not answer; retrying in ${wait / 1000} s`, "offline");
    timer = setTimeout(flush, wait);
  }

  async function resolveConflict(item) {
    const server = await call("GET", base, d.token);
    if (server.status !== 200) return false;
    const s = server.body;
    if (item.kind === "append" && s.count > item.expected && canonical(s.actions[item.expected]) === canonical(item.action)) {
      d.outbox.shift();  // it was applied (its answer was lost)
      d.count = item.expected + 1;
      save();
      return true;
    }
    const dropped = d.outbox.splice(0);
    d.count = s.count;
    save();
    hooks.conflict(s, dropped);
    return true;
  }

  async function flush() {
    if (busy) return;
    busy = true;
    clearTimeout(timer);
    try {
      while (d.outbox.length) {
        const item = d.outbox[0];
        hooks.status(`sending ${d.outbox.length}…`, "busy");
        let res;
        try {
          res = item.kind === "undo"
            ? await call("POST", `${base}/undo`, d.token, { expected: item.expected })
            : item.kind === "name"  // cards drawn, named after the action that drew them
              ? await call("POST", `${base}/name`, d.token, { ...item.named, expected: item.expected })
              : await call("POST", `${base}/actions`, d.token, appendBody(d, item));
        } catch {
          later();
          return;
        }
        if (res.status === 200) {
          attempt = 0;
          d.outbox.shift();
          d.count = res.body.applied;
          save();
          hooks.applied(item, res.body, d.outbox.length);
        } else if (res.status === 409) {
          if (!(await resolveConflict(item).catch(() => false))) { later(); return; }
        } else if (res.status === 422 || res.status === 400) {
          const dropped = d.outbox.splice(0);
          save();
          hooks.refused(item, res.body || {}, dropped.length - 1);
        } else if (res.status === 403 || res.status === 404) {
          hooks.status((res.body && res.body.error) || `HTTP ${res.status}`, "error");
          return;
        } else {
          later();
          return;
        }
      }
      hooks.status("", "idle");
    } finally {
      busy = false;
    }
  }

  window.addEventListener("online", () => flush());
  return { push, popLocal, flush, pending: () => d.outbox.length, busy: () => busy };
}
