"""What a table does not see in Clockwork Memorion (engine.ruleset.HiddenOrders): the cards an action names from
hidden places, for a draft whose deck orders nobody saw (pmemo_replay/drafts/orders.py).

An action's tree is read in resolution order: the interrupts (§6.1) declared depth first resolve last first, each
node's ``time`` recalls with it, the top-level action last; each node names its own hand card (``summon``,
``inherit``, ``recall`` from the hand, a ``mulligan``'s or ``discard``'s cards) and its logged ``ops`` name what they
take: ``draw`` takes unnamed cards from the top, ``from: deck_top`` the top card (named), ``from: deck`` a copy
anywhere in the deck (a search), ``from: hand`` a hand card. A card an op puts on top of a deck is not followed: the
next ``deck_top`` op of that player is read as the next card down. A card drawn and never named is hidden in a state
JSON where it lies: the hand, else the Drop (``hide_unnamed``).

>>> named({"type": "summon", "p": 0, "card": "A", "interrupts": [{"type": "recall", "p": 1, "card": "B", "from": "hand"}]})
[(1, 'B', 'hand'), (0, 'A', 'hand')]
>>> named({"type": "activate", "p": 0, "ops": [{"op": "draw", "p": 0, "n": 1},
...        {"op": "put", "p": 0, "card": "C", "from": "deck_top", "to": "hand"}]})
[(0, None, 'top'), (0, 'C', 'top')]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.ruleset import null_copies

Named = tuple[int, str | None, str]
#: where an op's ``from`` takes a card: the drafts' words for it
_FROM = {"hand": "hand", "deck_top": "top", "deck": "deck"}


def _nodes(action: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """The action's nodes in resolution order: its interrupts (the last declared first), then itself."""
    subs = [s for s in (action.get("interrupts") or ()) if isinstance(s, Mapping)]
    for sub in reversed(subs):
        yield from _nodes(sub)
    for sub in action.get("time") or ():
        if isinstance(sub, Mapping):
            yield from _nodes(sub)
    yield action


def _own(node: Mapping[str, Any]) -> list[Named]:
    """The hand cards the node itself plays or sends away."""
    p, kind = node.get("p"), node.get("type")
    if type(p) is not int:
        return []
    if kind in ("summon", "inherit") and isinstance(node.get("card"), str):
        return [(p, node["card"], "hand")]
    if kind == "recall" and node.get("from") == "hand" and isinstance(node.get("card"), str):
        return [(p, node["card"], "hand")]
    if kind in ("mulligan", "discard"):
        return [(p, c, "hand") for c in node.get("cards") or () if isinstance(c, str)]
    return []


def _ops(node: Mapping[str, Any]) -> list[Named]:
    """What the node's logged ops take from hands and decks, in their order."""
    out: list[Named] = []
    for op in node.get("ops") or ():
        if not isinstance(op, Mapping) or type(op.get("p")) is not int:
            continue
        p = op["p"]
        if op.get("op") == "draw" and type(op.get("n")) is int:
            out += [(p, None, "top")] * max(0, op["n"])
        elif op.get("op") in ("discard", "put", "summon") and op.get("from") in _FROM and isinstance(op.get("card"), str):
            out.append((p, op["card"], _FROM[op["from"]]))
    return out


def named(action: Mapping[str, Any]) -> list[Named]:
    """``(player, card, where)`` for each card ``action`` names from a hand (``"hand"``) or a deck (``"top"``: the
    next card from the top, None when the action takes it unnamed, a draw; ``"deck"``: anywhere in it)."""
    out: list[Named] = []
    for node in _nodes(action):
        out += _own(node) + _ops(node)
    return out


def hide_unnamed(state_json: dict[str, Any], p: int, cards: Sequence[str]) -> None:
    """Null one copy of each of ``cards`` (drawn by ``p``, never named) in ``p``'s hand, else the Drop."""
    me = state_json["players"][p]
    null_copies(me["drop"], null_copies(me["hand"], cards))
