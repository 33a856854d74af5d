"""Three small Mahou Shoujo games on the Mahou kit's cards (tests/mahou/kit.py), every §13 fact known by hand.

Both players search Hana, Kai, Mei (MSJ 001-003); decks are stacked (kit.Log), fillers are MSJ 900 ×3, 901 ×3, ...

Game 1 (Aoi first): Aoi attacks (Hana + Ruby: 3) and plays Squall (5): Ren's Hana + Ruby is defeated (1 Gem). Ren
fills with Kai; a second Squall defeats the bare Kai (½ Gem); Ren fills with Mei. Aoi ends turn 1, Ren draws MSJ 901
at the start of turn 2 and concedes. Aoi wins (concede) after 2 turns, Gems 1.5 - 0.

Game 2 (Aoi first): Ren draws 4 fillers (no MG), redraws, then draws Ruby. In turn 1 Aoi Grand Transforms into Grand
Ruby; its free Grand attack (7) defeats Ren's Hana + Ruby (1 Gem). Ren fills with Kai and concedes: Aoi wins after
1 turn, Gems 1 - 0.

Game 3 (Ren first): Ren lays Kai + Sapphire; Aoi concedes in Ren's turn 1. Ren wins after 1 turn, Gems 0 - 0.

Opening pairs: Hana × Ruby for every player-game but G3 Ren's (Kai × Sapphire).
"""

from __future__ import annotations

from typing import Any

from tests.mahou.kit import HEROES, Log, std

RUBY, SAPPHIRE, GRAND_RUBY, SQUALL = "MSJ 010", "MSJ 011", "MSJ 020", "MSJ 053"
HANA, KAI, MEI = HEROES


def game1() -> Log:
    log = std([SQUALL, SQUALL], [])
    log.add("attack", 0).add("play_event", 0, card=SQUALL)
    log.add("place_hero", 1, card=KAI, to="active")
    log.add("play_event", 0, card=SQUALL)
    log.add("place_hero", 1, card=MEI, to="active")
    log.add("end_turn", 0).add("concede", 1)
    return log


def game2() -> Log:
    log = Log([RUBY, GRAND_RUBY], [RUBY], setup=False)
    log.add("search", 0, cards=list(HEROES)).add("shuffle", 0, order=log.decks[0][3:])
    rest = log.decks[1][3:]  # Ruby, then fillers
    log.add("search", 1, cards=list(HEROES)).add("shuffle", 1, order=[*rest[1:5], rest[0], *rest[5:]])  # 4 fillers drawn
    back = rest[1:5]
    remaining = [rest[0], *rest[5:]]
    log.add("redraw", 1, order=[remaining[0], *back, *remaining[1:]])  # Ruby and 3 of the fillers back again
    log.add("place_active", 0, hero=HANA, girl=RUBY).add("place_active", 1, hero=HANA, girl=RUBY)
    log.add("grand_transform", 0, card=GRAND_RUBY).add("attack", 0)
    log.add("place_hero", 1, card=KAI, to="active").add("concede", 1)
    return log


def game3() -> Log:
    log = Log([RUBY], [SAPPHIRE], first=1, pairs=((HANA, RUBY), (KAI, SAPPHIRE)))
    return log.add("concede", 0)


def games() -> list[Log]:
    return [game1(), game2(), game3()]


def docs() -> list[dict[str, Any]]:
    out = []
    for i, log in enumerate(games(), 1):
        doc = log.doc()
        doc["game"] = {**doc["game"], "id": f"mahou-hand-{i}", "event": "Mahou Cup", "played_at": f"2026-11-0{i}T10:00:00Z"}
        out.append(doc)
    return out
