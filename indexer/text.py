"""Script and width folding, language detection and tokenising for BM25 and query expansion."""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Iterable

import opencc

_T2S = opencc.OpenCC("t2s")
_S2T = opencc.OpenCC("s2tw")

CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_RUN_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_WORD_RE = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]")

# English function words: they carry no rule meaning and, left in, match the English section
# titles of every Onirim passage ("The Book of Steps Lost and Found") instead of the rule asked about.
EN_STOPWORDS = frozenset("""
a an the and or but if then than so of to in on at by for with from into onto about as is are was
were be been being do does did doing have has had having i me my we our you your he she it its they
them their this that these those what which who whom whose when where why how can could may might
must shall should will would there here not no yes any some all each every other both either
neither only just also very too more most much many few lot lots get gets got let lets one ones
rule rules game games card cards happen happens happened still again ok okay please tell explain
""".split())


def strip_controls(text: str) -> str:
    """Remove control and invisible formatting characters (keeps newlines and tabs as spaces)."""
    return _CONTROL_RE.sub("", text.replace("\t", " ").replace("\r", "\n"))


@lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Fold width (NFKC), script (Traditional -> Simplified) and case, for matching only."""
    text = unicodedata.normalize("NFKC", text)
    return _T2S.convert(text).lower()


def has_cjk(text: str) -> bool:
    """True when the text contains a CJK ideograph."""
    return bool(CJK_RE.search(text))


def detect_lang(text: str) -> str:
    """zh-TW, zh-CN or en: the script of the question, so the answer can match it."""
    if not has_cjk(text):
        return "en"
    han = "".join(CJK_RE.findall(text))
    # An English question naming a few things in Chinese ("which 徵兆 go off?") is answered in English.
    english_words = len(re.findall(r"[A-Za-z]{2,}", text))
    if english_words >= 4 and len(han) < english_words:
        return "en"
    traditional_only = sum(1 for a, b in zip(han, _T2S.convert(han)) if a != b)
    simplified_only = sum(1 for a, b in zip(han, _S2T.convert(han)) if a != b)
    return "zh-CN" if simplified_only > traditional_only else "zh-TW"


def to_traditional(text: str) -> str:
    """Simplified (or mixed) Chinese in the corpus's Traditional script; other text unchanged."""
    return _S2T.convert(text) if has_cjk(text) else text


def to_script(text: str, lang: str) -> str:
    """Render Traditional-Chinese text in the requested language's script (zh-CN -> Simplified)."""
    if lang == "zh-CN":
        return _T2S.convert(text)
    return text


def cjk_bigrams(folded: str) -> list[str]:
    """Overlapping character bigrams of every CJK run (single characters for one-character runs)."""
    grams: list[str] = []
    for run in _CJK_RUN_RE.findall(folded):
        if len(run) == 1:
            grams.append(run)
        else:
            grams.extend(run[i:i + 2] for i in range(len(run) - 1))
    return grams


def english_words(folded: str) -> list[str]:
    """Latin-script words with stop words removed and a light plural strip."""
    out = []
    for w in _WORD_RE.findall(folded):
        if w in EN_STOPWORDS or len(w) < 2 and not w.isdigit():
            continue
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.append(w)
    return out


def dedupe(tokens: Iterable[str]) -> list[str]:
    """Tokens in first-seen order without repeats."""
    return list(dict.fromkeys(tokens))
