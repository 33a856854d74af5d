"""Error pages and JSON errors: every ``/api`` route answers ``{"error": ...}``, never a stack trace."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError, RequestEntityTooLarge

from pmemo_replay.web.settings import human_bytes

GENERIC_500 = "internal server error: the problem was logged"


def wants_json() -> bool:
    return request.path == "/api" or request.path.startswith("/api/")


def too_large_message() -> str:
    limit = current_app.config["PMEMO_MAX_UPLOAD_BYTES"]
    return f"the upload is larger than the limit of {human_bytes(limit)} ({limit} bytes)"


def _message(err: HTTPException) -> str:
    if isinstance(err, RequestEntityTooLarge):
        return too_large_message()
    if isinstance(err, CSRFError):
        return "the form was not sent from this site or has expired: reload the page and try again"
    if isinstance(err, InternalServerError):
        return GENERIC_500
    return err.description or err.name


def error_response(err: HTTPException) -> Any:
    code = err.code or 500
    message = _message(err)
    if wants_json():
        response = current_app.json.response({"error": message})
        response.status_code = code
        allowed = getattr(err, "valid_methods", None)
        if code == 405 and allowed:
            response.headers["Allow"] = ", ".join(allowed)
        return response
    return render_template("error.html", code=code, title=err.name, message=message), code


def unexpected(err: Exception) -> Any:
    current_app.logger.exception("unhandled error on %s %s", request.method, request.path)
    return error_response(InternalServerError())


def register_error_handlers(app: Flask) -> None:
    app.register_error_handler(HTTPException, error_response)
    app.register_error_handler(Exception, unexpected)
