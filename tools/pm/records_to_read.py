"""List the cards that need an independent read: a script the engine runs, and no latest record for it.

For each set folder (default: the five sets in ../shared/data/precious-data/data), the cards with a scripted effect
(compiled: ``load_cards([FOLDER], hand_scripts=False)``; MHK: its hand scripts, ``bundled_cards()``) whose latest
record in docs/verification.md (by date, then line) is missing or names another digest. One line per card: id,
current digest, the latest record's digest and verdict (``-`` when none).

    PYTHONPATH=$PWD python tools/pm/records_to_read.py [SET_FOLDER ...]
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from engine.pm.cards import Card
from engine.pm.cards.verification import Record, parse_records, script_digest
from pmemo_replay.cards import bundled_cards, load_cards

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data" / "precious-data" / "data"
SETS = ("GRAN", "MHK", "SAGA", "SSSS", "SZ2")


def _scripted(card: Card) -> bool:
    return any(e.script is not None for e in card.effects) or (card.backup is not None and card.backup.script is not None)


def to_read(folder: Path, records: list[Record]) -> Iterator[tuple[str, str, Record | None]]:
    """(card id, current digest, latest record) of each scripted card of the set whose latest record is stale."""
    name = folder.name
    cards = bundled_cards() if name == "MHK" else load_cards([folder], hand_scripts=False)
    for card in sorted(cards, key=lambda c: c.id):
        if not card.id.startswith(f"{name} ") or not _scripted(card):
            continue
        digest = script_digest(card)
        mine = [r for r in records if r.card == card.id]
        last = max(mine, key=lambda r: (r.date, r.line)) if mine else None
        if last is None or last.script != digest:
            yield card.id, digest, last


def main(argv: list[str]) -> int:
    records = parse_records((ROOT / "docs" / "verification.md").read_text(encoding="utf-8"))
    folders = [Path(a) for a in argv] or [DATA / s for s in SETS]
    n = 0
    for folder in folders:
        for cid, digest, last in to_read(folder, records):
            print(cid, digest, last.script if last else "-", last.verdict if last else "-")
            n += 1
    print(f"{n} card(s) to read", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
