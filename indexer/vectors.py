"""Vectors the index is built from: an embedding cache keyed by content, and the query-side vectors of
fixed texts (rule examples, ruling questions) embedded with the index."""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Callable

import numpy as np

from .embedders import Embedder

BATCH = 64
DEFAULT_CACHE_DIR = Path(__file__).resolve().parent.parent / "var" / "cache" / "embeddings"
# Vectors kept per model: several corpus versions' worth (a build embeds about 2,500 texts).
CACHE_ENTRIES = 50_000


class EmbeddingCache:
    """Vectors of texts already embedded by one model, keyed by a hash of the side and the text, so that
    a rebuild embeds only the texts that changed. One file per model; a missing or unreadable file is an
    empty cache, and writing it is best effort (it is only a cache)."""

    def __init__(self, directory: Path | None, embedder: Embedder) -> None:
        slug = "".join(c if c.isalnum() or c in "-_." else "_" for c in embedder.model_id)[:120]
        self.path = directory / f"{slug}.npz" if directory is not None else None
        self.dim = dim = embedder.dim
        # Where a query is cut is part of what its vector is.
        self._salt = f"{embedder.model_id}\0{getattr(embedder, 'max_query_tokens', None)}"
        self._vectors: dict[bytes, np.ndarray] = {}
        self._added = False
        if self.path is not None and self.path.exists():
            try:
                with np.load(self.path, allow_pickle=False) as data:
                    keys, vectors = data["keys"], data["vectors"]
                if vectors.ndim == 2 and vectors.shape == (len(keys), dim) and keys.shape[1:] == (32,):
                    self._vectors = dict(zip((k.tobytes() for k in keys), vectors))
            except (OSError, ValueError, KeyError):
                pass  # a damaged cache is rebuilt from scratch

    def key(self, side: str, text: str) -> bytes:
        """The cache key of a text embedded as a query or as a passage."""
        return hashlib.sha256(f"{self._salt}\0{side}\0{text}".encode()).digest()

    def embed(self, embed: Callable[[list[str]], np.ndarray], side: str, texts: list[str],
              on_batch: Callable[[int], None] = lambda n: None) -> np.ndarray:
        """(len(texts), dim) vectors in the order given: cached rows read, the rest embedded in batches
        of similar length (short texts batch well) and remembered."""
        keys = [self.key(side, t) for t in texts]
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        missing: dict[bytes, list[int]] = {}
        for row, key in enumerate(keys):
            if key in self._vectors:
                # Moved to the newest end: what the latest build used outlives older entries.
                out[row] = self._vectors[key] = self._vectors.pop(key)
            else:
                missing.setdefault(key, []).append(row)
        todo = sorted(missing.values(), key=lambda rows: len(texts[rows[0]]))
        for start in range(0, len(todo), BATCH):
            batch = todo[start:start + BATCH]
            vectors = embed([texts[rows[0]] for rows in batch])
            for rows, vector in zip(batch, vectors):
                out[rows] = vector
                self._vectors[keys[rows[0]]] = vector
            self._added = True
            on_batch(len(batch))
        return out

    def save(self) -> None:
        """Write the cache whole (a reader never sees half a file) when anything was added."""
        if self.path is None or not self._added:
            return
        keys = list(self._vectors)[-CACHE_ENTRIES:]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.stem}.", suffix=".npz", dir=self.path.parent)
            with os.fdopen(fd, "wb") as f:
                # Digests as rows of bytes: a bytes dtype ("S32") would drop a digest's trailing zero bytes.
                np.savez(f, keys=np.frombuffer(b"".join(keys), dtype=np.uint8).reshape(-1, 32),
                         vectors=np.array([self._vectors[k] for k in keys], dtype=np.float32).reshape(-1, self.dim))
            os.replace(tmp, self.path)
        except OSError:
            pass  # an unwritable cache only means the next build embeds again


def vectors_file(model_id: str, texts: list[str], name: str) -> str:
    """The file name of a set of fixed texts' vectors: a content key, so that changed texts are noticed."""
    key = hashlib.sha256(json.dumps([model_id, texts], ensure_ascii=False).encode()).hexdigest()[:16]
    return f"{name}-{key}.npy"


def write_query_vectors(embedder: Embedder, texts: list[str], directory: Path, name: str,
                        cache: EmbeddingCache) -> None:
    """Embed fixed texts into the index being built (`arbiter index`)."""
    np.save(directory / vectors_file(embedder.model_id, texts, name), cache.embed(embedder.embed_queries, "query", texts))


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
    return EmbeddingCache(None, embedder).embed(embedder.embed_queries, "query", texts)
