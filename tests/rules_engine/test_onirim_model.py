"""Onirim game model: card counts, set-up, legal actions, apply, and a win reached through play."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from pydantic import ValidationError

from rules_engine import evaluate
from rules_engine.onirim import model
from rules_engine.onirim.cards import BY_NAME, CARDS, LOCATION_COUNTS, TOWER_EDGES

ALL = model.Options(towers=True, book=True, premonitions=True)


def test_base_deck_has_76_cards_with_the_real_counts() -> None:
    base = model.game_cards(model.Options())
    kinds = Counter(CARDS[c].kind for c in base)
    assert len(base) == 76 and kinds == {"location": 58, "door": 8, "nightmare": 10}
    for colour, (sun, moon, key) in LOCATION_COUNTS.items():
        symbols = Counter(CARDS[c].symbol for c in base if CARDS[c].kind == "location" and CARDS[c].colour == colour)
        assert symbols == {"sun": sun, "moon": moon, "key": key}


def test_expansion_cards() -> None:
    kinds = Counter(CARDS[c].kind for c in model.game_cards(ALL))
    assert kinds["tower"] == 12 and kinds["goal"] == 8 and kinds["spells"] == 1
    assert kinds["premonition"] == 8 and kinds["happy_dream"] == 4
    assert len(TOWER_EDGES) == 12


def test_new_game_deals_five_labyrinth_cards_and_four_premonitions() -> None:
    state = model.new_game(ALL, seed=7)
    assert len(state.hand) == 5 and all(CARDS[c].is_labyrinth for c in state.hand)
    assert len(state.premonitions_up) == 4 and len(state.premonitions_down) == 4
    assert len(state.goals) == 8 and state.limbo == ()
    assert model.check_invariants(state) == []
    assert model.new_game(ALL, seed=7) == state, "same seed, same game"
    assert model.new_game(ALL, seed=8).deck != state.deck


def test_location_cannot_follow_the_same_symbol() -> None:
    state = model.new_game(model.Options(), seed=1)
    sun, sun2 = BY_NAME["red-sun-1"].index, BY_NAME["blue-sun-1"].index
    moon = BY_NAME["green-moon-1"].index
    pool = model._without(state.deck + state.hand, sun, sun2, moon)
    state = replace(state, deck=pool, hand=(sun2, moon), labyrinth=(sun,))
    assert model.Play(sun2) not in model.legal_actions(state)
    assert model.Play(moon) in model.legal_actions(state)
    with pytest.raises(model.IllegalAction, match="may not follow"):
        model.apply(state, model.Play(sun2))


def test_tower_placement_in_the_model_rejects_a_clash() -> None:
    state = model.new_game(model.Options(towers=True), seed=3)
    red4, blue4 = BY_NAME["red-4"].index, BY_NAME["blue-4"].index
    rest = model._without(state.deck + state.hand, red4, blue4)
    state = replace(state, deck=rest, hand=(blue4,), towers=(red4,))
    assert model.Play(blue4, "right") not in model.legal_actions(state)
    assert model.Play(blue4, "left") in model.legal_actions(state)
    with pytest.raises(model.IllegalAction, match="share a symbol"):
        model.apply(state, model.Play(blue4, "right"))


def test_third_red_location_wins_the_eighth_door() -> None:
    """Seven Doors in play, two red Locations in the Labyrinth: a red Key in hand wins the game."""
    opts = model.Options()
    state = model.new_game(opts, seed=5)
    doors = [BY_NAME[f"{c}-door-{i}"].index for c in ("blue", "green", "brown") for i in (1, 2)]
    doors.append(BY_NAME["red-door-1"].index)
    laby = (BY_NAME["red-sun-1"].index, BY_NAME["red-moon-1"].index)
    key = BY_NAME["red-key-1"].index
    everyone = set(doors) | set(laby) | {key}
    pool = [c for c in state.deck + state.hand if c not in everyone]
    hand = tuple(c for c in pool if CARDS[c].kind == "location")[:4] + (key,)
    deck = tuple(c for c in pool if c not in hand)
    state = replace(state, deck=deck, hand=hand, labyrinth=laby, doors=tuple(doors), run_start=0)
    assert model.check_invariants(state) == []
    after = model.apply(state, model.Play(key))
    assert after.outcome == model.Outcome(model.Termination.EIGHT_DOORS, won=True) and len(after.doors) == 8
    assert model.check_invariants(after) == []


def test_nightmare_costs_a_removable_tower_or_goes_to_limbo() -> None:
    state = model.new_game(model.Options(towers=True), seed=2)
    row = tuple(BY_NAME[n].index for n in ("red-4", "green-4", "blue-4"))
    nightmare = next(c for c in state.deck if CARDS[c].kind == "nightmare")
    state = replace(state, deck=model._without(state.deck + state.hand, *row, nightmare), hand=(), towers=row,
                    drawn=nightmare,
                    pending=model.PendingNightmare(nightmare), phase="draw")
    acts = [a for a in model.legal_actions(state) if a.effect == "hand"]
    assert {a.lose_tower for a in acts} == {None, row[0], row[2]}, "inner green-4 may not be lost"
    lost = model.apply(state, model.ResolveNightmare("reveal", None, row[0]))
    assert row[0] not in lost.towers and model.check_invariants(lost) == []
    with pytest.raises(model.IllegalAction):
        model.apply(state, model.ResolveNightmare("reveal", None, row[1]))


def test_bad_card_ids_name_the_field() -> None:
    with pytest.raises(ValidationError) as err:
        evaluate("onirim.tower_placement", {"row": ["red-3"], "tower": "purple-9"})
    text = str(err.value)
    assert "tower" in text and "'<colour>-<number>'" in text
    with pytest.raises(ValidationError, match="row.0"):
        evaluate("onirim.alignment_complete", {"row": ["red-9"]})
    with pytest.raises(ValidationError, match="doors"):
        evaluate("onirim.premonitions_triggered", {"doors": ["red", "red"], "new_door": "red"})
    # A Door sits only on a Goal of its colour: giving back a colour no reached Goal has is a contradiction.
    with pytest.raises(ValidationError, match="returned_door.*none of the Goals reached"):
        evaluate("onirim.book_return_door", {"goals": ["red", "green", "blue", "red"], "reached": 2,
                                             "returned_door": "blue"})


# ---------------------------------------------------------------- spells at any time (不限使用時機)

def _with_spells(state: model.State, discard: int) -> model.State:
    """The state with `discard` Locations moved from the deck to the discard pile, to pay for spells."""
    paid = tuple(c for c in state.deck if CARDS[c].kind == "location")[:discard]
    return replace(state, deck=model._without(state.deck, *paid), discard=state.discard + paid)


def _nightmare_waiting(seed: int) -> model.State:
    """A Book game in which a just-drawn Nightmare waits to be resolved."""
    state = _with_spells(model.new_game(model.Options(book=True), seed=seed), 12)
    nightmare = next(c for c in state.deck if CARDS[c].kind == "nightmare")
    return replace(state, deck=model._without(state.deck, nightmare), drawn=nightmare,
                   pending=model.PendingNightmare(nightmare), phase="draw")


def test_paradoxical_prophecy_cast_while_a_nightmare_waits_then_the_nightmare_resumes() -> None:
    state = _nightmare_waiting(5)
    spell = next(a for a in model.legal_actions(state)
                 if isinstance(a, model.CastSpell) and a.spell == "paradoxical_prophecy")
    looking = model.apply(state, spell)
    assert isinstance(looking.pending, model.PendingBottom) and looking.suspended == (state.pending,)
    bottom = looking.deck[-1]
    back = model.apply(looking, model.PickToTop(bottom))
    assert back.pending == state.pending and back.suspended == () and back.deck[0] == bottom
    assert model.check_invariants(back) == []
    assert any(isinstance(a, model.ResolveNightmare) for a in model.legal_actions(back))


def test_parallel_planning_cast_while_a_door_waits_keeps_the_door_waiting() -> None:
    state = _with_spells(model.new_game(model.Options(book=True), seed=2), 12)
    door = next(c for c in state.deck if CARDS[c].kind == "door")
    state = replace(state, deck=model._without(state.deck, door), drawn=door, pending=model.PendingDoor(door),
                    phase="draw")
    swap = next(a for a in model.legal_actions(state) if isinstance(a, model.CastSpell) and a.swap)
    after = model.apply(state, swap)
    i, j = swap.swap
    assert after.goals[i] == state.goals[j] and after.goals[j] == state.goals[i]
    assert after.pending == state.pending and model.check_invariants(after) == []


def test_parallel_planning_onto_a_reached_goal_names_the_assumption() -> None:
    state = _with_spells(model.new_game(model.Options(book=True), seed=4), 12)
    first = CARDS[state.goals[0]].colour
    door = next(c for c in state.deck if CARDS[c].kind == "door" and CARDS[c].colour == first)
    state = replace(state, deck=model._without(state.deck, door), doors=(door,),
                    goal_doors=(door,) + state.goal_doors[1:])
    other = next(k for k in range(1, 8) if CARDS[state.goals[k]].colour != first)
    pay = state.discard[-7:]
    with pytest.raises(model.IllegalAction, match="text sets no limit"):
        model.apply(state, model.CastSpell("parallel_planning", pay, (0, other)))


def test_a_spell_waits_while_cards_are_being_looked_at() -> None:
    state = _with_spells(model.new_game(model.Options(book=True), seed=6), 12)
    state = replace(state, pending=model.PendingArrange(5, 1, "prophecy"), phase="draw")
    assert not any(isinstance(a, model.CastSpell) for a in model.legal_actions(state))
    with pytest.raises(model.IllegalAction, match="putting back"):
        model.apply(state, model.CastSpell("paradoxical_prophecy", state.discard[-5:]))
