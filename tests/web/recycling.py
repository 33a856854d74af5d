"""Browser contexts and pages that the browser tests reuse, each handed out as good as new.

A new Chromium context with its first page costs about 0.3 s of CPU (a renderer process started, Playwright's page
set up) and about as much waiting; the browser tests open some two hundred of them. :class:`RecyclingBrowser`
stands for Playwright's ``Browser`` in the tests (``new_context``, ``new_page``; anything else goes to the real
browser): a context asked for with the same options as one a finished test used is that context again, and its
page that page again, after :func:`reset_page` made it what a new one is for what the tests can see: no cookies,
no storage (local and session storage, IndexedDB, cache storage, service workers) for any origin the page visited,
an empty document (about:blank), no event listeners, routes or changed default timeouts from the test before, the
viewport of its options, the mouse at the origin, and in front of the context's other pages (a page behind another
gets its animation frames late, which made Playwright's waits for a stable element take seconds).

What stays: Chromium's HTTP cache of the context (static files carry a fingerprint and may be cached a year, as in
any browser a user keeps) and the page's history. A context a module keeps for several tests (:meth:`RecyclingBrowser.hold`:
one page loaded once that tests which only read it share) is left as it is between those tests and given back when
the module closes it. A context the test used in any other way (routes, scripts added
to every page, permissions, its own listeners: any attribute of :class:`RecycledContext` beyond those below) is
closed for good instead of reused, as is every context or page that a test closed itself or that fails its reset.
"""

from __future__ import annotations

import json
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

#: Playwright's default timeouts (actions and navigations), which a reused page gets back
DEFAULT_TIMEOUT_MS = 30_000


@dataclass(eq=False)
class Slot:
    """One real page of a pooled context, with what its reset needs: the listeners it had when it was made (the
    pool's own: Playwright's, and the one that notes the origins the page visits) and those origins."""

    page: Any
    listeners: dict[str, list[Any]]
    origins: set[str] = field(default_factory=set)
    cdp: Any = None


def listeners(page: Any) -> dict[str, list[Any]]:
    """The page's registered listeners by event (Playwright's own object behind the sync API)."""
    impl = page._impl_obj
    return {name: list(impl.raw_listeners(name)) for name in impl.event_names()}


def new_slot(context: Any) -> Slot:
    page = context.new_page()
    origins: set[str] = set()

    def visited(frame: Any) -> None:
        parts = urlsplit(frame.url)
        if parts.scheme in ("http", "https"):
            origins.add(f"{parts.scheme}://{parts.netloc}")

    page.on("framenavigated", visited)
    return Slot(page, listeners(page), origins)


def reset_page(slot: Slot, viewport: dict[str, int] | None) -> None:
    """Make ``slot``'s page what a new page of its context is (see the module's description); raises when it cannot."""
    page = slot.page
    impl = page._impl_obj
    for name in impl.event_names():  # the test's listeners first: nothing below reaches its checks
        kept = slot.listeners.get(name, [])
        for listener in list(impl.raw_listeners(name)):
            if listener not in kept:
                impl.remove_listener(name, listener)
    page.unroute_all(behavior="ignoreErrors")
    page.goto("about:blank")
    if slot.origins:
        slot.cdp = slot.cdp or page.context.new_cdp_session(page)
        for origin in sorted(slot.origins):
            slot.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        slot.origins.clear()
    page.context.clear_cookies()
    page.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page.set_default_navigation_timeout(DEFAULT_TIMEOUT_MS)
    if viewport is not None and page.viewport_size != viewport:
        page.set_viewport_size(viewport)
    page.mouse.move(0, 0)


class PooledContext:
    """A real context of the pool, its options, and its pages (idle or lent)."""

    def __init__(self, context: Any, options: dict[str, Any]) -> None:
        self.context = context
        self.options = options
        self.idle: list[Slot] = []
        self.lent: list[Slot] = []
        self.usable = True  # False once closed by a test, used beyond the proxy, or a reset failed
        context.on("close", lambda _: self._closed())

    def _closed(self) -> None:
        self.usable = False

    def take_page(self) -> Any:
        if self.idle:
            slot = self.idle.pop()
            slot.page.bring_to_front()  # in front of the context's other pages, as a page just made is
        else:
            slot = new_slot(self.context)
        self.lent.append(slot)
        return slot.page

    def give_back(self) -> None:
        """Reset every lent page and keep it for the next test; on any failure, mark the context unusable."""
        lent, self.lent = self.lent, []
        for slot in lent:
            if not self.usable:
                return
            if slot.page.is_closed():
                continue
            try:
                reset_page(slot, self.options.get("viewport"))
            except Exception:  # a page that cannot be reset is never reused
                self.usable = False
                return
            self.idle.append(slot)

    def close(self) -> None:
        self.usable = False
        with suppress(Exception):  # already closed, or the browser is gone
            self.context.close()


class RecycledContext:
    """What a test gets for ``browser.new_context(...)``: pages from a pooled context; ``close`` gives them back."""

    def __init__(self, owner: RecyclingBrowser, pooled: PooledContext) -> None:
        self._owner = owner
        self._pooled = pooled
        self._pages: list[Any] = []
        self._closed = False

    def new_page(self) -> Any:
        page = self._pooled.take_page()
        self._pages.append(page)
        return page

    @property
    def pages(self) -> list[Any]:
        return [p for p in self._pages if not p.is_closed()]

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._owner.give_back(self._pooled)

    def __getattr__(self, name: str) -> Any:
        self._pooled.usable = False  # anything else may change the context for good: not reused
        return getattr(self._pooled.context, name)


class RecyclingBrowser:
    """Playwright's browser, with ``new_context`` and ``new_page`` served from a pool of reset contexts and pages."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self._idle: dict[str, list[PooledContext]] = {}
        self._lent: list[PooledContext] = []
        self._held: list[PooledContext] = []  # lent to a module: not taken back when a test ends

    def new_context(self, **options: Any) -> RecycledContext:
        key = json.dumps(options, sort_keys=True, default=repr)
        pooled = next((p for p in self._idle.get(key, []) if p.usable), None)
        if pooled is None:
            pooled = PooledContext(self._browser.new_context(**options), options)
        else:
            self._idle[key].remove(pooled)
        self._lent.append(pooled)
        return RecycledContext(self, pooled)

    def new_page(self, **options: Any) -> Any:
        """A page in a context of its own (as Playwright's ``Browser.new_page``), given back when the test ends."""
        return self.new_context(**options).new_page()

    def hold(self, context: RecycledContext) -> None:
        """Keep ``context`` (and its pages) as it is when a test ends, until it is closed (a module's shared page)."""
        self._held.append(context._pooled)

    def give_back(self, pooled: PooledContext) -> None:
        if pooled not in self._lent:
            return
        self._lent.remove(pooled)
        if pooled in self._held:
            self._held.remove(pooled)
        pooled.give_back()
        if pooled.usable:
            key = json.dumps(pooled.options, sort_keys=True, default=repr)
            self._idle.setdefault(key, []).append(pooled)
        else:
            pooled.close()

    def give_back_all(self) -> None:
        """Every context still lent (a test's pages it did not close) and not held: reset and kept, or closed."""
        for pooled in list(self._lent):
            if pooled not in self._held:
                self.give_back(pooled)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)
