"""Reading what a player denies and how they count: "not the whole deck", a number said and another denied, none
left said with 不剩, a pair, measure words, seats counted after the start player, damage taken before, rosters
typed with spaces, and opinions asked outright."""
import pytest

from answering.extract import normalise_numbers, seat_names
from answering.routing import names_topic
from answering.scope import not_a_rules_question
from indexer.text import fold

from ._reading import read_rule


def test_a_thing_negated_with_an_adjective_between_is_negated():
    """"not the whole deck": the question is not about the deck, so the deck-size rule is off its topic."""
    assert not names_topic(("deck",), "Only the Towers box, not the whole deck: how many Towers come in it?")
    assert names_topic(("deck",), "With the Towers in, how big is the whole deck?")


@pytest.mark.parametrize("question, wanted", [
    ("my draw pile has 6 cards, not 7. Can I cast Parallel Planning on the cheap side?", 6),
    ("棄牌堆不是8張，是6張，便宜那面的Parallel Planning放得出來嗎？", 6),
    ("棄牌堆是6張，不是8張，便宜那面的Parallel Planning放得出來嗎？", 6),
])
def test_a_number_denied_beside_another_is_no_number_of_the_situation(question, wanted):
    data, unread = read_rule("onirim.spell_castable", question)
    assert data.get("discard_pile", wanted) == wanted
    assert not set(unread) - {wanted}
    denied = {7, 8} & {int(n) for n in normalise_numbers(fold(question)).split() if n.isdigit()}
    assert not denied


def test_none_left_said_with_bu_sheng_counts_no_deck():
    """"黑暗征兆已经一张不剩了（0张）": the Premonitions are gone; nothing is said of the deck."""
    for question in ("抽到美梦卡，翻开的黑暗征兆已经一张不剩了（0张），可以选哪些？",
                     "抽到美梦卡，翻开的黑暗征兆已经一张不剩了，可以选哪些？"):
        data, _ = read_rule("onirim.happy_dream_options", question)
        assert data.get("face_up_premonitions") == 0
        assert "deck_size" not in data
    data, _ = read_rule("onirim.happy_dream_options", "抽到美梦卡，牌堆剩3张，翻开的黑暗征兆0张，可以选哪些？")
    assert (data.get("deck_size"), data.get("face_up_premonitions")) == (3, 0)


@pytest.mark.parametrize("question, cards", [
    ("Path of the day is the Bamboo Grove. I laid a pair of reflector discs. What's my contribution?", ["反光盤", "反光盤"]),
    ("今天芒草小路，我出了兩盞燈籠和一頂工作帽，貢獻幾分？", ["燈籠", "燈籠", "工作帽"]),
])
def test_counts_said_with_a_pair_or_a_measure_word(question, cards):
    data, _ = read_rule("mist-mountain.contribution", question)
    assert sorted(data.get("cards") or []) == sorted(cards)


def test_a_pair_of_path_cards_is_two():
    data, _ = read_rule("mist-mountain.own_escape", "四人局，我有四張自己的回憶、一對竹林小道的路徑小卡，夠逃出去嗎？")
    assert data.get("bamboo") == 2


@pytest.mark.parametrize("question, seat", [
    ("秋天，起始玩家第一個放物品，我是他之後的第2個人，物品放哪位冒險家下面？", 2),
    ("秋天，起始玩家第一個放物品，我是他之後的第1個人，物品放哪位冒險家下面？", 1),
])
def test_the_start_players_own_place_is_no_other_seat(question, seat):
    data, _ = read_rule("dungeon-lords.item_slot", question)
    assert data.get("player_index_from_start") == seat


def test_damage_taken_before_is_read_of_the_member():
    data, _ = read_rule("dungeon-lords.attack_order",
                        "room fight. party = thief (3hp, already took 2 dmg), priest (4hp, heals 2). no trap no spell, "
                        "a goblin and a slime attack. does the order matter?")
    assert [(p["class"], p.get("hp"), p.get("damage", 0)) for p in data["party"]] == [("thief", 3, 2), ("priest", 4, 0)]


def test_a_roster_typed_with_spaces_for_pauses():
    names = seat_names("4人局結束了 隊長阿華6張回憶 金礦場上1；下家1小玉5張回憶，金礦場上2；下家2大雄4張回憶；上家靜香6張回憶。誰逃得出去？")
    assert names == {0: "阿華", 1: "小玉", 2: "大雄", 3: "靜香"}


def test_a_word_spelt_with_a_digit_holds_no_number():
    assert "4" not in normalise_numbers(fold("what's the hand limit after trading? i keep 4getting"))
    assert "b4" in normalise_numbers(fold("my row is r4 b4"))  # a blue 4 stays a card


def test_a_score_said_to_be_exactly_a_number():
    data, _ = read_rule("dungeon-lords.item_bonus", "My score is exactly 0 and I have 3 golds in the dead-letter office. "
                                                    "How many points do they add?")
    assert (data.get("final_score"), data.get("golds")) == (0, 3)


@pytest.mark.parametrize("question", [
    "What's the best Onirim strategy when the Towers are in?",
    "Which of the spells is the best value for my discards?",
    "Is Dungeon Lords more fun than Onirim?",
    "Onirim 在那裡買最便宜？",
    "迷霧山城要怎麼打才能一直贏？",
])
def test_opinions_and_buying_are_not_rules_questions(question):
    assert not_a_rules_question(question)


@pytest.mark.parametrize("question", [
    "這張燈籠要怎麼打才會算分？",
    "How many discards does the cheap side of Parallel Planning cost?",
])
def test_rules_questions_stay_rules_questions(question):
    assert not_a_rules_question(question) is None
