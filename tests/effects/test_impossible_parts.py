"""An effect that cannot be done in part does the rest (issue 20, point 4).

SAGA 01-041 「このカードが退場した場合、捨て札置き場にあるこのカードを休息状態で場に出す」 is a mandatory trigger. 場に出す
puts the card onto the Area: with a full Main Area it goes to the Support Area (which has no limit; rule book 000
P6 "Support Area"); a card that cannot enter at all (already on the Area, purple, not a Chara) is no option and the
effect resolves without that move (engine.pm.script._can_enter). Self-play and the legal actions offer that, and a
refusal names the real cause: "is not scripted" only when the effect used is not scripted.
"""

from __future__ import annotations

import copy
import random
from functools import cache
from pathlib import Path

import pytest

from engine.fold import fold
from engine.pm.cards import CardDB
from engine.pm.legal import legal_actions
from engine.pm.selfplay import greedy_policy, play_game, random_deck, random_policy
from pmemo_replay.cards import bundled_cards
from tests.effects.test_issue26_engine import mhk_game, ref
from tests.engine.kit import Game, assert_illegal, assert_legal
from tests.pm_cards import read_precious

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"
pytestmark = pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="../shared/data/precious-data absent")
AI = "SAGA 01-041"


@cache
def with_saga() -> CardDB:
    cards = bundled_cards()
    return CardDB([*cards, *read_precious(DATA / "SAGA", compile=True)], cards.series_groups())


def _replaced() -> Game:
    """SAGA 01-041 is replaced in a full Main Area (it goes to the discard); its leave trigger is due."""
    g = mhk_game([AI, "MHK 01-040", "MHK 01-041", "MHK 01-052", "MHK 01-083", "MHK 01-084", "MHK 01-104"],
                 db=with_saga())
    g.add("summon", 0, card=AI, area="main", pay=[{"hand": "MHK 01-040"}]).passes(1)
    for cid in ("MHK 01-041", "MHK 01-052", "MHK 01-083", "MHK 01-084"):
        g.add("summon", 0, card=cid, area="main", pay=[]).passes(1)
    g.add("summon", 0, card="MHK 01-104", area="main", pay=[], replace=AI)
    return g


def test_return_meets_a_full_main_area_and_goes_to_support() -> None:
    g = _replaced().add("trigger", 0, card=AI, effect=0, **{"from": "discard"}, choices=[[AI]])
    res = assert_legal(g)
    me = res.state.players[0]
    ai = next(c for c in me.area() if c.card == AI)
    assert ai.area == "support" and ai.rested and len(me.main) == 5


def test_return_to_the_full_main_area_is_refused_with_its_cause() -> None:
    g = _replaced().add("trigger", 0, card=AI, effect=0, **{"from": "discard"},
                        ops=[{"op": "move", "p": 0, "card": AI, "from": "discard", "to": "main", "rested": True}])
    res = assert_illegal(g, "summon.main_full")
    assert "not scripted" not in res.ruling.message


def test_missing_mandatory_return_is_refused() -> None:
    g = _replaced().passes(1)
    res = assert_illegal(g, "effect.result")
    assert "not scripted" not in res.ruling.message


def test_no_option_when_the_card_is_not_in_the_discard() -> None:
    """Moved to the deck bottom by MHK 01-125 (退場: any move off the Area), 01-041 is not in the discard: the
    mandatory trigger resolves without the move."""
    g = mhk_game([AI, "MHK 01-040", "MHK 01-125", "MHK 01-052", "MHK 01-083", "MHK 01-084", "MHK 01-104"],
                 db=with_saga())
    g.add("summon", 0, card=AI, area="main", pay=[{"hand": "MHK 01-040"}]).passes(1)
    g.add("play_event", 0, card="MHK 01-125", pay=[{"hand": "MHK 01-052"}], targets=[ref(AI)], choices=[[]])
    legal = copy.deepcopy(g).add("trigger", 0, card=AI, effect=0, **{"from": "deck"}, choices=[[]])
    res = assert_legal(legal)
    assert res.state.players[0].deck[0] == AI
    g.add("trigger", 0, card=AI, effect=0, **{"from": "deck"}, choices=[[AI]])
    assert_illegal(g, "effect.target")


def test_legal_actions_offer_the_return_to_support() -> None:
    res = assert_legal(_replaced())
    offered = [a for a in legal_actions(res.state) if a["type"] == "trigger" and a["card"] == AI]
    assert offered
    after = fold(_replaced().header, [*_replaced().actions, offered[0]], with_saga(), keep_trails=False)
    assert after.ruling is None
    assert any(c.card == AI and c.area == "support" for c in after.state.players[0].area())


@pytest.mark.parametrize("seed", [18, 21, 33])
def test_selfplay_on_saga_decks_does_not_stick(seed: int) -> None:
    """Seeds whose SAGA decks met SAGA 01-041 (full Main Area) or a return of a card already on the Area."""
    db = read_precious(DATA / "SAGA", compile=True)
    rng = random.Random(seed)
    pool = [c.id for c in db]
    (ma, ea), (mb, eb) = random_deck(db, rng, pool), random_deck(db, rng, pool)
    pol = (greedy_policy, random_policy)[seed % 2]
    doc = play_game(db, [ma, mb], rng, policies=(pol, pol), ex_decks=[ea, eb], max_actions=400)
    assert fold(doc["game"], doc["actions"], db, keep_trails=False).ruling is None


def _full_main_and_support(event_ops: list[dict[str, object]] | None, **extra: object) -> Game:
    """Five Charas in the Main Area and 01-104 in the Support Area; MHK 01-117 moves an own Support Chara to the Main
    Area: with no room one of the five is discarded first (rule book 000, Regarding Chara Movement), named by the log."""
    g = mhk_game(["MHK 01-117", "MHK 01-040", "MHK 01-041", "MHK 01-052", "MHK 01-083", "MHK 01-084", "MHK 01-104"],
                 db=with_saga())
    g.add("summon", 0, card="MHK 01-104", area="support", pay=[]).passes(1)
    for cid in ("MHK 01-040", "MHK 01-041", "MHK 01-052", "MHK 01-083", "MHK 01-084"):
        g.add("summon", 0, card=cid, area="main", pay=[]).passes(1)
    if event_ops is not None:
        extra["ops"] = event_ops
    return g.add("play_event", 0, card="MHK 01-117", pay=[], targets=[ref("MHK 01-104")], **extra)


def test_move_to_a_full_main_area_naming_none_is_refused() -> None:
    """The move is mandatory: a log that names no Chara to give up does not leave it out (issue 26, 01-117)."""
    res = assert_illegal(_full_main_and_support(None), "summon.main_full")
    assert "Regarding Chara Movement" in res.ruling.message


def test_ops_moving_into_a_full_main_area_are_refused() -> None:
    assert_illegal(_full_main_and_support([{"op": "move", "p": 0, "card": "MHK 01-104", "from": "support", "to": "main"}]),
                   "summon.main_full")


def test_ops_leaving_the_move_out_are_refused() -> None:
    assert_illegal(_full_main_and_support([]), "summon.main_full")


def test_move_to_a_full_main_area_named_in_choices() -> None:
    res = assert_legal(_full_main_and_support(None, choices=[["MHK 01-052"]]))
    me = res.state.players[0]
    assert any(c.card == "MHK 01-104" for c in me.main) and "MHK 01-052" in me.discard and len(me.main) == 5


def test_move_to_a_full_main_area_giving_up_a_support_chara_is_refused() -> None:
    assert_illegal(_full_main_and_support(None, choices=[["MHK 01-104"]]), "summon.main_full")


def test_move_to_a_full_main_area_giving_one_up() -> None:
    res = assert_legal(_full_main_and_support([{"op": "move", "p": 0, "card": "MHK 01-104", "from": "support",
                                                "to": "main", "replace": "MHK 01-040"}]))
    me = res.state.players[0]
    assert any(c.card == "MHK 01-104" for c in me.main) and "MHK 01-040" in me.discard
