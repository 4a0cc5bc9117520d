"""The questions each passage answers (corpus/questions): every rule passage has some in Chinese and
English, none is a sentence of the passage itself, and the index holds one vector per question."""
from __future__ import annotations

import re

import yaml

from indexer.corpus import CORPUS_DIR, load_passage_questions, passages_by_id
from indexer.text import has_cjk


def test_every_rule_passage_has_questions_in_both_languages():
    questions = load_passage_questions()
    rule_passages = {pid for pid, p in passages_by_id().items() if p.kind == "rule"}
    assert set(questions) <= rule_passages
    raw = {pid: langs for path in (CORPUS_DIR / "questions").glob("*.yaml")
           for pid, langs in yaml.safe_load(path.read_text(encoding="utf-8"))["passages"].items()}
    missing = sorted(rule_passages - set(raw))
    assert not missing, missing
    for pid, langs in raw.items():
        assert langs.get("zh-TW") or langs.get("en"), pid
        assert all(has_cjk(q) for q in langs.get("zh-TW") or []), pid
        assert not any(has_cjk(q) for q in langs.get("en") or []), pid


def test_a_question_asks_about_its_passage_and_does_not_copy_it():
    by_id = passages_by_id()
    for pid, questions in load_passage_questions().items():
        sentences = {s.strip() for s in re.split(r"[。！？\n]", by_id[pid].text) if len(s.strip()) >= 8}
        for q in questions:
            assert q.rstrip("？?") not in sentences, (pid, q)
            assert len(q) <= 120, (pid, q)


def test_the_index_holds_one_vector_per_question(search_service):
    index = search_service.index
    total = sum(len(qs) for qs in load_passage_questions().values())
    assert index.question_vectors is not None and index.question_vectors.ntotal == total
    assert index.question_owners is not None and len(index.question_owners) == total
    # Each question points back at the passage it was written for.
    owners = [index.passages[i].id for i in index.question_owners]
    assert owners == [pid for pid, qs in load_passage_questions().items() for _ in qs]


def test_a_passage_scores_by_its_best_field(search_service):
    from indexer.retrieval import BM25Retriever, DenseRetriever, HybridRetriever

    index = search_service.index
    pid, questions = next((pid, qs) for pid, qs in load_passage_questions().items() if len(qs) >= 3)
    question = questions[0]
    row = next(i for i, p in enumerate(index.passages) if p.id == pid)
    for retriever, names in ((DenseRetriever(index), {"dense", "dense_q", "dense_c"}),
                             (BM25Retriever(index), {"bm25", "bm25_q"})):
        fields = retriever.field_scores(question)
        assert set(fields) == names
        best = retriever.scores(question)
        assert best[row] == max(fields[name][row] for name in names)
    # Asked word for word, the question's own passage is the nearest by its questions field.
    fields = DenseRetriever(index).field_scores(question)
    assert fields["dense_q"][row] > 0.99
    # And by its questions taken together (their centroid).
    assert fields["dense_c"][row] == fields["dense_c"].max()
    top = HybridRetriever(index).search(question, game=index.passages[row].game, k=3)
    assert pid in [h.passage.id for h in top]
    # Ranking by the passage text alone ignores the questions field.
    text_only = HybridRetriever(index).search(question, k=3, text_only=True)
    assert all(set(h.scores) == {"bm25", "dense"} for h in text_only)
