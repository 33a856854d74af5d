"""Install Toy Race the way a third party would: a distribution whose entry point in the group
``pmemo_replay.rulesets`` names ``tests.generic.toygame.ruleset:RULESET`` (a ``.dist-info`` folder on the path)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from engine.rulesets import ENTRY_POINTS, refresh

ENTRY = "toy-race-1 = tests.generic.toygame.ruleset:RULESET"


def write_distribution(site: Path) -> Path:
    """A minimal installed distribution ``toy-race`` in ``site`` (what ``pip install`` would leave there)."""
    info = site / "toy_race-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-race\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINTS}]\n{ENTRY}\n", encoding="utf-8")
    return site


@contextmanager
def installed(site: Path) -> Iterator[Path]:
    """Toy Race installed in ``site`` and the registry refreshed; uninstalled (and refreshed) afterwards."""
    write_distribution(site)
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    refresh()
    try:
        yield site
    finally:
        sys.path.remove(str(site))
        importlib.invalidate_caches()
        refresh()
