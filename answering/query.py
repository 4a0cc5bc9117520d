"""The Query: everything read off a question once, before any stage uses it."""
from __future__ import annotations

import re
from dataclasses import dataclass

from indexer.retrieval import clean_query
from indexer.text import detect_lang, fold
from indexer.tokenize import Tokenizer

from .scope import GameSignal, game_signals

# Words that make a question continue the conversation in each language (not cues for any question).
FOLLOW_UP_OPENERS = ("那如果", "如果是", "那要是", "那", "要是", "假如", "那么", "换成", "改成",
                     "what if", "what about", "and if", "and what", "how about", "then what", "same for", "and with",
                     "and for", "and in", "and on", "and at", "and ",
                     # A correction or an addition to what was just asked ("忘了說，…", "wait, …", "actually …").
                     # ("对了", "actually" also open a new topic: not listed.)
                     "忘了说", "忘记说", "补充", "更正", "说错", "等下", "等等", "等一下", "wait", "correction", "oh wait",
                     "forgot to")
FOLLOW_UP_ENDINGS = ("呢?", "呢？", "呢", "咧", "咧?", "咧？", "的话?", "的话？", "does that change it?",
                     "does that change anything?", "does that change it", "does that change anything")
# Earlier questions a follow-up may draw on.
HISTORY_TURNS = 4


def is_follow_up(question: str) -> bool:
    """A question that reads as continuing the conversation ("那如果還沒完成呢？", "what about …")."""
    # "ok and what if …", "嗯，那如果…": a word of assent before the opener does not start a new topic.
    folded = re.sub(r"^(?:ok(?:ay)?|so|right|alright|hmm+|嗯+|好的?|喔|哦|噢)\s*[,，.。!！]?\s*", "", fold(question).strip())
    # "放完之後可以馬上再放一次嗎？": what was just done, done; "after that", "and then".
    return folded.startswith(FOLLOW_UP_OPENERS) or folded.endswith(FOLLOW_UP_ENDINGS) \
        or bool(re.match(r"\S{1,3}完(?:之后|以后|后)|然后|接着|after that\b|and then\b", folded))


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
        return cls(text=text, folded=fold(text), lang=detect_lang(text),
                   signals=tuple(game_signals(text, tokenizer)), history=earlier,
                   reads_as_follow_up=bool(earlier) and is_follow_up(text))
