"""Fixtures of the server tests: an app with moderation on, a private database and a limit no test reaches."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.settings import Settings

ADMIN_TOKEN = "server-tests-admin-token"
ADMIN = {"Authorization": f"Bearer {ADMIN_TOKEN}"}


@pytest.fixture(scope="module")
def app_settings(tmp_path_factory) -> Settings:
    """Settings with a private SQLite file, an admin token and a rate limit no test reaches."""
    db = tmp_path_factory.mktemp("server") / "rulings.db"
    return Settings(database_url=f"sqlite:///{db}", admin_token=ADMIN_TOKEN, rate_limit_per_minute=1_000_000)


@pytest.fixture(scope="module")
def app(app_settings, pipeline):
    """The real app (every middleware) over the session pipeline."""
    return create_app(app_settings, pipeline=pipeline)


@pytest.fixture(scope="module")
def app_client(app):
    """A TestClient of `app` that re-raises nothing: a server error must come back as a 500 response."""
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c
