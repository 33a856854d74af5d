"""Listing: newest first (played_at, then id; games without played_at last), filters, pages."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

from pmemo_replay.logio import dump_jsonl, load_log, parse_log
from pmemo_replay.store import GamePage, Store
from tests.store.data import LOGS, simulated


def _log(data: bytes, names: tuple[str, str] = ("Kim", "Lee"), **header: object) -> bytes:
    doc = parse_log(data).document()
    game = {**doc["game"], **header}
    game["players"] = [{**p, "name": n} for p, n in zip(game["players"], names, strict=True)]
    for key, value in header.items():
        if value is None:
            del game[key]
    return dump_jsonl(load_log({**doc, "game": game})).encode()


def _cards(data: bytes) -> set[str]:
    return {c for p in parse_log(data).header["players"] for c in (*p["deck"], *p["ex_deck"])}


def _fill(store: Store) -> dict[str, int]:
    base = simulated(1, 21)[0]
    rows = {
        "a": _log(base, id="a", played_at="2026-11-01T10:00:00Z", event="Shop league"),
        "b": _log(base, ("Max", "Lee"), id="b", played_at="2026-11-03T09:00:00+09:00", event="Weekly ranked"),  # 00:00 UTC
        "c": _log(base, id="c", played_at="2026-11-02T23:59:59Z", event=None),
        "d": _log(base, id="d", played_at=None, event=None),
        "e": _log(base, id="e", played_at="2026-11-01T10:00:00Z", event="Shop league"),  # as a, with a later id
        "o": (LOGS / "original-points.json").read_bytes(),  # Aoi and Ren, 2026-11-02T10:30:00Z, Practice
    }
    ids = {}
    for key, data in rows.items():
        r = store.ingest_text(data, key)
        assert r.status == "stored" and r.game_id is not None
        ids[key] = r.game_id
    return ids


def _keys(page: GamePage, ids: dict[str, int]) -> list[str]:
    back = {v: k for k, v in ids.items()}
    return [back[g.id] for g in page.items]


def test_newest_first_then_id(store: Store) -> None:
    ids = _fill(store)
    page = store.list_games(per_page=None)
    assert _keys(page, ids) == ["b", "c", "o", "e", "a", "d"] and page.total == 6
    first = page.items[0]
    assert first.source_id == "b" and first.played_at == datetime(2026, 11, 3, 0, 0, tzinfo=UTC)
    assert first.players == ("Max", "Lee") and first.result is not None
    doc = first.to_json()
    assert doc["played_at"] == "2026-11-03T00:00:00Z" and doc["id"] == ids["b"] and doc["source_id"] == "b"
    assert doc["actions"] == len(parse_log(simulated(1, 21)[0]).actions) and doc["turns"] > 0


def test_pages(store: Store) -> None:
    ids = _fill(store)
    pages = [_keys(store.list_games(page=p, per_page=4), ids) for p in (1, 2, 3)]
    assert pages == [["b", "c", "o", "e"], ["a", "d"], []]
    assert store.list_games(page=2, per_page=4).total == 6


def test_filters(store: Store) -> None:
    ids = _fill(store)
    sim_cards, o_cards = _cards(simulated(1, 21)[0]), _cards((LOGS / "original-points.json").read_bytes())
    assert _keys(store.list_games(event="Shop league"), ids) == ["e", "a"]
    assert _keys(store.list_games(player="Lee"), ids) == ["b", "c", "e", "a", "d"]
    assert _keys(store.list_games(player="Max"), ids) == ["b"]
    assert _keys(store.list_games(player="Ren"), ids) == ["o"]
    assert _keys(store.list_games(player="nobody"), ids) == []
    assert _keys(store.list_games(card=min(o_cards - sim_cards)), ids) == ["o"]
    assert _keys(store.list_games(card=min(sim_cards - o_cards)), ids) == ["b", "c", "e", "a", "d"]
    assert _keys(store.list_games(card="MHK 99-999"), ids) == []
    assert _keys(store.list_games(played_from=date(2026, 11, 2)), ids) == ["b", "c", "o"]
    assert _keys(store.list_games(played_to=date(2026, 11, 2)), ids) == ["c", "o", "e", "a"]
    assert _keys(store.list_games(played_from=date(2026, 11, 2), played_to=date(2026, 11, 2)), ids) == ["c", "o"]
    assert _keys(store.list_games(played_to=datetime(2026, 11, 1, 10, 0, tzinfo=UTC)), ids) == ["e", "a"]
    assert _keys(store.list_games(played_from=datetime(2026, 11, 3, 9, 0, tzinfo=timezone(timedelta(hours=9)))), ids) == ["b"]
    assert _keys(store.list_games(event="Shop league", played_from=date(2026, 11, 1), player="Kim"), ids) == ["e", "a"]
    assert store.list_games(player="Lee", per_page=2).total == 5
