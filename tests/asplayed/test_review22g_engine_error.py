"""Review r22g of issue 22, finding 7: an engine failure (an exception that is no ruling) inside a fold, as played or
not, is ruled ``engine.error`` at the action it failed on (its index and path), not at the header."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from engine.fold import EngineFault, fold
from engine.pm.ruleset import PreciousMemories
from pmemo_replay.cards import bundled_cards
from pmemo_replay.checking import check_text
from pmemo_replay.logio import parse_log

ROOT = Path(__file__).resolve().parents[2]
CARDS = bundled_cards()
SHORT = (ROOT / "fixtures/as-played/short-payments.jsonl").read_text(encoding="utf-8")  # 4 and 21 paid short


# -- finding 7: an engine failure is ruled at the action it failed on ----------------------------------------------

def _boom(*args: Any) -> None:
    raise ZeroDivisionError("division by zero")


def test_an_engine_failure_while_carrying_out_an_irregular_action_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PreciousMemories, "apply_despite", staticmethod(_boom))  # only an as-played fold calls it
    report = check_text(SHORT, CARDS)
    assert report.ruling == {"index": 4, "path": "4", "rule": "engine.error", "ref": None,
                             "message": "the engine failed on this log at action 4: ZeroDivisionError: division by zero"}
    assert report.applied == 4 and report.state is None and report.exit_code == 1
    log = parse_log(SHORT)
    with pytest.raises(EngineFault) as raised:
        fold(log.header, log.actions, CARDS, keep_trails=False)
    assert (raised.value.index, raised.value.path, type(raised.value.cause)) == (4, "4", ZeroDivisionError)


@pytest.mark.parametrize("name", ["as-played/short-payments.jsonl", "logs/original-points.jsonl"])
@pytest.mark.parametrize("keep_trails", [True, False])
def test_an_engine_failure_on_a_later_action_names_it(monkeypatch: pytest.MonkeyPatch, name: str,
                                                      keep_trails: bool) -> None:
    """A later action fails, in the as-played log (after both irregular actions stood) as in an ordinary one (the same
    game paid in full): the fold raises naming it, and the check rules ``engine.error`` there."""
    text = (ROOT / "fixtures" / name).read_text(encoding="utf-8")
    log = parse_log(text)
    texts = [json.dumps(a, sort_keys=True) for a in log.actions]
    at = next(i for i in range(30, len(texts)) if texts.count(texts[i]) == 1)  # an action like no other in the log

    apply = PreciousMemories.apply

    def failing_apply(state: Any, action: Mapping[str, Any], trail: Any) -> None:
        if json.dumps(action, sort_keys=True) == texts[at]:
            raise KeyError("boom")
        apply(state, action, trail)

    monkeypatch.setattr(PreciousMemories, "apply", staticmethod(failing_apply))
    with pytest.raises(EngineFault) as raised:
        fold(log.header, log.actions, CARDS, keep_trails=keep_trails)
    assert raised.value.index == at and isinstance(raised.value.cause, KeyError)
    ruling = check_text(text, CARDS).ruling
    assert ruling is not None and (ruling["rule"], ruling["index"], ruling["path"]) == ("engine.error", at, str(at))


def test_an_as_played_upload_the_engine_fails_on_is_refused_at_that_action(monkeypatch: pytest.MonkeyPatch,
                                                                          client: Any, app: Any) -> None:
    """Over HTTP: the upload's 422, the store's rejection and ``POST /api/check`` name action 4, nothing is stored."""
    monkeypatch.setattr(PreciousMemories, "apply_despite", staticmethod(_boom))
    ruling = {"index": 4, "path": "4", "rule": "engine.error", "ref": None,
              "message": "the engine failed on this log at action 4: ZeroDivisionError: division by zero"}
    r = client.post("/api/games", data=SHORT, content_type="application/x-ndjson")
    assert r.status_code == 422 and r.get_json()["ruling"] == ruling and r.get_json()["stands_as_played"] is False
    assert app.extensions["pmemo_store"].count("game") == 0
    assert app.extensions["pmemo_store"].ingest_text(SHORT, "as-played.jsonl").ruling == ruling
    checked = client.post("/api/check", data=SHORT, content_type="application/x-ndjson").get_json()
    assert checked["ruling"] == ruling and checked["applied"] == 4 and checked["state"] is None
