"""The Parquet warehouse is the interface for bigger engines: Spark SQL (pyspark, local mode) reads the datasets
straight from the folder and gives exactly DuckDB's card statistics, every field of metrics.md.

Spark does the scans and aggregations (the per-key counts and sums, the coverage, the card names); the
arithmetic on those few rows (win rates, Wilson intervals, the prior) is the project's one implementation.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dashboards.filters import Filters
from dashboards.hidden import read_hidden
from dashboards.queries import card_result, fold_counts, statistics
from dashboards.warehouse import update_warehouse
from pmemo_replay.store import Store
from pmemo_replay.store.moderation import set_hidden
from tests.web.data import jsonl, simulated


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        message = "Java is missing (apt-get install default-jre-headless)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    from pyspark.sql import SparkSession

    session = (SparkSession.builder.master("local[1]").appName("pmemo-warehouse-test")
               .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
               .config("spark.driver.memory", "1g").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def spark_card_stats(spark: Any, folder: Path) -> dict[str, Any]:
    """The card statistics without filters, with Spark SQL over the warehouse's Parquet files."""
    for name in ("card_games", "player_games"):
        spark.read.option("basePath", str(folder / name)).parquet(str(folder / name / "month=*")).createOrReplaceTempView(name)
    spark.read.parquet(str(folder / "cards")).createOrReplaceTempView("cards")
    hidden = read_hidden(folder)  # games a moderator hid: left out, as DuckDB's views do
    out = f"game_id NOT IN ({', '.join(map(str, hidden))})" if hidden else "TRUE"
    n, known = spark.sql(f"SELECT count(*), count_if(hands_known) FROM player_games WHERE {out}").first()
    groups = spark.sql(f"SELECT key, count(*) AS n, sum(turn_played) AS turns FROM card_games WHERE {out} GROUP BY key").collect()
    names = spark.sql("SELECT code, first(card) AS card, first(name) AS name FROM cards GROUP BY code").collect()
    codes = {r["code"]: r["card"] for r in names}
    counts = fold_counts(sorted((r["key"], r["n"], r["turns"]) for r in groups), codes)
    cover = {"games": n // 2, "player_games": n, "known_hands_player_games": known}
    return card_result(Filters(), cover, counts, {r["card"]: r["name"] for r in names})


def test_spark_reads_the_warehouse_and_agrees_with_duckdb(spark: Any, tmp_path: Path) -> None:
    folder = tmp_path / "warehouse"
    with Store(f"sqlite:///{tmp_path / 's.sqlite3'}") as store:
        ids = [store.ingest_text(jsonl(doc), "sim").game_id for doc in simulated(30, 23)]
        set_hidden(store.engine, ids[4], True, reason="a moderator's test")
        update_warehouse(store, folder)
    duck = statistics(folder, "cards", Filters())
    sparked = spark_card_stats(spark, folder)
    assert sparked["covers"] == duck["covers"] and duck["covers"]["games"] == 29
    assert len(duck["rows"]) > 40
    assert sparked["rows"] == duck["rows"]  # every field: games, shares, WRs, intervals, IWD, played, turns, EB
    assert sparked["prior"] == duck["prior"]
