"""Every registered rule passes the same checks: examples, citations, schema, determinism."""
from __future__ import annotations

import json

import pytest

from indexer.corpus import passages_by_id
from rules_engine import GAMES, LANGS, Verdict, all_rules, load_games

load_games()
RULES = all_rules()


def test_registry_is_not_empty() -> None:
    assert set(GAMES) == {"onirim", "mist-mountain", "dungeon-lords"}
    assert RULES, "no rules registered"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_rule_metadata(rule) -> None:
    assert rule.game in GAMES
    assert rule.titles.get("zh-TW") and rule.titles.get("en")
    for lang in LANGS:
        examples = rule.examples.get(lang, ())
        assert len(examples) >= 3, f"{rule.id}: fewer than 3 {lang} examples"
        assert len(set(examples)) == len(examples)
    known = passages_by_id()
    assert rule.passages, f"{rule.id} cites no passage"
    for pid in rule.passages:
        assert pid in known, f"{rule.id} cites unknown passage {pid!r}"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_default_input_evaluates_deterministically(rule) -> None:
    default = rule.input_model()
    again = rule.input_model.model_validate_json(default.model_dump_json())
    assert again == default, "input model does not round-trip through JSON"
    first = rule.run(default)
    second = rule.run(again)
    assert isinstance(first, Verdict)
    assert first.rule == rule.id
    assert first.model_dump() == second.model_dump(), "evaluation is not deterministic"
    json.loads(first.model_dump_json())
    known = passages_by_id()
    for pid in first.all_cites():
        assert pid in known, f"{rule.id} verdict cites unknown passage {pid!r}"
    if first.value == "depends":
        assert len(first.cases) >= 2, "a 'depends' verdict lists its cases"
    json.dumps(rule.input_schema())
