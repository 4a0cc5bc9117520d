"""The intent classifier: trained from examples, served with numpy, kept with the index."""
import numpy as np
import pytest

from answering.intent import IntentModel, intent_file, train_intent, write_intent_model

LABELS = ["a", "a", "a", "b", "b", "b", "c", "c", "c"]
TEXTS = ["高塔可以放在哪裡", "高塔放旁邊可以嗎", "where can a tower go",
         "要幾張回憶才能逃脫", "逃脫需要幾張回憶", "how many memories to escape",
         "藥水要標記嗎", "治療藥水用過要翻面嗎", "is the potion marked"]


def toy_vectors(seed: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centres = {"a": rng.normal(size=8), "b": rng.normal(size=8), "c": rng.normal(size=8)}
    rows = np.array([centres[label] + 0.1 * rng.normal(size=8) for label in LABELS])
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_probabilities_are_normalised_over_the_answerers_allowed():
    vectors = toy_vectors()
    model = train_intent(LABELS, TEXTS, vectors)
    question, vector = "高塔能放哪", vectors[1]
    served = model.probabilities(vector, question)
    assert set(served) == {"a", "b", "c"} and sum(served.values()) == pytest.approx(1.0)
    # Normalised over the answerers allowed (one game's), the others absent, their ratios kept.
    within = model.probabilities(vector, question, {"a", "b"})
    assert set(within) == {"a", "b"} and sum(within.values()) == pytest.approx(1.0)
    assert within["a"] / within["b"] == pytest.approx(served["a"] / served["b"])
    assert model.probabilities(vector, question, {"nobody"}) == {}


def test_a_question_worded_like_one_answerers_examples_goes_to_it():
    vectors = toy_vectors()
    model = train_intent(LABELS, TEXTS, vectors)
    probabilities = model.probabilities(vectors[4], "需要幾張回憶逃脫")
    assert max(probabilities, key=probabilities.get) == "b"


def test_the_model_is_kept_in_the_index_and_a_rebuild_reads_it_from_the_cache(tmp_path):
    vectors = toy_vectors()
    index_dir, cache = tmp_path / "index", tmp_path / "cache"
    index_dir.mkdir()
    name = write_intent_model(index_dir, "model-x", LABELS, TEXTS, vectors, cache)
    assert name == intent_file("model-x", LABELS, TEXTS) and list(cache.glob("*.npz"))
    loaded = IntentModel.load(index_dir / name, LABELS)
    assert loaded is not None and loaded.classes == ("a", "b", "c")
    assert loaded.probabilities(vectors[0], TEXTS[0]) == pytest.approx(
        train_intent(LABELS, TEXTS, vectors).probabilities(vectors[0], TEXTS[0]))
    # Changed examples are another model; a damaged file is no model.
    assert intent_file("model-x", LABELS, [*TEXTS[:-1], "另一個問題"]) != name
    (index_dir / name).write_bytes(b"not a model")
    assert IntentModel.load(index_dir / name, LABELS) is None
    # A second build of the same examples reads the cached classifier instead of training again.
    again = tmp_path / "again"
    again.mkdir()
    write_intent_model(again, "model-x", LABELS, TEXTS, vectors, cache)
    assert (again / name).read_bytes() == next(cache.glob("*.npz")).read_bytes()


def test_the_router_reads_the_classifier_built_with_the_index(pipeline):
    router = pipeline.router
    assert router.intent is not None
    u = pipeline.understand("四人局要集齊幾張自己的回憶才能逃出山城？")
    probabilities = [c.intent for c in u.candidates]
    assert all(0.0 <= p <= 1.0 for p in probabilities) and sum(probabilities) <= 1.0 + 1e-9
    best = max(u.candidates, key=lambda c: c.intent)
    assert best.answerer.id == "mist-mountain.memories_needed"
