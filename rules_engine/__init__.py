"""Executable rules for the three games: Verdict, registries, one subpackage per game."""
from .registry import (GAMES, LANGS, RULES, Game, Rule, UnknownId, all_rules, describe_validation_error,
                       evaluate, get_game, get_rule, load_games, register_game, register_rule)
from .verdict import DEPENDS, Case, Trace, TraceStep, Verdict
from .facts import FACTS, Fact, all_facts, fact_verdict, get_fact, register_fact

__all__ = [
    "GAMES", "LANGS", "RULES", "Game", "Rule", "UnknownId", "all_rules", "describe_validation_error",
    "evaluate", "get_game", "get_rule", "load_games", "register_game", "register_rule",
    "DEPENDS", "Case", "Trace", "TraceStep", "Verdict",
    "FACTS", "Fact", "all_facts", "fact_verdict", "get_fact", "register_fact",
]
