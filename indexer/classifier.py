"""A text classifier over [the question's embedding ; character n-grams of its folded text], trained at
index build time. Two uses: which passage a question is about (one class a passage, learned from each
passage's own questions in corpus/questions and its text; its log-probability is a feature of the
retrieval ranker), and which rule or fact it asks for (one class an answerer, learned from their example
questions: answering.intent).

Training uses scikit-learn (`arbiter index`); the weights are kept in the index directory as numpy arrays
and scoring is a dot product, so serving needs no training library.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import numpy as np

from .text import fold

CLASSIFIER_FILE = "classifier.npz"
CLASSIFIER_VERSION = 1
NGRAM_RANGE = (1, 3)
# An n-gram seen in one training text only names that text, not a passage's topic.
MIN_DF = 2
# Weak regularisation: the classes are many and each has few examples (chosen by tune CV of the ranker).
C = 10.0
# Trained classifiers kept in the cache: a few corpus versions' worth.
CACHE_ENTRIES = 8
# A passage the classifier never saw, or one it all but rules out, scores no lower than this.
LOGP_FLOOR = -30.0


def char_ngrams(text: str) -> list[str]:
    """The character n-grams of a text folded in width, script and case (blank-only n-grams left out):
    the same for a question written in Traditional or Simplified script."""
    folded = fold(text)
    out: list[str] = []
    for n in range(NGRAM_RANGE[0], NGRAM_RANGE[1] + 1):
        out += [g for g in (folded[i:i + n] for i in range(len(folded) - n + 1)) if not g.isspace()]
    return out


@dataclass(frozen=True)
class TextClassifier:
    """A multinomial logistic regression over [embedding ; char n-gram TF-IDF]; `rows` are the labels of its
    classes (passage rows, answerer numbers)."""

    vocabulary: dict[str, int]
    idf: np.ndarray
    dense_weights: np.ndarray
    text_weights: np.ndarray
    bias: np.ndarray
    rows: np.ndarray

    def tfidf(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        """The sparse TF-IDF vector of a text as (columns, values): sublinear counts times idf, L2-normalised
        (what scikit-learn's TfidfVectorizer computed at training time)."""
        counts: dict[int, int] = {}
        for gram in char_ngrams(text):
            col = self.vocabulary.get(gram)
            if col is not None:
                counts[col] = counts.get(col, 0) + 1
        if not counts:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        cols = np.fromiter(counts, dtype=np.int64, count=len(counts))
        values = (1.0 + np.log(np.fromiter(counts.values(), dtype=np.float64, count=len(counts)))) * self.idf[cols]
        return cols, values / np.linalg.norm(values)

    def logits(self, text: str, vector: np.ndarray, n: int) -> np.ndarray:
        """Per passage row (n rows), the classifier's logit for a question; rows without a class get the
        lowest logit less a margin."""
        cols, values = self.tfidf(text)
        scores = self.dense_weights @ np.asarray(vector, dtype=np.float64).ravel() + self.bias
        if len(cols):
            scores = scores + self.text_weights[:, cols] @ values
        out = np.full(n, scores.min() + LOGP_FLOOR if len(scores) else 0.0)
        out[self.rows] = scores
        return out

    def save(self, path: Path) -> None:
        """Write the classifier as one .npz of plain arrays (no pickle)."""
        grams = sorted(self.vocabulary, key=self.vocabulary.__getitem__)
        with path.open("wb") as f:
            np.savez(f, version=np.array(CLASSIFIER_VERSION), vocabulary=np.array(grams, dtype=str),
                     idf=self.idf, dense_weights=self.dense_weights, text_weights=self.text_weights,
                     bias=self.bias, rows=self.rows)

    @classmethod
    def load(cls, path: Path) -> "TextClassifier | None":
        """The classifier in `path`, or None when it is missing, of another version or unreadable."""
        try:
            with np.load(path, allow_pickle=False) as data:
                if int(data["version"]) != CLASSIFIER_VERSION:
                    return None
                grams = [str(g) for g in data["vocabulary"]]
                return cls({g: i for i, g in enumerate(grams)}, data["idf"], data["dense_weights"],
                           data["text_weights"], data["bias"], data["rows"])
        except (OSError, ValueError, KeyError):
            return None


def masked_log_probability(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Log-softmax of the logits over the rows in `mask` (the question's game), floored at LOGP_FLOOR;
    rows outside the mask get the floor."""
    out = np.full(len(logits), LOGP_FLOOR)
    if mask.any():
        inside = logits[mask] - logits[mask].max()
        out[mask] = np.maximum(inside - np.log(np.exp(inside).sum()), LOGP_FLOOR)
    return out


def train(texts: list[str], labels: list[int], vectors: np.ndarray) -> TextClassifier:
    """Fit the classifier on training texts, the passage row each is about, and their embeddings."""
    from scipy import sparse
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    vectorizer = TfidfVectorizer(analyzer=char_ngrams, sublinear_tf=True, min_df=MIN_DF)
    text_matrix = vectorizer.fit_transform(texts)
    x = sparse.hstack([sparse.csr_matrix(np.asarray(vectors, dtype=np.float64)), text_matrix]).tocsr()
    model = LogisticRegression(C=C, max_iter=3000).fit(x, labels)
    dim = vectors.shape[1]
    coef = model.coef_
    if coef.shape[0] == 1:  # two classes: scikit-learn keeps one row, the second class's side
        coef = np.vstack([-coef, coef]) / 2
        intercept = np.array([-model.intercept_[0], model.intercept_[0]]) / 2
    else:
        intercept = model.intercept_
    return TextClassifier(
        {g: int(i) for g, i in vectorizer.vocabulary_.items()}, vectorizer.idf_.astype(np.float64),
        coef[:, :dim].astype(np.float32), coef[:, dim:].astype(np.float32), intercept.astype(np.float64),
        model.classes_.astype(np.int64))


def _training_key(texts: list[str], labels: list[int], vectors: np.ndarray) -> str:
    """A content key of everything a trained classifier depends on."""
    h = hashlib.sha256()
    settings = [CLASSIFIER_VERSION, NGRAM_RANGE, MIN_DF, C, metadata.version("scikit-learn"), texts, labels]
    h.update(json.dumps(settings, ensure_ascii=False).encode())
    h.update(np.ascontiguousarray(vectors, dtype=np.float32).tobytes())
    return h.hexdigest()[:24]


def trained(texts: list[str], labels: list[int], vectors: np.ndarray, cache_dir: Path | None) -> TextClassifier:
    """The classifier for these inputs: read from `cache_dir` when trained before (a rebuild of the same
    corpus stays fast), else trained and remembered there (best effort: it is only a cache)."""
    path = cache_dir / f"{_training_key(texts, labels, vectors)}.npz" if cache_dir is not None else None
    if path is not None and path.exists():
        cached = TextClassifier.load(path)
        if cached is not None:
            os.utime(path)  # the newest use outlives older entries
            return cached
    model = train(texts, labels, vectors)
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".classifier.", suffix=".npz", dir=path.parent)
            os.close(fd)
            model.save(Path(tmp))
            os.replace(tmp, path)
            for old in sorted(path.parent.glob("*.npz"), key=lambda p: p.stat().st_mtime)[:-CACHE_ENTRIES]:
                old.unlink(missing_ok=True)
        except OSError:
            pass  # an unwritable cache only means the next build trains again
    return model
