"""Sample pmemo-log data for the logio tests: a log using every action type and op."""

from __future__ import annotations

import copy
import json
from typing import Any

A = "MHK ST-001"
B = "MHK 01-022"
C = "MHK 01-001a"
D = "MHK P-010"
E = "MHK 01-108"
DECK = [A, B, C, D, E] * 2


def game(**extra: Any) -> dict[str, Any]:
    """A small header (decks of 10: the schema does not check deck sizes)."""
    return {
        "first": 0,
        "players": [{"name": "Aoi", "deck": list(DECK)}, {"name": "Ren", "deck": list(DECK)}],
        **extra,
    }


def every_op() -> list[dict[str, Any]]:
    """One op of every op type (disable is used inside a response, see every_action)."""
    return [
        {"op": "draw", "p": 0, "n": 1},
        {"op": "move", "p": 1, "card": B, "from": "main", "to": "discard"},
        {"op": "move", "p": 0, "card": A, "from": "deck", "to": "point", "face": "up",
         "rested": True, "replace": C},
        {"op": "move", "p": 0, "card": A, "from": "hand", "to": "deck_bottom"},
        {"op": "flip", "p": 0, "card": A, "face": "down"},
        {"op": "shuffle", "p": 1, "order": [B, A, C]},
        {"op": "modify", "p": 0, "card": A, "ap": 20, "dp": -10},
        {"op": "modify", "p": 0, "card": A, "ap": 0, "dp": 10, "until": "next_turn_end"},
        {"op": "grant", "p": 0, "card": A, "what": "active"},
        {"op": "grant", "p": 0, "card": A, "what": {"ignore": 2}, "until": "permanent"},
        {"op": "cost", "p": 0, "card": D, "n": -1, "until": "turn_end"},
        {"op": "coin", "p": 1, "card": B, "coin": "+10/+10", "n": 1},
        {"op": "rest", "p": 1, "card": B},
        {"op": "activate", "p": 0, "card": A},
        {"op": "put_point", "p": 1, "n": 2},
        {"op": "put_point", "p": 1, "n": 1, "face": "down"},
        {"op": "put_point", "p": 1, "n": 1, "cards": [A]},
        {"op": "draw", "p": 0, "n": 2, "cards": [A, B]},
        {"op": "shuffle", "p": 0},
        {"op": "reveal", "p": 0, "cards": [A, C], "from": "hand"},
    ]


def every_action() -> list[dict[str, Any]]:
    """Actions of every type, with their optional fields used somewhere."""
    return [
        {"type": "shuffle", "p": 0, "order": list(DECK)},
        {"type": "shuffle", "p": 1, "order": list(reversed(DECK))},
        {"type": "keep", "p": 0},
        {"type": "redraw", "p": 1, "at": "2026-11-01T14:02:00Z"},
        {"type": "summon", "p": 0, "card": A, "area": "main", "pay": [{"hand": B}]},
        {"type": "summon", "p": 0, "card": C, "area": "support", "pay": [], "replace": A,
         "meta": {"comment": {"free": ["form", 1, None]}}},
        {"type": "set_support", "p": 1, "card": D, "on": B, "pay": [{"point": E}]},
        {"type": "level_up", "p": 0, "card": C, "onto": A},
        {"type": "level_up", "p": 0, "card": C, "onto": A, "pay": [{"hand": E}], "responses": []},
        {"type": "play_event", "p": 1, "card": E, "pay": [{"hand": A}, {"point": B}],
         "targets": [{"p": 0, "card": A}, {"p": 0, "card": D, "on": A}],
         "choices": [0, "both", {"x": 1}], "ops": every_op()},
        {"type": "use_effect", "p": 0, "card": D, "on": A, "effect": 1, "pay": [], "rest": True,
         "discard": E, "targets": [{"p": 1, "card": B}], "choices": [], "ops": [],
         "responses": [
             {"type": "play_event", "p": 1, "card": E, "pay": [{"hand": B}],
              "ops": [{"op": "disable"}],
              "responses": [{"type": "backup", "p": 0, "card": C, "targets": [{"p": 0, "card": A}],
                             "ops": [{"op": "modify", "p": 0, "card": A, "ap": 10, "dp": 10}]}]},
             {"type": "use_effect", "p": 1, "card": B, "effect": 0, "pay": [{"point": A}],
              "at": "2026-11-01T14:05:30.250+09:00", "meta": {}},
         ]},
        {"type": "backup", "p": 1, "card": C, "choices": ["x"], "responses": []},
        {"type": "trigger", "p": 0, "card": A, "effect": 0, "ops": [{"op": "draw", "p": 0, "n": 1}]},
        {"type": "trigger", "p": 1, "card": E, "from": "discard", "effect": 2,
         "targets": [{"p": 1, "card": B}], "choices": [1]},
        {"type": "pass", "p": 1},
        {"type": "approach", "p": 0, "card": A},
        {"type": "approach", "p": 0, "card": A, "with": C},
        {"type": "end_approach", "p": 0},
        {"type": "interfere", "p": 1, "card": B},
        {"type": "no_interfere", "p": 1},
        {"type": "no_interfere", "p": 1, "card": B},
        {"type": "shuffle", "p": 0},
        {"type": "identify", "p": 0, "zone": "hand", "cards": [A, B]},
        {"type": "identify", "p": 1, "zone": "point", "cards": []},
        {"type": "choose_elimination", "p": 1, "card": A},
        {"type": "choose_elimination", "p": 1, "card": None},
        {"type": "break", "p": 1, "card": E},
        {"type": "break", "p": 1, "card": E, "targets": [], "choices": [], "ops": [], "responses": []},
        {"type": "hand_adjust", "p": 0, "discard": [A, B]},
        {"type": "note", "text": "judge: 司波 達也 \u2028 \"quoted\"\n"},
        {"type": "note", "p": 1, "text": ""},
        {"type": "concede", "p": 1},
    ]


def document(actions: list[dict[str, Any]] | None = None, **game_extra: Any) -> dict[str, Any]:
    """A whole JSON-document log (defaults: every_action())."""
    return {
        "format": "pmemo-log",
        "version": 1,
        "game": game(**game_extra),
        "actions": every_action() if actions is None else actions,
    }


def with_action(action: Any) -> str:
    """JSON text of a log whose action 2 is ``action`` (after the two shuffles)."""
    base = every_action()[:2]
    return json.dumps(document([*base, action]), ensure_ascii=False)


def jsonl(doc: dict[str, Any]) -> str:
    """The JSON Lines form of ``doc``, built independently of the writer."""
    head = {k: v for k, v in doc.items() if k != "actions"}
    return "\n".join(json.dumps(x, ensure_ascii=False) for x in [head, *doc["actions"]]) + "\n"


def fresh(doc: dict[str, Any]) -> dict[str, Any]:
    """A deep copy (validation keeps action objects, so tests hand over copies)."""
    return copy.deepcopy(doc)
