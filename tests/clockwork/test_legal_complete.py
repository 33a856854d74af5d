"""§14: legal_actions lists every main and due action (review r24 finding 10): every set of blockers, every choice
of cards to discard, every designation of the Memorions a summon takes over, damage splits in steps of 100, and
the cards a draw of the same effect brings (Ember Sigil: draw 2, then discard 1)."""

from __future__ import annotations

import copy
import json
import random
from itertools import combinations

from engine.clockwork.legal import legal_actions, seat_legal
from engine.clockwork.selfplay import play_game
from engine.fold import Folder, fold
from tests.clockwork import scenes
from tests.clockwork.kit import CARDS, FIXTURES

DECKS = [json.loads(p.read_text(encoding="utf-8"))["cards"] for p in sorted((FIXTURES / "decks").glob("*.json"))]


def test_draw_then_discard_offers_the_cards_drawn_and_a_seat_view_hides_them() -> None:
    header, setup = scenes.game(["CWX 031", "CWX 010"], [])
    res = fold(header, copy.deepcopy([*setup, {"type": "summon", "p": 0, "card": "CWX 010", "at": "zone:0"}]), scenes.ALL)
    g = res.state
    drawn = set(g.players[0].deck[-2:]) - set(g.players[0].hand)
    assert drawn, "the scene's next two cards are not already in hand"
    onto_ruler = [a for a in legal_actions(g) if a["type"] == "recall" and a["card"] == "CWX 031"
                  and a["target"] == {"p": 0, "at": "ruler"}]
    named = {a["targets"][0] for a in onto_ruler}
    assert drawn <= named and set(g.players[0].hand) - {"CWX 031"} <= named
    for a in onto_ruler:
        assert fold(header, copy.deepcopy([*setup, {"type": "summon", "p": 0, "card": "CWX 010", "at": "zone:0"}, a]),
                    scenes.ALL).ruling is None
    seen = {a["targets"][0] for a in seat_legal(g, 0) if a["type"] == "recall" and a["card"] == "CWX 031"
            and a["target"] == {"p": 0, "at": "ruler"}}
    assert None in seen and not seen & drawn  # the top of the deck is hidden from its owner too


def test_blocks_and_discards_are_listed_in_full_over_self_play() -> None:
    blocks = discards = 0
    for seed in range(8):
        rng = random.Random(seed)
        doc = play_game(CARDS, [rng.choice(DECKS), rng.choice(DECKS)], rng, policies=("random", "random"))
        folder = Folder(doc["game"], CARDS)
        for action in doc["actions"]:
            folder.push(copy.deepcopy(action))
            g = folder.state
            if g.result is not None or g.due is None or g.pending:
                continue
            offered = legal_actions(g)
            me = g.players[g.due["p"]]
            if g.due["what"] == "block":
                stand = [u for u in me.zones if u is not None and u.state == "stand" and not u.destroyed]
                assert len([a for a in offered if a["type"] == "block"]) == 2 ** len(stand)
                blocks += 1
            elif g.due["what"] == "discard":
                ways = {tuple(c) for c in combinations(sorted(me.hand), g.due["n"])}
                assert {tuple(a["cards"]) for a in offered if a["type"] == "discard"} == ways
                discards += 1
    assert blocks > 5
