"""Reading games told afterwards and rules half remembered: the base game named as what was played, a count said
after its thing, a number corrected in a follow-up, gold held in hand, a belief put up with a question mark, and
the opinion asked of the sentence before it."""
from __future__ import annotations

import pytest

from answering.claims import belief_span
from answering.extract import normalise_numbers
from answering.facts import asks_opposite, load_facts
from answering.routing import question_form
from answering.scope import asking_part, not_a_rules_question, other_games_asked, outside_topic
from indexer.text import fold
from tests.answering._reading import read_rule as read


@pytest.mark.parametrize("question, game, phrase", [
    ("昨晚我们玩的是地下城领主基础版，没加魔法物品。冒险者里的圣骑士到底什么时候出现、怎么打？", "dungeon-lords", "基礎版"),
    ("Onirim 沒加擴充的基本玩法裡，棄一張 Key 做預言是看牌堆頂5張、丟1張再放回去對吧？", "onirim", "基本玩法"),
    ("昨晚我們把 Onirim 的符文（Glyphs）擴充也加進去玩，符文卡到底怎麼用？", "onirim", "glyphs"),
])
def test_a_part_the_texts_leave_out_is_named_though_an_expansion_word_stands_by_it(question, game, phrase):
    assert outside_topic(question, game) == phrase


def test_an_expansion_the_texts_cover_is_still_inside():
    assert outside_topic("高塔擴充的基本玩法是什麼？", "onirim") is None
    assert outside_topic("我們加了魔法物品變體，基礎版的冒險家怎麼拿物品？", "dungeon-lords") is None


def test_numbers_told_of_neither_of_two_counts_sharing_a_unit_are_read_as_neither():
    data, unread = read("onirim.happy_dream_options", "Onirim 基础版里噩梦卡是不是总共10张？我老是记成8张。")
    assert "deck_size" not in data and "face_up_premonitions" not in data and set(unread) == {8, 10}
    # Told by its own words, the count is read.
    data, _ = read("onirim.happy_dream_options", "抽到美夢卡，牌堆只剩5張，能做什麼？")
    assert data["deck_size"] == 5
    # A rule with one count of the unit still reads a number by its unit alone.
    data, _ = read("onirim.spell_castable", "我有9張，可以放 Parallel Planning 嗎？")
    assert data["discard_pile"] == 9


def test_a_choice_asked_both_ways_is_not_stated():
    data, _ = read("onirim.difficulty_level", "基本組加高塔再加書本擴充，有沒有用咒文都一樣是第7級對嗎？")
    assert "spells" not in data and data["towers"] is True and data["book"] is True
    assert read("onirim.difficulty_level", "高塔加書本，沒有用咒文，是第幾級？")[0]["spells"] == "none"


def test_gold_held_in_hand_after_the_gold_on_the_table():
    data, _ = read("mist-mountain.escape_master", "四人局收尾：阿凯是当天队长，顺着下家是小绿、小蓝、小紫。阿凯有6张自己的回忆，场上2张金矿小巷、手里还捏着1张；小绿6张回忆，"
                                                  "场上3张金矿；小蓝4张回忆，金矿5张；小紫5张回忆，金矿2张。谁是脱逃大师？")
    assert data["players"][0] == {"name": "阿凯", "memories": 6, "gold_table": 2, "gold_hand": 1}


def test_how_many_of_a_thing_said_after_it():
    data, _ = read("mist-mountain.contribution", "櫻花小徑，我出了燈匠，燈籠出了三張，貢獻幾分？")
    assert sorted(data["cards"]) == sorted(["燈匠", "燈籠", "燈籠", "燈籠"])
    # What a thing scores, said after it, is no count of it.
    data, _ = read("mist-mountain.contribution", "櫻花小徑，燈籠3分，貢獻幾分？")
    assert data["cards"] == ["燈籠"]


def test_a_follow_up_correcting_how_many_of_one_card_keeps_the_rest(pipeline):
    history = ["迷霧山城，今天早上翻出來的是櫻花小徑", "我先出了一張燈匠，接著出兩張燈籠，這樣我貢獻幾分？"]
    corrected = pipeline.ask("啊我講錯，燈籠其實出了三張，那是幾分？", history=history)
    assert corrected.verdict["value"] == 18
    assert sorted(corrected.verdict["details"]["inputs"]["cards"]["value"]) == sorted(["燈匠", "燈籠", "燈籠", "燈籠"])
    # One more said as one more is added, not a correction.
    assert pipeline.ask("那如果再出一張燈籠呢？", history=history).verdict["value"] == 18


def test_the_lost_one_is_a_card_not_a_number():
    assert "lost 1" not in normalise_numbers(fold("someone used a Tea Master to snatch the Lost One out of my play area"))
    assert "lost 1 gold" in normalise_numbers(fold("I lost one gold to the fog"))


def test_what_a_sentence_that_asks_nothing_tells_is_not_the_way_a_fact_is_asked(pipeline):
    fact = next(f for f in load_facts() if f.id == "mist-mountain.lost_one_draw_kept_when_taken")
    told = ("Last night I played the Lost One, passed, and drew my three cards. Later someone used a Tea Master to "
            "snatch the Lost One, and they said the draw should be undone. Do I get to keep those three cards?")
    assert not asks_opposite(fact, told)
    assert asks_opposite(fact, "The Tea Master took my Lost One after I drew. Is my draw undone?")
    answer = pipeline.ask(told)
    assert answer.rule == fact.id and answer.verdict["value"] is True


@pytest.mark.parametrize("question, form", [
    ("同一件物品在战斗里被用了好几次，是用几次就放几个黄金吗？", "yes_no"),
    ("出几张灯笼就算几分吗？", "yes_no"),
    ("物品被用了好几次，上面要放几个黄金？", "how_many"),
])
def test_as_many_of_one_as_of_the_other_asks_no_number(question, form):
    assert question_form(fold(question)) == form


def test_a_belief_put_up_with_a_question_mark_alone():
    folded = fold("夜晚交易完要檢查手牌，上限我記得是8張，多出來的丟掉？")
    assert belief_span(folded) is not None and question_form(folded) == "yes_no"
    # "不管幾個人" asks nothing; a belief followed by a real question is not put up on its own.
    assert belief_span(fold("要收集幾張回憶？我印象是不管幾個人都固定5張？")) is not None
    assert belief_span(fold("我記得是8張，那要丟幾張？")) is None


def test_a_half_remembered_number_is_checked_not_read(pipeline):
    answer = pipeline.ask("迷霧山城要逃脫成功得收集幾張自己角色的回憶？我印象是不管幾個人都固定5張？")
    assert answer.rule == "mist-mountain.memories_needed" and answer.verdict["value"] == "depends"
    answer = pipeline.ask("我死信办公室里有3个黄金，都是别人地城里用掉的物品。其它都算完我是15分。我记得一个黄金就加1分，所以最后+3？")
    assert answer.rule == "dungeon-lords.item_bonus" and answer.verdict["value"] == 6


def test_an_opinion_asked_of_the_sentence_before_it():
    told = ("We played Dungeon Lords last night and one guy asked if Dungeon Petz would be a better buy for a group "
            "that mostly plays two-player. What do you reckon?")
    assert "better buy" in asking_part(fold(told)) and not_a_rules_question(told)
    # A question of its own is not widened.
    assert asking_part(fold("We played Onirim. Can I cast a spell twice?")) == "can i cast a spell twice?"


def test_a_question_naming_no_game_is_of_the_game_the_story_named_last(pipeline):
    switched = ("After Onirim last night we switched to Carcassonne and ended up arguing about farmers. Do fields score "
                "for every completed city they touch, or only some of them?")
    assert other_games_asked(switched, pipeline.tokenizer) == ["carcassonne"]
    assert not pipeline.ask(switched).in_scope
    # The other game told first, ours last: the question is ours.
    assert other_games_asked("We played Carcassonne, then Onirim with the Towers. Can I discard a Tower?",
                             pipeline.tokenizer) == []
    # Without the tokenizer, only what the asking part names counts.
    assert other_games_asked(switched) == []


def test_a_follow_up_about_a_list_of_pairs_is_read_with_what_it_follows(pipeline):
    history = ["四人局，這一輪程序板上排隊的冒險家依序是戰士、盜賊、戰士、牧師。翻開的魔法物品照順序是紅色魔杖、藍色魔杖、綠色的空白指示物、"
               "最後是我黃色的魔杖。我的監獄還空著兩格。我這根黃色魔杖會被分給任何一位冒險家嗎？"]
    answer = pipeline.ask("那藍色那根魔杖是跟著第幾位冒險家？", history=history)
    assert answer.game == "dungeon-lords" and answer.in_scope


def test_a_supposition_closing_on_ba_is_put_up_to_be_checked(pipeline):
    history = ["我們這次挑戰難度6，咒文卡翻比較貴的那一面。Parallel Planning 我記得兩面都是7張棄牌，沒錯吧？"]
    answer = pipeline.ask("那同一面的 Powerful Punishment 呢？應該就是10張吧？", history=history)
    assert answer.rule == "onirim.spell_cost" and answer.verdict["value"] == 12
    assert answer.answer_line.startswith("不對")
    # A limit remembered wrongly, put up with a question mark alone.
    answer = pipeline.ask("夜晚交易完要檢查手牌，上限我記得是8張，多出來的丟掉？")
    assert answer.verdict["value"] == 7 and answer.answer_line.startswith("不對")
    assert belief_span(fold("那就放左邊吧？")) is None  # nothing counted is put up
    # Without a word of supposing, 吧 puts up a whole statement, not a number to check by the answer's.
    assert belief_span(fold("悖论预言（Paradoxical Prophecy）是看补充牌堆最上面的五张吧？")) is None


@pytest.mark.parametrize("question, chat", [
    ("昨晚 Onirim 连输三把，每次都是牌堆抽光，我是不是手气太烂了？你说我还要不要继续玩？", True),
    ("lol we've been at this for three hours, who's up for ordering pizza?", True),
    # Food named in a story is no order for food.
    ("Camp's flooded, five players. We argued over the last pizza slice — who's the escape master?", False),
])
def test_luck_and_food_orders_are_chat(question, chat):
    assert bool(not_a_rules_question(question)) is chat


def test_what_was_paid_for_a_spell_is_not_the_discard_pile():
    data, unread = read("onirim.spell_castable", "I only removed 7 cards from the discard pile for Parallel Planning. "
                                                 "Was that enough?")
    assert "discard_pile" not in data and unread == [7]
    assert read("onirim.spell_castable", "棄牌堆有9張，可以放 Parallel Planning 嗎？")[0]["discard_pile"] == 9


def test_a_belief_told_as_once_held_is_not_read_and_not_confirmed(pipeline):
    told = "一個冒險家最多可以拿幾件魔法物品？我本來以為盜賊可以一次帶兩瓶藥水疊起來用。"
    assert belief_span(fold(told)) is None  # not put up to be checked …
    answer = pipeline.ask(told)  # … but its two potions are no situation of the table
    assert answer.rule == "dungeon-lords.items_per_adventurer" and answer.verdict["value"] == 1
    answer = pipeline.ask("We made it out this morning. What actually happens at dusk? I thought the three qualifiers "
                          "just draw 2 cards each and everyone else gets nothing.")
    assert answer.verdict is None and not answer.answer_line.startswith("That's right")
    # What the asker remembers of the table is the table's.
    assert read("onirim.spell_castable", "我記得棄牌堆有9張。可以放 Parallel Planning 嗎？")[0]["discard_pile"] == 9


def test_rules_of_a_card_or_of_casting_are_asked_by_naming_it():
    from answering.routing import answerers

    by_id = {a.id: a for a in answerers()}
    setup = "黑暗征兆洗好以后，开局是不是只翻3张出来，其余盖着？"
    assert by_id["onirim.happy_dream_options"].off_topic(setup) and by_id["onirim.spell_castable"].off_topic(setup)
    assert not by_id["onirim.happy_dream_options"].off_topic("Drew a happy dream with 3 premonitions face up, options?")
    assert not by_id["onirim.spell_castable"].off_topic("棄牌堆9張，可以換兩張目標卡的位置嗎？")
    assert not by_id["onirim.spell_castable"].off_topic("Discard pile is at 9, can I cast Parallel Planning?")
