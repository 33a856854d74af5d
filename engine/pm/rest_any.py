"""``rest_any``: "rest any number of your Charas of a kind" (任意の枚数の自分の…を休息状態にする, issue 20).

The player chooses any number (none included) of their standing Charas fitting ``spec`` (seen from the effect's
player); each is rested (a ``rest`` op). The rested cards are what later steps call "the Charas rested"
(``per: {"picked": "cards"}``, ``same_card: "picked"``), and ``then`` runs when at least one was rested (the text's
"if so"). The choice is one ``choices`` entry (a list of card ids), or the logged ``rest`` ops.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.pm import conditions
from engine.pm.zones import same_card

if TYPE_CHECKING:
    from engine.pm.script import Run

Step = dict[str, Any]


def rest_any(r: Run, step: Step) -> None:
    """Rest the Charas the player chooses among their standing ones fitting ``spec``; ``then`` when some were."""
    from engine.pm.script import _choose_cards, steps  # the script runner calls this step: imported when run

    pool = [c for c in conditions.charas(r.g, r.actor, {**step.get("spec", {}), "side": "self"}, r.source)
            if not c.rested]
    chosen = _choose_cards(r, {"n": len(pool), "up_to": True}, [c.card for c in pool],
                           lambda op: op.get("op") == "rest", "a standing Chara of yours the effect may rest")
    left = list(pool)
    rested: list[str] = []
    for cid in chosen:
        chara = next(c for c in left if same_card(c.card, cid))  # _choose_cards checked it is one of them
        left.remove(chara)
        r.emit({"op": "rest", "p": chara.owner, "card": chara.card})
        rested.append(chara.card)
    r.picked = rested
    if rested and "then" in step:
        steps(r, step["then"])
