"""Game state of a Clockwork Memorion game (clockwork-memorion.md §3, §12), folded in place.

Decks keep their top card at the *end* of the list, so a draw is a ``pop()``. A Ruler and a Successor are both a
:class:`Unit` (state, Memorions, recalls, turn-long effects); Successors also carry damage and battle counts.

Compiled with mypyc (engine/compiled.py) the classes are ``serializable``: ``Class.__new__`` makes an instance
without ``__init__`` (``clone``), and copy and pickle work, as in pure Python.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from engine.clockwork.cards import CwCard, CwCardDB, Kinds
from engine.compiled import mypyc_attr

LIFE = 2000
_ZONES = ("zone:0", "zone:1", "zone:2", "zone:3")
#: a Successor position's zone index
ZONE_INDEX = {z: i for i, z in enumerate(_ZONES)}


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Unit:
    """A Ruler or a Successor on the field (§3.2). ``memorions``: [card, slot]; ``recalls``: [card, p, slot, mode]."""

    __slots__ = ("attacks", "blocks", "cache", "card", "damage", "destroyed", "face", "fires", "grants", "kinds",
                 "level_mods", "memorions", "mods", "recalls", "state", "uid", "version")

    def __init__(self, card: str, uid: int, face: str | None = None) -> None:
        self.card = card
        self.uid = uid  # identity across moves: a pending trigger or a recall follows the card, not the zone
        self.face = face  # a Ruler's face; None for a Successor
        self.state = "stand"
        self.memorions: list[list[Any]] = []
        self.recalls: list[list[Any]] = []
        self.damage = 0
        self.attacks = 0
        self.blocks = 0
        self.destroyed = False
        self.mods: list[tuple[int, int]] = []  # (power, mind) until the turn end
        self.grants: list[str] = []  # keywords until the turn end
        self.level_mods = 0  # a Ruler's summon level ops until the turn end
        #: bumped whenever its Memorions, recalls or face change: ``cache`` (continuous values) is for one version
        self.version = 0
        self.cache: tuple[Any, ...] | None = None
        #: (version, event -> [(King's Memorion or None, ability)]) for a unit with words added (flow._fire_on)
        self.fires: tuple[int, dict[Any, list[tuple[str | None, int]]]] | None = None
        #: its card's (a Ruler: its face's) abilities by kind, looked up once (values.unit_kinds; reset with the face)
        self.kinds: Kinds | None = None

    def clone(self) -> Unit:
        u = Unit.__new__(Unit)
        u.card, u.uid, u.face, u.state = self.card, self.uid, self.face, self.state
        u.memorions = [list(m) for m in self.memorions]
        u.recalls = [list(r) for r in self.recalls]
        u.damage, u.attacks, u.blocks, u.destroyed = self.damage, self.attacks, self.blocks, self.destroyed
        u.mods, u.grants, u.level_mods = list(self.mods), list(self.grants), self.level_mods
        u.version, u.cache, u.fires, u.kinds = self.version, self.cache, self.fires, self.kinds
        return u

    @property
    def is_ruler(self) -> bool:
        return self.face is not None


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Player:
    """One player's zones, Life, counters and setup progress, plus what the statistics count (§13)."""

    __slots__ = ("counters", "deck", "deck_list", "deified_turn", "drop", "failed_draw", "hand", "life", "limit",
                 "mulligan", "name", "opening_hand", "played", "recall_time", "recall_times", "recalls_made", "ruler", "seen",
                 "sideboard", "stage", "storage", "words", "zones")

    def __init__(self, name: str, deck: list[str], sideboard: list[str] | None = None) -> None:
        self.name = name
        self.deck_list = list(deck)
        self.sideboard = list(sideboard or [])
        self.deck = list(deck)  # top card last; unordered until the shuffle
        self.hand: list[str] = []
        self.storage: list[str] = []
        self.drop: list[str] = []
        self.ruler: Unit | None = None
        self.limit: list[Any] | None = None  # [card, face, rotated]
        self.zones: list[Unit | None] = [None, None, None, None]
        self.life = LIFE
        self.counters = 0
        self.mulligan = 0
        self.failed_draw = False
        self.stage = "setup"  # "setup", "shuffle", "decide", "ready"
        self.opening_hand: list[str] = []
        self.seen: dict[str, int] = {}
        self.played: dict[str, int] = {}
        self.deified_turn: int | None = None
        self.recalls_made = 0
        self.recall_time = 0  # recalls made inside Recall Times
        self.recall_times = 0  # Recall Times its recalls opened
        self.words: list[Any] = []

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.name, p.deck_list, p.sideboard = self.name, self.deck_list, self.sideboard
        p.deck, p.hand, p.storage, p.drop = list(self.deck), list(self.hand), list(self.storage), list(self.drop)
        p.ruler = None if self.ruler is None else self.ruler.clone()
        p.limit = None if self.limit is None else list(self.limit)
        p.zones = [None if u is None else u.clone() for u in self.zones]
        p.life, p.counters, p.mulligan, p.failed_draw, p.stage = self.life, self.counters, self.mulligan, \
            self.failed_draw, self.stage
        p.opening_hand, p.seen, p.played = list(self.opening_hand), dict(self.seen), dict(self.played)
        p.deified_turn, p.recalls_made, p.recall_time, p.words = self.deified_turn, self.recalls_made, \
            self.recall_time, list(self.words)
        p.recall_times = self.recall_times
        return p

    def unit_at(self, pos: str) -> Unit | None:
        return self.ruler if pos == "ruler" else self.zones[ZONE_INDEX[pos]]

    def place_of(self, uid: int, hint: str | None = None) -> tuple[str, Unit] | None:
        """Where this player's unit with ``uid`` is (position, unit), or None (``hint``: a position looked at first)."""
        if hint is not None:
            u = self.ruler if hint == "ruler" else self.zones[ZONE_INDEX[hint]]
            if u is not None and u.uid == uid:
                return hint, u
        r = self.ruler
        if r is not None and r.uid == uid:
            return "ruler", r
        for i, u in enumerate(self.zones):
            if u is not None and u.uid == uid:
                return _ZONES[i], u
        return None

    def successors(self) -> list[Unit]:
        return [u for u in self.zones if u is not None]


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Game:
    """The whole game. ``pending``: fired triggers ``{p, at, memorion, ability, event, uid, cause}``; ``due``: the
    block, damage or discard owed; ``battle``: the attack in progress; ``sequence``: the damage step's later
    moments still to come (§7 steps 4–6)."""

    __slots__ = ("applied", "battle", "cards", "dirty", "doomed", "due", "first", "heard", "last_end", "level_units",
                 "levels", "losing", "next_uid", "pending", "phase", "players", "recall_time", "result", "ruleset", "sequence", "step",
                 "summoning", "suspects", "turn", "turn_player", "turn_units", "used")

    def __init__(self, cards: CwCardDB, players: list[Player], first: int, ruleset: str) -> None:
        self.cards = cards
        self.players = players
        self.first = first
        self.ruleset = ruleset
        self.turn = 0
        self.turn_player: int | None = None
        self.phase = "setup"
        self.step: str | None = None
        self.used = {"inherit": False, "move": False}
        self.due: dict[str, Any] | None = None
        self.pending: list[dict[str, Any]] = []
        self.battle: dict[str, Any] | None = None
        self.sequence: list[str] = []
        self.result: dict[str, Any] | None = None
        self.recall_time = False
        self.summoning: list[Any] | None = None  # [p, Unit] while a summon's interrupts are declared/resolved
        self.next_uid = 1
        self.applied = 0
        #: (kind, player) when the last action (notes aside) was an end_phase or end_turn, else None: as played, an
        #: end out of turn that repeats it is a duplicate, any other one the turn player's (actions._end_by)
        self.last_end: tuple[str, int] | None = None
        self.dirty = False  # a Successor's Mind may have changed since the last destruction sweep
        #: the units whose Mind may have changed (or that came onto the field unchecked) since the last destruction
        #: sweep, maybe twice, maybe gone since: the sweep looks at these only (None: not known, it looks at all)
        self.suspects: list[Unit] | None = None
        self.doomed = 0  # destroyed Successors still on the field
        #: a player may be at 0 Life or have failed a draw: set by every Life loss and failed draw, for the check (§9.3)
        self.losing = any(pl.life <= 0 or pl.failed_draw for pl in players)
        listed = frozenset(chain(*(pl.deck_list for pl in players), *(pl.sideboard for pl in players)))
        #: the cards of this game (decks and sideboards) with a continuous summon_level op (values.summon_level), and
        #: every word those cards print or give: an event outside it fires nothing (flow.fire)
        self.levels, self.heard = cards.game_facts(listed)
        #: the units that took damage, attacked, blocked or got a turn-long change or a recall this turn (maybe
        #: twice, maybe gone since): the turn end resets them (flow._turn_end)
        self.turn_units = self.units_touched()
        #: (player, unit) for every unit on the field that may carry a summon_level op (its card or a King's
        #: Memorion on it among :attr:`levels`), maybe with units gone since: values.summon_level looks at these only
        self.level_units = self.units_with_levels()

    def clone(self) -> Game:
        g = Game.__new__(Game)
        g.cards, g.first, g.ruleset = self.cards, self.first, self.ruleset
        g.players = [p.clone() for p in self.players]
        g.turn, g.turn_player, g.phase, g.step = self.turn, self.turn_player, self.phase, self.step
        g.used = dict(self.used)
        g.due = None if self.due is None else dict(self.due)
        g.pending = [dict(e) for e in self.pending]
        g.battle = None if self.battle is None else {k: (list(v) if isinstance(v, list) else v)
                                                     for k, v in self.battle.items()}
        g.sequence = list(self.sequence)
        g.result = None if self.result is None else dict(self.result)
        g.recall_time, g.summoning, g.next_uid, g.applied = self.recall_time, None, self.next_uid, self.applied
        g.last_end = self.last_end
        g.dirty, g.doomed, g.losing, g.levels, g.heard = self.dirty, self.doomed, self.losing, self.levels, self.heard
        g.turn_units = g.units_touched()
        g.level_units = g.units_with_levels()
        g.suspects = None  # (the next sweep looks at every unit)
        return g

    def units_touched(self) -> list[Unit]:
        """The units on the field with something for the turn end to reset (for :attr:`turn_units`)."""
        return [u for pl in self.players for u in (pl.ruler, *pl.zones) if u is not None and (
            u.damage or u.attacks or u.blocks or u.mods or u.grants or u.recalls)]

    def units_with_levels(self) -> list[tuple[int, Unit]]:
        """The units on the field that may carry a summon_level op, with their players (for :attr:`level_units`)."""
        return [(p, u) for p, pl in enumerate(self.players) for u in (pl.ruler, *pl.zones)
                if u is not None and self.carries_levels(u)]

    def carries_levels(self, u: Unit) -> bool:
        """Whether ``u``'s card or a card it memorises or recalls is one of :attr:`levels`."""
        levels = self.levels
        if u.card in levels:
            return True
        for held in u.memorions:
            if held[0] in levels:
                return True
        for held in u.recalls:  # noqa: SIM110 (plain loops: this runs for every summon)
            if held[0] in levels:
                return True
        return False

    def watch_levels(self, p: int, u: Unit) -> None:
        """Call when player ``p``'s unit ``u`` comes onto the field or takes a card (a card of :attr:`levels`, if it
        is only that card): kept in :attr:`level_units` if it may now carry a summon_level op."""
        if (p, u) not in self.level_units and self.carries_levels(u):
            self.level_units.append((p, u))

    def suspect(self, u: Unit) -> None:
        """``u``'s Mind may have changed, or it came onto the field at a Mind nobody checked: the next destruction
        sweep looks at it (:attr:`suspects`)."""
        if self.suspects is not None:
            self.suspects.append(u)

    def card(self, card_id: str) -> CwCard:
        return self.cards.by_id[card_id]

    def new_unit(self, card: str, face: str | None = None) -> Unit:
        self.next_uid += 1
        return Unit(card, self.next_uid, face)

    def first_turn(self) -> bool:
        """Whether this is the turn player's first turn (turn 1 or 2)."""
        return self.turn in (1, 2)

    def find(self, uid: int) -> tuple[int, str] | None:
        """Where the unit with ``uid`` is now (player, position), or None once it has left the field."""
        for p, pl in enumerate(self.players):
            if pl.ruler is not None and pl.ruler.uid == uid:
                return p, "ruler"
            for i, u in enumerate(pl.zones):
                if u is not None and u.uid == uid:
                    return p, _ZONES[i]
        return None

    def locate(self, uid: int, was: tuple[int, str] | None = None) -> tuple[int, Unit] | None:
        """The unit with ``uid`` and its player, or None once it has left the field (``was``: where it was last
        seen, (player, position), looked at first)."""
        if was is not None:
            pos = was[1]
            if pos == "ruler":
                u = self.players[was[0]].ruler
            else:
                z = ZONE_INDEX.get(pos)  # (None: "summoning")
                u = None if z is None else self.players[was[0]].zones[z]
            if u is not None and u.uid == uid:
                return was[0], u
        for p, pl in enumerate(self.players):
            r = pl.ruler
            if r is not None and r.uid == uid:
                return p, r
            for u in pl.zones:
                if u is not None and u.uid == uid:
                    return p, u
        return None
