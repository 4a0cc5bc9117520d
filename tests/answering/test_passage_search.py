"""The answer ranks passages the way the ranker was trained and the retrieval evaluation measures, and
embeds a question once."""
from __future__ import annotations

import numpy as np
import pytest

from indexer.retrieval import query_vector


def test_passages_are_searched_as_the_retrieval_eval_searches_them(pipeline):
    # A Simplified question naming its game: the answer ranks passages as the retrieval evaluation does with
    # the question as asked (its words searched without the game's name, its one vector of the text as asked).
    question = "Onirim 里梦魇卡会让我弃掉手牌吗？"
    understood = pipeline.understand(question, game="onirim")
    assert understood.hits
    expected = pipeline.search.retriever.search(question, game="onirim", k=len(understood.hits))
    assert [(h.passage.id, h.score) for h in understood.hits] == [(h.passage.id, h.score) for h in expected]


class _Counting:
    """Wraps an embedder and records every text it embeds as a query."""

    def __init__(self, inner):
        self.inner, self.texts = inner, []

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def embed_queries(self, texts):
        self.texts.extend(texts)
        return self.inner.embed_queries(texts)


@pytest.mark.parametrize("question", [
    "迷雾山城里金矿小巷在冬天算几分？",        # Simplified, naming its game: once, not folded and again as searched
    "Onirim: can a Tower go next to a Tower of the same colour when I play the Towers expansion?",
    "地城領主的魔杖在最後一回合還能用嗎",
])
def test_a_question_is_embedded_once_as_asked(pipeline, monkeypatch, question):
    from indexer import retrieval

    cache = retrieval.query_vector_cache(pipeline.index)
    counting = _Counting(cache.embedder)
    monkeypatch.setattr(cache, "embedder", counting)
    monkeypatch.setattr(cache, "_data", type(cache._data)())  # nothing of the question embedded before
    pipeline.ask(question + " (once)")
    assert counting.texts == [question + " (once)"]


def test_the_glossary_names_move_the_vector_without_embedding_them(pipeline):
    # "魔杖" names a glossary term: its canonical English name's vector (built with the index) moves the
    # question's vector, which stays a unit vector; a text naming no term keeps its plain embedding.
    index = pipeline.index
    named = "魔杖可以用幾次"
    assert index.tokenizer.expansion_names(named)
    plain = retrieval_plain(index, named)
    moved = query_vector(index, named)
    assert np.isclose(float(np.linalg.norm(moved)), 1.0, atol=1e-3)
    assert not np.allclose(moved, plain)
    unnamed = "今天天氣如何"
    assert not index.tokenizer.expansion_names(unnamed)
    assert np.array_equal(query_vector(index, unnamed), retrieval_plain(index, unnamed))


def retrieval_plain(index, text):
    from indexer.retrieval import query_vector_cache

    return query_vector_cache(index)(text)


def test_the_names_vectors_are_built_with_the_index(pipeline):
    # A served worker only reads them: the index directory is read-only at serve time.
    from indexer.vectors import TERM_VECTORS, vectors_file

    index = pipeline.index
    names = index.tokenizer.canonical_names()
    path = index.directory / vectors_file(index.embedder.model_id, names, TERM_VECTORS)
    assert names and path.exists()
    assert np.load(path).shape == (len(names), index.embedder.dim)
