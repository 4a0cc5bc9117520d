"""The proposal store behaves the same on SQLite and PostgreSQL: idempotent keys, races, decisions, paging."""
from __future__ import annotations

import datetime as dt
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from server.rulings_db import DecisionConflict, IdempotencyConflict, NotFound, RulingsStore


def _data(i: int | str) -> dict:
    return {"game": "onirim", "question": f"問題 {i}？", "answer": "可以。", "cites": [], "author": None}


@pytest.fixture()
def store(migrated_url):
    """A store over a migrated database on each backend."""
    s = RulingsStore(migrated_url)
    try:
        yield s
    finally:
        s.close()


def test_retry_returns_the_stored_row_and_another_body_is_refused(store):
    first, created = store.submit(_data(1), "key-1")
    again, created_again = store.submit(_data(1), "key-1")
    assert created and not created_again and again == first
    with pytest.raises(IdempotencyConflict, match="key-1"):
        store.submit(_data(2), "key-1")
    without_key = [store.submit(_data(1))[0]["id"] for _ in range(2)]  # no key: two proposals
    assert len(set(without_key)) == 2 and store.count() == 3
    created_at = dt.datetime.fromisoformat(first["created_at"])
    assert created_at.utcoffset() == dt.timedelta(0)  # UTC on both backends


def test_one_key_raced_by_many_threads_stores_one_row(store):
    barrier = threading.Barrier(16)

    def submit(_: int) -> tuple[int, bool]:
        barrier.wait()
        row, created = store.submit(_data("raced"), "raced-key")
        return row["id"], created

    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(submit, range(16)))
    assert len({rid for rid, _ in results}) == 1
    assert sum(created for _, created in results) == 1
    assert store.count() == 1


def test_racing_accept_and_reject_exactly_one_wins(store):
    ids = [store.submit(_data(i))[0]["id"] for i in range(20)]
    outcomes: list[tuple[int, str, str]] = []
    lock = threading.Lock()

    def decide(args: tuple[int, str]) -> None:
        rid, status = args
        try:
            row = store.decide(rid, status)
            result = row["status"]
        except DecisionConflict:
            result = "conflict"
        with lock:
            outcomes.append((rid, status, result))

    jobs = [(rid, status) for rid in ids for status in ("accepted", "rejected")]
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(decide, jobs))
    for rid in ids:
        mine = [(status, result) for r, status, result in outcomes if r == rid]
        winners = [status for status, result in mine if result == status]
        assert len(winners) == 1 and [result for _, result in mine].count("conflict") == 1
        assert store.get(rid)["status"] == winners[0]


def test_decisions(store):
    rid = store.submit(_data(1))[0]["id"]
    accepted = store.decide(rid, "accepted", "引用正確")
    assert accepted["status"] == "accepted" and accepted["note"] == "引用正確" and accepted["decided_at"]
    assert store.decide(rid, "accepted") == accepted  # the same decision again changes nothing
    with pytest.raises(DecisionConflict):
        store.decide(rid, "rejected")
    with pytest.raises(NotFound):
        store.decide(rid + 1000, "accepted")
    with pytest.raises(ValueError):
        store.decide(rid, "proposed")


def test_listing_pages_oldest_first_and_large_ids_are_not_found(store):
    ids = [store.submit(_data(i))[0]["id"] for i in range(7)]
    store.decide(ids[2], "rejected")
    assert [r["id"] for r in store.list("proposed", limit=3)] == [ids[0], ids[1], ids[3]]
    assert [r["id"] for r in store.list("proposed", limit=3, offset=3)] == [ids[4], ids[5], ids[6]]
    assert [r["id"] for r in store.list(None, limit=100, offset=5)] == ids[5:]
    assert store.list(None, limit=10, offset=2**63 - 1) == []
    assert store.count("proposed") == 6 and store.count("rejected") == 1 and store.count() == 7
    for big in (2**31, 2**63 - 1):  # beyond INTEGER on PostgreSQL; the API bounds ids below 2^63
        with pytest.raises(NotFound):
            store.get(big)


def test_text_is_stored_exactly(store):
    text = "'); DROP TABLE ruling_proposals;-- \u202e\u200b 零寬 \U0001F600 <script>x</script> ${jndi:x}"
    row, _ = store.submit({**_data(1), "question": text, "answer": text, "author": text[:100],
                           "cites": [{"passage": "onirim/towers/row", "quote": text}]})
    assert store.get(row["id"])["question"] == text
    assert store.get(row["id"])["cites"] == [{"passage": "onirim/towers/row", "quote": text}]


def test_unsupported_urls_are_refused_by_name():
    with pytest.raises(ValueError, match="unsupported database 'mysql'.*postgresql\\+psycopg"):
        RulingsStore("mysql://user@localhost/db")
