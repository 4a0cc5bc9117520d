"""Property test: many seeded games with all three expansions keep the model's invariants after every action."""
from __future__ import annotations

import random
from collections import Counter

from rules_engine.onirim import model
from rules_engine.onirim.cards import CARDS

GAMES = 1000
MAX_ACTIONS = 3000  # a game that runs longer than this is stuck, which is itself a failure


def _options(seed: int) -> model.Options:
    """All three expansions, with the variants rotating between games."""
    return model.Options(towers=True, book=True, premonitions=True, alignment_power=seed % 3 != 0,
                         spells=("cheap", "expensive", "none")[seed % 3],
                         lost_tower_to=("limbo", "discard")[seed % 2], face_up_premonitions=4 + seed % 3)


def _guided(state: model.State, rng: random.Random) -> model.Action:
    """The model's steered random move (towards the next Goal's colour), so games reach Doors and Premonitions."""
    return model.MODEL.random_action(state, rng)


def _check_step(before: model.State, action: model.Action, after: model.State) -> None:
    """Invariants that relate a state to the next: Goal order and spell-only removal from the game."""
    problems = model.check_invariants(after)
    assert not problems, (action, problems)
    for door in set(after.doors) - set(before.doors):
        pos = after.goal_doors.index(door)
        assert pos == model.open_goal(before), f"{CARDS[door].name} skipped the Goal order"
    gone = set(after.removed) - set(before.removed)
    if isinstance(action, model.CastSpell):
        assert gone == set(action.pay) and gone <= set(before.discard)
    else:
        assert not gone, f"{[CARDS[c].name for c in gone]} left the game without a spell"


def test_random_games_keep_every_invariant() -> None:
    tally: Counter[str] = Counter()
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = model.new_game(_options(seed), seed)
        assert model.check_invariants(state) == []
        for _ in range(MAX_ACTIONS):
            if state.phase == "over":
                break
            action = _guided(state, rng)
            after = model.apply(state, action)
            _check_step(state, action, after)
            tally[type(action).__name__] += 1
            state = after
        assert state.phase == "over", f"seed {seed}: game did not end"
        assert model.legal_actions(state) == []
        tally[f"outcome:{state.outcome.termination.name}"] += 1
    # The games must reach the expansions' interesting parts, or the invariants were barely tested.
    for kind in ("ResolvePremonition", "ResolveNightmare", "HappyDream", "CastSpell", "TakeDoor", "Arrange", "PickToTop"):
        assert tally[kind] > 0, f"no {kind} in {GAMES} games: {tally}"
