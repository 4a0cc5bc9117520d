"""Scoring a verdict against what a question's writer expected."""
from answering.facts import load_facts
from evals.pipeline import Item, verdict_is_right


def test_a_limit_asked_of_a_number_answers_a_writer_who_expected_the_limit():
    load_facts()
    item = Item(q="一個冒險家可以同時拿兩件魔法物品嗎？", game="dungeon-lords", value=1, expects_verdict=True)
    # "No: each adventurer may hold only 1": the limit is in the answer.
    assert verdict_is_right(item, "dungeon-lords.items_per_adventurer", False)
    # Another limit, or a fact that is no limit, says nothing of this one.
    assert not verdict_is_right(item, "dungeon-lords.room_monsters", False)
    assert not verdict_is_right(item, "dungeon-lords.uses_not_counted", False)
    # A writer who expected yes or no is answered by that value only.
    assert not verdict_is_right(Item(q="…", game="dungeon-lords", value=True, expects_verdict=True),
                                "dungeon-lords.items_per_adventurer", False)
