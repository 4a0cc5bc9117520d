"""Dungeon Lords magic-item variant."""
from ..registry import Game, register_game
from .slots import DUNGEON_CONTENTS, MARKERS_LEFT

GAME = register_game(Game(
    id="dungeon-lords",
    names={"zh-TW": "地城領主（魔法物品變體）", "zh-CN": "地城领主（魔法物品变体）",
           "en": "Dungeon Lords (magic-item variant)"},
    package=__name__,
    aliases=("dungeon lords", "dungeon lord", "地城領主", "地城领主", "地下城主"),
    covers={"zh-TW": "地城領主的魔法物品變體，不含基本遊戲的規則（如疲勞、邪惡度）",
            "en": "Dungeon Lords' magic-item variant, not the base game's rules (fatigue, evilness)"},
    # The variant's examples mention fatigue and evilness but leave their rules to the base game.
    outside=("基本遊戲", "基礎遊戲", "基礎版", "基本版", "基本規則", "基本规则", "基礎規則", "本體", "本体", "base game", "basic game", "base box", "plain game", "base rules", "core rules",
             "疲勞", "疲劳", "fatigue", "邪惡度", "邪恶度", "evilness",
             # the base game's own pieces
             "小惡魔", "小恶魔", "imp", "imps", "聖騎士", "圣骑士", "paladin",
             "base dungeon lords", "regular dungeon lords", "normal dungeon lords", "vanilla dungeon lords",
             "plain dungeon lords", "原版", "挖", "dig", "digging", "tunnels",
             # the base game's year: pay day and taxes, hiring monsters (the variant says nothing of them)
             "taxes", "pay day", "payday", "繳稅", "缴税", "發薪日", "发薪日", "雇用怪物", "僱用怪物", "雇用", "僱用",
             "hire monsters", "hiring monsters",
             # how long a game lasts: these texts do not say (the Hilltown text does, 45 minutes)
             "how long does a game", "how long does a full", "how long is a game", "how long do games", "play time",
             "playing time", "遊戲時間", "要玩多久", "玩一局要多久", "一局要多久", "一局多久"),
    inside=("物品", "item", "藥水", "药水", "potion", "四葉草", "四叶草", "clover", "魔杖", "wand", "項鍊",
            "项链", "necklace", "指示物", "marker", "黃金", "黄金", "gold", "變體", "变体", "variant"),
    # The markers a player has left and what the dungeon holds set the scene; no rule reads them.
    asides=(MARKERS_LEFT, DUNGEON_CONTENTS),
))

# Importing the rules module registers the game's rules.
from . import rules  # noqa: E402,F401
from ..game import register_model as _register_model  # noqa: E402
from .model import MODEL as _MODEL  # noqa: E402

_register_model(_MODEL)

# What each rule answers, matched to the form of a player's question (see answering.routing).
from ..registry import declare_answer_types as _declare  # noqa: E402

_declare({
    "dungeon-lords.assign_items": "which",
    "dungeon-lords.attack_order": ("yes_no", "which"),
    "dungeon-lords.combat_round": "what_happens",
    "dungeon-lords.item_bonus": "how_many",
    "dungeon-lords.item_marked": "yes_no",
    "dungeon-lords.item_slot": ("which", "yes_no"),
})

# Handing out revealed items answers questions about revealing or handing them out, not every question
# that names an adventurer's class.
from ..registry import declare_topics as _topics  # noqa: E402

_topics({"dungeon-lords.attack_order": ("順序", "先後", "先打", "先攻", "先上", "先派", "先出", "哪隻先", "哪个先", "誰先",
                                        "order", "first", "before the", "after the"),
         "dungeon-lords.assign_items": ("翻開", "翻出", "打開", "揭曉", "分配", "分給", "分到", "去哪", "給誰", "交給",
                                        "reveal", "revealed", "flip", "flipped", "turned over", "assign", "assigned",
                                        "hand out", "handed", "go to", "goes to", "where does", "who gets")})

# A combat question may repeat what a monster or trap that picks its own victims deals ("哥布林（打第一位2點）"):
# the text fixes those amounts, so they are not a situation the question states.
from ..registry import declare_fixed_numbers as _fixed  # noqa: E402
from . import data as _D  # noqa: E402

_FIXED_BLOWS = tuple(n for x in (*_D.MONSTERS.values(), *_D.TRAPS.values()) if x.targeting != _D.CHOSEN
                     for n in (x.damage, getattr(x, "poison", 0)) if n)
_fixed({"dungeon-lords.combat_round": _FIXED_BLOWS, "dungeon-lords.attack_order": _FIXED_BLOWS})

# Example questions added from the tune set's misses (phrasings the first examples did not cover).
from ..registry import declare_examples as _examples  # noqa: E402

_examples({
    "dungeon-lords.item_slot": {"zh-TW": ("起始玩家之後的玩家，物品放在第幾位冒險家下面？",),
                                "en": ("I'm the second player after the start player: which adventurer gets my item?",)},
    "dungeon-lords.item_marked": {"en": ("The necklace wearer started with 3 HP and took 4 damage at once: is the "
                                         "necklace marked?",)},
})

# Points so far bear only on the end-game gold bonus (it reads the final score).
from ..registry import RULES as _RULES  # noqa: E402
from ..registry import declare_asides as _asides  # noqa: E402
from .slots import POINTS_SO_FAR as _POINTS_SO_FAR  # noqa: E402

_asides({r.id: (*r.asides, _POINTS_SO_FAR) for r in list(_RULES.values()) if r.game == "dungeon-lords" and r.id != "dungeon-lords.item_bonus"})

# Whether an item is marked reads quantities of the round, not how many adventurers of a class the party has ("our
# party has one thief (1 anti-trap icon)"); the rules that play the party out read it as the party.
from .slots import PARTY_MEMBERS as _PARTY_MEMBERS  # noqa: E402

_asides({"dungeon-lords.item_marked": (*_RULES["dungeon-lords.item_marked"].asides, _PARTY_MEMBERS)})

# How many play bears only on the rules that read the table's size ("Just finished a 3-player game … how many points
# do those golds add?").
from ..registry import declare_aside_where_unread as _aside_where_unread  # noqa: E402
from .slots import PLAYERS as _PLAYERS  # noqa: E402

_aside_where_unread("dungeon-lords", _PLAYERS)
