"""Engine behaviour the seventeenth compiler round's readings rely on (issue 20, helper h20r17), on synthetic cards
with a legal and an illegal log: "every time this card becomes rested" (``any_rested`` of the effect's own Chara) and
"every time your Event is played" (``own_event``, not once a turn)."""

from __future__ import annotations

from engine.pm.cards import Card, Effect
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, BEN, F, _chara, _event, boards_with
from tests.engine.kit import assert_illegal, assert_legal

PLUS10 = ({"op": "modify", "target": "self", "ap": 10, "dp": 0, "until": "turn_end"},)
RESTY, FAN, FREEBIE = "TST 87-001", "TST 87-002", "TST 71-005"
CARDS = [
    # "every time this card becomes rested, it gets +10/±0 until the end of the turn" (GP 01-073's shape)
    Card(id=RESTY, name="Resty", series="Test", type="chara", color="red", cost=2, source=1, ap=30, dp=30,
         effects=(Effect("auto", trigger="any_rested", condition={"subject": {"is_source": True}}, script=PLUS10),)),
    # "every time your Event is played, this card gets +10/±0" (GP 01-072's shape): each play, not once a turn
    Card(id=FAN, name="Fan", series="Test", type="chara", color="red", cost=2, source=1, ap=30, dp=30,
         effects=(Effect("auto", trigger="own_event", script=PLUS10),)),
]


def test_every_time_this_card_is_rested_it_hears_its_own_rest_only() -> None:
    g = boards_with(CARDS, [RESTY, AKI], []).add("approach", 0, card=AKI).passes(0)
    assert_legal(g)  # another Chara rests: nothing fires
    g = boards_with(CARDS, [RESTY, AKI], []).add("approach", 0, card=RESTY).passes(0)
    assert_illegal(g, "effect.result")  # its own rest: the mandatory trigger is missing
    g.actions.pop()
    g.add("trigger", 0, card=RESTY, effect=0)
    res = assert_legal(g)
    resty = find_chara(res.state.players[0], RESTY)
    assert resty is not None and resty.rested


def test_every_time_an_event_is_played_fires_for_each_play() -> None:
    g = boards_with(CARDS, [FAN], [], [FREEBIE, FREEBIE, F[5]])
    g.add("play_event", 0, card=FREEBIE, pay=[]).add("trigger", 0, card=FAN, effect=0)
    g.add("play_event", 0, card=FREEBIE, pay=[])
    assert_illegal(g.passes(0), "effect.result")  # the second play fires it again: missing
    g.actions.pop()
    g.add("trigger", 0, card=FAN, effect=0)
    res = assert_legal(g)
    fan = next(c for c in res.state_json()["players"][0]["main"] if c["card"] == FAN)
    assert fan["ap"] == 50


PROP = "TST 87-003"
STRIP, STRIP_OPP = "TST 87-004", "TST 87-005"
SUPPORT_CARDS = [
    Card(id=PROP, name="Prop", series="Test", type="support", color="red", cost=0, source=1, ap=None, dp=None),
    # "put one Support card into the discard" (NUKN 01-105's shape: either player's)
    _event("87-004", "Strip", ({"op": "support_move", "n": 1, "to": "discard", "filter": {},
                                "then": [{"op": "draw", "who": "self", "n": 1}]},), cost=0),
    # "put one of the opponent's Support cards into the discard" (SAGA ST-018's shape)
    _event("87-005", "StripOpp", ({"op": "support_move", "n": 1, "to": "discard", "filter": {}, "side": "opponent"},),
           cost=0),
]


def _propped(*hand0: str):  # type: ignore[no-untyped-def]
    return boards_with(SUPPORT_CARDS, [AKI, BEN], [], [PROP, *hand0]).add(
        "set_support", 0, card=PROP, on=AKI, pay=[]).passes(1)


def test_a_support_card_set_on_a_chara_goes_to_its_owners_discard() -> None:
    g = _propped(STRIP).add("play_event", 0, card=STRIP, pay=[], choices=[[{"p": 0, "on": AKI, "card": PROP}]])
    res = assert_legal(g)
    aki = find_chara(res.state.players[0], AKI)
    assert aki is not None and aki.supports == [] and PROP in res.state.players[0].discard
    # read off the ops: the move names the Chara it leaves; the "if so" draw follows
    ops = [{"op": "move", "p": 0, "card": PROP, "from": "set", "on": AKI, "to": "discard"}, {"op": "draw", "p": 0, "n": 1}]
    assert_legal(_propped(STRIP).add("play_event", 0, card=STRIP, pay=[], ops=ops))
    # no Support set on Ben; the Support left in place (the step is not optional)
    assert_illegal(_propped(STRIP).add("play_event", 0, card=STRIP, pay=[], choices=[[{"p": 0, "on": BEN, "card": PROP}]]),
                   "effect.target")
    assert_illegal(_propped(STRIP).add("play_event", 0, card=STRIP, pay=[], ops=[]), "effect.target")


def test_the_opponents_support_cards_only() -> None:
    # the player's own Support is no option for "the opponent's": with none set there, nothing moves
    res = assert_legal(_propped(STRIP_OPP).add("play_event", 0, card=STRIP_OPP, pay=[], choices=[[]]))
    aki = find_chara(res.state.players[0], AKI)
    assert aki is not None and [s.card for s in aki.supports] == [PROP]
    assert_illegal(_propped(STRIP_OPP).add("play_event", 0, card=STRIP_OPP, pay=[],
                                           choices=[[{"p": 0, "on": AKI, "card": PROP}]]), "effect.target")


LISTENER, PAL1, PAL2, TWO_IN = "TST 87-010", "TST 87-011", "TST 87-012", "TST 87-013"
ENTRY_CARDS = [
    # "when another of your Charas enters, draw a card" (場合: once a turn)
    _chara("87-010", "Listener", Effect("auto", trigger="other_enter", once_per_turn=True,
                                        condition={"subject": {"side": "self"}}, script=({"op": "draw", "who": "self", "n": 1},))),
    _chara("87-011", "Pal One"), _chara("87-012", "Pal Two"),
    # "put two Charas from your hand onto the field": two entries at once
    _event("87-013", "TwoIn", ({"op": "pick", "from": "hand", "to": "area", "n": 2, "filter": {"type": "chara"}},),
           cost=0),
]


def test_a_once_a_turn_trigger_heard_twice_at_once_waits_once() -> None:
    g = boards_with(ENTRY_CARDS, [LISTENER], [], [PAL1, PAL2, TWO_IN])
    g.add("play_event", 0, card=TWO_IN, pay=[], choices=[[PAL1, PAL2]])
    assert_illegal(g.passes(0), "effect.result")  # the trigger is owed
    g.actions.pop()
    g.add("trigger", 0, card=LISTENER, effect=0).passes(0)
    assert_legal(g)  # once: no second one is owed (it could not be logged: effect.once)
    g.actions.pop()
    assert_illegal(g.add("trigger", 0, card=LISTENER, effect=0), "effect.once")


def test_a_chara_that_rests_to_interfere_hears_its_own_rest() -> None:
    """Interfering rests the Chara: "every time this card becomes rested" fires (reader rd15: GP 01-073)."""
    g = boards_with(CARDS, [AKI], [RESTY]).add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=RESTY)
    assert_illegal(g.add("pass", 0), "effect.result")  # its own rest: the mandatory trigger is missing
    g.actions[-1] = {"type": "trigger", "p": 1, "card": RESTY, "effect": 0}
    res = assert_legal(g)
    resty = find_chara(res.state.players[1], RESTY)
    assert resty is not None and resty.rested
