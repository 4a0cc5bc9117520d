"""The first screen of an answer: the answer line, one quote it rests on, at most one relevant note;
nothing internal; the rest in structured fields and the full text. Every rule's registered example
questions (three languages) are asked, so no question here is written for the test."""
from __future__ import annotations

import re

import pytest

from answering.compose import with_seat_names

from evals.readability import problems
from indexer.corpus import passages_by_id
from indexer.text import detect_lang
from rules_engine import GAMES, all_rules, load_games

load_games()
# Asked with the rule's game, as the widget on a game's page does: an example need not name its game.
EXAMPLES = [pytest.param(rule.examples[lang][0], lang, rule.game, id=f"{rule.id}:{lang}")
            for rule in all_rules() for lang in ("zh-TW", "zh-CN", "en")]
IDS = re.compile(r"\b(?:onirim|mist-mountain|dungeon-lords)[./][a-z]")


@pytest.mark.parametrize(("question", "lang", "game"), EXAMPLES)
def test_first_screen_is_the_answer_line_and_one_quote(pipeline, question, lang, game):
    r = pipeline.ask(question, game=game)
    assert r.in_scope and r.lang == lang
    lines = r.answer.split("\n")
    assert lines[0] == r.answer_line and r.answer_line.strip()
    assert detect_lang(r.answer_line) == lang or (lang == "zh-CN" and detect_lang(r.answer_line) != "en"), \
        r.answer_line
    # One quote: a verbatim sentence of a cited passage; the rest of the citations are behind "Why".
    assert r.quote is not None and (r.quote.id in {c.id for c in r.citations} or r.ruling is not None)
    assert r.quote.excerpt and r.quote.excerpt in passages_by_id()[r.quote.id].text
    assert r.answer.count(r.quote.excerpt) == 1
    for other in r.citations:
        if other.id != r.quote.id and len(other.text) > 20:
            assert other.text not in r.answer
    # At most one note, and only about what the answer rests on.
    assert len(r.answer.split(r.quote.excerpt, 1)[1].strip().splitlines()) <= 2
    rests_on = {r.quote.id} | set(r.verdict["cites"] if r.verdict else [])
    rests_on |= {pid for step in (r.verdict or {}).get("trace", []) for pid in step["cites"]}
    rests_on |= {pid for case in (r.verdict or {}).get("cases", []) for pid in case["cites"]}
    assert all(a.passage in rests_on for a in r.ambiguities), [a.passage for a in r.ambiguities]
    # Nothing internal anywhere a person reads; the ids stay in the JSON fields.
    assert not IDS.search(r.answer) and not IDS.search(r.full_text), r.full_text
    assert problems(r.full_text, lang) == []
    assert r.full_text.startswith(r.answer)
    if r.verdict is not None:
        # The quote is the passage the verdict rests on whenever one of those was cited.
        if rests_on & {c.id for c in r.citations} - {r.quote.id}:
            assert r.quote.id in rests_on


@pytest.mark.parametrize(("question", "game", "lang"), [
    ("Onirim 基本遊戲怎麼贏？", "onirim", "zh-TW"),
    ("How do you win the Onirim base game?", "onirim", "en"),
    ("地城领主战斗的疲劳怎么算？", "dungeon-lords", "zh-CN"),
    ("地城領主本體一開始每個人有幾隻小惡魔？", "dungeon-lords", "zh-TW"),
    # What the texts are about, named only to be set aside, makes it no question about them.
    ("Dungeon Lords base game (not the item variant): how many imps does each player start with?", "dungeon-lords",
     "en"),
])
def test_a_question_about_what_the_texts_leave_out_is_told_so(pipeline, question, game, lang):
    r = pipeline.ask(question)
    assert not r.in_scope and r.verdict is None and r.no_verdict == "not_covered"
    covers = GAMES[game].covers["en" if lang == "en" else "zh-TW"]
    assert (covers if lang != "zh-CN" else covers[:4]) in r.answer_line or lang == "zh-CN"
    assert ("base game" if lang == "en" else "基本遊戲" if lang == "zh-TW" else "基本游戏") in r.answer_line
    # No passage of the texts is quoted as if it answered: they hold nothing on it.
    assert r.game is None and r.quote is None and r.citations == []


def test_every_game_says_what_its_texts_cover_and_leave_out():
    for game in GAMES.values():
        assert game.covers.get("zh-TW") and game.covers.get("en"), game.id
    # The texts cover expansions (Onirim) and a variant (Dungeon Lords), not those base games.
    assert GAMES["onirim"].outside and GAMES["dungeon-lords"].outside


@pytest.mark.parametrize(("question", "lang"), [
    ("Onirim 哪裡買最便宜？", "zh-TW"),
    ("迷雾山城值得买吗？", "zh-CN"),
    ("Where can I buy Dungeon Lords?", "en"),
])
def test_buying_advice_is_out_of_scope_even_naming_our_game(pipeline, question, lang):
    r = pipeline.ask(question)
    assert not r.in_scope and r.game is None and r.citations == [] and r.verdict is None
    assert r.lang == lang
    assert ("buying" in r.answer) if lang == "en" else ("購買" in r.answer or "购买" in r.answer)
    # Explicitly asked for a game (the widget on a game's page): still not a rules question.
    assert not pipeline.ask(question, game="onirim").in_scope


@pytest.mark.parametrize("history", [[], ["Onirim 的高塔擴充怎麼玩？"]])
def test_a_request_for_code_is_no_rules_question_even_after_one(pipeline, history):
    # It borrows a game's words ("shuffle", 洗牌), and a conversation about a game came before it.
    for question in ("Can you write me a Python function that shuffles the Onirim deck?", "幫我寫程式模擬夢境的洗牌"):
        r = pipeline.ask(question, history=history)
        assert not r.in_scope and r.verdict is None and r.citations == [], question
        assert "code" in r.answer or "程式" in r.answer


def test_a_cheaper_spell_side_is_still_a_rules_question(pipeline):
    r = pipeline.ask("棄牌堆正好5張，用花費較少的那面，能放Paradoxical Prophecy嗎？")
    assert r.in_scope and r.game == "onirim"


def test_seats_the_player_named_are_called_by_those_names_in_the_answer(pipeline):
    zh = "5人局，隊長阿德，從他下家開始輪：小玉、Max、阿土，最後是胖虎。阿德3分、小玉0分、Max 5分、阿土2分、胖虎4分，需求11，能出團嗎？"
    r = pipeline.ask(zh)
    assert r.verdict is not None and r.verdict["value"] is True
    assert "Max（下家2）" in r.answer_line and "胖虎（下家4）" in r.answer_line and "下家1" not in r.answer_line
    en = ("Captain Mia; then Noah, Olga, and Pete sits right before Mia. Mia put in 2, Noah 5, Olga 1, Pete 4. "
          "We need 11. Do we depart?")
    r = pipeline.ask(en)
    assert r.verdict is not None and r.verdict["value"] is True
    assert "Noah (seat 1)" in r.answer_line and "Pete (seat 3)" in r.answer_line
    # The captain card keeps its name.
    names = {0: "阿德", 2: "Max"}
    assert with_seat_names("隊長卡交給下家2，由隊長續任", names, "zh-TW") == "隊長卡交給Max（下家2），由阿德（隊長）續任"
    assert with_seat_names("The captain card goes to seat 2; the captain stays", names, "en") == \
        "The captain card goes to Max (seat 2); 阿德 (the captain) stays"


def test_the_base_game_said_as_basic_edition_is_told_so(pipeline):
    r = pipeline.ask("地下城领主基础游戏里，年底缴税那一步要怎么算？")
    assert not r.in_scope and r.no_verdict == "not_covered"
