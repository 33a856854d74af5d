"""``pmemo-replay simulate --cards DIR [--decks FILE]``: self-play on a card folder with its compiled effects.

Kept small here (a few games per set); the 1,000-game run across the five sets is reported in docs/verification.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.pm.simulate_cards import compiled_effects, set_pools, simulate
from pmemo_replay.cards import load_cards
from pmemo_replay.cli import main

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data" / "data"
pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason="../shared/data/precious-data absent")
GAMES_PER_SET = 4


def test_every_set_plays_without_crash_or_illegal_action() -> None:
    cards = load_cards([DATA])
    sets = set_pools(cards)
    assert set(sets) >= {"GRAN", "MHK", "SAGA", "SSSS", "SZ2"}
    tally = simulate(cards, GAMES_PER_SET * len(sets), seed=3, max_actions=200)
    assert tally.crashes == [] and tally.illegal == []
    assert all(n == GAMES_PER_SET for n in tally.per_set.values())
    assert tally.compiled_uses > 0 and 0 < len(tally.compiled_used) <= compiled_effects(cards)


def test_cli_summary_and_logs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["simulate", "--games", "5", "--seed", "1", "--cards", str(DATA / "SAGA"), "--out", str(tmp_path),
                 "--json", "--max-actions", "150"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0, summary
    assert summary["games"] == 5 and summary["crashes"] == 0 and summary["illegal"] == 0
    assert summary["per_set"] == {"SAGA": 5}
    assert len(list(tmp_path.glob("*.jsonl"))) == 5
    assert main(["check", str(next(tmp_path.glob("*.jsonl"))), "--cards", str(DATA / "SAGA")]) == 0


def test_deck_lists(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cards = load_cards([DATA / "SZ2"])
    pool = sorted({c.id for c in cards if not c.ex and c.type == "chara"})[:15]
    decks = tmp_path / "decks.json"
    decks.write_text(json.dumps([{"name": "sz2", "main": [c for c in pool for _ in range(4)], "ex": []}]), encoding="utf-8")
    code = main(["simulate", "--games", "2", "--cards", str(DATA / "SZ2"), "--decks", str(decks), "--max-actions", "120"])
    out = capsys.readouterr().out
    assert code == 0 and "crashes: 0; re-checked: 0 illegal" in out


@pytest.mark.parametrize(("content", "says"), [
    ("[]", "non-empty list"),
    ('[{"name": "x", "main": ["NOPE 01-001"]}]', "lacks: NOPE 01-001"),
    ("{", "cannot read JSON"),
])
def test_bad_deck_lists_are_named(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, says: str) -> None:
    decks = tmp_path / "decks.json"
    decks.write_text(content, encoding="utf-8")
    assert main(["simulate", "--games", "1", "--cards", str(DATA / "SZ2"), "--decks", str(decks)]) == 2
    assert says in capsys.readouterr().err


def test_decks_without_cards_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["simulate", "--games", "1", "--decks", str(tmp_path / "d.json")]) == 2
    assert "--decks needs --cards" in capsys.readouterr().err


def test_a_card_folder_of_a_game_without_the_check_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``--cards`` plays the cards of the folder's own game (through its ruleset's ``check_by_play``): Mahou Shoujo's
    cards are not silently swapped for Precious Memories' bundled set."""
    mahou = Path(__file__).resolve().parents[2] / "fixtures" / "mahou" / "cards.json"
    assert main(["simulate", "--games", "1", "--cards", str(mahou)]) == 2
    assert "no card file of a game that checks card data by self-play" in capsys.readouterr().err
