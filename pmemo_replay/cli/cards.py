"""``pmemo-replay cards coverage [--cards PATH ...]``: per set, how many effects the engine verifies."""

from __future__ import annotations

import argparse
import json
from typing import Any

from engine.cards import CardDB
from pmemo_replay.cards import bundled_cards, load_cards


def coverage(db: CardDB) -> list[dict[str, Any]]:
    """Per set: cards, effects, hand-scripted, compiled, unverified (effects with no script, and unapplied keywords)."""
    rows: dict[str, dict[str, Any]] = {}
    for card in db:
        row = rows.setdefault(card.set_code, {"set": card.set_code, "cards": 0, "effects": 0, "hand_scripted": 0,
                                              "compiled": 0, "unverified": 0, "verified_cards": 0})
        effects = [*card.effects, *([card.backup] if card.backup else [])]
        row["cards"] += 1
        row["effects"] += len(effects)
        row["hand_scripted"] += sum(1 for e in effects if e.scripted and not e.compiled)
        row["compiled"] += sum(1 for e in effects if e.compiled)
        missing = sum(1 for e in effects if not e.scripted) + len(card.unverified_keywords)
        row["unverified"] += missing
        row["verified_cards"] += not missing
    return sorted(rows.values(), key=lambda r: r["set"])


def register(sub: Any) -> None:
    p = sub.add_parser("cards", help="card data reports")
    csub = p.add_subparsers(dest="cards_command", required=True)
    cov = csub.add_parser("coverage", help="per set: cards, effects, hand-scripted, compiled, unverified")
    cov.add_argument("--cards", nargs="+", help="card files or folders (default: the bundled sets with their scripts)")
    cov.add_argument("--json", action="store_true")
    cov.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    db = load_cards(args.cards) if args.cards else bundled_cards(scripted=True)
    rows = coverage(db)
    if getattr(args, "json", False):
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    print(f"{'set':<8}{'cards':>7}{'effects':>9}{'hand':>7}{'compiled':>10}{'unverified':>12}{'verified cards':>16}")
    for r in rows:
        print(f"{r['set']:<8}{r['cards']:>7}{r['effects']:>9}{r['hand_scripted']:>7}{r['compiled']:>10}{r['unverified']:>12}"
              f"{r['verified_cards']:>12}/{r['cards']}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pmemo-replay")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.run(args))
