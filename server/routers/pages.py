"""The chat page, the embeddable widget, the iframe embed page and the health check."""
from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse

STATIC = Path(__file__).resolve().parent.parent / "static"
router = APIRouter(tags=["pages"])
# The pages answer HEAD too (link checkers, uptime probes); FileResponse sends no body for it.


@router.get("/healthz", summary="Liveness and index status")
def healthz(request: Request) -> JSONResponse:
    """ok plus the number of indexed passages."""
    pipeline = getattr(request.app.state, "pipeline", None)
    passages = len(pipeline.index.passages) if pipeline else 0
    return JSONResponse({"status": "ok" if pipeline else "starting", "passages": passages})


@router.api_route("/", methods=["GET", "HEAD"], response_class=HTMLResponse, include_in_schema=False)
def chat_page() -> FileResponse:
    """The chat page."""
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")


@router.api_route("/embed", methods=["GET", "HEAD"], response_class=HTMLResponse, include_in_schema=False)
def embed_page() -> FileResponse:
    """The answer card alone, for sites that only allow iframes (?game=…&lang=…)."""
    return FileResponse(STATIC / "embed.html", media_type="text/html; charset=utf-8")


@router.api_route("/widget.js", methods=["GET", "HEAD"], include_in_schema=False)
def widget() -> FileResponse:
    """The self-contained web component a blog embeds with one <script> tag."""
    return FileResponse(STATIC / "widget.js", media_type="text/javascript; charset=utf-8",
                        headers={"cache-control": "public, max-age=300",
                                 "cross-origin-resource-policy": "cross-origin"})
