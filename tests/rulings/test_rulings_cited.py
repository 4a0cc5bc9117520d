"""Accepted rulings reach the index and answers (needs the hook in indexer.corpus.load_passages)."""
from __future__ import annotations

import pytest

from indexer.corpus import load_passages
from indexer.rulings import load_rulings, ruling_passages


def _hooked() -> bool:
    return any(p.kind == "ruling" for p in load_passages())


@pytest.mark.skipif(not _hooked(), reason="indexer.corpus.load_passages does not include rulings yet")
def test_load_passages_includes_every_accepted_ruling():
    expected = {p.id: p for p in ruling_passages(load_rulings())}
    got = {p.id: p for p in load_passages() if p.kind == "ruling"}
    assert got == expected


@pytest.mark.skipif(not _hooked(), reason="indexer.corpus.load_passages does not include rulings yet")
@pytest.mark.parametrize("question, ruling", [
    ("迷霧山城三位資格者的貢獻度剛好等於需求值，可以出團嗎？", "rulings/mist-mountain/exact-requirement-departs"),
    ("Onirim 抽到惡夢被迫放棄的高塔卡要放到棄牌堆還是Limbo？", "rulings/onirim/lost-tower-goes-to-limbo"),
])
def test_an_ambiguous_question_cites_a_ruling(pipeline, question, ruling):
    response = pipeline.ask(question)
    cited = {c.id: c for c in response.citations}
    assert ruling in cited, [c.id for c in response.citations]
    assert cited[ruling].kind == "ruling"
