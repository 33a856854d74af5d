"""Cards whose usage cost is a symbol (△, as YRC's 〔EXカード〕 Supports print) or whose provided cost is '-': read as
no number (``cost`` None with ``cost_symbol``, ``source`` None), measured, written natively, and played with. Also:
one unreadable file in a folder is named and left out by the reports, while a game's load of it still refuses it.
Every card here is made up (no card text of a real set)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.pm.cards import Card, CardDB, Effect
from engine.pm.cards.native import dump_native, parse_native
from engine.pm.conditions import card_matches
from engine.pm.legal import legal_actions
from pmemo_replay.cards import CardDataError
from pmemo_replay.cards.compile_measure import main as compile_measure
from pmemo_replay.cli.cards import main as cards_cli
from pmemo_replay.games.cards import load_set
from tests.engine.kit import DB, Game, assert_illegal, assert_legal
from tests.pm_cards import read_precious


def _card(number: str, **fields: Any) -> dict[str, Any]:
    base = {"id": f"TST {number}", "name": f"試験 {number}", "setName": "試験作品", "type": "キャラクター", "color": "赤",
            "cost": "2", "source": "1", "ap": "30", "dp": "30", "characteristic": ["-"],
            "text": "このカードが登場した場合、カードを1枚引く。"}
    base.update(fields)
    return base


SYMBOL_SUPPORT = _card("01-101", type="サポート", cost="△", usageCost="△", source="0", ap="-", dp="-",
                       text="〔EXカード〕このカードがセットされているキャラは、+10/+10を得る。")
NO_SOURCE = _card("01-102", type="サポート", cost="1", source="-", ap="-", dp="-", text="")
BROKEN = _card("01-103", cost="abc")


def _folder(tmp_path: Path, *cards: dict[str, Any]) -> Path:
    folder = tmp_path / "TST"
    folder.mkdir(exist_ok=True)
    for data in cards:
        (folder / f"{data['id'].replace(' ', '_')}.json").write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return folder


def test_a_symbol_cost_is_no_number_and_a_dash_source_is_none(tmp_path: Path) -> None:
    db = read_precious(_folder(tmp_path, _card("01-001"), SYMBOL_SUPPORT, NO_SOURCE), compile=True)
    ex, plain, poor = db.get("TST 01-101"), db.get("TST 01-001"), db.get("TST 01-102")
    assert (ex.cost, ex.cost_symbol, ex.source, ex.ex, ex.type) == (None, "△", 0, True, "support")
    assert (plain.cost, plain.cost_symbol, plain.source) == (2, None, 1)
    assert (poor.cost, poor.source) == (1, None)
    assert ex.effects[0].compiled  # its text is read as any Support's
    back = parse_native(dump_native(db)).get("TST 01-101")
    assert (back.cost, back.cost_symbol, back.source) == (None, "△", 0)


def test_native_cost_symbol_needs_a_null_cost() -> None:
    doc = dump_native(CardDB([Card(id="TST 01-001", name="A", series="S", type="support", color="red", cost=2,
                                   source=1)]))
    doc["cards"][0]["cost_symbol"] = "△"
    with pytest.raises(CardDataError, match="cost_symbol: a card with a numeric cost has no cost_symbol"):
        parse_native(doc)


def test_no_cost_filter_fits_a_symbol_cost() -> None:
    g = Game(db=_db()).fold().state
    ex = g.card("TST 03-102")
    for f in ({"max_cost": 10}, {"min_cost": 0}, {"type": "support", "max_cost": 0}):
        assert not card_matches(g, ex, f, 0, "hand")
        assert not card_matches(g, ex, f, 0)
    assert card_matches(g, ex, {"type": "support"}, 0, "hand")


def test_the_reports_name_an_unreadable_file_and_measure_the_rest(tmp_path: Path, capsys: Any) -> None:
    folder = _folder(tmp_path, _card("01-001"), SYMBOL_SUPPORT, BROKEN)
    (folder / "TST_01-104.json").write_text("{not json", "utf-8")
    assert compile_measure([str(folder)]) == 0
    out, err = capsys.readouterr()
    assert "TST      effects    2  compiled    2" in out
    assert "TST_01-103.json: TST 01-103: cost: 'abc' is not a number" in err
    assert "TST_01-104.json: cannot read JSON" in err
    assert cards_cli(["cards", "coverage", "--cards", str(folder), "--json"]) == 0
    out, err = capsys.readouterr()
    (row,) = json.loads(out)
    assert (row["set"], row["cards"], row["effects"], row["compiled"]) == ("TST", 2, 2, 2)
    assert "TST_01-103.json" in err and "'abc' is not a number" in err
    with pytest.raises(CardDataError, match=r"TST_01-10[34]\.json"):  # a game's load refuses the folder, naming it
        load_set("pm-2.22", [folder])


# -- in a game: the kit's cards with a made-up symbol-cost EX Support, a symbol-cost Support and one with no source

_SYMBOL_EX = Card(id="TST 03-101", name="Lamp", series="Test", type="support", color="red", cost=None,
                  cost_symbol="△", source=0, ex=True,
                  effects=(Effect(kind="continuous", script=({"op": "modify", "target": "self", "ap": 10, "dp": 10},)),))
_SYMBOL = Card(id="TST 03-102", name="Tent", series="Test", type="support", color="red", cost=None, cost_symbol="△",
               source=1)
_NO_SOURCE = Card(id="TST 03-103", name="Map", series="Test", type="chara", color="red", cost=1, source=None, ap=10,
                  dp=10)


def _db() -> CardDB:
    db = CardDB(list(DB), series_groups=[["Test", "Test Encore"]])
    for card in (_SYMBOL_EX, _SYMBOL, _NO_SOURCE):
        db.add(card)
    return db


def test_a_game_with_a_symbol_cost_ex_card_folds() -> None:
    g = Game(["TST 01-001", "TST 90-001", "TST 90-002"], db=_db(), ex0=["TST 03-101", "TST 03-101"])
    g.add("summon", 0, card="TST 01-001", area="main", pay=[{"hand": "TST 90-001"}, {"hand": "TST 90-002"}])
    res = assert_legal(g.end_turn(0))
    assert res.state.players[0].ex_deck == ["TST 03-101", "TST 03-101"]


def test_a_symbol_cost_card_is_never_played_from_the_hand() -> None:
    g = Game(["TST 01-001", "TST 90-001", "TST 90-002", "TST 03-102", "TST 90-003"], db=_db())
    g.add("summon", 0, card="TST 01-001", area="main", pay=[{"hand": "TST 90-001"}, {"hand": "TST 90-002"}])
    state = assert_legal(g).state
    assert not [a for a in legal_actions(state) if a.get("card") == "TST 03-102"]
    g.add("set_support", 0, card="TST 03-102", on="TST 01-001", pay=[{"hand": "TST 90-003"}])
    res = assert_illegal(g, "cost.amount")
    assert "no numeric usage cost (it prints △)" in res.ruling.message


def test_a_card_without_a_source_cannot_pay() -> None:
    g = Game(["TST 01-001", "TST 03-103", "TST 90-002"], db=_db())
    state = assert_legal(g).state
    pays = [a["pay"] for a in legal_actions(state) if a.get("card") == "TST 01-001" and "pay" in a]
    assert pays and all({"hand": "TST 03-103"} not in pay for pay in pays)
    g.add("summon", 0, card="TST 01-001", area="main", pay=[{"hand": "TST 03-103"}, {"hand": "TST 90-002"}])
    res = assert_illegal(g, "cost.amount")
    assert "TST 03-103" in res.ruling.message and "cannot be used to pay" in res.ruling.message
