"""Routing decisions: the lead an answerer needs is over answerers that would answer otherwise."""
from dataclasses import replace

from answering.routing import Answerer, RoutingParams, RuleMatch, decide, same_situation
from rules_engine import all_rules, get_rule


def _rule_cand(rule_id: str, sim: float) -> RuleMatch:
    rule = get_rule(rule_id)
    answerer = Answerer(rule.id, rule.game, "rule", rule.passages, ("q",), rule.answer_types, rule=rule)
    return RuleMatch(answerer, 0.0, "q", sim, 0.0, "which", 1, 0, True)


def test_a_rule_answering_part_of_anothers_verdict_does_not_block_it():
    params = RoutingParams(threshold=0.9, margin=0.03)
    master, whole = _rule_cand("mist-mountain.escape_master", 0.95), _rule_cand("mist-mountain.escape", 0.94)
    assert same_situation(master.answerer, whole.answerer) and same_situation(whole.answerer, master.answerer)
    assert decide([master, whole], params).answerer.id == "mist-mountain.escape_master"
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
