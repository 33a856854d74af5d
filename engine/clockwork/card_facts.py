"""What the pages show of a Clockwork Memorion card: its facts in words, its abilities' text as the card file gives
it, and how the engine reads each ability (the ruleset's ``card_facts`` and ``effect_reading``).

>>> from engine.clockwork.cards import Ability, CwCard
>>> moth = CwCard(id="CWY 016", name="Lantern Moth", type="successor", emotion="humor", level=1, power=100,
...               mind=100, abilities=(Ability("normal", trigger=0, effect=({"op": "put"},), text="When [destroyed] ..."),))
>>> facts = card_facts(moth)
>>> facts["abilities"], facts["text"]
(['ability 0: normal, triggered'], 'ability 0: When [destroyed] ...')
>>> effect_reading(moth)[0]["reading"]
'scripted'
"""

from __future__ import annotations

from typing import Any

from engine.clockwork.cards import Ability, CwCard

_WHY_SCRIPTED = "the card file's ops: the engine computes what the ability does from them"
_WHY_UNSCRIPTED = "no ops in the card file: the ops the log records are applied as recorded"


def _faces(card: CwCard) -> list[tuple[str | None, tuple[Ability, ...]]]:
    """(face label or None, abilities): a Ruler's faces in order, else the card's own abilities."""
    if card.type == "ruler" and card.faces:
        return [(f"{face} face ({spec['name']})", tuple(spec["abilities"])) for face, spec in card.faces.items()]
    return [(None, card.abilities)]


def _kind(ab: Ability) -> str:
    what = ab.kind + (", triggered" if ab.trigger is not None else "")
    costs = [c for c in ("turn this" if ab.cost_action else "",
                         f"{ab.cost_counters} counter{'s' * (ab.cost_counters != 1)}" if ab.cost_counters else "") if c]
    return what + (f" (cost: {', '.join(costs)})" if costs else "") + (f", held by a {ab.holder}" if ab.holder != "any" else "")


def _label(face: str | None, i: int) -> str:
    return f"{face}: ability {i}" if face else f"ability {i}"


def card_text(card: CwCard) -> str | None:
    """The card's text as its file gives it: the card's own, else each ability's, one a line (None: no text)."""
    if card.text and card.text.strip() not in ("", "-"):
        return card.text
    lines = [f"{_label(face, i)}: {ab.text}" for face, abilities in _faces(card)
             for i, ab in enumerate(abilities) if ab.text and ab.text.strip()]
    return "\n".join(lines) or None


def card_facts(card: Any) -> dict[str, Any] | None:
    """id, name, type, emotion, level, Power/Mind, memory, traits, keywords, a Memorion's word, a Ruler's faces and
    deification, its abilities in words (and the text when the card data has it); None for another game's card."""
    if not isinstance(card, CwCard):
        return None
    out: dict[str, Any] = {"id": card.id, "name": card.name, "type": card.type}
    if card.type == "successor":
        out.update(emotion=card.emotion, level=card.level, power=card.power, mind=card.mind)
    if card.memory is not None:
        out["memory"] = f"{card.memory[0]}: {card.memory[1]}"
    if card.genre is not None:
        out["genre"], out["word"] = card.genre, card.word
    out["traits"], out["keywords"] = list(card.traits), list(card.keywords)
    if card.type == "ruler":
        out["faces"] = [f"{face}: {spec['name']} (summon level {spec['summon_level']})" for face, spec in card.faces.items()]
        out["deify"] = [f"{k} {v}" for k, v in card.deify.items()]
    out["abilities"] = [f"{_label(face, i)}: {_kind(ab)}" for face, abilities in _faces(card)
                        for i, ab in enumerate(abilities)]
    if card.on_recall is not None:
        out["on recall"] = f"an effect for a {card.on_recall[0]}" if card.on_recall[0] != "any" else "an effect"
    text = card_text(card)
    if text:
        out["text"] = text
    return out


def effect_reading(card: Any) -> list[dict[str, str]] | None:
    """How the engine reads each ability (and a King's Memorion's on-recall effect): ``scripted`` (the card file's
    ops) or ``unverified`` (none: applied as the log records it); each labelled with its text when the file has it.
    None for another game's card."""
    if not isinstance(card, CwCard):
        return None
    out = []
    for face, abilities in _faces(card):
        for i, ab in enumerate(abilities):
            label = _label(face, i) + (f" '{ab.text}'" if ab.text else f" ({ab.kind})")
            scripted = ab.effect is not None
            out.append({"effect": label, "reading": "scripted" if scripted else "unverified",
                        "why": _WHY_SCRIPTED if scripted else _WHY_UNSCRIPTED})
    if card.on_recall is not None:
        out.append({"effect": "on recall", "reading": "scripted", "why": _WHY_SCRIPTED})
    return out
