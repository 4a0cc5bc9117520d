"""Train the retrieval ranker on the tune set and keep it beside the index (fusion.json).

`python -m evals.fusion [--if-stale]`. The features are those of `indexer.fusion` (per-field scores
scaled by the best passage, per-field reciprocal ranks, raw cosines, glossary terms covered), computed
within the question's game for every passage; the label is whether the passage is one the question's
writer marked relevant. A logistic regression (scikit-learn) is fitted pointwise; only its weights are
stored, and serving scores with a dot product. Its regularisation, and whether it serves at all
rather than reciprocal-rank fusion, are chosen by k-fold cross-validation over whole tune questions.
Only the tune set is read: the check set never shapes the ranker.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from indexer.fusion import FEATURES, FUSION_FILE, FUSION_VERSION, index_key

# Regularisation strengths tried by cross-validation on the tune set (smaller C, smaller weights).
C_GRID = (0.1, 0.3, 1.0, 3.0)
FOLDS = 5


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


# Per question: its feature rows, their labels, and which rows are rule passages.
Rows = list[tuple[np.ndarray, np.ndarray, np.ndarray]]


def _question_rows(index: Any, questions: list[tuple[str, str, list[str]]]) -> Rows:
    """Per question: its feature rows (passages of its game), their labels, and which rows are rule
    passages (recall counts rule passages, as `python -m evals.retrieval` does)."""
    from indexer.retrieval import HybridRetriever

    retriever = HybridRetriever(index, learned=False)
    out = []
    for q, game, relevant in questions:
        _, mask, matrix = retriever.features(q, game)
        rows = np.flatnonzero(mask)
        out.append((matrix[rows], np.array([index.passages[i].id in relevant for i in rows]),
                    np.array([index.passages[i].kind == "rule" for i in rows])))
    return out


def _train(per_question: Rows, c: float) -> Any:
    """A logistic regression fitted pointwise on the rows of these questions."""
    from sklearn.linear_model import LogisticRegression

    x = np.concatenate([m for m, _, _ in per_question])
    y = np.concatenate([labels for _, labels, _ in per_question])
    return LogisticRegression(C=c, max_iter=5000, class_weight="balanced").fit(x, y)


def _recall(per_question: Rows, scores: list[np.ndarray]) -> dict[str, float]:
    """R@1 and R@3 of rankings by these scores, over rule passages."""
    hits = {1: 0, 3: 0}
    for (_, labels, rule), s in zip(per_question, scores):
        ranked = [i for i in np.argsort(-s, kind="stable") if rule[i]]
        for k in hits:
            hits[k] += bool(labels[ranked[:k]].any())
    return {f"R@{k}": round(v / max(len(scores), 1), 3) for k, v in hits.items()}


def cross_validate(index: Any, questions: list[tuple[str, str, list[str]]], per_question: Rows | None = None
                   ) -> dict[str, dict[str, float]]:
    """Held-out recall on the tune set (k folds of whole questions) of the ranker at each C and of
    reciprocal-rank fusion: how the choice between them is made without the check set."""
    from sklearn.model_selection import KFold

    from indexer.retrieval import HybridRetriever

    per_question = per_question or _question_rows(index, questions)
    out: dict[str, dict[str, float]] = {}
    rrf = HybridRetriever(index, learned=False)
    rrf_scores = []
    for q, game, _ in questions:
        rows = [p.id for p in index.passages if p.game == game]
        # Rank fusion's order as a score: the first passage highest, those it leaves out last.
        order = {h.passage.id: -r for r, h in enumerate(rrf.search(q, game=game, k=len(rows)))}
        rrf_scores.append(np.array([order.get(pid, -len(rows)) for pid in rows], dtype=float))
    out["rrf"] = _recall(per_question, rrf_scores)
    folds = list(KFold(FOLDS, shuffle=True, random_state=0).split(per_question))
    for c in C_GRID:
        scores: list[np.ndarray] = [np.zeros(0)] * len(per_question)
        for train, test in folds:
            model = _train([per_question[i] for i in train], c)
            for i in test:
                scores[i] = model.decision_function(per_question[i][0])
        out[f"ranker C={c}"] = _recall(per_question, scores)
    return out


def fit(index: Any, questions: list[tuple[str, str, list[str]]], c: float = 1.0,
        per_question: Rows | None = None) -> dict[str, Any]:
    """The fitted ranker's weights, and its recall on the questions it was fitted on."""
    per_question = per_question or _question_rows(index, questions)
    model = _train(per_question, c)
    fitted = _recall(per_question, [model.decision_function(m) for m, _, _ in per_question])
    return {"weights": model.coef_[0].tolist(), "intercept": float(model.intercept_[0]), "C": c,
            "fitted_recall": fitted, "questions": len(questions),
            "rows": int(sum(len(labels) for _, labels, _ in per_question))}


def choose(cv: dict[str, dict[str, float]]) -> str:
    """The cross-validated best of the ranker settings and rank fusion, by R@1 + R@3 (ties keep the
    first: rank fusion, then the strongest regularisation)."""
    return max(cv, key=lambda name: cv[name]["R@1"] + cv[name]["R@3"])


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
    questions = training_questions()
    # Features and cross-validated rank fusion embed the same questions in two passes (a few texts each).
    from indexer.retrieval import query_vector_cache

    query_vector_cache(service.index).hold(4 * len(questions))
    per_question = _question_rows(service.index, questions)
    cv = cross_validate(service.index, questions, per_question)
    choice = choose(cv)
    for name, figures in cv.items():
        print(f"  {FOLDS}-fold on the tune set, {name}: R@1 {figures['R@1']}, R@3 {figures['R@3']}"
              + ("  ← chosen" if name == choice else ""))
    result = fit(service.index, questions, float(choice.split("=")[1]) if choice != "rrf" else C_GRID[0],
                 per_question)
    doc = {"version": FUSION_VERSION, "index": key, "tune_hash": tune_hash(), "features": list(FEATURES),
           "use": "rrf" if choice == "rrf" else "ranker", "cross_validated": cv, **result}
    write_json(path, doc)
    print(f"fusion ranker fitted on {result['questions']} tune questions ({result['rows']} rows, C={result['C']}) in "
          f"{time.perf_counter() - started:.1f} s: fitted R@1 {result['fitted_recall']['R@1']}, "
          f"R@3 {result['fitted_recall']['R@3']}; serving {doc['use']} → {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
