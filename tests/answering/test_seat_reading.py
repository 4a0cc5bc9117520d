"""Per-seat numbers told in prose: roles counted from the captain, from the seat before, or from the end."""
import pytest

from answering.extract import extract_input, seat_names, unread_numbers
from rules_engine import get_rule

QUALIFICATION = get_rule("mist-mountain.qualification")


def read(question: str) -> dict:
    return extract_input(QUALIFICATION.input_model, question)


@pytest.mark.parametrize("question, contributions", [
    # The seats listed, then their numbers in the same order.
    ("五人局，路線需求12分。貢獻度依隊長、下家1、下家2、下家3、下家4分別是2、5、0、4、4，能出團嗎？", [2, 5, 0, 4, 4]),
    ("四人局，隊長、下家1、下家2和上家的貢獻是5、3、2、6，能出團嗎？", [5, 3, 2, 6]),
    # Two seats sharing one number are not a list of seats then numbers.
    ("四人局，隊長和下家1都是5分，下家2是2、上家6，能出團嗎？", [5, 5, 2, 6]),
])
def test_seats_listed_then_their_numbers_in_order(question, contributions):
    data = read(question)
    assert data["contributions"] == contributions
    assert unread_numbers(question, data, QUALIFICATION.fixed_numbers) == []


def test_seats_and_numbers_of_different_lengths_are_not_paired():
    # Five seats and four numbers: which seat has which is not told.
    data = read("五人局，隊長、下家1、下家2、下家3、下家4分別是2、5、0、4，能出團嗎？")
    assert data.get("contributions") != [2, 5, 0, 4]


@pytest.mark.parametrize("question, contributions", [
    # Each seat counted from the one before it ("再下一位"), the last seat named as such.
    ("五人局，隊長貢獻了6分，他的下家貢獻3分，再下一位2分，再下一位0分，最後一位4分，誰出團？", [6, 3, 2, 0, 4]),
    ("Captain 5, next 4, next 3, last 0. Does the team go?", [5, 4, 3, 0]),
    # Ordinals counted from the captain, continued by bare ordinals.
    ("Five players: the captain 2, the first player after the captain 5, the second 4, the third 0, the fourth 3. "
     "Does the team depart?", [2, 5, 4, 0, 3]),
    ("五人局，隊長後面第二位貢獻了12分，其他人都是0，誰出團？", [0, 0, 12, 0, 0]),
    # The seat numbering the answer itself asks in ("seat 1 (the captain's next player)").
    ("5 players: captain contributed 4, seat 1 contributed 3, seat 2 contributed 6, seat 3 nothing, seat 4 2. "
     "Which players go?", [4, 3, 6, 0, 2]),
    # Nothing, in words.
    ("四人局，隊長貢獻5，下家1貢獻4，下家2貢獻3，上家沒貢獻，能出團嗎？", [5, 4, 3, 0]),
    # The one seat said to be the only one with anything; the others are stated as nothing.
    ("只有隊長有貢獻，12分，其他人都沒有貢獻。五人局，誰出團？", [12, 0, 0, 0, 0]),
    ("五人局，只有下家2有貢獻（8分），其他人都沒出牌，能出團嗎？", [0, 0, 8, 0, 0]),
    ("Only the captain contributed (12); nobody else played anything. 4 players. Who goes?", [12, 0, 0, 0]),
    ("Six players. Only the second player after the captain contributed anything — 12 points. Everyone else 0. "
     "Who goes?", [0, 0, 12, 0, 0, 0]),
    # "the next one": the seat after the one just told.
    ("5-player game, requirement 12. Contributions: captain 4, the player after the captain 4, the next one 2, the "
     "next 4, and the captain's previous player 0. Who goes?", [4, 4, 2, 4, 0]),
    # "then 0, 1": bare numbers running on from a seat's own are the seats after it.
    ("Six players. Captain 3, next player 2, the one after 5, then 0, 1, and the player before the captain 1.",
     [3, 2, 5, 0, 1, 1]),
    ("6-player game, path needs 12. Going round from the captain: captain has 4, the next player 1, then 0, 5, 2, "
     "and the last seat (the captain's upstream player) has 4.", [4, 1, 0, 5, 2, 4]),
    # An aside restating a seat's role is no seat of its own.
    ("5 players, path needs 12. Captain put in 2, the player after the captain 5, the next one 0, then 3, and the "
     "last one (captain's upstream) 2. Do we set out?", [2, 5, 0, 3, 2]),
    # "剩下三个人" counts the seats not told (no table size said): they make the table, at zero.
    ("需求12分，队长4分、下家1 4分、下家2 4分，剩下三个人都是0，能出团吗", [4, 4, 4, 0, 0, 0]),
    ("6 players, path needs 12. Captain put in 4, the next player (downstream 1) 4, downstream 2 also 4, the other "
     "three played nothing at all.", [4, 4, 4, 0, 0, 0]),
    ("6人局，今天路線要12分。隊長出了3分、他下家2分、再下一家4分、下家3沒出牌、下家4 1分、最後上家6分。", [3, 2, 4, 0, 1, 6]),
    ("Six players. Contributions going round from the captain: captain 3, next player 3, the one after that 3, then "
     "2, 2, and the guy sitting right before the captain put in 3.", [3, 3, 3, 2, 2, 3]),
    # "其他兩人": the two seats not told put in nothing.
    ("五人局，路徑需求12分。隊長4分、下家1 4分、下家3 4分，其他兩人0分。這樣可以出團嗎？", [4, 4, 0, 4, 0]),
    # The order said, then the list after a colon.
    ("6 players, path needs 12. Contributions, listed captain first and then the 1st, 2nd, 3rd, 4th, 5th players "
     "after the captain: 2, 5, 0, 3, 4, 1. Who goes?", [2, 5, 0, 3, 4, 1]),
    # Players named with their numbers running on from a seat's own are the seats after it, in the order told.
    ("路線要12分。隊長阿宏1分，他下家小芬4分，再下去Tina 2分、阿德5分、胖胖0分，最後小柯（隊長上家）3分。", [1, 4, 2, 5, 0, 3]),
    ("Captain 2 points, next player 4 points, Ann 1 points, Bo 6 points, and the last seat 0.", [2, 4, 1, 6, 0]),
])
def test_a_seat_by_seat_list_in_prose_is_read_in_seat_order(question, contributions):
    data = read(question)
    assert data["contributions"] == contributions
    assert unread_numbers(question, data, QUALIFICATION.fixed_numbers) == []


@pytest.mark.parametrize("question", [
    # Four seats told at a five-player table: one seat is missing, so nothing is read.
    "Five players. Captain 5, 下家1 4, 下家2 3, 上家 0. Does the team depart?",
    # "the second" with no series of seats after the captain before it could count from anyone.
    "Four players: captain 5, the second 4, the third 3, the fourth 0. Departs?",
    # "then 0, 1, 4, 2" runs on to the last seat, which is then told again: two numbers for one seat.
    "Six players. Captain 3, next player 2, then 0, 1, 4, 2, and the player before the captain 1.",
])
def test_a_list_that_leaves_a_seat_unplaced_is_not_read(question):
    assert "contributions" not in read(question)


@pytest.mark.parametrize("question, contributions, requirement", [
    # The captain's number, then the seats after the captain as a range with their numbers in turn.
    ("6p need 12. cap 5, 下家1-5: 0 2 2 1 4. we go?", [5, 0, 2, 2, 1, 4], 12),
    ("6人要12分 隊長5 下家1到5分別0 2 2 1 4 能出團嗎", [5, 0, 2, 2, 1, 4], 12),
    ("隊長3分，下家1到下家4：1、2、0、5，需要10分", [3, 1, 2, 0, 5], 10),
])
def test_seats_after_the_captain_told_as_a_range_then_their_numbers(question, contributions, requirement):
    data = read(question)
    assert data["contributions"] == contributions and data["requirement"] == requirement
    assert unread_numbers(question, data, QUALIFICATION.fixed_numbers) == []


def test_a_range_of_seats_longer_than_its_list_is_not_read():
    # Four seats in the range, three numbers: which seat has which is not told, and 下家1 is not 5 ("到5").
    assert "contributions" not in read("5人，隊長3分，下家1到下家4：1、2、0，需要10分")
    assert "contributions" not in read("6人要12分 隊長5 下家1到5分別0 2 2 1 能出團嗎")


def test_others_told_at_zero_after_a_run_are_no_named_seat():
    # "其他0分" is the seats not told, not a player called 其他.
    data = read("五人局，隊長3分，下家1 2分、阿珠4分，其他0分，能出團嗎？")
    assert data["contributions"] == [3, 2, 4, 0, 0]


@pytest.mark.parametrize("question, unread", [
    # What the largest three come to, said again, is read with them; a total that is not theirs is not.
    ("四人局，路線要12分。隊長6分，下家1 2分，下家2 0分，上家3分。前三名加起來11分，只差一點，能出團嗎？", []),
    ("四人局，路線要12分。隊長6分，下家1 2分，下家2 0分，上家3分。前三名加起來10分，能出團嗎？", [10]),
    # How many share one value, said again of them.
    ("四人局，隊長2分，下家1 7分，下家2 2分，上家2分。三個人都是2分，能出團嗎？", []),
])
def test_totals_and_counts_said_again_of_the_list_read(question, unread):
    data = read(question)
    assert len(data["contributions"]) == 4
    assert unread_numbers(question, data, QUALIFICATION.fixed_numbers) == unread


@pytest.mark.parametrize("question, requirement", [
    ("四人局，隊長貢獻5，下家1貢獻4，下家2貢獻3，上家0，櫻花小徑要13分，能出團嗎？", 13),
    ("四人局，竹林小道要11分，隊長貢獻5，下家1貢獻4，下家2貢獻3，上家0，能出團嗎？", 11),
    ("四人局，隊長貢獻5，下家1貢獻4，下家2貢獻3，上家0，路徑要12分，能出團嗎？", 12),
    ("四人局，隊長貢獻5，下家1貢獻4，下家2貢獻3，上家0，這條路需要13分，能出團嗎？", 13),
    ("4 players on a path that needs 13: captain 5, next player 4, the one after 3, last player 0. Departs?", 13),
])
def test_the_paths_requirement_is_read_beside_the_list(question, requirement):
    data = read(question)
    assert data["requirement"] == requirement and data["contributions"] == [5, 4, 3, 0]
    verdict = QUALIFICATION.run(data)
    assert verdict.value is (12 >= requirement)


ESCAPE = get_rule("mist-mountain.escape")


def test_players_listed_by_name_in_seat_order_are_read_with_their_names_as_written():
    question = ("遊戲結束，四人局，順序從隊長開始：阿華有5張回憶加2張櫻花小徑，場上金礦1、手上2；小莉6張回憶，金礦4；"
                "阿強4張回憶加手上1張住持，金礦3；小芳3張回憶，沒有金礦。誰是脫逃大師？")
    data = extract_input(ESCAPE.input_model, question)
    players = data["players"]
    assert [p["name"] for p in players] == ["阿華", "小莉", "阿強", "小芳"]
    # Gold in hand is told apart from gold on the table ("手上2" after the gold named before it).
    assert players[0] == {"name": "阿華", "memories": 5, "sakura": 2, "gold_table": 1, "gold_hand": 2}
    assert players[2]["abbots"] == 1 and players[3]["gold_table"] == 0
    assert unread_numbers(question, data) == []
    verdict = get_rule("mist-mountain.escape_master").run(data)
    # 阿華 5 + one sakura set = 6, 小莉 6: both escape; 阿華 has 3 gold, 小莉 4.
    assert verdict.value == "小莉"


def test_english_names_keep_their_case_and_hyphenated_path_names_are_read():
    question = ("End of the game, 4 players, in seat order from the captain: Ann has 5 memories and 3 bamboo-path "
                "cards, 2 gold on the table and 1 in hand; Bo has 6 memories; Cy has 4 memories; Di has 6 memories "
                "and 1 gold. Who escapes?")
    players = extract_input(ESCAPE.input_model, question)["players"]
    assert [p["name"] for p in players] == ["Ann", "Bo", "Cy", "Di"]
    assert players[0] == {"name": "Ann", "memories": 5, "bamboo": 3, "gold_table": 2, "gold_hand": 1}
    assert ESCAPE.run({"players": players}).details["escaped"] == [0, 1, 3]


@pytest.mark.parametrize("question", [
    # A name without what the player has, and names with no seat order: nothing is read.
    "四人局，順序從隊長開始：阿華有5張回憶；小莉；阿強4張回憶；小芳3張回憶。誰逃出？",
    "阿華有5張回憶；小莉6張回憶；阿強4張回憶；小芳3張回憶。誰逃出？",
])
def test_named_players_are_read_only_whole_and_in_a_stated_order(question):
    assert "players" not in extract_input(ESCAPE.input_model, question)


@pytest.mark.parametrize("question, contributions, names", [
    # Each player told as the one after the player before ("阿花下家小杰"), the last one said to be the captain's 上家.
    ("六人局，需求12。隊長阿花2分，阿花下家小杰5分，小杰下家阿麗3分，阿麗下家老吳4分，老吳下家小芬0分，小芬下家大熊1分"
     "（大熊是阿花的上家）。誰出團？", [2, 5, 3, 4, 0, 1], ["阿花", "小杰", "阿麗", "老吳", "小芬", "大熊"]),
    # The seating told first, partly by role and partly as "接著…、…，最後…"; the numbers then by name, one in words.
    ("五人局：阿寶是隊長，他的下家是小婷，接著Max、小芸，最後老高（就是阿寶的上家）。需求12。結果：阿寶4分、小婷0分、"
     "Max沒出、小芸5分、老高3分。誰出團？", [4, 0, 0, 5, 3], ["阿寶", "小婷", "Max", "小芸", "老高"]),
    # English: the captain's name, the next one placed by an aside, the last one by ", who sits right before …".
    ("4 players, path needs 12. Captain Nora put in 5, Omar (next after her) 2, Pia 4, and Quinn, who sits right "
     "before Nora, 3. Who goes?", [5, 2, 4, 3], ["Nora", "Omar", "Pia", "Quinn"]),
    # Names set apart by spaces.
    ("4人 阿寶队长 下家依次小婷 老高 小芸. 贡献 阿寶3 小婷4 老高4 小芸2 需求12 谁出团", [3, 4, 4, 2],
     ["阿寶", "小婷", "老高", "小芸"]),
])
def test_players_told_one_by_one_in_turn_order_take_their_seats(question, contributions, names):
    data = read(question)
    assert data["contributions"] == contributions
    assert unread_numbers(question, data) == []
    assert [name for _, name in sorted(seat_names(question).items())] == names


@pytest.mark.parametrize("question", [
    # Names after the captain with no word of the order they sit in: not taken for the turn order.
    "4人局，需求12。隊長阿寶2分，小婷5分，老高3分，小芸4分。誰出團？",
    # One name too few for the table.
    "五人局，需求12。隊長阿寶2分，阿寶下家小婷5分，小婷下家老高3分，老高下家小芸4分。誰出團？",
    # A name placed where the order does not put it (小芸 is the fourth told, not the captain's 上家 of five).
    "五人局，需求12。隊長阿寶2分，阿寶下家小婷5分，小婷下家老高3分，小芸4分（小芸是阿寶的上家），大熊1分。誰出團？",
])
def test_players_told_by_name_are_not_seated_without_a_stated_order_that_fills_the_table(question):
    assert "contributions" not in read(question)


def test_a_thing_said_to_lie_all_in_hand_and_slang_for_none_are_read():
    question = ("4人局结束。当天队长是阿花，下家依序是小杰、阿丽、老吴。阿花6张回忆，金矿只有手上2张；小杰5张回忆，木有金矿；"
                "阿丽6张回忆、金矿都在手上共3张；老吴2张回忆。谁是脱逃大师？")
    players = extract_input(ESCAPE.input_model, question)["players"]
    assert players[0] == {"name": "阿花", "memories": 6, "gold_hand": 2}
    assert players[1] == {"name": "小杰", "memories": 5, "gold_table": 0}
    assert players[2] == {"name": "阿丽", "memories": 6, "gold_hand": 3}
    assert get_rule("mist-mountain.escape_master").run({"players": players}).value == "阿丽"  # 下家2


@pytest.mark.parametrize("question, players", [
    # Each thing's number told after it ("回憶6金礦2"): the 6 is the memories', the alleys' is the 2.
    ("4人結算：隊長回憶6金礦2，下家1回憶6金礦3，下家2回憶3金礦5，上家回憶6金礦3，大師誰",
     [{"memories": 6, "gold_table": 2}, {"memories": 6, "gold_table": 3}, {"memories": 3, "gold_table": 5},
      {"memories": 6, "gold_table": 3}]),
    # The thing said once, then bare numbers after each seat; "+ abbot" is one Abbot; "cap" is the captain.
    ("5p end: cap 5 mems, 下家1 3 + abbot, 下家2 5, 下家3 4, 下家4 2. who escapes",
     [{"memories": 5}, {"memories": 3, "abbots": 1}, {"memories": 5}, {"memories": 4}, {"memories": 2}]),
    ("隊長5張回憶，下家1 3張加一個住持，下家2 5張，下家3 4張，下家4 2張，誰能逃離",
     [{"memories": 5}, {"memories": 3, "abbots": 1}, {"memories": 5}, {"memories": 4}, {"memories": 2}]),
    # "starting from the captain: the captain has …": the first role tells no record; "the next seat", "the next"
    # count on from the seat before.
    ("Five players. In turn order starting from the captain: the captain has 5 of his own memories; the next seat "
     "has 4 plus an Abbot in hand; the next has 3; the next has 5; and the last seat has 4 memories plus two Sakura "
     "path cards. Who escaped?",
     [{"memories": 5}, {"memories": 4, "abbots": 1}, {"memories": 3}, {"memories": 5}, {"memories": 4, "sakura": 2}]),
    # In seat order, the captain named first by role and name; later bare counts are the first record's thing, also
    # before another thing's count ("小美 6张 0金矿").
    ("4人局结束了 按座位: 队长阿明 6张回忆 场上金矿2; 小华 6张 场上金矿1 手上2; 阿强 5张 场上金矿5; 小美 6张 0金矿。谁逃出去了",
     [{"name": "阿明", "memories": 6, "gold_table": 2}, {"name": "小华", "memories": 6, "gold_table": 1, "gold_hand": 2},
      {"name": "阿强", "memories": 5, "gold_table": 5}, {"name": "小美", "memories": 6, "gold_table": 0}]),
    # One told after the thing or where it lies ("金礦小巷一張", "手上一張") is a count.
    ("五人局結算：隊長自己的回憶五張、桌上金礦小巷一張；下家一只有四張回憶，但桌上金礦有五張；下家二回憶五張，金礦桌上兩張、"
     "手上一張；下家三回憶六張，桌上金礦三張；上家只有兩張回憶、沒有金礦。誰逃出去了？",
     [{"memories": 5, "gold_table": 1}, {"memories": 4, "gold_table": 5}, {"memories": 5, "gold_table": 2, "gold_hand": 1},
      {"memories": 6, "gold_table": 3}, {"memories": 2, "gold_table": 0}]),
])
def test_records_told_in_shorthand_seat_by_seat(question, players):
    data = extract_input(ESCAPE.input_model, question)
    assert data["players"] == players
    assert unread_numbers(question, data, ESCAPE.fixed_numbers) == []


OWN_ESCAPE = get_rule("mist-mountain.own_escape")


@pytest.mark.parametrize("question, stated", [
    ("四人局結束，我有5張自己的回憶，還有2張櫻花小徑，我逃得掉嗎？", {"players": 4, "memories": 5, "sakura": 2}),
    ("I have 4 memories and an abbot in hand, 5 players. Do I escape?", {"players": 5, "memories": 4, "abbots": 1}),
    ("六人局，我只有3張回憶，可以逃脫嗎？", {"players": 6, "memories": 3}),
])
def test_one_players_own_cards_are_read(question, stated):
    assert extract_input(OWN_ESCAPE.input_model, question) == stated


def test_cards_a_player_does_not_name_are_taken_as_none_and_the_answer_says_so():
    from rules_engine.partial import evaluate_partial

    result = evaluate_partial(OWN_ESCAPE, {"players": 6, "memories": 3})
    assert result.verdict is not None and result.verdict.value is False
    assert {result.inputs[f]["from"] for f in ("sakura", "bamboo", "grass", "abbots")} == {"absent"}
    assert any("住持" in a for a in result.verdict.assumptions)
    # Without the memories the answer asks for them rather than assuming any.
    asked = evaluate_partial(OWN_ESCAPE, {"players": 6})
    assert asked.verdict is None and [m.field for m in asked.missing] == ["memories"]


MORNING = get_rule("mist-mountain.morning")
BAMBOO_TURNS = [[1, "反光盤"], [2, "工作帽"], [3, "pass"], [4, "反光盤"], [0, "燈籠"],
                [1, "pass"], [2, "pass"], [4, "pass"], [0, "pass"]]


@pytest.mark.parametrize("question", [
    "五人局竹林小道。下家1出反光盤，下家2出工作帽，下家3 pass，下家4出反光盤，隊長出燈籠，然後下家1、下家2、下家4、隊長全部pass。"
    "能出團嗎？",
    "Five players on the Bamboo path: next player 1 plays a reflector, next player 2 a work cap, next player 3 "
    "passes, next player 4 a reflector, the captain a lantern; then next player 1, next player 2, next player 4 "
    "and the captain all pass. Does the team depart?",
    # Players numbered beside a captain named on their own are the seats after the captain; the clause
    # saying where the order starts is not a turn.
    "Five of us on the Bamboo path, going round from the player after the captain: P1 plays a reflector, P2 a work "
    "cap, P3 passes, P4 a reflector, the captain a lantern, then P1, P2, P4 and the captain all pass. Do we go?",
])
def test_seats_named_together_share_the_turn_said_of_them_all(question):
    data = extract_input(MORNING.input_model, question)
    assert data["actions"] == BAMBOO_TURNS and data["players"] == 5
    # Every seat has passed after the shared turn: the morning is played to its end.
    assert MORNING.run(data).details["finished"] is True


def test_turns_told_by_name_after_a_seating_told_name_by_name():
    # The seating, then the turns; after the first turn, "然後大雄、靜香…都Pass" names turns, not the seating again.
    question = ("5人局竹林小道。阿寶當隊長，下家依次是小婷、老高、小芸、大熊。小婷出反光盤，老高出工作帽，小芸Pass，"
                "大熊出反光盤，阿寶出燈籠，然後小婷、老高、大熊、阿寶都Pass。能出團嗎？")
    data = extract_input(MORNING.input_model, question)
    assert data["actions"] == BAMBOO_TURNS and data["players"] == 5
    assert [name for _, name in sorted(seat_names(question).items())] == ["阿寶", "小婷", "老高", "小芸", "大熊"]


def test_seats_called_by_the_names_a_roster_gave_them():
    question = ("四人局，今天櫻花小徑。隊長阿傑，下家小婷、再來大雄、上家胖虎。小婷出燈籠，大雄出反光盤，胖虎Pass，阿傑出燈籠，"
                "小婷再出燈籠，大雄Pass，阿傑Pass，小婷Pass。有出團嗎？")
    data = extract_input(MORNING.input_model, question)
    assert data["actions"] == [[1, "燈籠"], [2, "反光盤"], [3, "pass"], [0, "燈籠"], [1, "燈籠"], [2, "pass"],
                               [0, "pass"], [1, "pass"]]


@pytest.mark.parametrize("question", [
    # Seats named together with one card and no word saying they all did it: whose card is it?
    "五人局竹林小道。下家1出反光盤，下家2出工作帽，下家3、下家4出燈籠，隊長pass。能出團嗎？",
    # Seats named at the end with nothing said of them.
    "五人局竹林小道。下家1出反光盤，下家2出工作帽，然後下家3、下家4。能出團嗎？",
    # A card aimed at another seat's card: whose card the fog discards is not said …
    "四人局芒草小路。下家1出反光盤，下家2出工作帽，下家3打濃霧時刻，隊長出燈籠，然後全部pass。能出團嗎？",
    # … or two cards are named after the target: which one goes?
    "四人局芒草小路。下家1出反光盤，下家2用濃霧時刻把下家1的反光盤和工作帽棄掉，下家3 pass，隊長pass。能出團嗎？",
])
def test_turns_that_leave_a_seats_action_unsaid_are_not_read(question):
    assert "actions" not in extract_input(MORNING.input_model, question)


def test_numbered_players_are_not_read_as_seats_when_a_number_may_be_the_captains():
    question = ("Five on the Bamboo path: P1 (the captain) plays a lantern, P2 a reflector, P3 passes, P4 a work cap, "
                "P5 a reflector, then P1, P2, P4 and P5 all pass. Do we go?")
    assert "actions" not in extract_input(MORNING.input_model, question)


@pytest.mark.parametrize("question, went", [
    # A seat told after a seated name ("再來依序是…"), one told from the captain's name ("阿凱的上家是…"), and three
    # names listed after the cue.
    ("五人局，隊長是阿凱，他的下家是小瑜，再來依序是阿光、Amy，阿凱的上家是志明。今天出團的是阿凱、志明跟Amy三個人，"
     "隊長卡要交給誰？", [0, 3, 4]),
    ("五人局，隊長是小杰，他的下家是阿蓮，然後是大頭、Momo，小杰的上家是老K。出團的是阿蓮、大頭、Momo，隊長卡給誰？", [1, 2, 3]),
])
def test_seats_that_went_called_by_names_told_from_the_seat_before(question, went):
    data = extract_input(get_rule("mist-mountain.next_captain").input_model, question)
    assert data["went"] == went and data["players"] == 5


@pytest.mark.parametrize("question", [
    "4-player game; someone outside the top three played a Police Officer, so all four of us went out. Who is captain next?",
    "四人局，有人打了警官，結果我們4個人都出團了，下一任隊長是誰？",
])
def test_the_whole_table_going_is_every_seat(question):
    data = extract_input(get_rule("mist-mountain.next_captain").input_model, question)
    assert data["went"] == [0, 1, 2, 3] and data["players"] == 4
    assert unread_numbers(question, data, get_rule("mist-mountain.next_captain").fixed_numbers) == []


QUALIFICATION = get_rule("mist-mountain.qualification")


@pytest.mark.parametrize("question,contributions", [
    # 再來 / 接著 count from the seat named before; a role restating that seat (也就是…的上家) is the same seat;
    # a role in brackets after a name is that player's seat.
    ("五人局。隊長阿明3分，他下家小華0分，再來小美5分，接著阿傑2分，最後一位、也就是阿明的上家小玉4分。能出團嗎？",
     [3, 0, 5, 2, 4]),
    ("四人局。队长老王3分，他下家小李6分，接着小张3分，最后小陈（老王的上家）也是3分。能出团吗？", [3, 6, 3, 3]),
    # The only seat with anything, named by its count from the captain in brackets after the player's name.
    ("5个人玩。整个早上只有大刘（队长往下数第二个）出牌，一共13分，其他人全部pass是0分。能出团吗？", [0, 0, 13, 0, 0]),
])
def test_contributions_told_player_by_player_in_prose(question, contributions):
    assert extract_input(QUALIFICATION.input_model, question)["contributions"] == contributions


def test_a_seat_told_by_name_alone_within_a_list_in_turn_order_is_the_next_seat_not_a_gap():
    # "我們五個人玩": a five-player table. 阿傑 has no role of his own: told between 小美 ("再來") and the last seat, he
    # is the seat after 小美, so the list fills the table (it is never read as four).
    question = "我們五個人玩。隊長阿明3分，他下家小華0分，再來小美5分，阿傑2分，最後一位、也就是阿明的上家小玉4分。能出團嗎？"
    assert extract_input(QUALIFICATION.input_model, question)["contributions"] == [3, 0, 5, 2, 4]


def test_own_cards_named_before_how_many():
    data = extract_input(OWN_ESCAPE.input_model, "五人局，我自己的回憶有3張，竹林小道的小卡有3張，逃得掉嗎？")
    assert data == {"players": 5, "memories": 3, "bamboo": 3}


@pytest.mark.parametrize("question, names", [
    ("六人局，隊長是阿明，依序下家是小華、小李、小張、小王、小陳。今天貢獻度：阿明2、小華0、小李0、小張6、小王0、小陳6",
     {0: "阿明", 1: "小華", 2: "小李", 3: "小張", 4: "小王", 5: "小陳"}),
    ("队长是老王，从他下家起依次是小李、阿强、小美（小美是上家）。小李出工作帽，阿强出工作帽，小美pass，老王出灯笼",
     {0: "老王", 1: "小李", 2: "阿强", 3: "小美"}),
    # "順著" keeps its Traditional 著 when folded.
    ("6人局，隊長是阿明，順著下家是小華、阿珍、大雄、胖虎、靜香（靜香就是阿明的上家）。貢獻度：阿明3、小華2、阿珍2、大雄5、胖虎1、靜香5",
     {0: "阿明", 1: "小華", 2: "阿珍", 3: "大雄", 4: "胖虎", 5: "靜香"}),
    ("6人局打完了，當天隊長是阿強，按阿強往下家數依次是小麗、老王、大劉、小芳、阿華。",
     {0: "阿強", 1: "小麗", 2: "老王", 3: "大劉", 4: "小芳", 5: "阿華"}),
    # "X (seat k), then A, B and C" seats A, B, C after X; "the seats after her go …" lists them after the captain.
    ("Six of us. Tom is captain, Amy sits right after him as 下家1, then Ben, Cara and Dan, and Eve is Tom's 上家.",
     {0: "Tom", 1: "Amy", 2: "Ben", 3: "Cara", 4: "Dan", 5: "Eve"}),
    ("6 players. Ann is captain and the seats after her go Bo, Cy, Di, Ed, Flo (Flo is Ann's 上家).",
     {0: "Ann", 1: "Bo", 2: "Cy", 3: "Di", 4: "Ed", 5: "Flo"}),
])
def test_names_listed_after_in_order_and_from_the_next_player_on(question, names):
    """"依序下家是…", "从他下家起依次是…" and "…, then Ben, Cara and Dan" list the seats in turn order."""
    assert seat_names(question) == names


def test_a_then_list_that_overruns_the_table_reads_no_roster():
    # Four players: Ben, Cara and Dan after Amy (下家1) would seat Dan at 4, past the last seat.
    assert seat_names("4 players. Tom is captain, Amy sits right after him as 下家1, then Ben, Cara and Dan.") == {}


ESCAPE_MASTER = get_rule("mist-mountain.escape_master")


def _records(question: str) -> list[dict]:
    return extract_input(ESCAPE_MASTER.input_model, question).get("players", [])


def test_records_told_after_each_seat_and_its_name_counting_from_the_seat_before():
    question = ("五人局結算：隊長阿明 回憶5張、金礦場上1手上1；他下家小華 回憶6、金礦場上2；再下家阿美 回憶3、金礦5；"
                "再下家志偉 回憶5、手上金礦2；上家佳佳 回憶4、金礦3。誰是脫逃大師？")
    assert seat_names(question) == {0: "阿明", 1: "小華", 2: "阿美", 3: "志偉", 4: "佳佳"}
    assert [(r["memories"], r.get("gold_table", 0), r.get("gold_hand", 0)) for r in _records(question)] == \
        [(5, 1, 1), (6, 2, 0), (3, 5, 0), (5, 0, 2), (4, 3, 0)]


def test_records_of_players_named_in_an_order_given_from_the_next_player_on():
    question = ("游戏结束了，5人局，老张是今天的队长，按下家顺序接着是小刘、阿花、大胖、二丫。老张自己的回忆5张，金矿小巷场上2张、"
                "手上1张；小刘回忆4张，金矿3张；阿花回忆6张，手上1张金矿；大胖回忆5张，没有金矿；二丫回忆3张，金矿4张。谁是脱逃大师？")
    assert seat_names(question) == {0: "老张", 1: "小刘", 2: "阿花", 3: "大胖", 4: "二丫"}
    assert [r["memories"] for r in _records(question)] == [5, 4, 6, 5, 3]


def test_english_records_after_seats_from_the_captain():
    question = ("Final night, 5 of us, seats from the captain: Amy (captain), Ben, Chloe, Dan, Eve. Amy has 5 of her own "
                "memories and 1 Gold Mine Alley on the table. Ben has 3 memories, an Abbot in hand and 2 golds on the "
                "table. Chloe has 6 memories and 1 gold in hand. Dan only has 4 memories but 3 golds on the table. "
                "Eve has 5 memories and 2 golds in her hand. Who's the Escape Master?")
    assert [(r["memories"], r.get("gold_table", 0), r.get("gold_hand", 0)) for r in _records(question)] == \
        [(5, 1, 0), (3, 2, 0), (6, 0, 1), (4, 3, 0), (5, 0, 2)]


def test_a_word_after_a_role_is_no_players_name():
    # "下家2有6分", "下家3和下家4": 有 and 和 begin what is said of the seat, not a name.
    assert seat_names("五人局，需求12分。隊長出了3分，下家1是0，下家2有6分，下家3和下家4各2分。能出團嗎？") == {}


def test_a_follow_up_calls_seats_by_the_names_given_before():
    from answering.extract import with_earlier_seats

    earlier = ("Six of us. Tom is captain, Amy sits right after him as 下家1, then Ben, Cara and Dan, and Eve is Tom's "
               "上家. Today the team that went out was Tom, Ben and Dan. Who gets the captain card now?")
    rewritten = with_earlier_seats("And if the three who went had been Tom, Dan and Eve instead?", [earlier])
    assert "tom" not in rewritten and "下家4" in rewritten and "下家5" in rewritten and "队长" in rewritten
    # No roster before, or names nobody was given: the follow-up as it is.
    assert with_earlier_seats("And if Zed went?", [earlier]) == "And if Zed went?"
    assert with_earlier_seats("And if Tom went?", ["Tom asked first."]) == "And if Tom went?"


def test_a_seat_order_listed_from_the_captain_and_path_cards_counted_after_their_name():
    question = ("四人局最后算分，今天队长是小王，座位顺序 小王、小李、小张、小赵（小李是小王下家）。小王：自己的回忆5张+手上1张住持，"
                "金矿场上1张手上2张；小李：回忆6张，金矿场上3张；小张：回忆4张+芒草小路路径小卡4张；小赵：回忆3张，金矿5张。谁是脱逃大师？")
    assert seat_names(question) == {0: "小王", 1: "小李", 2: "小张", 3: "小赵"}
    records = _records(question)
    assert [r["memories"] for r in records] == [5, 6, 4, 3]
    assert records[0]["abbots"] == 1 and records[2]["grass"] == 4


def test_records_after_a_roster_whose_seat_asides_are_in_brackets():
    question = ("Camp just flooded. Five of us; Mei was captain today, then in play order Jun, Li, Hao and Yu (Yu sits "
                "right before Mei). Mei has five memories and one gold alley on the table. Jun has five memories, two "
                "gold on the table and one in hand. Li has four memories. Hao has five memories and three gold in hand. "
                "Yu has three memories and six gold on the table. Who's escape master?")
    assert seat_names(question) == {0: "Mei", 1: "Jun", 2: "Li", 3: "Hao", 4: "Yu"}
    assert [(r["memories"], r.get("gold_table", 0), r.get("gold_hand", 0)) for r in _records(question)] == \
        [(5, 1, 0), (5, 2, 1), (4, 0, 0), (5, 0, 3), (3, 6, 0)]


@pytest.mark.parametrize("question, aimed", [
    # A seat restated beside itself plays the fog; the seat named after it owns the card it discards.
    ("4人局芒草小路（需求12）。下家1先出反光盤，下家2出工作帽，下家3（就是上家）甩了張濃霧時刻把下家1的反光盤棄掉，隊長出鐵路工，"
     "下家1又補一張反光盤，然後下家2、下家3、隊長、下家1全都pass。這能出團不？", [3, "濃霧時刻", 1, "反光盤"]),
    ("5 players, Silver Grass path (12 needed). Captain Ana; then Ben, Cal, Dee, and Eve sits right before Ana. Ben "
     "plays a reflector, Cal a work hat, Dee uses the Tea Master to take Ben's reflector into her hand, Eve plays the "
     "Railway Worker, Ana a work hat. Next lap: Ben a lantern, and then Cal, Dee, Eve, Ana and Ben all pass. "
     "Do we depart?", [3, "品茶師", 1, "反光盤"]),
])
def test_a_card_played_at_another_seats_card_is_a_turn_with_its_target(question, aimed):
    data = extract_input(MORNING.input_model, question)
    assert aimed in data["actions"]
    assert MORNING.run(data).value is False


def test_a_seat_list_that_stops_before_the_last_seat_told_on_its_own():
    question = "5人局，隊長是阿明，依序下家是小華、小玲、志強，佳佳是隊長的上家。今天出團的是阿明、佳佳、志強。"
    assert seat_names(question) == {0: "阿明", 1: "小華", 2: "小玲", 3: "志強", 4: "佳佳"}
    # Nobody told for the last seat: the short list is no roster.
    assert seat_names("5人局，隊長是阿明，依序下家是小華、小玲、志強。今天出團的是阿明、志強。") == {}
    # What happened is no name: "出團的是隊長的上家" seats nobody.
    assert seat_names("今天出團的是隊長的上家") == {}


def test_a_total_told_with_where_its_parts_lie_counts_once():
    question = ("5 players, game over. Ann has 5 of her own memories and 3 金礦小巷 (2 on the table, 1 in hand); Bo has 4 "
                "memories plus a 住持 in hand, and 3 gold alleys on the table + 1 in hand; Cy 3 memories but 6 gold on the "
                "table; Di 5 memories, 2 gold on the table; Ed 2 memories, no gold. Ann was captain that day, then Bo, "
                "Cy, Di, Ed. Who's the escape master?")
    ann, bo = _records(question)[:2]
    assert (ann["gold_table"], ann["gold_hand"]) == (2, 1) and (bo["gold_table"], bo["gold_hand"]) == (3, 1)


@pytest.mark.parametrize("question,names,master", [
    # Roles lead some clauses; the ones with only a name come next in turn.
    ("我們五個人玩到最後。隊長小林有5張自己的回憶，金礦小巷場上1張、手牌2張；下家阿珍有4張自己的回憶加3張竹林小道路徑卡，"
     "場上3張金礦小巷；再來老王只有3張回憶但有5張金礦小巷；小李有5張回憶、沒有金礦；大鵬有2張回憶和1張金礦。誰是脫逃大師？",
     ["小林", "阿珍", "老王", "小李", "大鵬"], "小林"),
    ("四人局，回憶牌抽完了。隊長小安：自己的回憶6張、場上金礦2張；下家小白：回憶4張、4張芒草小路路徑卡、手上一張住持，"
     "金礦場上3張手上2張；小陳：回憶5張、場上金礦7張；小丁：回憶6張、場上金礦1張。誰是脫逃大師？",
     ["小安", "小白", "小陳", "小丁"], "小白"),
    # Sentences, the captain named by what the player was that day.
    ("Game's over, four of us. Anna was captain today: 6 of her memories, 2 gold alleys on the table. Next to her Ben: "
     "5 memories plus a 住持 in hand, 2 gold alleys on the table and 1 in hand. Then Cat: 4 memories, 5 gold alleys in "
     "hand. Then Dan: 6 memories, 3 gold alleys on the table. Who's the escape master?",
     ["Anna", "Ben", "Cat", "Dan"], "Dan"),
    # The question says the list runs from the captain ("captain listed first").
    ("Game's over, 4 players, captain listed first. Ana (captain): 6 memories, gold alleys 2 on the table + 1 in hand. "
     "Ben: 5 memories and an Abbot, 4 gold on the table. Cara: 6 memories, 5 gold in hand. Dan: 3 memories, 7 gold. "
     "Who's the escape master?", ["Ana", "Ben", "Cara", "Dan"], "Cara"),
])
def test_records_told_clause_by_clause_in_turn_from_the_captain(question, names, master):
    data = extract_input(ESCAPE.input_model, question)
    assert [p["name"] for p in data["players"]] == names
    assert get_rule("mist-mountain.escape_master").run(data).value == master


@pytest.mark.parametrize("question", [
    # The first player told is not said to be the captain: the seats are not known.
    "四人局。小林有5張回憶、1張金礦；阿珍有6張回憶；老王有3張回憶；小李有6張回憶。誰是脫逃大師？",
    # One player fewer than the table: a seat is not told.
    "五人局。隊長小林有5張回憶、1張金礦；下家阿珍有6張回憶；再來老王有3張回憶；小李有6張回憶。誰是脫逃大師？",
])
def test_clause_records_that_do_not_seat_every_player_are_not_read(question):
    assert "players" not in extract_input(ESCAPE.input_model, question)


@pytest.mark.parametrize("question", [
    "四人局，出團的是下家1、下家2、下家3，隊長沒去，隊長卡要給誰？",
    "隊長有去，下家2有6分",
])
def test_what_a_seat_did_is_no_players_name(question):
    assert seat_names(question) == {}


@pytest.mark.parametrize("question,seat", [
    ("地城領主物品變體，起始玩家阿明，之後依序小華→阿傑→小美。夏季時小美的物品要放在哪個冒險家下面？", 3),
    ("地城領主物品變體，起始玩家阿明，之後依序小華→阿傑→小美。夏季時阿傑的物品放哪？", 2),
    ("The start player is Amy, then Ben, Cal and Dan. In autumn where does Cal's item go?", 2),
    # An ordinal counted after the start player, with "whose turn comes" between: the start player is not counted.
    ("夏季下指令的時候 我是起始玩家之後輪到的第2位玩家 我的魔法物品要塞在第幾個冒險家下面", 2),
    # The order is told but not whose item is asked about: no seat is guessed.
    ("起始玩家阿明，之後依序小華、阿傑、小美。夏季時物品要放在哪個冒險家下面？", None),
])
def test_the_seat_of_a_player_named_in_order_from_the_start_player(question, seat):
    data = extract_input(get_rule("dungeon-lords.item_slot").input_model, question)
    assert data.get("player_index_from_start") == seat


def test_a_seating_told_with_the_captain_in_brackets_keeps_what_the_brackets_tell():
    question = ("Hilltown, 5 players, path needs 12. Turn order from the captain: Zoe (captain) 3, Liam 0 (he played the "
                "Officer), Mona 5, Nils 4, Omar 2. Does the team depart?")
    data = read(question)
    assert data["contributions"] == [3, 0, 5, 4, 2] and data["officer"] == 1
    assert unread_numbers(question, data) == []


def test_records_told_before_a_dispute_are_read_without_the_claims():
    rule = get_rule("mist-mountain.escape_master")
    question = ("4人局結束，隊長是阿明，下家依序小華、阿傑、小美。阿明回憶6張、金礦場上2張；小華回憶6張、金礦場上1張；"
                "阿傑回憶3張、金礦5張；小美回憶6張沒金礦。小華說他贏，阿傑說他金礦最多才對。誰是脫逃大師？")
    data = extract_input(rule.input_model, question)
    assert [p.get("memories") for p in data["players"]] == [6, 6, 3, 6]
    assert rule.run(data).value == "阿明"  # the captain: most gold alleys among those who escape


def test_a_count_of_cards_after_a_seat_is_no_seat_number():
    # "上家一張沒出": the last seat played not one card, it is not "上家1".
    assert read("五人局，需求12。隊長出了7分；下家1、下家2、下家3都是三分；上家一張沒出。能出團嗎？")["contributions"] == [7, 3, 3, 3, 0]


@pytest.mark.parametrize("question", [
    "4人局：隊長回憶6張、下家1回憶5張、下家2回憶6張、上家回憶2張。隊長金礦場上1張，下家1金礦手上3張，下家2金礦場上2張，上家金礦場上5張。誰是脫逃大師？",
    "4人局，隊長、下家2都有6張回憶，下家1回憶5張，上家回憶2張。隊長金礦場上1張，下家1金礦手上3張，下家2金礦場上2張，上家金礦場上5張。誰是脫逃大師？",
])
def test_a_seat_told_twice_or_with_others_gathers_its_record(question):
    data = extract_input(get_rule("mist-mountain.escape_master").input_model, question)
    assert data["players"] == [{"memories": 6, "gold_table": 1}, {"memories": 5, "gold_hand": 3},
                               {"memories": 6, "gold_table": 2}, {"memories": 2, "gold_table": 5}]


@pytest.mark.parametrize("question,expected", [
    # A record opening with a bare number is of the thing the first record opened with.
    ("Five-player game just ended. Seats from the captain: Ann has 5 own memories; Ben has 3 plus three 竹林小道 path "
     "cards; Cat has 4 plus three 櫻花小徑; Dan has 2 plus two 住持 in hand; Eve has 6. Who escapes?",
     [{"name": "Ann", "memories": 5}, {"name": "Ben", "memories": 3, "bamboo": 3},
      {"name": "Cat", "memories": 4, "sakura": 3}, {"name": "Dan", "memories": 2, "abbots": 2},
      {"name": "Eve", "memories": 6}]),
    # "自己回憶" without 的.
    ("4人局营地淹没了，从队长开始：小林6张自己回忆、场上2个金矿手上1个；老王5张回忆加手上1张住持、场上4个金矿；"
     "阿芳3张回忆、场上6个金矿；大卫6张回忆、场上1个手上3个金矿。谁是脱逃大师？",
     [{"name": "小林", "memories": 6, "gold_table": 2, "gold_hand": 1},
      {"name": "老王", "memories": 5, "abbots": 1, "gold_table": 4},
      {"name": "阿芳", "memories": 3, "gold_table": 6}, {"name": "大卫", "memories": 6, "gold_table": 1, "gold_hand": 3}]),
])
def test_records_whose_thing_is_left_out_after_the_first(question, expected):
    assert extract_input(ESCAPE.input_model, question)["players"] == expected


def test_a_bare_number_before_anything_is_told_is_no_record():
    # No record opens with a number and its thing: a bare number stays unread, and so do the records.
    question = "五人局結束了，從隊長開始：小林有5；阿珍有6；老王有3；小李有6；大鵬有2。誰逃出去了？"
    assert "players" not in extract_input(ESCAPE.input_model, question)


@pytest.mark.parametrize("question,contributions", [
    ("6个人玩，从队长往下家数：小明(队长)0分、阿华6分、小美4分、大雄4分、静香0分、胖虎4分。能出团吗？", [0, 6, 4, 4, 0, 4]),
    ("5人局，從拿隊長牌的人開始往下家排：阿明2分、小華5分、阿珠3分、大雄3分、胖虎1分（胖虎是阿明的上家）。今天的路要12分。能出團嗎？",
     [2, 5, 3, 3, 1]),
    # "Mia's captain": Mia is the captain.
    ("5 of us. Mia's captain, then going round from her: Leo, Sam, Jo, Kai. path needs 12. final contributions: "
     "Mia 2, Leo 6, Sam 0, Jo 3, Kai 4. do we get to set out?", [2, 6, 0, 3, 4]),
])
def test_numbers_told_name_by_name_in_turn_from_the_captain(question, contributions):
    assert read(question)["contributions"] == contributions


@pytest.mark.parametrize("question", [
    # The aside puts the captain elsewhere than first.
    "5人局，從隊長開始往下家排：阿明2分、小華5分（小華是隊長）、阿珠3分、大雄3分、胖虎1分。能出團嗎？",
    # One name fewer than the table.
    "5人局，從隊長開始往下家排：阿明2分、小華5分、阿珠3分、大雄3分。能出團嗎？",
])
def test_a_turn_list_that_does_not_fit_the_table_is_not_read(question):
    assert "contributions" not in read(question)


@pytest.mark.parametrize("question,expected", [
    # "也是": "too" before the number; 手牌裡 is in hand.
    ("四人局结束了，队长小明6张回忆、场上2张金矿；下家小华也是6张回忆、手牌里2张金矿；再来阿强3张回忆5张金矿，阿美5张回忆没金矿。"
     "谁是脱逃大师？",
     [{"memories": 6, "gold_table": 2}, {"memories": 6, "gold_hand": 2}, {"memories": 3, "gold_table": 5},
      {"memories": 5, "gold_table": 0}]),
    # A clause opening with a name and a bare count, another thing after it: the count is of the first record's thing.
    ("4人结束了 阿强当天队长 下家依序小美 大雄 静香。阿强6张回忆 金矿场上2手上1；小美6张 金矿3张在场上；大雄4张回忆 金矿5；"
     "静香6张 金矿场上1手上2 谁是脱逃大师",
     [{"name": "阿强", "memories": 6, "gold_table": 2, "gold_hand": 1}, {"name": "小美", "memories": 6, "gold_table": 3},
      {"name": "大雄", "memories": 4, "gold_table": 5}, {"name": "静香", "memories": 6, "gold_table": 1, "gold_hand": 2}]),
])
def test_records_said_with_too_and_a_bare_count(question, expected):
    assert extract_input(ESCAPE_MASTER.input_model, question)["players"] == expected


def test_the_first_block_names_every_player():
    question = ("5人局最后结算，今天队长是老王，顺着下家依次是小李、小张、小陈、小赵。回忆：老王3张、小李5张、小赵5张。"
                "金矿小巷：小李场上2张，小赵场上3张。谁是脱逃大师？")
    assert "players" not in extract_input(ESCAPE_MASTER.input_model, question)


@pytest.mark.parametrize("question,contributions,officer", [
    ("4人局：隊長5分、下家4分、對家0分但打了警官、上家4分。誰出團？", [5, 4, 0, 4], 2),
    ("六人局：隊長5分、下家1 4分、下家2 0分、對家2分、下家4 1分、上家3分。誰出團？", [5, 4, 0, 2, 1, 3], None),
])
def test_the_seat_across_at_an_even_table(question, contributions, officer):
    data = read(question)
    assert data["contributions"] == contributions
    assert data.get("officer") == officer



def test_turns_after_a_roster_continued_with_then_and_a_list():
    question = ("四人局，隊長是小美，她的下家是阿傑，再來是小華、婷婷。今天翻到竹林小道。阿傑出反光盤，小華也出反光盤，婷婷直接Pass，"
                "小美出工作帽；接著阿傑再出一張反光盤，小華Pass，小美Pass，阿傑也Pass。這樣能出團嗎？")
    assert extract_input(MORNING.input_model, question)["actions"] == [
        [1, "反光盤"], [2, "反光盤"], [3, "pass"], [0, "工作帽"], [1, "反光盤"], [2, "pass"], [0, "pass"], [1, "pass"]]


@pytest.mark.parametrize("question", [
    "End of a 4-player game. Amy (captain that day) has 5 of her own memories and 2 Sakura path cards. Ben, next in "
    "turn, has 4 memories and one Abbot in hand. Chloe has 4 memories, 4 Grass path cards and one Abbot. Dan has 6 "
    "memories. Apart from that nobody has any path cards or Abbots. Who escapes?",
    "End of a 4-player game. Amy (captain that day) has 5 of her own memories and 2 Sakura path cards. Next in turn "
    "Ben has 4 memories and one Abbot in hand. Then Chloe has 4 memories, 4 Grass path cards and one Abbot. Then Dan "
    "has 6 memories. Who escapes?",
])
def test_english_records_clause_by_clause_after_the_captain_that_day(question):
    assert extract_input(get_rule("mist-mountain.escape").input_model, question)["players"] == [
        {"name": "Amy", "memories": 5, "sakura": 2}, {"name": "Ben", "memories": 4, "abbots": 1},
        {"name": "Chloe", "memories": 4, "grass": 4, "abbots": 1}, {"name": "Dan", "memories": 6}]


def test_blocks_told_thing_by_thing_after_a_seating_in_brackets():
    # The seating told inside brackets; the gold block parts its players with ；, and a player's record with 、.
    question = ("營地淹沒了，5人局（那天隊長是阿凱，接著依序是小美、阿豪、Leo、珊珊）。回憶：阿凱5張、小美5張、阿豪4張、Leo 5張、"
                "珊珊6張。金礦小巷：阿凱場上1張；小美場上3張；阿豪場上5張；Leo場上1張；珊珊場上1張、手上2張。誰是脫逃大師？")
    assert extract_input(ESCAPE_MASTER.input_model, question)["players"] == [
        {"name": "阿凱", "memories": 5, "gold_table": 1}, {"name": "小美", "memories": 5, "gold_table": 3},
        {"name": "阿豪", "memories": 4, "gold_table": 5}, {"name": "Leo", "memories": 5, "gold_table": 1},
        {"name": "珊珊", "memories": 6, "gold_table": 1, "gold_hand": 2}]


def test_a_clause_said_of_everyone_is_no_players_record():
    question = ("遊戲結束了，五個人，大家都沒有住持也沒有路徑小卡。小明（今天的隊長）5張回憶，金礦小巷場上2張手上1張；他下家阿土5張回憶，"
                "金礦都在手上共3張；再來佩佩6張回憶，場上1張金礦；大雄3張回憶但金礦有5張；靜香（隊長的上家）4張回憶、場上2張金礦。脫逃大師是誰？")
    players = extract_input(ESCAPE_MASTER.input_model, question)["players"]
    assert [p["name"] for p in players] == ["小明", "阿土", "佩佩", "大雄", "靜香"]
    assert [p["memories"] for p in players] == [5, 5, 6, 3, 4]


def test_a_turn_order_said_with_then_after_the_captain_and_records_after_names_and_colons():
    question = ("四人局營地淹沒，當天隊長是 Ken，出牌順序接著是 Lia、Mo、Nat。Ken：自己回憶 6 張，金礦小巷場上 2、手牌 1；"
                "Lia：回憶 5 張加手上一張住持，金礦場上 2、手牌 1；Mo：回憶 4 張，金礦 5 張全在場上；Nat：回憶 6 張，金礦場上 1、手牌 1。"
                "誰是脫逃大師？")
    assert extract_input(ESCAPE_MASTER.input_model, question)["players"] == [
        {"name": "Ken", "memories": 6, "gold_table": 2, "gold_hand": 1},
        {"name": "Lia", "memories": 5, "abbots": 1, "gold_table": 2, "gold_hand": 1},
        {"name": "Mo", "memories": 4, "gold_table": 5}, {"name": "Nat", "memories": 6, "gold_table": 1, "gold_hand": 1}]


@pytest.mark.parametrize("question,actions", [
    # The asker is the captain: "我出燈籠" is the captain's turn ("我上家" is a seat of its own).
    ("5人局，今天是芒草小路（需求12），我是队长。从我下家开始：下家1出工作帽，下家2出灯笼，下家3直接pass，下家4（我上家）出工作帽，"
     "我出灯笼；第二轮下家1又出一张工作帽，下家2 pass，下家4 pass，我再出工作帽；第三轮下家1 pass，我也pass。这样最后能出团吗？",
     [[1, "工作帽"], [2, "燈籠"], [3, "pass"], [4, "工作帽"], [0, "燈籠"], [1, "工作帽"], [2, "pass"], [4, "pass"],
      [0, "工作帽"], [1, "pass"], [0, "pass"]]),
    # "然後小傑、阿雯、大熊都Pass": seated players' turns coming round, not the seating told again.
    ("五人局，今天翻到芒草小路，要12分。隊長是小傑，下家依序是阿雯、老周、小綠、大熊。阿雯出工作帽，老周出燈籠，小綠Pass，大熊出工作帽，"
     "小傑出工作帽；阿雯再出燈籠，老周Pass，大熊再出燈籠，然後小傑、阿雯、大熊都Pass。這樣會出團嗎？",
     [[1, "工作帽"], [2, "燈籠"], [3, "pass"], [4, "工作帽"], [0, "工作帽"], [1, "燈籠"], [2, "pass"], [4, "燈籠"],
      [0, "pass"], [1, "pass"], [4, "pass"]]),
])
def test_turns_of_the_asker_as_captain_and_of_players_named_again(question, actions):
    assert extract_input(MORNING.input_model, question)["actions"] == actions


def test_im_without_its_apostrophe_is_no_players_name():
    question = ("5 players, grass path (needs 12), im captain. Kai goes first then Lin, Mo, Ned. Kai plays a reflector, "
                "Lin a work hat, Mo passes, Ned a lantern, I drop a railway worker, Kai passes, Ned passes, I pass. do we go?")
    actions = extract_input(MORNING.input_model, question).get("actions")
    # Read or not, Kai is never the seat before the captain.
    assert actions is None or actions[0] == [1, "反光盤"]


@pytest.mark.parametrize("question, went", [
    # The asker is the captain: "我" among the seats, "我的上家", "我下家的下家" are the captain's seats.
    ("五个人玩，今天队长是我。早上出团的是我、我的上家，还有我下家的下家。队长卡接下来该交给谁？", [0, 2, 4]),
    ("5 players, I'm the captain. The team went: me, the player after me and the player before me. Who gets the "
     "captain card?", [0, 1, 4]),
])
def test_seats_told_from_the_asker_who_is_the_captain(question, went):
    assert extract_input(get_rule("mist-mountain.next_captain").input_model, question)["went"] == went


def test_my_next_player_is_not_read_when_the_asker_is_not_the_captain():
    data = extract_input(get_rule("mist-mountain.next_captain").input_model,
                         "五个人玩，队长是阿明。早上出团的是我、我的上家和阿明。队长卡接下来该交给谁？")
    assert data.get("went") != [0, 2, 4]


def test_a_dispute_after_blocks_told_thing_by_thing_is_no_block():
    question = ("五人局結束了。隊長是小美，接著依序是阿強、阿翔、小芬、大頭（大頭是小美的上家）。回憶：小美5張，阿強5張，阿翔3張，"
                "小芬4張外加手上一張住持，大頭5張。金礦小巷：小美場上1張、手牌2張；阿強場上3張；阿翔場上6張；小芬場上2張；大頭沒有。"
                "阿強說手牌裡的金礦不算，所以他才是脫逃大師；小美說手牌也算，同數的話她贏。誰是脫逃大師？")
    players = extract_input(ESCAPE_MASTER.input_model, question)["players"]
    assert [p["gold_table"] for p in players] == [1, 3, 6, 2, 0] and players[0]["gold_hand"] == 2


def test_a_seat_named_again_without_a_number_adds_nothing():
    question = ("五人局刚结束，最后一天的队长是阿明，按他下家方向依次是小华、老张、阿杰、小丽（小丽是阿明的上家）。亮牌：阿明回忆5张，"
                "场上金矿小巷2张；小华回忆4张，手里金矿3张；老张回忆只有3张，但场上金矿4张；阿杰回忆5张，场上金矿1张、手里2张；"
                "小丽回忆6张，场上金矿1张。整场老张一直在抱怨抽不到回忆。请问谁是脱逃大师？")
    players = extract_input(ESCAPE_MASTER.input_model, question)["players"]
    assert [p["memories"] for p in players] == [5, 4, 3, 5, 6]


@pytest.mark.parametrize("question, memories", [
    ("Five at the table. Own memories starting from the captain: 4, 6, 2, 5 and 5. Who makes it out?", [4, 6, 2, 5, 5]),
    ("六人局結束，大家自己的回憶從隊長開始依序是三、五、五、一、六、二張，誰逃得出去？", [3, 5, 5, 1, 6, 2]),
    # A list shorter than the table stated, or one that counts two things at once, is not read.
    ("Five players. Own memories starting from the captain: 4, 6, 2, 5. Who makes it out?", None),
    ("四人局，從隊長開始回憶和金礦分別是5、3、4、2，誰逃得出去？", None),
])
def test_one_thing_listed_seat_by_seat_from_the_captain(question, memories):
    data = extract_input(get_rule("mist-mountain.escape").input_model, question)
    assert ([p["memories"] for p in data["players"]] if "players" in data else None) == memories


def test_not_a_single_one_of_a_kind_is_none_of_it():
    rule = get_rule("mist-mountain.own_escape")
    from answering.extract import vague_fields
    question = "五人局，我自己的回憶有五張，住持沒有，路徑卡也一張都沒拿到，可以逃脫嗎？"
    data = extract_input(rule.input_model, question)
    assert vague_fields(rule.input_model, question, data) == []
    assert vague_fields(rule.input_model, "五人局，我自己的回憶有五張，還有幾張路徑卡，可以逃脫嗎？", data)


@pytest.mark.parametrize("question, went", [
    ("六人局出團了，去的是下家一、三、五，隊長卡給誰？", [1, 3, 5]),
    ("五人局出团了，下家2、3和4去了，队长卡给谁？", [2, 3, 4]),
])
def test_seat_numbers_listed_after_one_xiajia_are_each_a_xiajia(question, went):
    assert extract_input(get_rule("mist-mountain.next_captain").input_model, question)["went"] == went
