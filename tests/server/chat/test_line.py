"""POST /chat/line with real HMAC signatures, replying through a local fake of LINE's reply API."""
from __future__ import annotations

import json

from .conftest import LINE_TOKEN, PUBLIC_URL, line_headers


def _event(text: str, source: dict, token: str = "reply-1", mention_self_at: tuple[int, int] | None = None) -> dict:
    message: dict = {"type": "text", "id": "m1", "text": text}
    if mention_self_at:
        message["mention"] = {"mentionees": [{"index": mention_self_at[0], "length": mention_self_at[1],
                                              "type": "user", "userId": "Ubot", "isSelf": True}]}
    return {"type": "message", "mode": "active", "timestamp": 1, "replyToken": token, "source": source,
            "message": message, "webhookEventId": "e1", "deliveryContext": {"isRedelivery": False}}


def _body(*events: dict) -> bytes:
    return json.dumps({"destination": "Ubot", "events": list(events)}, ensure_ascii=False).encode()


USER = {"type": "user", "userId": "U1"}
GROUP = {"type": "group", "groupId": "G1", "userId": "U2"}


def test_a_one_to_one_question_is_answered_through_the_reply_api(make_client, fake_line) -> None:
    c = make_client(line_api_base=fake_line.base)
    question = "Onirim 的咒文卡不限使用時機嗎？"
    body = _body(_event(question, USER))
    r = c.post("/chat/line", content=body, headers=line_headers(body))
    assert r.status_code == 200 and r.json() == {"answered": 1, "questions": 1}
    [sent] = fake_line.requests
    assert sent["path"] == "/v2/bot/message/reply"
    assert sent["headers"]["authorization"] == f"Bearer {LINE_TOKEN}"
    assert sent["body"]["replyToken"] == "reply-1"
    [msg] = sent["body"]["messages"]
    asked = c.post("/api/ask", json={"question": question}).json()
    assert msg["type"] == "text" and msg["text"].startswith(asked["answer"])
    assert f"{PUBLIC_URL}/?q=" in msg["text"] and len(msg["text"]) <= 5000
    assert LINE_TOKEN not in msg["text"]


def test_in_a_group_only_a_prefix_or_a_mention_is_answered(make_client, fake_line) -> None:
    c = make_client(line_api_base=fake_line.base)
    chatter = _body(_event("今天誰帶零食？", GROUP))
    assert c.post("/chat/line", content=chatter, headers=line_headers(chatter)).json() == {"answered": 0,
                                                                                            "questions": 0}
    assert fake_line.requests == []
    prefixed = _body(_event("规则? 迷雾山城隊長卡交給誰？", GROUP, token="r2"))
    assert c.post("/chat/line", content=prefixed, headers=line_headers(prefixed)).json()["answered"] == 1
    mentioned = _body(_event("@Arbiter 迷霧山城幾個人可以玩？", GROUP, token="r3", mention_self_at=(0, 8)))
    assert c.post("/chat/line", content=mentioned, headers=line_headers(mentioned)).json()["answered"] == 1
    assert [r["body"]["replyToken"] for r in fake_line.requests] == ["r2", "r3"]


def test_a_follow_up_in_the_same_chat_uses_the_last_question(make_client, fake_line, pipeline) -> None:
    c = make_client(line_api_base=fake_line.base)
    first, follow = "迷霧山城五人局脫逃需要幾張回憶卡？", "那六人呢？"
    for i, text in enumerate((first, follow)):
        body = _body(_event(text, USER, token=f"t{i}"))
        c.post("/chat/line", content=body, headers=line_headers(body))
    expected = pipeline.ask(follow, history=[first]).answer
    assert fake_line.requests[1]["body"]["messages"][0]["text"].startswith(expected)


def test_a_failed_reply_is_retried_once(make_client, fake_line) -> None:
    c = make_client(line_api_base=fake_line.base)
    fake_line.statuses = [500, 200]
    body = _body(_event("Onirim 的好夢卡可以做什麼？", USER))
    assert c.post("/chat/line", content=body, headers=line_headers(body)).json()["answered"] == 1
    assert len(fake_line.requests) == 2


def test_bad_or_missing_signature_is_401_and_nothing_is_sent(make_client, fake_line) -> None:
    c = make_client(line_api_base=fake_line.base)
    body = _body(_event("Onirim 有幾張門卡？", USER))
    assert c.post("/chat/line", content=body).status_code == 401
    r = c.post("/chat/line", content=body, headers=line_headers(body, secret="another-secret"))
    assert r.status_code == 401 and "signature" in r.json()["error"]
    assert fake_line.requests == []


def test_malformed_events_are_400(make_client, fake_line) -> None:
    c = make_client(line_api_base=fake_line.base)
    for body in (b"{not json", b'{"events": 3}', json.dumps({"events": [{"type": "message",
                                                                         "message": {"type": "text"}}]}).encode()):
        r = c.post("/chat/line", content=body, headers=line_headers(body))
        assert r.status_code == 400, r.text
    verification = b'{"destination":"Ubot","events":[]}'  # LINE's "verify webhook" button sends this
    assert c.post("/chat/line", content=verification, headers=line_headers(verification)).status_code == 200


def test_per_group_limit_drops_questions_past_it(make_client, fake_line) -> None:
    c = make_client(line_api_base=fake_line.base, chat_per_group_per_minute=2, chat_per_user_per_minute=10)
    events = [_event("规则? Onirim 有幾張門卡？", GROUP, token=f"g{i}") for i in range(3)]
    body = _body(*events)
    assert c.post("/chat/line", content=body, headers=line_headers(body)).json() == {"answered": 2, "questions": 3}


def test_a_long_or_empty_message_is_cut_or_skipped_never_a_server_error(make_client, fake_line) -> None:
    c = make_client(line_api_base=fake_line.base)
    long = "Onirim 的高塔可以放在哪裡？" + "請告訴我。" * 400
    body = _body(_event(long, USER, token="long"), _event("？？？", USER, token="marks"))
    r = c.post("/chat/line", content=body, headers=line_headers(body))
    assert r.status_code == 200, r.text
    assert [q["body"]["replyToken"] for q in fake_line.requests] == ["long"]
