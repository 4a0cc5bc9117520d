"""Retrievers over a loaded index: BM25, dense and their reciprocal-rank fusion, with a game filter."""
from __future__ import annotations

import re
import unicodedata
from collections import OrderedDict
from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import lru_cache
from threading import Lock
from typing import Any, Callable, Protocol

import numpy as np

from .corpus import Passage
from .index import LoadedIndex
from .fusion import FusionModel, features as fusion_features, worked_examples
from .text import detect_lang, strip_controls, to_traditional

MAX_QUERY_CHARS = 1000
RRF_K = 10
# Questions whose per-field scores are kept (per retriever).
FIELD_CACHE = 256
QUERY_CACHE_SIZE = 4096


class QueryError(ValueError):
    """A query that cannot be searched: empty, too long, or with nothing to search for."""


def clean_query(text: str) -> str:
    """Strip control characters and surrounding space; raise QueryError for unusable input."""
    if not isinstance(text, str):
        raise QueryError(f"the question must be text, found {type(text).__name__}")
    cleaned = strip_controls(text).strip()
    if not cleaned:
        raise QueryError("the question is empty")
    if len(cleaned) > MAX_QUERY_CHARS:
        raise QueryError(f"the question is {len(cleaned)} characters long; the limit is {MAX_QUERY_CHARS}")
    if not any(unicodedata.category(c)[0] in "LN" for c in cleaned):
        raise QueryError("the question has no letters or digits to search for (only punctuation or emoji)")
    return re.sub(r"\s+", " ", cleaned)


@dataclass(frozen=True)
class Hit:
    """A retrieved passage with its fused score and each backend's contribution."""

    passage: Passage
    score: float
    scores: dict[str, float] = field(default_factory=dict)
    ranks: dict[str, int] = field(default_factory=dict)


class Retriever(Protocol):
    """Ranks passages for a query, optionally within one game."""

    name: str

    def search(self, query: str, *, game: str | None = None, k: int = 5, text_only: bool = False,
               vector: np.ndarray | None = None) -> list[Hit]:
        """Top-k passages for the query (ranked by the passage text alone with `text_only`); `vector`, the
        question's own embedding when the caller has it, spares embedding `query` again."""
        ...


class QueryVectorCache:
    """Bounded LRU of query embeddings: the embedder is the slowest step of a search. A text being embedded
    on one thread is waited for, not embedded again, on another (the pipeline embeds ahead on a thread)."""

    def __init__(self, embedder: object, size: int = QUERY_CACHE_SIZE) -> None:
        self.embedder = embedder
        self.size = size
        self._data: OrderedDict[str, np.ndarray] = OrderedDict()
        self._pending: dict[str, Future[np.ndarray]] = {}
        self._lock = Lock()

    def __call__(self, text: str) -> np.ndarray:
        """The (dim,) vector of a query, computed once per distinct text while it stays cached."""
        with self._lock:
            if text in self._data:
                self._data.move_to_end(text)
                return self._data[text]
            pending = self._pending.get(text)
            if pending is None:
                mine: Future[np.ndarray] = Future()
                self._pending[text] = mine
        if pending is not None:
            return pending.result()
        try:
            vector = self.embedder.embed_queries([text])[0]  # type: ignore[attr-defined]
        except BaseException as error:
            with self._lock:
                del self._pending[text]
            mine.set_exception(error)
            raise
        with self._lock:
            self._data[text] = vector
            del self._pending[text]
            if len(self._data) > self.size:
                self._data.popitem(last=False)
        mine.set_result(vector)
        return vector

    def __len__(self) -> int:
        return len(self._data)

    def hold(self, texts: int) -> None:
        """Keep at least `texts` vectors: a batch run reading the same texts in several passes reuses every one
        (the default size is for a server's traffic, and LRU eviction would empty it between passes)."""
        self.size = max(self.size, texts)


def query_vector_cache(index: LoadedIndex) -> QueryVectorCache:
    """The index's shared query-vector cache (one per loaded index)."""
    cache = getattr(index, "_query_cache", None)
    if cache is None:
        cache = QueryVectorCache(index.embedder)
        setattr(index, "_query_cache", cache)
    return cache


def dense_query_text(index: LoadedIndex, query: str) -> str:
    """What the embedder sees of a query: the query plus canonical names of the terms it uses."""
    extra = index.tokenizer.expansion_text(query)
    return f"{query} {extra}".strip()


def passage_query_text(index: LoadedIndex, query: str) -> str:
    """What the embedder sees of a query searched against the passages: a Simplified question folded
    to the corpus's Traditional script first (it embeds nearer the passages so). Rule examples are
    matched with `dense_query_text`: folding there lost more than it gained on the tune set."""
    return dense_query_text(index, to_traditional(query) if detect_lang(query) == "zh-CN" else query)


def _bm25_scores(bm25: Any, tokens: list[str], vocab: set[str] | None, n: int) -> np.ndarray:
    # bm25s raises when no token is known, so unknown tokens are dropped first.
    known = [t for t in tokens if vocab is None or t in vocab]
    if not known:
        return np.zeros(n, dtype=np.float32)
    return np.asarray(bm25.get_scores(known), dtype=np.float32)


def _similarities(vectors: Any, vector: np.ndarray) -> np.ndarray:
    n = vectors.ntotal
    sims, ids = vectors.search(vector, n)
    out = np.zeros(n, dtype=np.float32)
    out[ids[0]] = sims[0]
    return out


def _best_per_passage(per_question: np.ndarray, owners: np.ndarray, n: int) -> np.ndarray:
    """Each passage's best score among its questions (0 for a passage without questions)."""
    best = np.zeros(n, dtype=np.float32)
    np.maximum.at(best, owners, per_question)
    return best


def terms_covered(index: LoadedIndex, query: str) -> np.ndarray:
    """Per passage, the share of the question's glossary terms the passage mentions."""
    wanted = {(m.term.game, m.term.id) for m in index.tokenizer.match_terms(query)}
    if not wanted:
        return np.zeros(len(index.passages))
    held = getattr(index, "_passage_terms", None)
    if held is None:
        held = [{(m.term.game, m.term.id) for m in index.tokenizer.match_terms(f"{p.section}\n{p.text}")}
                for p in index.passages]
        setattr(index, "_passage_terms", held)
    return np.array([len(wanted & terms) / len(wanted) for terms in held])


def _fields(fields: dict[str, np.ndarray], text_only: bool) -> dict[str, np.ndarray]:
    """The fields to rank by: all of them, or the passage text alone ("bm25", "dense")."""
    return {f: v for f, v in fields.items() if not text_only or f in ("bm25", "dense")}


def _best_field(fields: dict[str, np.ndarray]) -> np.ndarray:
    """A passage scores by its best field."""
    return np.maximum.reduce(list(fields.values()))


def within_game(index: LoadedIndex, query: str, game: str | None) -> str:
    """What is searched of a query: within one game, the query without the games' names (they only
    point at the passages naming the game; the filter already does their work)."""
    return query if game is None else index.tokenizer.without_game_names(query)


def _game_mask(index: LoadedIndex, game: str | None) -> np.ndarray:
    return np.array([game is None or p.game == game for p in index.passages], dtype=bool)


class BM25Retriever:
    """Lexical ranking over folded jieba words, CJK bigrams and English words, glossary-expanded."""

    name = "bm25"

    def __init__(self, index: LoadedIndex) -> None:
        self.index = index
        self._vocab = set(index.bm25.vocab_dict) if hasattr(index.bm25, "vocab_dict") else None
        q = index.question_bm25
        self._question_vocab = set(q.vocab_dict) if q is not None and hasattr(q, "vocab_dict") else None
        # One question is ranked more than once per answer (for quoting, and by its text alone for
        # scope and routing): its field scores are computed once. Callers never modify them.
        self.field_scores = lru_cache(maxsize=FIELD_CACHE)(self._field_scores)

    def _field_scores(self, query: str) -> dict[str, np.ndarray]:
        """BM25 score of every passage per field: its text ("bm25") and the best of its questions and its
        English names ("bm25_q")."""
        tokens = self.index.tokenizer.query_tokens(query)
        text = _bm25_scores(self.index.bm25, tokens, self._vocab, len(self.index.passages))
        owners = self.index.question_bm25_owners
        if self.index.question_bm25 is None or owners is None:
            return {"bm25": text}
        per_question = _bm25_scores(self.index.question_bm25, tokens, self._question_vocab, len(owners))
        return {"bm25": text, "bm25_q": _best_per_passage(per_question, owners, len(text))}

    def scores(self, query: str) -> np.ndarray:
        """BM25 score of every passage by its best field."""
        return _best_field(self.field_scores(query))

    def search(self, query: str, *, game: str | None = None, k: int = 5, text_only: bool = False,
               vector: np.ndarray | None = None) -> list[Hit]:
        """Top-k passages with a positive BM25 score (`vector` is not used)."""
        fields = _fields(self.field_scores(within_game(self.index, query, game)), text_only)
        scores = np.where(_game_mask(self.index, game), _best_field(fields), 0.0)
        order = [int(i) for i in np.argsort(-scores, kind="stable") if scores[i] > 0][:k]
        return [Hit(self.index.passages[i], float(scores[i]), {f: float(v[i]) for f, v in fields.items()},
                    {"bm25": r + 1}) for r, i in enumerate(order)]


class DenseRetriever:
    """Cosine similarity of embedder vectors (FAISS flat inner product on normalised vectors)."""

    name = "dense"

    def __init__(self, index: LoadedIndex) -> None:
        self.index = index
        self.field_scores = lru_cache(maxsize=FIELD_CACHE)(self._field_scores)

    def _field_scores(self, query: str) -> dict[str, np.ndarray]:
        """Cosine similarity of the query to every passage per field (see `vector_scores`)."""
        return self.vector_scores(query_vector_cache(self.index)(passage_query_text(self.index, query)))

    def vector_scores(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Cosine similarity of a query vector to every passage per field: its text ("dense"), the nearest
        of its questions ("dense_q", pre-embedded) and its questions taken together ("dense_c")."""
        vector = np.ascontiguousarray(vector, dtype=np.float32).reshape(1, -1)
        text = _similarities(self.index.vectors, vector)
        if self.index.question_vectors is None or self.index.question_owners is None:
            return {"dense": text}
        per_question = _similarities(self.index.question_vectors, vector)
        fields = {"dense": text, "dense_q": _best_per_passage(per_question, self.index.question_owners, len(text))}
        if self.index.question_centroids is not None:
            fields["dense_c"] = (self.index.question_centroids @ vector[0]).astype(np.float32)
        return fields

    def scores(self, query: str) -> np.ndarray:
        """Cosine similarity of every passage by its best field."""
        return _best_field(self.field_scores(query))

    def search(self, query: str, *, game: str | None = None, k: int = 5, text_only: bool = False,
               vector: np.ndarray | None = None) -> list[Hit]:
        """Top-k passages by cosine similarity (to `vector`, the question's own, when given)."""
        fields = _fields(self.field_scores(within_game(self.index, query, game)) if vector is None
                         else self.vector_scores(vector), text_only)
        scores = _best_field(fields)
        mask = _game_mask(self.index, game)
        order = [int(i) for i in np.argsort(-scores, kind="stable") if mask[i]][:k]
        return [Hit(self.index.passages[i], float(scores[i]), {f: float(v[i]) for f, v in fields.items()},
                    {"dense": r + 1}) for r, i in enumerate(order)]


class HybridRetriever:
    """Reciprocal-rank fusion of BM25 and dense rankings; the score is scaled to 0..1."""

    name = "hybrid"

    def __init__(self, index: LoadedIndex, weights: dict[str, float] | None = None, rrf_k: int = RRF_K,
                 learned: bool = True) -> None:
        self.index = index
        self.bm25 = BM25Retriever(index)
        self.dense = DenseRetriever(index)
        self.weights = weights or {"bm25": 1.25, "dense": 1.0}
        self.rrf_k = rrf_k
        # The ranker trained for this index build on the tune set; without one, reciprocal-rank fusion.
        self.model = FusionModel.load(index.directory) if learned else None

    def _all_fields(self, query: str, vector: np.ndarray | None) -> dict[str, np.ndarray]:
        """BM25 fields of the query text, dense fields of its vector (embedded from the text when not given)."""
        dense = self.dense.field_scores(query) if vector is None else self.dense.vector_scores(vector)
        return {**self.bm25.field_scores(query), **dense}

    def features(self, query: str, game: str | None, vector: np.ndarray | None = None
                 ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray]:
        """Every field's scores, the game mask and the fusion feature matrix of one question."""
        mask = _game_mask(self.index, game)
        query = within_game(self.index, query, game)
        fields = self._all_fields(query, vector)
        return fields, mask, fusion_features(fields, mask, terms_covered(self.index, query),
                                             worked_examples(self.index), self.classifier_logits(query, vector))

    def classifier_logits(self, query: str, vector: np.ndarray | None = None) -> np.ndarray | None:
        """The passage classifier's logit of every passage for the query (None without a classifier); it
        reads the same vector as the dense fields."""
        if self.index.classifier is None:
            return None
        if vector is None:
            vector = query_vector_cache(self.index)(passage_query_text(self.index, query))
        return self.index.classifier.logits(query, vector, len(self.index.passages))

    def search(self, query: str, *, game: str | None = None, k: int = 5, text_only: bool = False,
               vector: np.ndarray | None = None) -> list[Hit]:
        """Top-k passages within the game filter: by the learned ranker, else by fused rank (dense scores
        from `vector` when given)."""
        if self.model is not None and not text_only:
            fields, mask, matrix = self.features(query, game, vector)
            probability = self.model.score(matrix)
            order = [int(i) for i in np.argsort(-probability, kind="stable") if mask[i]][:k]
            return [Hit(self.index.passages[i], round(float(probability[i]), 4),
                        {n: round(float(v[i]), 4) for n, v in fields.items()}) for i in order]
        mask = _game_mask(self.index, game)
        fields = _fields(self._all_fields(within_game(self.index, query, game), vector), text_only)
        # Each backend ranks by a passage's best field; the hit reports every field's own score (the
        # text fields' scores are what scope decisions were calibrated on).
        per_backend = {"bm25": _best_field({f: v for f, v in fields.items() if f.startswith("bm25")}),
                       "dense": _best_field({f: v for f, v in fields.items() if f.startswith("dense")})}
        fused = np.zeros(len(self.index.passages), dtype=np.float64)
        ranks: dict[str, dict[int, int]] = {}
        for name, scores in per_backend.items():
            eligible = [int(i) for i in np.argsort(-scores, kind="stable")
                        if mask[i] and (name != "bm25" or scores[i] > 0)]
            ranks[name] = {i: r + 1 for r, i in enumerate(eligible)}
            for i, r in ranks[name].items():
                fused[i] += self.weights[name] / (self.rrf_k + r)
        best = sum(self.weights.values()) / (self.rrf_k + 1)
        order = [int(i) for i in np.argsort(-fused, kind="stable") if mask[i] and fused[i] > 0][:k]
        return [Hit(self.index.passages[i], round(float(fused[i] / best), 4),
                    {n: round(float(s[i]), 4) for n, s in fields.items()},
                    {n: ranks[n][i] for n in ranks if i in ranks[n]}) for i in order]


RETRIEVERS: dict[str, Callable[[LoadedIndex], Retriever]] = {
    "bm25": BM25Retriever,
    "dense": DenseRetriever,
    "hybrid": HybridRetriever,
}


def make_retriever(name: str, index: LoadedIndex) -> Retriever:
    """A retriever by registered name."""
    if name not in RETRIEVERS:
        raise ValueError(f"unknown retriever {name!r}; registered retrievers: {', '.join(sorted(RETRIEVERS))}")
    return RETRIEVERS[name](index)
