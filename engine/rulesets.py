"""The ruleset registry: a log header's ``ruleset`` name -> the game that rules it (engine.ruleset.Ruleset).

Games are found, not imported by name: every package ``engine/<game>/`` with a module ``ruleset`` holding
``RULESET``, plus the objects of the entry-point group ``pmemo_replay.rulesets`` (games installed from elsewhere).

>>> sorted(RULESETS)
['clockwork-memorion-1', 'mahou-shoujo-1', 'pm-2.22']
"""

from __future__ import annotations

import importlib
import pkgutil
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

ENTRY_POINTS = "pmemo_replay.rulesets"


def discover() -> dict[str, Any]:
    """Every ruleset of the engine's game folders and of the entry points, by name."""
    found: dict[str, Any] = {}
    for info in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if info.ispkg and (Path(__file__).parent / info.name / "ruleset.py").exists():
            module = importlib.import_module(f"engine.{info.name}.ruleset")
            ruleset = getattr(module, "RULESET", None)
            if ruleset is not None:
                found[ruleset.name] = ruleset
    for point in entry_points(group=ENTRY_POINTS):
        ruleset = point.load()
        found[ruleset.name] = ruleset
    return found


RULESETS: dict[str, Any] = discover()


def refresh() -> dict[str, Any]:
    """Find the rulesets again (a game installed since start-up) and update :data:`RULESETS` in place, so every
    module holding it sees the change; returns it."""
    found = discover()
    RULESETS.clear()
    RULESETS.update(found)
    return RULESETS


class UnknownRuleset(KeyError):
    """The log names a ruleset the engine does not have."""


def get_ruleset(name: str) -> Any:
    """The ruleset object for ``name`` (``UnknownRuleset`` when there is none)."""
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleset(f"ruleset {name!r} is not supported (known: {known})") from None
