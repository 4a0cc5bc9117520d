"""Contributors in headless Chromium: propose a ruling from an answer, see its checks and status page, accept it on
/moderate with the admin token (and fail without it), find the ruling file; keyboard use and contrast."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest

from .conftest import DOCS, LiveApp

pytestmark = pytest.mark.browser

TOKEN = "browser-admin-token-0123456789"
QUESTION = "夢魘可以破壞高塔列嗎？"
XSS = "<img src=x onerror=alert(1)>理由"

# Every element with its own text: its colour against the first opaque background behind it (WCAG formula).
CONTRAST_JS = """() => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
                               return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const bg = (el) => { for (; el; el = el.parentElement) { const c = rgb(getComputedStyle(el).backgroundColor);
                        if (c.length === 3 || c[3] > 0.99) return c.slice(0, 3); } return [255, 255, 255]; };
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const box = el.getBoundingClientRect();
    if (!own || !box.width || getComputedStyle(el).visibility === 'hidden') continue;
    const a = lum(rgb(getComputedStyle(el).color).slice(0, 3)), b = lum(bg(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) out.push(el.tagName + '.' + el.className + ' ' + ratio.toFixed(2) + ' ' + el.textContent.trim().slice(0, 30));
  }
  return out;
}"""


@pytest.fixture(scope="module")
def contrib(pipeline: Any, tmp_path_factory: Any) -> Iterator[tuple[LiveApp, Path]]:
    """The real app over a corpus copy (accepting writes a ruling file there) and a private database."""
    from indexer.corpus import CORPUS_DIR
    from server.app import create_app
    from server.settings import Settings

    root = tmp_path_factory.mktemp("contrib")
    corpus = root / "corpus"
    shutil.copytree(CORPUS_DIR, corpus)
    app = LiveApp(create_app(Settings(database_url=f"sqlite:///{root / 'rulings.db'}", corpus_dir=corpus,
                                      admin_token=TOKEN), pipeline=pipeline)).start()
    yield app, corpus
    app.stop()


def _moderate_with(page: Any, token: str) -> None:
    page.locator("#m-token").fill(token)
    page.locator("#m-token").press("Enter")


def test_propose_from_an_answer_then_moderate_and_find_the_file(page: Any, contrib: Any) -> None:
    app, corpus = contrib
    page.goto(app.url + "/?lang=zh-TW")
    page.locator("body[data-ready=true]").wait_for()
    page.locator("#question").fill(QUESTION)
    page.locator("#question").press("Enter")
    card = page.locator(".turn-answer article.ra-card").first
    card.wait_for()
    link = card.locator("a.ra-propose")
    assert link.inner_text() == "提出裁定 / Propose a ruling"
    link.click()

    # The form, prefilled from the answer.
    page.wait_for_url("**/rulings/propose?**")
    assert page.locator("#p-question").input_value() == QUESTION
    assert page.locator("#p-game").input_value() == "onirim"
    cites = page.locator("#p-cites fieldset")
    assert cites.count() >= 1
    first = cites.first.get_attribute("data-passage")
    assert first.startswith("onirim/")
    page.locator("#p-answer").fill("不可以。夢魘只影響手牌與牌堆，不會破壞高塔列。")
    page.locator("#p-reasoning").fill(XSS)
    page.locator("#p-source").select_option("community")
    page.locator("#p-name").fill("玩家丙")
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / "screenshot-rulings-propose.png"), full_page=True)
    page.locator("#p-name").press("Enter")  # submitted from the keyboard

    # The checks, at once, and the status page.
    result = page.locator("#p-result")
    result.locator(".checks li").first.wait_for()
    kinds = result.locator(".checks li").evaluate_all("els => els.map(e => e.dataset.kind)")
    assert "cites" in kinds
    assert page.evaluate("document.activeElement.id") == "checks-h"  # focus moved to what changed
    result.locator(".p-status-link a").click()
    page.wait_for_url("**/rulings/proposals/*")
    proposal_id = int(page.url.split("/rulings/proposals/")[1].split("?")[0])
    assert page.locator(".p-status").get_attribute("data-status") == "proposed"
    assert "玩家丙" not in page.content()  # no personal data on the public page
    assert page.locator("dd", has_text="理由").first.inner_text() == XSS  # rendered as text

    # /moderate: no token, a wrong token, then the right one.
    page.goto(app.url + "/moderate?lang=en")
    page.locator("#m-load").click()
    assert page.locator("#m-notice").inner_text() == "Paste the admin token first."
    _moderate_with(page, "wrong-token")
    page.locator("#m-notice[data-kind=error]").wait_for()
    assert "invalid admin token" in page.locator("#m-notice").inner_text()
    assert page.locator("#m-queue li").count() == 0
    _moderate_with(page, TOKEN)
    item = page.locator(f"#m-queue li.m-item[data-id='{proposal_id}']")
    item.wait_for()
    assert item.locator(".m-text", has_text="理由").inner_text() == XSS
    assert page.evaluate("sessionStorage.getItem('arbiter.adminToken')") == TOKEN
    assert TOKEN not in page.url and page.context.cookies() == []
    page.screenshot(path=str(DOCS / "screenshot-moderate.png"), full_page=True)
    item.locator("button.m-accept").click()
    result_text = item.locator(".m-result")
    result_text.filter(has_text="git add").wait_for()
    rel = f"rulings/onirim/community-{proposal_id}.yaml"
    assert f"git add corpus/{rel}" in result_text.inner_text()
    assert (corpus / rel).exists()
    assert "不會破壞高塔列" in (corpus / rel).read_text(encoding="utf-8")

    # The status page says accepted and links the ruling; /rulings lists it, not served until re-indexed.
    page.goto(f"{app.url}/rulings/proposals/{proposal_id}?lang=en")
    assert page.locator(".p-status").get_attribute("data-status") == "accepted"
    page.locator(f"a[href^='/rulings/onirim/community-{proposal_id}']").click()
    page.wait_for_url(f"**/rulings/onirim/community-{proposal_id}*")
    assert "Not served yet" in page.locator(".r-flag").first.inner_text()
    assert not page.dialogs  # type: ignore[attr-defined]


def test_rulings_page_lists_by_game_with_sources_passages_and_fields(page: Any, contrib: Any) -> None:
    app, _ = contrib
    page.goto(app.url + "/rulings?lang=en")
    for game in ("onirim", "mist-mountain", "dungeon-lords"):
        assert page.locator(f"#g-{game}").count() == 1
    card = page.locator("article[data-ruling='rulings/onirim/lost-tower-goes-to-limbo']")
    assert "Limbo" in card.locator(".r-q").inner_text()
    assert card.locator(".r-src time").get_attribute("datetime") == "2026-11-29"
    assert card.locator(".r-cites code").first.inner_text() == "onirim/towers/nightmare"
    assert card.locator(".r-check code").first.inner_text() == "onirim.nightmare_tower_penalty"
    assert card.locator("[data-stale]").count() == 0
    page.screenshot(path=str(DOCS / "screenshot-rulings.png"), full_page=False)
    # Chinese too, same page.
    page.goto(app.url + "/rulings?lang=zh-CN")
    assert page.locator("h1").inner_text() == "裁定" and page.locator("html").get_attribute("lang") == "zh-CN"


def test_pages_work_from_the_keyboard(page: Any, contrib: Any) -> None:
    app, _ = contrib
    page.goto(app.url + "/rulings?lang=en")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.tagName") == "A"
    page.goto(app.url + "/moderate?lang=en")
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "m-token":
            break
    assert page.evaluate("document.activeElement.id") == "m-token"
    page.keyboard.type(TOKEN)
    page.keyboard.press("Enter")
    page.locator("#m-notice").filter(has_text="No proposals waiting.").or_(page.locator("#m-queue li").first).wait_for()


@pytest.mark.parametrize("path", ["/rulings", "/rulings/propose?game=onirim&cite=onirim/towers/row",
                                  "/rulings/onirim/lost-tower-goes-to-limbo", "/moderate"])
def test_contrast_is_at_least_4_5_to_1(page: Any, contrib: Any, path: str) -> None:
    app, _ = contrib
    page.goto(app.url + path)
    assert page.evaluate(CONTRAST_JS) == []


def test_an_answer_citing_a_ruling_links_its_page(page: Any, contrib: Any) -> None:
    app, _ = contrib
    page.goto(app.url + "/?lang=zh-TW")
    page.locator("body[data-ready=true]").wait_for()
    page.locator("#question").fill("抽到惡夢時被迫放棄的高塔卡要放到哪裡？棄牌堆還是Limbo？")
    page.locator("#question").press("Enter")
    card = page.locator(".turn-answer article.ra-card").first
    card.wait_for()
    card.locator("details.ra-why summary").click()  # the ruling is among the quotes behind "Why"
    link = card.locator("a.ra-ruling-link").first
    link.wait_for()
    assert link.get_attribute("href") == "/rulings/onirim/lost-tower-goes-to-limbo?lang=zh-TW"
    link.click()
    page.wait_for_url("**/rulings/onirim/lost-tower-goes-to-limbo*")
    assert "Limbo" in page.locator("h1").inner_text()
