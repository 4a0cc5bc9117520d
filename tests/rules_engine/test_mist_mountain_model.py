"""The 迷霧山城 morning model: structured events, the shared IllegalAction, outcomes and invariants."""
from __future__ import annotations

import dataclasses

import pytest

from rules_engine import game
from rules_engine.mist_mountain import cards as C
from rules_engine.mist_mountain.model import (MODEL, Act, Event, Kind, Play, Termination, apply, invariants,
                                              legal_actions, start_morning)

GRASS = C.KNOWN_PATHS[C.GRASS]
HANDS = ((C.LANTERN,), (C.LAMP_MAKER, C.LANTERN, C.LOST_ONE), (C.FOG, C.CAP), (C.REFLECTOR,))


def _play(m, *acts):
    """The morning after these actions."""
    for act in acts:
        m = apply(m, act)
    return m


def test_events_are_structured_not_prose() -> None:
    m = _play(start_morning(4, GRASS, hands=HANDS), Act(1, C.LAMP_MAKER), Act(2, C.CAP), Act(3, C.PASS),
              Act(0, C.PASS), Act(1, C.LANTERN), Act(2, C.FOG, 1, C.LANTERN))
    assert [e.kind for e in m.events] == [Kind.DOUBLER, Kind.TOOL, Kind.PASS, Kind.PASS, Kind.TOOL, Kind.FOG_DOUBLED]
    lantern = m.events[4]
    assert (lantern.seat, lantern.card, lantern.points, lantern.doubled, lantern.by) == (1, C.LANTERN, 4, True, 1)
    fog = m.events[-1]
    assert (fog.seat, fog.target, fog.target_card, fog.other_card, fog.holds) == (2, 1, C.LANTERN, C.LAMP_MAKER, False)
    assert fog.cites == ("mist-mountain/hand/fog", "mist-mountain/villagers/lamp-maker")
    for event in m.events:
        for f in dataclasses.fields(Event):
            value = getattr(event, f.name)
            # Text fields hold card names only: no sentence is stored on the state.
            assert not isinstance(value, str) or value in C.HAND_CARDS, (f.name, value)


def test_out_of_turn_and_finished_mornings_raise_the_shared_illegal_action_with_a_reason() -> None:
    m = start_morning(4, GRASS, hands=HANDS)
    with pytest.raises(game.IllegalAction) as err:
        apply(m, Act(2, C.PASS))
    assert "還沒輪到" in err.value.reason and "下家1" in err.value.reason
    with pytest.raises(game.IllegalAction, match="has no"):
        apply(m, Act(1, C.REFLECTOR))
    done = _play(m, Act(1, C.PASS), Act(2, C.PASS), Act(3, C.PASS), Act(0, C.PASS))
    assert legal_actions(done) == [] and MODEL.illegal_example(done) is None
    with pytest.raises(game.IllegalAction, match="already passed"):
        apply(done, Act(1, C.PASS))


def test_the_morning_ends_departing_or_failing() -> None:
    m = start_morning(4, GRASS, hands=((C.RAILWAY,), (C.RAILWAY,), (C.RAILWAY,), ()))
    departs = _play(m, Act(1, C.RAILWAY), Act(2, C.RAILWAY), Act(3, C.PASS), Act(0, C.RAILWAY), Act(1, C.PASS),
                    Act(2, C.PASS), Act(0, C.PASS))
    assert MODEL.outcome(departs) == game.Outcome(Termination.DEPARTED)
    fails = _play(m, Act(1, C.RAILWAY), Act(2, C.PASS), Act(3, C.PASS), Act(0, C.PASS), Act(1, C.PASS))
    assert MODEL.outcome(fails) == game.Outcome(Termination.FAILED)
    assert MODEL.outcome(m) is None


def test_invariants_catch_a_created_card_a_wrong_draw_a_wrong_turn_and_a_play_after_passing() -> None:
    m = _play(start_morning(4, GRASS, hands=HANDS), Act(1, C.LOST_ONE), Act(2, C.CAP), Act(3, C.PASS),
              Act(0, C.PASS), Act(1, C.PASS))
    assert invariants(m) == [] and m.draws == (0, 3, 0, 0)
    assert any("created or lost" in p for p in invariants(dataclasses.replace(m, plays=m.plays + (Play(0, 0, C.CAP),))))
    assert any("draws" in p for p in invariants(dataclasses.replace(m, draws=(0, 0, 0, 0))))
    # Mid-morning, the seat to act must be the next one still in after the last seat that acted.
    early = _play(start_morning(4, GRASS, hands=HANDS), Act(1, C.LANTERN), Act(2, C.PASS))
    assert invariants(early) == [] and early.turn == 3
    assert any("is to act" in p for p in invariants(dataclasses.replace(early, turn=0)))
    late = Event(Kind.TOOL, 3, (), True, card=C.REFLECTOR, points=4, by=3)
    assert any("after passing" in p for p in invariants(dataclasses.replace(m, events=m.events + (late,))))


def test_the_model_is_registered_and_its_tables_are_seeded() -> None:
    assert game.MODELS["mist-mountain"] is MODEL
    first, again, other = MODEL.initial_state(5), MODEL.initial_state(5), MODEL.initial_state(6)
    assert first == again and first != other
    assert sum(len(h) for h in first.hands) == 7 * first.players and 0 <= first.captain < first.players


def test_an_escape_cites_the_lines_of_the_path_cards_held():
    from rules_engine import evaluate

    verdict = evaluate("mist-mountain.own_escape", {"players": 6, "memories": 2, "grass": 4, "abbots": 1})
    cited = set(verdict.all_cites())
    assert "mist-mountain/hand/path-grass" in cited and "mist-mountain/hand/path-sakura" not in cited
