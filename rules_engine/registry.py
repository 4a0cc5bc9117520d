"""Registries of games and engine rules; game subpackages register themselves on import."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel, ValidationError

from .slots import Slot
from .verdict import Verdict

LANGS = ("zh-TW", "zh-CN", "en")


@dataclass(frozen=True)
class Game:
    """A game the corpus covers: id, names per language, and its engine subpackage."""

    id: str
    names: dict[str, str]
    package: str
    aliases: tuple[str, ...] = ()
    # What the rule texts cover (zh-TW, en), said when a question asks about what they leave out.
    covers: dict[str, str] = field(default_factory=dict)
    # Phrases naming parts of the game the texts leave to another rulebook (the base game)...
    outside: tuple[str, ...] = ()
    # ...unless the question also names what the texts are about (an expansion's cards, the variant's
    # magic items): "疲勞會觸發項鍊嗎" is a question about the necklace, which the variant covers.
    inside: tuple[str, ...] = ()
    # Quantities a player may mention that no rule of the game reads (cards in hand in Onirim): a number told
    # of one of them is said in passing, not a fact a verdict leaves unread.
    asides: tuple[Slot, ...] = ()


@dataclass(frozen=True)
class Rule:
    """An executable rule: metadata, validated input model, cited passages, routing examples."""

    id: str
    game: str
    titles: dict[str, str]
    input_model: type[BaseModel]
    passages: tuple[str, ...]
    examples: dict[str, tuple[str, ...]]
    evaluate: Callable[[Any], Verdict] = field(repr=False)
    summary: str = ""
    # What the rule answers: yes_no, how_many, which or what_happens (matched to a question's form);
    # a rule whose value also settles a yes/no question ("keep" answers "may I keep it?") lists both.
    answer_types: tuple[str, ...] = ()
    # Numbers the rule's own text fixes, which a question may repeat without stating an input
    # ("出團的是哪三位": the three qualifiers).
    fixed_numbers: tuple[int, ...] = ()
    # Words one of which a question about this rule names, not negated (the short-deck variant rule answers
    # only a question about the variant; "不用變體的話…" is about the other deck).
    topic: tuple[str, ...] = ()
    # The rule whose verdict this one's value is a part of (the escape master of who escapes): the two
    # answer the same situation, so a question near both is not in doubt between them.
    part_of: str = ""
    # Quantities a player may mention that other rules of the game read but that do not bear on this rule's
    # answer (gold alleys break a tie for the Escape Master; they do not decide whether one player escapes).
    asides: tuple[Slot, ...] = ()
    # Inputs a follow-up may take from the verdict an earlier question got from another rule (who went on the
    # expedition, from the qualification verdict, is the next captain's input): (rule id, inputs from verdict).
    derives_from: tuple[tuple[str, Callable[[Verdict], dict[str, Any]]], ...] = field(default=(), repr=False)

    def run(self, raw: dict[str, Any] | BaseModel | None = None) -> Verdict:
        """Validate raw input against the rule's model, then evaluate it."""
        if isinstance(raw, self.input_model):
            data = raw
        else:
            data = self.input_model.model_validate(raw or {})
        return self.evaluate(data)

    def input_schema(self) -> dict[str, Any]:
        """JSON schema of the rule's input."""
        return self.input_model.model_json_schema()


class UnknownId(KeyError):
    """An id that is not registered; the message lists the valid ones."""

    def __init__(self, kind: str, given: str, valid: list[str]) -> None:
        self.kind, self.given, self.valid = kind, given, valid
        super().__init__(f"unknown {kind} {given!r}; expected one of: {', '.join(valid)}")

    def __str__(self) -> str:
        return self.args[0]


GAMES: dict[str, Game] = {}
RULES: dict[str, Rule] = {}

# Game subpackages, imported once by load_games(); each registers its Game and Rules.
GAME_PACKAGES = ("rules_engine.onirim", "rules_engine.mist_mountain", "rules_engine.dungeon_lords")


def register_game(game: Game) -> Game:
    """Add a game; registering the same id twice is a programming error."""
    if game.id in GAMES and GAMES[game.id] != game:
        raise ValueError(f"game {game.id!r} registered twice")
    GAMES[game.id] = game
    return game


def register_rule(rule: Rule) -> Rule:
    """Add a rule after checking its id, game and examples."""
    game, _, name = rule.id.partition(".")
    if game != rule.game or not name:
        raise ValueError(f"rule id {rule.id!r} must be '<game>.<name>' with game {rule.game!r}")
    missing = [lang for lang in LANGS if len(rule.examples.get(lang, ())) < 3]
    if missing:
        raise ValueError(f"rule {rule.id!r} needs at least 3 example questions in {missing}")
    if rule.id in RULES and RULES[rule.id] is not rule:
        raise ValueError(f"rule {rule.id!r} registered twice")
    RULES[rule.id] = rule
    return rule


def rule(id: str, titles: dict[str, str], input_model: type[BaseModel], passages: tuple[str, ...],
         examples: dict[str, tuple[str, ...]], summary: str = "") -> Callable[[Callable[[Any], Verdict]],
                                                                             Callable[[Any], Verdict]]:
    """Decorator registering an evaluate function as the rule `id` ('<game>.<name>'); every game uses it."""
    def wrap(evaluate: Callable[[Any], Verdict]) -> Callable[[Any], Verdict]:
        register_rule(Rule(id=id, game=id.partition(".")[0], titles=titles, input_model=input_model,
                           passages=tuple(passages), examples=examples, evaluate=evaluate, summary=summary))
        return evaluate
    return wrap


# "compare": which of two situations is more so, answered by a rule that takes the second one (a "compared" slot).
ANSWER_TYPES = ("yes_no", "how_many", "which", "what_happens", "compare")


def declare_answer_types(types: dict[str, str | tuple[str, ...]]) -> None:
    """Record what each registered rule answers (a game declares this for its rules)."""
    import dataclasses

    for rule_id, declared in types.items():
        answer_types = (declared,) if isinstance(declared, str) else tuple(declared)
        bad = [t for t in answer_types if t not in ANSWER_TYPES]
        if bad or not answer_types:
            raise ValueError(f"rule {rule_id!r}: answer types must be from {ANSWER_TYPES}, found {declared!r}")
        RULES[rule_id] = dataclasses.replace(RULES[rule_id], answer_types=answer_types)


def declare_fixed_numbers(numbers: dict[str, tuple[int, ...]]) -> None:
    """Record the numbers each rule's text fixes (a game declares this for its rules)."""
    import dataclasses

    for rule_id, fixed in numbers.items():
        RULES[rule_id] = dataclasses.replace(RULES[rule_id], fixed_numbers=tuple(fixed))


def declare_topics(topics: dict[str, tuple[str, ...]]) -> None:
    """Record the words a question about each rule must name (a game declares this for its rules)."""
    import dataclasses

    for rule_id, words in topics.items():
        RULES[rule_id] = dataclasses.replace(RULES[rule_id], topic=tuple(words))


def declare_parts(parts: dict[str, str]) -> None:
    """Record which rule's verdict each rule answers a part of (a game declares this for its rules)."""
    import dataclasses

    for rule_id, whole in parts.items():
        if whole not in RULES:
            raise UnknownId("rule", whole, sorted(RULES))
        RULES[rule_id] = dataclasses.replace(RULES[rule_id], part_of=whole)


def declare_asides(asides: dict[str, tuple[Slot, ...]]) -> None:
    """Record the quantities a question may tell that do not bear on each rule (a game declares this for its
    rules)."""
    import dataclasses

    for rule_id, slots in asides.items():
        RULES[rule_id] = dataclasses.replace(RULES[rule_id], asides=tuple(slots))


# Inputs told seat by seat: their length is the table's size.
_PER_SEAT_KINDS = ("seat_list", "seat_records", "seats", "plays")


def declare_aside_where_unread(game: str, aside: Slot) -> None:
    """Make a table's size an aside of every rule of a game that reads no input in its units and nothing seat by
    seat ("five of us" sets the scene of a question about one player's cards)."""
    from .slots import declared_slots

    declare_asides({r.id: (*r.asides, aside) for r in list(RULES.values()) if r.game == game
                    and not any(slot.units == aside.units or slot.kind in _PER_SEAT_KINDS
                                for slot in declared_slots(r.input_model).values())})


def declare_derivations(derivations: dict[str, dict[str, Callable[[Verdict], dict[str, Any]]]]) -> None:
    """Record, per rule, the earlier rules whose verdicts give it inputs, and how (a game declares this)."""
    import dataclasses

    for rule_id, sources in derivations.items():
        for source in sources:
            if source not in RULES:
                raise UnknownId("rule", source, sorted(RULES))
        RULES[rule_id] = dataclasses.replace(RULES[rule_id], derives_from=tuple(sources.items()))


def declare_examples(examples: dict[str, dict[str, tuple[str, ...]]]) -> None:
    """Add routing example questions to registered rules (a game keeps its later additions together)."""
    import dataclasses

    for rule_id, more in examples.items():
        rule = RULES[rule_id]
        merged = {lang: tuple(rule.examples.get(lang, ())) + tuple(more.get(lang, ())) for lang in
                  sorted(set(rule.examples) | set(more))}
        RULES[rule_id] = dataclasses.replace(rule, examples=merged)


def load_games() -> dict[str, Game]:
    """Import every game subpackage so the registries are complete."""
    for package in GAME_PACKAGES:
        importlib.import_module(package)
    return GAMES


def get_game(game_id: str) -> Game:
    """The game with this id, or UnknownId listing the valid ids."""
    load_games()
    if game_id not in GAMES:
        raise UnknownId("game", game_id, sorted(GAMES))
    return GAMES[game_id]


def get_rule(rule_id: str) -> Rule:
    """The rule with this id, or UnknownId listing the valid ids."""
    load_games()
    if rule_id not in RULES:
        raise UnknownId("rule", rule_id, sorted(RULES))
    return RULES[rule_id]


def all_rules(game: str | None = None) -> list[Rule]:
    """Registered rules, optionally of one game, sorted by id."""
    load_games()
    return [RULES[k] for k in sorted(RULES) if game is None or RULES[k].game == game]


def evaluate(rule_id: str, raw: dict[str, Any] | None = None) -> Verdict:
    """Run a rule by id on raw input (raises UnknownId or pydantic ValidationError)."""
    return get_rule(rule_id).run(raw)


def describe_validation_error(err: ValidationError) -> list[dict[str, str]]:
    """Flatten a pydantic error into [{field, problem}] for messages and 422 bodies."""
    out = []
    for e in err.errors():
        loc = ".".join(str(x) for x in e.get("loc", ())) or "(input)"
        out.append({"field": loc, "problem": str(e.get("msg", "invalid")).removeprefix("Value error, ")})
    return out
