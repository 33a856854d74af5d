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
