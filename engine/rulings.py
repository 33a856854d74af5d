"""Rule ids, rulings and the rulings trail.

Every rule the engine checks has a stable id (../shared/spec/rules.md) and a
rule-book page. An illegal action raises :class:`IllegalAction` carrying a
:class:`Ruling`; a legal one leaves a trail of :class:`TrailEntry` items saying
which rules were checked and what followed.

>>> ruling = Ruling("approach.summoned", "MHK 01-022 was summoned this turn", index=13)
>>> ruling.to_json()["ref"]
'Rule Book v2.22 P13'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

BOOK = "Rule Book v2.22"

#: rule id -> (rule-book page or None, what makes an action illegal)
RULES: dict[str, tuple[str | None, str]] = {
    "log.schema": (None, "the log or an action is malformed"),
    "log.card": (None, "a card id is unknown to the card database"),
    "engine.error": (None, "the engine failed on this log (an engine fault, not a rule of the game)"),
    "deck.size": ("P05", "a main deck is not exactly 60 cards"),
    "deck.copies": ("P05", "more than 4 copies of one card"),
    "deck.ex": ("P26", "EX deck over 15 cards, over 4 copies, a non-EX card in it, or an EX card in the main deck"),
    "setup.order": ("P05", "setup actions out of order, a shuffle that is not a permutation, a second redraw"),
    "game.over": ("P07", "an action after the game ended"),
    "turn.priority": ("P20", "acting without the right to act, or out of turn"),
    "turn.step": ("P07", "an action that does not belong to the current phase or step"),
    "timing": ("P17", "a card or effect used outside its timing"),
    "zone": ("P06", "the named card is not where the action needs it"),
    "identify.count": ("P05", "an identification needs a copy the player's pool does not hold"),
    "identify.zone": ("P06", "identify names more cards than the zone holds unknown"),
    "identify.mismatch": ("P06", "a stated identity contradicts a known one"),
    "cost.amount": ("P11", "the provided cost is less than the usage cost"),
    "cost.identity": ("P11", "no paying card shares the played card's color or series"),
    "cost.purple": ("P17", "none of the purple conditions holds"),
    "cost.combo": ("P22", "a Combo card's payment lacks a Character card of either name"),
    "cost.source": ("P12", "a paying card is not in hand, or not face up in the Point Zone"),
    "summon.area": ("P06", "a Chara without AP/DP summoned or moved to the Main Area"),
    "summon.unique": ("P09", "a second copy of the same Chara on the player's Area"),
    "summon.main_full": ("P06", "Main Area full and no valid replace"),
    "support.target": ("P10", "a Support set on an invalid Chara, or a second copy on the same Chara"),
    "levelup.invalid": ("P28", "an invalid Level Up"),
    "effect.unknown": ("P16", "the card has no such effect index"),
    "effect.once": ("P16", "the same effect of the same card used again this turn"),
    "effect.cost": ("P16", "a rest cost on a rested card, a name cost without that card, an unpaid colored cost"),
    "event.condition": ("P03", "an Event played while its use condition (《使用条件》) does not hold"),
    "effect.condition": ("P16", "the effect's own condition does not hold (a [Backup] condition, a trigger's)"),
    "effect.target": ("P22", "a required target is missing, illegal, or cannot be targeted"),
    "effect.result": ("P16", "ops differ from the scripted effect, a mandatory trigger is missing, or an op is impossible"),
    "approach.first_turn": ("P13", "approaching on the first player's first turn"),
    "approach.chara": ("P13", "the Chara is not the Approacher's, not in the Main Area, or rested"),
    "approach.summoned": ("P13", "the Chara was summoned this turn and has no [Active]"),
    "approach.again": ("P13", "the Chara already approached this turn"),
    "approach.reinforcement": ("P22", "an invalid Reinforcement partner"),
    "interfere.chara": ("P14", "the Chara is not the Interferer's, not in the Main Area, or rested"),
    "interfere.ignore": ("P22", "the Chara's usage cost is within the approaching Chara's Ignore X"),
    "elimination.choice": ("P22", "choose_elimination names a Chara that cannot be chosen"),
    "hand.adjust": ("P15", "hand adjustment missing, wrong number discarded, or hand of 7 or fewer"),
    "decline.timing": ("P22", "a response without [Decline] timing, or a response to nothing"),
    "break.invalid": ("P22", "break on a card without Break, or not right after its placement"),
}

#: Informational trail ids (what followed, not what was broken) and their pages.
EVENTS: dict[str, str | None] = {
    "setup": "P05",
    "turn.start": "P08",
    "turn.end": "P15",
    "window": "P20",
    "approach": "P13",
    "interfere": "P14",
    "point": "P14",
    "elimination": "P14",
    "break": "P22",
    "effect": "P16",
    "response": "P22",
    "losing": "P07",
    "note": None,
    "identify": "P06",
    "concede": None,
    "pass.implied": "P20",
}


#: other rulesets' catalogues by book name: (rules, events), as :func:`register_rules` took them
CATALOGUES: dict[str, tuple[dict[str, tuple[str | None, str]], dict[str, str | None]]] = {}


class RuleId(str):
    """A rule or event id of a registered catalogue: equal to (and serialized as) its plain id, it carries
    its ``book`` so rulings and trails cite that book, also through code that rebuilds a :class:`Ruling`."""

    book: str


def register_rules(
    rules: dict[str, tuple[str | None, str]], book: str, events: dict[str, str | None] | None = None,
) -> dict[str, RuleId]:
    """Register a ruleset's own catalogue under ``book``; returns its ids (rules and events) as :class:`RuleId`."""
    CATALOGUES[book] = (rules, dict(events or {}))
    ids: dict[str, RuleId] = {}
    for rule in (*rules, *(events or {})):
        rid = RuleId(rule)
        rid.book = book
        ids[rule] = rid
    return ids


def ref_of(rule: str) -> str | None:
    """The rule-book reference of a rule or event id, e.g. ``"Rule Book v2.22 P13"``."""
    book = getattr(rule, "book", None)
    if book is not None:
        rules, events = CATALOGUES[book]
        page = rules[rule][0] if rule in rules else events.get(rule)
        return f"{book} {page}" if page else None
    page = RULES[rule][0] if rule in RULES else EVENTS.get(rule)
    return f"{BOOK} {page}" if page else None


@dataclass(slots=True)
class Ruling:
    """A decision that an action is illegal (or a log is malformed)."""

    rule: str
    message: str
    index: int | None = None
    path: str | None = None
    #: as played: the other rules the same action broke, each a ruling of its own (an ``irregular`` entry is one
    #: action that stood, its first rule broken first; docs/as-played.md)
    also: list[Ruling] = field(default_factory=list)

    def __post_init__(self) -> None:
        book = getattr(self.rule, "book", None)
        if self.rule not in (RULES if book is None else CATALOGUES[book][0]):
            raise ValueError(f"unknown rule id {self.rule!r}")

    @property
    def ref(self) -> str | None:
        return ref_of(self.rule)

    def to_json(self) -> dict[str, Any]:
        path = self.path if self.path is not None else ("" if self.index is None else str(self.index))
        out: dict[str, Any] = {"index": self.index, "path": path, "rule": str(self.rule), "ref": self.ref,
                               "message": self.message}
        if self.also:
            out["also"] = [r.to_json() for r in self.also]
        return out

    def every(self) -> list[Ruling]:
        """This ruling and those in :attr:`also`: every rule its action broke."""
        return [self, *self.also]


class IllegalAction(Exception):
    """Raised when an action breaks a rule; carries the :class:`Ruling`."""

    def __init__(self, rule: str, message: str, *, path_suffix: str = "", despite: str | None = None) -> None:
        super().__init__(f"{rule}: {message}")
        self.ruling = Ruling(rule, message)
        self.path_suffix = path_suffix
        #: the irregularity an as-played fold may carry the action out despite (engine.asplayed); None: it cannot be
        self.despite = despite
        #: as played: the irregularities of this action let pass before it proved impossible (engine.fold; they did not stand)
        self.stood: list[Ruling] = []
        #: a mandatory step the action skipped (a trigger owed before it), ruled after the action's own refusal
        self.owed: IllegalAction | None = None

    @property
    def rule(self) -> str:
        return self.ruling.rule


def illegal(rule: str, message: str) -> IllegalAction:
    """Build an :class:`IllegalAction` to raise."""
    return IllegalAction(rule, message)


@dataclass(slots=True)
class TrailEntry:
    """One line of an action's rulings trail.

    ``ok`` is True for a rule checked and satisfied, None for what followed
    (an event) or for an unverified step (``unverified`` True).
    """

    rule: str
    message: str
    ok: bool | None = True
    unverified: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": str(self.rule), "ref": ref_of(self.rule), "ok": self.ok, "message": self.message}
        if self.unverified:
            out["unverified"] = True
        return out


@dataclass(slots=True)
class Trail:
    """The rulings trail of one top-level action."""

    entries: list[TrailEntry] = field(default_factory=list)
    #: False for a trail that keeps nothing: hot paths may skip building messages
    keep = True

    def check(self, rule: str, message: str) -> None:
        self.entries.append(TrailEntry(rule, message, True))

    def event(self, rule: str, message: str) -> None:
        self.entries.append(TrailEntry(rule, message, None))

    def unverified(self, rule: str, message: str) -> None:
        self.entries.append(TrailEntry(rule, message, None, True))

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.entries]


class NullTrail(Trail):
    """A trail that keeps nothing: folds that do not need the trail (benchmarks, re-folds) skip its cost."""

    keep = False

    def check(self, rule: str, message: str) -> None:
        pass

    def event(self, rule: str, message: str) -> None:
        pass

    def unverified(self, rule: str, message: str) -> None:
        pass
