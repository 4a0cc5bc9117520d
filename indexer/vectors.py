"""Query-side vectors of fixed texts (rule examples, ruling questions), embedded with the index."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

from .embedders import Embedder

BATCH = 64


def vectors_file(model_id: str, texts: list[str], name: str) -> str:
    """The file name of a set of fixed texts' vectors: a content key, so that changed texts are noticed."""
    key = hashlib.sha256(json.dumps([model_id, texts], ensure_ascii=False).encode()).hexdigest()[:16]
    return f"{name}-{key}.npy"


def embed_fixed(embedder: Embedder, texts: list[str]) -> np.ndarray:
    """Query-side vectors of fixed texts, batched by length (rows in the order given)."""
    out = np.zeros((len(texts), embedder.dim), dtype=np.float32)
    by_length = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    for start in range(0, len(by_length), BATCH):
        rows = by_length[start:start + BATCH]
        out[rows] = embedder.embed_queries([texts[i] for i in rows])
    return out


def write_query_vectors(embedder: Embedder, texts: list[str], directory: Path, name: str) -> None:
    """Embed fixed texts into the index being built (`arbiter index`)."""
    np.save(directory / vectors_file(embedder.model_id, texts, name), embed_fixed(embedder, texts))


def cached_query_vectors(embedder: Embedder, texts: list[str], cache_dir: Path | None, name: str) -> np.ndarray:
    """Query-side vectors of fixed texts, read from the index directory; the directory is read-only at serve
    time, so texts the index was not built with are embedded in memory (`arbiter index` rebuilds them)."""
    if not texts:
        return np.zeros((0, embedder.dim), dtype=np.float32)
    path = cache_dir / vectors_file(embedder.model_id, texts, name) if cache_dir else None
    if path is not None and path.exists():
        try:
            cached = np.load(path)
            if cached.shape == (len(texts), embedder.dim):
                return cached
        except (OSError, ValueError):
            pass  # a corrupt file is recomputed; check_index reports it as corrupt
    return embed_fixed(embedder, texts)
