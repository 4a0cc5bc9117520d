"""Loads the index once per process and searches it; shared by the CLI, the HTTP app and the evaluations."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

from indexer.index import LoadedIndex, ensure_index
from indexer.retrieval import Hit, Retriever, clean_query, make_retriever



class SearchService:
    """An index plus the configured retriever."""

    def __init__(self, index: LoadedIndex, retriever: Retriever) -> None:
        self.index = index
        self.retriever = retriever

    def search(self, query: str, *, game: str | None = None, k: int = 5) -> list[Hit]:
        """Validated query → top-k hits (QueryError for unusable input)."""
        return self.retriever.search(clean_query(query), game=game, k=k)


def load_service(index_dir: Path, embedder: str, corpus_dir: Path, retriever: str = "hybrid", *,
                 rebuild: bool = False,
                 log: Callable[[str], None] = lambda m: print(m, file=sys.stderr)) -> SearchService:
    """Ensure the index in `index_dir` for this embedder and wrap it with the named retriever."""
    index = ensure_index(index_dir, embedder, corpus_dir, rebuild=rebuild, log=log, progress=sys.stderr.isatty())
    return SearchService(index, make_retriever(retriever, index))
