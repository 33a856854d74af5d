"""A card file nesting 100,000 lists (in a card's ``meta``) is refused with a clear error, exit 2, for every game's
card format, as a log that nests too deeply is (review r24 finding 9): never an uncaught RecursionError."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pmemo_replay.cli import main

ROOT = Path(__file__).resolve().parents[2]
FILES = {"pmemo-cards": ROOT / "fixtures/cards/original.json", "ms-cards": ROOT / "fixtures/mahou/cards.json",
         "cwm-cards": ROOT / "fixtures/clockwork/cards.json"}
DEPTH = 100_000


@pytest.mark.parametrize("fmt", sorted(FILES))
def test_a_card_file_nesting_too_deeply_is_refused(fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(FILES[fmt].read_text(encoding="utf-8"))
    assert doc["format"] == fmt
    doc["cards"] = doc["cards"][:1]
    text = json.dumps({**doc, "cards": [{**doc["cards"][0], "meta": "@@"}]})
    deep = tmp_path / "deep.json"
    deep.write_text(text.replace('"@@"', "[" * DEPTH + "]" * DEPTH), encoding="utf-8")
    log = tmp_path / "log.json"
    log.write_text(json.dumps({"format": "pmemo-log", "version": 1, "game": {}, "actions": []}), encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        main(["check", str(log), "--cards", str(deep)])
    code = exited.value.code
    err = capsys.readouterr().err
    assert code == 2 and "nests lists or objects too deeply" in err and "Traceback" not in err, err
