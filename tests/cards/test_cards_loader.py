"""load_cards, bundled_cards and the bundled MHK facts fixture."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pmemo_replay.cards import CardDataError, bundled_cards, load_cards
from pmemo_replay.games.cards import ROOT
from tests.pm_cards import read_precious

BUNDLED = ROOT / "fixtures" / "cards"

MHK = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "precious-data" / "data" / "MHK"
needs_data = pytest.mark.skipif(not MHK.is_dir(), reason="../shared/data/precious-data absent")


def _native(*cards: dict[str, Any], groups: list[list[str]] | None = None) -> dict[str, Any]:
    return {"format": "pmemo-cards", "version": 1, "series_groups": groups or [], "cards": list(cards)}


def _chara(card_id: str, name: str, series: str = "Test") -> dict[str, Any]:
    return {
        "id": card_id,
        "name": name,
        "series": series,
        "type": "chara",
        "color": "red",
        "cost": 1,
        "source": 1,
        "ap": 10,
        "dp": 10,
    }


def _precious(card_id: str, name: str) -> dict[str, Any]:
    return {
        "id": card_id,
        "name": name,
        "setName": "映画「けいおん！」",
        "type": "キャラクター",
        "color": "青",
        "cost": "1",
        "source": "2",
        "ap": "20",
        "dp": "20",
        "characteristic": ["軽音部"],
        "text": "-",
        "flavor": "-",
    }


def _write(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_mixed_folder_and_override(tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    _write(folder / "a_native.json", _native(_chara("TST 01-001", "Aki"), groups=[["Test", "Test 2"]]))
    _write(folder / "sub" / "KON_01-001.json", _precious("KON 01-001", "平沢 唯"))
    later = _write(tmp_path / "later.json", _native(_chara("TST 01-001", "Aki v2", "Test 2")))
    db = load_cards([folder, later])
    assert len(db) == 2
    assert db.get("TST 01-001").name == "Aki v2"
    assert db.get("KON 01-001").properties == ("軽音部",)
    assert db.series_key("Test") == db.series_key("Test 2")
    assert db.series_key("けいおん！") == db.series_key("映画「けいおん！」")
    assert db.series_key("けいおん！！") == db.series_key("けいおん！")  # rule-book group 1


def test_single_path_and_precious_list(tmp_path: Path) -> None:
    path = _write(tmp_path / "list.json", [_precious("KON 01-001", "平沢 唯"), _precious("KON 01-002", "秋山 澪")])
    assert len(load_cards([path])) == 2
    assert len(load_cards([str(path)])) == 2


def test_missing_path(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match=r"nope\.json: no such file or folder"):
        load_cards([tmp_path / "nope.json"])


def test_neither_format(tmp_path: Path) -> None:
    _write(tmp_path / "d" / "other.json", {"hello": "world"})
    with pytest.raises(CardDataError, match=r"other.json: neither a pmemo-cards file nor"):
        load_cards([tmp_path / "d"])


def test_bad_json_and_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("[", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"bad.json: cannot read JSON"):
        load_cards([tmp_path / "bad.json"])
    (tmp_path / "empty").mkdir()
    with pytest.raises(CardDataError, match=r"empty: no .json files"):
        load_cards([tmp_path / "empty"])


def test_native_error_names_file(tmp_path: Path) -> None:
    card = dict(_chara("TST 01-001", "Aki"), color="pink")
    path = _write(tmp_path / "cards.json", _native(card))
    with pytest.raises(CardDataError, match=r"cards.json: cards\[0\] \(TST 01-001\): color: 'pink'"):
        load_cards([path])


def test_bundled_cards() -> None:
    db = bundled_cards()
    assert db is bundled_cards()
    assert Path(__file__).resolve().parents[2] / "fixtures" / "cards" == BUNDLED
    c = db.get("MHK ST-001")
    assert (c.name, c.color, c.cost, c.source, c.ap, c.dp) == ("司波 達也", "blue", 5, 2, 50, 50)
    assert db.get("MHK 01-034").combo == ("司波 達也", "司波 深雪")
    assert db.series_key("魔法科高校の劣等生 星を呼ぶ少女") == db.series_key(c.series)
    assert all(e.scripted for e in c.effects), "the MHK scripts are part of the default card data"
    assert not any(e.scripted for e in bundled_cards(scripted=False).get("MHK ST-001").effects)


def test_bundled_fixture_holds_facts_only() -> None:
    doc = json.loads((BUNDLED / "mhk.json").read_text(encoding="utf-8"))
    assert doc["format"] == "pmemo-cards" and len(doc["cards"]) == 170
    allowed_effect = {"kind", "timing", "cost", "cost_color", "rest", "discard_name", "trigger", "once_per_turn"}
    for card in doc["cards"]:
        assert not {"text", "flavor", "image", "url", "meta"} & card.keys(), card["id"]
        for effect in [*card.get("effects", []), *([card["backup"]] if "backup" in card else [])]:
            assert effect.keys() <= allowed_effect, card["id"]
    raw = (BUNDLED / "mhk.json").read_text(encoding="utf-8")
    assert "。" not in raw and "http" not in raw


@needs_data
def test_bundled_equals_precious_data() -> None:
    """The bundled facts (without the hand-written scripts) are what the precious-data files say."""
    bundled, precious = bundled_cards(scripted=False), read_precious(MHK)
    mhk = [c for c in bundled if c.set_code == "MHK"]
    assert len(mhk) == len(precious) == 170
    for card in precious:
        assert bundled.get(card.id) == card, card.id
    assert precious.series_groups() == [g for g in bundled.series_groups() if set(g) & {c.series for c in precious}]
