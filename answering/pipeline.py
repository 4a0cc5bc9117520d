"""The answering pipeline: normalise → game → retrieval → rule → input → verdict → answer text."""
from __future__ import annotations

import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from cachetools import LRUCache
from pydantic import BaseModel, Field, ValidationError

from indexer.ambiguities import ambiguities_for as corpus_ambiguities_for
from indexer.corpus import Passage, passages_by_id
from indexer.retrieval import Hit, dense_query_text, passage_query_text, query_vector_cache, within_game
from indexer.text import fold, to_script
from rules_engine import DEPENDS, GAMES, UnknownId, Verdict, fact_verdict, get_game, get_rule, load_games
from rules_engine.facts import fact_bound_verdict, fact_membership_verdict, fact_range
from rules_engine.partial import Missing, evaluate_partial
from rules_engine.slots import declared_slots

from .claims import belief_holds, who_is_right
from .compose import answer_line, excerpt, msg, quote_line, section_title, verdict_details, verdict_with_seat_names
from .extract import (adds_to_earlier, asked_threshold, counts_said_by_comparison, extract_input, extract_with,
                      named_uncounted, other_values, restated_input, seat_names, substitute_slots, rule_unread_numbers,
                      unread_numbers, vague_fields, with_earlier_seats)
from .facts import asks_opposite
from .routing import RoutingParams, RuleMatch, RuleRouter, RulingMatcher, asked_bound, decide, derived_inputs
from .scope import (asking_part, not_a_rules_question, other_games_asked, other_games_named, outside_topic,
                    strip_game_names, uncovered_parts_asked, weighs_other_game)
from .query import Query, supposes_a_change
from .search import SearchService



class Citation(BaseModel):
    """A quoted passage: `text` is verbatim from the corpus."""

    id: str
    game: str
    section: str
    text: str
    score: float
    kind: str = "rule"
    provenance: dict[str, Any] | None = None
    # Where the passage stands, as a player reads it (the rulebook's heading; a ruling's source).
    title: str = ""
    # The sentence of `text` that answers, verbatim: what the first screen quotes.
    excerpt: str = ""


class Ambiguity(BaseModel):
    """An unclear place in a cited passage and its readings."""

    passage: str
    note: str
    readings: list[str] = Field(default_factory=list)


class RulingAnswer(BaseModel):
    """An accepted ruling that answers the question: its text, and the engine's verdict on its own check."""

    id: str
    text: str
    check: dict[str, Any] | None = None


class AskResponse(BaseModel):
    """The /api/ask response (docs/design.md)."""

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
    # When a rule applies but lacks inputs: what to tell us; when there is no verdict: why
    # (no_rule_fits, needs_input, unread_numbers, unread_change, compared_count, invalid_input).
    needs: list[str] = Field(default_factory=list)
    no_verdict: str | None = None
    ruling: RulingAnswer | None = None
    # The first screen: `answer` is the answer line, then the one quote it rests on (and at most one
    # note that the rulebook is unclear there); everything else is in the structured fields, and
    # `full_text` has it all as text (the terminal's --verbose).
    answer_line: str = ""
    quote: Citation | None = None
    full_text: str = ""
    # How the question was read, when that bears on the answer: {"question_truncated": true,
    # "embedded_tokens": N} when a long question was embedded only up to the model's query budget.
    details: dict[str, Any] = Field(default_factory=dict)


@dataclass(frozen=True)
class Understanding:
    """What the pipeline decided about a question before any verdict (game None: out of scope)."""

    query: Query
    game: str | None
    follow_up: bool = False
    hits: list[Hit] = field(default_factory=list)
    candidates: list[RuleMatch] = field(default_factory=list)
    # Whether only the start of a very long question was embedded.
    truncated: bool = False
    # Out of scope because it is not a rules question at all (buying advice, prices, opinions).
    not_rules: bool = False


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


def retrieval_confident(dense: float, bm25: float, alone: float, with_bm25: float, bm25_min: float) -> bool:
    """Whether the best passage is close enough: a very close dense match, or a close one backed by a
    strong lexical match (thresholds calibrated per embedder)."""
    return dense >= alone or (dense >= with_bm25 and bm25 >= bm25_min)


def in_scope_by_retrieval(dense: float, bm25: float, params: RoutingParams) -> bool:
    """A question naming no game is in scope when retrieval over all games is this confident."""
    return retrieval_confident(dense, bm25, params.scope_dense_alone, params.scope_dense_with_bm25, params.scope_bm25)


def weak_signal_by_retrieval(dense: float, bm25: float, params: RoutingParams) -> bool:
    """A question whose only game evidence is one glossary word is in scope when retrieval is this confident."""
    return retrieval_confident(dense, bm25, params.weak_dense_alone, params.weak_dense_with_bm25, params.weak_bm25)


def names_game_things(rule: Any, question: str) -> bool:
    """Whether the question names things of the rule's game (a Tower card, a path, a season, a colour),
    not only counts: "six players" alone says nothing about which game, and neither does an unread number."""
    data = extract_input(rule.input_model, question)
    slots = declared_slots(rule.input_model)
    named = [n for n in data if slots[n].kind != "count"]
    # A colour word alone is everyday language (红烧肉 is not a red card): it takes a second named thing.
    specific = [n for n in named if slots[n].kind not in ("colour", "colours")
                or (isinstance(data[n], list) and len(data[n]) >= 2)]
    return bool(data) and not unread_numbers(question, data) and (bool(specific) or len(named) >= 2)


@lru_cache(maxsize=1)
def _rulings_by_passage() -> dict[str, Any]:
    from indexer.rulings import indexed_rulings

    return {r.passage_id: r for r in indexed_rulings()}


@lru_cache(maxsize=1)
def _ruling_provenance() -> dict[str, dict[str, Any]]:
    from indexer.rulings import provenance_by_passage_id

    return provenance_by_passage_id()


# A ruling whose own question is this close to the one asked answers it directly and is quoted
# first (calibrated on the dev questions against paraphrases of the rulings' questions).
RULING_DIRECT_THRESHOLD = 0.935
MAX_FORCED_CITES = 4


# A follow-up correcting one thing told before ("其实是红3，不是棕3", "it was actually red 3, not brown 3").
_CORRECTS = re.compile(r"其实是|其实|不是|看错|说错|记错|搞错|写错|换成|改成|\bactually\b|\bnot\b|\binstead of\b|"
                       r"\brather than\b|\bmy bad\b|\bi meant\b|\bmistake\b|\bwrong\b")


# A number said wrong before, put right ("啊我講錯，燈籠其實出了三張"); not "不是紅門，而是綠門", another thing.
_MISCOUNTED = re.compile(r"其实|说错|讲错|记错|搞错|看错|数错|写错|算错|\bactually\b|\bi meant\b|\bmy bad\b|\bsorry\b|"
                         r"\bmistake\b|\bmiscounted\b")


def _within(part: list[Any], whole: list[Any]) -> bool:
    """Whether every value of `part` is in `whole`, as many times."""
    rest = list(whole)
    for v in part:
        if v not in rest:
            return False
        rest.remove(v)
    return True


def _aimed_at(value: Any, stated: dict[str, Any], sources: dict[str, str], own: str) -> bool:
    """Whether another input the question states names `value` as what one of its entries is aimed at."""
    return any(sources.get(name) == "question" and isinstance(other, list)
               and any(isinstance(entry, dict) and value in entry.values() for entry in other)
               for name, other in stated.items() if name != own)


def names_at_table(query: Query) -> dict[int, str]:
    """The players' names the question gives the seats, else the latest earlier question's (seat → name)."""
    return next((found for found in map(seat_names, (query.text, *reversed(query.history))) if found), {})


class Pipeline:
    """Answers questions with verbatim citations and, where a rule applies, an engine verdict."""

    def __init__(self, search: SearchService) -> None:
        load_games()
        self.search = search
        self.index = search.index
        self.tokenizer = search.index.tokenizer
        cache = query_vector_cache(search.index)
        self.query_vector = lambda text: cache(dense_query_text(self.index, text))
        # The question's own embedding, used for game ties, scope, routing and rulings: its text as asked with
        # its glossary terms' canonical names (routing on a Simplified question folded to the corpus's script
        # lost verdicts on the tune set). The passages are searched with the text the retriever embeds.
        self.question_vector = self.query_vector
        self._vectors = cache
        # Two threads: the question's own text and what its passages are searched with, embedded side by side.
        self._embedding = ThreadPoolExecutor(max_workers=2, thread_name_prefix="arbiter-embed")
        self._answers: LRUCache[tuple, AskResponse] = LRUCache(maxsize=2048)
        self._answers_lock = threading.Lock()  # LRUCache is not thread-safe; sync routes run in a thread pool
        self.router = RuleRouter(search.index.embedder, self.tokenizer, cache_dir=search.index.directory)
        self.rulings = RulingMatcher(search.index.embedder, cache_dir=search.index.directory)
        self.params = RoutingParams.load(search.index.directory)

    # ------------------------------------------------------------------ stages
    def detect_game(self, query: Query, explicit: str | None, vector: Any = None) -> tuple[str | None, str]:
        """The game id (or None) the question itself names or implies, and how it was decided."""
        if explicit:
            get_game(explicit)  # raises UnknownId listing valid ids
            return explicit, "explicit"
        signals = query.signals
        if signals and (len(signals) == 1 or signals[0].strength > signals[1].strength):
            return signals[0].game, "question"
        if signals:
            tied = {s.game for s in signals if s.strength == signals[0].strength}
            for hit in self.search.retriever.search(query.text, k=5, vector=vector):
                if hit.passage.game in tied:
                    return hit.passage.game, "retrieval among tied terms"
            return signals[0].game, "question"
        return None, "none"

    @staticmethod
    def weak_signal(query: Query) -> bool:
        """Whether the question's only game evidence is a single glossary word ("tower", 塔)."""
        return bool(query.signals) and not any(s.named for s in query.signals) \
            and sum(len(s.terms) for s in query.signals) == 1

    def top_hit(self, text: str, vector: Any = None) -> tuple[str | None, float, float]:
        """The game of the best passage over all games, and its dense and BM25 scores: ranked by the
        passage text alone, the field the scope thresholds are calibrated on (a question written for a
        passage would make any question about the game's words look close)."""
        hits = self.search.retriever.search(text, k=1, text_only=True, vector=vector)
        if not hits:
            return None, 0.0, 0.0
        return hits[0].passage.game, hits[0].scores.get("dense", 0.0), hits[0].scores.get("bm25", 0.0)

    def weak_signal_holds(self, query: Query, vector: Any) -> bool:
        """A single shared word is enough only when retrieval, or a rule reading the question, agrees."""
        _, dense, bm25 = self.top_hit(query.text, vector)
        return weak_signal_by_retrieval(dense, bm25, self.params) or self._in_scope_by_rule(query)[0]

    def _in_scope(self, query: Query, vector: Any) -> tuple[bool, str | None]:
        """For a question with no (or one weak) game signal: in scope, and for which game, when retrieval
        is confident, or when an engine rule plainly answers it ("紅4右邊可以接藍4嗎？"): the rule fits and
        the question states its inputs, naming things of the game."""
        in_scope, guessed = self.in_scope_without_signal(query.text, vector)
        if in_scope:
            return in_scope, guessed
        return self._in_scope_by_rule(query)

    def _in_scope_by_rule(self, query: Query) -> tuple[bool, str | None]:
        """In scope when an engine rule plainly answers the question (see `_in_scope`)."""
        ranked = sorted(self.router.candidates(self.question_vector(query.text), query.text, None),
                        key=lambda m: -m.fit(self.params))
        # The rule must be among the nearest answerers and read named things of its game from the question.
        best = next((m for m in ranked[:3] if m.stated and m.answerer.rule is not None
                     and names_game_things(m.answerer.rule, query.text)), None)
        return (best is not None), (best.answerer.game if best else None)

    def in_scope_without_signal(self, question: str, vector: Any = None) -> tuple[bool, str | None]:
        """For a question with no game signal: is retrieval confident enough, and for which game."""
        game, dense, bm25 = self.top_hit(question, vector)
        if game is not None and in_scope_by_retrieval(dense, bm25, self.params):
            return True, game
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
                    readings=[msg("reading", lang, label=r.label.get(lang), detail=r.detail.get(lang))
                              for r in amb.readings]))
        return out

    # ------------------------------------------------------------------ main
    def understand(self, question: str, *, game: str | None = None, history: list[str] | None = None,
                   k: int = 3) -> Understanding:
        """Everything decided about a question before a verdict: its game and scope, whether it follows
        the conversation, the passages retrieved, and the rules and facts that could answer it."""
        query = Query.build(question, history or [], self.tokenizer)
        # Game ties, scope, routing and rulings compare the question's own vector. It is embedded on a thread
        # of its own (the embedder releases the GIL) while the rules of the game the question names read it,
        # which needs no vector.
        own = dense_query_text(self.index, query.text)
        pending = self._embedding.submit(self._vectors, own)
        # What the passages (and a follow-up's routing) will be searched with is embedded beside it, on the
        # other thread: on an idle core the second embedding costs no wait (the cache waits for one in flight).
        for text in self._ahead_texts(query, own):
            self._embedding.submit(self._vectors, text)
        named = game or (query.signals[0].game if query.signals else None)
        if named is not None:
            self.router.read_ahead(query.text, named)
        vector = pending.result()
        fit_query = getattr(self.index.embedder, "fit_query", None)
        truncated = bool(fit_query and fit_query(own)[1])
        game_id, how = self.detect_game(query, game, vector)
        if not_a_rules_question(query.text):
            # Buying advice, prices, opinions: the texts say nothing about them, whichever game is named.
            return Understanding(query, None, not_rules=True, truncated=truncated)
        others = other_games_named(query.text)
        if not others and query.history and query.reads_as_follow_up and not any(s.named for s in query.signals) \
                and other_games_named(query.history[-1]) and self._history_game(query) is None:
            # "and trading 3 for 1 with a harbor?" after a Catan question follows that question: another game too.
            others = other_games_named(query.history[-1])
        # Scope comes before history: a question that names another game, or that is not a rules
        # question on its own terms, is out of scope whatever came before it.
        follow_up = False
        if how == "question" and not query.reads_as_follow_up and self.weak_signal(query) \
                and not self.weak_signal_holds(query, vector):
            return Understanding(query, None, truncated=truncated)
        if others and weighs_other_game(query.text):
            # "迷霧山城跟阿瓦隆哪個比較不會冷場？": one of ours weighed against another game is an opinion.
            return Understanding(query, None, not_rules=True, truncated=truncated)
        if uncovered_parts_asked(query.text):
            # "Onirim 的 Crossroads & Dead Ends 擴充…怎麼用？": a part of the game that no text of ours covers.
            return Understanding(query, None, truncated=truncated)
        if others and other_games_asked(query.text, self.tokenizer):
            # The story names one of our games, and what it asks is about another: out of scope all the same.
            return Understanding(query, None, truncated=truncated)
        if game_id is None or (others and how != "explicit" and not any(s.named for s in query.signals)):
            if others:
                return Understanding(query, None, truncated=truncated)
            previous_game = self._history_game(query) if query.reads_as_follow_up else None
            if previous_game is not None and not_a_rules_question(query.history[-1]):
                # "What about online, is it cheaper there?" after "Where can I buy …?": a follow-up that names
                # nothing of a game continues the question before it, which was no rules question.
                return Understanding(query, None, not_rules=True, truncated=truncated)
            if previous_game is not None:
                game_id, how, follow_up = previous_game, "history", True
            else:
                in_scope, guessed = self._in_scope(query, vector)
                if not in_scope:
                    return Understanding(query, None, truncated=truncated)
                game_id, how = guessed, "retrieval"
        elif query.history and query.reads_as_follow_up and self._history_game(query) == game_id:
            follow_up = True
        combined = self._search_text(query, follow_up)
        # Passages are ranked by the vector of what is searched (a Simplified question folded to Traditional,
        # the games' names dropped), as the ranker was trained and `python -m evals.retrieval` measures:
        # the question's own vector is read again from the cache unless folding or dropping changed its text.
        hits = self.search.retriever.search(combined, game=game_id, k=max(k, 3) + 5)
        # The same ranking backs routing: a rule or fact is supported when its passage is among these.
        retrieved = [h.passage.id for h in hits if h.passage.kind != "ruling"]
        # Routing reads the whole question: game names belong to how players phrase it.
        route_text = self._route_text(query, follow_up)
        previous = self._previous_answerer(query, game_id) if follow_up else None
        route_vector = self.query_vector(route_text) if follow_up else vector
        candidates = self.router.candidates(route_vector, route_text, game_id, retrieved,
                                            own_text=query.text, previous=previous,
                                            earlier=query.history[-1] if follow_up else None,
                                            own_vector=vector if follow_up else None)
        return Understanding(query, game_id, follow_up, hits, candidates, truncated=truncated)

    @staticmethod
    def _search_text(query: Query, follow_up: bool) -> str:
        """What the passages are searched with: the question without the games' names; a follow-up together
        with the question it follows ("藍色的呢？" alone says little), its own values replacing the earlier's."""
        search_text = strip_game_names(query.text)
        if not follow_up:
            return search_text
        return f"{substitute_slots(strip_game_names(query.history[-1]), query.text)} {search_text}"

    @staticmethod
    def _route_text(query: Query, follow_up: bool) -> str:
        """What routing reads: the whole question (game names belong to how players phrase it), a follow-up
        after the question it follows."""
        return f"{query.history[-1]} {query.text}" if follow_up else query.text

    def _ahead_texts(self, query: Query, own: str) -> list[str]:
        """The texts, other than the question's own embedded text `own`, that answering it will embed (as far
        as can be told before its game and scope are decided)."""
        follow_up = query.reads_as_follow_up
        # Within a game the retriever drops the games' names (any game will do to say "within one").
        texts = [passage_query_text(self.index, within_game(self.index, self._search_text(query, follow_up), ""))]
        if follow_up:
            texts.append(dense_query_text(self.index, self._route_text(query, follow_up)))
        return [t for t in dict.fromkeys(texts) if t != own]

    def ask(self, question: str, *, game: str | None = None, history: list[str] | None = None,
            k: int = 3) -> AskResponse:
        """Answer one question (QueryError for unusable text, UnknownId for an unknown game)."""
        started = time.perf_counter()
        # The index, rules and rulings do not change while a process serves, so the same question (with
        # the same conversation and routing parameters) has the same answer: it is kept, not recomputed.
        key = (question, game, tuple(history or ()), k, self.params)
        with self._answers_lock:
            kept = self._answers.get(key)
        if kept is None:
            kept = self._answer(question, game=game, history=history, k=k, started=started)
            with self._answers_lock:
                self._answers[key] = kept
        return kept.model_copy(deep=True, update={"took_ms": round((time.perf_counter() - started) * 1000, 2)})

    def forget_answers(self) -> None:
        """Drop the kept answers (after something the answers rest on was swapped in this process)."""
        with self._answers_lock:
            self._answers.clear()

    def _answer(self, question: str, *, game: str | None, history: list[str] | None, k: int,
                started: float) -> AskResponse:
        """Work out the answer to one question."""
        u = self.understand(question, game=game, history=history, k=k)
        query, lang, game_id, hits = u.query, u.query.lang, u.game, u.hits
        if game_id is None:
            return self._out_of_scope(query.text, lang, started, u.not_rules, self._reading(u))
        match = decide(u.candidates, self.params)
        verdict: Verdict | None = None
        needs: list[Missing] = []
        withheld: tuple[str, list[int]] = ("no_rule_fits", [])
        if match is not None:
            verdict, needs, withheld = self.evaluate(match, query, u.follow_up)
        # A question about what the texts leave to another rulebook (the base game) is told so,
        # unless a rule or fact of the texts answers it all the same: "it depends" on inputs it did not state is
        # no answer to it ("how long does a game of Dungeon Lords take?" is not the item bonus, whatever it reads).
        # (A follow-up is read with what it follows: "and then fatigue hits for 2?" after a necklace question is
        # about the necklace.)
        # A fact of the texts answers no question whose asking part names only the base game's things
        # ("…開局每個人要拿幾個小惡魔和幾枚金幣？" is not the variant's markers).
        outside = None
        if verdict is None or verdict.value == DEPENDS:
            outside = outside_topic(" ".join([*query.history, query.text]) if u.follow_up else query.text, game_id)
        elif match is not None and match.answerer.fact is not None:
            outside = outside_topic(asking_part(query.folded), game_id)

        # The ruling matcher reuses the question's one vector (cached).
        ruling = self.rulings.best(self.question_vector(query.text), game_id)
        direct_ruling = ruling[0] if ruling and ruling[1] >= RULING_DIRECT_THRESHOLD else None
        ruled = _rulings_by_passage().get(direct_ruling) if direct_ruling else None
        if outside is not None and ruled is None:
            # Nothing of the texts answers it: the player is told what they cover, with no passage beside it as
            # if it were related.
            return self._not_covered(query.text, lang, game_id, started, self._reading(u))
        # An accepted ruling that answers this very question is the answer, its engine check beside it.
        # The check runs on the ruling's own example, so it is not a verdict on the player's situation.
        ruling_answer = RulingAnswer(id=ruled.id, text=self._ruling_text(ruled, lang),
                                     check=self._ruling_check(ruled).localized(
                                         lang, lambda text: to_script(text, lang)).model_dump()
                                     if ruled.check is not None else None) if ruled is not None else None
        # The quote is cut to the sentence sharing most with the question and the answer; the answer's
        # Traditional text shares the rulebook's words whatever language the question was asked in.
        cues = f"{query.text} {verdict.explanation if verdict is not None else ''}"
        if verdict is not None:
            # Shown in the question's language; zh-CN is the Traditional text through OpenCC.
            verdict = verdict.localized(lang, lambda text: to_script(text, lang))
            # Players named at the table are called by their names (the question's own, else the latest before it).
            verdict = verdict_with_seat_names(verdict, names_at_table(query), lang)
        title = self._answerer_title(match, lang)
        needed = [to_script(m.ask.get("en" if lang == "en" else "zh-TW", ""), lang) for m in needs]
        line = self._answer_line(lang, game_id, query, verdict, title, needed, ruled, withheld)
        citations = [self._titled(c, lang) for c in self._citations(hits, k, verdict, direct_ruling)]
        quote = self._first_quote(citations, verdict, match, f"{cues} {line}", ruled, lang)
        # Only what the answer rests on is flagged as unclear: the rule that answered, or the quote.
        relevant = ([quote.id] if quote else []) + (verdict.all_cites() if verdict else [])
        ambiguities = self.ambiguities_for(relevant, lang)
        first_screen = [line]
        if quote is not None:
            first_screen.append(quote_line(quote.excerpt, quote.title, lang))
        if ambiguities:
            first_screen.append(msg("note_line", lang, note=ambiguities[0].note))
        full_text = "\n".join(first_screen + self._details_text(lang, verdict, title, needed, ambiguities, citations, quote))
        reason = None if verdict is not None else \
            ("needs_input" if needs else withheld[0])
        return AskResponse(question=query.text, game=game_id, in_scope=True, answer="\n".join(first_screen),
                           verdict=verdict.model_dump() if verdict else None, citations=citations,
                           ambiguities=ambiguities, took_ms=round((time.perf_counter() - started) * 1000, 2),
                           lang=lang, rule=match.answerer.id if match and (verdict or needs) else None,
                           needs=needed, no_verdict=reason, ruling=ruling_answer, answer_line=line,
                           quote=quote, full_text=full_text, details=self._reading(u))

    def _reading(self, u: Understanding) -> dict[str, Any]:
        """The response details that say how the question was read (only the start of a long one)."""
        if not u.truncated:
            return {}
        return {"question_truncated": True,
                "embedded_tokens": getattr(self.index.embedder, "max_query_tokens", None)}

    @staticmethod
    def _answerer_title(match: RuleMatch | None, lang: str) -> str:
        """The title of the rule or fact that answers, in the answer's language and script."""
        if match is None:
            return ""
        answerer = match.answerer
        titles = answerer.rule.titles if answerer.rule else answerer.fact.titles  # type: ignore[union-attr]
        return to_script(titles.get("en" if lang == "en" else "zh-TW", ""), lang)

    @staticmethod
    def _who_is_right(query: Query, verdict: Verdict, lang: str) -> str:
        """For a dispute, whose claim the verdict bears out ("小林說得對。"), else nothing."""
        judged = who_is_right(fold(query.text), verdict.value)
        if judged is None:
            # "我理解要湊到6張，對嗎？": the asker's own number, checked against the verdict's.
            holds = belief_holds(fold(query.text), verdict.value)
            return "" if holds is None else msg("asker_right" if holds else "asker_wrong", lang) + " "[:lang == "en"]
        speaker, is_asker = judged
        if is_asker:
            return msg("asker_right", lang) + " "[:lang == "en"]
        # The name as the player wrote it (folding lower-cases it and turns it Simplified).
        written = re.search(re.escape(speaker), query.text, re.IGNORECASE) if speaker.isascii() else None
        who = written.group() if written else to_script(speaker, lang)
        return msg("claim_right", lang, who=who) + " "[:lang == "en"]

    @staticmethod
    def _threshold_check(query: Query, verdict: Verdict, lang: str) -> str:
        """For a count asked against a number ("至少能有6分嗎？"), whether the count reaches it, else nothing."""
        value = verdict.value
        if isinstance(value, bool) or not isinstance(value, int):
            return ""
        asked = asked_threshold(query.text)
        if asked is None:
            return ""
        bound, strict = asked
        met = value > bound if strict else value >= bound
        return msg("threshold_met" if met else "threshold_short", lang, value=value, bound=bound) + " "[:lang == "en"]

    def _answer_line(self, lang: str, game_id: str, query: Query, verdict: Verdict | None, title: str,
                     needed: list[str], ruled: Any, withheld: tuple[str, list[int]]) -> str:
        """The one sentence that answers the question, or says why there is no computed answer."""
        reason, unread = withheld
        if ruled is not None:
            # An accepted ruling that answers this very question is the answer.
            return msg("ruling_answer", lang, text="{text}").replace("{text}", self._ruling_text(ruled, lang))
        if verdict is not None:
            return self._who_is_right(query, verdict, lang) + self._threshold_check(query, verdict, lang) + \
                answer_line(verdict, title, lang)
        if unread:
            return msg("unread", lang, numbers=(", " if lang == "en" else "、").join(map(str, unread)))
        if reason in ("unread_change", "compared_count"):
            return msg(reason, lang)
        if needed:
            return msg("needs_line", lang, needs=("; " if lang == "en" else "；").join(needed))
        return msg("best_passage", lang)

    @staticmethod
    def _titled(citation: Citation, lang: str) -> Citation:
        """The citation with the title a player sees: the rulebook heading, or a ruling's source."""
        if citation.kind == "ruling" and citation.provenance:
            p = citation.provenance
            kind = p.get("kind", "")
            title = msg("ruling_title", lang, kind=msg(kind, lang) if kind in ("official", "designer", "community")
                        else kind, author=p.get("author", ""), date=p.get("date", ""))
        else:
            title = section_title(citation.game, citation.section, lang)
        return citation.model_copy(update={"title": title})

    def _first_quote(self, citations: list[Citation], verdict: Verdict | None, match: RuleMatch | None,
                     cues: str, ruled: Any, lang: str) -> Citation | None:
        """The one quote of the first screen, cut to the sentence that answers: for a ruling, the
        rulebook passage it rules on (its own quote from it); for a verdict, the passage it rests on (a
        fact's own sentence); else the best retrieved passage."""
        if ruled is not None and ruled.cites and ruled.cites[0].passage in passages_by_id():
            cite = ruled.cites[0]
            known = next((c for c in citations if c.id == cite.passage), None)
            chosen = known or self._titled(make_citation(passages_by_id()[cite.passage], 0.0), lang)
            return chosen.model_copy(update={"excerpt": excerpt(chosen.text, cues, cite.quote)})
        if not citations:
            return None
        chosen = citations[0]
        prefer = ""
        if verdict is not None and citations[0].kind != "ruling":
            rests_on = verdict.all_cites()
            chosen = next((c for c in citations if c.id in rests_on), chosen)
            fact = match.answerer.fact if match is not None else None
            if fact is not None and fact.passage == chosen.id:
                prefer = fact.quote
        return chosen.model_copy(update={"excerpt": excerpt(chosen.text, cues, prefer)})

    @staticmethod
    def _details_text(lang: str, verdict: Verdict | None, title: str, needs: list[str],
                      ambiguities: list[Ambiguity], citations: list[Citation], quote: Citation | None) -> list[str]:
        """Everything behind "Why", as text: the verdict, cases, steps, assumptions, readings, other quotes."""
        lines = verdict_details(verdict, title, lang) if verdict is not None else []
        if needs:
            lines += [msg("needs", lang), *(f"  * {n}" for n in needs)]
        if ambiguities:
            lines.append(msg("readings_head", lang))
            for amb in ambiguities:
                lines.append(f"  {amb.note}")
                lines += [f"    - {r}" for r in amb.readings]
        others = [c for c in citations if quote is None or c.id != quote.id]
        if quote is not None and quote.excerpt != quote.text:
            others.insert(0, quote)
        if others:
            lines.append(msg("more_quotes", lang))
            lines += [f"  {quote_line(c.text, c.title, lang)}" for c in others]
        return lines

    @staticmethod
    def _ruling_text(ruled: Any, lang: str) -> str:
        """A ruling's answer in the question's language and script."""
        return ruled.answer.en if lang == "en" and ruled.answer.en else to_script(ruled.answer.zh_tw, lang)

    @staticmethod
    def _ruling_check(ruled: Any) -> Verdict:
        """The engine's verdict on a ruling's own check input, saying that the inputs come from the ruling."""
        verdict = get_rule(ruled.check.rule).run(ruled.check.input)
        inputs = {name: {"value": value, "from": "ruling"} for name, value in ruled.check.input.items()}
        return verdict.model_copy(update={"details": {**verdict.details, "ruling": ruled.id, "inputs": inputs}})

    def _support(self, text: str, game: str | None, k: int) -> list[str]:
        """The passages that back routing: the ranking the question's passages are quoted from."""
        hits = self.search.retriever.search(text, game=game, k=k)
        return [h.passage.id for h in hits if h.passage.kind != "ruling"]

    def _previous_answerer(self, query: Query, game: str | None) -> str | None:
        """The rule or fact that answered the question a follow-up continues, if one did."""
        earlier = query.history[-1]
        retrieved = self._support(strip_game_names(earlier), game, 8)
        match = decide(self.router.candidates(self.query_vector(earlier), earlier, game, retrieved), self.params)
        return match.answerer.id if match else None

    def _history_game(self, query: Query) -> str | None:
        """The game of the conversation a follow-up continues (the latest question naming one)."""
        for previous in reversed(query.history):
            earlier = Query.build(previous, [], self.tokenizer)
            if other_games_named(previous) and not any(s.named for s in earlier.signals):
                return None  # "狼人杀里预言家…": a question about another game, whatever words of ours it has
            if earlier.signals:
                # Terms of two games tied ("圖案" and "逃出") are told apart as the question itself was.
                return self.detect_game(earlier, None)[0]
        if query.history:
            # The question before named no game term but was in scope on its own terms (retrieval, or a rule
            # reading it): the conversation is about that game.
            earlier = Query.build(query.history[-1], [], self.tokenizer)
            in_scope, game = self._in_scope(earlier, self.question_vector(earlier.text))
            if in_scope:
                return game
        return None

    def evaluate(self, match: RuleMatch, query: Query, follow_up: bool
                  ) -> tuple[Verdict | None, list[Missing], tuple[str, list[int]]]:
        """The verdict of a fact, or of a rule run on what the question (and a followed question) states;
        else the inputs still needed, or why the verdict is withheld (and the numbers left unread)."""
        answerer = match.answerer
        if answerer.fact is not None:
            # A fact is a general statement: a question stating its own numbers asks about a situation.
            fact = answerer.fact
            unread = answerer.fact_unread(query.text)
            if unread:
                return None, [], ("unread_numbers", unread)
            if fact_range(fact) is not None:
                # A range fact asked about one number of its unit, or for one of its ends.
                asked = sorted(set(answerer.numbers_of_unit(query.text)))
                if len(asked) > 1:
                    # "三個人可以玩嗎？還是一定要湊到四個人？": the number its first question asks about.
                    first = next((found for part in re.split(r"[?？]", query.text)
                                  if (found := sorted(set(answerer.numbers_of_unit(part))))), [])
                    asked = first if len(first) == 1 else asked
                if match.form == "yes_no" and len(asked) == 1:
                    return fact_membership_verdict(fact, asked[0]), [], ("", [])
                bound = asked_bound(query.text)
                if bound is not None:
                    return fact_bound_verdict(fact, bound), [], ("", [])
            return fact_verdict(fact, asks_opposite(fact, query.text)), [], ("", [])
        rule = answerer.rule
        assert rule is not None
        earlier: dict[str, Any] = {}  # what the rule read from the question just before
        # Values a follow-up does not restate come from the questions it follows; what it does state is
        # checked with them (its seats need the table's size said before).
        read_before: list[dict[str, Any]] = []
        for previous in query.history if follow_up else ():
            # Each earlier question is read with what was told before it ("去的是隊長、下家5和下家4" places its
            # seats at the table size the question before it gave).
            told_so_far = {k: v for t in read_before for k, v in t.items()}
            read_before.append(extract_with(rule.input_model, previous, told_so_far) if told_so_far
                               else extract_input(rule.input_model, previous))
        # "那隊長卡接下來交給誰？" after a qualification question: what that question's verdict settled comes first,
        # before what the rule reads of the earlier question's words ("能出團嗎" asks, it tells nothing).
        derived = [d for previous in query.history for d in derived_inputs(rule, previous) if d] if follow_up else []
        told = derived + read_before
        # A follow-up may call the seats by the names an earlier question gave them.
        own_text = with_earlier_seats(query.text, query.history) if follow_up else query.text
        stated = extract_with(rule.input_model, own_text, {**{k: v for t in told for k, v in t.items()},
                                                           **{k: v for d in derived for k, v in d.items()}})
        sources = {name: "question" for name in stated}
        as_told = dict(stated)  # what the follow-up's own words say, before it is added to what was told earlier
        if follow_up:
            # A field the follow-up tells in summary replaces the details told before (and the reverse).
            slots = declared_slots(rule.input_model)
            replaced = {other for name in stated if name in slots for other in slots[name].stands_for} | \
                {name for name, slot in slots.items() if set(slot.stands_for) & set(stated)}
            # (The latest question's value of a field, when several earlier ones told it: "what about on the cheap
            # side?" after a question about the expensive side.)
            for earlier in derived + read_before[::-1]:
                for name, value in earlier.items():
                    if name not in stated and name not in replaced:
                        stated[name] = value
                        sources[name] = "history"
            # "要是我再補一張礦工呢？": cards added to the ones the earlier question listed, not in their place.
            def list_told_before(name: str) -> list[Any] | None:
                return next((t[name] for t in reversed(told) if isinstance(t.get(name), list)), None)

            if adds_to_earlier(query.text):
                # ("要是我再湊兩張芒草呢？": a count added to the one told before.)
                for name, value in list(stated.items()):
                    if sources[name] != "question":
                        continue
                    before = list_told_before(name)
                    counted = next((t[name] for t in reversed(told) if type(t.get(name)) is int), None)
                    if isinstance(value, list) and before:
                        stated[name] = [*before, *value]
                    elif name in slots and slots[name].kind == "count" and type(value) is int and counted is not None:
                        stated[name] = counted + value
            # "那工作帽被浓雾弃了呢": a card the earlier question listed, named again only as what an effect of the
            # follow-up is aimed at, is that card; the list told before still holds.
            for name, value in list(stated.items()):
                before = list_told_before(name)
                if sources[name] == "question" and isinstance(value, list) and before and value != before \
                        and _within(value, before) and all(_aimed_at(v, stated, sources, name) for v in value):
                    stated[name], sources[name] = before, "history"
            # "最右边那张其实是红3，不是棕3": one thing of the list told before, said to be another; the rest holds.
            for name, value in list(stated.items()):
                before = list_told_before(name)
                if sources[name] == "question" and isinstance(value, list) and before and len(value) == 2 \
                        and _CORRECTS.search(query.folded):
                    olds = [v for v in value if v in before]
                    news = [v for v in value if v not in before]
                    if len(olds) == 1 and len(news) == 1 and before.count(olds[0]) == 1:
                        stated[name] = [news[0] if v == olds[0] else v for v in before]
                        as_told[name] = value
            # "啊我講錯，燈籠其實出了三張": how many of one thing of the list told before, corrected; the rest holds.
            for name, value in list(stated.items()):
                before = list_told_before(name)
                if sources[name] == "question" and isinstance(value, list) and before and all(v == value[0] for v in value) \
                        and value[0] in before and value != before and _MISCOUNTED.search(query.folded) \
                        and not adds_to_earlier(query.text):
                    first = before.index(value[0])
                    stated[name] = before[:first] + value + [v for v in before[first:] if v != value[0]]
                    as_told[name] = value
            # "ok what about the other end then": the side the earlier question named, turned over.
            for name, value in other_values(rule.input_model, query.text,
                                            {k: v for k, v in stated.items() if sources[k] == "history"}).items():
                stated[name] = value
                sources[name] = "question"
            # A list carried over from a question it misread (a number of that question left unread) is no
            # fact: the earlier question alone got no verdict for it, and a follow-up does not make it one.
            for previous, read in zip(query.history, read_before):
                if any(isinstance(value, list) and sources.get(name) == "history" and stated.get(name) == value
                       for name, value in read.items()):
                    left = rule_unread_numbers(rule, previous, read)
                    if left:
                        return None, [], ("unread_numbers", left)
        compared = counts_said_by_comparison(rule.input_model, query.text)
        if compared:
            # "比上次多一個人": the count is arithmetic on a number said elsewhere; a verdict on the number as
            # written, or on one carried from earlier, would answer another table.
            return None, [], ("compared_count", [])
        unread = rule_unread_numbers(rule, query.text,
                                     {k: as_told.get(k, v) for k, v in stated.items() if sources[k] == "question"})
        # A follow-up that reads as nothing of its own may still restate a number: one the rule also fixes
        # ("下家3其實只有3分": 3 is the rule's count of qualifiers too) is not left unread, but it is said anew.
        own = any(source == "question" for source in sources.values())
        restated = restated_input(rule, query.history[-1], query.text) if follow_up and (unread or not own) else None
        if restated is not None:
            # "那如果吸血鬼只咬三點呢？": the follow-up's number takes the place of the earlier one it restates.
            for name, value in restated.items():
                if sources.get(name) != "question":
                    stated[name] = value
                    sources[name] = "history" if earlier.get(name) == value else "question"
            unread = []
        if unread:
            # The question states a number no input of this rule reads: the verdict could ignore it.
            return None, [], ("unread_numbers", unread)
        said = {k: v for k, v in stated.items() if sources.get(k) == "question"}
        # (A count told before and named again is read with the follow-up's change, not asked anew.)
        for name in vague_fields(rule.input_model, query.text, said) + [
                n for n in named_uncounted(rule.input_model, query.text, said) if sources.get(n) != "history"]:
            if sources.get(name) == "history":
                # "那如果換一條路呢？": a value told before is said to be another one now; it no longer holds.
                del stated[name]
            sources[name] = "mentioned"  # "又拿到一扇門": some value, not said which; every value is a case
        if follow_up and restated is None and supposes_a_change(query.text) and declared_slots(rule.input_model) \
                and not any(source in ("question", "mentioned") for source in sources.values()):
            # "要是那張住持在夜晚交易時被我換出去了呢？": the follow-up changes something this rule did not read;
            # rerunning the earlier question's facts would answer a situation the player no longer asks about.
            return None, [], ("unread_change", [])
        try:
            result = evaluate_partial(rule, stated, sources)
        except ValidationError as error:
            # A value carried from earlier that the follow-up's own statement contradicts ("沒出團呢？" after
            # naming who went) no longer holds: without it, the follow-up is read as told.
            carried = {str(loc) for e in error.errors() for loc in e["loc"]} & \
                {name for name, source in sources.items() if source == "history"}
            if not carried:
                return None, [], ("invalid_input", [])
            kept = {k: v for k, v in stated.items() if k not in carried}
            try:
                result = evaluate_partial(rule, kept, {k: v for k, v in sources.items() if k not in carried})
            except ValidationError:
                return None, [], ("invalid_input", [])
        return result.verdict, result.missing, ("", [])

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

    def _not_covered(self, question: str, lang: str, game_id: str, started: float,
                     details: dict[str, Any]) -> AskResponse:
        """The answer to a question about what the texts leave to another rulebook (the base game): what they cover."""
        covers = GAMES[game_id].covers.get("en" if lang == "en" else "zh-TW", "")
        answer = msg("not_covered", lang, covers=covers)
        return AskResponse(question=question, game=None, in_scope=False, answer=answer, answer_line=answer,
                           full_text=answer, verdict=None, citations=[], ambiguities=[], no_verdict="not_covered",
                           took_ms=round((time.perf_counter() - started) * 1000, 2), lang=lang, details=details)

    def _out_of_scope(self, question: str, lang: str, started: float, not_rules: bool,
                      details: dict[str, Any]) -> AskResponse:
        key = "en" if lang == "en" else "zh-TW"
        games = "、".join(g.names[key] for g in GAMES.values()) if key != "en" else \
            ", ".join(g.names["en"] for g in GAMES.values())
        answer = msg("not_rules" if not_rules else "out_of_scope", lang, games=games)
        return AskResponse(question=question, game=None, in_scope=False, answer=answer, answer_line=answer,
                           full_text=answer, verdict=None, citations=[], ambiguities=[],
                           took_ms=round((time.perf_counter() - started) * 1000, 2), lang=lang, details=details)


__all__ = ["Pipeline", "AskResponse", "Citation", "CitationError", "make_citation", "UnknownId"]
