"""Discord's interactions endpoint: signature check, PING, and the /rule slash command."""
from __future__ import annotations

import time
from typing import Any

from nacl.exceptions import BadSignatureError, CryptoError
from nacl.signing import VerifyKey

from rules_engine import GAMES, load_games
from .common import ChatAnswer, Malformed, Unauthorized, clip

MAX_AGE_SECONDS = 5 * 60  # a request signed longer ago than this is a replay
PING, COMMAND = 1, 2  # interaction types
PONG, MESSAGE = 1, 4  # response types
EPHEMERAL = 64  # message flag: only the asker sees it
DESCRIPTION_LIMIT = 4096  # an embed's description
CONTENT_LIMIT = 2000  # a message's content
COMMAND_NAME = "rule"
QUESTION_MAX = 600  # the API's default max_question_chars


def verify(public_key_hex: str, signature_hex: str | None, timestamp: str | None, body: bytes,
           now: float | None = None) -> None:
    """Check Discord's Ed25519 signature over timestamp + raw body, and the timestamp's age."""
    if not signature_hex or not timestamp:
        raise Unauthorized("missing X-Signature-Ed25519 or X-Signature-Timestamp")
    try:
        sent = int(timestamp)
    except ValueError:
        raise Unauthorized("X-Signature-Timestamp is not a Unix time") from None
    if abs((time.time() if now is None else now) - sent) > MAX_AGE_SECONDS:
        raise Unauthorized("the signature is more than 5 minutes old")
    try:
        VerifyKey(bytes.fromhex(public_key_hex)).verify(timestamp.encode() + body, bytes.fromhex(signature_hex))
    except (ValueError, BadSignatureError, CryptoError):
        raise Unauthorized("the signature does not match") from None


def command_question(payload: dict[str, Any]) -> tuple[str, str | None, bool]:
    """The question, game and ephemeral choice of a /rule command."""
    data = payload.get("data")
    if not isinstance(data, dict) or data.get("name") != COMMAND_NAME:
        raise Malformed(f"expected the /{COMMAND_NAME} command")
    options = {o.get("name"): o.get("value") for o in data.get("options") or [] if isinstance(o, dict)}
    question = options.get("question")
    if not isinstance(question, str) or not question.strip():
        raise Malformed("the command has no question")
    game = options.get("game")
    if game is not None and game not in GAMES:
        raise Malformed(f"unknown game {game!r}")
    return question, game, bool(options.get("ephemeral"))


def asker(payload: dict[str, Any]) -> tuple[str, str | None]:
    """Who asked (user id) and where (guild id, None in a direct message)."""
    member = payload.get("member") or {}
    user = (member.get("user") or payload.get("user") or {}).get("id")
    if not user:
        raise Malformed("the interaction names no user")
    return str(user), payload.get("guild_id")


def message(answer: ChatAnswer, game: str | None, ephemeral: bool) -> dict[str, Any]:
    """An interaction response (type 4): the answer line as content, the first screen in an embed."""
    first, _, rest = answer.text.partition("\n")
    embed: dict[str, Any] = {"description": clip(answer.text, DESCRIPTION_LIMIT)}
    if game in GAMES:
        embed["title"] = GAMES[game].names.get(answer.lang, GAMES[game].names["en"])
    if answer.link:
        embed["url"] = answer.link
    data: dict[str, Any] = {
        "content": clip(first, CONTENT_LIMIT),
        "embeds": [embed] if rest.strip() or answer.link else [],
        # The text is the player's words and the rulebook's: nothing in it may ping anyone.
        "allowed_mentions": {"parse": []},
    }
    if ephemeral:
        data["flags"] = EPHEMERAL
    return {"type": MESSAGE, "data": data}


def notice(text: str) -> dict[str, Any]:
    """A short reply only the asker sees (limits, errors)."""
    return {"type": MESSAGE, "data": {"content": text, "flags": EPHEMERAL, "allowed_mentions": {"parse": []}}}


def command_json() -> dict[str, Any]:
    """The /rule command's registration body, with the game choices taken from the registry."""
    load_games()
    return {
        "name": COMMAND_NAME,
        "type": 1,
        "description": "Ask a rules question about Onirim, Hilltown in the Mist or the Dungeon Lords item variant",
        "description_localizations": {"zh-TW": "問一個規則問題（Onirim、迷霧山城、地城領主魔法物品變體）",
                                      "zh-CN": "问一个规则问题（Onirim、迷雾山城、地城领主魔法物品变体）"},
        "options": [
            {"type": 3, "name": "question", "description": "your rules question, in 中文 or English",
             "description_localizations": {"zh-TW": "你的規則問題", "zh-CN": "你的规则问题"},
             "required": True, "max_length": QUESTION_MAX},
            {"type": 3, "name": "game", "description": "which game (found from the question when left out)",
             "description_localizations": {"zh-TW": "哪一款遊戲（不填則從問題判斷）", "zh-CN": "哪一款游戏（不填则从问题判断）"},
             "required": False,
             "choices": [{"name": g.names["en"], "value": g.id,
                          "name_localizations": {"zh-TW": g.names["zh-TW"], "zh-CN": g.names.get("zh-CN", g.names["zh-TW"])}}
                         for g in GAMES.values()]},
            {"type": 5, "name": "ephemeral", "description": "only you see the answer",
             "description_localizations": {"zh-TW": "只有你看得到答案", "zh-CN": "只有你看得到答案"},
             "required": False},
        ],
    }
