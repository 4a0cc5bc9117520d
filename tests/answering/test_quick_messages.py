"""Reading messages typed in a hurry, claims repeated while teaching, and tables described in detail: spaces for
pauses, a row said to be joined up, a fallback question after a claim, a roster told with the table's size, and
questions that are about the evening rather than the rules."""
from __future__ import annotations

import pytest

from answering.extract import seat_names
from answering.routing import asked_parts, question_form
from answering.scope import not_a_rules_question, uncovered_parts_asked
from indexer.text import fold
from rules_engine import get_rule
from tests.answering._reading import read_rule as read


def test_the_nightmare_itself_sent_to_limbo():
    data, _ = read("onirim.nightmare_tower_penalty", "towers in play, 2 towers down. drew a nightmare - if i send the "
                                                     "nightmare itself back to limbo do i still have to give up a tower")
    assert data["nightmare_to_limbo"] is True
    data, _ = read("onirim.nightmare_tower_penalty", "drew a nightmare with 2 towers down, do I lose a tower to limbo?")
    assert "nightmare_to_limbo" not in data


def test_towers_said_to_be_joined_in_a_row_are_the_row():
    question = "塔 綠4 紅5 棕5 藍3 連成一排 這樣算湊齊了沒"
    assert read("onirim.alignment_complete", question)[0] == {"row": ["green-4", "red-5", "brown-5", "blue-3"]}
    placement, _ = read("onirim.tower_placement", question)
    assert "tower" not in placement
    # A Tower put at the end of the row is still a Tower added.
    assert read("onirim.tower_placement", "塔列是綠4、紅5，藍3接在右邊可以嗎？")[0]["tower"] == "blue-3"


def test_the_book_named_beside_the_towers_and_spells_not_opened():
    data, _ = read("onirim.difficulty_level", "塔+书一起上 但不开咒文 博主那个难度表算第几级")
    assert (data["towers"], data["book"], data["spells"]) == (True, True, "none")


@pytest.mark.parametrize("question, form", [
    ("max items one adventurer can hold?", "how_many"),
    ("Minimum players for Hilltown?", "how_many"),
    ("max damage is the problem here. can i cast it", "yes_no"),
])
def test_a_question_opening_on_the_most_of_a_thing_asks_how_many(question, form):
    assert question_form(fold(question)) == form


def test_a_space_ends_an_ordinal_in_a_message_typed_without_punctuation():
    data, _ = read("dungeon-lords.item_slot", "我坐起始玩家後面第2個 魔法物品要蓋在第幾個冒險家下面")
    assert data["player_index_from_start"] == 2
    # With punctuation, the ordinal is of the thing named after it.
    data, _ = read("dungeon-lords.item_slot", "起始玩家是我，第2個 魔法物品要蓋在哪？")
    assert data.get("player_index_from_start") != 2


def test_health_the_party_must_win_back_is_damage_to_heal():
    data, unread = read("dungeon-lords.item_marked", "这回合有怪打过 队伍要回3血 牧师只能补2 身上带了2瓶药水 药水要标用过吗")
    assert (data["damage_to_heal"], data["priest_hearts"], data["potions"]) == (3, 2, 2) and not unread


def test_memories_of_the_askers_own_character_said_briefly():
    data, unread = read("mist-mountain.own_escape", "我本角色回忆4张 外加3张竹林小道小卡 够脱逃不")
    assert (data["memories"], data["bamboo"]) == (4, 3) and not unread


def test_those_who_qualified_went_and_a_list_with_commas_inside_ends_at_a_comma():
    data, _ = read("mist-mountain.next_captain", "六人局，队长阿明，下家依次是小红、小刚、丽丽、大伟、小芳。今天顺利出团了，"
                                                 "资格者是阿明、小刚、小芳，丽丽手里还攥着两张金矿。队长卡该交到谁手上？")
    assert data["went"] == [0, 2, 5]


def test_a_fallback_asked_after_a_claim_asks_the_same_thing():
    assert asked_parts(fold("朋友說小李是脫逃大師，對嗎？不對的話是誰？")) == 1
    assert asked_parts(fold("Is Ben the escape master? If not, who is?")) == 1
    assert asked_parts(fold("誰脫逃成功？誰是脫逃大師？")) == 2
    assert asked_parts(fold("要丟幾張？不是要丟兩張嗎？")) == 2  # a second question that starts with 不是


def test_the_table_size_told_with_the_captains_name_seats_the_records():
    question = ("營地淹沒了，我們4人局最後一天的隊長是老王。老王有6張自己的回憶，場上2張金礦小巷、手上還有1張；他的下家阿珍有6張"
                "回憶、場上3張金礦；再下一位小李只有3張回憶，但場上有5張金礦；隊長的上家大頭有6張回憶、1張金礦。誰是脫逃大師？")
    assert seat_names(question) == {0: "老王", 1: "阿珍", 2: "小李", 3: "大頭"}
    data, unread = read("mist-mountain.escape_master", question)
    assert [p["name"] for p in data["players"]] == ["老王", "阿珍", "小李", "大頭"] and not unread
    assert get_rule("mist-mountain.escape_master").run(data).value == "老王"


@pytest.mark.parametrize("question", [
    "今晚五个人来我家开迷雾山城，牌我已经分好堆了。你觉得配什么零食和饮料比较好？",
    "教了一整晚新手，嗓子都啞了。你覺得教桌遊有什麼小訣竅嗎？",
])
def test_the_evening_around_the_game_is_no_rules_question(question):
    assert not_a_rules_question(question)


def test_a_card_of_an_expansion_no_text_covers_is_out_of_scope():
    assert uncovered_parts_asked("我们在玩Onirim的Crossroads & Dead Ends扩充，桌上翻出一张十字路口卡。这张十字路口卡怎么用？")
    assert not uncovered_parts_asked("Onirim 的高塔擴充怎麼用？")


@pytest.mark.parametrize("question, claimed, form", [
    ("朋友說晚上交易完之後手牌上限是10張，超過的才要丟，是這樣嗎？", 10, "yes_no"),
    ("I'm teaching my roommate the Book of Steps. I told her Parallel Planning costs 8 discards on the expensive side. "
     "Did I get the number right?", 8, "how_many"),
])
def test_what_someone_was_told_put_up_to_be_checked_is_a_claim_not_a_fact(question, claimed, form):
    from answering.claims import claim_spans, claims_unnumbered

    folded = fold(question)
    assert claim_spans(folded)
    assert str(claimed) in folded and str(claimed) not in claims_unnumbered(folded)
    assert question_form(folded) == form  # "did I get the number right" waits for the right number


def test_a_number_claimed_of_one_quantity_is_not_confirmed_by_a_fact_of_another(pipeline):
    # "needs six memory cards to get out" is no claim about the six memory cards each character has.
    earlier = ("My friend taught me Hilltown in the Mist and said everybody needs six memory cards of their own "
               "character to get out at the end. Is six right?")
    for question, history in ((earlier, []), ("We'll be five at the table tonight, if that changes anything.", [earlier])):
        assert pipeline.ask(question, history=history).rule != "mist-mountain.memory_cards_per_character"
