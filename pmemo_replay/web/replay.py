"""What the viewer needs besides single states: turn marks and implied passes, and the judge's stateless step.

A step N is the state after the first N actions (0: before any).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.fold import Folder, fold
from engine.rulesets import UnknownRuleset
from engine.rulings import IllegalAction
from pmemo_replay.games import ruleset_name
from pmemo_replay.games.cards import cards_for
from pmemo_replay.logio import LogError, PmemoLog, load_log, parse_log


def game_cards(cards: Any, header: Mapping[str, Any]) -> Any:
    """The card database the header's game folds with, from a card library or one game's database
    (``UnknownRuleset`` when the engine has no such game)."""
    return cards_for(cards, ruleset_name(header))


#: trail rules that only move the game on (a window or step changes, a turn ends and the next starts with its draw;
#: Mahou Shoujo words that draw as ``draw``): an action whose trail holds nothing else may be hidden with the passes;
#: one whose trail has a consequence (an elimination, a point, a trigger firing, the game's end) may not (the lead's
#: decision on review r22c)
STEP_CHANGES = frozenset({"window", "approach", "turn.end", "turn.start", "draw"})


def timeline(header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: Any,
             limit: int | None = None) -> dict[str, Any]:
    """``turns``: [turn, first step of that turn] for turns 1, 2, ...; ``implied``: passes inserted before action i;
    ``unverified``: action i -> what the engine applied as recorded without being able to verify it (issue 12);
    ``irregular``: action i -> the rulings that stood on it in a game played as logged (docs/as-played.md);
    ``bare``: the actions whose trail only moves the game on (:data:`STEP_CHANGES`), which hiding passes may hide;
    ``quiet``: the action types that only close a window or a phase, as the game says (its ``quiet_actions``,
    engine.ruleset): hiding passes hides a bare action of one of them;
    ``acted_in``: action i -> the turn it was applied in, where that is not the turn its step shows (as played, a
    skipped owed step lapsed and the next turn started within the action).

    Folds at most ``limit`` actions and stops quietly at an illegal one.
    """
    turns: list[list[int]] = []
    unverified: dict[str, list[str]] = {}
    try:
        folder = Folder(header, game_cards(cards, header))
    except (IllegalAction, UnknownRuleset):
        return {"turns": turns, "implied": {}, "unverified": unverified, "irregular": {}, "bare": [], "acted_in": {},
                "quiet": []}
    last = folder.state.turn
    shown = actions[:limit]
    for n, action in enumerate(shown, 1):
        try:
            folder.push(action)
        except IllegalAction:
            break
        turn = folder.ruleset.turn_shown(folder.state, actions[n] if n < len(actions) else None)
        if turn != last:
            turns.append([turn, n])
            last = turn
    bare: list[int] = []
    for index, trail in enumerate(folder.trails):  # after the fold: what happens before action i+1 is in trail i
        whys = [entry.message for entry in trail.entries if entry.unverified]
        if whys:
            unverified[str(index)] = whys
        if all(entry.rule in STEP_CHANGES for entry in trail.entries):
            bare.append(index)
    irregular: dict[str, list[dict[str, Any]]] = {}
    for ruling in folder.irregular:  # one per action; the step lists every rule it broke
        irregular.setdefault(str(ruling.index), []).extend(r.to_json() for r in ruling.every())
    return {"turns": turns, "implied": {str(k): v for k, v in folder.implied.items() if v}, "unverified": unverified,
            "irregular": irregular, "bare": bare, "acted_in": {str(k): v for k, v in folder.turn_of.items()},
            "quiet": sorted(getattr(folder.ruleset, "quiet_actions", ()))}


class StepError(ValueError):
    """The judge asked for a step past the end of the log or past its first illegal action, or the log cannot fold."""


def judge_step(log: PmemoLog, cards: Any, at: int) -> dict[str, Any]:
    """The state after ``at`` actions, the trail of action ``at`` and the legal actions there; no storing.
    ``cards``: a card library or the log's game's card database."""
    if not 0 <= at <= len(log.actions):
        raise StepError(f"step {at} is out of range: the log has {len(log.actions)} action(s)")
    try:
        res = fold(log.header, log.actions, game_cards(cards, log.header), at=at)
    except UnknownRuleset as err:
        raise StepError(str(err.args[0])) from None
    if res.applied < at:
        raise StepError(f"step {at} is past the first illegal action (index {res.applied})")
    trail = res.trails[at - 1].to_json() if at and len(res.trails) >= at else None
    legal = res.ruleset.legal_actions(res.state) if res.ruling is None or at > 0 else []
    return {"at": at, "state": res.state_json(), "trail": trail, "legal": legal}


def valid_prefix(data: bytes | str, index: int) -> tuple[PmemoLog, dict[str, Any]] | None:
    """The log's actions before its malformed action ``index``, and that action as written (an object, for the
    action list), so the judge can replay up to it; None when even that prefix does not read."""
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    try:
        document = json.loads(text)
    except ValueError:
        document = None
    if isinstance(document, dict) and isinstance(document.get("actions"), list):
        raw = document["actions"]
        try:
            log = load_log({**document, "actions": raw[:index]})
        except LogError:
            return None
        bad = raw[index] if index < len(raw) else None
    else:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) <= index + 1:
            return None
        try:
            log = parse_log("\n".join(lines[: index + 1]))
            bad = json.loads(lines[index + 1])
        except LogError:
            return None
        except ValueError:
            bad = None
    shown = _printable(bad) if isinstance(bad, dict) and isinstance(bad.get("type"), str) else {"type": "malformed"}
    return log, shown


def _printable(value: Any) -> Any:
    """``value`` with every string made printable UTF-8 (a lone surrogate shown as its escape, ``\\ud800``)."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {_printable(k): _printable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_printable(v) for v in value]
    return value
