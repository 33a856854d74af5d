"""Redaction of scripted MHK effects that look at, reorder or shuffle a deck (issue 12 review): the redacted fold
keeps the known deck positions where the complete log has them, and a shuffle's order never reaches a seat."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.pm.redact import VIEWS, redact
from engine.pm.selfplay import greedy_policy, play_game
from pmemo_replay.cards import bundled_cards
from pmemo_replay.decks import bundled_decks
from tests.tablelogs.redaction_check import check_redaction

REVIEW = Path(__file__).resolve().parents[1] / "effects" / "review12"


@pytest.mark.parametrize("view", VIEWS)
def test_a_look_at_the_top_cards_keeps_the_known_bottom_in_place(view: object) -> None:
    """Greedy self-play seed 159: a redraw leaves known cards at the deck bottom, then 01-108 looks at the
    (unknown) top three, takes one and puts two under them."""
    cards, decks = bundled_cards(), bundled_decks()
    rng = random.Random(159)
    a, b = rng.choice(decks), rng.choice(decks)
    doc = play_game(cards, [a.main, b.main], rng, policies=(greedy_policy,) * 2, ex_decks=[a.ex, b.ex])
    assert any(x.get("card") == "MHK 01-108" for x in doc["actions"][:20])
    check_redaction(doc["game"], doc["actions"][:40], cards, view)  # type: ignore[arg-type]


@pytest.mark.parametrize("view", VIEWS)
def test_a_shuffle_order_in_choices_is_redacted(view: object) -> None:
    doc = json.loads((REVIEW / "c011_missing_bonus.json").read_text(encoding="utf-8"))
    cards = bundled_cards()
    assert any(isinstance(c, dict) and "order" in c for x in doc["actions"] for c in x.get("choices") or ())
    red = redact(doc["game"], doc["actions"], cards, view)  # type: ignore[arg-type]
    assert not any(isinstance(c, dict) and "order" in c for x in red.actions for c in x.get("choices") or ())
    check_redaction(doc["game"], doc["actions"], cards, view)  # type: ignore[arg-type]
