"""Clockwork Memorion (``clockwork-memorion-1``, ../shared/spec/clockwork-memorion.md): one folder behind the
ruleset interface (engine/ruleset.py). Nothing outside this package imports it; the registry finds
:mod:`engine.clockwork.ruleset`."""
