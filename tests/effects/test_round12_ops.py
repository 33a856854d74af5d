"""Engine pieces of the twelfth compiler round (issue 20, helper h20r12), each on synthetic cards with a legal and an
illegal log: a name a card takes while a condition holds for its owner, in every zone (a Pinch's 「ゲーム中、このカード
の名称は「X」としても扱う」: rule book 000 "[Pinch X]", 001 〔逆境〕; ``Card.cond_names``, engine.pm.conditions.names_now)."""

from __future__ import annotations

from engine.pm.cards import CardDB, Effect
from tests.effects.test_machinery import AKI, MAIN_SELF, _chara, _event, boards_with
from tests.engine.kit import assert_illegal, assert_legal

ALIAS, BOOST, POINTS, CALLER, ROLL, HUSH = (f"TST 82-00{i}" for i in range(1, 7))
CARDS = [
    # 〔逆境2〕:「during the game, this card's name is also "Hero"」
    _chara("82-001", "Alias", Effect("continuous", condition={"points_at_least": 2},
                                     script=({"op": "also_name", "name": "Hero"},))),
    # "one of your "Hero" gets +10/+10"
    _event("82-002", "Boost", ({"op": "modify", "target": "target:0", "ap": 10, "dp": 10},), cost=0,
           targets=({"side": "self", "name": "Hero"},)),
    # "put the top two cards of your deck into your Point Zone"
    _event("82-003", "Points", ({"op": "put_point", "who": "self", "n": 2},), cost=0),
    # [Main/self] discard a "Hero" from your hand ▶ draw a card
    _chara("82-004", "Caller", Effect("activated", timing=MAIN_SELF, cost=0, discard_name="Hero",
                                      script=({"op": "draw", "who": "self", "n": 1},))),
    # "if you have a "Hero" on your Area, draw a card"
    _event("82-005", "Roll", ({"op": "draw", "who": "self", "n": 1},), cost=0, condition={"has_name": "Hero"}),
    # "one of your Charas: its text is negated until the end of the turn"
    _event("82-006", "Hush", ({"op": "grant", "target": "target:0", "what": "text_negated", "until": "turn_end"},),
           cost=0, targets=({"side": "self"},)),
]


def _boards(p0: list[str], p1: list[str], hand0: list[str] = ()):  # type: ignore[no-untyped-def,assignment]
    return boards_with(CARDS, p0, p1, hand0)


def _with_points(g):  # type: ignore[no-untyped-def]
    return g.add("play_event", 0, card=POINTS, pay=[]).passes(1)


def test_a_conditional_name_counts_for_a_target_only_while_its_condition_holds() -> None:
    g = _with_points(_boards([ALIAS], [], [POINTS, BOOST]))
    g.add("play_event", 0, card=BOOST, pay=[], targets=[{"p": 0, "card": ALIAS}])
    assert_legal(g)  # two points: Alias is also named Hero
    g = _boards([ALIAS], [], [BOOST]).add("play_event", 0, card=BOOST, pay=[], targets=[{"p": 0, "card": ALIAS}])
    assert_illegal(g, "effect.target")  # no point: Alias is only Alias


def test_a_conditional_name_counts_for_a_condition_on_the_area() -> None:
    g = _with_points(_boards([ALIAS], [], [POINTS, ROLL])).add("play_event", 0, card=ROLL, pay=[])
    assert_legal(g)
    g = _boards([ALIAS, AKI], [], [ROLL]).add("play_event", 0, card=ROLL, pay=[])
    assert_illegal(g, "effect.condition")


def test_a_conditional_name_holds_in_the_hand_too() -> None:
    g = _with_points(_boards([CALLER], [], [POINTS, ALIAS])).add("use_effect", 0, card=CALLER, effect=0, pay=[],
                                                                  discard=ALIAS)
    assert_legal(g)  # ゲーム中: the name holds in every zone, the hand included
    g = _boards([CALLER], [], [ALIAS]).add("use_effect", 0, card=CALLER, effect=0, pay=[], discard=ALIAS)
    assert_illegal(g, "effect.cost")


def test_a_negated_chara_loses_the_name_its_text_gave() -> None:
    """The name under a Pinch is the card's text: a Chara whose text is negated keeps its printed names only (reader
    rd12: GRAN 01-068 kept アークナイトグリス when negated)."""
    def hushed(negate: bool):  # type: ignore[no-untyped-def]
        g = _with_points(_boards([ALIAS], [], [POINTS, HUSH, BOOST]))
        if negate:
            g.add("play_event", 0, card=HUSH, pay=[], targets=[{"p": 0, "card": ALIAS}]).passes(1)
        return g.add("play_event", 0, card=BOOST, pay=[], targets=[{"p": 0, "card": ALIAS}])
    assert_legal(hushed(negate=False))
    assert_illegal(hushed(negate=True), "effect.target")
    g = _with_points(_boards([ALIAS], [], [POINTS, HUSH, ROLL]))
    g.add("play_event", 0, card=HUSH, pay=[], targets=[{"p": 0, "card": ALIAS}]).passes(1)
    assert_illegal(g.add("play_event", 0, card=ROLL, pay=[]), "effect.condition")


def test_cards_without_conditional_names_keep_their_names() -> None:
    db = CardDB(CARDS)
    assert db.get(ALIAS).names == ("Alias",) and db.get(ALIAS).cond_names == (({"points_at_least": 2}, "Hero"),)
    assert all(not db.get(c).cond_names for c in (BOOST, POINTS, CALLER, ROLL, HUSH))
