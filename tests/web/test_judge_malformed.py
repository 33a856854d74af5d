"""A malformed action on /judge: the legal replay before it still shows, and the ruling points at the field."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from tests.web.data import simulated
from tests.web.test_pages import token


def _without_pay() -> tuple[dict, int]:
    doc = simulated(1, 91)[0]
    k = next(i for i, a in enumerate(doc["actions"]) if a["type"] == "summon")
    del doc["actions"][k]["pay"]
    return doc, k


def test_judge_page_replays_up_to_a_malformed_action(client: FlaskClient) -> None:
    doc, k = _without_pay()
    lines = [json.dumps({k: v for k, v in doc.items() if k != "actions"}), *map(json.dumps, doc["actions"])]
    for body in (json.dumps(doc), "\n".join(lines)):
        page = client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": body})
        html = page.get_data(as_text=True)
        assert "Malformed." in html and f"{k}.pay" in html and "missing required field" in html
        data = json.loads(html.split('id="viewer-data"', 1)[1].split(">", 1)[1].split("</script>", 1)[0])
        assert data["total"] == k and len(data["actions"]) == k + 1 and data["ruling"]["path"] == f"{k}.pay"
        ok = client.post(f"/api/judge/step?at={k}", data=body)
        assert ok.status_code == 200 and ok.get_json()["state"]["applied"] == k
        assert client.post(f"/api/judge/step?at={k + 1}", data=body).status_code == 400
