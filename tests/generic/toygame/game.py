"""Toy Race state, rules, legal actions, views and snapshots (pure Python, like any engine/<game>/)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.asplayed import refuse
from engine.rulings import IllegalAction, Trail, register_rules

from .cards import ToyCards

BOOK = "Toy Race"
DECK_SIZE, HAND_START, TARGET = 6, 2, 10
RULES: dict[str, tuple[str | None, str]] = {
    "log.schema": (None, "malformed log or action"),
    "log.card": (None, "a card id unknown to the card data"),
    "deck.size": ("TR 1", f"a deck is not {DECK_SIZE} cards"),
    "setup.order": ("TR 1", "a shuffle out of seat order, of another deck, or a play before setup ends"),
    "turn.order": ("TR 2", "acting out of turn"),
    "card.hand": ("TR 2", "the played card is not in the player's hand"),
    "pass.hand": ("TR 2", "passing while holding a card"),
    "game.over": ("TR 3", "any action after the game ended"),
}
EVENTS: dict[str, str | None] = {"draw": "TR 1", "score": "TR 2", "end": "TR 3"}
IDS = register_rules(RULES, BOOK, EVENTS)


def illegal(rule: str, message: str) -> IllegalAction:
    return IllegalAction(IDS[rule], message)


@dataclass
class Seat:
    name: str
    deck_list: list[str]
    deck: list[str] = field(default_factory=list)  #: top card last (engine.ruleset.HiddenOrders.pile)
    hand: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    opening_hand: list[str] = field(default_factory=list)
    score: int = 0
    #: analytics: card -> the turn it was first drawn (the opening hand: turn 1) / first played
    seen: dict[str, int] = field(default_factory=dict)
    first_played: dict[str, int] = field(default_factory=dict)


@dataclass
class ToyState:
    cards: ToyCards
    players: list[Seat]
    first: int
    ruleset: str = "toy-race-1"
    turn: int = 0
    turn_player: int = 0
    shuffled: int = 0  # seats whose setup is done
    applied: int = 0
    result: dict[str, Any] | None = None

    def clone(self) -> ToyState:
        cards, self.cards = self.cards, None  # type: ignore[assignment]
        try:
            twin = copy.deepcopy(self)
        finally:
            self.cards = cards
        twin.cards = cards
        return twin


def check_decks(players: list[Seat]) -> None:
    for i, seat in enumerate(players):
        if len(seat.deck_list) != DECK_SIZE:
            raise illegal("deck.size", f"player {i}'s deck holds {len(seat.deck_list)} cards, not {DECK_SIZE}")


def _draw(g: ToyState, seat: int, n: int, trail: Trail) -> None:
    p = g.players[seat]
    got = [p.deck.pop() for _ in range(min(n, len(p.deck)))]
    p.hand.extend(got)
    for card in got:
        p.seen.setdefault(card, max(g.turn, 1))
    if got and trail.keep:
        trail.event(IDS["draw"], f"player {seat} draws {len(got)}: {', '.join(got)}")


def _finish(g: ToyState, reason: str, trail: Trail) -> None:
    scores = [p.score for p in g.players]
    best = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == best]
    placements = [1 + sum(o > s for o in scores) for s in scores]
    g.result = {"winner": leaders[0] if len(leaders) == 1 else None, "reason": reason, "scores": scores,
                "placements": placements}
    if trail.keep:
        trail.event(IDS["end"], f"the game ends ({reason}); scores {scores}")


def _next_turn(g: ToyState, seat: int) -> None:
    """The seat after the one that acted (as played, an action out of turn passes the turn on from its seat)."""
    g.turn_player = (seat + 1) % len(g.players)
    if g.turn_player == g.first:
        g.turn += 1


def apply_action(g: ToyState, a: dict[str, Any], trail: Trail) -> None:
    """Apply one (schema-valid) action in place or raise ``IllegalAction``."""
    if g.result is not None:
        raise illegal("game.over", "the game is over")
    kind, seat = a["type"], a["p"]
    if kind == "shuffle":
        if g.shuffled >= len(g.players) or seat != g.shuffled:
            raise illegal("setup.order", f"player {seat} may not shuffle now")
        p = g.players[seat]
        if sorted(a["order"]) != sorted(p.deck_list):
            raise illegal("setup.order", f"player {seat}'s shuffle is not an order of their deck")
        p.deck = list(reversed(a["order"]))  # the order is top first
        _draw(g, seat, HAND_START, trail)
        p.opening_hand = list(p.hand)
        g.shuffled += 1
        if g.shuffled == len(g.players):
            g.turn, g.turn_player = 1, g.first
    else:
        if g.shuffled < len(g.players):
            raise illegal("setup.order", "setup is not over")
        if seat != g.turn_player:
            refuse(illegal("turn.order", f"it is player {g.turn_player}'s turn, not player {seat}'s"), "turn")
        p = g.players[seat]
        if kind == "play":
            card = a["card"]
            if card not in p.hand:
                raise illegal("card.hand", f"{card} is not in player {seat}'s hand")
            if trail.keep:
                trail.check(IDS["card.hand"], f"player {seat} plays {card} from the hand")
            p.hand.remove(card)
            p.played.append(card)
            p.first_played.setdefault(card, g.turn)
            p.score += g.cards[card].value
            if trail.keep:
                trail.event(IDS["score"], f"player {seat} scores {g.cards[card].value} (now {p.score})")
            _draw(g, seat, 1, trail)
        elif p.hand:
            refuse(illegal("pass.hand", f"player {seat} holds {len(p.hand)} card(s) and may not pass"), "count")
        if p.score >= TARGET:
            _finish(g, "target", trail)
        elif all(not q.hand and not q.deck for q in g.players):
            _finish(g, "exhausted", trail)
        else:
            _next_turn(g, seat)
    g.applied += 1


def actor(g: ToyState) -> int | None:
    if g.result is not None:
        return None
    return g.shuffled if g.shuffled < len(g.players) else g.turn_player


def placeholder_order(g: ToyState, a: dict[str, Any]) -> list[str]:
    """A neutral order for the shuffle ``a`` due now (its deck sorted, top first): what a recorder who saw no order
    leaves to be named (``setup.order`` when that shuffle is not due)."""
    seat = a.get("p")
    if g.result is not None or g.shuffled >= len(g.players) or seat != g.shuffled:
        raise illegal("setup.order", f"player {seat} may not shuffle now")
    return sorted(g.players[g.shuffled].deck_list)


def named(a: dict[str, Any]) -> list[tuple[int, str | None, str]]:
    """The hand card a ``play`` names (engine.ruleset.HiddenOrders.named); its draw names nothing."""
    if a.get("type") == "play" and type(a.get("p")) is int and isinstance(a.get("card"), str):
        return [(a["p"], a["card"], "hand")]
    return []


def legal_actions(g: ToyState) -> list[dict[str, Any]]:
    """Every action the fold accepts now (a shuffle in the deck's listed order stands for every order)."""
    who = actor(g)
    if who is None:
        return []
    p = g.players[who]
    if g.shuffled < len(g.players):
        return [{"type": "shuffle", "p": who, "order": list(p.deck_list)}]
    if not p.hand:
        return [{"type": "pass", "p": who}]
    return [{"type": "play", "p": who, "card": c} for c in sorted(set(p.hand))]


def state_json(g: ToyState) -> dict[str, Any]:
    """The judge's view: every hand in full, deck orders as counts only."""
    return {
        "ruleset": g.ruleset, "applied": g.applied, "turn": g.turn, "turn_player": g.turn_player,
        "phase": "over" if g.result else ("setup" if g.shuffled < len(g.players) else "play"),
        "players": [{"name": p.name, "score": p.score, "hand": list(p.hand), "hand_count": len(p.hand),
                     "deck_count": len(p.deck), "played": list(p.played)} for p in g.players],
        "result": None if g.result is None else dict(g.result),
    }


def player_view(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """What ``seat`` sees: the other seats' hands as nulls (their counts stay); ValueError for a seat not in it."""
    if not 0 <= seat < len(state["players"]):
        raise ValueError(f"seat {seat} is not in this game")
    out = copy.deepcopy(state)
    for i, p in enumerate(out["players"]):
        if i != seat:
            p["hand"] = [None] * len(p["hand"])
    return out


def seen_action(action: dict[str, Any], seat: int) -> dict[str, Any]:
    """A logged action as ``seat`` saw it: nobody sees a deck's order; plays are made face up."""
    if not 0 <= seat < 4:
        raise ValueError(f"seat {seat} is not a Toy Race seat")
    if action.get("type") == "shuffle":
        return {**action, "order": [None] * len(action.get("order", ()))}
    return dict(action)


SNAPSHOT_VERSION = 2  # 2: a deck's top card is its last


def to_snapshot(g: ToyState) -> dict[str, Any]:
    return {"v": SNAPSHOT_VERSION, "ruleset": g.ruleset, "first": g.first, "turn": g.turn,
            "turn_player": g.turn_player, "shuffled": g.shuffled, "applied": g.applied, "result": g.result,
            "players": [{"name": p.name, "deck_list": p.deck_list, "deck": p.deck, "hand": p.hand, "played": p.played,
                         "opening_hand": p.opening_hand, "score": p.score, "seen": p.seen,
                         "first_played": p.first_played} for p in g.players]}


def from_snapshot(d: dict[str, Any], cards: ToyCards) -> ToyState:
    if d.get("v") != SNAPSHOT_VERSION:
        raise ValueError(f"snapshot version {d.get('v')!r} is not {SNAPSHOT_VERSION}")
    players = [Seat(p["name"], list(p["deck_list"]), list(p["deck"]), list(p["hand"]), list(p["played"]),
                    list(p["opening_hand"]), p["score"], dict(p["seen"]), dict(p["first_played"]))
               for p in d["players"]]
    g = ToyState(cards, players, d["first"], d["ruleset"], d["turn"], d["turn_player"], d["shuffled"], d["applied"],
                 None if d["result"] is None else dict(d["result"]))
    return g
