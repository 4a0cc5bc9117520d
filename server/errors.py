"""One error shape for every failure: {"error": message, "field"?, "details"?, "valid"?}."""
from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from indexer.retrieval import QueryError
from rules_engine import UnknownId

from .bodies import BodyError

class ErrorDetail(BaseModel):
    """One problem: the field (dotted path, or "body") and what was wrong with it."""

    field: str
    problem: str


class ErrorBody(BaseModel):
    """The body of every error response (4xx and 500)."""

    error: str
    field: str | None = None
    details: list[ErrorDetail] | None = None
    valid: list[str] | None = None
    retry_after: int | None = None
    request_id: str | None = None


_WHEN = {
    401: "No 'Authorization: Bearer <admin token>' header",
    403: "Wrong admin token, or moderation disabled (no admin token configured)",
    404: "Unknown id; `valid` lists the known ones where there are few",
    409: "Conflicts with what is stored (an Idempotency-Key reused for another body, a decided proposal)",
    413: "Request body larger than the configured limit (max_body_bytes)",
    422: "Invalid input: `field` names the first field at fault, `details` every problem. A body that is "
         "not usable JSON (invalid UTF-8, syntax, nesting over 32 levels, an integer over 30 digits) is a 422 "
         "on `body` too",
    429: "Too many requests from this client; wait Retry-After seconds",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` for these error statuses, all with the ErrorBody shape."""
    return {status: {"model": ErrorBody, "description": _WHEN[status]} for status in statuses}


class ApiError(Exception):
    """An error with an HTTP status and a message naming what was wrong."""

    def __init__(self, status: int, message: str, *, field: str | None = None,
                 details: list[dict[str, str]] | None = None, valid: list[str] | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.field, self.details, self.valid = status, message, field, details, valid

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": self.message}
        field = self.field or (self.details[0]["field"] if self.details else None)
        if field:
            out["field"] = field
        if self.details:
            out["details"] = self.details
            first = self.details[0]
            out["error"] = f"{self.message}: {first['field']}: {first['problem']}"
        if self.valid is not None:
            out["valid"] = self.valid
        return out


def _validation_details(exc: RequestValidationError) -> list[dict[str, str]]:
    out = []
    for e in exc.errors():
        loc = [str(x) for x in e.get("loc", ()) if x != "body"]
        msg = e.get("msg", "invalid")
        ctx = e.get("ctx") or {}
        if e.get("type") == "string_too_long" and isinstance(e.get("input"), str):
            msg = f"expected at most {ctx.get('max_length')} characters, found {len(e['input'])}"
        elif e.get("type") == "json_invalid":
            # pydantic puts the character position in loc; the field at fault is the body itself.
            loc, msg = [], f"the body is not valid JSON ({e.get('ctx', {}).get('error', msg)})"
        out.append({"field": ".".join(loc) or "body", "problem": msg.removeprefix("Value error, ")})
    return out


def install_error_handlers(app: FastAPI) -> None:
    """Map every failure to a JSON error with the right status; nothing escapes as a traceback."""

    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        details = _validation_details(exc)
        first = details[0] if details else {"field": "body", "problem": "invalid"}
        return JSONResponse({"error": f"{first['field']}: {first['problem']}", "field": first["field"],
                             "details": details}, status_code=422)

    @app.exception_handler(BodyError)
    async def _body(_: Request, exc: BodyError) -> JSONResponse:
        return JSONResponse({"error": f"{exc.field}: {exc.problem}", "field": exc.field,
                             "details": [{"field": exc.field, "problem": exc.problem}]}, status_code=422)

    @app.exception_handler(UnknownId)
    async def _unknown(_: Request, exc: UnknownId) -> JSONResponse:
        return JSONResponse({"error": str(exc), "field": exc.kind, "valid": exc.valid}, status_code=404)

    @app.exception_handler(QueryError)
    async def _query(_: Request, exc: QueryError) -> JSONResponse:
        return JSONResponse({"error": str(exc), "field": "question"}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = exc.detail
        if exc.status_code == 400 and "parsing the body" in str(detail):
            # FastAPI's answer to a body it cannot decode; server.bodies reports the known causes first.
            return JSONResponse({"error": "body: could not be read as JSON", "field": "body"}, status_code=422)
        if isinstance(detail, list) and detail and isinstance(detail[0], dict):
            return JSONResponse({"error": f"{detail[0].get('field')}: {detail[0].get('problem')}",
                                 "field": detail[0].get("field"), "details": detail}, status_code=exc.status_code, headers=exc.headers)
        return JSONResponse({"error": str(detail)}, status_code=exc.status_code, headers=exc.headers)

    # Unexpected exceptions are logged and answered by request_ids.RequestIdMiddleware (once, with an id).
