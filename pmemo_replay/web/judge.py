"""The judge: paste or upload a log, see the ruling on its first illegal action and replay up to it.

Nothing is stored: the page embeds the log, and the viewer posts it to ``/api/judge/step`` for each
step, which folds it again (a fold of a whole game takes milliseconds) and adds the legal actions there.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from flask import Blueprint, abort, render_template, request

from engine.rulesets import UnknownRuleset
from pmemo_replay.checking import check_log, check_text, stands_as_played
from pmemo_replay.games import ruleset_name
from pmemo_replay.logio import LogError, check_card_ids, parse_log
from pmemo_replay.store import judged
from pmemo_replay.store.pipeline import engine_failure
from pmemo_replay.web import schemas
from pmemo_replay.web.api import json_response, load_query
from pmemo_replay.web.context import get_store
from pmemo_replay.web.replay import StepError, game_cards, judge_step, valid_prefix
from pmemo_replay.web.uploads import NoLog, as_played_asked, explain, log_from_request, marked_as_played
from pmemo_replay.web.viewdata import judge_view

logger = logging.getLogger(__name__)
DIGEST = re.compile(r"[0-9a-f]{64}")
bp = Blueprint("judge", __name__)
api_bp = Blueprint("judge_api", __name__, url_prefix="/api/judge")


@bp.get("/judge")
def judge_form() -> Any:
    """The form; ``?from=<key>`` fills it with a judged log to edit and judge again."""
    key = request.args.get("from", "")
    data = judged.fetch(get_store().engine, key) if DIGEST.fullmatch(key) else None
    return render_template("judge.html", report=None, log_text=data.decode("utf-8", errors="replace") if data else None)


@bp.post("/judge")
def judge() -> Any:
    """Judge a pasted or uploaded log; it is kept under its content hash and shown at its permalink."""
    try:
        data, source = log_from_request(request)
    except NoLog as err:
        return render_template("judge.html", report=None, form_error=str(err)), 400
    if as_played_asked(request):  # the box: judged (and kept for the permalink) as if its header said so
        data = marked_as_played(data)
    return _judge(data, source, judged.keep(get_store().engine, data))  # the page moves its address to the permalink


@bp.get("/judge/<key>")
def judged_log(key: str) -> Any:
    """The ruling on a judged log and its replay, at a link that can be shared and reloaded."""
    data = judged.fetch(get_store().engine, key) if DIGEST.fullmatch(key) else None
    if data is None:
        abort(404, description="No judged log has this link (it may have been judged on another server).")
    return _judge(data, f"judged log {key[:12]}", key)


def card_library() -> Any:
    """Every game's card data the server checks logs with (pmemo_replay.games.cards)."""
    return get_store().library


def _judge(data: bytes, source: str, key: str) -> Any:
    cards = card_library()
    try:
        report = check_text(data, cards)
    except Exception as err:  # an engine bug: say so, not a server error
        logger.exception("the engine failed on a judged log")
        return render_template("judge.html", report=None, form_error=engine_failure(err)["message"]), 422
    if report.ruling and report.ruling.get("rule") == "engine.error":  # an engine bug: say so, not a server error
        return render_template("judge.html", report=None, form_error=report.ruling["message"]), 422
    text = data.decode("utf-8", errors="replace")
    explained = explain(data, report.ruling) if report.ruling else None
    data_json, ruleset = None, None
    if report.log is not None and report.state is not None:
        header = report.log.header
        data_json = judge_view(text, header, report.log.actions, report.applied, report.ruling, game_cards(cards, header))
        ruleset = ruleset_name(header)
    elif report.ruling and report.ruling.get("index") is not None:  # a malformed action: replay the legal part before it
        prefix = valid_prefix(data, report.ruling["index"])
        if prefix is not None and check_log(prefix[0], cards).valid:
            log, bad = prefix
            data_json = judge_view(text, log.header, [*log.actions, bad], len(log.actions), report.ruling,
                                   game_cards(cards, log.header))
            ruleset = ruleset_name(log.header)
    could = report.state is not None and stands_as_played(report, cards)
    return render_template("judge.html", report=report, source=source, explained=explained, data=data_json,
                           log_text=text, key=key, ruleset=ruleset, could_stand=could)


@api_bp.post("/step")
def step() -> Any:
    """State, trail and legal actions after ``at`` actions of the posted log (not stored)."""
    at = load_query(schemas.JudgeStepQuery())["at"]
    cards = card_library()
    try:
        data, _ = log_from_request(request)
    except NoLog as err:
        abort(400, description=str(err))
    try:
        log = parse_log(data)
    except LogError as err:  # a malformed action: the steps before it still replay
        index = err.ruling.get("index")
        prefix = valid_prefix(data, index) if index is not None else None
        if prefix is None or at > index:
            abort(400, description=str(err))
        log = prefix[0]
    try:
        check_card_ids(log, game_cards(cards, log.header).__contains__)
    except LogError as err:
        abort(400, description=str(err))
    except UnknownRuleset as err:
        abort(400, description=str(err.args[0]))
    try:
        return json_response(judge_step(log, cards, at))
    except StepError as err:
        abort(400, description=str(err))
    except Exception as err:  # an engine bug: a clear 422, not a server error
        logger.exception("the engine failed on a judged log")
        abort(422, description=engine_failure(err)["message"])
