"""Runs every worked example in tests/cases/<game>.yaml against the engine."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from indexer.corpus import passages_by_id
from rules_engine import get_rule

CASES_DIR = Path(__file__).resolve().parent.parent / "cases"


def _load_cases() -> list[Any]:
    params = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for case in doc.get("cases", []):
            params.append(pytest.param(case, id=f"{path.stem}:{case['name']}"))
    return params


def _subset(expected: Any, actual: Any, where: str) -> None:
    """Every key/item in `expected` must be present and equal in `actual`."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected a mapping, found {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}: missing key {key!r} in {sorted(actual)}"
            _subset(value, actual[key], f"{where}.{key}")
    else:
        assert actual == expected, f"{where}: expected {expected!r}, found {actual!r}"


CASES = _load_cases()


@pytest.mark.parametrize("case", CASES)
def test_worked_example(case: dict[str, Any]) -> None:
    rule = get_rule(case["rule"])
    assert case.get("covers"), "each case names the passage (rule text) it covers"
    covers = case["covers"] if isinstance(case["covers"], list) else [case["covers"]]
    for pid in covers:
        assert pid in passages_by_id(), f"case covers unknown passage {pid!r}"
    verdict = rule.run(case.get("input") or {})
    expect = case["expect"]
    if "value" in expect:
        assert verdict.value == expect["value"], verdict.model_dump_json(indent=1)
    if "details" in expect:
        _subset(expect["details"], verdict.details, "details")
    if "cases" in expect:
        # A case is named by a substring of its condition in either language.
        got = {f"{c.when} | {c.when_en}": c.value for c in verdict.cases}
        for when, value in expect["cases"].items():
            matches = [w for w in got if when in w]
            assert matches, f"no case whose 'when' contains {when!r}: {sorted(got)}"
            assert got[matches[0]] == value, f"case {matches[0]!r}: expected {value!r}, found {got[matches[0]]!r}"
    for text in expect.get("assumptions_contain", []):
        assert any(text in a for a in verdict.assumptions + verdict.assumptions_en), \
            f"no assumption mentions {text!r}: {verdict.assumptions}"
    if expect.get("no_assumptions"):
        assert verdict.assumptions == [], verdict.assumptions
    for text in expect.get("trace_contains", []):
        assert any(text in s.step or text in s.step_en for s in verdict.trace), f"no trace step mentions {text!r}"
    for pid in expect.get("cites", []):
        assert pid in verdict.all_cites(), f"verdict does not cite {pid!r}: {verdict.all_cites()}"


def test_every_game_with_rules_has_cases() -> None:
    from rules_engine import all_rules, load_games

    games_with_cases = {c.values[0]["rule"].split(".")[0] for c in CASES}
    for game in load_games():
        if all_rules(game):
            assert game in games_with_cases, f"game {game!r} has rules but no tests/cases entries"


CJK = re.compile(r"[\u4e00-\u9fff]")


def _bilingual_problems(verdict) -> list[str]:
    """What a verdict lacks to be shown in both Chinese and English."""
    problems = []

    def check(where: str, zh: str, en: str) -> None:
        if zh and not CJK.search(zh):
            problems.append(f"{where}: Chinese text has no Chinese: {zh!r}")
        if zh and not re.search(r"[A-Za-z]{2,}", en or ""):
            problems.append(f"{where}: no English text for {zh!r}")

    check("explanation", verdict.explanation, verdict.explanation_en)
    for i, s in enumerate(verdict.trace):
        check(f"trace.{i}", s.step, s.step_en)
    for i, c in enumerate(verdict.cases):
        check(f"cases.{i}.when", c.when, c.when_en)
        if c.explanation:
            check(f"cases.{i}.explanation", c.explanation, c.explanation_en)
    if len(verdict.assumptions_en) != len(verdict.assumptions):
        problems.append("assumptions_en does not pair with assumptions")
    for i, (zh, en) in enumerate(zip(verdict.assumptions, verdict.assumptions_en)):
        check(f"assumptions.{i}", zh, en)
    return problems


@pytest.mark.parametrize("case", CASES)
def test_verdict_text_is_bilingual(case: dict[str, Any]) -> None:
    verdict = get_rule(case["rule"]).run(case.get("input") or {})
    problems = _bilingual_problems(verdict)
    assert not problems, "\n".join(problems[:8])


def test_default_verdicts_are_bilingual() -> None:
    from rules_engine import all_rules

    for rule in all_rules():
        problems = _bilingual_problems(rule.run({}))
        assert not problems, f"{rule.id}: " + "\n".join(problems[:8])
