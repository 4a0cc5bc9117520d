"""Entry point from the CLI and HTTP app to the answering pipeline."""
from __future__ import annotations

from typing import Any, Callable

from .settings import Settings


def make_answerer(settings: Settings) -> Callable[..., dict[str, Any]]:
    """A function (question, game=None, history=(), k=3) -> API response dict."""
    from .pipeline import Pipeline
    from .search import build_service

    pipeline = Pipeline(build_service(settings))

    def answer(question: str, *, game: str | None = None, history: list[str] | tuple = (),
               k: int = 3) -> dict[str, Any]:
        return pipeline.ask(question, game=game, history=list(history), k=k).model_dump()

    return answer
