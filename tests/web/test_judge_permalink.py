"""/judge keeps every judged log under its content hash: a permalink that reloads and shares, and a form to edit it."""

from __future__ import annotations

import hashlib
import html

from flask.testing import FlaskClient

from tests.web.data import illegal
from tests.web.test_pages import token


def test_a_judged_log_has_a_permalink_and_can_be_edited(client: FlaskClient) -> None:
    text = illegal().decode()
    key = hashlib.sha256(text.encode()).hexdigest()
    page = client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": text}).get_data(as_text=True)
    assert f'href="/judge/{key}"' in page and "Illegal." in page
    again = client.get(f"/judge/{key}")
    assert again.status_code == 200 and "Illegal." in again.get_data(as_text=True)
    form = client.get(f"/judge?from={key}").get_data(as_text=True)
    assert text.splitlines()[0] in html.unescape(form)  # the form holds the log to edit
    client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": text})  # judged twice: kept once
    assert client.get("/judge/" + "0" * 64).status_code == 404
    assert client.get("/judge/not-a-key").status_code == 404
    assert 'name="log" rows="14"' in client.get("/judge?from=nope").get_data(as_text=True)
