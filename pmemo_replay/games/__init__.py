"""The service's side of the ruleset interface (engine.ruleset): card data per game, and what a game's header
names.

>>> ruleset_name({"ruleset": "mahou-shoujo-1"}), ruleset_name({})
('mahou-shoujo-1', 'pm-2.22')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rulesets import get_ruleset
from pmemo_replay.logio import DEFAULT_RULESET


def ruleset_name(header: Mapping[str, Any]) -> str:
    """The ruleset a (validated) header names, the default when it names none."""
    name = header.get("ruleset", DEFAULT_RULESET)
    return name if isinstance(name, str) else DEFAULT_RULESET


def ruleset_of(header: Mapping[str, Any]) -> Any:
    """The ruleset object of a header (``UnknownRuleset`` when the engine has none of that name)."""
    return get_ruleset(ruleset_name(header))
