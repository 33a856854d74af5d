"""Review r22f, finding 5: actions the table could carry out stand as played (docs/as-played.md, "What can stand"):
an approach in the first turn or again, an effect used twice, a condition or a ban that does not hold, a target the
effect may not take, a summon to a full Main Area, a Level Up onto a Chara of another name. Each is refused by the
ordinary fold as before; what truly cannot be carried out (a second copy of a Chara on the Area, a replace naming a
Chara that is not there) still stops the as-played fold. And (finding 1) no ✓ for a rule the action broke."""

from __future__ import annotations

import copy

import pytest

from engine.fold import FoldResult, fold
from pmemo_replay.cards import bundled_for
from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.simulate import simulated_logs
from tests.effects.test_general_ops import NO_EVENTS, _boards
from tests.effects.test_machinery import AKI, COUNTER, FREEBIE, F, boards, hand, pay
from tests.engine.kit import Game
from tests.engine.test_approach_rules import two_boards
from tests.engine.test_play_rules import summon

BEN, CAT, DAN, EVE = "TST 01-002", "TST 01-004", "TST 01-005", "TST 01-006"
AKI2, KIM, PAM = "TST 01-009", "TST 01-015", "TST 01-020"
QUICK, WEAKEN, MYSTERY = "TST 02-001", "TST 02-006", "TST 02-007"


def both(g: Game) -> tuple[FoldResult, FoldResult]:
    """The ordinary fold and the as-played one of ``g``'s log."""
    plain = g.fold()
    g.header["as_played"] = True
    try:
        return plain, g.fold()
    finally:
        del g.header["as_played"]


def stood(res: FoldResult) -> list[tuple[int, list[str]]]:
    """Per action that stood: its index and every rule it broke."""
    return [(r.index, [str(x.rule) for x in r.every()]) for r in res.irregular]


def no_check_of_what_it_broke(res: FoldResult) -> None:
    for r in res.irregular:
        broken = {x.rule for x in r.every()}
        assert [e.message for e in res.trails[r.index].entries if e.ok is True and e.rule in broken] == []


def test_an_approach_in_the_first_turn_stands_and_scores() -> None:
    g = Game([CAT, F[0], F[1]])
    g.add("summon", 0, card=CAT, area="main", pay=pay(F[0], F[1])).passes(1, 0, 1)
    g.add("approach", 0, card=CAT).passes(0, 1).add("no_interfere", 1)
    plain, res = both(g)
    assert plain.ruling is not None and plain.ruling.rule == "approach.first_turn"
    assert res.ruling is None and stood(res) == [(plain.ruling.index, ["approach.first_turn"])]
    assert len(res.state_json()["players"][1]["points"]) == 1  # the approach went through: a point


def test_a_chara_approaching_again_stands_as_one_action() -> None:
    g = two_boards([AKI], [])
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1).passes(0, 1)
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1)  # rested, and it approached already
    plain, res = both(g)
    assert plain.ruling is not None and plain.ruling.rule == "approach.chara"
    assert res.ruling is None and stood(res) == [(plain.ruling.index, ["approach.chara", "approach.again"])]
    assert len(res.state_json()["players"][1]["points"]) == 2
    no_check_of_what_it_broke(res)


def test_an_effect_used_twice_in_a_turn_stands() -> None:
    g = Game([KIM, F[0], F[2], F[1], F[3]])  # F[1] and F[3] are blue: Kim's effect 1 costs 1 blue
    g.add("summon", 0, card=KIM, area="main", pay=pay(F[0], F[2])).passes(1)
    g.add("use_effect", 0, card=KIM, effect=1, pay=pay(F[1])).passes(1)
    g.add("use_effect", 0, card=KIM, effect=1, pay=pay(F[3]))
    plain, res = both(g)
    assert plain.ruling is not None and plain.ruling.rule == "effect.once"
    assert res.ruling is None and stood(res) == [(g.last, ["effect.once"])]
    kim = res.state_json()["players"][0]["main"][0]
    assert (kim["ap"], kim["dp"]) == (50, 50)  # +10/+10 twice
    no_check_of_what_it_broke(res)


def test_a_trigger_whose_condition_does_not_hold_stands_and_fires() -> None:
    g = boards([COUNTER, AKI], [])
    g.add("approach", 0, card=COUNTER).add("trigger", 0, card=COUNTER, effect=0)  # fires on a second approach only
    plain, res = both(g)
    assert plain.ruling is not None and plain.ruling.rule == "effect.condition"
    assert res.ruling is None and [rules[0] for _, rules in stood(res)] == ["effect.condition"]
    assert len(hand(res, 0)) == len(hand(g.fold(g.last), 0)) + 1  # it drew


def test_a_play_an_effect_forbids_stands() -> None:
    g = _boards([], [], [NO_EVENTS, FREEBIE, F[5]])
    g.add("play_event", 0, card=NO_EVENTS, pay=pay(F[5])).add("play_event", 0, card=FREEBIE)
    plain, res = both(g)
    assert plain.ruling is not None and plain.ruling.rule == "effect.condition"
    assert res.ruling is None and stood(res) == [(g.last, ["effect.condition"])]
    assert FREEBIE in res.state_json()["players"][0]["discard"]


def test_an_untargetable_target_is_taken_as_played() -> None:
    g = Game([WEAKEN, F[0], F[1], F[2]], [PAM, F[10]]).end_turn(0)
    g.add("summon", 1, card=PAM, area="main", pay=pay(F[10])).passes(0).end_turn(1)
    g.add("play_event", 0, card=WEAKEN, pay=pay(F[0]), targets=[{"p": 1, "card": PAM}])
    plain, res = both(g)
    assert plain.ruling is not None and plain.ruling.rule == "effect.target"
    assert res.ruling is None and stood(res) == [(g.last, ["effect.target"])]
    pam = res.state_json()["players"][1]["main"][0]
    assert (pam["ap"], pam["dp"]) == (0, 0)  # 10/10 - 20/20, shown at 0 at least


def test_a_summon_to_a_full_main_area_stands_one_over_the_limit() -> None:
    five = [AKI, BEN, CAT, DAN, EVE]
    g = Game([MYSTERY, F[0], F[1], F[2], F[3], F[4], F[5], F[6], *five])
    g.add("play_event", 0, card=MYSTERY, pay=pay(F[0]),
          ops=[{"op": "move", "p": 0, "card": c, "from": "deck", "to": "main"} for c in five]).passes(1)
    g.actions.append(summon(F[2], F[3], F[4]))
    plain, res = both(g)
    assert plain.ruling is not None and plain.ruling.rule == "summon.main_full"
    assert res.ruling is None and stood(res) == [(g.last, ["summon.main_full"])]
    assert [c["card"] for c in res.state_json()["players"][0]["main"]] == [*five, F[2]]


def test_a_level_up_onto_another_name_stands() -> None:
    g = Game([BEN, AKI2, F[0], F[1]])
    g.actions.append(summon(BEN, F[0], F[1]))
    g.passes(1).add("level_up", 0, card=AKI2, onto=BEN)
    plain, res = both(g)
    assert plain.ruling is not None and plain.ruling.rule == "levelup.invalid"
    assert res.ruling is None and stood(res) == [(g.last, ["levelup.invalid"])]
    top = res.state_json()["players"][0]["main"][0]
    assert (top["card"], top["stack"]) == (AKI2, [BEN])
    no_check_of_what_it_broke(res)


def test_an_interference_ignore_x_forbids_stands_and_is_judged() -> None:
    """Dan has [Ignore 2]; Ben (cost 2) interferes all the same: the Elimination Judgement follows (Dan 50/50 against
    Ben 40/40: Ben leaves)."""
    top0 = [DAN, *F[:9]]
    g = Game(top0, [BEN, F[10], F[11], *F[12:17]])
    g.add("summon", 0, card=DAN, area="main", pay=pay(*F[:4])).passes(1).end_turn(0)
    g.add("summon", 1, card=BEN, area="main", pay=pay(F[10], F[11])).passes(0).end_turn(1)
    g.add("approach", 0, card=DAN).passes(0, 1).add("interfere", 1, card=BEN).passes(0, 1)
    plain, res = both(g)
    assert plain.ruling is not None and plain.ruling.rule == "interfere.ignore"
    assert res.ruling is None and stood(res) == [(plain.ruling.index, ["interfere.ignore"])]
    assert res.state_json()["players"][1]["main"] == [] and BEN in res.state_json()["players"][1]["discard"]
    no_check_of_what_it_broke(res)


def test_a_replace_while_the_main_area_is_not_full_stands() -> None:
    g = Game([AKI, BEN, CAT, F[0], F[1], F[2], F[3]])
    g.actions.append(summon(AKI, F[0], F[1]))
    g.passes(1).add("summon", 0, card=CAT, area="main", pay=pay(F[2], F[3]), replace=AKI)
    plain, res = both(g)
    assert plain.ruling is not None and plain.ruling.rule == "summon.main_full"
    assert res.ruling is None and stood(res) == [(g.last, ["summon.main_full"])]
    p0 = res.state_json()["players"][0]
    assert [c["card"] for c in p0["main"]] == [CAT] and AKI in p0["discard"]  # replaced as logged


def test_a_first_level_up_paid_for_stands_and_the_cards_are_paid() -> None:
    g = Game([AKI, BEN, AKI2, F[0], F[1]])
    g.actions.append(summon(AKI, BEN, F[0]))
    g.passes(1).add("level_up", 0, card=AKI2, onto=AKI, pay=pay(F[1]))
    plain, res = both(g)
    assert plain.ruling is not None and plain.ruling.rule == "levelup.invalid"
    assert res.ruling is None and stood(res) == [(g.last, ["levelup.invalid"])]
    p0 = res.state_json()["players"][0]
    assert p0["main"][0]["card"] == AKI2 and F[1] in p0["discard"]
    no_check_of_what_it_broke(res)


def test_what_cannot_be_carried_out_still_stops() -> None:
    g = Game([AKI, F[0], F[1], AKI, F[2], F[3]])
    g.actions.append(summon(AKI, F[0], F[1]))
    g.passes(1).add("summon", 0, card=AKI, area="support", pay=pay(F[2], F[3]))  # a second copy on the Area
    plain, res = both(g)
    assert plain.ruling is not None and res.ruling is not None and res.ruling.rule == "summon.unique"
    g = Game([AKI, BEN, F[0], F[1]])
    g.actions.append(summon(AKI, BEN, replace=CAT))  # not full, and the Chara to replace is not there
    _, res = both(g)
    assert res.ruling is not None and res.ruling.rule == "summon.main_full" and res.irregular == []


def test_a_timing_that_did_not_hold_has_no_check_in_the_trail() -> None:
    g = Game(None, [QUICK, F[10]]).add("pass", 0).add("play_event", 1, card=QUICK, pay=pay(F[10]))
    plain, res = both(g)
    assert plain.ruling is not None and plain.ruling.rule == "timing"
    assert res.ruling is None and "timing" in stood(res)[0][1]
    no_check_of_what_it_broke(res)


@pytest.mark.parametrize("ruleset", ["pm-2.22", "mahou-shoujo-1", "clockwork-memorion-1"])
def test_no_trail_checks_a_rule_its_action_broke(ruleset: str) -> None:
    """Over a simulated game with, in turn, each 3rd payment emptied and each 3rd player flipped: every action that
    stood has no ✓ entry for a rule it broke (finding 1: "paid 1 >= cost 3" beside "costs 3 but ... provides 1")."""
    doc = next(iter(simulated_logs(CardLibrary(), 1, 5, ruleset=ruleset)))
    cards = bundled_for(ruleset, True)
    actions, seen = doc["actions"], 0
    for i, action in enumerate(actions):
        for key, value in (("pay", []), ("p", 1 - action.get("p", 0))):
            if key not in action or i % 3 or (key == "pay" and not action[key]):
                continue
            log = copy.deepcopy(actions)
            log[i][key] = value
            res = fold({**doc["game"], "as_played": True}, log, cards)
            no_check_of_what_it_broke(res)
            seen += len(res.irregular)
    assert seen >= 3


def test_the_approaching_side_interfering_with_its_own_approach_stops_the_fold() -> None:
    """Review r22g, findings 1-2: an interference logged by the approaching player (with the approacher itself, or
    another of its own Charas) cannot be carried out: it stops the as-played fold with ``interfere.chara`` (it once
    stood, then the judgement removed one Chara twice: an engine error)."""
    for interferer in (AKI, BEN):
        g = two_boards([AKI, BEN], [CAT]).add("approach", 0, card=AKI).passes(0, 1).add("interfere", 0, card=interferer)
        plain, played = both(g)
        assert plain.ruling is not None and plain.ruling.rule == "turn.priority"  # the ordinary fold: as before
        assert played.ruling is not None and played.ruling.rule == "interfere.chara" and played.ruling.index == len(g.actions) - 1
