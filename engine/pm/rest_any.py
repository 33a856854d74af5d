"""``rest_any``: "rest any number of your Charas of a kind" (任意の枚数の自分の…を休息状態にする), or exactly ``n`` of
them ("rest two of your X; if so ...", 自分の…2枚を休息状態にする。その場合、…), issue 20.

The player chooses their Charas fitting ``spec`` (seen from the effect's player); each standing one chosen is rested
(a ``rest`` op). Without ``n``: any number, none included, of the standing ones. With ``n``: ``n`` of the fitting
ones (as many as there are when fewer), rested ones included as the text allows, which rest nothing; only the
standing ones chosen are named (one ``choices`` entry, a list of card ids, or the logged ``rest`` ops), so at least
``n`` minus the rested fitting ones must be. The rested cards are what later steps call "the Charas rested"
(``per: {"picked": "cards"}``); ``then`` runs when at least one was rested (without ``n``) or all ``n`` were.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.pm import conditions
from engine.pm.zones import describe, same_card
from engine.rulings import illegal

if TYPE_CHECKING:
    from engine.pm.script import Run

Step = Mapping[str, Any]


def rest_any(r: Run, step: Step) -> None:
    """Rest the Charas the player chooses among their ones fitting ``spec``; ``then`` when the text's "if so" holds."""
    from engine.pm.script import _choose_cards, steps  # the script runner calls this step: imported when run

    fitting = conditions.charas(r.g, r.actor, {**step.get("spec", {}), "side": "self"}, r.source)
    standing = [c for c in fitting if not c.rested]
    n = step.get("n")
    most = len(standing) if n is None else int(n)
    chosen = _choose_cards(r, {"n": most, "up_to": True}, [c.card for c in standing],
                           lambda op: op.get("op") == "rest", "a standing Chara of yours the effect may rest")
    if n is not None:
        need = min(int(n), len(fitting)) - (len(fitting) - len(standing))
        if len(chosen) < need:
            raise illegal("effect.target", f"{describe(r.g, r.card_id)}: {len(chosen)} standing Chara(s) chosen to "
                                           f"rest; {n} of {len(fitting)} fitting must be, and only "
                                           f"{len(fitting) - len(standing)} are rested already")
    left = list(standing)
    rested: list[str] = []
    for cid in chosen:
        chara = next(c for c in left if same_card(c.card, cid))  # _choose_cards checked it is one of them
        left.remove(chara)
        r.emit({"op": "rest", "p": chara.owner, "card": chara.card})
        rested.append(chara.card)
    r.picked = rested
    if "then" in step and rested and (n is None or len(rested) == int(n)):
        steps(r, step["then"])
