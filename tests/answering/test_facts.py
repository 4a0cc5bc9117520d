"""corpus/facts/*.yaml: every fact loads, quotes its passage verbatim, answers as a Verdict, and
every number or may/must statement of the rule texts is a fact, an engine rule's, or listed
as uncovered with a reason. Malformed fact files fail naming the file, the fact and the problem."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from indexer.corpus import CORPUS_DIR, GAME_IDS, CorpusError, Passage, load_passages
from answering.facts import Uncovered, load_facts, load_uncovered
from indexer.text import detect_lang, fold, to_script
from rules_engine import FACTS, LANGS, Fact, UnknownId, Verdict, all_facts, all_rules, fact_verdict, get_fact, register_fact

FACTS_LIST = load_facts()

# --- the coverage check: which statements must be accounted for -------------------------------
_SPLIT = re.compile(r"[。！？；!?;\n]")
_MEASURE = "(?:張|人|位|分|個|次|枚|點|回合|天)"
_NEEDS_COVER = re.compile(rf"[0-9]|[零一二兩两三四五六七八九十]{_MEASURE}|可以|不能|無法|不可|不得|必須")
_MIN_RUN = 6
_CN_DIGITS = {0: "零", 1: "一", 2: "兩二两", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九", 10: "十"}


def statements(text: str) -> list[str]:
    """A passage text cut into statements on sentence punctuation and newlines."""
    return [s.strip() for s in _SPLIT.split(text) if s.strip()]


def needs_cover(statement: str) -> bool:
    """True for a statement with an ASCII digit, a Chinese numeral with a measure word, or a may/must."""
    return bool(_NEEDS_COVER.search(statement))


def overlaps(a: str, b: str, run: int = _MIN_RUN) -> bool:
    """One text contains the other, or they share a run of at least `run` characters."""
    if a in b or b in a:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return any(short[i:i + run] in long_ for i in range(len(short) - run + 1))


def _rule_passages() -> set[str]:
    return {pid for rule in all_rules() for pid in rule.passages}


def _rule_passages_text() -> list[Passage]:
    return [p for p in load_passages() if p.kind == "rule"]


def uncovered_statements(facts: list[Fact], uncovered: list[Uncovered]) -> list[tuple[str, str]]:
    """(passage id, statement) of every statement that needs a cover and has none."""
    ruled = _rule_passages()
    missing = []
    for p in _rule_passages_text():
        quotes = [f.quote for f in facts if f.passage == p.id]
        listed = [u.statement for u in uncovered if u.passage == p.id]
        for s in statements(p.text):
            if not needs_cover(s):
                continue
            if p.id in ruled or any(overlaps(s, q) for q in quotes) or any(s in u or u in s for u in listed):
                continue
            missing.append((p.id, s))
    return missing


# --- loading and the registry ----------------------------------------------------------------
def test_facts_load_for_every_game() -> None:
    assert {f.game for f in FACTS_LIST} == set(GAME_IDS)
    assert 40 <= len(FACTS_LIST) <= 120
    ids = [f.id for f in FACTS_LIST]
    assert len(ids) == len(set(ids))
    assert ids == sorted(ids)


def test_load_is_idempotent_and_registers() -> None:
    again = load_facts()
    assert again == FACTS_LIST
    assert {f.id for f in all_facts()} >= {f.id for f in FACTS_LIST}
    for f in FACTS_LIST:
        assert get_fact(f.id) is FACTS[f.id] == f
    for game in GAME_IDS:
        assert all(f.game == game for f in all_facts(game))
        assert {f.id for f in all_facts(game)} >= {f.id for f in FACTS_LIST if f.game == game}


def test_register_fact_rejects_a_different_fact_under_a_known_id() -> None:
    fact = FACTS_LIST[0]
    assert register_fact(fact) is fact
    changed = fact.model_copy(update={"value": 999})
    with pytest.raises(ValueError, match="registered twice"):
        register_fact(changed)
    assert get_fact(fact.id) == fact


def test_get_fact_unknown_id_lists_valid_ids() -> None:
    with pytest.raises(UnknownId) as err:
        get_fact("onirim.no_such_fact")
    assert "unknown fact 'onirim.no_such_fact'" in str(err.value)
    assert FACTS_LIST[0].id in str(err.value)


@pytest.mark.parametrize("fact", FACTS_LIST, ids=lambda f: f.id)
def test_fact_quotes_its_passage_verbatim(fact: Fact) -> None:
    passages = {p.id: p for p in load_passages()}
    assert fact.passage in passages, f"{fact.id}: unknown passage {fact.passage}"
    assert passages[fact.passage].game == fact.game
    assert fact.quote in passages[fact.passage].text
    assert fact.id.startswith(fact.game + ".")


@pytest.mark.parametrize("fact", [f for f in FACTS_LIST if f.answer_type == "how_many"], ids=lambda f: f.id)
def test_count_is_the_number_the_text_states(fact: Fact) -> None:
    value = fact.value
    assert isinstance(value, int) and not isinstance(value, bool)
    written = [str(value), *_CN_DIGITS.get(value, "")]
    assert any(w in fact.quote for w in written), f"{fact.id}: {value} not in the quote {fact.quote!r}"
    assert str(value) in fact.answer["zh-TW"] and str(value) in fact.answer["en"], fact.id
    assert fact.unit and fact.unit.get("zh-TW") and fact.unit.get("en")


@pytest.mark.parametrize("fact", FACTS_LIST, ids=lambda f: f.id)
def test_types_titles_and_answers(fact: Fact) -> None:
    if fact.answer_type == "yes_no":
        assert isinstance(fact.value, bool)
        lead = fact.answer["en"].split(".")[0].split(",")[0]
        assert lead.startswith("Yes" if fact.value else "No"), f"{fact.id}: en answer contradicts {fact.value}"
    for lang in ("zh-TW", "en"):
        assert fact.titles[lang].strip() and fact.answer[lang].strip()
    assert fact.answer["zh-TW"].endswith(("。", "）", "！")), f"{fact.id}: zh-TW answer is not a sentence"
    assert fact.answer["en"].rstrip(")").endswith("."), f"{fact.id}: en answer is not a sentence"
    assert detect_lang(fact.answer["zh-TW"]) == "zh-TW"
    # English answers may keep a Chinese game term (上家, 迷霧山城) but are written in English.
    en = fact.answer["en"]
    assert len(re.findall(r"[A-Za-z]", en)) > 4 * len(re.findall(r"[\u4e00-\u9fff]", en)), fact.id


# Words that make a title a denial ("No items are given in winter", "冬季不能分送物品").
_DENIAL = {"en": re.compile(r"\b(?:no|not|never|nothing|cannot|none)\b|n't\b", re.IGNORECASE),
           "zh-TW": re.compile(r"不|無|沒|非|別")}


@pytest.mark.parametrize("fact", [f for f in FACTS_LIST if f.answer_type == "yes_no" and f.value is False],
                         ids=lambda f: f.id)
def test_a_no_fact_is_titled_by_what_it_says_no_to(fact: Fact) -> None:
    # The answer shows "Verdict (<title>): no"; a title that is itself a denial would read as its opposite.
    for lang, denial in _DENIAL.items():
        assert not denial.search(fact.titles[lang]), f"{fact.id}: {lang} title {fact.titles[lang]!r} is a denial"


@pytest.mark.parametrize("fact", FACTS_LIST, ids=lambda f: f.id)
def test_examples(fact: Fact) -> None:
    passage_text = fold({p.id: p for p in load_passages()}[fact.passage].text)
    for lang in LANGS:
        examples = fact.examples[lang]
        assert len(examples) >= 3, f"{fact.id}: fewer than 3 {lang} examples"
        assert len(set(examples)) == len(examples)
        for q in examples:
            assert q.strip() == q and q
            # Written as a player asks, not copied from the rule text.
            core = fold(q).rstrip("?？ ")
            assert core not in passage_text, f"{fact.id}: example copied from the passage: {q!r}"
    for q in fact.examples["zh-CN"]:
        assert to_script(q, "zh-CN") == q, f"{fact.id}: zh-CN example not in Simplified: {q!r}"
    for q in fact.examples["zh-TW"]:
        assert detect_lang(q) == "zh-TW", f"{fact.id}: zh-TW example not in Traditional: {q!r}"
    for q in fact.examples["en"]:
        assert detect_lang(q) == "en", f"{fact.id}: en example has Chinese: {q!r}"


def test_example_questions_are_not_shared() -> None:
    owner: dict[str, str] = {}
    for rule in all_rules():
        for lang in LANGS:
            for q in rule.examples.get(lang, ()):
                owner.setdefault(fold(q).rstrip("?？ "), rule.id)
    for fact in FACTS_LIST:
        for lang in LANGS:
            for q in fact.examples[lang]:
                key = fold(q).rstrip("?？ ")
                if lang == "zh-CN":  # the same question as its zh-TW twin, folded
                    continue
                assert owner.setdefault(key, fact.id) == fact.id, \
                    f"{fact.id}: example {q!r} is also an example of {owner[key]}"


@pytest.mark.parametrize("fact", FACTS_LIST, ids=lambda f: f.id)
def test_fact_verdict(fact: Fact) -> None:
    v = fact_verdict(fact)
    assert isinstance(v, Verdict)
    assert v.rule == fact.id and v.value == fact.value
    assert v.cites == [fact.passage] and v.all_cites() == [fact.passage]
    assert v.explanation == fact.answer["zh-TW"] and v.explanation_en == fact.answer["en"]
    [step] = v.trace
    assert step.holds is True and step.cites == [fact.passage]
    assert step.step == fact.answer["zh-TW"] and step.step_en == fact.answer["en"]
    assert v.details["kind"] == "fact" and v.details["unit"] == fact.unit
    assert v.localized("en").explanation == fact.answer["en"]
    assert Verdict.model_validate_json(v.model_dump_json()) == v


@pytest.mark.parametrize("fact", [f for f in FACTS_LIST if f.opposite is not None], ids=lambda f: f.id)
def test_a_fact_asked_the_other_way_round_flips_its_value_and_answer(fact: Fact) -> None:
    v = fact_verdict(fact, asked_opposite=True)
    assert v.value is (not fact.value) and v.details["asked_the_other_way_round"] is True
    assert v.explanation == fact.opposite.answer["zh-TW"] and v.explanation_en == fact.opposite.answer["en"]
    # The answer's first word says the flipped value: a yes-word leads only a true answer.
    yes_zh, yes_en = ("是", "可以", "會", "有"), ("Yes",)
    assert v.explanation.startswith(yes_zh) is v.value and v.explanation_en.startswith(yes_en) is v.value
    assert fact.answer["en"].startswith(yes_en) is fact.value


@pytest.mark.parametrize("question,fact_id,value", [
    ("Hilltown in the Mist: should I keep my character a secret from the others?",
     "mist-mountain.character_card_public", False),
    ("迷霧山城的角色卡是公開的嗎？", "mist-mountain.character_card_public", True),
    ("迷雾山城角色卡不用保密吗？", "mist-mountain.character_card_public", True),
    ("Onirim: is a spell limited to once per game?", "onirim.spell_uses_unlimited", False),
    # A-not-A asks both ways: "能不能攻擊" is not "不能攻擊".
    ("地下城主魔法物品變體：吸血鬼能不能攻擊牧師？", "dungeon-lords.vampire_cannot_attack_priest", False),
    ("地下城主：吸血鬼打不到牧師嗎？", "dungeon-lords.vampire_cannot_attack_priest", True),
])
def test_the_answer_follows_the_way_the_question_is_asked(pipeline, question: str, fact_id: str, value: bool) -> None:
    # Whether routing trusts the fit is calibrated elsewhere; here the fact, once chosen, answers as asked.
    understood = pipeline.understand(question)
    [match] = [c for c in understood.candidates if c.answerer.id == fact_id]
    verdict, _, _ = pipeline.evaluate(match, understood.query, understood.follow_up)
    assert verdict.value is value


@pytest.mark.parametrize("question,fact_id,value", [
    # A limit ("只能擁有一件") answers whether another number is allowed.
    ("地下城主變體：一個冒險家可以同時拿兩件魔法物品嗎？", "dungeon-lords.items_per_adventurer", False),
    ("Dungeon Lords items: can one adventurer end up holding two of our items?", "dungeon-lords.items_per_adventurer",
     False),
    ("地下城主變體：房間戰鬥可以派 2 隻怪物嗎？", "dungeon-lords.room_monsters", True),
    # The unit named first, the number said of "them".
    ("Dungeon Lords items: with more items than adventurers, can one adventurer carry two of them?",
     "dungeon-lords.items_per_adventurer", False),
    # Asked for the limit itself, however its end is named.
    ("地下城主變體：每個冒險家最多可以拿幾件魔法物品？", "dungeon-lords.items_per_adventurer", 1),
])
def test_a_limit_fact_answers_whether_a_number_is_allowed(pipeline, question: str, fact_id: str, value) -> None:
    understood = pipeline.understand(question)
    [match] = [c for c in understood.candidates if c.answerer.id == fact_id]
    verdict, _, _ = pipeline.evaluate(match, understood.query, understood.follow_up)
    assert verdict.value == value and type(verdict.value) is type(value)


def test_numbers_of_what_a_fact_does_not_count_leave_it_a_fact(pipeline) -> None:
    # The uses of an item are not counted: "used three times" is no situation the gold fact leaves out.
    question = "地下城主變體：同一件魔法物品被用了三次，上面會放幾個黃金？"
    understood = pipeline.understand(question)
    [match] = [c for c in understood.candidates if c.answerer.id == "dungeon-lords.gold_per_item"]
    assert match.answerer.fact_unread(question) == []
    verdict, _, _ = pipeline.evaluate(match, understood.query, understood.follow_up)
    assert verdict.value == 1
    # A number of anything else is still a situation it does not read.
    assert match.answerer.fact_unread("地下城主變體：我有3個冒險家，物品上會放幾個黃金？") == [3]


@pytest.mark.parametrize("question,fact_id", [
    # The deal and the markers are the same at every table size: the player count is no situation they leave out.
    ("And at setup, how many cards does each of the five of us get dealt into hand?", "mist-mountain.starting_hand_size"),
    ("两人局用这个魔法物品变体，开局时每人要拿几个指示物？", "dungeon-lords.markers_per_player"),
])
def test_a_table_size_the_fact_does_not_depend_on_is_not_left_unread(pipeline, question, fact_id) -> None:
    understood = pipeline.understand(question)
    [match] = [c for c in understood.candidates if c.answerer.id == fact_id]
    assert match.answerer.fact_unread(question) == []


@pytest.mark.parametrize("question,opposite", [
    ("物品是面朝下塞到冒險家下面的，那放下去的時候要馬上翻開嗎？", True),
    ("Do I reveal my item when I place it?", True),
    ("物品要蓋著放嗎？", False),
])
def test_face_down_items_asked_the_other_way_round(question, opposite) -> None:
    from answering.facts import asks_opposite

    assert asks_opposite(get_fact("dungeon-lords.items_face_down"), question) is opposite


# --- coverage --------------------------------------------------------------------------------
def test_statement_splitting() -> None:
    assert statements("甲。乙！丙？丁；戊\n己!庚?辛;") == ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛"]
    assert needs_cover("每個角色有6張回憶卡")
    assert needs_cover("沒有資格的人各抽兩張手牌")
    assert needs_cover("Pass後本日不可再出牌")
    assert not needs_cover("依卡牌類別分置各牌堆")
    assert needs_cover("咒文卡上提供了三個咒文") and not needs_cover("三份回憶")
    assert overlaps("甲乙丙丁戊己庚", "乙丙丁戊己庚辛") and not overlaps("甲乙丙丁戊", "丙丁戊己庚")


def test_every_number_and_may_must_statement_is_covered() -> None:
    missing = uncovered_statements(FACTS_LIST, load_uncovered())
    assert not missing, "statements with no fact, no rule and no `uncovered` entry:\n" + "\n".join(
        f"  {pid}: {s}" for pid, s in missing)


def test_uncovered_entries_are_needed_and_explained() -> None:
    ruled = _rule_passages()
    by_id = {p.id: p for p in _rule_passages_text()}
    quotes = {(f.passage, f.quote) for f in FACTS_LIST}
    for u in load_uncovered():
        assert u.passage in by_id and u.statement in by_id[u.passage].text
        assert len(u.reason) >= 10
        matching = [s for s in statements(by_id[u.passage].text) if s in u.statement or u.statement in s]
        assert matching and any(needs_cover(s) for s in matching), f"{u.passage}: {u.statement!r} needs no cover"
        assert u.passage not in ruled, f"{u.passage} is a rule's passage; {u.statement!r} need not be listed"
        assert not any(p == u.passage and overlaps(s, q) for p, q in quotes for s in matching), \
            f"{u.passage}: {u.statement!r} is listed as uncovered but a fact quotes it"


# --- malformed files -------------------------------------------------------------------------
def _copy_corpus(tmp_path: Path) -> Path:
    target = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, target)
    return target


def _edit_first_fact(corpus: Path, change) -> Path:
    path = corpus / "facts" / "onirim.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(doc["facts"][0], doc)
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def test_unchanged_copy_loads(tmp_path: Path) -> None:
    corpus = _copy_corpus(tmp_path)
    assert load_facts(corpus, register=False) == FACTS_LIST
    assert load_uncovered(corpus) == load_uncovered()


def _set(key, value):
    def change(fact, doc):
        fact[key] = value
    return change


def _drop(key):
    def change(fact, doc):
        fact.pop(key)
    return change


@pytest.mark.parametrize("change, expected", [
    (_drop("answer_type"), "field facts.0.answer_type (onirim.book_goal_card_count): Field required"),
    (_drop("quote"), "field facts.0.quote (onirim.book_goal_card_count): Field required"),
    (_set("quote", "9張目標卡"), "field facts.0.quote (onirim.book_goal_card_count): quote not verbatim"),
    (_set("passage", "onirim/book/nowhere"), "field facts.0.passage (onirim.book_goal_card_count): unknown passage id"),
    (_set("passage", "mist-mountain/cards/memories"), "is not a passage of 'onirim'"),
    (_set("value", "eight"), "a how_many fact needs a number value"),
    (lambda f, doc: f.update(answer_type="which", value="eight", limit="at_most"),
     "only a how_many fact can be a limit"),
    (_set("answer_type", "how_much"), "field facts.0.answer_type (onirim.book_goal_card_count): Input should be"),
    (_set("id", "Onirim Goal Cards"), "field facts.0.id (Onirim Goal Cards): expected '<game>.<snake_name>'"),
    (_set("id", "mist-mountain.goal_cards"), "must start with its game 'onirim'"),
    (lambda f, doc: f.update(id="mist-mountain.goal_cards", game="mist-mountain"),
     "field facts.0.game (mist-mountain.goal_cards): game 'mist-mountain' in the 'onirim' facts file"),
    (_set("answer", {"zh-TW": "八張。"}), "answer: missing or empty ['en']"),
    (_set("examples", {"zh-TW": ["一", "二", "三"], "zh-CN": ["一", "二", "三"], "en": ["a", "b"]}),
     "needs at least 3 example questions in ['en']"),
    (_set("extra", 1), "field facts.0.extra (onirim.book_goal_card_count): Extra inputs"),
    (_set("opposite", {"phrases": {"zh-TW": ["不是八張"], "en": ["not eight"]}, "answer": {"zh-TW": "是。", "en": "Yes."}}),
     "only a yes_no fact can be asked the other way round"),
    (_set("case_of", "onirim.no_such_rule"),
     "field facts.0.case_of (onirim.book_goal_card_count): unknown rule id 'onirim.no_such_rule'"),
    (_set("case_of", "onirim.tower_placement"), "rule 'onirim.tower_placement' is not a rule of 'onirim' citing"),
    (lambda f, doc: doc["facts"].append(dict(f)), "duplicate fact id 'onirim.book_goal_card_count'"),
    (lambda f, doc: doc["uncovered"].append({"passage": "onirim/intro", "statement": "沒有這句", "reason": "xxxx"}),
     "field uncovered.2.statement: not verbatim"),
    (lambda f, doc: doc["uncovered"].append({"passage": "onirim/nope", "statement": "x", "reason": "xxxx"}),
     "field uncovered.2.passage: unknown passage id"),
    (lambda f, doc: doc.update(notes="x"), "field notes: Extra inputs"),
])
def test_malformed_fact_file_names_file_fact_and_problem(tmp_path: Path, change, expected: str) -> None:
    corpus = _copy_corpus(tmp_path)
    path = _edit_first_fact(corpus, change)
    with pytest.raises(CorpusError) as err:
        load_facts(corpus, register=False)
    message = str(err.value)
    assert str(path) in message
    assert expected in message, message


def test_malformed_yaml_and_misnamed_file(tmp_path: Path) -> None:
    corpus = _copy_corpus(tmp_path)
    path = corpus / "facts" / "onirim.yaml"
    path.write_text("facts: [ {id: x\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="malformed YAML"):
        load_facts(corpus, register=False)
    path.unlink()
    (corpus / "facts" / "chess.yaml").write_text("facts: []\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="chess.yaml: a facts file must be named after its game"):
        load_facts(corpus, register=False)


def test_coverage_check_reports_a_missing_statement() -> None:
    # Drop the fact for a statement in no rule's passage: the coverage check must name it.
    target = next(f for f in FACTS_LIST if f.passage == "mist-mountain/dusk/others-draw")
    missing = uncovered_statements([f for f in FACTS_LIST if f is not target], load_uncovered())
    assert ("mist-mountain/dusk/others-draw", "（4）沒有資格的人各抽兩張手牌") in missing


def test_a_dispute_is_asked_the_way_its_question_asks_not_the_way_a_claim_says_it() -> None:
    from answering.facts import asks_opposite

    fact = get_fact("mist-mountain.no_play_after_pass")
    assert asks_opposite(fact, "Once you pass you're done for the day, right?")
    assert not asks_opposite(fact, "He says that's fine as long as it's still the morning; I say once you pass "
                                   "you're done for the day. Can he play after passing?")
