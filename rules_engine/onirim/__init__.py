"""Onirim with The Book of Steps Lost and Found, The Towers, Dark Premonitions and Happy Dreams."""
from ..registry import Game, register_game
from .slots import DECK_LEFT, GOALS_DONE, HAND, IN_A_ROW, TURN

GAME = register_game(Game(
    id="onirim",
    names={"zh-TW": "Onirim 夢境", "zh-CN": "Onirim 梦境", "en": "Onirim"},
    package=__name__,
    aliases=("onirim", "奧尼里姆", "夢境", "梦境"),
    covers={"zh-TW": "Onirim 三個擴充與綜合難度的規則，不含基本遊戲",
            "en": "the rules of Onirim's three expansions and the combined difficulty levels, not the base game"},
    outside=("基本遊戲", "基礎遊戲", "基礎版", "基本规则", "基本規則", "基礎規則", "基础规则", "基本版", "本體", "本体", "base game", "basic game", "base box", "plain game",
             "core game", "base rules", "basic rules", "core rules", "base onirim", "basic onirim", "vanilla onirim",
             "plain onirim", "基本組", "基本组", "基本玩法", "基礎玩法", "基础玩法", "base deck", "base-game deck", "基本牌組", "基本牌组",
             # the other expansions of the second edition, which these texts do not cover
             "little helpers", "小幫手", "小帮手", "glyphs", "符文", "dreamcatchers", "捕夢網", "crossroads & dead ends",
             "crossroads and dead ends",
             # how long a game lasts: these texts do not say (the Hilltown text does, 45 minutes)
             "how long does a game", "how long does a full", "how long is a game", "how long do games", "play time",
             "playing time", "遊戲時間", "要玩多久", "玩一局要多久", "一局要多久", "一局多久"),
    inside=("擴充", "扩充", "expansion", "高塔", "tower", "咒文", "spell", "目標卡", "goal", "徵兆", "征兆",
            "premonition", "好夢", "美夢", "美梦", "happy dream", "難度", "难度", "difficulty"),
    # The cards in hand and left in the deck, how a Door was won, how many Goals are done and the turn set the
    # scene; no rule reads them.
    asides=(HAND, DECK_LEFT, IN_A_ROW, GOALS_DONE, TURN),
))

# Importing the rules registers them (after the game, which they belong to).
from . import rules  # noqa: E402,F401
from ..game import register_model as _register_model  # noqa: E402
from .model import MODEL as _MODEL  # noqa: E402

_register_model(_MODEL)

# What each rule answers, matched to the form of a player's question (see answering.routing).
from ..registry import declare_answer_types as _declare  # noqa: E402

_declare({
    "onirim.tower_placement": "yes_no",
    "onirim.nightmare_tower_penalty": "yes_no",
    "onirim.alignment_complete": "yes_no",
    "onirim.tower_discard_peek": "how_many",
    "onirim.book_door": ("which", "yes_no"),
    "onirim.book_return_door": "which",
    "onirim.spell_castable": "yes_no",
    "onirim.spell_cost": "how_many",
    "onirim.premonitions_triggered": ("which", "yes_no"),
    "onirim.happy_dream_options": ("which", "yes_no"),
    "onirim.difficulty_level": ("how_many", "which", "compare"),
    "onirim.card_counts": "how_many",
})

# The deck a set-up makes is what card_counts counts: a question about it names the deck or the whole count ("牌堆一共
#幾張"); "黑暗征兆扩充有几张美梦卡？" counts one kind of card, which a fact of the texts answers.
from ..registry import declare_topics as _topics  # noqa: E402

# Whether a spell can be cast is asked of a spell or of casting ("只翻3張出來" counts no discard pile).
from .slots import SPELL as _SPELL  # noqa: E402

_topics({"onirim.spell_castable": ("咒文", "咒語", "法術", "施法", "施放", "魔法", "spell", "spells", "cast", "casting",
                                   *(phrase for _, said in _SPELL.values for phrase in said)),
         "onirim.happy_dream_options": ("美夢", "好夢", "快樂夢境", "甜夢", "美蒙", "happy dream", "happy dreams", "good dream",
                                         "good dreams"),
         "onirim.card_counts": ("牌堆", "牌庫", "抽牌堆", "整副", "總共", "一共", "總數", "加起來", "全部", "張牌", "多少牌",
                                "哪些卡", "哪些牌", "deck", "draw pile", "in total", "total", "altogether", "all together",
                                "how many cards", "cards are in play", "cards come with", "what cards", "which cards")})

# Example questions added from the tune set's misses (phrasings the first examples did not cover).
from ..registry import declare_examples as _examples  # noqa: E402

_examples({
    "onirim.tower_discard_peek": {"zh-TW": ("丟掉一張高塔卡能偷看牌堆頂多少張？",),
                                  "en": ("How many cards can I look at when I throw away a Tower card?",)},
    "onirim.difficulty_level": {"zh-TW": ("基本組加上擴充在難度階梯排第幾？", "難度階梯第6級要用哪些擴充？"),
                                "en": ("Which rung of the difficulty ladder is the base game plus the Towers?",
                                       "Where does this set-up sit on the difficulty ladder?",
                                       "Which expansions make up rung 6 of the ladder?")},
    "onirim.alignment_complete": {"zh-TW": ("這四座塔排成一列，算完成高塔連線了嗎？",),
                                  "en": ("My row is red 3, blue 4, green 5, brown 3. Is the Alignment complete?",)},
    "onirim.book_return_door": {"zh-TW": ("門放回Limbo以後，接下來要完成哪一個目標？",),
                                "en": ("After I send a Door back to Limbo, which Goal must I reach next?",
                                       "A Nightmare made me hand back the Door of an earlier Goal: which colour of Goal am I after now?")},
    "onirim.book_door": {"zh-TW": ("拿到的門跟目標順序不合，那張門要放去哪？", "迷宮連出三張拿到一扇門，這扇門能留下還是要進Limbo？"),
                         "en": ("Where does a Door go if it doesn't match the next Goal?",
                                "With the Book, a Labyrinth run just gave me a Door: do I keep it or does it go to Limbo?")},
})

# Numbers the texts fix that a question repeats while telling how it met a Nightmare ("tossing my hand and drawing 5
# fresh", "discard the top 5"): the ways of resolving it, not a situation the rule reads.
from ..registry import declare_fixed_numbers as _fixed  # noqa: E402

# The Book of Steps has eight Goal cards ("八張目標卡"): a question repeating it tells no situation. Nor do the size of
# the base deck, its Locations and the Towers, counted ("基础那副我数过了，76 张没错", "all twelve towers"); smaller
# counts of a kind (4, 8, 10) are too often a number of the question's own to be passed over.
from .cards import BASE_DECK as _BASE_DECK, CARDS as _CARDS, TOWERS as _TOWERS  # noqa: E402

_DECK_COUNTS = (len(_BASE_DECK), sum(1 for c in _CARDS if c.kind == "location"), len(_TOWERS))
_fixed({"onirim.nightmare_tower_penalty": (5,), "onirim.book_door": (8,), "onirim.book_return_door": (8,),
        "onirim.card_counts": _DECK_COUNTS})

# A count of Doors obtained bears only on the Premonitions ("five Doors"); told beside any other question, it sets
# the scene.
from ..registry import RULES as _RULES  # noqa: E402
from ..registry import declare_asides as _asides  # noqa: E402
from .slots import DOORS_COUNT as _DOORS_COUNT  # noqa: E402

_asides({r.id: (*r.asides, _DOORS_COUNT) for r in list(_RULES.values()) if r.game == "onirim" and r.id != "onirim.premonitions_triggered"})

# The discard pile's size bears only on the rule reading it; told beside any other question, it sets the scene.
from ..slots import declared_slots as _declared  # noqa: E402
from .slots import DISCARD_PILE as _DISCARD_PILE, DISCARD_TOLD as _DISCARD_TOLD  # noqa: E402

_asides({r.id: (*r.asides, _DISCARD_TOLD) for r in list(_RULES.values())
         if r.game == "onirim" and _DISCARD_PILE not in _declared(r.input_model).values()})
