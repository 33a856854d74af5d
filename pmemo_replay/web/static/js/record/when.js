// When a game is played: the header's played_at in the recorder's own time zone.

/** "2026-11-27T19:04:05+01:00" for now (or ``now``), with the local offset. */
export function localIso(now = new Date()) {
  const pad = (n) => String(Math.abs(n)).padStart(2, "0");
  const off = -now.getTimezoneOffset();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}:`
    + `${pad(now.getSeconds())}${off >= 0 ? "+" : "-"}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`;
}
