"""Onirim solo game model: zones, state, legal actions and apply, with all three expansions.

Randomness only enters through shuffles, each drawn from a random.Random seeded by the state's
seed and a shuffle counter, so apply(state, action) is a pure function.
"""
from __future__ import annotations

import enum
import itertools
import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Iterable, Literal, Sequence, Union

from ..game import IllegalAction, ModelFunctions, Outcome
from .cards import (BASE_DECK, CARDS, COLOURS, GOAL_CARDS, HAPPY_DREAM_CARDS, PREMONITION_CARDS, SPELLS,
                    SPELLS_CARD, TOWERS, Card, spell_cost, tower_edges)

HAND_SIZE = 5
DOORS_TO_WIN = 8
ALIGNMENT_LENGTH = 4
PROPHECY_CARDS = 5
HAPPY_DREAM_REVEAL = 7
PARADOX_CARDS = 5
NIGHTMARE_REVEAL = 5


# ---------------------------------------------------------------- pure rule helpers (used by rules.py)

def edge_clash(left: Card, right: Card) -> frozenset[str]:
    """Symbols shared by the touching edges of two neighbouring Towers (empty means they may touch)."""
    return tower_edges(left)[1] & tower_edges(right)[0]


def tower_row_legal(row: Sequence[Card]) -> bool:
    """Whether no two neighbouring Towers in a row touch with a shared symbol."""
    return all(not edge_clash(a, b) for a, b in zip(row, row[1:]))


def placement_edges(row: Sequence[Card], tower: Card, side: str) -> tuple[Card, Card] | None:
    """The (left, right) pair that would touch if `tower` is added on `side`; None for an empty row."""
    if not row:
        return None
    return (tower, row[0]) if side == "left" else (row[-1], tower)


def can_place_tower(row: Sequence[Card], tower: Card, side: str) -> bool:
    """Whether a Tower may be added at one end of the row."""
    pair = placement_edges(row, tower, side)
    return pair is None or not edge_clash(*pair)


def removable_towers(row: Sequence[Card]) -> list[int]:
    """Positions of Towers whose removal leaves a legal row (ends always; inner ones if neighbours may touch)."""
    return [i for i in range(len(row)) if tower_row_legal(list(row[:i]) + list(row[i + 1:]))]


def alignment_start(row: Sequence[Card]) -> int | None:
    """Start of the first run of four adjacent Towers of four different colours, or None."""
    for i in range(len(row) - ALIGNMENT_LENGTH + 1):
        if len({c.colour for c in row[i:i + ALIGNMENT_LENGTH]}) == ALIGNMENT_LENGTH:
            return i
    return None


def labyrinth_legal(row: Sequence[Card]) -> bool:
    """Whether no two neighbouring Labyrinth cards show the same symbol."""
    return all(a.symbol != b.symbol for a, b in zip(row, row[1:]))


def premonition_holds(number: int, door_colours: Sequence[str]) -> bool:
    """Whether a Premonition's trigger condition holds for the Doors in play."""
    counts = Counter(door_colours)
    if number == 1:
        return counts["red"] >= 2
    if number == 2:
        return counts["green"] >= 2
    if number == 3:
        return counts["blue"] >= 2
    if number == 4:
        return counts["brown"] >= 2
    if number == 5:
        return any(n >= 2 for n in counts.values())
    if number == 6:
        return len(door_colours) >= 5
    if number == 7:
        return all(counts[c] >= 1 for c in COLOURS)
    if number == 8:
        return len(door_colours) >= 3
    raise ValueError(f"expected a Premonition number 1..8, found {number!r}")


def first_open_goal(goal_colours: Sequence[str], reached: Sequence[bool]) -> int | None:
    """Position of the first Goal in the row without a Door, or None when all are reached."""
    for i, done in enumerate(reached):
        if not done:
            return i
    return None


def door_fits_goal(open_goal_colour: str | None, door_colour: str) -> bool:
    """Whether a Door obtained now may be kept under the Book (it must match the first open Goal)."""
    return open_goal_colour == door_colour


# ---------------------------------------------------------------- options, state, actions

@dataclass(frozen=True)
class Options:
    """Which expansions and variants a game uses."""

    towers: bool = False
    book: bool = False
    premonitions: bool = False
    alignment_power: bool = True
    spells: Literal["none", "cheap", "expensive"] = "cheap"
    lost_tower_to: Literal["limbo", "discard"] = "limbo"
    face_up_premonitions: int = 4
    # A triggered Premonition whose condition no longer holds when its turn comes (an earlier penalty sent a
    # Door back) is skipped, so the player's order matters (rules notes); False: all are carried out anyway.
    premonition_recheck: bool = True
    door_rule: Literal["differ", "all_three"] = "differ"


@dataclass(frozen=True)
class PendingDoor:
    """A drawn Door that may be taken by discarding a Key of its colour."""

    door: int


@dataclass(frozen=True)
class PendingNightmare:
    """A drawn Nightmare waiting to be resolved."""

    nightmare: int


@dataclass(frozen=True)
class PendingHappyDream:
    """A drawn Happy Dream whose one choice is waiting."""

    card: int


@dataclass(frozen=True)
class PendingArrange:
    """The top `count` deck cards are being looked at: discard some, put the rest back in any order."""

    count: int
    discard_exactly: int | None  # None: any number may be discarded
    source: str


@dataclass(frozen=True)
class PendingBottom:
    """Paradoxical Prophecy: one of the bottom `count` deck cards goes on top."""

    count: int


@dataclass(frozen=True)
class PendingPremonitions:
    """Triggered Premonitions the player resolves one at a time, in an order of their choice."""

    numbers: tuple[int, ...]


Pending = Union[PendingDoor, PendingNightmare, PendingHappyDream, PendingArrange, PendingBottom,
                PendingPremonitions]


@dataclass(frozen=True)
class State:
    """A full game position; card fields hold indices into cards.CARDS, deck[0] is the top."""

    options: Options
    seed: int
    shuffles: int = 0
    deck: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    labyrinth: tuple[int, ...] = ()
    run_start: int = 0  # first Labyrinth position that may still count towards a Door
    doors: tuple[int, ...] = ()  # Doors in play, in the order obtained
    limbo: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    towers: tuple[int, ...] = ()  # Tower row, left to right
    removed: tuple[int, ...] = ()  # removed from the game to pay for spells
    goals: tuple[int, ...] = ()  # Goal cards in row order
    goal_doors: tuple[int | None, ...] = ()  # the Door on each Goal
    spells_card: tuple[int, ...] = ()
    premonitions_down: tuple[int, ...] = ()
    premonitions_up: tuple[int, ...] = ()
    premonitions_done: tuple[int, ...] = ()  # resolved or removed by a Happy Dream: out of the game
    drawn: int | None = None  # the drawn Door / Nightmare / Happy Dream being resolved
    pending: Pending | None = None
    # Choices set aside by a spell cast while they waited, innermost last; each resumes when the spell is done.
    suspended: tuple[Pending, ...] = ()
    phase: Literal["play", "draw", "over"] = "play"
    outcome: Outcome | None = None
    # What happened so far, oldest first; not part of the position (two paths to one state are equal).
    events: tuple[Event, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Play:
    """Play a Location to the Labyrinth, or a Tower to one end of the Tower row."""

    card: int
    side: Literal["left", "right"] | None = None


@dataclass(frozen=True)
class Discard:
    """Discard a card from hand (a Key prophesies, a Tower lets you reorder the top cards)."""

    card: int


@dataclass(frozen=True)
class Arrange:
    """Discard some of the cards being looked at; `order` puts the rest back on top, first = top."""

    discard: tuple[int, ...]
    order: tuple[int, ...]


@dataclass(frozen=True)
class TakeDoor:
    """Answer to a drawn Door: discard this Key to take it, or None to send the Door to Limbo."""

    key: int | None


@dataclass(frozen=True)
class ResolveNightmare:
    """Resolve a Nightmare: an effect and, with Towers, the Tower lost (None: Nightmare to Limbo)."""

    effect: Literal["key", "door", "reveal", "hand"]
    target: int | None = None
    lose_tower: int | None = None


@dataclass(frozen=True)
class HappyDream:
    """One Happy Dream choice: 1 remove a face-up Premonition, 2 reveal 7, 3 pick a card for the top."""

    option: Literal[1, 2, 3]
    target: int | None = None


@dataclass(frozen=True)
class ResolvePremonition:
    """Resolve one triggered Premonition; `targets` are the cards it asks the player to choose."""

    number: int
    targets: tuple[int, ...] = ()


@dataclass(frozen=True)
class CastSpell:
    """Cast a spell, paying by removing `pay` from the discard pile; `swap` for Parallel Planning."""

    spell: str
    pay: tuple[int, ...]
    swap: tuple[int, int] | None = None


@dataclass(frozen=True)
class PickToTop:
    """Paradoxical Prophecy: this card from the bottom of the deck goes on top."""

    card: int


Action = Union[Play, Discard, Arrange, TakeDoor, ResolveNightmare, HappyDream, ResolvePremonition,
               CastSpell, PickToTop]


__all__ = ["IllegalAction", "Outcome"]  # re-exported: callers catch the one shared type


class Termination(enum.Enum):
    """How a game of Onirim ends."""

    EIGHT_DOORS = "won: the eighth Door (and, with Towers, a complete Alignment)"
    DECK_EMPTY = "lost: the deck ran out"


class EventKind(enum.Enum):
    """What happened during an action, in the order it happened (for the terminal and the tests)."""

    PLAYED = "played"
    TOWER_PLACED = "tower placed"
    DISCARDED = "discarded"
    DOOR_OBTAINED = "door obtained"
    DOOR_OUT_OF_ORDER = "door out of goal order to limbo"
    NO_DOOR_LEFT = "no door of the colour left"
    DRAWN_TO_LIMBO = "drawn to limbo"
    DOOR_LOST = "door back to limbo"
    NIGHTMARE = "nightmare resolved"
    TOWER_LOST = "tower lost"
    NIGHTMARE_TO_LIMBO = "nightmare to limbo instead of a tower"
    HAPPY_DREAM = "happy dream"
    SPELL = "spell cast"
    PREMONITIONS_TRIGGERED = "premonitions triggered"
    PREMONITION_RESOLVED = "premonition resolved"
    PREMONITION_SKIPPED = "premonition skipped: its condition no longer holds"
    PREMONITIONS_REVEALED = "premonitions revealed"
    CARDS_DISCARDED = "cards discarded"
    LIMBO_SHUFFLED = "limbo shuffled into the deck"
    GAME_OVER = "game over"


@dataclass(frozen=True)
class Event:
    """One thing that happened: its kind, the cards involved, and a detail (side, effect, spell, count)."""

    kind: EventKind
    cards: tuple[int, ...] = ()
    detail: str | int | None = None


# ---------------------------------------------------------------- set-up

def _shuffled(state: State, cards: Iterable[int]) -> tuple[tuple[int, ...], State]:
    """Shuffle cards with the state's next seeded generator; returns the order and the advanced state."""
    order = list(cards)
    random.Random(f"{state.seed}:{state.shuffles}").shuffle(order)
    return tuple(order), replace(state, shuffles=state.shuffles + 1)


def game_cards(options: Options) -> tuple[int, ...]:
    """Every card a game with these options uses."""
    cards = list(BASE_DECK)
    if options.towers:
        cards += TOWERS
    if options.premonitions:
        cards += HAPPY_DREAM_CARDS + PREMONITION_CARDS
    if options.book:
        cards += GOAL_CARDS + (SPELLS_CARD,)
    return tuple(cards)


def new_game(options: Options, seed: int) -> State:
    """Shuffle and deal: hand of 5 Labyrinth cards, other draws to Limbo, then Limbo shuffled back."""
    state = State(options=options, seed=seed)
    deck = list(BASE_DECK)
    if options.towers:
        deck += TOWERS
    if options.premonitions:
        deck += HAPPY_DREAM_CARDS
    order, state = _shuffled(state, deck)
    state = replace(state, deck=order)
    if options.book:
        goals, state = _shuffled(state, GOAL_CARDS)
        # The Spells card lies on the table even when spells are not used (spells_side says so).
        state = replace(state, goals=goals, goal_doors=(None,) * len(goals), spells_card=(SPELLS_CARD,))
    if options.premonitions:
        prems, state = _shuffled(state, PREMONITION_CARDS)
        up = min(options.face_up_premonitions, len(prems))
        state = replace(state, premonitions_up=prems[:up], premonitions_down=prems[up:])
    deck, hand, limbo = list(state.deck), [], []
    while len(hand) < HAND_SIZE:
        card = deck.pop(0)
        (hand if CARDS[card].is_labyrinth else limbo).append(card)
    state = replace(state, deck=tuple(deck), hand=tuple(hand), limbo=tuple(limbo))
    return _shuffle_limbo(state)


# ---------------------------------------------------------------- queries

def card(index: int) -> Card:
    """The Card with this index."""
    return CARDS[index]


def door_colours(state: State) -> list[str]:
    """Colours of the Doors in play."""
    return [CARDS[d].colour for d in state.doors]  # type: ignore[misc]


def tower_row(state: State) -> list[Card]:
    """The Tower row as Cards."""
    return [CARDS[t] for t in state.towers]


def open_goal(state: State) -> int | None:
    """Position of the Goal to reach next (Book only)."""
    return first_open_goal([CARDS[g].colour for g in state.goals], [d is not None for d in state.goal_doors])


def open_goal_colour(state: State) -> str | None:
    """Colour of the Goal to reach next, or None without the Book / when all are reached."""
    pos = open_goal(state) if state.options.book else None
    return None if pos is None else CARDS[state.goals[pos]].colour


def alignment_complete(state: State) -> bool:
    """Whether the Tower row holds four adjacent Towers of four colours."""
    return alignment_start(tower_row(state)) is not None


def tower_penalty_applies(state: State) -> bool:
    """Whether a Nightmare now costs a Tower (or going to Limbo): Towers built and no powered Alignment."""
    if not state.options.towers or not state.towers:
        return False
    return not (state.options.alignment_power and alignment_complete(state))


def spells_side(state: State) -> str | None:
    """The side of the Spells card in use, or None when spells are not in the game."""
    if not state.options.book or state.options.spells == "none":
        return None
    return state.options.spells


def zones(state: State) -> dict[str, tuple[int, ...]]:
    """Every zone's cards by zone name (the drawn card being resolved is its own zone)."""
    return {
        "deck": state.deck, "hand": state.hand, "labyrinth": state.labyrinth, "doors": state.doors,
        "limbo": state.limbo, "discard": state.discard, "towers": state.towers, "removed": state.removed,
        "goals": state.goals, "spells": state.spells_card, "premonitions_down": state.premonitions_down,
        "premonitions_up": state.premonitions_up, "premonitions_done": state.premonitions_done,
        "drawn": () if state.drawn is None else (state.drawn,),
    }


# ---------------------------------------------------------------- legal actions

def _pay_choice(state: State, cost: int) -> tuple[int, ...]:
    """A canonical payment: the most recently discarded `cost` cards."""
    return state.discard[-cost:]


def spell_affordable(state: State, spell: str) -> bool:
    """Whether the discard pile holds enough cards to pay for a spell on the side in use."""
    side = spells_side(state)
    return side is not None and len(state.discard) >= spell_cost(spell, side)


def spells_wait(state: State) -> bool:
    """Whether a spell must wait: cards being looked at (a Prophecy, a Tower, a Happy Dream's seven, a spell) go
    back first; the text allows spells at any time (不限使用時機) but a spell cannot act on cards in the hand's
    view and the deck at once, so the engine finishes the look first (an assumption)."""
    return isinstance(state.pending, (PendingArrange, PendingBottom))


def _spell_actions(state: State) -> list[Action]:
    """Spells castable now: Paradoxical Prophecy and Parallel Planning at any time, Punishment on a Nightmare."""
    side = spells_side(state)
    if side is None or spells_wait(state):
        return []
    nightmare = isinstance(state.pending, PendingNightmare)
    out: list[Action] = []
    for spell in SPELLS:
        if not spell_affordable(state, spell):
            continue
        pay = _pay_choice(state, spell_cost(spell, side))
        if spell == "powerful_punishment":
            if nightmare:
                out.append(CastSpell(spell, pay))
        elif spell == "paradoxical_prophecy" and state.deck:
            out.append(CastSpell(spell, pay))
        elif spell == "parallel_planning":
            open_positions = [i for i, d in enumerate(state.goal_doors) if d is None]
            for i, j in itertools.combinations(open_positions, 2):
                if CARDS[state.goals[i]].colour != CARDS[state.goals[j]].colour:
                    out.append(CastSpell(spell, pay, (i, j)))
    return out


def _premonition_targets(state: State, number: int) -> list[tuple[int, ...]]:
    """The distinct choices a Premonition's penalty offers (one empty tuple when there is no choice)."""
    if number == 3:
        keys = [c for c in state.deck if CARDS[c].symbol == "key"]
        by_colour: dict[str, list[int]] = {}
        for k in keys:
            by_colour.setdefault(CARDS[k].colour, []).append(k)  # type: ignore[arg-type]
        # Keys of one colour are interchangeable: offer one choice per colour combination.
        choices = set()
        for a, b in itertools.combinations(keys, 2):
            ca, cb = sorted((CARDS[a].colour, CARDS[b].colour))  # type: ignore[type-var]
            if ca == cb:
                choices.add(tuple(by_colour[ca][:2]))
            else:
                choices.add((by_colour[ca][0], by_colour[cb][0]))
        if not choices:
            return [tuple(keys)]
        return sorted(choices)
    if number == 4:
        return [(d,) for d in state.doors] or [()]
    if number == 5:
        counts = Counter(door_colours(state))
        return [(d,) for d in state.doors if counts[CARDS[d].colour] >= 2] or [()]
    return [()]


def legal_actions(state: State) -> list[Action]:
    """Every legal action now (arrangements are listed with the current order; apply accepts any order)."""
    if state.phase == "over":
        return []
    p = state.pending
    if p is None:
        return _play_actions(state)
    if isinstance(p, PendingDoor):
        colour = CARDS[p.door].colour
        keys = [c for c in state.hand if CARDS[c].symbol == "key" and CARDS[c].colour == colour]
        return ([TakeDoor(keys[0]), TakeDoor(None)] if keys else [TakeDoor(None)]) + _spell_actions(state)
    if isinstance(p, PendingNightmare):
        return _nightmare_actions(state) + _spell_actions(state)
    if isinstance(p, PendingHappyDream):
        out: list[Action] = [HappyDream(1, c) for c in state.premonitions_up]
        if state.deck:
            out.append(HappyDream(2))
            out += [HappyDream(3, c) for c in state.deck]
        return (out or [HappyDream(2)]) + _spell_actions(state)
    if isinstance(p, PendingArrange):
        looked = state.deck[:p.count]
        if p.discard_exactly is None:
            subsets = itertools.chain.from_iterable(itertools.combinations(looked, k) for k in range(len(looked) + 1))
        else:
            subsets = itertools.combinations(looked, min(p.discard_exactly, len(looked)))
        return [Arrange(tuple(s), tuple(c for c in looked if c not in s)) for s in subsets]
    if isinstance(p, PendingBottom):
        return [PickToTop(c) for c in state.deck[-p.count:]]
    if isinstance(p, PendingPremonitions):
        return ([ResolvePremonition(n, t) for n in p.numbers for t in _premonition_targets(state, n)]
                + _spell_actions(state))
    raise AssertionError(f"unknown pending {p!r}")


def _play_actions(state: State) -> list[Action]:
    """Play phase: play or discard a hand card, or cast a spell."""
    out: list[Action] = []
    last = CARDS[state.labyrinth[-1]] if state.labyrinth else None
    row = tower_row(state)
    for c in state.hand:
        cd = CARDS[c]
        if cd.kind == "location" and (last is None or last.symbol != cd.symbol):
            out.append(Play(c))
        elif cd.kind == "tower":
            for side in ("left", "right"):
                if can_place_tower(row, cd, side) and not (side == "right" and not row):
                    out.append(Play(c, side))  # type: ignore[arg-type]
        out.append(Discard(c))
    return out + _spell_actions(state)


def _nightmare_actions(state: State) -> list[Action]:
    """Every way to resolve the drawn Nightmare, combined with the Tower penalty choice."""
    effects: list[tuple[str, int | None]] = []
    effects += [("key", c) for c in state.hand if CARDS[c].symbol == "key"]
    effects += [("door", d) for d in state.doors]
    effects += [("reveal", None), ("hand", None)]
    towers: list[int | None] = [None]
    if tower_penalty_applies(state):
        towers += [state.towers[i] for i in removable_towers(tower_row(state))]
    return [ResolveNightmare(e, t, lt) for e, t in effects for lt in towers]  # type: ignore[arg-type]


def random_legal_action(state: State, rng: random.Random) -> Action:
    """A uniformly chosen legal action, with a random order for arrangements (for random play)."""
    action = rng.choice(legal_actions(state))
    if isinstance(action, Arrange) and len(action.order) > 1:
        order = list(action.order)
        rng.shuffle(order)
        action = Arrange(action.discard, tuple(order))
    return action


# ---------------------------------------------------------------- apply

def apply(state: State, action: Action) -> State:
    """The state after a legal action (IllegalAction otherwise); automatic steps run until a choice."""
    if state.phase == "over":
        raise IllegalAction("the game is over")
    p = state.pending
    if isinstance(action, CastSpell):
        return _advance(_resume(_cast(state, action)))
    if p is None:
        if isinstance(action, Play):
            return _advance(_play(state, action))
        if isinstance(action, Discard):
            return _advance(_discard(state, action))
        raise IllegalAction(f"{type(action).__name__} is not a play-phase action")
    handlers = {PendingDoor: (TakeDoor, _take_door), PendingNightmare: (ResolveNightmare, _nightmare),
                PendingHappyDream: (HappyDream, _happy_dream), PendingArrange: (Arrange, _arrange),
                PendingBottom: (PickToTop, _pick_to_top), PendingPremonitions: (ResolvePremonition, _premonition)}
    expected, handler = handlers[type(p)]
    if not isinstance(action, expected):
        raise IllegalAction(f"waiting for {expected.__name__}, got {type(action).__name__}")
    return _advance(_resume(handler(state, action)))


def _resume(state: State) -> State:
    """Once no choice waits, the choice a spell set aside comes back (the game goes on where it was)."""
    if state.pending is not None or not state.suspended or state.phase == "over":
        return state
    return replace(state, pending=state.suspended[-1], suspended=state.suspended[:-1])


def _without(cards: tuple[int, ...], *gone: int) -> tuple[int, ...]:
    """The cards minus the given ones."""
    return tuple(c for c in cards if c not in gone)


def _note(state: State, kind: EventKind, *cards: int, detail: str | int | None = None) -> State:
    """Record what just happened."""
    return replace(state, events=state.events + (Event(kind, cards, detail),))


def _play(state: State, action: Play) -> State:
    """Play a hand card to the Labyrinth or the Tower row."""
    if action.card not in state.hand:
        raise IllegalAction(f"{CARDS[action.card].name} is not in hand")
    cd = CARDS[action.card]
    hand = _without(state.hand, action.card)
    if cd.kind == "tower":
        side = action.side or "right"
        if not can_place_tower(tower_row(state), cd, side):
            raise IllegalAction(f"{cd.name} may not go on the {side}: touching edges share a symbol")
        towers = (action.card,) + state.towers if side == "left" else state.towers + (action.card,)
        state = _note(replace(state, hand=hand, towers=towers, phase="draw"), EventKind.TOWER_PLACED, action.card,
                      detail=side)
        return _check_win(state)
    if cd.kind != "location":
        raise IllegalAction(f"{cd.name} cannot be played")
    if state.labyrinth and CARDS[state.labyrinth[-1]].symbol == cd.symbol:
        raise IllegalAction(f"{cd.name} may not follow another {cd.symbol}")
    state = _note(replace(state, hand=hand, labyrinth=state.labyrinth + (action.card,), phase="draw"),
                  EventKind.PLAYED, action.card)
    return _labyrinth_door(state)


def _labyrinth_door(state: State) -> State:
    """Three same-colour Labyrinth cards in a row (since the last such run) give a Door of that colour."""
    run = [CARDS[c] for c in state.labyrinth[state.run_start:]][-3:]
    if len(run) < 3 or len({c.colour for c in run}) != 1:
        return state
    if state.options.door_rule == "all_three" and {c.symbol for c in run} != {"sun", "moon", "key"}:
        return state
    state = replace(state, run_start=len(state.labyrinth))
    colour = run[0].colour
    door = next((c for c in state.deck if CARDS[c].kind == "door" and CARDS[c].colour == colour), None)
    if door is None:
        return _note(state, EventKind.NO_DOOR_LEFT, detail=colour)
    state = replace(state, deck=_without(state.deck, door))
    deck, state = _shuffled(state, state.deck)
    state = replace(state, deck=deck)
    return _obtain_door(state, door)


def _obtain_door(state: State, door: int) -> State:
    """A Door is obtained: kept (on its Goal with the Book) or to Limbo; then Premonitions are checked."""
    colour = CARDS[door].colour
    if state.options.book:
        pos = open_goal(state)
        if pos is None or not door_fits_goal(CARDS[state.goals[pos]].colour, colour):  # type: ignore[arg-type]
            return _note(replace(state, limbo=state.limbo + (door,)), EventKind.DOOR_OUT_OF_ORDER, door)
        gd = list(state.goal_doors)
        gd[pos] = door
        state = replace(state, goal_doors=tuple(gd))
    state = _note(replace(state, doors=state.doors + (door,)), EventKind.DOOR_OBTAINED, door)
    state = _check_win(state)
    if state.phase == "over":
        return state
    return _trigger_premonitions(state, state.premonitions_up)


def premonitions_holding(state: State, candidates: Iterable[int]) -> list[int]:
    """Numbers of the candidate Premonition cards whose condition holds for the Doors in play."""
    colours = door_colours(state)
    return [CARDS[c].number for c in candidates if premonition_holds(CARDS[c].number, colours)]  # type: ignore[misc]


def _trigger_premonitions(state: State, candidates: Iterable[int]) -> State:
    """Add every candidate face-up Premonition whose condition holds to the pending ones."""
    already = state.pending.numbers if isinstance(state.pending, PendingPremonitions) else ()
    fired = [n for n in premonitions_holding(state, candidates) if n not in already]
    if not fired and not already:
        return state
    if fired:
        state = _note(state, EventKind.PREMONITIONS_TRIGGERED, detail=",".join(map(str, fired)))
    return replace(state, pending=PendingPremonitions(tuple(already) + tuple(fired)))  # type: ignore[arg-type]


def _check_win(state: State) -> State:
    """Won on the 8th Door (with Towers, also a complete Alignment)."""
    if len(state.doors) >= DOORS_TO_WIN and (not state.options.towers or alignment_complete(state)):
        return _note(replace(state, phase="over", outcome=Outcome(Termination.EIGHT_DOORS, won=True), pending=None),
                     EventKind.GAME_OVER, detail=Termination.EIGHT_DOORS.value)
    return state


def _discard(state: State, action: Discard) -> State:
    """Discard a hand card; a Key starts a Prophecy, a Tower a look at the top cards."""
    if action.card not in state.hand:
        raise IllegalAction(f"{CARDS[action.card].name} is not in hand")
    cd = CARDS[action.card]
    state = _note(replace(state, hand=_without(state.hand, action.card), discard=state.discard + (action.card,),
                          phase="draw"), EventKind.DISCARDED, action.card)
    if cd.symbol == "key" and state.deck:
        return replace(state, pending=PendingArrange(min(PROPHECY_CARDS, len(state.deck)), 1, "prophecy"))
    if cd.kind == "tower" and state.deck:
        return replace(state, pending=PendingArrange(min(cd.number or 0, len(state.deck)), 0, "tower"))
    return state


def _arrange(state: State, action: Arrange) -> State:
    """Discard the chosen looked-at cards and put the rest back on top in the chosen order."""
    p = state.pending
    assert isinstance(p, PendingArrange)
    looked = state.deck[:p.count]
    if sorted(action.discard + action.order) != sorted(looked) or len(set(action.discard)) != len(action.discard):
        raise IllegalAction("discard and order must together be exactly the cards looked at")
    if p.discard_exactly is not None and len(action.discard) != min(p.discard_exactly, len(looked)):
        raise IllegalAction(f"discard exactly {p.discard_exactly} card(s)")
    return replace(state, deck=action.order + state.deck[p.count:], discard=state.discard + action.discard,
                   pending=None)


def _take_door(state: State, action: TakeDoor) -> State:
    """Take the drawn Door with a matching Key, or send it to Limbo."""
    p = state.pending
    assert isinstance(p, PendingDoor)
    state = replace(state, pending=None, drawn=None)
    if action.key is None:
        return replace(state, limbo=state.limbo + (p.door,))
    key = CARDS[action.key]
    if action.key not in state.hand or key.symbol != "key" or key.colour != CARDS[p.door].colour:
        raise IllegalAction("a Door is taken only with a Key of its colour from hand")
    state = replace(state, hand=_without(state.hand, action.key), discard=state.discard + (action.key,))
    return _obtain_door(state, p.door)


def lose_door(state: State, door: int) -> State:
    """A Door in play goes back to Limbo (its Goal becomes the next to reach again)."""
    if door not in state.doors:
        raise IllegalAction(f"{CARDS[door].name} is not in play")
    gd = tuple(None if d == door else d for d in state.goal_doors)
    return _note(replace(state, doors=_without(state.doors, door), goal_doors=gd, limbo=state.limbo + (door,)),
                 EventKind.DOOR_LOST, door)


def _nightmare(state: State, action: ResolveNightmare) -> State:
    """Apply a Nightmare effect, then the Tower penalty, then put the Nightmare away."""
    p = state.pending
    assert isinstance(p, PendingNightmare)
    penalty = tower_penalty_applies(state)
    if action.lose_tower is not None:
        if not penalty:
            raise IllegalAction("no Tower has to be lost now")
        row = tower_row(state)
        if action.lose_tower not in state.towers or state.towers.index(action.lose_tower) not in removable_towers(row):
            raise IllegalAction("that Tower cannot be removed: its neighbours would touch with a shared symbol")
    state = replace(state, pending=None, drawn=None)
    if action.effect == "key":
        if action.target not in state.hand or CARDS[action.target].symbol != "key":
            raise IllegalAction("discard a Key from hand")
        state = replace(state, hand=_without(state.hand, action.target), discard=state.discard + (action.target,))
    elif action.effect == "door":
        if action.target is None:
            raise IllegalAction("choose one of your Doors")
        state = lose_door(state, action.target)  # type: ignore[arg-type]
    elif action.effect == "reveal":
        top, rest = state.deck[:NIGHTMARE_REVEAL], state.deck[NIGHTMARE_REVEAL:]
        keep = tuple(c for c in top if CARDS[c].is_labyrinth)
        state = replace(state, deck=rest, discard=state.discard + keep,
                        limbo=state.limbo + tuple(c for c in top if c not in keep))
        state = _note(_note(state, EventKind.CARDS_DISCARDED, *keep),
                      EventKind.DRAWN_TO_LIMBO, *(c for c in top if c not in keep))
    elif action.effect == "hand":
        state = replace(state, discard=state.discard + state.hand, hand=())
        state = _draw_labyrinth_only(state, HAND_SIZE)
    to_limbo = False
    if penalty:
        if action.lose_tower is None:
            to_limbo = True
        else:
            where = "limbo" if state.options.lost_tower_to == "limbo" else "discard"
            state = replace(state, towers=_without(state.towers, action.lose_tower))
            state = replace(state, **{where: getattr(state, where) + (action.lose_tower,)})
    pile = "limbo" if to_limbo else "discard"
    effect_cards = (action.target,) if action.target is not None else ()
    state = _note(state, EventKind.NIGHTMARE, p.nightmare, *effect_cards, detail=action.effect)
    if action.lose_tower is not None:
        state = _note(state, EventKind.TOWER_LOST, action.lose_tower, detail=state.options.lost_tower_to)
    if to_limbo:
        state = _note(state, EventKind.NIGHTMARE_TO_LIMBO, p.nightmare)
    return replace(state, **{pile: getattr(state, pile) + (p.nightmare,)})


def _draw_labyrinth_only(state: State, count: int) -> State:
    """Draw until `count` Labyrinth cards are in hand; anything else goes to Limbo; empty deck loses."""
    deck, hand, limbo = list(state.deck), list(state.hand), list(state.limbo)
    while len(hand) < count:
        if not deck:
            return _lose(replace(state, deck=(), hand=tuple(hand), limbo=tuple(limbo)))
        c = deck.pop(0)
        (hand if CARDS[c].is_labyrinth else limbo).append(c)
    return replace(state, deck=tuple(deck), hand=tuple(hand), limbo=tuple(limbo))


def _lose(state: State) -> State:
    """The deck ran out: the game is lost."""
    return _note(replace(state, phase="over", outcome=Outcome(Termination.DECK_EMPTY, won=False), pending=None),
                 EventKind.GAME_OVER, detail=Termination.DECK_EMPTY.value)


def _happy_dream(state: State, action: HappyDream) -> State:
    """Resolve a Happy Dream choice; the Happy Dream itself then goes to the discard pile."""
    p = state.pending
    assert isinstance(p, PendingHappyDream)
    state = replace(state, pending=None, drawn=None, discard=state.discard + (p.card,))
    chosen = (action.target,) if action.target is not None else ()
    state = _note(state, EventKind.HAPPY_DREAM, p.card, *chosen, detail=action.option)
    if action.option == 1:
        if action.target not in state.premonitions_up:
            raise IllegalAction("choose a face-up Premonition")
        return replace(state, premonitions_up=_without(state.premonitions_up, action.target),
                       premonitions_done=state.premonitions_done + (action.target,))
    if action.option == 2:
        if not state.deck:
            return state
        return replace(state, pending=PendingArrange(min(HAPPY_DREAM_REVEAL, len(state.deck)), None, "happy dream"))
    if action.target not in state.deck:
        raise IllegalAction("choose a card in the deck")
    rest, state = _shuffled(state, _without(state.deck, action.target))
    return replace(state, deck=(action.target,) + rest)


def _pick_to_top(state: State, action: PickToTop) -> State:
    """Paradoxical Prophecy: move one of the bottom cards to the top."""
    p = state.pending
    assert isinstance(p, PendingBottom)
    if action.card not in state.deck[-p.count:]:
        raise IllegalAction("choose one of the bottom cards")
    return replace(state, deck=(action.card,) + _without(state.deck, action.card), pending=None)


def _cast(state: State, action: CastSpell) -> State:
    """Pay a spell by removing discard-pile cards from the game, then apply it."""
    side = spells_side(state)
    if side is None or action.spell not in SPELLS:
        raise IllegalAction("no such spell in this game")
    cost = spell_cost(action.spell, side)
    if len(action.pay) != cost or len(set(action.pay)) != cost or not set(action.pay) <= set(state.discard):
        raise IllegalAction(f"{action.spell} costs {cost} different cards from the discard pile")
    nightmare = isinstance(state.pending, PendingNightmare)
    if action.spell == "powerful_punishment" and not nightmare:
        raise IllegalAction("Powerful Punishment answers a just-drawn Nightmare")
    if spells_wait(state):
        raise IllegalAction("finish putting back the cards you are looking at first; then cast the spell")
    state = replace(state, discard=_without(state.discard, *action.pay), removed=state.removed + action.pay)
    state = _note(state, EventKind.SPELL, *action.pay, detail=action.spell)
    if action.spell == "powerful_punishment":
        p = state.pending
        assert isinstance(p, PendingNightmare)
        return replace(state, pending=None, drawn=None, discard=state.discard + (p.nightmare,))
    if action.spell == "paradoxical_prophecy":
        if not state.deck:
            raise IllegalAction("the deck is empty")
        waiting = (state.pending,) if state.pending is not None else ()
        return replace(state, pending=PendingBottom(min(PARADOX_CARDS, len(state.deck))),
                       suspended=state.suspended + waiting)
    if action.swap is None:
        raise IllegalAction("Parallel Planning needs two Goal positions to swap")
    i, j = action.swap
    if state.goal_doors[i] is not None or state.goal_doors[j] is not None:
        raise IllegalAction("only Goals not yet reached are swapped (the text sets no limit; a Door stays on "
                            "the Goal it reached, so the engine swaps open Goals only: an assumption)")
    goals = list(state.goals)
    goals[i], goals[j] = goals[j], goals[i]
    return replace(state, goals=tuple(goals))


def _premonition(state: State, action: ResolvePremonition) -> State:
    """Resolve one triggered Premonition and remove it from the game; reveals may trigger more."""
    p = state.pending
    assert isinstance(p, PendingPremonitions)
    if action.number not in p.numbers:
        raise IllegalAction(f"Premonition {action.number} is not triggered")
    prem = next(c for c in state.premonitions_up if CARDS[c].number == action.number)
    rest = tuple(n for n in p.numbers if n != action.number)
    state = replace(state, pending=PendingPremonitions(rest) if rest else None,
                    premonitions_up=_without(state.premonitions_up, prem),
                    premonitions_done=state.premonitions_done + (prem,))
    n = action.number
    if state.options.premonition_recheck and not premonition_holds(n, door_colours(state)):
        return _note(state, EventKind.PREMONITION_SKIPPED, prem, detail=n)
    state = _note(state, EventKind.PREMONITION_RESOLVED, prem, *action.targets, detail=n)
    if n == 1:
        reds = tuple(c for c in state.deck if CARDS[c].kind == "location" and CARDS[c].colour == "red")
        return _note(replace(state, deck=_without(state.deck, *reds), discard=state.discard + reds),
                     EventKind.CARDS_DISCARDED, *reds)
    if n == 2:
        nm = next((c for c in state.discard if CARDS[c].kind == "nightmare"), None)
        if nm is None:
            return state
        return _note(replace(state, discard=_without(state.discard, nm), limbo=state.limbo + (nm,)),
                     EventKind.DRAWN_TO_LIMBO, nm)
    if n == 3:
        keys = {c for c in state.deck if CARDS[c].symbol == "key"}
        chosen = set(action.targets)
        if len(chosen) != len(action.targets) or not chosen <= keys or len(chosen) != min(2, len(keys)):
            raise IllegalAction("choose two Keys in the deck (all of them if fewer are left)")
        return _note(replace(state, deck=_without(state.deck, *action.targets),
                             discard=state.discard + action.targets), EventKind.CARDS_DISCARDED, *action.targets)
    if n in (4, 5):
        if not action.targets:
            return state
        door = action.targets[0]
        if n == 5 and Counter(door_colours(state))[CARDS[door].colour] < 2:
            raise IllegalAction("choose a Door of a colour you hold two of")
        return lose_door(state, door)
    if n == 7:
        dreams = tuple(c for c in state.deck if CARDS[c].kind == "happy_dream")
        return _note(replace(state, deck=_without(state.deck, *dreams), discard=state.discard + dreams),
                     EventKind.CARDS_DISCARDED, *dreams)
    if n == 8:
        state = _note(replace(state, discard=state.discard + state.hand, hand=()), EventKind.CARDS_DISCARDED,
                      *state.hand)
    reveal = 2 if n == 6 else 1
    shown, down = state.premonitions_down[:reveal], state.premonitions_down[reveal:]
    state = replace(state, premonitions_up=state.premonitions_up + shown, premonitions_down=down)
    if shown:
        state = _note(state, EventKind.PREMONITIONS_REVEALED, *shown)
    return _trigger_premonitions(state, shown)


def _shuffle_limbo(state: State) -> State:
    """Shuffle Limbo back into the deck."""
    if not state.limbo:
        return state
    state = _note(state, EventKind.LIMBO_SHUFFLED, *state.limbo)
    deck, state = _shuffled(state, state.deck + state.limbo)
    return replace(state, deck=deck, limbo=())


def _advance(state: State) -> State:
    """Run automatic steps (refilling the hand, shuffling Limbo) until the player must choose."""
    if state.phase != "draw" or state.pending is not None:
        return state
    # Draw with local lists and build the next state once: replace() per card is the hot spot.
    deck, hand, limbo = list(state.deck), list(state.hand), list(state.limbo)
    drawn: int | None = None
    pending: Pending | None = None
    to_limbo: list[int] = []
    while len(hand) < HAND_SIZE and pending is None:
        if not deck:
            return _lose(replace(state, deck=(), hand=tuple(hand), limbo=tuple(limbo)))
        c = deck.pop(0)
        cd = CARDS[c]
        if cd.is_labyrinth:
            hand.append(c)
        elif cd.kind == "door":
            has_key = any(CARDS[k].symbol == "key" and CARDS[k].colour == cd.colour for k in hand)
            fits = not state.options.book or door_fits_goal(open_goal_colour(state), cd.colour)  # type: ignore[arg-type]
            if has_key and fits:
                drawn, pending = c, PendingDoor(c)
            else:
                limbo.append(c)
                to_limbo.append(c)
        elif cd.kind == "nightmare":
            drawn, pending = c, PendingNightmare(c)
        elif cd.kind == "happy_dream":
            drawn, pending = c, PendingHappyDream(c)
    state = replace(state, deck=tuple(deck), hand=tuple(hand), limbo=tuple(limbo), drawn=drawn, pending=pending)
    if to_limbo:
        state = _note(state, EventKind.DRAWN_TO_LIMBO, *to_limbo)
    if pending is None:
        state = replace(_shuffle_limbo(state), phase="play")
    return state


# ---------------------------------------------------------------- invariants

def check_invariants(state: State) -> list[str]:
    """Problems with a state: cards in no or several zones, illegal rows, Doors off their Goals."""
    problems = []
    placed = [c for cards in zones(state).values() for c in cards]
    seen = set(placed)
    expected = set(game_cards(state.options))
    if len(seen) != len(placed):
        dupes = [CARDS[c].name for c, n in Counter(placed).items() if n > 1]
        problems.append(f"cards in several zones: {dupes}")
    if seen != expected:
        problems.append(f"missing {[CARDS[c].name for c in expected - seen]}, "
                        f"extra {[CARDS[c].name for c in seen - expected]}")
    if not labyrinth_legal([CARDS[c] for c in state.labyrinth]):
        problems.append("Labyrinth row has two neighbours with the same symbol")
    if not tower_row_legal(tower_row(state)):
        problems.append("Tower row has touching edges with a shared symbol")
    if len(state.hand) > HAND_SIZE or not all(CARDS[c].is_labyrinth for c in state.hand):
        problems.append("hand holds more than 5 cards or a non-Labyrinth card")
    waiting = ((state.pending,) if state.pending is not None else ()) + state.suspended
    about_drawn = [w for w in waiting if isinstance(w, (PendingDoor, PendingNightmare, PendingHappyDream))]
    if state.drawn is not None and not about_drawn:
        problems.append(f"{CARDS[state.drawn].name} is drawn but no choice about it waits")
    if any(isinstance(w, (PendingArrange, PendingBottom)) for w in state.suspended):
        problems.append("a look at the deck was set aside by a spell")
    if state.options.book:
        on_goals = [d for d in state.goal_doors if d is not None]
        if sorted(on_goals) != sorted(state.doors):
            problems.append("Doors in play and Doors on Goals differ")
        for g, d in zip(state.goals, state.goal_doors):
            if d is not None and CARDS[g].colour != CARDS[d].colour:
                problems.append(f"{CARDS[d].name} sits on {CARDS[g].name}")
    return problems


# ---------------------------------------------------------------- the shared model shape

def random_game(seed: int) -> State:
    """A new game whose expansions and variants are drawn from `seed` (every combination occurs)."""
    rng = random.Random(seed)
    towers, book, premonitions = (rng.random() < 0.7 for _ in range(3))
    options = Options(towers=towers, book=book, premonitions=premonitions,
                      alignment_power=rng.random() < 0.5, spells=rng.choice(("none", "cheap", "expensive")),
                      lost_tower_to=rng.choice(("limbo", "discard")), face_up_premonitions=rng.randint(4, 6),
                      door_rule=rng.choice(("differ", "differ", "all_three")),
                      premonition_recheck=rng.random() < 0.7)
    state = new_game(options, seed)
    if rng.random() < 0.5:
        # Half the playthroughs start late in a game, so that the eighth Door is reached as well.
        state = _doors_already_in_play(state, rng.randint(4, 7), rng)
    return state


def outcome(state: State) -> Outcome | None:
    """Won on the eighth Door, lost when the deck runs out, None while the game goes on."""
    return state.outcome


def steered_action(state: State, rng: random.Random) -> Action:
    """A random legal action, steered towards the open Goal's colour so that some games are won.

    Uniform random play never wins Onirim; the steering lets playthroughs reach the eighth Door, the
    Premonitions and the Goal order as well as the empty deck.
    """
    if rng.random() < 0.2 or not isinstance(state.pending, (PendingDoor, PendingNightmare, type(None))):
        return random_legal_action(state, rng)
    actions = legal_actions(state)
    if isinstance(state.pending, PendingDoor):
        return actions[0]  # take the Door whenever a Key allows
    if isinstance(state.pending, PendingNightmare):
        # The cheapest answer first: a Key, then the top five cards, then the hand; a Door last.
        for effect in ("key", "reveal", "hand", "door"):
            fits = [a for a in actions if isinstance(a, ResolveNightmare) and a.effect == effect]
            if fits:
                return rng.choice(fits)
        return rng.choice(actions)
    target = open_goal_colour(state)
    if target is None and state.labyrinth:
        target = CARDS[state.labyrinth[-1]].colour  # without the Book: extend the current run
    plays = [a for a in actions if isinstance(a, Play)]
    good = [a for a in plays if CARDS[a.card].kind == "location" and CARDS[a.card].colour == target]
    towers = [a for a in plays if CARDS[a.card].kind == "tower"]
    spare = [a for a in actions if isinstance(a, Discard) and CARDS[a.card].colour != target]
    for choice in (good, towers, spare):
        if choice:
            return rng.choice(choice)
    return random_legal_action(state, rng)


def illegal_example(state: State) -> Action | None:
    """Playing a card that is not in hand (the top of the deck), or a play-phase action while a choice waits."""
    if state.pending is not None and state.hand:
        return Discard(state.hand[0])
    if state.pending is None and state.deck:
        return Play(state.deck[0])
    return None


def _doors_already_in_play(state: State, count: int, rng: random.Random) -> State:
    """The position after `count` Doors were obtained in Goal order; Premonitions they meet are already done."""
    if state.options.book:
        wanted = [CARDS[g].colour for g in state.goals[:count]]
    else:
        wanted = [CARDS[d].colour for d in rng.sample([c for c in state.deck if CARDS[c].kind == "door"], count)]
    doors: list[int] = []
    for colour in wanted:
        doors.append(next(c for c in state.deck if CARDS[c].kind == "door" and CARDS[c].colour == colour
                          and c not in doors))
    goal_doors = tuple(doors) + state.goal_doors[count:] if state.options.book else state.goal_doors
    state = replace(state, deck=_without(state.deck, *doors), doors=tuple(doors), goal_doors=goal_doors)
    met = [c for c in state.premonitions_up if premonition_holds(CARDS[c].number, door_colours(state))]  # type: ignore[arg-type]
    return replace(state, premonitions_up=_without(state.premonitions_up, *met),
                   premonitions_done=state.premonitions_done + tuple(met))


# Onirim as a GameModel: seeded games with the expansions and variants drawn from the seed.
MODEL = ModelFunctions("onirim", random_game, legal_actions, apply, outcome, steered_action, check_invariants,
                       illegal_example)
