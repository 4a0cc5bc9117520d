"""A throwaway PostgreSQL cluster for tests: initdb into a temporary directory, postgres on a free port.

PostgreSQL refuses to run as root, so as root the directory is given to the `postgres` user and the
server runs through `runuser -u postgres --`. Missing binaries fail the test with the install command
(tools/install_postgres.sh, run by `make install-test`); only ARBITER_ALLOW_SKIP_SERVICES=1 turns that
into a skip.
"""
from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

INSTALL_HINT = "run `bash tools/install_postgres.sh` (as root; `make install-test` does)"


def _binaries() -> tuple[str, str] | None:
    """(initdb, postgres): Debian keeps them in /usr/lib/postgresql/<version>/bin, outside PATH."""
    for directory in [None, *sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True)]:
        initdb = shutil.which("initdb", path=directory)
        postgres = shutil.which("postgres", path=directory)
        if initdb and postgres:
            return initdb, postgres
    return None


def _version(directory: str) -> int:
    try:
        return int(Path(directory).parent.name)
    except ValueError:
        return 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def missing_postgres() -> None:
    """Fail (or, with ARBITER_ALLOW_SKIP_SERVICES=1, skip) the test: PostgreSQL is not installed."""
    message = f"PostgreSQL binaries (initdb, postgres) not found: {INSTALL_HINT}"
    if os.environ.get("ARBITER_ALLOW_SKIP_SERVICES") == "1":
        pytest.skip(message)
    pytest.fail(message, pytrace=False)


class PostgresServer:
    """One running cluster; `create_database()` gives each test its own database URL."""

    def __init__(self) -> None:
        found = _binaries()
        if found is None:
            missing_postgres()
        self.initdb, self.postgres = found
        self.as_postgres: list[str] = []
        self.root = Path(tempfile.mkdtemp(prefix="arbiter-pg-"))
        if os.geteuid() == 0:
            try:
                import pwd

                user = pwd.getpwnam("postgres")
            except KeyError:
                shutil.rmtree(self.root, ignore_errors=True)
                pytest.fail(f"running as root and there is no `postgres` user to run PostgreSQL as: {INSTALL_HINT}",
                            pytrace=False)
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.as_postgres = ["runuser", "-u", "postgres", "--"]
        self.data, self.sockets, self.log = self.root / "data", self.root / "sockets", self.root / "postgres.log"
        self.port = _free_port()
        self._databases = 0
        self._start()

    def _run(self, *cmd: str) -> None:
        result = subprocess.run([*self.as_postgres, *cmd], cwd=self.root, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed ({result.returncode}): {result.stderr[-2000:]}")

    def _start(self) -> None:
        self._run("mkdir", "-p", str(self.sockets))
        self._run(self.initdb, "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        # The log is written by the postgres user, so it is created by that user too (through the shell).
        self.proc = subprocess.Popen([*self.as_postgres, "sh", "-c", 'exec "$0" "$@" >>"$LOG" 2>&1', self.postgres,
                                      "-D", str(self.data), "-p", str(self.port), "-k", str(self.sockets),
                                      "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300"],
                                     cwd=self.root, env={**os.environ, "LOG": str(self.log)})
        import psycopg

        deadline = time.monotonic() + 60
        while True:
            try:
                psycopg.connect(host="127.0.0.1", port=self.port, user="postgres", dbname="postgres",
                                connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
                    self.stop()
                    raise RuntimeError(f"PostgreSQL did not start on port {self.port}: {log}")
                time.sleep(0.1)

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of a database in this cluster."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        self._databases += 1
        name = f"arbiter_test_{self._databases}"
        with psycopg.connect(host="127.0.0.1", port=self.port, user="postgres", dbname="postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (fast shutdown, then SIGKILL) and delete its directory."""
        pid_file = self.data / "postmaster.pid"
        try:
            pid = int(pid_file.read_text().split()[0]) if pid_file.exists() else None
        except (OSError, ValueError, IndexError):
            pid = None
        if pid is not None:
            try:
                os.kill(pid, signal.SIGINT)  # the postmaster's "fast" shutdown
            except ProcessLookupError:
                pass
        proc = getattr(self, "proc", None)
        if proc is not None:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                if pid is not None:
                    os.kill(pid, signal.SIGKILL)
                proc.kill()
                proc.wait(timeout=10)
        shutil.rmtree(self.root, ignore_errors=True)
