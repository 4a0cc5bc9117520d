"""The Query: everything read off a question once, before any stage uses it."""
from __future__ import annotations

import re
from dataclasses import dataclass

from indexer.retrieval import clean_query
from indexer.text import detect_lang, fold
from indexer.tokenize import Tokenizer

from .extract import names_a_declared_value
from .scope import GameSignal, game_signals

# Words that make a question continue the conversation in each language (not cues for any question).
FOLLOW_UP_OPENERS = ("那如果", "如果是", "那要是", "那", "要是", "假如", "那么", "换成", "改成",
                     "咁", "噉",  # Cantonese "then", "so"
                     "what if", "what about", "and if", "and what", "how about", "then what", "same for", "and with",
                     "and for", "and in", "and on", "and at", "and ",
                     # A correction or an addition to what was just asked ("忘了說，…", "wait, …", "actually …").
                     # ("对了", "actually" also open a new topic: not listed.)
                     "忘了说", "忘记说", "忘了讲", "忘记讲", "忘说了", "忘讲了", "补充", "更正", "说错", "打错", "看错",
                     "不对不对", "等下", "等等", "等一下", "wait", "correction", "oh wait", "forgot to", "hang on", "oops",
                     "抱歉", "不好意思", "搞错了", "我搞错", "不对", "sorry", "my bad", "i mean", "i meant",
                     "he means", "she means", "they mean", "he meant", "she meant", "they meant",
                     # The same situation with one thing changed ("same two cards but …", "but what if …").
                     "same ", "but if", "but what if",
                     # What happened next in the same situation ("結果上家對那張燈籠打了濃霧時刻…", "後來…").
                     "结果", "后来",
                     # The conclusion asked of the situation just told ("所以這樣今天出得了團嗎？", "so in that case …").
                     # ("這樣的話…", "in that case …" point back anywhere in the question: `_POINTS_BACK`.)
                     "所以这样", "这样子", "那这样", "so then",
                     # Chat shorthand: "n if …" (and if), "what abt …".
                     "n if", "n what", "& if", "what abt", "how abt", "wat if", "wut if", "n w/", "and w/", "& w/", "w/ ")
FOLLOW_UP_ENDINGS = ("呢?", "呢？", "呢", "咧", "咧?", "咧？", "的话?", "的话？", "does that change it?",
                     "does that change anything?", "does that change it", "does that change anything",
                     # "… not the right. Still fine?": the earlier question asked again of the changed situation.
                     "still fine?", "still ok?", "still okay?", "still allowed?", "still legal?", "still good?",
                     "in that case?", "then?", "is that enough?", "is that enough", "enough?", "够吗?", "够吗？", "够不够?", "够不够？")
# Earlier questions a follow-up may draw on.
HISTORY_TURNS = 4


def is_follow_up(question: str) -> bool:
    """A question that reads as continuing the conversation ("那如果還沒完成呢？", "what about …")."""
    # "ok and what if …", "嗯，那如果…": a word of assent before the opener does not start a new topic.
    folded = re.sub(r"^(?:ok(?:ay)?|oh|so|right|alright|hmm+|嗯+|好的?|喔|哦|噢|啊|欸|诶)\s*[,，.。!！]?\s*", "",
                    fold(question).strip())
    # "放完之後可以馬上再放一次嗎？": what was just done, done; "after that", "and then".
    return folded.startswith(FOLLOW_UP_OPENERS) or folded.endswith(FOLLOW_UP_ENDINGS) \
        or bool(re.match(r"\S{1,3}完(?:之后|以后|后)|然后|接着|after that\b|and then\b", folded)) \
        or bool(_PRONOUN_FIRST.match(folded)) \
        or bool(_POINTS_BACK.search(folded))


# Words pointing back at what the conversation named ("one of those two Towers", "the same row", "刚才那张"): the
# question is about the situation told before.
_POINTS_BACK = re.compile(r"\b(?:those|these)\s+(?:\d+\s+|two\s+|three\s+|four\s+)?[a-z]|\bthe (?:very )?same\s+(?!time\b)[a-z]|"
                          # "這樣的話我還逃得掉嗎", "照這樣算下來", "那局其實…": the situation told before, concluded on.
                          r"这样的话|照这样|那局|那一局|\bin that case\b|"
                          r"\bthat one\b|\bsaid (?:card|tower|door|player|adventurer)|刚才(?:那|这|说)|刚刚(?:那|这|说)|"
                          r"上面(?:那|说)|前面说的|同样的|"
                          # "两人局也是拿这么多吗？", "still that many with two?": the amount told just before.
                          r"也是?(?:拿|要|有|放|抽)?(?:这么多|那么多|这个数|那个数)|\b(?:that|this) many\b|"
                          # "on the other side of the card", "so I can cast it now?": the side, the thing told before.
                          r"\bthe other side\b|\b(?:cast|play|use|afford|pay for) it\b|\bthat side\b|"
                          # "我们用的是贵的那一面": the side of the card told before.
                          r"[的得]那一?面|"
                          # "我们用的是代价多的那一面，那是几张？": a clause opening on 那 asks again of the thing told.
                          r"[，,]\s*那(?:是|就是|要|得|会是)?\s*(?:几|多少)|"
                          # "我们翻的是便宜那面，那能放不?": a clause opening on 那 asks whether it can be done now.
                          r"[，,]\s*那(?:我)?(?:能|可以|可不可以|能不能|还能|还可以|就能|就可以)|"
                          # "我的那張反光盤": a card of someone's, pointed at as the one told of.
                          r"(?:我|你|他|她|我们|他们)的(?:那|这)(?:张|个|座|根|瓶|条|位)|"
                          # "她那張反光盤": someone told of before, and a card of theirs.
                          r"(?:他|她|他们|她们)(?:那|这)(?:张|个|座|根|瓶|条)")


# A question opening on a person not named in it ("She has two memories…", "他手上還有一張住持"): someone told
# of before.
_PRONOUN_FIRST = re.compile(r"(?:she|he|they|her|his|their|him)\b(?!\s+(?:who|that)\b)|(?:她|他)(?!人)")


# A follow-up that supposes something different ("要是那張住持被我換出去了呢？", "what if he had …", "… instead?").
_SUPPOSES = re.compile(r"如果|要是|假如|假设|万一|换成|改成|\bwhat if\b|\band if\b|\bbut if\b|\binstead\b|\bsuppose\b|"
                       r"\bwhat about if\b")


def supposes_a_change(question: str) -> bool:
    """Whether a follow-up supposes the situation changed in some way."""
    return bool(_SUPPOSES.search(fold(question)))


# A short message that asks nothing and states a number or a thing of a game ("我們這團是五個人", "today's path
# is the Bamboo Path"): said after a question, it adds a fact to it ("完全不懂這個規則" adds none).
# (An English word of asking asks where a sentence or clause starts: "My score before that bonus is 14." tells.)
_ASKS = re.compile(r"[?？]|吗|么|呢|吧|咧|几|多少|什么|啥|怎|谁|哪|能不能|可不可以|是不是|会不会|有没有|要不要|"
                   r"(?:^|[.!;:,]\s*)(?:(?:and|so|but|then|ok|okay|now|well|oh|hmm)[\s,]+)*"
                   r"(?:who|what|which|when|where|why|how|can|could|do|does|did|is|are|should|must|will|would)\b")


_NUMBER = re.compile(r"\d|[一二两俩三四五六七八九十]|\b(?:one|two|three|four|five|six|seven|eight|nine|ten)\b")


def states_only(folded: str, names_game_things: bool) -> bool:
    """Whether a folded message is a short statement that asks nothing and states a number or a game's thing."""
    # Short is 30 characters of Chinese, or twelve English words ("it's the brown 3, deck has like 30 cards").
    short = len(folded) <= 30 or (folded.isascii() and len(folded.split()) <= 12)
    return short and not _ASKS.search(folded) and tells_something(folded, names_game_things)


def tells_something(folded: str, names_game_things: bool) -> bool:
    """Whether a folded message names a thing of a game or states a number."""
    return names_game_things or bool(_NUMBER.search(folded))


def sets_the_scene(message: str) -> bool:
    """Whether an earlier message only told the situation ("我在玩書本擴充，咒文卡翻在便宜那面。"): the question
    about the game after it asks within that situation."""
    folded = fold(message).strip()
    return not _ASKS.search(folded) and tells_something(folded, names_a_declared_value(folded))


# A message that says it leaves the topic ("Totally unrelated, but…", "換個話題", "題外話"): no follow-up, whatever
# words it shares with the question before it.
_NEW_TOPIC = re.compile(r"\b(?:totally |completely |a bit |slightly )?(?:unrelated|off[- ]topic)\b|\bchange of topic\b|"
                        r"\bdifferent (?:question|topic)\b|换个话题|换个问题|题外话|不相关的|无关的问题|跟刚才无关")


@dataclass(frozen=True)
class Query:
    """A question read once: cleaned and folded text, language and script, game signals, history."""

    text: str
    folded: str
    lang: str
    signals: tuple[GameSignal, ...]
    history: tuple[str, ...]
    reads_as_follow_up: bool

    @classmethod
    def build(cls, question: str, history: list[str], tokenizer: Tokenizer) -> "Query":
        """Clean the question (QueryError for unusable text) and read what every stage needs."""
        text = clean_query(question)
        earlier = tuple(h for h in history if isinstance(h, str) and h.strip())[-HISTORY_TURNS:]
        signals = tuple(game_signals(text, tokenizer))
        folded = fold(text)
        names_things = bool(signals) or names_a_declared_value(folded)
        follows = bool(earlier) and not _NEW_TOPIC.search(folded) and (is_follow_up(text) or states_only(folded.strip(), names_things)
                                     or (tells_something(folded, names_things) and sets_the_scene(earlier[-1])))
        return cls(text=text, folded=folded, lang=detect_lang(text), signals=signals, history=earlier,
                   reads_as_follow_up=follows)
