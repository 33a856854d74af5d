"""The compiler on the real sets (../shared/data/precious-data): against the hand-written MHK scripts, the share of
SSSS it compiles (shown by ``cards coverage``), and SSSS self-play with the compiled scripts re-checked legal."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from engine.fold import fold
from engine.pm.cards import base_id
from engine.pm.cards.coverage import coverage
from engine.pm.selfplay import EFFECT_ACTIONS, greedy_policy, play_game, random_deck, random_policy
from pmemo_replay.cards import load_cards
from pmemo_replay.cards.compile_measure import main as measure_main
from tests.pm_cards import measure

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"
pytestmark = pytest.mark.skipif(not DATA.exists(), reason="needs ../shared/data/precious-data")


def test_most_mhk_hand_scripts_reproduced() -> None:
    rep = measure(DATA / "MHK")
    print("\n" + rep.line())
    assert rep.hand == rep.effects == 234
    assert rep.reproduced + rep.different + rep.not_compiled == rep.hand
    assert rep.reproduced / rep.hand > 0.55, rep.line()
    assert len(rep.diffs) == rep.different


def test_ssss_share_compiled_and_shown_by_coverage() -> None:
    rep = measure(DATA / "SSSS")
    print("\n" + rep.line())
    assert rep.hand == 0 and rep.compiled / rep.effects > 0.35
    row = next(r for r in coverage(load_cards([DATA / "SSSS"])) if r["set"] == "SSSS")
    assert (row["effects"], row["compiled"]) == (rep.effects, rep.compiled)
    assert row["hand_scripted"] == 0 and row["unverified"] >= row["effects"] - row["compiled"]


def test_uncompiled_effects_stay_unverified() -> None:
    db = load_cards([DATA / "SSSS"])
    effects = [e for c in db for e in c.effects]
    left = [e for e in effects if not e.compiled]
    assert left and all(e.script is None for e in left)
    assert all(e.scripted for e in effects if e.compiled)


def test_measure_prints_per_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert measure_main([str(DATA / "MHK"), str(DATA / "SSSS"), "--diff"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("MHK ") and "\nSSSS " in out and "reproduced" in out and "differs in" in out


def test_ssss_self_play_with_compiled_scripts_is_legal() -> None:
    cards = load_cards([DATA / "SSSS"])
    pool = [c.id for c in cards]
    pairs = ((greedy_policy, greedy_policy), (random_policy, random_policy), (greedy_policy, random_policy))
    uses: Counter[str] = Counter()
    for i in range(60):
        rng = random.Random(i)
        (ma, ea), (mb, eb) = random_deck(cards, rng, pool), random_deck(cards, rng, pool)
        doc = play_game(cards, [ma, mb], rng, policies=pairs[i % 3], ex_decks=[ea, eb], max_actions=150)
        res = fold(doc["game"], doc["actions"], cards, keep_trails=False)
        assert res.ruling is None, (i, res.ruling.to_json())
        uses.update(base_id(a["card"]) for a in doc["actions"] if a["type"] in EFFECT_ACTIONS
                    and any(e.compiled for e in cards.get(a["card"]).effects))
    assert sum(uses.values()) > 100 and len(uses) > 20, uses
