"""Ruling proposals over HTTP: POST /api/rulings, and the moderation queue (admin token).

- `POST /api/rulings` {question, answer, game, cites?, author?} → 201 with the stored proposal.
  A client may send `Idempotency-Key`: a retry with the same key and body answers 200 with the
  row stored the first time (header `Idempotent-Replayed: true`); the same key with another body
  is 409. The app's middleware limits the body size (413) and the request rate (429).
  The checks that can run on a proposal (server/proposal_checks.py) run at once; the answer carries them.
- `GET /api/rulings/proposals/{id}`: the proposal's public status (no author, no key), for anyone.
- `GET /api/rulings/queue?status=proposed|accepted|rejected|all`, `POST /api/rulings/{id}/accept`,
  `POST /api/rulings/{id}/reject`, `POST /api/rulings/{id}/undo` need `Authorization: Bearer <admin
  token>`: 401 without one, 403 with a wrong one, 403 "moderation disabled" when no admin token is
  configured.

Accepting writes the ruling file (corpus/rulings/<game>/community-<id>.yaml) and records it, like
`arbiter rulings export`; undo deletes that file again while it is unchanged. Submitted text is
stored exactly as given and only ever returned inside JSON; nothing here renders HTML.
"""
from __future__ import annotations

import hmac
import threading
import unicodedata
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, HTTPException, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from ..bodies import StrictJsonRoute
from ..deps import SettingsDep
from ..errors import ApiError, error_responses
from ..rulings_db import DecisionConflict, IdempotencyConflict, NotFound, RulingsStore

router = APIRouter(prefix="/api/rulings", tags=["rulings"], route_class=StrictJsonRoute)

MAX_QUESTION, MAX_ANSWER, MAX_CITES = 500, 4000, 10
MAX_ROW = 2**63 - 1  # SQLite (and PostgreSQL BIGINT) integers are signed 64-bit
_store_lock = threading.Lock()
# Characters that draw nothing yet are letters or symbols to Unicode (Hangul fillers, braille blank).
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _no_nul(v: str) -> str:
    if "\x00" in v:
        raise ValueError("must not contain NUL characters")
    return v


NoNul = AfterValidator(_no_nul)


def visible(text: str) -> str:
    """The text without whitespace and invisible characters (format, control, unassigned, blank letters)."""
    return "".join(c for c in text if not c.isspace() and c not in _BLANK_LETTERS
                   and unicodedata.category(c) not in ("Cc", "Cf", "Cn", "Cs", "Zs", "Zl", "Zp", "Mn", "Me"))


class CiteIn(BaseModel):
    """A passage the proposal rests on, with an optional verbatim quote from it."""

    model_config = ConfigDict(extra="forbid")

    passage: Annotated[str, NoNul] = Field(min_length=1, max_length=200,
                                           description="passage id, e.g. onirim/towers/nightmare")
    quote: Annotated[str, NoNul] | None = Field(default=None, min_length=1, max_length=2000,
                                                description="verbatim part of its text")


class ProposalIn(BaseModel):
    """A proposed ruling."""

    model_config = ConfigDict(extra="forbid")

    question: Annotated[str, NoNul] = Field(min_length=1, max_length=MAX_QUESTION,
                                            description="the question, 1-500 characters")
    answer: Annotated[str, NoNul] = Field(min_length=1, max_length=MAX_ANSWER,
                                          description="the proposed ruling, 1-4000 characters")
    game: str = Field(max_length=40, description="onirim, mist-mountain or dungeon-lords")
    cites: list[CiteIn] = Field(default_factory=list, max_length=MAX_CITES)
    author: Annotated[str, NoNul] | None = Field(default=None, max_length=100,
                                                 description="how to credit you (optional)")
    reasoning: Annotated[str, NoNul] | None = Field(default=None, max_length=MAX_ANSWER,
                                                    description="why this is the ruling (optional)")
    source_kind: Literal["official-faq", "designer", "publisher", "community"] = Field(
        default="community", description="who ruled: the official FAQ, the designer, the publisher, or the community")
    source_link: str | None = Field(default=None, max_length=500, pattern=r"^https?://\S+$",
                                    description="where the official, designer or publisher ruling was published")

    @field_validator("question", "answer")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not visible(v):
            raise ValueError("must contain visible text; found only spaces or invisible characters")
        return v

    @field_validator("game")
    @classmethod
    def _known_game(cls, v: str) -> str:
        from rules_engine import GAMES, load_games

        load_games()
        if v not in GAMES:
            raise ValueError(f"unknown game {v!r}; expected one of: {', '.join(GAMES)}")
        return v


class ProposalPublic(BaseModel):
    """A proposal as anyone may see it: no author, no idempotency key."""

    id: int
    game: str
    question: str
    answer: str
    reasoning: str | None = None
    source_kind: str | None = None
    source_link: str | None = None
    cites: list[dict[str, Any]]
    status: Literal["proposed", "accepted", "rejected"]
    note: str | None = Field(default=None, description="the moderator's reason")
    checks: list[dict[str, Any]] = Field(default_factory=list, description="the checks run when it was submitted")
    created_at: str | None = None
    decided_at: str | None = None
    ruling_path: str | None = Field(default=None, description="the ruling file an accept wrote, under corpus/")
    status_url: str = ""

    @classmethod
    def of(cls, row: dict[str, Any]) -> "ProposalPublic":
        """The public view of a stored row."""
        return cls(**{k: v for k, v in row.items() if k in cls.model_fields and v is not None},
                   ruling_path=row.get("exported_path"), status_url=f"/rulings/proposals/{row['id']}")


class ProposalOut(ProposalPublic):
    """A stored proposal (to its submitter and to moderators): the public view plus the author."""

    author: str | None = None
    exported_at: str | None = None

    @classmethod
    def of(cls, row: dict[str, Any]) -> "ProposalOut":
        """The full view of a stored row."""
        return cls(**ProposalPublic.of(row).model_dump(), author=row.get("author"), exported_at=row.get("exported_at"))


class DecisionOut(ProposalOut):
    """A decided proposal, and what the moderator does next."""

    next_steps: str = ""


class QueueOut(BaseModel):
    """A page of the moderation queue."""

    status: str
    count: int
    items: list[ProposalOut]


class DecisionIn(BaseModel):
    """An optional note with a moderation decision."""

    model_config = ConfigDict(extra="forbid")

    # PostgreSQL text cannot hold NUL, so it is refused here as in the proposal's fields.
    note: Annotated[str, NoNul] | None = Field(default=None, max_length=2000)


def open_store(app: Any) -> RulingsStore:
    """The app's proposal store, opened once from settings.database_url (SchemaError if its schema is behind)."""
    store = getattr(app.state, "rulings_store", None)
    if store is None:
        with _store_lock:
            store = getattr(app.state, "rulings_store", None)
            if store is None:
                store = RulingsStore(app.state.settings.database_url)
                app.state.rulings_store = store
    return store


def get_store(request: Request) -> RulingsStore:
    """The app's proposal store (opened at start-up by the app's lifespan, or on first use)."""
    return open_store(request.app)


StoreDep = Annotated[RulingsStore, Depends(get_store)]


def require_admin(settings: SettingsDep,
                  authorization: Annotated[str | None, Header(description="Bearer <admin token>")] = None) -> None:
    """401 without a bearer token, 403 with a wrong one, 403 when moderation is disabled."""
    token = settings.admin_token
    if not token:
        raise ApiError(403, "moderation disabled: no admin token is configured (set ARBITER_ADMIN_TOKEN)")
    scheme, _, given = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not given.strip():
        raise HTTPException(status_code=401, detail="moderation needs 'Authorization: Bearer <admin token>'",
                            headers={"WWW-Authenticate": "Bearer"})
    if not hmac.compare_digest(given.strip().encode("utf-8"), token.encode("utf-8")):
        raise ApiError(403, "invalid admin token")


AdminDep = Depends(require_admin)


def _check_key(key: str | None) -> str | None:
    if key is None:
        return None
    if not 1 <= len(key) <= 200 or not all(0x21 <= ord(c) <= 0x7E for c in key):
        raise ApiError(422, "Idempotency-Key: expected 1-200 visible ASCII characters", field="Idempotency-Key")
    return key


def _check_cites(proposal: ProposalIn, request: Request) -> None:
    from indexer.corpus import passages_by_id

    passages = passages_by_id(request.app.state.settings.corpus_dir)
    for i, c in enumerate(proposal.cites):
        passage = passages.get(c.passage)
        if passage is None or passage.kind != "rule":
            from indexer.rulings import did_you_mean

            hint = did_you_mean(c.passage, [p.id for p in passages.values() if p.kind == "rule"])
            raise ApiError(422, f"cites.{i}.passage: no rule passage {c.passage!r}{hint}", field=f"cites.{i}.passage")
        if passage.game != proposal.game:
            raise ApiError(422, f"cites.{i}.passage: {c.passage!r} is a {passage.game} passage, not {proposal.game}",
                           field=f"cites.{i}.passage")
        if c.quote is not None and c.quote not in passage.text:
            raise ApiError(422, f"cites.{i}.quote: not verbatim in {c.passage}", field=f"cites.{i}.quote")


@router.post("", status_code=201, response_model=ProposalOut, summary="Propose a ruling",
             responses={200: {"model": ProposalOut, "description": "A retry (same Idempotency-Key and body): the row "
                                                                   "stored the first time"},
                        **error_responses(409, 413, 422, 429)})
async def submit(proposal: ProposalIn, request: Request, store: StoreDep,
                 idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key")] = None) -> Any:
    """Queue a proposal for moderation (stored as given; never rendered as HTML)."""
    key = _check_key(idempotency_key)
    _check_cites(proposal, request)
    data = proposal.model_dump()
    try:
        row, created = await run_in_threadpool(_submit_checked, store, data, key, request.app)
    except IdempotencyConflict as e:
        raise ApiError(409, str(e), field="Idempotency-Key") from e
    body = ProposalOut.of(row).model_dump()
    headers = {"Location": f"/api/rulings/proposals/{row['id']}"}
    if not created:
        headers["Idempotent-Replayed"] = "true"
    return JSONResponse(body, status_code=201 if created else 200, headers=headers)


def _submit_checked(store: RulingsStore, data: dict[str, Any], key: str | None, app: Any) -> tuple[dict[str, Any], bool]:
    """Run the proposal's checks, then store it with them (a retried key returns the first row unchecked again)."""
    from ..proposal_checks import proposal_checks

    if key is not None and store.by_key(key) is not None:
        return store.submit(data, key)  # a retry: the stored row, or IdempotencyConflict for another body
    checks = proposal_checks(data, corpus_dir=app.state.settings.corpus_dir, pipeline=app.state.pipeline,
                             pending=store.list("proposed", limit=1000))
    return store.submit(data, key, checks)


@router.get("/proposals/{proposal_id}", response_model=ProposalPublic, summary="A proposal's public status",
            responses=error_responses(404, 422))
def proposal_status(proposal_id: Annotated[int, Path(ge=1, le=MAX_ROW)], store: StoreDep) -> Any:
    """Pending, accepted or rejected (with the moderator's reason), its checks, and its ruling file once accepted."""
    try:
        return ProposalPublic.of(store.get(proposal_id))
    except NotFound as e:
        raise ApiError(404, f"no ruling proposal {proposal_id}", field="id") from e


@router.get("/queue", response_model=QueueOut, summary="The moderation queue (admin)", dependencies=[AdminDep],
            responses=error_responses(401, 403, 422))
def queue(store: StoreDep,
          status: Annotated[Literal["proposed", "accepted", "rejected", "all"], Query()] = "proposed",
          limit: Annotated[int, Query(ge=1, le=1000)] = 100,
          offset: Annotated[int, Query(ge=0, le=MAX_ROW)] = 0) -> Any:
    """Proposals with that status, oldest first."""
    wanted = None if status == "all" else status
    return QueueOut(status=status, count=store.count(wanted),
                    items=[ProposalOut.of(r) for r in store.list(wanted, limit=limit, offset=offset)])


ProposalId = Annotated[int, Path(ge=1, le=MAX_ROW, description="the proposal's id")]


def _decide(store: RulingsStore, proposal_id: int, status: str, body: DecisionIn | None) -> dict[str, Any]:
    try:
        return store.decide(proposal_id, status, body.note if body else None)
    except NotFound as e:
        raise ApiError(404, f"no ruling proposal {proposal_id}", field="id") from e
    except DecisionConflict as e:
        raise ApiError(409, f"{e}; undo the decision first (POST /api/rulings/{proposal_id}/undo)", field="id") from e


RESTART_NOTE = ("A running server keeps the index it started with: the ruling is on /rulings now, and answers cite "
                "it after `arbiter index` and a restart of the server.")


@router.post("/{proposal_id}/accept", response_model=DecisionOut, summary="Accept a proposal (admin)",
             dependencies=[AdminDep], responses=error_responses(401, 403, 404, 409, 413, 422))
def accept(proposal_id: ProposalId, store: StoreDep, settings: SettingsDep, body: DecisionIn | None = None) -> Any:
    """Mark a proposal accepted and write its ruling file (as `arbiter rulings export` does)."""
    from ..rulings_cli import export_proposal

    row = _decide(store, proposal_id, "accepted", body)
    if not row.get("exported_at"):
        try:
            export_proposal(store, row, settings.corpus_dir)
        except (OSError, ValueError) as e:  # the decision stands; the file can be written with `rulings export`
            return DecisionOut(**ProposalOut.of(row).model_dump(),
                               next_steps=f"accepted, but the ruling file could not be written ({e}); run "
                                          f"`arbiter rulings export` on the server")
        row = store.get(proposal_id)
    path = f"corpus/{row['exported_path']}"
    return DecisionOut(**ProposalOut.of(row).model_dump(),
                       next_steps=f"Wrote {path}. Review it, then `git add {path}`, `arbiter rulings check`, "
                                  f"commit, and `arbiter index`. {RESTART_NOTE}")


@router.post("/{proposal_id}/reject", response_model=DecisionOut, summary="Reject a proposal (admin)",
             dependencies=[AdminDep], responses=error_responses(401, 403, 404, 409, 413, 422))
def reject(proposal_id: ProposalId, store: StoreDep, body: DecisionIn | None = None) -> Any:
    """Mark a proposal rejected (the note is the reason its contributor sees)."""
    return DecisionOut(**ProposalOut.of(_decide(store, proposal_id, "rejected", body)).model_dump(),
                       next_steps="Rejected; the contributor sees the reason on the proposal's status page.")


@router.post("/{proposal_id}/undo", response_model=DecisionOut, summary="Undo an accept or reject (admin)",
             dependencies=[AdminDep], responses=error_responses(401, 403, 404, 409, 422))
def undo(proposal_id: ProposalId, store: StoreDep, settings: SettingsDep) -> Any:
    """Put a decided proposal back in the queue; an accept's ruling file is deleted while it is as written."""
    from ..rulings_cli import exported_file_unchanged

    try:
        row = store.get(proposal_id)
    except NotFound as e:
        raise ApiError(404, f"no ruling proposal {proposal_id}", field="id") from e
    if row["status"] == "proposed":
        raise ApiError(409, f"proposal {proposal_id} is not decided: nothing to undo", field="id")
    removed = ""
    if row.get("exported_path"):
        unchanged = exported_file_unchanged(row, settings.corpus_dir)
        if unchanged is False:
            raise ApiError(409, f"corpus/{row['exported_path']} was edited since the accept wrote it; remove it "
                                f"with git, then undo", field="id")
        if unchanged:
            (settings.corpus_dir / row["exported_path"]).unlink()
            removed = f"Deleted corpus/{row['exported_path']}. "
    try:
        row = store.reopen(proposal_id, row["status"])
    except DecisionConflict as e:
        raise ApiError(409, str(e), field="id") from e
    return DecisionOut(**ProposalOut.of(row).model_dump(), next_steps=f"{removed}Back in the queue.")
