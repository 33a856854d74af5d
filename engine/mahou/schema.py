"""Shape checks of a mahou-shoujo-1 header and actions (``log.schema``) and card-id look-ups (``log.card``).

>>> from engine.mahou.cards import MsCardDB
>>> action_problem({"type": "place_hero", "p": 0, "card": "MSJ 001", "to": "squad:3"})
"place_hero: field 'to' must be one of squad, active, not 'squad:3'"
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from typing import Any

from engine.mahou.cards import CARD_ID, OP_FIELDS, MsCardDB, fields_problem, number_problem
from engine.mahou.rules import illegal
from engine.mahou.state import POSITIONS, SQUAD_POSITIONS
from engine.rulings import IllegalAction, Ruling

Check = Callable[[Any], bool]


def _card_id(v: Any) -> bool:
    return isinstance(v, str)


def _ids(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(c, str) for c in v)


def _choice(*values: str) -> Check:
    def check(v: Any) -> bool:
        return v in values

    check.values = values  # type: ignore[attr-defined]
    return check


def _player(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v in (0, 1)


_EFFECT = {"card": _card_id, "targets?": _ids, "ops?": lambda v: isinstance(v, list)}

#: action type -> field -> check (a trailing ``?`` marks an optional field); ``p`` is handled apart
ACTIONS: dict[str, dict[str, Check]] = {
    "search": {"cards": _ids},
    "shuffle": {"order": _ids},
    "redraw": {"order": _ids},
    "place_active": {"hero": _card_id, "girl": _card_id},
    "transform": {"card": _card_id, "onto": _choice(*POSITIONS)},
    "grand_transform": {"card": _card_id},
    "attack": {},
    "draw": {},
    "retreat": {"with": _choice(*SQUAD_POSITIONS)},
    "play_pet": {"card": _card_id},
    "play_power": _EFFECT,
    "play_event": _EFFECT,
    "place_hero": {"card": _card_id, "to": _choice("squad", "active")},
    "promote": {"from": _choice(*SQUAD_POSITIONS)},
    "out_of_heroes": {},
    "end_turn": {},
    "concede": {},
    "note": {"text": lambda v: isinstance(v, str)},
}
_COMMON = ("type", "p", "meta", "at")
#: which action fields hold card ids (lists or single)
CARD_FIELDS = ("card", "hero", "girl")
CARD_LISTS = ("cards", "order")


#: action type -> (field name -> its key in ACTIONS, every field the action may hold), worked out once
_FIELDS: dict[str, tuple[dict[str, str], frozenset[str]]] = {
    kind: (names := {k.rstrip("?"): k for k in spec}, frozenset(names) | frozenset(_COMMON))
    for kind, spec in ACTIONS.items()}


def action_problem(a: Any) -> str | None:
    """What makes an action malformed, or None."""
    if not isinstance(a, Mapping):
        return "an action is a JSON object"
    kind = a.get("type")
    spec = ACTIONS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        return f"unknown action type {kind!r}"
    if ("p" in a or kind != "note") and not _player(a.get("p")):
        return f"{kind}: field 'p' must be 0 or 1, not {a.get('p')!r}"
    names, allowed = _FIELDS[kind]
    if not allowed.issuperset(a):
        key = next(k for k in a if k not in allowed)
        return f"{kind}: unknown field {key!r}"
    if "meta" in a and not isinstance(a["meta"], Mapping):
        return f"{kind}: field 'meta' must be an object"
    if "at" in a and not isinstance(a["at"], str):
        return f"{kind}: field 'at' must be a date-time string"
    for name, key in names.items():
        if name not in a:
            if not key.endswith("?"):
                return f"{kind}: missing required field {name!r}"
            continue
        if not spec[key](a[name]):
            values = getattr(spec[key], "values", None)
            if values:
                return f"{kind}: field {name!r} must be one of {', '.join(values)}, not {a[name]!r}"
            return f"{kind}: field {name!r} has the wrong type ({a[name]!r})"
    for j, op in enumerate(a.get("ops", ())):
        problem = op_problem(op)
        if problem:
            return f"{kind}: ops[{j}]: {problem}"
    return None


def op_problem(op: Any) -> str | None:
    """What makes a logged (concrete) op malformed, or None."""
    if not isinstance(op, Mapping):
        return "an op is an object"
    name = op.get("op")
    if name not in OP_FIELDS:
        return f"unknown op {name!r}"
    fields = OP_FIELDS[name]
    problem = fields_problem(name, op, fields, missing="{name}: missing required field {key!r}")
    if problem:
        return problem
    if not _player(op["p"]):
        return f"{name}: 'p' must be 0 or 1, not {op['p']!r}"
    if "pos" in fields and op["pos"] not in POSITIONS:
        return f"{name}: 'pos' must be a position ({', '.join(POSITIONS)}), not {op['pos']!r}"
    if "card" in fields and not isinstance(op["card"], str):
        return f"{name}: 'card' must be a card id, not {op['card']!r}"
    return number_problem(name, op)


def action_card_ids(a: Mapping[str, Any]) -> list[str]:
    """Every card id the action names (targets only where they look like card ids)."""
    out = [a[k] for k in CARD_FIELDS if k in a]
    for k in CARD_LISTS:
        out += a.get(k, ())
    out += [t for t in a.get("targets", ()) if CARD_ID.fullmatch(t)]
    out += [op["card"] for op in a.get("ops", ()) if "card" in op]
    return out


def check_action(a: Any, cards: MsCardDB) -> None:
    """Raise ``log.schema`` for a malformed action, ``log.card`` for an unknown card id in it."""
    problem = action_problem(a)
    if problem:
        raise illegal("log.schema", problem)
    for cid in action_card_ids(a):
        if cid not in cards.by_id:
            raise illegal("log.card", f"{a['type']}: card {cid} is not in the card data")


def header_error(rule: str, message: str, path: str) -> IllegalAction:
    """A ruling on the header: ``index`` null and a path into ``game``."""
    err = illegal(rule, message)
    err.ruling = Ruling(err.ruling.rule, message, index=None, path=path)
    return err


def check_header(header: Any, cards: MsCardDB) -> None:
    """Raise ``log.schema`` / ``log.card`` (index null) for a malformed header or an unknown deck card."""
    check_header_shape(header)
    for i, pl in enumerate(header["players"]):
        for j, cid in enumerate(pl["deck"]):
            if cid not in cards.by_id:
                raise header_error("log.card", f"player {i}'s deck: card {cid} is not in the card data",
                                   f"game.players.{i}.deck.{j}")


def check_header_shape(header: Any) -> None:
    """Raise ``log.schema`` (index null, a path into ``game``) for a malformed header."""
    if not isinstance(header, Mapping):
        raise header_error("log.schema", "the header 'game' must be an object", "game")
    if header.get("ruleset") != "mahou-shoujo-1":
        raise header_error("log.schema", f"'ruleset' must be \"mahou-shoujo-1\", not {header.get('ruleset')!r}", "game.ruleset")
    if not _player(header.get("first")):
        raise header_error("log.schema", f"'first' must be 0 or 1, not {header.get('first')!r}", "game.first")
    players = header.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise header_error("log.schema", "'players' must list exactly two players", "game.players")
    for i, pl in enumerate(players):
        path = f"game.players.{i}"
        if not isinstance(pl, Mapping):
            raise header_error("log.schema", f"player {i} must be an object", path)
        for key in pl:
            if key == "ex_deck" and pl[key] == []:
                continue  # a reader's default for Precious Memories; an EX deck itself is not allowed
            if key not in ("name", "deck", "deck_name"):
                raise header_error("log.schema", f"player {i}: unknown field {key!r}", f"{path}.{key}")
        if not isinstance(pl.get("name"), str):
            raise header_error("log.schema", f"player {i}: 'name' (a string) is required", f"{path}.name")
        if "deck_name" in pl and not isinstance(pl["deck_name"], str):
            raise header_error("log.schema", f"player {i}: 'deck_name' must be a string", f"{path}.deck_name")
        if not _ids(pl.get("deck")):
            raise header_error("log.schema", f"player {i}: 'deck' (a list of card ids) is required", f"{path}.deck")
    for key, value in header.items():
        problem = _HEADER_EXTRAS.get(key)
        if key not in ("ruleset", "first", "players") and problem is None:
            raise header_error("log.schema", f"unknown field {key!r}", f"game.{key}")
        if problem is not None and not problem(value):
            raise header_error("log.schema", f"field {key!r} has the wrong type ({value!r})", f"game.{key}")


def _date_time(v: Any) -> bool:
    """An ISO 8601 date-time string (``2026-11-01T14:00:00Z``) that has a UTC time."""
    if not isinstance(v, str) or not re.match(r"[0-9]{4}-?[0-9]{2}-?[0-9]{2}[Tt ][0-9]{2}", v):
        return False
    try:
        when = datetime.fromisoformat(v)
        if when.tzinfo is not None:
            when.astimezone(UTC)
    except (ValueError, OverflowError):
        return False
    return True


#: the optional header fields of log-format.md and a check of each value
_HEADER_EXTRAS: dict[str, Check] = {
    "id": lambda v: isinstance(v, str), "played_at": _date_time, "event": lambda v: isinstance(v, str),
    "round": lambda v: isinstance(v, int) and not isinstance(v, bool) and -(2**31) <= v < 2**31,
    "cardset": lambda v: isinstance(v, str), "meta": lambda v: isinstance(v, Mapping),
    "as_played": lambda v: isinstance(v, bool),  # docs/as-played.md
}


def card_ids_with_paths(header: Mapping[str, Any], actions: Any) -> Iterator[tuple[int | None, str, str]]:
    """``(index or None, path, card id)`` for every card id of a well-formed log, header decks first (an action's
    path is its index, mahou-shoujo.md §11)."""
    for i, pl in enumerate(header["players"]):
        for j, cid in enumerate(pl["deck"]):
            yield None, f"game.players.{i}.deck.{j}", cid
    for index, action in enumerate(actions):
        for cid in action_card_ids(action):
            yield index, str(index), cid
