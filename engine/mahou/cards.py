"""The ``ms-cards`` v1 card model and a pure validator of an already-parsed card file object.

>>> db = parse_cards({"format": "ms-cards", "version": 1, "name": "t",
...                   "cards": [{"id": "MSJ 001", "name": "Hana", "type": "hero", "hp": 4, "atk": 1}]})
>>> db.get("MSJ 001").hp
4
>>> parse_cards({"format": "ms-cards", "version": 1, "name": "t",
...              "cards": [{"id": "MSJ 001", "name": "Hana", "type": "hero", "hp": 4}]})
Traceback (most recent call last):
...
engine.mahou.cards.CardFileError: card MSJ 001 (cards[0]): field 'atk' is required for a hero
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.ruleset import CardFileProblem

CARD_ID = re.compile(r"[A-Z][A-Z0-9]{1,4} [0-9]{3}")
TYPES = ("hero", "magical_girl", "grand_magical_girl", "pet", "magical_power", "event")
FIGHTER_TYPES = ("hero", "magical_girl", "grand_magical_girl")

#: type -> field -> (required, minimum, default); a field absent from a type's row is not allowed
_NUMBERS: dict[str, dict[str, tuple[bool, int, int]]] = {
    "hero": {"hp": (True, 1, 0), "atk": (True, 0, 0)},
    "magical_girl": {"hp": (True, 1, 0), "atk": (True, 0, 0), "mgk": (True, 1, 0)},
    "grand_magical_girl": {"hp": (True, 0, 0), "atk": (True, 0, 0)},
    "pet": {"hp": (False, 0, 0), "atk": (False, 0, 0), "cost": (True, 0, 0)},
    "magical_power": {"cost": (True, 0, 0)},
    "event": {},
}
_COMMON = ("id", "name", "type", "text", "meta")
CONDITIONS = ("girl", "mgk_at_least", "hp_at_most", "dreamscape_at_least")

#: op -> its fields in a template (card data); see :mod:`engine.mahou.effects` for what each does
OP_FIELDS: dict[str, tuple[str, ...]] = {
    "damage": ("p", "pos", "n"),
    "heal": ("p", "pos", "n"),
    "boost": ("p", "pos", "atk", "until"),
    "mgk": ("p", "pos", "n"),
    "draw": ("p", "n"),
    "discard": ("p", "card"),
    "detach": ("p", "pos", "card"),
}
UNTIL = ("turn_end", "permanent")


class CardFileError(CardFileProblem):
    """An ms-cards object that breaks the format; the message names the card and the field."""


class UnknownCard(KeyError):
    """A card id the card data does not hold."""


@dataclass(frozen=True, slots=True)
class MsCard:
    """One card of ms-cards data; numbers absent from its type are 0 (``effect`` None: unscripted)."""

    id: str
    name: str
    type: str
    hp: int = 0
    atk: int = 0
    mgk: int = 0
    cost: int = 0
    conditions: Mapping[str, Any] = field(default_factory=dict)
    effect: tuple[Mapping[str, Any], ...] | None = None
    text: str | None = None
    meta: Mapping[str, Any] | None = None


class MsCardDB:
    """Cards by id (one or more ms-cards files merged)."""

    def __init__(self, cards: Iterable[MsCard] = (), name: str = "") -> None:
        self.name = name
        self.by_id: dict[str, MsCard] = {}
        for card in cards:
            self.by_id[card.id] = card

    def get(self, card_id: str) -> MsCard:
        try:
            return self.by_id[card_id]
        except KeyError:
            raise UnknownCard(card_id) from None

    def merge(self, other: MsCardDB) -> None:
        """Add ``other``'s cards (a later file wins on a repeated id)."""
        self.by_id.update(other.by_id)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.by_id

    def __len__(self) -> int:
        return len(self.by_id)

    def __iter__(self) -> Iterator[MsCard]:
        return iter(self.by_id.values())


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def parse_cards(doc: Mapping[str, Any]) -> MsCardDB:
    """Validate an ms-cards v1 object and build its card database (:class:`CardFileError` when invalid)."""
    if not isinstance(doc, Mapping):
        raise CardFileError("an ms-cards file is a JSON object")
    for key in doc:
        if key not in ("format", "version", "name", "cards", "meta"):
            raise CardFileError(f"unknown top-level field {key!r}")
    if doc.get("format") != "ms-cards":
        raise CardFileError(f"field 'format' must be \"ms-cards\", not {doc.get('format')!r}")
    if not _is_int(doc.get("version")) or doc["version"] != 1:
        raise CardFileError(f"field 'version' must be 1, not {doc.get('version')!r}")
    if not isinstance(doc.get("name"), str):
        raise CardFileError("field 'name' (a string) is required")
    if "meta" in doc and not isinstance(doc["meta"], Mapping):
        raise CardFileError("field 'meta' must be an object")
    raw = doc.get("cards")
    if not isinstance(raw, list):
        raise CardFileError("field 'cards' (a list of card objects) is required")
    cards: list[MsCard] = []
    seen: set[str] = set()
    for i, entry in enumerate(raw):
        card = parse_card(entry, i)
        if card.id in seen:
            raise CardFileError(f"card {card.id} (cards[{i}]): field 'id' repeats an id already in the file")
        seen.add(card.id)
        cards.append(card)
    return MsCardDB(cards, doc["name"])


def parse_card(entry: Any, index: int) -> MsCard:
    """One card object of the ``cards`` list (``index`` names it in errors until its id is known)."""
    if not isinstance(entry, Mapping):
        raise CardFileError(f"cards[{index}] is not an object")
    cid = entry.get("id")
    label = f"card {cid} (cards[{index}])" if isinstance(cid, str) else f"cards[{index}]"

    def fail(name: str, what: str) -> CardFileError:
        return CardFileError(f"{label}: field {name!r} {what}")

    if not isinstance(cid, str) or not CARD_ID.fullmatch(cid):
        raise fail("id", f"must be a card id such as \"MSJ 001\", not {cid!r}")
    if not isinstance(entry.get("name"), str) or not entry["name"]:
        raise fail("name", "is required (a non-empty string)")
    kind = entry.get("type")
    if kind not in TYPES:
        raise fail("type", f"must be one of {', '.join(TYPES)}, not {kind!r}")
    numbers = _NUMBERS[kind]
    allowed = (*_COMMON, *numbers, *(("conditions",) if kind == "grand_magical_girl" else ()),
               *(("effect",) if kind in ("magical_power", "event") else ()))
    for key in entry:
        if key not in allowed:
            known = key in ("hp", "atk", "mgk", "cost", "conditions", "effect")
            raise fail(key, f"is not allowed on a {kind}" if known else "is unknown")
    values: dict[str, int] = {}
    for name, (required, minimum, default) in numbers.items():
        if name not in entry:
            if required:
                raise fail(name, f"is required for a {kind}")
            values[name] = default
            continue
        v = entry[name]
        if not _is_int(v):
            raise fail(name, f"must be an integer, not {v!r}")
        if v < minimum:
            raise fail(name, f"must be at least {minimum}, not {v}")
        values[name] = v
    if "text" in entry and not isinstance(entry["text"], str):
        raise fail("text", "must be a string")
    if "meta" in entry and not isinstance(entry["meta"], Mapping):
        raise fail("meta", "must be an object")
    conditions = _conditions(entry.get("conditions", {}), fail)
    effect = None if entry.get("effect") is None else _effect(entry["effect"], fail)
    return MsCard(id=cid, name=entry["name"], type=kind, conditions=conditions, effect=effect,
                  text=entry.get("text"), meta=entry.get("meta"), **values)


def _conditions(raw: Any, fail: Any) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise fail("conditions", "must be an object")
    out: dict[str, Any] = {}
    for key, v in raw.items():
        if key == "girl":
            if not isinstance(v, list) or not v or not all(isinstance(n, str) and n for n in v):
                raise fail("conditions", "'girl' must be a non-empty list of names")
            out[key] = tuple(v)
        elif key in CONDITIONS:
            if not _is_int(v) or v < 0:
                raise fail("conditions", f"{key!r} must be an integer of at least 0, not {v!r}")
            out[key] = v
        else:
            raise fail("conditions", f"has an unknown condition {key!r} (known: {', '.join(CONDITIONS)})")
    return out


def _effect(raw: Any, fail: Any) -> tuple[dict[str, Any], ...]:
    if not isinstance(raw, list):
        raise fail("effect", "must be a list of op templates")
    ops = []
    for j, op in enumerate(raw):
        problem = template_problem(op)
        if problem:
            raise fail("effect", f"op {j}: {problem}")
        ops.append(dict(op))
    return tuple(ops)


def fields_problem(name: str, op: Mapping[str, Any], fields: Iterable[str], *, missing: str) -> str | None:
    """An unknown or a missing field of op ``name`` (card data and logs word a missing one differently: ``missing``
    is formatted with ``name`` and ``key``), or None."""
    fields = tuple(fields)
    for key in op:
        if key != "op" and key not in fields:
            return f"{name}: unknown field {key!r}"
    for key in fields:
        if key not in op:
            return missing.format(name=name, key=key)
    return None


def template_problem(op: Any) -> str | None:
    """What is wrong with one op template of card data, or None."""
    if not isinstance(op, Mapping):
        return "an op is an object"
    name = op.get("op")
    if name not in OP_FIELDS:
        return f"unknown op {name!r} (known: {', '.join(OP_FIELDS)})"
    fields = OP_FIELDS[name]
    problem = fields_problem(name, op, fields, missing="{name}: field {key!r} is required")
    if problem:
        return problem
    if op["p"] not in ("self", "rival"):
        return f"{name}: 'p' must be \"self\" or \"rival\", not {op['p']!r}"
    if "pos" in fields:
        allowed = ("active",) if name == "damage" else ("active", "choose")
        if op["pos"] not in allowed:
            return f"{name}: 'pos' must be one of {', '.join(allowed)}, not {op['pos']!r}"
    if "card" in fields and op["card"] != "choose":
        return f"{name}: 'card' must be \"choose\", not {op['card']!r}"
    return number_problem(name, op)


def number_problem(name: str, op: Mapping[str, Any]) -> str | None:
    """What is wrong with an op's numbers and ``until`` (shared by templates and logged ops), or None."""
    if "n" in OP_FIELDS[name]:
        n = op["n"]
        if not _is_int(n):
            return f"{name}: 'n' must be an integer, not {n!r}"
        if name == "mgk" and n == 0:
            return "mgk: 'n' must not be 0"
        if name != "mgk" and n < 1:
            return f"{name}: 'n' must be at least 1, not {n}"
    if name == "boost":
        if not _is_int(op["atk"]) or op["atk"] == 0:
            return f"boost: 'atk' must be a non-zero integer, not {op['atk']!r}"
        if op["until"] not in UNTIL:
            return f"boost: 'until' must be \"turn_end\" or \"permanent\", not {op['until']!r}"
    return None
