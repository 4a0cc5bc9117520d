"""Disputes: what two players claim is a possible answer, not a fact of the table; the verdict comes from the
situation the question states."""
from __future__ import annotations

import pytest

from answering.claims import asks_who_is_right, claim_spans, claims_unnumbered, dispute_form, who_is_right
from answering.extract import extract_input, rule_unread_numbers
from answering.routing import question_form
from indexer.text import fold
from rules_engine import get_rule


@pytest.mark.parametrize("question", ["小明說可以，我說不行，誰對？", "到底誰說得對", "ok who's right here", "bot settle this",
                                      "Which of us is right?"])
def test_who_is_right_is_asked(question):
    assert asks_who_is_right(fold(question))


@pytest.mark.parametrize("question", ["誰有資格出團？", "who goes on the expedition?", "對嗎？", "我說一下情況：我有3張回憶，能逃脫嗎？"])
def test_other_questions_ask_no_who_is_right_and_keep_their_numbers(question):
    assert not asks_who_is_right(fold(question))
    assert claims_unnumbered(fold(question)) == fold(question)


@pytest.mark.parametrize("question,form", [
    ("阿德說棄一張藍5高塔可以看5張，我說只能看3張，誰對？", "how_many"),
    ("Tom says the deck gets 8 Happy Dreams, I say 4. Who's right?", "how_many"),
    ("小凱說要丟一張塔，我說不用，到底誰對", "yes_no"),
    ("Jess says I can cast it, I say no. Who is right?", "yes_no"),
    # What is left after the dispute may ask in a form of its own.
    ("小華說一共加6分，我說只加4分。誰對？總分多少", "how_many"),
    # Claims that differ in what they name ask in no form the claims can tell.
    ("小王說那物品要棄掉，我說回到玩家手上。誰對？", None),
])
def test_a_dispute_asks_in_the_form_its_claims_differ_in(question, form):
    assert question_form(fold(question)) == form


def test_the_asker_answering_another_is_a_dispute_without_who_is_right():
    assert dispute_form(fold("書本擴充的目標卡幾張？老王說4張，我說8張")) == "how_many"


def test_numbers_claimed_are_not_read_as_the_situation():
    rule = get_rule("onirim.tower_discard_peek")
    question = "我棄掉一張紅色3號高塔，阿凱說跟Key一樣可以看5張，我說只能看3張，到底誰對啦"
    read = extract_input(rule.input_model, question)
    assert read == {"tower": "red-3"}
    # The claimed 5 and 3 are left out, not left unread: the situation is fully read.
    assert rule_unread_numbers(rule, question, read) == []


def test_a_claim_of_the_next_one_is_a_claim():
    # "说下一个…" reports what someone says ("说下规则" would ask to be told the rules).
    rule = get_rule("onirim.book_return_door")
    question = ("目标卡顺序是棕、绿、红、蓝、棕、红、绿、蓝，前五个都拿到了。刚抽到梦魇，我选择把第二个目标上的绿门放回Limbo。"
                "老公说下一个还是去拿第六个（红色），我说要先把绿门拿回来。谁对？")
    assert extract_input(rule.input_model, question)["returned"] == 2
    assert len(claim_spans(fold(question))) == 2
    asks_to_be_told = fold("可以说下规则吗？谁对？")
    assert not any("规则" in asks_to_be_told[a:b] for a, b in claim_spans(asks_to_be_told))


def test_the_situation_told_around_the_claims_is_read():
    rule = get_rule("dungeon-lords.item_marked")
    question = ("地城領主物品變體：隊伍要治療3點傷，牧師只能治2點，隊上有兩瓶治療藥水。"
                "小偉說只要標記一瓶，我說兩瓶都要標記，誰對？")
    read = extract_input(rule.input_model, question)
    assert read["damage_to_heal"] == 3 and read["priest_hearts"] == 2 and read["potions"] == 2


def test_a_dispute_gets_the_verdict_of_its_situation(pipeline):
    r = pipeline.ask("Onirim Towers: I discard a brown 5 Tower to peek at the deck. Lin says I see 5 cards, I say 3. "
                     "Who's right?")
    assert r.rule == "onirim.tower_discard_peek"
    assert r.verdict["value"] == 5  # a 5 Tower shows five cards, as its number says


@pytest.mark.parametrize("question,value,judged", [
    ("阿德說可以看5張，我說只能看3張，誰對？", 3, ("我", True)),
    ("阿德說可以看5張，我說只能看3張，誰對？", 5, ("阿德", False)),
    ("Tom says the deck gets eight Happy Dreams, Jess says 4. Who's right?", 4, ("jess", False)),
    ("小凱說還要丟一張塔，我說不用，誰對？", False, ("我", True)),
    ("小凱說還要丟一張塔，我說不用，誰對？", True, ("小凯", False)),
    # No claim says the value, or both do, or a claim says no number: nobody is named right.
    ("阿德說5張，我說3張，誰對？", 4, None),
    ("阿德說5張，我也說5張，誰對？", 5, None),
    ("阿德說5張，我說看情況，誰對？", 5, None),
    ("小王說那物品要棄掉，我說回到玩家手上。誰對？", False, None),
    ("我有3張回憶，能逃脫嗎？", True, None),
])
def test_whose_claim_the_verdict_bears_out(question, value, judged):
    assert who_is_right(fold(question), value) == judged


def test_the_answer_says_who_is_right_first(pipeline):
    r = pipeline.ask("Onirim Towers: I discard a blue 4 Tower. Ana says I look at 3 cards, Ben says 4. Who's right?")
    assert r.verdict["value"] == 4
    assert r.answer_line.startswith("Ben is right.")


# The asker's own understanding, put up to be checked: its numbers are what the asker believes, not the situation.
@pytest.mark.parametrize("question,claimed", [
    ("我們五個人玩，我理解最後要湊到6張自己角色的回憶才算逃出去，對嗎？", "要凑到6张自己角色的回忆才算逃出去"),
    ("After the night trading we each discard down to 8 cards in hand — did I get that right?", "8 cards"),
    ("魔法物品變體開局時，每個人是拿4個自己顏色的標記物，對吧？", "每个人是拿4个自己颜色的标记物"),
    ("I've got 4 golds in my dead letter office, so that's a guaranteed 8 bonus points, right?", "8 bonus points"),
])
def test_an_understanding_put_up_to_be_checked_is_a_claim(question, claimed):
    folded = fold(question)
    spans = claim_spans(folded)
    assert len(spans) == 1 and claimed in folded[spans[0][0]:spans[0][1]]


@pytest.mark.parametrize("question", [
    "我有4張回憶，這樣能逃脫嗎？",  # asks, puts nothing up
    "我有4張回憶，對吧？這樣能逃嗎？",  # the tag does not close the question
    "I still have to give up one Tower, right?",  # a single one is what is done, not a number believed
    "我們四個人玩，能出團嗎？",
])
def test_a_question_without_an_understanding_keeps_its_numbers(question):
    assert claims_unnumbered(fold(question)) == fold(question)


@pytest.mark.parametrize("question,form", [
    ("我理解最後要湊到6張自己角色的回憶才算逃出去，對嗎？", "how_many"),   # ends on the number: the right number is asked
    ("所以我總共是3+2=5分，對吧？", "how_many"),
    ("我理解小卡和住持都能折成回憶，加起來剛好6，能逃出去，對吧？", "yes_no"),  # ends on a yes or no
    ("I still have to give up one Tower, right?", "yes_no"),
])
def test_an_understanding_asks_in_the_form_it_ends_on(question, form):
    assert question_form(fold(question)) == form


def test_the_understanding_is_checked_against_the_verdict(pipeline):
    r = pipeline.ask("弃掉一张棕色5号塔，我记得只能偷看牌库顶3张，塔上的数字不影响，对吗？")
    assert r.rule == "onirim.tower_discard_peek" and r.verdict["value"] == 5  # the brown 5, not the believed 3
    assert r.answer_line.startswith("不对。")
    r = pipeline.ask("游戏结束我算完是10分，死信办公室里放着3个金币。我理解每个金币加2分，所以一共多6分，对吧？")
    assert r.rule == "dungeon-lords.item_bonus" and r.verdict["value"] == 6
    assert r.answer_line.startswith("没错。")
