"""Answering-pipeline figures on the dev sets: game, citation R@3, verdict, out-of-scope, follow-ups."""
from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
DEV_ASKS = ROOT / "tests" / "data" / "dev_asks.yaml"
DEV_VERDICTS = ROOT / "tests" / "data" / "dev_verdicts.yaml"
GATES = {"game": 0.97, "citation_r3": 0.90, "verdict": 0.90, "oos_recall": 0.90, "oos_precision": 0.95,
         "follow_up": 0.90}


def _load(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {}


def _ruling_cites() -> dict[str, set[str]]:
    """Ruling passage id → the rule passages it rules on (a ruling citation answers for them)."""
    from indexer.rulings import load_rulings

    return {r.passage_id: {c.passage for c in r.cites} for r in load_rulings(ROOT / "corpus")}


def answered_ids(citation_ids: list[str], ruling_cites: dict[str, set[str]]) -> set[str]:
    """The passage ids a list of citations answers for: each id, plus what each ruling rules on."""
    out = set(citation_ids)
    for cid in citation_ids:
        out |= ruling_cites.get(cid, set())
    return out


def pipeline_metrics(pipeline: Any) -> dict[str, Any]:
    """Every figure the gates check, plus the misses behind each."""
    from .retrieval import load_dev_questions

    ruling_cites = _ruling_cites()

    asks = _load(DEV_ASKS)
    verdicts = _load(DEV_VERDICTS).get("verdicts", [])
    dev = load_dev_questions()
    misses: dict[str, list[str]] = {k: [] for k in GATES}

    in_scope_items = [(q.q, q.game, q.relevant) for q in dev] + \
        [(g["q"], g["game"], None) for g in asks.get("game_only", [])]
    game_ok = cite_ok = false_oos = 0
    for q, game, relevant in in_scope_items:
        r = pipeline.ask(q)
        if r.game == game:
            game_ok += 1
        else:
            misses["game"].append(f"{q!r}: want {game}, got {r.game}")
        if not r.in_scope:
            false_oos += 1
            misses["oos_precision"].append(f"{q!r} was called out of scope")
        if relevant is not None:
            ids = [c.id for c in r.citations[:3]]
            if answered_ids(ids, ruling_cites) & set(relevant):
                cite_ok += 1
            else:
                misses["citation_r3"].append(f"{q!r}: want {relevant[0]}, got {ids}")

    oos = asks.get("out_of_scope", [])
    oos_ok = 0
    for item in oos:
        r = pipeline.ask(item["q"])
        if not r.in_scope and r.game is None and not r.citations:
            oos_ok += 1
        else:
            misses["oos_recall"].append(f"{item['q']!r}: answered as {r.game}")

    verdict_ok = 0
    for item in verdicts:
        r = pipeline.ask(item["q"], game=item.get("game_param"), history=item.get("history", []))
        got = r.verdict["value"] if r.verdict else None
        rule_ok = item.get("rule") in (None, r.rule)
        if r.verdict is not None and got == item["value"] and rule_ok:
            verdict_ok += 1
        else:
            misses["verdict"].append(f"{item['q']!r}: want {item.get('rule')}={item['value']!r}, "
                                     f"got {r.rule}={got!r}")

    follow = asks.get("follow_ups", [])
    follow_ok = 0
    for item in follow:
        r = pipeline.ask(item["q"], history=item["history"])
        ids = [c.id for c in r.citations[:3]]
        if r.game == item["game"] and (not item.get("relevant")
                                       or answered_ids(ids, ruling_cites) & set(item["relevant"])):
            follow_ok += 1
        else:
            misses["follow_up"].append(f"{item['q']!r} after {item['history'][-1]!r}: got {r.game} {ids}")

    tp, fp = oos_ok, false_oos
    return {
        "counts": {"in_scope": len(in_scope_items), "dev": len(dev), "out_of_scope": len(oos),
                   "verdicts": len(verdicts), "follow_ups": len(follow)},
        "game": game_ok / max(1, len(in_scope_items)),
        "citation_r3": cite_ok / max(1, len(dev)),
        "verdict": verdict_ok / max(1, len(verdicts)) if verdicts else 0.0,
        "oos_recall": oos_ok / max(1, len(oos)),
        "oos_precision": tp / max(1, tp + fp),
        "follow_up": follow_ok / max(1, len(follow)),
        "misses": misses,
    }


def main(index_settings: Any = None, show_misses: bool = "--misses" in sys.argv) -> int:
    """Print the pipeline table (called by `python -m indexer.evaluate`)."""
    from answering.pipeline import Pipeline
    from server.search import build_service
    from server.settings import get_settings

    started = time.perf_counter()
    pipeline = Pipeline(build_service(index_settings or get_settings(), log=lambda m: None))
    m = pipeline_metrics(pipeline)
    c = m["counts"]
    print()
    print(f"Answering pipeline ({c['in_scope']} in-scope, {c['out_of_scope']} out-of-scope, "
          f"{c['verdicts']} verdict, {c['follow_ups']} follow-up questions; {time.perf_counter() - started:.1f} s)")
    print(f"{'metric':28s} {'value':>7s} {'gate':>6s}")
    labels = {"game": "game accuracy", "citation_r3": "citation R@3", "verdict": "verdict accuracy",
              "oos_recall": "out-of-scope recall", "oos_precision": "out-of-scope precision",
              "follow_up": "follow-up accuracy"}
    for key, label in labels.items():
        flag = "" if m[key] >= GATES[key] else "  BELOW GATE"
        print(f"{label:28s} {m[key]:7.3f} {GATES[key]:6.2f}{flag}")
    if show_misses:
        for key, items in m["misses"].items():
            for item in items:
                print(f"  miss[{key}] {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
