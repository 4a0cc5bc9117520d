"""Which game a question is about, and whether it is in scope at all."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from indexer.text import fold
from indexer.tokenize import Tokenizer
from rules_engine import GAMES, load_games

from .phrases import PhrasePattern, joined

OTHER_GAMES_FILE = Path(__file__).resolve().parent / "data" / "other_games.yaml"
NOT_RULES_FILE = Path(__file__).resolve().parent / "data" / "not_rules.yaml"
# libyaml's loader where it is built in: the pure-Python one took a tenth of a one-shot answer.
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class GameSignal:
    """Evidence for one game in a question: named outright and/or glossary terms used."""

    game: str
    named: bool
    terms: tuple[str, ...]

    @property
    def strength(self) -> float:
        """Naming the game outweighs any number of shared terms."""
        return (10.0 if self.named else 0.0) + len(self.terms)


# What may stand between the pieces of a listed phrase written with "..." ("where can i...buy"): a few words of the
# same sentence.
_PHRASE_GAP = r"[^。？?！!.;；]{0,24}?"


def _phrase_pattern(phrase: str) -> PhrasePattern:
    folded = fold(phrase)
    if "..." in folded:
        return joined([_phrase_pattern(piece.strip()) for piece in folded.split("...") if piece.strip()], _PHRASE_GAP)
    if re.fullmatch(r"[a-z0-9 '\-]+", folded):
        return PhrasePattern(r"(?<![a-z0-9])" + re.escape(folded) + r"(?![a-z0-9])", (frozenset({folded}),))
    return PhrasePattern(re.escape(folded), (frozenset({folded}),))


@lru_cache(maxsize=2)
def _listed_patterns(key: str) -> tuple[tuple[str, PhrasePattern], ...]:
    """The names one list of the other-games file holds ("names", "uncovered"), each with its pattern."""
    names = yaml.load(OTHER_GAMES_FILE.read_text(encoding="utf-8"), Loader=_YAML_LOADER)[key]
    return tuple((n, _phrase_pattern(n)) for n in names)


def uncovered_parts_asked(question: str) -> list[str]:
    """Parts of our games that no text covers (Onirim's other expansions) named in what a question asks."""
    asked = asking_part(fold(question))
    return [name for name, pattern in _listed_patterns("uncovered") if pattern.search(asked)]


@lru_cache(maxsize=1)
def _own_game_patterns() -> tuple[tuple[str, PhrasePattern], ...]:
    load_games()
    out = []
    for game in GAMES.values():
        # Longest name first, so that stripping "Hilltown in the Mist" is not pre-empted by a shorter
        # alias inside it; a set's order would vary with the interpreter's hash seed.
        for name in sorted({game.id, *game.aliases, *game.names.values()}, key=lambda n: (-len(n), n)):
            out.append((game.id, _phrase_pattern(name)))
    return tuple(out)


@lru_cache(maxsize=1)
def _not_rules_patterns() -> tuple[tuple[str, PhrasePattern], ...]:
    phrases = yaml.load(NOT_RULES_FILE.read_text(encoding="utf-8"), Loader=_YAML_LOADER)["phrases"]
    return tuple((p, _phrase_pattern(p)) for p in phrases)


# A sentence that asks: a question mark, a Chinese particle of asking, or an English word of asking opening it.
# ("…focaccia, which was the highlight of the night." tells: a word of asking inside a sentence asks nothing.)
_ASKING_SENTENCE = re.compile(r"[?？]|吗|么|呢|请问|求|^\s*(?:(?:so|and|but|ok|okay|well|then|also)\b[,\s]*)?"
                              r"(?:how|what|which|who|when|where|why|can|could|do|does|is|are|should|any)\b")


def not_a_rules_question(question: str) -> str | None:
    """The phrase that makes a question buying advice, a price or an opinion rather than a rules
    question, if one does (out of scope whichever game it names). Where the question asks in some sentences and
    tells in others, only what it asks counts ("二手買的 Onirim…按規則每種顏色應該有幾張高塔卡？" asks a rule)."""
    asked = asking_part(fold(question))
    return next((p for p, pattern in _not_rules_patterns() if pattern.search(asked)), None)


# A sentence that asks only for an opinion of what was said before it ("What do you reckon?", "你覺得呢？").
_BARE_OPINION = re.compile(r"\s*(?:so,?\s+|and\s+|那\s*)?(?:what do you (?:reckon|think|say)|what(?:'s| is) your (?:take|opinion|view)|"
                           r"(?:any )?thoughts|your thoughts|(?:any |got any )?ideas?|do you know|你(?:觉得|认为|说|看)(?:呢|如何|怎样|怎么样)?|怎么看|你怎么看|大家觉得呢)"
                           r"\s*[?？!！。.]*\s*")


def sentences_of(folded: str) -> list[str]:
    """The sentences of a folded text, each with its closing mark."""
    return [s for s in re.split(r"(?<=[。！？!?；;])|(?<=\.)\s", folded) if s.strip()]


def asking_part(folded: str) -> str:
    """The sentences of a folded question that ask (the whole text when all or none of them do); a sentence
    asking only for an opinion asks it of the sentence before it."""
    sentences = sentences_of(folded)
    asking = [i for i, s in enumerate(sentences) if _ASKING_SENTENCE.search(s)]
    asking = sorted({j for i in asking for j in ((i - 1, i) if i and _BARE_OPINION.fullmatch(sentences[i]) else (i,))})
    return " ".join(sentences[i] for i in asking) if asking and len(asking) < len(sentences) else folded


def other_games_named(question: str) -> list[str]:
    """Names of games we do not cover that the question mentions."""
    # "Magic: The Gathering", "Dungeons & Dragons 5e": punctuation inside a title is not part of its name.
    folded = re.sub(r"\s+", " ", re.sub(r"[:：·•_]", " ", fold(question)))
    return [name for name, pattern in _listed_patterns("names") if pattern.search(folded)]


# Weighing one game against another ("迷霧山城跟阿瓦隆哪個比較…", "Onirim or The Mind, which …"): an opinion.
_WEIGHS_GAMES = re.compile(r"哪(?:个|一个|款|套|一款|一套)|比较|还是|\bwhich\b|\bvs\.?(?!\w)|\bversus\b|\bbetter\b|"
                           r"\bover\b|\binstead of\b|\bor\b")


def weighs_other_game(question: str) -> bool:
    """Whether what a question asks names one of our games and another, and weighs them against each other."""
    asked = asking_part(fold(question))
    return bool(other_games_named(asked)) and any(p.search(asked) for _, p in _own_game_patterns()) \
        and bool(_WEIGHS_GAMES.search(asked))


def other_games_asked(question: str, tokenizer: Tokenizer | None = None) -> list[str]:
    """Games we do not cover that what a question asks names, when it names none of ours there: a story of an
    evening with one of ours, then a question about another ("玩完Onirim之后换了一局璀璨宝石。…璀璨宝石…该怎么弃？")."""
    folded = fold(question)
    asked = asking_part(folded)
    if any(pattern.search(asked) for _, pattern in _own_game_patterns()):
        return []
    named = other_games_named(asked)
    if named or asked == folded or tokenizer is None or game_signals(asked, tokenizer):
        return named
    # "After Onirim last night we switched to Carcassonne … Do fields score …?": what is asked, naming no game and
    # none of our games' things, is of the game the story named last.
    told = folded[:folded.find(asked[:20])] if asked[:20] in folded else folded
    last_own = max((m.end() for _, p in _own_game_patterns() for m in p.finditer(told)), default=-1)
    return [name for name, pattern in _listed_patterns("names")
            if any(m.start() > last_own for m in pattern.finditer(told))]


def game_signals(question: str, tokenizer: Tokenizer) -> list[GameSignal]:
    """Per-game evidence in the question, strongest first."""
    from .extract import respelled  # the game's words, mended of a slip of the keyboard ("premonitons")

    folded = respelled(fold(question))
    named = {game for game, pattern in _own_game_patterns() if pattern.search(folded)}
    terms: dict[str, list[str]] = {}
    for match in tokenizer.match_terms(folded):
        if match.term.game in GAMES:
            terms.setdefault(match.term.game, []).append(match.term.id)
    signals = [GameSignal(g, g in named, tuple(terms.get(g, ()))) for g in GAMES
               if g in named or g in terms]
    return sorted(signals, key=lambda s: -s.strength)


def strip_game_names(question: str) -> str:
    """The question without our games' names (the game filter already does their work)."""
    out = question
    for _, pattern in _own_game_patterns():
        if pattern.pattern.isascii():
            out = re.sub(pattern.pattern, " ", out, flags=re.IGNORECASE)
        else:
            folded_out = fold(out)
            m = pattern.search(folded_out)
            # fold() keeps length for CJK text, so the folded span maps back onto the original.
            if m and len(folded_out) == len(out):
                out = out[:m.start()] + " " + out[m.end():]
    out = re.sub(r"\s+", " ", out).strip()
    return out or question


@lru_cache(maxsize=None)
def _coverage_patterns(game_id: str, which: str, plural: bool = False) -> tuple[tuple[str, PhrasePattern], ...]:
    """The patterns of a game's coverage phrases ("inside" or "outside"); English ones also in the plural."""
    load_games()
    phrases = getattr(GAMES[game_id], which)
    if plural:
        phrases = (*phrases, *(f"{p}s" for p in phrases if p.isascii() and not p.endswith("s")))
    return tuple((phrase, _phrase_pattern(phrase)) for phrase in phrases)


_NOT_BEFORE = re.compile(r"(?:\bnot|\bno|\bwithout|\bisn't|不是|不含|不加|没有|非|不用|不管|不玩|不靠|不算|没加|没用|没玩|不带|没带)\s*(?:the\s+|any\s+|a\s+|这个|那个)?"
                         # ("沒有加任何魔法物品的變體": what is set aside may be said with 任何 and 的.)
                         r"(?:[a-z\-]+\s+){0,2}(?:[\u4e00-\u9fff]{0,2}任何)?[\u4e00-\u9fff]{0,4}(?:的)?$")


def outside_topic(question: str, game_id: str) -> str | None:
    """The phrase by which a question asks about a part of the game the texts leave out (the base
    game), if it does and names nothing the texts are about."""
    folded = fold(question)
    outside = [m.span() for _, pattern in _coverage_patterns(game_id, "outside") for m in pattern.finditer(folded)]
    # "(not the item variant)", "不含物品變體": what the texts are about, named only to be set aside, names nothing.
    # "符文（Glyphs）擴充", "the Glyphs expansion": an expansion named by one the texts leave out is that one.
    if any(not _NOT_BEFORE.search(folded[max(0, m.start() - 24):m.start()])
           and not any(0 <= m.start() - end <= 3 for _, end in outside)
           for _, pattern in _coverage_patterns(game_id, "inside", plural=True) for m in pattern.finditer(folded)):
        return None
    return next((phrase for phrase, pattern in _coverage_patterns(game_id, "outside") if pattern.search(folded)),
                None)
