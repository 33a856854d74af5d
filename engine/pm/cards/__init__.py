"""Card model: the facts the rules engine needs about every card.

Cards are immutable. A :class:`CardDB` maps card ids (``"MHK ST-001"``) to
:class:`Card` objects and knows which series count as the same work.

>>> db = CardDB([Card(id="TST 01-001", name="Aki", series="Test", type="chara",
...                   color="red", cost=2, source=2, ap=30, dp=30)])
>>> db.get("TST 01-001a").name   # a parallel letter names the same card
'Aki'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.pm.cards.series import series_form

#: white (白) is an extension of the contract's five (docs/log-extensions.md): a colour of its own, as any other
COLORS = ("red", "blue", "yellow", "green", "purple", "white")
CARD_TYPES = ("chara", "event", "support")
TIMING_PHASES = ("main", "approach")
TIMING_SIDES = ("self", "opponent", "both", "decline")
EFFECT_KINDS = ("activated", "auto", "continuous")

_PARALLEL = re.compile(r"^(.*\d)[a-z]$")


def _parallel_base(card_id: str) -> str:
    """Return the id without a trailing parallel letter (:data:`base_id` remembers the answers).

    >>> base_id("MHK 01-001a")
    'MHK 01-001'
    >>> base_id("MHK 01-001")
    'MHK 01-001'
    """
    m = _PARALLEL.match(card_id)
    return m.group(1) if m else card_id


class _BaseIds(dict[str, str]):
    """Card id -> base id, worked out on the first look-up (at most 65,536 kept)."""

    def __missing__(self, card_id: str) -> str:
        if len(self) >= 65536:
            self.clear()
        base = self[card_id] = _parallel_base(card_id)
        return base


#: the id without a trailing parallel letter (:func:`_parallel_base`): a dict look-up, called from C (no Python frame:
#: it runs for nearly every comparison of two cards)
base_id: Callable[[str], str] = _BaseIds().__getitem__


@dataclass(frozen=True, slots=True)
class Timing:
    """When a card or effect may be used: ``main``/``approach`` × ``self``/``opponent``/``both``/``decline``."""

    phase: str
    side: str

    @classmethod
    def parse(cls, text: str) -> Timing:
        """Parse ``"approach/both"``; raise ``ValueError`` naming what is wrong."""
        parts = text.split("/")
        if len(parts) != 2 or parts[0] not in TIMING_PHASES or parts[1] not in TIMING_SIDES:
            raise ValueError(
                f"timing {text!r} is not '<main|approach>/<self|opponent|both|decline>'"
            )
        return cls(parts[0], parts[1])

    def __str__(self) -> str:
        return f"{self.phase}/{self.side}"


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a card, as data.

    ``script`` is the project's effect script (a tuple of step mappings handled by
    :mod:`engine.effects`); ``None`` means the effect is not scripted, so the engine
    applies the ops recorded in the log and marks the step unverified.
    ``trigger`` names what fires an automatic effect (``"enter"``, ``"approach"``,
    ``"interfered"``, ``"point"``, ``"turn_start"``, ``"turn_end"``, ...), when known.
    ``targets`` describes the targets a scripted effect requires (see :mod:`engine.effects`).
    ``why`` says why an effect is left unscripted (shown with its unverified steps);
    ``compiled`` marks a script made by the text compiler rather than written by hand.
    """

    kind: str
    timing: Timing | None = None
    cost: int = 0
    cost_color: str | None = None
    rest: bool = False
    discard_name: str | None = None
    trigger: str | None = None
    optional: bool = False
    once_per_turn: bool = False
    targets: tuple[Mapping[str, Any], ...] = ()
    script: tuple[Mapping[str, Any], ...] | None = None
    condition: Mapping[str, Any] | None = None
    why: str | None = None
    compiled: bool = False

    @property
    def scripted(self) -> bool:
        return self.script is not None


@dataclass(frozen=True, slots=True)
class Card:
    """The facts of one card (see ../shared/spec/cards.md)."""

    id: str
    name: str
    series: str
    type: str
    color: str
    #: usage cost; None when the card prints no number there (a symbol such as 〔EXカード〕 Supports' △ / ▽, kept in
    #: ``cost_symbol``): such a card cannot be played from the hand and no cost filter ("cost N or less") fits it
    cost: int | None
    #: provided cost when used to pay; None when the card prints none ('-'): it cannot pay
    source: int | None
    ap: int | None = None
    dp: int | None = None
    properties: tuple[str, ...] = ()
    timing: Timing | None = None
    active: bool = False
    break_: bool = False
    level_up: bool = False
    ex: bool = False
    untargetable: bool = False
    ignore: int | None = None
    pinch: tuple[int, int, int] | None = None  # (points, ap, dp)
    combo: tuple[str, str] | None = None
    reinforcement: tuple[str, str] | None = None  # ("name"|"property", value)
    backup: Effect | None = None
    effects: tuple[Effect, ...] = ()
    text: str | None = field(default=None, compare=False)  # for display only: not a fact the rules read
    free_entry: bool = False  # 〔自由登場〕: may be summoned in any window, not only the own Main Phase
    forceful: bool = False  # 〔強引〕: an opponent's Chara judged against it (AP >= 10) is eliminated
    breakthrough: int | None = None  # 〔突破N〕: points through interference (engine.pm.turns.breaks_through)
    endure: bool = False  # 〔我慢〕: with DP >= 10 the Chara does not leave (engine.pm.stats.endures)
    #: an Event's use condition (《使用条件》, rule book P03): a condition (engine.pm.conditions) that must hold for
    #: its player when the Event is played
    use_condition: Mapping[str, Any] | None = None
    #: a modal Event's timings (このカードをプレイする場合、以下から1つ選択する。・[X]:…・[Y]:…): it may be played in
    #: any of them (``timing`` is then None)
    timings: tuple[Timing, ...] = ()
    #: the symbol printed as the usage cost when it is not a number (△, ▽); None for a card with a numeric cost
    cost_symbol: str | None = None
    _activated: tuple[Effect, ...] = field(default=(), init=False, repr=False, compare=False)
    _automatic: tuple[Effect, ...] = field(default=(), init=False, repr=False, compare=False)
    _continuous: tuple[Effect, ...] = field(default=(), init=False, repr=False, compare=False)
    #: the causes its automatic effects listen for (``Effect.trigger``): a cause no effect names is passed over at once
    listens: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)
    _also_names: tuple[str, ...] = field(default=(), init=False, repr=False, compare=False)
    #: names the card also takes while a condition holds for its owner, in every zone (a Pinch's 「ゲーム中、このカード
    #: の名称は「X」としても扱う」): (condition, name) pairs, read by engine.pm.conditions.names_now; empty for almost
    #: every card, so a name check pays one attribute test (rule book 000 "[Pinch X]", 001 〔逆境〕)
    cond_names: tuple[tuple[Mapping[str, Any], str], ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_activated", tuple(e for e in self.effects if e.kind == "activated"))
        object.__setattr__(self, "_automatic", tuple(e for e in self.effects if e.kind == "auto"))
        object.__setattr__(self, "_continuous", tuple(e for e in self.effects if e.kind == "continuous" and e.script))
        object.__setattr__(self, "listens", frozenset(t for e in self._automatic if e.trigger for t in e.trigger.split("|")))
        # "during the game, this card also counts as name N / a Chara with property P" (ゲーム中、…としても扱う):
        # continuous ``also_name`` / ``also_property`` steps, facts of the card in every zone
        also = [s for e in self._continuous if not e.condition for s in e.script or ()
                if s.get("op") in ("also_name", "also_property")]
        if also:
            props = [s["property"] for s in also if s["op"] == "also_property"]
            object.__setattr__(self, "properties", tuple(dict.fromkeys((*self.properties, *props))))
            object.__setattr__(self, "_also_names", tuple(s["name"] for s in also if s["op"] == "also_name"))
        cond = tuple((e.condition, s["name"]) for e in self._continuous if e.condition for s in e.script or ()
                     if s.get("op") == "also_name")
        if cond:
            object.__setattr__(self, "cond_names", cond)

    @property
    def has_stats(self) -> bool:
        """True for a Chara with AP/DP (it may stand in the Main Area)."""
        return self.type == "chara" and self.ap is not None and self.dp is not None

    @property
    def names(self) -> tuple[str, ...]:
        """Every name this card counts as (a Combo card counts as either name, reading 11)."""
        if self.combo:
            return (self.name, *self.combo, *self._also_names)
        return (self.name, *self._also_names) if self._also_names else (self.name,)

    def activated(self) -> tuple[Effect, ...]:
        """Activated (Movement) effects in text order: ``use_effect`` indexes count here."""
        return self._activated

    def automatic(self) -> tuple[Effect, ...]:
        """Automatic effects in text order: ``trigger`` indexes count here."""
        return self._automatic

    def continuous(self) -> tuple[Effect, ...]:
        """Scripted continuous effects (the ones the engine applies), in text order."""
        return self._continuous

    @property
    def unverified_keywords(self) -> tuple[str, ...]:
        """Keywords read from the card whose rules the engine does not apply."""
        return ()  # 〔突破N〕 and 〔我慢〕 are applied (engine.pm.turns.breaks_through, engine.pm.stats.endures)

    @property
    def unscripted(self) -> bool:
        """True when some effect of the card is not scripted (its text may do more)."""
        if self.backup is not None and not self.backup.scripted:
            return True
        return any(not e.scripted for e in self.effects)

    @property
    def set_code(self) -> str:
        return self.id.split(" ", 1)[0]


class UnknownCard(KeyError):
    """Raised by :meth:`CardDB.get` for an id the database does not hold."""


class _ById(dict[str, Card]):
    """Cards by id as written: exact ids first; a parallel id (``MHK 01-001a``) resolves to its base card once."""

    def __init__(self, by_base: dict[str, Card]) -> None:
        super().__init__()
        self.by_base = by_base

    def __missing__(self, card_id: str) -> Card:
        try:
            card = self.by_base[base_id(card_id)]
        except (KeyError, TypeError):
            raise UnknownCard(card_id) from None
        self[card_id] = card
        return card


class CardDB:
    """Cards by id, with series groups (works counted as the same series)."""

    def __init__(
        self,
        cards: Iterable[Card] = (),
        series_groups: Iterable[Iterable[str]] = (),
        name: str = "cards",
    ) -> None:
        self.name = name
        self._cards: dict[str, Card] = {}
        self._exact = _ById(self._cards)
        #: ``lookup(id)``: the card (``UnknownCard`` when there is none); a plain dict lookup once an id has been seen
        self.lookup: Callable[[str], Card] = self._exact.__getitem__
        self._series_key: dict[str, str] = {}  # a series name as given (groups) -> its group's key
        self._series_root: dict[str, str] = {}  # a normalised series name (series_form) -> its group's key
        self._key_cache: dict[str, str] = {}  # a series name as asked -> its key (series_key)
        self._listened: frozenset[str] | None = None  # every cause some card listens for (see :meth:`listened`)
        #: facts a ruleset derives from these cards (legal deck lists...), forgotten when a card is added
        self.memo: dict[Any, Any] = {}
        for group in series_groups:
            self.add_series_group(group)
        for card in cards:
            self.add(card)

    def add(self, card: Card) -> None:
        key = base_id(card.id)
        if key in self._cards:  # a replaced card: forget the parallel ids resolved to the old one
            for cid in [c for c in self._exact if base_id(c) == key]:
                del self._exact[cid]
        self._cards[key] = card
        self._exact[card.id] = card
        self._exact[key] = card
        self._listened = None
        self.memo.clear()

    def listened(self, cause: str) -> bool:
        """True when some card's automatic effect listens for ``cause`` (else firing it can be skipped)."""
        if self._listened is None:
            self._listened = frozenset(c for card in self._cards.values() for c in card.listens)
        return cause in self._listened

    def add_series_group(self, group: Iterable[str]) -> None:
        members = [s for s in group]
        if not members:
            return
        # Merge with any group a member already belongs to (names compared in their normal form).
        forms = {series_form(s) for s in members}
        keys = {self._series_root.get(f, f) for f in forms}
        root = min(keys)
        for form, key in list(self._series_root.items()):
            if key in keys:
                self._series_root[form] = root
        for f in forms:
            self._series_root[f] = root
        for s in members:
            self._series_key[s] = root
        for series, key in list(self._series_key.items()):
            if key in keys:
                self._series_key[series] = root
        self._key_cache.clear()

    def merge(self, other: CardDB) -> None:
        """Add every card and series group of ``other`` (later files win on ids)."""
        for card in other._cards.values():
            self.add(card)
        groups: dict[str, list[str]] = {}
        for series, key in other._series_key.items():
            groups.setdefault(key, []).append(series)
        for group in groups.values():
            self.add_series_group(group)

    def series_key(self, series: str) -> str:
        """The canonical key of a series after merging groups, names compared in their normal form (series_form:
        『生徒会の一存LV.2』 in a text names the set 生徒会の一存 Lv.2)."""
        key = self._key_cache.get(series)
        if key is None:
            form = series_form(series)
            key = self._key_cache[series] = self._series_root.get(form, form)
        return key

    def same_series(self, a: Card, b: Card) -> bool:
        return self.series_key(a.series) == self.series_key(b.series)

    def get(self, card_id: str) -> Card:
        """The card ``card_id`` names (a parallel id names its base card); ``UnknownCard`` when there is none."""
        return self._exact[card_id]

    def __contains__(self, card_id: object) -> bool:
        return isinstance(card_id, str) and base_id(card_id) in self._cards

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._cards.values())

    def series_groups(self) -> list[list[str]]:
        groups: dict[str, list[str]] = {}
        for series, key in self._series_key.items():
            groups.setdefault(key, []).append(series)
        return [sorted(g) for g in groups.values() if len(g) > 1]
