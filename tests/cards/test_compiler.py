"""The effect compiler, phrasing by phrasing: our own sample texts in the stock phrasings (made-up names and
numbers, no card's text) compile to exactly these scripts; texts it does not understand stay unscripted."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.pm.cards import Card
from engine.pm.cards.compile_measure import normalized
from engine.pm.cards.precious import precious_card
from engine.pm.script import STEP_OPS

HANAKO, JIRO = "試験 花子", "試験 次郎"


def _card(text: str, *, kind: str = "キャラクター", name: str = HANAKO, color: str = "赤", cost: str = "3") -> Card:
    raw = {"id": "TST 01-001", "name": name, "setName": "試験の物語", "type": kind, "color": color, "cost": cost,
           "source": "1", "ap": "30" if kind == "キャラクター" else "-", "dp": "30" if kind == "キャラクター" else "-",
           "characteristic": ["制服"], "text": text}
    return precious_card(raw, compile=True)


def _only(text: str, **kw: Any) -> dict[str, Any]:
    card = _card(text, **kw)
    assert len(card.effects) == 1
    eff = card.effects[0]
    assert eff.compiled, f"not compiled: {text}"
    out = normalized(eff)
    return {k: v for k, v in out.items() if v not in (None, False, {}, [])}


MOD = {"op": "modify", "until": "turn_end"}
T0, T1 = "target:0", "target:1"

CASES: list[tuple[str, dict[str, Any]]] = [
    # draw N; ±AP/DP until end of turn (this card, N Charas, every Chara)
    ("このカードが登場した場合、カードを2枚引く。",
     {"trigger": "enter", "do": [{"op": "draw", "who": "self", "n": 2}]}),
    ("[メイン/自分]:《1》このカードは、ターン終了時まで+30/±0を得る。",
     {"do": [{**MOD, "target": "self", "ap": 30, "dp": 0}]}),
    ("このカードがアプローチに参加した場合、相手のキャラ2枚は、ターン終了時まで-10/-20を得る。",
     {"trigger": "approach", "targets": [{"side": "opponent"}] * 2,
      "do": [{**MOD, "target": T0, "ap": -10, "dp": -20}, {**MOD, "target": T1, "ap": -10, "dp": -20}]}),
    ("このカードが妨害された場合、相手の全てのキャラは、ターン終了時まで-20/-20を得る。",
     {"trigger": "interfered", "do": [{**MOD, "target": "all_opponent", "ap": -20, "dp": -20}]}),
    ("[メイン/自分]:《休》自分の【制服】を持つ全てのキャラは、次のターン終了時まで+10/+10を得る。",
     {"do": [{**MOD, "until": "next_turn_end", "target": {"all": {"side": "self", "property": "制服"}}, "ap": 10, "dp": 10}]}),
    # keywords granted (〔我慢〕: engine.pm.stats.endures), in the order written, with or without AP/DP
    ("このカードが登場した場合、自分の【制服】を持つキャラ1枚は、ターン終了時まで〔我慢〕〔強引〕を得る。",
     {"trigger": "enter", "targets": [{"side": "self", "property": "制服"}],
      "do": [{"op": "grant", "target": T0, "what": w, "until": "turn_end"} for w in ("endure", "forceful")]}),
    ("[メイン/自分]:《1》自分のキャラ1枚は、ターン終了時まで〔アクティブ〕〔我慢〕、+10/±0を得る。",
     {"targets": [{"side": "self"}], "do": [{"op": "grant", "target": T0, "what": "active", "until": "turn_end"},
                                            {"op": "grant", "target": T0, "what": "endure", "until": "turn_end"},
                                            {**MOD, "target": T0, "ap": 10, "dp": 0}]}),
    ("このカードがアプローチした場合、自分のキャラ1枚は、ターン終了時まで〔突破20〕、+10/+10を得る。",
     {"trigger": "approach", "targets": [{"side": "self"}],
      "do": [{"op": "grant", "target": T0, "what": {"breakthrough": 20}, "until": "turn_end"},
             {**MOD, "target": T0, "ap": 10, "dp": 10}]}),
    # the card also counts as a name / a property all game long (facts of the card: engine.cards.Card.names)
    (f"ゲーム中、このカードの名称は、「{JIRO}」としても扱う。", {"do": [{"op": "also_name", "name": JIRO}]}),
    ("このカードは、ゲーム中、【探偵】を持つキャラとしても扱う。", {"do": [{"op": "also_property", "property": "探偵"}]}),
    ("自分の【探偵】を持つキャラが場に出た場合、カードを1枚引く。",  # 場に出た: enter, as for this card
     {"trigger": "other_enter", "condition": {"subject": {"side": "self", "property": "探偵"}},
      "do": [{"op": "draw", "who": "self", "n": 1}]}),
    # heard in the discard (engine.pm.triggers.fire_discard)
    ("このカードが捨て札置き場にある状態で、自分の【制服】がアプローチでポイントを与えた場合、このカードを場に出すことができる。",
     {"trigger": "discard_gave_point", "optional": True, "condition": {"subject": {"side": "self", "property": "制服"}},
      "do": [{"op": "pick", "from": "discard", "to": "area", "n": 1, "filter": {}, "this_card": True, "up_to": True,
              "who": "self"}]}),
    # rest / stand, with a cost limit; "may" makes an automatic effect optional
    ("このカードが登場した場合、使用コストの値が2以下の相手のキャラ1枚を休息状態にすることができる。",
     {"trigger": "enter", "optional": True, "targets": [{"side": "opponent", "max_cost": 2}],
      "do": [{"op": "rest", "target": T0}]}),
    (f"[メイン/相手]:《休》自分の「{JIRO}」1枚を活動状態にする。",
     {"targets": [{"side": "self", "name": JIRO}], "do": [{"op": "activate", "target": T0}]}),
    # moves; "if so" after a step that may do nothing nests what follows
    ("[メイン/自分]:《0》相手のキャラ1枚を休息状態にする。その場合、カードを1枚引く。",
     {"targets": [{"side": "opponent"}], "do": [{"op": "rest", "target": T0, "then": [{"op": "draw", "who": "self", "n": 1}]}]}),
    ("[アプローチ/相手]:《休》このカードを手札に戻す。その場合、自分のキャラ1枚は、ターン終了時まで±0/+20を得る。",
     {"targets": [{"side": "self"}], "do": [{"op": "move", "target": "self", "to": "hand",
                                             "then": [{**MOD, "target": T0, "ap": 0, "dp": 20}]}]}),
    ("[メイン/両方]:自分のキャラ1枚を休息状態にする。その場合、自分のポイント置き場にあるカード3枚を表向きにすることができる。",
     {"targets": [{"side": "self"}], "do": [{"op": "rest", "target": T0, "then": [
         {"op": "flip", "who": "self", "face": "up", "n": 3, "up_to": True, "all_or_none": True}]}]}),
    ("このカードが登場した場合、サポートエリアにいる自分のキャラ1枚をメインエリアに移すことができる。",
     {"trigger": "enter", "optional": True, "targets": [{"side": "self", "area": "support", "has_stats": True}],
      "do": [{"op": "move", "target": T0, "to": "main"}]}),
    # searches: EX deck, the top N, the whole deck, discard recycling, discard to hand
    ("このカードが登場した場合、EXデッキから青のキャラ1枚を抜き出し、表にしてから手札に加える。",
     {"trigger": "enter", "do": [{"op": "pick", "who": "self", "from": "ex_deck", "to": "hand", "n": 1,
                                  "filter": {"type": "chara", "color": "blue"}, "reveal": True}]}),
    ("このカードが登場した場合、EXデッキから青のキャラ1枚を抜き出し、手札に加える。",  # not shown: no reveal
     {"trigger": "enter", "do": [{"op": "pick", "who": "self", "from": "ex_deck", "to": "hand", "n": 1,
                                  "filter": {"type": "chara", "color": "blue"}}]}),
    ("このカードが登場した場合、デッキの上のカード4枚を見て、その中にある【制服】を持つキャラを2枚まで抜き出し、表にしてから手札に"
     "加える。その後、残りのカードを任意の順番でデッキの下に移す。",
     {"trigger": "enter", "do": [{"op": "pick", "who": "self", "from": "deck", "to": "hand", "n": 2, "look": 4, "up_to": True,
                                  "rest_to": "deck_bottom", "filter": {"type": "chara", "property": "制服"}, "reveal": True}]}),
    ("このカードが登場した場合、デッキの上のカード4枚を見て、その中にある【制服】を持つキャラ1枚を抜き出し、表にしてから手札に"
     "加える。その後、残りのカードを任意の順番でデッキの下に移す。",  # no まで: one when the four hold one
     {"trigger": "enter", "do": [{"op": "pick", "who": "self", "from": "deck", "to": "hand", "n": 1, "look": 4,
                                  "rest_to": "deck_bottom", "filter": {"type": "chara", "property": "制服"}, "reveal": True}]}),
    ("このカードが登場した場合、自分の捨て札置き場にあるキャラを6枚までデッキに戻し、デッキをシャッフルする。",
     {"trigger": "enter", "do": [{"op": "pick", "who": "self", "from": "discard", "to": "deck", "n": 6, "up_to": True,
                                  "filter": {"type": "chara"}}, {"op": "shuffle", "who": "self"}]}),
    (f"このカードが登場した場合、自分の捨て札置き場にある「{JIRO}」1枚を手札に戻す。",
     {"trigger": "enter", "do": [{"op": "pick", "who": "self", "from": "discard", "to": "hand", "n": 1, "filter": {"name": JIRO}}]}),
    # next-card costs; costs in hand under a condition; source bonus
    ("このカードが登場した場合、このターン、自分が次にプレイする緑の【制服】を持つキャラ1枚は、使用コスト-2を得る。",
     {"trigger": "enter", "do": [{"op": "cost", "who": "self", "until": "turn_end", "next": True, "n": -2,
                                  "filter": {"type": "chara", "property": "制服", "color": "green"}}]}),
    (f"このカードは、手札にある状態で、自分の「{JIRO}」がいる場合、使用コスト-1を得る。",
     {"condition": {"has_name": JIRO}, "do": [{"op": "cost", "who": "self", "until": "turn_end", "n": -1}]}),
    (f"このカードは、「{JIRO}」のコストとして使用する場合、発生コスト+1を得る。",
     {"do": [{"op": "source", "n": 1, "for": {"name": JIRO}}]}),
    # static bonuses with conditions and "for each"
    ("このカードは、自分のターンの間、+20/±0を得る。",
     {"condition": {"own_turn": True}, "do": [{**MOD, "target": "self", "ap": 20, "dp": 0}]}),
    ("このカードは、自分の黄または赤のキャラが3枚以上いる場合、+10/+10を得る。",
     {"condition": {"count": {"spec": {"side": "self", "color": ["red", "yellow"]}, "at_least": 3}},
      "do": [{**MOD, "target": "self", "ap": 10, "dp": 10}]}),
    ("このカードは、自分のターンの間、自分のキャラ2枚につき、+10/+10を得る。",
     {"condition": {"own_turn": True},
      "do": [{**MOD, "target": "self", "ap": 10, "dp": 10, "per": {"charas": {"side": "self"}, "each": 2}}]}),
    # triggers on other Charas: "another" excludes this card, "yours" includes it when it could be one
    (f"このカード以外の自分の「{HANAKO}」が登場した場合、カードを1枚引く。",
     {"trigger": "other_enter", "condition": {"subject": {"side": "self", "name": HANAKO}},
      "do": [{"op": "draw", "who": "self", "n": 1}]}),
    (f"自分の「{HANAKO}」がアプローチでポイントを与えた場合、カードを1枚引く。",
     {"trigger": "any_gave_point", "condition": {"subject": {"side": "self", "name": HANAKO}},
      "do": [{"op": "draw", "who": "self", "n": 1}]}),
    (f"自分の「{JIRO}」がアプローチでポイントを与えた場合、カードを1枚引く。",
     {"trigger": "other_gave_point", "condition": {"subject": {"side": "self", "name": JIRO}},
      "do": [{"op": "draw", "who": "self", "n": 1}]}),
    # a condition at entering; a delayed turn-end part; turn-end standing
    ("このカードが、自分の青のキャラがいる状態で登場した場合、カードを1枚引く。",
     {"trigger": "enter", "condition": {"count": {"spec": {"side": "self", "color": "blue", "not_self": True}, "at_least": 1}},
      "do": [{"op": "draw", "who": "self", "n": 1}]}),
    ("このカードが登場した場合、ターン終了時にカードを1枚引く。",
     {"trigger": "enter", "do": [{"op": "delay", "on": "turn_end", "do": [{"op": "draw", "who": "self", "n": 1}]}]}),
    ("このカードは、ターン終了時に活動状態になる。", {"trigger": "turn_end", "do": [{"op": "activate", "target": "self"}]}),
    # interference limits; set AP/DP; a modal choice
    ("[メイン/自分]:《0》相手のキャラ1枚は、このターン、赤のキャラを妨害することができない。",
     {"targets": [{"side": "opponent"}], "do": [{"op": "grant", "target": T0, "until": "turn_end",
                                                 "what": {"cannot_interfere_with": {"color": "red"}}}]}),
    ("このカードは、発生コストの値が0の相手のキャラには妨害されない。",
     {"do": [{"op": "grant", "target": "self", "until": "turn_end", "what": {"not_interfered_by": {"side": "opponent", "source": 0}}}]}),
    ("このカードが登場した場合、相手のキャラ1枚のAP/DPの値を、ターン終了時まで0/0に変更する。",
     {"trigger": "enter", "targets": [{"side": "opponent"}], "do": [{**MOD, "target": T0, "ap": 0, "dp": 0, "set": {"ap": 0, "dp": 0}}]}),
    ("このカードが登場した場合、以下から1つ選択する。「カードを1枚引く。」「相手のキャラ1枚を休息状態にする。」",
     {"trigger": "enter", "targets": [{"side": "opponent", "optional": True}],
      "do": [{"op": "choose", "n": 1, "modes": [[{"op": "draw", "who": "self", "n": 1}], [{"op": "rest", "target": T0}]]}]}),
    # "N times in the same turn": fires once, when the count is reached
    (f"同じターンの間に、自分の「{JIRO}」が3回以上妨害された場合、カードを1枚引く。",
     {"trigger": "any_interfered", "condition": {"subject": {"side": "self", "name": JIRO},
                                                  "history": {"event": "interfered", "filter": {"name": JIRO}, "exactly": 3}},
      "do": [{"op": "draw", "who": "self", "n": 1}]}),
    # "A. Or, B.": a choice; a bonus in force all along plus standing at the end of the turn
    ("このカードが退場した場合、自分のキャラ1枚を活動状態にする。または、カードを1枚引く。",
     {"trigger": "leave", "targets": [{"side": "self", "optional": True, "not_self": True}],
      "do": [{"op": "choose", "n": 1, "modes": [[{"op": "activate", "target": T0}], [{"op": "draw", "who": "self", "n": 1}]]}]}),
    ("このカードは、自分のキャラが4枚以上いる場合、+10/+10を得るとともに、ターン終了時に活動状態になる。",
     {"trigger": "turn_end", "condition": {"count": {"spec": {"side": "self"}, "at_least": 4}},
      "do": [{"op": "activate", "target": "self"}, {**MOD, "target": "self", "ap": 10, "dp": 10, "static": True}]}),
    # mills; copies of AP/DP
    ("このカードがアプローチに参加した場合、相手のデッキの上のカード2枚を捨て札にする。",
     {"trigger": "approach", "do": [{"op": "mill", "who": "opponent", "n": 2}]}),
    ("[メイン/自分]:《休》自分のキャラ1枚は、ターン終了時まで、このカードのAP/DPと同じ値のAP/DPの修正を得る。",
     {"targets": [{"side": "self"}], "do": [{**MOD, "target": T0, "ap": 0, "dp": 0, "copy": {"from": "self", "what": "stats"}}]}),
    # flips; an Event answering an opponent's Event
    ("このカードが登場した場合、自分のポイント置き場にあるカード1枚を表向きにする。",
     {"trigger": "enter", "do": [{"op": "flip", "who": "self", "face": "up", "n": 1}]}),
]


@pytest.mark.parametrize(("text", "want"), CASES, ids=[c[0][:24] for c in CASES])
def test_stock_phrasing_compiles_exactly(text: str, want: dict[str, Any]) -> None:
    assert _only(text) == want


def test_event_negating_an_opponent_event() -> None:
    got = _only("[メイン/割り込み]:相手のプレイ中の使用コストの値が1以下のイベントカード1枚を無効にする。", kind="イベント")
    assert got == {"condition": {"answers": {"type": "play_event", "side": "opponent",
                                             "filter": {"type": "event", "max_cost": 1}}}, "do": [{"op": "disable"}]}


def test_backup_compiles_with_its_condition() -> None:
    card = _card("〔支援:自分の【制服】を持つキャラがアプローチに参加している。〕▸「相手のキャラ1枚は、ターン終了時まで-30/-30を得る。」")
    assert card.backup is not None and card.backup.compiled
    assert normalized(card.backup)["condition"] == {"count": {"spec": {"side": "self", "property": "制服", "approaching": True},
                                                              "at_least": 1}}
    assert normalized(card.backup)["do"] == [{**MOD, "target": T0, "ap": -30, "dp": -30}]


def test_pinch_granted_effect_keeps_its_condition() -> None:
    card = _card("〔逆境3〕:「このカードが登場した場合、カードを1枚引く。」")
    assert card.effects[0].compiled and card.effects[0].condition == {"points_at_least": 3}
    # the Pinch's own bonus is the card's fact (Card.pinch), not a second step of its granted effect
    card = _card("〔逆境4〕:「このカードは、+20/+20を得るとともに、ターン終了時に活動状態になる。」")
    assert card.pinch == (4, 20, 20)
    assert normalized(card.effects[0])["do"] == [{"op": "activate", "target": "self"}]


@pytest.mark.parametrize("text", [
    # "if so" after a look the player may leave out: not read (after a plain look: round 28, when the hand held a card)
    "このカードが登場した場合、相手の手札を全て見ることができる。その場合、カードを1枚引く。",
    "このカードが登場した場合、カードを1枚引く。その後、このカードは宇宙の果てに旅立つ。",  # one sentence unknown
    "このカードは、+20/+20コインが乗っているキャラには妨害されない。",  # a +N/+N coin other than +10/+10: no rule gives it AP/DP
    "このカードが登場した場合、自分のキャラ1枚は、ターン終了時まで〔突破〕を得る。",  # a keyword without its number
    "このカードは、このターン、【探偵】を持つキャラとしても扱う。",  # not all game long: not a fact of the card
    "このカードが登場したターンの間に、自分のキャラが場に出た場合、カードを1枚引く。",  # its own entry too? not read
    "〔逆境3〕:「このカードは、ゲーム中、【探偵】を持つキャラとしても扱う。」",  # a property under a Pinch: not read
    # heard in the discard, then a step on "this card" that did not come back: no Chara is "self" for such a trigger
    # (after "put this card onto the Area", "this card" is the Chara the effect put there: round 24, test_compile_round24)
    "このカードが捨て札置き場にある状態で、自分のキャラが登場した場合、このカードは、ターン終了時まで+10/+10を得る。",
    "このカードが登場した場合、自分のキャラ1枚は、ターン終了時まで〔疾風〕を得る。",  # a keyword the engine does not know
    "このカードが登場した場合、カードを1枚引く。その場合、そのキャラを活動状態にできる。",  # "may" on a Chara named before
])
def test_unknown_phrasings_stay_unscripted(text: str) -> None:
    card = _card(text)
    assert all(not e.scripted and not e.compiled for e in card.effects)


def test_a_wrong_count_of_effects_leaves_the_card_alone() -> None:
    card = _card("このカードが登場した場合、カードを1枚引く。このカードが登場した場合、カードを2枚引く。")
    assert [e.compiled for e in card.effects] == [True, True]
    assert [e.script[0]["n"] for e in card.effects] == [1, 2]  # type: ignore[index]


_FRAGMENTS = ["このカードが登場した場合、", "このカードは、", "自分の", "相手の", "全ての", "「試験 次郎」", "【制服】を持つ", "キャラ",
              "1枚", "2枚まで", "は、", "を", "ターン終了時まで", "+10/-10", "を得る", "休息状態にする", "手札に戻す", "。",
              "その場合、", "その後、", "または、", "ことができる", "以下から1つ選択する。", "「カードを1枚引く。」", "場合、",
              "デッキの上のカード3枚を見て、その中にある", "EXデッキから", "抜き出し、手札に加える", "[メイン/自分]:《1》"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_FRAGMENTS), min_size=1, max_size=14))
def test_any_text_loads_and_compiles_only_known_steps(parts: list[str]) -> None:
    card = _card("".join(parts))  # never raises: an odd text leaves its effect unscripted

    def ops(steps: Any) -> set[str]:
        out: set[str] = set()
        for step in steps or ():
            out.add(step["op"])
            for key in ("then", "else", "do"):
                out |= ops(step.get(key))
            for mode in step.get("modes", ()):
                out |= ops(mode)
        return out

    for eff in [*card.effects, *([card.backup] if card.backup else [])]:
        assert eff.compiled == eff.scripted
        assert ops(eff.script) <= STEP_OPS
