"""Issue 25 point 2: the judge page and the recorder's refusal show the owed step's ruling (MHK ST-024's turn-end
trigger skipped by the next turn's summon), and the recorder's offers put the owed step first."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from tests.effects.test_issue26_engine import mhk_game
from tests.web.conftest import make_app
from tests.web.test_pages import token

ST024, SHOKI = "MHK ST-024", "MHK 01-077"
VANILLA = ["MHK 01-104", "MHK 01-084", "MHK 01-083", "MHK 01-052", "MHK 01-044", "MHK 01-042"]
WORDS = "MHK ST-024 (北山 雫)'s automatic effect 0 (turn end) must be logged by player 0 before this summon"


def skipped_trigger() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    g = mhk_game([ST024, *VANILLA], [SHOKI])
    g.add("summon", 0, card=ST024, area="main", pay=[{"hand": VANILLA[0]}]).passes(1).passes(0, 1)
    g.add("end_approach", 0).add("summon", 1, card=SHOKI, area="main", pay=[])
    return {**g.header, "ruleset": "pm-2.22"}, g.actions


def test_judge_page_and_recorder_refusal_name_the_owed_trigger(tmp_path: Path) -> None:
    header, actions = skipped_trigger()
    app = make_app(tmp_path)
    try:
        client = app.test_client()
        text = json.dumps({"format": "pmemo-log", "version": 1, "game": header, "actions": actions})
        page = html.unescape(client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": text})
                             .get_data(as_text=True))
        assert f"Action {len(actions) - 1} breaks effect.result" in page.replace("<code class=\"rule-id\">", "").replace(
            "</code>", "") and WORDS in page
        made = client.post("/api/drafts", data=json.dumps({"format": "pmemo-log", "version": 1, "game": header}))
        assert made.status_code == 201, made.json
        draft, auth = made.json["id"], {"Authorization": f"Bearer {made.json['token']}"}
        for n, action in enumerate(actions[:-1]):
            assert client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n},
                               headers=auth).status_code == 200
        offers = client.get(f"/api/drafts/{draft}/legal", headers=auth).json
        assert offers["actions"][0] == {"type": "trigger", "p": 0, "card": ST024, "effect": 0}  # the owed step first
        refused = client.post(f"/api/drafts/{draft}/actions", json={"action": actions[-1], "expected": len(actions) - 1},
                              headers=auth)
        assert refused.status_code == 422
        ruling = refused.json["ruling"]
        assert (ruling["rule"], ruling["index"]) == ("effect.result", len(actions) - 1) and WORDS in ruling["message"]
    finally:
        app.extensions["pmemo_store"].close()
