"""How `arbiter serve` runs uvicorn: bounded keep-alive, header size, concurrency and request-read time.

uvicorn closes a connection left idle after a response (timeout_keep_alive), but has no deadline for
reading a request: a client that sends half its headers, or connects and sends nothing, holds the
connection (and a file descriptor) for ever. RequestDeadlineProtocol adds that deadline. A reverse
proxy in front (nginx client_header_timeout / client_body_timeout) does the same job earlier.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .settings import Settings

log = logging.getLogger("arbiter")
_TIMEOUT_408 = b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"


class RequestDeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request is not fully read within read_timeout s.

    The clock starts at the connection (or at the first byte of a later request) and is not reset by
    more bytes, so a client trickling one byte at a time gains nothing.
    """

    read_timeout: float = 10.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._deadline: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _follow(self) -> None:
        """Run the clock while a request is partly received; stop it once it is whole or none is pending."""
        state = self.conn.their_state
        partial = state is h11.SEND_BODY or (state is h11.IDLE and bool(self.conn.trailing_data[0]))
        if partial:
            self._arm()
        elif state is h11.IDLE and self.timeout_keep_alive_task is None and self.cycle is None:
            self._arm()  # connected, nothing sent yet
        else:
            self._disarm()  # request complete, or idle between requests (uvicorn's keep-alive timer)

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.read_timeout, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        log.info("closing %s: request not received within %.0f s", self.client, self.read_timeout)
        if self.conn.our_state is h11.IDLE:
            self.transport.write(_TIMEOUT_408)
        self.transport.close()


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """Keyword arguments for uvicorn.run/Config from the settings."""
    protocol = type("RequestDeadlineProtocol", (RequestDeadlineProtocol,),
                    {"read_timeout": settings.request_read_timeout})
    return {"http": protocol, "timeout_keep_alive": settings.keep_alive_timeout,
            "limit_concurrency": settings.limit_concurrency,
            "h11_max_incomplete_event_size": settings.max_header_bytes,
            "timeout_graceful_shutdown": 10, "server_header": False}


def serve_workers(settings: Settings, host: str, port: int, workers: int, log_level: str) -> int:
    """Load the pipeline once, then fork `workers` processes that share it (read-only, copy-on-write) and
    accept on one listening socket; stops them all on SIGTERM or SIGINT."""
    import os
    import signal
    import socket
    import sys

    import uvicorn

    from answering.pipeline import Pipeline

    from .app import create_app
    from .search import build_service

    # Nothing here may run the embedder: an OpenMP runtime used before fork() is unusable in the children.
    pipeline = Pipeline(build_service(settings, log=lambda m: print(m, file=sys.stderr)))
    # IPPROTO_TCP spelled out: asyncio turns Nagle's algorithm off only on sockets that say they are TCP,
    # and with it on, every small response waits for the client's delayed ACK (40 ms).
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    children: list[int] = []
    for _ in range(workers):
        pid = os.fork()
        if pid == 0:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the workers
            config = uvicorn.Config(create_app(settings, pipeline), log_level=log_level, proxy_headers=False,
                                    forwarded_allow_ips=[], **uvicorn_options(settings))
            uvicorn.Server(config).run(sockets=[sock])
            os._exit(0)
        children.append(pid)
    sock.close()

    def stop(signum: int, frame: Any) -> None:
        for child in children:
            try:
                os.kill(child, signal.SIGTERM)
            except ProcessLookupError:
                pass

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    status = 0
    for child in children:
        while True:
            try:
                _, code = os.waitpid(child, 0)
                break
            except InterruptedError:
                continue
        if code:
            status = 1
            stop(signal.SIGTERM, None)  # one worker failed: stop the others rather than serve at half strength
    return status
