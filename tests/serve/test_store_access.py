"""Tokens, moderation events and rate-limit counters in the store, on SQLite and PostgreSQL."""

from __future__ import annotations

import time

import pytest
import sqlalchemy as sa
from limits import parse
from limits.strategies import FixedWindowRateLimiter
from sqlalchemy.exc import DBAPIError

from pmemo_replay.store import Store
from pmemo_replay.store.moderation import hidden_game_ids, set_hidden
from pmemo_replay.store.ratelimit import StoreStorage
from pmemo_replay.store.tokens import TokenError, add_token, find_token, list_tokens, revoke_token
from tests.store.conftest import pg_database, store_url  # noqa: F401  (fixtures: SQLite file, PostgreSQL schema)
from tests.web.data import jsonl, simulated


@pytest.fixture
def store(store_url: str):  # type: ignore[no-untyped-def]  # noqa: F811
    with Store(store_url) as s:
        yield s


def test_tokens(store: Store) -> None:
    info, secret = add_token(store.engine, " ci ", moderator=True)
    assert info.name == "ci" and info.moderator and find_token(store.engine, secret) == info
    with pytest.raises(TokenError):
        add_token(store.engine, "ci")
    with pytest.raises(TokenError):
        add_token(store.engine, "  ")
    assert find_token(store.engine, secret + "x") is None and find_token(store.engine, "no-prefix") is None
    assert [t.name for t in revoke_token(store.engine, str(info.id))] == ["ci"]
    assert find_token(store.engine, secret) is None and not list_tokens(store.engine)[0].active
    assert add_token(store.engine, "ci")[0].id != info.id


def test_hidden_games_and_append_only_events(store: Store) -> None:
    ids = [store.ingest_text(jsonl(doc), "sim").game_id for doc in simulated(3, 95)]
    assert set_hidden(store.engine, ids[0], True, reason="spam", actor="mod").changed
    assert set_hidden(store.engine, ids[2], True).changed and set_hidden(store.engine, ids[2], False).changed
    assert hidden_game_ids(store.engine) == {ids[0]}
    assert {g.id for g in store.list_games(per_page=None).items} == {ids[1], ids[2]}
    for statement in ("UPDATE game_event SET kind = 'shown'", "DELETE FROM game_event"):
        with pytest.raises(DBAPIError, match="append-only"), store.engine.begin() as conn:
            conn.execute(sa.text(statement))


def test_rate_limit_counters_shared_and_windowed(store: Store) -> None:
    item = parse("2/second")
    one, two = FixedWindowRateLimiter(StoreStorage(store.engine)), FixedWindowRateLimiter(StoreStorage(store.engine))
    assert [one.hit(item, "w", "a"), two.hit(item, "w", "a"), one.hit(item, "w", "a")] == [True, True, False]
    assert one.hit(item, "w", "b")  # another client has its own count
    assert one.get_window_stats(item, "w", "a").remaining == 0
    time.sleep(1.1)
    assert two.hit(item, "w", "a")  # a new window
    storage = StoreStorage(store.engine)
    assert storage.check() and storage.reset() == 2 and storage.get("anything") == 0
