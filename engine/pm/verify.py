"""Honest verification: the steps of a folded log the engine applied without being able to check them.

Every ruleset reports them the same way (:func:`engine.ruleset.unverified_in`); this name stays for Precious
Memories' callers.
"""

from __future__ import annotations

from engine.ruleset import unverified_in as unverified_steps

__all__ = ["unverified_steps"]
