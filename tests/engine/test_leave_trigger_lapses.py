"""A mandatory "leave" trigger fires while the leaving Charas are still on the Area; when its only possible targets
leave with it (a mutual elimination) it lapses instead of waiting for a trigger no log can give."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.fold import fold
from engine.pm.selfplay import play_game, random_deck
from tests.pm_cards import read_precious

SSSS = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data" / "SSSS"


@pytest.mark.skipif(not SSSS.exists(), reason="needs ../shared/data/precious-data")
def test_ssss_01_067_leave_trigger_without_a_target_lapses() -> None:
    cards = read_precious(SSSS, compile=True)
    pool = [c.id for c in cards if not c.ex] + [c.id for c in cards if c.ex]
    rng = random.Random(750)  # SSSS 01-067 interferes and leaves with the opponent's only cheap Chara
    decks, exs = zip(*(random_deck(cards, rng, pool) for _ in range(2)), strict=True)
    log = play_game(cards, list(decks), rng, ex_decks=list(exs))
    res = fold(log["game"], log["actions"], cards)
    assert res.ruling is None and res.result is not None
    lapsed = [e.message for t in res.trails for e in t.entries if "has no target left" in e.message]
    assert any("SSSS 01-067" in m for m in lapsed)
