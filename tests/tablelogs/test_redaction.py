"""Redaction (table-logs.md): redacted simulated logs check legal with the same result, and at every step they
hold the same counts and every card that seat saw, where the complete log has it."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.pm.redact import VIEWS, RedactionError, parse_view, redact
from engine.pm.selfplay import greedy_policy, play_game, random_policy
from pmemo_replay.cards import bundled_cards
from pmemo_replay.decks import bundled_decks
from tests.engine.many_games import POLICIES, SUITE_GAMES, many_games
from tests.tablelogs.redaction_check import check_redaction

#: The self-play games are made once per process: under xdist their users share one worker (tests/engine too).
pytestmark = pytest.mark.xdist_group("many-games")


#: Games of each policy redacted in the suite; ``python3 benchmarks/redaction_long.py`` redacts 500 of each.
REDACTED = 30


def _check_all(policy: str, part: int, parts: int, games: int = REDACTED) -> int:
    cards = bundled_cards()
    checked = 0
    for doc in many_games(policy, max(games, SUITE_GAMES))[:games][part::parts]:
        for view in VIEWS:
            check_redaction(doc["game"], doc["actions"], cards, view)
            checked += 1
    return checked


def redact_self_play_games(games: int = REDACTED, processes: int = 2) -> int:
    """The first ``games`` self-play games of each policy, each as view 0, view 1 and public: the views checked."""
    for policy in POLICIES:
        many_games(policy, max(games, SUITE_GAMES))  # made once here: the forked processes inherit them
    jobs = [(policy, part, processes, games) for policy in POLICIES for part in range(processes)]
    with ProcessPoolExecutor(processes) as pool:
        return sum(pool.map(_check_all, *zip(*jobs, strict=True)))


def test_self_play_games_redacted_three_ways() -> None:
    """The first 30 self-play games of each policy, as view 0, view 1 and public (two processes: the machine has two
    cores)."""
    assert redact_self_play_games() == 2 * REDACTED * len(VIEWS)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), view=st.sampled_from(VIEWS), greedy=st.booleans())
def test_redaction_property(seed: int, view: Any, greedy: bool) -> None:
    cards, decks = bundled_cards(), bundled_decks()
    rng = random.Random(seed)
    a, b = rng.choice(decks), rng.choice(decks)
    policy = greedy_policy if greedy else random_policy
    doc = play_game(cards, [a.main, b.main], rng, policies=(policy, policy), ex_decks=[a.ex, b.ex])
    red = check_redaction(doc["game"], doc["actions"], cards, view)
    originals = [x for x in red.actions if x["type"] != "identify"]
    assert len(originals) == len(doc["actions"])  # one for one, in order
    assert all("order" not in x for x in red.actions)


def test_views_hide_the_other_deck_lists(sim_logs: list[dict[str, Any]]) -> None:
    cards = bundled_cards()
    doc = sim_logs[0]
    mine = redact(doc["game"], doc["actions"], cards, 0)
    assert "deck" in mine.header["players"][0] and "deck" not in mine.header["players"][1]
    public = redact(doc["game"], doc["actions"], cards, "public")
    assert all("deck" not in p for p in public.header["players"])
    kept = redact(doc["game"], doc["actions"], cards, "public", keep_lists=True)
    assert kept.header["players"] == doc["game"]["players"]
    own = [x for x in mine.actions if x["type"] == "identify"]
    assert own and all(x["p"] == 0 or x["zone"] == "point" for x in own)
    assert mine.steps[0] == 0 and mine.steps[-1] == len(mine.actions)


def test_redacting_a_redaction_gives_the_same_log(sim_logs: list[dict[str, Any]]) -> None:
    cards = bundled_cards()
    for doc in sim_logs[:4]:
        once = redact(doc["game"], doc["actions"], cards, 1)
        twice = redact(once.header, once.actions, cards, 1)
        assert twice.actions == once.actions


def test_illegal_logs_and_views_are_refused(sim_logs: list[dict[str, Any]]) -> None:
    cards = bundled_cards()
    doc = sim_logs[1]
    broken = [*doc["actions"][:6], {"type": "approach", "p": 0, "card": "MHK 01-001"}]
    with pytest.raises(RedactionError, match="action 6 is illegal"):
        redact(doc["game"], broken, cards, 0)
    with pytest.raises(ValueError):
        parse_view("judge")
    assert parse_view(" Public ") == "public" and parse_view("1") == 1
