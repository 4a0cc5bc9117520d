"""A server killed (SIGKILL) in the middle of a submission load loses no acknowledged submission, on SQLite and on
PostgreSQL (migrated first with `arbiter db upgrade`, as a deploy would)."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from .conftest import ADMIN_TOKEN, admin

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(url: str) -> dict[str, str]:
    return {**os.environ, "ARBITER_DATABASE_URL": url, "ARBITER_ADMIN_TOKEN": ADMIN_TOKEN,
            "ARBITER_RATE_LIMIT_PER_MINUTE": "0", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}


def _start(url: str, log: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = _env(url)
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "tests.rulings._server_app:app", "--host", "127.0.0.1",
                             "--port", str(port), "--log-level", "warning"],
                            cwd=ROOT, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}: {log.read_text(errors='replace')[-2000:]}")
        try:
            if httpx.get(f"{base}/api/rulings/queue", headers=admin(), timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start within 60 s")


def _body(key: str) -> dict:
    return {"question": f"{key}：剛好達到需求可以出團嗎？", "answer": "可以。", "game": "mist-mountain"}


def test_killed_server_loses_no_acknowledged_submission(database_url: str, tmp_path: Path):
    log = tmp_path / "server.log"
    if not database_url.startswith("sqlite"):
        # PostgreSQL is migrated as a deploy step; the server refuses a database without the schema.
        done = subprocess.run([sys.executable, "-m", "server.cli", "db", "upgrade"], cwd=ROOT,
                              env=_env(database_url), capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "to revision" in done.stdout, done.stderr
    proc, base = _start(database_url, log)
    acked: dict[str, int] = {}
    attempted: set[str] = set()
    lock = threading.Lock()
    stop = threading.Event()
    kill_after = 120

    def worker(w: int) -> None:
        with httpx.Client(timeout=5) as http:
            for i in range(10_000):
                if stop.is_set():
                    return
                key = f"w{w}-{i}"
                with lock:
                    attempted.add(key)
                try:
                    r = http.post(f"{base}/api/rulings", json=_body(key), headers={"Idempotency-Key": key})
                except httpx.HTTPError:
                    return  # the server is gone: this submission was never acknowledged
                if r.status_code in (200, 201):
                    with lock:
                        acked[key] = r.json()["id"]

    threads = [threading.Thread(target=worker, args=(w,)) for w in range(6)]
    try:
        for t in threads:
            t.start()
        deadline = time.monotonic() + 60
        while len(acked) < kill_after and time.monotonic() < deadline:
            time.sleep(0.005)
        os.kill(proc.pid, signal.SIGKILL)  # mid-load: other requests are in flight
        proc.wait(timeout=10)
        stop.set()
        for t in threads:
            t.join(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert len(acked) >= kill_after, "the load did not get going"

    proc, base = _start(database_url, log)
    try:
        with httpx.Client(timeout=10) as http:
            items = http.get(f"{base}/api/rulings/queue?status=all&limit=1000", headers=admin()).json()["items"]
            stored = {item["question"].split("：")[0]: item["id"] for item in items}
            lost = {k for k in acked if k not in stored}
            assert not lost, f"acknowledged but lost after SIGKILL: {sorted(lost)[:10]}"
            assert all(stored[k] == acked[k] for k in acked)
            # Clients retry what was never acknowledged, with the same key: nothing is duplicated.
            for key in sorted(attempted - set(acked)):
                r = http.post(f"{base}/api/rulings", json=_body(key), headers={"Idempotency-Key": key})
                assert r.status_code in (200, 201), r.text
            items = http.get(f"{base}/api/rulings/queue?status=all&limit=1000", headers=admin()).json()["items"]
        questions = [item["question"] for item in items]
        assert len(questions) == len(set(questions)) == len(attempted)
        from server.rulings_db import RulingsStore

        store = RulingsStore(database_url)  # the rows are in the database under test, not some default file
        try:
            assert store.count() == len(attempted)
        finally:
            store.close()
    finally:
        proc.kill()
        proc.wait(timeout=10)
