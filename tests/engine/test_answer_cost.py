"""A response answering "a card of usage cost N being played" reads the cost the card is played at: its cost as
changed in the hand, not the printed one (reader rd15: GRAN 01-026, SAGA 01-047, NUKN 01-045)."""

from __future__ import annotations

from engine.pm.cards import Card, CardDB, Effect, Timing
from tests.engine.kit import DB, Game, assert_illegal, assert_legal

F = [f"TST 90-{i:03d}" for i in range(1, 21)]
MYSTERY = "TST 02-007"  # an unscripted Event: its ops come from the log
_DECLINE = Timing.parse("main/decline")
ZERO = Card(id="TST 89-001", name="Zero", series="Test", type="chara", color="red", cost=0, source=2, ap=30, dp=30)
TWO = Card(id="TST 89-002", name="Two", series="Test", type="chara", color="red", cost=2, source=2, ap=30, dp=30)
NIP = Card(id="TST 89-003", name="Nip", series="Test", type="event", color="red", cost=0, source=2, timing=_DECLINE,
           effects=(Effect(kind="activated", timing=_DECLINE, script=({"op": "disable"},), condition={"answers": {
               "type": "summon", "side": "opponent", "filter": {"type": "chara", "max_cost": 0}}}),))
CARDS = CardDB([*DB, ZERO, TWO, NIP])


def _summon_after(card: str, change: int) -> Game:
    """Player 0 changes ``card``'s cost in the hand by ``change`` (an unscripted Event's op), then summons it; player
    1 answers with Nip ("nullify a Chara of usage cost 0 the opponent plays")."""
    g = Game([card, MYSTERY, F[0], F[1], F[2]], [NIP.id], db=CARDS)
    g.add("play_event", 0, card=MYSTERY, pay=[{"hand": F[0]}], ops=[{"op": "cost", "p": 0, "card": card, "n": change}])
    g.passes(1)
    paid = [{"hand": f} for f in F[1:1 + max(0, CARDS.get(card).cost + change)]]
    return g.add("summon", 0, card=card, area="main", pay=paid,
                 responses=[{"type": "play_event", "p": 1, "card": NIP.id, "pay": []}])


def test_a_card_made_cost_0_in_the_hand_is_answered() -> None:
    s = assert_legal(_summon_after(TWO.id, -2)).state_json()
    assert s["players"][0]["main"] == [] and TWO.id in s["players"][0]["discard"]


def test_a_printed_cost_0_card_made_dearer_is_not() -> None:
    assert_illegal(_summon_after(ZERO.id, 1), "effect.condition")
    assert_legal(_summon_after(ZERO.id, 0))  # at its printed 0 it is answered
