"""Dungeon Lords rules: the id/input contract, input validation, and flagged assumptions."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules_engine import all_rules, describe_validation_error, evaluate, get_rule

CONTRACT = {"dungeon-lords.item_slot", "dungeon-lords.assign_items", "dungeon-lords.item_marked",
            "dungeon-lords.combat_round", "dungeon-lords.item_bonus"}


def _fields(err: ValidationError) -> str:
    """All field/problem pairs of a validation error as one string."""
    return " | ".join(f"{e['field']}: {e['problem']}" for e in describe_validation_error(err))


def test_contract_rules_registered() -> None:
    ids = {r.id for r in all_rules("dungeon-lords")}
    assert CONTRACT <= ids
    assert "dungeon-lords.attack_order" in ids


def test_contract_input_fields() -> None:
    # `players` is optional context: it bounds the seat and never changes the slot.
    assert set(get_rule("dungeon-lords.item_slot").input_schema()["properties"]) == {
        "player_index_from_start", "season", "players"}
    assert {"adventurers", "items"} <= set(get_rule("dungeon-lords.assign_items").input_schema()["properties"])
    assert {"party", "items", "events"} <= set(get_rule("dungeon-lords.combat_round").input_schema()["properties"])
    assert {"final_score", "golds", "own_colour"} <= set(
        get_rule("dungeon-lords.item_bonus").input_schema()["properties"])


@pytest.mark.parametrize("rule_id, raw, field, names", [
    ("dungeon-lords.assign_items", {"adventurers": ["paladin"]}, "adventurers.0", ["warrior", "priest"]),
    ("dungeon-lords.assign_items", {"adventurers": ["thief"], "items": [{"owner": "red", "item": "sword"}]},
     "items.0.item", ["potion", "blank"]),
    ("dungeon-lords.assign_items", {"adventurers": ["thief"], "items": [{"owner": "purple", "item": "potion"}]},
     "items.0.owner", ["red", "blue"]),
    ("dungeon-lords.combat_round", {"party": [{"class": "bard"}]}, "party.0.class", ["wizard"]),
    ("dungeon-lords.combat_round", {"events": {"monsters": [{"name": "dragon"}]}}, "events.monsters.0.name",
     ["goblin", "vampire"]),
    ("dungeon-lords.combat_round", {"events": {"trap": {"name": "pit"}}}, "events.trap.name", ["pendulum"]),
    ("dungeon-lords.item_marked", {"item": "ring"}, "item", ["necklace"]),
    ("dungeon-lords.item_slot", {"season": "monsoon"}, "season", ["winter"]),
])
def test_unknown_names_are_rejected_with_the_valid_ones(rule_id, raw, field, names) -> None:
    with pytest.raises(ValidationError) as info:
        evaluate(rule_id, raw)
    text = _fields(info.value)
    assert field in text, text
    for name in names:
        assert name in text, text


@pytest.mark.parametrize("raw, message", [
    ({"party": [{"class": "priest"}], "items": [],
      "events": {"monsters": [{"name": "vampire", "attacks": [{"target": 1, "damage": 3}]}]}},
     "cannot attack a priest"),
    ({"party": [{"class": "thief"}, {"class": "thief"}],
      "items": [{"carrier": 1, "item": "potion"}, {"carrier": 1, "item": "clover"}]}, "at most one"),
    ({"party": [{"class": "thief"}], "items": [{"carrier": 2, "item": "potion"}]}, "has 1 adventurers"),
    ({"events": {"tile": "corridor", "monsters": [{"name": "goblin"}, {"name": "slime"}]}}, "at most 1"),
    ({"events": {"monsters": [{"name": "witch", "attacks": [{"target": 1, "damage": 3},
                                                            {"target": 2, "damage": 2}]}]}}, "at most 4"),
    ({"events": {"monsters": [{"name": "goblin", "attacks": [{"target": 2, "damage": 2}]}]}},
     "picks its own victims"),
    ({"events": {"trap": {"name": "pendulum"}}}, "needs a target"),
    ({"party": [{"class": "wizard", "hp": 3, "damage": 3}], "items": []}, "reaches hit points"),
])
def test_illegal_plays_are_rejected(raw, message) -> None:
    with pytest.raises(ValidationError) as info:
        evaluate("dungeon-lords.combat_round", raw)
    assert message in str(info.value)


def test_item_bonus_rejects_more_own_colour_than_golds() -> None:
    with pytest.raises(ValidationError, match="own_colour"):
        evaluate("dungeon-lords.item_bonus", {"final_score": 3, "golds": 1, "own_colour": 2})


def test_item_slot_rejects_a_fifth_player() -> None:
    with pytest.raises(ValidationError) as info:
        evaluate("dungeon-lords.item_slot", {"player_index_from_start": 4})
    assert "player_index_from_start" in _fields(info.value)


@pytest.mark.parametrize("rule_id", ["dungeon-lords.combat_round", "dungeon-lords.attack_order"])
def test_combat_verdicts_flag_every_assumed_number(rule_id) -> None:
    verdict = evaluate(rule_id, {})
    text = " ".join(verdict.assumptions_en)
    assert "Hit points assumed" in text
    assert "healing potion: +1 healing" in text
    assert "slime" in text


def test_class_defaults_are_flagged_when_used() -> None:
    verdict = evaluate("dungeon-lords.combat_round", {
        "party": [{"class": "thief"}, {"class": "priest"}], "items": [],
        "events": {"trap": {"name": "cursed_ring"}}})
    text = " ".join(verdict.assumptions_en)
    assert "thief #1 has 3 hit points" in text and "thief #1 has 1 trap icon" in text
    assert "priest #2 has 1 healing heart" in text
    assert "cursed ring" in text


def test_unsuitable_carrier_is_noted_and_table_flagged() -> None:
    verdict = evaluate("dungeon-lords.combat_round", {
        "party": [{"class": "warrior", "hp": 4}], "items": [{"carrier": 1, "item": "necklace"}]})
    assert any("suitability" in a for a in verdict.assumptions_en)
    assert any("outside the assumed suitability" in s.step_en for s in verdict.trace)


def test_evaluation_leaves_input_untouched() -> None:
    rule = get_rule("dungeon-lords.combat_round")
    inp = rule.input_model()
    before = inp.model_dump()
    rule.run(inp)
    rule.run(inp)
    assert inp.model_dump() == before


def test_earlier_mark_gives_no_second_gold() -> None:
    verdict = evaluate("dungeon-lords.combat_round", {
        "party": [{"class": "thief", "hp": 3}, {"class": "priest", "hp": 3, "hearts": 0}],
        "items": [{"carrier": 1, "item": "potion", "owner": "green", "marked": True}],
        "events": {"monsters": [{"name": "slime"}]}})
    assert any("only the first use counts" in s.step_en for s in verdict.trace)
    assert verdict.details["marked"] == ["green potion"]


def test_attack_order_reports_a_real_difference() -> None:
    # A front thief with 1 hp falls to the slime first, so the goblin then hits the second thief.
    verdict = evaluate("dungeon-lords.attack_order", {
        "party": [{"class": "thief", "hp": 1}, {"class": "thief", "hp": 2}, {"class": "priest", "hp": 3}],
        "items": [], "events": {"monsters": [{"name": "goblin"}, {"name": "slime"}]}})
    assert verdict.value == "depends"
    assert len(verdict.cases) == 2


@pytest.mark.parametrize("rule_id", sorted(CONTRACT | {"dungeon-lords.attack_order"}))
def test_cli_runs_each_rule_with_defaults(rule_id, capsys) -> None:
    from server.cli import main

    assert main(["rule", rule_id]) == 0
    assert f'"rule": "{rule_id}"' in capsys.readouterr().out


def test_cli_necklace_example_and_bad_input(capsys) -> None:
    import json

    from server.cli import main

    raw = json.dumps({"party": [{"class": "wizard", "hp": 3, "magic": 1},
                                {"class": "priest", "hp": 3, "damage": 1, "hearts": 1}],
                      "items": [{"carrier": 1, "item": "necklace", "owner": "blue"}],
                      "events": {"fatigue": 2, "monsters": [
                          {"name": "witch", "attacks": [{"target": 2, "damage": 2}]},
                          {"name": "vampire", "attacks": [{"target": 1, "damage": 3}]}]}})
    assert main(["rule", "dungeon-lords.combat_round", raw, "--text"]) == 0
    out = capsys.readouterr().out
    assert "tile not conquered; marked: blue necklace" in out and "assumptions:" in out
    assert main(["rule", "dungeon-lords.assign_items", '{"adventurers": ["paladin"]}']) != 0
    assert "adventurers.0" in capsys.readouterr().err


def test_an_item_slot_seat_must_be_at_the_stated_table() -> None:
    rule = get_rule("dungeon-lords.item_slot")
    with pytest.raises(ValidationError) as err:
        rule.input_model.model_validate({"players": 3, "player_index_from_start": 3})
    assert "3-player game has seats 0 to 2, found 3" in str(err.value)
    # The table's size never moves the slot.
    assert evaluate("dungeon-lords.item_slot", {"players": 4, "player_index_from_start": 1, "season": "summer"}).value \
        == evaluate("dungeon-lords.item_slot", {"player_index_from_start": 1, "season": "summer"}).value
