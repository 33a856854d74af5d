"""The command line: import keeps the warehouse current (twice: no duplicates), stats, warehouse, export."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import duckdb
import pytest

from dashboards.filters import Filters
from dashboards.location import ENV_WAREHOUSE
from dashboards.queries import STATS, statistics
from dashboards.warehouse import read_state
from pmemo_replay.cli import main
from tests.web.data import jsonl, simulated

GAMES = 8


def write_logs(folder: Path, docs: tuple[dict[str, Any], ...]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for doc in docs:
        (folder / f"{doc['game']['id']}.jsonl").write_bytes(jsonl(doc))
    return folder


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    """A store with GAMES simulated games imported (the warehouse beside it: data.warehouse)."""
    monkeypatch.delenv(ENV_WAREHOUSE, raising=False)
    url = f"sqlite:///{tmp_path / 'data.sqlite3'}"
    code, _, _ = run(capsys, "import", str(write_logs(tmp_path / "logs", simulated(GAMES, 21))), "--db", url, "--workers", "0")
    assert code == 0
    return url


def finished(docs: tuple[dict[str, Any], ...]) -> int:
    from pmemo_replay.cards import bundled_cards
    from pmemo_replay.checking import check_text

    return sum(check_text(jsonl(d), bundled_cards()).result is not None for d in docs)


def test_import_twice_then_more(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "data.warehouse"
    state = read_state(folder)
    assert (state.watermark, state.projected) == (GAMES, finished(simulated(GAMES, 21)))
    code, out, _ = run(capsys, "import", str(tmp_path / "logs"), "--db", db, "--workers", "0")
    assert code == 0 and f"already present {GAMES}" in out
    assert read_state(folder) == state  # nothing new, nothing projected
    more = simulated(GAMES + 4, 21)[GAMES:]
    run(capsys, "import", str(write_logs(tmp_path / "more", more)), "--db", db, "--workers", "0")
    assert read_state(folder).projected == state.projected + finished(more)
    with duckdb.connect() as con:
        glob = str(folder / "player_games" / "*" / "*.parquet")
        total, distinct = con.execute(f"SELECT count(*), count(DISTINCT (game_id, seat)) FROM read_parquet('{glob}')").fetchone()  # type: ignore[misc]
    assert total == distinct == 2 * read_state(folder).projected


def test_import_with_a_warehouse_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    run(capsys, "import", str(write_logs(tmp_path / "logs", simulated(3, 22))), "--db", url, "--warehouse", str(tmp_path / "w"))
    assert read_state(tmp_path / "w").watermark == 3 and not (tmp_path / "x.warehouse").exists()


def test_stats_json_equals_the_queries(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "data.warehouse"
    for kind in STATS:
        code, out, _ = run(capsys, "stats", kind, "--db", db, "--json")
        assert code == 0
        want_body = json.loads(json.dumps(statistics(folder, kind, Filters())))
        assert json.loads(out) == (want_body["rows"] if kind == "cards" else want_body)
    opts = ["--from", "2026-10-01", "--to", "2026-11-30", "--first", "1", "--min-games", "2", "--ruleset", "pm-2.22"]
    code, out, _ = run(capsys, "stats", "cards", "--db", db, "--json", *opts)
    want = Filters.parse({"from": "2026-10-01", "to": "2026-11-30", "first": "1", "min_games": "2", "ruleset": "pm-2.22"})
    assert json.loads(out) == json.loads(json.dumps(statistics(folder, "cards", want)))["rows"]
    assert all(r["games"] >= 2 for r in json.loads(out)), "stats cards --json prints the rows as an array"
    decks = json.loads(run(capsys, "stats", "decks", "--db", db, "--json")[1])["rows"]
    archetype = decks[0]["archetype"]
    body = json.loads(run(capsys, "stats", "cards", "--db", db, "--json", "--envelope", "--archetype", archetype)[1])
    assert body["covers"]["player_games"] == decks[0]["games"] and body["filters"] == {"archetype": archetype}


def test_stats_text_sort_and_limit(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    covers = json.loads(run(capsys, "stats", "cards", "--db", db, "--json", "--envelope")[1])["covers"]
    code, out, _ = run(capsys, "stats", "cards", "--db", db, "--sort", "gih_wr", "--limit", "5")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "ruleset: pm-2.22"  # the text names the game its numbers are of
    assert lines[1] == f"{covers['games']} game(s), {covers['player_games']} player-game(s)"
    assert lines[2].split()[:3] == ["card", "name", "games"] and len(lines) == 3 + 5
    body = json.loads(run(capsys, "stats", "cards", "--db", db, "--json", "--envelope", "--sort", "gih_wr")[1])
    values = [r["gih_wr"] for r in body["rows"] if r["gih_wr"] is not None]
    assert values == sorted(values, reverse=True)
    for kind in ("decks", "matchups", "first", "trends"):
        code, out, _ = run(capsys, "stats", kind, "--db", db)
        assert code == 0 and "WR% [95%]" in out
    assert run(capsys, "stats", "cards", "--db", db, "--sort", "nope")[0] == 2


def test_bad_options_exit_2(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "stats", "cards", "--db", db, "--from", "soon")
    assert code == 2 and "from" in err
    code, _, err = run(capsys, "stats", "cards", "--no-update", "--warehouse", str(tmp_path / "missing"))
    assert code == 2 and "no warehouse" in err


def test_warehouse_command(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    info = json.loads(run(capsys, "warehouse", "info", "--db", db, "--json")[1])
    assert info["watermark"] == GAMES and info["folder"] == str(tmp_path / "data.warehouse")
    assert info["rulesets"] == {"pm-2.22": info["projected"]}
    before = json.loads(run(capsys, "stats", "cards", "--db", db, "--json")[1])
    rebuilt = json.loads(run(capsys, "warehouse", "rebuild", "--db", db, "--json")[1])
    assert rebuilt["rebuilt"] and rebuilt["projected"] == info["projected"]
    assert json.loads(run(capsys, "stats", "cards", "--db", db, "--json", "--rebuild")[1]) == before
    assert json.loads(run(capsys, "warehouse", "update", "--db", db, "--json")[1])["projected"] == 0
    text = run(capsys, "warehouse", "info", "--db", db)[1]
    assert f"stored game(s) taken in (ids up to {GAMES})" in text and f"by ruleset: pm-2.22 {info['projected']}" in text


def test_env_warehouse_and_no_update(db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(ENV_WAREHOUSE, str(tmp_path / "env-wh"))
    code, out, _ = run(capsys, "stats", "decks", "--db", db, "--json")
    assert code == 0 and read_state(tmp_path / "env-wh").watermark == GAMES
    monkeypatch.delenv(ENV_WAREHOUSE)
    code, out2, _ = run(capsys, "stats", "decks", "--no-update", "--warehouse", str(tmp_path / "env-wh"), "--json")
    assert code == 0 and json.loads(out2) == json.loads(out)


def test_export_cards_csv(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cards.csv"
    code, said, _ = run(capsys, "export", "cards", "--out", str(out), "--db", db, "--min-games", "3", "--first", "0")
    assert code == 0 and "card row(s)" in said
    rows = list(csv.DictReader(io.StringIO(out.read_text("utf-8"))))
    want = json.loads(run(capsys, "stats", "cards", "--db", db, "--json", "--min-games", "3", "--first", "0")[1])
    assert [r["card"] for r in rows] == [r["card"] for r in want]
    assert rows[0]["gih_ci_low"] == repr(want[0]["gih_ci"][0]) and rows[0]["name"] == want[0]["name"]
    code, text, _ = run(capsys, "export", "cards", "--out", "-", "--db", db)
    assert code == 0 and text.startswith("card,name,games,deck_share,gp_wr,gp_ci_low,gp_ci_high,")


def test_export_warehouse(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "export"
    code, said, _ = run(capsys, "export", "warehouse", "--out", str(out), "--db", db)
    assert code == 0 and "exported" in said
    state = read_state(tmp_path / "data.warehouse")
    with duckdb.connect() as con:
        def count(sql: str) -> Any:
            return con.execute(sql).fetchall()[0]

        games = count(f"SELECT count(*) FROM read_parquet('{out}/games/*/*.parquet', hive_partitioning=true)")
        assert games == (state.projected,)
        cg = f"read_parquet('{out}/card_games/*/*.parquet', hive_partitioning=true)"
        seen, played, scores = count(f"SELECT count_if(seen), count_if(played), list(DISTINCT score ORDER BY score) FROM {cg}")
        assert seen > 0 and played > 0 and set(scores) <= {0.0, 0.5, 1.0}
        names = {r[0] for r in con.execute(f"DESCRIBE SELECT * FROM {cg}").fetchall()}
        assert {"in_opening", "seen", "played", "score", "turn_played", "month"} <= names and "key" not in names
        assert count(f"SELECT count(*) FROM '{out}/cards/cards.parquet'")[0] > 0
    assert run(capsys, "export", "warehouse", "--out", str(out), "--db", db)[0] == 2  # not empty
    assert run(capsys, "export", "warehouse", "--out", str(tmp_path / "e2"), "--db", db, "--event", "x")[0] == 2


def test_cards_option_folds_with_the_given_card_data(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = Path(__file__).resolve().parents[2] / "fixtures" / "cards"
    before = json.loads(run(capsys, "stats", "decks", "--db", db, "--json")[1])
    code, out, _ = run(capsys, "stats", "decks", "--db", db, "--json", "--rebuild", "--cards", str(cards / "mhk.json"),
                       "--cards", str(cards / "original.json"))
    assert code == 0 and json.loads(out) == before
    assert run(capsys, "stats", "decks", "--db", db, "--cards", str(tmp_path / "missing.json"))[0] == 2


BAD_DATES = [(["--to", "9999-12-31"], "to: '9999-12-31' is out of range"),
             (["--from", "0001-01-01T00:00+01:00"], "from: '0001-01-01T00:00+01:00' is out of range in UTC"),
             (["--from", "2026-11-05", "--to", "2026-11-01"], "from '2026-11-05' is after to '2026-11-01'"),
             (["--from", "2026-11-05", "--to", "20261101"], "from '2026-11-05' is after to '20261101'")]


@pytest.mark.parametrize(("opts", "message"), BAD_DATES)
def test_dates_out_of_range_or_reversed_exit_2(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], opts: list[str],
                                               message: str) -> None:
    for command in (["stats", "cards"], ["stats", "decks", "--json"], ["export", "cards", "--out", str(tmp_path / "c.csv")]):
        code, out, err = run(capsys, *command, "--db", db, *opts)
        assert (code, out) == (2, "") and f"pmemo-replay: {message}" in err and "Traceback" not in err, command
    assert not (tmp_path / "c.csv").exists()


def test_limit_takes_no_negative_count(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    rows = json.loads(run(capsys, "stats", "cards", "--db", db, "--json")[1])
    assert len(rows) > 3
    code, out, err = run(capsys, "stats", "cards", "--db", db, "--json", "--limit", "-1")
    assert (code, out) == (2, "") and "--limit: must be 0 or more, not -1" in err
    assert run(capsys, "stats", "cards", "--db", db, "--limit", "x")[0] == 2
    assert json.loads(run(capsys, "stats", "cards", "--db", db, "--json", "--limit", "0")[1]) == []
    assert json.loads(run(capsys, "stats", "cards", "--db", db, "--json", "--limit", "3")[1]) == rows[:3]
    assert json.loads(run(capsys, "stats", "cards", "--db", db, "--json", "--limit", str(len(rows) + 5))[1]) == rows


def test_simulate_and_demo_keep_the_warehouse_current(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv(ENV_WAREHOUSE, raising=False)
    url = f"sqlite:///{tmp_path / 'sim.sqlite3'}"
    code, _, err = run(capsys, "simulate", "--games", "3", "--seed", "4", "--db", url)
    assert code == 0 and "warehouse:" in err
    state = read_state(tmp_path / "sim.warehouse")  # beside the store, as import does
    assert state.watermark == 3 and state.projected >= 1
    code, _, _ = run(capsys, "simulate", "--games", "2", "--seed", "5", "--db", url, "--warehouse", str(tmp_path / "w"))
    assert code == 0 and read_state(tmp_path / "w").watermark == 5  # a new warehouse projects the whole store
    assert read_state(tmp_path / "sim.warehouse") == state
    demo = f"sqlite:///{tmp_path / 'demo.sqlite3'}"
    assert run(capsys, "demo", "--games", "8", "--other-games", "3", "--no-serve", "--db", demo)[0] == 0  # 2 + 3 + 3
    state = read_state(tmp_path / "demo.warehouse")
    assert state.watermark == 8 and state.refused == []  # the demo's store (both games) is projected before it is served
    assert statistics(tmp_path / "demo.warehouse", "games", Filters.parse({"ruleset": "mahou-shoujo-1"}))["games"] == 3
