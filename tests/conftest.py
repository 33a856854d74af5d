"""Suite-wide scheduling for parallel runs (scripts/test: ``pytest -n auto --dist loadgroup``), and the browser.

With ``--dist loadgroup`` every test without an ``xdist_group`` mark is a work unit of its own, so the tests of one
module land on both workers and each worker pays for the module's fixtures (a live server holding simulated games,
a Spark session) again. A test that uses a module- or class-scoped fixture is therefore grouped with the rest of
its module: the module runs on one worker and sets its fixtures up once. The modules with browser tests go into
two groups (``browser-0``, ``browser-1``, alternating in path order): each group runs on one worker in one
Chromium (``browser``, launched once and closed when the group is done), whose contexts and pages pass from one test
to the next, reset in between (tests/web/recycling.py). xdist sends the larger units first
(``--loadscope-reorder``, its default), so these groups start early and the single tests fill in.

On an xdist worker DuckDB runs one thread per query (``PMEMO_DUCKDB_THREADS=1``): the workers already keep every
core busy, and a second thread per query only adds its own overhead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings

from tests import reuse
from tests.web.browser import SharedBrowser, checked_page

# Property tests count examples, not time: on a loaded two-core machine one example may take longer than
# hypothesis's default 200 ms deadline, which would fail a correct test (the bounded example counts stay per test).
settings.register_profile("pmemo", deadline=None)
settings.load_profile("pmemo")

SHARED_SCOPES = frozenset({"class", "module"})
#: browser modules are spread over this many xdist groups, one Chromium each: with three, the largest group is about
#: 170 CPU-s of the ~500 the browser tests take (two gave 284 / 191 s, so one worker's browser tail set the end)
BROWSER_GROUPS = 3


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        os.environ.setdefault("PMEMO_DUCKDB_THREADS", "1")
    config.stash[_BROWSER] = SharedBrowser()
    reuse.install()  # compiled templates and a migrated empty SQLite store, made once per process (tests/reuse.py)


_BROWSER = pytest.StashKey[SharedBrowser]()


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Any:
    """Headless Chromium (Playwright), shared by the browser tests that run one after another in this process."""
    return request.config.stash[_BROWSER].get()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A desktop-sized page in a context of its own that fails the test on any script or console error or dialog."""
    yield from checked_page(browser)


def _uses_browser(item: pytest.Item | None) -> bool:
    return item is not None and "browser" in getattr(item, "fixturenames", ())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    yield  # the test's fixtures first (pages, contexts, the module's server)
    shared = item.config.stash[_BROWSER]
    if _uses_browser(nextitem):
        shared.recycle()  # what the test left open, reset for the next one
    else:
        shared.close()


def pytest_unconfigure(config: pytest.Config) -> None:
    if _BROWSER in config.stash:
        config.stash[_BROWSER].close()
    reuse.uninstall()


def _shares_a_fixture(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    if info is None:  # doctests and other items without fixtures
        return False
    return any(defs and defs[-1].scope in SHARED_SCOPES for defs in info.name2fixturedefs.values())


def _module(item: pytest.Item) -> str:
    return item.nodeid.split("::", 1)[0]


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which turns the marks into work units
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    browser_modules = sorted({_module(item) for item in items if _uses_browser(item)})
    browser_group = {module: f"browser-{n % BROWSER_GROUPS}" for n, module in enumerate(browser_modules)}
    for item in items:
        if item.get_closest_marker("xdist_group") is not None:
            continue
        module = _module(item)
        if module in browser_group:
            item.add_marker(pytest.mark.xdist_group(browser_group[module]))
        elif _shares_a_fixture(item):
            item.add_marker(pytest.mark.xdist_group(module))
