"""The ruling-proposal queue: one table through SQLAlchemy 2, on SQLite or PostgreSQL chosen by URL.

`ARBITER_DATABASE_URL` is `sqlite:///path/to/rulings.db` (the default, under var/) or
`postgresql+psycopg://user:password@host:port/dbname` (psycopg 3). What differs between the two lives
in one `Backend` per database; the queue's statements are the same SQLAlchemy Core on both.

Durability: a SQLite file is put in WAL mode once, when an engine is made for it, and every connection
runs `PRAGMA synchronous=FULL`, so a submission acknowledged to the client (its transaction committed) survives the server being
killed; PostgreSQL commits durably by default. Idempotency: a submission may carry a client key (the
HTTP `Idempotency-Key` header); the key is UNIQUE in the table and the insert is
`INSERT … ON CONFLICT (idempotency_key) DO NOTHING`, so of two concurrent submissions under one key
exactly one row is stored and the other returns it; the same key with a different body is refused.
Decisions are a conditional `UPDATE … WHERE status = 'proposed'`, so two moderators racing to accept
and reject cannot both win. Text is stored exactly as given (bound parameters only, never
interpolated into SQL, never rendered as HTML).

The schema is owned by the Alembic migrations in server/migrations (see docs/rulings-database.md):
opening a store upgrades a SQLite file automatically and refuses a PostgreSQL database whose schema
is behind (`arbiter db upgrade` migrates it).
"""
from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import threading
from pathlib import Path
from typing import Any, ContextManager, Iterator

from sqlalchemy import (JSON, BigInteger, Column, DateTime, Integer, MetaData, String, Table, Text, create_engine,
                        event, func, select, update)
from sqlalchemy.dialects import postgresql as pg_dialect
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.engine import URL, Engine, make_url

STATUSES = ("proposed", "accepted", "rejected")

metadata = MetaData()
# The table as migrations 0001 and 0002 leave it (server/migrations/versions); change both together, through
# a new revision. The id is BIGINT on PostgreSQL (ids up to 2^63 - 1, like the API accepts) and stays
# `INTEGER PRIMARY KEY AUTOINCREMENT` on SQLite, where only that spelling is the rowid.
proposals = Table(
    "ruling_proposals", metadata,
    Column("id", BigInteger().with_variant(Integer(), "sqlite"), primary_key=True, autoincrement=True),
    Column("game", String(40), nullable=False, index=True),
    Column("question", Text, nullable=False),
    Column("answer", Text, nullable=False),
    Column("cites", JSON, nullable=False),
    Column("author", String(200), nullable=True),
    Column("status", String(16), nullable=False, default="proposed", index=True),
    Column("note", Text, nullable=True),
    Column("idempotency_key", String(200), nullable=True, unique=True),
    Column("request_hash", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("decided_at", DateTime(timezone=True), nullable=True),
    # 0002: what the browser form asks besides the ruling, the checks run at submission, and the ruling
    # file an accept wrote (so an export never writes it again once it is deleted or renamed in git).
    Column("reasoning", Text, nullable=True),
    Column("source_kind", String(20), nullable=True),
    Column("source_link", String(500), nullable=True),
    Column("checks", JSON, nullable=True),
    Column("exported_path", String(300), nullable=True),
    Column("exported_at", DateTime(timezone=True), nullable=True),
    sqlite_autoincrement=True,
)


class IdempotencyConflict(ValueError):
    """The Idempotency-Key was already used for a different submission."""


class NotFound(KeyError):
    """No proposal with that id."""


class DecisionConflict(ValueError):
    """The proposal was already decided the other way."""


def request_hash(data: dict[str, Any]) -> str:
    """Canonical hash of a submission (to tell a retry from a different body under one key)."""
    return hashlib.sha256(json.dumps(data, ensure_ascii=False, sort_keys=True).encode("utf-8")).hexdigest()


def _now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def _iso(value: Any) -> str | None:
    """A stored time as ISO 8601 in UTC (SQLite returns it naive, PostgreSQL in the session's zone)."""
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=dt.timezone.utc)
        return value.astimezone(dt.timezone.utc).isoformat()
    return str(value)


class Backend:
    """What differs between the supported databases: engine set-up, write serialisation, upsert, schema policy."""

    name = ""
    # Whether opening a store may migrate the schema itself (see docs/rulings-database.md).
    auto_upgrade = False

    def normalise(self, url: URL) -> URL:
        """The URL as SQLAlchemy should see it."""
        return url

    def make_engine(self, url: URL) -> Engine:
        """An engine for the URL."""
        raise NotImplementedError

    def write_guard(self) -> ContextManager[Any]:
        """Held around each write transaction of this process."""
        return contextlib.nullcontext()

    def insert_new(self, values: dict[str, Any]) -> Any:
        """An INSERT of one proposal that stores nothing when its idempotency key is taken, returning the row."""
        raise NotImplementedError


class SQLiteBackend(Backend):
    """A local file: WAL, synchronous=FULL, a busy timeout, one writer at a time in this process."""

    name = "sqlite"
    # The file belongs to this server alone (it cannot be shared across hosts), so there is no
    # separate deploy step to run migrations in: `make run` must work on a fresh checkout.
    auto_upgrade = True

    def __init__(self) -> None:
        # SQLite has one writer at a time; serialising this process's writes avoids lock storms.
        self._lock = threading.Lock()

    def make_engine(self, url: URL) -> Engine:
        database = url.database
        on_disk = bool(database) and database != ":memory:" and not database.startswith("file:")
        if on_disk:
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
            # Turning a new file to WAL upgrades a read lock to a write lock, and SQLite fails that at once
            # (no busy wait) when another process is doing the same: servers starting together on a new
            # file take turns here. WAL is then a property of the file, so connections need not set it.
            with sqlite_file_lock(database):
                _set_wal(database)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            if not on_disk:
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        return engine

    def write_guard(self) -> ContextManager[Any]:
        return self._lock

    def insert_new(self, values: dict[str, Any]) -> Any:
        return (sqlite_dialect.insert(proposals).values(**values)
                .on_conflict_do_nothing(index_elements=["idempotency_key"]).returning(*proposals.c))


@contextlib.contextmanager
def sqlite_file_lock(database: str) -> Iterator[None]:
    """Hold the lock file beside a SQLite database: one process at a time sets it up or migrates it."""
    import fcntl  # POSIX; SQLite servers here run on Linux

    with open(f"{Path(database).expanduser()}.migrate.lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _set_wal(database: str) -> None:
    """Put the SQLite file in WAL mode (creating it when absent); a no-op for a file already in WAL."""
    import sqlite3

    connection = sqlite3.connect(Path(database).expanduser(), timeout=30)
    try:
        mode = connection.execute("PRAGMA journal_mode=WAL").fetchone()[0]
    finally:
        connection.close()
    if str(mode).lower() != "wal":
        raise RuntimeError(f"SQLite database {database} did not switch to WAL mode (it reports {mode!r})")


class PostgreSQLBackend(Backend):
    """A PostgreSQL server through psycopg 3; concurrency is left to its transactions and constraints."""

    name = "postgresql"
    # A shared server is migrated as a deploy step (`arbiter db upgrade`): several replicas must not
    # race to alter it at start, and the serving role need not own the tables.
    auto_upgrade = False

    def normalise(self, url: URL) -> URL:
        # Plain postgresql:// would pick psycopg2, which is not installed; psycopg 3 is.
        return url.set(drivername="postgresql+psycopg") if url.drivername in ("postgresql", "postgres") else url

    def make_engine(self, url: URL) -> Engine:
        # The threadpool serves up to 40 requests at once; let that many wait for a connection briefly.
        return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20, pool_timeout=30)

    def insert_new(self, values: dict[str, Any]) -> Any:
        return (pg_dialect.insert(proposals).values(**values)
                .on_conflict_do_nothing(index_elements=["idempotency_key"]).returning(*proposals.c))


BACKENDS: dict[str, type[Backend]] = {"sqlite": SQLiteBackend, "postgresql": PostgreSQLBackend,
                                      "postgres": PostgreSQLBackend}


def parse_url(url: str) -> tuple[Backend, URL]:
    """The backend for a database URL and the URL normalised for it (ValueError for other databases)."""
    try:
        parsed = make_url(url)
    except Exception as e:  # sqlalchemy raises ArgumentError with the URL in it; keep the message short
        raise ValueError(f"not a database URL: {safe_url(url)!r}") from e
    scheme = parsed.drivername.split("+", 1)[0]
    kind = BACKENDS.get(scheme)
    if kind is None:
        raise ValueError(f"unsupported database {scheme!r} in ARBITER_DATABASE_URL; expected sqlite:///path "
                         f"or postgresql+psycopg://user@host:port/dbname")
    backend = kind()
    return backend, backend.normalise(parsed)


def safe_url(url: str | URL) -> str:
    """The URL with its password hidden (for messages and logs)."""
    try:
        return (url if isinstance(url, URL) else make_url(url)).render_as_string(hide_password=True)
    except Exception:
        return "<unparseable database URL>"


def make_engine(url: str) -> Engine:
    """An engine for the URL, set up by its backend (SQLite: directory created, WAL, synchronous=FULL)."""
    backend, parsed = parse_url(url)
    return backend.make_engine(parsed)


class RulingsStore:
    """Proposals submitted over HTTP, waiting for (or past) moderation."""

    def __init__(self, url: str) -> None:
        from .rulings_schema import ensure_schema

        self.url = url
        self.backend, parsed = parse_url(url)
        self.engine = self.backend.make_engine(parsed)
        try:
            ensure_schema(self.engine, upgrade=self.backend.auto_upgrade)
        except BaseException:
            self.engine.dispose()
            raise

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    @staticmethod
    def _row(row: Any) -> dict[str, Any]:
        d = dict(row._mapping)
        d["created_at"] = _iso(d.get("created_at"))
        d["decided_at"] = _iso(d.get("decided_at"))
        d["exported_at"] = _iso(d.get("exported_at"))
        d.pop("request_hash", None)
        return d

    def submit(self, data: dict[str, Any], idempotency_key: str | None = None,
               checks: list[dict[str, Any]] | None = None) -> tuple[dict[str, Any], bool]:
        """Store a proposal (with the checks run on it); (row, True) when stored now, (earlier row, False) for a retried key."""
        digest = request_hash(data)
        values = {"game": data["game"], "question": data["question"], "answer": data["answer"],
                  "cites": list(data.get("cites") or []), "author": data.get("author"), "status": "proposed",
                  "reasoning": data.get("reasoning"), "source_kind": data.get("source_kind"),
                  "source_link": data.get("source_link"), "checks": checks,
                  "idempotency_key": idempotency_key, "request_hash": digest, "created_at": _now()}
        by_key = select(proposals).where(proposals.c.idempotency_key == idempotency_key)
        row = None
        if idempotency_key is not None:
            # A retry only reads (no write lock on SQLite, no sequence number spent on PostgreSQL);
            # the insert below still decides races between first attempts.
            with self.engine.connect() as conn:
                row = conn.execute(by_key).one_or_none()
        if row is None:
            row, created = self._insert(values, by_key)
            if created:
                return self._row(row), True
        if row.request_hash != digest:
            raise IdempotencyConflict(f"Idempotency-Key {idempotency_key!r} was already used for a different "
                                      f"submission (id {row.id})")
        return self._row(row), False

    def _insert(self, values: dict[str, Any], by_key: Any) -> tuple[Any, bool]:
        """Insert a proposal: (new row, True), or (the row holding its idempotency key, False)."""
        with self.backend.write_guard(), self.engine.begin() as conn:
            row = conn.execute(self.backend.insert_new(values)).one_or_none()
            if row is not None:
                return row, True
            # The key is taken. On PostgreSQL the conflicting insert waited for the other transaction
            # to commit, and this statement's fresh snapshot (READ COMMITTED) sees its row.
            return conn.execute(by_key).one(), False

    def by_key(self, idempotency_key: str) -> dict[str, Any] | None:
        """The proposal stored under an idempotency key, if any."""
        with self.engine.connect() as conn:
            row = conn.execute(select(proposals).where(proposals.c.idempotency_key == idempotency_key)).one_or_none()
        return None if row is None else self._row(row)

    def get(self, proposal_id: int) -> dict[str, Any]:
        """One proposal (NotFound if absent)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(proposals).where(proposals.c.id == proposal_id)).one_or_none()
        if row is None:
            raise NotFound(proposal_id)
        return self._row(row)

    def list(self, status: str | None = "proposed", limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
        """Proposals with that status (None: all), oldest first."""
        query = select(proposals).order_by(proposals.c.id).limit(limit).offset(offset)
        if status is not None:
            query = query.where(proposals.c.status == status)
        with self.engine.connect() as conn:
            return [self._row(r) for r in conn.execute(query)]

    def count(self, status: str | None = None) -> int:
        """How many proposals (with that status)."""
        query = select(func.count()).select_from(proposals)
        if status is not None:
            query = query.where(proposals.c.status == status)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def decide(self, proposal_id: int, status: str, note: str | None = None) -> dict[str, Any]:
        """Accept or reject; deciding the same way again is a no-op, the other way a DecisionConflict."""
        if status not in ("accepted", "rejected"):
            raise ValueError(f"status must be accepted or rejected, found {status!r}")
        with self.backend.write_guard(), self.engine.begin() as conn:
            # Only a proposal still "proposed" changes: of two racing decisions exactly one matches.
            row = conn.execute(update(proposals)
                               .where(proposals.c.id == proposal_id, proposals.c.status == "proposed")
                               .values(status=status, note=note, decided_at=_now())
                               .returning(*proposals.c)).one_or_none()
            if row is None:
                row = conn.execute(select(proposals).where(proposals.c.id == proposal_id)).one_or_none()
                if row is None:
                    raise NotFound(proposal_id)
                if row.status != status:
                    raise DecisionConflict(f"proposal {proposal_id} is already {row.status}")
        return self._row(row)

    def reopen(self, proposal_id: int, status: str) -> dict[str, Any]:
        """Undo a decision: a proposal still `status` goes back to proposed (its export forgotten); DecisionConflict otherwise."""
        with self.backend.write_guard(), self.engine.begin() as conn:
            row = conn.execute(update(proposals)
                               .where(proposals.c.id == proposal_id, proposals.c.status == status)
                               .values(status="proposed", note=None, decided_at=None, exported_path=None,
                                       exported_at=None)
                               .returning(*proposals.c)).one_or_none()
            if row is None:
                current = conn.execute(select(proposals.c.status).where(proposals.c.id == proposal_id)).scalar()
                if current is None:
                    raise NotFound(proposal_id)
                raise DecisionConflict(f"proposal {proposal_id} is {current}, not {status}: nothing to undo")
        return self._row(row)

    def mark_exported(self, proposal_id: int, path: str) -> dict[str, Any]:
        """Record that the accepted proposal was written as the ruling file `path` (relative to corpus/)."""
        with self.backend.write_guard(), self.engine.begin() as conn:
            row = conn.execute(update(proposals).where(proposals.c.id == proposal_id)
                               .values(exported_path=path, exported_at=_now())
                               .returning(*proposals.c)).one_or_none()
        if row is None:
            raise NotFound(proposal_id)
        return self._row(row)
