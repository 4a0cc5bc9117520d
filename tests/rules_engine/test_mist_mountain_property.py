"""Property test: seeded random 迷霧山城 days never create or lose a card, priorities stay a permutation."""
from __future__ import annotations

import random
import time

from rules_engine.mist_mountain import cards as C
from rules_engine.mist_mountain.day import (GameState, hand_card_count, memory_count, new_game,
                                            priority_of_players, simulate_day)

MIN_DAYS = 600


def _check_factory(hand_total, memories_total, n):
    """A checker run after every action and phase of a simulated day."""
    def check(state: GameState, morning) -> None:
        """Fail on any lost or created card, or a broken priority order."""
        assert hand_card_count(state, morning) == hand_total, "a hand card was created or lost"
        assert memory_count(state) == memories_total, "a memory card was created or lost"
        assert sorted(priority_of_players(state)) == list(range(1, n + 1)), "priorities not a permutation"
        assert 0 <= state.captain < n
        if morning is not None:
            assert len(morning.passed) == n
            assert all(p.status in ("in", "fogged", "taken") for p in morning.plays)
            assert morning.turn == -1 if morning.finished else not morning.passed[morning.turn]
    return check


def test_random_days_conserve_cards_and_priorities() -> None:
    started = time.perf_counter()
    days = games = departures = failed_mornings = 0
    seed = 0
    while days < MIN_DAYS:
        rng = random.Random(seed)
        n = 4 + seed % 3
        state = new_game(n, rng, variant=bool(seed % 2))
        assert sum(hand_card_count(state).values()) == 90
        assert sum(memory_count(state).values()) == 21
        if seed % 2:
            assert len(state.memory_deck) == 15, "the short variant leaves 15 memories"
        check = _check_factory(hand_card_count(state), memory_count(state), n)
        while not state.finished and state.day <= 40:
            state, report = simulate_day(state, rng, check=check)
            days += 1
            failed_mornings += report.mornings - (1 if report.departed else 0)
            if report.departed:
                departures += 1
                assert len(report.departed) in (3, 4)
                assert len(set(report.departed)) >= 3
        assert all(len(p.hand) <= 7 for p in state.players), "hand limit 7 after the night"
        games += 1
        seed += 1
    elapsed = time.perf_counter() - started
    assert days >= MIN_DAYS and departures > 0 and failed_mornings > 0
    assert elapsed < 60, f"{days} days took {elapsed:.1f}s"
    print(f"{days} random days in {games} games, {departures} departures, "
          f"{failed_mornings} failed mornings, {elapsed:.1f}s")


def test_same_seed_same_game() -> None:
    def play(seed: int) -> GameState:
        """Three days of a 5-player game from a seed."""
        rng = random.Random(seed)
        state = new_game(5, rng)
        for _ in range(3):
            state, _ = simulate_day(state, rng)
        return state

    assert play(7) == play(7)


def test_composition_matches_text() -> None:
    assert sum(C.DEFAULT_COMPOSITION.values()) == 90
    assert len(C.memory_cards()) == 21
    assert sum(1 for m in C.memory_cards() if "+" in m) == 15
    for ch in C.CHARACTERS:
        assert sum(C.memory_belongs_to(m, ch) for m in C.memory_cards()) == 6
    assert dict(C.PATH_CARD_COUNT) == {C.SAKURA: 3, C.BAMBOO: 4, C.GRASS: 5}
