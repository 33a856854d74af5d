"""Logs of the thirteenth compiler round (issue 20, helper h20r13): a set-defined keyword read from its reminder text
plays as the effect it defines (made-up 〔霊力N〕: N coins of that kind on entering), and its coins are taken off
by the card's own activated effect; legal and illegal logs. Made-up texts (no card's text)."""

from __future__ import annotations

from engine.pm.cards import CardDB
from engine.pm.cards.precious import parse_precious
from engine.pm.zones import find_chara
from tests.effects.test_machinery import MY_DB, F, hand, pay
from tests.engine.kit import Game, assert_illegal, assert_legal

SPIRIT, PLAIN = "TST 83-001", "TST 83-002"
_TEXTS = {
    SPIRIT: "〔霊力3〕[メイン/自分]:《0》このカードの上にある霊力コインを2個取り除く。その場合、カードを1枚引く。"
            "（〔霊力3〕:このカードが場に出た場合、このカードの上に霊力コインを3個乗せる。）",
    PLAIN: "[メイン/自分]:《0》自分のキャラの上にある霊力コインを1個取り除く。その場合、カードを1枚引く。",
}
_SET = parse_precious([("t.json", [{"id": cid, "name": f"試験 {cid[-1]}", "setName": "Test", "type": "キャラクター",
                                    "color": "赤", "cost": "1", "source": "1", "ap": "10", "dp": "10", "text": text}
                                   for cid, text in _TEXTS.items()])], compile=True)
DB = CardDB([*MY_DB, *_SET], series_groups=[["Test", "Test Encore"]])


def _entered(trigger: bool = True) -> Game:
    """Turn 1: player 0 summons SPIRIT (its 〔霊力3〕 puts three coins on it) and PLAIN."""
    g = Game([SPIRIT, PLAIN, F[0], F[1], F[2]], [], db=DB)
    g.add("summon", 0, card=SPIRIT, area="main", pay=pay(F[0]))
    if trigger:
        g.add("trigger", 0, card=SPIRIT, effect=0)
    return g.passes(1).add("summon", 0, card=PLAIN, area="main", pay=pay(F[1])).passes(1)


def _coins(g: Game, card: str) -> dict[str, int]:
    res = assert_legal(g)
    c = find_chara(res.state.players[0], card)
    assert c is not None
    return dict(c.coins)


def test_the_defined_keyword_puts_its_coins_on_entering() -> None:
    assert all(e.compiled for c in _SET for e in c.effects)
    assert _coins(_entered(), SPIRIT) == {"霊力": 3}
    g = Game([SPIRIT, F[0]], [], db=DB).add("summon", 0, card=SPIRIT, area="main", pay=pay(F[0])).passes(1)
    assert_illegal(g, "effect.result")  # the mandatory enter trigger left out: refused at the pass


def test_coins_taken_off_by_the_cards_own_effect() -> None:
    g = _entered().add("use_effect", 0, card=SPIRIT, effect=0, pay=[], choices=[[SPIRIT, SPIRIT]])
    assert _coins(g, SPIRIT) == {"霊力": 1}
    drawn = len(hand(assert_legal(g), 0)) - len(hand(assert_legal(_entered()), 0))
    assert drawn == 1
    g.actions[-1] = {**g.actions[-1], "choices": [[SPIRIT, SPIRIT, SPIRIT]]}
    assert_illegal(g, "effect.target")  # the effect takes two, not three
    # another card taking one off "one of your Charas": only a Chara holding that kind
    g = _entered().add("use_effect", 0, card=PLAIN, effect=0, pay=[], choices=[[PLAIN]])
    assert_illegal(g, "effect.target")
    assert _coins(_entered().add("use_effect", 0, card=PLAIN, effect=0, pay=[], choices=[[SPIRIT]]), SPIRIT) == {"霊力": 2}
