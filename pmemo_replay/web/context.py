"""The application's store and card database, reached from request handlers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Flask, current_app

from engine.ruleset import Cards

if TYPE_CHECKING:
    from pmemo_replay.store import Store

STORE_KEY = "pmemo_store"


def init_store(app: Flask) -> Store:
    """Open the store the configuration names (creating the SQLite file and schema when needed)."""
    from pmemo_replay.store import Store

    store = Store(app.config["PMEMO_DATABASE_URL"], cards=app.config["PMEMO_CARDS"])
    app.extensions[STORE_KEY] = store
    return store


def get_store() -> Store:
    return current_app.extensions[STORE_KEY]  # type: ignore[no-any-return]


def get_cards() -> Cards:
    return get_store().cards
