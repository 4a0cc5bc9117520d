"""迷霧山城 rules through the registry and `arbiter rule`: contracts, running standings, bad input."""
from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from rules_engine import all_rules, describe_validation_error, evaluate, get_rule
from rules_engine.mist_mountain.model import priority, qualify

RULE_IDS = {"mist-mountain.qualification", "mist-mountain.morning", "mist-mountain.contribution",
            "mist-mountain.memories_needed", "mist-mountain.next_captain", "mist-mountain.escape",
            "mist-mountain.variant_deck", "mist-mountain.priority"}


def test_contract_rule_ids_registered() -> None:
    assert RULE_IDS <= {r.id for r in all_rules("mist-mountain")}


def test_walkthrough_running_standing_after_each_action() -> None:
    v = evaluate("mist-mountain.morning")
    running = v.details["running"]
    assert len(running) == 10
    # After 蛙's play 貓 and 蛙 both have 3; 蛙 (priority 3) ranks above 貓 (priority 6).
    assert running[3]["contributions"] == [0, 3, 4, 0, 3, 0]
    assert running[3]["qualified"] == [2, 4, 1]
    assert running[6]["qualified"] == [1, 2, 4] and running[6]["total"] == 14
    assert v.value is True and v.details["went"] == [1, 2, 4]


def test_qualification_matches_brute_force() -> None:
    rng = random.Random(4)
    for _ in range(300):
        n = rng.randint(4, 6)
        c = [rng.randint(0, 8) for _ in range(n)]
        best = sorted(range(n), key=lambda s: (-c[s], priority(s, n)))[:3]
        assert qualify(c) == best
        v = evaluate("mist-mountain.qualification", {"contributions": c, "requirement": 12})
        assert v.details["qualified"] == best
        assert v.value == (sum(c[s] for s in best) >= 12)
        assert any("達到或超過" in a for a in v.assumptions) == (sum(c[s] for s in best) == 12)


@pytest.mark.parametrize("rule_id, raw, field", [
    ("mist-mountain.qualification", {"contributions": [1, 2, 3]}, "contributions"),
    ("mist-mountain.qualification", {"contributions": [1, 2, 3, 4, 5, 6, 7]}, "contributions"),
    ("mist-mountain.qualification", {"contributions": [1, 2, 3, 4], "requirement": 0}, "requirement"),
    ("mist-mountain.qualification", {"contributions": [1, 2, -3, 4]}, "contributions"),
    ("mist-mountain.qualification", {"contributions": [1, 2, 3, 4], "officer": 4}, "officer"),
    ("mist-mountain.morning", {"players": 7}, "players"),
    ("mist-mountain.morning", {"path": "森林"}, "path"),
    ("mist-mountain.morning", {"actions": [[2, "燈籠"]]}, "actions"),
    ("mist-mountain.morning", {"actions": [[1, "pass"], [2, "pass"], [3, "pass"], [4, "pass"],
                                           [5, "pass"], [0, "pass"], [1, "燈籠"]]}, "actions"),
    ("mist-mountain.morning", {"actions": [[1, "魔法"]]}, "actions.0.card"),
    ("mist-mountain.contribution", {"cards": ["pass"]}, "cards"),
    ("mist-mountain.contribution", {"effects": [{"kind": "rain", "card": "燈籠"}]}, "effects.0.kind"),
    ("mist-mountain.memories_needed", {"players": 3}, "players"),
    ("mist-mountain.next_captain", {"players": 6, "departed": True, "went": [1, 1, 2]}, "went"),
    ("mist-mountain.next_captain", {"departed": True, "went": [1, 2, 3]}, "went"),
    ("mist-mountain.escape", {"players": [{"memories": 1}] * 3}, "players"),
])
def test_bad_input_names_the_field(rule_id: str, raw: dict, field: str) -> None:
    with pytest.raises(ValidationError) as err:
        evaluate(rule_id, raw)
    fields = [p["field"] for p in describe_validation_error(err.value)]
    assert any(f == field or f.startswith(field) for f in fields), fields


def test_arbiter_rule_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from server.cli import main

    for rule_id in sorted(RULE_IDS):
        assert main(["rule", rule_id]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["rule"] == rule_id
    raw = json.dumps({"contributions": [0, 0, 0, 12, 0, 0], "requirement": 12}, ensure_ascii=False)
    assert main(["rule", "mist-mountain.qualification", raw, "--text"]) == 0
    text = capsys.readouterr().out
    assert "mist-mountain.qualification: true" in text and "assumptions:" in text
    assert main(["rule", "mist-mountain.qualification", '{"contributions": [1]}']) != 0
    assert "contributions" in capsys.readouterr().err


def test_aliases_in_three_scripts() -> None:
    zh_cn = evaluate("mist-mountain.contribution", {"path": "竹林小道", "cards": ["灯匠", "灯笼"]})
    en = evaluate("mist-mountain.contribution", {"path": "bamboo", "cards": ["lamp maker", "lantern"]})
    assert zh_cn.value == en.value == 8


def test_rules_are_pure() -> None:
    rule = get_rule("mist-mountain.morning")
    first = rule.run({}).model_dump()
    assert rule.run({}).model_dump() == first


FOG_ON_DOUBLED = "被加倍的照明工具"
ACTOR_FOR_PASSED = "替已 Pass 的玩家出牌"


def test_fog_on_a_doubled_tool_names_the_reading_of_cannot_be_cancelled() -> None:
    morning = evaluate("mist-mountain.morning", {"players": 4, "path": "竹林小道", "actions": [
        [1, "燈匠"], [2, "pass"], [3, "pass"], [0, "工作帽"], [1, "燈籠"], [0, "濃霧時刻", 1, "燈籠"],
        [1, "pass"], [0, "pass"]]})
    assert morning.details["contributions"] == [2, 8, 0, 0]
    contribution = evaluate("mist-mountain.contribution", {"path": "竹林小道", "cards": ["燈匠", "燈籠"],
                                                           "effects": [{"kind": "fog", "card": "燈籠"}]})
    assert contribution.value == 8
    for v in (morning, contribution):
        [zh] = [a for a in v.assumptions if FOG_ON_DOUBLED in a]
        en = v.assumptions_en[v.assumptions.index(zh)]
        assert "無法被取消" in zh and "cannot be cancelled" in en and "Thick Fog" in en
    # A fog on a tool nobody doubled decides nothing the text leaves open.
    plain = evaluate("mist-mountain.contribution", {"path": "竹林小道", "cards": ["燈籠"],
                                                    "effects": [{"kind": "fog", "card": "燈籠"}]})
    assert plain.value == 0 and not any(FOG_ON_DOUBLED in a for a in plain.assumptions)


def test_the_actor_playing_for_a_passed_player_is_a_named_assumption() -> None:
    v = evaluate("mist-mountain.morning", {"players": 4, "path": "竹林小道", "actions": [
        [1, "pass"], [2, "戲子", 1, "燈籠"], [3, "pass"], [0, "pass"], [2, "pass"]]})
    assert v.details["contributions"] == [0, 4, 0, 0]
    [zh] = [a for a in v.assumptions if ACTOR_FOR_PASSED in a]
    assert "already passed" in v.assumptions_en[v.assumptions.index(zh)]
    # For a player still in the morning the text is clear enough: no such assumption.
    still_in = evaluate("mist-mountain.morning", {"players": 4, "path": "竹林小道", "actions": [
        [1, "戲子", 2, "燈籠"], [2, "pass"], [3, "pass"], [0, "pass"], [1, "pass"]]})
    assert not any(ACTOR_FOR_PASSED in a for a in still_in.assumptions)


def test_the_four_four_four_example_is_not_presented_as_settling_meets_or_exceeds() -> None:
    v = evaluate("mist-mountain.qualification", {"contributions": [4, 4, 4, 0, 0, 0], "requirement": 12})
    # Exactly 12: the reading decides the departure, so it is named …
    [meets] = [a for a in v.assumptions if "達到或超過" in a]
    meets_en = v.assumptions_en[v.assumptions.index(meets)]
    # … but the 4/4/4 example only ranks the qualifiers; it says nothing about departing.
    assert "4/4/4" not in meets and "4/4/4" not in meets_en and "4+4+4" not in meets_en
    example = next(s for s in v.trace if "mist-mountain/morning/example-tie-captain-first" in s.cites)
    assert "沒有說是否出團" in example.step and "does not say whether" in example.step_en
    # Where the total is not the requirement, the reading decides nothing and is not named.
    above = evaluate("mist-mountain.qualification", {"contributions": [4, 4, 4, 0, 0, 0], "requirement": 11})
    assert not any("超過" in a for a in above.assumptions)
