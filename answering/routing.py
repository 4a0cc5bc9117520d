"""Routes a question to an engine rule: its example questions matched in the same embedding space."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from indexer.embedders import Embedder
from indexer.vectors import cached_query_vectors
from indexer.tokenize import Tokenizer
from rules_engine import Rule, all_rules

# Calibrated on tests/data (see server/evaluate.py): below this the best rule is not trusted.
RULE_THRESHOLD = 0.86
LEXICAL_WEIGHT = 0.08


@dataclass(frozen=True)
class RuleMatch:
    """A candidate rule and how well the question matched its examples."""

    rule: Rule
    score: float
    example: str


class RuleRouter:
    """Nearest example question per rule (cosine) plus a small glossary-term overlap bonus."""

    def __init__(self, embedder: Embedder, tokenizer: Tokenizer, cache_dir: Path | None = None) -> None:
        self.embedder = embedder
        self.tokenizer = tokenizer
        self.rules = all_rules()
        self.examples: list[tuple[Rule, str]] = [
            (rule, ex) for rule in self.rules for lang in sorted(rule.examples) for ex in rule.examples[lang]]
        self.vectors = self._example_vectors(cache_dir)
        self._example_terms = [self._terms(ex) for _, ex in self.examples]

    def _terms(self, text: str) -> frozenset[str]:
        return frozenset(f"{m.term.game}:{m.term.id}" for m in self.tokenizer.match_terms(text))

    def _example_vectors(self, cache_dir: Path | None) -> np.ndarray:
        return cached_query_vectors(self.embedder, [ex for _, ex in self.examples], cache_dir, "rule-examples")

    def rank(self, query_vector: np.ndarray, question: str, game: str | None) -> list[RuleMatch]:
        """Rules of the game ranked by match score, best first."""
        if not self.examples:
            return []
        sims = self.vectors @ query_vector.reshape(-1)
        q_terms = self._terms(question)
        best: dict[str, RuleMatch] = {}
        for i, (rule, example) in enumerate(self.examples):
            if game is not None and rule.game != game:
                continue
            terms = self._example_terms[i]
            overlap = len(q_terms & terms) / max(1, len(q_terms | terms))
            score = float(sims[i]) + LEXICAL_WEIGHT * overlap
            if rule.id not in best or score > best[rule.id].score:
                best[rule.id] = RuleMatch(rule, score, example)
        return sorted(best.values(), key=lambda m: -m.score)

    def route(self, query_vector: np.ndarray, question: str, game: str | None,
              threshold: float = RULE_THRESHOLD) -> RuleMatch | None:
        """The best rule if it clears the threshold."""
        ranked = self.rank(query_vector, question, game)
        if ranked and ranked[0].score >= threshold:
            return ranked[0]
        return None


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
