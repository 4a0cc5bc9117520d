"""Headless Chromium (Debian's /usr/bin/chromium, driven by Playwright) against live uvicorn servers.

One real pipeline is built per session and shared by three app instances: the main app (CORS allows
the test blog's origin), a rate-limited app (for the 429 test) and nothing else. The "blog" is a tiny
http.server on another loopback port, so the widget really runs cross-origin.
"""
from __future__ import annotations

import os
import tempfile
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parents[2]
# Screenshots land in docs/ (shown in the README) only when asked for, so a test run leaves the
# work tree clean: ARBITER_UPDATE_SCREENSHOTS=1 make test.
DOCS = ROOT / "docs" if os.environ.get("ARBITER_UPDATE_SCREENSHOTS") else Path(tempfile.gettempdir())
CHROMIUM = os.environ.get("ARBITER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
HOST = "127.0.0.1"


def _bound_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((HOST, 0))
    return sock


class LiveApp:
    """A uvicorn server for one app instance, in a daemon thread, on a free loopback port."""

    def __init__(self, app: Any) -> None:
        import uvicorn

        self.sock = _bound_socket()
        self.port = self.sock.getsockname()[1]
        self.url = f"http://{HOST}:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def start(self) -> "LiveApp":
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"uvicorn did not start on {self.url}")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@dataclass
class Blog:
    """A static 'blog' on its own origin; pages are (html, extra headers) keyed by path."""

    pages: dict[str, tuple[str, dict[str, str]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        pages = self.pages

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server API)
                path = self.path.split("?", 1)[0]
                if path == "/favicon.ico":
                    self.send_response(204)
                    self.end_headers()
                    return
                if path not in pages:
                    self.send_error(404)
                    return
                body, headers = pages[path]
                data = body.encode("utf-8")
                self.send_response(200)
                ctype = "text/css; charset=utf-8" if path.endswith(".css") else "text/html; charset=utf-8"
                self.send_header("content-type", ctype)
                self.send_header("content-length", str(len(data)))
                self.send_header("cache-control", "no-store")
                for k, v in headers.items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer((HOST, 0), Handler)
        self.port = self.httpd.server_address[1]
        self.origin = f"http://{HOST}:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


BLOG_CSS = """body{margin:0;background:#faf7f2;color:#222;font:17px/1.7 Georgia,"Noto Serif TC",serif}
main{max-width:46rem;margin:0 auto;padding:1.5rem 1.2rem}
h1{font-size:1.7rem;margin:.4rem 0}.meta{color:#776;font-size:.9rem}"""


def blog_page(api: str, *, game: str = "onirim", lang: str = "zh-TW", css: bool = True) -> str:
    """A blog post that embeds the widget with the one documented line (no inline script or style)."""
    link = '<link rel="stylesheet" href="/blog.css">' if css else ""
    return f"""<!doctype html>
<html lang="zh-TW"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>桌遊小記：Onirim 的高塔擴充</title>{link}</head>
<body><main><article>
<h1>桌遊小記：Onirim 的高塔擴充</h1>
<p class="meta">2024-05-01 · 單人桌遊</p>
<p>這週又玩了幾場 Onirim，加上高塔擴充之後，夢魘變得更可怕了。對規則有疑問？直接問下面的小幫手：</p>
<script src="{api}/widget.js" data-game="{game}" data-lang="{lang}" async></script>
<p>下次再來聊聊迷霧山城。</p>
</article></main></body></html>"""


def strict_csp(api: str) -> str:
    """A strict but workable host policy: scripts and API calls only from the widget's server,
    no inline script or style anywhere, no HTML-injection sinks (Trusted Types with no policies)."""
    return ("default-src 'none'; "
            f"script-src {api}; connect-src {api}; "
            "style-src 'self'; img-src 'none'; font-src 'none'; "
            "base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'; "
            "require-trusted-types-for 'script'; trusted-types 'none'")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"browser tests need Chromium at {CHROMIUM} (Debian package 'chromium'; "
                    "`make install-test` runs tools/install_browser.sh)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("browser tests need the 'playwright' Python package (pip install -e '.[test]')")
    pw = sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, timeout=30_000)
    except Exception as e:  # noqa: BLE001 - any launch failure means: skip, with the reason
        pw.stop()
        pytest.skip(f"could not launch {CHROMIUM}: {str(e).splitlines()[0]}")
    yield b
    b.close()
    pw.stop()


@pytest.fixture(scope="session")
def pipeline(browser: Any) -> Any:
    """The real answering pipeline, built once (the index under var/ is built on first use)."""
    from answering.pipeline import Pipeline
    from server.search import build_service
    from server.settings import Settings

    return Pipeline(build_service(Settings()))


@dataclass
class Site:
    app: LiveApp
    limited: LiveApp
    blog: Blog
    denied: Blog


@pytest.fixture(scope="session")
def site(pipeline: Any) -> Iterator[Site]:
    """Main app + rate-limited app + the blog (allowed origin) + a second blog (origin not allowed)."""
    from server.app import create_app
    from server.settings import Settings

    blog, denied = Blog(), Blog()
    app = LiveApp(create_app(Settings(cors_origins=[blog.origin]), pipeline=pipeline)).start()
    limited = LiveApp(create_app(Settings(cors_origins=[blog.origin], rate_limit_per_minute=1),
                                 pipeline=pipeline)).start()
    blog.pages.update({
        "/blog.css": (BLOG_CSS, {}),
        "/": (blog_page(app.url), {}),
        "/strict": (blog_page(app.url), {"content-security-policy": strict_csp(app.url)}),
        "/limited": (blog_page(limited.url), {}),
    })
    denied.pages.update({"/": (blog_page(app.url, css=False), {})})
    yield Site(app, limited, blog, denied)
    for s in (app, limited):
        s.stop()
    blog.stop()
    denied.stop()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    """A fresh context per test; console messages and dialogs are recorded on the page object."""
    context = browser.new_context(viewport={"width": 1000, "height": 900}, locale="zh-TW")
    p = context.new_page()
    p.set_default_timeout(15_000)
    p.console_log = []  # type: ignore[attr-defined]
    p.dialogs = []  # type: ignore[attr-defined]
    p.on("console", lambda m: p.console_log.append((m.type, m.text)))  # type: ignore[attr-defined]
    p.on("pageerror", lambda e: p.console_log.append(("pageerror", str(e))))  # type: ignore[attr-defined]

    def on_dialog(d: Any) -> None:
        p.dialogs.append(d.message)  # type: ignore[attr-defined]
        d.dismiss()

    p.on("dialog", on_dialog)
    yield p
    context.close()
