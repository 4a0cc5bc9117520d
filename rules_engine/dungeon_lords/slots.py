"""How players state the Dungeon Lords magic-item rule inputs (slot declarations read by the answering layer)."""
from __future__ import annotations

from ..slots import Slot

SEAT_FROM_START = Slot("seat", {"zh-TW": "你是起始玩家之後第幾位", "en": "your seat after the start player"},
                       role="from_start", domain=(0, 1, 2, 3),
                       value_labels=((0, {"zh-TW": "起始玩家", "en": "the start player"}),
                                     (1, {"zh-TW": "起始玩家的下一位", "en": "the next player"}),
                                     (2, {"zh-TW": "起始玩家之後第二位", "en": "the second player after the start player"}),
                                     (3, {"zh-TW": "起始玩家之後第三位", "en": "the third player after the start player"})),
                       unstated="general")
SEASON = Slot("choice", {"zh-TW": "季節", "en": "season"},
              values=(("spring", ("春", "spring")), ("summer", ("夏", "summer")),
                      ("autumn", ("秋", "autumn", "fall")), ("winter", ("冬", "winter"))),
              value_labels=(("spring", {"zh-TW": "春季", "en": "spring"}), ("summer", {"zh-TW": "夏季", "en": "summer"}),
                            ("autumn", {"zh-TW": "秋季", "en": "autumn"}), ("winter", {"zh-TW": "冬季", "en": "winter"})),
              unstated="general")
FINAL_SCORE = Slot("count", {"zh-TW": "加分前的分數", "en": "score before the bonus"},
                   cues=("分數", "得分", "總分", "分", "score", "points"), signed=True, unstated="general")
GOLDS = Slot("count", {"zh-TW": "死信辦公室的黃金數", "en": "golds in the dead-letter office"},
             cues=("黃金", "金幣", "金子", "gold", "golds"), units=("個黃金", "枚黃金", "個金幣", "golds", "gold"),
             unstated="general")
OWN_COLOUR = Slot("count", {"zh-TW": "來自自己地城的黃金數", "en": "golds from items used in your own dungeon"},
                  cues=("自己的地城", "自己地城", "own dungeon", "my own dungeon"), unstated="reading",
                  note={"zh-TW": "這些黃金都不是在你自己的地城使用物品得到的", "en": "None of the golds came from items used in your own dungeon"})
ITEM = Slot("choice", {"zh-TW": "魔法物品", "en": "magic item"},
            values=(("potion", ("藥水", "potion")), ("clover", ("幸運草", "四葉草", "clover")),
                    ("wand", ("魔杖", "wand")), ("necklace", ("項鍊", "項鏈", "necklace"))),
            value_labels=(("potion", {"zh-TW": "藥水", "en": "potion"}), ("clover", {"zh-TW": "幸運草", "en": "clover"}),
                          ("wand", {"zh-TW": "魔杖", "en": "wand"}), ("necklace", {"zh-TW": "項鍊", "en": "necklace"})),
            unstated="general")
HIT_POINTS = Slot("count", {"zh-TW": "原本的生命值", "en": "original hit points"},
                  cues=("生命值", "生命", "血量", "hp", "hit points", "health"), unstated="general")
ASK_PARTY = Slot("items", {"zh-TW": "冒險家隊伍與這一回合的事件", "en": "the party and this round's events"},
                 unstated="ask",
                 ask={"zh-TW": "告訴我冒險家隊伍（職業、生命值）、他們帶的魔法物品，以及這一回合的陷阱、法術與怪物",
                      "en": "Tell me the party (classes, hit points), the items they carry, and this round's traps, spells and monsters"})
ASK_ASSIGN = Slot("items", {"zh-TW": "冒險家與翻開的物品", "en": "the adventurers and the revealed items"},
                  unstated="general",
                  ask={"zh-TW": "告訴我冒險家的職業順序，以及依序翻開的物品標記",
                       "en": "Tell me the adventurers' classes in order and the item markers in reveal order"})
DAMAGE = Slot("amounts", {"zh-TW": "依序受到的傷害", "en": "damage in the order it lands"},
              units=("點傷害", "傷害", "點", "damage", "points of damage", "dmg"), unstated="general")
