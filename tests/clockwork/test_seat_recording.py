"""Clockwork Memorion recorded from one seat (issue 21): the ruleset's members for it (engine/clockwork/hidden.py,
engine.ruleset ``returns_unseen``, ``seat_hidden_fields``), what an action names read from its card's effect, and
what the drafts' orders (pmemo_replay/drafts/orders.py) do with a Clockwork deck: a card moved from the top to the
bottom keeps its place, a kept card named after a mulligan is carried into the mulligan's order, a card an effect
draws and then chooses from the hand is one of the cards drawn."""

from __future__ import annotations

from typing import Any

import pytest

from engine.clockwork import hidden
from engine.fold import Folder
from engine.merge import own_hidden
from engine.ruleset import recorded_from, recorded_from_problem, returned_unseen, seat_hidden_fields, seat_recordings
from engine.rulesets import get_ruleset
from pmemo_replay.drafts.orders import NamingConflict, Orders
from tests.clockwork.kit import CARDS, EXAMPLE, header

RS = get_ruleset("clockwork-memorion-1")


def test_clockwork_may_be_recorded_from_one_seat() -> None:
    assert seat_recordings(RS) and RS.returns_unseen == {"mulligan": "cards"}
    seat1 = {**header(), "meta": {"recorded_from": 1}}
    assert recorded_from(RS, seat1) == 1 and recorded_from(RS, header()) is None
    assert recorded_from_problem(RS, seat1) is None
    assert "0 to 1" in str(recorded_from_problem(RS, {**header(), "meta": {"recorded_from": 2}}))


def test_what_only_its_player_knows_of_each_action() -> None:
    """A mulligan: its order (nobody) and its cards (its player); a shuffle: its order; a summon: nothing. Mahou's
    search (a hidden choice) answers its cards as before."""
    mulligan = EXAMPLE[5]
    assert returned_unseen(RS, mulligan) == "cards" and seat_hidden_fields(RS, mulligan) == ("order", "cards")
    assert seat_hidden_fields(RS, EXAMPLE[2]) == ("order",) and seat_hidden_fields(RS, EXAMPLE[6]) == ()
    mahou = get_ruleset("mahou-shoujo-1")
    assert seat_hidden_fields(mahou, {"type": "search", "p": 0, "cards": []}) == ("cards",)
    assert returned_unseen(mahou, {"type": "redraw", "p": 0}) is None


def test_the_merge_takes_a_mulligan_from_its_own_players_recording() -> None:
    """``own_hidden``: in seat 0's recording, the rival's (Ren's) mulligan cards and both shuffles' orders of Ren are
    not known (null: the draft's placeholders); Aoi's own stay as recorded."""
    seen = own_hidden(RS, EXAMPLE[:7], 0)
    assert seen[5] == {**EXAMPLE[5], "cards": None, "order": None}
    assert seen[3] == {**EXAMPLE[3], "order": None} and seen[2] == EXAMPLE[2]
    assert seen[6] == EXAMPLE[6] and own_hidden(RS, EXAMPLE[:7], 1)[5] == EXAMPLE[5]


def _state_after(actions: list[dict[str, Any]]) -> Any:
    fold = Folder(header(), CARDS, keep_trails=False)
    for action in actions:
        fold.push(action)
    return fold.state


def test_a_scripted_effect_is_read_from_its_card() -> None:
    """Without logged ops, a King's Memorion recalled onto the Ruler (CWX 031: pay 100 Life, draw 2, discard 1 chosen
    from the hand) names its two draws, unnamed, then the card its target chooses; onto a Successor its holder does
    not fit, so it resolves nothing and names only the recalled card itself (the state before is not changed)."""
    g = _state_after(EXAMPLE)
    onto_ruler = {"type": "recall", "p": 0, "card": "CWX 031", "from": "hand", "target": {"p": 0, "at": "ruler"},
                  "targets": ["CWX 013"]}
    uid = g.next_uid
    assert RS.named(g, onto_ruler) == [(0, "CWX 031", "hand"), (0, None, "top"), (0, None, "top"), (0, "CWX 013", "hand")]
    onto_successor = {**onto_ruler, "target": {"p": 0, "at": "zone:1"}, "targets": []}
    assert RS.named(g, onto_successor) == [(0, "CWX 031", "hand")]
    assert g.next_uid == uid
    assert hidden.named(onto_ruler) == [(0, "CWX 031", "hand")]  # without a state: the logged ops only


def test_a_tree_is_named_in_the_order_things_happen() -> None:
    """Hand cards leave when declared (the action, then its interrupts); effects resolve after, the interrupts last
    declared first, then the action, then its Recall Time: a recall in the time list comes after the draws of the
    recall it follows."""
    tree = {"type": "recall", "p": 0, "card": "K", "from": "hand", "target": {"p": 0, "at": "ruler"},
            "ops": [{"op": "draw", "p": 0, "n": 2}],
            "interrupts": [{"type": "recall", "p": 1, "card": "B", "from": "hand", "target": {"p": 1, "at": "ruler"},
                            "ops": [{"op": "put", "p": 1, "card": "T", "from": "deck_top", "to": "storage"}]}],
            "time": [{"type": "recall", "p": 0, "card": "X", "from": "hand", "target": {"p": 0, "at": "ruler"}}]}
    assert hidden.named(tree) == [(0, "K", "hand"), (1, "B", "hand"), (1, "T", "top"), (0, None, "top"),
                                  (0, None, "top"), (0, "X", "hand")]


class _Toy:
    """One player's deck (top last) and hand, for :class:`Orders` alone; its actions say what they name."""

    hidden_orders = frozenset({"shuffle", "mulligan"})

    def __init__(self) -> None:
        self.players = [0]
        self.deck: list[str] = []
        self.hand: list[str] = []

    def pile(self, state: Any, p: int) -> list[str]:
        return self.deck

    def hand_of(self, state: Any, p: int) -> list[str]:
        return self.hand

    def named(self, state: Any, action: dict[str, Any]) -> list[tuple[int, str | None, str]]:
        return action.get("named", [])


def _orders(toy: _Toy) -> Orders:
    rs = type("Rs", (), {"hidden_orders": toy.hidden_orders, "pile": toy.pile, "hand": toy.hand_of,
                         "named": toy.named})()
    return Orders(rs, toy, from_seat=1)


def _do(orders: Orders, toy: _Toy, index: int, action: dict[str, Any], change: Any) -> None:
    before = orders.decks(toy)
    change()
    orders.after(index, action, before, toy)


def _shuffle(toy: _Toy, orders: Orders, order: list[str], draws: int) -> None:
    def deal() -> None:
        toy.deck = list(reversed(order))
        for _ in range(draws):
            toy.hand.append(toy.deck.pop())
    _do(orders, toy, 0, {"type": "shuffle", "p": 0, "order": order}, deal)


def test_a_card_put_from_the_top_to_the_bottom_keeps_its_place() -> None:
    toy = _Toy()
    orders = _orders(toy)
    _shuffle(toy, orders, ["A", "B", "C", "D"], 0)
    _do(orders, toy, 1, {"type": "trigger", "p": 0}, lambda: toy.deck.insert(0, toy.deck.pop()))
    assert toy.deck == ["A", "D", "C", "B"] and orders.origins[0] == [(0, 0), (0, 3), (0, 2), (0, 1)]
    assert orders.taken == {}  # it left no deck: no draw nobody named


def test_a_kept_card_named_after_a_mulligan_is_carried_into_its_order() -> None:
    """The rival drew A and B, sent B back (a mulligan: C D E B) and drew C, which was named. Naming E for the hand
    makes the kept draw E; the E still in the deck then was A's: the mulligan's order says so (the deck it shuffled
    held A, not E), so every order stays a permutation of the deck it shuffled."""
    toy = _Toy()
    orders = _orders(toy)
    _shuffle(toy, orders, ["A", "B", "C", "D", "E"], 2)

    def mulligan() -> None:
        toy.hand.remove("B")
        toy.deck = list(reversed(["C", "D", "E", "B"]))
        toy.hand.append(toy.deck.pop())
    _do(orders, toy, 1, {"type": "mulligan", "p": 0, "cards": ["B"], "order": ["C", "D", "E", "B"]}, mulligan)
    assert orders.back == {(0, 1): 1} and toy.hand == ["A", "C"]
    orders.see({1: {0}})  # C seen (played, say): the mulligan's draw is no longer to name
    rewrite = orders.name_for(toy, {"named": [(0, "E", "hand")]}, ["Ren"])
    assert rewrite.orders == {0: ["E", "B", "C", "D", "A"], 1: ["C", "D", "A", "B"]}
    assert rewrite.seen == {0: {0}}
    with pytest.raises(NamingConflict):  # no F anywhere
        orders.name_for(toy, {"named": [(0, "F", "hand")]}, ["Ren"])


def test_a_card_the_action_draws_and_then_chooses_is_one_of_its_draws() -> None:
    """Draw 2, then discard 1 chosen from the hand: a card the hand lacks is put where the action draws."""
    toy = _Toy()
    orders = _orders(toy)
    _shuffle(toy, orders, ["A", "B", "C", "D"], 0)
    rewrite = orders.name_for(toy, {"named": [(0, None, "top"), (0, None, "top"), (0, "D", "hand")]}, ["Aoi"])
    assert rewrite.orders == {0: ["D", "B", "C", "A"]} and rewrite.seen == {0: {0}}
