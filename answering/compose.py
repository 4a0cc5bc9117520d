"""Answer text: the messages of an answer in the question's language and script, and value wording."""
from __future__ import annotations

from typing import Any

from indexer.text import to_script
from rules_engine import DEPENDS, Verdict

MESSAGES = {
    "out_of_scope": {
        "zh-TW": "這個問題不在我能回答的範圍內。我只回答這幾款遊戲的規則：{games}。",
        "en": "That question is outside what I can answer. I only cover the rules of: {games}.",
    },
    "passages": {"zh-TW": "規則書中最相關的段落：", "en": "The most relevant rulebook passages:"},
    "verdict": {"zh-TW": "結論（{title}）：{value}", "en": "Verdict ({title}): {value}"},
    "yes": {"zh-TW": "是", "en": "yes"},
    "no": {"zh-TW": "否", "en": "no"},
    "depends": {"zh-TW": "視情況而定", "en": "it depends"},
    "case": {"zh-TW": "・{when}：{value}", "en": "- {when}: {value}"},
    "why": {"zh-TW": "為什麼：", "en": "Why:"},
    "assumptions": {"zh-TW": "假設：", "en": "Assumptions:"},
    "ambiguous": {"zh-TW": "注意：規則書此處不明確：{note}", "en": "Note: the rulebook is unclear here: {note}"},
    "readings": {"zh-TW": "可能的解讀：{readings}", "en": "Possible readings: {readings}"},
    "quote": {"zh-TW": "依據［{id}］：「{text}」", "en": "Source [{id}]: “{text}”"},
    "ruling": {"zh-TW": "裁定［{id}］（{kind}，{author}，{date}）：「{text}」",
               "en": "Ruling [{id}] ({kind}, {author}, {date}): “{text}”"},
    "needs": {"zh-TW": "要算出答案，我還需要知道：", "en": "To compute the answer I need to know:"},
    "unread": {"zh-TW": "我讀不出你提到的 {numbers} 指的是什麼，所以不給計算結果，以免答錯；請換個說法，或看看下面的段落。",
               "en": "I could not tell what {numbers} refers to, so I give no computed answer rather than a wrong "
                     "one; try rephrasing, or see the passages below."},
    "no_verdict": {"zh-TW": "沒有可以直接計算的答案；以下是規則書中最相關的段落：",
                   "en": "No computed answer applies; the most relevant rulebook passages:"},
    "ruling_answer": {"zh-TW": "已採納的裁定：{text}", "en": "Accepted ruling: {text}"},
    "nothing": {"zh-TW": "找不到相關的規則段落。", "en": "No relevant rulebook passage was found."},
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


def case_lines(verdict: Verdict, lang: str) -> list[str]:
    """One line per case of a "depends" verdict: the condition and the value under it."""
    return [msg("case", lang, when=c.when, value=value_words(c.value, lang, c.value_text)) for c in verdict.cases]


def step_lines(verdict: Verdict, limit: int | None = None) -> list[str]:
    """The reasoning steps, marked as holding (✓), failing (✗) or neither (·)."""
    steps = [s for s in verdict.trace if s.step][:limit]
    return [f"{'✓' if s.holds else '✗' if s.holds is False else '·'} {s.step}" for s in steps]


def verdict_text(verdict: Verdict, title: str, lang: str) -> list[str]:
    """Everything a person reads of a verdict already localised to `lang`: the answer line, the
    value, the cases, the steps and the assumptions."""
    lines = [answer_line(verdict, title, lang),
             msg("verdict", lang, title=title, value=value_words(verdict.value, lang, verdict.value_text))]
    lines += case_lines(verdict, lang)
    lines += [c.explanation for c in verdict.cases if c.explanation]
    steps = step_lines(verdict)
    if steps:
        lines += [msg("why", lang), *steps]
    if verdict.assumptions:
        lines += [msg("assumptions", lang), *verdict.assumptions]
    return lines
