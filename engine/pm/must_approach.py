""""This card must approach if able" (可能な限りアプローチ(に参加)しなくてはならない; issue 20, fifteenth round): the
grant ``must_approach``, printed as a continuous effect or given by an op.

Neither rule book defines it; the text overrides the basic rules (rule book 001, general rules), read the simplest
consistent way (docs/compiler.md, decisions): while such a Chara could approach now (the approach rules and the
effects in force let it), its player may not end the Approach Phase (``end_approach`` is ``effect.condition``, as
other effect-made limits are). The order of the approaches stays free, and a Chara that cannot approach (rested,
in the Support Area, summoned this turn without 〔アクティブ〕, approached already, barred by an effect or an approach
limit) binds nobody.
"""

from __future__ import annotations

import json
from typing import Final

from engine.asplayed import refuse
from engine.pm import approach_limits, stats
from engine.pm.cards import CardDB
from engine.pm.state import Chara, GameState
from engine.pm.zones import describe
from engine.rulings import IllegalAction, illegal

MUST: Final = "must_approach"


def able(g: GameState, c: Chara) -> bool:
    """Whether ``c`` could approach now (no side effect: an ``approach_again`` grant is only looked at)."""
    if c.area != "main" or c.rested or stats.has_grant(g, c, "cannot_approach"):
        return False
    if c.summoned_turn == g.turn and not stats.has_active(g, c):
        return False
    if c.approached_turn == g.turn and not c.has_grant("approach_again"):
        return False
    if g.bans:
        try:
            approach_limits.check(g, c.owner, [c])
        except IllegalAction:
            return False
    return True


#: per card database (by id): whether some card's script grants ``must_approach`` (else nothing is checked)
_IN_DB: Final[dict[int, tuple[object, int, bool]]] = {}


def _granted_in(db: CardDB) -> bool:
    hit = _IN_DB.get(id(db))
    if hit is None or hit[0] is not db or hit[1] != len(db):  # a card added since: look again
        found = any(MUST in json.dumps([list(e.script or ()) for e in c.effects], default=str) for c in db)
        hit = _IN_DB[id(db)] = (db, len(db), found)
    return hit[2]


def check_end(g: GameState, player: int) -> None:
    """``effect.condition`` when ``player`` ends the Approach Phase while a Chara of theirs that must approach could."""
    if g.turn <= 1 or not _granted_in(g.cards):
        return  # the first player's first turn has no approach; no card can grant it
    for c in g.players[player].main:
        if stats.has_grant(g, c, MUST) and able(g, c):
            refuse(illegal("effect.condition", f"{describe(g, c.card)} must approach if able, and it can: player "
                                               f"{player} may not end the Approach Phase yet"), "condition")
