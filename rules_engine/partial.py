"""Partial evaluation: run a rule on the inputs a question states, over the domains of the ones it does not.

An unstated input is unknown, never the rulebook example's value. Unknown fields with a small domain
are evaluated over every value: one answer everywhere is the verdict; otherwise the verdict is
"depends", each case with a machine-readable condition. Unknown fields without a small domain that
the rule needs are reported as missing, so that the answer can ask for them.
"""
from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from .registry import Rule
from .slots import declared_slots, domain_of
from .verdict import DEPENDS, Case, TraceStep, Verdict

# At most this many combinations of unknown values are evaluated; beyond it the rest stay unknown.
MAX_COMBINATIONS = 64

# Where an input value came from, as recorded in `details["inputs"]`.
SOURCES = ("question", "history", "unknown", "reading", "absent", "assumed", "ruling", "given")  # given: `arbiter rule`


@dataclass(frozen=True)
class Missing:
    """An input the rule needs that the question does not state."""

    field: str
    label: dict[str, str]
    ask: dict[str, str]


@dataclass(frozen=True)
class PartialResult:
    """A verdict over what is known, or the inputs still needed (then `verdict` is None)."""

    verdict: Verdict | None
    missing: list[Missing] = field(default_factory=list)
    inputs: dict[str, dict[str, Any]] = field(default_factory=dict)


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def evaluate_partial(rule: Rule, stated: dict[str, Any], sources: dict[str, str] | None = None) -> PartialResult:
    """Evaluate `rule` on the stated inputs; unstated inputs are unknown (see module docstring)."""
    model = rule.input_model
    slots = declared_slots(model)
    sources = sources or {}
    inputs: dict[str, dict[str, Any]] = {}
    fixed: dict[str, Any] = {}
    enumerate_fields: list[tuple[str, tuple[Any, ...]]] = []
    missing: list[Missing] = []
    notes: list[tuple[str, str]] = []
    for name, info in model.model_fields.items():
        slot = slots.get(name)
        if name in stated:
            fixed[name] = stated[name]
            inputs[name] = {"value": stated[name], "from": sources.get(name, "question")}
            continue
        if slot is None:
            # An undeclared field is an optional refinement the rule treats as absent when empty.
            continue
        if not slot.applies(stated):
            # Declared for another case (a potion's healing when the question is about a necklace).
            continue
        # Said to have some value the question does not give ("another Door"): never the default.
        how = "cases" if sources.get(name) == "mentioned" else slot.unstated
        domain = domain_of(model, name)
        if how == "cases" and not domain:
            # No small domain to answer for every case: asked for when the slot says how to ask.
            how = "general" if info.default is None and not slot.ask else "ask"
        if how == "general" and slot.ask and stated and not info.is_required() \
                and info.get_default(call_default_factory=True) == []:
            # A list that would be taken as empty while other inputs are told ("the items revealed were …", the
            # adventurers not said): the general answer would be the empty list's, so it is asked for.
            how = "ask"
        if how == "cases" and any(f not in stated for f, _ in slot.when):
            # Declared for one value of another field that is itself unknown: the general answer, not
            # every combination of quantities of things the question may not be about.
            how = "general"
        if how == "cases":
            enumerate_fields.append((name, domain))
            inputs[name] = {"value": None, "from": "unknown"}
        elif how == "general":
            inputs[name] = {"value": None, "from": "unknown"}
            if info.default is not None and not info.is_required():
                fixed[name] = None if _accepts_none(rule, name) else info.get_default(call_default_factory=True)
        elif how == "ask":
            missing.append(Missing(name, slot.label, slot.ask or {
                "zh-TW": f"請告訴我{slot.label['zh-TW']}", "en": f"Tell me the {slot.label['en']}"}))
            inputs[name] = {"value": None, "from": "unknown"}
        else:  # reading / absent / assumed: the declared default, said so
            value = info.get_default(call_default_factory=True)
            fixed[name] = value
            inputs[name] = {"value": value, "from": how}
            if slot.note:
                notes.append((slot.note["zh-TW"], slot.note["en"]))
    if missing:
        return PartialResult(None, missing, inputs)

    # Enumerate at most MAX_COMBINATIONS; fields that do not fit stay unknown ("general").
    kept: list[tuple[str, tuple[Any, ...]]] = []
    total = 1
    for name, domain in enumerate_fields:
        if total * len(domain) <= MAX_COMBINATIONS:
            kept.append((name, domain))
            total *= len(domain)
    names = [n for n, _ in kept]
    results: list[tuple[dict[str, Any], Verdict]] = []
    for combo in itertools.product(*(d for _, d in kept)):
        condition = dict(zip(names, combo))
        try:
            results.append((condition, rule.run({**fixed, **condition})))
        except ValidationError:
            continue  # a combination the model rejects is not a case
    if not results:
        # The stated inputs do not make a valid input: the caller reports the validation error.
        rule.run(fixed)
        return PartialResult(None, [], inputs)

    values = {_answer_key(v) for _, v in results}
    if len(values) > 1:
        general = _said_the_same(rule, fixed, names, results)
        if general is not None:
            return PartialResult(_with_details(general, inputs, names, notes), [], inputs)
    _, first = results[0]
    if len(values) == 1:
        verdict = _with_details(first, inputs, names, notes)
        if len(results) > 1:
            verdict = verdict.model_copy(update={"details": {**verdict.details, "same_for_all": names}})
            worded = {(v.explanation, v.value_text, tuple(c.value_text for c in v.cases)) for _, v in results}
            if len(worded) > 1:
                # The answer is the same, but its wording names one of the unstated values ("4 人局…"):
                # say that it is an example, not what the player said.
                condition, _ = results[0]
                zh, en = _condition_text(model, slots, condition, "、")
                labels_zh, labels_en = _field_labels(slots, names)
                verdict = verdict.model_copy(update={
                    "explanation": f"不論{labels_zh}，答案都一樣；以{zh}為例：{verdict.explanation}",
                    "explanation_en": f"Whatever the {labels_en}, the answer is the same; for example ("
                                      f"{en}): {verdict.explanation_en}"})
        return PartialResult(verdict, [], inputs)

    mattering = [n for n in names if _matters(n, results)]
    cases: list[Case] = []
    seen: set[str] = set()
    for condition, verdict in results:
        shown = {n: condition[n] for n in mattering}
        key = _key(shown)
        if key in seen:
            continue
        seen.add(key)
        when_zh, when_en = _condition_text(model, slots, shown, "，")
        if verdict.value == DEPENDS and verdict.cases:
            # A "depends" under each unstated value: its own cases, each under both conditions, so
            # that no case reads "depends" (10 or 12 cards by the side, then by the discard pile).
            for inner in verdict.cases:
                cases.append(inner.model_copy(update={
                    "when": f"{when_zh}，{inner.when}", "when_en": f"{when_en}, {inner.when_en or inner.when}",
                    "condition": {**shown, **inner.condition},
                    "cites": list(dict.fromkeys([*inner.cites, *verdict.cites]))}))
            continue
        cases.append(Case(
            when=when_zh, when_en=when_en,
            value=verdict.value, explanation=verdict.explanation, explanation_en=verdict.explanation_en,
            value_text=verdict.value_text, value_text_en=verdict.value_text_en,
            cites=list(verdict.cites), condition=shown))
    labels_zh, labels_en = _field_labels(slots, mattering)
    cites = list(dict.fromkeys(pid for _, v in results for pid in v.cites))
    trace = [TraceStep(step=f"題目沒有說明{labels_zh}，答案依此而不同",
                       step_en=f"The question does not state the {labels_en}; the answer differs by it",
                       holds=None)]
    # Every value's own answer said the same thing in general terms: that is the answer line.
    general = {(v.explanation, v.explanation_en) for _, v in results}
    explanation, explanation_en = general.pop() if len(general) == 1 and all(
        v.value == DEPENDS for _, v in results) else (f"視{labels_zh}而定。", f"It depends on the {labels_en}.")
    verdict = Verdict(
        rule=rule.id, value=DEPENDS, cases=cases,
        explanation=explanation, explanation_en=explanation_en,
        trace=trace, assumptions=list(dict.fromkeys(a for _, v in results for a in v.assumptions)),
        assumptions_en=list(dict.fromkeys(a for _, v in results for a in v.assumptions_en)),
        details={"depends_on": mattering}, cites=cites)
    return PartialResult(_with_details(verdict, inputs, names, notes), [], inputs)


def _answer_key(verdict: Verdict) -> str:
    """What makes two answers the same: the value, and for "depends" the value of each case (two
    "depends" whose cases differ — 10 or 12 cards by the card's side — are different answers)."""
    if verdict.value == DEPENDS:
        return _key([DEPENDS, [[c.condition or c.when, c.value] for c in verdict.cases]])
    return _key(verdict.value)


def _said_the_same(rule: Rule, fixed: dict[str, Any], names: list[str],
                   results: list[tuple[dict[str, Any], Verdict]]) -> Verdict | None:
    """The rule's own answer with the enumerated fields unknown, when every case's answer says it in other
    values (seat 3 of 4 and seat 5 of 6 are both "the captain's previous player"): then it is no "depends"."""
    if not all(_accepts_none(rule, n) for n in names):
        return None
    try:
        verdict = rule.run({**fixed, **{n: None for n in names}})
    except ValidationError:
        return None
    if verdict.value == DEPENDS or verdict.cases:
        return None
    said = [(verdict.value_text, [v.value_text for _, v in results]),
            (verdict.value_text_en, [v.value_text_en for _, v in results])]
    if any(text and all(case and text in case for case in cases) for text, cases in said):
        return verdict
    return None


def _accepts_none(rule: Rule, name: str) -> bool:
    try:
        rule.input_model.model_validate({name: None})
        return True
    except ValidationError as e:
        return not any(err.get("loc", ())[:1] == (name,) for err in e.errors())


def _matters(name: str, results: list[tuple[dict[str, Any], Verdict]]) -> bool:
    """Whether changing only this field changes the value somewhere."""
    by_rest: dict[str, set[str]] = {}
    for condition, verdict in results:
        rest = _key({k: v for k, v in condition.items() if k != name})
        by_rest.setdefault(rest, set()).add(_answer_key(verdict))
    return any(len(vals) > 1 for vals in by_rest.values())


def _condition_text(model: Any, slots: dict, condition: dict[str, Any], joiner_zh: str) -> tuple[str, str]:
    """How a set of input values reads (zh-TW, English): "玩家人數為 4 人" / "number of players is 4"."""
    return (joiner_zh.join(_label(model, slots, n, v, "zh-TW") for n, v in condition.items()),
            ", ".join(_label(model, slots, n, v, "en") for n, v in condition.items()))


def _field_labels(slots: dict, names: list[str]) -> tuple[str, str]:
    """The names of some input fields as a player reads them (zh-TW, English)."""
    return "、".join(slots[n].label["zh-TW"] for n in names), ", ".join(slots[n].label["en"] for n in names)


def _label(model: Any, slots: dict, name: str, value: Any, lang: str) -> str:
    slot = slots[name]
    text = slot.value_label(value, lang)
    if slot.kind == "count":
        return f"{slot.label['en']} {text}" if lang == "en" else f"{slot.label['zh-TW']}{text}"
    return text


def _with_details(verdict: Verdict, inputs: dict[str, dict[str, Any]], enumerated: list[str],
                  notes: list[tuple[str, str]]) -> Verdict:
    """The verdict with the inputs it used and where each came from, and the declared notes."""
    assumptions = list(verdict.assumptions)
    assumptions_en = list(verdict.assumptions_en or [""] * len(verdict.assumptions))
    for zh, en in notes:
        if zh not in assumptions:
            assumptions.append(zh)
            assumptions_en.append(en)
    shown = {n: ({**v, "evaluated_over_domain": True} if n in enumerated else v) for n, v in inputs.items()}
    return verdict.model_copy(update={"details": {**verdict.details, "inputs": shown},
                                      "assumptions": assumptions, "assumptions_en": assumptions_en})
