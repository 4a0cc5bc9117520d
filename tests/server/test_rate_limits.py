"""Rate limits in production (issue 15): which address counts, what is limited, storage shared by
processes. In-process apps over the session `pipeline`; real `arbiter serve` subprocesses where
uvicorn's own handling matters; tests marked `redis` use a private redis-server."""
from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from server.app import create_app
from server.ratelimit import ClientAddress, parse_networks
from server.settings import Settings

QUESTION = {"question": "夢魘可以破壞高塔列嗎？"}
TOKEN = "s3cret-moderator-token"


def make_app(pipeline, tmp_path, **settings):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'r.db'}", **settings), pipeline=pipeline)


def codes(responses) -> list[int]:
    return [r.status_code for r in responses]


# ------------------------------------------------------------------------------------ client address
def scope(peer: str, *headers: tuple[str, str]) -> dict:
    return {"type": "http", "client": (peer, 1234), "headers": [(k.encode(), v.encode()) for k, v in headers]}


def test_forwarded_headers_are_ignored_without_trusted_proxies():
    addr = ClientAddress()
    assert addr.of(scope("127.0.0.1", ("x-forwarded-for", "203.0.113.9"))) == "127.0.0.1"
    assert addr.of(scope("198.51.100.4", ("forwarded", "for=203.0.113.9"))) == "198.51.100.4"


def test_trusted_proxy_chain_is_walked_from_the_right():
    addr = ClientAddress(parse_networks(["127.0.0.1", "10.0.0.0/8"]))
    # The client forged the leftmost entry; the proxies appended what they saw.
    assert addr.of(scope("127.0.0.1", ("x-forwarded-for", "1.2.3.4, 203.0.113.9, 10.1.2.3"))) == "203.0.113.9"
    assert addr.of(scope("10.9.9.9", ("x-forwarded-for", "203.0.113.9"))) == "203.0.113.9"
    assert addr.of(scope("127.0.0.1")) == "127.0.0.1"  # the proxy itself (a health check)
    assert addr.of(scope("203.0.113.50", ("x-forwarded-for", "1.2.3.4"))) == "203.0.113.50"  # not a proxy
    assert addr.of(scope("127.0.0.1", ("x-forwarded-for", "unknown"))) == "127.0.0.1"
    assert addr.of(scope("127.0.0.1", ("x-forwarded-for", "203.0.113.9:4711"))) == "203.0.113.9"


def test_rfc7239_forwarded_header_when_configured():
    addr = ClientAddress(parse_networks(["::1"]), header="forwarded")
    value = 'for=1.2.3.4, for="[2001:db8::7]:4711";proto=https;by=10.0.0.1'
    assert addr.of(scope("::1", ("forwarded", value))) == "2001:db8::7"
    # With the RFC header configured, X-Forwarded-For (which a client can send through) is not read.
    assert addr.of(scope("::1", ("x-forwarded-for", "203.0.113.9"))) == "::1"


def test_trusted_proxies_from_the_environment(monkeypatch):
    monkeypatch.setenv("ARBITER_TRUSTED_PROXIES", "10.0.0.1, 192.168.0.0/16")
    monkeypatch.setenv("ARBITER_RATE_LIMIT_STORAGE", "redis://cache:6379/2")
    s = Settings()
    assert s.trusted_proxies == ["10.0.0.1", "192.168.0.0/16"]
    assert s.rate_limit_storage == "redis://cache:6379/2"
    monkeypatch.setenv("ARBITER_TRUSTED_PROXIES", "10.0.0.1, proxy.internal")
    with pytest.raises(ValidationError, match="proxy.internal"):
        Settings()
    monkeypatch.delenv("ARBITER_TRUSTED_PROXIES")
    assert Settings().trusted_proxies == []
    monkeypatch.setenv("ARBITER_RATE_LIMIT_STORAGE", "localhost:6379")
    with pytest.raises(ValidationError, match="redis://host:port/db"):
        Settings()


def test_a_bad_setting_stops_serve_with_one_line(monkeypatch, capsys):
    from server import cli
    from server.settings import get_settings

    monkeypatch.setenv("ARBITER_TRUSTED_PROXIES", "proxy.internal")
    get_settings.cache_clear()
    try:
        with pytest.raises(SystemExit) as stopped:
            cli.main(["serve", "--port", "1"])
    finally:
        get_settings.cache_clear()
    assert stopped.value.code == 2
    assert capsys.readouterr().err.strip() == \
        "arbiter: bad setting: ARBITER_TRUSTED_PROXIES: not an IP address or network: 'proxy.internal'"


# ------------------------------------------------------------------------------------ in process
def test_forged_forwarded_for_does_not_escape_the_limit(pipeline, tmp_path):
    app = make_app(pipeline, tmp_path, rate_limit_per_minute=5)
    with TestClient(app, client=("127.0.0.1", 50000)) as c:
        got = [c.post("/api/ask", json=QUESTION, headers={"X-Forwarded-For": f"198.51.100.{i}",
                                                          "Forwarded": f"for=198.51.100.{i}"}) for i in range(12)]
    assert codes(got) == [200] * 5 + [429] * 7
    last = got[-1]
    assert last.json() == {"error": f"too many questions; try again in {last.headers['retry-after']} s",
                           "retry_after": int(last.headers["retry-after"])}
    assert 1 <= int(last.headers["retry-after"]) <= 60


def test_behind_a_trusted_proxy_each_client_has_its_own_count(pipeline, tmp_path):
    app = make_app(pipeline, tmp_path, rate_limit_per_minute=3, trusted_proxies=["127.0.0.1"])
    with TestClient(app, client=("127.0.0.1", 50000)) as c:
        def ask(client: str, forged: str = "") -> int:
            xff = f"{forged}, {client}" if forged else client
            return c.post("/api/ask", json=QUESTION, headers={"X-Forwarded-For": xff}).status_code

        assert [ask("203.0.113.1") for _ in range(4)] == [200, 200, 200, 429]
        # Another client behind the same proxy is not affected by the first one's count ...
        assert [ask("203.0.113.2") for _ in range(3)] == [200, 200, 200]
        # ... and the first cannot reset its own by prepending addresses.
        assert ask("203.0.113.1", forged="192.0.2.77") == 429
    # A peer that is not the proxy is counted by its own address whatever it sends.
    with TestClient(app, client=("198.51.100.8", 50000)) as c:
        got = [c.post("/api/ask", json=QUESTION, headers={"X-Forwarded-For": f"203.0.113.{10 + i}"})
               for i in range(4)]
    assert codes(got) == [200, 200, 200, 429]


def test_search_is_limited_separately(pipeline, tmp_path):
    app = make_app(pipeline, tmp_path, rate_limit_per_minute=2, search_rate_limit_per_minute=3)
    with TestClient(app) as c:
        searches = [c.get("/api/search", params={"q": "夢魘"}) for _ in range(4)]
        assert codes(searches) == [200, 200, 200, 429]
        assert searches[-1].json()["error"].startswith("too many searches")
        assert "retry-after" in searches[-1].headers
        # Questions keep their own count; reads, pages and the health check are not limited.
        assert codes(c.post("/api/ask", json=QUESTION) for _ in range(2)) == [200, 200]
        assert all(c.get(p).status_code == 200 for p in ["/healthz", "/api/games", "/"] * 10)


def test_wrong_admin_tokens_are_limited_per_client(pipeline, tmp_path):
    app = make_app(pipeline, tmp_path, admin_token=TOKEN, admin_failures_per_minute=3)
    good = {"Authorization": f"Bearer {TOKEN}"}
    with TestClient(app, client=("198.51.100.66", 1)) as guesser, \
            TestClient(app, client=("203.0.113.5", 1)) as moderator:
        guesses = [guesser.get("/api/rulings/queue", headers={"Authorization": f"Bearer guess-{i}"})
                   for i in range(5)]
        assert codes(guesses) == [403, 403, 403, 429, 429]
        assert guesses[-1].json()["error"].startswith("too many wrong admin tokens")
        # Once blocked, even the right token is refused from that client for the rest of the minute ...
        assert guesser.post("/api/rulings/1/accept", headers=good).status_code == 429
        # ... while the moderator, elsewhere, works normally; right tokens never count.
        assert all(moderator.get("/api/rulings/queue", headers=good).status_code == 200 for _ in range(10))
        assert moderator.post("/api/rulings/1/reject", headers=good).status_code == 404
        # Not sending a token (401) is not a guess.
        assert codes(moderator.get("/api/rulings/queue") for _ in range(5)) == [401] * 5
        assert moderator.get("/api/rulings/queue", headers=good).status_code == 200


def test_unreachable_storage_lets_requests_through_and_logs(pipeline, tmp_path, caplog):
    from .conftest import free_port

    app = make_app(pipeline, tmp_path, rate_limit_per_minute=1,
                   rate_limit_storage=f"redis://127.0.0.1:{free_port()}/0")
    with caplog.at_level(logging.WARNING, logger="arbiter"), TestClient(app) as c:
        assert codes(c.post("/api/ask", json=QUESTION) for _ in range(3)) == [200] * 3
    warnings = [r.getMessage() for r in caplog.records if "rate-limit storage unavailable" in r.getMessage()]
    assert len(warnings) == 1  # once a minute, not once a request


# ------------------------------------------------------------------------------------ real server
def test_served_app_ignores_forwarded_for_from_loopback(serve):
    """uvicorn trusts X-Forwarded-For from 127.0.0.1 by default; `arbiter serve` must not."""
    import httpx

    server = serve(ARBITER_RATE_LIMIT_PER_MINUTE="5").wait_ready()
    got = [httpx.post(server.url + "/api/ask", json=QUESTION, timeout=30,
                      headers={"X-Forwarded-For": f"198.51.100.{i}"}) for i in range(15)]
    assert codes(got) == [200] * 5 + [429] * 10
    assert int(got[-1].headers["retry-after"]) >= 1


# ------------------------------------------------------------------------------------ Redis
@pytest.mark.redis
def test_limits_are_kept_in_redis(pipeline, tmp_path, redis_url):
    import redis

    app = make_app(pipeline, tmp_path, rate_limit_per_minute=3, rate_limit_storage=redis_url)
    with TestClient(app) as c:
        assert codes(c.post("/api/ask", json=QUESTION) for _ in range(5)) == [200, 200, 200, 429, 429]
    with redis.Redis.from_url(redis_url) as r:
        assert any(b"testclient" in key for key in r.keys("*"))
    # A second app (another process, in production) over the same Redis sees the spent count.
    with TestClient(make_app(pipeline, tmp_path, rate_limit_per_minute=3, rate_limit_storage=redis_url)) as c:
        r = c.post("/api/ask", json=QUESTION)
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1


@pytest.mark.redis
def test_limit_is_enforced_across_two_served_processes(serve, redis_url):
    import httpx

    limit = 6
    env = {"ARBITER_RATE_LIMIT_STORAGE": redis_url, "ARBITER_RATE_LIMIT_PER_MINUTE": str(limit),
           "ARBITER_TRUSTED_PROXIES": "127.0.0.1"}
    first, second = serve(**env), serve(**env)  # start both, then wait: the index loads in parallel
    servers = [first.wait_ready(), second.wait_ready()]

    def ask(i: int, client: str) -> int:
        url = servers[i % 2].url + "/api/ask"
        return httpx.post(url, json=QUESTION, headers={"X-Forwarded-For": client}, timeout=30).status_code

    got = [ask(i, "203.0.113.20") for i in range(2 * limit + 4)]
    assert got.count(200) == limit and got[:limit] == [200] * limit, got
    assert set(got[limit:]) == {429}
    # The trusted proxy's other clients have their own count on both processes.
    assert [ask(i, "203.0.113.21") for i in range(limit)] == [200] * limit
