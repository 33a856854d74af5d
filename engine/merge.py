"""Two seats, one game: two recordings of the same game, each from its own seat, merged into the judge's log.

Each seat's log holds the game's actions once each, in the same order, with what that seat could not see left
out (a field missing, a card ``null``), plus the ruleset's *knowledge* actions (``identify`` in a table log: what
the seat learned). The merge walks both logs one game action at a time:

- the two copies of an action are *unified*: a field one copy leaves out, or a ``null`` where the other names a
  card, takes the other's value; anything else must be equal;
- the merged action is folded onto the judge's fold (both hands known); then each seat's own knowledge, read from
  its own fold, names what the judge's fold does not know yet (``Ruleset.merge_news``); a card it names where the
  judge's fold already names another (the other seat named it in an action this seat left it out of), or where
  the other seat's knowledge at that point names another, is a card named differently (the ruleset's optional
  ``named_cards``: each known card by its place).

It stops at the first disagreement (a different action at the same point, a card named differently, an action one
side is missing, a merged action the rules refuse, a seat's own copy its own log refuses) and reports both versions;
the actions before it are merged, and which seat's version a take cannot make the merged one, with why. When
each recording started (the header's ``played_at``, each phone's own clock) is no disagreement: the earlier is taken.
Pure Python: the logs come in as JSON values, the game only through the ruleset interface (engine/ruleset.py).

>>> unify({"type": "draw", "p": 0}, {"type": "draw", "p": 0, "cards": ["A"]})
{'type': 'draw', 'p': 0, 'cards': ['A']}
>>> unify({"card": "A"}, {"card": "B"}) is CONFLICT
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from engine.fold import Folder
from engine.merge_picks import DROP, INSERT, TAKE, Pick, picks_at, told_pick, with_pick
from engine.ruleset import RECORDED_FROM, hidden_field, recorded_from, seat_hidden_fields, strings_in
from engine.rulings import IllegalAction, NullTrail

Action = dict[str, Any]
CONFLICT: Any = type("Conflict", (), {"__repr__": lambda self: "CONFLICT"})()


#: fields any action may carry on one phone and not the other (log-format.md: optional on every action)
ANNOTATIONS = frozenset({"meta", "at"})
Omissible = Mapping[str, frozenset[str]]


def unify(a: Any, b: Any, unordered: frozenset[str] = frozenset(), omissible: Omissible | None = None) -> Any:
    """One JSON value holding what ``a`` and ``b`` both say (``None``: not known), or :data:`CONFLICT` when they say
    different things. The lists under the keys ``unordered`` (the ruleset's ``unordered_fields``: a payment's cards)
    are compared as multisets: the same cards in another order agree.

    A key one side leaves out: with ``omissible`` None (a header), not known; with ``omissible`` (the ruleset's
    ``omissible_fields``: by an action's ``type`` or an op's ``op``, the fields a seat's table log may leave out,
    a shuffle's ``order``...), only those and :data:`ANNOTATIONS` may be missing: any other is a disagreement
    (an approach recorded without its ``with`` is another action).

    >>> unify({"pay": [{"hand": "A"}, {"point": "B"}]}, {"pay": [{"point": "B"}, {"hand": None}]}, frozenset({"pay"}))
    {'pay': [{'hand': 'A'}, {'point': 'B'}]}
    >>> unify({"type": "approach", "with": "X"}, {"type": "approach"}, omissible={}) is CONFLICT
    True
    >>> unify({"type": "shuffle", "order": ["X"]}, {"type": "shuffle"}, omissible={"shuffle": frozenset({"order"})})
    {'type': 'shuffle', 'order': ['X']}
    """
    if a is None:
        return b
    if b is None:
        return a
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        out = {}
        may_miss = _may_miss(a, b, omissible)
        for key in (*a, *(k for k in b if k not in a)):
            if key in a and key in b:
                bag = key in unordered and isinstance(a[key], list) and isinstance(b[key], list)
                value = (_unify_bag(a[key], b[key], unordered, omissible) if bag
                         else unify(a[key], b[key], unordered, omissible))
                if value is CONFLICT:
                    return CONFLICT
                out[key] = value
            elif may_miss is not None and key not in may_miss:
                return CONFLICT
            else:
                out[key] = a[key] if key in a else b[key]
        return out
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return CONFLICT
        items = [unify(x, y, unordered, omissible) for x, y in zip(a, b, strict=True)]
        return CONFLICT if any(x is CONFLICT for x in items) else items
    return a if a == b and type(a) is type(b) else CONFLICT


def _may_miss(a: Mapping[str, Any], b: Mapping[str, Any], omissible: Omissible | None) -> frozenset[str] | None:
    """The keys one of two copies of an object may leave out (None: any, a header's unknowns)."""
    if omissible is None:
        return None
    kind = a.get("type", a.get("op", b.get("type", b.get("op"))))
    return ANNOTATIONS | omissible.get(kind, frozenset()) if isinstance(kind, str) else ANNOTATIONS


def _unify_bag(a: list[Any], b: list[Any], unordered: frozenset[str], omissible: Omissible | None = None) -> Any:
    """Two lists whose order carries no meaning, unified item by item in ``a``'s order: equal items paired first,
    then each left item with the first of ``b`` it unifies with (``null`` cards of a seat that did not see them)."""
    if len(a) != len(b):
        return CONFLICT
    left = list(range(len(b)))
    pairs: dict[int, int] = {}
    for i, x in enumerate(a):
        j = next((j for j in left if b[j] == x), None)
        if j is not None:
            pairs[i] = j
            left.remove(j)
    out = []
    for i, x in enumerate(a):
        if i not in pairs:
            j = next((j for j in left if unify(x, b[j], unordered, omissible) is not CONFLICT), None)
            if j is None:
                return CONFLICT
            pairs[i] = j
            left.remove(j)
        out.append(unify(x, b[pairs[i]], unordered, omissible))
    return out


def action_fields(a: Any, b: Any, unordered: frozenset[str], omissible: Omissible, path: str = "") -> list[str]:
    """The fields (dotted paths, ``ops.0.cards``) where two copies of an action disagree: a value that differs, or
    a field one copy leaves out that a seat's log may not leave out.

    >>> action_fields({"type": "approach", "p": 0, "with": "X"}, {"type": "approach", "p": 0}, frozenset(), {})
    ['with']
    """
    if a is None or b is None or unify(a, b, unordered, omissible) is not CONFLICT:
        return []
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        may_miss = _may_miss(a, b, omissible) or frozenset()
        out = []
        for key in (*a, *(k for k in b if k not in a)):
            if key in a and key in b:
                if key in unordered and isinstance(a[key], list) and isinstance(b[key], list):
                    out += [f"{path}{key}"] if _unify_bag(a[key], b[key], unordered, omissible) is CONFLICT else []
                else:
                    out += action_fields(a[key], b[key], unordered, omissible, f"{path}{key}.")
            elif key not in may_miss:
                out.append(f"{path}{key}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [f for n, (x, y) in enumerate(zip(a, b, strict=True))
                for f in action_fields(x, y, unordered, omissible, f"{path}{n}.")]
    return [path.rstrip(".") or "(the whole action)"]


def unify_preferring(a: Any, b: Any, seat: int) -> Any:
    """:func:`unify`, except that where ``a`` and ``b`` say different things seat ``seat``'s (0: ``a``) is taken."""
    if a is None or b is None:
        return b if a is None else a
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return {key: unify_preferring(a[key], b[key], seat) if key in a and key in b else (a[key] if key in a else b[key])
                for key in (*a, *(k for k in b if k not in a))}
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [unify_preferring(x, y, seat) for x, y in zip(a, b, strict=True)]
    if unify(a, b) is not CONFLICT:
        return a
    return a if seat == 0 else b


def differing_fields(a: Any, b: Any, path: str = "") -> list[str]:
    """The fields (dotted paths, ``players.1.name``) where ``a`` and ``b`` say different things."""
    if a is None or b is None:
        return []
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return [f for key in a if key in b for f in differing_fields(a[key], b[key], f"{path}{key}.")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [f for n, (x, y) in enumerate(zip(a, b, strict=True)) for f in differing_fields(x, y, f"{path}{n}.")]
    return [] if unify(a, b) is not CONFLICT else [path.rstrip(".") or "(the whole header)"]


#: header fields that say when a recording started, not what was played: each phone writes its own clock there
#: (the recorder's form), so two recordings of one game never agree to the second; the merge takes the earlier
START_FIELDS = ("played_at",)


def _instant(text: Any) -> datetime | None:
    if not isinstance(text, str):
        return None
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def started_together(h0: Mapping[str, Any], h1: Mapping[str, Any]) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """The two headers with the recording's start (``played_at``) made the earlier of the two where both give one
    (each as written: a time the other phone reads as another instant is no disagreement about the game).

    >>> a, b = started_together({"played_at": "2026-11-27T19:04:09+01:00"}, {"played_at": "2026-11-27T18:04:05Z"})
    >>> a == b == {"played_at": "2026-11-27T18:04:05Z"}
    True
    """
    out = [dict(h0), dict(h1)]
    for key in START_FIELDS:
        when = [_instant(h.get(key)) for h in out]
        if when[0] is not None and when[1] is not None and out[0][key] != out[1][key]:
            earlier = out[0][key] if when[0] <= when[1] else out[1][key]
            for h in out:
                h[key] = earlier
    return out[0], out[1]


@dataclass
class Step:
    """One game action of a seat's log (its index there) and the knowledge actions right after it."""

    index: int
    action: Action
    news: list[Action] = field(default_factory=list)


#: actions that are no game action (log-format.md's ``note``: a comment): a note on one phone only is no
#: disagreement, and the merge keeps the notes of both
ASIDES = frozenset({"note"})


def steps_of(actions: Sequence[Mapping[str, Any]], knowledge: frozenset[str],
             asides: frozenset[str] = ASIDES, indexes: Sequence[int] | None = None) -> tuple[list[Action], list[Step]]:
    """The knowledge actions before the first game action, and the game actions with the knowledge after each
    (``asides``, notes, left out: :func:`asides_of`); ``indexes``: each action's index in the log as recorded (a
    pass written out by :func:`with_implied_passes`: the index of the action it was implied before)."""
    lead: list[Action] = []
    steps: list[Step] = []
    for n, action in enumerate(actions):
        if action.get("type") in asides:
            continue
        if action.get("type") in knowledge:
            (steps[-1].news if steps else lead).append(dict(action))
        else:
            steps.append(Step(n if indexes is None else indexes[n], dict(action)))
    return lead, steps


def with_implied_passes(ruleset: Any, cards: Any, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]],
                        asides: frozenset[str] = ASIDES) -> tuple[list[Action], list[int]]:
    """A seat's log with the passes its fold implies written out (rules.md, "Omitted passes": the fewest that make
    each action legal; the ruleset's ``pass_action``), so that a log that left them out, as a hand-written one may,
    lines up with one that logged them; and the index each action has in the log as recorded (a pass written out:
    the index of the action it was implied before). The log as it is for a game without implied passes (or without
    ``pass_action``); from the first action its fold refuses, the rest as recorded (the merge meets it there)."""
    as_logged = [dict(a) for a in actions]
    make = getattr(ruleset, "pass_action", None)
    if not ruleset.impliable or make is None:
        return as_logged, list(range(len(as_logged)))
    plays = [(n, a) for n, a in enumerate(as_logged) if a.get("type") not in asides]
    probe = Folder(header, cards, keep_trails=False)
    for n, (_, action) in enumerate(plays):
        try:
            probe.push(action)
        except IllegalAction:
            plays = plays[:n]
            break
    implied = {plays[n][0]: k for n, k in probe.implied.items() if k}
    if not implied:  # the usual log: every pass logged, nothing to write out (one fold)
        return as_logged, list(range(len(as_logged)))
    fold = Folder(header, cards, keep_trails=False)
    out: list[Action] = []
    indexes: list[int] = []
    folded = {n for n, _ in plays}
    try:
        for n, action in enumerate(as_logged):
            for _ in range(implied.get(n, 0)):
                written = make(ruleset.right_holder(fold.state))
                fold.push(written)
                out.append(written)
                indexes.append(n)
            if n in folded:
                fold.push(action)
            out.append(action)
            indexes.append(n)
    except IllegalAction:  # a pass written out that its log does not take as the implied one: left as recorded
        return as_logged, list(range(len(as_logged)))
    return out, indexes


def asides_of(actions: Sequence[Mapping[str, Any]], knowledge: frozenset[str],
              asides: frozenset[str] = ASIDES) -> dict[int, list[Action]]:
    """The notes of a log by the number of game actions (not knowledge, not notes) before each."""
    out: dict[int, list[Action]] = {}
    games = 0
    for action in actions:
        if action.get("type") in asides:
            out.setdefault(games, []).append(dict(action))
        elif action.get("type") not in knowledge:
            games += 1
    return out


def _both_notes(notes: Sequence[dict[int, list[Action]]], k: int) -> list[Action]:
    """The notes both seats took after ``k`` game actions: seat 0's, then seat 1's that seat 0 did not take."""
    first = notes[0].get(k, [])
    return [*first, *(n for n in notes[1].get(k, []) if n not in first)]


@dataclass
class Disagreement:
    """Where the two recordings part: the game action's number ``step``, each log's index there (None: that log
    has ended), what kind and both versions. The kinds: ``action`` (two copies of one action differ), ``card`` (a card
    named differently, or a seat's knowledge its own replay refuses), ``missing`` (an action one side lacks), ``header``,
    ``illegal`` (the merged action, which the judge's log refuses) and ``refused`` (a seat's own replay refuses its own
    copy of the action, which the judge's log takes: that seat's recording is at fault). ``step`` None: the header's,
    or before the first game action (a pick there names :data:`START`).

    Every stop is alike: the merged actions are those before the disagreement, ``step`` names it (the merge's
    ``steps`` end there). ``cannot_take``: the seats whose version a judge's take cannot make the merged log here,
    each with why (the version its own replay refuses, or one the rules refuse there too); ``cannot_insert`` and
    ``cannot_drop`` alike for an insert and a drop. ``drops``: the seats whose action here a judge may drop (it did
    not happen: a double tap), each with that action as its log recorded it (where the fold wrote out passes before
    it, the action they were implied before). No pick a stop offers (:func:`offered_picks`) meets it again.
    ``caused_by``: for an ``illegal`` stop, and for one no offered pick gets out of, the latest pick at or before it
    that the merged log follows (``{"step", "how", "seat"}``): undoing it gets out of the stop."""

    step: int | None
    index: list[int | None]
    kind: str
    message: str
    versions: list[Any]
    fields: list[str] = field(default_factory=list)  #: the differing fields (a header's, or an action's)
    #: where each log parts from the other: the index of its first action not merged (a missing action: the lacking
    #: seat's action after the gap); None: that log does not part before its end. Defaults to ``index``.
    parts: list[int | None] | None = None
    cannot_take: dict[int, str] = field(default_factory=dict)
    cannot_insert: dict[int, str] = field(default_factory=dict)
    cannot_drop: dict[int, str] = field(default_factory=dict)
    drops: dict[int, Action] = field(default_factory=dict)
    caused_by: dict[str, Any] | None = None
    #: an ``illegal`` stop's refusal in words: the action, the rule and why (its message says where, and more)
    refusal: str = ""
    #: each seat's game actions left from the stop on, in its log as the merge reads it (a judge's drops left out,
    #: implied passes written out): a drop that leaves out one of several copies lowers it
    left: list[int] = field(default_factory=list)

    @property
    def parted(self) -> list[int | None]:
        """Each log's index where it parts from the other (None: it does not part before its end)."""
        return list(self.index) if self.parts is None else list(self.parts)

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "index": self.index, "kind": self.kind, "message": self.message,
                "versions": self.versions, "fields": self.fields,
                "cannot_take": _by_seat(self.cannot_take), "cannot_insert": _by_seat(self.cannot_insert),
                "cannot_drop": _by_seat(self.cannot_drop), "drops": _by_seat(self.drops), "caused_by": self.caused_by}


def _by_seat(values: Mapping[int, Any]) -> dict[str, Any]:
    return {str(seat): value for seat, value in sorted(values.items())}


@dataclass
class Merged:
    """The judge's log merged so far (all of it when ``disagreement`` is None) and where each game action ends
    in it (``steps[n]``: the merged actions that show the state after ``n`` game actions)."""

    header: dict[str, Any]
    actions: list[Action]
    steps: list[int]
    disagreement: Disagreement | None = None

    @property
    def complete(self) -> bool:
        return self.disagreement is None


def recorded_seats(ruleset: Any, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> set[int]:
    """The seat(s) a log shows it was recorded from: a complete log's ``meta.recorded_from``; a table log's, read
    from its content: the seats whose own secret cards
    its knowledge actions name (``ruleset.knowledge_seat``: a seat identifies only its own hand, table-logs.md),
    else the players whose deck list the header gives (a seat's header lists its own deck); empty when it cannot
    tell (no hand named yet, no list or both lists)."""
    own = recorded_from(ruleset, header)  # a complete log's recording from one seat says which
    if own is not None:
        return {own}
    knowledge = frozenset(getattr(ruleset, "knowledge_actions", ()))
    hands = {seat for a in actions if a.get("type") in knowledge
             and type(seat := ruleset.knowledge_seat(a)) is int}
    if hands:
        return hands
    players = header.get("players") or ()
    listed = {n for n, player in enumerate(players) if isinstance(player, Mapping) and player.get("deck")}
    return listed if len(listed) == 1 else set()


#: what to do when a log given as one seat's recording is not (the CLI's words; the drafts service gives its own)
OWN_VIEW = "give each seat's own recording ('pmemo-replay redact LOG --view {seat}' makes seat {seat}'s from it)"


def seat_mismatch(ruleset: Any, seat_logs: Sequence[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]],
                  seats: Sequence[int] = (0, 1), called: str = "the log given as seat {seat}'s", hint: str = "",
                  own_view: str = OWN_VIEW) -> str | None:
    """Why the logs cannot be the recordings of ``seats`` (by default: seat 0's, then seat 1's), or None;
    ``called`` names a log in the message, ``hint`` ends the one of seats swapped, ``own_view`` (``{seat}``: the
    seat) says what to do with a log that is no seat's (a judge's, a complete log). A game whose logs are complete
    merges two recordings from one seat each, or compares two from the judge's seat: a judge's (no
    ``meta.recorded_from``) beside a seat's is refused."""
    if not getattr(ruleset, "table_logs", True) and len(seat_logs) == 2:
        own = [recorded_from(ruleset, header) for header, _ in seat_logs]
        if own.count(None) == 1:
            seat = seats[own.index(None)]
            return (f"{called.format(seat=seat)} was recorded from the judge's seat (its header has no "
                    f"meta.{RECORDED_FROM}: every hidden card named), the other from seat {own[1 - own.index(None)]}: "
                    f"it is not one seat's recording (a seat's says which seat it is, meta.{RECORDED_FROM}, and shows "
                    f"only what that seat saw): {own_view.format(seat=seat)}")
    for seat, (header, actions) in zip(seats, seat_logs, strict=True):
        shown = recorded_seats(ruleset, header, actions)
        if len(shown) > 1:
            knowledge = frozenset(getattr(ruleset, "knowledge_actions", ()))
            at = next(((n, a) for n, a in enumerate(actions) if a.get("type") in knowledge
                       and ruleset.knowledge_seat(a) not in (None, seat)), None)
            where = "" if at is None else f" (at action {at[0]}, {teller(ruleset, header)(at[1])})"
            return (f"{called.format(seat=seat)} names the hands of seats {sorted(shown)}{where}: it is not one "
                    f"seat's recording (a seat's shows only what that seat saw, its own hand), it looks like a judge's "
                    f"or a complete log: {own_view.format(seat=seat)}")
        if shown and seat not in shown:
            return (f"{called.format(seat=seat)} was recorded from seat {shown.pop()} (it names that seat's hand or "
                    f"deck list): are the seats swapped?{hint}")
    return None


def seat_secrets(ruleset: Any, cards: Any, seat_logs: Sequence[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]],
                 seats: Sequence[int] = (0, 1), called: str = "the log given as seat {seat}'s",
                 own_view: str = OWN_VIEW) -> str | None:
    """Why one of the logs cannot be the recording of its seat in ``seats`` because it holds what that seat could
    not have seen at the table (``ruleset.seat_secret``: a deck's order, the rival's hand as drawn), or None; what to
    do is ``own_view`` (``{seat}``: the seat)."""
    seat_secret = getattr(ruleset, "seat_secret", None)
    if seat_secret is None:
        return None
    for seat, (header, actions) in zip(seats, seat_logs, strict=True):
        secret = seat_secret(header, actions, cards, seat)
        if secret is not None:
            return (f"{called.format(seat=seat)} is not seat {seat}'s own recording: a seat's recording shows only "
                    f"what that seat saw, but this one holds what seat {seat} could not have seen at the table: "
                    f"{secret}. It looks like a judge's or a complete log: {own_view.format(seat=seat)}")
    return None


def _knowledge_conflict(ruleset: Any, a: Sequence[Action], b: Sequence[Action]) -> tuple[Action, Action] | None:
    """The first two knowledge actions, one of each seat, naming different cards in one place
    (``ruleset.knowledge_clash``)."""
    for x in a:
        for y in b:
            if ruleset.knowledge_clash(x, y):
                return x, y
    return None


def _at(value: Any, path: str) -> Any:
    for key in path.split("."):
        value = value[int(key)] if isinstance(value, list) else value.get(key) if isinstance(value, Mapping) else None
    return value


def _differing(a: Mapping[str, Any], b: Mapping[str, Any], fields: Sequence[str],
               tell: Callable[[Mapping[str, Any] | None], str]) -> str:
    """The fields two copies of an action differ in, for people; where both copies are told alike (a field the
    telling leaves out, a trigger's ``choices``), with each seat's value.

    >>> _differing({"choices": [[]]}, {"choices": [["A"]]}, ["choices.0"], lambda a: "a trigger")
    'choices.0: seat 0 recorded [], seat 1 recorded ["A"]'
    """
    if tell(a) != tell(b):
        return ", ".join(fields)
    return "; ".join(f"{f}: seat 0 recorded {_recorded(a, f)}, seat 1 recorded {_recorded(b, f)}" for f in fields)


def _recorded(action: Mapping[str, Any], path: str) -> str:
    """The value at ``path`` of a copy of an action, for people ("(not recorded)" where the copy has no such field)."""
    value: Any = action
    for key in path.split("."):
        if isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        elif isinstance(value, Mapping) and key in value:
            value = value[key]
        else:
            return "(not recorded)"
    return json.dumps(value, ensure_ascii=False)


def plain(header: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    """An action told for people without the game's words: "Mio: summon (card MHK 01-001, area main)"."""
    players: list[Any] = list(header.get("players") or ()) if isinstance(header.get("players"), list) else []
    p = action.get("p")
    who = (str(players[p].get("name") or f"player {p}") if type(p) is int and 0 <= p < len(players)
           and isinstance(players[p], Mapping) else f"player {p}" if type(p) is int else "someone")
    fields = ", ".join(f"{k} {_value(v)}" for k, v in action.items() if k not in ("type", "p", "meta", "at"))
    return f"{who}: {str(action.get('type')).replace('_', ' ')}" + (f" ({fields})" if fields else "")


def _value(value: Any) -> str:
    """A JSON value for people: text as it is (quoted in a header's message), else its JSON."""
    if isinstance(value, str):
        return value
    if value is None:
        return "not known"
    return json.dumps(value, ensure_ascii=False)


def teller(ruleset: Any, header: Mapping[str, Any]) -> Callable[[Mapping[str, Any] | None], str]:
    """How the merge's messages tell an action: the ruleset's ``describe_action`` (its own words, the players'
    names), else :func:`plain`; None is "nothing (the log ends)"."""
    own = getattr(ruleset, "describe_action", None)

    def tell(action: Mapping[str, Any] | None) -> str:
        if action is None:
            return "nothing (the log ends)"
        if own is not None:
            with suppress(Exception):  # a message never fails the merge
                return str(own(header, action))
        return plain(header, action)
    return tell


Resolutions = Mapping[int | str, Pick | Sequence[Pick]]


def merge(ruleset: Any, cards: Any, seat_logs: Sequence[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]],
          resolutions: Resolutions | None = None) -> Merged:
    """Merge two seats' logs ``[(header, actions) of seat 0, (header, actions) of seat 1]`` of ``ruleset``'s game
    (``cards``: its card database) into the judge's log, up to the first disagreement. ``resolutions``: a judge's
    picks by game action number (engine.merge_picks: one pick, or several in the order made), ``("take", seat)``
    (that seat's version; both logs go on), ``("insert", seat)`` (an action of that seat's log the other missed;
    only that log goes on) or ``("drop", seat)`` (that seat's action there did not happen, a double tap: it is left
    out of that seat's log, with the knowledge recorded right after it only where that no longer fits without it, and
    the seats' next actions meet at the same game action again); under ``"header"``, ``("take", seat)``: where the
    headers differ (a name spelled differently), that seat's header is right.

    Under :data:`START`, ``("take", seat)``: where the seats' knowledge before the first game action disagrees,
    that seat's is right (the other's gives way).

    A seat that left a card out of an action and named it later (an ``identify``) where the other seat named it in
    that action is a ``card`` disagreement where it names it; taking that seat's version there takes its copy of
    the earlier action too (without the other seat's naming), so the merged log names the card as that seat did.
    Where the other seat named it earlier by its own knowledge action instead, taking that seat's version drops
    the other's knowledge action (its naming no longer stands, from there on).

    The merged log is folded for every game (the judge's fold): an action the rules refuse stops it (``illegal``),
    naming the pick it follows (``caused_by``) and which picks there would be refused too; a view's merge (null
    where neither seat saw, ``redact --view``) is folded up to its first such null, where it stops being a log."""
    merged = _settled(ruleset, cards, seat_logs, resolutions)
    d = merged.disagreement
    if d is not None and d.step is not None:
        _weigh(ruleset, cards, seat_logs, resolutions or {}, d, teller(ruleset, merged.header))
    return merged


def _settled(ruleset: Any, cards: Any, seat_logs: Sequence[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]],
             resolutions: Resolutions | None) -> Merged:
    """:func:`merge` with everything the picks imply besides themselves (each found by merging again)."""
    tacit = _Tacit()
    while True:
        merged = _merge(ruleset, cards, seat_logs, resolutions, tacit)
        if isinstance(merged, Merged):
            return merged
        if merged[0] == "take":
            tacit.takes[merged[1]] = ("take", merged[2])
        elif merged[0] == "remove":  # a judge's drop: that action of the seat's log left out from now on
            _, step, seat, index = merged
            tacit.removed.add((seat, index))
            tacit.dropped[step] = tacit.dropped.get(step, 0) + 1
        else:
            tacit.drops.add((merged[1], merged[2], merged[3]))


def offered_picks(d: Disagreement) -> list[Pick]:
    """The picks a stop at a game action offers (what the merge page shows a button for, what the pairing API
    takes): a take of a version (not at a ``missing`` stop), an insert of an action (not at a ``card`` or ``refused``
    stop), a drop of an action ``drops`` names; none its ``cannot_take``, ``cannot_insert`` or ``cannot_drop`` names."""
    out: list[Pick] = []
    for seat in (0, 1):
        if d.versions[seat] is not None and seat not in d.cannot_take and d.kind != "missing":
            out.append((TAKE, seat))
        if d.versions[seat] is not None and seat not in d.cannot_insert and d.kind not in ("card", "refused"):
            out.append((INSERT, seat))
        if seat in d.drops and seat not in d.cannot_drop:
            out.append((DROP, seat))
    return out


def _same_stop(d: Disagreement, again: Disagreement | None) -> bool:
    """Whether ``again`` (the stop after a pick at ``d``) is ``d`` once more: the same game action, kind and
    versions, with as many game actions left in each log (a drop that leaves out one of several copies, a triple
    tap, meets the same versions again but moves the merge on: fewer left)."""
    return (again is not None and again.step == d.step and (again.kind, again.versions) == (d.kind, d.versions)
            and again.left == d.left)


def _weigh(ruleset: Any, cards: Any, seat_logs: Sequence[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]],
           resolutions: Resolutions, d: Disagreement, tell: Callable[[Mapping[str, Any] | None], str]) -> None:
    """A stop made answerable, every pick it offers getting out of it (each found by merging with it): a pick
    that meets the same stop again (:func:`_same_stop`: a drop of a pass the fold implies anyway, an insert whose
    action the other seat's knowledge still wants first) is not offered (``cannot_take``, ``cannot_insert``,
    ``cannot_drop``, with why), nor, at an ``illegal`` stop, one the rules refuse there too; a drop after which two
    different actions agree further is named in the message (a double tap). At an ``illegal`` stop, and at any stop
    that no pick offered gets out of, the pick it follows is named (the latest at or before it, ``caused_by``:
    undoing it gets out)."""
    assert d.step is not None
    k = d.step
    illegal = d.kind == "illegal"
    for seat in (0, 1):
        for how in (TAKE, INSERT, DROP):
            if (how, seat) not in offered_picks(d):
                continue
            cannot = {TAKE: d.cannot_take, INSERT: d.cannot_insert, DROP: d.cannot_drop}[how]
            trial = {**resolutions, k: with_pick(picks_at(resolutions.get(k)), how, seat)}
            again = _settled(ruleset, cards, seat_logs, trial).disagreement
            if how == DROP and d.kind == "action" and (again is None or again.step is None or again.step > k):
                d.message += (f"; without seat {seat}'s {tell(d.drops[seat])} the two recordings agree further: if it "
                              f"did not happen (a double tap), drop it")
            if again is None or again.step != k:
                continue
            if illegal and again.kind == "illegal":
                cannot[seat] = f"the rules refuse it there too: {again.refusal}"
            elif _same_stop(d, again):
                cannot[seat] = ("the merge meets this same disagreement again after it" if how != DROP else
                                "without it the seats' next actions part here the same way (the rules imply a pass "
                                "there anyway)")
    offered = offered_picks(d)
    for seat in (0, 1):
        if d.kind == "missing" and (INSERT, seat) in offered and (DROP, seat) in offered:
            d.message += (f"; the two picks give different games: insert seat {seat}'s action if it happened (the "
                          f"other phone missed it), drop it if it did not (a double tap on seat {seat}'s phone)")
    made = [t for t in resolutions if isinstance(t, int) and t <= k and picks_at(resolutions[t])]
    if (illegal or not offered_picks(d)) and made:
        t = max(made)
        how, seat = picks_at(resolutions[t])[-1]
        d.caused_by = {"step": t, "how": how, "seat": seat}
        where = "the pick made here" if t == k else f"the pick at game action {t}"
        d.message += f"; the merged log follows {where} ({told_pick(how, seat)}): if it was wrong, undo it"
    elif not offered_picks(d):
        d.message += "; no pick here gets past it: correct a recording"


#: the pick's key naming what the seats knew before the first game action (a disagreement whose ``step`` is None
#: and whose kind is not ``header``)
START = "start"
#: the step key of the knowledge before the first game action, in :class:`_Tacit`'s drops
LEAD = -1


@dataclass
class _Tacit:
    """What a judge's picks imply besides themselves: a take at an earlier game action (``takes``: a card named in
    an action the seat taken left it out of), knowledge actions given way (``drops``: ``(seat, step, n)``, the
    ``n``-th knowledge action of seat ``seat`` after game action ``step``, :data:`LEAD` before the first), and the
    game actions a judge dropped (``removed``, ``dropped``)."""

    takes: dict[int, tuple[str, int]] = field(default_factory=dict)
    drops: set[tuple[int, int, int]] = field(default_factory=set)
    #: the actions a judge's drops leave out: ``(seat, index in that seat's log as recorded)``
    removed: set[tuple[int, int]] = field(default_factory=set)
    #: how many of the picks at each game action are drops already left out (``removed``)
    dropped: dict[int, int] = field(default_factory=dict)


def _merge(ruleset: Any, cards: Any, seat_logs: Sequence[tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]],
           resolutions: Resolutions | None, tacit: _Tacit) -> Merged | tuple[Any, ...]:
    """:func:`merge` with what ``tacit`` implies besides the judge's picks; or what merging again must imply too:
    ``("take", step, seat)`` (seat ``seat``'s version at game action ``step``: a take whose naming the merged log
    contradicts since then), ``("drop", seat, step, n)`` (that knowledge action of the seat not taken) or
    ``("remove", step, seat, index)`` (a judge's drop at game action ``step``: the action at ``index`` of that
    seat's log as recorded left out)."""
    (h0, a0), (h1, a1) = seat_logs
    # a complete log recorded from one seat (engine.ruleset ``recorded_from``) names its own hidden cards only
    own = [recorded_from(ruleset, h) for h in (h0, h1)]
    h0, h1 = started_together(without_seat(h0), without_seat(h1))
    header = unify(dict(h0), dict(h1))
    header_pick = picks_at((resolutions or {}).get("header"))
    if header is CONFLICT and header_pick:
        header = unify_preferring(dict(h0), dict(h1), header_pick[-1][1])
    if header is CONFLICT:
        fields = differing_fields(dict(h0), dict(h1))
        shown = "; ".join(f"{f}: seat 0 recorded {_value(_at(h0, f))}, seat 1 recorded {_value(_at(h1, f))}"
                          for f in fields)
        return Merged(dict(h0), [], [0], Disagreement(None, [None, None], "header",
                                                      f"the two headers differ in {shown}",
                                                      [dict(h0), dict(h1)], fields))
    tell = teller(ruleset, header)
    if not ruleset.table_logs and own != [None, None]:
        if own != [0, 1]:
            said = ", ".join(f"recording {k} from {'the judge' if s is None else f'seat {s}'}" for k, s in enumerate(own))
            return Merged(header, [], [0], Disagreement(None, [None, None], "header",
                                                        f"two recordings from one seat each merge, seat 0's first "
                                                        f"and seat 1's second: here {said}",
                                                        [dict(h0), dict(h1)], [f"meta.{RECORDED_FROM}"]))
        a0, a1 = own_hidden(ruleset, a0, 0), own_hidden(ruleset, a1, 1)  # each seat's own hidden cards its own
    knowledge = frozenset(getattr(ruleset, "knowledge_actions", ()))
    unordered = frozenset(getattr(ruleset, "unordered_fields", ()))
    omissible: Omissible = getattr(ruleset, "omissible_fields", {})
    complete = own != [None, None] and not ruleset.table_logs  # each seat's own hidden fields taken from it
    (a0, at0), (a1, at1) = (_as_played(ruleset, cards, seat_logs[s][0], a, s, tacit.removed, knowledge)
                            for s, a in enumerate((a0, a1)))
    lead0, steps0 = steps_of(a0, knowledge, indexes=at0)
    lead1, steps1 = steps_of(a1, knowledge, indexes=at1)
    notes = (asides_of(a0, knowledge), asides_of(a1, knowledge))
    i = [0, 0]  # each seat's next game action
    out: list[Action] = []
    steps = [0]
    folds = _Folds(ruleset, cards, header, (h0, h1) if ruleset.table_logs else None)

    def stop(k: int | None, kind: str, message: str, versions: list[Any], index: list[int | None],
             parts: list[int | None] | None = None, cannot_take: dict[int, str] | None = None,
             droppable: Sequence[int | None] | None = None) -> Merged:
        """The merge up to the disagreement at game action ``k``: the merged actions before it, ``steps`` up to it.
        ``droppable``: each seat's action a judge may drop there (its index as recorded; by default ``index`` for a
        different or a missing action)."""
        while k is not None and len(steps) <= k:  # stopped after game action k - 1 was merged
            steps.append(len(out))
        del out[steps[0 if k is None else k]:]
        del steps[1 if k is None else k + 1:]
        if droppable is None:
            droppable = index if kind in ("action", "missing") and k is not None else (None, None)
        drops = {seat: dict(seat_logs[seat][1][n]) for seat, n in enumerate(droppable) if n is not None}
        return Merged(header, out, steps, Disagreement(k, index, kind, message, versions, parts=parts,
                                                       cannot_take=cannot_take or {}, drops=drops,
                                                       left=[len(steps0) - i[0], len(steps1) - i[1]]))

    def kept(seat: int, at: int, news: list[Action]) -> list[Action]:
        """Seat ``seat``'s knowledge actions after game action ``at`` (:data:`LEAD`: before the first) less those a
        judge's take made give way."""
        return [x for n, x in enumerate(news) if (seat, at, n) not in tacit.drops]

    heard: dict[int, tuple[list[Action], list[Action]]] = {LEAD: (list(lead0), list(lead1))}  # each seat's knowledge
    start = picks_at((resolutions or {}).get(START))[-1:]
    if lead0 or lead1:
        give_way = 1 - start[0][1] if start and start[0][0] == TAKE else None
        lead0, lead1 = kept(0, LEAD, lead0), kept(1, LEAD, lead1)
        problem = folds.news(lead0, lead1, steps0[0].action if steps0 else None, out, give_way)
        if isinstance(problem, _Naming):
            told = [tell(problem.entry), tell(problem.by)] if problem.seat == 0 else [tell(problem.by), tell(problem.entry)]
            return stop(None, "card", f"before the first game action the seats name different cards: seat 0 recorded: "
                        f"{told[0]}; seat 1 recorded: {told[1]}", [lead0, lead1], [0, 0])
        if isinstance(problem, _SeatRefused):
            return stop(None, "card", f"before the first game action: {problem.told(tell)}", [lead0, lead1], [0, 0],
                        cannot_take=problem.cannot_take("before the first game action"))
        if problem:
            return stop(None, "card", f"before the first game action: {problem}", [lead0, lead1], [0, 0])
    out.extend(_both_notes(notes, 0))
    steps[0] = len(out)
    picks: dict[int, list[Pick]] = {**{t: [p] for t, p in tacit.takes.items()},
                                    **{t: picks_at(v) for t, v in (resolutions or {}).items() if isinstance(t, int)}}

    def picked(k: int) -> Pick | None:
        """The take or insert a judge made at game action ``k`` (after the drops made there), if any."""
        return next((p for p in picks.get(k, ()) if p[0] != DROP), None)
    played: list[tuple[tuple[Action | None, Action | None], bool]] = []  # each game action as each seat recorded it; picked?

    def named_differently(k: int, naming: _Naming, index: list[int | None], pick: tuple[str, int] | None,
                          news: tuple[list[Action], list[Action]]) -> Merged | tuple[Any, ...]:
        """The ``card`` disagreement where seat ``naming.seat``'s knowledge names a card that the other seat names
        otherwise: learned at the same point, named earlier in an action this seat left it out of (merged again
        with this seat's copy of that action when a judge took this seat's version here), or named earlier by the
        other seat's own knowledge action (merged again without it when a judge took this seat's version here)."""
        g, o = naming.seat, 1 - naming.seat
        said = ["", ""]
        versions: list[list[Any]] = [list(news[0]), list(news[1])]
        cannot: dict[int, str] = {}
        if naming.by is not None:
            said[g], said[o] = f"recorded: {tell(naming.entry)}", f"recorded: {tell(naming.by)}"
        else:
            t = _named_in(played, k, o, naming.other)
            if t is not None and t < k and pick == ("take", g):
                return "take", t, g
            origin = _known_by(heard, k, o, naming, tacit.drops) if t is None else None
            if origin is not None and pick == ("take", g):
                return "drop", o, origin[0], origin[1]
            if origin is not None:
                at, entry = origin[0], heard[origin[0]][o][origin[1]]
                where = "before the first game action" if at == LEAD else f"after game action {at}"
                said[g] = f"recorded: {tell(naming.entry)}"
                said[o] = f"recorded {where}: {tell(entry)}"
                versions[o] = [entry]
            elif t is None:
                said[g] = f"recorded: {tell(naming.entry)}"
                said[o] = f"named that card {naming.other} before, as the merged log has it"
                cannot[g] = (f"the merged log named that card {naming.other} before, and no recording of seat {o}'s "
                             f"that the merge could leave out says so: take seat {o}'s")
            else:
                mine, theirs = played[t][0][g], played[t][0][o]
                at_t = "recorded:" if t == k else f"recorded in game action {t}:"
                said[g], said[o] = f"{at_t} {tell(mine)}, then {tell(naming.entry)}", f"{at_t} {tell(theirs)}"
                versions[g], versions[o] = [mine, naming.entry], [theirs]
        message = f"after game action {k} the seats name different cards: seat 0 {said[0]}; seat 1 {said[1]}"
        if pick == ("take", g):
            message += f" (seat {g}'s version cannot be taken here: the merged log named that card before)"
        return stop(k, "card", message, versions, index, cannot_take=cannot)
    carried: tuple[list[Action], list[Action]] = ([], [])  # one seat's knowledge held back past an inserted action

    def _missed_next(steps0: list[Step], steps1: list[Step], i: list[int], k: int) -> Merged | None:
        """When a seat's knowledge does not fit and the next game actions differ because that seat has no copy of
        the other's next one (its next is the other's one after), the disagreement is that missing action at ``k``."""
        n0, n1 = (steps0[i[0]:i[0] + 2], steps1[i[1]:i[1] + 2])
        for have, lack, side in ((n0, n1, 1), (n1, n0, 0)):
            if not have or (lack and unify(have[0].action, lack[0].action, unordered, omissible) is not CONFLICT):
                continue
            if lack and (len(have) < 2 or unify(have[1].action, lack[0].action, unordered, omissible) is CONFLICT):
                continue
            versions = [have[0].action, None] if side == 1 else [None, have[0].action]
            index = [have[0].index, None] if side == 1 else [None, have[0].index]
            after = lack[0].index if lack else None  # the lacking seat's action after the gap
            parts = [have[0].index, after] if side == 1 else [after, have[0].index]
            return stop(k, "missing", f"game action {k}: seat {side}'s log has no action where seat {1 - side} recorded: "
                        f"{tell(have[0].action)} (what seat {side} learned just before fits only after it)",
                        versions, index, parts)
        return None
    k = 0
    while i[0] < len(steps0) or i[1] < len(steps1):
        s0 = steps0[i[0]] if i[0] < len(steps0) else None
        s1 = steps1[i[1]] if i[1] < len(steps1) else None
        index = [s.index if s is not None else None for s in (s0, s1)]
        queue, done = picks.get(k, []), tacit.dropped.get(k, 0)
        if done < len(queue) and queue[done][0] == DROP:  # a judge's drop not left out yet: merge again without it
            extra = (s0, s1)[queue[done][1]]
            if extra is None:
                return stop(k, "missing", f"game action {k}: the pick drops seat {queue[done][1]}'s action, but its "
                            f"log has ended", [None if s0 is None else s0.action, None if s1 is None else s1.action],
                            index)
            return "remove", k, queue[done][1], extra.index
        pick = picked(k)
        played.append(((None if s0 is None else s0.action, None if s1 is None else s1.action), pick is not None))
        if pick is not None:  # a judge chose: one side's version (both go on), or one side's action the other missed
            how, seat = pick
            chosen = (s0, s1)[seat]
            if chosen is None:
                return stop(k, "missing", f"game action {k}: the pick names seat {seat}'s action, but its log has ended",
                            [None if s0 is None else s0.action, None if s1 is None else s1.action], index)
            s0, s1 = (chosen, s1 if how == "take" else None) if seat == 0 else (s0 if how == "take" else None, chosen)
            action: Any = chosen.action
            if complete and how == TAKE and s0 is not None and s1 is not None:
                action = unify_preferring(s0.action, s1.action, seat)  # what only the other's player knew: theirs
            elif complete and how == INSERT:
                action = dict(seat_logs[seat][1][chosen.index])  # as recorded: the other player's hidden fields too
        elif s0 is None or s1 is None:
            have = s0 or s1
            assert have is not None
            side = 0 if s0 is None else 1
            return stop(k, "missing", f"game action {k}: seat {side}'s log has no action where seat {1 - side} recorded: "
                        f"{tell(have.action)}", [None if s0 is None else s0.action, None if s1 is None else s1.action],
                        index)
        else:
            action = unify(s0.action, s1.action, unordered, omissible)
            if action is CONFLICT:
                missed = _skipped(steps0, steps1, i, k, unordered, omissible, tell)
                if missed is not None:
                    return stop(*missed)
                fields = action_fields(s0.action, s1.action, unordered, omissible)
                merged = stop(k, "action", f"game action {k}: seat 0 recorded: {tell(s0.action)}; seat 1 recorded: "
                              f"{tell(s1.action)} (they differ in {_differing(s0.action, s1.action, fields, tell)})",
                              [s0.action, s1.action], index)
                assert merged.disagreement is not None
                merged.disagreement.fields = fields
                return merged
        news0, news1 = [*carried[0], *(s0.news if s0 else [])], [*carried[1], *(s1.news if s1 else [])]
        heard[k] = (news0, news1)
        news0, news1 = kept(0, k, news0), kept(1, k, news1)
        carried = ([], [])
        clash = _knowledge_conflict(ruleset, news0, news1)
        while clash is not None and pick is not None and pick[0] == "take":
            # a judge took seat ``pick[1]``'s version here: the other seat's clashing naming gives way
            if pick[1] == 0:
                news1 = [x for x in news1 if x is not clash[1]]
            else:
                news0 = [x for x in news0 if x is not clash[0]]
            clash = _knowledge_conflict(ruleset, news0, news1)
        if clash is not None:
            return stop(k, "card", f"after game action {k} the seats name different cards: seat 0 recorded: "
                        f"{tell(clash[0])}; seat 1 recorded: {tell(clash[1])}", [news0, news1], index)
        merged_here = [None if s is None else s.index for s in (s0, s1)]  # each seat's copy merged here
        alone = [merged_here[0] if s1 is None else None, merged_here[1] if s0 is None else None]  # one seat's only
        # both seats recorded it alike and no take or insert of a judge's led here: the rules refusing it, a judge
        # may drop it from either (the same extra copy on both phones), each drop then a stop of its own; after a
        # take or insert the stop names that pick to undo instead (a real action is not offered for dropping)
        chosen_before = any(p[0] != DROP for t, ps in picks.items() if t <= k for p in ps)
        both_alike = merged_here if not chosen_before and s0 is not None and s1 is not None else alone
        try:
            folds.push(action, s0, s1, chosen=None if pick is None else pick[1])
        except _SeatRefused as refused:
            return stop(k, "refused", f"game action {k}: the two copies merged are legal, but {refused.told(tell)} "
                        f"(seat 0 recorded: {tell(None if s0 is None else s0.action)}; seat 1 recorded: "
                        f"{tell(None if s1 is None else s1.action)})",
                        [None if s0 is None else s0.action, None if s1 is None else s1.action], index,
                        cannot_take=refused.cannot_take(f"of game action {k}"), droppable=merged_here)
        except IllegalAction as err:
            refusal = f"{tell(action)}, as merged, is refused ({err.ruling.rule}): {err.ruling.message}"
            merged = stop(k, "illegal", f"game action {k}, {refusal}",
                          [None if s0 is None else s0.action, None if s1 is None else s1.action], index,
                          droppable=both_alike)
            assert merged.disagreement is not None
            merged.disagreement.refusal = refusal
            return merged
        out.append(action)
        for seat, took in enumerate((s0, s1)):
            i[seat] += took is not None
        following_pick = picked(k + 1)
        if following_pick is not None and following_pick[0] == INSERT and (news0, news1)[1 - following_pick[1]]:
            # the other seat missed game action k + 1: what it learned after game action k came after that action
            late = 1 - following_pick[1]
            carried = ([], news1) if late == 1 else (news0, [])
            news0, news1 = (news0, []) if late == 1 else ([], news1)
        if news0 or news1:
            following = next((st.action for st in (steps0[i[0]:i[0] + 1] or steps1[i[1]:i[1] + 1])), None)
            give_way = 1 - pick[1] if pick is not None and pick[0] == "take" else None
            problem = folds.news(news0, news1, following, out, give_way)
            if isinstance(problem, _Naming):
                return named_differently(k, problem, index, pick, (news0, news1))
            if problem:
                missed = _missed_next(steps0, steps1, i, k + 1)
                if missed is not None:
                    return missed
                if isinstance(problem, _SeatRefused):
                    return stop(k, "card", f"after game action {k}: {problem.told(tell)}", [news0, news1], index,
                                cannot_take=problem.cannot_take(f"after game action {k}"))
                return stop(k, "card", f"after game action {k}: {problem}", [news0, news1], index)
        out.extend(_both_notes(notes, k + 1))
        steps.append(len(out))
        k += 1
    return Merged(header, out, steps)


def without_seat(header: Mapping[str, Any]) -> Mapping[str, Any]:
    """``header`` without the seat it was recorded from (``meta.recorded_from``: the one thing two seats' headers
    of one game say differently on purpose), its cards never named (``meta.unnamed``, a stored recording's) kept for
    that seat's own player only: the merge takes the other player's hidden cards from the other recording."""
    meta = header.get("meta")
    if not isinstance(meta, Mapping) or RECORDED_FROM not in meta:
        return header
    seat = meta[RECORDED_FROM]
    rest = {k: v for k, v in meta.items() if k != RECORDED_FROM}
    if isinstance(rest.get("unnamed"), Mapping):
        own = {k: v for k, v in rest["unnamed"].items() if k == str(seat)}
        rest = {k: v for k, v in rest.items() if k != "unnamed"} | ({"unnamed": own} if own else {})
    return {**{k: v for k, v in header.items() if k != "meta"}, **({"meta": rest} if rest else {})}


def _as_played(ruleset: Any, cards: Any, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], seat: int,
               removed: set[tuple[int, int]], knowledge: frozenset[str]) -> tuple[list[Action], list[int]]:
    """Seat ``seat``'s log as the merge reads it: the actions a judge dropped (``removed``: ``(seat, index)``) left
    out, with the knowledge recorded right after each that no longer fits without it (:func:`_left_out`), and the
    passes its fold implies written out (:func:`with_implied_passes`); and each action's index in the log as
    recorded."""
    gone = _left_out(header, cards, actions, {n for s, n in removed if s == seat}, knowledge)
    kept = [n for n in range(len(actions)) if n not in gone]
    played, at = with_implied_passes(ruleset, cards, header, [actions[n] for n in kept] if gone else actions)
    return played, [kept[n] for n in at]


def _left_out(header: Mapping[str, Any], cards: Any, actions: Sequence[Mapping[str, Any]], dropped: set[int],
              knowledge: frozenset[str]) -> set[int]:
    """The indexes to leave out of a seat's log for its ``dropped`` game actions: each of them, and of the knowledge
    actions recorded right after one (notes stay) those the seat's own fold refuses without it. The rest stays: what a
    phone recorded after a double tap (the cards the one real event drew) belongs to the real action before it."""
    if not dropped:
        return set()
    out = set(dropped)
    after: set[int] = set()
    for n in dropped:
        nxt = n + 1
        while nxt < len(actions) and actions[nxt].get("type") in knowledge | ASIDES:
            if actions[nxt].get("type") in knowledge:
                after.add(nxt)
            nxt += 1
    if not after:
        return out
    fold = Folder(header, cards, keep_trails=False)
    for n, action in enumerate(actions):
        if n in out or action.get("type") in ASIDES:
            continue
        try:
            fold.push(dict(action))
        except IllegalAction:
            if n not in after:
                break  # the log is refused here for another reason: the merge meets it there
            out.add(n)  # knowledge of the copy alone: it does not fit the game without the copy
    return out


def own_hidden(ruleset: Any, actions: Sequence[Mapping[str, Any]], seat: int) -> list[Action]:
    """A complete log recorded from ``seat`` (engine.ruleset ``seat_recordings``) with what only another player
    knows not known (null): the orders and choices of the other players' hidden actions, and the hand cards they put
    back unseen (a Clockwork mulligan's), which that seat's draft filled with placeholders; the merge then takes each
    from its own player's recording."""
    out = []
    for action in actions:
        if action.get("p") != seat:
            hidden = [f for f in seat_hidden_fields(ruleset, action) if f in action]
            if hidden:
                action = {**action, **dict.fromkeys(hidden)}
        out.append(dict(action))
    return out


#: how many following game actions must line up, shifted by one, to call a difference a missing action
MISSING_WINDOW = 6


def _skipped(steps0: list[Step], steps1: list[Step], i: list[int], k: int, unordered: frozenset[str],
             omissible: Omissible, tell: Callable[[Mapping[str, Any] | None], str] = lambda a: str(a),
             ) -> tuple[int, str, str, list[Any], list[int | None], list[int | None]] | None:
    """The arguments of a ``missing`` disagreement when the two game actions at ``k`` differ because one seat has
    no copy of the other's (the rest lines up shifted by one, and not as it is), else None."""
    def agree(xs: list[Step], ys: list[Step]) -> bool:
        return all(unify(x.action, y.action, unordered, omissible) is not CONFLICT for x, y in zip(xs, ys, strict=False))

    for side in (0, 1):  # the seat whose log lacks the other's action at k
        lack, have = (steps0, steps1) if side == 0 else (steps1, steps0)
        li, hi = i[side], i[1 - side]
        shifted = agree(have[hi + 1:hi + 1 + MISSING_WINDOW], lack[li:li + MISSING_WINDOW])
        straight = agree(have[hi + 1:hi + 1 + MISSING_WINDOW], lack[li + 1:li + 1 + MISSING_WINDOW])
        if shifted and not straight and hi + 1 < len(have):
            extra = have[hi]
            versions = [None, extra.action] if side == 0 else [extra.action, None]
            index = [None, extra.index] if side == 0 else [extra.index, None]
            after = lack[li].index  # the lacking seat's action after the gap: its log parts there
            parts = [after, extra.index] if side == 0 else [extra.index, after]
            return (k, "missing", f"game action {k}: seat {side}'s log has no action where seat {1 - side} recorded: "
                    f"{tell(extra.action)} (the actions after it line up)", versions, index, parts)
    return None


class _Folds:
    """The judge's fold of the merged log and each seat's fold of its own (what each seat knew, step by step)."""

    def __init__(self, ruleset: Any, cards: Any, header: Mapping[str, Any],
                 seat_headers: Sequence[Mapping[str, Any]] | None) -> None:
        self.ruleset = ruleset
        self.tell = teller(ruleset, header)
        self.cards, self.headers = cards, seat_headers or ()
        self.judge = Folder(header, cards, keep_trails=False)
        #: each seat's fold of its own log: a table log's (what each seat knew); none for a complete log's
        self.seats = [Folder(h, cards, keep_trails=False) for h in self.headers]
        #: False once a merged action of a complete log holds what neither seat saw (a view's null, ``redact
        #: --view``): the merge is a view from there on, to read, not a log to fold
        self.folding = True
        #: the ruleset's ``named_cards`` (each known card by its place), None for a game that names none
        self.named: Callable[[Any], Mapping[Any, Any]] | None = getattr(ruleset, "named_cards", None)

    def push(self, action: Action, *seat_steps: Step | None, chosen: int | None = None) -> None:
        """The merged action onto the judge's fold, each seat's own onto its fold (after a judge's pick of seat
        ``chosen``'s version, or an action only ``chosen`` recorded, the other seat's fold follows it when it can).
        Raises :class:`IllegalAction` when the judge's fold refuses the merged action, :class:`_SeatRefused` when
        it takes it but a seat's fold refuses that seat's own copy."""
        if self.folding and not self.ruleset.table_logs and _unseen(self.ruleset, action):
            self.folding = False
        if not self.folding:
            return
        self.judge.push(action)
        if not self.seats:
            return
        refused: list[tuple[int, Action, IllegalAction]] = []
        for seat, (fold, step) in enumerate(zip(self.seats, seat_steps, strict=True)):
            if step is None:
                if chosen is not None and seat != chosen:  # an action this seat missed (inserted): it still happened
                    with suppress(IllegalAction):
                        fold.push(action)
                continue
            if chosen is not None and seat != chosen:
                try:
                    fold.push(action)
                    continue
                except IllegalAction:
                    pass
            try:
                fold.push(step.action)
            except IllegalAction as err:
                refused.append((seat, step.action, err))
        if refused:
            raise _SeatRefused(refused)

    def news(self, news0: Sequence[Action], news1: Sequence[Action], following: Mapping[str, Any] | None,
             out: list[Action], give_way: int | None = None) -> str | _Naming | _SeatRefused | None:
        """Fold each seat's knowledge onto its own fold, then name on the judge's what they know; a problem (a
        seat's knowledge its own fold refuses: :class:`_SeatRefused`), a card one seat's knowledge names where the
        judge's fold (or the other seat's knowledge here) names another, or None. ``give_way``: the seat whose
        version a judge did not take here: its knowledge that is refused or names a card otherwise is left out."""
        rs = self.ruleset
        shown = rs.clone(self.judge.state)
        if following is None:
            rs.settle(shown, NullTrail())
        else:
            rs.before(shown, following, NullTrail())
        merged = self.named(shown) if self.named is not None else {}
        learned: tuple[dict[Any, tuple[Any, Action]], dict[Any, tuple[Any, Action]]] = ({}, {})
        for seat in (1, 0) if give_way == 0 else (0, 1):
            fold = self.seats[seat]
            known = self.named(fold.state) if self.named is not None else {}
            for action in (news0, news1)[seat]:
                if seat == give_way and not self._fits(seat, action, known, merged, learned[1 - seat]):
                    continue
                try:
                    fold.push(action)
                except IllegalAction as err:
                    return _SeatRefused([(seat, action, err)])
                if self.named is None:
                    continue
                now = self.named(fold.state)
                fresh = {place: card for place, card in now.items() if known.get(place) != card}
                clash = _first_clash(fresh, merged, learned[1 - seat])
                if clash is not None:
                    return _Naming(seat, action, clash[0], clash[1], clash[2])
                learned[seat].update((place, (card, action)) for place, card in fresh.items())
                known = now
        for action in rs.merge_news([f.state for f in self.seats], shown):
            try:
                self.judge.push(action)
            except IllegalAction as err:
                return f"\"{self.tell(action)}\" is refused ({err.ruling.rule}): {err.ruling.message}"
            out.append(action)
        return None

    def _fits(self, seat: int, action: Action, known: Mapping[Any, Any], merged: Mapping[Any, Any],
              theirs: Mapping[Any, tuple[Any, Action]]) -> bool:
        """Whether seat ``seat``'s knowledge action ``action`` folds onto a copy of its fold without naming a card
        the judge's fold (``merged``) or the other seat (``theirs``) names otherwise."""
        probe = Folder(self.headers[seat], self.cards, keep_trails=False, state=self.ruleset.clone(self.seats[seat].state))
        try:
            probe.push(action)
        except IllegalAction:
            return False
        if self.named is None:
            return True
        fresh = {place: card for place, card in self.named(probe.state).items() if known.get(place) != card}
        return _first_clash(fresh, merged, theirs) is None


def _unseen(ruleset: Any, action: Mapping[str, Any]) -> bool:
    """True when a complete log's ``action`` holds null where a seat's view may (what only its player, or nobody,
    saw: engine.ruleset ``seat_hidden_fields``, ``hidden_field``): a view's, which no fold takes."""
    fields = {*seat_hidden_fields(ruleset, action), hidden_field(ruleset, action)} - {None}
    return any(action.get(f, ()) is None or (isinstance(action.get(f), list) and None in action[f]) for f in fields)


class _SeatRefused(Exception):
    """Seats whose own fold refuses their own copy of an action (or a knowledge action): ``(seat, action, error)``
    each; the judge's fold took what was merged."""

    def __init__(self, refused: list[tuple[int, Action, IllegalAction]]) -> None:
        super().__init__(", ".join(f"seat {seat}: {err}" for seat, _, err in refused))
        self.refused = refused

    def told(self, tell: Callable[[Mapping[str, Any] | None], str]) -> str:
        """Each refusal for people: the seat, its copy, the rule and why."""
        return "; ".join(f"seat {seat}'s \"{tell(action)}\" is refused by its own log ({err.ruling.rule}): "
                         f"{err.ruling.message}" for seat, action, err in self.refused)

    def cannot_take(self, where: str) -> dict[int, str]:
        """Why a take of each refusing seat cannot answer it: its own log refuses its version ``where``."""
        then = "take seat {other}'s" if len(self.refused) == 1 else "neither version can be taken: correct a recording"
        return {seat: f"seat {seat}'s own log refuses its version {where} ({err.ruling.rule}: {err.ruling.message}): "
                      + then.format(other=1 - seat) for seat, _, err in self.refused}


@dataclass
class _Naming:
    """Seat ``seat``'s knowledge action ``entry`` names ``card`` where the other names ``other``: the judge's fold
    (``by`` None: named in an action, or learned before) or the other seat's knowledge action ``by`` at that point."""

    seat: int
    entry: Action
    card: Any
    other: Any
    by: Action | None


def _first_clash(fresh: Mapping[Any, Any], merged: Mapping[Any, Any],
                 theirs: Mapping[Any, tuple[Any, Action]]) -> tuple[Any, Any, Action | None] | None:
    """The first card a seat came to know (``fresh``, by place) that the judge's fold ``merged`` or the other seat's
    fresh knowledge ``theirs`` names otherwise at that place: ``(card, other, the other's action or None)``."""
    for place, card in fresh.items():
        if place in merged:
            if merged[place] != card:
                return card, merged[place], None
        elif place in theirs and theirs[place][0] != card:
            return card, theirs[place][0], theirs[place][1]
    return None


def _known_by(heard: Mapping[int, tuple[list[Action], list[Action]]], k: int, seat: int, naming: _Naming,
              dropped: set[tuple[int, int, int]]) -> tuple[int, int] | None:
    """Where seat ``seat`` named ``naming.other`` by its own knowledge action before game action ``k``, in the place
    (the player and zone) where the other seat's ``naming.entry`` names another: ``(step, n)`` of the latest such
    action (:data:`LEAD`: before the first game action; ``n``: its place among that step's), not ``dropped``."""
    for at in sorted((t for t in heard if t < k), reverse=True):
        for n in range(len(heard[at][seat]) - 1, -1, -1):
            x = heard[at][seat][n]
            if (seat, at, n) not in dropped and x.get("type") == naming.entry.get("type") \
                    and all(x.get(f) == naming.entry.get(f) for f in ("p", "zone")) and naming.other in strings_in(x):
                return at, n
    return None


def _named_in(played: Sequence[tuple[tuple[Action | None, Action | None], bool]], k: int, seat: int,
              card: Any) -> int | None:
    """The last game action up to ``k``, not picked, whose copy by seat ``seat`` names ``card`` where the other
    seat's copy does not (that seat left it out: the merged action took ``seat``'s naming), or None."""
    for t in range(min(k, len(played) - 1), -1, -1):
        (mine, other), picked = (played[t][0][seat], played[t][0][1 - seat]), played[t][1]
        if not picked and mine is not None and other is not None and card in strings_in(mine) \
                and card not in strings_in(other):
            return t
    return None


__all__ = ["ANNOTATIONS", "ASIDES", "CONFLICT", "OWN_VIEW", "START", "START_FIELDS", "Disagreement", "Merged", "Step",
           "action_fields", "asides_of", "differing_fields", "merge", "plain", "recorded_seats", "seat_mismatch",
           "seat_secrets", "started_together", "steps_of", "teller", "unify", "unify_preferring", "with_implied_passes"]
