"""Pre-aggregated card and player-game counts: the card statistics of a large warehouse without scanning every card row.

``card_agg`` holds, per month, the card query's counts grouped by ``key`` and the filter dimensions a
statistic can be sliced by at day granularity (``played_at`` truncated to the day, ``went_first``,
``event``, ``ruleset``); ``player_agg`` the coverage counts by the same dimensions. The columns keep the
row datasets' names, so the dashboards' own WHERE conditions (``Filters.where``) run on them unchanged,
and a day-aligned date bound selects the same days in both. ``aggregates.json`` lists the part files
they were built from: :func:`aggregates_current` is false as soon as the warehouse has other files, and
the queries then scan the rows. Queries use them only for filters they can answer exactly (no player or
archetype filter, no time of day, no filter this module does not know) and when no game is hidden.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import duckdb
import pyarrow.parquet as pq

from dashboards.duckconf import configured
from dashboards.filters import Filters

CARD_AGG = "card_agg"
PLAYER_AGG = "player_agg"
MANIFEST = "aggregates.json"
#: the filters the aggregates answer exactly (``Filters.to_json`` names)
EXACT = frozenset({"from", "to", "first", "event", "ruleset", "min_games"})
DIMENSIONS = "date_trunc('day', played_at) AS played_at, went_first, event, ruleset"  # and the folder's month

CARD_SQL = f"SELECT key, {DIMENSIONS}, count(*) AS n, sum(turn_played)::BIGINT AS turns FROM {{src}} GROUP BY ALL"
PLAYER_SQL = f"SELECT {DIMENSIONS}, count(*) AS n, count(*) FILTER (WHERE hands_known) AS known FROM {{src}} GROUP BY ALL"


def _parts(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for name in ("card_games", "player_games")
                  for p in (folder / name).glob("*/part-*.parquet"))


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def build_aggregates(folder: str | os.PathLike[str]) -> int:
    """(Re)build ``card_agg`` and ``player_agg`` from the folder's row datasets, one month at a time; the aggregate rows."""
    path = Path(folder)
    parts = _parts(path)
    (path / MANIFEST).unlink(missing_ok=True)
    rows = 0
    with configured(duckdb.connect()) as con:
        for agg, source, sql in ((CARD_AGG, "card_games", CARD_SQL), (PLAYER_AGG, "player_games", PLAYER_SQL)):
            shutil.rmtree(path / agg, ignore_errors=True)
            for month in sorted(p for p in (path / source).iterdir() if p.is_dir()):
                src = f"read_parquet({_literal(str(month / 'part-*.parquet'))}, hive_partitioning=false)"
                target = path / agg / month.name / "part-agg.parquet"
                target.parent.mkdir(parents=True)
                con.execute(f"COPY ({sql.format(src=src)}) TO {_literal(str(target))} (FORMAT parquet, COMPRESSION zstd)")
                rows += pq.ParquetFile(target).metadata.num_rows
    (path / MANIFEST).write_text(json.dumps({"parts": parts}), "utf-8")
    return rows


def aggregates_current(folder: Path) -> bool:
    """True when the aggregates were built from exactly the row part files the folder holds now."""
    try:
        built = json.loads((folder / MANIFEST).read_text("utf-8"))["parts"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return bool(built) and built == _parts(folder)


def answers_exactly(f: Filters) -> bool:
    """Whether the aggregates give exactly the row-level answer for ``f`` (day-aligned dates, known filters only)."""
    if not set(f.to_json()) <= EXACT:
        return False
    start, _, inclusive = f.bounds()
    return not inclusive and (start is None or (start.hour, start.minute, start.second, start.microsecond) == (0, 0, 0, 0))
