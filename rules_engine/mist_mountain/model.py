"""Seats, priority, qualification and the morning adventure of 迷霧山城 as pure functions."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

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


# English seat names: one scheme for every English text. Seats are numbered in turn order from the
# captain; seat 1 is the captain's next player (下家, acts first, lowest priority) and the last seat the
# captain's previous player (上家, priority 2, captain after a failed morning).
CAPTAIN_EN = "the captain"
NEXT_EN = "the captain's next player"
PREVIOUS_EN = "the captain's previous player"
_SEAT_LABEL = re.compile(r"下家(\d+)(（上家）)?")


def _seat_en(seat: int, last: bool) -> str:
    """English name of a seat: "the captain", "seat 1 (the captain's next player)", "seat 2", …,
    "seat 5 (the captain's previous player)" for the last seat."""
    if seat == 0:
        return CAPTAIN_EN
    if last:
        return f"seat {seat} ({PREVIOUS_EN})"
    if seat == 1:
        return f"seat 1 ({NEXT_EN})"
    return f"seat {seat}"


def label_en(label: str) -> str:
    """English form of a zh-TW seat label (or a character / player name, kept if unknown)."""
    fixed = {"隊長": CAPTAIN_EN, "你": "you", "其他玩家": "another player", "上家": PREVIOUS_EN,
             "下家": NEXT_EN}
    if label in fixed:
        return fixed[label]
    seat = _SEAT_LABEL.fullmatch(label)
    if seat:
        return _seat_en(int(seat.group(1)), bool(seat.group(2)))
    return C.en(label)


def seat_label_en(seat: int, players: int) -> str:
    """Readable English name of a seat."""
    return _seat_en(seat, seat == players - 1)


def cap(text: str) -> str:
    """Text with its first letter upper-cased (English sentences that start with a label)."""
    return text[:1].upper() + text[1:]


def poss(who: str) -> str:
    """Possessive of an English label: "your" for "you", else "<who>'s"."""
    return "your" if who == "you" else f"{who}'s"


def of(who: str, thing: str) -> str:
    """Something of an English label: "your lantern", "seat 2's lantern", and for a label ending in a
    parenthesis "the lantern of seat 1 (the captain's next player)"."""
    if who == "you" or not who.endswith(")"):
        return f"{poss(who)} {thing}"
    return f"the {thing} of {who}"


def pron(who: str) -> str:
    """The pronoun standing for an English label later in a sentence: "you", else "they"."""
    return "you" if who == "you" else "they"


def their(who: str) -> str:
    """Possessive pronoun for an English label: "your" for "you", else "their"."""
    return "your" if who == "you" else "their"


def plural(k: int, word: str) -> str:
    """"1 point", "2 points"."""
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def verb(who: str, third: str, base: str) -> str:
    """The verb form agreeing with an English label ("you play" / "the captain plays")."""
    return base if who == "you" else third


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


class IllegalAction(ValueError):
    """An action the morning rules do not allow at that point (wrong turn, card not in hand …)."""


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


@dataclass(frozen=True)
class Note:
    """A narrated consequence of an action, with the passages it rests on (`text` zh-TW, `en` English)."""

    text: str
    holds: bool | None
    cites: tuple[str, ...]
    en: str = ""


@dataclass(frozen=True)
class Morning:
    """State of one morning adventure; hands are tracked only when given (simulation)."""

    players: int
    path: C.PathCard
    literal_four: bool = False
    plays: tuple[Play, ...] = ()
    passed: tuple[bool, ...] = ()
    turn: int = 1
    draws: tuple[int, ...] = ()
    hands: tuple[tuple[str, ...], ...] | None = None

    @property
    def finished(self) -> bool:
        """True once every player has passed."""
        return all(self.passed)


def start_morning(players: int, path: C.PathCard, literal_four: bool = False,
                  hands: tuple[tuple[str, ...], ...] | None = None) -> Morning:
    """A fresh morning: nobody has played, 下家1 acts first."""
    return Morning(players=players, path=path, literal_four=literal_four, passed=(False,) * players,
                   turn=1 % players, draws=(0,) * players, hands=hands)


def _next_turn(passed: tuple[bool, ...], after: int) -> int:
    """Next seat after `after` in acting order that has not passed; -1 when all passed."""
    n = len(passed)
    for step in range(1, n + 1):
        seat = (after + step) % n
        if not passed[seat]:
            return seat
    return -1


def tool_points(m: Morning, tool: str) -> int:
    """Value of a lighting tool on today's path, with the literal 4→0 reading if chosen."""
    value = m.path.tool_value(tool)
    if m.literal_four and value == 4 and m.path.requirement > 8:
        return 0
    return value


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
        """Meets-or-exceeds (the text says exceed; its examples depart at exactly the requirement)."""
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


def _pass(m: Morning, seat: int, label) -> tuple[Morning, list[Note]]:
    """Mark a seat passed; an in-play 迷途者 of that seat draws three at once."""
    notes: list[Note] = []
    who = label_en(label(seat))
    if m.passed[seat]:
        return m, [Note(f"{label(seat)} 已經 Pass，沒有變化", False, (CITE_PLAY,),
                        cap(f"{who} {verb(who, 'has', 'have')} already passed; nothing changes"))]
    m = replace(m, passed=_set(m.passed, seat, True))
    lost = sum(1 for p in m.plays if p.owner == seat and p.card == C.LOST_ONE and p.status == IN)
    if lost:
        m = replace(m, draws=_set(m.draws, seat, m.draws[seat] + 3 * lost))
        notes.append(Note(f"{label(seat)} Pass，其迷途者在場，立即抽 {3 * lost} 張牌", True,
                          (CITE_VILLAGER[C.LOST_ONE],),
                          cap(f"{who} {verb(who, 'passes', 'pass')} with {their(who)} Lost One in play and "
                              f"immediately {verb(who, 'draws', 'draw')} {3 * lost} cards")))
    return m, notes


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


def resolve_play(m: Morning, owner: int, by: int, card: str, target: int | None,
             target_card: str | None, sub_target: int | None, sub_card: str | None,
             label) -> tuple[Morning, list[Note]]:
    """Put a card into play for `owner` (played by `by`) and carry out its effect."""
    m = replace(m, plays=m.plays + (Play(owner=owner, by=by, card=card, target=target),))
    me = len(m.plays) - 1
    who = label(owner)
    w = label_en(who)
    name, path = C.en(card), C.en_path(m.path.name)
    notes: list[Note] = []
    if card in C.TOOLS:
        pts = play_points(m, m.plays[me])
        doubled = "（加倍）" if is_doubled(m, owner, card) else ""
        cites = [CITE_PATHS, CITE_TOOLS]
        if m.literal_four and m.path.tool_value(card) == 4 and m.path.requirement > 8:
            cites.append(CITE_FOUR)
        notes.append(Note(f"{who} 出{card}，在{m.path.name}值 {pts} 分{doubled}", True, tuple(cites),
                          cap(f"{w} {verb(w, 'plays', 'play')} {C.en_a(card)}, worth {pts} on {path}"
                              + (" (doubled)" if doubled else ""))))
    elif card in C.DOUBLES:
        tool = C.DOUBLES[card]
        notes.append(Note(f"{who} 出{card}：本日{who}出的{tool}分數加倍，且無法被取消", True,
                          (CITE_VILLAGER[card],),
                          cap(f"{w} {verb(w, 'plays', 'play')} the {name}: every {C.en(tool)} {pron(w)} "
                              "play today scores double, and this cannot be cancelled")))
    elif card == C.RAILWAY:
        notes.append(Note(f"{who} 出鐵路工，視為 4 分（非照明工具）", True, (CITE_VILLAGER[card],),
                          cap(f"{w} {verb(w, 'plays', 'play')} the Railway Worker, counted as 4 points "
                              "(not a lighting tool)")))
    elif card in C.PATH_CARDS:
        pts = play_points(m, m.plays[me])
        notes.append(Note(f"{who} 出路徑小卡{card}，今日路徑為{m.path.name}，值 {pts} 分；留在場上",
                          pts == 1, (CITE_PATH_CARD[card],),
                          cap(f"{w} {verb(w, 'plays', 'play')} {C.en_a(card)}; today's path is "
                              f"{path}, so it is worth {pts}; it stays on the table")))
    elif card == C.GOLD:
        notes.append(Note(f"{who} 出金礦小巷，留在場上，不算貢獻", None, (CITE_GOLD,),
                          cap(f"{w} {verb(w, 'plays', 'play')} a Gold Mine Alley; it stays on the table "
                              "and adds no contribution")))
    elif card == C.ABBOT:
        notes.append(Note(f"{who} 出住持：住持要留在手牌內才視為一份回憶，打出不算貢獻", None,
                          (CITE_VILLAGER[card],),
                          cap(f"{w} {verb(w, 'plays', 'play')} the Abbot: the Abbot counts as a memory only "
                              "while kept in hand; played, it adds no contribution")))
    elif card == C.LOST_ONE:
        notes.append(Note(f"{who} 出迷途者：本日 Pass 後可立即抽三張牌", None, (CITE_VILLAGER[card],),
                          cap(f"{w} {verb(w, 'plays', 'play')} the Lost One: after passing today, {pron(w)} "
                              "immediately draw three cards")))
    elif card == C.OFFICER:
        notes.append(Note(f"{who} 出警官：若今日出團，{who} 成為第四順位出團者", None,
                          (CITE_VILLAGER[card],),
                          cap(f"{w} {verb(w, 'plays', 'play')} the Officer: if the team departs today, {pron(w)} "
                              "go as the fourth qualifier (fourth in priority)")))
    elif card == C.FOG:
        m, more = fog_effect(m, owner, target, target_card, label)
        notes += more
    elif card == C.TEA_MASTER:
        m, more = tea_effect(m, owner, target, target_card, label)
        notes += more
    elif card == C.PAINTER:
        if target is None or not 0 <= target < m.players:
            notes.append(Note(f"{who} 的畫師沒有指定玩家，沒有效果", False, (CITE_VILLAGER[card],),
                              cap(f"{of(w, 'Painter')} names no player and has no effect")))
        else:
            notes.append(Note(f"{who} 出畫師，替 {label(target)} 喊 Pass", not m.passed[target],
                              (CITE_VILLAGER[card],),
                              cap(f"{w} {verb(w, 'plays', 'play')} the Painter and {verb(w, 'calls', 'call')} "
                                  f"pass for {label_en(label(target))}")))
            m, more = _pass(m, target, label)
            notes += more
    elif card == C.ACTOR:
        m, more = actor_effect(m, owner, target, target_card, sub_target, sub_card, label)
        notes += more
    return m, notes


def fog_effect(m: Morning, owner: int, target: int | None, target_card: str | None,
         label) -> tuple[Morning, list[Note]]:
    """濃霧時刻: discard one lighting tool in play, unless doubled; never 鐵路工."""
    who = label(owner)
    w = label_en(who)
    fog = of(w, "Thick Fog")
    t_en = label_en(label(target)) if target is not None else "?"
    card_en = C.en(target_card)
    if target_card == C.RAILWAY:
        return m, [Note(f"{who} 的濃霧時刻不能棄掉鐵路工（非照明工具），沒有效果", False,
                        (CITE_FOG, CITE_VILLAGER[C.RAILWAY]),
                        cap(f"{fog} cannot discard the Railway Worker (not a lighting tool); no effect"))]
    if target_card not in C.TOOLS:
        return m, [Note(f"{who} 的濃霧時刻只能棄照明工具，{target_card or '未指定'}不行，沒有效果", False,
                        (CITE_FOG,),
                        cap(f"{fog} can only discard a lighting tool, not "
                            f"{card_en if target_card else 'an unnamed card'}; no effect"))]
    idx = _find_play(m, target, target_card)
    if idx is None:
        return m, [Note(f"{who} 的濃霧時刻：{label(target) if target is not None else '?'} 場上沒有"
                        f"{target_card}，沒有效果", False, (CITE_FOG,),
                        cap(f"{fog}: {t_en} {verb(t_en, 'has', 'have')} no {card_en} in play; "
                            "no effect"))]
    if is_doubled(m, target, target_card):
        doubler = next(k for k, v in C.DOUBLES.items() if v == target_card)
        return m, [Note(f"{who} 的濃霧時刻不能棄掉 {label(target)} 被{doubler}加倍的{target_card}"
                        f"（無法被取消），沒有效果", False, (CITE_FOG, CITE_VILLAGER[doubler]),
                        cap(f"{fog} cannot discard {of(t_en, card_en)} doubled by the "
                            f"{C.en(doubler)} (it cannot be cancelled); no effect"))]
    m = replace(m, plays=_set(m.plays, idx, replace(m.plays[idx], status=FOGGED)))
    return m, [Note(f"{who} 的濃霧時刻棄掉 {label(target)} 的{target_card}", True, (CITE_FOG,),
                    cap(f"{fog} discards {of(t_en, card_en)}"))]


def tea_effect(m: Morning, owner: int, target: int | None, target_card: str | None,
         label) -> tuple[Morning, list[Note]]:
    """品茶師: take another player's card played today (not a fogged one) into the hand."""
    who, cite = label(owner), CITE_VILLAGER[C.TEA_MASTER]
    w = label_en(who)
    card_en = C.en(target_card)
    if target is None or target == owner:
        return m, [Note(f"{who} 的品茶師只能拿其他玩家出的牌，沒有效果", False, (cite,),
                        cap(f"{of(w, 'Tea Master')} can only take a card another player played; no effect"))]
    t_en = label_en(label(target))
    idx = _find_play(m, target, target_card)
    if idx is None:
        fogged = any(p.owner == target and p.card == target_card and p.status == FOGGED
                     for p in m.plays)
        why = "已被濃霧時刻棄掉" if fogged else "不在場上"
        why_en = "already discarded by Thick Fog" if fogged else "not in play"
        return m, [Note(f"{who} 的品茶師不能拿 {label(target)} 的{target_card}（{why}），沒有效果",
                        False, (cite, CITE_FOG) if fogged else (cite,),
                        cap(f"{of(w, 'Tea Master')} cannot take {of(t_en, card_en)} ({why_en}); no effect"))]
    m = replace(m, plays=_set(m.plays, idx, replace(m.plays[idx], status=TAKEN)))
    if m.hands is not None:
        m = replace(m, hands=_set(m.hands, owner, m.hands[owner] + (target_card,)))
    notes = [Note(f"{who} 的品茶師把 {label(target)} 的{target_card}加入自己的手牌", True, (cite,),
                  cap(f"{of(w, 'Tea Master')} takes {of(t_en, card_en)} into {their(w)} own hand"))]
    t = label(target)
    if target_card == C.OFFICER:
        notes.append(Note(f"警官被奪走：{t} 的第四資格取消", True, (CITE_VILLAGER[C.OFFICER],),
                          f"The Officer is taken: {of(t_en, 'fourth qualification')} is cancelled"))
    elif target_card == C.LOST_ONE:
        if m.passed[target]:
            notes.append(Note(f"{t} 已 Pass 並抽了三張，迷途者被奪走後抽牌依然有效", True,
                              (CITE_VILLAGER[C.LOST_ONE],),
                              cap(f"{t_en} already passed and drew three cards; the draw still stands after "
                                  "the Lost One is taken")))
        else:
            notes.append(Note(f"{t} 尚未 Pass，迷途者被奪走後沒有效果", True,
                              (CITE_VILLAGER[C.LOST_ONE],),
                              cap(f"{t_en} {verb(t_en, 'has', 'have')} not passed yet; once taken, the Lost One "
                                  "has no effect")))
    elif target_card in C.DOUBLES:
        notes.append(Note(f"{target_card}的加倍無法被取消，{t} 的{C.DOUBLES[target_card]}仍加倍", True,
                          (CITE_VILLAGER[target_card], cite),
                          f"The {card_en}'s doubling cannot be cancelled: "
                          f"{of(t_en, C.en(C.DOUBLES[target_card]))} stays doubled"))
    elif target_card == C.ACTOR:
        notes.append(Note("戲子被奪走，不影響已進行的協助出牌", True, (CITE_VILLAGER[C.ACTOR],),
                          "The Actor is taken; the card already played through it is not affected"))
    elif target_card == C.PAINTER:
        notes.append(Note("畫師被奪走，被 Pass 的玩家依舊是 Pass 狀態", True, (CITE_VILLAGER[C.PAINTER],),
                          "The Painter is taken; the player it passed stays passed"))
    elif target_card in C.TOOLS or target_card in (C.RAILWAY,) + C.PATH_CARDS:
        notes.append(Note(f"{target_card}離開場上，{t} 失去它的貢獻", True, (cite,),
                          cap(f"the {card_en}{' card' if target_card in C.PATH_CARDS else ''} leaves play and {t_en} {verb(t_en, 'loses', 'lose')} "
                              "its contribution")))
    return m, notes


def actor_effect(m: Morning, owner: int, target: int | None, card: str | None, sub_target: int | None,
           sub_card: str | None, label) -> tuple[Morning, list[Note]]:
    """戲子: play one card from another player's hand for them and carry out its effect."""
    who, cite = label(owner), CITE_VILLAGER[C.ACTOR]
    w = label_en(who)
    if target is None or target == owner or not 0 <= target < m.players:
        return m, [Note(f"{who} 的戲子要指定另一位玩家，沒有效果", False, (cite,),
                        cap(f"{of(w, 'Actor')} must name another player; no effect"))]
    t_en = label_en(label(target))
    if card is None or card in (C.PASS, C.ACTOR):
        # A nested 戲子 is not covered by the text; it is refused here (an assumption).
        return m, [Note(f"{who} 的戲子沒有替 {label(target)} 出可執行的牌，沒有效果", False, (cite,),
                        cap(f"{of(w, 'Actor')} plays no usable card for {t_en}; no effect"))]
    if m.hands is not None and card not in m.hands[target]:
        return m, [Note(f"{label(target)} 手上沒有{card}，戲子沒有效果", False, (cite,),
                        cap(f"{t_en} {verb(t_en, 'has', 'have')} no {C.en(card)} in hand; the Actor has "
                            "no effect"))]
    m = _take_from_hand(m, target, card)
    notes = [Note(f"{who} 出戲子，替 {label(target)} 出{card}並執行效果（算是 {label(target)} 出的牌）",
                  True, (cite,),
                  cap(f"{w} {verb(w, 'plays', 'play')} the Actor and {verb(w, 'plays', 'play')} "
                      f"{C.en_a(card)} from {of(t_en, 'hand')} for them, carrying out its effect (it counts as "
                      "their play)"))]
    m, more = resolve_play(m, target, owner, card, sub_target, sub_card, None, None, label)
    return m, notes + more


def apply_action(m: Morning, act: Act, label=None) -> tuple[Morning, list[Note]]:
    """Apply one action in turn; raises IllegalAction when it is not that seat's turn to act."""
    label = label or (lambda s: seat_label(s, m.players))
    if m.finished:
        raise IllegalAction("every player has already passed")
    if not 0 <= act.seat < m.players:
        raise IllegalAction(f"seat {act.seat} is not at a {m.players}-player table")
    if act.seat != m.turn:
        why = "已經 Pass，本日不可再出牌" if m.passed[act.seat] else "還沒輪到"
        raise IllegalAction(f"{label(act.seat)} {why}; it is {label(m.turn)}'s turn")
    if act.card == C.PASS:
        m, notes = _pass(m, act.seat, label)
        who = label_en(label(act.seat))
        notes.insert(0, Note(f"{label(act.seat)} Pass，本日不可再出牌", True, (CITE_PLAY,),
                             cap(f"{who} {verb(who, 'passes', 'pass')} and may not play again today")))
    else:
        m = _take_from_hand(m, act.seat, act.card)
        m, notes = resolve_play(m, act.seat, act.seat, act.card, act.target, act.target_card,
                            act.sub_target, act.sub_card, label)
    return replace(m, turn=_next_turn(m.passed, act.seat)), notes


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
