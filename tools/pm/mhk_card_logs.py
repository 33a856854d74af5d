"""Write fixtures/cards/mhk-logs/: for every MHK card with an effect, a legal log that uses it and illegal variants.

Self-play (engine/pm/selfplay.py, the real scripted effects, decks built around the cards not covered yet) runs
until every scripted effect has been used. For each card the shortest prefix of a game ending with a use of one
of its effects is kept as the legal log; its last action is written with the ``ops`` the engine computed (so a
test can check that the state changed as they say). A card whose effects are all continuous gets the shortest
prefix after which the game differs from the same game with that card's scripts left out (the printed bonus is
in force, or a cost it lowers was paid). Illegal variants are mutations of the last action, each kept only when
the engine rules as the mutation intends:

- ``effect.result``: the ops changed (one value off, or an op added) and the choices dropped;
- ``effect.target``: a target or a picked card replaced by one the effect cannot take;
- ``effect.once``: a once-per-turn effect used (or its trigger logged) a second time;
- ``cost.amount``: the usage cost left unpaid (an uncoloured amount, rules.md); ``effect.cost``: a
  ``[Name]▶`` cost paid with a card of another name, or a 《休》 effect used again later while its card is rested;
- ``timing``: the Event or effect logged at an earlier point where its timing does not allow it;
- a continuous effect has none of these: it cannot be used as an action (``effect.unknown``).

Each file holds card ids and actions only (no card text): ``{"format": "pmemo-card-logs", "card", "game" (the log
header), "legal": {"actions", "predicate"}, "illegal": [{"rule", "index", "keep", "tail"}]}``; an illegal log is
``legal.actions[:keep] + tail``, ruled ``rule`` at ``index``.

Usage: python3 tools/pm/mhk_card_logs.py [--games N] [--seed S]   (deterministic for a seed)
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from engine.fold import fold
from engine.pm import script
from engine.pm.actions import apply_action
from engine.pm.cards import Card, CardDB, base_id
from engine.pm.cards.native import parse_native
from engine.pm.ruleset import PreciousMemories
from engine.pm.selfplay import EFFECT_ACTIONS, greedy_policy, play_game, random_deck, random_policy
from engine.rulings import IllegalAction, NullTrail
from pmemo_replay.cards import bundled_cards

ROOT = Path(__file__).resolve().parents[2]

OUT = ROOT / "fixtures" / "cards" / "mhk-logs"
FACTS = ROOT / "fixtures" / "cards" / "mhk.json"
MAX_ACTIONS = 160


# -- which cards, and what uses them ----------------------------------------------------------------------------


def effect_cards(cards: CardDB) -> dict[str, Card]:
    """MHK cards with at least one effect (their Backup included), by id."""
    return {c.id: c for c in cards if c.set_code == "MHK" and (c.effects or c.backup is not None)}


def actionable(card: Card) -> bool:
    """True when an action uses one of the card's scripted effects (not only continuous ones)."""
    if card.backup is not None and card.backup.scripted:
        return True
    return any(e.scripted and (e.kind != "continuous" or card.type == "event") for e in card.effects)


def without_scripts(cards: CardDB, bare: CardDB, card_id: str) -> CardDB:
    """``cards`` with ``card_id``'s scripts left out (its bare facts)."""
    out = CardDB([c for c in cards if base_id(c.id) != base_id(card_id)], cards.series_groups(), name="bare")
    out.add(bare.get(card_id))
    return out


# -- replaying ------------------------------------------------------------------------------------------------


def states(header: Mapping[str, Any], actions: list[dict[str, Any]], cards: CardDB) -> Iterator[Any]:
    """The state after each action (the same object, advanced; clone to keep one)."""
    g = PreciousMemories().new_state(dict(header), cards)
    for a in actions:
        apply_action(g, a, NullTrail())
        yield g


def state_before(header: Mapping[str, Any], actions: list[dict[str, Any]], cards: CardDB) -> Any:
    g = PreciousMemories().new_state(dict(header), cards)
    for a in actions:
        apply_action(g, a, NullTrail())
    return g


def computed_ops(g: Any, action: dict[str, Any], card_id: str | None = None) -> list[dict[str, Any]] | None:
    """The ops the engine computes for the effect of ``card_id`` (default: the action's card) while ``action``
    is applied (None when no script ran for that card)."""
    runs: list[tuple[str, list[dict[str, Any]]]] = []
    real = script.run

    def spy(*args: Any, **kw: Any) -> Any:
        r = real(*args, **kw)
        runs.append((args[2], copy.deepcopy(r.ops)))
        return r

    script.run = spy  # type: ignore[assignment]
    try:
        apply_action(g.clone(), action, NullTrail())
    finally:
        script.run = real  # type: ignore[assignment]
    mine = [ops for cid, ops in runs if base_id(cid) == base_id(card_id or action["card"])]
    return mine[0] if mine else None


def does_something(g: Any, action: dict[str, Any]) -> bool:
    """True when the action's effect has an outcome (some op besides a shuffle)."""
    ops = computed_ops(g, action)
    return bool(ops) and any(op.get("op") != "shuffle" for op in ops)


def ruling(header: Mapping[str, Any], actions: list[dict[str, Any]], cards: CardDB) -> tuple[str | None, int | None]:
    res = fold(dict(header), actions, cards, keep_trails=False)
    return (res.ruling.rule, res.ruling.index) if res.ruling is not None else (None, None)


# -- the search -------------------------------------------------------------------------------------------------


def decks_for(cards: CardDB, rng: random.Random, wanted: list[str], pool: list[str]) -> tuple[list[str], list[str]]:
    """A legal deck around up to 9 of the ``wanted`` cards (their EX ones in the EX deck), filled from ``pool``."""
    main_wanted = [c for c in wanted if not cards.get(c).ex]
    ex_wanted = [c for c in wanted if cards.get(c).ex]
    picked = rng.sample(main_wanted, min(9, len(main_wanted)))
    others = [c for c in pool if c not in picked and not cards.get(c).ex]
    main_pool = picked + rng.sample(others, 15 - len(picked))
    ex_pool = rng.sample(ex_wanted, min(5, len(ex_wanted)))
    ex_pool += rng.sample([c for c in pool if cards.get(c).ex and c not in ex_pool], 5 - len(ex_pool))
    main, _ = random_deck(cards, rng, main_pool)
    ex = [c for c in ex_pool for _ in range(3)]
    return main, ex


def search(cards: CardDB, bare: CardDB, games: int, seed: int) -> dict[str, dict[str, Any]]:
    """Per card: the shortest legal prefix using its effect: ``{"game", "actions", "predicate"}``."""
    want = effect_cards(cards)
    pool = sorted(want) + sorted(c.id for c in cards if c.set_code == "MHK" and c.id not in want)
    best: dict[str, dict[str, Any]] = {}
    rng = random.Random(seed)
    for i in range(games):
        todo = [c for c in want if c not in best]
        if not todo:
            break
        game_rng = random.Random(rng.getrandbits(64))
        (ma, ea), (mb, eb) = decks_for(cards, game_rng, todo, pool), decks_for(cards, game_rng, todo, pool)
        policies = (greedy_policy, greedy_policy) if i % 3 else (random_policy, greedy_policy)
        try:
            doc = play_game(cards, [ma, mb], game_rng, policies=policies, ex_decks=[ea, eb], max_actions=MAX_ACTIONS)
        except RuntimeError as err:
            print(f"game {i}: {err}", file=sys.stderr)
            continue
        header, actions = doc["game"], doc["actions"]
        g = PreciousMemories().new_state(dict(header), cards)
        for k, a in enumerate(actions):
            cid = a.get("card")
            if a["type"] in EFFECT_ACTIONS and cid in want and actionable(want[cid]) and (
                    cid not in best or len(best[cid]["actions"]) > k + 1) and does_something(g, a):
                best[cid] = {"game": header, "actions": actions[: k + 1], "predicate": {"kind": "ops"}, "rest": actions}
            apply_action(g, a, NullTrail())
        in_decks = {base_id(c) for c in (*ma, *mb, *ea, *eb)}
        for cid in [c for c in todo if c in in_decks and c not in best]:
            answered = response_prefix(header, actions, cards, want[cid])
            if answered is not None:
                best[cid] = {"game": header, "actions": answered, "predicate": {"kind": "response"}}
                continue
            if actionable(want[cid]) and i < games // 2:  # the static part is the fallback, late in the search
                continue
            found = static_prefix(header, actions, cards, without_scripts(cards, bare, cid), cid)
            if found is not None:
                best[cid] = {"game": header, "actions": found[0], "predicate": found[1]}
        if i % 20 == 0:
            print(f"game {i}: {len(best)}/{len(want)} cards covered", file=sys.stderr)
    return best


GRANTS = ("untargetable", "cannot_approach", "cannot_interfere", "free_entry", "active", "not_eliminated")


def observable(g: Any) -> list[Any]:
    """What a continuous effect can change, per Chara on the Areas: AP/DP and the grants in force."""
    from engine.pm import stats

    return [(p, c.card, stats.ap_dp(g, c), tuple(w for w in GRANTS if stats.has_grant(g, c, w)))
            for p in (0, 1) for c in g.players[p].area()]


def static_prefix(header: Mapping[str, Any], actions: list[dict[str, Any]], cards: CardDB, bare: CardDB,
                  cid: str) -> tuple[list[dict[str, Any]], dict[str, Any]] | None:
    """The shortest prefix after which the game with ``cid``'s scripts differs from the one without: the bare
    game rules the last action illegal (a cost the effect lowers), or some Chara's AP/DP or grants differ."""
    g = PreciousMemories().new_state(dict(header), cards)
    h = PreciousMemories().new_state(dict(header), bare)
    for k, a in enumerate(actions):
        apply_action(g, a, NullTrail())
        try:
            apply_action(h, a, NullTrail())
        except IllegalAction as err:
            if a.get("card") == cid:
                return actions[: k + 1], {"kind": "bare_illegal", "rule": err.ruling.rule}
            return None
        if any(c.card == cid for pl in g.players for c in pl.area()) and observable(g) != observable(h):
            return actions[: k + 1], {"kind": "bare_differs"}
    return None


def response_prefix(header: Mapping[str, Any], actions: list[dict[str, Any]], cards: CardDB, card: Card
                    ) -> list[dict[str, Any]] | None:
    """The shortest prefix ending with an Event or effect of the opponent answered by ``card``'s [Decline]
    effect (an Event from the hand, or an effect of the card on the Area), when the engine accepts it."""
    from engine.pm.legal import canonical_payment

    decline = [i for i, e in enumerate(card.activated()) if e.timing is not None and e.timing.side == "decline"]
    is_event = card.type == "event" and card.timing is not None and card.timing.side == "decline"
    if not decline and not is_event:
        return None
    g = PreciousMemories().new_state(dict(header), cards)
    for k, a in enumerate(actions):
        if a["type"] in ("play_event", "use_effect") and k > 4:
            r = 1 - a["p"]
            resp: dict[str, Any] | None = None
            if is_event and card.id in g.players[r].hand:
                pay = canonical_payment(g, r, card.cost, card, exclude=card.id)
                resp = None if pay is None else {"type": "play_event", "p": r, "card": card.id, "pay": pay}
            elif decline and any(c.card == card.id for c in g.players[r].area()):
                eff = card.activated()[decline[0]]
                pay = canonical_payment(g, r, eff.cost, None)
                resp = None if pay is None else {"type": "use_effect", "p": r, "card": card.id, "effect": decline[0],
                                                 "pay": pay, **({"rest": True} if eff.rest else {})}
            if resp is not None:
                tried = [*actions[:k], {**a, "responses": [resp]}]
                if ruling(header, tried, cards)[0] is None:
                    return tried
        apply_action(g, a, NullTrail())
    return None


# -- illegal variants -------------------------------------------------------------------------------------------


def _wrong_ops(ops: list[dict[str, Any]], p: int) -> list[dict[str, Any]]:
    """One outcome the script does not allow: the first op changed, or a draw added."""
    out = copy.deepcopy(ops)
    for op in out:
        kind = op.get("op")
        if kind == "modify":
            op["ap"] = op.get("ap", 0) + 10
            return out
        if kind == "draw":
            op["n"] = op.get("n", 1) + 1
            return out
        if kind in ("rest", "activate"):
            op["op"] = "activate" if kind == "rest" else "rest"
            return out
        if kind == "move" and op.get("to") != "removed":
            op["to"] = "removed"
            return out
    return [*out, {"op": "draw", "p": p, "n": 1}]


def variants(header: Mapping[str, Any], actions: list[dict[str, Any]], cards: CardDB, card: Card
             ) -> list[dict[str, Any]]:
    """The illegal variants of the legal log whose last action uses ``card``'s effect (those the engine rules as
    intended)."""
    *prefix, last = actions
    n = len(prefix)
    g = state_before(header, prefix, cards)
    tries: list[tuple[str, int, list[dict[str, Any]]]] = []
    base = {k: v for k, v in last.items() if k not in ("ops", "choices")}
    tries.append(("effect.result", n, [{**base, "ops": _wrong_ops(last.get("ops", []), last["p"])}]))
    charas = [{"p": c.owner, "card": c.card} for pl in g.players for c in pl.area()]
    if last.get("targets"):
        for ref in [*charas, {"p": 1 - last["p"], "card": card.id}]:
            if ref not in last["targets"]:
                tries.append(("effect.target", n, [{**base, "targets": [ref, *last["targets"][1:]],
                                                    **({"choices": last["choices"]} if "choices" in last else {})}]))
    picks = [i for i, ch in enumerate(last.get("choices", ())) if isinstance(ch, list) and ch
             and all(isinstance(x, str) for x in ch)]
    if picks:
        bad = dict(last)
        bad.pop("ops", None)
        bad["choices"] = list(last["choices"])
        bad["choices"][picks[0]] = ["MHK 01-040", *bad["choices"][picks[0]][1:]]
        tries.append(("effect.target", n, [bad]))
    if last["type"] in ("use_effect", "trigger"):
        tries.append(("effect.once", n, [last, last]))
    if last["type"] in ("use_effect", "play_event") and last.get("pay"):
        tries.append(("cost.amount", n, [{**last, "pay": []}]))  # unpaid: an uncoloured amount (rules.md)
    if last["type"] == "use_effect" and last.get("discard"):
        other = next((c for c in g.players[last["p"]].hand if c is not None
                      and not set(g.card(c).names) & set(g.card(last["discard"]).names)), None)
        tries.append(("effect.cost", n, [{**last, "discard": other or "MHK 01-040"}]))
    if last["type"] in ("play_event", "use_effect", "backup"):
        tries += [("timing", j, [last]) for j in range(n - 1, max(3, n - 60), -1)]
    if last["type"] == "trigger":
        tries += [("effect.result", j, [last]) for j in range(n - 1, max(3, n - 20), -1)]
    out: list[dict[str, Any]] = []
    done: set[str] = set()
    for rule, keep, tail in tries:
        if rule in done and rule != "effect.target":
            continue
        if rule == "effect.target" and sum(v["rule"] == rule for v in out) >= 1:
            continue
        got, index = ruling(header, [*actions[:keep], *tail], cards)
        if got == rule and index == keep + len(tail) - 1:
            out.append({"rule": rule, "index": index, "keep": keep, "tail": tail})
            done.add(rule)
    return out


def rest_on_rested(header: Mapping[str, Any], actions: list[dict[str, Any]], game: list[dict[str, Any]],
                   cards: CardDB, tries: int = 80) -> list[dict[str, Any]]:
    """``effect.cost``: the 《休》 effect used again later in the game (``game``: all its actions) while its card is
    still rested: the legal log, the game's next actions, then the use."""
    last = actions[-1]
    use = {k: v for k, v in last.items() if k not in ("ops", "choices", "targets")}
    g = state_before(header, actions, cards)
    n = len(actions)
    for j in range(n, min(len(game), n + tries)):
        c = next((x for x in g.players[last["p"]].area() if x.card == last["card"]), None)
        if c is None:
            break
        if c.rested:
            try:
                apply_action(g.clone(), use, NullTrail())
            except IllegalAction as err:
                if err.ruling.rule == "effect.cost":
                    return [{"rule": "effect.cost", "index": j, "keep": n, "tail": [*game[n:j], use]}]
        apply_action(g, game[j], NullTrail())
    return []


def static_variants(header: Mapping[str, Any], actions: list[dict[str, Any]], cards: CardDB, card: Card
                    ) -> list[dict[str, Any]]:
    """A continuous effect is no action: using it as one is ``effect.unknown`` (once the card is on the Area)."""
    g = state_before(header, actions, cards)
    for p, pl in enumerate(g.players):
        if any(c.card == card.id for c in pl.area()):
            tail = [{"type": "use_effect", "p": p, "card": card.id, "effect": len(card.activated()), "pay": []}]
            got, index = ruling(header, [*actions, *tail], cards)
            if got == "effect.unknown":
                return [{"rule": got, "index": index, "keep": len(actions), "tail": tail}]
    return []


def response_variants(header: Mapping[str, Any], actions: list[dict[str, Any]], cards: CardDB) -> list[dict[str, Any]]:
    """A [Decline] response with other ops (``effect.result``), and played on its own (``decline.timing``)."""
    *prefix, last = actions
    n = len(prefix)
    resp = last["responses"][0]
    wrong = copy.deepcopy(last)
    wrong["responses"][0]["ops"] = _wrong_ops(resp["ops"], resp["p"])
    tries = [("effect.result", [wrong])]
    if resp["type"] == "play_event":
        tries += [("decline.timing", [{k: v for k, v in resp.items() if k != "ops"}])]
    out = []
    for rule, tail in tries:
        got, index = ruling(header, [*prefix, *tail], cards)
        if got == rule and index == n:
            out.append({"rule": rule, "index": index, "keep": n, "tail": tail})
    return out


# -- writing ----------------------------------------------------------------------------------------------------


def card_log(cards: CardDB, card: Card, found: dict[str, Any]) -> dict[str, Any] | None:
    header, actions = found["game"], [dict(a) for a in found["actions"]]
    if found["predicate"]["kind"] == "ops":
        g = state_before(header, actions[:-1], cards)
        ops = computed_ops(g, actions[-1])
        if ops is None:
            return None
        actions[-1]["ops"] = ops
        if ruling(header, actions, cards)[0] is not None:
            print(f"{card.id}: the last action with its computed ops is not legal", file=sys.stderr)
            return None
        illegal = variants(header, actions, cards, card)
        if actions[-1].get("rest") and not any(v["rule"] == "effect.cost" for v in illegal):
            illegal += rest_on_rested(header, actions, found.get("rest", []), cards)
    elif found["predicate"]["kind"] == "response":
        g = state_before(header, actions[:-1], cards)
        ops = computed_ops(g, actions[-1], card.id)
        if ops is None:
            return None
        last = actions[-1] = copy.deepcopy(actions[-1])
        last["responses"][0]["ops"] = ops
        if ruling(header, actions, cards)[0] is not None:
            print(f"{card.id}: the response with its computed ops is not legal", file=sys.stderr)
            return None
        illegal = response_variants(header, actions, cards)
    else:
        illegal = static_variants(header, actions, cards, card)
    return {"format": "pmemo-card-logs", "version": 1, "card": card.id, "game": header,
            "legal": {"actions": actions, "predicate": found["predicate"]}, "illegal": illegal}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=12)
    args = ap.parse_args(argv)
    cards = bundled_cards()
    bare = parse_native(json.loads(FACTS.read_text(encoding="utf-8")), str(FACTS))
    found = search(cards, bare, args.games, args.seed)
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    written = with_illegal = 0
    for cid, card in sorted(effect_cards(cards).items()):
        if cid not in found:
            continue
        doc = card_log(cards, card, found[cid])
        if doc is None:
            continue
        (OUT / f"{cid.replace(' ', '_')}.json").write_text(json.dumps(doc, ensure_ascii=False) + "\n", encoding="utf-8")
        written += 1
        with_illegal += bool(doc["illegal"])
    missing = sorted(set(effect_cards(cards)) - {p.stem.replace("_", " ") for p in OUT.glob("*.json")})
    print(f"wrote {written} card logs ({with_illegal} with an illegal variant) to {OUT}; no log: {missing}")


if __name__ == "__main__":
    main()
