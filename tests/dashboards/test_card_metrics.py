"""Card statistics against hand-computed values on the crafted league (see tests/dashboards/league.py)."""

from __future__ import annotations

from typing import Any

import pytest

from dashboards.intervals import wilson
from tests.dashboards.conftest import by_card
from tests.dashboards.league import A, B, M, Q

approx = pytest.approx


def check_row(row: dict[str, Any], **want: Any) -> None:
    """Each given field as expected; every WR's interval is the Wilson interval of its score and games."""
    for key, value in want.items():
        assert row[key] == (approx(value) if isinstance(value, float) else value), (row["card"], key, row[key])
    for prefix, n in (("gp", "games"), ("oh", "oh_games"), ("gih", "gih_games"), ("gns", "gns_games"), ("played", "played_games")):
        wr, ci = row["gp_wr" if prefix == "gp" else f"{prefix}_wr"], row[f"{prefix}_ci"]
        if row[n] == 0:
            assert wr is None and ci is None
        else:
            assert ci == approx(wilson(wr * row[n], row[n]))
    assert row["gih_games"] + row["gns_games"] == row["games"]


def test_covers_leave_out_the_unfinished_game(stats: Any) -> None:
    body = stats("cards")
    assert body["covers"] == {"games": 4, "player_games": 8, "known_hands_player_games": 8}


def test_card_a(stats: Any) -> None:
    a = by_card(stats("cards"))[A]
    # in G1 Aoi (1, opening, played t1), G2 Aoi (0, redrawn away), G3 Ren (0.5, opening), G5 Kai (0, 20th card)
    check_row(a, name="Aki", games=4, deck_share=0.5, gp_wr=1.5 / 4, oh_games=2, oh_wr=0.75, gih_games=2, gih_wr=0.75, gns_games=2,
              gns_wr=0.0, iwd=0.75, played_games=1, played_wr=1.0, avg_turn_played=1.0)


def test_card_b_seen_through_the_turn_one_draw_and_after_a_redraw(stats: Any) -> None:
    b = by_card(stats("cards"))[B]
    # G1 Aoi (1): drawn turn 1, not in the opening hand; G2 Aoi (0): opening hand after the redraw; G5 Aoi (1): opening hand
    check_row(b, games=3, gp_wr=2 / 3, oh_games=2, oh_wr=0.5, gih_games=3, gih_wr=2 / 3, gns_games=0, gns_wr=None, iwd=None,
              played_games=0, played_wr=None, avg_turn_played=None)


def test_card_q_and_the_draw_scoring_half(stats: Any) -> None:
    rows = by_card(stats("cards"))
    check_row(rows[Q], games=2, gp_wr=0.5, oh_games=2, oh_wr=0.5, gih_games=2, played_games=1, played_wr=1.0, avg_turn_played=1.0)
    check_row(rows[M], games=1, gp_wr=0.5, oh_wr=0.5, played_games=1, played_wr=0.5, avg_turn_played=1.0, deck_share=1 / 8)


def test_every_field_is_there_and_rows_cover_cards_in_decks(stats: Any) -> None:
    body = stats("cards")
    fields = ["card", "name", "games", "deck_share", "gp_wr", "gp_ci", "oh_games", "oh_wr", "oh_ci", "gih_games", "gih_wr", "gih_ci",
              "gns_games", "gns_wr", "gns_ci", "unknown_seen_games", "iwd", "played_games", "played_wr", "played_ci", "avg_turn_played"]
    for row in body["rows"]:
        assert list(row)[: len(fields)] == fields
        check_row(row)
    cards = {r["card"] for r in body["rows"]}
    assert {A, B, Q, M} <= cards and "TST 01-003" not in cards  # in no deck
    assert [r["games"] for r in body["rows"]] == sorted((r["games"] for r in body["rows"]), reverse=True)


def test_wilson_values() -> None:
    assert wilson(0, 0) is None
    # by hand: centre (p + z²/2n)/(1 + z²/n), half-width z/(1 + z²/n)·sqrt(p(1-p)/n + z²/4n²), z = 1.96
    assert wilson(7, 10) == approx([0.396773, 0.892211], abs=1e-6)  # centre 0.644492, half 0.247719
    assert wilson(0, 10) == approx([0.0, 0.277540], abs=1e-6)  # z²/n / (1 + z²/n)
    assert wilson(10, 10) == approx([0.722460, 1.0], abs=1e-6)
    assert wilson(1.5, 4) == approx([0.091897, 0.780578], abs=1e-6)  # a draw counts half a win: p = 0.375
    low, high = wilson(500, 1000)
    assert low == approx(0.469, abs=1e-3) and high == approx(0.531, abs=1e-3)


def test_empirical_bayes_column(stats: Any) -> None:
    body = stats("cards")
    prior = body["prior"]
    assert prior["alpha"] > 0 and prior["beta"] > 0
    ranks = sorted(r["eb_rank"] for r in body["rows"])
    assert ranks == list(range(1, len(body["rows"]) + 1))
    for row in body["rows"]:
        expected = (row["gp_wr"] * row["games"] + prior["alpha"]) / (row["games"] + prior["alpha"] + prior["beta"])
        assert row["eb_wr"] == approx(expected)
        assert min(row["gp_wr"], prior["mean"]) - 1e-9 <= row["eb_wr"] <= max(row["gp_wr"], prior["mean"]) + 1e-9
    best = min(body["rows"], key=lambda r: r["eb_rank"])
    assert best["eb_wr"] == max(r["eb_wr"] for r in body["rows"])
