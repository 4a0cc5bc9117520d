"""How many OpenMP threads the embedder and FAISS run on: an equal share of the cores per served worker,
one for a one-shot `arbiter ask`. Kept apart from the server so that `arbiter ask` does not import it."""
from __future__ import annotations

import os


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def threads_per_worker(workers: int) -> int:
    """Each worker's equal share of the cores (at least one thread)."""
    return max(1, default_workers() // max(1, workers))


def limit_runtime_threads(workers: int) -> None:
    """Give each worker an equal share of the cores for the embedder's and FAISS's OpenMP threads (one each
    when there are as many workers as cores), so that workers do not fight over them. Must run before
    either library loads: OpenMP reads these once."""
    if workers > 1:
        set_runtime_threads(threads_per_worker(workers))


def set_runtime_threads(threads: int) -> None:
    """Run the embedder's and FAISS's OpenMP work on this many threads, unless OMP_NUM_THREADS is set
    already. Must run before either library loads: OpenMP reads these once."""
    if "OMP_NUM_THREADS" in os.environ:
        return
    os.environ["OMP_NUM_THREADS"] = str(threads)
    # An idle OpenMP thread spinning for work would take the core another process needs.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
