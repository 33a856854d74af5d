"""Logs for the web tests: simulated games, the sample fixtures, illegal and malformed ones, and XSS payloads."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import dump_json, dump_jsonl, load_log
from pmemo_replay.simulate import simulated_logs

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "fixtures" / "scenarios"
LOGS = ROOT / "fixtures" / "logs"
ARTIFACTS = ROOT / "test-artifacts" / "web"
XSS = "<script>alert('x')</script>"
XSS_IMG = '"><img src=x onerror=alert(1)>'


@lru_cache(maxsize=4)
def simulated(n: int, seed: int) -> tuple[dict[str, Any], ...]:
    """``n`` simulated log documents (JSON-ready objects)."""
    return tuple(load_log(doc).document() for doc in simulated_logs(bundled_cards(), n, seed))


def jsonl(doc: dict[str, Any]) -> bytes:
    return dump_jsonl(load_log(doc)).encode("utf-8")


def as_json(doc: dict[str, Any]) -> bytes:
    return dump_json(load_log(doc)).encode("utf-8")


def scenario(name: str) -> bytes:
    return (SCENARIOS / f"{name}.json").read_bytes()


def illegal() -> bytes:
    """The spec's example: ``approach.summoned`` at action index 13."""
    return scenario("spec_example_approach_summoned")


def with_responses_ruling() -> bytes:
    """A ruling inside a response: path ``18.responses.0.responses.0``."""
    return scenario("decline_nested_response_path")


def xss_log(base: dict[str, Any], tag: str = "xss") -> dict[str, Any]:
    """A legal log whose player names, deck names, event and a note carry HTML/script payloads."""
    doc = json.loads(json.dumps(base))
    game = doc["game"]
    game["id"] = f"{tag}-{game.get('id', 'log')}"
    game["event"] = f"Cup {XSS}"
    game["players"][0]["name"] = f"Eve{XSS}"
    game["players"][1]["name"] = f"Mal{XSS_IMG}"
    game["players"][0]["deck_name"] = f"Deck {XSS}"
    game["players"][1]["deck_name"] = f"Deck {XSS_IMG}"
    doc["actions"].insert(3, {"type": "note", "text": f"judge says {XSS}"})
    return doc


def longest(docs: tuple[dict[str, Any], ...]) -> dict[str, Any]:
    return max(docs, key=lambda d: len(d["actions"]))


MAHOU = "mahou-shoujo-1"
UNSCRIPTED_EVENT = "KRM 056"  # the bundled Mahou set's unscripted Event: its play is applied as logged, unverified


@lru_cache(maxsize=4)
def mahou_games(n: int, seed: int) -> tuple[dict[str, Any], ...]:
    """``n`` Mahou Shoujo self-play logs with the bundled set: the deck holding the unscripted Event against each
    other bundled deck in turn (greedy policies, seeds ``seed``, ``seed + 1``, ...)."""
    from engine.rulesets import get_ruleset
    from tests.mahou.kit import bundled

    db, decks = bundled()
    names = sorted(decks)
    mine = next(name for name in names if UNSCRIPTED_EVENT in decks[name])
    others = [name for name in names if name != mine]
    out = []
    for i in range(n):
        doc = get_ruleset(MAHOU).self_play(db, [decks[mine], decks[others[i % len(others)]]], seed + i)
        doc["game"]["id"] = f"mahou-{seed}-{i}"
        doc["game"]["players"][0]["deck_name"] = mine
        doc["game"]["players"][1]["deck_name"] = others[i % len(others)]
        out.append(doc)
    return tuple(out)


def as_text(doc: dict[str, Any]) -> bytes:
    """A log document as JSON text, as a user would paste it."""
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")
