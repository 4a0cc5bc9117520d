"""A Dungeon Lords combat round told in prose is read by the slots its rule declares (party, carried items,
the round's events, whose dungeon), and anything it cannot tell apart stays unread rather than guessed."""
from __future__ import annotations

import pytest

from answering.extract import extract_input, unread_numbers
from rules_engine import get_rule
from rules_engine.partial import evaluate_partial

COMBAT = get_rule("dungeon-lords.combat_round")


def read(question: str) -> dict:
    return extract_input(COMBAT.input_model, question)


def test_party_items_and_events_in_traditional_chinese():
    got = read("在黃色玩家的地城。隊伍：戰士5點血帶著綠色玩家的魔杖，巫師2血、魔力1。我只派哥布林，沒有疲勞。")
    assert got["party"] == [{"class": "warrior", "hp": 5}, {"class": "wizard", "hp": 2, "magic": 1}]
    assert got["items"] == [{"carrier": 1, "item": "wand", "owner": "green"}]
    assert got["events"]["monsters"] == [{"name": "goblin"}]
    assert got["events"]["fatigue"] == 0
    assert got["dungeon_owner"] == "yellow"


def test_attributes_before_the_member_and_a_continuing_clause():
    got = read("前面是4點血的盜賊，身上有紅色玩家的幸運草，後面是2點血、能治療3點的牧師。派史萊姆。")
    assert got["party"] == [{"class": "thief", "hp": 4}, {"class": "priest", "hp": 2, "hearts": 3}]
    assert got["items"] == [{"carrier": 1, "item": "clover", "owner": "red"}]


def test_a_member_named_again_for_what_it_carries_is_the_one_listed():
    # The list's member numbers in brackets ("牧師（3 血、1 顆心）"); "牧師身上帶著…" later is that priest, not a third.
    got = read("走廊戰鬥，我（藍色）的地城。隊伍從前到後：戰士（5 血）、牧師（3 血、1 顆心），兩人都沒受傷；"
               "牧師身上帶著綠色玩家的治療藥水。我只派哥布林。")
    assert got["party"] == [{"class": "warrior", "hp": 5}, {"class": "priest", "hp": 3, "hearts": 1}]
    assert got["items"] == [{"carrier": 2, "item": "potion", "owner": "green"}]
    # Two members of the class: which one carries it is not told, so the party is not read (nor as three).
    got = read("隊伍：牧師（3 血）、牧師（2 血）；牧師身上帶著綠色玩家的治療藥水。我只派哥布林。")
    assert "party" not in got and "items" not in got


def test_english_party_with_a_monster_that_picks_its_victim():
    got = read("Front to back: a thief with 2 HP carrying red's clover, then a priest (4 HP, heals 2). "
               "In the corridor the witch hits the priest for 3. Last round.")
    assert got["party"] == [{"class": "thief", "hp": 2}, {"class": "priest", "hp": 4, "hearts": 2}]
    assert got["events"]["monsters"] == [{"name": "witch", "attacks": [{"target": 2, "damage": 3}]}]
    assert got["events"]["tile"] == "corridor" and got["events"]["last_round"] is True
    question = "Front to back: a thief with 2 HP carrying red's clover, then a priest (4 HP, heals 2). " \
               "In the corridor the witch hits the priest for 3. Last round."
    assert unread_numbers(question, got, COMBAT.fixed_numbers) == []


@pytest.mark.parametrize("question, unread_field", [
    # A monster that chooses its victim, without whom or how hard.
    ("隊伍：戰士4血帶紅色藥水、牧師3血治療1。我派女巫。", "events"),
    # An item without its owner: whose gold it is cannot be told.
    ("隊伍：戰士4血帶著藥水、牧師3血治療1。我派史萊姆。", "items"),
    # Two members named at once are not told apart.
    ("兩個盜賊各3血，一個帶藍色藥水。派史萊姆。", "party"),
])
def test_what_cannot_be_told_apart_stays_unread(question, unread_field):
    assert unread_field not in read(question)


def test_an_item_named_again_in_the_question_is_the_carried_one():
    got = read("Party: a warrior (4 HP) carrying the green player's potion, then a priest (3 HP, heals 1). "
               "I send a slime. Is the potion marked?")
    assert got["items"] == [{"carrier": 1, "item": "potion", "owner": "green"}]


def test_the_dungeon_owner_is_the_colour_before_dungeon_only():
    assert read("藍色玩家的地城，戰士4血帶紅色藥水，派史萊姆")["dungeon_owner"] == "blue"
    assert "dungeon_owner" not in read("戰士4血帶紅色藥水，派史萊姆")


def test_unstated_items_are_asked_for_not_taken_from_the_example():
    stated = read("隊伍：戰士4血、牧師3血治療1。派史萊姆，最後一回合。")
    assert "items" not in stated
    result = evaluate_partial(COMBAT, stated)
    assert result.verdict is None
    assert [m.field for m in result.missing] == ["items"]


def test_a_stated_round_is_played_on_what_was_said():
    question = "在藍色玩家的地城，最後一回合。隊伍：巫師3血，戴著黃色玩家的堅忍項鍊。吸血鬼咬他2點，疲勞2。"
    stated = read(question)
    result = evaluate_partial(COMBAT, stated, {name: "question" for name in stated})
    verdict = result.verdict
    assert verdict is not None and "yellow necklace" in verdict.value
    assert {name: v["from"] for name, v in verdict.details["inputs"].items()} == {
        "party": "question", "items": "question", "events": "question", "dungeon_owner": "question"}


def test_attack_order_answers_only_questions_about_the_order():
    from answering.routing import names_topic

    order = get_rule("dungeon-lords.attack_order")
    assert names_topic(order.topic, "哥布林跟史萊姆哪隻先打比較好？")
    assert not names_topic(order.topic, "隊伍：戰士4血帶紅色藥水，派史萊姆，我能得分嗎？")


@pytest.mark.parametrize("question,damage", [
    # A bite told with its victim between verb and amount; fatigue named a few words before its amount.
    ("The thief has 4 HP and the endurance necklace. The vampire bites her for 3, then the fatigue does 2.", [3, 1, 1]),
    ("盜賊4點血戴著堅忍項鍊，吸血鬼咬她3點，接著疲勞又造成2點傷害。", [3, 1, 1]),
    # Blows of one point counted ("一點一點打兩下"): two blows of 1, not a blow of 2.
    ("盜賊4點血戴著堅忍項鍊，吸血鬼先咬她3點，疲勞再一點一點打兩下。", [3, 1, 1]),
    ("盜賊4點血戴著堅忍項鍊，吸血鬼先咬她2點，之後1點1點扣了3下。", [2, 1, 1, 1]),
])
def test_a_necklace_owners_blows_are_read_in_order_with_fatigue_point_by_point(question, damage):
    data = extract_input(get_rule("dungeon-lords.item_marked").input_model, question)
    assert data["item"] == "necklace" and data["hit_points"] == 4 and data["damage"] == damage


def test_the_priests_hearts_are_the_number_before_the_hearts():
    question = ("A goblin hit the front adventurer for 2. They have one priest with 2 healing hearts and one healing "
                "potion. Does the potion get marked?")
    data = extract_input(get_rule("dungeon-lords.item_marked").input_model, question)
    assert data["priest_hearts"] == 2 and data["potions"] == 1 and data["damage_to_heal"] == 2


def test_a_house_table_of_who_may_use_what_is_not_read_as_adventurers_or_markers():
    question = ("本回合冒險家依序是盜賊、戰士、牧師。翻開的物品依序是綠色魔杖、紅色治療藥水、藍色空白。"
                "我們規定魔杖給戰士或巫師、藥水給盜賊或牧師。怎麼分？")
    data = extract_input(get_rule("dungeon-lords.assign_items").input_model, question)
    assert data["adventurers"] == ["thief", "warrior", "priest"]
    assert [[m.owner, m.item] for m in get_rule("dungeon-lords.assign_items").input_model.model_validate(data).items] \
        == [["green", "wand"], ["red", "potion"], ["blue", "blank"]]


def test_a_four_leaf_clover_is_a_name_not_a_count():
    data = extract_input(get_rule("dungeon-lords.item_marked").input_model,
                         "Our thief has 1 anti-trap icon and the party carries 3 four-leaf clovers. Are they marked?")
    assert data["clovers"] == 3


@pytest.mark.parametrize("question,attacked,item", [
    ("這回合只放了陷阱，隊伍受了2點傷害，牧師能治療1點，隊上有一瓶治療藥水。藥水會被用到嗎？", False, "potion"),
    ("这回合没派怪物，队伍受了2点伤害，牧师能治疗1点，队里有一瓶治疗药水。药水会用到吗？", False, "potion"),
    ("I sent monsters: the party took 3 damage, the priest heals 1 and there's a potion. Is the potion used?", True,
     "potion"),
    ("那如果這回合那3點都是陷阱打的，根本沒有怪物出來呢？", False, None),
    ("這回合怪物出來打了，隊伍要治療3點", True, None),
])
def test_whether_a_monster_attacked_is_read_either_way(question, attacked, item):
    data = extract_input(get_rule("dungeon-lords.item_marked").input_model, question)
    assert data.get("item") == item and data["monster_attacked"] is attacked


@pytest.mark.parametrize("question,markers", [
    ("除了第一位是战士以外，另外三个冒险家都是盗贼。翻开的顺序是红色的魔杖、绿色的魔杖、黄色的空白、蓝色的空白。绿色那根魔杖最后去哪？",
     [["red", "wand"], ["green", "wand"], ["yellow", "blank"], ["blue", "blank"]]),
    ("Adventurers in order: warrior, thief, warrior, thief. The markers flip in this order: yellow's wand, red's wand, "
     "green's blank, blue's blank. Which adventurer ends up with red's wand?",
     [["yellow", "wand"], ["red", "wand"], ["green", "blank"], ["blue", "blank"]]),
])
def test_a_marker_named_again_in_the_question_is_the_one_revealed(question, markers):
    rule = get_rule("dungeon-lords.assign_items")
    data = extract_input(rule.input_model, question)
    assert [[m.owner, m.item] for m in rule.input_model.model_validate(data).items] == markers


def test_a_thiefs_trap_icon_called_an_icon_by_its_other_word():
    data = extract_input(get_rule("dungeon-lords.item_marked").input_model,
                         "毒镖陷阱打1点，队里盗贼有一个防陷阱图标，还带两个四叶草，四叶草要标记用过吗")
    assert data == {"item": "clover", "trap_damage": 1, "thief_icons": 1, "clovers": 2}


@pytest.mark.parametrize("question,expected", [
    # 四頁草, a common slip for 四葉草; "能防的傷害" is the preventable damage.
    ("我出毒镖陷阱，能防的伤害只有1点，前面盗贼有1个防陷阱图示，队伍里带了2个四页草，四叶草要标记吗",
     {"item": "clover", "trap_damage": 1, "thief_icons": 1, "clovers": 2}),
    # The necklace's extra hit point in brackets is no other adventurer's hit points.
    ("女巫一口气对巫师打了4点。巫师本身3血，带着坚忍项链（多1血），直接就倒了。这条项链算用过吗？",
     {"item": "necklace", "hit_points": 3, "damage": [4]}),
])
def test_clover_and_necklace_questions_said_loosely(question, expected):
    assert extract_input(get_rule("dungeon-lords.item_marked").input_model, question) == expected


@pytest.mark.parametrize("question,expected", [
    # What the party "lost" (掉) is the damage to heal.
    ("史莱姆打完队伍共掉3血 牧师只能治2 有2瓶药水 要标记吗",
     {"item": "potion", "damage_to_heal": 3, "priest_hearts": 2, "potions": 2}),
    ("the party lost 3 hp, priest heals 2, 2 potions. marked?",
     {"item": "potion", "damage_to_heal": 3, "priest_hearts": 2, "potions": 2}),
    # "hits him 4": a blow without "for".
    ("necklace on unhurt wizard, base hp 4, witch hits him 4. marked?",
     {"item": "necklace", "hit_points": 4, "damage": [4]}),
    ("the necklace wizard has 4 hp; what if the vampire had done 5?",
     {"item": "necklace", "hit_points": 4, "damage": [5]}),
])
def test_damage_told_as_lost_or_hit_without_for(question, expected):
    assert extract_input(get_rule("dungeon-lords.item_marked").input_model, question) == expected


def test_what_each_adventurer_lost_is_no_total_to_heal():
    # "每個冒險家都掉了1點血" is each one's; the total is told after it.
    data = extract_input(get_rule("dungeon-lords.item_marked").input_model,
                         "史萊姆打完，每個冒險家都掉了1點血，共3點傷，牧師只能治2點，有1瓶藥水，要標記嗎")
    assert data == {"item": "potion", "damage_to_heal": 3, "priest_hearts": 2, "potions": 1}
