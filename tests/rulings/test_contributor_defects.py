"""What a new contributor hit with ruling files and the CLI (issue 18), each pinned by a test."""
from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest
import yaml

from indexer.corpus import load_passages
from indexer import rulings as rulings_module
from indexer.rulings import indexed_rulings
from server.cli import main

from ._files import dump_yaml as _dump, load_yaml as _load
from server.rulings_cli import check_corpus

LIMBO = "rulings/onirim/lost-tower-goes-to-limbo.yaml"
LIMBO_ID = "rulings/onirim/lost-tower-goes-to-limbo"


@pytest.fixture(autouse=True)
def _fresh_warnings(monkeypatch):
    """Each test sees its own warnings (they are printed once per process)."""
    monkeypatch.setattr(rulings_module, "_warned", set())


def _ruling_ids(corpus: Path) -> set[str]:
    return {p.id for p in load_passages(corpus) if p.kind == "ruling"}


def test_yaml_error_is_left_out_of_the_index_once_with_file_line_and_fix(corpus_copy: Path, capsys):
    before = _ruling_ids(corpus_copy)
    capsys.readouterr()
    bad = corpus_copy / "rulings/onirim/broken.yaml"
    bad.write_text("id: broken\ngame: onirim\nquestion:\n  zh-TW: 問題\n   answer: [oops\n", encoding="utf-8")
    assert _ruling_ids(corpus_copy) == before  # the rest keeps working
    assert _ruling_ids(corpus_copy) == before
    err = capsys.readouterr().err
    assert err.count("broken.yaml") == 1, err  # once, though the corpus was loaded twice
    assert f"{bad}:5:" in err and "malformed YAML" in err and "fix:" in err
    assert "<unicode string>" not in err and "Traceback" not in err
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    assert [(p.kind, p.where) for p in problems] == [("schema", "rulings/onirim/broken.yaml:5")]
    assert "<unicode string>" not in problems[0].message and problems[0].message.count("line") <= 1


def test_schema_error_names_line_and_fix_and_the_rest_is_indexed(corpus_copy: Path, capsys):
    data = _load(corpus_copy, LIMBO)
    data["provenance"]["kind"] = "rumour"
    _dump(corpus_copy, LIMBO, data)
    ids = _ruling_ids(corpus_copy)
    assert LIMBO_ID not in ids and len(ids) >= 10
    err = capsys.readouterr().err
    line = next(i for i, text in enumerate((corpus_copy / LIMBO).read_text().splitlines(), 1) if "kind:" in text)
    assert f"lost-tower-goes-to-limbo.yaml:{line}: field provenance.kind" in err
    assert "fix: use one of the values listed" in err


@pytest.mark.parametrize("breakage, said", [
    (lambda d: d["cites"][0].update(quote="這句話不在規則書裡"), "not verbatim"),
    (lambda d: d["check"].update(expect=False), "check.expect"),
])
def test_ruling_failing_its_quote_or_engine_check_is_not_indexed(corpus_copy: Path, capsys, breakage, said):
    data = _load(corpus_copy, LIMBO)
    breakage(data)
    _dump(corpus_copy, LIMBO, data)
    assert LIMBO_ID not in _ruling_ids(corpus_copy)
    assert LIMBO_ID not in {r.passage_id for r in indexed_rulings(corpus_copy)}
    err = capsys.readouterr().err
    assert "left out of the index" in err and said in err and "arbiter rulings check" in err


def test_check_refuses_template_placeholders_even_when_accepted(corpus_copy: Path):
    assert main(["rulings", "new", "onirim", "draft", "--cite", "onirim/towers/row", "--author", "甲",
                 "--corpus-dir", str(corpus_copy)]) == 0
    data = _load(corpus_copy, "rulings/onirim/draft.yaml")
    data["status"] = "accepted"
    _dump(corpus_copy, "rulings/onirim/draft.yaml", data)
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    template = [p for p in problems if p.kind == "template"]
    assert {p.message.split(":")[0] for p in template} == {"question.zh-TW", "answer.zh-TW"}
    assert main(["rulings", "check", "--corpus-dir", str(corpus_copy), "--no-embedder"]) == 1


def test_a_copied_ruling_blames_the_copy_not_the_original(corpus_copy: Path):
    # The copy sorts before the original, and is the newer file.
    data = _load(corpus_copy, LIMBO)
    data["id"] = "a-copy-of-limbo"
    copy = _dump(corpus_copy, "rulings/onirim/a-copy-of-limbo.yaml", data)
    original = corpus_copy / LIMBO
    os.utime(original, (1_700_000_000, 1_700_000_000))
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    dups = [p for p in problems if p.kind == "duplicate"]
    assert [p.where for p in dups] == ["rulings/onirim/a-copy-of-limbo.yaml"], dups
    assert LIMBO in dups[0].message
    assert copy.exists()


def test_stale_hash_prints_the_full_hash_to_paste(corpus_copy: Path):
    from indexer.corpus import passages_by_id
    from indexer.rulings import text_hash

    data = _load(corpus_copy, LIMBO)
    data["cites"][0]["text_hash"] = "c5d4f6726ce0" + "0" * 52
    _dump(corpus_copy, LIMBO, data)
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    current = text_hash(passages_by_id()["onirim/towers/nightmare"].text)
    stale = [p for p in problems if p.kind == "stale"]
    assert len(stale) == 1 and f"text_hash: {current}" in stale[0].message
    assert "…" not in stale[0].message


def test_bad_passage_id_says_did_you_mean(corpus_copy: Path, capsys):
    data = _load(corpus_copy, LIMBO)
    data["cites"][0]["passage"] = "onirim/tower/nightmare"
    _dump(corpus_copy, LIMBO, data)
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    [citation] = [p for p in problems if p.kind == "citation"]
    assert "did you mean 'onirim/towers/nightmare'" in citation.message
    assert main(["rulings", "new", "onirim", "x", "--cite", "onirim/tower/nightmare", "--author", "甲",
                 "--corpus-dir", str(corpus_copy)]) == 2
    assert "did you mean 'onirim/towers/nightmare'" in capsys.readouterr().err


def test_rulings_new_asks_for_the_author(corpus_copy: Path, capsys, monkeypatch):
    args = ["rulings", "new", "onirim", "who-ruled", "--cite", "onirim/towers/row", "--corpus-dir", str(corpus_copy)]
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # not a terminal: nobody to ask
    assert main(args) == 2
    assert "--author" in capsys.readouterr().err
    assert not (corpus_copy / "rulings/onirim/who-ruled.yaml").exists()

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Terminal("林小明\n"))
    assert main(args) == 0
    assert _load(corpus_copy, "rulings/onirim/who-ruled.yaml")["provenance"]["author"] == "林小明"
    assert "rules-arbiter maintainers" not in (corpus_copy / "rulings/onirim/who-ruled.yaml").read_text()


def test_rule_schema_lists_the_fields_and_a_bad_field_names_them(capsys):
    assert main(["rule", "onirim.nightmare_tower_penalty", "--schema"]) == 0
    out = capsys.readouterr().out
    assert "row: list of (string)" in out and "lost_tower_to: one of limbo|discard" in out
    assert main(["rule", "--list"]) == 0
    assert "fields: row, alignment_power" in capsys.readouterr().out
    assert main(["rule", "onirim.nightmare_tower_penalty", '{"rows": ["red-5"]}']) == 2
    err = capsys.readouterr().err
    assert "Extra inputs are not permitted" in err and "takes only the fields row, alignment_power" in err


def test_every_worked_check_in_the_template_agrees_with_the_engine(corpus_copy: Path):
    from rules_engine import all_rules
    from server.rule_fields import worked_check

    for rule in all_rules():
        check = worked_check(rule)
        assert rule.run(check["input"]).value == check["expect"], rule.id
    assert main(["rulings", "new", "mist-mountain", "with-checks", "--author", "甲",
                 "--corpus-dir", str(corpus_copy)]) == 0
    text = (corpus_copy / "rulings/mist-mountain/with-checks.yaml").read_text(encoding="utf-8")
    assert "#     rule: mist-mountain.qualification" in text
    # Uncommenting one block gives a check `rulings check` accepts.
    lines = text.splitlines()
    start = lines.index("#   check:", next(i for i, t in enumerate(lines) if "mist-mountain.qualification —" in t))
    block = []
    for line in lines[start:]:
        if not line.startswith("#   "):
            break
        block.append(line[4:])
    data = yaml.safe_load(text)
    data.update(yaml.safe_load("\n".join(block)))
    data["question"]["zh-TW"], data["answer"]["zh-TW"] = "三人貢獻剛好等於需求可以出團嗎？", "可以。"
    data["cites"] = _load(corpus_copy, "rulings/mist-mountain/exact-requirement-departs.yaml")["cites"]
    _dump(corpus_copy, "rulings/mist-mountain/with-checks.yaml", data)
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    assert [p for p in problems if p.kind == "engine"] == []


def test_a_corpus_without_rulings_still_loads(tmp_path: Path):
    """A corpus with no contributions at all still loads (no rulings directory)."""
    from indexer.corpus import CORPUS_DIR

    target = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, target, ignore=shutil.ignore_patterns("rulings"))
    assert _ruling_ids(target) == set()
