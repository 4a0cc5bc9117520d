"""Hostile JSON bodies (issue 15): lone surrogates, deep nesting and huge integers are 422s that say
what is wrong, on every route that reads JSON."""
from __future__ import annotations

import pytest

from server.bodies import MAX_DEPTH, BodyError, parse_json

from .conftest import ADMIN

JSON = {"content-type": "application/json"}
GOOD_RULING = '"answer": "Yes.", "game": "onirim"'
DEEP = b"[" * 1100 + b"]" * 1100
HUGE = b"1" * 4301


def test_parse_json_reads_ordinary_json():
    assert parse_json('{"q": "夢魘 [tower] {x}", "n": -12, "l": [[1]]}'.encode()) == \
        {"q": "夢魘 [tower] {x}", "n": -12, "l": [[1]]}
    assert parse_json(b'"' + b"[" * 500 + b'"') == "[" * 500, "brackets inside strings are not nesting"


@pytest.mark.parametrize("raw, field, needle", [
    (b'{"question": "onirim \\udc80 tower"}', "question", "surrogate"),
    (b'{"cites": [{"quote": "\\ud800"}]}', "cites.0.quote", "surrogate"),
    (b'{"\\udc80": 1}', "body", "surrogate"),
    (DEEP, "body", f"at most {MAX_DEPTH}"),
    (b'{"n": ' + HUGE + b"}", "body", "4301 digits"),
    (b'{"q": "\xed\xb2\x80"}', "body", "UTF-8"),
])
def test_parse_json_refuses_what_the_app_cannot_handle(raw, field, needle):
    with pytest.raises(BodyError) as e:
        parse_json(raw)
    assert e.value.field == field and needle in e.value.problem


def test_ask_lone_surrogate_is_422_naming_the_question(app_client):
    r = app_client.post("/api/ask", content=b'{"question": "onirim \\udc80 tower"}', headers=JSON)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "question" and "surrogate" in r.json()["error"]
    r = app_client.post("/api/ask", content=b'{"question": "tower", "history": [{"question": "\\udfff"}]}',
                        headers=JSON)
    assert r.status_code == 422 and r.json()["field"] == "history.0.question", r.text


def test_rule_body_lone_surrogate_is_422_naming_the_field(app_client):
    r = app_client.post("/api/rules/onirim.tower_placement", content=b'{"tower": "green-4\\udc80"}', headers=JSON)
    assert r.status_code == 422 and r.json()["field"] == "tower", r.text


def test_search_query_with_encoded_surrogate_is_not_a_server_error(app_client):
    # A surrogate cannot be percent-encoded as UTF-8; its bytes arrive as replacement characters.
    r = app_client.get("/api/search?q=onirim%ED%B2%80tower")
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("path", ["/api/ask", "/api/rules/onirim.tower_placement", "/api/rulings",
                                  "/api/rulings/1/accept"])
@pytest.mark.parametrize("raw, needle", [
    (b'{"question": ' + DEEP + b"}", "nested 1101 levels deep"),
    (b'{"question": ' + HUGE + b"}", "an integer has 4301 digits"),
])
def test_deep_or_huge_bodies_say_what_is_wrong(app_client, path, raw, needle):
    r = app_client.post(path, content=raw, headers={**JSON, **ADMIN})
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "body" and needle in r.json()["error"], r.json()


@pytest.mark.parametrize("raw, field, needle", [
    ('{"question": "a \\udc80 b", ' + GOOD_RULING + "}", "question", "surrogate"),
    ('{"question": "Can a Nightmare discard a tower?", ' + GOOD_RULING +
     ', "cites": [{"passage": "onirim/towers/row", "quote": "\\ud800"}]}', "cites.0.quote", "surrogate"),
    ('{"question": "q?", ' + GOOD_RULING + ', "cites": ' + "[" * 1100 + "]" * 1100 + "}", "body", "nested"),
    ('{"question": "q?", ' + GOOD_RULING + ', "cites": ' + "1" * 4301 + "}", "body", "4301 digits"),
    ('{"question": "q?", ' + GOOD_RULING + ', "cites": 5}', "cites", "list"),
    ("[1, 2]", "body", "object"),
    ('{"question": "q?", ', "body", "not valid JSON"),
])
def test_ruling_submission_is_parsed_by_the_model(app_client, raw, field, needle):
    r = app_client.post("/api/rulings", content=raw.encode(), headers=JSON)
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["field"] == field and needle in body["error"], body
    assert body["details"][0]["field"] == field
