"""The executable rules of the Dungeon Lords magic-item variant, registered on import."""
from __future__ import annotations

from itertools import permutations
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, NonNegativeInt, model_validator

from ..registry import rule
from ..verdict import DEPENDS, Case, Trace, Verdict
from . import data as D
from . import slots as S
from .model import (Adventurer, ChooseTrap, CombatRound, CombatState, DamageSource, Event, EventKind, Fight,
                    Item, MarkCause, SendMonster, SourceKind, adventurer, apply, clover_marked, necklace_marked,
                    potion_marked, wand_marked)

GAME = "dungeon-lords"

# Name types built from the data tables, so a wrong name is rejected with the valid ones listed.
ClassName = Literal[D.CLASSES]  # type: ignore[valid-type]
ItemKind = Literal[D.ITEMS]  # type: ignore[valid-type]
MarkerKind = Literal[D.MARKERS]  # type: ignore[valid-type]
Colour = Literal[D.COLOURS]  # type: ignore[valid-type]
Season = Literal[D.SEASONS]  # type: ignore[valid-type]
MonsterName = Literal[tuple(D.MONSTERS)]  # type: ignore[valid-type]
TrapName = Literal[tuple(D.TRAPS)]  # type: ignore[valid-type]
SpellName = Literal[tuple(D.SPELLS)]  # type: ignore[valid-type]


class _In(BaseModel):
    """Base of every input: immutable, unknown fields rejected."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


def _ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd' ..."""
    return str(n) + {1: "st", 2: "nd", 3: "rd"}.get(n, "th")


def _player(i: int) -> tuple[str, str]:
    """A 0-based player index from the start player, named in Chinese and English."""
    if i == 0:
        return "起始玩家", "the start player"
    return f"從起始玩家算起第 {i + 1} 位玩家", f"the {_ordinal(i + 1)} player in turn order"


# ---------------------------------------------------------------------- events to trace steps

def _source_text(source: DamageSource) -> tuple[str, str]:
    """How a damage source reads at the start of a step (zh-TW, English)."""
    if source.kind is SourceKind.FATIGUE:
        return f"第 {source.point} 點疲勞", f"Fatigue point {source.point}"
    if source.kind is SourceKind.MONSTER:
        return D.MONSTER_NAMES[source.name], f"The {source.name}"
    zh, en = D.TRAP_NAMES[source.name], D.TRAP_NAMES_EN[source.name]
    if source.kind is SourceKind.POISON:
        return f"{zh}的毒素（永遠無法防止）", D.capital(f"the {en}'s poison (never prevented)")
    return zh, D.capital(f"the {en}")


def _mark_reason(state: CombatState, e: Event) -> tuple[str, str]:
    """Why an item kind was marked (zh-TW, English), from the event's numbers."""
    if e.cause is MarkCause.NECKLACE_EXACT:
        adv = adventurer(state, e.position)
        return (f"{adv.label_zh()}的傷害剛好等於他原本的 {e.hp} 點血量",
                f"{adv.label()}'s damage landed exactly on his original {e.hp} hit points")
    if e.cause is MarkCause.CLOVERS_PREVENTED:
        return (f"防止了 {e.prevented} 點陷阱傷害，而單靠盜賊只能防止 {e.icons} 點",
                f"{e.prevented} trap damage was prevented and the thieves alone could prevent only {e.icons}")
    if e.cause is MarkCause.WAND_NEEDED:
        return (f"沒有魔杖就無法施放{D.SPELL_NAMES[e.spell]}（不論咒語是否有作用）",
                f"{D.SPELL_NAMES_EN[e.spell]} could not have been cast without them (effect or not)")
    return (f"隊伍治療了 {e.healed} 點，而單靠牧師只能治療 {e.hearts} 點",
            f"the party healed {e.healed} and the priests alone could heal only {e.hearts}")


def _render_damage(state: CombatState, e: Event, t: Trace) -> None:
    """Trace steps for damage landing, lost on a fallen adventurer, or jumping past a necklace."""
    adv = adventurer(state, e.position)
    source = _source_text(e.source) if e.source else ("", "")
    if e.kind is EventKind.DAMAGE_LOST:
        t.add(f"{source[0]}：{adv.label_zh()}已被擊敗，這些傷害作廢。", None, *e.cites,
              en=f"{source[1]}: {adv.label()} is already defeated, so the damage is lost.")
    elif e.kind is EventKind.DAMAGE:
        note = f" ({e.lost} excess lost)" if e.lost else ""
        note_zh = f"（多出的 {e.lost} 點作廢）" if e.lost else ""
        t.add(f"{source[0]}：對{adv.label_zh()}造成 {e.amount} 點傷害（血量 {e.limit}，傷害 {e.before}→{e.after}）"
              f"{note_zh}" + ("；他被擊敗。" if e.defeated else "。"), e.defeated, *e.cites,
              en=f"{source[1]}: {e.amount} damage to {adv.label()} ({e.before}→{e.after} of {e.limit} hit "
                 f"points){note}" + ("; he is defeated." if e.defeated else "."))
    else:
        t.add(f"{source[0]}：傷害一次越過{adv.label_zh()}原本的 {e.hp} 點血量，沒有剛好等於它，"
              f"所以項鍊不標記。", False, *e.cites,
              en=f"{source[1]}: the damage jumps past {adv.label()}'s original {e.hp} hit points "
                 f"without landing on them, so the necklace is not marked.")


def _render_item(state: CombatState, e: Event, t: Trace) -> None:
    """Trace steps for an item marked, already marked, or settled."""
    it = state.items[e.item]
    if e.kind is EventKind.ALREADY_MARKED:
        t.add(f"{it.label_zh()}先前已標記；只有第一次使用才算。", True, *e.cites,
              en=f"The {it.label()} was already marked; only the first use counts.")
        return
    if e.kind is EventKind.ITEM_MARKED:
        why = _mark_reason(state, e)
        t.add(f"{it.label_zh()}標記已使用（在上面放一個黃金）：{why[0]}。", True, *e.cites,
              en=f"The {it.label()} is marked as used (a gold is put on it): {why[1]}.")
        return
    if e.position is None:
        when = ("戰鬥結束", "Combat ends")
    else:
        adv = adventurer(state, e.position)
        when = (f"{adv.label_zh()}被擊敗", D.capital(f"{adv.label()} is defeated"))
    office_zh = f"{D.COLOUR_NAMES[it.owner]}玩家的死信辦公室"
    office_en = f"{it.owner} player's dead-letter office"
    if e.marked and e.own:
        t.add(f"{when[0]}：{it.label_zh()}是在擁有者自己的地城被使用的；黃金送進{office_zh}，"
              f"但不計分，物品棄置。", True, *e.cites,
              en=f"{when[1]}: the {it.label()} was used in its owner's own dungeon; its gold goes to "
                 f"the {office_en} but scores nothing, and the item is discarded.")
        t.assume(D.OWN_COLOUR_READING[0], en=D.OWN_COLOUR_READING[1])
    elif e.marked:
        t.add(f"{when[0]}：{it.label_zh()}已被使用，黃金送進{office_zh}；物品棄置。", True, *e.cites,
              en=f"{when[1]}: the {it.label()} was used, so its gold goes to the {office_en}; the "
                 f"item is discarded.")
    else:
        t.add(f"{when[0]}：{it.label_zh()}從未被使用，棄置到遠方大陸板，沒有黃金。", False, *e.cites,
              en=f"{when[1]}: the {it.label()} was never used, so it is discarded to the distant lands "
                 f"with no gold.")


def _render_trap(e: Event, t: Trace) -> None:
    """Trace steps (and assumptions) for the trap phase."""
    if e.kind is EventKind.NO_TRAP:
        t.add("陷阱：本回合沒有陷阱。", None, en="Traps: no trap this round.")
        return
    zh, en = D.TRAP_NAMES[e.trap], D.TRAP_NAMES_EN[e.trap]
    if e.kind is EventKind.SPELLS_BLOCKED:
        t.add(f"{zh}：隊伍本回合無法施放任何咒語，魔杖也一樣。", True, *e.cites,
              en=D.capital(f"the {en}: the party casts no spell this round, wands included."))
        return
    t.assume(D.trap_assumption(e.trap), en=D.trap_assumption_en(e.trap))
    if e.clovers:
        t.assume(D.item_effect_assumption("clover"), en=D.item_effect_assumption_en("clover"))
    t.add(f"陷阱：{zh}造成 {e.amount} 點可防止的傷害；盜賊的 {e.icons} 個陷阱圖示和 "
          f"{e.clovers} 個幸運四葉草從前排開始防止其中 {e.prevented} 點。", None, *e.cites,
          en=f"Traps: the {en} deals {e.amount} preventable damage; the thieves' "
             f"{D.plural(e.icons, 'trap icon')} and {D.plural(e.clovers, 'clover')} prevent {e.prevented} of it, "
             f"front first.")


def _render_spell(e: Event, t: Trace) -> None:
    """Trace steps (and assumptions) for casting, wands and driving monsters off."""
    zh, en = D.SPELL_NAMES[e.spell], D.SPELL_NAMES_EN[e.spell]
    when, when_zh = ("Fast spells", "快速咒語") if e.fast else ("Spells", "咒語")
    if e.kind is EventKind.SPELL_NOT_CAST_BLOCKED:
        t.assume(D.spell_assumption(e.spell), en=D.spell_assumption_en(e.spell))
        t.add(f"{when_zh}：{zh}沒有施放，隊伍本回合無法施法。", False, *e.cites,
              en=f"{when}: {en} is not cast; the party cannot cast this round.")
    elif e.kind is EventKind.SPELL_CHECKED:
        t.assume(D.spell_assumption(e.spell), en=D.spell_assumption_en(e.spell))
        if e.wands:
            t.assume(D.item_effect_assumption("wand"), en=D.item_effect_assumption_en("wand"))
        t.add(f"{when_zh}：{zh}需要 {e.level} 點法力；巫師有 {e.magic} 點，魔杖加 {e.wands} 點，所以"
              f"{'施放成功' if e.cast else '無法施放'}。", e.cast, *e.cites,
              en=f"{when}: {en} needs {e.level} magic; the wizards have {e.magic} and the wands add "
                 f"{e.wands}, so it is {'cast' if e.cast else 'not cast'}.")
    elif e.kind is EventKind.WANDS_NOT_NEEDED:
        t.add(f"巫師不靠魔杖也能施放{zh}，所以魔杖不標記。", False, *e.cites,
              en=f"The wizards could cast {en} without the wands, so they are not marked.")
    elif e.kind is EventKind.MONSTER_DRIVEN_OFF:
        t.add(f"{zh}趕走了沒有支付額外薪水的{D.MONSTER_NAMES[e.monster]}。", True, *e.cites,
              en=f"{en} drives off the {e.monster}, who was not paid extra salary.")
    else:
        t.add(f"{zh}找不到沒有支付額外薪水的怪物可以趕走。", None, *e.cites,
              en=f"{en} finds no monster without extra salary to drive off.")


def _render_round(e: Event, t: Trace) -> None:
    """Trace steps for the round order, monsters, healing, conquering and items staying."""
    k = e.kind
    if k is EventKind.ROUND_BEGINS:
        t.add("回合順序：陷阱 → 快速咒語 → 怪物 → 咒語 → 治療（僅在有怪物攻擊時）→ 征服與疲勞。", None, *e.cites,
              en="Round order: traps → fast spells → monsters → spells → healing (only if a monster "
                 "attacked) → conquering with fatigue.")
    elif k is EventKind.NO_MONSTERS:
        t.add("怪物：本回合沒有怪物攻擊。", None, en="Monsters: none attack this round.")
    elif k is EventKind.MONSTER_TURN:
        t.assume(D.monster_assumption(e.monster), en=D.monster_assumption_en(e.monster))
    elif k is EventKind.MONSTER_SKIPS:
        t.add(f"怪物：{D.MONSTER_NAMES[e.monster]}已被趕走，不會攻擊。", False, *e.cites,
              en=f"Monsters: the {e.monster} was driven off and does not attack.")
    elif k is EventKind.MONSTER_NO_ATTACK:
        t.add(f"怪物：{D.MONSTER_NAMES[e.monster]}沒有進行攻擊。", False, *e.cites,
              en=f"Monsters: the {e.monster} makes no attack.")
    elif k is EventKind.NO_HEALING:
        t.add("治療：本回合沒有怪物攻擊，所以沒有治療。", False,
              en="Healing: no monster attacked this round, so there is no healing.")
        t.assume(D.NO_HEALING_WITHOUT_ATTACK[0], en=D.NO_HEALING_WITHOUT_ATTACK[1])
    elif k is EventKind.HEALING:
        if e.potions:
            t.assume(D.item_effect_assumption("potion"), en=D.item_effect_assumption_en("potion"))
        t.add(f"治療：存活的冒險家身上有 {e.need} 點傷害；牧師的治療 {e.hearts} 點加治療藥水 {e.potions} 點，"
              f"從前排開始治療 {e.healed} 點。", e.healed > 0, *e.cites,
              en=f"Healing: {e.need} damage on the standing adventurers; the priests heal up to {e.hearts} and "
                 f"the potions add {e.potions}, so {e.healed} is healed, front first.")
    elif k is EventKind.POTIONS_NOT_NEEDED:
        t.add(f"牧師不靠治療藥水就能治療全部 {e.healed} 點，所以治療藥水不標記。", False, *e.cites,
              en=f"The priests heal all {e.healed} without the potions, so they are not marked.")
    elif k is EventKind.CLOVERS_NOT_NEEDED:
        t.add(f"幸運四葉草沒有防止任何盜賊防止不了的傷害（防止 {e.prevented} 點，盜賊有 {e.icons} 個陷阱圖示），"
              f"所以不標記。", False, *e.cites,
              en=f"The clovers prevented nothing the thieves could not ({e.prevented} prevented, "
                 f"{D.plural(e.icons, 'trap icon')}), so they are not marked.")
    elif k is EventKind.ALL_DEFEATED:
        t.add(f"征服：所有冒險家都被擊敗了，所以沒有疲勞，{D.TILE_NAMES[e.tile]}也沒有被征服。", False, *e.cites,
              en=f"Conquering: every adventurer is defeated, so there is no fatigue and the {e.tile} is "
                 f"not conquered.")
    elif k is EventKind.CONQUEST:
        tile_zh = D.TILE_NAMES[e.tile]
        t.add("征服：" + (f"還有冒險家存活，所以{tile_zh}被征服。" if e.conquered
                         else f"沒有冒險家撐過疲勞，所以{tile_zh}沒有被征服。"), e.conquered, *e.cites,
              en="Conquering: " + (f"an adventurer is still standing, so the {e.tile} is conquered."
                                   if e.conquered else f"no adventurer survives the fatigue, so the {e.tile} "
                                                       f"is not conquered."))
    elif k is EventKind.ITEMS_STAY:
        t.add("戰鬥繼續：仍被持有的物品留在冒險家下方。", None, *e.cites,
              en="Combat goes on: items still carried stay under their adventurers.")


_DAMAGE_EVENTS = {EventKind.DAMAGE, EventKind.DAMAGE_LOST, EventKind.NECKLACE_JUMPED}
_ITEM_EVENTS = {EventKind.ITEM_MARKED, EventKind.ALREADY_MARKED, EventKind.ITEM_SETTLED}
_TRAP_EVENTS = {EventKind.NO_TRAP, EventKind.TRAP_SPRUNG, EventKind.SPELLS_BLOCKED}
_SPELL_EVENTS = {EventKind.SPELL_NOT_CAST_BLOCKED, EventKind.SPELL_CHECKED, EventKind.WANDS_NOT_NEEDED,
                 EventKind.MONSTER_DRIVEN_OFF, EventKind.NOTHING_TO_DRIVE_OFF}


def render_events(state: CombatState, events: tuple[Event, ...], t: Trace) -> None:
    """Write the model's events as the zh-TW and English trace steps (and assumptions) a player reads."""
    for e in events:
        if e.kind in _DAMAGE_EVENTS:
            _render_damage(state, e, t)
        elif e.kind in _ITEM_EVENTS:
            _render_item(state, e, t)
        elif e.kind in _TRAP_EVENTS:
            _render_trap(e, t)
        elif e.kind in _SPELL_EVENTS:
            _render_spell(e, t)
        else:
            _render_round(e, t)


# ====================================================================== item_slot

class ItemSlotInput(_In):
    """Which adventurer a player's face-down item goes under."""

    player_index_from_start: Annotated[int | None, S.SEAT_FROM_START] = Field(
        None, ge=0, le=D.MAX_PLAYERS - 1,
        description="0 = the start player, 1 = the next player, ...; leave empty for every player")
    season: Annotated[Season | None, S.SEASON] = Field(None, description="season of the orders phase; leave empty for all")
    players: Annotated[int | None, S.PLAYERS] = Field(
        None, ge=D.MIN_PLAYERS, le=D.MAX_PLAYERS, description="number of players (bounds the seat; the slot does not depend on it)")

    @model_validator(mode="after")
    def _seat_at_the_table(self) -> "ItemSlotInput":
        if self.players is not None and self.player_index_from_start is not None \
                and self.player_index_from_start >= self.players:
            raise ValueError(f"player_index_from_start: a {self.players}-player game has seats 0 to "
                             f"{self.players - 1}, found {self.player_index_from_start}")
        return self


def _slot_value(index: int) -> str:
    """The slot name for a 0-based player index."""
    return f"adventurer {index + 1}"


def _slot_zh(index: int) -> str:
    """The slot name in Chinese for a 0-based player index."""
    return f"第 {index + 1} 位冒險家"


# How the winter value ("no item in winter") reads (zh-TW, English).
_NO_ITEM_TEXT = ("冬季不分送物品", "no item is given in winter")


def _slot_case(when: str, when_en: str, value: str, index: int | None) -> Case:
    """One item_slot case: an adventurer's slot, or no item (winter) when `index` is None."""
    text = (_slot_zh(index), value) if index is not None else _NO_ITEM_TEXT
    return Case(when=when, when_en=when_en, value=value, value_text=text[0], value_text_en=text[1],
                cites=[D.P_PLACING])


def evaluate_item_slot(inp: ItemSlotInput) -> Verdict:
    """Map a player's place from the start player to the adventurer his item goes under."""
    rid = f"{GAME}.item_slot"
    t = Trace()
    t.add("選擇指令時可以分送魔法物品，冬季除外。", None, D.P_ORDERS_WHEN, D.P_PLACING,
          en="Items are given while choosing orders, except in winter.")
    t.add("由起始玩家先放，放在第一位冒險家下方；下一位玩家放在第二位冒險家下方，依此類推；物品面朝下，"
          "直到冒險家分配時才翻開。", None, D.P_PLACING,
          en="The start player places first, under the first adventurer; the next player under the second, "
             "and so on, face down until the adventurers are assigned.")
    no_item = "no item in winter"
    if inp.season == D.NO_ITEM_SEASON:
        t.add("現在是冬季：不能分送物品。", False, D.P_PLACING, en="It is winter: no item may be given.")
        return t.verdict(rid, no_item, "冬季不能把魔法物品放到冒險家下方。",
                         explanation_en="In winter no magic item may be placed under an adventurer.",
                         details={"allowed": False, "season": inp.season},
                         value_text=_NO_ITEM_TEXT[0], value_text_en=_NO_ITEM_TEXT[1])
    if inp.player_index_from_start is not None:
        i = inp.player_index_from_start
        value = _slot_value(i)
        slot_zh = _slot_zh(i)
        who_zh, who = _player(i)
        if inp.season is not None:
            season_zh = D.SEASON_NAMES[inp.season]
            t.add(f"{season_zh}不是冬季；{who_zh}放在{slot_zh}下方。", True, D.P_PLACING,
                  en=f"{inp.season.capitalize()} is not winter; {who} places under {value}.")
            return t.verdict(rid, value, f"{season_zh}時，{who_zh}把物品面朝下放在程序板塊上{slot_zh}的下方。",
                             explanation_en=f"In {inp.season}, {who} places the item face down under "
                                            f"{value} on the progress board.",
                             details={"allowed": True, "adventurer": i + 1, "season": inp.season},
                             value_text=slot_zh, value_text_en=value)
        # Asking where one's item goes presupposes a season in which items are given: the answer is the
        # slot, with winter (no items) said as the one exception rather than listed as a second answer.
        t.assume("季節沒有說明：這是春、夏、秋季的答案；冬季不分送魔法物品。",
                 en="The season is not stated: this holds in spring, summer and autumn; in winter no item is given.")
        return t.verdict(rid, value, f"{who_zh}把物品面朝下放在程序板塊上{slot_zh}的下方（冬季不分送物品）。",
                         explanation_en=f"{who[0].upper() + who[1:]} places the item face down under {value} on the "
                                        f"progress board (no item is given in winter).",
                         details={"allowed": True, "adventurer": i + 1},
                         value_text=slot_zh, value_text_en=value)
    cases = [_slot_case(_player(i)[0], _player(i)[1].removeprefix("the "), _slot_value(i), i)
             for i in range(D.MAX_PLAYERS)]
    if inp.season is None:
        cases.append(_slot_case("冬季（任何玩家）", "winter (any player)", no_item, None))
    if inp.season is None:
        tail_zh, tail_en = "；冬季則沒有人分送物品。", "; none in winter."
    else:
        tail_zh, tail_en = f"（{D.SEASON_NAMES[inp.season]}可以分送）。", f" ({inp.season} allows it)."
    return t.verdict(rid, DEPENDS, "由起始玩家放在第一位冒險家下方，下一位玩家放在第二位，依此類推" + tail_zh,
                     explanation_en="The start player's item goes under adventurer 1, the next player's under "
                                    "adventurer 2, and so on" + tail_en,
                     cases=cases)


# ====================================================================== assign_items

class MarkerIn(_In):
    """One revealed marker: its owner's colour and what it is (an item or a blank)."""

    # "colour" is how players name a marker's owner (markers come in the players' colours).
    owner: Colour = Field("red", validation_alias=AliasChoices("owner", "colour"))
    item: MarkerKind = "potion"

    @model_validator(mode="before")
    @classmethod
    def _from_pair(cls, v: Any) -> Any:
        """Accept the compact form [owner, item]."""
        if isinstance(v, (list, tuple)):
            if len(v) != 2:
                raise ValueError("a marker is [owner, item], e.g. [\"red\", \"wand\"]")
            return {"owner": v[0], "item": v[1]}
        return v


class AssignInput(_In):
    """Adventurers in board order and markers in reveal order."""

    adventurers: Annotated[list[ClassName], S.ASK_ASSIGN] = Field(default_factory=list, max_length=D.MAX_PLAYERS,
                                         description="classes in progress-board order")
    items: Annotated[list[MarkerIn], S.MARKERS] = Field(default_factory=list, max_length=D.MAX_PLAYERS,
                                                        description="markers in reveal order (one per player)")

    @model_validator(mode="after")
    def _check(self) -> "AssignInput":
        # Each player gives one marker per orders phase (P_PLACING); more markers than adventurers can happen
        # (the leftovers passage returns items once every adventurer has one), more of one colour cannot.
        colours = [m.owner for m in self.items]
        for colour in dict.fromkeys(colours):
            if colours.count(colour) > 1:
                raise ValueError(f"items: {colours.count(colour)} {colour} markers, but each player gives one "
                                 f"marker per orders phase")
        return self


_REASONS_ZH = {"every adventurer already has an item": "每位冒險家都已經有物品了",
               "no adventurer without an item can use it": "沒有物品的冒險家都不能使用它"}


def evaluate_assign_items(inp: AssignInput) -> Verdict:
    """Reveal markers in order: blanks return, each item to the first suitable free adventurer."""
    rid = f"{GAME}.assign_items"
    t = Trace()
    t.assume(D.SUITABILITY_ASSUMPTION, en=D.SUITABILITY_ASSUMPTION_EN)
    if not inp.adventurers and not inp.items:
        back = {"value": "returns to its owner", "value_text": "退回給擁有者",
                "value_text_en": "it returns to its owner"}
        cases = [
            Case(when="指示物是空白指示物", when_en="the marker is a blank", **back, cites=[D.P_BLANKS]),
            Case(when="有能使用該物品、且還沒有物品的冒險家",
                 when_en="an adventurer who can use the item has no item yet",
                 value="goes to the first such adventurer in board order",
                 value_text="分給程序板塊上順序最前的那一位",
                 value_text_en="it goes to the first such adventurer in board order", cites=[D.P_ASSIGN]),
            Case(when="沒有物品的冒險家都不能使用它", when_en="no adventurer without an item can use it",
                 **back, cites=[D.P_LEFTOVERS]),
        ]
        t.add("分配冒險家時依序翻開指示物；空白指示物退回。", None, D.P_BLANKS,
              en="Markers are revealed in order when the adventurers are assigned; blanks go back.")
        t.add("每件物品分給能使用它的冒險家；每位冒險家最多只能擁有一件。", None, D.P_ASSIGN, D.P_ONE_ITEM,
              en="Each item goes to a suitable adventurer; each adventurer holds at most one.")
        t.add("沒人能拿的物品退回給擁有者；之後不再重新分配。", None, D.P_LEFTOVERS, D.P_NO_REASSIGN,
              en="Items nobody can take return to their owners; no reassignment later.")
        return t.verdict(rid, DEPENDS, "依序翻開：物品分給順序最前、能使用它又還沒有物品的冒險家；"
                         "空白指示物和沒人能拿的物品退回擁有者。",
                         explanation_en="Each item goes to the first adventurer in line who can use it and has "
                                        "none; blanks and leftovers return to their owners.", cases=cases)
    holder: dict[int, dict] = {}
    assignments, returned = [], []
    for n, marker in enumerate(inp.items, start=1):
        owner_zh = D.COLOUR_NAMES[marker.owner]
        if marker.item == D.BLANK:
            returned.append({"owner": marker.owner, "item": D.BLANK, "reason": "blank"})
            t.add(f"第 {n} 個指示物（{owner_zh}）是空白指示物，退回給{owner_zh}玩家。", False, D.P_BLANKS,
                  en=f"Marker {n} ({marker.owner}) is a blank and returns to the {marker.owner} player.")
            continue
        free = [p for p, cls in enumerate(inp.adventurers, start=1)
                if p not in holder and D.suits(marker.item, cls)]
        item_zh = D.marker_zh(marker.owner, marker.item)
        if free:
            pos = free[0]
            cls = inp.adventurers[pos - 1]
            entry = {"adventurer": pos, "class": cls, "owner": marker.owner, "item": marker.item}
            holder[pos] = entry
            assignments.append(entry)
            t.add(f"第 {n} 個指示物：{item_zh}分給第 {pos} 位冒險家（{D.CLASS_NAMES[cls]}），"
                  f"他是第一位還沒有物品且能使用它的冒險家。", True, D.P_ASSIGN,
                  en=f"Marker {n}: the {marker.owner} {marker.item} goes to adventurer {pos} ({cls}), the first "
                     f"adventurer without an item who can use it.")
        else:
            reason = ("every adventurer already has an item" if len(holder) == len(inp.adventurers)
                      else "no adventurer without an item can use it")
            returned.append({"owner": marker.owner, "item": marker.item, "reason": reason})
            t.add(f"第 {n} 個指示物：{item_zh}退回給{owner_zh}玩家：{_REASONS_ZH[reason]}。", False,
                  D.P_LEFTOVERS,
                  en=f"Marker {n}: the {marker.owner} {marker.item} returns to the {marker.owner} player: "
                     f"{reason}.")
    t.add("這些物品在整場戰鬥中都留在這些冒險家身上；不會重新分配。", None, D.P_NO_REASSIGN,
          en="The items stay with these adventurers for the whole combat; nothing is reassigned.")
    ordered = sorted(assignments, key=lambda a: a["adventurer"])
    value = [f"adventurer {a['adventurer']} ({a['class']}) ← {a['owner']} {a['item']}" for a in ordered]
    # How the value reads: each adventurer and the item he gets, in board order.
    value_zh = "；".join(f"第 {a['adventurer']} 位冒險家（{D.CLASS_NAMES[a['class']]}）拿到"
                        f"{D.marker_zh(a['owner'], a['item'])}" for a in ordered) or "沒有物品分給冒險家"
    value_en = ("; ".join(f"adventurer {a['adventurer']} ({a['class']}) gets the "
                          f"{D.marker_en(a['owner'], a['item'])}" for a in ordered)
                or "no item goes to an adventurer")
    # The answer line: who gets what (classes are in the value), then what goes back.
    got_zh = "、".join(f"{D.marker_zh(a['owner'], a['item'])}給第 {a['adventurer']} 位冒險家" for a in ordered)
    got_en = D.join_en([f"adventurer {a['adventurer']} gets the {D.marker_en(a['owner'], a['item'])}"
                        for a in ordered])
    back_zh = "、".join(D.marker_zh(r["owner"], r["item"]) for r in returned)
    back_en = "the " + D.join_en([D.marker_en(r["owner"], r["item"]) for r in returned]) if returned else ""
    if not ordered:
        explanation_zh = (f"沒有冒險家拿到物品；{back_zh}退回擁有者。" if returned
                          else "沒有翻開任何指示物，所以沒有冒險家拿到物品。")
        explanation = (f"No adventurer gets an item; {back_en} {'return' if len(returned) > 1 else 'returns'} to "
                       f"{'their owners' if len(returned) > 1 else 'its owner'}." if returned
                       else "No marker was revealed, so no adventurer gets an item.")
    elif returned:
        explanation_zh = f"{got_zh}；{back_zh}退回擁有者。"
        explanation = (f"{D.capital(got_en)}; {back_en} {'return' if len(returned) > 1 else 'returns'} to "
                       f"{'their owners' if len(returned) > 1 else 'its owner'}.")
    else:
        explanation_zh = f"{got_zh}；沒有物品退回。"
        explanation = f"{D.capital(got_en)}; nothing goes back."
    return t.verdict(rid, value, explanation_zh, explanation_en=explanation,
                     details={"assignments": ordered, "returned": returned},
                     value_text=value_zh, value_text_en=value_en)


# ====================================================================== item_marked

class ItemMarkedInput(_In):
    """The quantities that decide whether an item kind is marked as used."""

    item: Annotated[ItemKind | None, S.ITEM] = Field(None, description="potion, clover, wand or necklace; empty for all")
    already_marked: Annotated[bool, S.ALREADY_MARKED] = Field(False, description="the items were marked in an earlier round")
    # potion
    damage_to_heal: Annotated[int | None, S.DAMAGE_TO_HEAL] = Field(None, ge=0, description="damage on the standing adventurers")
    priest_hearts: Annotated[int | None, S.PRIEST_HEARTS] = Field(None, ge=0)
    potions: Annotated[int | None, S.POTIONS] = Field(None, ge=0)
    monster_attacked: Annotated[bool, S.MONSTER_ATTACKED] = Field(True, description="healing only happens if a monster attacked")
    # clover
    trap_damage: Annotated[int | None, S.TRAP_DAMAGE] = Field(None, ge=0, description="the trap's preventable damage")
    thief_icons: Annotated[int | None, S.THIEF_ICONS] = Field(None, ge=0)
    clovers: Annotated[int | None, S.CLOVERS] = Field(None, ge=0)
    # wand
    spell_level: Annotated[int | None, S.SPELL_LEVEL] = Field(None, ge=0)
    party_magic: Annotated[int | None, S.PARTY_MAGIC] = Field(None, ge=0, description="the wizards' magic without wands")
    wands: Annotated[int | None, S.WANDS] = Field(None, ge=0)
    spells_blocked: Annotated[bool, S.SPELLS_BLOCKED] = Field(False, description="e.g. by an anti-magic dart")
    # necklace
    hit_points: Annotated[int | None, S.HIT_POINTS] = Field(None, ge=1, description="the carrier's original hit points")
    damage: Annotated[list[NonNegativeInt] | None, S.DAMAGE] = Field(None, description="damage in the order it lands; fatigue one point "
                                                        "at a time")
    damage_before: Annotated[int, S.DAMAGE_BEFORE] = Field(0, ge=0)

    @model_validator(mode="after")
    def _check(self) -> "ItemMarkedInput":
        # With the necklace's extra point he falls at hit points + 1, so more earlier damage means he is down.
        if self.hit_points is not None and self.damage_before > self.hit_points:
            raise ValueError(f"damage_before: {self.damage_before} earlier damage on {self.hit_points} hit points "
                             f"(plus the necklace's one) means the carrier is already defeated")
        return self


_KIND_CASES = {
    "potion": [("隊伍需要的治療多於牧師的治療點數", "the party needs more healing than the priests' hearts give",
                True),
               ("牧師的治療足以治療全部傷害，或沒有怪物攻擊",
                "the priests' hearts cover all the healing, or no monster attacked", False)],
    "clover": [("陷阱傷害超過盜賊陷阱圖示能防止的量", "the trap's damage exceeds what the thieves' icons prevent",
                True),
               ("盜賊的陷阱圖示能防止全部可防止的陷阱傷害", "the thieves' icons prevent all the preventable trap damage",
                False)],
    "wand": [("咒語施放成功，且單靠巫師法力不足（不論有無作用）",
              "the spell is cast and the wizards alone lack the magic (effect or not)", True),
             ("巫師自己就能施放，或咒語沒有施放", "the wizards could cast it alone, or the spell is not cast", False)],
    "necklace": [("傷害剛好等於持有者原本的血量", "damage lands exactly on the carrier's original hit points", True),
                 ("傷害低於原本血量，或一次就越過它", "damage stays below them, or jumps past them in one blow",
                  False)],
}
_KIND_CITES = {"potion": [D.P_POTION, D.P_POTION_EX], "clover": [D.P_CLOVER, D.P_CLOVER_EX],
               "wand": [D.P_WAND], "necklace": [D.P_NECKLACE]}
_FIELD_NAMES = {"damage_to_heal": "待治療傷害", "priest_hearts": "牧師治療點數", "potions": "治療藥水數量",
                "trap_damage": "陷阱傷害", "thief_icons": "盜賊陷阱圖示", "clovers": "幸運四葉草數量",
                "spell_level": "咒語等級", "party_magic": "巫師法力", "wands": "魔杖數量",
                "hit_points": "原本血量", "damage": "傷害順序"}
_FIELD_NAMES_EN = {"damage_to_heal": "the damage to heal", "priest_hearts": "the priests' healing",
                   "potions": "the number of potions", "trap_damage": "the trap damage",
                   "thief_icons": "the thieves' trap icons", "clovers": "the number of clovers",
                   "spell_level": "the spell level", "party_magic": "the wizards' magic",
                   "wands": "the number of wands", "hit_points": "the original hit points",
                   "damage": "the damage in the order it lands"}


def _yes(flag: bool) -> str:
    """是/否 for a boolean shown in a Chinese trace step."""
    return "是" if flag else "否"


def _yes_en(flag: bool) -> str:
    """yes/no for a boolean shown in an English trace step."""
    return "yes" if flag else "no"


def _decisive_no(kind: str, inp: ItemMarkedInput) -> tuple[str, str] | None:
    """A fact that keeps an item unused whatever the amounts: no monster attack (no healing), spells blocked."""
    if kind == "potion" and not inp.monster_attacked:
        return ("沒有怪物攻擊就不會治療，治療藥水用不上。", "without a monster attack there is no healing, so potions are not used.")
    if kind == "wand" and inp.spells_blocked:
        return ("法術被阻止，魔杖用不上。", "spells are blocked, so wands are not used.")
    return None


def evaluate_item_marked(inp: ItemMarkedInput) -> Verdict:
    """Decide from the deciding quantities whether an item kind is marked (first use only)."""
    rid = f"{GAME}.item_marked"
    t = Trace()
    kinds = [inp.item] if inp.item else list(D.ITEMS)
    for kind in kinds:
        t.assume(D.item_effect_assumption(kind), en=D.item_effect_assumption_en(kind))
    t.add("只有第一次使用會在物品上放黃金；不計算使用次數。", None, D.P_FIRST_USE,
          en="Only the first use puts a gold on an item; uses are not counted.")
    if inp.item is None:
        cases = [Case(when=f"{D.item_name(kind)}：{zh}", when_en=f"{kind}: {en}", value=v,
                      cites=_KIND_CITES[kind])
                 for kind in D.ITEMS for zh, en, v in _KIND_CASES[kind]]
        return t.verdict(rid, DEPENDS, "魔法物品在第一次真正派上用場時標記已使用，同一種物品一起標記。",
                         explanation_en="An item is marked as used the first time it makes a difference; all "
                                        "items of that kind are marked together.",
                         cases=cases)
    kind = inp.item
    name = D.item_name(kind)
    cites = _KIND_CITES[kind]
    if inp.already_marked:
        t.add(f"{name}先前已標記；之後再使用也不會增加什麼。", True, D.P_FIRST_USE,
              en=f"The {kind} was already marked; a later use adds nothing.")
        return t.verdict(rid, True, f"是：{name}已經標記過了，只有第一次使用才算。",
                         explanation_en=f"Yes: the {kind} is already marked, and only the first use counts.",
                         details={"item": kind})
    needed = {"potion": ("damage_to_heal", "priest_hearts", "potions"),
              "clover": ("trap_damage", "thief_icons", "clovers"),
              "wand": ("spell_level", "party_magic", "wands"),
              "necklace": ("hit_points", "damage")}[kind]
    decisive = _decisive_no(kind, inp)
    if decisive is not None:
        # One stated fact settles it whatever the quantities are.
        zh, en = decisive
        if kind == "potion":
            t.add(zh, False, en=en)  # not in the variant text: an assumption, not a cited step
            t.assume(D.NO_HEALING_WITHOUT_ATTACK[0], en=D.NO_HEALING_WITHOUT_ATTACK[1])
        else:
            t.add(zh, False, *cites, en=en)
        return t.verdict(rid, False, f"否：{zh}", explanation_en=f"No: {en}", details={"item": kind},
                         cites=None if kind != "potion" else list(cites))
    missing = [f for f in needed if getattr(inp, f) is None]
    if missing:
        missing_zh = "、".join(_FIELD_NAMES[f] for f in missing)
        missing_en = D.join_en([_FIELD_NAMES_EN[f] for f in missing])
        t.add(f"未提供：{missing_zh}；答案取決於這些數值。", None, *cites,
              en=f"Not given: {missing_en}; the answer depends on them.")
        cases = [Case(when=zh, when_en=en, value=v, cites=cites) for zh, en, v in _KIND_CASES[kind]]
        return t.verdict(rid, DEPENDS, f"{name}是否標記取決於{missing_zh}。",
                         explanation_en=f"Whether the {kind} is marked depends on {missing_en}.",
                         cases=cases, details={"item": kind, "missing": missing})
    if kind == "potion":
        marked = potion_marked(inp.damage_to_heal, inp.priest_hearts, inp.potions, inp.monster_attacked)
        healed = min(inp.damage_to_heal, inp.priest_hearts + inp.potions) if inp.monster_attacked else 0
        t.add(f"只有怪物攻擊過才會治療：有怪物攻擊＝{_yes(inp.monster_attacked)}。", inp.monster_attacked,
              D.P_POTION, en=f"Healing happens only if a monster attacked; one did: {_yes_en(inp.monster_attacked)}.")
        t.add(f"待治療傷害 {inp.damage_to_heal} 點；牧師治療 {inp.priest_hearts} 點加治療藥水 {inp.potions} 點，"
              f"共治療 {healed} 點；需要用到治療藥水＝{_yes(marked)}。", marked, D.P_POTION, D.P_POTION_EX,
              en=f"{inp.damage_to_heal} damage to heal; the priests' {inp.priest_hearts} plus "
                 f"{D.plural(inp.potions, 'potion')} heal {healed}; potions needed: {_yes_en(marked)}.")
        why = (f"隊伍治療了 {healed} 點，多於牧師的 {inp.priest_hearts} 點" if marked
               else "牧師的治療就足夠（或根本沒有治療）")
        why_en = (f"the party heals {healed}, more than the priests' {inp.priest_hearts}" if marked
                  else "the priests' hearts suffice (or there is no healing)")
        details = {"healed": healed}
    elif kind == "clover":
        marked = clover_marked(inp.trap_damage, inp.thief_icons, inp.clovers)
        prevented = min(inp.trap_damage, inp.thief_icons + inp.clovers)
        t.add(f"可防止的陷阱傷害 {inp.trap_damage} 點；陷阱圖示 {inp.thief_icons} 個加幸運四葉草 {inp.clovers} 個，"
              f"防止 {prevented} 點；需要用到幸運四葉草＝{_yes(marked)}。特殊效果永遠無法防止。",
              marked, D.P_CLOVER, D.P_CLOVER_EX,
              en=f"{inp.trap_damage} preventable trap damage; {D.plural(inp.thief_icons, 'trap icon')} plus "
                 f"{D.plural(inp.clovers, 'clover')} prevent {prevented}; clovers needed: {_yes_en(marked)}. "
                 f"Special effects are never prevented.")
        why = (f"防止了 {prevented} 點，多於盜賊的 {inp.thief_icons} 點" if marked
               else "單靠盜賊就能防止所有可防止的傷害")
        why_en = (f"{prevented} damage is prevented, more than the thieves' {inp.thief_icons} alone" if marked
                  else "the thieves alone prevent all that can be prevented")
        details = {"prevented": prevented}
    elif kind == "wand":
        marked = wand_marked(inp.spell_level, inp.party_magic, inp.wands, inp.spells_blocked)
        cast = not inp.spells_blocked and inp.party_magic + inp.wands >= inp.spell_level
        t.add(f"咒語等級 {inp.spell_level}；巫師法力 {inp.party_magic} 加魔杖 {inp.wands}；施放成功＝{_yes(cast)}；"
              f"需要用到魔杖＝{_yes(marked)}。", marked, D.P_WAND,
              en=f"Spell level {inp.spell_level}; the wizards' magic {inp.party_magic} plus "
                 f"{D.plural(inp.wands, 'wand')}; cast: {_yes_en(cast)}; wands needed: {_yes_en(marked)}.")
        why = ("沒有魔杖就無法施放咒語，不論咒語有沒有作用" if marked
               else "咒語沒有施放，或巫師自己就能施放")
        why_en = ("the spell could not be cast without wands, whatever its effect" if marked
                  else "the spell is not cast, or the wizards cast it alone")
        details = {"cast": cast}
    else:
        marked = necklace_marked(inp.hit_points, inp.damage, inp.damage_before)
        t.add(f"原本血量 {inp.hit_points}；已有傷害 {inp.damage_before} 之後，依序受到傷害 {'、'.join(map(str, inp.damage)) or '無'}；"
              f"剛好等於 {inp.hit_points}＝{_yes(marked)}。", marked, D.P_NECKLACE,
              en=f"Original hit points {inp.hit_points}; after {inp.damage_before} earlier damage, damage lands "
                 f"{', '.join(map(str, inp.damage)) or 'none'} in that order; lands exactly on "
                 f"{inp.hit_points}: {_yes_en(marked)}.")
        why = ("傷害剛好等於原本的血量" if marked else "傷害低於原本血量，或一次就越過了它")
        why_en = ("the damage landed exactly on the original hit points" if marked
                  else "the damage stayed below or jumped past the original hit points")
        details = {}
    t.add(f"多件{name}會一起標記。", None, *cites, en=f"Several {kind}s are marked together.")
    return t.verdict(rid, marked, f"{'是' if marked else '否'}：{name}{'標記已使用' if marked else '不標記已使用'}，"
                     f"因為{why}。",
                     explanation_en=f"{'Yes' if marked else 'No'}: the {kind} is {'marked' if marked else 'not marked'} "
                                    f"as used, because {why_en}.",
                     details={"item": kind, **details})


# ====================================================================== combat_round

class AdventurerIn(_In):
    """An adventurer as given; empty numbers take the assumed class defaults."""

    cls: ClassName = Field("warrior", alias="class")
    hp: int | None = Field(None, ge=1, validation_alias=AliasChoices("hp", "hit_points"),
                           description="hit points (assumed class default if empty)")
    damage: int = Field(0, ge=0, description="damage already taken")
    hearts: int | None = Field(None, ge=0, validation_alias=AliasChoices("hearts", "healing"),
                               description="priest's healing")
    traps: int | None = Field(None, ge=0, description="thief's trap icons")
    magic: int | None = Field(None, ge=0, description="wizard's magic")


class CarriedItemIn(_In):
    """An item under an adventurer after assignment."""

    carrier: int = Field(1, ge=1, description="1-based position of the adventurer carrying it")
    item: ItemKind = "potion"
    owner: Colour = Field("red", validation_alias=AliasChoices("owner", "colour"))
    marked: bool = Field(False, description="already marked in an earlier round")


class TrapIn(_In):
    """The trap played and, when it is aimed, its target."""

    name: TrapName = "poison_dart"
    target: int | None = Field(None, ge=1, description="1-based position, for traps you aim")


class AttackIn(_In):
    """One attack of a monster that picks its victim."""

    target: int = Field(1, ge=1)
    damage: int = Field(1, ge=1)


class MonsterIn(_In):
    """A monster sent in, in attack order."""

    name: MonsterName = "goblin"
    paid_extra: bool = False
    attacks: list[AttackIn] = Field(default_factory=list,
                                    description="only for monsters that choose their victims")

    @model_validator(mode="before")
    @classmethod
    def _by_name(cls, data: Any) -> Any:
        # "goblin" alone is a monster sent with nothing else said about it.
        return {"name": data} if isinstance(data, str) else data


class EventsIn(_In):
    """What happens on the tile this round."""

    tile: Literal["room", "corridor"] = "room"
    trap: TrapIn | None = None
    spell: SpellName | None = None
    monsters: list[MonsterIn] = Field(default_factory=list)
    fatigue: int = Field(0, ge=0)
    last_round: bool = Field(True, description="combat ends after this round")


def _potion_party() -> list[AdventurerIn]:
    """The seed's potion-example party with the hit points assumed for it."""
    return [AdventurerIn(cls="thief", hp=3), AdventurerIn(cls="thief", hp=3),
            AdventurerIn(cls="priest", hp=3, hearts=2)]


def _potion_items() -> list[CarriedItemIn]:
    """The two potions of the seed's potion example."""
    return [CarriedItemIn(carrier=1, item="potion", owner="green"),
            CarriedItemIn(carrier=2, item="potion", owner="yellow")]


class CombatInput(_In):
    """A party with its items and one round's events (defaults: the seed's potion example with a slime)."""

    party: Annotated[list[AdventurerIn], S.PARTY] = Field(default_factory=_potion_party, min_length=1, max_length=6)
    items: Annotated[list[CarriedItemIn], S.CARRIED] = Field(default_factory=_potion_items)
    events: Annotated[EventsIn, S.ROUND] = Field(default_factory=lambda: EventsIn(monsters=[MonsterIn(name="slime")]))
    dungeon_owner: Annotated[Colour | None, S.DUNGEON_OWNER] = Field(None, description="colour of the dungeon being attacked")

    @model_validator(mode="after")
    def _check(self) -> "CombatInput":
        n = len(self.party)
        for i, adv in enumerate(self.party, start=1):
            hp = adv.hp if adv.hp is not None else D.CLASS_DEFAULTS[adv.cls].hp
            if adv.damage >= hp:
                raise ValueError(f"party.{i - 1}: damage {adv.damage} reaches hit points {hp}; "
                                 f"a defeated adventurer is not in the party")
        seen = set()
        for i, it in enumerate(self.items):
            if it.carrier > n:
                raise ValueError(f"items.{i}.carrier: {it.carrier} but the party has {n} adventurers")
            if it.carrier in seen:
                raise ValueError(f"items.{i}.carrier: adventurer {it.carrier} already carries an item; "
                                 f"each adventurer holds at most one")
            seen.add(it.carrier)
        colours = [it.owner for it in self.items]
        for colour in dict.fromkeys(colours):
            if colours.count(colour) > D.MARKERS_PER_PLAYER:
                raise ValueError(f"items: {colours.count(colour)} {colour} items, but each player has only "
                                 f"{D.MARKERS_PER_PLAYER} markers")
        ev = self.events
        limit = 2 if ev.tile == "room" else 1
        if len(ev.monsters) > limit:
            raise ValueError(f"events.monsters: a {ev.tile} takes at most {limit} monster(s)")
        if ev.trap is not None:
            trap = D.TRAPS[ev.trap.name]
            if trap.targeting == D.CHOSEN and ev.trap.target is None:
                raise ValueError(f"events.trap.target: {ev.trap.name} needs a target (1..{n})")
            if trap.targeting != D.CHOSEN and ev.trap.target is not None:
                raise ValueError(f"events.trap.target: {ev.trap.name} picks its own victims ({trap.targeting})")
            if ev.trap.target is not None and ev.trap.target > n:
                raise ValueError(f"events.trap.target: {ev.trap.target} but the party has {n} adventurers")
        for m_i, m in enumerate(ev.monsters):
            mon = D.MONSTERS[m.name]
            where = f"events.monsters.{m_i}.attacks"
            if mon.targeting != D.CHOSEN:
                if m.attacks:
                    raise ValueError(f"{where}: the {m.name} picks its own victims ({mon.note})")
                continue
            if len(m.attacks) > mon.max_attacks:
                raise ValueError(f"{where}: the {m.name} makes at most {mon.max_attacks} attack(s)")
            if sum(a.damage for a in m.attacks) > mon.damage:
                raise ValueError(f"{where}: the {m.name} deals at most {mon.damage} damage ({mon.note})")
            for a in m.attacks:
                if a.target > n:
                    raise ValueError(f"{where}: target {a.target} but the party has {n} adventurers")
                if self.party[a.target - 1].cls in mon.cannot_target:
                    raise ValueError(f"{where}: the {m.name} cannot attack a "
                                     f"{self.party[a.target - 1].cls}")
        return self


_NUMBER_NAMES = {"hp": "血量", "hearts": "治療點數", "traps": "陷阱圖示", "magic": "法力"}
_NUMBER_NAMES_EN = {"hp": ("hit point", "hit points"), "hearts": ("healing heart", "healing hearts"),
                    "traps": ("trap icon", "trap icons"), "magic": ("magic", "magic")}


def _initial_state(inp: CombatInput, t: Trace) -> CombatState:
    """Build the round state, flagging every class default and item effect it relies on."""
    party = []
    for pos, a in enumerate(inp.party, start=1):
        dflt = D.CLASS_DEFAULTS[a.cls]
        nums = {}
        for field in ("hp", "hearts", "traps", "magic"):
            given = getattr(a, field)
            nums[field] = given if given is not None else getattr(dflt, field)
            relevant = field == "hp" or (field, a.cls) in {("hearts", "priest"), ("traps", "thief"),
                                                           ("magic", "wizard")}
            if given is None and relevant:
                t.assume(f"假設的職業預設值（原文圖片已遺失）：{pos}號{D.CLASS_NAMES[a.cls]}的"
                         f"{_NUMBER_NAMES[field]}為 {nums[field]}。",
                         en=f"Assumed class default (the variant's pictures are lost): {a.cls} #{pos} has "
                            f"{D.plural(nums[field], *_NUMBER_NAMES_EN[field])}.")
        party.append(Adventurer(position=pos, cls=a.cls, damage=a.damage, **nums))
    desc = ", ".join(f"{p.cls} #{p.position} {p.hp} hp" + (f" ({p.damage} damage)" if p.damage else "")
                     for p in party)
    desc_zh = "、".join(f"{p.label_zh()} {p.hp} 點血量" + (f"（已受 {p.damage} 點傷害）" if p.damage else "")
                       for p in party)
    t.assume(f"本題假設的血量（原文沒有提供）：{desc_zh}。",
             en=f"Hit points assumed for this question (the variant text does not give them): {desc}.")
    items = tuple(Item(kind=i.item, owner=i.owner, carrier=i.carrier, marked=i.marked, marked_earlier=i.marked)
                  for i in inp.items)
    for it in items:
        t.assume(D.item_effect_assumption(it.kind), en=D.item_effect_assumption_en(it.kind))
        carrier = party[it.carrier - 1]
        if not D.suits(it.kind, carrier.cls):
            t.add(f"注意：{D.CLASS_NAMES[carrier.cls]}持有{D.item_name(it.kind)}，不在假設的職業適用表內。",
                  None, D.P_ASSIGN,
                  en=f"Note: a {carrier.cls} carrying a {it.kind} is outside the assumed suitability table.")
            t.assume(D.SUITABILITY_ASSUMPTION, en=D.SUITABILITY_ASSUMPTION_EN)
    t.assume("假設沿用基本遊戲的傷害處理：攻擊第一位冒險家的傷害不會延伸到下一位；超過擊敗冒險家所需的傷害作廢；"
             "疲勞一次一點，落在最前面的冒險家身上。",
             en="Assumed base-game damage handling: an attack on the first adventurer does not spill over; "
                "damage beyond what defeats an adventurer is lost; fatigue lands one point at a time on the "
                "front adventurer.")
    ev = inp.events
    rounds = (CombatRound(tile=ev.tile, spell=ev.spell, fatigue=ev.fatigue),)
    if not ev.last_round:
        # The combat goes on after this round, on a tile the question does not describe.
        rounds += (CombatRound(tile=ev.tile),)
    return CombatState(party=tuple(party), items=items, rounds=rounds, dungeon_owner=inp.dungeon_owner,
                       traps_in_hand=(ev.trap.name,) if ev.trap else (),
                       monsters_in_hand=tuple(m.name for m in ev.monsters))


def _play(inp: CombatInput, t: Trace, order: tuple[int, ...] | None = None) -> CombatState:
    """Play the round the input describes through the model (monsters optionally reordered) and trace it."""
    state = _initial_state(inp, t)
    ev = inp.events
    state = apply(state, ChooseTrap(ev.trap.name, ev.trap.target) if ev.trap else ChooseTrap(None))
    for i in order if order is not None else range(len(ev.monsters)):
        m = ev.monsters[i]
        state = apply(state, SendMonster(m.name, m.paid_extra, tuple((a.target, a.damage) for a in m.attacks)))
    state = apply(state, Fight())
    render_events(state, state.events, t)
    return state


def _summary(state: CombatState) -> dict:
    """Details of a finished round."""
    return {
        "adventurers": [{"position": a.position, "class": a.cls, "hp": a.hp, "damage": a.damage,
                         "defeated": a.defeated} for a in state.party],
        "defeated": list(state.fallen),
        "prevented": state.prevented,
        "healed": state.healed,
        "spells_cast": list(state.spells_cast),
        "marked": [it.label() for it in state.items if it.marked],
        "items": [{"item": it.kind, "owner": it.owner, "carrier": it.carrier, "marked": it.marked,
                   "fate": it.fate.value if it.fate else "still carried",
                   "gold_to": f"{it.gold_to} dead-letter office" if it.gold_to else None, "scores": it.scores}
                  for it in state.items],
        "conquered": state.conquered,
    }


def _round_value(state: CombatState) -> str:
    """Short verdict value (machine form): tile conquered or not, and the marked items."""
    marked = [it.label() for it in state.items if it.marked]
    tile = "tile conquered" if state.conquered else "tile not conquered"
    return f"{tile}; marked: {', '.join(marked) if marked else 'none'}"


def _round_zh(state: CombatState) -> str:
    """How _round_value reads in Chinese: the room (or corridor) conquered or not, and the marked items."""
    marked = [it.label_zh() for it in state.items if it.marked]
    tile = D.TILE_NAMES[state.rounds[0].tile] + ("被征服" if state.conquered else "沒有被征服")
    return f"{tile}；{'、'.join(marked) + '標記已使用' if marked else '沒有物品標記已使用'}"


def _round_en(state: CombatState) -> str:
    """How _round_value reads in English."""
    marked = [it.label() for it in state.items if it.marked]
    tile = f"the {state.rounds[0].tile} is {'conquered' if state.conquered else 'not conquered'}"
    return f"{tile}; {'marked as used: ' + ', '.join(marked) if marked else 'no item is marked as used'}"


def _defeated_zh(state: CombatState) -> str:
    """Who fell this round, in Chinese."""
    names = {a.label(): a.label_zh() for a in state.party}
    return "、".join(names[label] for label in state.fallen) or "無"


def _outcome(state: CombatState) -> tuple[str, str]:
    """The round's outcome as a player reads it (zh-TW, English): the tile, the marks and who fell."""
    fallen_zh = f"被擊敗：{_defeated_zh(state)}" if state.fallen else "沒有冒險家被擊敗"
    fallen_en = f"defeated: {', '.join(state.fallen)}" if state.fallen else "nobody is defeated"
    return f"{_round_zh(state)}；{fallen_zh}", f"{_round_en(state)}; {fallen_en}"


def _gold_step(state: CombatState, t: Trace) -> None:
    """A closing step: healing, prevention, and where each gold went (the detail the answer line leaves out)."""
    golds_zh, golds_en = [], []
    for it in state.items:
        if it.gold_to:
            own = "" if it.scores else "（自己的地城，不計分）"
            golds_zh.append(f"{it.label_zh()} → {D.COLOUR_NAMES[it.owner]}玩家的死信辦公室{own}")
            golds_en.append(f"{it.label()} → {it.owner} player's dead-letter office"
                            + ("" if it.scores else " (own dungeon, scores nothing)"))
    t.add(f"結果：治療 {state.healed} 點，防止陷阱傷害 {state.prevented} 點；黃金："
          f"{'；'.join(golds_zh) if golds_zh else '沒有黃金進入死信辦公室'}。", None, D.P_GOLD,
          en=f"Result: healed {state.healed}, trap damage prevented {state.prevented}; gold: "
             f"{'; '.join(golds_en) if golds_en else 'none goes to a dead-letter office'}.")


def evaluate_combat_round(inp: CombatInput) -> Verdict:
    """Play one combat round and report damage, defeats, healing, marked items and where gold goes."""
    rid = f"{GAME}.combat_round"
    t = Trace()
    state = _play(inp, t)
    _gold_step(state, t)
    outcome_zh, outcome_en = _outcome(state)
    return t.verdict(rid, _round_value(state), f"{outcome_zh}。", explanation_en=f"{D.capital(outcome_en)}.",
                     details=_summary(state), value_text=_round_zh(state), value_text_en=_round_en(state))


class AttackOrderInput(CombatInput):
    """Like combat_round; defaults to the seed's goblin-plus-slime question."""

    events: Annotated[EventsIn, S.ROUND] = Field(default_factory=lambda: EventsIn(
        monsters=[MonsterIn(name="goblin"), MonsterIn(name="slime")]))


def _play_orders(inp: CombatInput) -> list[dict]:
    """Play the round once per attack order of the monsters; each with its names, outcome and trace."""
    n = len(inp.events.monsters)
    orders = list(permutations(range(n))) if n > 1 else [tuple(range(n))]
    played = []
    for order in orders:
        sub = Trace()
        state = _play(inp, sub, order)
        monsters = [inp.events.monsters[i].name for i in order]
        names_zh = "，再".join(D.MONSTER_NAMES[m] for m in monsters)
        summary = _summary(state)
        outcome_zh, outcome_en = _outcome(state)
        played.append({
            "names": " then ".join(monsters) or "no monster",
            "names_en": ", then ".join(monsters) or "no monster",
            "names_zh": f"先{names_zh}" if n > 1 else (names_zh or "沒有怪物"),
            "value": f"{_round_value(state)}; defeated: {', '.join(summary['defeated']) or 'nobody'}",
            "summary": summary, "outcome_zh": outcome_zh, "outcome_en": outcome_en, "trace": sub})
    return played


def _differs(played: list[dict]) -> bool:
    """Whether anything a player would see differs between the orders, not only the tile and the marks."""
    return len({(p["value"], str(p["summary"]["adventurers"])) for p in played}) > 1


def _order_matters_with(inp: CombatInput) -> tuple[list[tuple[str, str]], list[dict]] | None:
    """The nearest party numbers under which the attack order changes the outcome, and the orders' outcomes.

    Tries less life left on the front adventurer and more hit points on the second, fewest changes first;
    prefers numbers where the same adventurers fall in every order and only the marked items differ (the
    difference the potion example describes), else any difference."""
    party = inp.party
    first = party[0]
    hp1 = first.hp if first.hp is not None else D.CLASS_DEFAULTS[first.cls].hp
    second = party[1] if len(party) > 1 else None
    hp2 = (second.hp if second.hp is not None else D.CLASS_DEFAULTS[second.cls].hp) if second else 0
    tries = sorted(((d1, h2) for d1 in range(first.damage, hp1) for h2 in range(hp2, hp2 + 3 if second else 1)),
                   key=lambda c: ((c[0] != first.damage) + (c[1] != hp2), c[0] - first.damage + c[1] - hp2))
    fallback = None
    for d1, h2 in tries[1:]:
        changed = [first.model_copy(update={"hp": hp1, "damage": d1})]
        if second:
            changed.append(second.model_copy(update={"hp": h2}))
        played = _play_orders(inp.model_copy(update={"party": changed + list(party[len(changed):])}))
        if not _differs(played):
            continue
        changes = []
        if d1 != first.damage:
            label = f"{first.cls} #1"
            changes.append((f"1號{D.CLASS_NAMES[first.cls]}只剩 {hp1 - d1} 點血量（已受 {d1} 點傷害）",
                            f"{label} has only {D.plural(hp1 - d1, 'hit point')} left ({d1} damage taken)"))
        if second and h2 != hp2:
            changes.append((f"2號{D.CLASS_NAMES[second.cls]}有 {h2} 點血量", f"{second.cls} #2 has {h2} hit points"))
        if len({str(p["summary"]["defeated"]) for p in played}) == 1:
            return changes, played
        fallback = fallback or (changes, played)
    return fallback


def evaluate_attack_order(inp: CombatInput) -> Verdict:
    """Play the round with the monsters in each possible order and compare the outcomes."""
    rid = f"{GAME}.attack_order"
    t = Trace()
    n = len(inp.events.monsters)
    played = _play_orders(inp)
    for p in played:
        sub = p["trace"]
        for zh, en in zip(sub.assumptions, sub.assumptions_en):
            t.assume(zh, en=en)
        t.add(f"{p['names_zh']}：{p['outcome_zh']}；治療 {p['summary']['healed']} 點。", None,
              *sorted({c for s in sub.steps for c in s.cites}),
              en=f"{D.capital(p['names_en'])}: {p['outcome_en']}; healed {p['summary']['healed']}.")
    details = {"orders": [{"order": p["names"], "outcome": p["value"], **p["summary"]} for p in played]}
    if _differs(played):
        cases = [Case(when=p["names_zh"], when_en=p["names_en"], value=p["value"], value_text=p["outcome_zh"],
                      value_text_en=p["outcome_en"]) for p in played]
        return t.verdict(rid, DEPENDS, "會：不同的攻擊順序結果不同，各順序的結果如下。",
                         explanation_en="Yes: the outcome changes with the order the monsters attack, as "
                                        "listed below.", cases=cases, details=details)
    if {m.name for m in inp.events.monsters} == {"goblin", "slime"}:
        # The seed claims the order decides the second potion, but its stated numbers cannot show it.
        t.add("原文說攻擊順序決定第二瓶治療藥水是否被使用；但哥布林對第一位冒險家造成 2 點、史萊姆對每位各造成 "
              "1 點時，不論順序第一位冒險家都受到 3 點、其他人各 1 點，所以這個差別一定來自原文已遺失圖片中的數值。",
              None, D.P_POTION_EX,
              en="The variant text says the order decides whether the second potion is used; with a goblin "
                 "dealing 2 to the first adventurer and a slime 1 to each, the first adventurer takes 3 in "
                 "either order and everyone else 1, so that difference must come from numbers in the text's "
                 "lost picture.")
    if n < 2:
        zh, en = "只有一種攻擊順序", "There is only one attack order"
        why_zh = why_en = ""
    else:
        zh, en = "每種攻擊順序的結果都一樣", "Every attack order gives the same result"
        why_zh, why_en = _why_same(inp, details)
    return t.verdict(rid, "same in every order", f"不會：{zh}（{played[0]['outcome_zh']}）。{why_zh}",
                     explanation_en=f"No: {en[0].lower()}{en[1:]} ({played[0]['outcome_en']}).{why_en}",
                     details=details, value_text=f"不會，{zh}", value_text_en=f"no, {en[0].lower()}{en[1:]}")


def _why_same(inp: CombatInput, details: dict) -> tuple[str, str]:
    """Why the order changes nothing with these numbers, and which numbers would make it matter (zh-TW, en)."""
    found = _order_matters_with(inp)
    if found is None:
        return ("附近的血量數值（第一位冒險家剩餘的血量、第二位的血量）也不會讓順序改變結果。",
                " No nearby numbers (the first adventurer's remaining hit points, the second's hit points) make "
                "the order matter either.")
    changes, played = found
    details["order_matters_with"] = {"changes": [en for _, en in changes],
                                     "orders": [{"order": p["names"], "outcome": p["value"]} for p in played]}
    lead_zh = ("原文說結果會依攻擊順序而不同，但原文的圖片已遺失，照本題的數值無法重現這個差別（只有先擊敗前面的冒險家，"
               "後面的攻擊才會轉向下一位）。" if {m.name for m in inp.events.monsters} == {"goblin", "slime"} else "")
    lead_en = (" The variant text says the result depends on the order, but its picture is lost and these numbers "
               "cannot reproduce that (an attack only moves on to the next adventurer once the one in front has "
               "fallen)." if lead_zh else "")
    cond_zh = "、".join(zh for zh, _ in changes)
    cond_en = D.join_en([en for _, en in changes])
    orders_zh = "；".join(f"{p['names_zh']}：{p['outcome_zh']}" for p in played)
    orders_en = "; ".join(f"{p['names_en']}: {p['outcome_en']}" for p in played)
    return (f"{lead_zh}若{cond_zh}，順序就會改變結果：{orders_zh}。",
            f"{lead_en} If {cond_en}, the order matters: {orders_en}.")


# ====================================================================== item_bonus

class ItemBonusInput(_In):
    """End-of-game score from golds in the dead-letter office."""

    final_score: Annotated[int | None, S.FINAL_SCORE] = Field(
        None, description="score before this bonus; empty for both cases")
    golds: Annotated[int | None, S.GOLDS] = Field(
        None, ge=0, description="golds in your dead-letter office; empty for the rule per gold")
    own_colour: Annotated[int, S.OWN_COLOUR] = Field(0, ge=0, description="how many of them came from items used in your own dungeon")

    @model_validator(mode="after")
    def _check(self) -> "ItemBonusInput":
        if self.golds is not None and self.own_colour > self.golds:
            raise ValueError(f"own_colour: {self.own_colour} is more than golds {self.golds}")
        return self


def evaluate_item_bonus(inp: ItemBonusInput) -> Verdict:
    """+2 per gold in the dead-letter office when the final score is positive; own-dungeon items excluded."""
    rid = f"{GAME}.item_bonus"
    t = Trace()
    if inp.golds is None:
        return _item_bonus_per_gold(rid, t, inp.final_score)
    counted = inp.golds - inp.own_colour
    bonus = D.SCORE_PER_GOLD * counted
    t.add("你分送的物品被冒險家使用後，遊戲結束時為你帶來 2 分，取代打敗冒險家取得魔法物品的得分。", None,
          D.P_ONE_ITEM,
          en="An item used by an adventurer earns its owner 2 points at game end instead of points for "
             "defeating adventurers.")
    t.add(f"{inp.golds} 個黃金中有 {inp.own_colour} 個來自在你自己地城被使用的物品，不計分。",
          inp.own_colour == 0, D.P_OWN_COLOUR,
          en=f"{inp.own_colour} of {D.plural(inp.golds, 'gold')} came from items used in your own dungeon and "
             f"score nothing.")
    details = {"golds": inp.golds, "counted": counted, "per_gold": D.SCORE_PER_GOLD}
    if inp.final_score is None:
        t.add("只有在你的最終分數為正分時才有這項加分。", None, D.P_SCORING,
              en="The bonus applies only if your final score is positive.")
        cases = [Case(when="最終分數為正分", when_en="final score positive", value=bonus, cites=[D.P_SCORING]),
                 Case(when="最終分數為零或負分", when_en="final score zero or negative", value=0,
                      cites=[D.P_SCORING])]
        return t.verdict(rid, DEPENDS, f"最終分數為正分時，計分的 {counted} 個黃金加 {bonus} 分；"
                         f"零分或負分時則沒有加分。",
                         explanation_en=f"With a positive final score your {D.plural(counted, 'counted gold')} "
                                        f"give +{bonus}; with zero or less they give nothing.",
                         cases=cases, details=details)
    positive = inp.final_score > 0
    t.add(f"最終分數 {inp.final_score} {'是正分' if positive else '不是正分'}。", positive, D.P_SCORING,
          en=f"Final score {inp.final_score} is {'positive' if positive else 'not positive'}.")
    value = bonus if positive else 0
    if positive:
        zh = (f"加 {value} 分：計分黃金 {counted} 個 × {D.SCORE_PER_GOLD} 分，合計 {inp.final_score + value} 分。")
        en = (f"+{value} points: {D.plural(counted, 'counted gold')} × {D.SCORE_PER_GOLD}, for a total of "
              f"{inp.final_score + value}.")
    else:
        zh = f"沒有加分：最終分數 {inp.final_score} 不是正分，合計仍是 {inp.final_score} 分。"
        en = f"No bonus: the final score {inp.final_score} is not positive, so the total stays {inp.final_score}."
    return t.verdict(rid, value, zh, explanation_en=en,
                     details={**details, "bonus": value, "total": inp.final_score + value})


def _item_bonus_per_gold(rid: str, t: Trace, final_score: int | None) -> Verdict:
    """The bonus when the number of golds is not given: 2 per gold with a positive score, else none."""
    t.add("你分送的物品被冒險家使用後，遊戲結束時死信辦公室裡的每個黃金為你帶來 2 分。", None, D.P_ONE_ITEM,
          en="Each gold in your dead-letter office from an item an adventurer used earns 2 points at game end.")
    t.add("只有在你的最終分數為正分時才有這項加分；在你自己地城使用的物品不計分。", None, D.P_SCORING,
          D.P_OWN_COLOUR, en="The bonus applies only with a positive final score; items used in your own dungeon "
                             "score nothing.")
    details = {"per_gold": D.SCORE_PER_GOLD}
    if final_score is not None and final_score <= 0:
        t.add(f"最終分數 {final_score} 不是正分。", False, D.P_SCORING,
              en=f"Final score {final_score} is not positive.")
        return t.verdict(rid, 0, f"沒有加分：最終分數 {final_score} 不是正分，黃金不論多少都不計分。",
                         explanation_en=f"No bonus: the final score {final_score} is not positive, so golds "
                                        f"score nothing however many there are.", details={**details, "bonus": 0})
    cases = [Case(when="最終分數為正分（每個計分的黃金）", when_en="final score positive (per counted gold)",
                  value=D.SCORE_PER_GOLD, cites=[D.P_SCORING], condition={"final_score": "positive"}),
             Case(when="最終分數為零或負分", when_en="final score zero or negative", value=0, cites=[D.P_SCORING],
                  condition={"final_score": "zero or negative"})]
    if final_score is not None:
        return t.verdict(rid, DEPENDS, f"最終分數 {final_score} 為正分：每個計分的黃金 +{D.SCORE_PER_GOLD} 分。",
                         explanation_en=f"Final score {final_score} is positive: +{D.SCORE_PER_GOLD} per counted "
                                        f"gold.", cases=cases[:1], details=details)
    return t.verdict(rid, DEPENDS, f"最終分數為正分時，每個計分的黃金 +{D.SCORE_PER_GOLD} 分；零分或負分時沒有加分。",
                     explanation_en=f"With a positive final score each counted gold gives +{D.SCORE_PER_GOLD}; "
                                    f"with zero or less, nothing.", cases=cases, details=details)


# ====================================================================== registration

rule(
    id=f"{GAME}.item_slot",
    titles={"zh-TW": "魔法物品放在哪位冒險家下方", "en": "Which adventurer a player's item goes under"},
    input_model=ItemSlotInput, passages=(D.P_ORDERS_WHEN, D.P_PLACING, D.P_MARKERS),
    examples={
        # Whether items are given in winter at all is a yes or no: the fact dungeon-lords.no_items_in_winter.
        "zh-TW": ("我的魔法物品要放在哪一位冒險家下面？", "第二位玩家的物品放在第幾個冒險家？",
                  "冬天下指令的時候，我的物品要放哪個冒險家？", "選行動的時候，起始玩家的物品蓋在第一位冒險家下方嗎？"),
        "zh-CN": ("我的魔法物品要放在哪一位冒险家下面？", "第二位玩家的物品放在第几个冒险家？",
                  "冬天下指令的时候，我的物品要放哪个冒险家？"),
        "en": ("Under whose card on the progress board do I slide my face-down item?",
               "As the second player, under which adventurer do I place my item?",
               "It's winter: under which adventurer does my item go?"),
    },
    summary="The start player places under adventurer 1, the next under adventurer 2, ...; never in winter.",
)(evaluate_item_slot)

rule(
    id=f"{GAME}.assign_items",
    titles={"zh-TW": "翻開魔法物品並分配給冒險家", "en": "Revealing and assigning magic items to adventurers"},
    input_model=AssignInput,
    passages=(D.P_BLANKS, D.P_ASSIGN, D.P_LEFTOVERS, D.P_EX_PRIEST, D.P_EX_THIEVES, D.P_NO_REASSIGN,
              D.P_ONE_ITEM),
    examples={
        "zh-TW": ("魔法物品翻開後要分配給哪個冒險家？", "空白指示物翻開後怎麼處理？",
                  "兩根魔杖和兩位戰士時怎麼分配？", "沒有冒險家適合的魔法物品會怎樣？",
                  "冒險家分好以後，翻開的物品歸誰拿？", "已經分到物品的冒險家，還能再多收一件嗎？",
                  "魔法物品揭曉之後按什麼順序分給冒險家？"),
        "zh-CN": ("魔法物品翻开后要分配给哪个冒险家？", "空白指示物翻开后怎么处理？",
                  "两根魔杖和两位战士时怎么分配？", "没有冒险家适合的魔法物品会怎样？",
                  "冒险者分好以后，翻开的物品归谁拿？", "魔法物品揭晓之后按什么顺序分给冒险者？"),
        "en": ("Which adventurer gets each revealed magic item?", "What happens to a blank marker when revealed?",
               "With two warriors and two wands, who gets which wand?",
               "What happens to an item no adventurer can use?",
               "Once the adventurers are assigned, how are the flipped item markers handed out?",
               "In what order are the revealed items given to the adventurers?"),
    },
    summary="Blanks return; each item goes to the first suitable adventurer without one; leftovers return.",
)(evaluate_assign_items)

rule(
    id=f"{GAME}.item_marked",
    titles={"zh-TW": "魔法物品是否標記為已使用", "en": "Whether a magic item is marked as used"},
    input_model=ItemMarkedInput,
    passages=(D.P_POTION, D.P_CLOVER, D.P_WAND, D.P_NECKLACE, D.P_FIRST_USE, D.P_GOLD),
    examples={
        "zh-TW": ("治療藥水什麼時候算是被使用？", "幸運四葉草要怎樣才會被標記已使用？",
                  "魔杖在咒語沒有效果時也算使用嗎？", "堅忍項鍊什麼情況下會被標記？"),
        "zh-CN": ("治疗药水什么时候算是被使用？", "幸运四叶草要怎样才会被标记已使用？",
                  "魔杖在咒语没有效果时也算使用吗？", "坚忍项链什么情况下会被标记？"),
        "en": ("When is a healing potion marked as used?", "When does a four-leaf clover count as used?",
               "Is a wand marked if the spell has no effect?", "When is the necklace of endurance marked?"),
    },
    summary="Potions/clovers/wands are marked when needed; the necklace when damage lands exactly on the "
            "original hit points; first use only.",
)(evaluate_item_marked)

rule(
    id=f"{GAME}.combat_round",
    titles={"zh-TW": "帶魔法物品的一回合戰鬥", "en": "One combat round with magic items"},
    input_model=CombatInput,
    passages=(D.P_GOLD, D.P_FIRST_USE, D.P_OWN_COLOUR, D.P_POTION_EX, D.P_CLOVER_EX, D.P_WAND_WITCH,
              D.P_WAND_PENDULUM, D.P_WAND_ANTI, D.P_NECKLACE_WITCH, D.P_NECKLACE_VAMPIRE,
              D.P_NECKLACE_FATIGUE),
    examples={
        "zh-TW": ("用史萊姆攻擊帶著兩瓶治療藥水的隊伍，藥水會被使用嗎？", "戰鬥中冒險家被擊敗時，他身上的魔法物品怎麼處理？",
                  "女巫和吸血鬼攻擊帶項鍊的巫師，房間會被征服嗎？", "戰鬥結束後物品上的黃金去哪裡？"),
        "zh-CN": ("用史莱姆攻击带着两瓶治疗药水的队伍，药水会被使用吗？", "战斗中冒险家被击败时，他身上的魔法物品怎么处理？",
                  "女巫和吸血鬼攻击带项链的巫师，房间会被征服吗？", "战斗结束后物品上的黄金去哪里？"),
        "en": ("If I attack a party carrying two potions with a slime, are the potions used?",
               "What happens to a magic item when the adventurer carrying it is defeated?",
               "If the witch and the vampire attack the wizard with the necklace, is the room conquered?",
               "Where does the gold on an item go when combat ends?"),
    },
    summary="Traps, fast spells, monsters, spells, healing, conquering; which items are marked and where "
            "their gold goes.",
)(evaluate_combat_round)

rule(
    id=f"{GAME}.attack_order",
    titles={"zh-TW": "怪物攻擊順序對魔法物品的影響", "en": "Does the monsters' attack order change the outcome"},
    input_model=AttackOrderInput,
    passages=(D.P_POTION_EX, D.P_GOLD, D.P_FIRST_USE),
    examples={
        "zh-TW": ("哥布林和史萊姆哪個先攻擊才不會讓第二瓶藥水被使用？", "兩隻怪物的攻擊順序會影響結果嗎？",
                  "怪物先後順序會不會改變哪些魔法物品被標記？", "哪隻怪物先打，結果會不一樣嗎？",
                  "走廊裡戰士5血在前，後面的巫師3血戴著項鍊；女巫打巫師1點、吸血鬼咬他3點，誰先打會影響項鍊標不標記嗎？"),
        "zh-CN": ("哥布林和史莱姆哪个先攻击才不会让第二瓶药水被使用？", "两只怪物的攻击顺序会影响结果吗？",
                  "怪物先后顺序会不会改变哪些魔法物品被标记？", "哪只怪物先打，结果会不一样吗？",
                  "走廊里战士5血在前，后面的巫师3血戴着项链；女巫打巫师1点、吸血鬼咬他3点，谁先打会影响项链标不标记吗？"),
        "en": ("Should the goblin or the slime attack first so the second potion is not used?",
               "Does the order my two monsters attack in matter?",
               "Can the monsters' attack order change which items get marked?",
               "Does it matter which monster attacks first?",
               "Corridor: a thief with 4 HP and a potion up front, a priest behind. My goblin deals 2 to the front "
               "one and my slime 1 to each. Does it make a difference which monster I send in first?"),
    },
    summary="Plays the round with the monsters in every order and compares.",
)(evaluate_attack_order)

rule(
    id=f"{GAME}.item_bonus",
    titles={"zh-TW": "死信辦公室黃金的終局加分", "en": "End-game points for golds in the dead-letter office"},
    input_model=ItemBonusInput, passages=(D.P_SCORING, D.P_OWN_COLOUR, D.P_ONE_ITEM),
    examples={
        "zh-TW": ("死信辦公室裡的黃金遊戲結束時值幾分？", "總分是負的時候魔法物品還有加分嗎？",
                  "自己的魔法物品在自己的地城被使用有分數嗎？"),
        "zh-CN": ("死信办公室里的黄金游戏结束时值几分？", "总分是负的时候魔法物品还有加分吗？",
                  "自己的魔法物品在自己的地城被使用有分数吗？"),
        "en": ("How many points are the golds in my dead-letter office worth at the end?",
               "Do I get the item bonus if my final score is negative?",
               "Do I score for my own item used in my own dungeon?"),
    },
    summary="+2 per gold when the final score is positive; nothing for items used in your own dungeon.",
)(evaluate_item_bonus)
