"""Pluggable rulesets by name (a log header's ``ruleset``)."""

from __future__ import annotations

from typing import Any

from engine.mahou.ruleset import MahouShoujo
from engine.pm.ruleset import PreciousMemories

RULESETS: dict[str, Any] = {PreciousMemories.name: PreciousMemories(), MahouShoujo.name: MahouShoujo()}


class UnknownRuleset(KeyError):
    """The log names a ruleset the engine does not have."""


def get_ruleset(name: str) -> Any:
    """The ruleset object for ``name`` (``UnknownRuleset`` when there is none)."""
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleset(f"ruleset {name!r} is not supported (known: {known})") from None
