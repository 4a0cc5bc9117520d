"""Loads the index once per process and searches it; shared by the CLI and the HTTP app."""
from __future__ import annotations

import sys
from typing import Callable

from indexer.index import LoadedIndex, ensure_index
from indexer.retrieval import Hit, Retriever, clean_query, make_retriever

from .settings import Settings


class SearchService:
    """An index plus the configured retriever."""

    def __init__(self, index: LoadedIndex, retriever: Retriever) -> None:
        self.index = index
        self.retriever = retriever

    def search(self, query: str, *, game: str | None = None, k: int = 5) -> list[Hit]:
        """Validated query → top-k hits (QueryError for unusable input)."""
        return self.retriever.search(clean_query(query), game=game, k=k)


def build_service(settings: Settings, *, rebuild: bool = False,
                  log: Callable[[str], None] = lambda m: print(m, file=sys.stderr)) -> SearchService:
    """Ensure the index for these settings and wrap it with the configured retriever."""
    index = ensure_index(settings.index_dir(), settings.embedder, settings.corpus_dir,
                         rebuild=rebuild, log=log, progress=sys.stderr.isatty())
    return SearchService(index, make_retriever(settings.retriever, index))
