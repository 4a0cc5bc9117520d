"""Alembic's entry point: migrate the connection handed over by server.rulings_schema, or the settings' URL."""
from __future__ import annotations

from alembic import context

from server.rulings_db import make_engine, metadata
from server.settings import get_settings


def _run(connection) -> None:
    """Run the pending migrations on one connection."""
    # render_as_batch: SQLite cannot ALTER most things, so later revisions rebuild tables there.
    context.configure(connection=connection, target_metadata=metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


connection = context.config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:  # the `alembic` command itself (alembic.ini at the repository root), e.g. `alembic revision --autogenerate`
    engine = make_engine(context.config.get_main_option("sqlalchemy.url") or get_settings().database_url)
    try:
        with engine.begin() as conn:
            _run(conn)
    finally:
        engine.dispose()
