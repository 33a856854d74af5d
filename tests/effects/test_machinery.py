"""The effect machinery the MHK scripts need, each piece on synthetic cards (docs/log-extensions.md):
leaving and other-Chara triggers, turn history, delayed effects, interference limits, text bans, source
bonuses, extra colors, a mutual Elimination Judgement, responses that answer only some plays, triggers of
cards paid as a cost, steps in force while a card is in play."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.pm.cards import Card, CardDB, Effect, Timing
from engine.pm.cards.precious import precious_card
from tests.engine.kit import DB, Game, assert_illegal, assert_legal

F = [f"TST 90-{i:03d}" for i in range(1, 21)]
AKI, BEN, DAN, NED, QUICK = "TST 01-001", "TST 01-002", "TST 01-005", "TST 01-018", "TST 02-001"
DRAW = ({"op": "draw", "who": "self", "n": 1},)
MAIN_SELF, MAIN_BOTH, MAIN_DECLINE = Timing.parse("main/self"), Timing.parse("main/both"), Timing.parse("main/decline")


def _chara(num: str, name: str, *effects: Effect, ap: int | None = 30, dp: int | None = 30, cost: int = 2,
           source: int = 1, color: str = "red") -> Card:
    return Card(id=f"TST {num}", name=name, series="Test", type="chara", color=color, cost=cost, source=source,
                ap=ap, dp=dp, effects=effects)


def _event(num: str, name: str, script: tuple[dict[str, Any], ...], *, timing: Timing = MAIN_SELF, cost: int = 1,
           targets: tuple[dict[str, Any], ...] = (), condition: dict[str, Any] | None = None) -> Card:
    eff = Effect(kind="activated", timing=timing, script=script, targets=targets, condition=condition)
    return Card(id=f"TST {num}", name=name, series="Test", type="event", color="red", cost=cost, source=1,
                timing=timing, effects=(eff,))


LEAVER, MOURNER, COUNTER, SLIPPERY, HELPER, DUELIST, PHOENIX, SAGE, CAPTAIN, PAINTER, WATCHER = (
    f"TST 70-0{i:02d}" for i in range(1, 12))
BANISH, HUNCH, SILENCE, SNUFF, FREEBIE = (f"TST 71-0{i:02d}" for i in range(1, 6))
CARDS = [
    _chara("70-001", "Leaver", Effect("auto", trigger="leave", script=DRAW)),
    _chara("70-002", "Mourner", Effect("auto", trigger="other_leave", script=DRAW,
                                       condition={"subject": {"side": "opponent"}})),
    _chara("70-003", "Counter", Effect("auto", trigger="any_approach", script=DRAW, condition={
        "subject": {"side": "self"}, "history": {"event": "approach", "filter": {}, "exactly": 2}})),
    _chara("70-004", "Slippery", Effect("continuous", script=(
        {"op": "grant", "target": "self", "what": {"not_interfered_by": {"max_cost": 2}}},))),
    _chara("70-005", "Helper", Effect("continuous", script=({"op": "source", "n": 1, "for": {"name": "Aki"}},)),
           ap=None, dp=None, cost=1),
    _chara("70-006", "Duelist", Effect("auto", trigger="enter", script=({"op": "judge", "target": "target"},),
                                       targets=({"side": "opponent", "area": "main"},)), ap=50, dp=30),
    _chara("70-007", "Phoenix", Effect("auto", trigger="paid_for_text", optional=True, condition={"subject": {"name": "Sage"}},
                                       script=({"op": "pick", "from": "discard", "to": "area", "n": 1, "this_card": True},)),
           cost=1),
    _chara("70-008", "Sage", Effect("activated", timing=MAIN_BOTH, cost=1, script=DRAW)),
    _chara("70-009", "Captain", Effect("auto", trigger="turn_end", optional=True, script=(
        {"op": "activate", "target": {"all": {"side": "self", "name": "Aki"}}},
        {"op": "grant", "static": True, "target": {"all": {"side": "self", "name": "Aki"}},
         "what": {"not_interfered_by": {"max_cost": 2}}}))),
    _chara("70-010", "Painter", Effect("continuous", script=({"op": "also_color", "color": "blue"},)), ap=None, dp=None,
           cost=1),
    _chara("70-011", "Watcher", Effect("auto", trigger="any_rested", condition={"own_turn": True, "subject": {"side": "self"}},
                                       script=({"op": "modify", "target": "self", "ap": 10, "dp": 0},))),
    _event("71-001", "Banish", ({"op": "move", "target": "target", "to": "discard"},), targets=({"side": "opponent"},)),
    _event("71-002", "Hunch", ({"op": "delay", "on": "approach", "subject": "target", "do": list(DRAW)},),
           targets=({"side": "self"},)),
    _event("71-003", "Silence", ({"op": "forbid", "who": "opponent", "what": "text", "filter": {"name": "Sage"}},)),
    _event("71-004", "Snuff", ({"op": "disable"},), timing=MAIN_DECLINE, cost=0,
           condition={"answers": {"type": "play_event", "side": "opponent", "filter": {"max_cost": 0}}}),
    _event("71-005", "Freebie", DRAW, cost=0),
]
MY_DB = CardDB([*DB, *CARDS], series_groups=[["Test", "Test Encore"]])


def pay(*cards: str) -> list[dict[str, str]]:
    return [{"hand": c} for c in cards]


def boards(p0: list[str], p1: list[str], hand0: list[str] = (), hand1: list[str] = ()) -> Game:  # type: ignore[assignment]
    """Turn 1: player 0 summons ``p0`` (each paid with two fillers); turn 2: player 1 summons ``p1``; turn 3 starts.
    ``hand0``/``hand1``: more cards on top of each deck (drawn in the opening hand after the Charas and fillers)."""
    costs = [[MY_DB.get(c).cost for c in side] for side in (p0, p1)]
    g = Game([*p0, *F[: sum(costs[0])], *hand0], [*p1, *F[10: 10 + sum(costs[1])], *hand1], db=MY_DB)
    for p, side in enumerate((p0, p1)):
        used = 10 * p
        for c in side:
            n = MY_DB.get(c).cost
            g.add("summon", p, card=c, area="main" if MY_DB.get(c).has_stats else "support", pay=pay(*F[used: used + n]))
            used += n
            g.passes(1 - p)
        g.end_turn(p)
    return g


def boards_over(db: CardDB, p0: list[str], p1: list[str], hand0: list[str] = (),  # type: ignore[assignment]
                hand1: list[str] = ()) -> Game:  # type: ignore[assignment]
    """:func:`boards` with ``db`` as the card database (a test module's own cards beside these)."""
    global MY_DB
    old, MY_DB = MY_DB, db
    try:
        return boards(p0, p1, hand0=hand0, hand1=hand1)
    finally:
        MY_DB = old


def boards_with(extra: list[Card], p0: list[str], p1: list[str], hand0: list[str] = (),  # type: ignore[assignment]
                hand1: list[str] = ()) -> Game:  # type: ignore[assignment]
    """:func:`boards` with the cards ``extra`` added to the database."""
    return boards_over(CardDB([*MY_DB, *extra], series_groups=[["Test", "Test Encore"]]), p0, p1, hand0, hand1)


def made_up(card_id: str, text: str, kind: str = "イベント", **changes: Any) -> Card:
    """A made-up card of ``kind`` whose ``text`` (in the cards' own wording) the compiler reads whole, as ``card_id``
    of the series "Test" (``changes``: other fields replaced)."""
    stat = "30" if kind == "キャラクター" else "-"
    data = {"id": "TST 01-001", "name": "試験", "setName": "試験作品", "type": kind, "color": "赤", "cost": "0",
            "source": "1", "ap": stat, "dp": stat, "characteristic": ["-"], "text": text}
    card = precious_card(data, compile=True)
    assert all(e.compiled for e in card.effects), text
    return replace(card, id=card_id, series="Test", **changes)


def hand(res: Any, p: int) -> list[str]:
    return res.state_json()["players"][p]["hand"]


def test_a_leaving_chara_fires_its_own_leave_trigger_from_its_new_zone() -> None:
    g = boards([], [LEAVER], hand0=[BANISH, F[5]])
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": LEAVER}])
    before = len(hand(assert_legal(g), 1))
    g.add("trigger", 1, card=LEAVER, effect=0, **{"from": "discard"})
    assert len(hand(assert_legal(g), 1)) == before + 1
    g.actions.pop()
    g.passes(1)
    assert_illegal(g, "effect.result")  # the mandatory leaving trigger is missing


def test_a_leave_trigger_needs_its_chara_to_have_left() -> None:
    g = boards([], [LEAVER], hand0=[F[5]])
    g.add("trigger", 1, card=LEAVER, effect=0)
    assert_illegal(g, "effect.result")


def test_other_leave_listens_to_the_subject_not_to_itself() -> None:
    g = boards([MOURNER], [AKI], hand0=[BANISH, F[5]])
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": AKI}])
    g.add("trigger", 0, card=MOURNER, effect=0)
    assert_legal(g)
    g = boards([], [MOURNER], hand0=[BANISH, F[5]])  # its own leaving is not "another Chara leaves"
    g.add("play_event", 0, card=BANISH, pay=pay(F[5]), targets=[{"p": 1, "card": MOURNER}])
    g.add("trigger", 1, card=MOURNER, effect=0, **{"from": "discard"})
    assert_illegal(g, "effect.result")


def _approach_unblocked(g: Game, card: str) -> Game:
    return g.add("approach", 0, card=card).passes(0, 1).add("no_interfere", 1).passes(0, 1)


def test_turn_history_counts_approaches_and_any_approach_includes_the_listener() -> None:
    g = boards([COUNTER, AKI], [])
    _approach_unblocked(g, COUNTER)  # one approach: not yet
    g.add("approach", 0, card=AKI)
    assert_illegal(g.add("pass", 0), "effect.result")  # the second approach fires it: it must be logged
    g.actions.pop()
    g.add("trigger", 0, card=COUNTER, effect=0)
    assert_legal(g)
    g = boards([COUNTER, AKI], [])
    g.add("approach", 0, card=COUNTER).add("trigger", 0, card=COUNTER, effect=0)
    assert_illegal(g, "effect.condition")  # the first approach does not fire it


def test_a_delayed_effect_fires_once_when_its_subject_approaches() -> None:
    g = boards([AKI], [], hand0=[HUNCH, F[5]])
    g.add("play_event", 0, card=HUNCH, pay=pay(F[5]), targets=[{"p": 0, "card": AKI}]).passes(1, 0, 1)
    g.add("approach", 0, card=AKI)
    before = len(hand(assert_legal(g), 0))
    g.add("trigger", 0, card=HUNCH, effect=0, **{"from": "discard"})
    assert len(hand(assert_legal(g), 0)) == before + 1
    g.actions.pop()
    g.passes(0)
    assert_illegal(g, "effect.result")  # mandatory and not logged
    g = boards([AKI], [], hand0=[HUNCH, F[5]])
    g.add("play_event", 0, card=HUNCH, pay=pay(F[5]), targets=[{"p": 0, "card": AKI}])
    g.add("trigger", 0, card=HUNCH, effect=0, **{"from": "discard"})
    assert_illegal(g, "effect.result")  # set up, but its cause has not happened


def test_interference_limits_of_a_continuous_grant() -> None:
    g = boards([SLIPPERY], [BEN, DAN], hand1=[F[14], F[15]])
    g.add("approach", 0, card=SLIPPERY).passes(0, 1).add("interfere", 1, card=BEN)
    assert_illegal(g, "interfere.chara")  # Ben's usage cost 2 <= 2
    g.actions.pop()
    g.add("interfere", 1, card=DAN)
    assert_legal(g)


def test_steps_marked_static_are_in_force_while_the_card_is_in_play() -> None:
    g = boards([CAPTAIN, AKI], [BEN])
    g.add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=BEN)
    assert_illegal(g, "interfere.chara")
    g = boards([AKI], [BEN])
    g.add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=BEN)
    assert_legal(g)


def test_a_forbid_step_bans_a_players_texts() -> None:
    g = boards([], [SAGE], hand0=[SILENCE, F[5]], hand1=[F[14]])
    g.add("play_event", 0, card=SILENCE, pay=pay(F[5]))
    g.add("use_effect", 1, card=SAGE, effect=0, pay=pay(F[14]))
    assert_illegal(g, "effect.condition")  # banned for the rest of this turn
    g = boards([], [SAGE], hand0=[SILENCE, F[5]], hand1=[F[14]])
    g.add("play_event", 0, card=SILENCE, pay=pay(F[5])).passes(1).add("end_approach", 0)
    g.add("use_effect", 1, card=SAGE, effect=0, pay=pay(F[14]))
    assert_legal(g)  # the next turn: allowed again


def test_source_bonus_when_paid_for_a_named_card() -> None:
    g = Game([HELPER, AKI, BEN], db=MY_DB).add("summon", 0, card=AKI, area="main", pay=pay(HELPER))
    assert_legal(g)  # source 1 + 1 for Aki = cost 2
    g = Game([HELPER, AKI, BEN], db=MY_DB).add("summon", 0, card=BEN, area="main", pay=pay(HELPER))
    assert_illegal(g, "cost.amount")


def test_also_color_lets_cards_count_as_another_color() -> None:
    g = Game([NED, F[0], F[2]], db=MY_DB).add("summon", 0, card=NED, area="main", pay=pay(F[0], F[2]))
    assert_illegal(g, "cost.identity")  # Ned is blue of another series; fillers 1 and 3 are red
    g = Game([PAINTER, F[4], NED, F[0], F[2]], db=MY_DB).add("summon", 0, card=PAINTER, area="support", pay=pay(F[4]))
    g.add("summon", 0, card=NED, area="main", pay=pay(F[0], F[2]))
    assert_legal(g)


def test_a_mutual_elimination_judgement() -> None:
    g = boards([], [AKI], hand0=[DUELIST, F[5], F[6]])
    g.add("summon", 0, card=DUELIST, area="main", pay=pay(F[5], F[6]))
    g.add("trigger", 0, card=DUELIST, effect=0, targets=[{"p": 1, "card": AKI}])
    s = assert_legal(g).state_json()
    assert AKI in s["players"][1]["discard"] and DUELIST in s["players"][0]["discard"]  # 50 >= 30 and 30 >= 30
    g.actions[-1] = {**g.actions[-1], "ops": [{"op": "move", "p": 1, "card": AKI, "from": "main", "to": "discard"}]}
    assert_illegal(g, "effect.result")  # the Duelist leaves too


def test_a_response_that_answers_only_some_plays() -> None:
    g = Game([FREEBIE, QUICK, F[0]], [SNUFF], db=MY_DB)
    g.add("play_event", 0, card=FREEBIE, responses=[{"type": "play_event", "p": 1, "card": SNUFF}])
    s = assert_legal(g).state_json()
    assert FREEBIE in s["players"][0]["discard"]
    g = Game([FREEBIE, QUICK, F[0]], [SNUFF], db=MY_DB)
    g.add("play_event", 0, card=QUICK, pay=pay(F[0]), responses=[{"type": "play_event", "p": 1, "card": SNUFF}])
    assert_illegal(g, "effect.condition", None)  # Quick Step costs 1


def test_a_card_paid_for_a_named_text_may_enter_from_the_discard() -> None:
    g = boards([SAGE], [], hand0=[PHOENIX])
    g.add("use_effect", 0, card=SAGE, effect=0, pay=pay(PHOENIX))
    g.add("trigger", 0, card=PHOENIX, effect=0, **{"from": "discard"})
    s = assert_legal(g).state_json()
    assert PHOENIX in [c["card"] for c in s["players"][0]["main"]]
    g = boards([SAGE], [], hand0=[PHOENIX, F[5]])
    g.add("use_effect", 0, card=SAGE, effect=0, pay=pay(F[5]))
    g.add("trigger", 0, card=PHOENIX, effect=0, **{"from": "hand"})
    assert_illegal(g, "effect.result")  # not paid: nothing fired it


def test_any_rested_fires_for_each_own_chara_that_rests() -> None:
    g = boards([WATCHER, AKI], [])
    g.add("approach", 0, card=AKI)
    g.passes(0)
    assert_illegal(g, "effect.result")
    g.actions.pop()
    g.add("trigger", 0, card=WATCHER, effect=0)
    assert_legal(g)
