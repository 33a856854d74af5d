"""Toy Race (``toy-race-1``): a tiny third game, packaged as a third party would ship one.

It lives outside ``engine/`` and is registered only through the entry-point group ``pmemo_replay.rulesets``
(see tests/generic/test_third_game.py); nothing in the service names it. Rules (2–4 players, decks of 6):

1. Setup: each seat, in seat order, logs ``shuffle`` with the order of its deck (top first), then draws 2 (TR 1).
   Nobody at the table sees that order: the recorder taps the shuffle without it and names cards as they are drawn
   (or played), as engine.ruleset.HiddenOrders says (``hidden_orders``, ``placeholder_order``, ``pile``, ``named``).
2. Seats act in turn from ``first``: ``play`` a card from the hand (its value is added to the score, then the
   player draws 1 if the deck is not empty) or ``pass`` when the hand is empty (TR 2).
3. The game ends when a score reaches 10 (that seat wins) or every hand and deck is empty (highest score; ties
   share the placement) (TR 3).
"""
