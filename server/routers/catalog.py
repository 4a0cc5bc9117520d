"""Games, passages and engine rules."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body
from pydantic import ValidationError

from indexer.corpus import passages_by_id
from rules_engine import GAMES, Rule, UnknownId, Verdict, all_rules, describe_validation_error, get_rule, load_games

from ..bodies import StrictJsonRoute
from ..errors import ApiError, error_responses

router = APIRouter(prefix="/api", tags=["catalog"], route_class=StrictJsonRoute)


@router.get("/games", summary="The games covered")
def games() -> list[dict[str, Any]]:
    """Every registered game with its names and rule count."""
    load_games()
    by_game: dict[str, int] = {}
    for p in passages_by_id().values():
        by_game[p.game] = by_game.get(p.game, 0) + 1
    return [{"id": g.id, "names": g.names, "passages": by_game.get(g.id, 0),
             "rules": [r.id for r in all_rules(g.id)]} for g in GAMES.values()]


@router.get("/passages/{passage_id:path}", summary="One passage, verbatim", responses=error_responses(404))
def passage(passage_id: str) -> dict[str, Any]:
    """The passage with this id (404 lists how ids look)."""
    known = passages_by_id()
    if passage_id not in known:
        raise ApiError(404, f"unknown passage id {passage_id!r}; ids look like 'onirim/towers/nightmare' "
                            f"(see /api/search)", field="passage_id")
    p = known[passage_id]
    siblings = [q.id for q in known.values() if q.game == p.game and q.section == p.section]
    return {**p.model_dump(), "section_passages": siblings}


@router.get("/rules", summary="Engine rules and their input schemas")
def rules() -> list[dict[str, Any]]:
    """Each rule with titles, cited passages, examples and JSON input schema."""
    return [{"id": r.id, "game": r.game, "titles": r.titles, "passages": list(r.passages),
             "examples": {k: list(v) for k, v in r.examples.items()}, "input_schema": r.input_schema()}
            for r in all_rules()]


def _evaluate(rule_id: str, body: Any) -> dict[str, Any]:
    """Validate the input against the rule's schema and return its Verdict."""
    try:
        rule = get_rule(rule_id)
    except UnknownId as e:
        raise ApiError(404, str(e), field="rule_id", valid=e.valid) from e
    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise ApiError(422, f"the body must be a JSON object, found {type(body).__name__}", field="body")
    try:
        return rule.run(body).model_dump()
    except ValidationError as e:
        raise ApiError(422, f"invalid input for {rule.id}", details=describe_validation_error(e)) from e


def _add_rule_route(rule: Rule) -> None:
    """POST /api/rules/<rule id>: the same evaluation, documented with that rule's input schema."""

    def evaluate(body: Any = Body(default=None)) -> dict[str, Any]:
        return _evaluate(rule.id, body)

    titles = rule.titles
    router.add_api_route(
        f"/rules/{rule.id}", evaluate, methods=["POST"], response_model=Verdict, name=f"evaluate {rule.id}",
        summary=f"Evaluate {rule.id}", description=f"{titles.get('en', '')} / {titles.get('zh-TW', '')}. "
        "Fields left out are unknown: the verdict then covers every value they may take.",
        responses=error_responses(413, 422),
        # server.openapi puts the rule's input schema here verbatim (FastAPI's OpenAPI models drop parts of it).
        openapi_extra={"x-rule": rule.id,
                       "requestBody": {"required": False, "content": {"application/json": {"schema": {}}}}})


load_games()
for _rule in all_rules():
    _add_rule_route(_rule)


@router.post("/rules/{rule_id}", summary="Evaluate a rule", response_model=Verdict,
             responses=error_responses(404, 413, 422))
def evaluate_rule(rule_id: str, body: Any = Body(default=None)) -> dict[str, Any]:
    """Validate the input against the rule's schema and return its Verdict (each rule's own route documents it)."""
    return _evaluate(rule_id, body)
