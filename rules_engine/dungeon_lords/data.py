"""Game data the magic-item variant leans on; every number here is an assumption the seed does not state."""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

# Passage ids cited by the rules (see corpus/passages/dungeon-lords.yaml).
P_OVERVIEW = "dungeon-lords/variant/overview"
P_ONE_ITEM = "dungeon-lords/variant/one-item-score"
P_MARKERS = "dungeon-lords/setup/markers"
P_ORDERS_WHEN = "dungeon-lords/orders/when"
P_PLACING = "dungeon-lords/orders/placing"
P_BLANKS = "dungeon-lords/adventurers/reveal-blanks"
P_ASSIGN = "dungeon-lords/adventurers/assign"
P_LEFTOVERS = "dungeon-lords/adventurers/leftovers"
P_EX_PRIEST = "dungeon-lords/adventurers/example-priest"
P_EX_THIEVES = "dungeon-lords/adventurers/example-thieves"
P_NO_REASSIGN = "dungeon-lords/adventurers/no-reassignment"
P_GOLD = "dungeon-lords/combat/gold-marker"
P_FIRST_USE = "dungeon-lords/combat/first-use-only"
P_OWN_COLOUR = "dungeon-lords/exception/own-colour"
P_SCORING = "dungeon-lords/scoring/dead-letter-gold"
P_POTION = "dungeon-lords/appendix/potion"
# "No healing without a monster attack" is the base game's rule as we read it; the variant text does not
# say it, so answers that rest on it name it as an assumption (zh-TW, English).
NO_HEALING_WITHOUT_ATTACK = ("假設沒有怪物攻擊的回合就沒有治療（依基本遊戲的規則；變體文字沒有提到）",
                             "Assumed: a round in which no monster attacks has no healing (the base game's "
                             "rule; the variant text does not say)")
# The own-colour exception says such an item scores nothing; the gold rule names no exception, so its gold
# still goes to the owner's office (ambiguity dl-own-colour-gold). Named whenever it decides an item's fate.
OWN_COLOUR_READING = ("假設在擁有者自己地城被使用的物品，黃金照常送進擁有者的死信辦公室，但終局不計分"
                      "（另一種讀法：不放黃金、直接棄置；兩種讀法得分相同）",
                      "Assumed: an item used in its owner's own dungeon still sends its gold to the owner's "
                      "dead-letter office, where it scores nothing at game end (the other reading: no gold, "
                      "discarded; both score the same)")
P_POTION_EX = "dungeon-lords/appendix/potion-example"
P_CLOVER = "dungeon-lords/appendix/clover"
P_CLOVER_EX = "dungeon-lords/appendix/clover-example"
P_WAND = "dungeon-lords/appendix/wand"
P_WAND_WITCH = "dungeon-lords/appendix/wand-example-witch"
P_WAND_PENDULUM = "dungeon-lords/appendix/wand-example-pendulum"
P_WAND_ANTI = "dungeon-lords/appendix/wand-example-anti-magic"
P_NECKLACE = "dungeon-lords/appendix/necklace"
P_NECKLACE_WITCH = "dungeon-lords/appendix/necklace-example-witch"
P_NECKLACE_VAMPIRE = "dungeon-lords/appendix/necklace-example-vampire-three"
P_NECKLACE_FATIGUE = "dungeon-lords/appendix/necklace-example-fatigue"

COLOURS: tuple[str, ...] = ("red", "green", "yellow", "blue")
# The seed only names winter; the other three are the base game's seasons of a year.
SEASONS: tuple[str, ...] = ("spring", "summer", "autumn", "winter")
NO_ITEM_SEASON = "winter"
MAX_PLAYERS = 4
MIN_PLAYERS = 2  # "同樣適用於2、3、4人遊戲": the variant is played by 2 to 4
# Each player takes 5 markers of their colour (items and blanks) at any player count.
MARKERS_PER_PLAYER = 5

ITEMS: tuple[str, ...] = ("potion", "clover", "wand", "necklace")
BLANK = "blank"
MARKERS: tuple[str, ...] = ITEMS + (BLANK,)

ITEM_NAMES = MappingProxyType({
    "potion": {"zh-TW": "治療藥水", "en": "healing potion"},
    "clover": {"zh-TW": "幸運四葉草", "en": "four-leaf clover"},
    "wand": {"zh-TW": "魔杖", "en": "wand"},
    "necklace": {"zh-TW": "堅忍項鍊", "en": "necklace of endurance"},
})

# Chinese names for the words that appear in verdict text (values and details stay English).
COLOUR_NAMES = MappingProxyType({"red": "紅色", "green": "綠色", "yellow": "黃色", "blue": "藍色"})
SEASON_NAMES = MappingProxyType({"spring": "春季", "summer": "夏季", "autumn": "秋季", "winter": "冬季"})
CLASS_NAMES = MappingProxyType({"warrior": "戰士", "thief": "盜賊", "wizard": "巫師", "priest": "牧師"})
MONSTER_NAMES = MappingProxyType({"goblin": "哥布林", "slime": "史萊姆", "witch": "女巫", "vampire": "吸血鬼"})
TRAP_NAMES = MappingProxyType({"poison_dart": "毒鏢陷阱", "cursed_ring": "詛咒的戒指",
                               "kamikaze_imp": "神風特攻隊小鬼", "pendulum": "擺錘陷阱",
                               "anti_magic_dart": "反魔法飛鏢"})
SPELL_NAMES = MappingProxyType({"hint": "暗示咒", "fireball": "火球術"})
TILE_NAMES = MappingProxyType({"room": "房間", "corridor": "走廊"})

# English names for the same words, as a player reads them (the glossary's names; values stay ids).
TRAP_NAMES_EN = MappingProxyType({"poison_dart": "poison dart trap", "cursed_ring": "cursed ring",
                                  "kamikaze_imp": "kamikaze imps", "pendulum": "pendulum trap",
                                  "anti_magic_dart": "anti-magic dart"})
SPELL_NAMES_EN = MappingProxyType({"hint": "Suggestion", "fireball": "Fireball"})


def item_name(kind: str) -> str:
    """The Traditional Chinese name of an item kind, or of a blank marker."""
    return "空白指示物" if kind == BLANK else ITEM_NAMES[kind]["zh-TW"]


def marker_zh(owner: str, kind: str) -> str:
    """A coloured item in Chinese, e.g. '綠色治療藥水'."""
    return f"{COLOUR_NAMES[owner]}{item_name(kind)}"


def marker_en(owner: str, kind: str) -> str:
    """A coloured item in English, e.g. 'green potion' or 'blue blank marker'."""
    return f"{owner} {'blank marker' if kind == BLANK else kind}"


def plural(count: int, word: str, many: str = "") -> str:
    """'1 trap icon', '2 trap icons' (English)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def join_en(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' (English)."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1] if words else ""


def capital(text: str) -> str:
    """The text with its first letter capitalised (English sentence start)."""
    return text[:1].upper() + text[1:]


# Item effects are inferred from the seed's examples, never stated by it.
ITEM_EFFECTS = MappingProxyType({
    "potion": "healing potion: +1 healing in the healing step",
    "clover": "four-leaf clover: prevents 1 point of trap damage",
    "wand": "wand: +1 magic towards casting the round's spell",
    "necklace": "necklace of endurance: +1 hit point for its carrier",
})
ITEM_EFFECTS_ZH = MappingProxyType({
    "potion": "治療藥水：治療階段多治療 1 點",
    "clover": "幸運四葉草：防止 1 點陷阱傷害",
    "wand": "魔杖：施放本回合咒語時多 1 點法力",
    "necklace": "堅忍項鍊：持有的冒險家多 1 點血量",
})


def item_effect_assumption(kind: str) -> str:
    """The assumption sentence for one item kind's effect (Traditional Chinese)."""
    return f"假設的物品效果（原文未明寫）：{ITEM_EFFECTS_ZH[kind]}。"


def item_effect_assumption_en(kind: str) -> str:
    """The assumption sentence for one item kind's effect (English)."""
    return f"Assumed item effect (the variant text does not state it): {ITEM_EFFECTS[kind]}."


CLASSES: tuple[str, ...] = ("warrior", "thief", "wizard", "priest")

# Which classes may carry which item. The seed only says two wands go to two warriors and that
# thieves received potions; the rest is a symmetric guess (each class suits two items).
SUITABILITY: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "potion": ("thief", "priest"),
    "clover": ("thief", "warrior"),
    "wand": ("warrior", "wizard"),
    "necklace": ("wizard", "priest"),
})

SUITABILITY_ASSUMPTION = (
    "假設的職業適用表（原文沒有提供，只寫到魔杖分給戰士、治療藥水分給盜賊）：治療藥水：盜賊、牧師；"
    "幸運四葉草：盜賊、戰士；魔杖：戰士、巫師；堅忍項鍊：巫師、牧師。")
SUITABILITY_ASSUMPTION_EN = (
    "Assumed class-suitability table (the variant text gives none; it only has wands going to warriors "
    "and potions to thieves): potion: thief, priest; clover: thief, warrior; wand: warrior, wizard; "
    "necklace: wizard, priest.")


def suits(kind: str, cls: str) -> bool:
    """Whether an adventurer of this class may carry this item kind."""
    return cls in SUITABILITY[kind]


@dataclass(frozen=True)
class ClassDefaults:
    """Numbers an adventurer of a class has when the question does not give them."""

    hp: int
    hearts: int = 0
    traps: int = 0
    magic: int = 0


# Level-one style numbers; the seed's pictures (which showed them) are lost.
CLASS_DEFAULTS: Mapping[str, ClassDefaults] = MappingProxyType({
    "warrior": ClassDefaults(hp=4),
    "thief": ClassDefaults(hp=3, traps=1),
    "wizard": ClassDefaults(hp=3, magic=1),
    "priest": ClassDefaults(hp=3, hearts=1),
})

# How an attack picks its victims.
FIRST, LAST, EACH, CHOSEN = "first", "last", "each", "chosen"


@dataclass(frozen=True)
class Monster:
    """A monster's attack: who it hits, how hard, and whom it may not attack."""

    targeting: str
    damage: int
    max_attacks: int = 1
    cannot_target: tuple[str, ...] = ()
    note: str = ""
    cites: tuple[str, ...] = ()
    note_zh: str = ""


MONSTERS: Mapping[str, Monster] = MappingProxyType({
    # Both stated by the seed's potion example.
    "goblin": Monster(FIRST, 2, note="2 damage to the first adventurer",
                      cites=(P_POTION_EX,), note_zh="對第一位冒險家造成 2 點傷害"),
    "slime": Monster(EACH, 1, note="1 damage to each adventurer",
                     cites=(P_POTION_EX,), note_zh="對每位冒險家各造成 1 點傷害"),
    # The seed has the witch deal 4 to one adventurer, 2 to one, or two 1-point attacks.
    "witch": Monster(CHOSEN, 4, max_attacks=2,
                     note="up to 2 attacks on adventurers of your choice, at most 4 damage in total",
                     cites=(P_WAND_WITCH, P_WAND_ANTI, P_NECKLACE_WITCH, P_NECKLACE_VAMPIRE),
                     note_zh="最多攻擊 2 次，目標由你選擇，合計最多 4 點傷害"),
    # The seed has the vampire deal 3 or 2 to the wizard and says it cannot attack priests.
    "vampire": Monster(CHOSEN, 3, cannot_target=("priest",),
                       note="one attack of at most 3 damage on an adventurer of your choice, never a priest",
                       cites=(P_NECKLACE_WITCH, P_NECKLACE_VAMPIRE, P_NECKLACE_FATIGUE),
                       note_zh="攻擊一次，對你選擇的冒險家造成最多 3 點傷害，不能攻擊牧師"),
})


@dataclass(frozen=True)
class Trap:
    """A trap: its preventable damage, who takes it, and any special effect (never prevented)."""

    targeting: str
    damage: int
    poison: int = 0
    blocks_spells: bool = False
    note: str = ""
    cites: tuple[str, ...] = ()
    note_zh: str = ""


TRAPS: Mapping[str, Trap] = MappingProxyType({
    # The seed: one point could be prevented, the two that follow could not.
    "poison_dart": Trap(FIRST, 1, poison=2,
                        note="1 damage to the first adventurer, then 2 poison damage to him as a "
                             "special effect that is never prevented", cites=(P_CLOVER_EX,),
                        note_zh="對第一位冒險家造成 1 點傷害，接著特殊效果再對他造成 2 點毒素傷害，"
                                "這部分永遠無法防止"),
    "cursed_ring": Trap(EACH, 1, note="1 damage to each adventurer (3 in total for a party of three)",
                        cites=(P_CLOVER_EX,), note_zh="對每位冒險家各造成 1 點傷害（三人隊伍共 3 點）"),
    "kamikaze_imp": Trap(LAST, 5, note="5 damage to the last adventurer", cites=(P_CLOVER_EX,),
                         note_zh="對最後一位冒險家造成 5 點傷害"),
    "pendulum": Trap(CHOSEN, 3, note="3 damage to an adventurer of your choice",
                     cites=(P_WAND_PENDULUM,), note_zh="對你選擇的一位冒險家造成 3 點傷害"),
    "anti_magic_dart": Trap(CHOSEN, 1, blocks_spells=True,
                            note="1 damage to an adventurer of your choice, and the party casts no "
                                 "spell this round", cites=(P_WAND_ANTI,),
                            note_zh="對你選擇的一位冒險家造成 1 點傷害，且隊伍本回合無法施放咒語"),
})


@dataclass(frozen=True)
class Spell:
    """A spell on the combat card: the magic it needs, whether it is fast, and its effect."""

    level: int
    fast: bool
    banishes_unpaid: bool = False
    note: str = ""
    cites: tuple[str, ...] = ()
    note_zh: str = ""


SPELLS: Mapping[str, Spell] = MappingProxyType({
    "hint": Spell(1, fast=True, banishes_unpaid=True,
                  note="a fast spell of level 1 that drives off the first monster you sent without "
                       "extra salary", cites=(P_WAND_WITCH, P_WAND_PENDULUM),
                  note_zh="快速咒語，等級 1：趕走你派出的第一隻沒有支付額外薪水的怪物"),
    "fireball": Spell(2, fast=False, note="level 2; its damage to monsters is not computed here",
                      cites=(P_WAND,), note_zh="等級 2；對怪物的傷害不在此計算"),
})


def monster_assumption(name: str) -> str:
    """The assumption sentence for one monster (Traditional Chinese)."""
    return f"假設的怪物（{MONSTER_NAMES[name]}）：{MONSTERS[name].note_zh}。"


def monster_assumption_en(name: str) -> str:
    """The assumption sentence for one monster (English)."""
    return f"Assumed monster ({name}): {MONSTERS[name].note}."


def trap_assumption(name: str) -> str:
    """The assumption sentence for one trap (Traditional Chinese)."""
    return f"假設的陷阱（{TRAP_NAMES[name]}）：{TRAPS[name].note_zh}。"


def trap_assumption_en(name: str) -> str:
    """The assumption sentence for one trap (English)."""
    return f"Assumed trap ({TRAP_NAMES_EN[name]}): {TRAPS[name].note}."


def spell_assumption(name: str) -> str:
    """The assumption sentence for one spell (Traditional Chinese)."""
    return f"假設的咒語（{SPELL_NAMES[name]}）：{SPELLS[name].note_zh}。"


def spell_assumption_en(name: str) -> str:
    """The assumption sentence for one spell (English)."""
    return f"Assumed spell ({SPELL_NAMES_EN[name]}): {SPELLS[name].note}."


SCORE_PER_GOLD = 2
