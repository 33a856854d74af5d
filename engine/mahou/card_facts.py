"""A Mahou Shoujo card in words for its page: its numbers, a Grand MG's conditions and its effect (the viewer's board
narrates the card data itself, boards/mahou-shoujo-1.js).

>>> from engine.mahou.cards import MsCard
>>> card = MsCard(id="MSJ 053", name="Squall", type="event",
...               effect=({"op": "damage", "p": "rival", "pos": "active", "n": 2},))
>>> card_words(card)["effect"]
["2 damage to the rival's Active fighter"]
>>> card_words(MsCard(id="MSJ 054", name="Lull", type="event", effect=()))["effect"]
['nothing (a scripted effect that does nothing)']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.mahou.cards import MsCard

#: the numbers each card type prints (mahou-shoujo.md §1); a type's others are 0 and left out
NUMBERS = {"hero": ("hp", "atk"), "magical_girl": ("hp", "atk", "mgk"), "grand_magical_girl": ("hp", "atk"),
           "pet": ("hp", "atk", "cost"), "magical_power": ("cost",), "event": ()}
CONDITIONS = {"girl": "the Active Magical Girl is {}", "mgk_at_least": "the Active fighter's MGK is at least {}",
              "hp_at_most": "the Active fighter's HP is at most {}",
              "dreamscape_at_least": "the Dreamscape holds at least {} cards"}


def _whose(op: Mapping[str, Any]) -> str:
    return {"self": "its player's", "rival": "the rival's"}.get(op.get("p"), f"player {op.get('p')}'s")


def _where(op: Mapping[str, Any]) -> str:
    pos = op.get("pos")
    if pos == "choose":
        return f"a fighter of {_whose(op)} choice" if op.get("p") == "self" else f"a chosen fighter of {_whose(op)}"
    if pos == "active":
        return f"{_whose(op)} Active fighter"
    return f"{_whose(op)} fighter at {pos}"


def narrate_op(op: Mapping[str, Any]) -> str:
    """One op template of a card's effect in words (an op the engine does not know: its fields as written)."""
    kind = op.get("op")
    who = "its player" if op.get("p") == "self" else "the rival" if op.get("p") == "rival" else f"player {op.get('p')}"
    card = "a chosen card" if op.get("card") == "choose" else op.get("card")
    if kind == "damage":
        return f"{op.get('n')} damage to {_where(op)}"
    if kind == "heal":
        return f"heal {op.get('n')} on {_where(op)} (up to its max HP)"
    if kind == "boost":
        until = "until the turn ends" if op.get("until") == "turn_end" else "while its Hero stays on the field"
        return f"ATK {op.get('atk'):+d} for {_where(op)}, {until}" if isinstance(op.get("atk"), int) else \
            f"ATK {op.get('atk')} for {_where(op)}, {until}"
    if kind == "mgk":
        n = op.get("n")
        return f"MGK {n:+d} for {_where(op)}" if isinstance(n, int) else f"MGK {n} for {_where(op)}"
    if kind == "draw":
        return f"{who} draws {op.get('n')}"
    if kind == "discard":
        return f"{who} discards {card} from the hand"
    if kind == "detach":
        return f"{card}, a Pet attached to {_where(op)}, goes to the Dreamscape"
    fields = ", ".join(f"{k} {v}" for k, v in op.items() if k != "op")
    return f"{kind}: {fields}" if fields else str(kind)


def card_words(card: Any) -> dict[str, Any] | None:
    """The facts of a Mahou Shoujo card as words and numbers (None for another game's card)."""
    if not isinstance(card, MsCard):
        return None
    out: dict[str, Any] = {"id": card.id, "name": card.name, "type": card.type.replace("_", " ")}
    for key in NUMBERS.get(card.type, ("hp", "atk", "mgk", "cost")):
        out[key] = f"{card.cost} MGK" if key == "cost" else getattr(card, key)
    if card.conditions:
        out["conditions"] = [CONDITIONS[k].format(", ".join(map(str, v)) if isinstance(v, list | tuple) else v)
                             if k in CONDITIONS else f"{k}: {v}" for k, v in card.conditions.items()]
    if card.effect is None:
        if card.type in ("magical_power", "event"):
            out["effect"] = ["not scripted: the ops a log records are applied as recorded"]
    else:
        out["effect"] = [narrate_op(op) for op in card.effect] or ["nothing (a scripted effect that does nothing)"]
    if card.text and card.text.strip():
        out["text"] = card.text
    return out
