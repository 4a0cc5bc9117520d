"""The FastAPI application: routers, error handlers, middleware, pipeline loaded at start-up."""
from __future__ import annotations

import sys
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.staticfiles import StaticFiles

from .errors import install_error_handlers
from .middleware import BodyLimitMiddleware, SecurityHeadersMiddleware
from .ratelimit import ClientAddress, Limit, RateLimitMiddleware, open_storage, parse_networks
from answering.pipeline import Pipeline
from .routers import ask, catalog, chat, pages
from .openapi import install_openapi
from .request_ids import RequestIdMiddleware
from .search import build_service
from .settings import Settings, get_settings

STATIC = Path(__file__).resolve().parent / "static"


def create_app(settings: Settings | None = None, pipeline: Pipeline | None = None) -> FastAPI:
    """Build the app; the index is loaded (and rebuilt if stale) once, at start-up."""
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if getattr(app.state, "pipeline", None) is None:
            app.state.pipeline = Pipeline(build_service(settings, log=lambda m: print(m, file=sys.stderr)))
        _open_rulings_store(app)
        yield

    app = FastAPI(title="rules-arbiter", version="0.1.0", lifespan=lifespan,
                  description="Rules lookup with verbatim citations and engine verdicts for Onirim, "
                              "迷霧山城 and the Dungeon Lords magic-item variant.")
    app.state.pipeline = pipeline
    app.state.settings = settings
    app.dependency_overrides[get_settings] = lambda: settings
    install_error_handlers(app)
    install_openapi(app)
    app.include_router(ask.build_router(settings.max_question_chars))
    app.include_router(catalog.router)
    app.include_router(pages.router)
    app.include_router(chat.router)
    _extra_routers(app)
    if STATIC.exists():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # Added innermost first. CORS is outermost so that 413 and 429 answers carry the CORS headers
    # too: a cross-origin widget can then read them (and Retry-After) instead of a network error.
    # RequestIdMiddleware sits just inside CORS so that an error raised by any other layer is logged once.
    app.add_middleware(SecurityHeadersMiddleware)
    app.add_middleware(RateLimitMiddleware, limits=rate_limits(settings),
                       storage=open_storage(settings.rate_limit_storage),
                       client_address=ClientAddress(parse_networks(settings.trusted_proxies), settings.forwarded_header))
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    app.add_middleware(RequestIdMiddleware)
    app.add_middleware(CORSMiddleware, allow_origins=list(settings.cors_origins), allow_methods=["GET", "POST"],
                       allow_headers=["content-type", "authorization", "idempotency-key"],
                       expose_headers=["retry-after", "x-request-id"], max_age=600)
    return app


def rate_limits(settings: Settings) -> list[Limit]:
    """What is limited per client: questions and submissions, searches, wrong admin tokens."""
    return [
        Limit("ask", settings.rate_limit_per_minute, what="questions",
              matches=lambda method, path: method == "POST" and path in ("/api/ask", "/api/rulings")),
        # Each search costs a query embedding, like a question.
        Limit("search", settings.search_rate_limit_per_minute, what="searches",
              matches=lambda method, path: method == "GET" and path == "/api/search"),
        # Moderation is guarded by one bearer token: only refused attempts count, so a client that
        # guesses is stopped while the moderator (another client) is not affected.
        Limit("admin", settings.admin_failures_per_minute, what="wrong admin tokens", failures_only=True,
              matches=lambda method, path: path.startswith("/api/rulings/") and path != "/api/rulings/"),
    ]


def _open_rulings_store(app: FastAPI) -> None:
    """Open the rulings database at start-up, so a schema that is behind stops the server before it serves."""
    try:
        from .routers.rulings import open_store
    except ImportError:
        return
    from .rulings_schema import SchemaError

    try:
        open_store(app)
    except SchemaError as e:
        print(f"rules-arbiter: {e}", file=sys.stderr)
        raise


def _extra_routers(app: FastAPI) -> None:
    """Routers contributed by optional modules (rulings)."""
    try:
        from .routers import rulings
    except ImportError:
        return
    app.include_router(rulings.router)
    from .routers import ruling_pages

    app.include_router(ruling_pages.router)
