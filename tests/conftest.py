"""Shared fixtures: the real default index and pipeline, built once per test session."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


@pytest.fixture(scope="session")
def search_service():
    """The default-settings search service (index under var/index, rebuilt if stale)."""
    from server.search import build_service
    from server.settings import Settings

    return build_service(Settings(), log=lambda m: None)


@pytest.fixture(scope="session")
def pipeline(search_service):
    """The answering pipeline over the default index."""
    from answering.pipeline import Pipeline

    return Pipeline(search_service)
