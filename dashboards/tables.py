"""The warehouse's rows as Arrow tables, by dataset and month, less the games whose values do not fit their columns."""

from __future__ import annotations

import logging
from typing import Any

import pyarrow as pa

from dashboards.facts import Rows
from dashboards.schema import DATASETS, PARTITION, PARTITIONED

#: what pyarrow raises for a value its column cannot hold
CONVERSION_ERRORS = (pa.ArrowException, OverflowError, TypeError, ValueError)
logger = logging.getLogger("dashboards.warehouse")

Tables = dict[tuple[str, str | None], pa.Table]


def _tables(rows: Rows) -> Tables:
    """The rows as Arrow tables by (dataset, month); raises one of :data:`CONVERSION_ERRORS` on a value that does not fit."""
    out: Tables = {}
    for dataset in PARTITIONED:
        by_month: dict[str, list[dict[str, Any]]] = {}
        for row in getattr(rows, dataset):
            by_month.setdefault(row[PARTITION], []).append(row)
        for month, month_rows in sorted(by_month.items()):
            out[dataset, month] = pa.Table.from_pylist(month_rows, schema=DATASETS[dataset])
    if rows.cards:
        out["cards", None] = pa.Table.from_pylist(list(rows.cards.values()), schema=DATASETS["cards"])
    return out


def _by_game(rows: Rows) -> dict[int, Rows]:
    out: dict[int, Rows] = {}
    for dataset in PARTITIONED:
        for row in getattr(rows, dataset):
            getattr(out.setdefault(row["game_id"], Rows()), dataset).append(row)
    return out


def writable(rows: Rows) -> tuple[Tables, list[int]]:
    """The tables of ``rows`` less the games whose rows do not fit the schema, and the ids of those games."""
    try:
        return _tables(rows), []
    except CONVERSION_ERRORS:
        pass
    kept, bad = Rows(cards=rows.cards), []
    for game_id, game in _by_game(rows).items():
        try:
            _tables(game)
        except CONVERSION_ERRORS as err:
            logger.warning("warehouse: game %s is left out: %s", game_id, err)
            bad.append(game_id)
        else:
            kept.extend(game)
    return _tables(kept), bad
