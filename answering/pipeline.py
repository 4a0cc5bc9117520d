"""The answering pipeline: normalise → game → retrieval → rule → input → verdict → answer text."""
from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, Field

from indexer.ambiguities import ambiguities_for as corpus_ambiguities_for
from indexer.corpus import Passage, passages_by_id
from indexer.retrieval import Hit, clean_query, dense_query_text, query_vector_cache
from indexer.text import detect_lang, fold, to_script
from rules_engine import DEPENDS, GAMES, UnknownId, Verdict, get_game, load_games

from .compose import msg, value_text
from .extract import extract_input, substitute_slots
from .routing import RULE_THRESHOLD, RuleMatch, RuleRouter, RulingMatcher
from .scope import game_signals, other_games_named, strip_game_names
from .search import SearchService

# Calibrated on tests/data (no-signal questions: in-scope ones against out_of_scope): a question
# naming no game and no game term is in scope only when retrieval over all games is this confident:
# a very close dense match, or a close one backed by a strong lexical match.
SCOPE_DENSE_ALONE = 0.885
SCOPE_DENSE_WITH_BM25 = 0.84
SCOPE_BM25 = 5.0
SCOPE_RULE_MARGIN = 0.02


class Citation(BaseModel):
    """A quoted passage: `text` is verbatim from the corpus."""

    id: str
    game: str
    section: str
    text: str
    score: float
    kind: str = "rule"
    provenance: dict[str, Any] | None = None


class Ambiguity(BaseModel):
    """An unclear place in a cited passage and its readings."""

    passage: str
    note: str
    readings: list[str] = Field(default_factory=list)


class AskResponse(BaseModel):
    """The /api/ask response (DESIGN.md)."""

    question: str
    game: str | None
    in_scope: bool
    answer: str
    verdict: dict[str, Any] | None = None
    citations: list[Citation] = Field(default_factory=list)
    ambiguities: list[Ambiguity] = Field(default_factory=list)
    took_ms: float = 0.0
    lang: str = "zh-TW"
    rule: str | None = None


class CitationError(RuntimeError):
    """A citation whose text is not verbatim corpus text (never emitted)."""


def make_citation(passage: Passage, score: float) -> Citation:
    """A citation, refused unless its text is exactly the corpus passage text."""
    known = passages_by_id().get(passage.id)
    if known is None or known.text != passage.text or passage.text not in known.text:
        raise CitationError(f"refusing to cite {passage.id!r}: text is not verbatim corpus text")
    return Citation(id=passage.id, game=passage.game, section=passage.section, text=passage.text,
                    score=round(float(score), 4), kind=passage.kind,
                    provenance=_ruling_provenance().get(passage.id) if passage.kind == "ruling" else None)


@lru_cache(maxsize=1)
def _ruling_provenance() -> dict[str, dict[str, Any]]:
    from indexer.rulings import provenance_by_passage_id

    return provenance_by_passage_id()


# A ruling whose own question is this close to the one asked answers it directly and is quoted
# first (calibrated on the dev questions against paraphrases of the rulings' questions).
RULING_DIRECT_THRESHOLD = 0.935
MAX_FORCED_CITES = 4


class Pipeline:
    """Answers questions with verbatim citations and, where a rule applies, an engine verdict."""

    def __init__(self, search: SearchService) -> None:
        load_games()
        self.search = search
        self.index = search.index
        self.tokenizer = search.index.tokenizer
        cache = query_vector_cache(search.index)
        self.query_vector = lambda text: cache(dense_query_text(self.index, text))
        self.router = RuleRouter(search.index.embedder, self.tokenizer, cache_dir=search.index.directory)
        self.rulings = RulingMatcher(search.index.embedder, cache_dir=search.index.directory)

    # ------------------------------------------------------------------ stages
    def detect_game(self, question: str, history: list[str], explicit: str | None) -> tuple[str | None, str]:
        """The game id (or None) and how it was decided."""
        if explicit:
            get_game(explicit)  # raises UnknownId listing valid ids
            return explicit, "explicit"
        signals = game_signals(question, self.tokenizer)
        if signals and (len(signals) == 1 or signals[0].strength > signals[1].strength):
            return signals[0].game, "question"
        if signals:
            tied = {s.game for s in signals if s.strength == signals[0].strength}
            hits = self.search.retriever.search(question, k=5)
            for hit in hits:
                if hit.passage.game in tied:
                    return hit.passage.game, "retrieval among tied terms"
            return signals[0].game, "question"
        for previous in reversed(history):
            prev_signals = game_signals(previous, self.tokenizer)
            if prev_signals:
                return prev_signals[0].game, "history"
        return None, "none"

    def in_scope_without_signal(self, question: str) -> tuple[bool, str | None]:
        """For a question with no game signal: is retrieval confident enough, and for which game."""
        hits = self.search.retriever.search(question, k=1)
        if not hits:
            return False, None
        hit = hits[0]
        dense = hit.scores.get("dense", 0.0)
        bm25 = hit.scores.get("bm25", 0.0)
        if dense >= SCOPE_DENSE_ALONE or (dense >= SCOPE_DENSE_WITH_BM25 and bm25 >= SCOPE_BM25):
            return True, hit.passage.game
        return False, None

    def ambiguities_for(self, passage_ids: list[str], lang: str) -> list[Ambiguity]:
        """Known unclear places among the cited passages, in the answer's language and script."""
        out: list[Ambiguity] = []
        seen: set[str] = set()
        for pid in passage_ids:
            for amb in corpus_ambiguities_for(pid):
                if amb.id in seen:
                    continue
                seen.add(amb.id)
                out.append(Ambiguity(
                    passage=pid, note=to_script(amb.note.get(lang), lang),
                    readings=[to_script(f"{r.label.get(lang)}：{r.detail.get(lang)}", lang) for r in amb.readings]))
        return out

    # ------------------------------------------------------------------ main
    def ask(self, question: str, *, game: str | None = None, history: list[str] | None = None,
            k: int = 3) -> AskResponse:
        """Answer one question (QueryError for unusable text, UnknownId for an unknown game)."""
        started = time.perf_counter()
        question = clean_query(question)
        history = [h for h in (history or []) if isinstance(h, str) and h.strip()][-4:]
        lang = detect_lang(question)
        game_id, how = self.detect_game(question, history, game)
        others = other_games_named(question) or asks_for_recommendation(question)
        if game_id is None or (others and how != "explicit" and not any(
                s.named for s in game_signals(question, self.tokenizer))):
            in_scope, guessed = (False, None) if others else self.in_scope_without_signal(question)
            if not in_scope and not others:
                # A question an engine rule plainly answers ("紅4右邊可以接藍4嗎？") is in scope
                # even when it names no game term.
                best = self.router.route(self.query_vector(question), question, None,
                                         threshold=RULE_THRESHOLD + SCOPE_RULE_MARGIN)
                in_scope, guessed = (best is not None), (best.rule.game if best else None)
            if not in_scope:
                return self._out_of_scope(question, lang, started)
            game_id, how = guessed, "retrieval"

        search_text = strip_game_names(question)
        follow_up = bool(history) and (how == "history" or is_follow_up(question))
        # A follow-up is searched together with the question it follows ("藍色的呢？" alone says little).
        # The follow-up's own values (a colour, a count, a season) replace the earlier question's.
        combined = f"{substitute_slots(strip_game_names(history[-1]), question)} {search_text}" \
            if follow_up else search_text
        hits = self.search.retriever.search(combined, game=game_id, k=max(k, 3) + 5)
        # A follow-up inherits the topic: it is routed together with the question it follows.
        match = self.router.route(self.query_vector(combined), combined, game_id)
        verdict: Verdict | None = None
        if match is not None:
            verdict = self._evaluate(match, question, combined if follow_up else None)

        ruling = self.rulings.best(self.query_vector(search_text), game_id)
        direct_ruling = ruling[0] if ruling and ruling[1] >= RULING_DIRECT_THRESHOLD else None
        citations = self._citations(hits, k, verdict, direct_ruling)
        ambiguities = self.ambiguities_for([c.id for c in citations] + (verdict.cites if verdict else []), lang)
        if verdict is not None:
            # Shown in the question's language; zh-CN is the Traditional text through OpenCC.
            verdict = verdict.localized(lang, lambda text: to_script(text, lang))
        answer = self._compose(lang, verdict, match, citations, ambiguities)
        return AskResponse(question=question, game=game_id, in_scope=True, answer=answer,
                           verdict=verdict.model_dump() if verdict else None, citations=citations,
                           ambiguities=ambiguities, took_ms=round((time.perf_counter() - started) * 1000, 2),
                           lang=lang, rule=match.rule.id if match else None)

    def _evaluate(self, match: RuleMatch, question: str, combined: str | None) -> Verdict:
        """Run the matched rule on what the question (or, for a follow-up, the pair) states."""
        term_ids = {m.term.id for m in self.tokenizer.match_terms(question)}
        data, _ = extract_input(match.rule.input_model, question, term_ids)
        if combined is not None:
            # Values the follow-up does not restate come from the question it follows.
            earlier, _ = extract_input(match.rule.input_model, combined,
                                       {m.term.id for m in self.tokenizer.match_terms(combined)})
            data = {**earlier, **data}
        verdict = match.rule.run(data)
        return select_case(verdict, question)

    def _citations(self, hits: list[Hit], k: int, verdict: Verdict | None,
                   direct_ruling: str | None) -> list[Citation]:
        by_id = passages_by_id()
        scores = {h.passage.id: h.score for h in hits}
        # Rule passages are quoted by rank; a ruling only when it answers this very question, and
        # then first: rulings settle what the texts leave unclear.
        rule_hits = [h for h in hits if h.passage.kind != "ruling"]
        citations = [make_citation(h.passage, h.score) for h in rule_hits[:k]]
        if direct_ruling is not None and direct_ruling in by_id:
            citations = [make_citation(by_id[direct_ruling], scores.get(direct_ruling, 1.0))] + citations[:k - 1]
        if verdict is not None:
            # The passages the verdict rests on are quoted too, ahead of weaker retrieval hits.
            # Only a verdict that rests on a few passages says which ones matter; one citing a whole
            # family (all eight Premonitions) leaves the choice to retrieval.
            keep = {pid for pid in verdict.cites[:2] if pid in by_id} if len(verdict.cites) <= MAX_FORCED_CITES \
                else set()
            have = {c.id for c in citations}
            citations += [make_citation(by_id[pid], scores.get(pid, 0.0)) for pid in verdict.cites[:2]
                          if pid in keep and pid not in have]
            # Back to k quotes, dropping the weakest ones the verdict does not rest on.
            while len(citations) > k:
                drop = next((i for i in range(len(citations) - 1, -1, -1)
                             if citations[i].id not in keep and citations[i].kind != "ruling"), None)
                if drop is None:
                    break
                citations.pop(drop)
        return citations

    def _compose(self, lang: str, verdict: Verdict | None, match: RuleMatch | None,
                 citations: list[Citation], ambiguities: list[Ambiguity]) -> str:
        parts: list[str] = []
        if verdict is not None and match is not None:
            title = match.rule.titles.get("en" if lang == "en" else "zh-TW", match.rule.id)
            parts.append(msg("verdict", lang, title=to_script(title, lang), value=value_text(verdict.value, lang)))
            if verdict.explanation:
                parts.append(verdict.explanation)
            for case in verdict.cases:
                parts.append(msg("case", lang, when=case.when, value=value_text(case.value, lang)))
            steps = [s for s in verdict.trace if s.step][:6]
            if steps:
                parts.append(msg("why", lang))
                parts.extend(f"  {'✓' if s.holds else '✗' if s.holds is False else '·'} {s.step}"
                             for s in steps)
            if verdict.assumptions:
                parts.append(msg("assumptions", lang))
                parts.extend(f"  * {a}" for a in verdict.assumptions)
        elif citations:
            parts.append(msg("passages", lang))
        else:
            parts.append(msg("nothing", lang))
        for amb in ambiguities[:2]:
            parts.append(msg("ambiguous", lang, note=amb.note))
            if amb.readings:
                parts.append(msg("readings", lang, readings=" / ".join(amb.readings)))
        for c in citations[:2]:
            # Quotes stay verbatim, in the rulebook's own script, whatever the answer's language.
            if c.kind == "ruling" and c.provenance:
                head = msg("ruling", lang, id=c.id, kind=c.provenance.get("kind", ""),
                           author=c.provenance.get("author", ""), date=c.provenance.get("date", ""), text="{text}")
            else:
                head = msg("quote", lang, id=c.id, text="{text}")
            parts.append(head.replace("{text}", c.text))
        return "\n".join(parts)

    def _out_of_scope(self, question: str, lang: str, started: float) -> AskResponse:
        key = "en" if lang == "en" else "zh-TW"
        games = "、".join(g.names[key] for g in GAMES.values()) if key != "en" else \
            ", ".join(g.names["en"] for g in GAMES.values())
        return AskResponse(question=question, game=None, in_scope=False,
                           answer=msg("out_of_scope", lang, games=games), verdict=None, citations=[],
                           ambiguities=[], took_ms=round((time.perf_counter() - started) * 1000, 2), lang=lang)


# Asking which game to play is not a rules question, whatever words it shares with the rules.
RECOMMENDATION_CUES = ("推荐", "推介", "好玩的桌游", "哪款桌游", "哪个桌游", "recommend", "suggest a game",
                       "suggest some", "which board game", "what board game")


def asks_for_recommendation(question: str) -> list[str]:
    """The recommendation cue words a question uses (empty when it asks none)."""
    folded = fold(question)
    return [c for c in RECOMMENDATION_CUES if c in folded]


FOLLOW_UP_CUES = ("那如果", "那如果是", "如果是", "那要是", "那", "要是", "假如", "那么", "那麼", "what if", "what about",
                  "and if", "and what", "how about", "then what", "same for", "also")


def is_follow_up(question: str) -> bool:
    """A question that reads as continuing the conversation ("那如果還沒完成呢？", "what about …")."""
    folded = fold(question).strip()
    return folded.startswith(FOLLOW_UP_CUES) or folded.endswith(("呢?", "呢？", "呢"))


# Cue words that pick one case of a "depends" verdict when the question states the condition.
CASE_CUES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("还没完成", "未完成", "没完成", "尚未完成", "进行中", "还没", "not complete", "not yet", "incomplete",
      "unfinished", "in progress"), ("in progress", "not complete", "incomplete", "进行中", "未完成")),
    (("没有效应", "不产生效应", "没效应", "without power", "no power", "without the power"),
     ("without power", "without the power", "no power", "不产生效应")),
)


def select_case(verdict: Verdict, question: str) -> Verdict:
    """When a 'depends' verdict's cases include exactly one the question describes, answer that case."""
    if verdict.value != DEPENDS or not verdict.cases:
        return verdict
    folded = fold(question)
    for question_cues, case_cues in CASE_CUES:
        if not any(c in folded for c in question_cues):
            continue
        chosen = [c for c in verdict.cases if any(cc in fold(f"{c.when} {c.when_en}") for cc in case_cues)]
        if len(chosen) == 1:
            case = chosen[0]
            return verdict.model_copy(update={
                "value": case.value,
                "explanation": f"{case.when}：{case.explanation}" if case.explanation else f"{case.when}。",
                "explanation_en": (f"{case.when_en}: {case.explanation_en}" if case.explanation_en
                                   else f"{case.when_en or case.when}."),
                "details": {**verdict.details, "selected_case": case.when_en or case.when},
            })
    return verdict


__all__ = ["Pipeline", "AskResponse", "Citation", "CitationError", "make_citation", "UnknownId"]
