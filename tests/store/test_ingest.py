"""Ingest: legal logs become rows; illegal and malformed logs store nothing; the same log is stored once."""

from __future__ import annotations

import hashlib
import json

import pytest
import sqlalchemy as sa

from pmemo_replay.cards import bundled_cards
from pmemo_replay.checking import check_text
from pmemo_replay.logio import dump_json, dump_jsonl, parse_log
from pmemo_replay.store import Store, canonical_text, content_hash
from pmemo_replay.store.db import encode_sorted_lines
from pmemo_replay.store.prepare import ACTION_BLOCK, SNAPSHOT_EVERY, Prepared, prepare
from tests.store.data import LOGS, illegal_log, simulated, stored_actions, table_counts

EMPTY = {"upload": 0, "game": 0, "actions": 0, "game_snapshot": 0, "game_card": 0}


def test_legal_log_becomes_rows(store: Store) -> None:
    data = (LOGS / "mhk-points.json").read_bytes()
    log = parse_log(data)
    r = store.ingest_text(data, "mhk-points.json")
    assert r.status == "stored" and r.game_id is not None and r.ruling is None
    assert r.content_hash == hashlib.sha256(canonical_text(log).encode()).hexdigest() == content_hash(log)
    report = check_text(data, bundled_cards())
    assert report.state is not None
    g = store.get_game(r.game_id)
    assert g is not None
    assert g.header == log.header and g.source_id == "sample-mhk-1" and g.content_hash == r.content_hash
    assert (g.player0, g.player1) == ("Aoi", "Ren") and g.deck0 == log.header["players"][0]["deck_name"]
    assert [(s.seat, s.player, s.deck_name) for s in g.seats] == [
        (n, pl["name"], pl.get("deck_name")) for n, pl in enumerate(log.header["players"])]
    assert [s.placement for s in g.seats] == [2, 1] and report.result == {"winner": 1, "reason": "points"}
    assert [s.score for s in g.seats] == [len(pl["points"]) for pl in report.state["players"]]
    assert g.unverified == len({u["index"] for u in report.unverified})
    assert g.first == log.header["first"] and g.ruleset == "pm-2.22" and g.event == "Shop league" and g.round == 2
    assert {"winner": g.winner, "reason": g.reason} == report.result
    total = len(log.actions)
    assert g.n_actions == total == report.applied and g.turns == report.state["turn"]
    assert g.played_at is not None and g.played_at.isoformat() == "2026-11-01T14:00:00+00:00"
    assert g.engine_version and g.ruling is None
    assert store.actions(r.game_id) == log.actions
    counts = table_counts(store.engine)
    assert counts["upload"] == 1 and counts["actions"] == total
    assert counts["game_snapshot"] == len([*range(SNAPSHOT_EVERY, total, SNAPSHOT_EVERY), total])
    decks = {(n, c) for n, p in enumerate(log.header["players"]) for c in (*p["deck"], *p["ex_deck"])}
    assert counts["game_card"] == len(decks)
    with store.engine.connect() as conn:
        upload = conn.execute(sa.text("SELECT source, data, content_hash FROM upload")).one()
    assert upload.source == "mhk-points.json" and bytes(upload.data) == data
    assert upload.content_hash == hashlib.sha256(data).hexdigest()


def test_actions_are_stored_in_blocks_of_their_canonical_texts(store: Store) -> None:
    """A block row per ``ACTION_BLOCK`` actions (the last one shorter), each line an action's canonical text."""
    data = simulated(1, 5)[0]
    log = parse_log(data)
    r = store.ingest_text(data, "sim.jsonl")
    assert r.game_id is not None and len(log.actions) > 2 * ACTION_BLOCK
    with store.engine.connect() as conn:
        blocks = conn.execute(sa.text("SELECT seq, stop FROM game_action_block WHERE game_id = :g ORDER BY seq"),
                              {"g": r.game_id}).all()
        stored = stored_actions(conn, r.game_id)
    n = len(log.actions)
    assert [tuple(b) for b in blocks] == [(i, min(i + ACTION_BLOCK, n)) for i in range(0, n, ACTION_BLOCK)]
    assert stored == list(enumerate(encode_sorted_lines(log.actions).split("\n")))
    assert store.actions(r.game_id) == log.actions


def test_illegal_log_stores_nothing_and_reports_the_ruling(store: Store) -> None:
    data = illegal_log()
    r = store.ingest_text(data, "bad.json")
    expected = check_text(data, bundled_cards())
    assert r.status == "rejected" and r.game_id is None and r.exit_code == 1 and r.ruling is not None
    assert r.ruling == expected.ruling and r.ruling["index"] == 6 and r.ruling["rule"] == "approach.first_turn"
    assert table_counts(store.engine) == EMPTY


@pytest.mark.parametrize(("data", "rule"), [
    (b"{not json", "log.schema"),
    (b'{"format": "pmemo-log", "version": 2, "game": {}, "actions": []}', "log.schema"),
    (b"", "log.schema"),
    (None, "log.card"),
])
def test_malformed_log_stores_nothing(store: Store, data: bytes | None, rule: str) -> None:
    if data is None:  # a well-formed log naming a card nobody has
        doc = json.loads((LOGS / "mhk-points.json").read_text(encoding="utf-8"))
        doc["game"]["players"][0]["deck"][0] = "MHK 99-999"
        data = json.dumps(doc).encode()
    r = store.ingest_text(data, "x")
    assert r.status == "rejected" and r.exit_code == 2 and r.ruling is not None and r.ruling["rule"] == rule
    assert r.ruling == check_text(data, bundled_cards()).ruling
    assert table_counts(store.engine) == EMPTY


def test_identical_log_twice_in_either_form_is_stored_once(store: Store) -> None:
    first = store.ingest_text((LOGS / "mhk-points.json").read_bytes(), "a.json")
    again = store.ingest_text((LOGS / "mhk-points.jsonl").read_bytes(), "a.jsonl")
    third = store.ingest_log(parse_log((LOGS / "mhk-points.json").read_bytes()))
    assert first.status == "stored" and again.status == third.status == "present"
    assert first.game_id == again.game_id == third.game_id and first.content_hash == again.content_hash
    counts = table_counts(store.engine)
    total = len(parse_log((LOGS / "mhk-points.json").read_bytes()).actions)
    assert counts["game"] == counts["upload"] == 1 and counts["actions"] == total


def test_same_log_twice_in_one_batch(store: Store) -> None:
    data = simulated(2, 3)
    results = list(store.ingest_many([("a", data[0]), ("b", data[1]), ("c", data[0])]))
    assert [r.status for r in results] == ["stored", "stored", "present"]
    assert results[2].game_id == results[0].game_id
    assert table_counts(store.engine)["game"] == 2


def _non_ascii() -> bytes:
    doc = parse_log((LOGS / "mhk-points.json").read_bytes()).document()
    doc["game"]["players"][0]["name"] = "葵 \u2028 \"Aoi\""
    doc["actions"].append({"type": "note", "text": "いい試合でした\n\t☺"})
    return json.dumps(doc, ensure_ascii=True).encode()


def test_prepared_hash_is_the_canonical_hash() -> None:
    for data in (*simulated(3, 4), (LOGS / "original-points.json").read_bytes(), _non_ascii()):
        p = prepare(data, "x", bundled_cards())
        assert isinstance(p, Prepared)
        log = parse_log(data)
        assert p.content_hash == content_hash(log) == content_hash(parse_log(dump_json(log)))
        assert [json.loads(a) for a in p.actions] == log.actions


def test_json_and_jsonl_forms_hash_alike_with_non_ascii_text(store: Store) -> None:
    data = _non_ascii()
    first = store.ingest_text(data, "a.json")
    again = store.ingest_text(dump_jsonl(parse_log(data)).encode(), "a.jsonl")
    assert first.status == "stored" and again.status == "present" and again.game_id == first.game_id
    g = store.get_game(first.game_id or 0)
    assert g is not None and g.player0 == "葵 \u2028 \"Aoi\"" and store.actions(g.id or 0)[-1]["text"] == "いい試合でした\n\t☺"


@pytest.mark.parametrize("busy", [False, True], ids=["fork", "spawn"])
def test_workers_store_their_own_chunks_like_one_process(store_url: str, busy: bool) -> None:
    """Worker writes (fork, or spawn when this process runs other threads) store what a single process stores:
    each game once, duplicates across chunks present, rejections reported, results in input order."""
    import threading

    from tests.store.data import variants

    logs = [v for data in simulated(3, 12) for v in variants(data, 24)]  # 72 distinct games: three worker chunks
    items = [(f"g{i}", data) for i, data in enumerate(logs)]
    items.insert(40, ("again", logs[5]))  # the same log in a later chunk
    items.insert(10, ("bad", illegal_log()))
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait) if busy else None
    if thread:
        thread.start()
    try:
        with Store(store_url) as store:
            results = list(store.ingest_many(items, workers=2))
            counts = table_counts(store.engine)
    finally:
        stop.set()
    assert [r.source for r in results] == [source for source, _ in items]
    statuses = {r.source: r.status for r in results}
    assert statuses["bad"] == "rejected" and statuses["again"] == "present"
    assert sum(s == "stored" for s in statuses.values()) == 72 == counts["game"] == counts["upload"]
    by_source = {r.source: r.game_id for r in results}
    assert by_source["again"] == by_source["g5"]


def test_statuses_follow_the_input_order_whatever_order_the_workers_stored_in() -> None:
    """The same log twice in one run, stored by the later chunk's worker first: the first place reads stored."""
    from pmemo_replay.store.pipeline import in_input_order
    from pmemo_replay.store.writer import IngestResult

    got = list(in_input_order([IngestResult("present", "first", 12), IngestResult("stored", "old", 13),
                               IngestResult("present", "earlier", 5), IngestResult("stored", "again", 12),
                               IngestResult("rejected", "bad")], before=10))
    assert [(r.source, r.status) for r in got] == [("first", "stored"), ("old", "stored"), ("earlier", "present"),
                                                   ("again", "present"), ("bad", "rejected")]
