"""Pages for drafts: ``/record`` (record a game of any ruleset at the table) and ``/games/draft/<id>`` (follow one
live)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, render_template, request, url_for

from engine.ruleset import seat_recordings
from engine.rulesets import RULESETS
from pmemo_replay.drafts import DraftError
from pmemo_replay.drafts.pairing import Pairs
from pmemo_replay.games import ruleset_name
from pmemo_replay.games.cards import ROOT
from pmemo_replay.logio import DEFAULT_RULESET
from pmemo_replay.web.auth import uploads_open
from pmemo_replay.web.cardfacts import card_facts
from pmemo_replay.web.context import get_store
from pmemo_replay.web.drafts import drafts
from pmemo_replay.web.pages import RULESET_NAME, board_assets

bp = Blueprint("record", __name__)
FACTS_KEY = "pmemo_all_card_facts"


def all_card_facts(ruleset: str) -> dict[str, dict[str, Any]]:
    """Facts of every card of a ruleset's card database, by id (made once per application and ruleset)."""
    cache: dict[str, dict[str, dict[str, Any]]] = current_app.extensions.setdefault(FACTS_KEY, {})
    facts = cache.get(ruleset)
    if facts is None:
        cards = get_store().library.for_ruleset(ruleset)
        every = cards.values() if isinstance(cards, dict) else cards  # a mapping of cards, or a database of them
        facts = cache[ruleset] = {card.id: card_facts(card) for card in sorted(every, key=lambda c: c.id)}
    return facts


def game_decks(ruleset: str) -> list[dict[str, Any]]:
    """The bundled decks of a ruleset (its ``bundled_decks`` folders) for the setup form: ``{"key", "name", "main",
    "ex"}``; a deck file lists ``cards``, or ``main`` and ``ex`` for a game with an EX deck."""
    out = []
    for folder in RULESETS[ruleset].bundled_decks:
        for path in sorted((ROOT / folder).glob("*.json")):
            doc = json.loads(path.read_text(encoding="utf-8"))
            out.append({"key": path.stem, "name": str(doc.get("name", path.stem)),
                        "main": list(doc["main"] if "main" in doc else doc["cards"]), "ex": list(doc.get("ex") or ())})
    return out


def recorder_module(ruleset: str) -> str:
    """The game's recorder module: ``js/record/games/<ruleset>.js``, or ``generic.js`` (the offers as buttons, the
    game's board module) when the game has none, as the viewer picks its board module (pages.board_assets)."""
    static = Path(current_app.static_folder or "static")
    own = RULESET_NAME.fullmatch(ruleset) is not None and (static / "js" / "record" / "games" / f"{ruleset}.js").is_file()
    return url_for("static", filename=f"js/record/games/{ruleset if own else 'generic'}.js")


def games() -> list[dict[str, Any]]:
    """Every registered ruleset: name, game, seats, whether its logs may hold unknown cards."""
    return [{"ruleset": name, "game": rs.game, "players": list(rs.players), "table_logs": bool(rs.table_logs)}
            for name, rs in sorted(RULESETS.items(), key=lambda kv: (kv[0] != DEFAULT_RULESET, kv[0]))]


@bp.app_context_processor
def _live_drafts() -> dict[str, Any]:
    """``live_drafts()`` for any page (the home page lists the games being recorded now)."""
    return {"live_drafts": lambda: drafts().in_progress()}


@bp.get("/record")
def record() -> Any:
    """The recorder: ``?game=<ruleset>`` picks the game of a new draft; ``?draft=<id>`` the draft's own game."""
    chosen = request.args.get("game", DEFAULT_RULESET)
    draft_id = request.args.get("draft", type=int)
    if draft_id:
        with contextlib.suppress(DraftError):
            chosen = ruleset_name(drafts().get(draft_id)["game"])
    if chosen not in RULESETS:
        abort(404, description=f"There is no game {chosen!r} to record (known: {', '.join(sorted(RULESETS))}).")
    rs = RULESETS[chosen]
    data = {"ruleset": chosen, "game": rs.game, "players": list(rs.players), "table_logs": bool(rs.table_logs),
            "games": games(), "decks": game_decks(chosen), "cards": all_card_facts(chosen),
            "board": board_assets(chosen)["js"], "recorder": recorder_module(chosen), "uploads_open": uploads_open(),
            "seat_recordings": seat_recordings(rs)}  # a complete-log game that may be recorded from one seat
    return render_template("record.html", data=data)


@bp.get("/games/draft/<int:draft_id>")
def draft(draft_id: int) -> Any:
    """The public view of a draft, following each append live."""
    try:
        now = drafts().get(draft_id)
    except DraftError as err:
        abort(err.status, description=f"There is no draft {draft_id}.")
    ruleset = ruleset_name(now["game"])
    data = {"id": draft_id, "draft": now, "cards": all_card_facts(ruleset), "ruleset": ruleset,
            "board": board_assets(ruleset)["js"], "pair": Pairs(drafts()).link(draft_id)}
    return render_template("draft.html", data=data, draft_id=draft_id)


@bp.get("/games/draft/<int:draft_id>/merge")
def merge(draft_id: int) -> Any:
    """Two seats, one game: the merge of this draft and its pair, the first disagreement side by side (the page asks
    the API with the token this browser holds: either paired draft's, or a judge's moderator token typed in)."""
    try:
        now = drafts().get(draft_id)
    except DraftError as err:
        abort(err.status, description=f"There is no draft {draft_id}.")
    ruleset = ruleset_name(now["game"])
    link = Pairs(drafts()).link(draft_id)
    data = {"id": draft_id, "ruleset": ruleset, "cards": all_card_facts(ruleset), "board": board_assets(ruleset)["js"],
            "players": [{"name": p.get("name"), "deck_name": p.get("deck_name")} for p in now["game"]["players"]],
            "with": None if link is None else link["with"]}  # the other seat's phone holds that draft's token
    return render_template("merge.html", data=data, draft_id=draft_id)
