"""Self-play: policies choose among legal actions; a game comes out as a complete pmemo-log document.

Randomness comes only from the ``random.Random`` given, so a seed gives the same game every time. Before each
decision of the player the game waits for, the other player may take a quick action of their own (§6.1).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from engine.clockwork.actions import apply_action
from engine.clockwork.cards import CwCardDB
from engine.clockwork.legal import Action, actor, legal_actions
from engine.clockwork.state import Game
from engine.clockwork.values import mind, power
from engine.rulings import IllegalAction, NullTrail

MAX_ACTIONS = 3000
_NULL = NullTrail()
QUICK = ("recall", "activate", "deify")


class Policy(Protocol):
    def choose(self, g: Game, options: list[Action], rng: random.Random) -> Action: ...

    def interject(self, g: Game, quick: list[Action], rng: random.Random) -> Action | None: ...


class RandomPolicy:
    """Any legal action, uniformly (quick actions only now and then, so turns move on)."""

    def choose(self, g: Game, options: list[Action], rng: random.Random) -> Action:
        plain = [a for a in options if a["type"] not in QUICK]
        if plain and rng.random() < 0.85:
            return rng.choice(plain)
        return rng.choice(options)

    def interject(self, g: Game, quick: list[Action], rng: random.Random) -> Action | None:
        return rng.choice(quick) if quick and rng.random() < 0.03 else None


class GreedyPolicy:
    """A sensible beginner: summon the strongest, inherit, attack, block only to survive, deify when it can."""

    def choose(self, g: Game, options: list[Action], rng: random.Random) -> Action:
        return max(options, key=lambda a: (score(g, a), rng.random()))

    def interject(self, g: Game, quick: list[Action], rng: random.Random) -> Action | None:
        best = max(quick, key=lambda a: (score(g, a), rng.random()), default=None)
        return best if best is not None and score(g, best) >= 60 else None


def score(g: Game, a: Action) -> float:
    """How much a greedy player likes ``a`` (higher first)."""
    kind = a["type"]
    p = a["p"]
    me = g.players[p]
    if kind in ("trigger", "keep", "damage", "discard", "shuffle", "setup"):
        return 100
    if kind == "mulligan":
        return -50
    if kind == "deify":
        return 90
    if kind == "summon":
        card = g.card(a["card"])
        occupied = me.unit_at(a["at"]) is not None
        return 50 + card.level * 10 + card.power / 100 - (60 if occupied else 0)
    if kind == "inherit":
        return 45 if a["slot"] is not None else 5
    if kind == "attack":
        u = me.unit_at(a["at"])
        return 70 + (power(g, u) / 100 if u is not None else 0)
    if kind == "block":
        b = g.battle
        attacker = None if b is None else g.players[1 - p].unit_at(b["attacker"])
        pw = 0 if attacker is None else power(g, attacker)
        survivors = [pos for pos in a["with"] if (u := me.unit_at(pos)) is not None and mind(g, u) > pw]
        if not a["with"]:
            return 40 if me.life > pw * 2 else 10
        return 60 if len(survivors) == len(a["with"]) == 1 else -20
    if kind == "activate":
        return 30
    if kind == "recall":
        return 25 if "mode" not in a else 20 if a["target"].get("p") == p and a["mode"] == "add" else -10
    if kind == "move" or kind == "move_memorion":
        return -5
    if kind == "end_phase":
        return 0
    if kind == "end_turn":
        return -1
    return 0


POLICIES: dict[str, Policy] = {"random": RandomPolicy(), "greedy": GreedyPolicy()}


def play_game(cards: CwCardDB, decks: Sequence[Sequence[str]], rng: random.Random | int, *,
              policies: Sequence[Policy | str] = ("greedy", "greedy"), names: Sequence[str] = ("Aoi", "Ren"),
              first: int | None = None, deck_names: Sequence[str | None] = (None, None)) -> dict[str, Any]:
    """Play one game between ``policies`` (objects or names in :data:`POLICIES`); return the pmemo-log document."""
    from engine.clockwork.ruleset import RULESET

    rng = random.Random(rng) if isinstance(rng, int) else rng
    pols = [POLICIES[p] if isinstance(p, str) else p for p in policies]
    first = rng.randrange(2) if first is None else first
    players: list[dict[str, Any]] = []
    for i in (0, 1):
        pl: dict[str, Any] = {"name": names[i], "deck": list(decks[i])}
        if deck_names[i]:
            pl["deck_name"] = deck_names[i]
        players.append(pl)
    header: dict[str, Any] = {"ruleset": RULESET.name, "first": first, "players": players}
    g = RULESET.new_state(header, cards)
    actions: list[Action] = []

    def push(a: Action) -> None:
        apply_action(g, a, _NULL)
        actions.append(a)

    while g.phase == "setup":
        for p in (first, 1 - first):
            options = [a for a in legal_actions(g) if a["p"] == p]
            if not options:
                continue
            a = pols[p].choose(g, options, rng)
            if a["type"] in ("shuffle", "mulligan"):
                a = {**a, "order": rng.sample(a["order"], len(a["order"]))}
            push(a)
            if g.phase != "setup":
                break
    quiet = 0
    while g.result is None:
        if len(actions) >= MAX_ACTIONS:
            push({"type": "concede", "p": g.turn_player})
            break
        options = legal_actions(g)
        who = actor(g)
        assert who is not None
        other = [a for a in options if a["p"] != who and a["type"] in QUICK]
        if quiet == 0:
            extra = pols[1 - who].interject(g, other, rng)
            if extra is not None:
                push(extra)
                quiet = 1
                continue
        quiet = 0
        mine = [a for a in options if a["p"] == who]
        if not mine:
            raise RuntimeError(f"no legal action for player {who} at turn {g.turn}")
        push(nested(g, pols[who].choose(g, mine, rng), options, rng))
    return {"format": "pmemo-log", "version": 1, "game": header, "actions": actions}


#: how often a chosen action is tried with an interrupt, and a recall with a Recall Time (§6.1, §6.3)
NEST_SHARE = 0.12
_CAN_NEST = frozenset({"summon", "inherit", "move", "move_memorion", "attack", "block", "trigger", "activate", "recall",
                       "deify"})


def _accepted(g: Game, a: Action) -> bool:
    try:
        apply_action(g.clone(), a, _NULL)
    except IllegalAction:
        return False
    return True


def nested(g: Game, a: Action, options: list[Action], rng: random.Random) -> Action:
    """``a``, now and then with one listed quick action of either player as its interrupt, or (a recall) with one
    listed recall in its Recall Time, when the fold accepts that (legal_actions lists no trees, §14); else ``a``.
    So self-play logs, and the hypothesis re-checks over them, hold ``interrupts`` and ``time`` lists."""
    if a["type"] not in _CAN_NEST or rng.random() >= (3 * NEST_SHARE if a["type"] == "recall" else NEST_SHARE):
        return a
    tries: list[Action] = []
    recalls = [r for r in options if r["type"] == "recall" and r is not a]
    if a["type"] == "recall" and recalls:
        tries.append({**a, "time": [dict(rng.choice(recalls))]})
    quick = [q for q in options if q["type"] in QUICK and q is not a]
    if quick:
        tries.append({**a, "interrupts": [dict(rng.choice(quick))]})
    rng.shuffle(tries)
    for t in tries:
        if _accepted(g, t):
            return t
    return a
