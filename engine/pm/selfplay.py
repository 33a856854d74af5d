"""Self-play: policies choose among legal actions; games are written as pmemo-log actions.

Randomness comes only from the ``random.Random`` passed in, so a seed gives the
same game every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import CardDB
from engine.pm import stats
from engine.pm.actions import apply_action
from engine.pm.legal import Action, legal_actions
from engine.pm.ruleset import PreciousMemories
from engine.pm.state import GameState
from engine.pm.turns import turn_end_waits
from engine.rulings import Trail

Policy = Callable[[GameState, list[Action], random.Random], Action]
MAX_ACTIONS = 4000


def random_policy(g: GameState, actions: list[Action], rng: random.Random) -> Action:
    """Any legal action, uniformly."""
    return rng.choice(actions)


def greedy_policy(g: GameState, actions: list[Action], rng: random.Random) -> Action:
    """A sensible beginner: summon what it can, approach when it can win, interfere to save a point."""
    return max(actions, key=lambda a: (_score(g, a), rng.random()))


def _score(g: GameState, a: Action) -> float:
    kind = a["type"]
    me = g.players[a["p"]] if "p" in a else None
    if kind == "break":
        return 100
    if kind == "summon":
        card = g.card(a["card"])
        return 50 + (card.ap or 0) / 10 - len(a["pay"]) - (5 if a["area"] == "support" and card.has_stats else 0)
    if kind in ("level_up", "set_support"):
        return 45
    if kind == "play_event":
        return 20 - len(a["pay"])
    if kind in ("use_effect", "backup"):
        return 15 - len(a.get("pay", ()))
    if kind == "approach":
        c = next(x for x in g.players[a["p"]].main if x.card == a["card"])
        ap = stats.ap_dp(g, c)[0]
        return 40 + ap / 10 + (5 if "with" in a else 0)
    if kind == "interfere":
        assert g.approach is not None and me is not None
        c = next(x for x in me.main if x.card == a["card"])
        ap, dp = stats.ap_dp(g, c)
        att_ap = sum(stats.ap_dp(g, x)[0] for x in (g.chara_by_uid(u) for u in g.approach.attackers) if x)
        survives = dp > att_ap
        return 30 + (10 if survives else 0) + ap / 100
    if kind == "no_interfere":
        return 25 if len(me.points) < 5 else 5  # type: ignore[union-attr]
    if kind == "choose_elimination":
        return 10 if a["card"] else 0
    if kind == "end_approach":
        return 1
    if kind == "pass":
        return 0
    return 5


def play_game(
    cards: CardDB, decks: Sequence[Sequence[str]], rng: random.Random, *, policies: Sequence[Policy] = (greedy_policy, greedy_policy),
    names: Sequence[str] = ("Aoi", "Ren"), first: int | None = None, ex_decks: Sequence[Sequence[str]] = ((), ()),
) -> dict[str, Any]:
    """Play one game; return the pmemo-log document (every pass written)."""
    first = rng.randrange(2) if first is None else first
    header: dict[str, Any] = {
        "first": first,
        "players": [{"name": names[i], "deck": list(decks[i]), "ex_deck": list(ex_decks[i])} for i in (0, 1)],
    }
    rules = PreciousMemories()
    g = rules.new_state(header, cards)
    actions: list[Action] = []

    def push(a: Action) -> None:
        apply_action(g, a, Trail())
        actions.append(a)

    for i in (0, 1):
        order = list(decks[i])
        rng.shuffle(order)
        push({"type": "shuffle", "p": i, "order": order})
    for i in (first, 1 - first):
        hand_value = sum(1 for c in g.players[i].hand if cards.get(c).type == "chara" and cards.get(c).cost <= 2)
        push({"type": "redraw" if hand_value < 2 and rng.random() < 0.8 else "keep", "p": i})
    while g.result is not None or len(actions) < MAX_ACTIONS:
        if g.result is not None:
            break
        options = legal_actions(g)
        if not options and turn_end_waits(g):
            rules.settle(g, Trail())  # the next turn's start ends the game: nothing more to log
            continue
        if not options:
            raise RuntimeError(f"no legal action at turn {g.turn}, phase {g.phase}, step {g.step}")
        p = options[0].get("p", 0)
        push(policies[p](g, options, rng))
    return {"format": "pmemo-log", "version": 1, "game": header, "actions": actions}
