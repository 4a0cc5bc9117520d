"""POST /chat/discord and POST /chat/line: rule questions from the chats where players already talk."""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any, Callable

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from answering.pipeline import Pipeline
from indexer.retrieval import QueryError
from ..chat import discord, line
from ..chat.common import TOO_MANY, ChatHistory, ChatLimits, Malformed, Unauthorized, chat_answer
from ..deps import PipelineDep, SettingsDep
from ..errors import ApiError
from ..settings import Settings

router = APIRouter(prefix="/chat", tags=["chat"])
log = logging.getLogger("arbiter.chat")

SIGNED = {401: {"description": "missing, wrong or stale signature"},
          400: {"description": "a body that is not the platform's event format"},
          404: {"description": "the platform is not configured on this server"}}


@dataclass
class ChatServices:
    """What the chat endpoints keep between requests: each chat's last question, limits, the LINE client."""

    history: ChatHistory
    limits: ChatLimits
    line: line.LineClient | None


def _services(request: Request, settings: Settings) -> ChatServices:
    """The app's chat services, made on first use."""
    services = getattr(request.app.state, "chat", None)
    if services is None:
        services = ChatServices(
            history=ChatHistory(settings.chat_history_chats, settings.chat_history_seconds),
            limits=ChatLimits(settings.chat_storage or settings.rate_limit_storage, settings.chat_per_user_per_minute,
                              settings.chat_per_group_per_minute),
            line=line.LineClient(settings.line_api_base, settings.line_channel_token)
            if settings.line_channel_token else None)
        request.app.state.chat = services
    return services


def _json(body: bytes) -> Any:
    """The body as JSON, or a 400 naming the problem (logged once, without the body)."""
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as e:
        log.warning("chat: a signed body is not JSON (%s)", type(e).__name__)
        raise ApiError(400, "body: not JSON", field="body") from None


def _ask(pipeline: Pipeline, question: str, game: str | None, history: list[str], max_chars: int):
    """Answer as /api/ask does, the question cut to the API's length; None for text with nothing to ask."""
    try:
        return pipeline.ask(question[:max_chars], game=game, history=history)
    except QueryError:
        return None  # only symbols or invisible characters: nothing to answer


async def _signed_body(request: Request, key: str, platform: str, setting: str, verify: Callable[[bytes], None],
                       header: str) -> bytes:
    """The raw body of a request the platform signed: 404 when the platform is not configured, 401 when the
    signature is missing or wrong."""
    if not key:
        raise ApiError(404, f"{platform} is not configured on this server ({setting})")
    body = await request.body()
    try:
        verify(body)
    except Unauthorized as e:
        raise ApiError(401, f"signature: {e}", field=header) from None
    return body


@router.post("/discord", summary="Discord interactions endpoint (PING and the /rule command)", responses=SIGNED)
async def discord_interaction(request: Request, settings: SettingsDep, pipeline: PipelineDep) -> JSONResponse:
    """Verify Discord's signature, answer PING with PONG and /rule with the answer and a link."""
    key, headers = settings.discord_public_key, request.headers
    body = await _signed_body(request, key, "Discord", "ARBITER_DISCORD_PUBLIC_KEY", lambda raw: discord.verify(
        key, headers.get("x-signature-ed25519"), headers.get("x-signature-timestamp"), raw), "x-signature-ed25519")
    payload = _json(body)
    if not isinstance(payload, dict):
        raise ApiError(400, "body: expected an interaction object", field="body")
    if payload.get("type") == discord.PING:
        return JSONResponse({"type": discord.PONG})
    try:
        if payload.get("type") != discord.COMMAND:
            raise Malformed(f"unsupported interaction type {payload.get('type')!r}")
        question, game, ephemeral = discord.command_question(payload)
        user, guild = discord.asker(payload)
    except Malformed as e:
        log.warning("chat: malformed Discord interaction: %s", e)
        raise ApiError(400, f"interaction: {e}", field="body") from None
    services = _services(request, settings)
    if not await run_in_threadpool(services.limits.allow, "discord", user, guild):
        return JSONResponse(discord.notice(TOO_MANY["en"] + " / " + TOO_MANY["zh-TW"]))
    response = await run_in_threadpool(_ask, pipeline, question, game, [], settings.max_question_chars)
    if response is None:
        return JSONResponse(discord.notice("Please ask a rules question in words. / 請用文字提問規則問題。"))
    return JSONResponse(discord.message(chat_answer(response, settings.public_url), response.game, ephemeral))


@router.post("/line", summary="LINE Messaging API webhook", responses=SIGNED)
async def line_webhook(request: Request, settings: SettingsDep, pipeline: PipelineDep) -> JSONResponse:
    """Verify LINE's signature, then reply to each text message meant for us (see server.chat.line)."""
    secret = settings.line_channel_secret
    body = await _signed_body(request, secret, "LINE", "ARBITER_LINE_CHANNEL_SECRET", lambda raw: line.verify(
        secret, request.headers.get("x-line-signature"), raw), "x-line-signature")
    try:
        asked = line.questions(_json(body))
    except Malformed as e:
        log.warning("chat: malformed LINE webhook: %s", e)
        raise ApiError(400, f"events: {e}", field="events") from None
    services = _services(request, settings)
    answered = 0
    for q in asked:
        if not await run_in_threadpool(services.limits.allow, "line", q.user, q.group):
            continue  # past the limit a chat is not flooded with notices: the question is dropped
        response = await run_in_threadpool(_ask, pipeline, q.text, None, services.history.before(q.chat),
                                           settings.max_question_chars)
        if response is None:
            continue
        if response.in_scope:
            services.history.remember(q.chat, q.text)
        text = chat_answer(response, settings.public_url).with_link(line.TEXT_LIMIT)
        if services.line is not None and await run_in_threadpool(services.line.reply, q.reply_token, [text]):
            answered += 1
    return JSONResponse({"answered": answered, "questions": len(asked)})
