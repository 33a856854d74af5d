"""The check after every action and turn start (§7), the turn start (§5) and the end of a turn."""

from __future__ import annotations

from engine.mahou.field import draw, knock_out, strip
from engine.mahou.rules import event
from engine.mahou.state import MsState, Player
from engine.rulings import Trail


def order_from(g: MsState) -> tuple[int, int]:
    """The turn player first."""
    t = g.turn_player if g.turn_player is not None else g.first
    return (t, 1 - t)


def _due(me: Player) -> bool:
    """Whether the check has anything to do for ``me`` (most checks have nothing)."""
    f = me.active
    if f is None or f.hp <= 0 or me.failed_draw or me.half_gems >= 6:
        return True
    if f.girl is not None and f.mgk == 0 and f.grand is None:
        return True
    for s in me.squad:  # noqa: SIM110 (a plain loop: this runs after every action)
        if s.girl is not None and s.mgk == 0 and s.grand is None:
            return True
    return False


def run_check(g: MsState, trail: Trail) -> None:
    """Defeat, exhaustion, end and replacement due, in that order (§7)."""
    players = g.players
    if not _due(players[0]) and not _due(players[1]):
        g.must_replace = []
        return
    order = order_from(g)
    for p in order:  # 1. defeat (SR Gems, HR 13)
        me = players[p]
        if me.active is not None and me.active.hp <= 0:
            f = me.active
            transformed = f.girl is not None
            knock_out(me)
            players[1 - p].half_gems += 2 if transformed else 1
            if trail.keep:
                gem = "1 Gem (a Magical Girl was attached)" if transformed else "½ Gem (a bare Hero)"
                event(trail, "defeat", f"player {p}'s Active fighter {f.hero} has {f.hp} HP: it is defeated; "
                                       f"player {1 - p} gains {gem}, now {players[1 - p].gems}")
    for p in order:  # 2. exhaustion (SR Note 2, HR 11)
        me = players[p]
        for f in me.fighters():
            if f.girl is not None and f.grand is None and f.mgk == 0:
                gone = strip(me, f)
                if trail.keep:
                    event(trail, "exhaustion", f"{gone[0]} on player {p}'s {f.hero} has 0 MGK: "
                                               f"{', '.join(gone)} to the Dreamscape; {f.hero} keeps {f.hp} HP")
    ahead = [p for p in (0, 1) if players[p].half_gems >= 6 or players[1 - p].failed_draw]  # 3. end (HR 17)
    for me in players:
        me.failed_draw = False
    if len(ahead) == 2:
        finish(g, None, "draw", trail)
        return
    if ahead:
        w = ahead[0]
        finish(g, w, "gems" if players[w].half_gems >= 6 else "deck_out", trail)
        return
    g.must_replace = [p for p in order if players[p].active is None]  # 4. replacement due (HR 14)
    if g.must_replace and trail.keep:
        event(trail, "replace", f"player(s) {', '.join(map(str, g.must_replace))} must fill the Active position next")


def finish(g: MsState, winner: int | None, reason: str, trail: Trail) -> None:
    """The game ends."""
    g.result = {"winner": winner, "reason": reason}
    g.phase = "over"
    g.must_replace = []
    if trail.keep:
        gems = " - ".join(str(pl.gems) for pl in g.players)
        who = "a draw" if winner is None else f"player {winner} wins"
        event(trail, "end", f"the game ends: {who} ({reason}); Gems {gems}")


def start_turn(g: MsState, p: int, trail: Trail) -> None:
    """Player ``p``'s turn starts: Grand expiry, the draw (not in turn 1), then the check."""
    g.turn += 1
    g.turn_player = p
    g.actions_used = 0
    g.phase = "turn"
    event(trail, "turn.start", f"turn {g.turn}: player {p}'s turn starts")
    me = g.players[p]
    for f in me.fighters():  # HR 10
        if f.grand is not None:
            gone = strip(me, f)
            event(trail, "expiry", f"the Grand MG on player {p}'s {f.hero} expires: {', '.join(gone)} to the Dreamscape")
    if g.turn > 1 and draw(g, p, trail) is not None:
        event(trail, "draw", f"player {p} draws 1 at turn start")
    run_check(g, trail)


def end_turn(g: MsState, trail: Trail) -> None:
    """``end_turn``: turn_end boosts end on both sides; the check; then the rival's turn starts."""
    for me in g.players:
        for f in me.fighters():
            f.boost_turn = 0
    t = g.turn_player
    assert t is not None
    event(trail, "turn.end", f"player {t} ends turn {g.turn}; boosts until turn end are over")
    run_check(g, trail)
    if g.result is None:
        start_turn(g, 1 - t, trail)
