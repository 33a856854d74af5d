"""Pre-aggregated card and player-game counts, kept current incrementally: the card and deck statistics of a large
warehouse without scanning every row.

``card_agg`` holds the card query's counts (``n``) and turn sums (``turns``) by ``key`` and the filter dimensions a
statistic can be sliced by at day granularity (``played_at`` truncated to the day, ``went_first``, ``event``,
``ruleset``), in the month folders of the rows; ``player_agg`` the coverage counts (``n``, ``known``) by the same
dimensions; ``deck_agg`` the player-games (``n``), score sums (``s``) and redraws by the same dimensions, ``week``,
``archetype`` and ``opp_archetype`` (the deck, matchup, first-player and trend queries). The columns keep the row
datasets' names, so the dashboards' own WHERE conditions (``Filters.where``) run on them unchanged, and a
day-aligned date bound selects the same days in both.

The counts are additive: a statistic sums every aggregate row its filters keep, so an update adds files and never
rescans the rows it counted before. ``aggregates.json`` (the manifest) names the row part files counted, the hidden
games left out and the aggregate files; :func:`refresh_aggregates` brings it up to date:

- row part files it has not counted: their counts (less the hidden games) in a new file per month;
- games hidden since (moderation): their counts negated, read from the part files whose id range holds them;
  games shown again: their counts;
- a month with more than :data:`MAX_FILES` files is compacted (summed into one file, rows summing to nothing
  dropped); the files it replaces are retired, and removed :data:`RETIRE_SECONDS` later (a query may have listed them).

Row part files gone from the warehouse (a rebuild) make it count everything again. The queries read the files the
manifest lists (never a glob, so a file being written or retired is never counted twice), and only when the
manifest names exactly the row part files and hidden games the warehouse has now (:func:`current_files`); then
only for filters they answer exactly (no player or archetype filter, no time of day, no filter this module does
not know). A crash leaves files the manifest does not list: they are ignored, and removed by the next refresh.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

from dashboards.duckconf import configured
from dashboards.filters import Filters
from dashboards.hidden import read_hidden
from dashboards.lock import locked

CARD_AGG = "card_agg"
PLAYER_AGG = "player_agg"
DECK_AGG = "deck_agg"
MANIFEST = "aggregates.json"
MANIFEST_VERSION = 3  # 3: deck_agg
#: aggregate files a month may have before they are summed into one
MAX_FILES = 8
#: how long a replaced aggregate file stays for the queries that listed it before it is removed
RETIRE_SECONDS = 600
#: the filters the aggregates answer exactly (``Filters.to_json`` names)
EXACT = frozenset({"from", "to", "first", "event", "ruleset", "min_games"})
DIMENSIONS = ("played_at", "went_first", "event", "ruleset")
_ROW_DIMENSIONS = "date_trunc('day', played_at) AS played_at, went_first, event, ruleset"
_RANGE = re.compile(r"part-(\d+)-(\d+)")


@dataclass(frozen=True, slots=True)
class Kind:
    """One aggregate dataset: its folder, the row dataset it counts, its group columns, the row columns its measures
    read and its measures (SQL over a row's ``sign``: 1 counted, -1 taken back; and their SQL type)."""

    name: str
    source: str
    groups: tuple[str, ...]
    row_columns: str
    measures: dict[str, tuple[str, str]]

    def delta_sql(self, src: str) -> str:
        """The signed counts of ``src`` (rows with a ``sign`` column) by group, rows that add nothing dropped."""
        cols = ", ".join(f"{expr}::{kind} AS {name}" for name, (expr, kind) in self.measures.items())
        keep = " OR ".join(f"{expr} <> 0" for expr, _ in self.measures.values())
        return f"SELECT {', '.join(self.groups)}, {cols} FROM ({src}) GROUP BY ALL HAVING {keep}"

    def row_source(self, files: list[str], where: str, sign: str = "1", join: str = "") -> str:
        """The rows of ``files`` with their groups' columns and a ``sign``."""
        groups = ", ".join(g for g in self.groups if g not in DIMENSIONS)
        return (f"SELECT {groups + ', ' if groups else ''}{_ROW_DIMENSIONS}, {sign} AS sign, {self.row_columns} "
                f"FROM {_read(files)} r {join} {where}")

    def sum_sql(self, files: list[str]) -> str:
        """``files`` (aggregate files) summed into one set of rows, rows summing to nothing dropped."""
        cols = ", ".join(f"sum({m})::{kind} AS {m}" for m, (_, kind) in self.measures.items())
        keep = " OR ".join(f"sum({m}) <> 0" for m in self.measures)
        return f"SELECT {', '.join(self.groups)}, {cols} FROM {_read(files)} GROUP BY ALL HAVING {keep}"


#: a score is 0, 0.5 or 1, so the score sums (doubles) are exact: sums of halves far below 2**52
KINDS = (
    Kind(CARD_AGG, "card_games", ("key", *DIMENSIONS), "turn_played",
         {"n": ("sum(sign)", "BIGINT"), "turns": ("sum(sign * turn_played)", "BIGINT")}),
    Kind(PLAYER_AGG, "player_games", DIMENSIONS, "hands_known",
         {"n": ("sum(sign)", "BIGINT"), "known": ("sum(CASE WHEN hands_known THEN sign ELSE 0 END)", "BIGINT")}),
    Kind(DECK_AGG, "player_games", (*DIMENSIONS, "week", "archetype", "opp_archetype"), "score, redraw",
         {"n": ("sum(sign)", "BIGINT"), "s": ("sum(sign * score)", "DOUBLE"),
          "redraws": ("sum(CASE WHEN redraw THEN sign ELSE 0 END)", "BIGINT")}),
)


@dataclass(frozen=True, slots=True)
class Manifest:
    """What the aggregate files count: the row part files, less the games of ``hidden``; ``retired``: replaced
    files and when (seconds since the epoch)."""

    parts: tuple[str, ...] = ()
    hidden: tuple[int, ...] = ()
    files: tuple[str, ...] = ()
    retired: tuple[tuple[str, float], ...] = ()
    version: int = MANIFEST_VERSION


@dataclass(frozen=True, slots=True)
class AggregateUpdate:
    """One refresh: row part files counted, games taken back or counted again, files written and compacted."""

    full: bool
    parts_added: int
    games_hidden: int
    games_shown: int
    files_written: int
    months_compacted: int
    files: int
    seconds: float
    rows_read_from: list[str] = field(default_factory=list, repr=False)  # the row part files this refresh read

    def to_json(self) -> dict[str, Any]:
        body = asdict(self)
        body["rows_read_from"] = len(self.rows_read_from)
        body["seconds"] = round(self.seconds, 4)
        return body


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _read(files: Iterable[str]) -> str:
    return f"read_parquet([{', '.join(_literal(f) for f in files)}], hive_partitioning=false)"


def _parts(folder: Path, source: str | None = None) -> list[str]:
    """The row part files (of ``source``, else of both counted datasets), relative to the folder, sorted."""
    names = (source,) if source else tuple(dict.fromkeys(k.source for k in KINDS))
    return sorted(str(p.relative_to(folder)) for name in names for p in (folder / name).glob("*/part-*.parquet"))


def _month(relative: str) -> str:
    return relative.split("/")[1]  # <dataset>/<month folder>/<file>


def aggregates_enabled(folder: Path) -> bool:
    """Whether the warehouse keeps pre-aggregates (``warehouse aggregate`` made them; updates keep them current)."""
    return (folder / MANIFEST).is_file()


def read_manifest(folder: Path) -> Manifest | None:
    """The manifest; None when there is none or it is unreadable or of another version."""
    try:
        data = json.loads((folder / MANIFEST).read_text("utf-8"))
        if data.get("version") != MANIFEST_VERSION:
            return None
        return Manifest(tuple(data["parts"]), tuple(data["hidden"]), tuple(data["files"]),
                        tuple((str(f), float(t)) for f, t in data["retired"]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _write_manifest(folder: Path, manifest: Manifest) -> None:
    tmp = folder / f".{MANIFEST}.tmp"
    tmp.write_text(json.dumps(asdict(manifest)), "utf-8")
    os.replace(tmp, folder / MANIFEST)


def current_files(folder: Path) -> tuple[str, ...]:
    """The aggregate files (relative paths) when they count exactly the warehouse's row part files and hidden games
    now; none otherwise (the queries then scan the rows)."""
    manifest = read_manifest(folder)
    if manifest is None or not manifest.files or not manifest.parts:
        return ()
    if manifest.parts != tuple(_parts(folder)) or manifest.hidden != read_hidden(folder):
        return ()
    return manifest.files


def aggregates_stale(folder: Path) -> bool:
    """Whether the warehouse keeps aggregates that do not count its row part files and hidden games as they are now."""
    if not aggregates_enabled(folder):
        return False
    manifest = read_manifest(folder)
    return manifest is None or manifest.parts != tuple(_parts(folder)) or manifest.hidden != read_hidden(folder)


def aggregates_current(folder: Path) -> bool:
    """True when the aggregates count exactly the row part files and hidden games the folder has now."""
    return bool(current_files(folder))


def answers_exactly(f: Filters) -> bool:
    """Whether the aggregates give exactly the row-level answer for ``f`` (day-aligned dates, known filters only)."""
    if not set(f.to_json()) <= EXACT:
        return False
    start, _, inclusive = f.bounds()
    return not inclusive and (start is None or (start.hour, start.minute, start.second, start.microsecond) == (0, 0, 0, 0))


def aggregate_rows(folder: Path) -> int:
    """The rows of the manifest's aggregate files."""
    manifest = read_manifest(folder)
    return sum(pq.ParquetFile(folder / f).metadata.num_rows for f in manifest.files) if manifest else 0


# --- maintaining ------------------------------------------------------------------------------


def _holds(relative: str, ids: list[int]) -> bool:
    """Whether a part file may hold one of ``ids`` (its name's id range; a name without one may hold any)."""
    m = _RANGE.search(relative.rsplit("/", 1)[-1])
    if m is None:
        return True
    first, last = int(m.group(1)), int(m.group(2))
    return any(first <= i <= last for i in ids)


def _holding(con: duckdb.DuckDBPyConnection, folder: Path, parts: Iterable[str], ids: list[int]) -> list[str]:
    """The part files among ``parts`` that hold rows of the games ``ids``: the ``player_games`` files whose id range
    may hold one and whose ``game_id`` column does, the ``card_games`` files of the same run and month (and any
    ``card_games`` file without a ``player_games`` twin whose id range may hold one)."""
    if not ids:
        return []
    candidates = [p for p in parts if p.startswith("player_games/") and _holds(p, ids)]
    if not candidates:
        return []
    found = {Path(f).relative_to(folder).as_posix() for (f,) in con.execute(
        f"SELECT DISTINCT filename FROM read_parquet([{', '.join(_literal(str(folder / p)) for p in candidates)}], "
        "hive_partitioning=false, filename=true) WHERE game_id IN (SELECT game_id FROM changed)").fetchall()}
    twins = {"card_games/" + p.split("/", 1)[1] for p in found}
    players = {p.split("/", 1)[1] for p in parts if p.startswith("player_games/")}
    alone = {p for p in parts if p.startswith("card_games/") and p.split("/", 1)[1] not in players and _holds(p, ids)}
    return sorted(found | alone | {p for p in parts if p in twins})


def _by_month(files: Iterable[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in files:
        out.setdefault(_month(f), []).append(f)
    return out


def _new_name(kind: Kind, month: str) -> str:
    return f"{kind.name}/{month}/part-{time.time_ns():020d}-{secrets.token_hex(4)}.parquet"


def _copy(con: duckdb.DuckDBPyConnection, folder: Path, sql: str, relative: str) -> bool:
    """Write ``sql``'s rows to ``relative`` (temporary name, then renamed); False (nothing written) when there are none."""
    target = folder / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp")
    con.execute(f"COPY ({sql}) TO {_literal(str(tmp))} (FORMAT parquet, COMPRESSION zstd)")
    if pq.ParquetFile(tmp).metadata.num_rows == 0:
        tmp.unlink()
        return False
    os.replace(tmp, target)
    return True


def _ids_table(con: duckdb.DuckDBPyConnection, name: str, ids: dict[int, int]) -> None:
    table = pa.table({"game_id": pa.array(list(ids), pa.int64()), "sign": pa.array(list(ids.values()), pa.int64())})
    con.register(f"{name}_arrow", table)
    con.execute(f"CREATE OR REPLACE TEMP TABLE {name} AS SELECT * FROM {name}_arrow")
    con.unregister(f"{name}_arrow")


def _clean(folder: Path, manifest: Manifest, now: float) -> Manifest:
    """Remove retired files past their time and files no manifest lists (a crashed refresh's)."""
    kept = tuple((f, t) for f, t in manifest.retired if now - t < RETIRE_SECONDS)
    for f, t in manifest.retired:
        if now - t >= RETIRE_SECONDS:
            (folder / f).unlink(missing_ok=True)
    known = set(manifest.files) | {f for f, _ in kept}
    for kind in KINDS:
        for path in (folder / kind.name).glob("*/*.parquet*"):
            if str(path.relative_to(folder)) not in known:
                path.unlink(missing_ok=True)
    return Manifest(manifest.parts, manifest.hidden, manifest.files, kept)


def refresh_aggregates(folder: str | os.PathLike[str], *, full: bool = False) -> AggregateUpdate:
    """Bring the aggregates up to date with the folder's row part files and hidden games, adding only what changed
    (everything when ``full``, when there is no usable manifest or when counted part files are gone).

    The caller holds the warehouse's lock (:func:`dashboards.lock.locked`); :func:`keep_aggregates` takes it.
    """
    start = time.perf_counter()
    path = Path(folder)
    now = time.time()
    old = None if full else read_manifest(path)
    parts = _parts(path)
    if old is not None and not set(old.parts) <= set(parts):
        old = None
    rebuilt = old is None
    if old is None:
        stale = read_manifest(path)
        if stale is not None:  # retire what the old manifest listed (a query may be reading it)
            old = Manifest(retired=(*stale.retired, *((f, now) for f in stale.files)))
        else:
            for kind in KINDS:
                shutil.rmtree(path / kind.name, ignore_errors=True)
            old = Manifest()
    hidden = read_hidden(path)
    counted = set(old.parts)
    added = [p for p in parts if p not in counted]
    changes = {i: 1 for i in set(old.hidden) - set(hidden)} | {i: -1 for i in set(hidden) - set(old.hidden)}
    files, retired = list(old.files), list(old.retired)
    read_from: list[str] = []
    written = compacted = 0
    with configured(duckdb.connect()) as con:
        _ids_table(con, "hid", dict.fromkeys(hidden, -1))
        _ids_table(con, "changed", changes)
        holding = _holding(con, path, old.parts, sorted(changes))
        for kind in KINDS:
            new = _by_month(p for p in added if p.startswith(f"{kind.source}/"))
            touched = _by_month(p for p in holding if p.startswith(f"{kind.source}/"))
            for month in sorted(new.keys() | touched.keys()):
                sources = []
                if new.get(month):
                    where = "WHERE game_id NOT IN (SELECT game_id FROM hid)" if hidden else ""
                    sources.append(kind.row_source([str(path / p) for p in new[month]], where))
                if touched.get(month):
                    sources.append(kind.row_source([str(path / p) for p in touched[month]], "", "c.sign",
                                                   "JOIN changed c USING (game_id)"))
                read_from += new.get(month, []) + touched.get(month, [])
                target = _new_name(kind, month)
                if _copy(con, path, kind.delta_sql(" UNION ALL ".join(sources)), target):
                    files.append(target)
                    written += 1
            for month, mine in _by_month(f for f in files if f.startswith(f"{kind.name}/")).items():
                if len(mine) > MAX_FILES:
                    target = _new_name(kind, month)
                    kept = _copy(con, path, kind.sum_sql([str(path / f) for f in mine]), target)
                    files = [f for f in files if f not in mine] + ([target] if kept else [])
                    retired += [(f, now) for f in mine]
                    compacted += 1
    manifest = _clean(path, Manifest(tuple(parts), hidden, tuple(files), tuple(retired)), now)
    _write_manifest(path, manifest)
    shown = sum(1 for s in changes.values() if s > 0)
    return AggregateUpdate(rebuilt, len(added), len(changes) - shown, shown, written, compacted, len(manifest.files),
                           time.perf_counter() - start, read_from)


def keep_aggregates(folder: str | os.PathLike[str], *, full: bool = False) -> AggregateUpdate:
    """:func:`refresh_aggregates` under the warehouse's lock (this makes a warehouse keep aggregates from now on)."""
    path = Path(folder)
    with locked(path):
        return refresh_aggregates(path, full=full)


def build_aggregates(folder: str | os.PathLike[str]) -> int:
    """(Re)build ``card_agg`` and ``player_agg`` from all the folder's rows, one month at a time; the aggregate rows."""
    path = Path(folder)
    keep_aggregates(path, full=True)
    return aggregate_rows(path)


def recount(folder: str | os.PathLike[str]) -> Iterator[tuple[str, list[tuple[Any, ...]]]]:
    """Each aggregate dataset counted again from the rows (less the hidden games), and as its files sum up: sorted row
    lists, equal when the aggregates are right (for tests and ``warehouse verify``-style checks)."""
    path = Path(folder)
    manifest = read_manifest(path)
    hidden = read_hidden(path)
    with configured(duckdb.connect()) as con:
        _ids_table(con, "hid", dict.fromkeys(hidden, -1))
        for kind in KINDS:
            parts = [str(path / p) for p in _parts(path, kind.source)]
            where = "WHERE game_id NOT IN (SELECT game_id FROM hid)" if hidden else ""
            rows = con.execute(kind.delta_sql(kind.row_source(parts, where))).fetchall() if parts else []
            mine = [str(path / f) for f in (manifest.files if manifest else ()) if f.startswith(f"{kind.name}/")]
            summed = con.execute(kind.sum_sql(mine)).fetchall() if mine else []
            yield kind.name, sorted(rows, key=repr)
            yield f"{kind.name} (files)", sorted(summed, key=repr)
