"""Per-client rate limits through the `limits` library, and which client address counts.

Counters live in the storage named by ARBITER_RATE_LIMIT_STORAGE: `memory://` (one process) or
`redis://host:port/db` (shared by every worker and replica, so N processes do not give N times the limit).
"""
from __future__ import annotations

import ipaddress
import logging
import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from limits import RateLimitItemPerMinute
from limits.errors import StorageError
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from starlette.concurrency import run_in_threadpool

from .middleware import ASGIApp, Receive, Scope, Send, send_json
from .networks import Network, parse_networks  # noqa: F401 (parse_networks is re-exported for app.py)

log = logging.getLogger("arbiter")


# ---------------------------------------------------------------- client address
def _address(token: str) -> str | None:
    """The IP address in one header element ('1.2.3.4', '1.2.3.4:80', '[::1]:80', '"[::1]"'), or None."""
    token = token.strip().strip('"')
    if token.startswith("["):
        token = token[1:].partition("]")[0]
    elif token.count(":") == 1:  # IPv4 with a port; a bare IPv6 address has several colons
        token = token.partition(":")[0]
    try:
        return str(ipaddress.ip_address(token))
    except ValueError:
        return None


def _forwarded_for(value: str) -> list[str]:
    """The for= elements of an RFC 7239 Forwarded header, in order."""
    out = []
    for element in value.split(","):
        for pair in element.split(";"):
            name, _, val = pair.partition("=")
            if name.strip().lower() == "for":
                out.append(val)
    return out


@dataclass(frozen=True)
class ClientAddress:
    """Which address a request counts as: the peer, or what a trusted proxy says the peer was."""

    trusted: tuple[Network, ...] = ()
    header: str = "x-forwarded-for"  # or "forwarded" (RFC 7239); only that one header is read

    def is_trusted(self, address: str) -> bool:
        """Whether this address is one of the trusted proxies."""
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self.trusted)

    def of(self, scope: Scope) -> str:
        """The client address of an ASGI request."""
        peer = (scope.get("client") or ("unknown", 0))[0]
        if not self.trusted or not self.is_trusted(peer):
            return peer
        name = self.header.encode()
        values = [v.decode("latin-1") for k, v in scope.get("headers") or [] if k.lower() == name]
        raw = ",".join(values)
        hops = _forwarded_for(raw) if self.header == "forwarded" else raw.split(",")
        # Walk from the right: each trusted proxy appended the address it saw, so the first address
        # not ours is the client. Anything further left was written by the client and may be forged.
        for hop in reversed([h for h in hops if h.strip()]):
            address = _address(hop)
            if address is None:
                break  # 'unknown' or an obfuscated id: the last trusted hop is all we know
            if not self.is_trusted(address):
                return address
            peer = address
        return peer


# ---------------------------------------------------------------- limits
@dataclass(frozen=True)
class Limit:
    """A per-client limit: which requests it counts, how many a minute, and what the 429 says."""

    name: str
    per_minute: int
    matches: Callable[[str, str], bool]  # (method, path) -> counted?
    what: str  # "too many {what}; try again in N s"
    failures_only: bool = False  # count only 403 answers (wrong admin tokens), not every request


def open_storage(url: str) -> Storage:
    """The `limits` storage for a URL (memory://, redis://host:port/db, ...)."""
    return storage_from_string(url, wrap_exceptions=True)


class RateLimitMiddleware:
    """429 with Retry-After when a client passes one of the limits; counters in the shared storage."""

    def __init__(self, app: ASGIApp, limits: Iterable[Limit], storage: Storage,
                 client_address: ClientAddress = ClientAddress()) -> None:
        self.app, self.client_address = app, client_address
        self.limits = tuple(lim for lim in limits if lim.per_minute > 0)
        self.items = {lim.name: RateLimitItemPerMinute(lim.per_minute) for lim in self.limits}
        self.limiter = MovingWindowRateLimiter(storage)
        # A network storage would block the event loop for a round trip; memory is a dict lookup.
        self._inline = isinstance(storage, MemoryStorage)
        self._warned_at = -math.inf

    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        return fn(*args) if self._inline else await run_in_threadpool(fn, *args)

    async def _storage(self, fn: Callable[..., Any], *args: Any, default: Any) -> Any:
        """A storage call; when the storage is down the request is let through (fail open) and logged."""
        try:
            return await self._call(fn, *args)
        except StorageError as e:
            if time.monotonic() - self._warned_at > 60:
                self._warned_at = time.monotonic()
                log.warning("rate-limit storage unavailable, requests are not limited: %s", e.storage_error)
            return default

    async def _refuse(self, send: Send, limit: Limit, key: tuple[str, ...]) -> None:
        stats = await self._storage(self.limiter.get_window_stats, self.items[limit.name], *key, default=None)
        wait = stats.reset_time - time.time() if stats else 60.0
        retry = max(1, math.ceil(wait))
        await send_json(send, 429, {"error": f"too many {limit.what}; try again in {retry} s", "retry_after": retry},
                         [(b"retry-after", str(retry).encode())])

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        method, path = scope.get("method", ""), scope.get("path", "")
        applying = [lim for lim in self.limits if lim.matches(method, path)]
        if not applying:
            return await self.app(scope, receive, send)
        client = self.client_address.of(scope)
        failures: list[Limit] = []
        for limit in applying:
            key, item = ("arbiter", limit.name, client), self.items[limit.name]
            if limit.failures_only:
                # Only refused attempts count, so look without taking; the answer decides below.
                if not await self._storage(self.limiter.test, item, *key, default=True):
                    return await self._refuse(send, limit, key)
                failures.append(limit)
            elif not await self._storage(self.limiter.hit, item, *key, default=True):
                return await self._refuse(send, limit, key)
        if not failures:
            return await self.app(scope, receive, send)
        status = 0

        async def watching_send(msg: dict[str, Any]) -> None:
            nonlocal status
            if msg["type"] == "http.response.start":
                status = msg["status"]
            await send(msg)

        await self.app(scope, receive, watching_send)
        if status == 403:  # a wrong token; 401 (none sent) is not a guess
            for limit in failures:
                await self._storage(self.limiter.hit, self.items[limit.name], "arbiter", limit.name, client,
                                    default=True)
