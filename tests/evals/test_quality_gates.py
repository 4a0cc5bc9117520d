"""Quality gates of the answering pipeline on the tune set (the set examples and thresholds are shaped on).

The check set's figures are reported by `make eval`, never gated here: a gate on it would invite tuning."""
from __future__ import annotations

import pytest

from evals.pipeline import GATES, score, tune_items


@pytest.fixture(scope="module")
def metrics(pipeline):
    return score(pipeline, tune_items())


@pytest.mark.parametrize("gate", sorted(GATES))
def test_gate(metrics, gate: str) -> None:
    value = metrics[gate]
    key = {"verdict_right": "verdict", "verdict_wrong": "verdict", "oos_recall": "oos",
           "oos_precision": "oos"}.get(gate, gate)
    shown = "\n".join(metrics["misses"][key][:12])
    ok = value <= GATES[gate] if gate == "verdict_wrong" else value >= GATES[gate]
    assert ok, f"{gate} {value:.3f} vs gate {GATES[gate]}; misses:\n{shown}"


def test_tune_set_meets_its_minimums(metrics) -> None:
    c = metrics["counts"]
    assert c["verdicts"] >= 30 and c["out_of_scope"] >= 15 and c["follow_ups"] >= 10
