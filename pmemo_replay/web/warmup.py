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
import threading
from typing import Any

from flask import Flask

from engine.rulesets import RULESETS

logger = logging.getLogger(__name__)
#: the pages' templates and those they import or extend (compiled when first rendered otherwise)
TEMPLATES = ("card.html", "player.html", "deck.html", "meta.html", "game.html", "index.html", "judge.html", "base.html",
             "_entity.html", "_macros.html", "_viewer.html")
#: modules a page imports when first asked (the warehouse's update); each game's card facts are reached through its
#: ruleset (:func:`warm_card_facts`), never by a module name
MODULES = ("dashboards.entities", "dashboards.queries", "dashboards.warehouse", "pandas")


def warm_card_facts(name: str, cards: Any) -> None:
    """Tell one card of ``cards`` (ruleset ``name``'s) as a card page does (web/cardfacts.py ``page_facts``, through
    the ruleset's ``card_facts`` / ``describe_card``): whatever the game imports for it is imported now."""
    from pmemo_replay.web.cardfacts import card_facts, page_facts

    every = cards.values() if isinstance(cards, dict) else cards
    card = next(iter(every), None)
    if card is not None:
        page_facts(card, name)
        card_facts(card)


def warm_up(cards: Any = None) -> None:
    """Read the card data a server serves (``cards``: its ``PMEMO_CARDS``, None: each game's bundled data), tell a card
    of each game as its pages do, and import the statistics' modules; a part that fails is logged and left to the
    first request."""
    from pmemo_replay.games.cards import library_of

    try:
        library = library_of(cards)
        for name in RULESETS:
            warm_card_facts(name, library.for_ruleset(name))
        for module in MODULES:
            if importlib.util.find_spec(module) is not None:
                importlib.import_module(module)
    except Exception:  # the first request does it again and explains
        logger.exception("warming up the server failed")


def warm_worker(app: Flask) -> Flask:
    """``app`` with its templates compiled, and the statistics primed in the background (:func:`prime_statistics`).
    (Opening the warehouse's DuckDB database here, before the worker serves, made gunicorn's worker drop pipelined
    requests now and then (tests/serve/test_slow_clients.py): the priming runs in a thread of its own while the
    worker serves.)"""
    with app.app_context():
        try:
            for template in TEMPLATES:
                app.jinja_env.get_template(template)
        except Exception:  # the first request does it again and explains
            app.logger.exception("warming up the worker failed")
    primer = threading.Thread(target=prime_statistics, args=(app,), name="prime-statistics", daemon=True)
    app.extensions[PRIMER] = primer
    primer.start()
    return app


PRIMER = "pmemo_primer"
#: what the priming reads: every dataset's Parquet footers (no row group matches, so none is read)
PRIME_SQL = ("SELECT count(*) FROM card_games WHERE key < 0", "SELECT count(*) FROM player_games WHERE game_id < 0",
             "SELECT count(*) FROM games WHERE game_id < 0", "SELECT count(*) FROM cards WHERE code < 0")


def prime_statistics(app: Flask) -> None:
    """What a worker's first statistics page (a card page: benchmarks/README.md) would otherwise pay: the warehouse
    brought up to date with the store (``keep_current``: the store's first count of its games), its DuckDB database
    opened (its views made) and the Parquet footers read into DuckDB's metadata cache, with queries whose filters
    every row group's statistics rule out. A warehouse that is missing or cannot be read is left to the
    first request, which explains."""
    from dashboards.queries import connect

    try:
        with app.app_context():
            from pmemo_replay.web.meta import keep_current, warehouse_path

            keep_current(stored=True)  # the store's first count of its games, and any game not projected yet
            folder = warehouse_path()
        if not folder.is_dir():
            return
        with connect(folder) as con:
            for sql in PRIME_SQL:
                con.execute(sql).fetchall()
    except Exception:  # the first request does it again and explains
        app.logger.warning("priming the statistics failed", exc_info=True)
