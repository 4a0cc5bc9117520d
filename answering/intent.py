"""Which rule or fact a question asks for, as a classifier trained on the answerers' example questions.

Nearest-example similarity judges each answerer by its one closest example; a linear classifier over
all of them (the question's vector and its character n-grams) weighs every example and what tells
answerers apart. Its probability is one more routing feature. It is trained with the index
(`arbiter index`, scikit-learn) from the examples alone, never from an evaluation set, and kept in the
index directory as arrays; serving scores it with numpy.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from indexer.text import fold

INTENT_VERSION = 1
INTENT_PREFIX = "intent"
# The n-gram block is scaled against the sentence vector (both are unit length) and the regularisation
# is loose: both chosen once on the tune set's routing and fixed here, so that a build is repeatable.
NGRAM_WEIGHT = 0.5
C = 16.0
_TOKEN = re.compile(r"[^\s，。？?！!,.、；;:：（）()「」\"'“”]+")


def char_grams(text: str) -> list[str]:
    """Character 1- to 3-grams of each word of the folded text, a word padded with a space at each end."""
    out: list[str] = []
    for token in _TOKEN.findall(fold(text).lower()):
        padded = f" {token} "
        for n in (1, 2, 3):
            out += [g for g in (padded[i:i + n] for i in range(len(padded) - n + 1)) if g.strip()]
    return out


def intent_file(model_id: str, labels: list[str], texts: list[str]) -> str:
    """The model's file name: a content key over the embedder, the examples and their answerers."""
    payload = json.dumps([INTENT_VERSION, NGRAM_WEIGHT, C, model_id, labels, texts], ensure_ascii=False)
    return f"{INTENT_PREFIX}-{hashlib.sha256(payload.encode()).hexdigest()[:16]}.npz"


@dataclass(frozen=True)
class IntentModel:
    """A multinomial logistic regression over [sentence vector ; weighted TF-IDF of character n-grams]."""

    classes: tuple[str, ...]
    vocabulary: dict[str, int]
    idf: np.ndarray        # (V,)
    dense_coef: np.ndarray  # (classes, dim)
    gram_coef: np.ndarray   # (classes, V)
    intercept: np.ndarray   # (classes,)

    def grams(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        """The question's TF-IDF n-gram features as (columns, values), sublinear counts, unit length."""
        counts = Counter(g for g in char_grams(text) if g in self.vocabulary)
        if not counts:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        cols = np.array([self.vocabulary[g] for g in counts], dtype=np.int64)
        values = np.array([1.0 + math.log(k) for k in counts.values()]) * self.idf[cols]
        return cols, values / np.linalg.norm(values)

    def probabilities(self, vector: np.ndarray, text: str, allowed: set[str] | None = None) -> dict[str, float]:
        """Each answerer's probability for a question, normalised over the `allowed` answerers (a game's)."""
        cols, values = self.grams(text)
        logits = self.dense_coef @ vector.reshape(-1).astype(np.float64) + self.intercept
        if len(cols):
            logits = logits + NGRAM_WEIGHT * (self.gram_coef[:, cols] @ values)
        keep = [i for i, c in enumerate(self.classes) if allowed is None or c in allowed]
        if not keep:
            return {}
        chosen = logits[keep]
        weights = np.exp(chosen - chosen.max())
        weights /= weights.sum()
        return {self.classes[i]: float(w) for i, w in zip(keep, weights)}

    def save(self, path: Path) -> None:
        """Write the model as plain arrays (no pickle)."""
        words = sorted(self.vocabulary, key=self.vocabulary.__getitem__)
        with path.open("wb") as f:
            np.savez(f, classes=np.array(self.classes), vocabulary=np.array(words), idf=self.idf,
                     dense_coef=self.dense_coef, gram_coef=self.gram_coef, intercept=self.intercept)

    @classmethod
    def load(cls, path: Path) -> "IntentModel | None":
        """The model in `path`, or None when it is missing or unreadable."""
        try:
            with np.load(path, allow_pickle=False) as data:
                words = [str(w) for w in data["vocabulary"]]
                return cls(tuple(str(c) for c in data["classes"]), {w: i for i, w in enumerate(words)},
                           data["idf"], data["dense_coef"], data["gram_coef"], data["intercept"])
        except (OSError, ValueError, KeyError):
            return None


def train_intent(labels: list[str], texts: list[str], vectors: np.ndarray) -> IntentModel:
    """Fit the classifier on example questions (their answerer ids, texts and sentence vectors)."""
    from scipy.sparse import csr_matrix, hstack
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    tfidf = TfidfVectorizer(analyzer=char_grams, sublinear_tf=True)
    grams = tfidf.fit_transform(texts)
    classes = sorted(set(labels))
    index = {c: i for i, c in enumerate(classes)}
    y = np.array([index[label] for label in labels])
    features = hstack([csr_matrix(vectors.astype(np.float64)), NGRAM_WEIGHT * grams]).tocsr()
    fitted = LogisticRegression(C=C, max_iter=3000).fit(features, y)
    coef = fitted.coef_
    if len(classes) == 2:  # scikit-learn keeps one row for two classes: the second's logit against the first
        coef, intercept = np.vstack([-coef / 2, coef / 2]), np.array([-1.0, 1.0]) * fitted.intercept_[0] / 2
    else:
        intercept = fitted.intercept_
    dim = vectors.shape[1]
    vocabulary = {str(k): int(v) for k, v in tfidf.vocabulary_.items()}
    return IntentModel(tuple(classes), vocabulary, tfidf.idf_.astype(np.float64),
                       np.ascontiguousarray(coef[:, :dim]), np.ascontiguousarray(coef[:, dim:]),
                       intercept.astype(np.float64))


def write_intent_model(directory: Path, model_id: str, labels: list[str], texts: list[str], vectors: np.ndarray,
                       cache_dir: Path | None) -> str:
    """Train the classifier into the index being built, or copy it from `cache_dir` when these examples were
    trained on before (a rebuild of unchanged examples stays fast); returns the file name."""
    name = intent_file(model_id, labels, texts)
    cached = cache_dir / "intent" / name if cache_dir is not None else None
    if cached is not None and IntentModel.load(cached) is not None:
        shutil.copyfile(cached, directory / name)
        return name
    train_intent(labels, texts, vectors).save(directory / name)
    if cached is not None:
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(directory / name, cached)
        except OSError:
            pass  # only a cache
    return name
