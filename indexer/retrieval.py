"""Retrievers over a loaded index: BM25, dense and their reciprocal-rank fusion, with a game filter."""
from __future__ import annotations

import re
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass, field
from threading import Lock
from typing import Callable, Protocol

import numpy as np

from .corpus import Passage
from .index import LoadedIndex
from .text import strip_controls

MAX_QUERY_CHARS = 500
RRF_K = 10
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

    def search(self, query: str, *, game: str | None = None, k: int = 5) -> list[Hit]:
        """Top-k passages for the query."""
        ...


class QueryVectorCache:
    """Bounded LRU of query embeddings: the embedder is the slowest step of a search."""

    def __init__(self, embedder: object, size: int = QUERY_CACHE_SIZE) -> None:
        self.embedder = embedder
        self.size = size
        self._data: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = Lock()

    def __call__(self, text: str) -> np.ndarray:
        """The (dim,) vector of a query, computed once per distinct text while it stays cached."""
        with self._lock:
            if text in self._data:
                self._data.move_to_end(text)
                return self._data[text]
        vector = self.embedder.embed_queries([text])[0]  # type: ignore[attr-defined]
        with self._lock:
            self._data[text] = vector
            if len(self._data) > self.size:
                self._data.popitem(last=False)
        return vector

    def __len__(self) -> int:
        return len(self._data)


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


def _game_mask(index: LoadedIndex, game: str | None) -> np.ndarray:
    return np.array([game is None or p.game == game for p in index.passages], dtype=bool)


class BM25Retriever:
    """Lexical ranking over folded jieba words, CJK bigrams and English words, glossary-expanded."""

    name = "bm25"

    def __init__(self, index: LoadedIndex) -> None:
        self.index = index
        self._vocab = set(index.bm25.vocab_dict) if hasattr(index.bm25, "vocab_dict") else None

    def scores(self, query: str) -> np.ndarray:
        """BM25 score of every passage (zeros when no query token is in the vocabulary)."""
        tokens = self.index.tokenizer.query_tokens(query)
        if self._vocab is not None:
            # bm25s raises when no token is known, so unknown tokens are dropped first.
            tokens = [t for t in tokens if t in self._vocab]
        if not tokens:
            return np.zeros(len(self.index.passages), dtype=np.float32)
        return np.asarray(self.index.bm25.get_scores(tokens), dtype=np.float32)

    def search(self, query: str, *, game: str | None = None, k: int = 5) -> list[Hit]:
        """Top-k passages with a positive BM25 score."""
        scores = self.scores(query)
        scores = np.where(_game_mask(self.index, game), scores, 0.0)
        order = [int(i) for i in np.argsort(-scores, kind="stable") if scores[i] > 0][:k]
        return [Hit(self.index.passages[i], float(scores[i]), {"bm25": float(scores[i])},
                    {"bm25": r + 1}) for r, i in enumerate(order)]


class DenseRetriever:
    """Cosine similarity of embedder vectors (FAISS flat inner product on normalised vectors)."""

    name = "dense"

    def __init__(self, index: LoadedIndex) -> None:
        self.index = index

    def scores(self, query: str) -> np.ndarray:
        """Cosine similarity of the query to every passage."""
        vector = query_vector_cache(self.index)(dense_query_text(self.index, query))
        n = self.index.vectors.ntotal
        sims, ids = self.index.vectors.search(vector.reshape(1, -1), n)
        out = np.zeros(n, dtype=np.float32)
        out[ids[0]] = sims[0]
        return out

    def search(self, query: str, *, game: str | None = None, k: int = 5) -> list[Hit]:
        """Top-k passages by cosine similarity."""
        scores = self.scores(query)
        mask = _game_mask(self.index, game)
        order = [int(i) for i in np.argsort(-scores, kind="stable") if mask[i]][:k]
        return [Hit(self.index.passages[i], float(scores[i]), {"dense": float(scores[i])},
                    {"dense": r + 1}) for r, i in enumerate(order)]


class HybridRetriever:
    """Reciprocal-rank fusion of BM25 and dense rankings; the score is scaled to 0..1."""

    name = "hybrid"

    def __init__(self, index: LoadedIndex, weights: dict[str, float] | None = None, rrf_k: int = RRF_K) -> None:
        self.index = index
        self.bm25 = BM25Retriever(index)
        self.dense = DenseRetriever(index)
        self.weights = weights or {"bm25": 1.25, "dense": 1.0}
        self.rrf_k = rrf_k

    def search(self, query: str, *, game: str | None = None, k: int = 5) -> list[Hit]:
        """Top-k passages by fused rank within the game filter."""
        mask = _game_mask(self.index, game)
        per_backend = {"bm25": self.bm25.scores(query), "dense": self.dense.scores(query)}
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
                    {n: round(float(s[i]), 4) for n, s in per_backend.items()},
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
