"""Clockwork Memorion's game rows (clockwork-memorion.md §13) over the warehouse's ``player_games`` columns.

Every field is present for every ruleset (null or empty where a game has none of it), so ``/api/stats/games``
keeps one shape: the winner's final Life, mulligan and Deification rates with their WRs, the Deification turn,
WR per Ruler, per Summon Limit placement and per word, recalls per player-game and per Recall Time.
"""

from __future__ import annotations

from typing import Any

import duckdb

from dashboards.filters import Filters
from dashboards.intervals import rate, wilson

#: the ways a Clockwork Memorion game ends, always listed in ``end_reasons`` (§9.3; ``concede`` by action)
END_REASONS = ("life", "deck_out", "concede", "draw")

TOTALS_SQL = """
SELECT avg(final_life) FILTER (WHERE score = 1) AS life_left,
       count(*) FILTER (WHERE redraw) AS nm, coalesce(sum(score) FILTER (WHERE redraw), 0) AS sm,
       count(*) FILTER (WHERE deified_turn IS NOT NULL) AS nd,
       coalesce(sum(score) FILTER (WHERE deified_turn IS NOT NULL), 0) AS sd, avg(deified_turn) AS deify_turn,
       count(recalls) AS nr, sum(recalls) AS recalls, sum(recall_time) AS in_time, sum(recall_times) AS times
FROM player_games WHERE {where}
"""
GROUP_SQL = """
SELECT {column} AS k, count(*) AS n, sum(score) AS s FROM player_games WHERE ({where}) AND {column} IS NOT NULL
GROUP BY k ORDER BY n DESC, k
"""
WORD_SQL = """
SELECT w AS k, count(*) AS n, sum(score) AS s FROM (SELECT unnest(words) AS w, score FROM player_games WHERE {where})
GROUP BY k ORDER BY n DESC, k
"""


def _wr(score: float, n: int) -> tuple[float | None, list[float] | None]:
    return rate(score, n), wilson(score, n)


def _rows(con: duckdb.DuckDBPyConnection, sql: str, where: str, params: list[Any], f: Filters) -> list[tuple[Any, int, float]]:
    return [(k, n, s) for k, n, s in con.execute(sql.format(where=where), params).fetchall() if n >= f.min_games]


def _row(key: str, value: Any, n: int, s: float, **more: Any) -> dict[str, Any]:
    wr, ci = _wr(s, n)
    return {key: value, **more, "games": n, "n": n, "wr": wr, "wr_ci": ci}


def clockwork_game_rows(con: duckdb.DuckDBPyConnection, f: Filters, where: str, params: list[Any],
                        names: dict[str, str | None]) -> dict[str, Any]:
    """§13's Clockwork Memorion fields of the game rows (``names``: card names by id)."""
    life_left, nm, sm, nd, sd, deify_turn, nr, recalls, in_time, times = con.execute(  # type: ignore[misc]
        TOTALS_SQL.format(where=where), params).fetchone()
    mulligan_wr, mulligan_ci = _wr(sm, nm)
    deify_wr, deify_ci = _wr(sd, nd)
    rulers = [_row("ruler", k, n, s, name=names.get(k)) for k, n, s in
              _rows(con, GROUP_SQL.format(column="ruler", where="{where}"), where, params, f)]
    limits = []
    for k, n, s in _rows(con, GROUP_SQL.format(column="limit_placement", where="{where}"), where, params, f):
        card, face, *rotated = k.split(":")
        limits.append(_row("limit", k, n, s, card=card, name=names.get(card), face=face, rotated=bool(rotated)))
    words = [_row("word", k, n, s) for k, n, s in _rows(con, WORD_SQL, where, params, f)]
    return {
        "life_left_avg": life_left,
        "mulligan_games": nm if nr else None, "mulligan_rate": nm / nr if nr else None,
        "mulligan_wr": mulligan_wr if nr else None, "mulligan_ci": mulligan_ci if nr else None,
        "deify_games": nd if nr else None, "deify_rate": nd / nr if nr else None,
        "deify_wr": deify_wr if nr else None, "deify_ci": deify_ci if nr else None, "deify_turn_avg": deify_turn,
        "ruler_wr": rulers, "limit_wr": limits, "word_wr": words,
        "recall_avg": recalls / nr if nr else None, "recall_time_avg": in_time / times if times else None,
    }
