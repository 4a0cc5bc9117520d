"""POST /api/ask and GET /api/search, built for the configured question length limit."""
# No `from __future__ import annotations`: the request model is made per app (its maxLength is a
# setting), and FastAPI must see that class itself in the endpoint's signature, not its name.

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query
from pydantic import BaseModel, ConfigDict, Field, create_model, field_validator

from answering.pipeline import AskResponse, Citation, make_citation
from indexer.retrieval import MAX_QUERY_CHARS, QueryError, clean_query

from ..bodies import StrictJsonRoute
from ..deps import PipelineDep
from ..errors import error_responses


class HistoryItem(BaseModel):
    """An earlier question in the same conversation."""

    model_config = ConfigDict(extra="ignore")

    question: str = Field(max_length=MAX_QUERY_CHARS)


class AskRequest(BaseModel):
    """A question, an optional game id and the conversation so far."""

    model_config = ConfigDict(extra="forbid")

    question: str = Field(max_length=MAX_QUERY_CHARS, description="the rules question")
    game: str | None = Field(default=None, max_length=40, description="onirim, mist-mountain or dungeon-lords")
    history: list[HistoryItem] = Field(default_factory=list, max_length=20)

    @field_validator("question")
    @classmethod
    def _usable(cls, v: str) -> str:
        try:
            return clean_query(v)
        except QueryError as e:
            raise ValueError(str(e)) from e


class SearchResponse(BaseModel):
    """Ranked passages for a query."""

    query: str
    game: str | None
    results: list[Citation]


def ask_request_model(max_chars: int) -> type[AskRequest]:
    """AskRequest whose question and history questions hold at most max_chars characters."""
    history = create_model("HistoryItem", __base__=HistoryItem,
                           question=(str, Field(max_length=max_chars)))
    return create_model("AskRequest", __base__=AskRequest,
                        question=(str, Field(max_length=max_chars,
                                             description=f"the rules question, 1-{max_chars} characters")),
                        history=(list[history], Field(default_factory=list, max_length=20)))


def build_router(max_question_chars: int) -> APIRouter:
    """The ask and search routes, refusing questions longer than max_question_chars."""
    router = APIRouter(prefix="/api", tags=["ask"], route_class=StrictJsonRoute)
    request_model = ask_request_model(max_question_chars)

    @router.post("/ask", response_model=AskResponse, summary="Answer a rules question",
                 responses=error_responses(404, 413, 422, 429))
    def ask(body: request_model, pipeline: PipelineDep) -> Any:  # type: ignore[valid-type]
        """Verdict (where a rule applies) plus verbatim citations, in the question's language."""
        return pipeline.ask(body.question, game=body.game, history=[h.question for h in body.history])

    @router.get("/search", response_model=SearchResponse, summary="Search the rule texts",
                responses=error_responses(404, 422))
    def search(pipeline: PipelineDep,
               q: Annotated[str, Query(description="query text", max_length=max_question_chars)],
               game: Annotated[str | None, Query(description="restrict to one game id", max_length=40)] = None,
               k: Annotated[int, Query(ge=1, le=20)] = 5) -> Any:
        """Hybrid retrieval only (no verdict)."""
        if game is not None:
            from rules_engine import get_game

            get_game(game)
        try:
            hits = pipeline.search.search(q, game=game, k=k)
        except QueryError as e:
            raise HTTPException(status_code=422, detail=[{"field": "q", "problem": str(e)}]) from e
        return SearchResponse(query=q, game=game, results=[make_citation(h.passage, h.score) for h in hits])

    return router
