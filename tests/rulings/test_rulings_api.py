"""POST /api/rulings and moderation, on the real app and pipeline over a private SQLite file (the concurrency
test on PostgreSQL too)."""
from __future__ import annotations

import sqlite3
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from server.app import create_app

from .conftest import ADMIN_TOKEN, admin

GOOD = {"question": "三位資格者的貢獻度剛好等於需求值可以出團嗎？", "answer": "可以，範例中剛好 12 分也出團。",
        "game": "mist-mountain",
        "cites": [{"passage": "mist-mountain/morning/departure", "quote": "確認三位資格者貢獻度超過需求值"}],
        "author": "tester"}


def _db_path(settings) -> str:
    return settings.database_url.removeprefix("sqlite:///")


def test_submit_then_moderate(client):
    r = client.post("/api/rulings", json=GOOD)
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["status"] == "proposed" and body["question"] == GOOD["question"] and body["id"] >= 1
    assert r.headers["location"] == f"/api/rulings/proposals/{body['id']}"
    queue = client.get("/api/rulings/queue", headers=admin()).json()
    assert queue["count"] == 1 and queue["items"][0]["id"] == body["id"]
    r = client.post(f"/api/rulings/{body['id']}/accept", headers=admin(), json={"note": "matches the examples"})
    assert r.status_code == 200 and r.json()["status"] == "accepted" and r.json()["decided_at"]
    assert client.post(f"/api/rulings/{body['id']}/accept", headers=admin()).status_code == 200  # idempotent
    r = client.post(f"/api/rulings/{body['id']}/reject", headers=admin())
    assert r.status_code == 409 and "undo" in r.json()["error"]
    assert client.get("/api/rulings/queue", headers=admin()).json()["count"] == 0
    assert client.get("/api/rulings/queue?status=accepted", headers=admin()).json()["count"] == 1
    assert client.post("/api/rulings/9999/reject", headers=admin()).status_code == 404


@pytest.mark.parametrize("path, method", [("/api/rulings/queue", "get"), ("/api/rulings/1/accept", "post"),
                                          ("/api/rulings/1/reject", "post")])
def test_moderation_needs_the_admin_token(client, path, method):
    call = getattr(client, method)
    r = call(path)
    assert r.status_code == 401 and r.headers.get("www-authenticate") == "Bearer"
    assert call(path, headers={"Authorization": "Basic abc"}).status_code == 401
    assert call(path, headers={"Authorization": "Bearer wrong"}).status_code == 403
    assert call(path, headers={"Authorization": f"Bearer {ADMIN_TOKEN}x"}).status_code == 403


def test_moderation_disabled_without_a_configured_token(app_settings, pipeline):
    settings = app_settings.model_copy(update={"admin_token": ""})
    with TestClient(create_app(settings, pipeline=pipeline)) as c:
        for headers in ({}, {"Authorization": "Bearer "}, {"Authorization": "Bearer anything"}):
            r = c.get("/api/rulings/queue", headers=headers)
            assert r.status_code == 403 and "moderation disabled" in r.json()["error"]
        assert c.post("/api/rulings", json=GOOD).status_code == 201  # submissions still work


@pytest.mark.parametrize("change, field", [
    ({"question": ""}, "question"),
    ({"question": "字" * 501}, "question"),
    ({"answer": "字" * 4001}, "answer"),
    ({"answer": "   "}, "answer"),
    ({"game": "chess"}, "game"),
    ({"cites": [{"passage": "onirim/no-such"}]}, "cites.0.passage"),
    ({"cites": [{"passage": "onirim/towers/nightmare"}]}, "cites.0.passage"),  # another game
    ({"cites": [{"passage": "mist-mountain/morning/departure", "quote": "不在原文"}]}, "cites.0.quote"),
    ({"extra": 1}, "extra"),
    ({"author": "x" * 101}, "author"),
])
def test_invalid_proposals_are_422_naming_the_field(client, change, field):
    r = client.post("/api/rulings", json={**GOOD, **change})
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field
    if field == "game":
        assert "onirim" in r.json()["error"] and "dungeon-lords" in r.json()["error"]


def test_idempotency_key(client):
    headers = {"Idempotency-Key": "retry-1"}
    first = client.post("/api/rulings", json=GOOD, headers=headers)
    again = client.post("/api/rulings", json=GOOD, headers=headers)
    assert first.status_code == 201 and again.status_code == 200
    assert again.headers["idempotent-replayed"] == "true" and again.json()["id"] == first.json()["id"]
    other = client.post("/api/rulings", json={**GOOD, "answer": "不同的答案"}, headers=headers)
    assert other.status_code == 409 and other.json()["field"] == "Idempotency-Key"
    assert client.post("/api/rulings", json=GOOD, headers={"Idempotency-Key": "bad key"}).status_code == 422
    assert client.get("/api/rulings/queue", headers=admin()).json()["count"] == 1


HOSTILE = [
    "<script>alert('x')</script><img src=x onerror=alert(1)>",
    "'); DROP TABLE rulings;--",
    "'); DROP TABLE ruling_proposals;-- \" OR 1=1; --",
    "\u202e\u200b 零寬與雙向字元 \U0001F600 \\x00 %00 {{7*7}} ${jndi:ldap://x}",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_is_stored_inertly(client, app_settings, text):
    r = client.post("/api/rulings", json={**GOOD, "question": text, "answer": text, "author": text[:100]})
    assert r.status_code == 201 and r.headers["content-type"].startswith("application/json")
    assert r.headers["x-content-type-options"] == "nosniff"
    row = client.get("/api/rulings/queue", headers=admin()).json()["items"][-1]
    assert row["question"] == text and row["answer"] == text  # exactly as given
    con = sqlite3.connect(_db_path(app_settings))
    try:
        tables = {t for (t,) in con.execute("select name from sqlite_master where type='table'")}
        stored = con.execute("select question from ruling_proposals where id=?", (row["id"],)).fetchone()[0]
    finally:
        con.close()
    assert "ruling_proposals" in tables and stored == text


def test_nul_characters_are_refused(client):
    r = client.post("/api/rulings", json={**GOOD, "question": "a\x00b"})
    assert r.status_code == 422 and r.json()["field"] == "question"


def test_one_megabyte_body_is_413(client):
    big = {**GOOD, "answer": "字" * (1 << 20)}
    r = client.post("/api/rulings", json=big)
    assert r.status_code == 413
    r = client.post("/api/rulings", content=b"{" + b" " * (1 << 20) + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.get("/api/rulings/queue", headers=admin()).json()["count"] == 0


@pytest.mark.parametrize("raw", [b'{"question": "\xff\xfe", "answer": "a", "game": "onirim"}',
                                 b"\xc3\x28", b"\xed\xa0\x80"])
def test_invalid_utf8_is_422_naming_the_body(client, raw):
    r = client.post("/api/rulings", content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["field"] == "body" and "UTF-8" in r.json()["error"]


def test_not_json_is_422(client):
    for raw in (b"not json", b"[1, 2]", b""):
        r = client.post("/api/rulings", content=raw, headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["field"] == "body"


def test_submissions_are_rate_limited(app_settings, pipeline):
    settings = app_settings.model_copy(update={"rate_limit_per_minute": 3})
    with TestClient(create_app(settings, pipeline=pipeline)) as c:
        codes = [c.post("/api/rulings", json=GOOD).status_code for _ in range(5)]
    assert codes[:3] == [201, 201, 201] and codes[3:] == [429, 429]


def test_200_concurrent_submissions_all_stored_none_duplicated(backend_client):
    """On each backend (SQLite file, PostgreSQL): 200 submissions from 8 threads, some retried."""
    client = backend_client
    n, threads = 200, 8
    results: list[tuple[str, int, int]] = []
    lock = threading.Lock()

    def submit(i: int) -> None:
        key = f"concurrent-{i}"
        body = {**GOOD, "question": f"第 {i} 個問題：出團需要剛好達到需求嗎？"}
        r = client.post("/api/rulings", json=body, headers={"Idempotency-Key": key})
        if i % 10 == 0:  # some clients retry: must not create a second row
            r2 = client.post("/api/rulings", json=body, headers={"Idempotency-Key": key})
            assert r2.status_code == 200 and r2.json()["id"] == r.json()["id"]
        with lock:
            results.append((key, r.status_code, r.json()["id"]))

    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(submit, range(n)))
    assert len(results) == n and all(code == 201 for _, code, _ in results)
    assert len({rid for _, _, rid in results}) == n
    queue = client.get("/api/rulings/queue?limit=1000", headers=admin()).json()
    assert queue["count"] == n
    questions = Counter(item["question"] for item in queue["items"])
    assert len(questions) == n and max(questions.values()) == 1
    assert {item["id"] for item in queue["items"]} == {rid for _, _, rid in results}


def test_sqlite_runs_in_wal_with_full_sync(app_settings):
    from server.rulings_db import RulingsStore

    store = RulingsStore(app_settings.database_url)
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    finally:
        store.close()


def test_moderation_round_trip_on_each_backend(backend_client):
    """Submit, page the queue with an offset, accept and reject, on SQLite and PostgreSQL alike."""
    client = backend_client
    ids = [client.post("/api/rulings", json={**GOOD, "question": f"問題 {i}？"}).json()["id"] for i in range(3)]
    page = client.get("/api/rulings/queue?limit=2&offset=1", headers=admin()).json()
    assert page["count"] == 3 and [item["id"] for item in page["items"]] == ids[1:]
    assert client.post(f"/api/rulings/{ids[0]}/accept", json={"note": "好"}, headers=admin()).json()["note"] == "好"
    assert client.post(f"/api/rulings/{ids[0]}/reject", headers=admin()).status_code == 409
    # PostgreSQL text cannot hold NUL: refused as a 422 naming the field, on both backends.
    r = client.post(f"/api/rulings/{ids[1]}/reject", json={"note": "a\x00b"}, headers=admin())
    assert r.status_code == 422 and "note" in r.text
    assert client.post(f"/api/rulings/{ids[1]}/reject", headers=admin()).json()["status"] == "rejected"
    assert client.post("/api/rulings/9223372036854775807/accept", headers=admin()).status_code == 404
