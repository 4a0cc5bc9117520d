"""The glossary and the development sets (dev_questions.yaml, dev_asks.yaml) load, are consistent
with the corpus, and meet the minimum sizes; malformed glossaries fail naming file and field."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import opencc
import pytest
import yaml

from indexer.corpus import CORPUS_DIR, GAME_IDS, CorpusError, load_glossary, passages_by_id

ROOT = Path(__file__).resolve().parents[2]
DEV_QUESTIONS = ROOT / "tests" / "data" / "tune" / "questions.yaml"
DEV_ASKS = ROOT / "tests" / "data" / "tune" / "asks.yaml"
LANGS = {"zh-TW", "zh-CN", "en"}
STYLES = {"paraphrase", "keyword", "typo", "synonym", "scenario"}

# zh_cn is OpenCC t2s of zh_tw for every term; list deliberate exceptions here as
# {term id: reason}. There are none at present.
ZH_CN_EXCEPTIONS: dict[str, str] = {}

# Surface forms deliberately shared by two games (each game has its own term).
SHARED_FORMS = {"手牌上限", "hand size", "hand limit", "最多幾張手牌", "變體規則", "变体规则"}

_T2S = opencc.OpenCC("t2s")
_CJK = re.compile(r"[\u3400-\u9fff]")


@pytest.fixture(scope="module")
def glossary():
    return load_glossary()


@pytest.fixture(scope="module")
def passage_ids() -> dict[str, str]:
    return {pid: p.game for pid, p in passages_by_id().items()}


@pytest.fixture(scope="module")
def dev_questions() -> list[dict]:
    return yaml.safe_load(DEV_QUESTIONS.read_text(encoding="utf-8"))["questions"]


@pytest.fixture(scope="module")
def dev_asks() -> dict:
    return yaml.safe_load(DEV_ASKS.read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------------ glossary
def test_glossary_loads_and_covers_every_game(glossary):
    per_game = Counter(t.game for t in glossary.terms)
    assert len(glossary.terms) >= 100
    for game in GAME_IDS:
        assert per_game[game] >= 30, f"only {per_game[game]} terms for {game}"


def test_each_game_has_its_name_as_a_term(glossary):
    ids = {(t.game, t.id) for t in glossary.terms}
    for game in GAME_IDS:
        assert (game, game) in ids, f"no glossary term naming the game {game}"


@pytest.mark.parametrize("term_id, forms", [
    ("nightmare", {"夢魘", "噩夢", "惡夢", "Nightmare"}),
    ("door", {"門卡", "門"}),
    ("tower", {"高塔", "塔"}),
    ("tower-row", {"高塔列"}),
    ("limbo", {"靈薄獄", "待定區", "地獄邊境", "Limbo"}),
    ("spell", {"咒文", "法術"}),
    ("dark-premonition", {"黑暗徵兆", "黑色徵兆", "預兆"}),
    ("happy-dream", {"美夢", "好夢"}),
    ("officer", {"警官"}),
    ("tea-master", {"品茶師"}),
    ("escape-master", {"脫逃大師"}),
    ("camp-flooded", {"營地淹沒"}),
    ("potion", {"治療藥水"}),
    ("clover", {"幸運四葉草"}),
    ("thief", {"盜賊", "小偷"}),
    ("wizard", {"巫師", "法師"}),
    ("dead-letter-office", {"死信辦公室"}),
])
def test_terms_players_ask_about(glossary, term_id, forms):
    terms = [t for t in glossary.terms if t.id == term_id]
    assert terms, f"missing glossary term {term_id}"
    surface = set(terms[0].surface_forms())
    assert forms <= surface, f"{term_id} lacks {forms - surface}"


def test_zh_cn_is_opencc_simplified(glossary):
    wrong = [(t.id, t.zh_tw, t.zh_cn, _T2S.convert(t.zh_tw)) for t in glossary.terms
             if t.id not in ZH_CN_EXCEPTIONS and _T2S.convert(t.zh_tw) != t.zh_cn]
    assert not wrong, f"zh_cn differs from OpenCC t2s(zh_tw): {wrong}"
    for term_id in ZH_CN_EXCEPTIONS:
        assert any(t.id == term_id for t in glossary.terms), f"stale exception {term_id}"


def test_no_surface_form_points_at_two_games(glossary):
    games: dict[str, set[str]] = {}
    for t in glossary.terms:
        if t.game == "all":
            continue
        for form in t.surface_forms():
            games.setdefault(form.lower(), set()).add(t.game)
    shared = {f for f, g in games.items() if len(g) > 1} - {f.lower() for f in SHARED_FORMS}
    assert not shared, f"forms claimed by two games (game detection would tie): {sorted(shared)}"


def test_no_blank_or_duplicate_forms_within_a_term(glossary):
    for t in glossary.terms:
        forms = [t.zh_tw, t.zh_cn, *t.en, *t.synonyms]
        assert all(f.strip() == f and f for f in forms), f"{t.id}: blank or padded form"
        assert len(set(t.synonyms)) == len(t.synonyms), f"{t.id}: repeated synonym"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "glossary.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD_TERM = "- {id: door, game: onirim, zh_tw: 門卡, zh_cn: 门卡, en: [Door]}\n"


@pytest.mark.parametrize("body, field, why", [
    ("terms:\n- {id: door, game: onirim, zh_tw: 門卡, en: [Door]}\n", "terms.0.zh_cn", "Field required"),
    ("terms:\n- {id: door, game: chess, zh_tw: 門卡, zh_cn: 门卡, en: [Door]}\n", "terms.0.game", "Input should be"),
    ("terms:\n- {id: Door Card, game: onirim, zh_tw: 門卡, zh_cn: 门卡, en: [Door]}\n", "terms.0.id", "pattern"),
    ("terms:\n- {id: door, game: onirim, zh_tw: 門卡, zh_cn: 门卡, en: []}\n", "terms.0.en", "at least 1"),
    ("terms:\n- {id: door, game: onirim, zh_tw: 門卡, zh_cn: 门卡, en: [Door], colour: red}\n",
     "terms.0.colour", "Extra inputs"),
    ("terms:\n" + GOOD_TERM + GOOD_TERM, "(top level)", "duplicate glossary term id 'door'"),
    ("terms: []\n", "terms", "at least 1"),
    ("[1, 2]\n", "(top level)", "valid dictionary"),
])
def test_malformed_glossary_names_file_and_field(tmp_path, body, field, why):
    path = _write(tmp_path, body)
    with pytest.raises(CorpusError) as err:
        load_glossary(path)
    message = str(err.value)
    assert str(path) in message
    assert f"field {field}" in message
    assert why in message


def test_unparseable_or_missing_glossary(tmp_path):
    path = _write(tmp_path, "terms:\n- {id: door, game: [onirim\n")
    with pytest.raises(CorpusError, match="malformed YAML") as err:
        load_glossary(path)
    assert str(path) in str(err.value)
    with pytest.raises(CorpusError, match="file not found"):
        load_glossary(tmp_path / "nope.yaml")


# ---------------------------------------------------------------------------- dev_questions.yaml
def test_dev_questions_sizes(dev_questions):
    langs = Counter(q["lang"] for q in dev_questions)
    assert len(dev_questions) >= 110
    assert langs["zh-TW"] >= 65 and langs["zh-CN"] >= 22 and langs["en"] >= 22, langs


def test_dev_questions_fields(dev_questions):
    for q in dev_questions:
        assert set(q) == {"q", "lang", "game", "relevant", "style"}, q
        assert q["lang"] in LANGS and q["game"] in GAME_IDS and q["style"] in STYLES, q
        assert q["q"].strip() and q["relevant"], q
    assert len({q["q"] for q in dev_questions}) == len(dev_questions), "repeated question"
    assert set(Counter(q["style"] for q in dev_questions)) == STYLES


def test_dev_questions_relevant_ids_exist(dev_questions, passage_ids):
    for q in dev_questions:
        assert len(set(q["relevant"])) == len(q["relevant"]), q
        for pid in q["relevant"]:
            assert pid in passage_ids, f"{q['q']!r}: unknown passage {pid}"
            assert passage_ids[pid] == q["game"], f"{q['q']!r}: {pid} is not a {q['game']} passage"


def test_dev_questions_spread_like_the_passages(dev_questions, passage_ids):
    questions = Counter(q["game"] for q in dev_questions)
    passages = Counter(passage_ids.values())
    for game in GAME_IDS:
        q_share = questions[game] / len(dev_questions)
        p_share = passages[game] / len(passage_ids)
        assert abs(q_share - p_share) < 0.10, (game, q_share, p_share)


def test_dev_questions_scripts(dev_questions):
    for q in dev_questions:
        if q["lang"] == "zh-CN":
            assert _T2S.convert(q["q"]) == q["q"], f"not Simplified: {q['q']!r}"
        elif q["lang"] == "en":
            assert not _CJK.search(q["q"]), f"English question with Chinese: {q['q']!r}"
        else:
            assert _CJK.search(q["q"]), f"zh-TW question without Chinese: {q['q']!r}"


def test_dev_questions_do_not_copy_passages(dev_questions):
    texts = [p.text for p in passages_by_id().values()]
    for q in dev_questions:
        s = q["q"]
        for i in range(len(s) - 9):
            window = s[i:i + 10]
            if _CJK.search(window):
                assert not any(window in t for t in texts), f"{s!r} copies {window!r}"


# --------------------------------------------------------------------------------- dev_asks.yaml
def test_dev_asks_sizes(dev_asks):
    assert set(dev_asks) == {"out_of_scope", "follow_ups", "game_only"}
    assert len(dev_asks["out_of_scope"]) >= 20
    assert len(dev_asks["follow_ups"]) >= 12
    assert len(dev_asks["game_only"]) >= 30
    assert {q["lang"] for q in dev_asks["out_of_scope"]} == LANGS
    assert {q["game"] for q in dev_asks["game_only"]} == set(GAME_IDS)
    assert {q["game"] for q in dev_asks["follow_ups"]} == set(GAME_IDS)


def test_dev_asks_fields(dev_asks):
    for q in dev_asks["out_of_scope"]:
        assert set(q) == {"q", "lang"} and q["lang"] in LANGS and q["q"].strip(), q
    for q in dev_asks["game_only"]:
        assert set(q) == {"q", "lang", "game"} and q["lang"] in LANGS and q["game"] in GAME_IDS, q
    for f in dev_asks["follow_ups"]:
        assert set(f) == {"history", "q", "lang", "game", "relevant"}, f
        assert f["lang"] in LANGS and f["game"] in GAME_IDS, f
        assert isinstance(f["history"], list) and f["history"] and all(h.strip() for h in f["history"]), f


def test_dev_asks_follow_up_ids_exist(dev_asks, passage_ids):
    for f in dev_asks["follow_ups"]:
        assert f["relevant"], f
        for pid in f["relevant"]:
            assert pid in passage_ids, f"{f['q']!r}: unknown passage {pid}"
            assert passage_ids[pid] == f["game"], f"{f['q']!r}: {pid} is not a {f['game']} passage"


def test_game_only_questions_name_no_game(dev_asks, glossary):
    names = [form.lower() for t in glossary.terms if t.id in GAME_IDS for form in t.surface_forms()]
    names += list(GAME_IDS)
    for q in dev_asks["game_only"]:
        text = q["q"].lower()
        named = [n for n in names if (n in text if _CJK.search(n) else re.search(rf"\b{re.escape(n)}\b", text))]
        assert not named, f"{q['q']!r} names a game: {named}"


def test_follow_ups_depend_on_history(dev_asks, glossary):
    names = [form.lower() for t in glossary.terms if t.id in GAME_IDS for form in t.surface_forms()]
    for f in dev_asks["follow_ups"]:
        assert not any(n in f["q"].lower() for n in names if len(n) > 2), f"{f['q']!r} names its game"
        assert len(f["q"]) < 60, f"{f['q']!r} is a full question, not a follow-up"


def test_corpus_dir_is_the_default():
    assert (CORPUS_DIR / "glossary.yaml").is_file()
