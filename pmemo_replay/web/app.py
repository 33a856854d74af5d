"""The application factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask_wtf.csrf import CSRFProtect
from werkzeug.routing import IntegerConverter

from pmemo_replay.store.config import instance_folder
from pmemo_replay.web import api, judge, meta, pages
from pmemo_replay.web.context import init_store
from pmemo_replay.web.errors import register_error_handlers
from pmemo_replay.web.security import register_security
from pmemo_replay.web.settings import defaults, human_bytes, instance_secret_key

csrf = CSRFProtect()


class BoundedInt(IntegerConverter):
    """``<int:…>`` limited to 9 digits, so a huge id is a 404 rather than a database overflow."""

    regex = r"\d{1,9}"


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the application; ``config`` overrides the defaults.

    Keys of our own: ``PMEMO_DATABASE_URL`` (None: ``PMEMO_DATABASE_URL`` from the environment,
    else the instance folder's SQLite file), ``PMEMO_MAX_UPLOAD_BYTES`` (default: the environment,
    else 5 MB), ``PMEMO_CARDS`` (a CardDB; default: the bundled card data), ``PER_PAGE``, ``PMEMO_WAREHOUSE``
    (the analytics warehouse folder; None: ``PMEMO_WAREHOUSE`` from the environment, else beside the store).
    ``SECRET_KEY`` (default: ``PMEMO_SECRET_KEY`` from the environment, else the key kept in the
    instance folder's ``secret_key`` file, made there on first start).
    """
    app = Flask(__name__, instance_path=str(instance_folder().resolve()))
    app.url_map.converters["int"] = BoundedInt  # ids beyond a database integer simply match no route
    app.config.update(defaults())
    if config:
        app.config.update(config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(app.instance_path)
    limit = int(app.config["PMEMO_MAX_UPLOAD_BYTES"])
    app.config["MAX_CONTENT_LENGTH"] = limit
    app.config["MAX_FORM_MEMORY_SIZE"] = limit  # a pasted log is a form field, not a file
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.json.sort_keys = False  # type: ignore[attr-defined]

    init_store(app)
    csrf.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(judge.api_bp)
    csrf.exempt(api.bp)
    csrf.exempt(judge.api_bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(judge.bp)
    app.register_blueprint(meta.bp)
    app.register_blueprint(meta.api_bp)
    register_error_handlers(app)
    register_security(app)
    app.jinja_env.globals["upload_limit"] = human_bytes(limit)
    return app
