"""``/api/openapi.json``: generated from the marshmallow schemas; the API's answers match those schemas."""

from __future__ import annotations

from typing import Any

import openapi_spec_validator
from flask import Flask
from flask.testing import FlaskClient
from marshmallow import Schema

from pmemo_replay.web import schemas
from tests.web.data import illegal, simulated

PATHS = {"/api/games": {"get", "post"}, "/api/games/{game_id}": {"get"}, "/api/games/{game_id}/actions": {"get"},
         "/api/games/{game_id}/state": {"get"}, "/api/games/{game_id}/legal": {"get"}, "/api/check": {"post"}, "/api/judge/step": {"post"},
         "/api/openapi.json": {"get"}, **{f"/api/stats/{k}": {"get"} for k in ("cards", "decks", "matchups", "first", "trends", "games")},
         "/api/drafts": {"post"}, "/api/drafts/{draft_id}": {"get"}, "/api/drafts/{draft_id}/actions": {"post"},
         "/api/drafts/{draft_id}/undo": {"post"}, "/api/drafts/{draft_id}/check": {"post"}, "/api/drafts/{draft_id}/finish": {"post"},
         "/api/drafts/{draft_id}/legal": {"get"}, "/api/drafts/{draft_id}/events": {"get"},
         "/api/drafts/{draft_id}/pair": {"post", "delete"}, "/api/drafts/{draft_id}/merge": {"get"},
         "/api/drafts/{draft_id}/merge/finish": {"post"}, "/api/drafts/{draft_id}/merge/pick": {"post"},
         "/api/drafts/branch": {"post"}, "/api/drafts/branches": {"get"}}


def test_openapi_document(client: FlaskClient) -> None:
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.") and doc["info"]["title"] == "pmemo-replay"
    assert {p: set(ops) for p, ops in doc["paths"].items()} == PATHS
    comps = doc["components"]["schemas"]
    assert {"Ruling", "GamePage", "Game", "StateResponse", "Check", "GameState", "Chara", "TrailEntry"} <= set(comps)
    assert set(comps["Ruling"]["properties"]) == {"index", "path", "rule", "ref", "message"}
    params = {p["name"] for p in doc["paths"]["/api/games"]["get"]["parameters"]}
    assert params == {"player", "deck", "card", "event", "ruleset", "from", "to", "page", "per_page", "regular_only"}
    post = doc["paths"]["/api/games"]["post"]["responses"]
    assert set(post) == {"200", "201", "400", "401", "403", "413", "414", "422", "429", "431"}
    assert doc["components"]["securitySchemes"]["apiToken"]["scheme"] == "bearer"
    assert doc["paths"]["/api/games"]["post"]["security"] == [{"apiToken": []}, {}]
    assert post["422"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/UploadRefusal"}
    assert doc["paths"]["/api/games/{game_id}/state"]["get"]["responses"]["400"]


def _valid(schema: Schema, body: Any) -> None:
    errors = schema.validate(body)
    assert errors == {}, errors


def test_answers_match_their_schemas(client: FlaskClient, game_ids: list[int], app: Flask) -> None:
    gid = game_ids[0]
    _valid(schemas.GamePageSchema(), client.get("/api/games").get_json())
    _valid(schemas.GameSchema(), client.get(f"/api/games/{gid}").get_json())
    _valid(schemas.ActionsSchema(), client.get(f"/api/games/{gid}/actions").get_json())
    total = len(simulated(4, 5)[0]["actions"])
    for n in (0, 5, total // 2, total):
        _valid(schemas.StateResponse(), client.get(f"/api/games/{gid}/state?at={n}").get_json())
    _valid(schemas.CheckSchema(), client.post("/api/check", data=illegal()).get_json())
    _valid(schemas.CheckSchema(), client.post("/api/check", data=b"{").get_json())
    _valid(schemas.UploadRefusal(), client.post("/api/games", data=illegal()).get_json())
    _valid(schemas.JudgeStepSchema(), client.post("/api/judge/step?at=10", data=illegal()).get_json())
    _valid(schemas.ErrorSchema(), client.get("/api/games/0").get_json())


def test_openapi_document_is_valid_openapi_3(client: FlaskClient) -> None:
    openapi_spec_validator.validate(client.get("/api/openapi.json").get_json())
