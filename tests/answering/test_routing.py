"""Routing decisions: the lead an answerer needs is over answerers that would answer otherwise."""
from dataclasses import replace

import pytest

from answering.routing import Answerer, RoutingParams, RuleMatch, decide, routing_terms, same_situation
from rules_engine import all_rules, get_rule


def _rule_cand(rule_id: str, sim: float) -> RuleMatch:
    rule = get_rule(rule_id)
    answerer = Answerer(rule.id, rule.game, "rule", rule.passages, ("q",), rule.answer_types, rule=rule)
    return RuleMatch(answerer, 0.0, "q", sim, 0.0, "which", 1, 0, True)


def test_a_rule_answering_part_of_anothers_verdict_does_not_block_it():
    params = RoutingParams(threshold=0.9, margin=0.03)
    # The question names what sets the part apart ("脫逃大師").
    master = replace(_rule_cand("mist-mountain.escape_master", 0.95), names_part=True)
    whole = _rule_cand("mist-mountain.escape", 0.94)
    assert same_situation(master.answerer, whole.answerer) and same_situation(whole.answerer, master.answerer)
    assert decide([master, whole], params).answerer.id == "mist-mountain.escape_master"
    # Not naming it ("誰逃得出去？"), the question is asked of the whole, whose verdict tells the part too.
    assert decide([replace(master, names_part=False), whole], params).answerer.id == "mist-mountain.escape"
    # Another rule as close still leaves the question in doubt.
    other = _rule_cand("mist-mountain.next_captain", 0.94)
    assert not same_situation(master.answerer, other.answerer)
    assert decide([master, whole, other], params) is None
    # The lead is taken over the next unrelated rule: far enough below, the best is trusted.
    assert decide([master, whole, replace(other, similarity=0.85)], params).answerer.id == master.answerer.id


def test_every_declared_part_names_a_rule_of_its_own_game():
    parts = [r for r in all_rules() if r.part_of]
    assert parts, "no rule declares a part"
    for rule in parts:
        assert get_rule(rule.part_of).game == rule.game and rule.part_of != rule.id


def test_a_rule_reading_the_stated_situation_blocks_a_fact_only_when_it_fits_nearly_as_well():
    from answering.facts import load_facts

    fact = next(f for f in load_facts() if f.game == "onirim" and f.answer_type == "how_many")
    answerer = Answerer(fact.id, fact.game, "fact", (fact.passage,), ("q",), (fact.answer_type,), fact=fact)
    best = RuleMatch(answerer, 0.0, "q", 1.0, 0.0, "how_many", 0, 0, True)
    params = RoutingParams(threshold=0.9, margin=0.03, situation_gap=0.1)
    reads = replace(_rule_cand("onirim.card_counts", 0.0), form="how_many")
    assert reads.reads_numbers and reads.answerer.rule
    # Far below, the numbers the rule reads are not what the question is about: the fact answers.
    assert decide([best, replace(reads, similarity=0.8)], params).answerer.id == fact.id
    # Nearly as close, the question states a situation the rule computes: no general fact.
    assert decide([best, replace(reads, similarity=0.92)], params) is None


def test_a_fact_about_a_topic_is_on_topic_only_where_the_question_names_it_not_negated():
    from answering.routing import answerers

    declared = [a for a in answerers() if a.fact is not None and a.fact.topic]
    assert declared, "no fact declares a topic"
    for a in declared:
        # Every example of the fact names its topic (so the topic's words cover how players say it).
        assert [ex for ex in a.examples if a.off_topic(ex)] == [], a.id
        word = a.fact.topic[0]
        assert a.off_topic(f"不用{word}的話呢？") and a.off_topic("一共有幾張？"), a.id
        assert not a.off_topic(f"{word}一共有幾張？"), a.id


def test_a_nearer_rule_that_would_leave_a_number_unread_still_puts_the_best_in_doubt():
    params = RoutingParams(threshold=0.9, margin=0.03)
    best = replace(_rule_cand("onirim.happy_dream_options", 0.95), form=None)
    # Its fit counts the number it leaves unread against it, and it is still the nearer.
    nearer = replace(_rule_cand("onirim.spell_castable", 1.05), form=None, reads_numbers=False)
    assert nearer.fit(params) > best.fit(params)
    # It cannot answer (a number would go unread), and the question may still be about it: no verdict.
    assert decide([best, nearer], params) is None
    # Far below, it is no rival.
    assert decide([best, replace(nearer, similarity=0.85)], params).answerer.id == best.answerer.id


def test_naming_the_game_is_no_glossary_overlap_with_a_rule():
    """The game's own name says which game; the terms that pick a rule are the rest."""
    from indexer.corpus import load_glossary
    from indexer.tokenize import Tokenizer

    tokenizer = Tokenizer(load_glossary())
    assert routing_terms(tokenizer, "how many cards altogether in Hilltown") == frozenset()
    terms = routing_terms(tokenizer, "迷霧山城的隊長卡要交給誰")
    assert "mist-mountain:captain-card" in terms and "mist-mountain:mist-mountain" not in terms


@pytest.mark.parametrize("question", ["書本擴充不算那張咒文卡的話，目標卡有幾張？",
                                      "In the Book of Steps box, not counting the spell card, how many goal cards are there?"])
def test_what_a_question_sets_aside_is_no_glossary_overlap(question):
    from indexer.corpus import load_glossary
    from indexer.tokenize import Tokenizer

    tokenizer = Tokenizer(load_glossary())
    terms = routing_terms(tokenizer, question)
    whole = routing_terms(tokenizer, question.replace("不算", "和").replace("not counting", "and"))
    assert terms < whole and not any("spell" in t or "咒文" in t for t in terms), (terms, whole)


def test_who_after_the_people_it_describes_asks_nothing():
    from answering.routing import question_form

    # The "who" asks nothing; the "what" asks for something, which any answerer but a yes or no gives.
    assert question_form("at dusk, what do the players who didn't qualify get?") == "what"
    assert question_form("the wizard who's wearing the necklace took 3. does the necklace get a gold?") == "yes_no"
    assert question_form("how many cards do players who did not qualify draw?") == "how_many"
    assert question_form("if the morning fails, who becomes captain?") == "who"


def test_the_morning_said_in_english_is_a_hilltown_signal():
    """"If the morning fails, …" names 迷霧山城's morning (早晨的冒險) without naming the game."""
    from answering.scope import game_signals
    from indexer.corpus import load_glossary
    from indexer.tokenize import Tokenizer

    signals = game_signals("If the morning fails, how many cards does everybody draw?", Tokenizer(load_glossary()))
    assert [s.game for s in signals] == ["mist-mountain"]


def test_a_or_b_after_a_comma_asks_which_unless_a_yes_no_came_first():
    """"是丟進棄牌堆，還是回到Limbo？" asks which of two; "…也得弃吗，还是只弃桌上的？" has asked yes or no already."""
    from answering.routing import question_form
    from indexer.text import fold

    assert question_form(fold("好，那被我放棄的那張高塔是丟進棄牌堆，還是回到Limbo？")) == "which"
    assert question_form(fold("那我手牌里的金矿也得弃吗，还是只弃桌上的？")) == "yes_no"
    assert question_form(fold("那药水，还是要标记吗？")) == "yes_no"  # 还是 here is "still"


def test_a_question_naming_what_sets_a_part_apart_gets_the_part():
    params = RoutingParams(threshold=0.9, margin=0.03)
    whole, part = _rule_cand("mist-mountain.escape", 0.95), _rule_cand("mist-mountain.escape_master", 0.94)
    assert decide([whole, part], params).answerer.id == "mist-mountain.escape"
    assert decide([whole, replace(part, names_part=True)], params).answerer.id == "mist-mountain.escape_master"


def test_a_question_asking_the_part_and_more_gets_the_whole():
    """"誰脫逃成功？誰是脫逃大師？": the whole's verdict tells both; the part alone would leave one unanswered."""
    params = RoutingParams(threshold=0.9, margin=0.03)
    whole = _rule_cand("mist-mountain.escape", 0.94)
    part = replace(_rule_cand("mist-mountain.escape_master", 0.96), names_part=True)
    assert decide([whole, part], params).answerer.id == "mist-mountain.escape_master"
    several = [replace(whole, asks_several=True), replace(part, asks_several=True)]
    assert decide(several, params).answerer.id == "mist-mountain.escape"
    # A whole that fits far worse is another reading, not the question's.
    far = [replace(whole, similarity=0.7, asks_several=True), replace(part, asks_several=True)]
    assert decide(far, params).answerer.id == "mist-mountain.escape_master"


def test_asked_parts_counts_the_things_a_question_asks():
    from answering.routing import asked_parts
    from indexer.text import fold

    assert asked_parts(fold("誰脫逃成功？誰是脫逃大師？")) == 2
    assert asked_parts(fold("请问谁逃脱成功，谁是脱逃大师？")) == 2
    assert asked_parts(fold("Who gets out, and who's the escape master?")) == 2
    assert asked_parts(fold("誰是脫逃大師？")) == 1
    assert asked_parts(fold("營地淹沒了。誰是脫逃大師？")) == 1


def test_the_terms_that_set_a_part_apart_come_from_its_examples(pipeline):
    terms = pipeline.router._part_terms
    assert terms["mist-mountain.escape_master"] == {"mist-mountain:escape-master"}
    # Only parts have them.
    assert set(terms) == {r.id for r in all_rules() if r.part_of}


@pytest.mark.parametrize("question, form, others", [
    # Two questions in one: each part's form, the first the question's own.
    ("迷雾山城手牌上限几张?什么时候要检查?", "which", ("how_many",)),
    ("paradoxical prophecy: is that the top or the bottom of the deck, and how many cards?", "how_many",
     ("yes_no", "which")),
    # A yes-or-no start offering two things asks which of them.
    ("when a nightmare makes me give up a tower, does that tower go to the discard pile or to limbo?", "yes_no",
     ("which",)),
    ("被迫放弃的那座塔是进弃牌堆还是放进limbo?", "which", ()),
    # "or not" offers nothing to choose; "what if" asks in no form of its own.
    ("can i play it or not?", "yes_no", ()),
    ("what if i'd finished on 1 point instead", None, ()),
])
def test_a_question_asking_two_things_agrees_with_an_answerer_of_either(question, form, others):
    from answering.routing import other_forms, question_form

    assert question_form(question) == form
    assert other_forms(question, form) == others


@pytest.mark.parametrize("question, form", [
    # The asking verb after a condition, its subject after it and a question mark ending it: yes or no.
    ("if i pull a nightmare while i've got towers out do i always have to give one up??", "yes_no"),
    ("when the deck runs out is it over?", "yes_no"),
    # … unless a question word asks before it.
    ("the players that passed, what do they get?", "what"),
    ("at dusk the ones who failed how many cards do they draw?", "how_many"),
    # A which that is the object of a yes-or-no question asks yes or no.
    ("i send a vampire and a witch. does it matter which monster attacks first?", "yes_no"),
    ("which monster attacks first?", "which"),
    ("are there limits on which towers can stand next to each other?", "yes_no"),
])
def test_a_yes_or_no_asked_after_a_condition(question, form):
    from answering.routing import question_form

    assert question_form(question) == form


def test_after_a_message_that_only_told_the_situation_what_it_told_is_stated(pipeline):
    """The scene ("I'm adding the Towers and Premonitions, not the Book.") asked nothing: the question after it
    states what it told, as one message would have."""
    understood = pipeline.understand("So how many cards go into the draw deck before I deal my starting hand?",
                                     history=["I'm adding The Towers and Dark Premonitions to my base Onirim box, "
                                              "but not the Book."])
    [counts] = [c for c in understood.candidates if c.answerer.id == "onirim.card_counts"]
    assert counts.stated == 3
    # After a question, what it stated is its own (the answerer that answered it keeps it as `continues`).
    understood = pipeline.understand("So how many cards go into the draw deck before I deal my starting hand?",
                                     history=["With the Towers and Dark Premonitions but not the Book, how many "
                                              "Happy Dreams are there?"])
    assert all(c.stated == 0 for c in understood.candidates if c.answerer.id == "onirim.card_counts")


@pytest.mark.parametrize("question", ["每个玩家拿几个指示物？2人局也一样吗？", "每位玩家拿幾個指示物？三人局也一樣嗎？"])
def test_two_facts_giving_one_answer_answer_the_part_asked_first(pipeline, question):
    # Each fact's answer states the other's: the one answering what is asked first (how many) gives the verdict,
    # and its answer tells the later part too.
    r = pipeline.ask(question)
    assert r.verdict is not None and r.verdict["value"] == 5
    assert "2、3、4" in r.answer_line


def test_of_two_rules_reading_one_situation_the_one_whose_topic_is_named_answers(pipeline):
    r = pipeline.ask("Party: warrior 5 HP, wizard 3 HP wearing red's Necklace of Endurance, priest 3 HP with 1 heart. "
                     "I'm sending the witch to hit the wizard for 1 and the vampire to hit the wizard for 3. Does it "
                     "matter which monster attacks first?")
    assert r.rule == "dungeon-lords.attack_order"
