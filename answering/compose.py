"""Answer text: the messages of an answer in the question's language and script, and value wording."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import yaml

from indexer.corpus import CORPUS_DIR
from indexer.text import cjk_bigrams, fold, to_script
from rules_engine import DEPENDS, Verdict

MESSAGES = {
    "out_of_scope": {
        "zh-TW": "這個問題不在我能回答的範圍內。我只回答這幾款遊戲的規則：{games}。",
        "en": "That question is outside what I can answer. I only cover the rules of: {games}.",
    },
    "not_rules": {
        "zh-TW": "這不是規則問題：我只回答這幾款遊戲的規則（{games}），不提供購買、價格、評價方面的建議，也不寫程式。",
        "en": "That is not a rules question: I answer only the rules of {games}, not buying advice, prices "
              "or reviews, and I write no code.",
    },
    "passages": {"zh-TW": "規則書中最相關的段落：", "en": "The most relevant rulebook passages:"},
    "verdict": {"zh-TW": "結論（{title}）：{value}", "en": "Verdict ({title}): {value}"},
    "yes": {"zh-TW": "是", "en": "yes"},
    "no": {"zh-TW": "否", "en": "no"},
    "depends": {"zh-TW": "視情況而定", "en": "it depends"},
    "case": {"zh-TW": "・{when}：{value}", "en": "- {when}: {value}"},
    "why": {"zh-TW": "為什麼：", "en": "Why:"},
    "assumptions": {"zh-TW": "假設：", "en": "Assumptions:"},
    "reading": {"zh-TW": "{label}：{detail}", "en": "{label}: {detail}"},
    "needs": {"zh-TW": "要算出答案，我還需要知道：", "en": "To compute the answer I need to know:"},
    "unread": {"zh-TW": "我讀不出你提到的 {numbers} 指的是什麼，所以不給計算結果，以免答錯；請換個說法，或看看下面的段落。",
               "en": "I could not tell what {numbers} refers to, so I give no computed answer rather than a wrong "
                     "one; try rephrasing, or see the passages below."},
    "unread_change": {"zh-TW": "我讀不出這個追問改了什麼，所以不把上一題的答案再給一次，以免答錯；請把改變的情況說清楚，或看看下面的段落。",
                      "en": "I could not tell what this follow-up changes, so I do not repeat the earlier answer as "
                            "if it held; say what is different, or see the passages below."},
    "compared_count": {"zh-TW": "你說的數目是和另一個數比出來的（例如「比上次多一個」），我不替你換算，以免答錯；請直接說出現在的數目，或看看下面的段落。",
                       "en": "You gave a number by comparing it with another (\"one more than last time\"); I do not "
                             "work it out for you rather than risk a wrong answer. Say the number itself, or see the "
                             "passages below."},
    "no_verdict": {"zh-TW": "沒有可以直接計算的答案；以下是規則書中最相關的段落：",
                   "en": "No computed answer applies; the most relevant rulebook passages:"},
    # A dispute ("阿凱說5張，我說3張，誰對？"): whose claim the verdict bears out, before the answer.
    "claim_right": {"zh-TW": "{who}說得對。", "en": "{who} is right."},
    "asker_right": {"zh-TW": "沒錯。", "en": "That's right."},  # the asker's own understanding, or what they were told
    "asker_wrong": {"zh-TW": "不對。", "en": "Not quite."},
    # A count asked against a number ("至少能有6分嗎？"): whether it reaches it, before the count.
    "threshold_met": {"zh-TW": "是，{value} 達到 {bound}。", "en": "Yes: {value} reaches {bound}."},
    "threshold_short": {"zh-TW": "不夠，{value} 不到 {bound}。", "en": "No: {value} falls short of {bound}."},
    "ruling_answer": {"zh-TW": "已採納的裁定：{text}", "en": "Accepted ruling: {text}"},
    "nothing": {"zh-TW": "找不到相關的規則段落。", "en": "No relevant rulebook passage was found."},
    "quote_line": {"zh-TW": "「{text}」——{title}", "en": "“{text}” — {title}"},
    "note_line": {"zh-TW": "注意：規則書此處不明確，見「為什麼」。{note}",
                  "en": "Note: the rulebook is unclear here (see Why). {note}"},
    "not_covered": {"zh-TW": "這裡收錄的規則文字沒有說明這一點：只收錄{covers}。請查閱該遊戲的基本規則書。",
                    "en": "The rule texts here do not cover that: they hold only {covers}. See the game's own "
                          "base rulebook."},
    "best_passage": {"zh-TW": "沒有可以直接計算的答案；規則書中最相關的是這一段：",
                     "en": "No computed answer applies; this is the closest rulebook passage:"},
    "needs_line": {"zh-TW": "要算出答案，我還需要知道：{needs}", "en": "To compute the answer I need to know: {needs}"},
    "cases_head": {"zh-TW": "各種情況：", "en": "Cases:"},
    "readings_head": {"zh-TW": "規則書不明確之處：", "en": "Unclear in the rulebook:"},
    "more_quotes": {"zh-TW": "其他相關段落：", "en": "Other passages:"},
    "ruling_title": {"zh-TW": "裁定（{kind}，{date}）", "en": "Ruling ({kind}, {author}, {date})"},
    "official": {"zh-TW": "官方", "en": "official"},
    "designer": {"zh-TW": "設計者", "en": "the designer"},
    "community": {"zh-TW": "社群", "en": "community"},
}


def msg(key: str, lang: str, **kw: Any) -> str:
    """A message in the answer's language and script (zh-CN is converted from zh-TW)."""
    table = MESSAGES[key]
    text = table["en" if lang == "en" else "zh-TW"].format(**kw)
    return to_script(text, lang)


def value_words(value: Any, lang: str, text: str = "") -> str:
    """How a verdict or case value reads to a person: the engine's own wording when it gives one."""
    if text:
        return text
    if value is True:
        return msg("yes", lang)
    if value is False:
        return msg("no", lang)
    if value == DEPENDS:
        return msg("depends", lang)
    if isinstance(value, list):
        joiner = ", " if lang == "en" else "、"
        return joiner.join(value_words(v, lang) for v in value) if value else "—"
    return str(value)


def answer_line(verdict: Verdict, title: str, lang: str) -> str:
    """The one sentence that answers: the verdict's explanation, which the engines write answer first;
    the rule's title and value when a verdict has none."""
    if verdict.explanation:
        return verdict.explanation
    return msg("verdict", lang, title=title, value=value_words(verdict.value, lang, verdict.value_text))


def with_seat_names(text: str, names: dict[int, str], lang: str) -> str:
    """The text with each seat the engine names ("下家2", "seat 2 (…)", "隊長") called by the name the player gave
    it, the seat kept in brackets ("宗翰（下家2）", "Carol (seat 2)"); the captain card stays the captain card."""
    if not names or not text:
        return text

    def seat(m: re.Match[str], shown: str) -> str:
        n = int(m.group(1))
        return shown.format(name=names[n], n=n) if n in names else m.group()

    if lang == "en":
        text = re.sub(r"\bseat (\d+)(?: \(the captain's (?:next|previous) player\))?",
                      lambda m: seat(m, "{name} (seat {n})"), text)
        return re.sub(r"\b([Tt])he captain\b(?!'s| card)",
                      lambda m: f"{names[0]} (the captain)" if 0 in names else m.group(), text)
    text = re.sub(r"下家(\d+)(?:（上家）)?", lambda m: seat(m, "{name}（下家{n}）"), text)
    return re.sub(r"(隊長|队长)(?!卡)", lambda m: f"{names[0]}（{m.group(1)}）" if 0 in names else m.group(), text)


def verdict_with_seat_names(verdict: Verdict, names: dict[int, str], lang: str) -> Verdict:
    """A localised verdict whose texts call the seats by the players' names (see `with_seat_names`)."""
    if not names:
        return verdict

    def named(text: str) -> str:
        return with_seat_names(text, names, lang)

    def named_value(value: Any) -> Any:
        # A value that is a seat ("下家3（上家）", "隊長", "seat 2") is the player sitting there.
        if isinstance(value, list):
            return [named_value(v) for v in value]
        if not isinstance(value, str):
            return value
        m = re.fullmatch(r"下家(\d+)(?:（上家）)?|seat (\d+)(?: \(the captain's (?:next|previous) player\))?|(隊長|队长|the captain)",
                         value.strip(), flags=re.IGNORECASE)
        if m is None:
            return value
        seat = 0 if m.group(3) else int(m.group(1) or m.group(2))
        return names.get(seat, value)

    return verdict.model_copy(update={
        "value": named_value(verdict.value),
        "explanation": named(verdict.explanation), "value_text": named(verdict.value_text),
        "trace": [s.model_copy(update={"step": named(s.step)}) for s in verdict.trace],
        "cases": [c.model_copy(update={"when": named(c.when), "explanation": named(c.explanation),
                                       "value_text": named(c.value_text)}) for c in verdict.cases]})


def case_lines(verdict: Verdict, lang: str) -> list[str]:
    """One line per case of a "depends" verdict: the condition and the value under it."""
    return [msg("case", lang, when=c.when, value=value_words(c.value, lang, c.value_text)) for c in verdict.cases]


def step_lines(verdict: Verdict) -> list[str]:
    """The reasoning steps, marked as holding (✓), failing (✗) or neither (·)."""
    return [f"{'✓' if s.holds else '✗' if s.holds is False else '·'} {s.step}" for s in verdict.trace if s.step]


def verdict_details(verdict: Verdict, title: str, lang: str) -> list[str]:
    """What an answer shows of a verdict behind "Why" (already localised to `lang`): the value, the
    cases, the steps and the assumptions."""
    lines = [msg("verdict", lang, title=title, value=value_words(verdict.value, lang, verdict.value_text))]
    if verdict.cases:
        lines += [msg("cases_head", lang), *case_lines(verdict, lang)]
    steps = step_lines(verdict)
    if steps:
        lines += [msg("why", lang), *(f"  {s}" for s in steps)]
    if verdict.assumptions:
        lines += [msg("assumptions", lang), *(f"  * {a}" for a in verdict.assumptions)]
    return lines


def verdict_text(verdict: Verdict, title: str, lang: str) -> list[str]:
    """Everything a person can read of a verdict: the answer line, what "Why" shows, and the cases'
    own explanations (in the JSON the page and the widget receive)."""
    return [answer_line(verdict, title, lang), *verdict_details(verdict, title, lang),
            *(c.explanation for c in verdict.cases if c.explanation)]


# Where a quote may be cut: after a sentence's end, at a blank line, after a heading line ("範例：",
# "-- The Towers 擴充規則 --") and around a bare link.
_SENTENCE_END = re.compile(r"(?<=[。！？!?])|\n[ \t]*\n|(?<=[：:])[ \t]*\n|(?<=--)[ \t]*\n|\n(?=https?://)"
                           r"|(?<=\.jpg)\n|(?<=\.png)\n")
# Lines that are not rule text: a bare link, a heading between dashes.
_NOT_RULE_TEXT = re.compile(r"^(https?://\S+|--.*--|[^。，,]{1,12}[：:])$")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """The sentences of a passage as (start, end) offsets, without surrounding whitespace."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in list(_SENTENCE_END.finditer(text)) + [None]:
        end = m.start() if m is not None else len(text)
        piece = text[start:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            spans.append((start + lead, start + len(piece.rstrip())))
        start = m.end() if m is not None else len(text)
    return spans


def _grams(text: str) -> set[str]:
    folded = fold(text)
    return set(cjk_bigrams(folded)) | set(re.findall(r"[a-z0-9]{2,}", folded))


def excerpt(text: str, cues: str, prefer: str = "", shortest: int = 14) -> str:
    """The sentence of a passage that answers, verbatim: the one holding `prefer` (a fact's own quote),
    else the one sharing most words with the cues (the question and the answer line); a very short
    sentence ("計分：") takes the next one along."""
    spans = sentence_spans(text)
    if not spans:
        return text
    if prefer and prefer in text:
        at = text.index(prefer)
        covering = [sp for sp in spans if sp[1] > at and sp[0] < at + len(prefer)]
        start, end = covering[0][0], covering[-1][1]
        return text[start:end]
    wanted = _grams(cues)

    def score(span: tuple[int, int]) -> float:
        grams = _grams(text[span[0]:span[1]])
        return len(grams & wanted) / (len(grams) ** 0.5 or 1.0)

    candidates = [i for i, (a, b) in enumerate(spans) if not _NOT_RULE_TEXT.match(text[a:b].strip())] \
        or list(range(len(spans)))
    best = max(candidates, key=lambda i: (score(spans[i]), -i))
    start, end = spans[best]
    if end - start < shortest and best + 1 < len(spans):
        end = spans[best + 1][1]
    return text[start:end]


def quote_line(text: str, title: str, lang: str) -> str:
    """A quote as the first screen shows it: the rulebook's words, then where they stand."""
    return msg("quote_line", lang, title=title, text="{text}").replace("{text}", text)


@lru_cache(maxsize=1)
def _section_titles() -> dict[str, dict[str, str]]:
    return yaml.safe_load((CORPUS_DIR / "sections.yaml").read_text(encoding="utf-8")) or {}


def section_title(game: str, section: str, lang: str) -> str:
    """A rulebook heading as a player reading `lang` sees it (English titles from corpus/sections.yaml)."""
    if lang == "en":
        return _section_titles().get(game, {}).get(section, section)
    return to_script(section, lang)
