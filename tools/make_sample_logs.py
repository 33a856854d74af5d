"""Write the sample logs in fixtures/logs/ from self-play with the bundled decks.

Usage: python3 tools/make_sample_logs.py   (deterministic: fixed seeds)
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.fold import fold
from engine.rulesets import get_ruleset
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import DEFAULT_RULESET, load_log, write_log

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "fixtures" / "decks"
OUT = ROOT / "fixtures" / "logs"


def deck(name: str) -> dict:
    return json.loads((DECKS / f"{name}.json").read_text(encoding="utf-8"))


def game_by_points(a: str, b: str, meta: dict, start_seed: int) -> dict:
    """The first seed from ``start_seed`` whose greedy self-play game ends by points."""
    cards = bundled_cards()
    da, db = deck(a), deck(b)
    for seed in range(start_seed, start_seed + 200):
        doc = get_ruleset(DEFAULT_RULESET).self_play(cards, [da, db], seed, policies=("greedy", "greedy"))
        res = fold(doc["game"], doc["actions"], cards)
        if res.ruling is None and res.result and res.result["reason"] == "points":
            doc["game"].update(meta)
            doc["game"]["players"][0]["deck_name"] = da["name"]
            doc["game"]["players"][1]["deck_name"] = db["name"]
            doc["game"]["meta"] = {"seed": seed, "generator": "tools/make_sample_logs.py"}
            return doc
    raise SystemExit(f"no game by points for {a} vs {b}")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    mhk = game_by_points("mhk_blue_yellow", "mhk_red_green",
                         {"id": "sample-mhk-1", "played_at": "2026-11-01T14:00:00Z", "event": "Shop league", "round": 2}, 1)
    original = game_by_points("starlight_academy", "harbor_town",
                              {"id": "sample-original-1", "played_at": "2026-11-02T10:30:00Z", "event": "Practice"}, 1)
    for name, doc in (("mhk-points", mhk), ("original-points", original)):
        log = load_log(doc)
        write_log(log, OUT / f"{name}.json")
        write_log(log, OUT / f"{name}.jsonl")
        print(f"{name}: {len(doc['actions'])} actions")


if __name__ == "__main__":
    main()
