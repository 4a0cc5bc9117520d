"""The rulings pages' words in the chat page's three languages, and the page frame they share.

Every piece of text that comes from a file, the database or a request goes through `esc` (html.escape),
so user text is rendered as text, never as HTML.
"""
from __future__ import annotations

import json
from html import escape
from typing import Any

LANGS = ("zh-TW", "zh-CN", "en")
LANG_NAMES = {"zh-TW": "繁體中文", "zh-CN": "简体中文", "en": "English"}

TEXT: dict[str, dict[str, str]] = {
    "zh-TW": {
        "site": "規則仲裁", "skip": "跳到內容", "chat": "提問", "rulings": "裁定", "propose": "提出裁定",
        "moderate": "審核", "rulings_title": "裁定", "rulings_intro": "規則書沒有講清楚的問題，由社群、設計師或官方裁定。每條裁定都引用規則書原文；原文改變時會標示「需重新確認」。",
        "question": "問題", "answer": "裁定", "sources": "來源", "passages": "依據的段落", "stale": "需重新確認：引用的段落已改變",
        "check": "規則引擎檢查", "fields": "輸入欄位", "expect": "預期結果", "not_served": "尚未生效：執行 arbiter index 並重新啟動伺服器後，回答才會引用這條裁定。",
        "official": "官方", "designer": "設計師", "community": "社群", "proposed": "草稿（未生效）",
        "none": "這個遊戲還沒有裁定。", "permalink": "這條裁定的頁面", "back": "回到所有裁定",
        "propose_title": "提出裁定", "propose_intro": "覺得回答不清楚？寫下你認為的裁定。送出後會立刻檢查引用原文、是否與既有裁定重複，以及規則引擎的結論；審核通過後才會成為裁定。",
        "game": "遊戲", "quote": "引用原文（必須是段落中逐字的一段）", "your_answer": "你提出的裁定", "reasoning": "理由",
        "source": "來源", "src_official-faq": "官方 FAQ", "src_designer": "設計師", "src_publisher": "出版社", "src_community": "社群（自己的判斷）",
        "link": "連結（官方、設計師或出版社的原文）", "name": "署名（如何稱呼你，選填，不會公開在狀態頁）", "submit": "送出提案",
        "checks": "檢查結果", "status_link": "提案狀態頁", "status_title": "提案 #{id}",
        "st_proposed": "等待審核", "st_accepted": "已採納", "st_rejected": "未採納", "reason": "審核說明", "ruling_file": "裁定檔案",
        "token": "管理權杖", "token_hint": "權杖只存在這個分頁（sessionStorage），以標頭送出，不會出現在網址或 cookie。",
        "load": "載入待審清單", "forget": "清除權杖", "moderate_title": "審核提案", "accept": "採納", "reject": "不採納", "undo": "撤銷決定",
        "note": "說明（不採納時請寫原因）", "queue_empty": "沒有待審的提案。", "similar": "相似的既有裁定", "show": "顯示",
        "st_all": "全部", "need_token": "請先貼上管理權杖。", "sending": "送出中…", "error": "錯誤：",
        "language": "介面語言", "cites_none": "（沒有引用段落）", "engine_fields": "規則 {rule} 的輸入欄位",
    },
    "zh-CN": {
        "site": "规则仲裁", "skip": "跳到内容", "chat": "提问", "rulings": "裁定", "propose": "提出裁定",
        "moderate": "审核", "rulings_title": "裁定", "rulings_intro": "规则书没有讲清楚的问题，由社区、设计师或官方裁定。每条裁定都引用规则书原文；原文改变时会标示“需重新确认”。",
        "question": "问题", "answer": "裁定", "sources": "来源", "passages": "依据的段落", "stale": "需重新确认：引用的段落已改变",
        "check": "规则引擎检查", "fields": "输入字段", "expect": "预期结果", "not_served": "尚未生效：运行 arbiter index 并重启服务器后，回答才会引用这条裁定。",
        "official": "官方", "designer": "设计师", "community": "社区", "proposed": "草稿（未生效）",
        "none": "这个游戏还没有裁定。", "permalink": "这条裁定的页面", "back": "回到所有裁定",
        "propose_title": "提出裁定", "propose_intro": "觉得回答不清楚？写下你认为的裁定。提交后会立刻检查引用原文、是否与已有裁定重复，以及规则引擎的结论；审核通过后才会成为裁定。",
        "game": "游戏", "quote": "引用原文（必须是段落中逐字的一段）", "your_answer": "你提出的裁定", "reasoning": "理由",
        "source": "来源", "src_official-faq": "官方 FAQ", "src_designer": "设计师", "src_publisher": "出版社", "src_community": "社区（自己的判断）",
        "link": "链接（官方、设计师或出版社的原文）", "name": "署名（如何称呼你，选填，不会公开在状态页）", "submit": "提交提案",
        "checks": "检查结果", "status_link": "提案状态页", "status_title": "提案 #{id}",
        "st_proposed": "等待审核", "st_accepted": "已采纳", "st_rejected": "未采纳", "reason": "审核说明", "ruling_file": "裁定文件",
        "token": "管理令牌", "token_hint": "令牌只保存在这个标签页（sessionStorage），以请求头发送，不会出现在网址或 cookie 中。",
        "load": "载入待审列表", "forget": "清除令牌", "moderate_title": "审核提案", "accept": "采纳", "reject": "不采纳", "undo": "撤销决定",
        "note": "说明（不采纳时请写原因）", "queue_empty": "没有待审的提案。", "similar": "相似的已有裁定", "show": "显示",
        "st_all": "全部", "need_token": "请先粘贴管理令牌。", "sending": "提交中…", "error": "错误：",
        "language": "界面语言", "cites_none": "（没有引用段落）", "engine_fields": "规则 {rule} 的输入字段",
    },
    "en": {
        "site": "Rules arbiter", "skip": "Skip to content", "chat": "Ask", "rulings": "Rulings", "propose": "Propose a ruling",
        "moderate": "Moderate", "rulings_title": "Rulings", "rulings_intro": "Questions the rulebooks leave open, settled by the community, a designer or the publisher. Every ruling quotes the rule text; when that text changes the ruling is marked for re-checking.",
        "question": "Question", "answer": "Ruling", "sources": "Source", "passages": "Passages it rules on", "stale": "Re-check: a cited passage changed",
        "check": "Rules-engine check", "fields": "Input fields", "expect": "Expected", "not_served": "Not served yet: answers cite this ruling after `arbiter index` and a server restart.",
        "official": "official", "designer": "designer", "community": "community", "proposed": "draft (not in force)",
        "none": "No rulings for this game yet.", "permalink": "Page of this ruling", "back": "All rulings",
        "propose_title": "Propose a ruling", "propose_intro": "Was an answer unclear? Write the ruling you think is right. On submit we check the quotes, look for an existing ruling on the same question and ask the rules engine; a moderator then accepts or rejects it.",
        "game": "Game", "quote": "Quote (a verbatim part of the passage)", "your_answer": "Your proposed ruling", "reasoning": "Reasoning",
        "source": "Source", "src_official-faq": "Official FAQ", "src_designer": "Designer", "src_publisher": "Publisher", "src_community": "Community (your own reading)",
        "link": "Link (to the official, designer or publisher statement)", "name": "Name (how to credit you; optional, never shown on the status page)", "submit": "Submit proposal",
        "checks": "Checks", "status_link": "Proposal status page", "status_title": "Proposal #{id}",
        "st_proposed": "pending", "st_accepted": "accepted", "st_rejected": "rejected", "reason": "Moderator's reason", "ruling_file": "Ruling file",
        "token": "Admin token", "token_hint": "The token stays in this tab only (sessionStorage) and is sent as a header, never in a URL or cookie.",
        "load": "Load the queue", "forget": "Forget the token", "moderate_title": "Moderate proposals", "accept": "Accept", "reject": "Reject", "undo": "Undo decision",
        "note": "Note (the reason, when rejecting)", "queue_empty": "No proposals waiting.", "similar": "Similar existing rulings", "show": "Show",
        "st_all": "all", "need_token": "Paste the admin token first.", "sending": "Sending…", "error": "Error: ",
        "language": "Interface language", "cites_none": "(no passage cited)", "engine_fields": "Input fields of {rule}",
    },
}


def esc(value: Any) -> str:
    """Text (or a number) made safe for HTML content and quoted attributes."""
    return escape("" if value is None else str(value), quote=True)


def pick_lang(query: str | None, accept_language: str | None) -> str:
    """?lang= first, then the browser's Accept-Language, then Traditional Chinese (as the chat page does)."""
    for wanted in [query or "", *(part.split(";")[0].strip() for part in (accept_language or "").split(","))]:
        w = wanted.lower()
        if not w:
            continue
        if w.startswith("en"):
            return "en"
        if w in ("zh-cn", "zh-sg") or w.startswith("zh-hans"):
            return "zh-CN"
        if w.startswith("zh"):
            return "zh-TW"
    return "zh-TW"


def t(lang: str, key: str, **values: Any) -> str:
    """The word for `key` in `lang` (escaped), with {name} filled in."""
    text = TEXT.get(lang, TEXT["zh-TW"]).get(key, key)
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return esc(text)


def page(lang: str, title: str, body: str, *, path: str, query: str = "", scripts: tuple[str, ...] = (),
         strings: tuple[str, ...] = ()) -> str:
    """A whole page: the chat page's header, navigation, language links, then `body` (already escaped HTML)."""
    nav = "".join(f'<a href="{href}?lang={lang}">{t(lang, key)}</a>' for key, href in
                  (("chat", "/"), ("rulings", "/rulings"), ("propose", "/rulings/propose"), ("moderate", "/moderate")))
    extra = "&".join(part for part in query.split("&") if part and not part.startswith("lang="))
    rest = "&amp;" + esc(extra) if extra else ""
    current = ' aria-current="true"'
    langs = "".join(f'<a href="{esc(path)}?lang={code}{rest}" lang="{code}"{current if code == lang else ""}>'
                    f'{esc(name)}</a>' for code, name in LANG_NAMES.items())
    words = {key: TEXT[lang][key] for key in strings}
    # The words the page's script shows, as an attribute (attributes are decoded; an inline script would be blocked).
    data = f' data-text="{esc(json.dumps(words, ensure_ascii=False))}"' if strings else ""
    tags = "".join(f'<script src="/static/{name}" defer></script>' for name in scripts)
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)} · rules-arbiter</title>
<link rel="stylesheet" href="/static/style.css">
{tags}
</head>
<body class="rulings-page">
<a class="skip" href="#main">{t(lang, "skip")}</a>
<header class="top">
  <p class="brand"><a href="/?lang={lang}">{t(lang, "site")}</a> <span class="sub">rules-arbiter</span></p>
  <nav class="nav" aria-label="{t(lang, 'site')}">{nav}</nav>
  <nav class="langs" aria-label="{t(lang, 'language')}">{langs}</nav>
</header>
<main id="main" tabindex="-1"{data}>
<h1>{esc(title)}</h1>
{body}
</main>
</body>
</html>"""
