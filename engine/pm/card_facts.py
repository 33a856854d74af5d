"""What the pages show of a Precious Memories card: its facts (hover details, tiles) and how the engine reads each
of its effects (the ruleset's ``card_facts`` and ``effect_reading``).

>>> from engine.pm.cards import Card
>>> facts = card_facts(Card(id="TST 01-001", name="Aki", series="Test", type="chara", color="red",
...                         cost=2, source=2, ap=30, dp=30, active=True, ignore=2))
>>> facts["name"], facts["ap"], facts["keywords"]
('Aki', 30, ['Active', 'Ignore 2'])
"""

from __future__ import annotations

from typing import Any

from engine.pm.cards import Card


def keywords(card: Card) -> list[str]:
    """The card's keywords in words (Active, Break, Level Up, EX, Combo, Reinforcement, Backup, ...)."""
    out: list[str] = []
    flags = (("Active", card.active), ("Break", card.break_), ("Level Up", card.level_up), ("EX", card.ex),
             ("Untargetable", card.untargetable), ("Backup", card.backup is not None))
    out.extend(word for word, on in flags if on)
    if card.ignore is not None:
        out.append(f"Ignore {card.ignore}")
    if card.pinch is not None:
        points, ap, dp = card.pinch
        out.append(f"Pinch {points}: {ap:+d}/{dp:+d}")
    if card.combo is not None:
        out.append(f"Combo {card.combo[0]}&{card.combo[1]}")
    if card.reinforcement is not None:
        out.append(f"Reinforcement ({card.reinforcement[0]}: {card.reinforcement[1]})")
    return out


def card_facts(card: Any) -> dict[str, Any] | None:
    """id, name, series, type, color, cost (None with ``cost_symbol`` for a symbol cost such as △), source, AP/DP,
    properties, keywords, timing (and the text when the card data has it) of a Precious Memories card; None for
    another game's card."""
    if not isinstance(card, Card):
        return None
    return {
        "id": card.id, "name": card.name, "series": card.series, "type": card.type, "color": card.color,
        "cost": card.cost, **({"cost_symbol": card.cost_symbol} if card.cost_symbol else {}), "source": card.source,
        "ap": card.ap, "dp": card.dp, "properties": list(card.properties),
        "keywords": keywords(card), "timing": str(card.timing) if card.timing else None,
        **({"text": card.text} if card.text and card.text.strip() not in ("", "-") else {}),
    }


#: each kind of effect as rulings and the viewer name it, and the log action that names it by ``effect``
KIND_WORDS = {"auto": ("automatic", "trigger"), "activated": ("activated", "use_effect"), "continuous": ("continuous", None)}


def effect_reading(card: Any) -> list[dict[str, str]] | None:
    """How the engine reads each effect: ``scripted`` (a hand-written script), ``compiled`` (a script the text
    compiler made), ``unverified`` (no script: applied as the log records it, with why); None for another game's
    card. Each effect is numbered as a log names it (log-format.md: the 0-based index among the card's effects of its
    kind) and as rulings say it: "automatic effect 0" is the trigger ``"effect": 0``."""
    if not isinstance(card, Card):
        return None
    out = []
    seen: dict[str, int] = {}
    for eff in card.effects:
        n = seen[eff.kind] = seen.get(eff.kind, -1) + 1
        word, action = KIND_WORDS.get(eff.kind, (eff.kind, None))
        out.append(_reading(eff, f"{word} effect {n}", f'{action} "effect": {n}' if action else ""))
    if card.backup is not None:
        out.append(_reading(card.backup, "[Backup]", "backup"))
    return out


def _reading(eff: Any, label: str, logged: str) -> dict[str, str]:
    how = ("compiled" if eff.compiled else "scripted") if eff.scripted else "unverified"
    why = "" if eff.scripted else (eff.why or "no script: the ops the log records are applied as recorded")
    return {"effect": label, "reading": how, "why": why, "log": logged}
