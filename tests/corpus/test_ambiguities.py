"""corpus/ambiguities.yaml loads, points at real passages, covers the disputes in rules-notes.md,
and a malformed file fails naming the file and the field."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from indexer.ambiguities import Ambiguity, ambiguities_for, load_ambiguities
from indexer.corpus import CORPUS_DIR, GAME_IDS, CorpusError, passages_by_id


@pytest.fixture(scope="module")
def ambiguities() -> list[Ambiguity]:
    return load_ambiguities()


def test_loads_with_every_game(ambiguities):
    assert {a.game for a in ambiguities} == set(GAME_IDS)
    assert len({a.id for a in ambiguities}) == len(ambiguities)
    assert {a.source for a in ambiguities} == {"text", "rules-notes"}


def test_every_passage_id_exists_and_belongs_to_the_game(ambiguities):
    passages = passages_by_id()
    for a in ambiguities:
        for pid in a.passages:
            assert pid in passages, f"{a.id}: unknown passage {pid}"
            assert passages[pid].game == a.game


def test_readings_and_defaults(ambiguities):
    for a in ambiguities:
        assert len(a.readings) >= 2, a.id
        assert a.note.zh_tw and a.note.en
        for r in a.readings:
            assert r.label.zh_tw and r.label.en and r.detail.zh_tw and r.detail.en
        if a.engine_default is None:
            assert a.default_reading is None
        else:
            assert a.default_reading == a.readings[a.engine_default]


@pytest.mark.parametrize("passage, ambiguity", [
    ("onirim/towers/nightmare", "onirim-lost-tower-destination"),
    ("onirim/book/spells", "onirim-spell-payment"),
    ("onirim/towers/row", "onirim-tower-row-length"),
    ("onirim/premonitions/three-doors", "onirim-premonition-eight-redraw"),
    ("mist-mountain/morning/departure", "mist-exceed-or-meet"),
    ("mist-mountain/cards/paths-four-point-zero", "mist-four-point-tool-zero"),
    ("mist-mountain/cards/paths", "mist-unlisted-paths"),
    ("mist-mountain/villagers/actor", "mist-actor-details"),
    ("dungeon-lords/adventurers/assign", "dl-wand-warriors"),
    ("dungeon-lords/appendix/necklace-example-fatigue", "dl-lost-example-pictures"),
])
def test_rules_notes_disputes_are_listed(passage, ambiguity):
    assert ambiguity in [a.id for a in ambiguities_for(passage)]


def test_engine_defaults_follow_rules_notes(ambiguities):
    by_id = {a.id: a for a in ambiguities}
    # rules-notes: default to the seed's Limbo; implement "meets or exceeds"; do not guess the
    # 4-point-tool sentence.
    assert by_id["onirim-lost-tower-destination"].default_reading.label.en.startswith("To Limbo")
    assert by_id["mist-exceed-or-meet"].default_reading.label.en.startswith("Meet or exceed")
    assert by_id["mist-four-point-tool-zero"].engine_default is None


def test_ambiguities_for_unknown_or_clear_passage():
    assert ambiguities_for("onirim/intro") == []
    assert ambiguities_for("no/such/passage") == []


def test_loads_from_an_explicit_path():
    # the loader resolves ids against the corpus the file lives in
    assert load_ambiguities(CORPUS_DIR / "ambiguities.yaml")


GOOD = {
    "id": "x-test",
    "game": "onirim",
    "passages": ["onirim/towers/nightmare"],
    "note": {"zh-TW": "不清楚", "en": "unclear"},
    "readings": [
        {"label": {"zh-TW": "甲", "en": "A"}, "detail": {"zh-TW": "甲說", "en": "A says"}},
        {"label": {"zh-TW": "乙", "en": "B"}, "detail": {"zh-TW": "乙說", "en": "B says"}},
    ],
    "engine_default": 0,
    "source": "text",
}


def _write(tmp_path: Path, entry: dict | None = None, doc: object = None) -> Path:
    path = tmp_path / "ambiguities.yaml"
    data = doc if doc is not None else {"ambiguities": [entry]}
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def _broken(**changes) -> dict:
    entry = {k: v for k, v in GOOD.items()}
    for k, v in changes.items():
        if v is None:
            entry.pop(k)
        else:
            entry[k] = v
    return entry


def test_good_temp_file_loads(tmp_path):
    [a] = load_ambiguities(_write(tmp_path, GOOD))
    assert a.id == "x-test" and a.default_reading.label.en == "A"


@pytest.mark.parametrize("entry, field, why", [
    (_broken(note=None), "ambiguities.0.note", "Field required"),
    (_broken(game="chess"), "ambiguities.0.game", "Input should be"),
    (_broken(id="Bad Id"), "ambiguities.0.id", "pattern"),
    (_broken(readings=GOOD["readings"][:1]), "ambiguities.0.readings", "at least 2"),
    (_broken(engine_default=2), "ambiguities.0", "engine_default 2 is not an index"),
    (_broken(source="forum"), "ambiguities.0.source", "Input should be"),
    (_broken(note={"zh-TW": "不清楚"}), "ambiguities.0.note.en", "Field required"),
    (_broken(passages=["dungeon-lords/intro"]), "ambiguities.0", "is not a passage of game 'onirim'"),
    (_broken(extra="x"), "ambiguities.0.extra", "Extra inputs"),
])
def test_malformed_file_names_file_and_field(tmp_path, entry, field, why):
    path = _write(tmp_path, entry)
    with pytest.raises(CorpusError) as err:
        load_ambiguities(path)
    message = str(err.value)
    assert str(path) in message
    assert f"field {field}" in message
    assert why in message


def test_unknown_passage_id_names_file_and_field(tmp_path):
    path = _write(tmp_path, _broken(passages=["onirim/towers/nightmare", "onirim/towers/nope"]))
    with pytest.raises(CorpusError) as err:
        load_ambiguities(path)
    message = str(err.value)
    assert str(path) in message and "field ambiguities.0.passages.1" in message
    assert "onirim/towers/nope" in message


def test_duplicate_ids_and_bad_yaml(tmp_path):
    path = _write(tmp_path, doc={"ambiguities": [GOOD, GOOD]})
    with pytest.raises(CorpusError, match="duplicate ambiguity id 'x-test'"):
        load_ambiguities(path)
    path.write_text("ambiguities: [ {id: x\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="malformed YAML"):
        load_ambiguities(path)
    with pytest.raises(CorpusError, match="file not found"):
        load_ambiguities(tmp_path / "missing.yaml")
