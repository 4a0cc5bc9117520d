"""Reading tallies, edges and what-ifs: sums worked out in writing, counts said after what they count, a whole table
with the same number, rosters told from the captain, lists added to in a follow-up, and quantities said to be gone."""
from __future__ import annotations

import pytest

from answering.extract import (
    counts_said_by_comparison,
    extract_input,
    extract_with,
)
from rules_engine import get_rule
from tests.answering._reading import read_rule as read


# --- who went, and the captain card ---------------------------------------------------------------------------

def test_a_roster_counted_from_the_captains_next_player_names_who_went():
    data, unread = read("mist-mountain.next_captain", "六人局隊長是阿凱，從他下家數起是小明、小美、阿偉、小芳、阿杰。"
                                                      "今天有出團，去的是阿凱、小美跟阿杰。隊長卡接下來要交給誰？")
    assert data["went"] == [0, 2, 5] and not unread


def test_the_seat_beyond_the_previous_player_is_two_seats_back():
    data, _ = read("mist-mountain.next_captain", "六個人。隊長、上家，還有上家再過去那位（下家4）都出團了，其他三個沒去。"
                                                 "隊長卡要交給誰？")
    assert data["went"] == [0, 4, 5]


def test_a_follow_up_adding_one_seat_to_who_went_is_read_with_the_list_told_before():
    model = get_rule("mist-mountain.next_captain").input_model
    earlier = {"players": 6, "departed": True, "went": [0, 4, 5]}
    assert extract_with(model, "再加上下家3打了警官也跟着去了呢？", earlier) == {"went": [3]}
    # Told on its own, one seat is no list of who went.
    assert "went" not in extract_with(model, "下家3也跟着去了呢？", {"players": 6, "departed": True})


def test_the_next_captain_after_a_played_out_morning_comes_from_that_morning(pipeline):
    morning = ("六人局芒草小路。下家1出工作帽，下家2出工作帽，下家3出灯笼，下家4打浓雾时刻弃掉下家1的工作帽，上家pass，"
               "队长出工作帽，下家1再出工作帽，然后下家2、下家3、下家4、队长、下家1全部pass。能出团吗？")
    r = pipeline.ask("那队长卡要交给谁？", history=[morning])
    assert r.rule == "mist-mountain.next_captain" and r.verdict["value"] == 5  # failed: the captain's 上家


def test_each_earlier_question_is_read_with_the_table_told_before_it(pipeline):
    r = pipeline.ask("再加上下家3打了警官也跟着去了呢？",
                     history=["六个人玩，早上没能出团的话，队长卡要交给谁？", "那如果成功出团了，去的是队长、下家5和下家4，队长卡给谁？"])
    assert r.rule == "mist-mountain.next_captain" and r.verdict["value"] == 2


# --- a whole table, and rosters told by role --------------------------------------------------------------------

@pytest.mark.parametrize("question,table", [
    ("4人局需求12，大家都出了4分，誰出團？", [4, 4, 4, 4]),
    ("Five of us, path needs 12. Amy has the captain card and turn order goes Ben, Cat, Dan, Eve, then back to Amy. "
     "Weirdly everyone ended the morning on exactly 4 points. Who gets the third qualification card?", [4, 4, 4, 4, 4]),
    ("Four of us, path needs 12. What if all four of us put out exactly 3 points?", [3, 3, 3, 3]),
])
def test_every_seat_said_to_have_the_same_number(question, table):
    data, unread = read("mist-mountain.qualification", question)
    assert data["contributions"] == table and not unread


def test_no_table_size_no_whole_table():
    data, _ = read("mist-mountain.qualification", "需求12，大家都出了4分，誰出團？")
    assert "contributions" not in data


def test_records_told_by_role_carry_the_names_the_question_gives():
    q = ("營地淹沒了，來結算！4人局，最後一天隊長是阿明。阿明：自己的回憶6張，金礦場上1張、手上1張。他下家小美：回憶6張，"
         "金礦3張全在桌上。再下家阿華：回憶5張，手上留了一張住持，金礦場上2、手上2。阿強（隊長的上家）：回憶4張，"
         "住持跟路徑卡都沒有，金礦5張。這樣脫逃大師歸誰？")
    rule = get_rule("mist-mountain.escape_master")
    data = extract_input(rule.input_model, q)
    assert [p["name"] for p in data["players"]] == ["阿明", "小美", "阿華", "阿強"]
    assert rule.run(data).value == "阿華"


# --- counts said after what they count, or as sums ----------------------------------------------------------------

def test_a_count_after_the_doors_it_counts():
    data, unread = read("onirim.premonitions_triggered",
                        "數一下桌上的門：紅門2張、藍門1張，剛剛又拿到一張藍門。現在翻開的黑暗徵兆只剩3號跟6號，會發動哪一張？")
    assert data["doors"] == ["red", "red", "blue"] and data["new_door"] == "blue" and not unread


def test_both_of_a_colour_are_two_doors():
    data, _ = read("onirim.premonitions_triggered", "just got my 2nd door, both red. face-up premonitions are 1, 4 and 7")
    assert data["doors"] == ["red", "red"]


@pytest.mark.parametrize("rule_id,question", [
    ("mist-mountain.own_escape", "清点回忆：我自己角色的回忆有3张，手里还攥着1张住持，路径小卡一张都没有。3+1=4份，这样我算逃出去了没？"),
    ("onirim.spell_castable", "Spell check: the discard pile is 4 Locations + 3 more Locations + a Nightmare, so 8 cards. "
                              "Is that enough to cast Parallel Planning?"),
])
def test_a_sum_worked_out_in_writing_restates_what_was_read(rule_id, question):
    assert not read(rule_id, question)[1]


def test_a_sum_worked_out_after_its_parts_is_the_count_of_the_cue_before_them():
    data, unread = read("onirim.spell_castable", "棄牌堆數一下：地點5張、惡夢2張、鑰匙1張，5+2+1=8。我們用的是咒文卡貴的那一面，"
                                                 "這樣放得出Parallel Planning嗎？")
    assert data["discard_pile"] == 8 and not unread
    # Parts that are not the sum's terms say something else: the count is not taken from the sum.
    data, _ = read("onirim.spell_castable", "棄牌堆有地點5張、惡夢2張，4+4=8。Parallel Planning貴的那面可以嗎？")
    assert data.get("discard_pile") != 8
    # A sum after a thing said to be none is no count of it.
    data, _ = read("mist-mountain.own_escape", "Five of us. Me: 3 memories of my own character, 3 Bamboo path cards and "
                                               "3 Silvergrass path cards, no Abbot, 3 + 1 + 1 = 5, so I made it out?")
    assert data["abbots"] == 0


def test_a_sum_that_does_not_add_up_is_left_unread():
    _, unread = read("mist-mountain.own_escape", "我的回忆有3张，手里1张住持。3+1=5份，5人局能逃吗？")
    assert unread


def test_a_hyphenated_amount_is_read():
    data, unread = read("dungeon-lords.item_marked", "the adventurer carrying my necklace took one 3-damage hit from the "
                                                     "vampire. Does my necklace get a gold on it?")
    assert data["damage"] == [3] and not unread


def test_a_change_whose_result_is_said_is_no_comparison():
    model = get_rule("mist-mountain.memories_needed").input_model
    assert counts_said_by_comparison(model, "那要是再多一個朋友加入，變成6個人呢？") == []
    assert counts_said_by_comparison(model, "比上次多一個人呢？") == ["players"]


# --- things said to be none ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "I drew a Happy Dream, but there are zero face-up Dark Premonitions left. Which options can I still pick?",
    "翻開的四張黑暗徵兆都已經觸發掉光了，桌上一張都不剩。這時補牌抽到美夢卡，我還能選什麼？",
])
def test_premonitions_said_to_be_gone_are_none_and_their_count_is_no_deck(question):
    data, _ = read("onirim.happy_dream_options", question)
    assert data.get("face_up_premonitions") == 0 and "deck_size" not in data


def test_one_kind_of_path_card_said_to_be_none():
    data, unread = read("mist-mountain.own_escape",
                        "結算時我有3張自己角色的回憶、2張櫻花小卡、3張芒草小卡，竹林的一張都沒有，手上還留著1張住持，這樣夠逃出去嗎？")
    assert data["bamboo"] == 0 and data["sakura"] == 2 and data["grass"] == 3 and not unread


def test_spells_never_touched_are_no_spells():
    data, _ = read("onirim.difficulty_level", "base + Towers + the Book of Steps, but we never touch the spells")
    assert data["spells"] == "none"


# --- which thing is which -------------------------------------------------------------------------------------------

def test_a_path_card_played_is_not_todays_path():
    data, _ = read("mist-mountain.contribution", "今天翻到櫻花小徑。我先出燈匠，接著出了兩張燈籠，還順手丟了一張竹林小道的路徑小卡，"
                                                 "我的貢獻一共幾分？")
    assert data["path"] == "櫻花小徑" and data["cards"] == ["燈匠", "燈籠", "燈籠", "竹林小道"]
    data, _ = read("mist-mountain.contribution", "竹林小道，我出了一張竹林小道路徑小卡，幾分？")
    assert data["path"] == "竹林小道"


def test_the_tower_named_before_the_end_of_another_is_the_one_added():
    data, _ = read("onirim.tower_placement", "And what about the blue 3 on the other side, the right end of that red 5?")
    assert data == {"tower": "blue-3", "row": ["red-5"], "side": "right"}


def test_an_owner_told_before_a_long_reveal():
    data, _ = read("dungeon-lords.assign_items", "Adventurers in order: warrior, thief, wizard, priest. Red's face-down item "
                                                 "flips first and turns out to be a blank, then blue's is a wand.")
    assert data["items"] == [["red", "blank"], ["blue", "wand"]]


@pytest.mark.parametrize("question,not_fact", [
    ("收牌的時候順便點一下，黑暗徵兆擴充的美夢卡應該有幾張？", "onirim.premonition_card_count"),
    ("How many Goal cards come in the Book of Steps expansion? Is it a dozen like the Towers?", "onirim.tower_card_count"),
    ("裡面有一張咒文卡，其他的是目標卡。我有點怕少牌：目標卡總共應該有幾張？", "onirim.book_spell_card_count"),
])
def test_a_count_of_another_component_is_not_answered_by_this_ones_fact(pipeline, question, not_fact):
    assert pipeline.ask(question).rule != not_fact


# --- parts of our games no text covers --------------------------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "Onirim 的 Crossroads & Dead Ends 擴充裡，那些十字路口的牌要怎麼用啊？",
    "Suppose I add the Little Helpers expansion to my solo Onirim game - what do the helper cards actually do?",
])
def test_an_expansion_no_text_covers_is_out_of_scope_though_the_game_is_named(pipeline, question):
    r = pipeline.ask(question)
    assert not r.in_scope and r.verdict is None


def test_a_story_naming_an_uncovered_expansion_still_asks_about_ours(pipeline):
    r = pipeline.ask("上週我們玩了 Little Helpers。今天只加高塔擴充：高塔卡一共有幾張？")
    assert r.in_scope and r.game == "onirim"


def test_a_card_counted_by_its_unit_alone_is_no_pile_when_it_names_another_kind():
    data, _ = read("onirim.spell_castable", "Parallel Planning 能不能拿一张已经放了门的目标卡，跟后面还没达成的目标对调？")
    assert "discard_pile" not in data
    assert read("onirim.spell_castable", "8張能放Parallel Planning嗎？")[0]["discard_pile"] == 8
    assert read("onirim.spell_castable", "棄牌堆有8張地點牌，能放Parallel Planning嗎？")[0]["discard_pile"] == 8


def test_a_word_of_order_before_a_name_is_no_part_of_it():
    from answering.extract import seat_names
    q = ("四人局結算：隊長阿花6張回憶，金礦場上1張手上1張；她下家阿強5張回憶加一張住持，金礦場上3張；再下家小玉4張回憶，"
         "金礦5張都在場上；最後阿德（隊長的上家）6張回憶，金礦場上2張手上1張。誰是脫逃大師？")
    assert seat_names(q) == {0: "阿花", 1: "阿強", 2: "小玉", 3: "阿德"}


def test_a_card_named_by_its_own_unit_keeps_its_description():
    data, unread = read("mist-mountain.own_escape", "六人局，我自己角色的回忆只有3张，不过手里攒了两张樱花那条路的小卡，够逃出去吗？")
    assert data["sakura"] == 2 and not unread


def test_a_count_before_another_quantity_said_to_be_none_keeps_its_own():
    data, unread = read("dungeon-lords.item_bonus", "那如果三個黃金都是別人地城裡用掉的呢？")
    assert data == {"golds": 3, "own_colour": 0} and not unread


def test_the_component_counted_is_the_one_the_asking_clause_names(pipeline):
    r = pipeline.ask("Book 擴充除了那八張目標卡以外，咒文卡有幾張？")
    assert r.rule == "onirim.book_spell_card_count" and r.verdict["value"] == 1


def test_rounds_described_by_a_word_are_still_rounds_the_gold_does_not_count():
    from answering.facts import load_facts
    from answering.routing import Answerer
    from rules_engine.facts import get_fact

    load_facts()
    fact = get_fact("dungeon-lords.gold_per_item")
    gold = Answerer(fact.id, fact.game, "fact", (fact.passage,), (), ("how_many",), fact=fact)
    assert gold.fact_unread("If the same potion ends up getting used in three different combat rounds, how many golds "
                            "does it collect?") == []
    assert gold.fact_unread("The potion was used 3 times and I have 2 adventurers. How many golds?") == [2]
