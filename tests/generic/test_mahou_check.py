"""`pmemo-replay check` on Mahou Shoujo logs (mahou-shoujo.md §10-§12): rulings with Mahou Shoujo refs, the state
JSON, exit codes, both log forms, standard input, and --cards told by each file's format."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pmemo_replay.cli import main
from pmemo_replay.logio import dump_jsonl, load_log
from tests.mahou.kit import CARDS
from tests.mahou.test_play import SPEC_PLAYER_0
from tests.mahou.test_rules import spec_example

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def cards_file(tmp_path: Path) -> Path:
    path = tmp_path / "test-set.json"
    path.write_text(json.dumps(CARDS), encoding="utf-8")
    return path


def _write(tmp_path: Path, doc: dict[str, Any], name: str = "log.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_the_spec_example_state_after_eleven_actions(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     cards_file: Path) -> None:
    log = _write(tmp_path, spec_example().doc())
    code, out, _ = run(capsys, "check", str(log), "--cards", str(cards_file), "--json", "--at", "11")
    doc = json.loads(out)
    assert code == 0 and doc["valid"] and doc["applied"] == 11 and doc["ruling"] is None and doc["result"] is None
    state = doc["state"]
    assert (state["ruleset"], state["turn"], state["turn_player"], state["phase"], state["actions_used"]) == (
        "mahou-shoujo-1", 1, 0, "turn", 2)
    assert state["players"][0] == SPEC_PLAYER_0 and doc["unverified"] == []
    code, out, _ = run(capsys, "check", str(log), "--cards", str(cards_file), "--json")
    whole = json.loads(out)
    assert code == 0 and whole["applied"] == 12 and whole["state"]["turn"] == 2 and whole["state"]["turn_player"] == 1
    jsonl = tmp_path / "log.jsonl"
    jsonl.write_text(dump_jsonl(load_log(spec_example().doc())), encoding="utf-8")
    assert run(capsys, "check", str(jsonl), "--cards", str(cards_file), "--json")[1] == out


def test_an_illegal_action_cites_the_rules_sheet(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                 cards_file: Path) -> None:
    doc = spec_example().doc()
    doc["actions"][10] = {"type": "play_power", "p": 0, "card": "MSJ 040"}  # §10: power.cost at index 10
    code, out, _ = run(capsys, "check", str(_write(tmp_path, doc)), "--cards", str(cards_file), "--json")
    report = json.loads(out)
    assert code == 1 and not report["valid"] and report["applied"] == 10
    assert report["ruling"]["rule"] == "power.cost" and report["ruling"]["ref"] == "Mahou Shoujo SR Act Power"
    assert (report["ruling"]["index"], report["ruling"]["path"]) == (10, "10")
    assert report["state"]["applied"] == 10 and report["state"]["players"][0]["active"]["mgk"] == 0
    code, text, _ = run(capsys, "check", str(_write(tmp_path, doc)), "--cards", str(cards_file))
    assert code == 1 and "ruling: power.cost at action 10 (path 10) [Mahou Shoujo SR Act Power]" in text
    assert "player 0 Aoi: gems 0, deck 33, hand 4, dreamscape 1" in text and "active: MSJ 001 HP 7/7 ATK 1 MGK 0" in text


def test_malformed_and_unknown_cards_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path, cards_file: Path) -> None:
    doc = spec_example().doc()
    doc["actions"][7] = {"type": "place_hero", "p": 0, "card": "MSJ 002", "to": "squad:3"}
    code, out, _ = run(capsys, "check", str(_write(tmp_path, doc)), "--cards", str(cards_file), "--json")
    ruling = json.loads(out)["ruling"]
    assert code == 2 and ruling["rule"] == "log.schema" and (ruling["index"], ruling["path"]) == (7, "7")
    assert "squad:3" in ruling["message"]
    doc = spec_example().doc()
    doc["actions"][9] = {"type": "play_event", "p": 1, "card": "MSJ 999"}
    code, out, _ = run(capsys, "check", str(_write(tmp_path, doc)), "--cards", str(cards_file), "--json")
    ruling = json.loads(out)["ruling"]
    assert code == 2 and ruling["rule"] == "log.card" and ruling["index"] == 9 and "MSJ 999" in ruling["message"]
    # without --cards: the bundled Mahou Shoujo set, which has no MSJ card
    code, out, _ = run(capsys, "check", str(_write(tmp_path, spec_example().doc())), "--json")
    ruling = json.loads(out)["ruling"]
    assert code == 2 and ruling["rule"] == "log.card" and ruling["index"] is None
    assert ruling["path"] == "game.players.0.deck.0"
    doc = spec_example().doc()
    doc["game"]["players"][1]["ex_deck"] = ["MSJ 001"]
    code, out, _ = run(capsys, "check", str(_write(tmp_path, doc)), "--cards", str(cards_file), "--json")
    ruling = json.loads(out)["ruling"]
    assert code == 2 and ruling["rule"] == "log.schema" and ruling["path"] == "game.players.1.ex_deck"


def test_deck_rulings_on_the_header(capsys: pytest.CaptureFixture[str], tmp_path: Path, cards_file: Path) -> None:
    doc = spec_example().doc()
    doc["game"]["players"][1]["deck"] = doc["game"]["players"][1]["deck"][:39]
    code, out, _ = run(capsys, "check", str(_write(tmp_path, doc)), "--cards", str(cards_file), "--json")
    ruling = json.loads(out)["ruling"]
    assert code == 1 and ruling["rule"] == "deck.size" and ruling["ref"] == "Mahou Shoujo HR 1"
    assert ruling["index"] is None and ruling["path"] == "game.players.1.deck"


def test_standard_input_and_the_bundled_set(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    from pmemo_replay.games.cards import CardLibrary
    from pmemo_replay.simulate import simulated_logs

    doc = next(simulated_logs(CardLibrary(), 1, 3, ruleset="mahou-shoujo-1"))
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(dump_jsonl(load_log(doc)).encode("utf-8"))))
    code, out, _ = run(capsys, "check", "-", "--json")
    report = json.loads(out)
    assert code == 0 and report["valid"] and report["applied"] == len(doc["actions"])
    assert report["result"]["reason"] in ("gems", "deck_out", "draw") and report["state"]["phase"] == "over"


def test_cards_files_of_both_games_in_one_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                 cards_file: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    shutil.copy(cards_file, folder / "ms.json")
    shutil.copy(ROOT / "fixtures" / "cards" / "mhk.json", folder / "mhk.json")
    (folder / "scripted").mkdir()  # read after mhk.json (a folder is read in path order): its scripts win
    shutil.copy(ROOT / "fixtures" / "cards" / "scripted" / "mhk.json", folder / "scripted" / "mhk.json")
    mahou = _write(tmp_path, spec_example().doc())
    assert run(capsys, "check", str(mahou), "--cards", str(folder))[0] == 0
    pm = ROOT / "fixtures" / "logs" / "mhk-points.json"
    assert run(capsys, "check", str(pm), "--cards", str(folder))[0] == 0
    # the Precious Memories log with only an ms-cards file: its own bundled data
    assert run(capsys, "check", str(pm), "--cards", str(cards_file))[0] == 0


def test_a_bad_ms_cards_file_names_the_card_and_the_field(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = json.loads(json.dumps(CARDS))
    bad["cards"][1]["hp"] = "5"
    path = _write(tmp_path, bad, "bad.json")
    with pytest.raises(SystemExit) as exc:
        main(["check", str(_write(tmp_path, spec_example().doc())), "--cards", str(path)])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "bad.json" in err and "MSJ 002" in err and "'hp'" in err
