"""Write fixtures/cards/mhk.json: the MHK set's card FACTS in the native format.

Reads the precious-data MHK folder (default: ../shared/data/precious-data/data/MHK beside
the repository) with the precious-data reader and writes ids, names, series, types, colors,
costs, AP/DP, properties, timings, keywords and the effect structure only; and
fixtures/cards/scripted/mhk.json: the same with the hand-written scripts of tools/pm/mhk_scripts.py. No card text,
flavor text or image reference ever goes into the repository (they are the publisher's).

    python tools/pm/make_mhk_facts.py [MHK-FOLDER] [-o OUT]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from engine.pm.cards import CardDB  # noqa: E402
from engine.pm.cards.native import dump_native  # noqa: E402
from engine.pm.cards.precious import parse_precious  # noqa: E402
from pmemo_replay.games.cards import read_documents  # noqa: E402
from tools.pm.mhk_scripts import SCRIPTS  # noqa: E402

DEFAULT_SRC = REPO.parent / "shared" / "data" / "precious-data" / "data" / "MHK"
DEFAULT_OUT = REPO / "fixtures" / "cards" / "mhk.json"
SCRIPTED_OUT = REPO / "fixtures" / "cards" / "scripted" / "mhk.json"
_CARD_FACTS = {"id", "name", "series", "type", "color", "cost", "source", "ap", "dp", "properties", "timing"}
_KEYWORDS = {"active", "break", "level_up", "ex", "untargetable", "ignore", "pinch", "combo", "reinforcement"}
FACT_FIELDS = _CARD_FACTS | _KEYWORDS | {"backup", "effects"}
EFFECT_FIELDS = {"kind", "timing", "cost", "cost_color", "rest", "discard_name", "trigger", "once_per_turn"}
SCRIPT_FIELDS = {"do", "targets", "trigger", "optional", "condition", "why"}


def _effect(e: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in e.items() if k in EFFECT_FIELDS}


def _merge_scripts(card: dict[str, Any], scripts: dict[str, Any]) -> None:
    """Add the hand-written scripts (tools/pm/mhk_scripts.py) to the card's effect entries, by position."""
    extra = scripts.get("effects", [])
    if extra and len(extra) != len(card.get("effects", [])):
        raise SystemExit(f"{card['id']}: {len(extra)} scripted entries for {len(card.get('effects', []))} effects")
    for entry, more in zip(card.get("effects", []), extra, strict=False):
        _merge(entry, more)
    if "backup" in scripts:
        _merge(card["backup"], scripts["backup"])


def _merge(entry: dict[str, Any], more: dict[str, Any]) -> None:
    for key, value in more.items():
        if key not in SCRIPT_FIELDS:
            raise SystemExit(f"unknown script field {key!r}")
        entry[key] = value


def facts_document(db: CardDB, *, scripted: bool = False) -> dict[str, Any]:
    """The native document of ``db`` with every non-fact field dropped (``scripted``: with the hand-written scripts)."""
    doc = dump_native(db)
    cards = []
    for card in sorted(doc["cards"], key=lambda c: c["id"]):
        card = {k: v for k, v in card.items() if k in FACT_FIELDS}
        if "backup" in card:
            card["backup"] = _effect(card["backup"])
        if "effects" in card:
            card["effects"] = [_effect(e) for e in card["effects"]]
        if scripted:
            _merge_scripts(card, SCRIPTS.get(card["id"], {}))
        cards.append(card)
    doc["cards"] = cards
    doc["meta"] = {
        "source": "facts read from insanity54/precious-data data/MHK by tools/pm/make_mhk_facts.py",
        "note": ("card facts and the project's own effect scripts (tools/pm/mhk_scripts.py) only" if scripted else
                 "card facts only") + ": no card text, flavor text or images",
    }
    return doc


def write(doc: dict[str, Any], out: Path) -> None:
    """Write one card per line (stable, diff-friendly)."""
    head = {k: v for k, v in doc.items() if k != "cards"}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "cards": [']
    cards = [json.dumps(c, ensure_ascii=False) for c in doc["cards"]]
    lines += [f"  {c}," for c in cards[:-1]] + [f"  {cards[-1]}", "]}"]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src", nargs="?", type=Path, default=DEFAULT_SRC)
    parser.add_argument("-o", "--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--scripted", type=Path, default=SCRIPTED_OUT)
    args = parser.parse_args(argv)
    db = parse_precious(read_documents(args.src), name=args.src.stem)
    db.name = "mhk"
    write(facts_document(db), args.out)
    write(facts_document(db, scripted=True), args.scripted)
    print(f"wrote {len(db)} cards to {args.out} and, with their scripts, to {args.scripted}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
