"""How the game goes on (§3-§8): the state JSON of §12, Gems, exhaustion, expiry, replacement, deck-out, views."""

from __future__ import annotations

import pytest

from engine.fold import fold
from engine.mahou.check import run_check
from engine.mahou.snapshot import from_snapshot, to_snapshot
from engine.mahou.view import player_view, state_json
from engine.rulings import IllegalAction, Trail
from tests.mahou.kit import DB, HEROES, Log, act, legal, std
from tests.mahou.test_rules import _exhausted_p0, _knock_out_p1, spec_example

SPEC_PLAYER_0 = {
    "name": "Aoi", "deck_count": 32, "hand_count": 5,
    "hand": ["MSJ 003", "MSJ 030", "MSJ 040", "MSJ 041", "MSJ 044"],
    "dreamscape": ["MSJ 010"], "gems": 0, "redraws": 0,
    "active": {"hero": "MSJ 001", "girl": None, "grand": None, "pets": [],
               "hp": 7, "max_hp": 7, "atk": 1, "mgk": 0, "grand_attacked": False},
    "squad": [{"hero": "MSJ 002", "girl": None, "grand": None, "pets": [],
               "hp": 5, "max_hp": 5, "atk": 0, "mgk": 0, "grand_attacked": False}],
}


def test_state_json_of_the_spec_example() -> None:
    r = spec_example().fold(at=11)
    assert r.ruling is None
    s = r.state_json()
    assert list(s) == ["applied", "ruleset", "turn", "turn_player", "phase", "actions_used", "must_replace",
                       "players", "result"]
    assert {k: s[k] for k in list(s)[:7]} == {"applied": 11, "ruleset": "mahou-shoujo-1", "turn": 1, "turn_player": 0,
                                               "phase": "turn", "actions_used": 2, "must_replace": []}
    assert s["players"][0] == SPEC_PLAYER_0
    assert list(s["players"][0]) == list(SPEC_PLAYER_0)
    assert s["players"][1]["redraws"] == 1 and s["players"][1]["active"]["hp"] == 3  # 4 + 2 - 3
    assert s["result"] is None
    after = spec_example().fold().state_json()
    assert (after["turn"], after["turn_player"], after["actions_used"]) == (2, 1, 0)
    assert after["players"][1]["hand_count"] == s["players"][1]["hand_count"] + 1  # turn 2 draws; turn 1 did not


def test_setup_state() -> None:
    s = Log(["MSJ 010"], ["MSJ 010"], setup=False).fold().state_json()
    assert (s["phase"], s["turn"], s["turn_player"], s["players"][0]["deck_count"]) == ("setup", 0, None, 40)
    log = Log(["MSJ 010"], ["MSJ 010"], setup=False).add("search", 0, cards=list(HEROES))
    log.add("concede", 0)
    assert log.fold().result == {"winner": 1, "reason": "concede"}


def test_half_gem_for_a_bare_hero_and_one_for_a_girl() -> None:
    log = std(["MSJ 050", "MSJ 050", "MSJ 053"]).add("play_event", 0, card="MSJ 050").add("play_event", 0, card="MSJ 050")
    log.add("attack", 0).add("attack", 0).add("play_event", 0, card="MSJ 053")
    s = legal(log).state_json()
    assert s["players"][0]["gems"] == 0.5
    assert s["players"][1]["dreamscape"] == ["MSJ 010", "MSJ 001"]
    s = legal(_knock_out_p1()).state_json()
    assert s["players"][0]["gems"] == 1
    assert s["players"][1]["dreamscape"] == ["MSJ 001", "MSJ 010"]  # Hero first, then the MG


def test_three_gems_win_and_both_ahead_draw() -> None:
    g = legal(std()).state
    g.players[0].half_gems = 5
    g.players[1].active.hp = 0
    run_check(g, Trail())
    assert g.result == {"winner": 0, "reason": "gems"} and g.phase == "over" and g.must_replace == []
    g = legal(std()).state
    g.players[0].half_gems = 6
    g.players[0].failed_draw = True
    run_check(g, Trail())
    assert g.result == {"winner": None, "reason": "draw"}


def test_deck_out() -> None:
    g = legal(std()).state
    g.players[0].deck = ["MSJ 900"]
    act(g, "draw", 0)  # drawing the last card is no loss
    assert g.result is None
    act(g, "draw", 0)
    assert g.result == {"winner": 1, "reason": "deck_out"}
    g = legal(std()).state
    g.players[1].deck = []
    act(g, "end_turn", 0)  # player 1's turn start draw fails
    assert g.result == {"winner": 0, "reason": "deck_out"} and g.turn == 2


def test_exhaustion_after_the_whole_action() -> None:
    log = std(["MSJ 040"]).add("attack", 0).add("play_power", 0, card="MSJ 040")
    s = legal(log).state_json()
    assert s["players"][1]["active"]["hp"] == 2  # the Power that cost the last MGK still resolved
    assert s["players"][0]["active"]["girl"] is None
    assert s["players"][0]["dreamscape"] == ["MSJ 040", "MSJ 010"]


def test_pets_leave_with_their_girl() -> None:
    log = std(["MSJ 030"]).add("play_pet", 0, card="MSJ 030").add("attack", 0)
    s = legal(log).state_json()
    assert s["players"][0]["dreamscape"] == ["MSJ 010", "MSJ 030"]
    assert s["players"][0]["active"] == {"hero": "MSJ 001", "girl": None, "grand": None, "pets": [], "hp": 7,
                                         "max_hp": 7, "atk": 1, "mgk": 0, "grand_attacked": False}
    assert s["players"][1]["active"]["hp"] == 3  # ATK 1 + 2 + 1


def test_grand_expires_at_its_owners_next_turn_start() -> None:
    log = std(["MSJ 020", "MSJ 030", "MSJ 900", "MSJ 901"]).add("play_pet", 0, card="MSJ 030")
    log.add("grand_transform", 0, card="MSJ 020").add("end_turn", 0)
    s = legal(log).state_json()
    assert s["players"][0]["active"]["grand"] == "MSJ 020"  # still there in the rival's turn
    s = legal(log.add("end_turn", 1)).state_json()
    hana = s["players"][0]["active"]
    assert (hana["girl"], hana["grand"], hana["pets"], hana["hp"], hana["max_hp"]) == (None, None, [], 9, 9)
    assert s["players"][0]["dreamscape"] == ["MSJ 010", "MSJ 020", "MSJ 030"]
    assert s["players"][0]["hand"][-1] == "MSJ 901"  # the draw comes after the expiry
    assert s["players"][1]["gems"] == 0


def test_boosts() -> None:
    log = std([], ["MSJ 051", "MSJ 054"]).add("play_event", 1, card="MSJ 051", targets=["active"])
    log.add("play_event", 1, card="MSJ 054")
    assert legal(log).state_json()["players"][1]["active"]["atk"] == 6
    assert legal(log.add("end_turn", 0)).state_json()["players"][1]["active"]["atk"] == 4


def test_promote_closes_the_gap() -> None:
    log = std(["MSJ 053"]).add("end_turn", 0).add("place_hero", 1, card="MSJ 002", to="squad")
    log.add("place_hero", 1, card="MSJ 003", to="squad").add("end_turn", 1)
    log.add("attack", 0).add("play_event", 0, card="MSJ 053").add("promote", 1, **{"from": "squad:0"})
    s = legal(log).state_json()
    assert s["players"][1]["active"]["hero"] == "MSJ 002"
    assert [f["hero"] for f in s["players"][1]["squad"]] == ["MSJ 003"]
    assert s["must_replace"] == [] and s["turn_player"] == 0


def test_both_must_fill_turn_player_first() -> None:
    g = legal(std()).state
    g.players[0].active.hp = 0
    g.players[1].active.hp = -1
    act(g, "place_hero", 0, card="MSJ 002", to="squad")
    assert g.must_replace == [0, 1] and (g.players[0].gems, g.players[1].gems) == (1, 1)
    with pytest.raises(IllegalAction) as err:
        act(g, "place_hero", 1, card="MSJ 002", to="active")
    assert err.value.rule == "turn.priority"
    act(g, "promote", 0, **{"from": "squad:0"})
    act(g, "place_hero", 1, card="MSJ 002", to="active")
    assert g.must_replace == []


def test_out_of_heroes() -> None:
    g = legal(_knock_out_p1()).state
    me = g.players[1]
    me.hand = ["MSJ 900", "MSJ 901"]
    me.deck = ["MSJ 902", "MSJ 005", "MSJ 040", "MSJ 031", "MSJ 030"]  # top last
    trail = act(g, "out_of_heroes", 1)
    assert me.hand == ["MSJ 900", "MSJ 901", "MSJ 030", "MSJ 031"]
    assert me.dreamscape[-1] == "MSJ 040"
    assert me.active is not None and (me.active.hero, me.active.hp) == ("MSJ 005", 1)
    assert me.deck == ["MSJ 902"] and g.must_replace == [] and g.result is None
    assert any("Dreamscape" in e.message for e in trail.entries)


def test_out_of_heroes_deck_out() -> None:
    g = legal(_knock_out_p1()).state
    g.players[1].hand = []
    g.players[1].deck = ["MSJ 900"]
    act(g, "out_of_heroes", 1)
    assert g.players[1].hand == ["MSJ 900"]
    assert g.result == {"winner": 0, "reason": "deck_out"}


def test_player_views() -> None:
    s = _exhausted_p0([]).fold().state_json()
    view = player_view(s, 0)
    assert view["players"][1]["hand"] == [None] * s["players"][1]["hand_count"]
    assert view["players"][0]["hand"] == s["players"][0]["hand"]
    log = Log(["MSJ 010"], ["MSJ 010"], setup=False).add("search", 0, cards=list(HEROES))
    log.add("shuffle", 0, order=log.decks[0][3:]).add("place_active", 0, hero="MSJ 001", girl="MSJ 010")
    s = log.fold().state_json()
    assert s["players"][0]["active"]["hero"] == "MSJ 001"
    assert player_view(s, 1)["players"][0]["active"]["hero"] is None
    assert player_view(s, 0)["players"][0]["active"]["hero"] == "MSJ 001"


def test_snapshot_round_trip() -> None:
    log = spec_example()
    r = log.fold(at=9)
    snap = to_snapshot(r.state)
    back = from_snapshot(snap, DB)
    assert state_json(back) == r.state_json()
    for a in log.actions[9:]:
        act(back, a["type"], a.get("p"), **{k: v for k, v in a.items() if k not in ("type", "p")})
    assert state_json(back) == {**fold(log.header, log.actions, DB).state_json(), "applied": 9}
    with pytest.raises(ValueError):
        from_snapshot({**snap, "v": 99}, DB)


def test_trail_cites_the_sheet() -> None:
    r = legal(std(["MSJ 020"]).add("grand_transform", 0, card="MSJ 020").add("attack", 0))
    refs = {e["ref"] for t in r.trails for e in t.to_json()}
    assert {"Mahou Shoujo SR Act Grand", "Mahou Shoujo SR Act Attack", "Mahou Shoujo SR Gems",
            "Mahou Shoujo HR 14"} <= refs
