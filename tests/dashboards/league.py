"""A small crafted league on the engine kit's cards, with every fact the statistics need known by hand.

Cards followed: A = Aki (TST 01-001), B = Ben (TST 01-002), Q = Quick Step (TST 02-001, an Event that draws
1), M = Mystery (TST 02-007, an unscripted Event whose ops come from the log). Every other card is a filler.

| game | played_at (UTC) | event | first | players (P0 vs P1) | result |
| --- | --- | --- | --- | --- | --- |
| 1 | 2026-11-02 10:00 (2026-W45) | Cup | 0 | Aoi vs Ren | P1 concedes: Aoi 1, Ren 0 |
| 2 | 2026-11-03 10:00 (2026-W45) | Cup | 1 | Aoi vs Ren | Aoi concedes: Aoi 0, Ren 1 |
| 3 | 2026-11-10 10:00 (2026-W46) | League | 0 | Aoi vs Ren | Mystery puts 7 points on each side: a draw, 0.5 each |
| 4 | 2026-11-11 10:00 | League | 0 | Aoi vs Ren | unfinished (Aoi summons A): left out |
| 5 | (none) | (none) | 1 | Kai vs Aoi | Kai concedes: Kai 0, Aoi 1 |

Player-games (8) and the followed cards in them:

| player-game | first | score | A | B | Q | M |
| --- | --- | --- | --- | --- | --- | --- |
| G1 Aoi | yes | 1 | opening hand, played turn 1 | drawn by the first player's turn-1 draw | | |
| G1 Ren | no | 0 | | | opening hand | |
| G2 Aoi (redraw) | no | 0 | redrawn away, not seen | in the opening hand after the redraw | | |
| G2 Ren | yes | 1 | | | | |
| G3 Aoi | yes | 0.5 | | | | opening hand, played turn 1 |
| G3 Ren | no | 0.5 | opening hand | | | |
| G5 Kai | no | 0 | 20th card: not seen | | | |
| G5 Aoi | yes | 1 | | opening hand | opening hand, played turn 1 | |

Archetypes: every deck is "TST red-blue" except G5 Kai's, which holds 8 green cards: "TST red-blue-green".
"""

from __future__ import annotations

from typing import Any

from tests.engine.kit import DB, FILLERS, Game

A, B, Q, M = "TST 01-001", "TST 01-002", "TST 02-001", "TST 02-007"
EVE, MIA = "TST 01-006", "TST 01-017"  # green
F = FILLERS  # F[0] red, F[1] blue, ...


def pay(*cards: str) -> list[dict[str, str]]:
    return [{"hand": c} for c in cards]


def _doc(g: Game, game_id: str, played_at: str | None, event: str | None, names: tuple[str, str] = ("Aoi", "Ren")) -> dict[str, Any]:
    header = dict(g.header)
    header["id"] = game_id
    header["players"] = [{**p, "name": n} for p, n in zip(header["players"], names, strict=True)]
    if played_at:
        header["played_at"] = played_at
    if event:
        header["event"] = event
    return {"format": "pmemo-log", "version": 1, "game": header, "actions": list(g.actions)}


def game1() -> dict[str, Any]:
    g = Game([A, *F[:6], B], [Q], first=0)
    g.add("summon", 0, card=A, area="main", pay=pay(F[0], F[1])).add("concede", 1)
    return _doc(g, "g1", "2026-11-02T10:00:00Z", "Cup")


def game2() -> dict[str, Any]:
    g = Game([A, *F[:6], B], [], first=1, setup=False)
    g.add("shuffle", 0, order=g.order[0]).add("shuffle", 1, order=g.order[1]).add("redraw", 0).add("keep", 1)
    g.add("concede", 0)
    return _doc(g, "g2", "2026-11-03T10:00:00Z", "Cup")


def game3() -> dict[str, Any]:
    g = Game([M], [A], first=0)
    g.add("play_event", 0, card=M, pay=pay(F[0]), ops=[{"op": "put_point", "p": 0, "n": 7}, {"op": "put_point", "p": 1, "n": 7}])
    return _doc(g, "g3", "2026-11-10T10:00:00Z", "League")


def game4() -> dict[str, Any]:
    g = Game([A, F[0], F[1]], [], first=0)
    g.add("summon", 0, card=A, area="main", pay=pay(F[0], F[1]))
    return _doc(g, "g4", "2026-11-11T10:00:00Z", "League")


def game5() -> dict[str, Any]:
    g = Game([*F[:11], EVE, EVE, EVE, EVE, MIA, MIA, MIA, MIA, A], [B, Q], first=1)
    g.add("play_event", 1, card=Q, pay=pay(F[0])).add("concede", 0)
    return _doc(g, "g5", None, None, ("Kai", "Aoi"))


def league() -> list[dict[str, Any]]:
    """The five logs, in the order they are stored (ids 1..5)."""
    return [game1(), game2(), game3(), game4(), game5()]


CARDS = DB
