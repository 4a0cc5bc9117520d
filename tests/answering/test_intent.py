"""The intent classifier: trained from examples, served with numpy, kept with the index."""
import numpy as np
import pytest

from answering.intent import IntentModel, char_grams, intent_file, train_intent, write_intent_model

LABELS = ["a", "a", "a", "b", "b", "b", "c", "c", "c"]
TEXTS = ["高塔可以放在哪裡", "高塔放旁邊可以嗎", "where can a tower go",
         "要幾張回憶才能逃脫", "逃脫需要幾張回憶", "how many memories to escape",
         "藥水要標記嗎", "治療藥水用過要翻面嗎", "is the potion marked"]


def toy_vectors(seed: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centres = {"a": rng.normal(size=8), "b": rng.normal(size=8), "c": rng.normal(size=8)}
    rows = np.array([centres[label] + 0.1 * rng.normal(size=8) for label in LABELS])
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_character_grams_are_per_word_and_folded():
    grams = char_grams("Tower，塔")
    assert {"t", "to", " to", "er ", "塔", " 塔", "塔 ", " 塔 "} <= set(grams)
    assert not any(g.strip() == "" for g in grams) and "r，" not in grams
    assert char_grams("高塔") == char_grams("高塔")  # the same text gives the same grams


def test_served_probabilities_equal_the_trained_classifiers():
    from scipy.sparse import csr_matrix, hstack
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    from answering.intent import C, NGRAM_WEIGHT

    vectors = toy_vectors()
    model = train_intent(LABELS, TEXTS, vectors)
    tfidf = TfidfVectorizer(analyzer=char_grams, sublinear_tf=True).fit(TEXTS)
    reference = LogisticRegression(C=C, max_iter=3000).fit(
        hstack([csr_matrix(vectors), NGRAM_WEIGHT * tfidf.transform(TEXTS)]).tocsr(), LABELS)
    question, vector = "高塔能放哪", vectors[1]
    expected = reference.predict_proba(hstack([csr_matrix(vector[None, :]),
                                               NGRAM_WEIGHT * tfidf.transform([question])]).tocsr())[0]
    served = model.probabilities(vector, question)
    assert [served[c] for c in reference.classes_] == pytest.approx(list(expected), abs=1e-6)
    # Normalised over the answerers allowed (one game's), the others absent.
    within = model.probabilities(vector, question, {"a", "b"})
    assert set(within) == {"a", "b"} and sum(within.values()) == pytest.approx(1.0)
    assert within["a"] / within["b"] == pytest.approx(served["a"] / served["b"])


def test_a_question_worded_like_one_answerers_examples_goes_to_it():
    vectors = toy_vectors()
    model = train_intent(LABELS, TEXTS, vectors)
    probabilities = model.probabilities(vectors[4], "需要幾張回憶逃脫")
    assert max(probabilities, key=probabilities.get) == "b"


def test_the_model_is_kept_as_arrays_and_a_rebuild_copies_it_from_the_cache(tmp_path):
    vectors = toy_vectors()
    index_dir, cache = tmp_path / "index", tmp_path / "cache"
    index_dir.mkdir()
    name = write_intent_model(index_dir, "model-x", LABELS, TEXTS, vectors, cache)
    assert name == intent_file("model-x", LABELS, TEXTS) and (cache / "intent" / name).exists()
    loaded = IntentModel.load(index_dir / name)
    assert loaded is not None and loaded.classes == ("a", "b", "c")
    # Changed examples are another model; a damaged file is no model.
    assert intent_file("model-x", LABELS, [*TEXTS[:-1], "另一個問題"]) != name
    (index_dir / name).write_bytes(b"not a model")
    assert IntentModel.load(index_dir / name) is None
    # A second build of the same examples copies the cached model instead of training again.
    again = tmp_path / "again"
    again.mkdir()
    write_intent_model(again, "model-x", LABELS, TEXTS, np.zeros_like(vectors), cache)
    assert (again / name).read_bytes() == (cache / "intent" / name).read_bytes()


def test_the_router_reads_the_classifier_built_with_the_index(pipeline):
    router = pipeline.router
    assert router.intent is not None
    u = pipeline.understand("四人局要集齊幾張自己的回憶才能逃出山城？")
    probabilities = [c.intent for c in u.candidates]
    assert all(0.0 <= p <= 1.0 for p in probabilities) and sum(probabilities) <= 1.0 + 1e-9
    best = max(u.candidates, key=lambda c: c.intent)
    assert best.answerer.id == "mist-mountain.memories_needed"
