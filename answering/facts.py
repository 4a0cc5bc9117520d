"""Load corpus/facts/<game>.yaml: the facts of the rule texts, checked against their passages.

Each file holds `facts` (rules_engine.facts.Fact entries, registered on load; `game` defaults to
the file's game) and `uncovered`:
statements with a number or a may/must that deliberately have no fact, each with the reason
(flavour text, a worked example, ambiguous, ...). A fact's `passage` must exist in the corpus and
belong to its game, and its `quote` must be verbatim in that passage's text.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules_engine.facts import Fact, register_fact

from indexer.corpus import CORPUS_DIR, GAME_IDS, CorpusError, Passage, passages_by_id, read_yaml, validate_model

FACTS_DIR = "facts"


class Uncovered(BaseModel):
    """A statement that has no fact on purpose, and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    passage: str = Field(min_length=3)
    statement: str = Field(min_length=1, description="verbatim in the passage text")
    reason: str = Field(min_length=3)


class _FactFile(BaseModel):
    """corpus/facts/<game>.yaml; facts are validated one by one to name the fact in errors."""

    model_config = ConfigDict(extra="forbid")

    facts: list[dict[str, Any]] = Field(default_factory=list)
    uncovered: list[Uncovered] = Field(default_factory=list)


def fact_files(corpus_dir: Path = CORPUS_DIR) -> list[Path]:
    """Every facts file under corpus/facts/, sorted."""
    root = corpus_dir / FACTS_DIR
    return sorted(root.glob("*.yaml")) if root.is_dir() else []


def _fact_error(path: Path, i: int, raw: dict[str, Any], err: ValidationError) -> CorpusError:
    fid = raw.get("id", "?")
    problems = "; ".join(
        f"field facts.{i}.{'.'.join(str(x) for x in e['loc'])}".rstrip(".") + f" ({fid}): "
        f"{e['msg'].removeprefix('Value error, ')}" for e in err.errors())
    return CorpusError(f"{path}: {problems}")


def load_fact_file(path: Path, passages: dict[str, Passage]) -> tuple[list[Fact], list[Uncovered]]:
    """One facts file, validated and checked against `passages`; CorpusError names file, fact and problem."""
    data = read_yaml(path)
    doc = validate_model(_FactFile, data if data is not None else {}, path)
    assert isinstance(doc, _FactFile)
    game = path.stem
    if game not in GAME_IDS:
        raise CorpusError(f"{path}: a facts file must be named after its game ({', '.join(GAME_IDS)})")
    facts: list[Fact] = []
    seen: set[str] = set()
    for i, raw in enumerate(doc.facts):
        try:
            # `game` may be left out: it is the file's game.
            fact = Fact.model_validate({"game": game, **raw})
        except ValidationError as e:
            raise _fact_error(path, i, raw, e) from e
        where = f"{path}: field facts.{i}"
        if fact.game != game:
            raise CorpusError(f"{where}.game ({fact.id}): game {fact.game!r} in the {game!r} facts file")
        if fact.id in seen:
            raise CorpusError(f"{where}.id ({fact.id}): duplicate fact id {fact.id!r}")
        seen.add(fact.id)
        passage = passages.get(fact.passage)
        if passage is None:
            raise CorpusError(f"{where}.passage ({fact.id}): unknown passage id {fact.passage!r}")
        if passage.game != fact.game:
            raise CorpusError(f"{where}.passage ({fact.id}): {fact.passage!r} is not a passage of {fact.game!r}")
        if fact.quote not in passage.text:
            raise CorpusError(f"{where}.quote ({fact.id}): quote not verbatim in passage {fact.passage!r}: "
                              f"{fact.quote!r}")
        if fact.case_of is not None:
            _check_case_of(fact, where)
        facts.append(fact)
    uncovered_seen: set[tuple[str, str]] = set()
    for i, u in enumerate(doc.uncovered):
        where = f"{path}: field uncovered.{i}"
        passage = passages.get(u.passage)
        if passage is None:
            raise CorpusError(f"{where}.passage: unknown passage id {u.passage!r}")
        if passage.game != game:
            raise CorpusError(f"{where}.passage: {u.passage!r} is not a passage of {game!r}")
        if u.statement not in passage.text:
            raise CorpusError(f"{where}.statement: not verbatim in passage {u.passage!r}: {u.statement!r}")
        if (u.passage, u.statement) in uncovered_seen:
            raise CorpusError(f"{where}.statement: listed twice for {u.passage!r}: {u.statement!r}")
        uncovered_seen.add((u.passage, u.statement))
    return facts, list(doc.uncovered)


def _check_case_of(fact: Fact, where: str) -> None:
    """A fact stating a case of a rule names a registered rule of its game that cites the fact's passage."""
    from rules_engine.registry import RULES, load_games

    load_games()
    rule = RULES.get(fact.case_of or "")
    if rule is None:
        raise CorpusError(f"{where}.case_of ({fact.id}): unknown rule id {fact.case_of!r}")
    if rule.game != fact.game or fact.passage not in rule.passages:
        raise CorpusError(f"{where}.case_of ({fact.id}): rule {rule.id!r} is not a rule of {fact.game!r} citing "
                          f"passage {fact.passage!r}")


@lru_cache(maxsize=4)
def _load(corpus_dir: Path) -> tuple[tuple[Fact, ...], tuple[Uncovered, ...]]:
    passages = passages_by_id(corpus_dir)
    facts: list[Fact] = []
    uncovered: list[Uncovered] = []
    owner: dict[str, Path] = {}
    for path in fact_files(corpus_dir):
        file_facts, file_uncovered = load_fact_file(path, passages)
        for f in file_facts:
            if f.id in owner:
                raise CorpusError(f"{path}: field id ({f.id}): duplicate fact id, also in {owner[f.id]}")
            owner[f.id] = path
        facts.extend(file_facts)
        uncovered.extend(file_uncovered)
    return tuple(sorted(facts, key=lambda f: f.id)), tuple(uncovered)


def load_facts(corpus_dir: Path = CORPUS_DIR, *, register: bool = True) -> list[Fact]:
    """Every fact of the corpus, sorted by id; registered in rules_engine.facts (idempotent) unless told not to."""
    facts = list(_load(Path(corpus_dir))[0])
    if register:
        for f in facts:
            register_fact(f)
    return facts


def load_uncovered(corpus_dir: Path = CORPUS_DIR) -> list[Uncovered]:
    """The statements every facts file lists as deliberately without a fact."""
    return list(_load(Path(corpus_dir))[1])


def facts_for_passage(passage_id: str, corpus_dir: Path = CORPUS_DIR) -> list[Fact]:
    """The facts (of the default corpus) that quote a passage; empty when none."""
    return [f for f in load_facts(corpus_dir) if f.passage == passage_id]


def asks_opposite(fact: Fact, question: str) -> bool:
    """Whether a question asks a yes/no fact the other way round: it names one of the fact's opposite
    phrases without negating it ("is my character secret?"; not "不用保密嗎？", which asks it the fact's way)."""
    from indexer.text import fold

    from .claims import without_claims
    from .extract import mentions, opens_a_not_a
    from .scope import sentences_of

    if fact.opposite is None:
        return False
    phrases = tuple(p for lang in fact.opposite.phrases for p in fact.opposite.phrases[lang])
    # What a dispute's players claim ("I say once you pass you're done for the day") is not the way it is asked,
    # nor is what a sentence that asks nothing tells ("they said the draw should be undone. Do I keep them?").
    text = without_claims(fold(question))
    sentences = sentences_of(text)
    asked = [s for s in sentences if re.search(r"[?？]|[吗呢]\s*$", s)]
    if asked and len(asked) < len(sentences):
        text = " ".join(asked)
    return any(not m.negated and not opens_a_not_a(text, m.start) for m in mentions(text, ((True, phrases),)))
