"""OpenMP thread settings: a share of the cores per served worker, one thread for `arbiter ask`, and
never overriding what the operator set."""
from __future__ import annotations

import os

import pytest

from server import runtime_threads


@pytest.fixture()
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    monkeypatch.setattr(runtime_threads, "default_workers", lambda: 4)
    return monkeypatch


def test_workers_share_the_cores_and_do_not_spin(clean_env: pytest.MonkeyPatch) -> None:
    runtime_threads.limit_runtime_threads(2)
    assert os.environ["OMP_NUM_THREADS"] == "2" and os.environ["OMP_WAIT_POLICY"] == "PASSIVE"


def test_one_worker_keeps_the_runtime_default(clean_env: pytest.MonkeyPatch) -> None:
    runtime_threads.limit_runtime_threads(1)
    assert "OMP_NUM_THREADS" not in os.environ and "OMP_WAIT_POLICY" not in os.environ


def test_set_threads_never_overrides_the_operator(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("OMP_NUM_THREADS", "3")
    runtime_threads.set_runtime_threads(1)
    assert os.environ["OMP_NUM_THREADS"] == "3" and "OMP_WAIT_POLICY" not in os.environ
    clean_env.delenv("OMP_NUM_THREADS")
    runtime_threads.set_runtime_threads(1)
    assert os.environ["OMP_NUM_THREADS"] == "1" and os.environ["OMP_WAIT_POLICY"] == "PASSIVE"
