"""`arbiter rulings check`: staleness, duplicates, citations, engine disagreement, supersedes, exit codes."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import yaml

from server.cli import main

from ._files import dump_yaml as _dump, load_yaml as _load
from server.rulings_cli import NEAR_DUPLICATE_THRESHOLD, check_corpus

LIMBO = "rulings/onirim/lost-tower-goes-to-limbo.yaml"


def _kinds(problems) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for p in problems:
        out.setdefault(p.kind, []).append(f"{p.where}: {p.message}")
    return out


def test_changed_passage_text_is_reported_stale(corpus_copy: Path):
    # Shorten the cited passage by its last character: still verbatim in its source, so the corpus
    # loads, but its text (and hash) changed since the ruling was written.
    passages_file = corpus_copy / "passages" / "onirim.yaml"
    data = yaml.safe_load(passages_file.read_text(encoding="utf-8"))
    entry = next(p for p in data["passages"] if p["id"] == "onirim/towers/nightmare")
    entry["text"] = entry["text"][:-1]
    passages_file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    stale = _kinds(problems).get("stale", [])
    assert len(stale) == 1 and "onirim/towers/nightmare" in stale[0] and LIMBO in stale[0]


def test_modified_hash_is_reported_stale(corpus_copy: Path):
    data = _load(corpus_copy, LIMBO)
    data["cites"][0]["text_hash"] = "0" * 64
    _dump(corpus_copy, LIMBO, data)
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    assert [p.kind for p in problems] == ["stale"]
    assert "onirim/towers/nightmare" in problems[0].message


def test_near_duplicate_question_is_flagged(corpus_copy: Path, embedder):
    data = _load(corpus_copy, LIMBO)
    data["id"] = "where-lost-tower-goes"
    data["question"] = {"zh-TW": "抽到惡夢時被迫放棄的高塔卡要放在哪裡？放棄牌堆還是Limbo？"}
    _dump(corpus_copy, "rulings/onirim/where-lost-tower-goes.yaml", data)
    _, problems = check_corpus(corpus_copy, embedder=embedder)
    dups = _kinds(problems).get("duplicate", [])
    assert len(dups) == 1 and "nearly the same question" in dups[0] and "lost-tower-goes-to-limbo" in dups[0]
    # Marking it as superseding the older ruling settles it.
    data["supersedes"] = "lost-tower-goes-to-limbo"
    _dump(corpus_copy, "rulings/onirim/where-lost-tower-goes.yaml", data)
    _, problems = check_corpus(corpus_copy, embedder=embedder)
    assert problems == []


def test_exact_duplicate_question_is_flagged_without_embedder(corpus_copy: Path):
    data = _load(corpus_copy, LIMBO)
    data["id"] = "copy-of-limbo"
    data["question"]["zh-TW"] = "  " + data["question"]["zh-TW"].replace("？", "?") + " "
    _dump(corpus_copy, "rulings/onirim/copy-of-limbo.yaml", data)
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    assert [p.kind for p in problems] == ["duplicate"]
    assert "the same question as rulings/onirim/copy-of-limbo.yaml" in problems[0].message or \
        "lost-tower-goes-to-limbo" in problems[0].message


def test_threshold_separates_distinct_rulings_from_rewordings(embedder):
    """Pins the calibration documented at NEAR_DUPLICATE_THRESHOLD."""
    from indexer.rulings import load_rulings

    def cos(a: str, b: str) -> float:
        v = embedder.embed_queries([a, b])
        v = v / np.linalg.norm(v, axis=1, keepdims=True)
        return float(v[0] @ v[1])

    rulings = load_rulings()
    distinct = [cos(a.question.zh_tw, b.question.zh_tw) for i, a in enumerate(rulings)
                for b in rulings[i + 1:] if a.game == b.game]
    assert max(distinct) < NEAR_DUPLICATE_THRESHOLD
    rewordings = [
        ("三位資格者的貢獻度加起來剛好等於路徑的需求值，可以出團嗎？", "三位資格者的貢獻度總和剛好等於路徑需求值時，可以出團嗎？"),
        ("施放咒文時支付的棄牌會怎樣？是從遊戲中移除，還是只要棄牌堆張數夠多就好？",
         "施放咒文時付出的棄牌會怎麼樣？會從遊戲中移除，還是只要棄牌堆夠多張就好？"),
        ("兩位玩家貢獻度同分，搶最後一個出團資格時，誰優先？", "兩個玩家貢獻度一樣，最後一個出團資格給誰？"),
    ]
    assert min(cos(a, b) for a, b in rewordings) >= NEAR_DUPLICATE_THRESHOLD


def test_quote_missing_passage_engine_and_supersedes_problems(corpus_copy: Path):
    data = _load(corpus_copy, LIMBO)
    data["cites"][0]["quote"] = "這句話不在原文裡"
    data["cites"].append({"passage": "onirim/towers/no-such-passage", "quote": "x", "text_hash": "1" * 64})
    data["check"]["expect"] = False
    data["supersedes"] = "never-written"
    _dump(corpus_copy, LIMBO, data)
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    kinds = _kinds(problems)
    assert any("cites.0.quote: not verbatim" in m for m in kinds["citation"])
    assert any("cites.1.passage: no passage 'onirim/towers/no-such-passage'" in m for m in kinds["citation"])
    assert any("check.expect" in m and "answers true" in m for m in kinds["engine"])
    assert any("supersedes: no ruling 'never-written'" in m for m in kinds["supersedes"])


def test_unknown_rule_and_bad_input_are_engine_problems(corpus_copy: Path):
    data = _load(corpus_copy, LIMBO)
    data["check"] = {"rule": "onirim.no_such_rule", "input": {}, "expect": True}
    _dump(corpus_copy, LIMBO, data)
    rel = "rulings/onirim/spells-any-time-repeatedly.yaml"
    other = _load(corpus_copy, rel)
    other["check"]["input"]["side"] = "golden"
    _dump(corpus_copy, rel, other)
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    messages = [p.message for p in problems if p.kind == "engine"]
    assert any("unknown rule 'onirim.no_such_rule'" in m for m in messages)
    assert any(m.startswith("check.input: side") for m in messages)


def test_cli_exit_codes(corpus_copy: Path, capsys):
    assert main(["rulings", "check", "--corpus-dir", str(corpus_copy), "--no-embedder"]) == 0
    assert "all clean" in capsys.readouterr().out
    data = _load(corpus_copy, LIMBO)
    data["cites"][0]["text_hash"] = "f" * 64
    _dump(corpus_copy, LIMBO, data)
    assert main(["rulings", "check", "--corpus-dir", str(corpus_copy), "--no-embedder"]) == 1
    err = capsys.readouterr().err
    assert "[stale]" in err and LIMBO in err


def test_cli_schema_problem_listed_not_raised(corpus_copy: Path, capsys):
    (corpus_copy / "rulings/onirim/bad.yaml").write_text("id: bad\ngame: onirim\n", encoding="utf-8")
    assert main(["rulings", "check", "--corpus-dir", str(corpus_copy), "--no-embedder"]) == 1
    err = capsys.readouterr().err
    assert "rulings/onirim/bad.yaml:1: [schema]" in err and "field question" in err


def test_cli_new_writes_a_loadable_proposed_ruling(corpus_copy: Path):
    from indexer.rulings import load_ruling_file

    assert main(["rulings", "new", "onirim", "tower-row-length", "--cite", "onirim/towers/row",
                 "--question", "高塔列可以超過四張嗎？", "--author", "玩家乙", "--corpus-dir", str(corpus_copy)]) == 0
    path = corpus_copy / "rulings/onirim/tower-row-length.yaml"
    ruling = load_ruling_file(path, corpus_copy)
    assert ruling.status == "proposed" and ruling.cites[0].passage == "onirim/towers/row"
    assert ruling.provenance.author == "玩家乙"
    # The answer is still the template's placeholder: refused until written.
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    assert [(p.kind, p.message.split(":")[0]) for p in problems] == [("template", "answer.zh-TW")]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["answer"]["zh-TW"] = "不行，高塔列最多四張。"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    assert problems == []
