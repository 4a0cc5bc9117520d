"""Facts: statements of the rule texts that have one answer, answered with a Verdict and its passage.

A fact is declarative data (corpus/facts/<game>.yaml, loaded and checked by answering.facts): the
passage it comes from, a verbatim quote stating it, the answer's value and a full-sentence answer
in Traditional Chinese and English, plus the questions players ask that it answers. Facts are
registered like the engine rules; this module does no I/O.
"""
from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .registry import LANGS, UnknownId
from .verdict import TraceStep, Verdict

AnswerType = Literal["yes_no", "how_many", "which", "what_happens"]

_FACT_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+(_[a-z0-9]+)*$")
# Languages a fact's titles and answer must have (zh-CN is derived with OpenCC).
TEXT_LANGS = ("zh-TW", "en")
MIN_EXAMPLES = 3


def _phrase_lists(v: dict[str, tuple[str, ...]], required: tuple[str, ...], least: int, what: str
                  ) -> dict[str, tuple[str, ...]]:
    """Check lists of phrases per language: known languages, at least `least` in each required one."""
    unknown = sorted(set(v) - set(LANGS))
    if unknown:
        raise ValueError(f"unknown language(s) {unknown}; expected some of {list(LANGS)}")
    short = [lang for lang in required if len([q for q in v.get(lang, ()) if q.strip()]) < least]
    if short:
        raise ValueError(f"needs at least {least} {what} in {short}")
    return v


def _texts(v: dict[str, str], what: str, required: tuple[str, ...]) -> dict[str, str]:
    unknown = sorted(set(v) - set(LANGS))
    if unknown:
        raise ValueError(f"{what}: unknown language(s) {unknown}; expected some of {list(LANGS)}")
    missing = [lang for lang in required if not (v.get(lang) or "").strip()]
    if missing:
        raise ValueError(f"{what}: missing or empty {missing}")
    return v


class Opposite(BaseModel):
    """How players ask a yes/no fact the other way round ("is my character card secret?" of "character cards
    are public"), and the answer that then leads with the other word."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    phrases: dict[str, tuple[str, ...]] = Field(description="words that ask the opposite, per language (zh-TW, en)")
    answer: dict[str, str]

    @field_validator("phrases")
    @classmethod
    def _phrases(cls, v: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        return _phrase_lists(v, TEXT_LANGS, 1, "phrase(s)")

    @field_validator("answer")
    @classmethod
    def _answer(cls, v: dict[str, str]) -> dict[str, str]:
        return _texts(v, "opposite.answer", TEXT_LANGS)


class Fact(BaseModel):
    """One statement of a rule text with a single answer: value, sentence answer, passage and quote."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="'<game>.<snake_name>'")
    game: Literal["onirim", "mist-mountain", "dungeon-lords"]
    passage: str = Field(min_length=3, description="id of the passage that states the fact")
    quote: str = Field(min_length=2, description="verbatim substring of the passage text stating the fact")
    answer_type: AnswerType
    value: bool | int | float | str
    unit: dict[str, str] | None = None
    titles: dict[str, str]
    answer: dict[str, str]
    examples: dict[str, tuple[str, ...]]
    opposite: Opposite | None = Field(None, description="yes/no facts: the question asked the other way round")
    topic: tuple[str, ...] = Field((), description="words naming what the fact is about (a variant): a question "
                                   "that does not name it, or names it only negated ('不用變體'), is not about "
                                   "this fact")
    uncounted: tuple[str, ...] = Field(
        (), description="units of numbers a question may state that the answer does not depend on ('用了三次': "
                        "the uses of an item are not counted)")
    other_counts: tuple[str, ...] = Field(
        (), description="how_many facts: words naming another number of the same subject ('棄牌' is a spell's cost, "
                        "not the cards it looks at): a question asking how many of those is not asking this fact")
    limit: Literal["at_most"] | None = Field(
        None, description="how_many facts: the value is a bound ('只能擁有一件' is at most 1), so a question asking "
                          "whether another number is allowed is answered yes or no")
    case_of: str | None = Field(
        None, description="the rule whose verdict states this fact as one of its cases ('no item in winter' is "
                          "dungeon-lords.item_slot in winter): the two give one answer")

    @field_validator("id")
    @classmethod
    def _id_shape(cls, v: str) -> str:
        if not _FACT_ID.match(v):
            raise ValueError(f"expected '<game>.<snake_name>' like 'onirim.tower_card_count', found {v!r}")
        return v

    @field_validator("titles")
    @classmethod
    def _titles(cls, v: dict[str, str]) -> dict[str, str]:
        return _texts(v, "titles", TEXT_LANGS)

    @field_validator("answer")
    @classmethod
    def _answer(cls, v: dict[str, str]) -> dict[str, str]:
        return _texts(v, "answer", TEXT_LANGS)

    @field_validator("unit")
    @classmethod
    def _unit(cls, v: dict[str, str] | None) -> dict[str, str] | None:
        return None if v is None else _texts(v, "unit", TEXT_LANGS)

    @field_validator("examples")
    @classmethod
    def _examples(cls, v: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        _phrase_lists(v, LANGS, MIN_EXAMPLES, "example questions")
        for lang, questions in v.items():
            if len(set(questions)) != len(questions):
                raise ValueError(f"repeated example question in {lang}")
        return v

    @model_validator(mode="after")
    def _consistent(self) -> "Fact":
        game, _, _ = self.id.partition(".")
        if game != self.game:
            raise ValueError(f"id {self.id!r} must start with its game {self.game!r}")
        if self.quote != self.quote.strip():
            raise ValueError("quote must not start or end with whitespace")
        value, kind = self.value, self.answer_type
        if kind == "yes_no" and not isinstance(value, bool):
            raise ValueError(f"a yes_no fact needs a true/false value, found {value!r}")
        if kind == "how_many" and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise ValueError(f"a how_many fact needs a number value, found {value!r}")
        if kind in ("which", "what_happens") and isinstance(value, bool):
            raise ValueError(f"a {kind} fact needs a number or text value, found {value!r}")
        if self.opposite is not None and kind != "yes_no":
            raise ValueError(f"only a yes_no fact can be asked the other way round (opposite), not a {kind} one")
        if kind == "how_many" and self.unit is None:
            raise ValueError("a how_many fact needs a unit (zh-TW and en)")
        if self.limit is not None and kind != "how_many":
            raise ValueError(f"only a how_many fact can be a limit, not a {kind} one")
        return self

    @property
    def name(self) -> str:
        """The part of the id after the game."""
        return self.id.partition(".")[2]


FACTS: dict[str, Fact] = {}


def register_fact(fact: Fact) -> Fact:
    """Add a fact; registering an equal fact again is a no-op, a different one with its id an error."""
    if fact.id in FACTS and FACTS[fact.id] != fact:
        raise ValueError(f"fact {fact.id!r} registered twice with different content")
    FACTS[fact.id] = fact
    return fact


def all_facts(game: str | None = None) -> list[Fact]:
    """Registered facts, optionally of one game, sorted by id (answering.facts.load_facts registers them)."""
    return [FACTS[k] for k in sorted(FACTS) if game is None or FACTS[k].game == game]


def get_fact(fact_id: str) -> Fact:
    """The registered fact with this id, or UnknownId listing the valid ids."""
    if fact_id not in FACTS:
        raise UnknownId("fact", fact_id, sorted(FACTS))
    return FACTS[fact_id]


def fact_verdict(fact: Fact, asked_opposite: bool = False) -> Verdict:
    """The fact as a Verdict: its value, its answer as explanation and one trace step citing its passage;
    `asked_opposite` when the question asks the yes/no fact the other way round (the value flips)."""
    answer = fact.opposite.answer if asked_opposite and fact.opposite is not None else fact.answer
    zh, en = answer["zh-TW"], answer["en"]
    # A stored string value ("after traps, before monsters") reads as the fact's own answer; a number
    # reads with its unit ("6 張").
    if isinstance(fact.value, str):
        value_zh, value_en = zh, en
    elif fact.unit and not isinstance(fact.value, bool):
        value_zh, value_en = f"{fact.value} {fact.unit['zh-TW']}", f"{fact.value} {fact.unit['en']}"
    else:
        value_zh = value_en = ""
    return Verdict(
        rule=fact.id,
        value=(not fact.value) if asked_opposite and fact.opposite is not None else fact.value,
        explanation=zh,
        explanation_en=en,
        value_text=value_zh,
        value_text_en=value_en,
        trace=[TraceStep(step=zh, step_en=en, holds=True, cites=[fact.passage])],
        cites=[fact.passage],
        details={"kind": "fact", "unit": dict(fact.unit) if fact.unit else None,
                 "answer_type": fact.answer_type, "quote": fact.quote,
                 "asked_the_other_way_round": bool(asked_opposite and fact.opposite is not None)},
    )


def fact_range(fact: Fact) -> tuple[int, int] | None:
    """The bounds of a fact whose value is a range of numbers ("4-6" players) or a limit (at most 1 item: 0–1),
    else None."""
    if fact.limit is not None:
        return 0, int(fact.value)  # a how_many fact's value is a number
    m = re.fullmatch(r"\s*(\d+)\s*[-~–〜]\s*(\d+)\s*", str(fact.value))
    return (int(m.group(1)), int(m.group(2))) if m else None


def fact_membership_verdict(fact: Fact, number: int) -> Verdict:
    """A range fact asked about one number ("三個人能玩嗎？"): whether the number is within it, the range as
    the reason."""
    bounds = fact_range(fact)
    assert bounds is not None
    inside = bounds[0] <= number <= bounds[1]
    base = fact_verdict(fact)
    zh = ("可以：" if inside else "不行：") + base.explanation
    en = ("Yes: " if inside else "No: ") + (base.explanation_en or "")
    return base.model_copy(update={
        "value": inside, "explanation": zh, "explanation_en": en, "value_text": "", "value_text_en": "",
        "details": {**base.details, "asked_number": number, "range": list(bounds)}})


def fact_bound_verdict(fact: Fact, bound: Literal["low", "high"]) -> Verdict:
    """A range fact asked for one end ("最多幾個人", "the minimum"): that end as the value, the range as the answer."""
    bounds = fact_range(fact)
    assert bounds is not None
    # A limit is its own answer however its end is asked for ("最多幾件" and "幾件" alike).
    value = bounds[0] if bound == "low" and fact.limit is None else bounds[1]
    base = fact_verdict(fact)
    unit_zh, unit_en = (fact.unit["zh-TW"], fact.unit["en"]) if fact.unit else ("", "")
    return base.model_copy(update={
        "value": value, "value_text": f"{value} {unit_zh}".strip(), "value_text_en": f"{value} {unit_en}".strip(),
        "details": {**base.details, "asked_bound": bound, "range": list(bounds)}})
