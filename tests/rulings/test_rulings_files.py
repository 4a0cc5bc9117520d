"""The ruling files: schema errors name file and field; every real ruling passes the check."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from indexer.corpus import CORPUS_DIR, CorpusError, _ID_RE, passages_by_id
from indexer.rulings import RULING_SECTION, load_ruling_file, load_rulings, ruling_files, ruling_passages, text_hash
from server.rulings_cli import check_corpus, run_check

RULING_FILES = ruling_files(CORPUS_DIR)


def test_at_least_ten_real_rulings_over_every_game():
    rulings = load_rulings()
    assert len(rulings) >= 10
    assert {r.game for r in rulings} == {"onirim", "mist-mountain", "dungeon-lords"}
    assert sum(1 for r in rulings if r.check is not None) >= 10
    for r in rulings:
        assert r.provenance.kind in {"official", "designer", "community"}
        assert r.cites, r.source


@pytest.mark.parametrize("path", RULING_FILES, ids=[p.stem for p in RULING_FILES])
def test_each_ruling_file_passes(path: Path):
    ruling = load_ruling_file(path)
    passages = passages_by_id()
    for c in ruling.cites:
        assert c.passage in passages, c.passage
        assert c.quote in passages[c.passage].text, (c.passage, c.quote)
        assert c.text_hash == text_hash(passages[c.passage].text), f"{c.passage} is stale"
    assert run_check(ruling) == []


def test_whole_corpus_check_is_clean(embedder):
    rulings, problems = check_corpus(CORPUS_DIR, embedder=embedder)
    assert problems == [], "\n".join(map(str, problems))
    assert len(rulings) == len(RULING_FILES)


def test_ruling_passages_are_verbatim_and_readable():
    rulings = load_rulings()
    passages = ruling_passages(rulings)
    assert len(passages) == sum(1 for r in rulings if r.status == "accepted")
    for r, p in zip([r for r in rulings if r.status == "accepted"], passages):
        assert p.kind == "ruling"
        assert _ID_RE.match(p.id) and p.id == f"rulings/{r.game}/{r.id}"
        assert p.section == RULING_SECTION
        assert p.text == r.question.zh_tw + "\n" + r.answer.zh_tw
        assert p.source == f"rulings/{r.game}/{r.id}.yaml" and (CORPUS_DIR / p.source).exists()
        assert p.lines == (1, 1)
        raw = yaml.safe_load((CORPUS_DIR / p.source).read_text(encoding="utf-8"))
        assert raw["question"]["zh-TW"].strip() in p.text and raw["answer"]["zh-TW"].strip() in p.text


def test_proposed_and_superseded_rulings_are_not_indexed(corpus_copy: Path):
    base = load_ruling_file(corpus_copy / "rulings/onirim/lost-tower-goes-to-limbo.yaml", corpus_copy)
    newer = base.model_copy(update={"id": "lost-tower-v2", "supersedes": base.id})
    proposed = base.model_copy(update={"id": "lost-tower-draft", "status": "proposed"})
    ids = {p.id for p in ruling_passages([base, newer, proposed])}
    assert ids == {"rulings/onirim/lost-tower-v2"}


def _write(corpus: Path, rel: str, data: object) -> Path:
    path = corpus / "rulings" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def _good(corpus: Path) -> dict:
    return yaml.safe_load((corpus / "rulings/onirim/lost-tower-goes-to-limbo.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d["question"].pop("zh-TW"), "question.zh-TW"),
    (lambda d: d["provenance"].update(kind="rumour"), "provenance.kind"),
    (lambda d: d.update(status="maybe"), "status"),
    (lambda d: d["cites"][0].update(text_hash="abc"), "cites.0.text_hash"),
    (lambda d: d.update(colour="red"), "colour"),
    (lambda d: d["provenance"].update(date="yesterday"), "provenance.date"),
    (lambda d: d.update(supersedes="lost-tower-goes-to-limbo"), "supersede itself"),
    (lambda d: d["check"].update(rule="mist-mountain.qualification"), "check.rule"),
])
def test_schema_errors_name_file_and_field(corpus_copy: Path, mutate, field):
    data = _good(corpus_copy)
    mutate(data)
    path = _write(corpus_copy, "onirim/lost-tower-goes-to-limbo.yaml", data)
    with pytest.raises(CorpusError) as e:
        load_rulings(corpus_copy)
    assert str(path) in str(e.value) and field in str(e.value)


def test_file_place_must_match_game_and_id(corpus_copy: Path):
    data = _good(corpus_copy)
    wrong_dir = _write(corpus_copy, "mist-mountain/lost-tower-goes-to-limbo.yaml", data)
    with pytest.raises(CorpusError, match="field game") as e:
        load_rulings(corpus_copy)
    assert str(wrong_dir) in str(e.value)
    wrong_dir.unlink()
    wrong_name = _write(corpus_copy, "onirim/some-other-name.yaml", data)
    with pytest.raises(CorpusError, match="field id") as e:
        load_rulings(corpus_copy)
    assert str(wrong_name) in str(e.value)


def test_malformed_yaml_and_non_mapping_are_named(corpus_copy: Path):
    path = corpus_copy / "rulings/onirim/broken.yaml"
    path.write_text("id: [unclosed\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="malformed YAML") as e:
        load_rulings(corpus_copy)
    assert str(path) in str(e.value)
    path.write_text("- just\n- a list\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="top level"):
        load_rulings(corpus_copy)
