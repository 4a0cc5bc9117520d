"""Routes a question to an engine rule: its example questions matched in the same embedding space."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from indexer.embedders import Embedder
from indexer.vectors import cached_query_vectors
from indexer.tokenize import Tokenizer
from indexer.text import fold
from rules_engine import DEPENDS, Fact, Rule, all_rules

# Defaults for a fit below which no verdict is given; the index manifest's calibration (written by
# `python -m evals.calibrate` from the tune set for that embedder) takes precedence.
RULE_THRESHOLD = 0.86
LEXICAL_WEIGHT = 0.08
# How much agreeing (or clashing) answer types move the fit: a "how many" question is not answered
# by a yes/no rule however close its examples are.
TYPE_AGREES = 0.02
TYPE_CLASHES = 0.06
# A rule whose inputs the question states is a better fit than one it says nothing about.
STATED_INPUTS = 0.02
# The best answerer must lead the next one by this much; a near tie is not a verdict.
RULE_MARGIN = 0.006

ANSWER_TYPES = ("how_many", "which", "what_happens", "yes_no")

# Question forms, by the words that make the form in each language (folded to Simplified).
_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("how_many", re.compile(r"几|多少|how many|how much|what number|number of|第几")),
    ("which", re.compile(r"哪|谁|什么时候|何时|which|who|whose|where|when\b")),
    ("what_happens", re.compile(r"怎么办|会怎样|怎么样|什么事|发生什么|what happens|what do i do|what can")),
    ("yes_no", re.compile(r"吗|可不可以|能不能|会不会|要不要|是不是|有没有|算不算|可以.*[?？]$|"
                          r"^(can|may|is|are|does|do|will|must|should|could|would|am|did|has|have)\b")),
)


def question_form(folded: str) -> str | None:
    """The answer type a question asks for (how_many, which, what_happens, yes_no) or None."""
    for form, pattern in _FORMS:
        if pattern.search(folded):
            return form
    return None


def value_type(value: Any) -> str | None:
    """The answer type of a verdict value."""
    if isinstance(value, bool):
        return "yes_no"
    if isinstance(value, (int, float)):
        return "how_many"
    if isinstance(value, (str, list)) and value != DEPENDS:
        return "which"
    return None


def _rule_answer_type(rule: Rule) -> str | None:
    """What a rule answers, read off its verdicts over unknown inputs (else its examples' form)."""
    from rules_engine.partial import evaluate_partial

    try:
        result = evaluate_partial(rule, {})
    except Exception:  # noqa: BLE001 - a rule that cannot run on nothing falls back to its examples
        result = None
    types: list[str] = []
    if result is not None and result.verdict is not None:
        v = result.verdict
        types = [t for t in [value_type(v.value)] + [value_type(c.value) for c in v.cases] if t]
    if not types:
        types = [t for ex in rule.examples.get("zh-TW", ()) + rule.examples.get("en", ())
                 if (t := question_form(fold(ex)))]
    return max(set(types), key=types.count) if types else None


@dataclass(frozen=True)
class Answerer:
    """Something that can answer a question with a verdict: an engine rule or a fact of the texts."""

    id: str
    game: str
    kind: str  # "rule" | "fact"
    passages: tuple[str, ...]
    examples: tuple[str, ...]
    answer_type: str | None
    rule: Rule | None = None
    fact: Fact | None = None


@dataclass(frozen=True)
class RuleMatch:
    """A candidate answerer and how well the question fits it."""

    answerer: Answerer
    score: float
    example: str
    similarity: float = 0.0

    @property
    def rule(self) -> Rule | None:
        """The engine rule, when the answerer is one."""
        return self.answerer.rule


def answerers() -> list[Answerer]:
    """Every registered rule and corpus fact, with its examples in all languages."""
    from indexer.facts import load_facts

    out = [Answerer(r.id, r.game, "rule", r.passages,
                    tuple(ex for lang in sorted(r.examples) for ex in r.examples[lang]),
                    _rule_answer_type(r), rule=r) for r in all_rules()]
    out += [Answerer(f.id, f.game, "fact", (f.passage,),
                     tuple(ex for lang in sorted(f.examples) for ex in f.examples[lang]),
                     f.answer_type, fact=f) for f in load_facts()]
    return out


class RuleRouter:
    """Ranks rules and facts by nearest example (cosine), glossary-term overlap and answer type."""

    def __init__(self, embedder: Embedder, tokenizer: Tokenizer, cache_dir: Path | None = None) -> None:
        self.embedder = embedder
        self.tokenizer = tokenizer
        self.answerers = answerers()
        self.examples: list[tuple[Answerer, str]] = [(a, ex) for a in self.answerers for ex in a.examples]
        self.vectors = cached_query_vectors(embedder, [ex for _, ex in self.examples], cache_dir, "answerer-examples")
        self._example_terms = [self._terms(ex) for _, ex in self.examples]

    def _terms(self, text: str) -> frozenset[str]:
        return frozenset(f"{m.term.game}:{m.term.id}" for m in self.tokenizer.match_terms(text))

    def rank(self, query_vector: np.ndarray, question: str, game: str | None) -> list[RuleMatch]:
        """Answerers of the game ranked by fit, best first."""
        if not self.examples:
            return []
        sims = self.vectors @ query_vector.reshape(-1)
        q_terms = self._terms(question)
        form = question_form(fold(question))
        best: dict[str, RuleMatch] = {}
        for i, (answerer, example) in enumerate(self.examples):
            if game is not None and answerer.game != game:
                continue
            terms = self._example_terms[i]
            overlap = len(q_terms & terms) / max(1, len(q_terms | terms))
            score = float(sims[i]) + LEXICAL_WEIGHT * overlap
            if form and answerer.answer_type:
                score += TYPE_AGREES if form == answerer.answer_type else -TYPE_CLASHES
            if answerer.id not in best or score > best[answerer.id].score:
                best[answerer.id] = RuleMatch(answerer, score, example, float(sims[i]))
        return sorted(best.values(), key=lambda m: -m.score)

    def route(self, query_vector: np.ndarray, question: str, game: str | None,
              threshold: float = RULE_THRESHOLD, margin: float = RULE_MARGIN) -> RuleMatch | None:
        """The best rule or fact if it clears the threshold and leads the next one by the margin."""
        from .extract import extract_input

        ranked = self.rank(query_vector, question, game)[:6]
        rescored = []
        for m in ranked:
            bonus = 0.0
            if m.answerer.rule is not None and extract_input(m.answerer.rule.input_model, question):
                bonus = STATED_INPUTS
            rescored.append(RuleMatch(m.answerer, m.score + bonus, m.example, m.similarity))
        rescored.sort(key=lambda m: -m.score)
        if not rescored or rescored[0].score < threshold:
            return None
        if len(rescored) > 1 and rescored[0].score - rescored[1].score < margin:
            return None
        return rescored[0]


def calibrated_threshold(index_dir: Path | None, default: float) -> float:
    """The routing threshold calibrated for this index's embedder (calibration.json), else the default."""
    import json

    path = index_dir / "calibration.json" if index_dir else None
    try:
        return float(json.loads(path.read_text(encoding="utf-8"))["rule_threshold"]) if path else default
    except (OSError, ValueError, KeyError, TypeError):
        return default


class RulingMatcher:
    """Finds the ruling whose question is the one asked (its question in every language it has)."""

    def __init__(self, embedder: Embedder, cache_dir: Path | None = None) -> None:
        from indexer.rulings import load_rulings, ruling_passages

        rulings = load_rulings()
        indexed = {p.id for p in ruling_passages(rulings)}
        self.entries: list[tuple[str, str, str]] = []  # (ruling passage id, game, question text)
        for r in rulings:
            if r.passage_id not in indexed:
                continue
            for text in (r.question.zh_tw, r.question.zh_cn, r.question.en):
                if text:
                    self.entries.append((r.passage_id, r.game, text))
        self.embedder = embedder
        self.vectors = self._vectors(cache_dir)

    def _vectors(self, cache_dir: Path | None) -> np.ndarray:
        return cached_query_vectors(self.embedder, [t for _, _, t in self.entries], cache_dir, "ruling-questions")

    def best(self, query_vector: np.ndarray, game: str | None) -> tuple[str, float] | None:
        """The closest ruling of the game and its similarity."""
        if not self.entries:
            return None
        sims = self.vectors @ query_vector.reshape(-1)
        ranked = [(float(sims[i]), pid) for i, (pid, g, _) in enumerate(self.entries) if game in (None, g)]
        if not ranked:
            return None
        score, pid = max(ranked)
        return pid, score
