"""A chat-enabled app over the session pipeline, with real keys generated for the tests."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from fastapi.testclient import TestClient
from nacl.signing import SigningKey

from server.app import create_app
from server.settings import Settings

LINE_SECRET = "test-channel-secret"
LINE_TOKEN = "test-channel-token"
PUBLIC_URL = "https://rules.example.test"


class FakeLine:
    """A local stand-in for LINE's reply API that records each request and answers with queued statuses."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.statuses: list[int] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                fake.requests.append({"path": self.path, "headers": dict(self.headers), "body": json.loads(body)})
                status = fake.statuses.pop(0) if fake.statuses else 200
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.end_headers()
                self.wfile.write(b"{}")

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def discord_key() -> SigningKey:
    return SigningKey.generate()


@pytest.fixture()
def fake_line():
    fake = FakeLine()
    yield fake
    fake.close()


def chat_settings(tmp_path, **overrides: Any) -> Settings:
    """Settings with both platforms configured and the HTTP rate limit off (TestClient shares one address)."""
    values: dict[str, Any] = dict(rate_limit_per_minute=0, database_url=f"sqlite:///{tmp_path / 'rulings.db'}",
                                  public_url=PUBLIC_URL, line_channel_secret=LINE_SECRET,
                                  line_channel_token=LINE_TOKEN)
    values.update(overrides)
    return Settings(**values)


@pytest.fixture()
def make_client(pipeline, tmp_path):
    """A TestClient factory: make_client(**settings) builds a fresh app (fresh history and limits)."""
    clients: list[TestClient] = []

    def make(**overrides: Any) -> TestClient:
        c = TestClient(create_app(chat_settings(tmp_path, **overrides), pipeline=pipeline))
        c.__enter__()
        clients.append(c)
        return c
    yield make
    for c in clients:
        c.__exit__(None, None, None)


def discord_headers(key: SigningKey, body: bytes, timestamp: int | None = None) -> dict[str, str]:
    """The headers Discord sends: an Ed25519 signature over timestamp + body."""
    ts = str(int(time.time()) if timestamp is None else timestamp)
    return {"x-signature-ed25519": key.sign(ts.encode() + body).signature.hex(), "x-signature-timestamp": ts,
            "content-type": "application/json"}


def line_headers(body: bytes, secret: str = LINE_SECRET) -> dict[str, str]:
    """The header LINE sends: base64 HMAC-SHA256 of the body with the channel secret."""
    sig = base64.b64encode(hmac.new(secret.encode(), body, hashlib.sha256).digest()).decode()
    return {"x-line-signature": sig, "content-type": "application/json"}
