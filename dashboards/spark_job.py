"""Card statistics (metrics.md) with Spark over a warehouse's Parquet folder: for warehouses one machine cannot scan.

Spark does what grows with the warehouse (the scans: per-key counts and sums, the coverage counts, the card
names); the few hundred result rows then go through the project's one implementation of the arithmetic
(``dashboards.queries.fold_counts`` and ``card_result``: win rates, Wilson intervals, the empirical-Bayes
prior), so the answer equals DuckDB's ``card_stats`` field for field. The filters are the dashboards' own
(``Filters.where`` is plain SQL that Spark runs with positional parameters); hidden games are left out as in
DuckDB's views.

On a cluster (the folder on storage every executor reads, e.g. HDFS or S3 through Hadoop's connectors)::

    spark-submit --master yarn dashboards/spark_job.py s3a://bucket/warehouse --from 2026-03-01 --first 1 --out cards.json

Locally: ``spark-submit --master 'local[*]' dashboards/spark_job.py /path/to/warehouse``. The job needs the
project importable on the driver (``--py-files`` with a zip of ``dashboards``, ``engine`` and ``pmemo_replay``,
or the package installed); the executors only read Parquet.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # spark-submit runs this file as a script
    sys.path.insert(0, str(ROOT))

from dashboards.filters import Filters  # noqa: E402
from dashboards.hidden import read_hidden  # noqa: E402
from dashboards.queries import card_result, fold_counts, two_seats  # noqa: E402

PARTITIONED = ("card_games", "player_games")


def session(master: str | None = None, app: str = "pmemo-card-stats") -> Any:
    """A Spark session in UTC (the warehouse's times are naive UTC); ``master`` None: spark-submit's."""
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName(app).config("spark.sql.session.timeZone", "UTC")
    if master is not None:
        builder = builder.master(master)
    return builder.getOrCreate()


def register_views(spark: Any, folder: str) -> None:
    """Temporary views ``card_games``, ``player_games`` (with their ``month`` partition column) and ``cards``."""
    base = folder.rstrip("/")
    for name in PARTITIONED:
        (spark.read.option("basePath", f"{base}/{name}").parquet(f"{base}/{name}/month=*")
         .createOrReplaceTempView(name))
    spark.read.parquet(f"{base}/cards").createOrReplaceTempView("cards")


def _sql(spark: Any, text: str, params: list[Any]) -> Any:
    return spark.sql(text, args=params) if params else spark.sql(text)


def spark_card_stats(spark: Any, folder: str, f: Filters | None = None, hidden: tuple[int, ...] | None = None) -> dict[str, Any]:
    """DuckDB's ``card_stats`` for the warehouse at ``folder`` computed with Spark (``hidden``: read from the folder)."""
    f = f or Filters()
    register_views(spark, folder)
    hidden = read_hidden(Path(folder)) if hidden is None else hidden
    where, params = f.where()
    if hidden:
        where = f"({where}) AND game_id NOT IN ({', '.join(map(str, hidden))})"
    known = "count_if(hands_known)"
    if f.player is None and f.archetype is None and two_seats(f.ruleset):
        n, k = _sql(spark, f"SELECT count(*), {known} FROM player_games WHERE {where}", params).first()
        cover = {"games": n if f.first is not None else n // 2, "player_games": n, "known_hands_player_games": k}
    else:
        n, games, k = _sql(spark, f"SELECT count(*), count(DISTINCT game_id), {known} FROM player_games WHERE {where}",
                           params).first()
        cover = {"games": games, "player_games": n, "known_hands_player_games": k}
    names_where, names_params = ("WHERE ruleset = ?", [f.ruleset]) if f.ruleset is not None else ("", [])
    names = _sql(spark, f"SELECT code, first(card) AS card, first(name) AS name FROM cards {names_where} GROUP BY code",
                 names_params).collect()
    codes = {r["code"]: r["card"] for r in names}
    groups = _sql(spark, f"SELECT key, count(*) AS n, sum(turn_played) AS turns FROM card_games WHERE {where} GROUP BY key",
                  params).collect()
    counts = fold_counts(sorted((r["key"], r["n"], r["turns"]) for r in groups), codes)
    return card_result(f, cover, counts, {r["card"]: r["name"] for r in names})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Card statistics with Spark over a pmemo-replay warehouse folder.")
    parser.add_argument("folder", help="the warehouse folder (any path Spark reads: local, hdfs://, s3a://)")
    for name in ("from", "to", "first", "event", "ruleset", "player", "archetype", "min_games"):
        parser.add_argument(f"--{name.replace('_', '-')}", dest=name, help=f"the dashboards' {name} filter")
    parser.add_argument("--master", help="Spark master (default: spark-submit's)")
    parser.add_argument("--out", help="write the JSON here (default: standard output)")
    args = parser.parse_args(argv)
    query = {k: v for k, v in vars(args).items() if k not in ("folder", "master", "out") and v is not None}
    from pyspark.sql import SparkSession

    running = SparkSession.getActiveSession()  # a caller's session (main called in its process) is left running
    spark = session(args.master)
    try:
        hidden = read_hidden(Path(args.folder)) if "://" not in args.folder else ()
        body = spark_card_stats(spark, args.folder, Filters.parse(query), hidden)
    finally:
        if running is None:
            spark.stop()
    text = json.dumps(body, indent=1)
    if args.out:
        Path(args.out).write_text(text + "\n", "utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
