"""Self-play: policies choose among legal actions; a game comes out as a complete pmemo-log document.

Randomness comes only from the ``random.Random`` given, so a seed gives the same game every time. Before
each decision of the player the game waits for, the other player may interject an Event (§5).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol

from engine.mahou.actions import apply_action
from engine.mahou.cards import MsCardDB
from engine.mahou.legal import Action, actor, legal_actions
from engine.mahou.ruleset import MahouShoujo
from engine.mahou.state import MsState
from engine.rulings import NullTrail

MAX_ACTIONS = 5000
_NULL = NullTrail()


class Policy(Protocol):
    """Chooses the next action of the player the game waits for, and whether the other plays an Event."""

    def choose(self, g: MsState, options: list[Action], rng: random.Random) -> Action: ...

    def interject(self, g: MsState, events: list[Action], rng: random.Random) -> Action | None: ...


class RandomPolicy:
    """Any legal action, uniformly; an Event out of turn now and then."""

    def choose(self, g: MsState, options: list[Action], rng: random.Random) -> Action:
        return rng.choice(options)

    def interject(self, g: MsState, events: list[Action], rng: random.Random) -> Action | None:
        return rng.choice(events) if events and rng.random() < 0.1 else None


class GreedyPolicy:
    """A sensible beginner: attack, transform, hit hard, keep one MGK for the next attack."""

    def choose(self, g: MsState, options: list[Action], rng: random.Random) -> Action:
        return max(options, key=lambda a: (score(g, a), rng.random()))

    def interject(self, g: MsState, events: list[Action], rng: random.Random) -> Action | None:
        best = max(events, key=lambda a: (score(g, a), rng.random()), default=None)
        return best if best is not None and score(g, best) >= 50 else None


def _effect_score(g: MsState, a: Action) -> float:
    card = g.card(a["card"])
    p = a["p"]
    total = 0.0
    for t in card.effect or ():
        mine = t["p"] == "self"
        owner = g.players[p if mine else 1 - p]
        f = owner.active
        op = t["op"]
        if op == "damage" and f is not None:
            total += 200 if f.hp <= t["n"] else 55 + t["n"]
        elif op == "heal":
            total += 35 if mine and f is not None and f.max_hp - f.hp >= 2 else -5
        elif op == "mgk":
            total += 50 if (t["n"] > 0) == mine else -20
        elif op == "boost":
            helps = (t["atk"] > 0) == mine
            total += (45 if g.turn_player == p and g.actions_used < 2 else 5) if helps else -5
        elif op == "draw":
            total += 20 if mine else -10
        elif op in ("discard", "detach"):
            total += -10 if mine else 30
    return total


def score(g: MsState, a: Action) -> float:
    """How much a greedy player likes ``a`` (higher first)."""
    kind = a["type"]
    me = g.players[a["p"]]
    f = me.active
    if kind == "promote":
        return 100 + me.squad[int(a["from"][6:])].hp
    if kind == "place_hero":
        return (100 if a["to"] == "active" else 35) + g.card(a["card"]).hp
    if kind == "attack":
        assert f is not None
        rival = g.players[1 - a["p"]].active
        dmg = f.atk(g.cards)
        return 200 if rival is not None and dmg >= rival.hp else 100 + dmg
    if kind == "grand_transform":
        return 90
    if kind == "transform":
        return 80 + g.card(a["card"]).mgk if a["onto"] == "active" else 40
    if kind == "play_pet":
        assert f is not None
        return 60 if f.mgk - g.card(a["card"]).cost >= 1 else 5
    if kind == "play_power":
        assert f is not None
        keeps = f.mgk - g.card(a["card"]).cost >= 1 or f.grand is not None
        return _effect_score(g, a) - (0 if keeps else 30)
    if kind == "play_event":
        return _effect_score(g, a)
    if kind == "retreat":
        assert f is not None
        incoming = me.squad[int(a["with"][6:])]
        return 75 if f.hp <= 2 and incoming.hp > f.hp else -10
    if kind == "draw":  # every card drawn brings a deck-out closer (HR 16)
        return 15 if len(me.hand) < 3 and len(me.deck) > 12 else -1
    if kind in ("search", "place_active"):
        return sum(g.card(c).hp + g.card(c).atk + g.card(c).mgk for c in _named(a))
    return 0


def _named(a: Mapping[str, Any]) -> list[str]:
    return list(a["cards"]) if "cards" in a else [a["hero"], a["girl"]]


POLICIES: dict[str, Policy] = {"random": RandomPolicy(), "greedy": GreedyPolicy()}


def play_game(
    cards: MsCardDB, decks: Sequence[Sequence[str]], rng: random.Random | int, *,
    policies: Sequence[Policy | str] = ("greedy", "greedy"), names: Sequence[str] = ("Aoi", "Ren"),
    first: int | None = None, deck_names: Sequence[str | None] = (None, None),
) -> dict[str, Any]:
    """Play one game between ``policies`` (objects or names in :data:`POLICIES`); return the pmemo-log document."""
    rng = random.Random(rng) if isinstance(rng, int) else rng
    pols = [POLICIES[p] if isinstance(p, str) else p for p in policies]
    first = rng.randrange(2) if first is None else first
    players: list[dict[str, Any]] = []
    for i in (0, 1):
        pl: dict[str, Any] = {"name": names[i], "deck": list(decks[i])}
        if deck_names[i]:
            pl["deck_name"] = deck_names[i]
        players.append(pl)
    header: dict[str, Any] = {"ruleset": MahouShoujo.name, "first": first, "players": players}
    g = MahouShoujo().new_state(header, cards)
    actions: list[Action] = []

    def push(a: Action) -> None:
        apply_action(g, a, _NULL)
        actions.append(a)

    for p in (first, 1 - first):
        while g.players[p].stage != "placed":
            options = [a for a in legal_actions(g) if a["p"] == p]
            a = pols[p].choose(g, options, rng)
            if a["type"] in ("shuffle", "redraw"):
                a = {**a, "order": rng.sample(a["order"], len(a["order"]))}
            push(a)
    while g.result is None:
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"self-play game exceeded {MAX_ACTIONS} actions at turn {g.turn}")
        options = legal_actions(g)
        who = actor(g)
        assert who is not None
        if not g.must_replace:
            extra = pols[1 - who].interject(g, [a for a in options if a["p"] != who], rng)
            if extra is not None:
                push(extra)
                continue
        mine = [a for a in options if a["p"] == who]
        if not mine:
            raise RuntimeError(f"no legal action for player {who} at turn {g.turn}")
        push(pols[who].choose(g, mine, rng))
    return {"format": "pmemo-log", "version": 1, "game": header, "actions": actions}


def self_play_logs(
    cards: MsCardDB, decks: Mapping[str, Sequence[str]], games: int, seed: int,
    policies: Sequence[str] = ("greedy", "random"),
) -> Iterator[dict[str, Any]]:
    """``games`` logs between named decks (each game: one policy for both players, alternating), with header ids."""
    names = sorted(decks)
    players = ("Aoi", "Ren", "Mika", "Sol", "Tama", "Yui")
    for i in range(games):
        rng = random.Random(seed * 1_000_003 + i)
        a, b = rng.choice(names), rng.choice(names)
        pa, pb = rng.sample(players, 2)
        policy = policies[i % len(policies)]
        doc = play_game(cards, [decks[a], decks[b]], rng, policies=(policy, policy), names=(pa, pb), deck_names=(a, b))
        doc["game"]["id"] = f"mahou-selfplay-{seed}-{i}"
        yield doc
