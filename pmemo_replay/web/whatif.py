"""Where a what-if branch starts: a stored game's actions (or a pasted log's) up to a step as the chosen view saw
them. A table-log game: the seat's or the public's redaction. A game whose logs are complete: the judge's log, or,
for a seat's view of a game with seat recordings (engine.ruleset ``seat_recordings``), the same actions as that
seat's recording (``meta.recorded_from``): the draft then keeps the rival's hand cards unnamed
(drafts/service.py ``Drafts.branch``). A view a game cannot go on from is refused (422, naming why)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.ruleset import JUDGE, PUBLIC, RECORDED_FROM, RedactionError, parse_view, recorded_from, seat_recordings
from engine.rulesets import UnknownRuleset
from pmemo_replay import views
from pmemo_replay.drafts import DraftError
from pmemo_replay.games import ruleset_name, ruleset_of
from pmemo_replay.logio import LogError, parse_log
from pmemo_replay.web.context import get_store
from pmemo_replay.web.schemas import MAX_INT


def _refuse(status: int, message: str) -> DraftError:
    return DraftError(status, {"error": message})


def _pasted(body: Mapping[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    text = body["log"]
    if not isinstance(text, str):
        raise _refuse(400, "'log' must be a pmemo-log's text")
    try:
        log = parse_log(text)
    except LogError as err:
        raise DraftError(400, {"ruling": err.ruling}) from None
    return dict(log.header), list(log.actions)


def _stored(body: Mapping[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]], int, str]:
    game_id = body.get("game_id")
    if type(game_id) is not int or not 0 <= game_id <= MAX_INT:
        raise _refuse(400, "name the game ('game_id') or send the log ('log')")
    store = get_store()
    game = store.get_game(game_id)
    if game is None:
        raise _refuse(404, f"no game {game_id}")
    return dict(game.header), store.actions(game_id), game_id, game.content_hash


def source(body: Mapping[str, Any], at: int) -> tuple[dict[str, Any], list[dict[str, Any]], Any, int | None]:
    """``(header, actions before step at, view, game id or None)`` for a branch request's body (``view``: judge by
    default, a seat, or public)."""
    if "log" in body:
        header, actions = _pasted(body)
        game_id, key, what = None, None, "the log"
    else:
        header, actions, game_id, key = _stored(body)
        what = f"game {game_id}"
    if at > len(actions):
        raise _refuse(400, f"{what} holds {len(actions)} action(s): 'at' may not be more")
    try:
        ruleset = ruleset_of(header)
        view = parse_view(body.get("view", JUDGE), judge=True, seats=len(header.get("players") or ()))
    except (UnknownRuleset, ValueError) as err:
        raise _refuse(400, str(err)) from None
    if view == JUDGE:
        return header, actions[:at], JUDGE, game_id
    if ruleset.table_logs:
        cards = get_store().library.for_ruleset(ruleset_name(header))
        try:
            red = (views.redaction(key, header, actions, cards, view) if key is not None
                   else ruleset.redact(header, actions, cards, view))
        except RedactionError as err:
            raise _refuse(422, f"{what} cannot be shown in view {view}: {err}") from None
        return red.header, red.actions[:red.steps[at]], view, game_id
    return _seat_recording(ruleset, header, actions[:at], view, what), actions[:at], view, game_id


def _seat_recording(ruleset: Any, header: Mapping[str, Any], actions: list[dict[str, Any]], view: Any,
                    what: str) -> dict[str, Any]:
    """The header of a complete log's branch recorded from seat ``view`` (422 for a view it cannot go on from)."""
    if view == PUBLIC:
        raise _refuse(422, f"{ruleset.game} is recorded from one seat or from the judge's seat, never from the "
                           f"public's: a branch goes on in view judge, 0 or 1")
    if not seat_recordings(ruleset):
        raise _refuse(422, f"{ruleset.game} is recorded from the judge's seat only (its ruleset has no seat "
                           f"recordings): a branch goes on in view judge")
    made_from = recorded_from(ruleset, header)
    if made_from is not None and made_from != view:
        raise _refuse(422, f"{what} was recorded from seat {made_from}: seat {view}'s hidden cards are not in it (its "
                           f"placeholders stand there); a branch goes on in view judge or {made_from}")
    return {**header, "meta": {**(header.get("meta") or {}), RECORDED_FROM: view}}
