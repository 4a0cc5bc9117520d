"""Learned fusion: a linear ranker over per-field retrieval features, trained on the tune set
(`python -m evals.fusion`, scikit-learn) and kept beside the index in fusion.json.

This module only reads the model and scores with it (a dot product over features computed with
numpy): serving needs no training library.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .classifier import masked_log_probability

FUSION_FILE = "fusion.json"
FUSION_VERSION = 4
# Each field's score scaled by its best passage, each field's reciprocal rank, the cosine
# similarities as they are (passage text, nearest question, questions' centroid), how many of the question's glossary terms the passage contains, and
# whether the passage is a worked example (which shares a rule's words but is rarely what a question
# asks for: a question is about the rule, unless it retells the example), and the passage classifier's
# log-probability of the passage within the question's game.
FIELDS = ("bm25", "bm25_q", "dense", "dense_q", "dense_c")
FEATURES = tuple(f"{f}_scaled" for f in FIELDS) + tuple(f"{f}_rr" for f in FIELDS) + \
    ("dense_raw", "dense_q_raw", "dense_c_raw", "terms_covered", "worked_example", "classifier_logp")


# What makes two index builds rank alike: a rebuild of the same corpus with the same embedder and
# packages keeps its ranker (the build time does not matter).
INDEX_IDENTITY = ("format", "embedder", "model_id", "dim", "corpus_hash", "passages_digest", "tokenizer", "versions")


def index_key(directory: Path) -> str:
    """The identity of an index build, which a fusion model is trained for."""
    manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    identity = {k: manifest.get(k) for k in INDEX_IDENTITY}
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:16]


def worked_examples(index: Any) -> np.ndarray:
    """Per passage, 1 for a worked example of the rulebook (corpus/passages ids name them so, e.g.
    `dungeon-lords/appendix/potion-example`)."""
    held = getattr(index, "_worked_examples", None)
    if held is None:
        held = np.array([float("example" in p.id.rsplit("/", 1)[-1]) for p in index.passages])
        setattr(index, "_worked_examples", held)
    return held


def features(fields: dict[str, np.ndarray], mask: np.ndarray, terms_covered: np.ndarray,
             examples: np.ndarray | None = None, classifier_logits: np.ndarray | None = None) -> np.ndarray:
    """The feature matrix (passages × FEATURES) of one question; rows outside `mask` are not ranked."""
    n = len(mask)
    columns: list[np.ndarray] = []
    reciprocal: list[np.ndarray] = []
    for name in FIELDS:
        scores = fields.get(name, np.zeros(n, dtype=np.float32)).astype(np.float64)
        best = scores[mask].max() if mask.any() else 0.0
        columns.append(scores / best if best > 0 else np.zeros(n))
        order = [i for i in np.argsort(-scores, kind="stable") if mask[i] and scores[i] > 0]
        rr = np.zeros(n)
        rr[order] = 1.0 / (np.arange(len(order)) + 1.0)
        reciprocal.append(rr)
    raw = [fields.get(name, np.zeros(n, dtype=np.float32)).astype(np.float64)
           for name in ("dense", "dense_q", "dense_c")]
    # Without a classifier every passage is equally likely: the column is constant and ranks nothing.
    logp = np.zeros(n) if classifier_logits is None else masked_log_probability(classifier_logits, mask)
    return np.column_stack(columns + reciprocal + raw + [terms_covered, np.zeros(n) if examples is None else examples,
                                                          logp])


@dataclass(frozen=True)
class FusionModel:
    """A trained linear ranker: one weight per feature and an intercept."""

    weights: np.ndarray
    intercept: float

    def score(self, matrix: np.ndarray) -> np.ndarray:
        """The probability that each passage answers the question."""
        return 1.0 / (1.0 + np.exp(-(matrix @ self.weights + self.intercept)))

    @classmethod
    def load(cls, directory: Path) -> "FusionModel | None":
        """The model trained for this very index build, or None (then reciprocal-rank fusion is used: also
        when it cross-validated better than the ranker on the tune set)."""
        path = directory / FUSION_FILE
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            if doc.get("version") != FUSION_VERSION or doc.get("index") != index_key(directory) \
                    or tuple(doc.get("features", ())) != FEATURES or doc.get("use", "ranker") != "ranker":
                return None
            return cls(np.asarray(doc["weights"], dtype=np.float64), float(doc["intercept"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None
