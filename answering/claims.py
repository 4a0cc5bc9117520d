"""Disputes: a question that reports what two players claim and asks who is right.

"阿凱說可以看5張，我說只能看3張，到底誰對？" states its situation outside the claims; what each player says is a
possible answer, not a fact of the table, so the numbers inside a claim are not read as inputs. The claim's other
words stay: they may name whose turn or card it is ("小美說她的物品要放在第一個冒險家下面").
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

# Asked of two claims: "誰對", "谁说得对", "哪个对", "who's right", "which of us is right", "settle this".
# (Matched on folded text: Simplified script, lower case.)
_WHO_IS_RIGHT = re.compile(
    r"(?:到底|我们|你说|你觉得)?\s*(?:谁|哪个|哪一个|哪边|哪位)\s*(?:才|比较|说得?|讲得?)?\s*(?:的)?\s*(?:对|正确|没错|有理)|"
    r"\bwho(?:'s| is| was)\s+(?:right|correct|wrong)\b|\bwhich (?:of us|one of us|one) is (?:right|correct)\b|"
    r"\bsettle (?:this|it|an argument|a dispute|the argument)\b|\bwho(?:'s| is) got it right\b")

# The start of a claim: a speaker and a verb of saying or believing. The claim runs to the end of its sentence
# or to the next claim, whichever comes first.
# ("说下规则" asks to be told; "说下一个…", "说下家…" report a claim.)
_CLAIM_VERB_ZH = r"(?:说|讲|觉得|认为|记得|坚持|以为|咬定|坚称)(?!明|好|话|过的|一下|下(?![一家个张位]))"
_CLAIM_VERB_EN = (r"\b(?:say|says|said|think|thinks|thought|claim|claims|claimed|insist|insists|insisted|reckon|"
                  r"reckons|argue|argues|argued|swear|swears)\b(?:\s+that\b)?")
_CLAIM_START = re.compile(rf"{_CLAIM_VERB_ZH}\s*[:：]?|{_CLAIM_VERB_EN}\s*[:：,]?")
_SENTENCE_END = re.compile(r"[。？?！!；;]|\.(?:\s|$)")


def asks_who_is_right(folded: str) -> bool:
    """Whether a question asks which of two claims is right."""
    return bool(_WHO_IS_RIGHT.search(folded))


def without_who_is_right(folded: str) -> str:
    """The question without its "who is right" (what is left asks in the form of the dispute, if any)."""
    return _WHO_IS_RIGHT.sub(" ", folded)


# The asker's own understanding, put up to be checked ("我理解…對吧？", "I figured … — right?", "所以是5分，對嗎？"):
# a first-person verb of believing or a drawn conclusion, then a tag asking for confirmation.
_BELIEF_START = re.compile(
    r"我(?:的)?理解(?:的是|是|为|成)?|我(?:一直|本来|原本|当初)?(?:以为|记得|猜|想说|觉得|认为|印象中?是?)(?!明|好|话)|"
    r"所以(?:是|说|就是)?|也就是说|那就是|"
    r"\bi(?: always| just| had)? (?:think|thought|figured|assumed|assume|believe|believed|understand|understood|reckon|"
    r"remember|recall|guess|guessed)\b(?: that)?|\bmy (?:take|understanding|reading|guess) (?:was|is)(?: that)?|"
    r"\bi'm counting\b|\bi was told(?: that)?|\bso (?:that's|that is|it's|it is)\b|"
    # What someone else said, or what the asker told others, put up to be checked ("朋友說手牌上限是10張，是這樣嗎？",
    # "I told her it costs 8 discards. Did I get the number right?").
    r"(?:说|讲|告诉我|跟我说|教我)(?!明|好|话|过的|一下|下(?![一家个张位]))|"
    r"\b(?:said|says|told (?:me|us|her|him|them|everyone|the table)|taught (?:me|us|her|him|them))\b(?: that)?")
_CONFIRM_TAG = re.compile(
    r"对吧|对吗|对不对|对嘛|是吧|是吗|是不是|没错吧|没错吗|对么|理解得?(?:对|没错)|没记错|记错了?吗|"
    r"(?:[,，—–]\s*|\s-\s*)(?:right|correct|yeah|yes|no)\s*\?|\bis that (?:right|correct|so|how it works)\b|\bdid i get (?:that|it) right\b|"
    r"\bam i (?:right|wrong|correct)\b|\bisn't it\b|\bhave i got (?:that|it) right\b|是这样吗|这样对吗|"
    r"\bdid i get (?:the number|that|it|this) (?:right|wrong)\b|\bis (?:this|it|that number) (?:right|correct)\b|"
    # "應該就是10張吧？": a supposition closing on 吧 and a question mark (with a word of supposing: `_HEDGE`).
    r"(?<=[\u4e00-\u9fff\d])吧\s*[?？]+\s*$")


# Cached: claim_spans asks it of the same question for every rule that reads it.
@lru_cache(maxsize=4096)
def belief_span(folded: str) -> tuple[int, int] | None:
    """Where the asker's own understanding, put up to be checked, stands (None when the question puts none up):
    from its verb to the tag asking for confirmation, or to the end of its sentence."""
    tag = None
    for tag in _CONFIRM_TAG.finditer(folded):
        pass
    if tag is not None and tag.group().startswith("吧") \
            and not _HEDGE.search(re.split(r"[。.!！?？]", folded[:tag.start()])[-1]):
        tag = None  # "…是看補充牌堆最上面的五張吧？" puts up more than a number: what it says is not checked by it
    if tag is None:
        return _belief_asked(folded)
    start = next((m for m in _BELIEF_START.finditer(folded, 0, tag.start())), None)
    if start is None:
        # With no verb of believing, a number told in the clause right before a closing tag is what is put up
        # ("每個人是拿4個自己顏色的標記物，對吧？", "… — that's five, right?").
        if re.sub(r"[吗吧呢嘛啊呀么]", "", folded[tag.end():]).strip(" ?？!！。.~～"):
            return None
        clause = re.search(r"([^，,、:：—–。.;；?？!！]*?)[，,、—–\s]*(?:我)?$", folded[:tag.start()])
        # ("I still have to give up one Tower, right?": "one" is what is done, not a number put up.)
        if clause is None or not _claimed_numbers(re.sub(r"\bone\b", " ", clause.group(1))):
            return None
        return clause.start(1), clause.end(1)
    end = _SENTENCE_END.search(folded, start.end())
    return start.end(), min(tag.start(), end.start() if end and end.start() >= start.end() else len(folded))


# A supposition of a number: "應該就是10張吧？", "大概是5分吧？".
_HEDGE = re.compile(r"应该|应当|大概|估计|可能|也就|就是")
# A sentence that opens on the asker's belief and is itself the question ("我印象是不管幾個人都固定5張？",
# "I thought it was 7 for both sides?"): no word in it asks anything else ("不管幾個人" asks nothing).
# ("that's where placing starts": an English wh-word asks only before a verb of asking or a count.)
_ASKS_ELSE = re.compile(r"几|多少|哪|谁|什么|啥|怎么|如何|\b(?:how|what|which|who|whom|when|where|why)\s+"
                        r"(?:do|does|did|is|are|was|were|can|could|should|would|will|many|much)\b")
# A belief said to have been mistaken ("我本來以為…", "I figured …"): put up whether or not it ends on a question mark.
_MISTAKEN = re.compile(r"以为|\bi(?: had| always| just)? (?:thought|figured|assumed)\b")


def _belief_asked(folded: str, told: bool = False) -> tuple[int, int] | None:
    """The span of a belief put up as the question itself, with a question mark and no tag, or with `told`, also
    one told as a belief the asker held (`_MISTAKEN`) beside what the question asks (or None). A told belief is
    not checked by the answer (its other words may be what is wrong: "I thought the qualifiers draw 2"); its
    numbers are only not read as the table's."""
    for sentence in re.finditer(r"(?:[^。.!！?？]|\.(?!\s|$))*(?:[?？]|[。!！]|\.(?=\s|$)|$)", folded):
        if not sentence.group().strip():
            continue
        start = next((m for m in _BELIEF_START.finditer(folded, sentence.start(), sentence.end())
                      if m.group().startswith(("我", "i"))), None)
        asked = sentence.group().rstrip().endswith(("?", "？"))
        if start is not None and (asked or (told and _MISTAKEN.search(start.group()))) \
                and _claimed_numbers(folded[start.end():sentence.end()]) \
                and not _ASKS_ELSE.search(re.sub(r"(?:不管|无论|不论)[^，,]{0,6}", " ", folded[start.end():sentence.end()])):
            return start.end(), sentence.end() - (1 if re.search(r"[?？。!！.]$", sentence.group()) else 0)
    return None


def claim_spans(folded: str) -> list[tuple[int, int]]:
    """Where the claims of a dispute stand (none when the question reports no two claims and asks no
    "who is right": "老王說4張，我說8張" is a dispute though it asks no "who is right"), or the asker's own
    understanding put up to be checked (`belief_span`)."""
    starts = list(_CLAIM_START.finditer(folded))
    # Two claims reported side by side ("小華說平手算他贏，阿傑說他金礦最多") are a dispute too.
    if not asks_who_is_right(folded) and len(starts) < 2:
        belief = belief_span(folded) or _belief_asked(folded, told=True)
        return [belief] if belief and belief[1] > belief[0] else []
    spans = []
    for i, start in enumerate(starts):
        end = _SENTENCE_END.search(folded, start.end())
        stop = min(end.start() if end else len(folded), starts[i + 1].start() if i + 1 < len(starts) else len(folded))
        spans.append((start.end(), stop))
    return spans


@lru_cache(maxsize=4096)
def without_claims(folded: str) -> str:
    """The question with what its players claim left out, for reading the facts it states; the same text when
    it is no dispute."""
    spans = claim_spans(folded)
    for start, end in reversed(spans):
        folded = folded[:start] + " " + folded[end:]
    return folded


def claims_unnumbered(text: str) -> str:
    """The question with the numbers inside its claims left out (see the module's docstring)."""
    spans = claim_spans(text)
    for start, end in reversed(spans):
        # ("下一个" is left in words by number reading, and a reader of counts would still take its 一.)
        text = text[:start] + re.sub(r"\d+|[一二两三四五六七八九十]+(?=[个张位扇座件])", " ", text[start:end]) + text[end:]
    return text


# A claim that is a number ("我說8張", "I say it's 4"), or a bare no ("我說不行", "I say no").
_NUMBER_CLAIMED = re.compile(r"\d|[两二三四五六七八九十]|\b(?:two|three|four|five|six|seven|eight|nine|ten|twelve)\b")
_BARE_NO = re.compile(r"\s*(?:不(?:行|用|能|可以|会|对|是)?|没有?|no|nope|not|can't|cannot|it can't|you can't)"
                      r"\s*(?:啦|吧|的|喔|哦|啊)?\s*[,，.。!！?？]*\s*$")


# A claim of what may or must be done ("Kevin says I also have to give up a Tower", "他說可以放") disputes a yes or no.
_MODAL = re.compile(r"可以|不可以|能|不能|不用|不必|必须|算|不算|\b(?:can|can't|cannot|must|mustn't|have to|has to|"
                    r"need to|needs to|don't need|doesn't need|allowed|not allowed|counts?|doesn't count)\b")


def dispute_form(folded: str) -> str | None:
    """The form of the answer two claims disagree on: "how_many" when each claims a number ("阿凱說5張，我說3張"),
    "yes_no" when one is a bare no ("他說可以，我說不行"), else None."""
    claims = [without_who_is_right(folded[s:e]) for s, e in claim_spans(folded)]
    if len(claims) < 2:
        return None
    if all(_NUMBER_CLAIMED.search(c) for c in claims):
        return "how_many"
    if any(_BARE_NO.match(c) for c in claims) or any(_MODAL.search(c) for c in claims):
        return "yes_no"
    return None


def speaks_after(text: str, pos: int) -> bool:
    """Whether a claim starts right at `pos` (the one named just before it speaks: "下家1說…")."""
    return bool(_CLAIM_START.match(text, pos + len(text[pos:]) - len(text[pos:].lstrip())))


# Small Chinese numerals as numbers (claims here; counted blows in extract).
CN_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_EN_DIGITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
              "ten": 10, "twelve": 12}
_NEGATIVE = re.compile(r"不|没|别|\b(?:no|not|nope|never|can't|cannot|don't|doesn't|isn't|won't)\b")


def _claimed_numbers(claim: str) -> set[int]:
    """The numbers a claim says: digits, one-character Chinese numerals, English number words."""
    found = {int(d) for d in re.findall(r"\d+", claim)}
    found |= {CN_DIGITS[c] for c in re.findall(r"[一二两三四五六七八九十](?=\s*[张个分点颗瓶根件座扇级])", claim)}
    found |= {_EN_DIGITS[w] for w in re.findall(r"\b(" + "|".join(_EN_DIGITS) + r")\b", claim)}
    return found


def _speaker(folded: str, claim_start: int) -> str | None:
    """Who makes the claim starting at `claim_start`: the words between the clause start and the verb."""
    verb = list(_CLAIM_START.finditer(folded, 0, claim_start))
    if not verb:
        return None
    before = re.split(r"[，,。.;；!！?？:：]", folded[:verb[-1].start()])[-1].strip()
    # "我說", "I say": the asker; "小林說", "Tom says": the last word or run of characters before the verb.
    name = re.search(r"([\u4e00-\u9fff]{1,3}|[a-z][a-z'\-]*)\s*(?:也|就|则|却|倒是)?$", before)
    return name.group(1) if name else None


def who_is_right(folded: str, value: Any) -> tuple[str, bool] | None:
    """Of a dispute's claims, the one speaker whose claim the verdict's value bears out, and whether that speaker is
    the asker ("我說…", "I say…"); None when not exactly one claim agrees, or the value is not a number or a yes/no."""
    spans = claim_spans(folded)
    if len(spans) < 2:
        return None
    claims = [(without_who_is_right(folded[s:e]), s) for s, e in spans]
    if isinstance(value, bool):
        negative = [(c, s) for c, s in claims if _NEGATIVE.search(c)]
        positive = [(c, s) for c, s in claims if not _NEGATIVE.search(c)]
        if len(negative) != 1 or len(positive) != 1:
            return None
        agreeing = negative if value is False else positive
    elif isinstance(value, int):
        agreeing = [(c, s) for c, s in claims if value in _claimed_numbers(c)]
        if any(not _claimed_numbers(c) for c, _ in claims):
            return None
    else:
        return None
    if len(agreeing) != 1:
        return None
    speaker = _speaker(folded, agreeing[0][1])
    if speaker is None:
        return None
    return speaker, speaker in ("我", "i")


def belief_number(folded: str, concluded: bool = False) -> bool:
    """Whether the asker's understanding put up to be checked holds a number ("我理解要湊到6張，對嗎？"), or with
    `concluded`, ends on one (its last clause: "所以我總共是5分，對吧？", not "加起來剛好6，能逃出去，對吧？"): the
    answer such a check waits for is the right number."""
    span = belief_span(folded)
    if span is None:
        return False
    claim = folded[span[0]:span[1]]
    if concluded:
        claim = [c for c in re.split(r"[，,、:：—–]", claim) if c.strip()][-1:] or [""]
        claim = claim[0]
    return bool(_claimed_numbers(claim))


def belief_holds(folded: str, value: Any) -> bool | None:
    """Whether a verdict's number bears out the number the asker's understanding holds; None when the question puts
    up no understanding with a number, or the value is no number."""
    span = belief_span(folded)
    if span is None or isinstance(value, bool) or not isinstance(value, int) or asks_who_is_right(folded) \
            or len(list(_CLAIM_START.finditer(folded))) >= 2:
        return None
    claimed = _claimed_numbers(folded[span[0]:span[1]])
    return (value in claimed) if claimed else None
