"""The passage classifier: scores at serve time as scikit-learn did at training time, is cached by its
inputs, and on the real index names the passage a corpus question was written for."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from indexer import classifier as clf
from indexer.classifier import CLASSIFIER_FILE, TextClassifier, char_ngrams, masked_log_probability
from indexer.corpus import CORPUS_DIR, load_passage_questions

TEXTS = ["夢魘卡可以棄掉手牌", "梦魇卡可以弃掉手牌吗", "夢魘會破壞高塔", "Can a nightmare discard my hand?",
         "門卡要怎麼找到", "找到門卡的方法", "How do I find a door?", "門可以用鑰匙開", "鑰匙開門"]
LABELS = [0, 0, 0, 0, 2, 2, 2, 2, 2]


def _vectors(n: int, dim: int = 8) -> np.ndarray:
    rng = np.random.default_rng(0)
    v = rng.normal(size=(n, dim)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def test_ngrams_are_the_same_in_either_script_and_skip_blanks():
    assert char_ngrams("夢魘卡") == char_ngrams("梦魇卡")
    assert char_ngrams("Ab") == ["a", "b", "ab"]
    assert " " not in char_ngrams("a b")


def test_serving_tfidf_matches_scikit_learn():
    from sklearn.feature_extraction.text import TfidfVectorizer

    model = clf.train(TEXTS, LABELS, _vectors(len(TEXTS)))
    reference = TfidfVectorizer(analyzer=char_ngrams, sublinear_tf=True, min_df=clf.MIN_DF).fit(TEXTS)
    for text in ("夢魘可以棄牌嗎？夢魘", "find the door door", "nothing known ☃"):
        expected = reference.transform([text]).toarray()[0]
        cols, values = model.tfidf(text)
        got = np.zeros_like(expected)
        got[cols] = values
        assert np.allclose(got, expected)


def test_logits_match_scikit_learn_and_cover_every_row():
    from scipy import sparse
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    vectors = _vectors(len(TEXTS))
    model = clf.train(TEXTS, LABELS, vectors)
    vectorizer = TfidfVectorizer(analyzer=char_ngrams, sublinear_tf=True, min_df=clf.MIN_DF).fit(TEXTS)
    x = sparse.hstack([sparse.csr_matrix(vectors.astype(np.float64)), vectorizer.transform(TEXTS)]).tocsr()
    reference = LogisticRegression(C=clf.C, max_iter=3000).fit(x, LABELS)
    # Two classes (rows 0 and 2 of 4): the logit difference is scikit-learn's decision function.
    got = model.logits(TEXTS[1], vectors[1], 4)
    assert np.isclose(got[2] - got[0], reference.decision_function(x[1])[0], atol=1e-4)
    # Rows without a class (1 and 3) rank below every class.
    assert max(got[1], got[3]) < min(got[0], got[2])
    assert got[0] > got[2]  # the Simplified question is about passage 0, as its label says


def test_masked_log_probability_is_a_distribution_within_the_mask():
    logits = np.array([2.0, 1.0, 5.0, -100.0])
    mask = np.array([True, True, False, True])
    logp = masked_log_probability(logits, mask)
    assert np.isclose(np.exp(logp[mask]).sum(), 1.0, atol=1e-9)
    assert logp[2] == clf.LOGP_FLOOR and logp[3] == clf.LOGP_FLOOR
    assert logp[0] > logp[1]


def test_save_and_load_round_trip(tmp_path: Path):
    model = clf.train(TEXTS, LABELS, _vectors(len(TEXTS)))
    model.save(tmp_path / CLASSIFIER_FILE)
    loaded = TextClassifier.load(tmp_path / CLASSIFIER_FILE)
    assert loaded is not None and loaded.vocabulary == model.vocabulary
    vector = _vectors(1)[0]
    assert np.allclose(loaded.logits("門卡", vector, 3), model.logits("門卡", vector, 3))
    (tmp_path / "broken.npz").write_bytes(b"not a zip")
    assert TextClassifier.load(tmp_path / "broken.npz") is None
    assert TextClassifier.load(tmp_path / "missing.npz") is None


def test_a_classifier_trained_on_the_same_inputs_comes_from_the_cache(tmp_path: Path, monkeypatch):
    vectors = _vectors(len(TEXTS))
    first = clf.trained(TEXTS, LABELS, vectors, tmp_path)
    assert len(list(tmp_path.glob("*.npz"))) == 1

    def no_training(*args):
        raise AssertionError("trained again although the inputs are unchanged")

    monkeypatch.setattr(clf, "train", no_training)
    again = clf.trained(TEXTS, LABELS, vectors, tmp_path)
    assert np.array_equal(again.text_weights, first.text_weights)
    with pytest.raises(AssertionError):  # other inputs are another key
        clf.trained(TEXTS, [0, 0, 0, 0, 2, 2, 2, 2, 0], vectors, tmp_path)


@pytest.mark.slow
def test_the_index_classifier_names_the_passage_of_its_own_questions(search_service):
    index = search_service.index
    assert index.classifier is not None
    from indexer.retrieval import HybridRetriever, passage_query_text, query_vector_cache

    retriever = HybridRetriever(index, learned=False)
    row = {p.id: i for i, p in enumerate(index.passages)}
    questions = load_passage_questions(CORPUS_DIR, set(row))
    sample = [(pid, qs[0]) for pid, qs in sorted(questions.items())][::10]
    right = 0
    for pid, q in sample:
        game = index.passages[row[pid]].game
        mask = np.array([p.game == game for p in index.passages])
        vector = query_vector_cache(index)(passage_query_text(index, q))
        logp = masked_log_probability(retriever.classifier_logits(q, vector), mask)
        right += int(np.argmax(logp)) == row[pid]
    assert right >= 0.8 * len(sample)
