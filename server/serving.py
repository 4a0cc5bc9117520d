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
