"""Run-together properties in the community files are split against the folder's own vocabulary (issue 26 point 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.pm.cards import Card
from engine.pm.cards.properties import segmentations, split_run_together
from tests.pm_cards import read_precious

GRAN = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data" / "GRAN"


def _card(n: int, *props: str) -> Card:
    return Card(id=f"TST 01-{n:03d}", name=f"C{n}", series="S", type="chara", color="red", cost=1, source=1, ap=10,
                dp=10, properties=props)


def test_split_only_what_the_vocabulary_explains_one_way() -> None:
    cards = [_card(1, "AB", "CD"), _card(2, "EF", "AB"), _card(3, "ABCDEF"), _card(4, "ABX"), _card(5, "AB")]
    got = {c.id: c.properties for c in split_run_together(cards)}
    assert got["TST 01-003"] == ("AB", "CD", "EF")
    assert got["TST 01-004"] == ("ABX",)  # X is no known property: left alone
    assert got["TST 01-005"] == ("AB",)
    assert len(segmentations("ab", frozenset({"a", "b", "ab"}))) == 2  # two ways: a split would be a guess


@pytest.mark.skipif(not GRAN.is_dir(), reason="needs ../shared/data/precious-data")
def test_gran_starter_properties_are_split() -> None:
    db = read_precious(GRAN)
    for n in (15, 16, 17, 18):
        assert set(db.get(f"GRAN ST-0{n}").properties) >= {"制服", "魔術師"}
    assert all(len(p) < 8 for c in db for p in c.properties)
