"""A draft's fold, one action at a time: the judge's state (what the recorder knows) and the public one beside it,
for any ruleset (engine.ruleset.Ruleset: ``push_seen``, ``seat_header``, ``seat_state``).

A game with table logs (``table_logs``) has a second, public fold: each action is folded as the ruleset's
``push_seen`` copies it for the public (an ``identify`` names nothing: it is what the recorder learned), from the
header the public knows; its states and trails therefore never hold a card the public did not see. A game whose
logs are always complete has the judge's fold only, shown to the public through ``seat_state`` and
``player_trail``. Shown states are settled copies (a waiting turn end starts the next turn there, reported in the
last action's trail, as the viewer shows a log's end).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.fold import Folder
from engine.ruleset import JUDGE, PUBLIC, hidden_seats, hides_orders
from engine.rulesets import get_ruleset
from engine.rulings import IllegalAction, Trail
from pmemo_replay.drafts.orders import Orders
from pmemo_replay.logio import DEFAULT_RULESET  # a log that names no ruleset is the first game's

logger = logging.getLogger(__name__)
Action = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Shown:
    """A state JSON and the rulings trail of the action that led to it (None before any)."""

    state: dict[str, Any]
    trail: list[dict[str, Any]] | None


def ruleset_of(header: Mapping[str, Any]) -> Any:
    """The ruleset of a draft's header (``UnknownRuleset`` when there is none of that name)."""
    return get_ruleset(header.get("ruleset", DEFAULT_RULESET))


def public_header(header: Mapping[str, Any]) -> dict[str, Any]:
    """The header the public sees (Precious Memories: both deck lists unlisted)."""
    return ruleset_of(header).seat_header(header, PUBLIC)  # type: ignore[no-any-return]


class DraftFold:
    """The judge and public folds of one draft after ``applied`` actions."""

    def __init__(self, header: Mapping[str, Any], cards: Any, *, offset: int = 0,
                 judge: dict[str, Any] | None = None, public: dict[str, Any] | None = None,
                 seen: Mapping[int, set[int]] | None = None) -> None:
        """From the header's setup, or from the snapshots ``judge`` and ``public`` taken after ``offset`` actions;
        ``seen``: the positions of hidden orders seen so far (a game with ``HiddenOrders``, folded from the start)."""
        self.cards = cards
        self.ruleset = ruleset_of(header)
        rs = self.ruleset
        self.judge = Folder(header, cards, state=None if judge is None else rs.from_snapshot(judge, cards), offset=offset)
        #: where the deck orders nobody saw stand (engine.ruleset.HiddenOrders; None for other games)
        self.orders: Orders | None = Orders(rs, self.judge.state, seen) if hides_orders(rs) and judge is None else None
        self.last: Mapping[str, Any] | None = None  # the last action pushed (its public trail)
        #: the turn each action was taken in (None for those folded before this process's snapshot)
        self.turns: list[int | None] = [None] * offset
        self.public: Folder | None = None
        if not rs.table_logs:
            return
        try:
            state = None if public is None else rs.from_snapshot(public, cards)
            if public is not None or offset == 0:
                self.public = Folder(rs.seat_header(header, PUBLIC), cards, state=state, offset=offset)
        except (IllegalAction, ValueError, KeyError):
            logger.warning("a draft's public fold could not start: the public view hides the judge's")

    @property
    def applied(self) -> int:
        return self.judge.applied

    def push(self, action: Mapping[str, Any], *, stand: bool = True) -> Action:
        """Fold ``action`` (``IllegalAction`` when illegal: nothing changed); returns its public copy. ``stand``
        False: an as-played draft refuses an irregular action too (the recorder asks before it stands)."""
        if not stand and self.judge.as_played:
            self.judge.as_played = False
            try:
                return self.push(action)
            finally:
                self.judge.as_played = True
        known = self.public.state if self.public is not None else None
        turn = self.ruleset.turn_shown(self.judge.state, action)
        decks = self.orders.decks(self.judge.state) if self.orders is not None else None
        copied = self.ruleset.push_seen(self.judge, action, PUBLIC, known)
        if self.orders is not None and decks is not None:
            self.orders.after(self.applied - 1, action, decks, self.judge.state)
        self.last = action
        self.turns.append(turn)
        if not self.ruleset.table_logs:
            return copied  # type: ignore[no-any-return]
        if copied["type"] == "identify":
            copied["cards"] = []  # the recorder's own knowledge (a hand, a face-down point): not the public's
        if self.public is not None:
            try:
                self.public.push(copied)
            except IllegalAction as err:  # the public cannot follow: from now on its view hides the judge's
                logger.warning("a draft's public fold refused action %d (%s)", self.applied - 1, err.rule)
                self.public = None
        return copied  # type: ignore[no-any-return]

    def shown(self, view: str = JUDGE) -> Shown:
        """The settled state JSON in ``view`` (``judge`` or ``public``) and the last action's trail."""
        folder = self.judge if view == JUDGE or self.public is None else self.public
        state = folder.ruleset.clone(folder.state)
        extra = Trail()
        folder.ruleset.settle(state, extra)
        data = folder.ruleset.to_json(state)
        trail = None
        if folder.applied and folder.trails:
            trail = folder.trails[-1].to_json() + extra.to_json()
        if view == JUDGE:
            return Shown(data, trail)
        data = self.ruleset.seat_state(data, PUBLIC, from_judge=folder is self.judge)
        if folder is self.judge:
            if self.ruleset.table_logs:
                trail = None  # the judge's trail may name what the public did not see
            elif trail is not None and self.last is not None:
                for seat in hidden_seats(PUBLIC, len(data.get("players") or ())):
                    trail = self.ruleset.player_trail(trail, self.last, seat)
        return Shown(data, trail)

    def snapshots(self) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """Snapshots of both folds (the public one None when there is none)."""
        rs = self.ruleset
        return rs.to_snapshot(self.judge.state), None if self.public is None else rs.to_snapshot(self.public.state)

    def settled_judge(self) -> Any:
        """A settled copy of the judge's state (for legal actions)."""
        state = self.judge.ruleset.clone(self.judge.state)
        self.judge.ruleset.settle(state, Trail())
        return state
