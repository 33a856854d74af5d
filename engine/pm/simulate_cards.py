"""Self-play on any card folder: legal decks built per set (or deck lists given), played with the effects the card
data carries (compiled from the text, or hand scripts where the project has them), each log re-checked by the fold.

A game that raises (an engine bug, or no legal action offered) counts as a crash; a log the fold refuses counts as
an illegal game. The effects used are counted by action, and those whose script the compiler made (``compiled``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.fold import fold
from engine.pm import script
from engine.pm.cards import Card, CardDB, Effect, base_id
from engine.pm.selfplay import EFFECT_ACTIONS, greedy_policy, play_game, random_deck, random_policy
from engine.ruleset import Deck

#: policies by game number: greedy and random on both sides, and mixed
PAIRS = ((greedy_policy, greedy_policy), (random_policy, random_policy), (greedy_policy, random_policy),
         (random_policy, greedy_policy))
MAX_ACTIONS = 300
MAIN_SIZE, KINDS = 60, 15


class DeckListError(ValueError):
    """A ``--decks`` file that cannot be used (unreadable, badly formed, or naming cards the folder lacks)."""


@dataclass
class Tally:
    """What a batch of simulated games did."""

    games: int = 0
    ended: int = 0
    actions: int = 0
    crashes: list[tuple[int, str]] = field(default_factory=list)
    illegal: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    per_set: Counter[str] = field(default_factory=Counter)
    effect_uses: int = 0
    compiled_uses: int = 0
    compiled_used: set[str] = field(default_factory=set)

    def summary(self, compiled_total: int) -> dict[str, Any]:
        return {"games": self.games, "ended": self.ended, "actions": self.actions, "crashes": len(self.crashes),
                "illegal": len(self.illegal), "per_set": dict(sorted(self.per_set.items())),
                "effect_uses": self.effect_uses, "compiled_uses": self.compiled_uses,
                "compiled_effects_used": len(self.compiled_used), "compiled_effects": compiled_total,
                "first_crashes": self.crashes[:5], "first_illegal": self.illegal[:5]}


def set_pools(cards: CardDB) -> dict[str, list[str]]:
    """Card ids by set, for the sets that can make a legal deck (15 different non-EX cards)."""
    pools: dict[str, list[str]] = {}
    for c in cards:
        pools.setdefault(c.set_code, []).append(c.id)
    return {s: ids for s, ids in sorted(pools.items())
            if len({base_id(i) for i in ids if not cards.get(i).ex}) >= KINDS}


def read_deck_lists(doc: Any, path: str, cards: CardDB) -> tuple[Deck, ...]:
    """Deck lists from a decoded JSON file ``path``: a list of ``{"name", "main": [60 ids], "ex": [ids]}`` (or
    ``{"decks": [...]}``)."""
    items = doc.get("decks") if isinstance(doc, Mapping) else doc
    if not isinstance(items, list) or not items:
        raise DeckListError(f"{path}: expected a non-empty list of decks (or {{\"decks\": [...]}})")
    out = []
    for i, d in enumerate(items):
        if not isinstance(d, Mapping) or not isinstance(d.get("main"), list):
            raise DeckListError(f"{path}: deck {i} has no 'main' list of card ids")
        main, ex = [str(c) for c in d["main"]], [str(c) for c in d.get("ex", [])]
        unknown = sorted({c for c in (*main, *ex) if c not in cards})
        if unknown:
            raise DeckListError(f"{path}: deck {i} names cards the card folder lacks: {', '.join(unknown[:5])}")
        if len(main) != MAIN_SIZE:
            raise DeckListError(f"{path}: deck {i} has {len(main)} main cards; it must have {MAIN_SIZE}")
        out.append(Deck(f"deck-{i}", str(d.get("name", f"deck {i}")), tuple(main), tuple(ex)))
    return tuple(out)


def used_effect(card: Card, action: Mapping[str, Any]) -> Effect | None:
    """The effect an effect action uses (a trigger's automatic or delayed effect, an activated one, an Event's,
    a Backup), or None."""
    kind, idx = action["type"], action.get("effect", 0)
    if kind == "backup":
        return card.backup
    if kind == "trigger":
        autos = card.automatic()
        slots = script.delayed_slots(card)
        return autos[idx] if idx < len(autos) else slots[idx - len(autos)] if idx - len(autos) < len(slots) else None
    if kind == "use_effect":
        acts = card.activated()
        return acts[idx] if idx < len(acts) else None
    return card.effects[0] if card.effects else None  # an Event's effect (played or by 〔ブレイク〕)


def _with_responses(actions: Sequence[Mapping[str, Any]]) -> Iterator[Mapping[str, Any]]:
    for a in actions:
        yield a
        yield from _with_responses(a.get("responses", ()))


def _decks_for(i: int, rng: random.Random, cards: CardDB, pools: dict[str, list[str]],
               decks: tuple[Deck, ...] | None) -> tuple[str, list[list[str]], list[list[str]]]:
    if decks:
        a, b = rng.choice(decks), rng.choice(decks)
        return "decks", [list(a.main), list(b.main)], [list(a.ex), list(b.ex)]
    sets = sorted(pools)
    name = sets[i % len(sets)]  # the sets in turn: each gets its share of the games
    (ma, ea), (mb, eb) = random_deck(cards, rng, pools[name]), random_deck(cards, rng, pools[name])
    return name, [ma, mb], [ea, eb]


def _game_start(i: int, seed: int, cards: CardDB, pools: dict[str, list[str]], decks: tuple[Deck, ...] | None
                ) -> tuple[random.Random, str, list[list[str]], list[list[str]]]:
    rng = random.Random(f"{seed}:{i}")  # each game a generator of its own: game i is played alone the same
    return rng, *_decks_for(i, rng, cards, pools, decks)


def play_one(cards: CardDB, i: int, seed: int = 0, *, decks: tuple[Deck, ...] | None = None,
             max_actions: int = MAX_ACTIONS) -> dict[str, Any]:
    """Game ``i`` of :func:`simulate`'s run with ``seed``, played alone: its log."""
    rng, _, main, ex = _game_start(i, seed, cards, set_pools(cards), decks)
    return play_game(cards, main, rng, policies=PAIRS[i % len(PAIRS)], ex_decks=ex, max_actions=max_actions)


def simulate(cards: CardDB, games: int, seed: int = 0, *, decks: tuple[Deck, ...] | None = None,
             max_actions: int = MAX_ACTIONS, logs: list[dict[str, Any]] | None = None) -> Tally:
    """Play ``games`` games on ``cards`` (decks built per set in turn, or drawn from ``decks``) and re-check each
    log; the logs are appended to ``logs`` when given."""
    pools = set_pools(cards)
    if not decks and not pools:
        raise DeckListError("no set in the card folder has 15 different non-EX cards to build a deck from")
    tally = Tally()
    for i in range(games):
        rng, name, main, ex = _game_start(i, seed, cards, pools, decks)
        try:
            doc = play_game(cards, main, rng, policies=PAIRS[i % len(PAIRS)], ex_decks=ex, max_actions=max_actions)
        except Exception as err:  # any failure of the engine is what this run counts
            tally.crashes.append((i, f"{type(err).__name__}: {err}"))
            continue
        res = fold(doc["game"], doc["actions"], cards, keep_trails=False)
        if res.ruling is not None:
            tally.illegal.append((i, res.ruling.to_json()))
        tally.games += 1
        tally.per_set[name] += 1
        tally.ended += res.result is not None
        tally.actions += len(doc["actions"])
        for a in _with_responses(doc["actions"]):
            if a["type"] not in EFFECT_ACTIONS:
                continue
            eff = used_effect(cards.get(a["card"]), a)
            tally.effect_uses += 1
            if eff is not None and eff.compiled:
                tally.compiled_uses += 1
                tally.compiled_used.add(f"{base_id(a['card'])}#{a['type']}:{a.get('effect', 0)}")
        if logs is not None:
            logs.append(doc)
    return tally


def compiled_effects(cards: CardDB) -> int:
    """How many effects of the cards carry a compiled script."""
    return sum(1 for c in cards for e in (*c.effects, *([c.backup] if c.backup else [])) if e.compiled and e.scripted)


def check_by_play(cards: CardDB, games: int, seed: int = 0, *, decks: Any = None, decks_source: str = "decks",
                  max_actions: int | None = None, logs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """:func:`simulate` and its :meth:`Tally.summary` (``decks``: a decoded deck-list file, or None to build decks
    per set); ``DeckListError`` for decks that cannot be used."""
    lists = read_deck_lists(decks, decks_source, cards) if decks is not None else None
    tally = simulate(cards, games, seed, decks=lists, max_actions=max_actions or MAX_ACTIONS, logs=logs)
    return tally.summary(compiled_effects(cards))
