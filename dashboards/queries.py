"""The metric queries of metrics.md: DuckDB SQL over the warehouse's Parquet datasets.

Every statistic is over player-games (``player_games``, or ``card_games`` for the card facts, which
carry the same filter columns so the card query needs no join). SQL does the counting; the few
result rows get their rates, Wilson intervals and the empirical-Bayes column in Python.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from dashboards import clockwork_games
from dashboards.aggregates import CARD_AGG, DECK_AGG, PLAYER_AGG, answers_exactly, current_files
from dashboards.duckconf import configured
from dashboards.filters import Filters
from dashboards.hidden import read_hidden
from dashboards.intervals import fit_beta, rate, wilson
from dashboards.schema import DATASETS, IN_OPENING, PARTITION, PARTITIONED, PLAYED, SEEN, UNKNOWN_SEEN, split_key, with_partition
from engine.rulesets import UnknownRuleset, get_ruleset

CARD_FIELDS = ("card", "name", "games", "deck_share", "gp_wr", "gp_ci", "oh_games", "oh_wr", "oh_ci", "gih_games", "gih_wr",
               "gih_ci", "gns_games", "gns_wr", "gns_ci", "unknown_seen_games", "iwd", "played_games", "played_wr", "played_ci",
               "avg_turn_played")
CARD_EXTRAS = ("eb_wr", "eb_rank")
DEFAULT_RULESET = "pm-2.22"


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _has_parts(folder: Path, name: str) -> bool:
    pattern = "*/part-*.parquet" if name in PARTITIONED else "part-*.parquet"
    return next((folder / name).glob(pattern), None) is not None


def _database(folder: Path, present: tuple[bool, ...], hidden: tuple[int, ...] = (),
              aggregated: tuple[str, ...] = ()) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB database with a view per dataset over its Parquet files (an empty table without files).

    The views glob the files at every query, so new part files show up; the files of a warehouse share one schema
    (``schema.SCHEMA_VERSION``; another version is rebuilt), so no ``union_by_name`` is needed. The games a
    moderator hid (``hidden``) are left out of every view. ``aggregated``: the current pre-aggregate files
    (:func:`dashboards.aggregates.current_files`, which count without the hidden games), viewed as ``card_agg`` and
    ``player_agg`` when there are both.
    """
    con = configured(duckdb.connect())
    con.execute("SET enable_progress_bar = false")
    con.execute("SET parquet_metadata_cache = true")
    if hidden:  # a table, not a literal list: a list of many ids pushed into every Parquet scan made each scan crawl
        con.register("hidden_ids", pa.table({"game_id": pa.array(hidden, pa.int64())}))
        con.execute("CREATE TABLE hidden_games AS SELECT game_id FROM hidden_ids")
        con.unregister("hidden_ids")
    for (name, schema), has in zip(DATASETS.items(), present, strict=True):
        partitioned = name in PARTITIONED
        if has:
            pattern = str(folder / name / ("*/part-*.parquet" if partitioned else "part-*.parquet"))
            hive = f", hive_partitioning=true, hive_types={{'{PARTITION}': VARCHAR}}" if partitioned else ""
            out = " WHERE game_id NOT IN (SELECT game_id FROM hidden_games)" if hidden and partitioned else ""
            con.execute(f"CREATE VIEW {name} AS SELECT * FROM read_parquet({_literal(pattern)}{hive}){out}")
        else:
            con.register("empty", (with_partition(schema) if partitioned else schema).empty_table())
            con.execute(f"CREATE TABLE {name} AS SELECT * FROM empty")
            con.unregister("empty")
    for name in (CARD_AGG, PLAYER_AGG, DECK_AGG):  # current pre-aggregates (dashboards.aggregates): the files they list
        files = [str(folder / f) for f in aggregated if f.startswith(f"{name}/")]
        if files:
            con.execute(f"CREATE VIEW {name} AS SELECT * FROM read_parquet([{', '.join(map(_literal, files))}], "
                        f"hive_partitioning=true, hive_types={{'{PARTITION}': VARCHAR}})")
    return con


_DATABASES: OrderedDict[tuple[str, tuple[bool, ...], tuple[int, ...], tuple[str, ...]], duckdb.DuckDBPyConnection] = OrderedDict()
_LOCK = threading.Lock()
CACHED = 8  # warehouses whose database is kept open


@contextmanager
def connect(folder: str | os.PathLike[str]) -> Iterator[duckdb.DuckDBPyConnection]:
    """A DuckDB connection (a cursor of the folder's cached database) with the views ``games``, ``player_games``,
    ``card_games`` and ``cards``; thread-safe: each caller gets its own cursor."""
    path = Path(folder).resolve()
    key = (str(path), tuple(_has_parts(path, name) for name in DATASETS), read_hidden(path),
           current_files(path) if (path / CARD_AGG).is_dir() else ())
    with _LOCK:
        base = _DATABASES.get(key)
        if base is None:
            for old in [k for k in _DATABASES if k[0] == key[0]]:
                del _DATABASES[old]  # cursors still open keep their database alive
            base = _DATABASES[key] = _database(path, key[1], key[2], key[3])
            while len(_DATABASES) > CACHED:
                _DATABASES.popitem(last=False)
        _DATABASES.move_to_end(key)
        con = base.cursor()
    try:
        yield con
    finally:
        con.close()


def _wr(score: float, n: int) -> tuple[float | None, list[float] | None]:
    return rate(score, n), wilson(score, n)


def covers(con: duckdb.DuckDBPyConnection, f: Filters) -> dict[str, int]:
    """How many games and player-games the filters cover.

    Both player-games of every finished two-seat game are in the warehouse and game-level filters keep both or
    neither, so without ``player``/``archetype`` filters the games are half the player-games (all of them with
    ``first``); otherwise (and for games of other seat counts) they are counted.
    """
    where, params = f.where()
    known = "count(*) FILTER (WHERE hands_known)"  # table-logs.md: how many player-games had fully known hands
    if f.player is None and f.archetype is None and two_seats(f.ruleset) and _aggregated(con, f):
        n, k = con.execute(f"SELECT coalesce(sum(n), 0)::BIGINT, coalesce(sum(known), 0)::BIGINT FROM {PLAYER_AGG} WHERE {where}",
                           params).fetchone()  # type: ignore[misc]
        return {"games": n if f.first is not None else n // 2, "player_games": n, "known_hands_player_games": k}
    if f.player is None and f.archetype is None and two_seats(f.ruleset):
        n, k = con.execute(f"SELECT count(*), {known} FROM player_games WHERE {where}", params).fetchone()  # type: ignore[misc]
        return {"games": n if f.first is not None else n // 2, "player_games": n, "known_hands_player_games": k}
    n, games, k = con.execute(f"SELECT count(*), count(DISTINCT game_id), {known} FROM player_games WHERE {where}",  # type: ignore[misc]
                              params).fetchone()
    return {"games": games, "player_games": n, "known_hands_player_games": k}


CARD_SQL = """
SELECT key, count(*) AS n, sum(turn_played) AS turns FROM card_games WHERE {where} GROUP BY key
"""
#: the aggregate files add up (a game hidden since they were built is a file of negative counts): a key whose counts
#: sum to nothing under the filters has no row in the row-level query either
CARD_AGG_SQL = (f"SELECT key, sum(n)::BIGINT AS n, sum(turns)::BIGINT AS turns FROM {CARD_AGG} WHERE {{where}} GROUP BY key "
                "HAVING sum(n) <> 0")


def _has_view(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    return con.execute("SELECT count(*) FROM duckdb_views() WHERE view_name = ?", [name]).fetchone() == (1,)


def _aggregated(con: duckdb.DuckDBPyConnection, f: Filters, *names: str) -> bool:
    """Whether this database has current pre-aggregates (``card_agg`` and ``player_agg``, and ``names``) and they
    answer ``f`` exactly (dashboards.aggregates)."""
    if not answers_exactly(f):
        return False
    wanted = {CARD_AGG, PLAYER_AGG, *names}
    found = con.execute(f"SELECT count(*) FROM duckdb_views() WHERE view_name IN ({', '.join('?' * len(wanted))})",
                        sorted(wanted)).fetchone()
    return found == (len(wanted),)


def fold_counts(groups: list[tuple[int, int, int | None]], cards: dict[int, str]) -> list[dict[str, Any]]:
    """Per card: player-games and score sums in each bucket (metrics.md), from (key, n, sum of turn_played) groups
    (given in key order, so the float sums and the prior fitted on them do not depend on the query's row order)."""
    out: dict[int, dict[str, Any]] = {}
    for key, n, turns in groups:
        code, points, flags = split_key(key)
        c = out.get(code)
        if c is None:
            c = out[code] = {"card": cards.get(code, f"#{code}"), "games": 0, "gp": 0.0, "oh_n": 0, "oh": 0.0, "gih_n": 0,
                             "gih": 0.0, "played_n": 0, "played": 0.0, "turns": 0, "unknown_n": 0, "unknown": 0.0}
        s = n * points / 2
        c["games"] += n
        c["gp"] += s
        for bit, name in ((IN_OPENING, "oh"), (SEEN, "gih"), (PLAYED, "played"), (UNKNOWN_SEEN, "unknown")):
            if flags & bit:
                c[f"{name}_n"] += n
                c[name] += s
        if flags & PLAYED:
            c["turns"] += turns
    return list(out.values())


def card_names(con: duckdb.DuckDBPyConnection, ruleset: str | None = None) -> tuple[dict[int, str], dict[str, str | None]]:
    """Card ids by code, and names by card id (of one ruleset's cards when it is given: games may share ids)."""
    where, params = ("WHERE ruleset = ?", [ruleset]) if ruleset is not None else ("", [])
    rows = con.execute(f"SELECT code, any_value(card), any_value(name) FROM cards {where} GROUP BY code", params).fetchall()
    return {code: card for code, card, _ in rows}, {card: name for _, card, name in rows}


def card_row(c: dict[str, Any], name: str | None, total: int) -> dict[str, Any]:
    """One metrics.md card row from its counts (a :func:`card_counts` entry)."""
    games, gih_n, unknown_n = c["games"], c["gih_n"], c.get("unknown_n", 0)
    gns_n, gns = games - gih_n - unknown_n, c["gp"] - c["gih"] - c.get("unknown", 0.0)  # table logs: gih + gns + unknown
    gp_wr, gp_ci = _wr(c["gp"], games)
    oh_wr, oh_ci = _wr(c["oh"], c["oh_n"])
    gih_wr, gih_ci = _wr(c["gih"], gih_n)
    gns_wr, gns_ci = _wr(gns, gns_n)
    played_wr, played_ci = _wr(c["played"], c["played_n"])
    return {
        "card": c["card"], "name": name, "games": games, "deck_share": games / total if total else None,
        "gp_wr": gp_wr, "gp_ci": gp_ci, "oh_games": c["oh_n"], "oh_wr": oh_wr, "oh_ci": oh_ci,
        "gih_games": gih_n, "gih_wr": gih_wr, "gih_ci": gih_ci, "gns_games": gns_n, "gns_wr": gns_wr, "gns_ci": gns_ci,
        "unknown_seen_games": unknown_n,
        "iwd": None if gih_wr is None or gns_wr is None else gih_wr - gns_wr,
        "played_games": c["played_n"], "played_wr": played_wr, "played_ci": played_ci,
        "avg_turn_played": c["turns"] / c["played_n"] if c["played_n"] else None,
        # metrics.md names the intervals "<x>_ci" for each WR; the same intervals under the WR's full name too
        "gp_wr_ci": gp_ci, "oh_wr_ci": oh_ci, "gih_wr_ci": gih_ci, "gns_wr_ci": gns_ci, "played_wr_ci": played_ci,
    }


def card_stats(con: duckdb.DuckDBPyConnection, f: Filters) -> dict[str, Any]:
    """metrics.md card rows (most played first) plus ``eb_wr``/``eb_rank``: the GP WR shrunk towards a Beta prior
    fitted to every card's GP WR in the filter (:func:`dashboards.intervals.fit_beta`), ranked 1 = best."""
    cover = covers(con, f)
    codes, names = card_names(con, f.ruleset)
    where, params = f.where()
    sql = CARD_AGG_SQL if _aggregated(con, f) else CARD_SQL
    counts = fold_counts(sorted(con.execute(sql.format(where=where), params).fetchall()), codes)
    return card_result(f, cover, counts, names)


def card_result(f: Filters, cover: dict[str, int], counts: list[dict[str, Any]], names: dict[str, str | None]) -> dict[str, Any]:
    """The card statistics from the per-card counts (shared with the pandas benchmark)."""
    prior = fit_beta([c["gp"] for c in counts], [c["games"] for c in counts])
    kept = [c for c in counts if c["games"] >= f.min_games]
    rows = [card_row(c, names.get(c["card"]), cover["player_games"]) for c in kept]
    for row, c in zip(rows, kept, strict=True):
        row["eb_wr"] = prior.shrink(c["gp"], c["games"]) if prior else None
    for rank, row in enumerate(sorted(rows, key=lambda r: (-(r["eb_wr"] or 0), r["card"])), 1):
        row["eb_rank"] = rank
    rows.sort(key=lambda r: (-r["games"], r["card"]))
    return {"covers": cover, "filters": f.to_json(), "prior": prior.to_json() if prior else None, "rows": rows}


DECK_SQL = """
SELECT archetype, count(*) AS n, sum(score) AS s,
       count(*) FILTER (WHERE went_first) AS n1, coalesce(sum(score) FILTER (WHERE went_first), 0) AS s1,
       count(*) FILTER (WHERE NOT went_first) AS n2, coalesce(sum(score) FILTER (WHERE NOT went_first), 0) AS s2,
       count(*) FILTER (WHERE redraw) AS redraws
FROM player_games WHERE {where} GROUP BY archetype ORDER BY n DESC, archetype
"""
DECK_AGG_SQL = f"""
SELECT archetype, sum(n) AS n, sum(s) AS s,
       coalesce(sum(n) FILTER (WHERE went_first), 0) AS n1, coalesce(sum(s) FILTER (WHERE went_first), 0) AS s1,
       coalesce(sum(n) FILTER (WHERE NOT went_first), 0) AS n2, coalesce(sum(s) FILTER (WHERE NOT went_first), 0) AS s2,
       sum(redraws) AS redraws
FROM {DECK_AGG} WHERE {{where}} GROUP BY archetype HAVING sum(n) <> 0 ORDER BY n DESC, archetype
"""


def deck_stats(con: duckdb.DuckDBPyConnection, f: Filters) -> dict[str, Any]:
    """Per archetype: player-games (``games``), share, WR with interval, WR going first and second, redraw rate."""
    cover = covers(con, f)
    where, params = f.where()
    rows = []
    sql = DECK_AGG_SQL if _aggregated(con, f, DECK_AGG) else DECK_SQL
    for a, n, s, n1, s1, n2, s2, redraws in con.execute(sql.format(where=where), params).fetchall():
        if n < f.min_games:
            continue
        wr, ci = _wr(s, n)
        wr1, ci1 = _wr(s1, n1)
        wr2, ci2 = _wr(s2, n2)
        rows.append({"archetype": a, "games": n, "share": n / cover["player_games"], "wr": wr, "wr_ci": ci,
                     "first_games": n1, "first_wr": wr1, "first_ci": ci1, "second_games": n2, "second_wr": wr2,
                     "second_ci": ci2, "redraws": redraws, "redraw_rate": redraws / n})
    return {"covers": cover, "filters": f.to_json(), "rows": rows}


MATCHUP_SQL = """
SELECT archetype, opp_archetype, count(*) AS n, sum(score) AS s
FROM player_games WHERE {where} GROUP BY archetype, opp_archetype
"""
MATCHUP_AGG_SQL = f"""
SELECT archetype, opp_archetype, sum(n) AS n, sum(s) AS s
FROM {DECK_AGG} WHERE {{where}} GROUP BY archetype, opp_archetype HAVING sum(n) <> 0
"""


def matchups(con: duckdb.DuckDBPyConnection, f: Filters) -> dict[str, Any]:
    """WR of archetype A's player-games against B, with n and interval; a mirror is 0.5 by construction."""
    cover = covers(con, f)
    if not two_seats(f.ruleset):
        return {"covers": cover, "filters": f.to_json(), "two_seats": False, "archetypes": [], "rows": []}
    where, params = f.where()
    sql = MATCHUP_AGG_SQL if _aggregated(con, f, DECK_AGG) else MATCHUP_SQL
    cells = con.execute(sql.format(where=where), params).fetchall()
    size: dict[str, int] = {}
    for a, _, n, _ in cells:
        size[a] = size.get(a, 0) + n
    rows = []
    for a, b, n, s in cells:
        if n < f.min_games:
            continue
        mirror = a == b
        wr, ci = (0.5, [0.5, 0.5]) if mirror else _wr(s, n)
        rows.append({"archetype": a, "opponent": b, "games": n, "wr": wr, "wr_ci": ci, "mirror": mirror})
    order = sorted({*(r["archetype"] for r in rows), *(r["opponent"] for r in rows)}, key=lambda a: (-size.get(a, 0), a))
    rank = {a: i for i, a in enumerate(order)}
    rows.sort(key=lambda r: (rank[r["archetype"]], rank[r["opponent"]]))
    return {"covers": cover, "filters": f.to_json(), "two_seats": True, "archetypes": order, "rows": rows}


FIRST_SQL = """
SELECT archetype, count(*) AS n, sum(score) AS s
FROM player_games WHERE ({where}) AND went_first GROUP BY ROLLUP (archetype) ORDER BY n DESC, archetype
"""
FIRST_AGG_SQL = f"""
SELECT archetype, sum(n) AS n, sum(s) AS s
FROM {DECK_AGG} WHERE ({{where}}) AND went_first GROUP BY ROLLUP (archetype) HAVING sum(n) <> 0 ORDER BY n DESC, archetype
"""


def first_player(con: duckdb.DuckDBPyConnection, f: Filters) -> dict[str, Any]:
    """The WR of the player going first, overall and per archetype (of that player)."""
    cover = covers(con, f)
    overall: dict[str, Any] = {"games": 0, "wr": None, "wr_ci": None}
    if not two_seats(f.ruleset):
        return {"covers": cover, "filters": f.to_json(), "two_seats": False, "overall": overall, "rows": []}
    where, params = f.where()
    rows = []
    sql = FIRST_AGG_SQL if _aggregated(con, f, DECK_AGG) else FIRST_SQL
    for a, n, s in con.execute(sql.format(where=where), params).fetchall():
        wr, ci = _wr(s, n)
        if a is None:
            overall = {"games": n, "wr": wr, "wr_ci": ci}
        elif n >= f.min_games:
            rows.append({"archetype": a, "games": n, "wr": wr, "wr_ci": ci})
    return {"covers": cover, "filters": f.to_json(), "two_seats": True, "overall": overall, "rows": rows}


TREND_SQL = """
SELECT week, archetype, count(*) AS n, sum(score) AS s, sum(count(*)) OVER (PARTITION BY week) AS week_n
FROM player_games WHERE ({where}) AND week IS NOT NULL GROUP BY week, archetype ORDER BY week, n DESC, archetype
"""
TREND_AGG_SQL = f"""
SELECT week, archetype, sum(n) AS n, sum(s) AS s, sum(sum(n)) OVER (PARTITION BY week) AS week_n
FROM {DECK_AGG} WHERE ({{where}}) AND week IS NOT NULL GROUP BY week, archetype HAVING sum(n) <> 0
ORDER BY week, n DESC, archetype
"""


def trends(con: duckdb.DuckDBPyConnection, f: Filters) -> dict[str, Any]:
    """Share and WR per archetype per ISO week of ``played_at`` (player-games without a date have no week)."""
    cover = covers(con, f)
    where, params = f.where()
    weeks: dict[str, int] = {}
    rows = []
    sql = TREND_AGG_SQL if _aggregated(con, f, DECK_AGG) else TREND_SQL
    for week, a, n, s, week_n in con.execute(sql.format(where=where), params).fetchall():
        weeks[week] = int(week_n)
        if n < f.min_games:
            continue
        wr, ci = _wr(s, n)
        rows.append({"week": week, "archetype": a, "games": n, "share": n / week_n, "wr": wr, "wr_ci": ci})
    dated = sum(weeks.values())
    return {"covers": {**cover, "dated_player_games": dated}, "filters": f.to_json(),
            "weeks": [{"week": w, "games": n} for w, n in weeks.items()], "rows": rows}


def two_seats(ruleset: str | None) -> bool:
    """Whether the ruleset's games have exactly two seats (matchups and first-player views need them)."""
    if ruleset is None:
        return True
    try:
        return tuple(get_ruleset(ruleset).players) == (2, 2)
    except UnknownRuleset:
        return False


def _share(counts: dict[str, int]) -> dict[str, float]:
    total = sum(counts.values())
    return {k: (n / total if total else 0.0) for k, n in counts.items()}


def _gems_text(x: float) -> str:
    """``3``, ``1.5``: a Gem total as a score pair shows it."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


GAME_SQL = """
SELECT count(*) AS n, coalesce(sum(score), 0) AS s, avg(gems) AS gems_avg,
       sum(gems_hero_awards) AS hero_awards, sum(gems_girl_awards) AS girl_awards,
       count(*) FILTER (WHERE went_first) AS n1, coalesce(sum(score) FILTER (WHERE went_first), 0) AS s1,
       count(*) FILTER (WHERE redraw) AS nr, coalesce(sum(score) FILTER (WHERE redraw), 0) AS sr,
       count(grands) AS ng, count(*) FILTER (WHERE grands > 0) AS ngr, coalesce(sum(score) FILTER (WHERE grands > 0), 0) AS sgr
FROM player_games WHERE {where}
"""
GAME_LEVEL_SQL = """
SELECT any_value(turns) AS turns, any_value(reason) AS reason,
       max(greatest(gems, opp_gems)) AS hi, max(least(gems, opp_gems)) AS lo
FROM player_games WHERE {where} GROUP BY game_id
"""
PAIR_SQL = """
SELECT pair_hero, pair_girl, count(*) AS n, sum(score) AS s
FROM player_games WHERE ({where}) AND pair_hero IS NOT NULL GROUP BY pair_hero, pair_girl ORDER BY n DESC, pair_hero, pair_girl
"""
#: the ways a game ends that ``end_reasons`` always lists for games with Gems (mahou-shoujo.md §13); other reasons
#: (and every reason of a game without Gems) are added as found
END_REASONS = ("gems", "deck_out", "concede", "draw")


def game_stats(con: duckdb.DuckDBPyConnection, f: Filters) -> dict[str, Any]:
    """Game rows (mahou-shoujo.md §13): games, turns, Gems, Gem margins and sources, the first player's WR, redraw and
    Grand Transformation rates with their WRs, the WR of each opening Hero × Magical Girl pair, the end reasons.
    Fields a game does not have (Gems, Grands and pairs for Precious Memories) are null or empty. Clockwork Memorion's
    fields (clockwork-memorion.md §13) come from :mod:`dashboards.clockwork_games`."""
    cover = covers(con, f)
    where, params = f.where()
    n, s, gems_avg, hero, girl, n1, s1, nr, sr, ng, ngr, sgr = con.execute(GAME_SQL.format(where=where), params).fetchone()  # type: ignore[misc]
    games = con.execute(GAME_LEVEL_SQL.format(where=where), params).fetchall()
    margins: dict[str, int] = {}
    _, names = card_names(con, f.ruleset)
    clockwork = clockwork_games.clockwork_game_rows(con, f, where, params, names)
    reasons: dict[str, int] = dict.fromkeys(END_REASONS, 0) if games and gems_avg is not None else {}
    if games and clockwork["recall_avg"] is not None:  # Clockwork Memorion's player-games count recalls
        reasons = dict.fromkeys(clockwork_games.END_REASONS, 0)
    for _, reason, hi, lo in games:
        reasons[reason] = reasons.get(reason, 0) + 1
        if hi is not None and lo is not None:
            pair = f"{_gems_text(hi)}-{_gems_text(lo)}"
            margins[pair] = margins.get(pair, 0) + 1
    margins = dict(sorted(margins.items(), key=lambda kv: (-kv[1], kv[0])))
    gem_total = None if hero is None or girl is None else hero / 2 + girl
    two = two_seats(f.ruleset)
    first_wr, first_ci = _wr(s1, n1) if two else (None, None)
    redraw_wr, redraw_ci = _wr(sr, nr)
    grand_wr, grand_ci = _wr(sgr, ngr)
    wr, ci = _wr(s, n)
    pairs = []
    for h, g, pn, ps in con.execute(PAIR_SQL.format(where=where), params).fetchall():
        if pn < f.min_games:
            continue
        pwr, pci = _wr(ps, pn)
        pairs.append({"hero": h, "girl": g, "hero_name": names.get(h), "girl_name": names.get(g),
                      "pair": f"{names.get(h) or h} × {names.get(g) or g}", "games": pn, "n": pn, "wr": pwr,
                      "wr_ci": pci})
    return {
        "covers": cover, "filters": f.to_json(), "two_seats": two, "games": len(games), "player_games": n,
        "wr": wr, "wr_ci": ci,
        "avg_turns": sum(t for t, *_ in games) / len(games) if games else None,
        "gems_avg": gems_avg, "gem_margin": _share(margins), "gem_margin_games": margins,
        "gems_from_heroes": hero / 2 / gem_total if gem_total else None,
        "gems_from_girls": girl / gem_total if gem_total else None,
        "first_games": n1 if two else None, "first_wr": first_wr, "first_ci": first_ci,
        "redraw_games": nr, "redraw_rate": nr / n if n else None, "redraw_wr": redraw_wr, "redraw_ci": redraw_ci,
        "grand_games": ngr if ng else None, "grand_rate": ngr / n if n and ng else None,
        "grand_wr": grand_wr if ng else None, "grand_ci": grand_ci if ng else None,
        "pair_wr": pairs, "end_reasons": _share(reasons), "end_reason_games": reasons, **clockwork,
    }


def games_by_ruleset(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """Finished games in the warehouse per ruleset, most first (hidden games left out)."""
    rows = con.execute("SELECT ruleset, count(*) AS n FROM games GROUP BY ruleset ORDER BY n DESC, ruleset").fetchall()
    return {name: n for name, n in rows}


def options(con: duckdb.DuckDBPyConnection, ruleset: str | None = None) -> dict[str, Any]:
    """What the filters can choose from: rulesets, and the events, archetypes (most played first) and date range of
    ``ruleset``'s games (of every game without it)."""
    where, params = ("WHERE ruleset = ?", [ruleset]) if ruleset is not None else ("", [])

    def distinct(column: str, scoped: bool = True) -> list[str]:
        cond, args = (where, params) if scoped else ("", [])
        cond = f"{cond} AND {column} IS NOT NULL" if cond else f"WHERE {column} IS NOT NULL"
        sql = f"SELECT {column} FROM player_games {cond} GROUP BY {column} ORDER BY count(*) DESC, {column}"
        return [r[0] for r in con.execute(sql, args).fetchall()]

    low, high = con.execute(f"SELECT min(date), max(date) FROM player_games {where}", params).fetchone()  # type: ignore[misc]
    return {"events": distinct("event"), "rulesets": distinct("ruleset", scoped=False), "archetypes": distinct("archetype"),
            "from": low.isoformat() if low else None, "to": high.isoformat() if high else None}


#: the statistics by name (``stats KIND``, ``/api/stats/KIND``)
STATS = {"cards": card_stats, "decks": deck_stats, "matchups": matchups, "first": first_player, "trends": trends,
         "games": game_stats}


def default_ruleset(con: duckdb.DuckDBPyConnection) -> str:
    """Precious Memories when the warehouse holds any of its games (a store gaining other games keeps its statistics),
    else the ruleset with the most player-games: statistics never mix games."""
    if _has_view(con, PLAYER_AGG):  # current pre-aggregates: the same counts without scanning the player-games
        row = con.execute(f"SELECT ruleset FROM {PLAYER_AGG} GROUP BY ruleset HAVING sum(n) <> 0 "
                          "ORDER BY ruleset = ? DESC, sum(n) DESC, ruleset LIMIT 1", [DEFAULT_RULESET]).fetchone()
    else:
        row = con.execute("SELECT ruleset FROM player_games GROUP BY ruleset "
                          "ORDER BY ruleset = ? DESC, count(*) DESC, ruleset LIMIT 1", [DEFAULT_RULESET]).fetchone()
    return row[0] if row else DEFAULT_RULESET


def for_ruleset(con: duckdb.DuckDBPyConnection, f: Filters) -> Filters:
    """The filters with a ruleset: the one given, else :func:`default_ruleset` (the ruleset filter always applies)."""
    return f if f.ruleset is not None else replace(f, ruleset=default_ruleset(con))


def run_stat(con: duckdb.DuckDBPyConnection, kind: str, f: Filters) -> dict[str, Any]:
    """One statistic for one ruleset: ``filters`` echoes the filters given, ``ruleset`` names the one applied."""
    applied = for_ruleset(con, f)
    body = STATS[kind](con, applied)
    return {**body, "filters": f.to_json(), "ruleset": applied.ruleset}


def statistics(folder: str | os.PathLike[str], kind: str, f: Filters) -> dict[str, Any]:
    """One statistic over the warehouse in ``folder`` (for one ruleset: :func:`run_stat`)."""
    with connect(folder) as con:
        return run_stat(con, kind, f)
