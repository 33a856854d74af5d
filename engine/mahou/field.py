"""Moving cards: draws (HR 16) and cards leaving the field for the Dreamscape (§3)."""

from __future__ import annotations

from engine.mahou.rules import event
from engine.mahou.state import Fighter, MsState, Player
from engine.rulings import Trail


def draw(g: MsState, p: int, trail: Trail) -> str | None:
    """Draw one card into ``p``'s hand; from an empty deck it is a failed draw (HR 16) and None."""
    me = g.players[p]
    if not me.deck:
        me.failed_draw = True
        event(trail, "draw", f"player {p} must draw from an empty deck: a failed draw")
        return None
    cid = me.deck.pop()
    me.hand.append(cid)
    return cid


def take_from_hand(me: Player, cid: str) -> None:
    """Remove one copy of ``cid`` from the hand (the caller checked it is there)."""
    me.hand.remove(cid)


def strip(me: Player, f: Fighter) -> list[str]:
    """Send the MG, Grand MG and Pets of ``f`` to the Dreamscape; the Hero stays with its hp (HR 5, HR 10)."""
    gone = f.cards()[1:]
    me.dreamscape += gone
    f.girl = None
    f.grand = None
    f.pets = []
    f.mgk = 0
    f.grand_attacked = False
    return gone


def knock_out(me: Player) -> Fighter:
    """The Active fighter leaves the field with all its cards (Hero, MG, Grand MG, Pets)."""
    f = me.active
    assert f is not None
    me.dreamscape += f.cards()
    me.active = None
    return f
