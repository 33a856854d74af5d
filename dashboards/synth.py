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


def synthesize(folder: str | os.PathLike[str], games: int, seed: int = 0) -> dict[str, int]:
    """Write ``player_games``, ``card_games`` and ``cards`` for ``games`` synthetic games; the row counts."""
    rng = np.random.default_rng(seed)
    path = Path(folder)
    templates = _templates(rng)
    pg = 2 * games
    game_id = np.repeat(np.arange(1, games + 1, dtype=np.int64), 2)
    seat = np.tile(np.array([0, 1], dtype=np.int8), games)
    kind = rng.integers(len(ARCHETYPES), size=pg)
    opp = kind.reshape(-1, 2)[:, ::-1].reshape(-1)
    first_seat = np.repeat(rng.integers(2, size=games), 2)
    went_first = seat == first_seat
    strength = rng.normal(0, 0.25, len(ARCHETYPES))
    edge = (strength[kind[0::2]] - strength[kind[1::2]]) + np.where(first_seat[0::2] == 0, 0.1, -0.1)
    p0 = 1 / (1 + np.exp(-edge))
    u = rng.random(games)
    draw = u < 0.01
    winner0 = (~draw) & (rng.random(games) < p0)
    s0 = np.where(draw, 0.5, winner0.astype(float))
    score = np.column_stack([s0, 1 - s0]).reshape(-1)
    played_at = (np.datetime64(START, "us") + (rng.random(games) * 365 * 86400e6).astype("timedelta64[us]")).repeat(2)
    month = played_at.astype("datetime64[M]")
    months = np.unique(month)
    event = np.repeat(rng.integers(len(EVENTS), size=games), 2)
    player = rng.integers(5000, size=pg)
    redraw = rng.random(pg) < 0.12
    names = [f"player{i:04d}" for i in range(5000)]
    week = np.array([f"{d.isocalendar()[0]}-W{d.isocalendar()[1]:02d}" for d in
                     (START.date() + np.timedelta64(i, "D").item() for i in range(366))])
    day = (played_at.astype("datetime64[D]") - np.datetime64(START.date(), "D")).astype(np.int64)

    sizes = np.array([len(t[0]) for t in templates])[kind]
    rows = int(sizes.sum())
    owner = np.repeat(np.arange(pg), sizes)
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    within = np.arange(rows) - np.repeat(offsets, sizes)
    card_table = np.full((len(ARCHETYPES), 20), -1)
    copy_table = np.zeros((len(ARCHETYPES), 20), dtype=np.int8)
    for i, (cards, copies) in enumerate(templates):
        card_table[i, :len(cards)] = cards
        copy_table[i, :len(cards)] = copies
    card = card_table[kind[owner], within]
    copies = copy_table[kind[owner], within]
    p_open = 1 - np.array([np.prod([(60 - c - k) / (60 - k) for k in range(7)]) for c in range(5)])[copies]
    r = rng.random(rows)
    in_opening = r < p_open
    seen = in_opening | (rng.random(rows) < np.minimum(0.9, p_open * 1.2))
    turn_seen = np.where(in_opening, 0, rng.integers(1, 12, size=rows)).astype(np.int16)
    played = seen & (rng.random(rows) < 0.7)
    turn_played = np.where(played, np.maximum(turn_seen, rng.integers(1, 12, size=rows)), 0).astype(np.uint8)
    flags = (in_opening * IN_OPENING | seen * SEEN | played * PLAYED).astype(np.uint8)
    card_ids = [f"MHK 01-{i:03d}" for i in range(POOL)]

    counts = {"player_games": 0, "card_games": 0}
    for m in months:
        label = str(m)
        pg_mask = month == m
        card_mask = pg_mask[owner]
        idx = np.flatnonzero(pg_mask)
        cidx = np.flatnonzero(card_mask)
        pdays = day[idx]
        pg_table = pa.table({
            "game_id": game_id[idx], "seat": seat[idx], "player": _dict(player[idx], names),
            "opponent": _dict(player[idx ^ 1], names), "deck_name": pa.nulls(len(idx), pa.string()),
            "archetype": _dict(kind[idx], list(ARCHETYPES)), "opp_archetype": _dict(opp[idx], list(ARCHETYPES)),
            "went_first": went_first[idx], "score": score[idx], "redraw": redraw[idx], "played_at": played_at[idx],
            "date": played_at[idx].astype("datetime64[D]"), "week": pa.array(week[pdays]), "event": _dict(event[idx], list(EVENTS)),
            "ruleset": _dict(np.zeros(len(idx), dtype=np.int32), ["pm-2.22"]), "turns": np.full(len(idx), 9, dtype=np.int32),
            "deck_listed": np.ones(len(idx), dtype=bool), "hands_known": np.ones(len(idx), dtype=bool),
            "irregular": np.zeros(len(idx), dtype=np.int16),
        })
        o = owner[cidx]
        cg_table = pa.table({
            "game_id": game_id[o], "seat": seat[o], "card": _dict(card[cidx], card_ids),
            "key": (card[cidx] << CODE_SHIFT | (2 * score[o]).astype(np.int64) << POINTS_SHIFT | flags[cidx]).astype(np.int32),
            "copies": copies[cidx],
            "flags": flags[cidx], "turn_seen": pa.array(turn_seen[cidx], mask=~seen[cidx]),
            "turn_played": turn_played[cidx], "points": (2 * score[o]).astype(np.uint8),
            "went_first": went_first[o], "played_at": played_at[o], "event": _dict(event[o], list(EVENTS)),
            "ruleset": _dict(np.zeros(len(cidx), dtype=np.int32), ["pm-2.22"]), "player": _dict(player[o], names),
            "archetype": _dict(kind[o], list(ARCHETYPES)), "irregular": np.zeros(len(cidx), dtype=np.int16),
        })
        for name, table, schema in (("player_games", pg_table, PLAYER_GAMES), ("card_games", cg_table, CARD_GAMES)):
            table = _with_nulls(table, schema)
            if name == "card_games":  # as the warehouse writes it: ordered by key, small row groups (CARD_ROW_GROUP)
                table = table.sort_by("key")
            target = path / name / f"{PARTITION}={label}"
            target.mkdir(parents=True, exist_ok=True)
            pq.write_table(table.cast(_dictionary_schema(schema, table.schema)), target / "part-000000000001-999999999999.parquet",
                           compression="zstd", row_group_size=CARD_ROW_GROUP if name == "card_games" else 1 << 20)
            counts[name] += len(table)
    (path / "cards").mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.table({"code": np.arange(POOL, dtype=np.int32), "card": card_ids, "name": [f"Card {i}" for i in range(POOL)],
                             "series": ["Mahouka"] * POOL, "set_code": ["MHK"] * POOL, "color": ["red"] * POOL,
                             "type": ["chara"] * POOL, "ruleset": ["pm-2.22"] * POOL}, schema=CARDS),
                   path / "cards" / "part-000000000001-999999999999.parquet")
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
