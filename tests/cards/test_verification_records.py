"""docs/verification.md: the records parse, and "verified" follows the latest read of the current script."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine.pm.cards import CardDB
from engine.pm.cards.verification import VerificationError, parse_records, script_digest, verified
from pmemo_replay.cards import bundled_cards

CARDS = bundled_cards()
VERIFICATION = Path(__file__).resolve().parents[2] / "docs" / "verification.md"


def test_the_file_parses_and_names_real_cards() -> None:
    records = parse_records(VERIFICATION.read_text(encoding="utf-8"), str(VERIFICATION))
    assert records and {r.verdict for r in records} <= {"right", "wrong", "doubtful"}
    mhk = [r for r in records if r.card.startswith("MHK ")]
    assert all(r.card in CARDS for r in mhk)
    ok = verified(CARDS, records)
    for card in {r.card for r in mhk}:  # verified only when its latest read of the current script says right
        current = sorted((r for r in mhk if r.card == card and r.script == script_digest(CARDS.get(card))),
                         key=lambda r: r.date)
        assert (card in ok) == bool(current and current[-1].verdict == "right"), card


def test_verified_needs_the_current_script_and_a_right_latest_read() -> None:
    card = CARDS.get("MHK 01-050")
    digest = script_digest(card)
    rows = ("| card | script | verdict | reader | date | note |\n| --- | --- | --- | --- | --- | --- |\n"
            f"| MHK 01-050 | {digest} | wrong | a | 2026-11-01 | first |\n"
            f"| MHK 01-050 | {digest} | right | b | 2026-11-20 | re-read |\n")
    db = CardDB([card])
    assert verified(db, parse_records(rows)) == {"MHK 01-050"}
    assert verified(db, parse_records(rows + f"| MHK 01-050 | {digest} | doubtful | c | 2026-11-21 | x |\n")) == set()
    changed = replace(card, effects=card.effects[:0])
    assert script_digest(changed) != digest
    assert verified(CardDB([changed]), parse_records(rows)) == set()


@pytest.mark.parametrize(("row", "says"), [
    ("| MHK 01-050 | 0123456789ab | fine | a | 2026-11-01 | x |", "verdict"),
    ("| MHK 01-050 | nothex | right | a | 2026-11-01 | x |", "12 hex"),
    ("| MHK 01-050 | 0123456789ab | right | a | 27.11.2026 | x |", "ISO date"),
    ("| MHK 01-050 | 0123456789ab | right | a | 2026-11-01 |", "6 cells"),
])
def test_bad_rows_are_named(row: str, says: str) -> None:
    with pytest.raises(VerificationError, match=says) as err:
        parse_records("intro\n" + row, "v.md")
    assert "v.md:2" in str(err.value)
