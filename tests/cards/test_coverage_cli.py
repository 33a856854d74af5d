"""``pmemo-replay cards coverage``: its columns add up, keywords are not effects, and where hand scripts win it says
how many the compiler reproduces."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.rulesets import get_ruleset
from pmemo_replay.cli.cards import main

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"


def _rows(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, dict[str, int]]:
    assert main(["cards", "coverage", *args, "--json"]) == 0
    return {r["set"]: r for r in json.loads(capsys.readouterr().out)}


def test_columns_add_up_on_the_bundled_sets(capsys: pytest.CaptureFixture[str]) -> None:
    for row in _rows(capsys).values():
        assert row["hand_scripted"] + row["compiled"] + row["unverified"] == row["effects"]
        assert row["keywords_unapplied"] <= row["keywords"] and row["verified_cards"] <= row["scripted_cards"] <= row["cards"]


def test_verified_counts_only_cards_read_right() -> None:
    """``verified_cards`` counts a card with effects only when docs/verification.md's latest read of its current script
    says right (a card read wrong or doubtful, or whose script changed since its read, does not count)."""
    from engine.pm.cards.coverage import coverage
    from engine.pm.cards.verification import parse_records, verified
    from pmemo_replay.cards import bundled_cards
    from pmemo_replay.cli.cards import verification_text
    from pmemo_replay.logio import DEFAULT_RULESET

    text = verification_text(get_ruleset(DEFAULT_RULESET))
    assert text is not None
    db = bundled_cards(scripted=True)
    mhk = [c for c in db if c.set_code == "MHK"]
    read = verified(db, parse_records(text))
    row = {r["set"]: r for r in coverage(db, records=text)}["MHK"]
    with_effects = [c for c in mhk if c.effects or c.backup]
    assert row["verified_cards"] == len(mhk) - len(with_effects) + sum(c.id in read for c in with_effects)
    assert 0 < row["verified_cards"] < row["scripted_cards"]  # the session-7 read found cards wrong
    assert {r["set"]: r for r in coverage(db)}["MHK"]["verified_cards"] == sum(not (c.effects or c.backup) for c in mhk)


@pytest.mark.skipif(not DATA.is_dir(), reason="needs ../shared/data/precious-data")
def test_precious_folders(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _rows(capsys, "--cards", str(DATA / "MHK"), str(DATA / "SAGA"))
    mhk, saga = rows["MHK"], rows["SAGA"]
    assert mhk["hand_scripted"] == mhk["effects"] and mhk["compiled"] == 0  # hand scripts win on MHK...
    assert 0 < mhk["compiler_same"] <= mhk["compiler_also"] <= mhk["hand_scripted"]  # ...and the compiler is measured
    assert saga["compiled"] + saga["unverified"] == saga["effects"] and saga["hand_scripted"] == 0
    assert saga["keywords"] > 0 and saga["keywords_unapplied"] == 0  # 〔突破N〕 / 〔我慢〕: applied, not effects
    main(["cards", "coverage", "--cards", str(DATA / "SAGA")])
    assert "SAGA" in capsys.readouterr().out
