"""The learned retrieval ranker: trained on the tune set only, read only for the index build it was
trained for (else reciprocal-rank fusion), and scoring with the features the trainer used."""
from __future__ import annotations

import json
import shutil

import numpy as np

from evals.fusion import choose, fit, training_questions
from evals.pipeline import check_items
from indexer.fusion import FEATURES, FUSION_FILE, FusionModel, features
from indexer.retrieval import HybridRetriever


def test_the_ranker_is_trained_on_tune_questions_only():
    tune = {q for q, _, _ in training_questions()}
    check = {i.q for i in check_items()}
    assert tune and not tune & check


def test_features_are_bounded_and_follow_the_fields():
    n = 6
    fields = {"bm25": np.array([0, 4, 2, 0, 8, 1.0]), "dense": np.array([.5, .9, .7, .1, .8, .2])}
    mask = np.array([True, True, True, False, False, True])
    x = features(fields, mask, np.linspace(0, 1, n))
    assert x.shape == (n, len(FEATURES))
    bm25_scaled, bm25_rr = x[:, FEATURES.index("bm25_scaled")], x[:, FEATURES.index("bm25_rr")]
    # Scaled by the best passage of the game (row 4 is outside it), ranked only inside it.
    assert bm25_scaled[1] == 1.0 and bm25_rr[1] == 1.0 and bm25_rr[2] == 0.5 and bm25_rr[4] == 0.0
    assert x[:, FEATURES.index("bm25_q_rr")].sum() == 0  # a field the index lacks contributes nothing
    assert x[:, FEATURES.index("classifier_logp")].sum() == 0  # so does a missing classifier


def test_the_classifier_feature_is_its_log_probability_within_the_game():
    n = 4
    fields = {"bm25": np.array([1.0, 0, 2, 3]), "dense": np.array([.5, .9, .7, .1])}
    mask = np.array([True, True, False, True])
    x = features(fields, mask, np.zeros(n), classifier_logits=np.array([3.0, 1.0, 9.0, 1.0]))
    logp = x[:, FEATURES.index("classifier_logp")]
    assert np.isclose(np.exp(logp[mask]).sum(), 1.0)  # the other game's passage takes no share
    assert logp[0] > logp[1] == logp[3]


def test_a_ranker_fitted_on_a_few_questions_ranks_them(search_service):
    questions = training_questions()[:30]
    result = fit(search_service.index, questions)
    assert len(result["weights"]) == len(FEATURES)
    assert result["fitted_recall"]["R@3"] >= 0.7


def test_the_ranker_is_read_only_for_its_own_index_build(search_service, tmp_path):
    index = search_service.index
    assert FusionModel.load(index.directory) is not None, "make test fits the ranker before the tests"
    assert HybridRetriever(index).model is not None
    # A copy of the model for another build is ignored, and retrieval falls back to rank fusion.
    copy = tmp_path / "index"
    shutil.copytree(index.directory, copy)
    doc = json.loads((copy / FUSION_FILE).read_text(encoding="utf-8"))
    (copy / FUSION_FILE).write_text(json.dumps({**doc, "index": "another-build"}), encoding="utf-8")
    assert FusionModel.load(copy) is None
    (copy / FUSION_FILE).write_text("{not json", encoding="utf-8")
    assert FusionModel.load(copy) is None
    # Rank fusion cross-validated better on the tune set: the ranker is kept but not served.
    (copy / FUSION_FILE).write_text(json.dumps({**doc, "use": "rrf"}), encoding="utf-8")
    assert FusionModel.load(copy) is None


def test_ranker_or_rank_fusion_is_chosen_by_held_out_tune_recall():
    cv = {"rrf": {"R@1": 0.80, "R@3": 0.97}, "ranker C=0.1": {"R@1": 0.88, "R@3": 0.97},
          "ranker C=1.0": {"R@1": 0.86, "R@3": 0.98}}
    assert choose(cv) == "ranker C=0.1"
    assert choose({**cv, "rrf": {"R@1": 0.90, "R@3": 0.97}}) == "rrf"


def test_learned_and_rank_fusion_both_rank_within_the_game(search_service):
    index = search_service.index
    for retriever in (HybridRetriever(index), HybridRetriever(index, learned=False)):
        hits = retriever.search("夢魘可以破壞高塔列嗎？", game="onirim", k=5)
        assert hits and all(h.passage.game == "onirim" for h in hits)
        assert all(0.0 <= h.score <= 1.0 for h in hits)
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_text_only_ranking_ignores_the_learned_ranker(search_service):
    hits = HybridRetriever(search_service.index).search("夢魘可以破壞高塔列嗎？", k=3, text_only=True)
    assert all(set(h.scores) == {"bm25", "dense"} for h in hits)
