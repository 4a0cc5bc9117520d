"""`arbiter serve` under slow or silent clients (issue 15): a real server on a free loopback port closes a
connection that sends half its headers, or nothing, within the configured request-read time."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
READ_TIMEOUT = 1.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(port: int, raw: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(raw)
        return s.recv(65536)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The port of an `arbiter serve` subprocess with a one-second request-read deadline."""
    port = _free_port()
    db = tmp_path_factory.mktemp("serve") / "rulings.db"
    env = {**os.environ, "ARBITER_REQUEST_READ_TIMEOUT": str(READ_TIMEOUT), "ARBITER_KEEP_ALIVE_TIMEOUT": "2",
           "ARBITER_DATABASE_URL": f"sqlite:///{db}", "PYTHONPATH": str(ROOT)}
    script = Path(sys.executable).with_name("arbiter")  # the console script; PYTHONPATH picks this checkout
    command = [str(script)] if script.exists() else [sys.executable, "-c", "from server.cli import main; main()"]
    proc = subprocess.Popen([*command, "serve", "--host", "127.0.0.1", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if b'"status":"ok"' in _get(port, b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"):
                    break
            except OSError:
                pass
            assert proc.poll() is None, proc.stdout.read().decode(errors="replace")
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.2)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _closed_within(sock: socket.socket, seconds: float) -> tuple[bool, bytes]:
    """(whether the server closed the connection within `seconds`, what it sent before)."""
    sock.settimeout(0.2)
    got, end = b"", time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            chunk = sock.recv(4096)
        except socket.timeout:
            continue
        except ConnectionResetError:
            return True, got
        if not chunk:
            return True, got
        got += chunk
    return False, got


def test_half_sent_headers_are_cut_off(served):
    with socket.create_connection(("127.0.0.1", served)) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: ")
        started = time.monotonic()
        closed, got = _closed_within(s, 10 * READ_TIMEOUT)
    assert closed, "the server kept a half-sent request open"
    assert time.monotonic() - started < 5 * READ_TIMEOUT
    assert got.startswith(b"HTTP/1.1 408")


def test_trickled_headers_do_not_reset_the_clock(served):
    with socket.create_connection(("127.0.0.1", served)) as s:
        started = time.monotonic()
        closed = False
        for ch in b"GET /healthz HTTP/1.1\r\nHost: t\r\n" * 3:
            try:
                s.sendall(bytes([ch]))
            except OSError:
                closed = True
                break
            time.sleep(0.05)
            if time.monotonic() - started > 5 * READ_TIMEOUT:
                break
        if not closed:
            closed, _ = _closed_within(s, 5 * READ_TIMEOUT)
    assert closed and time.monotonic() - started < 6 * READ_TIMEOUT


def test_silent_connection_is_closed(served):
    with socket.create_connection(("127.0.0.1", served)) as s:
        closed, _ = _closed_within(s, 10 * READ_TIMEOUT)
    assert closed


def test_body_that_never_arrives_is_cut_off(served):
    with socket.create_connection(("127.0.0.1", served)) as s:
        s.sendall(b"POST /api/ask HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        closed, _ = _closed_within(s, 10 * READ_TIMEOUT)
    assert closed


def test_keep_alive_connection_serves_several_requests(served):
    with socket.create_connection(("127.0.0.1", served), timeout=5) as s:
        for _ in range(2):
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            reply = b""
            while b'"passages"' not in reply:
                reply += s.recv(4096)
            assert reply.startswith(b"HTTP/1.1 200")
            time.sleep(READ_TIMEOUT * 1.5)  # idle longer than the read deadline, shorter than keep-alive
