"""Load and validate the corpus: passages, glossary, ambiguities (pydantic models at the edge)."""
from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Literal, TypeVar

from cachetools import LRUCache

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

T = TypeVar("T")

CORPUS_DIR = Path(__file__).resolve().parent.parent / "corpus"
GAME_IDS = ("onirim", "mist-mountain", "dungeon-lords")
_ID_RE = re.compile(r"^[a-z0-9-]+(/[a-z0-9-]+)+$")


class CorpusError(ValueError):
    """A corpus file that cannot be loaded: names the file, the field and why."""


class Passage(BaseModel):
    """One rule unit cut verbatim from a source text."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    game: str
    section: str
    text: str
    source: str
    lines: tuple[int, int]
    kind: Literal["rule", "ruling"] = "rule"

    @field_validator("id")
    @classmethod
    def _readable_id(cls, v: str) -> str:
        if not _ID_RE.match(v):
            raise ValueError(f"expected a readable id like 'onirim/towers/nightmare', found {v!r}")
        return v


class _PassageEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    section: str = Field(min_length=1)
    lines: tuple[int, int]
    text: str = Field(min_length=1)

    @field_validator("lines")
    @classmethod
    def _line_order(cls, v: tuple[int, int]) -> tuple[int, int]:
        if not 1 <= v[0] <= v[1]:
            raise ValueError(f"expected [first, last] with 1 <= first <= last, found {list(v)}")
        return v


class _SkippedLine(BaseModel):
    model_config = ConfigDict(extra="forbid")

    line: int = Field(ge=1)
    reason: str = Field(min_length=1)


class PassageFile(BaseModel):
    """corpus/passages/<game>.yaml: the passages of one source text."""

    model_config = ConfigDict(extra="forbid")

    game: Literal["onirim", "mist-mountain", "dungeon-lords"]
    source: str
    skipped_lines: list[_SkippedLine] = Field(default_factory=list)
    passages: list[_PassageEntry] = Field(min_length=1)


class GlossaryTerm(BaseModel):
    """A game term in its scripts and languages, plus what players actually type."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    game: Literal["onirim", "mist-mountain", "dungeon-lords", "all"]
    zh_tw: str = Field(min_length=1)
    zh_cn: str = Field(min_length=1)
    en: list[str] = Field(min_length=1)
    synonyms: list[str] = Field(default_factory=list)
    note: str = ""

    def surface_forms(self) -> list[str]:
        """Every way the term may be written, canonical forms first."""
        forms = [self.zh_tw, self.zh_cn, *self.en, *self.synonyms]
        return list(dict.fromkeys(f for f in forms if f))


class Glossary(BaseModel):
    """corpus/glossary.yaml."""

    model_config = ConfigDict(extra="forbid")

    terms: list[GlossaryTerm] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_ids(self) -> "Glossary":
        seen: set[tuple[str, str]] = set()
        for t in self.terms:
            key = (t.game, t.id)
            if key in seen:
                raise ValueError(f"duplicate glossary term id {t.id!r} in game {t.game!r}")
            seen.add(key)
        return self


def read_yaml(path: Path) -> object:
    """Parse a UTF-8 YAML file, raising CorpusError naming the file when it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as e:
        raise CorpusError(f"{path}: file not found") from e
    except UnicodeDecodeError as e:
        raise CorpusError(f"{path}: not valid UTF-8 ({e.reason} at byte {e.start})") from e
    try:
        # libyaml's loader when present: the pure-Python one is most of a corpus load.
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as e:
        raise CorpusError(f"{path}: malformed YAML: {e}") from e


def validate_model(model: type[BaseModel], data: object, path: Path) -> BaseModel:
    """Validate data as `model`, raising CorpusError naming the file, each bad field and why."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        problems = "; ".join(
            f"field {'.'.join(str(x) for x in err['loc']) or '(top level)'}: "
            f"{err['msg'].removeprefix('Value error, ')}" for err in e.errors())
        raise CorpusError(f"{path}: {problems}") from e


def load_passage_file(path: Path, sources_dir: Path | None = None) -> list[Passage]:
    """Load one passages file, checking each text is verbatim in its source at its lines."""
    pf = validate_model(PassageFile, read_yaml(path), path)
    sources_dir = sources_dir or path.parent.parent / "sources"
    src_path = sources_dir / pf.source
    try:
        source_lines = src_path.read_text(encoding="utf-8").split("\n")
    except FileNotFoundError as e:
        raise CorpusError(f"{path}: field source: {pf.source!r} not found in {sources_dir}") from e
    out = []
    for i, entry in enumerate(pf.passages):
        first, last = entry.lines
        window = "\n".join(source_lines[first - 1:last])
        if entry.text not in window:
            raise CorpusError(f"{path}: field passages.{i}.text ({entry.id}): not verbatim in "
                              f"{pf.source} lines {first}-{last}")
        try:
            out.append(Passage(id=entry.id, game=pf.game, section=entry.section, text=entry.text,
                               source=pf.source, lines=entry.lines))
        except ValidationError as e:
            raise CorpusError(f"{path}: field passages.{i}.id: {e.errors()[0]['msg']}") from e
    return out


def load_passage_files(corpus_dir: Path = CORPUS_DIR) -> dict[str, PassageFile]:
    """The raw passage files by game (for coverage checks)."""
    return {p.stem: validate_model(PassageFile, read_yaml(p), p)
            for p in sorted((corpus_dir / "passages").glob("*.yaml"))}


def load_rule_passages(corpus_dir: Path = CORPUS_DIR) -> list[Passage]:
    """The passages of the rule texts (no rulings)."""
    passages: list[Passage] = []
    for path in sorted((corpus_dir / "passages").glob("*.yaml")):
        passages.extend(load_passage_file(path, corpus_dir / "sources"))
    return passages


def corpus_signature(corpus_dir: Path) -> tuple[tuple[str, int, int], ...]:
    """What a load of the corpus depends on: each file's path, size and modification time (a changed,
    added or removed file changes it)."""
    out = []
    for path in sorted(Path(corpus_dir).rglob("*")):
        if path.is_file():
            st = path.stat()
            out.append((str(path), st.st_size, st.st_mtime_ns))
    return tuple(out)


# Loads of the same corpus files within one process (an answer, an index check and the router each ask
# for the passages and the rulings): read and checked once while the files stay as they are.
_LOADED: LRUCache[tuple, tuple] = LRUCache(maxsize=8)
_LOADED_LOCK = threading.Lock()


def loaded_once(what: str, corpus_dir: Path, load: Callable[[], list[T]]) -> list[T]:
    """`load()` of the corpus in `corpus_dir`, kept while its files are unchanged (a new list each call)."""
    key = (what, Path(corpus_dir).resolve(), corpus_signature(corpus_dir))
    with _LOADED_LOCK:
        kept = _LOADED.get(key)
    if kept is None:
        kept = tuple(load())
        with _LOADED_LOCK:
            _LOADED[key] = kept
    return list(kept)


def load_passages(corpus_dir: Path = CORPUS_DIR) -> list[Passage]:
    """Every passage of every game, ids unique."""
    return loaded_once("passages", corpus_dir, lambda: _load_passages(corpus_dir))


def _load_passages(corpus_dir: Path) -> list[Passage]:
    passages = load_rule_passages(corpus_dir)
    # Accepted rulings are cited like the rule texts (imported here: rulings imports this module). A
    # ruling that does not load, quote verbatim or agree with the engine is left out with a warning.
    from .rulings import indexed_rulings, ruling_passages

    passages.extend(ruling_passages(indexed_rulings(corpus_dir, passages)))
    seen: set[str] = set()
    for p in passages:
        if p.id in seen:
            raise CorpusError(f"{corpus_dir / 'passages'}: duplicate passage id {p.id!r}")
        seen.add(p.id)
    if not passages:
        raise CorpusError(f"{corpus_dir / 'passages'}: no passages found")
    return passages


def load_glossary(path: Path = CORPUS_DIR / "glossary.yaml") -> Glossary:
    """The glossary, validated."""
    return validate_model(Glossary, read_yaml(path), path)


@lru_cache(maxsize=4)
def passages_by_id(corpus_dir: Path = CORPUS_DIR) -> dict[str, Passage]:
    """Cached id → passage map of the default corpus."""
    return {p.id: p for p in load_passages(corpus_dir)}


class _PassageQuestions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str
    passages: dict[str, dict[Literal["zh-TW", "en"], list[str]]]


def load_passage_questions(corpus_dir: Path = CORPUS_DIR, known: set[str] | None = None) -> dict[str, list[str]]:
    """Questions each passage answers (corpus/questions/<game>.yaml), by passage id: written from the
    passage text alone, indexed as an extra retrieval field (CorpusError for an id not in `known`, the
    passage ids, read from the corpus when not given)."""
    known = known if known is not None else {p.id for p in load_passages(corpus_dir)}
    out: dict[str, list[str]] = {}
    for path in sorted((corpus_dir / "questions").glob("*.yaml")):
        doc = validate_model(_PassageQuestions, read_yaml(path), path)
        assert isinstance(doc, _PassageQuestions)
        for pid, by_lang in doc.passages.items():
            if pid not in known:
                raise CorpusError(f"{path}: passage {pid!r} is not in corpus/passages")
            questions = [q.strip() for lang in ("zh-TW", "en") for q in by_lang.get(lang, []) if q.strip()]
            out.setdefault(pid, []).extend(questions)
    return out


def corpus_hash(corpus_dir: Path = CORPUS_DIR) -> str:
    """Content hash of every corpus file that feeds the index."""
    h = hashlib.sha256()
    for path in sorted(corpus_dir.rglob("*")):
        if path.is_file() and path.suffix in {".yaml", ".yml", ".txt"}:
            h.update(str(path.relative_to(corpus_dir)).encode())
            h.update(b"\0")
            h.update(path.read_bytes())
            h.update(b"\0")
    return h.hexdigest()
