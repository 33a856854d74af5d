"""The warehouse tables: Parquet schemas of the datasets, each hive-partitioned by month (``month=2026-11``).

| dataset | one row per | partitioned |
| --- | --- | --- |
| ``games`` | finished game | by month of ``played_at`` (``month=unknown`` without it) |
| ``player_games`` | player in a finished game (a player-game, metrics.md) | by month |
| ``card_games`` | (player-game, distinct main-deck card): the card facts, with the player-game's filter columns | by month |
| ``cards`` | (ruleset, card id) seen in a run (names for the statistics; duplicates across runs) | no |

``played_at`` is a UTC timestamp without zone; ``week`` is the ISO week (``2026-W47``) of its date.
``player_games.score`` is 1, 0 or 0.5 (draw). ``card_games`` is the large table, so it is kept narrow for the
card query: ``flags`` packs the card's facts in that player-game (1: in the opening hand, 2: seen, 4: played) and
``points`` is twice the score (2 win, 1 draw, 0 loss); ``turn_seen`` is null when not seen (0: the opening hand);
``turn_played`` is 0 when not played (plays happen from turn 1 on; a non-null byte sums 40% faster than a nullable
int16).
``key`` joins the card's code (a dense number the warehouse gives each card id, see ``cards.code``), points and
flags in one integer (:func:`card_key`): grouping 35 million rows on one integer is about three times cheaper
than on (card, flags), and the card query reads only ``key`` and ``turn_played``.
``pmemo-replay export warehouse`` writes them out as booleans and a score for other engines.
"""

from __future__ import annotations

import pyarrow as pa

#: the files' layout: a warehouse written with another version is rebuilt by the next update
#: 2: table logs (flag UNKNOWN_SEEN, player_games.hands_known); 3: any ruleset (card codes per ruleset,
#: ``cards.ruleset``, ``games.seats``, Mahou Shoujo's Gem, Grand and opening-pair columns on ``player_games``)
#: 4: ``irregular`` on games, player_games and card_games (games as played, docs/as-played.md)
#: 5: Clockwork Memorion's columns on ``player_games`` (final Life, Ruler, Summon Limit placement, Deification, recalls,
#: words)
SCHEMA_VERSION = 5
PARTITION = "month"
NO_MONTH = "unknown"

GAMES = pa.schema([
    ("game_id", pa.int64()), ("source_id", pa.string()), ("played_at", pa.timestamp("us")), ("date", pa.date32()),
    ("week", pa.string()), ("event", pa.string()), ("round", pa.int32()), ("ruleset", pa.string()),
    ("first", pa.int8()), ("winner", pa.int8()), ("reason", pa.string()), ("turns", pa.int32()), ("actions", pa.int32()),
    ("seats", pa.int8()), ("player0", pa.string()), ("player1", pa.string()), ("archetype0", pa.string()), ("archetype1", pa.string()),
    ("irregular", pa.int16()),  # irregularities that stood (a game stored as played; 0 otherwise)
])

PLAYER_GAMES = pa.schema([
    ("game_id", pa.int64()), ("seat", pa.int8()), ("player", pa.string()), ("opponent", pa.string()),
    ("deck_name", pa.string()), ("archetype", pa.string()), ("opp_archetype", pa.string()), ("went_first", pa.bool_()),
    ("score", pa.float64()), ("redraw", pa.bool_()), ("played_at", pa.timestamp("us")), ("date", pa.date32()),
    ("week", pa.string()), ("event", pa.string()), ("ruleset", pa.string()), ("turns", pa.int32()),
    ("deck_listed", pa.bool_()), ("hands_known", pa.bool_()), ("reason", pa.string()),
    # mahou-shoujo.md §13 (null for games without them): final Gems of the player and the opponent, Gem awards gained
    # (½: a bare Hero defeated, 1: a Magical Girl's fighter), Grand Transformations, the opening Hero and Magical Girl
    ("gems", pa.float64()), ("opp_gems", pa.float64()), ("gems_hero_awards", pa.int16()), ("gems_girl_awards", pa.int16()),
    ("grands", pa.int16()), ("pair_hero", pa.string()), ("pair_girl", pa.string()),
    ("irregular", pa.int16()),
    # clockwork-memorion.md §13 (null for other games): final Life, the Ruler, the Summon Limit placement
    # ("<id>:<face>[:r]"), the Deification turn, recalls made, recalls made inside Recall Times, Recall Times the
    # player's recalls opened, the words inherited or recalled (each once)
    ("final_life", pa.int32()), ("ruler", pa.string()), ("limit_placement", pa.string()), ("deified_turn", pa.int16()),
    ("recalls", pa.int16()), ("recall_time", pa.int16()), ("recall_times", pa.int16()), ("words", pa.list_(pa.string())),
])

CARD_GAMES = pa.schema([
    ("game_id", pa.int64()), ("seat", pa.int8()), ("card", pa.string()), ("key", pa.int32()), ("copies", pa.int8()),
    ("flags", pa.uint8()), ("turn_seen", pa.int16()), ("turn_played", pa.uint8()), ("points", pa.uint8()),
    ("went_first", pa.bool_()), ("played_at", pa.timestamp("us")), ("event", pa.string()), ("ruleset", pa.string()),
    ("player", pa.string()), ("archetype", pa.string()), ("irregular", pa.int16()),
])
#: ``card_games`` part files are ordered by ``key`` (so by card code first) in row groups of this many rows: a query
#: for one card (the card page) reads only the row groups its code range spans, pruned by their min/max statistics
CARD_ROW_GROUP = 1 << 16
#: bits of ``card_games.flags``; UNKNOWN_SEEN: a table log where not every card that entered the player's hand was
#: identified, so "in opening hand" and "seen" are unknown (table-logs.md, "Statistics over table logs")
IN_OPENING, SEEN, PLAYED, UNKNOWN_SEEN = 1, 2, 4, 8
#: where points and the card code sit in an aggregation key (flags take the low 4 bits, points the next 2)
POINTS_SHIFT, CODE_SHIFT = 4, 6


def card_key(code: int, points: int, flags: int) -> int:
    """The aggregation key of a card row: card code, points and flags in one integer.

    >>> card_key(3, 2, IN_OPENING | SEEN), split_key(card_key(3, 2, IN_OPENING | SEEN))
    (227, (3, 2, 3))
    """
    return code << CODE_SHIFT | points << POINTS_SHIFT | flags


def split_key(key: int) -> tuple[int, int, int]:
    """``(code, points, flags)`` of an aggregation key."""
    return key >> CODE_SHIFT, (key >> POINTS_SHIFT) & 3, key & 15

CARDS = pa.schema([
    ("code", pa.int32()), ("card", pa.string()), ("name", pa.string()), ("series", pa.string()), ("set_code", pa.string()),
    ("color", pa.string()), ("type", pa.string()), ("ruleset", pa.string()),
])

#: dataset name -> schema of its files (the partition column comes from the folder names)
DATASETS: dict[str, pa.Schema] = {"games": GAMES, "player_games": PLAYER_GAMES, "card_games": CARD_GAMES, "cards": CARDS}
PARTITIONED = ("games", "player_games", "card_games")


def with_partition(schema: pa.Schema) -> pa.Schema:
    """The schema as read back with ``hive_partitioning``: the files' columns plus ``month``."""
    return schema.append(pa.field(PARTITION, pa.string()))
