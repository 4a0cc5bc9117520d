"""A whole game state of 迷霧山城 and a simulated day: morning, dusk, night, game end."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Callable

from . import cards as C
from .model import (Act, Morning, apply, captain_after_departure, captain_after_failure, end_morning, priority,
                    random_action, start_morning)

# What the simulation invents because the text does not say it (reported with the rules).
ASSUMPTIONS = (
    "牌張數量（燈籠/工作帽/反光盤各 15、濃霧時刻 6、金礦小巷 17、十種村民各 1）為假設，僅路徑小卡 3/4/5 張與總數 90 張來自原文",
    "五張冒險報酬卡的內容（回憶與手牌張數、文字效果）原文未列，模擬用假設值且不含文字效果",
    "三張未命名的冒險路徑卡以需求 8 的假設路徑代替",
    "手牌牌堆抽完時把棄牌堆洗成新牌堆（原文未說明）",
)
ASSUMPTIONS_EN = (  # paired with ASSUMPTIONS by position
    "The card counts (15 each of lantern / work cap / reflector, 6 Thick Fog, 17 Gold Mine Alley, 1 of each of the "
    "ten villagers) are assumed; only the path cards (3/4/5) and the total of 90 come from the text",
    "The contents of the five adventure reward cards (memories and hand cards, text effects) are not listed in the "
    "text; the simulation uses assumed values without text effects",
    "The three unnamed adventure path cards are replaced by assumed paths with requirement 8",
    "When the hand-card deck runs out, the discard pile is shuffled into a new deck (the text does not say)",
)


@dataclass(frozen=True)
class Player:
    """One player: character, hand, cards on the table, and memory cards held."""

    character: str
    hand: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    memories: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameState:
    """Everything on the table; players are listed clockwise with 下家 = the next index."""

    players: tuple[Player, ...]
    captain: int
    deck: tuple[str, ...]
    discard: tuple[str, ...] = ()
    memory_deck: tuple[str, ...] = ()
    boxed_memories: tuple[str, ...] = ()
    paths: tuple[C.PathCard, ...] = tuple(C.KNOWN_PATHS.values()) + C.UNNAMED_PATHS
    rewards: tuple[C.Reward, ...] = C.DEFAULT_REWARDS
    day: int = 1
    finished: bool = False

    @property
    def n(self) -> int:
        """Number of players."""
        return len(self.players)

    def seat_of(self, player: int) -> int:
        """Seat (0 = captain, 1 = 下家1 …) of an absolute player index."""
        return (player - self.captain) % self.n

    def player_at(self, seat: int) -> int:
        """Absolute player index sitting at a seat."""
        return (self.captain + seat) % self.n


def hand_card_count(state: GameState, morning: Morning | None = None) -> Counter:
    """Every hand card wherever it is: deck, discard, hands, tables and (during a morning) in play."""
    total = Counter(state.deck) + Counter(state.discard)
    for p in state.players:
        total += Counter(p.table)
        if morning is None or morning.hands is None:
            total += Counter(p.hand)
    if morning is not None:
        total += Counter(play.card for play in morning.plays if play.status != "taken")
        for hand in morning.hands or ():
            total += Counter(hand)
    return total


def memory_count(state: GameState) -> Counter:
    """Every memory card: deck, boxed by the variant, and held by players."""
    total = Counter(state.memory_deck) + Counter(state.boxed_memories)
    for p in state.players:
        total += Counter(p.memories)
    return total


def new_game(players: int, rng: random.Random, variant: bool = False,
             composition=C.DEFAULT_COMPOSITION) -> GameState:
    """Set up: shuffle, one character and seven hand cards each, memory deck (variant: 15 cards)."""
    deck = [card for card, k in composition.items() for _ in range(k)]
    rng.shuffle(deck)
    characters = rng.sample(C.CHARACTERS, players)
    memories = list(C.memory_cards())
    boxed: list[str] = []
    if variant:
        # Remove the personal memories of unused characters (variant/short-deck).
        boxed = [c for c in C.CHARACTERS if c not in characters]
        memories = [m for m in memories if m not in boxed]
    rng.shuffle(memories)
    hands = []
    for i in range(players):
        hands.append(tuple(deck[:7]))
        deck = deck[7:]
    seats = []
    for i, ch in enumerate(characters):
        mem: tuple[str, ...] = ()
        if variant:
            mem, memories = (memories[0],), memories[1:]
        seats.append(Player(character=ch, hand=hands[i], memories=mem))
    return GameState(players=tuple(seats), captain=0, deck=tuple(deck), memory_deck=tuple(memories),
                     boxed_memories=tuple(boxed))


def draw(state: GameState, player: int, k: int, rng: random.Random) -> GameState:
    """A player draws k hand cards, reshuffling the discard pile when the deck runs out."""
    deck, discard = list(state.deck), list(state.discard)
    got: list[str] = []
    for _ in range(k):
        if not deck and discard:
            rng.shuffle(discard)
            deck, discard = discard, []
        if not deck:
            break
        got.append(deck.pop(0))
    p = state.players[player]
    players = _set(state.players, player, replace(p, hand=p.hand + tuple(got)))
    return replace(state, deck=tuple(deck), discard=tuple(discard), players=players)


def _set(t: tuple, i: int, v) -> tuple:
    """Copy of a tuple with item i replaced."""
    return t[:i] + (v,) + t[i + 1:]


Policy = Callable[[Morning, random.Random], Act]


@dataclass(frozen=True)
class DayReport:
    """What happened in a simulated day."""

    mornings: int
    departed: tuple[int, ...]
    path: str
    actions: int
    finished: bool


Check = Callable[[GameState, "Morning | None"], None]


def _run_morning(state: GameState, path: C.PathCard, rng: random.Random, policy: Policy,
                 check: Check | None) -> tuple[GameState, Morning]:
    """Play a morning to the end, drawing 迷途者 cards as soon as they are due."""
    hands = tuple(state.players[state.player_at(s)].hand for s in range(state.n))
    m = start_morning(state.n, path, hands=hands, captain=state.captain)
    # While the morning runs, hands live in the Morning (seat order); the state's hands are stale.
    cap = 400
    while not m.finished:
        act = policy(m, rng) if cap > 0 else Act(m.turn, C.PASS)
        cap -= 1
        before = m.draws
        m = apply(m, act)
        for seat in range(state.n):
            due = m.draws[seat] - before[seat]
            if due:
                m, state = _draw_into_morning(state, m, seat, due, rng)
        if check:
            check(state, m)
    return state, m


def _draw_into_morning(state: GameState, m: Morning, seat: int, k: int,
                       rng: random.Random) -> tuple[Morning, GameState]:
    """Draw k cards into a seat's hand held by the morning."""
    player = state.player_at(seat)
    probe = replace(state, players=_set(state.players, player, replace(state.players[player], hand=())))
    probe = draw(probe, player, k, rng)
    got = probe.players[player].hand
    # Drawn cards join the cards the morning holds, so its conservation check still balances.
    m = replace(m, hands=_set(m.hands, seat, m.hands[seat] + got), dealt=tuple(sorted(m.dealt + got)))
    state = replace(state, deck=probe.deck, discard=probe.discard)
    return m, state


def _close_morning(state: GameState, m: Morning) -> tuple[GameState, tuple[int, ...], bool]:
    """Write hands back, move played cards to tables or the discard pile; return departed seats."""
    end = end_morning(m)
    players = list(state.players)
    for seat in range(state.n):
        i = state.player_at(seat)
        players[i] = replace(players[i], hand=m.hands[seat], table=players[i].table + end.stays[seat])
    state = replace(state, players=tuple(players), discard=state.discard + end.discard)
    return state, end.standing.departed, end.standing.departs


def simulate_day(state: GameState, rng: random.Random, policy: Policy = random_action,
                 max_mornings: int = 6, check: Check | None = None) -> tuple[GameState, DayReport]:
    """One day: mornings until a departure (failures pass the captain to 上家), dusk, night."""
    mornings, actions, departed, path = 0, 0, (), None
    while mornings < max_mornings:
        mornings += 1
        path = rng.choice(state.paths)
        state, m = _run_morning(state, path, rng, policy, check)
        actions += len(m.plays)
        state, departed, ok = _close_morning(state, m)
        if check:
            check(state, None)
        if ok:
            break
        departed = ()
        for seat in range(state.n):
            state = draw(state, state.player_at(seat), 2, rng)
        state = replace(state, captain=state.player_at(captain_after_failure(state.n)))
        if check:
            check(state, None)
    if departed:
        state = _dusk(state, departed, rng)
        if check:
            check(state, None)
    state = _night(state, rng)
    if check:
        check(state, None)
    finished = not state.memory_deck
    state = replace(state, day=state.day + 1, finished=finished)
    return state, DayReport(mornings, departed, path.name if path else "", actions, finished)


def _dusk(state: GameState, departed: tuple[int, ...], rng: random.Random) -> GameState:
    """Reward draft among the qualifiers (one card at a time), others draw 2, captain hand-over."""
    reward = rng.choice(state.rewards)
    mem_left, card_left = reward.memories, reward.cards
    order = [state.player_at(s) for s in departed]
    i = 0
    while (mem_left and state.memory_deck) or (card_left and (state.deck or state.discard)):
        player = order[i % len(order)]
        i += 1
        take_memory = mem_left and state.memory_deck and (
            not card_left or not (state.deck or state.discard) or rng.random() < 0.5)
        if take_memory:
            p = state.players[player]
            state = replace(state, memory_deck=state.memory_deck[1:], players=_set(
                state.players, player, replace(p, memories=p.memories + state.memory_deck[:1])))
            mem_left -= 1
        else:
            state = draw(state, player, 1, rng)
            card_left -= 1
    for seat in range(state.n):
        if seat not in departed:
            state = draw(state, state.player_at(seat), 2, rng)
    new_seat = captain_after_departure(state.n, set(departed))
    return replace(state, captain=state.player_at(new_seat))


def _night(state: GameState, rng: random.Random) -> GameState:
    """Random free trades (hand stays hand, table stays table), then the hand limit of 7."""
    players = list(state.players)
    for _ in range(rng.randint(0, 3)):
        a, b = rng.sample(range(state.n), 2)
        zone = rng.choice(("hand", "table", "memories"))
        src = list(getattr(players[a], zone))
        if src:
            card = src.pop(rng.randrange(len(src)))
            players[a] = replace(players[a], **{zone: tuple(src)})
            players[b] = replace(players[b], **{zone: getattr(players[b], zone) + (card,)})
    discard = list(state.discard)
    for i, p in enumerate(players):
        if len(p.hand) > 7:
            hand = list(p.hand)
            rng.shuffle(hand)
            discard += hand[7:]
            players[i] = replace(p, hand=tuple(hand[:7]))
    return replace(state, players=tuple(players), discard=tuple(discard))


def priority_of_players(state: GameState) -> list[int]:
    """Each absolute player's priority today."""
    return [priority(state.seat_of(i), state.n) for i in range(state.n)]
