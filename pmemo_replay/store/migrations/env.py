"""Alembic environment: runs on the connection the store hands over (no alembic.ini, no URL here)."""

from __future__ import annotations

from alembic import context

from pmemo_replay.store.models import SQLModel

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=SQLModel.metadata, render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
