"""Contributed rulings: corpus/rulings/<game>/<id>.yaml, validated, and indexed as passages.

A ruling settles a question the rule texts leave unclear. It quotes the passages it rests on
(verbatim, with the hash of the passage text when it was written, so a later change to the
passage is noticed), says who ruled and on what authority, and where the engine can compute the
answer, carries an executable check that `arbiter rulings check` runs against the engine.
"""
from __future__ import annotations

import datetime as dt
import difflib
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .corpus import CORPUS_DIR, GAME_IDS, CorpusError, Passage, read_yaml

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


def _node_line(text: str, loc: tuple[Any, ...]) -> int | None:
    """The 1-based line of the YAML node at `loc` (or of its nearest existing parent)."""
    try:
        node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return None
    line = node.start_mark.line + 1 if node is not None else None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            found = next((v for k, v in node.value if k.value == str(part)), None)
            key = next((k for k, _ in node.value if k.value == str(part)), None)
            if found is None:
                break
            line, node = key.start_mark.line + 1, found
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            break
    return line


# What to do about each kind of schema error (pydantic's error type), said after the error itself.
_FIXES = {
    "missing": "add the field (see the template in CONTRIBUTING.md)",
    "extra_forbidden": "remove it or fix its spelling",
    "literal_error": "use one of the values listed",
    "string_pattern_mismatch": "see the pattern named",
    "date_from_datetime_parsing": "write the date as YYYY-MM-DD",
    "date_parsing": "write the date as YYYY-MM-DD",
}


def _yaml_error(path: Path, e: yaml.YAMLError) -> CorpusError:
    """One message for a YAML syntax error: the file, its line and column, the problem and a fix."""
    mark = getattr(e, "problem_mark", None)
    where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
    column = f" column {mark.column + 1}:" if mark is not None else ""
    problem = getattr(e, "problem", None) or str(e).splitlines()[0]
    context = getattr(e, "context", None)
    said = f"{problem} ({context})" if context else problem
    error = CorpusError(f"{where}:{column} malformed YAML: {said}; fix: check the indentation and quoting on "
                        f"that line and the one before (a value holding ': ' or starting with a quote needs quotes)")
    error.line = mark.line + 1 if mark is not None else None  # type: ignore[attr-defined]
    return error


def load_ruling_file(path: Path, corpus_dir: Path = CORPUS_DIR) -> Ruling:
    """One ruling file, validated; its place must be corpus/rulings/<game>/<id>.yaml.

    A CorpusError names the file and line (`path:line: …`), each bad field, why, and what to do;
    its `line` attribute holds the line of the first problem.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, UnicodeDecodeError):
        read_yaml(path)  # raises the corpus's own message (file not found, not UTF-8)
        raise
    try:
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as e:
        raise _yaml_error(path, e) from None
    if not isinstance(data, dict):
        raise _located(path, 1, f"field (top level): expected a mapping of ruling fields, found "
                                f"{type(data).__name__}; fix: start from `arbiter rulings new`")
    try:
        ruling = Ruling.model_validate(data)
    except ValidationError as e:
        errors = e.errors()
        line = _node_line(text, tuple(errors[0]["loc"])) if errors else None
        problems = "; ".join(
            f"field {'.'.join(str(x) for x in err['loc']) or '(top level)'}: "
            f"{err['msg'].removeprefix('Value error, ')}" for err in errors)
        fixes = sorted({_FIXES[err["type"]] for err in errors if err["type"] in _FIXES})
        raise _located(path, line, problems + (f"; fix: {'; '.join(fixes)}" if fixes else "")) from None
    try:
        rel = path.relative_to(corpus_dir / RULINGS_DIR)
    except ValueError:
        return ruling
    parts = rel.parts
    if len(parts) != 2:
        raise _located(path, None, "a ruling file must be corpus/rulings/<game>/<id>.yaml")
    if parts[0] != ruling.game:
        raise _located(path, _node_line(text, ("game",)),
                       f"field game: {ruling.game!r} but the file is under rulings/{parts[0]}/ "
                       f"(games: {', '.join(GAME_IDS)}); fix: move the file or correct `game`")
    if Path(parts[1]).stem != ruling.id:
        raise _located(path, _node_line(text, ("id",)),
                       f"field id: {ruling.id!r} does not match the file name {parts[1]!r}; "
                       f"fix: rename the file to {ruling.id}.yaml or set `id: {Path(parts[1]).stem}`")
    return ruling


def _located(path: Path, line: int | None, message: str) -> CorpusError:
    error = CorpusError(f"{path}:{line}: {message}" if line else f"{path}: {message}")
    error.line = line  # type: ignore[attr-defined]
    return error


def load_rulings(corpus_dir: Path = CORPUS_DIR) -> list[Ruling]:
    """Every ruling (accepted and proposed); CorpusError naming file, field and why at the first bad one."""
    rulings, problems = scan_rulings(corpus_dir)
    if problems:
        raise problems[0]
    return rulings


def scan_rulings(corpus_dir: Path = CORPUS_DIR) -> tuple[list[Ruling], list[CorpusError]]:
    """Every ruling file that loads, and one CorpusError for each that does not (or repeats an id)."""
    rulings: list[Ruling] = []
    problems: list[CorpusError] = []
    seen: dict[tuple[str, str], Ruling] = {}
    for path in ruling_files(corpus_dir):
        try:
            r = load_ruling_file(path, corpus_dir)
        except CorpusError as e:
            problems.append(e)
            continue
        if (r.game, r.id) in seen:
            problems.append(_located(path, None, f"field id: duplicate ruling id {r.id!r} in {r.game!r}"))
            continue
        seen[(r.game, r.id)] = r
        rulings.append(r)
    return rulings, problems


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


# ---------------------------------------------------------------- checks shared by the index and `rulings check`
def _json_equal(a: Any, b: Any) -> bool:
    return json.loads(json.dumps(a, ensure_ascii=False, default=str)) == \
        json.loads(json.dumps(b, ensure_ascii=False, default=str))


def _subset_mismatches(expected: dict[str, Any], actual: dict[str, Any], prefix: str = "details") -> list[str]:
    out = []
    for key, want in expected.items():
        if key not in actual:
            out.append(f"{prefix}.{key} is absent (expected {json.dumps(want, ensure_ascii=False)})")
        elif isinstance(want, dict) and isinstance(actual[key], dict):
            out.extend(_subset_mismatches(want, actual[key], f"{prefix}.{key}"))
        elif not _json_equal(want, actual[key]):
            out.append(f"{prefix}.{key} is {json.dumps(actual[key], ensure_ascii=False, default=str)}, "
                       f"expected {json.dumps(want, ensure_ascii=False)}")
    return out


def run_check(ruling: Ruling) -> list[str]:
    """Why the ruling's executable check disagrees with the engine (empty when it agrees)."""
    from rules_engine import UnknownId, describe_validation_error, get_rule

    if ruling.check is None:
        return []
    try:
        rule = get_rule(ruling.check.rule)
    except UnknownId as e:
        return [f"check.rule: {e}"]
    try:
        verdict = rule.run(dict(ruling.check.input))
    except ValidationError as e:
        described = "; ".join(f"{p['field']}: {p['problem']}" for p in describe_validation_error(e))
        return [f"check.input: {described} ({rule.id} takes the fields {', '.join(rule.input_model.model_fields)}; "
                f"`arbiter rule {rule.id} --schema` describes them)"]
    except Exception as e:  # an engine crash is a finding, not a crash of the checker
        return [f"check: the engine raised {type(e).__name__}: {e}"]
    out = []
    if not _json_equal(verdict.value, ruling.check.expect):
        out.append(f"check.expect: {ruling.check.rule} answers {json.dumps(verdict.value, ensure_ascii=False)}, "
                   f"the ruling expects {json.dumps(ruling.check.expect, ensure_ascii=False)}")
    if ruling.check.details:
        out.extend(f"check.{m}" for m in _subset_mismatches(ruling.check.details, verdict.details))
    return out


def cite_problems(ruling: Ruling, passages: dict[str, Passage]) -> list[str]:
    """Why the ruling's quotes cannot be trusted: a passage that is missing, of another game, or not quoted verbatim."""
    out = []
    for i, c in enumerate(ruling.cites):
        p = passages.get(c.passage)
        if p is None:
            out.append(f"cites.{i}.passage: no passage {c.passage!r}{did_you_mean(c.passage, passages)}")
        elif p.game != ruling.game:
            out.append(f"cites.{i}.passage: {c.passage!r} is a {p.game} passage, not {ruling.game}")
        elif c.quote not in p.text:
            out.append(f"cites.{i}.quote: not verbatim in {c.passage} ({c.quote[:40]!r})")
    if not ruling.cites:
        out.append("cites: a ruling must quote at least one passage")
    return out


def did_you_mean(given: str, known: Any, n: int = 3) -> str:
    """'; did you mean …?' with the known ids closest to the given one ('' when none is close)."""
    close = difflib.get_close_matches(given, list(known), n=n, cutoff=0.6)
    if not close:
        # A wrong section with the right last part ("onirim/tower/nightmare") is still worth naming.
        tail = given.rsplit("/", 1)[-1]
        close = [k for k in known if k.rsplit("/", 1)[-1] == tail][:n]
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


_warned: set[str] = set()


def warn_once(message: str) -> None:
    """Print a warning to stderr once per process (the corpus is loaded several times per command)."""
    if message not in _warned:
        _warned.add(message)
        print(f"rules-arbiter: warning: {message}", file=sys.stderr, flush=True)


def indexed_rulings(corpus_dir: Path = CORPUS_DIR, rule_passages: list[Passage] | None = None) -> list[Ruling]:
    """The accepted rulings that go into the index: those that load, quote verbatim and agree with the engine.

    Every other ruling file is left out with one warning naming the file, what is wrong and how to fix
    it, so one broken contribution does not stop indexing or answering. Checked once per process while
    the corpus files stay as they are (`rule_passages`, when given, are the rule passages of `corpus_dir`).
    """
    from .corpus import loaded_once

    return loaded_once("rulings", corpus_dir, lambda: _indexed_rulings(corpus_dir, rule_passages))


def _indexed_rulings(corpus_dir: Path, rule_passages: list[Passage] | None) -> list[Ruling]:
    from .corpus import load_rule_passages

    rulings, problems = scan_rulings(corpus_dir)
    for e in problems:
        warn_once(f"ruling left out of the index: {e}")
    if rule_passages is None:
        rule_passages = load_rule_passages(corpus_dir)
    by_id = {p.id: p for p in rule_passages}
    usable = []
    for r in rulings:
        if r.status != "accepted":
            usable.append(r)  # not indexed anyway; kept so that `supersedes` still resolves
            continue
        found = cite_problems(r, by_id) + run_check(r)
        if found:
            warn_once(f"ruling left out of the index: {corpus_dir / r.source}: {'; '.join(found)} "
                      f"(run `arbiter rulings check`)")
            continue
        usable.append(r)
    replaced = superseded_ids(usable)
    return [r for r in usable if r.status == "accepted" and (r.game, r.id) not in replaced]


def provenance_by_passage_id(corpus_dir: Path = CORPUS_DIR) -> dict[str, dict[str, Any]]:
    """Indexed ruling passage id → its provenance (kind, author, date, link), for citing rulings."""
    return {r.passage_id: r.provenance.model_dump(mode="json", exclude_none=True)
            for r in indexed_rulings(corpus_dir)}
