"""Review r22h, finding 2: a card page marks the games stored as played among those where the card was played
("· 2 irregular actions"), as the player page and the games list do; "Regular games only" leaves them out."""

from __future__ import annotations

import re
from urllib.parse import quote

from flask import Flask

from tests.asplayed.test_review22g_paging import stored, text_of  # noqa: F401  (fixture: two regular games, one as played)

MARK = re.compile(r'<span class="act-irregular" title="stored as played">(\d+) irregular actions?</span>')


def games_listed(html: str) -> list[str]:
    """Each item of a page's list of games, as text (the card page's or the player page's)."""
    found = re.search(r'<ol class="entity-games[^"]*" id="(?:card|player)-games">(.*?)</ol>', html, re.S)
    assert found, "no list of games"
    return [text_of(li) for li in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)]


def test_card_page_marks_the_game_stored_as_played_as_the_player_page_does(stored: Flask) -> None:  # noqa: F811
    c = stored.test_client()
    store = stored.extensions["pmemo_store"]
    as_played = [g.id for g in store.list_games(per_page=10).items if g.irregular]
    assert len(as_played) == 1
    card = f"/cards/{quote('SLA 01-004')}?ruleset=pm-2.22"
    html = c.get(card).get_data(as_text=True)
    items = games_listed(html)
    marked = [t for t in items if "irregular action" in t]
    assert len(marked) == 1 and marked[0].startswith(f"game {as_played[0]}"), items
    assert marked[0].endswith("· 2 irregular actions")  # short-payments.jsonl: actions 4 and 21 paid short
    assert MARK.findall(html) == ["2"]
    assert [t for t in items if t not in marked], "a regular game where the card was played is listed unmarked"
    # the same mark, in the same words, as the player page of the same game
    player = games_listed(c.get("/players/Aoi").get_data(as_text=True))
    assert [t.rsplit(" · ", 1)[1] for t in player if t.startswith(f"game {as_played[0]} ")] == ["2 irregular actions"]
    regular = c.get(f"{card}&regular_only=1").get_data(as_text=True)
    assert not MARK.search(regular) and all(not t.startswith(f"game {as_played[0]}") for t in games_listed(regular))
