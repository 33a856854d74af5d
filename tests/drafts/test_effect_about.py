"""An effect's button in the recorder names the ability and shows its text from the card file, for Clockwork
Memorion as for Precious Memories (review of issue 21: Clockwork's triggers read only "ability 0 resolves")."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

import tests.drafts.test_hidden_orders as recording
from engine.fold import Folder
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs

RULESET = "clockwork-memorion-1"
CARDS = bundled_for(RULESET)


def _ability_text(state: Any, action: dict[str, Any]) -> str | None:
    """The text the card file gives the ability a ``trigger`` logs (its pending trigger's card; a Ruler's face now)."""
    entry = next(e for e in state.pending if (e["p"], e["at"], e["ability"], e["memorion"])
                 == (action["p"], action["at"], action["ability"], action.get("memorion")))
    card = CARDS.by_id[entry["memorion"] or entry["card"]]
    abilities = card.abilities
    if entry["memorion"] is None and card.type == "ruler":
        found = state.locate(entry["uid"])
        abilities = card.face_abilities(found[1].face) if found is not None else abilities
    text = abilities[action["ability"]].text
    return " ".join(text.split()) if text else None


def test_the_offers_carry_each_trigger_abilitys_text() -> None:
    rs = get_ruleset(RULESET)
    texts = 0
    for doc in simulated_logs(CARDS, 2, 3, ruleset=RULESET):
        fold = Folder(doc["game"], CARDS)
        for action in doc["actions"]:
            offered = rs.offers(fold.state)
            assert len(offered["about"]) == len(offered["actions"])
            for a, about in zip(offered["actions"], offered["about"], strict=True):
                if a["type"] not in ("trigger", "activate"):
                    assert about is None, a
                elif a["type"] == "trigger":
                    assert about is not None and f"ability {a['ability']}" in about["effect"]
                    assert about["text"] == _ability_text(fold.state, a)
                    texts += about["text"] is not None
            fold.push(action)
    assert texts > 0, "no trigger with a text was offered in the simulated games"


def test_the_recorders_offers_carry_the_text(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the API (/legal, what the recorder asks, hidden orders and unnamed draws and all): a trigger offered
    carries its ability's text, in step with the actions."""
    doc = next(simulated_logs(CARDS, 1, 3, ruleset=RULESET))
    auth_of: dict[int, dict[str, str]] = {}
    opened = recording._draft

    def open_draft(c: FlaskClient, header: dict[str, Any]) -> tuple[int, dict[str, str]]:
        draft, auth = opened(c, header)
        auth_of[draft] = auth
        return draft, auth

    monkeypatch.setattr(recording, "_draft", open_draft)
    found: list[dict[str, Any]] = []

    def look(draft: int) -> None:
        body = client.get(f"/api/drafts/{draft}/legal", headers=auth_of[draft]).json
        assert len(body["about"]) == len(body["actions"])
        found.extend(about for a, about in zip(body["actions"], body["about"], strict=True)
                     if a["type"] == "trigger" and about and about["text"])

    recording._record(client, RULESET, doc, after=look)
    assert found, "no trigger with a text was offered while recording"


def test_a_mahou_power_or_event_offer_carries_the_cards_text() -> None:
    """Mahou Shoujo's cards have texts: a Magical Power's or an Event's play offered says the card's effect with it."""
    ruleset = "mahou-shoujo-1"
    rs = get_ruleset(ruleset)
    cards = bundled_for(ruleset)
    plays = 0
    for doc in simulated_logs(cards, 2, 5, ruleset=ruleset):
        fold = Folder(doc["game"], cards)
        for action in doc["actions"]:
            offered = rs.offers(fold.state)
            for a, about in zip(offered["actions"], offered["about"], strict=True):
                if a["type"] in ("play_power", "play_event"):
                    card = cards.by_id[a["card"]]
                    assert about is not None and about["text"] == " ".join(card.text.split()) and card.name in about["effect"]
                    plays += 1
                else:
                    assert about is None, a
            fold.push(action)
    assert plays > 0, "no Magical Power or Event was offered in the simulated games"
