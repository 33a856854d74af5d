"""A delayed effect watching several chosen Charas (a ``delay`` whose ``subject`` lists target keys), on synthetic
cards with legal and illegal logs: it is one effect, so the first event of any Chara it names fires it, once, and a
Chara it does not name never does (a 「~した場合」 effect works once a turn: rule book 000 ⑪ "Effects with specific
Timings"; SSSS ST-027's reading, docs/compiler.md "Decisions on disputed readings")."""

from __future__ import annotations

from tests.effects.test_machinery import DRAW, _chara, _event, boards_with, hand
from tests.engine.kit import Game, assert_illegal, assert_legal

PAIR, AKI, FAY, NED = (f"TST 86-00{i}" for i in range(1, 5))
#: "two of your Charas: this turn, when that Chara approaches, draw one" (SSSS ST-027's shape, on approach)
CARDS = [_event("86-001", "Pair", ({"op": "delay", "on": "approach", "subject": ["target:0", "target:1"],
                                    "do": list(DRAW)},), targets=({"side": "self"}, {"side": "self"}), cost=0),
         *(_chara(f"86-00{i}", name, cost=0) for i, name in ((2, "Aki"), (3, "Fay"), (4, "Ned")))]  # vanilla, cost 0
DELAYED = {"card": PAIR, "effect": 0, "from": "discard"}


def _paired() -> Game:
    """Turn 3: player 0 has Aki, Fay and Ned; Pair names Aki and Fay; the Approach Phase begins."""
    g = boards_with(CARDS, [AKI, FAY, NED], [], hand0=[PAIR])
    return g.add("play_event", 0, card=PAIR, pay=[], targets=[{"p": 0, "card": AKI}, {"p": 0, "card": FAY}]).passes(
        1, 0, 1)


def test_either_named_chara_fires_it_once() -> None:
    g = _paired().add("approach", 0, card=FAY)  # the second Chara named fires it as well as the first would
    before = len(hand(assert_legal(g), 0))
    assert_illegal(_paired().add("approach", 0, card=FAY).passes(0), "effect.result")  # owed: logged next
    g.add("trigger", 0, **DELAYED)
    assert len(hand(assert_legal(g), 0)) == before + 1
    g.passes(0, 1).add("no_interfere", 1).add("approach", 0, card=AKI)
    assert len(hand(assert_legal(g), 0)) == before + 1  # the other named Chara: it has fired already
    assert_illegal(g.add("trigger", 0, **DELAYED), "effect.result")


def test_a_chara_not_named_does_not_fire_it() -> None:
    g = _paired().add("approach", 0, card=NED)
    assert_legal(g)
    assert_illegal(g.add("trigger", 0, **DELAYED), "effect.result")
