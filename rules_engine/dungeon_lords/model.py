"""Immutable party/item state and one combat round of the magic-item variant."""
from __future__ import annotations

from dataclasses import dataclass, replace
from ..verdict import Trace
from . import data as D


@dataclass(frozen=True)
class Adventurer:
    """One adventurer in the party, front (position 1) to back."""

    position: int
    cls: str
    hp: int
    damage: int = 0
    hearts: int = 0
    traps: int = 0
    magic: int = 0
    defeated: bool = False

    def label(self) -> str:
        """Readable name, e.g. 'thief #1'."""
        return f"{self.cls} #{self.position}"

    def label_zh(self) -> str:
        """Traditional Chinese name, e.g. '1號盜賊'."""
        return f"{self.position}號{D.CLASS_NAMES[self.cls]}"


@dataclass(frozen=True)
class Item:
    """A magic item under an adventurer; `fate` stays None while it is still carried."""

    kind: str
    owner: str
    carrier: int
    marked: bool = False
    fate: str | None = None
    gold_to: str | None = None
    scores: bool = False

    def label(self) -> str:
        """Readable name, e.g. 'green potion'."""
        return f"{self.owner} {self.kind}"

    def label_zh(self) -> str:
        """Traditional Chinese name, e.g. '綠色治療藥水'."""
        return D.marker_zh(self.owner, self.kind)


@dataclass(frozen=True)
class TrapPlay:
    """The trap you play on the tile, and its target when you choose it."""

    name: str
    target: int | None = None


@dataclass(frozen=True)
class MonsterPlay:
    """A monster you send, whether it was paid extra, and its attacks (target, damage) if chosen."""

    name: str
    paid_extra: bool = False
    attacks: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class RoundEvents:
    """What happens on one tile: trap, combat-card spell, monsters in attack order, fatigue."""

    trap: TrapPlay | None = None
    spell: str | None = None
    monsters: tuple[MonsterPlay, ...] = ()
    fatigue: int = 0
    last_round: bool = True


@dataclass(frozen=True)
class RoundState:
    """Everything one combat round reads and changes."""

    party: tuple[Adventurer, ...]
    items: tuple[Item, ...]
    dungeon_owner: str | None = None
    tile: str = "room"
    spells_blocked: bool = False
    banished: tuple[int, ...] = ()
    monster_attacked: bool = False
    conquered: bool | None = None
    healed: int = 0
    prevented: int = 0
    spells_cast: tuple[str, ...] = ()
    fallen: tuple[str, ...] = ()


# ---------------------------------------------------------------- state helpers

def adventurer(state: RoundState, position: int) -> Adventurer:
    """The adventurer at a 1-based party position."""
    return state.party[position - 1]


def standing(state: RoundState) -> list[Adventurer]:
    """Adventurers not yet defeated, front first."""
    return [a for a in state.party if not a.defeated]


def carried(state: RoundState, kind: str | None = None) -> list[tuple[int, Item]]:
    """Items still carried by a standing adventurer, optionally of one kind, with their index."""
    return [(i, it) for i, it in enumerate(state.items)
            if it.fate is None and not adventurer(state, it.carrier).defeated
            and (kind is None or it.kind == kind)]


def item_of(state: RoundState, position: int) -> tuple[int, Item] | None:
    """The item still carried by the adventurer at this position, if any."""
    for i, it in enumerate(state.items):
        if it.carrier == position and it.fate is None:
            return i, it
    return None


def effective_hp(state: RoundState, adv: Adventurer) -> int:
    """Hit points counting a carried necklace's extra point."""
    held = item_of(state, adv.position)
    return adv.hp + (1 if held and held[1].kind == "necklace" else 0)


def _set_adventurer(state: RoundState, adv: Adventurer) -> RoundState:
    """A copy of the state with one adventurer replaced."""
    party = list(state.party)
    party[adv.position - 1] = adv
    return replace(state, party=tuple(party))


def _set_item(state: RoundState, index: int, item: Item) -> RoundState:
    """A copy of the state with one item replaced."""
    items = list(state.items)
    items[index] = item
    return replace(state, items=tuple(items))


# ---------------------------------------------------------------- item marking and resolution

# A text given in both languages: (Traditional Chinese, English).
Text = tuple[str, str]


def mark_kind(state: RoundState, kind: str, why: Text, trace: Trace, *cites: str) -> RoundState:
    """Mark every carried item of a kind as used; an item already marked gets no second gold."""
    for index, it in carried(state, kind):
        if it.marked:
            trace.add(f"{it.label_zh()}先前已標記；只有第一次使用才算。", True, D.P_FIRST_USE,
                      en=f"The {it.label()} was already marked; only the first use counts.")
            continue
        state = _set_item(state, index, replace(it, marked=True))
        trace.add(f"{it.label_zh()}標記已使用（在上面放一個黃金）：{why[0]}。", True, *cites, D.P_GOLD,
                  en=f"The {it.label()} is marked as used (a gold is put on it): {why[1]}.")
    return state


def resolve_item(state: RoundState, index: int, when: Text, trace: Trace) -> RoundState:
    """Settle an item whose carrier fell or whose combat ended: gold to its owner or discarded."""
    it = state.items[index]
    if it.marked:
        own = it.owner == state.dungeon_owner
        gold_to = f"{it.owner} dead-letter office"
        gold_to_zh = f"{D.COLOUR_NAMES[it.owner]}玩家的死信辦公室"
        gold_to_en = f"{it.owner} player's dead-letter office"
        state = _set_item(state, index, replace(it, fate="discarded", gold_to=gold_to, scores=not own))
        if own:
            trace.add(f"{when[0]}：{it.label_zh()}是在擁有者自己的地城被使用的；黃金送進{gold_to_zh}，"
                      f"但不計分，物品棄置。", True, D.P_GOLD, D.P_OWN_COLOUR,
                      en=f"{when[1]}: the {it.label()} was used in its owner's own dungeon; its gold goes to "
                         f"the {gold_to_en} but scores nothing, and the item is discarded.")
        else:
            trace.add(f"{when[0]}：{it.label_zh()}已被使用，黃金送進{gold_to_zh}；物品棄置。", True, D.P_GOLD,
                      en=f"{when[1]}: the {it.label()} was used, so its gold goes to the {gold_to_en}; the "
                         f"item is discarded.")
    else:
        state = _set_item(state, index, replace(it, fate="discarded to the distant lands"))
        trace.add(f"{when[0]}：{it.label_zh()}從未被使用，棄置到遠方大陸板，沒有黃金。", False, D.P_GOLD,
                  en=f"{when[1]}: the {it.label()} was never used, so it is discarded to the distant lands "
                     f"with no gold.")
    return state


def land_damage(state: RoundState, position: int, amount: int, source: Text, trace: Trace,
                *cites: str) -> RoundState:
    """Put damage on one adventurer: necklace check, defeat, and his item settled if he falls."""
    adv = adventurer(state, position)
    if adv.defeated:
        trace.add(f"{source[0]}：{adv.label_zh()}已被擊敗，這些傷害作廢。", None, *cites,
                  en=f"{source[1]}: {adv.label()} is already defeated, so the damage is lost.")
        return state
    if amount <= 0:
        return state
    before = adv.damage
    total = before + amount
    held = item_of(state, position)
    necklace = held is not None and held[1].kind == "necklace" and before < adv.hp
    limit = effective_hp(state, adv)
    lost = max(0, total - limit)
    adv = replace(adv, damage=min(total, limit), defeated=total >= limit)
    state = _set_adventurer(state, adv)
    if adv.defeated:
        state = replace(state, fallen=state.fallen + (adv.label(),))
    note = f" ({lost} excess lost)" if lost else ""
    note_zh = f"（多出的 {lost} 點作廢）" if lost else ""
    trace.add(f"{source[0]}：對{adv.label_zh()}造成 {amount} 點傷害（血量 {limit}，傷害 {before}→{adv.damage}）"
              f"{note_zh}" + ("；他被擊敗。" if adv.defeated else "。"), adv.defeated, *cites,
              en=f"{source[1]}: {amount} damage to {adv.label()} ({before}→{adv.damage} of {limit} hit "
                 f"points){note}" + ("; he is defeated." if adv.defeated else "."))
    if necklace and total == adv.hp:
        # The damage lands exactly on his original hit points: only the necklace keeps him up.
        state = mark_kind(state, "necklace",
                          (f"{adv.label_zh()}的傷害剛好等於他原本的 {adv.hp} 點血量",
                           f"{adv.label()}'s damage landed exactly on his original {adv.hp} hit points"),
                          trace, D.P_NECKLACE)
    elif necklace and total > adv.hp:
        trace.add(f"{source[0]}：傷害一次越過{adv.label_zh()}原本的 {adv.hp} 點血量，沒有剛好等於它，"
                  f"所以項鍊不標記。", False, D.P_NECKLACE,
                  en=f"{source[1]}: the damage jumps past {adv.label()}'s original {adv.hp} hit points "
                     f"without landing on them, so the necklace is not marked.")
    if adv.defeated and held:
        state = resolve_item(state, held[0], (f"{adv.label_zh()}被擊敗", D.capital(f"{adv.label()} is defeated")),
                             trace)
    return state


# ---------------------------------------------------------------- the steps of a round

def _trap_victims(state: RoundState, targeting: str, target: int | None) -> list[int]:
    """Positions a trap or monster hits, by its targeting."""
    up = standing(state)
    if not up:
        return []
    if targeting == D.FIRST:
        return [up[0].position]
    if targeting == D.LAST:
        return [up[-1].position]
    if targeting == D.EACH:
        return [a.position for a in up]
    return [target] if target is not None else []


def trap_step(state: RoundState, play: TrapPlay | None, trace: Trace) -> RoundState:
    """Traps: thieves' icons then clovers prevent damage from the front; special effects never."""
    if play is None:
        trace.add("陷阱：本回合沒有陷阱。", None, en="Traps: no trap this round.")
        return state
    trap = D.TRAPS[play.name]
    zh = D.TRAP_NAMES[play.name]
    en = D.TRAP_NAMES_EN[play.name]
    trace.assume(D.trap_assumption(play.name), en=D.trap_assumption_en(play.name))
    victims = _trap_victims(state, trap.targeting, play.target)
    icons = sum(a.traps for a in standing(state) if a.cls == "thief")
    clovers = len(carried(state, "clover"))
    if clovers:
        trace.assume(D.item_effect_assumption("clover"), en=D.item_effect_assumption_en("clover"))
    pool = icons + clovers
    packets = []
    prevented = 0
    for pos in sorted(victims):
        stop = min(trap.damage, pool - prevented)
        prevented += stop
        packets.append((pos, trap.damage - stop))
    trace.add(f"陷阱：{zh}造成 {trap.damage * len(victims)} 點可防止的傷害；盜賊的 {icons} 個陷阱圖示和 "
              f"{clovers} 個幸運四葉草從前排開始防止其中 {prevented} 點。", None, *trap.cites,
              en=f"Traps: the {en} deals {trap.damage * len(victims)} preventable damage; the thieves' "
                 f"{D.plural(icons, 'trap icon')} and {D.plural(clovers, 'clover')} prevent {prevented} of it, "
                 f"front first.")
    if clovers:
        if prevented > icons:
            state = mark_kind(state, "clover",
                              (f"防止了 {prevented} 點陷阱傷害，而單靠盜賊只能防止 {icons} 點",
                               f"{prevented} trap damage was prevented and the thieves alone could prevent "
                               f"only {icons}"), trace, D.P_CLOVER, *trap.cites)
        else:
            trace.add(f"幸運四葉草沒有防止任何盜賊防止不了的傷害（防止 {prevented} 點，盜賊有 {icons} 個陷阱圖示），"
                      f"所以不標記。",
                      False, D.P_CLOVER, *trap.cites,
                      en=f"The clovers prevented nothing the thieves could not ({prevented} prevented, "
                         f"{D.plural(icons, 'trap icon')}), so they are not marked.")
    state = replace(state, prevented=state.prevented + prevented)
    for pos, dmg in packets:
        state = land_damage(state, pos, dmg, (zh, D.capital(f"the {en}")), trace, *trap.cites)
    if trap.poison and victims:
        # Poison is the trap's special effect: neither thieves nor clovers prevent it.
        state = land_damage(state, sorted(victims)[0], trap.poison,
                            (f"{zh}的毒素（永遠無法防止）", D.capital(f"the {en}'s poison (never prevented)")),
                            trace, *trap.cites)
    if trap.blocks_spells:
        state = replace(state, spells_blocked=True)
        trace.add(f"{zh}：隊伍本回合無法施放任何咒語，魔杖也一樣。", True, *trap.cites,
                  en=D.capital(f"the {en}: the party casts no spell this round, wands included."))
    return state


def spell_step(state: RoundState, spell: str | None, monsters: tuple[MonsterPlay, ...], fast: bool,
               trace: Trace) -> RoundState:
    """Casting: the party casts when wizards' magic plus wands reaches the level; wands marked if needed."""
    if spell is None or D.SPELLS[spell].fast != fast:
        return state
    sp = D.SPELLS[spell]
    zh = D.SPELL_NAMES[spell]
    en = D.SPELL_NAMES_EN[spell]
    trace.assume(D.spell_assumption(spell), en=D.spell_assumption_en(spell))
    when = "Fast spells" if fast else "Spells"
    when_zh = "快速咒語" if fast else "咒語"
    if state.spells_blocked:
        trace.add(f"{when_zh}：{zh}沒有施放，隊伍本回合無法施法。", False, D.P_WAND_ANTI,
                  en=f"{when}: {en} is not cast; the party cannot cast this round.")
        return state
    magic = sum(a.magic for a in standing(state) if a.cls == "wizard")
    wands = len(carried(state, "wand"))
    if wands:
        trace.assume(D.item_effect_assumption("wand"), en=D.item_effect_assumption_en("wand"))
    cast = magic + wands >= sp.level
    trace.add(f"{when_zh}：{zh}需要 {sp.level} 點法力；巫師有 {magic} 點，魔杖加 {wands} 點，所以"
              f"{'施放成功' if cast else '無法施放'}。", cast, *dict.fromkeys((D.P_WAND,) + sp.cites),
              en=f"{when}: {en} needs {sp.level} magic; the wizards have {magic} and the wands add "
                 f"{wands}, so it is {'cast' if cast else 'not cast'}.")
    if not cast:
        return state
    state = replace(state, spells_cast=state.spells_cast + (spell,))
    if wands:
        if magic < sp.level:
            state = mark_kind(state, "wand",
                              (f"沒有魔杖就無法施放{zh}（不論咒語是否有作用）",
                               f"{en} could not have been cast without them (effect or not)"),
                              trace, D.P_WAND, *sp.cites)
        else:
            trace.add(f"巫師不靠魔杖也能施放{zh}，所以魔杖不標記。", False, D.P_WAND, *sp.cites,
                      en=f"The wizards could cast {en} without the wands, so they are not marked.")
    if sp.banishes_unpaid:
        for index, m in enumerate(monsters):
            if not m.paid_extra:
                state = replace(state, banished=state.banished + (index,))
                trace.add(f"{zh}趕走了沒有支付額外薪水的{D.MONSTER_NAMES[m.name]}。", True, *sp.cites,
                          en=f"{en} drives off the {m.name}, who was not paid extra salary.")
                break
        else:
            trace.add(f"{zh}找不到沒有支付額外薪水的怪物可以趕走。", None, *sp.cites,
                      en=f"{en} finds no monster without extra salary to drive off.")
    return state


def monster_step(state: RoundState, monsters: tuple[MonsterPlay, ...], trace: Trace) -> RoundState:
    """Monsters attack in the order you sent them; excess damage on a fallen adventurer is lost."""
    if not monsters:
        trace.add("怪物：本回合沒有怪物攻擊。", None, en="Monsters: none attack this round.")
    for index, play in enumerate(monsters):
        mon = D.MONSTERS[play.name]
        zh = D.MONSTER_NAMES[play.name]
        trace.assume(D.monster_assumption(play.name), en=D.monster_assumption_en(play.name))
        if index in state.banished:
            trace.add(f"怪物：{zh}已被趕走，不會攻擊。", False, *mon.cites,
                      en=f"Monsters: the {play.name} was driven off and does not attack.")
            continue
        if not standing(state):
            break
        if mon.targeting == D.CHOSEN:
            hits = list(play.attacks)
        else:
            hits = [(pos, mon.damage) for pos in _trap_victims(state, mon.targeting, None)]
        if not hits:
            trace.add(f"怪物：{zh}沒有進行攻擊。", False, *mon.cites,
                      en=f"Monsters: the {play.name} makes no attack.")
            continue
        state = replace(state, monster_attacked=True)
        for pos, dmg in hits:
            state = land_damage(state, pos, dmg, (zh, f"The {play.name}"), trace, *mon.cites)
    return state


def healing_step(state: RoundState, trace: Trace) -> RoundState:
    """Healing (only if a monster attacked): priests' hearts first, then potions; front first."""
    up = standing(state)
    if not state.monster_attacked:
        trace.add("治療：本回合沒有怪物攻擊，所以沒有治療。", False,
                  en="Healing: no monster attacked this round, so there is no healing.")
        trace.assume(D.NO_HEALING_WITHOUT_ATTACK[0], en=D.NO_HEALING_WITHOUT_ATTACK[1])
        return state
    if not up:
        return state
    hearts = sum(a.hearts for a in up if a.cls == "priest")
    potions = len(carried(state, "potion"))
    if potions:
        trace.assume(D.item_effect_assumption("potion"), en=D.item_effect_assumption_en("potion"))
    need = sum(a.damage for a in up)
    healed = min(need, hearts + potions)
    left = healed
    for adv in up:
        take = min(adv.damage, left)
        if take:
            state = _set_adventurer(state, replace(adv, damage=adv.damage - take))
            left -= take
    state = replace(state, healed=state.healed + healed)
    trace.add(f"治療：存活的冒險家身上有 {need} 點傷害；牧師的治療 {hearts} 點加治療藥水 {potions} 點，"
              f"從前排開始治療 {healed} 點。", healed > 0, D.P_POTION,
              en=f"Healing: {need} damage on the standing adventurers; the priests heal up to {hearts} and "
                 f"the potions add {potions}, so {healed} is healed, front first.")
    if potions:
        if healed > hearts:
            state = mark_kind(state, "potion",
                              (f"隊伍治療了 {healed} 點，而單靠牧師只能治療 {hearts} 點",
                               f"the party healed {healed} and the priests alone could heal only {hearts}"),
                              trace, D.P_POTION, D.P_POTION_EX)
        else:
            trace.add(f"牧師不靠治療藥水就能治療全部 {healed} 點，所以治療藥水不標記。", False,
                      D.P_POTION, D.P_POTION_EX,
                      en=f"The priests heal all {healed} without the potions, so they are not marked.")
    return state


def conquer_step(state: RoundState, fatigue: int, trace: Trace) -> RoundState:
    """Conquering: fatigue lands one point at a time on the front adventurer; conquered if one is left."""
    tile_zh = D.TILE_NAMES[state.tile]
    if not standing(state):
        trace.add(f"征服：所有冒險家都被擊敗了，所以沒有疲勞，{tile_zh}也沒有被征服。", False, D.P_NECKLACE_WITCH,
                  en=f"Conquering: every adventurer is defeated, so there is no fatigue and the {state.tile} is "
                     f"not conquered.")
        return replace(state, conquered=False)
    for point in range(fatigue):
        up = standing(state)
        if not up:
            break
        # One point at a time, so a necklace can see damage land exactly on the original hit points.
        state = land_damage(state, up[0].position, 1, (f"第 {point + 1} 點疲勞", f"Fatigue point {point + 1}"),
                            trace, D.P_NECKLACE_FATIGUE)
    conquered = bool(standing(state))
    trace.add("征服：" + (f"還有冒險家存活，所以{tile_zh}被征服。" if conquered
                         else f"沒有冒險家撐過疲勞，所以{tile_zh}沒有被征服。"), conquered,
              D.P_NECKLACE_WITCH, D.P_NECKLACE_VAMPIRE,
              en="Conquering: " + (f"an adventurer is still standing, so the {state.tile} is conquered."
                                   if conquered else f"no adventurer survives the fatigue, so the {state.tile} "
                                                     f"is not conquered."))
    return replace(state, conquered=conquered)


def end_step(state: RoundState, last_round: bool, trace: Trace) -> RoundState:
    """At the end of combat every item still carried is settled; otherwise it stays."""
    if not last_round:
        if carried(state):
            trace.add("戰鬥繼續：仍被持有的物品留在冒險家下方。", None, D.P_GOLD,
                      en="Combat goes on: items still carried stay under their adventurers.")
        return state
    for index, _ in carried(state):
        state = resolve_item(state, index, ("戰鬥結束", "Combat ends"), trace)
    return state


def play_round(state: RoundState, events: RoundEvents, trace: Trace) -> RoundState:
    """One combat round in the base game's order: traps, fast spells, monsters, spells, healing, conquering."""
    trace.add("回合順序：陷阱 → 快速咒語 → 怪物 → 咒語 → 治療（僅在有怪物攻擊時）→ 征服與疲勞。", None, D.P_GOLD,
              en="Round order: traps → fast spells → monsters → spells → healing (only if a monster "
                 "attacked) → conquering with fatigue.")
    state = trap_step(state, events.trap, trace)
    state = spell_step(state, events.spell, events.monsters, True, trace)
    state = monster_step(state, events.monsters, trace)
    state = spell_step(state, events.spell, events.monsters, False, trace)
    state = healing_step(state, trace)
    state = conquer_step(state, events.fatigue, trace)
    return end_step(state, events.last_round, trace)


# ---------------------------------------------------------------- quantity-level marking rules

def potion_marked(damage_to_heal: int, priest_hearts: int, potions: int, monster_attacked: bool) -> bool:
    """Potions are marked when healing happens and needs at least one potion point."""
    return monster_attacked and potions > 0 and min(damage_to_heal, priest_hearts + potions) > priest_hearts


def clover_marked(trap_damage: int, thief_icons: int, clovers: int) -> bool:
    """Clovers are marked when they prevent at least one trap point the thieves could not."""
    return clovers > 0 and min(trap_damage, thief_icons + clovers) > thief_icons


def wand_marked(spell_level: int, party_magic: int, wands: int, spells_blocked: bool) -> bool:
    """Wands are marked when the spell is cast only thanks to them, effect or not."""
    return not spells_blocked and wands > 0 and party_magic < spell_level <= party_magic + wands


def necklace_marked(hit_points: int, damage: list[int], damage_before: int = 0) -> bool:
    """The necklace is marked when damage, in the order it lands, lands exactly on the original hit points."""
    total = damage_before
    for amount in damage:
        if amount <= 0:
            continue
        total += amount
        if total == hit_points:
            return True
        if total > hit_points:
            return False
    return False
