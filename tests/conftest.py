"""Suite-wide scheduling for parallel runs (scripts/test: ``pytest -n auto --dist loadgroup``).

With ``--dist loadgroup`` every test without an ``xdist_group`` mark is a work unit of its own, so the tests of one
module land on both workers and each worker pays for the module's fixtures (a Chromium, a live server holding
simulated games, a Spark session) again. A test that uses a module- or class-scoped fixture is therefore grouped
with the rest of its module: the module runs on one worker and sets its fixtures up once. xdist sends the larger
units first (``--loadscope-reorder``, its default), so these modules start early and the single tests fill in.
"""

from __future__ import annotations

import pytest
from hypothesis import settings

# Property tests count examples, not time: on a loaded two-core machine one example may take longer than
# hypothesis's default 200 ms deadline, which would fail a correct test (the bounded example counts stay per test).
settings.register_profile("pmemo", deadline=None)
settings.load_profile("pmemo")

SHARED_SCOPES = frozenset({"class", "module"})


def _shares_a_fixture(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    if info is None:  # doctests and other items without fixtures
        return False
    return any(defs and defs[-1].scope in SHARED_SCOPES for defs in info.name2fixturedefs.values())


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which turns the marks into work units
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("xdist_group") is None and _shares_a_fixture(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
