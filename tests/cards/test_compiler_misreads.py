"""Misreads found on SAGA (issue 20): each card is read from ../shared at run time and its compiled script checked
against what its text says (no card text is kept here)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from engine.pm.cards import CardDB
from engine.pm.cards.compile_measure import normalized
from pmemo_replay.cards import hand_scripted
from tests.pm_cards import read_precious

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"
pytestmark = pytest.mark.skipif(not (DATA / "SAGA").is_dir(), reason="needs ../shared/data/precious-data")
BY_APPROACH = {"left_by_approach": True}


@cache
def _set(name: str) -> CardDB:
    return read_precious(DATA / name, compile=True)


def test_if_so_after_a_flip_runs_only_when_a_card_was_turned() -> None:
    eff = _set("SAGA").get("SAGA 01-037").effects[1]
    assert eff.compiled
    (flip,) = eff.script  # the discard is nested: it happens only when a face-down card was turned up
    assert flip["op"] == "flip" and [s["op"] for s in flip["then"]] == ["move"]


def test_if_so_after_returning_and_shuffling_is_if_any_returned() -> None:
    eff = _set("MHK").get("MHK 01-033").effects[0]  # "return up to 12 ... and shuffle; if so, ...": the hand script's
    assert eff.compiled  # reading: the shuffle either way, the rest when some card returned
    pick, shuffle, cond = eff.script
    assert pick["op"] == "pick" and shuffle["op"] == "shuffle" and cond["cond"] == {"picked": {}}


def test_leaving_by_an_approach_is_one_reading_for_hand_and_compiled_scripts() -> None:
    # the Elimination Judgement of an approach removes the approaching or the interfering Chara (P13-15 step 5);
    # engine/pm/conditions.py ``left_by_approach`` is the one reading (issue 26)
    assert _set("SAGA").get("SAGA 01-027").effects[0].condition == BY_APPROACH
    hand = next(c for c in hand_scripted() if c.id == "MHK 01-034").effects[1]
    compiled = _set("MHK").get("MHK 01-034").effects[1]
    assert hand.condition == compiled.condition == BY_APPROACH
    assert normalized(compiled)["trigger"] == "leave"


def test_a_support_being_set_is_a_trigger() -> None:
    (first, _) = _set("SAGA").get("SAGA ST-033").effects
    assert first.kind == "auto" and first.trigger == "set"  # was read as a continuous effect


def test_going_to_the_ex_deck_instead_is_a_replacement_not_a_trigger() -> None:
    saga = _set("SAGA")
    own = [c for c in saga if c.ex and c.effects and c.effects[0].script
           and c.effects[0].script[0].get("op") == "instead"]
    assert len(own) == 7
    for card in own:
        eff = card.effects[0]
        assert eff.kind == "continuous" and eff.trigger is None
        assert list(eff.script) == [{"op": "instead", "target": "self", "of": "discard", "to": "ex_deck"}]
    # a replacement on the opponent's Charas is not read: unscripted
    assert not _set("SSSS").get("SSSS ST-011").effects[0].scripted


@pytest.mark.parametrize(("set_name", "card_id"), [("SZ2", "SZ2 01-081"), ("MHK", "MHK 01-014"), ("MHK", "MHK 01-020"),
                                                   ("MHK", "MHK 01-096"), ("MHK", "MHK ST-020")])
def test_an_optional_delayed_effect_is_an_optional_set_up(set_name: str, card_id: str) -> None:
    # "ターン終了時に…できる": the set-up may be declined, as the hand scripts read it (issue 26 point 4)
    eff = _set(set_name).get(card_id).effects[0]
    assert eff.compiled and eff.optional and eff.script[0]["op"] == "delay" and eff.script[0]["optional"]
    hand = {c.id: c for c in hand_scripted()}.get(card_id)
    if hand is not None:
        assert normalized(hand.effects[0]) == normalized(eff)


def test_a_log_leaving_out_the_declined_set_up_is_legal() -> None:
    from dataclasses import replace

    from tests.engine.kit import DB, Game, assert_illegal, assert_legal

    lou, f = "TST 01-016", [f"TST 90-{i:03d}" for i in range(1, 5)]
    compiled = _set("MHK").get("MHK 01-014").effects[0]  # enter: at the end of the turn you may stand one of yours

    def game(eff: object) -> Game:
        db = CardDB([replace(c, effects=(eff,)) if c.id == lou else c for c in DB], DB.series_groups())
        g = Game([lou, f[0], f[1], f[2]], db=db)
        return g.add("summon", 0, card=lou, area="main", pay=[{"hand": f[0]}, {"hand": f[1]}]).passes(1)

    assert_legal(game(compiled))
    assert_illegal(game(replace(compiled, optional=False)), "effect.result")


def _made_up(text: str) -> object:
    from engine.pm.cards.precious import precious_card

    return precious_card({"id": "TST 01-001", "name": "試験", "setName": "試験", "type": "キャラクター", "color": "赤",
                          "cost": "1", "source": "1", "ap": "10", "dp": "10", "text": text}, compile=True)


def test_an_unknown_keyword_is_an_unverified_effect_not_dropped() -> None:
    card = _made_up("〔未知の語〕このカードが登場した場合、カードを1枚引く。")
    unknown, enter = card.effects  # type: ignore[attr-defined]
    assert unknown.why and not unknown.scripted
    assert enter.compiled and enter.trigger == "enter"  # the rest of the card still compiles


def test_an_unknown_cost_marker_leaves_the_effect_unscripted() -> None:
    assert _made_up("[メイン/自分]:《1》カードを1枚引く。").effects[0].compiled  # type: ignore[attr-defined]
    assert not _made_up("[メイン/自分]:《謎》カードを1枚引く。").effects[0].compiled  # type: ignore[attr-defined]


def test_a_chara_moved_off_the_area_is_named_by_the_card_that_moved() -> None:
    # "put one of your Charas on the deck bottom; if so, you may put one of its name from your hand": the Chara is
    # gone when the second step resolves, so its name comes from the card that moved (as the hand script has it)
    (move,) = _set("MHK").get("MHK 01-125").effects[0].script
    assert move["op"] == "move" and move["then"][0]["same_name"] == "picked"


@pytest.mark.parametrize(("card", "triggers"), [("SSSS 01-058", ["gave_point", "any_approach"]),
                                                ("SSSS 01-046", ["gave_point", "any_approach"]),
                                                ("GRAN 01-081", [None, "approach"])])
def test_approached_without_taking_part_starts_a_new_automatic_effect(card: str, triggers: list[str | None]) -> None:
    """「…がアプローチした場合」 (not only 「アプローチに参加した場合」) opens an automatic effect of its own: it was merged
    into the sentence before, and neither was read."""
    effects = _set(card.split()[0]).get(card).effects
    assert [e.trigger for e in effects] == triggers


def test_another_chara_giving_points_is_read_as_for_this_card() -> None:
    """「自分の【P】がポイントを与えた場合」 reads as 「このカードがポイントを与えた場合」 does (gave_point), for another
    Chara (SAGA 01-033 is no ゾンビィ: other_) or one of a cost this card does not have (SAGA ST-021)."""
    saga = _set("SAGA")
    assert saga.get("SAGA 01-033").effects[1].trigger == "other_gave_point"
    assert saga.get("SAGA 01-033").effects[1].condition == {"subject": {"side": "self", "property": "ゾンビィ"}}
    assert saga.get("SAGA ST-021").effects[0].trigger == "other_gave_point"


def test_a_keyword_the_first_sentence_names_is_not_one_of_the_cards() -> None:
    """「〔EXカード〕〔EXカード〕を持つ自分のキャラが登場した場合…」: the second marker is part of the sentence (its
    trigger's subject); it was taken for a keyword and the sentence lost its head."""
    card = _set("SSSS").get("SSSS 01-068")
    assert card.ex
    (eff,) = card.effects
    assert eff.compiled and eff.trigger == "any_enter" and eff.condition == {"subject": {"ex": True, "side": "self"}}


def test_n_opponent_charas_entering_in_a_turn_counts_the_opponents_entries() -> None:
    eff = _set("SAGA").get("SAGA 01-031").effects[1]
    assert eff.trigger == "any_enter"
    assert eff.condition == {"subject": {"side": "opponent"},
                             "history": {"event": "enter", "filter": {}, "exactly": 2, "who": "opponent"}}


@pytest.mark.parametrize(("card", "name"), [("SSSS ST-016", "宝多 六花"), ("GRAN 01-036", "ヴィオラカッツェ")])
def test_an_opponents_chara_cannot_interfere_your_named_chara(card: str, name: str) -> None:
    """「相手のキャラ1枚は、…自分の「N」を妨害できない」: the opponent's Chara can only interfere your Charas, so the
    grant names the Chara alone (a side in it would be seen from the interferer's owner)."""
    eff = _set(card.split()[0]).get(card).effects[0]
    assert eff.compiled and eff.targets[0]["side"] == "opponent"
    assert eff.script[0]["what"] == {"cannot_interfere_with": {"name": name}}


def test_ex_deck_to_discard_and_a_chara_not_approaching() -> None:
    (pick,) = _set("SAGA").get("SAGA 01-097").effects[0].script
    assert (pick["from"], pick["to"], pick["n"], pick.get("up_to")) == ("ex_deck", "discard", 2, True)
    (spec,) = _set("SSSS").get("SSSS ST-030").effects[0].targets
    assert spec == {"side": "opponent", "rested": True, "not": {"approaching": True}}


def test_this_card_gets_a_bonus_for_each_other_chara() -> None:
    """「このカードは、アプローチに参加した場合、このカード以外の自分の【P】を持つキャラ1枚につき、…を得る」 (SZ2 01-038)."""
    (step,) = _set("SZ2").get("SZ2 01-038").effects[0].script
    assert step["target"] == "self" and step["per"] == {"charas": {"not_self": True, "side": "self", "property": "水着"}}


def test_under_the_deck_in_any_order_is_a_pick_in_the_players_order() -> None:
    (pick,) = _set("SZ2").get("SZ2 01-043").effects[0].script
    assert (pick["from"], pick["to"], pick["n"], pick.get("then_if_all")) == ("discard", "deck_bottom", 2, True)


def test_n_cards_from_the_discard_to_the_deck_then_shuffle() -> None:
    """「自分の捨て札置き場にある…N枚をデッキに戻し、デッキをシャッフルする」 (no まで): N, or as many as there are."""
    (flip,) = _set("SZ2").get("SZ2 01-097").effects[0].script
    pick, shuffle = flip["then"]
    assert (pick["from"], pick["to"], pick["n"], pick.get("up_to")) == ("discard", "deck", 10, None)
    assert shuffle == {"op": "shuffle", "who": "self"}


def test_cannot_give_points_is_the_approach_points_grant() -> None:
    """「…は、ターン終了時までポイントを与えることができない」 (SAGA 01-068): a Chara gives points only by approaching."""
    (grant,) = _set("SAGA").get("SAGA 01-068").effects[0].script
    assert grant["what"] == "cannot_give_points" and grant["target"] == "target"


def test_this_card_cannot_be_interfered_while_a_condition_holds() -> None:
    """「このカードは、休息状態の相手のキャラが5枚以上いる場合、妨害されない」 (GRAN 01-081): by no Chara, while ..."""
    eff = _set("GRAN").get("GRAN 01-081").effects[0]
    assert eff.script == ({"op": "grant", "target": "self", "what": {"not_interfered_by": {}}, "until": "turn_end"},)
    assert eff.condition == {"count": {"spec": {"rested": True, "side": "opponent"}, "at_least": 5}}
