"""The application factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask_wtf.csrf import CSRFProtect
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter

from pmemo_replay.store.config import instance_folder
from pmemo_replay.web import api, drafts, entities, judge, meta, moderation, pages, record
from pmemo_replay.web.assets import init_assets
from pmemo_replay.web.auth import register_auth
from pmemo_replay.web.context import init_store
from pmemo_replay.web.errors import register_error_handlers
from pmemo_replay.web.jsonprovider import OrjsonProvider
from pmemo_replay.web.ratelimit import init_rate_limit
from pmemo_replay.web.security import register_security
from pmemo_replay.web.settings import allowed_hosts, cards_from_env, defaults, human_bytes, instance_secret_key

csrf = CSRFProtect()


class BoundedInt(IntegerConverter):
    """``<int:…>`` limited to 9 digits, so a huge id is a 404 rather than a database overflow."""

    regex = r"\d{1,9}"


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the application; ``config`` overrides the defaults.

    Keys of our own: ``PMEMO_DATABASE_URL`` (None: ``PMEMO_DATABASE_URL`` from the environment,
    else the instance folder's SQLite file), ``PMEMO_MAX_UPLOAD_BYTES`` (default: the environment,
    else 5 MB), ``PMEMO_CARDS`` (a card library or CardDB; default: the card files the environment's ``PMEMO_CARDS`` names
    over the bundled card data, else the bundled card data), ``PER_PAGE``, ``PMEMO_WAREHOUSE``
    (the analytics warehouse folder; None: ``PMEMO_WAREHOUSE`` from the environment, else beside the store).
    ``SECRET_KEY`` (default: ``PMEMO_SECRET_KEY`` from the environment, else the key kept in the
    instance folder's ``secret_key`` file, made there on first start). Access: ``PMEMO_OPEN_UPLOADS``,
    ``PMEMO_WRITE_RATE``, ``PMEMO_ALLOWED_HOSTS`` (becomes ``TRUSTED_HOSTS``), ``PMEMO_SECURE_COOKIES``,
    ``PMEMO_PROXIES`` (settings.py).
    """
    app = Flask(__name__, instance_path=str(instance_folder().resolve()))
    app.url_map.converters["int"] = BoundedInt  # ids beyond a database integer simply match no route
    app.url_map.converters["entity"] = entities.EntityName  # names in page paths that a browser cannot resolve away
    app.config.update(defaults())
    if config:
        app.config.update(config)
    if app.config["PMEMO_CARDS"] is None:  # the operator's card files (PMEMO_CARDS), over the bundled data
        app.config["PMEMO_CARDS"] = cards_from_env()
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(app.instance_path)
    app.config["TRUSTED_HOSTS"] = allowed_hosts(app.config["PMEMO_ALLOWED_HOSTS"])  # other Host headers: 400
    if int(app.config["PMEMO_PROXIES"]) > 0:
        n = int(app.config["PMEMO_PROXIES"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n, x_port=n)  # type: ignore[method-assign]
    limit = int(app.config["PMEMO_MAX_UPLOAD_BYTES"])
    app.config["MAX_CONTENT_LENGTH"] = limit
    app.config["MAX_FORM_MEMORY_SIZE"] = limit  # a pasted log is a form field, not a file
    app.json = OrjsonProvider(app)  # keys in order, UTF-8 text, orjson speed

    store = init_store(app)
    csrf.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(judge.api_bp)
    app.register_blueprint(moderation.bp)
    csrf.exempt(api.bp)
    csrf.exempt(judge.api_bp)
    csrf.exempt(moderation.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(judge.bp)
    app.register_blueprint(meta.bp)
    app.register_blueprint(meta.api_bp)
    app.register_blueprint(entities.bp)
    app.register_blueprint(drafts.bp)  # exempt from CSRF, its create guarded like uploads: drafts.py
    app.register_blueprint(record.bp)
    register_error_handlers(app)
    register_security(app)  # cross-site writes refused first, then the write rate, then credentials
    init_rate_limit(app, store)
    register_auth(app)
    init_assets(app, {"meta.plotly_js": meta.PLOTLY_JS})
    app.jinja_env.globals["upload_limit"] = human_bytes(limit)
    return app
