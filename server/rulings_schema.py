"""The rulings database's schema through Alembic: which revision a database is at, upgrading it, checking it.

The revisions live in server/migrations/versions. A database made by rules-arbiter before the
migrations existed has the table but no `alembic_version`; it is recognised by its columns and
stamped with the first revision (which creates exactly that table) before upgrading.
"""
from __future__ import annotations

import contextlib
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

from .rulings_db import make_engine, proposals, safe_url, sqlite_file_lock

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BASELINE = "0001"  # the revision that creates the table as the pre-Alembic code did
# The columns the pre-Alembic code created (revision 0001's table); later revisions add to them.
_LEGACY_COLUMNS = {"id", "game", "question", "answer", "cites", "author", "status", "note", "idempotency_key",
                   "request_hash", "created_at", "decided_at"}
# Any constant: PostgreSQL's advisory lock serialising concurrent `db upgrade` runs.
_PG_LOCK_KEY = 0x52554C494E4753  # "RULINGS"


class SchemaError(RuntimeError):
    """The database's schema does not match what this code needs (the message says what to run)."""


def alembic_config(connection: Connection | None = None) -> Any:
    """An Alembic Config for server/migrations (no alembic.ini needed), optionally bound to a connection."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@lru_cache(maxsize=1)
def head_revision() -> str:
    """The newest revision in server/migrations (one head: the history is linear)."""
    from alembic.script import ScriptDirectory

    heads = ScriptDirectory.from_config(alembic_config()).get_heads()
    if len(heads) != 1:
        raise SchemaError(f"server/migrations has {len(heads)} heads {heads}; merge them into one")
    return heads[0]


def current_revision(conn: Connection) -> str | None:
    """The revision the database is stamped with (None: not under Alembic)."""
    from alembic.runtime.migration import MigrationContext

    heads = MigrationContext.configure(conn).get_current_heads()
    return heads[0] if heads else None


def _legacy_table(conn: Connection) -> bool:
    """Whether the database has the pre-Alembic table (and no version stamp); SchemaError if it is unrecognised."""
    tables = set(inspect(conn).get_table_names())
    if proposals.name not in tables or "alembic_version" in tables:
        return False
    columns = {c["name"] for c in inspect(conn).get_columns(proposals.name)}
    if columns != _LEGACY_COLUMNS:
        raise SchemaError(f"table {proposals.name} has columns {sorted(columns)}, not those rules-arbiter "
                          f"created; refusing to stamp it")
    return True


def describe(engine: Engine) -> tuple[str | None, bool]:
    """(current revision, whether it is a pre-Alembic database still to be stamped)."""
    with engine.connect() as conn:
        return current_revision(conn), _legacy_table(conn)


@contextlib.contextmanager
def _migration_lock(conn: Connection, engine: Engine) -> Iterator[None]:
    """Only one process migrates a database at a time (PostgreSQL advisory lock, a lock file beside SQLite)."""
    if engine.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK_KEY})
        yield
        return
    database = engine.url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        yield
        return
    with sqlite_file_lock(database):
        yield


def upgrade_engine(engine: Engine, revision: str = "head") -> tuple[str | None, str | None]:
    """Migrate the database to `revision` (stamping a pre-Alembic one first); (revision before, after)."""
    from alembic import command

    # One transaction on PostgreSQL (DDL is transactional there): a failed migration leaves nothing half done.
    with engine.begin() as conn, _migration_lock(conn, engine):
        before = current_revision(conn)
        _refuse_unknown(engine, before)
        config = alembic_config(conn)
        if before is None and _legacy_table(conn):
            command.stamp(config, BASELINE)
            before = BASELINE
        command.upgrade(config, revision)
        after = current_revision(conn)
    return before, after


def upgrade(url: str, revision: str = "head") -> tuple[str | None, str | None]:
    """Migrate the database at `url` (see upgrade_engine)."""
    engine = make_engine(url)
    try:
        return upgrade_engine(engine, revision)
    finally:
        engine.dispose()


def ensure_schema(engine: Engine, *, upgrade: bool) -> None:
    """Make sure the schema is at head: migrate it when `upgrade`, else raise SchemaError saying what to run."""
    head = head_revision()
    current, legacy = describe(engine)
    if current == head and not legacy:
        return
    _refuse_unknown(engine, current)
    if upgrade:
        upgrade_engine(engine)
        return
    if legacy:
        state = "was created before schema migrations existed (no alembic_version)"
    elif current is None:
        state = "has no rulings schema yet"
    else:
        state = f"is at schema revision {current}, behind {head}"
    where = safe_url(engine.url)
    raise SchemaError(f"rulings database {where} {state}: run `arbiter db upgrade` "
                      f"(with ARBITER_DATABASE_URL set to it) before serving")


def _refuse_unknown(engine: Engine, current: str | None) -> None:
    """SchemaError when the database is at a revision server/migrations does not have."""
    if current is not None and not _known(current):
        raise SchemaError(f"rulings database {safe_url(engine.url)} is at schema revision {current}, which this "
                          f"code does not know (written by a newer rules-arbiter?); refusing to use it")


def _known(revision: str) -> bool:
    """Whether server/migrations has that revision."""
    from alembic.script import ScriptDirectory
    from alembic.util import CommandError

    try:
        return ScriptDirectory.from_config(alembic_config()).get_revision(revision) is not None
    except CommandError:
        return False

