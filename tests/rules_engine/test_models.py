"""Every registered game model plays 1,000 seeded random playthroughs keeping its invariants after every action."""
from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from rules_engine import load_games
from rules_engine.game import MODELS, GameModel, IllegalAction, Outcome

load_games()

PLAYTHROUGHS = 1000
MAX_ACTIONS = 3000  # a playthrough longer than this is stuck, which is itself a failure


def test_every_game_registers_a_model() -> None:
    from rules_engine import GAMES

    assert set(MODELS) == set(GAMES)


@pytest.mark.parametrize("game", sorted(MODELS))
def test_model_has_the_shared_shape(game: str) -> None:
    model = MODELS[game]
    assert isinstance(model, GameModel)
    state = model.initial_state(0)
    assert model.initial_state(0) == state, "same seed, same start"
    assert dataclasses.is_dataclass(state) and state.__dataclass_params__.frozen, "state is a frozen dataclass"


@pytest.mark.parametrize("game", sorted(MODELS))
def test_random_playthroughs_keep_every_invariant(game: str) -> None:
    model = MODELS[game]
    endings: Counter[str] = Counter()
    actions_taken = 0
    refused = 0
    for seed in range(PLAYTHROUGHS):
        rng = random.Random(seed)
        state = model.initial_state(seed)
        assert model.invariants(state) == [], (seed, model.invariants(state))
        for _ in range(MAX_ACTIONS):
            if model.outcome(state) is not None:
                break
            legal = model.legal_actions(state)
            assert legal, f"{game} seed {seed}: no legal action but no outcome"
            wrong = model.illegal_example(state)
            if wrong is not None:
                assert wrong not in legal
                with pytest.raises(IllegalAction) as err:
                    model.apply(state, wrong)
                assert err.value.reason
                refused += 1
            action = model.random_action(state, rng)
            state = model.apply(state, action)
            actions_taken += 1
            problems = model.invariants(state)
            assert not problems, f"{game} seed {seed} after {action!r}: {problems}"
        outcome = model.outcome(state)
        assert isinstance(outcome, Outcome), f"{game} seed {seed}: did not end in {MAX_ACTIONS} actions"
        assert list(model.legal_actions(state)) == []
        endings[outcome.termination.name] += 1
    assert actions_taken >= PLAYTHROUGHS and refused > 0
    # More than one way to end, or the playthroughs never reached the other branch of the rules.
    assert len(endings) >= 2, endings
