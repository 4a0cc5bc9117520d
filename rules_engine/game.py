"""The one shape every game model has: frozen state, legal actions, apply, an outcome, one IllegalAction.

Each game subpackage's `model` module keeps its own state and action types (frozen dataclasses) and
registers a `GameModel` here; the conformance tests play every registered model the same way.
"""
from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Any, Callable, Generic, Protocol, Sequence, TypeVar, runtime_checkable

S = TypeVar("S")
A = TypeVar("A")


class IllegalAction(ValueError):
    """An action the rules do not allow in this state; `reason` says why, in words a player reads."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Outcome:
    """How a finished game (or a finished round, morning, combat) ended: an enum, never log text."""

    termination: enum.Enum
    # Whether the player won, where the game has a winner (None for a morning or a combat round).
    won: bool | None = None


@runtime_checkable
class GameModel(Protocol, Generic[S, A]):
    """A game's executable model as the conformance tests and the terminal player see it."""

    game: str

    def initial_state(self, seed: int) -> S:
        """A seeded starting position for a random playthrough (options and inputs drawn from `seed`)."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every action the rules allow now; empty exactly when `outcome(state)` is not None."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after `action`; raises IllegalAction with a reason when it is not allowed."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """How the play ended, or None while it goes on."""
        ...

    def random_action(self, state: S, rng: random.Random) -> A:
        """One legal action chosen with `rng` (for random playthroughs)."""
        ...

    def invariants(self, state: S) -> list[str]:
        """What is wrong with `state` (card conservation, legal rows, scores); empty when all hold."""
        ...

    def illegal_example(self, state: S) -> Any | None:
        """An action that is not legal now (to check it is refused), or None when none is at hand."""
        ...


@dataclass(frozen=True)
class ModelFunctions(Generic[S, A]):
    """A GameModel made of a game's model-module functions (each game writes them once, as functions)."""

    game: str
    initial_state: Callable[[int], S]
    legal_actions: Callable[[S], Sequence[A]]
    apply: Callable[[S, A], S]
    outcome: Callable[[S], Outcome | None]
    random_action: Callable[[S, random.Random], A]
    invariants: Callable[[S], list[str]]
    illegal_example: Callable[[S], Any | None]


MODELS: dict[str, GameModel] = {}


def register_model(model: GameModel) -> GameModel:
    """Add a game's model; a game registers one model."""
    if model.game in MODELS and MODELS[model.game] is not model:
        raise ValueError(f"model for {model.game!r} registered twice")
    MODELS[model.game] = model
    return model
