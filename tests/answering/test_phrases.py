"""A phrase's pattern compiles only when a text could match it, and then finds exactly what the pattern finds."""
from __future__ import annotations

import dataclasses
import re

import pytest

from answering.extract import _pattern, normalise_numbers
from answering.phrases import PhrasePattern
from evals.bench import _tune_questions
from indexer.text import fold
from rules_engine.registry import all_rules
from rules_engine.slots import declared_slots


def _declared_phrases() -> list[str]:
    """Every phrase a rule's slots declare: values, cues, units and the rest."""
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, str):
            found.add(node)
        elif isinstance(node, (tuple, list)):
            for item in node:
                walk(item)

    for rule in all_rules():
        for slot in declared_slots(rule.input_model).values():
            for field in dataclasses.fields(slot):
                walk(getattr(slot, field.name))
    return sorted(p for p in found if fold(p).strip())


def _texts() -> list[str]:
    """Questions as the readers see them (folded, numbers as digits): every 25th tune question."""
    return [normalise_numbers(fold(q)) for q in _tune_questions()[::25]]


def test_the_prefilter_never_hides_a_match() -> None:
    phrases = _declared_phrases()
    texts = _texts()
    assert len(phrases) > 500 and len(texts) > 200
    found = 0
    for phrase in phrases:
        lazy = _pattern(phrase)
        eager = re.compile(lazy.pattern)
        # The phrase's own words, written and as digits, always match it.
        own = [fold(phrase).replace("...", " "), normalise_numbers(fold(phrase)).replace("...", " ")]
        for text in [*own, *texts]:
            expected = [m.span() for m in eager.finditer(text)]
            assert [m.span() for m in lazy.finditer(text)] == expected, (phrase, text)
            assert bool(lazy.search(text)) == bool(expected), (phrase, text)
            found += bool(expected)
    assert found > len(phrases)  # the texts match many phrases: the check compares real matches


def test_a_text_without_the_phrases_pieces_compiles_nothing() -> None:
    lazy = _pattern.__wrapped__("夢魘…放回limbo")  # a new one, not the cached one another test compiled
    assert lazy.search("高塔可以接在同顏色的高塔旁邊嗎") is None
    assert lazy._compiled is None
    assert lazy.search(fold("噩夢的那張夢魘直接放回 Limbo")) is not None
    assert lazy._compiled is not None


@pytest.mark.parametrize("phrase, text", [
    ("four colours", "we had 4 colours out"),       # the phrase's number written as a digit
    ("four colours", "we had four colours out"),
    ("grass path", "a grass-path card"),             # words joined by a hyphen
    ("塞回limbo", "直接塞回 limbo"),                   # Chinese and Latin letters with a space between
])
def test_each_way_a_phrase_is_written_still_matches(phrase: str, text: str) -> None:
    lazy = _pattern(phrase)
    assert lazy.search(normalise_numbers(fold(text))) is not None
    assert lazy.sub("#", normalise_numbers(fold(text))) != normalise_numbers(fold(text))


def test_a_phrase_pattern_answers_like_a_compiled_one_on_a_miss() -> None:
    lazy = PhrasePattern("abc", (frozenset({"abc"}),))
    assert lazy.match("xyz") is None and lazy.fullmatch("xyz") is None
    assert list(lazy.finditer("xyz")) == [] and lazy.findall("xyz") == []
    assert lazy.sub("-", "xyz") == "xyz"
    assert lazy.sub("-", "xabcx") == "x-x" and lazy.findall("abcabc") == ["abc", "abc"]
