"""Shared by the reading tests: what one rule reads of a question, and the numbers it leaves unread."""
from __future__ import annotations

from answering.extract import extract_input, rule_unread_numbers
from rules_engine import get_rule


def read_rule(rule_id: str, question: str) -> tuple[dict, list[int]]:
    """What a rule reads of a question, and the numbers it leaves unread."""
    rule = get_rule(rule_id)
    data = extract_input(rule.input_model, question)
    return data, rule_unread_numbers(rule, question, data)
