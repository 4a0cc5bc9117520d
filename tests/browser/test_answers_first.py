"""The first screen of an answer in a real browser: one question per game and script, in the chat page
and in the widget; the "Why" toggle from the keyboard; contrast of every text; phone width."""
from __future__ import annotations

import re
from typing import Any

import opencc
import pytest

from .conftest import DOCS
from .test_widget_and_chat import WIDGET, ask_in_widget

pytestmark = pytest.mark.browser

T2S = opencc.OpenCC("t2s")
CJK = re.compile(r"[\u3400-\u9fff]")
# One question per game and script; the scripts must come back as asked.
QUESTIONS = {
    "onirim": {"zh-TW": "夢魘可以破壞高塔列嗎？", "zh-CN": "噩梦可以破坏高塔列吗？",
               "en": "Can a Nightmare break my tower row?"},
    "mist-mountain": {"zh-TW": "迷霧山城4人局要收集幾張回憶？", "zh-CN": "迷雾山城4人局要收集几张回忆？",
                      "en": "How many memories do you need in Hilltown in the Mist with 4 players?"},
    "dungeon-lords": {"zh-TW": "地城領主魔法物品變體裡，魔杖什麼時候算用過？",
                      "zh-CN": "地城领主魔法物品变体里，魔杖什么时候算用过？",
                      "en": "In the Dungeon Lords magic item variant, when does a wand count as used?"},
}
CASES = [(game, lang) for game in QUESTIONS for lang in ("zh-TW", "zh-CN", "en")]
INTERNAL = re.compile(r"[a-z]+_[a-z_]+|(?:onirim|mist-mountain|dungeon-lords)[./]|[{}]")

CONTRAST_JS = """(root) => {
  const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (let node = el; node; node = node.parentElement || (node.getRootNode && node.getRootNode().host)) {
      const c = parse(getComputedStyle(node).backgroundColor);
      if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) return c;
    }
    return [255, 255, 255];
  };
  const low = [];
  const walk = (scope) => {
    scope.querySelectorAll('*').forEach((el) => {
      if (el.shadowRoot) walk(el.shadowRoot);
      const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own || !el.getClientRects().length || el.closest('[hidden]')) return;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.matches(':disabled')) return;
      const fg = parse(style.color), bg = background(el);
      const a = fg.length > 3 ? fg[3] : 1;
      const mixed = fg.slice(0, 3).map((v, i) => v * a + bg[i] * (1 - a));
      const [l1, l2] = [lum(mixed), lum(bg)].sort((x, y) => y - x);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      if (ratio < 4.5) low.push(el.className + ' "' + el.textContent.trim().slice(0, 20) + '" ' + ratio.toFixed(2));
    });
  };
  walk(root);
  return low;
}"""


def check_first_screen(card: Any, lang: str) -> None:
    """The answer line in the question's script, one quote, nothing internal, "Why" closed."""
    line = card.locator(".ra-answer").inner_text().strip()
    assert line, "no answer line"
    if lang == "en":
        assert not CJK.search(line), line
    else:
        assert CJK.search(line), line
        if lang == "zh-CN":
            assert T2S.convert(line) == line, f"not Simplified: {line}"
    assert card.locator(":scope > figure.ra-quote").count() == 1
    why = card.locator("details.ra-why")
    assert why.count() == 1 and not why.evaluate("d => d.open")
    visible = card.inner_text()  # a closed <details> shows only its summary
    assert not INTERNAL.search(visible), visible


def open_why_from_keyboard(page: Any, card: Any) -> None:
    """Tab-reachable summary; Enter opens it and shows the reasoning."""
    summary = card.locator("details.ra-why summary")
    summary.focus()
    assert summary.evaluate("s => s === (s.getRootNode().activeElement)")
    page.keyboard.press("Enter")
    assert card.locator("details.ra-why").evaluate("d => d.open")
    assert card.locator("details.ra-why").inner_text().strip() != summary.inner_text().strip()


def test_first_screen_in_the_chat_page_for_every_game_and_script(page: Any, site: Any) -> None:
    page.goto(site.app.url + "/")
    page.locator("body[data-ready=true]").wait_for()
    for i, (game, lang) in enumerate(CASES):
        page.locator("#question").fill(QUESTIONS[game][lang])
        page.locator("#question").press("Enter")
        card = page.locator("#conversation .ra-card").nth(i)
        card.wait_for()
        check_first_screen(card, lang)
    open_why_from_keyboard(page, page.locator("#conversation .ra-card").first)
    low = page.evaluate(f"() => ({CONTRAST_JS})(document)")
    assert low == [], low


def test_first_screen_in_the_widget_for_every_game_and_script(page: Any, site: Any) -> None:
    page.goto(site.blog.origin + "/")
    for game, lang in CASES:
        card = ask_in_widget(page, QUESTIONS[game][lang])
        check_first_screen(card, lang)
    card = page.locator(WIDGET).locator("article.ra-card").first
    open_why_from_keyboard(page, card)
    low = page.evaluate(f"() => ({CONTRAST_JS})(document.querySelector('{WIDGET}').shadowRoot)")
    assert low == [], low


def test_screenshots_desktop_and_phone(page: Any, site: Any) -> None:
    """Refreshed screenshots for docs/ (written there with ARBITER_UPDATE_SCREENSHOTS=1)."""
    page.goto(site.app.url + "/")
    page.locator("body[data-ready=true]").wait_for()
    page.locator("#question").fill(QUESTIONS["onirim"]["zh-TW"])
    page.locator("#question").press("Enter")
    card = page.locator("#conversation .ra-card").first
    card.wait_for()
    DOCS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 375, "height": 800})
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    card.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(DOCS / "screenshot-phone.png"), full_page=False)
    page.set_viewport_size({"width": 1000, "height": 900})
    card.locator("details.ra-why summary").click()
    page.screenshot(path=str(DOCS / "screenshot-chat-why.png"), full_page=True)
    assert card.locator("details.ra-why").evaluate("d => d.open")


@pytest.mark.parametrize("game", ["onirim", "mist-mountain", "dungeon-lords"])
def test_embed_follows_its_game_with_examples_and_placeholder(page: Any, site: Any, game: str) -> None:
    from rules_engine import all_rules

    page.goto(f"{site.app.url}/embed?game={game}&lang=zh-TW")
    widget = page.locator(WIDGET)
    examples = widget.locator(".ra-examples button.ra-example")
    examples.first.wait_for()
    own = {r.examples["zh-TW"][0] for r in all_rules(game)}
    shown = [examples.nth(i).inner_text() for i in range(examples.count())]
    assert shown and set(shown) <= own, (shown, game)
    assert shown[0] in widget.locator("textarea").get_attribute("placeholder")
    # An example fills the box; asking hides the examples.
    examples.first.click()
    assert widget.locator("textarea").input_value() == shown[0]
    widget.locator("textarea").press("Enter")
    widget.locator("article.ra-card").first.wait_for()
    assert widget.locator(".ra-examples").is_hidden()


def test_a_chat_platform_link_asks_its_question_on_arrival(page: Any, site: Any) -> None:
    from urllib.parse import urlencode

    question = QUESTIONS["onirim"]["zh-TW"]
    page.goto(site.app.url + "/?" + urlencode({"q": question, "game": "onirim", "lang": "zh-TW"}))
    card = page.locator("#conversation .ra-card").first
    card.wait_for()
    check_first_screen(card, "zh-TW")
    assert question in page.locator("#conversation").inner_text()
