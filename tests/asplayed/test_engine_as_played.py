"""As played (docs/as-played.md): irregular actions stand where they can be carried out, in each game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.fold import fold
from engine.rulesets import get_ruleset
from tests.engine.kit import Game
from tests.generic.toygame.install import installed
from tests.mahou.kit import DB as MS_DB
from tests.mahou.kit import Log, std

ROOT = Path(__file__).resolve().parents[2]
AKI, LOU = "TST 01-001", "TST 01-016"
QUICK = "TST 02-001"
F = [f"TST 90-{i:03d}" for i in range(1, 21)]


def pay(*cards: str) -> list[dict[str, str]]:
    return [{"hand": c} for c in cards]


def as_played(g: Game | Log) -> Game | Log:
    g.header["as_played"] = True
    return g


def rules_of(res: Any) -> list[tuple[int, str]]:
    """Every rule broken by the actions that stood (an ``irregular`` entry is one action: its ``also`` too)."""
    return [(x.index, str(x.rule)) for r in res.irregular for x in r.every()]


def test_short_payment_stands_and_later_actions_are_checked_against_it() -> None:
    g = Game([AKI, F[0], F[1]]).add("summon", 0, card=AKI, area="main", pay=pay(F[0]))  # cost 2, paid 1
    plain = g.fold()
    assert plain.ruling is not None and plain.ruling.rule == "cost.amount" and plain.applied == 4
    res = as_played(g).fold()
    assert res.ruling is None and rules_of(res) == [(4, "cost.amount")]
    p0 = res.state_json()["players"][0]
    assert [c["card"] for c in p0["main"]] == [AKI] and F[0] in p0["discard"] and F[1] in p0["hand"]
    assert res.trails[4].entries[0].ok is False and "stood as played" in res.trails[4].entries[0].message
    # the next summon of the same Chara is checked against the state that arose: a second AKI is refused
    g.passes(1).add("summon", 0, card=AKI, area="main", pay=pay(F[1]))
    res = g.fold()
    assert res.ruling is not None and res.ruling.rule == "zone" and res.applied == 6  # no AKI left in hand


def test_wrong_turn_and_timing_stand() -> None:
    g = Game(None, [AKI, F[10], F[11], QUICK, F[12]]).add("summon", 1, card=AKI, area="main", pay=pay(F[10], F[11]))
    assert g.fold().ruling.rule == "turn.priority"
    res = as_played(g).fold()
    assert rules_of(res) == [(4, "turn.priority")]
    s = res.state_json()
    assert [c["card"] for c in s["players"][1]["main"]] == [AKI] and s["priority"] == 0  # the right went back
    g.add("play_event", 1, card=QUICK, pay=pay(F[12]))  # [Main/Self] in the opponent's turn
    res = g.fold()
    assert res.ruling is None and [r for _, r in rules_of(res)] == ["turn.priority", "timing"]
    assert QUICK in res.state_json()["players"][1]["discard"]


def test_missing_mandatory_trigger_lapses() -> None:
    g = Game([LOU, F[0], F[1], F[2]]).add("summon", 0, card=LOU, area="main", pay=pay(F[0], F[1])).passes(1)
    assert g.fold().ruling.rule == "effect.result"
    res = as_played(g).fold()
    assert res.ruling is None and rules_of(res) == [(5, "effect.result")]
    assert "mandatory trigger missing" in res.irregular[0].message
    assert len(res.state_json()["players"][0]["hand"]) == 5  # 8 - LOU - 2 paid; the draw never happened
    g.passes(0)  # the window goes on: nothing waits for the lapsed trigger
    assert g.fold().ruling is None and len(g.fold().irregular) == 1


def test_extra_draw_stands_as_logged() -> None:
    g = Game([QUICK, F[0]]).add("play_event", 0, card=QUICK, pay=pay(F[0]), ops=[{"op": "draw", "p": 0, "n": 3}])
    assert g.fold().ruling.rule == "effect.result"
    res = as_played(g).fold()
    assert res.ruling is None and rules_of(res) == [(4, "effect.result")]
    assert len(res.state_json()["players"][0]["hand"]) == 9  # 8 - QUICK - F0 + 3 drawn (the script draws 1)


def test_an_action_that_cannot_be_carried_out_still_stops() -> None:
    g = as_played(Game([AKI, F[0], F[1]]).add("summon", 0, card=AKI, area="main", pay=pay(F[0])).passes(1))
    g.add("summon", 0, card="TST 01-002", area="main", pay=pay(F[1]))  # Ben is not in the hand
    res = g.fold()
    assert res.ruling is not None and res.ruling.rule == "zone" and res.ruling.index == 6 and res.applied == 6
    assert rules_of(res) == [(4, "cost.amount")]  # what stood before it is still reported


def test_without_the_flag_nothing_changes_and_a_false_flag_is_the_same() -> None:
    g = Game([AKI, F[0], F[1]]).add("summon", 0, card=AKI, area="main", pay=pay(F[0])).passes(1)
    g.header["as_played"] = False
    res = g.fold()
    assert res.ruling.rule == "cost.amount" and res.irregular == []


def test_keep_trails_off_and_rebuild_agree() -> None:
    """An irregular action is replayed as carried out when the fold rebuilds a state after a later refusal."""
    g = as_played(Game([AKI, F[0], F[1], QUICK, F[2]]).add("summon", 0, card=AKI, area="main", pay=pay(F[0])))
    g.passes(1).add("play_event", 0, card=QUICK, pay=[])  # cost 1 paid 0: a second irregularity, after a rebuild
    kept = g.fold()
    bare = fold(g.header, g.actions, g.db, keep_trails=False)
    assert kept.state_json() == bare.state_json() and rules_of(kept) == rules_of(bare) == [
        (4, "cost.amount"), (6, "cost.amount"), (6, "cost.identity")]  # nothing paid: no colour matched either


# -- Mahou Shoujo ------------------------------------------------------------------------------------------

def ms(log: Log) -> Any:
    return fold(log.header, log.actions, MS_DB)


def test_mahou_short_payment() -> None:
    log = as_played(std(["MSJ 031"]).add("play_pet", 0, card="MSJ 031"))  # costs 3, the fighter has 2
    res = ms(log)
    assert res.ruling is None and rules_of(res) == [(log.last, "pet.cost")]
    p0 = res.state_json()["players"][0]
    # the short payment spent all 2 MGK: at 0 MGK the girl and the Pet go to the Dreamscape (SR Note 2)
    assert p0["active"]["mgk"] == 0 and p0["active"]["girl"] is None and "MSJ 031" in p0["dreamscape"]


def test_mahou_out_of_turn_and_extra_action() -> None:
    log = as_played(std().add("attack", 1))
    assert rules_of(ms(log)) == [(log.last, "turn.priority")]
    log = as_played(std().add("attack", 0).add("draw", 0).add("draw", 0))  # a third action: an extra draw
    res = ms(log)
    assert res.ruling is None and rules_of(res) == [(log.last, "action.count")]
    assert res.state_json()["players"][0]["hand_count"] == ms(std().add("attack", 0).add("draw", 0)).state_json()[
        "players"][0]["hand_count"] + 1


def test_mahou_logged_ops_stand() -> None:
    beam = {"op": "damage", "p": 1, "pos": "active", "n": 3}  # Heart Beam deals 2
    res = ms(as_played(std(["MSJ 040"]).add("play_power", 0, card="MSJ 040", ops=[beam])))
    assert [r for _, r in rules_of(res)] == ["effect.result"]
    assert res.state_json()["players"][1]["active"]["hp"] == 4  # 7 - 3, as logged


def test_mahou_cannot_carry_out_a_card_not_in_hand() -> None:
    log = as_played(std().add("transform", 0, card="MSJ 011", onto="active"))
    res = ms(log)
    assert res.ruling is not None and res.ruling.rule == "zone" and res.irregular == []


@pytest.mark.parametrize("flag", [True, False])
def test_toy_game_out_of_turn(flag: bool, tmp_path: Path) -> None:
    with installed(tmp_path):
        toy = get_ruleset("toy-race-1")
        cards = toy.merge_cards([toy.parse_cards(json.loads((ROOT / p).read_text()), p) for p in toy.bundled_cards])
        decks = [json.loads(f.read_text())["cards"] for f in sorted((ROOT / toy.bundled_decks[0]).glob("*.json"))][:2]
        doc = toy.self_play(cards, decks, 3)
        header, actions = {**doc["game"], "as_played": flag}, doc["actions"]
        first_play = next(i for i, a in enumerate(actions) if a["type"] == "play")
        other = 1 - actions[first_play]["p"]
        hand = fold(header, actions[:first_play], cards).state_json()["players"][other]["hand"]
        wrong = {"type": "play", "p": other, "card": hand[0]}
        res = fold(header, [*actions[:first_play], wrong], cards)
        if flag:
            assert res.ruling is None and [str(r.rule) for r in res.irregular] == ["turn.order"]
        else:
            assert res.ruling is not None and res.ruling.rule == "turn.order" and res.irregular == []


def test_a_second_approach_before_the_first_resolved_stands() -> None:
    """The table forgot the interference step: a second Chara approached in the first one's window (turn.step)."""
    ben = "TST 01-002"
    g = Game([AKI, ben, F[0], F[1], F[2], F[3]])
    g.add("summon", 0, card=AKI, area="main", pay=pay(F[0], F[1])).passes(1)
    g.add("summon", 0, card=ben, area="main", pay=pay(F[2], F[3])).passes(1).end_turn(0).end_turn(1)
    g.passes(0, 1).add("approach", 0, card=AKI).add("approach", 0, card=ben)
    plain = g.fold()
    assert plain.ruling is not None and plain.ruling.rule == "turn.step"
    res = as_played(g).fold()
    assert res.ruling is None and [r for _, r in rules_of(res)] == ["turn.step"], res.irregular
    s = res.state_json()
    assert s["step"] == "after_approach" and all(c["rested"] for c in s["players"][0]["main"])
    g.passes(0, 1).add("no_interfere", 1)  # the second approach goes on and scores
    res = g.fold()
    assert res.ruling is None and len(res.state_json()["players"][1]["points"]) == 1


# -- hostile review of issue 22 point 1 ----------------------------------------------------------------------

def test_an_irregular_action_after_an_omitted_pass_is_carried_out_after_the_implied_pass() -> None:
    """Like a legal action: the omitted pass is implied first, so no false ``turn.priority`` stands."""
    ben = "TST 01-002"
    g = Game([AKI, ben, F[0], F[1], F[2]]).add("summon", 0, card=AKI, area="main", pay=pay(F[0], F[1]))
    g.add("summon", 0, card=ben, area="main", pay=pay(F[2]))  # player 1's pass left out; Ben (cost 2) paid 1
    assert g.fold().ruling.rule == "cost.amount"  # the ruling after the insertion, as rules.md says
    res = as_played(g).fold()
    assert res.ruling is None and rules_of(res) == [(5, "cost.amount")] and res.implied[5] == 1
    assert res.state_json()["priority"] == 1  # the summon moved the right to player 1, as after a legal one
    bare = fold(g.header, g.actions, g.db, keep_trails=False)  # a rebuild replays the implied pass too
    assert bare.state_json() == res.state_json() and rules_of(bare) == rules_of(res)


def test_a_late_mandatory_trigger_fires_where_it_was_logged() -> None:
    g = Game([LOU, F[0], F[1], F[2]]).add("summon", 0, card=LOU, area="main", pay=pay(F[0], F[1])).passes(1)
    g.add("trigger", 0, card=LOU, effect=0)  # Lou's enter trigger, one action late
    res = as_played(g).fold()
    # one slip, one irregularity: the pass skipped it (it lapsed there); logged late, it fires (review r22d)
    assert res.ruling is None and rules_of(res) == [(5, "effect.result")]
    assert "mandatory trigger missing" in res.irregular[0].message
    assert any("logged late" in e.message for e in res.trails[6].entries)
    assert len(res.state_json()["players"][0]["hand"]) == 6  # 8 - LOU - 2 paid + 1 drawn late
    g.passes(0)
    assert g.fold().ruling is None


def test_an_approach_by_a_chara_summoned_this_turn_stands() -> None:
    g = Game(None, [AKI, F[10], F[11]]).end_turn(0)
    g.add("summon", 1, card=AKI, area="main", pay=pay(F[10], F[11])).passes(0, 1, 0).add("approach", 1, card=AKI)
    assert g.fold().ruling.rule == "approach.summoned"
    res = as_played(g).fold()
    assert res.ruling is None and rules_of(res) == [(g.last, "approach.summoned")]
    s = res.state_json()
    assert s["step"] == "after_approach" and s["players"][1]["main"][0]["rested"]


def test_a_missing_hand_adjustment_lapses_and_the_next_turn_starts() -> None:
    g = Game(None, [AKI, F[10], F[11]]).passes(0, 1).add("end_approach", 0)  # player 0 holds 8
    g.add("summon", 1, card=AKI, area="main", pay=pay(F[10], F[11]))  # no hand_adjust: turn 2 goes on
    plain = g.fold()
    assert plain.ruling.rule == "hand.adjust" and plain.ruling.index == g.last
    res = as_played(g).fold()
    assert res.ruling is None and rules_of(res) == [(g.last, "hand.adjust")]
    s = res.state_json()
    assert s["turn"] == 2 and len(s["players"][0]["hand"]) == 8 and [c["card"] for c in s["players"][1]["main"]] == [AKI]


def test_mahou_an_out_of_turn_action_is_nobodys_third_action() -> None:
    log = as_played(std().add("attack", 0).add("draw", 0).add("draw", 1))  # after player 0's two actions
    res = ms(log)
    assert res.ruling is None and rules_of(res) == [(log.last, "turn.priority")]  # no false action.count
    log = as_played(std().add("draw", 1).add("attack", 0).add("draw", 0))  # the out-of-turn draw first
    res = ms(log)
    assert res.ruling is None and rules_of(res) == [(log.last - 2, "turn.priority")]  # player 0 still had two


def _knocked_out() -> Log:
    """Sudden Squall (5) and an attack (3) defeat player 1's Active fighter (7 HP): player 1 must fill it."""
    return std(["MSJ 053"]).add("play_event", 0, card="MSJ 053").add("attack", 0)


def test_mahou_acting_while_the_other_player_must_fill_the_active_position_stands() -> None:
    log = as_played(_knocked_out().add("draw", 0))
    assert ms(_knocked_out().add("draw", 0)).ruling.rule == "turn.priority"
    res = ms(log)
    assert res.ruling is None and rules_of(res) == [(log.last, "turn.priority")]
    assert res.state_json()["must_replace"] == [1]  # the fill stays owed
    hit = as_played(_knocked_out().add("draw", 0).add("attack", 0))  # an attack on the empty position cannot be
    res = ms(hit)  # carried out at all
    assert res.ruling is not None and res.ruling.rule == "replace.required" and res.ruling.index == hit.last


def test_mahou_skipping_ones_own_fill_stands_where_the_action_needs_no_active_fighter() -> None:
    log = as_played(_knocked_out().add("end_turn", 0).add("draw", 1))  # turn 2: player 1 draws, Active still empty
    res = ms(log)
    assert res.ruling is None and rules_of(res) == [(log.last - 1, "turn.priority"), (log.last, "replace.required")]
    assert res.state_json()["must_replace"] == [1]


def test_two_breaks_of_one_kind_are_two_rulings() -> None:
    """An Approach decision by the wrong player in the wrong step broke two rules: both stand as rulings of the one
    action (its ``irregular`` entry, the second in its ``also``)."""
    g = Game([F[0]]).add("end_approach", 1)  # player 1, during player 0's Main Phase
    assert g.fold().ruling.rule == "turn.step"
    res = as_played(g).fold()
    assert res.ruling is None and rules_of(res) == [(4, "turn.step"), (4, "turn.priority")]
    assert len(res.irregular) == 1 and "not player 1's" in res.irregular[0].also[0].message
