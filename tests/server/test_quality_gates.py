"""Quality gates of the answering pipeline on the dev sets (issue 6)."""
from __future__ import annotations

import pytest

from evals.pipeline import GATES, pipeline_metrics


@pytest.fixture(scope="module")
def metrics(pipeline):
    return pipeline_metrics(pipeline)


@pytest.mark.parametrize("gate", sorted(GATES))
def test_gate(metrics, gate: str) -> None:
    value = metrics[gate]
    shown = "\n".join(metrics["misses"][gate][:10])
    assert value >= GATES[gate], f"{gate} {value:.3f} below {GATES[gate]}; misses:\n{shown}"


def test_dev_asks_meet_their_minimums(metrics) -> None:
    c = metrics["counts"]
    assert c["verdicts"] >= 30 and c["out_of_scope"] >= 15 and c["follow_ups"] >= 10
