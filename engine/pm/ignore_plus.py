"""〔天然+N〕 granted by a continuous effect: the raises in force on a Chara (engine.pm.stats.ignore_value).

A ``grant`` step ``{"ignore_plus": N}`` raises the Chara's 〔天然〕 ([Ignore X], rule book 001's keyword list) by N,
and gives a Chara without one 〔天然N〕 (lead's decision, session 10). With ``per`` ("for each X") the raise is N times
the count, taken from the source Chara's side; a count of 0 raises nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.pm import conditions
from engine.pm.state import Chara, GameState

KEY = "ignore_plus"


def _raise(g: GameState, step: Mapping[str, Any], source: Chara) -> int:
    what = step.get("what")
    if not isinstance(what, Mapping) or KEY not in what:
        return 0
    per = step.get("per")
    k = 1 if per is None else conditions.count(g, source.owner, per, source) // int(per.get("each", 1))
    return int(what[KEY]) * k


def continuous(g: GameState, c: Chara) -> list[int]:
    """The raises (non-zero) that continuous ``grant`` steps in force give ``c``: its own (and its Supports'), and
    those of Charas on either Area reaching it (``target: {"all": spec}``)."""
    from engine.pm import stats

    out: list[int] = []
    if c.supports or "grant" in stats.self_ops(g, c.card):
        out += [_raise(g, s, c) for s in stats.self_steps(g, c) if s.get("op") == "grant"]
    if "grant" in stats._wide_ops(g):
        out += [_raise(g, s, x) for x, s in stats.wide_steps(g, c, "grant")]
    return [n for n in out if n]
