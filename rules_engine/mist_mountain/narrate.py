"""Words for 迷霧山城 morning events: seat names in English and each Event as a zh-TW and English line."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from . import cards as C
from .model import Event, Kind, seat_label

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


@dataclass(frozen=True)
class Note:
    """A narrated step with the passages it rests on (`text` zh-TW, `en` English)."""

    text: str
    holds: bool | None
    cites: tuple[str, ...]
    en: str = ""


Label = Callable[[int], str]


def render(ev: Event, label: Label, path: C.PathCard) -> Note:
    """The zh-TW and English line for one event; `label` names a seat in zh-TW."""
    zh, en = _words(ev, label, path)
    return Note(zh, ev.holds, ev.cites, en)


def _words(ev: Event, label: Label, path: C.PathCard) -> tuple[str, str]:
    """The two texts of an event (split out so `render` stays a one-liner per event)."""
    k = ev.kind
    who = label(ev.seat)
    w = label_en(who)
    plays = verb(w, "plays", "play")
    t = label(ev.target) if ev.target is not None else "?"
    t_en = label_en(t) if ev.target is not None else "?"
    tc, tc_en = ev.target_card, C.en(ev.target_card)
    if k is Kind.PASS:
        return (f"{who} Pass，本日不可再出牌", cap(f"{w} {verb(w, 'passes', 'pass')} and may not play again today"))
    if k is Kind.ALREADY_PASSED:
        return (f"{who} 已經 Pass，沒有變化", cap(f"{w} {verb(w, 'has', 'have')} already passed; nothing changes"))
    if k is Kind.LOST_ONE_DRAW:
        return (f"{who} Pass，其迷途者在場，立即抽 {ev.count} 張牌",
                cap(f"{w} {verb(w, 'passes', 'pass')} with {their(w)} Lost One in play and immediately "
                    f"{verb(w, 'draws', 'draw')} {ev.count} cards"))
    if k is Kind.TOOL:
        doubled = "（加倍）" if ev.doubled else ""
        return (f"{who} 出{ev.card}，在{path.name}值 {ev.points} 分{doubled}",
                cap(f"{w} {plays} {C.en_a(ev.card)}, worth {ev.points} on {C.en_path(path.name)}"
                    + (" (doubled)" if ev.doubled else "")))
    if k is Kind.DOUBLER:
        return (f"{who} 出{ev.card}：本日{who}出的{tc}分數加倍，且無法被取消",
                cap(f"{w} {plays} the {C.en(ev.card)}: every {tc_en} {pron(w)} play today scores double, and "
                    "this cannot be cancelled"))
    if k is Kind.RAILWAY:
        return (f"{who} 出鐵路工，視為 4 分（非照明工具）",
                cap(f"{w} {plays} the Railway Worker, counted as 4 points (not a lighting tool)"))
    if k is Kind.PATH_CARD:
        return (f"{who} 出路徑小卡{ev.card}，今日路徑為{path.name}，值 {ev.points} 分；留在場上",
                cap(f"{w} {plays} {C.en_a(ev.card)}; today's path is {C.en_path(path.name)}, so it is worth "
                    f"{ev.points}; it stays on the table"))
    if k is Kind.GOLD:
        return (f"{who} 出金礦小巷，留在場上，不算貢獻",
                cap(f"{w} {plays} a Gold Mine Alley; it stays on the table and adds no contribution"))
    if k is Kind.ABBOT:
        return (f"{who} 出住持：住持要留在手牌內才視為一份回憶，打出不算貢獻",
                cap(f"{w} {plays} the Abbot: the Abbot counts as a memory only while kept in hand; played, it "
                    "adds no contribution"))
    if k is Kind.LOST_ONE:
        return (f"{who} 出迷途者：本日 Pass 後可立即抽三張牌",
                cap(f"{w} {plays} the Lost One: after passing today, {pron(w)} immediately draw three cards"))
    if k is Kind.OFFICER:
        return (f"{who} 出警官：若今日出團，{who} 成為第四順位出團者",
                cap(f"{w} {plays} the Officer: if the team departs today, {pron(w)} go as the fourth qualifier "
                    "(fourth in priority)"))
    if k in _FOG:
        return _fog_words(ev, who, w, t, t_en)
    if k in _TEA:
        return _tea_words(ev, who, w, t, t_en)
    if k is Kind.PAINTER_NO_TARGET:
        return (f"{who} 的畫師沒有指定玩家，沒有效果", cap(f"{of(w, 'Painter')} names no player and has no effect"))
    if k is Kind.PAINTER_PASS:
        return (f"{who} 出畫師，替 {t} 喊 Pass",
                cap(f"{w} {plays} the Painter and {verb(w, 'calls', 'call')} pass for {t_en}"))
    if k is Kind.ACTOR_NO_TARGET:
        return (f"{who} 的戲子要指定另一位玩家，沒有效果", cap(f"{of(w, 'Actor')} must name another player; no effect"))
    if k is Kind.ACTOR_NO_CARD:
        return (f"{who} 的戲子沒有替 {t} 出可執行的牌，沒有效果",
                cap(f"{of(w, 'Actor')} plays no usable card for {t_en}; no effect"))
    if k is Kind.ACTOR_NOT_IN_HAND:
        return (f"{t} 手上沒有{tc}，戲子沒有效果",
                cap(f"{t_en} {verb(t_en, 'has', 'have')} no {tc_en} in hand; the Actor has no effect"))
    if k is Kind.ACTOR_PLAYS:
        return (f"{who} 出戲子，替 {t} 出{tc}並執行效果（算是 {t} 出的牌）",
                cap(f"{w} {plays} the Actor and {plays} {C.en_a(tc)} from {of(t_en, 'hand')} for them, carrying "
                    "out its effect (it counts as their play)"))
    raise ValueError(f"no words for {k}")


_FOG = {Kind.FOG_NOT_RAILWAY, Kind.FOG_NOT_TOOL, Kind.FOG_NOT_IN_PLAY, Kind.FOG_DOUBLED, Kind.FOG_DISCARDS}
_TEA = {Kind.TEA_NO_TARGET, Kind.TEA_CANNOT_TAKE, Kind.TEA_TAKES, Kind.TAKEN_OFFICER, Kind.TAKEN_LOST_ONE,
        Kind.TAKEN_DOUBLER, Kind.TAKEN_ACTOR, Kind.TAKEN_PAINTER, Kind.TAKEN_SCORING}


def _fog_words(ev: Event, who: str, w: str, t: str, t_en: str) -> tuple[str, str]:
    """Texts of a 濃霧時刻 event."""
    fog = of(w, "Thick Fog")
    tc, tc_en = ev.target_card, C.en(ev.target_card)
    if ev.kind is Kind.FOG_NOT_RAILWAY:
        return (f"{who} 的濃霧時刻不能棄掉鐵路工（非照明工具），沒有效果",
                cap(f"{fog} cannot discard the Railway Worker (not a lighting tool); no effect"))
    if ev.kind is Kind.FOG_NOT_TOOL:
        return (f"{who} 的濃霧時刻只能棄照明工具，{tc or '未指定'}不行，沒有效果",
                cap(f"{fog} can only discard a lighting tool, not {tc_en if tc else 'an unnamed card'}; no effect"))
    if ev.kind is Kind.FOG_NOT_IN_PLAY:
        return (f"{who} 的濃霧時刻：{t} 場上沒有{tc}，沒有效果",
                cap(f"{fog}: {t_en} {verb(t_en, 'has', 'have')} no {tc_en} in play; no effect"))
    if ev.kind is Kind.FOG_DOUBLED:
        return (f"{who} 的濃霧時刻不能棄掉 {t} 被{ev.other_card}加倍的{tc}（無法被取消），沒有效果",
                cap(f"{fog} cannot discard {of(t_en, tc_en)} doubled by the {C.en(ev.other_card)} (it cannot be "
                    "cancelled); no effect"))
    return (f"{who} 的濃霧時刻棄掉 {t} 的{tc}", cap(f"{fog} discards {of(t_en, tc_en)}"))


def _tea_words(ev: Event, who: str, w: str, t: str, t_en: str) -> tuple[str, str]:
    """Texts of a 品茶師 event and of what a taken card leaves behind."""
    tc, tc_en = ev.target_card, C.en(ev.target_card)
    tea = of(w, "Tea Master")
    k = ev.kind
    if k is Kind.TEA_NO_TARGET:
        return (f"{who} 的品茶師只能拿其他玩家出的牌，沒有效果",
                cap(f"{tea} can only take a card another player played; no effect"))
    if k is Kind.TEA_CANNOT_TAKE:
        why, why_en = ("已被濃霧時刻棄掉", "already discarded by Thick Fog") if ev.fogged else ("不在場上", "not in play")
        return (f"{who} 的品茶師不能拿 {t} 的{tc}（{why}），沒有效果",
                cap(f"{tea} cannot take {of(t_en, tc_en)} ({why_en}); no effect"))
    if k is Kind.TEA_TAKES:
        return (f"{who} 的品茶師把 {t} 的{tc}加入自己的手牌", cap(f"{tea} takes {of(t_en, tc_en)} into {their(w)} own hand"))
    if k is Kind.TAKEN_OFFICER:
        return (f"警官被奪走：{t} 的第四資格取消", f"The Officer is taken: {of(t_en, 'fourth qualification')} is cancelled")
    if k is Kind.TAKEN_LOST_ONE and ev.target_passed:
        return (f"{t} 已 Pass 並抽了三張，迷途者被奪走後抽牌依然有效",
                cap(f"{t_en} already passed and drew three cards; the draw still stands after the Lost One is taken"))
    if k is Kind.TAKEN_LOST_ONE:
        return (f"{t} 尚未 Pass，迷途者被奪走後沒有效果",
                cap(f"{t_en} {verb(t_en, 'has', 'have')} not passed yet; once taken, the Lost One has no effect"))
    if k is Kind.TAKEN_DOUBLER:
        return (f"{tc}的加倍無法被取消，{t} 的{ev.other_card}仍加倍",
                f"The {tc_en}'s doubling cannot be cancelled: {of(t_en, C.en(ev.other_card))} stays doubled")
    if k is Kind.TAKEN_ACTOR:
        return ("戲子被奪走，不影響已進行的協助出牌", "The Actor is taken; the card already played through it is not affected")
    if k is Kind.TAKEN_PAINTER:
        return ("畫師被奪走，被 Pass 的玩家依舊是 Pass 狀態", "The Painter is taken; the player it passed stays passed")
    return (f"{tc}離開場上，{t} 失去它的貢獻",
            cap(f"the {tc_en}{' card' if tc in C.PATH_CARDS else ''} leaves play and {t_en} "
                f"{verb(t_en, 'loses', 'lose')} its contribution"))


def default_label(players: int) -> Label:
    """Seat names 隊長, 下家1, … for a table of this size."""
    return lambda seat: seat_label(seat, players)
