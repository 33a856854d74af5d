"""check_card_ids: log.card rulings for the first unknown card id, header decks first."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pmemo_replay.logio import LogError, card_ids, check_card_ids, parse_log
from pmemo_replay.logio.reader import PmemoLog
from tests.logio.logio_samples import DECK, document, every_action

X = "ZZZ 99-999"


def log_of(actions: list[dict[str, Any]], **game_extra: Any) -> PmemoLog:
    return parse_log(json.dumps(document(actions, **game_extra)))


def card_ruling(log: PmemoLog, unknown: str = X) -> dict[str, Any]:
    with pytest.raises(LogError) as caught:
        check_card_ids(log, lambda card: card != unknown)
    assert caught.value.rule == "log.card"
    return caught.value.ruling


def test_all_known_passes() -> None:
    assert check_card_ids(log_of(every_action()), lambda card: True) is None


def test_header_deck_first() -> None:
    doc = document([{"type": "approach", "p": 0, "card": X}])
    doc["game"]["players"][1]["deck"] = [*DECK, DECK[0], DECK[1], X]
    result = card_ruling(parse_log(json.dumps(doc)))
    assert result == {
        "index": None, "path": "game.players.1.deck.12", "rule": "log.card", "ref": None,
        "message": "game: player 1's deck holds an unknown card 'ZZZ 99-999' (position 12)",
    }


def test_header_ex_deck() -> None:
    doc = document([])
    doc["game"]["players"][0]["ex_deck"] = ["MHK 01-001", X]
    assert card_ruling(parse_log(json.dumps(doc)))["path"] == "game.players.0.ex_deck.1"


CASES: list[tuple[dict[str, Any], str]] = [
    ({"type": "summon", "p": 0, "card": X, "area": "main", "pay": []}, "card"),
    ({"type": "summon", "p": 0, "card": "MHK ST-001", "area": "main", "pay": [], "replace": X}, "replace"),
    ({"type": "summon", "p": 0, "card": "MHK ST-001", "area": "main", "pay": [{"hand": "MHK ST-001"}, {"point": X}]},
     "pay.1.point"),
    ({"type": "set_support", "p": 0, "card": "MHK ST-001", "on": X, "pay": []}, "on"),
    ({"type": "level_up", "p": 0, "card": "MHK ST-001", "onto": X}, "onto"),
    ({"type": "approach", "p": 0, "card": "MHK ST-001", "with": X}, "with"),
    ({"type": "use_effect", "p": 0, "card": "MHK ST-001", "effect": 0, "pay": [], "discard": X}, "discard"),
    ({"type": "hand_adjust", "p": 0, "discard": ["MHK ST-001", X]}, "discard.1"),
    ({"type": "shuffle", "p": 0, "order": ["MHK ST-001", "MHK ST-001", X]}, "order.2"),
    ({"type": "play_event", "p": 0, "card": "MHK ST-001", "pay": [], "targets": [{"p": 1, "card": "MHK ST-001", "on": X}]},
     "targets.0.on"),
    ({"type": "trigger", "p": 0, "card": "MHK ST-001", "effect": 0,
      "ops": [{"op": "draw", "p": 0, "n": 1}, {"op": "reveal", "p": 0, "cards": ["MHK ST-001", X], "from": "hand"}]},
     "ops.1.cards.1"),
    ({"type": "trigger", "p": 0, "card": "MHK ST-001", "effect": 0,
      "ops": [{"op": "move", "p": 0, "card": "MHK ST-001", "from": "hand", "to": "main", "replace": X}]}, "ops.0.replace"),
    ({"type": "trigger", "p": 0, "card": "MHK ST-001", "effect": 0, "ops": [{"op": "shuffle", "p": 0, "order": [X]}]},
     "ops.0.order.0"),
    ({"type": "summon", "p": 0, "card": "MHK ST-001", "area": "main", "pay": [],
      "responses": [{"type": "backup", "p": 1, "card": "MHK ST-001"},
                    {"type": "play_event", "p": 1, "card": "MHK ST-001", "pay": [],
                     "responses": [{"type": "backup", "p": 0, "card": X}]}]},
     "responses.1.responses.0.card"),
    ({"type": "choose_elimination", "p": 1, "card": X}, "card"),
]


@pytest.mark.parametrize(("action", "field_path"), CASES, ids=[c[1] for c in CASES])
def test_unknown_card_in_action(action: dict[str, Any], field_path: str) -> None:
    actions = [*every_action(), action]
    index = len(actions) - 1
    result = card_ruling(log_of(actions))
    assert (result["index"], result["path"]) == (index, f"{index}.{field_path}")
    assert result["message"] == f"action {index} ({action['type']}): unknown card '{X}' in '{field_path}'"


def test_choices_and_zones_are_not_card_ids() -> None:
    action = {"type": "trigger", "p": 0, "card": "MHK ST-001", "effect": 0, "from": "discard", "choices": [X]}
    check_card_ids(log_of([action]), lambda card: card != X)


def test_first_unknown_in_action_order_and_known_asked_once_per_id() -> None:
    asked: list[str] = []

    def known(card: str) -> bool:
        asked.append(card)
        return not card.startswith("ZZZ")

    actions = [*every_action(), {"type": "interfere", "p": 1, "card": "ZZZ 01-001"},
               {"type": "interfere", "p": 1, "card": "ZZZ 01-002"}]
    with pytest.raises(LogError) as caught:
        check_card_ids(log_of(actions), known)
    assert caught.value.index == len(actions) - 2
    assert len(asked) == len(set(asked))


def test_card_ids_lists_every_reference() -> None:
    log = log_of(every_action())
    found = list(card_ids(log))
    assert found[0] == (None, "game.players.0.deck.0", DECK[0])
    paths = {path for _, path, _ in found}
    assert "9.targets.1.on" in paths and "10.responses.0.responses.0.targets.0.card" in paths
    assert "9.ops.2.replace" in paths and "10.discard" in paths


def test_target_left_out_walked_over() -> None:
    """A null among the targets (a target left out) names no card: the walk over the actions, which a check without
    the ids collected while reading takes (the ruling of an illegal log), passes it over as card_ids does."""
    action = {"type": "play_event", "p": 0, "card": DECK[0], "pay": [], "targets": [{"p": 1, "card": X}, None]}
    log = PmemoLog(log_of([]).header, [action], "json")  # read otherwise: no card ids collected
    assert log.action_card_ids is None
    check_card_ids(log, lambda card: True)
    ruling = card_ruling(log)
    assert (ruling["index"], ruling["path"]) == (0, "0.targets.0.card")
    assert [path for _, path, _ in card_ids(log)][-2:] == ["0.card", "0.targets.0.card"]
