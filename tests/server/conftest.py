"""Fixtures of the server tests: an app with moderation on and a limit no test reaches; real processes (a
throw-away redis-server, `arbiter serve`) on free ports."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
ADMIN_TOKEN = "server-tests-admin-token"
ADMIN = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
INSTALL_HINT = "run `bash tools/install_services.sh` as root (`make install-test` does)"


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _redis_binary() -> str | None:
    return shutil.which("redis-server") or next(
        (p for p in ("/usr/bin/redis-server", "/usr/sbin/redis-server") if os.access(p, os.X_OK)), None)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private redis-server (no persistence) on a free port; yields its URL and stops it at the end."""
    import redis

    binary = _redis_binary()
    if binary is None:
        if os.environ.get("ARBITER_ALLOW_SKIP_SERVICES") == "1":
            pytest.skip(f"redis-server not installed ({INSTALL_HINT})")
        pytest.fail(f"redis-server not found: {INSTALL_HINT}, or set ARBITER_ALLOW_SKIP_SERVICES=1 to skip",
                    pytrace=False)
    workdir = tmp_path_factory.mktemp("redis")
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--dir", str(workdir), "--daemonize", "no"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    client = redis.Redis(port=port, socket_connect_timeout=0.5)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    out = proc.stdout.read().decode(errors="replace") if proc.poll() is not None else ""
                    pytest.fail(f"redis-server did not answer on port {port}: {out[-2000:]}", pytrace=False)
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        client.close()
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture()
def redis_url(redis_server: str) -> str:
    """The session's Redis URL with an empty database (counters of earlier tests removed)."""
    import redis

    with redis.Redis.from_url(redis_server) as client:
        client.flushdb()
    return redis_server


class Served:
    """`arbiter serve` in a subprocess on a free loopback port, with extra ARBITER_* environment."""

    def __init__(self, env: dict[str, str], tmp_path: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        arbiter = ROOT / ".venv" / "bin" / "arbiter"
        cmd = [str(arbiter)] if arbiter.exists() else [sys.executable, "-m", "server.cli"]
        full_env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PYTHONIOENCODING": "utf-8",
                    "ARBITER_DATABASE_URL": f"sqlite:///{tmp_path / f'rulings-{self.port}.db'}",
                    # One process, so that a memory:// rate limit is one exact count (docs/deploy.md).
                    "ARBITER_WORKERS": "1", **env}
        self.log = open(tmp_path / f"serve-{self.port}.log", "wb")
        self.proc = subprocess.Popen([*cmd, "serve", "--port", str(self.port)], cwd=ROOT, env=full_env,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        self.log_path = tmp_path / f"serve-{self.port}.log"

    def wait_ready(self, timeout: float = 120) -> "Served":
        """Block until /healthz says ok (the index is loaded at start-up)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            try:
                if httpx.get(self.url + "/healthz", timeout=2).json().get("status") == "ok":
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        self.stop()
        pytest.fail(f"arbiter serve did not start: {self.log_path.read_text(errors='replace')[-2000:]}",
                    pytrace=False)

    def stop(self) -> None:
        """Stop the server process."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


@pytest.fixture()
def serve(tmp_path: Path) -> Iterator:
    """Start `arbiter serve` processes: serve(env1), serve(env2)...; all stopped after the test."""
    started: list[Served] = []

    def start(**env: str) -> Served:
        served = Served(env, tmp_path)
        started.append(served)
        return served

    yield start
    for served in started:
        served.stop()


@pytest.fixture(scope="module")
def app_settings(tmp_path_factory) -> Settings:
    """Settings with a private SQLite file and corpus copy (accepting writes a ruling file), an admin token and a
    rate limit no test reaches."""
    import shutil

    from indexer.corpus import CORPUS_DIR

    root = tmp_path_factory.mktemp("server")
    db, corpus = root / "rulings.db", root / "corpus"
    shutil.copytree(CORPUS_DIR, corpus)
    return Settings(database_url=f"sqlite:///{db}", corpus_dir=corpus, admin_token=ADMIN_TOKEN,
                    rate_limit_per_minute=1_000_000,
                    search_rate_limit_per_minute=1_000_000, admin_failures_per_minute=1_000_000)


@pytest.fixture(scope="module")
def app(app_settings, pipeline):
    """The real app (every middleware) over the session pipeline."""
    return create_app(app_settings, pipeline=pipeline)


@pytest.fixture(scope="module")
def app_client(app):
    """A TestClient of `app` that re-raises nothing: a server error must come back as a 500 response."""
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c
