"""What a table does not see in Clockwork Memorion (engine.ruleset.HiddenOrders): the cards an action names from
hidden places, for a draft whose deck orders nobody saw (pmemo_replay/drafts/orders.py).

An action's tree is read in the order things happen: each node's own hand card (``summon``, ``inherit``, ``recall``
from the hand, a ``mulligan``'s or ``discard``'s cards) leaves the hand when it is declared, the action first, then
its interrupts (§6.1) depth first; then the interrupts resolve, the last declared first, then the action itself,
then the recalls of its ``time`` (each declared, then resolved). A node resolving names what its logged ``ops``
take: ``draw`` takes unnamed cards from the top, ``from: deck_top`` the top card (named), ``from: deck`` a copy
anywhere in the deck (a search), ``from: hand`` a hand card. A card an op puts on top of a deck is not followed: the
next ``deck_top`` op of that player is read as the next card down. A card drawn and never named is hidden in a state
JSON where it lies: the hand, else the Drop (``hide_unnamed``). A node that logs no ``ops`` (a scripted ability: the
engine builds them) is read from its card's effect in the state before the action (``named(action, g)``): the cards
its ``targets`` choose from a hand or a deck, and a literal draw's or a ``deck_top`` move's cards taken unnamed.

Recorded from one seat (``seat_recordings``): the rival's ``mulligan`` sends its ``cards`` back face down (only the
rival sees which: ``RETURNS_UNSEEN``); the draft fills them with hand cards nobody named and the merge takes them from
the rival's own recording. The rival's draws (the opening hand, the turn's draw, an effect's ``draw`` or ``deck_top``
put into the hand) stay unnamed until a card is played from the hand.

>>> named({"type": "summon", "p": 0, "card": "A", "interrupts": [{"type": "recall", "p": 1, "card": "B", "from": "hand"}]})
[(0, 'A', 'hand'), (1, 'B', 'hand')]
>>> named({"type": "activate", "p": 0, "ops": [{"op": "draw", "p": 0, "n": 1},
...        {"op": "put", "p": 0, "card": "C", "from": "deck_top", "to": "hand"}]})
[(0, None, 'top'), (0, 'C', 'top')]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.clockwork.state import Game, Unit
from engine.clockwork.values import abilities_of, is_active
from engine.ruleset import null_copies

Named = tuple[int, str | None, str]
#: the action whose field lists hand cards it puts back into its player's deck face down (§4: only that player sees
#: which; engine.ruleset ``returns_unseen``)
RETURNS_UNSEEN = {"mulligan": "cards"}
#: where an op's ``from`` takes a card: the drafts' words for it
_FROM = {"hand": "hand", "deck_top": "top", "deck": "deck"}


def _subs(node: Mapping[str, Any], field: str) -> list[Mapping[str, Any]]:
    return [s for s in (node.get(field) or ()) if isinstance(s, Mapping)]


def _declared(node: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """The nodes declared with ``node``, in order: itself, then its interrupts depth first."""
    yield node
    for sub in _subs(node, "interrupts"):
        yield from _declared(sub)


def _steps(node: Mapping[str, Any]) -> Iterator[tuple[bool, Mapping[str, Any]]]:
    """``(resolving, node)`` for each node of the tree as it happens: False when declared (its hand card leaves
    the hand), True when it resolves (its ops)."""
    for sub in _declared(node):
        yield False, sub
    yield from _resolved(node)


def _resolved(node: Mapping[str, Any]) -> Iterator[tuple[bool, Mapping[str, Any]]]:
    for sub in reversed(_subs(node, "interrupts")):
        yield from _resolved(sub)
    yield True, node
    for sub in _subs(node, "time"):
        yield from _steps(sub)


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


def _effect(g: Game, node: Mapping[str, Any]) -> tuple[tuple[dict[str, Any], ...], int] | None:
    """The template ops node ``node`` resolves and their controller, as its card says in ``g`` (None when it resolves
    none: an inactive trigger, a King's Memorion whose holder does not fit or that misses, not an effect's node)."""
    kind, p = node.get("type"), node.get("p")
    if type(p) is not int:
        return None
    if kind == "trigger":
        key = (p, node.get("at"), node.get("ability"), node.get("memorion"))
        entry = next((e for e in g.pending if (e["p"], e["at"], e["ability"], e["memorion"]) == key), None)
        if entry is None:
            return None
        found = g.locate(entry["uid"], (entry["p"], entry["at"]))
        source = found[1] if found is not None else Unit(entry["card"], 0)  # (no new uid: ``g`` stays as it is)
        memorion = entry["memorion"]
        ab, idx = ((abilities_of(g, source)[entry["ability"]], entry["ability"]) if memorion is None
                   else (g.card(memorion).abilities[entry["ability"]], None))
        # an inactive one resolves nothing and takes no targets (an interrupt may fill its blank slot first)
        active = is_active(g, source, ab, idx) or bool(node.get("targets") or node.get("choices"))
        return (ab.effect or (), p) if active else None
    if kind == "activate":
        unit = g.players[p].unit_at(node["at"])
        return None if unit is None else (abilities_of(g, unit)[node["ability"]].effect or (), p)
    if kind == "recall":
        card = g.card(node["card"])
        target = node["target"]
        if card.on_recall is None or not isinstance(target, Mapping):
            return None
        holder, effect = card.on_recall
        if target.get("at") == "summoning":  # the Successor being summoned
            return (effect, p) if holder != "ruler" else None
        owner: int = target["p"]
        held = g.players[owner].unit_at(target["at"])
        if held is None or held.destroyed or not (holder == "any" or (holder == "ruler") == held.is_ruler):
            return None
        return effect, owner
    return None


def _templated(g: Game, node: Mapping[str, Any]) -> list[Named]:
    """What a node that logs no ops takes, read from its card's effect (its templates, §8.1) in ``g``: each card its
    ``targets`` choose from a hand or a deck, and the cards a literal ``draw`` or a ``deck_top`` move takes unnamed
    (a draw counted by a slot's words is left out: what the slot holds when it resolves is not read here)."""
    try:
        found = _effect(g, node)
    except (KeyError, IndexError, TypeError, AttributeError):  # not the state's: the fold rules on it
        return []
    if found is None:
        return []
    effect, p = found
    targets = node.get("targets") or ()
    out: list[Named] = []
    i = 0
    for t in effect:
        who = p if t["p"] == "self" else 1 - p
        for key in ("at", "card", "memorion"):  # the targets' order (engine.clockwork.legal ``_choosers``)
            if t.get(key) != "choose":
                continue
            chosen = targets[i] if i < len(targets) else None
            i += 1
            if key == "card" and t.get("from") in ("hand", "deck") and isinstance(chosen, str):
                out.append((who, chosen, t["from"]))
        if t["op"] == "draw" and type(t["n"]) is int:
            out += [(who, None, "top")] * max(0, t["n"])
        elif t["op"] in ("put", "discard") and t.get("from") == "deck_top" and type(t.get("n", 1)) is int:
            out += [(who, None, "top")] * max(0, t.get("n", 1))
    return out


def named(action: Mapping[str, Any], g: Game | None = None) -> list[Named]:
    """``(player, card, where)`` for each card ``action`` names from a hand (``"hand"``) or a deck (``"top"``: the
    next card from the top, None when the action takes it unnamed, a draw; ``"deck"``: anywhere in it); with the
    state ``g`` before it, a node without logged ops is read from its card's effect."""
    out: list[Named] = []
    for resolving, node in _steps(action):
        if not resolving:
            out += _own(node)
        else:
            out += _ops(node) if g is None or "ops" in node else _templated(g, node)
    return out


def hide_unnamed(state_json: dict[str, Any], p: int, cards: Sequence[str]) -> None:
    """Null one copy of each of ``cards`` (drawn by ``p``, never named) in ``p``'s hand, else the Drop."""
    me = state_json["players"][p]
    null_copies(me["drop"], null_copies(me["hand"], cards))
