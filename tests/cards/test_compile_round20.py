"""Readings of the twentieth compiler round (issue 20, helper h20r20): made-up texts in the cards' phrasings (no
card's text). Cards face down under this card (``pick`` ``to: "under"``), and a keyword with a condition
(〔KW〕▶「A」) read as one keyword whose condition is no part of the next sentence."""

from __future__ import annotations

from engine.pm.cards import reminders
from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.files import parse_documents
from tests.pm_cards import made_up_effect, made_up_script

_one = made_up_script


def test_cards_put_face_down_under_this_card() -> None:
    got = _one("このカードが登場した場合、手札1枚をこのカードの下に裏向きで重ねることができる。")
    assert got is not None and got["trigger"] == "enter" and got["optional"]
    assert got["do"] == [{"op": "pick", "from": "hand", "to": "under", "n": 1, "filter": {}, "up_to": True, "who": "self"}]
    got = _one("このカードが場に出た場合、手札1枚を、このカードの下に裏向きで重ねる。")
    assert got is not None and not got["optional"] and "up_to" not in got["do"][0]
    got = _one("このカードが登場した場合、EXデッキからカード1枚を抜き出し、このカードの下に裏向きで重ねることができる。")
    assert got is not None and got["do"][0]["from"] == "ex_deck" and got["do"][0]["to"] == "under"
    got = _one("このカードが登場した場合、デッキの上のカード3枚を見て、その中にあるカード1枚をこのカードの下に裏向きで重ねることが"
               "できる。その後、残りのカードを任意の順番でデッキの下に移す。")
    assert got is not None
    assert {k: got["do"][0][k] for k in ("from", "to", "look", "rest_to", "up_to")} == {
        "from": "deck", "to": "under", "look": 3, "rest_to": "deck_bottom", "up_to": True}
    # only the pick may be declined: looking and putting the rest back are not, so the effect is mandatory (reader
    # rd21, KGY 01-025: declining it would have left the looked-at cards on top)
    assert not got["optional"]
    got = _one("このカードが登場した場合、自分の捨て札置き場にある「試験 次郎」1枚をこのカードの下に裏向きで重ねることができる。")
    assert got is not None and got["do"][0]["filter"] == {"name": "試験 次郎"} and got["do"][0]["from"] == "discard"
    got = _one("このカードが登場した場合、自分のポイント置き場にあるカード1枚をこのカードの下に裏向きで重ねることができる。")
    assert got is not None and got["do"][0]["from"] == "point"


def test_what_stays_unread_about_cards_under_a_chara() -> None:
    # a hand card with a selector, an EX card not drawn out, another Chara's cards: not read
    assert _one("このカードが登場した場合、手札の「試験 次郎」1枚をこのカードの下に裏向きで重ねる。") is None
    assert _one("このカードが登場した場合、EXデッキからカード1枚をこのカードの下に裏向きで重ねる。") is None
    assert _one("このカードが登場した場合、手札1枚を自分のキャラ1枚の下に裏向きで重ねる。") is None
    # an Event has no "this card" on the Area to put cards under
    assert _one("[メイン/自分]:手札1枚をこのカードの下に裏向きで重ねる。", "イベント") is None


def test_a_keyword_with_a_condition_keeps_its_condition() -> None:
    text = "〔謀略〕▶「このカードが妨害される」このカードが登場した場合、カードを1枚引く。"
    eff = made_up_effect(text)
    assert normalized(eff)["do"] == [{"op": "draw", "who": "self", "n": 1}] and eff.trigger == "enter"
    data = {"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": "キャラクター", "color": "赤", "cost": "1",
            "source": "1", "ap": "10", "dp": "10", "text": text}
    (card,) = parse_documents([("TST_01-001.json", data)], "TST", compile=True)
    assert card.effects[0].why == "the keyword 〔謀略〕 is not read" and card.effects[1].compiled


def test_a_keyword_defined_with_a_condition() -> None:
    definition = ("（〔謀略〕▶「A」:条件「A」を満たすごとに、このカードの下に裏向きで重ねた『試験』のカード1枚を、コストを支払わずに"
                  "プレイできる。）")
    assert reminders.conditioned("〔謀略〕▶「X」" + definition)[0][:2] == ("謀略", "A")
    assert reminders.gather(["〔謀略〕▶「X」" + definition]).with_condition["謀略"][0] == "A"
    docs = []
    for i, tail in enumerate(("", definition)):
        docs.append((f"TST_01-00{i + 1}.json", {
            "id": f"TST 01-00{i + 1}", "name": "試験 花子", "setName": "試験", "type": "キャラクター", "color": "赤",
            "cost": "1", "source": "1", "ap": "10", "dp": "10",
            "text": "〔謀略〕▶「このカードが妨害される」このカードが登場した場合、カードを1枚引く。" + tail}))
    db = parse_documents(docs, "TST", compile=True)
    for card in db:  # the definition is found over the set: both cards say why the keyword stays unread
        assert not card.effects[0].compiled and "no play from under a Chara" in str(card.effects[0].why)
        assert card.effects[1].compiled


def test_the_hand_size_in_the_wording_with_its_count() -> None:
    a = _one("このカードは、相手の手札の枚数が5枚以上ある場合、〔強引〕を得る。")
    b = _one("このカードは、相手の手札が5枚以上の場合、〔強引〕を得る。")
    assert a is not None and a == b
    assert a["condition"] == {"cards": {"zone": "hand", "who": "opponent", "at_least": 5}}
    got = _one("[メイン/自分]:《0》カードを1枚引く。このテキストは、相手の手札の枚数が3枚以上ある場合にのみ使用できる。")
    assert got is not None and got["condition"] == {"cards": {"zone": "hand", "who": "opponent", "at_least": 3}}


def test_a_condition_on_this_cards_own_ap() -> None:
    got = _one("このカードは、このカードのAPが100以上ある場合、〔突破30〕を得る。")
    assert got is not None and got["trigger"] is None
    assert got["condition"] == {"count": {"spec": {"is_source": True, "min_ap": 100}, "at_least": 1}}
    got = _one("このカードは、このカードのAPまたはDPが150以上ある場合、妨害されない。")
    assert got is not None
    assert got["condition"] == {"count": {"spec": {"is_source": True, "min_stat": 150}, "at_least": 1}}
    # DP alone (round 30: ``min_dp``); an AP/DP change under this card's own AP would read what it changes: not read
    got = _one("このカードは、このカードのDPが100以上ある場合、〔我慢〕を得る。")
    assert got is not None and got["condition"] == {"count": {"spec": {"is_source": True, "min_dp": 100}, "at_least": 1}}
    assert _one("このカードは、このカードのAPが100以上ある場合、+10/+10を得る。") is None


def test_put_onto_the_area_when_paid_for_a_named_text() -> None:
    got = _one("このカードは、自分の「試験 次郎」または「試験 三郎」の使用型テキストのコストによって捨て札置き場に置かれた場合、場に出す"
               "ことができる。")
    assert got is not None and got["trigger"] == "paid_for_text" and got["optional"]
    assert got["condition"] == {"subject": {"side": "self", "name": ["試験 三郎", "試験 次郎"]}}
    assert got["do"][0] | {"up_to": True} == {"op": "pick", "from": "discard", "to": "area", "n": 1, "filter": {},
                                              "this_card": True, "up_to": True, "who": "self"}
    # anything after "may be put onto the Area", or all of a kind: not read
    assert _one("このカードは、自分の「試験 次郎」の使用型テキストのコストによって捨て札置き場に置かれた場合、場に出すことができる。"
                "その後、カードを1枚引く。") is None
    assert _one("このカードは、自分の全てのキャラの使用型テキストのコストによって捨て札置き場に置かれた場合、"
                "場に出すことができる。") is None


def test_cards_face_down_under_charas_moved_off() -> None:
    got = _one("このカードが登場した場合、自分のキャラの下に裏向きで重ねられているカード1枚を捨て札にできる。捨て札にした場合、カードを"
               "2枚引く。")
    assert got is not None and got["optional"]
    assert got["do"] == [{"op": "support_move", "from": "under", "n": 1, "to": "discard", "filter": {}, "side": "self",
                          "up_to": True, "then": [{"op": "draw", "who": "self", "n": 2}]}]
    got = _one("このカードが登場した場合、相手のキャラの下に裏向きで重ねられているカード1枚を手札に戻す。")
    assert got is not None and got["do"][0]["side"] == "opponent" and got["do"][0]["to"] == "hand"
    # without 裏向きで the cards under a Chara are a Level Up stack too: not read
    assert _one("このカードが登場した場合、相手のキャラ1枚の下に重ねられているカード1枚を捨て札にする。") is None
    # "if so" after a Support moved off (one card): when it moved
    got = _one("[メイン/自分]:《休》自分のサポートカード1枚を捨て札にする。その場合、カードを1枚引く。")
    assert got is not None and got["do"][0]["then"] == [{"op": "draw", "who": "self", "n": 1}]
    assert _one("[メイン/自分]:《休》自分のサポートカード2枚を捨て札にする。その場合、カードを1枚引く。") is None


def test_gives_points_with_nothing_under_it() -> None:
    got = _one("このカードが、カードが下に重ねられていない状態でポイントを与えた場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "gave_point" and got["condition"] == {"nothing_under": True}
    got = _one("このカードが、自分の「試験 次郎」がいる状態でポイントを与えた場合、カードを1枚引く。")
    assert got is not None and got["trigger"] == "gave_point" and got["condition"] == {"has_name": "試験 次郎"}
    assert _one("このカードが、カードが下に重ねられていない状態で踊った場合、カードを1枚引く。") is None


def test_a_state_keyword_after_a_trigger_is_an_effect_of_its_own() -> None:
    text = ("このカードが登場した場合、カードを1枚引く。メインエリアに自分の「試験 次郎」が3枚以上いる場合、このカードは、〔突破30〕を"
            "得る。")
    data = {"id": "TST 01-001", "name": "試験 花子", "setName": "試験", "type": "キャラクター", "color": "赤", "cost": "1",
            "source": "1", "ap": "10", "dp": "10", "text": text}
    (card,) = parse_documents([("TST_01-001.json", data)], "TST", compile=True)
    assert [e.kind for e in card.effects] == ["auto", "continuous"] and all(e.compiled for e in card.effects)
    assert normalized(card.effects[1])["condition"] == {
        "count": {"spec": {"side": "self", "name": "試験 次郎", "area": "main"}, "at_least": 3}}
    # a sentence with an event (した場合) or a duration stays a part of the triggered effect, as before
    data["text"] = ("このカードが登場した場合、カードを1枚引く。自分の「試験 次郎」がいる場合、このカードは、ターン終了時まで〔強引〕を"
                    "得る。")
    (card,) = parse_documents([("TST_01-001.json", data)], "TST", compile=True)
    assert len(card.effects) == 1


def test_every_player_draws() -> None:
    got = _one("このカードがアプローチした場合、全てのプレイヤーは、カードを2枚引く。")
    assert got is not None
    assert got["do"] == [{"op": "draw", "who": "self", "n": 2}, {"op": "draw", "who": "opponent", "n": 2}]
    assert _one("このカードがアプローチした場合、全てのプレイヤーは、カードを2枚引くことができる。") is None
