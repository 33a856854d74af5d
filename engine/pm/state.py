"""Game state of a Precious Memories game, built for a fast fold.

The state is mutable and folded in place; :meth:`GameState.clone` makes the
cheap copy a checked action needs to stay atomic. Decks keep their top card at
the *end* of the list so a draw is a ``pop()``.

Compiled with mypyc (engine/compiled.py) the classes are ``serializable``: ``Class.__new__`` makes an instance
without ``__init__`` (``clone``), and copy and pickle work, as in pure Python.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from engine.compiled import mypyc_attr
from engine.pm.cards import Card, CardDB, base_id
from engine.rulings import NullTrail, Trail

NULL_TRAIL: Final = NullTrail()

#: until-values of modifiers and grants -> how many turns after the current one they last
UNTIL_TURNS: Final = {"turn_end": 0, "next_turn_end": 1}


def expiry(until: str | None, turn: int) -> int | None:
    """The last turn a modifier with ``until`` is in force (None: permanent)."""
    if until == "permanent":
        return None
    return turn + UNTIL_TURNS.get(until or "turn_end", 0)


def effect_key(card_id: str, index: int) -> str:
    """Once-per-turn records name the card and the effect: "the same effect of the same card" (reading 13)."""
    return f"{base_id(card_id)}#{index}"


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Support:
    """A Support card set on a Chara."""

    __slots__ = ("card", "uid", "used")

    def __init__(self, card: str, uid: int) -> None:
        self.card = card
        self.uid = uid
        self.used: dict[str, int] = {}  # effect key (see effect_key) -> turn used

    def clone(self) -> Support:
        s = Support(self.card, self.uid)
        s.used = dict(self.used)
        return s


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Chara:
    """A Chara on the Area (Main or Support). ``card`` is the top card of its stack."""

    __slots__ = (
        "approached_turn",
        "area",
        "auto_used",
        "card",
        "coins",
        "entered_turn",
        "grants",
        "levelups",
        "mods",
        "owner",
        "rested",
        "stack",
        "summoned_turn",
        "supports",
        "uid",
        "under",
        "used",
    )

    def __init__(self, card: str, uid: int, owner: int, area: str, turn: int, *, summoned: bool, rested: bool = False) -> None:
        self.card = card
        self.uid = uid
        self.owner = owner
        self.area = area
        self.stack: list[str] = []
        self.rested = rested
        self.entered_turn = turn
        self.summoned_turn: int | None = turn if summoned else None
        self.supports: list[Support] = []
        #: cards put face down under this Chara by effects (下に裏向きで重ねる; KGY's 〔知略〕), bottom first: its
        #: owner's cards, no part of the stack (no level); they go to the discard when the Chara leaves the Area.
        #: In a table log a card the recorder did not see is None (docs/log-extensions.md)
        self.under: list[str | None] = []
        self.coins: dict[str, int] = {}
        self.mods: list[tuple[int, int, int | None]] = []  # (ap, dp, last turn or None)
        self.grants: list[tuple[Any, int | None]] = []  # (what, last turn or None)
        self.approached_turn: int | None = None
        self.levelups: tuple[int, int] = (0, 0)  # (turn, count that turn)
        self.used: dict[str, int] = {}  # activated effect key (see effect_key) -> turn used
        self.auto_used: dict[str, int] = {}  # automatic effect key -> turn used

    def clone(self) -> Chara:
        c = Chara.__new__(Chara)
        c.card = self.card
        c.uid = self.uid
        c.owner = self.owner
        c.area = self.area
        c.stack = list(self.stack)
        c.rested = self.rested
        c.entered_turn = self.entered_turn
        c.summoned_turn = self.summoned_turn
        c.supports = [s.clone() for s in self.supports]
        c.under = list(self.under)
        c.coins = dict(self.coins)
        c.mods = list(self.mods)
        c.grants = list(self.grants)
        c.approached_turn = self.approached_turn
        c.levelups = self.levelups
        c.used = dict(self.used)
        c.auto_used = dict(self.auto_used)
        return c

    @property
    def level(self) -> int:
        return 1 + len(self.stack)

    def ids(self) -> list[str]:
        """Every card id in this Chara's stack, top first."""
        return [self.card, *reversed(self.stack)]

    def has_grant(self, what: str) -> bool:
        if not self.grants:
            return False
        return any(g == what for g, _ in self.grants)

    def granted_ignore(self) -> int | None:
        values = [g["ignore"] for g, _ in self.grants if isinstance(g, dict) and "ignore" in g]
        return max(values) if values else None


#: ``cost_mods`` keys ``held|<card>|...``: a cost change locked onto the copies of a card in the hand when it applied,
#: one entry per copy (engine.pm.ops ``cost`` ``all``; engine.pm.zones.hand_arrival; engine.pm.stats.hand_cost)
HELD_COST: Final = "held|"


#: round 30: in a ``next|`` key's filter, the further changes for a card that also fits their own filter ("the next X
#: costs 1 less; if it is Y, 1 less again": ``[{"filter", "n"}]``), kept apart from the filter the card must fit
EXTRA_KEY: Final = "+extra"


def next_cost_key(key: str) -> bool:
    """True for a ``cost_mods`` key of a "next card played" cost change: ``next|<filter>``, or ``next#<i>|<filter>``
    for a further change with the same filter. Each key is one change in force (its entries: the change for the next
    fitting card, and for the ones after it when the change names several: ``count``); every change in force reaches
    the next fitting card played (engine.pm.ops ``cost`` ``next``; engine.pm.stats.hand_cost, use_next_cost)."""
    return key.startswith(("next|", "next#"))


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class PlayerState:
    """One player's zones."""

    __slots__ = (
        "cost_mods",
        "deck",
        "deck_list",
        "discard",
        "ex_deck",
        "ex_list",
        "ex_seen",
        "hand",
        "hand_lost",
        "main",
        "name",
        "opening",
        "opening_found",
        "opening_hand",
        "played",
        "played_this_turn",
        "points",
        "removed",
        "seen",
        "shuffled",
        "support",
        "turn_log",
        "unknown_drawn",
    )

    def __init__(self, name: str, deck_list: list[str] | None, ex_list: list[str] | None) -> None:
        self.name = name
        self.deck_list = deck_list  # the header's main deck (order irrelevant); None: unlisted (table-logs.md)
        self.ex_list = ex_list  # None: an unlisted EX deck
        # unknown cards (table logs) are None in the deck, the hand and Point Zone entries
        self.deck: list[str | None] = []  # top card last
        self.hand: list[str | None] = []
        self.discard: list[str | None] = []  # None: an unknown card that was under a Chara when it left (table logs)
        self.points: list[list[Any]] = []  # [card id, face up?]
        self.main: list[Chara] = []
        self.support: list[Chara] = []
        self.removed: list[str] = []
        self.ex_deck: list[str] = list(ex_list or ())
        self.cost_mods: dict[str, list[tuple[int, int | None]]] = {}
        self.shuffled = False
        self.opening: str | None = None  # "keep" or "redraw" once decided
        self.played_this_turn = 0
        #: this turn's history for conditions (docs/log-extensions.md): (event, card id), event in
        #: ``play``, ``approach``, ``interfered``; emptied at each turn start
        self.turn_log: list[tuple[str, str | None, int]] = []  # (event, card id or None when unknown, uid of the Chara; -1 for a play)
        # facts for statistics (metrics.md): the hand kept at setup, and the turn each card id was
        # first seen (moved from the deck to the hand after setup) and first played
        self.opening_hand: list[str] = []
        self.seen: dict[str, int] = {}
        self.played: dict[str, int] = {}
        # table logs: (turn drawn, kept in the opening hand) of each unknown hand card, oldest first; the opening-hand
        # cards identified later; unknown cards that left the hand unidentified (a redraw)
        self.unknown_drawn: list[tuple[int, bool]] = []
        self.opening_found: list[str] = []
        self.hand_lost = 0
        self.ex_seen: list[str] = []  # the cards seen of an unlisted EX deck

    def clone(self) -> PlayerState:
        p = PlayerState.__new__(PlayerState)
        p.name = self.name
        p.deck_list = self.deck_list
        p.ex_list = self.ex_list
        p.deck = list(self.deck)
        p.hand = list(self.hand)
        p.discard = list(self.discard)
        p.points = [list(pt) for pt in self.points]
        p.main = [c.clone() for c in self.main]
        p.support = [c.clone() for c in self.support]
        p.removed = list(self.removed)
        p.ex_deck = list(self.ex_deck)
        p.cost_mods = {k: list(v) for k, v in self.cost_mods.items()}
        p.shuffled = self.shuffled
        p.opening = self.opening
        p.played_this_turn = self.played_this_turn
        p.turn_log = list(self.turn_log)
        p.opening_hand = self.opening_hand
        p.seen = dict(self.seen)
        p.played = dict(self.played)
        p.unknown_drawn = list(self.unknown_drawn)
        p.opening_found = list(self.opening_found)
        p.hand_lost = self.hand_lost
        p.ex_seen = list(self.ex_seen)
        return p

    def hands_known(self) -> bool:
        """True when every card that entered the hand was identified (statistics over table logs)."""
        return self.hand_lost == 0 and None not in self.hand

    def area(self) -> list[Chara]:
        return [*self.main, *self.support]


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
@dataclass(slots=True)
class Approach:
    """The approach under way in the Approach Phase."""

    attackers: list[int]  # uids of the approaching Charas (two with Reinforcement)
    interferer: int | None = None
    choices: list[int] = field(default_factory=list)  # uids the Interferer may choose at ⑤
    eliminate_interferer: bool = False
    judgement: str = ""  # values at ⑤, for the trail
    #: True only while the Elimination Judgement sends Charas off (``left_by_approach``); never between actions
    judging: bool = False


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class GameState:
    """The full-information state of one game."""

    __slots__ = (
        "answering",
        "applied",
        "approach",
        "approacher_passed",
        "area_gen",
        "available_triggers",
        "bans",
        "break_ok",
        "by_uid",
        "card",
        "cards",
        "db_info",
        "delayed",
        "departed",
        "departed_to",
        "discard_heard",
        "effect_card",
        "effect_player",
        "eliminated",
        "eliminated_owners",
        "first",
        "hand_limit",
        "lapsed",
        "last_end",
        "leaving_to",
        "next_uid",
        "pending_triggers",
        "phase",
        "players",
        "priority",
        "resolved",
        "result",
        "ruleset",
        "step",
        "table",
        "trail",
        "trigger_subjects",
        "turn",
        "turn_player",
        "watch_cache",
        "wide_cache",
    )

    def __init__(self, cards: CardDB, players: list[PlayerState], first: int, ruleset: str = "pm-2.22") -> None:
        self.cards = cards
        #: ``card(id)``: the card's facts (``cards.get``, bound once: it runs for nearly every check)
        self.card: Callable[[str], Card] = cards.lookup
        self.players = players
        self.first = first
        self.ruleset = ruleset
        self.turn = 0
        self.turn_player = first
        self.phase = "setup"
        self.step: str | None = None
        self.priority: int | None = None
        self.result: dict[str, Any] | None = None
        self.applied = 0
        self.approacher_passed = False
        self.approach: Approach | None = None
        #: (player, card) placed into a Point Zone just now; an unknown card as "?<its index in the Point Zone>"
        self.break_ok: list[tuple[int, str]] = []
        self.next_uid = 1
        self.pending_triggers: list[tuple[int, int, int]] = []  # (player, chara uid, automatic effect index)
        #: optional scripted triggers whose cause just happened: they may be logged until the next other action
        self.available_triggers: list[tuple[int, int, int]] = []
        self.hand_limit = 7
        #: as played: mandatory triggers that lapsed unlogged -> the turn their cause happened in (a late firing of
        #: one is the same slip, counted for that turn: engine.pm.actions._trigger, docs/as-played.md)
        self.lapsed: dict[tuple[int, int, int], int] = {}
        #: triggers of Charas on the Area that fired and resolved -> the turn of their cause, until their cause happens
        #: again: logged once more, such a trigger names a firing that already resolved (a double tap), which never
        #: resolves twice (engine.pm.actions._trigger, docs/as-played.md)
        self.resolved: dict[tuple[int, int, int], int] = {}
        #: round 30: the Charas another Chara's event happened to when a trigger listening for it (``other_`` / ``any_``
        #: causes) last fired: trigger key -> their uids (step target ``"subject"``: そのキャラ after such a head; two
        #: when two Charas approached together and the waiting firing heard both)
        self.trigger_subjects: dict[tuple[int, int, int], tuple[int, ...]] = {}
        #: ("end_approach", player) when the last action (notes and identifications aside) was that end, else None:
        #: as played, an end_approach out of turn that repeats it is a duplicate, any other the turn player's
        #: (engine.pm.approach.do_end_approach, docs/as-played.md)
        self.last_end: tuple[str, int] | None = None
        #: True once the game has hidden information (an unlisted deck, a shuffle without order): a table log
        self.table = any(p.deck_list is None or p.ex_list is None for p in players)
        #: the trail of the action being applied (identification notes are written to it)
        self.trail: Trail = NULL_TRAIL
        #: delayed effects set up by a script's ``delay`` step: registration uid -> record (engine.pm.delayed)
        self.delayed: dict[int, dict[str, Any]] = {}
        #: cards whose triggers fire off the Area (a Chara that left, a card paid as a cost): uid -> card id
        self.departed: dict[int, str] = {}
        #: where a Chara that left the Area went (its ``leave`` triggers' uid -> zone): the zone its triggers are
        #: offered ``from`` when a copy of it is in another zone too (engine.pm.legal.zone_of)
        self.departed_to: dict[int, str] = {}
        #: player-wide bans set by a script's ``forbid`` step: (player, what, card filter, last turn)
        self.bans: list[tuple[int, str, dict[str, Any], int | None]] = []
        #: the play a response being declared or resolved answers: (player, card id, action type), else None
        #: the play a response is declared or resolved against: player, card id, action type, usage cost played at
        self.answering: tuple[int, str, str, int | None] | None = None
        #: the card whose scripted effect is resolving (the cause of a Chara put onto the Area), else None
        self.effect_card: str | None = None
        #: the player whose effect that is (``entered_by`` with ``side``: 相手のカードの効果で; round 24)
        self.effect_player: int | None = None
        #: the cards the last Elimination Judgement sent off (``name_of_eliminated`` specs)
        self.eliminated: list[str] = []
        #: the owner of each of ``eliminated`` (an opponent's card just sent off: ``name_of_eliminated``)
        self.eliminated_owners: list[int] = []
        #: bumped whenever a Chara whose card reaches or listens for other Charas enters, leaves or levels up
        #: (engine.pm.stats.area_changed: no other change alters them); the Charas whose continuous steps reach
        #: other Charas (engine.pm.stats.area_steps) and those listening for other Charas
        #: (engine.pm.triggers.fire_others) are cached for it (a clone starts without: its Charas are new objects)
        self.area_gen = 0
        #: the card database's ids by what they do (engine.pm.stats.db_info), once looked up
        self.db_info: Any = None
        #: Charas found by uid (:meth:`chara_by_uid`): an entry counts only while its Chara is on either Area
        self.by_uid: dict[int, Chara] = {}
        self.wide_cache: tuple[int, list[Chara], frozenset[str], frozenset[str], bool] | None = None  # engine.pm.stats._wide_entry
        #: the ``discard_<event>`` causes some card of the database listens for (engine.pm.triggers.fire_others)
        self.discard_heard: frozenset[str] | None = None
        #: where the Chara now leaving the Area goes (its leaving triggers' ``left_to``); None between actions
        self.leaving_to: str | None = None
        self.watch_cache: tuple[int, dict[str, list[Chara]], frozenset[str]] | None = None

    def clone(self) -> GameState:
        g = GameState.__new__(GameState)
        g.cards = self.cards
        g.card = self.card
        g.players = [p.clone() for p in self.players]
        g.first = self.first
        g.ruleset = self.ruleset
        g.turn = self.turn
        g.turn_player = self.turn_player
        g.phase = self.phase
        g.step = self.step
        g.priority = self.priority
        g.result = dict(self.result) if self.result else None
        g.applied = self.applied
        g.approacher_passed = self.approacher_passed
        a = self.approach
        g.approach = (
            Approach(list(a.attackers), a.interferer, list(a.choices), a.eliminate_interferer, a.judgement)
            if a else None
        )
        g.break_ok = list(self.break_ok)
        g.next_uid = self.next_uid
        g.pending_triggers = list(self.pending_triggers)
        g.available_triggers = list(self.available_triggers)
        g.hand_limit = self.hand_limit
        g.lapsed = dict(self.lapsed) if self.lapsed else {}
        g.resolved = dict(self.resolved) if self.resolved else {}
        g.trigger_subjects = dict(self.trigger_subjects) if self.trigger_subjects else {}
        g.last_end = self.last_end
        g.table = self.table
        g.trail = NULL_TRAIL
        g.delayed = dict(self.delayed)
        g.departed = dict(self.departed)
        g.departed_to = dict(self.departed_to)
        g.bans = list(self.bans)
        g.answering = self.answering
        g.effect_card = self.effect_card
        g.effect_player = self.effect_player
        g.eliminated = list(self.eliminated)
        g.eliminated_owners = list(self.eliminated_owners)
        g.area_gen = self.area_gen
        g.db_info = self.db_info
        g.wide_cache = g.watch_cache = None
        g.by_uid = {}
        g.discard_heard = self.discard_heard
        g.leaving_to = None
        return g

    # -- helpers -------------------------------------------------------
    @property
    def interferer(self) -> int:
        return 1 - self.turn_player

    def new_uid(self) -> int:
        uid = self.next_uid
        self.next_uid += 1
        return uid

    def on_area(self, c: Chara) -> bool:
        """True while the Chara ``c`` itself is on either Area (``chara_by_uid(c.uid) is not None`` for a Chara of
        this state, without the search by uid)."""
        p0, p1 = self.players  # ``in`` compares by identity first: no Python loop
        return c in p0.main or c in p0.support or c in p1.main or c in p1.support

    def chara_by_uid(self, uid: int) -> Chara | None:
        """The Chara with this uid on either Area, or None."""
        p0, p1 = self.players
        c = self.by_uid.get(uid)  # found before, and still there (``in`` compares by identity first)
        if c is not None and (c in p0.main or c in p0.support or c in p1.main or c in p1.support):
            return c
        for c in (*p0.main, *p0.support, *p1.main, *p1.support):
            if c.uid == uid:
                self.by_uid[uid] = c
                return c
        return None

    @property
    def over(self) -> bool:
        return self.result is not None
