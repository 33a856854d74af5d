"""A seat's view of a game whose logs are complete, as ``pmemo-replay redact --view 0|1`` writes it (the ruleset's
redaction: null where that seat saw nothing, the header's ``meta.recorded_from`` the seat), read for
``pmemo-replay merge``: every field but the ruleset's hidden ones is checked as in any log; such a view is compared and
merged, never folded (its nulls are no cards)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine.ruleset import RECORDED_FROM, hidden_field, recorded_from, seat_hidden_fields, seat_recordings
from engine.rulesets import RULESETS
from pmemo_replay.games import ruleset_name
from pmemo_replay.logio import LogError, PmemoLog, load_log
from pmemo_replay.logio.reader import LogForm


def _document(data: bytes) -> tuple[dict[str, Any], LogForm] | None:
    """A log file's JSON as one document (JSON Lines joined) and its form, unvalidated; None when it is neither."""
    form: LogForm = "json"
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
        try:
            document = json.loads(text)
        except ValueError:
            lines = [json.loads(line) for line in text.splitlines() if line.strip()]
            document = {**lines[0], "actions": lines[1:]} if lines and isinstance(lines[0], dict) else None
            form = "jsonl"
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(document, dict) or not isinstance(document.get("actions"), list):
        return None
    return document, form


def _unseen_fields(ruleset: Any, action: Mapping[str, Any]) -> tuple[str, ...]:
    """The fields of ``action`` a seat's view of a complete log may hold null in (``redact --view``): what only its
    player sees, and a deck order nobody saw."""
    return tuple({*seat_hidden_fields(ruleset, action), *filter(None, [hidden_field(ruleset, action)])})


class ViewError(ValueError):
    """A seat's view (``redact --view 0|1``: ``meta.recorded_from``, null only where its ruleset's hidden fields are)
    that is malformed elsewhere: ``ruling`` (a :class:`LogError`'s) names what is wrong with it, not its nulls."""

    def __init__(self, seat: int, err: LogError) -> None:
        super().__init__(err.ruling["message"])
        self.seat, self.ruling = seat, err.ruling


def read_view(data: bytes) -> PmemoLog | None:
    """A seat's view of a game whose logs are complete, recorded from that seat (``redact --view 0|1``: null where
    it saw nothing), read as a log whose nulls stand only where its ruleset's hidden fields are; None when the file
    is not that (then it is read as a log, and refused as one). :class:`ViewError` for a seat's view that is
    malformed besides its nulls (an action's ``p`` no seat of the game...): its ruling says what, not the nulls."""
    read = _document(data)
    if read is None or not isinstance(read[0].get("game"), dict):
        return None
    document, form = read
    ruleset = RULESETS.get(ruleset_name(document["game"]))
    if ruleset is None or not seat_recordings(ruleset) or recorded_from(ruleset, document["game"]) is None:
        return None
    listed = [c for p in document["game"].get("players") or () if isinstance(p, dict)
              for c in p.get("deck") or () if isinstance(c, str)]
    if not listed:
        return None
    actions = document["actions"]
    stand_ins = []  # each null a card of the header's lists: the rest of the log is read as any log is
    for action in actions:
        if isinstance(action, dict):
            fields = _unseen_fields(ruleset, action)
            action = {k: [listed[0] if c is None else c for c in v] if k in fields and isinstance(v, list) else v
                      for k, v in action.items()}
        stand_ins.append(action)
    try:
        log = load_log({**document, "actions": stand_ins})
    except LogError as err:
        raise ViewError(document["game"]["meta"][RECORDED_FROM], err) from err
    return PmemoLog(log.header, actions, form)


def unmergeable_view(data: bytes) -> str | None:
    """Why a file that is no log (null where a hidden card stands: ``redact --view``) is a view of a game whose seats'
    views cannot be merged, or None: a ruleset whose logs are complete and that records no game from one seat
    (neither ``table_logs`` nor ``seat_recordings``, as Toy Race's), whose views are views to read, never a recording."""
    read = _document(data)
    if read is None or not isinstance(read[0].get("game"), dict):
        return None
    document = read[0]
    ruleset = RULESETS.get(ruleset_name(document["game"]))
    if ruleset is None or ruleset.table_logs or seat_recordings(ruleset):
        return None
    if not any(isinstance(a, dict) and any(a.get(f) is None or (isinstance(a.get(f), list) and None in a[f])
                                           for f in _unseen_fields(ruleset, a) if f in a)
               for a in document["actions"]):
        return None
    seats = len(document["game"].get("players") or ())
    return (f"{ruleset.game} ({ruleset.name}, {seats} seats) has no two-seat recordings: its logs are complete "
            f"(every card named, recorded from the judge's seat) and no seat records its own view of it, so its seats' "
            f"views ('redact --view N') cannot be merged; give two complete recordings of the game (they are compared)")


def judge_view(data: bytes) -> bool:
    """True for a judge's view of a game with seat recordings (``redact --view judge``: no ``meta.recorded_from``,
    every deck order null, as nobody saw one, and every other hidden field named, as the judge saw both hands): no
    seat's recording, and no log either (a seat's view names no rival's hidden choice)."""
    read = _document(data)
    if read is None or not isinstance(read[0].get("game"), dict):
        return False
    document = read[0]
    ruleset = RULESETS.get(ruleset_name(document["game"]))
    if ruleset is None or not seat_recordings(ruleset) or recorded_from(ruleset, document["game"]) is not None:
        return False
    actions = [a for a in document["actions"] if isinstance(a, dict)]
    orders = [a["order"] for a in actions if hidden_field(ruleset, a) == "order" and isinstance(a.get("order"), list)]
    hands = [a[f] for a in actions for f in seat_hidden_fields(ruleset, a) if f != "order" and f in a]
    return (bool(orders) and all(c is None for order in orders for c in order)
            and not any(c is None or (isinstance(c, list) and None in c) for c in hands))
