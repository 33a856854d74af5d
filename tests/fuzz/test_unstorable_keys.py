"""Issue 19, finding 1: a lone surrogate or NUL under any key (a non-ASCII digit such as ``"²"``, a number-like key,
``"game"`` or ``"actions"`` out of place) is a clear ruling everywhere: never a ValueError, a 500 or a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pmemo_replay.cli import main
from pmemo_replay.logio.errors import LogError
from pmemo_replay.logio.reader import parse_log, refuse_unstorable
from tests.fuzz.strategies import examples
from tests.store.data import LOGS
from tests.web.conftest import make_app

SAMPLE = json.loads((LOGS / "mhk-points.json").read_text("utf-8"))
#: keys a path could mistake for an index: digits of other scripts, superscripts, fractions, signs, plain numbers
ODD_KEYS = st.one_of(
    st.sampled_from(["²", "³", "¹", "½", "٣", "੩", "߁", "0", "1", "-1", "+1", "1e3", "actions", "game", "", " "]),
    st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=3),
    st.text(max_size=4),
)
#: a string no store keeps: a lone surrogate or NUL somewhere in it
UNSTORABLE = st.builds(lambda a, bad, b: a + bad + b, st.text(max_size=3),
                       st.sampled_from(["\ud800", "\udfff", "\udc00", "\x00"]), st.text(max_size=3))


def _as_json(value: Any) -> str:
    return json.dumps(value)  # ensure_ascii: a lone surrogate becomes a \\udXXX escape, NUL \\u0000


@st.composite
def documents(draw: st.DrawFn) -> str:
    """The sample log, or a bare object, with one unstorable key or value put under an odd key somewhere."""
    key, bad = draw(ODD_KEYS), draw(UNSTORABLE)
    entry = draw(st.sampled_from([{key: bad}, {bad: key}, {key: [bad]}, {key: {key: bad}}]))
    where = draw(st.sampled_from(["bare", "top", "game", "action", "jsonl-action"]))
    if where == "bare":
        return _as_json(entry)
    doc = json.loads(json.dumps(SAMPLE))
    if where == "top":
        doc.update(entry)
    elif where == "game":
        doc["game"].update(entry)
    else:
        doc["actions"][draw(st.integers(0, len(doc["actions"]) - 1))].update(entry)
    if where == "jsonl-action":
        head = {k: v for k, v in doc.items() if k != "actions"}
        return "\n".join(_as_json(x) for x in [head, *doc["actions"]])
    return _as_json(doc)


@given(documents())
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_unstorable_text_is_always_a_ruling(text: str) -> None:
    with pytest.raises(LogError) as refused:
        refuse_unstorable(text)
    ruling = refused.value.ruling
    assert ruling["index"] is None or type(ruling["index"]) is int
    assert "NUL" in ruling["message"] or "surrogate" in ruling["message"]
    with pytest.raises(LogError):
        parse_log(text)
    with pytest.raises(LogError):
        parse_log(text.encode("utf-8"))


@pytest.mark.parametrize("key", ["²", "1", "٣"])
def test_a_digit_like_key_is_named_as_a_key_not_an_action(key: str) -> None:
    with pytest.raises(LogError) as refused:
        refuse_unstorable(_as_json({key: "\ud800"}))
    assert refused.value.ruling["index"] is None and f"field '{key}'" in refused.value.ruling["message"]
    doc = {**SAMPLE, "actions": [{**SAMPLE["actions"][0], key: "\x00"}, *SAMPLE["actions"][1:]]}
    with pytest.raises(LogError) as refused:
        refuse_unstorable(_as_json(doc))
    assert refused.value.ruling["index"] == 0 and f"field '{key}'" in refused.value.ruling["message"]


BODIES = [_as_json({"²": "\ud800"}), _as_json({"²": "\x00"}), _as_json({"game": {"³": "\udfff"}})]


@pytest.mark.parametrize("body", BODIES)
def test_the_api_answers_400(tmp_path: Path, body: str) -> None:
    app = make_app(tmp_path)
    client = app.test_client()
    for path in ("/api/drafts", "/api/judge/step?at=0", "/api/games"):
        r = client.post(path, data=body.encode("utf-8"), content_type="application/json")
        assert r.status_code == 400, (path, r.status_code, r.get_data(as_text=True))
    created = client.post("/api/drafts", data=_as_json({k: v for k, v in SAMPLE.items() if k != "actions"}))
    assert created.status_code == 201, created.get_data(as_text=True)
    r = client.post(f"/api/drafts/{created.json['id']}/actions", data=body.encode("utf-8"), content_type="application/json",
                    headers={"Authorization": f"Bearer {created.json['token']}"})
    assert r.status_code == 400 and "ruling" in r.json
    app.extensions["pmemo_store"].close()


@pytest.mark.parametrize("body", BODIES)
def test_check_json_prints_the_ruling(tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str) -> None:
    path = tmp_path / "odd.json"
    path.write_text(body, encoding="utf-8")
    code = main(["check", str(path), "--json"])
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert code != 0 and not doc["valid"] and doc["ruling"]["rule"] == "log.schema" and "Traceback" not in err
