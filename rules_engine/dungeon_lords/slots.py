"""How players state the Dungeon Lords magic-item rule inputs (slot declarations read by the answering layer)."""
from __future__ import annotations

from ..slots import PLAYER_COUNT_UNITS, Slot
from . import data as D

# The number of items of the kind asked about: at least the one asked about, at most one per player.
_AT_LEAST_ONE = (1, 2, 3, 4)
_COUNT_LABELS = tuple((k, {"zh-TW": f"為 {k}", "en": f"is {k}"}) for k in _AT_LEAST_ONE)

# The table's size: said for context ("四人局"); it bounds the seats, it does not change where an item goes.
PLAYERS = Slot("count", {"zh-TW": "玩家人數", "en": "number of players"}, units=PLAYER_COUNT_UNITS, unstated="general",
               context=True)
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
                   cues=("分數", "得分", "總分", "分", "加分前", "score", "scored", "points", "ended on", "finished on", "ended at", "finished at", "sitting at", "sitting on", "came to", "came out to", "before the bonus",
                         "before that bonus", "before any bonus", "before the bonuses", "before the item bonus", "score before that", "score before those", "score before it",
                         "score before them"), units=("分", "pts", "points", "point"), signed=True, unstated="general")
GOLDS = Slot("count", {"zh-TW": "死信辦公室的黃金數", "en": "golds in the dead-letter office"},
             cues=("黃金", "金幣", "金子", "gold", "golds"), units=("個黃金", "枚黃金", "個金幣", "塊黃金", "塊金子", "golds", "gold"),
             unstated="general")
OWN_COLOUR = Slot("count", {"zh-TW": "來自自己地城的黃金數", "en": "golds from items used in your own dungeon"},
                  cues=("自己的地城", "自己地城", "自己顏色", "自己的顏色", "own dungeon", "my own dungeon", "my own colour",
                        "my own color", "my colour", "my color", "my own"), unstated="reading",
                  none=("都是別人", "都在別人", "全是別人", "全部是別人", "全都是別人", "all from other", "all in other",
                        "all used in other", "none from my own", "none of them from my own", "none came from my own"),
                  note={"zh-TW": "這些黃金都不是在你自己的地城使用物品得到的", "en": "None of the golds came from items used in your own dungeon"})
# The glossary's other names for the wand ("法杖").
_WAND_SYNONYMS = ("法杖", "魔法杖", "法棒")
ITEM = Slot("choice", {"zh-TW": "魔法物品", "en": "magic item"},
            values=(("potion", ("藥水", "potion", "potions")), ("clover", ("幸運草", "四葉草", "clover", "clovers")),
                    ("wand", ("魔杖", *_WAND_SYNONYMS, "wand", "wands")), ("necklace", ("項鍊", "項鏈", "necklace", "necklaces"))),
            value_labels=(("potion", {"zh-TW": "治療藥水", "en": "healing potion"}),
                          ("clover", {"zh-TW": "幸運四葉草", "en": "four-leaf clover"}),
                          ("wand", {"zh-TW": "魔杖", "en": "wand"}),
                          ("necklace", {"zh-TW": "堅忍項鍊", "en": "necklace of endurance"})),
            unstated="general")
HIT_POINTS = Slot("count", {"zh-TW": "原本的生命值", "en": "original hit points"},
                  cues=("生命值", "生命", "血量", "原本", "本來", "hp", "hit points", "health"),
                  units=("點血", "點生命", "滴血", "血", "hp", "hit points"), unstated="general", when=(("item", "necklace"),),
                  one_of_several=True)
CLASS_PHRASES = (("warrior", ("戰士", "warrior", "warriors", "fighter", "fighters")),
                 ("thief", ("盜賊", "小偷", "thief", "thieves", "rogue", "rogues")),
                 ("wizard", ("巫師", "法師", "wizard", "wizards", "mage", "mages")),
                 ("priest", ("牧師", "priest", "priests", "cleric", "clerics")))
COLOUR_PHRASES = (("red", ("紅色", "紅", "red")), ("green", ("綠色", "綠", "green")),
                  ("yellow", ("黃色", "黃", "yellow")), ("blue", ("藍色", "藍", "blue")))
MARKERS = Slot("markers", {"zh-TW": "依序翻開的物品標記", "en": "the item markers in reveal order"},
               values=(("potion", ("治療藥水", "藥水", "healing potion", "potion")),
                       ("clover", ("幸運四葉草", "幸運草", "四葉草", "four-leaf clover", "clover")),
                       ("wand", ("魔杖", *_WAND_SYNONYMS, "wand")), ("necklace", ("堅忍項鍊", "項鍊", "項鏈", "necklace")),
                       ("blank", ("空白指示物", "空白標記", "空白", "blank marker", "blank"))),
               # Without the markers there is nothing to hand out: asked for, never an empty list.
               owners=COLOUR_PHRASES, unstated="ask",
               ask={"zh-TW": "告訴我依序翻開的物品標記（哪個顏色、什麼物品）",
                    "en": "Tell me the item markers in the order they are revealed (whose colour, which item)"})
ASK_ASSIGN = Slot("items", {"zh-TW": "冒險家與翻開的物品", "en": "the adventurers and the revealed items"},
                  values=CLASS_PHRASES,
                  unstated="general",
                  ask={"zh-TW": "告訴我冒險家的職業順序，以及依序翻開的物品標記",
                       "en": "Tell me the adventurers' classes in order and the item markers in reveal order"})
DAMAGE = Slot("amounts", {"zh-TW": "依序受到的傷害", "en": "damage in the order it lands"},
              units=("點傷害", "傷害", "damage", "points of damage", "dmg"),
              # The verbs a blow is told with: "吸血鬼先打2點", "疲勞又造成2點", "the goblin hits for 2", and the
              # vampire's bite ("咬他4點", "bites him for 3").
              cues=("打", "造成", "受到", "挨", "扣", "咬", "吃", "疲勞", "hits for", "hit for", "bites for", "deals", "does", "did", "done", "only did", "dealt",
                    "takes", "fatigue", "bites him for", "bites her for", "bit him for", "bit her for", "hits him for",
                    "hits her for", "hit him for", "hit her for", "hits him", "hits her", "hit him", "hit her",
                    "deals him", "deals her", "dealt him", "dealt her",
                    # "bites the wizard who wears the necklace for 3": a blow's amount, however far its verb.
                    "for",
                    # "fatigue deals 1 and then another 1": one more blow, its verb said before.
                    "another"),
              # Fatigue deals its damage one point at a time (the necklace example in the appendix).
              one_at_a_time=("疲勞", "fatigue"),
              unstated="general", when=(("item", "necklace"),))
ALREADY_MARKED = Slot("choice", {"zh-TW": "物品先前是否已標記", "en": "item already marked earlier"},
                      values=((True, ("已經標記", "已標記", "標記過", "already marked", "marked earlier",
                                      "was marked")),),
                      unstated="assumed", note={"zh-TW": "假設這種物品先前沒有被標記過",
                                                "en": "Assuming the items were not marked in an earlier round"})
DAMAGE_TO_HEAL = Slot("count", {"zh-TW": "需要治療的傷害", "en": "damage to heal"},
                      cues=("需要治療", "待治療", "要治療", "要治", "要補", "要醫", "受了", "受傷", "傷害", "打了", "挨了", "掉了", "掉",
                            "要回", "要恢復", "要回復",  # "隊伍要回3血": the health to win back
                            "damage to heal", "lost",
                            "needs healing", "need",
                            "wounds", "took", "damage", "needs", "hit…for", "hits…for",
                            # "hit the front adventurer for 2": the one hit, then how much.
                            "adventurer for", "warrior for", "thief for", "priest for", "wizard for",
                            # "派哥布林打第一個冒險者2點": the one hit, then how much.
                            "打...冒險者", "打...冒險家", "guy for", "one for"),
                      units=("點傷", "點傷害", "點血", "points of damage", "damage", "points of healing"),
                      unstated="general", when=(("item", "potion"),))
PRIEST_HEARTS = Slot("count", {"zh-TW": "牧師的治療點數", "en": "the priests' healing"},
                     cues=("牧師", "治療點", "愛心", "顆心", "priest", "priests", "hearts", "heals", "only give", "only heal", "only do"),
                     # "one priest with 2 healing hearts": the number before the hearts, not the priests counted.
                     units=("顆治療心", "顆愛心", "顆心", "點治療", "healing hearts", "healing heart", "hearts", "heart"),
                     unstated="general", when=(("item", "potion"),))
POTIONS = Slot("count", {"zh-TW": "治療藥水數", "en": "potions"}, cues=("藥水", "potion", "potions"),
               units=("瓶藥水", "瓶治療藥水", "瓶", "healing potions", "healing potion", "potions", "potion"), domain=_AT_LEAST_ONE, value_labels=_COUNT_LABELS, unstated="cases", when=(("item", "potion"),))
MONSTER_ATTACKED = Slot("choice", {"zh-TW": "這回合是否有怪物攻擊", "en": "a monster attacked"},
                        values=((True, ("怪物攻擊", "怪物打", "派怪物", "派了怪物", "派出怪物", "派...怪物", "怪物出來", "怪物出手", "怪物出場",
                                        "monster attacked", "monsters attacked", "monster attacks", "sent a monster",
                                        "sent monsters", "monster showed up", "monsters showed up")),
                                (False, ("只放了陷阱", "只放陷阱", "只有陷阱", "只靠陷阱", "只用陷阱", "都是陷阱", "全是陷阱", "no monster", "no monsters",
                                         "only a trap", "only traps", "just a trap", "just traps", "all from the trap",
                                         "all from traps",
                                         # "一隻怪都沒派", "didn't send any monsters"
                                         "沒派怪", "怪都沒派", "沒有派怪", "沒派任何怪", "怪物都沒派", "沒派出怪",
                                         "didn't send a monster", "didn't send any monster", "sent no monster",
                                         "did not send any monster"))),
                        unstated="assumed", note={"zh-TW": "假設這回合有怪物攻擊（沒有攻擊就不會治療）",
                                                  "en": "Assuming a monster attacked this round (no attack, no healing)"}, when=(("item", "potion"),))
TRAP_DAMAGE = Slot("count", {"zh-TW": "陷阱傷害", "en": "trap damage"},
                   cues=("陷阱", "trap", "被防止的傷害", "可防止的傷害", "能防止的傷害", "可以防的傷害", "能防的傷害", "可防的傷害",
                         "preventable damage",
                         # "only 1 dmg preventable"
                         "preventable",
                         # "陷阱是詛咒戒指，一共要打3點": what the trap deals, in the clause after it is named.
                         "一共要打", "總共要打", "要打",
                         # "the trap only deals 1 point": what it deals, said with its verb.
                         "trap deals", "trap only deals", "trap does", "trap only does", "trap hits for"),
                   units=("point of damage", "points of damage", "點陷阱傷害", "damage", "dmg", "點傷害",
                          # "1 point of it can be prevented", "2點可以被防止"
                          "point of it can be prevented", "points of it can be prevented", "point can be prevented",
                          "points can be prevented", "點可以被防止", "點可以防止", "點能被防止", "點可被防止",
                          # "三點全被擋下來", "2 points can be blocked"
                          "點全被擋", "點都被擋", "點被擋", "點都能被擋", "點可以被擋", "點能擋", "點能被擋", "點可被擋", "points blocked",
                          "points can be blocked", "point can be blocked"),
                   # "a single trap icon" is the thief's, not a trap's damage.
                   other_cues=("trap icon", "trap icons", "陷阱圖示", "陷阱圖標", "防陷阱", "反陷阱"),
                   unstated="general", when=(("item", "clover"),))
THIEF_ICONS = Slot("count", {"zh-TW": "盜賊的開鎖能力", "en": "the thieves' trap icons"},
                   cues=("盜賊", "小偷", "開鎖", "反陷阱圖示", "防陷阱圖示", "陷阱圖示", "圖示", "反陷阱圖標", "防陷阱圖標",
                         "陷阱圖標", "圖標", "thief", "thieves", "rogue", "trap icons",
                         "trap icon", "icons", "icon"), unstated="general", when=(("item", "clover"),))
CLOVERS = Slot("count", {"zh-TW": "幸運草數", "en": "clovers"}, cues=("幸運草", "四葉草", "clover", "clovers"),
               units=("片幸運草", "個幸運草", "片四葉草", "個四葉草", "four-leaf clovers", "four-leaf clover", "clovers"),
               domain=_AT_LEAST_ONE, value_labels=_COUNT_LABELS, unstated="cases", when=(("item", "clover"),))
SPELL_LEVEL = Slot("count", {"zh-TW": "法術等級", "en": "spell level"},
                   cues=("法術等級", "咒語等級", "法術需要", "法術", "咒語", "咒要", "咒需要", "術要", "術需要",
                         # The fireball named with what it needs; "a fireball" alone counts no level.
                         "火球術需要", "火球術要", "火球需要", "火球要", "fireball needs", "fireball requires",
                         # "戰鬥卡是火球術，要3點法力": what the spell needs is its level.
                         "術，要", "球，要", "語，要",
                         "fireball is level", "spell level",
                         # "暗示咒是2級": the spell named, then its level.
                         "咒是", "術是",
                         "spell card needs", "spell needs", "needs magic", "need magic", "requires magic",
                         "spell requires", "spell", "level"), unstated="general", when=(("item", "wand"),))
PARTY_MAGIC = Slot("count", {"zh-TW": "巫師的魔力（不含魔杖）", "en": "the wizards' magic without wands"},
                   cues=("魔力", "法力", "巫師", "法師", "magic", "wizard", "wizards", "mage", "mages"),
                   # "the spell needs magic 3" is the spell's level, not the wizards' magic.
                   other_cues=("magic item", "magic items", "needs magic", "need magic", "requires magic", "anti-magic",
                               "antimagic", "反魔法"),
                   said_with=("without wands", "without the wands", "without any wands", "without a wand",
                              "without the wand", "without their wand", "without its wand",
                              "not counting wands", "not counting the wands", "excluding wands", "without wand",
                              "不含魔杖", "不算魔杖", "沒有魔杖的話", "不靠魔杖", "扣掉魔杖"),
                   unstated="general", when=(("item", "wand"),))
WANDS = Slot("count", {"zh-TW": "魔杖數", "en": "wands"}, cues=("魔杖", *_WAND_SYNONYMS, "wand", "wands"),
             units=("根魔杖", "支魔杖", "wands"), domain=_AT_LEAST_ONE, value_labels=_COUNT_LABELS, unstated="cases", when=(("item", "wand"),))
SPELLS_BLOCKED = Slot("choice", {"zh-TW": "法術是否被阻止", "en": "spells blocked"},
                      values=((True, ("反魔法", "無法施法", "不能施法", "anti-magic", "cannot cast", "can't cast")),),
                      unstated="assumed", note={"zh-TW": "假設沒有反魔法效果阻止施法",
                                                "en": "Assuming nothing (such as an anti-magic dart) blocks spells"}, when=(("item", "wand"),))
DAMAGE_BEFORE = Slot("count", {"zh-TW": "先前已受的傷害", "en": "damage taken before"},
                     cues=("之前受", "先前受", "已經受", "already took", "earlier damage", "damage before"),
                     unstated="assumed", note={"zh-TW": "假設持有者先前沒有受傷", "en": "Assuming the carrier had no earlier damage"}, when=(("item", "necklace"),))

# A combat round told in prose: "隊伍：盜賊3血帶紅色藥水、牧師2血治療1；派史萊姆，沒有疲勞" or "Party: a warrior (5 HP)
# carrying the blue player's potion, then a priest (3 HP, heals 1). I send a goblin and a slime".
PARTY = Slot("party", {"zh-TW": "冒險家隊伍（職業與血量，由前到後）", "en": "the party (classes and hit points, front to back)"},
             values=CLASS_PHRASES,
             fields=(("hp", ("點血", "滴血", "血量", "血", "生命值", "生命", "hp", "hit points", "hit point", "health")),
                     ("hearts", ("顆治療心", "個治療心", "治療", "治疗", "補血", "回血", "顆心", "個心", "粒心", "heals", "heal", "healing", "hearts", "heart")),
                     ("magic", ("魔力", "法力", "magic")),
                     ("traps", ("開鎖", "陷阱圖示", "trap icons", "trap icon", "disarm")),
                     # Damage taken before this round, said of the member ("3hp, already took 2 dmg", "已受2點傷害").
                     ("damage", ("已經受了", "已經受", "已受", "之前受了", "之前受", "先前受", "受過", "already took",
                                 "already taken", "already has", "damage taken", "dmg taken", "has taken", "took"))),
             unstated="ask",
             ask={"zh-TW": "告訴我冒險家隊伍：由前到後每位的職業與血量（牧師的治療、巫師的魔力、盜賊的開鎖能力）",
                  "en": "Tell me the party front to back: each adventurer's class and hit points (a priest's healing, "
                        "a wizard's magic, a thief's trap icons)"})
CARRIED = Slot("carried", {"zh-TW": "冒險家帶著的魔法物品（誰帶、哪位玩家的）",
                           "en": "the magic items the adventurers carry (who carries which player's item)"},
               values=(("potion", ("治療藥水", "藥水", "healing potion", "potion")),
                       ("clover", ("幸運四葉草", "幸運草", "四葉草", "four-leaf clovers", "four-leaf clover", "clovers", "clover")),
                       ("wand", ("魔杖", *_WAND_SYNONYMS, "wand")),
                       ("necklace", ("堅忍項鍊", "項鍊", "項鏈", "endurance necklace", "necklace of endurance",
                                     "necklace"))),
               owners=COLOUR_PHRASES, unstated="ask",
               ask={"zh-TW": "告訴我哪位冒險家帶著哪位玩家（顏色）的魔法物品",
                    "en": "Tell me which adventurer carries which player's (colour's) magic item"})
ROUND = Slot("round", {"zh-TW": "這一回合的陷阱、咒語與怪物", "en": "this round's trap, spell and monsters"},
             parts=(("monster", (("goblin", ("哥布林", "goblin", "goblins")), ("slime", ("史萊姆", "slime", "slimes")),
                                 ("witch", ("女巫", "witch")), ("vampire", ("吸血鬼", "vampire")))),
                    ("trap", (("poison_dart", ("毒鏢陷阱", "毒鏢", "poison dart")),
                              ("cursed_ring", ("詛咒的戒指", "詛咒戒指", "cursed ring")),
                              ("kamikaze_imp", ("神風特攻隊小鬼", "神風小鬼", "kamikaze imps", "kamikaze imp")),
                              ("pendulum", ("擺錘陷阱", "擺錘", "pendulum")),
                              ("anti_magic_dart", ("反魔法飛鏢", "anti-magic dart", "antimagic dart")))),
                    ("spell", (("hint", ("暗示咒", "暗示", "suggestion")), ("fireball", ("火球術", "火球", "fireball")))),
                    ("tile", (("room", ("房間", "room")), ("corridor", ("走廊", "通道", "corridor", "hallway")))),
                    ("last_round", ((True, ("最後一回合", "最後一輪", "戰鬥結束", "這回合結束", "last round",
                                            "final round", "combat ends")),)),
                    # The monsters and traps whose victims you choose: a blow of theirs names whom and how much.
                    ("aimed", tuple((name, ()) for name, x in (*D.MONSTERS.items(), *D.TRAPS.items())
                                    if x.targeting == D.CHOSEN))),
             cues=("疲勞", "fatigue"),
             unstated="ask",
             ask={"zh-TW": "告訴我這一回合的陷阱、咒語與你派出的怪物（會選目標的怪物打誰、幾點）",
                  "en": "Tell me this round's trap, spell and the monsters you send (whom a monster that picks its "
                        "victims hits, and for how much)"})
DUNGEON_OWNER = Slot("owner", {"zh-TW": "被攻打的地城是誰的", "en": "whose dungeon is attacked"},
                     values=COLOUR_PHRASES, cues=("地城", "dungeon"), unstated="general")


# Said in passing: a player's markers left, points so far, and what the dungeon holds ("還有3個指示物，目前12分",
# "4 markers left", "地城裡還有5隻怪物、4枚金幣").
MARKERS_LEFT = Slot("count", {"zh-TW": "剩下的指示物", "en": "markers left"},
                    units=("個指示物", "markers left", "tokens left"), cues=("指示物",))
# "our party has one thief", "兩個戰士": how many adventurers of a class, said while telling the party.
PARTY_MEMBERS = Slot("count", {"zh-TW": "隊伍裡的冒險家", "en": "adventurers in the party"},
                     # (Adventurers counted without a class often make a product: "兩個冒險家各受2點" is read as damage.)
                     units=("個盜賊", "名盜賊", "個戰士", "名戰士", "個牧師", "名牧師", "個巫師", "名巫師", "thief", "thieves",
                            "warrior", "warriors", "priest", "priests", "wizard", "wizards"))
DUNGEON_CONTENTS = Slot("count", {"zh-TW": "地城裡的東西", "en": "what the dungeon holds"},
                        units=("隻怪物", "只怪物", "枚金幣", "個金幣", "monsters in my dungeon", "gold coins"))
POINTS_SO_FAR = Slot("count", {"zh-TW": "目前分數", "en": "points so far"},
                     units=("分", "points so far", "victory points", "points behind", "points ahead", "point lead",
                            "points all game"),
                     cues=("目前", "score is", "score:", "scoring", "trailing", "leading", "領先", "落後"))
