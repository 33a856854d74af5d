"""Cards face down under a Chara (issue 20, round 20, helper h20r20), on synthetic cards with legal and illegal logs:
a ``pick`` ``to: "under"`` (このカードの下に裏向きで重ねる) logged as ``move`` ops with ``on``, the zone on the Chara
(engine.pm.state.Chara.under) that goes to the discard when the Chara leaves, snapshots, the log schema and the
views (another seat sees each card under a Chara as ``null``)."""

from __future__ import annotations

import copy

from engine.pm import conditions, legal, snapshot, stats
from engine.pm.cards import Effect, Timing
from engine.pm.view import player_view
from pmemo_replay.logio.schemas import OP_SCHEMAS
from tests.effects.test_machinery import AKI, BEN, MY_DB, F, _chara, boards_with, pay
from tests.engine.kit import assert_illegal, assert_legal

SCHEMER, DIGGER, KEEPER, GROWER, SPENDER, STRONG, REVIVER = (f"TST 88-00{i}" for i in range(1, 8))
OWN_AP_40 = {"count": {"spec": {"is_source": True, "min_ap": 40}, "at_least": 1}}
CARDS = [
    # "when this card enters, you may put 1 hand card face down under this card" (KGY's 〔知略〕 Charas' shape)
    _chara("88-001", "Schemer", Effect("auto", trigger="enter", optional=True, script=(
        {"op": "pick", "from": "hand", "to": "under", "n": 1, "filter": {}, "up_to": True},))),
    # "when this card enters, look at the top 2 cards of your deck, you may put one of them face down under this card,
    # then put the rest on the deck's bottom"
    _chara("88-002", "Digger", Effect("auto", trigger="enter", optional=True, script=(
        {"op": "pick", "from": "deck", "to": "under", "n": 1, "filter": {}, "up_to": True, "look": 2,
         "rest_to": "deck_bottom"},))),
    # a Chara whose effect is not scripted (its ops are applied as recorded)
    _chara("88-003", "Keeper", Effect("auto", trigger="enter")),
    # "[Main/self] (0): this card gets +10/+10 until the end of the turn. If this card's AP is 40 or more, it is not
    # interfered" (SSSS 01-015's and HTRK 01-091's condition on the card's own AP)
    _chara("88-004", "Grower", Effect("activated", timing=Timing.parse("main/self"), cost=0, script=(
        {"op": "modify", "target": "self", "ap": 10, "dp": 10, "until": "turn_end"},)),
        Effect("continuous", condition=OWN_AP_40, script=(
            {"op": "grant", "target": "self", "what": {"not_interfered_by": {}}, "until": "turn_end"},))),
    # "[Main/self] (0): you may put 1 card face down under one of your Charas into the discard. If you did, draw a
    # card" (KGY 01-023's shape); "if no card is under this card, it gets +10/+10" (KGY 01-066's condition)
    _chara("88-005", "Spender", Effect("activated", timing=Timing.parse("main/self"), cost=0, optional=True, script=(
        {"op": "support_move", "from": "under", "n": 1, "to": "discard", "filter": {}, "side": "self", "up_to": True,
         "then": [{"op": "draw", "who": "self", "n": 1}]},)),
        Effect("continuous", condition={"nothing_under": True}, script=(
            {"op": "modify", "target": "self", "ap": 10, "dp": 10, "until": "turn_end"},))),
    # "this card gets +10/+10. If this card's AP is 40 or more, it gets 〔我慢〕" in one effect (SSSS 01-015's shape: the
    # keyword reads the AP its own +10/+10 makes)
    _chara("88-006", "Strong", Effect("continuous", script=(
        {"op": "modify", "target": "self", "ap": 10, "dp": 10, "until": "turn_end"},
        {"op": "grant", "target": "self", "what": "endure", "until": "turn_end", "if": OWN_AP_40}))),
    # "when this card enters, you may put up to 2 "Filler 6" from your discard into the Support Area" (HTRK P-001's
    # shape)
    _chara("88-007", "Reviver", Effect("auto", trigger="enter", optional=True, script=(
        {"op": "pick", "from": "discard", "to": "support", "n": 2, "filter": {"name": "Filler 6"}, "up_to": True},))),
]


def _summoned(card: str, hand: list[str]):  # type: ignore[no-untyped-def]
    g = boards_with(CARDS, [], [AKI], hand0=[card, F[5], F[6], *hand])
    return g.add("summon", 0, card=card, area="main", pay=pay(F[5], F[6]))


def _under(res, p: int = 0) -> list[str]:  # type: ignore[no-untyped-def]
    return res.state_json()["players"][p]["main"][0].get("under", [])


def test_a_hand_card_goes_face_down_under_this_card() -> None:
    g = _summoned(SCHEMER, [F[7]])
    g.add("trigger", 0, card=SCHEMER, effect=0, choices=[[F[7]]])
    res = assert_legal(g)
    assert _under(res) == [F[7]] and F[7] not in res.state_json()["players"][0]["hand"]
    assert res.state.players[0].main[0].level == 1  # no level: the cards under are no stack
    # read off the ops: the op names the Chara it goes under
    g.actions[-1] = {"type": "trigger", "p": 0, "card": SCHEMER, "effect": 0,
                     "ops": [{"op": "move", "p": 0, "card": F[7], "from": "hand", "to": "under", "on": SCHEMER}]}
    assert _under(assert_legal(g)) == [F[7]]
    # declined: nothing goes under
    g.actions[-1] = {"type": "trigger", "p": 0, "card": SCHEMER, "effect": 0, "choices": [[]]}
    assert _under(assert_legal(g)) == []


def test_illegal_cards_put_under() -> None:
    g = _summoned(SCHEMER, [F[7]])
    g.add("trigger", 0, card=SCHEMER, effect=0, choices=[[F[9]]])
    assert_illegal(g, "effect.target")  # not in the hand
    g.actions[-1] = {"type": "trigger", "p": 0, "card": SCHEMER, "effect": 0,
                     "ops": [{"op": "move", "p": 0, "card": F[7], "from": "hand", "to": "under", "on": AKI}]}
    assert_illegal(g, "effect.result")  # under another Chara (not even player 0's)
    g.actions[-1] = {"type": "trigger", "p": 0, "card": SCHEMER, "effect": 0,
                     "ops": [{"op": "move", "p": 0, "card": F[7], "from": "hand", "to": "discard"}]}
    assert_illegal(g, "effect.result")  # elsewhere than under this card


def test_a_looked_at_card_goes_under_and_the_rest_to_the_bottom() -> None:
    g = _summoned(DIGGER, [])
    deck = assert_legal(g).state.players[0].deck
    top, second = deck[-1], deck[-2]
    g.add("trigger", 0, card=DIGGER, effect=0, choices=[[second]])
    res = assert_legal(g)
    assert _under(res) == [second] and res.state.players[0].deck[0] == top


def test_recorded_moves_to_and_from_under_and_the_leaving() -> None:
    """Ops applied as recorded (an unscripted effect) move cards under a Chara and back; when the Chara leaves, the
    cards under it go to its owner's discard."""
    g = _summoned(KEEPER, [F[7], F[8]])
    g.add("trigger", 0, card=KEEPER, effect=0, ops=[
        {"op": "move", "p": 0, "card": F[7], "from": "hand", "to": "under", "on": KEEPER},
        {"op": "move", "p": 0, "card": F[8], "from": "hand", "to": "under", "on": KEEPER},
        {"op": "move", "p": 0, "card": F[8], "from": "under", "to": "hand", "on": KEEPER}])
    res = assert_legal(g)
    assert _under(res) == [F[7]] and F[8] in res.state_json()["players"][0]["hand"]
    bad = copy.deepcopy(g)
    bad.actions[-1]["ops"][2] = {"op": "move", "p": 0, "card": F[9], "from": "under", "to": "hand", "on": KEEPER}
    assert_illegal(bad, "effect.result")  # no such card under it
    bad.actions[-1]["ops"][2] = {"op": "move", "p": 0, "from": "hand", "to": "under", "on": KEEPER}
    assert_illegal(bad, "effect.result")  # an unknown card put under a Chara: the hand holds none unknown
    bad.actions[-1]["ops"][2] = {"op": "move", "p": 0, "card": AKI, "from": "main", "to": "under", "on": KEEPER}
    assert_illegal(bad, "effect.result")  # a Chara on the Area does not go under another
    # the Chara leaves (a recorded op moves it to the discard): F[7] goes to player 0's discard with it
    g.actions[-1]["ops"].append({"op": "move", "p": 0, "card": KEEPER, "from": "main", "to": "hand"})
    state = assert_legal(g).state_json()["players"][0]
    assert KEEPER in state["hand"] and F[7] in state["discard"] and not state["main"]


def test_snapshot_view_and_schema() -> None:
    g = _summoned(SCHEMER, [F[7]])
    g.add("trigger", 0, card=SCHEMER, effect=0, choices=[[F[7]]])
    res = assert_legal(g)
    back = snapshot.from_snapshot(snapshot.to_snapshot(res.state), MY_DB)
    assert back.players[0].main[0].under == [F[7]]
    assert "under" not in snapshot.to_snapshot(assert_legal(_summoned(SCHEMER, [])).state)["players"][0]["main"][0]
    full = res.state_json()
    assert player_view(full, 0)["players"][0]["main"][0]["under"] == [F[7]]
    assert player_view(full, 1)["players"][0]["main"][0]["under"] == [None]  # face down: the other seat sees a card
    assert OP_SCHEMAS["move"].validate({"op": "move", "p": 0, "card": F[7], "from": "hand", "to": "under",
                                        "on": SCHEMER}) == {}
    assert OP_SCHEMAS["move"].validate({"op": "move", "p": 0, "card": F[7], "from": "under", "to": "hand",
                                        "on": SCHEMER}) == {}
    assert OP_SCHEMAS["move"].validate({"op": "move", "p": 0, "card": F[7], "from": "hand", "to": "beneath"}) != {}


def test_a_condition_on_this_cards_own_ap() -> None:
    g = boards_with(CARDS, [GROWER], [BEN])
    g.add("approach", 0, card=GROWER).passes(0, 1)
    assert_legal(g.add("interfere", 1, card=BEN))  # AP 30: interfered as usual
    g = boards_with(CARDS, [GROWER], [BEN])
    g.add("use_effect", 0, card=GROWER, effect=0, pay=[]).passes(1)
    g.add("approach", 0, card=GROWER).passes(0, 1).add("interfere", 1, card=BEN)
    assert_illegal(g, "interfere.chara")  # AP 40 now: "not interfered"
    state = boards_with(CARDS, [GROWER], [BEN]).fold().state
    grower, ben = state.players[0].main[0], state.players[1].main[0]
    assert not conditions.holds(state, 0, OWN_AP_40, grower)
    grower.mods.append((10, 0, None))
    assert conditions.holds(state, 0, OWN_AP_40, grower)
    assert not conditions.holds(state, 0, OWN_AP_40, None)  # no own Chara: no AP to read
    assert conditions.chara_problem(state, 1, {"min_ap": 40}, ben) is None  # Ben is 40/40: AP 40 is "40 or more"
    assert conditions.chara_problem(state, 1, {"min_ap": 50}, ben) is not None


def test_a_card_under_a_chara_goes_to_the_discard_and_nothing_under() -> None:
    g = boards_with(CARDS, [SPENDER], [], hand0=[SCHEMER, F[5], F[6], F[7]])
    spender = assert_legal(g).state_json()["players"][0]["main"][0]
    assert spender["ap"] == 40  # nothing under it: +10/+10
    g.add("summon", 0, card=SCHEMER, area="main", pay=pay(F[5], F[6]))
    g.add("trigger", 0, card=SCHEMER, effect=0, choices=[[F[7]]])
    hand = len(assert_legal(g).state_json()["players"][0]["hand"])
    g.add("use_effect", 0, card=SPENDER, effect=0, pay=[], choices=[[{"p": 0, "on": SCHEMER, "card": F[7]}]])
    res = assert_legal(g)
    state = res.state_json()["players"][0]
    assert F[7] in state["discard"] and "under" not in state["main"][1] and len(state["hand"]) == hand + 1
    g.actions[-1] = {**g.actions[-1], "choices": [[{"p": 0, "on": SCHEMER, "card": F[8]}]]}
    assert_illegal(g, "effect.target")  # no such card under it
    g.actions[-1] = {**g.actions[-1], "choices": [[]]}
    res = assert_legal(g)  # none chosen: nothing moves, no draw
    assert _under(res) == [] and res.state_json()["players"][0]["main"][1]["under"] == [F[7]]
    g.actions[-1] = {"type": "use_effect", "p": 0, "card": SPENDER, "effect": 0, "pay": [],
                     "ops": [{"op": "move", "p": 0, "card": F[7], "from": "under", "on": SCHEMER, "to": "discard"},
                             {"op": "draw", "p": 0, "n": 1}]}
    assert F[7] in assert_legal(g).state_json()["players"][0]["discard"]
    state = assert_legal(g).state
    spender_c, schemer_c = state.players[0].main
    assert conditions.holds(state, 0, {"nothing_under": True}, spender_c)
    schemer_c.under.append(F[9])
    assert not conditions.holds(state, 0, {"nothing_under": True}, schemer_c)
    assert not conditions.holds(state, 0, {"nothing_under": True}, None)


def test_a_keyword_under_this_cards_ap_after_its_own_bonus() -> None:
    state = assert_legal(boards_with(CARDS, [STRONG], [])).state
    strong = state.players[0].main[0]
    assert stats.ap_dp(state, strong) == (40, 40) and stats.endures(state, strong)
    strong.mods.append((-10, 0, None))  # AP 30: no 〔我慢〕
    assert not stats.endures(state, strong)


def test_self_play_offers_one_copy_of_a_card_put_onto_the_area() -> None:
    """Two copies of one card in the discard: the legal action offered puts one (both cannot be on the Area), where
    self-play used to offer both and found no legal action (HTRK, seed 20)."""
    g = boards_with(CARDS, [], [], hand0=[REVIVER, F[5], F[5]])
    g.add("summon", 0, card=REVIVER, area="main", pay=pay(F[5], F[5]))
    state = assert_legal(g).state
    offered = [a for a in legal.legal_actions(state) if a["type"] == "trigger"]
    assert state.players[0].discard.count(F[5]) == 2
    assert offered and all(len(set(a["choices"][0])) == len(a["choices"][0]) for a in offered)
    g.actions.append(dict(offered[0]))
    assert [c["card"] for c in assert_legal(g).state_json()["players"][0]["support"]] == [F[5]]
    g.actions[-1] = {"type": "trigger", "p": 0, "card": REVIVER, "effect": 0, "choices": [[F[5], F[5]]]}
    assert_illegal(g, "summon.unique")  # both copies: the second cannot enter
