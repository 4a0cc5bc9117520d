"""Reads a rule's inputs from a question through the slot declarations of its input model.

Nothing here names an engine field: each field's `Slot` says how players state its value. Only what
the question states is returned; everything else stays unknown for partial evaluation.
"""
from __future__ import annotations

import copy
import math
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from collections.abc import Sequence
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from indexer.text import fold, has_cjk
from rules_engine.registry import get_game
from rules_engine.slots import Slot, declared_slots, domain_of

from .claims import CN_DIGITS, claim_spans, claims_unnumbered, speaks_after
from .phrases import PhrasePattern, joined

# Chinese numerals count only next to a measure word or a seat/ordinal marker ("五位玩家", "下家二",
# "第三"), so that 一起 or 一樣 never become numbers.
_CN_NUM = "零〇一二两三四五六七八九十百"
# "死信有三金": 金 counts golds (not the 金矿 of a gold alley).
_MEASURE = r"(?:张|人|位|名|个|分|点|滴|次|枚|座|天|回合|号|级|扇|颗|格|轮|局|顶|盏|根|瓶|支|件|片|条|只|串|块|金(?!矿)|players?)"
_EN_ORDINALS = {"first": "1st", "second": "2nd", "third": "3rd", "fourth": "4th", "fifth": "5th", "sixth": "6th"}
_EN_NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
               "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
               "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20}
# "不想把夢魘放回Limbo", "沒打算用": wanting or meaning to, and 把, may stand between the negator and the value.
# ("如果不是用便宜的那一面": 是 may stand before the verb.)
_NEGATOR_ZH = re.compile(r"(?:没有?人|不|没有?|木有|无|未|别(?!人)|并非|非)(?:想|打算)?(?:是(?=用|使用|加|玩|开))?"
                         r"(?:产生|使用|用|加|加入|含|带|开|启用|玩|是|能|会|要|出|给|提供|派|派出|出动|丢|扔|施放|"
                         r"凑满|凑齐|凑到|凑成|集满|集齐|排满|排完|连成|完成|包括|包含|计入|算进|算入)?(?:任何|任一|半个|半只|半张)?"
                         r"(?:把|将|被)?\s*$")
# "not sending the Nightmare…", "without using the …": one verb may stand between the negator and the value;
# "I do NOT want to put the Nightmare into Limbo", "don't plan to use …": wanting or meaning to, as in Chinese.
# ("instead of the Abbot": the thing replaced is not there any more.)
_NEGATOR_EN = re.compile(r"(?:\bno|\bnot|\bwithout|n't|\bnever|\bnon-?|\bnobody|\bno one|\bno-one|\binstead of)\s+"
                         r"(?:(?:want|wanna|plan|intend|mean|going|gonna|try|trying)\s+(?:to\s+)?)?"
                         # ("nobody used a fog on me", "no one played the Tea Master")
                         r"(?:[a-z]+ing\s+|(?:use|put|send|shove|stick|move|return|place|throw|toss|add|play|include|"
                         r"used|played|have|had|hold|threw|cast|fired|shot|sent|put|placed|added)\s+)?"
                         # "no special protection", "without any extra power": an adjective may stand between.
                         r"(?:the\s+|any\s+|a\s+|an\s+|it\s+|my\s+)?(?:special\s+|extra\s+|real\s+|single\s+|whole\s+|entire\s+|full\s+)?$")
# The words for the card colours as folded text has them, and the colour each names.
_TOWER_COLOURS = {"red": "red", "blue": "blue", "green": "green", "brown": "brown", "tan": "brown", "红": "red",
                  "蓝": "blue", "绿": "green", "棕": "brown", "褐": "brown", "咖啡": "brown", "啡": "brown"}
_COLOUR_WORD = "(" + "|".join(sorted(_TOWER_COLOURS, key=len, reverse=True)) + ")"
# "棕色那张5", "the brown one, a 5": the colour, then the card pointed at, then its number.
_TOWER = re.compile(_COLOUR_WORD + r"\s*(?:色)?\s*(?:的)?\s*(?:那张|这张|那座|这座)?\s*"
                    r"(?:塔|tower|one,?\s*(?:a\s+)?)?\s*[-_ ]?\s*(3|4|5)(?!\d)"
                    # "紅藍綠棕四張", "green 4 cards": a count of cards, not a Tower's number.
                    # ("紅藍綠棕四色連成一排", "四種顏色": a count of colours.)
                    r"(?!\s*(?:张|座|个|枚|色|种|样|cards\b|towers\b|colou?rs\b))")
_PLACE_VERB = r"(?:放|接|加|摆|排|置|补|塞|put|place|play|add|go|stick|set|lay|attach|append|slap|drop|throw|tack|slot|pop|plonk)"


# Where a Chinese chat message typed with spaces for punctuation pauses: a number, then a space, then a Chinese word
# that is no measure word ("巫師法力只有1 隊伍裡有一根魔杖": the 1 is the magic's, not the wand's).
_SPACE_PAUSE = re.compile(rf"(?<=\d)[ \u3000]+(?!{_MEASURE})(?=[\u4e00-\u9fff])")


def _unpunctuated(folded: str) -> bool:
    """Whether a message has no punctuation inside it (typed with spaces for pauses)."""
    return not re.search(r"[，,。；;、！!]|[?？.](?=.)", folded.strip())


def _spaces_as_commas(folded: str) -> str:
    """A Chinese message with no punctuation inside it, the spaces after its numbers made commas."""
    if not _unpunctuated(folded):
        return folded
    return _SPACE_PAUSE.sub(lambda m: "，" * len(m.group()), folded)


@lru_cache(maxsize=4096)
def normalise_numbers(folded: str) -> str:
    """Digits for Chinese numerals next to measure words or seat markers, and for English number words; a number
    denied beside another ("9 cards, not 10") blanked."""
    return _without_denied(_numbers_as_digits(folded))


@lru_cache(maxsize=4096)
def _numbers_as_digits(folded: str) -> str:
    """Digits for Chinese numerals next to measure words or seat markers, and for English number words (a number
    denied is kept: a follow-up's "不是8號，是5號" says which earlier number it replaces)."""
    # Cached: every rule of a game reads the same question, and this is the costliest step they share.
    def cn(m: re.Match[str]) -> str:
        numeral = m.group(1).replace("两", "二").replace("〇", "零")
        if len(numeral) == 2 and "一二三四五六七八九".find(numeral) >= 0:
            return m.group(1)  # "两三张", "三四个": two or three, about so many, not 23
        if numeral in CN_DIGITS:
            # One character is one digit: cn2an's import and first call take a sixth of a second, the most a
            # one-shot `arbiter ask` spends on one thing, and most numerals are one character.
            digits = str(CN_DIGITS[numeral])
        else:
            import cn2an  # imported at the first numeral of two characters or more

            try:
                digits = str(int(cn2an.cn2an(numeral, "smart")))
            except (ValueError, KeyError):
                return m.group(1)
        # "绿4两张" must not become "绿42张": a converted numeral never runs into a written digit.
        text = m.string
        before = " " if m.start(1) > 0 and text[m.start(1) - 1].isdigit() else ""
        after = " " if m.end(1) < len(text) and text[m.end(1)].isdigit() else ""
        return f"{before}{digits}{after}"

    # A lone 一 before a measure word is mostly an article ("一座高塔" = "a Tower"): left as it is.
    # "#3" and "No. 3" number a card: the digit alone, so that "#3, #5 and #6" reads as a list of numbers.
    out = re.sub(r"(?:#|\bno\.)\s*(?=\d)", "", unglossed(respelled(_spaces_as_commas(folded))))
    # "3+1個金幣": a sum written out is the number it comes to.
    out = re.sub(r"(?<![\d.+])(\d+)\s*[+＋]\s*(\d+)(?![\d.+]|\s*[=＝])", lambda m: str(int(m.group(1)) + int(m.group(2))), out)
    # Chat shorthand: "w/ 5p" is with, "w/o" without.
    out = re.sub(r"\bw/o\b", "without", out)
    out = re.sub(r"\bw/\s*", "with ", out)
    # "下家四两分": the seat's number, then the count; not one numeral 42.
    out = re.sub(rf"(?<=下家|上家)([一二三四五六七八九])(?=[{_CN_NUM}]+\s*{_MEASURE})",
                 lambda m: f"{CN_DIGITS[m.group(1)]} ", out)
    out = re.sub(rf"(?<![{_CN_NUM}])(?!一(?![{_CN_NUM}]))([{_CN_NUM}]+)(?=\s*{_MEASURE})", cn, out)
    # ("上家一張沒出": a count of cards after the seat, not a seat's number.)
    out = re.sub(rf"(?<=下家|上家)([{_CN_NUM}]+)(?!\s*(?:张|个|顶|座|根|瓶))", cn, out)
    out = re.sub(rf"(?<=第)([{_CN_NUM}]+)", cn, out)
    # "不是觸發掉就是被移除": either the one or the other, no negation.
    out = re.sub(r"不是([^，,。；;？?！!]{1,8}?)就是", r"或者\1或者", out)
    # "下家2、3、4", "下家二、三和四": the seats' numbers listed after one 下家 are each a 下家.
    out = re.sub(r"下家\s*([1-5一二三四五])((?:\s*(?:[、,，]|和|及|跟)\s*[1-5一二三四五](?![\d分点张个顶座位名人]))+)",
                 lambda m: "、".join(f"下家{CN_DIGITS.get(n, n)}" for n in re.findall(r"[1-5一二三四五]", m.group(1) + m.group(2))),
                 out)
    # "死信有三金": a number of 金 on its own is that many golds (金矿 is a gold alley, 金币 a coin).
    out = re.sub(r"(?<=\d)\s*(?:个|枚)?\s*金(?![矿币子])", "个黄金", out)
    # "一對櫻花小徑的路徑小卡", "一双": a pair is two.
    out = re.sub(r"一\s*(?:对|双)(?=\s*[\u4e00-\u9fffa-z])", "2张", out)
    # 俩 and 仨 are two and three with no measure word ("俩住持"); "我们俩" names people, not a count.
    out = re.sub(r"(?<![们\d])([俩仨])(?!\d)", lambda m: "2" if m.group(1) == "俩" else "3", out)
    # "再多湊一張", "再補一張": one more is a count, not an article.
    out = re.sub(r"(?<=[再凑补加拿收抽])一(?=\s*(?:张|个|顶|座|根|瓶|扇|颗))", "1", out)
    # "桌上金礦小巷一張", "手上一張": one told after the thing or the place it lies is a count, not an article.
    # ("回憶一張都沒有" is none.)
    out = re.sub(r"(回忆|金矿|小巷|住持|小卡|手上|手里|手中|桌上|场上)\s*一(?=\s*(?:张|个|份)(?!\s*(?:都|也)))", r"\g<1>1", out)
    # "只會有一點可以被擋掉的傷害": one point of damage is a count, not an article.
    # (Not "再給他補一點傷害": one more blow told in a follow-up is left as said.)
    out = re.sub(r"(?<![\d一二三四五六七八九十])(?<![再又补多加])一(?=\s*点(?!钟|点)[^，。,.？?！!]{0,12}(?:伤害|血))", "1", out)
    # "下家4一分": one point said of a seat is a count, not an article.
    out = re.sub(r"(?:(?<=下家\d)|(?<=上家\d)|(?<=队长))\s*一(?=\s*(?:分|点)(?!钟))", " 1", out)
    # A Tower or card told by colour and number in words ("藍五、紅五、綠四"): the number written as a digit.
    out = re.sub(rf"(?:(?<=[红蓝绿棕]色)|(?<=[红蓝绿棕]))([一二三四五])(?![{_CN_NUM}])(?!\s*{_MEASURE})", cn, out)
    # "回憶一張都沒有": not one is none.
    # ("一張牌都還沒有": the card named, and 還, may come between.)
    out = re.sub(r"一\s*(张|个|颗|瓶|根|件|点|枚|座|扇)\s*(?:牌|卡)?\s*(?:都|也)\s*(?:还)?\s*(?=没有?)", r"0\1 ", out)
    # "a dozen cards", "half a dozen", "a couple of path cards", "a pair of Sakura cards", "a trio of golds": counts
    # said the English way.
    out = re.sub(r"\ba (couple|pair|trio) of\b(?=(?:\s+\S+){0,3}?\s+(?:cards?|memories|golds?|points?|potions?|clovers?|wands?|"
                 r"necklaces?|lanterns?|reflectors?|discs?|disks?|mirrors?|hats?|helmets?|tools?|doors?|keys?|towers?|"
                 r"nightmares?|villagers?|alleys?|abbots?|traps?|hearts?|goals?|premonitions?|dreams?|locations?)\b)",
                 lambda m: "3" if m.group(1) == "trio" else "2", out)
    # "just the one Sakura card": one of them, not the card pointed back at.
    out = re.sub(r"\b(just|only) the one\b(?=\s+[a-z]+(?:[- ][a-z]+)?\s+(?:path\s+)?(?:cards?|memory|abbot|gold|potion|clover|wand)\b)",
                 r"\1 1", out)
    # "a single point", "one single card": one of them ("didn't play a single card" is none, read as negated).
    out = re.sub(r"\b(?:a|one|just one)\s+single\b(?=\s+[a-z])",
                 lambda m: m.group() if re.search(r"\b(?:not|never|no|without)\b|n't\b",
                                                  m.string[max(0, m.start() - 24):m.start()]) else "1", out)
    out = re.sub(r"\bhalf an? dozen\b", "6", out)
    out = re.sub(r"\b(?:a|one)\s+dozen\b|\bdozen\b", "12", out)
    # "twenty-one", "thirty": tens, and tens and units, said in words.
    tens = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}
    units = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    out = re.sub(rf"\b({'|'.join(tens)})(?:[- ]({'|'.join(units)}))?\b",
                 lambda m: str(tens[m.group(1)] + (units.index(m.group(2)) + 1 if m.group(2) else 0)), out)
    # "four-leaf clover" is a name, not a count.
    # "one of the Towers" names a card; "one of us", "one of them", "one of those golds" counts (a part of a total
    # said before), but "one of those towers" names one of the cards told again.
    out = re.sub(r"\b(" + "|".join(_EN_NUMBERS) + r")\b(?!\s+of\b(?!\s+(?:us|them|those)\b(?!\s+(?:towers|doors|cards|goals)\b)))(?!-lea[fv])",
                 _en_number, out)
    # "three of my own memories" counts them; "one of my Towers" still names a card.
    out = re.sub(r"\b(" + "|".join(w for w in _EN_NUMBERS if w not in ("zero", "one")) +
                 r")\b(?=\s+of\s+(?:my|our|his|her|their|the)\b)", lambda m: str(_EN_NUMBERS[m.group(1)]), out)
    # "two of the sakura path cards": as many of them, said without "of the" ("2 sakura path cards").
    out = re.sub(r"(?<![\d.])([2-9]|\d\d)\s+of\s+(?:the|my|our|his|her|their)\s+(?!own\b|\d|other\b)", r"\1 ", out)
    out = re.sub(r"\b(" + "|".join(_EN_ORDINALS) + r")\b(?=\s+(?:player|seat|goal|one|to (?:place|go|play|choose)\b|"
                 r"in (?:player |turn |seat )?order))",
                 lambda m: _EN_ORDINALS[m.group(1)], out)
    # "I'm sitting third", "seated second": a seat told by its ordinal.
    out = re.sub(r"\b(sitting|seated|i'm|i am|i sit)\s+(" + "|".join(_EN_ORDINALS) + r")\b",
                 lambda m: f"{m.group(1)} {_EN_ORDINALS[m.group(2)]}", out)
    # "we're six", "we are 5 tonight": the table's size, said of us with nothing after the number.
    out = re.sub(r"\b(we're|we are|there are|there're)\s+(\d)(?=\s*(?:$|[.,;!?]|now\b|today\b|tonight\b|this time\b))",
                 r"\1 \2 players", out)
    # "we restart with six", "if we play with 4": the table's size, with nothing counted after the number.
    out = re.sub(r"\b((?:play|playing|played|restart|restarting|start|starting|go|went)\s+with)\s+(\d)"
                 r"(?=\s*(?:$|[.,;!?]|now\b|today\b|tonight\b|instead\b|this time\b))", r"\1 \2 players", out)
    # "grabbed a 4th grass card": that card makes four of them.
    out = re.sub(r"\b(?:a|an)\s+(\d)(?:st|nd|rd|th)\s+([a-z][a-z \-]{0,24}?)\bcard\b", r"\1 \2cards", out)
    # The glossary's "downstream player" is 下家 and "upstream player" 上家 ("downstream 2" = 下家2).
    out = re.sub(r"\bdownstream(?: player)?\s*(\d)\b", r"下家\1", out)
    out = re.sub(r"\b(?:the )?downstream player\b", "下家", out)
    out = re.sub(r"\b(?:the )?upstream player\b", "上家", out)
    # "隊長跟他上家各出了三分": the captain's own 上家 is the 上家 (seats are told from the captain).
    out = re.sub(r"(队长\s*(?:跟|和|与|及|、))\s*(?:他|她)\s*的?\s*(?=上家|下家)", r"\1", out)
    out = _asker_as_captain(_without_a_further_question(out))
    # What the players of a dispute claim ("阿凱說可以看5張") is a possible answer, not a fact of the table.
    return _numbered_players(_corrected(claims_unnumbered(out)))


# A second question that supposes something new ("另外如果我把噩夢放回Limbo會怎樣？", "Also, what if …?").
_FURTHER_QUESTION = re.compile(r"\s*(?:另外|还有|此外|顺便问|\balso\b|\band also\b|\bbtw\b|\bplus\b),?\s*"
                               r"(?:如果|要是|假如|假设|\bwhat if\b|\bif\b)[^。？?！!]*[?？]\s*$")


def _without_a_further_question(text: str) -> str:
    """The text without a last question that supposes something new after an earlier one asked: what it supposes
    is not the situation the first asks about ("一定要丟一座塔嗎？另外如果我把噩夢放回Limbo會怎樣？")."""
    m = _FURTHER_QUESTION.search(text)
    if m and re.search(r"[?？]", text[:m.start()]):
        return text[:m.start()] + " " * (len(text) - m.start())
    return text


# The asker saying they are the captain ("今天队长是我", "I'm the captain").
_ASKER_IS_CAPTAIN = re.compile(r"队长是我(?!的)|我是(?:今天的?|当天的?)?队长|我当队长|\bi'?m (?:the )?captain\b|\bi am (?:the )?captain\b|"
                               r"\bi was (?:the )?captain\b")


def _asker_as_captain(text: str) -> str:
    """The text with the seats told from the asker's who is the captain written as the captain's ("我的上家" → 上家,
    "我下家的下家" → 下家2, "the player after me" → 下家1, "出團的是我、…" → 队长); as it was otherwise."""
    if not _ASKER_IS_CAPTAIN.search(text):
        return text
    text = re.sub(r"我的?下家的?下家", "下家2", text)
    text = re.sub(r"我的?下家(?!\s*\d)", "下家1", text)
    text = re.sub(r"我的?上家", "上家", text)
    text = re.sub(r"\bthe (?:player|one|guy|person) (?:right )?(?:after|to the left of) me\b|\bmy next player\b", "下家1", text)
    text = re.sub(r"\bthe (?:player|one|guy|person) (?:right )?before me\b|\bmy previous player\b", "上家", text)
    # "出團的是我、上家…", "went: me, …": the asker named among seats is the captain's seat.
    text = re.sub(r"(?:(?<=: )|(?<=, )|(?<=went ))me(?=\s*(?:,|\band\b))", "the captain", text)
    return re.sub(r"(?<=[是、,，和跟])\s*我(?:自己)?(?=\s*[、,，和跟])", "队长", text)


# Words a player takes back what they just said with, in the folded text ("不对", "sorry", "no wait"): one list
# for a number taken back and for a seat told again.
CORRECTION_MARKERS = (r"\bno,? wait\b|\bwait,? no\b|\bsorry\b|\bi mean\b|\bcorrection\b|\boops\b|"
                      r"不对不对|不对|哦不|噢不|啊不|搞错了|说错了|更正|我是说|应该是")


# A number taken back in the same message ("3 bamboo — no wait, 2 bamboo", "3张回忆，不对，4张"): the number, what
# follows it up to the marker, the marker, and the number replacing it.
_TAKEN_BACK = re.compile(r"(?<![\d.])(\d+)(?![\d.])([^\d。？?！!；;]{0,24}?[\s,，\-—–]*)"
                         rf"((?:{CORRECTION_MARKERS})\s*[,，:：]?\s*"
                         # "23分，不对，是21分", "3, sorry, it's 4": the number may be said to be the new one.
                         r"(?:其实是|应该是|是|\bit's\s|\bit was\s|\bit is\s)?\s*)(\d+)(?![\d.])")


# A number said and another denied beside it ("9 cards, not 10", "不是7张，是9张", "是9张，不是10张"): the denied
# one is no number of the situation.
_DENIED_AFTER = re.compile(r"(?<=\d)(\s*[a-z\u4e00-\u9fff]{0,12}?\s*[,，]?\s*)(\bnot\s+\d+|不是\s*\d+)(?!\d|\.\d)")
_DENIED_BEFORE = re.compile(r"(不是\s*\d+|\bnot\s+\d+)(?!\d|\.\d)(?=\s*[\u4e00-\u9fffa-z]{0,6}\s*[,，]\s*(?:而是|是|but|it's|it is)\s*\d)")


def _corrected(text: str) -> str:
    """The text with a number the player took back in the same message replaced by the one that replaces it, said
    where the first stood ("我有4张回忆"), the correction blanked."""
    return _TAKEN_BACK.sub(lambda m: m.group(4) + m.group(2) + " " * (len(m.group(3)) + len(m.group(4))), text)


def _without_denied(text: str) -> str:
    """The text with a number denied beside another blanked."""
    text = _DENIED_BEFORE.sub(lambda m: " " * len(m.group()), text)
    return _DENIED_AFTER.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)


def _numbered_players(text: str) -> str:
    """"P1 plays a reflector, …, the captain passes": players numbered beside a captain named on their own are
    the seats after the captain (P1 = 下家1). Left as written when a number could be the captain's own ("P1 (the
    captain)", "P0")."""
    if not re.search(r"\bp[1-9]\b", text) or not re.search(r"队长|captain", text) or re.search(r"\bp0\b", text):
        return text
    if re.search(r"\bp\d\s*(?:\(|（|=|\bis\b|是)\s*(?:the\s+)?(?:队长|captain)|"
                 r"(?:队长|captain)\s*(?:\(|（|=|\bis\b|是)\s*\bp\d\b", text):
        return text
    return re.sub(r"\bp([1-9])\b", r"下家\1", text)


# "one" as a pronoun ("give one up", "which one", "this one") is not the number 1.
_ONE_PRONOUN_BEFORE = re.compile(r"\b(?:which|that|this|each|any|every|no|the|another|lose|give|discard|pick|choose|"
                                 r"keep|remove|return|sacrifice|only|"
                                 # "next one first", "the red one": a word describing it makes "one" a pronoun.
                                 r"next|last|first|other|same|new|old|red|blue|green|brown|left|right|front|back|"
                                 r"top|bottom|face-up|face up|faceup|face-down|face down|visible|revealed|flipped|"
                                 # "quick one: …", "a tricky one": a question called by what it is like.
                                 r"quick|simple|easy|silly|dumb|stupid|tricky|hard|weird|odd|small|big)\s+$")
# "one, five, six": a comma before another number lists numbers, so the "one" is a number.
# ("one more point" counts: a unit after "more" says what.)
# ("if the guy holding one goes down": a verb right after it makes "one" the thing, not a count of it.)
_ONE_PRONOUN_AFTER = re.compile(r"^\s*(?:up|away|back|(?:more|less)(?!\s+(?:points?|damage|dmg|cards?|hp|gold)\b)|again|"
                                r"(?:goes|went|gets|got|is|was|dies|died|falls|fell|drops|dropped|breaks|broke)\b|"
                                r"else|another|[?.!;]|$|"
                                r",(?!\s*(?:\d|two|three|four|five|six|seven|eight|nine|ten)\b))")


@lru_cache(maxsize=1)
def _english_words() -> frozenset[str]:
    """Every English word of the rules' declared phrases and examples and of the facts' examples: the words a
    misspelt word of a question is mended to."""
    import dataclasses

    from rules_engine.registry import all_rules

    from .facts import load_facts

    words: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            words.update(re.findall(r"[a-z]+", fold(value)))
        elif isinstance(value, (tuple, list)):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    for rule in all_rules():
        for slot in declared_slots(rule.input_model).values():
            for f in dataclasses.fields(slot):
                walk(getattr(slot, f.name))
        walk(rule.examples)
    for fact in load_facts():
        walk(fact.examples)
    return frozenset(words)


_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ENDINGS = ("s", "es", "ed", "d", "ing", "er", "ers", "ly")


def _one_edit_away(word: str, vocabulary: frozenset[str]) -> str | None:
    """The one word of `vocabulary` a single slip of the keyboard (a letter dropped, added, changed or two
    swapped) turns into `word`, or None when there is none or more than one."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    edits = {a + b[1:] for a, b in splits if b}
    edits |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    # A changed letter only in a long word: in a shorter one it is as often another real word ("sitting" is no
    # slip of "setting").
    if len(word) >= 9:
        edits |= {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    edits |= {a + c + b for a, b in splits for c in _LETTERS}
    found = sorted(edits & vocabulary)
    return found[0] if len(found) == 1 else None


# Chinese slips players make for a rules word, as the folded text has them (one sound, the wrong character).
_ZH_SLIPS = {"四页草": "四叶草"}
# Chat shorthand for a rules word ("grn grn red blu", "cap 5 mems").
# ("5 ppl n a short deck": people, and.)
_EN_SHORT = {"grn": "green", "blu": "blue", "brn": "brown", "mems": "memories", "ppl": "people", "n": "and"}


# ("b4" is left alone: it may be a blue 4.)
_DIGIT_WORDS = {"4get": "forget", "2day": "today", "2nite": "tonight", "2morrow": "tomorrow", "gr8": "great",
                "l8r": "later"}
_DIGIT_SPELT = re.compile(r"(?<![a-z0-9])(" + "|".join(_DIGIT_WORDS) + r")([a-z]*)(?![0-9])")


# Cached: the game signals and the reading of numbers both mend the same question.
@lru_cache(maxsize=4096)
def respelled(folded: str) -> str:
    """The text with a misspelt long English word ("premonitons", "nightmre") mended to the one word of the rules'
    vocabulary it is a slip away from (a word the vocabulary has, or has with an ending, is kept), chat shorthand
    ("grn", "mems") written out, and a Chinese slip for a rules word ("四頁草") mended to the word."""
    vocabulary = _english_words()

    def mend(m: re.Match[str]) -> str:
        word = m.group()
        # Short words are left alone: one slip away from a short word is often another real word.
        if len(word) < 7 or word in vocabulary \
                or any(word.endswith(e) and word[:-len(e)] in vocabulary for e in _ENDINGS):
            return word
        return _one_edit_away(word, vocabulary) or word

    # Words spelt with a digit for its sound ("i keep 4getting", "2day") hold no number.
    folded = _DIGIT_SPELT.sub(lambda m: _DIGIT_WORDS[m.group(1)] + m.group(2), folded)
    out = re.sub(r"[a-z]+", lambda m: _EN_SHORT.get(m.group()) or mend(m), folded)
    for slip, word in _ZH_SLIPS.items():
        out = out.replace(slip, word)
    return out


# A name glossed in the other script in brackets right after it: "Silver Grass (芒草小路) path cards",
# "金礦小巷 (gold alley)".
_CJK_GLOSS = re.compile(r"(?<=[a-z])\s*[(（]\s*([\u4e00-\u9fff]{1,6})\s*[)）]\s*")
_EN_GLOSS = re.compile(r"(?<=[\u4e00-\u9fff])\s*[(（]\s*([a-z][a-z' \-]{0,24}?)\s*[)）]\s*")


def unglossed(folded: str) -> str:
    """The text without a bracketed gloss of the name before it in the other script, so that the name's words
    and what follows read together; a bracket saying more than a rules word ("(阿豪 is the captain's 上家)") stays."""
    vocabulary = _english_words()
    # "Sakura Path (櫻花小徑) path cards": the word the gloss stood between is said once.
    out = re.sub(r"\b([a-z]+)" + _CJK_GLOSS.pattern + r"\1\b", r"\1", folded)
    out = _CJK_GLOSS.sub(" ", out)
    return _EN_GLOSS.sub(lambda m: " " if all(w in vocabulary for w in re.findall(r"[a-z]+", m.group(1)))
                         else m.group(), out)


def _en_number(m: re.Match[str]) -> str:
    word = m.group(1)
    before = m.string[max(0, m.start() - 16):m.start()]
    if word == "one" and re.search(r"\blost\s+$", before) \
            and not re.search(r"\b(?:i|we|you|he|she|they|it|who|just|also|had|have|has|only|then)\s+lost\s+$", before):
        return word  # the Lost One (迷途者), a card; "I lost one gold" counts
    if word == "one" and (_ONE_PRONOUN_BEFORE.search(before[-12:])
                          or _ONE_PRONOUN_AFTER.match(m.string[m.end():m.end() + 20])):
        return word
    return str(_EN_NUMBERS[word])


# A declared phrase may leave a few words open with "…" ("夢魘…放回limbo" matches "夢魘放回Limbo" and
# "噩夢的那張夢魘直接放回Limbo"; "don't use…spells" matches "don't use any of the spells"), within one clause.
_PHRASE_GAP = r"[^，,。.!！?？；;:：]{0,8}?"
_PHRASE_GAP_EN = r"[^，,。.!！?？；;:：]{0,16}?"


@lru_cache(maxsize=4096)
def _pattern(phrase: str) -> PhrasePattern:
    folded = fold(phrase)
    numbered = normalise_numbers(folded)
    if numbered != folded:
        # "four colours" is "4 colours" in a question read with its numbers as digits: either form matches.
        written, as_digits = _pattern_of(folded), _pattern_of(numbered)
        return PhrasePattern(f"(?:{as_digits.pattern}|{written.pattern})", as_digits.needs + written.needs)
    return _pattern_of(folded)


def _pattern_of(folded: str) -> PhrasePattern:
    """The pattern of one folded phrase, written as it is, with the literal pieces a match holds."""
    if "..." in folded:
        gap = _PHRASE_GAP_EN if folded.isascii() else _PHRASE_GAP
        return joined([_pattern(part.strip()) for part in folded.split("...")], gap)
    if folded.isascii():
        # Words joined by a space or a hyphen alike ("grass path", "grass-path").
        words = r"[\s\-]+".join(re.escape(w) for w in folded.split())
        return PhrasePattern(r"(?<![a-z0-9])" + words + r"(?![a-z0-9])", (frozenset(folded.split()),))
    # Chinese and Latin letters side by side may be typed with a space between ("塞回 Limbo", "这个 Nightmare").
    out, pieces, piece = "", [], ""
    for k, ch in enumerate(folded):
        if ch.isspace():
            out += r"\s*" if not out.endswith(r"\s*") else ""
            pieces.append(piece)
            piece = ""
            continue
        if k and not folded[k - 1].isspace() and (ch.isascii() and ch.isalnum()) != (folded[k - 1].isascii() and folded[k - 1].isalnum()):
            out += r"\s*"
            pieces.append(piece)
            piece = ""
        out += re.escape(ch)
        piece += ch
    return PhrasePattern(out, (frozenset(p for p in [*pieces, piece] if p),))


def negated(text: str, start: int) -> bool:
    """Whether the words just before `start` negate what follows ("沒有效應", "without the power")."""
    before = text[max(0, start - 16):start]
    zh = _NEGATOR_ZH.search(before)
    # "是不是只能用一次", "會不會觸發": the 不 of an A-not-A question asks both ways; it negates nothing.
    # English words are longer: its negator is looked for further back.
    return bool((zh and not _a_not_a(before, zh)) or _NEGATOR_EN.search(text[max(0, start - 36):start]))


# A negation after what it negates: "黑暗徵兆還是不加", "書本跟黑暗徵兆都沒放" (each of a list joined by 跟 / 和 before
# 都 or 也). 用 is left out: "高塔不用丟" says a Tower need not go, not that there are no Towers.
# "書本那個這次不加", "書本那個先不要": a pointer word and a time word may stand between; 不要 negates only when it
# ends the clause ("高塔不要丟" is about discarding).
# ("路徑小卡也一張都沒收": not a single one, whatever the verb.)
# ("leaving Dark Premonitions in the box", "黑暗徵兆留在盒子裡": not in play.)
# A thing swapped out for another ("那2張櫻花換成2張竹林"): it is there no more.
_SWAPPED_OUT = re.compile(r"\s*(?:的?\s*(?:小卡|卡牌|卡|牌))?\s*(?:都|全|全部)?\s*(?:换成|改成|换为|改为|替换成)")
_NEGATED_AFTER = re.compile(_SWAPPED_OUT.pattern + r"|"
                            r"\s*(?:也|都|还|连)?\s*[一1]\s*(?:张|个|顶|座|瓶|根|条|件|枚|位)?\s*(?:都|也)\s*(?:没|不)|"
                            r"\s*(?:stays?|stayed|left|remains?|remained)\s+(?:in the box|on the shelf)\b|"
                            r"\s*(?:这次|这局|都|也|先|就|还是)*(?:留|收|放)在(?:盒子|盒)里|"
                            r"(?:\s*(?:跟|和|与|及|、)[^，,。？?！!；;]{1,10}?(?=都|也))?\s*(?:那个|那套)?\s*"
                            r"(?:这次|这局|先|暂时|都|也|还是|就|则)*\s*"
                            r"(?:没有?|不|未)(?:有)?\s*(?:(?:要|想|打算)?\s*(?:放|加|玩|含|带|开|使用)|"
                            r"(?:要|有)?(?=\s*(?:[，,。？?！!；;)）]|$)))")


def negated_after(text: str, end: int) -> bool:
    """Whether the words just after a value, up to a verb of putting it in play, negate it ("黑暗徵兆不加")."""
    # "leaving Dark Premonitions in the box": left out, said on both sides of it ("the spells are in the box" is not).
    return bool(_NEGATED_AFTER.match(text, end)) or bool(
        re.match(r"\s*(?:in the box|on the shelf)\b", text[end:])
        and re.search(r"\b(?:leav(?:e|ing)|left|keep(?:ing)?|kept)\b[^,.;!?]{0,30}$", text[max(0, end - 60):end]))


def asked_both_ways(text: str, start: int) -> bool:
    """Whether an A-not-A question ("有沒有", "是不是", "會不會") stands just before `start`."""
    before = text[max(0, start - 16):start]
    zh = _NEGATOR_ZH.search(before)
    return bool(zh and _a_not_a(before, zh))


def _a_not_a(before: str, negator: re.Match[str]) -> bool:
    """Whether the negator found at the end of `before` is the middle of an A-not-A pair (是不是, 有沒有)."""
    return bool(re.search(r"(.)(?:不|没)\1\s*$", before[:negator.end()]))


@dataclass(frozen=True)
class Mention:
    """A value named in the question, where, and whether it is negated."""

    value: Any
    start: int
    end: int
    negated: bool


@lru_cache(maxsize=512)
def _phrases(values: tuple[tuple[Any, tuple[str, ...]], ...]) -> tuple[tuple[PhrasePattern, Any, int | None], ...]:
    """A slot's phrases as patterns, longest first (declarations are fixed: folded once), each with the number of
    negators its own words hold when it leaves words open (None when it leaves none)."""
    folded = sorted(((fold(p), v) for v, ps in values for p in ps if fold(p)), key=lambda pv: -len(pv[0]))
    return tuple((_pattern(phrase), value, len(_NEGATOR_WORD.findall(phrase)) if "..." in phrase else None)
                 for phrase, value in folded)


# A negator among the words a phrase leaves open: "噩夢也不想塞回Limbo" does not send the Nightmare to Limbo.
_NEGATOR_WORD = re.compile(r"不|没|未|别|\bnot\b|n't\b|\bnever\b|\bwithout\b")


@lru_cache(maxsize=1)
def _declared_value_phrases() -> re.Pattern[str]:
    """Every value phrase the engine declares that is a word of the game's own (two English words or more, a
    word of six letters or more, or two Chinese characters or more), as one pattern."""
    from rules_engine.registry import all_rules

    phrases = {fold(p) for rule in all_rules() for slot in declared_slots(rule.input_model).values()
               for _, said in (slot.values or ()) for p in said if "..." not in p}
    kept = sorted((p for p in phrases if (len(p.split()) >= 2 or len(p) >= 6 if p.isascii() else len(p) >= 2)),
                  key=len, reverse=True)
    return re.compile("|".join(rf"(?<![a-z]){re.escape(p)}(?![a-z])" for p in kept))


def names_a_declared_value(folded: str) -> bool:
    """Whether a folded text names a value some rule's input declares ("the cheap side", "不產生效應")."""
    return bool(_declared_value_phrases().search(folded))


def mentions(text: str, values: tuple[tuple[Any, tuple[str, ...]], ...]) -> list[Mention]:
    """Every non-overlapping mention of a declared value, longest phrases first, in text order."""
    found: list[Mention] = []
    taken: list[tuple[int, int]] = []
    for pattern, value, own_negators in _phrases(values):
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            taken.append((m.start(), m.end()))
            if opens_a_not_a(text, m.start()):
                continue  # "有沒有用咒文都一樣", "用不用咒文": asked both ways, said neither way
            open_negated = own_negators is not None and len(_NEGATOR_WORD.findall(m.group())) > own_negators
            found.append(Mention(value, m.start(), m.end(),
                                 open_negated or negated(text, m.start()) or negated_after(text, m.end())))
    found.sort(key=lambda x: x.start)
    # "two 工作帽 hard hats", "一個住持 (the abbot)": a name glossed in the other script is one mention, not two;
    # so are two words of one value run together ("沒有任何保護效果": the negation holds for both).
    glossed: list[Mention] = []
    for m in found:
        last = glossed[-1] if glossed else None
        if (last is not None and last.value == m.value
                and ((_GLOSS_GAP.fullmatch(text, last.end, m.start)
                      and has_cjk(text[last.start:last.end]) != has_cjk(text[m.start:m.end]))
                     or (re.fullmatch(r"的?", text[last.end:m.start])
                         and text[last.start:last.end] != text[m.start:m.end]))):
            glossed[-1] = Mention(last.value, last.start, m.end, last.negated)
        else:
            glossed.append(m)
    found = glossed
    # "沒人用濃霧時刻或品茶師", "no fog or tea master": the negation holds for each of a list joined to what it negates.
    for i in range(1, len(found)):
        if found[i - 1].negated and not found[i].negated and _LIST_JOIN.fullmatch(text, found[i - 1].end, found[i].start):
            found[i] = Mention(found[i].value, found[i].start, found[i].end, True)
    return found


def opens_a_not_a(text: str, start: int) -> bool:
    """Whether what opens at `start` on a negator is the second half of an A-not-A question ("有" before "沒有…",
    "能不能攻擊"): the question asks both ways, not the negative one."""
    return 0 < start and text[start:start + 1] in ("不", "没") and text[start - 1:start] == text[start + 1:start + 2]


_GLOSS_GAP = re.compile(r"\s*[(（]?\s*(?:(?:the|a|an)\s+)?(?:(?!(?:and|or|then|plus|with)\b)[a-z]+\s+)?")
_LIST_JOIN = re.compile(r"\s*(?:或者?|或是|和|跟|与|及|/|\bor\b|\bnor\b|\band\b)\s*(?:(?:a|an|the|any)\s+)?")


def _choice(text: str, said: list[Mention], domain: tuple[Any, ...], others: tuple[Mention, ...] = ()) -> Any:
    """The one value of a choice the text states among its mentions `said`, if it states one; `others` are the
    other choices' mentions, whose longer phrases take theirs (the Limbo of "夢魘放回Limbo" is where the Nightmare
    goes, not where a lost Tower goes)."""
    # "有沒有效應？" asks whether there is power: it states neither.
    found = [m for m in said if not asked_both_ways(text, m.start)
             and not any(o.start <= m.start and m.end <= o.end and o.end - o.start > m.end - m.start for o in others)]
    affirmed = {m.value for m in found if not m.negated}
    denied = {m.value for m in found if m.negated}
    # A denied yes/no value states the other one ("沒有效應" → no power).
    yes_no = isinstance(next(iter(denied | affirmed), None), bool) or set(domain) == {True, False}
    if yes_no:
        affirmed |= {not v for v in denied}
        denied = set()
    if len(affirmed) == 1:
        return next(iter(affirmed))
    if len(affirmed) > 1:
        # "…但高塔列不產生效應。…朋友說完成的高塔列可以保護我": what a player claims is no fact of the table; the one
        # value told outside the claims is.
        claims = claim_spans(text)
        told = {(not m.value) if m.negated else m.value for m in found
                if (yes_no or not m.negated) and not any(s <= m.start < e for s, e in claims)}
        if len(told) == 1 and claims:
            return next(iter(told))
        # "I already cast Paradoxical Prophecy earlier … Can I afford Parallel Planning right now?": of the values the
        # story names, the question asks about the one its own sentence names.
        start, end = _asking_sentence(text)
        asked = {m.value for m in found if not m.negated and start <= m.start < end}
        if len(asked) == 1 and start > 0:
            return next(iter(asked))
    if not affirmed and denied and len(domain) == 2:
        rest = [v for v in domain if v not in denied]
        if len(rest) == 1:
            return rest[0]
    return None


def _numbers(text: str) -> list[re.Match[str]]:
    return list(re.finditer(r"-?\d+", text))


def _cue_spans(text: str, slot: Slot) -> list[tuple[int, int]]:
    """Where the slot's cue words stand in the text."""
    return [c.span() for _, c in _cue_matches(text, slot)]


def _cue_matches(text: str, slot: Slot) -> list[tuple[str, re.Match[str]]]:
    """Each of the slot's cue words found in the text, with the cue."""
    # A cue negated right before it leads to no count: in "黑暗征兆已经一张不剩了（0张）" the 剩 of 不剩 is said of
    # the Premonitions, and counts no deck (the cue 剩 of cards left in the deck).
    return [(cue, c) for cue in slot.cues for c in _pattern(cue).finditer(text)
            if not (c.start() and text[c.start() - 1] in "不没" and not cue.isascii())]


_COUNTED_ONE = r"(?:瓶|根|支|片|个|张|枚|颗|点|块|盏|顶)"  # measure words after which 一 counts one
# (In Chinese a space ends what 没 says: "没派怪 牧师治1" has a priest.)
_NONE_BEFORE = re.compile(r"(?:没有|没|无)[^，。,?？\d\s]{0,12}$|(?:\bno\b|\bzero\b|\bnone of\b|\bwithout\b|\binstead of\b|"
                          # "what if I don't have the Abbot" — but "don't have enough", "don't have to" say other things.
                          r"\b(?:don'?t|do not|didn'?t|did not|doesn'?t|does not)\s+(?:have|hold|keep)\b"
                          r"(?!\s+(?:enough|to)\b))[^，。,?？\d]{0,12}$")
_OTHERS = re.compile(r"(?:其他|其它|其余|别人|\bothers?\b|\bnobody else\b|\bno one else\b)[^，。,?？\d]{0,6}$")


# "no bamboo or grass cards": a list of kinds, each of which the player has none of.
_KIND_WORDS = r"[a-z][a-z\-]*(?:\s+(?!(?:or|and|nor|path|cards?)\b)[a-z][a-z\-]*)?"
_NONE_OF_KINDS = re.compile(rf"\b(?:no|zero)\s+((?:{_KIND_WORDS}(?:\s+path)?\s*(?:,|\bor\b|\band\b|\bnor\b)\s*){{0,3}}"
                            rf"{_KIND_WORDS})(?:\s+path)?\s+cards?\b")


@lru_cache(maxsize=1024)
def _number_before_unit(unit: str) -> re.Pattern[str]:
    """A number written before a count's unit ("3張", "2 of the sakura path cards")."""
    # "2 of the Sakura path cards", "3 of my memories": a share of the things counted is that many of them.
    # ("1 of those golds" is a part of a total said before: what the part is, its clause says.)
    # Compiled once per unit: there are more units than the `re` module's own cache keeps, so a pattern
    # built at each call was compiled again for most questions.
    return re.compile(r"(-?\d+)\s*(?:个|位|名)?\s*" + (r"(?:of (?:the|my|our|his|her|their) )?" if unit.isascii() else "")
                      + re.escape(fold(unit)) + (r"(?![a-z])" if unit.isascii() else ""))


def _cue_is_counted(cue: str, slot: Slot) -> bool:
    """Whether a count's cue names the thing counted (a potion, a clover), so that "a potion" is one of them; a
    cue that only leads to the count is not ("a trap hits for 3" is no 1 point of trap damage). Counts that
    declare no units are taken to count what their cues name."""
    return not slot.units or any(fold(cue) in fold(unit) for unit in slot.units)


def _share_weight(text: str, start: int) -> float:
    """How a count's candidate at `start` is weighed for being said as a total or as each one's share: "每個人各吃1點
    傷害，總共3點要治" counts the total; the share is a part of it."""
    said = text[max(0, start - 6):start]
    return -3 if re.search(rf"(?:{_TOTAL_WORDS})\s*$", said) else \
        2 if re.search(r"(?:各|每人|每个人)[\u4e00-\u9fff]{0,2}\s*$", said) else 0


def _count_candidates(text: str, slot: Slot, others: Sequence[tuple[int, int]] = (),
                      unit_shared: bool = False) -> list[tuple[float, int, int]]:
    """(distance, position, value) for each number this count slot could mean: one written before a
    unit, or next to a cue word (after it within 10 characters, before it within 8), within one clause.
    `unit_shared`: another count of cards the rule reads is counted in the same unit."""
    out: list[tuple[float, int, int]] = []
    # With none of the slot's cue words in the text, a number by its unit that goes on to name a kind of card
    # ("拿一張已經放了門的目標卡") counts those cards, not the slot's.
    uncued = bool(slot.cues) and not _cue_spans(text, slot)
    worked_out = "+" in text
    # Told of neither count by its words, a number of cards two counts of cards share is no more the one than the
    # other ("噩夢卡是不是總共10張": neither the deck left nor the face-up Premonitions).
    for unit in () if uncued and unit_shared else slot.units:
        # Two counts with the same unit ("0張" after 徵兆): the one whose cue is in the clause before it wins.
        # ("起始玩家後面第二個人": a number after 第 is a place in an order, no count.)
        # (A number of a thing swapped out for another is none of it now: "那2張櫻花換成2張竹林".)
        out += [(_unit_distance(text, m.start(1), slot) + _share_weight(text, m.start(1)), m.start(1),
                 0 if _SWAPPED_OUT.match(text, m.end()) else int(m.group(1)))
                for m in _number_before_unit(unit).finditer(text)
                if not _names_other(text[max(0, m.start(1) - 14):m.start(1)], slot)
                and not _other_after(text[m.end():m.end() + 24], slot)
                # ("四到六個人都有可能": a range of counts says none of them.)
                and not re.search(_RANGE_BEFORE, text[max(0, m.start(1) - 5):m.start(1)])
                and not re.search(r"第\s*$", text[max(0, m.start(1) - 2):m.start(1)])
                and not (uncued and len(unit) == 1
                         and re.match(r"[^\d，。,?？、;；]{1,10}?(?:卡|牌)(?!堆)", text[m.end():]))]
    # "no bamboo or grass cards", "zero sakura cards": none of each kind named in the list.
    heads = {fold(u).rsplit(" cards", 1)[0].removesuffix(" path") for u in slot.units
             if u.isascii() and u.endswith(" cards") and " " in u}
    for m in _NONE_OF_KINDS.finditer(text) if heads else ():
        for word in re.finditer(r"[a-z][a-z\-]*", m.group(1)):
            if word.group() in heads and word.group() not in ("or", "and", "nor", "path"):
                out.append((0, m.start(1) + word.start(), 0))
                break
    numbers = _numbers(text)
    # A cue inside the name of another quantity is that quantity's word ("magic" of "two magic items").
    others = [*others, *(m.span() for other in slot.other_cues for m in _pattern(other).finditer(text))]
    for cue, c in _cue_matches(text, slot):
        if any(s <= c.start() and c.end() <= e and e - s > c.end() - c.start() for s, e in others):
            continue  # "陷阱" inside another count's "反陷阱圖示" is that count's word
        # "一瓶治療藥水", "一根魔杖": 一 with a measure word right before the thing counted is one.
        # "an Abbot": an article right before the thing counted is one too.
        # "一張都不剩" is not one but none (said of whatever the clause is about): it counts nothing.
        # "一瓶紅色玩家送的治療藥水": an owner or a kind said with 的 may stand between.
        window = max(0, c.start() - 14)
        one = re.search(r"一\s*" + _COUNTED_ONE + r"\s*(?!都|也)([^\d，。,?？]{0,4}|[^\d，。,?？的]{1,7}的[^\d，。,?？]{0,3})$"
                        r"|\b(?:a|an)\s+(?:(?:old|single|lone|extra|spare|other)\s+)?$", text[window:c.start()])
        if one is None and re.match(_COUNTED_ONE, c.group()):
            one = re.search(r"一\s*()$", text[window:c.start()])  # "一顆心", by the cue 顆心
        # "其中一個黃金" is one of the golds, not how many golds there are; it counts what it is said to be
        # ("其中一個黃金是我自己顏色的").
        # ("a level 2 spell": the number right after the cue is its count, the article counts nothing.)
        if one and not (_part_of_total(text, window + one.start()) and not one.group(1)) \
                and (one.group().startswith("一") or _cue_is_counted(cue, slot)) \
                and not (not one.group().startswith("一") and re.match(r"\s*\d", text[c.end():c.end() + 3])):
            out.append((1, -100000 - c.start(), 1))
        # "其中一個是我自己的項鍊在我自己的地城被用掉的": one of a total said before is what its clause says it is.
        part_one = re.search(r"(?:其中|当中|之中)(?:有)?\s*一\s*" + _COUNTED_ONE + r"?[^\d，。,?？!！；;]{0,30}$",
                             text[max(0, c.start() - 40):c.start()])
        if part_one and one is None:
            out.append((5, -100000 - c.start(), 1))
        for n in numbers:
            if n.start() >= c.end():
                gap, distance, limit = text[c.end():n.start()], n.start() - c.end() + 1, 11
                if re.fullmatch(r"\s+(?:only|just|still|now|all)\s+(?:have|has|had|got|get)\s+|"
                                r"\s+(?:is|was|are|were)\s+(?:exactly|precisely|only|just|still|now)\s+", gap):
                    limit = 16  # "our wizards only have 2", "my score is exactly 0"
            elif n.end() <= c.start():
                gap, distance, limit = text[n.end():c.start()], c.start() - n.end() + 3, 11
                if re.fullmatch(r"\s+[a-z]+(?:-[a-z]+)?\s+", gap):
                    limit = 14  # one English word may describe what is counted ("0 face-up premonitions")
            else:
                continue
            part = _part_of_total(text, n.start())
            if distance <= limit and not re.search(r"[，。？?！!；;,]", gap):
                out.append((distance + (6 if part else 0) + _share_weight(text, n.start()), n.start(), int(n.group())))
            elif part and n.start() < c.start() and distance <= (64 if gap.isascii() else 40) \
                    and (not re.search(r"[，。？?！!；;,]", gap) or re.fullmatch(r"[^，。？?！!；;,]*[，,]\s*(?:是|都是|就是)[^，。？?！!；;,]*", gap)) \
                    and not re.fullmatch(r"\s+of (?:them|those|these|the)\s+", gap):
                # ("1 of those golds": "golds" names the total the part is taken from, not the part.)
                # "2 of them came from my own dungeon": the part is what the rest of its clause says it is.
                out.append((5, n.start(), int(n.group())))
        # "棄牌有地點5張、惡夢2張、鑰匙1張，5+2+1=8張": a sum worked out after the cue, its terms told first
        # with what they count, is the cue's count. (Read only of a text with a sum in it: this runs per cue.)
        ahead = "" if not worked_out else re.split(r"[。?？!！]|\.(?=\s|$)", text[c.end():c.end() + 60], maxsplit=1)[0]
        worked = _WORKED_SUM.search(ahead)
        if worked and _worked_terms_told(ahead, worked):
            out.append((-1, c.end() + worked.start(3), int(worked.group(3))))  # before the parts by their unit
        before = text[max(0, c.start() - 18):c.start()]
        none_before = _NONE_BEFORE.search(before)
        # "其他人沒受傷" says nothing of how much the one who was hurt took.
        if none_before and not _OTHERS.search(before[:none_before.start()]) \
                or re.match(r"[^，。,?？\d]{0,6}?(?:全部|都|已经|已|被)*(?:没了|没有了|用完|清掉|清空|清光|清完|清除|移除|移光|拿掉|拿光|不剩|没剩|为0|是0|none left|all gone|gone|"
                            r"cleared|removed)",
                            text[c.end():c.end() + 14]):
            # "沒有翻開的徵兆", "no face-up premonitions": none of them. A zero written just after says
            # the same ("全被清掉了（0张）") and is not another count's.
            zero = re.search(r"(?<!\d)0(?!\d)", re.split(r"[，。？?！!；;,]", text[c.end():c.end() + 20])[0])
            out.append((0, c.end() + zero.start() if zero else -1 - c.start(), 0))
    return out


# The first end of a range just before a number ("四到", "4-", "4 or "): the number is one end of it.
_RANGE_END = r"(?:\d|[一二两三四五六])"
_RANGE_JOIN = r"\s*(?:到|至|~|～|-|–|\bor|\bto)\s*"
_RANGE_BEFORE = re.compile(_RANGE_END + _RANGE_JOIN + "$")


def _unit_distance(text: str, start: int, slot: Slot) -> float:
    """How weakly a number written before a count's unit belongs to it: 0 with the count's cue in the clause
    before it, 0.5 without; a part of a total ("其中一個黃金", "one of them") belongs to a count the
    part is about first."""
    before = text[max(0, start - 14):start]
    if _part_of_total(text, start):
        return 6
    return 0 if _cued(before, slot) else 0.5


def _part_of_total(text: str, start: int) -> bool:
    """Whether the number at `start` counts a part of a total said before ("其中一個", "of which 2")."""
    return bool(re.search(r"(?:其中|当中|之中)(?:有)?\s*$|\bof (?:them|those|which)\s*$|"
                          # "那3個黃金裡有1個": a counted total, then how many of it.
                          r"\d+\s*(?:个|张|枚|瓶|根)?\s*[\u4e00-\u9fff]{1,4}(?:里|中)(?:面|头)?\s*(?:有|的)?\s*$",
                          text[max(0, start - 12):start])
                or re.match(r"-?\d+\s+of (?:them|those)\b", text[start:start + 16]))


def _names_other(before: str, slot: Slot) -> bool:
    """Whether the clause ending where a number starts names another quantity of the slot's unit, and not the
    slot's own ("棄牌堆還是0張" is not the deck's 0)."""
    return _clause_names(before, slot.other_cues) and not _cued(before, slot)


def _other_after(after: str, slot: Slot) -> bool:
    """Whether the words right after a number and its unit place it in another quantity of the unit ("six cards in
    the discard pile" is no deck's count)."""
    pattern = _placed_in(tuple(cue for cue in slot.other_cues if cue.isascii()))
    return pattern is not None and pattern.match(after) is not None


@lru_cache(maxsize=256)
def _placed_in(cues: tuple[str, ...]) -> re.Pattern[str] | None:
    """The pattern of "in/on/from/into (the) <one of cues>" right after a number (built once per slot)."""
    if not cues:
        return None
    names = "|".join(f"(?:{_pattern(cue).pattern})" for cue in cues)
    return re.compile(rf"\s*(?:in|on|from|into)\s+(?:the\s+|my\s+|our\s+|his\s+|her\s+)?(?:{names})")


def _cued(before: str, slot: Slot) -> bool:
    """Whether one of the slot's cue words stands in the clause that ends where a number starts."""
    return _clause_names(before, slot.cues)


def _clause_names(before: str, cues: tuple[str, ...] | list[str]) -> bool:
    """Whether one of `cues` stands in the last clause of `before`."""
    clause = re.split(r"[，。？?！!；;,]", before)[-1]
    return any(_pattern(cue).search(clause) for cue in cues)


def _signed(text: str, slot: Slot, value: int) -> int:
    if slot.signed and value > 0 and re.search(r"负|negative|minus", text):
        return -value
    return value


# The units any kind of card is counted in: two counts of cards told by neither's words could be either.
_ANY_CARD = frozenset({"张", "cards", "card"})


def _counts(text: str, slots: dict[str, Slot]) -> tuple[dict[str, int], set[int]]:
    """Numbers for the count slots, each number read once, the closest pairs first; and their positions."""
    spans = {name: _cue_spans(text, slot) for name, slot in slots.items() if slot.kind == "count"}
    units = {name: {fold(u) for u in slot.units} & _ANY_CARD for name, slot in slots.items() if slot.kind == "count"}
    pairs = sorted((d, pos, value, name) for name, slot in slots.items() if slot.kind == "count"
                   for d, pos, value in _count_candidates(
                       text, slot, [span for other, found in spans.items() if other != name for span in found],
                       any(units[name] & found for other, found in units.items() if other != name)))
    out: dict[str, int] = {}
    used: set[int] = set()
    for _, pos, value, name in pairs:
        if name in out or pos in used:
            continue
        out[name] = _signed(text, slots[name], value)
        used.add(pos)
    # The quantity of one thing said again of another with a number no count reads ("warrior 5 HP, wizard 3 HP"):
    # which is meant is not read.
    # (A number added to it, "項鍊（多1血）", is no other's.)
    for name, slot in slots.items():
        if slot.kind == "count" and slot.one_of_several and name in out and any(
                value != out[name] and pos not in used and not re.search(r"(?:多|加|\+|\bextra|\bplus)\s*$",
                                                                         text[max(0, pos - 7):pos])
                for _, pos, value in _count_candidates(text, replace(slot, cues=()))):
            del out[name]
    return out, used


def _tower_asked(text: str, towers: list[tuple[str, int, int]], slot: Slot) -> str | None:
    """The one Tower a question is about, of several it names: the one referred back to by its colour alone ("Blue 5
    or red 3 — … if I drop the blue one?") or named again; none when they are named as alternatives; else the last."""
    if not towers:
        return None
    ids = [t for t, _, _ in towers]
    if len(ids) == 1:
        return ids[0]
    mentions = [(f"{_TOWER_COLOURS[m.group(1)]}-{m.group(2)}", m.start(), m.end())
                for m in _TOWER.finditer(text)]
    after = text[mentions[-1][2]:]
    phrases = dict(slot.values)
    referred = {t for t in ids if any(_pattern(p).search(after) for p in phrases.get(t.split("-")[0], ()))}
    if len(referred) == 1:
        return referred.pop()
    if mentions[-1][0] in [t for t, _, _ in mentions[:-1]]:
        return mentions[-1][0]
    if re.search(r"还是|或|\bor\b|哪", text[mentions[0][1]:mentions[-1][2]]):
        return None  # "藍5還是紅3？": which one is the question
    # "我手上有一張棕色5號高塔，塔列已經有紅4跟綠4了…把它棄掉": the one Tower in hand, the others in the row.
    held = {t for t, start, end in mentions
            if re.search(r"(?:" + _IN_HAND_ZH + r"|" + _IN_HAND_EN + r"|\bholding|\bi hold|\bi have)[^，,。.;；]{0,10}$",
                         text[max(0, start - 24):start])
            or re.match(r"\s*(?:tower\s*)?" + _IN_HAND_EN, text[end:])}
    if len(held) == 1:
        return held.pop()
    return ids[-1]


def _towers(text: str) -> list[tuple[str, int, int]]:
    """Tower cards in order of first mention (a Tower named again is the same card)."""
    out: list[tuple[str, int, int]] = []
    for m in _TOWER.finditer(text):
        tower = f"{_TOWER_COLOURS[m.group(1)]}-{m.group(2)}"
        if tower not in [t for t, _, _ in out]:
            out.append((tower, m.start(), m.end()))
    return out


_READING_ORDER = r"(?:从|由)?(左|右)(?:边)?(?:到|至|往|向)(?:右|左)(?:边)?|(?:\bfrom )?\b(left|right)\s*(?:\bto\b|→|->|-->|—>)\s*(?:right|left)\b|(左|右)\s*(?:→|->|-->)\s*(?:右|左)"


# "不放右邊", "别接到右", "not on the right": the side said not to be taken.
_SIDE_DENIED = re.compile(r"(?:不|别|没|不是)\s*(?:要|想)?\s*(?:放|接|摆|加|塞)?\s*(?:在|到)?\s*$|\bnot\s+(?:on\s+|to\s+|at\s+)?(?:the\s+)?$")


# "about 40 cards left in the draw pile", "nothing left over": left as what remains, not a side.
_LEFT_REMAINING = re.compile(r"\b((?:\d+|cards?|ones?|nothing|none|still|memories|doors?|goals?|towers?|premonitions?)"
                             r"\s+(?:[a-z]+\s+)?)left\b(?!\s+(?:of|side|end|edge|hand|to)\b)|\bleft(?=\s+(?:in|over)\b)")


def _without_remaining(text: str) -> str:
    """The text with "left" blanked where it means what remains ("40 cards left in the deck")."""
    return _LEFT_REMAINING.sub(lambda m: (m.group(1) or "") + "    ", text)


def _placement(text: str, towers: list[tuple[str, int, int]]) -> tuple[str | None, list[str], str | None]:
    """The Tower added, the row it joins, and the side, read with their relative order."""
    new, row, side = _placement_as_written(text, towers)
    order = re.search(_READING_ORDER, text)
    if order and (order.group(1) or order.group(2) or order.group(3)) in ("右", "right"):
        row = row[::-1]  # the row was listed from its right end
    return new, row, side


# Words that put one thing in the place of another told before ("換成綠3", "what about blue 4 instead").
_SWAPPED_IN = re.compile(r"换成|改成|变成|换做|如果是|要是|\binstead\b|\bwhat about\b|\bhow about\b|\bwhat if\b")
# Words naming the row itself ("高塔列只有紅3", "my row").
_ROW_NAMED = re.compile(r"塔列|高塔列|桌上|场上|已经有|\brow\b|\btable\b|\bline\b")


def _placement_as_written(text: str, towers: list[tuple[str, int, int]]) -> tuple[str | None, list[str], str | None]:
    """The Tower added, the row in the order it is named, and the side, read with their relative order."""
    ids = [t for t, _, _ in towers]
    # Every mention is marked, a Tower named again with its first mention's mark ("手上一張綠5 … 我想把綠5接在紅4的右邊").
    marked = text
    for m in reversed(list(_TOWER.finditer(text))):
        tower = f"{_TOWER_COLOURS[m.group(1)]}-{m.group(2)}"
        if tower in ids:
            marked = marked[:m.start()] + f"⟦{ids.index(tower)}⟧" + marked[m.end():]
    side_of = {"左": "left", "left": "left", "右": "right", "right": "right"}
    rules = (
        # "藍4放在紅4右邊", "put blue-4 to the right of red-4", "blue-4 on the left of red-4"
        # ("red 4 on the left, green 4 next to it" tells the row: the side's clause ends before the other Tower.)
        rf"⟦(\d)⟧[^⟦]{{0,12}}?(?:{_PLACE_VERB}|\bon\b|\bto\b)[^⟦]{{0,14}}?(左|右|left|right)[^⟦,，。;；]{{0,8}}?⟦(\d)⟧",
        rf"⟦(\d)⟧[^⟦]{{0,8}}?{_PLACE_VERB}[^⟦]{{0,4}}?⟦(\d)⟧[^⟦]{{0,3}}?(左|右)",
        # "紅4右邊放藍4", "right of red-4, can I put blue-4"
        rf"⟦(\d)⟧[^⟦]{{0,3}}?(左|右)(?:边|侧|端|方)?[^⟦]{{0,8}}?{_PLACE_VERB}[^⟦]{{0,4}}?⟦(\d)⟧",
        rf"(left|right) (?:of|side of|end of) ⟦(\d)⟧[^⟦]{{0,20}}?{_PLACE_VERB}[^⟦]{{0,6}}?⟦(\d)⟧",
        # "what about the blue 3 on the other side, the right end of that red 5?"
        rf"⟦(\d)⟧[^⟦.?!。？！]{{0,30}}?\b(left|right) (?:end |side )?of (?:that |the |my )?⟦(\d)⟧",
    )
    for k, rule in enumerate(rules):
        m = re.search(rule, marked)
        if not m:
            continue
        # Which group holds the Tower added and which the side, per pattern (the rest is the row).
        new_group, side_group = ((1, 2), (1, 3), (3, 2), (3, 1), (1, 2))[k]
        new, side = int(m.group(new_group)), side_of[m.group(side_group)]
        row = [t for i, t in enumerate(ids) if i != new]
        return ids[new], row, side
    # "從左到右" / "left to right" says how the row is read, not which end the Tower goes to.
    # "right next to", "right now": an adverb, not the side.
    # "不放右邊的話，可以接在左邊嗎": a side said not to be taken is not the side.
    unordered = _without_remaining(re.sub(_READING_ORDER, " ", text))
    sides = {side_of[m.group()] for m in re.finditer(r"左|右|\bleft\b|\bright\b(?! (?:next|now|after|before|away|beside|by)\b)",
                                                     unordered)
             if not _SIDE_DENIED.search(unordered, max(0, m.start() - 12), m.start())}
    # (A place verb between the Tower and the side places that Tower: "藍4放右邊" adds blue-4 on the right.)
    if len(ids) == 1 and (re.search(rf"⟦0⟧(?:(?!{_PLACE_VERB})[^⟦]){{0,3}}?(左|右)(?:边|侧|端|方)", marked)
                          or re.search(r"(left|right) (?:of|side of|end of) ⟦0⟧", marked)
                          # "on the left end instead, against the red 4": the Tower it would touch.
                          or re.search(r"\b(?:against|touching|next to|beside|alongside)\s+(?:the\s+|my\s+)?⟦0⟧", marked)):
        # "放在紅4的左邊" names the Tower already there; the one added is said elsewhere.
        return None, ids, sides.pop() if len(sides) == 1 else None
    if not ids:
        return None, [], sides.pop() if len(sides) == 1 else None
    # "那換成綠色3呢？", "what about green 3 instead?": one Tower swapped in, with no row named, is the one played.
    if len(ids) == 1 and _SWAPPED_IN.search(text) and not _ROW_NAMED.search(text):
        return ids[0], [], sides.pop() if len(sides) == 1 else None
    # "四張都擺好了", "排滿四座塔", "all placed": a row said to be done (or full) is told, no Tower is being added to it.
    # ("綠4 紅5 棕5 藍3 連成一排", "排成一列": the Towers named make the row.)
    if not re.search(_PLACE_VERB, re.sub(r"(?:都|全|全部|已经)\s*(?:摆|放|排|接)好|(?:摆|放|排)好了|(?:摆|放|排|接)满|"
                                         r"(?:连|排|接|摆)成\s*(?:一|1)\s*(?:排|列|行)|"
                                         r"all (?:placed|laid out|down)", " ", text)):
        # Towers named without placing one ("my row is red-3, blue-4…") are all the row.
        return None, ids, sides.pop() if len(sides) == 1 else None
    # "可以把綠4接在右邊嗎？我塔列上只有紅4": the Tower taken with 把 to a verb of placing is the one added.
    # So is the Tower right after an English verb of placing ("then I put the blue-5 on the left end, so it sits to
    # the left of the red-4").
    taken = [int(m.group(1) or m.group(2)) for m in re.finditer(
        rf"(?:把|将)\s*⟦(\d)⟧[^⟦，,。？?]{{0,4}}?{_PLACE_VERB}|"
        rf"\b(?:put|place|play|add|putting|placing|playing|adding)\s+(?:the\s+|my\s+|a\s+|that\s+)?⟦(\d)⟧", marked)]
    taken = list(dict.fromkeys(taken))
    new = taken[0] if len(taken) == 1 else len(ids) - 1
    # "red 4 on the left, green 4 next to it": a side said of a Tower of the row tells where it stands.
    where = r"⟦(\d)⟧\s*(?:is\s+|sits\s+)?(?:on|at|在)\s*(?:the\s+)?(?:far\s+)?(left|right|左|右)"
    row_sides = [m for m in re.finditer(where, marked) if int(m.group(1)) != new]
    unsaid = marked
    for m in row_sides:
        unsaid = _blanked(unsaid, m.span())
    said = {side_of[w] for w in re.findall(r"左|右|\bleft\b|\bright\b(?! (?:next|now|after|before|away|beside|by)\b)",
                                           _without_remaining(re.sub(_READING_ORDER, " ", unsaid)))}
    if row_sides and len(said) == 1:
        sides = said
    return ids[new], [t for i, t in enumerate(ids) if i != new], sides.pop() if len(sides) == 1 else None


_DOOR_AFTER = r"\s*(?:色)?\s*(?:的)?\s*(?:门|doors?)"
# "三張紅色的牌", "three red cards": cards of a colour, neither a Door nor a Goal.
# ("紅色卡" may name a Goal card: only 牌 is read so.)
# (An English word may run into the Chinese after it, "红色key开到": no \\b, which CJK would defeat.)
_CARDS_AFTER = (r"\s*(?:色)?\s*(?:的)?\s*(?:(?:迷宫|地点|场景)?(?:牌|卡牌)|cards?(?![a-z])|labyrinth cards?(?![a-z])|"
                r"location cards?(?![a-z])|locations?(?![a-z]))")
# "手上有棕色鑰匙", "a blue key": the colour of a Key in hand, neither a Door nor a Goal.
_KEY_AFTER = r"\s*(?:色)?\s*(?:的)?\s*(?:钥匙|keys?(?![a-z]))"
# "that door had been blue", "那扇門是藍色的": the colour said of a Door named just before it.
_DOOR_BEFORE = (r"(?:门|\bdoors?)\s*(?:\b(?:had been|has been|would have been|would be|was|were|is|are|turned out)\b|"
                r"是|换成|改成|变成)\s*(?:(?:a|an|the)\s+)?\S{1,8}$")


# A verb of giving a Door back, then the Door's colour ("hand back the brown", "繳回一張綠").
# ("putting back the green Door", "sent the green Door back" too.)
_HANDED_BACK = re.compile(r"(?:缴回|交回|还回|放回|退回|\bhand(?:s|ed|ing)? back|\bgiv(?:e|es|en|ing) back|\bgave back|\breturn(?:s|ed|ing)?|"
                          r"\bput(?:s|ting)? back|\bsen[dt](?:s|ing)? back)"
                          r"[^，,。.;；?？!！]{0,10}$")


# A Door taken with 把 and then given back ("把紅門交回Limbo", "把那扇紅色的門還回去"): the colour, its Door, the verb.
_HANDED_BACK_AFTER = re.compile(r"\S{0,2}?\s*(?:色)?\s*(?:的)?\s*(?:门|钥匙门)\s*(?:缴回|交回|还回|放回|退回|送回)")


# A Door said to be obtained ("拿到一張紅門", "just got a red door").
_OBTAINED = re.compile(r"(?:拿到|得到|获得|抽到|开了|打开)[^，,。.;；?？!！]{0,8}门|\b(?:got|get|gets|gained|obtained|opened|took)\b"
                       r"[^,.;?!]{0,16}\bdoor")


_LISTED_JOIN = re.compile(r"\s*色?\s*(?:[、,，/→>]|->|-|\band\b|\bthen\b)\s*(?:\band\s+|\bthen\s+)?")


def _listed_after_cue(text: str, slot: Slot) -> list[Any] | None:
    """The values of a list of three or more the slot's cue introduces ("目標卡列由左到右是：藍、紅、棕、綠", "goals:
    red, blue, green"), joined by list marks only; None when no cue is followed by one."""
    found = [m for m in mentions(text, slot.values) if not m.negated]
    runs: list[list[Mention]] = []
    for m in found:
        if runs and _LISTED_JOIN.fullmatch(text, runs[-1][-1].end, m.start):
            runs[-1].append(m)
        else:
            runs.append([m])
    for run in runs:
        if len(run) < 3:
            continue
        before = re.split(r"[。;；?？!！]|\.(?=\s|$)", text[max(0, run[0].start - 16):run[0].start])[-1]
        # ("目標卡現在輪到綠色，後面是紅、紅、藍": a value between the cue and the list is part of what the cue tells.)
        if any(_pattern(cue).search(before) for cue in slot.cues) and not mentions(before, slot.values):
            return [m.value for m in run]
    return None


def _colour_mentions(text: str, slot: Slot) -> list[tuple[str, int, bool]]:
    """(colour, where its word ends, reads as a new Door) per colour mention, repeated by a stated count."""
    out: list[tuple[str, int, bool]] = []
    for m in mentions(text, slot.values):
        if m.negated:
            continue
        if re.search(r"(?:第\s*\d+\s*(?:个|张)?\s*目标|第\s*\d+\s*(?:个|张)|\bgoal\s*\d+|\d(?:st|nd|rd|th) goal)\s*[(（]\s*$",
                     text[max(0, m.start - 16):m.start]):
            continue  # "第二個目標(綠)" restates that Goal's colour; it adds none to the list
        count = re.search(r"(\d+)\s*(?:张|个|扇)?\s*(?:的)?\s*$", text[max(0, m.start - 6):m.start]) or \
            re.search(r"(\d+)\s*(?:张|个|扇)?\s*门?\s*(?:都|全)\s*(?:是)?\s*$", text[max(0, m.start - 10):m.start])
        times = int(count.group(1)) if count and 0 < int(count.group(1)) <= 4 else 1
        # "紅門2張、藍門1張": the count may follow the Door it counts.
        after = re.match(r"\s*色?\s*的?\s*门\s*(\d+)\s*(?:张|扇|个)", text[m.end:m.end + 10])
        if after and not count and 0 < int(after.group(1)) <= 4:
            times = int(after.group(1))
        if re.search(r"\bboth(?: (?:are|were|of them|doors?))?\s*$", text[max(0, m.start - 20):m.start]):
            times = 2  # "my 2nd door, both red": two Doors of that colour
        before = text[max(0, m.start - 14):m.start]
        # "right now" says what is on the table; "a second red one" is the Door just obtained.
        newish = bool(re.search(r"(又|再|刚|新|另|第三|another|new|just|then|(?<!right )now|third|\ba second)[^，,。]{0,8}$",
                                before)) or \
            bool(re.search(r"\b(?:new|latest) (?:one|door)\s+(?:had been|would have been|would be|were|was|is)\s+$",
                           text[max(0, m.start - 34):m.start]))  # "what if the new one had been brown"
        # "拿到 / get" marks the Door just obtained only after Doors already named.
        verb = re.search(r"(拿到|抽到|得到|获得|\bgets?\b|\bgot\b|\bdraws?\b|\bdrew\b|\bobtain|\bgrab(?:s|bed)?\b|"
                         r"\bpick(?:s|ed)? up\b|\btook\b|\btakes?\b|\bopen(?:s|ed)?\b)[^，,。]{0,8}$", before)
        # A verb before a list names the list ("got red + blue doors out"): it is not this colour's own.
        obtained = verb is not None and not (out and out[-1][1] > m.start - len(before) + verb.start())
        # "拿到 / get" marks the Door just obtained after Doors already named, or when it is the only one named
        # ("如果拿到的是藍門呢？").
        newish = newish or (obtained and (bool(out) or len(mentions(text, slot.values)) == 1))
        if out and _LISTED_JOIN.fullmatch(text[out[-1][1]:m.start]):
            newish = out[-1][2]  # "blue, green, red, brown, then red": a list goes on, and no Door comes new
        out += [(m.value, m.end, newish)] * times
    return out


def _role_seat(role: str) -> int | None:
    """The seat a role phrase names on its own: 0 the captain, N the N-th seat after the captain, -K the K-th
    seat before the captain (上家 is -1); None for a role counted from the seat named before it."""
    role = re.sub(r"^the", "", role.replace(" ", ""))
    if re.search(r"upstream", role):
        return -1  # "the captain's upstream player" is the seat before the captain, not the captain
    after_captain = re.search(r"(\d)(?:st|nd|rd|th)player|player(\d)seats?after|^seat(\d)|队长.*第(\d)", role)
    if after_captain:
        return int(next(g for g in after_captain.groups() if g))
    if re.search(r"队长|captain", role) and not re.search(r"before|after", role):
        return 0
    if role in ("下家的下家", "上家的上家", "上上家", "下下家") or role.startswith("上家再"):
        return 2 if role.startswith("下") else -2
    if re.search(r"before(?:the)?(?:上家|previousplayer|lastplayer|lastseat)$", role):
        return -2  # "the guy before 上家": the 上家's own 上家
    # "the guy right after the captain": `_SEAT_ROLE` has said who; only the side is left to read.
    m = re.match(r"下家(\d)?|nextplayer(\d)?|.*after(?:the)?captain$", role)
    if m:
        return int(m.group(1) or m.group(2) or 1)
    m = re.match(r"上家(\d)?", role)
    if m:
        return -int(m.group(1) or 1)
    if re.search(r"(?:last|previous)(?:player)?$|^last|before(?:the)?captain$|最后一", role):
        return -1
    return None


def _seat(text: str, role_text: str, players: int | None) -> int | None:
    """Seat number from a role phrase: 隊長 0, 下家N N, 上家 the last seat (when the table's size is known)."""
    seat = _role_seat(role_text)
    if seat is None or seat >= 0:
        return seat
    return players + seat if players and players + seat > 0 else None


_ORDINAL_WORDS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5}
# Seat roles, longest forms first where two start at the same place. Some count from the seat named just
# before them: "再下家", "the one after", and "next" or "then" right before a number.
_SEAT_ROLE = re.compile(
    r"((?:the )?\d(?:st|nd|rd|th) player (?:after|clockwise from|to the left of) (?:the )?captain|"
    r"(?:the )?player \d seats? after (?:the )?captain|"
    r"队长\s*(?:的)?\s*(?:后面|之后|后|下家之后|往下数|往后数|数过去)\s*(?:的)?\s*第\s*\d\s*(?:位|个)(?:玩家)?|"
    r"\bseat\s*\d|"
    r"下家的下家|上家的上家|上家再(?:往)?上(?:去|一)?(?:的|那)*一?(?:位|个|家)?|上家再(?:往前|往回)?过去(?:的|那)*一?(?:位|个|家)?|上上家|下下家|队长|captain|再下一?(?:位|个|家)|再下家|再(?:往)?下去|下一(?:位|个)|再来|接着|接著|接下来|下家\s*\d?(?!\d*\s*[分点张个颗])|上家(?:\s*\d(?=\s+\d))?|下家|"
    r"最后一(?:位|个)(?:玩家)?|"
    r"(?:the )?one after(?: that| them| him| her)?|"
    r"(?:the )?one (?:right |just )?before (?:that|them|him|her)\b|"
    r"next player(?:\s*\d(?=\s+\d))?|"
    r"(?:the )?(?:player|guy|person|one) (?:sitting |seated )?(?:right |just |immediately |directly )?after (?:the )?captain|"
    r"(?:the )?(?:last|previous) (?:player|seat)|"
    r"(?:the )?(?:captain's )?upstream (?:player|seat)|"
    r"(?:the )?(?:player|guy|person|one) (?:sitting |seated )?(?:right |just |immediately |directly )?before (?:the )?captain|"
    r"(?:the )?(?:player|guy|person|one) (?:sitting |seated )?(?:right |just |immediately |directly )?before "
    r"(?:the )?(?:上家|previous player|last player|last seat)|"
    r"\b(?:next|then|last)(?: one| seat)?\b(?=[\s:]*(?:[(（][^\d()（）]{1,40}[)）]\s*)?(?:(?:only|just|has|had|with)\s+)?\d)|"
    r"(?:the )?(?:second|third|fourth|fifth)\b(?=[\s:]*\d))")
# "the one before that": one seat back from the seat named just before.
_BACK_ROLE = re.compile(r"one (?:right |just )?before (?:that|them|him|her)$")
_RELATIVE_ROLE = re.compile(r"再下|再往下|下一|再来|接着|接著|接下来|one after|^(?:next|then)(?: one| seat)?$")
# A role restating the seat just named ("最後一位、也就是阿明的上家小玉4分"): the same seat, not another.
_RESTATED = re.compile(r"(?:也就是|即|亦即|\bthat is|\bi\.e\.)[^，,；;。]{0,8}$")
# Roles joined to share one number: "下家1和下家2各貢獻4分", "the captain and 下家2 both have 5".
_JOINED = re.compile(r"\s*(?:和|与|跟|及|、|,|and|&)\s*$")
# A seat said to have put in nothing, in words ("上家沒貢獻", "the last player nothing").
_NOTHING = re.compile(r"[^\d，,、；;。.]{0,8}?(?:没有?(?:任何)?(?:贡献|出牌|出)|零分|是零|\bnothing\b|\bnone\b|"
                      r"\bno points\b|\bzero\b|did(?:n't| not) (?:contribute|play (?:a |any )?(?:single )?cards?\b|play anything)|"
                      r"\bplayed nothing\b|\bput in nothing\b)")
# "只有下家2有貢獻", "only the captain contributed": the seats named are the only ones with anything.
# … with the player's name before the role in brackets ("只有大刘（队长往下数第二个）出牌").
_ONLY_BEFORE = re.compile(r"(?:只有|只|仅|only)\s*(?:the\s+)?(?:[\u4e00-\u9fff]{1,3}\s*[（(])?$")


_NAMED_AMOUNT = re.compile(r"\s*(?:然后是|再来是|然后|再来|接[着著]是|接[着著]|最后是|最后|and|then)?\s*"
                           r"([\u4e00-\u9fff]{1,3}|[a-z][a-z'\-]{0,11})\s*(?:出了|贡献了?|有|:|是)?\s*(\d+)\s*"
                           r"(?:分|点|pts?|points?)?\s*")
_IN_TURN = re.compile(r"接下来|接[着著]|然后|依序|依次|照(?:出牌)?顺序|按(?:出牌)?顺序|in (?:turn|play|seat) order|then|going round")


# The captain's own number, a name or verb between ("隊長小美出了6分", "captain put in 2").
_CAPTAIN_AMOUNT = re.compile(r"(?:队长|captain)[^\d，,。？?]{0,8}?(\d+)\s*(?:分|点|pts?|points?)?")


def _named_in_turn(text: str) -> list[int] | None:
    """The captain's number, then players named one by one with theirs in turn order ("隊長小美出了6分，接下來照
    出牌順序：阿傑3分、宗翰0分、怡君3分、志明4分"); each part a name and its number, the order said."""
    captain = _CAPTAIN_AMOUNT.search(text)
    if captain is None:
        return None
    parts = re.split(r"[，,、；;:：]", re.split(r"[。？?！!]|\.(?!\d)", text[captain.end():], maxsplit=1)[0])
    listed = [int(captain.group(1))]
    ordered = False
    for part in parts:
        if not part.strip():
            continue
        m = _NAMED_AMOUNT.fullmatch(part)
        if m is None:
            if len(listed) > 1 or not _IN_TURN.search(part) or re.search(r"\d", part):
                break
            ordered = True  # "接下來照出牌順序" says the order of what follows
            continue
        if _SEAT_ROLE.search(part):
            return None  # a role among the names: the seat-by-seat reading reads it
        listed.append(int(m.group(2)))
    return listed if ordered and len(listed) >= 4 else None


def _seat_pairs(text: str) -> list[tuple[int, int]]:
    """(seat, number) for each seat role followed by its number, before the next role is named; roles joined
    by 和/and before one number ("隊長和下家2都是5分") each get it. A seat counted from the end (上家) is
    negative; a role counted from the seat before it ("再下家", "the one after") is resolved here."""
    pairs: list[tuple[int, int]] = []
    roles = _roles_told(text, list(_SEAT_ROLE.finditer(text)))
    waiting: list[int] = []
    seat = 0
    series = False  # an earlier role counted seats after the captain ("the 1st player after the captain")
    for i, m in enumerate(roles):
        role = m.group(1).strip()
        ordinal = _ORDINAL_WORDS.get(role.replace("the ", ""))
        if ordinal is not None:
            if not series:
                return []  # "the second" without a series it continues could count from anyone
            named: int | None = ordinal
        elif _RELATIVE_ROLE.search(role):
            named = seat + 1 if seat >= 0 else None
        elif i > 0 and _RESTATED.search(text[roles[i - 1].end():m.start()]):
            named = seat
        else:
            named = _role_seat(role)
            series = series or bool(re.search(r"\d(?:st|nd|rd|th) player", role))
        if named is None:
            return []
        seat = named
        end = roles[i + 1].start() if i + 1 < len(roles) else len(text)
        # The number follows within the clause, before the next seat is named ("隊長小明3分", "captain put in 0",
        # "the captain contributed 5"); for the one seat said to be the only one, in the clause after it
        # ("只有隊長有貢獻，12分").
        after = text[m.end():min(end, m.end() + 16)]
        if re.match(r"\s*(?:到|至|~|～|-|－|—|\bto\b|\bthrough\b)\s*(?:下家|seat|p)?\s*\d", after):
            return []  # "下家1到5…": the first of a range of seats, whose numbers follow as a list
        n = re.match(r"[^\d，,、；;。.]{0,14}?(\d+)", after)
        if n is None:
            # "奶奶是我上家，0分": the seat told, then its points in a clause of their own.
            n = re.match(r"\s*[，,]\s*(\d+)\s*(?=分|点|points?\b|pts?\b)", after)
        if n is None and _ONLY_BEFORE.search(text[max(0, m.start() - 6):m.start()]):
            n = re.match(r"[^\d，,、；;。.]{0,30}?(?:[，,]\s*[^\d，,、；;。.]{0,4})?(\d+)\s*(?:分|点|points?|pts?)",
                         text[m.end():end])
        if n and re.match(r"\s*(?:张|memor|mems\b|cards?\b|gold)", after[n.end():]):
            # a count of cards ("隊長阿明金礦2張", "cap 5 mems"), not points put in: no contributions are told
            return []
        if n:
            pairs += [(s, int(n.group(1))) for s in (*waiting, seat)]
            waiting = []
            # "then 0, 5, 2, and the last seat 4": bare numbers running on from a seat's own are the seats after it.
            run = _NUMBER_RUN.match(text, m.end() + n.end(), end)
            # (Names after the captain's own number alone are in no stated order: the seat-by-seat count has to have
            # begun.)
            named_run = _NAMED_RUN.match(text, m.end() + n.end(), end) if run is None and seat >= 1 else None
            if (run or named_run) and seat >= 0:
                for value in (re.findall(r"\d+", run.group(0)) if run else
                              re.findall(r"(\d+)\s*(?:分|点|pts?|points?)", named_run.group(0))):
                    seat += 1
                    pairs.append((seat, int(value)))
        elif _NOTHING.match(text[m.end():min(end, m.end() + 32)]) \
                and not _EXCEPT_BEFORE.search(text[max(0, m.start() - 10):m.start()]):
            # (room for "didn't play a single card"; "除了队长以外谁都没贡献": the nothing is the others', not the captain's)
            pairs += [(s, 0) for s in (*waiting, seat)]
            waiting = []
        elif i + 1 < len(roles) and not re.search(r"\d", text[m.end():end]) and _JOINED.match(text[m.end():end]):
            waiting.append(seat)
        else:
            waiting = []
    return pairs


# Nothing but numbers up to the next seat role ("then 0, 5, 2, and the last seat …").
_NUMBER_RUN = re.compile(r"(?:\s*(?:分|点|pts?|points?))?(?:\s*[,，、]\s*(?:and\s+)?\d+(?:\s*(?:分|点|pts?|points?))?)+"
                         r"\s*[,，、]?\s*(?:and\b|then\b|然后|最后)?\s*(?:the\s*)?$")


# Words for the players not yet named ("其他人", "剩下三個").
_OTHER_PEOPLE = r"其他|其余|剩下|剩余|另外|别"


# Words that make the number after them a total of parts ("一共3點"), shared by the readers of totals.
_TOTAL_WORDS = r"总共|一共|合计|加起来|\bin total\b"
# Words that make the number after them what something comes to exactly ("加起来刚好12").
_EXACTLY_WORDS = r"刚好|正好|恰好|刚刚好|\bexactly\b|\bjust\b"

# Players named with their numbers running on from a seat's own ("再下去Kevin 3分、小美3分、阿傑3分，最後…",
# "再下家女兒4分，然後爺爺4分"): the seats after it, in the order told.
_NAMED_RUN = re.compile(r"(?:\s*(?:分|点|pts?|points?))?(?:\s*[,，、]\s*(?:and\s+|then\s+|然后|再来|接着|接著)?"
                        rf"(?!{_OTHER_PEOPLE}|大家|others?\b|everyone|the rest|{_EXACTLY_WORDS}|刚刚|{_TOTAL_WORDS}|"
                        r"共|都|也|各|只|才|还|就|需求|需要|要|路|total|so\b|that's)"
                        r"(?:[\u4e00-\u9fff]{1,3}|[a-z][a-z'\-]{0,11})\s*(?:出了|贡献了?|有|:|：|是)?\s*\d+"
                        r"\s*(?:分|点|pts?|points?))+"
                        r"(?=\s*(?:[,，、；;。.?？!！]|$))")


_PLAYERS = re.compile(r"(\d)\s*(?:个人|人局|人|位玩家|名玩家|个玩家|-?players?|of us\b|p (?:game|table)s?\b|p(?![a-z0-9']))")


def _table_size(text: str, players: int | None = None) -> int | None:
    """The number of players: `players` when already read, else the one the text states ("5人局", "six of us")."""
    stated = next((m for m in _PLAYERS.finditer(text) if not _RANGE_BEFORE.search(text[max(0, m.start() - 5):m.start()])),
                  None) if not players else None
    return int(stated.group(1)) if stated else players


_OTHERS_ZERO = re.compile(
    rf"(?:{_OTHER_PEOPLE})的?(?:(\d)\s*(?:个|位)?)?(?:人|玩家|座位|位)?(?:都|全|也)?(?:是|为)?\s*"
    r"(?:0|零|没有?(?:任何)?(?:贡献|出牌|出|分))|"
    r"(?:others?|everyone else|everybody else|the rest|all (?:the )?other(?:s| players)?|the other (\d)(?: players)?)\s*"
    r"(?:are|have|all|scored|score|players|put in|contributed|played)?\s*(?:all\s*|have\s*)?(?:0|nothing|none|zero)|"
    r"(?:nobody|no one|no other player)\s*(?:else)?\s*(?:contributed|played|put in|scored|has|had)|"
    # "除了队长以外谁都没贡献", "nobody but the captain played": everyone but the seats named put in nothing.
    r"除了?[^，,。；;]{1,8}?(?:以外|之外)?\s*[，,]?\s*(?:谁|大家|其他人|别人|所有人|人人)都\s*"
    r"(?:没有?(?:任何)?(?:贡献|出牌|出|分)|是0|是零)|"
    r"\b(?:nobody|no one) (?:but|except|other than) (?:the )?[a-z0-9下上家队长]{1,12} (?:contributed|played|put in|scored)")


# A player taking back what they just said ("Lily 2分……不对，Lily是4分", "p2 has 2, sorry, p2 has 4").
_SELF_CORRECTION = re.compile(rf"\s*(?:…+|\.{{2,}})?\s*[，,]?\s*(?:{CORRECTION_MARKERS})\s*[，,:：]?\s*")


def _self_corrected(text: str) -> str:
    """The text with a seat's statement blanked when a correction right after it tells that seat again."""
    for m in reversed(list(_SELF_CORRECTION.finditer(text))):
        again = _SEAT_ROLE.match(text, m.end())
        if again is None:
            continue
        role = again.group(1).strip()
        earlier = [r for r in _SEAT_ROLE.finditer(text, 0, m.start()) if r.group(1).strip() == role]
        if earlier:
            said = earlier[-1]
            end = min([k for k in (text.find(p, said.end(), m.start()) for p in "、,，;；") if k != -1] or [m.start()])
            text = _blanked(_blanked(text, m.span()), (said.start(), end))
    return text


# A number-free aside in brackets right after a seat role restates it ("the last seat (the captain's 上家) 4").
_ROLE_ASIDE = re.compile(r"\s*[(（](?:[^\d()（）]{1,40}|\s*(?:下家|上家|seat)\s*\d\s*)[)）]")


def _without_role_asides(text: str) -> str:
    """The text without the asides that restate a seat role (their roles are no seats of their own)."""
    for role in reversed(list(_SEAT_ROLE.finditer(text))):
        aside = _ROLE_ASIDE.match(text, role.end())
        if aside:
            text = text[:aside.start()] + " " + text[aside.end():]
    return text


def _whole_table(pairs: list[tuple[int, int]], n_players: int, rest: int = 0) -> list[int] | None:
    """The numbers of a table of `n_players`, the seats not told at `rest` (zero unless said); None if two numbers
    fall on one seat or a seat is off the table."""
    named = {n_players + s if s < 0 else s: value for s, value in pairs}
    if len(named) != len(pairs) or not all(0 <= k < n_players for k in named):
        return None
    return [named.get(i, rest) for i in range(n_players)]


# Every seat said to have the same number ("大家都出了4分", "everyone ended the morning on exactly 4 points").
_EVERYONE_SAME = re.compile(
    r"(?:大家|每个人|每人|所有人|全部的?人|我们)\s*(?:都|各|全都)\s*(?:是|出了?|贡献了?|打出了?|有|拿了?)?\s*(?:刚好|正好|恰好)?\s*"
    r"([1-9]\d?)\s*(?:分|点)|"
    r"\b(?:everyone|everybody|each of us|all (?:\d )?of us|we all)\b[^.?!;,]{0,40}?\b(?:on|put (?:out|in)|has|had|have|"
    r"scored|contributed|played|got)\s+(?:exactly\s+|just\s+)?([1-9]\d?)\s*(?:points?|pts?)\b")
# "其他人都2分", "everyone else has 2 each": every seat not told put in so many.
_OTHERS_EACH = re.compile(
    rf"(?:{_OTHER_PEOPLE})的?(?:\d\s*(?:个|位))?(?:人|玩家)?(?:都|全|各|也都)(?:是|为|有|出了?|贡献了?|打出了?)?\s*"
    r"([1-9]\d?)\s*(?:分|点)|"
    r"(?:everyone else|everybody else|the others?|the rest|all (?:the )?others?)\s*(?:each\s+|all\s+)?"
    r"(?:has|have|had|put in|contributed|played|scored)?\s*(?:each\s+)?([1-9]\d?)\b(?:\s*(?:points?|pts?))?\s*(?:each\b)?")


def _cap_as_captain(text: str) -> str:
    """"cap 5 下家1 3 下家2 4": among seats told with their numbers, "cap" is the captain, not a work cap."""
    if len(_SEAT_ROLE.findall(text)) >= 2:
        text = re.sub(r"\bcap\b(?=\s*(?:has\s+|had\s+|put in\s+)?\d)", "captain", text)
    # "went with cap + 上家": joined to another seat, "cap" is the captain.
    return re.sub(r"\bcap\b(?=\s*(?:\+|,|&|\band\b)\s*(?:上家|下家|(?:the )?(?:previous|next|last) (?:player|seat)))",
                  "captain", text)


def _seat_list(text: str) -> list[int] | None:
    """Per-seat numbers stated seat by seat ("隊長3分、下家1 2分…") in seat order."""
    text = _cap_as_captain(_without_role_asides(_self_corrected(text)))
    pairs = _seat_pairs(text)
    others = _OTHERS_ZERO.search(text)
    # "剩下3个人都是0" counts the seats not told, not the table.
    stated_players = _PLAYERS.search(_blanked(text, others.span()) if others else text)
    only = len(pairs) == 1 and any(_ONLY_BEFORE.search(text[max(0, m.start() - 6):m.start()])
                                   for m in _SEAT_ROLE.finditer(text))
    # "下家2 4分，剩下三个人都是0": the seats told and the others counted make the table.
    counted = next((int(g) for g in others.groups() if g), None) if others else None
    # "隊長5，下家1到5分別是0 2 2 1 4", "cap 5, 下家1-5: 0 2 2 1 4": the captain's number, then the seats after
    # the captain named as a range with their numbers in turn; the whole table when the range and the list agree.
    m = _CAPTAIN_THEN_RANGE.search(text)
    if m:
        rest = [int(x) for x in re.findall(r"\d+", m.group(3))]
        if len(rest) == int(m.group(2)) and (stated_players is None or int(stated_players.group(1)) == len(rest) + 1):
            return [int(m.group(1))] + rest
        return None
    same = _EVERYONE_SAME.search(text) if not pairs and stated_players else None
    if same:
        # "4人局，大家都出了4分", "all four of us put out exactly 4 points": every seat the same.
        return [int(next(g for g in same.groups() if g))] * int(stated_players.group(1))
    each = _OTHERS_EACH.search(text) if others is None else None
    # (Only when every seat named has its own number: "队长5、下家3、其他人都2分" leaves 下家3 unclear.)
    if each and pairs and stated_players and len(pairs) == len(_roles_told(text, list(_SEAT_ROLE.finditer(text)))):
        # "队长5、下家3、其他人都2分": the seats not told put in so many each.
        return _whole_table(pairs, int(stated_players.group(1)), int(next(g for g in each.groups() if g)))
    if counted and pairs and stated_players is None:
        return _whole_table(pairs, len(pairs) + counted)
    if (others or only) and stated_players and pairs:
        # "只有下家3贡献了12分，其他人都是0": the unnamed seats are stated as zero.
        table = _whole_table(pairs, int(stated_players.group(1)))
        if table:
            return table
    if len(pairs) >= 4:
        n_players = int(stated_players.group(1)) if stated_players else len(pairs)
        # Every seat told, each once: no seat is taken for zero.
        return _whole_table(pairs, n_players) if len(pairs) == n_players else None
    named = _named_in_turn(text)
    if named and (stated_players is None or int(stated_players.group(1)) == len(named)):
        return named
    # The captain's number, then the rest in turn order from the next seat ("隊長貢獻2，然後從隊長下家開始依次是
    # 5、1、0、3、0"): the whole table, when it is as large as stated.
    m = re.search(_CAPTAIN_AMOUNT.pattern + r"\s*[，,;；]?\s*(?:然后|接[着著]|再来|then)?\s*"
                  r"(?:从(?:队长的?)?下家开始|下家开始|往下家|(?:(?:going |go )?(?:a?round )?(?:from|starting (?:with|from)) "
                  r"(?:the |his |her )?(?:captain'?s )?next player))"
                  r"[^\d，。？?]{0,10}?(\d+(?:\s*(?:分|点|pts?|points?)?\s*(?:[、,，/]|and)\s*\d+){1,})", text)
    if m:
        listed = [int(m.group(1))] + [int(x) for x in re.findall(r"\d+", m.group(2))]
        if stated_players is None or int(stated_players.group(1)) == len(listed):
            return listed
    # A plain list of four or more numbers right after a contribution word ("貢獻分別是5、4、2、0"), read in
    # seat order from the captain as the input declares. The whole list is read: a list longer than a
    # table is refused by the input model (naming the field), never cut to fit.
    # The seats such a list runs over may be named first as a range ("从队长开始、下家1到下家5分别是 5、0、4…").
    text = _SEAT_RANGE.sub(" ", text)
    # The numbers may be set apart by spaces alone ("2 5 0 3 3 1").
    # ("Going round from the captain the points are 2, 4, 1, 3, 2, 2": the points each put in, from the captain.)
    m = re.search(r"(?:贡献|队长|captain|contribution|contributions)[^\d，。？?]{0,8}?"
                  r"(?:(?:the )?(?:points?|scores?|分数)\s*(?:are|were|is|是|为|:|：)\s*)?"
                  r"(\d+(?:\s*(?:分|点|pts?|points?)?\s*(?:[、,，/]|and)\s*\d+){3,}|\d+(?:\s+\d+){3,})", text) \
        or re.search(r"(?:贡献|contributions?)[^\d。？?]{0,24}?(?:分别|依次|依序|顺序|\brespectively\b|\bin (?:turn )?order\b)"
                     r"(?:是|为|:|：|\bare\b|\bwere\b)?\s*(\d+(?:\s*(?:分|点|pts?|points?)?\s*(?:[、,，/]|and)\s*\d+){3,}"
                     r"|\d+(?:\s+\d+){3,})", text)
    if m:
        return [int(x) for x in re.findall(r"\d+", m.group(1))]
    # "Contributions …, listed captain first and then the 1st, 2nd … players after the captain: 1, 6, 0, 3, 4, 0":
    # the order said, then a colon and the list, in one sentence that names contributions.
    m = re.search(r"(?:贡献|contributions?)[^。？?]{0,60}?(?:captain first|from the captain|starting (?:with|from) the captain|"
                  r"从队长开始|由队长开始|队长开始)[^。？?]{0,80}?[:：]\s*(\d+(?:\s*(?:分|点)?\s*[、,，/]\s*\d+){3,})(?!\s*(?:st|nd|rd|th)\b)",
                  text)
    if m:
        return [int(x) for x in re.findall(r"\d+", m.group(1))]
    return None


_CAPTAIN_THEN_RANGE = re.compile(
    r"(?:队长|captain|\bcap\b)[^\d，,。？?]{0,8}?(\d+)\s*(?:分|点|pts?|points?)?[^\d]{0,6}?"
    r"(?:下家|seats?|p)\s*1\s*(?:到|至|~|～|-|－|—|\bto\b|\bthrough\b)\s*(?:下家|seat|p)?\s*(\d)\s*"
    r"(?:的?(?:贡献|分数)?\s*(?:分别|依次|依序|各)|\brespectively\b)?\s*(?:是|为|:|：|=|\bare\b|\bhad\b|\bput in\b)?\s*"
    r"(\d+(?:\s*(?:分|点)?\s*(?:[、,，/]|\s)\s*\d+)+)")


# "下家1到下家5", "下家1~5", "seats 1 to 5": the seats a list runs over, not numbers of it.
# "队长、下家1、下家2…一直到上家": the seats in turn, spelled out up to the last.
_SEAT_RANGE = re.compile(r"(?:下家|seat|p)\s*\d\s*(?:到|至|~|～|-|－|—|\bto\b|\bthrough\b)\s*(?:下家|上家|seat|p)?\s*\d"
                         r"|(?:队长|下家\s*\d)(?:\s*[、,，]\s*下家\s*\d)*\s*[、,，]?\s*(?:…+|\.{3}|⋯+)?\s*(?:一直)?(?:到|至)\s*上家")


# Where a player says a thing is in hand ("手上", "in my hand").
_IN_HAND_ZH = r"(?:手牌(?:里|中|上)?|手上|手中|手里|手头)"
_IN_HAND_EN = r"in (?:the |my |their |his |her |our |your )?hand"


# How a number is said to be held after where ("手上有1", "手裡還捏著1張").
_HELD = r"\s*(?:还|也|另外|又)?\s*(?:有|捏着?|拿着?|握着?|抓着?|留着?|攥着?|藏着?)?\s*"
# "只有手上2張", "都在手上共3張": all of a thing said to lie in one place.
_WHERE_ONLY = r"\s*(?:只有|才|就|都在|全在|全部在|都是|全是)?\s*"


# "3 金礦小巷 (2 on the table, 1 in hand)": a total, then where its parts lie.
_TOTAL_SPLIT = re.compile(r"(\d+)\s*([^\d()（）,，;；]{1,20}?)\s*[（(]\s*(\d+)\s*(on the table|场上|桌上)\s*[,，、]?\s*"
                          r"(?:and\s+)?(\d+)\s*(in (?:hand|their hand|his hand|her hand)|手上|手里)\s*[)）]")


def _split_total(m: re.Match[str]) -> str:
    """A total whose parts add up to it, told as its parts ("2 金礦小巷 on the table, 1 in hand"); else as it was."""
    if int(m.group(1)) != int(m.group(3)) + int(m.group(5)):
        return m.group()
    return f"{m.group(3)} {m.group(2)} {m.group(4)}, {m.group(5)} {m.group(6)}"


def _record(segment: str, slot: Slot) -> dict[str, int] | None:
    """What one player is said to have, each number next to its thing ("沒有金礦": 0; "a 住持": 1); a number
    said to be in hand with no thing of its own ("場上金礦3、手上1", "3 gold on the table and 3 in hand") is
    more of the thing named before it. None when a thing is named without how many."""
    record: dict[str, int] = {}
    used: set[int] = set()
    last: str | None = None
    in_hand = dict(slot.in_hand)
    if in_hand:
        segment = _TOTAL_SPLIT.sub(_split_total, segment)
    for m in mentions(segment, slot.values):
        before = segment[max(0, m.start - 16):m.start]  # room for "5 of her own memories"
        after = segment[m.end:m.end + 16]  # room for " alleys in their hand"
        value = m.value
        # ("手里还藏着2张金矿小巷": how it is held may come between.)
        if value in in_hand and (re.search(_IN_HAND_ZH + r"(?:的)?" + _HELD + r"(?:\d+\s*(?:张|个)?)?\s*$", before)
                                 or re.match(r"\s*(?:alleys?\s*)?" + _IN_HAND_EN, after)
                                 # "金礦只有手上2張", "金礦都在手上共3張" (no number of it said before: "場上2張金礦 手上1張")
                                 or (re.match(_WHERE_ONLY + _IN_HAND_ZH + r"\s*(?:共有?|一共|总共|有)?\s*\d", after)
                                     and not re.search(r"\d\s*(?:张|个|份)?\s*$", before))):
            value = in_hand[value]
        number = re.search(r"(\d+)\s*(?:张|个|份)?\s*(?:自己的?|(?:of )?(?:(?:her|his|their|my|your) )?own|"
                           r"of (?:her|his|their|my|your))?\s*$", before)
        offset = max(0, m.start - 16)
        if number is not None and offset + number.start(1) in used:
            number = None  # "回憶6金礦2": the 6 was the memories' own, told after them; the alleys' comes after
        if number is None:
            # "回憶只有2張", "金礦才1張", "回憶一共5張": a word of how many may stand before the number.
            # "金礦場上2張": where the things lie may come between them and the number.
            number = re.match(r"\s*(?:路径小卡|路径卡|小卡)?" + _WHERE_ONLY + r"(?:场上|桌上|桌面上?|" + _IN_HAND_ZH[3:-1] + r")?\s*"
                              r"(?:只有|才有?|就有?|共有?|一共|总共|超多有?|很多有?|有|:|：|x|×)?"
                              r"\s*(\d+)"
                              r"(?!\s*(?:张|个)?\s*(?:回忆|memor))", after)
            offset = m.end
        if number:
            count = int(number.group(1))
            used.add(offset + number.start(1))
        elif m.negated:
            count = 0
        elif re.search(r"(?:\ba|\ban|一张|一个|\+|\bplus|加)\s*$", before):  # "3 memories + abbot": one
            count = 1
        else:
            return None
        record[value] = record.get(value, 0) + count
        if value != m.value and number is not None and offset != m.end:
            # "場上1張手裡1張金礦": the number said on the table before the one in hand is of the same thing.
            # ("場上2張加手牌1張金礦小巷": added to the ones in hand.)
            table = re.search(r"(?:场上|桌上|桌面上?)\s*(\d+)\s*(?:张|个)?\s*(?:[、,，和跟及]|加上?|再加上?|另外)?\s*" + _IN_HAND_ZH +
                              _HELD + r"\d+\s*(?:张|个)?\s*$", segment[max(0, m.start - 24):m.start])
            if table:
                record[m.value] = record.get(m.value, 0) + int(table.group(1))
        last = m.value
    for stray in re.finditer(_IN_HAND_ZH + _HELD + r"(\d+)|(\d+)\s*(?:张|个)?\s*" + _IN_HAND_EN, segment):
        start = stray.start(1) if stray.group(1) else stray.start(2)
        if start in used:
            continue
        if last is None:
            return None
        held = in_hand.get(last, last)
        record[held] = record.get(held, 0) + int(stray.group(1) or stray.group(2))
    return record


# A player's record that opens with a bare number ("Ann has 5 own memories; Ben has 3 plus three bamboo path cards;
# Eve has 6", "cap 5 mems, 下家1 3 + abbot"): the number is of the thing the first record opened with.
_BARE_LEAD = re.compile(r"((?:\bhas|\bhave|有|[:：])\s*)(\d+)(?=\s*(?:\+|\bplus\b|\band\b|[,，、;；。.]|加|还有|$))")
# … or a seat then a space and a bare count ("下家1 3 + abbot", "下家2 5張，").
_BARE_SEAT_LEAD = re.compile(r"((?:下家\s*\d|上家|队长|\bcaptain)[)）]?\s+)(\d+(?:\s*(?:张|个))?)"
                             r"(?=\s*(?:\+|\bplus\b|\band\b|[,，、;；。.]|加|还有|$))")


def _elided_lead(text: str, slot: Slot) -> str:
    """The text with the opening thing said again after each record's bare leading number (`_BARE_LEAD`); as it
    was when no record opens with a number and its thing ("5 own memories", "5张回忆")."""
    found = mentions(text, slot.values)
    # A thing heading a list ("own-character memories: captain 5, 下家1 3, …") is the one its bare numbers count.
    first = next((m for m in found if re.match(r"\s*[:：]\s*(?:[^\d,，;；。]{1,40}?\s)?\d", text[m.end:])), None) or \
        next((m for m in found
              if re.search(r"\d+\s*(?:张|个|份)?\s*(?:自己的?|(?:of )?(?:(?:her|his|their|my|your) )?own)?\s*$",
                           text[max(0, m.start - 16):m.start])), None)
    if first is None:
        return text
    thing = text[first.start:first.end]
    for lead in (_BARE_LEAD, _BARE_SEAT_LEAD):
        text = lead.sub(lambda m: f"{m.group(1)}{m.group(2)} {thing}", text)
    # "阿強6張回憶 金礦場上2；小美6張 金礦3張": a clause opening with a name and a bare count, another thing after it.
    # (After 下家 the number is the seat's: "下家2 只有4張回憶".)
    return re.sub(r"((?:^|[；;。])\s*[\u4e00-\u9fff]{1,3}\s*)(\d+)(\s*(?:张|个|份)?)"
                  rf"(?=\s*(?:[,，、]\s*|\s+)(?!\s*{re.escape(thing)})[^\d\s,，、；;。])",
                  lambda m: m.group(0) if m.group(1).strip().endswith("下家") else
                  f"{m.group(1)}{m.group(2)}{'' if thing[0] in '张个份' else m.group(3).strip()}{thing}", text)


# "順序從隊長開始：阿明有…；小華…", "in seat order from the captain: A has …; B has …": players listed by name.
_FROM_CAPTAIN = re.compile(r"(?:顺序|依序|座位顺序)?\s*(?:从|由)(?:今天的?|当天的?)?队长开始(?:依序|顺着下家|往下家|顺时针|按顺序)?|"
                           # "按座位: 队长阿明 6张…": the seat order, opening with the captain
                           r"(?:按|照|依)座位(?:顺序)?(?=\s*[:：]?\s*队长)|"
                           r"(?:in (?:seat |turn |that day's )?order,? |going round |clockwise )?"
                           r"(?:from|starting (?:with|from)) (?:the |(?:today|that day)(?:'s| is) )?captain(?:'s (?:seat|round))?"
                           r"(?: (?:round )?through (?:his|her|their|the captain's) next players)?")
_NAME = re.compile(r"\s*(?:and\s+)?([^\d\s，,、:：;；。.?？!！]{1,6}?|[a-z][a-z'\-]{0,11})\s*"
                   # ("Kai only 4 memories", "阿明只有3張"; "有" alone and "只有" both lead to the record.)
                   r"(?=(?:(?:only|just)\s+(?:has\b|have\b)?\s*(?=\d)|只|才|就)?(?:有|has\b|have\b|[:：]|\d))")


# "四個人都有", "大家都是", "all four of us have": what follows is said of every player.
_EVERY_PLAYER = re.compile(r"\s*(?:我们)?\s*(?:大家|所有人|每个人|\d\s*个人|everyone|everybody|all of us|we all|all \d of us)"
                           r"\s*(?:都|各|全都?|each)?\s*(?:有|是|拿了?|has|have|had|got)\s*")


def _by_attribute(text: str, slot: Slot, players: int | None) -> str | None:
    """The text told thing by thing ("Own memories: Mia 6, Tom 5 … Gold alleys: Mia 1, Tom 2 …", "自己的回憶：阿明5、
    小美5…") rewritten player by player in seat order from the captain ("从队长开始: mia 6 memories, 1 gold
    alleys；tom …"), the seats given by a roster; None unless every block names every player of it."""
    roster, _ = _roster(text, slot, _table_size(text, players))
    if not roster:
        return None
    # In a dispute, what a player claims ("阿強說手牌裡的金礦不算") tells no block.
    for start, end in reversed(claim_spans(text)):
        text = _blanked(text, (start, end))
    names = "|".join(re.escape(n) for n in sorted(roster, key=len, reverse=True))
    told: dict[str, list[str]] = {name: [] for name in roster}
    # A block runs from its heading ("金礦小巷：") to the next; its players may be parted by 、, ， or ；, and a
    # player's record by 、 or ， too ("珊珊場上1張、手上2張").
    blocks: list[str] = []
    for piece in re.split(r"[。；;]|\.(?=\s|$)", _without_asides(text)):
        speaker = re.match(rf"\s*(?:{names})(?![a-z])", piece)
        if speaker and speaks_after(piece, speaker.end()):
            continue  # "阿強說…": a player's claim, no record
        if blocks and speaker:
            blocks[-1] += f"、{piece}"
        else:
            blocks.append(piece)
    for block in blocks:
        every = _EVERY_PLAYER.match(block)
        if every is not None:
            # "四個人都有6張自己的回憶": one record said of every player is each one's.
            things = mentions(block, slot.values)
            number = re.match(r"\s*(\d+)\s*(?:张|个|份)?", block[every.end():])
            if len(things) == 1 and number is not None:
                for name in told:
                    told[name].append(f"{number.group(1)} {block[things[0].start:things[0].end]}")
            continue
        m = re.match(r"\s*([^:：]{1,24})[:：]\s*(.+)$", block)
        things = mentions(m.group(1), slot.values) if m is not None else []
        if len(things) != 1:
            continue
        thing = m.group(1)[things[0].start:things[0].end]
        items = [i for i in re.split(rf"(?:[,，、]|\band\b)\s*(?=(?:and\s+)?(?:{names})(?![a-z]))", m.group(2))
                 if i.strip()]
        said = {}
        sharing: list[str] = []  # "eve and fay none": players named together, then what each has
        for item in items:
            named = re.match(rf"\s*({names})(?![a-z])\s*(.*)$", item)
            if named is not None and not named.group(2).strip() and named.group(1) not in said:
                sharing.append(named.group(1))
                continue
            none_said = named is not None and re.match(r"\s*(?:都?没有?|无|none|nothing|no\b)", named.group(2))
            if named is None or named.group(1) in said or not (re.search(r"\d", named.group(2)) or none_said) \
                    or (sharing and not none_said):
                return None
            for name in (*sharing, named.group(1)):
                said[name] = named.group(2).strip()
            sharing = []
        if sharing:
            return None
        # A player left out of a block has to have said that thing in an earlier one ("小胖只有2張但他金礦有6張"
        # under the memories, then no word of him under the gold alleys).
        if not set(said) <= set(roster) or any(
                things[0].value not in {m.value for m in mentions(" ".join(told[name]), slot.values)}
                for name in set(roster) - set(said)):
            return None
        for name, rest in said.items():
            # The thing said after its (first) number, as a player says it seat by seat: "6 memories", "场上2张金矿小巷
            # 手上1张"; "金矿小巷没有" as it is.
            first = re.match(r"\s*((?:场上|桌上|" + _IN_HAND_ZH + r")?\s*\d+\s*(?:张|个|份)?)(.*)$", rest)
            if first is None and re.fullmatch(r"\s*(?:none|nothing|no\b.*)", rest):
                told[name].append(f"0 {thing}")  # "eve and fay none"
                continue
            told[name].append(f"{first.group(1)} {thing} {first.group(2)}" if first else f"{thing}{rest}")
    if not all(told.values()):
        return None
    order = sorted(roster, key=roster.get)
    # "name:" keeps a player whose record opens with the thing ("小胖: 回忆只有2张…") a name of its own.
    return "从队长开始: " + "；".join(f"{name}: {', '.join(told[name])}" for name in order)


def _named_records(text: str, slot: Slot, question: str) -> list[dict[str, Any]] | None:
    """Per player listed by name in seat order from the captain, the name and what the player has."""
    order = _FROM_CAPTAIN.search(text)
    if order is None:
        return None
    body = re.sub(r"^\s*[:：,，]?\s*", "", text[order.end():])
    body = re.split(r"[。？?！!]|\.\s", body, maxsplit=1)[0]
    parts = [p for p in re.split(r"[；;]", body) if p.strip()]
    if len(parts) == 1:
        # "Ann has 4 memories, Ben has 3 plus four grass path cards, Cid 2, …": players parted by commas.
        parts = [p for p in re.split(r"[,，、]\s*(?:and\s+)?", body) if p.strip()]
    out: list[dict[str, Any]] = []
    thing, counted = "", None  # the thing the first record counts, for a later bare count ("Cid 2"), and its value
    for i, part in enumerate(parts):
        part = re.sub(r"[（(][^）)]{0,12}[）)]", "", part)  # "阿明（队长）4张回忆": the aside says the seat again
        if i == 0:
            part = re.sub(r"^\s*(?:队长|the captain|captain)\s*(?=\S)", "", part)  # "队长阿明 6张回忆": the captain, named
        name = _NAME.match(part)
        if name is None:
            return None
        said = part[name.end():]
        first = next(iter(mentions(said, slot.values)), None)
        lead = re.match(r"\s*(?:has\s+|有)?\d+(?:\s*(?:张|个|份))?", said) if thing else None
        # "Cid 2", "Ben has 3 plus four grass path cards", "小华 6张 场上金矿1", "小美 6张 0金矿": a bare first number
        # is the first record's thing; one right before a thing of its own ("阿强 2金矿") is that thing's.
        if lead and (first is None or (first.value != counted and re.search(r"[\s,，、]|\d", said[lead.end():first.start]))):
            said = f"{said[:lead.end()]} {thing} {said[lead.end():].lstrip()}"
            first = next(iter(mentions(said, slot.values)), None)
        record = _record(said, slot)
        if not thing and first is not None:
            thing, counted = said[first.start:first.end], first.value
        if not record:
            return None
        out.append({"name": _as_written(question, name.group(1), part[name.end(1):name.end(1) + 4]), **record})
    names = [r["name"] for r in out]
    # (A seat's role is no player's name: "顺着下家：阿明…" read "顺着下家" as one.)
    if any(re.search(r"下家|上家|队长|captain", fold(name)) for name in names):
        return None
    return out if len(out) >= 4 and len(set(names)) == len(names) else None


def _as_written(question: str, folded: str, after: str) -> str:
    """A name as the question writes it (its script and case), found by the folded name and what follows it."""
    folded_question = fold(question)
    if len(folded_question) == len(question):  # folding kept every character's place
        # By what follows it first; else by the name alone, when it stands as a word ("Mia (captain), Tom").
        m = re.search(re.escape(folded + after), folded_question) or \
            re.search(rf"(?<![a-z]){re.escape(folded)}(?![a-z])", folded_question)
        if m:
            return question[m.start():m.start() + len(folded)]
    if folded.isascii():
        # Folding moved characters ("……"): a Latin name is found in the question whatever its case.
        m = re.search(rf"(?<![A-Za-z]){re.escape(folded)}(?![A-Za-z])", question, re.IGNORECASE)
        if m:
            return m.group()
    return folded


def _roles_told(text: str, roles: list[re.Match[str]]) -> list[re.Match[str]]:
    """The seat roles that tell a seat: not those in brackets right after a role, which say it again
    ("Last seat (the captain's 上家): …")."""
    kept: list[re.Match[str]] = []
    for role in roles:
        # ("the player right before the captain in turn order (his 上家)": a few words may come before the bracket.)
        if kept and re.fullmatch(r"[^()（）,，;；。]{0,20}?[(（][^)）]*", text[kept[-1].end():role.start()]):
            continue
        kept.append(role)
    return kept


def _seat_records(text: str, slot: Slot, players: int | None, question: str = "") -> list[dict[str, Any]] | None:
    """Per seat, in seat order from the captain, the numbers of the things it is said to have ("隊長有5張回憶、
    2張金礦小巷；下家1有6張回憶…", "captain has 6 memories and 1 gold alley; …"), or per player named in that
    order. Every seat of the table must be told; otherwise nothing is read."""
    # In a dispute, a seat that speaks ("下家1說…") or is spoken of inside a claim tells no record.
    for start, end in reversed(claim_spans(text)):
        text = _blanked(text, (start, end))
    text = _shared_records(text)
    roles = _roles_told(text, [r for r in _SEAT_ROLE.finditer(text) if not speaks_after(text, r.end())])
    n_players = _table_size(text, players)

    def by_name() -> list[dict[str, Any]] | None:
        named = _named_records(text, slot, question)
        return named if named is not None and n_players in (None, len(named)) else None

    if len(roles) <= 1:
        return by_name()
    # ("from the captain through his next players: Ann has 4 …": the roles say the order, the names the records.)
    by_role = _records_by_role(text, slot, roles, n_players or len(roles))
    if by_role and question:
        # "隊長是阿明…他下家小美：回憶6張…": records told by role, of players the question names, carry the names.
        names = seat_names(question)
        if sorted(names) == list(range(len(by_role))) and all("name" not in r for r in by_role):
            by_role = [{"name": names[k], **record} for k, record in enumerate(by_role)]
    return by_role or by_name()


def _records_by_role(text: str, slot: Slot, roles: list[re.Match[str]], n_players: int) -> list[dict[str, Any]] | None:
    """Per seat, the record told after each seat's role; None unless every seat of the table is told."""
    records: dict[int, dict[str, int]] = {}
    seat: int | None = None
    for i, role in enumerate(roles):
        segment = text[role.end():roles[i + 1].start() if i + 1 < len(roles) else len(text)]
        if not re.search(r"\d", segment) and _record(segment, slot) == {}:
            continue  # "starting from the captain: the captain has 5 …": a role that tells no one's record
        # "他下家小華…；再下家阿美…": a role counting from the seat told just before.
        seat = (seat + 1 if seat is not None else None) if _RELATIVE_ROLE.search(role.group(1)) \
            else _seat(text, role.group(1), n_players)
        if seat in records and not re.search(r"\d", segment):
            continue  # "整場老張一直在抱怨抽不到回憶": a seat told again without a number adds nothing to its record
        record = _record(segment, slot)
        # A seat told again says other things of it ("memories: … gold alleys: 隊長 1 on the table"), never the same.
        if seat is None or not record or set(records.get(seat, {})) & set(record):
            return None
        records[seat] = {**records.get(seat, {}), **record}
    if len(records) < 4 or sorted(records) != list(range(n_players)):
        return None
    return [records[s] for s in range(n_players)]


# Records told clause by clause, one player a clause, in turn order from the captain's ("隊長小林有5張回憶…；下家阿珍有…；
# 再來老王只有3張回憶…；小李有5張回憶…", "Anna was captain today: 6 of her memories…. Next to her Ben: 5 memories…. Then
# Cat: …"): the words that lead a clause to its player, and the player's name.
_CLAUSE_END = re.compile(r"[；;。!！?？]|\.(?=\s|$)")
_CLAUSE_LEAD = re.compile(
    r"^\s*(?:(?:at the end|in the end|by the end|game's over|finally|lastly|and then|then|and|next to (?:her|him|them)|"
    r"next(?: (?:after|to) (?:her|him|the captain))?(?: in (?:turn|line|order))?|after (?:her|him|that)|"
    r"最后(?:一位|一个)?是?|然后是?|接[着著]是?|再来是?|再下一?(?:位|个|家)是?|再下去是?|再往下是?|(?:[他她]的?|队长的?)?下家\s*\d?是?|"
    r"上家是?|队长是?|(?:the )?captain(?:'s next player)?)\s*[,，:：]?\s*)*")
_OF_EVERYONE = re.compile(r"大家|所有人|每个人|没有人|没人|\b(?:everyone|everybody|nobody|no one|all of us)\b")
_CLAUSE_CAPTAIN = re.compile(r"队长|\bcaptain\b(?!'s)")
_CLAUSE_AFTER_NAME = re.compile(r"\s*(?:(?:\bis|\bwas)\s+(?:the\s+)?captain(?:\s+(?:today|that day))?|[(（](?:the\s+)?"
                                r"(?:(?:今天|当天|那天)的?)?(?:captain|队长)(?:\s*(?:today|that day|今天|当天|那天))?[)）]|(?:是|当)?(?:今天|当天)?的?队长)?")


def _records_clause_by_clause(text: str, slot: Slot, players: int | None, question: str) -> list[dict[str, Any]] | None:
    """Per player told in a clause of its own (see `_CLAUSE_LEAD`), in seat order from the captain: the name and what
    the player has. The first clause telling a record is the captain's, by a roster or by its own words; the next
    ones are the seats after it in turn, which the question must say it follows; a role a clause names must be the
    seat it comes to. None unless every seat of the table is told once."""
    roster, _ = _seat_roster(text, players)
    n_players = _table_size(text, players)
    out: list[dict[str, Any]] = []
    seats: list[int] = []
    for clause in _CLAUSE_END.split(text):
        if _OF_EVERYONE.search(clause):
            continue  # "大家都沒有住持": said of every player, no one player's record (what is not said is none)
        lead = _CLAUSE_LEAD.match(clause)
        rest = clause[lead.end():]
        name = re.match(rf"({_SEQ_CJK_NAME}|{_SEQ_EN_NAME})(?![a-z'\-])", rest)
        if name is None or name.group(1) in _SEQ_NOT_NAMES:
            continue
        body = rest[name.end():]
        as_captain = _CLAUSE_AFTER_NAME.match(body)
        body = body[as_captain.end():]
        record = _record(body, slot)
        if not record:
            continue
        if name.group(1) in roster:
            seat = roster[name.group(1)]
        elif not out:
            if not _CLAUSE_CAPTAIN.search(clause[:lead.end()] + as_captain.group()):
                return None  # the first player told is not said to be the captain
            seat = 0
        else:
            seat = seats[-1] + 1
        role = _SEAT_ROLE.search(clause[:lead.end()])
        if role is not None and not _RELATIVE_ROLE.search(role.group(1)):
            told = _seat(text, role.group(1), n_players or None)
            if told is not None and told != seat:
                return None
        out.append({"name": _as_written(question, name.group(1), rest[name.end():name.end() + 4]), **record})
        seats.append(seat)
    n = n_players or len(out)
    if not 4 <= n <= 6 or sorted(seats) != list(range(n)) or (not roster and not _SEQ_ORDER.search(text)):
        return None
    return [record for _, record in sorted(zip(seats, out), key=lambda pair: pair[0])]


# One thing counted for every seat, listed in seat order from the captain ("captain first: 5, 3, 4, 5 and 6
# memories", "回憶照隊長開始分別是五、四、三、五張"): the order said, then the list.
_LIST_NUMBER = r"(?:\d+|[一二两三四五六七八九十零])"
_LISTED_FROM_CAPTAIN = re.compile(
    r"(?:\bcaptain first\b|\bfrom the captain\b|\bstarting (?:with|from|at) the captain\b|\bin seat order\b|"
    r"(?:从|由|照|按|依)?队长(?:开始|起)(?:往下家|往下)?)"
    rf"[^\d。；;？?!！]{{0,24}}?({_LIST_NUMBER}(?:\s*(?:张|个|份)?\s*(?:[、,，/]|\band\b|,\s*and\b)\s*{_LIST_NUMBER}){{3,5}})")


def _records_listed(text: str, slot: Slot, players: int | None) -> list[dict[str, Any]] | None:
    """Per seat, the one thing a list in seat order from the captain counts (`_LISTED_FROM_CAPTAIN`); None unless the
    clause around the list names exactly one thing of the records and the list is as long as the table."""
    m = _LISTED_FROM_CAPTAIN.search(text)
    if m is None:
        return None
    start = max((e.end() for e in re.finditer(r"[。；;？?!！]|\.(?=\s)", text[:m.start()])), default=0)
    after = re.compile(r"[，,。；;？?!！]|\.(?=\s|$)").search(text, m.end(1))
    end = after.start() if after else len(text)
    things = {mention.value for mention in mentions(text[start:end], slot.values) if not mention.negated}
    numbers = [int(n) if n.isdigit() else CN_DIGITS.get(n, 0) for n in re.findall(_LIST_NUMBER, m.group(1))]
    n_players = _table_size(text, players)
    if len(things) != 1 or n_players not in (None, len(numbers)) or not 4 <= len(numbers) <= 6:
        return None
    thing = things.pop()
    return [{thing: n} for n in numbers]


_PLAIN_ROLE = r"(?:队长|下家\s*\d|上家)"
# "依隊長、下家1、下家2、下家3分別是2、5、0、4", "captain, next player, … with 2, 5, 0 and 4 respectively": the seats
# listed, then their numbers in the same order.
_SEATS_THEN_NUMBERS = re.compile(
    rf"({_PLAIN_ROLE}|下家)((?:\s*(?:[、,，]|和|及|与|跟|\band\b)\s*(?:{_PLAIN_ROLE}|下家))+)[^\d。；;？?]{{0,12}}?"
    r"(?:(?:分别|各自|依次|依序|依照顺序|按顺序)\s*(?:是|为|有|贡献了?|出了?)?|是|为|[:：])\s*[:：]?\s*"
    r"(\d+(?:\s*(?:[、,，/]|和|及)\s*\d+)+)")


def _respectively(text: str) -> str | None:
    """The seats listed with their numbers after them in the same order (`_SEATS_THEN_NUMBERS`) written seat by
    seat ("队长 2、下家1 5、…"); None when the text lists none, or the two lists differ in length."""
    m = _SEATS_THEN_NUMBERS.search(text)
    if m is None:
        return None
    roles = re.split(r"\s*(?:[、,，]|和|及|与|跟|\band\b)\s*", (m.group(1) + m.group(2)).strip())
    numbers = re.findall(r"\d+", m.group(3))
    if len(roles) != len(numbers):
        return None
    return text[:m.start()] + "、".join(f"{r} {n}分" for r, n in zip(roles, numbers)) + text[m.end():]


# "队长, 下家1 and 下家2 each show 6 memories", "隊長、下家1跟下家2都有6張回憶": one record told of several seats.
_SHARED_RECORD = re.compile(rf"({_PLAIN_ROLE}(?:\s*[,，、]\s*{_PLAIN_ROLE})*\s*(?:,?\s*\band\b|和|跟|与|、)\s*{_PLAIN_ROLE})"
                            rf"\s*(?:\beach\b|\ball\b|\bboth\b|都|各)\s*([^;；。.,，]*)")


def _shared_records(text: str) -> str:
    """The text with a record told of several seats at once told of each of them."""
    def each(m: re.Match[str]) -> str:
        return "; ".join(f"{role} {m.group(2).strip()}" for role in re.findall(_PLAIN_ROLE, m.group(1)))

    return _SHARED_RECORD.sub(each, text)


# Between an owner and the thing owned: "紅色魔杖", "紅色玩家的治療藥水", "the green player's wand", "yellow's necklace".
# ("蓝色一根魔杖", "綠色的一瓶藥水": one of them, counted between the owner and the thing.)
_OWNER_GAP = re.compile(r"[\s的]*(?:"
                        # "Red's face-down item flips first and turns out to be a blank"
                        r"(?:'s|player'?s?)\s+(?:[a-z\-]+\s+){0,7}?(?:turns out to be|turned out to be|is|was|reveals|"
                        r"revealed|shows|showed)(?: a| an| the)?\s*$|"
                        r"(?:玩家的?|player'?s?|'s)?\s*(?:的|a|an|the|[那这](?:个|张|根|瓶|条|串|枚|片)是?|"
                        r"(?:的\s*)?[一1]\s*(?:个|张|根|瓶|条|串|枚|片|支)|(?:[，,]\s*)?(?:也|则|就)?是|(?:one )?(?:turns out to be|"
                        r"turned out to be|is|was)(?: a| an| the)?)?\s*)")


def _owner_before(text: str, owners: list[Mention], thing: Mention) -> Mention | None:
    """The owner written just before a thing named in the text, if any."""
    return next((o for o in reversed(owners) if o.end <= thing.start and
                 _OWNER_GAP.fullmatch(text, o.end, thing.start)), None)


_WHO_MAY_USE = re.compile(r"s?\s*(?:只能|只|都)?\s*(?:给|归|(?:are|is) (?:only )?for\b|as\b|go(?:es)? to\b)"
                          r"[^，,。.;；]{0,12}?(?:或|\bor\b|/)")


# The rest of a clause that asks where things go ("各給誰？", "分別到誰身上", " go to whom?").
_ASKED_AFTER = re.compile(r"[^，,。.;；]{0,10}?(?:谁|哪|\bwho\b|\bwhich\b|\bwhere\b|\bwhom\b)[^，,。.;；]{0,10}?[?？]")


def _markers(text: str, slot: Slot) -> list[list[Any]] | None:
    """Owned things in order of mention, each with the owner written just before it ("紅色魔杖、綠色空白",
    "a yellow healing potion", "the green player's wand"); a thing without its owner leaves them all unread, unless
    its kind was told with an owner before and it is named again as someone's ("他的魔杖")."""
    owners = mentions(text, slot.owners)
    out: list[list[Any]] = []
    claims = claim_spans(text)
    for m in mentions(text, slot.values):
        if m.negated or _WHO_MAY_USE.match(text, m.end):
            continue  # "魔杖給戰士或巫師", "wands as warrior gear": a house rule about the kind, not a marker
        owner = _owner_before(text, owners, m)
        if owner is None:
            if any(kind == m.value for _, kind in out) and (any(s <= m.start < e for s, e in claims) or re.search(
                    r"(?:他|她|我|你)的\s*$|\b(?:his|her|my|your|their)\s+$", text[max(0, m.start - 6):m.start])
                    or _ASKED_AFTER.match(text, m.end)
                    or (re.search(r"\b(?:where|who|whom|which)\b[^,.;，。；?？]{0,24}$", text[max(0, m.start - 30):m.start])
                        and re.match(r"[^,.;，。；]{0,16}[?？]", text[m.end:]))):
                # "兒子是綠色，他的魔杖會到誰身上？": one of a kind told with its owner, named again as someone's;
                # "…、藍色魔杖。每根魔杖各給誰？": or in the question asked of the markers told, or in a claim of a
                # dispute ("我說空白直接退回").
                continue
            return None
        if [owner.value, m.value] in out:
            continue  # a player reveals one marker a round: named again ("綠色那根魔杖去哪？"), it is the one told
        out.append([owner.value, m.value])
    return out or None


# "全部pass", "all pass": one value for every seat named with it or just before it.
# ("下家3 and the captain pass": seats joined by "and" with the plural verb share it.)
_SHARED = re.compile(r"全部|全都|都|一起|\ball\b|\beach\b|\bboth\b|\band\b[^,;.]*\b(?:pass|play|drop)\b")
# "最后一天队长是阿凯": the day it was may come first; "然后轮到小明": the turn coming to a seat names it too.
# "他的下家1是小李": the captain's seats, said of the captain just named.
_SEAT_HEAD = (rf"\s*(?:(?:我们|咱们)?\s*[\d一二两三四五六]\s*(?:人局|个人)\s*)?(?:(?:最后一天|今天|当天|那天|昨天|这局|这把)的?\s*)?(?:(?:他|她|队长)的?\s*)?"
              rf"(?:{_SEAT_ROLE.pattern}|(再来|接[着著]是|然后是|接[着著]|然后))\s*(?:是|轮到)?\s*")
# A name does not begin with a word that says what the seat did or has ("隊長沒去", "下家2有6分", "隊長卡要給誰").
_NOT_A_NAME_START = r"(?![有是也和跟与及的出去只都各没还才就共要会能])(?!卡(?:要|给|交|的|是))"
_NAME_OF_SEAT = re.compile(_SEAT_HEAD + _NOT_A_NAME_START + r"([\u4e00-\u9fff]{1,4}|[a-z][a-z'\-]{0,11})\s*")
# A record told right after the seat and its name ("隊長阿明 回憶5張", "他下家小華6張回憶"): the name ends where the
# record begins, at a space, a number or a word that starts one.
_NAME_OF_SEAT_BEFORE_RECORD = re.compile(_SEAT_HEAD + _NOT_A_NAME_START + r"([\u4e00-\u9fff]{1,4}?|[a-z][a-z'\-]{0,11})"
                                         r"(?=\s|\d|自己|有|回忆|金矿|出了|贡献|只有|也)")


_LISTED_NAME = r"(?:[\u4e00-\u9fff]{1,4}|[a-z][a-z'\-]{0,11})"
# "下家依次是小李、小張、阿芳" (after the captain, in turn order): the names are the seats 1, 2, 3, …
# "顺着出牌是阿杰、Lily、小美", "出牌顺序阿杰、Lily、小美", "然后依序小芸、宗翰": said of the turn order without 下家, the
# names must come up again in the question (a list of cards is no roster).
_LISTED_SEATS = re.compile(
    # ("往下家數是…": counted toward the next player.)
    r"(?:(?:往下家(?:方向)?(?:数|算)?|从(?:队长的?|[他她]的?)?下家(?:开始|数?起|算起))\s*(?:轮流?|依次|依序|按顺序|顺序|分别)?|"
    # "順著下家是…", "按下家順序接著是…", "按阿強往下家數依次是…"
    r"(?:顺[着著]|按|照)\s*(?:[\u4e00-\u9fff]{1,3}?\s*)?往?下家(?:方向|顺序)?数?\s*(?:接[着著]|然后)?\s*(?:依次|依序)?|"
    r"下家\s*(?:依次|依序|按顺序|顺序|分别)|(?:依次|依序|按顺序)\s*(?:的)?\s*下家|"
    r"(?P<order>顺[着著](?:出牌)?(?:顺序)?|出牌顺序(?:\s*(?:接[着著]|然后))?|座位顺序(?:就)?|(?:然后|接[着著])?\s*(?:依次|依序)))"
    r"\s*(?:是|为|:)?\s*"
    rf"(?P<names>{_LISTED_NAME}(?:\s*(?:[（(][^）)]{{0,16}}[）)])?\s*[、,]\s*(?:然后轮到|然后是|再来是|然后|再来|最后是|最后|轮到)?\s*"
    rf"{_LISTED_NAME})+(?:\s*[（(][^）)]{{0,16}}[）)])?)(?=\s*(?:[、,.。;；!！?？)）]|$))")


# "going round from her to the left it's Ben, Cal, Dee, then Fay", "in turn order after the captain: Ray, Sam and
# Tia": the names are the seats 1, 2, 3, … after the captain.
_EN_NAME = r"[a-z][a-z'\-]{0,11}"
# A name's aside in the list: "(the captain)", "Bob is her next player", "Eve sits right before Ana".
_EN_NAME_NOTE = (r"(?:\s*\([^)]{0,60}\)|\s+is (?:her|his|their|the captain's) next(?: player)?|"
                 r"\s+as (?:her|his|their|the captain's) (?:上家|previous player|last player)|"
                 r",?\s+(?:sits|sitting|who sits|is the one sitting|is) (?:right |just |directly )?(?:before|after) [a-z]+)")
# "Amy (captain), then her 下家 Ben, Cat, …": the seat after the captain named before the name that takes it.
_HER_NEXT = r"(?:(?:her|his|their|the captain's) (?:下家1?|next player)\s+)"
_LISTED_SEATS_EN = re.compile(
    r"(?:(?:going (?:a)?round|to (?:her|his|their|the captain's) left|turn order|seating order|seat order|clockwise|"
    r"seats (?:going round )?from (?:the |(?:today|that day) is )?captain|"
    # "(Ann is captain and) the seats after her go Bo, Cy, Di"
    rf"(?:\b(?P<captain_is>{_EN_NAME}) is (?:the )?captain,?\s+(?:and\s+)?)?the seats after (?:her|him|them|the captain)|"
    # "her next player is Noah, then Olive, …"
    r"downstream|(?:her|his|their|the captain's) next player)"
    r"[^.;:?!]{0,30}?(?:\bit's|\bit is|\bthey're|\bthey are|\bwe have|\bis|\bare|\bgo|:)\s+|"
    # "Captain Ana; then Ben, Cal, Dee, and Eve"
    rf"\bcaptain (?:is |was )?(?P<captain>{_EN_NAME})\s*[;,.]\s*then\s+)"
    # ("and then" before "and": "eve, and then frank" names Frank, not a player called "then".)
    rf"(?P<names>{_EN_NAME}(?:{_EN_NAME_NOTE}?\s*,\s*(?:and then\s+|then\s+|and\s+)?{_HER_NEXT}?{_EN_NAME}|"
    rf"{_EN_NAME_NOTE}?\s*,?\s+(?:and then|then|and)\s+{_EN_NAME})+{_EN_NAME_NOTE}?)")
_NOT_NAMES = {"the", "then", "and", "a", "an", "he", "she", "they", "it", "i", "im", "ive", "we", "you", "captain", "player",
              "next"}


def _listed_seats(text: str) -> tuple[list[str], tuple[int, int], int] | None:
    """The names listed in turn order after the captain, where the list stands in the text, and the seat of the
    first name (0 when the list starts with the captain: "Mia (captain), Noah, Olga")."""
    first = 1
    m = _LISTED_SEATS.search(text)
    if m is not None:
        listed = re.sub(r"[（(][^）)]*[）)]", "", m.group("names"))
        names = [re.sub(r"^(?:然后轮到|然后是|再来是|然后|再来|最后是|最后|轮到)", "", n.strip())
                 for n in re.split(r"[、,]", listed)]
        rest = text[:m.start()] + " " + text[m.end():]
        if m.group("order") and not all(re.search(_name_pattern(n), rest) for n in names):
            return None
        # "隊長是小王，座位順序小王、小李、小張": a list of the seats in order may start with the captain.
        # ("從拿隊長牌的小明開始往下家數是小明、阿華…": counted from the captain, the captain first.)
        if names and re.search(rf"队长\s*(?:是|为)?\s*{re.escape(names[0])}|{re.escape(names[0])}\s*(?:是|当|做)\s*"
                               r"(?:今天|当天|那天|最后一天)?的?\s*队长|"
                               rf"(?:从|由)[^，,。；;]{{0,12}}?队长[^，,。；;]{{0,6}}?的\s*{re.escape(names[0])}\s*开始", rest):
            first = 0
    else:
        m = _LISTED_SEATS_EN.search(text)
        if m is None:
            return None
        listed = re.sub(_HER_NEXT, "", re.sub(_EN_NAME_NOTE, "", m.group("names")))
        names = [n.strip() for n in re.split(r"\s*,\s*(?:and then\s+|then\s+|and\s+)?|\s+(?:and then|then|and)\s+",
                                              listed)]
        if any(n in _NOT_NAMES for n in names):
            return None
        first = 0 if re.match(rf"\s*{_EN_NAME}\s*\((?:the\s+)?captain\)", m.group("names")) else 1
        captain = m.group("captain") or m.group("captain_is")
        if captain and captain not in _NOT_NAMES:
            names, first = [captain, *names], 0
    return (names, m.span(), first) if all(names) and len(set(names)) == len(names) else None


def _name_pattern(name: str) -> str:
    """A player's name as a whole word: a Latin name not inside a longer word ("ben" in "bench"); a Chinese one
    anywhere ("阿杰pass")."""
    return rf"(?<![a-z]){re.escape(name)}(?![a-z])" if name.isascii() else re.escape(name)


def _blanked(text: str, span: tuple[int, int]) -> str:
    """The text with `span` blanked out, every other position kept."""
    return text[:span[0]] + " " * (span[1] - span[0]) + text[span[1]:]


def _within_brackets(part: str) -> str:
    """A part of a text split at its commas with the bracket it opens or closes cut off ("5人局（那天隊長是阿凱" →
    "那天隊長是阿凱", "珊珊）" → "珊珊"); a bracket opened and closed within it stays."""
    opened = max(part.rfind("（"), part.rfind("("))
    if opened >= 0 and not re.search(r"[)）]", part[opened:]):
        part = part[opened + 1:]
    closed = min((i for i in (part.find("）"), part.find(")")) if i >= 0), default=-1)
    if closed >= 0 and not re.search(r"[(（]", part[:closed]):
        part = part[:closed]
    return part


def _without_asides(text: str) -> str:
    """The text with every aside in brackets blanked out, every other position kept."""
    return re.sub(r"[(（][^()（）]*[)）]", lambda m: " " * len(m.group()), text)


# "阿凱當隊長", "Jo is captain": a name told before the captain's role.
# ("今天奶奶當隊長": the day said before the name is no part of it.)
# ("那一天老王拿着队长卡": holding the captain card is being the captain.)
_NAME_AS_CAPTAIN = re.compile(r"\s*(?:(?:今天|当天|那天|那一天|这局|这把|最后一天)(?=[\u4e00-\u9fff]{1,4}\s*(?:当|是|做|担任|拿|持有|握)))?"
                              r"([\u4e00-\u9fff]{1,4}|[a-z][a-z'\-]{0,11})\s*(?:(?:拿着|拿了|持有|握着)\s*(?:圆形的?)?队长(?:卡|牌)|"
                              r"(?:当|是|做|担任|\bis\b|\bwas\b|\bas\b)\s*"
                              r"(?:the\s+|(?:当天|今天|那天|最后一天)的?)?(?:队长|captain)(?:\s+(?:today|that day))?|"
                              r"\b(?:has|holds|had|held|got)\s+the\s+captain(?:'s)?"
                              r"(?:\s+card)?(?:\s+(?:today|that day))?|\s*[(（](?:the\s+)?(?:队长|captain)[)）])\s*")


def _roster_part(part: str, slot: Slot | None) -> tuple[str, str | None, str, int] | None:
    """(role, relative marker, name, where the naming ends) of a part that gives a seat a name ("下家1小玉",
    "阿凱當隊長", "隊長阿明 回憶5張"), else None."""
    m = _NAME_OF_SEAT.fullmatch(part)
    if m is None and slot is None:
        # Reading the roster alone (no slot to tell a value from a name), a record may follow the name.
        m = _NAME_OF_SEAT_BEFORE_RECORD.match(part)
    if m is not None:
        if (slot is not None and mentions(m.group(3), slot.values)) or re.search(r"出|pass|打", m.group(3)):
            return None
        return m.group(1), m.group(2), m.group(3), m.end()
    m = _NAME_AS_CAPTAIN.fullmatch(part)
    if m is not None and not re.search(r"出|pass|打", m.group(1)) and m.group(1) not in ("i", "who", "谁", "我"):
        return "队长", None, m.group(1), m.end()
    return None


# A name with its seat's role beside it: "Amy (下家1)", "阿明(captain)", "Dan is Tom's 上家", "Eve is the captain's
# previous player", "Amy sits right after him as 下家1".
_ABSOLUTE_ROLE = r"队长|captain|下家\s*\d|上家|seat\s*\d|(?:the )?(?:last|previous) player"
_NAME_WITH_ROLE = re.compile(
    rf"(?<![a-z\u4e00-\u9fff])(?:最后|再来|然后|接着|接著|还有|以及)?({_LISTED_NAME})\s*[（(]\s*(?:the\s+)?(?:队长的|captain's\s+)?"
    rf"({_ABSOLUTE_ROLE})\s*[)）]|"
    rf"(?<![a-z])({_EN_NAME})\s+(?:is|was|sits as)\s+(?:[a-z]+'s|his|her|their|the captain's)\s+({_ABSOLUTE_ROLE})\b|"
    rf"(?<![a-z])({_EN_NAME})\s+sits\s[^,.;]{{0,24}}?\bas\s+({_ABSOLUTE_ROLE})(?![\d])|"
    # "佳佳是隊長的上家", "小陳就是他的上家" (a name of no word that says what happened: "出團的是隊長的上家" names none)
    r"(?<![\u4e00-\u9fff])((?:(?![的是出去有和跟])[\u4e00-\u9fff]){1,4}|[a-z][a-z'\-]{0,11})\s*(?:也就|就)?是\s*"
    r"(?:队长|他|她)的\s*(上家|下家\s*\d)")


def _roles_beside_names(text: str, players: int | None) -> dict[str, int] | None:
    """Names told with their seat's role beside them (see `_NAME_WITH_ROLE`); None when a name is told two seats."""
    out: dict[str, int] = {}
    for m in _NAME_WITH_ROLE.finditer(text):
        name = m.group(1) or m.group(3) or m.group(5) or m.group(7)
        role = m.group(2) or m.group(4) or m.group(6) or m.group(8)
        if name in _NOT_NAMES:
            continue
        seat = _seat(text, role, players)
        if seat is None or out.get(name, seat) != seat:
            return None
        out[name] = seat
    return out


# "Amy sits right after him as 下家1, then Ben, Cara and Dan": the names after a seated name's "then" take the seats
# after it in turn ("…, and Eve is Tom's 上家" tells its own seat).
_THEN_NAME = rf"(?!(?:and|then)\b){_EN_NAME}"
_THEN_NAMES = re.compile(rf",\s*(?:and\s+)?then,?\s+(?:in (?:play|turn|seat) order,?\s+|going round,?\s+)?({_THEN_NAME}(?:\s*,\s*(?:and\s+)?{_THEN_NAME}|\s+and\s+{_THEN_NAME})*)"
                         rf"(?![a-z'\-])(?!\s+(?:is|was|sits)\b)")


# "阿凱的上家是志明": a name, its seat's role, then the name of who sits there.
_CAPTAINS_ROLE_IS = re.compile(rf"(?<![\u4e00-\u9fff])({_LISTED_NAME}?)的\s*(上家|下家)\s*(?:是|为)\s*"
                               rf"((?:(?![的是出去有和跟])[\u4e00-\u9fff]){{1,4}}|[a-z][a-z'\-]{{0,11}})(?![\u4e00-\u9fff])")
# ("就是阿寶的上家" explains a name told before it: 就, 也, 他 are no names.)
_SITS_AS_CAPTAINS_ROLE = re.compile(rf"(?<![\u4e00-\u9fff])(?![就也才都还正刚他她我你])((?:(?![的是坐在])[\u4e00-\u9fff]){{1,4}}|[a-z][a-z'\-]{{0,11}})\s*"
                                    rf"(?:坐在|坐|是)\s*({_LISTED_NAME}?)的\s*(上家|下家)")
# "他的下家是小瑜，再來依序是阿光、Amy": the Chinese "then" list behind a seated name.
_THEN_NAMES_ZH = re.compile(rf"[，,]\s*(?:再来|然后|接[着著]|接下来|再下去)\s*(?:依序|依次|按顺序|顺序)?\s*(?:是|为)?\s*"
                            rf"({_LISTED_NAME}(?:\s*(?:、|和|跟)\s*{_LISTED_NAME})+)(?=\s*[，,。;；)）]|$)")


def _seats_after_then(text: str, out: dict[str, int]) -> dict[str, int] | None:
    """The seats of the names listed after "then" behind one seated name of its clause (`_THEN_NAMES`,
    `_THEN_NAMES_ZH`); None when such a list contradicts a seat already told."""
    added: dict[str, int] = {}
    for m in [*_THEN_NAMES.finditer(text), *_THEN_NAMES_ZH.finditer(text)]:
        clause = re.split(r"[,.;:!?，。；]", text[max(0, m.start() - 60):m.start()])[-1]
        anchors = [n for n in out if re.search(_name_pattern(n), clause)]
        names = [n for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*(?:、|和|跟)\s*", m.group(1).strip()) if n]
        if len(anchors) != 1 or any(n in _NOT_NAMES for n in names) or len(set(names)) != len(names) \
                or all(n in out for n in names):
            continue  # (names all seated already: turns told in order, "and then Cal, Dee and Ana all pass")
        seats = {name: k for k, name in enumerate(names, start=out[anchors[0]] + 1)}
        if any({**out, **added}.get(name, k) != k for name, k in seats.items()):
            return None
        added.update(seats)
    return added


def _roster(text: str, slot: Slot | None, players: int | None) -> tuple[dict[str, int], tuple[int, int] | None]:
    """Names given to seats ("隊長阿傑，下家小婷、再來大雄、上家胖虎", "隊長是老王，下家依次是小李、小張"): name →
    seat, each name told in a part of its own right after its role, the next seat written as 再來/然後, or
    listed in turn order after the captain; with where such a list stands (it names seats, it plays nothing)."""
    out: dict[str, int] = {}
    seat: int | None = None
    short = False
    listed = _listed_seats(text)
    if listed:
        text = _blanked(text, listed[1])
        names, _, first = listed
        # "出牌顺序阿杰、Lily、小美，然后轮到小明": the turn order may come round to the captain again.
        round_again = players is not None and len(names) == players - first + 1 and \
            re.search(rf"(?:队长|captain)\s*(?:是|is)?\s*{re.escape(names[-1])}(?![a-z])", text)
        # "依序下家是小華、小玲、志強，佳佳是隊長的上家": the list may stop before the last seat, told on its own.
        short = players is not None and len(names) == players - first - 1
        if players is not None and len(names) != players - first and not round_again and not short:
            return {}, None
        out.update({name: k + first for k, name in enumerate(names)})
    # ("結束了 隊長阿明6張回憶 金礦場上1": in Chinese, a space between words is a pause, as a comma is.)
    for part in re.split(r"[，,、；;。!！?？:：]|\.(?=\s|$)|(?<=[\u4e00-\u9fff\d)])\s+(?=[\u4e00-\u9fff])", text):
        # "5人局（那天隊長是阿凱，接著依序是…）": a seating told in brackets is told all the same.
        told = _roster_part(_within_brackets(part), slot)
        if told is None:
            continue
        role, marker, name, _ = told
        relative = marker or _RELATIVE_ROLE.search(role)
        if relative and name in out:
            # "然後小傑、阿雯都Pass": a seated player's turn coming round again, told after the seating.
            seat = out[name]
            continue
        seat = (seat + 1 if seat is not None else None) if relative else _seat(text, role, players)
        if seat is None:
            return {}, None
        if name in out:
            # Told twice: the same seat (the order come round to the captain) is no contradiction.
            if not players or out[name] % players != seat % players:
                return {}, None
            seat %= players
        out[name] = seat
    beside = _roles_beside_names(text, players)
    if beside is None:
        return {}, None
    for name, seat in beside.items():
        if out.get(name, seat) != seat or (name not in out and seat in out.values()):
            return {}, None
        out[name] = seat
    # "阿凱的上家是志明", "小陈坐在老王的上家": a seat told from the captain by the captain's name.
    told_from_captain = [(m.group(1), m.group(2), m.group(3)) for m in _CAPTAINS_ROLE_IS.finditer(text)] + \
        [(m.group(2), m.group(3), m.group(1)) for m in _SITS_AS_CAPTAINS_ROLE.finditer(text)]
    for captain, role, name in told_from_captain:
        if out.get(captain) == 0 and name not in _NOT_NAMES:
            seat = _seat(text, role, players)
            if seat is None or out.get(name, seat) != seat or (name not in out and seat in out.values()):
                return {}, None
            out[name] = seat
    after_then = _seats_after_then(text, out) if out else {}
    if after_then is None or (players and any(seat >= players for seat in after_then.values())) \
            or any(seat in out.values() for name, seat in after_then.items() if name not in out):
        return {}, None
    out.update(after_then)
    if short and sorted(out.values()) != list(range(players)):  # type: ignore[arg-type]
        return {}, None  # the seat the list stopped before was not told after all
    if len(set(out.values())) != len(out):
        return {}, None  # one seat, two names: one of them is no name
    return (out, listed[1] if listed else None) if len(out) >= 2 else ({}, None)


def _seat_roster(text: str, players: int | None) -> tuple[dict[str, int], tuple[int, int] | None]:
    """The roster of names a text gives the seats, the number of players taken from the text when not given."""
    return _roster(text, None, _table_size(text, players))


@lru_cache(maxsize=256)
def _seat_names(question: str) -> tuple[tuple[int, str], ...]:
    text = normalise_numbers(fold(question))
    roster, _ = _seat_roster(text, None)
    told_in_turn = _sequence_roster(text, _table_size(text))
    if told_in_turn and len(told_in_turn) > len(roster):
        roster = told_in_turn  # the whole table, told name by name ("队长小明4分，小明下家阿强4分…")
    return tuple((seat, _as_written(question, name, "")) for name, seat in roster.items())


def seat_names(question: str) -> dict[int, str]:
    """The players' names a question gives the seats (seat → name as written: 0 the captain, 1 the next, …), or
    {} when it names none; the answer then calls each seat by its player's name."""
    # Cached: the answer reads it for the question and for each earlier turn of the conversation.
    return dict(_seat_names(question))


def with_earlier_seats(question: str, history: Sequence[str]) -> str:
    """A follow-up with the players' names an earlier question gave the seats written as those seats' roles ("And if
    Tom, Dan and Eve went?" after a roster of six → "… 队长, 下家4 and 下家5 …"); as it is when it gives a roster of
    its own or names no one seated before."""
    if seat_names(question):
        return question
    text = normalise_numbers(fold(question))
    for earlier in reversed(history):
        earlier_text = normalise_numbers(fold(earlier))
        roster, _ = _seat_roster(earlier_text, None)
        named = [n for n in roster if re.search(_name_pattern(n), text)]
        if named:
            names = "|".join(_name_pattern(n) for n in sorted(named, key=len, reverse=True))
            return re.sub(names, lambda m: f" {'队长' if roster[m.group()] == 0 else f'下家{roster[m.group()]}'} ", text)
        # "And Blue's?" after "Turn order from the start player: Red, Green, Yellow, Blue. I'm Yellow …": the one
        # player of that order the follow-up asks about, by their seat after the start player.
        order = _start_order(earlier_text)
        asked = [i for i, name in enumerate(order[1]) if name != "我" and re.search(
            rf"(?<![a-z]){re.escape(name)}(?:'s|的)?\s*(?:呢|的呢|[?？]|$)", text)] if order else []
        if len(asked) == 1:
            return f"{text} ({asked[0]} seats after the start player)"
    return question


def _names_as_roles(text: str, players: int | None) -> str | None:
    """The text with the names a roster gave to seats written as those seats' roles ("阿凱0、小玉6" → "队长 0、
    下家1 6"), the roster itself blanked; None when no roster names the seats."""
    roster, listed = _seat_roster(text, players)
    if not roster:
        return None
    if listed:
        text = _blanked(text, listed)
    for part in re.finditer(r"(?:[^，,、；;。!！?？:：.]|\.(?!\s|$))+", text):
        told = _roster_part(part.group(), None)
        if told is not None and told[2] in roster:
            # A record told after the naming ("隊長阿明 回憶5張") stays, with the name, which becomes the role below.
            told_after = part.start() + told[3] < part.end()
            text = _blanked(text, (part.start(), part.start() + told[3] - len(told[2])) if told_after else part.span())
    # An aside in brackets with no number ("(Yu sits right before Mei)", "（小李是小王下家）") told the roster, no record.
    text = re.sub(r"[(（][^()（）\d]*[)）]", lambda m: " " * len(m.group()), text)
    # "…, then Ben, Cara and Dan" (after the parts: its comma ends the part before it): seats, nothing told of them.
    for then in _THEN_NAMES.finditer(text):
        if all(n in roster for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", then.group(1).strip()) if n):
            text = _blanked(text, then.span())
    names = "|".join(_name_pattern(n) for n in sorted(roster, key=len, reverse=True))
    return re.sub(names,
                  lambda m: f" {'队长' if roster[m.group()] == 0 else f'下家{roster[m.group()]}'} ", text)


# Seating told name by name in turn order from the captain, when no roster form above reads it: "隊長是阿宏，他的下家是
# 小安，接著Ken、莉莉，最後阿哲（就是阿宏的上家）", "队长小明4分，小明下家阿强4分，阿强下家小红5分…", "Captain Alice put in 2,
# Bob (next after her) 6, Carol 3, and Dave, who sits right before Alice, also 2". The seats are the order in which the
# names first come after the captain's; it is read only when the question says the order is the turn order and the
# names fill the table exactly.
_SEQ_ITEMS = re.compile(r"[，,、；;。!！?？:：]|\.(?=\s|$)|\s+(?:and then|then|and)\s+|(?<=[\u4e00-\u9fff\d])\s+(?=[\u4e00-\u9fff])")
_SEQ_LEAD = re.compile(r"^\s*(?:(?:然后轮到|然后是?|接[着著](?:是|依序是?|依次是?)?|再来是?|再下去是?|再往下是?|再下家是?|再下一?(?:位|个|家)是?|"
                       r"最后一?(?:位|个)?(?:是)?|也就是|还有|以及|依序是?|依次是?|"
                       r"(?:[他她]的?|队长的?)?下家(?:依序|依次)?是?|(?:[他她]的?|队长的?)?上家是?|队长是?|"
                       r"(?:and )?then|and|finally|lastly|(?:the )?captain(?: is| was)?)\s*)*")
_SEQ_CJK_NAME = r"(?:(?![是有也和跟与的出去只都各没还才就共要会能当做坐打自回金场手桌贡分张个他她它你们今那这全每先再又下上])[\u4e00-\u9fff]){1,3}"
_SEQ_EN_NAME = r"[a-z][a-z'\-]{1,11}"
_SEQ_NOT_NAMES = _NOT_NAMES | {
    "also", "who", "whose", "which", "what", "how", "path", "needs", "need", "requirement", "contributions", "memories",
    "gold", "golds", "seat", "seats", "round", "turn", "today", "its", "it's", "we", "our", "my", "his", "her", "their",
    "own", "both", "all", "each", "everyone", "everybody", "nobody", "game", "end", "camp", "after", "before", "going",
    "from", "with", "plus", "but", "so", "do", "does", "did", "can", "if", "is", "was", "last", "final", "players",
    "put", "played", "passed", "passes", "right", "left", "on", "in", "of", "to", "at", "up", "one", "two", "three",
    "four", "five", "six", "none", "nothing", "zero", "everyone's", "abbot", "officer", "total", "points", "pts",
    "最后", "大家", "其他", "其余", "剩下", "另外", "结算", "结果", "路径", "路线", "需求", "贡献", "回忆", "金矿", "住持",
    "警官", "今天", "当天", "那天", "最后一天", "队长", "下家", "上家", "芒草", "竹林", "樱花", "谁", "结算时", "而且", "但是",
    "不过", "所以", "如果", "请问", "这样", "出团", "能出团", "我们"}
# What the question says of the order: the names are told in turn.
_SEQ_ORDER = re.compile(r"依序|依次|接[着著]|然后|再来|再下|下家|顺序|顺时针|往下|\bthen\b|\bnext\b|\bafter\b|going round|"
                        r"captain (?:listed |told |named )?first|in seat order|seat order|"
                        r"turn order|in order|clockwise|downstream|to (?:her|his|their) left")
# Asides that place a name: the seat before the captain, or the one right after.
_SEQ_LAST = re.compile(r"上家|(?:right |just |directly )?before (?:the )?captain|captain's (?:right|upstream)|upstream|"
                       r"(?:right |just |directly )?before [a-z]+\b|on [a-z]+'s right")
_SEQ_FIRST = re.compile(r"\bnext (?:after|to) (?:her|him|the captain|[a-z]+)\b|(?:right |just )?after (?:her|him|the captain)")


def _who_as_aside(text: str) -> str:
    """", who sits right before Alice," written as the aside in brackets it is."""
    return re.sub(r",\s*(?:who|that)\s+([^,.;()]*)", r" (\1)", text)


def _sequence_head(item: str, known: list[str]) -> tuple[str, str | None, str, str] | None:
    """(name, the name it is said to be the 下家/上家 of, which of the two, the rest of the part) of a part that opens
    with a player's name ("他下家阿强4分", "小明下家阿强4分", "bob (next after her) 6"), else None."""
    item = _SEQ_LEAD.sub("", item)
    anchor = None
    side = ""
    for name in sorted(known, key=len, reverse=True):
        chain = re.match(rf"{_name_pattern(name)}\s*的?\s*(下家|上家)\s*", item)
        if chain:
            anchor, side, item = name, chain.group(1), item[chain.end():]
            break
    m = re.match(rf"({_SEQ_CJK_NAME}|{_SEQ_EN_NAME})(?![a-z'\-])", item)
    if m is None or m.group(1) in _SEQ_NOT_NAMES:
        return None
    name, rest = m.group(1), item[m.end():]
    if name.isascii() and not re.match(r"\s*(?:$|[\d(（\u4e00-\u9fff]|(?:has|had|have|put|played|plays|passed|passes|is|was|sits|"
                                       r"with|w/)\b)", rest):
        return None  # a Latin word that is not followed as a player is ("Bob 6", "Dave (…)", "Eve has …")
    return name, anchor, side, rest


# The captain named with the seating: "队长是阿宏", "Nora is captain", "Amy (captain) 5".
_SEQ_CAPTAIN = re.compile(
    rf"(?:队长\s*(?:是|为)?\s*|\bcaptain (?:is |was )?)({_SEQ_CJK_NAME}|{_SEQ_EN_NAME})(?![a-z'\-])|"
    rf"({_SEQ_CJK_NAME}|{_SEQ_EN_NAME})\s*(?:是|当|做)?\s*(?:今天|当天|那天)?的?队长|"
    rf"(?<![a-z])({_SEQ_EN_NAME}) (?:is |was )?(?:the )?captain\b|(?<![a-z])({_SEQ_EN_NAME})'s captain\b|"
    rf"(?<![a-z])({_SEQ_EN_NAME}) (?:has|had|holds|held) the captain|"
    # "Amy (captain) 5, Ben 0, …", "阿明（隊長）": the captain marked in brackets.
    rf"(?<![a-z])({_SEQ_CJK_NAME}|{_SEQ_EN_NAME})\s*\(\s*(?:the\s+)?(?:captain|队长)\s*\)")


def _sequence_roster(text: str, players: int | None) -> dict[str, int] | None:
    """Names told one by one in turn order from the captain (see `_SEQ_ITEMS`): name → seat, or None."""
    text = re.sub(r"[(（]([^()（）]*)[)）]", lambda m: f" ({m.group(1)}) ", _who_as_aside(text))
    # The first mention that names a player ("starting from the captain: Amy (captain) 5" names Amy, not "from").
    captain = next((m for m in _SEQ_CAPTAIN.finditer(text) if next(g for g in m.groups() if g) not in _SEQ_NOT_NAMES),
                   None)
    if captain is None:
        return None
    first = next(g for g in captain.groups() if g)
    order = [first]
    where: dict[str, int] = {}  # name → seat told by an aside or a chain
    last_new = captain.end()
    pos = captain.end()
    for item in _SEQ_ITEMS.split(text[captain.end():]):
        start = text.find(item, pos)
        pos = start + len(item) if start >= 0 else pos
        aside = re.search(r"\(([^()]*)\)", item)
        body = re.sub(r"\([^()]*\)", " ", item)
        head = _sequence_head(body, order)
        if head is None:
            # "going to her left it's Ben": the name ends the part.
            end = re.search(rf"(?:\bit's|\bit is|\bthey're|\bare|\bis|\bgo|\bleft|\bright|是)\s*({_SEQ_CJK_NAME}|{_SEQ_EN_NAME})\s*$", body)
            head = (end.group(1), None, "", "") if end and end.group(1) not in _SEQ_NOT_NAMES else None
        note = aside.group(1) if aside else ""
        if head is None:
            # ", who sits right before Alice": an aside of its own, about the name just told.
            if len(order) > 1 and re.match(r"\s*(?:who|that|she|he)\b", body):
                note = body
                name = order[-1]
            else:
                continue
        else:
            name, anchor, side, rest = head
            if anchor is not None:
                seat = order.index(anchor) + (1 if side == "下家" else -1)
                where[name] = seat
            # A word taken for a name once ("芒草小路", "结算时") is no player: a player's name comes again, or has
            # a number right after it, or a seat said of it.
            if name not in order and anchor is None and not note and not re.match(r"\s*\d", rest) \
                    and len(re.findall(_name_pattern(name), text)) < 2:
                continue
            if name not in order:
                order.append(name)
                last_new = pos
        if _SEQ_LAST.search(note):
            where[name] = -1
        elif _SEQ_FIRST.search(note):
            where[name] = 1
        elif re.search(r"队长|captain", note) and not re.search(r"的|'s", note):
            where[name] = 0
        told = re.search(r"下家\s*(\d)", note)
        if told:
            where[name] = int(told.group(1))
    n = players or len(order)
    if len(order) != n or n < 3 or not _SEQ_ORDER.search(text[:last_new]):
        return None
    roster = {name: k for k, name in enumerate(order)}
    if any(roster[name] != seat % n for name, seat in where.items()):
        return None
    return roster


def _seat_by_cue(text: str, slot: Slot, players: int | None) -> int | None:
    """The seat named nearest the slot's first cue in its clause ("…上家1。下家1之前打了警官" is 下家1)."""
    for cue in slot.cues:
        c = _pattern(cue).search(text)
        if c:
            start = max(text.rfind(p, 0, c.start()) for p in "。？?！!；;，,、") + 1
            ends = [text.find(p, c.end()) for p in "。？?！!；;，,、" if text.find(p, c.end()) != -1]
            clause_end = min(ends) if ends else len(text)
            roles = list(_SEAT_ROLE.finditer(text, start, clause_end))
            if not roles:
                return None
            role = min(roles, key=lambda r: min(abs(r.end() - c.start()), abs(r.start() - c.end())))
            return _seat(text, role.group(1), players)
    return None


# Numbers told name by name right after words saying the list runs from the captain in turn ("从队长往下家数：小明(队长)0分、
# 阿华6分、…", "從拿隊長牌的人開始往下家排：阿明2分、…、胖虎1分（胖虎是阿明的上家）", "from the captain: Mia 2, Leo 6, …").
_TURN_LIST_CUE = re.compile(
    r"(?:从|由)(?:拿)?队长(?:牌的人)?\s*(?:开始)?\s*(?:往下家|顺着下家|按下家|往下)?\s*(?:数|排|算|依序|依次|开始)?|按座位(?:顺序)?|"
    r"座位顺序(?:是|就是)?|(?:(?:in (?:seat |turn )?order|going round|clockwise),? )?(?:from|starting (?:with|from|at)) (?:the )?"
    r"captain|captain (?:listed )?first|in turn order")
_TURN_ASIDE = r"(?:\s*[(（]([^()（）]{0,16})[)）])?"
_TURN_ITEM = re.compile(rf"\s*(?:and\s+)?({_SEQ_CJK_NAME}|{_SEQ_EN_NAME}){_TURN_ASIDE}\s*(?:有|是|:|：|出了?|贡献了?|put in|made|has|had|"
                        rf"with|w/)?\s*(\d+)\s*(?:分|点|points?|pts)?{_TURN_ASIDE}")
_TURN_SEPARATOR = re.compile(r"\s*(?:[、,，;；/]|\band\b|和|跟)\s*")


def _turn_list_as_roles(text: str, players: int | None) -> str | None:
    """The text with a list told in turn from the captain (`_TURN_LIST_CUE`), one name and one number an item,
    written seat by seat ("队长 0、下家1 6、…"); None unless the list fills the table, each name once, and an
    aside calling a name the captain or the 上家 puts it first or last."""
    for cue in _TURN_LIST_CUE.finditer(text):
        at = re.match(r"\s*[:：,，]?\s*", text[cue.end():]).end() + cue.end()
        items: list[tuple[str, str, int]] = []
        end = run_end = at
        while True:
            item = _TURN_ITEM.match(text, end)
            if item is None or item.group(1) in _SEQ_NOT_NAMES:
                break
            items.append((item.group(1), f"{item.group(2) or ''} {item.group(4) or ''}", int(item.group(3))))
            end = run_end = item.end()
            separator = _TURN_SEPARATOR.match(text, end)
            if separator is None:
                break
            end = separator.end()
        names = [name for name, _, _ in items]
        if len(items) < 4 or len(set(names)) != len(names) or (players is not None and players != len(items)):
            continue
        if any((_CLAUSE_CAPTAIN.search(aside) and i != 0) or (_SEQ_LAST.search(aside) and i != len(items) - 1)
               for i, (_, aside, _) in enumerate(items)):
            return None
        told = "、".join(f"{'队长' if i == 0 else f'下家{i}'} {n}" for i, (_, _, n) in enumerate(items))
        return text[:cue.start()] + " " + told + " " + text[run_end:]
    return None


def _sequence_as_roles(text: str, players: int | None) -> str | None:
    """The text with each part that opens with a seated player's name told by that seat's role instead ("阿宏2分" →
    "队长 2分"), parts that only name a seat dropped; None when no seating is told name by name."""
    roster = _sequence_roster(text, _table_size(text, players))
    if roster is None:
        return None
    out: list[str] = []
    seen: set[str] = set()
    waiting: str | None = None  # the role of a name just told with nothing yet ("Dave, who sits …, also 2")
    # Brackets that place a seat are dropped with the seating; others tell of the seat ("Ben 0 (he played the Officer)").
    def aside(m: re.Match[str]) -> str:
        note = m.group(1)
        placing = _SEQ_LAST.search(note) or _SEQ_FIRST.search(note) or re.search(r"队长|captain|下家|上家", note)
        return " " if placing else f" {note} "

    for item in _SEQ_ITEMS.split(re.sub(r"\s*[(（]([^()（）]*)[)）]\s*", aside, _who_as_aside(text))):
        head = _sequence_head(item, list(roster))
        if head is None or head[0] not in roster:
            number = re.fullmatch(r"\s*(?:also|too|is|has|had|with)?\s*(\d+)\s*(?:分|points?|pts?)?\s*", item)
            if waiting and number:
                out.append(f"{waiting} {number.group(1)}")
            elif not re.search(_SEAT_ROLE, item):  # a bare role left of a seating part ("最後一位") names no one
                out.append(item)
            waiting = None
            continue
        name, _, _, rest = head
        role = '队长' if roster[name] == 0 else f'下家{roster[name]}'
        rest = re.sub(r"^\s*(?:是|当|做)?\s*(?:今天|当天|那天)?的?(?:队长|captain)", "", rest)
        waiting = None
        if name in seen or re.search(r"\d|没|无|pass|nothing|none|no\b", rest):
            out.append(f"{role} {rest.strip()}")
        elif name.isascii():
            waiting = role
        seen.add(name)
    return "，".join(p for p in out if p.strip())


_ORDER_START = re.compile(r"\b(?:from|starting (?:with|from|at)|beginning (?:with|from|at)|round from)\b|从|由|开始")


def _plays(text: str, slot: Slot, players: int | None) -> list[list[Any]] | None:
    """Turns stated one per clause in order ("下家1出反光盤、下家2 Pass", "the captain passes"): [seat, value];
    seats may be called by the names a roster gave them ("隊長阿傑，下家小婷…；小婷出燈籠"), and seats named together
    share one value said of them all ("下家2、下家3、隊長全部pass", "P2, P4 and the captain all pass"). A clause
    naming a seat with no value or with several (a card aimed at someone) leaves the turns unread."""
    roster, listed = _roster(text, slot, players)
    size = _table_size(text, players)
    told_in_turn = _sequence_roster(text, size) if size and len(roster) < size else None
    if told_in_turn:
        # The seating told name by name ("Kai is captain; to his left Mei, then Zhe, then An"): the seats named before
        # any turn is told are that seating, not turns.
        roster, listed = told_in_turn, None
    if _I_AM_CAPTAIN.search(text) and 0 not in roster.values():
        # "我是隊長…我出燈籠", "im captain … I drop a hat": the asker's turns are the captain's.
        roster = {**roster, "我" if not text.isascii() else "i": 0}
    names = re.compile("|".join(_ASKER.get(n, _name_pattern(n)) for n in sorted(roster, key=len, reverse=True))) \
        if roster else None
    if listed:  # the roster's list names seats; it plays nothing
        text = _blanked(text, listed)
    turns: list[list[Any]] = []
    waiting: list[int] = []  # seats named with no value yet, before a value they all share
    seating = False  # the clause before was the roster's own ("再來是小華、婷婷": the names listed with it are too)
    for clause in re.split(r"[，,、；;。!！?？:：]|\.(?!\d)", text):
        seat_name = _NAME_OF_SEAT.fullmatch(clause)
        if seat_name is not None and seat_name.group(3) in roster:
            # "接著小美、阿凱…全都pass": after a roster listed in order, "then" and a name is the next turn, not the
            # roster again.
            # (The seating is told before the turns: once turns are told, a name is a turn, "然后大雄、静香…都Pass".)
            if not turns and not (listed and _RELATIVE_ROLE.search(seat_name.group(1) or seat_name.group(2) or "")):
                seating = True
                continue  # the roster itself
            clause = clause[seat_name.start(3):]
        if seating and not turns and clause.strip() in roster:
            continue
        seating = False
        # Turns name cards, not amounts: a digit after "next player" numbers the seat ("next player 2 passes").
        clause = re.sub(r"\bnext player\s*(\d)\b", r"下家\1", clause)
        by_name = [(m.start(), roster[m.group()]) for m in names.finditer(clause)] if names else []
        # "接著阿傑再出一張": a "then" before a name is the turn coming to that player, no seat of its own.
        found = sorted([(m.start(), _seat(clause, m.group(1), players)) for m in _SEAT_ROLE.finditer(clause)
                        if not (by_name and _RELATIVE_ROLE.search(m.group(1)))] + by_name)
        seats = [s for _, s in found]
        said_twice = len(seats) > 1 and len(set(seats)) == 1
        if said_twice:
            seats = seats[:1]  # a seat called by its role and its player's name ("他的下家小美先出燈籠")
        if not seats:
            continue
        named = [m for m in mentions(clause, slot.values) if not m.negated]
        aimed = [m for m in mentions(clause, slot.aimed) if not m.negated] if slot.aimed else []
        if aimed:
            turn = _aimed_turn(found, named, aimed)
            if turn is None or waiting:
                return None
            turns.append(turn)
            continue
        if None in seats or len(named) > 1:
            return None
        if not named:
            # Before the turns, a seat called by its role and its name with nothing played ("阿寶當隊長") is the seating.
            if _ORDER_START.search(clause) or (not turns and (told_in_turn or said_twice)):
                continue  # where the order starts ("going round from the player after the captain"), not a turn
            waiting += seats  # type: ignore[arg-type]
            continue
        if len(seats) > 1 or waiting:
            if not _SHARED.search(clause):
                return None
            turns += [[s, named[0].value] for s in (*waiting, *seats)]
            waiting = []
            continue
        turns.append([seats[0], named[0].value])
    return turns if len(turns) >= 2 and not waiting else None


# The asker saying they hold the captain card, and the asker as a player of turns ("我出燈籠", not "我上家", "我的").
_I_AM_CAPTAIN = re.compile(r"我(?:是|当|做)(?:今天|当天)?的?队长|\bi'?m (?:the )?captain\b|\bi am (?:the )?captain\b")
_ASKER = {"我": r"我(?!的|上家|下家|们)", "i": r"(?<![a-z'])i(?![a-z'])"}


def _aimed_turn(found: list[tuple[int, int | None]], named: list[Mention], aimed: list[Mention]) -> list[Any] | None:
    """A turn playing a card at another seat's card ("下家3（就是上家）用濃霧時刻把下家1的反光盤棄掉", "Bo uses thick fog to
    trash Cy's hat"): [seat, card, target seat, target card]; None unless one seat plays one such card at one card of
    one other seat named after it."""
    card = aimed[0]
    # A seat restated beside itself ("下家3（就是上家）") is one seat.
    before = {seat for at, seat in found if at < card.start}
    after = [(at, seat) for at, seat in found if at > card.end]
    if len(aimed) != 1 or len(before) != 1 or None in before or len(after) != 1 or after[0][1] is None:
        return None
    targeted = [m for m in named if m.start > after[0][0]]
    if len(targeted) != 1 or len(named) != 1:
        return None
    return [before.pop(), card.value, after[0][1], targeted[0].value]


# A thing pointed at ("这张", "that one's", "the same"): said again of what was already named.
_POINTING_BACK = re.compile(r"(?:这|那|该)\s*(?:张|个|顶|根|瓶|支|件)?\s*$|\b(?:this|that|the same)\s+$")


# "the …", "my …" before a card named again in a later clause: that card, not one more.
_DEFINITE_BEFORE = re.compile(r"\b(?:the|my)\s+$|我的\s*$")


def _told_before(text: str, found: list[Mention], i: int) -> bool:
    """Whether the thing of mention `i` was named in an earlier clause, nothing since saying another one."""
    earlier = [m for m in found[:i] if m.value == found[i].value]
    between = text[earlier[-1].end:found[i].start] if earlier else ""
    return bool(re.search(r"[,，.。;；]", between)) and not re.search(r"another|again|second|more|又|再|另", between)


# "芒草小路 (lantern 2 / cap 3 / reflector 4)": what the day's path makes things worth, told in brackets right after
# it: no thing is played or held there. (Only after a path: a bracketed list of seats and numbers is a situation.)
_VALUE_ASIDE = re.compile(r"(?:(?<=小路)|(?<=小径)|(?<=小道)|(?<=path))\s*[(（]\s*(?:[^\d()（）/,，、]{1,16}?\s*\d+\s*(?:分|点|pts?|points?)?\s*[/,，、]\s*)+"
                          r"[^\d()（）/,，、]{1,16}?\s*\d+\s*(?:分|点|pts?|points?)?\s*[)）]")


# Another player said to hold things ("who already has", "他手上有"): what follows in the clause is not the asker's.
_HELD_BY_ANOTHER = re.compile(r"\bwho\b[^,.;]*\b(?:has|had|holds|have)\b|\b(?:he|she|they)\s+(?:already\s+)?(?:has|had|holds|have)\b|"
                              r"(?:他|她|对方|别人|人家)(?:手上|手里|手中)?(?:已经|早就)?(?:有|囤了?|收了?)")


# "燈籠其實出了三張", "燈籠共3張": how many of a thing, said after it with its measure word (not "燈籠2分").
_COUNT_AFTER = re.compile(r"\s*(?:其实|也|都|一共|总共|共)?\s*(?:出了|打了|放了|出|打|放|有)?\s*(\d+)\s*(?:张|个|顶|根|瓶|支|件)"
                          r"(?![\u4e00-\u9fff]{0,3}(?:卡|牌))")


def _items(text: str, slot: Slot, skip: set[int] = frozenset()) -> list[Any]:  # type: ignore[assignment]
    out: list[Any] = []
    asides = [m.span() for m in _VALUE_ASIDE.finditer(text)]
    found = [m for m in mentions(text, slot.values) if not any(s <= m.start < e for s, e in asides)]
    # Things named as alternatives ("魔杖給戰士或巫師", "potions are for thieves or priests") are not in the list.
    alternatives = {k for i in range(len(found) - 1) for k in (i, i + 1)
                    if re.fullmatch(r"\s*(?:或者?|or|/)\s*", text[found[i].end:found[i + 1].start])}
    claims = claim_spans(text)
    for i, m in enumerate(found):
        if m.negated or m.start in skip or i in alternatives:
            continue
        if m.value in out and (any(s <= m.start < e for s, e in claims)
                               or re.search(r"(?:给|归|交给|分给|\bto)\s*(?:the\s+)?$", text[max(0, m.start - 6):m.start])):
            # "我說鐵路工不是照明工具": a claim speaks of the card told before, it plays no other; "…所以應該歸牧師":
            # one told before named as where a thing goes is no other one.
            continue
        if _HELD_BY_ANOTHER.search(_clause_around(text, m)[:m.start - _clause_bounds(text, m)[0]]):
            continue  # "the guy across, who already has four gold alleys": another player's cards, not played
        if m.value in out and _POINTING_BACK.search(text, max(0, m.start - 8), m.start):
            continue  # "…出了一张灯笼，我这张灯笼算几分": the card already named, not another one
        if re.match(r"\s*的?\s*(?:分数|分值|得分)", text[m.end:]):
            continue  # "能让灯笼分数翻倍的村民": what a card scores is spoken of, no card is played
        if re.match(r"\s*(?:的)?\s*(?:分数)?\s*(?:翻倍|加倍|变两倍)", text[m.end:]) \
                and re.search(r"(?:让|使|把|将)\s*$", text[max(0, m.start - 3):m.start]):
            # "那个让工作帽翻倍的村民", "出了讓工作帽翻倍，然後…": the card a doubler doubles, named to say what the
            # villager does, is no card played.
            continue
        if m.value in out and _DEFINITE_BEFORE.search(text, max(0, m.start - 8), m.start) and \
                _told_before(text, found, i):
            continue  # "I played a 反光盤 … they discarded my reflector": the one told before
        count = re.search(r"(\d+)\s*(?:张|个|位|名|顶|盏|面|把|块|片|枚|根|瓶|支|件)?\s*$", text[max(0, m.start - 4):m.start]) or \
            re.search(r"(?<![\d.])(\d+)\s+(?!and\b|or\b|of\b)[a-z]+\s+$", text[max(0, m.start - 16):m.start]) or \
            re.search(r"(\d+)\s*(?:张|个|位|名)?\s*\S{0,4}?\s*(?:都是|全是|全都是|are all|all)\s*$",
                      text[max(0, m.start - 16):m.start]) or \
            re.search(r"\ball (\d+)\b[^,.;:]{0,40}?\b(?:are|were)\s+(?:all\s+)?$", text[max(0, m.start - 60):m.start]) or \
            _COUNT_AFTER.match(text, m.end)
        out += [m.value] * (int(count.group(1)) if count and 0 < int(count.group(1)) <= 6 else 1)
    return out


def _numbers_near(text: str, slot: Slot) -> list[int] | None:
    """The numbers a list slot's cue introduces ("徵兆是2、7號"); what a bracket says of each is no number of the list
    ("2 號（兩張綠門）、4 號（兩張棕門）"), nor is how many the list holds ("翻開的四張是 2、4、6、7號")."""
    text = _without_asides(text)
    for cue in slot.cues:
        for c in _pattern(cue).finditer(text):
            # "徵兆是2、7號", "premonitions showing are 1, 3, 4 and 6": the list within a few words of the cue.
            after = re.match(r"(?:[^\d，。？?#]{0,6}?|\s*(?:ones?\s+|cards?\s+)?(?:showing|face[ -]up|up|left|remaining)?\s*"
                             r"(?:ones?\s+|cards?\s+)?(?:are|is|:)?\s*)"
                             r"(?:\d\s*张\s*(?:是|为|:)\s*)?"
                             # ("第6張跟第1張" lists cards; "第8扇" counts Doors.)
                             r"(?:numbers?\s*|nos?\.?\s*)?(?:#|第(?=\d\s*张))?"
                             r"(\d(?:(?:\s*(?:号|张|、|,|，|和|与|及|跟|and|&|/)\s*|\s+)+(?:#|第(?=\d\s*张))?\d)*)",
                             text[c.end():])
            if after:
                return [int(x) for x in re.findall(r"\d", after.group(1))]
            # Before the cue only with 號 ("5號徵兆"): "two Premonitions" counts them, it does not name one.
            before = re.search(r"(\d)\s*号\s*$", text[max(0, c.start() - 4):c.start()])
            if before:
                return [int(before.group(1))]
    return None


_START_NAME = r"(?:[\u4e00-\u9fff]{1,3}?|[a-z][a-z'\-]{1,11})"
# "起始玩家阿明，之後依序小華→阿傑→小美", "start player is Amy, then Ben, Cal and Dan": the players named in order.
_NAMED_ORDER = re.compile(
    rf"(?:起始玩家\s*(?:是|为)?\s*({_START_NAME})|\b(?:the )?(?:start|first) player (?:is|was) ({_START_NAME}))\s*"
    rf"[,，、]?\s*(?:之后|然后|接着|后面|再来|then|after (?:her|him|them),?)?\s*(?:依序|依次|按顺序|顺序|in order)?\s*(?:是|is|are)?\s*"
    rf"((?:{_START_NAME})(?:\s*(?:→|->|、|,|，|和|跟|与|and|then)\s*(?:{_START_NAME}))+)(?=\s*(?:[。.;；?？!！]|$))")


# What stands between two players' names in a list of them.
_NAME_SPLIT = r"\s*(?:→|->|、|,|，|和|跟|与|\band\b|\bthen\b)\s*"
# "Turn order from the start player: Red, Green, Yellow, Blue", "起始玩家開始依序是阿明、小華、我、阿強": the order
# said first, then every player in it, the start player first.
_ORDER_FROM_START = re.compile(
    rf"(?:\b(?:turn |seat |play(?:ing)? )?order\s+(?:is\s+)?(?:from|starting (?:with|from)|beginning with)\s+(?:the\s+)?"
    rf"(?:start|first)\s+player|(?:从|由)?起始玩家开始\s*(?:依序|依次|按顺序|顺序)?)\s*(?:是|为|\bis\b|:|：)?\s*"
    rf"((?:{_START_NAME})(?:{_NAME_SPLIT}(?:{_START_NAME})){{2,}})"
    rf"(?=\s*(?:[。.;；?？!！,，]|$))")


def _start_order(text: str) -> tuple[re.Match[str], list[str]] | None:
    """The players a folded text names in order from the start player (where it names them, and the names)."""
    order = _NAMED_ORDER.search(text)
    if order is not None:
        return order, [order.group(1) or order.group(2), *(n for n in re.split(_NAME_SPLIT, order.group(3)) if n)]
    listed = _ORDER_FROM_START.search(text)
    return (listed, [n for n in re.split(_NAME_SPLIT, listed.group(1)) if n]) if listed is not None else None


def _seat_of_named_owner(text: str) -> int | None:
    """With the players named in order from the start player, the seat of the one whose item the question is about
    ("小美的物品", "Cal's item", "I'm Yellow"); -1 when the order is told but whose item is asked is not; None when
    no order."""
    told = _start_order(text)
    if told is None:
        return None
    order, names = told
    if len(names) > 1 and names[1] == names[0]:
        names = names[1:]  # "起始玩家是老張，順序是老張→小周→…": the order may start again from the start player
    rest = text[order.end():]
    owners = [i for i, name in enumerate(names)
              if re.search(rf"{re.escape(name)}\s*(?:说|觉得)?\s*(?:她|他)?\s*的\s*(?:物品|道具|魔法物品|指示物)|"
                           rf"\b{re.escape(name)}'s\s+(?:magic\s+)?(?:item|marker|token)", rest)]
    if not owners and "我" in names and re.search(r"我(?:的|要|该|应该|是|放)", rest):
        owners = [names.index("我")]  # "顺序是老张→小周→阿明→我…我是第四个放的": the asker's own seat
    if not owners:
        # "I'm Yellow", "我是小華": the asker says which of them they are.
        owners = [i for i, name in enumerate(names)
                  if re.search(rf"(?:\bi(?:'m| am)|我是|我就是)\s*{re.escape(name)}(?![a-z\u4e00-\u9fff])", rest)]
    return owners[0] if len(owners) == 1 else -1


_EACH_LOST = re.compile(r"各\s*(?:掉|受|扣|挨|损失|失去)了?\s*\d+|\d+\s*(?:\beach\b|\bapiece\b)|每(?:个|位|名)?[\u4e00-\u9fff]{1,4}?都"
                        r"(?:掉|受|扣|挨|损失|失去)[\u4e00-\u9fff]{0,2}?\s*\d+")
_EACH_ONE = re.compile(r"每(?:个|位|名)?[\u4e00-\u9fff]{1,4}?都[\u4e00-\u9fff]{0,4}?\s*\d+")
_PLAYERS_BEFORE_ME = re.compile(r"(?:我)?前面(?:已经|已)?(?:有|还有)?\s*(\d)\s*(?:个|位)\s*(?:人|玩家)|"
                                r"\b(\d) players? (?:place|places|go|goes|went|placed|choose|chose) (?:before|ahead of) me\b")


_DOWN_CHAIN = r"((?:\s*(?:的|再)?\s*(?:下+家|下一(?:位|个|家)))+)"
_ASKER_DOWN_FROM_START = re.compile(rf"我(?:是|坐在?|坐)?\s*(?:起始玩家|他|她)\s*的?{_DOWN_CHAIN}|"
                                    rf"(?:起始玩家|他|她)\s*的?{_DOWN_CHAIN}\s*(?:是|就是)\s*我(?!们)")


def _seats_down(chain: str) -> int:
    """How many seats on a chain of 下家 goes: one for each 下 before 家 ("下家的下家", "下下家"), or each 下一位."""
    return len(re.findall(r"下(?=下*家)|下一(?:位|个|家)", chain))


def _seat_from_start(text: str) -> int | None:
    """0 for the start player, 1 for the next, …: "起始玩家的下一位", "第3位玩家", "3rd player after the start",
    "the fourth to place", "順序是起始玩家、阿宏、然後才是我"."""
    # "起始玩家是阿杰，然后是Lily，再然后是我": the start player may be named before the others are listed.
    listed = re.search(r"起始玩家(?:是[^、,，。？?!！我]{1,10})?(?:先(?:放|下|选|出|开始)?)?((?:\s*[、,，]\s*[^、,，。？?!！]{1,10}?)*?)\s*[、,，]\s*"
                       r"(?:再?然后|再来|接[着著]|最后)?(?:才是|才轮到|轮到|是)?\s*我"
                       # "最后是我丽丽（黄）": the asker may give a name and a colour.
                       r"(?:[\u4e00-\u9fff]{1,3}?)?\s*(?:[（(][^）)]{0,8}[）)])?(?=\s*(?:[，,。.？?！!、；;]|$))", text)
    if listed:
        return len(re.findall(r"[、,，]", listed.group(1))) + 1
    # "起始玩家是阿明，我坐他下家的下家", "起始玩家的下下家是我": the asker's seat, one on for each 下 of the chain.
    chain = _ASKER_DOWN_FROM_START.search(text) if re.search(r"起始玩家", text) else None
    if chain:
        return _seats_down(chain.group(1) or chain.group(2))
    named = _seat_of_named_owner(text)
    if named is not None and named >= 0:
        return named
    # (The order told without whose item is asked: a seat the question gives in other words still tells it.)
    told = re.search(r"\b(\d)(?:st|nd|rd|th)\s+(?:to (?:place|go|play|choose)|in (?:player |turn |seat )?order)", text)
    if told:
        return int(told.group(1)) - 1  # counted with the start player as the first
    # "我是從起始玩家往後數最後一個放物品的人", "I'm the last to place": the last seat of the table told.
    if re.search(r"最后一(?:个|位)(?:放|下|选|出)|\b(?:the )?last (?:one |player |person )?to (?:place|go|choose)\b|"
                 r"\bi(?:'m| am) (?:the )?last\b", text):
        table = _table_size(text)
        return table - 1 if table else None
    # "two seats after the start player", "前面已經有兩個人放過了", "three players place before me": that many before.
    # ("My girlfriend is start player … I am two seats after her": the start player named, then pointed back at.)
    after = r"(?:the )?(?:start|first) player" + (r"|her\b|him\b" if re.search(r"\b(?:start|first) player\b", text) else "")
    before_me = re.search(rf"\b(\d) (?:seats?|places?|spots?) (?:after|past|behind|down from) (?:{after})|"
                          + _PLAYERS_BEFORE_ME.pattern, text)
    if before_me:
        return int(next(g for g in before_me.groups() if g))
    # "第四個物品", "第2位冒險家": an ordinal of something else is no player's seat.
    # ("第二個輪到的" is the second to play: 轮到 is a turn coming, no round.)
    # ("我坐起始玩家後面第2個 魔法物品要蓋在…": in a message typed with spaces for pauses, a space ends the ordinal.)
    space = "" if _unpunctuated(text) else r"\s*"
    # ("起始玩家第一個放，我是他之後的第2個人": the start player's own place is no other seat.)
    m = next((m for m in re.finditer(
        rf"第\s*(\d)\s*(?:位|个)(?!{space}(?:物品|道具|魔法|冒险|指示物|标记|回合|轮(?!到)|季))(?:玩家)?|"
        r"(\d)(?:st|nd|rd|th) player|player (\d)\b|(?:sitting|seated|\bi'?m|i am|i sit) (\d)(?:st|nd|rd|th)\b", text)
        if not re.search(r"起始玩家\s*(?:是|先|会)?\s*$", text[max(0, m.start() - 7):m.start()])), None)
    if m:
        n = int(m.group(1) or m.group(2) or m.group(3) or m.group(4))
        # "the 3rd player after the start player" (or after the start player's name, "阿光後面第二位") counts from
        # the start player; "the 3rd player" includes it.
        after = re.search(r"(?:after|之后|后面|后的)", text[m.end():m.end() + 24]) or \
            re.search(r"(?:之后|后面|后)\s*(?:轮到|轮)?\s*(?:的)?\s*(?:数来|算来|数起|算起|开始数)?\s*$", text[max(0, m.start() - 12):m.start()])
        return n if after else n - 1
    if named is not None:
        return None  # the order told, whose item is asked not said: no seat is guessed from the start player's
    # "起始玩家下家的下家": each 下家 in the chain is one more seat.
    # "起始玩家的下下家" is two seats on: each 下 before 家 is one.
    chain = re.search(r"起始玩家\s*(?:的)?((?:\s*(?:的|再)?\s*(?:下+家|下一(?:位|个|家)))+)", text)
    seats_on = _seats_down(chain.group(1)) if chain else 0
    if seats_on >= 2:
        return seats_on
    if re.search(r"起始玩家|start player|first player|起始", text):
        # The start player named as someone else while the question is about the asker's own item: the asker's
        # seat is told only as the next one ("起始玩家是阿杰，我是他的下家"); a 下家 of someone else ("他的下家是小刘")
        # is not the asker's seat, and with none told the seat is unknown ("Bob is the start player; where does my
        # item go?").
        someone_else = re.search(r"起始玩家是(?!我)|\b(?:start|first) player (?:is|was) (?!me\b|i\b)|"
                                 r"\b(?!i\b)[a-z]+ (?:is|was) (?:the )?(?:start|first) player\b", text)
        if someone_else and re.search(r"我(?!们)|\bmy\b|\bi\b|\bme\b", text):
            asker_next = re.search(r"我(?:是|坐在?|坐)?\s*(?:他|她|起始玩家|[\u4e00-\u9fff]{1,3})的?\s*(?:下家|下一位|左手)|"
                                   r"(?:下家|下一位)\s*(?:是|就是)\s*我(?!们)|\b(?:i am|i'm|i sit) (?:right )?(?:after|next to)|"
                                   r"\b(?:i am|i'm) (?:his|her|their )?next\b", text)
            return 1 if asker_next else None
        if re.search(r"下一(?:位|个|家)|下家|之后|后面|左手|next|after", text):
            return 1
        return 0
    return None


def extract_input(model: type[BaseModel], question: str) -> dict[str, Any]:
    """The fields of `model` that the question states (by their slot declarations); nothing else."""
    return _valid_subset(model, _read_input(model, question))


def _table_size_field(slots: dict[str, Slot]) -> str | None:
    """The field holding the table's size: a count said with its unit alone ("五人局"), no cue word."""
    return next((n for n, slot in slots.items() if slot.kind == "count" and slot.units and not slot.cues), None)


def extract_with(model: type[BaseModel], question: str, earlier: dict[str, Any]) -> dict[str, Any]:
    """The fields of `model` a follow-up states, checked together with what the questions before it stated:
    "下家1、下家2跟隊長出團" places its seats at the table size an earlier question gave."""
    read = _read_input(model, question)
    slots = declared_slots(model)
    table_size = _table_size_field(slots)
    if table_size and isinstance(earlier.get(table_size), int) and table_size not in read \
            and any(slot.kind in ("seats", "seat_records", "plays") and n not in read for n, slot in slots.items()):
        # "如果有出團，去的是隊長、上家跟下家3呢？" after "五人局…": its seats are placed at the table told before.
        at_table = _read_input(model, f"{earlier[table_size]}人局。{question}")
        at_table.pop(table_size, None)
        if set(read) < set(at_table) and all(at_table[k] == v for k, v in read.items()):
            read = at_table
    # A value read for a slot declared for another case than the one told before ("hit him for 4" after a
    # necklace question is a blow, not a potion's healing) is no reading of the follow-up: its number is then
    # left unread, and the verdict withheld, rather than answered on the blow told before.
    known = {**earlier, **read}
    read = {k: v for k, v in read.items() if k not in slots or slots[k].applies(known)}
    together = {**earlier, **read}
    if adds_to_earlier(question):
        # "再加上下家3也跟著去了呢？": one more seat for the list told before is checked as part of that list.
        together.update({k: [*earlier[k], *v] for k, v in read.items()
                         if isinstance(v, list) and isinstance(earlier.get(k), list)})
    valid = _valid_subset(model, together)
    return {k: v for k, v in read.items() if k in valid}


def read_ahead(model: type[BaseModel], question: str) -> None:
    """Read the question for `model` now, so that a later `extract_input` finds the reading kept."""
    _read_once(model, question)


def _read_input(model: type[BaseModel], question: str) -> dict[str, Any]:
    """Every field the question states, before the model checks them (the caller's own copy)."""
    # Kept per rule and question: routing, scope and the verdict each read the same question.
    return copy.deepcopy(_read_once(model, question))


# "不是6个人，是4个人", "不是放左边，改放右边", "not 6 players but 4": the thing said not to be so, before what is said
# instead; only the second is stated.
_NOT_THIS_BUT = re.compile(r"(?:不是|并不是|并非)[^，,。；;？?！!]{1,12}?(?=\s*[，,]\s*(?:而是|而|是|改|换|变成))|"
                           r"\bnot\s+[^,.;?!]{1,24}?(?=\s*,?\s*\bbut\b)|"
                           # "吸血鬼没打4点，只打了3点", "didn't hit for 4, only 3": a number not so, then the one that is.
                           r"没有?[^，,。；;？?！!\d]{0,6}\d+[^，,。；;？?！!\d]{0,4}(?=\s*[，,]\s*(?:只|才|仅))|"
                           r"\bdid(?:n't| not)\s+[^,.;?!\d]{0,16}\d+[^,.;?!\d]{0,10}?(?=\s*[,;]?\s*(?:only|just)\b)")


def _without_what_is_not_so(text: str) -> str:
    """The text with each thing said not to be so, when what is so follows it, blanked."""
    return _NOT_THIS_BUT.sub(lambda m: " " * len(m.group()), text)


# "兩個冒險家各帶一株四葉草", "三個冒險者各掉1血": so many things, each getting or having so many: their product, a
# total. (Not of people or seats, "兩個人各3分", and not without a verb, "兩個盜賊各3血": each one's own.)
_EACH_OF = re.compile(r"(?<!\d)(\d+)\s*(?:个|名|只|位)\s*((?:(?!各)[\u4e00-\u9fff]){1,4}?)(?<!人)(?<!玩家)\s*(?:身上)?\s*各(?:自)?\s*"
                      r"((?:(?![\d一两二三四五六])[\u4e00-\u9fff]){1,2}?)\s*了?\s*(\d+|[一两二三四五六](?=\s*[\u4e00-\u9fff]))(?!\d)")
_SMALL_NUMERALS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6}
# "each of the three took 1 damage", "all 3 adventurers each lose 2": the same in English (not of players or us).
_EACH_VERB_EN = r"(took|takes?|lost|loses?|suffered|suffers?|got hit for|gets hit for)"
_EACH_OF_EN = re.compile(
    rf"\beach of (?:the |those |these |them |us )?(\d+)(?! (?:players?|people|of us)\b)(?: [a-z]+)?\s+{_EACH_VERB_EN}\s+(\d+)\b|"
    rf"\b(?:all |the )?(\d+)(?! (?:players?|people|of us)\b)(?: of them| [a-z]+)?\s+each\s+{_EACH_VERB_EN}\s+(\d+)\b")


def _each_en_groups(m: re.Match[str]) -> tuple[int, int, int]:
    """The group numbers of an `_EACH_OF_EN` match's things, verb and each (its two alternatives number them apart)."""
    return (1, 2, 3) if m.group(1) else (4, 5, 6)


def _each_count(m: re.Match[str]) -> int:
    """The total of an `_EACH_OF` match."""
    each = m.group(4)
    return int(m.group(1)) * (int(each) if each.isdigit() else _SMALL_NUMERALS[each])


def _each_as_total(text: str) -> str:
    """The text with so many things each having so many (`_EACH_OF`) told as the total they make, each place kept."""
    def total(m: re.Match[str]) -> str:
        said = f"{m.group(2)}共{m.group(3)}{_each_count(m)}"
        return said.rjust(len(m.group())) if len(said) <= len(m.group()) else m.group()
    def total_en(m: re.Match[str]) -> str:
        things, verb, each = (m.group(g) for g in _each_en_groups(m))
        said = f"{verb} {int(things) * int(each)}"
        return said.rjust(len(m.group()))
    return _EACH_OF_EN.sub(total_en, _EACH_OF.sub(total, text))


# "#6 (five Doors)", "4號（兩張棕門那張）": a bracket right after a numbered card describes that card; what it says is
# not on the table.
# ("#" is folded away: "premonitions are 6 (5 doors) and 2 (…)" is read so after a Premonition is named.)
_CARD_ASIDE = re.compile(r"((?:#|第)\s*\d+\s*(?:号|张)?|(?<!\d)\d+\s*号|(?<![\d.])\d+)\s*([（(][^()（）]{1,40}[)）])")
_NUMBERED_CARDS = re.compile(r"premonitions?|征兆|凶兆|预兆")


def _without_card_asides(text: str) -> str:
    """The text with each bracket describing the numbered card before it (`_CARD_ASIDE`) blanked."""
    def blank(m: re.Match[str]) -> str:
        if m.group(1).isdigit() and not _NUMBERED_CARDS.search(text, max(0, m.start() - 60), m.start()):
            return m.group()  # "Tom 2 (one on the table, one in hand)": the parts of a number, not a card's aside
        return m.group(1) + m.group()[len(m.group(1)):].replace(m.group(2), " " * len(m.group(2)))
    return _CARD_ASIDE.sub(blank, text)


# A question weighing two situations against each other ("哪個比較難", "is A harder than B", "A vs B").
# ("比較貴的那面" is a spell side, not a comparison.)
_COMPARING = re.compile(r"比较(?:难|简单|容易|轻松|困难)|比起|对比|更(?:难|简单|容易|轻松|困难)|哪(?:个|一个|种|一种|样)[^，。,?？]{0,10}(?:难|简单|容易)|"
                        r"\b(?:harder|easier|tougher|more difficult|less difficult|vs\.?|versus|compared (?:with|to))\b")


def compared_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of a model holding a second situation to compare with (slot kind "compared")."""
    return tuple(n for n, s in declared_slots(model).items() if s.kind == "compared")


def _compared(model: type[BaseModel], text: str, name: str, slot: Slot) -> dict[str, Any] | None:
    """Two situations weighed against each other: the first (before a comparing word of the slot's cues) as the
    model's own fields, the second as the field `name`; each side must state something, and not the same. The
    cues are tried in their declared order ("vs" before "和", which may join two things of one situation)."""
    if not _COMPARING.search(text):
        return None
    nested = next((a for a in (model.model_fields[name].annotation, *get_args(model.model_fields[name].annotation))
                   if isinstance(a, type) and issubclass(a, BaseModel)), None)
    if nested is None:
        return None
    for cue in slot.cues:
        word = fold(cue)
        pattern = rf"(?<![a-z]){re.escape(word)}(?![a-z])" if word.isascii() else re.escape(word)
        for m in re.finditer(pattern, text):
            first, second = _read_once(nested, text[:m.start()]), _read_once(nested, text[m.end():])
            if first and second and first != second:
                return {**copy.deepcopy(first), name: copy.deepcopy(second)}
    return None


@lru_cache(maxsize=4096)
def _read_once(model: type[BaseModel], question: str) -> dict[str, Any]:
    text = _without_card_asides(_without_what_is_not_so(normalise_numbers(fold(question))))
    # "對家" at an even table is the seat across from the captain; at an odd one there is none.
    if (size := _table_size(text)) in (4, 6):
        text = text.replace("对家", f"下家{size // 2} ")
    # "小華也是6張回憶": "too" before a number adds nothing to what is said of whom.
    text = re.sub(r"(?<=[\u4e00-\u9fff])也(?:是|有)?(?=\s*\d)", lambda m: " " * len(m.group()), text)
    # "Mia's captain": Mia is the captain (not "the captain's next player").
    text = re.sub(r"(?<![a-z'])(?!the\b)([a-z][a-z\-]{1,11})'s (?=captain\b(?!'s))", r"\1 is ", text)
    slots = declared_slots(model)
    for slot in slots.values():
        for phrase in slot.said_with:
            text = _pattern(phrase).sub(lambda m: " " * len(m.group()), text)
    for name in compared_fields(model):
        both = _compared(model, text, name, slots[name])
        if both is not None:
            return both
    data: dict[str, Any] = {}
    towers = _towers(text) if any(s.kind in ("tower", "towers") for s in slots.values()) else []
    counting_text = text
    for _, s, e in reversed(towers):
        counting_text = _blanked(counting_text, (s, e))
    # "前面已經有兩個人放過了": the players before the asker, not the table's size; "每個冒險家都掉了1點血", "各掉1點":
    # what each one took, not how much in all.
    # ("3個冒險家各掉1點" is a total, read as one: `_each_as_total`.)
    # ("下家2跟下家3各3分" gives each seat its own: only a loss each one took is blanked.)
    totals = [m.span() for pattern in (_EACH_OF, _EACH_OF_EN) for m in pattern.finditer(counting_text)]
    each = [m for m in _EACH_LOST.finditer(counting_text) if not any(s <= m.start() < e for s, e in totals)]
    for m in sorted([*_PLAYERS_BEFORE_ME.finditer(counting_text), *each], key=lambda m: -m.start()):
        counting_text = _blanked(counting_text, m.span())
    has_new_tower = any(s.kind == "tower" for s in slots.values())
    new_tower, row, side = _placement(text, towers) if towers or has_new_tower else (None, [], None)
    colour_slots = {name: s for name, s in slots.items() if s.kind in ("colour", "colours")}
    colours: list[tuple[str, int, bool]] = []
    if colour_slots:
        colours = _colour_mentions(counting_text, next(iter(colour_slots.values())))
    said = {n: _said_of_subject(text, mentions(text, s.values), s.subject)
            for n, s in slots.items() if s.kind == "choice"}
    # ("一張竹林小道的路徑小卡" names a card played, and no path of the day: a thing listed holds its longer phrase.)
    listed_things = tuple(m for s in slots.values() if s.kind == "items" for m in mentions(text, s.values))
    choices = {n: _choice(text, found, domain_of(model, n),
                          tuple(m for other, theirs in said.items() if other != n for m in theirs) + listed_things)
               for n, found in said.items()}
    slots = _relevant(slots, choices)
    # A quantity said to be none ("牌庫已經空了") is zero, and its numbers are left to the other counts.
    nones = {n: [m for m in mentions(counting_text, ((0, s.none),)) if not m.negated]
             for n, s in slots.items() if s.kind == "count" and s.none}
    zeroed = {n for n, found in nones.items() if found}
    none_text = counting_text
    for name, m in ((n, m) for n, found in nones.items() for m in found):
        # "一張都沒有翻開的" → "0張 沒有翻開的": the zero said with the none is that quantity's, no other count's.
        # ("翻開的四張黑暗徵兆都觸發掉光了": the count told right before the quantity said to be gone, named by its own
        # word at the phrase's start, was that quantity's; "三個黃金都是別人的" says no gold is gone.)
        named_first = any(_pattern(cue).match(none_text, m.start) for cue in slots[name].cues)
        zero = re.search(r"(?<!\d)0\s*(?:张|个|座)?\s*(?:都|也)?\s*$", none_text[max(0, m.start - 8):m.start]) or \
            (re.search(r"(?<!\d)\d+\s*(?:张|个|座)\s*[\u4e00-\u9fff]{0,2}$", none_text[max(0, m.start - 8):m.start])
             if named_first else None)
        if zero:
            none_text = _blanked(none_text, (max(0, m.start - 8) + zero.start(), max(0, m.start - 8) + zero.end()))
        # ("徵兆…一張都沒有": the zero may stand inside the phrase itself.)
        for inner in re.finditer(r"(?<!\d)0\s*(?:张|个|座)?", none_text[m.start:m.end]):
            none_text = _blanked(none_text, (m.start + inner.start(), m.start + inner.end()))
        # ("徵兆已經一張不剩了（0張）": a zero in brackets just after the phrase says it again.)
        again = re.match(r"\s*了?\s*\(\s*0\s*(?:张|个|座)?\s*\)", none_text[m.end:])
        if again:
            none_text = _blanked(none_text, (m.end + again.start(), m.end + again.end()))
    counts, counted = _counts(_each_as_total(none_text), {n: s for n, s in slots.items() if n not in zeroed})
    counts.update(dict.fromkeys(zeroed, 0))
    players = next((counts[n] for n, slot in slots.items() if n in counts and slot.units and not slot.cues), None)
    table_size = _table_size_field(slots)
    if players is None and table_size and any(s.kind in ("seats", "seat_records", "plays") for s in slots.values()):
        # A roster naming every seat from the captain round ("Mia (captain), Noah, Olga, Pete") says the table's size.
        roster = _roster(counting_text, None, None)[0]
        if roster and sorted(roster.values()) == list(range(len(roster))) \
                and len(roster) in (slots[table_size].domain or (len(roster),)):
            players = counts[table_size] = len(roster)
    # Read once: the per-seat list is a value and, when no count says it, the table's size (上家 is its last seat).
    seat_list = None
    if any(slot.kind == "seat_list" for slot in slots.values()):
        # Seats listed, then their numbers in the same order: read paired, before any reading of the seats one by one.
        paired = _respectively(counting_text)
        seat_list = _seat_list(paired if paired is not None else counting_text)
        if seat_list is None:
            # Seats called by the names a roster gave them ("阿凱當隊長，下家1小玉…；阿凱0、小玉6…").
            by_role = _names_as_roles(counting_text, players)
            seat_list = _seat_list(by_role) if by_role is not None else None
        if seat_list is None:
            by_role = _sequence_as_roles(counting_text, players)
            seat_list = _seat_list(by_role) if by_role is not None else None
        if seat_list is None:
            by_role = _turn_list_as_roles(counting_text, players)
            seat_list = _seat_list(by_role) if by_role is not None else None
    if players is None and seat_list:
        players = len(seat_list)
    # A combat round's party is read once: the carried items and the blows are placed among its members.
    party_slot = _sibling(slots, "party")
    members = _members(counting_text, party_slot, slots) if party_slot is not None else None
    party = _party(counting_text, party_slot, members) if party_slot is not None else None
    for name, slot in slots.items():
        value: Any = None
        if slot.kind == "choice" and slot.role == "side" and (towers or has_new_tower):
            # The placement reading tells the end (it knows "right now", "left to right", a side denied); a bare
            # mention of left or right is no side.
            value = side
        elif slot.kind == "choice":
            value = choices[name]
        elif slot.kind == "count":
            value = counts.get(name)
        elif slot.kind == "tower":
            if any(s.kind == "towers" for s in slots.values()):
                value = new_tower if towers else None
            else:
                value = _tower_asked(text, towers, slot)  # the one Tower the rule is about
        elif slot.kind == "towers":
            ids = [t for t, _, _ in towers]
            value = (row if has_new_tower else ids) if towers else None
            if has_new_tower and towers and not row and len(ids) == 1:
                value = None  # only the Tower to add is named: the row is unknown
        elif slot.kind == "colour":
            door_like = [c for c in colours if re.match(_DOOR_AFTER, counting_text[c[1]:c[1] + 8]) or c[2]
                         or re.search(_DOOR_BEFORE, counting_text[max(0, c[1] - 30):c[1]])]
            # "hand back the brown door", "繳回棕門": a Door given back is no Door obtained, and a Door obtained
            # ("我剛用紅鑰匙拿到一張紅門") is none given back, when another Door is said to go back or none is.
            # ("把那扇紅門交回Limbo": the verb may come after the Door, with 把 before it.)
            handed_back = [c for c in door_like if _HANDED_BACK.search(counting_text[max(0, c[1] - 22):c[1]])
                           or _HANDED_BACK_AFTER.match(counting_text, c[1])]
            if slot.role != "returned":
                door_like = [c for c in door_like if c not in handed_back]
            elif handed_back or _OBTAINED.search(counting_text):
                door_like = handed_back
            if slot.role == "new":
                picked = [c for c in colours if c[2]]
            else:
                picked = door_like
            value = picked[-1][0] if picked else None
        elif slot.kind == "colours":
            if slot.role == "held":
                # ("我用棕色鑰匙把它拿下來": a Key's colour is no Door held.)
                # ("three blue locations in a row": cards of a colour played are no Doors either.)
                value = [c for c, p, new in colours if not new and not re.match(_KEY_AFTER, counting_text[p:p + 8])
                         and not re.match(_CARDS_AFTER, counting_text[p:p + 12])] or None
            elif slot.cues and not any(_pattern(cue).search(text) for cue in slot.cues):
                value = None  # "连出三张红色拿到红门": colours of cards played, with no Goal named, are no Goals
            elif (listed := _listed_after_cue(counting_text, slot)) is not None:
                value = listed  # "目標卡列由左到右是：藍、紅、棕、綠…": the list the cue introduces, and no later colour
            else:
                doors = {p for c, p, _ in colours if re.match(_DOOR_AFTER, counting_text[p:p + 8])
                         or re.search(_DOOR_BEFORE, counting_text[max(0, p - 30):p])
                         or re.match(_KEY_AFTER, counting_text[p:p + 8])}
                # "three red cards in the Labyrinth": cards of a colour played are neither Goals nor Doors.
                played = {p for c, p, _ in colours if re.match(_CARDS_AFTER, counting_text[p:p + 12])
                          and re.search(r"\d+\s*(?:张|个)?\s*(?:的)?\s*[a-z\u4e00-\u9fff]{1,6}$",
                                        counting_text[max(0, p - 16):p])}
                others = [c for c, p, _ in colours if p not in doors and p not in played]
                value = others or None
        elif slot.kind == "numbers":
            value = _numbers_near(counting_text, slot)
        elif slot.kind == "seat_list":
            value = seat_list
        elif slot.kind == "seat":
            if slot.role == "from_start":
                value = _seat_from_start(text)
            elif slot.cues:
                value = _seat_by_cue(text, slot, players)
                if value is None and any(_pattern(cue).search(text) for cue in slot.cues):
                    # "Ben 0 (he played the Officer)" with Ben seated name by name: read on the seats' roles.
                    by_role = _sequence_as_roles(text, players)
                    value = _seat_by_cue(by_role, slot, players) if by_role is not None else None
        elif slot.kind == "seats":
            value = _seats_after(text, slot, players)
        elif slot.kind == "targeted":
            value = _targeted(text, slot, slots)
        elif slot.kind == "amounts":
            value = _amounts(counting_text, slot, counted) or None
        elif slot.kind == "seat_records":
            # (The thing restated after bare numbers is for the records only: the other slots read the text as said.)
            records_text = _elided_lead(_cap_as_captain(counting_text), slot)
            value = _seat_records(records_text, slot, players, question)
            # (The table's size told with the roster, "我們4人局最後一天的隊長是老王", holds once the roster is blanked.)
            table = _table_size(records_text, players)
            if value is None:
                by_role = _names_as_roles(records_text, table)
                value = _seat_records(by_role, slot, table, question) if by_role is not None else None
            if value is None:
                by_player = _by_attribute(records_text, slot, table)
                value = _seat_records(by_player, slot, table, question) if by_player is not None else None
            if value is None:
                by_role = _sequence_as_roles(records_text, table)
                value = _seat_records(by_role, slot, table, question) if by_role is not None else None
            if value is None:
                value = _records_clause_by_clause(records_text, slot, table, question)
            if value is None:
                # (Read as said: a list's thing restated after its first number would break the list.)
                value = _records_listed(_cap_as_captain(counting_text), slot, players)
        elif slot.kind == "markers":
            value = _markers(counting_text, slot)
        elif slot.kind == "plays":
            value = _plays(text, slot, players)
        elif slot.kind == "party":
            value = party
        elif slot.kind == "carried":
            value = _carried(counting_text, slot, members)
        elif slot.kind == "round":
            value = _round(counting_text, slot, party, party_slot.values if party_slot is not None else ())
        elif slot.kind == "owner":
            value = _owner(counting_text, slot)
        elif slot.kind == "items":
            value = _items(text, slot, _target_positions(text, slot, slots)) or None if slot.values else None
        if value is not None and value != []:
            data[name] = value
    _only(text, slots, data)
    return data


def _relevant(slots: dict[str, Slot], choices: dict[str, Any]) -> dict[str, Slot]:
    """The slots to read: a slot declared for one value of another field (a potion's healing, a
    necklace's hit points) is read only when that field is stated so, or not stated at all."""
    return {n: s for n, s in slots.items() if s.applies(choices)}


def _only(text: str, slots: dict[str, Slot], data: dict[str, Any]) -> None:
    """"只加高塔" / "only the Towers": the other members of that slot group are stated absent."""
    for group in {s.group for s in slots.values() if s.group}:
        members = {n: s for n, s in slots.items() if s.group == group}
        for name, slot in members.items():
            if data.get(name) is not True:
                continue
            for m in mentions(text, slot.values):
                if not m.negated and re.search(r"(只有|只加|只用|只玩|只|基本组?\s*(?:加上?|\+)|基本游戏\s*(?:加上?|\+)|only|"
                                               r"just|base game plus|base plus|base game with|base with|"
                                               r"base(?: game)? \+)\s*"
                                               r"(?:the\s+)?$", text[max(0, m.start - 18):m.start]):
                    for other in members:
                        data.setdefault(other, False)


def _target_positions(text: str, items: Slot, slots: dict[str, Slot]) -> set[int]:
    """Where an effect's target is named again ("濃霧時刻指定那張燈籠"): not another card played."""
    out: set[int] = set()
    named = mentions(text, items.values)
    for slot in slots.values():
        if slot.kind == "targeted":
            for m in mentions(text, slot.values):
                near = _nearest_in_clause(text, m, named)
                # The card aimed at is the one played, named again: after the effect ("濃霧時刻指定那張燈籠"),
                # or before it when the card was already named as played ("我出了燈籠跟工作帽，結果工作帽被…丟掉").
                if near is not None and (near.start > m.start
                                         or any(n.value == near.value and n.start < near.start for n in named)):
                    out.add(near.start)
    return out


def _clause_bounds(text: str, m: Mention) -> tuple[int, int]:
    """Where the clause holding a mention starts and ends (between commas and stops)."""
    start = max(text.rfind(p, 0, m.start) for p in "。？?！!；;，,") + 1
    ends = [text.find(p, m.end) for p in "。？?！!；;，," if text.find(p, m.end) != -1]
    return start, min(ends) if ends else len(text)


def _clause_around(text: str, m: Mention) -> str:
    """The clause holding a mention."""
    start, end = _clause_bounds(text, m)
    return text[start:end]


# "其中一張", "one of them": one of the things told before, not said which.
_ONE_OF_THEM = re.compile(r"其中(?:一|1)\s*(?:张|顶|个|盏|只|座)?|其中之一|\bone of (?:them|those|the two|the 2)\b")


def _asking_sentence(text: str) -> tuple[int, int]:
    """Where the last sentence that asks (ends with a question mark) starts and ends; the last sentence if none does."""
    bounds = [0] + [m.end() for m in _CLAUSE_END.finditer(text)]
    spans = [(a, b) for a, b in zip(bounds, bounds[1:] + [len(text)]) if text[a:b].strip()]
    asking = [(a, b) for a, b in spans if re.search(r"[?？]", text[a:b])]
    return (asking or spans or [(0, len(text))])[-1]


def _said_of_subject(text: str, found: list[Mention], subject: tuple[str, ...]) -> list[Mention]:
    """The mentions in a sentence that names one of `subject` (all of them when no subject is declared, or when the
    text is one sentence: "那要是還沒完成呢？" says it of the row told before)."""
    ends = [0] + [m.end() for m in _CLAUSE_END.finditer(text)] + [len(text)]
    if not subject or len({e for e in ends if text[e:].strip()}) <= 1:
        return found
    kept = []
    for m in found:
        start = max(e for e in ends if e <= m.start)
        end = min(e for e in ends if e >= m.end)
        if any(_pattern(word).search(text, start, end) for word in subject):
            kept.append(m)
    return kept


def _nearest_in_clause(text: str, m: Mention, named: list[Mention]) -> Mention | None:
    start, end = _clause_bounds(text, m)
    near = [n for n in named if start <= n.start < end]
    # Nearest by the gap between the two words ("矿工 被人浓雾时刻打工作帽": the 工作帽 one word after it).
    return min(near, key=lambda n: n.start - m.end if n.start >= m.end else m.start - n.end) if near else None


def _targeted(text: str, slot: Slot, slots: dict[str, Slot]) -> list[dict[str, Any]] | None:
    """Effects aimed at the player's items: the effect and the nearest item named in its clause."""
    items = next((s for s in slots.values() if s.kind == "items" and s.values), None)
    if items is None:
        return None
    named = mentions(text, items.values)
    played = [n for n in named if not n.negated]
    out = []
    aimed: set[tuple[Any, Any, tuple[int, int]]] = set()
    for m in mentions(text, slot.values):
        if m.negated:
            continue
        target = _nearest_in_clause(text, m, named)
        if target is None:
            # "我出了兩張工作帽…其中一張被濃霧時刻丟掉": one of the cards told, all of one kind, is that card.
            if len({n.value for n in played}) == 1 and _ONE_OF_THEM.search(_clause_around(text, m)):
                target = played[0]
            # "只出了一張鐵路工，結果被別人用品茶師拿走了": the one card played is the one taken.
            if target is None and len(played) == 1 and played[0].end <= m.start \
                    and re.search(r"(?:一张|一个|1\s*张|\ba|\bone|\bsingle|\bonly)\s*$", text[max(0, played[0].start - 8):played[0].start]):
                target = played[0]
        if target is None:
            return None  # an effect whose target is not said: not read
        # "fogs one of my caps with 濃霧時刻": the effect named twice in one clause at one kind of card is one effect.
        aim = (m.value, target.value, _clause_bounds(text, m))
        if aim in aimed:
            continue
        aimed.add(aim)
        out.append({"kind": m.value, "card": target.value})
    return out or None


# The whole table, said of the clause's seats.
_WHOLE_TABLE = re.compile(r"全部|全员|所有人|大家都|每个人都|\d+\s*(?:个|位)?(?:人)?(?:都|全)|"
                          r"\ball(?: \d+)? of us\b|\bevery(?:one|body)\b|\ball \d+\b|\bthe whole table\b")


# "隊長卡", "the captain card": the card, not the seat.
_A_CARD = re.compile(r"\s*(?:卡|牌|'s card\b|card\b)")
_DID_NOT_GO = re.compile(r"\s*(?:自己|本人|himself|herself)?\s*(?:今天|当天|today)?\s*"
                         r"(?:没|不|未|\bdid ?n[o']t\b|\bstayed\b|\bwas not\b)")
# "出團的是另外三個人", "the other three went": every seat but the one said not to go.
_THE_OTHERS = re.compile(rf"(?:{_OTHER_PEOPLE})的?\s*(\d)\s*(?:个|位)?\s*(?:人|玩家)|\bthe (?:other (\d)|(\d) others)\b")


# "其他人都去了", "everyone else went", "everyone except the captain": every seat but one said apart, no count.
_ALL_BUT = re.compile(rf"(?:{_OTHER_PEOPLE})的?\s*(?:人|玩家)(?:\s*(?:也|就))?\s*(?:都|全)|"
                      r"\b(?:everyone|everybody|all the others|the others|the rest(?: of us)?|all of us)\b"
                      r"(?=\s+(?:else|except|but|apart|other than|besides|went|go|did|were|was)\b)|"
                      r"除了\S{1,8}?(?:以外|之外|外)?\s*[，,]?\s*(?:其他|其余|剩下|另外|别)?的?\s*(?:人|玩家)?\s*(?:都|全)")
# The word that sets one seat apart, right before the seat's role ("除了隊長", "everyone except the captain").
_EXCEPT_BEFORE = re.compile(r"(?:除了|\bexcept(?: for)?|\bbut|\bother than|\bapart from|\bbesides)\s*(?:the\s+)?$")


def _seats_after(text: str, slot: Slot, players: int | None) -> list[int] | None:
    """Seats named by role in the clause after a cue ("出團的是隊長、下家1和下家2")."""
    text = _cap_as_captain(text)
    roster: dict[str, int] | None = None  # read once, at the first cue found
    for cue in slot.cues:
        c = _pattern(cue).search(text)
        if not c:
            continue
        if roster is None:
            roster = _roster(text, slot, players)[0]
        # An English sentence ends at a full stop too ("…Eve is Tom's 上家. Today the team that went out was…").
        start = max([text.rfind(p, 0, c.start()) for p in "。？?！!；;"]
                    + [m.end() - 1 for m in re.finditer(r"\.(?=\s)", text[:c.start()])]) + 1
        clause = re.split(r"[。？?！!；;]|\.(?=\s|$)", text[start:], maxsplit=1)[0]
        others = _THE_OTHERS.search(clause) or _ALL_BUT.search(clause)
        counted = next((g for g in others.groups() if g), None) if others else None
        if players and others and (counted is None or int(counted) == players - 1):
            stayed = {_seat(text, m.group(1), players) for m in _SEAT_ROLE.finditer(text)
                      if (_DID_NOT_GO.match(text[m.end():]) or _EXCEPT_BEFORE.search(text[:m.start()]))
                      and not _A_CARD.match(text[m.end():])}
            if len(stayed) == 1 and None not in stayed:
                return [k for k in range(players) if k not in stayed]
            # "另外三个人都去了" whose one who stayed is not read: some seats, not the whole table.
            continue
        if players and _WHOLE_TABLE.search(clause):
            return list(range(players))  # "all four of us went", "大家都出團了": every seat
        roles = _roles_told(clause, list(_SEAT_ROLE.finditer(clause)))
        # "…，隊長卡接下來要交給誰": a relative role names a seat only as the next of a list ("下家1、再下一位").
        roles = [m for k, m in enumerate(roles)
                 if not (_RELATIVE_ROLE.search(m.group(1)) or _BACK_ROLE.search(m.group(1)))
                 or (k > 0 and re.fullmatch(r"\s*(?:[^()（）,，、]{0,20}?[(（][^)）]*[)）])?\s*(?:、|,|和|与|跟|及|还有|\band\b|\bthen\b|,\s*and\b)?\s*",
                                            clause[roles[k - 1].end():m.start()]))]
        # "隊長的下家" is one seat, the 下家; "隊長自己沒去" names a seat that did not go.
        seats: list[int | None] = []
        for k, m in enumerate(roles):
            if (k + 1 < len(roles) and re.fullmatch(r"\s*的\s*", clause[m.end():roles[k + 1].start()])) \
                    or _DID_NOT_GO.match(clause[m.end():]) or _A_CARD.match(clause[m.end():]):
                continue
            # "the next player and the one after that", "…上家, and the one before that": one seat on, or back,
            # from the seat named just before.
            step = 1 if _RELATIVE_ROLE.search(m.group(1)) else -1 if _BACK_ROLE.search(m.group(1)) else 0
            if step:
                seats.append((seats[-1] + step) % players if seats and seats[-1] is not None and players else None)
            else:
                seats.append(_seat(text, m.group(1), players))
        named = _named_seats_after(text, c.end(), roster) or _named_seats_before(text, c.start(), roster)
        if named:
            return named
        if seats and None not in seats:
            return sorted(set(seats))  # type: ignore[arg-type]
    return None


def _name_list(roster: dict[str, int]) -> tuple[str, str]:
    """A pattern for one of a roster's names, and one for several of them joined by 、, 和, "and"."""
    name = "|".join(re.escape(n) for n in sorted(roster, key=len, reverse=True))
    return name, rf"(?:{name})(?:\s*(?:、|,|和|与|跟|及|\band\b|&|,\s*and\b)\s*(?:{name}))+"


def _named_seats_after(text: str, at: int, roster: dict[str, int]) -> list[int] | None:
    """Seats called by the names a roster gave them, listed right after a cue ("出團的是老王、小陳、大劉")."""
    if not roster:
        return None
    name, joined = _name_list(roster)
    listed = re.match(rf"(?:\s*(?:out|on the expedition|on the adventure|today))*\s*(?:是|有|了|:|were|are|was|is)?"
                      rf"\s*({joined})(?![a-z])", text[at:])
    if listed is None:
        return None
    names = listed.group(1)
    if "、" in names:
        # "資格者是阿明、小剛、小芳，麗麗手裡還…": a list written with 、 ends at a comma.
        names = re.split(r"[,，]", names)[0]
    return sorted({roster[m.group()] for m in re.finditer(name, names)})


def _named_seats_before(text: str, at: int, roster: dict[str, int]) -> list[int] | None:
    """Seats called by the names a roster gave them, listed right before a cue ("today Ann, Ben and Fay went")."""
    if not roster:
        return None
    name, joined = _name_list(roster)
    listed = re.search(rf"(?<![a-z])({joined})\s*(?:都|all)?\s*$", text[:at])
    if listed is None:
        return None
    return sorted({roster[m.group()] for m in re.finditer(name, listed.group(1))})


# After an amount's cue, a number of something else: hit points, magic, a seat or an ordinal.
_NOT_AN_AMOUNT = re.compile(r"\s*(?:点|points?)?\s*(?:血|生命|hp\b|hit points?|魔力|magic|治疗|heal|位|个|号|级|level|"
                            r"rounds?\b|turns?\b|times?\b|回合|轮|次)")


# Words that make the number after them a sum of several blows.
_SUM_OF_BLOWS = re.compile(rf"(?:{_TOTAL_WORDS}|前前后后|总计|\ba total of\b)[^\d，。,;；]{{0,6}}$")


# Blows of one point each, counted ("疲勞再一點一點打兩下", "1點1點扣了3下"): the count of blows, after the amount.
_BLOWS_OF = re.compile(r"(一|1)\s*点\s*(?:一|1)\s*点\s*地?\s*(?:再|又)?\s*(?:打|扣|咬|造成)\s*了?\s*"
                       r"(\d+|[两二三四五六])\s*(?:下|次)")


def _amounts(text: str, slot: Slot, counted: set[int]) -> list[int]:
    """Every number written before one of the slot's units, or right after one of its cues ("吸血鬼先打2點",
    "fatigue deals 2"), in text order; numbers another count slot read are left to it."""
    found: dict[int, int] = {}
    blows: dict[int, int] = {}  # an amount's position → how many blows of it
    for m in _BLOWS_OF.finditer(text):
        count = m.group(2)
        found[m.start(1)] = 1
        blows[m.start(1)] = int(count) if count.isdigit() else CN_DIGITS[count]
        counted = counted | set(range(m.start(2), m.end(2)))
    cue_hits = [c for cue in slot.cues for c in _pattern(cue).finditer(text)]
    units = "|".join(re.escape(fold(u)) for u in sorted(slot.units, key=len, reverse=True))
    if units:
        for m in re.finditer(rf"(\d+)\s*-?\s*(?:{units})", text):
            found[m.start(1)] = int(m.group(1))
        if found or cue_hits:
            # "…, then fatigue does 1, then 1 more": another blow of the amount told before.
            for m in re.finditer(r"(\d+)\s*more(?:\s+points?)?(?=\s*(?:[,.;!?，。；]|$|\bthen\b|\band\b))", text):
                found[m.start(1)] = int(m.group(1))
            # "takes 2 from the goblin and then 1 from the slime": each blow told by where it came from.
            for m in re.finditer(r"(?<![\d.])(\d+)\s+from\s+(?:the\s+|a\s+|an\s+|his\s+|her\s+)?(?:goblin|slime|vampire|"
                                 r"troll|ghost|golem|dragon|demon|monster|fatigue|trap)s?\b", text):
                found.setdefault(m.start(1), int(m.group(1)))
    for c in cue_hits:
        window = text[c.end():c.end() + 10]
        for n in re.finditer(r"\d+", window):
            gap = window[:n.start()]
            if re.search(r"[，。,;；?？!！（(]", gap):
                break
            if gap.endswith("第") or _NOT_AN_AMOUNT.match(window[n.end():]):
                continue
            found.setdefault(c.end() + n.start(), int(n.group()))
            break
    out: list[int] = []
    for pos, value in sorted(found.items()):
        if pos in counted:
            continue
        if _SUM_OF_BLOWS.search(text[max(0, pos - 10):pos]) or re.match(r"\d+\s*(?:points? of )?(?:damage|dmg)?\s*"
                                                                      r"(?:in total|total|altogether)\b", text[pos:]):
            return []  # "前前後後一共吃了4點": a total of blows not told apart, not one blow
        # The words before the amount in its clause ("fatigue then does 2", "疲勞又造成2點").
        clause = re.split(r"[，。,;；?？!！]", text[max(0, pos - 24):pos])[-1]
        point_by_point = any(_pattern(word).search(clause) for word in slot.one_at_a_time)
        if pos in blows:
            out += [value] * blows[pos]
            continue
        out += [1] * value if point_by_point and 0 < value <= 12 else [value]
    return out


_THE_OTHER = re.compile(r"\b(?:the|its|their) other (?:end|side|face)\b|\bother end\b|\bopposite (?:end|side)\b|"
                        r"另一(?:边|端|头|侧|面)|另外一(?:边|端|头|侧|面)")


# A follow-up about the seat after the one asked before: "and the player right after him?", "那他的下家呢？".
_SEAT_AFTER = re.compile(r"\b(?:right |just |immediately |directly )?after (?:him|her|them|that player|that one|me)\b|"
                         r"\bthe (?:next|following) (?:player|one|seat)\b|\bthe one after\b|"
                         r"[他她我](?:的)?下家|再下一(?:位|个)|^[^，,。]{0,4}下一(?:位|个)(?:玩家)?(?:呢|的话)")


def other_values(model: type[BaseModel], question: str, carried: dict[str, Any]) -> dict[str, Any]:
    """For a follow-up asking about "the other end" (另一邊): each two-valued choice carried from the earlier
    question, turned to its other value; for one asking about the seat after the earlier one, that seat."""
    text = fold(question)
    out: dict[str, Any] = {}
    slots = declared_slots(model)
    if _SEAT_AFTER.search(text):
        for name, slot in slots.items():
            domain = domain_of(model, name)
            if slot.kind == "seat" and isinstance(carried.get(name), int) and carried[name] + 1 in (domain or ()):
                out[name] = carried[name] + 1
        return out if len(out) == 1 else {}
    if not _THE_OTHER.search(text):
        return {}
    for name, slot in slots.items():
        values = [v for v, _ in slot.values]
        if slot.kind == "choice" and len(values) == 2 and name in carried and carried[name] in values \
                and not any(isinstance(v, bool) for v in values):
            out[name] = values[1 - values.index(carried[name])]
    return out if len(out) == 1 else {}


# A count said against another number ("比上次多一個人", "黃金比兒子少一個", "one more player than last time") or
# less the players away ("平常六個人，今天一位請假"): the number written is not the count now.
_COMPARED = re.compile(
    r"比(?!较|赛|如|方|例|起来)[^，。,?？！!；;\d]{1,12}?(?:多|少)了?\s*(?:\d+|一|两|几)\s*(?:个|位|名|张|枚|点|分)?"
    r"|\b(?:\d+|one|two|three|a)\s+(?:more|fewer|less)\b(?:\s+[a-z'\-]+){0,3}?\s+than\b")
_AWAY = re.compile(r"(?:\d+|一|两)\s*(?:个|位|名)\s*(?:人|玩家|朋友|同学)?\s*(?:请假|没来|缺席|不能来|来不了|没空)"
                   r"|(?:请假|缺席|没来)了?\s*(?:\d+|一|两)\s*(?:个|位|名)"
                   r"|\b(?:one|two|\d+) of (?:us|them) (?:can'?t|couldn'?t|didn'?t|won'?t) (?:make it|come|show up)\b"
                   r"|\b(?:\d+|one|two) (?:players?|people|persons?) (?:short|down|away|absent)\b")


# The number a change comes to, said after it ("變成6個人", "making it 6 players").
_RESULT_STATED = r"(?:变成|变为|成了|成为|一共|总共|\bmaking(?: it)?|\bthat makes|\bso (?:it's|we're|that's)|\bfor a total of)"


def counts_said_by_comparison(model: type[BaseModel], question: str) -> list[str]:
    """The count fields a question states only against another number ("比上次多一個人", "one more than my son")
    or less the players away ("一位請假"): their value is arithmetic on a number said elsewhere, not read."""
    text = normalise_numbers(fold(question))
    clauses = [c for c in re.split(r"[，。？?！!；;,]|\.(?=\s|$)", text) if c.strip()]
    out = []
    for name, slot in declared_slots(model).items():
        if slot.kind != "count":
            continue
        words = [fold(w) for w in (*slot.cues, *slot.units)]
        players = any(fold(u) in ("人", "players") for u in slot.units)
        units = "|".join(_pattern(u).pattern for u in slot.units)
        if units and re.search(rf"{_RESULT_STATED}\s*\d+\s*(?:个|位)?\s*(?:{units})", text):
            continue  # "再多一個朋友加入，變成6個人": the count the comparison comes to is said
        for clause in clauses:
            said = _COMPARED.search(clause)
            if (said and any(_pattern(w).search(clause) for w in words)) or (players and _AWAY.search(clause)):
                out.append(name)
                break
    return out


def vague_fields(model: type[BaseModel], question: str, stated: dict[str, Any]) -> list[str]:
    """The fields a question says have a value without saying which ("又拿到一扇門", "add an expansion"),
    by their slots' `vague` phrases; a field stated, or one of a group with a member stated, is not vague."""
    text = fold(question)
    slots = declared_slots(model)
    out = []
    for name, slot in slots.items():
        if not slot.vague or name in stated:
            continue
        if slot.group and any(n in stated for n, s in slots.items() if s.group == slot.group):
            continue
        if any(not m.negated for m in mentions(text, ((True, slot.vague),))):
            out.append(name)
    return out


def named_uncounted(model: type[BaseModel], question: str, stated: dict[str, Any]) -> list[str]:
    """The counts that are none when not named ("手上的住持") which a question names without their number ("plus
    that abbot in my hand"): held, how many not said, and not none."""
    text = fold(question)
    # (Only a card counted on its own: a kind of a group, "路徑小卡一張都沒有", is told with the group. Nor one in a
    # clause saying none: "其他路徑小卡、住持什麼都沒有".)
    return [name for name, slot in declared_slots(model).items()
            if slot.kind == "count" and slot.unstated == "absent" and slot.cues and not slot.group
            and name not in stated and any(not m.negated and not _DENIED_IN_CLAUSE.search(_clause_around(text, m))
                                           for m in mentions(text, ((True, slot.cues),)))]


_DENIED_IN_CLAUSE = re.compile(r"没|无|不|\b(?:no|none|not|nothing|without)\b|n't")


def _valid_subset(model: type[BaseModel], data: dict[str, Any]) -> dict[str, Any]:
    """Drop the stated values the model rejects, one field at a time (the others still count)."""
    for _ in range(len(data) + 1):
        try:
            model.model_validate(data)
            return data
        except ValidationError as e:
            bad = {str(err["loc"][0]) for err in e.errors() if err.get("loc") and str(err["loc"][0]) in data}
            if not bad:
                # A cross-field check failed: the required fields still missing are the partial
                # evaluator's business, so keep what was stated.
                return data
            data = {k: v for k, v in data.items() if k not in bad}
    return data


_SLOT_PATTERNS = (
    # colours
    re.compile(r"(红色?|蓝色?|绿色?|棕色?|褐色?|red|blue|green|brown|tan)"),
    # counts with a unit, player counts, bare numbers
    re.compile(r"(\d+|[一二两三四五六七八九十]+)\s*(个人|个玩家|位玩家|人局|人|位|张|点|分|players?|people)?"),
    # seasons
    re.compile(r"(春天?|夏天?|秋天?|冬天?|冬季|spring|summer|autumn|fall|winter)"),
)


def substitute_slots(earlier: str, follow_up: str) -> str:
    """The earlier question with the kinds of value the follow-up restates removed.

    "兩張紅色的門會觸發什麼？" then "藍色的呢？": the follow-up replaces the colour, so the pair is
    searched as a question about blue Doors, not about red and blue ones."""
    folded_follow = fold(follow_up)
    out = fold(earlier)
    for pattern in _SLOT_PATTERNS:
        if pattern.search(folded_follow):
            out = pattern.sub(" ", out)
    return re.sub(r"\s+", " ", out).strip()


# A number the asking sentence compares the answer with ("這一手至少能有6分嗎？", "夠不夠撐到12？", "is that at least 6?"):
# what is asked against, not a fact of the situation.
_THRESHOLD = re.compile(
    r"(至少|起码|最少|超过|达到|够不够|够|撑到|满|到得了|有没有到|有到)\s*(?:一个人)?\s*(?:能|可以|会|要|有没有)?\s*"
    r"(?:有|拿|得|凑|撑|拿到|凑到|撑到|达到)?\s*(?:到)?\s*(\d+)\s*(?:分|点|张|个)?\s*(?:了)?\s*(?:吗|么|没|呢|吧|[?？]|$)|"
    r"\b(at least|more than|over|above|reach|hit|get to|make it to|enough for)\s+(\d+)\b(?=[^.!;]*\?)")
_STRICT_THRESHOLD = re.compile(r"超过|more than|over|above")


def _threshold_in_asking(text: str) -> re.Match[str] | None:
    """Where the asking sentence of a folded, number-normalised text compares its answer with a number."""
    start, end = _asking_sentence(text)
    return _THRESHOLD.search(text, start, end)


def asked_threshold(question: str) -> tuple[int, bool] | None:
    """The number the question's asking sentence compares its answer with, and whether it must be exceeded (超過,
    more than) rather than reached; None when it compares with none."""
    m = _threshold_in_asking(normalise_numbers(fold(question)))
    if m is None:
        return None
    word = m.group(1) or m.group(3)
    return int(m.group(2) or m.group(4)), bool(_STRICT_THRESHOLD.fullmatch(word))


def unread_numbers(question: str, data: dict[str, Any], also_known: tuple[int, ...] = (),
                   phrases: tuple[re.Pattern[str] | PhrasePattern, ...] = (), asides: tuple[Slot, ...] = (),
                   value_words: dict[Any, tuple[str, ...]] | None = None) -> list[int]:
    """Numbers the question states that the read inputs do not account for (a fact left unread); a number
    inside one of `phrases` (a rule's own phrases that state one, `numbered_phrases`) is read by it, and one
    said in passing (`_in_passing`) is no fact the verdict needs, nor is one said not to be so ("没打4点，只打了3点")."""
    text = _without_card_asides(_without_what_is_not_so(normalise_numbers(fold(question))))
    threshold = _threshold_in_asking(text)
    if threshold is not None:
        text = _blanked(text, threshold.span(2) if threshold.group(2) else threshold.span(4))
    # A Tower's number names the card, each time it is named ("… next to the red 5. … the red 5 has a blank side").
    for m in reversed(list(_TOWER.finditer(text))):
        text = _blanked(text, m.span())
    for pattern in phrases:
        for m in reversed(list(pattern.finditer(text))):
            text = _blanked(text, m.span())
    # Seat and ordinal markers name a seat, not a quantity ("下家1", "第3位"); a number after "which" is
    # what is asked, not stated ("出團的是哪三個", "which two Towers").
    # So are a card's options counted off ("option 2", "选项2", "2号选项").
    # "四到六個人都有可能", "4-6 players": a range of table sizes tells none of them (the count stays unknown).
    text = re.sub(_RANGE_END + _RANGE_JOIN + r"\d\s*(?:个|位|名)?\s*(?:人|玩家|players?\b|people\b)", " ", text)
    # "下家1到5": the seats a list runs over.
    text = _SEAT_RANGE.sub(" ", text)
    # ("the winter round of year one": a year of the game names when, it counts nothing.)
    text = re.sub(r"(?:下家|上家|第|seat|player|next player|\boption|\bchoice|选项|选择|\byear)\s*\d|\d(?:st|nd|rd|th)\b|"
                  r"\d\s*号?选项", " ", text)
    text = re.sub(r"(?:哪|\bwhich\s+|\bwhat\s+)\s*\d+", " ", text)
    # A time of day ("it's already 10pm", "晚上10点多"), someone's age or a date of the calendar ("my niece just turned
    # nine", "十月1号") counts nothing.
    text = re.sub(r"\b\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)(?![a-z])|\b\d{1,2}:\d\d\b|"
                  r"(?:晚上|早上|下午|上午|凌晨|中午|半夜)\s*\d{1,2}\s*点|"
                  r"\bturned\s+\d{1,3}\b|\b\d{1,3}[\s-]*years?[\s-]*old\b|\d{1,3}\s*岁(?:生日)?|"
                  r"\d{1,2}\s*月\s*\d{1,2}\s*(?:日|号)", " ", text)
    # "one Door of every colour", "one of each": one per colour describes a set, it counts nothing.
    text = re.sub(r"(?<![\d.])1\s+(?:[a-z]+\s+){0,2}of (?:every|each|all)\b|(?:各|每种颜色|每个颜色)\s*1(?!\d)", " ", text)
    text = _REFERENCE.sub(" ", text)
    known: list[int] = list(also_known)

    def collect(value: Any, fields: bool = False) -> None:
        """(`fields`: the list of the read fields' values itself, no list the question told.)"""
        if isinstance(value, bool):
            return
        if isinstance(value, int):
            known.append(abs(value))
        elif isinstance(value, str):
            known.extend(int(x) for x in re.findall(r"\d+", value))
        elif isinstance(value, (list, tuple)):
            known.append(len(value))  # "4人局，貢獻分別是5、4、2、0": the count of a list is read too
            for v in value:
                collect(v)
            # So is how many times one value comes in it ("兩個燈籠跟一個反光盤" → 燈籠, 燈籠, 反光盤).
            # Once one value is counted so, the others were counted too ("two Lanterns and one Reflector").
            hashable = [repr(v) for v in value]
            times = [hashable.count(h) for h in dict.fromkeys(hashable)]
            known.extend(k for k in times if k >= 2 or max(times) >= 2)
            if max(times, default=0) == 1 and not fields:
                singles.update(v for v in value if isinstance(v, str))
            repeated.update((value.count(v), v) for v in value if isinstance(v, int) and value.count(v) >= 2)
            # "前三名加起來11分": what the largest of the values read come to, said again as a total.
            ints = sorted((v for v in value if isinstance(v, int) and not isinstance(v, bool)), reverse=True)
            sums.update(sum(ints[:k]) for k in range(2, len(ints) + 1))
            # An amount read point by point ("疲勞造成2點" → 1, 1) accounts for the number as written, also
            # when a single point runs into it ("吸血鬼打1點，疲勞又扣2點" → 1, 1, 1).
            run = 0
            for v in [*value, None]:
                if v == 1 and not isinstance(v, bool):
                    run += 1
                    continue
                known.extend(range(2, run + 1))
                run = 0
        elif isinstance(value, dict):
            for v in value.values():
                collect(v)

    repeated: set[tuple[int, int]] = set()
    sums: set[int] = set()
    singles: set[str] = set()  # things read once each in a list
    collect(list(data.values()), fields=True)
    # "我出了燈籠、反光盤，再加一張洗金工": one of the things read, counted as one where it is named.
    # (`value_words`: the other words a list's values are named by, "lantern" for 燈籠.)
    for name in singles:
        words = "|".join(re.escape(fold(w)) for w in sorted({name, *(value_words or {}).get(name, ())}, key=len,
                                                             reverse=True))
        for m in reversed(list(re.finditer(rf"(?<!\d)1\s*(?:张|个|枚|座|根|瓶|件)?\s*(?:{words})", text))):
            text = _blanked(text, m.span())
    # "三個4分加起來剛好12": how many of the values read are the same, said again of them.
    for m in reversed(list(re.finditer(r"(\d+)\s*(?:个|位|人)\s*(?:人|玩家)?\s*(?:都是|全是|各是?|都)?\s*(\d+)\s*(?:分|点)",
                                       text))):
        if (int(m.group(1)), int(m.group(2))) in repeated:
            text = _blanked(text, m.span())
    text = _parts_of_totals(text, known, sums)
    text = _worked_sums(text, known, sums)
    for m in reversed(list(_VALUE_ASIDE.finditer(text))):
        text = _blanked(text, m.span())  # what things are worth, as the rulebook has it: no situation
    text = _in_passing(text, asides)
    # "需求12……加起来刚好12": a value read once and said again as what something comes to exactly.
    # "five players, sorry, six, my sister sat in, so six": a value read once, said again to sum up.
    for m in reversed(list(_EXACTLY.finditer(text)) + list(_SUMMED_UP.finditer(text))):
        if int(m.group(1)) in known:
            text = _blanked(text, m.span(1))
    # "不是六個人，是五個人": the number denied in favour of one read is no fact.
    for m in reversed(list(_NOT_BUT.finditer(text))):
        if int(m.group(2)) in known:
            text = _blanked(text, m.span(1))
    # "棄牌堆只有九張，不到十張": a bound a value read keeps to says that value again.
    for m in reversed(list(_BOUND.finditer(text))):
        n = int(m.group(2))
        below = re.match(r"不到|少于|不足|低于|less|fewer|under|below", m.group(1))
        if any(k < n if below else k >= n for k in known if not isinstance(k, bool)):
            text = _blanked(text, m.span(2))
    # "我們六個人玩…六人局到底要幾張": the table's size said again is the one size read.
    sizes = [m for m in _PLAYERS.finditer(text) if int(m.group(1)) in known]
    for m in reversed([m for k, m in enumerate(sizes) if any(int(o.group(1)) == int(m.group(1)) for o in sizes[:k])]):
        text = _blanked(text, m.span(1))
    out = []
    for m in re.finditer(r"\d+", text):
        n = int(m.group())
        if n in known:
            known.remove(n)
        else:
            out.append(n)
    return out


_NOT_BUT = re.compile(r"(?:不是|并非|\bnot)\s*(\d+)[^，,。.;；\d]{0,6}[，,]?\s*(?:而是|是|\bbut|\bit's|\bwe're)\s*(\d+)(?!\d)")
_BOUND = re.compile(r"(不到|少于|不足|低于|超过|多于|高于|至少|起码|\bless than|\bfewer than|\bunder|\bbelow|\bmore than|"
                    r"\bover|\babove|\bat least)\s*(\d+)(?!\d)")
_SUMMED_UP = re.compile(r"(?:\bso\b|\bthat's\b|\bthat is\b|所以|也就是|总之|反正)\s*(?:是|就是|it's|we're|we are)?\s*(\d+)(?!\d)")
_EXACTLY = re.compile(rf"(?:{_EXACTLY_WORDS})\s*(?:是|等于|为|到|\bequals?\b|\bhits?\b)?\s*(\d+)(?!\d)")
# "三個冒險家，每人1點，共3點傷", "2 and 1, 3 in total": a total said after the numbers it is made of.
_TOTAL = re.compile(rf"(?:{_TOTAL_WORDS}|共|\btotal of\b|\btotal\b|\bso (?:there's|that's|it's)\b)"
                    r"\s*(?:是|is|of)?\s*(\d+)")
# An amount each one takes ("1 each", "每人1點"): a part of a total said after it, however many share it.
_EACH = re.compile(r"(?:每人|每个人|各)\s*(?:[\u4e00-\u9fff]{1,2}?)?\s*\d+|\d+\s*(?:\beach\b|\bapiece\b|\bper (?:person|adventurer|head)\b)|"
                   # "每個冒險家都掉了1點血": what each one took.
                   + _EACH_ONE.pattern)


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding position `at` starts (after the last full stop, question or exclamation mark)."""
    return max(text.rfind(p, 0, at) for p in "。.?？!！") + 1


def _parts_of_totals(text: str, known: list[int], sums: set[int] = frozenset()) -> str:
    """The text with the numbers a read total is made of (their sum or product, said just before it in its
    sentence) blanked: they are read with the total. A total of read values (`sums`: what the largest of a
    read list come to) is blanked itself: "前三名加起來11分" says again what the list says."""
    for m in reversed(list(_TOTAL.finditer(text))):
        total = int(m.group(1))
        if total in sums and total not in known:
            text = _blanked(text, m.span(1))
    for m in _TOTAL.finditer(text):
        total = int(m.group(1))
        if total not in known:
            continue
        start = max(_sentence_start(text, m.start()), m.start() - 30)
        parts = list(re.finditer(r"\d+", text[start:m.start()]))
        values = [int(n.group()) for n in parts]
        if len(values) >= 2 and (sum(values) == total or math.prod(values) == total):
            for n in parts:
                text = _blanked(text, (start + n.start(), start + n.end()))
        elif len(values) == 1 and values[0] <= total and any(
                e.start() <= parts[0].start() < e.end() for e in _EACH.finditer(text[start:m.start()])):
            text = _blanked(text, (start + parts[0].start(), start + parts[0].end()))
    # "兩個冒險家各帶一株": so many, each with so many, make the total read (see `_EACH_OF`).
    for m in reversed(list(_EACH_OF.finditer(text))):
        if _each_count(m) in known:
            text = _blanked(_blanked(text, m.span(4)), m.span(1))
    for m in reversed(list(_EACH_OF_EN.finditer(text))):
        things, _, each = _each_en_groups(m)
        if int(m.group(things)) * int(m.group(each)) in known:
            text = _blanked(_blanked(text, m.span(each)), m.span(things))
    # "Tom 2 (one on the table, one in hand)": the parts of a read number told in brackets after it.
    for m in _BRACKETED_PARTS.finditer(text):
        parts = list(re.finditer(r"\d+", m.group(2)))
        if int(m.group(1)) in known and len(parts) >= 2 and sum(int(n.group()) for n in parts) == int(m.group(1)):
            for n in parts:
                text = _blanked(text, (m.start(2) + n.start(), m.start(2) + n.end()))
    return text


# A sum the player works out in writing ("3+1=4份", "4 Locations + 3 more Locations + a Nightmare, so 8 cards"): its
# terms (a thing named with "a" or "one" counts 1) and its result.
_WORKED_SUM = re.compile(r"(?<![\d.])(\d+)((?:[^\d+=，。,;；?？!！]{0,24}?\+\s*(?:\d+|an?\b|one\b)[^\d+=，。,;；?？!！]{0,24}?)+)"
                         r"(?:=|,\s*so\b|\bso\b|，\s*所以|所以|总共|一共|共)\s*(\d+)(?!\d)")


def _worked_terms(m: re.Match[str]) -> list[tuple[tuple[int, int] | None, int]]:
    """The terms of a worked sum (`_WORKED_SUM` match): each number's span in the text searched and its value; a
    thing named with "a" or "one" counts 1 and has no span."""
    return [(m.span(1), int(m.group(1)))] + [
        ((m.start(2) + t.start(1), m.start(2) + t.end(1)) if t.group(1) else None, int(t.group(1) or 1))
        for t in re.finditer(r"\+\s*(?:(\d+)|an?\b|one\b)", m.group(2))]


def _worked_terms_told(text: str, m: re.Match[str]) -> bool:
    """Whether a worked sum adds up, and stands right at the start of `text` (what it counts is named just before
    it: "棄牌堆 5+2+1=8") or after its terms told in its order with what each counts."""
    terms = _worked_terms(m)
    if sum(value for _, value in terms) != int(m.group(3)):
        return False
    told = [int(n) for n in re.findall(r"\d+", text[:m.start()])]
    return told == [value for _, value in terms] or re.fullmatch(r"[\s:：]*(?:是|有|is|has|of)?[\s:：]*", text[:m.start()]) is not None


def _worked_sums(text: str, known: list[int], sums: set[int]) -> str:
    """The text with a sum the player works out blanked, when it adds up and one side of it was read: a result
    read is made of its terms; terms read (the values told before, or a total of read values in `sums`) make a
    result the player only worked out."""
    for m in reversed(list(_WORKED_SUM.finditer(text))):
        terms = _worked_terms(m)
        total = int(m.group(3))
        if sum(value for _, value in terms) != total:
            continue
        if total in known or total in sums or all(value in known for span, value in terms if span is not None):
            for span, _ in terms:
                if span is not None:
                    text = _blanked(text, span)
            if total not in known:
                text = _blanked(text, m.span(3))
            # "地點5張、惡夢2張、鑰匙1張，5+2+1=8": the terms told just before, in the sum's order, are its terms said
            # first with what they count.
            start = _sentence_start(text, m.start())
            told = list(re.finditer(r"\d+", text[start:m.start()]))[-len(terms):]
            if len(told) == len(terms) and [int(n.group()) for n in told] == [value for _, value in terms]:
                for n in told:
                    text = _blanked(text, (start + n.start(), start + n.end()))
    return text


_BRACKETED_PARTS = re.compile(r"(?<!\d)(\d+)[^\d()（），。,;；]{0,24}?[(（]([^()（）]*)[)）]")


def rule_unread_numbers(rule: Any, question: str, data: dict[str, Any]) -> list[int]:
    """The numbers a question states that a rule, having read `data`, leaves unread: neither read as an input,
    nor fixed by the texts, nor part of a phrase the rule declares ("rung 3" says which reading), nor told of a
    quantity no rule of the game reads (its game's asides) or that does not bear on this rule (its own)."""
    return unread_numbers(question, data, rule.fixed_numbers, numbered_phrases(rule.input_model),
                          get_game(rule.game).asides + rule.asides, list_value_words(rule.input_model))


@lru_cache(maxsize=None)
def _list_value_words(model: type[BaseModel]) -> tuple[tuple[Any, tuple[str, ...]], ...]:
    return tuple((value, tuple(phrases)) for slot in declared_slots(model).values() if slot.kind == "items"
                 for value, phrases in slot.values)


def list_value_words(model: type[BaseModel]) -> dict[Any, tuple[str, ...]]:
    """The words each value of a model's lists of things is named by ("lantern", "燈籠" for 燈籠)."""
    return dict(_list_value_words(model))


# A number the player says may not matter ("(deck's at 41, if that matters)", "不知道有沒有關係"): its clause.
_MAY_NOT_MATTER = (r"(?:\bif (?:that|it) matters\b|\bnot sure (?:if|whether) (?:that|it) matters\b|\bin case it matters\b|"
                   r"不知道有没有(?:关系|差|影响)|不知道重不重要|如果有(?:关系|差|影响)的话)")
# The brackets that hold it, or else the clause it ends.
_IN_PASSING = re.compile(rf"[(（][^()（）]*?{_MAY_NOT_MATTER}[^()（）]*[)）]|"
                         rf"(?:^|(?<=[.。!！?？;；,，]))[^.。!！?？;；,，()（）]*?{_MAY_NOT_MATTER}")


def _in_passing(text: str, asides: tuple[Slot, ...]) -> str:
    """The text with the numbers said in passing blanked: told of an aside quantity (by its unit after the number,
    or its cue just before it in the clause), or inside brackets that say they may not matter."""
    for m in reversed(list(_IN_PASSING.finditer(text))):
        text = _blanked(text, m.span())
    for slot in asides:
        units = "|".join(_pattern(u).pattern for u in slot.units)
        cues = "|".join(_pattern(c).pattern for c in slot.cues)
        for m in reversed(list(re.finditer(r"\d+", text))):
            told_after = units and re.match(rf"\s*(?:{units})", text[m.end():])
            # 、 lists another thing ("自己的回憶、場上2張金礦小巷": the 2 is gold alleys).
            told_before = cues and re.search(rf"(?:{cues})[^\d，。,;；?？!！、]{{0,6}}$", text[max(0, m.start() - 30):m.start()])
            if told_after or told_before:
                text = _blanked(text, m.span())
    return text


@lru_cache(maxsize=None)
def numbered_phrases(model: type[BaseModel]) -> tuple[re.Pattern[str] | PhrasePattern, ...]:
    """The value phrases an input model declares that state a number ("第3級", "four colours"), and a list's
    values counted where they are named ("one red, one blue": the count repeats the value in the list)."""
    slots = declared_slots(model).values()
    stated = tuple(_pattern(phrase) for slot in slots for _, phrases in slot.values
                   for phrase in phrases if re.search(r"\d", normalise_numbers(fold(phrase))))
    counted = tuple(re.compile(r"(?<!\d)[1-4]\s*(?:张|个|扇)?\s*(?:的)?\s*(?:" + _pattern(phrase).pattern + ")|(?:"
                               + _pattern(phrase).pattern + r")\s*色?\s*的?\s*门\s*[1-4]\s*(?:张|扇|个)")
                    for slot in slots if slot.kind == "colours" for _, phrases in slot.values for phrase in phrases)
    return stated + counted


_SIGNED_NUMBER = re.compile(r"-?\d+")


def _context(text: str, start: int, end: int) -> tuple[frozenset[str], frozenset[str]]:
    """What stands before and after a number: CJK characters and English words within a few places of it."""
    def side(chars: str, words: list[str]) -> frozenset[str]:
        return frozenset({c for c in chars if has_cjk(c)} | set(words))

    return (side(text[max(0, start - 6):start], re.findall(r"[a-z']+", text[:start])[-2:]),
            side(text[end:end + 6], re.findall(r"[a-z']+", text[end:])[:2]))


def _shared_context(a: tuple[frozenset[str], frozenset[str]], b: tuple[frozenset[str], frozenset[str]]) -> int:
    """How much two numbers' surroundings agree, side by side ("咬他4點" and "只咬3點" share 咬 before, 點 after)."""
    return len(a[0] & b[0]) + len(a[1] & b[1])


_ADDS = re.compile(r"再(?:补|出|加|放|打|丢|塞|来|多|接|摆|排|凑|拿|收|抽)|"
                   # "那我先打了燈匠呢", "如果我一開始有先出礦工呢": a card played before the ones told (not "先出A再出B").
                   r"先(?:出|打|放|补)(?![^，,。？?]*再)|"
                   r"再(?:把|将)[^，,。？?]{0,8}?(?:补|加|放|塞|接|摆|排)|又(?:补|出|加|放|打|丢|接|摆)|多(?:出|补|加|放|打|丢|摆)了?|"
                   r"\balso\b|\banother\b|\bplus\b|\bas well\b|\bon top\b|\bin addition\b|"
                   # "then deals him one more point", "再吃1點": one more after the ones told.
                   r"\b(?:\d+|one|two|three) more\b|(?<![a-z])more\s+(?:damage|points?)\b|再吃|再受|再挨|再掉|又吃|又受|又挨|又掉|"
                   # "had already put green-4 on the right end": a Tower put at an end of a row joins the row
                   # (not "sticking it on the left end instead": the same Tower put elsewhere).
                   r"\b(?:put|add|place|stick|play)(?:s|ed|ing)?\s+(?:a |the |my )?(?:red|blue|green|brown)[- ]?\d\b"
                   r"(?![^,.;]*\binstead\b)[^,.;]{0,12}?\bon (?:the )?(?:far )?(?:left|right) end\b")


def adds_to_earlier(follow_up: str) -> bool:
    """Whether a follow-up adds to what the earlier question listed ("要是我再補一張礦工呢？", "and I also play
    a helmet?") rather than naming a new list in its place."""
    return bool(_ADDS.search(fold(follow_up)))


# "一样这三张", "the same 3 cards": a number that points back at what was said states nothing new.
_REFERENCE = re.compile(r"(?:这|\bthese\s+|\bthose\s+|\b(?:the )?same\s+)\s*\d+")


_SEAT_BEFORE = re.compile(r"(?:下家|上家)\s*$")
_POINTS_AFTER = re.compile(r"\s*(?:分|点|\bpoints?\b)")


def _seat_marker_at(text: str, start: int, end: int) -> bool:
    """Whether the number at text[start:end] is a seat's marker ("下家2", "上家 1"), not points ("下家3分")."""
    return bool(_SEAT_BEFORE.search(text, 0, start)) and not _POINTS_AFTER.match(text, end)


# A number said to be the wrong one ("不是2分", "not 1", "instead of 3"), or the one changed ("那2分改成3分",
# "from 2 to 3": the number after it is the new one).
_NOT_THE_OLD = re.compile(r"(?:而?不是|\binstead of|\brather than|,?\s*\bnot)\s*(\d+)\s*(?:分|点|张|个|\bpoints?\b|\bcards?\b)?|"
                          r"(?:从|\bfrom\s+(?=\d+\s*(?:points?\s*|cards?\s*)?to\b))?(\d+)\s*"
                          r"(?:分|点|张|个|\bpoints?\b|\bcards?\b)?\s*"
                          r"(?=[^\d。？?]{0,12}?(?:改成|改为|变成|换成|\bchanged to\b|(?<=from \d )to\b)\s*\d)")


# A table grown or shrunk by a follow-up ("少一個人", "多兩位玩家", "one fewer player", "with 2 more people").
_TABLE_CHANGE = re.compile(r"(?P<way>少|多|减|加)了?\s*(?P<n>一|\d)\s*(?:个|位|名)?\s*(?:人|玩家)(?!数)|"
                           r"\b(?P<n_en>a|an|one|\d)\s+(?P<way_en>fewer|less|more|extra)\s+(?:players?|people|persons?)\b")
_FEWER = ("少", "减", "fewer", "less")
# A number that is the table's size ("6个人", "5人局", "4 players").
# What follows a number that is the table's size ("6人局", "5 players", "4p").
_TABLE_AFTER = re.compile(r"\s*(?:个|位|名)?\s*(?:人|玩家|\bplayers?\b|\bpeople\b|p\b)")
TABLE_SIZE = re.compile(rf"(\d+){_TABLE_AFTER.pattern}")


# Routing asks it once per candidate rule of a follow-up, with the same two texts.
@lru_cache(maxsize=256)
def restate_number(earlier: str, follow_up: str) -> str | None:
    """The earlier question with the one number a follow-up restates swapped in, else None.

    "吸血鬼一口氣咬他四點…" then "那如果吸血鬼只咬三點呢？": the follow-up's number replaces the earlier number
    whose surroundings it shares most ("咬", "點"), not the hit points. Only a single-number follow-up with one
    clearly closest earlier number (or the earlier question's only number) is read this way; anything less clear
    stays unread."""
    own = _REFERENCE.sub(" ", _numbers_as_digits(fold(follow_up)))
    text = normalise_numbers(fold(earlier))
    change = _TABLE_CHANGE.search(own)
    if change:
        # "那少一個人呢？", "and with one more player?": the table told before, so many fewer or more.
        tables = [m for m in _SIGNED_NUMBER.finditer(text) if _TABLE_AFTER.match(text, m.end())]
        if len(tables) != 1:
            return None
        size = next(g for g in change.group("n", "n_en") if g)
        fewer = (change.group("way") or change.group("way_en")) in _FEWER
        step = (1 if size in ("一", "1", "a", "an", "one") else int(size)) * (-1 if fewer else 1)
        old = tables[0]
        return f"{text[:old.start()]}{int(old.group()) + step}{text[old.end():]}"
    # "隊長是4分不是2分", "2 in his hand, not 1": the number taken back says which earlier number is meant.
    # A seat's marker ("下家2") names the seat: it is neither the number taken back nor the one restated.
    taken = [m for m in _NOT_THE_OLD.finditer(own) if m.group(1) or not _seat_marker_at(own, m.start(2), m.end(2))]
    taken_back = [int(m.group(1) or m.group(2)) for m in taken]
    for m in reversed(taken):
        own = f"{own[:m.start()]} {own[m.end():]}"
    # ("哪三個人出團": a number after "which" is what is asked, not one said anew.)
    numbers = [m for m in _SIGNED_NUMBER.finditer(own) if not _seat_marker_at(own, m.start(), m.end())
               and not re.search(r"(?:哪|\bwhich\s+|\bwhat\s+)\s*$", own[max(0, m.start() - 7):m.start()])]
    if len(numbers) != 1:
        return None
    new = numbers[0]
    wanted = _context(own, new.start(), new.end())
    told = _told_of_same_seat(text, own[:new.start()])
    if told is not None:
        # "那如果上家珊珊後來又多出了2分呢？": the number said of the seat the earlier question gave one, more of it
        # when the follow-up adds.
        value = int(told.group()) + int(new.group()) if _ADDS.search(own) else int(new.group())
        return f"{text[:told.start()]}{value}{text[told.end():]}"
    if len(taken_back) == 1:
        # "要是下家二那4分變成0分呢？" after a list in seat order: the seat's place in the list, when it holds that 4.
        swapped = _swapped_in_list(text, own[:new.start()], taken_back[0], new.group())
        if swapped is not None:
            return swapped
        named = [m for m in _SIGNED_NUMBER.finditer(text) if int(m.group()) == taken_back[0]]
        if len(named) == 1:
            return f"{text[:named[0].start()]}{new.group()}{text[named[0].end():]}"
    shared = sorted(((_shared_context(wanted, _context(text, m.start(), m.end())), m)
                     for m in _SIGNED_NUMBER.finditer(text)), key=lambda pair: -pair[0])
    # With one number in each ("…in a 5 player game?" then "and with six?"), the one restates the other.
    if not shared or (shared[0][0] == 0 and len(shared) > 1) or (len(shared) > 1 and shared[1][0] == shared[0][0]):
        return None
    old = shared[0][1]
    if old.group().lstrip("-") == new.group().lstrip("-"):
        return None
    told, said = _counted_after(text, old.end()), _counted_after(own, new.end())
    if told and said and told != said:
        # "那兩個擴充一起加呢？" after "…八級難度表…": two expansions restate no number of levels.
        return None
    return f"{text[:old.start()]}{new.group()}{text[old.end():]}"


_COUNTED = re.compile(r"\s*(?:个|位|名)?\s*(张|人|分|点|级|次|枚|座|天|回合|轮|局|扇|颗|格|顶|根|瓶|件|金|(?![呢吗吧啊了的呀喔哦是就都也还又在和跟与及或])[\u4e00-\u9fff])")


def _counted_after(text: str, end: int) -> str | None:
    """What the number ending at `end` counts, by the measure word or the thing written after it ("两个扩充" →
    扩), or None when nothing Chinese follows it."""
    m = _COUNTED.match(text, end)
    return m.group(1) if m else None


_SEAT_LIST = re.compile(r"\d+(?:\s*(?:分|点)?\s*[、,，/]\s*\d+){3,}")


def _swapped_in_list(earlier: str, said_before: str, old: int, new: str) -> str | None:
    """The earlier question with the number at a seat's place in its one list in seat order from the captain
    swapped for `new`, when the follow-up names that seat (队长, 下家N, 上家) and the list holds `old` there."""
    seats = list(re.finditer(r"下家\s*(\d)|(队长)|(上家)", said_before))
    lists = list(_SEAT_LIST.finditer(earlier))
    if not seats or len(lists) != 1:
        return None
    seat = seats[-1]
    index = int(seat.group(1)) if seat.group(1) else 0 if seat.group(2) else -1
    numbers = list(re.finditer(r"\d+", lists[0].group()))
    if not -len(numbers) <= index < len(numbers) or int(numbers[index].group()) != old:
        return None
    start = lists[0].start() + numbers[index].start()
    return f"{earlier[:start]}{new}{earlier[start + len(numbers[index].group()):]}"


def _told_of_same_seat(earlier: str, said_before: str) -> re.Match[str] | None:
    """The one number of the earlier question told of the seat (a role, or a role and a name) that the follow-up
    names before its own number, or None."""
    # (An aside in brackets restates the seat: "下家4（也就是隊長上家）2" is 下家4's.)
    said_before, plain = _without_asides(said_before), _without_asides(earlier)
    # "隊長下家那位": the captain's 下家 is one seat, the 下家 (seats are told from the captain).
    said_before = re.sub(r"队长\s*(?:的)?\s*(?=上家|下家)", " ", said_before)
    own_roles = {m.group(1) for m in _SEAT_ROLE.finditer(said_before) if not _RELATIVE_ROLE.search(m.group(1))}
    if not own_roles:
        return None
    found = []
    for m in _SIGNED_NUMBER.finditer(earlier):
        start = max(earlier.rfind(p, 0, m.start()) for p in "，,、。；;：:") + 1
        roles = [r.group(1) for r in _SEAT_ROLE.finditer(plain, start, m.start())]
        # The seat is the role nearest before the number ("下家3 leo 5分"), its own marker number aside.
        if roles and roles[-1] in own_roles and not _seat_marker_at(earlier, m.start(), m.end()):
            found.append(m)
    return found[0] if len(found) == 1 else None


def restated_input(rule: Any, earlier: str, follow_up: str) -> dict[str, Any] | None:
    """What a rule reads from the earlier question once a single-number follow-up restates one of its numbers,
    when that accounts for every number; else None."""
    restated = restate_number(earlier, follow_up)
    if restated is None:
        return None
    data = extract_input(rule.input_model, restated)
    if rule_unread_numbers(rule, restated, data) or data == extract_input(rule.input_model, earlier):
        return None
    return data


# --- a combat round told in prose (party, carried items, the round's events, whose dungeon) ----------------

_CLAUSE = re.compile(r"[，,。；;!?！？]|\.(?=\s|$)")
# A member named as the one a blow lands on ("打1號盜賊", "bites the wizard") is not another member.
_TARGETED = re.compile(r"(?:打|攻击|攻打|咬|对|给|hits?|attacks?|bites?|targets?|on|(?<![a-z])(?:at|to))\s*"
                       r"(?:第?\s*\d+\s*[号位个]?|#\s*\d+|the|a|an|him|her)?\s*$")
# How many of a class are named at once ("兩個盜賊", "two thieves"): the members are not told apart.
_SEVERAL = re.compile(r"(?<![第#\d])(\d+)\s*(?:个|位|名|只)?\s*$")
_NO_ITEMS = re.compile(r"(?:没有|没带|不带|无|no|without|not carrying any|carry no|carries no)\s*(?:任何)?\s*"
                       r"(?:魔法)?\s*(?:物品|道具|magic items?|items?)")
_ORDINAL = re.compile(r"第\s*(\d)\s*[位个号]?|(\d)\s*号|#\s*(\d)|\b(\d)(?:st|nd|rd|th)\b")


def _clause_spans(text: str) -> list[tuple[int, int]]:
    """The clauses of a question as (start, end), split at clause punctuation (not at 、)."""
    spans, start = [], 0
    for m in _CLAUSE.finditer(text):
        if m.start() > start:
            spans.append((start, m.start()))
        start = m.end()
    if start < len(text):
        spans.append((start, len(text)))
    return spans


def _sibling(slots: dict[str, Slot], kind: str) -> Slot | None:
    return next((s for s in slots.values() if s.kind == kind), None)


def _event_names(text: str, round_slot: Slot | None) -> list[Mention]:
    """Monsters, traps and spells named in a text (the round's events, by the round slot's phrases)."""
    if round_slot is None:
        return []
    return [m for group, values in round_slot.parts if group in ("monster", "trap", "spell")
            for m in mentions(text, values)]


def _members(text: str, party: Slot, slots: dict[str, Slot]) -> list[tuple[str, list[tuple[int, int]]]] | None:
    """The party front to back as told: each member's class and the spans said of it. A clause naming one
    member is its; a clause naming none that says a number or an item of a member continues the last one;
    a clause of the round's events is not the party's. None when the members cannot be told apart."""
    round_slot = _sibling(slots, "round")
    carried = _sibling(slots, "carried")
    words = [w for _, ws in party.fields for w in ws]
    members: list[tuple[str, list[tuple[int, int]]]] = []
    pieces: list[tuple[int, int]] = []
    for s, e in _clause_spans(text):
        named = [m for m in mentions(text[s:e], party.values) if not m.negated]
        if len(named) > 1:
            # "1號盜賊一滴血、2號戰士四滴血": members listed in one clause, one per piece.
            # (A 、 inside brackets lists one member's numbers: "牧師（3 血、1 顆心）".)
            depth, inner = 0, []
            for i, ch in enumerate(text[s:e]):
                depth += (ch in "(（") - (ch in ")）")
                if ch == "、" and depth <= 0:
                    inner.append(s + i + 1)
            if not inner:
                # "a warrior with 5 hit points and a wizard with 3": English members joined by "and", each from
                # the words that join it.
                # "戰士（5血）和牧師（3血…）": Chinese members joined by 和 or 跟 after the first one's brackets.
                for m in named[1:]:
                    join = re.search(r"(?:,\s*|\s+)(?:and|then)\s+(?:(?:a|an|the)\s+)?$|(?<=[)）])\s*(?:和|跟|与|及|还有)\s*$",
                                     text[s:s + m.start])
                    if join is not None:
                        inner.append(s + join.start() + 1)
            cuts = [s] + inner + [e + 1]
            pieces += [(a, b - 1) for a, b in zip(cuts, cuts[1:]) if b - 1 > a]
        else:
            pieces.append((s, e))
    continues = False  # the clause before was the last member's
    for s, e in pieces:
        chunk = text[s:e]
        named = [m for m in mentions(chunk, party.values)
                 if not m.negated and not _TARGETED.search(chunk[max(0, m.start - 10):m.start])]
        events = _event_names(chunk, round_slot)
        if events:
            if named:
                return None  # a member and the round's events in one clause: not read
            continues = False
            continue
        if len(named) > 1:
            return None
        same_class = [k for k, (cls, _) in enumerate(members) if named and cls == named[0].value]
        if same_class and carried is not None and _owned(chunk, carried) \
                and not any(_field_number(chunk, (w,), set()) is not None for w in words):
            # "…、牧師（3 血、1 顆心）…；牧師身上帶著綠色玩家的治療藥水": a member of a class already listed, named again
            # for what it carries (no number of a member of its own), is that member; which one, when the class
            # was listed twice, is not told.
            if len(same_class) > 1:
                return None
            members[same_class[0]][1].append((s, e))
            continues = False
        elif named:
            several = _SEVERAL.search(chunk[max(0, named[0].start - 4):named[0].start])
            if several and int(several.group(1)) > 1:
                return None
            # "2號盜賊" with no one told before him: the party's front is not told, so it is not this list.
            place = _PARTY_PLACE.search(chunk[max(0, named[0].start - 12):named[0].start])
            if place and int(next(g for g in place.groups() if g)) != len(members) + 1:
                return None
            members.append((named[0].value, [(s, e)]))
            continues = True
        elif continues and (any(re.search(rf"\d\D{{0,3}}{re.escape(fold(w))}|{re.escape(fold(w))}\D{{0,3}}\d", chunk)
                                for w in words) or (carried is not None and _owned(chunk, carried))):
            # "身上帶著紅色玩家的治療藥水", "heals 1)": more about the member just named.
            members[-1][1].append((s, e))
        else:
            continues = False
    return members or None


# A member's place in the party said before its class ("2號盜賊", "第3位是牧師", "adventurer 2, a thief").
_PARTY_PLACE = re.compile(r"(?:(\d)\s*号|第\s*(\d)\s*(?:位|个|号)?|\badventurer\s*(\d)|\b(\d)(?:st|nd|rd|th)\s+(?:adventurer|one|slot))"
                          r"\s*(?:的|是|,|:|：)?\s*(?:冒险家)?\s*(?:是|is|,)?\s*(?:an?\s+)?$")


def _owned(chunk: str, slot: Slot) -> bool:
    """Whether a chunk names a thing of the slot with its owner written before it ("紅色玩家的治療藥水")."""
    owners = mentions(chunk, slot.owners)
    return any(_owner_before(chunk, owners, m) is not None for m in mentions(chunk, slot.values) if not m.negated)


def _field_number(chunk: str, words: tuple[str, ...], used: set[int]) -> int | None:
    """The number said with one of a member's words: before it ("3點血", "5 HP", "1 healing") or right after
    it ("治療1", "HP 3", "heals 1"); "一滴血" is one."""
    for w in sorted(words, key=len, reverse=True):
        fw = fold(w)
        tail = r"(?![a-z])" if fw.isascii() else ""
        for m in re.finditer(rf"(\d+|一)\s*(?:点|滴)?\s*(?:的)?\s*{re.escape(fw)}{tail}", chunk):
            if m.start(1) not in used:
                used.add(m.start(1))
                return 1 if m.group(1) == "一" else int(m.group(1))
        for m in re.finditer(rf"{'(?<![a-z])' if fw.isascii() else ''}{re.escape(fw)}\s*(?:值|力|能力)?\s*(?:[:：]|是|为|of|for)?\s*(\d+)", chunk):
            if m.start(1) not in used:
                used.add(m.start(1))
                return int(m.group(1))
    return None


def _party(text: str, slot: Slot, members: list[tuple[str, list[tuple[int, int]]]] | None
           ) -> list[dict[str, Any]] | None:
    """The party as told (`members`, from `_members`), front to back: each member's class and its numbers."""
    if members is None:
        return None
    out = []
    for cls, spans in members:
        record: dict[str, Any] = {"class": cls}
        for s, e in spans:
            used: set[int] = set()
            for name, words in slot.fields:
                value = _field_number(text[s:e], words, used)
                if value is not None and name not in record:
                    record[name] = value
        out.append(record)
    return out


def _carried(text: str, slot: Slot, members: list[tuple[str, list[tuple[int, int]]]] | None
             ) -> list[dict[str, Any]] | None:
    """The items the party carries: each item with its owner's colour written before it, carried by the member
    whose clause names it. An item named elsewhere of a kind no one carries, or without its owner, is not read;
    one of a kind already carried ("藥水怎麼算？") is the same item named again."""
    named = [m for m in mentions(text, slot.values) if not m.negated]
    if not named:
        return [] if members and _NO_ITEMS.search(text) else None
    if not members:
        return None
    owners = mentions(text, slot.owners)
    out: list[dict[str, Any]] = []
    loose = []
    for m in named:
        carrier = next((i for i, (_, spans) in enumerate(members, start=1)
                        if any(s <= m.start < e for s, e in spans)), None)
        if carrier is None:
            loose.append(m)
            continue
        owner = _owner_before(text, owners, m)
        if owner is None:
            return None
        out.append({"carrier": carrier, "item": m.value, "owner": owner.value})
    carried_kinds = {it["item"] for it in out}
    if any(m.value not in carried_kinds for m in loose):
        return None
    return out or None


def _target(chunk: str, party: list[dict[str, Any]] | None, classes: tuple) -> int | None:
    """Whom a blow in this chunk lands on: an ordinal ("第一位", "#2"), the only member of a named class, or
    the only member at all ("他", "him", or nobody named)."""
    o = _ORDINAL.search(chunk)
    if o:
        return int(next(g for g in o.groups() if g))
    if not party:
        return None
    named = {m.value for m in mentions(chunk, classes) if not m.negated}
    if len(named) == 1:
        positions = [i for i, p in enumerate(party, start=1) if p["class"] in named]
        return positions[0] if len(positions) == 1 else None
    return 1 if len(party) == 1 else None


def _blows(chunk: str) -> list[int]:
    """Amounts of damage said in a chunk ("咬他4點", "hits him for 2", "2 damage")."""
    found = re.findall(r"(\d+)\s*(?:点|滴)?\s*(?:伤害|damage|dmg)?(?=\s*(?:点|伤害|damage|dmg|$|[)）]))|"
                       r"(?:for|deals|does)\s+(\d+)", chunk)
    return [int(a or b) for a, b in found]


def _round(text: str, slot: Slot, party: list[dict[str, Any]] | None, classes: tuple) -> dict[str, Any] | None:
    """This round's events: the monsters in the order named (with whom and how hard the ones that choose
    hit, among the `party` as read, whose classes are named by `classes`), the trap, the spell, the fatigue,
    the tile and whether it is the last round."""
    parts = dict(slot.parts)
    events: dict[str, Any] = {}
    spans = _clause_spans(text)

    def clause_of(pos: int) -> str:
        return next((text[s:e] for s, e in spans if s <= pos < e), "")

    aimed = {value for value, _ in parts.get("aimed", ())}
    monsters: list[dict[str, Any]] = []
    for m in mentions(text, parts.get("monster", ())):
        if m.negated or any(x["name"] == m.value for x in monsters):
            continue
        chunk = clause_of(m.start)
        several = re.search(r"(\d)\s*(?:只|个|头)\s*$", text[max(0, m.start - 4):m.start])
        if several and int(several.group(1)) > 1:
            return None  # "兩隻哥布林": which blow is whose is not told apart
        entry: dict[str, Any] = {"name": m.value}
        if m.value in aimed:
            blows = _blows(chunk[chunk.find(text[m.start:m.end]) + (m.end - m.start):])
            target = _target(chunk, party, classes)
            if not blows or target is None:
                return None  # a monster that picks its victim, without whom or how hard
            entry["attacks"] = [{"target": target, "damage": blows[0]}]
        monsters.append(entry)
    trap = next((m for m in mentions(text, parts.get("trap", ())) if not m.negated), None)
    if trap is not None:
        chunk = clause_of(trap.start)
        target = _target(chunk, party, classes) if trap.value in aimed else None
        if trap.value in aimed and target is None:
            return None
        events["trap"] = {"name": trap.value, **({"target": target} if target else {})}
    spell = next((m for m in mentions(text, parts.get("spell", ())) if not m.negated), None)
    if spell is not None:
        events["spell"] = spell.value
    fatigue = [(d, v) for d, _, v in _count_candidates(text, Slot("count", {}, cues=slot.cues))]
    if fatigue:
        events["fatigue"] = min(fatigue)[1]
    tiles = {m.value for m in mentions(text, parts.get("tile", ())) if not m.negated}
    if len(tiles) == 1:
        events["tile"] = next(iter(tiles))
    last = mentions(text, parts.get("last_round", ()))
    if last:
        events["last_round"] = not last[0].negated
    if not monsters and "trap" not in events and "spell" not in events and "fatigue" not in events:
        return None
    events["monsters"] = monsters
    return events


def _owner(text: str, slot: Slot) -> Any:
    """One of the slot's values written just before one of its cues ("藍色玩家的地城", "in blue's dungeon",
    "我自己（紅色）的地城")."""
    cues = "|".join(re.escape(fold(c)) for c in slot.cues)
    found = {m.value for m in mentions(text, slot.values) if not m.negated and
             re.match(rf"\s*色?\s*(?:玩家)?\s*[)）]?\s*(?:'s|player'?s)?\s*(?:的)?\s*(?:{cues})", text[m.end:m.end + 16])}
    return next(iter(found)) if len(found) == 1 else None
