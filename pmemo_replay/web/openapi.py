"""The OpenAPI description of the HTTP API, generated from the marshmallow schemas with apispec."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from pmemo_replay.web import schemas, stats_schemas

LOG_BODY = {
    "description": "a pmemo-log: a JSON document or JSON Lines, as the body, or the multipart field `log`",
    "required": True,
    "content": {
        "application/json": {"schema": {"type": "object"}},
        "application/x-ndjson": {"schema": {"type": "string"}},
        "multipart/form-data": {"schema": {"type": "object", "properties": {"log": {"type": "string", "format": "binary"}}}},
    },
}
GAME_ID = {"in": "path", "name": "game_id", "required": True, "schema": {"type": "integer"}}


def _json(schema: str, description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _error(description: str) -> dict[str, Any]:
    return _json("Error", description)


COMPONENTS: dict[str, type[Any]] = {
    "Error": schemas.ErrorSchema, "Ruling": schemas.RulingSchema, "RulingResponse": schemas.RulingResponse,
    "Created": schemas.CreatedSchema, "Result": schemas.ResultSchema, "GameSummary": schemas.GameSummarySchema,
    "GamePage": schemas.GamePageSchema, "Game": schemas.GameSchema, "Actions": schemas.ActionsSchema,
    "TrailEntry": schemas.TrailEntrySchema, "Point": schemas.PointSchema, "Chara": schemas.CharaSchema,
    "Player": schemas.PlayerSchema, "GameState": schemas.GameStateSchema, "StateResponse": schemas.StateResponse,
    "LegalResponse": schemas.LegalResponse,
    "Check": schemas.CheckSchema, "JudgeStep": schemas.JudgeStepSchema, **stats_schemas.COMPONENTS,
}

PATHS: dict[str, dict[str, Any]] = {
    "/api/games": {
        "get": {
            "summary": "Stored games, newest first (played_at, then id)",
            "parameters": [{"in": "query", "schema": schemas.GamesQuery}],
            "responses": {"200": _json("GamePage", "one page of games"), "400": _error("invalid filter or paging")},
        },
        "post": {
            "summary": "Upload one log; it is checked and stored when legal",
            "requestBody": LOG_BODY,
            "responses": {
                "201": _json("Created", "stored"), "200": _json("Created", "the identical log is already stored"),
                "400": _json("RulingResponse", "not JSON or not a pmemo-log (log.schema)"),
                "422": _json("RulingResponse", "an illegal action or an unknown card; nothing stored"),
                "413": _error("larger than PMEMO_MAX_UPLOAD_BYTES"),
            },
        },
    },
    "/api/games/{game_id}": {
        "get": {"summary": "One game: header, result, number of actions, turns", "parameters": [GAME_ID],
                "responses": {"200": _json("Game", "the game"), "404": _error("unknown game")}},
    },
    "/api/games/{game_id}/actions": {
        "get": {"summary": "The stored actions of a game (in a player view: as that seat could have recorded them)",
                "parameters": [GAME_ID, {"in": "query", "schema": schemas.ActionsQuery}],
                "responses": {"200": _json("Actions", "the actions, in order"), "400": _error("unknown view"),
                              "404": _error("unknown game"),
                              "422": _error("the current engine cannot redact this stored game")}},
    },
    "/api/games/{game_id}/state": {
        "get": {
            "summary": "The state after N actions and the rulings trail of action N",
            "parameters": [GAME_ID, {"in": "query", "schema": schemas.StateQuery}],
            "responses": {"200": _json("StateResponse", "the state"),
                          "400": _error("N out of range or not an integer, or an unknown view"),
                          "404": _error("unknown game"),
                          "422": _error("the current engine cannot redact this stored game")},
        },
    },
    "/api/games/{game_id}/legal": {
        "get": {
            "summary": "What could have been done after N actions (in a player view: that seat's own actions only)",
            "parameters": [GAME_ID, {"in": "query", "schema": schemas.StateQuery}],
            "responses": {"200": _json("LegalResponse", "the legal actions the engine generates there"),
                          "400": _error("N out of range or not an integer, or an unknown view"),
                          "404": _error("unknown game"),
                          "422": _error("the current engine cannot redact this stored game")},
        },
    },
    "/api/check": {
        "post": {
            "summary": "Validate a log without storing it (the `check --json` object)",
            "parameters": [{"in": "query", "schema": schemas.CheckQuery}],
            "requestBody": LOG_BODY,
            "responses": {"200": _json("Check", "the check object (valid or not)"), "400": _error("invalid `at`"),
                          "413": _error("larger than PMEMO_MAX_UPLOAD_BYTES")},
        },
    },
    "/api/judge/step": {
        "post": {
            "summary": "The judge page's step: state, trail and legal actions after N actions of a log; nothing stored",
            "parameters": [{"in": "query", "schema": schemas.JudgeStepQuery}],
            "requestBody": LOG_BODY,
            "responses": {"200": _json("JudgeStep", "the step"),
                          "400": _json("Error", "malformed log, or N past the end or past the first illegal action"),
                          "413": _error("larger than PMEMO_MAX_UPLOAD_BYTES")},
        },
    },
    **stats_schemas.paths(),
    "/api/openapi.json": {"get": {"summary": "This description", "responses": {"200": {"description": "OpenAPI 3"}}}},
}


@cache
def build_spec() -> dict[str, Any]:
    """The OpenAPI 3 document (built once)."""
    spec = APISpec(
        title="pmemo-replay", version="1", openapi_version="3.0.3", plugins=[MarshmallowPlugin()],
        info={"description": "Replay, check and store Precious Memories game logs (pmemo-log v1)."},
    )
    for name, schema in COMPONENTS.items():
        spec.components.schema(name, schema=schema)
    for path, operations in PATHS.items():
        spec.path(path=path, operations=copy.deepcopy(operations))
    return spec.to_dict()
