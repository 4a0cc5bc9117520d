"""Dungeon Lords combat model: the shared shape, structured events, and the audit's defects."""
from __future__ import annotations

import dataclasses

import pytest
from pydantic import ValidationError

from indexer.ambiguities import load_ambiguities
from rules_engine import evaluate, load_games
from rules_engine.dungeon_lords import data as D
from rules_engine.dungeon_lords.model import (MODEL, Adventurer, ChooseTrap, CombatEnd, CombatRound, CombatState,
                                              EventKind, Fight, Item, ItemFate, SendMonster, apply, legal_actions)
from rules_engine.game import MODELS, IllegalAction

load_games()


def _two_thieves(owner: str = "green", dungeon_owner: str | None = None, rounds: int = 1) -> CombatState:
    """Two 3-hp thieves, the first carrying a potion, against a goblin and a slime."""
    return CombatState(party=(Adventurer(1, "thief", 3, traps=1), Adventurer(2, "thief", 3, traps=1)),
                       items=(Item("potion", owner, 1),), rounds=(CombatRound(),) * rounds,
                       dungeon_owner=dungeon_owner, monsters_in_hand=("goblin", "slime"))


def test_the_model_is_registered_for_the_game() -> None:
    assert MODELS["dungeon-lords"] is MODEL


def test_a_round_is_planned_choice_by_choice_then_fought() -> None:
    state = apply(_two_thieves(), ChooseTrap(None))
    assert Fight() in legal_actions(state)
    assert SendMonster("goblin") in legal_actions(state)
    state = apply(apply(state, SendMonster("goblin")), Fight())
    assert state.ended is CombatEnd.PARTY_SURVIVED and MODEL.outcome(state).won is False
    damage = [e for e in state.events if e.kind is EventKind.DAMAGE]
    assert [(e.position, e.amount, e.before, e.after) for e in damage] == [(1, 2, 0, 2)]
    assert all(dataclasses.is_dataclass(e) and e.__dataclass_params__.frozen and e.cites for e in damage)
    # No priest heals, so the potion heals 1 and is marked; at the end its gold goes to its owner's office.
    healing = next(e for e in state.events if e.kind is EventKind.HEALING)
    assert (healing.need, healing.hearts, healing.potions, healing.healed) == (2, 0, 1, 1)
    assert state.party[0].damage == 1
    assert state.items[0].fate is ItemFate.GOLD_TO_OFFICE and state.items[0].gold_to == "green"
    assert state.items[0].scores is True


def test_a_combat_of_several_rounds_ends_when_the_party_falls() -> None:
    state = apply(dataclasses.replace(_two_thieves(rounds=3), items=()), ChooseTrap(None))
    state = apply(apply(state, SendMonster("goblin")), Fight())
    assert state.ended is None and state.round_index == 1 and not state.trap_chosen
    state = apply(apply(apply(state, ChooseTrap(None)), SendMonster("slime")), Fight())
    # Thief #1 took 2 then 1: defeated; thief #2 stands, so the combat goes on into round 3.
    assert [a.defeated for a in state.party] == [True, False] and state.ended is None
    assert MODEL.invariants(state) == []
    # Round 3: no monster is left in hand, and the fatigue-free round ends with thief #2 standing.
    assert legal_actions(apply(state, ChooseTrap(None))) == [Fight()]
    state = apply(apply(state, ChooseTrap(None)), Fight())
    assert state.ended is CombatEnd.PARTY_SURVIVED and state.conquered is True


@pytest.mark.parametrize("action, reason", [
    (Fight(), "trap"),
    (SendMonster("goblin"), "trap"),
    (ChooseTrap("pendulum", 1), "no pendulum trap"),
])
def test_choices_out_of_turn_are_refused_with_a_reason(action, reason) -> None:
    with pytest.raises(IllegalAction) as err:
        apply(_two_thieves(), action)
    assert reason in err.value.reason


def test_monster_choices_the_rules_forbid_are_refused() -> None:
    state = apply(_two_thieves(), ChooseTrap(None))
    with pytest.raises(IllegalAction, match="picks its own victims"):
        apply(state, SendMonster("goblin", attacks=((2, 2),)))
    with pytest.raises(IllegalAction, match="no witch"):
        apply(state, SendMonster("witch", attacks=((1, 4),)))
    with pytest.raises(IllegalAction, match="already chosen"):
        apply(state, ChooseTrap(None))


def test_invariants_catch_a_standing_adventurer_over_his_hit_points_and_a_lost_item() -> None:
    broken = dataclasses.replace(_two_thieves(), party=(Adventurer(1, "thief", 3, damage=3),
                                                        Adventurer(2, "thief", 3)))
    assert any("stands with 3 damage" in p for p in MODEL.invariants(broken))
    ended = dataclasses.replace(_two_thieves(), ended=CombatEnd.PARTY_SURVIVED, round_index=1)
    assert any("neither carried nor settled" in p for p in MODEL.invariants(ended))


# ---------------------------------------------------------------- own-colour items: one reading

OWN_DUNGEON = {"party": [{"class": "wizard", "hp": 3, "magic": 1}, {"class": "priest", "hp": 3, "damage": 1}],
               "items": [{"carrier": 1, "item": "necklace", "owner": "blue"}], "dungeon_owner": "blue",
               "events": {"fatigue": 2, "monsters": [{"name": "witch", "attacks": [{"target": 2, "damage": 2}]},
                                                     {"name": "vampire", "attacks": [{"target": 1, "damage": 2}]}]}}


def test_own_colour_gold_follows_the_one_reading_the_ambiguity_names() -> None:
    entry = next(a for a in load_ambiguities() if a.id == "dl-own-colour-gold")
    assert entry.default_reading.label.en == "Gold placed but not scored"
    assert "No gold, discarded" in [r.label.en for r in entry.readings]
    verdict = evaluate("dungeon-lords.combat_round", OWN_DUNGEON)
    necklace = verdict.details["items"][0]
    assert necklace["gold_to"] == "blue dead-letter office" and necklace["scores"] is False
    # The verdict names the reading it rests on, and the other one.
    assert any("scores nothing" in a and "no gold, discarded" in a for a in verdict.assumptions_en)
    assert any("不計分" in a for a in verdict.assumptions)


def test_an_item_used_against_another_player_names_no_own_colour_reading() -> None:
    verdict = evaluate("dungeon-lords.combat_round", {**OWN_DUNGEON, "dungeon_owner": "red"})
    assert verdict.details["items"][0]["scores"] is True
    assert not any("own dungeon" in a for a in verdict.assumptions_en)


# ---------------------------------------------------------------- attack order

def test_attack_order_says_why_the_example_numbers_cannot_show_a_difference() -> None:
    verdict = evaluate("dungeon-lords.attack_order", {})
    assert verdict.value == "same in every order"
    assert "picture is lost" in verdict.explanation_en and "圖片已遺失" in verdict.explanation
    matters = verdict.details["order_matters_with"]
    assert matters["changes"] == ["thief #1 has only 1 hit point left (2 damage taken)", "thief #2 has 4 hit points"]
    outcomes = {o["order"]: o["outcome"] for o in matters["orders"]}
    # Goblin first spares the second potion; slime first makes it needed (the first thief falls either way).
    assert outcomes == {"goblin then slime": "tile conquered; marked: none; defeated: thief #1",
                        "slime then goblin": "tile conquered; marked: yellow potion; defeated: thief #1"}
    assert "goblin, then slime" in verdict.explanation_en and "先哥布林" in verdict.explanation


def test_the_numbers_the_verdict_names_do_make_the_order_matter() -> None:
    verdict = evaluate("dungeon-lords.attack_order", {
        "party": [{"class": "thief", "hp": 3, "damage": 2}, {"class": "thief", "hp": 4},
                  {"class": "priest", "hp": 3, "hearts": 2}]})
    assert verdict.value == "depends"
    assert {c.when_en: c.value for c in verdict.cases} == {
        "goblin, then slime": "tile conquered; marked: none; defeated: thief #1",
        "slime, then goblin": "tile conquered; marked: yellow potion; defeated: thief #1"}


# ---------------------------------------------------------------- inputs the variant forbids

@pytest.mark.parametrize("rule_id, data, field, words", [
    ("dungeon-lords.assign_items", {"adventurers": ["thief", "thief", "priest"],
                                    "items": [{"owner": "red", "item": "potion"}] * 6}, "items", "at most 4"),
    ("dungeon-lords.assign_items", {"adventurers": ["thief", "thief", "priest"],
                                    "items": [{"owner": "red", "item": "potion"}] * 2}, "items", "one marker"),
    ("dungeon-lords.combat_round", {"party": [{"class": "thief"}] * 6,
                                    "items": [{"carrier": n, "owner": "red"} for n in range(1, 7)]},
     "items", f"only {D.MARKERS_PER_PLAYER} markers"),
    ("dungeon-lords.item_marked", {"item": "necklace", "hit_points": 3, "damage_before": 5, "damage": [1]},
     "damage_before", "already defeated"),
    ("dungeon-lords.combat_round", {"party": [{"class": "thief", "damage": -1}]}, "party.0.damage", "0"),
    ("dungeon-lords.combat_round", {"events": {"fatigue": -1}}, "events.fatigue", "0"),
])
def test_inputs_the_variant_forbids_are_refused_naming_the_field(rule_id, data, field, words) -> None:
    with pytest.raises(ValidationError) as err:
        evaluate(rule_id, data)
    assert field in str(err.value) and words in str(err.value)


def test_one_marker_per_player_still_allows_every_colour_and_leftovers() -> None:
    verdict = evaluate("dungeon-lords.assign_items", {
        "adventurers": ["thief"], "items": [{"owner": "red", "item": "potion"}, {"owner": "blue", "item": "potion"}]})
    assert verdict.details["returned"] == [{"owner": "blue", "item": "potion",
                                            "reason": "every adventurer already has an item"}]
