"""A phrase's pattern that compiles only when a text could match it."""
from __future__ import annotations

import re
from typing import Any


class PhrasePattern:
    """A phrase's pattern, compiled the first time a text could match it: a text that lacks one of the phrase's
    literal pieces is answered without compiling (a one-shot `arbiter ask` reads one question against thousands
    of declared phrases, and compiling them all cost more than answering it)."""

    __slots__ = ("pattern", "needs", "_compiled")

    def __init__(self, pattern: str, needs: tuple[frozenset[str], ...]) -> None:
        self.pattern = pattern
        # Ways a match can happen, each a set of literal pieces a matching text holds all of.
        self.needs = needs
        self._compiled: re.Pattern[str] | None = None

    def _possible(self, text: str) -> bool:
        return any(all(piece in text for piece in pieces) for pieces in self.needs)

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern)
        return self._compiled

    def search(self, text: str, *args: int) -> re.Match[str] | None:
        return self.compiled.search(text, *args) if self._possible(text) else None

    def match(self, text: str, *args: int) -> re.Match[str] | None:
        return self.compiled.match(text, *args) if self._possible(text) else None

    def fullmatch(self, text: str, *args: int) -> re.Match[str] | None:
        return self.compiled.fullmatch(text, *args) if self._possible(text) else None

    def finditer(self, text: str, *args: int) -> Any:
        return self.compiled.finditer(text, *args) if self._possible(text) else iter(())

    def findall(self, text: str, *args: int) -> list[Any]:
        return self.compiled.findall(text, *args) if self._possible(text) else []

    def sub(self, repl: Any, text: str, count: int = 0) -> str:
        return self.compiled.sub(repl, text, count) if self._possible(text) else text


def joined(parts: list[PhrasePattern], gap: str) -> PhrasePattern:
    """The parts of a phrase written with "...", in order with `gap` between them (a match holds the literal
    pieces of one way to match each part)."""
    needs: list[frozenset[str]] = [frozenset()]
    for part in parts:
        needs = [have | more for have in needs for more in part.needs]
    return PhrasePattern(gap.join(part.pattern for part in parts), tuple(needs))
