"""Engine pieces of the twenty-third compiler round (issue 20, helper h20r23), each on synthetic cards with a legal
and an illegal log: ``to_point`` (このカードが自分のポイント置き場に置かれた場合: heard by the card in its owner's
Point Zone when it lands there face up, by any means), ``flip`` ``this_card`` (このカードを裏向きにする after such a
trigger), and a Chara moving itself into its owner's Point Zone face up (このカードを自分のポイント置き場に表向きで置く)."""

from __future__ import annotations

from typing import Any

import tests.effects.test_machinery as tm
from engine.pm.cards import Effect, Timing
from tests.effects.test_machinery import AKI, BEN, F, _chara, _event
from tests.engine.kit import Game, assert_illegal, assert_legal

POINTY, BYPASS, PLACE_UP, PLACE_DOWN, SWAPPER, EXILE, WAIT, DARKEN, PERK = (f"TST 83-00{i}" for i in range(1, 10))
# "you may turn this card face down; if you did, draw one"
FLIP_SELF = {"op": "flip", "who": "self", "face": "down", "n": 1, "this_card": True, "up_to": True,
             "then": [{"op": "draw", "who": "self", "n": 1}]}
APPROACH_BOTH = Timing.parse("approach/both")
CAT = "TST 01-004"
CARDS = [
    # "when this card is put into your Point Zone, you may turn it face down; if you did, draw one" (GRAN P-001's shape)
    _chara("83-001", "Pointy", Effect("auto", trigger="to_point", optional=True, script=(FLIP_SELF,))),
    # the same, heard only when the opponent's approach put it there (SAGA 01-010's shape)
    _chara("83-002", "Bypass", Effect("auto", trigger="point_by_approach", optional=True, script=(FLIP_SELF,))),
    # "put one hand card into your Point Zone face up" / "... face down"
    _event("83-003", "PlaceUp", ({"op": "pick", "from": "hand", "to": "point", "n": 1, "filter": {}},), cost=0),
    _event("83-004", "PlaceDown", ({"op": "pick", "from": "hand", "to": "point", "n": 1, "filter": {}, "face": "down"},),
           cost=0),
    # "[Approach/Both] [Rest]: return one card of your Point Zone to the hand; if so, put this card into your Point
    # Zone face up" (ERMG's four cards' shape)
    _chara("83-005", "Swapper", Effect("activated", timing=APPROACH_BOTH, rest=True, script=(
        {"op": "pick", "from": "point", "to": "hand", "n": 1, "filter": {},
         "then": [{"op": "move", "target": "self", "to": "point"}]},)), ap=None, dp=None),
    # "remove one card of the opponent's discard from the game; if so, draw one"
    _event("83-006", "Exile", ({"op": "pick", "who": "opponent", "from": "discard", "to": "removed", "n": 1, "filter": {},
                                "then": [{"op": "draw", "who": "self", "n": 1}]},), cost=0),
    # "this turn, when your 「Aki」 approaches, draw one" (an Event whose text is only a delayed part)
    _event("83-007", "Wait", ({"op": "delay", "on": "approach", "subject": {"side": "self", "name": "Aki"},
                               "do": [{"op": "draw", "who": "self", "n": 1}]},), cost=0),
    # "turn every card of the opponent's Point Zone face down; if so, draw one"
    _event("83-008", "Darken", ({"op": "flip", "who": "opponent", "face": "down", "all": True,
                                 "then": [{"op": "draw", "who": "self", "n": 1}]},), cost=0),
    # "[Approach/Both]: this card gets +10/+10 until the end of the turn. Then you may stand this card."
    _chara("83-009", "Perk", Effect("activated", timing=APPROACH_BOTH, script=(
        {"op": "modify", "target": "self", "ap": 10, "dp": 10, "until": "turn_end"},
        {"op": "activate", "target": "self", "may": True}))),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str] = (), hand1: list[str] = ()) -> Game:  # type: ignore[assignment]
    """tm.boards with this module's cards in the database."""
    return tm.boards_with(CARDS, p0, p1, hand0, hand1)


def _approached(card: str) -> Game:
    """Turn 3: Aki approaches, Ren does not interfere, and ``card`` (the top of Ren's deck) becomes the point."""
    g = _boards([AKI], [BEN], hand1=[*F[:6], card])
    return g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1)


def _points(res: Any, p: int) -> list[tuple[str, str]]:
    return [(x["card"], x["face"]) for x in res.state_json()["players"][p]["points"]]


def test_a_card_put_into_its_point_zone_hears_it_there() -> None:
    g = _approached(POINTY).add("trigger", 1, card=POINTY, effect=0, choices=[[POINTY]], **{"from": "point"})
    res = assert_legal(g)
    assert _points(res, 1) == [(POINTY, "down")] and len(res.state_json()["players"][1]["hand"]) == 7  # drew one
    # optional: left out, the card stays face up
    assert _points(assert_legal(_approached(POINTY)), 1) == [(POINTY, "up")]
    # another card put there hears nothing of it
    g = _approached(F[8]).add("trigger", 1, card=POINTY, effect=0, choices=[[POINTY]], **{"from": "point"})
    assert_illegal(g, "zone")
    # logged twice: the second has no cause
    g = _approached(POINTY).add("trigger", 1, card=POINTY, effect=0, choices=[[POINTY]], **{"from": "point"})
    g.add("trigger", 1, card=POINTY, effect=0, choices=[[]], **{"from": "point"})
    assert_illegal(g, "effect.result")


def test_the_flip_takes_this_card_only() -> None:
    g = _boards([AKI], [BEN], hand1=[*F[:5], F[8], POINTY])
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1).add("trigger", 1, card=POINTY, effect=0,
                                                                          choices=[[F[6]]], **{"from": "point"})
    assert_illegal(g, "effect.target")


def test_any_way_into_the_point_zone_face_up_fires_it_face_down_does_not() -> None:
    g = _boards([AKI], [BEN], hand0=[PLACE_UP, POINTY])
    g.add("play_event", 0, card=PLACE_UP, pay=[], choices=[[POINTY]])
    g.add("trigger", 0, card=POINTY, effect=0, choices=[[POINTY]], **{"from": "point"})
    assert _points(assert_legal(g), 0) == [(POINTY, "down")]
    g = _boards([AKI], [BEN], hand0=[PLACE_DOWN, POINTY])
    g.add("play_event", 0, card=PLACE_DOWN, pay=[], choices=[[POINTY]])
    g.add("trigger", 0, card=POINTY, effect=0, choices=[[]], **{"from": "point"})
    assert_illegal(g, "effect.result")  # face down: its text is not heard


def test_a_point_by_approach_trigger_turns_this_card_down() -> None:
    g = _approached(BYPASS).add("trigger", 1, card=BYPASS, effect=0, choices=[[BYPASS]], **{"from": "point"})
    assert _points(assert_legal(g), 1) == [(BYPASS, "down")]
    g = _boards([AKI], [BEN], hand0=[PLACE_UP, BYPASS])  # put there by an effect: not by an approach
    g.add("play_event", 0, card=PLACE_UP, pay=[], choices=[[BYPASS]])
    g.add("trigger", 0, card=BYPASS, effect=0, choices=[[BYPASS]], **{"from": "point"})
    assert_illegal(g, "effect.result")


def _swapper(with_point: bool) -> Game:
    """Turn 5: player 0's Swapper (Support Area) uses its text in the Approach Phase, after Aki gave a point to Ren
    on turn 3 and Ben gave one to Aoi on turn 4 (``with_point``: else Aoi's Point Zone is empty)."""
    g = _boards([AKI, SWAPPER], [BEN])
    g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1).passes(0, 1).add("end_approach", 0)
    g.adjust_hand(0).passes(1, 0)
    if with_point:
        g.add("approach", 1, card=BEN).passes(1, 0).add("no_interfere", 0).passes(1, 0)
    g.add("end_approach", 1).adjust_hand(1).passes(0, 1)
    return g.add("approach", 0, card=AKI)


def test_a_chara_moves_itself_into_the_point_zone_face_up() -> None:
    g = _swapper(True)
    res = assert_legal(g)
    (point,) = _points(res, 0)
    g.add("use_effect", 0, card=SWAPPER, effect=0, rest=True, pay=[], choices=[[point[0]]])
    res = assert_legal(g)
    me = res.state_json()["players"][0]
    assert _points(res, 0) == [(SWAPPER, "up")] and point[0] in me["hand"]
    assert [c["card"] for c in me["support"]] == []
    # an empty Point Zone: nothing returns, so this card stays (a log moving it is refused)
    g = _swapper(False)
    g.add("use_effect", 0, card=SWAPPER, effect=0, rest=True, pay=[],
          ops=[{"op": "move", "p": 0, "card": SWAPPER, "from": "support", "to": "point"}])
    assert_illegal(g, "effect.result")


def test_a_card_of_the_opponents_discard_removed_from_the_game() -> None:
    g = _boards([AKI], [BEN], hand0=[EXILE])  # each discard holds the fillers paid for the Charas
    now = assert_legal(g).state_json()["players"]
    ren, aoi = now[1]["discard"], now[0]["discard"]
    hand = len(now[0]["hand"])
    g.add("play_event", 0, card=EXILE, pay=[], choices=[[ren[0]]])
    res = assert_legal(g).state_json()["players"]
    assert res[1]["removed"] == [ren[0]] and len(res[0]["hand"]) == hand  # Exile played, one drawn
    g = _boards([AKI], [BEN], hand0=[EXILE])
    g.add("play_event", 0, card=EXILE, pay=[], choices=[[next(c for c in aoi if c not in ren)]])
    assert_illegal(g, "effect.target")  # a card of one's own discard is no option


def _waited(chara: str) -> Game:
    g = _boards([AKI, CAT], [BEN], hand0=[WAIT])
    g.add("play_event", 0, card=WAIT, pay=[]).passes(1, 0)
    return g.add("approach", 0, card=chara).add("trigger", 0, card=WAIT, effect=0, **{"from": "discard"})


def test_an_events_only_text_waits_for_a_kind_of_chara() -> None:
    before = len(assert_legal(_boards([AKI, CAT], [BEN], hand0=[WAIT])).state_json()["players"][0]["hand"])
    res = assert_legal(_waited(AKI))
    assert len(res.state_json()["players"][0]["hand"]) == before  # Wait played, one drawn
    assert_illegal(_waited(CAT), "effect.result")  # Cat is no Aki: nothing fired


def _darkened(with_point: bool) -> Game:
    """Turn 3 (``with_point``: after Aki gave Ren a point) or turn 3 at once: player 0 plays Darken."""
    g = _boards([AKI], [BEN], hand0=[DARKEN])
    if with_point:
        g.add("approach", 0, card=AKI).passes(0, 1).add("no_interfere", 1).passes(0, 1).add("end_approach", 0)
        g.adjust_hand(0).passes(1, 0).add("end_approach", 1).adjust_hand(1)
    return g


def test_if_so_after_turning_a_whole_point_zone_face_down() -> None:
    g = _darkened(True)
    now = assert_legal(g).state_json()["players"]
    (point,) = now[1]["points"]
    g.add("play_event", 0, card=DARKEN, pay=[])
    res = assert_legal(g).state_json()["players"]
    assert res[1]["points"] == [{**point, "face": "down"}] and len(res[0]["hand"]) == len(now[0]["hand"])
    g.actions[-1]["ops"] = [{"op": "flip", "p": 1, "card": point["card"], "face": "down"}]  # the draw left out
    assert_illegal(g, "effect.result")
    g = _darkened(False)
    hand = len(assert_legal(g).state_json()["players"][0]["hand"])
    g.add("play_event", 0, card=DARKEN, pay=[])  # nothing to turn: nothing drawn
    assert len(assert_legal(g).state_json()["players"][0]["hand"]) == hand - 1


def test_an_optional_stand_of_this_card() -> None:
    for take in (True, False):
        g = _boards([PERK], [BEN]).add("approach", 0, card=PERK)  # rested by its approach
        g.add("use_effect", 0, card=PERK, effect=0, pay=[], choices=[take])
        (perk,) = assert_legal(g).state_json()["players"][0]["main"]
        assert perk["rested"] is not take
    g.actions[-1]["choices"] = ["yes"]
    assert_illegal(g, "effect.target")
