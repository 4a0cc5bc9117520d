"""The ruling-proposal queue: one table through SQLAlchemy 2 (SQLite file with WAL by default, any URL).

Durability: on SQLite every connection runs `PRAGMA journal_mode=WAL` and `PRAGMA synchronous=FULL`,
so a submission acknowledged to the client (its transaction committed) survives the server being
killed. Idempotency: a submission may carry a client key (the HTTP `Idempotency-Key` header); the
key is UNIQUE in the table, so a retried submission returns the stored row instead of a second one,
and the same key with a different body is refused. Text is stored exactly as given (bound
parameters only, never interpolated into SQL, never rendered as HTML).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import (JSON, Column, DateTime, Integer, MetaData, String, Table, Text, create_engine, event,
                        func, insert, select, update)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError

STATUSES = ("proposed", "accepted", "rejected")

metadata = MetaData()
proposals = Table(
    "ruling_proposals", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
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
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=dt.timezone.utc)
        return value.isoformat()
    return str(value)


def make_engine(url: str) -> Engine:
    """An engine for the URL; SQLite gets its directory created, WAL, synchronous=FULL, a busy timeout."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    database = parsed.database
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    return engine


class RulingsStore:
    """Proposals submitted over HTTP, waiting for (or past) moderation."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._sqlite = self.engine.dialect.name == "sqlite"
        # SQLite has one writer at a time; serialising this process's writes avoids lock storms.
        self._write_lock = threading.Lock()
        metadata.create_all(self.engine)

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    def _write(self):  # a context manager: the process lock on SQLite, nothing elsewhere
        import contextlib

        return self._write_lock if self._sqlite else contextlib.nullcontext()

    @staticmethod
    def _row(row: Any) -> dict[str, Any]:
        d = dict(row._mapping)
        d["created_at"] = _iso(d.get("created_at"))
        d["decided_at"] = _iso(d.get("decided_at"))
        d.pop("request_hash", None)
        return d

    def submit(self, data: dict[str, Any], idempotency_key: str | None = None) -> tuple[dict[str, Any], bool]:
        """Store a proposal; (row, True) when stored now, (earlier row, False) for a retried key."""
        digest = request_hash(data)
        values = {"game": data["game"], "question": data["question"], "answer": data["answer"],
                  "cites": list(data.get("cites") or []), "author": data.get("author"), "status": "proposed",
                  "idempotency_key": idempotency_key, "request_hash": digest, "created_at": _now()}
        with self._write():
            try:
                with self.engine.begin() as conn:
                    new_id = conn.execute(insert(proposals).values(**values)).inserted_primary_key[0]
                    row = conn.execute(select(proposals).where(proposals.c.id == new_id)).one()
                return self._row(row), True
            except IntegrityError:
                if idempotency_key is None:
                    raise
            with self.engine.connect() as conn:
                row = conn.execute(select(proposals).where(proposals.c.idempotency_key == idempotency_key)).one()
        if row.request_hash != digest:
            raise IdempotencyConflict(f"Idempotency-Key {idempotency_key!r} was already used for a different "
                                      f"submission (id {row.id})")
        return self._row(row), False

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
        with self._write():
            with self.engine.begin() as conn:
                row = conn.execute(select(proposals).where(proposals.c.id == proposal_id)).one_or_none()
                if row is None:
                    raise NotFound(proposal_id)
                if row.status == status:
                    return self._row(row)
                if row.status != "proposed":
                    raise DecisionConflict(f"proposal {proposal_id} is already {row.status}")
                conn.execute(update(proposals).where(proposals.c.id == proposal_id)
                             .values(status=status, note=note, decided_at=_now()))
                row = conn.execute(select(proposals).where(proposals.c.id == proposal_id)).one()
        return self._row(row)
