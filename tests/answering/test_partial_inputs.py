"""No answer runs a rule on an input the question did not state without saying so: each verdict's
details list the inputs it used and where each came from (question, history, unknown, or a declared
reading or absence)."""
from __future__ import annotations

import pytest

from rules_engine.partial import SOURCES

# (question, history, the rule, inputs read from the question, inputs from the history, inputs unknown)
PARTLY_STATED = [
    ("高塔列完成了但沒有效應，抽到夢魘要丟塔嗎？", [], "onirim.nightmare_tower_penalty",
     {"alignment_power": False, "row_state": "complete"}, {}, {"row"}),
    ("那要是還沒完成呢？", ["抽到惡夢會害我少一座塔嗎？"], "onirim.nightmare_tower_penalty",
     {"row_state": "in_progress"}, {}, {"row", "alignment_power"}),
    ("What if I'm playing without the power?", ["Does a Nightmare cost me a tower once my alignment is finished?"],
     "onirim.nightmare_tower_penalty", {"alignment_power": False}, {"row_state": "complete"}, {"row"}),
    # The row's state told anew takes the place of the Towers named before; "四色還差得遠" is a row in progress.
    ("那如果四種顏色的塔已經連成一排了呢？", ["抽到夢魘，桌上只有紅4跟綠4，四色還差得遠，一定要丟塔嗎？"],
     "onirim.nightmare_tower_penalty", {"row_state": "complete"}, {}, {"row", "alignment_power"}),
    ("藍4放在紅4右邊可以嗎？", [], "onirim.tower_placement",
     {"row": ["red-4"], "tower": "blue-4", "side": "right"}, {}, set()),
    ("Can I put blue-4 to the right of red-4?", [], "onirim.tower_placement",
     {"row": ["red-4"], "tower": "blue-4", "side": "right"}, {}, set()),
    ("把藍5高塔丟進棄牌堆，可以偷看牌堆頂幾張？", [], "onirim.tower_discard_peek", {"tower": "blue-5"}, {},
     {"deck_size"}),
    ("不加高塔擴充，只加黑暗徵兆，牌堆有幾張？", [], "onirim.card_counts",
     {"towers": False, "premonitions": True, "book": False}, {}, set()),
    ("棄牌堆有7張，可以用代價較多那面的平行計畫嗎？", [], "onirim.spell_castable",
     {"spell": "parallel_planning", "side": "expensive", "discard_pile": 7}, {}, {"nightmare_just_drawn"}),
    ("迷霧山城 五位玩家要幾張回憶才能脫逃？", [], "mist-mountain.memories_needed", {"players": 5}, {}, set()),
    ("那六個人呢？", ["迷霧山城五位玩家要幾張回憶才能脫逃？"], "mist-mountain.memories_needed", {"players": 6}, {},
     set()),
    ("芒草小路上工作帽算幾分？", [], "mist-mountain.contribution", {"path": "芒草小路", "cards": ["工作帽"]}, {},
     set()),
    ("六個人玩，隊長3分、下家1 2分、下家2 5分、下家3 4分、下家4 0分、上家1分，能出團嗎？", [],
     "mist-mountain.qualification", {"contributions": [3, 2, 5, 4, 0, 1]}, {}, {"officer"}),
    ("Hilltown in the Mist: captain 4, next player 4, next player 2 4, next player 3 0, did the team depart?", [],
     "mist-mountain.qualification", {"contributions": [4, 4, 4, 0]}, {}, {"officer"}),
    ("項鍊的主人原本生命值5，這回合受到2點傷害再受到3點傷害，項鍊會被標記嗎？", [], "dungeon-lords.item_marked",
     {"item": "necklace", "hit_points": 5, "damage": [2, 3]}, {}, set()),
    ("死信辦公室的黃金在遊戲結束可以加幾分？", [], "dungeon-lords.item_bonus", {}, {}, {"golds", "final_score"}),
    ("My final score is -3. Do the golds in my dead letter office still give points?", [],
     "dungeon-lords.item_bonus", {"final_score": -3}, {}, {"golds"}),
    ("冬天起始玩家的魔法物品要放在哪位冒險家下面？", [], "dungeon-lords.item_slot",
     {"season": "winter", "player_index_from_start": 0}, {}, set()),
    ("地城領主的魔法物品要放在第幾位冒險家下面？", [], "dungeon-lords.item_slot", {}, {},
     {"season", "player_index_from_start"}),
    ("夢魘會讓我失去高塔嗎？", [], "onirim.nightmare_tower_penalty", {}, {}, {"row", "row_state"}),
    ("目標順序是紅藍綠棕，我拿到一張藍門，可以留著嗎？", [], "onirim.book_door",
     {"goals": ["red", "blue", "green", "brown"], "door": "blue"}, {}, set()),
    # Said to exist without saying which: never the default, every value a case.
    ("桌上已經有紅門跟藍門，翻開的黑暗徵兆是1和5，我又拿到一扇門，會觸發哪些？", [], "onirim.premonitions_triggered",
     {"doors": ["red", "blue"], "face_up": [1, 5]}, {}, {"new_door"}),
    ("If I add an expansion, how many cards are in the deck?", [], "onirim.card_counts", {}, {},
     {"towers", "book", "premonitions"}),
]


@pytest.mark.parametrize("question,history,rule,from_question,from_history,unknown", PARTLY_STATED)
def test_verdict_details_say_where_each_input_came_from(pipeline, question, history, rule, from_question,
                                                        from_history, unknown):
    r = pipeline.ask(question, history=history)
    assert r.rule == rule and r.verdict is not None, (r.rule, r.answer)
    inputs = r.verdict["details"]["inputs"]
    assert all(v["from"] in SOURCES for v in inputs.values())
    for name, value in from_question.items():
        assert inputs[name] == {"value": value, "from": "question"} | (
            {"evaluated_over_domain": True} if inputs[name].get("evaluated_over_domain") else {}), name
    for name, value in from_history.items():
        assert inputs[name]["from"] == "history" and inputs[name]["value"] == value, name
    for name in unknown:
        assert inputs[name]["from"] == "unknown" and inputs[name]["value"] is None, name
    # Nothing else is claimed as stated.
    stated = {n for n, v in inputs.items() if v["from"] == "question"}
    assert stated == set(from_question)


def test_there_are_twenty_partly_stated_questions():
    assert len(PARTLY_STATED) >= 20


@pytest.mark.parametrize("question,vague", [
    ("桌上已經有紅門跟藍門，翻開的黑暗徵兆是1和5，我又拿到一扇門，會觸發哪些？", "new_door"),
    ("If I add an expansion, how many cards are in the deck?", "towers"),
])
def test_a_value_said_to_exist_but_not_given_is_answered_for_every_value(pipeline, question, vague):
    r = pipeline.ask(question)
    assert r.verdict["value"] == "depends" and r.verdict["details"]["inputs"][vague]["evaluated_over_domain"]
    assert any(vague in case["condition"] for case in r.verdict["cases"])
    # Naming the value settles it.
    settled = pipeline.ask(question.replace("一扇門", "一扇藍門").replace("an expansion", "the Towers"))
    assert settled.verdict["value"] != "depends"
