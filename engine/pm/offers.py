"""What a recorder may write now (engine.ruleset.Ruleset.offers, hand_options): the legal actions, the setup steps,
and plays of cards not yet named.

For an unknown hand card (``None``) the engine offers nothing; :func:`hand_options` names one in a copy
of the state, asks the engine what that card could do (canonical payments, first targets), and checks
each offer on the real state, where playing it identifies the card. When no canonical payment exists
(the payment itself needs unknown cards) the plain play is offered with an empty payment to complete.
"""

from __future__ import annotations

from typing import Any

from engine.pm import stats
from engine.pm.actions import apply_action
from engine.pm.legal import actor, candidates, is_legal, legal_actions, settled
from engine.pm.state import GameState
from engine.rulings import IllegalAction, NullTrail

Action = dict[str, Any]
HAND_PLAYS = ("summon", "level_up", "set_support", "play_event", "backup")


def setup_actions(g: GameState) -> list[Action]:
    """The legal setup steps (the engine's generator starts at turn 1): shuffles (order unknown), keep, redraw."""
    if g.phase != "setup":
        return []
    tries = [{"type": kind, "p": p} for kind in ("shuffle", "keep", "redraw") for p in (0, 1)]
    return [a for a in tries if is_legal(g, a)]


#: the most passes one shortcut takes (a turn ends in far fewer when nothing else is wanted)
MAX_PASSES = 12


def offers(g: GameState) -> dict[str, Any]:
    """``actor``, ``actions`` (legal now), ``unknown`` (unknown cards in each hand), ``hand_play`` (the player who
    could play a card from hand that is not named yet, or None), ``discard_unknown`` (per player, the cards face up
    in the discard nobody named: they were face down under a Chara that left, named by an ``identify`` of zone
    ``discard`` whenever the recorder can tell them), ``costs`` (per action, the usage cost its payment
    must cover, None without one) and ``shortcuts``: runs of passes for one tap, ``{"kind": "both_pass" |
    "end_turn", "actions"}`` (both players pass and the window closes; passes, and no approach, until the next turn
    starts); ``about`` (per action, the effect a ``trigger``/``use_effect`` uses, in words, and its card's text)."""
    now = settled(g)
    who = actor(g)
    actions = legal_actions(g) or setup_actions(g)
    unknown = [sum(c is None for c in p.hand) for p in now.players]
    window = who is not None and now.priority == who and not now.pending_triggers
    shortcuts = []
    if any(a["type"] == "pass" for a in actions):
        both = _passes(g, until_turn=False)
        if both:
            shortcuts.append({"kind": "both_pass", "actions": both})
        ending = _passes(g, until_turn=True)
        if ending and ending != both:
            shortcuts.append({"kind": "end_turn", "actions": ending})
    return {"actor": who, "actions": actions, "unknown": unknown,
            "hand_play": who if window and unknown[who] else None,
            "discard_unknown": [p.discard.count(None) for p in now.players],
            "costs": [cost_of(now, a) for a in actions], "about": [about(now, a) for a in actions],
            "shortcuts": shortcuts}


TRIGGER_WORDS = {
    "enter": "when it enters", "approach": "when it approaches", "interfered": "when it is interfered with",
    "turn_start": "at turn start", "turn_end": "at turn end", "leave": "when it leaves", "delayed": "later, as set up",
    "gave_point": "when it gives a point", "eliminated_opponent": "when it eliminates an opponent",
    "paid_for_text": "when paid for a named card",
    "paid_for_play": "when paid for playing a named card", "opp_event": "when the opponent plays an Event",
    "point_by_approach": "when a point is given by its approach", "rested": "when it is rested",
    "set": "when it is set", "main_start": "at the start of its player's Main Phase",
    "milled": "when it is put from the deck into the discard", "own_turn_end": "at the end of its player's turn",
    "to_point": "when it is put into its player's Point Zone face up",
    "supported": "when a Support card is set on it", "interfering": "when it interferes",
}


def trigger_words(trigger: str | None) -> str:
    """A trigger in words ("other_enter|interfered" -> "when another enters or when it is interfered with")."""
    if not trigger:
        return "when it fires"
    out = []
    for part in trigger.split("|"):
        base = part.removeprefix("other_").removeprefix("any_")
        words = TRIGGER_WORDS.get(base, base.replace("_", " "))
        if part != base:
            words = words.replace("it ", "another card " if part.startswith("other_") else "any card ", 1)
        out.append(words)
    return " or ".join(out)


def about(g: GameState, action: Action) -> dict[str, Any] | None:
    """For an effect's action (``trigger``, ``use_effect``): which effect, in words, and the card's text when the
    card data has it; None for other actions."""
    if action["type"] not in ("trigger", "use_effect") or action.get("card") is None:
        return None
    card = g.card(action["card"])
    effects = card.automatic() if action["type"] == "trigger" else card.activated()
    index = action.get("effect", 0)
    if not 0 <= index < len(effects):
        return None
    eff = effects[index]
    if action["type"] == "trigger":
        words = f"automatic effect {index}: {trigger_words(eff.trigger)}"
    else:
        words = f"activated effect {index}: cost {eff.cost}{' and rest it' if eff.rest else ''}"
    flags = [w for w, on in (("optional", eff.optional), ("once per turn", eff.once_per_turn)) if on]
    text = card.text if card.text and card.text.strip() not in ("", "-") else None
    return {"effect": words + (f" ({', '.join(flags)})" if flags else ""), "text": text}


def cost_of(g: GameState, action: Action) -> int | None:
    """The usage cost an action's payment must cover (Rule Book P11-12), None when it pays nothing."""
    if "pay" not in action:
        return None
    card = action.get("card")
    if action["type"] in HAND_PLAYS and card is not None:
        return stats.hand_cost(g, action["p"], card)
    if action["type"] == "use_effect" and card is not None:
        effects = g.card(card).activated()
        return effects[action["effect"]].cost if 0 <= action["effect"] < len(effects) else None
    return None


def _passes(g: GameState, *, until_turn: bool) -> list[Action]:
    """The passes, each by the player the game then waits for, that close the window (two, by both players) or,
    ``until_turn``, that reach the next turn (ending the Approach Phase without approaching, Rule Book P13); []
    when neither is legal on the way (a decision is due)."""
    state = g.clone()
    start = settled(state).turn
    out: list[Action] = []
    for _ in range(MAX_PASSES):
        who = actor(state)
        if who is None:
            return []
        for step in ({"type": "pass", "p": who}, *([{"type": "end_approach", "p": who}] if until_turn else [])):
            try:
                apply_action(state, step, NullTrail())
                break
            except IllegalAction:
                continue
        else:
            return []
        out.append(step)
        if not until_turn and len(out) == 2:
            return out if out[0]["p"] != out[1]["p"] else []  # two passes in a row by both: the window closes
        if until_turn and settled(state).turn != start:
            return out
    return []


def hand_options(g: GameState, p: int, card: str) -> list[dict[str, Any]]:
    """Ways ``p`` could play ``card`` from an unknown hand card now: ``{"action", "cost", "legal"}`` each.

    Raises ``IllegalAction`` when the card cannot be in that hand (``identify.count``, ``identify.zone``).
    """
    now = settled(g)
    probe = now.clone()
    apply_action(probe, {"type": "identify", "p": p, "zone": "hand", "cards": [card]}, NullTrail())
    cost = stats.hand_cost(probe, p, card)
    found = [a for a in candidates(probe) if a.get("p") == p and a.get("card") == card and a["type"] in HAND_PLAYS]
    if not any("pay" in a for a in found):
        found.extend(_unpaid(probe, p, card))
    return [{"action": a, "cost": cost if "pay" in a else 0, "legal": is_legal(g, a)} for a in found]


def _unpaid(g: GameState, p: int, card: str) -> list[Action]:
    """Plays of ``card`` with a payment left to name (none could be made of known cards)."""
    c = g.card(card)
    me = g.players[p]
    if c.type == "chara":
        return [{"type": "summon", "p": p, "card": card, "area": area, "pay": []}
                for area in (("main", "support") if c.has_stats else ("support",))]
    if c.type == "support":
        return [{"type": "set_support", "p": p, "card": card, "on": x.card, "pay": []} for x in me.area()]
    if c.type == "event":
        return [{"type": "play_event", "p": p, "card": card, "pay": []}]
    return []


__all__ = ["HAND_PLAYS", "IllegalAction", "hand_options", "offers", "setup_actions"]
