"""Quality gate: hybrid retrieval R@3 on the development set."""
from __future__ import annotations

from evals.retrieval import evaluate_retrieval, load_dev_questions

GATE_HYBRID_R3 = 0.90


def test_dev_set_meets_its_minimums() -> None:
    questions = load_dev_questions()
    by_lang = {lang: sum(q.lang == lang for q in questions) for lang in ("zh-TW", "zh-CN", "en")}
    assert len(questions) >= 80 and by_lang["zh-TW"] >= 50 and by_lang["zh-CN"] >= 15 and by_lang["en"] >= 15


def test_hybrid_recall_at_3(search_service) -> None:
    results = evaluate_retrieval(search_service.index, load_dev_questions())
    hybrid = results["hybrid"]["all"]["R@3"]
    assert hybrid >= GATE_HYBRID_R3, f"hybrid R@3 {hybrid:.3f} below {GATE_HYBRID_R3}"
    # Fusion must not be worse than either backend alone.
    assert hybrid >= max(results["bm25"]["all"]["R@3"], results["dense"]["all"]["R@3"]) - 0.02
