"""Clause readers and checks of the eighteenth compiler round (issue 20, helper h20r18), registered with
:func:`engine.pm.cards.compile_phrases.reads` and tried after the earlier ones.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step, reads

# "when this card enters in the Main Phase / the Approach Phase" (メインフェイズに登場した場合; whoever's turn it is)
ph._OWN_TRIGGERS.extend([
    (r"このカードがメインフェイズに登場した場合、", "enter", {"phase": "main"}),
    (r"このカードがアプローチフェイズ(?:の間|中)?に登場した場合、", "enter", {"phase": "approach"}),
])


@reads(r"このカードは、(?P<to>メインエリア|サポートエリア)に移る")
def _self_to_area(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"This card moves to the Main / Support Area" (as このカードをサポートエリアに移す; already there: nothing)."""
    if ctx.may:
        raise NotUnderstood(m[0])
    return [{"op": "move", "target": "self", "to": "main" if m["to"] == "メインエリア" else "support"}]


def coins_counted(steps: Any, after_any: bool = False) -> bool:
    """Whether every "for each coin taken off" (``per: {"coins_taken": true}``) stands right in the ``then`` of a
    ``remove_coins`` of any number (任意の個数): the only step whose count it reads."""
    for step in steps:
        if step.get("per", {}).get("coins_taken") and not after_any:
            return False
        for key in ("then", "do", "else"):
            inner = step.get(key)
            if isinstance(inner, list) and not coins_counted(
                    inner, key == "then" and step.get("op") == "remove_coins" and bool(step.get("any"))):
                return False
        if any(not coins_counted(mode) for mode in step.get("modes", ())):
            return False
    return True
