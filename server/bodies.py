"""Strict JSON request bodies: every route's JSON is parsed here, so hostile JSON is a 422 that says why.

Python's json module accepts things the rest of the app cannot handle: lone UTF-16 surrogates
("\\udc80") that no UTF-8 encoder (OpenCC, SQLite, the response) will take, nesting deep enough to
exhaust the recursion limit, and integers too long to convert. Each becomes a 422 naming the place.
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable, Coroutine

from fastapi import Request, Response
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException

MAX_DEPTH = 32  # the deepest real body (a ruling's cites) is 3 levels
MAX_INT_DIGITS = 30  # no field needs more than a 64-bit integer (19 digits)
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)


class BodyError(StarletteHTTPException):
    """A JSON body (or a value in it) the app refuses; FastAPI lets HTTP exceptions through its parser."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(422, f"{field}: {problem}")
        self.field, self.problem = field, problem


def _depth(raw: bytes) -> int:
    """How deeply arrays and objects nest (strings skipped, so brackets inside them do not count)."""
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return 0
    depth = deepest = 0
    for ch in _STRING.sub(b'""', raw):
        if ch in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in b"]}":
            depth -= 1
    return deepest


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise BodyError("body", f"an integer has {len(digits.lstrip('-'))} digits; at most {MAX_INT_DIGITS} "
                                f"are accepted")
    return int(digits)


def _find_surrogate(value: Any, path: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """(field path, the surrogate) of the first string holding a lone surrogate, or None."""
    if isinstance(value, str):
        m = _SURROGATE.search(value)
        return (".".join(path) or "body", f"\\u{ord(m.group()):04x} at character {m.start()}") if m else None
    if isinstance(value, dict):
        for k, v in value.items():
            found = _find_surrogate(k, path) or _find_surrogate(v, (*path, k))
            if found:
                return found
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found = _find_surrogate(v, (*path, str(i)))
            if found:
                return found
    return None


def parse_json(raw: bytes) -> Any:
    """The body's JSON value; BodyError for invalid UTF-8, deep nesting, huge integers, lone surrogates."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BodyError("body", f"not valid UTF-8 (byte {e.start}: {e.reason})") from e
    depth = _depth(raw)
    if depth > MAX_DEPTH:
        raise BodyError("body", f"JSON nested {depth} levels deep; at most {MAX_DEPTH} are accepted")
    # json.JSONDecodeError passes through: FastAPI reports it as "the body is not valid JSON (...)".
    value = json.loads(text.removeprefix("\ufeff"), parse_int=_int)
    found = _find_surrogate(value)
    if found:
        raise BodyError(found[0], f"contains a lone UTF-16 surrogate ({found[1]}); text must be valid Unicode")
    return value


class StrictJsonRequest(Request):
    """A request whose json() is parse_json."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = parse_json(await self.body())
        return self._json


class StrictJsonRoute(APIRoute):
    """A route whose JSON body is parsed by parse_json (FastAPI's documented custom-request pattern)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict_handler(request: Request) -> Response:
            return await handler(StrictJsonRequest(request.scope, request.receive))

        return strict_handler
