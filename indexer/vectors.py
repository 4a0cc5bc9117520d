"""Query-side vectors of fixed texts (rule examples, ruling questions), cached beside the index."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

from .embedders import Embedder


def cached_query_vectors(embedder: Embedder, texts: list[str], cache_dir: Path | None, name: str) -> np.ndarray:
    """Query-side vectors of fixed texts, cached in the index directory under a content key."""
    if not texts:
        return np.zeros((0, embedder.dim), dtype=np.float32)
    key = hashlib.sha256(json.dumps([embedder.model_id, texts], ensure_ascii=False).encode()).hexdigest()[:16]
    path = cache_dir / f"{name}-{key}.npy" if cache_dir else None
    if path is not None and path.exists():
        try:
            cached = np.load(path)
            if cached.shape == (len(texts), embedder.dim):
                return cached
        except (OSError, ValueError):
            pass  # a corrupt cache is simply recomputed
    vectors = np.vstack([embedder.embed_queries(texts[i:i + 32]) for i in range(0, len(texts), 32)])
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp.npy")
            np.save(tmp, vectors)
            tmp.replace(path)
        except OSError:
            pass  # a read-only index directory only costs the recomputation
    return vectors
