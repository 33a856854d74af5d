"""The Approach Phase loop: approach, interference, judgement, points, Ignore X, Reinforcement, Break."""

from __future__ import annotations

from engine.pm.cards import Card, CardDB, Effect, Timing
from tests.engine.kit import DB, Game, assert_illegal, assert_legal

AKI, BEN, CAT, DAN, EVE, FAY, GUS = (f"TST 01-00{i}" for i in (1, 2, 4, 5, 6, 7, 8))
F = [f"TST 90-{i:03d}" for i in range(1, 21)]
SURPRISE = "TST 02-005"


def two_boards(p0: list[str], p1: list[str], top1: list[str] | None = None) -> Game:
    """Turn 1: player 0 summons ``p0``; turn 2: player 1 summons ``p1``; turn 3 starts.

    Every Chara here costs 2; fillers give 1, so each summon is paid with two fillers.
    Player 0 also holds Mystery (an unscripted event) and filler F[18] to pay it.
    """
    hand0 = [*p0, *F[: 2 * len(p0)], "TST 02-007", F[18], "TST 02-009"]
    hand1 = [*p1, *F[10: 10 + 2 * len(p1)]]
    g = Game(hand0, top1 or hand1)
    for i, c in enumerate(p0):
        g.add("summon", 0, card=c, area="main", pay=[{"hand": F[2 * i]}, {"hand": F[2 * i + 1]}])
        g.passes(1)
    g.end_turn(0)
    for i, c in enumerate(p1):
        g.add("summon", 1, card=c, area="main", pay=[{"hand": F[10 + 2 * i]}, {"hand": F[11 + 2 * i]}])
        g.passes(0)
    g.end_turn(1)
    return g


def test_first_turn_no_approach() -> None:
    g = Game([CAT, F[0], F[1]])
    g.add("summon", 0, card=CAT, area="main", pay=[{"hand": F[0]}, {"hand": F[1]}]).passes(1, 0, 1)
    g.add("approach", 0, card=CAT)
    assert_illegal(g, "approach.first_turn")


def test_spec_example_summoned_this_turn() -> None:
    g = two_boards([], [])
    res = assert_legal(g)
    assert res.state_json()["turn"] == 3
    g = Game([AKI, F[0], F[1]], [BEN, F[10], F[11]])
    g.add("summon", 0, card=AKI, area="main", pay=[{"hand": F[0]}, {"hand": F[1]}]).passes(1, 0, 1)
    g.add("end_approach", 0)
    g.adjust_hand(0)
    g.add("summon", 1, card=BEN, area="main", pay=[{"hand": F[10]}, {"hand": F[11]}]).passes(0, 1, 0)
    g.add("approach", 1, card=BEN)
    assert_illegal(g, "approach.summoned")


def test_active_may_approach_on_summon_turn() -> None:
    g = Game(None, [CAT, F[10], F[11]]).end_turn(0)
    g.add("summon", 1, card=CAT, area="main", pay=[{"hand": F[10]}, {"hand": F[11]}]).passes(0, 1, 0)
    g.add("approach", 1, card=CAT)
    s = assert_legal(g).state_json()
    assert (s["step"], s["priority"]) == ("after_approach", 1)
    assert s["players"][1]["main"][0]["rested"]


def test_no_interference_gives_a_point_then_window_six() -> None:
    g = two_boards([AKI], [])
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1)
    s = assert_legal(g).state_json()
    assert len(s["players"][1]["points"]) == 1 and s["players"][1]["points"][0]["face"] == "up"
    assert (s["step"], s["priority"]) == ("after_elimination", 0)
    g.passes(0, 1)
    s = assert_legal(g).state_json()
    assert (s["step"], s["priority"]) == ("assign_approach", None)
    g.add("approach", 0, card=AKI)
    assert_illegal(g, "approach.chara")  # rested after approaching


def test_approach_again_after_reactivation() -> None:
    g = two_boards([AKI], [])
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1)
    g.add("play_event", 0, card="TST 02-009", pay=[{"hand": F[18]}], ops=[{"op": "activate", "p": 0, "card": AKI}])
    g.passes(1, 0, 1)
    g.add("approach", 0, card=AKI)
    assert_illegal(g, "approach.again")


def test_elimination_judgement_both_ways() -> None:
    # Aki 30/30 approaches; Ben 40/40 interferes: Aki eliminated (30 <= 40), Ben stays (40 > 30).
    g = two_boards([AKI], [BEN])
    g.add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=BEN).passes(0, 1)
    res = assert_legal(g)
    s = res.state_json()
    assert s["players"][0]["main"] == [] and AKI in s["players"][0]["discard"]
    assert [c["card"] for c in s["players"][1]["main"]] == [BEN]
    messages = [e.message for e in res.trails[-1].entries]
    assert any("DP 30 of TST 01-001 (Aki) <= AP 40" in m for m in messages), messages
    # AP 40 >= DP 40 eliminates too: Ben vs Ben-like equal stats
    g = two_boards([BEN], [BEN])
    g.add("approach", 0, card=BEN).passes(0, 1).add("interfere", 1, card=BEN).passes(0, 1)
    s = assert_legal(g).state_json()
    assert s["players"][0]["main"] == [] and s["players"][1]["main"] == []


def test_interfere_chara_rules() -> None:
    g = two_boards([AKI], [BEN])
    g.add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=CAT)
    assert_illegal(g, "interfere.chara")
    g = two_boards([AKI], [BEN])
    g.add("approach", 0, card=AKI).passes(0, 1).add("interfere", 0, card=AKI)
    assert_illegal(g, "turn.priority")


def test_ignore_x() -> None:
    # Dan has [Ignore 2] and costs 4 (paid by four fillers); Ben costs 2 and cannot interfere, Eve (3) can.
    top0 = [DAN, F[0], F[1], F[2], F[3], F[4], F[5], F[6], F[7], F[8]]
    g = Game(top0, [BEN, EVE, F[10], F[11], F[12], F[13], F[14], F[15], F[16]])
    g.add("summon", 0, card=DAN, area="main", pay=[{"hand": F[i]} for i in range(4)]).passes(1).end_turn(0)
    g.add("summon", 1, card=BEN, area="main", pay=[{"hand": F[10]}, {"hand": F[11]}]).passes(0)
    g.add("summon", 1, card=EVE, area="main", pay=[{"hand": F[12]}, {"hand": F[13]}, {"hand": F[14]}]).passes(0)
    g.end_turn(1)
    base = list(g.actions)
    g.add("approach", 0, card=DAN).passes(0, 1).add("interfere", 1, card=BEN)
    assert_illegal(g, "interfere.ignore")
    g.actions = base
    g.add("approach", 0, card=DAN).passes(0, 1).add("interfere", 1, card=EVE)
    assert_legal(g)


def test_reinforcement_and_choose_elimination() -> None:
    # Fay [Reinforcement: Gus] 30/30 + Gus 20/40 approach (AP 50) against Ben 40/40.
    g = two_boards([FAY, GUS], [BEN])
    g.add("approach", 0, card=FAY, **{"with": GUS}).passes(0, 1).add("interfere", 1, card=BEN).passes(0, 1)
    s = assert_legal(g).state_json()
    assert s["step"] == "choose_elimination"
    base = list(g.actions)
    g.add("choose_elimination", 1, card=None)
    assert_illegal(g, "elimination.choice")
    g.actions = [*base, {"type": "choose_elimination", "p": 1, "card": FAY}]
    s = assert_legal(g).state_json()
    assert [c["card"] for c in s["players"][0]["main"]] == [GUS]
    assert s["players"][1]["main"] == [], "Ben DP 40 <= combined AP 50"
    g.actions = [*base[:-6], {"type": "approach", "p": 0, "card": GUS, "with": FAY}]
    assert_illegal(g, "approach.reinforcement")


def test_reinforcement_partner_must_be_able_to_approach() -> None:
    g = two_boards([FAY], [])
    g.add("approach", 0, card=FAY, **{"with": GUS})
    assert_illegal(g, "approach.reinforcement")


def test_break_after_no_interference() -> None:
    # Player 1's deck top after the draws is Surprise ([Break], an Event): the point lands, then Break.
    top1 = [F[10], F[11], F[12], F[13], F[14], F[15], F[16], F[17], F[18], SURPRISE]
    g = two_boards([AKI], [], top1)
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1)
    res = assert_legal(g)
    assert res.state_json()["players"][1]["points"][0]["card"] == SURPRISE
    g.add("break", 1, card=SURPRISE)
    s = assert_legal(g).state_json()
    assert s["players"][1]["points"] == [{"card": SURPRISE, "face": "down"}]
    assert len(s["players"][1]["hand"]) == 9, "Surprise drew 2 for free"
    assert s["priority"] == 0, "break does not move the right"
    g.add("break", 1, card=SURPRISE)
    assert_illegal(g, "break.invalid")


def test_break_not_right_after() -> None:
    top1 = [F[10], F[11], F[12], F[13], F[14], F[15], F[16], F[17], F[18], SURPRISE]
    g = two_boards([AKI], [], top1)
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1).add("pass", 0).add("break", 1, card=SURPRISE)
    assert_illegal(g, "break.invalid")


def test_points_seven_lose_mid_turn() -> None:
    g = two_boards([AKI], [])
    g.add("play_event", 0, card="TST 02-007", pay=[{"hand": F[18]}], ops=[{"op": "put_point", "p": 1, "n": 6}])
    res = assert_legal(g)
    assert len(res.state_json()["players"][1]["points"]) == 6 and res.result is None
    g.passes(1, 0, 1).add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1)
    res = assert_legal(g)
    assert res.result == {"winner": 0, "reason": "points"}
    g.add("pass", 0)
    assert_illegal(g, "game.over")



def _break_game(extra: list[Card], approacher: str, hand0: tuple[str, ...] = ()) -> Game:
    """Player 0 (with ``approacher`` on the Area, ``hand0`` in hand) approaches unanswered; Surprise ([Break], an
    Event) lands in player 1's Point Zone."""
    top1 = [F[10], F[11], F[12], F[13], F[14], F[15], F[16], F[17], F[18], SURPRISE]
    g = Game([approacher, F[0], F[1], *hand0], top1, db=CardDB([*DB, *extra]))
    g.add("summon", 0, card=approacher, area="main", pay=[{"hand": F[0]}, {"hand": F[1]}]).passes(1).end_turn(0)
    g.end_turn(1)
    return g.add("approach", 0, card=approacher).passes(0, 1).add("no_interfere", 1)


JAMMER = Card(id="TST 88-001", name="Jammer", series="Test", type="chara", color="red", cost=2, source=2, ap=30, dp=30,
              effects=(Effect("continuous", condition={"approaching": True}, script=(
                  {"op": "forbid", "who": "opponent", "what": "play", "filter": {"type": "event"}},)),))
_DECLINE = Timing.parse("approach/decline")
QUASH = Card(id="TST 88-002", name="Quash", series="Test", type="event", color="red", cost=0, source=2, timing=_DECLINE,
             effects=(Effect(kind="activated", timing=_DECLINE, script=({"op": "disable"},), condition={
                 "answers": {"type": "play_event", "side": "opponent", "filter": {"type": "event"}}}),))


def test_a_break_is_a_play_that_bans_on_plays_reach() -> None:
    """Reader rd14 (SAGA 01-002, SSSS 01-014): "while this card approaches, the opponent cannot play Events" bars the
    opponent's Break of an Event its approach put into their Point Zone; another approacher does not."""
    assert_illegal(_break_game([JAMMER], JAMMER.id).add("break", 1, card=SURPRISE), "effect.condition")
    assert_legal(_break_game([JAMMER], AKI).add("break", 1, card=SURPRISE))


def test_an_event_played_by_its_break_can_be_cancelled() -> None:
    """A Break plays the card (rules.md reading 9; reader rd13, GRAN 01-116): a response cancelling an Event the
    opponent plays answers it, and the Event does nothing."""
    g = _break_game([QUASH], AKI, (QUASH.id,))
    before = len(assert_legal(g).state_json()["players"][1]["hand"])
    g.add("break", 1, card=SURPRISE, responses=[{"type": "play_event", "p": 0, "card": QUASH.id, "pay": []}])
    s = assert_legal(g).state_json()
    assert len(s["players"][1]["hand"]) == before, "Surprise was cancelled: no draw"
    assert s["players"][1]["points"] == [{"card": SURPRISE, "face": "down"}]


HECKLER = Card(id="TST 88-003", name="Heckler", series="Test", type="chara", color="red", cost=2, source=2, ap=30,
               dp=30, effects=(Effect("auto", trigger="opp_event", script=(
                   {"op": "modify", "target": "self", "ap": 10, "dp": 0, "until": "turn_end"},)),))


def test_an_event_played_by_its_break_fires_event_played_triggers() -> None:
    """"Every time the opponent's Event is played" hears an Event played by its Break (reader rd15: GP 01-072)."""
    g = _break_game([HECKLER], HECKLER.id).add("break", 1, card=SURPRISE)
    assert_illegal(g.add("pass", 0), "effect.result")  # the trigger it owes is missing
    g.actions[-1] = {"type": "trigger", "p": 0, "card": HECKLER.id, "effect": 0}
    s = assert_legal(g).state_json()
    assert next(c for c in s["players"][0]["main"] if c["card"] == HECKLER.id)["ap"] == 40
