"""Where a what-if branch starts: a stored game's actions up to a step as a view saw them (a table-log game's
seat or public redaction; a game whose logs are always complete from the judge's view, whichever view was shown:
it is recorded from the judge's seat only), or a pasted log's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.ruleset import JUDGE, RedactionError, parse_view
from engine.rulesets import UnknownRuleset
from pmemo_replay import views
from pmemo_replay.drafts import DraftError
from pmemo_replay.games import ruleset_name, ruleset_of
from pmemo_replay.logio import LogError, parse_log
from pmemo_replay.web.context import get_store
from pmemo_replay.web.schemas import MAX_INT


def _refuse(status: int, message: str) -> DraftError:
    return DraftError(status, {"error": message})


def source(body: Mapping[str, Any], at: int) -> tuple[dict[str, Any], list[dict[str, Any]], Any, int | None]:
    """``(header, actions before step at, view, game id or None)`` for a branch request's body."""
    if "log" in body:
        text = body["log"]
        if not isinstance(text, str):
            raise _refuse(400, "'log' must be a pmemo-log's text")
        try:
            log = parse_log(text)
        except LogError as err:
            raise DraftError(400, {"ruling": err.ruling}) from None
        if at > len(log.actions):
            raise _refuse(400, f"the log holds {len(log.actions)} action(s): 'at' may not be more")
        return dict(log.header), list(log.actions[:at]), JUDGE, None
    game_id = body.get("game_id")
    if type(game_id) is not int or not 0 <= game_id <= MAX_INT:
        raise _refuse(400, "name the game ('game_id') or send the log ('log')")
    store = get_store()
    game = store.get_game(game_id)
    if game is None:
        raise _refuse(404, f"no game {game_id}")
    actions = store.actions(game_id)
    if at > len(actions):
        raise _refuse(400, f"game {game_id} holds {len(actions)} action(s): 'at' may not be more")
    try:
        ruleset = ruleset_of(game.header)
        view = parse_view(body.get("view", JUDGE), judge=True, seats=len(game.header.get("players") or ()))
    except (UnknownRuleset, ValueError) as err:
        raise _refuse(400, str(err)) from None
    if view == JUDGE or not ruleset.table_logs:
        # a game whose logs are always complete has no seat recording (its seat views are views to show, not logs to
        # go on from): a branch from any view of it goes on from the judge's seat, as it is recorded
        return dict(game.header), actions[:at], JUDGE, game_id
    try:
        red = views.redaction(game.content_hash, game.header, actions,
                              store.library.for_ruleset(ruleset_name(game.header)), view)
    except RedactionError as err:
        raise _refuse(422, str(err)) from None
    return red.header, red.actions[:red.steps[at]], view, game_id
