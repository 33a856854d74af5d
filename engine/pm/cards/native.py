"""The native ``pmemo-cards`` v1 card file (../shared/spec/cards.md).

Every card (and effect) is validated with marshmallow: unknown fields, wrong types and
bad values raise :class:`CardDataError` naming the file, the card and the field.
``meta`` objects (top level, card, effect) are free-form and not kept.

Effect entries: ``kind`` is required (in ``backup`` it defaults to ``"auto"``); ``timing``,
``cost``, ``cost_color``, ``rest`` and ``discard_name`` default to null/0/false when left out,
but an ``activated`` effect must have a timing. The project's optional extras are
``trigger``, ``optional``, ``once_per_turn``, ``targets``, ``do`` (the effect script: present
means :attr:`Effect.script` ``= tuple(do)``), ``condition``, ``why`` (why it is unscripted),
``compiled`` and ``text`` (shown only; not kept). Card extras: ``free_entry``, ``forceful``,
``breakthrough``, ``endure`` (the newer keywords, docs/log-extensions.md), ``use_condition`` (an Event's
《使用条件》 as a condition), ``timings`` (a modal Event's timings); ``cost`` may be null with the printed symbol
in ``cost_symbol`` (△: a card with no numeric usage cost), ``source`` null (a card that cannot pay).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import PurePath
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from engine.pm.cards import (
    CARD_TYPES,
    COLORS,
    EFFECT_KINDS,
    Card,
    CardDB,
    Effect,
    Timing,
    base_id,
)
from engine.pm.cards.errors import CardDataError, card_error

FORMAT = "pmemo-cards"
VERSION = 1

_MESSAGES = {
    "Unknown field.": "unknown field",
    "Missing data for required field.": "missing required field",
    "Field may not be null.": "may not be null",
    "Not a valid integer.": "not an integer",
    "Not a valid string.": "not a string",
    "Not a valid list.": "not a list",
    "Not a valid mapping type.": "not an object",
    "Invalid input type.": "not an object",
}


class _Bool(fields.Boolean):
    """A JSON boolean only (no ``"true"`` or ``1``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError(f"{value!r} is not a boolean")
        return value


class _Timing(fields.Field[Timing]):
    """``"main/self"`` etc., parsed with :meth:`Timing.parse`."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Timing:
        if not isinstance(value, str):
            raise ValidationError(f"{value!r} is not a string")
        try:
            return Timing.parse(value)
        except ValueError as exc:
            raise ValidationError(str(exc)) from None


def _one_of(choices: tuple[str, ...]) -> validate.OneOf:
    return validate.OneOf(choices, error="{input!r} is not one of {choices}")


_NON_NEGATIVE = validate.Range(min=0, error="{input} is negative")


class _Meta(Schema):
    meta = fields.Dict()


class EffectSchema(_Meta):
    """One entry of ``effects``."""

    kind = fields.String(required=True, validate=_one_of(EFFECT_KINDS))
    timing = _Timing(load_default=None, allow_none=True)
    cost = fields.Integer(strict=True, load_default=0, validate=_NON_NEGATIVE)
    cost_color = fields.String(load_default=None, allow_none=True, validate=_one_of(COLORS))
    rest = _Bool(load_default=False)
    discard_name = fields.String(load_default=None, allow_none=True)
    trigger = fields.String(load_default=None, allow_none=True)
    optional = _Bool(load_default=False)
    once_per_turn = _Bool(load_default=False)
    targets = fields.List(fields.Dict(), load_default=list)
    do = fields.List(fields.Dict(), load_default=None)
    condition = fields.Dict(load_default=None, allow_none=True)
    why = fields.String(load_default=None, allow_none=True)
    compiled = _Bool(load_default=False)
    text = fields.String()

    @validates_schema
    def _activated_timing(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("kind") == "activated" and data.get("timing") is None:
            raise ValidationError("an activated effect needs a timing", "timing")


class BackupSchema(EffectSchema):
    """``backup``: an effect entry whose ``kind`` defaults to ``"auto"``."""

    kind = fields.String(load_default="auto", validate=_one_of(EFFECT_KINDS))


class _Pinch(Schema):
    points = fields.Integer(strict=True, required=True, validate=_NON_NEGATIVE)
    ap = fields.Integer(strict=True, load_default=0)
    dp = fields.Integer(strict=True, load_default=0)


class _Reinforcement(Schema):
    name = fields.String()
    property = fields.String()

    @validates_schema
    def _exactly_one(self, data: dict[str, Any], **kwargs: Any) -> None:
        if len(data) != 1:
            raise ValidationError('give exactly one of "name" or "property"')


class CardSchema(_Meta):
    """One entry of ``cards``."""

    id = fields.String(required=True, validate=validate.Length(min=1, error="empty string"))
    name = fields.String(required=True)
    series = fields.String(required=True)
    type = fields.String(required=True, validate=_one_of(CARD_TYPES))
    color = fields.String(required=True, validate=_one_of(COLORS))
    #: null: no numeric usage cost (the card cannot be played from the hand), its printed symbol in ``cost_symbol``
    cost = fields.Integer(strict=True, required=True, allow_none=True, validate=_NON_NEGATIVE)
    cost_symbol = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, error="empty string"))
    #: null: no provided cost (the card cannot be used to pay)
    source = fields.Integer(strict=True, required=True, allow_none=True, validate=_NON_NEGATIVE)
    ap = fields.Integer(strict=True, load_default=None, allow_none=True, validate=_NON_NEGATIVE)
    dp = fields.Integer(strict=True, load_default=None, allow_none=True, validate=_NON_NEGATIVE)
    properties = fields.List(fields.String(), load_default=list)
    timing = _Timing(load_default=None, allow_none=True)
    active = _Bool(load_default=False)
    break_ = _Bool(data_key="break", load_default=False)
    level_up = _Bool(load_default=False)
    ex = _Bool(load_default=False)
    untargetable = _Bool(load_default=False)
    ignore = fields.Integer(strict=True, load_default=None, allow_none=True, validate=_NON_NEGATIVE)
    pinch = fields.Nested(_Pinch, load_default=None, allow_none=True)
    combo = fields.List(
        fields.String(),
        load_default=None,
        allow_none=True,
        validate=validate.Length(equal=2, error="must be 2 names"),
    )
    reinforcement = fields.Nested(_Reinforcement, load_default=None, allow_none=True)
    backup = fields.Nested(BackupSchema, load_default=None, allow_none=True)
    effects = fields.List(fields.Nested(EffectSchema), load_default=list)
    text = fields.String(load_default=None, allow_none=True)
    free_entry = _Bool(load_default=False)
    forceful = _Bool(load_default=False)
    breakthrough = fields.Integer(strict=True, load_default=None, allow_none=True, validate=_NON_NEGATIVE)
    endure = _Bool(load_default=False)
    use_condition = fields.Dict(load_default=None, allow_none=True)
    timings = fields.List(_Timing(), load_default=list)

    @validates_schema
    def _stats(self, data: dict[str, Any], **kwargs: Any) -> None:
        ap, dp = data.get("ap"), data.get("dp")
        if data.get("type") in ("event", "support") and (ap is not None or dp is not None):
            raise ValidationError("must be null for a non-Chara", "ap" if ap is not None else "dp")
        if (ap is None) != (dp is None):
            raise ValidationError("ap and dp must both be null or both integers", "dp")
        if data.get("cost_symbol") is not None and data.get("cost") is not None:
            raise ValidationError("a card with a numeric cost has no cost_symbol", "cost_symbol")


class FileSchema(_Meta):
    """The top level of a ``pmemo-cards`` file (cards are checked one by one)."""

    format = fields.String(required=True, validate=_one_of((FORMAT,)))
    version = fields.Integer(strict=True, required=True, validate=validate.Equal(VERSION, error="{input} is not 1"))
    name = fields.String()
    series_groups = fields.List(
        fields.List(fields.String(), validate=validate.Length(min=1, error="empty group")),
        load_default=list,
    )
    cards = fields.List(fields.Raw(), required=True)


def _flatten(messages: Any, path: str = "") -> list[tuple[str, str]]:
    """``{"effects": {0: {"kind": ["..."]}}}`` -> ``[("effects[0].kind", "...")]``."""
    if isinstance(messages, Mapping):
        out: list[tuple[str, str]] = []
        for key, value in messages.items():
            if key == "_schema":
                sub = path
            elif isinstance(key, int):
                sub = f"{path}[{key}]"
            else:
                sub = f"{path}.{key}" if path else str(key)
            out.extend(_flatten(value, sub))
        return out
    if isinstance(messages, list):
        return [pair for m in messages for pair in _flatten(m, path)]
    return [(path, _MESSAGES.get(str(messages), str(messages)))]


def _error(source: str, where: str, exc: ValidationError) -> CardDataError:
    pairs = _flatten(exc.messages)
    field, problem = pairs[0]
    extra = "".join(f"; {f}: {p}" if f else f"; {p}" for f, p in pairs[1:])
    return card_error(source, where, field, problem + extra)


def _effect(d: Mapping[str, Any]) -> Effect:
    do = d.get("do")
    return Effect(
        kind=d["kind"],
        timing=d["timing"],
        cost=d["cost"],
        cost_color=d["cost_color"],
        rest=d["rest"],
        discard_name=d["discard_name"],
        trigger=d["trigger"],
        optional=d["optional"],
        once_per_turn=d["once_per_turn"],
        targets=tuple(d["targets"]),
        script=None if do is None else tuple(do),
        condition=d["condition"],
        why=d["why"],
        compiled=d["compiled"],
    )


def _card(d: Mapping[str, Any]) -> Card:
    pinch, reinf, combo, backup = d["pinch"], d["reinforcement"], d["combo"], d["backup"]
    return Card(
        id=d["id"],
        name=d["name"],
        series=d["series"],
        type=d["type"],
        color=d["color"],
        cost=d["cost"],
        cost_symbol=d["cost_symbol"],
        source=d["source"],
        ap=d["ap"],
        dp=d["dp"],
        properties=tuple(d["properties"]),
        timing=d["timing"],
        active=d["active"],
        break_=d["break_"],
        level_up=d["level_up"],
        ex=d["ex"],
        untargetable=d["untargetable"],
        ignore=d["ignore"],
        pinch=None if pinch is None else (pinch["points"], pinch["ap"], pinch["dp"]),
        combo=None if combo is None else (combo[0], combo[1]),
        reinforcement=None if reinf is None else next(iter(reinf.items())),
        backup=None if backup is None else _effect(backup),
        effects=tuple(_effect(e) for e in d["effects"]),
        text=d["text"],
        free_entry=d["free_entry"],
        forceful=d["forceful"],
        breakthrough=d["breakthrough"],
        endure=d["endure"],
        use_condition=d["use_condition"],
        timings=tuple(d["timings"]),
    )


def parse_native(data: Any, source: str = "cards") -> CardDB:
    """Read a decoded ``pmemo-cards`` document; ``source`` names it in errors."""
    if not isinstance(data, Mapping):
        raise card_error(source, "", "", "not a pmemo-cards object")
    try:
        top = FileSchema().load(data)
    except ValidationError as exc:
        raise _error(source, "", exc) from None
    cards: list[Card] = []
    seen: dict[str, int] = {}
    schema = CardSchema()  # one instance: building a schema copies its fields
    for i, raw in enumerate(top["cards"]):
        where = f"cards[{i}]"
        if isinstance(raw, Mapping) and isinstance(raw.get("id"), str):
            where += f" ({raw['id']})"
        if not isinstance(raw, Mapping):
            raise card_error(source, where, "", "not an object")
        try:
            card = _card(schema.load(raw))
        except ValidationError as exc:
            raise _error(source, where, exc) from None
        key = base_id(card.id)
        if key in seen:
            raise card_error(source, where, "id", f"duplicate of cards[{seen[key]}]")
        seen[key] = i
        cards.append(card)
    name = top.get("name") or PurePath(source).stem
    return CardDB(cards, top["series_groups"], name=name)


def _dump_effect(e: Effect) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": e.kind,
        "timing": None if e.timing is None else str(e.timing),
        "cost": e.cost,
        "cost_color": e.cost_color,
        "rest": e.rest,
        "discard_name": e.discard_name,
    }
    if e.trigger is not None:
        out["trigger"] = e.trigger
    if e.optional:
        out["optional"] = True
    if e.once_per_turn:
        out["once_per_turn"] = True
    if e.targets:
        out["targets"] = [dict(t) for t in e.targets]
    if e.script is not None:
        out["do"] = [dict(s) for s in e.script]
    if e.condition is not None:
        out["condition"] = dict(e.condition)
    if e.why is not None:
        out["why"] = e.why
    if e.compiled:
        out["compiled"] = True
    return out


def dump_card(c: Card) -> dict[str, Any]:
    """One card as a native ``cards`` entry (defaults left out)."""
    out: dict[str, Any] = {
        "id": c.id,
        "name": c.name,
        "series": c.series,
        "type": c.type,
        "color": c.color,
        "cost": c.cost,
        "source": c.source,
        "ap": c.ap,
        "dp": c.dp,
    }
    if c.cost_symbol is not None:
        out["cost_symbol"] = c.cost_symbol
    if c.properties:
        out["properties"] = list(c.properties)
    if c.timing is not None:
        out["timing"] = str(c.timing)
    flags = {"active": c.active, "break": c.break_, "level_up": c.level_up, "ex": c.ex}
    flags.update(untargetable=c.untargetable, free_entry=c.free_entry, forceful=c.forceful, endure=c.endure)
    out.update({k: True for k, v in flags.items() if v})
    if c.ignore is not None:
        out["ignore"] = c.ignore
    if c.breakthrough is not None:
        out["breakthrough"] = c.breakthrough
    if c.pinch is not None:
        out["pinch"] = dict(zip(("points", "ap", "dp"), c.pinch, strict=True))
    if c.combo is not None:
        out["combo"] = list(c.combo)
    if c.reinforcement is not None:
        out["reinforcement"] = {c.reinforcement[0]: c.reinforcement[1]}
    if c.backup is not None:
        out["backup"] = _dump_effect(c.backup)
    if c.use_condition is not None:
        out["use_condition"] = dict(c.use_condition)
    if c.timings:
        out["timings"] = [str(t) for t in c.timings]
    if c.effects:
        out["effects"] = [_dump_effect(e) for e in c.effects]
    if c.text is not None:
        out["text"] = c.text
    return out


def dump_native(db: CardDB) -> dict[str, Any]:
    """A :class:`CardDB` as a ``pmemo-cards`` v1 document (cards in db order)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": db.name,
        "series_groups": db.series_groups(),
        "cards": [dump_card(c) for c in db],
    }
