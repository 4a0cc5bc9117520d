"""LINE's Messaging API webhook: signature check, which messages to answer, and the reply call."""
from __future__ import annotations

import base64
import hashlib
import hmac
import logging
from dataclasses import dataclass
from typing import Any

import httpx

from .common import Malformed, Unauthorized, clip

TEXT_LIMIT = 5000  # characters in one text message
MESSAGES_LIMIT = 5  # messages in one reply
PREFIXES = ("規則?", "規則？", "规则?", "规则？", "/rule")  # how a group asks without mentioning the bot
REPLY_PATH = "/v2/bot/message/reply"
TIMEOUT_SECONDS = 5.0

log = logging.getLogger("arbiter.chat.line")


def verify(channel_secret: str, signature: str | None, body: bytes) -> None:
    """Check X-Line-Signature: base64 of HMAC-SHA256 of the raw body with the channel secret."""
    if not signature:
        raise Unauthorized("missing X-Line-Signature")
    expected = base64.b64encode(hmac.new(channel_secret.encode(), body, hashlib.sha256).digest()).decode()
    if not hmac.compare_digest(expected, signature):
        raise Unauthorized("the signature does not match")


@dataclass(frozen=True)
class Question:
    """A text message to answer: its words, who asked, in which chat, and the token to reply with."""

    text: str
    reply_token: str
    user: str
    chat: str  # the group, room or user id: a follow-up's history is per chat
    group: str | None


def _without_mentions(text: str, mentionees: list[dict[str, Any]]) -> str:
    """The text with every @mention cut out (LINE gives each mention's index and length)."""
    for m in sorted(mentionees, key=lambda m: -int(m.get("index", 0))):
        start, length = int(m.get("index", 0)), int(m.get("length", 0))
        text = text[:start] + text[start + length:]
    return text.strip()


def _after_prefix(text: str) -> str | None:
    """The question after a group prefix, or None when the text does not start with one."""
    stripped = text.lstrip()
    for prefix in PREFIXES:
        if stripped.lower().startswith(prefix.lower()):
            return stripped[len(prefix):].strip()
    return None


def questions(payload: Any) -> list[Question]:
    """The text messages to answer: every one in a one-to-one chat; in groups only a mention or a prefix."""
    if not isinstance(payload, dict) or not isinstance(payload.get("events"), list):
        raise Malformed("expected an object with an 'events' list")
    out = []
    for event in payload["events"]:
        if not isinstance(event, dict):
            raise Malformed("each event must be an object")
        message = event.get("message")
        if event.get("type") != "message" or not isinstance(message, dict) or message.get("type") != "text":
            continue  # follows, stickers, images...: nothing to answer
        source = event.get("source")
        if not isinstance(source, dict) or not isinstance(message.get("text"), str) or not event.get("replyToken"):
            raise Malformed("a text message event needs source, message.text and replyToken")
        kind, user = source.get("type"), str(source.get("userId") or "")
        group = source.get("groupId") or source.get("roomId")
        text = message["text"]
        if kind in ("group", "room"):
            mentionees = (message.get("mention") or {}).get("mentionees") or []
            if any(m.get("isSelf") for m in mentionees if isinstance(m, dict)):
                text = _without_mentions(text, [m for m in mentionees if isinstance(m, dict)])
            else:
                after = _after_prefix(text)
                if after is None:
                    continue  # table talk, not a question for us
                text = after
        if not text.strip():
            continue
        out.append(Question(text=text, reply_token=str(event["replyToken"]), user=user,
                            chat=str(group or user), group=str(group) if group else None))
    return out


def reply_body(reply_token: str, texts: list[str]) -> dict[str, Any]:
    """A reply API body within LINE's limits (5 text messages of 5,000 characters)."""
    return {"replyToken": reply_token,
            "messages": [{"type": "text", "text": clip(t, TEXT_LIMIT)} for t in texts[:MESSAGES_LIMIT]]}


class LineClient:
    """Sends replies through the Messaging API, with a timeout and one retry."""

    def __init__(self, api_base: str, channel_token: str, timeout: float = TIMEOUT_SECONDS) -> None:
        self._client = httpx.Client(base_url=api_base.rstrip("/"), timeout=timeout,
                                    headers={"authorization": f"Bearer {channel_token}"})

    def reply(self, reply_token: str, texts: list[str]) -> bool:
        """Send one reply; retried once on a network error or a 5xx. Whether LINE accepted it."""
        body = reply_body(reply_token, texts)
        for attempt in (1, 2):
            try:
                r = self._client.post(REPLY_PATH, json=body)
            except httpx.HTTPError as e:
                log.warning("LINE reply attempt %d failed: %s", attempt, type(e).__name__)
                continue
            if r.status_code < 500:
                if r.status_code >= 400:
                    # The body names the problem (an expired reply token, say); it holds no secret.
                    log.warning("LINE refused the reply: %d %s", r.status_code, r.text[:200])
                return r.status_code < 300
            log.warning("LINE reply attempt %d got %d", attempt, r.status_code)
        return False

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()
