"""BM25 tokens (jieba search-mode words with a glossary dictionary, CJK bigrams, English words)
and glossary-driven query expansion."""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import lru_cache

import jieba

from .corpus import Glossary, GlossaryTerm
from .jieba_dict import lazy_tokenizer
from .text import cjk_bigrams, dedupe, english_words, fold, has_cjk, to_traditional

jieba.setLogLevel(logging.WARNING)

# Bump when token output changes: the index manifest records it, so old indexes are rebuilt.
TOKENIZER_VERSION = 2
_CN_NUMERALS = {"一": "1", "二": "2", "两": "2", "三": "3", "四": "4", "五": "5", "六": "6", "七": "7",
                "八": "8", "九": "9", "十": "10", "十二": "12"}
_COUNT_RE = re.compile(r"(\d+|十二|[一二两三四五六七八九十])\s*(?:个|位|名)?\s*(人|张|点|分)")


def count_tokens(folded: str) -> list[str]:
    """'4人', '四个人', '5张' → '4人', '4人', '5张': counts that the rules hinge on."""
    return [f"{_CN_NUMERALS.get(n, n)}{unit}" for n, unit in _COUNT_RE.findall(folded)]


_WORD_RE = re.compile(r"[a-z0-9]+")


@lru_cache(maxsize=None)
def _word_pattern(form: str) -> re.Pattern[str]:
    """An English glossary form as a whole word, compiled at its first use (hundreds of forms, few used)."""
    return re.compile(r"(?<![a-z0-9])" + re.escape(form) + r"(?![a-z0-9])")


@dataclass(frozen=True)
class TermMatch:
    """A glossary term found in a text, and the surface form that matched."""

    term: GlossaryTerm
    form: str


class Tokenizer:
    """Turns folded text into BM25 tokens; knows the glossary for segmentation and expansion."""

    def __init__(self, glossary: Glossary | None = None) -> None:
        self._jieba = lazy_tokenizer()
        self._cjk_forms: list[tuple[str, GlossaryTerm]] = []
        self._en_forms: list[tuple[str, GlossaryTerm]] = []
        self.glossary = glossary
        if glossary is not None:
            for term in glossary.terms:
                for form in term.surface_forms():
                    folded = fold(form)
                    if has_cjk(folded):
                        # A high frequency makes jieba keep glossary terms whole.
                        self._jieba.add_word(folded, freq=50_000)
                        self._cjk_forms.append((folded, term))
                    else:
                        self._en_forms.append((folded, term))
        # Longest forms first so 高塔列 is reported before 高塔.
        self._cjk_forms.sort(key=lambda x: -len(x[0]))
        # A text can only contain the forms that start with one of its characters: the scan looks at those.
        self._cjk_by_char: dict[str, list[int]] = {}
        for i, (form, _) in enumerate(self._cjk_forms):
            self._cjk_by_char.setdefault(form[0], []).append(i)
        # An English form matches as whole words, so its first word is one of the text's words ("" for a
        # form that does not start with a letter or digit: always looked at).
        self._en_by_word: dict[str, list[int]] = {}
        for i, (form, _) in enumerate(self._en_forms):
            first = _WORD_RE.match(form)
            self._en_by_word.setdefault(first.group() if first else "", []).append(i)
        # The games' own names (the glossary term named after its game), longest first so that
        # "Hilltown in the Mist" goes whole before "Hilltown"; both scripts of every form.
        names = {variant for term in (glossary.terms if glossary is not None else []) if term.id == term.game
                 for form in term.surface_forms() for variant in (form, to_traditional(form), fold(form))}
        self._game_names = [re.compile(r"(?<![a-z0-9])" + re.escape(n) + r"(?![a-z0-9])" if n.isascii()
                                       else re.escape(n), re.IGNORECASE)
                            for n in sorted(names, key=lambda n: (-len(n), n))]
        # Every stage of a request asks about the same text: scan it once.
        self._match_cached = lru_cache(maxsize=4096)(self._match_terms_uncached)

    def tokens(self, text: str) -> list[str]:
        """BM25 tokens of a text: long jieba words, CJK bigrams and English words."""
        folded = fold(text)
        out: list[str] = []
        if has_cjk(folded):
            for word in self._jieba.cut_for_search(folded):
                word = word.strip()
                if len(word) >= 3 and has_cjk(word):
                    out.append(word)
            out.extend(cjk_bigrams(folded))
            out.extend(count_tokens(folded))
        out.extend(english_words(folded))
        return out

    def without_game_names(self, text: str) -> str:
        """The text without the games' names, for a search within one game: there the name only matches
        the passages that name the game (title, overview), not the rule asked about."""
        out = text
        for pattern in self._game_names:
            out = pattern.sub(" ", out)
        out = re.sub(r"\s+", " ", out).strip()
        return out or text

    def defined_terms(self, text: str, game: str | None = None) -> list[str]:
        """Glossary terms of `game` a passage defines: one of its first lines opens with term and colon."""
        out: list[str] = []
        lines = [ln.lstrip(" \u3000\t0-9.()（）") for ln in fold(text).split("\n") if ln.strip()][:3]
        for line in lines:
            for form, term in self._cjk_forms:
                if game is not None and term.game not in (game, "all"):
                    continue
                if line.startswith(form) and line[len(form):len(form) + 1] in (":", "：") \
                        and term.id not in out:
                    out.append(term.id)
        return out

    def document_tokens(self, text: str, game: str | None = None) -> list[str]:
        """Passage tokens plus a marker token for each term the passage defines."""
        return self.tokens(text) + [f"def:{t}" for t in self.defined_terms(text, game)]

    def english_names(self, text: str, game: str | None = None) -> list[str]:
        """English names of the glossary terms (of `game`) a text mentions."""
        return dedupe([name for match in self.match_terms(text) if game is None or match.term.game in (game, "all")
                       for name in match.term.en])

    def match_terms(self, text: str) -> list[TermMatch]:
        """Glossary terms mentioned in a text (any script, synonym or English name)."""
        return list(self._match_cached(text))

    def _match_terms_uncached(self, text: str) -> tuple[TermMatch, ...]:
        return tuple(self._find_terms(text))

    def _find_terms(self, text: str) -> list[TermMatch]:
        folded = fold(text)
        found: dict[tuple[str, str], TermMatch] = {}
        words: set[str] | None = None
        candidates = sorted({i for ch in set(folded) for i in self._cjk_by_char.get(ch, ())})
        for form, term in (self._cjk_forms[i] for i in candidates):
            if form not in folded or (term.game, term.id) in found:
                continue
            if len(form) == 1:
                # A one-character term (門, 塔) counts only as a word of its own, not inside 開門. Words are
                # taken from the dictionary alone: jieba's guessing joins a lone 塔 to the next character ("塔要").
                if words is None:
                    words = set(self._jieba.lcut(folded, HMM=False))
                if form not in words:
                    continue
            found[(term.game, term.id)] = TermMatch(term, form)
        words_in = {"", *_WORD_RE.findall(folded)}
        en_candidates = sorted({i for w in words_in for i in self._en_by_word.get(w, ())})
        # Longer names first: a name met only inside a longer name of another game is part of that name ("gold" of
        # "gold alleys" is no Dungeon Lords gold); within one game, or for a word every game shares, both stand
        # ("tower" of "tower row", "expansion" of "Towers expansion").
        covered: list[tuple[int, int, str]] = []
        named: set[int] = set()
        for i in sorted(en_candidates, key=lambda i: -len(self._en_forms[i][0])):
            form, term = self._en_forms[i]
            # The substring test first: the word-boundary regex can only match where the form occurs.
            if form not in folded:
                continue
            spans = [m.span() for m in _word_pattern(form).finditer(folded)]
            if any(not any(s <= a and b <= e and _other_games(game, term.game) for s, e, game in covered)
                   for a, b in spans):
                named.add(i)
            covered += [(a, b, term.game) for a, b in spans]
        for i in en_candidates:
            form, term = self._en_forms[i]
            if i in named and (term.game, term.id) not in found:
                found[(term.game, term.id)] = TermMatch(term, form)
        return list(found.values())

    def query_tokens(self, text: str) -> list[str]:
        """Tokens of a query plus the canonical forms of every glossary term it mentions."""
        tokens = self.tokens(text)
        for match in self.match_terms(text):
            term = match.term
            for canonical in (term.zh_tw, *term.en):
                tokens.extend(self.tokens(canonical))
            tokens.append(f"def:{term.id}")
        return dedupe(tokens)

    def expansion_text(self, text: str) -> str:
        """Canonical names of mentioned glossary terms, appended to a query for the dense model."""
        extra: list[str] = []
        for match in self.match_terms(text):
            for canonical in (match.term.zh_tw, match.term.en[0]):
                if fold(canonical) not in fold(text):
                    extra.append(canonical)
        return " ".join(dedupe(extra))


def _other_games(a: str, b: str) -> bool:
    """Whether two glossary games are two different games (a term of every game, "all", is of none apart)."""
    return a != b and "all" not in (a, b)
