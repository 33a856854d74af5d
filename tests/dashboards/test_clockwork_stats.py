"""Clockwork Memorion's game rows (clockwork-memorion.md §13): DuckDB over the warehouse against a plain Python
recomputation from the folded facts of self-play games, the ruleset filter always applied, the API and its schema."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dashboards.filters import Filters
from dashboards.intervals import wilson
from dashboards.queries import statistics
from dashboards.warehouse import update_warehouse
from engine.fold import fold
from engine.rulesets import get_ruleset
from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store import Store
from pmemo_replay.web import create_app, stats_schemas
from tests.clockwork.kit import CARDS
from tests.dashboards.conftest import store_league
from tests.dashboards.league import CARDS as PM_CARDS
from tests.dashboards.league import league

CWM = "clockwork-memorion-1"


def _docs() -> list[dict[str, Any]]:
    return list(simulated_logs(CardLibrary(), 12, 5, ruleset=CWM))


@pytest.fixture(scope="module")
def docs() -> list[dict[str, Any]]:
    return _docs()


@pytest.fixture(scope="module")
def warehouse(docs: list[dict[str, Any]], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The Precious Memories league and the Clockwork games in one store and warehouse."""
    tmp = tmp_path_factory.mktemp("cwm-stats")
    store = Store(f"sqlite:///{tmp / 'cwm.sqlite3'}", cards=CardLibrary({"pm-2.22": PM_CARDS, CWM: CARDS}))
    store_league(store, league())
    store_league(store, docs)
    folder = tmp / "wh"
    update_warehouse(store, folder)
    yield folder
    store.close()


def _wr(wins: float, n: int) -> tuple[float | None, Any]:
    return (wins / n if n else None), wilson(wins, n)


def expected(docs: list[dict[str, Any]]) -> dict[str, Any]:
    """§13's game rows recomputed from each game's folded facts."""
    ruleset = get_ruleset(CWM)
    pg: list[tuple[float, dict[str, Any]]] = []
    reasons = dict.fromkeys(("life", "deck_out", "concede", "draw"), 0)
    turns = []
    for doc in docs:
        res = fold(doc["game"], doc["actions"], CARDS, keep_trails=False)
        assert res.result is not None
        winner = res.result["winner"]
        reasons[res.result["reason"]] += 1
        turns.append(res.state.turn)
        for seat in (0, 1):
            pg.append((0.5 if winner is None else float(winner == seat), ruleset.facts(res.state, seat)))
    n = len(pg)
    groups: dict[str, dict[str, list[float]]] = {"ruler": defaultdict(list), "limit": defaultdict(list), "word": defaultdict(list)}
    for s, f in pg:
        groups["ruler"][f["ruler"]].append(s)
        groups["limit"][f["limit"]].append(s)
        for w in f["words"]:
            groups["word"][str(w)].append(s)
    mull = [s for s, f in pg if f["mulligan"] > 0]
    deified = [(s, f["deified_turn"]) for s, f in pg if f["deified_turn"] is not None]
    first = [s for (s, _), seat in zip(pg, [d["game"]["first"] == k for d in docs for k in (0, 1)], strict=True) if seat]
    times = sum(f["recall_times"] for _, f in pg)
    return {
        "games": len(docs), "avg_turns": sum(turns) / len(turns), "first_wr": _wr(sum(first), len(first)),
        "end_reason_games": reasons,
        "life_left_avg": (sum(f["score"] for s, f in pg if s == 1) / sum(s == 1 for s, _ in pg)) if any(s == 1 for s, _ in pg) else None,
        "mulligan": (len(mull), len(mull) / n, *_wr(sum(mull), len(mull))),
        "deify": (len(deified), len(deified) / n, *_wr(sum(s for s, _ in deified), len(deified)),
                  sum(t for _, t in deified) / len(deified) if deified else None),
        "recall_avg": sum(f["recalls"] for _, f in pg) / n,
        "recall_time_avg": sum(f["recall_time"] for _, f in pg) / times if times else None,
        **{f"{k}_wr": {key: (len(v), *_wr(sum(v), len(v))) for key, v in g.items()} for k, g in groups.items()},
    }


def test_game_rows_match_a_recomputation_from_the_facts(warehouse: Path, docs: list[dict[str, Any]]) -> None:
    body = statistics(warehouse, "games", Filters.parse({"ruleset": CWM}))
    want = expected(docs)
    assert body["ruleset"] == CWM and body["games"] == want["games"] == 12 and body["player_games"] == 24
    assert body["avg_turns"] == pytest.approx(want["avg_turns"])
    assert (body["first_wr"], body["first_ci"]) == (pytest.approx(want["first_wr"][0]), pytest.approx(want["first_wr"][1]))
    assert body["end_reason_games"] == want["end_reason_games"]
    assert set(body["end_reasons"]) >= {"life", "deck_out", "concede", "draw"}
    assert body["life_left_avg"] == pytest.approx(want["life_left_avg"])
    assert (body["mulligan_games"], body["mulligan_rate"], body["mulligan_wr"], body["mulligan_ci"]) == \
        pytest.approx(want["mulligan"])
    assert (body["deify_games"], body["deify_rate"], body["deify_wr"], body["deify_ci"], body["deify_turn_avg"]) == \
        pytest.approx(want["deify"]) if want["deify"][0] else body["deify_games"] == 0
    assert body["recall_avg"] == pytest.approx(want["recall_avg"]) and body["recall_avg"] > 0
    assert body["recall_time_avg"] == pytest.approx(want["recall_time_avg"])
    for field, key in (("ruler_wr", "ruler"), ("limit_wr", "limit"), ("word_wr", "word")):
        got = {r[key]: (r["n"], r["wr"], r["wr_ci"]) for r in body[field]}
        assert got == pytest.approx(want[field]), field
        assert [r["n"] for r in body[field]] == sorted((r["n"] for r in body[field]), reverse=True)
    ruler = body["ruler_wr"][0]
    assert ruler["name"] == CARDS.by_id[ruler["ruler"]].name
    limit = body["limit_wr"][0]
    assert limit["name"] == CARDS.by_id[limit["card"]].name and limit["limit"].startswith(f"{limit['card']}:{limit['face']}")
    assert stats_schemas.GameStatsSchema().validate(json.loads(json.dumps(body))) == {}


def test_other_rulesets_keep_the_fields_empty_and_min_games_trims_the_rows(warehouse: Path) -> None:
    pm = statistics(warehouse, "games", Filters.parse({"ruleset": "pm-2.22"}))
    assert pm["ruler_wr"] == pm["limit_wr"] == pm["word_wr"] == [] and pm["recall_avg"] is None
    assert pm["mulligan_rate"] is None and pm["life_left_avg"] is None and "life" not in pm["end_reasons"]
    trimmed = statistics(warehouse, "games", Filters.parse({"ruleset": CWM, "min_games": "10"}))
    assert all(r["n"] >= 10 for r in trimmed["ruler_wr"] + trimmed["limit_wr"] + trimmed["word_wr"])


def test_api_answers_the_game_rows(docs: list[dict[str, Any]], tmp_path: Path) -> None:
    app = create_app({"PMEMO_OPEN_UPLOADS": True, "PMEMO_WRITE_RATE": "off",
                      "PMEMO_DATABASE_URL": f"sqlite:///{tmp_path / 'web.sqlite3'}",
                      "PMEMO_CARDS": CardLibrary({CWM: CARDS}), "TESTING": True, "SECRET_KEY": "test",
                      "PMEMO_WAREHOUSE": str(tmp_path / "wh")})
    store_league(app.extensions["pmemo_store"], docs[:4])
    response = app.test_client().get(f"/api/stats/games?ruleset={CWM}")
    assert response.status_code == 200
    body = response.get_json()
    assert body["games"] == 4 and body["ruleset"] == CWM
    assert body == json.loads(json.dumps(statistics(tmp_path / "wh", "games", Filters.parse({"ruleset": CWM}))))
    assert {r["ruler"] for r in body["ruler_wr"]} and body["recall_avg"] is not None
