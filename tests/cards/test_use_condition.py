"""An Event's use condition (《使用条件》): read with its timing, enforced by the play check (``event.condition``),
and an Event whose condition is not read stays unscripted (its plays unverified), never accepted more loosely."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine.pm.cards import CardDB
from engine.pm.cards.use_condition import UNREAD, cut, read
from tests.engine.kit import DB, Game, assert_illegal, assert_legal
from tests.pm_cards import read_precious

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"
needs_data = pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
AKI, QUICK, F1, F2 = "TST 01-001", "TST 02-001", "TST 90-001", "TST 90-002"


def test_the_forms_read() -> None:
    assert read("「A」") == {"has_name": "A"}
    assert read("【P】") == {"has_property": "P"}
    assert read("「A」＋「B」") == {"all_of": [{"has_name": "A"}, {"has_name": "B"}]}
    # side by side with no ＋: every listed card on the player's Area, as with ＋ (rule book 001's glossary)
    assert read("「A」「B」【P】") == {"all_of": [{"has_name": "A"}, {"has_name": "B"}, {"has_property": "P"}]}
    assert read("「A」【B」") is UNREAD
    # this turn's history of a Point Zone (round 18): cards put there this turn, by approaches or effects
    assert read("このターン、自分のポイント置き場にカードが2枚以上置かれている") == {
        "history": {"event": "point", "filter": {}, "who": "self", "at_least": 2}}
    assert read("このターン、自分のポイント置き場に【P】が2枚以上置かれている") is UNREAD
    assert cut("《使用条件》:「A」[メイン/自分]:x") == ("「A」", "[メイン/自分]:x")
    assert cut("《使用条件》:文。[メイン/自分]:x") == ("文", "[メイン/自分]:x")


@needs_data
def test_saga_events_keep_their_timing_and_condition() -> None:
    saga = read_precious(DATA / "SAGA", compile=True)
    shock = saga.get("SAGA 01-107")
    assert str(shock.timing) == "approach/opponent"  # was read as no timing at all: any window
    # its condition, cards put into the player's Point Zone this turn, is read since round 18 (before: unscripted)
    assert shock.use_condition is not None and shock.use_condition["history"]["event"] == "point"
    assert shock.use_condition["history"]["who"] == "self" and shock.effects[0].compiled
    pair = saga.get("SAGA 01-112")
    assert str(pair.timing) == "approach/both"
    assert pair.use_condition == {"all_of": [{"has_name": "水野 愛"}, {"has_name": "紺野 純子"}]}
    assert str(saga.get("SAGA 01-106").timing) == "main/self" and saga.get("SAGA 01-106").effects[0].kind == "continuous"


@needs_data
def test_names_side_by_side_are_all_needed() -> None:
    card = read_precious(DATA / "GRAN", compile=True).get("GRAN 01-110")
    assert card.use_condition == {"all_of": [{"has_name": "小日向 満月"}, {"has_name": "新月エルネスタ深海"}]}


def _db() -> CardDB:
    cards = [c if c.id != QUICK else replace(c, use_condition={"has_name": "Aki"}) for c in DB]
    return CardDB(cards, DB.series_groups())


def test_play_check_enforces_the_use_condition() -> None:
    g = Game([QUICK, F1, F2], db=_db()).add("play_event", 0, card=QUICK, pay=[{"hand": F1}])
    res = assert_illegal(g, "event.condition")
    assert res.ruling.to_json()["ref"].endswith("P03")
    g = Game([AKI, F1, F2, QUICK], db=_db()).add("summon", 0, card=AKI, area="main", pay=[{"hand": F1}, {"hand": F2}])
    g.add("play_event", 0, card=QUICK, pay=[{"hand": g.order[0][4]}])
    assert_legal(g)


@needs_data
def test_a_modal_events_timings_are_read() -> None:
    gran = read_precious(DATA / "GRAN")
    card = gran.get("GRAN 01-116")  # was: no timing, so any window accepted it
    assert card.timing is None and [str(t) for t in card.timings] == ["main/decline", "approach/decline"]


def test_a_modal_event_is_played_in_one_of_its_timings() -> None:
    from engine.pm.cards import Timing

    cancel = "TST 02-003"
    modal = (Timing.parse("main/decline"), Timing.parse("approach/decline"))
    db = CardDB([replace(c, timing=None, timings=modal) if c.id == cancel else c for c in DB], DB.series_groups())
    g = Game([cancel, F1], db=db).add("play_event", 0, card=cancel, pay=[{"hand": F1}])
    assert_illegal(g, "decline.timing")  # not as a response: none of its timings fits
    g = Game([QUICK, F1], [cancel, "TST 90-011"], db=db)
    g.add("play_event", 0, card=QUICK, pay=[{"hand": F1}],
          responses=[{"type": "play_event", "p": 1, "card": cancel, "pay": [{"hand": "TST 90-011"}]}])
    assert_legal(g)
