"""Test data for the store suites: the sample logs, simulated logs, variants, raw SQL helpers."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import dump_jsonl, load_log
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store.prepare import SNAPSHOT_EVERY

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "fixtures" / "logs"
SERVER = "postgresql+psycopg://postgres@127.0.0.1:5432"


@lru_cache(maxsize=4)
def simulated(n: int, seed: int) -> tuple[bytes, ...]:
    """``n`` simulated logs as JSON Lines bytes."""
    return tuple(dump_jsonl(load_log(doc)).encode("utf-8") for doc in simulated_logs(bundled_cards(), n, seed))


def write_simulated(folder: Path, n: int, seed: int) -> Path:
    for i, data in enumerate(simulated(n, seed)):
        (folder / f"sim-{seed}-{i:05d}.jsonl").write_bytes(data)
    return folder


def variants(data: bytes, count: int) -> list[bytes]:
    """``count`` distinct logs from one: same actions, header ``id`` changed (so the content hash differs)."""
    doc = load_log_bytes(data)
    out = []
    for k in range(count):
        header = {**doc["game"], "id": f"{doc['game'].get('id', 'log')}-v{k}"}
        out.append(dump_jsonl(load_log({**doc, "game": header})).encode("utf-8"))
    return out


def load_log_bytes(data: bytes) -> dict[str, Any]:
    from pmemo_replay.logio import parse_log

    return parse_log(data).document()


def illegal_log() -> bytes:
    """The MHK sample with an approach on the first player's first turn inserted (illegal at action 6)."""
    doc = json.loads((LOGS / "mhk-points.json").read_text(encoding="utf-8"))
    doc["actions"].insert(6, {"type": "approach", "p": doc["game"]["first"], "card": "MHK ST-003"})
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


def table_counts(engine: sa.Engine) -> dict[str, int]:
    """Rows per table, and ``actions``: the actions stored (in ``game_action_block``'s blocks)."""
    with engine.connect() as conn:
        counts = {t: conn.execute(sa.text(f"SELECT count(*) FROM {t}")).scalar_one()
                  for t in ("upload", "game", "game_snapshot", "game_card")}
        counts["actions"] = conn.execute(sa.text("SELECT coalesce(sum(stop - seq), 0) FROM game_action_block")).scalar_one()
    return counts


def stored_actions(conn: sa.Connection, game_id: int) -> list[tuple[int, str]]:
    """``(seq, JSON text)`` of each stored action of a game, read from its blocks (checked whole: each block's lines
    are its ``stop`` - ``seq`` actions, and each block starts where the one before stopped)."""
    out: list[tuple[int, str]] = []
    for seq, stop, data in conn.execute(sa.text("SELECT seq, stop, data FROM game_action_block WHERE game_id = :g ORDER BY seq"),
                                        {"g": game_id}):
        lines = data.split("\n")
        assert seq == len(out) and len(lines) == stop - seq, (game_id, seq, stop, len(lines))
        out.extend(enumerate(lines, seq))
    return out


def consistency_problems(engine: sa.Engine, every: int = SNAPSHOT_EVERY) -> list[str]:
    """Games missing actions or snapshots, and rows that belong to no game (empty when all is whole)."""
    problems = []
    with engine.connect() as conn:
        games = conn.execute(sa.text("SELECT id, n_actions, upload_id FROM game")).all()
        for gid, n, upload in games:
            blocks = conn.execute(sa.text("SELECT seq, stop, data FROM game_action_block WHERE game_id = :g ORDER BY seq"),
                                  {"g": gid}).all()
            seqs: list[int] = []
            for seq, stop, data in blocks:  # each block holds the actions seq..stop-1, one per line
                lines = len(data.split("\n"))
                seqs.extend(range(seq, seq + lines) if stop - seq == lines else [-1])
            if seqs != list(range(n)):
                problems.append(f"game {gid}: actions {len(seqs)} of {n}")
            snaps = [s for (s,) in conn.execute(sa.text("SELECT seq FROM game_snapshot WHERE game_id = :g ORDER BY seq"), {"g": gid})]
            want = sorted({*range(every, n + 1, every), n})
            if snaps != want:
                problems.append(f"game {gid}: snapshots {snaps} != {want}")
            if conn.execute(sa.text("SELECT count(*) FROM upload WHERE id = :u"), {"u": upload}).scalar_one() != 1:
                problems.append(f"game {gid}: no upload")
        for table in ("game_action_block", "game_snapshot", "game_card"):
            orphans = conn.execute(sa.text(f"SELECT count(*) FROM {table} WHERE game_id NOT IN (SELECT id FROM game)")).scalar_one()
            if orphans:
                problems.append(f"{table}: {orphans} orphan row(s)")
    return problems
