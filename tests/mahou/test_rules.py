"""Every rule id of mahou-shoujo.md §11: a legal example and an illegal one (rule id, index, values in the message)."""

from __future__ import annotations

from tests.mahou.kit import HEROES, Log, legal, ruled, std

HANA_RUBY = ("MSJ 001", "MSJ 010")


# --- log.* -------------------------------------------------------------------------------------------------

def test_log_schema_action() -> None:
    legal(std().add("attack", 0))
    ruled(std().add("attack", 2), "log.schema", "'p'", "2")
    ruled(std().add("place_hero", 0, card="MSJ 002", to="squad:3"), "log.schema", "squad:3")
    ruled(std().add("retreat", 0, **{"with": "active"}), "log.schema", "'with'", "active")
    ruled(std().add("attack", 0, target="active"), "log.schema", "'target'")
    ruled(std().add("fly", 0), "log.schema", "'fly'")
    ruled(std().add("play_event", 1, card="MSJ 900", ops=[{"op": "damage", "p": 0, "pos": "active", "n": True}]),
          "log.schema", "'n'", "True")


def test_log_card_in_an_action() -> None:
    legal(std(["MSJ 053"]).add("play_event", 0, card="MSJ 053", ops=[{"op": "damage", "p": 1, "pos": "active", "n": 5}]))
    ruled(std().add("transform", 0, card="MSJ 777", onto="active"), "log.card", "MSJ 777")
    ruled(std().add("play_event", 0, card="MSJ 900", targets=["MSJ 778"]), "log.card", "MSJ 778")


def test_log_schema_before_game_over() -> None:
    ruled(std().add("concede", 0).add("attack", 5), "log.schema", "5")


# --- game.over ---------------------------------------------------------------------------------------------

def test_game_over() -> None:
    r = legal(std().add("concede", 1).add("note", text="gg"))
    assert r.result == {"winner": 0, "reason": "concede"}
    ruled(std().add("concede", 1).add("attack", 0), "game.over", "concede", "attack")


# --- setup -------------------------------------------------------------------------------------------------

def _bare(tops0: list[str] | None = None) -> Log:
    return Log(tops0 or ["MSJ 010"], ["MSJ 010"], setup=False)


def test_setup_order_play_before_turn_one() -> None:
    log = _bare().add("search", 0, cards=list(HEROES))
    legal(log)
    ruled(log.add("attack", 0), "setup.order", "attack", "turn 1")


def test_setup_order_sequence() -> None:
    log = _bare()
    ruled(log.add("shuffle", 0, order=log.decks[0][3:]), "setup.order", "shuffle", "search")
    log = _bare().add("search", 0, cards=list(HEROES))
    ruled(log.add("place_active", 0, hero="MSJ 001", girl="MSJ 010"), "setup.order", "place_active", "shuffle")
    log = _bare().add("search", 0, cards=list(HEROES))
    ruled(log.add("search", 0, cards=list(HEROES)), "setup.order", "search", "shuffle")


def test_setup_order_shuffle_is_a_permutation() -> None:
    log = _bare().add("search", 0, cards=list(HEROES))
    ruled(log.add("shuffle", 0, order=log.decks[0][4:]), "setup.order", "36 cards given, 37 expected", "missing MSJ 010")
    log = _bare().add("search", 0, cards=list(HEROES))
    ruled(log.add("shuffle", 0, order=["MSJ 011", *log.decks[0][4:]]), "setup.order", "missing MSJ 010",
          "not in the deck MSJ 011")


def test_setup_order_redraw_due_and_not_due() -> None:
    tops = ["MSJ 030", "MSJ 040", "MSJ 041", "MSJ 042", "MSJ 010"]
    log = _bare(tops).add("search", 0, cards=list(HEROES))
    log.add("shuffle", 0, order=log.decks[0][3:])
    ruled(_copy(log).add("place_active", 0, hero="MSJ 001", girl="MSJ 010"), "setup.order", "redraw is due")
    rest = log.decks[0][3:]
    order = ["MSJ 010", *[c for c in rest if c != "MSJ 010"]]
    r = legal(_copy(log).add("redraw", 0, order=order).add("place_active", 0, hero="MSJ 001", girl="MSJ 010"))
    assert r.state_json()["players"][0]["redraws"] == 1
    ruled(_copy(log).add("redraw", 0, order=order[1:]), "setup.order", "redraw order", "missing MSJ 010")
    fine = _bare().add("search", 0, cards=list(HEROES))
    fine.add("shuffle", 0, order=fine.decks[0][3:])
    ruled(fine.add("redraw", 0, order=fine.decks[0][3:]), "setup.order", "no redraw is due", "MSJ 010")


def test_setup_order_redraw_repeats_until_a_girl() -> None:
    tops = ["MSJ 030", "MSJ 040", "MSJ 041", "MSJ 042", "MSJ 010"]
    log = _bare(tops).add("search", 0, cards=list(HEROES))
    log.add("shuffle", 0, order=log.decks[0][3:])
    log.add("redraw", 0, order=log.decks[0][3:])  # the same 4 again: still no MG
    ruled(_copy(log).add("place_active", 0, hero="MSJ 001", girl="MSJ 010"), "setup.order", "redraw is due")
    rest = log.decks[0][3:]
    log.add("redraw", 0, order=["MSJ 010", *[c for c in rest if c != "MSJ 010"]])
    r = legal(log.add("place_active", 0, hero="MSJ 001", girl="MSJ 010"))
    assert r.state_json()["players"][0]["redraws"] == 2
    assert r.state_json()["players"][0]["hand"][:3] == ["MSJ 002", "MSJ 003", "MSJ 030"]


def test_setup_order_after_turn_one() -> None:
    ruled(std().add("search", 0, cards=list(HEROES)), "setup.order", "search", "turn 1")


def _copy(log: Log) -> Log:
    out = Log.__new__(Log)
    out.decks, out.header, out.actions = log.decks, log.header, list(log.actions)
    return out


def test_setup_search() -> None:
    legal(_bare().add("search", 0, cards=["MSJ 003", "MSJ 001", "MSJ 002"]))
    ruled(_bare().add("search", 0, cards=["MSJ 001", "MSJ 002"]), "setup.search", "2 cards", "exactly 3")
    ruled(_bare().add("search", 0, cards=["MSJ 001", "MSJ 002", "MSJ 010"]), "setup.search", "MSJ 010", "not a Hero")
    ruled(_bare().add("search", 0, cards=["MSJ 001", "MSJ 001", "MSJ 002"]), "setup.search", "holds 1 of MSJ 001",
          "names 2")


def test_setup_pair() -> None:
    log = _bare().add("search", 0, cards=list(HEROES))
    log.add("shuffle", 0, order=log.decks[0][3:])
    legal(_copy(log).add("place_active", 0, hero="MSJ 002", girl="MSJ 010"))
    ruled(_copy(log).add("place_active", 0, hero="MSJ 010", girl="MSJ 010"), "setup.pair", "MSJ 010", "not a Hero")
    ruled(_copy(log).add("place_active", 0, hero="MSJ 001", girl="MSJ 002"), "setup.pair", "MSJ 002", "not a Magical Girl")
    ruled(_copy(log).add("place_active", 0, hero="MSJ 001", girl="MSJ 011"), "setup.pair", "MSJ 011", "not in player 0's hand")


# --- turns and priority ------------------------------------------------------------------------------------

def _knock_out_p1() -> Log:
    """Player 0 defeats player 1's Hana + Ruby in turn 1 (attack 3 + Squall 5 >= 7); player 1 must fill."""
    return std(["MSJ 053"]).add("attack", 0).add("play_event", 0, card="MSJ 053")


def test_turn_priority() -> None:
    legal(std([], ["MSJ 050"]).add("play_event", 1, card="MSJ 050"))
    ruled(std().add("attack", 1), "turn.priority", "player 0's turn", "not player 1's")
    ruled(std().add("end_turn", 1), "turn.priority", "end_turn")
    ruled(std().add("place_hero", 1, card="MSJ 002", to="squad"), "turn.priority", "place_hero")
    ruled(_knock_out_p1().add("attack", 0), "turn.priority", "player 1 must fill", "attack by player 0")


def test_turn_priority_before_replace_required() -> None:
    r = legal(_knock_out_p1())
    assert r.state_json()["must_replace"] == [1]
    assert r.state_json()["players"][0]["gems"] == 1
    ruled(_knock_out_p1().add("attack", 1), "turn.priority", "attack")


def test_replace_required() -> None:
    legal(_knock_out_p1().add("place_hero", 1, card="MSJ 002", to="active").add("attack", 0))
    ruled(_knock_out_p1().add("play_event", 1, card="MSJ 900"), "replace.required", "player 1", "play_event")
    ruled(_knock_out_p1().add("place_hero", 1, card="MSJ 002", to="squad"), "turn.priority", "place_hero")


def test_action_count() -> None:
    legal(std().add("attack", 0).add("draw", 0).add("place_hero", 0, card="MSJ 002", to="squad").add("end_turn", 0))
    ruled(std().add("attack", 0).add("draw", 0).add("draw", 0), "action.count", "third", "turn 1")
    ruled(std().add("draw", 0).add("draw", 0).add("transform", 0, card="MSJ 777", onto="active"), "log.card")
    ruled(std().add("draw", 0).add("draw", 0).add("transform", 0, card="MSJ 011", onto="active"), "action.count")


def test_action_count_resets_each_turn() -> None:
    legal(std().add("draw", 0).add("draw", 0).add("end_turn", 0).add("draw", 1).add("draw", 1))


# --- zone and card.type ------------------------------------------------------------------------------------

def test_zone() -> None:
    legal(std(["MSJ 011"]).add("place_hero", 0, card="MSJ 002", to="squad").add("transform", 0, card="MSJ 011", onto="squad:0"))
    ruled(std().add("transform", 0, card="MSJ 011", onto="active"), "zone", "MSJ 011", "player 0's hand")
    ruled(std().add("transform", 0, card="MSJ 004", onto="active"), "zone", "MSJ 004")  # also not an MG: zone first
    ruled(std().add("play_event", 1, card="MSJ 053"), "zone", "MSJ 053", "player 1")


def test_card_type() -> None:
    legal(std(["MSJ 053", "MSJ 040"]).add("play_event", 0, card="MSJ 053").add("play_power", 0, card="MSJ 040"))
    ruled(std().add("transform", 0, card="MSJ 002", onto="active"), "card.type", "MSJ 002", "a Hero")
    ruled(std(["MSJ 053"]).add("play_power", 0, card="MSJ 053"), "card.type", "MSJ 053", "an Event")
    ruled(std(["MSJ 040"]).add("play_event", 0, card="MSJ 040"), "card.type", "MSJ 040", "a Magical Power")
    ruled(std().add("place_hero", 0, card="MSJ 900", to="squad"), "card.type", "MSJ 900")


# --- the action's own ids ----------------------------------------------------------------------------------

def test_place_active() -> None:
    legal(_knock_out_p1().add("place_hero", 1, card="MSJ 003", to="active"))
    ruled(std().add("place_hero", 0, card="MSJ 002", to="active"), "place.active", "MSJ 001", "MSJ 002")
    ruled(std().add("place_hero", 1, card="MSJ 002", to="active"), "place.active", "player 1")


def test_squad_full() -> None:
    log = std(["MSJ 004", "MSJ 005"])
    for hero in ("MSJ 002", "MSJ 003", "MSJ 004"):
        log.add("place_hero", 0, card=hero, to="squad")
    r = legal(log)
    assert [f["hero"] for f in r.state_json()["players"][0]["squad"]] == ["MSJ 002", "MSJ 003", "MSJ 004"]
    ruled(log.add("place_hero", 0, card="MSJ 005", to="squad"), "squad.full", "3", "MSJ 005")


def test_replace_invalid() -> None:
    ruled(std().add("promote", 0, **{"from": "squad:0"}), "replace.invalid", "promote", "not empty")
    ruled(std().add("out_of_heroes", 1), "replace.invalid", "out_of_heroes", "player 1")
    ruled(_knock_out_p1().add("promote", 1, **{"from": "squad:0"}), "replace.invalid", "squad:0 is empty")
    ruled(_knock_out_p1().add("out_of_heroes", 1), "replace.invalid", "hand holds a Hero", "MSJ 002")
    log = std(["MSJ 053"]).add("end_turn", 0).add("place_hero", 1, card="MSJ 002", to="squad")
    log.add("place_hero", 1, card="MSJ 003", to="squad").add("end_turn", 1)
    log.add("attack", 0).add("play_event", 0, card="MSJ 053")
    legal(_copy(log).add("promote", 1, **{"from": "squad:1"}))
    ruled(log.add("out_of_heroes", 1), "replace.invalid", "Squad holds 2")


def test_transform_target() -> None:
    log = std(["MSJ 011"]).add("place_hero", 0, card="MSJ 002", to="squad")
    r = legal(_copy(log).add("transform", 0, card="MSJ 011", onto="squad:0"))
    kai = r.state_json()["players"][0]["squad"][0]
    assert (kai["girl"], kai["hp"], kai["max_hp"], kai["mgk"], kai["atk"]) == ("MSJ 011", 7, 7, 3, 1)
    ruled(_copy(log).add("transform", 0, card="MSJ 011", onto="squad:1"), "transform.target", "squad:1", "empty")
    ruled(_copy(log).add("transform", 0, card="MSJ 011", onto="active"), "transform.target", "MSJ 010", "already")


def _exhausted_p0(tops0: list[str]) -> Log:
    """Player 1 plays Sudden Rain twice in turn 1: player 0's Ruby is exhausted, Hana stays bare (7 HP)."""
    return std(tops0, ["MSJ 050", "MSJ 050"]).add("play_event", 1, card="MSJ 050").add("play_event", 1, card="MSJ 050")


def test_grand_target() -> None:
    r = legal(_exhausted_p0([]))
    hana = r.state_json()["players"][0]["active"]
    assert (hana["girl"], hana["hp"], hana["max_hp"], hana["mgk"]) == (None, 7, 7, 0)
    ruled(_exhausted_p0(["MSJ 020"]).add("grand_transform", 0, card="MSJ 020"), "grand.target", "no Magical Girl")
    two = std(["MSJ 020", "MSJ 020"]).add("grand_transform", 0, card="MSJ 020")
    r = legal(two)
    hana = r.state_json()["players"][0]["active"]
    assert (hana["grand"], hana["hp"], hana["max_hp"], hana["atk"], hana["mgk"]) == ("MSJ 020", 9, 9, 7, 0)
    ruled(two.add("grand_transform", 0, card="MSJ 020"), "grand.target", "already", "MSJ 020")


def test_grand_condition() -> None:
    sapphire = Log(["MSJ 011", "MSJ 020"], ["MSJ 010"], pairs=(("MSJ 001", "MSJ 011"), HANA_RUBY))
    ruled(sapphire.add("grand_transform", 0, card="MSJ 020"), "grand.condition", "girl", "Sapphire", "Ruby")
    legal(std(["MSJ 021"]).add("grand_transform", 0, card="MSJ 021"))  # MGK 2 >= 2, HP 7 <= 7
    ruled(std(["MSJ 021"]).add("attack", 0).add("grand_transform", 0, card="MSJ 021"), "grand.condition",
          "mgk_at_least", "1 < 2")
    ruled(std(["MSJ 021"], pairs=(("MSJ 002", "MSJ 010"), HANA_RUBY)).add("grand_transform", 0, card="MSJ 021"),
          "grand.condition", "hp_at_most", "8 > 7")
    ruled(std(["MSJ 022"]).add("grand_transform", 0, card="MSJ 022"), "grand.condition", "dreamscape_at_least", "0 < 2")
    legal(std(["MSJ 022", "MSJ 040"]).add("play_power", 0, card="MSJ 040")
          .add("play_event", 0, card="MSJ 900").add("grand_transform", 0, card="MSJ 022"))


def test_attack_mgk() -> None:
    r = legal(std().add("attack", 0).add("attack", 0))
    p0, p1 = r.state_json()["players"]
    assert p1["active"]["hp"] == 1 and p0["active"]["girl"] is None and p0["dreamscape"] == ["MSJ 010"]
    ruled(_exhausted_p0([]).add("attack", 0), "attack.mgk", "MSJ 001", "0 MGK", "no Grand MG")


def test_grand_attack_costs_no_mgk() -> None:
    r = legal(std(["MSJ 020"]).add("grand_transform", 0, card="MSJ 020").add("attack", 0))
    p0, p1 = r.state_json()["players"]
    assert p0["active"]["grand_attacked"] is True and p0["active"]["girl"] == "MSJ 010"  # MGK 0 does not exhaust it
    assert p1["active"] is None and p0["gems"] == 1 and r.state_json()["must_replace"] == [1]


def test_retreat_target() -> None:
    log = std().add("place_hero", 0, card="MSJ 002", to="squad").add("place_hero", 0, card="MSJ 003", to="squad")
    log.add("end_turn", 0).add("attack", 1).add("end_turn", 1)
    r = legal(_copy(log).add("retreat", 0, **{"with": "squad:1"}))
    p0 = r.state_json()["players"][0]
    assert p0["active"]["hero"] == "MSJ 003"
    assert [f["hero"] for f in p0["squad"]] == ["MSJ 002", "MSJ 001"]
    assert (p0["squad"][1]["hp"], p0["squad"][1]["girl"]) == (7, "MSJ 010")  # healed, keeps its cards
    ruled(std().add("retreat", 0, **{"with": "squad:0"}), "retreat.target", "squad:0 is empty")


def test_pet_target_and_cost() -> None:
    r = legal(std(["MSJ 030"]).add("play_pet", 0, card="MSJ 030"))
    hana = r.state_json()["players"][0]["active"]
    assert (hana["pets"], hana["mgk"], hana["atk"], hana["hp"]) == (["MSJ 030"], 1, 4, 7)
    ruled(_exhausted_p0(["MSJ 030"]).add("play_pet", 0, card="MSJ 030"), "pet.target", "no Magical Girl", "MSJ 030")
    ruled(std(["MSJ 031"]).add("play_pet", 0, card="MSJ 031"), "pet.cost", "costs 3", "has 2")


def test_power_cost_spec_example() -> None:
    """The spec's example log, with a play_power instead of the draw: power.cost at index 10."""
    log = spec_example()
    legal(log)
    log.actions[10] = {"type": "play_power", "p": 0, "card": "MSJ 040"}
    log.actions = log.actions[:11]
    ruled(log, "power.cost", "MSJ 040", "costs 1", "has 0")


def spec_example() -> Log:
    """The example log of mahou-shoujo.md §10 (player 1 redraws once)."""
    log = Log(["MSJ 010", "MSJ 030", "MSJ 040", "MSJ 041", "MSJ 044"],
              ["MSJ 030", "MSJ 040", "MSJ 041", "MSJ 042", "MSJ 011", "MSJ 043", "MSJ 050", "MSJ 044"],
              setup=False, heroes=(("MSJ 001", "MSJ 002", "MSJ 003"), ("MSJ 001", "MSJ 001", "MSJ 004")))
    first4 = log.decks[1][3:7]
    rest = log.decks[1][7:]
    new = ["MSJ 011", "MSJ 043", "MSJ 050", "MSJ 044"]
    for c in new:
        rest.remove(c)
    log.add("search", 0, cards=["MSJ 001", "MSJ 002", "MSJ 003"]).add("shuffle", 0, order=log.decks[0][3:])
    log.add("search", 1, cards=["MSJ 001", "MSJ 001", "MSJ 004"]).add("shuffle", 1, order=log.decks[1][3:])
    log.add("redraw", 1, order=new + first4 + rest)
    log.add("place_active", 0, hero="MSJ 001", girl="MSJ 010").add("place_active", 1, hero="MSJ 004", girl="MSJ 011")
    log.add("place_hero", 0, card="MSJ 002", to="squad").add("attack", 0).add("play_event", 1, card="MSJ 050")
    log.add("draw", 0).add("end_turn", 0)
    return log


# --- effects -----------------------------------------------------------------------------------------------

def test_effect_target() -> None:
    r = legal(std(["MSJ 041"], ["MSJ 053"]).add("play_event", 1, card="MSJ 053")
              .add("play_power", 0, card="MSJ 041", targets=["active"]))
    assert r.state_json()["players"][0]["active"]["hp"] == 5  # 7 - 5 + 3
    ruled(std(["MSJ 041"]).add("play_power", 0, card="MSJ 041"), "effect.target", "missing target 1", "0 given")
    ruled(std(["MSJ 040"]).add("play_power", 0, card="MSJ 040", targets=["active"]), "effect.target", "extra", "active")
    ruled(std(["MSJ 041"]).add("play_power", 0, card="MSJ 041", targets=["MSJ 001"]), "effect.target",
          "'MSJ 001'", "position")
    ruled(std(["MSJ 041"]).add("play_power", 0, card="MSJ 041", targets=["squad:0"]), "effect.target",
          "squad:0 position is empty")
    ruled(std(["MSJ 043"]).add("play_power", 0, card="MSJ 043", targets=["MSJ 011"]), "effect.target",
          "MSJ 011", "not in player 1's hand")
    ruled(std(["MSJ 045"]).add("play_power", 0, card="MSJ 045", targets=["MSJ 030"]), "effect.target",
          "MSJ 030", "not a Pet attached")
    log = std(["MSJ 042"], ["MSJ 053"]).add("end_turn", 0).add("place_hero", 1, card="MSJ 002", to="squad").add("end_turn", 1)
    ruled(log.add("play_power", 0, card="MSJ 042", targets=["squad:0"]), "effect.target", "MSJ 002", "no Magical Girl")


def test_effect_choose_and_legal_targets() -> None:
    log = std(["MSJ 042", "MSJ 043"], ["MSJ 053"]).add("play_power", 0, card="MSJ 042", targets=["active"])
    r = legal(log)
    assert r.state_json()["players"][1]["active"]["mgk"] == 1
    r = legal(log.add("play_power", 0, card="MSJ 043", targets=["MSJ 053"]))
    assert r.state_json()["players"][1]["dreamscape"] == ["MSJ 053"]


def test_effect_result() -> None:
    beam = {"op": "damage", "p": 1, "pos": "active", "n": 2}
    r = legal(std(["MSJ 040"]).add("play_power", 0, card="MSJ 040", ops=[beam]))
    assert r.state_json()["players"][1]["active"]["hp"] == 5
    ruled(std(["MSJ 040"]).add("play_power", 0, card="MSJ 040", ops=[{**beam, "n": 3}]), "effect.result",
          "'n': 3", "'n': 2")
    ruled(std(["MSJ 040"]).add("play_power", 0, card="MSJ 040", ops=[]), "effect.result", "differ")
    # an unscripted card: the recorded ops are applied, unverified; one that fails is effect.result
    r = legal(std(["MSJ 052"]).add("play_event", 0, card="MSJ 052", ops=[beam]))
    assert r.state_json()["players"][1]["active"]["hp"] == 5
    assert any(e.unverified for e in r.trails[-1].entries)
    ruled(std(["MSJ 052"]).add("play_event", 0, card="MSJ 052", ops=[{**beam, "pos": "squad:0"}]), "effect.result",
          "recorded op 0", "damage only hits the Active fighter")
    ruled(std(["MSJ 044"]).add("play_power", 0, card="MSJ 044",
                               ops=[{"op": "discard", "p": 1, "card": "MSJ 044"}]), "effect.result", "MSJ 044")


def test_effect_target_before_effect_result() -> None:
    ruled(std(["MSJ 041"]).add("play_power", 0, card="MSJ 041", targets=["squad:1"], ops=[]), "effect.target")
