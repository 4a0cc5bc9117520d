"""`arbiter rulings export` writes accepted proposals as ruling files that load and pass the check."""
from __future__ import annotations

from pathlib import Path

from indexer.rulings import load_rulings, ruling_passages
from server.cli import main
from server.rulings_cli import check_corpus
from server.rulings_db import RulingsStore


def test_export_writes_valid_ruling_files(corpus_copy: Path, tmp_path: Path, capsys):
    url = f"sqlite:///{tmp_path / 'export.db'}"
    store = RulingsStore(url)
    try:
        accepted, _ = store.submit({
            "game": "onirim", "question": "高塔列可以超過四張高塔嗎？<b>粗體</b>",
            "answer": "本文只說高塔列包含四張不同顏色的高塔卡；我們建議以四張為限。",
            "cites": [{"passage": "onirim/towers/row", "quote": "高塔列包含了四張不同顏色的高塔卡"}],
            "author": "玩家甲"})
        rejected, _ = store.submit({"game": "onirim", "question": "可以偷看牌堆嗎？", "answer": "可以。",
                                    "cites": [], "author": None})
        pending, _ = store.submit({"game": "onirim", "question": "還沒審的問題？", "answer": "未定。", "cites": [],
                                   "author": None})
        store.decide(accepted["id"], "accepted")
        store.decide(rejected["id"], "rejected")
    finally:
        store.close()

    before = {(r.game, r.id) for r in load_rulings(corpus_copy)}
    assert main(["rulings", "export", "--database-url", url, "--corpus-dir", str(corpus_copy)]) == 0
    assert "exported 1 ruling(s)" in capsys.readouterr().out
    rulings = {(r.game, r.id): r for r in load_rulings(corpus_copy)}
    new = set(rulings) - before
    assert new == {("onirim", f"community-{accepted['id']}")}
    ruling = rulings[("onirim", f"community-{accepted['id']}")]
    assert ruling.status == "accepted" and ruling.provenance.kind == "community"
    assert ruling.provenance.author == "玩家甲"
    assert ruling.question.zh_tw == "高塔列可以超過四張高塔嗎？<b>粗體</b>"  # stored text, verbatim
    assert ruling.cites[0].passage == "onirim/towers/row"
    _, problems = check_corpus(corpus_copy, use_embedder=False)
    assert problems == [], "\n".join(map(str, problems))
    assert f"rulings/onirim/community-{accepted['id']}" in {p.id for p in ruling_passages(list(rulings.values()))}

    # Exporting again leaves the file alone.
    assert main(["rulings", "export", "--database-url", url, "--corpus-dir", str(corpus_copy)]) == 0
    assert "exported 0 ruling(s); 1 already present" in capsys.readouterr().out
