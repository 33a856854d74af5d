"""The pre-aggregates follow the warehouse incrementally: after every batch of new games, hidden games and games
shown again they equal a recount from the rows, and only the new part files (and those holding the games hidden or
shown) are read."""

from __future__ import annotations

import random
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from benchmarks.synth import synthesize
from dashboards.aggregates import (
    DECK_AGG,
    MAX_FILES,
    aggregates_current,
    aggregates_stale,
    build_aggregates,
    keep_aggregates,
    read_manifest,
    recount,
)
from dashboards.filters import Filters
from dashboards.hidden import read_hidden, write_hidden
from dashboards.queries import _aggregated, card_stats, connect, run_stat
from dashboards.warehouse import update_warehouse
from pmemo_replay.store import Store
from pmemo_replay.store.moderation import set_hidden
from tests.web.data import jsonl, simulated

DECK_KINDS = ("decks", "matchups", "first", "trends")
QUERIES = ({}, {"from": "2026-03-01", "to": "2026-05-31", "first": "1"})


def _equal_to_recount(folder: Path) -> None:
    counted = dict(recount(folder))
    for name in ("card_agg", "player_agg"):
        assert counted[name] == counted[f"{name} (files)"], name


def _stats(folder: Path, query: dict[str, str]) -> tuple[dict, bool]:  # type: ignore[type-arg]
    f = Filters.parse(query)
    with connect(folder) as con:
        return card_stats(con, f), _aggregated(con, f)


def _plain(folder: Path, tmp: Path) -> Path:
    """A folder with the same rows and hidden games and no aggregates (the row-level answers)."""
    plain = tmp / f"plain-{random.getrandbits(32)}"
    plain.mkdir()
    for dataset in ("games", "player_games", "card_games", "cards"):
        if (folder / dataset).is_dir():
            (plain / dataset).symlink_to(folder / dataset)
    write_hidden(plain, read_hidden(folder))
    return plain


def _from_rows(folder: Path, query: dict[str, str], tmp: Path) -> dict:  # type: ignore[type-arg]
    body, used = _stats(_plain(folder, tmp), query)
    assert not used
    return body


def _same_statistics(folder: Path, tmp: Path, queries: tuple[dict[str, str], ...] = QUERIES) -> None:
    """For each of ``queries``, the card statistics and the deck, matchup, first-player and trend statistics from the
    aggregates equal the row-level ones (one connection to each folder for them all)."""
    with connect(folder) as con, connect(_plain(folder, tmp)) as rows:
        for query in queries:
            f = Filters.parse(query)
            assert _aggregated(con, f) and not _aggregated(rows, f)
            assert card_stats(con, f) == card_stats(rows, f), query
            for kind in DECK_KINDS:
                assert _aggregated(con, f, DECK_AGG) and not _aggregated(rows, f, DECK_AGG)
                assert run_stat(con, kind, f) == run_stat(rows, kind, f), (kind, query)


#: seeds whose four batches are each kind once: an import, a hide, both at once, and a show (of some hidden games
#: with seed 4, of all of them with seed 14); each batch is checked against a recount and the row-level statistics
SEEDS = (4, 14)
KINDS = ("import", "hide", "show", "both")


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_batches_keep_the_aggregates_equal_to_a_recount(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    folder = tmp_path / "w"
    top = 600
    synthesize(folder, top, seed=seed, chunk=300, block=100)
    build_aggregates(folder)
    _equal_to_recount(folder)
    hidden: set[int] = set()
    kinds = []
    for step in range(len(KINDS)):
        before = read_manifest(folder)
        assert before is not None
        kind = rng.choice(KINDS)
        kinds.append(kind)
        new_parts: list[str] = []
        if kind in ("import", "both"):
            n = rng.randint(1, 250)
            synthesize(folder, n, seed=seed * 100 + step, chunk=120, block=40, first=top + 1)
            top += n
        if kind in ("hide", "both"):
            hidden |= set(rng.sample(range(1, top + 1), rng.randint(1, 12)))
        if kind == "show" and hidden:
            hidden -= set(rng.sample(sorted(hidden), rng.randint(1, len(hidden))))
        write_hidden(folder, hidden)
        assert aggregates_stale(folder) == (kind != "show" or before.hidden != tuple(sorted(hidden)))
        done = keep_aggregates(folder)
        assert not done.full and aggregates_current(folder) and not aggregates_stale(folder)
        _equal_to_recount(folder)
        new_parts = sorted(set(read_manifest(folder).parts) - set(before.parts))  # type: ignore[union-attr]
        read = set(done.rows_read_from)
        assert set(new_parts) <= read
        changed = set(before.hidden) ^ hidden
        for part in read - set(new_parts):  # earlier part files are read only where a game hidden or shown is
            ids = set(pq.read_table(folder / part, columns=["game_id"]).column("game_id").to_pylist())
            assert ids & changed, part
        kept = set(before.files) & set(read_manifest(folder).files)  # type: ignore[union-attr]
        assert kept or done.months_compacted  # the earlier aggregate files stay (unless a month was compacted)
        _same_statistics(folder, tmp_path)
    assert sorted(kinds) == sorted(KINDS)  # each kind of batch once


def test_many_small_updates_compact_each_month(tmp_path: Path) -> None:
    folder = tmp_path / "w"
    synthesize(folder, 200, seed=4, chunk=200, block=100)
    build_aggregates(folder)
    top = 200
    for k in range(MAX_FILES + 1):
        synthesize(folder, 30, seed=40 + k, chunk=30, block=30, first=top + 1)
        top += 30
        write_hidden(folder, range(1, 2 + k))
        keep_aggregates(folder)
        _equal_to_recount(folder)
    manifest = read_manifest(folder)
    assert manifest is not None and manifest.retired  # compacted files wait for the queries that listed them
    per_month: dict[tuple[str, str], int] = {}
    for f in manifest.files:
        kind, month, _ = f.split("/")
        per_month[kind, month] = per_month.get((kind, month), 0) + 1
    assert max(per_month.values()) <= MAX_FILES
    assert _stats(folder, {})[0] == _from_rows(folder, {}, tmp_path)


def test_a_crashed_refresh_leaves_files_no_query_counts(tmp_path: Path) -> None:
    folder = tmp_path / "w"
    synthesize(folder, 300, seed=6, chunk=300, block=100)
    build_aggregates(folder)
    expected = _stats(folder, {})
    month = next((folder / "card_agg").iterdir())
    orphan = month / "part-00000000000000000001-deadbeef.parquet"
    orphan.write_bytes(next(month.glob("part-*.parquet")).read_bytes())  # written, never listed: as after a crash
    assert _stats(folder, {}) == expected
    synthesize(folder, 20, seed=7, chunk=20, block=20, first=301)
    keep_aggregates(folder)
    assert not orphan.exists()
    _equal_to_recount(folder)


def test_the_store_warehouse_keeps_its_aggregates_through_imports_and_moderation(store_url: str, tmp_path: Path) -> None:
    folder = tmp_path / "warehouse"
    docs = simulated(16, 41)
    with Store(store_url) as store:
        ids = [store.ingest_text(jsonl(d), "sim").game_id for d in docs[:6]]
        update_warehouse(store, folder)
        build_aggregates(folder)
        batches = (("import", docs[6:10]), ("hide", ids[:2]), ("import", docs[10:13]), ("show", ids[:1]),
                   ("hide", ids[3:4]), ("import", docs[13:]))
        for kind, what in batches:
            before = read_manifest(folder)
            if kind == "import":
                ids += [store.ingest_text(jsonl(d), "sim").game_id for d in what]
            else:
                for game_id in what:
                    set_hidden(store.engine, game_id, kind == "hide")
            update_warehouse(store, folder)
            after = read_manifest(folder)
            assert before is not None and after is not None and aggregates_current(folder)
            assert set(before.files) <= set(after.files)  # counted incrementally: the earlier files stay
            _equal_to_recount(folder)
            _same_statistics(folder, tmp_path, ({}, {"first": "0"}))
        assert read_hidden(folder) == (ids[1], ids[3])
        update_warehouse(store, folder, rebuild=True)  # a rebuild counts everything again, and keeps them
        assert aggregates_current(folder)
        _equal_to_recount(folder)
