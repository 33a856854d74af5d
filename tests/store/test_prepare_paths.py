"""The import's quick ways must store exactly what the plain ways store: the log read the quick way with the card ids
collected while validating (against the slow reading and the card-id check walking the actions), the actions'
canonical texts made in one orjson call (against one ``encode_sorted`` per action)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pmemo_replay.cards import bundled_cards
from pmemo_replay.checking import EXIT_MALFORMED
from pmemo_replay.logio import FORMAT, VERSION, LogError, PmemoLog, dump_jsonl, load_log, parse_log
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store import prepare as prep
from pmemo_replay.store.db import encode_sorted
from pmemo_replay.store.prepare import Prepared, Rejected, prepare, prepare_log
from tests.engine.build_outputs import card_logs, mutations

UNKNOWN = "ZZZ 99-999"


def with_unknown_cards(actions: list[dict[str, Any]], rng: random.Random) -> Iterator[list[dict[str, Any]]]:
    """The actions with one card id (an action's, a payment's or a target's) replaced by an unknown one."""
    places = [(i, key) for i, a in enumerate(actions) for key in ("card", "pay", "targets") if a.get(key)]
    for i, key in rng.sample(places, min(4, len(places))):
        changed = json.loads(json.dumps(actions))
        value = changed[i][key]
        if key == "card":
            changed[i][key] = UNKNOWN
        elif key == "pay":
            value[-1] = {next(iter(value[-1])): UNKNOWN}
        else:
            value[0] = {**value[0], "card": UNKNOWN}
        yield changed


def documents() -> Iterator[tuple[str, bytes]]:
    """Every MHK card log (legal and not), and simulated games with their mutations and unknown cards, as JSON Lines
    and as documents."""
    rng = random.Random(31)
    logs = [*card_logs()]
    for i, doc in enumerate(simulated_logs(bundled_cards(), 3, 17)):
        logs.append((f"sim{i}", doc["game"], doc["actions"]))
        logs += [(f"sim{i}-{name}", doc["game"], mutated) for name, mutated in mutations(doc["actions"], i)]
        logs += [(f"sim{i}-unknown{k}", doc["game"], a) for k, a in enumerate(with_unknown_cards(doc["actions"], rng))]
    for name, header, actions in logs:
        document = {"format": FORMAT, "version": VERSION, "game": header, "actions": actions}
        yield name, json.dumps(document, ensure_ascii=False).encode("utf-8")
        try:
            lines = dump_jsonl(load_log(document)).encode("utf-8")
        except LogError:  # refused by the schema: the document form stands for it
            continue
        yield f"{name}.jsonl", lines


def outcome(r: Prepared | Rejected) -> Any:
    if isinstance(r, Rejected):
        return r
    return (r.data, r.upload_hash, r.content_hash, r.game, r.action_json, r.snapshots, r.cards, r.seats)


def plain_prepare(data: bytes, source: str, cards: Any, *, as_played: bool) -> Prepared | Rejected:
    """prepare's plain way: the slow reading (no card ids collected), the card-id check walking the actions."""
    try:
        log = parse_log(data, fast=False)
    except LogError as err:
        return Rejected(source, err.ruling, EXIT_MALFORMED)
    return prepare_log(log, cards, data=data, source=source, as_played=as_played)


def _remembered(function: Callable[..., Any], memo: dict[str, Any]) -> Callable[..., Any]:
    """``function`` (a fold of a log) answering again, without folding, for a log equal to one it folded: same
    header and actions down to ``repr`` (a list is not a tuple, ``1`` not ``1.0``), same other arguments."""
    def remembered(log: PmemoLog, *args: Any) -> Any:
        key = repr((function.__name__, log.header, log.actions, [id(a) for a in args]))
        if key not in memo:
            try:
                memo[key] = (True, function(log, *args))
            except Exception as err:  # an illegal log: raised again the same
                memo[key] = (False, err)
        ok, value = memo[key]
        if not ok:
            raise value
        return value
    return remembered


def test_the_quick_ways_store_what_the_plain_ways_store(monkeypatch: pytest.MonkeyPatch) -> None:
    cards = bundled_cards()
    items = list(documents())
    # The fold is the same code on both ways: the plain way's fold of a log that reads the same as the quick way's
    # answers from the quick way's (a log read differently is folded again, and its rows must still agree).
    memo: dict[str, Any] = {}
    monkeypatch.setattr(prep, "_fold", _remembered(prep._fold, memo))
    monkeypatch.setattr(prep, "check_log", _remembered(prep.check_log, memo))
    quick = {(name, played): outcome(prepare(data, name, cards, as_played=played))
             for name, data in items for played in (False, True)}
    folds = len(memo)
    monkeypatch.setattr(prep, "encode_sorted_lines", lambda values: "\n".join(encode_sorted(v) for v in values))
    plain = {(name, played): outcome(plain_prepare(data, name, cards, as_played=played))
             for name, data in items for played in (False, True)}
    assert quick == plain and len(memo) == folds  # every log read the plain way read as the quick way read it
    rulings = [r.ruling for r in quick.values() if isinstance(r, Rejected)]
    assert sum(r.get("rule") == "log.card" for r in rulings) >= 6  # the unknown cards, named where they stand
    assert sum(not isinstance(r, Rejected) for r in quick.values()) >= 12
