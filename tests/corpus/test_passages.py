"""Passages are verbatim, cover every source line, and malformed files fail clearly."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from indexer.corpus import CORPUS_DIR, CorpusError, load_passage_files, load_passages

SOURCES = CORPUS_DIR / "sources"
SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


def test_every_passage_is_verbatim_in_its_source() -> None:
    passages = [p for p in load_passages() if p.kind == "rule"]
    assert len(passages) >= 100
    for p in passages:
        source = (SOURCES / p.source).read_text(encoding="utf-8")
        assert p.text in source, p.id
        window = "\n".join(source.split("\n")[p.lines[0] - 1:p.lines[1]])
        assert p.text in window, f"{p.id}: text not at lines {p.lines}"


def test_no_nonblank_source_line_is_left_out() -> None:
    for game, pf in load_passage_files().items():
        lines = (SOURCES / pf.source).read_text(encoding="utf-8").split("\n")
        covered = set()
        for entry in pf.passages:
            covered.update(range(entry.lines[0], entry.lines[1] + 1))
        skipped = {s.line for s in pf.skipped_lines}
        for number, line in enumerate(lines, 1):
            if line.strip() and number not in covered:
                assert number in skipped, f"{pf.source}:{number} is in no passage: {line!r}"
        for s in pf.skipped_lines:
            text = lines[s.line - 1].strip()
            # Only labels, separators and bare links may be skipped.
            is_separator = len(set(text)) <= 2 and not any(c.isalnum() for c in text)
            assert len(text) <= 4 or is_separator or text.startswith("http"), \
                f"skipped line {s.line} has content: {text!r}"


def test_ruling_passages_are_verbatim_in_their_ruling_files() -> None:
    rulings = [p for p in load_passages() if p.kind == "ruling"]
    assert rulings
    for p in rulings:
        assert p.text.split("\n", 1)[0] in (CORPUS_DIR / p.source).read_text(encoding="utf-8"), p.id


def test_ids_are_unique_readable_and_games_known() -> None:
    passages = load_passages()
    ids = [p.id for p in passages]
    assert len(ids) == len(set(ids))
    assert {p.game for p in passages} == {"onirim", "mist-mountain", "dungeon-lords"}
    for p in passages:
        assert p.id.startswith(p.game + "/") or p.id.startswith("rulings/"), p.id


@pytest.mark.skipif(not SEEDS.exists(), reason="shared/seeds not beside the checkout")
def test_sources_are_the_untouched_seed_files() -> None:
    for seed in SEEDS.iterdir():
        assert (SOURCES / seed.name).read_bytes() == seed.read_bytes(), seed.name


def _copy_corpus(tmp_path: Path) -> Path:
    target = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, target, ignore=shutil.ignore_patterns("rulings"))
    return target


@pytest.mark.parametrize("mutate, expected", [
    (lambda s: s.replace("game: onirim", "game: chess"), "field game"),
    (lambda s: s.replace("  lines:\n  - 6\n  - 9", "  lines:\n  - 9\n  - 6"), "field passages.1.lines"),
    (lambda s: s.replace("裡面包含了 8張目標卡", "裡面包含了 9張目標卡"), "not verbatim"),
    (lambda s: s.replace("passages:", "passages: [", 1), "malformed YAML"),
    (lambda s: s.replace("- id: onirim/intro", "- id: Onirim Intro"), "readable id"),
])
def test_malformed_passage_file_names_file_field_and_reason(tmp_path: Path, mutate, expected: str) -> None:
    corpus = _copy_corpus(tmp_path)
    path = corpus / "passages" / "onirim.yaml"
    path.write_text(mutate(path.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_passages(corpus)
    message = str(info.value)
    assert "onirim.yaml" in message and expected in message, message


def test_invalid_utf8_file_is_reported(tmp_path: Path) -> None:
    corpus = _copy_corpus(tmp_path)
    (corpus / "passages" / "onirim.yaml").write_bytes(b"game: onirim\n\xff\xfe")
    with pytest.raises(CorpusError, match="not valid UTF-8"):
        load_passages(corpus)


def test_a_corpus_loaded_again_reflects_a_changed_file(tmp_path: Path) -> None:
    corpus = _copy_corpus(tmp_path)
    first = load_passages(corpus)
    assert load_passages(corpus) == first and load_passages(corpus) is not first  # kept, as a new list
    path = corpus / "passages" / "onirim.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  lines:\n  - 6\n  - 9", "  lines:\n  - 9\n  - 6"),
                    encoding="utf-8")
    with pytest.raises(CorpusError, match="field passages.1.lines"):
        load_passages(corpus)
