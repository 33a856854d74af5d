"""A limit on how many Charas a player makes approach in a turn (issue 20, eleventh round): the ``forbid`` step with
``what: "approaches"`` and ``filter: {"at_most": N}`` (相手は、このターン / 次のターンの間、キャラをN枚までしか
アプローチ(に参加)させることができない).

Neither rule book speaks of such a limit; the card text overrides the basic rules where they conflict (rule book 001,
general rules), and the simplest reading consistent with them is taken (docs/compiler.md, decisions): the limit
counts the distinct Charas of the player that approached in the turn, those before the limit was set included, and
a Chara that approached already may approach again where another effect lets it; both Charas of a Reinforcement
approach count. An approach beyond it is ``effect.condition``, as a play against a ``forbid`` ban is.
"""

from __future__ import annotations

from typing import Final

from engine.asplayed import refuse
from engine.pm.state import Chara, GameState
from engine.pm.zones import describe
from engine.rulings import illegal

APPROACHES: Final = "approaches"


def check(g: GameState, player: int, new: list[Chara]) -> None:
    """``effect.condition`` when the Charas ``new`` approaching would pass a limit in force on ``player``."""
    limits = [int(f["at_most"]) for q, kind, f, until in g.bans
              if q == player and kind == APPROACHES and (until is None or until >= g.turn)
              and f.get("from_turn", 0) <= g.turn]
    if not limits:
        return
    done = {uid for ev, _, uid in g.players[player].turn_log if ev == "approach"}
    total = len(done | {c.uid for c in new})
    if total > min(limits):
        refuse(illegal("effect.condition", f"{' and '.join(describe(g, c.card) for c in new)}: an effect lets player "
                                           f"{player} make only {min(limits)} Chara(s) approach this turn "
                                           f"({len(done)} did)"), "condition")
