"""Text negation (テキストは、ターン終了時まで無効になる): the ``text_negated`` grant (engine.pm.stats.text_negated) with
the real cards of ../shared/data/precious-data (read at run time; no card text kept here).

While it holds, the Chara has no text: its activated effects cannot be used (play.check_text_allowed), its automatic
effects do not fire (triggers.fire), its continuous effects and printed keywords are not in force (stats.self_steps,
wide_steps, the keyword reads). GRAN P-001 e0 (an opponent Chara's text negated when it enters) carries the logs;
the compiler reads the phrase (compile_more._text_negated) for GRAN P-001 e0, SAGA 01-063 e0 and SSSS 01-082 e2.
"""

from __future__ import annotations

import pytest

from engine.pm import stats
from engine.pm.ops import apply_op
from engine.pm.zones import enter_area
from engine.rulings import Trail
from tests.effects.test_issue26_engine import DATA, mhk_game, on_area, ref
from tests.effects.test_read_session8 import cards
from tests.engine.kit import Game, assert_illegal, assert_legal

pytestmark = pytest.mark.skipif(not all((DATA / s).is_dir() for s in ("GRAN", "SAGA", "SSSS", "SZ2")),
                                reason="../shared/data/precious-data absent")

NEGATE = {"op": "grant", "what": "text_negated", "until": "turn_end"}


def _gran_p_001(victim: str) -> Game:
    """Turn 2: player 1's GRAN 01-003 (40/40; leaving: draw 2) and GRAN 01-013 (-/-; [Main/Opponent]: draw 1, then
    discard it) enter. Turn 3: GRAN P-001 enters and negates the text of ``victim`` until the end of the turn."""
    g = mhk_game(["MHK 01-077", "GRAN P-001", "GRAN 01-014", "MHK 01-041", "MHK 01-042", "MHK 01-044", "MHK 01-052"],
                 ["GRAN 01-003", "GRAN 01-013", "GRAN 01-001", "GRAN 01-010", "MHK 01-083", "MHK 01-084",
                  "MHK 01-104"], db=cards())
    g.add("summon", 0, card="MHK 01-077", area="main", pay=[]).passes(1)
    g.end_turn(0)
    g.add("summon", 1, card="GRAN 01-003", area="main", pay=[{"hand": "GRAN 01-001"}, {"hand": "GRAN 01-010"}]).passes(0)
    g.add("summon", 1, card="GRAN 01-013", area="support", pay=[])
    g.add("trigger", 1, card="GRAN 01-013", effect=0, targets=[ref("GRAN 01-003", 1)]).passes(0)
    g.end_turn(1, adjust=False).add("trigger", 1, card="GRAN 01-013", effect=1).adjust_hand(1)
    g.add("summon", 0, card="GRAN P-001", area="support", pay=[{"hand": "GRAN 01-014"}])
    return g.add("trigger", 0, card="GRAN P-001", effect=0, targets=[ref(victim, 1)])


def _use_01_013(victim: str) -> Game:
    return _gran_p_001(victim).passes(0).add("use_effect", 1, card="GRAN 01-013", effect=0,
                                               pay=[{"hand": "MHK 01-083"}])


def test_a_negated_chara_cannot_use_its_activated_effect() -> None:
    assert_illegal(_use_01_013("GRAN 01-013"), "effect.condition")
    res = assert_legal(_use_01_013("GRAN 01-003"))  # the other Chara negated: 01-013 draws and goes to the discard
    assert not on_area(res, "GRAN 01-013", 1)


def _eliminated_01_003(victim: str, logged: bool) -> Game:
    """MHK 01-077 (50/50) approaches; GRAN 01-003 (40/40) interferes and leaves."""
    g = _gran_p_001(victim).passes(1, 0, 1)
    g.add("approach", 0, card="MHK 01-077").passes(0, 1).add("interfere", 1, card="GRAN 01-003").passes(0, 1)
    if logged:
        g.add("trigger", 1, card="GRAN 01-003", effect=1, **{"from": "discard"})
    return g.passes(0)


def test_a_negated_chara_fires_no_automatic_effect() -> None:
    res = assert_legal(_eliminated_01_003("GRAN 01-003", logged=False))
    assert not on_area(res, "GRAN 01-003", 1)
    g = _eliminated_01_003("GRAN 01-003", logged=True)
    assert_illegal(g, "effect.result", g.last - 1)  # the trigger logged: none fired


def test_without_negation_the_leaving_trigger_is_due() -> None:
    g = _eliminated_01_003("GRAN 01-013", logged=True)
    before = len(assert_legal(_head(g, -2)).state.players[1].hand)
    assert len(assert_legal(g).state.players[1].hand) == before + 2
    assert_illegal(_eliminated_01_003("GRAN 01-013", logged=False), "effect.result")


def _head(g: Game, end: int) -> Game:
    out = Game.__new__(Game)
    out.__dict__.update(g.__dict__)
    out.actions = g.actions[:end]
    return out


def _negate(state, p: int, card: str) -> None:  # type: ignore[no-untyped-def]
    apply_op(state, {**NEGATE, "p": p, "card": card}, Trail(), verified=True, in_response=False)


def test_a_negated_charas_continuous_effect_stops() -> None:
    """SAGA 01-082's "all your yellow ゾンビィ +10/+10 in your turn" gives nothing while its text is negated; a
    negated ゾンビィ still gets the bonus of another's (a grant from elsewhere is not its text)."""
    state = assert_legal(mhk_game([], db=cards())).state
    source = enter_area(state, 0, "SAGA 01-082", "main", summoned=False)
    zombie = enter_area(state, 0, "SAGA ST-027", "main", summoned=False)
    assert stats.ap_dp(state, zombie) == (30, 30) and stats.ap_dp(state, source) == (80, 80)
    _negate(state, 0, "SAGA ST-027")
    assert stats.ap_dp(state, zombie) == (30, 30)
    _negate(state, 0, "SAGA 01-082")
    assert stats.ap_dp(state, zombie) == (20, 20) and stats.ap_dp(state, source) == (70, 70)


def test_a_negated_chara_loses_its_printed_keywords() -> None:
    """SSSS 01-017's 〔我慢〕 keeps it on the Area (DP 60) until its text is negated; MHK ST-014 loses 〔アクティブ〕."""
    state = assert_legal(mhk_game([], db=cards())).state
    endurer = enter_area(state, 0, "SSSS 01-017", "main", summoned=False)
    active = enter_area(state, 0, "MHK ST-014", "main", summoned=False)
    assert stats.stays_on_area(state, endurer) and stats.has_active(state, active)
    _negate(state, 0, "SSSS 01-017")
    _negate(state, 0, "MHK ST-014")
    assert not stats.stays_on_area(state, endurer) and not stats.has_active(state, active)


@pytest.mark.parametrize(("card", "index", "target"), [("GRAN P-001", 0, "target"), ("SAGA 01-063", 0, "target"),
                                                       ("SSSS 01-082", 2, "self")])
def test_the_compiler_reads_a_text_negated_until_the_end_of_the_turn(card: str, index: int, target: str) -> None:
    eff = cards().get(card).effects[index]
    assert eff.compiled and eff.script == ({**NEGATE, "target": target},)
    assert eff.targets == (() if target == "self" else eff.targets[:1]) and len(eff.targets) == (target != "self")
