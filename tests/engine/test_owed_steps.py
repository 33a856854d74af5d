"""Issue 25: an action that skips an owed step is ruled with the owed step's rule id, at that action's index, the
message naming what was owed; the trail of the action before says what became owed; the recorder's offers put the
owed step first. Each kind of owed step in each ruleset (rule ids: rules.md, mahou-shoujo.md §11,
clockwork-memorion.md §11)."""

from __future__ import annotations

import copy
from typing import Any

from engine.fold import fold
from engine.rulesets import get_ruleset
from tests.clockwork import kit as cw
from tests.effects.test_issue26_engine import mhk_game
from tests.engine.kit import Game
from tests.mahou.kit import Log, std

AKI, LOU = "TST 01-001", "TST 01-016"
F = [f"TST 90-{i:03d}" for i in range(1, 21)]
ST024, SHOKI, VANILLA = "MHK ST-024", "MHK 01-077", ["MHK 01-104", "MHK 01-084", "MHK 01-083", "MHK 01-052",
                                                       "MHK 01-044", "MHK 01-042"]


def pay(*cards: str) -> list[dict[str, str]]:
    return [{"hand": c} for c in cards]


def ruled(res: Any, rule: str, index: int, *words: str) -> None:
    assert res.ruling is not None, "expected a ruling, the log is legal"
    got = res.ruling.to_json()
    assert (got["rule"], got["index"]) == (rule, index), got
    for w in words:
        assert w in got["message"], (w, got["message"])


def said_before(res: Any, index: int, words: str) -> None:
    """The trail of the action before ``index`` says what became owed."""
    assert any(words in e.message for e in res.trails[index - 1].entries), [e.message for e in res.trails[index - 1].entries]


def first_offer(ruleset: str, state: Any) -> dict[str, Any]:
    return get_ruleset(ruleset).offers(state)["actions"][0]


# -- Precious Memories ------------------------------------------------------------------------------------

def test_pm_turn_end_trigger_skipped_by_the_next_turns_summon() -> None:
    """The issue's example: MHK ST-024's turn-end trigger left out, player 1 summons MHK 01-077 in turn 2."""
    g = mhk_game([ST024, *VANILLA], [SHOKI])
    g.add("summon", 0, card=ST024, area="main", pay=pay(VANILLA[0])).passes(1).passes(0, 1).add("end_approach", 0)
    before = g.fold()
    assert first_offer("pm-2.22", before.state) == {"type": "trigger", "p": 0, "card": ST024, "effect": 0}
    g.add("summon", 1, card=SHOKI, area="main", pay=[])
    res = g.fold()
    ruled(res, "effect.result", g.last, "mandatory trigger missing", "MHK ST-024", "automatic effect 0 (turn end)",
          "before this summon")
    said_before(res, g.last, "automatic effect 0 of MHK ST-024")
    g.header["as_played"] = True  # as played it lapses and the summon stands in turn 2, as logged
    res = g.fold()
    assert res.ruling is None and [(r.index, r.rule) for r in res.irregular] == [(g.last, "effect.result")]
    assert res.state_json()["turn"] == 2


def test_pm_enter_trigger_skipped_in_a_window() -> None:
    g = Game([LOU, AKI, F[0], F[1], F[2], F[3]]).add("summon", 0, card=LOU, area="main", pay=pay(F[0], F[1]))
    assert first_offer("pm-2.22", g.fold().state)["type"] == "trigger"
    g.add("summon", 0, card=AKI, area="main", pay=pay(F[2], F[3]))  # player 1's pass implied, Lou's draw skipped
    res = g.fold()
    ruled(res, "effect.result", g.last, "TST 01-016 (Lou)'s automatic effect 0 (enter)", "before this summon")
    said_before(res, g.last, "must be logged next")


def test_pm_hand_adjustment_skipped() -> None:
    g = Game(None, [AKI, F[10], F[11]]).passes(0, 1).add("end_approach", 0)  # player 0 holds 8
    assert first_offer("pm-2.22", g.fold().state)["type"] == "hand_adjust"
    g.add("summon", 1, card=AKI, area="main", pay=pay(F[10], F[11]))
    res = g.fold()
    ruled(res, "hand.adjust", g.last, "hand adjustment missing", "player 0 holds 8 cards", "before summon")
    said_before(res, g.last, "must discard 1")


def test_pm_interference_decision_skipped() -> None:
    g = Game([AKI, F[0], F[1]], [F[10]]).add("summon", 0, card=AKI, area="main", pay=pay(F[0], F[1])).passes(1)
    g.end_turn(0).end_turn(1).passes(0, 1).add("approach", 0, card=AKI).passes(0, 1)  # step ③: player 1 decides
    assert first_offer("pm-2.22", g.fold().state)["p"] == 1
    g.add("end_approach", 0)
    res = g.fold()
    ruled(res, "turn.step", g.last, "step ③", "the Interferer's decision (player 1: interfere or no_interfere)")
    said_before(res, g.last, "the Interferer assigns interference")


def test_pm_approach_decision_skipped() -> None:
    g = Game([AKI, F[0], F[1]], [F[10]]).add("summon", 0, card=AKI, area="main", pay=pay(F[0], F[1])).passes(1)
    g.end_turn(0).end_turn(1).passes(0, 1)  # turn 3, step ①: player 0 approaches or ends the Approach Phase
    g.add("play_event", 1, card=F[10], pay=[])
    res = g.fold()
    ruled(res, "turn.step", g.last, "the Approacher's decision (player 0: approach or end_approach)")
    said_before(res, g.last, "step ① (assign approach)")


# -- Mahou Shoujo ----------------------------------------------------------------------------------------

def _knocked_out() -> Log:
    """Squall (5) and an attack (3) defeat player 1's Active fighter (7 HP): player 1 must fill the position."""
    return std(["MSJ 053"]).add("play_event", 0, card="MSJ 053").add("attack", 0)


def test_mahou_fill_owed_by_the_other_player() -> None:
    log = _knocked_out()
    assert first_offer("mahou-shoujo-1", log.fold().state)["p"] == 1
    log.add("draw", 0)
    res = log.fold()
    ruled(res, "turn.priority", log.last, "player 1 must fill the Active position first")  # §11: its id
    said_before(res, log.last, "player(s) 1 must fill the Active position next")


def test_mahou_fill_owed_by_the_acting_player() -> None:
    log = _knocked_out().add("play_event", 1, card="MSJ 900")
    res = log.fold()
    ruled(res, "replace.required", log.last, "player 1's Active position is empty", "before play_event")


def test_mahou_redraw_owed() -> None:
    log = Log(["MSJ 900", "MSJ 901", "MSJ 902", "MSJ 903", "MSJ 010"], ["MSJ 010"], setup=False)  # 4 drawn: no MG
    for i in (0, 1):
        log.add("search", i, cards=list(log.decks[i][:3])).add("shuffle", i, order=log.decks[i][3:])
    log.add("place_active", 0, hero="MSJ 001", girl="MSJ 010")
    res = log.fold()
    ruled(res, "setup.order", log.last, "player 0 drew no Magical Girl: a redraw is due before place_active")
    said_before(res, log.last - 2, "a redraw is due")  # the trail of player 0's shuffle says so


# -- Clockwork Memorion ----------------------------------------------------------------------------------

def test_clockwork_trigger_owed_skipped_by_the_other_player() -> None:
    actions = copy.deepcopy(cw.EXAMPLE[:7])  # player 0's summon: its trigger is pending
    state = fold(cw.header(), actions, cw.CARDS).state
    assert first_offer("clockwork-memorion-1", state)["type"] == "trigger"
    actions.append({"type": "summon", "p": 1, "card": "CWX 012", "at": "zone:3"})
    res = fold(cw.header(), actions, cw.CARDS)
    ruled(res, "turn.pending", len(actions) - 1, "player 0's CWX 010 (", ")'s ability 0 'When [summoned]",
          "must be logged before this summon")
    said_before(res, len(actions) - 1, "summoned fires")


def test_clockwork_discard_owed_skipped_by_the_other_player() -> None:
    actions = [*copy.deepcopy(cw.EXAMPLE[:10]), {"type": "end_phase", "p": 1}]  # player 1 must discard at turn end
    state = fold(cw.header(), actions, cw.CARDS).state
    assert first_offer("clockwork-memorion-1", state) == {**first_offer("clockwork-memorion-1", state), "type": "discard", "p": 1}
    actions.append({"type": "summon", "p": 0, "card": "CWX 012", "at": "zone:2"})
    res = fold(cw.header(), actions, cw.CARDS)
    ruled(res, "turn.pending", len(actions) - 1, "a discard by player 1 is due", "no summon")
    said_before(res, len(actions) - 1, "a discard by player 1 became due: 8 cards in hand, 1 over 7")
