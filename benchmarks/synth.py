"""Synthetic warehouse data at scale, for benchmarks: rows written straight into the Parquet layout.

Simulating a million games through the engine would take hours, so this draws warehouse rows
directly with numpy: archetype deck templates over a card pool, seats, first player, results with
per-archetype strength and 1% draws, and per-card facts with plausible rates (opening-hand odds
from the number of copies, seen more often than that, played most of the times seen).
The layout and schemas are the warehouse's own, so the metric queries run on it unchanged.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from dashboards.schema import CARD_GAMES, CARD_ROW_GROUP, CARDS, CODE_SHIFT, IN_OPENING, PARTITION, PLAYED, PLAYER_GAMES, POINTS_SHIFT, SEEN

ARCHETYPES = ("MHK red-blue", "MHK blue", "MHK red-yellow", "MHK blue-yellow", "MHK red-green", "HTD yellow-green",
              "SLA red-blue-purple", "MHK green-purple", "HTD red", "SLA blue-green", "MHK yellow", "HTD purple")
EVENTS = ("Shop league", "Weekly ranked", "Regional qualifier", "Online cup", "Store championship")
POOL = 240
MONTHS = 12
START = datetime(2026, 1, 1)


def _dict(indices: np.ndarray, values: list[str]) -> pa.DictionaryArray:
    return pa.DictionaryArray.from_arrays(pa.array(indices.astype(np.int32)), pa.array(values))


def _templates(rng: np.random.Generator) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per archetype: distinct card indices and their copies (60 cards, 15 to 20 distinct)."""
    out = []
    for _ in ARCHETYPES:
        distinct = int(rng.integers(15, 21))
        cards = rng.choice(POOL, distinct, replace=False)
        copies = np.full(distinct, 1)
        while copies.sum() < 60:
            i = int(rng.integers(distinct))
            if copies[i] < 4:
                copies[i] += 1
        out.append((np.sort(cards), copies))
    return out


CHUNK = 200_000  # games per run of part files: bounds memory (about 1.5 GB at 200k games) whatever the total
BLOCK = 10_000  # games drawn from one random stream: the data do not depend on the chunk size
#: opening-hand odds of a card by its copies (0 to 4) in a 60-card deck, 7 cards drawn
P_OPEN = 1 - np.array([np.prod([(60 - c - k) / (60 - k) for k in range(7)]) for c in range(5)])
WEEKS = np.array([f"{d.isocalendar()[0]}-W{d.isocalendar()[1]:02d}" for d in
                  (START.date() + np.timedelta64(i, "D").item() for i in range(366))])
NAMES = [f"player{i:04d}" for i in range(5000)]
CARD_IDS = [f"MHK 01-{i:03d}" for i in range(POOL)]

Arrays = dict[str, np.ndarray]


def _block(seed: int, first: int, games: int, templates: list[tuple[np.ndarray, np.ndarray]],
           strength: np.ndarray) -> tuple[Arrays, Arrays]:
    """Player-game and card-game columns of the games ``first``..``first + games - 1`` (their own random stream)."""
    rng = np.random.default_rng([seed, first])
    pg = 2 * games
    seat = np.tile(np.array([0, 1], dtype=np.int8), games)
    kind = rng.integers(len(ARCHETYPES), size=pg).astype(np.int8)
    first_seat = np.repeat(rng.integers(2, size=games), 2)
    edge = (strength[kind[0::2]] - strength[kind[1::2]]) + np.where(first_seat[0::2] == 0, 0.1, -0.1)
    p0 = 1 / (1 + np.exp(-edge))
    draw = rng.random(games) < 0.01
    winner0 = (~draw) & (rng.random(games) < p0)
    s0 = np.where(draw, 0.5, winner0.astype(float))
    players = {
        "game_id": np.repeat(np.arange(first, first + games, dtype=np.int64), 2), "seat": seat, "kind": kind,
        "opp": kind.reshape(-1, 2)[:, ::-1].reshape(-1), "went_first": seat == first_seat,
        "score": np.column_stack([s0, 1 - s0]).reshape(-1),
        "played_at": (np.datetime64(START, "us") + (rng.random(games) * 365 * 86400e6).astype("timedelta64[us]")).repeat(2),
        "event": np.repeat(rng.integers(len(EVENTS), size=games), 2).astype(np.int8),
        "player": rng.integers(len(NAMES), size=pg).astype(np.int32), "redraw": rng.random(pg) < 0.12,
    }
    sizes = np.array([len(t[0]) for t in templates])[kind]
    rows = int(sizes.sum())
    owner = np.repeat(np.arange(pg), sizes)
    within = np.arange(rows) - np.repeat(np.concatenate([[0], np.cumsum(sizes)[:-1]]), sizes)
    card_table = np.full((len(ARCHETYPES), 20), -1, dtype=np.int32)
    copy_table = np.zeros((len(ARCHETYPES), 20), dtype=np.int8)
    for i, (cards, copies) in enumerate(templates):
        card_table[i, :len(cards)] = cards
        copy_table[i, :len(cards)] = copies
    copies = copy_table[kind[owner], within]
    p_open = P_OPEN[copies]
    in_opening = rng.random(rows) < p_open
    seen = in_opening | (rng.random(rows) < np.minimum(0.9, p_open * 1.2))
    turn_seen = np.where(in_opening, 0, rng.integers(1, 12, size=rows)).astype(np.int16)
    played = seen & (rng.random(rows) < 0.7)
    turn_played = np.where(played, np.maximum(turn_seen, rng.integers(1, 12, size=rows)), 0).astype(np.uint8)
    flags = (in_opening * IN_OPENING | seen * SEEN | played * PLAYED).astype(np.uint8)
    cards = {"owner": (owner + 2 * (first - 1)).astype(np.int64), "card": card_table[kind[owner], within], "copies": copies,
             "flags": flags, "seen": seen, "turn_seen": turn_seen, "turn_played": turn_played}
    return players, cards


def _concat(parts: list[Arrays]) -> Arrays:
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def synthesize(folder: str | os.PathLike[str], games: int, seed: int = 0, *, chunk: int = CHUNK,
               block: int = BLOCK, first: int = 1) -> dict[str, int]:
    """Write ``player_games``, ``card_games`` and ``cards`` for ``games`` synthetic games (ids from ``first`` on: a
    later call adds games to the same folder); the row counts.

    The games are drawn in blocks of ``block`` (each its own random stream, so the data depend on ``seed`` and
    ``block`` only) and written a run of part files per ``chunk`` games (rounded up to whole blocks), so memory
    is bounded by the chunk, not the total.
    """
    rng = np.random.default_rng(seed)
    path = Path(folder)
    templates = _templates(rng)
    strength = rng.normal(0, 0.25, len(ARCHETYPES))
    per_chunk = max(1, -(-chunk // block))
    counts = {"player_games": 0, "card_games": 0}
    starts = list(range(first, first + games, block))
    for k in range(0, len(starts), per_chunk):
        blocks = [_block(seed, s, min(block, first + games - s), templates, strength) for s in starts[k:k + per_chunk]]
        players, cards = _concat([b[0] for b in blocks]), _concat([b[1] for b in blocks])
        cards["owner"] -= 2 * (starts[k] - 1)  # row index into this chunk's player-games
        del blocks
        last = int(players["game_id"][-1])
        for name, n in _write_chunk(path, players, cards, f"part-{starts[k]:012d}-{last:012d}").items():
            counts[name] += n
    (path / "cards").mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.table({"code": np.arange(POOL, dtype=np.int32), "card": CARD_IDS, "name": [f"Card {i}" for i in range(POOL)],
                             "series": ["Mahouka"] * POOL, "set_code": ["MHK"] * POOL, "color": ["red"] * POOL,
                             "type": ["chara"] * POOL, "ruleset": ["pm-2.22"] * POOL}, schema=CARDS),
                   path / "cards" / "part-000000000001-999999999999.parquet")
    return counts


def _write_chunk(path: Path, p: Arrays, c: Arrays, name: str) -> dict[str, int]:
    """Write one chunk's rows, a part file ``name`` per dataset and month; the rows written per dataset."""
    counts = {"player_games": 0, "card_games": 0}
    month = p["played_at"].astype("datetime64[M]")
    day = (p["played_at"].astype("datetime64[D]") - np.datetime64(START.date(), "D")).astype(np.int64)
    owner_month = month[c["owner"]]
    for m in np.unique(month):
        idx = np.flatnonzero(month == m)
        cidx = np.flatnonzero(owner_month == m)
        pg_table = pa.table({
            "game_id": p["game_id"][idx], "seat": p["seat"][idx], "player": _dict(p["player"][idx], NAMES),
            "opponent": _dict(p["player"][idx ^ 1], NAMES), "deck_name": pa.nulls(len(idx), pa.string()),
            "archetype": _dict(p["kind"][idx], list(ARCHETYPES)), "opp_archetype": _dict(p["opp"][idx], list(ARCHETYPES)),
            "went_first": p["went_first"][idx], "score": p["score"][idx], "redraw": p["redraw"][idx],
            "played_at": p["played_at"][idx], "date": p["played_at"][idx].astype("datetime64[D]"),
            "week": pa.array(WEEKS[day[idx]]), "event": _dict(p["event"][idx], list(EVENTS)),
            "ruleset": _dict(np.zeros(len(idx), dtype=np.int32), ["pm-2.22"]), "turns": np.full(len(idx), 9, dtype=np.int32),
            "deck_listed": np.ones(len(idx), dtype=bool), "hands_known": np.ones(len(idx), dtype=bool),
            "irregular": np.zeros(len(idx), dtype=np.int16),
        })
        o = c["owner"][cidx]
        points = (2 * p["score"][o]).astype(np.uint8)
        card, flags = c["card"][cidx], c["flags"][cidx]
        cg_table = pa.table({
            "game_id": p["game_id"][o], "seat": p["seat"][o], "card": _dict(card, CARD_IDS),
            "key": (card.astype(np.int64) << CODE_SHIFT | points.astype(np.int64) << POINTS_SHIFT | flags).astype(np.int32),
            "copies": c["copies"][cidx], "flags": flags, "turn_seen": pa.array(c["turn_seen"][cidx], mask=~c["seen"][cidx]),
            "turn_played": c["turn_played"][cidx], "points": points, "went_first": p["went_first"][o],
            "played_at": p["played_at"][o], "event": _dict(p["event"][o], list(EVENTS)),
            "ruleset": _dict(np.zeros(len(cidx), dtype=np.int32), ["pm-2.22"]), "player": _dict(p["player"][o], NAMES),
            "archetype": _dict(p["kind"][o], list(ARCHETYPES)), "irregular": np.zeros(len(cidx), dtype=np.int16),
        })
        for dataset, table, schema in (("player_games", pg_table, PLAYER_GAMES), ("card_games", cg_table, CARD_GAMES)):
            table = _with_nulls(table, schema)
            if dataset == "card_games":  # as the warehouse writes it: ordered by key, small row groups (CARD_ROW_GROUP)
                table = table.sort_by("key")
            target = path / dataset / f"{PARTITION}={m}"
            target.mkdir(parents=True, exist_ok=True)
            pq.write_table(table.cast(_dictionary_schema(schema, table.schema)), target / f"{name}.parquet",
                           compression="zstd", row_group_size=CARD_ROW_GROUP if dataset == "card_games" else 1 << 20)
            counts[dataset] += len(table)
    return counts


def _with_nulls(table: pa.Table, schema: pa.Schema) -> pa.Table:
    """The table with a null column for each schema field it lacks (another game's columns, such as Gems)."""
    for f in schema:
        if f.name not in table.column_names:
            table = table.append_column(f.name, pa.nulls(len(table), f.type))
    return table.select(schema.names)  # in the schema's order


def _dictionary_schema(schema: pa.Schema, actual: pa.Schema) -> pa.Schema:
    """The warehouse schema, keeping the dictionary encoding of the columns built as dictionaries."""
    fields = []
    for f in schema:
        t = actual.field(f.name).type
        fields.append(pa.field(f.name, t if pa.types.is_dictionary(t) else f.type))
    return pa.schema(fields)
