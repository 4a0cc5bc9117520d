"""The rulings routes at the edge (issue 15): ids and offsets beyond 64 bits and invisible-only text
are refused with a 422 naming the parameter or field, before anything reaches the database."""
from __future__ import annotations

import pytest

from server.routers.rulings import visible

from .conftest import ADMIN

TOO_BIG = "9223372036854775808"  # 2**63


def test_queue_offset_beyond_64_bits_is_422(app_client):
    r = app_client.get(f"/api/rulings/queue?offset={TOO_BIG}", headers=ADMIN)
    assert r.status_code == 422, r.text
    assert r.json()["field"].endswith("offset") and "9223372036854775807" in r.json()["error"]
    assert app_client.get("/api/rulings/queue?offset=9223372036854775807", headers=ADMIN).status_code == 200


@pytest.mark.parametrize("action", ["accept", "reject"])
@pytest.mark.parametrize("pid", [TOO_BIG, "0", "-1"])
def test_decision_on_an_id_outside_the_database_range_is_422(app_client, action, pid):
    r = app_client.post(f"/api/rulings/{pid}/{action}", headers=ADMIN)
    assert r.status_code == 422, r.text
    assert r.json()["field"].endswith("proposal_id")


def test_largest_id_is_a_plain_404(app_client):
    r = app_client.post("/api/rulings/9223372036854775807/accept", headers=ADMIN)
    assert r.status_code == 404, r.text


@pytest.mark.parametrize("text", ["\u200b\u200b", "\u200b \u200c\u200d\u2060\ufeff", "\u3164", "\u00a0\u3000",
                                  "\u2800\u115f", "\u0301\u200e"])
@pytest.mark.parametrize("field", ["question", "answer"])
def test_ruling_with_only_invisible_text_is_refused(app_client, text, field):
    body = {"question": "Can a Nightmare discard a tower?", "answer": "Yes.", "game": "onirim", field: text}
    r = app_client.post("/api/rulings", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field and "visible" in r.json()["error"]


def test_visible_keeps_real_text():
    assert visible("夢魘\u200b 可以") == "夢魘可以"
    assert visible("e\u0301") == "e"
    assert visible("\u200b\u2060\u3164 ") == ""
