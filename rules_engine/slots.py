"""Slot declarations: how players state the value of a rule input field, attached to the field itself.

A rule's input model declares, per field, `Annotated[<type>, Slot(...)]`: the words players use for each
value (Traditional Chinese and English; Simplified is folded from the Traditional form by the reader),
the words that name a quantity, units, seat roles, and what an unstated value means. The answering
layer reads these declarations and never names an engine field itself.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, get_args, get_origin
import types
import typing

from pydantic import BaseModel

# How a field is stated in a question.
SlotKind = Literal[
    "choice",      # one of `values` (bool fields too: {True: …, False: …})
    "count",       # a number named by `cues` and/or followed by `units`
    "tower",       # one Tower card (colour + number), `role` new/row
    "towers",      # Tower cards in row order
    "colour",      # one colour, `role` says which mention
    "colours",     # colours in order of mention, repeated by a stated count ("兩張紅門")
    "numbers",     # small numbers named by `cues` ("徵兆 1、5、8")
    "seat_list",   # one number per seat, stated seat by seat or as a list from the captain
    "seat",        # one seat, by its role phrase
    "seats",       # seats named by role after one of `cues` ("出團的是隊長、下家1和下家2")
    "items",       # names from `values`, in order of mention, repeated by a stated count
    "amounts",     # every number written before one of `units`, in order ("2點傷害再3點傷害")
    "targeted",    # an effect from `values` aimed at an item of a sibling "items" slot ("品茶師拿走我的燈籠")
    "seat_records",  # per seat, numbers of several things (`values`: sub-field → phrases), seat by seat in prose
    "markers",     # owned things in order ("紅色魔杖、藍色空白"): [owner from `owners`, value from `values`]
    "plays",       # turns in order, one per clause: a seat by its role and one of `values` ("下家1出燈籠、下家2 Pass")
    "party",       # members in order, each named by one of `values`, with the numbers of `fields` said in its clause
    "carried",     # things of `values` with their owner (`owners`), each carried by the "party" member of its clause
    "round",       # what happens this round: named things per `parts` group, a count after `cues`, in order
    "owner",       # one of `values` written just before one of `cues` ("藍色玩家的地城", "blue's dungeon")
    "compared",    # a second situation of the field's own model, told after a comparing word of `cues` ("A跟B哪個比較難")
]

# How a table's size is written after its number ("五人局", "4 players", "five of us"), for any game's count.
PLAYER_COUNT_UNITS = ("個人", "人", "個玩", "個一起玩", "位玩家", "名玩家", "個玩家", "人局", "人遊戲", "players", "player", "people", "-player",
                      "of us", "p game", "p games", "p table", "p")  # "4p": four players

# What an unstated value means.
Unstated = Literal[
    "cases",    # unknown: evaluate over `domain` (or the type's values) and answer per case
    "general",  # unknown: the rule answers the general question itself (the field stays empty)
    "ask",      # unknown with no small domain: the answer asks for it
    "reading",  # not a fact of the game but a reading of an unclear text: the default reading, said so
    "absent",   # naming is stating: what is not named is absent (expansions in play); said so
    "assumed",  # the usual situation is assumed and said ("a monster attacked this round")
]


@dataclass(frozen=True)
class Slot:
    """How players say one field's value, and what an unstated value means."""

    kind: SlotKind
    label: dict[str, str]                                  # the field as a person names it (zh-TW, en)
    values: tuple[tuple[Any, tuple[str, ...]], ...] = ()   # value → phrases (zh-TW and English)
    value_labels: tuple[tuple[Any, dict[str, str]], ...] = ()  # value → text for cases (zh-TW, en)
    cues: tuple[str, ...] = ()                             # words that name this quantity or role
    units: tuple[str, ...] = ()                            # units written after the number
    role: str = ""                                         # which mention: "new", "row", "held", "side", ...
    signed: bool = False                                   # a count that may be negative
    domain: tuple[Any, ...] | None = None                  # values to evaluate over when unstated
    unstated: Unstated = "cases"
    ask: dict[str, str] = field(default_factory=dict)      # what to ask for when it is needed
    note: dict[str, str] = field(default_factory=dict)     # the assumption said for "reading"/"absent"
    group: str = ""                                        # slots read together ("只加高塔" rules out the rest)
    when: tuple[tuple[str, Any], ...] = ()                 # read only when these fields are stated so (or unknown)
    one_at_a_time: tuple[str, ...] = ()                    # "amounts": after these words an amount lands point by point
    owners: tuple[tuple[Any, tuple[str, ...]], ...] = ()   # "markers": owner → phrases (the colour written before it)
    fields: tuple[tuple[str, tuple[str, ...]], ...] = ()   # "party": a member's number → the words said with it
    in_hand: tuple[tuple[Any, Any], ...] = ()              # "seat_records": a thing → the value for it in hand
    aimed: tuple[tuple[Any, tuple[str, ...]], ...] = ()    # "plays": cards played at another seat's card → phrases
    # Phrases saying the field has a value without saying which ("another Door", "an expansion"): then the
    # unstated default does not hold and the answer is given for every value (`partial`: source "mentioned").
    vague: tuple[str, ...] = ()
    # Fields this one tells in summary (the row's state for the row itself): told anew in a follow-up, it takes
    # the place of them told before ("那如果四色已經連好了呢" after naming two Towers).
    stands_for: tuple[str, ...] = ()
    # "count": phrases saying there are none ("牌堆空了", "none face up"): zero, read before the numbers, which
    # are then left to the other counts.
    none: tuple[str, ...] = ()
    # "count": words naming another quantity counted in the same unit ("棄牌堆" beside the deck's "張"): a number
    # written before the unit in a clause that names one of them, and none of this count's cues, is not this count.
    other_cues: tuple[str, ...] = ()
    # "round": group → (value → phrases), e.g. the monsters, the traps, the tile, whether it is the last round.
    parts: tuple[tuple[str, tuple[tuple[Any, tuple[str, ...]], ...]], ...] = ()
    # Said for context only: it bounds the other fields and changes no answer, so a question stating it is no
    # evidence that it asks this rule ("两人局…每人拿几个指示物" is not asking where an item goes).
    context: bool = False
    # "choice": words naming what the values are said of ("塔", "tower row"): a value phrase counts only in a sentence
    # that names one of them ("I just finished three blue locations" finishes no Tower row).
    subject: tuple[str, ...] = ()
    # "count": the quantity of one thing among several of its kind ("the wizard's hit points"): said of several
    # with different numbers ("warrior 5 HP, wizard 3 HP"), which one is meant is not read.
    one_of_several: bool = False
    # Words said with this quantity that describe it, not another input ("magic without wands", "不含魔杖的魔力"): the
    # negation in them negates nothing, so they are set aside before the question is read.
    said_with: tuple[str, ...] = ()

    def applies(self, known: dict[str, Any]) -> bool:
        """Whether the slot is read given the values known so far (an unknown field does not exclude it)."""
        return all(known.get(field) is None or known[field] == value for field, value in self.when)

    def value_label(self, value: Any, lang: str) -> str:
        """How a value of this field reads in a case (zh-TW or en)."""
        key = "en" if lang == "en" else "zh-TW"
        for v, labels in self.value_labels:
            if v == value:
                return labels[key]
        for v, phrases in self.values:
            if v == value and phrases:
                zh = [p for p in phrases if not p.isascii()]
                en = [p for p in phrases if p.isascii()]
                pick = (en or zh) if key == "en" else (zh or en)
                return pick[0]
        if isinstance(value, bool):
            return ("yes" if value else "no") if key == "en" else ("是" if value else "否")
        return str(value)


def slot_of(model: type[BaseModel], name: str) -> Slot | None:
    """The Slot declared on a field, if any."""
    for meta in model.model_fields[name].metadata:
        if isinstance(meta, Slot):
            return meta
    return None


def declared_slots(model: type[BaseModel]) -> dict[str, Slot]:
    """Every declared slot of an input model, in field order."""
    out = {}
    for name in model.model_fields:
        slot = slot_of(model, name)
        if slot is not None:
            out[name] = slot
    return out


def literal_values(annotation: Any) -> tuple[Any, ...]:
    """The values of a Literal (also inside Optional/Union); bool gives (False, True)."""
    origin = get_origin(annotation)
    if annotation is bool:
        return (False, True)
    if origin is Literal:
        return get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        out: tuple[Any, ...] = ()
        for arg in get_args(annotation):
            if arg is not type(None):
                out += literal_values(arg)
        return out
    if origin is typing.Annotated:
        return literal_values(get_args(annotation)[0])
    return ()


def domain_of(model: type[BaseModel], name: str) -> tuple[Any, ...]:
    """The values an unstated field is evaluated over (empty: no small domain)."""
    slot = slot_of(model, name)
    if slot is not None and slot.domain is not None:
        return slot.domain
    return literal_values(model.model_fields[name].annotation)
