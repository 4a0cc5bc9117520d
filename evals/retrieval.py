"""`make eval`: retrieval quality on tests/data/tune/questions.yaml, then the answering pipeline
on tests/data/tune/asks.yaml when it exists."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

ROOT = Path(__file__).resolve().parent.parent
DEV_QUESTIONS = ROOT / "tests" / "data" / "tune" / "questions.yaml"
KS = (1, 3, 5)


class DevQuestion(BaseModel):
    """One labelled retrieval question."""

    model_config = ConfigDict(extra="ignore")

    q: str
    lang: str
    game: str
    relevant: list[str] = Field(min_length=1)
    style: str = ""


def load_dev_questions(path: Path = DEV_QUESTIONS) -> list[DevQuestion]:
    """The retrieval dev set."""
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [DevQuestion.model_validate(q) for q in doc["questions"]]


def retrieval_metrics(ranked: list[list[str]], relevant: list[list[str]]) -> dict[str, float]:
    """R@1/3/5 (any relevant id in the top k) and MRR@10 over parallel lists."""
    n = len(ranked) or 1
    out: dict[str, float] = {}
    for k in KS:
        out[f"R@{k}"] = sum(bool(set(r[:k]) & set(rel)) for r, rel in zip(ranked, relevant)) / n
    mrr = 0.0
    for r, rel in zip(ranked, relevant):
        for i, pid in enumerate(r[:10]):
            if pid in rel:
                mrr += 1 / (i + 1)
                break
    out["MRR@10"] = mrr / n
    return out


def evaluate_retrieval(index: Any, questions: list[DevQuestion], *, game_filter: bool = False
                       ) -> dict[str, dict[str, dict[str, float]]]:
    """Metrics per retriever, overall and per script."""
    from indexer.retrieval import make_retriever

    results: dict[str, dict[str, dict[str, float]]] = {}
    for name in ("bm25", "dense", "hybrid"):
        retriever = make_retriever(name, index)
        # Recall of the rule texts: rulings (indexed alongside) are left out of these rankings.
        ranked = [[h.passage.id for h in retriever.search(q.q, game=q.game if game_filter else None, k=30)
                   if h.passage.kind != "ruling"][:10] for q in questions]
        groups: dict[str, list[int]] = {"all": list(range(len(questions)))}
        for i, q in enumerate(questions):
            groups.setdefault(q.lang, []).append(i)
            groups.setdefault(q.game, []).append(i)
        results[name] = {g: retrieval_metrics([ranked[i] for i in idx], [questions[i].relevant for i in idx])
                         for g, idx in groups.items()}
        results[name]["_misses"] = [  # type: ignore[assignment]
            (questions[i].q, questions[i].relevant[0], ranked[i][:3])
            for i in range(len(questions)) if not set(ranked[i][:3]) & set(questions[i].relevant)]
    return results


def format_table(results: dict[str, dict[str, dict[str, float]]], counts: dict[str, int]) -> str:
    """Side-by-side table: rows are (script, metric), columns are retrievers."""
    names = list(results)
    lines = [f"{'group':13s} {'n':>4s} {'metric':7s} " + " ".join(f"{n:>8s}" for n in names)]
    for group in ["all", "zh-TW", "zh-CN", "en", "onirim", "mist-mountain", "dungeon-lords"]:
        if group not in counts:
            continue
        for metric in [f"R@{k}" for k in KS] + ["MRR@10"]:
            lines.append(f"{group:13s} {counts[group]:>4d} {metric:7s} "
                         + " ".join(f"{results[n][group][metric]:8.3f}" for n in names))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the retrieval table."""
    parser = argparse.ArgumentParser(prog="python -m evals.retrieval")
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--misses", action="store_true", help="list questions missed at R@3")
    args = parser.parse_args(argv)

    from server.settings import get_settings

    from indexer.index import ensure_index

    settings = get_settings()
    spec = args.embedder or settings.embedder
    index = ensure_index(None if args.embedder else settings.index_dir(), spec, settings.corpus_dir,
                         log=lambda m: print(m, file=sys.stderr), progress=False)
    for label, questions, game_filter in (("tune retrieval questions", load_dev_questions(), False),
                                          ("tune retrieval questions", load_dev_questions(), True),
                                          ("check questions", check_questions(), True)):
        counts: dict[str, int] = {"all": len(questions)}
        for q in questions:
            counts[q.lang] = counts.get(q.lang, 0) + 1
            counts[q.game] = counts.get(q.game, 0) + 1
        results = evaluate_retrieval(index, questions, game_filter=game_filter)
        print(f"Retrieval of rule passages on {len(questions)} {label} (embedder {spec}, "
              f"{'within the question' + chr(39) + 's game, as answers search' if game_filter else 'no game filter'})")
        print(format_table(results, counts))
        print()
        # The check set's misses are never listed: looking at them is how a check set becomes a tune set.
        if args.misses and label.startswith("tune"):
            for name in results:
                for q, rel, got in results[name]["_misses"]:  # type: ignore[misc]
                    print(f"  miss[{name}] {q!r}: want {rel}, got {got}")
    return 0


def check_questions() -> list[DevQuestion]:
    """The check set's in-scope, self-contained questions with labelled passages, as retrieval questions."""
    from .pipeline import check_items

    return [DevQuestion(q=i.q, lang=i.lang, game=i.game, relevant=i.relevant) for i in check_items()
            if i.game and i.relevant and not i.history]


if __name__ == "__main__":
    sys.exit(main())
