"""The same question in the same conversation is answered once per process, and each caller gets its own copy."""
from __future__ import annotations

import pytest


def test_the_same_question_is_not_worked_out_again(pipeline, monkeypatch):
    question = "迷霧山城四個人要幾張回憶才能脫逃？（快取測試）"
    first = pipeline.ask(question)

    def worked_out_again(*args, **kwargs):
        raise AssertionError("the kept answer should have been returned")

    monkeypatch.setattr(pipeline, "_answer", worked_out_again)
    again = pipeline.ask(question)
    assert again.model_dump(exclude={"took_ms"}) == first.model_dump(exclude={"took_ms"})
    # A caller changing its copy does not change what the next caller gets.
    again.details["changed by a caller"] = True
    assert "changed by a caller" not in pipeline.ask(question).details
    # Another conversation, game or number of quotes is another question.
    with pytest.raises(AssertionError, match="kept answer"):
        pipeline.ask(question, history=["夢魘可以破壞高塔列嗎？"])
    with pytest.raises(AssertionError, match="kept answer"):
        pipeline.ask(question, k=5)
    pipeline.forget_answers()
    with pytest.raises(AssertionError, match="kept answer"):
        pipeline.ask(question)
