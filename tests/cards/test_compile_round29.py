"""Readings of the twenty-ninth compiler round (issue 20, helper h20r29), on made-up texts in the phrasings of the
dev sets (no card text of a real set is kept here): modal Events whose modes differ by timing, each mode with its
own target (``required_if``)."""

from __future__ import annotations

from tests.pm_cards import made_up_script

_one = made_up_script
EVENT = "イベント"
_HEAD = "このカードをプレイする場合、以下から1つ選択する。"


def test_timed_modes_with_targets() -> None:
    got = _one(f"{_HEAD}・[メイン/自分]:相手のキャラ1枚を手札に戻す。・[アプローチ/両方]:自分のキャラ1枚は、ターン終了時まで"
               "+20/+20を得る。", EVENT)
    assert got is not None
    main, approach = {"phase": "main", "own_turn": True}, {"phase": "approach"}
    assert got["targets"] == [{"side": "opponent", "optional": True, "required_if": main},
                              {"side": "self", "optional": True, "required_if": approach}]
    assert got["do"] == [{"op": "if", "cond": main, "do": [{"op": "move", "target": "target:0", "to": "hand"}]},
                         {"op": "if", "cond": approach, "do": [{"op": "modify", "target": "target:1", "ap": 20, "dp": 20,
                                                                "until": "turn_end"}]}]
    got = _one(f"{_HEAD}・[メイン/相手]:相手のキャラ1枚は、このターン、アプローチに参加できない。"
               "・[アプローチ/相手]:相手のキャラ1枚は、ターン終了時まで+20/-20を得る。", EVENT)
    assert got is not None and [t["required_if"] for t in got["targets"]] == [
        {"phase": "main", "own_turn": False}, {"phase": "approach", "own_turn": False}]


def test_timed_modes_not_read() -> None:
    # two modes in one timing, a mode that may be left out, a mode not read: not read (as in round 28)
    assert _one(f"{_HEAD}・[メイン/両方]:相手のキャラ1枚を休息状態にする。・[メイン/自分]:カードを2枚引く。", EVENT) is None
    assert _one(f"{_HEAD}・[メイン/自分]:相手のキャラ1枚を休息状態にする。・[アプローチ/自分]:自分のキャラ1枚を活動状態にする"
                "ことができる。", EVENT) is None
    assert _one(f"{_HEAD}・[メイン/自分]:相手のキャラ1枚を休息状態にする。・[アプローチ/自分]:相手は、謎の行為をする。",
                EVENT) is None
    # a mode acting on "that Chara" of another mode: not read
    assert _one(f"{_HEAD}・[メイン/自分]:相手のキャラ1枚を休息状態にする。・[アプローチ/自分]:そのキャラを手札に戻す。",
                EVENT) is None


def test_a_support_set_on_this_card_with_no_chara_named() -> None:
    on_me = {"count": {"spec": {"is_source": True, "supported": {}}, "at_least": 1}}
    got = _one("このカードは、サポートカードがセットされている場合、+20/+20を得る。")
    assert got is not None and got["condition"] == on_me and got["trigger"] is None
    got = _one("このカードは、自分のターンの間、サポートカードがセットされている場合、〔我慢〕を得る。")
    assert got is not None and got["condition"] == {"own_turn": True, **on_me}
    got = _one("このカードが、サポートカードがセットされている状態でアプローチした場合、相手のキャラ1枚を休息状態にする。")
    assert got is not None and got["condition"] == on_me and got["trigger"] == "approach"
    # leaving with a Support set (the Support goes with it): not rewritten, not read
    assert _one("このカードがサポートカードがセットされている状態で退場した場合、カードを1枚引く。") is None
