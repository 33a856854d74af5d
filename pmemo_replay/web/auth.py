"""Who may write: API tokens (``Authorization: Bearer <token>``) on the routes a rule names.

A rule names an endpoint (``api.upload_game``) or a URL prefix (``/api/drafts``) and the methods it
covers; :func:`protect` adds one, :func:`token_required` marks a single view. Upload rules let anyone
through when the operator opened uploads (``PMEMO_OPEN_UPLOADS`` / ``serve --open``); moderator rules
always need a token with the moderator flag. No or an unknown token: 401; a token without the
moderator flag where one is needed: 403; both ``{"error"}`` on ``/api``.

>>> Rule(prefix="/api/drafts").covers("POST", "/api/drafts/3/actions", "drafts.append")
True
>>> Rule(prefix="/api/drafts").covers("GET", "/api/drafts/3", "drafts.get"), Rule(prefix="/api/d").covers("POST", "/api/drafts", None)
(False, False)
>>> Rule(endpoint="api.upload_game").covers("POST", "/api/games", "api.upload_game")
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import Flask, Response, current_app, g, make_response, request
from werkzeug.exceptions import Forbidden, HTTPException, Unauthorized

from pmemo_replay.store.tokens import TokenInfo, find_token
from pmemo_replay.web.context import get_store
from pmemo_replay.web.errors import error_response

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
RULES_KEY = "pmemo_auth_rules"
FORM_FIELD = "api_token"  # the upload form's token field (a browser form cannot set a header)
#: Uploads: the JSON API's; the form on / checks the same way in its view (pages.upload), to explain on the page.
UPLOAD_ENDPOINTS = ("api.upload_game",)
NEED_TOKEN = ("this needs an API token: send it as 'Authorization: Bearer <token>' "
              "(the operator makes one with 'pmemo-replay tokens add NAME')")

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True, slots=True)
class Rule:
    """Requests needing a token: to ``endpoint``, or under the URL ``prefix``, with one of ``methods``."""

    endpoint: str | None = None
    prefix: str | None = None
    methods: frozenset[str] = WRITE_METHODS
    moderator: bool = False

    def covers(self, method: str, path: str, endpoint: str | None) -> bool:
        if method not in self.methods:
            return False
        if self.endpoint is not None and endpoint == self.endpoint:
            return True
        return self.prefix is not None and (path == self.prefix or path.startswith(self.prefix.rstrip("/") + "/"))


def protect(app: Flask, *, endpoint: str | None = None, prefix: str | None = None,
            methods: frozenset[str] = WRITE_METHODS, moderator: bool = False) -> None:
    """Make requests to ``endpoint`` (or under ``prefix``) with ``methods`` need a token (a moderator's)."""
    if (endpoint is None) == (prefix is None):
        raise ValueError("name an endpoint or a prefix")
    app.extensions.setdefault(RULES_KEY, []).append(Rule(endpoint, prefix, frozenset(methods), moderator))


def bearer_token() -> str | None:
    """The token the request carries: ``Authorization: Bearer``, else the form field ``api_token``."""
    scheme, _, value = request.headers.get("Authorization", "").strip().partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    if request.method in WRITE_METHODS and request.mimetype in ("multipart/form-data", "application/x-www-form-urlencoded"):
        return request.form.get(FORM_FIELD, "").strip() or None
    return None


def current_token() -> TokenInfo | None:
    """The request's valid API token (looked up once per request), else None."""
    if "pmemo_token" not in g:
        secret = bearer_token()
        g.pmemo_token = find_token(get_store().engine, secret) if secret else None
    return g.pmemo_token  # type: ignore[no-any-return]


def credentials_problem(*, moderator: bool = False, open_access: bool = False) -> HTTPException | None:
    """What stops the current request: 401 without a valid token, 403 without the moderator flag; None if nothing."""
    if open_access and not moderator:
        return None
    token = current_token()
    if token is None:
        return Unauthorized(NEED_TOKEN if bearer_token() is None else "this API token is unknown or revoked")
    if moderator and not token.moderator:
        return Forbidden(f"the token {token.name!r} is not a moderator's")
    return None


def refusal(err: HTTPException) -> Response:
    """The error answer (JSON on ``/api``, else the error page), with ``WWW-Authenticate`` on a 401."""
    response = make_response(error_response(err))
    if err.code == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="pmemo-replay"'
    return response


def uploads_open() -> bool:
    return bool(current_app.config.get("PMEMO_OPEN_UPLOADS"))


def enforce_rules() -> Response | None:
    """``before_request``: the first rule covering the request decides."""
    method = request.method
    for rule in current_app.extensions.get(RULES_KEY, ()):
        if method in rule.methods and rule.covers(method, request.path, request.endpoint):  # reads, mostly: not covered
            problem = credentials_problem(moderator=rule.moderator, open_access=uploads_open())
            return None if problem is None else refusal(problem)
    return None


def token_required(*, moderator: bool = False, open_access: bool = False) -> Callable[[F], F]:
    """Mark a view as needing a token (a moderator's); ``open_access``: not when uploads are open."""
    def decorate(view: F) -> F:
        @functools.wraps(view)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            problem = credentials_problem(moderator=moderator, open_access=open_access and uploads_open())
            return refusal(problem) if problem is not None else view(*args, **kwargs)
        return wrapped  # type: ignore[return-value]
    return decorate


def register_auth(app: Flask) -> None:
    for endpoint in UPLOAD_ENDPOINTS:
        protect(app, endpoint=endpoint)
    app.before_request(enforce_rules)
