"""How players state the Onirim rule inputs (slot declarations read by the answering layer)."""
from __future__ import annotations

import dataclasses

from ..slots import Slot
from .cards import SPELLS, spell_cost

# Readings of unclear texts, as (Traditional Chinese, English) assumptions. The rules say them when the
# input is given; a slot states the default one as its note (the same text, so it is said once).
LOST_TOWER_LIMBO = ("失去的高塔依規則原文放進Limbo牌堆；另有兩個實作改放到棄牌堆（想照那種做法算，請在問題中說明）",
                    "A lost Tower goes to Limbo, as the rules text says (“放進Limbo牌堆”); two implementations put "
                    "it on the discard pile instead (say so in your question to count it that way)")
SPELL_PAYMENT_REMOVE = ("施放咒文時，從棄牌堆自選相應張數的牌移出遊戲（依The Book擴充本身的規則）；"
                        "規則原文只說棄牌堆的張數要夠多",
                        "Paying a spell removes that many cards of your choice from the discard pile from the game "
                        "(the Book's own rules); the rules text only says the pile must be big enough")

COLOUR_PHRASES = (("red", ("紅", "red")), ("blue", ("藍", "blue")), ("green", ("綠", "green")),
                  ("brown", ("棕", "褐", "咖啡", "啡色", "brown", "tan")))
COLOUR_LABELS = (("red", {"zh-TW": "紅色", "en": "red"}), ("blue", {"zh-TW": "藍色", "en": "blue"}),
                 ("green", {"zh-TW": "綠色", "en": "green"}), ("brown", {"zh-TW": "棕色", "en": "brown"}))

TOWER_ROW = Slot("towers", {"zh-TW": "高塔列", "en": "Tower row"}, values=COLOUR_PHRASES, role="row",
                 cues=("高塔列", "塔列", "row", "排"), unstated="general")
NEW_TOWER = Slot("tower", {"zh-TW": "要加入的高塔", "en": "Tower to add"}, values=COLOUR_PHRASES, role="new",
                 unstated="general")
DISCARDED_TOWER = Slot("tower", {"zh-TW": "棄掉的高塔", "en": "Tower discarded"}, values=COLOUR_PHRASES,
                       role="new", unstated="general")
SIDE = Slot("choice", {"zh-TW": "放在哪一端", "en": "end of the row"},
            values=(("left", ("左", "left")), ("right", ("右", "right"))), role="side",
            value_labels=(("left", {"zh-TW": "放在左端", "en": "on the left end"}),
                          ("right", {"zh-TW": "放在右端", "en": "on the right end"})))
_POWER_PHRASES = ((True, ("效應", "效果", "高塔效應", "高塔的效應", "塔列效應", "高塔列效應", "高塔列的效應", "power", "powered", "alignment power", "alignment's power", "tower power",
                           "row power", "row's effect", "row effect", "alignment effect", "alignment's effect",
                           # What the power does for the player: the complete row protects the Towers.
                           "保護", "protection")),
                  (False, ("無效應", "power switched off", "power turned off", "power off", "power disabled",
                           "switched off", "turned off",
                           # What the row does for the player said to be nothing ("the finished row gives you nothing").
                           "gives you nothing", "gives nothing", "does nothing", "沒有任何作用", "沒作用", "沒有作用")))


def _rung(digit: str, numeral: str) -> tuple[str, ...]:
    """How a player names one rung of the difficulty ladder ("第3級", "難度三", "rung 3")."""
    return (*(f"{pre}{n}{post}" for n in (digit, numeral)
              for pre, post in (("第", "級"), ("第", "階"), ("難度", ""), ("難度第", "級"))), f"rung {digit}", f"level {digit}")


# The ladder names the two readings by rung: rung 3 is the Towers with the Alignment's power, rung 4 without it.
# A question about a Nightmare that says which rung it plays says which reading.
_POWER_BY_RUNG = ((True, (*_POWER_PHRASES[0][1], *_rung("3", "三"))), (False, (*_POWER_PHRASES[1][1], *_rung("4", "四"))))
ALIGNMENT_POWER = Slot("choice", {"zh-TW": "連線效應", "en": "Alignment power"}, values=_POWER_BY_RUNG,
                       value_labels=((True, {"zh-TW": "使用連線效應", "en": "with the Alignment power"}),
                                     (False, {"zh-TW": "不使用連線效應", "en": "without the Alignment power"})))
ROW_STATE = Slot("choice", {"zh-TW": "高塔列的狀態", "en": "state of the Tower row"},
                 values=(("in_progress", (
                                          # (Before the words they run into: "四色還沒湊齊" is one phrase, not 四色 and 還沒湊齊.)
                                          "四色還沒", "四色沒", "四色都還沒", "四種顏色還沒", "四個顏色還沒",
                                          # ("紅藍綠棕四色": after a colour the four is read as a digit.)
                                          "4色還沒", "4色沒", "4色還差",
                                          "還沒完成", "未完成", "尚未完成", "沒完成", "正在成形", "成形中", "排到一半",
                                          "還沒湊齊", "還沒湊滿", "還沒湊成", "沒湊成", "四色還差", "四色...還差得遠", "離四色還", "沒湊齊", "沒湊滿", "還沒排滿", "還沒連完", "沒連完", "還沒連好", "還沒排完",
                                          "not complete", "incomplete", "in progress", "not finished", "unfinished",
                                          "not yet complete", "partial row", "half-built",
                                          # Fewer than four Towers in the row ("塔列才三座", "my row has 2 towers").
                                          *(f"塔列...{n}{unit}" for n in "123" for unit in ("張", "座", "個")),
                                          *(f"row...{n} {tower}" for n in ("1", "2", "3", "one", "two", "three") for tower in ("tower", "towers")),
                                          *(f"{n} towers in...row" for n in ("2", "3", "two", "three")),
                                          # Fewer than four Towers built at all ("I've got two towers up", "蓋了兩座塔").
                                          *(f"{n} towers {done}" for n in ("2", "3", "two", "three")
                                            for done in ("up", "built", "down", "so far")),
                                          *(f"{verb}{n}座塔" for n in "123" for verb in ("蓋了", "蓋好", "有", "放了")),
                                          # ("手上有一張塔" is a Tower in hand: only a verb of building counts.)
                                          *(f"{verb}{n}{unit}塔" for n in "一123" for unit in ("座", "張", "個")
                                            for verb in ("蓋了", "蓋好", "放了", "擺了", "排了", "出了")),
                                          # "塔才蓋兩張": building is what Towers are for.
                                          *(f"{verb}{n}{unit}" for n in "123" for unit in ("張", "座")
                                            for verb in ("蓋", "蓋了", "蓋好")),
                                          "nowhere near an alignment", "nowhere near the alignment", "nowhere near complete",
                                          "far from complete", "far from an alignment")),
                         ("complete", ("已完成", "完成了", "已經完成", "排好了", "四種顏色都", "四色", "4色", "4種顏色", "完成",
                                       "四張塔...連成", "四座塔...連成", "四色...連成", "四種顏色連", "四種顏色...連成一排", "四種顏色...排成一排", "四種顏色的塔...連成", "四種顏色的塔...排好", "all four lined up",
                                       # Four Towers of different colours joined up are the complete row.
                                       "四張不同顏色", "四座不同顏色", "四種不同顏色", "四個不同顏色", "不同顏色的塔...連好",
                                       "four different colours", "four different colors", "four towers of different",
                                       "four towers...lined up", "all four towers", "all four of my towers", "all four of the towers",
                                       "四座塔都", "四張塔都", "四個顏色...連好", "四個顏色...連成", "四個顏色都", "四種顏色...連好",
                                       "complete", "completed", "finished", "four colours", "four colors", "four colour",
                                       "four color")),
                         ("none", ("沒有高塔", "還沒有塔", "還沒蓋塔", "一座塔都沒有", "高塔都還沒", "塔都還沒蓋", "還沒蓋出",
                                   "一座塔都沒", "一座塔也沒", "一座高塔都沒", "一座高塔也沒", "一張塔都沒",
                                   "桌上沒有塔", "no tower", "no towers", "haven't built any", "not built any",
                                   "row is empty", "empty row"))),
                 value_labels=(("in_progress", {"zh-TW": "高塔列正在成形", "en": "Tower row in progress"}),
                               ("complete", {"zh-TW": "高塔列已完成", "en": "Alignment complete"}),
                               ("none", {"zh-TW": "還沒有高塔", "en": "no Tower built"})),
                 unstated="general", stands_for=("row",),
                 # ("finished three blue locations in a row": a run of cards, no Tower row.)
                 subject=("塔", "列", "顏色", "四色", "連線", "tower", "towers", "alignment", "my row", "the row", "our row",
                          "row is", "row's", "row has", "row was", "colours", "colors"))
NIGHTMARE_TO_LIMBO = Slot("choice", {"zh-TW": "夢魘是否放進Limbo", "en": "Nightmare sent to Limbo"},
                          values=((True, (*(f"{nightmare}…{verb}limbo"
                                            for nightmare in ("夢魘", "惡夢", "噩夢", "nightmare", "nm")
                                            for verb in ("放進", "送進", "丟進", "放到", "放回", "送回", "丟回", "塞回")),
                                          "nightmare to limbo", "nightmare into limbo",
                                          "nightmare back into limbo", "nightmare back to limbo",
                                          "send the nightmare to limbo", "put the nightmare in limbo",
                                          "it back into limbo", "it back to limbo",
                                          # "send the nightmare itself back to limbo": the Nightmare is what is sent.
                                          *(f"{verb} the nightmare…limbo" for verb in (
                                              "send", "sending", "put", "putting", "return", "returning")))),),
                          value_labels=((True, {"zh-TW": "把夢魘放進Limbo", "en": "the Nightmare goes to Limbo"}),
                                        (False, {"zh-TW": "用其他方式解決夢魘",
                                                 "en": "the Nightmare is resolved another way"})),
                          unstated="absent",
                          note={"zh-TW": "假設你沒有選擇把夢魘放回Limbo（那樣就不必失去高塔）",
                                "en": "Assuming you do not choose to send the Nightmare back to Limbo (which would "
                                      "spare the Towers)"})
LOST_TOWER_TO = Slot("choice", {"zh-TW": "失去的高塔去向", "en": "where a lost Tower goes"},
                     values=(("limbo", ("limbo",)), ("discard", ("棄牌堆", "discard pile"))),
                     value_labels=(("limbo", {"zh-TW": "失去的高塔放進Limbo牌堆", "en": "a lost Tower goes to Limbo"}),
                                   ("discard", {"zh-TW": "失去的高塔放到棄牌堆",
                                                "en": "a lost Tower goes to the discard pile"})),
                     unstated="reading",
                     note={"zh-TW": LOST_TOWER_LIMBO[0], "en": LOST_TOWER_LIMBO[1]})
DECK_SIZE = Slot("count", {"zh-TW": "牌堆剩餘張數", "en": "cards left in the deck"},
                 cues=("牌堆剩", "牌庫剩", "牌堆只剩", "牌庫只剩", "牌堆還剩", "牌庫還剩", "牌堆還有", "牌庫還有", "剩下", "剩",
                       "deck has", "left in the deck", "cards left", "deck"), units=("張", "cards"), unstated="general",
                 other_cues=("棄牌堆", "棄牌", "discard pile", "discards", "手牌", "in hand", "hand", "limbo"),
                 none=("牌堆空了", "牌庫空了", "牌堆已經空", "牌庫已經空", "牌庫這時候已經空", "牌堆沒牌", "牌庫沒牌", "deck is empty",
                       "empty deck", "deck ran out", "deck has run out", "no cards left in the deck"))
GOALS = Slot("colours", {"zh-TW": "目標卡的顏色順序", "en": "Goal colours in order"}, values=COLOUR_PHRASES,
             role="goals", cues=("目標", "goal", "goals"), unstated="general")
DOOR = Slot("colour", {"zh-TW": "拿到的門", "en": "Door obtained"}, values=COLOUR_PHRASES, role="door",
            cues=("門", "door"), unstated="general", value_labels=COLOUR_LABELS)
# Whether the Door matches the next Goal, said without the colours ("拿到一張不是目前目標顏色的門", "a Door out of
# order"): the case is read from the words, not from colours.
DOOR_FITS = Slot("choice", {"zh-TW": "門卡是否符合下一張目標卡", "en": "whether the Door matches the next Goal"},
                 values=((True, ("符合目標", "符合下一張目標", "符合目前的目標", "符合目前目標", "跟目標同色", "和目標同色",
                                 "與目標同色", "目標顏色的門", "是目前目標顏色", "是目標顏色", "目前目標顏色", "目前目標的顏色", "下一張目標的顏色", "照目標順序",
                                 "matches the goal", "matching the goal", "fits the goal", "same colour as the goal",
                                 "same color as the goal", "the goal's colour", "the goal's color",
                                 "colour of the current goal", "color of the current goal", "colour of the next goal",
                                 "color of the next goal", "in goal order")),
                         (False, ("不照順序", "順序不對", "out of order", "out of goal order", "wrong colour for the goal",
                                  "wrong color for the goal", "目標…顏色不一樣", "目標…顏色不同", "目標…顏色不符",
                                  "doesn't match the goal", "does not match the goal", "doesn't match the next goal",
                                  "different colour from the goal", "different color from the goal"))),
                 value_labels=((True, {"zh-TW": "門卡符合下一張尚未達成的目標卡",
                                       "en": "the Door matches the first Goal still to reach"}),
                               (False, {"zh-TW": "門卡不符合下一張目標卡", "en": "the Door does not match the next Goal"})),
                 unstated="general")
REACHED = Slot("count", {"zh-TW": "已放上門的目標數", "en": "Goals already reached"},
               cues=("已完成", "完成了", "已經完成", "已達成", "已經達成", "達成了", "已經有門", "已經拿到", "reached",
                     "completed", "already hold",
                     "reached the first", "completed the first", "filled the first",
                     # "前四張都已經放上門了", "the first 4 goals hold Doors": the Goals reached from the left
                     "前", "first"), unstated="general")
# Read beside a Door just obtained, only where the Goals are said to hold Doors ("前三個已經放好門了"): a bare 前 or
# "first" there is the next Goal asked about ("目前目標", "the first Goal"), not how many are reached.
REACHED_BEFORE_DOOR = dataclasses.replace(
    REACHED, cues=tuple(c for c in REACHED.cues if c not in ("前", "first"))
    + ("已經放好門", "放好門", "已經放上門", "放上門", "已經有門了", "already have doors", "hold doors", "have doors on them"))
# The colour of the Door given back ("把綠門放回Limbo", "hand back the brown door"): its Goal is of that colour.
RETURNED_DOOR = Slot("colour", {"zh-TW": "放回Limbo的門", "en": "Door given back"}, values=COLOUR_PHRASES,
                     cues=("門", "door"), unstated="general", value_labels=COLOUR_LABELS, role="returned")
RETURNED = Slot("count", {"zh-TW": "放回Limbo的門所在的目標位置", "en": "position of the Goal whose Door goes back"},
                cues=("第", "goal"), units=("個目標", "張目標"), unstated="general", other_cues=("前", "first"))
# How players name a Nightmare card.
_NIGHTMARE_NAMES = ("夢魘", "惡夢", "噩夢")
SPELL = Slot("choice", {"zh-TW": "咒文", "en": "spell"},
             values=(("paradoxical_prophecy", ("矛盾預言", "預言", "paradoxical", "prophecy", "最底下", "bottom")),
                     ("parallel_planning", ("平行計畫", "平行計劃", "parallel", "互換", "交換", "swap", "swap two",
                                             "換兩張", "調換兩張", "交換兩張", "互換兩張",
                                             # told by what it does: two Goal cards change places
                                             "換位置", "交換位置", "調換位置", "對調", "兩張目標卡...換", "兩張目標卡...對調",
                                             "switch two", "two goal cards...swap", "two goal cards...switch",
                                             "trade places", "swap places", "switch places", "change places")),
                     ("powerful_punishment", ("強力懲罰", "懲罰", "powerful punishment", "punishment",
                                              # What it does: a Nightmare just drawn discarded at no cost.
                                              "取消惡夢", "惡夢…作廢", "作廢惡夢",
                                              "cancelling a nightmare", "cancel a nightmare", "canceling a nightmare",
                                              "kill the nightmare", "kill-the-nightmare", "discard the nightmare",
                                              "discard a nightmare",
                                              # ("能用那個把噩夢直接扔掉的咒語嗎", "the one that gets rid of the Nightmare")
                                              *(f"{verb}{nightmare}" for nightmare in _NIGHTMARE_NAMES
                                                for verb in ("扔掉", "丟掉", "丟棄", "棄掉")),
                                              *(f"{nightmare}直接{verb}" for nightmare in _NIGHTMARE_NAMES
                                                for verb in ("扔掉", "丟掉", "丟棄", "棄掉")),
                                              "get rid of the nightmare", "get rid of a nightmare",
                                              "wipe out the nightmare", "wipe out a nightmare"))),
             value_labels=(("paradoxical_prophecy", {"zh-TW": "矛盾預言", "en": "Paradoxical Prophecy"}),
                           ("parallel_planning", {"zh-TW": "平行計畫", "en": "Parallel Planning"}),
                           ("powerful_punishment", {"zh-TW": "強力懲罰", "en": "Powerful Punishment"})),
             unstated="general")
# How players name the two sides of the Spells card by their price (spell-sides).
_CHEAP_SIDE = ("便宜", "較少", "少張數", "代價少", "代價低", "代價較低", "代價比較低", "少的那面", "少的那一面", "cheap", "cheaper", "lower cost", "cost less",
               "costs less", "fewer discards", "cost fewer")
_EXPENSIVE_SIDE = ("昂貴", "較多", "多張數", "代價多", "代價高", "代價較高", "代價比較高", "多的那面", "多的那一面", "expensive", "pricier", "pricey", "higher cost",
                   "cost more", "costs more", "more discards")


def _side_by_cost(side: str) -> tuple[str, ...]:
    """How a player names a side of the Spells card by a spell's cost on it ("the 12 side", "12張那面")."""
    return tuple(f"{cost}{form}" for cost in sorted({spell_cost(spell, side) for spell in SPELLS})
                 for form in (" side", "-card side", " cost side", "-cost side", "那面", "的那面", "張那面", "張的那面"))


SPELL_SIDE = Slot("choice", {"zh-TW": "咒文卡使用的一面", "en": "side of the Spells card"},
                  # The ladder names the sides by rung too: rung 5 is the Book with cheap spells, rung 6 with expensive.
                  values=(("cheap", (*_CHEAP_SIDE, "低價", "cheap side", "比較簡單", "簡單的那面", "簡單的那一面",
                                     "easier side", *_rung("5", "五"), *_side_by_cost("cheap"))),
                          ("expensive", (*_EXPENSIVE_SIDE, "高價", "貴", *_rung("6", "六"), *_side_by_cost("expensive"),
                                         # the side is chosen by the challenge wanted (spell-sides)
                                         "比較難", "較難的", "難的那面", "難的那一面", "harder side"))),
                  value_labels=(("cheap", {"zh-TW": "代價較少的一面", "en": "the cheap side"}),
                                ("expensive", {"zh-TW": "代價較多的一面", "en": "the expensive side"})))
# A spell's cost is asked of one spell on one side: unsaid, the answer is given for every spell and side.
SPELL_COSTED = dataclasses.replace(SPELL, unstated="cases")
SIDE_COSTED = dataclasses.replace(SPELL_SIDE, unstated="cases")
DISCARD_PILE = Slot("count", {"zh-TW": "棄牌堆張數", "en": "cards in the discard pile"},
                    cues=("棄牌堆", "棄牌", "discard pile", "discard", "discards"), units=("張", "cards"),
                    unstated="general",
                    # What was paid for a spell ("only removed 7 cards from the discard pile for it", "付了7張") is
                    # its cost as played, not the pile's size.
                    other_cues=("removed", "paid", "spent", "移除了", "移出了", "付了", "花了"))
NIGHTMARE_JUST_DRAWN = Slot("choice", {"zh-TW": "是否剛抽到夢魘", "en": "a Nightmare was just drawn"},
                            values=((True, ("剛抽到夢魘", "剛抽到惡夢",
                                            # "剛抽到一張惡夢", "摸到一張噩夢": a measure word between, another verb
                                            *(f"{verb}{one}{nightmare}" for verb in ("抽到", "摸到", "翻到", "補到")
                                              for one in ("", "一張") for nightmare in _NIGHTMARE_NAMES),
                                            "drew a nightmare",
                                            "just drawn a nightmare", "nightmare just drawn", "draw a nightmare",
                                            "drawn a nightmare")),
                                    (False, ("no nightmare", "without a nightmare", "in advance", "ahead of time", "提前",
                                             "預先", "事先", "沒有夢魘", "還沒抽到夢魘"))),
                            value_labels=((True, {"zh-TW": "剛抽到一張夢魘", "en": "a Nightmare was just drawn"}),
                                          (False, {"zh-TW": "沒有剛抽到夢魘", "en": "no Nightmare was just drawn"})),
                            unstated="general")
SPELL_PAYMENT = Slot("choice", {"zh-TW": "咒文的代價", "en": "how a spell is paid"},
                     values=(("remove", ("移出遊戲", "removed from the game")), ("count", ("只要張數夠", "only count"))),
                     value_labels=(("remove", {"zh-TW": "付出的牌移出遊戲", "en": "the cards paid leave the game"}),
                                   ("count", {"zh-TW": "棄牌堆只要張數夠，牌留在原處",
                                              "en": "the discard pile only has to be big enough"})),
                     unstated="reading",
                     note={"zh-TW": SPELL_PAYMENT_REMOVE[0], "en": SPELL_PAYMENT_REMOVE[1]})
DOORS_HELD = Slot("colours", {"zh-TW": "已拿到的門", "en": "Doors already in play"}, values=COLOUR_PHRASES,
                  role="held", cues=("門", "door"), unstated="general")
FACE_UP = Slot("numbers", {"zh-TW": "翻開的黑暗徵兆", "en": "face-up Premonitions"},
               # "翻開的是2 3 4 8", "face up: 1, 5": what lies face up is a Premonition.
               cues=("徵兆", "凶兆", "premonition", "premonitions", "翻開的", "明面上的", "face up", "face-up", "faceup"),
               unstated="general")
NEW_DOOR = Slot("colour", {"zh-TW": "剛拿到的門", "en": "Door just obtained"}, values=COLOUR_PHRASES, role="new",
                cues=("又", "再", "剛", "新", "another", "new", "just", "now get", "then get"), unstated="general",
                value_labels=COLOUR_LABELS,
                vague=("又拿到一扇門", "又拿到一張門", "再拿到一扇門", "再拿到一張門", "剛拿到一扇門", "剛拿到一張門",
                       "又拿到門", "剛拿到門", "拿到新的門", "新拿到的門", "第三張門", "第三扇門", "第四張門", "第四扇門",
                       "第五張門", "第五扇門", "another door", "a new door", "one more door", "a third door",
                       "a fourth door", "a fifth door", "my third door", "my fourth door", "my fifth door"))
FACE_UP_COUNT = Slot("count", {"zh-TW": "場上翻開的黑暗徵兆張數", "en": "face-up Premonitions left"},
                     cues=("徵兆", "premonition", "premonitions"), units=("張", "cards"), unstated="general",
                     none=("全部清光", "都清光", "全被清光", "預兆…清光", "預兆…都沒了", "翻開的都沒有", "沒有翻開的", "沒有任何翻開", "none face up",
                           "no face-up premonitions", "no face-up…premonitions", "no premonitions left", "no premonitions face up",
                           # "翻開的黑暗徵兆已經全部處理掉了", "the face-up premonitions are already gone"
                           "徵兆…處理掉", "徵兆…處理完", "徵兆…都沒了", "徵兆…不剩", "徵兆…全部被移", "徵兆…都被移",
                           "徵兆…都移除", "徵兆…全部移除", "徵兆…被移掉", "徵兆…被移除", "徵兆…觸發或被移", "premonitions…gone", "premonitions…cleared",
                           "premonitions…all removed", "premonitions…been removed",
                           # "there are zero face-up Dark Premonitions left"
                           "zero face-up", "zero face up", "徵兆…一張都不剩", "徵兆…一張都沒有", "徵兆…掉光", "徵兆…光了"))


def expansion(label_zh: str, label_en: str, phrases: tuple[str, ...], unstated: str = "general") -> Slot:
    """An expansion in play or not: naming it states it; negation ("不加", "without") states its absence."""
    return Slot("choice", {"zh-TW": label_zh, "en": label_en}, values=((True, phrases),),
                value_labels=((True, {"zh-TW": f"加入{label_zh}", "en": f"with {label_en}"}),
                              (False, {"zh-TW": f"不加{label_zh}", "en": f"without {label_en}"})),
                unstated=unstated, group="expansion",  # type: ignore[arg-type]
                # An expansion not named: any of them may be the one added.
                vague=("一個擴充", "一個擴展", "某個擴充", "擴充之一", "一種擴充", "an expansion", "one expansion",
                       "one of the expansions", "some expansion", "any expansion"),
                note={"zh-TW": "只計入題目提到的擴充", "en": "Only the expansions the question names are in play"}
                if unstated == "absent" else {})


TOWERS_PHRASES = ("高塔", "塔", "tower", "towers")
BOOK_PHRASES = ("book of steps", "the book", "book", "步驟之書", "目標卡", "書本", "加書", "book expansion",
                "步伐之書", "失落與尋回之書", "失落之書", "bos", "書那個擴充", "書的擴充", "書擴充",
                # as players translate "Lost and Found"
                "迷途與尋獲之書", "迷途之書", "尋獲之書", "lost and found",  # the glossary's names for it too
                # "塔+書一起上": the book named beside another part of the set-up (alone, "書" is any book).
                "+書", "書+", "跟書", "和書", "與書", "書跟", "書和", "書與")
PREMONITION_PHRASES = ("黑暗徵兆", "徵兆", "premonition", "premonitions", "dark premonitions", "dark premonition",
                       "premonition cards", "dark premonition cards", "美夢", "happy dream")
SPELLS_USED = Slot("choice", {"zh-TW": "咒文", "en": "spells"},
                   values=(("none", ("不用…咒文", "沒有…咒文", "咒文完全不用", "咒文不用", "咒文都不用", "咒文也不用",
                                     "咒文都不使用", "咒文也不使用", "不使用…咒文", "no spells",
                                     "without…spells", "spells not used", "don't use…spells", "do not use…spells",
                                     "not using…spells", "don't cast…spells", "no spell cards",
                                     "咒文卡不用", "咒文卡都不用", "咒文卡也不用", "不用咒文卡", "咒文卡先收", "咒文收起來",
                                     "leave…spells out", "leave out…spells", "leaving…spells out", "skip…spells",
                                     "spells left out", "without…spell card", "not touching…spells", "not playing…spells",
                                     "not including…spells", "不碰…咒文", "咒文不碰", "咒文都不碰",
                                     "never touch…spells", "never use…spells", "never cast…spells",
                                     "不開…咒文", "咒文不開")),
                           ("cheap", _CHEAP_SIDE),
                           ("expensive", (*_EXPENSIVE_SIDE, "比較貴", "貴的那面", "貴的那一面", "貴的咒文", "costlier"))),
                   value_labels=(("none", {"zh-TW": "不用咒文", "en": "no spells"}),
                                 ("cheap", {"zh-TW": "咒文用代價較少的一面", "en": "spells on the cheap side"}),
                                 ("expensive", {"zh-TW": "咒文用代價較多的一面", "en": "spells on the expensive side"})),
                   unstated="general")
DOOR_RULE = Slot("choice", {"zh-TW": "迷宮取門的條件", "en": "Door-by-Labyrinth condition"},
                 values=(("differ", ("不同", "differ", "different")),
                         ("all_three", ("三種", "太陽月亮鑰匙", "sun, moon and key", "all three"))),
                 value_labels=(("differ", {"zh-TW": "取得門卡的符號只要與前一張相異",
                                           "en": "Door symbols merely differ from the previous"}),
                               ("all_three", {"zh-TW": "取得門卡要Sun + Moon + Key",
                                              "en": "Sun+Moon+Key for a Door"})),
                 unstated="general")
RUNG = Slot("count", {"zh-TW": "難度階梯的級數", "en": "rung of the difficulty ladder"},
            cues=("級", "階", "rung", "level"), unstated="general")
# "A 跟 B 哪個比較難", "A vs B", "is A harder than B": the second set-up, said after one of these words, with the first
# before it (both sides must state something).
COMPARED_SETUP = Slot("compared", {"zh-TW": "比較的另一個組合", "en": "the set-up compared with"},
                      cues=("vs", "versus", "than", "compared with", "compared to", "還是", "跟", "比起", "對比", "or", "和",
                            "與"), unstated="general")
# In a set-up the rule itself weighs an unsaid Alignment power (it only matters with the Towers alone).
SETUP_ALIGNMENT_POWER = Slot("choice", ALIGNMENT_POWER.label, values=_POWER_PHRASES,
                             value_labels=ALIGNMENT_POWER.value_labels, unstated="general")


# Said in passing: no Onirim rule reads how many cards a player holds ("手裡還有4張牌", "five in hand").
HAND = Slot("count", {"zh-TW": "手牌張數", "en": "cards in hand"},
            units=("張手牌", "cards in hand", "cards in my hand", "in hand", "in my hand"),
            cues=("手牌", "手裡", "手上", "手中", "in hand", "in my hand", "hand size", "my hand", "holding my usual",
                  "i'm holding"))


# Said in passing: how many cards are left to draw ("補充牌堆還有31張", "the deck is down to 25"); no rule reads it.
DECK_LEFT = Slot("count", {"zh-TW": "補充牌堆剩餘張數", "en": "cards left in the deck"},
                 units=("cards left in the deck", "left in the deck", "cards left in the draw pile", "cards left"),
                 cues=("補充牌堆", "牌庫", "牌堆還剩", "牌堆剩", "牌堆只剩", "deck is down to", "deck's down to", "deck down to", "deck is at", "deck has",
                       "deck's at", "draw pile has", "draw pile is down to", "deck:"))
# Said in passing to every rule but the one that reads it (whether a spell can be cast): how many cards lie in the
# discard pile ("棄牌堆有6張", "six cards in the discard pile").
DISCARD_TOLD = Slot("count", {"zh-TW": "棄牌堆張數", "en": "cards in the discard pile"},
                    units=("cards in the discard pile", "cards in my discard pile", "cards in discard", "張棄牌"),
                    cues=("棄牌堆", "discard pile has", "discard pile is at", "discard pile:", "discards:"))
# Said in passing: how a Door was won ("three in a row", "連出三張紅色"), a fact of the base game no rule reads.
IN_A_ROW = Slot("count", {"zh-TW": "連續打出的同色牌張數", "en": "cards of a colour played in a row"},
                units=("in a row", "張同色", "張連", *(f"{c}{s} in a row" for c in ("red", "blue", "green", "brown")
                                                       for s in ("", "s", " cards", " locations"))),
                cues=("連",))
# Said in passing: how many Goals are already done ("the first five are done", "前兩張已經放上門了").
GOALS_DONE = Slot("count", {"zh-TW": "已完成的目標卡張數", "en": "Goals already done"},
                  units=("are done", "are finished", "are already done", "張已經完成", "張已完成", "個已經完成",
                         "張已經放上門", "張已經放了門", "個目標已經完成"))
# Said in passing: how far into the game it is ("it's turn twelve", "第10回合了"); Onirim is played alone, and no rule
# reads a turn.
TURN = Slot("count", {"zh-TW": "第幾回合", "en": "turn of the game"}, cues=("turn",), units=("回合", "輪", "turns in"))
# How many Doors a player has ("已經拿到3張門", "I have 5 Doors"): only the Premonitions read a count of Doors.
DOORS_COUNT = Slot("count", {"zh-TW": "已拿到的門數", "en": "Doors obtained"},
                   units=("張門", "扇門", "doors", "doors on the table", "doors out"),
                   cues=("門拿到", "門已經拿到", "門已拿到", "門有"))
