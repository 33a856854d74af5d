"""Engine behaviour the eighteenth compiler round's readings rely on (issue 20, helper h20r18), on synthetic cards
with a legal and an illegal log: 〔天然+N〕 granted (``{"ignore_plus": N}``: raises the Chara's 〔天然〕, gives one
without it 〔天然N〕; lead's decision, session 10), by a continuous effect and by an op "for each X"; coins taken off in
any number (``remove_coins`` ``any``) and "for each coin taken off" (``per: {"coins_taken": true}``)."""

from __future__ import annotations

from dataclasses import replace

from engine.pm.cards import Card, Effect, Timing
from engine.pm.zones import find_chara
from tests.effects.test_machinery import AKI, BEN, DRAW, MAIN_SELF, _chara, _event, boards_with
from tests.engine.kit import assert_illegal, assert_legal

RAISED, PLAIN_RAISED, PER_RAISE, PUT2, CASH_IN, FIRM, AFTER_POINT = (f"TST 88-00{i}" for i in range(1, 8))
CARDS = [
    # printed 〔天然1〕; "while you have 2 or more Charas, this card gets 〔天然+1〕" (NUKN 01-003's shape)
    Card(id=RAISED, name="Raised", series="Test", type="chara", color="red", cost=2, source=1, ap=30, dp=30, ignore=1,
         effects=(Effect("continuous", condition={"count": {"spec": {"side": "self"}, "at_least": 2}},
                         script=({"op": "grant", "target": "self", "what": {"ignore_plus": 1}, "until": "turn_end"},)),)),
    # no 〔天然〕 printed; "this card gets 〔天然+1〕 for each of your Charas" (NUKN 01-024's shape)
    _chara("88-002", "PlainRaised", Effect("continuous", script=(
        {"op": "grant", "target": "self", "what": {"ignore_plus": 1}, "until": "turn_end",
         "per": {"charas": {"side": "self"}}},))),
    # "one of your Charas gets 〔天然+1〕 and 〔我慢〕 until the end of the turn for each Chara of yours named Ben"
    _event("88-003", "PerRaise", (
        {"op": "grant", "target": "target:0", "what": {"ignore_plus": 1}, "until": "turn_end",
         "per": {"charas": {"side": "self", "name": "Ben"}}},
        {"op": "grant", "target": "target:0", "what": "endure", "until": "turn_end",
         "per": {"charas": {"side": "self", "name": "Ben"}}}), cost=0, targets=({"side": "self"},)),
    _event("88-004", "Put2", ({"op": "coin", "target": "target:0", "coin": "+10/+10", "n": 2},), cost=0,
           targets=({"side": "self"},)),
    # "[Main/self] (0): take any number of +10/+10 coins off this card; if so, it gets 〔天然+1〕 for each coin taken off"
    _chara("88-005", "CashIn", Effect("activated", timing=MAIN_SELF, cost=0, script=(
        {"op": "remove_coins", "coin": "+10/+10", "any": True, "target": "self", "then": [
            {"op": "grant", "target": "self", "what": {"ignore_plus": 1}, "until": "turn_end",
             "per": {"coins_taken": True}}]},))),
    # a Chara of cost 1 to interfere with
    _chara("88-006", "Firm", cost=1),
    # 《使用条件》: "this turn, N or more cards were put into the opponent's Point Zone" (GRAN 01-107's shape, N = 1)
    replace(_event("88-007", "AfterPoint", DRAW, timing=Timing.parse("approach/self"), cost=0), use_condition={
        "history": {"event": "point", "filter": {}, "who": "opponent", "at_least": 1}}),
]


def _interfered(p0: list[str], p1: list[str], approacher: str, interferer: str, hand0: list[str] = ()):  # type: ignore[no-untyped-def,assignment]
    return boards_with(CARDS, p0, p1, hand0).add("approach", 0, card=approacher).passes(0, 1).add(
        "interfere", 1, card=interferer)


def test_a_raise_adds_to_the_printed_value_while_its_condition_holds() -> None:
    assert_illegal(_interfered([RAISED, AKI], [BEN], RAISED, BEN), "interfere.ignore")  # 〔天然1〕+1 = 2: Ben costs 2
    assert_legal(_interfered([RAISED], [BEN], RAISED, BEN))  # alone: 〔天然1〕 only
    assert_illegal(_interfered([RAISED], [FIRM], RAISED, FIRM), "interfere.ignore")  # ... which bars cost 1


def test_a_raise_gives_a_chara_without_the_keyword_its_value_for_each_counted() -> None:
    assert_illegal(_interfered([PLAIN_RAISED, AKI], [BEN], PLAIN_RAISED, BEN), "interfere.ignore")  # +1 twice: 〔天然2〕
    assert_legal(_interfered([PLAIN_RAISED], [BEN], PLAIN_RAISED, BEN))  # +1 once: 〔天然1〕
    assert_illegal(_interfered([PLAIN_RAISED], [FIRM], PLAIN_RAISED, FIRM), "interfere.ignore")


def test_an_op_raise_for_each_counted_and_nothing_for_none() -> None:
    g = boards_with(CARDS, [AKI, BEN], [BEN], [PER_RAISE]).add(
        "play_event", 0, card=PER_RAISE, pay=[], targets=[{"p": 0, "card": AKI}])
    res = assert_legal(g)
    aki = find_chara(res.state.players[0], AKI)
    assert aki is not None and [w for w, _ in aki.grants] == [{"ignore_plus": 1}, "endure"]  # one Ben of yours
    g.passes(1).add("approach", 0, card=AKI).passes(0, 1).add("interfere", 1, card=BEN)
    assert_legal(g)  # 〔天然1〕: Ben (cost 2) may interfere
    # no Ben of yours: neither the raise nor the keyword
    res = assert_legal(boards_with(CARDS, [AKI], [], [PER_RAISE]).add(
        "play_event", 0, card=PER_RAISE, pay=[], targets=[{"p": 0, "card": AKI}]))
    aki = find_chara(res.state.players[0], AKI)
    assert aki is not None and aki.grants == []
    # the op as logged: the raise, not a plain 〔天然1〕
    ops = [{"op": "grant", "p": 0, "card": AKI, "what": {"ignore": 1}, "until": "turn_end"}]
    assert_illegal(boards_with(CARDS, [AKI, BEN], [], [PER_RAISE]).add(
        "play_event", 0, card=PER_RAISE, pay=[], targets=[{"p": 0, "card": AKI}], ops=ops), "effect.result")


def _cash(*choice: str, passed: bool = True):  # type: ignore[no-untyped-def]
    g = boards_with(CARDS, [CASH_IN], [BEN], [PUT2]).add(
        "play_event", 0, card=PUT2, pay=[], targets=[{"p": 0, "card": CASH_IN}]).passes(1)
    g.add("use_effect", 0, card=CASH_IN, effect=0, pay=[], choices=[list(choice)])
    return g.passes(1) if passed else g


def test_any_number_of_coins_taken_off_and_a_raise_for_each() -> None:
    res = assert_legal(_cash(CASH_IN, CASH_IN))
    cash = find_chara(res.state.players[0], CASH_IN)
    assert cash is not None and cash.coins == {} and [w for w, _ in cash.grants] == [{"ignore_plus": 2}]
    assert_illegal(_cash(CASH_IN, CASH_IN).add("approach", 0, card=CASH_IN).passes(0, 1).add("interfere", 1, card=BEN),
                   "interfere.ignore")
    res = assert_legal(_cash(CASH_IN))  # one of two: 〔天然1〕, a coin stays
    cash = find_chara(res.state.players[0], CASH_IN)
    assert cash is not None and cash.coins == {"+10/+10": 1} and [w for w, _ in cash.grants] == [{"ignore_plus": 1}]
    res = assert_legal(_cash())  # none: nothing ("if so" fails)
    cash = find_chara(res.state.players[0], CASH_IN)
    assert cash is not None and cash.coins == {"+10/+10": 2} and cash.grants == []
    assert_illegal(_cash(CASH_IN, CASH_IN, CASH_IN, passed=False), "effect.target")  # it holds two


def test_a_use_condition_on_the_cards_put_into_a_point_zone_this_turn() -> None:
    g = boards_with(CARDS, [AKI, BEN], [], [AFTER_POINT]).add("approach", 0, card=AKI)
    assert_illegal(g.add("play_event", 0, card=AFTER_POINT, pay=[]), "event.condition")  # no point yet
    g = boards_with(CARDS, [AKI, BEN], [], [AFTER_POINT]).add("approach", 0, card=AKI).passes(0, 1)
    g.add("no_interfere", 1).passes(0, 1).add("approach", 0, card=BEN)
    assert_legal(g.add("play_event", 0, card=AFTER_POINT, pay=[]))  # Aki's approach gave the opponent a point


def test_the_log_schema_takes_a_raise_as_a_grant() -> None:
    from pmemo_replay.logio import LogError, parse_log
    from tests.logio.logio_samples import A, with_action

    def grant(what: object) -> str:
        return with_action({"type": "trigger", "p": 0, "card": A, "effect": 0,
                            "ops": [{"op": "grant", "p": 0, "card": A, "what": what}]})

    parse_log(grant({"ignore_plus": 2}))
    for bad in ({"ignore_plus": -1}, {"ignore": 1, "ignore_plus": 1}, {"ignore_plus": "2"}):
        try:
            parse_log(grant(bad))
        except LogError as e:
            assert e.ruling["rule"] == "log.schema"
        else:
            raise AssertionError(f"{bad} was taken")
