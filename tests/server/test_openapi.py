"""The OpenAPI document declares what the API really answers (issue 15): the project's error body,
the statuses each operation can return, text length limits, and each rule's input schema."""
from __future__ import annotations

import json

import pytest

from rules_engine import all_rules, load_games
from server.openapi import inline_refs

load_games()


@pytest.fixture(scope="module")
def doc(app_client):
    return app_client.get("/openapi.json").json()


def _op(doc, method, path):
    return doc["paths"][path][method]


def test_every_422_has_the_project_error_body(doc, app_client):
    assert "HTTPValidationError" not in json.dumps(doc)
    error = doc["components"]["schemas"]["ErrorBody"]
    assert error["required"] == ["error"] and {"field", "details", "valid"} <= set(error["properties"])
    count = 0
    for ops in doc["paths"].values():
        for op in ops.values():
            if "422" in op["responses"]:
                count += 1
                schema = op["responses"]["422"]["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/ErrorBody"}
    assert count >= 30
    real = app_client.post("/api/ask", json={"question": 5}).json()
    assert set(real) <= set(error["properties"]) and {"error", "field", "details"} <= set(real)


@pytest.mark.parametrize("method, path, statuses", [
    ("post", "/api/ask", {"404", "413", "422", "429"}),
    ("get", "/api/search", {"404", "422"}),
    ("get", "/api/passages/{passage_id}", {"404"}),
    ("post", "/api/rules/{rule_id}", {"404", "413", "422"}),
    ("post", "/api/rulings", {"201", "200", "409", "413", "422", "429"}),
    ("get", "/api/rulings/queue", {"401", "403", "422"}),
    ("post", "/api/rulings/{proposal_id}/accept", {"401", "403", "404", "409", "413", "422"}),
    ("post", "/api/rulings/{proposal_id}/reject", {"401", "403", "404", "409", "413", "422"}),
])
def test_operations_declare_the_statuses_they_return(doc, method, path, statuses):
    assert statuses <= set(_op(doc, method, path)["responses"])


def test_text_fields_have_max_length(doc, app_settings):
    schemas = doc["components"]["schemas"]
    assert schemas["AskRequest"]["properties"]["question"]["maxLength"] == app_settings.max_question_chars
    history = schemas["HistoryItem"]["properties"]["question"]
    assert history["maxLength"] == app_settings.max_question_chars
    for model, field in [("ProposalIn", "question"), ("ProposalIn", "answer"), ("ProposalIn", "game"),
                         ("CiteIn", "passage"), ("DecisionIn", "note")]:
        prop = schemas[model]["properties"][field]
        limits = [prop.get("maxLength")] + [alt.get("maxLength") for alt in prop.get("anyOf", [])]
        assert any(limits), (model, field)
    params = {p["name"]: p["schema"] for p in _op(doc, "get", "/api/search")["parameters"]}
    assert params["q"]["maxLength"] == app_settings.max_question_chars


def test_offsets_and_ids_are_bounded_in_the_document(doc):
    params = {p["name"]: p["schema"] for p in _op(doc, "get", "/api/rulings/queue")["parameters"]}
    assert params["offset"]["maximum"] == 2**63 - 1
    params = {p["name"]: p["schema"] for p in _op(doc, "post", "/api/rulings/{proposal_id}/accept")["parameters"]}
    assert params["proposal_id"]["maximum"] == 2**63 - 1 and params["proposal_id"]["minimum"] == 1


def test_each_rule_documents_its_input_schema(doc, app_client):
    for rule in all_rules():
        op = _op(doc, "post", f"/api/rules/{rule.id}")
        schema = op["requestBody"]["content"]["application/json"]["schema"]
        assert schema == inline_refs(rule.input_schema()), rule.id
        assert "$defs" not in json.dumps(schema)
        assert op["responses"]["200"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Verdict"}
    # The documented route is the real one: the same answer as the generic path.
    r = app_client.post("/api/rules/onirim.tower_placement", json={"row": ["red-4"], "tower": "green-4"})
    assert r.status_code == 200 and r.json()["value"] is True
