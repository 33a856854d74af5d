"""Trigger heads composed from parts (issue 20, seventh round): who, which event, joined by または.

A head is read as a subject (this card, or a noun phrase read by :mod:`compile_np`), an event (one table from the
verb phrase to the engine's cause) and its ending (場合: once, ごとに: each time; the facts reader already tells
them apart), so that a new combination of known parts needs no new pattern:

- "this card E1, or E2" / "this card E1 場合, or (this card) E2 場合": the causes joined (``enter|approach``...);
- "X E" for another Chara X (a noun phrase): ``other_<cause>`` / ``any_<cause>`` with the subject spec (the card's own
  Chara included when it could fit X).

A subject and its events are only combined where the engine has the cause: a head mixing this card's event with
another Chara's (その subject is checked for ``any_``/``other_`` causes only) stays unread.
"""

from __future__ import annotations

import re
from typing import Any

#: this card's events (after このカードが): verb phrase -> cause. A stem (登場) stands before 、または.
OWN_EVENTS: list[tuple[str, str]] = [
    (r"登場(?:した)?", "enter"),
    (r"場に出た", "enter"),
    (r"退場(?:した)?", "leave"),
    (r"妨害された", "interfered"),
    (r"アプローチ(?:に参加)?(?:した)?", "approach"),
    (r"妨害(?:に参加)?(?:した)?", "interfering"),
    (r"(?:アプローチで)?ポイントを与えた", "gave_point"),
    (r"相手のアプローチによってポイント置き場に置かれた", "point_by_approach"),
    # round 26: put into (your) Point Zone by any means (``to_point``, heard there: no Chara is "self" in its steps)
    (r"(?:自分の)?ポイント置き場に置かれた", "to_point"),
]
_OWN_ALT = "|".join(f"(?:{p})" for p, _ in OWN_EVENTS)
#: (round 26: the second event also said "every time" (…、またはアプローチするごとに), as one event's ごとに is read)
_OWN_PAIR = re.compile(rf"このカード(?:が|は、)(?P<a>{_OWN_ALT})(?:場合)?、または(?:このカードが)?(?P<b>{_OWN_ALT})"
                       r"(?:場合|するごとに)、")

#: another Chara's events (after Xが): verb phrase with its ending -> cause
OTHER_EVENTS: list[tuple[str, str]] = [
    (r"登場(?:した場合|するごとに)", "enter"),
    (r"場に出(?:た場合|るごとに)", "enter"),
    (r"アプローチ(?:に参加)?(?:した場合|するごとに)", "approach"),
    (r"(?:アプローチで)?ポイントを与え(?:た場合|るごとに)", "gave_point"),
    (r"退場(?:した場合|するごとに)", "leave"),
    # round 28: left by an approach's Elimination Judgement (the subject spec's ``left_by_approach``: compile_phrases)
    (r"アプローチで退場(?:した場合|するごとに)", "leave"),
    (r"妨害され(?:た場合|るごとに)", "interfered"),
    (r"休息状態になるごとに", "rested"),
    # round 28: another Chara interferes (engine.pm.approach fires ``other_`` / ``any_interfering``)
    (r"妨害(?:に参加)?(?:した場合|するごとに)", "interfering"),
]
#: "this card interferes X" / "this card is interfered by X", X a noun phrase (the Chara opposite it in the approach)
OPPOSITE_HEAD = re.compile(r"このカード(?:が|は、)(?P<np>[^、]+?)(?P<how>を妨害(?:に参加)?した|に妨害された)場合、")
_OTHER_ALT = "|".join(f"(?:{p})" for p, _ in OTHER_EVENTS)
#: "X E、" or "X E1、または E2、" (two events of the same Chara: either fires the effect)
OTHER_HEAD = re.compile(rf"(?P<np>[^、]+?)が(?P<ev>{_OTHER_ALT})(?:、または(?P<ev2>{_OTHER_ALT}))?、")


def _own_cause(phrase: str) -> str:
    for pattern, cause in OWN_EVENTS:
        if re.fullmatch(pattern, phrase):
            return cause
    raise ValueError(phrase)


def own_pair(text: str) -> tuple[str, str, bool] | None:
    """(causes joined by ``|``, the rest of the text, whether the head opened with このカードは) for "this card E1, or
    E2" at the head of ``text``; None when it is not such a head. The same cause twice is not a pair."""
    m = _OWN_PAIR.match(text)
    if m is None:
        return None
    a, b = _own_cause(m["a"]), _own_cause(m["b"])
    if a == b:
        return None
    return f"{a}|{b}", text[m.end():], m[0].startswith("このカードは、")


def other_cause(event: str) -> str:
    """The cause of another Chara's event phrase matched by :data:`OTHER_HEAD`."""
    for pattern, cause in OTHER_EVENTS:
        if re.fullmatch(pattern, event):
            return cause
    raise ValueError(event)


def subject_of(m: re.Match[str]) -> tuple[str, str, Any]:
    """(noun phrase, cause, the match's end) of an :data:`OTHER_HEAD` match."""
    return m["np"], other_cause(m["ev"]), m.end()
