"""``pmemo-replay stats cards|decks|matchups|first|trends|games``: the meta statistics of metrics.md (and the game
rows of mahou-shoujo.md §13), each for one ruleset
(``--ruleset``, else Precious Memories when it has games, else the most played one)."""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections.abc import Sequence
from typing import Any

from pmemo_replay.cli.statsopts import add_filter_options, add_source_options, current_warehouse, filters_from

KINDS = ("cards", "decks", "matchups", "first", "trends", "games")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("stats", help="meta statistics: cards, decks (archetypes), matchups, first player, weekly trends, game rows",
                       description="Statistics over the finished games (metrics.md), read from the analytics warehouse, "
                       "which is brought up to date with the store first. Win rates come with Wilson 95% intervals.")
    p.add_argument("kind", choices=KINDS, help="which statistic")
    add_source_options(p)
    p.add_argument("--json", action="store_true",
                   help="print JSON: for cards the metrics.md rows as an array, for the others an object with covers, filters and rows")
    p.add_argument("--envelope", action="store_true", help="with --json and cards: the object with covers, filters and rows")
    p.add_argument("--sort", metavar="FIELD", help="order the rows by this field, largest first (e.g. gih_wr, iwd, eb_wr)")
    p.add_argument("--limit", type=row_count, metavar="N", help="print only the first N rows (0 or more)")
    add_filter_options(p)
    p.set_defaults(run=run)


def row_count(text: str) -> int:
    """``--limit``: a whole number, 0 or more (argparse exits 2 with the message otherwise)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {n}")
    return n


def width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, n: int, *, right: bool = False) -> str:
    gap = " " * max(n - width(text), 0)
    return gap + text if right else text + gap


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], numeric: int = 1) -> list[str]:
    """Aligned columns; columns from index ``numeric`` on are right-aligned."""
    widths = [max(width(str(c)) for c in col) for col in zip(headers, *rows, strict=True)]
    return ["  ".join(pad(str(c), w, right=i >= numeric) for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()
            for row in (headers, *rows)]


def pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def wr(x: float | None, ci: list[float] | None) -> str:
    return "–" if x is None or ci is None else f"{100 * x:.1f} [{100 * ci[0]:.1f}–{100 * ci[1]:.1f}]"


def num(x: float | None, digits: int = 2) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def card_lines(body: dict[str, Any]) -> list[str]:
    rows = [[r["card"], r["name"] or "", str(r["games"]), pct(r["deck_share"]), wr(r["gp_wr"], r["gp_ci"]),
             wr(r["gih_wr"], r["gih_ci"]), pct(r["gns_wr"]), pct(r["iwd"]), pct(r["oh_wr"]), pct(r["played_wr"]),
             num(r["avg_turn_played"], 1), f"{pct(r['eb_wr'])} #{r['eb_rank']}"] for r in body["rows"]]
    return table(["card", "name", "games", "share%", "GP WR% [95%]", "GIH WR% [95%]", "GNS%", "IWD", "OH%", "played%", "turn",
                  "EB WR"], rows, numeric=2)


def deck_lines(body: dict[str, Any]) -> list[str]:
    rows = [[r["archetype"], str(r["games"]), pct(r["share"]), wr(r["wr"], r["wr_ci"]), wr(r["first_wr"], r["first_ci"]),
             wr(r["second_wr"], r["second_ci"]), pct(r["redraw_rate"])] for r in body["rows"]]
    return table(["archetype", "games", "share%", "WR% [95%]", "first WR%", "second WR%", "redraw%"], rows)


def matchup_lines(body: dict[str, Any]) -> list[str]:
    rows = [[r["archetype"], r["opponent"], str(r["games"]), "50.0 (mirror)" if r["mirror"] else wr(r["wr"], r["wr_ci"])]
            for r in body["rows"]]
    return table(["archetype", "against", "games", "WR% [95%]"], rows, numeric=2)


def first_lines(body: dict[str, Any]) -> list[str]:
    o = body["overall"]
    rows = [["(all)", str(o["games"]), wr(o["wr"], o["wr_ci"])]]
    rows += [[r["archetype"], str(r["games"]), wr(r["wr"], r["wr_ci"])] for r in body["rows"]]
    return table(["going first", "games", "WR% [95%]"], rows)


def trend_lines(body: dict[str, Any]) -> list[str]:
    rows = [[r["week"], r["archetype"], str(r["games"]), pct(r["share"]), wr(r["wr"], r["wr_ci"])] for r in body["rows"]]
    return table(["week", "archetype", "games", "share%", "WR% [95%]"], rows, numeric=2)


def shares(values: dict[str, float]) -> str:
    return ", ".join(f"{k} {pct(v)}%" for k, v in values.items()) or "–"


def game_lines(body: dict[str, Any]) -> list[str]:
    """The game rows: one line per figure, then the opening pairs."""
    games = bool(body["games"])  # a game's own figures (Gems, Grands) only where its games have them
    gems, grands = games and body["gems_avg"] is not None, games and body["grand_rate"] is not None
    rows = [["ruleset", body["ruleset"]], ["games", str(body["games"])], ["average turns", num(body["avg_turns"], 1)],
            *([["Gems per player-game", num(body["gems_avg"])], ["final Gems", shares(body["gem_margin"])],
               ["Gems from Heroes (½)", pct(body["gems_from_heroes"])],
               ["Gems from Magical Girls (1)", pct(body["gems_from_girls"])]] if gems or not games else []),
            *([["first player WR% [95%]", f"{wr(body['first_wr'], body['first_ci'])} (n {body['first_games']})"]]
              if body["first_games"] is not None or not games else []),  # two-seat games only
            ["redraw rate%, WR%", f"{pct(body['redraw_rate'])}, {wr(body['redraw_wr'], body['redraw_ci'])}"],
            *([["Grand rate%, WR%", f"{pct(body['grand_rate'])}, {wr(body['grand_wr'], body['grand_ci'])}"]]
              if grands or not games else []),
            ["end reasons", shares(body["end_reasons"])]]
    out = table(["figure", "value"], rows, numeric=2)
    if body["pair_wr"]:
        out += ["", *table(["opening pair", "games", "WR% [95%]"],
                           [[r["pair"], str(r["games"]), wr(r["wr"], r["wr_ci"])] for r in body["pair_wr"]])]
    return out


LINES = {"cards": card_lines, "decks": deck_lines, "matchups": matchup_lines, "first": first_lines, "trends": trend_lines,
         "games": game_lines}


def covers_line(body: dict[str, Any]) -> str:
    c = body["covers"]
    given = ", ".join(f"{k}={v}" for k, v in body["filters"].items())
    return f"{c['games']} game(s), {c['player_games']} player-game(s)" + (f"; filters: {given}" if given else "")


def sort_key(value: Any) -> tuple[int, Any]:
    """Numbers largest first, then text in order, nulls last."""
    if value is None:
        return (2, 0)
    if isinstance(value, int | float):
        return (0, -value)
    return (1, str(value))


def ordered(body: dict[str, Any], field: str | None, limit: int | None) -> dict[str, Any]:
    """The rows sorted by ``field`` (``--sort``) and cut to ``limit``; exits 2 for an unknown field."""
    if "rows" not in body:  # the game rows: figures, not rows
        if field or limit is not None:
            print("pmemo-replay: --sort and --limit apply to rows; game rows have none", file=sys.stderr)
            raise SystemExit(2)
        return body
    rows = body["rows"]
    if field:
        if rows and field not in rows[0]:
            print(f"pmemo-replay: --sort: no field {field!r} (fields: {', '.join(rows[0])})", file=sys.stderr)
            raise SystemExit(2)
        rows = sorted(rows, key=lambda r: sort_key(r[field]))
    return {**body, "rows": rows[:limit] if limit is not None else rows}


def chosen_ruleset_note(folder: Any, chosen: str) -> str:
    """Why the statistics are of ``chosen`` when no ``--ruleset`` was given: the only ruleset stored, or the default
    among several (statistics never mix games), with the others named."""
    from dashboards.queries import connect, options

    with connect(folder) as con:
        stored = options(con)["rulesets"]
    others = [r for r in stored if r != chosen]
    if not others:
        return f"pmemo-replay stats: ruleset {chosen} (the only one stored; --ruleset chooses another)"
    return (f"pmemo-replay stats: ruleset {chosen} (no --ruleset given; also stored: {', '.join(others)}; "
            "statistics never mix games: pass --ruleset NAME for another)")


def run(args: argparse.Namespace) -> int:
    from dashboards.queries import statistics

    f = filters_from(args)
    folder = current_warehouse(args)
    body = ordered(statistics(folder, args.kind, f), args.sort, args.limit)
    if f.ruleset is None and body.get("ruleset"):  # say which game the numbers are of (stderr: --json stays clean)
        print(chosen_ruleset_note(folder, body["ruleset"]), file=sys.stderr)
    if args.json:
        bare = args.kind == "cards" and not args.envelope
        print(json.dumps(body["rows"] if bare else body, ensure_ascii=False))
    else:
        print(f"ruleset: {body.get('ruleset', '–')}")
        print(covers_line(body))
        print("\n".join(LINES[args.kind](body)))
    return 0
