"""The web tests' application and client fixtures (tests/web/conftest.py), for the as-played web tests here."""

from tests.web.conftest import app, client

__all__ = ["app", "client"]
