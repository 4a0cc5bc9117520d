"""A server killed (SIGKILL) in the middle of a submission load loses no acknowledged submission."""
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


def _start(db: Path, log: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = {**os.environ, "ARBITER_DATABASE_URL": f"sqlite:///{db}", "ARBITER_ADMIN_TOKEN": ADMIN_TOKEN,
           "ARBITER_RATE_LIMIT_PER_MINUTE": "0", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
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


def test_killed_server_loses_no_acknowledged_submission(tmp_path: Path):
    db, log = tmp_path / "rulings.db", tmp_path / "server.log"
    proc, base = _start(db, log)
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

    proc, base = _start(db, log)
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
    finally:
        proc.kill()
        proc.wait(timeout=10)
