"""Contributed rulings: corpus/rulings/<game>/<id>.yaml, validated, and indexed as passages.

A ruling settles a question the rule texts leave unclear. It quotes the passages it rests on
(verbatim, with the hash of the passage text when it was written, so a later change to the
passage is noticed), says who ruled and on what authority, and where the engine can compute the
answer, carries an executable check that `arbiter rulings check` runs against the engine.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .corpus import CORPUS_DIR, GAME_IDS, CorpusError, Passage, read_yaml, validate_model

RULINGS_DIR = "rulings"
RULING_SECTION = "Ruling / 裁定"
_RULING_ID = r"^[a-z0-9]+(-[a-z0-9]+)*$"
_HASH = r"^[0-9a-f]{64}$"


def text_hash(text: str) -> str:
    """sha256 (hex) of a passage text: what a ruling's cite records as `text_hash`."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, str_strip_whitespace=True)


class RulingQuestion(_Strict):
    """The question in Traditional Chinese (required), Simplified Chinese and English (optional)."""

    zh_tw: str = Field(alias="zh-TW", min_length=1, max_length=500)
    zh_cn: str | None = Field(default=None, alias="zh-CN", min_length=1, max_length=500)
    en: str | None = Field(default=None, min_length=1, max_length=1000)


class RulingAnswer(_Strict):
    """The ruling itself in Traditional Chinese (required) and English (optional)."""

    zh_tw: str = Field(alias="zh-TW", min_length=1, max_length=4000)
    en: str | None = Field(default=None, min_length=1, max_length=8000)


class RulingCite(_Strict):
    """A passage the ruling rests on: its id, a verbatim quote from it, and its text's hash then."""

    passage: str = Field(min_length=3)
    quote: str = Field(min_length=1)
    text_hash: str = Field(pattern=_HASH, description="sha256 hex of the passage text when the ruling was written")


class Provenance(_Strict):
    """Who ruled, on what authority, and when."""

    kind: Literal["official", "designer", "community"]
    author: str = Field(min_length=1, max_length=200)
    date: dt.date
    link: str | None = Field(default=None, max_length=500)

    @field_validator("link")
    @classmethod
    def _http_link(cls, v: str | None) -> str | None:
        if v is not None and not re.match(r"^https?://\S+$", v):
            raise ValueError(f"expected an http(s) URL, found {v!r}")
        return v


class RulingCheck(_Strict):
    """An executable check: the engine rule, its input, and the verdict value the ruling expects.

    `details` (optional) is a subset of the verdict's `details` that must match too, for rulings
    whose point is not the verdict's value (e.g. where a lost Tower goes).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    rule: str = Field(pattern=r"^[a-z0-9-]+\.[a-z0-9_]+$")
    input: dict[str, Any] = Field(default_factory=dict)
    expect: Any
    details: dict[str, Any] | None = None


class Ruling(_Strict):
    """One ruling file."""

    id: str = Field(pattern=_RULING_ID, max_length=80)
    game: Literal["onirim", "mist-mountain", "dungeon-lords"]
    question: RulingQuestion
    answer: RulingAnswer
    cites: list[RulingCite] = Field(default_factory=list, max_length=20)
    provenance: Provenance
    status: Literal["accepted", "proposed"]
    supersedes: str | None = Field(default=None, pattern=_RULING_ID)
    check: RulingCheck | None = None

    @model_validator(mode="after")
    def _sane(self) -> "Ruling":
        if self.supersedes == self.id:
            raise ValueError(f"supersedes: a ruling cannot supersede itself ({self.id!r})")
        if self.check is not None and not self.check.rule.startswith(self.game + "."):
            raise ValueError(f"check.rule: {self.check.rule!r} is not a rule of game {self.game!r}")
        return self

    @property
    def passage_id(self) -> str:
        """The id this ruling has in the index."""
        return f"{RULINGS_DIR}/{self.game}/{self.id}"

    @property
    def source(self) -> str:
        """The ruling file, relative to corpus/."""
        return f"{RULINGS_DIR}/{self.game}/{self.id}.yaml"

    def passage_text(self) -> str:
        """The indexed (and cited) text: the zh-TW question, a newline, the zh-TW answer."""
        return f"{self.question.zh_tw}\n{self.answer.zh_tw}"

    def to_yaml_data(self) -> dict[str, Any]:
        """The ruling as YAML-ready data (aliases, no empty optionals)."""
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


def ruling_files(corpus_dir: Path = CORPUS_DIR) -> list[Path]:
    """Every ruling file under corpus/rulings/, sorted."""
    root = corpus_dir / RULINGS_DIR
    if not root.exists():
        return []
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in {".yaml", ".yml"})


def load_ruling_file(path: Path, corpus_dir: Path = CORPUS_DIR) -> Ruling:
    """One ruling file, validated; its place must be corpus/rulings/<game>/<id>.yaml."""
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise CorpusError(f"{path}: field (top level): expected a mapping of ruling fields, "
                          f"found {type(data).__name__}")
    ruling = validate_model(Ruling, data, path)
    assert isinstance(ruling, Ruling)
    try:
        rel = path.relative_to(corpus_dir / RULINGS_DIR)
    except ValueError:
        return ruling
    parts = rel.parts
    if len(parts) != 2:
        raise CorpusError(f"{path}: a ruling file must be corpus/rulings/<game>/<id>.yaml")
    if parts[0] != ruling.game:
        raise CorpusError(f"{path}: field game: {ruling.game!r} but the file is under rulings/{parts[0]}/"
                          f" (games: {', '.join(GAME_IDS)})")
    if Path(parts[1]).stem != ruling.id:
        raise CorpusError(f"{path}: field id: {ruling.id!r} does not match the file name {parts[1]!r}")
    return ruling


def load_rulings(corpus_dir: Path = CORPUS_DIR) -> list[Ruling]:
    """Every ruling (accepted and proposed); CorpusError naming file, field and why at the first bad one."""
    rulings = [load_ruling_file(p, corpus_dir) for p in ruling_files(corpus_dir)]
    seen: dict[tuple[str, str], Ruling] = {}
    for r in rulings:
        key = (r.game, r.id)
        if key in seen:
            raise CorpusError(f"{corpus_dir / r.source}: field id: duplicate ruling id {r.id!r} in {r.game!r}")
        seen[key] = r
    return rulings


def superseded_ids(rulings: list[Ruling]) -> set[tuple[str, str]]:
    """(game, id) of every ruling replaced by an accepted ruling."""
    return {(r.game, r.supersedes) for r in rulings if r.status == "accepted" and r.supersedes}


def ruling_passages(rulings: list[Ruling]) -> list[Passage]:
    """Accepted, not superseded rulings as passages (kind "ruling") for the index and citations."""
    replaced = superseded_ids(rulings)
    out = []
    for r in rulings:
        if r.status != "accepted" or (r.game, r.id) in replaced:
            continue
        out.append(Passage(id=r.passage_id, game=r.game, section=RULING_SECTION, text=r.passage_text(),
                           source=r.source, lines=(1, 1), kind="ruling"))
    return out


def provenance_by_passage_id(corpus_dir: Path = CORPUS_DIR) -> dict[str, dict[str, Any]]:
    """Indexed ruling passage id → its provenance (kind, author, date, link), for citing rulings."""
    rulings = load_rulings(corpus_dir)
    indexed = {p.id for p in ruling_passages(rulings)}
    return {r.passage_id: r.provenance.model_dump(mode="json", exclude_none=True)
            for r in rulings if r.passage_id in indexed}
