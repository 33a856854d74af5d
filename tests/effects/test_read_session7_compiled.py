"""Fixes from the session-7 independent read of compiled effects (docs/verification.md, SSSS / SAGA rows), each
checked on the engine with the compiled cards of ../shared/data/precious-data (read at run time; no text kept here).

- SSSS ST-005: a Pinch whose granted text gives this card +X/+Y *and* something more keeps both parts (the bonus as
  the card's Pinch fact, the rest as its effect); a bonus under a trigger or condition is never taken for the fact.
- SSSS 01-065: "a second own 宝多 六花 enters this turn" counts entries, an effect's too (000 "Appear in Area").
- SSSS 01-002: "A. Or, may B": B chosen is not optional (no up_to), as the MHK 01-034 hand script.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from functools import cache

import pytest

from engine.pm import stats
from engine.pm.cards import CardDB
from engine.pm.cards.precious_text import parse_text
from engine.pm.ops import apply_op
from engine.rulings import IllegalAction, Trail
from pmemo_replay.cards import hand_scripted
from tests.effects.test_impossible_parts import DATA
from tests.effects.test_issue26_engine import CARDS, mhk_game
from tests.engine.kit import assert_legal
from tests.pm_cards import read_precious

pytestmark = pytest.mark.skipif(not (DATA / "SSSS").is_dir(), reason="../shared/data/precious-data absent")
FILLER = ["MHK 01-083", "MHK 01-084", "MHK 01-040", "MHK 01-041", "MHK 01-104"]


@cache
def with_ssss() -> CardDB:
    return CardDB([*CARDS, *read_precious(DATA / "SSSS", compile=True)], CARDS.series_groups())


def _summoned(cards: list[str], summons: list[tuple[str, str, list[str]]]) -> object:
    g = mhk_game([*cards, *FILLER][:7] + [*cards, *FILLER][7:], db=with_ssss())
    for k, (card, area, pay) in enumerate(summons):
        g.add("summon", 0, card=card, area=area, pay=[{"hand": x} for x in pay])
        if k < len(summons) - 1:
            g.passes(1)
    return assert_legal(g).state


def test_st_005_pinch_gives_its_bonus_and_its_turn_end_activation() -> None:
    card = with_ssss().get("SSSS ST-005")
    (eff,) = card.effects
    assert card.pinch == (4, 20, 20)  # the +20/+20 part: a fact of the card while the Pinch holds
    assert eff.compiled and eff.trigger == "turn_end" and eff.condition == {"points_at_least": 4}
    assert [s["op"] for s in eff.script] == ["activate"]  # the other part: becomes active at turn end
    state = _summoned(["SSSS ST-005"], [("SSSS ST-005", "main", ["MHK 01-083", "MHK 01-084", "MHK 01-040"])])
    chara = state.players[0].main[0]
    assert stats.ap_dp(state, chara) == (60, 60)
    state.players[0].points = [["MHK 01-104", True]] * 4
    assert stats.ap_dp(state, chara) == (80, 80)


def test_a_pinch_bonus_under_a_trigger_is_not_taken_for_the_cards_fact() -> None:
    """Only an unconditional opening 「このカードは、+X/+Yを得る」 is the Pinch's bonus; one that a trigger gives stays
    in the granted effect (else the card would hold it all along and the effect would lose it)."""
    facts = parse_text("〔逆境4〕:「このカードがアプローチした場合、このカードは、+20/+20を得る。」", "chara")
    assert facts.pinch == (4, 0, 0)
    facts = parse_text("〔逆境4〕:「このカードは、+20/+20を得るとともに、ターン終了時に活動状態になる。」", "chara")
    assert facts.pinch == (4, 20, 20)


def test_01_065_counts_an_entry_by_an_effect() -> None:
    """01-065 enters (one 宝多 六花 this turn); a second one put onto the Area by an effect's move makes its trigger
    fire, as a second one summoned does."""
    cards = ["SSSS 01-065", "SSSS 01-061", "SSSS 01-066", "SSSS 01-057", "SSSS 01-062"]
    state = _summoned(cards, [("SSSS 01-065", "support", ["SSSS 01-061"])])
    assert not state.pending_triggers and "SSSS 01-061" in state.players[0].discard
    by_effect = copy.deepcopy(state)
    apply_op(by_effect, {"op": "move", "p": 0, "card": "SSSS 01-061", "from": "discard", "to": "support"}, Trail(),
             verified=True, in_response=False)
    rikka = by_effect.players[0].support[0]
    assert rikka.card == "SSSS 01-065" and (0, rikka.uid, 0) in by_effect.pending_triggers
    played = _summoned(cards, [("SSSS 01-065", "support", ["SSSS 01-061"]),
                               ("SSSS 01-066", "support", ["SSSS 01-057", "SSSS 01-062"])])
    assert any(u == played.players[0].support[0].uid and i == 0 for _, u, i in played.pending_triggers)


def test_or_may_offers_the_alternative_without_making_it_optional() -> None:
    """「A。または、…Bことができる」: the may is the choice of B instead of A. The hand alternative of SSSS 01-002 has no
    up_to, as the decided MHK 01-034 hand script (a chosen B that takes nothing would dodge the mandatory A)."""
    (choose,) = with_ssss().get("SSSS 01-002").effects[1].script
    hand = next(c for c in hand_scripted() if c.id == "MHK 01-034").effects[1].script[0]
    assert choose["op"] == hand["op"] == "choose"
    for mine, theirs in zip(choose["modes"], hand["modes"], strict=True):
        assert [(s["op"], s["from"], s["to"], s.get("up_to")) for s in mine] == \
            [(s["op"], s["from"], s["to"], s.get("up_to")) for s in theirs]
    assert "up_to" not in choose["modes"][1][0]


def _banned_cost_0() -> tuple[object, object]:
    """Player 1 has MHK 01-074 (usage cost 0, an enter trigger) on the Area under SAGA 01-017's ban shape: player 1
    may not use the texts of usage-cost-0 Charas this turn."""
    from engine.pm.zones import enter_area
    from tests.effects.test_mhk_review import _state

    g = _state()
    chara = enter_area(g, 1, "MHK 01-074", "main", summoned=False)
    g.bans.append((1, "text", {"max_cost": 0, "type": "chara"}, g.turn))
    return g, chara


def test_a_text_ban_stops_activated_uses_not_automatic_effects() -> None:
    """テキストを使用できない: using a text is Effect Usage of a Movement effect (000 "Regarding Effect Usage", as MHK
    01-113's used_text): the banned Chara's automatic effect still fires, its activated use is refused."""
    from engine.pm import effects, play

    g, chara = _banned_cost_0()
    auto = g.card("MHK 01-074").effects[0]
    assert auto.kind == "auto" and effects.can_resolve(g, 1, auto, chara)
    with pytest.raises(IllegalAction) as err:
        play.check_text_allowed(g, 1, "MHK 01-074", chara, "activated effect 0")
    assert err.value.ruling.rule == "effect.condition"


def test_a_text_ban_on_usage_cost_reads_the_cost_on_the_area() -> None:
    """"Charas of usage cost 0" are the Charas as they stand: one whose cost on the Area was raised is not banned."""
    from engine.pm import effects, play

    g, chara = _banned_cost_0()
    assert effects.text_forbidden(g, chara)
    chara.grants.append(({"cost": 1}, None))
    assert not effects.text_forbidden(g, chara)
    play.check_text_allowed(g, 1, "MHK 01-074", chara, "activated effect 0")  # no error


def test_saga_01_017_is_a_text_ban() -> None:
    from tests.effects.test_impossible_parts import with_saga

    (ban,) = with_saga().get("SAGA 01-017").effects[1].script
    assert ban == {"op": "forbid", "who": "opponent", "what": "text", "filter": {"max_cost": 0, "type": "chara"}}


def test_a_card_that_left_the_area_this_turn_is_the_only_one_picked() -> None:
    """「このターンの間に退場したキャラ」 (SSSS ST-029, SAGA 01-111, SSSS 01-022): only a card of the discard that left the
    Area this turn fits; one discarded from the hand does not, nor one that left in an earlier turn."""
    from engine.pm import conditions
    from engine.pm.zones import enter_area, leave_area
    from tests.effects.test_mhk_review import _run, _state

    assert with_ssss().get("SSSS ST-029").effects[0].script[0]["filter"] == {"left_this_turn": True, "type": "chara"}
    g = _state()
    left = enter_area(g, 1, "MHK 01-074", "main", summoned=False)
    leave_area(g, left, "discard")
    g.players[1].discard.append("MHK 01-041")  # discarded from the hand: never on the Area this turn
    f = {"left_this_turn": True, "type": "chara"}
    assert conditions.card_matches(g, g.card("MHK 01-074"), f, 1)
    assert not conditions.card_matches(g, g.card("MHK 01-041"), f, 1)
    assert not conditions.card_matches(g, g.card("MHK 01-074"), f, 0)  # the other player's history
    eff = replace(with_ssss().get("SSSS ST-029").effects[0], targets=())
    later = g.clone()
    with pytest.raises(IllegalAction):
        _run(g.clone(), 1, "SSSS ST-029", eff, [], choices=[["MHK 01-041"]])
    r = _run(g, 1, "SSSS ST-029", eff, [], choices=[["MHK 01-074"]])
    assert [(op["op"], op["card"]) for op in r.ops] == [("move", "MHK 01-074")]
    later.players[1].turn_log = []  # a later turn: the history is this turn's only
    assert not conditions.card_matches(later, later.card("MHK 01-074"), f, 1)


def test_charas_that_left_this_turn_are_counted_from_the_turns_history() -> None:
    """「同じターンの間に相手のキャラが3枚以上退場した場合」 (SAGA 01-026) / 「…場から離れている場合にのみ」 (GRAN 01-018):
    a usage condition counting the opponent's Charas that left the Area this turn (leaving: any move off it)."""
    from engine.pm import conditions
    from engine.pm.zones import enter_area, leave_area
    from tests.effects.test_mhk_review import _state

    cond = with_saga_card("SAGA 01-026").condition
    assert cond == {"history": {"event": "leave", "filter": {"type": "chara"}, "who": "opponent", "at_least": 3}}
    g = _state()
    for k, cid in enumerate(["MHK 01-074", "MHK 01-041", "MHK 01-040"]):
        assert not conditions.holds(g, 0, cond)
        leave_area(g, enter_area(g, 1, cid, "main", summoned=False), "hand" if k == 1 else "discard")
        assert not conditions.holds(g, 1, cond)  # player 1's own Charas are not the opponent's
    assert conditions.holds(g, 0, cond)


def with_saga_card(card_id: str) -> object:
    from tests.effects.test_impossible_parts import with_saga

    return next(e for e in with_saga().get(card_id).effects if e.compiled)


def test_usage_cost_at_most_the_number_of_your_charas_is_counted_when_checked() -> None:
    """「使用コストが自分の【P】の枚数以下の相手のキャラ」 (SSSS 01-025): the bound is the acting player's Charas with
    the property on the Area when the target is checked."""
    from engine.pm import conditions
    from tests.effects.test_mhk_review import _chara, _state

    (spec,) = with_ssss().get("SSSS 01-025").effects[0].targets
    assert spec == {"side": "opponent",
                    "max_cost": {"count": {"charas": {"property": "新世紀中学生", "side": "self"}}}}
    g = _state()  # player 1: two 制服 Charas; player 0: MHK 01-056 (cost 2) and MHK 01-072 (cost 3) among others
    mine = {**spec, "max_cost": {"count": {"charas": {"property": "制服", "side": "self"}}}}
    assert conditions.chara_problem(g, 1, mine, _chara(g, 0, "MHK 01-056")) is None
    assert conditions.chara_problem(g, 1, mine, _chara(g, 0, "MHK 01-072")) is not None


@pytest.mark.parametrize(("theirs", "draws"), [("MHK 01-041", True), ("MHK 01-072", False)])
def test_if_that_charas_usage_cost_is_at_most_n_reads_the_target(theirs: str, draws: bool) -> None:
    """SSSS 01-107: the named opponent Chara cannot approach or interfere; if its usage cost (on the Area) is 2 or
    less, draw 1 (MHK 01-041 costs 0, MHK 01-072 costs 3)."""
    from tests.effects.test_mhk_review import _chara, _run, _state

    eff = with_ssss().get("SSSS 01-107").effects[0]
    assert eff.script[-1]["if"] == {"target_cost": {"index": 0, "max": 2}}
    g = _state()
    r = _run(g, 1, "SSSS 01-107", eff, [_chara(g, 0, theirs)])
    assert [op["op"] for op in r.ops].count("draw") == int(draws)


def test_in_a_turn_in_which_x_entered_or_left() -> None:
    """「…が登場したターンの間」 (SAGA ST-020, ST-013's trigger) and 「…が退場したターンの間」 (SAGA 01-077): the turn's
    history of entries (plays or effects) and of leavings, the player's own."""
    from engine.pm import conditions
    from engine.pm.zones import enter_area, leave_area
    from tests.effects.test_impossible_parts import with_saga
    from tests.effects.test_mhk_review import _state

    saga = with_saga()
    entered = {"history": {"event": "enter", "who": "self", "at_least": 1,
                           "filter": {"max_cost": 4, "min_cost": 4, "property": "ゾンビィ", "type": "chara"}}}
    assert saga.get("SAGA ST-020").effects[0].condition == entered
    assert saga.get("SAGA ST-013").effects[0].condition == entered and saga.get("SAGA ST-013").effects[0].trigger == "enter"
    left = saga.get("SAGA 01-077").effects[0].condition
    assert left == {"history": {"event": "leave", "who": "self", "at_least": 1,
                                "filter": {"property": "ゾンビィ", "type": "chara"}}}
    g = _state()
    g.players[1].turn_log = []  # a fresh turn
    mine = {"history": {"event": "enter", "who": "self", "at_least": 1, "filter": {"property": "制服", "type": "chara"}}}
    assert not conditions.holds(g, 1, mine)
    chara = enter_area(g, 1, "MHK 01-056", "main", summoned=False)  # a 制服 Chara put onto the Area (no play)
    assert conditions.holds(g, 1, mine) and not conditions.holds(g, 0, mine)
    gone = {"history": {**mine["history"], "event": "leave"}}
    assert not conditions.holds(g, 1, gone)
    leave_area(g, chara, "hand")
    assert conditions.holds(g, 1, gone)


def test_this_turn_all_your_x_are_not_interfered_by_charas_that_entered_this_turn() -> None:
    """GRAN 01-027 / 01-115 (「このターン、自分の全ての「N」は、このターンの間に場に出たキャラには妨害されない」): a
    grant on each of your N now; who entered this turn is checked when one would interfere."""
    from engine.pm.cards import Effect
    from tests.effects.test_mhk_review import _run, _state

    gran = CardDB([*CARDS, *read_precious(DATA / "GRAN", compile=True)], CARDS.series_groups())
    (grant,) = gran.get("GRAN 01-027").effects[0].script
    assert grant["target"] == {"all": {"name": "ヴィオラカッツェ", "side": "self"}}
    assert grant["what"] == {"not_interfered_by": {"entered_this_turn": True}}
    g = _state()
    step = {**grant, "target": {"all": {"property": "制服", "side": "self"}}}
    _run(g, 1, "GRAN 01-027", Effect("auto", trigger="enter", script=(step,)), [])
    assert all(any(w == grant["what"] for w, _ in c.grants) for c in g.players[1].area())
    assert not any(c.grants for c in g.players[0].area())


@pytest.mark.parametrize(("theirs", "fits"), [("MHK 01-041", True), ("MHK 01-072", False)])
def test_while_interfered_by_or_interfering_a_chara_of_usage_cost_2_or_less(theirs: str, fits: bool) -> None:
    """「このカードは、使用コストが2以下のキャラに妨害されている場合 / を妨害している場合、…」 (SSSS 01-030, SZ2 01-037):
    the Chara opposite it in the approach under way, its cost on the Area (MHK 01-041 costs 0, MHK 01-072 3)."""
    from engine.pm import conditions
    from engine.pm.state import Approach
    from tests.effects.test_mhk_review import _chara, _state

    sz2 = CardDB([*CARDS, *read_precious(DATA / "SZ2", compile=True)], CARDS.series_groups())
    by, against = (e.condition for e in sz2.get("SZ2 01-037").effects)
    assert by == {"interfered_by": {"max_cost": 2}} and against == {"interfering_with": {"max_cost": 2}}
    g = _state()
    mine, other = _chara(g, 1, "MHK 01-094"), _chara(g, 0, theirs)
    assert not conditions.holds(g, 1, by, mine)  # no approach
    g.approach = Approach(attackers=[mine.uid], interferer=other.uid)
    assert conditions.holds(g, 1, by, mine) is fits and not conditions.holds(g, 1, against, mine)
    g.approach = Approach(attackers=[other.uid], interferer=mine.uid)
    assert conditions.holds(g, 1, against, mine) is fits and not conditions.holds(g, 1, by, mine)


def test_a_continuous_forceful_grant_holds_without_other_grants() -> None:
    """SAGA 01-077: 〔強引〕 while one of your ゾンビィ has left the Area this turn; a continuous grant counts even when
    the Chara holds no grant from an op (stats.forceful looked at op grants first)."""
    from engine.pm import stats
    from engine.pm.zones import enter_area, leave_area
    from tests.effects.test_impossible_parts import with_saga
    from tests.effects.test_mhk_review import _state

    g = _state()
    g.cards = with_saga()
    g.card = g.cards.lookup
    g.players[1].turn_log = []
    yugiri = enter_area(g, 1, "SAGA 01-077", "main", summoned=False)
    assert not yugiri.grants and not stats.forceful(g, yugiri)
    leave_area(g, enter_area(g, 1, "SAGA 01-065", "support", summoned=False), "discard")  # a ゾンビィ leaves
    assert stats.forceful(g, yugiri)


def test_the_chara_interfering_your_x() -> None:
    """「名称に「グリッドマン」を含む自分のキャラを妨害しているキャラ」 (SSSS 01-102; SAGA 01-110): the Interferer of the
    approach under way, against your Chara fitting X (X's modifiers are X's, not the Interferer's)."""
    from engine.pm import conditions
    from engine.pm.state import Approach
    from tests.effects.test_mhk_review import _chara, _state

    (spec,) = with_ssss().get("SSSS 01-102").effects[0].targets
    assert spec == {"interfering_with": {"name_has": "グリッドマン", "side": "self"}}
    g = _state()
    mine, theirs = _chara(g, 1, "MHK 01-094"), _chara(g, 0, "MHK 01-041")
    want = {"side": "opponent", "interfering_with": {"side": "self", "property": "制服"}}  # 01-094 is 制服
    assert conditions.chara_problem(g, 1, want, theirs) is not None  # no approach
    g.approach = Approach(attackers=[mine.uid], interferer=theirs.uid)
    assert conditions.chara_problem(g, 1, want, theirs) is None
    other = {"side": "opponent", "interfering_with": {"side": "self", "property": "水着"}}
    assert conditions.chara_problem(g, 1, other, theirs) is not None
