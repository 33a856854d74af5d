"""The warehouse's rows as Arrow tables, by dataset and month, less the games whose values do not fit their columns."""

from __future__ import annotations

import logging
from operator import itemgetter
from typing import Any

import pyarrow as pa

from dashboards.facts import Rows
from dashboards.schema import DATASETS, PARTITION, PARTITIONED

#: what pyarrow raises for a value its column cannot hold
CONVERSION_ERRORS = (pa.ArrowException, OverflowError, TypeError, ValueError)
logger = logging.getLogger("dashboards.warehouse")

Tables = dict[tuple[str, str | None], pa.Table]


def table_of(rows: list[dict[str, Any]], schema: pa.Schema) -> pa.Table:
    """``pa.Table.from_pylist(rows, schema=schema)`` (a column a row lacks is null there), the same table, taking each
    row's values in one pass: ``from_pylist`` walks every row again for each column (twice the CPU on card rows)."""
    names = schema.names
    try:
        columns: list[Any] = list(zip(*map(itemgetter(*names), rows), strict=True)) if len(names) > 1 else []
    except KeyError:
        columns = []
    if len(columns) != len(names):  # no rows, one column, or a row lacking a column
        columns = [[row.get(name) for row in rows] for name in names]
    return pa.Table.from_arrays([pa.array(column, type=f.type) for column, f in zip(columns, schema, strict=True)], schema=schema)


def _tables(rows: Rows) -> Tables:
    """The rows as Arrow tables by (dataset, month); raises one of :data:`CONVERSION_ERRORS` on a value that does not fit."""
    out: Tables = {}
    for dataset in PARTITIONED:
        by_month: dict[str, list[dict[str, Any]]] = {}
        for row in getattr(rows, dataset):
            by_month.setdefault(row[PARTITION], []).append(row)
        for month, month_rows in sorted(by_month.items()):
            out[dataset, month] = table_of(month_rows, DATASETS[dataset])
    if rows.cards:
        out["cards", None] = table_of(list(rows.cards.values()), DATASETS["cards"])
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
