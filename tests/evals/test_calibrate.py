"""Routing calibration: the objective prefers no verdict to a wrong one, and the pipeline reads what
calibration recorded beside the index."""
from __future__ import annotations

import json

from answering.routing import CALIBRATION_FILE, Answerer, RoutingParams, RuleMatch
from evals.calibrate import objective, outcome
from evals.pipeline import Item


def _cand(aid: str, sim: float) -> RuleMatch:
    answerer = Answerer(aid, "onirim", "fact", ("p",), ("q",), ("how_many",))
    return RuleMatch(answerer, 0.0, "q", sim, 0.0, "how_many", False, 0, None)


def test_objective_counts_a_wrong_verdict_as_worse_than_none():
    item = Item("q", "onirim", value=3, expects_verdict=True)
    rows = [(_cand("a", 0.95), "wrong"), (_cand("b", 0.90), "right")]
    lenient, strict = RoutingParams(threshold=0.90, margin=0.0), RoutingParams(threshold=1.0, margin=0.0)
    score_lenient, counts = objective([(item, rows)], lenient)
    assert counts["wrong"] == 1 and score_lenient < 0
    score_strict, counts = objective([(item, rows)], strict)
    assert counts["none"] == 1 and score_strict == 0 > score_lenient


def test_outcomes():
    item = Item("q", "onirim", value=True, expects_verdict=True)
    assert outcome(item, None, True) == "right" and outcome(item, None, False) == "wrong"
    assert outcome(item, None, "depends") == "unsettled" and outcome(item, None, None) == "none"
    explanatory = Item("q", "onirim", explanatory=True)
    assert outcome(explanatory, None, 3) == "spurious" and outcome(explanatory, None, None) == "fine"


def test_pipeline_reads_the_recorded_parameters(tmp_path):
    (tmp_path / CALIBRATION_FILE).write_text(json.dumps({"routing": {"threshold": 0.97, "margin": 0.02,
                                                                     "unknown": 1}}), encoding="utf-8")
    params = RoutingParams.load(tmp_path)
    assert params.threshold == 0.97 and params.margin == 0.02
    assert RoutingParams.load(tmp_path / "missing") == RoutingParams()
    (tmp_path / CALIBRATION_FILE).write_text("{not json", encoding="utf-8")
    assert RoutingParams.load(tmp_path) == RoutingParams()


def test_weak_signal_thresholds_decide_most_questions_right():
    from evals.calibrate import calibrate_weak

    # (in scope, dense, bm25, a rule reads it): the in-scope ones retrieve well, the others do not.
    features = [(True, 0.90, 5.0, False), (True, 0.88, 6.0, False), (False, 0.86, 0.5, False),
                (False, 0.85, 1.0, False), (True, 0.80, 0.0, True)]
    params = calibrate_weak(features, RoutingParams())
    said = [d >= params.weak_dense_alone or (d >= params.weak_dense_with_bm25 and b >= params.weak_bm25) or r
            for _, d, b, r in features]
    assert said == [inside for inside, *_ in features]


def test_grid_search_finds_what_replaying_every_setting_finds(monkeypatch):
    import itertools
    import random
    from dataclasses import replace

    import evals.calibrate as calibrate

    rng = random.Random(7)
    small = {"threshold": [0.86, 0.9, 0.94], "margin": [0.0, 0.01, 0.03], "supported": [0.0, 0.02],
             "stated_inputs": [0.0, 0.02], "reads_numbers": [0.0, 0.03], "continues": [0.0], "intent": [0.0, 0.05]}
    monkeypatch.setattr(calibrate, "GRID", small)
    collected = []
    for n in range(60):
        expects = rng.random() < 0.8
        item = Item("q", "onirim", value=1, expects_verdict=expects, explanatory=not expects)
        rows = []
        for k in range(rng.randint(1, 4)):
            answerer = Answerer(f"a{k}", "onirim", "rule", ("p",), ("q",), ("how_many",))
            match = RuleMatch(answerer, 0.0, "q", rng.uniform(0.8, 0.98), 0.0, "how_many", rng.randint(0, 2),
                              rng.choice([None, 0, 4]), rng.choice([None, True]), False, rng.random())
            outcome_if_chosen = rng.choice(["right", "wrong", "unsettled"]) if expects else \
                rng.choice(["spurious", "fine"])
            rows.append((match, outcome_if_chosen))
        collected.append((item, rows))
    # The replay of every setting, in GRID order, ties to the stricter setting and then the earlier one.
    best = None
    for values in itertools.product(*small.values()):
        params = replace(RoutingParams(), **dict(zip(small, values)))
        score, counts = objective(collected, params)
        key = (score, params.threshold, params.margin)
        if best is None or key > best[0]:
            best = (key, counts, params)
    score, counts, params = calibrate.grid_search(collected, RoutingParams())
    assert (score, counts, params) == (best[0][0], best[1], best[2])
    assert counts["wrong"] + counts["right"] > 0
