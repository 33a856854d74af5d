"""Pages for drafts: ``/record`` (record a game at the table) and ``/games/draft/<id>`` (follow one live)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, abort, current_app, render_template

from pmemo_replay.decks import bundled_decks
from pmemo_replay.drafts import DraftError
from pmemo_replay.web.auth import uploads_open
from pmemo_replay.web.cardfacts import card_facts
from pmemo_replay.web.context import get_cards
from pmemo_replay.web.drafts import drafts

bp = Blueprint("record", __name__)
FACTS_KEY = "pmemo_all_card_facts"


def all_card_facts() -> dict[str, dict[str, Any]]:
    """Facts of every card of the card database, by id (made once per application)."""
    app: Flask = current_app  # type: ignore[assignment]
    facts = app.extensions.get(FACTS_KEY)
    if facts is None:
        facts = app.extensions[FACTS_KEY] = {card.id: card_facts(card) for card in sorted(get_cards(), key=lambda c: c.id)}
    return facts  # type: ignore[no-any-return]


@bp.get("/record")
def record() -> Any:
    decks = [{"key": d.key, "name": d.name, "main": list(d.main), "ex": list(d.ex)} for d in bundled_decks()]
    data = {"decks": decks, "cards": all_card_facts(), "uploads_open": uploads_open()}
    return render_template("record.html", data=data)


@bp.get("/games/draft/<int:draft_id>")
def draft(draft_id: int) -> Any:
    """The public view of a draft, following each append live."""
    try:
        now = drafts().get(draft_id)
    except DraftError as err:
        abort(err.status, description=f"There is no draft {draft_id}.")
    data = {"id": draft_id, "draft": now, "cards": all_card_facts()}
    return render_template("draft.html", data=data, draft_id=draft_id)
