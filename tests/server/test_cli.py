"""The `arbiter` command (issue 2 item 7, issue 6): bad input gives a one-line message and exit 2,
never a traceback; `ask --json` prints the API response; `rule` and `play` work.

Commands that load the index run as real subprocesses (10 in all; each start-up takes a few
seconds); the quick `rule` errors also run in-process through server.cli.main."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine import GAMES, all_rules, load_games
from server import cli

ROOT = Path(__file__).resolve().parents[2]
ARBITER = ROOT / ".venv" / "bin" / "arbiter"
load_games()


def arbiter(*args: str, stdin: bytes | None = None, timeout: int = 600) -> subprocess.CompletedProcess:
    """Run the console command (or `python -m server.cli`) from the project root, bytes in and out."""
    cmd = [str(ARBITER)] if ARBITER.exists() else [sys.executable, "-m", "server.cli"]
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([*cmd, *args], cwd=ROOT, input=stdin if stdin is not None else b"",
                          capture_output=True, timeout=timeout, env=env)


def messages(proc: subprocess.CompletedProcess) -> list[str]:
    """The `arbiter: …` lines on stderr (index build progress, if any, is ignored)."""
    return [line for line in proc.stderr.decode("utf-8").splitlines() if line.startswith("arbiter:")]


def assert_no_traceback(proc: subprocess.CompletedProcess) -> None:
    for stream in (proc.stdout, proc.stderr):
        text = stream.decode("utf-8", "replace")
        assert "Traceback" not in text and "Error:" not in text.replace("arbiter:", ""), text[-2000:]


def assert_usage_error(proc: subprocess.CompletedProcess, *needles: str) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stderr.decode("utf-8", "replace")[-2000:])
    assert_no_traceback(proc)
    lines = messages(proc)
    assert len(lines) == 1, lines
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


# ------------------------------------------------------------------------------------ ask: bad questions
@pytest.mark.parametrize("question,reason", [
    ("", "empty"),
    ("   \t ", "empty"),
    ("夢" * 1001, "1001"),
    ("？！…。!!", "punctuation"),
], ids=["empty", "whitespace", "1001-chars", "punctuation-only"])
def test_ask_bad_question_exits_2_with_one_line(question, reason):
    proc = arbiter("ask", question)
    assert_usage_error(proc, reason)
    assert proc.stdout.strip() == b""


def test_ask_piped_stdin_invalid_utf8_then_valid_line():
    stdin = b"\xff\xfe\xe5\xa4 broken\n\x01\x02\n" + "夢魘可以破壞高塔列嗎？\n".encode("utf-8")
    proc = arbiter("ask", "--verbose", stdin=stdin)
    assert_no_traceback(proc)
    lines = messages(proc)
    assert any("UTF-8" in line for line in lines), lines
    assert any("empty" in line for line in lines), lines  # the control-character line
    assert all("\n" not in line for line in lines)
    out = proc.stdout.decode("utf-8")
    assert "onirim/towers/" in out, out[-2000:]
    assert "視情況而定" in out
    assert proc.returncode in (0, 2)


def test_ask_json_prints_the_api_response():
    from indexer.corpus import passages_by_id

    proc = arbiter("ask", "--json", "Can a Nightmare break my tower row?")
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")[-2000:]
    body = json.loads(proc.stdout.decode("utf-8"))
    for key in ("question", "game", "in_scope", "answer", "verdict", "citations", "ambiguities", "took_ms"):
        assert key in body
    assert body["game"] == "onirim" and body["in_scope"] is True
    assert body["verdict"]["value"] == "depends"
    assert body["citations"]
    corpus = passages_by_id()
    for c in body["citations"]:
        assert c["text"] == corpus[c["id"]].text


def test_ask_unknown_game_lists_valid_ids():
    line = assert_usage_error(arbiter("ask", "--game", "nosuch", "夢魘可以破壞高塔列嗎？"), "nosuch")
    for game_id in GAMES:
        assert game_id in line


def test_index_unknown_embedder_lists_registered_ones():
    from indexer.embedders import REGISTRY  # the registered embedder backends

    line = assert_usage_error(arbiter("index", "--embedder", "nosuch"), "nosuch")
    assert REGISTRY
    for name in REGISTRY:
        assert name in line, (name, line)


# ------------------------------------------------------------------------------------ rule
def test_rule_bad_tower_names_the_field():
    line = assert_usage_error(arbiter("rule", "onirim.tower_placement", '{"tower": "purple-9"}'), "tower")
    assert "purple-9" in line


def test_rule_list_shows_every_registered_rule(capsys):
    assert cli.main(["rule", "--list"]) == 0
    out = capsys.readouterr().out
    for rule in all_rules():
        assert rule.id in out


@pytest.mark.parametrize("argv,needles", [
    (["rule", "nosuch.rule"], ["nosuch.rule", "onirim.tower_placement"]),
    (["rule", "onirim.tower_placement", "{not json"], ["JSON"]),
    (["rule", "onirim.tower_placement", "[1, 2]"], ["JSON object"]),
    (["rule", "onirim.tower_placement", '{"tower": "purple-9"}'], ["tower"]),
    (["rule", "onirim.tower_placement", '{"side": "up"}'], ["side"]),
])
def test_rule_errors_exit_2(capsys, argv, needles):
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err.strip()
    assert err.startswith("arbiter: ") and "\n" not in err, err
    for needle in needles:
        assert needle in err


def test_rule_evaluates_to_a_verdict(capsys):
    assert cli.main(["rule", "onirim.tower_placement", '{"row": ["red-4"], "tower": "green-4", "side": "right"}']) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["rule"] == "onirim.tower_placement" and verdict["value"] is True
    assert verdict["details"]["inputs"]["tower"]["from"] == "given"


def test_rule_fields_left_out_are_unknown_not_the_example(capsys):
    # The side is not given: the answer is given for each side, as an answer to a question would.
    assert cli.main(["rule", "onirim.tower_placement", '{"row": ["red-4"], "tower": "green-4"}']) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["value"] == "depends" and {c["condition"]["side"] for c in verdict["cases"]} == {"left", "right"}
    # No small domain (the party, the monsters): what is needed, and no verdict on the rulebook example.
    assert cli.main(["rule", "dungeon-lords.combat_round", "--text"]) == 0
    out = capsys.readouterr().out
    assert "needs more input" in out and "party" in out and "why:" not in out
    assert cli.main(["rule", "dungeon-lords.combat_round"]) == 0
    assert {m["field"] for m in json.loads(capsys.readouterr().out)["missing"]} >= {"party", "events"}


def test_rule_example_runs_the_rulebook_example_and_says_so(capsys):
    assert cli.main(["rule", "dungeon-lords.combat_round", "--example", "--text"]) == 0
    out = capsys.readouterr().out
    assert "why:" in out and "not given, so the model's defaults" in out and "party" in out.splitlines()[-1]


# ------------------------------------------------------------------------------------ play
def test_play_onirim_auto_exits_0():
    proc = arbiter("play", "onirim", "--towers", "--book", "--premonitions", "--seed", "3", "--auto")
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")[-2000:]
    assert_no_traceback(proc)
    assert "Game over" in proc.stdout.decode("utf-8")


def test_ask_shows_the_first_screen_and_verbose_shows_everything():
    question = "夢魘可以破壞高塔列嗎？"
    short = arbiter("ask", question)
    full = arbiter("ask", "--verbose", question)
    assert short.returncode == 0 and full.returncode == 0
    short_out, full_out = short.stdout.decode("utf-8"), full.stdout.decode("utf-8")
    # The first screen: the answer line and one quote, nothing internal.
    assert len(short_out.strip().splitlines()) <= 6, short_out
    assert "onirim/" not in short_out and "onirim." not in short_out
    # --verbose adds the cases, the steps, the other quotes, and for contributors the ids.
    assert full_out.startswith(short_out.strip().splitlines()[0])
    assert "視情況而定" in full_out and "onirim/towers/" in full_out and "rule: onirim." in full_out
    assert len(full_out) > 2 * len(short_out)


# ------------------------------------------------------------------------------------ start-up
def test_core_commands_skip_the_rulings_and_rate_limit_imports():
    """A one-shot command loads no rulings/db parser and no rate-limit library; `--help` still lists them."""
    probe = ("import sys; from server.cli import main; from server.settings import get_settings; "
             "get_settings(); code = main(['rule', '--list']); "
             "print([m for m in ('server.rulings_cli', 'server.db_cli', 'server.ratelimit', 'limits') "
             "if m in sys.modules], file=sys.stderr); sys.exit(code)")
    proc = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, timeout=300)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")[-2000:]
    assert proc.stderr.decode().strip().splitlines()[-1] == "[]"
    listing = arbiter("--help").stdout.decode("utf-8")
    assert "rulings" in listing and "db" in listing
    assert arbiter("rulings", "--help").returncode == 0
