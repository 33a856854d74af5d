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
    __slots__ = ("deck", "gems", "grands", "half_girl", "half_hero", "opened", "pair", "played", "seen")

    def __init__(self) -> None:
        self.opened = False  # the opening hand is set (the last setup draw is done)
        self.deck: list[str] = []  # the deck as last seen (top card last)
        self.gems = 0  # half Gems as last seen
        self.seen: dict[str, int] = {}
        self.played: dict[str, int] = {}
        self.pair: tuple[str, str] | None = None
        self.grands = 0
        self.half_hero = 0  # ½-Gem awards gained
        self.half_girl = 0  # 1-Gem awards gained


def _left(before: list[str], after: list[str]) -> list[str]:
    """The cards that left a deck: its top cards (draws take the last of the list), else the multiset difference."""
    n = len(after)
    if before[:n] == after:
        return before[n:]
    return list((Counter(before) - Counter(after)).elements())


class FactsTracker:
    """Watches one game's fold: call :meth:`after` with the state after each applied action, then :meth:`facts`."""

    def __init__(self, state: MsState) -> None:
        self.seats = [_Seat() for _ in state.players]
        for seat, me in zip(self.seats, state.players, strict=True):
            seat.gems = me.half_gems
        self._turn = state.turn

    def after(self, state: MsState, action: Mapping[str, Any]) -> None:
        """Note what ``action`` (just applied to ``state``) did."""
        turn_before, turn = self._turn, state.turn
        self._turn = turn
        for me, seat in zip(state.players, self.seats, strict=True):
            if not seat.opened:
                if me.stage != "place" and me.stage != "placed":
                    continue  # setup draws still to come: the opening hand covers them
                seat.opened = True  # the last setup draw has just happened
                seat.seen = dict.fromkeys(me.opening_hand, 0)
                seat.deck = list(me.deck)
            elif len(seat.deck) != len(me.deck):  # after setup, cards only leave the deck (draws)
                for cid in _left(seat.deck, me.deck):
                    seat.seen.setdefault(cid, turn)
                seat.deck = list(me.deck)
            if me.half_gems != seat.gems:  # at most one defeat per player per check (§7): 2 halves a Girl's fighter
                gained = me.half_gems - seat.gems
                seat.half_girl += gained // 2
                seat.half_hero += gained % 2
                seat.gems = me.half_gems
        kind = action.get("type")
        fields = PLAYS.get(kind)  # type: ignore[arg-type]
        p = action.get("p")
        if fields is not None and isinstance(p, int) and 0 <= p < len(self.seats):
            seat = self.seats[p]
            when = PAIR_TURN if kind == "place_active" else turn_before
            for name in fields:
                seat.played.setdefault(action[name], when)
            if kind == "place_active":
                seat.pair = (action["hero"], action["girl"])
            elif kind == "grand_transform":
                seat.grands += 1
        elif kind == "out_of_heroes" and isinstance(p, int):  # legal only with an empty Active position
            active = state.players[p].active
            if active is not None:
                self.seats[p].played.setdefault(active.hero, turn_before)

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
