"""The contributors' pages: /rulings, /rulings/{game}/{id}, /rulings/propose, /rulings/proposals/{id}, /moderate.

Server-rendered from the ruling files as they are on disk now (a ruling accepted a minute ago is
listed, marked "not served yet" until the index is rebuilt and the server restarted), in the chat
page's three languages (?lang=, else Accept-Language). Every text from a file, the database or
the request is escaped: user text is rendered as text. The form and the moderation queue are driven
by /static/rulings.js and /static/moderate.js over the JSON API.
"""
from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request
from fastapi.responses import HTMLResponse

from indexer.corpus import GAME_IDS, passages_by_id
from indexer.rulings import Ruling, scan_rulings, text_hash

from ..deps import SettingsDep
from ..page_text import TEXT, esc, page, pick_lang, t
from .rulings import MAX_ROW, StoreDep

router = APIRouter(tags=["pages"], include_in_schema=False)

Lang = Annotated[str | None, Query(max_length=10)]
AcceptLanguage = Annotated[str | None, Header(alias="accept-language")]
SOURCE_KINDS = ("community", "official-faq", "designer", "publisher")


def _game_names(lang: str) -> dict[str, str]:
    from rules_engine import GAMES, load_games

    load_games()
    return {g: GAMES[g].names.get(lang) or GAMES[g].names.get("zh-TW") or g for g in GAME_IDS}


def _pick(r: Ruling, lang: str, part: str) -> tuple[str, str]:
    """(text, its language) of a ruling's question or answer in the reader's language, else Traditional Chinese."""
    block = getattr(r, part)
    if lang == "en" and block.en:
        return block.en, "en"
    if lang == "zh-CN" and getattr(block, "zh_cn", None):
        return block.zh_cn, "zh-CN"
    return block.zh_tw, "zh-TW"


def _served(request: Request) -> set[str] | None:
    """Passage ids in the running server's index (None when no index is loaded)."""
    index = getattr(getattr(request.app.state, "pipeline", None), "index", None)
    return {p.id for p in index.passages} if index is not None else None


def _check_html(r: Ruling, lang: str) -> str:
    """The ruling's engine check, with the rule's input fields (what a contributor needs to write one)."""
    from rules_engine import UnknownId, get_rule

    from ..rule_fields import rule_fields

    if r.check is None:
        return ""
    try:
        fields = rule_fields(get_rule(r.check.rule))
    except UnknownId:
        fields = []
    items = "".join(f"<li><code>{esc(f['name'])}</code>: {esc(f['type'])}"
                    f"{' — ' + esc(f['description']) if f['description'] else ''}</li>" for f in fields)
    return (f'<div class="r-check"><p><strong>{t(lang, "check")}</strong> <code>{esc(r.check.rule)}</code> '
            f'<code>{esc(json.dumps(r.check.input, ensure_ascii=False))}</code> → {t(lang, "expect")} '
            f'<code>{esc(json.dumps(r.check.expect, ensure_ascii=False))}</code></p>'
            f'<details><summary>{t(lang, "engine_fields", rule=r.check.rule)}</summary><ul>{items}</ul></details></div>')


def ruling_html(r: Ruling, lang: str, served: set[str] | None, passages: dict[str, Any], *, heading: str = "h3",
                linked: bool = True) -> str:
    """One ruling: question, answer, source with kind and date, cited passages (stale marked), engine check."""
    question, q_lang = _pick(r, lang, "question")
    answer, a_lang = _pick(r, lang, "answer")
    title = (f'<a href="/rulings/{esc(r.game)}/{esc(r.id)}?lang={lang}">{esc(question)}</a>' if linked
             else esc(question))
    stale = False
    cites = []
    for c in r.cites:
        p = passages.get(c.passage)
        changed = p is None or text_hash(p.text) != c.text_hash
        stale = stale or changed
        cites.append(f'<li><blockquote lang="zh-TW">{esc(c.quote)}</blockquote> <code class="ra-pid">{esc(c.passage)}'
                     f'</code>{" <strong class=r-stale>" + t(lang, "stale") + "</strong>" if changed else ""}</li>')
    prov = r.provenance
    link = f' · <a href="{esc(prov.link)}" rel="nofollow noopener">{esc(prov.link)}</a>' if prov.link else ""
    marks = []
    if stale:
        marks.append(f'<p class="r-flag r-stale" role="note">{t(lang, "stale")}</p>')
    if r.status != "accepted":
        marks.append(f'<p class="r-flag">{t(lang, "proposed")}</p>')
    elif served is not None and r.passage_id not in served:
        marks.append(f'<p class="r-flag" role="note">{t(lang, "not_served")}</p>')
    return (f'<article class="r-card" id="{esc(r.id)}" data-ruling="{esc(r.passage_id)}"'
            f'{" data-stale=true" if stale else ""}>'
            f'<{heading} class="r-q" lang="{q_lang}">{title}</{heading}>{"".join(marks)}'
            f'<p class="r-a" lang="{a_lang}">{esc(answer)}</p>'
            f'<p class="r-src"><span class="r-kind r-kind-{esc(prov.kind)}">{t(lang, prov.kind)}</span> '
            f'{esc(prov.author)} · <time datetime="{prov.date.isoformat()}">{prov.date.isoformat()}</time>{link}</p>'
            f'<div class="r-cites"><p class="ra-h">{t(lang, "passages")}</p>'
            f'<ul>{"".join(cites) or "<li>" + t(lang, "cites_none") + "</li>"}</ul></div>'
            f'{_check_html(r, lang)}</article>')


def _html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status_code=status, headers={"cache-control": "no-store"})


def _not_found(lang: str, path: str, message: str) -> HTMLResponse:
    return _html(page(lang, "404", f'<p class="notice" data-kind="error">{esc(message)}</p>'
                                   f'<p><a href="/rulings?lang={lang}">{t(lang, "back")}</a></p>', path=path), 404)


@router.get("/rulings", response_class=HTMLResponse)
def rulings_page(request: Request, settings: SettingsDep, lang: Lang = None,
                 accept_language: AcceptLanguage = None) -> HTMLResponse:
    """Every ruling, by game."""
    lang = pick_lang(lang, accept_language)
    rulings, _ = scan_rulings(settings.corpus_dir)
    served, names, passages = _served(request), _game_names(lang), passages_by_id(settings.corpus_dir)
    sections = []
    for game in GAME_IDS:
        mine = [r for r in rulings if r.game == game]
        body = "".join(ruling_html(r, lang, served, passages) for r in mine) or f"<p>{t(lang, 'none')}</p>"
        sections.append(f'<section class="r-game" aria-labelledby="g-{game}"><h2 id="g-{game}">{esc(names[game])}'
                        f' <span class="r-count">({len(mine)})</span></h2>{body}</section>')
    body = f'<p class="intro">{t(lang, "rulings_intro")}</p>' + "".join(sections)
    return _html(page(lang, TEXT[lang]["rulings_title"], body, path="/rulings", query=request.url.query))


@router.get("/rulings/propose", response_class=HTMLResponse)
def propose_page(request: Request, settings: SettingsDep, lang: Lang = None, accept_language: AcceptLanguage = None,
                 q: Annotated[str, Query(max_length=500)] = "", game: Annotated[str, Query(max_length=40)] = "",
                 cite: Annotated[list[str], Query(max_length=10)] = []) -> HTMLResponse:  # noqa: B006 - FastAPI copies it
    """The proposal form, prefilled from an answer (?q=question&game=…&cite=passage id, repeated)."""
    lang = pick_lang(lang, accept_language)
    passages = passages_by_id(settings.corpus_dir)
    names = _game_names(lang)
    options = "".join(f'<option value="{g}"{" selected" if g == game else ""}>{esc(names[g])}</option>'
                      for g in GAME_IDS)
    cites = []
    for i, pid in enumerate(dict.fromkeys(cite)):
        p = passages.get(pid)
        if p is None or p.kind != "rule":
            continue
        cites.append(f'<fieldset class="p-cite" data-passage="{esc(p.id)}"><legend><code class="ra-pid">{esc(p.id)}'
                     f'</code> {esc(p.section)}</legend><label for="quote-{i}">{t(lang, "quote")}</label>'
                     f'<textarea id="quote-{i}" name="quote" rows="3" lang="zh-TW" maxlength="2000">{esc(p.text)}'
                     f'</textarea></fieldset>')
    sources = "".join(f'<option value="{k}">{t(lang, "src_" + k)}</option>' for k in SOURCE_KINDS)
    body = f"""<p class="intro">{t(lang, "propose_intro")}</p>
<form id="propose-form" class="p-form" novalidate>
  <p id="form-error" class="notice" role="alert"></p>
  <label for="p-game">{t(lang, "game")}</label>
  <select id="p-game" name="game" required>{options}</select>
  <label for="p-question">{t(lang, "question")}</label>
  <textarea id="p-question" name="question" rows="2" maxlength="500" required>{esc(q)}</textarea>
  <div id="p-cites">{"".join(cites)}</div>
  <label for="p-answer">{t(lang, "your_answer")}</label>
  <textarea id="p-answer" name="answer" rows="4" maxlength="4000" required></textarea>
  <label for="p-reasoning">{t(lang, "reasoning")}</label>
  <textarea id="p-reasoning" name="reasoning" rows="3" maxlength="4000"></textarea>
  <label for="p-source">{t(lang, "source")}</label>
  <select id="p-source" name="source_kind">{sources}</select>
  <label for="p-link">{t(lang, "link")}</label>
  <input id="p-link" name="source_link" type="url" maxlength="500" placeholder="https://">
  <label for="p-name">{t(lang, "name")}</label>
  <input id="p-name" name="author" maxlength="100" autocomplete="nickname">
  <button type="submit" id="p-submit" class="primary">{t(lang, "submit")}</button>
</form>
<section id="p-result" class="p-result" aria-live="polite" hidden></section>"""
    return _html(page(lang, TEXT[lang]["propose_title"], body, path="/rulings/propose", query=request.url.query,
                      scripts=("pages.js", "rulings.js"), strings=("checks", "status_link", "sending", "error")))


def checks_html(checks: list[dict[str, Any]], lang: str) -> str:
    """The checks run on a proposal, warnings marked (links to the rulings they name)."""
    items = []
    for c in checks:
        link = c.get("ruling") or c.get("proposal")
        more = f' <a href="{esc(link)}?lang={lang}">{esc(link)}</a>' if link else ""
        items.append(f'<li class="c-{esc(c.get("level"))}" data-kind="{esc(c.get("kind"))}"><span class="c-level">'
                     f'{esc(c.get("level"))}</span> {esc(c.get("message"))}{more}</li>')
    return f'<ul class="checks">{"".join(items)}</ul>'


@router.get("/rulings/proposals/{proposal_id}", response_class=HTMLResponse)
def proposal_page(request: Request, store: StoreDep, proposal_id: Annotated[int, Path(ge=1, le=MAX_ROW)],
                  lang: Lang = None, accept_language: AcceptLanguage = None) -> HTMLResponse:
    """A proposal's public status: pending, accepted (with its ruling) or rejected with the reason; no personal data."""
    from ..rulings_db import NotFound

    lang = pick_lang(lang, accept_language)
    path = f"/rulings/proposals/{proposal_id}"
    try:
        row = store.get(proposal_id)
    except NotFound:
        return _not_found(lang, path, f"no ruling proposal {proposal_id}")
    status = row["status"]
    parts = [f'<p class="p-status p-{status}" data-status="{status}"><strong>{t(lang, "st_" + status)}</strong></p>']
    if row.get("note"):
        parts.append(f'<p><strong>{t(lang, "reason")}</strong>: <span class="p-note">{esc(row["note"])}</span></p>')
    if row.get("exported_path"):
        game, _, name = row["exported_path"].removeprefix("rulings/").partition("/")
        parts.append(f'<p>{t(lang, "ruling_file")}: <a href="/rulings/{esc(game)}/{esc(name.removesuffix(".yaml"))}'
                     f'?lang={lang}"><code>corpus/{esc(row["exported_path"])}</code></a></p>')
    parts.append(f'<dl class="p-fields"><dt>{t(lang, "game")}</dt><dd>{esc(row["game"])}</dd>'
                 f'<dt>{t(lang, "question")}</dt><dd class="p-q">{esc(row["question"])}</dd>'
                 f'<dt>{t(lang, "your_answer")}</dt><dd class="p-a">{esc(row["answer"])}</dd>'
                 + (f'<dt>{t(lang, "reasoning")}</dt><dd>{esc(row["reasoning"])}</dd>' if row.get("reasoning") else "")
                 + f'<dt>{t(lang, "source")}</dt><dd>{t(lang, "src_" + (row.get("source_kind") or "community"))}'
                 + (f' <a href="{esc(row["source_link"])}" rel="nofollow noopener">{esc(row["source_link"])}</a>'
                    if row.get("source_link") else "") + "</dd></dl>")
    parts.append(f'<h2>{t(lang, "checks")}</h2>{checks_html(row.get("checks") or [], lang)}')
    return _html(page(lang, TEXT[lang]["status_title"].replace("{id}", str(proposal_id)), "".join(parts),
                      path=path, query=request.url.query))


@router.get("/rulings/{game}/{ruling_id}", response_class=HTMLResponse)
def ruling_page(request: Request, settings: SettingsDep, game: Annotated[str, Path(max_length=40)],
                ruling_id: Annotated[str, Path(max_length=80)], lang: Lang = None,
                accept_language: AcceptLanguage = None) -> HTMLResponse:
    """One ruling's own page (answers that cite it link here)."""
    lang = pick_lang(lang, accept_language)
    path = f"/rulings/{game}/{ruling_id}"
    ruling = next((r for r in scan_rulings(settings.corpus_dir)[0] if r.game == game and r.id == ruling_id), None)
    if ruling is None:
        return _not_found(lang, path, f"no ruling {game}/{ruling_id}")
    body = (ruling_html(ruling, lang, _served(request), passages_by_id(settings.corpus_dir), heading="h2", linked=False)
            + f'<p><a href="/rulings?lang={lang}#{esc(ruling.id)}">{t(lang, "back")}</a></p>')
    return _html(page(lang, _pick(ruling, lang, "question")[0], body, path=path, query=request.url.query))


@router.get("/moderate", response_class=HTMLResponse)
def moderate_page(request: Request, lang: Lang = None, accept_language: AcceptLanguage = None) -> HTMLResponse:
    """The moderation page: the token is pasted here and kept in sessionStorage by /static/moderate.js."""
    lang = pick_lang(lang, accept_language)
    body = f"""<form id="token-form" class="m-token" autocomplete="off">
  <label for="m-token">{t(lang, "token")}</label>
  <input id="m-token" type="password" autocomplete="off" aria-describedby="m-token-hint">
  <p id="m-token-hint" class="hint">{t(lang, "token_hint")}</p>
  <button type="submit" class="primary" id="m-load">{t(lang, "load")}</button>
  <button type="button" class="ghost" id="m-forget">{t(lang, "forget")}</button>
  <label for="m-status">{t(lang, "show")}</label>
  <select id="m-status"><option value="proposed">{t(lang, "st_proposed")}</option>
    <option value="accepted">{t(lang, "st_accepted")}</option><option value="rejected">{t(lang, "st_rejected")}</option>
    <option value="all">{t(lang, "st_all")}</option></select>
</form>
<p id="m-notice" class="notice" role="status" aria-live="polite"></p>
<ol id="m-queue" class="m-queue"></ol>"""
    return _html(page(lang, TEXT[lang]["moderate_title"], body, path="/moderate", query=request.url.query,
                      scripts=("pages.js", "moderate.js"),
                      strings=("accept", "reject", "undo", "note", "queue_empty", "checks", "need_token", "error",
                               "question", "your_answer", "reasoning", "source", "status_link", "sending",
                               "st_proposed", "st_accepted", "st_rejected")))
