"""The PostgreSQL test harness fails, naming the install script, when PostgreSQL is missing; skips only on request."""
from __future__ import annotations

import pytest

from tests import _postgres


def test_missing_postgres_fails_naming_the_install_script(monkeypatch):
    monkeypatch.setattr(_postgres, "_binaries", lambda: None)
    monkeypatch.delenv("ARBITER_ALLOW_SKIP_SERVICES", raising=False)
    with pytest.raises(pytest.fail.Exception, match="tools/install_postgres.sh"):
        _postgres.PostgresServer()


def test_missing_postgres_skips_only_when_allowed(monkeypatch):
    monkeypatch.setattr(_postgres, "_binaries", lambda: None)
    monkeypatch.setenv("ARBITER_ALLOW_SKIP_SERVICES", "1")
    with pytest.raises(pytest.skip.Exception, match="tools/install_postgres.sh"):
        _postgres.PostgresServer()


@pytest.mark.postgres
def test_the_throwaway_cluster_serves_separate_databases(postgres_server):
    import psycopg

    first, second = postgres_server.create_database(), postgres_server.create_database()
    assert first != second and first.startswith("postgresql+psycopg://postgres@127.0.0.1:")
    with psycopg.connect(host="127.0.0.1", port=postgres_server.port, user="postgres",
                         dbname=first.rsplit("/", 1)[1]) as conn:
        assert conn.execute("select current_setting('listen_addresses')").fetchone() == ("127.0.0.1",)
