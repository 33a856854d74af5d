"""Self-play: policies choose among legal actions; games are written as pmemo-log actions.

Scripted effects are played for real: the engine's legal actions name an effect's targets and the
first option at each of its decisions; :func:`effect_variants` adds other targets, cards picked and
modes, each confirmed legal by the engine, so the policies choose among them too (:func:`choose`); the
opponent may answer with a [Decline] card or effect (:func:`with_response`); a deck an effect shuffles
gets a recorded order (:func:`with_shuffle_order`). :func:`random_deck` builds a legal deck from a
set's cards, so self-play can reach every card of the set.

Randomness comes only from the ``random.Random`` passed in, so a seed gives the
same game every time.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

from engine.pm import stats
from engine.pm.actions import apply_action
from engine.pm.cards import CardDB, base_id
from engine.pm.legal import Action, actor, candidates, canonical_payment, is_legal, opponent_variants, replaceable
from engine.pm.play import free_entry
from engine.pm.ruleset import PreciousMemories
from engine.pm.state import GameState
from engine.pm.turns import turn_end_waits
from engine.rulings import IllegalAction, NullTrail, Trail

Policy = Callable[[GameState, list[Action], random.Random], Action]
MAX_ACTIONS = 4000
EFFECT_ACTIONS = frozenset({"use_effect", "trigger", "play_event", "backup", "break"})
#: variants tried per effect action (only the ones the engine accepts are offered)
VARIANTS = 4
#: actions the opponent may answer with a [Decline] card or effect (a response)
ANSWERABLE = frozenset({"play_event", "use_effect", "summon", "backup"})


#: usage costs of a Chara counted as cheap by the mulligan rule of thumb
_CHEAP: Final[frozenset[int | None]] = frozenset({0, 1, 2})


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
    max_actions: int = MAX_ACTIONS,
) -> dict[str, Any]:
    """Play one game (at most ``max_actions`` actions: a game cut short has no result); return the pmemo-log
    document (every pass written)."""
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
        hand_value = sum(1 for c in g.players[i].hand if cards.get(c).type == "chara" and cards.get(c).cost in _CHEAP)
        push({"type": "redraw" if hand_value < 2 and rng.random() < 0.8 else "keep", "p": i})
    while g.result is None and len(actions) < max_actions:
        chosen = choose(g, policies, rng)
        if chosen is None and turn_end_waits(g):
            rules.settle(g, Trail())  # the next turn's start ends the game: nothing more to log
            continue
        if chosen is None:
            raise RuntimeError(f"no legal action at turn {g.turn}, phase {g.phase}, step {g.step}")
        if chosen["type"] in EFFECT_ACTIONS and chosen.get("choices"):
            chosen = with_opponent_choice(g, chosen, policies[1 - chosen["p"]], rng)
        if chosen["type"] in ANSWERABLE:
            chosen = with_response(g, chosen, policies[1 - chosen["p"]], rng)
        push(with_shuffle_order(g, chosen, rng) if chosen["type"] in EFFECT_ACTIONS else chosen)
    return {"format": "pmemo-log", "version": 1, "game": header, "actions": actions}


def choose(g: GameState, policies: Sequence[Policy], rng: random.Random) -> Action | None:
    """The acting player's policy's choice among the legal actions (None when there is none).

    The built-in policies rank the engine's candidate actions and take the first one the engine accepts
    (the same choice as ranking the confirmed legal actions, at a fraction of the checks); any other
    policy is given every legal action with their effect variants. When the chosen action is an effect
    with targets or decisions, the policy chooses again among its legal variants (:func:`effect_variants`):
    the random policy uniformly, the greedy one by the state each variant leads to (:func:`outcome_value`).
    """
    cands = [*candidates(g), *free_entry_summons(g)]
    if not cands:
        return None
    who = actor(g)
    policy = policies[who if who is not None else cands[0].get("p", 0)]
    rank = _RANKINGS.get(policy)
    if rank is None:
        options = [a for a in cands if is_legal(g, a)]
        return policy(g, options + effect_variants(g, options, rng), rng) if options else None
    chosen = next((a for a in rank(g, cands, rng) if is_legal(g, a)), None)
    if chosen is None or chosen["type"] not in EFFECT_ACTIONS or not (chosen.get("targets") or chosen.get("choices")):
        return chosen
    options = [chosen, *effect_variants(g, [chosen], rng)]
    if policy is random_policy:
        return rng.choice(options)
    return max(options, key=lambda a: (outcome_value(g, a), rng.random()))


def free_entry_summons(g: GameState) -> list[Action]:
    """Summons outside the own Main Phase that a card's 〔自由登場〕 (or a text granting it) allows, for the player
    holding the right in a window (the engine's candidates offer summons in the own Main Phase only)."""
    p = g.priority
    if p is None or g.pending_triggers or (p == g.turn_player and g.phase == "main"):
        return []
    me = g.players[p]
    out: list[Action] = []
    for cid in dict.fromkeys(c for c in me.hand if c is not None):
        card = g.card(cid)
        if card.type != "chara" or not free_entry(g, p, card):
            continue
        pay = canonical_payment(g, p, stats.hand_cost(g, p, cid), card, exclude=cid)
        if pay is None:
            continue
        for area in ("main", "support") if card.has_stats else ("support",):
            action: Action = {"type": "summon", "p": p, "card": cid, "area": area, "pay": pay}
            if area == "main" and len(me.main) >= 5:
                weakest = replaceable(g, me.main)
                if weakest is None:
                    continue
                action["replace"] = weakest.card
            out.append(action)
    return out


def responses(g: GameState, a: Action) -> list[Action]:
    """``a`` answered by each [Decline] Event in the opponent's hand or [Decline] effect on the opponent's Area
    that the engine accepts (with a canonical payment; the response's decisions as the legal actions take them)."""
    r = 1 - a["p"]
    me = g.players[r]
    answers: list[Action] = []
    for cid in dict.fromkeys(c for c in me.hand if c is not None):
        card = g.card(cid)
        if card.type == "event" and card.timing is not None and card.timing.side == "decline":
            pay = canonical_payment(g, r, stats.hand_cost(g, r, cid), card, exclude=cid)
            if pay is not None:
                answers.append({"type": "play_event", "p": r, "card": cid, "pay": pay})
    for c in me.area():
        for idx, eff in enumerate(g.card(c.card).activated()):
            if eff.scripted and eff.timing is not None and eff.timing.side == "decline":
                pay = canonical_payment(g, r, eff.cost, None)
                if pay is not None:
                    answers.append({"type": "use_effect", "p": r, "card": c.card, "effect": idx, "pay": pay,
                                    **({"rest": True} if eff.rest else {})})
    out = []
    for resp in answers:
        answered = {**a, "responses": [resp]}
        if is_legal(g, answered):
            out.append(answered)
    return out


def with_response(g: GameState, a: Action, policy: Policy, rng: random.Random) -> Action:
    """``a``, or ``a`` answered by the opponent when it has a [Decline] answer and its policy takes one: the random
    policy half the time, the greedy one when the answer leaves it better off (:func:`outcome_value`)."""
    options = responses(g, a)
    if not options:
        return a
    if policy is random_policy:
        return rng.choice(options) if rng.random() < 0.5 else a
    if policy is greedy_policy:
        best = max(options, key=lambda x: -outcome_value(g, x))
        return best if -outcome_value(g, best) > -outcome_value(g, a) else a
    return policy(g, [a, *options], rng)


def with_opponent_choice(g: GameState, a: Action, policy: Policy, rng: random.Random) -> Action:
    """``a`` with the Charas its effect leaves the opponent to choose among their own (相手は、自分のキャラ1枚を…:
    ``chosen_by``) chosen by the opponent's policy: the random one uniformly, the greedy one the choice that leaves
    the effect's player worst off (:func:`outcome_value`)."""
    options = [a, *(v for v in opponent_variants(g, a) if is_legal(g, v))]
    if len(options) == 1:
        return a
    if policy is random_policy:
        return rng.choice(options)
    if policy is greedy_policy:
        return min(options, key=lambda x: (outcome_value(g, x), rng.random()))
    return policy(g, options, rng)


def _random_order(g: GameState, cands: list[Action], rng: random.Random) -> list[Action]:
    order = list(cands)
    rng.shuffle(order)
    return order


def _greedy_order(g: GameState, cands: list[Action], rng: random.Random) -> list[Action]:
    keyed = [(_score(g, a), rng.random(), i) for i, a in enumerate(cands)]
    return [cands[i] for _, _, i in sorted(keyed, reverse=True)]


_RANKINGS: dict[Policy, Callable[[GameState, list[Action], random.Random], list[Action]]] = {
    random_policy: _random_order, greedy_policy: _greedy_order,
}


def outcome_value(g: GameState, a: Action) -> float:
    """How good the state after ``a`` is for the player who takes it: Area strength, cards in hand, rested
    opposing Charas and points, each side against the other (the greedy policy's view of an effect)."""
    me = a.get("p", 0)
    after = g.clone()
    apply_action(after, a, NullTrail())

    def side(p: int) -> float:
        pl = after.players[p]
        area = sum(sum(stats.ap_dp(after, c)) for c in pl.main)
        return area + 15 * len(pl.hand) + 20 * sum(not c.rested for c in pl.main) - 60 * len(pl.points)

    return side(me) - side(1 - me)


def effect_variants(g: GameState, actions: list[Action], rng: random.Random, tries: int = VARIANTS) -> list[Action]:
    """Other targets, picked cards and modes for the effect actions among ``actions``, confirmed legal.

    The engine's legal actions take the first option at each decision of an effect; here up to ``tries``
    changed copies of each (another target or a null one, another card or none picked, another mode) are tried on a
    copy of the game, and the ones it accepts are returned (no duplicates of ``actions``).
    """
    seen = {_key(a) for a in actions}
    out: list[Action] = []
    for a in actions:
        if a["type"] not in EFFECT_ACTIONS or not ("choices" in a or len(a.get("targets", ())) > 0):
            continue
        for _ in range(tries):
            v = _vary(g, a, rng)
            if v is None or _key(v) in seen:
                continue
            seen.add(_key(v))
            if is_legal(g, v):
                out.append(v)
    return out


def _key(a: Action) -> str:
    return repr(sorted(a.items()))


def _vary(g: GameState, a: Action, rng: random.Random) -> Action | None:
    """One random change to an effect action's targets or choices (None when it has nothing to change)."""
    parts = [k for k in ("targets", "choices") if a.get(k)]
    if not parts:
        return None
    part = rng.choice(parts)
    if part == "targets":
        charas = [{"p": c.owner, "card": c.card} for pl in g.players for c in pl.area()]
        targets = list(a["targets"])
        i = rng.randrange(len(targets))
        roll = rng.random() if len(targets) > 1 else 1.0
        if roll < 0.3:
            rng.shuffle(targets)
        elif roll < 0.45:  # one left out, later ones named (a target only a mode not chosen uses)
            targets[i] = None
        elif charas:
            targets[i] = rng.choice(charas)
        return {**a, "targets": targets}
    choices = list(a["choices"])
    i = rng.randrange(len(choices))
    entry = choices[i]
    if isinstance(entry, bool):  # an optional step: done or left out
        choices[i] = not entry
    elif isinstance(entry, int):
        choices[i] = rng.randrange(max(entry + 2, 3))
    elif isinstance(entry, list) and entry and all(isinstance(x, int) for x in entry):
        choices[i] = rng.sample(range(max(max(entry) + 2, len(entry) + 1)), len(entry))
    elif isinstance(entry, list):
        pool = _zone_cards(g)
        roll = rng.random()
        if entry and roll < 0.3:
            choices[i] = []
            del choices[i + 1:]  # what follows a pick of nothing is not asked
        elif entry and pool and roll < 0.8:
            changed = list(entry)
            changed[rng.randrange(len(changed))] = rng.choice(pool)
            choices[i] = changed
        elif pool:
            choices[i] = [*entry, rng.choice(pool)]
    else:
        return None
    return {**a, "choices": choices}


def _zone_cards(g: GameState) -> list[str]:
    """The known cards of both players' hands, discards, EX decks, Point Zones and decks (what a pick may name)."""
    out: set[str] = set()
    for pl in g.players:
        out.update(c for c in (*pl.hand, *pl.discard, *pl.ex_deck, *pl.deck) if c is not None)
        out.update(c for c, _ in pl.points if c is not None)
    return sorted(out)


def random_deck(cards: CardDB, rng: random.Random, pool: Sequence[str], kinds: int = 15) -> tuple[list[str], list[str]]:
    """A legal deck from ``pool`` (card ids): ``kinds`` different non-EX cards (parallels count as their card)
    four times each, 60 cards; and an EX deck of 15 EX cards (five different ones, three copies each)."""
    main_pool = sorted({base_id(c) for c in pool if not cards.get(c).ex})
    ex_pool = sorted({base_id(c) for c in pool if cards.get(c).ex})
    if len(main_pool) < kinds or kinds * 4 != 60:
        raise ValueError(f"a 60-card deck needs {kinds} different cards four times each")
    main = [c for c in rng.sample(main_pool, kinds) for _ in range(4)]
    ex = [c for c in rng.sample(ex_pool, min(5, len(ex_pool))) for _ in range(3)]
    return main, ex


def with_shuffle_order(g: GameState, a: Action, rng: random.Random) -> Action:
    """``a`` with the order of the deck its effect shuffles, so the deck stays known (a self-play log names it).

    The action is tried on a copy: when a deck that was known ends unknown, its cards are the player's cards
    that are nowhere else afterwards; a random order of them is given as a ``{"order": [...]}`` choice, at the
    first position (from the last) the engine accepts that leaves the deck known.
    """
    g2 = g.clone()
    apply_action(g2, a, NullTrail())
    lost = [p for p in (0, 1) if None in g2.players[p].deck and None not in g.players[p].deck]
    if not lost:
        return a
    p = lost[0]
    order = list((_cards(g.players[p]) - _cards(g2.players[p], with_deck=False)).elements())
    rng.shuffle(order)
    choices = list(a.get("choices", ()))
    for pos in range(len(choices), -1, -1):
        v = {**a, "choices": [*choices[:pos], {"order": order}, *choices[pos:]]}
        g3 = g.clone()
        try:
            apply_action(g3, v, NullTrail())
        except IllegalAction:
            continue
        if None not in g3.players[p].deck:
            return v
    return a


def _cards(pl: Any, *, with_deck: bool = True) -> Counter[str]:
    """Every known card a player owns, wherever it is (the deck left out unless ``with_deck``)."""
    out: Counter[str] = Counter(c for c in (*pl.hand, *pl.discard, *pl.ex_deck, *pl.removed) if c is not None)
    out.update(c for c, _ in pl.points if c is not None)
    for c in pl.area():
        out.update([c.card, *c.stack, *(s.card for s in c.supports), *(x for x in c.under if x is not None)])
    if with_deck:
        out.update(c for c in pl.deck if c is not None)
    return out
