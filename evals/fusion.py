"""Train the retrieval ranker on the tune set and keep it beside the index (fusion.json).

`python -m evals.fusion [--if-stale]`. The features are those of `indexer.fusion` (per-field scores
scaled by the best passage, per-field reciprocal ranks, raw cosines, glossary terms covered), computed
within the question's game for every passage; the label is whether the passage is one the question's
writer marked relevant. A logistic regression (scikit-learn) is fitted pointwise; only its weights are
stored, and serving scores with a dot product. Only the tune set is read: the check set never shapes
the ranker.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from indexer.fusion import FEATURES, FUSION_FILE, FUSION_VERSION, index_key

# Regularisation of the logistic regression: weights stay small enough to generalise from ~400 questions.
C = 1.0


def training_questions() -> list[tuple[str, str, list[str]]]:
    """(question, game, relevant passage ids) of the tune set: the retrieval questions and every other
    self-contained tune question with labelled passages."""
    from .pipeline import tune_items
    from .retrieval import load_dev_questions

    seen: set[str] = set()
    out: list[tuple[str, str, list[str]]] = []
    for q in load_dev_questions():
        seen.add(q.q)
        out.append((q.q, q.game, q.relevant))
    for item in tune_items():
        if item.game and item.relevant and not item.history and item.q not in seen:
            seen.add(item.q)
            out.append((item.q, item.game, item.relevant))
    return out


def fit(index: Any, questions: list[tuple[str, str, list[str]]]) -> dict[str, Any]:
    """The fitted ranker's weights, and its recall on the questions it was fitted on."""
    from sklearn.linear_model import LogisticRegression

    from indexer.retrieval import HybridRetriever

    retriever = HybridRetriever(index, learned=False)
    rows, labels, groups = [], [], []
    for n, (q, game, relevant) in enumerate(questions):
        _, mask, matrix = retriever.features(q, game)
        for i in np.flatnonzero(mask):
            rows.append(matrix[i])
            labels.append(index.passages[i].id in relevant)
            groups.append(n)
    x, y = np.asarray(rows), np.asarray(labels)
    model = LogisticRegression(C=C, max_iter=5000, class_weight="balanced")
    model.fit(x, y)
    scores = model.decision_function(x)
    group = np.asarray(groups)
    hits = {1: 0, 3: 0}
    for n in range(len(questions)):
        rows_n = np.flatnonzero(group == n)
        ranked = rows_n[np.argsort(-scores[rows_n], kind="stable")]
        for k in hits:
            hits[k] += bool(y[ranked[:k]].any())
    return {"weights": model.coef_[0].tolist(), "intercept": float(model.intercept_[0]),
            "fitted_recall": {f"R@{k}": round(v / len(questions), 3) for k, v in hits.items()},
            "questions": len(questions), "rows": int(len(y))}


def main(argv: list[str] | None = None) -> int:
    """Write fusion.json beside the configured index (only when stale with --if-stale)."""
    parser = argparse.ArgumentParser(prog="python -m evals.fusion")
    parser.add_argument("--if-stale", action="store_true", help="only when the tune set or index changed")
    args = parser.parse_args(argv)
    from server.search import build_service
    from server.settings import get_settings

    from .calibrate import tune_hash, up_to_date, write_json

    service = build_service(get_settings(), log=lambda m: print(m, file=sys.stderr))
    directory = Path(service.index.directory)
    path = directory / FUSION_FILE
    key = index_key(directory)
    if args.if_stale and up_to_date(path, index=key, tune_hash=tune_hash(), version=FUSION_VERSION,
                                    features=list(FEATURES)):
        print(f"fusion model {path} is up to date")
        return 0
    started = time.perf_counter()
    result = fit(service.index, training_questions())
    doc = {"version": FUSION_VERSION, "index": key, "tune_hash": tune_hash(), "features": list(FEATURES), **result}
    write_json(path, doc)
    print(f"fusion ranker fitted on {result['questions']} tune questions ({result['rows']} rows) in "
          f"{time.perf_counter() - started:.1f} s: fitted R@1 {result['fitted_recall']['R@1']}, "
          f"R@3 {result['fitted_recall']['R@3']} → {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
