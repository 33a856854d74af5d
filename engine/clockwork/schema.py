"""Shape checks of a clockwork-memorion-1 header and actions (``log.schema``, §10) and card-id look-ups (``log.card``).

>>> action_problem({"type": "attack", "p": 0, "at": "zone:4"})
"attack: field 'at' has a wrong value 'zone:4'"
>>> action_problem({"type": "summon", "p": 0, "card": "CWX 010", "at": "zone:0", "interrupts": [{"type": "end_turn", "p": 1}]})
'summon: interrupts.0: only recall, activate and deify may interrupt, not end_turn'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from itertools import repeat
from typing import Any

from engine.clockwork.cards import op_problem
from engine.clockwork.words import POSITIONS, ZONES, is_int

Check = Callable[[Any], bool]


def _str(v: Any) -> bool:
    return isinstance(v, str)


def _ids(v: Any) -> bool:
    return isinstance(v, list) and all(map(isinstance, v, repeat(str)))


def _one_of(*values: Any) -> Check:
    return lambda v: v in values and isinstance(v, str)


def _slot(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(is_int(x) and x >= 0 for x in v)


def _slot_or_null(v: Any) -> bool:
    return v is None or _slot(v)


def _target(v: Any) -> bool:
    if not isinstance(v, Mapping):
        return False
    if set(v) == {"at"}:
        return v["at"] == "summoning"
    return set(v) == {"p", "at"} and is_int(v["p"]) and v["p"] in (0, 1) and v["at"] in POSITIONS


def _split(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, Mapping) and set(x) == {"at", "n"} and x["at"] in POSITIONS
                                       and is_int(x["n"]) and x["n"] >= 0 for x in v)


_ZONE = _one_of(*ZONES)
_POS = _one_of(*POSITIONS)
_QUICK_FIELDS: dict[str, Check] = {
    "targets?": lambda v: isinstance(v, list) and all(x is None or isinstance(x, str) for x in v),
    "choices?": lambda v: isinstance(v, list) and all(isinstance(x, str | int) and not isinstance(x, bool) for x in v),
    "ops?": lambda v: isinstance(v, list), "slots?": lambda v: isinstance(v, list) and all(map(_slot_or_null, v)),
}

#: action type -> field -> check (``?``: optional); ``interrupts`` and ``time`` are checked apart
ACTIONS: dict[str, dict[str, Check]] = {
    "setup": {"ruler": _str, "limit": _str, "face": _str, "rotated": lambda v: isinstance(v, bool)},
    "shuffle": {"order": _ids},
    "keep": {},
    "mulligan": {"cards": _ids, "order": _ids},
    "summon": {"card": _str, "at": _ZONE, "slots?": _QUICK_FIELDS["slots?"]},
    "inherit": {"card": _str, "at": _POS, "slot": _slot_or_null},
    "move": {"from": _ZONE, "to": _ZONE},
    "move_memorion": {"card": _str, "from": _POS, "to": _POS, "slot": _slot_or_null},
    "attack": {"at": _ZONE},
    "block": {"with": lambda v: isinstance(v, list) and all(x in ZONES for x in v)},
    "damage": {"split?": _split},
    "trigger": {"at": _POS, "ability": lambda v: is_int(v) and v >= 0, "memorion?": _str, **_QUICK_FIELDS},
    "activate": {"at": _POS, "ability": lambda v: is_int(v) and v >= 0, **_QUICK_FIELDS},
    "recall": {"card": _str, "from": _one_of("hand", "storage"), "target": _target, "slot?": _slot,
               "mode?": _one_of("add", "rewrite"), **{k: c for k, c in _QUICK_FIELDS.items() if k != "slots?"}},
    "deify": {},
    "end_phase": {},
    "end_turn": {},
    "discard": {"cards": _ids},
    "concede": {},
    "note": {"text": _str},
}
NESTED = frozenset({"summon", "inherit", "move", "move_memorion", "attack", "block", "damage", "trigger", "activate",
                    "recall", "deify"})
QUICK = frozenset({"recall", "activate", "deify"})
_FIELDS: dict[str, tuple[dict[str, str], frozenset[str]]] = {
    kind: (names := {k.rstrip("?"): k for k in spec},
           frozenset(names) | {"type", "p", "meta"} | ({"interrupts"} if kind in NESTED else set())
           | ({"time"} if kind == "recall" else set()) | ({"at"} if "at" not in names else set()))
    for kind, spec in ACTIONS.items()}


_SLOW_KEYS = frozenset({"ops", "interrupts", "time", "meta", "at"})
#: kind -> (the fields it may hold without the slow path, (required field, check) pairs, (optional field, check)
#: pairs) for the fast path
_PLAN: dict[str, tuple[frozenset[str], tuple[tuple[str, Check], ...], tuple[tuple[str, Check], ...]]] = {
    kind: (frozenset(names) - _SLOW_KEYS | {"type", "p"} | ({"at"} if "at" in names else set()),
           tuple((n, ACTIONS[kind][k]) for n, k in names.items() if not k.endswith("?")),
           tuple((n, ACTIONS[kind][k]) for n, k in names.items() if k.endswith("?")))
    for kind, (names, _) in _FIELDS.items()}


def _plainly_fine(a: dict[str, Any]) -> bool:
    """True for a well-formed action without nested parts (most of them): checked without building messages."""
    kind = a.get("type")
    if type(kind) is not str:  # a list or an object would not even be a key: the slow path names what is wrong
        return False
    plan = _PLAN.get(kind)
    if plan is None:
        return False
    allowed, required, optional = plan
    p = a.get("p")
    if not (p == 0 or p == 1) or type(p) is not int or not a.keys() <= allowed:
        return False
    for name, check in required:
        if name not in a or not check(a[name]):
            return False
    for name, check in optional:  # noqa: SIM110 (a plain loop: this runs for every action)
        if name in a and not check(a[name]):
            return False
    return True


_Z = frozenset(ZONES)
_P = frozenset(POSITIONS)


def _keys(*names: str) -> frozenset[str]:
    return frozenset({"type", "p", *names})


_K_TRIGGER, _K_PLAIN, _K_SUMMON, _K_ATTACK = _keys("at", "ability"), _keys(), _keys("card", "at"), _keys("at")
_K_BLOCK, _K_MOVE, _K_INHERIT = _keys("with"), _keys("from", "to"), _keys("card", "at", "slot")
_K_MOVE_MEMORION = _keys("card", "from", "to", "slot")
_K_RECALL, _K_RECALL_SLOT = _keys("card", "from", "target"), _keys("card", "from", "target", "slot", "mode")
_TARGET, _SUMMONING = frozenset({"p", "at"}), frozenset({"at"})
#: the optional fields a quick check admits (their full checks), by action type: no ops, no nested parts
_OPTIONAL: dict[str, dict[str, Check]] = {
    kind: {name: ACTIONS[kind][name + "?"] for name in names if name + "?" in ACTIONS[kind]}
    for kind, names in (("trigger", ("targets", "choices", "slots")), ("activate", ("targets", "choices", "slots")),
                        ("summon", ("slots",)), ("damage", ("split",)), ("recall", ("targets", "choices")))}
_OPT_TRIGGER, _OPT_ACTIVATE, _OPT_SUMMON = _OPTIONAL["trigger"], _OPTIONAL["activate"], _OPTIONAL["summon"]
_OPT_DAMAGE, _OPT_RECALL = _OPTIONAL["damage"], _OPTIONAL["recall"]


def _extras(a: dict[str, Any], base: frozenset[str], optional: dict[str, Check]) -> bool:
    """Whether ``a`` holds the keys ``base`` plus optional fields of ``optional`` only, each well formed."""
    keys = a.keys()
    if not keys > base:
        return False
    for name in keys - base:
        check = optional.get(name)
        if check is None or not check(a[name]):
            return False
    return True


# The quick checks compare the exact key set first, then each value; a value of a wrong type makes ``in`` a
# frozenset or dict raise TypeError (unhashable) or simply not match: either way the full check decides.

def _q_trigger(a: dict[str, Any], by_id: Any) -> bool:
    if a.keys() != _K_TRIGGER and not _extras(a, _K_TRIGGER, _OPT_TRIGGER):
        return False
    p, at, ab = a["p"], a["at"], a["ability"]
    return type(p) is int and p in (0, 1) and type(at) is str and at in _P and type(ab) is int and ab >= 0


def _q_activate(a: dict[str, Any], by_id: Any) -> bool:
    if a.keys() != _K_TRIGGER and not _extras(a, _K_TRIGGER, _OPT_ACTIVATE):
        return False
    p, at, ab = a["p"], a["at"], a["ability"]
    return type(p) is int and p in (0, 1) and type(at) is str and at in _P and type(ab) is int and ab >= 0


def _q_plain(a: dict[str, Any], by_id: Any) -> bool:
    if "p" not in a or len(a) != 2:
        return False
    p = a["p"]
    return type(p) is int and p in (0, 1)


def _q_damage(a: dict[str, Any], by_id: Any) -> bool:
    p = a.get("p")
    return type(p) is int and p in (0, 1) and (len(a) == 2 or _extras(a, _K_PLAIN, _OPT_DAMAGE))


def _q_summon(a: dict[str, Any], by_id: Any) -> bool:
    if a.keys() != _K_SUMMON and not _extras(a, _K_SUMMON, _OPT_SUMMON):
        return False
    p, card, at = a["p"], a["card"], a["at"]
    return type(p) is int and p in (0, 1) and type(card) is str and card in by_id and type(at) is str and at in _Z


def _q_attack(a: dict[str, Any], by_id: Any) -> bool:
    if a.keys() != _K_ATTACK:
        return False
    p, at = a["p"], a["at"]
    return type(p) is int and p in (0, 1) and type(at) is str and at in _Z


def _q_block(a: dict[str, Any], by_id: Any) -> bool:
    if a.keys() != _K_BLOCK:
        return False
    p, w = a["p"], a["with"]
    if not (type(p) is int and p in (0, 1) and type(w) is list):
        return False
    for x in w:  # noqa: SIM110 (a plain loop: no generator per block)
        if type(x) is not str or x not in _Z:
            return False
    return True


def _q_move(a: dict[str, Any], by_id: Any) -> bool:
    if a.keys() != _K_MOVE:
        return False
    p, src, dst = a["p"], a["from"], a["to"]
    return type(p) is int and p in (0, 1) and type(src) is str and src in _Z and type(dst) is str and dst in _Z


def _slot_ok(v: Any) -> bool:
    return type(v) is list and len(v) == 2 and type(v[0]) is int and type(v[1]) is int and v[0] >= 0 and v[1] >= 0


def _q_recall(a: dict[str, Any], by_id: Any) -> bool:
    keys = a.keys()
    if keys != _K_RECALL and keys != _K_RECALL_SLOT \
            and not _extras(a, _K_RECALL_SLOT if "slot" in keys else _K_RECALL, _OPT_RECALL):
        return False
    if "slot" in keys and (not _slot_ok(a["slot"]) or a["mode"] not in ("add", "rewrite")):
        return False
    p, card, t = a["p"], a["card"], a["target"]
    if not (type(p) is int and p in (0, 1) and type(card) is str and card in by_id and type(t) is dict):
        return False
    source = a["from"]
    if source != "hand" and source != "storage":
        return False
    if t.keys() == _TARGET:
        tp, at = t["p"], t["at"]
        return type(tp) is int and tp in (0, 1) and type(at) is str and at in _P
    return t.keys() == _SUMMONING and t["at"] == "summoning"


def _q_inherit(a: dict[str, Any], by_id: Any) -> bool:
    if a.keys() != _K_INHERIT:
        return False
    p, card, at, slot = a["p"], a["card"], a["at"], a["slot"]
    return type(p) is int and p in (0, 1) and type(card) is str and card in by_id and type(at) is str and at in _P \
        and (slot is None or _slot_ok(slot))


def _q_move_memorion(a: dict[str, Any], by_id: Any) -> bool:
    if a.keys() != _K_MOVE_MEMORION:
        return False
    p, card, src, dst, slot = a["p"], a["card"], a["from"], a["to"], a["slot"]
    return type(p) is int and p in (0, 1) and type(card) is str and card in by_id and type(src) is str and src in _P \
        and type(dst) is str and dst in _P and (slot is None or _slot_ok(slot))


_K_SETUP, _K_SHUFFLE, _K_MULLIGAN = _keys("ruler", "limit", "face", "rotated"), _keys("order"), _keys("cards", "order")
_STR = frozenset({str})


def _known_ids(v: Any, by_id: Any) -> bool:
    """A list of strings, each a known card id (checked per card in C: these lists hold a whole deck)."""
    return type(v) is list and set(map(type, v)) <= _STR and by_id.keys() >= set(v)


def _q_setup(a: dict[str, Any], by_id: Any) -> bool:
    if a.keys() != _K_SETUP:
        return False
    p, ruler, limit = a["p"], a["ruler"], a["limit"]
    return type(p) is int and p in (0, 1) and type(ruler) is str and ruler in by_id and type(limit) is str \
        and limit in by_id and type(a["face"]) is str and type(a["rotated"]) is bool


def _q_shuffle(a: dict[str, Any], by_id: Any) -> bool:
    if a.keys() != _K_SHUFFLE:
        return False
    p = a["p"]
    return type(p) is int and p in (0, 1) and _known_ids(a["order"], by_id)


def _q_mulligan(a: dict[str, Any], by_id: Any) -> bool:
    if a.keys() != _K_MULLIGAN:
        return False
    p = a["p"]
    return type(p) is int and p in (0, 1) and _known_ids(a["cards"], by_id) and _known_ids(a["order"], by_id)


#: the common actions' quick checks (True: well formed and every card id known; else the full check decides)
_QUICK: dict[str, Callable[[dict[str, Any], Any], bool]] = {
    "trigger": _q_trigger, "end_phase": _q_plain, "end_turn": _q_plain, "summon": _q_summon, "attack": _q_attack,
    "block": _q_block, "move": _q_move, "deify": _q_plain, "keep": _q_plain, "damage": _q_damage,
    "activate": _q_activate, "recall": _q_recall, "inherit": _q_inherit, "move_memorion": _q_move_memorion,
    "setup": _q_setup, "shuffle": _q_shuffle, "mulligan": _q_mulligan,
}


def well_formed(a: Any, by_id: Any) -> bool:
    """True when ``a`` is a common action in its plainest form, well formed, naming only known cards."""
    if type(a) is not dict:
        return False
    quick = _QUICK.get(a.get("type"))  # type: ignore[arg-type]
    return quick is not None and quick(a, by_id)


#: the quick checks by action type, for callers that inline :func:`well_formed`
PLAIN_CHECKS = _QUICK


def action_problem(a: Any, *, nested: str = "") -> str | None:
    """What makes an action malformed, or None (``nested``: "interrupts" or "time" for items of those lists)."""
    found = action_problem_at(a, nested=nested)
    return None if found is None else found[1]


def action_problem_at(a: Any, *, nested: str = "") -> tuple[str, str] | None:
    """``(path, message)`` of what makes an action malformed, or None: ``path`` is "" for the action itself, else the
    nested item at fault from it, such as "time.0" or "interrupts.1.time.0" (§11: reported at the outer action's
    index with the nested path).

    >>> action_problem_at({"type": "deify", "p": 0, "interrupts": [{"type": "deify", "p": 1, "time": []}]})
    ('interrupts.0', "deify: interrupts.0: deify: unknown field 'time'")
    """
    if not nested and type(a) is dict and _plainly_fine(a):
        return None
    message = _own_problem(a, nested)
    if message is not None:
        return "", message
    kind = a["type"]
    for field in ("interrupts", "time"):
        items = a.get(field)
        if items is None:
            continue
        if not isinstance(items, list):
            return "", f"{kind}: field {field!r} is a list"
        for j, sub in enumerate(items):
            found = action_problem_at(sub, nested=field)
            if found is not None:
                inner = f"{field}.{j}"
                return (f"{inner}.{found[0]}" if found[0] else inner), f"{kind}: {inner}: {found[1]}"
    return None


def _own_problem(a: Any, nested: str) -> str | None:
    """What makes the action itself malformed (its nested lists apart), or None."""
    if not isinstance(a, Mapping):
        return "an action is a JSON object"
    kind: Any = a.get("type")
    spec = ACTIONS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        return f"unknown action type {kind!r}"
    if nested and kind not in QUICK:
        return f"only recall, activate and deify may {'interrupt' if nested == 'interrupts' else 'be in a time list'}, not {kind}"
    p = a.get("p")
    if ("p" in a or kind != "note") and not (is_int(p) and p in (0, 1)):
        return f"{kind}: field 'p' must be 0 or 1, not {p!r}"
    names, allowed = _FIELDS[kind]
    for key in a:
        if key not in allowed:
            return f"{kind}: unknown field {key!r}"
    if nested == "time" and ("interrupts" in a or "time" in a):
        return f"{kind}: a recall in a time list has no interrupts and no time"
    if "meta" in a and not isinstance(a["meta"], Mapping):
        return f"{kind}: field 'meta' must be an object"
    if "at" in a and "at" not in names and not isinstance(a["at"], str):
        return f"{kind}: field 'at' must be a date-time string"
    for name, key in names.items():
        if name not in a:
            if not key.endswith("?"):
                return f"{kind}: missing required field {name!r}"
        elif not spec[key](a[name]):
            return f"{kind}: field {name!r} has a wrong value {a[name]!r}"
    for j, op in enumerate(a.get("ops", ())):
        problem = op_problem(op, template=False)
        if problem:
            return f"{kind}: ops.{j}: {problem}"
    return None


_HEADER = {"ruleset", "players", "first", "match", "id", "played_at", "event", "round", "cardset", "meta", "as_played"}


def header_problem(h: Any) -> tuple[str, str] | None:
    """(path, message) of what makes a header malformed, or None."""
    if not isinstance(h, Mapping):
        return "game", "game: the header is an object"
    for key in h:
        if key not in _HEADER:
            return f"game.{key}", f"game: unknown field {key!r}"
    if h.get("ruleset") != "clockwork-memorion-1":
        return "game.ruleset", "game: ruleset must be 'clockwork-memorion-1'"
    if h.get("first") not in (0, 1) or isinstance(h.get("first"), bool):
        return "game.first", "game: first must be 0 or 1"
    if h.get("match", "standard") not in ("standard", "ex"):
        return "game.match", "game: match is 'standard' or 'ex'"
    for key in ("id", "played_at", "event", "cardset"):
        if key in h and not isinstance(h[key], str):
            return f"game.{key}", f"game: {key} must be a string"
    if "round" in h and not (is_int(h["round"]) or isinstance(h["round"], str)):
        return "game.round", "game: round must be an integer or a string"
    if "meta" in h and not isinstance(h["meta"], Mapping):
        return "game.meta", "game: meta must be an object"
    if "as_played" in h and not isinstance(h["as_played"], bool):
        return "game.as_played", "game: as_played must be true or false (docs/as-played.md)"
    players = h.get("players")
    if not isinstance(players, list) or len(players) != 2:
        return "game.players", "game: players must list exactly two players"
    for i, pl in enumerate(players):
        path = f"game.players.{i}"
        if not isinstance(pl, Mapping):
            return path, f"game: player {i} is an object"
        for key in pl:
            if key not in ("name", "deck", "sideboard", "deck_name"):
                return f"{path}.{key}", f"game: player {i}: unknown field {key!r}"
        if not isinstance(pl.get("name"), str):
            return f"{path}.name", f"game: player {i}'s name is a required string"
        if not _ids(pl.get("deck")):
            return f"{path}.deck", f"game: player {i}'s deck is a required list of card ids"
        if "sideboard" in pl and not _ids(pl["sideboard"]):
            return f"{path}.sideboard", f"game: player {i}'s sideboard is a list of card ids"
        if "deck_name" in pl and not isinstance(pl["deck_name"], str):
            return f"{path}.deck_name", f"game: player {i}'s deck_name is a string"
    return None


def _action_ids(a: Mapping[str, Any], path: str) -> Iterator[tuple[str, str]]:
    for key in ("card", "ruler", "limit", "memorion"):
        v = a.get(key)
        if isinstance(v, str):
            yield f"{path}.{key}", v
    for key in ("cards", "order"):
        for j, v in enumerate(a.get(key) or ()):
            yield f"{path}.{key}.{j}", v
    for j, op in enumerate(a.get("ops") or ()):
        for key in ("card", "memorion"):
            if isinstance(op.get(key), str):
                yield f"{path}.ops.{j}.{key}", op[key]
    for field in ("interrupts", "time"):
        for j, sub in enumerate(a.get(field) or ()):
            yield from _action_ids(sub, f"{path}.{field}.{j}")


def action_card_ids(a: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """``(path, id)`` of every card id one action names (paths relative to the action)."""
    for path, cid in _action_ids(a, ""):
        yield path.lstrip("."), cid


def card_ids_with_paths(header: Mapping[str, Any], actions: Any) -> Iterator[tuple[int | None, str, str]]:
    """``(index or None, path, id)`` for every card id in the header's decks and sideboards, then the actions."""
    for i, pl in enumerate(header["players"]):
        for key in ("deck", "sideboard"):
            for j, cid in enumerate(pl.get(key) or ()):
                yield None, f"game.players.{i}.{key}.{j}", cid
    for index, a in enumerate(actions):
        for path, cid in _action_ids(a, str(index)):
            yield index, path, cid
