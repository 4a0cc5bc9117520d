"""Body-size limit and security headers (the rate limits are in ratelimit.py)."""
from __future__ import annotations

import json
from typing import Any, Awaitable, Callable

from starlette.exceptions import HTTPException as StarletteHTTPException

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


async def send_json(send: Send, status: int, body: dict[str, Any], headers: list[tuple[bytes, bytes]] = ()) -> None:
    payload = json.dumps(body, ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(payload)).encode()), *headers]})
    await send({"type": "http.response.body", "body": payload})


class _TooLarge(StarletteHTTPException):
    """Raised from receive() when a streamed body passes the limit; FastAPI lets HTTP errors through."""

    def __init__(self, max_bytes: int) -> None:
        super().__init__(413, f"request body too large; the limit is {max_bytes} bytes")


class BodyLimitMiddleware:
    """Refuse request bodies over the limit with 413, whether declared or streamed."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        message = {"error": f"request body too large; the limit is {self.max_bytes} bytes"}
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            return await send_json(send, 413, message)
        seen = 0
        started = False

        async def limited_receive() -> dict[str, Any]:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.max_bytes:
                    raise _TooLarge(self.max_bytes)
            return msg

        async def tracking_send(msg: dict[str, Any]) -> None:
            nonlocal started
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not started:
                await send_json(send, 413, message)


SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]
PAGE_CSP = (b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'")


class SecurityHeadersMiddleware:
    """Security headers on every response; a strict CSP and frame rules on the app's own pages."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path = scope.get("path", "")

        async def with_headers(msg: dict[str, Any]) -> None:
            if msg["type"] == "http.response.start":
                headers = list(msg.get("headers") or [])
                names = {k.lower() for k, _ in headers}
                for k, v in SECURITY_HEADERS:
                    if k not in names:
                        headers.append((k, v))
                page = path in ("/", "/moderate", "/rulings") or path.startswith("/rulings/")
                if page or path == "/embed" or path.startswith("/static/"):
                    if b"content-security-policy" not in names:
                        headers.append((b"content-security-policy", PAGE_CSP))
                    if page and b"x-frame-options" not in names:
                        headers.append((b"x-frame-options", b"DENY"))
                msg = {**msg, "headers": headers}
            await send(msg)

        await self.app(scope, receive, with_headers)
