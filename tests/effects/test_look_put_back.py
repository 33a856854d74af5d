"""Looking at the top cards, moving some and putting the rest back on top in an order the player chooses (SAGA 01-050's
shape; reader rd13): the order the log gives is taken with ``choices`` and with ``ops`` alone, and the put-back moves
read off the ops are not taken for more picks."""

from __future__ import annotations

from typing import Any

from tests.effects.test_machinery import AKI, BEN, _chara, _event, boards_with
from tests.engine.kit import Game, assert_illegal, assert_legal

PEEK = "TST 87-001"
#: distinct cards stacked under the opening hand, so that the top of the deck shows which card went where
PLAIN = [f"TST 87-1{i:02d}" for i in range(12)]
CARDS = [_event("87-001", "Peek", ({"op": "pick", "from": "deck", "to": "discard", "n": 3, "filter": {}, "look": 3,
                                    "up_to": True, "rest_to": "deck"},), cost=0),
         *(_chara(cid[4:], f"Plain {i}") for i, cid in enumerate(PLAIN))]


def _game() -> tuple[Game, list[str]]:
    g = boards_with(CARDS, [AKI], [BEN], [PEEK, *PLAIN])
    top = _top(g, 3)
    assert len(set(top)) == 3
    return g, top


def _moves(discard: list[str], back: list[str]) -> list[dict[str, Any]]:
    """Ops: the discarded cards, then the rest back on top in ``back`` order (each put on top in turn)."""
    ops = [{"op": "move", "p": 0, "card": c, "from": "deck", "to": "discard"} for c in discard]
    return ops + [{"op": "move", "p": 0, "card": c, "from": "deck", "to": "deck"} for c in back]


def _top(g: Game, n: int) -> list[str]:
    """The top ``n`` cards of player 0's deck after ``g``, top first (the state keeps the top last)."""
    return [c for c in assert_legal(g).state.players[0].deck[::-1][:n] if c is not None]


def test_ops_alone_give_the_order_of_the_cards_put_back() -> None:
    g, top = _game()
    for back in ([top[1], top[2]], [top[2], top[1]]):  # either order of the two kept (the last put back ends on top)
        g2, _ = _game()
        g2.add("play_event", 0, card=PEEK, pay=[], ops=_moves([top[0]], back))
        assert _top(g2, 2) == back[::-1]
    g.add("play_event", 0, card=PEEK, pay=[], ops=_moves([], [top[0], top[1], top[2]]))  # none discarded
    assert _top(g, 3) == [top[2], top[1], top[0]]


def test_choices_with_ops_take_the_order_from_the_ops() -> None:
    g, top = _game()
    for back in ([top[1], top[2]], [top[2], top[1]]):
        g, _ = _game()
        g.add("play_event", 0, card=PEEK, pay=[], choices=[[top[0]]], ops=_moves([top[0]], back))
        assert _top(g, 2) == back[::-1]


def test_put_back_ops_that_are_not_the_rest_are_refused() -> None:
    g, top = _game()
    assert_illegal(g.add("play_event", 0, card=PEEK, pay=[], ops=_moves([top[0]], [top[1]])), "effect.result")
    g, top = _game()
    assert_illegal(g.add("play_event", 0, card=PEEK, pay=[], ops=_moves([top[0]], [top[0], top[1]])), "effect.result")


def test_looking_at_the_whole_deck_shuffles_it() -> None:
    """Rule book 000 "When Looking at All Cards in the Deck": a look that saw every card of the deck ends with a
    shuffle the text does not mention; a look at part of it does not."""
    g, _ = _game()
    deck = [c for c in assert_legal(g).state.players[0].deck if c is not None]
    g = boards_with([*CARDS, _event("87-002", "Peek all", ({"op": "pick", "from": "deck", "to": "discard", "n": 1,
                                                             "filter": {}, "look": len(deck), "up_to": True,
                                                             "rest_to": "deck"},), cost=0)],
                    [AKI], [BEN], [PEEK, "TST 87-002", *PLAIN])
    deck = [c for c in assert_legal(g).state.players[0].deck if c is not None][::-1]  # top first
    back = deck[1:]
    order = list(reversed(back))
    moves = _moves([deck[0]], back)
    g.add("play_event", 0, card="TST 87-002", pay=[], ops=[*moves, {"op": "shuffle", "p": 0, "order": order}])
    assert_legal(g)
    g.actions[-1]["ops"] = moves  # the shuffle left out
    assert_illegal(g, "effect.result")
