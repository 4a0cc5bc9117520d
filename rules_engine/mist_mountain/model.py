"""Seats, priority, qualification and the morning adventure of 迷霧山城 as a pure game model.

A morning is a frozen `Morning`; `legal_actions` lists what the seat to act may do, `apply` returns the
next state with what happened recorded as structured `Event`s (the rules layer words them), and
`outcome` says how a finished morning ended: the team departs or the departure fails.
"""
from __future__ import annotations

import enum
import random
from collections import Counter
from dataclasses import dataclass, replace

from ..game import IllegalAction, ModelFunctions, Outcome
from . import cards as C

# Seats are numbered relative to the captain: 0 = 隊長, 1 = 下家1 (acts first), …, n-1 = 上家.
# Priority (順位): captain 1, then 上家 2, …, 下家1 last ("順位隊長最高，下家最低").

P = "mist-mountain/"
CITE_PRIORITY = P + "morning/priority"
CITE_PLAY = P + "morning/play-or-pass"
CITE_DEPART = P + "morning/departure"
CITE_FAIL = P + "morning/failure"
CITE_HANDOVER = P + "dusk/captain-handover"
CITE_PATHS = P + "cards/paths"
CITE_FOUR = P + "cards/paths-four-point-zero"
CITE_FOG = P + "hand/fog"
CITE_TOOLS = P + "hand/lighting-tools"
CITE_GOLD = P + "hand/gold-alley"
CITE_VILLAGER = {
    C.LAMP_MAKER: P + "villagers/lamp-maker", C.GOLD_WASHER: P + "villagers/gold-washer",
    C.MINER: P + "villagers/miner", C.ACTOR: P + "villagers/actor", C.ABBOT: P + "villagers/abbot",
    C.LOST_ONE: P + "villagers/lost-one", C.TEA_MASTER: P + "villagers/tea-master",
    C.OFFICER: P + "villagers/officer", C.PAINTER: P + "villagers/painter",
    C.RAILWAY: P + "villagers/railway-worker",
}
CITE_PATH_CARD = {C.SAKURA: P + "hand/path-sakura", C.BAMBOO: P + "hand/path-bamboo",
                  C.GRASS: P + "hand/path-grass"}
HAND_SIZE = 7  # cards dealt to each player at set-up


def priority(seat: int, players: int) -> int:
    """Priority (1 = best) of a seat: captain 1, 上家 2, …, 下家1 last."""
    return 1 if seat == 0 else players - seat + 1


def priorities(players: int) -> list[int]:
    """Priority of every seat, listed [captain, 下家1, …, 上家]."""
    return [priority(s, players) for s in range(players)]


def acting_order(players: int) -> list[int]:
    """Seats in the order they act: 下家1 first, the captain last."""
    return list(range(1, players)) + [0]


def seat_label(seat: int, players: int) -> str:
    """Readable zh-TW name of a seat."""
    if seat == 0:
        return "隊長"
    if seat == players - 1:
        return f"下家{seat}（上家）"
    return f"下家{seat}"


def qualify(contributions: list[int] | tuple[int, ...]) -> list[int]:
    """The three qualifiers: highest contribution first, ties to the better priority."""
    n = len(contributions)
    ranked = sorted(range(n), key=lambda s: (-contributions[s], priority(s, n)))
    return ranked[:3]


def captain_after_departure(players: int, departed: set[int] | frozenset[int]) -> int:
    """New captain seat after a departure: first seat towards 上家 that did not go, captain last."""
    # Checking the captain last is what lets a 4-player captain keep the card (captain-handover).
    for seat in list(range(players - 1, 0, -1)) + [0]:
        if seat not in departed:
            return seat
    return 0


def captain_after_failure(players: int) -> int:
    """New captain seat after a failed morning: the 上家."""
    return players - 1


IN, FOGGED, TAKEN = "in", "fogged", "taken"


@dataclass(frozen=True)
class Play:
    """A card played this morning: whose play it counts as, who acted, and what became of it."""

    owner: int
    by: int
    card: str
    status: str = IN
    target: int | None = None


@dataclass(frozen=True)
class Act:
    """One morning action: a seat plays a card (with targets) or passes."""

    seat: int
    card: str
    target: int | None = None
    target_card: str | None = None
    sub_target: int | None = None
    sub_card: str | None = None


class Kind(enum.Enum):
    """What happened in a morning, one kind per consequence the rules layer words."""

    PASS = "a seat passes on its turn"
    ALREADY_PASSED = "a pass called for a seat that had already passed"
    LOST_ONE_DRAW = "a seat passes with a Lost One in play and draws"
    TOOL = "a lighting tool is played"
    DOUBLER = "a doubling villager is played"
    RAILWAY = "the Railway Worker is played"
    PATH_CARD = "a path card is played"
    GOLD = "a Gold Mine Alley is played"
    ABBOT = "the Abbot is played"
    LOST_ONE = "the Lost One is played"
    OFFICER = "the Officer is played"
    FOG_NOT_RAILWAY = "Thick Fog aimed at the Railway Worker"
    FOG_NOT_TOOL = "Thick Fog aimed at a card that is not a lighting tool"
    FOG_NOT_IN_PLAY = "Thick Fog aimed at a tool not in play"
    FOG_DOUBLED = "Thick Fog aimed at a doubled tool"
    FOG_DISCARDS = "Thick Fog discards a tool"
    TEA_NO_TARGET = "the Tea Master names no other player"
    TEA_CANNOT_TAKE = "the Tea Master aims at a card not in play"
    TEA_TAKES = "the Tea Master takes a card"
    TAKEN_OFFICER = "a taken Officer cancels the fourth place"
    TAKEN_LOST_ONE = "a taken Lost One"
    TAKEN_DOUBLER = "a taken doubler keeps its doubling"
    TAKEN_ACTOR = "a taken Actor leaves its play standing"
    TAKEN_PAINTER = "a taken Painter leaves its pass standing"
    TAKEN_SCORING = "a taken scoring card leaves play"
    PAINTER_NO_TARGET = "the Painter names no player"
    PAINTER_PASS = "the Painter calls pass for a seat"
    ACTOR_NO_TARGET = "the Actor names no other player"
    ACTOR_NO_CARD = "the Actor names no card it can play"
    ACTOR_NOT_IN_HAND = "the Actor names a card not in that hand"
    ACTOR_PLAYS = "the Actor plays a card from another hand"


@dataclass(frozen=True)
class Event:
    """One consequence of an action: its kind, the seats and cards involved, points, and the passages.

    `seat` is whose card or turn it is; `by` the seat whose action caused it; `target`/`target_card` what
    the card aimed at; `other_card` the villager behind a doubling; `holds` whether the rule step took
    effect (None: a plain fact)."""

    kind: Kind
    seat: int
    cites: tuple[str, ...]
    holds: bool | None = None
    card: str | None = None
    target: int | None = None
    target_card: str | None = None
    other_card: str | None = None
    points: int | None = None
    count: int = 0
    doubled: bool = False
    fogged: bool = False
    target_passed: bool = False
    by: int | None = None


class Termination(enum.Enum):
    """How a morning ends once every player has passed."""

    DEPARTED = "the team departs"
    FAILED = "the departure fails"


@dataclass(frozen=True)
class Morning:
    """State of one morning adventure; hands are tracked only when given (simulation).

    `captain` is the absolute player at seat 0 (seats are counted from the captain); `dealt` is every
    hand card held at the start when hands are tracked, so card conservation can be checked."""

    players: int
    path: C.PathCard
    literal_four: bool = False
    plays: tuple[Play, ...] = ()
    passed: tuple[bool, ...] = ()
    turn: int = 1
    draws: tuple[int, ...] = ()
    hands: tuple[tuple[str, ...], ...] | None = None
    events: tuple[Event, ...] = ()
    captain: int = 0
    dealt: tuple[str, ...] | None = None

    @property
    def finished(self) -> bool:
        """True once every player has passed."""
        return all(self.passed)


def start_morning(players: int, path: C.PathCard, literal_four: bool = False,
                  hands: tuple[tuple[str, ...], ...] | None = None, captain: int = 0) -> Morning:
    """A fresh morning: nobody has played, 下家1 acts first."""
    dealt = None if hands is None else tuple(sorted(c for hand in hands for c in hand))
    return Morning(players=players, path=path, literal_four=literal_four, passed=(False,) * players,
                   turn=1 % players, draws=(0,) * players, hands=hands, captain=captain, dealt=dealt)


def _next_turn(passed: tuple[bool, ...], after: int) -> int:
    """Next seat after `after` in acting order that has not passed; -1 when all passed."""
    n = len(passed)
    for step in range(1, n + 1):
        seat = (after + step) % n
        if not passed[seat]:
            return seat
    return -1


def four_counts_zero(m: Morning, tool: str) -> bool:
    """Whether the literal 4→0 reading zeroes this tool on today's path."""
    return m.literal_four and m.path.tool_value(tool) == 4 and m.path.requirement > 8


def tool_points(m: Morning, tool: str) -> int:
    """Value of a lighting tool on today's path, with the literal 4→0 reading if chosen."""
    return 0 if four_counts_zero(m, tool) else m.path.tool_value(tool)


def is_doubled(m: Morning, owner: int, tool: str) -> bool:
    """True when the owner played today the villager that doubles this tool (even if later taken)."""
    return any(p.owner == owner and C.DOUBLES.get(p.card) == tool for p in m.plays)


def play_points(m: Morning, play: Play) -> int:
    """Contribution of one played card while it is still in play."""
    if play.status != IN:
        return 0
    if play.card in C.TOOLS:
        pts = tool_points(m, play.card)
        return pts * 2 if is_doubled(m, play.owner, play.card) else pts
    if play.card == C.RAILWAY:
        return C.RAILWAY_POINTS
    if play.card in C.PATH_CARDS:
        return 1 if play.card == m.path.name else 0
    return 0


def contributions(m: Morning) -> list[int]:
    """Each seat's contribution, listed [captain, 下家1, …]."""
    out = [0] * m.players
    for play in m.plays:
        out[play.owner] += play_points(m, play)
    return out


def officer_seat(m: Morning) -> int | None:
    """Seat made fourth qualifier by a 警官 still in play (the first one, if several)."""
    for play in m.plays:
        if play.card == C.OFFICER and play.status == IN:
            return play.owner
    return None


@dataclass(frozen=True)
class Standing:
    """Qualification as it stands: contributions, qualifiers, total, officer, departure."""

    contributions: tuple[int, ...]
    qualified: tuple[int, ...]
    total: int
    requirement: int
    officer: int | None

    @property
    def departs(self) -> bool:
        """Meets-or-exceeds (the text says exceed; its single-contributor example departs at exactly 12)."""
        return self.total >= self.requirement

    @property
    def departed(self) -> tuple[int, ...]:
        """Qualifiers in order, with the officer's fourth place appended when it applies."""
        if self.officer is None or not self.departs:
            return self.qualified
        return self.qualified + (self.officer,)


def standing(m: Morning) -> Standing:
    """Current qualification of a morning."""
    contribs = contributions(m)
    q = qualify(contribs)
    return Standing(tuple(contribs), tuple(q), sum(contribs[s] for s in q), m.path.requirement,
                    officer_seat(m))


def _set(t: tuple, i: int, v) -> tuple:
    """Copy of a tuple with item i replaced."""
    return t[:i] + (v,) + t[i + 1:]


def _note(m: Morning, *events: Event) -> Morning:
    """The morning with these events recorded."""
    return replace(m, events=m.events + events)


def _pass(m: Morning, seat: int) -> Morning:
    """Mark a seat passed; an in-play 迷途者 of that seat draws three at once."""
    if m.passed[seat]:
        return _note(m, Event(Kind.ALREADY_PASSED, seat, (CITE_PLAY,), False))
    m = replace(m, passed=_set(m.passed, seat, True))
    lost = sum(1 for p in m.plays if p.owner == seat and p.card == C.LOST_ONE and p.status == IN)
    if lost:
        m = replace(m, draws=_set(m.draws, seat, m.draws[seat] + 3 * lost))
        m = _note(m, Event(Kind.LOST_ONE_DRAW, seat, (CITE_VILLAGER[C.LOST_ONE],), True, count=3 * lost))
    return m


def _take_from_hand(m: Morning, seat: int, card: str) -> Morning:
    """Remove a played card from a tracked hand."""
    if m.hands is None:
        return m
    hand = list(m.hands[seat])
    if card not in hand:
        raise IllegalAction(f"seat {seat} has no {card} in hand")
    hand.remove(card)
    return replace(m, hands=_set(m.hands, seat, tuple(hand)))


def _find_play(m: Morning, owner: int | None, card: str | None) -> int | None:
    """Index of the latest in-play card of that owner and name."""
    for i in range(len(m.plays) - 1, -1, -1):
        p = m.plays[i]
        if p.owner == owner and p.card == card and p.status == IN:
            return i
    return None


# Cards whose playing is only recorded (no points, no target): kind of the event for each.
_PLAIN = {C.GOLD: Kind.GOLD, C.ABBOT: Kind.ABBOT, C.LOST_ONE: Kind.LOST_ONE, C.OFFICER: Kind.OFFICER}


def resolve_play(m: Morning, owner: int, by: int, card: str, target: int | None,
                 target_card: str | None, sub_target: int | None, sub_card: str | None) -> Morning:
    """Put a card into play for `owner` (played by `by`) and carry out its effect."""
    m = replace(m, plays=m.plays + (Play(owner=owner, by=by, card=card, target=target),))
    me = m.plays[-1]
    if card in C.TOOLS:
        cites = (CITE_PATHS, CITE_TOOLS) + ((CITE_FOUR,) if four_counts_zero(m, card) else ())
        return _note(m, Event(Kind.TOOL, owner, cites, True, card=card, points=play_points(m, me),
                              doubled=is_doubled(m, owner, card)))
    if card in C.DOUBLES:
        return _note(m, Event(Kind.DOUBLER, owner, (CITE_VILLAGER[card],), True, card=card,
                              target_card=C.DOUBLES[card]))
    if card == C.RAILWAY:
        return _note(m, Event(Kind.RAILWAY, owner, (CITE_VILLAGER[card],), True, card=card,
                              points=C.RAILWAY_POINTS))
    if card in C.PATH_CARDS:
        pts = play_points(m, me)
        return _note(m, Event(Kind.PATH_CARD, owner, (CITE_PATH_CARD[card],), pts == 1, card=card, points=pts))
    if card in _PLAIN:
        cite = CITE_GOLD if card == C.GOLD else CITE_VILLAGER[card]
        return _note(m, Event(_PLAIN[card], owner, (cite,), None, card=card))
    if card == C.FOG:
        return fog_effect(m, owner, target, target_card)
    if card == C.TEA_MASTER:
        return tea_effect(m, owner, target, target_card)
    if card == C.PAINTER:
        cite = (CITE_VILLAGER[card],)
        if target is None or not 0 <= target < m.players:
            return _note(m, Event(Kind.PAINTER_NO_TARGET, owner, cite, False, card=card))
        m = _note(m, Event(Kind.PAINTER_PASS, owner, cite, not m.passed[target], card=card, target=target))
        return _pass(m, target)
    if card == C.ACTOR:
        return actor_effect(m, owner, target, target_card, sub_target, sub_card)
    return m


def fog_effect(m: Morning, owner: int, target: int | None, target_card: str | None) -> Morning:
    """濃霧時刻: discard one lighting tool in play, unless doubled; never 鐵路工."""
    def event(kind: Kind, holds: bool, *cites: str, other: str | None = None) -> Event:
        """An event of this fog aimed at `target_card` of `target`."""
        return Event(kind, owner, cites, holds, card=C.FOG, target=target, target_card=target_card,
                     other_card=other)

    if target_card == C.RAILWAY:
        return _note(m, event(Kind.FOG_NOT_RAILWAY, False, CITE_FOG, CITE_VILLAGER[C.RAILWAY]))
    if target_card not in C.TOOLS:
        return _note(m, event(Kind.FOG_NOT_TOOL, False, CITE_FOG))
    idx = _find_play(m, target, target_card)
    if idx is None:
        return _note(m, event(Kind.FOG_NOT_IN_PLAY, False, CITE_FOG))
    if is_doubled(m, target, target_card):  # type: ignore[arg-type]
        doubler = next(k for k, v in C.DOUBLES.items() if v == target_card)
        return _note(m, event(Kind.FOG_DOUBLED, False, CITE_FOG, CITE_VILLAGER[doubler], other=doubler))
    m = replace(m, plays=_set(m.plays, idx, replace(m.plays[idx], status=FOGGED)))
    return _note(m, event(Kind.FOG_DISCARDS, True, CITE_FOG))


def tea_effect(m: Morning, owner: int, target: int | None, target_card: str | None) -> Morning:
    """品茶師: take another player's card played today (not a fogged one) into the hand."""
    cite = CITE_VILLAGER[C.TEA_MASTER]
    if target is None or target == owner:
        return _note(m, Event(Kind.TEA_NO_TARGET, owner, (cite,), False, card=C.TEA_MASTER))
    idx = _find_play(m, target, target_card)
    if idx is None:
        fogged = any(p.owner == target and p.card == target_card and p.status == FOGGED for p in m.plays)
        return _note(m, Event(Kind.TEA_CANNOT_TAKE, owner, (cite, CITE_FOG) if fogged else (cite,), False,
                              card=C.TEA_MASTER, target=target, target_card=target_card, fogged=fogged))
    m = replace(m, plays=_set(m.plays, idx, replace(m.plays[idx], status=TAKEN)))
    if m.hands is not None:
        m = replace(m, hands=_set(m.hands, owner, m.hands[owner] + (target_card,)))
    m = _note(m, Event(Kind.TEA_TAKES, owner, (cite,), True, card=C.TEA_MASTER, target=target,
                       target_card=target_card))
    after = dict(seat=owner, holds=True, card=C.TEA_MASTER, target=target, target_card=target_card)
    if target_card == C.OFFICER:
        return _note(m, Event(Kind.TAKEN_OFFICER, cites=(CITE_VILLAGER[C.OFFICER],), **after))
    if target_card == C.LOST_ONE:
        return _note(m, Event(Kind.TAKEN_LOST_ONE, cites=(CITE_VILLAGER[C.LOST_ONE],),
                              target_passed=m.passed[target], **after))
    if target_card in C.DOUBLES:
        return _note(m, Event(Kind.TAKEN_DOUBLER, cites=(CITE_VILLAGER[target_card], cite),
                              other_card=C.DOUBLES[target_card], **after))
    if target_card == C.ACTOR:
        return _note(m, Event(Kind.TAKEN_ACTOR, cites=(CITE_VILLAGER[C.ACTOR],), **after))
    if target_card == C.PAINTER:
        return _note(m, Event(Kind.TAKEN_PAINTER, cites=(CITE_VILLAGER[C.PAINTER],), **after))
    if target_card in C.TOOLS or target_card in (C.RAILWAY,) + C.PATH_CARDS:
        return _note(m, Event(Kind.TAKEN_SCORING, cites=(cite,), **after))
    return m


def actor_effect(m: Morning, owner: int, target: int | None, card: str | None, sub_target: int | None,
                 sub_card: str | None) -> Morning:
    """戲子: play one card from another player's hand for them and carry out its effect."""
    cite = (CITE_VILLAGER[C.ACTOR],)
    if target is None or target == owner or not 0 <= target < m.players:
        return _note(m, Event(Kind.ACTOR_NO_TARGET, owner, cite, False, card=C.ACTOR))
    if card is None or card in (C.PASS, C.ACTOR):
        # A nested 戲子 is not covered by the text; it is refused here (an assumption).
        return _note(m, Event(Kind.ACTOR_NO_CARD, owner, cite, False, card=C.ACTOR, target=target))
    if m.hands is not None and card not in m.hands[target]:
        return _note(m, Event(Kind.ACTOR_NOT_IN_HAND, owner, cite, False, card=C.ACTOR, target=target,
                              target_card=card))
    m = _take_from_hand(m, target, card)
    # Playing for a seat that already passed is allowed (the text is silent; the rules layer says so).
    m = _note(m, Event(Kind.ACTOR_PLAYS, owner, cite, True, card=C.ACTOR, target=target, target_card=card,
                       target_passed=m.passed[target]))
    return resolve_play(m, target, owner, card, sub_target, sub_card, None, None)


def apply(m: Morning, act: Act) -> Morning:
    """The morning after one action in turn; raises IllegalAction when it is not allowed."""
    if m.finished:
        raise IllegalAction("every player has already passed")
    if not 0 <= act.seat < m.players:
        raise IllegalAction(f"seat {act.seat} is not at a {m.players}-player table")
    if act.seat != m.turn:
        why = "已經 Pass，本日不可再出牌" if m.passed[act.seat] else "還沒輪到"
        raise IllegalAction(f"{seat_label(act.seat, m.players)} {why}; "
                            f"it is {seat_label(m.turn, m.players)}'s turn")
    done = len(m.events)
    if act.card == C.PASS:
        m = _note(m, Event(Kind.PASS, act.seat, (CITE_PLAY,), True))
        m = _pass(m, act.seat)
    else:
        if act.card not in C.HAND_CARDS:
            raise IllegalAction(f"{act.card!r} is not a hand card of 迷霧山城")
        m = _take_from_hand(m, act.seat, act.card)
        m = resolve_play(m, act.seat, act.seat, act.card, act.target, act.target_card, act.sub_target,
                         act.sub_card)
    # Every event of this action is stamped with the acting seat (checked by `invariants`).
    stamped = tuple(replace(ev, by=act.seat) for ev in m.events[done:])
    return replace(m, turn=_next_turn(m.passed, act.seat), events=m.events[:done] + stamped)


def outcome(m: Morning) -> Outcome | None:
    """How the morning ended once everyone passed: the team departs or the departure fails."""
    if not m.finished:
        return None
    return Outcome(Termination.DEPARTED if standing(m).departs else Termination.FAILED)


@dataclass(frozen=True)
class MorningEnd:
    """Outcome of a finished morning: standing, and where every played card goes."""

    standing: Standing
    discard: tuple[str, ...]
    stays: tuple[tuple[str, ...], ...]


def end_morning(m: Morning) -> MorningEnd:
    """Close a morning: cards that stay go to their owner's table, the rest (and fogged) discarded."""
    st = standing(m)
    discard: list[str] = []
    stays: list[list[str]] = [[] for _ in range(m.players)]
    for p in m.plays:
        if p.status == TAKEN:
            continue
        if p.status == IN and p.card in C.STAYS:
            stays[p.owner].append(p.card)
        else:
            discard.append(p.card)
    return MorningEnd(st, tuple(discard), tuple(tuple(s) for s in stays))


# ---------------------------------------------------------------- the registered game model

def _aims(m: Morning, card: str, owner: int) -> list[tuple[int | None, str | None]]:
    """Targets a card played for `owner` may take: in-play tools (fog), others' in-play cards (tea
    master), any seat (painter); (None, None) plays it with nothing to aim at."""
    if card == C.FOG:
        return [(p.owner, p.card) for p in m.plays if p.status == IN and p.card in C.TOOLS] + [(None, None)]
    if card == C.TEA_MASTER:
        return [(p.owner, p.card) for p in m.plays if p.status == IN and p.owner != owner] + [(None, None)]
    if card == C.PAINTER:
        return [(s, None) for s in range(m.players)]
    return [(None, None)]


def legal_actions(m: Morning) -> list[Act]:
    """Every action the seat to act may take: pass, or play a hand card with each target it can take."""
    if m.finished:
        return []
    seat = m.turn
    actions = [Act(seat, C.PASS)]
    if m.hands is None:
        return actions
    for card in dict.fromkeys(m.hands[seat]):
        if card != C.ACTOR:
            actions += [Act(seat, card, t, tc) for t, tc in dict.fromkeys(_aims(m, card, seat))]
            continue
        for other in range(m.players):
            if other == seat:
                continue
            for sub in dict.fromkeys(m.hands[other]):
                if sub == C.ACTOR:
                    continue  # a nested 戲子 has no effect; it is not offered
                for t, tc in dict.fromkeys(_aims(m, sub, other)):
                    actions.append(Act(seat, card, other, sub, t, tc))
    return actions


def random_action(m: Morning, rng: random.Random) -> Act:
    """One legal action: pass about a third of the time (and always with an empty hand), else a card."""
    actions = legal_actions(m)
    if len(actions) == 1 or rng.random() < 0.3:
        return actions[0]
    return rng.choice(actions[1:])


def _expected_points(m: Morning) -> list[int]:
    """Each seat's points recounted from the played cards alone (independent of `contributions`)."""
    out = [0] * m.players
    doublers = {(p.owner, C.DOUBLES[p.card]) for p in m.plays if p.card in C.DOUBLES}
    for p in m.plays:
        if p.status != IN:
            continue
        if p.card in C.TOOLS:
            value = m.path.tool_value(p.card)
            if m.literal_four and value == 4 and m.path.requirement > 8:
                value = 0
            out[p.owner] += value * (2 if (p.owner, p.card) in doublers else 1)
        elif p.card == C.RAILWAY:
            out[p.owner] += C.RAILWAY_POINTS
        elif p.card == m.path.name:
            out[p.owner] += 1
    return out


def invariants(m: Morning) -> list[str]:
    """What is wrong with a morning: cards created or lost, turn order, passes, points, qualifiers."""
    problems = []
    n = m.players
    if not 4 <= n <= 6 or len(m.passed) != n or len(m.draws) != n:
        problems.append(f"a {n}-player morning with {len(m.passed)} pass marks and {len(m.draws)} draw counts")
        return problems
    if sorted(priorities(n)) != list(range(1, n + 1)):
        problems.append(f"priorities {priorities(n)} are not a permutation of 1..{n}")
    if m.hands is not None:
        held = Counter(c for hand in m.hands for c in hand)
        played = Counter(p.card for p in m.plays if p.status != TAKEN)
        if m.dealt is None or held + played != Counter(m.dealt):
            problems.append(f"cards created or lost: hands {dict(held)} + played {dict(played)} != dealt")
    if m.finished:
        end = end_morning(m)
        gone = Counter(end.discard) + Counter(c for table in end.stays for c in table)
        if gone != Counter(p.card for p in m.plays if p.status != TAKEN):
            problems.append("played cards and the cards discarded or left on the table differ")
        if m.turn != -1:
            problems.append(f"everyone passed but seat {m.turn} is to act")
    elif not 0 <= m.turn < n or m.passed[m.turn]:
        problems.append(f"seat {m.turn} is to act but has passed or is not at the table")
    elif m.events and m.events[-1].by is not None and m.turn != _next_turn(m.passed, m.events[-1].by):
        problems.append(f"seat {m.turn} is to act, but the next seat still in after seat {m.events[-1].by} "
                        f"is {_next_turn(m.passed, m.events[-1].by)}")
    # Passed players stay passed: after a seat passes (or a Painter passes for it), it takes no action.
    passed_at: set[int] = set()
    for ev in m.events:
        if ev.kind == Kind.PASS and ev.seat in passed_at:
            problems.append(f"seat {ev.seat} passed twice")
        elif ev.by in passed_at and not (ev.kind == Kind.LOST_ONE_DRAW and ev.seat == ev.by):
            # (A seat's own Lost One draw belongs to the pass itself.)
            problems.append(f"seat {ev.by} acted ({ev.kind.name}) after passing")
        if ev.kind == Kind.PASS:
            passed_at.add(ev.seat)
        elif ev.kind == Kind.PAINTER_PASS:
            passed_at.add(ev.target)  # type: ignore[arg-type]
    if {s for s in range(n) if m.passed[s]} != passed_at:
        problems.append(f"pass marks {m.passed} disagree with the passes recorded")
    draws = [0] * n
    for ev in m.events:
        if ev.kind == Kind.LOST_ONE_DRAW:
            draws[ev.seat] += ev.count
    if tuple(draws) != m.draws:
        problems.append(f"draws {m.draws} differ from the Lost One draws recorded {draws}")
    st = standing(m)
    if list(st.contributions) != _expected_points(m):
        problems.append(f"contributions {st.contributions} are not the sum of played points {_expected_points(m)}")
    ranked = sorted(range(n), key=lambda s: (-st.contributions[s], priority(s, n)))[:3]
    if list(st.qualified) != ranked or st.total != sum(st.contributions[s] for s in ranked):
        problems.append(f"qualifiers {st.qualified} (total {st.total}) are not the top three {ranked}")
    return problems


def illegal_example(m: Morning) -> Act | None:
    """An action not allowed now: a seat other than the one to act (a passed seat if any) passing."""
    if m.finished:
        return None
    others = [s for s in range(m.players) if s != m.turn]
    passed = [s for s in others if m.passed[s]]
    return Act((passed or others)[0], C.PASS)


def random_morning(seed: int) -> Morning:
    """A random legal table: 4–6 players, a captain, seven cards each from the 90, a path card."""
    rng = random.Random(seed)
    players = rng.randint(4, 6)
    deck = [card for card, k in C.DEFAULT_COMPOSITION.items() for _ in range(k)]
    rng.shuffle(deck)
    hands = tuple(tuple(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(players))
    path = rng.choice(tuple(C.KNOWN_PATHS.values()) + C.UNNAMED_PATHS)
    return start_morning(players, path, literal_four=rng.random() < 0.2, hands=hands,
                         captain=rng.randrange(players))


# 迷霧山城's morning adventure as a registered game model: deal, play to the last pass, depart or fail.
MODEL = ModelFunctions("mist-mountain", random_morning, legal_actions, apply, outcome, random_action, invariants,
                       illegal_example)
