"""Which rule or fact a question asks for, as a classifier trained on the answerers' example questions.

Nearest-example similarity judges each answerer by its one closest example; a linear classifier over
all of them (the question's vector and its character n-grams, `indexer.classifier`) weighs every
example and what tells answerers apart. Its probability is one more routing feature. It is trained with
the index (`arbiter index`) from the examples alone, never from an evaluation set.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from indexer.classifier import TextClassifier, masked_log_probability, trained

INTENT_VERSION = 2
INTENT_PREFIX = "intent"


def intent_file(model_id: str, labels: list[str], texts: list[str]) -> str:
    """The model's file name in the index: a content key over the embedder, the examples and their answerers."""
    payload = json.dumps([INTENT_VERSION, model_id, labels, texts], ensure_ascii=False)
    return f"{INTENT_PREFIX}-{hashlib.sha256(payload.encode()).hexdigest()[:16]}.npz"


def answerer_classes(labels: list[str]) -> tuple[str, ...]:
    """The classifier's classes in order: the answerers the example labels name, sorted."""
    return tuple(sorted(set(labels)))


@dataclass(frozen=True)
class IntentModel:
    """The classifier and the answerer each of its classes stands for."""

    classes: tuple[str, ...]
    classifier: TextClassifier

    def probabilities(self, vector: np.ndarray, text: str, allowed: set[str] | None = None) -> dict[str, float]:
        """Each answerer's probability for a question, normalised over the `allowed` answerers (a game's)."""
        mask = np.array([allowed is None or c in allowed for c in self.classes])
        if not mask.any():
            return {}
        log_p = masked_log_probability(self.classifier.logits(text, vector, len(self.classes)), mask)
        return {c: float(np.exp(lp)) for c, lp, inside in zip(self.classes, log_p, mask) if inside}

    @classmethod
    def load(cls, path: Path, labels: list[str]) -> "IntentModel | None":
        """The model in `path` for examples labelled `labels` (the file's key names them), or None."""
        classifier = TextClassifier.load(path)
        return cls(answerer_classes(labels), classifier) if classifier is not None else None


def train_intent(labels: list[str], texts: list[str], vectors: np.ndarray, cache_dir: Path | None = None) -> IntentModel:
    """Fit the classifier on example questions (their answerer ids, texts and sentence vectors)."""
    classes = answerer_classes(labels)
    number = {c: i for i, c in enumerate(classes)}
    return IntentModel(classes, trained(texts, [number[label] for label in labels], vectors, cache_dir))


def write_intent_model(directory: Path, model_id: str, labels: list[str], texts: list[str], vectors: np.ndarray,
                       cache_dir: Path | None) -> str:
    """Train the classifier into the index being built (read from `cache_dir` when these examples were
    trained on before); returns the file name."""
    name = intent_file(model_id, labels, texts)
    train_intent(labels, texts, vectors, cache_dir).classifier.save(directory / name)
    return name

