"""Review r24 (issue 24): failing tests that show where the fold departs from clockwork-memorion.md.

Each test names the contract text it holds the engine to. They fail on main at 103c3e8.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from engine.clockwork.cards import CwCardDB, parse_cards
from engine.fold import fold
from tests.clockwork import kit, scenes

A = dict[str, Any]

#: a Successor whose activated ability deals 300 to a chosen rival Successor for 1 counter (enough to destroy
#: Greta Ironbrand, Mind 300, while her attack trigger is pending)
SNIPER: CwCardDB = parse_cards({"format": "cwm-cards", "version": 1, "name": "r24", "cards": [
    {"id": "CWR 001", "name": "Sniper", "type": "successor", "emotion": "pathos", "level": 1, "power": 100,
     "mind": 100, "memory": {"genre": "potency", "word": 100},
     "abilities": [{"kind": "activated", "cost": {"counters": 1},
                    "effect": [{"op": "damage", "p": "rival", "at": "choose", "n": 300}]}]},
    {"id": "CWR 002", "name": "Leftie", "type": "successor", "emotion": "anger", "level": 1, "power": 100,
     "mind": 100, "memory": {"genre": "potency", "word": 100},
     "abilities": [{"kind": "normal", "trigger": 0, "slots": [{"genre": "action", "printed": "summoned"}],
                    "effect": [{"op": "damage", "p": "self", "at": "left", "n": 100}]}]}]})
CARDS = CwCardDB(name="r24")
CARDS.merge(scenes.ALL)
CARDS.merge(SNIPER)


def _game(aoi: list[str], ren: list[str]) -> tuple[A, list[A]]:
    """scenes.game with this file's cards (Ren's Summon Limit face a: zone 3 takes pathos)."""
    orders = []
    for top in (aoi, ren):
        names = Counter(CARDS.by_id[c].name for c in top)
        order = list(top)
        for f in scenes.FILLERS:
            while len(order) < 28 and names[CARDS.by_id[f].name] < 3:
                order.append(f)
                names[CARDS.by_id[f].name] += 1
        orders.append(order)
    header = {"ruleset": "clockwork-memorion-1", "first": 0, "players": [
        {"name": "Aoi", "deck": ["CWX 001", "CWX 090", *orders[0]]},
        {"name": "Ren", "deck": ["CWX 001", "CWX 090", *orders[1]]}]}
    setup = [{"type": "setup", "p": p, "ruler": "CWX 001", "limit": "CWX 090", "face": "a", "rotated": False}
             for p in (0, 1)]
    setup += [{"type": "shuffle", "p": p, "order": orders[p]} for p in (0, 1)]
    setup += [{"type": "keep", "p": p} for p in (0, 1)]
    return header, setup


def _fold(header: A, actions: list[A]) -> Any:
    return fold(header, copy.deepcopy(actions), CARDS)


def _greta_left_with_her_trigger_pending() -> tuple[A, list[A]]:
    """Turn 3: Greta (Spark of Haste in her blank trigger slot) attacks; Ren's Sniper destroys her before her
    `attacking` trigger is logged; Aoi logs her Ruler's `destroyed` trigger first, so Greta departs (with the
    Spark) and her pending trigger's slot is blank again: it has become inactive (§8.2)."""
    header, setup = _game(["CWX 011", "CWX 021"], ["CWR 001"])
    actions = [*setup,
        {"type": "summon", "p": 0, "card": "CWX 011", "at": "zone:1"}, {"type": "end_phase", "p": 0},
        {"type": "summon", "p": 1, "card": "CWR 001", "at": "zone:3"}, {"type": "end_phase", "p": 1},
        {"type": "inherit", "p": 0, "card": "CWX 021", "at": "zone:1", "slot": [0, 0]},
        {"type": "end_phase", "p": 0}, {"type": "attack", "p": 0, "at": "zone:1"},
        {"type": "activate", "p": 1, "at": "zone:3", "ability": 0, "targets": ["zone:1"]},
        {"type": "trigger", "p": 0, "at": "ruler", "ability": 0}]
    return header, actions


def test_the_scene_is_legal_and_greta_has_left() -> None:
    header, actions = _greta_left_with_her_trigger_pending()
    res = _fold(header, actions)
    assert res.ruling is None
    assert res.state.players[0].zones[1] is None
    assert [(e["at"], e["event"]) for e in res.state.pending] == [("zone:1", "attacking")]
    # logging the inactive trigger plainly is legal and does nothing
    plain = _fold(header, [*actions, {"type": "trigger", "p": 0, "at": "zone:1", "ability": 0}])
    assert plain.ruling is None and plain.state.players[1].life == 2000


def test_an_inactive_trigger_with_logged_ops_is_effect_result() -> None:
    """§8.1: "The engine builds the concrete ops; `ops`, when given, must equal them field for field ... differing
    `ops` are `effect.result`". An inactive trigger builds none, so a log claiming 100 damage is false."""
    header, actions = _greta_left_with_her_trigger_pending()
    bad = {"type": "trigger", "p": 0, "at": "zone:1", "ability": 0,
           "ops": [{"op": "damage", "p": 1, "at": "ruler", "n": 100}]}
    res = _fold(header, [*actions, bad])
    assert res.ruling is not None and res.ruling.rule == "effect.result", res.ruling


def test_an_inactive_trigger_with_extra_targets_is_effect_target() -> None:
    """§8.1: "A missing, extra or unfitting target or choice ... is `effect.target`"."""
    header, actions = _greta_left_with_her_trigger_pending()
    bad = {"type": "trigger", "p": 0, "at": "zone:1", "ability": 0, "targets": ["zone:3"]}
    res = _fold(header, [*actions, bad])
    assert res.ruling is not None and res.ruling.rule == "effect.target", res.ruling


def test_a_kings_memorion_whose_on_recall_does_not_happen_takes_no_targets() -> None:
    """Ember Sigil's on_recall has holder "ruler" (one `discard` with `card: "choose"`). Recalled onto a Successor it
    does not happen (§6.3), so a `targets` list is extra: `effect.target` (§8.1), as it is for Pip's trigger."""
    header, setup = scenes.game(["CWX 031", "CWX 010"], [])
    base = [*setup, {"type": "summon", "p": 0, "card": "CWX 010", "at": "zone:0"}]
    recall = {"type": "recall", "p": 0, "card": "CWX 031", "from": "hand", "target": {"p": 0, "at": "zone:0"}}
    assert _fold(header, [*base, recall]).ruling is None  # no on_recall, no targets: legal
    res = _fold(header, [*base, {**recall, "targets": ["CWX 010"]}])
    assert res.ruling is not None and res.ruling.rule == "effect.target", res.ruling


def test_log_schema_inside_a_time_list_names_the_nested_path() -> None:
    """§11: "A ruling inside `interrupts` or `time` is reported at the outer action's `index` with the nested
    `path`" (as `zone` and `timing.step` already are); a malformed nested recall gives path "8" today."""
    inner = {"type": "recall", "p": 1, "card": "CWX 020", "from": "hand", "target": {"p": 1, "at": "ruler"},
             "slot": [1, 0], "mode": "add", "interrupts": []}
    recall = {"type": "recall", "p": 0, "card": "CWX 020", "from": "hand", "target": {"p": 0, "at": "ruler"},
              "slot": [1, 0], "mode": "add", "time": [inner]}
    res = fold(kit.header(), copy.deepcopy([*kit.EXAMPLE[:8], recall]), kit.CARDS)
    assert res.ruling is not None and res.ruling.rule == "log.schema"
    assert (res.ruling.index, res.ruling.path) == (8, "8.time.0")


def test_a_seat_views_legal_actions_never_name_the_rivals_hidden_hand() -> None:
    """§12: a player's view replaces "each card of the rival's `hand`" by null; GET /api/games/<id>/legal?view=0
    (pmemo_replay/views.py ruleset_legal) keeps every listed action whose `p` is 0, and the list offers Aoi's Ember
    Sigil recalled onto Ren's Ruler once per card of Ren's hidden hand (its on_recall discards one of "self"'s
    hand, "self" being Ren there), so the seat view names the rival's hand card by card."""
    from engine.clockwork.legal import legal_actions
    from engine.clockwork.ruleset import RULESET
    from pmemo_replay.views import ruleset_legal

    header, setup = scenes.game(["CWX 031", "CWX 010"], ["CWX 016", "CWX 030", "CWX 015", "CWX 017", "CWX 014"])
    res = _fold(header, [*setup, {"type": "summon", "p": 0, "card": "CWX 010", "at": "zone:0"}])
    state = res.state
    rival_hand = set(state.players[1].hand)
    seen = RULESET.player_view(RULESET.to_json(state), 0)
    assert set(seen["players"][1]["hand"]) == {None}
    assert any(a.get("targets") for a in legal_actions(state) if a["type"] == "recall" and a["target"]["p"] == 1)
    offered = ruleset_legal(RULESET, state, 0)
    named = {t for a in offered for t in a.get("targets") or () if isinstance(t, str) and not t.startswith("zone:")}
    own = set(state.players[0].hand) | set(state.players[0].storage) | set(state.players[0].drop)
    assert not (named & rival_hand) - own, sorted((named & rival_hand) - own)


def test_an_inherit_whose_holder_its_interrupts_destroy_does_not_attach() -> None:
    """§9.1: a destroyed Successor waiting for its triggers "cannot be ... inherited onto"; §5.2: a card whose holder
    is gone when the interrupts are done goes to the Drop Zone (as a recall onto a destroyed target fails, §6.3).
    Today the Spark is attached to the destroyed Greta and goes with her to the Storage Zone, where it can later be
    recalled from (a Drop Zone card cannot)."""
    header, setup = _game(["CWX 011", "CWX 021"], ["CWR 001"])
    actions = [*setup,
               {"type": "summon", "p": 0, "card": "CWX 011", "at": "zone:1"}, {"type": "end_phase", "p": 0},
               {"type": "summon", "p": 1, "card": "CWR 001", "at": "zone:3"}, {"type": "end_phase", "p": 1},
               {"type": "inherit", "p": 0, "card": "CWX 021", "at": "zone:1", "slot": [0, 0], "interrupts": [
                   {"type": "activate", "p": 1, "at": "zone:3", "ability": 0, "targets": ["zone:1"]}]},
               {"type": "trigger", "p": 0, "at": "ruler", "ability": 0}]
    res = _fold(header, actions)
    assert res.ruling is None
    aoi = res.state.players[0]
    assert aoi.zones[1] is None and "CWX 011" in aoi.storage  # Greta was destroyed and has departed
    assert "CWX 021" in aoi.drop and "CWX 021" not in aoi.storage, (aoi.drop, aoi.storage)


def test_a_memorion_moved_onto_a_successor_its_interrupts_destroy_stays() -> None:
    """Reading 16a: the Spark on the Ruler, moved onto Greta while an interrupt destroys her, stays on the Ruler
    (it went with Greta to the Storage Zone before); the move is still the turn's one move."""
    header, setup = _game(["CWX 011", "CWX 021"], ["CWR 001"])
    base = [*setup, {"type": "summon", "p": 0, "card": "CWX 011", "at": "zone:1"}, {"type": "end_phase", "p": 0},
            {"type": "summon", "p": 1, "card": "CWR 001", "at": "zone:3"}, {"type": "end_phase", "p": 1},
            {"type": "inherit", "p": 0, "card": "CWX 021", "at": "ruler", "slot": [0, 0]}]
    move = {"type": "move_memorion", "p": 0, "card": "CWX 021", "from": "ruler", "to": "zone:1", "slot": [0, 0],
            "interrupts": [{"type": "activate", "p": 1, "at": "zone:3", "ability": 0, "targets": ["zone:1"]}]}
    res = _fold(header, [*base, move, {"type": "trigger", "p": 0, "at": "ruler", "ability": 0}])
    assert res.ruling is None
    aoi = res.state.players[0]
    assert aoi.storage == ["CWX 011"] and "CWX 021" not in aoi.drop
    assert [m[0] for m in aoi.ruler.memorions] == ["CWX 021"]
    again = {"type": "move_memorion", "p": 0, "card": "CWX 021", "from": "ruler", "to": "zone:1", "slot": [0, 0]}
    assert _fold(header, [*base, move, {"type": "trigger", "p": 0, "at": "ruler", "ability": 0}, again]).ruling is not None


def test_a_mandatory_trigger_aimed_left_at_an_empty_zone_can_be_logged() -> None:
    """§8.2: "Every trigger is mandatory". Leftie ("when summoned, deal 100 to the Successor to your left") summoned
    into zone:1 beside an empty zone:0: the plain trigger is `effect.target` (the op "fails"), no targets, choices or
    ops can make it legal, and every other action is `turn.pending`: the game cannot go on but by `concede`.
    docs/clockwork-readings.md reading 3 skips `left`/`right` off the row (zone -1, zone 4) for exactly this reason,
    but not an empty zone inside it."""
    from engine.clockwork.legal import legal_actions

    header, setup = _game(["CWR 002"], [])
    actions = [*setup, {"type": "summon", "p": 0, "card": "CWR 002", "at": "zone:1"}]
    res = _fold(header, actions)
    assert res.ruling is None and len(res.state.pending) == 1
    assert any(a["type"] == "trigger" for a in legal_actions(res.state)), "no way to log the mandatory trigger"
    assert _fold(header, [*actions, {"type": "trigger", "p": 0, "at": "zone:1", "ability": 0}]).ruling is None
