"""The OpenAPI description of the HTTP API, generated from the marshmallow schemas with apispec."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from engine.rulesets import RULESETS
from pmemo_replay.flags import FLAG_VALUES
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
#: /api/check takes any body (or none) and answers with the check object: a ruling for whatever is not a log
CHECK_BODY = {**LOG_BODY, "required": False, "content": {media: {"schema": {}} for media in LOG_BODY["content"]}}
GAME_ID = {"in": "path", "name": "game_id", "required": True, "schema": {"type": "integer"}}


def _json(schema: str, description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _error(description: str) -> dict[str, Any]:
    return _json("Error", description)


COMPONENTS: dict[str, type[Any]] = {
    "Error": schemas.ErrorSchema, "Ruling": schemas.RulingSchema, "RulingResponse": schemas.RulingResponse,
    "UploadRefusal": schemas.UploadRefusal, "DraftRefusal": schemas.DraftRefusal,
    "Created": schemas.CreatedSchema, "Result": schemas.ResultSchema, "GameSummary": schemas.GameSummarySchema,
    "GamePage": schemas.GamePageSchema, "Game": schemas.GameSchema, "Actions": schemas.ActionsSchema,
    "TrailEntry": schemas.TrailEntrySchema, "Point": schemas.PointSchema, "Chara": schemas.CharaSchema,
    "Player": schemas.PlayerSchema, "GameState": schemas.GameStateSchema, "StateResponse": schemas.StateResponse,
    "LegalResponse": schemas.LegalResponse,
    "Check": schemas.CheckSchema, "JudgeStep": schemas.JudgeStepSchema, **stats_schemas.COMPONENTS,
}

# --- drafts (table-logs.md, "Recording drafts"): writes carry the draft's token, `Authorization: Bearer <token>` ---
DRAFT_ID = {"in": "path", "name": "draft_id", "required": True, "schema": {"type": "integer"}}
OBJECT = {"type": "object"}
_STEP = {"type": "object", "properties": {"applied": {"type": "integer"}, "state": {"$ref": "#/components/schemas/GameState"},
                                          "trail": {"type": "array", "items": {"$ref": "#/components/schemas/TrailEntry"}}}}


def _draft_json(description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema or OBJECT}}}


def _body(properties: dict[str, Any], required: list[str], **more: Any) -> dict[str, Any]:
    """A required JSON object body with these properties (others are ignored)."""
    return {"required": True, "content": {"application/json": {"schema": {
        "type": "object", "properties": properties, "required": required, **more}}}}


_COUNT = {"type": "integer", "minimum": 0, "maximum": schemas.MAX_INT}
_SEAT_OF_TWO = {"type": "integer", "enum": [0, 1]}
#: a seat parameter's schema, its range set when the document is built (:func:`_seats`): the seats the installed
#: rulesets take (a game of Toy Race: up to 4); a game's own count decides past the description
_SEAT_PARAMETER: dict[str, Any] = {"type": "integer", "minimum": 0}
_BRANCH_BODY = _body({
    "at": {**_COUNT, "description": "the step the branch starts from"},
    "game_id": {**_COUNT, "description": "a stored game"},
    "log": {"type": "string", "description": "or a pmemo-log's text (the judge page); taken before game_id"},
    "view": {"type": "string", "pattern": schemas.VIEW_PATTERN, "description": "judge (default), public or a seat number"},
    "then": {"type": "object", "description": "the action tried there"},
}, ["at"], anyOf=[{"required": ["game_id"]}, {"required": ["log"]}])
_APPEND_BODY = _body({"action": {"type": "object"},
                      "expected": {**_COUNT, "description": "the actions the client holds before this one"},
                      "as_played": {"type": "boolean", "description": "false: an irregular action is refused even in an "
                                    "as-played draft"}},
                     ["action", "expected"])
_UNDO_BODY = {"required": False, "content": {"application/json": {"schema": {"type": "object", "properties": {
    "expected": {**_COUNT, "description": "the actions the client holds before the undo"}}}}}}
_PAIR_BODY = _body({"with": {"type": "integer", "minimum": 1, "maximum": schemas.MAX_INT,
                             "description": "the other seat's draft (not this one)"},
                    "seat": {**_SEAT_OF_TWO, "description": "the seat this draft was recorded from"}}, ["with", "seat"])
_PICK_BODY = _body({"seat": _SEAT_OF_TWO}, ["step", "how", "seat"], oneOf=[
    {"properties": {"step": {**_COUNT, "description": "a game action"},
                    "how": {"type": "string", "enum": ["take", "insert", "drop", "clear"]}}},
    {"properties": {"step": {"type": "string", "enum": ["header", "start"],
                             "description": "the header, or what the seats knew before the first game action"},
                    "how": {"type": "string", "enum": ["take", "clear"]}}},
])


_BAD = {"description": "malformed: a ruling (log.schema) or an error", "content": {"application/json": {"schema": {
    "oneOf": [{"$ref": "#/components/schemas/RulingResponse"}, {"$ref": "#/components/schemas/Error"}]}}}}
_TOKEN = {"403": _error("without the draft's token, or with another"), "404": _error("no such draft")}
#: the merge of two paired drafts: either draft's token, or a judge's (the server's moderator API token)
_MERGE_TOKEN = {"403": _error("without either paired draft's token or a moderator's API token"),
                "404": _error("no such draft")}
_WRITE = {**_TOKEN, "409": _draft_json("finished, or `expected` is not the draft's count (`count` says what it is)"),
          "429": _error("too many writes to this draft (PMEMO_DRAFT_RATE)")}
DRAFT_PATHS: dict[str, dict[str, Any]] = {
    "/api/drafts": {"post": {
        "summary": "Start a draft: the body is a log's first JSON Lines line (deck lists optional)",
        "requestBody": {"required": True, "content": {"application/json": {"schema": OBJECT}}},
        "responses": {"201": _draft_json("`{\"id\", \"token\"}`: the token is shown once; writes need it"),
                      "400": _BAD,
                      "401": _error("uploads are closed: an API token is needed"),
                      "422": _json("RulingResponse", "a deck ruling or an unknown card")}}},
    "/api/drafts/branch": {"post": {
        "summary": "A what-if branch: a draft starting from a stored game's actions up to step `at` in `view` "
                   "(`{\"game_id\", \"at\", \"view\", \"then\"}`), or from a pasted log's (`{\"log\", \"at\", \"view\", \"then\"}`), "
                   "`then` the action tried there; the game never changes. No API token needed: a branch is never "
                   "listed or counted; without one, branches count per client against PMEMO_DRAFT_RATE",
        "requestBody": _BRANCH_BODY,
        "responses": {"201": _draft_json("`{\"id\", \"token\", \"count\", \"view\"}` (the view it starts in: "
                                         "a complete log's seat view is that seat's recording)"), "400": _BAD,
                      "404": _error("no such game"),
                      "429": _error("too many branches from this client without an API token (PMEMO_DRAFT_RATE)"),
                      "422": _draft_json("the tried action is illegal (`ruling`), or the view cannot branch (the public's of "
                                         "a complete log, another seat's of a seat's recording: `error` says why)")}}},
    "/api/drafts/branches": {"get": {
        "summary": "The what-if branches of a stored game (`?game_id=N`): `{game_id, branches: [{id, at, view, count, "
                   "game_id, updated_at}]}`",
        "parameters": [{"in": "query", "name": "game_id", "required": True, "schema": _COUNT}],
        "responses": {"200": _draft_json("the branches"), "400": _error("no game named")}}},
    "/api/drafts/{draft_id}": {"get": {
        "summary": "`{id, game, actions, state, trail, game_id, count, last_event, turns, merged_game_id}`: the judge "
                   "view with the token, else the public view (`turns`: the turn of each action, null where not known); "
                   "`?seat=N` with the token: what that seat saw",
        "parameters": [DRAFT_ID, {"in": "query", "name": "seat", "schema": {
            **_SEAT_PARAMETER, "description": "a seat of the draft's game (with the token): the draft as that seat saw it"}}],
        "responses": {"200": _draft_json("the draft"), "400": _error("not a seat of the draft's game"), **_TOKEN}}},
    "/api/drafts/{draft_id}/actions": {"post": {
        "summary": "Append one action: `{\"action\": {...}, \"expected\": n}`, n the actions the client holds before it; "
                   "the same request again answers the same (applied once); `\"as_played\": false` refuses an irregular "
                   "action even in a draft whose header says `as_played` (the recorder asks before it stands: the "
                   "422 then says whether it would stand)",
        "parameters": [DRAFT_ID],
        "requestBody": _APPEND_BODY,
        "responses": {"200": _draft_json("applied (judge view)", _STEP), "400": _BAD,
                      "422": _json("DraftRefusal", "illegal: nothing appended"), **_WRITE}}},
    "/api/drafts/{draft_id}/check": {"post": {
        "summary": "Would this append be taken as a regular action (`{\"action\": {...}, \"expected\": n}`)? Nothing is "
                   "stored: `{\"count\", \"legal\", \"ruling\"}`, the ruling an append would answer (the payment sheet "
                   "asks before it enables Record)",
        "parameters": [DRAFT_ID],
        "requestBody": _body({"action": {"type": "object"}, "expected": {
            **_COUNT, "description": "the actions the client holds before this one"}}, ["action", "expected"]),
        "responses": {"200": _draft_json("`{\"count\", \"legal\", \"ruling\"}`"), "400": _BAD,
                      "409": _draft_json("finished, or `expected` is not the draft's count (`count` says what it is)"),
                      **_TOKEN}}},
    "/api/drafts/{draft_id}/undo": {"post": {
        "summary": "Take the last action back (an undo event in the draft's history); optional `{\"expected\": n}`",
        "parameters": [DRAFT_ID], "requestBody": _UNDO_BODY,
        "responses": {"200": _draft_json("taken back", _STEP), "400": _BAD,
                                                **_WRITE}}},
    "/api/drafts/{draft_id}/finish": {"post": {
        "summary": "Store the draft as a game through the normal ingest (finishing again gives the same game)",
        "parameters": [DRAFT_ID],
        "responses": {"201": _draft_json("`{\"game_id\"}` stored"), "200": _draft_json("`{\"game_id\"}` already stored"),
                      "422": _json("RulingResponse", "the ingest refused it"), **_TOKEN}}},
    "/api/drafts/{draft_id}/legal": {"get": {
        "summary": "What may be done now (`actor`, `actions`, `unknown`, `hand_play`; Precious Memories: "
                   "`discard_unknown`); with `p` and `card`, the ways to play that card from a hand card not named yet "
                   "(`options`)",
        "parameters": [DRAFT_ID, {"in": "query", "name": "p", "schema": {
                           **_SEAT_PARAMETER, "description": "a seat of the draft's game (0 to its seats - 1)"}},
                       {"in": "query", "name": "card", "schema": {"type": "string"}}],
        "responses": {"200": _draft_json("the offers"), "400": _error("unknown card, or `p` not a seat of the game"),
                      "422": _json("RulingResponse", "that card cannot be in that hand"), **_TOKEN}}},
    "/api/drafts/{draft_id}/pair": {"post": {
        "summary": "Two seats, one game: `{\"with\": other draft id, \"seat\": 0|1}` (the seat this draft was recorded "
                   "from); the two drafts are paired once each asked for the other", "parameters": [DRAFT_ID],
        "requestBody": _PAIR_BODY,
        "responses": {"200": _draft_json("`{\"paired\", \"seats\"}`"), "400": _BAD,
                      "409": _error("paired already (both asked: unpair first) or merged into a stored game: not "
                                    "with another draft or seat"),
                      "422": _error("the drafts cannot be merged (different games, a game recorded whole, the recording is "
                                    "another seat's, or it holds what that seat could not see: a deck's order, the "
                                    "rival's hand)"), **_TOKEN}},
        "delete": {
        "summary": "Take this draft's request to pair back: the two drafts are no longer paired (they count as two "
                   "games again); `{\"unpaired\": the draft it had asked for, or null}`", "parameters": [DRAFT_ID],
        "responses": {"200": _draft_json("`{\"unpaired\"}`"), "409": _error("merged into a stored game: the link stays"),
                      **_TOKEN}}},
    "/api/drafts/{draft_id}/merge": {"get": {
        "summary": "The paired drafts merged into the judge's log once both are finished: `{seats, game, actions, "
                   "complete, disagreement, recorded, game_id}` (the first disagreement with both versions; a header "
                   "disagreement names its `fields`; `step` null and kind not `header`: before the first game action; "
                   "`cannot_take`: the seats whose version a take cannot make merged there, each with why, such as "
                   "kind `refused`, a seat's own log refusing its copy; `cannot_insert`, `cannot_drop` alike; `drops`: "
                   "the seats whose action there a drop may leave out, each with that action as recorded; no pick "
                   "offered (not named in `cannot_*`) meets the same disagreement again; `caused_by`: for kind "
                   "`illegal`, an action the rules refuse in the merged log, and for a disagreement no offered pick "
                   "gets out of, the pick it follows, `{step, how, seat}`, which a clear of that step undoes; "
                   "`picks`: by step, `[how, seat]`, or `[[how, seat], ...]` "
                   "for several at one game action, the drops first). Either draft's token, or a judge's: the server's "
                   "moderator API token (also for the pick and the store)", "parameters": [DRAFT_ID],
        "responses": {"200": _draft_json("the merge"),
                      "409": _error("not paired, or a draft still being recorded (the merge holds both hands)"),
                      "422": _error("a draft paired as one seat's was recorded from the other, or holds what that seat "
                                    "could not see (a judge's or a complete log)"), **_MERGE_TOKEN}}},
    "/api/drafts/{draft_id}/merge/pick": {"post": {
        "summary": "A judge's pick where the two recordings disagree: `{\"step\", \"how\": \"take\"|\"insert\"|\"drop\"|"
                   "\"clear\", \"seat\"}` (take that seat's version, insert an action only that seat recorded, or drop "
                   "that seat's action there, which did not happen: a double tap, left out of that seat's recording "
                   "for the merge, the recording kept as stored; a take of the seat that recorded nothing where the "
                   "other recorded an action drops that action; `step` \"header\": whose header is right; \"start\": "
                   "whose knowledge before the first game action is right; \"clear\" takes the latest pick made at "
                   "that step back); a pick answers the first disagreement as the merge stands; answers the merge",
        "parameters": [DRAFT_ID], "requestBody": _PICK_BODY,
        "responses": {"200": _draft_json("the merge"), "400": _BAD,
                      "409": _error("not paired, a draft still being recorded, or stored; or the pick answers no "
                                    "disagreement (the recordings agree, the first disagreement is at another step, a "
                                    "seat that recorded nothing there, a pick the disagreement's `cannot_take`, "
                                    "`cannot_insert` or `cannot_drop` names, a drop of an action `drops` does not name, no "
                                    "pick there to take back, the picks changed meanwhile): nothing is stored"),
                      "422": _error("a draft paired as one seat's was recorded from the other, or holds what that seat "
                                    "could not see"), **_MERGE_TOKEN}}},
    "/api/drafts/{draft_id}/merge/finish": {"post": {
        "summary": "Store the merged game (both recordings stay as they are); again: the same game", "parameters": [DRAFT_ID],
        "responses": {"201": _draft_json("`{\"game_id\"}` stored"), "200": _draft_json("`{\"game_id\"}` already stored"),
                      "409": _error("not paired, or a draft still being recorded"),
                      "422": _draft_json("the recordings disagree (`disagreement`), or a seat is wrong"),
                      **_MERGE_TOKEN}}},
    "/api/drafts/{draft_id}/events": {"get": {
        "summary": "Server-Sent Events: each append, undo and finish (public view) after `Last-Event-ID` or `after`",
        "parameters": [DRAFT_ID, {"in": "query", "name": "after", "schema": {"type": "integer"}}],
        "responses": {"200": {"description": "an event stream", "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                      "404": _error("no such draft")}}},
}

PATHS: dict[str, dict[str, Any]] = {
    "/api/games": {
        "get": {
            "summary": "Stored games, newest first (played_at, then id)",
            "parameters": [{"in": "query", "schema": schemas.GamesQuery}],
            "responses": {"200": _json("GamePage", "one page of games (`pages`: how many there are)"),
                          "400": _error("invalid filter or paging (a `regular_only` that is no flag among them)"),
                          "404": _error("a page past the last one: the message names the last page")},
        },
        "post": {
            "summary": "Upload one log; it is checked and stored when legal (or played as logged: docs/as-played.md)",
            "parameters": [{"in": "query", "name": "as_played", "schema": {"type": "string", "enum": list(FLAG_VALUES)},
                            "description": "1: the table let irregular actions stand (the header gets \"as_played\": true); "
                                           "a flag: 1, true, yes, on or 0, false, no, off; any other value is a 400"}],
            "requestBody": LOG_BODY,
            "responses": {
                "201": _json("Created", "stored"), "200": _json("Created", "the identical log is already stored"),
                "400": {**_BAD, "description": "not JSON or not a pmemo-log (a log.schema ruling), or a bad "
                                               "`as_played` value (an error)"},
                "422": _json("UploadRefusal", "an illegal action or an unknown card; nothing stored "
                                              "(`stands_as_played`: true when it would stand played as logged)"),
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
            "summary": "What could have been done after N actions (in a player view: that seat's own actions only, "
                       "every card id hidden from it null)",
            "parameters": [GAME_ID, {"in": "query", "schema": schemas.StateQuery}],
            "responses": {"200": _json("LegalResponse", "the legal actions the engine generates there"),
                          "400": _error("N out of range or not an integer, or an unknown view"),
                          "404": _error("unknown game"),
                          "422": _error("the current engine cannot redact this stored game")},
        },
    },
    "/api/check": {
        "post": {
            "summary": "Validate a log without storing it (the `check --json` object; no body: a ruling saying so)",
            "parameters": [{"in": "query", "schema": schemas.CheckQuery}],
            "requestBody": CHECK_BODY,
            "responses": {"200": _json("Check", "the check object (valid or not)"), "400": _error("invalid `at` or `as_played`"),
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
    **DRAFT_PATHS,
    "/api/openapi.json": {"get": {"summary": "This description", "responses": {"200": {"description": "OpenAPI 3"}}}},
}


def build_spec() -> dict[str, Any]:
    """The OpenAPI 3 document (built once for the rulesets installed)."""
    return _build_spec(tuple(sorted((name, r.game, r.players[1]) for name, r in RULESETS.items())))


@cache
def _build_spec(rulesets: tuple[tuple[str, str, int], ...]) -> dict[str, Any]:
    """The document for these rulesets (name, game, most seats)."""
    most_seats = max((most for _, _, most in rulesets), default=2)
    spec = APISpec(
        title="pmemo-replay", version="1", openapi_version="3.0.3", plugins=[MarshmallowPlugin()],
        info={"description": "Replay, check and store game logs (pmemo-log v1) of every ruleset the engine has: "
                             + ", ".join(f"{game} ({name})" for name, game, _ in rulesets) + "."},
    )
    for name, schema in COMPONENTS.items():
        spec.components.schema(name, schema=schema)
    spec.components.security_scheme("apiToken", {
        "type": "http", "scheme": "bearer",
        "description": "an API token (`pmemo-replay tokens add`) for uploads and new drafts when the server is not open; "
                       "a draft's own token for writes to that draft"})
    for path, operations in PATHS.items():
        spec.path(path=path, operations=_with_server_answers(_with_write_answers(
            _seats(copy.deepcopy(operations), most_seats))))
    return spec.to_dict()


def _with_server_answers(operations: dict[str, Any]) -> dict[str, Any]:
    """What the server answers before the application sees a request (a plain page, not JSON): 414 for a request
    line over gunicorn's 4 KB, 431 for a request head over 64 KB (web/arrival.py)."""
    for op in operations.values():
        answers = op.setdefault("responses", {})
        answers.setdefault("414", {"description": "the request line (path and query) is over 4 KB: refused by the server"})
        answers.setdefault("431", {"description": "the request head is over 64 KB: refused by the server"})
    return operations


def _seats(operations: dict[str, Any], most: int) -> dict[str, Any]:
    """A seat parameter (``p``, ``seat``) admits the seats of the installed rulesets: 0 to ``most`` - 1."""
    for op in operations.values():
        for parameter in op.get("parameters", []):
            if parameter.get("name") in ("p", "seat") and parameter.get("schema", {}).get("minimum") == 0 \
                    and "maximum" not in parameter["schema"]:
                parameter["schema"]["enum"] = list(range(most))
    return operations


def _with_write_answers(operations: dict[str, Any]) -> dict[str, Any]:
    """Every write may need credentials and counts against the write rate: its 401/403/429 answers, documented."""
    for method, op in operations.items():
        if method in ("post", "put", "patch", "delete"):
            op.setdefault("security", [{"apiToken": []}, {}])
            answers = op.setdefault("responses", {})
            answers.setdefault("401", _error("credentials needed (an API token) and not given or unknown"))
            answers.setdefault("403", _error("credentials that may not do this, or a cross-site request"))
            answers.setdefault("429", _error("too many writes from this client: wait for Retry-After seconds"))
    return operations
