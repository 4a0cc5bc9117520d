"""The checks of `arbiter rulings check` that can run on a proposal, run when it is submitted.

Quotes that are not verbatim are refused before this (422 on the field). What is left are warnings
for the contributor and the moderator, never refusals: no cites, an answer too short to be a ruling,
a question an existing ruling (or a waiting proposal) already asks, and an engine verdict that
seems to disagree with the proposed answer.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from indexer.corpus import passages_by_id
from indexer.rulings import Ruling, scan_rulings

from .rulings_cli import NEAR_DUPLICATE_THRESHOLD, fold_question

MIN_ANSWER_CHARS = 8  # "可以。" is no ruling: a ruling says what and why
SIMILAR_THRESHOLD = 0.88  # shown to moderators as "resembles"; a warning only at the near-duplicate threshold
MAX_SIMILAR = 3
_NO = re.compile(r"^\s*(不|否|沒有|无|無|不能|不可以|無法|无法|no\b|not\b|cannot\b|can't\b)", re.IGNORECASE)
_YES = re.compile(r"^\s*(可以|是|能|會|会|要|對|对|yes\b|it does\b|they do\b)", re.IGNORECASE)


def _check(kind: str, level: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "level": level, "message": message, **{k: v for k, v in extra.items() if v is not None}}


def stated_value(answer: str) -> Any:
    """What a proposed answer says at its start: True/False for yes/no, an integer, or None when unclear."""
    if _NO.match(answer):
        return False
    if _YES.match(answer):
        return True
    number = re.search(r"\d+", answer)
    return int(number.group()) if number else None


def ruling_link(r: Ruling) -> str:
    """The page of a ruling."""
    return f"/rulings/{r.game}/{r.id}"


def _quotes(cites: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if not cites:
        return [_check("cites", "warning", "no passage is cited: a ruling must quote at least one passage of the "
                                           "rule text it settles (the moderator adds one, or rejects it)")]
    passages = passages_by_id()
    quoted = sum(1 for c in cites if c.get("quote"))
    return [_check("cites", "ok", f"{len(cites)} passage(s) cited, {quoted} quote(s) verbatim in the rule text",
                   passages=[c["passage"] for c in cites if c["passage"] in passages])]


def _answer_length(answer: str) -> list[dict[str, Any]]:
    from .routers.rulings import visible

    n = len(visible(answer))
    if n < MIN_ANSWER_CHARS:
        return [_check("answer", "warning", f"the answer has {n} visible character(s): say what the ruling is and "
                                            f"why, in a sentence or two")]
    return []


def _same_questions(question: str, game: str, rulings: list[Ruling], pending: list[dict[str, Any]],
                    own_id: int | None) -> list[dict[str, Any]]:
    key = fold_question(question)
    out = []
    for r in rulings:
        if r.game == game and key in {fold_question(q) for q in (r.question.zh_tw, r.question.zh_cn, r.question.en) if q}:
            out.append(_check("duplicate", "warning", f"an existing ruling asks the same question: {r.source}",
                              ruling=ruling_link(r)))
    for p in pending:
        if p["id"] != own_id and p["game"] == game and fold_question(p["question"]) == key:
            out.append(_check("duplicate", "warning", f"proposal {p['id']} (still waiting) asks the same question",
                              proposal=f"/rulings/proposals/{p['id']}"))
    return out


def _similar(question: str, game: str, rulings: list[Ruling], embedder: Any) -> list[dict[str, Any]]:
    """Existing rulings whose question resembles this one, most alike first; a warning at the near-duplicate threshold."""
    import numpy as np

    mine = [r for r in rulings if r.game == game]
    if not mine or embedder is None:
        return []
    vectors = np.asarray(embedder.embed_queries([question] + [r.question.zh_tw for r in mine]), dtype=np.float32)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    sims = vectors[1:] @ vectors[0]
    out = []
    for i in np.argsort(-sims)[:MAX_SIMILAR]:
        sim, r = float(sims[i]), mine[int(i)]
        if sim < SIMILAR_THRESHOLD:
            break
        if sim >= NEAR_DUPLICATE_THRESHOLD:
            out.append(_check("near_duplicate", "warning", f"nearly the same question as {r.source} "
                                                           f"(similarity {sim:.2f}): extend that ruling instead?",
                              ruling=ruling_link(r), similarity=round(sim, 3)))
        else:
            out.append(_check("similar", "info", f"resembles {r.source} (similarity {sim:.2f})",
                              ruling=ruling_link(r), similarity=round(sim, 3)))
    return out


def _engine(question: str, answer: str, game: str, pipeline: Any) -> list[dict[str, Any]]:
    """The engine's verdict where a rule applies to the question, and whether the proposed answer agrees."""
    ask = getattr(pipeline, "ask", None)
    if ask is None:
        return []
    try:
        response = ask(question, game=game)
    except Exception:  # a question the pipeline refuses (too long, odd input) just has no engine check
        return []
    verdict, rule = response.verdict, response.rule
    if not verdict or not rule or verdict.get("value") == "depends":
        return []
    value, said = verdict.get("value"), stated_value(answer)
    shown = verdict.get("value_text") or str(value)
    engine = {"rule": rule, "value": value, "text": shown}
    comparable = isinstance(value, bool) == isinstance(said, bool) and said is not None \
        and isinstance(value, (bool, int))
    if comparable and said != value:
        return [_check("engine", "warning", f"the rules engine ({rule}) answers {shown!r} for this question, "
                                            f"and the proposed answer seems to say otherwise: if the engine is "
                                            f"wrong, say why in the reasoning", engine=engine)]
    if comparable:
        return [_check("engine", "ok", f"agrees with the rules engine ({rule}: {shown!r})", engine=engine)]
    return [_check("engine", "info", f"the rules engine ({rule}) answers {shown!r} for this question",
                   engine=engine)]


def proposal_checks(proposal: dict[str, Any], *, corpus_dir: Path, pipeline: Any = None,
                    pending: list[dict[str, Any]] = (), own_id: int | None = None) -> list[dict[str, Any]]:
    """Every check on a proposal (question, answer, game, cites), in the order the contributor reads them."""
    rulings = [r for r in scan_rulings(corpus_dir)[0] if r.status == "accepted"]
    embedder = getattr(getattr(pipeline, "index", None), "embedder", None)
    question, game = proposal["question"], proposal["game"]
    return (_quotes(list(proposal.get("cites") or [])) + _answer_length(proposal["answer"])
            + _same_questions(question, game, rulings, list(pending), own_id)
            + _similar(question, game, rulings, embedder) + _engine(question, proposal["answer"], game, pipeline))
