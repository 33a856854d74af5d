"""Every observable output of the Precious Memories fold over a fixed corpus, as bytes, to compare two builds
(compiled and pure Python) of the same sources: ``python -m tests.engine.build_outputs GAMES`` writes them to stdout.

The corpus: ``GAMES`` simulated MHK games (self-play with the scripted effects; the logs themselves are outputs),
one self-play game on each compiled precious-data set next to the project (read at run time), the public and a
seat's table log of each MHK game (the redactions are outputs too), every MHK card log (legal, and its illegal
variants: refused logs), and mutations of every self-play log (an action dropped, two swapped, the player flipped,
a field given another value; most of them refused), folded strictly and as played. Per fold: the ruling with its
rule id, how far it got, the implied passes, the state's snapshot, the as-played rulings; for whole logs and logs
with an action dropped also the state's JSON and every trail. Per self-play log ``legal_actions``, the actor and
the table offers every 11th action. An exception escaping the fold is an output too (its type and message), so a
build that crashes where the other rules differs."""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import engine.pm
from engine.pm.cards import CardDB
from engine.pm.redact import redact
from engine.pm.ruleset import RULESET
from engine.pm.simulate_cards import simulate
from engine.rulings import IllegalAction, NullTrail
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import FORMAT, VERSION, LogError, load_log
from pmemo_replay.simulate import simulated_logs
from tests.fold_outputs import fold_outputs as fold_runs
from tests.pm_cards import read_precious

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data" / "precious-data" / "data"
CARD_LOGS = ROOT / "fixtures" / "cards" / "mhk-logs"
#: the compiled precious-data sets played (BBD and KMG are holdouts: never read here)
SETS = ("SAGA", "GRAN", "SSSS", "SZ2")
#: other values for an action's fields; a mutated log the log schema refuses never reaches the fold (its callers
#: validate logs first: pmemo_replay.logio), and its outputs are the schema's message
WRONG: list[Any] = [None, True, 0, 1, 2, -1, 99, "x", "MHK 01-001", [], ["MHK 01-001"], {}, {"hand": "MHK 01-001"}]


@cache
def cards() -> CardDB:
    return bundled_cards()


@cache
def compiled_set(name: str) -> CardDB:
    return read_precious(DATA / name, compile=True)


def mhk_games(n: int) -> list[dict[str, Any]]:
    return list(simulated_logs(cards(), n, 7))


def set_games() -> Iterator[tuple[str, CardDB, dict[str, Any], list[Any]]]:
    """One capped self-play game per compiled set there is (its tally: crashes and refusals are outputs too)."""
    for name in SETS:
        if not (DATA / name).is_dir():
            continue
        db = compiled_set(name)
        logs: list[dict[str, Any]] = []
        tally = simulate(db, 1, 3, logs=logs, max_actions=90)
        for doc in logs:
            yield name, db, doc, [tally.crashes, tally.illegal, tally.actions]


def card_logs() -> Iterator[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """Every MHK card log: the legal one and each illegal variant."""
    for path in sorted(CARD_LOGS.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        legal = doc["legal"]["actions"]
        yield f"{path.stem}-legal", doc["game"], legal
        for i, bad in enumerate(doc.get("illegal", [])):
            yield f"{path.stem}-illegal{i}", doc["game"], [*legal[: bad["keep"]], *bad["tail"]]


def mutations(actions: list[dict[str, Any]], seed: int) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    rng = random.Random(seed)
    for i in range(5, len(actions), 43):
        yield f"drop{i}", actions[:i] + actions[i + 1:]
        if i + 1 < len(actions):
            yield f"swap{i}", [*actions[:i], actions[i + 1], actions[i], *actions[i + 2:]]
        if isinstance(actions[i].get("p"), int):
            yield f"flip{i}", [*actions[:i], {**actions[i], "p": 1 - actions[i]["p"]}, *actions[i + 1:]]
        key = rng.choice(sorted(k for k in actions[i] if k != "type") or ["type"])
        wrong = {**actions[i], key: copy.deepcopy(rng.choice(WRONG))}
        yield f"wrong{i}.{key}", [*actions[:i], wrong, *actions[i + 1:]]


def fold_outputs(header: dict[str, Any], actions: list[dict[str, Any]], db: CardDB, *, full: bool) -> list[Any]:
    """The fold's outputs; ``full``: also with trails, and the state's JSON besides its snapshot."""
    try:
        load_log({"format": FORMAT, "version": VERSION, "game": header, "actions": actions})
    except LogError as error:
        return ["refused by the log schema", str(error)]
    return fold_runs(RULESET, header, actions, db, full=full)


def legal_outputs(header: dict[str, Any], actions: list[dict[str, Any]], db: CardDB) -> list[Any]:
    """The actor, the legal actions and the table offers every 11th action (they apply actions to clones)."""
    out: list[Any] = []
    try:
        state = RULESET.new_state(header, db)
    except IllegalAction as error:
        return [error.ruling.to_json()]
    for i, action in enumerate(actions):
        if i % 11 == 0:
            out.append([i, RULESET.actor(state), RULESET.legal_actions(state)])
            if i % 33 == 0:
                out.append([i, RULESET.offers(state)])
        try:
            RULESET.apply(state, action, NullTrail())
        except IllegalAction as error:
            out.append([i, error.ruling.to_json()])
            break
    return out


def log_outputs(number: Any, header: dict[str, Any], actions: list[dict[str, Any]], db: CardDB,
                mutate: bool) -> Iterator[list[Any]]:
    yield [number, "fold", fold_outputs(header, actions, db, full=True)]
    yield [number, "as played", fold_outputs({**header, "as_played": True}, actions, db, full=True)]
    if not mutate:
        return
    yield [number, "legal", legal_outputs(header, actions, db)]
    for name, mutated in mutations(actions, len(actions)):
        yield [number, name, fold_outputs(header, mutated, db, full=name.startswith("drop"))]
        yield [number, name, "as played", fold_outputs({**header, "as_played": True}, mutated, db, full=False)]


def outputs(n: int) -> bytes:
    """The corpus's outputs as JSON Lines."""
    lines: list[list[Any]] = []
    for number, doc in enumerate(mhk_games(n)):
        header, actions = doc["game"], doc["actions"]
        lines.append([number, "log", doc])
        lines += log_outputs(number, header, actions, cards(), True)
        for seat in ("public", number % 2):
            red = redact(header, actions, cards(), seat)
            lines.append([number, "table log", seat, red.header, red.actions])
            lines += log_outputs(f"{number}/{seat}", red.header, red.actions, cards(), False)
    for name, db, doc, tally in set_games():
        lines.append([name, "log", doc, tally])
        lines += log_outputs(name, doc["game"], doc["actions"], db, True)
    for name, header, actions in card_logs():
        lines.append([name, "fold", fold_outputs(header, actions, cards(), full=False)])
    return b"".join(json.dumps(line, sort_keys=True, ensure_ascii=False, default=repr).encode() + b"\n" for line in lines)


if __name__ == "__main__":
    sys.stderr.write(f"engine.pm build: {engine.pm.BUILD}\n")
    sys.stdout.buffer.write(outputs(int(sys.argv[1])))
