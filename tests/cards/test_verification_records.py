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


def _changed(value: object) -> object:
    """Another value of the same kind (for a field the digest must or must not notice)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    return None


def test_the_digest_names_every_field_the_engine_runs() -> None:
    """Format 2: every constructor field of each effect and of the card changes the digest, except the printed facts
    of the card file and what is only shown; a change of timing, cost or Pinch needs a new read."""
    from dataclasses import fields

    from engine.pm.cards import Effect, Timing
    from engine.pm.cards.digest import PRINTED, SHOWN

    card = CARDS.get("MHK 01-050")
    effect = card.effects[0]
    digest = script_digest(card)
    runs = {"timing": Timing("main", "self"), "cost": 2, "cost_color": "red", "rest": True, "discard_name": "x",
            "trigger": "approach", "optional": True, "once_per_turn": False, "targets": (),
            "script": ({"op": "draw", "n": 1},), "condition": {"op": "turn", "side": "self"}, "kind": "activated"}
    for f in fields(Effect):
        if f.name in SHOWN:
            assert script_digest(replace(card, effects=(replace(effect, **{f.name: _changed(getattr(effect, f.name))}),
                                                        ))) == digest, f.name
        else:
            assert script_digest(replace(card, effects=(replace(effect, **{f.name: runs[f.name]}),))) != digest, f.name
    assert script_digest(replace(card, backup=effect)) != digest
    facts = {"timing": Timing("main", "self"), "timings": (Timing("approach", "self"),), "use_condition": {"op": "x"},
             "pinch": (3, 20, 20), "combo": ("a", "b"), "reinforcement": ("name", "a"), "ignore": 1,
             "breakthrough": 30}
    for f in fields(card):
        if not f.init or f.name in ("effects", "backup"):
            continue
        value = getattr(card, f.name)
        other = facts.get(f.name, _changed(value))
        if f.name in PRINTED or f.name in SHOWN:
            other = ("y",) if f.name == "properties" else other
            assert script_digest(replace(card, **{f.name: other})) == digest, f.name
        else:
            assert script_digest(replace(card, **{f.name: other})) != digest, f.name


def test_sz2_effects_differing_only_in_timing_have_their_own_digests() -> None:
    """SZ2 01-112 and 01-113 shared a format-1 digest (the same steps, different timings)."""
    from tests.pm_cards import read_precious

    data = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data" / "SZ2"
    if not data.is_dir():
        pytest.skip("needs ../shared/data/precious-data")
    db = read_precious(data, compile=True)
    one, two = db.get("SZ2 01-112"), db.get("SZ2 01-113")
    assert [e.script for e in one.effects] == [e.script for e in two.effects]
    assert script_digest(one) != script_digest(two)
