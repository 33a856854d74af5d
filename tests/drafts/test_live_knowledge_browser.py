"""The public live page tells a knowledge action it cannot show in words (review r21h, 5e): the recorder's
``identify`` reaches the public emptied, and the list says the recorder noted cards, not "Mio: identify"."""

from __future__ import annotations

from typing import Any

from tests.drafts.conftest import table_log
from tests.web.browser import LiveServer, PageErrors

HEAD, ACTIONS = table_log()
PHONE = {"width": 390, "height": 844}


def test_the_public_list_says_what_an_identify_is(server: LiveServer, browser: Any) -> None:
    client = server.app.test_client()
    r = client.post("/api/drafts", data=HEAD)
    draft, auth = r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}
    count = 8
    for n, action in enumerate(ACTIONS[:count]):
        assert client.post(f"/api/drafts/{draft}/actions", json={"action": action, "expected": n},
                           headers=auth).status_code == 200
    identifies = [n for n, a in enumerate(ACTIONS[:count]) if a["type"] == "identify"]
    assert identifies
    errors = PageErrors()
    page = browser.new_page(viewport=PHONE)
    errors.watch(page)
    page.goto(f"{server.url}/games/draft/{draft}")
    page.wait_for_selector(f"#board[data-count='{count}']")
    items = page.locator("#action-list li.act").all_inner_texts()
    assert len(items) == count
    name = client.get(f"/api/drafts/{draft}").json["game"]["players"][0]["name"]
    for n in identifies:
        assert items[n] == f"{name}'s hand: cards noted by the recorder (not shown here)", items[n]
    assert not any(text.endswith(": identify") for text in items)
    assert not errors, errors
    page.close()
