"""Mechanics of clockwork-memorion.md played through stacked logs: interrupts resolve in reverse declaration
order, Breakthrough shares, summoning over a Successor (Memorions pass), moves swap, Deification, turn-end
cleanup."""

from __future__ import annotations

from typing import Any

from tests.clockwork import kit, scenes

A = dict[str, Any]


def _state(header: A, actions: list[A]) -> A:
    result = scenes.run(header, actions)
    assert result.ruling is None, result.ruling
    return result.state_json()


def test_interrupts_resolve_in_reverse_declaration_order() -> None:
    recall = {"type": "recall", "p": 0, "from": "hand", "target": {"p": 0, "at": "zone:1"}, "slot": [0, 1], "mode": "add"}
    trigger = {**kit.EXAMPLE[15], "interrupts": [{**recall, "card": "CWX 020"}, {**recall, "card": "CWX 022", "slot": [0, 0]}]}
    header = kit.header()
    bad = scenes.run(header, [*kit.EXAMPLE[:15], trigger]).ruling
    assert bad is not None and bad.rule == "recall.target" and bad.path == "15.interrupts.1"  # 022 is not potency
    two = {**kit.EXAMPLE[15], "interrupts": [{**recall, "card": "CWX 020"}]}
    state = _state(header, [*kit.EXAMPLE[:15], two])
    assert state["players"][1]["life"] == 1800  # 100 + 100 recalled before the trigger resolves
    # a recall interrupting a recall: the inner one (declared later) resolves first
    nested = {**kit.EXAMPLE[15], "interrupts": [{**recall, "card": "CWX 020", "interrupts": [
        {"type": "recall", "p": 1, "card": "CWX 020", "from": "hand", "target": {"p": 0, "at": "zone:1"},
         "slot": [0, 1], "mode": "add"}]}]}
    state = _state(header, [*kit.EXAMPLE[:15], nested])
    greta = state["players"][0]["zones"][1]
    assert [r["p"] for r in greta["recalls"]] == [1, 0]
    assert state["players"][1]["life"] == 1700  # 100 + 100 + 100


def _jester_attack() -> tuple[A, list[A]]:
    header, setup = scenes.game(["CWX 013", "CWX 022"], ["CWX 012"])
    actions = [*setup, {"type": "summon", "p": 0, "card": "CWX 013", "at": "zone:3"}, {"type": "end_phase", "p": 0},
               {"type": "summon", "p": 1, "card": "CWX 012", "at": "zone:0"}, {"type": "end_phase", "p": 1},
               {"type": "inherit", "p": 0, "card": "CWX 022", "at": "zone:3", "slot": [0, 0]},
               {"type": "end_phase", "p": 0}, {"type": "attack", "p": 0, "at": "zone:3"},
               {"type": "block", "p": 1, "with": ["zone:0"]}]
    return header, actions


def test_breakthrough_sends_exactly_the_excess_to_the_ruler() -> None:
    header, actions = _jester_attack()
    state = _state(header, actions)
    assert state["players"][0]["zones"][3]["keywords"] == ["breakthrough"]  # the blank ability slot now holds it
    assert state["due"] == {"p": 0, "what": "damage"}
    split = [{"at": "zone:0", "n": 300}, {"at": "ruler", "n": 200}]
    state = _state(header, [*actions, {"type": "damage", "p": 0, "split": split}])
    assert state["players"][1]["life"] == 1800
    sable = state["players"][1]["zones"][0]
    assert sable["destroyed"] is True and sable["mind"] == 0
    assert [(e["p"], e["at"], e["event"]) for e in state["pending"]] == [(1, "zone:0", "destroyed"), (1, "ruler", "destroyed")]
    for wrong in ([{"at": "zone:0", "n": 400}, {"at": "ruler", "n": 100}], [{"at": "zone:0", "n": 400}]):
        ruling = scenes.run(header, [*actions, {"type": "damage", "p": 0, "split": wrong}]).ruling
        assert ruling is not None and ruling.rule == "damage.split"
    declined = _state(header, [*actions, {"type": "damage", "p": 0, "split": [{"at": "zone:0", "n": 500}, {"at": "ruler", "n": 0}]}])
    assert declined["players"][1]["life"] == 2000


def test_destroyed_blocker_departs_once_its_triggers_are_logged() -> None:
    header, actions = _jester_attack()
    actions = [*actions, {"type": "damage", "p": 0, "split": [{"at": "zone:0", "n": 300}, {"at": "ruler", "n": 200}]}]
    top = scenes.run(header, actions).state.players[1].deck[-1]
    state = _state(header, [*actions, {"type": "trigger", "p": 1, "at": "zone:0", "ability": 0}])
    assert state["players"][1]["storage"] == [top] and state["players"][1]["zones"][0]["destroyed"]
    state = _state(header, [*actions, {"type": "trigger", "p": 1, "at": "zone:0", "ability": 0},
                            {"type": "trigger", "p": 1, "at": "ruler", "ability": 0}])
    assert state["players"][1]["zones"][0] is None and state["players"][1]["storage"] == [top, "CWX 012"]
    assert state["players"][1]["counters"] == 2 and state["battle"] is None and state["step"] == "declare"


def test_a_summon_over_a_successor_passes_its_memorions() -> None:
    header, setup = scenes.game(["CWX 010", "CWX 020", "CWX 014"], [])
    base = [*setup, {"type": "summon", "p": 0, "card": "CWX 010", "at": "zone:0"},
            {"type": "trigger", "p": 0, "at": "zone:0", "ability": 0}]
    base = scenes.pass_turns(header, base, 2)
    base.append({"type": "inherit", "p": 0, "card": "CWX 020", "at": "zone:0", "slot": None})  # Pip has no potency slot
    over = {"type": "summon", "p": 0, "card": "CWX 014", "at": "zone:0", "slots": [None]}
    state = _state(header, [*base, over])
    me = state["players"][0]
    assert me["storage"] == ["CWX 010"] and me["zones"][0]["card"] == "CWX 014"
    assert me["zones"][0]["memorions"] == [{"card": "CWX 020", "slot": None}]
    ruling = scenes.run(header, [*base, {**over, "slots": [[0, 0]]}]).ruling
    assert ruling is not None and ruling.rule == "memory.slot"
    ruling = scenes.run(header, [*base, {**over, "slots": []}]).ruling
    assert ruling is not None and ruling.rule == "memory.slot"


def test_a_move_swaps_neighbours_and_fires_moving_for_both() -> None:
    header, setup = scenes.game(["CWX 010", "CWX 011"], [])
    base = [*setup, {"type": "summon", "p": 0, "card": "CWX 010", "at": "zone:0"},
            {"type": "trigger", "p": 0, "at": "zone:0", "ability": 0},
            {"type": "summon", "p": 0, "card": "CWX 011", "at": "zone:1"}]
    base = scenes.pass_turns(header, base, 2)
    state = _state(header, [*base, {"type": "move", "p": 0, "from": "zone:0", "to": "zone:1"}])
    zones = state["players"][0]["zones"]
    assert [z and z["card"] for z in zones] == ["CWX 011", "CWX 010", None, None]
    assert state["used"] == {"inherit": False, "move": True}


def test_deification_turns_the_face_and_raises_the_summon_level() -> None:
    header, setup = scenes.game([], [], aoi_ruler="CWT 001")
    state = _state(header, [*setup, {"type": "deify", "p": 0}])
    ruler = state["players"][0]["ruler"]
    assert (ruler["face"], ruler["summon_level"]) == ("deified", 5)
    state = _state(header, [*setup, {"type": "deify", "p": 0, "interrupts": [{"type": "deify", "p": 0}]}])
    assert state["players"][0]["ruler"]["face"] == "deified"  # the inner one resolves first; the outer does nothing


def test_players_views_hide_the_setup_placement_until_both_are_made() -> None:
    from engine.clockwork.ruleset import RULESET

    header = kit.header()
    one = scenes.run(header, kit.SETUP[:1]).state_json()
    assert one["players"][0]["ruler"]["card"] == "CWX 001"
    seen = RULESET.player_view(one, 1)
    assert set(seen["players"][0]["ruler"].values()) == {None} and set(seen["players"][0]["limit"].values()) == {None}
    assert RULESET.player_actions(kit.SETUP[:1], 1)[0]["face"] is None
    assert RULESET.player_actions(kit.SETUP[:2], 1)[0]["face"] == "a"
    mull = RULESET.player_actions(kit.SETUP, 0)[5]
    assert mull["cards"] == [None, None] and set(mull["order"]) == {None}


def test_recalled_cards_leave_at_the_turn_end_in_the_order_they_resolved() -> None:
    recall = {"type": "recall", "p": 0, "from": "hand", "mode": "add"}
    actions = [*kit.EXAMPLE[:8],
               {**recall, "card": "CWX 021", "target": {"p": 0, "at": "zone:0"}, "slot": [0, 0]},
               {**recall, "card": "CWX 020", "target": {"p": 0, "at": "ruler"}, "slot": [1, 0]},
               {"type": "end_phase", "p": 0}]
    state = _state(kit.header(), actions)
    assert state["players"][0]["drop"] == ["CWX 021", "CWX 020"]  # Pip's recall resolved first, then the Ruler's
