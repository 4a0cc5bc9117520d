"""Reading what a player tells around the question: a count of colours, where gold is held, a thing swapped out,
a seat said casually, and the story before an asking sentence."""
import pytest

from answering.query import is_follow_up
from answering.routing import question_form
from answering.scope import asking_part, not_a_rules_question, outside_topic
from indexer.text import fold

from ._reading import read_rule


@pytest.mark.parametrize("question", [
    "我們的高塔列已經湊齊紅、藍、綠、棕四色連成一排了，結果補牌抽到惡夢。要不要丟塔？",
    "紅藍綠棕四種顏色的高塔剛好一張接一張連成一排，偏偏補牌摸到一張惡夢，還得拆掉一座塔嗎？",
])
def test_a_count_of_colours_is_no_towers_number(question):
    """"棕四色" counts the colours of the row; it names no brown 4 Tower."""
    data, _ = read_rule("onirim.nightmare_tower_penalty", question)
    assert not data.get("row")
    assert data.get("row_state") == "complete"


@pytest.mark.parametrize("question, name, gold", [
    ("四人局营地淹没了，队长是小陈。小陈6张回忆、场上2张金矿小巷；他下家小刘也是6张回忆，场上1张、"
     "手里还藏着2张金矿小巷；老王只有3张回忆；阿杰只有2张回忆。谁是脱逃大师？", "小刘", (1, 2)),
    ("4人局结束了，阿明是当天队长，下家依序 Bella、小志、Dora。阿明 6 张回忆、场上 1 张金矿小巷；Bella 6 张回忆、"
     "场上 2 张加手牌 1 张金矿小巷；小志 5 张回忆、场上 6 张金矿小巷；Dora 6 张回忆、场上 3 张金矿小巷。谁是 escape master？",
     "Bella", (2, 1)),
])
def test_gold_said_to_be_held_in_hand_is_gold_in_hand(question, name, gold):
    """"手里还藏着2张", "场上2张加手牌1张": how the gold is held, and the table's gold added to it."""
    data, _ = read_rule("mist-mountain.escape_master", question)
    record = next(p for p in data["players"] if p["name"] == name)
    assert (record.get("gold_table"), record.get("gold_hand")) == gold


def test_path_cards_swapped_out_for_others_are_none_now():
    data, _ = read_rule("mist-mountain.own_escape", "如果那2張櫻花換成2張竹林的小卡呢？")
    assert (data.get("sakura"), data.get("bamboo")) == (0, 2)


@pytest.mark.parametrize("question, seat", [
    ("autumn orders, im 3rd from start player, my item goes under which adventurer", 2),
    ("autumn, I'm 2nd from the start player: which adventurer gets my item?", 1),
])
def test_a_seat_said_without_an_apostrophe(question, seat):
    data, _ = read_rule("dungeon-lords.item_slot", question)
    assert data.get("player_index_from_start") == seat


def test_a_story_before_the_question_does_not_set_its_form():
    """"…, which was the highlight of the night." tells; the sentence that asks says what is asked."""
    folded = fold("Thursday club — Marco brought focaccia, which was honestly the highlight of the night. "
                  "We played Hilltown in the Mist on the Sakura Path. I laid down a Lantern and a Reflector. "
                  "How much contribution am I sitting on?")
    assert asking_part(folded) == "how much contribution am i sitting on?"
    assert question_form(folded) == "how_many"


@pytest.mark.parametrize("question", [
    "Now I want my own copy, preferably in English. Where can I actually buy it these days?",
    "我抽中了一張三百塊的桌遊店代金券。你幫我參謀一下，這筆錢拿去買哪一款新遊戲最划算？",
    "迷雾山城有没有出 English 版？国外朋友想要一盒",
    "三盒都摆上了新买的书架。说起来你平时最喜欢哪种类型的游戏呀？",
])
def test_buying_editions_and_taste_said_with_words_between(question):
    assert not_a_rules_question(question) is not None


@pytest.mark.parametrize("question, game", [
    ("With no expansions at all, just the base box, how many cards are you supposed to hold in your hand?", "onirim"),
    ("這次先玩最原本的基本版，沒有加任何魔法物品的變體。基本版的開局資源到底是怎麼發的？", "dungeon-lords"),
])
def test_the_base_game_with_the_texts_matter_set_aside_in_other_words(question, game):
    assert outside_topic(question, game) is not None


@pytest.mark.parametrize("question, went", [
    # Counted from the captain, the captain first; who went said as those who followed along.
    ("我們5個人，從拿圓形隊長牌的小明開始往下家數是小明、阿華、阿芬、大雄、靜香。今天跟著出去冒險的是小明、大雄和靜香，"
     "那張隊長牌接下來要交給誰？", [0, 3, 4]),
    # The captain told by the card in hand, the list stopping before the last seat, told on its own.
    ("五個人玩。那一天老王拿着队长卡，往他下家方向依次是小李、阿花、大刘，小陈坐在老王的上家。早上顺利组队出发了，"
     "跟团的是老王、小李和小陈，阿花和大刘都留在营地。队长卡该传到谁手上？", [0, 1, 4]),
])
def test_who_went_by_name_with_the_seats_told_in_other_words(question, went):
    data, _ = read_rule("mist-mountain.next_captain", question)
    assert data.get("went") == went


@pytest.mark.parametrize("question", [
    "所以這樣今天出得了團嗎？", "這樣的話我還要丟塔嗎？", "so in that case, do I lose a Tower?",
    "刚翻了一下群聊记录，那局其实就我们四个人。这样的话我还逃得掉吗？",
    "Out of curiosity — if I'd limped home on -2 points instead, with the very same golds, what would they be worth?"])
def test_a_conclusion_asked_of_the_situation_just_told_follows_up(question):
    assert is_follow_up(question)


@pytest.mark.parametrize("question, side", [
    ("punishment on the 12 side, nightmare just drawn, 11 in discard, can i cast", "expensive"),
    ("咒文卡翻到 Parallel Planning 要7張那面，棄牌堆8張，可以放嗎？", "cheap"),
])
def test_a_side_of_the_spells_card_named_by_a_cost_on_it(question, side):
    data, unread = read_rule("onirim.spell_castable", question)
    assert data.get("side") == side and not unread


def test_a_door_said_to_be_put_back_is_the_door_given_back():
    data, _ = read_rule("onirim.book_return_door",
                        "Book of Steps: our Goal row reads blue, green, red, brown, red, blue, brown, green, and the first "
                        "four already have Doors. A Nightmare came and I paid for it by putting back the green Door from "
                        "Goal 2. Which Door are we chasing now?")
    assert (data.get("returned"), data.get("returned_door")) == (2, "green")


def test_a_row_said_to_give_nothing_has_no_power():
    data, _ = read_rule("onirim.difficulty_level", "base game + Towers, and we play it so the finished Tower row gives "
                                                   "you nothing: which rung?")
    assert data.get("alignment_power") is False


@pytest.mark.parametrize("question, spell, drawn", [
    ("我们玩的是带书本标志的那个扩充，咒语卡摆的是贵的那面。刚补牌摸到一张噩梦，我弃牌堆里一共11张，"
     "能用那个把噩梦直接扔掉的咒语吗？", "powerful_punishment", True),
    ("How many discards for the spell that lets two of the objective cards in the row trade places?",
     "parallel_planning", None),
])
def test_a_spell_told_by_what_it_does(question, spell, drawn):
    data, _ = read_rule("onirim.spell_castable", question)
    assert data.get("spell") == spell and data.get("nightmare_just_drawn") is drawn


def test_who_is_right_asked_beside_whether_it_can_be_done_asks_yes_or_no():
    """"到底誰說得對、可以放嗎": the 說 of "誰說得對" opens no claim, and the question left asks yes or no."""
    assert question_form(fold("阿明堅持高塔只要顏色不一樣就能並排，小華說要看兩張卡碰在一起那一側的圖案。現在高塔列只有一張"
                              "綠色4號，我手上是紅色4號，想接在綠4的右邊，到底誰說得對、可以放嗎？")) == "yes_no"
