"""Analytics facts of Mahou Shoujo games (mahou-shoujo.md §13), gathered while a log is folded.

The state keeps only what the rules need, so :class:`FactsTracker` watches the fold: after each applied action it
notes the cards that left each deck (seen, with the turn), the plays of §13's list (with the turn), Gem awards
(½: a bare Hero defeated, 1: a Magical Girl's fighter, HR 13) and Grand Transformations.

- **opening hand**: the 7 cards held after the last setup draw (the 3 searched Heroes included);
- **seen**: the opening hand, plus every card that leaves the deck afterwards (draws, draw ops, turn-start draws,
  and the cards the out-of-Heroes procedure draws, wherever they go); cards a redraw sends back are not seen;
- **played**: ``place_active`` (hero and girl), ``place_hero``, the Hero ``out_of_heroes`` makes active,
  ``transform``, ``grand_transform``, ``play_pet``, ``play_power``, ``play_event``. The opening pair counts as
  played in turn 1: it is revealed as turn 1 begins (HR 4); other plays count in the turn they are made.

>>> archetype(["MSJ 010"] * 3 + ["MSJ 011"] * 2 + ["MSJ 012"] * 2, _demo_cards())
'Ruby/Pearl'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from engine.mahou.cards import MsCard, MsCardDB
from engine.mahou.state import MsState

#: action type -> the fields naming the cards it plays
PLAYS: dict[str, tuple[str, ...]] = {
    "place_active": ("hero", "girl"), "place_hero": ("card",), "transform": ("card",), "grand_transform": ("card",),
    "play_pet": ("card",), "play_power": ("card",), "play_event": ("card",),
}
#: the opening pair's turn: revealed as turn 1 begins (HR 4)
PAIR_TURN = 1
NO_ARCHETYPE = "no girl"


def archetype(deck: Iterable[str], cards: MsCardDB) -> str:
    """The names of the deck's two most-copied Magical Girls (ties by name), joined by ``/`` (§13)."""
    copies: Counter[str] = Counter()
    for cid in deck:
        card = cards.by_id.get(cid)
        if card is not None and card.type == "magical_girl":
            copies[card.name] += 1
    top = sorted(copies, key=lambda name: (-copies[name], name))[:2]
    return "/".join(top) if top else NO_ARCHETYPE


class _Seat:
    __slots__ = ("deck", "grands", "half_girl", "half_hero", "opened", "pair", "played", "seen")

    def __init__(self) -> None:
        self.opened = False  # the opening hand is set (the last setup draw is done)
        self.deck: Counter[str] = Counter()
        self.seen: dict[str, int] = {}
        self.played: dict[str, int] = {}
        self.pair: tuple[str, str] | None = None
        self.grands = 0
        self.half_hero = 0  # ½-Gem awards gained
        self.half_girl = 0  # 1-Gem awards gained


class FactsTracker:
    """Watches one game's fold: call :meth:`after` with the state after each applied action, then :meth:`facts`."""

    def __init__(self, state: MsState) -> None:
        self.seats = [_Seat() for _ in state.players]
        self._gems = [p.half_gems for p in state.players]
        self._active = [p.active is not None for p in state.players]
        self._turn = state.turn

    def after(self, state: MsState, action: Mapping[str, Any]) -> None:
        """Note what ``action`` (just applied to ``state``) did."""
        turn_before, self._turn = self._turn, state.turn
        p = action.get("p")
        kind = action.get("type")
        for i, (me, seat) in enumerate(zip(state.players, self.seats, strict=True)):
            if me.stage not in ("place", "placed"):
                continue  # setup draws still to come: the opening hand covers them
            if not seat.opened:  # the last setup draw has just happened
                seat.opened = True
                seat.seen = dict.fromkeys(me.opening_hand, 0)
                seat.deck = Counter(me.deck)
            elif sum(seat.deck.values()) != len(me.deck):  # after setup, cards only leave the deck (draws)
                deck = Counter(me.deck)
                for cid in seat.deck - deck:
                    seat.seen.setdefault(cid, state.turn)
                seat.deck = deck
            gained = me.half_gems - self._gems[i]
            if gained > 0:  # at most one defeat per player per check (§7): 2 halves a Girl's fighter, 1 a bare Hero
                seat.half_girl += gained // 2
                seat.half_hero += gained % 2
            self._gems[i] = me.half_gems
        if isinstance(p, int) and 0 <= p < len(self.seats) and kind in PLAYS:
            seat = self.seats[p]
            when = PAIR_TURN if kind == "place_active" else turn_before
            for name in PLAYS[kind]:
                seat.played.setdefault(action[name], when)
            if kind == "place_active":
                seat.pair = (action["hero"], action["girl"])
            elif kind == "grand_transform":
                seat.grands += 1
        if kind == "out_of_heroes" and isinstance(p, int):
            me = state.players[p]
            if not self._active[p] and me.active is not None:
                self.seats[p].played.setdefault(me.active.hero, turn_before)
        self._active = [pl.active is not None for pl in state.players]

    def facts(self, state: MsState, seat: int) -> dict[str, Any]:
        """The seat's facts at the end: engine.ruleset.Ruleset.facts' keys plus §13's Gem, Grand and pair facts."""
        me, s = state.players[seat], self.seats[seat]
        return {
            "deck": list(me.deck_list), "opening_hand": list(me.opening_hand), "seen": dict(s.seen),
            "played": dict(s.played), "redraw": me.redraws > 0, "redraws": me.redraws, "hands_known": True,
            "archetype": archetype(me.deck_list, state.cards), "gems": me.half_gems / 2,
            "gems_hero_awards": s.half_hero, "gems_girl_awards": s.half_girl, "grands": s.grands,
            "pair": list(s.pair) if s.pair else None,
        }


def _demo_cards() -> MsCardDB:
    return MsCardDB([MsCard("MSJ 010", "Ruby", "magical_girl", 3, 2, 2), MsCard("MSJ 011", "Sapphire", "magical_girl", 2, 1, 3),
                     MsCard("MSJ 012", "Pearl", "magical_girl", 1, 1, 1)])
