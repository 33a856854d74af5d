"""Issue 26 points 1-3 in the engine, each with a legal and an illegal log (texts: ../shared/data/precious-data).

1. 退場しない (the ``not_eliminated`` grant) keeps a Chara on the Area against every move off it, not only the
   Elimination Judgement: MHK 01-125 (an Event moving an own Chara to the deck bottom) does nothing to a kept
   Chara, and ops saying it moved are ``effect.result``; a summon to a full Main Area cannot give it up; the
   Elimination Judgement leaves it (MHK 01-048, 01-072, 01-127, SZ2 01-011), each against a control log without
   the grant.
2. Optional targets may be left out only when none is there ("N枚" takes N): MHK 01-017, 01-053, 01-086,
   01-035/01-080/01-101 (2 from the EX deck), SZ2 01-056 (a mode's target).
3. MHK P-008's red reaches the hand, the deck and the own field only.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.pm import conditions, stats
from engine.pm.actions import apply_action
from engine.pm.cards import CardDB
from engine.pm.cost import check_cost
from engine.pm.effects import possible_targets
from engine.pm.ops import apply_op
from engine.pm.state import GameState
from engine.rulings import IllegalAction, NullTrail
from pmemo_replay.cards import bundled_cards
from tests.engine.kit import Game, assert_illegal, assert_legal
from tests.pm_cards import read_precious

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "fixtures" / "cards" / "mhk-logs"
DATA = ROOT.parent / "shared" / "data" / "precious-data" / "data"
CARDS = bundled_cards()
#: vanilla MHK Charas (no text, cost 0, source 2), used as fillers and payments
VANILLA = ["MHK 01-104", "MHK 01-084", "MHK 01-083", "MHK 01-052", "MHK 01-044", "MHK 01-042", "MHK 01-041",
           "MHK 01-040", "MHK 01-077", "MHK ST-003", "MHK ST-009", "MHK ST-011", "MHK ST-013", "MHK ST-015",
           "MHK ST-018", "MHK ST-022", "MHK ST-026"]
needs_data = pytest.mark.skipif(not (DATA / "SZ2").is_dir(), reason="../shared/data/precious-data absent")


@cache
def with_sz2() -> CardDB:
    """The bundled cards and the SZ2 set with its compiled effects."""
    sz2 = read_precious(DATA / "SZ2", compile=True)
    return CardDB([*CARDS, *sz2], CARDS.series_groups())


def _deck(top: list[str]) -> list[str]:
    deck = list(top)
    for cid in VANILLA * 4:
        if len(deck) == 60:
            break
        if deck.count(cid) < 4:
            deck.append(cid)
    return deck


def mhk_game(top0: list[str], top1: list[str] | None = None, *, db: CardDB = CARDS, ex0: list[str] | None = None) -> Game:
    """A log whose decks hold ``top0``/``top1`` on top (the first 7 are the opening hands); player 0 goes first."""
    g = Game(db=db, setup=False)
    g.order = [_deck(top0), _deck(top1 or [])]
    g.header = {"first": 0, "players": [{"name": "Aoi", "deck": sorted(g.order[0]), "ex_deck": ex0 or []},
                                        {"name": "Ren", "deck": sorted(g.order[1]), "ex_deck": []}]}
    g.add("shuffle", 0, order=g.order[0]).add("shuffle", 1, order=g.order[1]).add("keep", 0).add("keep", 1)
    return g


def ref(card: str, p: int = 0) -> dict[str, Any]:
    return {"p": p, "card": card}


def on_area(res: Any, card: str, p: int = 0) -> bool:
    return any(c.card == card for c in res.state.players[p].area())


def card_log(card: str) -> dict[str, Any]:
    return json.loads((LOGS / f"{card.replace(' ', '_')}.json").read_text(encoding="utf-8"))


def from_log(card: str) -> Game:
    """A builder holding the per-card legal log of ``card`` (fixtures/cards/mhk-logs)."""
    doc = card_log(card)
    g = Game(db=CARDS, setup=False)
    g.header = doc["game"]
    g.actions = copy.deepcopy(doc["legal"]["actions"])
    return g


# -- 1. 退場しない: no move off the Area ------------------------------------------------------------------------

MOVED_01_050 = [{"op": "move", "p": 0, "card": "MHK 01-050", "from": "main", "to": "deck_bottom"}]


def _kept_01_050() -> Game:
    """01-050 enters and keeps itself (自分の「千葉 エリカ」1枚); 01-052 (エリカ too) is not kept."""
    g = mhk_game(["MHK 01-050", "MHK 01-125", "MHK 01-052", "MHK 01-041", "MHK 01-083", "MHK 01-084", "MHK 01-104"])
    g.add("summon", 0, card="MHK 01-052", area="main", pay=[]).passes(1)
    g.add("summon", 0, card="MHK 01-050", area="main", pay=[])
    g.add("trigger", 0, card="MHK 01-050", effect=0, targets=[ref("MHK 01-050")]).passes(1)
    return g


def test_01_050_kept_chara_is_not_moved_to_the_deck_by_an_effect() -> None:
    g = _kept_01_050().add("play_event", 0, card="MHK 01-125", pay=[{"hand": "MHK 01-041"}],
                           targets=[ref("MHK 01-050")], choices=[])
    res = assert_legal(g)
    assert on_area(res, "MHK 01-050")
    assert "MHK 01-050" not in res.state.players[0].deck  # the その場合 part did not run either


def test_01_050_ops_moving_the_kept_chara_are_refused() -> None:
    g = _kept_01_050().add("play_event", 0, card="MHK 01-125", pay=[{"hand": "MHK 01-041"}],
                           targets=[ref("MHK 01-050")], ops=MOVED_01_050)
    assert_illegal(g, "effect.result")


def test_01_125_still_moves_a_chara_that_is_not_kept() -> None:
    g = _kept_01_050().add("play_event", 0, card="MHK 01-125", pay=[{"hand": "MHK 01-041"}],
                           targets=[ref("MHK 01-052")], choices=[[]])
    res = assert_legal(g)
    assert not on_area(res, "MHK 01-052") and res.state.players[0].deck[0] == "MHK 01-052"


def test_a_kept_chara_cannot_be_replaced_in_a_full_main_area() -> None:
    g = mhk_game(["MHK 01-050", "MHK 01-040", "MHK 01-041", "MHK 01-052", "MHK 01-083", "MHK 01-084", "MHK 01-104"])
    g.add("summon", 0, card="MHK 01-050", area="main", pay=[])
    g.add("trigger", 0, card="MHK 01-050", effect=0, targets=[ref("MHK 01-050")]).passes(1)
    for cid in ("MHK 01-040", "MHK 01-041", "MHK 01-052", "MHK 01-083"):
        g.add("summon", 0, card=cid, area="main", pay=[]).passes(1)
    legal = copy.deepcopy(g)
    legal.add("summon", 0, card="MHK 01-084", area="main", pay=[], replace="MHK 01-040")
    assert not on_area(assert_legal(legal), "MHK 01-040")
    g.add("summon", 0, card="MHK 01-084", area="main", pay=[], replace="MHK 01-050")
    assert_illegal(g, "summon.main_full")


def _kept_01_081() -> Game:
    """01-081 (司波 深雪＆光井 ほのか) enters and keeps the own 「司波 達也」 01-040."""
    g = mhk_game(["MHK 01-040", "MHK 01-081", "MHK 01-041", "MHK 01-125", "MHK 01-083", "MHK 01-084", "MHK 01-104"])
    g.add("summon", 0, card="MHK 01-040", area="main", pay=[]).passes(1)
    g.add("summon", 0, card="MHK 01-081", area="main", pay=[{"hand": "MHK 01-041"}])
    g.add("trigger", 0, card="MHK 01-081", effect=0, targets=[ref("MHK 01-040")]).passes(1)
    return g


def test_01_081_kept_tatsuya_stays() -> None:
    g = _kept_01_081().add("play_event", 0, card="MHK 01-125", pay=[{"hand": "MHK 01-083"}], targets=[ref("MHK 01-040")])
    assert on_area(assert_legal(g), "MHK 01-040")


def test_01_081_ops_moving_kept_tatsuya_are_refused() -> None:
    g = _kept_01_081().add("play_event", 0, card="MHK 01-125", pay=[{"hand": "MHK 01-083"}], targets=[ref("MHK 01-040")],
                           ops=[{"op": "move", "p": 0, "card": "MHK 01-040", "from": "main", "to": "deck_bottom"}])
    assert_illegal(g, "effect.result")


def _used_01_093() -> Game:
    """01-093 moves itself to the deck bottom; その場合 the own 魔法師 01-052 does not leave this turn."""
    g = mhk_game(["MHK 01-052", "MHK 01-093", "MHK 01-125", "MHK 01-040", "MHK 01-041", "MHK 01-083", "MHK 01-084"])
    g.add("summon", 0, card="MHK 01-052", area="main", pay=[]).passes(1)
    g.add("summon", 0, card="MHK 01-093", area="support", pay=[{"hand": "MHK 01-040"}])
    g.add("trigger", 0, card="MHK 01-093", effect=0, choices=[[]]).passes(1)
    g.add("use_effect", 0, card="MHK 01-093", effect=0, rest=True, pay=[], targets=[ref("MHK 01-052")]).passes(1)
    return g


def test_01_093_keeps_its_target_after_moving_itself() -> None:
    g = _used_01_093().add("play_event", 0, card="MHK 01-125", pay=[{"hand": "MHK 01-041"}], targets=[ref("MHK 01-052")])
    res = assert_legal(g)
    assert on_area(res, "MHK 01-052") and not on_area(res, "MHK 01-093")
    assert res.state.players[0].deck[0] == "MHK 01-093"


def test_01_093_without_the_grant_is_refused() -> None:
    g = _used_01_093()
    g.actions[-2]["ops"] = [{"op": "move", "p": 0, "card": "MHK 01-093", "from": "support", "to": "deck_bottom"}]
    assert_illegal(g, "effect.result", index=len(g.actions) - 2)


def test_01_093_grants_only_when_it_moved() -> None:
    """その場合: when 01-093 cannot move (it is kept on the Area itself), its target gets no grant."""
    g = _used_01_093()
    use = g.actions[-2]
    g.actions[-2:] = []
    res = assert_legal(g)
    state = res.state
    me = next(c for c in state.players[0].area() if c.card == "MHK 01-093")
    me.grants.append(("not_eliminated", None))  # as 01-127 would give it
    apply_action(state, use, NullTrail())
    target = next(c for c in state.players[0].area() if c.card == "MHK 01-052")
    assert any(c.card == "MHK 01-093" for c in state.players[0].area())
    assert not stats.stays_on_area(state, target)


def _01_048_third_erika(kept: str | None) -> Game:
    """Turn 3: 01-052, 01-050 and 01-048 (three 千葉 エリカ) approach; at the third, 01-048 keeps ``kept``; then
    01-084 (40/40) approaches and player 1's ST-003 (40/40) interferes: each side's DP is at most the other's AP."""
    g = mhk_game(["MHK 01-093", "MHK 01-052", "MHK 01-050", "MHK 01-084", "MHK 01-040", "MHK 01-041", "MHK 01-083"],
                 ["MHK ST-003", "MHK 01-104"], ex0=["MHK 01-048"])
    g.add("summon", 0, card="MHK 01-093", area="support", pay=[{"hand": "MHK 01-040"}])
    g.add("trigger", 0, card="MHK 01-093", effect=0, choices=[["MHK 01-048"]]).passes(1)
    g.add("summon", 0, card="MHK 01-048", area="main", pay=[{"hand": "MHK 01-041"}, {"hand": "MHK 01-083"}]).passes(1)
    g.add("summon", 0, card="MHK 01-052", area="main", pay=[]).passes(1)
    g.add("summon", 0, card="MHK 01-050", area="main", pay=[])
    g.add("trigger", 0, card="MHK 01-050", effect=0, targets=[ref("MHK 01-050")]).passes(1)
    g.add("summon", 0, card="MHK 01-084", area="main", pay=[]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card="MHK ST-003", area="main", pay=[{"hand": "MHK 01-104"}]).passes(0)
    g.end_turn(1)
    g.passes(0, 1)
    for cid in ("MHK 01-052", "MHK 01-050", "MHK 01-048"):
        g.add("approach", 0, card=cid).add("trigger", 0, card="MHK 01-048", effect=0)
        if cid == "MHK 01-048" and kept is not None:
            g.add("trigger", 0, card="MHK 01-048", effect=1, targets=[ref(kept)] if kept else [])
        g.passes(0, 1).add("no_interfere", 1).passes(0, 1)
    g.add("approach", 0, card="MHK 01-084").add("trigger", 0, card="MHK 01-048", effect=0).passes(0, 1)
    return g.add("interfere", 1, card="MHK ST-003").passes(0, 1, 0, 1)


def test_01_048_kept_chara_survives_the_judgement() -> None:
    res = assert_legal(_01_048_third_erika("MHK 01-084"))
    assert on_area(res, "MHK 01-084") and not on_area(res, "MHK ST-003", 1)
    other = assert_legal(_01_048_third_erika("MHK 01-052"))  # the grant on another Chara: 01-084 leaves
    assert not on_area(other, "MHK 01-084")


def test_01_048_grant_cannot_be_left_out() -> None:
    g = _01_048_third_erika("")  # the trigger without its target: own Charas are there
    index = next(i for i, a in enumerate(g.actions) if a["type"] == "trigger" and a.get("effect") == 1)
    assert_illegal(g, "effect.target", index)
    g = _01_048_third_erika(None)  # the mandatory trigger missing
    res = g.fold()
    assert res.ruling is not None and res.ruling.to_json()["rule"] == "effect.result"


def _01_127_played(event: bool) -> Game:
    """Turn 3: 01-084 (40/40) approaches; player 0 plays 01-127 (or not); ST-003 (40/40) interferes."""
    g = mhk_game(["MHK 01-084", "MHK 01-127", "MHK 01-040", "MHK 01-041", "MHK 01-083", "MHK 01-052", "MHK 01-104"],
                 ["MHK ST-003", "MHK 01-104"])
    g.add("summon", 0, card="MHK 01-084", area="main", pay=[]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card="MHK ST-003", area="main", pay=[{"hand": "MHK 01-104"}]).passes(0)
    g.end_turn(1)
    g.passes(0, 1).add("approach", 0, card="MHK 01-084")
    if event:
        g.add("play_event", 0, card="MHK 01-127", pay=[{"hand": "MHK 01-040"}]).passes(1)
    g.passes(0, 1)
    return g.add("interfere", 1, card="MHK ST-003").passes(0, 1, 0, 1)


def test_01_127_keeps_every_own_chara_this_turn() -> None:
    res = assert_legal(_01_127_played(True))
    assert on_area(res, "MHK 01-084") and not on_area(res, "MHK ST-003", 1)
    assert not on_area(assert_legal(_01_127_played(False)), "MHK 01-084")


def test_01_127_outside_its_timing_is_refused() -> None:
    g = mhk_game(["MHK 01-084", "MHK 01-127", "MHK 01-040", "MHK 01-041", "MHK 01-083", "MHK 01-052", "MHK 01-104"])
    g.add("play_event", 0, card="MHK 01-127", pay=[{"hand": "MHK 01-040"}])  # [アプローチ/自分] in the Main Phase
    assert_illegal(g, "timing")


def _01_072_by_red_effect(kept: list[dict[str, Any]] | None) -> Game:
    """Turn 3: 01-058 (red, 40/50) approaches and 01-077 (50/50) interferes; 01-058's trigger puts 01-072 from the
    hand onto the Area (a red Chara's effect), whose trigger keeps ``kept``."""
    g = mhk_game(["MHK 01-058", "MHK 01-072", "MHK 01-040", "MHK 01-041", "MHK 01-083", "MHK 01-052", "MHK 01-104"],
                 ["MHK 01-077"])
    g.add("summon", 0, card="MHK 01-058", area="main", pay=[{"hand": "MHK 01-040"}, {"hand": "MHK 01-041"}]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card="MHK 01-077", area="main", pay=[]).passes(0)
    g.end_turn(1)
    g.passes(0, 1).add("approach", 0, card="MHK 01-058").passes(0, 1).add("interfere", 1, card="MHK 01-077")
    g.add("trigger", 0, card="MHK 01-058", effect=0, choices=[["MHK 01-072"]])
    if kept is not None:
        g.add("trigger", 0, card="MHK 01-072", effect=0, targets=kept)
    return g.passes(0, 1, 0, 1)


def test_01_072_entered_by_a_red_effect_keeps_a_chara() -> None:
    res = assert_legal(_01_072_by_red_effect([ref("MHK 01-058")]))
    assert on_area(res, "MHK 01-058") and on_area(res, "MHK 01-072")
    assert not on_area(assert_legal(_01_072_by_red_effect([ref("MHK 01-072")])), "MHK 01-058")


def test_01_072_mandatory_grant_cannot_be_left_out() -> None:
    res = _01_072_by_red_effect(None).fold()
    assert res.ruling is not None and res.ruling.to_json()["rule"] == "effect.result"


@pytest.mark.parametrize("card", ["MHK 01-072", "MHK 01-127", "MHK 01-081"])
def test_kept_charas_of_the_per_card_logs_refuse_every_move(card: str) -> None:
    """The per-card legal log (fixtures/cards/mhk-logs) gives the grant; each kept Chara then refuses a move to any
    zone off the Area, and the illegal variants of that log stay illegal with their rule ids."""
    doc = card_log(card)
    res = assert_legal(from_log(card))
    g: GameState = res.state
    kept = [c for p in g.players for c in p.area() if stats.stays_on_area(g, c)]
    if card != "MHK 01-072":  # 01-072's log ends with its Backup; its own grant needs a red Chara's effect
        assert kept, card
    for c in kept:
        for zone in ("discard", "hand", "deck_bottom", "removed"):
            op = {"op": "move", "p": c.owner, "card": c.card, "from": c.area, "to": zone}
            with pytest.raises(IllegalAction) as err:
                apply_op(g.clone(), op, NullTrail(), verified=False, in_response=False)
            assert err.value.rule == "effect.result"
    for bad in doc["illegal"]:
        g2 = from_log(card)
        g2.actions = g2.actions[:bad["keep"]] + bad["tail"]
        assert_illegal(g2, bad["rule"], bad["index"])


@needs_data
def test_sz2_01_088_compiled_grant_keeps_the_chara() -> None:
    """Compiled SZ2 01-088 gives the same grant: the kept 碧陽学園生徒会 Chara stays against MHK 01-125."""
    db = with_sz2()
    g = mhk_game(["SZ2 01-088", "SZ2 01-032", "MHK 01-040", "MHK 01-125", "MHK 01-041", "MHK 01-083", "MHK 01-084"], db=db)
    g.add("summon", 0, card="SZ2 01-088", area="support", pay=[]).passes(1)
    g.add("summon", 0, card="SZ2 01-032", area="main", pay=[{"hand": "MHK 01-040"}]).passes(1)
    g.add("use_effect", 0, card="SZ2 01-088", effect=0, rest=True, pay=[], targets=[ref("SZ2 01-032")]).passes(1)
    legal = copy.deepcopy(g).add("play_event", 0, card="MHK 01-125", pay=[{"hand": "MHK 01-041"}],
                                 targets=[ref("SZ2 01-032")])
    assert on_area(assert_legal(legal), "SZ2 01-032")
    g.add("play_event", 0, card="MHK 01-125", pay=[{"hand": "MHK 01-041"}], targets=[ref("SZ2 01-032")],
          ops=[{"op": "move", "p": 0, "card": "SZ2 01-032", "from": "main", "to": "deck_bottom"}])
    assert_illegal(g, "effect.result")


def _sz2_01_011_interfered(discard: list[str] | None) -> Game:
    """Turn 3: compiled SZ2 01-011 (40/0) approaches, 01-077 (50/50) interferes; its trigger discards an Event from
    the hand (or is not used): 「このカードは、ターン終了時まで退場しない」."""
    g = mhk_game(["SZ2 01-011", "MHK 01-114", "MHK 01-083", "MHK 01-084", "MHK 01-041", "MHK 01-052", "MHK 01-104"],
                 ["MHK 01-077"], db=with_sz2())
    g.add("summon", 0, card="SZ2 01-011", area="main", pay=[{"hand": "MHK 01-083"}, {"hand": "MHK 01-084"}]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card="MHK 01-077", area="main", pay=[]).passes(0)
    g.end_turn(1)
    g.passes(0, 1).add("approach", 0, card="SZ2 01-011").passes(0, 1).add("interfere", 1, card="MHK 01-077")
    if discard is not None:
        g.add("trigger", 0, card="SZ2 01-011", effect=1, choices=[discard])
    g.passes(0, 1)  # the Elimination Judgement follows
    if discard is None:  # it left: its own "when this card leaves, draw" fires
        g.add("trigger", 0, card="SZ2 01-011", effect=0, **{"from": "discard"})
    return g.passes(0, 1)


@needs_data
def test_sz2_01_011_kept_after_discarding_an_event() -> None:
    res = assert_legal(_sz2_01_011_interfered(["MHK 01-114"]))
    assert on_area(res, "SZ2 01-011") and "MHK 01-114" in res.state.players[0].discard
    assert not on_area(assert_legal(_sz2_01_011_interfered(None)), "SZ2 01-011")


@needs_data
def test_sz2_01_011_discard_must_be_an_event() -> None:
    g = _sz2_01_011_interfered(["MHK 01-041"])
    index = next(i for i, a in enumerate(g.actions) if a["type"] == "trigger" and a["card"] == "SZ2 01-011")
    assert_illegal(g, "effect.target", index)


# -- 2. required targets ------------------------------------------------------------------------------------------


def _last(g: Game) -> dict[str, Any]:
    return g.actions[-1]


def test_01_053_second_mahoushi_is_required_when_there() -> None:
    g = from_log("MHK 01-053")
    res = assert_legal(g)
    assert all(any(isinstance(w, dict) and w.get("cost") == 2 for w, _ in c.grants)
               for c in res.state.players[0].area() if c.card in ("MHK 01-060", "MHK ST-017"))
    _last(g)["targets"] = _last(g)["targets"][:1]
    _last(g)["ops"] = _last(g)["ops"][:1]
    assert_illegal(g, "effect.target")


def test_01_086_both_targets_are_required_when_there() -> None:
    g = from_log("MHK 01-086")
    res = assert_legal(g)
    last = _last(g)
    p, n = last["p"], len(last["targets"])
    g0 = copy.deepcopy(g)  # the candidates when it fired: opposing Charas with AP below 01-086's DP
    g0.actions = g0.actions[:-1]
    state = g0.fold().state
    eff = state.card("MHK 01-086").automatic()[0]
    me = next(c for c in state.players[p].area() if c.card == "MHK 01-086")
    assert n == min(2, len(possible_targets(state, p, eff, 0, me))) > 0
    assert res.ruling is None
    last["targets"] = last["targets"][: n - 1]
    last["ops"] = last["ops"][: n - 1]
    assert_illegal(g, "effect.target")


def _01_017_with_tatsuya() -> Game:
    """01-093 fetches 01-017 from the EX deck; on turn 3 01-017 approaches and its trigger puts 「司波 達也」 (01-040)
    from the hand into the Point Zone: the -20/-20 on an opponent's Chara (01-052 of player 1) follows."""
    g = mhk_game(["MHK 01-093", "MHK 01-040", "MHK 01-041", "MHK 01-083", "MHK 01-084", "MHK 01-104", "MHK ST-003"],
                 ["MHK 01-052"], ex0=["MHK 01-017"])
    g.add("summon", 0, card="MHK 01-093", area="support", pay=[{"hand": "MHK 01-041"}])
    g.add("trigger", 0, card="MHK 01-093", effect=0, choices=[["MHK 01-017"]]).passes(1)
    g.add("summon", 0, card="MHK 01-017", area="main", pay=[{"hand": "MHK 01-083"}, {"hand": "MHK 01-084"}]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card="MHK 01-052", area="main", pay=[]).passes(0)
    g.end_turn(1)
    g.passes(0, 1).add("approach", 0, card="MHK 01-017")
    g.add("trigger", 0, card="MHK 01-017", effect=0, targets=[ref("MHK 01-052", 1)], choices=[[], ["MHK 01-040"]])
    return g


def test_01_017_minus_20_is_given_once_tatsuya_is_placed() -> None:
    g = _01_017_with_tatsuya()
    res = assert_legal(g)
    target = _last(g)["targets"][0]
    c = next(x for x in res.state.players[1].area() if x.card == target["card"])
    card = CARDS.get(target["card"])
    assert stats.ap_dp(res.state, c) == (card.ap - 20, card.dp - 20)


def test_01_017_minus_20_cannot_be_skipped() -> None:
    g = _01_017_with_tatsuya()
    _last(g)["targets"] = []
    assert_illegal(g, "effect.target")


@pytest.mark.parametrize("card", ["MHK 01-035", "MHK 01-080", "MHK 01-101"])
def test_combo_fetch_takes_two_when_two_are_there(card: str) -> None:
    g = from_log(card)
    assert len(_last(g)["choices"][0]) == 2
    assert_legal(g)
    _last(g)["choices"] = [_last(g)["choices"][0][:1]]
    _last(g).pop("ops")
    assert_illegal(g, "effect.target")


@needs_data
def test_sz2_01_056_mode_target_is_required() -> None:
    """「自分のキャラ1枚は…を得る。または、自分のキャラ1枚を活動状態にする」: the chosen mode's target is needed."""
    db = with_sz2()
    g = mhk_game(["SZ2 01-056", "MHK 01-052", "MHK 01-104", "MHK 01-083", "MHK 01-084", "MHK 01-041", "MHK 01-040"], db=db)
    g.add("summon", 0, card="SZ2 01-056", area="main", pay=[{"hand": "MHK 01-052"}, {"hand": "MHK 01-104"}])
    legal = copy.deepcopy(g).add("trigger", 0, card="SZ2 01-056", effect=0,
                                 targets=[ref("SZ2 01-056"), ref("SZ2 01-056")], choices=[0])
    res = assert_legal(legal)
    me = next(c for c in res.state.players[0].main if c.card == "SZ2 01-056")
    assert stats.has_active(res.state, me)
    g.add("trigger", 0, card="SZ2 01-056", effect=0, targets=[], choices=[0])
    assert_illegal(g, "effect.target")


# -- 3. P-008: red in the hand, the deck and the own field only ----------------------------------------------------


def _p008_on_field(db: CardDB) -> Game:
    g = mhk_game(["MHK P-008", "MHK 01-040", "MHK 01-041", "SZ2 01-032", "MHK 01-052", "MHK 01-104", "MHK 01-083"], db=db)
    g.add("summon", 0, card="MHK P-008", area="support", pay=[{"hand": "MHK 01-040"}, {"hand": "MHK 01-041"}]).passes(1)
    return g


@needs_data
def test_p008_hand_cards_pay_as_red() -> None:
    """SZ2 01-032 (blue, another series) paid with MHK 01-052 (yellow) from the hand: both count as red too."""
    g = _p008_on_field(with_sz2()).add("summon", 0, card="SZ2 01-032", area="main", pay=[{"hand": "MHK 01-052"}])
    assert on_area(assert_legal(g), "SZ2 01-032")


@needs_data
def test_without_p008_the_payment_has_no_shared_color() -> None:
    db = with_sz2()
    g = mhk_game(["MHK 01-040", "SZ2 01-032", "MHK 01-052", "MHK 01-104", "MHK 01-083", "MHK 01-084", "MHK 01-041"], db=db)
    g.add("summon", 0, card="SZ2 01-032", area="main", pay=[{"hand": "MHK 01-052"}])
    assert_illegal(g, "cost.identity")


@needs_data
def test_p008_does_not_reach_the_point_zone_or_the_discard() -> None:
    """A face-up Point Zone card keeps its color (the text names hand, deck and field): the payment is refused; a
    discarded card is not red for a filter either."""
    res = assert_legal(_p008_on_field(with_sz2()))
    g = res.state
    g.players[0].hand.remove("SZ2 01-032")
    g.players[0].points.append(["MHK 01-052", True])
    with pytest.raises(IllegalAction) as err:
        check_cost(g, 0, [{"point": "MHK 01-052"}], 1, NullTrail(), card=g.card("SZ2 01-032"), card_id="SZ2 01-032")
    assert err.value.rule == "cost.identity"
    yellow = g.card("MHK 01-052")
    assert conditions.card_matches(g, yellow, {"color": "red"}, 0, "hand")
    assert conditions.card_matches(g, yellow, {"color": "red"}, 0, "deck")
    assert not conditions.card_matches(g, yellow, {"color": "red"}, 0, "discard")
    assert not conditions.card_matches(g, yellow, {"color": "red"}, 0, "ex_deck")
    assert not conditions.card_matches(g, yellow, {"color": "red"}, 0, "point")
    assert not conditions.card_matches(g, yellow, {"color": "red"}, 1, "hand")  # the opponent's cards are not
