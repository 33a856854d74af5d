"""Community ``precious-data`` card files (insanity54/precious-data) as card data.

One JSON object per card (older files: ``usageCost``/``outbreakCost`` and no ``id``; the id
is then ``setAbbr + " " + number``). Fields are mapped as ../shared/spec/cards.md says; the
text is read for facts only (:mod:`engine.pm.cards.precious_text`) and never kept:
:attr:`Card.text` stays ``None``; effects in stock phrasings get compiled scripts
(:mod:`engine.pm.cards.compiler`). Other fields are ignored.
A Chara with only one of AP/DP gets neither; a non-Chara never has AP/DP. Properties a file ran together are
split against the folder's own (:mod:`engine.pm.cards.properties`).
A usage cost printed as a symbol (△, ▽: 〔EXカード〕 Supports) is kept as ``cost_symbol`` with no numeric ``cost``; a
provided cost printed as '-' is none (``source`` None: the card cannot pay).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from engine.pm.cards import Card, CardDB, reminders
from engine.pm.cards.errors import CardDataError, card_error
from engine.pm.cards.precious_text import COLORS, TextError, known_keyword, number, parse_text
from engine.pm.cards.properties import split_run_together
from engine.pm.cards.series import series_groups_for

TYPES = {"キャラクター": "chara", "イベント": "event", "サポート": "support"}
#: between properties: 、, an ideographic space, a line break (real, or written out as the two characters \\n)
_PROPERTY_SPLIT = re.compile(r"[、\u3000\r\n]|\\n")
_COMBO_SPLIT = re.compile("[＆&]")
#: a value printed as "none"
_NONE = ("-", "－", "‐")
#: a usage cost printed as a symbol, not a number: one geometric shape (△ ▽ ○ ☆ ...: U+25A0-25FF, U+2605-2606)
_COST_SYMBOL = re.compile("[\u25a0-\u25ff\u2605\u2606]")


def is_precious(data: Any) -> bool:
    """True for a precious-data card object."""
    return (
        isinstance(data, Mapping)
        and "format" not in data
        and isinstance(data.get("name"), str)
        and "type" in data
        and ("setName" in data or "setAbbr" in data)
    )


class _Reader:
    """Reads the fields of one card object, raising errors that name the field."""

    def __init__(self, data: Mapping[str, Any], source: str) -> None:
        self.data, self.source, self.where = data, source, ""

    def fail(self, field: str, problem: str) -> CardDataError:
        return card_error(self.source, self.where, field, problem)

    def text(self, *keys: str) -> str:
        for key in keys:
            value = self.data.get(key)
            if value is not None:
                if isinstance(value, int) and not isinstance(value, bool):
                    return str(value)
                if not isinstance(value, str):
                    raise self.fail(key, f"{value!r} is not a string")
                return value
        raise self.fail(keys[0], "missing required field")

    def choice(self, key: str, table: Mapping[str, str]) -> str:
        value = self.text(key).strip()
        if value not in table:
            raise self.fail(key, f"{value!r} is not one of {', '.join(table)}")
        return table[value]

    def color(self) -> str:
        """The card's colour: 赤/青/黄/緑/紫/白 by the table; any other value is kept as written, a colour of its
        own (one card with a colour nobody listed must not make its whole folder unreadable)."""
        value = self.text("color").strip()
        if not value:
            raise self.fail("color", "empty")
        return COLORS.get(value, value)

    def count(self, *keys: str) -> int:
        value = self.text(*keys)
        try:
            return number(value)
        except TextError as exc:
            raise self.fail(next(k for k in keys if k in self.data), str(exc)) from None

    def usage_cost(self) -> tuple[int | None, str | None]:
        """The usage cost and, when the card prints a symbol there instead of a number (YRC's 〔EXカード〕 Supports:
        △, PPTP's: ▽), that symbol with no cost: a symbol is not a number, so no cost filter or payment reads it."""
        key = "usageCost" if self.data.get("cost") is None and self.data.get("usageCost") is not None else "cost"
        value = self.text(key).strip()
        if _COST_SYMBOL.fullmatch(value):
            return None, value
        return self.count(key), None

    def provided(self) -> int | None:
        """The provided cost (``source``); None for a card that prints none ('-'): it cannot be used to pay."""
        key = "outbreakCost" if self.data.get("source") is None and self.data.get("outbreakCost") is not None else "source"
        return None if self.text(key).strip() in _NONE else self.count(key)

    def stat(self, key: str) -> int | None:
        value = self.text(key).strip() if self.data.get(key) is not None else ""
        if value in ("", *_NONE):
            return None
        try:
            return number(value)
        except TextError as exc:
            raise self.fail(key, str(exc)) from None

    def card_id(self) -> str:
        value = self.data.get("id")
        if isinstance(value, str) and value.strip():
            return value.strip()
        if isinstance(self.data.get("setAbbr"), str) and isinstance(self.data.get("number"), str):
            return f"{self.data['setAbbr'].strip()} {self.data['number'].strip()}"
        raise self.fail("id", "missing (no id, and no setAbbr with number)")

    def properties(self) -> tuple[str, ...]:
        value = self.data.get("characteristic")
        items = [value] if isinstance(value, str) else value or []
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise self.fail("characteristic", f"{value!r} is not a string or a list of strings")
        parts = (p.strip() for item in items for p in _PROPERTY_SPLIT.split(item))
        return tuple(p for p in parts if p and p not in ("-", "－"))


def set_of(card_id: str) -> str:
    """The set a card id belongs to (``"NUKN ST-001"`` -> ``"NUKN"``): the scope of its reminder texts."""
    return card_id.split()[0] if card_id.split() else card_id


def set_keywords(objects: Iterable[Mapping[str, Any]]) -> dict[str, reminders.Keywords]:
    """Each set's keyword definitions (:mod:`engine.pm.cards.reminders`), gathered over its cards' texts."""
    texts: dict[str, list[Any]] = {}
    for obj in objects:
        value = obj.get("id") or f"{obj.get('setAbbr', '')} {obj.get('number', '')}"
        texts.setdefault(set_of(str(value)), []).append(obj.get("text") if isinstance(obj.get("text"), str) else None)
    return {key: reminders.gather(found, known_keyword) for key, found in texts.items()}


def precious_card(data: Mapping[str, Any], source: str = "precious-data", *, compile: bool = False,
                  keywords: reminders.Keywords | None = None) -> Card:
    """One precious-data card object as a :class:`Card` (facts only; ``compile``: with compiled scripts).
    ``keywords``: the keyword definitions of its set (default: those its own text prints)."""
    r = _Reader(data, source)
    card_id = r.card_id()
    r.where = card_id
    name, card_type = r.text("name"), r.choice("type", TYPES)
    cost, cost_symbol = r.usage_cost()
    ap, dp = (r.stat("ap"), r.stat("dp")) if card_type == "chara" else (None, None)
    if ap is None or dp is None:
        ap = dp = None
    raw_text = data.get("text")
    if raw_text is not None and not isinstance(raw_text, str):
        raise r.fail("text", f"{raw_text!r} is not a string")
    if keywords is None:
        keywords = reminders.gather([raw_text], known_keyword)
    try:
        facts = parse_text(raw_text, card_type, keywords.dispute)
    except TextError as exc:
        raise r.fail("text", str(exc)) from None
    combo = None
    if facts.combo:
        names = [n.strip() for n in _COMBO_SPLIT.split(name)]
        if len(names) != 2 or not all(names):
            raise r.fail("name", f"a 〔コンビ〕 card's name {name!r} is not 'A＆B'")
        combo = (names[0], names[1])
    card = Card(
        id=card_id,
        name=name,
        series=r.text("setName").strip(),
        type=card_type,
        color=r.color(),
        cost=cost,
        cost_symbol=cost_symbol,
        source=r.provided(),
        ap=ap,
        dp=dp,
        properties=r.properties(),
        timing=facts.timing,
        active=facts.active,
        break_=facts.break_,
        level_up=facts.level_up,
        ex=facts.ex,
        ignore=facts.ignore,
        pinch=facts.pinch,
        combo=combo,
        reinforcement=facts.reinforcement,
        backup=facts.backup,
        effects=tuple(facts.effects),
        free_entry=facts.free_entry,
        forceful=facts.forceful,
        breakthrough=facts.breakthrough,
        endure=facts.endure,
        use_condition=facts.use_condition,
        timings=tuple(facts.timings),
        # the user's own card data, shown on hover (in memory only: the project never copies card texts)
        text=raw_text if raw_text and raw_text.strip() not in ("", "-") else None,
    )
    if not compile:
        return card
    from engine.pm.cards.compiler import compile_card  # only where a text is compiled: its phrase tables cost ~45 ms

    return compile_card(card, raw_text, keywords)


def parse_precious(items: Iterable[tuple[str, Any]], name: str = "precious-data", *, compile: bool = False) -> CardDB:
    """Read decoded precious-data documents, each ``(source, object or list of objects)``."""
    objects: list[tuple[str, Any]] = []
    for source, data in items:
        for obj in data if isinstance(data, list) else [data]:
            if not is_precious(obj):
                raise card_error(source, "", "", "not a precious-data card object")
            objects.append((source, obj))
    keywords = set_keywords(obj for _, obj in objects)  # a set's reminder texts define its keywords for all its cards
    cards = [precious_card(obj, source, keywords=keywords.get(set_of(_Reader(obj, source).card_id())))
             for source, obj in objects]
    cards = split_run_together(cards)  # before compiling: the compiler reads properties
    if compile:
        from engine.pm.cards.compiler import compile_card  # not needed to read native files (the import path)

        cards = [compile_card(c, c.text, keywords.get(set_of(c.id))) for c in cards]
    return CardDB(cards, series_groups_for({c.series for c in cards}), name=name)

