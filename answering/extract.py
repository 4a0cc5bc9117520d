"""Builds a rule's input from what a question states, by reading the input model's fields."""
from __future__ import annotations

import re
import typing
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, ValidationError

from indexer.text import fold

_CN_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9, "十": 10, "十一": 11, "十二": 12}
_COLOURS = {"red": ("红", "red"), "blue": ("蓝", "blue"), "green": ("绿", "green"),
            "brown": ("棕", "褐", "brown", "tan")}
_SIDE = {"left": ("左", "left"), "right": ("右", "right")}


_EN_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
               "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
# Words that, next to a number, say which quantity it is (folded: Simplified, lower case).
_QUANTITY_CUES = {
    "discard_pile": ("弃牌", "discard"),
    "final_score": ("分数", "得分", "总分", "score", "points"),
    "golds": ("黄金", "金币", "gold"),
    "requirement": ("需求", "需要", "requirement", "require", "needs"),
}
# Literal values that players write in other words.
_VALUE_WORDS = {
    "cheap": ("便宜", "较少", "少的那面", "低价", "cheap", "cheaper", "cheap side"),
    "expensive": ("昂贵", "较多", "多的那面", "高价", "贵", "expensive", "pricier"),
}
_EXPANSION_CUES = {
    "towers": ("高塔", "tower"),
    "book": ("book of steps", "目标卡", "咒文", "the book", "书本"),
    "premonitions": ("徵兆", "征兆", "premonition", "美梦", "好梦", "happy dream"),
    "alignment_power": ("产生效应", "with power", "有效应", "power"),
}


def _num(token: str) -> int:
    if token.lstrip("-").isdigit():
        return int(token)
    return _CN_DIGITS.get(token, _EN_NUMBERS.get(token, 0))


def number_near(folded: str, cues: tuple[str, ...], allow_negative: bool = False) -> int | None:
    """The number written closest after (or just before) one of the cue words."""
    sign = r"-?" if allow_negative else ""
    best: tuple[int, int] | None = None
    for cue in cues:
        for m in re.finditer(re.escape(cue), folded):
            window_after = folded[m.end():m.end() + 14]
            window_before = folded[max(0, m.start() - 8):m.start()]
            after = re.search(rf"({sign}\d+)", window_after)
            before = list(re.finditer(rf"({sign}\d+)", window_before))
            for distance, token in ((after.start(), after.group(1)) if after else (99, None),
                                    (len(window_before) - before[-1].end(), before[-1].group(1)) if before
                                    else (99, None)):
                if token is not None and (best is None or distance < best[0]):
                    best = (distance, int(token))
    if best is None:
        return None
    value = best[1]
    if allow_negative and value > 0 and re.search(r"负分|negative", folded):
        value = -value
    return value


def number_list(folded: str) -> list[int] | None:
    """A list of four to six numbers written one after another ('5、4、2、0' or '3,2,2,5,1,5')."""
    m = re.search(r"(\d+(?:\s*[、,，/ ]\s*\d+){3,5})", folded)
    return [int(x) for x in re.findall(r"\d+", m.group(1))] if m else None


def player_count(folded: str) -> int | None:
    """'5人', '五位玩家', '5 players' → 5."""
    m = re.search(r"(\d+|十二|十一|[零一二两三四五六七八九十]|one|two|three|four|five|six|seven|eight)"
                  r"\s*(?:个人|个玩家|位玩家|名玩家|人|位|名| players?|-player| people)", folded)
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
        elif lname == "side" and "left" in _literal_values(annotation):
            sides = [s for s, ws in _SIDE.items() if any(w in folded for w in ws)]
            if len(sides) == 1:
                data[name] = sides[0]
        elif lname == "contributions":
            numbers = number_list(folded)
            if numbers:
                data[name] = numbers
        elif lname in _QUANTITY_CUES:
            n = number_near(folded, _QUANTITY_CUES[lname], allow_negative=lname == "final_score")
            if n is not None:
                data[name] = n
        elif lname in _EXPANSION_CUES and annotation in (bool, bool | None):
            if any(c in folded for c in _EXPANSION_CUES[lname]):
                data[name] = True
        elif lname in {"new_door", "door", "colour", "color"}:
            colours = colours_in_order(folded)
            if colours:
                data[name] = colours[-1]
        else:
            values = [v for v in _literal_values(annotation) if isinstance(v, str)]
            ids = {t.replace("-", "_") for t in term_ids}
            hits = [v for v in values if _mentions(folded, v) or v.replace("-", "_") in ids
                    or any(w in folded for w in _VALUE_WORDS.get(v, ()))]
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


_SLOT_PATTERNS = (
    # colours
    re.compile(r"(红色?|蓝色?|绿色?|棕色?|褐色?|red|blue|green|brown|tan)"),
    # counts with a unit, player counts, bare numbers
    re.compile(r"(\d+|[一二两三四五六七八九十]+)\s*(个人|个玩家|位玩家|人局|人|位|张|点|分|players?|people)?"),
    # seasons
    re.compile(r"(春天?|夏天?|秋天?|冬天?|冬季|spring|summer|autumn|fall|winter)"),
)


def substitute_slots(earlier: str, follow_up: str) -> str:
    """The earlier question with the kinds of value the follow-up restates removed.

    "兩張紅色的門會觸發什麼？" then "藍色的呢？": the follow-up replaces the colour, so the pair is
    searched as a question about blue Doors, not about red and blue ones."""
    folded_follow = fold(follow_up)
    out = fold(earlier)
    for pattern in _SLOT_PATTERNS:
        if pattern.search(folded_follow):
            out = pattern.sub(" ", out)
    return re.sub(r"\s+", " ", out).strip()
