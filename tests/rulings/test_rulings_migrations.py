"""The schema is Alembic's: SQLite files (old ones too) are migrated at open, PostgreSQL only by `arbiter db upgrade`."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from server.cli import main
from server.rulings_db import RulingsStore, make_engine, metadata
from server.rulings_schema import SchemaError, head_revision, upgrade

# The schema as rules-arbiter created it before the migrations (metadata.create_all), copied from such a file.
LEGACY_DDL = [
    "CREATE TABLE ruling_proposals (\n\tid INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, \n\tgame VARCHAR(40) NOT NULL, "
    "\n\tquestion TEXT NOT NULL, \n\tanswer TEXT NOT NULL, \n\tcites JSON NOT NULL, \n\tauthor VARCHAR(200), "
    "\n\tstatus VARCHAR(16) NOT NULL, \n\tnote TEXT, \n\tidempotency_key VARCHAR(200), "
    "\n\trequest_hash VARCHAR(64) NOT NULL, \n\tcreated_at DATETIME NOT NULL, \n\tdecided_at DATETIME, "
    "\n\tUNIQUE (idempotency_key)\n)",
    "CREATE INDEX ix_ruling_proposals_game ON ruling_proposals (game)",
    "CREATE INDEX ix_ruling_proposals_status ON ruling_proposals (status)",
]
# Revision 0002 adds six nullable columns (SQLite's ADD COLUMN writes them into the stored CREATE TABLE).
ADDED_0002 = ("reasoning TEXT, source_kind VARCHAR(20), source_link VARCHAR(500), checks JSON, "
              "exported_path VARCHAR(300), exported_at DATETIME, ")
HEAD_DDL = [LEGACY_DDL[0].replace("decided_at DATETIME, ", "decided_at DATETIME, " + ADDED_0002), *LEGACY_DDL[1:]]


def _schema(path: Path) -> set[str]:
    con = sqlite3.connect(path)
    try:
        return {sql for (sql,) in con.execute("select sql from sqlite_master where name like '%ruling_proposals%' "
                                              "and sql is not null")}
    finally:
        con.close()


def _legacy_file(path: Path) -> None:
    """A rulings.db as the pre-migration code left it, with one proposal in it."""
    con = sqlite3.connect(path)
    with con:
        for ddl in LEGACY_DDL:
            con.execute(ddl)
        con.execute("insert into ruling_proposals (game, question, answer, cites, status, idempotency_key, "
                    "request_hash, created_at) values ('onirim', '舊的問題', '舊的答案', '[]', 'proposed', 'old-key', "
                    "'x', '2026-11-01 10:00:00.000000')")
    con.close()


def test_a_new_sqlite_file_gets_the_old_schema_plus_revision_0002(tmp_path: Path):
    RulingsStore(f"sqlite:///{tmp_path / 'new.db'}").close()
    assert _schema(tmp_path / "new.db") == set(HEAD_DDL)
    con = sqlite3.connect(tmp_path / "new.db")
    assert con.execute("select version_num from alembic_version").fetchall() == [(head_revision(),)]
    con.close()


def test_a_sqlite_file_from_before_migrations_is_stamped_and_keeps_its_rows(tmp_path: Path):
    path = tmp_path / "old.db"
    _legacy_file(path)
    store = RulingsStore(f"sqlite:///{path}")
    try:
        old = store.list(None)
        assert [(r["question"], r["idempotency_key"]) for r in old] == [("舊的問題", "old-key")]
        assert old[0]["created_at"] == "2026-11-01T10:00:00+00:00"
        new, created = store.submit({"game": "onirim", "question": "新的？", "answer": "好。"}, "new-key")
        assert created and new["id"] == old[0]["id"] + 1
    finally:
        store.close()
    assert _schema(path) == set(HEAD_DDL)
    assert main(["db", "current", "--database-url", f"sqlite:///{path}"]) == 0


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def test_revision_0002_keeps_the_rows_and_downgrades(backend, tmp_path: Path, request):
    """A 0001 database with a proposal in it gains the new columns (empty for the old row) and can go back."""
    url = f"sqlite:///{tmp_path / 'r.db'}" if backend == "sqlite" else \
        request.getfixturevalue("postgres_server").create_database()
    assert upgrade(url, "0001") == (None, "0001")
    engine = make_engine(url)  # a proposal written as the 0001 code did
    with engine.begin() as conn:
        conn.execute(text("insert into ruling_proposals (game, question, answer, cites, status, request_hash, "
                          "created_at) values ('onirim', '舊問題', '舊答案', '[]', 'proposed', 'x', :t)"),
                     {"t": "2026-11-01 10:00:00"})
    engine.dispose()
    assert upgrade(url) == ("0001", head_revision())
    store = RulingsStore(url)
    try:
        [row] = store.list(None)
        assert row["question"] == "舊問題" and row["checks"] is None and row["exported_at"] is None
        store.mark_exported(row["id"], "rulings/onirim/community-1.yaml")
        assert store.get(row["id"])["exported_path"] == "rulings/onirim/community-1.yaml"
    finally:
        store.close()
    from alembic import command

    from server.rulings_schema import alembic_config, current_revision

    engine = make_engine(url)
    with engine.begin() as conn:
        command.downgrade(alembic_config(conn), "0001")
        assert current_revision(conn) == "0001"
        assert conn.execute(text("select question from ruling_proposals")).scalar() == "舊問題"
    engine.dispose()


def test_an_unrecognised_table_is_not_stamped(tmp_path: Path):
    path = tmp_path / "odd.db"
    con = sqlite3.connect(path)
    con.execute("create table ruling_proposals (id integer primary key, something text)")
    con.close()
    with pytest.raises(SchemaError, match="refusing to stamp"):
        RulingsStore(f"sqlite:///{path}")


@pytest.mark.postgres
def test_postgresql_is_refused_until_arbiter_db_upgrade(postgres_server, capsys):
    url = postgres_server.create_database()
    with pytest.raises(SchemaError, match="no rulings schema yet: run `arbiter db upgrade`"):
        RulingsStore(url)
    assert main(["db", "current", "--database-url", url]) == 1
    assert "revision none" in capsys.readouterr().out
    assert main(["rulings", "export", "--database-url", url]) == 2
    assert "arbiter db upgrade" in capsys.readouterr().err
    assert main(["db", "upgrade", "--database-url", url]) == 0
    assert f"upgraded from an empty database to revision {head_revision()}" in capsys.readouterr().out
    assert main(["db", "upgrade", "--database-url", url]) == 0
    assert "already at revision" in capsys.readouterr().out
    assert main(["db", "current", "--database-url", url]) == 0
    RulingsStore(url).close()


@pytest.mark.postgres
def test_postgresql_tables_from_before_migrations_are_stamped_by_upgrade(postgres_server):
    url = postgres_server.create_database()
    engine = create_engine(url)
    metadata.create_all(engine)  # what the pre-migration code did on any URL, with the table it had then:
    with engine.begin() as conn:
        for name in ("reasoning", "source_kind", "source_link", "checks", "exported_path", "exported_at"):
            conn.execute(text(f"alter table ruling_proposals drop column {name}"))
    with engine.begin() as conn:
        conn.execute(text("insert into ruling_proposals (game, question, answer, cites, status, request_hash, "
                          "created_at) values ('onirim', 'q', 'a', '[]', 'proposed', 'x', now())"))
    engine.dispose()
    with pytest.raises(SchemaError, match="before schema migrations existed"):
        RulingsStore(url)
    assert upgrade(url) == ("0001", head_revision())
    store = RulingsStore(url)
    try:
        assert [r["question"] for r in store.list(None)] == ["q"]
    finally:
        store.close()


@pytest.mark.postgres
def test_a_server_on_a_postgresql_database_behind_does_not_start(postgres_server, app_settings):
    from fastapi.testclient import TestClient

    from server.app import create_app

    url = postgres_server.create_database()
    app = create_app(app_settings.model_copy(update={"database_url": url}), pipeline=object())
    with pytest.raises(SchemaError, match="arbiter db upgrade"):
        with TestClient(app):
            pass


def test_a_revision_newer_than_the_code_is_refused(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'future.db'}"
    RulingsStore(url).close()
    con = sqlite3.connect(tmp_path / "future.db")
    with con:
        con.execute("update alembic_version set version_num = '9999'")
    con.close()
    with pytest.raises(SchemaError, match="9999, which this code does not know"):
        RulingsStore(url)


def test_workers_starting_together_on_a_new_sqlite_file_all_open_it(tmp_path: Path):
    """Several server processes migrating one new file at once take turns (the lock file), none fails."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    code = ("import sys; from server.rulings_db import RulingsStore; s = RulingsStore(sys.argv[1]); "
            "s.submit({'game': 'onirim', 'question': 'q', 'answer': 'a'}, 'same-key'); s.close()")
    procs = [subprocess.Popen([sys.executable, "-c", code, url], cwd=root, stderr=subprocess.PIPE, text=True)
             for _ in range(4)]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0, 0], errors
    assert _schema(tmp_path / "shared.db") == set(HEAD_DDL)
    store = RulingsStore(url)
    try:
        assert store.count() == 1
    finally:
        store.close()


def test_a_new_sqlite_file_is_put_in_wal_mode_by_one_process_at_a_time(tmp_path: Path):
    """Making an engine waits for the lock file another process holds, then leaves the file in WAL mode."""
    import fcntl
    import threading

    from server.rulings_db import sqlite_file_lock

    database = tmp_path / "new.db"
    made = threading.Event()
    engines = []

    def make() -> None:
        engines.append(make_engine(f"sqlite:///{database}"))
        made.set()

    with sqlite_file_lock(str(database)):
        # Another holder of the lock (as a second server process would be) keeps the setup waiting.
        with open(f"{database}.migrate.lock", "a") as handle:
            with pytest.raises(BlockingIOError):
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        worker = threading.Thread(target=make)
        worker.start()
        assert not made.wait(0.5)
    assert made.wait(30)
    worker.join()
    con = sqlite3.connect(database)
    try:
        # Read by a plain connection that never went through the engine's connect hook.
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        con.close()
    engines[0].dispose()
