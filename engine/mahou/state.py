"""Game state of a Mahou Shoujo game (mahou-shoujo.md §3), folded in place.

Decks keep their top card at the *end* of the list, so a draw is a ``pop()``.
Gems are counted in halves (``half_gems``), so every score is an integer.
"""

from __future__ import annotations

from typing import Any

from engine.mahou.cards import MsCard, MsCardDB

POSITIONS = ("active", "squad:0", "squad:1", "squad:2")
SQUAD_POSITIONS = POSITIONS[1:]
SQUAD_MAX = 3


class Fighter:
    """A Hero on the field with its attached cards and running values (§3, HR 5)."""

    __slots__ = ("boost_perm", "boost_turn", "girl", "grand", "grand_attacked", "hero", "hp", "max_hp", "mgk", "pets")

    def __init__(self, hero: str, hp: int) -> None:
        self.hero = hero
        self.girl: str | None = None
        self.grand: str | None = None
        self.pets: list[str] = []
        self.hp = hp
        self.max_hp = hp
        self.mgk = 0
        self.boost_turn = 0  # atk boosts until the next end_turn
        self.boost_perm = 0  # atk boosts while the Hero stays on the field
        self.grand_attacked = False

    def clone(self) -> Fighter:
        f = Fighter.__new__(Fighter)
        f.hero, f.girl, f.grand, f.pets = self.hero, self.girl, self.grand, list(self.pets)
        f.hp, f.max_hp, f.mgk = self.hp, self.max_hp, self.mgk
        f.boost_turn, f.boost_perm, f.grand_attacked = self.boost_turn, self.boost_perm, self.grand_attacked
        return f

    def cards(self) -> list[str]:
        """Its cards in the order they leave the field together: Hero, MG, Grand MG, Pets as attached."""
        out = [self.hero]
        if self.girl is not None:
            out.append(self.girl)
        if self.grand is not None:
            out.append(self.grand)
        out += self.pets
        return out

    def atk(self, db: MsCardDB) -> int:
        """Printed atk of the Hero and attached cards plus running boosts, never below 0."""
        total = db.by_id[self.hero].atk + self.boost_turn + self.boost_perm
        if self.girl is not None:
            total += db.by_id[self.girl].atk
        if self.grand is not None:
            total += db.by_id[self.grand].atk
        for pet in self.pets:
            total += db.by_id[pet].atk
        return max(0, total)

    def attach(self, card: MsCard) -> None:
        """A card joining adds its hp to both hp and max_hp."""
        self.hp += card.hp
        self.max_hp += card.hp


class Player:
    """One player's zones, field and setup progress."""

    __slots__ = ("active", "deck", "deck_list", "drawn", "dreamscape", "failed_draw", "half_gems", "hand", "name",
                 "opening_hand", "redraws", "squad", "stage")

    def __init__(self, name: str, deck: list[str]) -> None:
        self.name = name
        self.deck_list = list(deck)  # the header's deck
        self.deck = list(deck)  # top card last; unordered until the shuffle
        self.hand: list[str] = []
        self.dreamscape: list[str] = []
        self.active: Fighter | None = None
        self.squad: list[Fighter] = []
        self.half_gems = 0
        self.redraws = 0
        self.failed_draw = False  # a draw from an empty deck since the last check (HR 16)
        #: setup progress (§4): "search", "shuffle", "redraw" (due), "place", then "placed"
        self.stage = "search"
        self.drawn: list[str] = []  # the 4 cards of the last setup draw
        self.opening_hand: list[str] = []  # the 7 cards held after the last setup draw (metrics)

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.name, p.deck_list, p.deck, p.hand = self.name, self.deck_list, list(self.deck), list(self.hand)
        p.dreamscape = list(self.dreamscape)
        p.active = None if self.active is None else self.active.clone()
        p.squad = [f.clone() for f in self.squad]
        p.half_gems, p.redraws, p.failed_draw, p.stage = self.half_gems, self.redraws, self.failed_draw, self.stage
        p.drawn, p.opening_hand = list(self.drawn), self.opening_hand
        return p

    def fighter_at(self, pos: str) -> Fighter | None:
        """The fighter at a position string (None when empty)."""
        if pos == "active":
            return self.active
        i = int(pos[6:])
        return self.squad[i] if i < len(self.squad) else None

    def fighters(self) -> list[Fighter]:
        """Active first, then the Squad in order."""
        return ([self.active] if self.active is not None else []) + self.squad

    @property
    def gems(self) -> float | int:
        """The Gem total as JSON shows it (whole numbers as int)."""
        return self.half_gems // 2 if self.half_gems % 2 == 0 else self.half_gems / 2


class MsState:
    """The whole game: both players, whose turn it is, and what is owed (replacements, the result)."""

    __slots__ = ("actions_used", "applied", "cards", "first", "last_end", "must_replace", "phase", "players", "result",
                 "ruleset", "turn", "turn_player")

    def __init__(self, cards: MsCardDB, players: list[Player], first: int, ruleset: str) -> None:
        self.cards = cards
        self.players = players
        self.first = first
        self.ruleset = ruleset
        self.turn = 0
        self.turn_player: int | None = None
        self.phase = "setup"  # "setup", "turn", "over"
        self.actions_used = 0
        self.must_replace: list[int] = []
        self.result: dict[str, Any] | None = None
        self.applied = 0
        #: (end_turn, player) when the last action (notes aside) was that end, else None: as played, an end_turn out
        #: of turn that repeats it is a duplicate, any other one the turn player's (docs/as-played.md)
        self.last_end: tuple[str, int] | None = None

    def clone(self) -> MsState:
        g = MsState.__new__(MsState)
        g.cards, g.players, g.first, g.ruleset = self.cards, [p.clone() for p in self.players], self.first, self.ruleset
        g.turn, g.turn_player, g.phase, g.actions_used = self.turn, self.turn_player, self.phase, self.actions_used
        g.must_replace = list(self.must_replace)
        g.result = None if self.result is None else dict(self.result)
        g.applied, g.last_end = self.applied, self.last_end
        return g

    def card(self, card_id: str) -> MsCard:
        return self.cards.by_id[card_id]
