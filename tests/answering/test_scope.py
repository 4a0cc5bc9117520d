"""Scope: the phrases that make a question something other than a rules question never name a thing of the games."""
import pytest

from answering.query import Query
from answering.scope import _not_rules_patterns, not_a_rules_question, other_games_asked, outside_topic
from indexer.corpus import load_glossary
from indexer.text import fold
from rules_engine import all_rules
from rules_engine.slots import declared_slots


def _game_words() -> list[str]:
    """Every way the games' own terms and the rules' declared values are written, folded."""
    words = [form for term in load_glossary().terms for form in term.surface_forms()]
    for rule in all_rules():
        for slot in declared_slots(rule.input_model).values():
            words += [phrase for _, phrases in slot.values for phrase in phrases]
    return [fold(w) for w in words if w]


def test_no_not_a_rules_phrase_is_a_word_of_the_games():
    """A phrase naming a card, a term or a rule's value (畫師 the Painter, the cheap side of the spells, a spell's
    price) would put rules questions out of scope."""
    words = _game_words()
    clashes = [(phrase, word) for phrase, pattern in _not_rules_patterns() for word in words if pattern.search(word)]
    assert not clashes, clashes


@pytest.mark.parametrize("question", [
    "畫師可以幫別人喊Pass嗎", "咒文卡用便宜那面，棄牌堆剛好7張，可以放 Parallel Planning 嗎",
    "we play the cheap side of the spells, 8 in the discard: parallel planning ok?",
    "what's the price of Parallel Planning on the expensive side?"])
def test_rules_questions_naming_game_words_stay_in_scope(question):
    assert not_a_rules_question(question) is None


@pytest.mark.parametrize("question", [
    "is there an onirim app for my phone?", "卡弄丟了兩張，哪裡可以補卡？", "地城領主跟迷霧山城哪個比較好玩？",
    "who painted the Onirim artwork?", "哪裡可以買到迷霧山城的實體版？", "Onirim 有沒有出繁體中文版？",
    "帮我写一首关于雾中山城的短诗。", "Can you recommend a two-player game that feels like Onirim?",
    # Whether a game is still printed, shops and their hours, which game suits new players.
    "Is Hilltown in the Mist out of print? Where can I get one?", "台中有哪間桌遊店週末營業到很晚，想約人玩地城領主？",
    "迷霧山城跟Onirim哪個比較適合新手？", "你覺得迷霧山城同 Avalon 邊個啱新手玩多啲？",
    # Chit-chat asked of the bot itself.
    "Tell me a joke while I shuffle?", "洗牌的時候講個笑話吧", "哈喽，今天心情有点差，不想聊规则，陪我随便聊聊好不好？",
    "Could you write me a short, funny birthday message for my Dungeon Lords friend?",
    "What's the best price I can get for a Dungeon Lords copy?", "迷雾山城现在到底哪里能买？",
    "My friend says Hilltown in the Mist was designed by a Japanese designer. Who designed it?",
    "is it gonna rain in Taipei saturday night? we're planning a Dungeon Lords session",
    # A designer's other games, a joke asked for, the cheapest shop.
    "Shadi Torbey 除了 Onirim 以外还设计过哪些单人游戏？", "thanks! got a good board game joke for me?",
    "wheres the cheapest place to buy onirim w/ all the expansions",
    # The bot's own taste.
    "Anyway, enough rules for tonight. Do you have a favorite board game?",
    "Any idea where I could get a cheap copy of Hilltown in the Mist?"])
def test_questions_about_apps_lost_cards_opinions_or_art_are_not_rules_questions(question):
    assert not_a_rules_question(question) is not None


@pytest.mark.parametrize("question, phrase", [
    # Told in passing beside a rules question: what is asked is the rule.
    ("二手买的 Onirim，高塔扩展那部分卡我数了一下总共 12 张。按规则每种颜色应该有几张高塔卡？", None),
    ("First time teaching Hilltown in the Mist at my local game store. How many memories do you need to escape?", None),
    # Asked: out of scope.
    ("We love Onirim. Where can I buy the Towers expansion?", "where can i buy"),
    ("求推荐适合情侣两个人玩的合作桌游，预算两百块以内。我们之前玩过 Onirim。", "求推薦"),
])
def test_only_what_a_question_asks_makes_it_no_rules_question(question, phrase):
    assert not_a_rules_question(question) == phrase


@pytest.mark.parametrize("question, game", [
    # The base game asked about, with the texts' own matter named only to be set aside.
    ("先不管擴充，Onirim 基本組抽到惡夢卡的時候，原本有哪幾種處理方式？", "onirim"),
    ("地下城领主不用这个魔法物品变体的话，基础游戏里的邪恶度是怎么算的？", "dungeon-lords"),
])
def test_the_base_game_asked_about_with_the_variant_set_aside_is_not_covered(question, game):
    assert outside_topic(question, game) is not None


def test_the_base_set_named_beside_an_expansion_is_covered():
    assert outside_topic("基本組加上高塔擴充在難度階梯排第幾？", "onirim") is None


@pytest.mark.parametrize("question, asked", [
    # A story of an evening with one of ours, then a question about another game.
    ("We played Hilltown in the Mist first and then switched to Carcassonne. Someone placed a farmer in a field "
     "next to mine. Can two farmers share a field in Carcassonne?", True),
    ("地城领主打完之后又开了一局卡坦岛。我手上有八张资源卡。卡坦岛掷出7的时候要弃几张？", True),
    # What is asked names ours: a rules question whatever else the story names.
    ("我們上週玩卡坦島。今天改玩 Onirim，高塔可以放在列的左端嗎？", False),
    ("After Catan we opened Onirim. Can a tower go on the left end of the row in Onirim?", False),
])
def test_a_question_asked_about_another_game_after_a_story_of_ours(question, asked):
    assert bool(other_games_asked(question)) is asked


@pytest.mark.parametrize("question, game", [
    ("How long does a game of Onirim usually take?", "onirim"),
    ("地城領主四個人一局要玩多久？", "dungeon-lords"),
])
def test_how_long_a_game_lasts_is_not_in_texts_that_do_not_say(question, game):
    assert outside_topic(question, game) is not None


def test_a_message_that_leaves_the_topic_follows_no_earlier_question(pipeline):
    tokenizer = pipeline.tokenizer
    earlier = ["Onirim with the Towers: can the blue 4 go on the left end of my row?"]
    leaving = Query.build("Totally unrelated, but what about the spells, how many are there?", earlier, tokenizer)
    staying = Query.build("What about the spells, how many are there?", earlier, tokenizer)
    assert not leaving.reads_as_follow_up and staying.reads_as_follow_up


@pytest.mark.parametrize("question, covered", [
    ("第一次玩地城領主，開局每個人要拿幾個小惡魔？", False),
    ("Dungeon Lords, four players: how long does a game take, start to finish?", False),
    ("Roughly how long does a full game of Onirim take?", False),
    # The variant's own markers: the texts answer.
    ("地城領主開局每位玩家拿幾個指示物？", True),
])
def test_what_the_texts_leave_to_the_base_game_gets_no_verdict_of_theirs(pipeline, question, covered):
    answer = pipeline.ask(question)
    assert (answer.no_verdict != "not_covered" and answer.verdict is not None) is covered


def test_a_clause_opening_on_na_that_asks_whether_it_can_be_done_follows_up(pipeline):
    earlier = ["棄牌堆有8張，我想放 Parallel Planning，夠嗎？"]
    follows = Query.build("喔我們用的是貴的那面，那可以放嗎？", earlier, pipeline.tokenizer)
    # (Without the 那 clause, and without pointing at "the side" told before with 的那面.)
    alone = Query.build("喔我們用貴的一面，可以放嗎？", earlier, pipeline.tokenizer)
    assert follows.reads_as_follow_up and not alone.reads_as_follow_up


def test_a_follow_up_to_a_question_about_another_game_stays_out_of_scope_whatever_words_of_ours_it_has(pipeline):
    answer = pipeline.ask("那女巫呢？", history=["阿凱問狼人殺裡預言家晚上怎麼查驗？"])
    assert answer.in_scope is False and answer.verdict is None and answer.citations == []


def test_which_of_two_games_suits_a_party_is_an_opinion(pipeline):
    r = pipeline.ask("顺便问一下，迷雾山城跟阿瓦隆比，哪个更适合八个人的聚会？", history=["五个人玩的话，顺位是怎么排的？"])
    assert not r.in_scope and r.verdict is None


@pytest.mark.parametrize("question", [
    "Not counting any expansion, how many Nightmare cards are in the Onirim base deck?",
    "地城領主基本遊戲裡，不靠魔法物品的話，怪物要怎麼雇用？",
    "In plain Dungeon Lords without the item thing, how do taxes work at the end of the year?",
    "Where I can buy Onirim, online or a local shop?",
])
def test_the_base_game_and_buying_are_out_of_scope(pipeline, question):
    r = pipeline.ask(question)
    assert not r.in_scope and r.verdict is None


@pytest.mark.parametrize("question", ["六個人聚會，迷霧山城跟阿瓦隆哪個比較不會冷場？",
                                      "Onirim or Hanabi, which one is better for two?"])
def test_one_of_our_games_weighed_against_another_is_out_of_scope(pipeline, question):
    r = pipeline.ask(question)
    assert not r.in_scope and r.game is None and not r.citations


def test_another_game_named_in_passing_leaves_a_rules_question_in_scope(pipeline):
    r = pipeline.ask("玩完阿瓦隆換玩迷霧山城，五個人玩要幾張自己角色的回憶才能逃脫？")
    assert r.in_scope and r.game == "mist-mountain"
