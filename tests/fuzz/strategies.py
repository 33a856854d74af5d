"""Hypothesis strategies for hostile input: simulated logs mutated, serialized, and sometimes broken as bytes.

A mutated log starts from a few simulated games (and the sample logs), cut at a random action so most
examples fold quickly, then takes a few mutations: actions dropped, duplicated or swapped; a value anywhere
in the document replaced by a hostile one (huge, negative or fractional numbers, NaN-like or very long
strings, lone surrogates, nested objects, wrong types); unknown fields added; fields removed; or only
well-typed changes (a player flipped, a card id changed, a number moved by one). It is then
written as a JSON document or JSON Lines, or cut or mangled as bytes.
"""

from __future__ import annotations

import copy
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import is_card_id
from pmemo_replay.simulate import simulated_logs

LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "logs"

HOSTILE_INTS = (2**63, 2**64, -(2**63) - 1, 2**31, -(2**31) - 1, 10**30, -1, 0, 1001, 10**4000)
HOSTILE_STRINGS = (
    "NaN", "Infinity", "-Infinity", "nan", "1e999", "", " ", "null", "\udfff", "x\ud800", "\ud83d", "\x00", "\u2028",
    "0001-01-01T00:00:00+05:00", "9999-12-31T23:00:00-05:00", "0000-01-01T00:00:00", "2026-02-30T00:00:00",
    "MHK ST-001", "MHK 99-999", "MHK ST-001 ", "mhk st-001", "../../etc/passwd", "<script>alert(1)</script>",
    "x" * 100_000, "🃏" * 1000, "pm-2.23", "pass", "summon",
)
SCALARS = st.one_of(
    st.sampled_from(HOSTILE_INTS),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(HOSTILE_STRINGS),
    st.text(max_size=30),
    st.none(),
    st.booleans(),
)
KEYS = st.sampled_from(("type", "p", "card", "n", "x", "\udfff")) | st.text(max_size=8)
VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4), max_leaves=8,
)


@lru_cache(maxsize=1)
def base_logs() -> tuple[dict[str, Any], ...]:
    """Three simulated games (seed 13) and the sample logs, as documents."""
    docs = list(simulated_logs(bundled_cards(), 3, 13))
    for name in ("mhk-points.json", "original-points.json"):
        docs.append(json.loads((LOGS / name).read_text("utf-8")))
    return tuple(docs)


def _nodes(doc: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) pair in ``doc``: the places a value can be replaced."""
    out: list[tuple[Any, Any]] = []
    stack = [doc]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            out.append((node, key))
            stack.append(value)
    return out


def _replace(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """A value somewhere (biased to the header and to the actions' own fields) becomes a hostile one."""
    header_or_action = draw(st.booleans())
    if header_or_action:
        scope: Any = doc.get("game") if draw(st.booleans()) else doc.get("actions")
        if isinstance(scope, list) and scope:
            scope = scope[draw(st.integers(0, len(scope) - 1))]
        places = [(scope, k) for k in scope] if isinstance(scope, dict) and scope else _nodes(doc)
    else:
        places = _nodes(doc)
    if not places:
        return
    node, key = places[draw(st.integers(0, len(places) - 1))]
    node[key] = draw(VALUES)


#: card ids to put in place of others (so the engine, not the schema, rules on the result)
CARD_IDS = ("MHK ST-001", "MHK ST-003", "MHK ST-009", "MHK 01-022", "MHK 01-040", "MHK 01-108", "MHK 01-001a", "MHK 99-999")


def _retarget(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """An action's integer moves by one (a player flips), or a card id it names becomes another."""
    actions = doc.get("actions")
    places = [(n, k) for n, k in _nodes(actions) if type(n[k]) is int or is_card_id(n[k])] if isinstance(actions, list) else []
    if not places:
        return
    node, key = places[draw(st.integers(0, len(places) - 1))]
    value = node[key]
    if type(value) is int:
        node[key] = 1 - value if key == "p" and value in (0, 1) else value + draw(st.sampled_from((-1, 1)))
    else:
        node[key] = draw(st.sampled_from(CARD_IDS))


def _reshape(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """Add an unknown field somewhere, or remove a field."""
    dicts = [node[key] for node, key in _nodes(doc) if isinstance(node[key], dict)] + [doc]
    target = dicts[draw(st.integers(0, len(dicts) - 1))]
    if draw(st.booleans()):
        target[draw(st.sampled_from(("hnd", "extra", "meta", "\udfff", "")))] = draw(VALUES)
    elif target:
        del target[draw(st.sampled_from(sorted(target, key=repr)))]


def _serialize(draw: st.DrawFn, doc: Any) -> bytes:
    """The document as JSON, or as JSON Lines when it has the shape for it (escaped so that surrogates survive)."""
    if isinstance(doc, dict) and isinstance(doc.get("actions"), list) and draw(st.booleans()):
        head = {k: v for k, v in doc.items() if k != "actions"}
        lines = [json.dumps(head)] + [json.dumps(a) for a in doc["actions"]]
        return ("\n".join(lines) + "\n").encode("utf-8")
    return json.dumps(doc).encode("utf-8")


def _mangle(draw: st.DrawFn, data: bytes) -> bytes:
    """Break the bytes: cut them, insert junk, or encode them in another way."""
    kind = draw(st.sampled_from(("cut", "insert", "utf16", "bom", "nul")))
    at = draw(st.integers(0, len(data)))
    if kind == "cut":
        return data[:at]
    if kind == "insert":
        return data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    if kind == "utf16":
        return data.decode("utf-8").encode("utf-16")
    if kind == "bom":
        return b"\xef\xbb\xbf" + data
    return data.replace(b",", b"\x00", 1)


@st.composite
def mutated_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A base log cut after a random action, with one to four mutations: half of the logs get only well-typed
    ones (actions moved, names and numbers changed: the engine rules), the others hostile values and shapes too."""
    doc = copy.deepcopy(draw(st.sampled_from(base_logs())))
    doc["actions"] = doc["actions"][: draw(st.integers(0, len(doc["actions"])))]
    mutations = (_retarget, _shuffle_actions) if draw(st.booleans()) else (_replace, _reshape, _retarget)
    for _ in range(draw(st.integers(1, 4))):
        draw(st.sampled_from(mutations))(draw, doc)
    return doc


def _shuffle_actions(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """Drop, duplicate or swap actions (the log stays well formed)."""
    actions = doc["actions"]
    if actions:
        i, j = draw(st.integers(0, len(actions) - 1)), draw(st.integers(0, len(actions) - 1))
        kind = draw(st.sampled_from(("drop", "duplicate", "swap")))
        if kind == "drop":
            del actions[i]
        elif kind == "duplicate":
            actions.insert(j, copy.deepcopy(actions[i]))
        else:
            actions[i], actions[j] = actions[j], actions[i]


@st.composite
def hostile_logs(draw: st.DrawFn) -> bytes:
    """Bytes of a mutated log (now and then mangled), or of a small odd shape."""
    if draw(st.integers(0, 9)) == 0:
        return _serialize(draw, draw(VALUES | st.sampled_from(({}, [], {"format": "pmemo-log", "version": 1}))))
    data = _serialize(draw, draw(mutated_documents()))
    return _mangle(draw, data) if draw(st.integers(0, 7)) == 0 else data


#: CI settings: a fixed set of examples (derandomized), no deadline (shared machines), no example database
FUZZ = settings(deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))


def examples(count: int) -> int:
    """The suite's example count for a fuzz test, times ``PMEMO_FUZZ_SCALE`` (default 1): the counts keep the whole
    suite within its six minutes (issue 19); ``PMEMO_FUZZ_SCALE=10 pytest tests/fuzz tests/logio`` runs ten times
    as many (benchmarks/fuzz_long.py draws new ones, randomly, for as long as asked)."""
    return max(1, round(count * float(os.environ.get("PMEMO_FUZZ_SCALE", "1"))))
