"""Bans in force by a continuous effect while its condition holds (issue 20, sixteenth round): "while this card
approaches, the opponent cannot play Events" (このカードがアプローチに参加している間、相手は、イベントカードをプレイ
できない) is a ``forbid`` step of a continuous script, read here and never run.

A Chara on either Area whose continuous effect holds such a step, with its condition holding for the Chara's owner
(the Chara itself as the effect's own: "while this card approaches"; and the step's own ``if``, when its sentence
had a condition of its own), and whose text is not negated, bars the player
the step's ``who`` names (seen from the Chara's owner) from ``play`` / ``summon`` of cards fitting ``filter``, as a
``forbid`` op's ban does (engine.pm.play.check_play_allowed, engine.pm.effects.entry_ban). Such a ban ends when the
condition stops holding or the Chara leaves.
"""

from __future__ import annotations

from typing import Any

from engine.pm import conditions, stats
from engine.pm.cards import CardDB
from engine.pm.state import GameState

Ban = tuple[int, str, Any, Any]

#: per card database (by id): whether some card's continuous script holds a ``forbid`` (else nothing is looked at)
_IN_DB: dict[int, tuple[object, int, bool]] = {}


def _listed(db: CardDB) -> bool:
    hit = _IN_DB.get(id(db))
    if hit is None or hit[0] is not db or hit[1] != len(db):  # a card added since: look again
        found = any(step.get("op") == "forbid" for c in db for e in c.continuous() for step in e.script or ())
        hit = _IN_DB[id(db)] = (db, len(db), found)
    return hit[2]


def bans(g: GameState) -> list[Ban]:
    """The bans in force now: those ``forbid`` ops set (``g.bans``), then those of continuous effects on either Area
    (``(player, what, filter, None)``)."""
    if not _listed(g.cards):
        return g.bans
    found: list[Ban] = []
    for owner, pl in enumerate(g.players):
        for c in pl.area():
            effs = [e for e in g.card(c.card).continuous() if any(s.get("op") == "forbid" for s in e.script or ())]
            if not effs or stats.text_negated(g, c):
                continue
            for eff in effs:
                if not conditions.holds(g, owner, eff.condition, c):
                    continue
                for step in eff.script or ():
                    if step.get("op") == "forbid" and ("if" not in step or conditions.holds(g, owner, step["if"], c)):
                        who = owner if step.get("who", "self") == "self" else 1 - owner
                        found.append((who, str(step["what"]), step.get("filter") or {}, None))
    return [*g.bans, *found] if found else g.bans
