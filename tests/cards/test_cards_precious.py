"""The precious-data reader: the real MHK files (when ../shared is present) and synthetic ones."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.pm.cards import CardDB, Effect, Timing
from engine.pm.cards.precious import precious_card
from engine.pm.cards.precious_text import parse_text
from pmemo_replay.cards import CardDataError
from tests.pm_cards import read_precious

PRECIOUS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "precious-data"
MHK = PRECIOUS / "data" / "MHK"
needs_data = pytest.mark.skipif(not MHK.is_dir(), reason="../shared/data/precious-data absent")


@pytest.fixture(scope="module")
def mhk() -> CardDB:
    return read_precious(MHK)


@needs_data
def test_all_mhk_files_read(mhk: CardDB) -> None:
    files = list(MHK.rglob("*.json"))
    assert len(files) == 170
    assert len(mhk) == 170
    assert sum(1 for c in mhk if c.text) >= 150  # the files' texts, kept in memory for the hover card
    assert all(e.script is None for c in mhk for e in c.effects)
    assert {c.series for c in mhk} == {"劇場版 魔法科高校の劣等生 星を呼ぶ少女"}
    assert mhk.series_key("魔法科高校の劣等生 星を呼ぶ少女") == mhk.series_key("劇場版 魔法科高校の劣等生 星を呼ぶ少女")


@needs_data
def test_st_001(mhk: CardDB) -> None:
    c = mhk.get("MHK ST-001")
    assert (c.name, c.type, c.color, c.cost, c.source, c.ap, c.dp) == (
        "司波 達也",
        "chara",
        "blue",
        5,
        2,
        50,
        50,
    )
    assert c.properties == ("制服", "魔法師")
    assert c.has_stats and c.timing is None and not c.active
    assert [e.kind for e in c.effects] == ["continuous", "auto"]


@needs_data
def test_combo_and_ex(mhk: CardDB) -> None:
    c = mhk.get("MHK 01-034")
    assert c.ex and c.combo == ("司波 達也", "司波 深雪")
    assert c.names == ("司波 達也＆司波 深雪", "司波 達也", "司波 深雪")
    assert mhk.get("MHK ST-007").combo == ("司波 達也", "司波 深雪")
    assert mhk.get("MHK ST-007").effects == ()  # only reminder text


@needs_data
def test_active(mhk: CardDB) -> None:
    assert mhk.get("MHK ST-014").active
    assert mhk.get("MHK ST-014").effects == ()  # reminder text is no effect
    assert not mhk.get("MHK 01-010").active  # granted later in the text, not a keyword


@needs_data
def test_events(mhk: CardDB) -> None:
    c = mhk.get("MHK 01-114")
    assert c.type == "event" and c.timing == Timing("main", "self") and c.break_
    assert c.ap is None and c.dp is None and not c.has_stats
    assert mhk.get("MHK 01-116").timing == Timing("approach", "opponent")  # full-width ［］
    assert mhk.get("MHK 01-116").break_
    assert mhk.get("MHK 01-110").timing == Timing("main", "decline")
    assert [e.kind for e in mhk.get("MHK 01-111").effects] == ["continuous", "auto"]
    events = [c for c in mhk if c.type == "event"]
    assert len(events) == 28 and all(c.timing is not None for c in events)
    assert all(not c.activated() for c in events)


@needs_data
def test_activated_costs(mhk: CardDB) -> None:
    (st005,) = mhk.get("MHK ST-005").activated()
    assert st005.discard_name == "司波 深雪" and st005.timing == Timing("main", "self")
    assert st005.cost == 0 and not st005.rest
    (st008,) = mhk.get("MHK ST-008").activated()
    assert st008.rest and st008.timing == Timing("main", "both")
    (dec,) = mhk.get("MHK 01-005").activated()
    assert dec.timing == Timing("approach", "decline") and dec.discard_name == "司波 達也"
    assert [e.cost for e in mhk.get("MHK P-006").activated()] == [0, 3]  # [X/Y]《n》: form
    assert [e.cost for e in mhk.get("MHK 01-025").activated()] == [2]
    assert [(e.timing, e.rest) for e in mhk.get("MHK 01-012").activated()] == [
        (Timing("main", "self"), True),
        (Timing("main", "opponent"), True),
    ]


@needs_data
def test_backup(mhk: CardDB) -> None:
    c = mhk.get("MHK 01-072")
    assert c.backup == Effect(kind="auto")
    assert [(e.kind, e.trigger) for e in c.effects] == [("auto", None)]
    assert mhk.get("MHK 01-053").backup is not None and mhk.get("MHK 01-053").ex
    assert sum(c.backup is not None for c in mhk) == 6
    assert c.unscripted


@needs_data
def test_stats(mhk: CardDB) -> None:
    c = mhk.get("MHK 01-003")  # AP/DP "-"
    assert c.ap is None and c.dp is None and not c.has_stats
    c = mhk.get("MHK 01-050")  # DP "0" is a real zero
    assert (c.ap, c.dp) == (30, 0) and c.has_stats


@needs_data
def test_triggers(mhk: CardDB) -> None:
    def autos(card_id: str) -> list[str | None]:
        return [e.trigger for e in mhk.get(card_id).automatic()]

    assert autos("MHK 01-002") == ["enter"]  # その場合/捨て札にした場合 continue it
    assert autos("MHK 01-001") == ["interfered"]
    assert autos("MHK 01-018") == ["enter", "approach"]
    assert autos("MHK ST-024") == ["turn_end"]
    assert autos("MHK 01-061") == ["enter"]
    assert autos("MHK 01-017") == ["approach"]
    assert autos("MHK 01-094") == ["enter"]  # "この効果で" continues it
    assert autos("MHK 01-034") == [None, None]
    assert [e.kind for e in mhk.get("MHK P-004").effects] == ["continuous", "continuous", "auto"]


@needs_data
def test_properties_split(mhk: CardDB) -> None:
    assert mhk.get("MHK 01-058").properties == ("制服", "魔法師", "メガネ")
    assert mhk.get("MHK 01-102").properties == ("制服", "魔法師", "生徒会長")
    assert mhk.get("MHK 01-106").properties == ()


def _card(**fields: Any) -> dict[str, Any]:
    base = {
        "id": "TST 01-001",
        "name": "テスト",
        "setName": "テスト作品",
        "type": "キャラクター",
        "color": "赤",
        "cost": "2",
        "source": "1",
        "ap": "30",
        "dp": "20",
        "characteristic": ["制服"],
        "text": "-",
    }
    base.update(fields)
    return {k: v for k, v in base.items() if v is not None}


def _write(folder: Path, name: str, data: Any) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_synthetic_keywords(tmp_path: Path) -> None:
    _write(tmp_path, "a/TST_01-001.json", _card(text="〔天然２〕〔アクティブ〕このカードが登場した場合、カードを1枚引く。"))
    _write(
        tmp_path,
        "a/TST_01-002.json",
        _card(id="TST 01-002", text="〔逆境4〕:「このカードは、+10/+20を得る。」[メイン/自分]:《休》カードを1枚引く。"),
    )
    _write(
        tmp_path,
        "b/TST_01-003.json",
        _card(id="TST 01-003", text="〔連携:「千葉 エリカ」〕（連携の説明。）このカードは、+10/±0を得る。"),
    )
    _write(
        tmp_path,
        "b/TST_01-004.json",
        _card(id="TST 01-004", color="紫", text="レベルアップ（説明。）このカードがアプローチに参加した場合、カードを1枚引く。"),
    )
    _write(tmp_path, "b/TST_01-005.json", _card(id="TST 01-005", text="〔連携:【魔法師】〕"))
    _write(
        tmp_path, "b/TST_01-006.json", _card(id="TST 01-006", text="〔逆境３〕＋20/±0:「[メイン/両方]《1》:カードを1枚引く。」")
    )
    db = read_precious(tmp_path)
    assert len(db) == 6
    one = db.get("TST 01-001")
    assert one.ignore == 2 and one.active and one.effects == (Effect("auto", trigger="enter", once_per_turn=True),)
    two = db.get("TST 01-002")
    assert two.pinch == (4, 10, 20)
    assert [(e.kind, e.rest) for e in two.effects] == [("continuous", False), ("activated", True)]
    assert db.get("TST 01-003").reinforcement == ("name", "千葉 エリカ")
    assert [e.kind for e in db.get("TST 01-003").effects] == ["continuous"]
    four = db.get("TST 01-004")
    assert four.level_up and four.color == "purple"
    assert four.effects == (Effect("auto", trigger="approach", once_per_turn=True),)
    assert db.get("TST 01-005").reinforcement == ("property", "魔法師")
    six = db.get("TST 01-006")
    assert six.pinch == (3, 20, 0)
    assert [(e.kind, e.cost, e.timing) for e in six.effects] == [("activated", 1, Timing("main", "both"))]


def test_keywords_only_from_the_leading_run() -> None:
    facts = parse_text("このカードは、〔アクティブ〕を得る。〔ブレイク〕している場合、引く。", "chara")
    assert not facts.active and not facts.break_
    facts = parse_text("〔レベルアップ〕〔ＥＸカード〕〔コンビ〕［メイン／割り込み］：引く。", "event")
    assert facts.level_up and facts.ex and facts.combo
    assert facts.timing == Timing("main", "decline")
    assert parse_text("〔天然1〕〔謎〕〔ブレイク〕", "chara").break_  # unknown markers skipped


def test_older_schema(tmp_path: Path) -> None:
    old = _card(
        id=None,
        cost=None,
        source=None,
        setAbbr="OLD",
        number="01-007",
        usageCost="３",
        outbreakCost="0",
        characteristic="水着、魔法師　メガネ",
        type="サポート",
        ap="",
        dp="",
        text="[メイン/自分]:《1》引く。",
    )
    path = _write(tmp_path, "OLD_01-007.json", old)
    card = read_precious(path).get("OLD 01-007")
    assert (card.cost, card.source, card.type) == (3, 0, "support")
    assert card.properties == ("水着", "魔法師", "メガネ")
    assert card.ap is None and card.dp is None
    assert [(e.kind, e.cost) for e in card.effects] == [("activated", 1)]


def test_combo_name_with_ascii_ampersand() -> None:
    card = precious_card(_card(name="A B&C D", text="〔コンビ〕"))
    assert card.combo == ("A B", "C D")


def test_ignored_extra_fields_and_no_text_for_a_dash() -> None:
    card = precious_card(_card(flavor="フレーバー", image="http://x", url="u", rarity="R"))
    assert card.text is None and card.effects == ()


BAD: list[tuple[dict[str, Any], str]] = [
    ({"color": " "}, "color: empty"),
    ({"type": "ヒーロー"}, "type: 'ヒーロー' is not one of キャラクター, イベント, サポート"),
    ({"cost": "x"}, "cost: 'x' is not a number"),
    ({"cost": None}, "cost: missing required field"),
    ({"ap": "abc"}, "ap: 'abc' is not a number"),
    ({"characteristic": 3}, "characteristic: 3 is not a string or a list of strings"),
    ({"name": "単独", "text": "〔コンビ〕"}, "name: a 〔コンビ〕 card's name '単独'"),
    ({"text": "〔天然〕"}, "text: 〔天然〕 needs a number"),
    ({"text": "〔連携:誰か〕"}, "text: cannot read the marker 〔連携:誰か〕"),
    ({"text": 5}, "text: 5 is not a string"),
]


@pytest.mark.parametrize(("change", "message"), BAD)
def test_bad_precious_card(change: dict[str, Any], message: str) -> None:
    with pytest.raises(CardDataError) as err:
        precious_card(_card(**change), "TST_01-001.json")
    assert str(err.value).startswith(f"TST_01-001.json: TST 01-001: {message}")


def test_white_and_unknown_colours_do_not_stop_a_folder(tmp_path: Path) -> None:
    """白 is a colour of its own (white); a colour nobody listed is kept as written, and the folder still loads."""
    _write(tmp_path, "TST_01-001.json", _card(color="白"))
    _write(tmp_path, "TST_01-002.json", _card(id="TST 01-002", color="桃"))
    _write(tmp_path, "TST_01-003.json", _card(id="TST 01-003", color="青"))
    db = read_precious(tmp_path)
    assert [db.get(f"TST 01-00{i}").color for i in (1, 2, 3)] == ["white", "桃", "blue"]


def test_white_cost_identity_and_native_round_trip() -> None:
    """A white card's cost is paid by a white card or one of its series, as for any colour; native keeps white."""
    from engine.pm.cards.native import dump_native, parse_native

    white = precious_card(_card(color="白"))
    db = parse_native(dump_native(CardDB([white])))
    assert db.get("TST 01-001").color == "white"


def test_properties_split_on_line_breaks() -> None:
    """One string holding several properties, split on real line breaks and on a written-out \\n."""
    card = precious_card(_card(characteristic=["制服\n魔法師\r\nメガネ"]))
    assert card.properties == ("制服", "魔法師", "メガネ")
    written_out = precious_card(_card(characteristic=["制服\\n魔法師"]))
    assert written_out.properties == ("制服", "魔法師")


def test_missing_id() -> None:
    with pytest.raises(CardDataError, match=r"x.json: id: missing"):
        precious_card(_card(id=None), "x.json")


def test_not_a_card_file(tmp_path: Path) -> None:
    _write(tmp_path, "setData.json", [{"setName": "x", "setAbbrVarieties": ["X"]}])
    with pytest.raises(CardDataError, match=r"setData.json: not a precious-data card object"):
        read_precious(tmp_path)


def test_missing_path(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match=r"no such file or folder"):
        read_precious(tmp_path / "nope")
