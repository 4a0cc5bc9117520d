"""Routes a question to an engine rule: its example questions matched in the same embedding space."""
from __future__ import annotations

import re
import threading
from collections import Counter
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path

import numpy as np

from indexer.embedders import Embedder
from indexer.vectors import cached_query_vectors
from indexer.tokenize import Tokenizer
from indexer.text import fold
from rules_engine import Fact, Rule, all_rules
from rules_engine.facts import fact_range
from rules_engine.slots import declared_slots, slot_of

from .claims import asks_who_is_right, belief_number, belief_span, dispute_form, without_claims, without_who_is_right
from .intent import IntentModel, intent_file, write_intent_model
from .query import sets_the_scene
from .scope import asking_part

EXAMPLES_VECTORS = "answerer-examples"
RULING_VECTORS = "ruling-questions"


@dataclass(frozen=True)
class RoutingParams:
    """How a fit is scored and where it stops being trusted. The defaults are deliberately strict;
    `python -m evals.calibrate` fits threshold and margin on the tune set for the index's embedder and
    records them beside the index (calibration.json), which the pipeline reads."""

    threshold: float = 0.90          # below this fit, no verdict
    margin: float = 0.01             # the best must lead the next answerer by this much
    # A fit below the threshold is still trusted when it is at least `lead_threshold` and leads the next
    # answerer by `lead_margin` (0: off): a clear lead is evidence too.
    lead_threshold: float = 0.0
    lead_margin: float = 0.0
    lexical: float = 0.08            # weight of glossary-term overlap with the nearest example
    type_agrees: float = 0.02        # the question's form matches what the answerer answers
    type_clashes: float = 0.06       # it does not: a "how many" question is not answered by a yes/no rule
    stated_inputs: float = 0.015     # per input of the rule the question states (up to three)
    supported: float = 0.02          # one of the answerer's passages is among the top retrieved passages
    support_depth: int = 5           # ... within this many; an answerer retrieval does not back gives no verdict
    reads_numbers: float = 0.03      # it reads every number the question states
    continues: float = 0.06          # a follow-up stays with the rule or fact that answered the question before
    # A rule reading the situation a question states blocks a general fact only when its fit is within this
    # much of the fact's: far below, the numbers it reads are not what the question is about. Not calibrated
    # (a tune replay gave 0.05 and 0.1 the same wrong count; the wider is kept).
    situation_gap: float = 0.1
    intent: float = 0.0              # times the intent classifier's probability for the answerer (answering.intent)
    # A question naming no game and no game term is in scope when retrieval over all games is this
    # confident: a very close dense match alone, or a close one with a strong BM25 match.
    scope_dense_alone: float = 0.885
    scope_dense_with_bm25: float = 0.84
    scope_bm25: float = 5.0
    # A question whose only evidence is one glossary word ("tower", "captain", 塔) must also pass these
    # retrieval thresholds (0: one word is enough).
    weak_dense_alone: float = 0.0
    weak_dense_with_bm25: float = 0.0
    weak_bm25: float = 0.0

    @classmethod
    def load(cls, index_dir: Path | None) -> "RoutingParams":
        """The calibrated parameters recorded with the index, else the defaults."""
        import json

        path = index_dir / CALIBRATION_FILE if index_dir else None
        try:
            recorded = json.loads(path.read_text(encoding="utf-8"))["routing"] if path else {}
        except (OSError, ValueError, KeyError, TypeError):
            recorded = {}
        known = {k: type(getattr(cls(), k))(v) for k, v in recorded.items() if k in cls.__dataclass_fields__}
        return cls(**known)


CALIBRATION_FILE = "calibration.json"

ANSWER_TYPES = ("how_many", "which", "what_happens", "yes_no")

# Question forms, by the words that make the form in each language (folded to Simplified).
_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # A request to explain (how something works, why, the difference, a walk-through) asks for the passages,
    # whatever else it asks: no answerer gives this type, so only stated inputs can still make it a rule's.
    # ("具體怎麼操作", "有哪些規定", "有什麼限制": how a thing is done, the rules and limits on it.)
    ("explain", re.compile(r"怎么运作|如何运作|怎么运行|怎么玩|怎么进行|流程|解释|讲一下|讲讲|说明一下|介绍一下|"
                           r"怎么操作|如何操作|有哪些规定|有什么规定|有哪些限制|有什么限制|\bwhat (?:are )?the rules (?:for|on)\b|"
                           r"差在哪|差别|区别|有什么不同|为什么|为何|\bwalk (?:me|us) through\b|\bexplain|"
                           r"\bhow (?:does|do|did|would) [^?？]{1,60}? work\b|\bdifference\b|\bwhy\b|\bin general\b")),
    # Which of two situations is harder, easier, more or less: a verdict answers one situation, so no
    # answerer gives this type and the question gets the passages ("高塔不產生效應跟書本用便宜咒文哪個比較難").
    ("compare", re.compile(r"哪(?:个|一个|种|一种|样)[^，。,?？]{0,6}(?:比较|更)|"
                           r"\bwhich(?: one| of (?:them|these|the two))?\s*(?:is|are|'s|would be)\s*"
                           r"(?:harder|easier|tougher|better|worse|more|less)\b")),
    # Who: a person or a seat, which a yes or no cannot say (otherwise answered as "which").
    ("who", re.compile(r"谁|\bwho(?:m|se|'s)?\b|哪(?:一)?(?:位|个人|个玩家|些人|几个人|几位)|边个|边位")),  # (边个: Cantonese)
    # "when" and "where" ask only before a verb ("when does …"); "…, when the morning fails" is a condition.
    # "是丢进弃牌堆，还是回到Limbo？" asks which of two; "…，还是要标记吗？" (still) asks yes or no.
    # "What colour am I chasing next?", "什麼顏色": what and a kind of thing ask which one.
    ("which", re.compile(r"第几|哪|谁|什么时候|何时|边(?:个|位|张|只|几|度)|\b(?:which|who|whom|whose)\b|"
                         r"(?:什么|啥)颜色|\bwhat\s+(?:colou?rs?|kind|type|sort|seat|side|spell|path|door|goal|tower)\b|"
                         r"(?<!吗)(?<!吗\s)[，,]\s*还是(?![^，,。？?]*吗)[^，,。？?]{1,20}[？?]*\s*$|"
                         # "是進棄牌堆還是放進Limbo？": which of two things said of one, with no comma between.
                         r"是[^，,。？?还]{1,12}还是(?![^，,。？?]*吗)[^，,。？?]{1,20}[？?]*\s*$|"
                         r"\b(?:when|where)\s+(?:do|does|did|can|could|is|are|was|were|should|must|will|would|"
                         r"may|might|shall|has|have)\b")),
    # ("好几次", "几乎": a word of many or almost, no question.)
    # "What does Powerful Punishment cost?": a cost is a number.
    # ("max items one adventurer can hold?": a question opening on the most or least of a thing asks its number.)
    ("how_many", re.compile(r"(?<!好)几(?!乎)|多少|多久|多长时间|how many|how much|how long|how old|what number|number of|"
                            r"^\s*(?:max(?:imum)?|min(?:imum)?)\s+[a-z][a-z'-]*\b(?=[^.!;]*\?)|"
                            # ("What's the most cards you're allowed to keep", "最多能留幾張": the most of a thing.)
                            r"\bwhat(?:'s| is| are)? the (?:most|fewest|least|max(?:imum)?|min(?:imum)?)\b|"
                            r"\bwhat (?:does|do|would|will) [^?？]{1,40}?\bcost\b|\bwhat(?:'s| is) the cost\b")),
    # What to do with a card, what a card does: the answer is an effect or a destination.
    ("what_happens", re.compile(r"怎么办|会怎样|怎么样|什么事|发生什么|怎么处理|如何处理|怎样处理|干嘛|干什么用|"
                                r"做什么用|有什么用|什么效果|什么作用|what (?:actually |really |exactly )?happens|what do (?:i|we|you) do|"
                                r"what becomes of|what (?:does|do) [^?？]{1,40}? do\b|what can")),
    # "行不行", "用没用": any A-not-A; "留得住不？", "出团了没": a 不 or 没 that ends the question asks it too.
    # "…, right?", "对吧？", "did I get that right?": a statement put up to be confirmed asks yes or no.
    ("yes_no", re.compile(r"吗|可不可以|能不能|会不会|要不要|是不是|有没有|算不算|可以.*[?？]$|对吧|是吧|没错吧|对不对|"
                          r"(?:[,，—–]\s*|\s-\s*)(?:right|correct|yeah)\s*\?+\s*$|\bis that (?:right|correct)\b|\bdid i get (?:that|it) right\b|"
                          r"\bam i (?:right|wrong)\b|"
                          r"([\u4e00-\u9fff])(?:不|没|唔)\1|(?:不|没)\s*[?？]*\s*$|系咪|有冇|"  # (唔, 系咪, 有冇: Cantonese)
                          r"(?:^|[.!?;:,—–]\s*|\s-\s+)(?:can|may|is|are|does|do|will|must|should|could|would|am|did|has|"
                          r"have|isn't|doesn't|don't|can't)\b|"
                          # "if I pull a nightmare … do I always have to give one up?": the asking verb after a
                          # condition, its subject right after it, the question mark ending it.
                          r"(?<!what )(?<!how )(?<!where )(?<!when )(?<!why )(?<!which )(?<!who )(?<!how many )"
                          r"(?<!how much )\b(?:do|does|can|must|should|will|is|are|am|have|has)\s+(?:i|we|you|it|they|he|she|one|anyone|"
                          r"anybody|someone|somebody|everyone|each|both|the|a|an|my|our|this|that|these|those)\b"
                          r"[^?.!]*\?+\s*$|"
                          # "…, so I can cast it right now?": a statement asked back, its subject before the verb.
                          r"(?:^|[.,;!—–]\s*)(?:so\s+|and\s+|then\s+)?(?:i|we)\s+(?:can|may|could|should|must|get to|"
                          r"have to|need to|still can|can still)\b[^?.!]*\?+\s*$")),
    # Last: "what's the hand limit", "這張徵兆的懲罰是什麼" ask for a value or a description of something's
    # attribute, whichever the answerer gives ("夢魘是什麼" asks what a thing is: no form).
    # "會觸發啥徵兆": 啥 asks what, in a form no pattern above takes.
    ("what", re.compile(r"\bwhat(?:'?s|\s+is|\s+are|\s+was|\s+were)\s+the\b|的[^，。,?？的]{1,8}是(?:什么|啥)|啥(?!时候)|"
                        # Any other "what …" or "什麼 …" asking for something ("at dusk, what do the players who
                        # didn't qualify get?", "沒資格的人拿什麼"), not "what if" / "what about" (a changed situation).
                        # "夢魘是什麼", "what is a Nightmare" ask what a thing is: no form.
                        r"\bwhat\b(?!\s+(?:if|about|is|are|was|were)\b)(?!'?s\b)|(?<![为是])什么(?!时候)")),
)

_EXPLAIN = dict(_FORMS)["explain"]
# Where a question asking two things starts its second ("How many …, and when …?", "手牌上限幾張？什麼時候檢查？").
_NEXT_ASK = re.compile(r"[?？]+|[。；;!！]|\band\s+(?=(?:how|when|what|where|which|who|whom|do|does|did|is|are|can|could|"
                       r"should|will|would|must)\b)|[，,]\s*(?:还有|另外|以及|然后|那)?\s*(?=几|多少|什么时候|哪|谁)")
# "Does it go to the discard pile or to Limbo?": a yes-or-no start asking which of two.
_EITHER_OR = re.compile(r"\bor\s+(?!not\b|no\b|nothing\b|something\b|anything\b|so\b|more\b|less\b|fewer\b)\w")


def question_form(folded: str) -> str | None:
    """The answer type a question asks for (how_many, which or who, what_happens, yes_no), "what" for any but yes/no,
    "explain" for a request to explain, "compare" for which of two situations is more so, or None."""
    if belief_number(folded, concluded=True) and not asks_who_is_right(folded):
        return "how_many"  # "我理解最後要湊到6張，對嗎？": the check waits for the right number
    if asks_who_is_right(folded):
        # "阿凱說5張，我說3張，誰對？": the dispute asks for the answer its claims give, in no form of its own
        # ("…誰對？總分多少" asks how many).
        rest = without_claims(without_who_is_right(folded))
        return question_form(rest) or dispute_form(folded)
    folded = _RELATIVE_WHO.sub(r"\1 that", folded)
    # "用几次就放几个黄金吗": as many of one as of the other; its 几 ask no number.
    folded = _AS_MANY_AS.sub(r"若干\1若干", folded)
    # "the wizard who's wearing …": a "who" right after "the" and a noun describes that one too.
    folded = re.sub(r"\b((?:the|a|an|my|our|your|his|her|their)\s+[a-z]+)\s+who(?:'s|se)?\b", r"\1 that", folded)
    asked_last = re.findall(r"[^.!?;]*\?", folded)
    if asked_last and _EMBEDDED_WH.match(asked_last[-1]):
        return "yes_no"  # "Does it matter which monster attacks first?": the which is the question's object
    # A story told before the question ("…focaccia, which was the highlight of the night. … How much contribution am I
    # sitting on?"): the sentences that ask say the form; the form of the whole is looked for when they say none.
    # (A request to explain may stand in a sentence of its own that asks nothing: "…？給我講講整個流程。")
    if _EXPLAIN.search(folded):
        return "explain"
    asked = asking_part(folded)
    for text in ((asked, folded) if asked != folded else (folded,)):
        for form, pattern in _FORMS:
            if pattern.search(text):
                return form
    # "上限我記得是8張，多出來的丟掉？": an understanding put up with a question mark alone asks whether it holds.
    return "yes_no" if belief_span(folded) is not None else None


def part_forms(folded: str) -> list[tuple[str, str | None]]:
    """The parts of a question asking more than one thing, each with its form; [] for a question of one part."""
    parts = [p for p in _NEXT_ASK.split(folded) if p and p.strip()]
    return [(p, question_form(p)) for p in parts] if len(parts) > 1 else []


def other_forms(folded: str, form: str | None, parts: list[tuple[str, str | None]] | None = None) -> tuple[str, ...]:
    """The forms a question asks in besides `form`: those of its other parts when it asks two things ("how many
    cards, and when?"), and "which" for a yes-or-no start offering two things ("… to the discard pile or to
    Limbo?"). An answerer agreeing with any of them answers a part of the question. (`parts`: `part_forms` of
    the question, when already read.)"""
    if form in ("explain", "compare"):
        return ()  # a request to explain asks for the passages, whatever its parts ask
    forms: list[str] = []
    if form == "yes_no" and belief_number(folded):
        forms.append("how_many")  # "我理解要湊到6張，對嗎？" waits for the right number
    for part, part_form in [(folded, form)] + (part_forms(folded) if parts is None else parts):
        forms += [part_form] if part_form else []
        if part_form == "yes_no" and _EITHER_OR.search(part):
            forms.append("which")
    return tuple(dict.fromkeys(f for f in forms if f != form and f not in ("explain", "compare")))


def asked_parts(folded: str, parts: list[tuple[str, str | None]] | None = None) -> int:
    """How many things a question asks: its parts (`part_forms`, when already read) that ask in a form."""
    parts = part_forms(folded) if parts is None else parts
    # "…是脫逃大師，對嗎？不對的話是誰？": a part asked only if the one before is answered no asks that one again.
    return sum(1 for text, form in parts if form and not _FALLBACK_ASK.match(text)) if parts \
        else int(question_form(folded) is not None)


_FALLBACK_ASK = re.compile(r"\s*(?:(?:如果|若|要是)(?:不对|不是|错了?)|(?:不对|不是|错了?)的话|不然|否则|\bif not\b|\bif (?:i'm|i am|she's|he's|they're) wrong\b|"
                           r"\botherwise\b|\bor else\b)")


# A yes-or-no question whose object is an embedded which or who ("does it matter which …", "do you know who …").
_EMBEDDED_WH = re.compile(r"\s*(?:(?:so|and|but|then|ok|okay)\s*,?\s*)?(?:(?:does|do|did|is|would|will)\s+it\s+"
                          r"(?:matter|make a difference|change anything)|"
                          # "Are there limits on which Towers can stand next to each other?"
                          r"(?:are|is)\s+there\s+(?:any\s+)?(?:limits?|restrictions?|rules?)\s+(?:on|about|for|to))"
                          r"\s+(?:which|who|whose|what order|in what order)\b")


# "用几次就放几个", "出几张就算几分": one number following another, in a question that asks neither.
_AS_MANY_AS = re.compile(r"几([^，。,?？几]{0,4}就[^，。,?？几]{0,6}?)几")
# "the players who didn't qualify", "anyone who passed": a "who" after the people it describes asks nothing.
_RELATIVE_WHO = re.compile(r"\b(players?|people|ones?|those|anyone|everyone|everybody|someone|somebody|adventurers?|"
                           r"persons?|guys?|whoever)\s+who\b")


def asks_for_a_value(folded: str) -> str | None:
    """"what" for a short question that names a thing and asks no more ("starting hand in hilltown?", "那迷霧手牌
    上限咧"), else None; read only of a question that follows none (a follow-up asks in the form before it)."""
    short = folded.strip()
    words = len(short.split()) if short.isascii() else len(re.sub(r"\s", "", short))
    if re.search(r"(?:[?？]|[呢咧][?？]*)$", short) and words <= (5 if short.isascii() else 10):
        return "what"
    return None


# Kinds of things a count is of, told apart in "how many …" ("幾分" points, "幾件" items, "幾個人" players).
_UNIT_CLASSES = {"points": ("points", "point", "pts", "分"), "items": ("items", "item", "件"),
                 "players": ("players", "player", "people", "人"), "golds": ("gold", "golds", "个黄金", "黄金", "金币")}
_ASKED_UNIT = re.compile(r"\bhow (?:many|much)\s+((?:[a-z'-]+\s+){0,2}[a-z'-]+)|(?:几|多少)\s*(?:个|位|块|枚)?\s*(分(?!钟)|件|人|黄金|金币)")


def unit_class(unit: dict[str, str]) -> str | None:
    """The kind of thing a fact's unit counts, when it is one `_UNIT_CLASSES` tells apart."""
    return _unit_class(tuple(u for u in unit.values() if u))


# Cached: every candidate fact of every question asks this of its unit.
@lru_cache(maxsize=None)
def _unit_class(units: tuple[str, ...]) -> str | None:
    words = {fold(u).lower().strip() for u in units}
    return next((name for name, forms in _UNIT_CLASSES.items() if words & set(forms)), None)


# Cached: each candidate of a question asks it of the same text.
@lru_cache(maxsize=1024)
def asked_unit_classes(folded: str) -> frozenset[str]:
    """The kinds of things a folded question asks how many of (`_UNIT_CLASSES`), from the words after "how many"."""
    out: set[str] = set()
    for m in _ASKED_UNIT.finditer(folded):
        words = set(m.group(1).split()) if m.group(1) else {m.group(2)}
        out |= {name for name, forms in _UNIT_CLASSES.items() if words & set(forms)}
    return frozenset(out)


# "目標卡比咒文卡多了幾張？", "how many more goals than spells": the difference of two numbers, which no fact states.
_DIFFERENCE = re.compile(r"比[^，,。？?]{1,20}?(?:多|少)了?\s*(?:几|多少)|(?:多|少)了?\s*(?:几|多少)[^，,。？?]{0,8}比|"
                         r"\bhow many (?:more|fewer|less)\b[^?]{0,40}?\bthan\b")


def asks_difference(folded: str) -> bool:
    """Whether a folded question asks by how much one number exceeds another."""
    return bool(_DIFFERENCE.search(folded))


def _counting_clause(folded: str) -> str:
    """The clause of a Chinese question that asks how many (the last with 幾 or 多少), else the whole question."""
    clauses = [c for c in re.split(r"[，,：:；;。]", folded) if re.search(r"几|多少", c)]
    return clauses[-1] if clauses else folded


@lru_cache(maxsize=None)
def _other_counts_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for a fact's `other_counts` words, folded, each standing as a word ("cost", not in "costume")."""
    return re.compile("|".join(rf"(?<![a-z]){re.escape(fold(word))}(?![a-z])" for word in words))


@dataclass(frozen=True)
class Answerer:
    """Something that can answer a question with a verdict: an engine rule or a fact of the texts."""

    id: str
    game: str
    kind: str  # "rule" | "fact"
    passages: tuple[str, ...]
    examples: tuple[str, ...]
    answer_types: tuple[str, ...]
    rule: Rule | None = None
    fact: Fact | None = None
    set_aside: tuple[str, ...] = ()  # the forms it answers in general but not this question's (`without_type`)

    def without_type(self, answer_type: str) -> "Answerer":
        """The answerer, no longer answering questions of this form (for one question)."""
        return replace(self, answer_types=tuple(t for t in self.answer_types if t != answer_type),
                       set_aside=(*self.set_aside, answer_type) if answer_type in self.answer_types else self.set_aside)

    def asks_other_unit(self, folded: str) -> bool:
        """Whether a folded question asks how many of another kind of thing than a fact counts ("how many points is
        an item worth" of the items an adventurer may hold)."""
        mine = unit_class(self.fact.unit) if self.fact is not None and self.fact.unit else None
        asked = asked_unit_classes(folded)
        return mine is not None and bool(asked) and mine not in asked

    def names_other_count(self, folded: str) -> bool:
        """Whether a folded question names another number of a fact's subject (the fact's `other_counts`), in the
        clause that asks how many ("Book 擴充除了那八張目標卡以外，咒文卡有幾張？" asks of the spell card)."""
        return self.fact is not None and bool(self.fact.other_counts) \
            and _other_counts_pattern(self.fact.other_counts).search(_counting_clause(folded)) is not None

    @property
    def numbers(self) -> tuple[int, ...]:
        """A fact's own numbers (`fact_numbers`, read once, when a question first states a number)."""
        return fact_numbers(self.fact) if self.fact is not None else ()

    def fact_unread(self, question: str) -> list[int]:
        """The numbers a question states that this fact does not account for: a fact that is a range ("4-6"
        players) also answers for any number of its unit ("三個人能玩嗎": 3 is outside it)."""
        from .extract import TABLE_SIZE, normalise_numbers, unread_numbers

        assert self.fact is not None
        # (The game's asides are not blanked here: a fact may be about what they count, as the hand limit is about
        # the cards in hand.)
        # Numbers of what the fact says does not count ("用了三次" for an item's gold) are no situation it leaves out.
        # ("round 3": the unit may stand before its number.)
        # ("in two different rounds", "three combat rounds": a word may describe what is counted.)
        uncounted = tuple(re.compile(rf"\d+\s*(?:个\s*)?(?:(?:different|separate|other|more)\s+|不同的?\s*)?(?:[a-z]+\s+)?{u}|"
                                     rf"(?<![a-z]){u}\s*\d+") for u in
                          (re.escape(fold(unit).lower()) for unit in self.fact.uncounted))
        unread = unread_numbers(question, {}, self.numbers, uncounted)
        units = {fold(u).lower() for u in self.fact.unit.values() if u} if self.fact.unit else set()
        if "players" not in units and not re.search(r"\bplayers?\b", self.fact.answer["en"].lower()):
            # "6人局 要收幾張回憶": the table's size is no repeat of a number the fact gives of something else (unless
            # the fact itself speaks of table sizes: "the same 5 markers in 2-, 3- and 4-player games").
            text = normalise_numbers(fold(question))
            unread += [int(m.group(1)) for m in TABLE_SIZE.finditer(text)
                       if int(m.group(1)) in self.numbers and int(m.group(1)) not in unread]
        if unread and fact_range(self.fact) is not None:
            of_unit = set(self.numbers_of_unit(question))
            unread = [n for n in unread if n not in of_unit]
        return unread

    def numbers_of_unit(self, question: str) -> list[int]:
        """The numbers a question states in the fact's unit ("三個人", "7 players")."""
        from .extract import normalise_numbers

        assert self.fact is not None
        units = [re.escape(fold(u).lower()) for u in self.fact.unit.values() if u] if self.fact.unit else []
        if "players" in units:
            units += ["player", "people", "persons", "of us"]  # how a number of players is said
        text = normalise_numbers(fold(question))
        # "two of our items", "2 magic items": the owner, or a word saying what kind, may come between the number
        # and its unit.
        found = [int(m.group(1)) for u in units
                 for m in re.finditer(rf"(\d+)\s*(?:个|位|名)?\s*(?:of (?:our|my|your|their|his|her|the) |[a-z]+ )?{u}", text)]
        # "more items than adventurers … carry two of them": the unit named before, the number said of "them".
        return found + [int(m.group(1)) for m in re.finditer(r"\b(\d+) of (?:them|those|these)\b", text)
                        if any(re.search(u, text[:m.start()]) for u in units)]

    def off_topic(self, question: str) -> bool:
        """Whether a question is not about this answerer's declared topic: a rule's or fact's topic must be named,
        and not only negated ("不用變體規則的話…" is not about the variant's facts; "whats the memory count to get out
        alive" asks nothing of the variant's starting memory)."""
        topic = self.rule.topic if self.rule is not None else self.fact.topic if self.fact is not None else ()
        return not names_topic(topic, question)


@dataclass(frozen=True)
class RuleMatch:
    """A candidate answerer, the features of its fit, and the fit."""

    answerer: Answerer
    score: float
    example: str
    similarity: float = 0.0
    overlap: float = 0.0
    form: str | None = None
    stated: int = 0  # how many of its inputs the question states
    support: int | None = None  # rank of its best passage among the retrieved ones (0 = first)
    reads_numbers: bool | None = None  # accounts for every number the question states (None: it states none)
    continues: bool = False  # it answered the question this one follows
    intent: float = 0.0  # the intent classifier's probability for it among the game's answerers
    names_part: bool = False  # the question names what sets this part apart from the rule it is part of
    other_forms: tuple[str, ...] = ()  # the forms of the question's other parts (see `other_forms`)
    asks_several: bool = False  # the question asks more than one thing (see `asked_parts`)
    asks_topic: bool = False  # what the question asks (not what it tells) names the rule's declared topic

    @property
    def rule(self) -> Rule | None:
        """The engine rule, when the answerer is one."""
        return self.answerer.rule

    def fit(self, params: "RoutingParams") -> float:
        """The fit under a set of weights."""
        score = self.similarity + params.lexical * self.overlap
        if self.form and self.answerer.answer_types:
            # Answering another part of a question asking two things is no clash, and no match of what it asks first.
            score += params.type_agrees if types_agree(self.form, self.answerer.answer_types) \
                else 0.0 if self.types_agree() else -params.type_clashes
        elif self.form and self.answerer.set_aside:
            # Every form it answers was set aside for this question ("how many of each colour" of the total count).
            score -= params.type_clashes
        if self.stated:
            # Each input the question states (up to three) is evidence for the rule that reads it.
            score += params.stated_inputs * min(self.stated, 3)
        if self.support is not None and self.support < 3:
            score += params.supported
        if self.reads_numbers:
            score += params.reads_numbers
        if self.continues:
            score += params.continues
        return score + params.intent * self.intent

    def types_agree(self) -> bool:
        """Whether the answerer answers the question's form, or the form of another part of it."""
        return any(types_agree(form, self.answerer.answer_types) for form in (self.form, *self.other_forms) if form)


def evidence(rule: Rule, data: dict) -> int:
    """How many of the inputs read for a rule are evidence that the question asks it (not those said for context)."""
    return sum(1 for name in data if not getattr(slot_of(rule.input_model, name), "context", False))


def types_agree(form: str, answer_types: tuple[str, ...]) -> bool:
    """Whether a question form is answered by an answerer of these types."""
    # "what is …" is answered by a count, a choice or an effect: anything but a yes or no.
    form = "which" if form == "who" else form
    return any(form == t or {form, t} == {"which", "what_happens"} or (form == "what" and t != "yes_no")
               for t in answer_types)


def answerers() -> list[Answerer]:
    """Every registered rule and corpus fact, with its examples in all languages."""
    from answering.facts import load_facts

    out = [Answerer(r.id, r.game, "rule", r.passages,
                    tuple(ex for lang in sorted(r.examples) for ex in r.examples[lang]),
                    r.answer_types, rule=r) for r in all_rules()]
    out += [Answerer(f.id, f.game, "fact", (f.passage,),
                     tuple(ex for lang in sorted(f.examples) for ex in f.examples[lang]),
                     # A range ("4-6" players) also answers how many, and whether a number is within it.
                     tuple(dict.fromkeys((f.answer_type, "how_many", "yes_no"))) if fact_range(f) is not None
                     else (f.answer_type,), fact=f)
            for f in load_facts()]
    return out



def derived_inputs(rule: Rule, previous: str, sources: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """The inputs of `rule` settled by the verdicts an earlier question gets from the rules it derives from
    (`Rule.derives_from`, only those in `sources` when given); none from a question read only in part."""
    from pydantic import ValidationError

    from rules_engine import get_rule

    from .extract import extract_input, rule_unread_numbers

    out: list[dict[str, Any]] = []
    for source_id, derive in rule.derives_from:
        if sources is not None and source_id not in sources:
            continue
        source = get_rule(source_id)
        data = extract_input(source.input_model, previous)
        if not data or rule_unread_numbers(source, previous, data):
            continue
        if any(slot.unstated == "ask" and name not in data for name, slot in declared_slots(source.input_model).items()):
            continue  # the source would ask for it: its verdict on the example's value settles nothing
        try:
            verdict = source.run(data)
        except (ValidationError, ValueError):
            continue
        out.append({k: v for k, v in derive(verdict).items() if k in rule.input_model.model_fields})
    return out


# What a question sets aside ("不算那張咒文卡的話", "除了冬天以外", "not counting the spell card"): named only to be left out.
_SET_ASIDE = re.compile(r"(?:不算|除了|除去|扣掉|扣除|不含|不包括)[^，,。；;？?！!]{1,10}?(?=的话|以外|之外|[，,。；;？?！!]|$)|"
                        r"\b(?:not counting|excluding|except for|apart from|other than)\s+[^,.;?!]{1,24}?(?=[,.;?!]|$)")


def routing_terms(tokenizer: Tokenizer, text: str) -> frozenset[str]:
    """The glossary terms a text names, but the game's own name: naming the game says which game, not
    which of its rules ("how many cards … in Hilltown" is no nearer the total card count for it); nor what it sets
    aside (`_SET_ASIDE`): "不算咒文卡，目標卡有幾張" asks of the Goal cards alone."""
    text = _SET_ASIDE.sub(" ", fold(text))
    return frozenset(f"{m.term.game}:{m.term.id}" for m in tokenizer.match_terms(text) if m.term.id != m.term.game)


class RuleRouter:
    """Ranks rules and facts by nearest example (cosine), glossary-term overlap and answer type."""

    def __init__(self, embedder: Embedder, tokenizer: Tokenizer, cache_dir: Path | None = None) -> None:
        self.embedder = embedder
        self.tokenizer = tokenizer
        self.answerers = answerers()
        self.examples: list[tuple[Answerer, str]] = [(a, ex) for a in self.answerers for ex in a.examples]
        self.vectors = cached_query_vectors(embedder, [ex for _, ex in self.examples], cache_dir, EXAMPLES_VECTORS)
        # Each answerer's examples are one run of rows.
        self._runs: list[tuple[Answerer, int, int]] = []
        start = 0
        for a in self.answerers:
            if a.examples:
                self._runs.append((a, start, start + len(a.examples)))
                start += len(a.examples)
        self._term_indexes: dict[str | None, tuple[dict[str, list[int]], np.ndarray]] = {}
        self._subject_sets: dict[str | None, dict[str, frozenset[str]]] = {}
        self._term_lock = threading.Lock()
        labels, texts = [a.id for a, _ in self.examples], [ex for _, ex in self.examples]
        self.intent = IntentModel.load(cache_dir / intent_file(embedder.model_id, labels, texts), labels) \
            if cache_dir is not None and texts else None

    def _terms(self, text: str) -> frozenset[str]:
        return routing_terms(self.tokenizer, text)

    @cached_property
    def _part_terms(self) -> dict[str, frozenset[str]]:
        """For each rule answering a part of another's verdict, the glossary terms that set it apart: named in at
        least half of its examples and in none of the whole's ("脫逃大師" for the escape master within who escapes)."""
        by_id = {a.id: a for a in self.answerers}
        out = {}
        for a in self.answerers:
            whole = by_id.get(a.rule.part_of) if a.rule is not None and a.rule.part_of else None
            if whole is None or not a.examples:
                continue
            counts = Counter(t for ex in a.examples for t in self._terms(ex))
            in_whole = {t for ex in whole.examples for t in self._terms(ex)}
            out[a.id] = frozenset(t for t, n in counts.items() if 2 * n >= len(a.examples) and t not in in_whole)
        return out

    def _term_index(self, game: str | None) -> tuple[dict[str, list[int]], np.ndarray]:
        """For the examples of one game (every game: None), the rows naming each glossary term and how many
        terms each row names; built at the game's first question, since scanning every example for terms
        is a fifth of a one-shot ask's start-up and a question reads one game's examples."""
        with self._term_lock:
            if game not in self._term_indexes:
                rows: dict[str, list[int]] = {}
                counts = np.zeros(len(self.examples))
                for answerer, start, end in self._runs:
                    if game is not None and answerer.game != game:
                        continue
                    for i in range(start, end):
                        terms = self._terms(self.examples[i][1])
                        counts[i] = len(terms)
                        for term in terms:
                            rows.setdefault(term, []).append(i)
                self._term_indexes[game] = (rows, counts)
            return self._term_indexes[game]

    def _subjects(self, game: str | None) -> dict[str, frozenset[str]]:
        """For each answerer of a game, the glossary terms named in at least half of its examples: what it is about
        ("美夢卡" for the number of Happy Dreams)."""
        term_rows, _ = self._term_index(game)
        with self._term_lock:
            if game not in self._subject_sets:
                out: dict[str, frozenset[str]] = {}
                for answerer, start, end in self._runs:
                    if (game is None or answerer.game == game) and end > start:
                        out[answerer.id] = frozenset(
                            term for term, rows in term_rows.items()
                            if 2 * sum(start <= i < end for i in rows) >= end - start)
                self._subject_sets[game] = out
            return self._subject_sets[game]

    def switches_subject(self, own_question: str, previous: Answerer, game: str | None) -> bool:
        """Whether a follow-up to a fact names nothing the fact is about, but another thing ("那美夢卡呢？" after
        "黑暗徵兆卡有幾張？"): it asks the earlier question of another thing, which the fact does not answer."""
        subjects = self._subjects(game)
        # (Words every game shares, a colour or "rule", name no subject of one answerer.)
        own = frozenset(t for t in self._terms(own_question) if not t.startswith("all:"))
        mine = subjects.get(previous.id, frozenset())
        # Only a fact: it has no inputs a new thing could fill ("and a plain lantern?" after the Railway Worker fact),
        # where a rule's inputs take what a follow-up names ("那冬天呢？", "如果隊長那2分改成3分呢？").
        if previous.fact is None or not own or own & mine:
            return False
        # (A fact about nothing the glossary names is left when the thing named is another's subject.)
        return bool(mine) or any(own & terms for aid, terms in subjects.items() if aid != previous.id)

    def candidates(self, query_vector: np.ndarray, question: str, game: str | None,
                   retrieved: list[str] | None = None, top: int = 6, own_text: str | None = None,
                   previous: str | None = None, earlier: str | None = None,
                   own_vector: np.ndarray | None = None) -> list[RuleMatch]:
        """The answerers of the game nearest the question, with the features of their fit. `own_text` is
        the newest question alone when `question` carries the conversation before it (`earlier`), and
        `own_vector` its vector."""
        from .extract import compared_fields, extract_input, extract_with, unread_numbers, with_earlier_seats

        if not self.examples:
            return []
        sims = self.vectors @ query_vector.reshape(-1)
        q_terms = self._terms(question)
        # The form is the newest question's own: a follow-up ("…會轉給下一個冒險家嗎？") asks its own kind of answer.
        # A follow-up that asks in no form of its own ("and with six of us?") asks in the earlier one's; a question
        # on its own that names a thing and asks no more ("那迷霧手牌上限咧") asks for its value.
        own_question = own_text or question
        asked = fold(own_question)
        own_form = question_form(asked)
        form = own_form or (question_form(fold(question)) if earlier else asks_for_a_value(asked))
        if own_text is None or own_form is None:
            own_vector = None
        elif own_vector is not None:
            # A follow-up that asks in a form of its own ("And how many Premonitions start face up?") is as near
            # an example as it is alone (similarity, terms, intent); the conversation before it only adds what it
            # leaves out.
            sims = np.maximum(sims, self.vectors @ own_vector.reshape(-1))
        parts = part_forms(asked)  # read once for both
        also = other_forms(asked, form, parts)
        several = asked_parts(asked, parts) > 1
        lexical = RoutingParams().lexical
        best: dict[str, tuple[float, float, int]] = {}  # answerer id → (key, overlap, example index)
        # ("那不用变体的话…" after a question about the variant: the follow-up sets the rule's topic aside.)
        readers = {a.id for a in self._readers(question, game)
                   if not (own_text is not None and (topic := a.rule.topic if a.rule is not None else
                                                      a.fact.topic if a.fact is not None else ())
                           and denies_topic(topic, own_text))}
        # Glossary-term overlap (Jaccard) with every example at once: |A∪B| = |A| + |B| − |A∩B|.
        term_rows, term_counts = self._term_index(game)

        def overlaps_of(terms: frozenset[str]) -> np.ndarray:
            shared = np.zeros(len(self.examples))
            for term in terms:
                shared[term_rows.get(term, [])] += 1
            return shared / np.maximum(1.0, len(terms) + term_counts - shared)

        overlaps = overlaps_of(q_terms)
        if own_vector is not None:
            overlaps = np.maximum(overlaps, overlaps_of(self._terms(own_question)))
        keys = sims.astype(np.float64) + lexical * overlaps
        for answerer, start, end in self._runs:
            if answerer.id not in readers:
                continue
            i = start + int(np.argmax(keys[start:end]))  # the first of equal keys, as a scan would keep
            best[answerer.id] = (float(keys[i]), float(overlaps[i]), i)
        by_id = {a.id: a for a in self.answerers}
        # Each rule of the game reads the question once; the number check reuses what it read.
        read = {a.id: extract_input(a.rule.input_model, question) for a in self.answerers
                if a.rule is not None and a.id in best}
        # A follow-up's evidence is what it states itself: what the conversation stated before is the earlier
        # question's, and already counts for the answerer that answered it (`continues`).
        # (Players named by an earlier roster are read as their seats, as the verdict will read them.)
        if own_text is not None and earlier and not sets_the_scene(earlier):
            # (After a message that only told the situation, what it told is the question's own: it asked nothing.)
            own_seated = with_earlier_seats(own_text, [earlier])
            own_read = {aid: extract_with(by_id[aid].rule.input_model, own_seated,
                                          extract_input(by_id[aid].rule.input_model, earlier)) for aid in read}
        else:
            own_read = read
        # The answerer of the earlier question keeps the conversation's inputs when this one restates one of them
        # ("那如果牧師只有一顆心呢？"); a new question of its own ("那丟掉的塔要放哪裡？") earns it none.
        stated_rules = {aid: n for aid, data in own_read.items()
                        if data and (n := evidence(by_id[aid].rule, read[aid] if aid == previous else data))}
        if earlier and previous and not own_read.get(previous):
            # A new question about the situation the earlier one told ("那隊長卡接下來交給誰？" after "能出團嗎？"):
            # a rule that takes its inputs from the earlier answerer's verdict has them stated.
            for aid in read:
                rule = by_id[aid].rule
                if rule is not None and any(source == previous for source, _ in rule.derives_from):
                    derived = {k: v for d in derived_inputs(rule, earlier, (previous,)) for k, v in d.items()}
                    if derived:
                        stated_rules[aid] = max(stated_rules.get(aid, 0), len(derived))
        number_text = own_text or question
        states_numbers = bool(unread_numbers(number_text, {}))
        nearest = [aid for aid, _ in sorted(best.items(), key=lambda kv: -kv[1][0])[:top]]
        intent = self.intent.probabilities(query_vector, question, set(best)) if self.intent is not None else {}
        if own_vector is not None and self.intent is not None:
            own_intent = self.intent.probabilities(own_vector, own_question, set(best))
            intent = {aid: max(p, own_intent.get(aid, 0.0)) for aid, p in intent.items()}
        out = []
        # A follow-up that leaves the earlier fact's subject: that fact is near only through the earlier question's
        # words, and it answers another thing.
        if own_text is not None and previous in best and self.switches_subject(own_question, by_id[previous], game):
            best.pop(previous, None)
            stated_rules.pop(previous, None)
            nearest = [aid for aid in nearest if aid != previous]
            previous = None
        # The nearest answerers, and every rule whose inputs the question states however it is worded.
        extra = sorted((set(stated_rules) | ({previous} if previous in best else set())) - set(nearest))
        # A fact counting the kind of thing asked ("how many points …") is a candidate when a little further off.
        asked_units = asked_unit_classes(asked)
        if asked_units:
            further = [aid for aid, _ in sorted(best.items(), key=lambda kv: -kv[1][0])[top:2 * top]]
            extra += sorted(aid for aid in further if aid not in extra and by_id[aid].fact is not None
                            and by_id[aid].fact.unit and unit_class(by_id[aid].fact.unit) in asked_units)
        # What the question asks (not what it tells), against which the rules' declared topics are read.
        asked_part = asking_part(asked)
        for aid in nearest + extra:
            _, overlap, i = best[aid]
            answerer = by_id[aid]
            if answerer.fact is not None and answerer.fact.limit is not None and "yes_no" in answerer.answer_types \
                    and not answerer.numbers_of_unit(question):
                # A limit answers yes or no only of a number of its own unit ("can one adventurer hold two items?");
                # "是不是每用一次就放一個黃金？" asks something else of it.
                answerer = answerer.without_type("yes_no")
            how_many_parts = [text for text, f in parts if f == "how_many"] if several else []
            if "how_many" in answerer.answer_types and (all(answerer.names_other_count(text)
                                                            or answerer.asks_other_unit(text)
                                                            for text in how_many_parts or [asked])
                                                        or (answerer.fact is not None and asks_difference(asked))):
                # "How many discards does Paradoxical Prophecy cost?" asks another number of the fact's subject;
                # "一共几张塔卡？每种颜色几张？" asks its own number too.
                answerer = answerer.without_type("how_many")
            if "compare" in answerer.answer_types and answerer.rule is not None \
                    and not set(compared_fields(answerer.rule.input_model)) & set(read.get(aid, {})):
                # A rule compares two situations only when the question told it both.
                answerer = answerer.without_type("compare")
            ranks = [retrieved.index(p) for p in answerer.passages if retrieved and p in retrieved]
            own_read = read.get(aid) if own_text is None else None
            out.append(RuleMatch(answerer, 0.0, self.examples[i][1], float(sims[i]), overlap, form,
                                 stated_rules.get(aid, 0), min(ranks) if ranks else None,
                                 reads_numbers(answerer, number_text, own_read, earlier) if states_numbers else None,
                                 aid == previous, intent.get(aid, 0.0), bool(q_terms & self._part_terms.get(aid, set())),
                                 also, several,
                                 answerer.rule is not None and bool(answerer.rule.topic)
                                 and names_topic(answerer.rule.topic, asked_part)))
        return out

    def read_ahead(self, question: str, game: str) -> None:
        """Have each rule of the game that `candidates` would read read the question now (extraction keeps what
        each read): reading needs no vector, so it runs while the question is being embedded."""
        from .extract import read_ahead

        for answerer in self._readers(question, game):
            if answerer.rule is not None:
                read_ahead(answerer.rule.input_model, question)

    def _readers(self, question: str, game: str | None) -> list[Answerer]:
        """The answerers a question can be routed to: those of its game (any, if none) it is not off the topic of."""
        return [a for a in self.answerers if (game is None or a.game == game) and not a.off_topic(question)]

    def route(self, query_vector: np.ndarray, question: str, game: str | None,
              retrieved: list[str] | None = None, params: RoutingParams | None = None,
              own_text: str | None = None) -> RuleMatch | None:
        """The best rule or fact if its fit is trusted (see `decide`)."""
        return decide(self.candidates(query_vector, question, game, retrieved, own_text=own_text),
                      params or RoutingParams(), retrieved is not None)


def names_topic(topic: tuple[str, ...], question: str) -> bool:
    """Whether a question names a rule's or fact's topic (always, for one that declares none), not negated."""
    if not topic:
        return True
    from .extract import mentions

    return any(not m.negated for m in mentions(fold(question), ((True, topic),)))


def denies_topic(topic: tuple[str, ...], question: str) -> bool:
    """Whether a question names a topic only negated ("不用變體", "without the variant")."""
    from .extract import mentions

    found = mentions(fold(question), ((True, topic),))
    return bool(found) and all(m.negated for m in found)


_HIGH_END = re.compile(r"最多|至多|上限|最大|\bmax(?:imum)?\b|\bat most\b|\bup to\b|\bmost\b")
_LOW_END = re.compile(r"最少|至少|下限|最小|\bmin(?:imum)?\b|\bat least\b|\bfewest\b|\bleast\b")


def asked_bound(question: str) -> str | None:
    """Which end of a range a question asks for ("最多幾人": high), or None for neither or both."""
    folded = fold(question)
    high, low = bool(_HIGH_END.search(folded)), bool(_LOW_END.search(folded))
    return "high" if high and not low else "low" if low and not high else None


def fact_numbers(fact: Fact) -> tuple[int, ...]:
    """The numbers a fact's own statement gives (a question may repeat them without stating a situation)."""
    # Chinese numerals count as written numbers ("五扇門" states 5, as a question repeating it would). The
    # answer sentences state the fact whole ("the same in 2-, 3- and 4-player games: … 5 markers").
    return _numbers_in(" ".join((fact.quote, str(fact.value), fact.answer["zh-TW"], fact.answer["en"])))


@lru_cache(maxsize=1024)
def _numbers_in(text: str) -> tuple[int, ...]:
    """The numbers a text states, numerals and number words as digits (facts are fixed: read once)."""
    from .extract import normalise_numbers

    return tuple(int(x) for x in re.findall(r"\d+", normalise_numbers(fold(text))))


def reads_numbers(answerer: Answerer, question: str, read: dict | None = None, earlier: str | None = None) -> bool:
    """Whether an answerer accounts for every number a question that states numbers gives: a rule
    through the inputs it reads (`read`, when already extracted) or, for a follow-up, as a restatement of a
    number of the `earlier` question; a fact through its own statement."""
    from .extract import extract_input, restated_input, rule_unread_numbers

    if answerer.fact is not None:
        return not answerer.fact_unread(question)
    assert answerer.rule is not None
    rule = answerer.rule
    if not rule_unread_numbers(rule, question,
                               read if read is not None else extract_input(rule.input_model, question)):
        return True
    return earlier is not None and restated_input(rule, earlier, question) is not None


def same_situation(a: Answerer, b: Answerer) -> bool:
    """Whether one rule answers a part of the other's verdict (declared by the engine: `Rule.part_of`), a fact
    states one case of a rule's verdict (`Fact.case_of`), or two facts of one passage give one answer (one's
    number is stated in the other's answer: "5 markers each" and "the same 5 markers at every player count")."""
    if a.fact is not None and b.fact is not None:
        return a.fact.passage == b.fact.passage and (_states_value(a.fact, b.fact) or _states_value(b.fact, a.fact))
    if a.fact is not None or b.fact is not None:
        # A fact stating one case of a rule's verdict ("no item in winter") answers as that rule does.
        fact, rule = (a.fact, b.rule) if a.fact is not None else (b.fact, a.rule)
        return rule is not None and fact.case_of == rule.id
    if a.rule is None or b.rule is None:
        return False
    return b.rule.id == a.rule.part_of or a.rule.id == b.rule.part_of


def _states_value(fact: Fact, other: Fact) -> bool:
    """Whether `fact`'s number is stated in the answer of `other`."""
    value = fact.value
    return isinstance(value, int) and not isinstance(value, bool) and value in _numbers_in(
        " ".join((other.answer["zh-TW"], other.answer["en"])))


def decide(candidates: list[RuleMatch], params: RoutingParams, need_support: bool = True) -> RuleMatch | None:
    """The best candidate when its fit clears the threshold, leads the next by the margin, retrieval backs
    it, and its answer type does not clash with the question's form; otherwise None (no verdict)."""
    chosen = choose(candidates, params, need_support)
    if chosen is None:
        return None
    best, lead = chosen
    return best if clears(best.score, lead, params) else None


def clears(score: float, lead: float, params: RoutingParams) -> bool:
    """Whether a best fit and its lead over the next rival are trusted: the threshold (or, below it, a clear
    lead) and the margin."""
    if score < params.threshold and not (params.lead_margin and score >= params.lead_threshold
                                         and lead >= params.lead_margin):
        return False
    return lead >= params.margin


def choose(candidates: list[RuleMatch], params: RoutingParams,
           need_support: bool = True) -> tuple[RuleMatch, float] | None:
    """The candidate `decide` weighs (its fit as `score`) and its lead over the next rival, or None when a check
    other than the threshold and margin rules it out (calibration replays these apart: they do not move with
    the threshold and margin)."""
    # An answerer that would leave a stated number unread cannot answer: the verdict could ignore it.
    ranked = sorted(((m.fit(params), i) for i, m in enumerate(candidates) if m.reads_numbers is not False),
                    key=lambda pair: -pair[0])
    if not ranked:
        return None
    scored = [candidates[i] for _, i in ranked]
    # Only the one chosen is copied with its score (calibration replays this for thousands of settings).
    best = replace(scored[0], score=ranked[0][0])
    # The lead is over the next answerer that would answer otherwise: a rule answering a part of the best's
    # verdict (or the whole of it) reads the same situation. A rule that would leave a number unread is a
    # rival all the same: the question may be about it ("平行計畫（換兩張目標卡那個）" is the spell, not the Happy
    # Dream that happens to read the 8).
    rival = max([score for score, i in ranked[1:] if not same_situation(candidates[i].answerer, best.answerer)]
                + [m.fit(params) for m in candidates if m.reads_numbers is False and m.answerer.rule is not None
                   and not same_situation(m.answerer, best.answerer)], default=None)
    lead = best.score - rival if rival is not None else float("inf")
    if best.rule is not None and not best.stated:
        # "翻開時如果是空白指示物，要怎麼處理？": told nothing the rule reads, the question names the one case a fact
        # states of the rule's verdict; the fact answers it, the rule would only ask for its inputs.
        case = next((replace(m, score=score) for score, m in zip((s for s, _ in ranked), scored)
                     if m.answerer.fact is not None and m.answerer.fact.case_of == best.rule.id
                     and score > best.score - params.situation_gap), None)
        if case is not None:
            best = case
            lead = best.score - rival if rival is not None else float("inf")
    # A question naming what sets a part apart ("Who's the escape master?") asks for the part, not the whole its
    # situation is nearer to ("who escapes").
    part = next((m for m in scored if m.names_part and m.rule is not None and m.rule.part_of == best.answerer.id),
                None)
    if part is not None:
        best = replace(part, score=part.fit(params))
    if best.asks_several and best.form and not types_agree(best.form, best.answerer.answer_types):
        # Two answers of one situation, the best answering only a later part ("美夢卡總共幾張？是洗進牌堆裡嗎？"):
        # the other answers what is asked first when it fits nearly as well.
        first = next((m for score, m in zip((s for s, _ in ranked), scored)
                      if score > best.score - params.situation_gap and m.answerer.answer_types
                      and types_agree(best.form, m.answerer.answer_types)
                      and same_situation(m.answerer, best.answerer)), None)
        if first is not None:
            best = replace(first, score=first.fit(params))
    if (best.asks_several or not best.names_part) and best.rule is not None and best.rule.part_of:
        # A question asking the part and more ("誰脫逃成功？誰是脫逃大師？") gets the whole when it fits nearly as
        # well: the whole's verdict tells the part too. So does one not naming what sets the part apart ("誰逃得出去？"
        # is asked of who escapes, though the escape master's situation is as near).
        whole = next((m for score, m in zip((s for s, _ in ranked), scored)
                      if m.answerer.id == best.rule.part_of and score > best.score - params.situation_gap), None)
        if whole is not None:
            best = replace(whole, score=whole.fit(params))
    if best.rule is not None and not best.rule.topic:
        # "Does it matter which monster attacks first?": of two rules reading one situation (the same inputs), the
        # one whose declared topic the question asks about asks what is asked ("隊伍順序是…" telling the party's
        # order does not).
        narrower = next((m for score, m in zip((s for s, _ in ranked), scored)
                         if m.asks_topic and m.rule is not None and _reads_alike(m.rule, best.rule)
                         and score > best.score - params.situation_gap), None)
        if narrower is not None:
            best = replace(narrower, score=narrower.fit(params))
            lead = best.score - max([score for score, i in ranked if candidates[i].answerer.rule is None
                                     or not _reads_alike(candidates[i].answerer.rule, best.rule)],
                                    default=best.score - 1.0)
    if best.form == "compare" and "compare" not in best.answerer.answer_types:
        # A verdict answers one situation: weighing two needs a rule told both (see `candidates`).
        return None
    if need_support and not best.stated and (best.support is None or best.support >= params.support_depth):
        # Neither retrieval nor the question's own inputs back the nearest example.
        return None
    # ("那如果隊長當時是5分呢？" restates a number the question it follows told this rule: that is stating.)
    restates = best.continues and best.reads_numbers is True
    if best.form and best.answerer.answer_types and not best.types_agree() \
            and ((not best.stated and not restates)
                 or (best.form == "who" and set(best.answerer.answer_types) == {"yes_no"})):
        # The question asks another kind of answer and states nothing this answerer reads; or it asks who,
        # which a yes or no cannot say, whatever the question states.
        return None
    if best.answerer.kind == "fact" and any(m.answerer.rule and ((m.reads_numbers and m.stated) or m.stated >= 2)
                                            and score > best.score - params.situation_gap
                                            for (score, _), m in zip(ranked, scored)):
        # The question states a situation a rule that fits nearly as well reads (its numbers, or several of
        # its inputs): a general fact is not its answer.
        return None
    if best.answerer.kind == "fact" and not best.answerer.answer_types:
        # The question asks another number of the fact's subject (`other_counts`, see `candidates`).
        return None
    if best.answerer.kind == "fact" and best.form is None:
        # A fact answers a question of its form; an open question ("how does … work") gets passages.
        return None
    return best, lead


def _reads_alike(a: Rule, b: Rule) -> bool:
    """Whether two rules read the same situation: the same input fields."""
    return set(a.input_model.model_fields) == set(b.input_model.model_fields)


def ruling_entries() -> list[tuple[str, str, str]]:
    """(ruling passage id, game, question text) of every indexed ruling, its question in every language."""
    from indexer.rulings import indexed_rulings

    return [(r.passage_id, r.game, text) for r in indexed_rulings()
            for text in (r.question.zh_tw, r.question.zh_cn, r.question.en) if text]


def example_labels() -> tuple[list[str], list[str]]:
    """(answerer ids, example texts), one pair per example, in the order the example vectors are stored."""
    pairs = [(a.id, ex) for a in answerers() for ex in a.examples]
    return [aid for aid, _ in pairs], [ex for _, ex in pairs]


def routing_model_file(model_id: str) -> str:
    """The file name the intent classifier of the current examples has in an index built by `model_id`."""
    return intent_file(model_id, *example_labels())


def write_routing_model(directory: Path, model_id: str, cache_dir: Path | None) -> str:
    """Train the intent classifier into an index being built, from the example vectors already written there."""
    from indexer.vectors import vectors_file

    labels, texts = example_labels()
    if not texts:
        return ""
    vectors = np.load(directory / vectors_file(model_id, texts, EXAMPLES_VECTORS))
    return write_intent_model(directory, model_id, labels, texts, vectors, cache_dir)


def fixed_query_texts() -> dict[str, list[str]]:
    """The texts whose vectors routing compares a question with, by vectors name: embedded with the index
    (`arbiter index`), so that a served worker only reads them."""
    return {EXAMPLES_VECTORS: example_labels()[1],
            RULING_VECTORS: [text for _, _, text in ruling_entries()]}


class RulingMatcher:
    """Finds the ruling whose question is the one asked (its question in every language it has)."""

    def __init__(self, embedder: Embedder, cache_dir: Path | None = None) -> None:
        self.entries = ruling_entries()
        self.embedder = embedder
        self.vectors = self._vectors(cache_dir)

    def _vectors(self, cache_dir: Path | None) -> np.ndarray:
        return cached_query_vectors(self.embedder, [t for _, _, t in self.entries], cache_dir, RULING_VECTORS)

    def best(self, query_vector: np.ndarray, game: str | None) -> tuple[str, float] | None:
        """The closest ruling of the game and its similarity."""
        if not self.entries:
            return None
        sims = self.vectors @ query_vector.reshape(-1)
        ranked = [(float(sims[i]), pid) for i, (pid, g, _) in enumerate(self.entries) if game in (None, g)]
        if not ranked:
            return None
        score, pid = max(ranked)
        return pid, score
