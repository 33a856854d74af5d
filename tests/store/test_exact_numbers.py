"""Issue 19, finding 7: what a log holds comes back from the store as it went in, on SQLite and PostgreSQL.

PostgreSQL's ``jsonb`` changed numbers (``-0.0`` to ``0``, ``1.5e308`` to a 309-digit integer) and key order, so a
stored game failed its own content hash; since migration 0008 headers, actions and draft events are ``json``.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import sqlalchemy as sa
from alembic import command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pmemo_replay.logio import PmemoLog
from pmemo_replay.store import Store
from pmemo_replay.store.db import create_db_engine, decode_json, long_digits, write_transaction
from pmemo_replay.store.migrate import alembic_config
from pmemo_replay.store.prepare import canonical_text, content_hash
from tests.store.data import LOGS

SAMPLE = json.loads((LOGS / "mhk-points.json").read_text("utf-8"))
ODD = {"neg_zero": -0.0, "huge": 1.5e308, "tiny": 1e-7, "long_int": 12345678901234567890123, "tenth": 0.1,
       "z_first": 1, "a_last": [-0.0, 5e-324, 2.5e-8]}


def _with_meta(meta: dict[str, Any]) -> str:
    return json.dumps({**SAMPLE, "game": {**SAMPLE["game"], "meta": meta}})


def _same(a: Any, b: Any) -> bool:
    """Equal, with the same types, float signs and key order."""
    if type(a) is not type(b):
        return False
    if type(a) is float:
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    if type(a) is dict:
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if type(a) is list:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _check_round_trip(store: Store, text: str, first: dict[str, str] | None = None) -> None:
    """``text`` stored comes back as it was sent; when it is a log stored before (``present``: the same content
    hash, e.g. the same keys in another order), as that first upload was sent (``first``: upload text by hash)."""
    result = store.ingest_text(text, "odd")
    assert result.status in ("stored", "present"), result
    game = store.get_game(result.game_id)
    assert game is not None
    if first is not None:
        text = first.setdefault(result.content_hash, text)
    sent = json.loads(text)
    assert _same(game.header["meta"], sent["game"]["meta"]), (result.status, game.header["meta"])
    back = PmemoLog(game.header, store.actions(game.id))
    assert content_hash(back) == game.content_hash == result.content_hash, canonical_text(back)[-300:]


def test_odd_numbers_come_back_exactly(store_url: str) -> None:
    with Store(store_url) as store:
        _check_round_trip(store, _with_meta(ODD))


NUMBERS = st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.integers(-(2**80), 2**80))


def test_any_number_comes_back_exactly(store_url: str) -> None:
    with Store(store_url) as store:

        @given(st.dictionaries(st.text(max_size=4).filter(lambda k: "\x00" not in k and not any(
            "\ud800" <= c <= "\udfff" for c in k)), NUMBERS, max_size=6))
        @settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        def round_trip(meta: dict[str, Any]) -> None:
            _check_round_trip(store, _with_meta(meta), first)

        first: dict[str, str] = {}

        round_trip()


def _column_types(url: str) -> dict[str, str]:
    engine = create_db_engine(url)
    try:
        inspector = sa.inspect(engine)
        return {f"{t}.{c['name']}": str(c["type"]) for t in ("game",) for c in inspector.get_columns(t)}
    finally:
        engine.dispose()


def test_migration_0008_down_and_up_keeps_every_game(store_url: str) -> None:
    plain = json.dumps(SAMPLE)
    with Store(store_url) as store:
        first = store.ingest_text(plain, "plain")
        odd = store.ingest_text(_with_meta(ODD), "odd")
        before = {g: (store.get_game(g).header, store.actions(g)) for g in (first.game_id, odd.game_id)}  # type: ignore[union-attr]
        counts = {t: store.count(t) for t in ("game", "upload", "game_action_block", "game_snapshot")}
    engine = create_db_engine(store_url)
    with write_transaction(engine) as conn:
        command.downgrade(alembic_config(conn), "0007")
    engine.dispose()
    if store_url.startswith("postgresql"):
        assert _column_types(store_url)["game.header"] == "JSONB"
    with Store(store_url) as store:  # opening upgrades to the head again
        assert {t: store.count(t) for t in counts} == counts
        header, actions = before[first.game_id]
        assert store.get_game(first.game_id).header == header and store.actions(first.game_id) == actions  # type: ignore[union-attr]
        if store_url.startswith("postgresql"):
            assert _column_types(store_url)["game.header"] == "JSON"
        else:  # SQLite kept the text all along
            assert _same(store.get_game(odd.game_id).header, before[odd.game_id][0])  # type: ignore[union-attr]
        _check_round_trip(store, _with_meta({**ODD, "again": -0.0}))


_RUN_OF_DIGITS = re.compile("[0-9]{19}")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("0123456789١٢٣０é\ud800 -.e,[]\"") | st.characters(), max_size=80))
def test_long_digits_finds_what_the_pattern_finds(text: str) -> None:
    """The substring search on zeroed bytes answers as ``re.search("[0-9]{19}")`` for any text (lone surrogates, other
    digits and characters whose UTF-8 is several bytes included)."""
    assert long_digits(text) == (_RUN_OF_DIGITS.search(text) is not None)
    assert long_digits("x" + "7" * 19 + "é") and not long_digits("١" * 40)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(), lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=5), kids, max_size=4),
                    max_leaves=12))
def test_decode_json_reads_what_the_standard_decoder_reads(value: Any) -> None:
    """Integers beyond 64 bits (which orjson would read as floats), other digits and surrogates: the same values, of the
    same types, as ``json.loads``."""
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        assert _same(decode_json(text), json.loads(text))
