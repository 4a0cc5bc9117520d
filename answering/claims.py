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


def claim_spans(folded: str) -> list[tuple[int, int]]:
    """Where the claims of a dispute stand (none when the question reports no two claims and asks no
    "who is right": "老王說4張，我說8張" is a dispute though it asks no "who is right")."""
    starts = list(_CLAIM_START.finditer(folded))
    # Two claims reported side by side ("小華說平手算他贏，阿傑說他金礦最多") are a dispute too.
    if not asks_who_is_right(folded) and len(starts) < 2:
        return []
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
