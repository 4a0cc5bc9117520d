"""The answering pipeline (issue 6): the verbatim guard on citations, the bounded query-vector cache,
case selection for follow-ups, and the pipeline's own bad-input errors."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import yaml

from indexer.corpus import passages_by_id
from indexer.retrieval import Hit, QueryError
from rules_engine import DEPENDS, UnknownId, get_rule
from answering.pipeline import CitationError, make_citation

from indexer.retrieval import QueryVectorCache, query_vector_cache

ROOT = Path(__file__).resolve().parents[2]
DEV_ASKS = yaml.safe_load((ROOT / "tests" / "data" / "tune" / "asks.yaml").read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------------ verbatim guard
@pytest.fixture(scope="module")
def tower_passage():
    return passages_by_id()["onirim/towers/nightmare"]


def test_make_citation_accepts_the_corpus_passage(tower_passage):
    c = make_citation(tower_passage, 0.87654321)
    assert c.id == tower_passage.id and c.text == tower_passage.text
    assert c.game == "onirim" and c.section == tower_passage.section
    assert c.score == pytest.approx(0.8765)


@pytest.mark.parametrize("alter", [
    lambda t: t + "（官方勘誤：不必失去高塔）",     # an invented addition
    lambda t: t[:-3],                               # truncated
    lambda t: t.replace("必須", "不必"),             # a changed word
    lambda t: t.replace("當", "当"),                 # converted to another script
    lambda t: t.replace("\n", " "),                 # whitespace rewritten
    lambda t: " " + t,
])
def test_make_citation_refuses_altered_text(tower_passage, alter):
    altered = tower_passage.model_copy(update={"text": alter(tower_passage.text)})
    assert altered.text != tower_passage.text
    with pytest.raises(CitationError, match="onirim/towers/nightmare"):
        make_citation(altered, 0.5)


def test_make_citation_refuses_unknown_or_moved_passages(tower_passage):
    with pytest.raises(CitationError):
        make_citation(tower_passage.model_copy(update={"id": "onirim/towers/invented"}), 0.5)
    other = passages_by_id()["onirim/towers/exceptions"]
    with pytest.raises(CitationError):  # real text under another passage's id
        make_citation(tower_passage.model_copy(update={"id": other.id}), 0.5)


def test_pipeline_refuses_to_emit_an_altered_passage(pipeline, monkeypatch, tower_passage):
    """Retrieval handing back a doctored passage makes the pipeline fail rather than quote it."""
    real_search = pipeline.search.retriever.search

    def doctored(query, *, game=None, k=5, text_only=False, vector=None):
        hits = real_search(query, game=game, k=k, text_only=text_only, vector=vector)
        forged = tower_passage.model_copy(update={"text": "夢魘永遠不會影響高塔。"})
        return [Hit(passage=forged, score=1.0, scores={"dense": 0.99, "bm25": 9.0})] + hits

    monkeypatch.setattr(pipeline.search.retriever, "search", doctored)
    pipeline.forget_answers()  # an answer kept from an earlier test rests on the real retrieval
    with pytest.raises(CitationError):
        pipeline.ask("夢魘可以破壞高塔列嗎？")


def _all_questions():
    qs = [(a["q"], a.get("history", [])) for section in ("out_of_scope", "follow_ups", "game_only")
          for a in DEV_ASKS.get(section, [])]
    qs += [("Can a Nightmare break my tower row?", []), ("噩梦可以破坏高塔列吗？", []),
           ("因夢魘失去的高塔卡要放到哪裡？", []), ("那如果還沒完成呢？", ["夢魘可以破壞高塔列嗎？"])]
    return qs


def test_every_citation_in_a_batch_is_verbatim(pipeline):
    corpus = passages_by_id()
    questions = _all_questions()
    assert len(questions) >= 40
    cited = 0
    for q, history in questions:
        r = pipeline.ask(q, history=history)
        for c in r.citations:
            assert c.text == corpus[c.id].text, (q, c.id)
            assert c.game == corpus[c.id].game == r.game, (q, c.id)
            cited += 1
        if r.verdict:
            assert all(pid in corpus for pid in r.verdict["cites"]), (q, r.verdict["cites"])
        for a in r.ambiguities:
            assert a.passage in corpus
    assert cited > len(questions)


def test_out_of_scope_never_cites(pipeline):
    for a in DEV_ASKS["out_of_scope"]:
        r = pipeline.ask(a["q"])
        if not r.in_scope:
            assert r.game is None and r.citations == [] and r.verdict is None and r.ambiguities == []
    catan = pipeline.ask("卡坦島的強盜怎麼移動？")
    assert catan.in_scope is False and catan.citations == []


# ------------------------------------------------------------------------------------ query vector cache
class CountingEmbedder:
    def __init__(self):
        self.calls: list[str] = []

    def embed_queries(self, texts):
        self.calls.extend(texts)
        return np.stack([np.full(4, float(len(t)), dtype=np.float32) + len(self.calls) for t in texts])


def test_query_vector_cache_returns_the_same_vector_without_re_embedding():
    emb = CountingEmbedder()
    cache = QueryVectorCache(emb, size=4)
    v1 = cache("夢魘")
    v2 = cache("夢魘")
    assert v2 is v1
    assert emb.calls == ["夢魘"]
    assert not np.array_equal(cache("高塔"), v1)
    assert emb.calls == ["夢魘", "高塔"]


def test_query_vector_cache_is_bounded_lru():
    emb = CountingEmbedder()
    cache = QueryVectorCache(emb, size=3)
    for text in ["a", "b", "c"]:
        cache(text)
    cache("a")            # a becomes most recent; b is now the oldest
    cache("d")            # evicts b
    assert len(cache._data) == 3
    assert set(cache._data) == {"a", "c", "d"}
    n = len(emb.calls)
    cache("a")
    cache("c")
    assert len(emb.calls) == n, "cached entries are not embedded again"
    cache("b")
    assert emb.calls[-1] == "b", "an evicted entry is embedded again"
    for i in range(100):
        cache(f"q{i}")
    assert len(cache._data) == 3


def test_a_held_cache_keeps_a_whole_pass_for_the_next_and_never_shrinks():
    emb = CountingEmbedder()
    cache = QueryVectorCache(emb, size=3)
    cache.hold(10)
    texts = [f"t{i}" for i in range(10)]
    for text in texts:
        cache(text)
    first_pass = len(emb.calls)
    for text in texts:
        cache(text)
    assert len(emb.calls) == first_pass == 10, "the second pass re-embedded what the first had"
    cache.hold(2)
    assert cache.size == 10, "holding fewer texts must not shrink a cache sized for more"


def test_query_vector_cache_waits_for_a_text_in_flight_instead_of_embedding_it_again():
    import threading

    started, release = threading.Event(), threading.Event()

    class SlowEmbedder(CountingEmbedder):
        def embed_queries(self, texts):
            started.set()
            release.wait(5)
            return super().embed_queries(texts)

    emb = SlowEmbedder()
    cache = QueryVectorCache(emb, size=4)
    first: list[np.ndarray] = []
    worker = threading.Thread(target=lambda: first.append(cache("夢魘")))
    worker.start()
    assert started.wait(5)
    waiting = threading.Thread(target=lambda: first.append(cache("夢魘")))
    waiting.start()
    release.set()
    worker.join(5), waiting.join(5)
    assert emb.calls == ["夢魘"] and len(first) == 2 and first[0] is first[1]


class FailingEmbedder:
    def embed_queries(self, texts):
        raise RuntimeError("embedder down")


def test_query_vector_cache_does_not_keep_a_failed_embedding():
    cache = QueryVectorCache(FailingEmbedder(), size=4)
    for _ in range(2):  # the second call tries again rather than waiting on the failed one
        with pytest.raises(RuntimeError, match="embedder down"):
            cache("夢魘")
    assert len(cache) == 0


@pytest.mark.parametrize("question, texts", [
    ("请教下迷雾山城的高塔最多能盖几层呀", 2),   # folded to Traditional and without the game's name for the passages
    ("請教 Onirim 的夢魘卡丟進 Limbo 行不行", 2),  # without the game's name
    ("請教夢魘卡丟進Limbo行不行", 1),        # searched as asked
])
def test_a_question_is_embedded_once_per_text_it_is_searched_with(pipeline, monkeypatch, question, texts):
    """What the passages are searched with is embedded ahead, beside the question, and not again."""
    from answering.query import Query
    from indexer.retrieval import dense_query_text

    embedder = pipeline.index.embedder
    calls: list[str] = []
    real = embedder.embed_queries

    def counting(batch):
        calls.extend(batch)
        return real(batch)

    monkeypatch.setattr(embedder, "embed_queries", counting)
    pipeline.ask(question)
    assert len(calls) == texts == len(set(calls)), calls
    # The two run on two threads, in either order.
    own = dense_query_text(pipeline.index, question)
    ahead = pipeline._ahead_texts(Query.build(question, [], pipeline.tokenizer), own)
    assert set(calls) == {own, *ahead}


def test_pipeline_cache_is_bounded_and_stable(pipeline):
    cache = query_vector_cache(pipeline.index)
    assert isinstance(cache, QueryVectorCache)
    assert 0 < cache.size <= 100_000
    v1 = pipeline.query_vector("夢魘 高塔 Limbo")
    size = len(cache._data)
    v2 = pipeline.query_vector("夢魘 高塔 Limbo")
    assert np.array_equal(v1, v2)
    assert len(cache._data) == size, "the second call is a cache hit"
    assert len(cache._data) <= cache.size
    assert np.isclose(float(np.linalg.norm(v1)), 1.0, atol=1e-3)


# ------------------------------------------------------------------------------------ pipeline errors
@pytest.mark.parametrize("question", ["", "   ", "？！…", "x" * 1001, "\x00\x01"])
def test_pipeline_rejects_unusable_questions(pipeline, question):
    with pytest.raises(QueryError):
        pipeline.ask(question)


def test_pipeline_unknown_game_lists_valid_ids(pipeline):
    with pytest.raises(UnknownId) as e:
        pipeline.ask("夢魘可以破壞高塔列嗎？", game="catan")
    assert e.value.valid == ["dungeon-lords", "mist-mountain", "onirim"]
    assert "onirim" in str(e.value)
