"""Issue 19: the published description says what the service takes (schemathesis checks it at large: tests/fuzz)."""

from __future__ import annotations

import re
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from engine.rulesets import RULESETS
from pmemo_replay.dates import DateError, parse_when
from pmemo_replay.web.openapi import build_spec
from pmemo_replay.web.schemas import ISO_WHEN_PATTERN

SPEC = build_spec()


def operation(path: str, method: str) -> dict[str, Any]:
    return SPEC["paths"][path][method]  # type: ignore[no-any-return]


def body_schema(path: str) -> dict[str, Any]:
    return operation(path, "post")["requestBody"]["content"]["application/json"]["schema"]  # type: ignore[no-any-return]


def seat_enums(spec: dict[str, Any]) -> list[list[int]]:
    """The seats ``/legal``'s ``p`` and a draft's ``seat`` admit."""
    legal = spec["paths"]["/api/drafts/{draft_id}/legal"]["get"]["parameters"]
    draft = spec["paths"]["/api/drafts/{draft_id}"]["get"]["parameters"]
    return [x["schema"]["enum"] for x in [*legal, *draft] if x["name"] in ("p", "seat")]


def test_seat_parameters_allow_every_seat_of_every_installed_ruleset(tmp_path: Path) -> None:
    from tests.generic.toygame.install import installed

    assert max(r.players[1] for r in RULESETS.values()) == 2 and seat_enums(build_spec()) == [[0, 1], [0, 1]]
    with installed(tmp_path):  # Toy Race: 2 to 4 players
        assert "toy-race-1" in RULESETS
        assert seat_enums(build_spec()) == [[0, 1, 2, 3], [0, 1, 2, 3]]
        assert "Toy Race (toy-race-1)" in build_spec()["info"]["description"]


@pytest.mark.parametrize(("path", "required"), [
    ("/api/drafts/branch", ["at"]),
    ("/api/drafts/{draft_id}/actions", ["action", "expected"]),
    ("/api/drafts/{draft_id}/pair", ["with", "seat"]),
    ("/api/drafts/{draft_id}/merge/pick", ["step", "how", "seat"]),
])
def test_draft_write_bodies_declare_their_required_fields(path: str, required: list[str]) -> None:
    schema = body_schema(path)
    assert schema["type"] == "object" and schema["required"] == required


def test_a_branch_names_a_game_or_sends_a_log() -> None:
    assert body_schema("/api/drafts/branch")["anyOf"] == [{"required": ["game_id"]}, {"required": ["log"]}]


def test_a_draft_takes_seat_and_branches_take_a_game_id_from_0() -> None:
    (seat,) = [x for x in operation("/api/drafts/{draft_id}", "get")["parameters"] if x["name"] == "seat"]
    assert seat["schema"]["minimum"] == 0
    (game,) = operation("/api/drafts/branches", "get")["parameters"]
    assert game["required"] and game["schema"]["minimum"] == 0


@pytest.mark.parametrize("path", ["/api/games", "/api/stats/cards", "/api/stats/trends"])
def test_from_and_to_are_iso_dates(path: str) -> None:
    names = {x["name"]: x["schema"] for x in operation(path, "get")["parameters"] if x["name"] in ("from", "to")}
    assert set(names) == {"from", "to"} and names["from"]["pattern"] == ISO_WHEN_PATTERN  # stats' to: ISO_TO_PATTERN


def test_every_date_the_pattern_admits_is_read_and_every_real_date_is_admitted() -> None:
    pattern = re.compile(ISO_WHEN_PATTERN)
    for start, end in [(date(1, 1, 1), date(4, 12, 31)), (date(1896, 1, 1), date(2104, 12, 31)),
                       (date(9996, 1, 1), date(9999, 12, 31))]:
        for n in range((end - start).days + 1):  # every real day of these years, each read by the server
            day = start + timedelta(days=n)
            assert pattern.match(day.isoformat()), day
    for year in range(1, 10000):  # every leap day, and no other 29 February
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        assert bool(pattern.match(f"{year:04d}-02-29")) == leap, year
    for text in ["2023-02-29", "1900-02-29", "2026-04-31", "0000-01-01", "2026-13-01", "2026-11-01T24:00", "x"]:
        assert not pattern.match(text), text
        with pytest.raises(DateError):
            parse_when("from", text)
    for text in ["2024-02-29", "2000-02-29", "2026-11-01T14:00", "2026-11-01T14:00:05.123Z", " 2026-11-01 "]:
        assert pattern.match(text)
        parse_when("to", text)


def test_legal_refuses_a_seat_that_is_no_number(tmp_path: Path) -> None:
    """What the description forbids (``p`` not a seat number) is refused, not ignored."""
    from tests.drafts.conftest import make_app, table_log

    app = make_app(f"sqlite:///{tmp_path / 'legal.sqlite3'}")
    client = app.test_client()
    created = client.post("/api/drafts", data=table_log()[0]).json
    auth = {"Authorization": f"Bearer {created['token']}"}
    for query in ["p=x", "p=%C2%B2&card=x", "p=-1&card=x", "p=1.0"]:
        refused = client.get(f"/api/drafts/{created['id']}/legal?{query}", headers=auth)
        assert refused.status_code == 400 and "'p'" in refused.json["error"], query
    for query in ["", "?p=0"]:  # p alone changes nothing
        assert client.get(f"/api/drafts/{created['id']}/legal{query}", headers=auth).status_code == 200
    app.extensions["pmemo_store"].close()


def test_the_statistics_to_ends_on_9999_12_30_as_a_date_and_reads_as_the_server_does(tmp_path: Path) -> None:
    from pmemo_replay.web.schemas import ISO_TO_PATTERN
    from tests.drafts.conftest import make_app

    (to,) = [x for x in operation("/api/stats/games", "get")["parameters"] if x["name"] == "to"]
    assert to["schema"]["pattern"] == ISO_TO_PATTERN
    app = make_app(f"sqlite:///{tmp_path / 'to.sqlite3'}")
    client = app.test_client()
    for text, admitted in [("9999-12-31", False), ("9999-12-30", True), ("9999-12-31T23:59:59.999999Z", True),
                           ("2026-12-31", True), ("0001-01-01", True), ("2024-02-29", True), ("", True)]:
        assert bool(re.match(ISO_TO_PATTERN, text)) == admitted, text
        assert (client.get(f"/api/stats/games?to={text}").status_code == 200) == admitted, text
    app.extensions["pmemo_store"].close()


def test_every_operation_documents_what_the_server_refuses_before_the_application() -> None:
    for path, operations in SPEC["paths"].items():
        for method, op in operations.items():
            assert {"414", "431"} <= set(op["responses"]), (method, path)
