"""Archetypes, matchups, first-player advantage and weekly trends on the crafted league; archetype naming."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dashboards.intervals import wilson
from engine.pm.archetype import archetype
from pmemo_replay.cards import bundled_cards
from tests.dashboards.league import CARDS, EVE, MIA

RB, RBG = "TST red-blue", "TST red-blue-green"
DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "decks"
approx = pytest.approx


def test_archetype_names_of_the_bundled_decks() -> None:
    cards = bundled_cards()
    names = {f.stem: archetype(json.loads(f.read_text("utf-8"))["main"], cards) for f in sorted(DECKS.glob("*.json"))}
    assert names == {
        "harbor_town": "HTD yellow-green", "mhk_blue_mono": "MHK blue", "mhk_blue_yellow": "MHK blue-yellow",
        "mhk_red_green": "MHK red-green", "mhk_red_yellow": "MHK red-yellow",  # red before yellow whatever the counts
        "starlight_academy": "SLA red-blue-purple",  # exactly 8 purple cards count
    }


def test_archetype_rules() -> None:
    fillers = [f"TST 90-{i:03d}" for i in (1, 3, 5, 7, 9, 11, 13) for _ in range(4)]  # 28 red
    blue7 = ["TST 90-002"] * 4 + ["TST 90-004"] * 3
    assert archetype(fillers + blue7, CARDS) == "TST red"  # 7 blue cards are not a color of the deck
    assert archetype([*fillers, *blue7, "TST 90-004"], CARDS) == "TST red-blue"
    assert archetype([*fillers, *[EVE] * 4, *[MIA] * 4], CARDS) == "TST red-green"
    # the main series is the one with most cards; "Test Encore" is grouped with "Test"; its set code shows it
    other = ["TST 01-018"] * 4  # Ned: series "Other", set code TST too
    assert archetype(other, CARDS) == "TST"
    assert archetype([], CARDS) == "unknown"


def test_deck_stats(stats: Any) -> None:
    body = stats("decks")
    rows = {r["archetype"]: r for r in body["rows"]}
    assert [r["archetype"] for r in body["rows"]] == [RB, RBG]  # most played first
    rb = rows[RB]
    # scores: G1 1/0, G2 0/1, G3 .5/.5, G5 Aoi 1; going first: G1 Aoi, G2 Ren, G3 Aoi, G5 Aoi
    assert (rb["games"], rb["share"], rb["wr"]) == (7, approx(7 / 8), approx(4 / 7))
    assert rb["wr_ci"] == approx(wilson(4, 7))
    assert (rb["first_games"], rb["first_wr"], rb["second_games"], rb["second_wr"]) == (4, approx(3.5 / 4), 3, approx(0.5 / 3))
    assert (rb["redraws"], rb["redraw_rate"]) == (1, approx(1 / 7))
    g = rows[RBG]
    assert (g["games"], g["wr"], g["first_games"], g["first_wr"], g["first_ci"], g["second_wr"]) == (1, 0.0, 0, None, None, 0.0)
    assert [r["archetype"] for r in stats("decks", min_games="2")["rows"]] == [RB]


def test_matchups_and_mirrors(stats: Any) -> None:
    body = stats("matchups")
    cells = {(r["archetype"], r["opponent"]): r for r in body["rows"]}
    assert body["archetypes"] == [RB, RBG]
    mirror = cells[(RB, RB)]
    assert (mirror["games"], mirror["wr"], mirror["mirror"], mirror["wr_ci"]) == (6, 0.5, True, [0.5, 0.5])
    assert (cells[(RBG, RB)]["wr"], cells[(RBG, RB)]["games"], cells[(RB, RBG)]["wr"]) == (0.0, 1, 1.0)
    assert cells[(RB, RBG)]["wr_ci"] == approx(wilson(1, 1))
    # going first only, the mirror's player-games score 1, 1 and 0.5; a mirror stays 0.5 by construction
    first = {(r["archetype"], r["opponent"]): r for r in stats("matchups", first="1")["rows"]}
    assert (first[(RB, RB)]["games"], first[(RB, RB)]["wr"]) == (3, 0.5)


def test_first_player_advantage(stats: Any) -> None:
    body = stats("first")
    assert body["overall"]["games"] == 4 and body["overall"]["wr"] == approx(3.5 / 4)
    assert body["overall"]["wr_ci"] == approx(wilson(3.5, 4))
    assert [(r["archetype"], r["games"], r["wr"]) for r in body["rows"]] == [(RB, 4, approx(0.875))]
    assert stats("first", first="0")["overall"] == {"games": 0, "wr": None, "wr_ci": None}
    assert stats("first", event="Cup")["overall"]["wr"] == 1.0  # G1 Aoi and G2 Ren won going first


def test_weekly_trends(stats: Any) -> None:
    body = stats("trends")
    assert body["weeks"] == [{"week": "2026-W45", "games": 4}, {"week": "2026-W46", "games": 2}]
    assert body["covers"]["dated_player_games"] == 6  # game 5 has no date
    rows = [(r["week"], r["archetype"], r["games"], r["share"], r["wr"]) for r in body["rows"]]
    assert rows == [("2026-W45", RB, 4, 1.0, 0.5), ("2026-W46", RB, 2, 1.0, 0.5)]
    assert stats("trends", player="Aoi")["rows"][0]["wr"] == 0.5  # W45: G1 win, G2 loss
