"""Fixes from the session-7 independent read of MHK scripts (docs/verification.md), each with legal and illegal logs.

- MHK P-008 makes its owner's hand cards count as red too: colour-filtered cost changes of cards in hand see it
  (MHK 01-074's "next red Chara -3" reaches a blue Chara in hand while P-008 is on the Area).
- MHK 01-113: テキストの使用 is Effect Usage (000 "Regarding Effect Usage"): an automatic effect that fired is no use
  of a text, so a Chara whose only activity was a trigger is no target.
- MHK 01-049: "one of your 千葉 エリカ" does not exclude this card (as 01-100 and 01-009 read the same wording).
- MHK 01-034: of "return it from the discard, or put a same-name Chara from the hand", the hand alternative cannot be
  chosen when the hand holds no such Chara (the mandatory return cannot be dodged).
(Texts: ../shared/data/precious-data, read at run time.)
"""

from __future__ import annotations

import copy

import pytest

from engine.pm import stats
from engine.pm.actions import apply_action
from engine.rulings import IllegalAction, Trail
from tests.effects.test_issue26_engine import mhk_game, ref
from tests.effects.test_issue26_readings import _c034_game
from tests.engine.kit import Game, assert_illegal, assert_legal


def _p008_then_01_074(with_p008: bool) -> Game:
    """Turn 1: p0 summons P-008 (or not), then 01-074, whose entry trigger makes the next red Chara cost 3 less."""
    g = mhk_game(["MHK P-008", "MHK 01-074", "MHK 01-028", "MHK 01-084", "MHK 01-083", "MHK 01-040", "MHK 01-041",
                  "MHK 01-042"])
    if with_p008:
        g.add("summon", 0, card="MHK P-008", area="support", pay=[{"hand": "MHK 01-084"}, {"hand": "MHK 01-083"}])
        g.passes(1)
    g.add("summon", 0, card="MHK 01-074", area="main", pay=[])
    return g.add("trigger", 0, card="MHK 01-074", effect=0).passes(1)


def test_p008_hand_cards_are_red_for_a_next_red_chara_cost_change() -> None:
    state = assert_legal(_p008_then_01_074(True)).state
    assert stats.hand_cost(state, 0, "MHK 01-028") == 1  # printed 4, blue, red too in hand: -3


def test_without_p008_a_blue_chara_keeps_its_cost() -> None:
    state = assert_legal(_p008_then_01_074(False)).state
    assert stats.hand_cost(state, 0, "MHK 01-028") == 4


def test_p008_the_reduced_summon_is_legal_and_the_full_price_is_not_needed() -> None:
    g = _p008_then_01_074(True)
    assert_legal(copy.deepcopy(g).add("summon", 0, card="MHK 01-028", area="main", pay=[{"hand": "MHK 01-040"}]))
    g2 = _p008_then_01_074(False)
    assert_illegal(g2.add("summon", 0, card="MHK 01-028", area="main", pay=[{"hand": "MHK 01-040"}]), "cost.amount")


def _01_034_trigger(mode: int, *, hand_copy: bool) -> None:
    """p1's 01-034 was eliminated as the interferer (its trigger is due); ``hand_copy`` False: the second 01-034 that
    p1 holds is taken out of the hand first, so no same-name Chara is there."""
    state = assert_legal(_c034_game([])).state
    if not hand_copy:
        state.players[1].hand.remove("MHK 01-034")
    apply_action(state, {"type": "trigger", "p": 1, "card": "MHK 01-034", "from": "discard", "effect": 1,
                         "choices": [mode]}, Trail())


def test_01_034_the_hand_alternative_needs_a_same_name_chara_in_hand() -> None:
    """No 達也 or 深雪 in p1's hand: choosing the hand alternative would dodge the mandatory return."""
    with pytest.raises(IllegalAction) as err:
        _01_034_trigger(1, hand_copy=False)
    assert err.value.ruling.rule == "effect.target" and "mode 0 can" in err.value.ruling.message
    _01_034_trigger(0, hand_copy=False)
    _01_034_trigger(1, hand_copy=True)  # a same-name Chara in hand: the alternative is open


def _01_049_alone() -> Game:
    """p0's only 千葉 エリカ on the Area is 01-049 itself."""
    g = mhk_game(["MHK 01-049", "MHK 01-040", "MHK 01-041", "MHK 01-042", "MHK 01-044", "MHK 01-083", "MHK 01-084"])
    return g.add("summon", 0, card="MHK 01-049", area="support", pay=[{"hand": "MHK 01-040"}]).passes(1)


def test_01_049_may_name_itself_when_no_other_erika_is_there() -> None:
    res = assert_legal(_01_049_alone().add("use_effect", 0, card="MHK 01-049", effect=0, targets=[ref("MHK 01-049")]))
    assert "MHK 01-049" in res.state.players[0].hand


def test_01_049_needs_its_target() -> None:
    assert_illegal(_01_049_alone().add("use_effect", 0, card="MHK 01-049", effect=0, targets=[ref("MHK 01-083")]),
                   "effect.target")


def test_gran_01_046_hears_an_opponent_chara_put_out_by_an_unscripted_effect() -> None:
    """GRAN 01-046 (compiled): an opponent's Chara put onto the Area by a card's effect activates one of its owner's
    Charas. An effect applied from its recorded ops (not scripted) is a card's effect too."""
    from engine.pm import play
    from engine.pm.cards import CardDB
    from pmemo_replay.cards import bundled_cards
    from tests.effects.test_impossible_parts import DATA
    from tests.pm_cards import read_precious

    cards = bundled_cards()
    db = CardDB([*cards, *read_precious(DATA / "GRAN", compile=True)], cards.series_groups())
    g = mhk_game(["GRAN 01-046", "MHK 01-083", "MHK 01-084", "MHK 01-104", "MHK 01-052", "MHK 01-040", "MHK 01-041"],
                 ["MHK 01-083", "MHK 01-084", "MHK 01-104", "MHK 01-052", "MHK 01-040", "MHK 01-041", "MHK 01-043"],
                 db=db)
    state = assert_legal(g.add("summon", 0, card="GRAN 01-046", area="support", pay=[])).state
    state.pending_triggers.clear()
    state.available_triggers.clear()
    moved = state.players[1].hand[0]
    assert moved is not None
    play.run_effect(state, 1, "MHK 01-103", None, {"ops": [{"op": "move", "p": 1, "card": moved, "from": "hand",
                                                            "to": "main"}]}, [], None, Trail(), in_response=False)
    assert [t[0] for t in (*state.pending_triggers, *state.available_triggers)] == [0]
    assert state.effect_card is None


def test_01_113_a_chara_whose_only_activity_was_a_trigger_used_no_text() -> None:
    """01-113 targets an opponent Chara that used a text this turn: a Movement effect used (``used``), not an automatic
    effect that fired (``auto_used``)."""
    from engine.pm import conditions
    from engine.pm.zones import enter_area
    from tests.effects.test_mhk_review import _state

    g = _state()
    spec = {"side": "opponent", "used_text": True}
    fired = enter_area(g, 1, "MHK 01-074", "main", summoned=False)
    fired.auto_used["MHK 01-074#0"] = g.turn
    assert conditions.chara_problem(g, 0, spec, fired) == "has used no text this turn"
    fired.used["MHK 01-074#1"] = g.turn
    assert conditions.chara_problem(g, 0, spec, fired) is None


def test_01_048_two_copies_of_one_erika_are_two_cards_that_approached() -> None:
    """MHK 01-048 counts own 千葉 エリカ (枚) that took part in an approach this turn: two copies of one card are two
    cards; one Chara approaching twice is one."""
    from engine.pm import conditions
    from tests.effects.test_mhk_review import _state

    g = _state()
    h = {"event": "approach", "filter": {"name": "千葉 エリカ"}, "distinct": True}
    g.players[0].turn_log = [("approach", "MHK 01-046", 11), ("approach", "MHK 01-046", 12),
                             ("approach", "MHK 01-048", 13), ("approach", "MHK 01-048", 13)]
    assert conditions.history_count(g, 0, h) == 3
    assert conditions.history_count(g, 0, {**h, "distinct": False}) == 4


def test_turn_log_snapshots_from_before_the_uid_still_load() -> None:
    """Stored snapshots wrote turn_log entries as [event, card]; they load with no Chara (-1)."""
    from engine.pm import snapshot

    state = assert_legal(_p008_then_01_074(True)).state
    doc = snapshot.to_snapshot(state)
    assert doc["players"][0]["turn_log"] and all(len(x) == 3 for x in doc["players"][0]["turn_log"])
    for p in doc["players"]:
        p["turn_log"] = [x[:2] for x in p["turn_log"]]
    back = snapshot.from_snapshot(doc, state.cards)
    assert all(uid == -1 for _, _, uid in back.players[0].turn_log)
