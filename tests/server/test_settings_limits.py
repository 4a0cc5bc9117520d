"""The question length limit is a setting (issue 15), shown in the OpenAPI document and bounded by
what the answering layer accepts."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from indexer.retrieval import MAX_QUERY_CHARS
from server.app import create_app
from server.settings import Settings


def test_default_limit_is_above_every_tuning_question():
    import yaml
    from pathlib import Path

    lengths = []

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                lengths.append(len(value)) if key in ("q", "question") and isinstance(value, str) else walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted((Path(__file__).resolve().parents[1] / "data" / "tune").glob("*.yaml")):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert lengths, "the tuning questions were found"
    assert max(lengths) * 1.5 <= Settings().max_question_chars <= MAX_QUERY_CHARS


def test_limit_cannot_exceed_what_the_answering_layer_accepts():
    with pytest.raises(ValidationError):
        Settings(max_question_chars=MAX_QUERY_CHARS + 1)


def test_configured_limit_is_enforced_and_documented(app_settings, pipeline):
    app = create_app(app_settings.model_copy(update={"max_question_chars": 30}), pipeline=pipeline)
    with TestClient(app) as client:
        assert client.post("/api/ask", json={"question": "Can a Nightmare break my tower?"[:30]}).status_code == 200
        r = client.post("/api/ask", json={"question": "Can a Nightmare break my tower row?"})
        assert r.status_code == 422 and "at most 30 characters, found 35" in r.json()["error"]
        r = client.get("/api/search", params={"q": "tower " * 6})
        assert r.status_code == 422 and r.json()["field"].endswith("q")
        doc = client.get("/openapi.json").json()
    ask_schema = doc["components"]["schemas"]["AskRequest"]["properties"]["question"]
    assert ask_schema["maxLength"] == 30
    search_q = next(p for p in doc["paths"]["/api/search"]["get"]["parameters"] if p["name"] == "q")
    assert search_q["schema"]["maxLength"] == 30
