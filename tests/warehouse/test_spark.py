"""The Parquet warehouse is the interface for bigger engines: Spark SQL (pyspark, local mode) reads the datasets
straight from the folder and gives exactly DuckDB's card statistics, every field of metrics.md
(``dashboards.spark_job``: Spark does the scans and aggregations, the project's one implementation the arithmetic).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.synth import synthesize
from dashboards import spark_job
from dashboards.filters import Filters
from dashboards.queries import card_stats, connect, statistics
from dashboards.spark_job import spark_card_stats
from dashboards.warehouse import update_warehouse
from pmemo_replay.store import Store
from pmemo_replay.store.moderation import set_hidden
from tests.web.data import jsonl, simulated

ROOT = Path(__file__).resolve().parents[2]
#: The driver JVM's options: the client compiler only (-XX:TieredStopAtLevel=1) and one garbage-collector thread.
JVM_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        message = "Java is missing (apt-get install default-jre-headless)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    from pyspark.sql import SparkSession

    # A test's data is tiny: what costs is the JVM compiling Spark's code (half the test's CPU with C2 and the
    # parallel collector; C1 and the serial collector need half as much) and scheduling empty shuffle partitions.
    session = (SparkSession.builder.master("local[1]").appName("pmemo-warehouse-test")
               .config("spark.ui.enabled", "false").config("spark.sql.session.timeZone", "UTC")
               .config("spark.sql.shuffle.partitions", "1").config("spark.driver.memory", "1g")
               .config("spark.driver.extraJavaOptions", JVM_OPTIONS).getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def test_spark_reads_the_warehouse_and_agrees_with_duckdb(spark: Any, tmp_path: Path) -> None:
    folder = tmp_path / "warehouse"
    with Store(f"sqlite:///{tmp_path / 's.sqlite3'}") as store:
        ids = [store.ingest_text(jsonl(doc), "sim").game_id for doc in simulated(30, 23)]
        set_hidden(store.engine, ids[4], True, reason="a moderator's test")
        update_warehouse(store, folder)
    duck = statistics(folder, "cards", Filters())
    sparked = spark_card_stats(spark, str(folder))
    assert sparked["covers"] == duck["covers"] and duck["covers"]["games"] == 29
    assert len(duck["rows"]) > 40
    assert sparked["rows"] == duck["rows"]  # every field: games, shares, WRs, intervals, IWD, played, turns, EB
    assert sparked["prior"] == duck["prior"]


FILTERS = ({}, {"from": "2026-03-01", "to": "2026-05-31", "first": "1"}, {"event": "Weekly ranked", "archetype": "MHK blue"},
           {"player": "player0042", "to": "2026-12-30T12:00:00", "min_games": "1"})


def test_spark_equals_duckdb_on_a_synthesized_warehouse_with_filters(spark: Any, tmp_path: Path) -> None:
    synthesize(tmp_path, 6_000, seed=11, chunk=2_000, block=1_000)
    for query in FILTERS:
        f = Filters.parse(query)
        with connect(tmp_path) as con:
            duck = card_stats(con, f)
        assert duck["covers"]["player_games"] > 0 and duck["rows"]
        assert spark_card_stats(spark, str(tmp_path), f) == duck, query


def test_the_spark_submit_job_writes_duckdbs_answer(spark: Any, tmp_path: Path) -> None:
    """The job's entry point (what spark-submit runs) with its command line, in this process's Spark session (a
    second JVM would double the test's time); the script itself starts as a program (its --help)."""
    folder = tmp_path / "warehouse"
    synthesize(folder, 2_000, seed=12)
    out = tmp_path / "cards.json"
    assert spark_job.main([str(folder), "--master", "local[1]", "--from", "2026-02-01", "--first", "0",
                           "--out", str(out)]) == 0
    assert not spark.sparkContext._jsc.sc().isStopped()  # the caller's session is left running
    usage = subprocess.run([sys.executable, str(ROOT / "dashboards" / "spark_job.py"), "--help"], check=True,
                           capture_output=True, text=True, timeout=120)
    assert "--master" in usage.stdout
    with connect(folder) as con:
        expected = card_stats(con, Filters.parse({"from": "2026-02-01", "first": "0"}))
    assert json.loads(out.read_text("utf-8")) == json.loads(json.dumps(expected))
