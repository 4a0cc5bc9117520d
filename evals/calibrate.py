"""Fit the routing threshold, margin and weights on the tune set, for the index's embedder, and record
them beside the index (calibration.json), where the answering pipeline reads them.

Only the tune set is read; the check set never shapes anything. The features of every candidate are
computed once per question; the grid search then replays the routing decision for each setting. The
objective keeps wrong verdicts within the share the product allows (MAX_WRONG of the questions that
expect a verdict) and, among the settings that do, takes the most right verdicts less SPURIOUS_COST per
verdict on an explanatory question; ties go to the stricter setting.
"""
from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from .pipeline import DEPENDS, NO_VERDICT, TUNE_DIR, Item, tune_items, verdict_is_right

MAX_WRONG = 0.02
SPURIOUS_COST = 0.5
GRID = {
    "threshold": [0.86, 0.88, 0.90, 0.91, 0.92, 0.93, 0.94, 0.95, 0.96, 0.97, 0.98, 1.0, 1.02, 1.04],
    "margin": [0.0, 0.005, 0.01, 0.02, 0.03],
    "supported": [0.0, 0.02, 0.04, 0.06],
    "stated_inputs": [0.0, 0.01, 0.02, 0.03, 0.05],
    "reads_numbers": [0.0, 0.03, 0.06, 0.1],
    "continues": [0.0, 0.06],
    "intent": [0.0, 0.03, 0.05, 0.08],
}
LEAD_GRID = {"lead_threshold": [0.90, 0.92, 0.94, 0.96], "lead_margin": [0.06, 0.08, 0.1, 0.12]}
CALIBRATION_VERSION = 6  # 6: question forms gained "compare" (which of two situations is harder: no verdict)


def up_to_date(path: Path, **expected: Any) -> bool:
    """Whether a model kept beside the index was fitted for exactly these inputs (tune set, index, …)."""
    try:
        recorded = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(recorded, dict) and all(recorded.get(k) == v for k, v in expected.items())


def write_json(path: Path, doc: dict[str, Any]) -> None:
    """Write a fitted model beside the index whole or not at all (a reader never sees half a file)."""
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc, ensure_ascii=False, indent=2), encoding="utf-8")
    tmp.replace(path)


def tune_hash() -> str:
    """Content hash of the tune files (a changed tune set makes the calibration stale)."""
    h = hashlib.sha256()
    for path in sorted(TUNE_DIR.glob("*.yaml")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def outcome(item: Item, rule: str | None, value: Any) -> str:
    """right / wrong / unsettled / none for a verdict-expecting item; spurious / fine otherwise."""
    if not item.expects_verdict:
        return "spurious" if value is not None and item.explanatory else "fine"
    if item.value == NO_VERDICT:
        return "right" if value is None else "wrong"
    if value is None:
        return "none"
    if verdict_is_right(item, rule, value):
        return "right"
    return "unsettled" if value == DEPENDS else "wrong"


def collect(pipeline: Any, items: list[Item]) -> list[tuple[Item, list[tuple[Any, str]]]]:
    """Per in-scope item: each candidate and the outcome if it were chosen."""
    from answering.compose import verdict_with_seat_names
    from answering.pipeline import names_at_table

    out = []
    for item in items:
        u = pipeline.understand(item.q, history=item.history)
        if u.game is None:
            continue
        rows = []
        names = names_at_table(u.query)
        for cand in u.candidates:
            verdict, _, _ = pipeline.evaluate(cand, u.query, u.follow_up)
            # The value as the answer shows it: a seat is called by its player's name when the question names them.
            value = verdict_with_seat_names(verdict, names, "zh-TW").value if verdict is not None else None
            rows.append((cand, outcome(item, cand.answerer.id, value)))
        out.append((item, rows))
    return out


def objective(collected: list[tuple[Item, list[tuple[Any, str]]]], params: Any) -> tuple[float, dict[str, int]]:
    """The score of one setting and its counts."""
    from answering.routing import decide

    counts = {"right": 0, "wrong": 0, "unsettled": 0, "none": 0, "spurious": 0, "fine": 0}
    for item, rows in collected:
        chosen = decide([c for c, _ in rows], params)
        if chosen is None:
            counts["none" if item.expects_verdict else "fine"] += 1
            continue
        counts[next(o for c, o in rows if c is chosen or c.answerer.id == chosen.answerer.id)] += 1
    expecting = counts["right"] + counts["wrong"] + counts["unsettled"] + counts["none"]
    over = max(0.0, counts["wrong"] - MAX_WRONG * expecting)
    # Beyond the allowed share a wrong verdict outweighs any number of right ones.
    score = counts["right"] - SPURIOUS_COST * counts["spurious"] - 1000.0 * over
    return score, counts


def grid_search(collected: list[tuple[Item, list[tuple[Any, str]]]], base: Any) -> tuple[float, dict[str, int], Any]:
    """The setting of GRID with the best `objective` (ties to the stricter: higher threshold, then margin, then the
    earlier setting), its counts and parameters. The weights decide which candidate a question would get; the
    threshold and margin only decide whether it is trusted, so each setting of the weights is replayed once and
    every threshold and margin is scored on it at once."""
    import numpy as np

    from answering.routing import choose

    assert not base.lead_margin, "the first stage runs without the lead rule"
    weights = [k for k in GRID if k not in ("threshold", "margin")]
    thresholds, margins = np.array(GRID["threshold"]), np.array(GRID["margin"])
    expecting = sum(1 for item, _ in collected if item.expects_verdict)
    # (threshold index, margin index) → (score, weight values) of the first setting reaching the best score.
    best_of: dict[tuple[int, int], tuple[float, tuple[Any, ...]]] = {}
    for values in itertools.product(*(GRID[k] for k in weights)):
        params = replace(base, **dict(zip(weights, values)))
        scores = np.full(len(collected), -np.inf)
        leads = np.full(len(collected), -np.inf)
        outcomes = np.full(len(collected), "", dtype=object)
        for j, (_, rows) in enumerate(collected):
            chosen = choose([c for c, _ in rows], params)
            if chosen is not None:
                cand, leads[j] = chosen
                scores[j] = cand.score
                outcomes[j] = next(o for c, o in rows if c is cand or c.answerer.id == cand.answerer.id)
        trusted = (scores[None, None, :] >= thresholds[:, None, None]) & (leads[None, None, :] >= margins[None, :, None])
        right, wrong, spurious = ((trusted & (outcomes == o)).sum(-1) for o in ("right", "wrong", "spurious"))
        for (ti, mi), r in np.ndenumerate(right):
            over = max(0.0, int(wrong[ti, mi]) - MAX_WRONG * expecting)
            score = int(r) - SPURIOUS_COST * int(spurious[ti, mi]) - 1000.0 * over
            if (ti, mi) not in best_of or score > best_of[ti, mi][0]:
                best_of[ti, mi] = (score, values)
    (ti, mi), (score, values) = max(best_of.items(), key=lambda kv: (kv[1][0], thresholds[kv[0][0]], margins[kv[0][1]]))
    params = replace(base, threshold=GRID["threshold"][ti], margin=GRID["margin"][mi], **dict(zip(weights, values)))
    replayed, counts = objective(collected, params)
    assert replayed == score, (replayed, score)
    return score, counts, params


SCOPE_GRID = {
    "scope_dense_alone": [0.86, 0.87, 0.88, 0.885, 0.89, 0.90, 0.92],
    "scope_dense_with_bm25": [0.80, 0.82, 0.84, 0.86],
    "scope_bm25": [3.0, 4.0, 5.0, 6.0, 8.0],
}
MIN_OOS_RECALL = 0.95


def scope_features(pipeline: Any, items: list[Item]) -> list[tuple[bool, float, float]]:
    """(in scope, best dense score, best BM25 score) for the tune questions that name no game or game
    term and that no rule plainly answers: the ones the retrieval thresholds decide."""
    from answering.query import Query

    out = []
    for item in items:
        query = Query.build(item.q, item.history, pipeline.tokenizer)
        if query.signals or query.reads_as_follow_up:
            continue
        if pipeline._in_scope_by_rule(query)[0]:
            continue
        _, dense, bm25 = pipeline.top_hit(query.text)
        out.append((item.game is not None, dense, bm25))
    return out


def calibrate_scope(features: list[tuple[bool, float, float]], base: Any) -> Any:
    """The scope thresholds that keep the most in-scope questions in while out-of-scope recall stays
    at MIN_OOS_RECALL; ties go to the stricter thresholds."""
    from answering.pipeline import in_scope_by_retrieval

    oos = sum(1 for inside, _, _ in features if not inside) or 1
    best: tuple[tuple[float, ...], Any] | None = None
    keys = list(SCOPE_GRID)
    for values in itertools.product(*(SCOPE_GRID[k] for k in keys)):
        params = replace(base, **dict(zip(keys, values)))
        said = [(inside, in_scope_by_retrieval(d, b, params)) for inside, d, b in features]
        kept_out = sum(1 for inside, yes in said if not inside and not yes)
        kept_in = sum(1 for inside, yes in said if inside and yes)
        key = (float(kept_out / oos >= MIN_OOS_RECALL), float(kept_in), *values)
        if best is None or key > best[0]:
            best = (key, params)
    assert best is not None
    return best[1]


WEAK_GRID = {
    "weak_dense_alone": [0.0, 0.84, 0.85, 0.86, 0.87, 0.88, 0.89, 0.90],
    "weak_dense_with_bm25": [0.0, 0.80, 0.82, 0.84],
    "weak_bm25": [0.0, 2.0, 3.0, 4.0, 6.0],
}


def weak_features(pipeline: Any, items: list[Item]) -> list[tuple[bool, float, float, bool]]:
    """(in scope, dense, BM25, a rule reads it) for tune questions whose only evidence is one glossary word."""
    from answering.query import Query

    out = []
    for item in items:
        query = Query.build(item.q, item.history, pipeline.tokenizer)
        if query.reads_as_follow_up or not pipeline.weak_signal(query):
            continue
        _, dense, bm25 = pipeline.top_hit(query.text)
        out.append((item.game is not None, dense, bm25, pipeline._in_scope_by_rule(query)[0]))
    return out


def calibrate_weak(features: list[tuple[bool, float, float, bool]], base: Any) -> Any:
    """The weak-signal thresholds that decide the most of those questions right; ties to the lenient."""
    from answering.pipeline import weak_signal_by_retrieval

    best: tuple[tuple[float, ...], Any] | None = None
    keys = list(WEAK_GRID)
    for values in itertools.product(*(WEAK_GRID[k] for k in keys)):
        params = replace(base, **dict(zip(keys, values)))
        right = sum(1 for inside, d, b, rule in features
                    if inside == (weak_signal_by_retrieval(d, b, params) or rule))
        key = (float(right), *(-v for v in values))
        if best is None or key > best[0]:
            best = (key, params)
    assert best is not None
    return best[1]


def calibrate(pipeline: Any, items: list[Any] | None = None) -> dict[str, Any]:
    """Grid-search the routing parameters on the tune set (`items`, read from tests/data/tune when not given)."""
    from answering.routing import RoutingParams

    items = tune_items() if items is None else items

    # Features are read with the default parameters, whatever an earlier calibration recorded, so that
    # the result does not depend on the last run (a follow-up's previous answerer is itself routed).
    pipeline.params = RoutingParams()
    collected = collect(pipeline, items)
    best = grid_search(collected, RoutingParams())
    # Second stage, the other weights fixed: trust a fit below the threshold that leads clearly.
    for lead_threshold, lead_margin in itertools.product(*LEAD_GRID.values()):
        params = replace(best[2], lead_threshold=lead_threshold, lead_margin=lead_margin)
        score, counts = objective(collected, params)
        if score > best[0]:
            best = (score, counts, params)
    score, counts, params = best
    params = calibrate_scope(scope_features(pipeline, items), params)
    params = calibrate_weak(weak_features(pipeline, items), params)
    return {"version": CALIBRATION_VERSION, "routing": asdict(params), "tune_hash": tune_hash(),
            "objective": {"score": score, "max_wrong": MAX_WRONG, "spurious_cost": SPURIOUS_COST, **counts},
            "questions": len(collected)}


def main(argv: list[str] | None = None) -> int:
    """`python -m evals.calibrate [--if-stale]`: write calibration.json beside the configured index."""
    parser = argparse.ArgumentParser(prog="python -m evals.calibrate")
    parser.add_argument("--if-stale", action="store_true", help="only when the tune set or index changed")
    args = parser.parse_args(argv)
    from answering.pipeline import Pipeline
    from answering.routing import CALIBRATION_FILE
    from indexer.fusion import FUSION_FILE
    from indexer.fusion import index_key as fusion_index_key
    from server.search import build_service
    from server.settings import get_settings

    settings = get_settings()
    service = build_service(settings, log=lambda m: print(m, file=sys.stderr))
    path = Path(service.index.directory) / CALIBRATION_FILE
    # The routing is calibrated on what retrieval ranks: the index (what shapes its ranking, as the
    # ranker is keyed) and the ranker trained for it.
    directory = Path(service.index.directory)
    fusion = directory / FUSION_FILE
    index_key = hashlib.sha256(fusion_index_key(directory).encode()
                               + (fusion.read_bytes() if fusion.exists() else b"")).hexdigest()[:16]
    if args.if_stale and up_to_date(path, tune_hash=tune_hash(), index=index_key, version=CALIBRATION_VERSION):
        print(f"calibration {path} is up to date")
        return 0
    started = time.perf_counter()
    from indexer.retrieval import query_vector_cache

    # The tune set is read in three passes (routing, scope, weak fits), each embedding a few texts per question.
    items = tune_items()
    query_vector_cache(service.index).hold(8 * len(items))
    result = calibrate(Pipeline(service), items)
    result["index"] = index_key
    result["embedder"] = settings.embedder
    write_json(path, result)
    o = result["objective"]
    print(f"calibrated routing on {result['questions']} tune questions in {time.perf_counter() - started:.1f} s: "
          f"{json.dumps(result['routing'])}; right {o['right']}, wrong {o['wrong']}, unsettled {o['unsettled']}, "
          f"none {o['none']}, spurious {o['spurious']} → {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
