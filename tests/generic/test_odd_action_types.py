"""An action whose ``type`` is not a string (a list, an object, a number, null, a boolean) is a malformed log for
every ruleset (``log.schema`` naming the action), never a crash: Clockwork's fast schema path once looked the type up
in a dict and raised ``TypeError: unhashable type`` (reviewer h24mypyc)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.rulesets import RULESETS
from pmemo_replay.cards import bundled_cards
from pmemo_replay.checking import check_text
from tests.generic.test_ruleset_interface import NAMES, _game

ODD_TYPES: tuple[Any, ...] = ([], ["pass"], {}, {"type": "pass"}, 1, 1.5, None, True)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("odd", ODD_TYPES, ids=repr)
def test_an_action_type_that_is_not_a_string_is_malformed(name: str, odd: Any) -> None:
    doc = _game(name)
    doc["actions"][3] = {**doc["actions"][3], "type": odd}
    report = check_text(json.dumps(doc), bundled_cards()).to_json()
    assert report["valid"] is False and report["ruling"]["rule"] == "log.schema", report["ruling"]
    assert report["ruling"]["index"] == 3
    assert name in RULESETS
