"""Partial evaluation and slot declarations, run over every registered rule."""
from __future__ import annotations

import pytest

from rules_engine import DEPENDS, all_rules, get_rule
from rules_engine.partial import evaluate_partial
from rules_engine.registry import ANSWER_TYPES
from rules_engine.slots import Slot, declared_slots, domain_of

RULES = all_rules()


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_every_rule_declares_its_answer_type_and_slots(rule):
    assert rule.answer_types and set(rule.answer_types) <= set(ANSWER_TYPES)
    slots = declared_slots(rule.input_model)
    assert slots, "a rule with no slot declarations cannot be read from a question"
    for name, slot in slots.items():
        assert isinstance(slot, Slot)
        assert slot.label.get("zh-TW") and slot.label.get("en"), name
        if slot.unstated in ("reading", "absent", "assumed"):
            assert slot.note.get("zh-TW") and slot.note.get("en"), f"{name}: a default must be said"
        if slot.unstated == "ask":
            assert slot.ask.get("zh-TW") and slot.ask.get("en"), name


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_nothing_stated_never_uses_an_example_value(rule):
    result = evaluate_partial(rule, {})
    slots = declared_slots(rule.input_model)
    if result.verdict is None:
        assert result.missing and all(m.ask["zh-TW"] for m in result.missing)
        return
    inputs = result.verdict.details["inputs"]
    for name, info in inputs.items():
        assert info["from"] != "question"
        if info["from"] not in ("reading", "absent", "assumed"):
            assert info["value"] is None, f"{name} took a value nobody stated"
    for case in result.verdict.cases:
        assert set(case.condition) <= set(slots)


def test_one_answer_everywhere_is_the_verdict():
    v = evaluate_partial(get_rule("mist-mountain.variant_deck"), {}).verdict
    assert v.value == 15 and set(v.details["same_for_all"]) == {"players"}


def test_cases_carry_machine_readable_conditions():
    v = evaluate_partial(get_rule("mist-mountain.memories_needed"), {}).verdict
    assert v.value == DEPENDS
    assert {c.condition["players"]: c.value for c in v.cases} == {4: 6, 5: 5, 6: 4}
    assert all(c.when and c.when_en for c in v.cases)


def test_stated_inputs_settle_the_case():
    v = evaluate_partial(get_rule("onirim.nightmare_tower_penalty"),
                         {"row_state": "complete", "alignment_power": True}).verdict
    assert v.value is False
    assert v.details["inputs"]["nightmare_to_limbo"]["from"] == "absent"
    assert any("Limbo" in a for a in v.assumptions_en)


def test_an_unknown_that_matters_gives_cases_over_its_domain():
    v = evaluate_partial(get_rule("onirim.nightmare_tower_penalty"), {"row_state": "complete"}).verdict
    assert v.value == DEPENDS and v.details["depends_on"] == ["alignment_power"]
    assert {c.condition["alignment_power"]: c.value for c in v.cases} == {True: False, False: True}


def test_an_input_without_a_small_domain_is_asked_for():
    result = evaluate_partial(get_rule("mist-mountain.qualification"), {})
    assert result.verdict is None and [m.field for m in result.missing] == ["contributions"]
    assert "貢獻" in result.missing[0].ask["zh-TW"]


def test_domains_come_from_the_declaration_or_the_type():
    model = get_rule("mist-mountain.memories_needed").input_model
    assert domain_of(model, "players") == (4, 5, 6)
    assert domain_of(get_rule("onirim.tower_placement").input_model, "side") == ("left", "right")


def test_same_answer_for_every_unstated_value_says_its_wording_is_an_example():
    """The variant deck has 15 cards for 4, 5 and 6 players, but the engine words it for one of them:
    the answer must not read as if the player had said "4 players"."""
    verdict = evaluate_partial(get_rule("mist-mountain.variant_deck"), {}, {}).verdict
    assert verdict.value == 15 and verdict.details.get("same_for_all") == ["players"]
    assert verdict.explanation.startswith("不論玩家人數，答案都一樣；以玩家人數為 4 人為例")
    assert verdict.explanation_en.startswith("Whatever the number of players, the answer is the same; for example")


def test_a_depends_under_each_unstated_value_is_one_list_of_cases():
    """Two "depends" that differ (10 or 12 cards by the card's side, then by the discard pile) are
    not the same answer, and no case of the answer reads "depends"."""
    stated = {"spell": "powerful_punishment"}
    verdict = evaluate_partial(get_rule("onirim.spell_castable"), stated, {"spell": "question"}).verdict
    assert verdict.value == DEPENDS and "side" in verdict.details["depends_on"]
    assert all(case.value != DEPENDS for case in verdict.cases)
    sides = {case.condition.get("side") for case in verdict.cases}
    assert sides == {"cheap", "expensive"}
    text = " ".join(case.when for case in verdict.cases)
    assert "10" in text and "12" in text
    # The captain card: who receives it after a failed morning differs by the player count.
    captain = evaluate_partial(get_rule("mist-mountain.next_captain"), {}, {}).verdict
    failed = {case.condition["players"]: case.value for case in captain.cases if "出團失敗" in case.when
              and "players" in case.condition}
    assert len(set(failed.values())) == 3 and set(failed) == {4, 5, 6}


def test_a_field_mentioned_without_its_value_is_evaluated_over_its_domain_not_defaulted():
    rule = get_rule("onirim.card_counts")
    assert evaluate_partial(rule, {}).inputs["towers"] == {"value": False, "from": "absent"}
    result = evaluate_partial(rule, {}, {"towers": "mentioned"})
    assert result.verdict.details["inputs"]["towers"]["evaluated_over_domain"] and result.verdict.value == DEPENDS
    assert {case.condition.get("towers") for case in result.verdict.cases} == {True, False}


def test_a_door_said_to_match_contradicting_its_colours_is_refused():
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="door_fits"):
        get_rule("onirim.book_door").run({"goals": ["red"], "door": "blue", "door_fits": True})
    assert get_rule("onirim.book_door").run({"goals": ["red"], "door": "red", "door_fits": True}).value == "keep"


def test_goals_reached_need_the_whole_row_to_tell_the_next_goal():
    from pydantic import ValidationError

    # Three Goals named and three reached: the three may be the ones still to reach, so which is next is not told.
    with pytest.raises(ValidationError, match="whole row of 8 Goals, but 3 are named"):
        get_rule("onirim.book_door").run({"goals": ["brown", "green", "red"], "reached": 3, "door": "brown"})


def test_cases_that_all_say_the_rules_own_answer_are_that_answer():
    # After a failed morning the card goes to the captain's previous player: seat 3, 4 or 5 by the table,
    # but the same player each time, so the answer is "上家", not a table by the number of players.
    rule = get_rule("mist-mountain.next_captain")
    failed = evaluate_partial(rule, {"departed": False}).verdict
    assert failed.value == "上家" and not failed.cases
    assert failed.details["inputs"]["players"]["from"] == "unknown"
    # After a departure the seat is found from who went: unknown who went, it still depends.
    assert evaluate_partial(rule, {"departed": True}).verdict.value == "depends"
    assert evaluate_partial(rule, {"departed": False, "players": 5}).verdict.value == 4


def test_a_list_left_untold_beside_told_inputs_is_asked_for_not_taken_as_empty():
    """The items revealed told, the adventurers not: "no adventurer gets anything" would be the empty list's answer."""
    result = evaluate_partial(get_rule("dungeon-lords.assign_items"),
                              {"items": [["red", "wand"], ["green", "blank"]]})
    assert result.verdict is None and [m.field for m in result.missing] == ["adventurers"]
