"""The import's fold applies runs of actions straight (``Folder.apply_run``) while counting unverified steps: it must
store exactly what pushing every action one by one stores (snapshots, unverified count, irregularities, refusals)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engine.fold import Folder
from engine.rulings import IllegalAction
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import FORMAT, VERSION
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store import prepare as prep
from pmemo_replay.store.db import encode_json
from pmemo_replay.store.prepare import Prepared, Rejected, prepare
from tests.engine.build_outputs import card_logs, mutations
from tests.engine.kit import DB, Game
from tests.engine.test_effect_rules import MYSTERY, F, pay


def pushed_fold(log: Any, cards: Any, every: int) -> tuple[Folder, list[tuple[int, str]]]:
    """The import's fold as it was: every action through ``push``, a snapshot every ``every`` actions."""
    folder = Folder(log.header, cards, keep_trails=False, count_unverified=True)
    snapshots = []
    total = len(log.actions)
    for n, action in enumerate(log.actions, 1):
        folder.push(action)
        if n % every == 0 and n < total:
            snapshots.append((n, encode_json(folder.ruleset.to_snapshot(folder.state))))
    folder.settle()
    snapshots.append((total, encode_json(folder.ruleset.to_snapshot(folder.state))))
    return folder, snapshots


def unscripted_logs() -> Iterator[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """Test-card games with an unscripted event in three turns (an unverified step each): played straight, with
    the responses' passes omitted (implied on the way), and with a refused action at the end."""
    for omitted in (False, True):
        g = Game([MYSTERY, F[0], MYSTERY, F[1], F[2]], [MYSTERY, F[10], F[11]])
        g.add("play_event", 0, card=MYSTERY, pay=pay(F[0]), ops=[{"op": "draw", "p": 0, "n": 1}])
        g.passes(*([] if omitted else [1])).end_turn(0)
        g.add("play_event", 1, card=MYSTERY, pay=pay(F[10]), ops=[{"op": "draw", "p": 1, "n": 1}])
        g.passes(*([] if omitted else [0])).end_turn(1)
        g.add("play_event", 0, card=MYSTERY, pay=pay(F[1]), ops=[{"op": "draw", "p": 0, "n": 2}])
        yield f"unscripted{'-omitted' if omitted else ''}", g.header, g.actions
        yield f"unscripted{'-omitted' if omitted else ''}-refused", g.header, [*g.actions, {"type": "keep", "p": 0}]


def logs() -> Iterator[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """Every MHK card log (legal and not) and mutations of two simulated games."""
    yield from card_logs()
    for i, doc in enumerate(simulated_logs(bundled_cards(), 2, 11)):
        yield f"sim{i}", doc["game"], doc["actions"]
        for name, mutated in mutations(doc["actions"], i):
            yield f"sim{i}-{name}", doc["game"], mutated


def outcome(r: Prepared | Rejected) -> Any:
    if isinstance(r, Rejected):
        return r
    return (r.content_hash, r.game, r.action_json, r.snapshots, r.cards, r.seats)


def test_runs_store_what_pushing_each_action_stores(monkeypatch: pytest.MonkeyPatch) -> None:
    items = [(name, cards, json.dumps({"format": FORMAT, "version": VERSION, "game": header, "actions": actions}).encode())
             for logs_of, cards in ((logs, bundled_cards()), (unscripted_logs, DB))
             for name, header, actions in logs_of()]

    def outcomes() -> dict[tuple[str, bool], Any]:
        return {(name, played): outcome(prepare(data, name, cards, every=4, as_played=played))
                for name, cards, data in items for played in (False, True)}

    runs = outcomes()
    monkeypatch.setattr(prep, "_fold", pushed_fold)
    assert runs == outcomes()
    stored = [r for r in runs.values() if not isinstance(r, Rejected)]
    assert [runs[name, played][1]["unverified"] for name in ("unscripted", "unscripted-omitted")
            for played in (False, True)] == [3, 3, 3, 3]
    assert any(isinstance(r, Rejected) for r in runs.values()) and any(r[1]["irregular"] for r in stored)


@pytest.mark.parametrize("which", ["unscripted", "card logs"])
def test_a_run_counts_unverified_steps_as_push_does(which: str) -> None:
    """Unverified steps are counted under their own action's index, whether applied in a run or pushed; a run stops at
    a refused action with the state rebuilt before it, and push then cures it (implied passes) or refuses it."""
    cards = DB if which == "unscripted" else bundled_cards()
    for name, header, actions in (unscripted_logs() if which == "unscripted" else card_logs()):
        kept = Folder(header, cards)
        counted = Folder(header, cards, keep_trails=False, count_unverified=True)
        outcomes = []
        for folder in (kept, counted):
            i = folder.apply_run(actions, len(actions))
            try:
                for action in actions[i:]:
                    folder.push(action)
                outcomes.append(("legal", folder.applied, encode_json(folder.ruleset.to_snapshot(folder.settle()))))
            except IllegalAction as err:
                outcomes.append((err.ruling.rule, folder.applied, encode_json(folder.ruleset.to_snapshot(folder.state))))
        assert outcomes[0] == outcomes[1], name
        steps = {i for i, trail in enumerate(kept.trails) if any(e.unverified for e in trail.entries)}
        assert counted._counter is not None and counted._counter.steps == steps, name  # each under its own index
        assert counted.unverified == kept.unverified == len(steps), name
        if name.startswith("unscripted"):
            assert len(steps) == 3, name
