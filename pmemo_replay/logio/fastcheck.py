"""A quick acceptance test for actions, compiled from the marshmallow schemas, that also counts their keys.

:func:`action_keys` answers for one decoded action: the number of keys in it and in every object inside it
when the schemas surely accept it, else ``-1`` ("not sure": the reader then takes the schemas' own path, which
gives the verdict and the message). It never accepts what :func:`schemas.validate_action` refuses: each field
kind repeats its ``_deserialize`` checks (or calls it), and responses nesting deeper than a few levels are left
to the schemas. The key count lets the reader decode without the duplicate-key hook (see reader.py).
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError

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

# field kinds, most common first
_CONST, _INT_IN, _CARD, _CHOICE, _PAY, _INT_RANGE, _CARDS, _OBJECTS, _TAGGED, _BOOL, _STR, _FREE, _OTHER = range(13)

#: deeper responses (or free JSON in meta/choices) are left to the schemas (and to the hook decoder's recursion limit)
MAX_DEPTH = 12
Spec = tuple[dict[str, tuple[Any, ...]], frozenset[str]]


def _compile(schema: StrictSchema, specs: dict[int, Spec]) -> Spec:
    """The fields of ``schema`` as ``(kind, allow_none, ...)`` tuples by key, and its required keys."""
    if id(schema) in specs:
        return specs[id(schema)]
    fields: dict[str, tuple[Any, ...]] = {}
    spec: Spec = (fields, schema.required_keys)
    specs[id(schema)] = spec  # before the fields: responses recurse
    for key, field in schema.by_key.items():
        none = bool(field.allow_none)
        kind = type(field)
        if kind is Const:
            fields[key] = (_CONST, none, field.value)
        elif kind is Int and field.choices is not None:
            fields[key] = (_INT_IN, none, field.choices)
        elif kind is Int:
            fields[key] = (_INT_RANGE, none, field.minimum, field.maximum)
        elif kind is CardId:
            fields[key] = (_CARD, none)
        elif kind is Choice:
            fields[key] = (_CHOICE, none, field.choices)
        elif kind is Payments and field.schema is PAYMENT_SCHEMA and field.exactly is None:
            fields[key] = (_PAY, none)
        elif kind is CardIds:
            fields[key] = (_CARDS, none)
        elif kind is Objects:
            fields[key] = (_OBJECTS, none, _compile(field.schema, specs), field.exactly)
        elif kind is Tagged:
            fields[key] = (_TAGGED, none, field.tag, {t: _compile(s, specs) for t, s in field.schemas.items()})
        elif kind is Bool:
            fields[key] = (_BOOL, none)
        elif kind is Str:
            fields[key] = (_STR, none)
        elif kind is FreeObject:
            fields[key] = (_FREE, none, dict)
        elif kind is FreeList:
            fields[key] = (_FREE, none, list)
        else:  # DateTime, Grant, anything new: its own _deserialize decides
            fields[key] = (_OTHER, none, field)
    return spec


_SPECS: dict[int, Spec] = {}
ACTION_SPECS: dict[str, Spec] = {name: _compile(schema, _SPECS) for name, schema in ACTION_SCHEMAS.items()}


def json_keys(value: Any, depth: int = 0) -> int:
    """The number of keys in every object of a decoded JSON value; -1 when it nests deeper than :data:`MAX_DEPTH`."""
    if depth > MAX_DEPTH:
        return -1
    if type(value) is dict:
        n = len(value)
        items = value.values()
    elif type(value) is list:
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


def object_keys(obj: dict[str, Any], spec: Spec, depth: int) -> int:
    """Keys in ``obj`` and inside it when ``spec``'s schema surely accepts it (same verdict as its ``check``); else -1."""
    fields, required = spec
    n = len(obj)
    for key, value in obj.items():
        f = fields.get(key)
        if f is None:
            return -1
        kind = f[0]
        if kind == _CONST:
            const = f[2]
            if type(value) is type(const) and value == const:
                continue
        elif kind == _INT_IN:
            if type(value) is int and value in f[2]:
                continue
        elif kind == _CARD:
            if type(value) is str and (value in CARD_IDS_SEEN or card_id_ok(value)):
                continue
        elif kind == _CHOICE:
            if type(value) is str and value in f[2]:
                continue
        elif kind == _PAY:  # Payments of PAYMENT_SCHEMA: one {"hand" | "point": card id} per item
            if type(value) is list:
                for item in value:
                    if type(item) is not dict or len(item) != 1:
                        break
                    card = item.get("hand", item.get("point"))
                    if type(card) is not str or not (card in CARD_IDS_SEEN or card_id_ok(card)):
                        break
                else:
                    n += len(value)
                    continue
        elif kind == _INT_RANGE:
            if type(value) is int and f[2] <= value <= f[3]:
                continue
        elif kind == _CARDS:
            if type(value) is list:
                for card in value:
                    if type(card) is not str or not (card in CARD_IDS_SEEN or card_id_ok(card)):
                        break
                else:
                    continue
        elif kind in (_OBJECTS, _TAGGED):
            if type(value) is list and depth < MAX_DEPTH and (kind == _TAGGED or f[3] is None or len(value) == f[3]):
                for item in value:
                    if type(item) is not dict:
                        break
                    if kind == _TAGGED:
                        tag = item.get(f[2])
                        sub = f[3].get(tag) if type(tag) is str else None
                        if sub is None:
                            break
                    else:
                        sub = f[2]
                    m = object_keys(item, sub, depth + 1)
                    if m < 0:
                        break
                    n += m
                else:
                    continue
        elif kind == _BOOL:
            if value is True or value is False:
                continue
        elif kind == _STR:
            if type(value) is str:
                continue
        elif kind == _FREE:
            if type(value) is f[2]:
                m = json_keys(value, depth + 1)
                if m >= 0:
                    n += m
                    continue
        elif value is not None:  # _OTHER
            try:
                f[2]._deserialize(value, key, obj)
            except ValidationError:
                return -1
            m = json_keys(value, depth + 1)
            if m >= 0:
                n += m
                continue
        if value is None and f[1]:
            continue
        return -1
    if not required <= obj.keys():
        return -1
    return n


_PASSES = ({"type": "pass", "p": 0}, {"type": "pass", "p": 1})


def actions_keys(actions: list[Any]) -> int:
    """Keys in all the top-level ``actions`` and every object inside them when :func:`schemas.validate_action`
    surely accepts each; else -1."""
    total = 0
    specs = ACTION_SPECS
    for action in actions:
        if type(action) is not dict:
            return -1
        if action in _PASSES and type(action["p"]) is int:  # the commonest action
            total += 2
            continue
        kind = action.get("type")
        spec = specs.get(kind) if type(kind) is str else None
        if spec is None:
            return -1
        n = object_keys(action, spec, 0)
        if n < 0:
            return -1
        total += n
    return total
