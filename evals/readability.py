"""What a player should never read in an answer: identifiers in Chinese text, Chinese outside quotes in
English text. Used by the rendering test (every rule, case and fact) and by `make eval` (every answer)."""
from __future__ import annotations

import re

SNAKE = re.compile(r"[A-Za-z0-9]+_[A-Za-z0-9_]+")
DOTTED = re.compile(r"\b[a-z][a-z-]*\.[a-z_]{2,}")
# A run of English words inside Chinese text: the rulebooks keep English card and expansion names
# ("Paradoxical Prophecy", "Limbo牌堆", "Door cards"), which start with a capital; an engine value
# ("keep", "red-4", "no item in winter") starts lowercase.
ASCII_RUN = re.compile(r"[A-Za-z][A-Za-z0-9-]*(?: [A-Za-z0-9][A-Za-z0-9-]*)*")
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# Quoted text is the rulebook's own words (or a Chinese term given for reference), not ours.
QUOTED = re.compile(r"“[^”]*”|「[^」]*」|\"[^\"\n]*\"|‘[^’]*’")


def internal_in_chinese(text: str) -> list[str]:
    """The identifiers and English engine values found in a piece of Chinese answer text."""
    text = QUOTED.sub("", text)
    found = SNAKE.findall(text) + DOTTED.findall(text) + [c for c in "{}'" if c in text]
    found += [m.group() for m in ASCII_RUN.finditer(text) if m.group()[0].islower()]
    return found


def internal_in_english(text: str) -> list[str]:
    """Identifiers, Python reprs and unquoted Chinese found in a piece of English answer text."""
    text = QUOTED.sub("", text)
    found = SNAKE.findall(text) + DOTTED.findall(text) + [c for c in "{}" if c in text]
    found += re.findall(r"\['|'\]", text)
    found += CJK.findall(text)
    return found


def problems(text: str, lang: str) -> list[str]:
    """What in an answer's text a player should not read, for the answer's language."""
    return internal_in_english(text) if lang == "en" else internal_in_chinese(text)
