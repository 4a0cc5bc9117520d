"""The check set is held out: big enough, spread over games, scripts and kinds, and nothing we tune
(rule examples, fact examples, slot phrases) is a near-copy of one of its questions."""
from __future__ import annotations

from collections import Counter
from difflib import SequenceMatcher

import pytest
import yaml

from evals.pipeline import CHECK_FILE, FRESH_FILE, TUNE_DIR
from indexer.corpus import load_passage_questions, passages_by_id
from answering.facts import load_facts
from indexer.text import fold
from rules_engine import all_rules, get_rule
from rules_engine.slots import declared_slots

NEAR_COPY = 0.8


@pytest.fixture(scope="module")
def check() -> list[dict]:
    return yaml.safe_load(CHECK_FILE.read_text(encoding="utf-8"))["questions"]


def test_check_set_size_and_spread(check):
    kinds = Counter(q["expect"] for q in check)
    settled = [q for q in check if q["expect"] in ("rule", "fact") and q.get("value") != "depends"]
    assert len(check) >= 200
    assert len(settled) >= 80
    assert sum(1 for q in check if q.get("history")) >= 20
    assert kinds["out_of_scope"] >= 30
    assert set(Counter(q["lang"] for q in check)) == {"zh-TW", "zh-CN", "en"}
    games = Counter(q["game"] for q in check if q["expect"] != "out_of_scope")
    assert all(games[g] >= 40 for g in ("onirim", "mist-mountain", "dungeon-lords")), games


def test_check_set_references_exist(check):
    passages = passages_by_id()
    ids = [q["id"] for q in check]
    assert len(ids) == len(set(ids))
    for q in check:
        assert all(pid in passages for pid in q.get("relevant") or []), q["id"]
        if q["expect"] == "rule":
            get_rule(q["rule"])
        if q["expect"] == "out_of_scope":
            assert q["game"] is None, q["id"]


def _tuned_texts() -> list[tuple[str, str]]:
    """Everything we shape on purpose: rule and fact example questions, the slot phrases, and the
    questions each passage answers (corpus/questions, an extra retrieval field)."""
    out = [(f"rule example {r.id}", ex) for r in all_rules() for exs in r.examples.values() for ex in exs]
    out += [(f"passage question {pid}", q) for pid, qs in load_passage_questions().items() for q in qs]
    out += [(f"fact example {f.id}", ex) for f in load_facts() for exs in f.examples.values() for ex in exs]
    for r in all_rules():
        for name, slot in declared_slots(r.input_model).items():
            out += [(f"slot phrase {r.id}.{name}", p) for _, phrases in slot.values for p in phrases]
            out += [(f"slot cue {r.id}.{name}", c) for c in slot.cues]
    return out


def near_copies(questions: list[str], texts: list[tuple[str, str]]) -> list[str]:
    """Pairs whose character similarity (folded script and case) reaches NEAR_COPY."""
    found = []
    folded = [(where, fold(t)) for where, t in texts]
    for q in questions:
        fq = fold(q)
        matcher = SequenceMatcher(None, "", fq, autojunk=False)
        for where, ft in folded:
            matcher.set_seq1(ft)
            if matcher.real_quick_ratio() >= NEAR_COPY and matcher.quick_ratio() >= NEAR_COPY \
                    and matcher.ratio() >= NEAR_COPY:
                found.append(f"{where}: {ft!r} ~ check {q!r}")
    return found


@pytest.fixture(scope="module")
def held_out(check) -> list[dict]:
    """Every never-tuned question: the check set and the fresh set beside it."""
    return check + yaml.safe_load(FRESH_FILE.read_text(encoding="utf-8"))["questions"]


def test_nothing_tuned_is_a_near_copy_of_a_check_question(held_out):
    questions = [q["q"] for q in held_out] + [h for q in held_out for h in q.get("history") or []]
    copies = near_copies(questions, _tuned_texts())
    assert not copies, "\n".join(copies)


def test_the_near_copy_check_can_fail():
    assert near_copies(["芒草小路上工作帽算幾分？"], [("x", "芒草小路上的工作帽算幾分？")])
    assert not near_copies(["芒草小路上工作帽算幾分？"], [("x", "夢魘可以破壞高塔列嗎？")])


def test_tune_and_check_do_not_share_questions(held_out):
    tune = set()
    for path in TUNE_DIR.glob("*.yaml"):
        doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for value in doc.values():
            if isinstance(value, list):
                tune |= {fold(q["q"]) for q in value if isinstance(q, dict) and "q" in q}
    shared = tune & {fold(q["q"]) for q in held_out}
    assert not shared, f"{len(shared)} questions are in both sets"
