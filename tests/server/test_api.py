"""The HTTP API (docs/design.md and README "HTTP API", issue 6): the /api/ask contract, catalog endpoints, bad input,
rate limit, CORS and security headers. Apps are built over the session `pipeline` fixture."""
from __future__ import annotations

import json
import re

import opencc
import pytest
from fastapi.testclient import TestClient

from indexer.corpus import passages_by_id
from indexer.text import detect_lang
from rules_engine import GAMES, RULES, Verdict, all_rules, load_games
from server.app import create_app
from server.settings import Settings

load_games()
JSON = {"content-type": "application/json"}
T2S = opencc.OpenCC("t2s")
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


@pytest.fixture(scope="module")
def client(pipeline, tmp_path_factory):
    """The app with every middleware, rate limit off (all TestClient requests share one address)."""
    db = tmp_path_factory.mktemp("api") / "rulings.db"
    app = create_app(Settings(rate_limit_per_minute=0, database_url=f"sqlite:///{db}"), pipeline=pipeline)
    with TestClient(app) as c:
        yield c


@pytest.fixture(scope="module")
def ask(client):
    def _ask(question, **extra):
        r = client.post("/api/ask", json={"question": question, **extra})
        assert r.status_code == 200, r.text
        return r.json()
    return _ask


def assert_verbatim(citations):
    corpus = passages_by_id()
    for c in citations:
        assert c["id"] in corpus, c["id"]
        assert c["text"] == corpus[c["id"]].text, f"citation {c['id']} is not the corpus passage text"
        assert c["game"] == corpus[c["id"]].game
        assert c["section"] == corpus[c["id"]].section


# ------------------------------------------------------------------------------------ POST /api/ask
def test_ask_response_has_every_design_field(ask):
    body = ask("Can a Nightmare break my tower row?")
    expected = {"question": str, "game": str, "in_scope": bool, "answer": str, "verdict": dict,
                "citations": list, "ambiguities": list, "took_ms": (int, float)}
    for key, kind in expected.items():
        assert key in body, f"missing {key}"
        assert isinstance(body[key], kind), f"{key}: {type(body[key]).__name__}"
    assert body["question"] == "Can a Nightmare break my tower row?"
    assert body["took_ms"] >= 0
    assert body["citations"], "an in-scope answer quotes at least one passage"
    for c in body["citations"]:
        assert isinstance(c["id"], str) and isinstance(c["game"], str) and isinstance(c["section"], str)
        assert isinstance(c["text"], str) and isinstance(c["score"], (int, float))
    for a in body["ambiguities"]:
        assert isinstance(a["passage"], str) and isinstance(a["note"], str) and a["note"]
    # The verdict is a Verdict as docs/design.md describes it.
    verdict = Verdict.model_validate(body["verdict"])
    assert verdict.rule in RULES


def test_nightmare_tower_row_depends_with_cases_and_towers_passage(ask):
    body = ask("Can a Nightmare break my tower row?")
    assert body["game"] == "onirim"
    assert body["in_scope"] is True
    assert body["verdict"]["value"] == "depends"
    assert len(body["verdict"]["cases"]) >= 3
    for case in body["verdict"]["cases"]:
        assert case["when"] and "value" in case
    ids = {c["id"] for c in body["citations"]}
    assert ids & {"onirim/towers/nightmare", "onirim/towers/exceptions"}, ids
    assert_verbatim(body["citations"])


@pytest.mark.parametrize("question", [
    "噩梦可以破坏高塔列吗？",
    "迷雾山城4人局要收集几张回忆？",
    "地城领主魔法物品变体里，魔杖什么时候算用过？",
])
def test_zh_cn_question_gets_simplified_answer(ask, question):
    body = ask(question)
    assert body["in_scope"] is True
    answer = body["answer"]
    assert CJK.search(answer), "a Chinese question gets a Chinese answer"
    # Quoted rulebook passages may stay verbatim in the rulebook's own (Traditional) script; everything
    # else the answer says must be Simplified.
    # The first screen quotes one sentence of the passage the answer rests on, verbatim.
    quote = body["quote"]
    assert quote["excerpt"] and quote["excerpt"] in quote["text"] and quote["excerpt"] in answer
    prose = answer.replace(quote["excerpt"], "")
    assert T2S.convert(prose) == prose, "a zh-CN answer contains Traditional-only characters"
    for trad in "們這個說來時還為":
        assert trad not in prose
    assert_verbatim(body["citations"])  # citations stay verbatim even when the answer text is converted


def test_zh_tw_question_gets_traditional_answer(ask):
    body = ask("夢魘可以破壞高塔列嗎？")
    assert body["game"] == "onirim"
    assert body["verdict"]["value"] == "depends"
    assert body["answer"].startswith(body["answer_line"])
    assert detect_lang(body["answer_line"]) == "zh-TW"
    assert "視情況而定" in body["full_text"]


@pytest.mark.parametrize("question", [
    "Can a Nightmare break my tower row?",
    "How many memories do you need in Hilltown in the Mist with 4 players?",
])
def test_english_question_gets_english_answer(ask, question):
    answer = ask(question)["answer"]
    first_line = answer.splitlines()[0]
    assert re.match(r"[A-Za-z]", first_line), first_line
    assert not CJK.search(first_line), first_line


@pytest.mark.parametrize("question,lang", [
    ("卡坦島的強盜怎麼移動？", "zh-TW"),
    ("卡坦岛交易可以跟银行换吗？", "zh-CN"),
    ("How many victory points do you need to win Catan?", "en"),
])
def test_out_of_scope_names_the_three_games(ask, question, lang):
    body = ask(question)
    assert body["in_scope"] is False
    assert body["game"] is None
    assert body["citations"] == []
    assert body["verdict"] is None
    assert len(GAMES) == 3
    for game in GAMES.values():
        assert game.names[lang] in body["answer"], (game.names[lang], body["answer"])


def test_follow_up_inherits_game_from_history(ask):
    body = ask("那如果還沒完成呢？", history=[{"question": "夢魘可以破壞高塔列嗎？"}])
    assert body["in_scope"] is True
    assert body["game"] == "onirim"
    assert any(c["id"].startswith("onirim/towers/") for c in body["citations"]), body["citations"]
    assert_verbatim(body["citations"])


def test_lost_tower_question_reports_ambiguities(ask):
    body = ask("因夢魘失去的高塔卡要放到哪裡？")
    assert body["game"] == "onirim"
    cited = {c["id"] for c in body["citations"]} | set(body["verdict"]["cites"] if body["verdict"] else [])
    assert cited & {"onirim/towers/nightmare", "onirim/towers/exceptions"}
    assert body["ambiguities"], "the lost-Tower passage is a known unclear place"
    for a in body["ambiguities"]:
        assert a["passage"] in cited
        assert a["note"]
    assert any(len(a.get("readings", [])) >= 2 for a in body["ambiguities"])
    assert "不明確" in body["answer"]


def test_explicit_game_is_used(ask):
    body = ask("高塔列完成了嗎？", game="onirim")
    assert body["game"] == "onirim"


def test_answers_in_a_batch_cite_verbatim(ask):
    for q in ["夢魘可以破壞高塔列嗎？", "迷霧山城的燈匠有什麼效果？", "Dungeon Lords 的治療藥水什麼時候算有被使用？",
              "What does a Happy Dream let me do in Onirim?", "Paradoxical Prophecy 要花幾張棄牌？"]:
        assert_verbatim(ask(q)["citations"])


# ------------------------------------------------------------------------------------ bad input on /api/ask
@pytest.mark.parametrize("payload,field", [
    ({"question": ""}, "question"),
    ({"question": "   \t\n "}, "question"),
    ({"question": "夢" * 1001}, "question"),
    ({"question": "?!。？…"}, "question"),
    ({"question": 5}, "question"),
    ({"question": None}, "question"),
    ({"question": "夢魘可以破壞高塔列嗎？", "history": "x"}, "history"),
    ({"question": "夢魘可以破壞高塔列嗎？", "history": [{"question": 5}]}, "history.0.question"),
    ({"question": "夢魘可以破壞高塔列嗎？", "bogus": 1}, "bogus"),
    ({"question": "夢魘可以破壞高塔列嗎？", "game": 7}, "game"),
    ({}, "question"),
])
def test_ask_bad_input_is_422_naming_the_field(client, payload, field):
    r = client.post("/api/ask", json=payload)
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["field"] == field, body
    assert body["error"] and len(body["error"]) > len(field), "the error says why"
    assert body["details"] and body["details"][0]["problem"]


def test_ask_question_up_to_the_limit_is_accepted(client):
    limit = Settings().max_question_chars
    r = client.post("/api/ask", json={"question": "高塔" + "夢" * (limit - 2)})
    assert r.status_code == 200, r.text


def test_ask_question_over_the_limit_is_422_saying_how_long(client):
    limit = Settings().max_question_chars
    r = client.post("/api/ask", json={"question": "高塔" + "夢" * (limit - 1)})
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "question"
    assert f"at most {limit} characters, found {limit + 1}" in r.json()["error"]
    r = client.post("/api/ask", json={"question": "tower", "history": [{"question": "夢" * (limit + 1)}]})
    assert r.status_code == 422 and r.json()["field"] == "history.0.question"


def test_ask_control_characters_are_stripped(client):
    r = client.post("/api/ask", json={"question": "夢魘\x00可以\x07破壞\x1b高塔列嗎？\x7f"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", body["question"])
    assert body["game"] == "onirim"
    r = client.post("/api/ask", json={"question": "\x00\x01\x02"})
    assert r.status_code == 422 and r.json()["field"] == "question"


@pytest.mark.parametrize("raw", [b"{", b'{"question": "a",}', b"not json"])
def test_ask_malformed_json_is_422_naming_body(client, raw):
    r = client.post("/api/ask", content=raw, headers=JSON)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "body", r.json()


@pytest.mark.parametrize("raw", [b"{", b'{"question": "a",}', b"not json"])
def test_ask_malformed_json_is_422_with_reason(client, raw):
    r = client.post("/api/ask", content=raw, headers=JSON)
    assert r.status_code == 422, r.text
    body = r.json()
    assert "field" in body and "not valid JSON" in body["error"]


@pytest.mark.parametrize("path", ["/api/ask", "/api/rules/onirim.tower_placement"])
def test_invalid_utf8_body_is_422(client, path):
    r = client.post(path, content=b'{"question": "\xff\xfe \xe5\xa4"}', headers=JSON)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "body"
    assert "UTF-8" in r.json()["error"]


def test_invalid_utf8_body_is_a_client_error(client):
    r = client.post("/api/ask", content=b'{"question": "\xff\xfe \xe5\xa4"}', headers=JSON)
    assert 400 <= r.status_code < 500
    assert r.json()["error"]


def test_body_over_16_kb_is_413(client):
    r = client.post("/api/ask", content=json.dumps({"question": "a" * 17_000}).encode(), headers=JSON)
    assert r.status_code == 413
    assert "16384" in r.json()["error"]


@pytest.mark.parametrize("path", ["/api/ask", "/api/rules/onirim.tower_placement"])
def test_streamed_body_over_16_kb_is_413(client, path):
    r = client.post(path, content=iter([b'{"question": "' + b"a" * 10_000, b"a" * 10_000 + b'"}']),
                    headers=JSON)
    assert r.status_code == 413, r.text


def test_unknown_game_is_404_listing_valid_ids(client):
    r = client.post("/api/ask", json={"question": "夢魘可以破壞高塔列嗎？", "game": "catan"})
    assert r.status_code == 404
    body = r.json()
    assert body["valid"] == sorted(GAMES)
    assert "catan" in body["error"]
    r = client.get("/api/search", params={"q": "tower", "game": "catan"})
    assert r.status_code == 404 and r.json()["valid"] == sorted(GAMES)


HOSTILE = [
    b"", b"null", b"[]", b'"question"', b"42", b"{", b"}", b"{{}}", b"\x00",
    b'{"question": null}', b'{"question": ["a"]}', b'{"question": {"$gt": 1}}', b'{"question": true}',
    b'{"question": 1e999}', b'{"question": NaN}', b'{"question": "\\ud800"}', b'{"question": "\\u0000"}',
    b'{"question": "\\u200b\\u200b"}', b'{"question": "\\u202e\xe9\xab\x98\xe5\xa1\x94"}',
    b'{"question": "ok", "history": [1, 2]}', b'{"question": "ok", "history": [null]}',
    b'{"question": "ok", "history": {"question": "x"}}',
    json.dumps({"question": "ok", "history": [{"question": "夢魘"}] * 21}).encode(),
    json.dumps({"question": "ok", "history": [{"question": "a" * 501}]}).encode(),
    b'{"question": "ok", "game": "../../etc/passwd"}', b'{"question": "ok", "game": ""}',
    b'{"question": "ok", "game": ["onirim"]}', b'{"question": "<script>alert(1)</script>"}',
    b'{"question": "\' OR 1=1 --"}', b'{"question": "\xef\xbb\xbfBOM"}', b"\xef\xbb\xbf{}",
    b"[" * 8000, b'{"a":' * 3000, b'{"question": "\xff"}', b"\xff\xfe\x00\x00",
    ("{\"question\": \"" + "\U0001f600" * 400 + "\"}").encode(),
    ("{\"question\": \"" + "e\u0301" * 300 + "\"}").encode(),
]


@pytest.mark.parametrize("raw", HOSTILE, ids=[f"hostile{i}" for i in range(len(HOSTILE))])
def test_hostile_bodies_never_500(client, raw):
    r = client.post("/api/ask", content=raw, headers=JSON)
    assert r.status_code < 500, (r.status_code, r.text)
    if r.status_code != 200:
        assert r.json()["error"]


@pytest.mark.parametrize("raw", [b"[" * 8000, b"", b"[]", b'"x"', b"{", b'{"tower": 5}', b'{"row": "red-4"}',
                                 b'{"side": "up"}', b'{"tower": "green-4", "extra": 1}', b"\xff"])
def test_rule_hostile_bodies_never_500(client, raw):
    r = client.post("/api/rules/onirim.tower_placement", content=raw, headers=JSON)
    assert r.status_code < 500, (r.status_code, r.text)


@pytest.mark.parametrize("params", [{"q": ""}, {"q": "   "}, {"q": "!!!"}, {"q": "a" * 3000}, {"q": "\x00"},
                                    {"q": "tower", "k": "abc"}, {"q": "tower", "k": "-1"},
                                    {"q": "tower", "k": "99999999999999999999"}, {}])
def test_search_hostile_params_never_500(client, params):
    r = client.get("/api/search", params=params)
    assert 400 <= r.status_code < 500, (r.status_code, r.text)


# ------------------------------------------------------------------------------------ GET /api/search
def test_search_ranks_passages_verbatim(client):
    r = client.get("/api/search", params={"q": "夢魘 高塔", "game": "onirim", "k": 4})
    assert r.status_code == 200
    body = r.json()
    assert body["query"] == "夢魘 高塔" and body["game"] == "onirim"
    assert 1 <= len(body["results"]) <= 4
    assert all(c["game"] == "onirim" for c in body["results"])
    scores = [c["score"] for c in body["results"]]
    assert scores == sorted(scores, reverse=True)
    assert_verbatim(body["results"])


def test_search_without_game_searches_everything(client):
    r = client.get("/api/search", params={"q": "迷霧山城 回憶"})
    assert r.status_code == 200
    results = r.json()["results"]
    assert len(results) == 5  # default k
    assert results[0]["game"] == "mist-mountain"


@pytest.mark.parametrize("k", ["0", "21", "abc", "1.5"])
def test_search_bad_k_is_422(client, k):
    r = client.get("/api/search", params={"q": "tower", "k": k})
    assert r.status_code == 422
    assert r.json()["field"].split(".")[-1] == "k"


def test_search_empty_query_is_422(client):
    r = client.get("/api/search", params={"q": "  "})
    assert r.status_code == 422
    assert "q" in r.json()["error"]


# ------------------------------------------------------------------------------------ catalog
def test_games_come_from_the_registry(client):
    r = client.get("/api/games")
    assert r.status_code == 200
    games = r.json()
    assert [g["id"] for g in games] == list(GAMES)
    assert len(games) == 3
    corpus = passages_by_id()
    for g in games:
        for lang in ("zh-TW", "zh-CN", "en"):
            assert g["names"][lang] == GAMES[g["id"]].names[lang]
            assert g["names"][lang]
        assert g["passages"] == sum(1 for p in corpus.values() if p.game == g["id"]) > 0
        assert g["rules"] == [r.id for r in all_rules(g["id"])]


def test_passage_is_verbatim(client):
    corpus = passages_by_id()
    for pid in ["onirim/towers/nightmare", "onirim/towers/exceptions", next(iter(corpus))]:
        r = client.get(f"/api/passages/{pid}")
        assert r.status_code == 200
        body = r.json()
        assert body["id"] == pid
        assert body["text"] == corpus[pid].text
        assert body["section"] == corpus[pid].section
        assert pid in body["section_passages"]


@pytest.mark.parametrize("pid", ["nosuch", "onirim/towers/nosuch", "..%2F..%2Fetc%2Fpasswd", "onirim/"])
def test_unknown_passage_is_404(client, pid):
    r = client.get(f"/api/passages/{pid}")
    assert r.status_code == 404
    assert r.json()["error"]


def test_rules_lists_every_registered_rule_with_schema(client):
    r = client.get("/api/rules")
    assert r.status_code == 200
    rules = r.json()
    assert [x["id"] for x in rules] == sorted(RULES)
    for x in rules:
        rule = RULES[x["id"]]
        assert x["game"] == rule.game
        assert x["input_schema"] == rule.input_schema()
        assert x["input_schema"]["type"] == "object"
        assert x["passages"] and all(p in passages_by_id() for p in x["passages"])
        assert set(x["examples"]) >= {"zh-TW", "zh-CN", "en"}


def test_evaluate_rule_returns_verdict(client):
    r = client.post("/api/rules/onirim.tower_placement", json={"row": ["red-4"], "tower": "green-4"})
    assert r.status_code == 200, r.text
    verdict = Verdict.model_validate(r.json())
    assert verdict.rule == "onirim.tower_placement"
    assert verdict.value is True
    assert verdict.trace and verdict.cites
    r = client.post("/api/rules/onirim.nightmare_tower_penalty", json={})
    assert r.status_code == 200
    assert r.json()["value"] == "depends" and len(r.json()["cases"]) >= 3
    r = client.post("/api/rules/onirim.nightmare_tower_penalty")  # no body = {}
    assert r.status_code == 200


def test_evaluate_rule_bad_input_names_the_field(client):
    r = client.post("/api/rules/onirim.tower_placement", json={"tower": "purple-9"})
    assert r.status_code == 422, r.text
    body = r.json()
    assert [d["field"] for d in body["details"]] == ["tower"]
    assert "purple-9" in body["details"][0]["problem"]
    r = client.post("/api/rules/onirim.tower_placement", json=["tower"])
    assert r.status_code == 422 and r.json()["field"] == "body"


def test_unknown_rule_is_404_listing_valid_ids(client):
    r = client.post("/api/rules/nosuch.rule", json={})
    assert r.status_code == 404
    body = r.json()
    assert body["field"] == "rule_id"
    assert body["valid"] == sorted(RULES)


def test_healthz(client, pipeline):
    r = client.get("/healthz")
    assert r.status_code == 200
    assert r.json() == {"status": "ok", "passages": len(pipeline.index.passages)}
    assert r.json()["passages"] > 100


def test_openapi_lists_the_endpoints(client):
    r = client.get("/openapi.json")
    assert r.status_code == 200
    paths = r.json()["paths"]
    for path, method in [("/api/ask", "post"), ("/api/search", "get"), ("/api/games", "get"),
                         ("/api/passages/{passage_id}", "get"), ("/api/rules", "get"),
                         ("/api/rules/{rule_id}", "post"), ("/healthz", "get")]:
        assert method in paths.get(path, {}), path
    schema = r.json()["components"]["schemas"]["AskResponse"]["properties"]
    assert {"question", "game", "in_scope", "answer", "verdict", "citations", "ambiguities", "took_ms"} <= set(schema)


# ------------------------------------------------------------------------------------ middleware
def test_rate_limit_429_with_retry_after(pipeline, tmp_path):
    app = create_app(Settings(rate_limit_per_minute=3, database_url=f"sqlite:///{tmp_path / 'r.db'}"),
                     pipeline=pipeline)
    with TestClient(app) as c:
        for _ in range(3):
            assert c.post("/api/ask", json={"question": "夢魘可以破壞高塔列嗎？"}).status_code == 200
        r = c.post("/api/ask", json={"question": "夢魘可以破壞高塔列嗎？"})
        assert r.status_code == 429
        assert int(r.headers["retry-after"]) >= 1
        assert r.json()["retry_after"] == int(r.headers["retry-after"])
        # Reads are not limited.
        assert c.get("/api/games").status_code == 200


def test_cors_allows_only_configured_origins(pipeline, tmp_path):
    app = create_app(Settings(cors_origins=["http://blog.example"], database_url=f"sqlite:///{tmp_path / 'c.db'}"),
                     pipeline=pipeline)
    preflight = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}
    with TestClient(app) as c:
        r = c.options("/api/ask", headers={"Origin": "http://blog.example", **preflight})
        assert r.status_code == 200
        assert r.headers["access-control-allow-origin"] == "http://blog.example"
        assert "POST" in r.headers["access-control-allow-methods"]
        r = c.options("/api/ask", headers={"Origin": "http://evil.example", **preflight})
        assert r.status_code >= 400
        assert "access-control-allow-origin" not in r.headers
        r = c.get("/api/games", headers={"Origin": "http://blog.example"})
        assert r.headers.get("access-control-allow-origin") == "http://blog.example"
        r = c.get("/api/games", headers={"Origin": "http://evil.example"})
        assert "access-control-allow-origin" not in r.headers


def test_security_headers(client):
    r = client.get("/")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    csp = r.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "object-src 'none'" in csp
    assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"
    api = client.get("/api/games")
    assert api.headers["x-content-type-options"] == "nosniff"
    err = client.post("/api/ask", json={"question": ""})
    assert err.headers["x-content-type-options"] == "nosniff"
