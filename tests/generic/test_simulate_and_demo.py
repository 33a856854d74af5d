"""simulate --ruleset, import and list of Mahou Shoujo games; the demo store holds games of every ruleset."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pmemo_replay.cli import main
from pmemo_replay.cli.demo import IN_PROCESS_GAMES, all_tasks, fill_store, simulated_items
from pmemo_replay.logio import read_log
from pmemo_replay.store import Store


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def test_simulate_import_and_list_mahou(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    out_dir = tmp_path / "logs"
    code, out = run(capsys, "simulate", "--ruleset", "mahou-shoujo-1", "--games", "3", "--seed", "4", "--out",
                    str(out_dir), "--db", url)
    assert code == 0 and f"simulated 3 game(s) of mahou-shoujo-1 into {out_dir}; stored 3" in out
    files = sorted(out_dir.glob("*.jsonl"))
    logs = [read_log(f) for f in files]
    assert len(logs) == 3 and all(log.header["ruleset"] == "mahou-shoujo-1" for log in logs)
    policies = {tuple(log.header["meta"]["policies"]) for log in logs}
    assert policies <= {("greedy", "greedy"), ("random", "greedy")}
    assert all(log.header["players"][0]["deck_name"] for log in logs)
    code, out = run(capsys, "import", str(out_dir), "--db", url)
    assert code == 0 and out.strip().splitlines()[0] == "stored 0, already present 3, rejected 0"
    code, out = run(capsys, "list", "--db", url, "--json", "--ruleset", "mahou-shoujo-1")
    games = json.loads(out)
    assert code == 0 and len(games) == 3
    for g in games:
        log = next(log for log in logs if log.header["id"] == g["source_id"])
        assert g["players"] == [p["name"] for p in log.header["players"]] and g["actions"] == len(log.actions)
        assert [s["placement"] for s in g["seats"]].count(1) >= 1
    code, out = run(capsys, "list", "--db", url)
    assert code == 0 and out.count("  mahou-shoujo-1  ") == 3 and " vs " in out and "sim-mahou-4-00000" in out
    assert out.splitlines()[-1] == "3 game(s)"


def test_spawned_workers_simulate_what_this_process_simulates() -> None:
    """The demo's pool (a store filled with more than IN_PROCESS_GAMES games) gives the logs simulated in process."""
    assert IN_PROCESS_GAMES < 25
    assert list(simulated_items(1, 4, 2, others=1)) == list(simulated_items(1, 4, 0, others=1))


def test_simulate_refuses_an_unknown_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--games", "1", "--ruleset", "chess-1"])
    assert exc.value.code == 2 and "chess-1" in capsys.readouterr().err


def test_the_demo_store_holds_every_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from engine.rulesets import RULESETS

    others = sorted(name for name in RULESETS if name != "pm-2.22")  # every game the registry finds
    assert sum(n for _, n, *_ in all_tasks(25, 0, 12)) == 25 + 12 * len(others)
    url = f"sqlite:///{tmp_path / 'demo.sqlite3'}"
    assert fill_store(url, 3, 2, others=2) == 0
    assert f"stored {3 + 2 * len(others)}, already present 0, rejected 0" in capsys.readouterr().out
    with Store(url) as store:
        games = store.list_games(per_page=None).items
    assert sorted(g.ruleset for g in games) == sorted([*others * 2, *["pm-2.22"] * 3])
    assert len({g.source_id for g in games}) == 3 + 2 * len(others)
    url = f"sqlite:///{tmp_path / 'demo2.sqlite3'}"
    assert main(["demo", "--db", url, "--games", "8", "--no-serve"]) == 0  # a quarter of the games: each other game
    with Store(url) as store:
        assert [store.list_games(ruleset=name).total for name in others] == [2] * len(others)
        assert store.list_games(ruleset="pm-2.22").total == 8 - 2 * len(others)
    assert main(["demo", "--games", "2", "--other-games", "3", "--no-serve"]) == 2


def test_import_and_bench_with_ms_cards(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from tests.mahou.kit import CARDS
    from tests.mahou.test_rules import spec_example

    cards = tmp_path / "test-set.json"
    cards.write_text(json.dumps(CARDS), encoding="utf-8")
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "spec.json").write_text(json.dumps(spec_example().doc()), encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    code, out = run(capsys, "import", str(logs), "--db", url)
    assert code == 1 and "log.card at the header" in out  # the bundled set has no MSJ card
    code, out = run(capsys, "import", str(logs), "--db", url, "--cards", str(cards))
    assert code == 0 and out.splitlines()[0] == "stored 1, already present 0, rejected 0"
    code, out = run(capsys, "bench", "fold", str(logs), "--cards", str(cards), "--json")
    report = json.loads(out)
    assert code == 0 and report["games"] == 1 and report["actions"] == len(spec_example().actions)


def test_redact_writes_a_seats_view_of_a_mahou_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A Mahou Shoujo log is complete: its ruleset redacts it (null where the seat saw nothing, review of issue 21,
    6; it was refused before); tests/generic/test_merge_redact_cli.py merges two such views."""
    from pmemo_replay.games.cards import CardLibrary
    from pmemo_replay.simulate import simulated_logs

    log = tmp_path / "ms.json"
    doc = next(simulated_logs(CardLibrary(), 1, 2, ruleset="mahou-shoujo-1"))
    log.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["redact", str(log), "--view", "0"]) == 0
    view = json.loads(capsys.readouterr().out)
    rival_search = next(a for a in view["actions"] if a["type"] == "search" and a["p"] == 1)
    assert view["game"]["meta"]["recorded_from"] == 0 and set(rival_search["cards"]) == {None}
