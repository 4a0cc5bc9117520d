"""Every verdict a player can see reads as text in the answer's language, with nothing internal in it.

Each rule is rendered for every worked example in tests/cases/<game>.yaml, for the question that
states nothing (every case), and every fact's verdict too, in zh-TW, zh-CN and English, through the
same composer the answers use. Chinese text must not carry identifiers (snake_case, dotted ids,
braces, quotes of a Python repr, lowercase English words such as an engine's `keep`); English text
must not carry Chinese outside quotation marks.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml

from answering.compose import verdict_text
from evals.readability import internal_in_chinese, internal_in_english
from answering.facts import load_facts
from indexer.text import to_script
from rules_engine import Verdict, all_rules, fact_verdict
from rules_engine.partial import evaluate_partial

CASES_DIR = Path(__file__).resolve().parents[1] / "cases"
LANGS = ("zh-TW", "zh-CN", "en")

def test_the_checks_catch_what_the_issue_reported() -> None:
    for bad in ("保留：keep", "放到 limbo", "red-4的月亮邊", "{'燈籠': 3}", "可用 lost_tower_to 比較",
                "見 onirim.nightmare_tower_penalty", "no item in winter"):
        assert internal_in_chinese(bad), bad
    for good in ("可以：Paradoxical Prophecy花費5張。", "放進Limbo牌堆", "收集Door cards", "第3級（共8級）"):
        assert not internal_in_chinese(good), good
    for bad in ("下家2 (seat 2)", "['remove_premonition']", "{'lantern': 3}"):
        assert internal_in_english(bad), bad
    for good in ("The captain's next player acts first.", "as the text says (“放進Limbo牌堆”)"):
        assert not internal_in_english(good), good


def _verdicts() -> Iterator[Any]:
    for rule in all_rules():
        general = evaluate_partial(rule, {}, {}).verdict
        if general is not None:
            yield pytest.param(rule.titles, general, id=f"{rule.id}:nothing stated")
    for path in sorted(CASES_DIR.glob("*.yaml")):
        for case in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("cases", []):
            from rules_engine import get_rule

            rule = get_rule(case["rule"])
            try:
                verdict = rule.run(case.get("input"))
            except Exception:  # noqa: BLE001 (examples of rejected input have no verdict to read)
                continue
            yield pytest.param(rule.titles, verdict, id=f"{rule.id}:{case['name']}")
    for fact in load_facts():
        yield pytest.param(fact.titles, fact_verdict(fact), id=f"fact:{fact.id}")


@pytest.mark.parametrize(("titles", "verdict"), list(_verdicts()))
@pytest.mark.parametrize("lang", LANGS)
def test_verdict_reads_without_internals(titles: dict[str, str], verdict: Verdict, lang: str) -> None:
    shown = verdict.localized(lang, lambda text: to_script(text, lang))
    title = to_script(titles["en" if lang == "en" else "zh-TW"], lang)
    check = internal_in_english if lang == "en" else internal_in_chinese
    problems = {line: found for line in verdict_text(shown, title, lang) if (found := check(line))}
    assert not problems, problems
