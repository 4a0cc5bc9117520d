"""The Verdict every engine rule returns, and its parts (see docs/design.md)."""
from __future__ import annotations

from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field

# A verdict value: bool for yes/no rules, a number for counts, a string or list otherwise,
# or the string "depends" when the answer differs by case.
DEPENDS = "depends"


class TraceStep(BaseModel):
    """One step of the reasoning behind a verdict, citing the passages it applies.

    User-facing text is written twice: `step` in Traditional Chinese (the rulebooks' language;
    Simplified is derived with OpenCC) and `step_en` in English."""

    model_config = ConfigDict(frozen=True)

    step: str
    holds: bool | None = None
    cites: list[str] = Field(default_factory=list)
    step_en: str = ""


class Case(BaseModel):
    """One case of a "depends" verdict: the condition and the value under it."""

    model_config = ConfigDict(frozen=True)

    when: str
    value: Any
    explanation: str = ""
    cites: list[str] = Field(default_factory=list)
    when_en: str = ""
    explanation_en: str = ""
    # How `value` reads to a person when it is not a plain yes/no or number (zh-TW, English).
    value_text: str = ""
    value_text_en: str = ""
    # Machine-readable form of `when`: the input values under which this case holds ({field: value}).
    condition: dict[str, Any] = Field(default_factory=dict)


class Verdict(BaseModel):
    """A rule's answer: value, cases, explanation, trace, assumptions, details and citations."""

    model_config = ConfigDict(frozen=True)

    rule: str
    value: Any
    cases: list[Case] = Field(default_factory=list)
    explanation: str = ""
    trace: list[TraceStep] = Field(default_factory=list)
    assumptions: list[str] = Field(default_factory=list)
    details: dict[str, Any] = Field(default_factory=dict)
    cites: list[str] = Field(default_factory=list)
    explanation_en: str = ""
    assumptions_en: list[str] = Field(default_factory=list)
    # How `value` reads to a person (zh-TW, English): required when the value is a string, list or
    # mapping, so that no engine value ("keep", "adventurer 2") reaches a player as it is stored.
    value_text: str = ""
    value_text_en: str = ""

    def localized(self, lang: str, convert: Callable[[str], str] = lambda text: text) -> "Verdict":
        """The verdict with its text fields in one language: English for `en`, else Chinese via `convert`
        (the caller passes a Traditional→Simplified converter for zh-CN)."""
        if lang == "en":
            return self.model_copy(update={
                "explanation": self.explanation_en or self.explanation,
                "value_text": self.value_text_en or self.value_text,
                "assumptions": [en or zh for zh, en in
                                zip(self.assumptions, self.assumptions_en or [""] * len(self.assumptions))],
                "trace": [s.model_copy(update={"step": s.step_en or s.step}) for s in self.trace],
                "cases": [c.model_copy(update={"when": c.when_en or c.when,
                                               "explanation": c.explanation_en or c.explanation,
                                               "value_text": c.value_text_en or c.value_text})
                          for c in self.cases],
            })
        return self.model_copy(update={
            "explanation": convert(self.explanation),
            "value_text": convert(self.value_text),
            "assumptions": [convert(a) for a in self.assumptions],
            "trace": [s.model_copy(update={"step": convert(s.step)}) for s in self.trace],
            "cases": [c.model_copy(update={"when": convert(c.when), "explanation": convert(c.explanation),
                                           "value_text": convert(c.value_text)})
                      for c in self.cases],
        })

    def all_cites(self) -> list[str]:
        """Every passage id this verdict rests on, in first-mention order."""
        seen: dict[str, None] = {}
        for pid in self.cites:
            seen.setdefault(pid)
        for step in self.trace:
            for pid in step.cites:
                seen.setdefault(pid)
        for case in self.cases:
            for pid in case.cites:
                seen.setdefault(pid)
        return list(seen)


class Trace:
    """Builder that collects trace steps and assumptions while a rule evaluates.

    Every user-facing text is given in Traditional Chinese and, with `en=`, in English."""

    def __init__(self) -> None:
        self.steps: list[TraceStep] = []
        self.assumptions: list[str] = []
        self.assumptions_en: list[str] = []

    def add(self, step: str, holds: bool | None = None, *cites: str, en: str = "") -> bool | None:
        """Record a step; returns `holds` so a check can be traced inline."""
        self.steps.append(TraceStep(step=step, holds=holds, cites=list(cites), step_en=en))
        return holds

    def assume(self, text: str, en: str = "") -> None:
        """Record an assumption once."""
        if text not in self.assumptions:
            self.assumptions.append(text)
            self.assumptions_en.append(en)

    def verdict(self, rule: str, value: Any, explanation: str, *, cases: list[Case] | None = None,
                details: dict[str, Any] | None = None, cites: list[str] | None = None,
                explanation_en: str = "", value_text: str = "", value_text_en: str = "") -> Verdict:
        """Close the trace into a Verdict; cites default to every passage the steps cited."""
        if cites is None:
            cites = list(dict.fromkeys(pid for s in self.steps for pid in s.cites))
        return Verdict(rule=rule, value=value, cases=cases or [], explanation=explanation,
                       trace=list(self.steps), assumptions=list(self.assumptions),
                       details=details or {}, cites=cites, explanation_en=explanation_en,
                       assumptions_en=list(self.assumptions_en), value_text=value_text,
                       value_text_en=value_text_en)
