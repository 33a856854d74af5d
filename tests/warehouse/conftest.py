"""Fixtures: the store tests' SQLite/PostgreSQL stores."""

from tests.store.conftest import pg_database, store_url

__all__ = ["pg_database", "store_url"]
