"""marshmallow schemas for pmemo-log v1 (spec/log-format.md) and the validation entry points.

Every schema is built once, at import. Actions are dispatched by ``type`` to one schema
each, effect ops by ``op`` and responses by ``type``: nothing tries alternatives in turn.
Leaf fields are small strict fields that never coerce (``true`` is not an integer, ``"1"``
is not ``1``) and keep all their checks inside ``_deserialize``, so a valid object is
checked in one cheap pass over its keys (:meth:`StrictSchema.accepts`); marshmallow's full
load runs only to explain an invalid one. Validation never rewrites an action.
Unknown fields are rejected everywhere except inside ``"meta"``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, cast

from marshmallow import RAISE, Schema, ValidationError, fields, types

from .errors import LogError

FORMAT = "pmemo-log"
VERSION = 1
DEFAULT_RULESET = "pm-2.22"

#: ``"<SET> <number>"``: a set code, one space, a number such as ST-001 or 01-022, an
#: optional trailing parallel letter (``"MHK 01-001a"``).
CARD_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]* [A-Za-z0-9]+-[0-9]+[a-z]?")
_DATETIME_RE = re.compile(r"[0-9]{4}-?[0-9]{2}-?[0-9]{2}[Tt ][0-9]{2}")

PLAYERS = (0, 1)
AREAS = ("main", "support")
FACES = ("up", "down")
UNTILS = ("turn_end", "next_turn_end", "permanent")
GRANTS = (
    "active", "break", "untargetable", "cannot_approach", "cannot_interfere", "not_eliminated",
    # docs/log-extensions.md: keywords and statuses the real cards grant
    "free_entry", "approach_again", "cannot_give_points", "forceful", "text_negated",
)
FROM_ZONES = ("deck", "hand", "discard", "main", "support", "point", "removed", "ex_deck")
TO_ZONES = ("deck", "deck_bottom", *FROM_ZONES[1:])
#: a move's sources: also a Support card set on a Chara (``"set"``, with ``on``: docs/log-extensions.md) and a card
#: face down under a Chara (``"under"``, with ``on``; also a destination)
MOVE_FROM = (*FROM_ZONES, "set", "under")
MOVE_TO = (*TO_ZONES, "under", "set")  # "set": a Support set on the Chara ``on`` by an effect (round 25)
RESPONSE_TYPES = ("play_event", "use_effect", "backup")
#: the bounds of every integer in a log (a 32-bit integer: the store's and the warehouse's columns)
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
#: the largest count of cards an op moves or changes (``n`` of draw, put_point, cost, coin)
MAX_COUNT = 1000
IDENTIFY_ZONES = ("hand", "point", "discard")  # the discard: cards that were under a Chara (log-extensions.md)

# Raw messages the explainer turns into "unknown field 'x'" / "missing required field 'x'".
UNKNOWN_FIELD = "unknown field"
MISSING_FIELD = "missing required field"


#: short strings already found to match :data:`CARD_ID_RE` (a log names the same few dozen ids thousands of times)
CARD_IDS_SEEN: set[str] = set()
_CARD_IDS_SEEN_MAX = 1 << 16  # entries, each at most _CARD_ID_KEPT_LEN characters: a few MB at worst
_CARD_ID_KEPT_LEN = 32


def card_id_ok(value: str) -> bool:
    """Tell whether the string ``value`` matches :data:`CARD_ID_RE` (remembering the short ones that do)."""
    if value in CARD_IDS_SEEN:
        return True
    if CARD_ID_RE.fullmatch(value) is None:
        return False
    if len(value) <= _CARD_ID_KEPT_LEN:
        if len(CARD_IDS_SEEN) >= _CARD_IDS_SEEN_MAX:
            CARD_IDS_SEEN.clear()
        CARD_IDS_SEEN.add(value)
    return True


def is_card_id(value: object) -> bool:
    """Tell whether ``value`` is a string shaped like a card id (``"MHK 01-022"``)."""
    return type(value) is str and card_id_ok(value)


def show(value: object) -> str:
    """Render a JSON value briefly for a message: ``'mian'``, ``2``, ``true``, ``a list``."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    if isinstance(value, int) and abs(value) >= 10**20:
        digits = str(abs(value))
        return f"{'-' if value < 0 else ''}{digits[:6]}... ({len(digits)} digits)"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def alternatives(choices: Sequence[object]) -> str:
    """``'a' or 'b'`` / ``one of 'a', 'b', 'c'``."""
    shown = [show(c) for c in choices]
    if len(shown) <= 2:
        return " or ".join(shown)
    return "one of " + ", ".join(shown)


# --- fields ----------------------------------------------------------------------------


class _Field(fields.Field):
    """Base of the strict fields: all checks happen in ``_deserialize``."""

    # marshmallow merges these class attributes along the MRO (hence no ClassVar)
    default_error_messages: types.ErrorMessages = {  # noqa: RUF012
        "required": MISSING_FIELD, "null": "must not be null",
    }

    def _validate(self, value: Any) -> None:
        if self.validators:  # none of ours use validators: skip building And()
            super()._validate(value)


class Str(_Field):
    """A string."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if type(value) is not str:
            raise ValidationError(f"must be a string, got {show(value)}")
        return value


class Choice(_Field):
    """A string among fixed ``choices``."""

    def __init__(self, choices: Sequence[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.choices = frozenset(choices)
        self.hint = alternatives(choices)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if type(value) is not str or value not in self.choices:
            raise ValidationError(f"must be {self.hint}, got {show(value)}")
        return value


class Const(_Field):
    """Exactly ``value`` (same JSON type), e.g. an action's ``type`` or the log ``version``."""

    def __init__(self, value: str | int, *, hint: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.value = value
        self.hint = hint or show(value)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is not type(self.value) or value != self.value:
            raise ValidationError(f"must be {self.hint}, got {show(value)}")
        return value


class Int(_Field):
    """A real integer (not a bool, not a string), among ``choices`` or from ``minimum`` to ``maximum``.

    The bounds default to a 32-bit integer's, so every integer a log holds fits the store's and the
    warehouse's integer columns (and the engine never loops over a count no game could reach).
    """

    def __init__(
        self, *, choices: Sequence[int] | None = None, minimum: int = INT32_MIN, maximum: int = INT32_MAX,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.choices = frozenset(choices) if choices is not None else None
        self.hint = alternatives(choices) if choices is not None else "an integer"
        self.minimum, self.maximum = minimum, maximum

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if type(value) is not int:
            raise ValidationError(f"must be {self.hint}, got {show(value)}")
        if self.choices is not None:
            if value not in self.choices:
                raise ValidationError(f"must be {self.hint}, got {show(value)}")
        elif not self.minimum <= value <= self.maximum:
            raise ValidationError(f"must be an integer from {self.minimum} to {self.maximum}, got {show(value)}")
        return value


class Bool(_Field):
    """A real boolean."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if value is not True and value is not False:
            raise ValidationError(f"must be true or false, got {show(value)}")
        return value


_CARD_HINT = "a card id like 'MHK 01-022' (set code, one space, number)"


class CardId(_Field):
    """A card id string ``"<SET> <number>"``."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if type(value) is not str or not (value in CARD_IDS_SEEN or card_id_ok(value)):
            raise ValidationError(f"must be {_CARD_HINT}, got {show(value)}")
        return value


class CardIds(_Field):
    """A list of card ids (checked in one loop, not one field call per item)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[str]:
        if type(value) is not list:
            raise ValidationError(f"must be a list of card ids, got {show(value)}")
        seen = CARD_IDS_SEEN
        for j, item in enumerate(value):
            if type(item) is not str or not (item in seen or card_id_ok(item)):
                raise ValidationError({j: [f"must be {_CARD_HINT}, got {show(item)}"]})
        return value


class DateTime(_Field):
    """An ISO 8601 date-time string, kept as written."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if type(value) is str and _DATETIME_RE.match(value):
            try:
                when = datetime.fromisoformat(value)
            except ValueError:
                pass
            else:
                if when.tzinfo is not None:
                    try:
                        when.astimezone(UTC)
                    except OverflowError:
                        raise ValidationError(f"is out of range in UTC (before 0001-01-01 or after 9999-12-31), "
                                              f"got {show(value)}") from None
                return value
        raise ValidationError(
            f"must be an ISO 8601 date-time like '2026-11-01T14:00:00Z', got {show(value)}"
        )


class FreeObject(_Field):
    """Any JSON object; its contents are not checked (``meta``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> dict:
        if type(value) is not dict:
            raise ValidationError(f"must be an object, got {show(value)}")
        return value


class FreeList(_Field):
    """Any JSON list; its items are not checked (``choices``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list:
        if type(value) is not list:
            raise ValidationError(f"must be a list, got {show(value)}")
        return value


class Grant(_Field):
    """A ``grant`` op's ``what``: a keyword/status name, ``{"ignore": X}`` or ``{"ignore_plus": N}`` (〔天然+N〕)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is dict:
            keys = [key for key in value if key in ("ignore", "ignore_plus")]
            for key in value:
                if key not in ("ignore", "ignore_plus"):
                    raise ValidationError({key: [UNKNOWN_FIELD]})
            if len(keys) != 1:
                raise ValidationError({"ignore": [MISSING_FIELD]})
            n = value[keys[0]]
            if type(n) is not int or not 0 <= n <= INT32_MAX:
                raise ValidationError({keys[0]: [f"must be an integer from 0 to {INT32_MAX}, got {show(n)}"]})
            return value
        if type(value) is not str or value not in GRANTS:
            raise ValidationError(
                f"must be {alternatives(GRANTS)}, {{\"ignore\": X}} or {{\"ignore_plus\": N}}, got {show(value)}"
            )
        return value


class Objects(_Field):
    """A list of objects, each validated by one ``schema``; optionally ``exactly`` n long; with ``null_items``,
    ``null`` may stand for an item (an effect's target left out: docs/log-extensions.md)."""

    def __init__(self, schema: StrictSchema, *, exactly: int | None = None, null_items: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.schema = schema
        self.exactly = exactly
        self.null_items = null_items

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list:
        if type(value) is not list:
            raise ValidationError(f"must be a list, got {show(value)}")
        if self.exactly is not None and len(value) != self.exactly:
            raise ValidationError(f"must hold exactly {self.exactly} objects, got {len(value)}")
        check = self.schema.check
        for j, item in enumerate(value):
            if item is None and self.null_items:
                continue
            if type(item) is not dict:
                raise ValidationError({j: [f"must be an object{' or null' if self.null_items else ''}, got {show(item)}"]})
            errors = check(item)
            if errors:
                raise ValidationError({j: errors})
            self._check_item(j, item)
        return value

    def _check_item(self, j: int, item: dict) -> None:
        """Hook for per-item checks the schema cannot express."""


class Payments(Objects):
    """``pay``: items are exactly one of ``{"hand": id}`` / ``{"point": id}``."""

    def _check_item(self, j: int, item: dict) -> None:
        if len(item) != 1:
            raise ValidationError({j: ["must hold exactly one of 'hand' or 'point'"]})


class Tagged(_Field):
    """A list of objects, each validated by the schema its ``tag`` key names."""

    def __init__(self, tag: str, schemas: Mapping[str, StrictSchema], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tag = tag
        self.schemas = schemas  # may be filled after construction (responses recurse)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list:
        if type(value) is not list:
            raise ValidationError(f"must be a list, got {show(value)}")
        tag, schemas = self.tag, self.schemas
        for j, item in enumerate(value):
            if type(item) is not dict:
                raise ValidationError({j: [f"must be an object, got {show(item)}"]})
            kind = item.get(tag)
            schema = schemas.get(kind) if type(kind) is str else None
            if schema is None:
                if tag not in item:
                    raise ValidationError({j: {tag: [MISSING_FIELD]}})
                message = f"must be {alternatives(list(schemas))}, got {show(kind)}"
                raise ValidationError({j: {tag: [message]}})
            errors = schema.check(item)
            if errors:
                raise ValidationError({j: errors})
        return value


# --- schemas ---------------------------------------------------------------------------


class StrictSchema(Schema):
    """Base schema: unknown fields raise; messages in the explainer's vocabulary.

    :meth:`check` is the cheap path: one pass over the input keys calling the same field
    objects; only when it fails does marshmallow's full load run, to collect the errors.
    """

    class Meta:
        unknown = RAISE
        register = False

    error_messages: dict[str, str] = {  # noqa: RUF012 (marshmallow's class attribute)
        "unknown": UNKNOWN_FIELD, "type": "must be an object",
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.by_key: dict[str, fields.Field] = {
            f.data_key or name: f for name, f in self.load_fields.items()
        }
        self.required_keys = frozenset(k for k, f in self.by_key.items() if f.required)

    def accepts(self, data: dict[str, Any]) -> bool:
        """Tell quickly whether ``data`` (a dict) is valid; same verdict as :meth:`validate`."""
        by_key = self.by_key
        try:
            for key, value in data.items():
                field = by_key[key]
                if value is None:
                    if not field.allow_none:
                        return False
                else:
                    field._deserialize(value, key, data)
        except (KeyError, ValidationError):
            return False
        return self.required_keys <= data.keys()

    def check(self, data: dict[str, Any]) -> dict[str, Any]:
        """Return marshmallow's error dict for ``data`` (empty when valid), cheaply when valid."""
        if self.accepts(data):
            return {}
        return self.validate(data)


def _schema(name: str, spec: dict[str, fields.Field]) -> StrictSchema:
    return cast("type[StrictSchema]", StrictSchema.from_dict(spec, name=name))()


def _p(required: bool = True) -> Int:
    return Int(choices=PLAYERS, required=required)


def _card(required: bool = True) -> CardId:
    return CardId(required=required)


def _count(minimum: int = 0) -> Int:
    return Int(required=True, minimum=minimum, maximum=MAX_COUNT)


def _index() -> Int:
    """An effect's 0-based index among a card's effects."""
    return Int(required=True, minimum=0, maximum=MAX_COUNT)


def _until() -> Choice:
    return Choice(UNTILS)


def _op(name: str, spec: dict[str, fields.Field]) -> StrictSchema:
    return _schema(f"Op_{name}", {"op": Const(name, required=True), **spec})


OP_SCHEMAS: dict[str, StrictSchema] = {
    # ``cards`` (table-logs.md): the cards drawn / put, in order, when the deck's order is unknown
    "draw": _op("draw", {"p": _p(), "n": _count(), "cards": CardIds()}),
    "move": _op("move", {
        # no ``card``: an unknown card moving between hidden zones (a table log; docs/log-extensions.md)
        "p": _p(), "card": _card(False),
        "from": Choice(MOVE_FROM, required=True), "to": Choice(MOVE_TO, required=True),
        "face": Choice(FACES), "rested": Bool(), "replace": _card(False), "on": _card(False),
    }),
    "flip": _op("flip", {"p": _p(), "card": _card(), "face": Choice(FACES, required=True)}),
    "shuffle": _op("shuffle", {"p": _p(), "order": CardIds()}),  # no order: unknown (table-logs.md)
    "modify": _op("modify", {
        "p": _p(), "card": _card(),
        "ap": Int(required=True), "dp": Int(required=True), "until": _until(),
    }),
    "grant": _op("grant", {
        "p": _p(), "card": _card(), "what": Grant(required=True), "until": _until(),
    }),
    # docs/log-extensions.md: without ``card``, ``next`` (which next card played) or ``all`` (which cards) say what
    "cost": _op("cost", {"p": _p(), "card": _card(False), "n": _count(-MAX_COUNT), "until": _until(),
                         "next": FreeObject(), "all": FreeObject(), "count": Int(minimum=0, maximum=MAX_COUNT),
                         "extra": FreeList()}),
    "coin": _op("coin", {
        "p": _p(), "card": _card(), "coin": Str(required=True), "n": _count(-MAX_COUNT),
    }),
    "rest": _op("rest", {"p": _p(), "card": _card()}),
    "activate": _op("activate", {"p": _p(), "card": _card()}),
    "put_point": _op("put_point", {
        "p": _p(), "n": _count(), "face": Choice(FACES), "cards": CardIds(),
    }),
    "reveal": _op("reveal", {
        "p": _p(), "cards": CardIds(required=True), "from": Choice(FROM_ZONES, required=True),
    }),
    "disable": _op("disable", {}),
}

PAYMENT_SCHEMA = _schema("Payment", {"hand": _card(False), "point": _card(False)})
REF_SCHEMA = _schema("Ref", {"p": _p(), "card": _card(), "on": _card(False)})

#: Filled below, once the action schemas exist (responses are actions).
RESPONSE_SCHEMAS: dict[str, StrictSchema] = {}


def _pay(required: bool = True) -> Payments:
    return Payments(PAYMENT_SCHEMA, required=required)


def _effect() -> dict[str, fields.Field]:
    return {"targets": Objects(REF_SCHEMA, null_items=True), "choices": FreeList(), "ops": Tagged("op", OP_SCHEMAS)}


def _responses() -> dict[str, fields.Field]:
    return {"responses": Tagged("type", RESPONSE_SCHEMAS)}


def _action(name: str, spec: dict[str, fields.Field], *, p_required: bool = True) -> StrictSchema:
    head: dict[str, fields.Field] = {"type": Const(name, required=True), "p": _p(p_required)}
    tail: dict[str, fields.Field] = {"meta": FreeObject(), "at": DateTime()}
    return _schema(f"Action_{name}", {**head, **spec, **tail})


ACTION_SCHEMAS: dict[str, StrictSchema] = {
    # setup
    "shuffle": _action("shuffle", {"order": CardIds()}),  # no order: unknown (table-logs.md)
    "keep": _action("keep", {}),
    "redraw": _action("redraw", {}),
    # acting in a window
    "summon": _action("summon", {
        "card": _card(), "area": Choice(AREAS, required=True), "pay": _pay(),
        "replace": _card(False), **_responses(),
    }),
    "set_support": _action("set_support", {
        "card": _card(), "on": _card(), "pay": _pay(), **_responses(),
    }),
    "level_up": _action("level_up", {
        "card": _card(), "onto": _card(), "pay": _pay(False), **_responses(),
    }),
    "play_event": _action("play_event", {
        "card": _card(), "pay": _pay(), **_effect(), **_responses(),
    }),
    "use_effect": _action("use_effect", {
        "card": _card(), "on": _card(False), "effect": _index(),
        "pay": _pay(), "rest": Bool(), "discard": _card(False), **_effect(), **_responses(),
    }),
    "backup": _action("backup", {"card": _card(), **_effect(), **_responses()}),
    "trigger": _action("trigger", {
        "card": _card(), "from": Choice(FROM_ZONES), "effect": _index(),
        **_effect(),
    }),
    "pass": _action("pass", {}),
    # approach phase
    "approach": _action("approach", {"card": _card(), "with": _card(False)}),
    "end_approach": _action("end_approach", {}),
    "interfere": _action("interfere", {"card": _card()}),
    "no_interfere": _action("no_interfere", {"card": _card(False)}),
    "choose_elimination": _action("choose_elimination", {
        "card": CardId(required=True, allow_none=True),
    }),
    "break": _action("break", {"card": _card(), **_effect(), **_responses()}),
    # turn end, any time
    "hand_adjust": _action("hand_adjust", {"discard": CardIds(required=True)}),
    "concede": _action("concede", {}),
    # table logs: the recorder learns unknown cards of a zone (table-logs.md)
    "identify": _action("identify", {"zone": Choice(IDENTIFY_ZONES, required=True), "cards": CardIds(required=True)}),
    "note": _action("note", {"text": Str(required=True)}, p_required=False),
}
RESPONSE_SCHEMAS.update({name: ACTION_SCHEMAS[name] for name in RESPONSE_TYPES})

PLAYER_SCHEMA = _schema("Player", {
    # no deck (or null): an unlisted deck; ex_deck null: an unlisted EX deck (table-logs.md)
    "name": Str(required=True), "deck": CardIds(allow_none=True), "ex_deck": CardIds(allow_none=True),
    "deck_name": Str(),
})
GAME_SCHEMA = _schema("Game", {
    "players": Objects(PLAYER_SCHEMA, exactly=2, required=True),
    "first": Int(choices=PLAYERS, required=True),
    "ruleset": Str(), "id": Str(), "played_at": DateTime(), "event": Str(), "round": Int(),
    "cardset": Str(), "meta": FreeObject(),
    # the table let irregular actions stand: fold past them (docs/as-played.md)
    "as_played": Bool(),
})

_TOP: dict[str, fields.Field] = {
    "format": Const(FORMAT, required=True),
    "version": Const(VERSION, required=True, hint=f"{VERSION} (this reader reads pmemo-log v1)"),
    "game": FreeObject(required=True),
}
DOCUMENT_SCHEMA = _schema("Document", {**_TOP, "actions": FreeList(required=True)})
JSONL_HEAD_SCHEMA = _schema("JsonlHead", dict(_TOP))


# --- explaining errors -----------------------------------------------------------------

#: List fields whose items are named in messages by their tag: "response 1 (play_event)".
_TAGGED: dict[str, tuple[str, str, Mapping[str, StrictSchema]]] = {
    "responses": ("response", "type", RESPONSE_SCHEMAS),
    "ops": ("op", "op", OP_SCHEMAS),
}


def _first_key(node: dict, value: Any) -> Any:
    if "_schema" in node:
        return "_schema"
    if isinstance(value, dict):
        order = {k: i for i, k in enumerate(value)}
        return min(node, key=lambda k: order.get(k, len(order)))  # missing fields last
    if all(isinstance(k, int) for k in node):
        return min(node)
    return next(iter(node))


def explain(errors: Any, data: Any, context: str) -> tuple[str, str]:
    """Turn marshmallow ``errors`` about ``data`` into ``(dotted path, message)``.

    The first error in input order is taken. ``context`` starts the message
    (``"action 5 (summon)"``); items of ``responses``/``ops`` extend it.
    """
    path: list[str] = []
    rel: list[str] = []
    node, value = errors, data
    message = "is invalid"
    while True:
        if isinstance(node, list):
            if node and isinstance(node[0], dict):
                node = node[0]
                continue
            message = str(node[0]) if node else message
            break
        if not isinstance(node, dict) or not node:
            message = str(node) if node else message
            break
        key = _first_key(node, value)
        node = node[key]
        if key == "_schema":
            continue
        if isinstance(value, dict):
            value = value.get(key)
        elif isinstance(value, list) and isinstance(key, int) and 0 <= key < len(value):
            value = value[key]
        else:
            value = None
        path.append(str(key))
        tagged = _TAGGED.get(rel[-1]) if rel and isinstance(key, int) else None
        if tagged:
            noun, tag, known = tagged
            kind = value.get(tag) if isinstance(value, dict) else None
            named = isinstance(kind, str) and kind in known
            context = f"{context}, {noun} {key}" + (f" ({kind})" if named else "")
            rel = []
        else:
            rel.append(str(key))
    if message in (UNKNOWN_FIELD, MISSING_FIELD) and rel:
        where = f" in '{'.'.join(rel[:-1])}'" if len(rel) > 1 else ""
        text = f"{message} '{rel[-1]}'{where}"
    elif rel:
        text = f"field '{'.'.join(rel)}' {message}"
    else:
        text = message
    return ".".join(path), f"{context}: {text}"


# --- entry points ----------------------------------------------------------------------


def validate_top(document: Any, *, jsonl: bool, context: str = "log") -> None:
    """Check the top-level object: ``format``, ``version``, ``game`` (and ``actions``)."""
    if type(document) is not dict:
        raise LogError(f"{context}: must be a JSON object, got {show(document)}")
    schema = JSONL_HEAD_SCHEMA if jsonl else DOCUMENT_SCHEMA
    errors = schema.check(document)
    if errors:
        path, message = explain(errors, document, context)
        raise LogError(message, path=path)


def validate_header(game: dict[str, Any]) -> dict[str, Any]:
    """Validate the ``game`` header; return a copy with defaults filled (``ruleset``, ``ex_deck``)."""
    if type(game) is not dict:
        raise LogError(f"game: must be an object, got {show(game)}", path="game")
    errors = GAME_SCHEMA.check(game)
    if errors:
        path, message = explain(errors, game, "game")
        raise LogError(message, path=f"game.{path}" if path else "game")
    header = dict(game)
    header["players"] = [
        player if "ex_deck" in player else {**player, "ex_deck": []} for player in game["players"]
    ]  # absent still means []; null (unlisted) and an absent deck are kept as given
    header.setdefault("ruleset", DEFAULT_RULESET)
    return header


_PASS_SHAPES = ({"type": "pass", "p": 0}, {"type": "pass", "p": 1})


def is_plain_pass(action: Any) -> bool:
    """True for ``{"type": "pass", "p": 0|1}`` exactly (the commonest action, valid as it stands)."""
    return type(action) is dict and len(action) == 2 and action in _PASS_SHAPES and type(action["p"]) is int


MAX_RESPONSE_DEPTH = 32


def _response_depth(action: dict[str, Any]) -> int:
    """How deep ``responses`` nest below an action (iteratively, whatever the input)."""
    depth, level = 0, [action]
    while level:
        level = [r for a in level if type(a) is dict and type(a.get("responses")) is list for r in a["responses"]]
        depth += bool(level)
        if depth > MAX_RESPONSE_DEPTH:
            break
    return depth


def validate_action(action: Any, index: int) -> None:
    """Validate one top-level action; raise :class:`LogError` (``log.schema``) when malformed."""
    if type(action) is dict and len(action) == 2 and action in _PASS_SHAPES and type(action["p"]) is int:
        return  # the commonest action, exactly as the schema allows it
    if type(action) is not dict:
        raise LogError(
            f"action {index}: must be an object, got {show(action)}", index=index, path=str(index)
        )
    kind = action.get("type")
    schema = ACTION_SCHEMAS.get(kind) if type(kind) is str else None
    if schema is None:
        if "type" not in action:
            problem = "missing required field 'type'"
        elif type(kind) is str:
            problem = f"unknown action type {show(kind)}"
        else:
            problem = f"field 'type' must be an action type name, got {show(kind)}"
        raise LogError(f"action {index}: {problem}", index=index, path=f"{index}.type")
    if "responses" in action and _response_depth(action) > MAX_RESPONSE_DEPTH:
        raise LogError(f"action {index} ({kind}): responses nest more than {MAX_RESPONSE_DEPTH} levels deep",
                       index=index, path=f"{index}.responses")
    errors = schema.check(action)
    if errors:
        path, message = explain(errors, action, f"action {index} ({kind})")
        raise LogError(message, index=index, path=f"{index}.{path}")

