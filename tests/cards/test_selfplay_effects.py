"""Self-play plays the real MHK effects: games with MHK decks (300 in the suite, 1,000 in
benchmarks/selfplay_long.py), every log re-checked by the fold with no illegal action, and the scripted effects
actually used (targets, picks and modes chosen by the policies).

Games: a quarter between the bundled MHK decks, the rest between random legal decks of the 170 MHK cards (so
every card can come up); policies greedy/greedy, random/random and mixed. Each game is bounded to
``MAX_ACTIONS`` actions (a game cut short is still re-checked, its prefix must be legal) and the games are
played in two processes (the machine has two cores), like tests/tablelogs' redacted self-play games.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.fold import fold
from engine.pm.cards import base_id
from engine.pm.selfplay import EFFECT_ACTIONS, greedy_policy, play_game, random_deck, random_policy
from pmemo_replay.cards import bundled_cards
from pmemo_replay.decks import bundled_decks

GAMES = 300  # in the suite; benchmarks/selfplay_long.py plays 1,000
MAX_ACTIONS = 120
PARTS = 2
PAIRS = ((greedy_policy, greedy_policy), (random_policy, random_policy), (greedy_policy, random_policy),
         (random_policy, greedy_policy))


def _game(i: int) -> tuple[dict[str, Any], list[str]]:
    """Game ``i``: its log and the cards of both decks."""
    cards = bundled_cards()
    rng = random.Random(i)
    if i % 4 == 0:
        mhk = [d for d in bundled_decks() if all(c.startswith("MHK ") for c in d.main)]
        a, b = rng.choice(mhk), rng.choice(mhk)
        decks, ex = [list(a.main), list(b.main)], [list(a.ex), list(b.ex)]
    else:
        pool = [c.id for c in cards if c.set_code == "MHK"]
        (ma, ea), (mb, eb) = random_deck(cards, rng, pool), random_deck(cards, rng, pool)
        decks, ex = [ma, mb], [ea, eb]
    doc = play_game(cards, decks, rng, policies=PAIRS[(i // 4) % 4], ex_decks=ex, max_actions=MAX_ACTIONS)
    return doc, [*decks[0], *decks[1], *ex[0], *ex[1]]


def _play_part(part: int, games: int = GAMES) -> dict[str, Any]:
    """Play and re-check every ``PARTS``-th game of the first ``games`` from ``part``."""
    cards = bundled_cards()
    out: dict[str, Any] = {"games": 0, "ended": 0, "actions": 0, "illegal": [], "stuck": [], "uses": Counter(),
                           "seen": set(), "seconds": 0.0}
    start = time.perf_counter()
    for i in range(part, games, PARTS):
        try:
            doc, deck_cards = _game(i)
        except RuntimeError as err:  # the engine offered no legal action: a stuck game
            out["stuck"].append((i, str(err)))
            continue
        res = fold(doc["game"], doc["actions"], cards, keep_trails=False)
        if res.ruling is not None:
            out["illegal"].append((i, res.ruling.to_json()))
        out["games"] += 1
        out["ended"] += res.result is not None
        out["actions"] += len(doc["actions"])
        out["seen"].update(base_id(c) for c in deck_cards)
        out["uses"].update(base_id(a["card"]) for a in _with_responses(doc["actions"]) if a["type"] in EFFECT_ACTIONS)
    out["seconds"] = time.perf_counter() - start
    return out


def _with_responses(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions and, after each, the responses it holds (a [Decline] answer is a use of an effect too)."""
    return [x for a in actions for x in (a, *_with_responses(a.get("responses", [])))]


def _used_effect_cards() -> set[str]:
    """MHK cards with a scripted effect that an action uses (activated, automatic, an Event's, a Backup)."""
    out = set()
    for card in bundled_cards():
        if card.set_code != "MHK":
            continue
        effects = [e for e in card.effects if e.kind != "continuous" or card.type == "event"]
        if card.backup is not None:
            effects.append(card.backup)
        if any(e.scripted for e in effects):
            out.add(card.id)
    return out


def test_mhk_games_play_real_effects_legally() -> None:
    play_mhk_games(GAMES)


def play_mhk_games(games: int) -> str:
    """Play and re-check ``games`` MHK self-play games in ``PARTS`` processes; the figures as a line of text."""
    start = time.perf_counter()
    with ProcessPoolExecutor(PARTS) as pool:
        parts = list(pool.map(_play_part, range(PARTS), [games] * PARTS))
    wall = time.perf_counter() - start
    stuck = [s for p in parts for s in p["stuck"]]
    illegal = [x for p in parts for x in p["illegal"]]
    assert not stuck, f"{len(stuck)} game(s) with no legal action (engine): {stuck[:5]}"
    assert not illegal, f"{len(illegal)} game(s) with an illegal action: {illegal[:3]}"
    assert sum(p["games"] for p in parts) == games
    uses: Counter[str] = sum((p["uses"] for p in parts), Counter())
    seen = set().union(*(p["seen"] for p in parts))
    effect_cards = _used_effect_cards() & seen
    used = {c for c in effect_cards if uses[c] > 0}
    share = len(used) / len(effect_cards)
    figures = (f"{games} MHK self-play games in {wall:.1f} s ({games / wall:.1f} games/s, {PARTS} processes), "
               f"{sum(p['ended'] for p in parts)} ended, {sum(p['actions'] for p in parts)} actions; "
               f"{sum(uses.values())} effect uses; {len(used)}/{len(effect_cards)} cards with a scripted effect used "
               f"({share:.0%}); never used: {sorted(effect_cards - used)}")
    print("\n" + figures)
    assert sum(uses.values()) > games, "effects are used often"
    assert share >= 0.75, f"only {len(used)}/{len(effect_cards)} effect cards were used: {sorted(effect_cards - used)}"
    assert sum(p["ended"] for p in parts) > games // 20, "some games end within the bound"
    return figures
