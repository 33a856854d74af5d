"""The script digest (format 2): 12 hex digits naming everything of a card's text the engine runs.

It covers, of each effect and of the Backup, every field the engine reads (kind, timing, cost and cost colour, rest
and discard costs, trigger, optional, once per turn, targets, condition, steps), and of the card every fact read from
its text (keywords such as the Pinch stats, 〔コンビ〕 or 〔自由登場〕, an Event's timings and use condition). Left out:
the printed facts of the card file (:data:`PRINTED`), which no reader judges against the text, and what is only shown
(:data:`SHOWN`). A field at its default value is left out, so a field added later with a default changes no digest.

Only the standard library is used, on purpose: tools/pm/verification_digest_v2.py loads this file into the code of an
older commit to compute what a record of that time read.

>>> from engine.pm.cards import Card, Effect
>>> card = Card(id="TST 01-001", name="Aki", series="Test", type="chara", color="red", cost=2, source=2, ap=30,
...             dp=30, effects=(Effect(kind="activated", script=({"op": "draw", "n": 1},)),))
>>> len(digest(card)) == 12 and digest(card) != digest(Card(**{**_init_values(card), "pinch": (3, 20, 20)}))
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from typing import Any

FORMAT = 2
#: the card file's printed facts: data, not a reading of the text (the digest leaves them out)
PRINTED = frozenset({"id", "name", "series", "type", "color", "cost", "cost_symbol", "source", "ap", "dp", "properties"})
#: fields only shown or recorded, never run: the card text, why an effect is unscripted, where a script came from
SHOWN = frozenset({"text", "why", "compiled"})


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"script digest: cannot name a {type(value).__name__} ({value!r})")


def _is_default(f: dataclasses.Field[Any], value: Any) -> bool:
    if f.default is not dataclasses.MISSING:
        return bool(value == f.default)
    if f.default_factory is not dataclasses.MISSING:
        return bool(value == f.default_factory())
    return False


def _init_values(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj) if f.init}


def _run(obj: Any, leave_out: frozenset[str]) -> dict[str, Any]:
    """The fields of ``obj`` the engine runs: its constructor's fields, less ``leave_out`` and those at their default."""
    return {f.name: _plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)
            if f.init and f.name not in leave_out and not _is_default(f, getattr(obj, f.name))}


def document(card: Any) -> dict[str, Any]:
    """What the digest is taken of: the card's text facts and each effect's (effects in order, then the Backup)."""
    facts = _run(card, PRINTED | SHOWN | {"effects", "backup"})
    effects = [_run(e, SHOWN) for e in card.effects]
    backup = _run(card.backup, SHOWN) if card.backup is not None else None
    return {"format": FORMAT, "card": facts, "effects": effects, "backup": backup}


def digest(card: Any) -> str:
    """12 hex digits of :func:`document` (sha256 of its JSON with sorted keys)."""
    text = json.dumps(document(card), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
