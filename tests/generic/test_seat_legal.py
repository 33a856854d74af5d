"""A seat view's legal actions (GET /api/games/<id>/legal?view=<seat>, the viewer's "what could have been done")
never name a card hidden from that seat, in every game (review r24 finding 1).

Games whose rulesets make their own views give them through ``player_legal`` (engine.ruleset.Ruleset); Precious
Memories computes them on the fold of the seat's table-log redaction (pmemo_replay.views.player_legal). Over
self-play states: every card id a seat's list names is one its state view shows or one of its own deck list, and
the list stays the same when the cards hidden from the seat (the rival's hand and deck, its own deck's order) are
exchanged for others.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.fold import Folder
from engine.ruleset import strings_in
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import ruleset_decks

SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OWN_VIEWS = ("clockwork-memorion-1", "mahou-shoujo-1")


def _self_play(name: str, seed: int) -> tuple[Any, Any, dict[str, Any]]:
    ruleset, cards = get_ruleset(name), bundled_for(name)
    rng = random.Random(seed)
    decks = ruleset_decks(name)
    doc = ruleset.self_play(cards, [list(rng.choice(decks)[1]) for _ in (0, 1)], seed,
                            policies=(rng.choice(ruleset.policies), rng.choice(ruleset.policies)))
    return ruleset, cards, doc


def _states(ruleset: Any, cards: Any, doc: dict[str, Any], stride: int) -> list[Any]:
    folder, out = Folder(doc["game"], cards), []
    for i, action in enumerate(doc["actions"]):
        if i % stride == 0:
            out.append(ruleset.clone(folder.state))
        folder.push(copy.deepcopy(action))
    return out


def _exchange_hidden(ruleset: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with what ``seat`` cannot see changed: the rival's hand swapped card for card with its deck (as
    far as the deck reaches), both decks shuffled."""
    other = ruleset.clone(state)
    hand, pile = ruleset.hand(other, 1 - seat), ruleset.pile(other, 1 - seat)
    for i in range(min(len(hand), len(pile))):
        hand[i], pile[-1 - i] = pile[-1 - i], hand[i]
    rng.shuffle(pile)
    rng.shuffle(ruleset.pile(other, seat))
    return other


def _assert_nothing_hidden(ruleset: Any, doc: dict[str, Any], state: Any, seat: int, offered: list[Any]) -> None:
    seen = ruleset.player_view(ruleset.to_json(state), seat)
    visible = strings_in(seen) | set(doc["game"]["players"][seat]["deck"])
    named = strings_in(offered) - strings_in([{"type": a["type"]} for a in offered])
    rival_hand = set(ruleset.hand(state, 1 - seat))
    assert all(a["p"] == seat for a in offered)
    assert not (named & rival_hand) - visible, sorted((named & rival_hand) - visible)


@pytest.mark.parametrize("name", OWN_VIEWS)
@SETTINGS
@given(seed=st.integers(0, 10**6), stride=st.integers(2, 9))
def test_a_seat_view_of_legal_actions_names_no_hidden_card(name: str, seed: int, stride: int) -> None:
    ruleset, cards, doc = _self_play(name, seed)
    rng = random.Random(seed)
    for state in _states(ruleset, cards, doc, stride):
        for seat in (0, 1):
            offered = ruleset.player_legal(state, seat)
            _assert_nothing_hidden(ruleset, doc, state, seat, offered)
            if ruleset.actor(state) is not None:  # (setup: the seats' own decks are not dealt yet)
                assert ruleset.player_legal(_exchange_hidden(ruleset, state, seat, rng), seat) == offered


def test_clockwork_seat_legal_orders_hidden_variants_the_same_whatever_the_hidden_cards() -> None:
    """Seed 833820, stride 2 (found by h24speed): a recall's variant naming a card of the rival's hand (null in the
    seat's view) was listed where that card sorted among the visible ones, so the order told something hidden."""
    ruleset, cards, doc = _self_play("clockwork-memorion-1", 833820)
    rng = random.Random(833820)
    for state in _states(ruleset, cards, doc, 2):
        if ruleset.actor(state) is not None:
            for seat in (0, 1):
                assert ruleset.player_legal(_exchange_hidden(ruleset, state, seat, rng), seat) == ruleset.player_legal(
                    state, seat)


def test_precious_memories_seat_legal_comes_from_what_the_seat_saw() -> None:
    """Precious Memories' seat lists are the legal actions of the fold of the seat's redaction, whose rival hand
    holds no real card: every card id named is in the seat's view of the state or its own deck list."""
    from pmemo_replay import views
    from pmemo_replay.cards import bundled_cards
    from tests.web.data import simulated

    cards = bundled_cards()
    doc = simulated(1, 11)[0]
    checked = 0
    for seat in (0, 1):
        red = views.redaction(f"seat-legal-{seat}", doc["game"], doc["actions"], cards, seat)
        own = set(doc["game"]["players"][seat]["deck"]) | set(doc["game"]["players"][seat].get("ex") or ())
        for n in range(6, len(doc["actions"]), 23):
            offered = views.player_legal(red, cards, seat, n)
            state, _ = views.player_state(red, cards, seat, n)
            named = {s for s in strings_in(offered) if s in cards}  # the card ids among the strings
            assert all(a["p"] == seat for a in offered)
            assert named <= strings_in(state) | own, sorted(named - strings_in(state) - own)
            checked += len(offered)
    assert checked > 0
