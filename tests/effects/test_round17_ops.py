"""Engine behaviour the seventeenth compiler round's readings rely on (issue 20, helper h20r17), on synthetic cards
with a legal and an illegal log: "every time this card becomes rested" (``any_rested`` of the effect's own Chara) and
"every time your Event is played" (``own_event``, not once a turn)."""

from __future__ import annotations

from engine.pm.cards import Card, Effect
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, F, boards_with
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
