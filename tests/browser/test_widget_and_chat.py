"""The chat page and the embeddable widget in headless Chromium (see conftest.py)."""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from .conftest import DOCS

pytestmark = pytest.mark.browser

NIGHTMARE_Q = "夢魘可以破壞高塔列嗎？"
FOLLOW_UP_Q = "那如果還沒完成呢？"
XSS_Q = "<img src=x onerror=alert(1)> 夢魘"
WIDGET = "rules-arbiter-widget"
CORS_HINT = "rules-arbiter: this site's origin is not in the server's CORS allowlist (ARBITER_CORS_ORIGINS)"


def ask_in_widget(page: Any, question: str) -> Any:
    """Type into the widget's box, press Enter, return the newest answer card (Playwright pierces open shadow roots)."""
    widget = page.locator(WIDGET)
    widget.wait_for()
    before = widget.locator("article.ra-card").count()
    box = widget.locator("textarea")
    box.fill(question)
    box.press("Enter")
    card = widget.locator("article.ra-card").nth(before)
    card.wait_for()
    return card


def images_anywhere(page: Any) -> int:
    """<img> elements in the document and in every open shadow root."""
    return page.evaluate("""() => {
        let n = 0;
        const walk = (root) => {
            n += root.querySelectorAll('img').length;
            root.querySelectorAll('*').forEach(el => { if (el.shadowRoot) walk(el.shadowRoot); });
        };
        walk(document);
        return n;
    }""")


def csp_errors(page: Any) -> list[str]:
    return [t for kind, t in page.console_log if "Content Security Policy" in t or "Trusted Type" in t]


def test_widget_on_blog_answers_with_verdict_and_quote(page: Any, site: Any) -> None:
    page.goto(site.blog.origin + "/")
    card = ask_in_widget(page, NIGHTMARE_Q)
    assert card.locator(".ra-answer").inner_text().strip()
    quote = card.locator("figure.ra-quote").first
    assert quote.locator(".ra-quote-text").inner_text().strip()
    assert quote.get_attribute("data-passage").startswith(("onirim/", "rulings/onirim/"))
    # Ids are for contributors, behind "Why": never in the first screen.
    assert quote.locator("code.ra-pid").count() == 0
    pid = card.locator("details.ra-why .ra-ids code.ra-pid").first.text_content()
    assert pid.startswith("onirim"), pid
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / "screenshot-widget.png"), full_page=True)
    # Expand the quote to its section (GET /api/passages/{id} cross-origin).
    quote.locator("button.ra-link").click()
    section = quote.locator(".ra-section")
    section.locator(".ra-section-item.ra-current").wait_for()
    assert section.locator(".ra-section-item").count() >= 1
    # Inserted right after the script tag, inside the post.
    assert page.evaluate(f"() => document.querySelector('script[data-game]').nextElementSibling.localName") == WIDGET
    # The live region announced the answer.
    assert page.locator(f"{WIDGET} [role=status][aria-live=polite].ra-sr").inner_text().strip()
    assert not [m for m in page.console_log if m[0] == "error"], page.console_log


def test_widget_under_strict_host_csp(page: Any, site: Any) -> None:
    response = page.goto(site.blog.origin + "/strict")
    assert "require-trusted-types-for" in response.headers["content-security-policy"]
    card = ask_in_widget(page, NIGHTMARE_Q)
    assert card.locator(".ra-answer").inner_text().strip()
    assert card.locator("figure.ra-quote .ra-quote-text").first.inner_text().strip()
    # The shadow-root styles applied although the host allows no inline style at all.
    border = card.locator(".ra-quote").first.evaluate("el => getComputedStyle(el).borderLeftStyle")
    assert border == "solid"
    assert csp_errors(page) == []


def test_question_with_html_is_shown_as_text_and_runs_nothing(page: Any, site: Any) -> None:
    page.goto(site.blog.origin + "/")
    card = ask_in_widget(page, XSS_Q)
    assert "<img src=x onerror=alert(1)>" in card.locator(".ra-q-text").inner_text()
    page.wait_for_timeout(300)
    assert page.dialogs == []
    assert images_anywhere(page) == 0

    page.goto(site.app.url + "/")
    page.locator("body[data-ready=true]").wait_for()
    page.locator("#question").fill(XSS_Q)
    page.locator("#question").press("Enter")
    page.locator("#conversation .ra-card").first.wait_for()
    assert "<img src=x onerror=alert(1)>" in page.locator("#conversation .bubble").first.inner_text()
    page.wait_for_timeout(300)
    assert page.dialogs == []
    assert images_anywhere(page) == 0


def test_chat_page_follow_up_keeps_the_conversation(page: Any, site: Any) -> None:
    sent: list[dict[str, Any]] = []
    page.on("request", lambda r: sent.append(json.loads(r.post_data)) if r.url.endswith("/api/ask") else None)
    response = page.goto(site.app.url + "/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.locator("body[data-ready=true]").wait_for()
    assert page.locator("#game option").count() >= 4  # "auto" + the registered games
    assert page.locator("#example-list button").count() >= 1

    # Keyboard only: Tab to the question box, type, Enter.
    for _ in range(30):
        if page.evaluate("() => document.activeElement && document.activeElement.id") == "question":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "question"
    page.keyboard.type(NIGHTMARE_Q)
    page.keyboard.press("Enter")
    first = page.locator("#conversation .ra-card").nth(0)
    first.wait_for()
    page.keyboard.type(FOLLOW_UP_Q)
    page.keyboard.press("Enter")
    second = page.locator("#conversation .ra-card").nth(1)
    second.wait_for()

    assert [s["question"] for s in sent] == [NIGHTMARE_Q, FOLLOW_UP_Q]
    assert sent[1]["history"] == [{"question": NIGHTMARE_Q}]
    assert page.locator("#conversation .bubble").count() == 2
    for card in (first, second):
        assert card.locator(".ra-answer").inner_text().strip()
        assert card.locator("details.ra-why .ra-verdict .ra-badge").count() == 1
        assert card.locator(":scope > figure.ra-quote").count() == 1
    assert page.locator("#announcer").inner_text().strip()

    # The "why" trace opens from the keyboard.
    summary = second.locator("details.ra-why summary")
    if summary.count():
        summary.focus()
        page.keyboard.press("Enter")
        assert second.locator("details.ra-why").evaluate("d => d.open")
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / "screenshot-chat.png"), full_page=True)
    assert csp_errors(page) == []  # the app's own strict page CSP holds: nothing inline

    # Interface language switch, and a phone-sized screen without sideways scrolling.
    page.select_option("#lang", "en")
    assert page.locator("#send").inner_text() == "Ask"
    page.set_viewport_size({"width": 375, "height": 740})
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


def _use_up_rate_limit(url: str) -> None:
    """One cheap POST (invalid JSON → 422) takes the only token of the 1-per-minute bucket."""
    req = urllib.request.Request(url + "/api/ask", data=b"{", method="POST",
                                 headers={"content-type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10)
    except urllib.error.HTTPError:
        pass


def test_rate_limit_is_shown_politely(page: Any, site: Any) -> None:
    _use_up_rate_limit(site.limited.url)
    # Same origin (/embed): the 429 and its Retry-After are readable.
    page.goto(site.limited.url + "/embed?game=onirim&lang=zh-TW")
    widget = page.locator(WIDGET)
    widget.locator("textarea").fill(NIGHTMARE_Q)
    widget.locator("textarea").press("Enter")
    notice = widget.locator(".ra-notice[data-kind=rate]")
    notice.wait_for()
    text = notice.inner_text()
    assert "秒後再問" in text and any(ch.isdigit() for ch in text), text
    assert widget.locator("button.ra-send").is_disabled()
    assert widget.locator("textarea").is_editable()
    assert csp_errors(page) == []

    # Cross-origin on the blog: still a polite message, never a broken widget.
    page.goto(site.blog.origin + "/limited")
    widget = page.locator(WIDGET)
    widget.locator(".ra-game").filter(has_text="Onirim").wait_for()
    widget.locator("textarea").fill(NIGHTMARE_Q)
    widget.locator("textarea").press("Enter")
    notice = widget.locator(".ra-notice[data-kind=rate]")
    notice.wait_for()
    assert "問得有點快" in notice.inner_text()
    assert widget.locator("form").is_visible()
    assert not [m for m in page.console_log if m[0] == "pageerror"]


def test_origin_not_in_cors_allowlist_is_explained_in_console(page: Any, site: Any) -> None:
    page.goto(site.denied.origin + "/")
    page.locator(WIDGET).wait_for()
    page.wait_for_function("() => true")
    widget = page.locator(WIDGET)
    widget.locator("textarea").fill(NIGHTMARE_Q)
    widget.locator("textarea").press("Enter")
    # The set-up error is named in the widget (not "try later"), and in the console for the site owner.
    widget.locator(".ra-notice").filter(has_text="docs/widget.md").wait_for()
    assert "允許" in widget.locator(".ra-notice").inner_text()
    page.wait_for_timeout(300)
    assert any(CORS_HINT in text for kind, text in page.console_log if kind == "error"), page.console_log
