"""A request id on every response, and unexpected errors logged once with that id (500 body carries it)."""
from __future__ import annotations

import json
import logging
import re
import uuid
from typing import Any

from .middleware import SECURITY_HEADERS, ASGIApp, Receive, Scope, Send

log = logging.getLogger("arbiter")
_GIVEN_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")


def request_id(scope: Scope) -> str:
    """The id a request carries through the logs: a sane X-Request-ID from a proxy, else a new one."""
    for name, value in scope.get("headers") or []:
        if name == b"x-request-id":
            given = value.decode("latin-1")
            if _GIVEN_ID.fullmatch(given):
                return given
    return uuid.uuid4().hex


class RequestIdMiddleware:
    """Tag each HTTP response with X-Request-ID; turn an unexpected exception into one log record and a 500.

    Starlette's own last-resort handler logs the exception and then re-raises it for the server to log
    again; catching it here, inside that handler, means one traceback per failed request.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        rid = request_id(scope)
        scope.setdefault("state", {})["request_id"] = rid
        started = False

        async def tagged_send(msg: dict[str, Any]) -> None:
            nonlocal started
            if msg["type"] == "http.response.start":
                started = True
                msg = {**msg, "headers": [*(msg.get("headers") or []), (b"x-request-id", rid.encode())]}
            await send(msg)

        try:
            await self.app(scope, receive, tagged_send)
        except Exception as exc:  # noqa: BLE001 - the last resort: every unexpected error ends here
            log.error("unhandled error on %s %s (request %s)", scope.get("method"), scope.get("path"), rid,
                      exc_info=exc)
            if started:
                return  # the server closes the half-sent response
            body = json.dumps({"error": f"internal error; the request was not processed (request {rid})",
                               "request_id": rid}).encode()
            await send({"type": "http.response.start", "status": 500,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(body)).encode()),
                                    (b"x-request-id", rid.encode()), *SECURITY_HEADERS]})
            await send({"type": "http.response.body", "body": body})
