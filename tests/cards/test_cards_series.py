"""Series aliases for precious-data sets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.pm.cards import CardDB
from engine.pm.cards.series import RULE_BOOK_GROUPS, movie_base, series_groups_for

SET_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "precious-data" / "lib" / "setData.json"


@pytest.mark.parametrize(
    ("name", "base"),
    [
        ("劇場版 魔法科高校の劣等生 星を呼ぶ少女", "魔法科高校の劣等生 星を呼ぶ少女"),
        ("映画「けいおん！」", "けいおん！"),
        ("劇場版「SHIROBAKO」", "SHIROBAKO"),
        ("ガールズ＆パンツァー　劇場版", "ガールズ＆パンツァー"),
        ("劇場版 ハイスクール・フリート", "ハイスクール・フリート"),
        ("けいおん！", "けいおん！"),
        ("劇場版", "劇場版"),
    ],
)
def test_movie_base(name: str, base: str) -> None:
    assert movie_base(name) == base


def test_rule_book_has_15_groups() -> None:
    assert len(RULE_BOOK_GROUPS) == 15
    names = [n for g in RULE_BOOK_GROUPS for n in g]
    assert len(names) == len(set(names))


def test_groups_for_mhk() -> None:
    groups = series_groups_for(["劇場版 魔法科高校の劣等生 星を呼ぶ少女"])
    db = CardDB(series_groups=groups)
    assert db.series_groups() == [["劇場版 魔法科高校の劣等生 星を呼ぶ少女", "魔法科高校の劣等生 星を呼ぶ少女"]]
    assert series_groups_for(["未知の作品"]) == []


def test_groups_merge_in_carddb() -> None:
    db = CardDB(series_groups=series_groups_for(["映画「けいおん！」", "化物語"]))
    assert db.series_key("けいおん！Part2") == db.series_key("映画「けいおん！」")
    assert db.series_key("<物語>シリーズ") == db.series_key("偽物語")
    assert db.series_key("化物語") != db.series_key("けいおん！")


@pytest.mark.skipif(not SET_DATA.is_file(), reason="../shared/data/precious-data absent")
def test_rule_book_names_match_set_data() -> None:
    sets = {s["setNameEn"]: s["setName"] for s in json.loads(SET_DATA.read_text(encoding="utf-8"))}
    listed = {n for g in RULE_BOOK_GROUPS for n in g}
    for en in (
        "K-ON!",
        "K-ON!!",
        "K-ON! Movie",
        "Hidamari Sketch X Honeycomb",
        "WORKING!!!",
        "The Squid Girl 2",
        "Nisemonogatari",
        "Monogatari Series Second Season",
        "Puella Magi Madoka Magica the Movie: Rebellion",
        "Yuru Yuri Nachuyachumi!",
        "Hyakka Ryouran: Samurai Bride",
        "Hello!! Kiniro Mosaic",
        "My Teen Romantic Comedy SNAFU TOO!",
        "Girls & Panzer Movie",
        "A Certain Scientific Railgun & A Certain Scientific Railgun S",
        "My Little Sister Can’t Be This Cute 2",
        "Hatsune Miku Part.3",
    ):
        assert sets[en] in listed, en


def test_apostrophe_like_signs_name_one_series() -> None:
    """A text names the series WORKING'!! with a curly apostrophe, the rule book's group spells it with an acute
    accent (setData.json): the card of the group's third title is of that series (independent reader, round 27)."""
    db = CardDB(series_groups=series_groups_for(["WORKING!!!"]))
    assert db.series_key("WORKING’!!") == db.series_key("WORKING!!!") == db.series_key("WORKING´!!")
    assert db.series_key("WORKING'!!") == db.series_key("WORKING!!")
    assert db.series_key("WORKING!!") != db.series_key("けいおん！")
