"""PostgreSQL takes the uploads, action blocks and snapshots by COPY's binary format and the deck-card rows as COPY text
the writer makes itself: every value must come back as sent (backslashes, tabs, newlines and carriage returns in JSON
strings, non-ASCII, the upload's bytes), as SQLite's ``executemany`` keeps it. And the actions' canonical texts, made
in one pass, are each action's."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from hypothesis import given, settings
from hypothesis import strategies as st

from pmemo_replay.cards import bundled_cards
from pmemo_replay.store import Store
from pmemo_replay.store.db import copy_field, encode_sorted, encode_sorted_lines
from pmemo_replay.store.prepare import Prepared, prepare
from pmemo_replay.store.writer import card_copy_text, write_batch
from tests.store.data import LOGS, simulated, stored_actions

AWKWARD = ["back\\slash", "tab\there", "new\nline", "carriage\rreturn", "\\N", "\\.", 'quote " and \\"', "青 \u2028 😀",
           "\\t literally", "end\\"]


def awkward_log() -> bytes:
    doc = json.loads((LOGS / "mhk-points.json").read_text("utf-8"))
    notes = [{"type": "note", "text": text} for text in AWKWARD] + [{"type": "note", "p": 1, "text": "\t".join(AWKWARD)}]
    doc["actions"] = doc["actions"][:6] + notes + doc["actions"][6:]
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


def test_deck_card_rows_are_escaped_only_when_an_id_needs_it() -> None:
    """The deck-card rows are written without escaping when no id needs it, else each id escaped: either way the
    text is the rows with :func:`copy_field` of each id."""
    p = prepare(awkward_log(), "awkward", bundled_cards())
    assert isinstance(p, Prepared) and p.cards
    for ids in ([c for _, c in p.cards], [*AWKWARD, "plain"], ["a\tb"], ["a\nb"], ["x\\"], ["\r"]):
        cards = [(n % 2, card) for n, card in enumerate(ids)]
        pairs = [(Prepared(p.source, p.data, p.upload_hash, p.content_hash, p.game, p.action_json, [], cards), 7),
                 (p, 8)]
        expected = "".join(f"{g}\t{n}\t{copy_field(c)}\n" for q, g in pairs for n, c in q.cards)
        assert card_copy_text(pairs) == expected


def test_awkward_actions_come_back_as_sent(store_url: str) -> None:
    data = awkward_log()
    p = prepare(data, "awkward", bundled_cards())
    assert isinstance(p, Prepared)
    with Store(store_url) as store:
        r = store.ingest_text(data, "awkward")
        assert r.status == "stored" and r.game_id is not None
        with store.engine.connect() as conn:
            stored = stored_actions(conn, r.game_id)
            cards = conn.execute(sa.text("SELECT player, card FROM game_card WHERE game_id = :g ORDER BY player, card"),
                                 {"g": r.game_id}).all()
            snapshots = conn.execute(sa.text("SELECT seq, data FROM game_snapshot WHERE game_id = :g ORDER BY seq"),
                                     {"g": r.game_id}).all()
            upload = conn.execute(sa.text("SELECT u.data FROM upload u JOIN game g ON g.upload_id = u.id WHERE g.id = :g"),
                                  {"g": r.game_id}).scalar_one()
        assert stored == list(enumerate(p.actions))
        assert [tuple(row) for row in cards] == sorted(p.cards)
        assert [tuple(row) for row in snapshots] == p.snapshots and bytes(upload) == data
        assert [a["text"] for a in store.actions(r.game_id) if a["type"] == "note"] == [*AWKWARD, "\t".join(AWKWARD)]


def test_a_batch_numbers_its_games_and_uploads_as_an_insert_did(store_url: str) -> None:
    """PostgreSQL takes the batch's ids from the sequences and COPYs the rows: each game gets its own upload, ids
    ascend in content-hash order within the batch, and every value is stored as prepared."""
    datas = [awkward_log(), *simulated(5, seed=3)]
    prepared = [prepare(d, f"log{i}", bundled_cards()) for i, d in enumerate(datas)]
    with Store(store_url) as store:
        results = write_batch(store.engine, prepared)  # one transaction
        assert [r.status for r in results] == ["stored"] * 6
        ids = {r.content_hash: r.game_id for r in results}
        assert sorted(ids.values()) == [ids[h] for h in sorted(ids)]
        with store.engine.connect() as conn:
            uploads = {row.id: row for row in conn.execute(sa.text("SELECT * FROM upload"))}
        for p, r in zip(prepared, results, strict=True):
            assert isinstance(p, Prepared) and r.game_id is not None
            game = store.get_game(r.game_id)
            assert game is not None
            upload = uploads[game.upload_id]
            assert (upload.source, upload.content_hash, upload.size, bytes(upload.data)) == (
                p.source, p.upload_hash, len(p.data), p.data)
            assert game.header == json.loads(p.game["header"]) and not game.what_if and game.ruling is None
            for column, value in p.game.items():
                if column not in ("header", "played_at"):
                    assert getattr(game, column) == value, column
            assert (game.played_at and game.played_at.isoformat()) == (p.game["played_at"] and p.game["played_at"].isoformat())


JSON = st.recursive(st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=5), lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3),
                                                                                                          inner, max_size=3),
                    max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(st.lists(JSON, max_size=6))
def test_action_lines_are_each_actions_canonical_text(values: list[Any]) -> None:
    """The actions' canonical texts, made in one pass, are ``encode_sorted`` of each (big integers included, which
    orjson refuses), one per line."""
    lines = encode_sorted_lines(values)
    assert lines.split("\n") == [encode_sorted(v) for v in values] if values else lines == ""
