"""Every observable output of the Clockwork fold over a fixed corpus, as bytes, to compare two builds (compiled
and pure Python) of the same sources: ``python -m tests.clockwork.build_outputs GAMES`` writes them to stdout.

The corpus: ``GAMES`` self-play games (both policies; the logs themselves are part of the output), the contract's
worked example, and mutations of every log (an action dropped, two swapped, the player flipped, a field given a
value of the wrong type), folded strictly and as played. Per fold: the ruling, how far it got, the state's snapshot,
the as-played rulings; for the logs and the logs with an action dropped also the state's JSON and every trail (a
second fold, with trails); per log ``legal_actions`` and the actor every 5th action. An exception escaping the
fold is an output too (its type and message), so a build that crashes where the other rules differs."""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

import engine.clockwork
from engine.clockwork.ruleset import RULESET
from engine.clockwork.selfplay import play_game
from engine.rulings import IllegalAction, NullTrail
from tests.clockwork.kit import CARDS, FIXTURES, example_log
from tests.fold_outputs import fold_outputs as fold_runs

DECKS = [json.loads(p.read_text(encoding="utf-8"))["cards"] for p in sorted((FIXTURES / "decks").glob("*.json"))]
#: values of the wrong type or range for an action's fields
WRONG: list[Any] = [None, True, 1.5, -1, 7, "x", "zone:9", [], [0, -1], {}, {"at": "zone:0"}, ["CWX 999"], [None]]


def games(n: int) -> Iterator[dict[str, Any]]:
    for seed in range(n):
        rng = random.Random(seed)
        policy = ("random", "greedy")[seed % 2]
        yield play_game(CARDS, [rng.choice(DECKS), rng.choice(DECKS)], rng, policies=(policy, policy))


def mutations(actions: list[dict[str, Any]], seed: int) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    rng = random.Random(seed)
    for i in range(3, len(actions), 11):
        yield f"drop{i}", actions[:i] + actions[i + 1:]
        if i + 1 < len(actions):
            yield f"swap{i}", [*actions[:i], actions[i + 1], actions[i], *actions[i + 2:]]
        flipped = copy.deepcopy(actions)
        if "p" in flipped[i]:
            flipped[i]["p"] = 1 - flipped[i]["p"]
            yield f"flip{i}", flipped
        wrong = copy.deepcopy(actions)
        key = rng.choice(sorted(wrong[i]))
        wrong[i][key] = copy.deepcopy(rng.choice(WRONG))
        yield f"wrong{i}.{key}", wrong


def fold_outputs(header: dict[str, Any], actions: list[dict[str, Any]], *, full: bool) -> list[Any]:
    """The fold's outputs (tests/fold_outputs.py) on the bundled Clockwork cards."""
    return fold_runs(RULESET, header, actions, CARDS, full=full)


def legal_outputs(header: dict[str, Any], actions: list[dict[str, Any]]) -> list[Any]:
    out: list[Any] = []
    state = RULESET.new_state(header, CARDS)
    for i, action in enumerate(actions):
        if i % 5 == 0:
            out.append([i, RULESET.actor(state), RULESET.legal_actions(state)])
        try:
            RULESET.apply(state, copy.deepcopy(action), NullTrail())
        except IllegalAction as error:
            out.append([i, error.ruling.to_json()])
            break
    return out


def outputs(n: int) -> bytes:
    """The corpus's outputs as JSON Lines."""
    lines = []
    logs = [doc for doc in games(n)] + [example_log()]
    for number, doc in enumerate(logs):
        header, actions = doc["game"], doc["actions"]
        lines.append([number, "log", doc])
        lines.append([number, "fold", fold_outputs(header, actions, full=True)])
        lines.append([number, "as played", fold_outputs({**header, "as_played": True}, actions, full=True)])
        lines.append([number, "legal", legal_outputs(header, actions)])
        for name, mutated in mutations(actions, number):
            lines.append([number, name, fold_outputs(header, mutated, full=name.startswith("drop"))])
            lines.append([number, name, "as played", fold_outputs({**header, "as_played": True}, mutated, full=False)])
    return b"".join(json.dumps(line, sort_keys=True, ensure_ascii=False).encode() + b"\n" for line in lines)


if __name__ == "__main__":
    sys.stderr.write(f"engine.clockwork build: {engine.clockwork.BUILD}\n")
    sys.stdout.buffer.write(outputs(int(sys.argv[1])))
