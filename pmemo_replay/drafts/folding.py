"""A draft's fold, one action at a time: the judge's state (what the recorder knows) and the public one beside it,
for any ruleset (engine.ruleset.Ruleset: ``push_seen``, ``seat_header``, ``seat_state``).

A game with table logs (``table_logs``) has a second, public fold: each action is folded as the ruleset's
``push_seen`` copies it for the public (a knowledge action as ``knowledge_unlearned`` keeps it: what the recorder
learned is not the public's), from the header the public knows; its states and trails therefore never hold a card
the public did not see. A game whose logs are always complete has the judge's fold only, shown to the public through
``seat_state`` and ``player_trail``. Shown states are settled copies (a waiting turn end starts the next turn there, reported in the
last action's trail, as the viewer shows a log's end).

A game with deck orders nobody saw (engine.ruleset.HiddenOrders, drafts/orders.py) keeps, every ``MARK_EVERY``
actions, a mark: the judge's state and where each deck card came from then. A rewrite of an order folds again from
the latest mark before the first action it changes (that mark's deck patched from the orders as rewritten), not from
the start; a rewrite that only marks positions seen folds nothing.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.fold import Folder
from engine.ruleset import JUDGE, PUBLIC, hidden_seats, hide_unnamed, hides_orders, recorded_from
from engine.rulesets import get_ruleset
from engine.rulings import IllegalAction, Trail
from pmemo_replay.drafts.orders import Orders, Pos, Rewrite
from pmemo_replay.games.unnamed import hide_in_trail
from pmemo_replay.logio import DEFAULT_RULESET  # a log that names no ruleset is the first game's

logger = logging.getLogger(__name__)
Action = dict[str, Any]
MARK_EVERY = 16
#: the form of a stored judge snapshot (drafts/models.py ``draft_snapshot.judge``): ``{"fold": SNAPSHOT_FORM, "state":
#: the ruleset's snapshot, "turns": the turn of each action before it, as runs}``; any other is folded from the start
SNAPSHOT_FORM = 2


def turn_runs(turns: Sequence[int | None]) -> list[list[Any]]:
    """``turns`` as runs ``[turn, how many actions in a row]`` (a few per turn in a snapshot, not one per action).

    >>> turn_runs([1, 1, 2, 2, 2, None]), turns_of(turn_runs([1, 1, 2, 2, 2, None]))
    ([[1, 2], [2, 3], [None, 1]], [1, 1, 2, 2, 2, None])
    """
    runs: list[list[Any]] = []
    for turn in turns:
        if runs and runs[-1][0] == turn:
            runs[-1][1] += 1
        else:
            runs.append([turn, 1])
    return runs


def turns_of(runs: Any) -> list[int | None]:
    """The turns :func:`turn_runs` packed (``ValueError`` for anything else)."""
    if not isinstance(runs, list) or not all(isinstance(r, list) and len(r) == 2 and type(r[1]) is int for r in runs):
        raise ValueError("a snapshot's turns are runs [turn, count]")
    return [turn for turn, count in runs for _ in range(count)]


def stored_judge(ruleset: Any, state: Any, turns: Sequence[int | None]) -> dict[str, Any]:
    """What a draft's snapshot stores for the judge's fold: the ruleset's snapshot of ``state`` and the turn of every
    action before it (the live page's turn separators, right in any process that folds on from it)."""
    return {"fold": SNAPSHOT_FORM, "state": ruleset.to_snapshot(state), "turns": turn_runs(turns)}


def judge_from_stored(doc: Any, offset: int) -> tuple[dict[str, Any], list[int | None]]:
    """The ruleset's snapshot and the turns of the ``offset`` actions before it, from what :func:`stored_judge` stored
    (``ValueError`` for a snapshot of another form: the caller folds from the start)."""
    if not isinstance(doc, Mapping) or doc.get("fold") != SNAPSHOT_FORM or not isinstance(doc.get("state"), dict):
        raise ValueError("a draft snapshot of an older form (no turns): folded from the start")
    turns = turns_of(doc.get("turns"))
    if len(turns) != offset:
        raise ValueError(f"a draft snapshot after {offset} actions holds {len(turns)} turns")
    return doc["state"], turns


@dataclass(frozen=True, slots=True)
class Mark:
    """The judge's state after ``seq`` actions (kept apart: never folded on) and its decks' ``origins`` then."""

    seq: int
    state: Any
    origins: list[list[Pos | None]]


class RefoldRefused(Exception):
    """A rewrite of the orders that a folded action no longer holds with (nothing changed)."""

    def __init__(self, index: int, action: Mapping[str, Any], error: IllegalAction) -> None:
        super().__init__(error.ruling.message)
        self.index, self.action, self.error = index, action, error


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
                 seen: Mapping[int, set[int]] | None = None, late: Mapping[Pos, int] | None = None,
                 orders_now: Callable[[list[int]], Mapping[int, Mapping[str, Any]]] | None = None) -> None:
        """From the header's setup, or from the snapshots ``judge`` (as :func:`stored_judge` stores it: with the turn of
        each action before it) and ``public`` taken after ``offset`` actions (``ValueError`` for a judge snapshot of
        another form).

        A game with hidden orders: ``seen``, the positions seen so far; from a snapshot, ``public`` holds its orders
        (``{"orders": Orders.to_json()}``) and ``orders_now(indexes)`` the draft's actions at those indexes now, their
        orders as rewritten since (``ValueError`` when the snapshot is stale for them, or holds no orders)."""
        self.header = header
        self.cards = cards
        self.ruleset = ruleset_of(header)
        rs = self.ruleset
        #: the seat a recording from one seat is made from (engine.ruleset ``recorded_from``; None: the judge's)
        self.from_seat = recorded_from(rs, header)
        #: the turn each action was taken in (the live page's turn separators)
        self.turns: list[int | None] = []
        state = None
        if judge is not None:
            snapshot, self.turns = judge_from_stored(judge, offset)
            state = rs.from_snapshot(snapshot, cards)
        orders: Orders | None = None
        if hides_orders(rs) and state is not None:
            if not isinstance(public, Mapping) or "orders" not in public:
                raise ValueError("a snapshot of a game with hidden orders without its orders")
            orders = Orders.from_json(rs, state, public["orders"], seen, late, from_seat=self.from_seat)
            if orders_now is not None:
                orders.overlay(orders_now(sorted(orders.held)))
            orders.patch(state)
            public = None
        self.judge = Folder(header, cards, state=state, offset=offset)
        #: where the deck orders nobody saw stand (engine.ruleset.HiddenOrders; None for other games)
        self.orders: Orders | None = orders
        if hides_orders(rs) and orders is None:
            self.orders = Orders(rs, self.judge.state, seen, late, from_seat=self.from_seat)
        self.last: Mapping[str, Any] | None = None  # the last action pushed (its public trail)
        #: hidden orders: the first action this fold holds, the actions from there, the marks to fold again from
        self.base = offset
        self.pushed: list[Action] = []
        self.marks: list[Mark] = []
        if self.orders is not None:
            self._mark()
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
            self.pushed.append(dict(action))
            if self.applied % MARK_EVERY == 0:
                self._mark()
        self.last = action
        self.turns.append(turn)
        if not self.ruleset.table_logs:
            return copied  # type: ignore[no-any-return]
        if copied.get("type") in self.ruleset.knowledge_actions:  # the recorder's own knowledge: not the public's
            copied = self.ruleset.knowledge_unlearned(copied)
        if self.public is not None:
            try:
                self.public.push(copied)
            except IllegalAction as err:  # the public cannot follow: from now on its view hides the judge's
                logger.warning("a draft's public fold refused action %d (%s)", self.applied - 1, err.rule)
                self.public = None
        return copied  # type: ignore[no-any-return]

    def scratch(self) -> DraftFold:
        """A copy to try an action on (a check): the judge's state cloned, the hidden orders copied, no public fold
        and no trails; pushing onto it or rewriting its orders leaves this fold as it is."""
        out = copy.copy(self)
        judge = self.judge
        out.judge = Folder(self.header, self.cards, state=self.ruleset.clone(judge.state), offset=judge.applied,
                           keep_trails=False)
        out.public = None
        out.turns, out.pushed, out.marks = list(self.turns), list(self.pushed), list(self.marks)
        if self.orders is not None:
            out.orders = self.orders.before(self.applied, self.orders.origins)
        return out

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
        if self.orders is not None and folder is self.judge:  # a card drawn and never named is shown as such
            hide_unnamed(self.ruleset, data, self.orders.cards_never_named())
            trail = hide_in_trail(trail, [c for cards in self.orders.cards_never_named(by=self.applied - 1) for c in cards])
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
        """Snapshots of both folds (the judge's as :func:`stored_judge`; the public one None when there is none; a
        game with hidden orders has their state there instead: ``{"orders": ...}``)."""
        rs = self.ruleset
        judge = stored_judge(rs, self.judge.state, self.turns[:self.applied])
        if self.orders is not None:
            return judge, {"orders": self.orders.to_json()}
        return judge, None if self.public is None else rs.to_snapshot(self.public.state)

    def mark_snapshots(self, seq: int) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The snapshots (as :meth:`snapshots`) of this fold's mark after ``seq`` actions, None without one."""
        mark = next((m for m in self.marks if m.seq == seq), None)
        if mark is None or self.orders is None:
            return None
        return (stored_judge(self.ruleset, mark.state, self.turns[:seq]),
                {"orders": self.orders.before(seq, mark.origins).to_json()})

    # --- hidden orders: rewrites ---------------------------------------------------------

    def _mark(self) -> None:
        assert self.orders is not None
        self.marks.append(Mark(self.applied, self.ruleset.clone(self.judge.state), self.orders.origins_now()))

    def rewrite(self, rewrite: Rewrite, head: Callable[[], list[Action]]) -> None:
        """Apply ``rewrite`` (drafts/orders.py): positions seen are marked; actions whose order changed are folded
        again from the latest mark before the first action the change reaches (``rewrite.affects`` set to it).
        ``head()``: the draft's actions before this fold's first, for a change that reaches before it.
        :class:`RefoldRefused` (nothing changed) when a folded action no longer holds."""
        orders = self.orders
        assert orders is not None
        if not rewrite.orders:
            orders.see(rewrite.seen, rewrite.late)
            return
        applied = self.applied
        affects = orders.affected(rewrite.orders, applied)
        saved = (self.judge, orders, self.turns, self.last, self.marks, self.pushed, self.base)
        orders = self.orders = orders.before(applied, orders.origins)  # a copy: the old one stays for a refusal
        orders.see(rewrite.seen, rewrite.late)
        self.pushed = actions = list(self.pushed)
        for s, order in rewrite.orders.items():
            held = orders.set_order(s, order)
            if s >= self.base:
                actions[s - self.base] = held
        marks = [m for m in self.marks if m.seq <= min(affects, applied - 1)]
        try:
            if marks:
                self._refold(marks)
            else:  # the change reaches before this fold's first action: from the start
                start = head()[:self.base]
                for s, held in orders.held.items():
                    if s < len(start):
                        start[s] = held
                self._refold([], start + actions)
        except RefoldRefused:
            self.judge, self.orders, self.turns, self.last, self.marks, self.pushed, self.base = saved
            raise
        rewrite.affects = affects

    def _refold(self, marks: list[Mark], actions: list[Action] | None = None) -> None:
        """Fold this fold's actions again from the last of ``marks``; without marks, fold ``actions`` (all of the
        draft's) from the header's setup."""
        orders = self.orders
        assert orders is not None
        if marks:
            mark = marks[-1]
            state = self.ruleset.clone(mark.state)
            self.orders = orders.before(mark.seq, mark.origins)
            self.orders.patch(state)
            self.judge = Folder(self.header, self.cards, state=state, offset=mark.seq)
            self.marks = marks
            actions = self.pushed[mark.seq - self.base:]
            self.pushed = self.pushed[:mark.seq - self.base]
            self.turns = self.turns[:mark.seq]
        else:
            self.judge = Folder(self.header, self.cards)
            self.orders = Orders(self.ruleset, self.judge.state, orders.seen, orders.late, from_seat=self.from_seat)
            self.base, self.pushed, self.turns, self.marks = 0, [], [], []
            self._mark()
        for action in actions or ():
            index = self.applied
            try:
                self.push(action)
            except IllegalAction as err:
                raise RefoldRefused(index, action, err) from None

    def settled_judge(self) -> Any:
        """A settled copy of the judge's state (for legal actions)."""
        state = self.judge.ruleset.clone(self.judge.state)
        self.judge.ruleset.settle(state, Trail())
        return state
