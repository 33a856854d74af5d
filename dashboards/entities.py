"""The warehouse side of the card and player pages (``/cards/<id>``, ``/players/<name>``): one card's metrics over
time with Wilson intervals, the decks that play it and the games where it was played; one player's results, decks
and matchups. Each query reads only the rows of that card or player (the card query pushes ``card = ?`` down to the
Parquet row groups).

>>> weekly([("2026-W45", 4, 3.0, 2, 2.0)])[0]["wr"]
0.75
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import duckdb

from dashboards.filters import Filters
from dashboards.intervals import rate, wilson
from dashboards.schema import CODE_SHIFT, PLAYED, SEEN

#: games listed on a card page (the newest where it was played)
GAMES_SHOWN = 20


def _wr(n: int, score: float) -> dict[str, Any]:
    return {"games": n, "wr": rate(score, n), "ci": wilson(score, n)}


def weekly(rows: Sequence[tuple[str, int, float, int, float]]) -> list[dict[str, Any]]:
    """Per ISO week: games with the card and their win rate, games where it was seen (GIH) and theirs, intervals."""
    return [{"week": week, **_wr(n, s), "gih": _wr(gih_n, gih_s)} for week, n, s, gih_n, gih_s in rows]


def card_page(con: duckdb.DuckDBPyConnection, card: str, ruleset: str, f: Filters, page: int = 1) -> dict[str, Any]:
    """One card of ``ruleset``: totals, weekly metrics, archetypes and the newest games where it was played
    (:data:`GAMES_SHOWN` of them; ``page`` 2 and on: the older ones, ``more`` telling whether any are left)."""
    where, params = f.where()
    code = con.execute("SELECT min(code) FROM cards WHERE card = ? AND ruleset = ?", [card, ruleset]).fetchone()[0]
    # the card's rows lie in one range of ``key`` (its code in the high bits): the part files are ordered by key, so the
    # range prunes every other row group by its statistics before ``card = ?`` is looked at
    keyed = "" if code is None else f"key >= {int(code) << CODE_SHIFT} AND key < {(int(code) + 1) << CODE_SHIFT} AND "
    base = f"{keyed}card = ? AND ruleset = ? AND {where}"
    args = [card, ruleset, *params]
    # one scan for the totals, the weeks and the decks (grouping sets); weeks grouped as timestamps, named after
    sums = (f"count(*), coalesce(sum(points), 0) / 2.0, count(*) FILTER (WHERE flags & {SEEN} > 0), "
            f"coalesce(sum(points) FILTER (WHERE flags & {SEEN} > 0), 0) / 2.0, count(*) FILTER (WHERE flags & {PLAYED} > 0), "
            f"coalesce(sum(points) FILTER (WHERE flags & {PLAYED} > 0), 0) / 2.0, avg(copies)")
    grouped = con.execute(
        f"SELECT grouping(wk, archetype) AS level, wk, archetype, {sums} FROM "
        f"(SELECT date_trunc('week', played_at) AS wk, archetype, points, flags, copies FROM card_games WHERE {base}) "
        "GROUP BY GROUPING SETS ((), (wk), (archetype))", args).fetchall()
    total = next((r for r in grouped if r[0] == 3), None) or (3, None, None, 0, 0.0, 0, 0.0, 0, 0.0, None)
    n, s, seen_n, seen_s, played_n, played_s = total[3:9]
    weeks = sorted((f"{wk.isocalendar()[0]}-W{wk.isocalendar()[1]:02d}", k, sc, gn, gs)
                   for level, wk, _, k, sc, gn, gs, *_ in grouped if level == 1 and wk is not None)
    decks = sorted(((a, k, sc, c) for level, _, a, k, sc, *_rest, c in grouped if level == 2), key=lambda d: (-d[1], d[0] or ""))[:20]
    # the newest games where it was played: only the weeks (and month partitions) that hold the last GAMES_SHOWN plays
    recent, since = 0, None
    for level, wk, _, _k, _s, _gn, _gs, played, *_ in sorted(grouped, key=lambda r: r[1] or datetime.min, reverse=True):
        if level == 1 and wk is not None and played:
            recent, since = recent + played, wk
            if recent >= GAMES_SHOWN:
                break
    page = max(1, int(page))
    # too few dated plays, or an older page: look everywhere (undated games too)
    undated = recent < GAMES_SHOWN or since is None or page > 1
    window = "" if undated else f" AND played_at >= ? AND month >= '{since.year:04d}-{since.month:02d}'"
    games = con.execute(
        f"SELECT game_id, seat, player, archetype, played_at, points, irregular FROM card_games WHERE {base} AND flags & {PLAYED} > 0"
        f"{window} ORDER BY played_at DESC NULLS LAST, game_id DESC LIMIT {GAMES_SHOWN} OFFSET {(page - 1) * GAMES_SHOWN}",
        args if undated else [*args, since]).fetchall()
    return {
        "card": card, "ruleset": ruleset, "filters": f.to_json(),
        "totals": {**_wr(n, s), "seen": _wr(seen_n, seen_s), "played": _wr(played_n, played_s)},
        "weeks": weekly(weeks),
        "decks": [{"archetype": a, **_wr(k, score), "copies": round(c, 2)} for a, k, score, c in decks],
        "games": [{"game_id": g, "seat": seat, "player": p, "archetype": a, "played_at": at, "result": pts / 2,
                   "irregular": irregular or 0}  # irregularities that stood (a game stored as played, docs/as-played.md)
                  for g, seat, p, a, at, pts, irregular in games],
        "page": page, "first": (page - 1) * GAMES_SHOWN + 1, "more": played_n > (page - 1) * GAMES_SHOWN + len(games),
        "pages": max(1, -(-played_n // GAMES_SHOWN)),  # of games where it was played; a page past it lists none
    }


def player_page(con: duckdb.DuckDBPyConnection, player: str, f: Filters) -> dict[str, Any]:
    """One player's finished games: totals, decks and matchups by ruleset, opponents."""
    where, params = f.where()
    base = f"player = ? AND {where}"
    args = [player, *params]
    totals = con.execute(
        f"SELECT ruleset, count(*), sum(score), count(*) FILTER (WHERE score = 1), count(*) FILTER (WHERE score = 0), "
        f"count(*) FILTER (WHERE score = 0.5), count(*) FILTER (WHERE went_first), "
        f"coalesce(sum(score) FILTER (WHERE went_first), 0) FROM player_games WHERE {base} GROUP BY ruleset ORDER BY 2 DESC",
        args).fetchall()
    decks = con.execute(
        f"SELECT ruleset, deck_name, archetype, count(*) AS n, sum(score) FROM player_games WHERE {base} "
        "GROUP BY ruleset, deck_name, archetype ORDER BY n DESC, archetype LIMIT 50", args).fetchall()
    matchups = con.execute(
        f"SELECT ruleset, opp_archetype, count(*) AS n, sum(score) FROM player_games WHERE {base} AND opp_archetype IS NOT NULL "
        "GROUP BY ruleset, opp_archetype ORDER BY n DESC, opp_archetype LIMIT 50", args).fetchall()
    opponents = con.execute(
        f"SELECT ruleset, opponent, count(*) AS n, sum(score) FROM player_games WHERE {base} AND opponent IS NOT NULL "
        "GROUP BY ruleset, opponent ORDER BY n DESC, opponent LIMIT 50", args).fetchall()
    body = {
        "player": player, "filters": f.to_json(),
        "totals": [{"ruleset": r, **_wr(n, s), "wins": w, "losses": lo, "draws": d, "first": _wr(fn, fs)}
                   for r, n, s, w, lo, d, fn, fs in totals],
        "decks": [{"ruleset": r, "deck_name": dn, "archetype": a, **_wr(n, s)} for r, dn, a, n, s in decks],
        "matchups": [{"ruleset": r, "opponent_archetype": a, **_wr(n, s)} for r, a, n, s in matchups],
        "opponents": [{"ruleset": r, "opponent": o, **_wr(n, s)} for r, o, n, s in opponents],
    }
    return {**body, "rulesets": by_ruleset(body)}


def by_ruleset(body: dict[str, Any]) -> list[dict[str, Any]]:
    """A player page's statistics split by ruleset (they never mix games): per ruleset, most played first, its
    totals, decks, matchups and opponents."""
    order = [t["ruleset"] for t in body["totals"]]
    return [{"ruleset": r, "totals": next(t for t in body["totals"] if t["ruleset"] == r),
             **{kind: [row for row in body[kind] if row["ruleset"] == r] for kind in ("decks", "matchups", "opponents")}}
            for r in order]


def deck_page(con: duckdb.DuckDBPyConnection, deck_name: str, f: Filters) -> dict[str, Any]:
    """One deck (by its name in the game headers): results by ruleset and archetype, who played it, its matchups,
    and its newest games."""
    where, params = f.where()
    base = f"deck_name = ? AND {where}"
    args = [deck_name, *params]
    totals = con.execute(
        f"SELECT ruleset, archetype, count(*) AS n, sum(score) FROM player_games WHERE {base} GROUP BY ruleset, archetype "
        "ORDER BY n DESC", args).fetchall()
    players = con.execute(
        f"SELECT ruleset, player, count(*) AS n, sum(score) FROM player_games WHERE {base} GROUP BY ruleset, player "
        "ORDER BY n DESC, player LIMIT 50", args).fetchall()
    matchups = con.execute(
        f"SELECT ruleset, opp_archetype, count(*) AS n, sum(score) FROM player_games WHERE {base} AND opp_archetype IS NOT NULL "
        "GROUP BY ruleset, opp_archetype ORDER BY n DESC, opp_archetype LIMIT 50", args).fetchall()
    games = con.execute(  # the newest of each ruleset
        f"SELECT ruleset, game_id, player, opponent, score, played_at FROM player_games WHERE {base} "
        "QUALIFY row_number() OVER (PARTITION BY ruleset ORDER BY played_at DESC NULLS LAST, game_id DESC) <= "
        f"{GAMES_SHOWN} ORDER BY played_at DESC NULLS LAST, game_id DESC", args).fetchall()
    body = {
        "deck_name": deck_name, "filters": f.to_json(),
        "totals": [{"ruleset": r, "archetype": a, **_wr(n, s)} for r, a, n, s in totals],
        "players": [{"ruleset": r, "player": p, **_wr(n, s)} for r, p, n, s in players],
        "matchups": [{"ruleset": r, "opponent_archetype": a, **_wr(n, s)} for r, a, n, s in matchups],
        "games": [{"ruleset": r, "game_id": g, "player": p, "opponent": o, "result": sc, "played_at": at}
                  for r, g, p, o, sc, at in games],
    }
    order = list(dict.fromkeys(t["ruleset"] for t in body["totals"]))  # most played first, as the Results table
    body["rulesets"] = [{"ruleset": r, **{kind: [row for row in body[kind] if row["ruleset"] == r]
                                          for kind in ("totals", "players", "matchups", "games")}} for r in order]
    return body


def meta_links(con: duckdb.DuckDBPyConnection, f: Filters, limit: int = 50) -> dict[str, Any]:
    """The named decks and the players of the finished games ``f`` selects (most played first), for /meta to link
    each to its page (``/decks/<name>``, ``/players/<name>``)."""
    where, params = f.where()

    def most_played(column: str) -> list[dict[str, Any]]:
        rows = con.execute(f"SELECT {column}, count(*) AS n FROM player_games WHERE {where} AND {column} IS NOT NULL "
                           f"GROUP BY {column} ORDER BY n DESC, {column} LIMIT {int(limit)}", params).fetchall()
        return [{"name": name, "games": n} for name, n in rows]

    return {"decks": most_played("deck_name"), "players": most_played("player")}


def seat_archetypes(con: duckdb.DuckDBPyConnection, game_ids: Sequence[int]) -> dict[int, list[str | None]]:
    """game id -> the archetype of each seat (seat order), as the player and deck pages know them: for the finished
    games among ``game_ids`` (the games list names a deck's archetype where the header names no deck)."""
    ids = sorted({int(g) for g in game_ids})
    if not ids:
        return {}
    rows = con.execute(f"SELECT game_id, seat, archetype FROM player_games WHERE game_id IN ({', '.join('?' * len(ids))})",
                       ids).fetchall()
    found: dict[int, list[str | None]] = {}
    for game_id, seat, archetype in rows:
        seats = found.setdefault(game_id, [])
        seats.extend([None] * (seat + 1 - len(seats)))
        seats[seat] = archetype
    return found
