"""Executable Onirim expansion rules, each computed on the game model and returning a traced Verdict."""
from __future__ import annotations

import itertools
from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from ..registry import rule
from ..verdict import DEPENDS, Case, Trace, Verdict
from . import model
from . import slots as S
from .cards import (BY_NAME, CARDS, COLOURS, GOAL_CARDS, PREMONITIONS, SPELLS, TOWER_EDGES_SOURCE,
                    TOWER_EDGES_SOURCE_ZH, TOWER_ID_HINT, TOWER_ID_RE, Card, spell_cost, tower, tower_edges,
                    tower_en, tower_zh)

Colour = Literal["red", "blue", "green", "brown"]
SpellName = Literal["paradoxical_prophecy", "parallel_planning", "powerful_punishment"]

# Assumption texts as (Traditional Chinese, English) pairs: pass them as t.assume(*PAIR).
# (The default readings are the slots' notes, so that a partial answer says them once.)
LOST_TOWER_LIMBO = S.LOST_TOWER_LIMBO
LOST_TOWER_DISCARD = ("失去的高塔依兩個實作的做法放到棄牌堆；規則原文則是放進Limbo牌堆",
                      "A lost Tower goes to the discard pile, as two implementations do; the rules text itself "
                      "sends it to Limbo")
SPELL_PAYMENT_REMOVE = S.SPELL_PAYMENT_REMOVE
SPELL_PAYMENT_COUNT = ("施放咒文只要求棄牌堆的張數夠多，牌仍留在棄牌堆（照字面解讀規則原文）；"
                       "The Book擴充本身的規則則是把這些牌移出遊戲",
                       "Paying a spell only requires the discard pile to be big enough and keeps the cards "
                       "(a literal reading of the rules text); the Book's own rules remove them from the game")
ROW_LENGTH_UNCONFIRMED = ("高塔列能否超過四張高塔尚未確認；這裡允許",
                          "Whether the Tower row may grow beyond four Towers is unconfirmed; it is allowed here")
EDGES_SOURCE = (TOWER_EDGES_SOURCE_ZH, TOWER_EDGES_SOURCE)
TOWER_ENDS = ("新的高塔加在高塔列的左端或右端，取自高塔擴充的兩個實作（規則原文只說「依序擺放高塔卡」）",
              "A new Tower goes on the left or the right end of the row, as two implementations of The Towers do "
              "(the rules text only says the Towers are laid “依序”, in order)")

COLOUR_ZH = {"red": "紅色", "blue": "藍色", "green": "綠色", "brown": "棕色"}
SIDE_ZH = {"left": "左端", "right": "右端"}
SPELL_SIDE_ZH = {"cheap": "代價較少的一面", "expensive": "代價較多的一面"}

def _check_tower_id(value: str) -> str:
    """Pydantic check that a string names a Tower card."""
    if not TOWER_ID_RE.match(value):
        raise ValueError(f"expected {TOWER_ID_HINT}, found {value!r}")
    return value


TowerId = Annotated[str, AfterValidator(_check_tower_id)]


def _no_repeats(names: list[str] | None, what: str) -> None:
    """Each physical card exists once: reject a list that names one twice."""
    if names:
        dupes = sorted(n for n, k in Counter(names).items() if k > 1)
        if dupes:
            raise ValueError(f"each {what} exists once, but {dupes} appear more than once")


def _symbols(edge: frozenset[str]) -> str:
    """Edge symbols as a machine value (details), e.g. 'sun+moon' or 'none'."""
    return "+".join(s for s in ("sun", "moon") if s in edge) or "none"


def _symbols_en(edge: frozenset[str]) -> str:
    """Edge symbols in English text, e.g. 'sun and moon' or 'no symbol'."""
    return " and ".join(s for s in ("sun", "moon") if s in edge) or "no symbol"


def _symbols_zh(edge: frozenset[str]) -> str:
    """Edge symbols in Chinese, e.g. '太陽和月亮' or '無圖示'."""
    return "和".join(zh for s, zh in (("sun", "太陽"), ("moon", "月亮")) if s in edge) or "無圖示"


def _row_clash(row: list[Card]) -> tuple[str, str] | None:
    """Describe (Chinese, English) the first pair of neighbours in a row that touch with a shared symbol, if any."""
    for a, b in zip(row, row[1:]):
        shared = model.edge_clash(a, b)
        if shared:
            return (f"{tower_zh(a)}與{tower_zh(b)}以{_symbols_zh(shared)}對{_symbols_zh(shared)}相連",
                    f"{tower_en(a)} and {tower_en(b)} touch {_symbols_en(shared)} to {_symbols_en(shared)}")
    return None


def _names(cards: list[Card]) -> list[str]:
    """Card ids of a list of cards (machine values, for details)."""
    return [c.name for c in cards]


def _list_zh(cards: list[Card]) -> str:
    """Towers named in Chinese text, e.g. '紅4、綠4'."""
    return "、".join(tower_zh(c) for c in cards)


def _list_en(cards: list[Card], last: str = "and") -> str:
    """Towers named in English text, e.g. 'red 4, green 4 and blue 5'."""
    names = [tower_en(c) for c in cards]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}"


def _count_en(n: int, word: str) -> str:
    """'1 card', '3 cards'."""
    return f"{n} {word}" + ("" if n == 1 else "s")


class _Input(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ---------------------------------------------------------------- onirim.tower_placement

class TowerPlacementInput(_Input):
    """A Tower row (left to right), a Tower to add, and the end it goes on."""

    row: Annotated[list[TowerId] | None, S.TOWER_ROW] = Field(
        None, description="Tower row left to right, e.g. ['red-4']; omitted = general question")
    tower: Annotated[TowerId | None, S.NEW_TOWER] = Field(None, description="the Tower to add, e.g. 'green-4'")
    side: Annotated[Literal["left", "right"], S.SIDE] = "right"

    @model_validator(mode="after")
    def _distinct(self) -> "TowerPlacementInput":
        _no_repeats((self.row or []) + ([self.tower] if self.tower else []), "Tower")
        return self


SIDE_EDGE_ZH = {"left": "左邊", "right": "右邊"}


def _placement_without_row(t: Trace, new: Any, side: str) -> Verdict:
    """A Tower named with no row: an empty row is not assumed; the answer is given for every row end."""
    rule = "onirim.tower_placement"
    facing = tower_edges(new)[0] if side == "right" else tower_edges(new)[1]
    other = "left" if side == "right" else "right"
    nz, ne = tower_zh(new), tower_en(new)
    t.add(f"題目沒有說高塔列上有哪些高塔；放在{SIDE_ZH[side]}時，{nz}的{SIDE_EDGE_ZH[other]}"
          f"（{_symbols_zh(facing)}）會與高塔列那一端相連", None, "onirim/towers/row",
          en=f"The question does not say which Towers the row holds; on the {side}, {ne}'s {other} edge "
             f"({_symbols_en(facing)}) would touch that end of the row")
    cases = [Case(when="高塔列還是空的", when_en="the Tower row is empty", value=True,
                  cites=["onirim/towers/row"], condition={"row": []})]
    if facing:
        cases += [
            Case(when=f"高塔列那一端的邊也有{_symbols_zh(facing)}", when_en=f"that end of the row also shows "
                 f"{_symbols_en(facing)}", value=False, cites=["onirim/towers/row"]),
            Case(when=f"高塔列那一端的邊沒有{_symbols_zh(facing)}", when_en=f"that end of the row shows no "
                 f"{_symbols_en(facing)}", value=True, cites=["onirim/towers/row"]),
        ]
        return t.verdict(rule, DEPENDS, f"要看高塔列那一端的圖示：{nz}的那一邊是{_symbols_zh(facing)}，"
                         "相連的邊不能有相同圖示。",
                         explanation_en=f"It depends on that end of the row: {ne}'s edge there shows "
                                        f"{_symbols_en(facing)}, and touching edges may share no symbol.",
                         cases=cases)
    return t.verdict(rule, True, f"可以：{nz}這一邊沒有圖示，不會與任何高塔相衝。", cases=[],
                     explanation_en=f"Yes: {ne} shows no symbol on that edge, so it clashes with no Tower.",
                     details={"touching": None, "shared": []})


@rule(
    "onirim.tower_placement",
    {"zh-TW": "高塔可以放在高塔列的這一端嗎？", "en": "May this Tower go at this end of the Tower row?"},
    TowerPlacementInput, ("onirim/towers/row", "onirim/towers/components"),
    {"zh-TW": ("紅4高塔右邊可以放藍4嗎？", "高塔相鄰的圖示可以一樣嗎？", "高塔列要怎麼擺才合法？",
               "棕3能接在藍5的左側嗎？", "哪些高塔不能擺在隔壁？", "新的塔要加在塔列的左端還是右端？",
               "塔列最右邊是紅5，綠3可以放在它旁邊嗎？"),
     "zh-CN": ("红4高塔右边可以放蓝4吗？", "高塔相邻的图示可以一样吗？", "高塔列要怎么摆才合法？",
               "棕3能接在蓝5的左侧吗？", "哪些高塔不能摆在隔壁？"),
     "en": ("Can I put blue-4 to the right of red-4 in the tower row?",
            "Can two neighbouring towers show the same symbol?", "Where can I place a tower in the tower row?",
            "Is it legal to play green-3 on the left end next to brown-5?",
            "Which towers are not allowed to be placed side by side?",
            "Does a moon edge next to a moon edge block the placement?")},
    "A Tower goes on either end of the row; the touching edges may share no symbol.")
def tower_placement(inp: TowerPlacementInput) -> Verdict:
    """Decide whether a Tower may be added at one end of a Tower row."""
    rule = "onirim.tower_placement"
    t = Trace()
    t.assume(*EDGES_SOURCE)
    t.assume(*TOWER_ENDS)
    if inp.tower is None:
        t.add("依序擺放高塔卡時，相連的兩邊不能有相同圖示（不能太陽對太陽，也不能月亮對月亮）",
              None, "onirim/towers/row",
              en="as Towers are laid in a row, touching edges may show no common symbol "
                 "(no sun next to sun, no moon next to moon)")
        cases = [
            Case(when="高塔列還是空的", when_en="the Tower row is empty", value=True,
                 cites=["onirim/towers/row"]),
            Case(when="相連的兩邊沒有相同圖示", when_en="the touching edges share no symbol", value=True,
                 cites=["onirim/towers/row"]),
            Case(when="相連的兩邊有相同圖示（例如月亮對月亮）",
                 when_en="the touching edges share a symbol (e.g. moon meets moon)", value=False,
                 cites=["onirim/towers/row"]),
        ]
        return t.verdict(rule, DEPENDS, "要看會相連的兩邊：只有兩邊沒有相同圖示時，才能放這張高塔。",
                         explanation_en="It depends on the two edges that would touch: a Tower may be placed "
                         "only if they show no common symbol.", cases=cases)
    new = tower(inp.tower)
    if inp.row is None:
        return _placement_without_row(t, new, inp.side)
    row = [tower(n) for n in inp.row]
    clash = _row_clash(row)
    if clash:
        t.add(f"給定的高塔列本身合法（{clash[0]}）", False, "onirim/towers/row",
              en=f"the given row is itself legal ({clash[1]})")
        t.assume(f"給定的高塔列不可能排得出來（{clash[0]}）；只判斷新加的這一邊",
                 en=f"The given row could not have been built ({clash[1]}); only the new edge is judged")
    pair = model.placement_edges(row, new, inp.side)
    if pair is None:
        t.add(f"高塔列是空的，所以{tower_zh(new)}不會與其他高塔相連", True, "onirim/towers/row",
              en=f"the row is empty, so {tower_en(new)} touches no other Tower")
        return t.verdict(rule, True, f"可以：{tower_zh(new)}成為高塔列的第一張高塔。",
                         explanation_en=f"Yes: {tower_en(new)} starts the Tower row.",
                         details={"row_after": [new.name], "touching": None, "shared": []})
    left, right = pair
    left_edge, right_edge = tower_edges(left)[1], tower_edges(right)[0]
    lz, rz, le, re_ = tower_zh(left), tower_zh(right), tower_en(left), tower_en(right)
    t.add(f"{lz}的右邊（{_symbols_zh(left_edge)}）與{rz}的左邊（{_symbols_zh(right_edge)}）相連",
          None, "onirim/towers/row",
          en=f"{le}'s right edge ({_symbols_en(left_edge)}) touches {re_}'s left edge ({_symbols_en(right_edge)})")
    shared = model.edge_clash(left, right)
    ok = model.can_place_tower(row, new, inp.side)
    sz, se = _symbols_zh(shared), _symbols_en(shared)
    t.add("相連的兩邊沒有相同圖示" if ok else f"相連的兩邊都有{sz}：{sz}對{sz}", ok, "onirim/towers/row",
          en="the touching edges share no symbol" if ok else f"the touching edges share {se}: {se} meets {se}")
    after = [new] + row if inp.side == "left" else row + [new]
    if len(after) > model.ALIGNMENT_LENGTH:
        t.assume(*ROW_LENGTH_UNCONFIRMED)
    details = {"touching": {"left": left.name, "left_edge": _symbols(left_edge), "right": right.name,
                            "right_edge": _symbols(right_edge)},
               "shared": sorted(shared), "row_after": _names(after) if ok else _names(row),
               "alignment_after": ok and model.alignment_start(after) is not None}
    if ok:
        text = (f"可以：{tower_zh(new)}可以放在{SIDE_ZH[inp.side]}；{lz}（{_symbols_zh(left_edge)}）與"
                f"{rz}（{_symbols_zh(right_edge)}）沒有相同圖示。")
        text_en = (f"Yes: {tower_en(new)} may go on the {inp.side}; {le} ({_symbols_en(left_edge)}) and "
                   f"{re_} ({_symbols_en(right_edge)}) share no symbol.")
    else:
        text = (f"不行：放在{SIDE_ZH[inp.side]}時，{lz}的{_symbols_zh(left_edge)}邊會與"
                f"{rz}的{_symbols_zh(right_edge)}邊相連（{sz}對{sz}）。")
        text_en = (f"No: on the {inp.side}, {le}'s {_symbols_en(left_edge)} edge would touch "
                   f"{re_}'s {_symbols_en(right_edge)} edge ({se} meets {se}).")
    return t.verdict(rule, ok, text, explanation_en=text_en, details=details)


# ---------------------------------------------------------------- onirim.nightmare_tower_penalty

class NightmareTowerInput(_Input):
    """The Tower row when a Nightmare is resolved, and the variants that matter."""

    row: Annotated[list[TowerId] | None, S.TOWER_ROW] = Field(
        None, description="Tower row left to right; omitted = general question")
    alignment_power: Annotated[bool, S.ALIGNMENT_POWER] = Field(
        True, description="a complete Alignment protects the row (ladder rung 3)")
    nightmare_to_limbo: Annotated[bool, S.NIGHTMARE_TO_LIMBO] = Field(
        False, description="the player sends the Nightmare to Limbo instead")
    lost_tower_to: Annotated[Literal["limbo", "discard"], S.LOST_TOWER_TO] = Field(
        "limbo", description="where a lost Tower goes")
    row_state: Annotated[Literal["none", "in_progress", "complete"] | None, S.ROW_STATE] = Field(
        None, description="the row's state when its Towers are not listed: none built, in progress, or a "
                          "complete Alignment")

    @model_validator(mode="after")
    def _distinct(self) -> "NightmareTowerInput":
        _no_repeats(self.row, "Tower")
        # A row that could not have been built has no answer to give (which Towers could be lost from it
        # is meaningless): refused, naming the edges that touch.
        clash = _row_clash([tower(n) for n in self.row or []])
        if clash:
            raise ValueError(f"row: {clash[1]}, so this Tower row could not have been built")
        return self


@rule(
    "onirim.nightmare_tower_penalty",
    {"zh-TW": "抽到惡夢時一定要放棄一張高塔嗎？", "en": "Must a Tower be lost when a Nightmare is resolved?"},
    NightmareTowerInput,
    ("onirim/towers/nightmare", "onirim/towers/removal", "onirim/towers/exceptions",
     "onirim/ladder/3-towers-power", "onirim/ladder/4-towers-no-power"),
    {"zh-TW": ("抽到Nightmare時要失去高塔嗎？", "惡夢會破壞高塔列嗎？", "哪一張高塔可以被放棄？"),
     "zh-CN": ("抽到Nightmare时要失去高塔吗？", "恶梦会破坏高塔列吗？", "哪一张高塔可以被放弃？"),
     "en": ("Can a Nightmare break the tower row?", "Do I lose a tower when I draw a Nightmare?",
            "Which tower can I give up to a Nightmare?")},
    "While Towers are built, a Nightmare costs one Tower unless it goes to Limbo or a powered Alignment stands.")
def nightmare_tower_penalty(inp: NightmareTowerInput) -> Verdict:
    """Decide whether resolving a Nightmare costs a Tower, and which Towers may be lost."""
    rule = "onirim.nightmare_tower_penalty"
    t = Trace()
    t.assume(*(LOST_TOWER_LIMBO if inp.lost_tower_to == "limbo" else LOST_TOWER_DISCARD))
    where = "Limbo" if inp.lost_tower_to == "limbo" else "the discard pile"
    where_zh = "Limbo牌堆" if inp.lost_tower_to == "limbo" else "棄牌堆"
    if inp.row is None and inp.row_state is not None:
        return _nightmare_by_row_state(rule, t, inp, where, where_zh)
    if inp.row is None:
        t.add("已有正在成形的高塔列時，解決夢魘還必須失去一張高塔", True, "onirim/towers/nightmare",
              en="with a Tower row in progress, resolving a Nightmare also costs one Tower")
        t.add("失去高塔後必須留下合法的高塔列：它左右兩張因而相連的高塔不能有相同圖示", None,
              "onirim/towers/removal",
              en="the Tower lost must leave a legal row: its two neighbours may then touch only without a "
                 "shared symbol")
        t.add("若把夢魘放回Limbo牌堆，或高塔列已完成且產生效應，就不必失去高塔", None,
              "onirim/towers/exceptions",
              en="no Tower is lost if the Nightmare goes to Limbo, or if the Alignment is complete and "
                 "has its power")
        cases = [
            Case(when="高塔列正在成形（尚未完成）", when_en="Tower row in progress (no complete Alignment)",
                 value=True, explanation=f"高塔列正在成形時，失去的那張高塔放到{where_zh}",
                 explanation_en=f"with a Tower row in progress, the Tower lost goes to {where}",
                 cites=["onirim/towers/nightmare", "onirim/towers/removal"]),
            Case(when="高塔列已完成且產生效應（難度第3級）", when_en="Alignment complete, with power (ladder rung 3)",
                 value=False, cites=["onirim/towers/exceptions", "onirim/ladder/3-towers-power"]),
            Case(when="高塔列已完成但不產生效應（難度第4級）",
                 when_en="Alignment complete, without power (ladder rung 4)", value=True,
                 cites=["onirim/ladder/4-towers-no-power"]),
            Case(when="夢魘放回Limbo牌堆而非棄牌堆", when_en="Nightmare sent to Limbo instead of the discard pile",
                 value=False, cites=["onirim/towers/exceptions"]),
            Case(when="還沒有擺出任何高塔", when_en="no Tower built yet", value=False,
                 cites=["onirim/towers/nightmare"]),
        ]
        return t.verdict(rule, DEPENDS, "要看情況：已擺出高塔時，夢魘會讓你失去一張，除非把夢魘放回Limbo牌堆，"
                         "或完成的高塔列產生效應。",
                         explanation_en="It depends: with Towers built, a Nightmare costs one, unless it goes to "
                         "Limbo or a complete Alignment has its power.", cases=cases)
    row = [tower(n) for n in inp.row]
    state = model.State(options=model.Options(towers=True, alignment_power=inp.alignment_power,
                                              lost_tower_to=inp.lost_tower_to),
                        seed=0, towers=tuple(c.index for c in row))
    removable_cards = [row[i] for i in model.removable_towers(row)]
    removable = _names(removable_cards)
    complete = model.alignment_complete(state)
    details: dict[str, Any] = {"removable": removable, "alignment_complete": complete,
                               "lost_tower_to": inp.lost_tower_to}
    if not t.add(f"高塔列正在成形（{len(row)}張高塔）", bool(row), "onirim/towers/nightmare",
                 en=f"a Tower row is in progress ({_count_en(len(row), 'Tower')})"):
        return t.verdict(rule, False, "不必：還沒有擺出任何高塔，所以夢魘不會讓你失去高塔。",
                         explanation_en="No: no Tower is built, so a Nightmare costs no Tower.",
                         details={**details, "removable": []})
    if complete:
        t.assume("高塔列效應是變體規則：有效應時（難度第3級），完成的高塔列會保護高塔；"
                 "沒有效應時（第4級）則不會",
                 en="Alignment power is a variant: with it (ladder rung 3) a complete Alignment protects the row; "
                    "without it (rung 4) it does not")
        t.add("高塔列（四張相連、四種顏色的高塔）已完成", True, "onirim/towers/exceptions",
              en="the Alignment (four adjacent Towers of four colours) is complete")
        spared = _power_spares(rule, t, inp, {**details, "removable": []})
        if spared:
            return spared
    if len(row) > 2:
        t.assume(*EDGES_SOURCE)
    for i, c in enumerate(row):
        if 0 < i < len(row) - 1:
            ok = c.name in removable
            clash = model.edge_clash(row[i - 1], row[i + 1])
            t.add(f"移除中間的{tower_zh(c)}會讓{tower_zh(row[i - 1])}與{tower_zh(row[i + 1])}相連"
                  + ("" if ok else f"（{_symbols_zh(clash)}對{_symbols_zh(clash)}）"), ok, "onirim/towers/removal",
                  en=f"removing inner {tower_en(c)} would make {tower_en(row[i - 1])} touch {tower_en(row[i + 1])}"
                     + ("" if ok else f" ({_symbols_en(clash)} meets {_symbols_en(clash)})"))
    t.add(f"可以失去的高塔（兩端的一定可以；中間的只有在左右兩張可以相連時才行）：{_list_zh(removable_cards)}",
          None, "onirim/towers/removal",
          en=f"Towers that may be lost (ends always; inner ones only if the neighbours may touch): "
             f"{_list_en(removable_cards)}")
    spared = _limbo_spares(rule, t, inp, details)
    if spared:
        return spared
    lose_zh = (f"失去{tower_zh(removable_cards[0])}" if len(removable_cards) == 1 else
               f"從{_list_zh(removable_cards)}中選一張失去")
    return t.verdict(rule, True, f"必須：{lose_zh}，放到{where_zh}；或改把夢魘放回Limbo牌堆。",
                     explanation_en=f"Yes: lose {_list_en(removable_cards, 'or')} to {where}, or send the Nightmare "
                     "to Limbo instead.", details=details)


def _power_spares(rule: str, t: Trace, inp: NightmareTowerInput, details: dict[str, Any]) -> Verdict | None:
    """With a complete Alignment: the "no" verdict when its power protects the row, else None."""
    if t.add("高塔列產生效應", inp.alignment_power, "onirim/towers/exceptions",
             "onirim/ladder/3-towers-power" if inp.alignment_power else "onirim/ladder/4-towers-no-power",
             en="the Alignment has its power"):
        return t.verdict(rule, False, "不必：完成的高塔列產生效應，所以夢魘不會讓你失去高塔。",
                         explanation_en="No: the complete Alignment has its power, so the Nightmare costs no Tower.",
                         details=details)
    return None


def _limbo_spares(rule: str, t: Trace, inp: NightmareTowerInput, details: dict[str, Any]) -> Verdict | None:
    """The "no" verdict when the player sends the Nightmare to Limbo instead, else None."""
    if t.add("夢魘改放回Limbo牌堆", inp.nightmare_to_limbo, "onirim/towers/exceptions",
             en="the Nightmare is sent to Limbo instead"):
        return t.verdict(rule, False, "不必：把夢魘放回Limbo牌堆而不是棄牌堆，就能保住高塔。",
                         explanation_en="No: sending the Nightmare to Limbo instead of the discard pile "
                                        "spares the Towers.", details=details)
    return None


def _nightmare_by_row_state(rule: str, t: Trace, inp: NightmareTowerInput, where: str, where_zh: str) -> Verdict:
    """The Nightmare penalty when the question gives the row's state rather than its Towers."""
    details = {"row_state": inp.row_state, "lost_tower_to": inp.lost_tower_to}
    if not t.add("已經擺出高塔", inp.row_state != "none", "onirim/towers/nightmare",
                 en="a Tower has been built"):
        return t.verdict(rule, False, "不必：還沒有擺出任何高塔，所以夢魘不會讓你失去高塔。",
                         explanation_en="No: no Tower is built, so a Nightmare costs no Tower.", details=details)
    if inp.row_state == "complete":
        t.add("高塔列（四張相連、四種顏色的高塔）已完成", True, "onirim/towers/exceptions",
              en="the Alignment (four adjacent Towers of four colours) is complete")
        spared = _power_spares(rule, t, inp, details)
        if spared:
            return spared
    else:
        t.add("高塔列正在成形（尚未完成）", True, "onirim/towers/nightmare", en="a Tower row is in progress")
    spared = _limbo_spares(rule, t, inp, details)
    if spared:
        return spared
    t.add("可以失去兩端的高塔，或移除後左右兩張可以相連的中間那張", None, "onirim/towers/removal",
          en="an end Tower may be lost, or an inner one whose neighbours may then touch")
    return t.verdict(rule, True, f"必須：失去一張高塔，放到{where_zh}；或改把夢魘放回Limbo牌堆。",
                     explanation_en=f"Yes: lose one Tower to {where}, or send the Nightmare to Limbo instead.",
                     details=details)


# ---------------------------------------------------------------- onirim.alignment_complete

class AlignmentInput(_Input):
    """A Tower row, left to right."""

    row: Annotated[list[TowerId] | None, S.TOWER_ROW] = Field(
        None, description="Tower row left to right; omitted = general question")

    @model_validator(mode="after")
    def _distinct(self) -> "AlignmentInput":
        _no_repeats(self.row, "Tower")
        return self


@rule(
    "onirim.alignment_complete",
    {"zh-TW": "高塔列完成了嗎？", "en": "Is the Tower Alignment complete?"},
    AlignmentInput, ("onirim/towers/row", "onirim/towers/exceptions"),
    {"zh-TW": ("高塔列怎樣才算完成？", "我的高塔列紅藍綠棕算完成嗎？", "四張高塔要不同顏色嗎？",
               "什麼叫做完成高塔連線？", "高塔列裡有兩座紅塔還算連線嗎？", "三座塔算不算已經連成一線？"),
     "zh-CN": ("高塔列怎样才算完成？", "我的高塔列红蓝绿棕算完成吗？", "四张高塔要不同颜色吗？",
               "什么叫做完成高塔连线？"),
     "en": ("When is the tower alignment complete?", "Is red, blue, green, brown a complete tower row?",
            "Do the four towers need different colours?",
            "I have brown-5, green-3 and red-3 in my row: is that a finished alignment?",
            "Does an alignment count if two of its towers are the same colour?")},
    "Complete when four adjacent Towers show four different colours.")
def alignment_complete(inp: AlignmentInput) -> Verdict:
    """Decide whether a Tower row contains a complete Alignment."""
    rule = "onirim.alignment_complete"
    t = Trace()
    if inp.row is None:
        t.add("完成的高塔列是四張相連、每種顏色各一張的高塔", None, "onirim/towers/row",
              "onirim/towers/exceptions", en="an Alignment is four adjacent Towers, one of each colour")
        cases = [Case(when="四張相連的高塔顏色各不相同", when_en="four adjacent Towers of four different colours",
                      value=True, cites=["onirim/towers/row"]),
                 Case(when="不到四張高塔，或其中有重複的顏色",
                      when_en="fewer than four Towers, or a colour repeated among them", value=False,
                      cites=["onirim/towers/row"])]
        return t.verdict(rule, DEPENDS, "要看高塔列：有四張相連且顏色各不相同的高塔，高塔列就完成了。",
                         explanation_en="It depends on the row: four adjacent Towers of four different colours "
                         "complete it.", cases=cases)
    row = [tower(n) for n in inp.row]
    if len(row) > model.ALIGNMENT_LENGTH:
        t.assume(*ROW_LENGTH_UNCONFIRMED)
    clash = _row_clash(row)
    if clash:
        t.assume(*EDGES_SOURCE)
        t.add(f"高塔列合法（{clash[0]}）", False, "onirim/towers/row", en=f"the row is legal ({clash[1]})")
        return t.verdict(rule, False, f"否：這個高塔列排不出來，因為{clash[0]}。",
                         explanation_en=f"No: this row cannot be built, since {clash[1]}.", details={"alignment": []})
    t.add(f"高塔列有{len(row)}張高塔", len(row) >= model.ALIGNMENT_LENGTH, "onirim/towers/row",
          en=f"the row holds {_count_en(len(row), 'Tower')}")
    start = model.alignment_start(row)
    if start is None:
        colours = [c.colour for c in row]
        t.add(f"有四張相連且顏色各不相同的高塔（高塔列的顏色：{'、'.join(COLOUR_ZH[c] for c in colours) or '空'}）",
              False, "onirim/towers/row",
              en=f"four adjacent Towers show four different colours (the row's colours: "
                 f"{', '.join(colours) or 'none'})")
        return t.verdict(rule, False, "否：高塔列中沒有四張相連且顏色各不相同的高塔。",
                         explanation_en="No: the row has no four adjacent Towers of four different colours.",
                         details={"alignment": []})
    found = row[start:start + model.ALIGNMENT_LENGTH]
    t.add(f"{_list_zh(found)}相連且顏色各不相同", True, "onirim/towers/row",
          "onirim/towers/exceptions", en=f"{_list_en(found)} are adjacent and of four different colours")
    return t.verdict(rule, True, f"是：{_list_zh(found)}組成完成的高塔列。",
                     explanation_en=f"Yes: {_list_en(found)} form a complete Alignment.",
                     details={"alignment": _names(found)})


# ---------------------------------------------------------------- onirim.tower_discard_peek

class TowerPeekInput(_Input):
    """The Tower discarded, and optionally how many cards are left in the deck."""

    tower: Annotated[TowerId | None, S.DISCARDED_TOWER] = Field(
        None, description="the Tower discarded, e.g. 'green-4'; omitted = general question")
    deck_size: Annotated[int | None, S.DECK_SIZE] = Field(None, ge=0, description="cards left in the deck, if known")


@rule(
    "onirim.tower_discard_peek",
    {"zh-TW": "棄掉高塔可以看幾張牌？", "en": "How many cards does discarding a Tower let you look at?"},
    TowerPeekInput, ("onirim/towers/discard",),
    {"zh-TW": ("棄掉高塔卡有什麼效果？", "把綠色那座4號塔丟掉的話，我能偷看牌堆頂多少張？", "高塔卡當棄牌時可以重排牌堆嗎？"),
     "zh-CN": ("弃掉高塔卡有什么效果？", "把绿色那座4号塔丢掉的话，我能偷看牌堆顶多少张？", "高塔卡当弃牌时可以重排牌堆吗？"),
     "en": ("What happens when I discard a tower?", "How many cards can I look at when I discard green-4?",
            "Does discarding a tower let me reorder the deck?")},
    "Discarding a Tower lets you look at the top N cards (its number, 3-5) and put them back in any order.")
def tower_discard_peek(inp: TowerPeekInput) -> Verdict:
    """Count the deck cards a discarded Tower lets the player look at and reorder."""
    rule = "onirim.tower_discard_peek"
    t = Trace()
    if inp.tower is None:
        t.add("棄掉高塔卡可以看補充牌堆頂的3-5張牌（依高塔卡下方的數字），再依想要的順序放回牌堆頂",
              None, "onirim/towers/discard",
              en="discarding a Tower shows the top 3-5 cards (its number); put them back on top in any order")
        cases = [Case(when=f"數字為{n}的高塔", when_en=f"a Tower numbered {n}", value=n,
                      cites=["onirim/towers/discard"]) for n in (3, 4, 5)]
        return t.verdict(rule, DEPENDS, "要看高塔卡的數字：看補充牌堆頂相同張數（3-5張）的牌，再依任意順序放回。",
                         explanation_en="It depends on the Tower's number: look at that many (3-5) top cards and "
                         "put them back in any order.", cases=cases)
    card = tower(inp.tower)
    # Discard the Tower from a model hand and read how many cards the look covers.
    deck = tuple(c.index for c in CARDS if c.kind == "location")
    deck = deck if inp.deck_size is None else deck[:inp.deck_size]
    state = model.State(options=model.Options(towers=True), seed=0, hand=(card.index,), deck=deck)
    after = model.apply(state, model.Discard(card.index))
    pending = after.pending
    count = pending.count if isinstance(pending, model.PendingArrange) else 0
    t.add(f"{tower_zh(card)}的數字是{card.number}", None, "onirim/towers/discard",
          en=f"{tower_en(card)} shows the number {card.number}")
    if inp.deck_size is not None and inp.deck_size < (card.number or 0):
        t.add(f"補充牌堆只剩{inp.deck_size}張牌", True, "onirim/towers/discard",
              en=f"only {_count_en(inp.deck_size, 'card')} left in the deck")
        t.assume("補充牌堆的張數少於高塔卡的數字時，就看全部的牌（規則原文沒有說）",
                 en="With fewer cards in the deck than the Tower's number, you look at all of them (the rules text "
                    "does not say)")
    if count == 0:
        text, text_en = "沒有牌可看：補充牌堆已經沒有牌了。", "Nothing to look at: the deck is empty."
    elif count == 1:
        text, text_en = "看補充牌堆頂的1張牌，再放回牌堆頂。", "Look at the top card and put it back on top."
    else:
        text = f"看補充牌堆頂的{count}張牌，再依任意順序放回牌堆頂。"
        text_en = f"Look at the top {count} cards and put them back on top in any order."
    return t.verdict(rule, count, text, explanation_en=text_en,
                     details={"number": card.number, "count": count, "reorder": True, "discard": False})


# ---------------------------------------------------------------- onirim.book_door

# How the two outcomes for a Door read (zh-TW, English): the verdict's value is "keep" or "limbo".
DOOR_OUTCOME = {"keep": ("保留", "keep it"), "limbo": ("放進Limbo牌堆", "it goes to Limbo")}


def _door_case(when: str, when_en: str, value: str) -> Case:
    """A case of the Door verdict, its value worded for players."""
    return Case(when=when, when_en=when_en, value=value, value_text=DOOR_OUTCOME[value][0],
                value_text_en=DOOR_OUTCOME[value][1], cites=["onirim/book/goal-order"])


class BookDoorInput(_Input):
    """The Goals still to reach, in row order, and the colour of a Door just obtained."""

    goals: Annotated[list[Colour] | None, S.GOALS] = Field(
        None, description="colours of the Goals still to reach, first = next (the whole row when `reached` is said)")
    reached: Annotated[int | None, S.REACHED_BEFORE_DOOR] = Field(
        None, ge=0, le=8, description="how many Goals of the row, from the left, already hold a Door")
    door: Annotated[Colour | None, S.DOOR] = Field(None, description="colour of the Door obtained")
    door_fits: Annotated[bool | None, S.DOOR_FITS] = Field(
        None, description="whether the Door matches the first Goal still to reach (when the colours are not given)")

    def still_to_reach(self) -> list[Colour] | None:
        """The Goals still to reach, in order: the row after the ones reached."""
        return None if self.goals is None else list(self.goals)[self.reached or 0:]

    @model_validator(mode="after")
    def _counts(self) -> "BookDoorInput":
        if self.goals is not None:
            over = [c for c, n in Counter(self.goals).items() if n > 2]
            if over:
                raise ValueError(f"there are 2 Goals per colour, but {over} appear more than twice")
            # Goals reached are counted along the whole row: with fewer Goals named, they may be the ones still to
            # reach ("接下來要的是棕色，再來是綠、紅"), and which Goal is next cannot be told.
            if self.reached is not None and len(self.goals) != len(GOAL_CARDS):
                raise ValueError(f"reached: counted along the whole row of {len(GOAL_CARDS)} Goals, but "
                                 f"{len(self.goals)} are named")
        left = self.still_to_reach()
        if left and self.door is not None and self.door_fits is not None \
                and model.door_fits_goal(left[0], self.door) != self.door_fits:
            raise ValueError(f"door_fits: expected {not self.door_fits} for a {self.door} Door and the next Goal "
                             f"{left[0]}, found {self.door_fits}")
        return self


@rule(
    "onirim.book_door",
    {"zh-TW": "拿到的門符合目標順序嗎（保留或進Limbo）？", "en": "Does a Door fit the Goal order (keep or Limbo)?"},
    BookDoorInput, ("onirim/book/goal-order", "onirim/book/components"),
    {"zh-TW": ("目標是紅色但拿到藍色的門怎麼辦？", "書本擴充的門一定要照順序拿嗎？", "不符合目標的門要放哪裡？"),
     "zh-CN": ("目标是红色但拿到蓝色的门怎么办？", "书本扩充的门一定要照顺序拿吗？", "不符合目标的门要放哪里？"),
     "en": ("The next goal is red but I got a blue door, what happens?",
            "Do doors have to follow the goal order in the Book expansion?",
            "Where does a door that does not match the goal go?")},
    "With the Book, a Door is kept only if it matches the first Goal still to reach; otherwise it goes to Limbo.")
def book_door(inp: BookDoorInput) -> Verdict:
    """Decide whether an obtained Door is kept or goes to Limbo under the Book's Goal order."""
    rule = "onirim.book_door"
    t = Trace()
    t.add("門卡必須依目標卡的順序收集；不照順序取得的門卡放進Limbo牌堆，等洗牌階段再洗回牌堆", None,
          "onirim/book/goal-order",
          en="Doors must be collected in the order of the Goal row; a Door out of order goes to Limbo and is "
             "shuffled back later")
    t.assume("規則原文「目標順序以外的門卡放進Limbo牌堆」套用在每一種取得門卡的方式（迷宮連續三張或鑰匙卡）",
             en="The rule that a Door out of Goal order goes to Limbo is applied to every way of obtaining a Door "
                "(a Labyrinth run or a Key)")
    if (inp.goals is None or inp.door is None) and inp.door_fits is not None:
        t.add("門卡符合下一張尚未達成的目標卡", inp.door_fits, "onirim/book/goal-order",
              en="the Door matches the first Goal still to reach")
        value = "keep" if inp.door_fits else "limbo"
        text, text_en = (("保留：門卡放在它符合的目標卡上。", "Keep it: the Door goes on the Goal it matches.")
                         if inp.door_fits else
                         ("放進Limbo牌堆：門卡不符合下一張目標卡，之後會洗回補充牌堆。",
                          "It goes to Limbo: the Door does not match the next Goal and is shuffled back into the deck "
                          "later."))
        return t.verdict(rule, value, text, explanation_en=text_en,
                         value_text=DOOR_OUTCOME[value][0], value_text_en=DOOR_OUTCOME[value][1])
    goals = inp.still_to_reach()
    if goals is None or inp.door is None:
        cases = [_door_case("門卡符合下一張尚未達成的目標卡", "the Door matches the first Goal still to reach", "keep"),
                 _door_case("門卡是其他顏色", "the Door is of another colour", "limbo")]
        if goals:
            cases = [_door_case(f"{COLOUR_ZH[c]}門卡", f"a {c} Door",
                                "keep" if model.door_fits_goal(goals[0], c) else "limbo") for c in COLOURS]
        return t.verdict(rule, DEPENDS, "要看顏色：只有符合下一張目標卡的門卡才能保留。",
                         explanation_en="It depends on the colour: only a Door matching the next Goal is kept.",
                         cases=cases)
    next_colour = goals[0] if goals else None
    next_zh = COLOUR_ZH[next_colour] if next_colour else None
    if inp.reached:
        t.add(f"目標卡列左起前 {inp.reached} 張已經放上門卡", None, "onirim/book/goal-order",
              en=f"the first {inp.reached} Goals of the row already hold a Door")
    door_zh = COLOUR_ZH[inp.door]
    t.add(f"下一張要達成的目標卡是{next_zh or '無（全部已達成）'}", None, "onirim/book/goal-order",
          en=f"the next Goal to reach is {next_colour or 'none (all reached)'}")
    fits = model.door_fits_goal(next_colour, inp.door)
    t.add(f"{door_zh}門卡符合這張目標卡", fits, "onirim/book/goal-order", en=f"the {inp.door} Door matches it")
    value = "keep" if fits else "limbo"
    if fits:
        text = f"保留：{door_zh}門卡放在{door_zh}目標卡上。"
        text_en = f"Keep it: the {inp.door} Door goes on the {inp.door} Goal."
    elif next_colour is None:
        text = f"放進Limbo牌堆：目標卡已全部達成，{door_zh}門卡沒有目標可放，之後會洗回補充牌堆。"
        text_en = (f"It goes to Limbo: every Goal is reached, so the {inp.door} Door fits none; it is shuffled "
                   "back later.")
    else:
        text = f"放進Limbo牌堆：{door_zh}門卡不符合下一張目標卡（{next_zh}），之後會洗回補充牌堆。"
        text_en = (f"It goes to Limbo: the {inp.door} Door does not match the next Goal ({next_colour}) and is "
                   "shuffled back into the deck later.")
    return t.verdict(rule, value, text, explanation_en=text_en,
                     value_text=DOOR_OUTCOME[value][0], value_text_en=DOOR_OUTCOME[value][1],
                     details={"next_goal": next_colour, "goals_after": goals[1:] if fits else goals})


# ---------------------------------------------------------------- onirim.book_return_door

class BookReturnInput(_Input):
    """The Goal row (colours in order), which Goals hold a Door, and which Door goes back to Limbo."""

    goals: Annotated[list[Colour] | None, S.GOALS] = Field(None, description="colours of all Goals in row order")
    reached: Annotated[int | None, S.REACHED] = Field(
        None, ge=0, le=8, description="how many Goals, from the left, already hold a Door")
    returned: Annotated[int | None, S.RETURNED] = Field(
        None, ge=1, le=8, description="1-based position of the Goal whose Door goes back")
    returned_door: Annotated[Colour | None, S.RETURNED_DOOR] = Field(
        None, description="colour of the Door that goes back, when its position is not said")

    def held_goals(self) -> list[Colour]:
        """The Goals that hold a Door: the first `reached` of the row (the whole row when that is not said)."""
        return list(self.goals or [])[:self.reached]

    @model_validator(mode="after")
    def _consistent(self) -> "BookReturnInput":
        if self.goals is not None:
            over = [c for c, n in Counter(self.goals).items() if n > 2]
            if over:
                raise ValueError(f"there are 2 Goals per colour, but {over} appear more than twice")
            if self.reached is not None and self.reached > len(self.goals):
                raise ValueError(f"reached: at most {len(self.goals)} Goals can be reached")
        if self.returned is not None and self.reached is not None and self.returned > self.reached:
            raise ValueError(f"returned: Goal {self.returned} holds no Door (only the first {self.reached} do)")
        if self.returned is not None and self.goals is not None and self.returned > len(self.goals):
            raise ValueError(f"returned: Goal {self.returned} is not in a row of {len(self.goals)} Goals")
        if self.returned_door is not None and self.goals is not None and self.returned is None:
            held = self.held_goals()
            if self.returned_door not in held:
                raise ValueError(f"returned_door: a {self.returned_door} Door sits only on a {self.returned_door} "
                                 f"Goal, and none of the Goals {'reached' if self.reached is not None else 'named'} "
                                 f"({', '.join(held) or 'none'}) is {self.returned_door}")
        return self


def _goal_state(goals: list[str], reached: int) -> model.State:
    """A Book state whose Goal row has these colours and whose first `reached` Goals hold Doors."""
    goal_pool = {c: [g for g in GOAL_CARDS if CARDS[g].colour == c] for c in COLOURS}
    door_pool = {c: [BY_NAME[f"{c}-door-{i}"].index for i in (1, 2)] for c in COLOURS}
    goal_cards = tuple(goal_pool[c].pop(0) for c in goals)
    doors = tuple(door_pool[c].pop(0) for c in goals[:reached])
    return model.State(options=model.Options(book=True), seed=0, goals=goal_cards,
                       goal_doors=doors + (None,) * (len(goals) - reached), doors=doors)


@rule(
    "onirim.book_return_door",
    {"zh-TW": "門放回Limbo後下一個目標是哪一個？", "en": "Which Goal is next after a Door goes back to Limbo?"},
    BookReturnInput, ("onirim/book/nightmare-door", "onirim/book/goal-order"),
    {"zh-TW": ("用門解決惡夢後要先達成哪個目標？", "繳回一張門之後目標順序怎麼算？", "把門放回Limbo之後下一個目標是？"),
     "zh-CN": ("用门解决恶梦后要先达成哪个目标？", "缴回一张门之后目标顺序怎么算？", "把门放回Limbo之后下一个目标是？"),
     "en": ("After I return a door to Limbo for a Nightmare, which goal comes next?",
            "Which goal do I have to reach after giving back a door?",
            "Does the goal order change when a door goes back to Limbo?")},
    "A Door sent back to Limbo reopens its Goal, which becomes the next Goal to reach.")
def book_return_door(inp: BookReturnInput) -> Verdict:
    """Find the next Goal to reach after one of the player's Doors goes back to Limbo."""
    rule = "onirim.book_return_door"
    t = Trace()
    t.add("用繳回門卡來解決夢魘：可選任一張已取得的門卡，將它放回Limbo牌堆", None,
          "onirim/book/nightmare-door",
          en="resolving a Nightmare by returning a Door: choose any Door you hold and put it into Limbo")
    t.add("接下來要先達成的目標卡，就是剛繳回的那張門卡所在的目標卡", None, "onirim/book/nightmare-door",
          en="the Goal of that Door is the next one to reach")
    returned = inp.returned
    if returned is None and inp.returned_door is not None:
        # A Door sits only on a Goal of its colour: the Goal reopened is that colour whichever of the two it was.
        colour = inp.returned_door
        places = [i + 1 for i, c in enumerate(inp.held_goals()) if c == colour]
        if len(places) == 1:
            returned = places[0]
        else:
            colour_zh = COLOUR_ZH[colour]
            t.add(f"{colour_zh}門卡只會放在{colour_zh}目標卡上", None, "onirim/book/goal-order",
                  en=f"a {colour} Door sits only on a {colour} Goal")
            where = "、".join(f"第{p}張" for p in places)
            return t.verdict(rule, colour, f"{colour_zh}目標卡（放著這張門的那一張{f'：{where}之一' if places else ''}）"
                             "再次成為下一個目標；達成之後，再從第一張尚未達成的目標卡繼續。",
                             explanation_en=f"The {colour} Goal that held this Door"
                             + (f" (Goal {' or '.join(map(str, places))})" if places else "")
                             + " is next again; after it, the order resumes at the first Goal still open.",
                             value_text=f"{colour_zh}目標卡", value_text_en=f"the {colour} Goal",
                             details={"colour": colour, "positions": places or None})
    if inp.goals is None or returned is None:
        return t.verdict(rule, "the returned Door's Goal", "繳回的那張門卡所在的目標卡成為下一個目標；"
                         "達成後，再從第一張尚未達成的目標卡繼續。",
                         explanation_en="The Goal whose Door you gave back is next; after it, the order resumes "
                         "at the first Goal still open.",
                         value_text="繳回的門卡所在的目標卡", value_text_en="the Goal whose Door went back")
    reached = inp.reached if inp.reached is not None else returned
    if inp.reached is None:
        t.assume(f"假設前{reached}張目標卡已放有門卡（題目沒有說已達成幾個目標）",
                 en=f"The first {_count_en(reached, 'Goal')} are taken to hold Doors (the question does not say how "
                    "many Goals are reached)" if reached != 1 else
                    "The first Goal is taken to hold a Door (the question does not say how many Goals are reached)")
    state = _goal_state(list(inp.goals), reached)
    door = state.goal_doors[returned - 1]
    before = model.open_goal(state)
    after = model.lose_door(state, door)  # type: ignore[arg-type]
    pos = model.open_goal(after)
    assert pos is not None
    colour = CARDS[after.goals[pos]].colour
    colour_zh = COLOUR_ZH[colour]
    t.add(f"之前：下一個目標是{f'第{before + 1}張' if before is not None else '無（全部已達成）'}；"
          f"第{returned}張目標卡上的門卡（{colour_zh}）放回Limbo牌堆", None, "onirim/book/nightmare-door",
          en=f"before: the next Goal was {f'Goal {before + 1}' if before is not None else 'none (all reached)'}; "
             f"the Door on Goal {returned} ({colour}) goes to Limbo")
    later = model.first_open_goal([CARDS[g].colour for g in after.goals],
                                  [d is not None or i == pos for i, d in enumerate(after.goal_doors)])
    t.add(f"現在下一個目標是第{pos + 1}張（{colour_zh}）", True, "onirim/book/nightmare-door",
          en=f"the next Goal is now Goal {pos + 1} ({colour})")
    later_colour = CARDS[after.goals[later]].colour if later is not None else None
    return t.verdict(rule, colour, f"第{pos + 1}張目標卡（{colour_zh}）再次成為下一個目標；達成之後，下一個是"
                     + (f"第{later + 1}張（{COLOUR_ZH[later_colour]}）。" if later is not None else "無：全部已達成。"),
                     explanation_en=f"Goal {pos + 1} ({colour}) is next again; once it is reached, the next is "
                     + (f"Goal {later + 1} ({later_colour})." if later is not None else "none: all reached."),
                     value_text=f"第{pos + 1}張目標卡（{colour_zh}）", value_text_en=f"Goal {pos + 1} ({colour})",
                     details={"position": pos + 1, "colour": colour,
                              "then": None if later is None else {"position": later + 1,
                                                                  "colour": CARDS[after.goals[later]].colour}})


# ---------------------------------------------------------------- onirim.spell_castable

class SpellInput(_Input):
    """A spell, the Spells card side in use, and the discard pile size."""

    spell: Annotated[SpellName | None, S.SPELL] = Field(None, description="which spell; omitted = general question")
    side: Annotated[Literal["cheap", "expensive"], S.SPELL_SIDE] = Field(
        "cheap", description="side of the Spells card in use")
    discard_pile: Annotated[int | None, S.DISCARD_PILE] = Field(
        None, ge=0, le=200, description="cards in the discard pile")
    nightmare_just_drawn: Annotated[bool | None, S.NIGHTMARE_JUST_DRAWN] = Field(
        None, description="for Powerful Punishment: a Nightmare was just drawn")
    payment: Annotated[Literal["remove", "count"], S.SPELL_PAYMENT] = Field(
        "remove", description="remove paid cards from the game, or only count them")


@rule(
    "onirim.spell_castable",
    {"zh-TW": "棄牌堆夠施放這個咒文嗎？", "en": "Can this spell be cast with this discard pile?"},
    SpellInput, ("onirim/book/spells", "onirim/book/spell-sides", "onirim/book/paradoxical-prophecy",
                 "onirim/book/parallel-planning", "onirim/book/powerful-punishment"),
    {"zh-TW": ("棄牌堆夠不夠放咒文？", "棄牌堆有8張可以用Parallel Planning嗎？", "想用強力懲罰可是棄牌才九張，行不行"),
     "zh-CN": ("弃牌堆够不够放咒文？", "弃牌堆有8张可以用Parallel Planning吗？", "想用强力惩罚可是弃牌才九张，行不行"),
     "en": ("Is my discard pile big enough to cast a spell?", "Can I cast Parallel Planning with 8 cards in the discard pile?",
            "With 11 discards on the expensive side, can I cast Powerful Punishment?")},
    "Spells cost 5/7/10 (cheap side) or 6/9/12 (expensive side) discard-pile cards, any time, any number of times.")
def spell_castable(inp: SpellInput) -> Verdict:
    """Decide whether a spell can be paid for now, and what the discard pile is left with."""
    rule = "onirim.spell_castable"
    t = Trace()
    t.assume(*(SPELL_PAYMENT_REMOVE if inp.payment == "remove" else SPELL_PAYMENT_COUNT))
    side_zh = SPELL_SIDE_ZH[inp.side]
    t.add("咒文以棄牌堆的牌為代價，只要棄牌堆的張數夠多，不限次數，也不限使用時機", None, "onirim/book/spells",
          en="a spell is paid with discard-pile cards, as often and whenever you like while the pile is big "
             "enough")
    t.add(f"使用咒文卡{side_zh}", None, "onirim/book/spell-sides",
          en=f"the {inp.side} side of the Spells card is in use")
    if inp.spell in (None, "parallel_planning"):
        t.assume("Parallel Planning只調換尚未達成的兩張目標卡（原文沒有限制；已放上門卡的目標卡留在原位）",
                 en="Parallel Planning swaps two Goals not yet reached (the text sets no limit; a Goal holding "
                    "its Door stays where it is)")
    costs = {s: {"cheap": spell_cost(s, "cheap"), "expensive": spell_cost(s, "expensive")} for s in SPELLS}
    if inp.spell is None or inp.discard_pile is None:
        spells = [inp.spell] if inp.spell else list(SPELLS)
        cases = []
        for s in spells:
            cost = spell_cost(s, inp.side)
            cases.append(Case(when=f"{SPELLS[s]['name']}用{side_zh}，棄牌堆至少{cost}張",
                              when_en=f"{SPELLS[s]['name']} on the {inp.side} side, with at least {cost} cards in "
                                      "the discard pile",
                              value=True, cites=[str(SPELLS[s]["passage"])]))
        cases.append(Case(when="棄牌堆的張數少於代價", when_en="discard pile smaller than the cost", value=False,
                          cites=["onirim/book/spells"]))
        details: dict[str, Any] = {"costs": costs}
        if inp.spell:
            details["cost"] = spell_cost(inp.spell, inp.side)
            name, cost = SPELLS[inp.spell]["name"], details["cost"]
            text = f"要看棄牌堆的張數：{name}在{side_zh}花費{cost}張棄牌。"
            text_en = f"It depends on the discard pile: {name} costs {cost} cards on the {inp.side} side."
        else:
            text = "要看棄牌堆的張數：三個咒文分別花費5、7、10張棄牌（代價較多的一面是6、9、12張）。"
            text_en = ("It depends on the discard pile: the three spells cost 5, 7 and 10 cards (6, 9 and 12 on "
                       "the expensive side).")
        return t.verdict(rule, DEPENDS, text, explanation_en=text_en, cases=cases, details=details)
    name = str(SPELLS[inp.spell]["name"])
    state = model.State(options=model.Options(book=True, spells=inp.side), seed=0,
                        discard=tuple(range(inp.discard_pile)))
    cost = spell_cost(inp.spell, inp.side)
    affordable = model.spell_affordable(state, inp.spell)
    t.add(f"{name}在{side_zh}花費{cost}張棄牌", None, str(SPELLS[inp.spell]["passage"]), "onirim/book/spell-sides",
          en=f"{name} costs {cost} on the {inp.side} side")
    t.add(f"棄牌堆有{inp.discard_pile}張牌，至少{cost}張", affordable, "onirim/book/spells",
          en=f"the discard pile holds {_count_en(inp.discard_pile, 'card')}, at least {cost}")
    ok = affordable
    if inp.spell == "powerful_punishment":
        if inp.nightmare_just_drawn is None:
            t.assume("Powerful Punishment只能用在剛抽到的夢魘上；此處假設已經抽到一張",
                     en="Powerful Punishment only answers a Nightmare just drawn; one is assumed to have been drawn")
        elif not t.add("剛抽到一張夢魘", inp.nightmare_just_drawn, "onirim/book/powerful-punishment",
                       en="a Nightmare has just been drawn"):
            ok = False
    left = inp.discard_pile - cost if (affordable and inp.payment == "remove") else inp.discard_pile
    after_zh = (f"棄牌堆從{inp.discard_pile}張變成{left}張" if left != inp.discard_pile else
                f"棄牌堆仍有{left}張")
    after_en = (f"the discard pile goes from {inp.discard_pile} to {left}" if left != inp.discard_pile else
                f"the discard pile keeps its {_count_en(left, 'card')}")
    text = (f"可以：{name}花費{cost}張；{after_zh}。" if ok else
            f"不行：{name}在{side_zh}花費{cost}張" + (
                f"，而棄牌堆只有{inp.discard_pile}張。" if not affordable else
                "，而且只能用在剛抽到的夢魘上。"))
    text_en = (f"Yes: {name} costs {cost}; {after_en}." if ok else
               f"No: {name} costs {cost} on the {inp.side} side" + (
                   f" and the discard pile holds only {inp.discard_pile}." if not affordable else
                   ", and it is cast only on a Nightmare just drawn."))
    return t.verdict(rule, ok, text, explanation_en=text_en,
                     details={"cost": cost, "discard_left": left, "costs": costs})


# ---------------------------------------------------------------- onirim.spell_cost

class SpellCostInput(_Input):
    """A spell and the side of the Spells card in use."""

    spell: Annotated[SpellName | None, S.SPELL_COSTED] = Field(None, description="which spell")
    side: Annotated[Literal["cheap", "expensive"] | None, S.SIDE_COSTED] = Field(
        None, description="side of the Spells card in use")


@rule(
    "onirim.spell_cost",
    {"zh-TW": "這個咒文要花幾張棄牌？", "en": "How many discards does this spell cost?"},
    SpellCostInput, ("onirim/book/spell-sides", "onirim/book/paradoxical-prophecy", "onirim/book/parallel-planning",
                     "onirim/book/powerful-punishment"),
    {"zh-TW": ("咒文要花幾張棄牌？", "Powerful Punishment要多少張棄牌？", "平行計畫用代價高的那面要付幾張？"),
     "zh-CN": ("咒文要花几张弃牌？", "Powerful Punishment要多少张弃牌？", "平行计划用代价高的那面要付几张？"),
     "en": ("How many discards does a spell cost?", "What does Powerful Punishment cost on the expensive side?",
            "How many cards from the discard pile do I pay for Parallel Planning?")},
    "Spells cost 5/7/10 (cheap side) or 6/9/12 (expensive side) discard-pile cards.")
def spell_cost_of(inp: SpellCostInput) -> Verdict:
    """How many discard-pile cards a spell costs on a side of the Spells card."""
    t = Trace()
    if inp.spell is None or inp.side is None:
        # Asked of no spell or side (a run outside the answering layer, which answers for each): every cost.
        combos = [(s, side) for s in ([inp.spell] if inp.spell else list(SPELLS))
                  for side in ([inp.side] if inp.side else ["cheap", "expensive"])]
        cases = [Case(when=f"{SPELLS[s]['name']}，{SPELL_SIDE_ZH[side]}", when_en=f"{SPELLS[s]['name']}, the {side} side",
                      value=spell_cost(s, side), cites=[str(SPELLS[s]["passage"]), "onirim/book/spell-sides"])
                 for s, side in combos]
        return t.verdict("onirim.spell_cost", DEPENDS, "要看咒文和咒文卡用哪一面：便宜那面5、7、10張，貴的那面6、9、12張。",
                         explanation_en="It depends on the spell and the side: 5, 7 and 10 cards on the cheap side, "
                                        "6, 9 and 12 on the expensive side.", cases=cases)
    name, cost = str(SPELLS[inp.spell]["name"]), spell_cost(inp.spell, inp.side)
    t.add(f"{name}在{SPELL_SIDE_ZH[inp.side]}花費{cost}張棄牌", None, str(SPELLS[inp.spell]["passage"]),
          "onirim/book/spell-sides", en=f"{name} costs {cost} on the {inp.side} side")
    return t.verdict("onirim.spell_cost", cost, f"{name}在{SPELL_SIDE_ZH[inp.side]}要花{cost}張棄牌。",
                     explanation_en=f"{name} costs {cost} cards from the discard pile on the {inp.side} side.",
                     details={"cost": cost})


# ---------------------------------------------------------------- onirim.premonitions_triggered

class PremonitionsInput(_Input):
    """Doors in play, the face-up Premonitions, the new Door, and optionally the face-down order."""

    doors: Annotated[list[Colour], S.DOORS_HELD] = Field(
        default_factory=list, description="colours of the Doors already in play")
    face_up: Annotated[list[Annotated[int, Field(ge=1, le=8)]] | None, S.FACE_UP] = Field(
        None, description="numbers of the face-up Premonitions")
    new_door: Annotated[Colour | None, S.NEW_DOOR] = Field(None, description="colour of the Door just obtained")
    towers: Annotated[bool | None, S.expansion("高塔擴充", "the Towers", S.TOWERS_PHRASES)] = Field(
        None, description="the Towers in play (then the eighth Door wins only with a complete Alignment)")
    tower_row: Annotated[Literal["in_progress", "complete", "none"] | None, S.ROW_STATE] = Field(
        None, description="state of the Tower row, with the Towers")
    face_down: list[Annotated[int, Field(ge=1, le=8)]] | None = Field(
        None, description="face-down Premonitions in the order they would be revealed (for cascades)")

    @model_validator(mode="after")
    def _consistent(self) -> "PremonitionsInput":
        colours = self.doors + ([self.new_door] if self.new_door else [])
        over = [c for c, n in Counter(colours).items() if n > 2]
        if over:
            raise ValueError(f"doors: there are only 2 Doors per colour, but {over} appear more than twice")
        _no_repeats(list(map(str, (self.face_up or []) + (self.face_down or []))), "Premonition")
        return self


def _premonition_state(doors: list[str], face_up: list[int], face_down: list[int]) -> model.State:
    """A Premonitions state with these Doors in play and these face-up / face-down Premonitions."""
    pool = {c: [BY_NAME[f"{c}-door-{i}"].index for i in (1, 2)] for c in COLOURS}
    return model.State(options=model.Options(premonitions=True), seed=0,
                       doors=tuple(pool[c].pop(0) for c in doors),
                       premonitions_up=tuple(BY_NAME[f"premonition-{n}"].index for n in face_up),
                       premonitions_down=tuple(BY_NAME[f"premonition-{n}"].index for n in face_down))


@rule(
    "onirim.premonitions_triggered",
    {"zh-TW": "拿到門時會觸發哪些黑暗徵兆？", "en": "Which Dark Premonitions does a new Door trigger?"},
    PremonitionsInput,
    ("onirim/premonitions/trigger", "onirim/premonitions/red-doors", "onirim/premonitions/green-doors",
     "onirim/premonitions/blue-doors", "onirim/premonitions/brown-doors", "onirim/premonitions/same-colour-doors",
     "onirim/premonitions/five-doors", "onirim/premonitions/every-colour", "onirim/premonitions/three-doors"),
    {"zh-TW": ("拿到第二張紅門會觸發哪些黑暗徵兆？", "同時觸發兩張黑暗徵兆要怎麼處理？", "黑暗徵兆什麼時候觸發？"),
     "zh-CN": ("拿到第二张红门会触发哪些黑暗征兆？", "同时触发两张黑暗征兆要怎么处理？", "黑暗征兆什么时候触发？"),
     "en": ("A second red Door just landed in front of me: which face-up Premonitions fire now?",
            "What if two premonitions trigger at the same time?", "When does a dark premonition trigger?")},
    "Each face-up Premonition whose Door condition holds triggers; the player orders simultaneous ones; 6 and 8 reveal more.")
def premonitions_triggered(inp: PremonitionsInput) -> Verdict:
    """List the Premonitions a new Door triggers, with the cascades that reveals can start."""
    rule = "onirim.premonitions_triggered"
    t = Trace()
    t.add("滿足黑暗徵兆的觸發條件時，馬上進行懲罰，隨後將該張牌移出遊戲；若同時滿足多張，由玩家自行決定處理順序",
          None, "onirim/premonitions/trigger",
          en="when a Premonition's condition is met its penalty is resolved at once and the card leaves the game; "
             "if several are met together, the player chooses the order")
    all_numbers = list(range(1, 9))
    if inp.face_up is None and not inp.doors:
        # Neither the Doors in play nor the face-up Premonitions are known: the new Door alone settles nothing.
        cases = [Case(when=f"黑暗徵兆{n}已翻開，且{PREMONITIONS[n]['trigger_zh']}",
                      when_en=f"Premonition {n} face up and {PREMONITIONS[n]['trigger']}", value=[n],
                      value_text=f"觸發黑暗徵兆{n}", value_text_en=f"Premonition {n} triggers",
                      explanation=f"黑暗徵兆{n}的懲罰：{PREMONITIONS[n]['penalty_zh']}",
                      explanation_en=f"Premonition {n}'s penalty: {PREMONITIONS[n]['penalty']}",
                      cites=[PREMONITIONS[n]["passage"]]) for n in all_numbers]
        return t.verdict(rule, DEPENDS, "要看桌上的門卡與翻開的黑暗徵兆：取得門卡時，每張已翻開且條件成立的"
                         "黑暗徵兆都會觸發。",
                         explanation_en="It depends on the Doors and face-up Premonitions: each face-up one whose "
                         "condition holds triggers when you get a Door.", cases=cases)
    doors = inp.doors + ([inp.new_door] if inp.new_door else [])
    if inp.new_door and len(doors) == model.DOORS_TO_WIN:
        won = _eighth_door_wins(inp)
        if won is not False:
            return _eighth_door(rule, t, inp, won)
        t.add("第八張門卡，但高塔列還沒完成：遊戲還沒贏，照常檢查黑暗徵兆", False, "onirim/towers/row",
              en="the eighth Door, but the Alignment is not complete: the game is not won yet, so Premonitions are "
                 "checked as usual")
    face_up = inp.face_up if inp.face_up is not None else all_numbers
    face_down = inp.face_down if inp.face_down is not None else []
    state = _premonition_state(doors, face_up, face_down)
    t.add(f"加上新門卡後，桌上的門卡：{'、'.join(COLOUR_ZH[d] for d in doors) or '無'}", None,
          "onirim/premonitions/trigger", en=f"Doors in play after the new one: {', '.join(doors) or 'none'}")
    holding = set(model.premonitions_holding(state, state.premonitions_up))
    for n in face_up:
        t.add(f"黑暗徵兆{n}（{PREMONITIONS[n]['trigger_zh']}）", n in holding, PREMONITIONS[n]["passage"],
              en=f"Premonition {n} ({PREMONITIONS[n]['trigger']})")
    triggered = [n for n in face_up if n in holding]
    if inp.face_up is None and triggered:
        # Which Premonitions are face up is unknown: each whose condition holds triggers only if it is face up,
        # so the answer is a case per Premonition, never the list as if all eight were showing.
        return _unknown_face_up(rule, t, triggered)
    # Reveals from 6 and 8 are checked at once against the same Doors (before other penalties change them).
    revealed: list[int] = []
    queue = [n for n in triggered if n in (6, 8)]
    down = list(face_down)
    while queue:
        n = queue.pop(0)
        shown, down = down[:2 if n == 6 else 1], down[2 if n == 6 else 1:]
        revealed += shown
        for m in shown:
            fires = premonition_holds_now(state, m)
            t.add(f"黑暗徵兆{n}翻開了黑暗徵兆{m}（{PREMONITIONS[m]['trigger_zh']}）", fires,
                  PREMONITIONS[n]["passage"], PREMONITIONS[m]["passage"],
                  en=f"Premonition {n} reveals Premonition {m} ({PREMONITIONS[m]['trigger']})")
            if fires:
                triggered.append(m)
                if m in (6, 8):
                    queue.append(m)
    details: dict[str, Any] = {"triggered": triggered, "revealed": revealed, "player_orders": len(triggered) > 1,
                               "penalties": {str(n): PREMONITIONS[n]["penalty"] for n in triggered}}
    if any(n in (6, 8) for n in triggered) and inp.face_down is None:
        hidden = [n for n in all_numbers if n not in face_up]
        may = [n for n in hidden if premonition_holds_now(state, n)]
        details["may_cascade"] = may
        t.add(f"不知道黑暗徵兆6或8會翻開哪幾張；蓋著的黑暗徵兆中會馬上觸發的：{'、'.join(map(str, may)) or '無'}",
              None, "onirim/premonitions/five-doors", "onirim/premonitions/three-doors",
              en=f"which cards Premonitions 6 and 8 reveal is unknown; face-down ones that would trigger at once: "
                 f"{', '.join(map(str, may)) or 'none'}")
    if 7 in triggered:
        t.assume("黑暗徵兆7：規則原文只說把美夢卡「移除」，沒說移到哪裡；這裡照徵兆1、3的寫法放到棄牌堆",
                 en="Premonition 7: the rules text only says the Happy Dreams are “removed” (“移除”), not where to; "
                    "here they go to the discard pile, as Premonitions 1 and 3 say")
    if 8 in triggered:
        t.assume("黑暗徵兆8：規則原文只說丟棄所有手牌；實作接著抽5張新的地點卡（這裡照常補滿手牌）",
                 en="Premonition 8: the rules text only says to discard your hand; implementations then draw 5 new "
                    "Locations (here the hand is refilled as usual)")
    if len(triggered) > 1:
        t.assume("同時觸發的黑暗徵兆依你選的順序處理；輪到某張時，若先前的懲罰已讓它的條件不成立（例如送回了門卡），"
                 "就跳過它（另一種讀法是照樣執行）",
                 en="Premonitions triggered together are resolved in the order you choose; one whose condition an "
                    "earlier penalty has undone (a Door sent back, say) is skipped on its turn (the other reading "
                    "carries it out anyway)")
    order_matters = {True: False, False: False}  # by reading: rechecked on its turn (the engine's) / all carried out
    if len(triggered) > 1:
        for recheck, reading_zh, reading_en in ((True, "", ""),
                                                (False, "若全部照樣執行：", "If every one is carried out anyway, ")):
            by_order = premonition_orders(doors, face_up, face_down, [n for n in triggered if n in face_up],
                                          recheck)
            if by_order is not None:
                order_matters[recheck] = _order_steps(t, by_order, reading_zh, reading_en)
        details["order_matters"] = order_matters[True]
        details["order_matters_if_all_carried_out"] = order_matters[False]

    numbers_zh = "、".join(map(str, triggered))
    numbers_en = (", ".join(map(str, triggered[:-1])) + " and " if len(triggered) > 1 else "") + \
        (str(triggered[-1]) if triggered else "")
    order_zh = ("，而且順序會影響結果（見下列步驟）。" if order_matters[True] else
                "；若全部照樣執行，順序會影響結果（見下列步驟）。" if order_matters[False] else "。")
    order_en = (", and the order changes the result (see the steps)." if order_matters[True] else
                "; if every one is carried out anyway, the order changes the result (see the steps)."
                if order_matters[False] else ".")
    text = (f"觸發黑暗徵兆{numbers_zh}" + ("；處理順序由你決定" + order_zh if len(triggered) > 1 else "。")
            if triggered else "沒有：已翻開的黑暗徵兆都不會觸發。")
    text_en = ((f"Premonitions {numbers_en} trigger; you choose the order" + order_en
                if len(triggered) > 1 else f"Premonition {numbers_en} triggers.")
               if triggered else "None: no face-up Premonition triggers.")
    return t.verdict(rule, triggered, text, explanation_en=text_en, details=details,
                     value_text=f"黑暗徵兆{numbers_zh}" if triggered else "沒有",
                     value_text_en=(f"Premonitions {numbers_en}" if len(triggered) > 1 else
                                    f"Premonition {numbers_en}") if triggered else "none")


def _unknown_face_up(rule: str, t: Trace, holding: list[int]) -> Verdict:
    """The Doors are known and the face-up Premonitions are not: which ones would trigger if face up."""
    cases = [Case(when=f"黑暗徵兆{n}已翻開", when_en=f"Premonition {n} is face up", value=[n],
                  value_text=f"觸發黑暗徵兆{n}", value_text_en=f"Premonition {n} triggers",
                  explanation=f"{PREMONITIONS[n]['trigger_zh']}；懲罰：{PREMONITIONS[n]['penalty_zh']}",
                  explanation_en=f"{PREMONITIONS[n]['trigger']}; penalty: {PREMONITIONS[n]['penalty']}",
                  cites=[PREMONITIONS[n]["passage"]], condition={"face_up": [n]}) for n in holding]
    listed_zh, listed_en = "、".join(map(str, holding)), ", ".join(map(str, holding))
    cases.append(Case(when=f"黑暗徵兆{listed_zh}都沒有翻開", when_en=f"none of Premonitions {listed_en} is face up",
                      value=[], value_text="沒有", value_text_en="none",
                      explanation="其他黑暗徵兆的條件都不成立。", explanation_en="No other Premonition's condition holds.",
                      cites=["onirim/premonitions/trigger"], condition={"face_up": []}))
    return t.verdict(rule, DEPENDS, f"要看哪些黑暗徵兆已翻開：條件成立的是黑暗徵兆{listed_zh}，翻開的才會觸發。",
                     explanation_en="It depends on which Premonitions are face up: the condition holds for "
                                    f"Premonition{'s' if len(holding) > 1 else ''} {listed_en}, "
                                    "and only a face-up one triggers.",
                     cases=cases, details={"would_trigger": holding})


def _eighth_door_wins(inp: PremonitionsInput) -> bool | None:
    """Whether the eighth Door wins at once: without Towers, or with a complete Alignment; None when unsaid."""
    if inp.tower_row in ("in_progress", "none"):
        return False
    if inp.towers is False or inp.tower_row == "complete":
        return True
    return None


def _eighth_door(rule: str, t: Trace, inp: PremonitionsInput, won: bool | None) -> Verdict:
    """The eighth Door: the game is won before any Premonition is checked (with Towers, given the Alignment)."""
    t.add("取得第八張門卡就獲勝；有高塔擴充時還要完成高塔列", None, "onirim/towers/row",
          en="the eighth Door wins the game; with the Towers the Alignment must be complete too")
    if won:
        t.add("第八張門卡" + ("，高塔列已完成" if inp.tower_row == "complete" else "，沒有高塔擴充"), True,
              "onirim/towers/row",
              en="the eighth Door" + (", with the Alignment complete" if inp.tower_row == "complete" else
                                      ", without the Towers"))
        return t.verdict(rule, [], "沒有：這是第八張門卡，你立刻獲勝，不再檢查黑暗徵兆。",
                         explanation_en="None: it is your eighth Door, so you win at once and no Premonition is "
                                        "checked.", value_text="沒有（已獲勝）", value_text_en="none (the game is won)",
                         details={"won": True})
    unfinished = premonitions_triggered(inp.model_copy(update={"towers": True, "tower_row": "in_progress"}))
    cases = [Case(when="高塔列已完成" if inp.towers else "沒有高塔擴充，或高塔列已完成",
                  when_en="the Alignment is complete" if inp.towers else "no Towers, or the Alignment is complete",
                  value=[],
                  value_text="沒有（已獲勝）", value_text_en="none (the game is won)",
                  explanation="第八張門卡讓你立刻獲勝，不再檢查黑暗徵兆。",
                  explanation_en="The eighth Door wins at once; no Premonition is checked.", cites=["onirim/towers/row"]),
             Case(when="有高塔擴充，但高塔列還沒完成", when_en="with the Towers, before the Alignment is complete",
                  value=unfinished.value, value_text=unfinished.value_text, value_text_en=unfinished.value_text_en,
                  explanation=unfinished.explanation, explanation_en=unfinished.explanation_en,
                  cites=["onirim/towers/row", "onirim/premonitions/trigger"])]
    return t.verdict(rule, DEPENDS, "要看高塔：沒有高塔擴充或高塔列已完成時，第八張門卡直接獲勝，不觸發黑暗徵兆；"
                     "高塔列還沒完成時，照常觸發。",
                     explanation_en="It depends on the Towers: without them, or with the Alignment complete, the "
                                    "eighth Door wins at once and nothing triggers; before the Alignment is complete, "
                                    "Premonitions trigger as usual.", cases=cases)


ORDER_SEARCH_LIMIT = 20000  # states walked when trying every order; beyond it the orders are not listed


def premonition_orders(doors: list[str], face_up: list[int], face_down: list[int], triggered: list[int],
                       recheck: bool) -> dict[tuple[int, ...], set[tuple[int, tuple[int, ...]]]] | None:
    """Every order of resolving the triggered Premonitions in the game model, with the results it can have.

    A result is (Doors lost, Premonitions whose penalty was applied); choices such as which Door goes back
    make one order reach several results. None when there are too many orders to try.
    """
    options = model.Options(premonitions=True, premonition_recheck=recheck)
    start = _premonition_state(doors, face_up, face_down)
    start = model.State(**{**start.__dict__, "options": options,
                           "pending": model.PendingPremonitions(tuple(triggered))})
    by_order: dict[tuple[int, ...], set[tuple[int, tuple[int, ...]]]] = {}
    walked = 0

    def walk(state: model.State, order: tuple[int, ...]) -> bool:
        nonlocal walked
        walked += 1
        if walked > ORDER_SEARCH_LIMIT:
            return False
        if not isinstance(state.pending, model.PendingPremonitions):
            applied = tuple(sorted(int(e.detail) for e in state.events  # type: ignore[arg-type]
                                   if e.kind is model.EventKind.PREMONITION_RESOLVED))
            by_order.setdefault(order, set()).add((len(start.doors) - len(state.doors), applied))
            return True
        return all(walk(model.apply(state, action), order + (action.number,))
                   for action in model.legal_actions(state) if isinstance(action, model.ResolvePremonition))

    return by_order if walk(start, ()) else None


def _results_text(results: set[tuple[int, tuple[int, ...]]], order: tuple[int, ...]) -> tuple[str, str]:
    """One order's possible results in words (zh-TW, en)."""
    zh, en = [], []
    for lost, applied in sorted(results):
        skipped = [n for n in order if n not in applied]
        zh.append(f"失去{lost}張門卡，執行黑暗徵兆{'、'.join(map(str, applied)) or '無'}的懲罰"
                  + (f"（{'、'.join(map(str, skipped))}的條件已不成立，跳過）" if skipped else ""))
        en.append(f"{_count_en(lost, 'Door')} lost, the penalties of {', '.join(map(str, applied)) or 'none'} applied"
                  + (f" ({', '.join(map(str, skipped))} skipped: the condition no longer holds)" if skipped else ""))
    return "；或".join(zh), "; or ".join(en)


def _order_steps(t: Trace, by_order: dict[tuple[int, ...], set[tuple[int, tuple[int, ...]]]],
                 reading_zh: str, reading_en: str) -> bool:
    """Add one step per group of orders with the same possible results, when the order matters; whether it does."""
    groups: dict[frozenset, list[tuple[int, ...]]] = {}
    for order in sorted(by_order):
        groups.setdefault(frozenset(by_order[order]), []).append(order)
    if len(groups) < 2:
        return False
    for results, orders in groups.items():
        zh, en = _results_text(set(results), orders[0])
        also_zh = f"（共{len(orders)}種順序結果相同）" if len(orders) > 1 else ""
        also_en = f" ({len(orders)} orders end alike)" if len(orders) > 1 else ""
        t.add(f"{reading_zh}依{'→'.join(map(str, orders[0]))}的順序{also_zh}：{zh}", None, "onirim/premonitions/trigger",
              en=f"{reading_en}in the order {' → '.join(map(str, orders[0]))}{also_en}: {en}")
    return True


def premonition_holds_now(state: model.State, number: int) -> bool:
    """Whether a Premonition's condition holds for the state's Doors."""
    return model.premonition_holds(number, model.door_colours(state))


# ---------------------------------------------------------------- onirim.happy_dream_options

class HappyDreamInput(_Input):
    """What the three Happy Dream choices depend on."""

    face_up_premonitions: Annotated[int | None, S.FACE_UP_COUNT] = Field(
        None, ge=0, le=8, description="face-up Premonitions left")
    deck_size: Annotated[int | None, S.DECK_SIZE] = Field(None, ge=0, le=100, description="cards left in the deck")


HAPPY_OPTIONS = {1: ("remove_premonition", "onirim/happy-dreams/remove-premonition"),
                 2: ("reveal_seven", "onirim/happy-dreams/reveal-seven"),
                 3: ("pick_card", "onirim/happy-dreams/pick-card")}


@rule(
    "onirim.happy_dream_options",
    {"zh-TW": "抽到美夢卡可以做什麼？", "en": "What can a Happy Dream do?"},
    HappyDreamInput, ("onirim/happy-dreams/when-drawn", "onirim/happy-dreams/remove-premonition",
                      "onirim/happy-dreams/reveal-seven", "onirim/happy-dreams/pick-card"),
    {"zh-TW": ("抽到美夢卡有什麼選擇？", "好夢卡的效果是什麼？", "美夢卡可以移除黑暗徵兆嗎？"),
     "zh-CN": ("抽到美梦卡有什么选择？", "好梦卡的效果是什么？", "美梦卡可以移除黑暗征兆吗？"),
     "en": ("What can I do when I draw a Happy Dream?", "What are the Happy Dream options?",
            "Can a Happy Dream remove a dark premonition?")},
    "Drawn while refilling: remove a face-up Premonition, or reveal 7 and discard/reorder, or pick a card for the top.")
def happy_dream_options(inp: HappyDreamInput) -> Verdict:
    """List the Happy Dream choices open to the player."""
    rule = "onirim.happy_dream_options"
    t = Trace()
    t.add("在抽牌階段抽到美夢卡時，可以從三種行動中選擇一種", None, "onirim/happy-dreams/when-drawn",
          en="a Happy Dream drawn while refilling the hand gives one choice of three")
    up = 4 if inp.face_up_premonitions is None else inp.face_up_premonitions
    deck_size = 20 if inp.deck_size is None else inp.deck_size
    dream = BY_NAME["happy-dream-1"].index
    state = model.State(options=model.Options(premonitions=True), seed=0, drawn=dream,
                        pending=model.PendingHappyDream(dream),
                        premonitions_up=tuple(BY_NAME[f"premonition-{n}"].index for n in range(1, up + 1)),
                        deck=tuple(c.index for c in CARDS if c.kind == "location")[:deck_size])
    offered = {a.option for a in model.legal_actions(state) if isinstance(a, model.HappyDream)}
    if not state.deck:
        offered -= {2, 3}
    reveal = min(model.HAPPY_DREAM_REVEAL, deck_size)
    top_en = "the top card" if reveal == 1 else f"the top {reveal} cards"
    labels = {1: "remove one face-up Premonition",
              2: f"reveal {top_en}, discard any, put the rest back on top in any order",
              3: "take any one card from the deck, shuffle the deck, put that card on top"}
    labels_zh = {1: "移除一張已翻開的黑暗徵兆",
                 2: f"翻開補充牌堆頂的{reveal}張牌，丟棄任意張，再將剩下的牌依想要的順序放回牌堆頂",
                 3: "從補充牌堆挑選一張牌，將補充牌堆洗牌後，再把挑選的牌放在牌堆頂"}
    for n, (_, pid) in HAPPY_OPTIONS.items():
        t.add(labels_zh[n], n in offered, pid, en=labels[n])
    t.assume("執行選擇的行動後，美夢卡放到棄牌堆（規則原文沒有說）",
             en="After its choice the Happy Dream goes to the discard pile (the rules text does not say)")
    if inp.deck_size is not None and inp.deck_size < model.HAPPY_DREAM_REVEAL:
        t.assume("補充牌堆不到7張時，就全部翻開（規則原文沒有說）",
                 en="With fewer than 7 cards in the deck you reveal them all (the rules text does not say)")
    chosen = sorted(offered)
    value = [HAPPY_OPTIONS[n][0] for n in chosen]
    # Short forms for the answer line; the steps above give each choice in full.
    short_zh = {1: "移除一張已翻開的黑暗徵兆", 2: f"翻開牌堆頂{reveal}張來棄牌或重排", 3: "挑一張牌放到牌堆頂"}
    short_en = {1: "remove a face-up Premonition", 2: f"reveal {top_en} to discard or reorder",
                3: "put a chosen card on top"}
    zh, en = [short_zh[n] for n in chosen], [short_en[n] for n in chosen]
    if len(chosen) > 1:
        text = f"選擇一種：{'、'.join(zh[:-1])}，或{zh[-1]}。"
        text_en = f"Choose one: {', '.join(en[:-1])}, or {en[-1]}."
    elif chosen:
        text, text_en = f"只有一種選擇：{zh[0]}。", f"One choice only: {en[0]}."
    else:
        text = "沒有可選的行動：沒有翻開的黑暗徵兆，補充牌堆也沒有牌。"
        text_en = "No choice applies: no Premonition is face up and the deck is empty."
    return t.verdict(rule, value, text, explanation_en=text_en,
                     value_text="、".join(zh) or "沒有", value_text_en=", ".join(en) or "none",
                     details={"options": {HAPPY_OPTIONS[n][0]: labels[n] for n in chosen}})


# ---------------------------------------------------------------- onirim.difficulty_level

class SetupInput(_Input):
    """A game set-up on the seed's difficulty ladder; omitted fields mean 'not said'."""

    towers: Annotated[bool | None, S.expansion("高塔擴充", "the Towers", S.TOWERS_PHRASES)] = None
    book: Annotated[bool | None, S.expansion("The Book擴充", "the Book of Steps", S.BOOK_PHRASES)] = None
    premonitions: Annotated[bool | None, S.expansion("黑暗徵兆擴充", "Dark Premonitions", S.PREMONITION_PHRASES)] = Field(
        None, description="Dark Premonitions in play (the ladder lists no set-up with them)")
    alignment_power: Annotated[bool | None, S.SETUP_ALIGNMENT_POWER] = Field(
        None, description="Alignment power (only matters with Towers, without the Book)")
    spells: Annotated[Literal["none", "cheap", "expensive"] | None, S.SPELLS_USED] = Field(
        None, description="spells used (only with the Book)")
    door_rule: Annotated[Literal["differ", "all_three"] | None, S.DOOR_RULE] = Field(
        None, description="Door by Labyrinth: symbols differ from the previous, or Sun+Moon+Key (base game only)")


class DifficultyInput(SetupInput):
    """A set-up, and optionally a second one to compare it with; or a rung, to ask which set-up it is."""

    compare_with: Annotated[SetupInput | None, S.COMPARED_SETUP] = None
    rung: Annotated[int | None, S.RUNG] = Field(None, ge=1, le=8, description="a ladder rung, to ask its set-up")


LADDER_PASSAGES = {1: "onirim/ladder/1-base", 2: "onirim/ladder/2-base-three-symbols",
                   3: "onirim/ladder/3-towers-power", 4: "onirim/ladder/4-towers-no-power",
                   5: "onirim/ladder/5-book-cheap", 6: "onirim/ladder/6-book-expensive",
                   7: "onirim/ladder/7-towers-book-no-spells", 8: "onirim/ladder/8-towers-book-spells"}
LADDER_TEXT = {1: "base game, Door symbols merely differ from the previous", 2: "base game, Sun+Moon+Key for a Door",
               3: "base + Towers, Alignment with power", 4: "base + Towers, Alignment without power",
               5: "base + Book, cheap spells", 6: "base + Book, expensive spells",
               7: "base + Towers + Book, no spells", 8: "base + Towers + Book, with spells"}
LADDER_TEXT_ZH = {1: "基本組，取得門卡的符號只要與前一張相異即可", 2: "基本組，取得門卡要Sun + Moon + Key",
                  3: "基本組 + 高塔擴充，高塔列產生效應", 4: "基本組 + 高塔擴充，高塔列不產生效應",
                  5: "基本組 + 書本擴充，較少張數代價的咒文", 6: "基本組 + 書本擴充，較多張數代價的咒文",
                  7: "基本組 + 高塔擴充 + 書本擴充，不使用咒文", 8: "基本組 + 高塔擴充 + 書本擴充，使用咒文"}


def _rung(opts: model.Options) -> int | None:
    """The ladder rung of a complete set-up, or None when the seed's ladder does not list it."""
    if opts.premonitions:
        return None
    if not opts.towers and not opts.book:
        return 1 if opts.door_rule == "differ" else 2
    if opts.door_rule != "differ":
        return None
    if opts.towers and not opts.book:
        return 3 if opts.alignment_power else 4
    if opts.book and not opts.towers:
        return {"cheap": 5, "expensive": 6}.get(opts.spells)
    return 7 if opts.spells == "none" else 8


def _completions(setup: SetupInput) -> list[model.Options]:
    """Every complete set-up the given one may mean, varying only the unsaid fields that matter."""
    out = []
    said_towers, said_book, _ = _read_as_rung(setup)
    for towers in said_towers or [False, True]:
        for book in said_book or [False, True]:
            powers = [setup.alignment_power] if setup.alignment_power is not None else (
                [True, False] if towers and not book else [True])
            spells_opts = [setup.spells] if setup.spells is not None else (
                ["cheap", "expensive"] if book and not towers else ["none", "cheap"] if book else ["none"])
            rules = [setup.door_rule] if setup.door_rule is not None else (
                ["differ", "all_three"] if not towers and not book else ["differ"])
            for power, spells, door_rule in itertools.product(powers, spells_opts, rules):
                out.append(model.Options(towers=towers, book=book, premonitions=bool(setup.premonitions),
                                         alignment_power=power, spells=spells, door_rule=door_rule))
    return out


_READ_AS_RUNG = (("說到高塔列有沒有效應：當作只加高塔擴充（難度階梯只在沒有書本擴充時以效應分級）",
                  "The Alignment's power was said: taken as the Towers alone (the ladder tells the power apart only "
                  "without the Book)"),
                 ("說到咒文用便宜或昂貴的一面：當作只加書本擴充（難度階梯只在沒有高塔擴充時以咒文代價分級）",
                  "The spells' price was said: taken as the Book alone (the ladder tells cheap from expensive "
                  "spells only without the Towers)"))


def _read_as_rung(setup: SetupInput) -> tuple[list[bool] | None, list[bool] | None, list[tuple[str, str]]]:
    """The Towers and the Book as the set-up says them or implies them (None: not said), with each implication
    as a (zh-TW, en) assumption. The Alignment's power belongs to the Tower row, and the ladder tells it apart only
    without the Book; it tells cheap from expensive spells only without the Towers: a set-up said by one of them
    is that rung's."""
    towers = [setup.towers] if setup.towers is not None else None
    book = [setup.book] if setup.book is not None else None
    notes = []
    if setup.alignment_power is not None and (towers is None or book is None):
        towers, book = towers or [True], book or [False]
        notes.append(_READ_AS_RUNG[0])
    elif setup.spells in ("cheap", "expensive") and towers is None:
        towers = [False]
        notes.append(_READ_AS_RUNG[1])
    return towers, book, notes


def _level(setup: SetupInput) -> list[int | None]:
    """Distinct rungs the set-up may be on, in ladder order."""
    rungs = {_rung(o) for o in _completions(setup)}
    return sorted(rungs, key=lambda r: (r is None, r or 0))


NOT_ON_LADDER = "not on the ladder"


@rule(
    "onirim.difficulty_level",
    {"zh-TW": "這個組合在難度階梯上是第幾級？", "en": "Where is this set-up on the difficulty ladder?"},
    DifficultyInput, tuple(["onirim/ladder/intro"] + list(LADDER_PASSAGES.values())),
    {"zh-TW": ("高塔加書本擴充難度是第幾級？", "哪個擴充組合最難？", "有高塔效應跟沒有高塔效應哪個比較難？"),
     "zh-CN": ("高塔加书本扩充难度是第几级？", "哪个扩充组合最难？", "有高塔效应跟没有高塔效应哪个比较难？"),
     "en": ("How hard is Onirim with the Towers and the Book?", "What is the hardest expansion combination?",
            "Is playing towers without alignment power harder than with it?")},
    "The blogger's ladder 1-8, from base game to base + Towers + Book with spells; compares two set-ups.")
def difficulty_level(inp: DifficultyInput) -> Verdict:
    """Place a set-up on the seed's eight-rung difficulty ladder and compare it with another."""
    rule = "onirim.difficulty_level"
    t = Trace()
    t.add("難度階梯是部落客自己的排序；級數越前面越簡單", None, "onirim/ladder/intro",
          en="the ladder is the blogger's own ranking; lower rungs are easier")
    t.assume("難度階梯只是一位部落客的看法，不是官方的難度評等；第2級的Sun + Moon + Key是家規",
             en="The ladder is one blogger's opinion, not an official difficulty rating; rung 2's Sun+Moon+Key rule "
                "is a house rule")
    setup_said = any(getattr(inp, f) is not None
                     for f in ("towers", "book", "premonitions", "alignment_power", "spells", "door_rule"))
    if inp.premonitions is None and setup_said:
        t.assume("沒有提到黑暗徵兆擴充：當作不加入（難度階梯沒有列出含黑暗徵兆的組合）",
                 en="Dark Premonitions were not mentioned: taken as not in play (the ladder lists no set-up with "
                    "them)")
    for zh, en in dict.fromkeys(_read_as_rung(inp)[2] + (_read_as_rung(inp.compare_with)[2] if inp.compare_with else [])):
        t.assume(zh, en=en)
    if inp.rung is not None and not setup_said and inp.compare_with is None:
        # The question names a rung and asks what it is.
        t.add(f"難度階梯第{inp.rung}級：{LADDER_TEXT_ZH[inp.rung]}", True, LADDER_PASSAGES[inp.rung],
              en=f"rung {inp.rung} of the ladder: {LADDER_TEXT[inp.rung]}")
        return t.verdict(rule, LADDER_TEXT[inp.rung], f"第{inp.rung}級是：{LADDER_TEXT_ZH[inp.rung]}。",
                         explanation_en=f"Rung {inp.rung} is: {LADDER_TEXT[inp.rung]}.",
                         value_text=LADDER_TEXT_ZH[inp.rung], value_text_en=LADDER_TEXT[inp.rung],
                         details={"level": inp.rung, "of": 8})
    rungs = _level(inp)
    if len(rungs) > 1:
        cases = [Case(when=LADDER_TEXT_ZH[r] if r else "難度階梯沒有列出的組合",
                      when_en=LADDER_TEXT[r] if r else "a set-up the ladder does not list", value=r if r else NOT_ON_LADDER,
                      value_text="" if r else "沒有列出", value_text_en="" if r else "not listed",
                      cites=[LADDER_PASSAGES[r]] if r else ["onirim/ladder/intro"]) for r in rungs]
        listed = [r for r in rungs if r]
        if listed == list(LADDER_PASSAGES):
            text = "要看組合：難度階梯共8級，從第1級（基本組）到第8級（基本組 + 高塔擴充 + 書本擴充，使用咒文）。"
            text_en = ("It depends on the set-up: the ladder runs from rung 1 (base game) to rung 8 (base + Towers "
                       "+ Book, with spells).")
        else:
            nums = [str(r) for r in listed]
            either_zh = "、".join(nums[:-1]) + "或" + nums[-1] if len(nums) > 1 else "".join(nums)
            either_en = ", ".join(nums[:-1]) + " or " + nums[-1] if len(nums) > 1 else "".join(nums)
            text = f"要看組合：可能是第{either_zh}級" + (
                "，或難度階梯沒有列出的組合" if None in rungs else "") + "，見下列情況。"
            text_en = (f"It depends on the set-up: rung {either_en}"
                       + (", or a set-up the ladder does not list" if None in rungs else "") + "; see the cases.")
        return t.verdict(rule, DEPENDS, text, explanation_en=text_en, cases=cases)
    rung = rungs[0]
    if rung is None:
        t.add("這個組合在難度階梯上", False, "onirim/ladder/intro", en="this combination is on the ladder")
        if inp.premonitions:
            t.add("難度階梯的8級都沒有黑暗徵兆擴充", None, *LADDER_PASSAGES.values(),
                  en="none of the ladder's eight rungs includes Dark Premonitions")
        why_zh = "沒有任何一級包含黑暗徵兆擴充" if inp.premonitions else "沒有列出這個組合"
        why_en = "includes Dark Premonitions on no rung" if inp.premonitions else "does not list this combination"
        # A value, not None: None reads as "no verdict" everywhere a verdict is consumed.
        return t.verdict(rule, NOT_ON_LADDER, f"沒有級數：規則原文的難度階梯{why_zh}。",
                         explanation_en=f"No rung: the difficulty ladder in the rules text {why_en}.",
                         details={"level": None},
                         value_text="沒有列出", value_text_en="not listed")
    t.add(f"第{rung}級：{LADDER_TEXT_ZH[rung]}", True, LADDER_PASSAGES[rung], en=f"rung {rung}: {LADDER_TEXT[rung]}")
    details: dict[str, Any] = {"level": rung, "of": 8}
    text = f"第{rung}級（共8級）：{LADDER_TEXT_ZH[rung]}。"
    text_en = f"Level {rung} of 8: {LADDER_TEXT[rung]}."
    if inp.compare_with is not None:
        other = _level(inp.compare_with)
        if len(other) == 1 and other[0] is not None:
            o = other[0]
            t.add(f"另一個組合是第{o}級：{LADDER_TEXT_ZH[o]}", None, LADDER_PASSAGES[o],
                  en=f"the other set-up is rung {o}: {LADDER_TEXT[o]}")
            harder = "this" if rung > o else "other" if o > rung else "same"
            details["comparison"] = {"other_level": o, "harder": harder}
            text += (f"比另一個組合（第{o}級）難。" if harder == "this" else
                     f"比另一個組合（第{o}級）簡單。" if harder == "other" else
                     "與另一個組合同一級。")
            text_en += (" It is harder than the other set-up (level %d)." % o if harder == "this" else
                        " It is easier than the other set-up (level %d)." % o if harder == "other" else
                        " The other set-up is the same level.")
        else:
            details["comparison"] = {"other_level": None, "harder": None}
            text += "另一個組合無法對應到難度階梯上的單一級數。"
            text_en += " The other set-up is not a single rung."
    return t.verdict(rule, rung, text, explanation_en=text_en, details=details)


# ---------------------------------------------------------------- onirim.card_counts

class CardCountsInput(_Input):
    """Which expansions are in the game."""

    towers: Annotated[bool, S.expansion("高塔擴充", "the Towers", S.TOWERS_PHRASES, "absent")] = False
    book: Annotated[bool, S.expansion("The Book擴充", "the Book of Steps", S.BOOK_PHRASES, "absent")] = False
    premonitions: Annotated[bool, S.expansion("黑暗徵兆擴充", "Dark Premonitions", S.PREMONITION_PHRASES,
                                              "absent")] = False


@rule(
    "onirim.card_counts",
    {"zh-TW": "加入擴充後牌堆有幾張牌？", "en": "How many cards are in play with these expansions?"},
    CardCountsInput, ("onirim/towers/components", "onirim/book/components", "onirim/premonitions/components"),
    {"zh-TW": ("加了高塔擴充牌堆有幾張？", "書本擴充有哪些卡？", "只混入黑暗徵兆這個擴充，整副牌會變成多少張？"),
     "zh-CN": ("加了高塔扩充牌堆有几张？", "书本扩充有哪些卡？", "只混入黑暗征兆这个扩充，整副牌会变成多少张？"),
     "en": ("How many cards are in the deck with the Towers?", "What cards does the Book expansion add?",
            "With Dark Premonitions added, how big is the whole deck?")},
    "Counts the deck and the cards beside it for a set-up, from the model's card list.")
def card_counts(inp: CardCountsInput) -> Verdict:
    """Count the cards a set-up uses, split into the shuffled deck and the cards laid out beside it."""
    rule = "onirim.card_counts"
    t = Trace()
    t.assume("基本組的張數（58張地點卡、8張門卡、10張夢魘）來自官方規則，不是規則原文",
             en="Base game counts (58 Locations, 8 Doors, 10 Nightmares) come from the official rules, not the "
                "rules text")
    opts = model.Options(towers=inp.towers, book=inp.book, premonitions=inp.premonitions)
    state = model.new_game(opts, seed=0)
    in_deck = state.deck + state.hand + state.limbo
    kinds = Counter(CARDS[c].kind for c in model.game_cards(opts))
    t.add("基本組牌堆：58張地點卡、8張門卡、10張夢魘", None,
          en="base deck: 58 Locations, 8 Doors, 10 Nightmares")
    if inp.towers:
        t.add("高塔擴充加入12張高塔卡（每種顏色3張），洗入補充牌堆", True, "onirim/towers/components",
              en="The Towers adds 12 Towers (3 per colour) shuffled into the deck")
    if inp.book:
        t.add("書本擴充加入8張目標卡與1張咒文卡，放在補充牌堆旁", True, "onirim/book/components",
              en="The Book adds 8 Goals and 1 Spells card, laid out beside the deck")
    if inp.premonitions:
        t.add("黑暗徵兆擴充把4張美夢卡洗入補充牌堆，另有8張黑暗徵兆卡放在旁邊", True,
              "onirim/premonitions/components",
              en="Dark Premonitions adds 4 Happy Dreams to the deck and 8 Premonitions beside it")
    beside = sum(kinds.values()) - len(in_deck)
    return t.verdict(rule, len(in_deck),
                     f"{len(in_deck)}張牌洗入補充牌堆" + (f"；另有{beside}張放在旁邊。" if beside else "。"),
                     explanation_en=f"{len(in_deck)} cards are shuffled into the deck"
                     + (f"; {beside} more lie beside it." if beside else "."),
                     details={"deck": len(in_deck), "total": sum(kinds.values()), "by_kind": dict(sorted(kinds.items()))},
                     cites=[p for p, on in (("onirim/towers/components", inp.towers), ("onirim/book/components", inp.book),
                                            ("onirim/premonitions/components", inp.premonitions)) if on])
