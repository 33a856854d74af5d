"""A third game, Toy Race (tests/generic/toygame/: 2–4 seats), installed as a third party would install it (an
entry point in ``pmemo_replay.rulesets``, no service code naming it), through the whole service: check, simulate,
import, list, store (SQLite and PostgreSQL), API views for every seat, the game and judge pages, statistics."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ruleset import Ruleset
from engine.rulesets import RULESETS, get_ruleset
from pmemo_replay.cli import main
from pmemo_replay.logio import read_log
from pmemo_replay.store import Store
from pmemo_replay.web import create_app, schemas
from tests.generic.toygame.install import installed, write_distribution
from tests.store.conftest import pg_database, store_url  # noqa: F401  (fixtures: SQLite file, PostgreSQL schema)
from tests.web.test_pages import token

TOY = "toy-race-1"
ROOT = Path(__file__).resolve().parents[2]
CARD_ID = re.compile(r"TR-\d\d")


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with installed(tmp_path_factory.mktemp("site")):
        yield get_ruleset(TOY)


@pytest.fixture(scope="module")
def sim(toy: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """8 simulated games, their logs, a SQLite store with them and its warehouse."""
    base = tmp_path_factory.mktemp("toy")
    url = f"sqlite:///{base / 'store.sqlite3'}"
    assert main(["simulate", "--ruleset", TOY, "--games", "8", "--seed", "5", "--out", str(base / "logs"), "--db", url,
                 "--warehouse", str(base / "wh")]) == 0
    return base / "logs", base / "wh", url


def logs_of(folder: Path) -> list[Any]:
    return [read_log(f) for f in sorted(folder.glob("*.jsonl"))]


def test_found_only_through_its_entry_point(toy: Any) -> None:
    from importlib.metadata import entry_points

    from engine.rulesets import ENTRY_POINTS

    points = [p for p in entry_points(group=ENTRY_POINTS) if p.name == TOY]
    assert len(points) == 1 and points[0].dist is not None and points[0].dist.name == "toy-race"
    assert points[0].load() is toy and RULESETS[TOY] is toy
    assert isinstance(toy, Ruleset) and toy.players == (2, 4)
    assert set(toy.rules()) >= {"turn.order", "card.hand", "pass.hand", "setup.order", "deck.size"}
    service = [p for d in ("engine", "pmemo_replay", "dashboards") for p in (ROOT / d).rglob("*.py")]
    assert not [p for p in service if "toy-race" in p.read_text("utf-8") or "toygame" in p.read_text("utf-8")]


def test_check_in_a_process_that_finds_the_game_at_start(tmp_path: Path) -> None:
    """A fresh interpreter with the distribution on its path: ``check`` knows the game, legal and illegal."""
    from tests.generic.toygame.cards import parse_cards

    site = write_distribution(tmp_path / "site")
    toy = __import__("tests.generic.toygame.ruleset", fromlist=["RULESET"]).RULESET
    cards = parse_cards(json.loads((ROOT / "tests/generic/toygame/cards.json").read_text("utf-8")))
    deck = ["TR-01", "TR-02", "TR-03", "TR-04", "TR-05", "TR-06"]
    doc = toy.self_play(cards, [deck, deck, deck], 1, names=("A", "B", "C"))
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(doc), "utf-8")
    i = next(i for i, a in enumerate(doc["actions"]) if a["type"] == "play")
    bad_doc = {**doc, "actions": [*doc["actions"][:i], {**doc["actions"][i], "p": (doc["actions"][i]["p"] + 1) % 3}]}
    bad.write_text(json.dumps(bad_doc), "utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    run = [sys.executable, "-m", "pmemo_replay", "check"]
    out = subprocess.run([*run, str(good)], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert out.returncode == 0 and "log: legal" in out.stdout and "wins" in out.stdout, out.stderr
    out = subprocess.run([*run, "--json", str(bad)], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    ruling = json.loads(out.stdout)["ruling"]
    assert out.returncode == 1 and ruling["rule"] == "turn.order" and ruling["index"] == i
    assert ruling["ref"] == "Toy Race TR 2"
    out = subprocess.run([*run, str(good)], capture_output=True, text=True, env={**env, "PYTHONPATH": str(ROOT)},
                         cwd=tmp_path, timeout=120)  # not installed: an unknown ruleset, a clear error
    assert out.returncode == 2 and "toy-race-1" in out.stdout and "not supported" in out.stdout


def _check(capsys: pytest.CaptureFixture[str], path: Path, doc: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    path.write_text(json.dumps(doc), "utf-8")
    code = main(["check", "--json", str(path)])
    return code, json.loads(capsys.readouterr().out)


def test_every_rule_id_legal_and_illegal(toy: Any, sim: tuple[Path, Path, str], tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    log = next(lg for lg in logs_of(sim[0]) if len(lg.header["players"]) >= 3)
    doc = {"format": "pmemo-log", "version": 1, "game": log.header, "actions": log.actions}
    code, report = _check(capsys, tmp_path / "ok.json", doc)
    assert code == 0 and report["valid"] and report["result"]["placements"].count(1) >= 1
    acts = doc["actions"]
    play = next(i for i, a in enumerate(acts) if a["type"] == "play")
    seats = len(doc["game"]["players"])
    players = doc["game"]["players"]
    cases = {
        "turn.order": (1, play, [*acts[:play], {**acts[play], "p": (acts[play]["p"] + 1) % seats}]),
        "card.hand": (1, play, [*acts[:play], {**acts[play], "card": next(
            c for c in ("TR-01", "TR-02", "TR-03", "TR-04", "TR-05", "TR-06")
            if c not in report_hand(toy, doc, play, acts[play]["p"]))}]),
        "pass.hand": (1, play, [*acts[:play], {"type": "pass", "p": acts[play]["p"]}]),
        "setup.order": (1, 0, [acts[1], *acts[2:]]),
        "game.over": (1, len(acts), [*acts, acts[-1]]),
        "log.schema": (2, 2, [*acts[:2], {"type": "fly", "p": 0}]),
    }
    for rule, (exit_code, index, actions) in cases.items():
        code, report = _check(capsys, tmp_path / f"{rule}.json", {**doc, "actions": actions})
        assert (code, report["ruling"]["rule"], report["ruling"]["index"]) == (exit_code, rule, index), rule
    short = [{**p, "deck": p["deck"][:5]} if i == 0 else p for i, p in enumerate(players)]
    code, report = _check(capsys, tmp_path / "deck.json", {**doc, "game": {**doc["game"], "players": short}})
    assert (code, report["ruling"]["rule"], report["ruling"]["index"]) == (1, "deck.size", None)
    unknown = [{**p, "deck": ["TR-99", *p["deck"][1:]]} if i == 1 else p for i, p in enumerate(players)]
    code, report = _check(capsys, tmp_path / "card.json", {**doc, "game": {**doc["game"], "players": unknown}})
    assert (code, report["ruling"]["rule"], report["ruling"]["path"]) == (2, "log.card", "game.players.1.deck.0")


def report_hand(toy: Any, doc: dict[str, Any], at: int, seat: int) -> list[str]:
    from pmemo_replay.checking import check_log
    from pmemo_replay.games.cards import CardLibrary
    from pmemo_replay.logio import load_log

    return check_log(load_log(doc), CardLibrary(), at=at).state["players"][seat]["hand"]


def test_simulate_import_and_list(sim: tuple[Path, Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = sim[0]
    logs = logs_of(folder)
    assert len(logs) == 8 and {len(lg.header["players"]) for lg in logs} >= {3, 4}
    assert all(2 <= len(lg.header["players"]) <= 4 for lg in logs)
    again = f"sqlite:///{tmp_path / 'again.sqlite3'}"
    assert main(["import", str(folder), "--db", again]) == 0
    assert "stored 8, already present 0, rejected 0" in capsys.readouterr().out
    assert main(["list", "--db", again, "--json", "--ruleset", TOY]) == 0
    listed = json.loads(capsys.readouterr().out)
    for g in listed:
        log = next(lg for lg in logs if lg.header["id"] == g["source_id"])
        assert g["players"] == [p["name"] for p in log.header["players"]] and g["actions"] == len(log.actions)
        scores = [s["score"] for s in g["seats"]]
        assert len(scores) == len(log.header["players"])
        assert max(scores) >= 10 or g["result"]["reason"] == "exhausted"
        assert [s["placement"] for s in g["seats"]] == [1 + sum(o > x for o in scores) for x in scores]
        assert g["result"]["winner"] in ([scores.index(max(scores))] if scores.count(max(scores)) == 1 else [None])
    assert main(["stats", "games", "--db", again, "--ruleset", TOY]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^games\s+8$", out, re.M) and re.search(r"^end reasons\s+(target|exhausted) ", out, re.M)
    assert "Gems" not in out and "first player" not in out and "Grand" not in out  # no figures it lacks


def test_the_store_on_sqlite_and_postgresql(toy: Any, sim: tuple[Path, Path, str], store_url: str) -> None:  # noqa: F811
    logs = logs_of(sim[0])
    with Store(store_url) as store:
        ids = [store.ingest_text((sim[0] / f"{lg.header['id']}.jsonl").read_bytes(), lg.header["id"]).game_id
               for lg in logs]
        assert None not in ids
        assert store.list_games(ruleset=TOY, per_page=None).total == 8
        for game_id, log in zip(ids, logs, strict=True):
            state, _ = store.state_at(game_id)
            assert [p["score"] for p in state["players"]] == [s.score for s in store.get_game(game_id).seats]
            for n in (0, 3, len(log.actions) // 2):
                assert store.state_at(game_id, n)[0]["applied"] == n
        four = next(i for i, lg in zip(ids, logs, strict=True) if len(lg.header["players"]) == 4)
        assert [a["p"] for a in store.actions(four)] == [a["p"] for a in logs[ids.index(four)].actions]
        assert store.reprocess_all().unchanged == 8


@pytest.fixture(scope="module")
def client(sim: tuple[Path, Path, str]) -> FlaskClient:
    _, wh, url = sim
    app = create_app({"PMEMO_DATABASE_URL": url, "TESTING": True, "SECRET_KEY": "test", "PMEMO_OPEN_UPLOADS": True,
                      "PMEMO_WRITE_RATE": "off", "PMEMO_ALLOWED_HOSTS": "localhost", "PMEMO_WAREHOUSE": str(wh)})
    return app.test_client()


def _hidden_from(view: dict[str, Any], judge: dict[str, Any], seat: int | None) -> None:
    """Every hand but ``seat``'s is only nulls (its count kept); ``seat``'s is the judge's."""
    for i, (shown, full) in enumerate(zip(view["players"], judge["players"], strict=True)):
        assert len(shown["hand"]) == len(full["hand"]) == shown["hand_count"]
        assert shown["hand"] == (full["hand"] if i == seat else [None] * len(full["hand"]))
        assert {k: v for k, v in shown.items() if k != "hand"} == {k: v for k, v in full.items() if k != "hand"}


def test_views_of_every_seat_hide_the_others_hands(client: FlaskClient, sim: tuple[Path, Path, str]) -> None:
    listing = client.get(f"/api/games?ruleset={TOY}&per_page=50").get_json()
    assert schemas.GamePageSchema().validate(listing) == {}  # the documented shapes hold for any game
    games = listing["items"]
    game = next(g for g in games if len(g["seats"]) == 4)
    gid, total = game["id"], game["actions"]
    assert schemas.GameSchema().validate(client.get(f"/api/games/{gid}").get_json()) == {}
    for url in (f"/api/games/{gid}/state?at=5&view=2", f"/api/games/{gid}/state"):
        assert schemas.StateResponse().validate(client.get(url).get_json()) == {}
    assert schemas.LegalResponse().validate(client.get(f"/api/games/{gid}/legal?at=5&view=3").get_json()) == {}
    assert schemas.ActionsSchema().validate(client.get(f"/api/games/{gid}/actions?view=1").get_json()) == {}
    text = next(sim[0].glob("*.jsonl")).read_bytes()
    checked = client.post("/api/check?at=4", data=text, content_type="application/x-ndjson").get_json()
    assert schemas.CheckSchema().validate(checked) == {} and checked["valid"] and checked["applied"] == 4
    judge_actions = client.get(f"/api/games/{gid}/actions").get_json()["actions"]
    for at in range(0, total + 1, 3):
        judge = client.get(f"/api/games/{gid}/state?at={at}").get_json()
        every = client.get(f"/api/games/{gid}/legal?at={at}").get_json()["legal"]
        for view in ("0", "1", "2", "3", "public"):
            seat = None if view == "public" else int(view)
            seen = client.get(f"/api/games/{gid}/state?at={at}&view={view}").get_json()
            _hidden_from(seen["state"], judge["state"], seat)
            mine = [e["message"] for e in seen["trail"] or []]
            owner = judge_actions[at - 1]["p"] if at else None
            assert owner == seat or not any(CARD_ID.search(m) for m in mine if "draws" in m)
            legal = client.get(f"/api/games/{gid}/legal?at={at}&view={view}").get_json()["legal"]
            assert legal == [{**a, "order": [None] * len(a["order"])} if a["type"] == "shuffle" else a
                             for a in every if a["p"] == seat]  # nobody sees a deck's order
    for view in ("0", "3", "public"):
        logged = client.get(f"/api/games/{gid}/actions?view={view}").get_json()["actions"]
        assert [a["type"] for a in logged] == [a["type"] for a in judge_actions]
        assert all(set(a["order"]) == {None} for a in logged if a["type"] == "shuffle")
        assert [a for a in logged if a["type"] != "shuffle"] == [a for a in judge_actions if a["type"] != "shuffle"]
    assert client.get(f"/api/games/{gid}/state?view=4").status_code == 400
    assert client.get(f"/api/games/{gid}/legal?view=7").status_code == 400
    assert client.get(f"/api/games/{gid}/actions?view=x").status_code == 400
    assert client.get(f"/api/games/{gid}/state?view=1%0A").status_code == 400
    spec = client.get("/api/openapi.json").get_json()["paths"]["/api/games/{game_id}/state"]["get"]["parameters"]
    assert next(p for p in spec if p["name"] == "view")["schema"]["pattern"] == "^(judge|public|0|[1-9][0-9]?)$"
    three = next(g for g in games if len(g["seats"]) == 3)["id"]
    assert client.get(f"/api/games/{three}/state?view=3").status_code == 400
    assert client.get(f"/api/games/{three}/state?view=2").status_code == 200
    judge3 = client.get(f"/api/games/{three}/state?at=4").get_json()["state"]
    public3 = client.get(f"/api/games/{three}/state?at=4&view=public").get_json()  # hides only the seats it has
    _hidden_from(public3["state"], judge3, None)
    assert client.get(f"/api/games/{three}/actions?view=public").status_code == 200
    assert client.get(f"/games/{three}?view=public").status_code == 200


def test_game_and_judge_pages_use_the_generic_board(client: FlaskClient, sim: tuple[Path, Path, str]) -> None:
    games = client.get(f"/api/games?ruleset={TOY}&per_page=50").get_json()["items"]
    game = next(g for g in games if len(g["seats"]) == 4)
    for view in ("judge", "2", "public"):
        page = client.get(f"/games/{game['id']}?view={view}")
        html = page.get_data(as_text=True)
        assert page.status_code == 200 and "boards/generic.js" in html and game["players"][3] in html
        if view == "2":  # the page's data holds no hand card of another seat
            data = json.loads(re.search(r'id="viewer-data"[^>]*>(.*?)</script>', html, re.S).group(1))
            assert data["view"] == "2" and len(data["players"]) == 4
            assert data["cards"]["TR-06"] == {"id": "TR-06", "name": "Zero", "value": 0}  # ids of any shape get facts
    assert client.get(f"/games/{game['id']}?view=4").status_code == 400
    text = next(sim[0].glob("*.jsonl")).read_text("utf-8")
    page = client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": text})
    assert page.status_code == 200 and "boards/generic.js" in page.get_data(as_text=True)
    lines = text.splitlines()
    first = json.loads(lines[-1])
    bad = "\n".join([*lines, json.dumps(first)])  # an action after the end
    page = client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": bad})
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "game.over" in html and "Toy Race TR 3" in html


def test_statistics_count_cards_and_leave_out_two_seat_views(client: FlaskClient, sim: tuple[Path, Path, str]) -> None:
    logs = logs_of(sim[0])
    cards = client.get(f"/api/stats/cards?ruleset={TOY}").get_json()
    rows = cards if isinstance(cards, list) else cards["rows"]
    decks = {c for lg in logs for p in lg.header["players"] for c in p["deck"]}
    assert {r["card"] for r in rows} == decks
    seats = sum(len(lg.header["players"]) for lg in logs)
    for r in rows:
        holding = sum(r["card"] in p["deck"] for lg in logs for p in lg.header["players"])
        assert r["games"] == holding and r["deck_share"] == pytest.approx(holding / seats)
    matchups = client.get(f"/api/stats/matchups?ruleset={TOY}").get_json()
    first = client.get(f"/api/stats/first?ruleset={TOY}").get_json()
    assert matchups["two_seats"] is False and matchups["rows"] == [] and first["rows"] == []
    decks_rows = client.get(f"/api/stats/decks?ruleset={TOY}").get_json()["rows"]
    assert {r["archetype"] for r in decks_rows} <= {"Low", "High", "Mixed"}
    games = client.get(f"/api/stats/games?ruleset={TOY}").get_json()
    reasons = {lg.header["id"]: None for lg in logs}
    assert games["games"] == len(reasons) and set(games["end_reasons"]) <= {"target", "exhausted"}
    assert games["gems_avg"] is None and games["first_games"] is None  # Mahou's figures, two-seat figures: none
    page = client.get(f"/meta?ruleset={TOY}")
    sections = re.findall(r"<h2[^>]*>([^<]*)", page.get_data(as_text=True))
    assert page.status_code == 200 and "Cards" in sections and "Archetypes" in sections
    assert "Matchups" not in sections and "First-player advantage" not in sections  # views of two-seat games


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 4), cut=st.floats(0, 1))
def test_fold_snapshot_and_legal_actions_agree(toy: Any, seed: int, seats: int, cut: float) -> None:
    """Self-play logs fold legal; a snapshot taken anywhere folds on to the same end; every legal action there is
    accepted; the judge's state JSON survives the round trip."""
    from engine.fold import Folder
    from engine.rulings import Trail
    from pmemo_replay.games.cards import CardLibrary

    cards = CardLibrary().for_ruleset(TOY)
    decks = [json.loads(p.read_text("utf-8"))["cards"] for p in sorted((ROOT / "tests/generic/toygame/decks").glob("*.json"))]
    doc = toy.self_play(cards, [decks[(seed + i) % len(decks)] for i in range(seats)], seed,
                        names=[f"P{i}" for i in range(seats)])
    n = int(cut * len(doc["actions"]))
    folder = Folder(doc["game"], cards)
    for action in doc["actions"][:n]:
        folder.push(action)
    restored = toy.from_snapshot(json.loads(json.dumps(toy.to_snapshot(folder.state))), cards)
    assert toy.to_json(restored) == toy.to_json(folder.state)
    for action in toy.legal_actions(restored):
        toy.apply(toy.clone(restored), action, Trail())
    again = Folder(doc["game"], cards, state=restored, offset=n)
    for action in doc["actions"][n:]:
        folder.push(action)
        again.push(action)
    assert toy.result(folder.state) is not None and toy.to_json(again.state) == toy.to_json(folder.state)
