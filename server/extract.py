"""Builds a rule's input from what a question states, by reading the input model's fields."""
from __future__ import annotations

import re
import typing
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, ValidationError

from indexer.text import fold

_CN_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9, "十": 10, "十一": 11, "十二": 12}
_NUM = r"(\d+|十二|十一|[零一二两三四五六七八九十])"
_COLOURS = {"red": ("红", "red"), "blue": ("蓝", "blue"), "green": ("绿", "green"),
            "brown": ("棕", "褐", "brown", "tan")}
_SIDE = {"left": ("左", "left"), "right": ("右", "right")}


def _num(token: str) -> int:
    return int(token) if token.isdigit() else _CN_DIGITS[token]


def player_count(folded: str) -> int | None:
    """'5人', '五位玩家', '5 players' → 5."""
    m = re.search(_NUM + r"\s*(?:个人|个玩家|位玩家|名玩家|人|位|名|players?|-player|people)", folded)
    return _num(m.group(1)) if m else None


def colours_in_order(folded: str) -> list[str]:
    """Colour words in the order they appear."""
    found = []
    for colour, words in _COLOURS.items():
        for w in words:
            for m in re.finditer(re.escape(w), folded):
                found.append((m.start(), colour))
    return [c for _, c in sorted(found)]


def tower_ids(folded: str) -> list[str]:
    """Tower cards like 'red-3', 'red 3', '红3', '红色4号塔' in order of mention."""
    out = []
    colour_words = "|".join(re.escape(w) for ws in _COLOURS.values() for w in ws)
    for m in re.finditer(rf"({colour_words})\s*(?:色)?\s*[-_ ]?\s*(3|4|5|三|四|五)", folded):
        colour = next(c for c, ws in _COLOURS.items() if m.group(1) in ws)
        out.append(f"{colour}-{_num(m.group(2))}")
    return out


def _literal_values(annotation: Any) -> tuple[Any, ...]:
    origin = get_origin(annotation)
    if origin is Literal:
        return get_args(annotation)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        values: tuple[Any, ...] = ()
        for arg in get_args(annotation):
            values += _literal_values(arg)
        return values
    return ()


def _mentions(folded: str, value: str) -> bool:
    words = {fold(value), fold(value.replace("-", " ").replace("_", " "))}
    return any(w and re.search(r"(?<![a-z0-9])" + re.escape(w) + r"(?![a-z0-9])", folded) for w in words)


def extract_input(model: type[BaseModel], question: str, term_ids: set[str]) -> tuple[dict[str, Any], list[str]]:
    """Fields of `model` that the question states, and a note per field filled."""
    folded = fold(question)
    data: dict[str, Any] = {}
    notes: list[str] = []
    towers = tower_ids(folded)
    for name, field in model.model_fields.items():
        annotation = field.annotation
        lname = name.lower()
        if lname in {"players", "player_count", "num_players"}:
            n = player_count(folded)
            if n is not None:
                data[name] = n
        elif lname == "tower" and towers:
            data[name] = towers[-1]
        elif lname == "row" and towers:
            data[name] = towers[:-1] if "tower" in model.model_fields and len(towers) > 1 else towers
        elif lname in {"side"}:
            sides = [s for s, ws in _SIDE.items() if any(w in folded for w in ws)]
            if len(sides) == 1:
                data[name] = sides[0]
        elif lname in {"new_door", "door", "colour", "color"}:
            colours = colours_in_order(folded)
            if colours:
                data[name] = colours[-1]
        else:
            values = [v for v in _literal_values(annotation) if isinstance(v, str)]
            hits = [v for v in values if _mentions(folded, v) or v in term_ids]
            if len(hits) == 1:
                data[name] = hits[0]
        if name in data:
            notes.append(f"{name}={data[name]!r}")
    try:
        model.model_validate(data)
    except ValidationError:
        # Partial facts that do not make a valid input are dropped field by field.
        for name in list(data):
            trial = {k: v for k, v in data.items() if k != name}
            try:
                model.model_validate(trial)
                data = trial
                break
            except ValidationError:
                continue
        else:
            data = {}
        notes = [n for n in notes if n.split("=")[0] in data]
    return data, notes
