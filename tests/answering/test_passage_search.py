"""The answer ranks passages the way the ranker was trained and the retrieval evaluation measures."""
from __future__ import annotations

from answering.scope import strip_game_names


def test_passages_are_searched_as_the_retrieval_eval_searches_them(pipeline):
    # A Simplified question naming its game: the answer ranks passages by the folded question without the
    # game's name, the vector the ranker was trained with, not by the question's own vector.
    question = "Onirim 里梦魇卡会让我弃掉手牌吗？"
    understood = pipeline.understand(question, game="onirim")
    assert understood.hits
    expected = pipeline.search.retriever.search(strip_game_names(question), game="onirim", k=len(understood.hits))
    assert [(h.passage.id, h.score) for h in understood.hits] == [(h.passage.id, h.score) for h in expected]
