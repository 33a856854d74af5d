"""Two seats, one game, on every shared card set (review r21e, 3 and 4): each simulated game redacts for every view,
and merging its two seats' redactions gives exactly its judge redaction, for effects that look at a deck and put the
rest where both players see it (SAGA 01-105), look at a deck top alone (SSSS 01-099), pick alone from a hidden EX
deck (GRAN 01-025, SSSS 01-010), discard a whole unknown hand (GRAN 01-102), or are nullified before they read their
choices (MHK 01-108 answered by 01-110)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.merge import merge
from engine.pm.simulate_cards import play_one
from engine.rulesets import get_ruleset

PM = get_ruleset("pm-2.22")
SETS = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "precious-data" / "data"
GAMES = 12


def _games(name: str, seed: int, games: int, checked: tuple[int, ...] | None) -> tuple[Any, dict[int, dict[str, Any]]]:
    """The card set and the games of ``simulate --games games --seed seed`` to check: every one (each also re-checked
    by the fold), or only the singled-out ones, each played alone (engine.pm.simulate_cards.play_one)."""
    from pmemo_replay.cards import load_cards

    folder = SETS / name
    if not folder.is_dir():
        pytest.skip(f"no {folder}")
    cards = load_cards([folder])
    if checked is not None:
        assert all(n < games for n in checked)
        return cards, {n: play_one(cards, n, seed) for n in checked}
    logs: list[dict[str, Any]] = []
    summary = PM.check_by_play(cards, games, seed, logs=logs)
    assert len(logs) == summary["games"] == games and not summary["illegal"]
    assert play_one(cards, games - 1, seed) == logs[-1]  # a game played alone is the run's game
    return cards, dict(enumerate(logs))


#: (set, seed, games played, the games checked: None every one): ``simulate --games N --seed S --cards <set>``;
#: the singled-out games were refused or merged wrong before (the effect in the module's docstring)
CASES = [(name, 3, GAMES, None) for name in ("GRAN", "MHK", "SAGA", "SSSS", "SZ2")] + [
    ("GRAN", 3, 40, (13,)), ("GRAN", 5, 60, (4,)), ("SAGA", 3, 40, (34,)), ("MHK", 5, 60, (33,)), ("SSSS", 7, 60, (17,))]


@pytest.mark.parametrize(("name", "seed", "games", "checked"), CASES)
def test_every_view_redacts_and_the_seats_merge_into_the_judges(name: str, seed: int, games: int,
                                                                checked: tuple[int, ...] | None) -> None:
    cards, logs = _games(name, seed, games, checked)
    for n in checked if checked is not None else range(games):
        header, actions = logs[n]["game"], logs[n]["actions"]
        seat0, seat1, judge, _ = (PM.redact(header, actions, cards, view) for view in (0, 1, "judge", "public"))
        out = merge(PM, cards, [(seat0.header, seat0.actions), (seat1.header, seat1.actions)])
        assert out.disagreement is None, (n, out.disagreement.message)
        assert out.header == judge.header
        differ = [(k, a, b) for k, (a, b) in enumerate(zip(out.actions, judge.actions, strict=True)) if a != b]
        assert differ == [], (n, differ[:1])
        assert out.steps == judge.steps
