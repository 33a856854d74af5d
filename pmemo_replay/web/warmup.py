"""What a server does before its first request, so that the first visitor of a card page does not wait for it
(benchmarks/README.md, the card page).

:func:`warm_up` runs once, before the workers start (gunicorn forks them from the process that ran it, so each
inherits the result): every game's card data read, the statistics' modules imported (DuckDB, Arrow, and pandas,
which DuckDB imports on its first registered table). It opens no database: connections are never shared across a
fork. :func:`warm_worker` runs in each worker as its application is built: the pages' templates compiled.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from typing import Any

from flask import Flask

from engine.rulesets import RULESETS

logger = logging.getLogger(__name__)
TEMPLATES = ("card.html", "player.html", "deck.html", "meta.html", "game.html", "index.html")
MODULES = ("dashboards.entities", "dashboards.queries", "pandas")


def warm_up(cards: Any = None) -> None:
    """Read the card data a server serves (``cards``: its ``PMEMO_CARDS``, None: each game's bundled data) and import
    the statistics' modules; a part that fails is logged and left to the first request."""
    from pmemo_replay.games.cards import library_of

    try:
        library = library_of(cards)
        for name in RULESETS:
            library.for_ruleset(name)
        for module in MODULES:
            if importlib.util.find_spec(module) is not None:
                importlib.import_module(module)
    except Exception:  # the first request does it again and explains
        logger.exception("warming up the server failed")


def warm_worker(app: Flask) -> Flask:
    """``app`` with its templates compiled. (Opening the warehouse's DuckDB database here, before the worker serves,
    made gunicorn's worker drop pipelined requests now and then (tests/serve/test_slow_clients.py): the first
    statistics request opens it instead, about 60 ms.)"""
    with app.app_context():
        try:
            for template in TEMPLATES:
                app.jinja_env.get_template(template)
        except Exception:  # the first request does it again and explains
            app.logger.exception("warming up the worker failed")
    return app
