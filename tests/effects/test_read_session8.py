"""Fixes from the session-8 independent read (docs/verification.md, reader h26dig), each in the one place its cause
lives, checked with the real cards of ../shared/data/precious-data (read at run time; no card text kept here).

1. A Chara spec's ``min_cost`` reads the usage cost on the Area, as ``max_cost`` does (conditions._cost_problem).
2. A continuous ``modify`` on ``{"all": spec}`` ("all your X get +N/+N") is in force on every Chara it reaches while
   its card is on the Area (stats.ap_dp).
3. ``max_ap`` / ``max_dp`` ("AP/DP N or less") never fit a Chara without AP/DP (conditions._extra_problem).
4. Series names compare in a normal form (series.series_form): SZ2's 『生徒会の一存LV.2』 names its own set.
5. 場に出す after a removal (``pick`` ``to: "same_area"``): the player chooses the area, by default the one it left.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

import pytest

from engine.pm import conditions, stats
from engine.pm.cards import CardDB
from engine.pm.cards.series import series_form
from engine.pm.legal import legal_actions
from engine.pm.ops import apply_op
from engine.pm.state import Chara, GameState
from engine.rulings import Trail
from pmemo_replay.cards import bundled_cards
from tests.effects.test_issue26_engine import DATA, from_log, mhk_game, on_area, ref
from tests.engine.kit import Game, assert_illegal, assert_legal
from tests.pm_cards import read_precious

pytestmark = pytest.mark.skipif(not all((DATA / s).is_dir() for s in ("GRAN", "SAGA", "SSSS", "SZ2")),
                                reason="../shared/data/precious-data absent")


@cache
def cards() -> CardDB:
    """The bundled cards and the four other sets with their compiled effects."""
    mhk = bundled_cards()
    sets = [c for s in ("GRAN", "SAGA", "SSSS", "SZ2") for c in read_precious(DATA / s, compile=True)]
    return CardDB([*mhk, *sets], mhk.series_groups())


def chara(res: Any, p: int, card: str) -> Chara:
    return next(c for c in res.state.players[p].area() if c.card == card)


def ap_dp(res: Any, p: int, card: str) -> tuple[int, int]:
    return stats.ap_dp(res.state, chara(res, p, card))


# -- 1. usage cost on the Area, both limits --------------------------------------------------------------------


def _gran_st_010(raised: bool) -> Game:
    """GRAN ST-002 (制服, cost 4) on the Main Area, raised to 7 by GRAN ST-004 (or not); then GRAN ST-010 enters."""
    g = mhk_game(["GRAN ST-004", "GRAN ST-002", "GRAN ST-010", "GRAN ST-001", "GRAN 01-014", "MHK 01-083",
                  "MHK 01-084"], db=cards())
    g.add("summon", 0, card="GRAN ST-004", area="support", pay=[]).passes(1)
    g.add("summon", 0, card="GRAN ST-002", area="main", pay=[{"hand": "GRAN ST-001"}, {"hand": "GRAN 01-014"}])
    g.add("trigger", 0, card="GRAN ST-002", effect=0).passes(1)  # its "next 【制服】 played costs less" (round 16)
    if raised:
        g.add("use_effect", 0, card="GRAN ST-004", effect=0, pay=[], rest=True, targets=[ref("GRAN ST-002")]).passes(1)
    g.add("summon", 0, card="GRAN ST-010", area="support", pay=[])
    return g.add("trigger", 0, card="GRAN ST-010", effect=0)


def test_gran_st_010_counts_a_chara_raised_to_cost_7_on_the_area() -> None:
    g = _gran_st_010(raised=True)
    res = assert_legal(g)
    assert stats.chara_cost(res.state, chara(res, 0, "GRAN ST-002")) == 7
    before = _head(g, -1).fold()  # the trigger due
    assert len(res.state.players[0].hand) == len(before.state.players[0].hand) + 2  # draw 2


def test_gran_st_010_refused_while_the_chara_has_its_printed_cost_4() -> None:
    assert_illegal(_gran_st_010(raised=False), "effect.condition")


def _ssss_01_048(raised: bool) -> Game:
    """GRAN ST-005 (cost 7) raised to 10 by GRAN ST-004 (or not); SSSS 01-048 [Main/Self] targets it."""
    g = mhk_game(["GRAN ST-004", "GRAN ST-005", "GRAN ST-001", "GRAN 01-014", "GRAN ST-002", "SSSS 01-048",
                  "SSSS 01-047"], db=cards())
    g.add("summon", 0, card="GRAN ST-004", area="support", pay=[]).passes(1)
    g.add("summon", 0, card="GRAN ST-005", area="main",
          pay=[{"hand": "GRAN ST-001"}, {"hand": "GRAN 01-014"}, {"hand": "GRAN ST-002"}]).passes(1)
    if raised:
        g.add("use_effect", 0, card="GRAN ST-004", effect=0, pay=[], rest=True, targets=[ref("GRAN ST-005")]).passes(1)
    g.add("summon", 0, card="SSSS 01-048", area="support", pay=[{"hand": "SSSS 01-047"}]).passes(1)
    return g.add("use_effect", 0, card="SSSS 01-048", effect=0, pay=[], targets=[ref("GRAN ST-005")])


def test_ssss_01_048_targets_a_chara_raised_to_cost_10() -> None:
    res = assert_legal(_ssss_01_048(raised=True))
    assert ap_dp(res, 0, "GRAN ST-005") == (70 + 30 + 50, 70 + 30 + 50)  # ST-004's +30/+30, then 01-048's +50/+50


def test_ssss_01_048_refuses_a_chara_of_printed_cost_7() -> None:
    assert_illegal(_ssss_01_048(raised=False), "effect.target")


#: every effect the read found with a min_cost spec judged by the printed cost
MIN_COST_EFFECTS = [("GRAN 01-001", 1), ("GRAN P-002", 0), ("GRAN ST-005", 0), ("GRAN ST-010", 1), ("SAGA ST-007", 0),
                    ("SAGA ST-009", 1), ("SAGA ST-021", 0), ("SAGA ST-028", 0), ("SAGA ST-029", 0), ("SSSS 01-011", 0),
                    ("SSSS 01-048", 0), ("SSSS 01-048", 1), ("SSSS 01-098", 0)]


def _specs(value: Any) -> Iterator[Mapping[str, Any]]:
    """Every mapping inside an effect's targets, condition and script that holds ``min_cost``, innermost last."""
    if isinstance(value, Mapping):
        for v in value.values():
            yield from _specs(v)
        if "min_cost" in value:
            yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _specs(v)


def _state_with(card_id: str, cost_change: int) -> tuple[GameState, Chara]:
    """A state after setup with ``card_id`` on player 0's Main Area, its usage cost changed by ``cost_change``."""
    from engine.pm.zones import enter_area

    g = mhk_game([], db=cards())
    state = assert_legal(g).state
    c = enter_area(state, 0, card_id, "main", summoned=False)
    if cost_change:
        c.grants.append(({"cost": cost_change}, None))
    return state, c


@pytest.mark.parametrize(("card", "index"), MIN_COST_EFFECTS)
def test_min_cost_specs_read_the_cost_on_the_area(card: str, index: int) -> None:
    """A Chara whose usage cost on the Area reaches the spec fits it; one whose printed cost does but whose cost on
    the Area was lowered below it does not (SSSS 01-019's -3, GRAN ST-004's +3, ST-030's +4 in the texts)."""
    eff = cards().get(card).effects[index]
    found = list(_specs([eff.targets, eff.condition, eff.script]))
    assert found, f"{card} e{index} has no min_cost spec"
    for spec in found:
        want = int(spec["min_cost"])
        plain = {k: v for k, v in spec.items() if k in ("min_cost", "max_cost")}  # the cost part alone
        printed = "SAGA ST-027" if want <= 4 else "GRAN 01-093"  # printed cost 2 / 7, both with AP/DP
        base = cards().get(printed).cost
        state, low = _state_with(printed, want - base)  # raised (or lowered) to exactly the limit on the Area
        assert conditions.chara_problem(state, 0, plain, low) is None, (card, spec)
        state, high = _state_with(printed, want - base - 1)  # one below the limit on the Area
        assert conditions.chara_problem(state, 0, plain, high) is not None, (card, spec)


# -- 2. "all your X get +N/+N" as a continuous effect ---------------------------------------------------------


def _gran_01_050_in_a_zombie_turn(target: str, *, zombies: bool = True) -> Game:
    """Turn 2 (player 1's): MHK ST-014 (Active, 40/20), SAGA ST-027 (ゾンビィ 20/20) and GRAN ST-004 (-/-) enter,
    then SAGA ST-020 (a cost-4 ゾンビィ: all own ゾンビィ +20/+20 this turn), or not; ST-014 approaches and
    player 0 uses GRAN 01-050 ([Approach/Both]: rest an opponent Chara with DP 30 or less) on ``target``."""
    g = mhk_game(["GRAN 01-050", "MHK 01-040", "MHK 01-041", "MHK 01-083", "MHK 01-084", "MHK 01-104", "MHK 01-042"],
                 ["MHK ST-014", "MHK 01-052", "SAGA ST-027", "SAGA ST-025", "SAGA ST-020", "SAGA 01-001",
                  "SAGA ST-019", "GRAN ST-004"], db=cards())
    g.add("summon", 0, card="GRAN 01-050", area="support", pay=[]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card="MHK ST-014", area="main", pay=[{"hand": "MHK 01-052"}]).passes(0)
    g.add("summon", 1, card="SAGA ST-027", area="main", pay=[{"hand": "SAGA ST-025"}]).passes(0)
    g.add("summon", 1, card="GRAN ST-004", area="support", pay=[]).passes(0)
    if zombies:
        g.add("summon", 1, card="SAGA ST-020", area="main", pay=[{"hand": "SAGA 01-001"}, {"hand": "SAGA ST-019"}])
        g.passes(0)
    g.passes(1, 0).add("approach", 1, card="MHK ST-014").passes(1)
    return g.add("use_effect", 0, card="GRAN 01-050", effect=0, pay=[{"hand": "MHK 01-040"}], targets=[ref(target, 1)])


def test_saga_st_020_gives_every_own_zombie_its_bonus() -> None:
    res = assert_legal(_gran_01_050_in_a_zombie_turn("MHK ST-014"))
    assert ap_dp(res, 1, "SAGA ST-027") == (40, 40)
    assert ap_dp(res, 1, "SAGA ST-020") == (80, 90)  # itself a ゾンビィ
    assert ap_dp(res, 1, "MHK ST-014") == (40, 20)  # no ゾンビィ
    assert chara(res, 1, "MHK ST-014").rested
    without = assert_legal(_gran_01_050_in_a_zombie_turn("SAGA ST-027", zombies=False))
    assert ap_dp(without, 1, "SAGA ST-027") == (20, 20) and chara(without, 1, "SAGA ST-027").rested


def test_saga_st_020_bonus_puts_a_zombie_out_of_reach_of_dp_30_or_less() -> None:
    assert_illegal(_gran_01_050_in_a_zombie_turn("SAGA ST-027"), "effect.target")


def test_saga_st_020_bonus_ends_when_it_leaves_the_area() -> None:
    res = assert_legal(_gran_01_050_in_a_zombie_turn("MHK ST-014"))
    state = res.state
    apply_op(state, {"op": "move", "p": 1, "card": "SAGA ST-020", "from": "main", "to": "discard"}, Trail(),
             verified=True, in_response=False)
    zombie = next(c for c in state.players[1].area() if c.card == "SAGA ST-027")
    assert stats.ap_dp(state, zombie) == (20, 20)


def _saga_01_082() -> Game:
    """Turn 1: SAGA ST-027 (yellow ゾンビィ 20/20) and SAGA 01-001 (red ゾンビィ 60/30) enter; SAGA 01-037 takes
    SAGA 01-082 (EX, yellow ゾンビィ 70/70: all own yellow ゾンビィ +10/+10 in own turn) from the EX deck, which
    enters."""
    g = mhk_game(["SAGA ST-027", "SAGA 01-001", "SAGA 01-037", "SAGA ST-025", "SAGA ST-019", "SAGA ST-012",
                  "SAGA 01-078"], db=cards(), ex0=["SAGA 01-082"])
    g.add("summon", 0, card="SAGA ST-027", area="main", pay=[{"hand": "SAGA ST-025"}]).passes(1)
    g.add("summon", 0, card="SAGA 01-001", area="main", pay=[{"hand": "SAGA 01-078"}]).passes(1)
    g.add("summon", 0, card="SAGA 01-037", area="support", pay=[])
    g.add("trigger", 0, card="SAGA 01-037", effect=0, choices=[["SAGA 01-082"]]).passes(1)
    return g.add("summon", 0, card="SAGA 01-082", area="main", pay=[{"hand": "SAGA ST-019"}, {"hand": "SAGA ST-012"}])


def test_saga_01_082_gives_own_yellow_zombies_their_bonus_in_own_turn() -> None:
    g = _saga_01_082().passes(1)
    res = assert_legal(g)
    assert ap_dp(res, 0, "SAGA ST-027") == (30, 30) and ap_dp(res, 0, "SAGA 01-082") == (80, 80)
    assert ap_dp(res, 0, "SAGA 01-001") == (60, 30)  # red
    res = assert_legal(g.end_turn(0))  # the opponent's turn
    assert ap_dp(res, 0, "SAGA ST-027") == (20, 20) and ap_dp(res, 0, "SAGA 01-082") == (70, 70)


# -- 3. "AP/DP N or less" never fits a Chara without AP/DP -----------------------------------------------------


def test_gran_01_050_cannot_rest_a_chara_without_ap_dp() -> None:
    assert_illegal(_gran_01_050_in_a_zombie_turn("GRAN ST-004", zombies=False), "effect.target")
    res = assert_legal(_gran_01_050_in_a_zombie_turn("MHK ST-014", zombies=False))  # DP 20
    assert chara(res, 1, "MHK ST-014").rested


@pytest.mark.parametrize(("card", "index"), [("GRAN 01-050", 0), ("GRAN 01-067", 1), ("SAGA 01-099", 0),
                                             ("SZ2 01-074", 0)])
def test_max_stat_targets_fit_charas_with_ap_dp_only(card: str, index: int) -> None:
    (spec,) = cards().get(card).effects[index].targets
    assert {"max_ap", "max_dp"} & spec.keys()
    state, blank = _state_with("GRAN ST-004", 0)  # -/-
    blank.owner = 1
    assert conditions.chara_problem(state, 0, spec, blank) == "has no AP/DP"
    state, weak = _state_with("SAGA ST-027", 0)  # 20/20
    weak.owner = 1
    weak.mods.append((-20, -20, None))  # 0/0: fits "N or less" for every N here
    assert conditions.chara_problem(state, 0, spec, weak) is None


# -- 4. series names in a normal form -----------------------------------------------------------------------------


def _sz2_01_039(pick: str) -> Game:
    """SZ2 01-039 enters, discards MHK 01-040 (水着) from the hand and searches the deck for ``pick``."""
    g = mhk_game(["SZ2 01-039", "MHK ST-003", "MHK 01-040", "MHK 01-083", "MHK 01-084", "MHK 01-104", "MHK 01-042",
                  "MHK 01-041", "SZ2 01-041"], db=cards())
    g.add("summon", 0, card="SZ2 01-039", area="main", pay=[{"hand": "MHK ST-003"}])
    return g.add("trigger", 0, card="SZ2 01-039", effect=0, choices=[["MHK 01-040"], [pick]]).passes(1)


def test_sz2_01_039_finds_a_chara_of_its_own_set() -> None:
    res = assert_legal(_sz2_01_039("SZ2 01-041"))
    assert on_area(res, "SZ2 01-041")


def test_sz2_01_039_refuses_a_swimsuit_chara_of_another_set() -> None:
    g = _sz2_01_039("MHK 01-040")
    state = assert_legal(_head(g, -2)).state
    assert "MHK 01-040" in state.players[0].deck  # a 水着 Chara there, of another series
    assert_illegal(g, "effect.target", len(g.actions) - 2)


def _head(g: Game, end: int) -> Game:
    out = copy.copy(g)
    out.actions = g.actions[:end]
    return out


def test_sz2_01_016_fires_for_its_own_set() -> None:
    g = mhk_game(["SZ2 01-016", "SZ2 01-017", "SZ2 01-020", "MHK 01-083", "MHK 01-084", "MHK 01-104", "MHK 01-042"],
                 db=cards())
    g.add("summon", 0, card="SZ2 01-016", area="main", pay=[{"hand": "SZ2 01-017"}, {"hand": "SZ2 01-020"}])
    trigger = copy.deepcopy(g).add("trigger", 0, card="SZ2 01-016", effect=0).passes(1)
    res = assert_legal(trigger)
    assert len(res.state.players[0].discard) == 4  # the payment and the mill of 2
    other = copy.deepcopy(g).add("summon", 0, card="MHK 01-084", area="main", pay=[])
    other.add("trigger", 0, card="SZ2 01-016", effect=0)  # MHK 01-084 is no SZ2 サンタ服 Chara: nothing fired
    assert_illegal(other, "effect.result")


@pytest.mark.parametrize(("card", "index"), [("SZ2 01-001", 0), ("SZ2 01-016", 0), ("SZ2 01-039", 0),
                                             ("SZ2 01-097", 0)])
def test_sz2_series_filters_fit_its_cards(card: str, index: int) -> None:
    db = cards()
    filters = [f for f in _filters(db.get(card).effects[index]) if "series" in f]
    assert filters
    sz2 = db.get("SZ2 01-041")  # 生徒会の一存 Lv.2
    state = assert_legal(mhk_game([], db=db)).state
    for f in filters:
        assert conditions.card_matches(state, sz2, {"series": f["series"]}, 0)
        assert not conditions.card_matches(state, db.get("MHK 01-040"), {"series": f["series"]}, 0)


def _filters(eff: Any) -> Iterator[Mapping[str, Any]]:
    def walk(value: Any) -> Iterator[Mapping[str, Any]]:
        if isinstance(value, Mapping):
            yield value
            for v in value.values():
                yield from walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                yield from walk(v)
    return walk([eff.targets, eff.condition, eff.script])


@pytest.mark.parametrize(("text", "card"), [
    ("生徒会の一存LV.2", "生徒会の一存 Lv.2"),
    ("とある科学の超電磁砲S", "とある科学の超電磁砲Ｓ"),
    ("ガールズ＆パンツァー 劇場版", "ガールズ&パンツァー　劇場版"),
    ("SSSS.GRIDMAN", "ｓｓｓｓ．ｇｒｉｄｍａｎ"),
])
def test_series_names_compare_in_normal_form(text: str, card: str) -> None:
    assert series_form(text) == series_form(card)
    assert CardDB().series_key(text) == CardDB().series_key(card)


def test_normal_form_keeps_distinct_works_apart_and_groups_intact() -> None:
    assert series_form("WORKING!!") != series_form("WORKING!!!")
    groups = CardDB(series_groups=[["けいおん！", "映画「けいおん！」"]])
    assert groups.series_key("けいおん!") == groups.series_key("映画「けいおん！」")
    assert groups.series_groups() == [["けいおん！", "映画「けいおん！」"]]  # the names as given


# -- 5. 場に出す after a removal: the area is the player's choice ----------------------------------------------------


def _ssss_01_012(target: str, to: str | None = None, left: str = "main") -> Game:
    """MHK 01-084 (Main), MHK 01-104 (Support, with AP/DP) and GRAN ST-004 (Support, -/-) are there; SSSS 01-012
    enters and removes ``target``, then puts it onto the field: where ``to`` says (the log's ops), else by default."""
    g = mhk_game(["SSSS 01-012", "MHK 01-084", "MHK 01-083", "GRAN ST-004", "MHK 01-104", "MHK 01-042", "MHK 01-041"],
                 db=cards())
    g.add("summon", 0, card="MHK 01-084", area="main", pay=[]).passes(1)
    g.add("summon", 0, card="MHK 01-104", area="support", pay=[]).passes(1)
    g.add("summon", 0, card="GRAN ST-004", area="support", pay=[]).passes(1)
    g.add("summon", 0, card="SSSS 01-012", area="main", pay=[{"hand": "MHK 01-083"}])
    ops = {} if to is None else {"ops": [{"op": "move", "p": 0, "card": target, "from": left, "to": "removed"},
                                          {"op": "move", "p": 0, "card": target, "from": "removed", "to": to}]}
    return g.add("trigger", 0, card="SSSS 01-012", effect=0, targets=[ref(target)], **ops)


@pytest.mark.parametrize(("target", "left", "to"), [("MHK 01-084", "main", "support"), ("MHK 01-084", "main", "main"),
                                                    ("MHK 01-104", "support", "main"),
                                                    ("GRAN ST-004", "support", "support")])
def test_ssss_01_012_puts_the_chara_onto_the_area_its_player_chooses(target: str, left: str, to: str) -> None:
    res = assert_legal(_ssss_01_012(target, to, left))
    assert chara(res, 0, target).area == to


@pytest.mark.parametrize(("target", "area"), [("MHK 01-084", "main"), ("MHK 01-104", "support")])
def test_ssss_01_012_without_ops_goes_back_where_it_left(target: str, area: str) -> None:
    assert chara(assert_legal(_ssss_01_012(target)), 0, target).area == area


def test_ssss_01_012_cannot_put_a_chara_without_ap_dp_into_the_main_area() -> None:
    assert_illegal(_ssss_01_012("GRAN ST-004", "main", "support"), "summon.area")


def test_ssss_01_012_offers_both_areas_where_there_is_room() -> None:
    g = _ssss_01_012("MHK 01-084")
    g.actions.pop()
    state = assert_legal(g).state
    offered = {(a["targets"][0]["card"], (a.get("ops") or [{}, {"to": None}])[1]["to"])
               for a in legal_actions(state) if a["type"] == "trigger"}
    assert {("MHK 01-084", None), ("MHK 01-084", "support"), ("MHK 01-104", "main")} <= offered
    assert ("GRAN ST-004", "main") not in offered  # no AP/DP: the Support Area only


def test_mhk_01_065_comes_back_into_the_support_area_when_the_log_says_so() -> None:
    """The per-card log (fixtures/cards/mhk-logs) names the Main Area it left; the Support Area is as legal now, and
    the legal-action generator offers both."""
    g = from_log("MHK 01-065")
    assert chara(assert_legal(g), 1, "MHK 01-065").area == "main"
    last = g.actions[-1]
    last["ops"][1]["to"] = "support"
    assert chara(assert_legal(g), 1, "MHK 01-065").area == "support"
    last["ops"][1]["to"] = "ex_deck"
    assert_illegal(g, "effect.result")
    head = _head(g, -1)
    offered = [a for a in legal_actions(assert_legal(head).state)
               if a["type"] == "use_effect" and a["card"] == "MHK 01-065"]
    assert {a["ops"][1]["to"] if "ops" in a else None for a in offered} >= {None, "support"}
