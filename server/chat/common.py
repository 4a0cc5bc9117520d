"""What both chat platforms share: the reply text, follow-up history per chat, and rate limits."""
from __future__ import annotations

import threading
from dataclasses import dataclass
from urllib.parse import urlencode

from cachetools import TTLCache
from limits import RateLimitItemPerMinute, storage
from limits.strategies import MovingWindowRateLimiter

from answering.pipeline import AskResponse

FULL_ANSWER = {"zh-TW": "完整答案", "zh-CN": "完整答案", "en": "Full answer"}
TOO_MANY = {"zh-TW": "問得太快了，請一分鐘後再問。", "zh-CN": "问得太快了，请一分钟后再问。",
            "en": "Too many questions at once; please ask again in a minute."}
CUT = "…"


class Unauthorized(Exception):
    """A request not signed by the configured platform application; the message says what was wrong."""


class Malformed(ValueError):
    """A signed body that is not the platform's event format."""


def full_answer_link(public_url: str, response: AskResponse) -> str:
    """The chat page's address that asks the same question again, or '' when no public address is set."""
    if not public_url:
        return ""
    params = {"q": response.question, "lang": response.lang}
    if response.game:
        params["game"] = response.game
    return f"{public_url.rstrip('/')}/?{urlencode(params)}"


def clip(text: str, limit: int) -> str:
    """Text cut to a platform's limit, marked when cut."""
    return text if len(text) <= limit else text[:limit - len(CUT)].rstrip() + CUT


@dataclass(frozen=True)
class ChatAnswer:
    """An answer as a chat shows it: the first screen of /api/ask, and a link to everything."""

    text: str
    link: str
    lang: str
    in_scope: bool

    def with_link(self, limit: int) -> str:
        """The answer and its link line, within `limit` characters (the link is never cut)."""
        tail = f"\n{FULL_ANSWER.get(self.lang, FULL_ANSWER['en'])}: {self.link}" if self.link else ""
        return clip(self.text, limit - len(tail)) + tail


def chat_answer(response: AskResponse, public_url: str) -> ChatAnswer:
    """The same first screen /api/ask gives (answer line, one quote, at most one note), for a chat."""
    return ChatAnswer(text=response.answer, link=full_answer_link(public_url, response), lang=response.lang,
                      in_scope=response.in_scope)


class ChatHistory:
    """Each chat's last question, bounded in size and age, so that a follow-up has its context."""

    def __init__(self, chats: int, seconds: int) -> None:
        self._last: TTLCache[str, str] = TTLCache(maxsize=chats, ttl=seconds)
        self._lock = threading.Lock()  # TTLCache is not thread-safe; sync routes run in a thread pool

    def before(self, chat: str) -> list[str]:
        """The history to ask with: the chat's last question, if it is recent."""
        with self._lock:
            last = self._last.get(chat)
        return [last] if last else []

    def remember(self, chat: str, question: str) -> None:
        """Keep this question as the chat's last one."""
        with self._lock:
            self._last[chat] = question


class ChatLimits:
    """Per-user and per-group question limits, counted in a `limits` storage (memory or Redis by URL)."""

    def __init__(self, storage_url: str, per_user: int, per_group: int) -> None:
        self._limiter = MovingWindowRateLimiter(storage.storage_from_string(storage_url))
        self._user = RateLimitItemPerMinute(per_user) if per_user else None
        self._group = RateLimitItemPerMinute(per_group) if per_group else None

    def allow(self, platform: str, user: str, group: str | None) -> bool:
        """Whether one more question from this user (in this group) is allowed now; counts it if so."""
        checks = [(self._user, f"{platform}:user:{user}")]
        if group:
            checks.append((self._group, f"{platform}:group:{group}"))
        active = [(item, key) for item, key in checks if item is not None]
        if not all(self._limiter.test(item, "chat", key) for item, key in active):
            return False
        return all([self._limiter.hit(item, "chat", key) for item, key in active])
