"""Exports: card statistics as CSV, and the warehouse as a plain Parquet dataset for other engines."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from dashboards.queries import CARD_EXTRAS, CARD_FIELDS, connect

CI_SUFFIX = "_ci"


def csv_columns() -> list[str]:
    """The card fields, each ``<x>_ci`` interval as two columns ``<x>_ci_low``, ``<x>_ci_high``."""
    out: list[str] = []
    for name in (*CARD_FIELDS, *CARD_EXTRAS):
        out.extend((f"{name}_low", f"{name}_high") if name.endswith(CI_SUFFIX) else (name,))
    return out


def _flat(row: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in (*CARD_FIELDS, *CARD_EXTRAS):
        value = row.get(name)
        if name.endswith(CI_SUFFIX):
            low, high = value if value else (None, None)
            out[f"{name}_low"], out[f"{name}_high"] = low, high
        else:
            out[name] = value
    return out


def cards_csv(rows: Iterable[dict[str, Any]]) -> str:
    """Card rows as CSV text (a header line; empty cells for nulls; full-precision numbers)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=csv_columns(), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(_flat(row))
    return buffer.getvalue()


#: what the export writes per dataset: card facts as booleans and a score rather than the packed columns
EXPORT_SQL = {
    "games": "SELECT * FROM games",
    "player_games": "SELECT * FROM player_games",
    "card_games": "SELECT * EXCLUDE (key, flags, points, turn_played), (flags & 1) <> 0 AS in_opening, (flags & 2) <> 0 AS seen, "
                  "(flags & 4) <> 0 AS played, CAST(nullif(turn_played, 0) AS SMALLINT) AS turn_played, points / 2 AS score "
                  "FROM card_games",
}
CARDS_SQL = "SELECT ruleset, card, any_value(name) AS name, any_value(series) AS series, any_value(set_code) AS set_code, " \
            "any_value(color) AS color, any_value(type) AS type FROM cards GROUP BY ruleset, card ORDER BY ruleset, card"


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def export_warehouse(folder: str | os.PathLike[str], out: str | os.PathLike[str]) -> dict[str, int]:
    """Write ``games``, ``player_games``, ``card_games`` (hive-partitioned by month, one file per month) and
    ``cards/cards.parquet`` under ``out`` (which must not exist or be empty); the row counts."""
    target = Path(out)
    if target.exists() and any(target.iterdir()):
        raise FileExistsError(f"{target} is not empty")
    target.mkdir(parents=True, exist_ok=True)
    counts: dict[str, int] = {}
    with connect(folder) as con:
        for name, sql in EXPORT_SQL.items():
            counts[name] = con.execute(f"SELECT count(*) FROM {name}").fetchone()[0]  # type: ignore[index]
            if counts[name]:
                con.execute(f"COPY ({sql}) TO {_literal(str(target / name))} (FORMAT parquet, PARTITION_BY (month), "
                            "COMPRESSION zstd, FILENAME_PATTERN 'part-{i}')")
        (target / "cards").mkdir(exist_ok=True)
        counts["cards"] = con.execute(f"SELECT count(*) FROM ({CARDS_SQL})").fetchone()[0]  # type: ignore[index]
        con.execute(f"COPY ({CARDS_SQL}) TO {_literal(str(target / 'cards' / 'cards.parquet'))} (FORMAT parquet)")
    return counts
