"""How players state the 迷霧山城 rule inputs (slot declarations read by the answering layer)."""
from __future__ import annotations

from ..slots import PLAYER_COUNT_UNITS, Slot
from . import cards as C

PLAYERS = Slot("count", {"zh-TW": "玩家人數", "en": "number of players"}, units=PLAYER_COUNT_UNITS,
               # A count's case reads "<label><value label>": 玩家人數為 4 人, number of players is 4.
               domain=(4, 5, 6), value_labels=tuple((k, {"zh-TW": f"為 {k} 人", "en": f"is {k}"}) for k in (4, 5, 6)),
               unstated="cases")
DEPARTED = Slot("choice", {"zh-TW": "早晨是否出團", "en": "whether the team departed"},
                values=((True, ("出團", "出完團", "出發", "成團", "departed", "departs", "set off", "went out")),
                        (False, ("出團失敗", "早晨失敗", "失敗", "流團", "沒出團", "沒有出團", "沒成團", "flopped", "flops",
                                 "fell through", "fell apart", "failed",
                                 "fails", "failure", "did not depart", "didn't depart", "failed to depart",
                                 "沒湊夠需求", "沒湊到需求", "沒達到需求", "未達需求", "沒達標", "不夠需求", "需求沒達到",
                                 # The qualifiers' total short of the path's need ("前三名加起來只有9分 沒到12").
                                 "未超過需求", "沒超過需求", "沒有超過需求", "不到需求", "沒到需求", "加起來只有...沒到",
                                 "分...沒到", "分...不到", "分...沒超過", "差得遠",
                                 # Everyone drawing two is what a failed morning does (a success has only those who
                                 # did not qualify draw).
                                 "所有人各抽兩張", "每個人各抽兩張", "大家各抽兩張", "所有人都抽兩張", "大家都抽兩張",
                                 "everyone draws two", "everybody draws two", "all players draw two", "everyone draws 2",
                                 "didn't hit the requirement", "didn't reach the requirement", "didn't make the requirement",
                                 "missed the requirement", "short of the requirement", "couldn't depart",
                                 # "分數加起來不夠，出不了團"
                                 "出不了團", "沒能出團", "無法出團", "不能出團", "加起來不夠", "couldn't head out",
                                 "didn't head out", "could not depart", "couldn't leave", "didn't leave", "fell short", "nobody went",
                                 "didn't get enough to", "not enough to leave", "not enough to depart",
                                 "not enough to head out", "湊不夠", "沒湊夠", "不夠出團",
                                 "no one went"))),
                value_labels=((True, {"zh-TW": "隊伍出團", "en": "the team departed"}),
                              (False, {"zh-TW": "早晨失敗（沒有出團）", "en": "the morning failed"})),
                unstated="general")
WENT = Slot("seats", {"zh-TW": "出團的座位", "en": "seats that went"}, role="went",
            cues=("出團的是", "出團的有", "出團", "出發", "去的是", "去的有", "跟著去", "跟着去", "也去了",
                  # "跟著出去冒險的是小明、大雄和靜香", "跟團的是老王、小李和小陳"
                  "跟著出去", "出去冒險的是", "跟團的是", "跟團的有", "went", "departed with", "set off with",
                  "set out with", "headed out with", "went out with", "qualified",
                  # "資格者是阿明、小剛、小芳": those who qualified are those who went.
                  "資格者是", "資格者有", "有資格的是", "取得資格的是",
                  # "the team that left today was the captain, …"
                  "team that left", "team that went", "team that went out was", "team was"),
            unstated="general")
CONTRIBUTIONS = Slot("seat_list", {"zh-TW": "每位玩家的貢獻度", "en": "each player's contribution"},
                     cues=("貢獻", "分", "點", "contribution", "contributes", "points", "pts"),
                     unstated="ask",
                     ask={"zh-TW": "告訴我每位玩家的貢獻度（從隊長開始，依下家1、下家2…到上家）",
                          "en": "Tell me each player's contribution in turn order: the captain first, then seat 1 "
                                "(the captain's next player), seat 2, … up to the captain's previous player"})
REQUIREMENT = Slot("count", {"zh-TW": "路徑需求", "en": "path requirement"},
                   cues=("需求", "門檻", "需要", "要求", "路徑要", "這條路要", "路要", "路只要", "路線要", "路線只要",
                         "小徑要", "小道要",  # a path named by its card ("櫻花小徑要12分")
                         "人要", "要湊", "要湊到", "湊到", "，要",  # "6人要12分", "要湊到12分", "櫻花小徑，要12分"
                         "requirement", "requires", "needs", "need", "needed",
                         "-point path", "point path"),
                   unstated="reading",
                   note={"zh-TW": "路徑需求以 12 分計（文中三條路徑都是「12分以上」）",
                         "en": "The path requirement is taken as 12 (the text calls all three paths '12 or more')"})
OFFICER = Slot("seat", {"zh-TW": "打出警官的座位", "en": "seat that played the Officer"},
               cues=("警官", "officer", "police"), unstated="general")
PATH = Slot("choice", {"zh-TW": "今天的路徑", "en": "today's path"},
            values=tuple((name, (name, *C._ALIASES.get(name, ()))) for name in C.PATH_CARDS),
            value_labels=tuple((name, {"zh-TW": name, "en": C.EN_NAMES[name]}) for name in C.PATH_CARDS),
            # Another path than the one told, not said which ("那如果換一條路呢？", "on a different path?").
            vague=("換條路", "換一條路", "換別條路", "別條路", "另一條路", "其他路徑", "別的路徑", "另一條路徑", "路徑不一樣",
                   "other path", "another path", "different path", "a different one"),
            unstated="cases")
# A path card played is named as one ("竹林小道的路徑小卡", "a bamboo path card"); the bare name is today's path.
_PLAYED_PATH_CARDS = tuple((name, tuple(f"{alias}{joint}{card}" for alias in (name, *C._ALIASES.get(name, ()))
                                        for joint, card in (("", "路徑小卡"), ("的", "路徑小卡"), ("", "小卡"),
                                                            ("的", "小卡"), ("", "路徑卡"), ("的", "路徑卡"),
                                                            (" ", "path card"), (" ", "path cards"), (" ", "card"),
                                                            (" ", "cards"))
                                        if (card.isascii() == alias.isascii())))
                           for name in C.PATH_CARDS)
CARDS = Slot("items", {"zh-TW": "你打出的牌", "en": "cards you played"},
             values=tuple((name, (name, *C._ALIASES.get(name, ()))) for name in C.HAND_CARDS
                          if name not in (*C.PATH_CARDS, C.FOG, C.TEA_MASTER)) + _PLAYED_PATH_CARDS,
             unstated="ask",
             ask={"zh-TW": "告訴我你今天打出了哪些牌", "en": "Tell me which cards you played today"})
FOUR_POINT = Slot("choice", {"zh-TW": "4分工具的讀法", "en": "reading of the 4-point tool rule"},
                  values=(("as-examples", ("依範例",)), ("literal", ("照字面",))), unstated="reading",
                  note={"zh-TW": "「4分貢獻度的工具」依範例讀法：4分的工具保持4分",
                        "en": "The 4-point tool rule is read as in the examples: a 4-point tool keeps 4"})
ASK_MORNING = Slot("plays", {"zh-TW": "早晨每位玩家的行動", "en": "each player's morning actions"},
                   # A play without a target; 畫師 and 戲子 aim at someone in ways not read (such a turn leaves the
                   # plays unread).
                   values=(*((name, (name, *C._ALIASES.get(name, ()))) for name in C.HAND_CARDS
                             if name not in (C.FOG, C.TEA_MASTER, C.PAINTER, C.ACTOR)),
                           (C.PASS, ("pass", "passes", "passed", "喊pass", "喊過", "跳過", "不出", "過"))),
                   # Played at one card of another seat ("下家3用濃霧時刻把下家1的反光盤棄掉", "Dee uses the Tea Master
                   # to take Ben's reflector").
                   aimed=tuple((name, (name, *C._ALIASES.get(name, ()))) for name in (C.FOG, C.TEA_MASTER)),
                   unstated="ask",
                   ask={"zh-TW": "告訴我早晨每位玩家依序打出的牌或 Pass", "en": "Tell me each player's plays and passes in turn order"})
# The day of the game a player tells ("Day 3", "打到第7天", "玩到3天"): the scene, not a quantity of a rule.
DAY = Slot("count", {"zh-TW": "第幾天", "en": "day of the game"}, cues=("day",), units=("天",))
# The cards a player holds ("手牌還剩2張", "I'm holding 10 cards"): no rule reads how many.
HAND_CARDS = Slot("count", {"zh-TW": "手牌張數", "en": "cards in hand"},
                  units=("張手牌", "cards in hand", "cards in my hand"),
                  cues=("手牌", "holding", "hand size"))
# Said in passing: how many cards are left to draw ("回憶牌堆只剩三張", "the deck is down to 12"); no rule reads it.
DECK_LEFT = Slot("count", {"zh-TW": "牌堆剩餘張數", "en": "cards left in the deck"},
                 units=("cards left in the deck", "left in the deck", "cards left in the draw pile", "張在牌堆"),
                 cues=("回憶牌堆", "牌堆", "牌庫", "deck is down to", "deck's down to", "deck down to", "deck is at",
                       "deck has", "deck's at", "draw pile has", "deck:"))
# How players name gold alleys, on the table or counted (the aliases hold the singular English names).
_GOLD_NAMES = (C.GOLD, *C._ALIASES[C.GOLD], "gold alleys", "gold mine alleys", "golds")
ASK_ESCAPE = Slot("seat_records", {"zh-TW": "每位玩家的回憶卡與金礦小巷", "en": "each player's memories and gold alleys"},
                  # What each player is said to hold at the end, seat by seat ("隊長有5張回憶、2張金礦小巷").
                  values=(("memories", ("張自己的回憶", "張回憶卡", "張回憶", "回憶卡", "回憶", "memory cards", "memories",
                                        "memory")),
                          ("gold_table", _GOLD_NAMES),
                          ("abbots", (C.ABBOT, *C._ALIASES[C.ABBOT], "abbots")),
                          ("sakura", (C.SAKURA, *C._ALIASES[C.SAKURA])),
                          ("bamboo", (C.BAMBOO, *C._ALIASES[C.BAMBOO])),
                          ("grass", (C.GRASS, *C._ALIASES[C.GRASS]))),
                  # Gold in hand counts like gold on the table, but a player says them apart ("手上1").
                  in_hand=(("gold_table", "gold_hand"),),
                  unstated="general",
                  ask={"zh-TW": "告訴我每位玩家收集到的回憶卡張數與金礦小巷數量",
                       "en": "Tell me each player's memory cards and Gold Mine Alleys"})
MORNING_PLAYERS = Slot("count", PLAYERS.label, units=PLAYERS.units, unstated="ask",
                       ask={"zh-TW": "告訴我玩家人數", "en": "Tell me the number of players"})
MORNING_PATH = Slot("choice", PATH.label, values=PATH.values, value_labels=PATH.value_labels, unstated="ask",
                    ask={"zh-TW": "告訴我今天的路徑", "en": "Tell me today's path"})
EFFECTS = Slot("targeted", {"zh-TW": "指定你的牌的濃霧時刻或品茶師", "en": "Thick Fog or Tea Master aimed at your cards"},
               values=(("fog", (C.FOG, *C._ALIASES[C.FOG])), ("tea_master", (C.TEA_MASTER, *C._ALIASES[C.TEA_MASTER]))),
               unstated="absent", note={"zh-TW": "假設沒有濃霧時刻或品茶師指定你的牌",
                                        "en": "Assuming no Thick Fog or Tea Master targets your cards"},
               # Named without saying which card it aims at ("被打了一張濃霧時刻丟掉一頂"): asked, never taken as none.
               vague=(C.FOG, *C._ALIASES[C.FOG], C.TEA_MASTER, *C._ALIASES[C.TEA_MASTER]),
               ask={"zh-TW": "告訴我濃霧時刻或品茶師指定的是你的哪一張牌",
                    "en": "Tell me which of your cards the Thick Fog or Tea Master targets"})
MORNING_REQUIREMENT = Slot("count", REQUIREMENT.label, cues=REQUIREMENT.cues, unstated="general")

# One player's own hand at the end ("我有4張自己的回憶和3張竹林小道"): what is not named is taken as none, said so.
OWN_MEMORIES = Slot("count", {"zh-TW": "你自己角色的回憶張數", "en": "memories of your own character"},
                    units=("張自己角色的回憶", "張自己的回憶", "張自己的回憶卡", "張回憶卡", "張回憶", "份回憶", "份自己的回憶",
                           "of my own memories", "own memories", "memory cards", "memories",
                           # "I've got three of my own character" (memories named before)
                           "of my own character", "of my character's"),
                    # … or named before how many ("我自己的回憶只有2張", "my own memories: 4").
                    cues=("自己的回憶", "自己角色的回憶", "自己回憶", "自己角色回憶", "my own memories", "own memories",
                          "本角色的回憶", "本角色回憶", "我角色的回憶", "我角色回憶", "我的角色回憶", "我的角色的回憶"),
                    unstated="ask",
                    ask={"zh-TW": "告訴我你有幾張自己角色的回憶", "en": "Tell me how many memories of your own character you have"})


def _chinese_names(path: str) -> tuple[str, ...]:
    """The path's name and its Chinese aliases ("芒草小路", "芒草", …)."""
    return (path, *(a for a in C._ALIASES[path] if not a.isascii()))


def _path_card_cues(path: str) -> tuple[str, ...]:
    """The path's cards named before how many ("芒草小路的小卡有3張", "芒草路徑卡4張": by any of its Chinese names)."""
    return tuple(f"{name}{joint}{card}" for name in _chinese_names(path) for joint in ("", "的")
                 for card in ("小卡", "路徑小卡", "路徑卡"))


# Path cards said to be held without saying which or how many ("plus a few path cards", "還有幾張路徑卡"):
# each path's count is then unknown, not none.
_SOME_PATH_CARDS = ("路徑卡", "路徑小卡", "path cards", "path card")
# Path cards of every kind said to be none ("路徑小卡一張都沒有", "no path cards"); "no other path cards" leaves
# the kinds already counted as they are.
_NO_PATH_CARDS = ("路徑小卡0張 沒有", "路徑卡0張 沒有", "路徑小卡0張沒有", "路徑卡0張沒有", "路徑小卡0張也沒有", "路徑小卡都沒有", "路徑卡都沒有", "路徑小卡也沒有", "我沒有路徑小卡", "我沒有路徑卡",
                  "沒有任何路徑小卡", "沒有任何路徑卡", "沒收集到路徑小卡", "no path cards", "zero path cards",
                  "0 path cards", "not a single path card", "without any path cards", "haven't got any path cards",
                  "don't have any path cards")


def _none_of(path: str) -> tuple[str, ...]:
    """The path's cards said to be none by its name ("竹林的一張都沒有", "芒草小卡0張")."""
    # (Said with 沒有 after it, the phrase holds the 沒有: the none is what it says, not a denial of it.)
    return tuple(f"{name}{joint}0張{end}" for name in _chinese_names(path)
                 for joint in ("", "的", "的小卡", "小卡", "的路徑小卡") for end in ("", " 沒有", "也沒有"))


def _mixed_units(path: str) -> tuple[str, ...]:
    """The path's cards counted in English by a Chinese name ("3 芒草小路 path cards", "2 櫻花 cards")."""
    return tuple(f"{name} {card}" for name in _chinese_names(path)
                 for card in ("path cards", "path card", "cards", "small cards"))


def _own(zh: str, en: str, units: tuple[str, ...], cues: tuple[str, ...] = (), vague: tuple[str, ...] = (),
         none: tuple[str, ...] = ()) -> Slot:
    """A count of one kind of card the player holds; not named means none, and the answer says so."""
    # One card is said in the singular ("1 sakura card").
    units = (*units, *(u[:-1] for u in units if u.endswith(" cards") and u[:-1] not in units))
    return Slot("count", {"zh-TW": zh, "en": en}, units=units, cues=cues, unstated="absent", none=none,
                note={"zh-TW": f"假設你沒有{zh}（題目沒有提到）", "en": f"Assuming you have no {en} (the question does not say)"},
                vague=vague, group="own paths" if vague else "",
                ask={"zh-TW": f"告訴我你有幾張{zh}", "en": f"Tell me how many {en} you have"})


OWN_SAKURA = _own("櫻花小徑路徑小卡", "Cherry Blossom Path cards",
                  ("張櫻花小徑路徑小卡", "張櫻花小徑路徑卡", "張櫻花小徑", "張櫻花", "sakura path cards", "sakura cards", "sakura ones",
                   "cherry blossom path cards", "cherry blossom cards", "cherry blossom ones", *_mixed_units("櫻花小徑")),
                  _path_card_cues("櫻花小徑"), _SOME_PATH_CARDS, (*_NO_PATH_CARDS, *_none_of("櫻花小徑")))
OWN_BAMBOO = _own("竹林小道路徑小卡", "Bamboo Path cards",
                  ("張竹林小道路徑小卡", "張竹林小道路徑卡", "張竹林小道", "張竹林", "bamboo path cards", "bamboo cards", "bamboo ones",
                   *_mixed_units("竹林小道")),
                  _path_card_cues("竹林小道"), _SOME_PATH_CARDS, (*_NO_PATH_CARDS, *_none_of("竹林小道")))
OWN_GRASS = _own("芒草小路路徑小卡", "Silver Grass Path cards",
                 ("張芒草小路路徑小卡", "張芒草小路路徑卡", "張芒草小路", "張芒草", "grass path cards", "silver grass path cards",
                  "silvergrass path cards", "grass cards", "grass ones", *_mixed_units("芒草小路")),
                 _path_card_cues("芒草小路"), _SOME_PATH_CARDS, (*_NO_PATH_CARDS, *_none_of("芒草小路")))
OWN_ABBOTS = _own("手上的住持", "Abbots in hand", ("張住持", "個住持", "abbots", "abbot", "monks"),
                  cues=("住持", "abbot", "和尚", "monk"),
                  # "那張住持我交易時送掉了", "what if I'd traded the abbot away": the one held is gone.
                  none=("住持…送掉", "住持…換掉", "住持…換出去", "住持…交易掉", "住持…送出去", "住持…給別人", "住持…打出去",
                        "送掉…住持", "換掉…住持", "換出…住持", "traded…abbot away", "traded away…abbot", "abbot away",
                        "gave away…abbot", "abbot…traded away", "got rid of…abbot", "no longer…abbot"))

# Gold alleys told beside one player's own cards ("4 gold alleys on the table"): they break a tie for the Escape
# Master and do not bear on whether that player escapes.
GOLD_ALLEYS = Slot("count", {"zh-TW": "金礦小巷張數", "en": "gold alleys"},
                   cues=_GOLD_NAMES,
                   units=(*(f"張{a}" for a in _GOLD_NAMES if not a.isascii()),
                          *(a for a in _GOLD_NAMES if a.isascii())))
