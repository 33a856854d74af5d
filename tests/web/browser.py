"""Browser-test plumbing: Chromium (Debian's, driven by Playwright) and the application served from a thread.

Without /usr/bin/chromium the browser tests skip locally and fail under ``CI=true``.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from tests.web.recycling import RecyclingBrowser

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1280, "height": 800}


def require_chromium() -> None:
    if CHROMIUM.exists():
        return
    message = f"Chromium is missing at {CHROMIUM} (apt-get install chromium)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def launch() -> Iterator[Any]:
    """A headless Chromium browser (Playwright), closed afterwards."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


class SharedBrowser:
    """One Chromium for a run of browser tests in a process (tests/conftest.py's ``browser`` fixture): launched
    when a test first asks for it, closed by :meth:`close` when the tests that follow need none.

    Starting Playwright's driver and Chromium costs about a second of CPU and more of waiting. Tests get it as a
    :class:`~tests.web.recycling.RecyclingBrowser`: each context and page a test opens is one a test before it used,
    reset to what a new one is (no cookies, storage, listeners or document of its own; tests/web/recycling.py), or a
    new one; :meth:`recycle` takes back what a finished test left open. While it runs, Playwright's sync API keeps an
    asyncio loop marked as running in this thread, which other tests must not meet.
    """

    def __init__(self) -> None:
        self._running: Iterator[Any] | None = None
        self._browser: RecyclingBrowser | None = None

    def get(self) -> RecyclingBrowser:
        if self._browser is None or not self._browser.is_connected():
            self.close()
            self._running = launch()
            self._browser = RecyclingBrowser(next(self._running))
        return self._browser

    def recycle(self) -> None:
        """Reset and keep (or close) every context and page the test that just ended left open."""
        if self._browser is not None:
            self._browser.give_back_all()

    def close(self) -> None:
        running, self._running, self._browser = self._running, None, None
        if running is not None:
            running.close()  # launch's finally: Chromium closed, then Playwright stopped


@dataclass
class LiveServer:
    """The application on 127.0.0.1 at a free port, served by werkzeug in a background thread."""

    app: Flask
    url: str = ""
    _server: Any = field(default=None, repr=False)
    _thread: threading.Thread | None = field(default=None, repr=False)

    def start(self) -> LiveServer:
        from werkzeug.serving import make_server

        self._server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.url = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, name="live-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=10)


def serve_app(config: dict[str, Any], fill: Callable[[Any], None]) -> Iterator[LiveServer]:
    """The application (``config``) with its store filled by ``fill(store)``, served live; stopped and its store
    closed afterwards."""
    from pmemo_replay.web import create_app

    app = create_app({"SECRET_KEY": "e2e", **config})
    store = app.extensions["pmemo_store"]
    fill(store)
    server = LiveServer(app).start()
    try:
        yield server
    finally:
        server.stop()
        store.close()


def serve_simulated(config: dict[str, Any], games: int, seed: int, xss_tag: str = "xss") -> Iterator[LiveServer]:
    """The application (``config``) holding ``games`` simulated games and one log carrying script payloads, served
    live."""
    from tests.web.data import jsonl, simulated, xss_log

    def fill(store: Any) -> None:
        for doc in simulated(games, seed):
            store.ingest_text(jsonl(doc), "sim")
        store.ingest_text(jsonl(xss_log(simulated(1, seed + 1)[0], xss_tag)), "xss")

    yield from serve_app(config, fill)


def shot(page: Any, name: str, folder: Path) -> Path:
    """A screenshot of ``page`` saved as ``folder/name.png``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    return path


class PageErrors(list[str]):
    """Script errors, console errors and dialogs (an alert() would mean injected script ran)."""

    def watch(self, page: Any) -> None:
        page.on("pageerror", lambda err: self.append(f"pageerror: {err}"))
        page.on("console", lambda msg: self.append(f"console: {msg.text}") if msg.type == "error" else None)

        def dialog(d: Any) -> None:
            self.append(f"dialog: {d.message}")
            d.dismiss()

        page.on("dialog", dialog)


def checked_page(browser: Any, viewport: dict[str, int] | None = None, *, timeout_ms: int = 15_000,
                 **context_options: Any) -> Iterator[Any]:
    """A page in a context of its own (``context_options`` for Playwright; reused and reset when ``browser`` is the
    tests' :class:`~tests.web.recycling.RecyclingBrowser`) that fails the test on any script error, console error or
    dialog."""
    context = browser.new_context(viewport=viewport or VIEWPORT, **context_options)
    page = context.new_page()
    page.set_default_timeout(timeout_ms)
    errors = PageErrors()
    errors.watch(page)
    yield page
    context.close()
    assert errors == [], errors


class HeldPages:
    """Pages a module loads once and shares between tests that only read them (one page load instead of one per
    test): one per viewport, opened and loaded (``load(page)``) when a test first asks for it, kept as it is from one
    test to the next (:meth:`~tests.web.recycling.RecyclingBrowser.hold`), closed with the module (:meth:`close`).
    A script error, console error or dialog fails the test during which it came, as :func:`checked_page` does."""

    def __init__(self, load: Callable[[Any], None], *, timeout_ms: int = 15_000) -> None:
        self._load = load
        self._timeout_ms = timeout_ms
        self._open: dict[str, tuple[Any, Any, PageErrors]] = {}

    def page(self, browser: RecyclingBrowser, viewport: dict[str, int]) -> Iterator[Any]:
        """The page for ``viewport`` during one test (a generator for a function-scoped fixture)."""
        key = json.dumps(viewport, sort_keys=True)
        if key not in self._open:
            context = browser.new_context(viewport=viewport)
            page = context.new_page()
            page.set_default_timeout(self._timeout_ms)
            errors = PageErrors()
            errors.watch(page)
            self._load(page)
            browser.hold(context)  # loaded: kept for the module's next tests
            self._open[key] = (context, page, errors)
        _, page, errors = self._open[key]
        yield page
        found = list(errors)
        errors.clear()
        assert found == [], found

    def close(self) -> None:
        for context, _, _ in self._open.values():
            context.close()
        self._open.clear()
