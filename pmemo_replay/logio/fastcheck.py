"""A quick acceptance test for actions, generated from the marshmallow schemas, that also counts their keys.

:func:`actions_keys` answers for decoded actions: the number of keys in them and in every object inside them
when the schemas surely accept each, else ``-1`` ("not sure": the reader then takes the schemas' own path,
which gives the verdict and the message). It never accepts what :func:`schemas.validate_action` refuses: each
field kind repeats its ``_deserialize`` checks (or calls it), unknown and missing keys are refused, and
responses (or free JSON) nesting deeper than :data:`MAX_DEPTH` are left to the schemas. The key count lets the
reader decode without the duplicate-key hook (reader.py, ``_keys_all_decoded``).

Given a set, it also adds to it the card ids the log's card-id check reads in the actions (reader.check_card_ids:
the values under :data:`CARD_ID_KEYS`, :data:`CARD_ID_LIST_KEYS` and :data:`PAY_KEY`, in an action and in the objects
listed under :data:`NESTED_KEYS`, found by those keys' names alone), so that the check needs no second walk over the
actions. Where such a key holds something the check would read otherwise than as the field's ids, the answer is -1.

Each schema becomes one Python function (source generated at import, one ``if`` per field): the required
fields are read directly, the others only when the object has more keys than the required ones. A schema the
card-id check walks into gets a second function, which also collects its card ids.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import ValidationError, fields

from .schemas import (
    ACTION_SCHEMAS,
    CARD_IDS_SEEN,
    PAYMENT_SCHEMA,
    Bool,
    CardId,
    CardIds,
    Choice,
    Const,
    FreeList,
    FreeObject,
    Int,
    Objects,
    Payments,
    Str,
    StrictSchema,
    Tagged,
    card_id_ok,
)

#: deeper responses (or free JSON in meta/choices) are left to the schemas (and to the hook decoder's recursion limit)
MAX_DEPTH = 12

#: ``check(obj, depth, ids) -> keys or -1`` for one object of a schema; ``ids``: the set a collecting check adds the
#: object's card ids to (None for the others)
Check = Callable[[dict[str, Any], int, "set[str] | None"], int]
#: the same for a list of objects
ListCheck = Callable[[list[Any], int, "set[str] | None"], int]

#: the keys whose string value the card-id check reads as a card id
CARD_ID_KEYS = frozenset({"card", "on", "onto", "replace", "with"})
#: the keys whose value (a string, or a list of them) the card-id check reads as card ids
CARD_ID_LIST_KEYS = frozenset({"order", "cards", "discard"})
#: the keys whose list of objects the card-id check walks into (each object read by the same keys)
NESTED_KEYS = frozenset({"targets", "ops", "responses"})
#: the key whose list of ``{source: card id}`` objects the card-id check reads
PAY_KEY = "pay"


def json_keys(value: Any, depth: int = 0) -> int:
    """The number of keys in every object of a decoded JSON value; -1 when it nests deeper than :data:`MAX_DEPTH`."""
    if depth > MAX_DEPTH:
        return -1
    if type(value) is dict:
        n = len(value)
        items: Any = value.values()
    elif type(value) is list:
        kinds = set(map(type, value))  # a list of strings (a deck) is done here
        if dict not in kinds and list not in kinds:
            return 0
        n = 0
        items = value
    else:
        return 0
    for item in items:
        if type(item) is dict or type(item) is list:
            m = json_keys(item, depth + 1)
            if m < 0:
                return -1
            n += m
    return n


def _cards_ok(value: list[Any]) -> bool:
    """:class:`schemas.CardIds`' verdict on a list of decoded JSON values (strings are ``str``, nothing else is)."""
    seen = CARD_IDS_SEEN
    try:
        if seen.issuperset(value):  # ids seen before: the common case, in one call
            return True
    except TypeError:  # an object or a list among them
        return False
    return all(type(card) is str and (card in seen or card_id_ok(card)) for card in value)


def _pay_keys(value: list[Any], ids: set[str] | None = None) -> int:
    """:class:`schemas.Payments` of :data:`schemas.PAYMENT_SCHEMA`: one ``{"hand" | "point": card id}`` per item
    (each card id added to ``ids``, when given: the item's only value)."""
    seen = CARD_IDS_SEEN
    for item in value:
        if type(item) is not dict or len(item) != 1:
            return -1
        card = item.get("hand", item.get("point"))
        if type(card) is not str or not (card in seen or card_id_ok(card)):
            return -1
        if ids is not None:
            ids.add(card)
    return len(value)


def _list_keys(choose: Callable[[dict[str, Any]], Check | None], exactly: int | None) -> ListCheck:
    """A list of objects (``exactly`` n long, when given), each checked by the check ``choose`` picks for it."""

    def keys(value: list[Any], depth: int, ids: set[str] | None) -> int:
        if depth >= MAX_DEPTH or (exactly is not None and len(value) != exactly):
            return -1
        n = 0
        for item in value:
            check = choose(item) if type(item) is dict else None
            if check is None:
                return -1
            m = check(item, depth + 1, ids)
            if m < 0:
                return -1
            n += m
        return n

    return keys


def _objects_keys(check: Check, exactly: int | None, nulls: bool = False) -> ListCheck:
    """:class:`schemas.Objects`: a list of objects of one schema (``exactly`` n long; ``nulls``: null items too)."""
    keys = _list_keys(lambda _item: check, exactly)
    if not nulls:
        return keys
    return lambda value, depth, ids: keys([x for x in value if x is not None], depth, ids) if None in value \
        else keys(value, depth, ids)


def _tagged_keys(tag: str, checks: dict[str, Check]) -> ListCheck:
    """:class:`schemas.Tagged`: a list of objects, each of the schema its ``tag`` names."""

    def choose(item: dict[str, Any]) -> Check | None:
        kind = item.get(tag)
        return checks.get(kind) if type(kind) is str else None

    return _list_keys(choose, None)


def _field_keys(field: fields.Field, key: str) -> Callable[[Any, int, dict[str, Any]], int]:
    """Any other field (DateTime, Grant): its own ``_deserialize`` decides; keys inside counted."""

    def keys(value: Any, depth: int, obj: dict[str, Any]) -> int:
        try:
            field._deserialize(value, key, obj)
        except ValidationError:
            return -1
        return json_keys(value, depth + 1)

    return keys


class _Generator:
    """Writes one check function per schema (schemas reached through Objects and Tagged fields included), and a
    collecting one per schema the card-id check walks into."""

    def __init__(self) -> None:
        self.names: dict[tuple[int, bool], str] = {}
        self.sources: list[str] = []
        self.namespace: dict[str, Any] = {
            "MISSING": object(), "SEEN": CARD_IDS_SEEN, "card_id_ok": card_id_ok, "cards_ok": _cards_ok,
            "pay_keys": _pay_keys,
        }
        self.late: list[tuple[str, Callable[..., Any], tuple[Any, ...]]] = []

    def constant(self, value: Any) -> str:
        name = f"C{len(self.namespace)}"
        self.namespace[name] = value
        return name

    def check(self, schema: StrictSchema, collect: bool = False) -> str:
        """The name of ``schema``'s check function (written on first use); ``collect``: the one that also adds the
        object's card ids to ``ids`` (for an object the card-id check reads)."""
        if (id(schema), collect) in self.names:
            return self.names[id(schema), collect]
        name = f"check_{len(self.names)}"
        self.names[id(schema), collect] = name  # before the body: responses recurse
        required = [k for k in schema.by_key if k in schema.required_keys]
        optional = [k for k in schema.by_key if k not in schema.required_keys]
        kind = "collecting " if collect else ""
        lines = [f"def {name}(o, depth, ids):  # {kind}{type(schema).__name__}", "    n = len(o)"]
        for key in required:
            lines.append(f"    v = o.get({key!r}, MISSING)")
            lines += self.field(schema.by_key[key], key, "    ", collect)
        lines.append(f"    if len(o) != {len(required)}:  # more than the required keys")
        lines.append("        for k, v in o.items():")
        lines.append(f"            if k in {self.constant(frozenset(required))}:")
        lines.append("                continue")
        for key in optional:
            lines.append(f"            if k == {key!r}:")
            lines += self.field(schema.by_key[key], key, "                ", collect)
            lines.append("                continue")
        lines.append("            return -1")
        lines.append("    return n")
        self.sources.append("\n".join(lines))
        return name

    def later(self, make: Callable[..., Any], *args: Any) -> str:
        """A name for ``make(*args)``, made once the check functions exist (names in ``args`` resolved)."""
        slot = self.constant(None)
        self.late.append((slot, make, args))
        return slot

    def field(self, field: fields.Field, key: str, indent: str, collect: bool) -> list[str]:
        """Lines that accept ``v`` (``field``'s value), adding the keys inside it to ``n``, or return -1; in a
        collecting check, lines that then add the card ids the card-id check reads under ``key`` to ``ids``."""
        kind = type(field)
        count = None
        walk = collect and key in NESTED_KEYS  # the objects inside are read by the card-id check too
        if kind is Const:
            good = f"type(v) is {type(field.value).__name__} and v == {field.value!r}"
        elif kind is Int and field.choices is not None:
            good = f"type(v) is int and v in {self.constant(field.choices)}"
        elif kind is Int:
            good = f"type(v) is int and {field.minimum} <= v <= {field.maximum}"
        elif kind is CardId:
            good = "type(v) is str and (v in SEEN or card_id_ok(v))"
        elif kind is Choice:
            good = f"type(v) is str and v in {self.constant(field.choices)}"
        elif kind is CardIds:
            good = "type(v) is list and cards_ok(v)"
        elif kind is Bool:
            good = "v is True or v is False"
        elif kind is Str:
            good = "type(v) is str"
        elif kind is Payments and field.schema is PAYMENT_SCHEMA and field.exactly is None:
            good, count = "type(v) is list", f"pay_keys(v, {'ids' if collect and key == PAY_KEY else 'None'})"
        elif kind is Objects:
            helper = self.later(_objects_keys, self.check(field.schema, walk), field.exactly, field.null_items)
            good, count = "type(v) is list", f"{helper}(v, depth, ids)"
        elif kind is Tagged:
            checks = {tag: self.check(schema, walk) for tag, schema in field.schemas.items()}
            good, count = "type(v) is list", f"{self.later(_tagged_keys, field.tag, checks)}(v, depth, ids)"
        elif kind is FreeObject or kind is FreeList:
            good = f"type(v) is {'dict' if kind is FreeObject else 'list'}"
            count = "json_keys(v, depth + 1)"
        else:
            good, count = "v is not None and v is not MISSING", f"{self.constant(_field_keys(field, key))}(v, depth, o)"
        gather = self.gather(field, key) if collect else []
        if count is None:
            none = " and v is not None" if field.allow_none else ""
            return [f"{indent}if not ({good}){none}:", f"{indent}    return -1", *(indent + line for line in gather)]
        lines = [f"{indent}if {good}:"]
        lines += [f"{indent}    m = {count}", f"{indent}    if m < 0:", f"{indent}        return -1", f"{indent}    n += m"]
        lines += [f"{indent}    {line}" for line in gather]
        if field.allow_none:
            lines += [f"{indent}elif v is not None:", f"{indent}    return -1"]
        else:
            lines += [f"{indent}else:", f"{indent}    return -1"]
        return lines

    @staticmethod
    def gather(field: fields.Field, key: str) -> list[str]:
        """In a collecting check, once ``v`` (``field``'s value under ``key``) is accepted: lines that add to ``ids``
        what the card-id check reads there, or return -1 where it would read the value otherwise."""
        kind = type(field)
        if key in CARD_ID_KEYS:  # the check reads a string there, nothing else
            return ["if type(v) is str:", "    ids.add(v)"]
        if key in CARD_ID_LIST_KEYS:  # a string, or every item of a list (anything else: the check would fail on it)
            if kind is CardId:
                return ["if type(v) is not str:", "    return -1", "ids.add(v)"]
            return ["if type(v) is not list:", "    return -1", "ids.update(v)"] if kind is CardIds else ["return -1"]
        if key == PAY_KEY:  # each item's values: a Payments of PAYMENT_SCHEMA added them in pay_keys
            return [] if kind is Payments and field.schema is PAYMENT_SCHEMA and field.exactly is None else ["return -1"]
        if key in NESTED_KEYS:  # each object read by the same keys: its collecting check did it
            return [] if kind is Objects or kind is Tagged else ["return -1"]
        return []

    def build(self, schemas: dict[str, StrictSchema]) -> tuple[dict[str, Check], dict[str, Check]]:
        """The check of each action type, and its collecting check."""
        names = {kind: self.check(schema) for kind, schema in schemas.items()}
        collecting = {kind: self.check(schema, True) for kind, schema in schemas.items()}
        self.namespace["json_keys"] = json_keys
        exec("\n\n".join(self.sources), self.namespace)  # the source written above from the schemas
        ns = self.namespace

        def resolve(arg: Any) -> Any:
            if isinstance(arg, str) and arg.startswith("check_"):
                return ns[arg]
            if isinstance(arg, dict):
                return {k: resolve(v) for k, v in arg.items()}
            return arg

        for slot, make, args in self.late:
            ns[slot] = make(*(resolve(a) for a in args))
        return {kind: ns[name] for kind, name in names.items()}, {kind: ns[name] for kind, name in collecting.items()}


ACTION_CHECKS, ACTION_COLLECTS = _Generator().build(ACTION_SCHEMAS)


def _type_and_player(schema: StrictSchema) -> bool:
    """Whether ``schema`` asks for ``type`` and ``p`` alone (a constant, a player): an action of just those two keys
    is then valid when they hold its type and 0 or 1, and names no card."""
    kind, player = schema.by_key.get("type"), schema.by_key.get("p")
    return (schema.required_keys == {"type", "p"} and type(kind) is Const and type(player) is Int
            and player.choices == {0, 1} and not player.allow_none)


#: the action types whose two-key form ``{"type": kind, "p": 0 | 1}`` is valid as it stands: pass (the commonest
#: action), end_approach, no_interfere, keep...
TWO_KEY_TYPES = frozenset(kind for kind, schema in ACTION_SCHEMAS.items()
                          if _type_and_player(schema) and schema.by_key["type"].value == kind)


def actions_keys(actions: list[Any], ids: set[str] | None = None) -> int:
    """Keys in all the top-level ``actions`` and every object inside them when :func:`schemas.validate_action`
    surely accepts each; else -1. ``ids``: a set to add the card ids the card-id check reads to (complete only
    when the answer is not -1)."""
    total = 0
    checks = ACTION_CHECKS if ids is None else ACTION_COLLECTS
    two = TWO_KEY_TYPES
    for action in actions:
        if type(action) is not dict:
            return -1
        kind = action.get("type")
        if len(action) == 2 and type(kind) is str and kind in two:  # a pass, and the like: no card, two keys
            player = action.get("p")
            if type(player) is int and (player == 0 or player == 1):
                total += 2
                continue
        check = checks.get(kind) if type(kind) is str else None
        if check is None:
            return -1
        n = check(action, 0, ids)
        if n < 0:
            return -1
        total += n
    return total
