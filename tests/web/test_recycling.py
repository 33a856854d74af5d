"""The browser tests' reused contexts and pages (tests/web/recycling.py) come back as good as new: the same Chromium
page, with none of the cookies, storage, listeners, timeouts or document the test before it left."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask, make_response

from tests.web.browser import LiveServer
from tests.web.recycling import RecyclingBrowser

PHONE = {"width": 390, "height": 844}
STORED = """async () => [document.cookie, localStorage.getItem('k'), sessionStorage.getItem('k'),
  await new Promise(r => { const q = indexedDB.open('db'); q.onupgradeneeded = () => r('new'); q.onsuccess = () => r('kept'); })]"""


@pytest.fixture(scope="module")
def live() -> Iterator[LiveServer]:
    app = Flask(__name__)

    @app.get("/")
    def home() -> Any:
        response = make_response("<title>home</title><p>home</p>")
        response.set_cookie("seen", "1")
        return response

    server = LiveServer(app).start()
    yield server
    server.stop()


def test_a_context_given_back_comes_again_with_nothing_of_the_test_before(browser: RecyclingBrowser,
                                                                          live: LiveServer) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    heard: list[str] = []
    page.on("console", lambda message: heard.append(message.text))
    page.set_default_timeout(1_000)
    page.goto(live.url + "/")
    page.evaluate("() => { localStorage.setItem('k', 'v'); sessionStorage.setItem('k', 'v'); indexedDB.open('db'); }")
    assert page.evaluate(STORED) == ["seen=1", "v", "v", "kept"]
    context.close()

    again = browser.new_context(viewport=PHONE, has_touch=True)
    reused = again.new_page()
    assert reused is page and reused.url == "about:blank" and again.pages == [reused]
    assert reused.viewport_size == PHONE and reused.context.cookies() == []
    reused.goto(live.url + "/")
    reused.evaluate("() => console.log('after')")
    assert "after" not in heard  # the earlier test's listener is gone
    assert reused.evaluate(STORED) == ["seen=1", None, None, "new"]  # only the cookie this load set
    # the default timeout is Playwright's again: a wait of 1.2 s passes (the 1 s set before would have failed it)
    reused.wait_for_function("() => new Promise(r => setTimeout(() => r(true), 1200))")
    again.close()


def test_other_options_get_another_context_and_a_closed_one_is_not_reused(browser: RecyclingBrowser) -> None:
    phone = browser.new_context(viewport=PHONE)
    desktop = browser.new_context(viewport={"width": 1280, "height": 800})
    first, second = phone.new_page(), desktop.new_page()
    assert first is not second and first.viewport_size == PHONE
    first.context.close()  # closed by the test itself: never handed out again
    phone.close()
    desktop.close()
    assert browser.new_context(viewport=PHONE).new_page() is not first


def test_a_context_used_beyond_pages_is_closed_instead_of_reused(browser: RecyclingBrowser, live: LiveServer) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    context.set_offline(True)  # any other use of the context: it may keep what the test changed
    context.close()
    assert page.is_closed()
    fresh = browser.new_context(viewport=PHONE).new_page()
    assert fresh is not page
    fresh.goto(live.url + "/")  # online


def test_a_held_context_stays_as_it_is_until_closed(browser: RecyclingBrowser, live: LiveServer) -> None:
    """A module's shared page (tests.web.browser.HeldPages) is not reset when a test ends; closed, it is reset and
    reused as any other."""
    held = browser.new_context(viewport=PHONE)
    page = held.new_page()
    page.goto(live.url + "/")
    browser.hold(held)
    other = browser.new_context(viewport=PHONE).new_page()  # the held context is lent: another one for the same options
    assert other is not page
    browser.give_back_all()  # a test ended
    assert page.url == live.url + "/" and page.context.cookies() != []  # untouched
    held.close()
    again = browser.new_context(viewport=PHONE).new_page()
    assert again in (page, other) and again.url == "about:blank" and again.context.cookies() == []
    again.context.close()
