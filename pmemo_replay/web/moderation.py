"""``POST /api/games/<id>/hidden``: a moderator hides a game from lists and statistics, or shows it again.

The body (JSON or form): ``{"hidden": true|false, "reason": "..."}`` (``hidden`` defaults to true). The
game and its raw upload stay; an event is appended (store.moderation). Needs a moderator's token.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, request

from pmemo_replay.store.moderation import UnknownGameId, set_hidden
from pmemo_replay.web.auth import current_token, token_required
from pmemo_replay.web.context import get_store

bp = Blueprint("moderation", __name__, url_prefix="/api")
MAX_REASON = 500


def _body() -> dict[str, Any]:
    if request.is_json:
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            abort(400, description="the body must be a JSON object: {\"hidden\": true, \"reason\": \"...\"}")
        return body
    return request.form.to_dict()


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    abort(400, description="'hidden' is true or false")


@bp.post("/games/<int:game_id>/hidden")
@token_required(moderator=True)
def hide(game_id: int) -> Any:
    """Hide (or show) a game; 200 ``{"id", "hidden", "changed", "reason", "actor", "at"}``, 404 unknown game."""
    body = _body()
    hidden = _flag(body.get("hidden", True))
    reason = body.get("reason")
    if reason is not None and (not isinstance(reason, str) or len(reason) > MAX_REASON):
        abort(400, description=f"'reason' is a text of at most {MAX_REASON} characters")
    token = current_token()
    try:
        done = set_hidden(get_store().engine, game_id, hidden, reason=reason, actor=token.name if token else None)
    except UnknownGameId:
        abort(404, description=f"no game with id {game_id}")
    return current_app.json.response(done.to_json())
