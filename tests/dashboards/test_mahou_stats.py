"""Mahou Shoujo statistics (mahou-shoujo.md §13): facts by hand, card and game rows by hand, DuckDB against a plain
Python recomputation over self-play games, the ruleset filter always applied, API, CLI and /meta."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from dashboards.facts import CardCodes, StoredGame, game_rows
from dashboards.figures import GREY, caption, dashboard, pairs_figure
from dashboards.filters import Filters
from dashboards.intervals import wilson
from dashboards.queries import statistics, two_seats
from dashboards.source import final_facts
from dashboards.tables import writable
from dashboards.warehouse import update_warehouse, write_parts
from engine.fold import fold
from engine.mahou.selfplay import self_play_logs
from engine.mahou.stats import FactsTracker, archetype
from pmemo_replay.cli import main
from pmemo_replay.store import Store
from pmemo_replay.web import create_app, stats_schemas
from tests.dashboards.conftest import store_league
from tests.dashboards.league import CARDS as PM_CARDS
from tests.dashboards.league import league
from tests.dashboards.mahou_games import GRAND_RUBY, HANA, KAI, MEI, RUBY, SAPPHIRE, SQUALL, docs, games
from tests.mahou.kit import DB, act, bundled, legal, std

MAHOU = "mahou-shoujo-1"
FILLER_901 = "MSJ 901"


def library(**given: Any) -> Any:
    from pmemo_replay.games.cards import CardLibrary

    return CardLibrary(given)


def stored(log: Any, game_id: int = 1) -> StoredGame:
    r = log.fold()
    return StoredGame(game_id, log.header, log.header["first"], r.result["winner"], r.result["reason"], r.state.turn,
                      len(log.actions), None, None, MAHOU)


def facts_of(log: Any, cards: Any = DB) -> list[dict[str, Any]]:
    got = final_facts(stored(log), None, log.actions, cards)
    assert got is not None
    return got


# --- facts ------------------------------------------------------------------------------------------------------


def test_facts_by_hand() -> None:
    g1, g2, g3 = (facts_of(log) for log in games())
    aoi, ren = g1
    assert sorted(aoi["opening_hand"]) == sorted([HANA, KAI, MEI, RUBY, SQUALL, SQUALL, "MSJ 900"])
    assert aoi["seen"] == dict.fromkeys([HANA, KAI, MEI, RUBY, SQUALL, "MSJ 900"], 0)
    assert aoi["played"] == {HANA: 1, RUBY: 1, SQUALL: 1}
    assert (aoi["gems"], aoi["gems_hero_awards"], aoi["gems_girl_awards"], aoi["grands"]) == (1.5, 1, 1, 0)
    assert aoi["pair"] == [HANA, RUBY] and aoi["redraw"] is False and aoi["archetype"] == "Ruby"
    assert ren["seen"] == {**dict.fromkeys([HANA, KAI, MEI, RUBY, "MSJ 900"], 0), FILLER_901: 2}  # the turn-2 draw
    assert ren["played"] == {HANA: 1, RUBY: 1, KAI: 1, MEI: 1}  # replacements in Aoi's turn 1
    assert (ren["gems"], ren["gems_hero_awards"], ren["gems_girl_awards"]) == (0, 0, 0)
    aoi, ren = g2
    assert aoi["played"] == {HANA: 1, RUBY: 1, GRAND_RUBY: 1} and aoi["grands"] == 1 and aoi["gems_girl_awards"] == 1
    assert ren["redraw"] is True and ren["redraws"] == 1
    assert sorted(ren["opening_hand"]) == sorted([HANA, KAI, MEI, RUBY, "MSJ 900", "MSJ 900", "MSJ 900"])
    assert FILLER_901 not in ren["seen"]  # drawn at setup, sent back by the redraw: not seen
    aoi, ren = g3
    assert aoi["played"] == {HANA: 1, RUBY: 1} and aoi["pair"] == [HANA, RUBY]
    assert ren["played"] == {KAI: 1, SAPPHIRE: 1} and ren["pair"] == [KAI, SAPPHIRE] and ren["archetype"] == "Sapphire"


def test_out_of_heroes_draws_are_seen_and_the_hero_played() -> None:
    log = std([], ["MSJ 053"])
    log.add("attack", 0).add("end_turn", 0)
    g = legal(log).state
    me = g.players[1]
    me.active, me.squad, me.hand = None, [], ["MSJ 900"]
    me.deck = ["MSJ 902", "MSJ 005", "MSJ 040", "MSJ 031"]  # top last: Big Pet, Heart Beam, then the Hero Tiny
    tracker = FactsTracker(g)
    tracker.after(g, {"type": "note", "text": "sync"})  # the tracker takes the deck as arranged
    g.must_replace = [1]
    action = {"type": "out_of_heroes", "p": 1}
    act(g, "out_of_heroes", 1)
    tracker.after(g, action)
    facts = tracker.facts(g, 1)
    assert {c: facts["seen"][c] for c in ("MSJ 031", "MSJ 040", "MSJ 005")} == {"MSJ 031": 2, "MSJ 040": 2, "MSJ 005": 2}
    assert "MSJ 902" not in facts["seen"] and facts["played"]["MSJ 005"] == 2


def test_archetype_two_most_copied_girls_ties_by_name() -> None:
    assert archetype([RUBY] * 2 + [SAPPHIRE] * 2 + ["MSJ 012"] * 3 + [HANA] * 3, DB) == "Pearl/Ruby"
    assert archetype([SAPPHIRE, RUBY], DB) == "Ruby/Sapphire"
    assert archetype([HANA], DB) == "no girl"


# --- a store with both games ------------------------------------------------------------------------------------


@pytest.fixture
def mixed(tmp_path: Path) -> Iterator[tuple[Store, Path]]:
    """The Precious Memories league (4 finished games) and the three Mahou games in one store and warehouse."""
    store = Store(f"sqlite:///{tmp_path / 'mixed.sqlite3'}", cards=library(**{"pm-2.22": PM_CARDS, MAHOU: DB}))
    store_league(store, league())
    store_league(store, docs())
    folder = tmp_path / "wh"
    update_warehouse(store, folder)
    yield store, folder
    store.close()


def mahou(folder: Path, kind: str, **filters: Any) -> dict[str, Any]:
    return statistics(folder, kind, Filters.parse({"ruleset": MAHOU, **filters}))


def test_game_rows_by_hand(mixed: tuple[Store, Path]) -> None:
    body = mahou(mixed[1], "games")
    assert body["ruleset"] == MAHOU and body["covers"]["games"] == 3 and body["player_games"] == 6
    assert body["avg_turns"] == pytest.approx(4 / 3)
    assert body["gems_avg"] == pytest.approx(2.5 / 6)
    assert body["gem_margin"] == pytest.approx({"1.5-0": 1 / 3, "1-0": 1 / 3, "0-0": 1 / 3})
    assert (body["gems_from_heroes"], body["gems_from_girls"]) == (pytest.approx(0.2), pytest.approx(0.8))
    assert (body["first_games"], body["first_wr"], body["first_ci"]) == (3, 1.0, wilson(3, 3))
    assert (body["redraw_games"], body["redraw_rate"], body["redraw_wr"]) == (1, pytest.approx(1 / 6), 0.0)
    assert (body["grand_games"], body["grand_rate"], body["grand_wr"]) == (1, pytest.approx(1 / 6), 1.0)
    pairs = {r["pair"]: (r["games"], r["wr"], r["wr_ci"]) for r in body["pair_wr"]}
    assert pairs == {"Hana × Ruby": (5, 0.4, wilson(2, 5)), "Kai × Sapphire": (1, 1.0, wilson(1, 1))}
    assert body["end_reasons"] == {"gems": 0.0, "deck_out": 0.0, "concede": 1.0, "draw": 0.0}
    assert stats_schemas.GameStatsSchema().validate(json.loads(json.dumps(body))) == {}
    first_only = mahou(mixed[1], "games", first="1")
    assert first_only["player_games"] == 3 and first_only["redraw_games"] == 0 and first_only["grand_games"] == 1


def test_card_rows_by_hand(mixed: tuple[Store, Path]) -> None:
    rows = {r["card"]: r for r in mahou(mixed[1], "cards")["rows"]}
    assert not any(card.startswith("TST") for card in rows)  # the ruleset filter: no Precious Memories card
    hana = rows[HANA]
    assert (hana["name"], hana["games"], hana["gp_wr"], hana["oh_games"], hana["played_games"], hana["played_wr"]) == \
        ("Hana", 6, 0.5, 6, 5, 0.4)
    assert hana["avg_turn_played"] == 1.0
    kai = rows[KAI]
    assert (kai["played_games"], kai["played_wr"], kai["played_ci"]) == (3, pytest.approx(1 / 3), wilson(1, 3))
    filler = rows[FILLER_901]
    assert (filler["oh_games"], filler["gih_games"], filler["gih_wr"], filler["gns_games"], filler["gns_wr"]) == (0, 1, 0.0, 5, 0.6)
    assert filler["iwd"] == pytest.approx(-0.6)
    squall = rows[SQUALL]
    assert (squall["games"], squall["deck_share"], squall["oh_games"], squall["played_games"], squall["gp_wr"]) == \
        (1, pytest.approx(1 / 6), 1, 1, 1.0)
    assert (rows[GRAND_RUBY]["played_games"], rows[SAPPHIRE]["played_wr"], rows[RUBY]["games"], rows[RUBY]["gp_wr"]) == \
        (1, 1.0, 5, 0.4)


def test_archetypes_and_matchups(mixed: tuple[Store, Path]) -> None:
    decks = {r["archetype"]: r for r in mahou(mixed[1], "decks")["rows"]}
    assert {a: (r["games"], r["wr"]) for a, r in decks.items()} == {"Ruby": (5, 0.4), "Sapphire": (1, 1.0)}
    cells = {(r["archetype"], r["opponent"]): (r["games"], r["wr"]) for r in mahou(mixed[1], "matchups")["rows"]}
    assert cells == {("Ruby", "Ruby"): (4, 0.5), ("Ruby", "Sapphire"): (1, 0.0), ("Sapphire", "Ruby"): (1, 1.0)}
    first = mahou(mixed[1], "first")
    assert first["two_seats"] is True and first["overall"]["games"] == 3 and first["overall"]["wr"] == 1.0


def test_precious_memories_statistics_keep_their_figures(mixed: tuple[Store, Path], tmp_path: Path) -> None:
    alone = Store(f"sqlite:///{tmp_path / 'pm.sqlite3'}", cards=PM_CARDS)
    store_league(alone, league())
    update_warehouse(alone, tmp_path / "pm-wh")
    alone.close()
    for kind in ("cards", "decks", "matchups", "first", "trends", "games"):
        pm_only = statistics(tmp_path / "pm-wh", kind, Filters())
        assert pm_only["ruleset"] == "pm-2.22"
        assert statistics(mixed[1], kind, Filters.parse({"ruleset": "pm-2.22"})) == {**pm_only, "filters": {"ruleset": "pm-2.22"}}
        assert statistics(mixed[1], kind, Filters()) == pm_only  # Precious Memories when none is given and it has games
    assert statistics(mixed[1], "games", Filters())["gems_avg"] is None


def test_two_seats() -> None:
    assert two_seats(MAHOU) and two_seats("pm-2.22") and not two_seats("no-such-game")


# --- DuckDB against plain Python over self-play games ------------------------------------------------------------


def recompute(all_facts: list[tuple[StoredGame, list[dict[str, Any]]]]) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Card rows (a few fields) and game rows computed without the warehouse, straight from the facts."""
    cards: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    n = sum(len(f) for _, f in all_facts)
    pairs: dict[tuple[str, str], list[float]] = defaultdict(list)
    first, redraw, grand, gems, hero, girl, turns, reasons, margins = [], [], [], [], 0, 0, [], defaultdict(int), defaultdict(int)
    for game, seats in all_facts:
        turns.append(game.turns)
        reasons[game.reason] += 1
        hi, lo = max(seats[0]["gems"], seats[1]["gems"]), min(seats[0]["gems"], seats[1]["gems"])
        margins[f"{hi:g}-{lo:g}"] += 1
        for seat, f in enumerate(seats):
            s = 0.5 if game.winner is None else float(game.winner == seat)
            for card in set(f["deck"]):
                c = cards[card]
                c["games"] += 1
                c["gp"] += s
                if card in f["opening_hand"]:
                    c["oh"] += 1
                if card in f["seen"]:
                    c["gih"] += 1
                    c["gih_s"] += s
                if card in f["played"]:
                    c["played"] += 1
                    c["turns"] += f["played"][card]
            pairs[tuple(f["pair"])].append(s)
            if game.first == seat:
                first.append(s)
            if f["redraw"]:
                redraw.append(s)
            if f["grands"]:
                grand.append(s)
            gems.append(f["gems"])
            hero += f["gems_hero_awards"]
            girl += f["gems_girl_awards"]
    rows = {card: {"games": int(c["games"]), "gp_wr": c["gp"] / c["games"], "oh_games": int(c["oh"]),
                   "gih_games": int(c["gih"]), "gih_wr": c["gih_s"] / c["gih"] if c["gih"] else None,
                   "played_games": int(c["played"]), "avg_turn_played": c["turns"] / c["played"] if c["played"] else None}
            for card, c in cards.items()}
    total = hero / 2 + girl
    game_rows = {
        "games": len(all_facts), "player_games": n, "avg_turns": sum(turns) / len(turns), "gems_avg": sum(gems) / n,
        "gems_from_heroes": hero / 2 / total if total else None, "first_games": len(first), "first_wr": sum(first) / len(first),
        "redraw_games": len(redraw), "grand_games": len(grand),
        "grand_wr": sum(grand) / len(grand) if grand else None,
        "pairs": {p: (len(v), sum(v) / len(v)) for p, v in pairs.items()},
        "end_reason_games": dict(reasons), "gem_margin_games": dict(margins),
    }
    return rows, game_rows


def test_duckdb_equals_a_plain_python_recomputation(tmp_path: Path) -> None:
    cards, decks = bundled()
    logs = list(self_play_logs(cards, decks, 24, seed=5, policies=("greedy", "random")))
    store = Store(f"sqlite:///{tmp_path / 'self.sqlite3'}", cards=cards)
    all_facts = []
    for i, doc in enumerate(logs):
        r = store.ingest_log(doc, source=doc["game"]["id"])
        assert r.status == "stored", r
        folded = fold(doc["game"], doc["actions"], cards)
        game = StoredGame(r.game_id, doc["game"], doc["game"]["first"], folded.result["winner"], folded.result["reason"],
                          folded.state.turn, len(doc["actions"]), None, None, MAHOU)
        facts = final_facts(game, None, doc["actions"], cards)
        assert facts is not None, i
        all_facts.append((game, facts))
    update_warehouse(store, tmp_path / "wh")
    store.close()
    want_cards, want_games = recompute(all_facts)
    rows = {r["card"]: r for r in statistics(tmp_path / "wh", "cards", Filters())["rows"]}
    assert rows.keys() == want_cards.keys()
    for card, want in want_cards.items():
        got = {k: rows[card][k] for k in want}
        assert got == pytest.approx(want), card
    body = statistics(tmp_path / "wh", "games", Filters())
    want_pairs = want_games.pop("pairs")
    got = {k: body[k] for k in want_games}
    want_games["end_reason_games"] = {**dict.fromkeys(("gems", "deck_out", "concede", "draw"), 0), **want_games["end_reason_games"]}
    for key in ("end_reason_games", "gem_margin_games"):
        assert got.pop(key) == want_games.pop(key), key
    assert got == pytest.approx(want_games)
    pairs = {(r["hero"], r["girl"]): (r["games"], r["wr"]) for r in body["pair_wr"]}
    assert pairs.keys() == want_pairs.keys()
    for pair, (n, wr) in want_pairs.items():
        assert pairs[pair] == (n, pytest.approx(wr)), pair
    assert sum(body["end_reasons"].values()) == pytest.approx(1.0) and sum(body["gem_margin"].values()) == pytest.approx(1.0)


# --- API, CLI, /meta ------------------------------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"PMEMO_OPEN_UPLOADS": True, "PMEMO_WRITE_RATE": "off",
                      "PMEMO_DATABASE_URL": f"sqlite:///{tmp_path / 'web.sqlite3'}",
                      "PMEMO_CARDS": library(**{"pm-2.22": PM_CARDS, MAHOU: DB}), "TESTING": True,
                      "SECRET_KEY": "test", "PMEMO_WAREHOUSE": str(tmp_path / "wh")})
    store_league(app.extensions["pmemo_store"], league()[:2])
    store_league(app.extensions["pmemo_store"], docs())
    yield app
    app.extensions["pmemo_store"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def test_api_game_rows_and_cards(client: FlaskClient, tmp_path: Path) -> None:
    response = client.get(f"/api/stats/games?ruleset={MAHOU}")
    assert response.status_code == 200
    body = response.get_json()
    assert body == json.loads(json.dumps(statistics(tmp_path / "wh", "games", Filters.parse({"ruleset": MAHOU}))))
    assert body["games"] == 3 and body["first_wr"] == 1.0
    cards = client.get(f"/api/stats/cards?ruleset={MAHOU}")
    assert cards.headers["X-Pmemo-Ruleset"] == MAHOU and cards.headers["X-Pmemo-Games"] == "3"
    assert {r["card"] for r in cards.get_json()} >= {HANA, RUBY, SQUALL}
    default = client.get("/api/stats/cards")  # 6 Mahou player-games against 4 of Precious Memories: still PM's
    assert default.headers["X-Pmemo-Ruleset"] == "pm-2.22"  # a store gaining other games keeps its statistics
    assert client.get("/api/stats/games?ruleset=pm-2.22").get_json()["pair_wr"] == []
    assert client.get("/api/stats/games?first=2").status_code == 400


def test_meta_page_per_ruleset(client: FlaskClient) -> None:
    html = client.get(f"/meta?ruleset={MAHOU}").get_data(as_text=True)
    assert 'id="view-games"' in html and "Hana × Ruby" in html and "Grand Transformation rate" in html
    assert f'<option value="{MAHOU}" selected>' in html and 'id="view-matchups"' in html
    pm = client.get("/meta?ruleset=pm-2.22").get_data(as_text=True)
    assert "Hana × Ruby" not in pm and "Grand Transformation rate" not in pm and '<option value="pm-2.22" selected>' in pm
    assert "Gems per player-game" in html and "Gems per player-game" not in pm  # a game without Gems shows none
    assert '<option value="Ruby">' in html and '<option value="Ruby">' not in pm  # archetypes of the ruleset shown


def test_cli_stats_games(mixed: tuple[Store, Path], capsys: pytest.CaptureFixture[str]) -> None:
    folder = mixed[1]
    assert main(["stats", "games", "--json", "--ruleset", MAHOU, "--warehouse", str(folder), "--no-update"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body == json.loads(json.dumps(mahou(folder, "games")))
    assert main(["stats", "games", "--ruleset", MAHOU, "--warehouse", str(folder), "--no-update"]) == 0
    text = capsys.readouterr().out
    assert "Hana × Ruby" in text and "mahou-shoujo-1" in text
    assert main(["stats", "cards", "--json", "--ruleset", MAHOU, "--warehouse", str(folder), "--no-update"]) == 0
    assert {r["card"] for r in json.loads(capsys.readouterr().out)} >= {HANA, SQUALL}



def test_pairs_figure_has_intervals_and_greys_small_pairs(mixed: tuple[Store, Path]) -> None:
    games_body = mahou(mixed[1], "games")
    bar = pairs_figure(games_body, 2).data[0]
    assert list(bar.y) == ["Hana × Ruby", "Kai × Sapphire"] and list(bar.x) == [0.4, 1.0]
    assert [c == GREY for c in bar.marker.color] == [False, True]  # n 5 and 1 against a minimum of 2
    assert bar.error_x.arrayminus[0] == pytest.approx(0.4 - wilson(2, 5)[0])
    assert "pairs" in dashboard({k: mahou(mixed[1], k) for k in ("cards", "decks", "matchups", "first", "trends", "games")}, 2)
    assert caption(pairs_figure(statistics(mixed[1], "games", Filters.parse({"ruleset": "pm-2.22"})), 2)).endswith("none")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), policy=st.sampled_from(["greedy", "random"]))
def test_facts_invariants_over_self_play(seed: int, policy: str) -> None:
    """In any game: what is played was seen no later; the opening hand is seen at turn 0; the awards add up to the
    final Gems; the opening pair is played in turn 1."""
    cards, decks = bundled()
    doc = next(self_play_logs(cards, decks, 1, seed=seed, policies=(policy,)))
    folded = fold(doc["game"], doc["actions"], cards)
    game = StoredGame(1, doc["game"], doc["game"]["first"], folded.result["winner"], folded.result["reason"], folded.state.turn,
                      len(doc["actions"]), None, None, MAHOU)
    facts = final_facts(game, None, doc["actions"], cards)
    assert facts is not None
    for seat, f in enumerate(facts):
        assert len(f["opening_hand"]) == 7 and all(f["seen"][c] == 0 for c in f["opening_hand"])
        for card, turn in f["played"].items():
            assert card in f["seen"] and f["seen"][card] <= turn, (seat, card)
        assert f["gems_hero_awards"] / 2 + f["gems_girl_awards"] == f["gems"] == folded.state.players[seat].gems
        assert f["played"][f["pair"][0]] == f["played"][f["pair"][1]] == 1
        assert set(f["seen"]) <= set(f["deck"]) and f["redraw"] == (f["redraws"] > 0)


def test_a_three_seat_game_counts_without_matchups(tmp_path: Path) -> None:
    """Rows from plain facts of a game with three seats (no such ruleset is installed): card rows and covers count
    its three player-games; matchups and the first-player view need two seats and stay empty."""
    seat = {"deck": ["XYZ 001", "XYZ 002"], "opening_hand": ["XYZ 001"], "seen": {"XYZ 001": 0}, "played": {"XYZ 001": 2},
            "redraw": False, "archetype": "any"}
    game = StoredGame(7, {"players": [{"name": n} for n in ("A", "B", "C")]}, 0, 2, "points", 5, 40, None, None, "three-seat")
    rows = game_rows(game, [seat, seat, seat], {}, CardCodes())
    assert [r["opponent"] for r in rows.player_games] == [None, None, None] and rows.games[0]["seats"] == 3
    tables, refused = writable(rows)
    assert refused == []
    write_parts(tmp_path / "wh", tables, "part-000000000007-000000000007-test")
    f = Filters.parse({"ruleset": "three-seat"})
    cards = statistics(tmp_path / "wh", "cards", f)
    assert cards["covers"]["games"] == 1 and cards["covers"]["player_games"] == 3
    one = {r["card"]: r for r in cards["rows"]}["XYZ 001"]
    assert (one["games"], one["oh_games"], one["played_games"], one["gp_wr"], one["avg_turn_played"]) == (3, 3, 3, 1 / 3, 2.0)
    assert statistics(tmp_path / "wh", "matchups", f)["rows"] == [] and statistics(tmp_path / "wh", "first", f)["two_seats"] is False
    assert statistics(tmp_path / "wh", "games", f)["first_wr"] is None


def test_ruleset_header_is_safe_for_any_asked_name(client: FlaskClient) -> None:
    """A ruleset name with a newline (schemathesis found it answering 500) is echoed percent-encoded, with no rows."""
    response = client.get("/api/stats/cards?ruleset=a%0Ab")
    assert response.status_code == 200 and response.get_json() == []
    assert response.headers["X-Pmemo-Ruleset"] == "a%0Ab"
