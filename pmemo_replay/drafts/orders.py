"""Deck orders nobody at the table saw, in a draft of a game whose logs are complete (engine.ruleset.HiddenOrders).

At a real table nobody knows a shuffled deck's order, yet such a game's log holds it. The recorder writes the
shuffle without its ``order``; the draft fills a placeholder order (the ruleset's ``placeholder_order``) and, as
cards are named (drawn, played from a hand), rewrites the positions nobody has seen yet so that the stored log is a
complete history consistent with everything observed:

- a position is (the index of the action whose ``order`` holds it, its place there, top first);
- :class:`Orders` follows each player's deck through the fold: where each deck card came from, which positions
  left the deck (drawn) and by which action, and which were *seen* (named, or used by an action);
- naming a card swaps it, within the same order, with a position not seen yet; a named card that has no unseen
  copy left is a conflict (:class:`NamingConflict`, answered 400 with what conflicts).

A hidden choice (the ruleset's ``hidden_choices``: Mahou's ``search``, cards from the deck into the hand only their
player sees) holds positions too, each taken into the hand by the choice itself: naming one of them a card the
choice does not hold puts the card it held back, in each of the player's later orders, where a copy of the new card
lay unseen.

The drafts service persists each rewrite as an ``order`` event (the new action at that index, with the positions it
marks seen and the action it came with: undone with that action).

A rewrite changes the cards of positions nobody saw. A state folded *before* the first action that took such a
position from its deck differs only in which card sits where in that deck, so a snapshot taken then stays good once
its deck is patched from the orders as they now are (:meth:`Orders.patch`, with the snapshot's ``origins``); a state
folded after that action is stale (:meth:`Orders.affected` says from where).
"""

from __future__ import annotations

import copy
import difflib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Pos = tuple[int, int]  #: (index of the action holding the order, place in that order, top first)
Action = dict[str, Any]


class NamingConflict(ValueError):
    """A named card that no position not seen yet can hold."""


@dataclass
class Rewrite:
    """Orders changed (action index -> the new order) and positions newly seen (action index -> places)."""

    orders: dict[int, list[str]] = field(default_factory=dict)
    seen: dict[int, set[int]] = field(default_factory=dict)
    #: once applied to a fold: the earliest action whose folded state the new orders changed (None: none did)
    affects: int | None = None
    #: positions seen here that were drawn before (named by a later play: which draw it was is a guess) -> the
    #: action naming them
    late: dict[Pos, int] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.orders or self.seen)

    def targets(self) -> list[int]:
        return sorted({*self.orders, *self.seen})


class Orders:
    """The hidden orders of one draft's fold, kept beside it action by action."""

    def __init__(self, ruleset: Any, state: Any, seen: Mapping[int, set[int]] | None = None,
                 late: Mapping[Pos, int] | None = None, *, from_seat: int | None = None) -> None:
        self.rs = ruleset
        #: the seat a recording from one seat is made from (engine.ruleset ``recorded_from``); None: the judge's,
        #: where no choice is hidden and no draw goes back unseen
        self.from_seat = from_seat
        self.seats = len(state.players)
        #: per player, the origin of each deck card (top last): a position, or None (not from a hidden order)
        self.origins: list[list[Pos | None]] = [[None] * len(ruleset.pile(state, p)) for p in range(self.seats)]
        self.orders: dict[int, tuple[int, list[str]]] = {}  #: action index -> (player, order)
        self.held: dict[int, Action] = {}  #: action index -> the action holding that order (as rewritten)
        #: the field of each kind of hidden choice, and the action indexes holding one (their positions in the hand)
        self.choice_fields: Mapping[str, str] = (getattr(ruleset, "hidden_choices", None) or {}
                                                 if from_seat is not None else {})
        self.choices: set[int] = set()
        #: drawn positions that went back into the deck unseen (a redraw's 4) -> the action that took them back
        self.back: dict[Pos, int] = {}
        self.taken: dict[Pos, int] = {}  #: position -> the action that took it from the deck (in taking order)
        self.seen: dict[int, set[int]] = {k: set(v) for k, v in (seen or {}).items()}
        #: positions named by an action after the one that drew them -> that action (Rewrite.late)
        self.late: dict[Pos, int] = dict(late or {})

    def field(self, action: Mapping[str, Any]) -> str:
        """The field of ``action`` holding its order (a hidden choice's cards)."""
        return self.choice_fields.get(action.get("type", ""), "order")

    def decks(self, state: Any) -> list[list[str]]:
        return [list(self.rs.pile(state, p)) for p in range(self.seats)]

    def after(self, index: int, action: Mapping[str, Any], before: list[list[str]], state: Any) -> None:
        """Follow each deck through action ``index`` (``before``: the decks before it)."""
        chooser = action.get("p")
        field = self.choice_fields.get(action.get("type", ""))
        if field is not None and type(chooser) is int and isinstance(action.get(field), list):
            self.orders[index] = (chooser, list(action[field]))
            self.held[index] = dict(action)
            self.choices.add(index)
            for k in range(len(action[field])):
                self.taken[(index, k)] = index
        for p in range(self.seats):
            old, origin = before[p], self.origins[p]
            if action.get("type") in self.rs.hidden_orders and action.get("p") == p and "order" in action:
                order = list(action["order"])
                if self.from_seat is not None:
                    self._took_back(p, index, Counter(order) - Counter(old))
                self.orders[index] = (p, order)
                self.held[index] = dict(action)
                old = list(reversed(order))
                origin = [(index, len(order) - 1 - j) for j in range(len(order))]
            new = list(self.rs.pile(state, p))
            if new == old[:len(new)]:
                kept, gone = origin[:len(new)], origin[len(new):][::-1]
            else:
                kept, gone = _align(old, origin, new)
            self.origins[p] = kept
            for pos in gone:
                if pos is not None:
                    self.taken[pos] = index

    def _took_back(self, p: int, index: int, cards: Counter[str]) -> None:
        """``cards`` went from ``p``'s hand back into the deck that action ``index`` orders: the latest drawn positions
        holding them that nobody saw left the hand there."""
        for pos in reversed(list(self.taken)):
            s, k = pos
            if s in self.choices or self.orders[s][0] != p or pos in self.back or k in self.seen.get(s, ()):
                continue
            card = self.orders[s][1][k]
            if cards[card] > 0:
                cards[card] -= 1
                self.back[pos] = index

    # --- rewrites, snapshots ------------------------------------------------------------

    def see(self, seen: Mapping[int, set[int]], late: Mapping[Pos, int] | None = None) -> None:
        """Positions newly seen (a rewrite's ``seen``; ``late``: those of them named after their draw)."""
        for s, places in seen.items():
            self.seen.setdefault(s, set()).update(places)
        for pos, at in (late or {}).items():
            self.late.setdefault(pos, at)

    def named_late(self, rewrite: Rewrite, at: int) -> Rewrite:
        """``rewrite`` (made for action ``at``) with its positions drawn before ``at`` noted as named late."""
        rewrite.late = {(s, k): at for s, places in rewrite.seen.items() for k in places
                        if (s, k) in self.taken and k not in self.seen.get(s, ())}
        return rewrite

    def affected(self, orders: Mapping[int, Sequence[str]], applied: int) -> int:
        """The earliest action whose folded state ``orders`` (action index -> new order) change: the first that took
        a changed position from its deck (``applied`` when every changed position is still in a deck)."""
        earliest = applied
        for s, order in orders.items():
            old = self.orders[s][1]
            for k, card in enumerate(order):
                if card != old[k]:
                    earliest = min(earliest, self.taken.get((s, k), applied))
        return earliest

    def see_whole(self, s: int) -> Rewrite:
        """Action ``s``'s order was given whole (the table knew it): every place of it seen; the rewrite that says
        so (empty when ``s`` holds no order)."""
        if s not in self.orders:
            return Rewrite()
        rewrite = Rewrite(seen={s: set(range(len(self.orders[s][1])))})
        self.see(rewrite.seen)
        return rewrite

    def set_order(self, s: int, order: Sequence[str]) -> Action:
        """Action ``s`` now holds ``order``; returns that action."""
        self.orders[s] = (self.orders[s][0], list(order))
        self.held[s] = {**self.held[s], self.field(self.held[s]): list(order)}
        return self.held[s]

    def origins_now(self) -> list[list[Pos | None]]:
        """A copy of where each deck card came from (a snapshot's, with the judge's state)."""
        return [list(origin) for origin in self.origins]

    def before(self, seq: int, origins: list[list[Pos | None]]) -> Orders:
        """These orders as they stood after the first ``seq`` actions, whose decks' ``origins`` were those (the orders
        as rewritten since; the positions seen so far)."""
        out = copy.copy(self)
        out.origins = [list(origin) for origin in origins]
        out.orders = {s: (p, list(o)) for s, (p, o) in self.orders.items() if s < seq}
        out.held = {s: a for s, a in self.held.items() if s < seq}
        out.choices = {s for s in self.choices if s < seq}
        out.back = {pos: i for pos, i in self.back.items() if i < seq}
        out.taken = {pos: i for pos, i in self.taken.items() if i < seq}
        out.seen = {s: set(k) for s, k in self.seen.items()}
        out.late = dict(self.late)
        return out

    def patch(self, state: Any) -> None:
        """Each deck card of ``state`` that came from a hidden order made the card its position holds now (``state``
        folded with these orders' ``origins``: a snapshot of a time when no rewritten position had left its deck)."""
        for p, origin in enumerate(self.origins):
            deck = self.rs.pile(state, p)
            for i, pos in enumerate(origin):
                if pos is not None:
                    deck[i] = self.orders[pos[0]][1][pos[1]]

    def overlay(self, now: Mapping[int, Mapping[str, Any]]) -> None:
        """Take the orders as they are now (action index -> the action now, for each order these hold); ``ValueError``
        when one changed a position that had left its deck by then (the snapshot is stale), or is gone."""
        for s in self.orders:
            action = now.get(s)
            if action is None or action.get("type") != self.held[s].get("type") or self.field(action) not in action:
                raise ValueError(f"a snapshot holding action {s}, which is no longer the draft's")
            order = list(action[self.field(action)])
            old = self.orders[s][1]
            if len(order) != len(old) or any(order[k] != old[k] and (s, k) in self.taken for k in range(len(old))):
                raise ValueError(f"a snapshot drawn from the order of action {s} before it was rewritten")
            self.set_order(s, order)

    def to_json(self) -> dict[str, Any]:
        """What a stored snapshot keeps beside the judge's state (the positions seen are the events')."""
        return {"origins": [[None if pos is None else list(pos) for pos in origin] for origin in self.origins],
                "held": [[s, a] for s, a in self.held.items()],
                "taken": [[s, k, i] for (s, k), i in self.taken.items()],
                "back": [[s, k, i] for (s, k), i in self.back.items()]}

    @classmethod
    def from_json(cls, ruleset: Any, state: Any, data: Mapping[str, Any],
                  seen: Mapping[int, set[int]] | None = None, late: Mapping[Pos, int] | None = None, *,
                  from_seat: int | None = None) -> Orders:
        """The orders of a stored snapshot (``to_json``) beside its judge's ``state``."""
        out = cls(ruleset, state, seen, late, from_seat=from_seat)
        out.origins = [[None if pos is None else (int(pos[0]), int(pos[1])) for pos in origin]
                       for origin in data["origins"]]
        if len(out.origins) != out.seats or any(len(o) != len(ruleset.pile(state, p)) for p, o in enumerate(out.origins)):
            raise ValueError("a snapshot's orders do not fit its decks")
        for s, action in data["held"]:
            out.held[int(s)] = dict(action)
            out.orders[int(s)] = (int(action["p"]), list(action[out.field(action)]))
            if action.get("type") in out.choice_fields:
                out.choices.add(int(s))
        out.taken = {(int(s), int(k)): int(i) for s, k, i in data["taken"]}
        out.back = {(int(s), int(k)): int(i) for s, k, i in data.get("back", ())}
        return out

    # --- what is left to name -----------------------------------------------------------

    def unnamed(self, state: Any, p: int, *, anywhere: bool = False) -> list[Pos]:
        """``p``'s positions drawn but not seen whose card the hand still holds (``anywhere``: wherever it went),
        oldest first."""
        hand = Counter(self.rs.hand(state, p))
        out = []
        for pos in self.taken:
            s, k = pos
            owner, order = self.orders[s]
            if owner == p and k not in self.seen.get(s, ()) and pos not in self.back and (anywhere or hand[order[k]] > 0):
                hand[order[k]] -= 1
                out.append(pos)
        return out

    def never_named(self) -> dict[int, list[tuple[int, int, int]]]:
        """Per player, the positions drawn and not seen (whose cards are the placeholder's, not the table's), in
        taking order: ``(action index holding the order, place in it, the action that drew it)``."""
        out: dict[int, list[tuple[int, int, int]]] = {}
        for (s, k), by in self.taken.items():
            if k not in self.seen.get(s, ()) and (s, k) not in self.back:
                out.setdefault(self.orders[s][0], []).append((s, k, by))
        return out

    def unnamed_meta(self) -> dict[int, list[tuple[int, ...]]]:
        """Per player, what a stored game keeps of the positions not named at their draw (games/unnamed.py):
        ``(order's action, place, drawn by)`` never named, ``(..., named by)`` named by a later action."""
        out: dict[int, list[tuple[int, ...]]] = {p: list(v) for p, v in self.never_named().items()}
        for (s, k), at in self.back.items():  # drawn unseen, then back into the deck (shown again from there)
            if k not in self.seen.get(s, ()):
                out.setdefault(self.orders[s][0], []).append((s, k, self.taken[(s, k)], at))
        for (s, k), at in sorted(self.late.items()):
            by = self.taken.get((s, k))
            if by is not None and by < at:
                out.setdefault(self.orders[s][0], []).append((s, k, by, at))
        return out

    def cards_never_named(self, *, by: int | None = None) -> list[list[str]]:
        """Per player, the cards of the positions drawn and not seen (``by``: only those the action ``by`` drew)."""
        out: list[list[str]] = [[] for _ in range(self.seats)]
        for p, positions in self.never_named().items():
            out[p] = [self.orders[s][1][k] for s, k, taker in positions if by is None or taker == by]
        return out

    def pool(self, p: int) -> dict[str, int]:
        """The cards ``p``'s positions not seen yet may be (of the player's latest order), with their counts."""
        latest = max((s for s, (owner, _) in self.orders.items() if owner == p and s not in self.choices), default=None)
        if latest is None:
            return {}
        order = self.orders[latest][1]
        seen = self.seen.get(latest, set())
        return dict(Counter(c for k, c in enumerate(order) if k not in seen))

    # --- naming ------------------------------------------------------------------------

    def name_drawn(self, state: Any, p: int, cards: Sequence[str], names: Sequence[str]) -> Rewrite:
        """Name ``p``'s oldest drawn cards not seen yet as ``cards`` (in drawing order; a hidden choice's are no draws)."""
        open_ = [pos for pos in self.unnamed(state, p) if pos[0] not in self.choices]
        if len(cards) > len(open_):  # cards drawn that left the hand since (discarded, put elsewhere) count too
            open_ = [pos for pos in self.unnamed(state, p, anywhere=True) if pos[0] not in self.choices]
        if len(cards) > len(open_):
            raise NamingConflict(f"{len(cards)} card(s) named, but {names[p]} holds {len(open_)} drawn card(s) not "
                                 "named yet")
        plan = _Plan(self)
        for pos, card in zip(open_, cards, strict=False):
            plan.put(pos, card, names[p])
        return plan.done()

    def name_for(self, state: Any, action: Mapping[str, Any], names: Sequence[str]) -> Rewrite:
        """What ``action`` names from hidden places (the ruleset's ``named``), made true where it is not yet: a hand
        card, the cards it takes from the top (in order; an unnamed one skipped), a copy it searches the deck for."""
        plan = _Plan(self, state)
        need: Counter[tuple[int, str]] = Counter()
        depth: Counter[int] = Counter()
        drawn: dict[int, list[int]] = {}  # per player, how deep lay the cards this action took unnamed so far
        for p, card, where in self.rs.named(state, action):
            if where == "hand" and card is not None:
                need[(p, card)] += 1
                # a card the hand lacks that the action itself drew first (draw 2, then discard 1) is one of those
                if (drawn.get(p) and Counter(self.rs.hand(state, p))[card] < need[(p, card)]
                        and plan.drawn_now(p, drawn[p], card, names[p])):
                    need[(p, card)] -= 1
                    continue
                plan.in_hand(state, p, card, need, names[p])
            elif where == "top":
                depth[p] += 1
                if card is not None:
                    plan.on_top(p, depth[p] - 1, card, names[p])
                else:
                    drawn.setdefault(p, []).append(depth[p] - 1)
            elif where == "deck" and card is not None:
                need[(p, card)] += 1
                plan.in_deck(state, p, card, need[(p, card)], names[p])
        return plan.done()

    def fit_drawn(self, p: int, n: int | None, fits: Any, names: Sequence[str]) -> Rewrite:
        """``p``'s ``n`` latest draws (None: all) made cards that ``fits`` where nobody named them: each unseen one that
        does not fit changes places with an unseen card still in the deck, of the same order, that fits (the deepest;
        a draw named already is left as it is: the fold rules on it)."""
        plan = _Plan(self)
        drawn = [pos for pos in self.taken if pos[0] not in self.choices and self.orders[pos[0]][0] == p
                 and pos not in self.back]
        for pos in drawn[-n:] if n else drawn if n is None else []:
            s, k = pos
            if fits(plan.card_at(pos)) or k in plan.seen(s):
                continue
            order = plan.order(s)
            in_deck = [q[1] for q in self.origins[p] if q is not None and q[0] == s]
            j = next((j for j in in_deck if j not in plan.locked(s) and fits(order[j])), None)
            if j is None:
                raise NamingConflict(f"{names[p]}'s deck holds no card nobody saw that the draw could have been")
            order[k], order[j] = order[j], order[k]
        return plan.done()

    def name_top(self, p: int, cards: Sequence[str | None], names: Sequence[str],
                 ends: Callable[[str], bool] | None = None) -> Rewrite:
        """``cards`` are the next cards on top of ``p``'s deck, top first (an action about to draw them); a None
        place is a card nobody saw that must not be one ``ends`` (it would have ended the drawing there): such a
        card there changes places with a deeper one nobody saw, of the same order, that does not."""
        plan = _Plan(self)
        if len(cards) > len(self.origins[p]):
            raise NamingConflict(f"{len(cards)} card(s) named, but {names[p]}'s deck holds {len(self.origins[p])}")
        for k, card in enumerate(cards):
            if card is not None:
                plan.on_top(p, k, card, names[p])
        origins = self.origins[p]
        for k, card in enumerate(cards):
            pos = origins[-1 - k]
            if card is not None or ends is None or pos is None or not ends(plan.card_at(pos)):
                continue
            s = pos[0]
            if pos[1] in plan.seen(s):
                raise NamingConflict(f"{names[p]}'s card {k + 1} from the top was seen: {plan.card_at(pos)}")
            deeper = [q for q in reversed(origins[:len(origins) - len(cards)])
                      if q is not None and q[0] == s and q[1] not in plan.locked(s) and not ends(plan.card_at(q))]
            if not deeper:
                raise NamingConflict(f"{names[p]}'s deck holds no card nobody saw that card {k + 1} from the top "
                                     "could have been")
            order = plan.order(s)
            j = deeper[0][1]
            order[pos[1]], order[j] = order[j], order[pos[1]]
        return plan.done()


class _Plan:
    """Swaps and marks being planned on copies of the orders."""

    def __init__(self, orders: Orders, state: Any = None) -> None:
        self.o = orders
        self.rewrite = Rewrite()
        self.state = state  #: the state the names are made in (what a hidden choice may hold is asked there)

    def order(self, s: int) -> list[str]:
        if s not in self.rewrite.orders:
            self.rewrite.orders[s] = list(self.o.orders[s][1])
        return self.rewrite.orders[s]

    def seen(self, s: int) -> set[int]:
        return self.o.seen.get(s, set()) | self.rewrite.seen.get(s, set())

    def locked(self, s: int) -> set[int]:
        """The places of order ``s`` no swap may change: seen, or drawn and put back unseen (what the action that
        put them back needed of them holds)."""
        return self.seen(s) | {k for (u, k) in self.o.back if u == s}

    def done(self) -> Rewrite:
        """The rewrite, without the orders left as they were."""
        self.rewrite.orders = {s: o for s, o in self.rewrite.orders.items() if o != self.o.orders[s][1]}
        return self.rewrite

    def mark(self, pos: Pos) -> None:
        self.rewrite.seen.setdefault(pos[0], set()).add(pos[1])

    def put(self, pos: Pos, card: str, name: str) -> None:
        """Position ``pos`` holds ``card`` (swapped in from a position not seen yet), and is seen."""
        s, k = pos
        order = self.order(s)
        if s in self.o.choices and order[k] != card and card not in [order[j] for j in range(len(order))
                                                                     if j != k and j not in self.seen(s)]:
            self.put_choice(pos, card, name)
            return
        if order[k] != card:
            p = self.o.orders[s][0]
            in_deck = {q[1] for q in self.o.origins[p] if q is not None and q[0] == s}
            free = [j for j in range(len(order)) if order[j] == card and j != k and j not in self.locked(s)]
            if not free:
                named = sum(1 for j, c in enumerate(order) if c == card and j in self.seen(s))
                raise NamingConflict(f"{card} cannot be {name}'s: no copy of it is left unseen in that deck "
                                     f"({order.count(card)} in it, {named} named or seen already)")
            # rather a card still in the deck, then one drawn, then one a later order took in (carried on there)
            j = min(free, key=lambda j: (j not in in_deck, (s, j) not in self.o.taken, j))
            order[k], order[j] = order[j], order[k]
            if j not in in_deck and (s, j) not in self.o.taken:
                self.carry(s, p, card, order[j], name)
        self.mark(pos)

    def carry(self, s: int, p: int, card: str, old: str, name: str) -> None:
        """A place of ``p``'s order ``s`` nobody saw, still in the deck when ``p``'s next order took the deck in (a
        Clockwork mulligan's), holds ``old`` now instead of ``card``: that next order holds ``old`` where it held a
        copy of ``card`` nobody saw (rather one still in the deck; one the order after it took in carries on)."""
        later = min((u for u, (q, _) in self.o.orders.items() if q == p and u > s and u not in self.o.choices),
                    default=None)
        if later is None:
            raise NamingConflict(f"{card} cannot be {name}'s: the deck it lay in is no order's")
        order = self.order(later)
        in_deck = {q[1] for q in self.o.origins[p] if q is not None and q[0] == later}
        free = [j for j in range(len(order)) if order[j] == card and j not in self.locked(later)]
        if not free:
            raise NamingConflict(f"{card} cannot be {name}'s: no copy of it is left unseen in the deck that took "
                                 "its place in")
        j = min(free, key=lambda j: (j not in in_deck, (later, j) not in self.o.taken, j))
        order[j] = old
        if j not in in_deck and (later, j) not in self.o.taken:
            self.carry(later, p, card, old, name)

    def put_choice(self, pos: Pos, card: str, name: str) -> None:
        """A hidden choice's place ``pos`` holds ``card`` and is seen: the card it held goes back into each of the
        player's later orders where a copy of ``card`` lay unseen (rather still in the deck; else a draw put back
        unseen: two cards a choice may hold are alike for what put it back, Mahou's redraw)."""
        s, k = pos
        chosen = self.order(s)
        p = self.o.orders[s][0]
        old = chosen[k]
        fits = getattr(self.o.rs, "choice_fits", None)
        alike = fits is not None and fits(self.state, self.o.held[s], card) and fits(self.state, self.o.held[s], old)
        for u in sorted(u for u, (q, _) in self.o.orders.items() if q == p and u > s and u not in self.o.choices):
            order = self.order(u)
            free = [j for j in range(len(order)) if order[j] == card and j not in self.locked(u)]
            if not free and alike:
                free = [j for j in range(len(order)) if order[j] == card and j not in self.seen(u)]
            if not free:
                raise NamingConflict(f"{card} cannot be one of the cards {name} chose: no copy of it is left unseen "
                                     "in that deck")
            in_deck = {q[1] for q in self.o.origins[p] if q is not None and q[0] == u}
            j = min(free, key=lambda j: (j not in in_deck, j))
            order[j] = old
        chosen[k] = card
        self.mark(pos)

    def card_at(self, pos: Pos) -> str:
        order = self.rewrite.orders.get(pos[0]) or self.o.orders[pos[0]][1]
        return order[pos[1]]

    def in_hand(self, state: Any, p: int, card: str, need: Counter[tuple[int, str]], name: str) -> None:
        """``card`` is in ``p``'s hand: when the hand lacks a copy named (or seen) for it, a drawn card nobody named
        becomes it (one whose placeholder is ``card`` already is only marked seen); a copy the hand holds named is
        the one played, and the draws nobody named stay so."""
        open_ = [pos for pos in self.o.unnamed(state, p) if pos[1] not in self.seen(pos[0])]
        hand = Counter(self.o.rs.hand(state, p))
        for pos in self.o.unnamed(state, p):  # the swaps planned already change the hand
            hand[self.o.orders[pos[0]][1][pos[1]]] -= 1
            hand[self.card_at(pos)] += 1
        fits = getattr(self.o.rs, "choice_fits", None)

        def fitting(pos: Pos) -> bool:  # a hidden choice's place takes only the cards it could have chosen
            return pos[0] not in self.o.choices or (fits is not None and fits(state, self.o.held[pos[0]], card))
        mine = [pos for pos in open_ if self.card_at(pos) == card]
        if hand[card] - len(mine) >= need[(p, card)]:  # enough copies named: no draw nobody named is made one
            return
        chosen = [pos for pos in open_ if pos[0] in self.o.choices and fitting(pos)
                  and hand[self.card_at(pos)] > need[(p, self.card_at(pos))]]
        # a card a hidden choice could hold came from it rather than from a draw (what the player chose)
        if chosen and not any(pos[0] in self.o.choices for pos in mine) and self._put_first(chosen, card, name):
            return
        if hand[card] >= need[(p, card)]:
            if mine:
                self.mark(max(mine, key=lambda pos: (pos[0] in self.o.choices, pos)) if self.o.from_seat is not None else mine[-1])
            return
        # rather a chosen place it fits (what the player chose), else a drawn card the hand holds more of than this
        # action needs
        spare = [pos for pos in open_ if self.card_at(pos) != card and hand[self.card_at(pos)] > need[(p, self.card_at(pos))]
                 and fitting(pos)]
        if self.o.from_seat is not None:  # from one seat: a chosen place first, then the latest draw (the fewest actions since
            # ruled on the cards then in the hand: an out_of_heroes, a redraw)
            drawn = {pos: n for n, pos in enumerate(self.o.taken)}
            spare.sort(key=lambda pos: (pos[0] not in self.o.choices, -drawn.get(pos, 0)))
        if not spare:
            raise NamingConflict(f"{card} is not in {name}'s hand, and no card {name} drew is left unnamed to be it")
        if self.o.from_seat is not None and self._put_first(spare[:-1], card, name):  # the first that can be it
            return
        self.put(spare[-1], card, name)

    def _put_first(self, places: list[Pos], card: str, name: str) -> bool:
        """Name ``card`` at the first of ``places`` where that conflicts with nothing seen (each failed try taken
        back); whether one took it."""
        for pos in places:
            saved = copy.deepcopy(self.rewrite)
            try:
                self.put(pos, card, name)
                return True
            except NamingConflict:
                self.rewrite = saved
        return False

    def drawn_now(self, p: int, depths: list[int], card: str, name: str) -> bool:
        """``card`` is one of the cards the action being named took unnamed from the top of ``p``'s deck (``depths``:
        how deep each lay, dropped from there once it is ``card``): the first that can be it, is; whether one was."""
        origins = self.o.origins[p]
        for i, k in enumerate(depths):
            pos = origins[-1 - k] if k < len(origins) else None
            if pos is None:
                continue
            if pos[1] in self.seen(pos[0]):
                if self.card_at(pos) != card:
                    continue
            elif not self._put_first([pos], card, name):
                continue
            del depths[i]
            return True
        return False

    def on_top(self, p: int, k: int, card: str, name: str) -> None:
        """``card`` is ``k`` cards under the top of ``p``'s deck (0: the top card)."""
        origins = self.o.origins[p]
        pos = origins[-1 - k] if k < len(origins) else None
        if pos is None:  # beyond the deck, or a card from no hidden order: the fold rules on it
            return
        if pos[1] not in self.seen(pos[0]):
            self.put(pos, card, name)
        elif self.card_at(pos) != card:
            raise NamingConflict(f"{card} cannot be {name}'s card {k + 1} from the top: {self.card_at(pos)} was "
                                 "seen there")

    def in_deck(self, state: Any, p: int, card: str, need: int, name: str) -> None:
        """A copy of ``card`` is in ``p``'s deck (``need`` copies, counting those this action took before): when
        the deck lacks it, a drawn copy nobody saw changes places with a deck card nobody saw, of the same order."""
        origins = self.o.origins[p]
        deck = list(self.o.rs.pile(state, p))
        have = sum(1 for c, pos in zip(deck, origins, strict=True) if (c if pos is None else self.card_at(pos)) == card)
        if have >= need:
            return
        for pos in reversed(origins):
            if pos is None or pos[1] in self.seen(pos[0]) or self.card_at(pos) == card:
                continue
            s = pos[0]
            drawn = [q for q in self.o.taken if q[0] == s and q[1] not in self.seen(s) and self.card_at(q) == card]
            if drawn:
                order = self.order(s)
                j = drawn[0][1]
                order[pos[1]], order[j] = order[j], order[pos[1]]
                self.mark(pos)  # it left the deck as that card
                return
        raise NamingConflict(f"{card} is not in {name}'s deck, and no card {name} drew is left unnamed to be it")


def _align(old: list[str], origin: list[Pos | None], new: list[str]) -> tuple[list[Pos | None], list[Pos | None]]:
    """The origins of ``new`` (a deck changed other than from the top) and those that left, read from an alignment;
    a card that left one place and came back at another (Clockwork: from the top to the bottom) keeps its origin."""
    kept: list[Pos | None] = []
    gone: list[tuple[str, Pos | None]] = []
    came: list[int] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            kept += origin[i1:i2]
        else:
            gone += list(zip(old[i1:i2], origin[i1:i2], strict=True))[::-1]
            came += range(len(kept), len(kept) + j2 - j1)
            kept += [None] * (j2 - j1)
    for at in came:
        moved = next((n for n, (card, pos) in enumerate(gone) if pos is not None and card == new[at]), None)
        if moved is not None:
            kept[at] = gone.pop(moved)[1]
    return kept, [pos for _, pos in gone]

