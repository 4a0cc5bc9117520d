"""POST /api/ask and GET /api/search."""
from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query
from pydantic import BaseModel, ConfigDict, Field, field_validator

from indexer.retrieval import MAX_QUERY_CHARS, QueryError, clean_query

from ..bodies import StrictJsonRoute
from ..deps import PipelineDep
from answering.pipeline import AskResponse, Citation, make_citation

router = APIRouter(prefix="/api", tags=["ask"], route_class=StrictJsonRoute)


class HistoryItem(BaseModel):
    """An earlier question in the same conversation."""

    model_config = ConfigDict(extra="ignore")

    question: str = Field(max_length=MAX_QUERY_CHARS)


class AskRequest(BaseModel):
    """A question, an optional game id and the conversation so far."""

    model_config = ConfigDict(extra="forbid")

    question: str = Field(description="the rules question, 1-500 characters")
    game: str | None = Field(default=None, description="onirim, mist-mountain or dungeon-lords")
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


@router.post("/ask", response_model=AskResponse, summary="Answer a rules question")
def ask(body: AskRequest, pipeline: PipelineDep) -> Any:
    """Verdict (where a rule applies) plus verbatim citations, in the question's language."""
    return pipeline.ask(body.question, game=body.game, history=[h.question for h in body.history])


@router.get("/search", response_model=SearchResponse, summary="Search the rule texts")
def search(pipeline: PipelineDep,
           q: Annotated[str, Query(description="query text", max_length=2000)],
           game: Annotated[str | None, Query(description="restrict to one game id")] = None,
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
