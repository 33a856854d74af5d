"""A game whose logs are complete, recorded at a real table where nobody knows a deck's order (drafts/orders.py):
the shuffle is recorded without its order, the cards are named as they are drawn, and the draft's game is the one
played (review 21, finding 1)."""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.fold import Folder
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from tests.drafts.conftest import append_actions as _append
from tests.drafts.conftest import open_draft as _draft


def _taken(before: list[str], after: list[str], action: dict[str, Any], p: int) -> list[str]:
    """The cards that left the top of ``p``'s deck in ``action``, top first (a shuffle: from its order; before the
    first shuffle the deck has no order: a search takes cards named already)."""
    if action.get("p") == p and "order" in action:
        before = list(reversed(action["order"]))
    elif action["type"] in ("search", "setup"):
        return []
    assert after == before[:len(after)], "this game moved cards other than from the top"
    return before[len(after):][::-1]


def _without_order(action: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in action.items() if k != "order"}


def _deck_ops(trail: Any) -> list[dict[str, Any]] | None:
    """The ops a Clockwork ability built and applied (its trail's ``effect`` entries), when one of them took a card
    from a deck: what the table saw and the recorder writes down (``ops``); else None."""
    ops = [ast.literal_eval(e.message[e.message.index(": {") + 2:]) for e in trail.entries
           if e.rule == "effect" and ": {'op'" in e.message]
    return ops if any(op.get("from") in ("deck", "deck_top") for op in ops) else None


def _not_named_by(ops: list[dict[str, Any]], p: int, cards: list[str]) -> list[str]:
    """``cards`` (that left ``p``'s deck) but those the ``ops`` name as they take them from it (a ``deck_top`` put to
    storage, a search): the table saw them there, and the recorder names only what was drawn unseen."""
    left = list(cards)
    for op in ops:
        if op.get("p") == p and op.get("from") in ("deck", "deck_top") and op.get("card") in left:
            left.remove(op["card"])
    return left


def _not_played(rs: Any, state: Any, action: dict[str, Any], p: int, cards: list[str]) -> list[str]:
    """``cards`` (drawn by ``p`` in ``action``) but those the action itself then took from the hand (draw 2, then
    discard 1): the action names them, and the recorder names only the draws left unnamed."""
    played = Counter(c for q, c, where in rs.named(state, action) if q == p and where == "hand" and c is not None)
    left = list(cards)
    for card in (played - Counter(rs.hand(state, p))).elements():
        if card in left:
            left.remove(card)
    return left


def _record(client: FlaskClient, ruleset: str, doc: dict[str, Any], *, name_draws: bool = True,
            with_ops: bool = False, after: Callable[[int], None] | None = None) -> tuple[int, dict[str, str], Folder]:
    """Record ``doc`` as a table would: orders left out, each player's draws named after the action that drew them
    (``name_draws``), an ability's ops written down when they took a card from a deck (``with_ops``); ``after(draft)``
    is called once each action and its names are in."""
    rs = get_ruleset(ruleset)
    cards = bundled_for(ruleset)
    real = Folder(doc["game"], cards)
    draft, auth = _draft(client, doc["game"])
    for n, action in enumerate(doc["actions"]):
        before = [list(rs.pile(real.state, p)) for p in (0, 1)]
        was = rs.clone(real.state)
        trail = real.push(action)
        drawn = [_taken(before[p], list(rs.pile(real.state, p)), action, p) for p in (0, 1)]
        sent = _without_order(action) if action["type"] in rs.hidden_orders else action
        ops = _deck_ops(trail) if with_ops else None
        if ops is not None:
            sent = {**sent, "ops": ops}
            drawn = [_not_named_by(ops, p, cards) for p, cards in enumerate(drawn)]
        drawn = [_not_played(rs, was, sent, p, cards) for p, cards in enumerate(drawn)]
        if action["type"] in rs.hidden_orders or action["type"] in getattr(rs, "draws_named_first", ()):
            offered = client.get(f"/api/drafts/{draft}/legal", headers=auth).json["actions"]
            assert sent in offered or action["type"] == "mulligan", (n, sent, offered)
        body: dict[str, Any] = {"action": sent, "expected": n}
        namers = [p for p in (0, 1) if drawn[p]] if name_draws or action["type"] in rs.hidden_orders else []
        if namers:
            body["named"] = {"p": namers[0], "cards": drawn[namers[0]]}
        r = client.post(f"/api/drafts/{draft}/actions", json=body, headers=auth)
        assert r.status_code == 200, (n, sent, r.json)
        for p in namers[1:]:
            r = client.post(f"/api/drafts/{draft}/name", json={"p": p, "cards": drawn[p], "expected": n + 1}, headers=auth)
            assert r.status_code == 200, (n, p, r.json)
        if after is not None:
            after(draft)
    return draft, auth, real


def _same_game(state: dict[str, Any], real: dict[str, Any]) -> None:
    for mine, theirs in zip(state["players"], real["players"], strict=True):
        for key in theirs:
            if key != "deck":
                assert mine[key] == theirs[key], key
    assert state["result"] == real["result"]


@pytest.mark.parametrize("ruleset", ["mahou-shoujo-1", "clockwork-memorion-1"])
def test_a_real_game_is_recorded_as_the_table_saw_it(client: FlaskClient, ruleset: str) -> None:
    """Every shuffle is tapped without an order, every draw is named: the draft is the game played (same hands,
    field, result), and the stored log is complete: its orders hold every card named where it was drawn."""
    rs = get_ruleset(ruleset)
    doc = next(d for d in simulated_logs(bundled_for(ruleset), 8, 3, ruleset=ruleset) if _moves_from_top(rs, d))
    draft, auth, real = _record(client, ruleset, doc)
    now = client.get(f"/api/drafts/{draft}", headers=auth).json
    _same_game(now["state"], rs.to_json(real.state))
    done = client.post(f"/api/drafts/{draft}/finish", headers=auth)
    assert done.status_code == 201, done.json
    stored = client.get(f"/api/games/{done.json['game_id']}/actions").json["actions"]
    assert all("order" in a for a in stored if a["type"] in rs.hidden_orders)


def _moves_from_top(rs: Any, doc: dict[str, Any]) -> bool:
    """True when the game takes cards from its decks only from the top (what this test names)."""
    fold = Folder(doc["game"], bundled_for(rs.name))
    for action in doc["actions"]:
        before = [list(rs.pile(fold.state, p)) for p in (0, 1)]
        fold.push(action)
        for p in (0, 1):
            after = list(rs.pile(fold.state, p))
            base = list(reversed(action["order"])) if action.get("p") == p and "order" in action else before[p]
            if after != base[:len(after)] and action["type"] not in ("search", "setup"):
                return False
    return True


def test_the_redraw_follows_what_was_named(client: FlaskClient) -> None:
    """Mahou's redraw (no Magical Girl among the 4 drawn) is due when the names say so, never from a made-up order:
    a bare shuffle is no redraw; four named non-Magical Girls are."""
    cards = bundled_for("mahou-shoujo-1")
    doc = next(simulated_logs(cards, 1, 1, ruleset="mahou-shoujo-1"))
    draft, auth = _draft(client, doc["game"])
    search = doc["actions"][0]
    assert search["type"] == "search"
    p = search["p"]
    assert client.post(f"/api/drafts/{draft}/actions", json={"action": search, "expected": 0}, headers=auth).status_code == 200
    deck = list(doc["game"]["players"][p]["deck"])
    for c in search["cards"]:
        deck.remove(c)
    others = [c for c in deck if cards.by_id[c].type != "magical_girl"][:4]
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": {"type": "shuffle", "p": p}, "expected": 1,
                                                          "named": {"p": p, "cards": others}}, headers=auth)
    assert r.status_code == 200, r.json
    offered = client.get(f"/api/drafts/{draft}/legal", headers=auth).json
    assert {"type": "redraw", "p": p} in offered["actions"]
    assert r.json["state"]["players"][p]["hand"][3:] == others
    # naming a card no unseen copy is left of is a conflict, said as such
    girl = next(c for c in deck if cards.by_id[c].type == "magical_girl")
    copies = deck.count(girl)
    bad = client.post(f"/api/drafts/{draft}/actions", json={"action": {"type": "redraw", "p": p}, "expected": 2,
                                                            "named": {"p": p, "cards": [girl] * (copies + 1)}},
                      headers=auth)
    assert bad.status_code == 400 and girl in bad.json["error"], bad.json
    good = client.post(f"/api/drafts/{draft}/actions", json={"action": {"type": "redraw", "p": p}, "expected": 2,
                                                             "named": {"p": p, "cards": [girl]}}, headers=auth)
    assert good.status_code == 200, good.json
    assert not any(a == {"type": "redraw", "p": p} for a in client.get(f"/api/drafts/{draft}/legal", headers=auth).json["actions"])


def test_a_card_played_from_hand_makes_an_unnamed_draw_it(client: FlaskClient) -> None:
    """Only the opening draws named (the redraw rule needs them): a later action naming a hand card makes one of the
    draws nobody named that card (the order rewritten where nobody saw it), and the game goes on as played."""
    ruleset = "mahou-shoujo-1"
    doc = next(simulated_logs(bundled_for(ruleset), 1, 2, ruleset=ruleset))
    draft, auth, real = _record(client, ruleset, doc, name_draws=False)
    now = client.get(f"/api/drafts/{draft}", headers=auth).json
    _same_game_played(now["state"], get_ruleset(ruleset).to_json(real.state))


def _same_game_played(state: dict[str, Any], real: dict[str, Any]) -> None:
    """The same field and result (hands may differ in cards never played)."""
    for mine, theirs in zip(state["players"], real["players"], strict=True):
        for key in ("active", "squad", "dreamscape", "gems", "hand_count"):
            assert mine[key] == theirs[key], key
    assert state["result"] == real["result"]


@pytest.mark.parametrize("ruleset", ["mahou-shoujo-1", "clockwork-memorion-1"])
def test_a_shuffle_nobody_saw_can_be_recorded(client: FlaskClient, ruleset: str) -> None:
    """At a real table nobody knows the deck order: the recorder must be able to write the shuffle without it.
    Today the log schema requires ``order`` and the offers hold only an order the engine made up."""
    doc = next(simulated_logs(bundled_for(ruleset), 1, 1, ruleset=ruleset))
    draft, auth = _draft(client, doc["game"])
    before = next(n for n, a in enumerate(doc["actions"]) if a["type"] == "shuffle")
    _append(client, draft, auth, doc["actions"][:before])
    shuffle = {"type": "shuffle", "p": doc["actions"][before]["p"]}
    r = client.post(f"/api/drafts/{draft}/actions", json={"action": shuffle, "expected": before}, headers=auth)
    assert r.status_code == 200, r.json


@pytest.mark.parametrize("ruleset", ["mahou-shoujo-1", "clockwork-memorion-1"])
def test_the_offers_can_follow_a_real_game(ruleset: str) -> None:
    """Every action of a played game must be one the recorder can tap (issue 21: "recorded end to end" through the
    offers). The first shuffle of a simulated game (a real permutation) is not among the offers: the recorder can only
    record the engine's own invented order, after which the hands it shows are not the hands on the table."""
    rs = get_ruleset(ruleset)
    cards = bundled_for(ruleset)
    doc = next(simulated_logs(cards, 1, 1, ruleset=ruleset))
    fold = Folder(doc["game"], cards)
    for n, action in enumerate(doc["actions"]):
        if action["type"] in ("shuffle", "redraw", "mulligan"):
            offered = rs.offers(fold.state)["actions"]
            # the lead's decision: the recorder taps the shuffle without an order (nobody saw it) and names the
            # cards drawn; the draft keeps an order consistent with them (tests/drafts/test_hidden_orders.py)
            bare = {k: v for k, v in action.items() if k != "order"}
            assert bare in offered, f"action {n} ({action['type']}) of the game cannot be tapped in the recorder"
            return
        fold.push(action)


def _uses(rs: Any, doc: dict[str, Any], want: Any) -> bool:
    return any(want(a) for a in doc["actions"])


def _recall_from_hand(a: dict[str, Any]) -> bool:
    return a["type"] == "recall" and a.get("from") == "hand"


def test_out_of_heroes_draws_are_named_as_drawn(client: FlaskClient) -> None:
    """Mahou's out_of_heroes draws by itself until a Hero comes (SR Note 3): how many cards it takes depends on what
    they are, so the cards named with it (in drawing order) are put on top before it; the draft is the game played."""
    ruleset = "mahou-shoujo-1"
    rs = get_ruleset(ruleset)
    # seed 4's game 9: out_of_heroes at action 76 draws 10 cards before its Hero
    doc = next(d for d in simulated_logs(bundled_for(ruleset), 10, 4, ruleset=ruleset)
               if _uses(rs, d, lambda a: a["type"] == "out_of_heroes") and _moves_from_top(rs, d))
    draft, auth, real = _record(client, ruleset, doc)
    now = client.get(f"/api/drafts/{draft}", headers=auth).json
    _same_game(now["state"], rs.to_json(real.state))


def test_cards_recalled_from_hand_or_taken_from_the_deck_by_an_effect_are_named(client: FlaskClient) -> None:
    """Clockwork's recall from the hand names a hand card (and so do the recalls interrupting another action, and
    an effect's ops from the hand); an effect's ops name what they take from the deck (``deck_top``: the top card,
    ``deck``: a search). With the draws not named, each such name rewrites the order where nobody saw it, and the
    game goes on as played: seed 3's game holds recalls from the hand and CWX 012's ``deck_top`` put to storage."""
    ruleset = "clockwork-memorion-1"
    rs = get_ruleset(ruleset)
    doc = next(d for d in simulated_logs(bundled_for(ruleset), 12, 3, ruleset=ruleset) if _uses(rs, d, _recall_from_hand))
    draft, auth, real = _record(client, ruleset, doc, name_draws=False, with_ops=True)
    now = client.get(f"/api/drafts/{draft}", headers=auth).json
    mine, theirs = now["state"], rs.to_json(real.state)
    for a, b in zip(mine["players"], theirs["players"], strict=True):
        left = ("deck", "hand", "not_named")  # a hand's draws nobody named are null there (not_named says how many)
        assert {k: v for k, v in a.items() if k not in left} == {k: v for k, v in b.items() if k not in left}
        assert len(a["hand"]) == len(b["hand"]) and a.get("not_named", 0) == a["hand"].count(None)
        assert not Counter(c for c in a["hand"] if c is not None) - Counter(b["hand"])
    assert mine["result"] == theirs["result"]


class _Toy:
    """A one-player game for :class:`Orders` alone: a deck (top last), a hand, and actions that say what they name."""

    hidden_orders = frozenset({"shuffle"})

    def __init__(self, order: list[str]) -> None:
        self.players = [0]
        self.deck, self.hand = list(reversed(order)), []

    def pile(self, state: Any, p: int) -> list[str]:
        return state.deck

    def hand_of(self, state: Any, p: int) -> list[str]:
        return state.hand

    def named(self, state: Any, action: dict[str, Any]) -> list[tuple[int, str | None, str]]:
        return action["named"]


def _toy_orders(order: list[str], draws: int) -> tuple[Any, Any]:
    from pmemo_replay.drafts.orders import Orders

    game = _Toy(order)
    rs = type("Rs", (), {"hidden_orders": game.hidden_orders, "pile": game.pile, "hand": game.hand_of,
                         "named": game.named})()
    orders = Orders(rs, game)
    orders.after(0, {"type": "shuffle", "p": 0, "order": order}, [[]], game)
    for n in range(draws):
        before = orders.decks(game)
        game.hand.append(game.deck.pop())
        orders.after(1 + n, {"type": "draw", "p": 0}, before, game)
    return orders, game


def test_a_search_and_cards_from_the_top_are_named_where_nobody_saw() -> None:
    """``deck``: a searched card the deck lacks under the placeholder swaps with a draw nobody named (of the same
    order); ``top``: the action's cards from the top in order, an unnamed one (a draw) skipped; a seen card is a
    conflict."""
    from pmemo_replay.drafts.orders import NamingConflict

    orders, game = _toy_orders(["A", "B", "C", "D"], 1)  # A drawn, unnamed; B on top
    rewrite = orders.name_for(game, {"named": [(0, "A", "deck")]}, ["Aoi"])
    assert rewrite.orders == {0: ["B", "A", "C", "D"]} and rewrite.seen == {0: {1}}
    with pytest.raises(NamingConflict):
        orders.name_for(game, {"named": [(0, "E", "deck")]}, ["Aoi"])
    orders, game = _toy_orders(["A", "B", "C", "D"], 0)
    rewrite = orders.name_for(game, {"named": [(0, None, "top"), (0, "D", "top")]}, ["Aoi"])
    assert rewrite.orders == {0: ["A", "D", "C", "B"]} and rewrite.seen == {0: {1}}
    assert orders.name_top(0, ["C", "A"], ["Aoi"]).orders == {0: ["C", "A", "B", "D"]}
    orders.seen = {0: {0}}  # A seen on top already
    with pytest.raises(NamingConflict):
        orders.name_top(0, ["B"], ["Aoi"])


def test_a_hand_card_played_is_a_named_copy_when_the_hand_holds_one() -> None:
    """A hand holding A named and a draw nobody named whose placeholder is A too: playing A plays the named copy
    (the draw stays unnamed, nothing is rewritten); playing B then makes that draw B."""
    orders, game = _toy_orders(["A", "A", "B", "C"], 2)
    orders.see({0: {0}})  # the first draw named A
    assert not orders.name_for(game, {"named": [(0, "A", "hand")]}, ["Aoi"])
    game.hand.remove("A")
    assert orders.unnamed(game, 0) == [(0, 1)]
    rewrite = orders.name_for(game, {"named": [(0, "B", "hand")]}, ["Aoi"])
    assert rewrite.orders == {0: ["A", "B", "A", "C"]} and rewrite.seen == {0: {1}}
    # both A played at once: the named copy, then the draw whose placeholder is A (only marked seen)
    orders, game = _toy_orders(["A", "A", "B", "C"], 2)
    orders.see({0: {0}})
    rewrite = orders.name_for(game, {"named": [(0, "A", "hand"), (0, "A", "hand")]}, ["Aoi"])
    assert not rewrite.orders and rewrite.seen == {0: {1}}
