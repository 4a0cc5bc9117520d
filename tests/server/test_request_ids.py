"""Unexpected errors (issue 15): logged once, with one traceback and the request id the 500 body names."""
from __future__ import annotations

import logging

from fastapi.testclient import TestClient

from server.app import create_app


class ExplodingPipeline:
    """A pipeline whose every answer fails the way a bug would."""

    def ask(self, *_: object, **__: object) -> None:
        raise RuntimeError("boom in the answering layer")


def test_a_500_is_logged_once_with_its_request_id(app_settings, caplog):
    app = create_app(app_settings, pipeline=ExplodingPipeline())
    caplog.set_level(logging.DEBUG)
    # raise_server_exceptions=True: an exception re-raised to the server (logged there a second time) fails here.
    with TestClient(app) as client:
        r = client.post("/api/ask", json={"question": "Can a Nightmare break my tower row?"})
    assert r.status_code == 500
    rid = r.json()["request_id"]
    assert rid and rid in r.json()["error"] and r.headers["x-request-id"] == rid
    assert r.headers["x-content-type-options"] == "nosniff"
    with_traceback = [rec for rec in caplog.records if rec.exc_info]
    assert len(with_traceback) == 1, [rec.getMessage() for rec in with_traceback]
    assert rid in with_traceback[0].getMessage() and "POST /api/ask" in with_traceback[0].getMessage()
    assert "boom in the answering layer" in caplog.text
    assert caplog.text.count("Traceback") == 1


def test_every_response_carries_a_request_id(app_client):
    a, b = app_client.get("/api/games"), app_client.get("/api/games")
    assert a.headers["x-request-id"] != b.headers["x-request-id"]
    assert app_client.get("/healthz", headers={"X-Request-ID": "lb-1234"}).headers["x-request-id"] == "lb-1234"
    forged = app_client.get("/healthz", headers={"X-Request-ID": "x\" y" * 40})
    assert forged.headers["x-request-id"] != "x\" y" * 40
