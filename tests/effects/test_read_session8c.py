"""Lead decisions of session 8 from readers rd4 and rd5 (queue26 items 3-10), checked with the real cards of
../shared/data/precious-data (read at run time; no card text kept here).

3. Two triggers of one departure (SAGA 01-041 e0 and e1): the departure's record stays until both are logged, in
   either order (actions._trigger; a card put back onto the Area by the first is named there by the second).
4. / 10. A delayed part on "the Chara this effect put onto the Area" is set up only when one was put there: the
   compiler puts the ``delay`` into the pick's ``then`` (SAGA 01-005, 01-114, SSSS 01-039; HSF P-008 in the dev set).
5. GRAN 01-094's e1 / e2 name ジーグァンロン, which the card is only under its Pinch: unscripted in session 8; since
   round 12 (h20r12) the Pinch's name is read (``Card.cond_names``) and they are compiled.
6. GRAN 01-069 e1 (own turn, in the Main Area: every own アークナイトグリス +20/+20) is in force (stats.ap_dp).
7. A history-count trigger that fired for a card that has left since is not re-checked when logged (SAGA 01-070 e1
   as the sixth Chara to leave, eliminated with the seventh in one judgement).
9. "When this card's / your Chara's approach makes an opponent's Chara leave" fires whenever the judgement removes
   the interfering Chara: also when the approaching Chara leaves with it, and after a Reinforcement choice
   (triggers.fire_eliminated_opponent).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from engine.pm import stats
from engine.pm.cards import CardDB
from engine.pm.state import GameState
from engine.pm.zones import enter_area
from tests.effects.test_impossible_parts import AI, _replaced
from tests.effects.test_issue26_engine import DATA, mhk_game, on_area, ref
from tests.effects.test_read_session8 import cards
from tests.engine.kit import DB as KIT
from tests.engine.kit import Game, assert_illegal, assert_legal

pytestmark = pytest.mark.skipif(not all((DATA / s).is_dir() for s in ("GRAN", "SAGA", "SSSS", "SZ2")),
                                reason="../shared/data/precious-data absent")


# -- 3. SAGA 01-041: both triggers of one departure, in either order ------------------------------------------


def _ai_rested_back(res: Any) -> bool:
    return any(c.card == AI and c.rested for c in res.state.players[0].area())


def test_saga_01_041_logs_its_any_leave_first_then_its_return() -> None:
    """Replaced in a full Main Area: e1 (one of yours left: stand this card) logged first no longer takes the
    departure away from e0 (put this card back from the discard, rested)."""
    g = _replaced().add("trigger", 0, card=AI, effect=1, **{"from": "discard"})
    res = assert_legal(g.add("trigger", 0, card=AI, effect=0, **{"from": "discard"}, choices=[[AI]]).passes(1))
    assert _ai_rested_back(res)


def test_saga_01_041_logs_its_return_first_then_its_any_leave() -> None:
    """e0 first puts the card back (a new Chara in the Support Area): e1 is the departure's trigger and is named
    there; its "this card" is not the Chara that came back, which stays rested."""
    g = _replaced().add("trigger", 0, card=AI, effect=0, **{"from": "discard"}, choices=[[AI]])
    res = assert_legal(g.add("trigger", 0, card=AI, effect=1).passes(1))
    assert _ai_rested_back(res)


def test_saga_01_041_any_leave_is_owed_after_its_return() -> None:
    g = _replaced().add("trigger", 0, card=AI, effect=0, **{"from": "discard"}, choices=[[AI]]).passes(1)
    assert_illegal(g, "effect.result")


def test_saga_01_041_return_is_owed_after_its_any_leave() -> None:
    assert_illegal(_replaced().add("trigger", 0, card=AI, effect=1, **{"from": "discard"}).passes(1), "effect.result")


# -- 4 / 10. the delayed part of a pick onto the Area: only when one was put there ----------------------------


@pytest.mark.parametrize(("card", "index"), [("SAGA 01-005", 0), ("SAGA 01-114", 0), ("SSSS 01-039", 0)])
def test_delay_on_the_chara_put_there_is_inside_the_pick(card: str, index: int) -> None:
    script = cards().get(card).effects[index].script
    assert script is not None
    pick = next(s for s in script if s["op"] == "pick")
    assert pick["to"] == "area" and [s["op"] for s in pick.get("then", ())] == ["delay"]
    assert all(s["op"] != "delay" for s in script)


def _saga_01_005(zombie: bool) -> Game:
    """Turn 1: SAGA 01-005 enters, paid with SAGA 01-027 (a red ゾンビィ of cost 2, then in the discard) or not;
    its trigger puts 01-027 onto the Area (or finds none); the Approach Phase ends."""
    pay = ["SAGA 01-027" if zombie else "MHK 01-052", "MHK 01-083", "MHK 01-084"]
    g = mhk_game(["SAGA 01-005", *pay, "MHK 01-104", "MHK 01-040", "MHK 01-041"], db=cards())
    g.add("summon", 0, card="SAGA 01-005", area="main", pay=[{"hand": c} for c in pay])
    g.add("trigger", 0, card="SAGA 01-005", effect=0, choices=[["SAGA 01-027"] if zombie else []]).passes(1)
    return g.passes(0, 1).add("end_approach", 0)


def test_saga_01_005_sets_nothing_up_when_no_zombie_was_put_there() -> None:
    assert_legal(_saga_01_005(False).passes(1))  # no turn-end trigger owed
    assert_illegal(_saga_01_005(False).add("trigger", 0, card="SAGA 01-005", effect=1), "effect.result")


def test_saga_01_005_turn_end_part_is_owed_for_the_zombie_put_there() -> None:
    res = assert_legal(_saga_01_005(True).add("trigger", 0, card="SAGA 01-005", effect=1))
    assert on_area(res, "SAGA 01-027")
    assert_illegal(_saga_01_005(True).passes(1), "effect.result")


# -- 5. GRAN 01-094: the name the card takes under its Pinch (round 12: read, the effects naming it compiled) --------


def test_gran_01_094_takes_its_pinch_name_and_its_effects_on_it_are_compiled() -> None:
    card = cards().get("GRAN 01-094")
    assert card.pinch is not None and card.cond_names == (({"points_at_least": 3}, "ジーグァンロン"),)
    assert "ジーグァンロン" not in card.names  # not a fact of the card: only while the Pinch holds
    assert all(eff.compiled for eff in card.effects)


def test_gran_01_068_counts_for_gran_01_069_under_its_pinch_only() -> None:
    """GRAN 01-069 e1 raises every own アークナイトグリス; GRAN 01-068 is one while its owner holds 2 points."""
    state, _ = _gran_01_069("main")
    renata = enter_area(state, 0, "GRAN 01-068", "main", summoned=False)
    base = cards().get("GRAN 01-068")
    own_turn = (base.ap + 120, base.dp + 120)  # its own +120/+120 in the own turn (e1)
    assert stats.ap_dp(state, renata) == own_turn
    state.players[0].points = [["MHK 01-041", True], ["MHK 01-040", True]]
    assert stats.ap_dp(state, renata) == (own_turn[0] + 20, own_turn[1] + 20)


# -- 6. GRAN 01-069 e1: every own アークナイトグリス +20/+20 in the own turn --------------------------------------


def _gran_01_069(area: str) -> tuple[GameState, int]:
    state = assert_legal(mhk_game([], db=cards())).state  # turn 1, player 0's Main Phase
    gris = enter_area(state, 0, "GRAN 01-067", "main", summoned=False)
    enter_area(state, 0, "GRAN 01-069", area, summoned=False)
    return state, gris.uid


def test_gran_01_069_raises_own_arknight_gris_in_own_turn() -> None:
    state, gris = _gran_01_069("main")
    base = cards().get("GRAN 01-067")
    assert stats.ap_dp(state, state.chara_by_uid(gris)) == (base.ap + 20, base.dp + 20)
    state.turn_player = 1  # the opponent's turn
    assert stats.ap_dp(state, state.chara_by_uid(gris)) == (base.ap, base.dp)


def test_gran_01_069_in_the_support_area_gives_nothing() -> None:
    state, gris = _gran_01_069("support")
    base = cards().get("GRAN 01-067")
    assert stats.ap_dp(state, state.chara_by_uid(gris)) == (base.ap, base.dp)


# -- 7. SAGA 01-070 e1: the sixth to leave, eliminated with the seventh ---------------------------------------


def _saga_01_070_sixth() -> Game:
    """Turn 2: player 1's SAGA 01-037 takes SAGA 01-070 (60/50) from the EX deck, which enters. Turn 3: one Chara
    of player 0 is replaced (1 left), two approaches end in mutual eliminations (3, 5); MHK 01-077 (50/50)
    approaches, 01-070 interferes and both leave, 01-070 first: the sixth."""
    g = mhk_game(["MHK 01-077", "MHK 01-104", "MHK 01-084", "MHK 01-083", "MHK 01-044", "MHK 01-040", "MHK 01-041",
                  "MHK 01-042"],
                 ["SAGA 01-037", "MHK 01-104", "MHK 01-084", "MHK 01-052", "MHK 01-041", "MHK 01-040", "MHK 01-044"],
                 db=cards())
    g.header["players"][1]["ex_deck"] = ["SAGA 01-070"]
    for cid in ("MHK 01-077", "MHK 01-104", "MHK 01-084", "MHK 01-083", "MHK 01-044"):
        g.add("summon", 0, card=cid, area="main", pay=[]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card="SAGA 01-037", area="support", pay=[])
    g.add("trigger", 1, card="SAGA 01-037", effect=0, choices=[["SAGA 01-070"]]).passes(0)
    g.add("summon", 1, card="SAGA 01-070", area="main", pay=[{"hand": "MHK 01-052"}, {"hand": "MHK 01-041"}])
    g.passes(0)
    for cid in ("MHK 01-104", "MHK 01-084"):
        g.add("summon", 1, card=cid, area="main", pay=[]).passes(0)
    g.end_turn(1)
    g.add("summon", 0, card="MHK 01-040", area="main", pay=[], replace="MHK 01-044").passes(1, 0, 1)
    for cid in ("MHK 01-104", "MHK 01-084"):
        g.add("approach", 0, card=cid).passes(0, 1).add("interfere", 1, card=cid).passes(0, 1)
    return g.add("approach", 0, card="MHK 01-077").passes(0, 1).add("interfere", 1, card="SAGA 01-070").passes(0, 1)


def test_saga_01_070_sixth_to_leave_gives_the_point() -> None:
    res = assert_legal(_saga_01_070_sixth().add("trigger", 1, card="SAGA 01-070", effect=1, **{"from": "discard"}))
    assert len(res.state.players[0].points) == 1 and not res.state.players[1].points


def test_saga_01_070_point_is_owed() -> None:
    assert_illegal(_saga_01_070_sixth().add("end_approach", 0), "effect.result")


# -- 9. "an approach makes an opponent's Chara leave": also when the approaching Chara leaves with it ----------


def _mutual(listener: str, approacher: str, pay: list[str], rival: str) -> Game:
    """Turn 1: ``listener`` (Support Area) and ``approacher`` enter for player 0; turn 2: player 1's ``rival`` and MHK
    01-104; turn 3: ``approacher`` approaches and ``rival`` interferes: both are eliminated."""
    g = mhk_game([listener, approacher, *pay, "MHK 01-104", "MHK 01-040", "MHK 01-041"][:8],
                 [rival, "MHK 01-104", "MHK 01-084", "MHK 01-052", "MHK 01-041", "MHK 01-040", "MHK 01-044"],
                 db=cards())
    g.add("summon", 0, card=listener, area="support", pay=[{"hand": c} for c in pay]).passes(1)
    g.add("summon", 0, card=approacher, area="main", pay=[]).passes(1).end_turn(0)
    g.add("summon", 1, card=rival, area="main", pay=[]).passes(0)
    g.add("summon", 1, card="MHK 01-104", area="main", pay=[]).passes(0).end_turn(1)
    return g.passes(0, 1).add("approach", 0, card=approacher).passes(0, 1).add("interfere", 1, card=rival).passes(0, 1)


def _ssss_01_025() -> Game:
    """SSSS 01-025 (your Chara's approach makes an opponent's Chara leave: rest an opponent Chara of cost up to
    your 新世紀中学生) watches MHK 01-077 (50/50) and player 1's MHK 01-077 eliminate each other."""
    return _mutual("SSSS 01-025", "MHK 01-077", ["MHK 01-083", "MHK 01-084"], "MHK 01-077")


def test_ssss_01_025_hears_a_mutual_elimination() -> None:
    g = _ssss_01_025().add("trigger", 0, card="SSSS 01-025", effect=0, targets=[ref("MHK 01-104", 1)])
    res = assert_legal(g)
    assert not on_area(res, "MHK 01-077") and not on_area(res, "MHK 01-077", 1)
    assert next(c for c in res.state.players[1].area() if c.card == "MHK 01-104").rested


def test_ssss_01_025_trigger_after_a_mutual_elimination_is_owed() -> None:
    assert_illegal(_ssss_01_025().add("end_approach", 0), "effect.result")


def _mhk_01_057() -> Game:
    """MHK 01-057 (40/30; its approach makes an opponent's Chara leave: may rest an opponent Chara of cost 2 or
    less) approaches and player 1's MHK 01-104 (40/40) interferes: both leave."""
    g = mhk_game(["MHK 01-057", "MHK 01-052", "MHK 01-040", "MHK 01-083", "MHK 01-084", "MHK 01-104", "MHK 01-041"],
                 ["MHK 01-104", "MHK 01-084", "MHK 01-052", "MHK 01-041", "MHK 01-040", "MHK 01-044", "MHK 01-077"])
    g.add("summon", 0, card="MHK 01-057", area="main", pay=[{"hand": "MHK 01-052"}, {"hand": "MHK 01-040"}])
    g.passes(1).end_turn(0)
    for cid in ("MHK 01-104", "MHK 01-084"):
        g.add("summon", 1, card=cid, area="main", pay=[]).passes(0)
    g.end_turn(1)
    return g.passes(0, 1).add("approach", 0, card="MHK 01-057").passes(0, 1).add("interfere", 1, card="MHK 01-104")


def test_mhk_01_057_fires_from_the_discard_after_leaving_with_its_victim() -> None:
    res = assert_legal(_mhk_01_057().passes(0, 1).add("trigger", 0, card="MHK 01-057", effect=0,
                                                       **{"from": "discard"}, targets=[ref("MHK 01-084", 1)]))
    assert "MHK 01-057" in res.state.players[0].discard
    assert next(c for c in res.state.players[1].area() if c.card == "MHK 01-084").rested


def test_mhk_01_057_optional_trigger_only_right_after_the_judgement() -> None:
    g = _mhk_01_057().passes(0, 1).add("end_approach", 0)
    assert_illegal(g.add("trigger", 0, card="MHK 01-057", effect=0, **{"from": "discard"},
                         targets=[ref("MHK 01-084", 1)]), "effect.result")


def _sz2_01_107() -> Game:
    """SZ2 01-049 (紅葉 知弦, 30/40) approaches; SZ2 01-107 gives it +10/+10 and sets up "this turn, when its approach
    makes an opponent's Chara leave: draw 2"; SSSS ST-022 (60/40) interferes: both leave."""
    g = mhk_game(["SZ2 01-049", "SZ2 01-107", "MHK 01-040", "MHK 01-041", "MHK 01-104", "MHK 01-083", "MHK 01-052"],
                 ["SSSS ST-022", "MHK 01-052", "MHK 01-084", "MHK 01-041", "MHK 01-040", "MHK 01-044", "MHK 01-077"],
                 db=cards())
    g.add("summon", 0, card="SZ2 01-049", area="main", pay=[{"hand": "MHK 01-040"}, {"hand": "MHK 01-041"}])
    g.passes(1).end_turn(0)
    g.add("summon", 1, card="SSSS ST-022", area="main", pay=[{"hand": "MHK 01-052"}]).passes(0).end_turn(1)
    g.passes(0, 1).add("approach", 0, card="SZ2 01-049")
    g.add("play_event", 0, card="SZ2 01-107", pay=[], targets=[ref("SZ2 01-049")])
    return g.passes(1, 0).add("interfere", 1, card="SSSS ST-022").passes(0, 1)


def test_sz2_01_107_delayed_draw_after_a_mutual_elimination() -> None:
    before = len(assert_legal(_sz2_01_107()).state.players[0].hand)
    res = assert_legal(_sz2_01_107().add("trigger", 0, card="SZ2 01-107", effect=0, **{"from": "discard"}))
    assert not on_area(res, "SZ2 01-049") and len(res.state.players[0].hand) == before + 2


def test_sz2_01_107_delayed_draw_is_owed() -> None:
    assert_illegal(_sz2_01_107().add("end_approach", 0), "effect.result")


@cache
def _with_kit() -> CardDB:
    """The five sets with the engine kit's synthetic Charas (Fay 〔連携〕 Gus: no card of the five sets has it)."""
    real = cards()
    return CardDB([*real, *(c for c in KIT if c.id.startswith("TST"))], real.series_groups())


FAY, GUS, BEN = "TST 01-007", "TST 01-008", "TST 01-002"
FILL = [f"TST 90-{i:03d}" for i in range(1, 21)]


def _reinforced(chosen: str) -> Game:
    """Turn 1: SSSS 01-025 (Support Area), Fay and Gus enter; turn 2: Ben (40/40) and a cost-1 filler. Turn 3: Fay
    and Gus approach together (AP 50), Ben interferes and is eliminated; player 1 chooses ``chosen`` to leave too."""
    hand0 = ["SSSS 01-025", "MHK 01-083", "MHK 01-084", FAY, "MHK 01-052", GUS, "MHK 01-052"]
    g = Game(hand0, [BEN, FILL[19], *FILL[10:15]], db=_with_kit())
    g.add("summon", 0, card="SSSS 01-025", area="support", pay=[{"hand": "MHK 01-083"}, {"hand": "MHK 01-084"}])
    g.passes(1)
    for cid in (FAY, GUS):
        g.add("summon", 0, card=cid, area="main", pay=[{"hand": "MHK 01-052"}]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card=BEN, area="main", pay=[{"hand": FILL[10]}, {"hand": FILL[11]}]).passes(0)
    g.add("summon", 1, card=FILL[19], area="main", pay=[{"hand": FILL[12]}]).passes(0).end_turn(1)
    g.passes(0, 1).add("approach", 0, card=FAY, **{"with": GUS}).passes(0, 1).add("interfere", 1, card=BEN)
    return g.passes(0, 1).add("choose_elimination", 1, card=chosen)


@pytest.mark.parametrize("chosen", [FAY, GUS])
def test_ssss_01_025_hears_a_reinforced_approach_once(chosen: str) -> None:
    g = _reinforced(chosen).add("trigger", 0, card="SSSS 01-025", effect=0, targets=[ref(FILL[19], 1)])
    res = assert_legal(g)
    assert not on_area(res, chosen) and not on_area(res, BEN, 1)
    assert not res.state.pending_triggers  # heard through both approaching Charas: one judgement, one trigger


def test_ssss_01_025_trigger_after_a_reinforcement_choice_is_owed() -> None:
    assert_illegal(_reinforced(FAY).add("end_approach", 0), "effect.result")


def test_mhk_01_065_names_only_the_opponents_chara_sent_off() -> None:
    """Reader rd7: MHK 01-065 e0 ("a Chara with the same name as the opponent's Chara that left by this card's
    approach") — when this card leaves in the same judgement, its own name is no answer (``name_of_eliminated`` reads
    the cards of the actor's opponent only)."""
    from engine.pm import conditions
    from tests.effects.test_mhk_review import _chara, _state

    g = _state()  # player 0: MHK 01-056 and MHK 01-072 among others
    spec = {"side": "opponent", "name_of_eliminated": True}
    target = _chara(g, 0, "MHK 01-056")
    g.eliminated, g.eliminated_owners = ["MHK 01-056"], [1]  # a card of player 1's own, named like the target
    assert conditions.chara_problem(g, 1, spec, target) is not None
    g.eliminated, g.eliminated_owners = ["MHK 01-056", "MHK 01-065"], [0, 1]  # both sides sent off
    assert conditions.chara_problem(g, 1, spec, target) is None
    assert conditions.chara_problem(g, 1, spec, _chara(g, 0, "MHK 01-072")) is not None
