"""`arbiter serve` with the chat variables set serves both endpoints (a real server process on loopback)."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from nacl.signing import SigningKey

from .conftest import LINE_SECRET, discord_headers, line_headers


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_arbiter_serve_answers_discord_ping_and_line_verification(tmp_path: Path) -> None:
    key = SigningKey.generate()
    port = _free_port()
    env = {**os.environ, "ARBITER_DISCORD_PUBLIC_KEY": key.verify_key.encode().hex(),
           "ARBITER_LINE_CHANNEL_SECRET": LINE_SECRET, "ARBITER_LINE_CHANNEL_TOKEN": "t",
           "ARBITER_DATABASE_URL": f"sqlite:///{tmp_path / 'rulings.db'}"}
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "server.cli", "serve", "--port", str(port)], env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 90
        while time.time() < deadline:
            assert proc.poll() is None, (tmp_path / "serve.log").read_text()[-2000:]
            try:
                if httpx.get(f"{base}/healthz", timeout=2).json().get("status") == "ok":
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        ping = b'{"type":1}'
        r = httpx.post(f"{base}/chat/discord", content=ping, headers=discord_headers(key, ping), timeout=10)
        assert r.status_code == 200 and r.json() == {"type": 1}
        assert httpx.post(f"{base}/chat/discord", content=ping, timeout=10).status_code == 401
        verify = b'{"destination":"Ubot","events":[]}'
        r = httpx.post(f"{base}/chat/line", content=verify, headers=line_headers(verify), timeout=10)
        assert r.status_code == 200 and r.json() == {"answered": 0, "questions": 0}
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()
