"""Redaction: the table log a viewer in one seat could have recorded (table-logs.md, "Redaction").

The source log is folded in step with the redacted one. Each source action is copied
with what that seat could not know left out (shuffle orders; draws the seat did not
see named), a ``no_interfere`` names the face-up card it placed, and after each action
an ``identify`` names what the seat has just seen that the redacted fold cannot yet
name: the seat's own new hand cards, and cards that went face up into a Point Zone.

Player views are computed from the redacted log, so they hold only what that seat saw,
in the state and in the rulings trail alike.

>>> from engine.pm.redact import VIEWS
>>> VIEWS
(0, 1, 'public')
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import CardDB
from engine.fold import Folder
from engine.pm.state import GameState
from engine.pm.turns import starts_next_turn, turn_end_waits
from engine.rulings import IllegalAction, NullTrail

View = int | str
VIEWS: tuple[View, ...] = (0, 1, "public")
#: also accepted by :func:`redact`: the table log a judge watching both hands could have recorded
JUDGE = "judge"
Action = dict[str, Any]


class RedactionError(ValueError):
    """The source log cannot be redacted (it is illegal, or the redacted log would not replay it)."""


@dataclass
class Redaction:
    """A redacted log, and where each source step lands in it."""

    header: dict[str, Any]
    actions: list[Action]
    #: ``steps[n]``: the number of redacted actions that show the state after the first ``n`` source actions
    steps: list[int] = field(default_factory=list)


def parse_view(value: Any, *, judge: bool = False) -> View:
    """``0``, ``1`` or ``"public"`` (and ``"judge"`` when allowed) from a command-line or query value."""
    text = str(value).strip().lower()
    if text in ("0", "1"):
        return int(text)
    if text == "public" or (judge and text == JUDGE):
        return text
    raise ValueError(f"unknown view {value!r}: use 0, 1, public" + (" or judge" if judge else ""))


def sees(view: View, player: int) -> bool:
    """True when a viewer in ``view`` sees ``player``'s own hidden cards (their hand, their draws)."""
    return view in (player, JUDGE)


def redact_header(header: Mapping[str, Any], view: View, *, keep_lists: bool = False) -> dict[str, Any]:
    """The header the seat could have written: its own deck lists, the others unlisted (unless ``keep_lists``)."""
    out = copy.deepcopy(dict(header))
    for i, pl in enumerate(out["players"]):
        if not keep_lists and not sees(view, i):
            pl.pop("deck", None)
            if pl.get("ex_deck"):
                pl["ex_deck"] = None
    return out


def redact_action(action: Mapping[str, Any], before: GameState, view: View) -> Action:
    """One source action as the seat records it (``before``: the source state just before it)."""
    nested = "ops" in action or "responses" in action or "choices" in action
    out = copy.deepcopy(dict(action)) if nested else dict(action)  # only nested parts are changed in place
    kind = out["type"]
    if kind == "shuffle":
        out.pop("order", None)
    elif kind == "no_interfere":
        deck = before.players[out["p"]].deck
        if deck and deck[-1] is not None:
            out["card"] = deck[-1]  # it lands face up: everyone sees it
    elif kind == "identify" and view != JUDGE:
        # a seat learns a hand only of its own; Point Zone cards only those face up (oldest unknown ones first)
        if out["zone"] == "point":
            out["cards"] = _face_up_prefix(before, out["p"], out["cards"])
        elif not sees(view, out["p"]):
            out["cards"] = []
    for op in _ops(out):
        _redact_op(op, view)
    for act in _with_responses(out):
        if any(isinstance(c, Mapping) and "order" in c for c in act.get("choices") or ()):
            # a shuffle's result is nobody's to see: without it the shuffle leaves the order unknown
            act["choices"] = [c for c in act["choices"] if not (isinstance(c, Mapping) and "order" in c)]
    return out


def _with_responses(action: Action) -> Iterator[Action]:
    yield action
    for resp in action.get("responses", ()):
        yield from _with_responses(resp)


def _face_up_prefix(before: GameState, player: int, cards: list[str]) -> list[str]:
    """The first of ``cards`` an ``identify`` of the Point Zone names while the points it fills are face up."""
    unknown = [up for c, up in before.players[player].points if c is None]
    out = []
    for cid, up in zip(cards, unknown, strict=False):
        if not up:
            break
        out.append(cid)
    return out


def _ops(action: Action) -> Iterator[Action]:
    yield from action.get("ops", ())
    for resp in action.get("responses", ()):
        yield from _ops(resp)


def _redact_op(op: Action, view: View) -> None:
    kind = op["op"]
    if kind == "shuffle":
        op.pop("order", None)
    elif kind == "draw" and not sees(view, op["p"]):
        op.pop("cards", None)  # cards the seat did not see
    elif kind == "put_point" and op.get("face") == "down" and view != JUDGE:
        op.pop("cards", None)  # put face down: nobody at the table sees them
    elif kind == "move" and _hidden_zone(op["from"], op, view) and _hidden_zone(op["to"], op, view):
        op.pop("card", None)  # an unknown card moving between zones the seat does not see


def _hidden_zone(zone: str, op: Action, view: View) -> bool:
    """True when a card in ``zone`` of the op's player is hidden from ``view`` (decks, another's hand, points face
    down)."""
    if zone in ("deck", "deck_bottom"):
        return True
    if zone == "hand":
        return not sees(view, op["p"])
    return zone == "point" and op.get("face") == "down" and view != JUDGE


def _first_unknown_run(known: Sequence[str | None], unknown: Sequence[str | None]) -> list[str]:
    """The ids ``known`` holds at ``unknown``'s unknown positions, oldest first, up to the first it does not hold."""
    out: list[str] = []
    for have, want in zip(unknown, known, strict=True):
        if have is None:
            if want is None:
                break
            out.append(want)
    return out


def news(source: GameState, target: GameState, view: View) -> list[Action]:
    """``identify`` actions naming what the seat sees in ``source`` that ``target`` does not know yet."""
    out: list[Action] = []
    for p, (src, dst) in enumerate(zip(source.players, target.players, strict=True)):
        if sees(view, p) and None in dst.hand and len(src.hand) == len(dst.hand):
            cards = _first_unknown_run(src.hand, dst.hand)
            if cards:
                out.append({"type": "identify", "p": p, "zone": "hand", "cards": cards})
        if len(src.points) == len(dst.points) and any(c is None for c, _ in dst.points):
            shown = [c if up else None for c, up in src.points]  # face up: both players see it
            cards = _first_unknown_run(shown, [c for c, _ in dst.points])
            if cards:
                out.append({"type": "identify", "p": p, "zone": "point", "cards": cards})
    return out


def redact(
    header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: CardDB, view: View, *,
    keep_lists: bool = False,
) -> Redaction:
    """Redact a legal log (complete or table) for ``view``; :class:`RedactionError` when that is not possible."""
    if view not in (*VIEWS, JUDGE):
        raise ValueError(f"unknown view {view!r}")
    out_header = redact_header(header, view, keep_lists=keep_lists)
    try:
        src = Folder(header, cards, keep_trails=False)
        dst = Folder(out_header, cards, keep_trails=False)
    except IllegalAction as err:
        raise RedactionError(f"the log's decks are refused: {err.ruling.message}") from None
    out: list[Action] = []
    steps = [0]
    for i, action in enumerate(actions):
        copied = redact_action(action, src.state, view)
        try:
            src.push(action)
        except IllegalAction as err:
            raise RedactionError(f"action {i} is illegal ({err.rule}): {err.ruling.message}") from None
        _push(dst, copied, i)
        out.append(copied)
        following = actions[i + 1] if i + 1 < len(actions) else None
        src.settle(following)
        if _may_identify(dst.state, following):
            for learned in news(src.state, shown_state(dst, following), view):
                _push(dst, learned, i)
                out.append(learned)
        steps.append(len(out))
    dst.settle(None)
    if src.state.result != dst.state.result:
        raise RedactionError(f"the redacted log ends with {dst.state.result}, the log with {src.state.result}")
    return Redaction(out_header, out, steps)


def _may_identify(g: GameState, following: Mapping[str, Any] | None) -> bool:
    """An ``identify`` starts a waiting Turn End's next turn: only where the next source action would start it too."""
    return not turn_end_waits(g) or following is None or starts_next_turn(g, following)


def shown_state(folder: Folder, following: Mapping[str, Any] | None) -> GameState:
    """The state as ``following`` (None: the end of the log) finds it: at a waiting Turn End, a copy with the next
    turn started if ``following`` starts it; else the folder's own state (not to be changed)."""
    if not turn_end_waits(folder.state):
        return folder.state
    state = folder.state.clone()
    if following is None:
        folder.ruleset.settle(state, NullTrail())
    else:
        folder.ruleset.before(state, following, NullTrail())
    return state


def _push(folder: Folder, action: Action, index: int) -> None:
    try:
        folder.push(action)
    except IllegalAction as err:
        raise RedactionError(f"the redacted log is refused after source action {index} ({err.rule}): "
                             f"{err.ruling.message}") from None
