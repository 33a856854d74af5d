"""Clause readers of the twenty-sixth compiler round (issue 20, helper h20r26), registered with
:mod:`engine.pm.cards.compile_phrases` and tried after the earlier ones.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

from engine.pm.cards import compile_phrases as ph

# "when / every time you play an Event" said with the player as the subject (自分がイベントカードをプレイした場合 /
# するごとに) = 自分のイベントカードがプレイされた場合 (``own_event``); the opponent's every time (``opp_event``);
# "every time an Event is played" by either player (イベントカードがプレイされるごとに), as its 場合 form is read
ph._OWN_TRIGGERS.extend([
    (r"(?:このカードは、)?自分がイベントカードをプレイ(?:した場合|するごとに)、", "own_event", {}),
    (r"(?:このカードは、)?相手がイベントカードをプレイするごとに、", "opp_event", {}),
    (r"(?:このカードは、)?イベントカードがプレイされるごとに、", "own_event|opp_event", {}),
])
