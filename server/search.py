"""The search service for the configured settings (the answering layer knows no settings)."""
from __future__ import annotations

import sys
from typing import Callable

from answering.search import SearchService, load_service

from .settings import Settings


def build_service(settings: Settings, *, rebuild: bool = False,
                  log: Callable[[str], None] = lambda m: print(m, file=sys.stderr)) -> SearchService:
    """Ensure the index for these settings and wrap it with the configured retriever."""
    return load_service(settings.index_dir(), settings.embedder, settings.corpus_dir, settings.retriever,
                        rebuild=rebuild, log=log)
