"""Load and validate corpus/ambiguities.yaml: the unclear or disputed places in the rule texts.

An answer citing one of an ambiguity's passages says the rule is unclear and gives its readings.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .corpus import CORPUS_DIR, CorpusError, passages_by_id, read_yaml, validate_model

AMBIGUITIES_PATH = CORPUS_DIR / "ambiguities.yaml"


class LocalText(BaseModel):
    """A short text in Traditional Chinese and English (zh-CN is derived with OpenCC)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    zh_tw: str = Field(alias="zh-TW", min_length=1)
    en: str = Field(min_length=1)

    def get(self, lang: str) -> str:
        """The text for an answer language: English for `en`, Traditional Chinese otherwise."""
        return self.en if lang == "en" else self.zh_tw


class Reading(BaseModel):
    """One way of reading an unclear rule."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: LocalText
    detail: LocalText


class Ambiguity(BaseModel):
    """An unclear or disputed place, the passages it concerns and its readings."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    game: Literal["onirim", "mist-mountain", "dungeon-lords"]
    passages: tuple[str, ...] = Field(min_length=1)
    note: LocalText
    readings: tuple[Reading, ...] = Field(min_length=2)
    engine_default: int | None
    source: Literal["text", "rules-notes"]

    @field_validator("passages")
    @classmethod
    def _no_repeats(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        if len(set(v)) != len(v):
            raise ValueError("passage ids must not repeat")
        return v

    @model_validator(mode="after")
    def _consistent(self) -> "Ambiguity":
        if self.engine_default is not None and not 0 <= self.engine_default < len(self.readings):
            raise ValueError(f"engine_default {self.engine_default} is not an index into the "
                             f"{len(self.readings)} readings (use null for no default)")
        for pid in self.passages:
            if not pid.startswith(self.game + "/"):
                raise ValueError(f"passage {pid!r} is not a passage of game {self.game!r}")
        return self

    @property
    def default_reading(self) -> Reading | None:
        """The reading the rules engine uses, if it picks one."""
        return None if self.engine_default is None else self.readings[self.engine_default]


class AmbiguityFile(BaseModel):
    """corpus/ambiguities.yaml."""

    model_config = ConfigDict(extra="forbid")

    ambiguities: list[Ambiguity] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_ids(self) -> "AmbiguityFile":
        seen: set[str] = set()
        for a in self.ambiguities:
            if a.id in seen:
                raise ValueError(f"duplicate ambiguity id {a.id!r}")
            seen.add(a.id)
        return self


def load_ambiguities(path: Path = AMBIGUITIES_PATH,
                     passage_ids: Iterable[str] | None = None) -> list[Ambiguity]:
    """The ambiguities, validated; every passage id must exist in the corpus.

    `passage_ids` defaults to the passages of the corpus directory the file sits in (or of the
    default corpus when that directory has no passages).
    Raises CorpusError naming the file, the field and why.
    """
    doc = validate_model(AmbiguityFile, read_yaml(path), path)
    if passage_ids is None:
        corpus_dir = path.parent if (path.parent / "passages").is_dir() else CORPUS_DIR
        passage_ids = passages_by_id(corpus_dir)
    known = set(passage_ids)
    for i, amb in enumerate(doc.ambiguities):
        for j, pid in enumerate(amb.passages):
            if pid not in known:
                raise CorpusError(f"{path}: field ambiguities.{i}.passages.{j} ({amb.id}): "
                                  f"unknown passage id {pid!r}")
    return list(doc.ambiguities)


@lru_cache(maxsize=1)
def _by_passage() -> dict[str, tuple[Ambiguity, ...]]:
    index: dict[str, list[Ambiguity]] = {}
    for amb in load_ambiguities():
        for pid in amb.passages:
            index.setdefault(pid, []).append(amb)
    return {pid: tuple(v) for pid, v in index.items()}


def ambiguities_for(passage_id: str) -> list[Ambiguity]:
    """The ambiguities (of the default corpus) that concern a passage; empty when none."""
    return list(_by_passage().get(passage_id, ()))
