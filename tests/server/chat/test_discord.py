"""POST /chat/discord with real Ed25519 signatures: PING, /rule answers, and every way a request is refused."""
from __future__ import annotations

import json
import time
from urllib.parse import parse_qs, urlparse

from nacl.signing import SigningKey

from rules_engine import GAMES
from server.chat.discord import command_json

from .conftest import PUBLIC_URL, discord_headers


def _command(question: str, game: str | None = None, ephemeral: bool = False, user: str = "42",
             guild: str | None = "7") -> bytes:
    options = [{"name": "question", "type": 3, "value": question}]
    if game:
        options.append({"name": "game", "type": 3, "value": game})
    if ephemeral:
        options.append({"name": "ephemeral", "type": 5, "value": True})
    payload = {"type": 2, "id": "1", "token": "t", "data": {"name": "rule", "options": options}}
    if guild:
        payload.update(guild_id=guild, member={"user": {"id": user}})
    else:
        payload["user"] = {"id": user}
    return json.dumps(payload, ensure_ascii=False).encode()


def test_ping_gets_pong(make_client, discord_key: SigningKey) -> None:
    c = make_client(discord_public_key=discord_key.verify_key.encode().hex())
    body = b'{"type":1}'
    r = c.post("/chat/discord", content=body, headers=discord_headers(discord_key, body))
    assert r.status_code == 200 and r.json() == {"type": 1}


def test_rule_command_answers_like_api_ask_with_a_link(make_client, discord_key: SigningKey) -> None:
    c = make_client(discord_public_key=discord_key.verify_key.encode().hex())
    question = "迷霧山城六人局需要幾張回憶卡才能脫逃？"
    body = _command(question, game="mist-mountain")
    r = c.post("/chat/discord", content=body, headers=discord_headers(discord_key, body))
    assert r.status_code == 200, r.text
    out = r.json()
    asked = c.post("/api/ask", json={"question": question, "game": "mist-mountain"}).json()
    assert out["type"] == 4
    data = out["data"]
    assert data["allowed_mentions"] == {"parse": []}
    assert data["content"] == asked["answer"].split("\n")[0]
    embed = data["embeds"][0]
    assert embed["description"] == asked["answer"] and len(embed["description"]) <= 4096
    assert embed["title"] == GAMES["mist-mountain"].names["zh-TW"]
    link = urlparse(embed["url"])
    assert embed["url"].startswith(PUBLIC_URL + "/?")
    assert parse_qs(link.query)["q"] == [question] and parse_qs(link.query)["game"] == ["mist-mountain"]
    assert "flags" not in data


def test_ephemeral_and_mentions_are_never_pinged(make_client, discord_key: SigningKey) -> None:
    c = make_client(discord_public_key=discord_key.verify_key.encode().hex())
    body = _command("@everyone Onirim 的高塔可以放在哪裡？", ephemeral=True)
    r = c.post("/chat/discord", content=body, headers=discord_headers(discord_key, body))
    data = r.json()["data"]
    assert data["flags"] == 64 and data["allowed_mentions"] == {"parse": []}


def test_missing_bad_and_stale_signatures_are_401(make_client, discord_key: SigningKey) -> None:
    c = make_client(discord_public_key=discord_key.verify_key.encode().hex())
    body = b'{"type":1}'
    assert c.post("/chat/discord", content=body).status_code == 401
    other = SigningKey.generate()
    assert c.post("/chat/discord", content=body, headers=discord_headers(other, body)).status_code == 401
    stale = discord_headers(discord_key, body, timestamp=int(time.time()) - 301)
    r = c.post("/chat/discord", content=body, headers=stale)
    assert r.status_code == 401 and "5 minutes" in r.json()["error"]
    tampered = discord_headers(discord_key, body)
    assert c.post("/chat/discord", content=b'{"type":2}', headers=tampered).status_code == 401


def test_malformed_interactions_are_400(make_client, discord_key: SigningKey) -> None:
    c = make_client(discord_public_key=discord_key.verify_key.encode().hex())
    for body in (b"not json", b'{"type":2,"data":{"name":"other"}}', b'[1,2]',
                 _command("x", game="chess")):
        r = c.post("/chat/discord", content=body, headers=discord_headers(discord_key, body))
        assert r.status_code == 400, (body, r.text)
        assert "error" in r.json()


def test_not_configured_is_404(make_client) -> None:
    c = make_client(discord_public_key="")
    assert c.post("/chat/discord", content=b"{}").status_code == 404


def test_a_user_past_the_limit_gets_a_short_notice(make_client, discord_key: SigningKey) -> None:
    c = make_client(discord_public_key=discord_key.verify_key.encode().hex(), chat_per_user_per_minute=2)
    replies = []
    for _ in range(3):
        body = _command("Onirim 一局要拿幾張門卡？")
        replies.append(c.post("/chat/discord", content=body, headers=discord_headers(discord_key, body)).json())
    assert "Too many" not in replies[1]["data"]["content"]
    assert "Too many" in replies[2]["data"]["content"] and replies[2]["data"]["flags"] == 64
    other = _command("Onirim 一局要拿幾張門卡？", user="43")
    assert "Too many" not in c.post("/chat/discord", content=other,
                                     headers=discord_headers(discord_key, other)).json()["data"]["content"]


def test_command_registration_json_comes_from_the_registry() -> None:
    cmd = command_json()
    assert cmd["name"] == "rule"
    question, game, ephemeral = cmd["options"]
    assert question["required"] is True and question["type"] == 3
    assert [c["value"] for c in game["choices"]] == list(GAMES)
    assert ephemeral["type"] == 5


def test_command_json_from_the_cli(capsys) -> None:
    from server.cli import main

    assert main(["discord", "command-json"]) == 0
    assert json.loads(capsys.readouterr().out) == command_json()
