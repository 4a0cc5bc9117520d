"""Onirim's physical cards: the base deck, the three expansions' cards and their printed facts."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Colour = Literal["red", "blue", "green", "brown"]
COLOURS: tuple[str, ...] = ("red", "blue", "green", "brown")
SYMBOLS: tuple[str, ...] = ("sun", "moon", "key")

# Locations per colour as (sun, moon, key) counts: 58 in all (rules-notes: official rules scan and
# the Onirama implementation agree).
LOCATION_COUNTS: dict[str, tuple[int, int, int]] = {
    "red": (9, 4, 3), "blue": (8, 4, 3), "green": (7, 4, 3), "brown": (6, 4, 3),
}
DOORS_PER_COLOUR = 2
NIGHTMARES = 10
TOWER_NUMBERS = (3, 4, 5)
HAPPY_DREAMS = 4
GOALS_PER_COLOUR = 2
PREMONITION_NUMBERS = tuple(range(1, 9))

# Tower edge symbols (left edge, right edge). The seed gives no symbols; these come from two
# independent implementations (rules-notes), so rules that use them must say so.
TOWER_EDGES: dict[tuple[str, int], tuple[frozenset[str], frozenset[str]]] = {
    ("red", 3): (frozenset({"sun", "moon"}), frozenset({"moon"})),
    ("red", 4): (frozenset({"sun"}), frozenset({"moon"})),
    ("red", 5): (frozenset(), frozenset({"moon"})),
    ("blue", 3): (frozenset({"moon"}), frozenset({"sun", "moon"})),
    ("blue", 4): (frozenset({"moon"}), frozenset({"moon"})),
    ("blue", 5): (frozenset({"moon"}), frozenset()),
    ("green", 3): (frozenset({"sun"}), frozenset({"sun", "moon"})),
    ("green", 4): (frozenset({"sun"}), frozenset({"sun"})),
    ("green", 5): (frozenset({"sun"}), frozenset()),
    ("brown", 3): (frozenset({"sun", "moon"}), frozenset({"sun"})),
    ("brown", 4): (frozenset({"moon"}), frozenset({"sun"})),
    ("brown", 5): (frozenset(), frozenset({"sun"})),
}
TOWER_EDGES_SOURCE = ("Tower edge symbols come from two independent implementations of The Towers, "
                      "not from the rules text (which only says touching symbols may not match)")
TOWER_EDGES_SOURCE_ZH = ("高塔卡兩邊的圖示取自高塔擴充的兩個獨立實作，並非出自規則原文"
                         "（原文只說相連的圖示不能相同）")

TOWER_ID_RE = re.compile(r"^(red|blue|green|brown)-([345])$")
TOWER_ID_HINT = "a Tower id '<colour>-<number>' with colour red/blue/green/brown and number 3, 4 or 5, e.g. 'green-4'"

Kind = Literal["location", "door", "nightmare", "tower", "happy_dream", "goal", "spells", "premonition"]


@dataclass(frozen=True)
class Card:
    """One physical card: its index in CARDS, a readable name, and what is printed on it."""

    index: int
    name: str
    kind: str
    colour: str | None = None
    symbol: str | None = None
    number: int | None = None

    @property
    def is_labyrinth(self) -> bool:
        """Whether the card may be held in hand (Locations and Towers are Labyrinth cards)."""
        return self.kind in ("location", "tower")


def _build_cards() -> tuple[Card, ...]:
    """Every card of the base game and the three expansions, each once."""
    specs: list[tuple[str, str, str | None, str | None, int | None]] = []
    for colour in COLOURS:
        for symbol, count in zip(SYMBOLS, LOCATION_COUNTS[colour]):
            for i in range(1, count + 1):
                specs.append((f"{colour}-{symbol}-{i}", "location", colour, symbol, None))
    for colour in COLOURS:
        for i in range(1, DOORS_PER_COLOUR + 1):
            specs.append((f"{colour}-door-{i}", "door", colour, None, None))
    for i in range(1, NIGHTMARES + 1):
        specs.append((f"nightmare-{i}", "nightmare", None, None, None))
    for colour in COLOURS:
        for n in TOWER_NUMBERS:
            specs.append((f"{colour}-{n}", "tower", colour, None, n))
    for i in range(1, HAPPY_DREAMS + 1):
        specs.append((f"happy-dream-{i}", "happy_dream", None, None, None))
    for colour in COLOURS:
        for i in range(1, GOALS_PER_COLOUR + 1):
            specs.append((f"goal-{colour}-{i}", "goal", colour, None, None))
    specs.append(("spells", "spells", None, None, None))
    for n in PREMONITION_NUMBERS:
        specs.append((f"premonition-{n}", "premonition", None, None, n))
    return tuple(Card(i, *spec) for i, spec in enumerate(specs))


CARDS: tuple[Card, ...] = _build_cards()
BY_NAME: dict[str, Card] = {c.name: c for c in CARDS}


def cards_of(kind: str) -> tuple[int, ...]:
    """Indices of every card of one kind."""
    return tuple(c.index for c in CARDS if c.kind == kind)


BASE_DECK = tuple(c.index for c in CARDS if c.kind in ("location", "door", "nightmare"))
TOWERS = cards_of("tower")
HAPPY_DREAM_CARDS = cards_of("happy_dream")
GOAL_CARDS = cards_of("goal")
SPELLS_CARD = cards_of("spells")[0]
PREMONITION_CARDS = cards_of("premonition")


def tower(name: str) -> Card:
    """The Tower card with a name like 'green-4' (ValueError naming the expected form otherwise)."""
    if not TOWER_ID_RE.match(name):
        raise ValueError(f"expected {TOWER_ID_HINT}, found {name!r}")
    return BY_NAME[name]


# How players name a Tower: its colour and number. Chinese text uses the compact form the players write
# ("紅4高塔右邊可以放藍4嗎？"); English text says "red 4". Card ids ("red-4") stay in machine values only.
COLOUR_SHORT_ZH = {"red": "紅", "blue": "藍", "green": "綠", "brown": "棕"}


def tower_zh(card: Card) -> str:
    """A Tower as Chinese answer text names it, e.g. '紅4'."""
    return f"{COLOUR_SHORT_ZH[str(card.colour)]}{card.number}"


def tower_en(card: Card) -> str:
    """A Tower as English answer text names it, e.g. 'red 4'."""
    return f"{card.colour} {card.number}"


def tower_edges(card: Card) -> tuple[frozenset[str], frozenset[str]]:
    """(left, right) edge symbols of a Tower."""
    return TOWER_EDGES[(card.colour, card.number)]


def premonition_number(card: Card) -> int:
    """The printed number 1..8 of a Premonition card."""
    assert card.kind == "premonition"
    return int(card.number or 0)


# The eight Dark Premonitions: trigger condition and penalty, as readable text (the seed, items 1-8);
# `trigger`/`penalty` are English, `trigger_zh`/`penalty_zh` Traditional Chinese.
PREMONITIONS: dict[int, dict[str, str]] = {
    1: {"passage": "onirim/premonitions/red-doors", "trigger": "2 red Doors in play",
        "penalty": "every red Location in the deck goes to the discard pile",
        "trigger_zh": "桌上有2張紅色門卡", "penalty_zh": "補充牌堆中所有紅色地點卡移至棄牌堆"},
    2: {"passage": "onirim/premonitions/green-doors", "trigger": "2 green Doors in play",
        "penalty": "one Nightmare goes from the discard pile to Limbo",
        "trigger_zh": "桌上有2張綠色門卡", "penalty_zh": "從棄牌堆取回一張夢魘，放進Limbo牌堆"},
    3: {"passage": "onirim/premonitions/blue-doors", "trigger": "2 blue Doors in play",
        "penalty": "choose 2 Keys in the deck and put them in the discard pile",
        "trigger_zh": "桌上有2張藍色門卡", "penalty_zh": "從補充牌堆挑選2張鑰匙卡移至棄牌堆"},
    4: {"passage": "onirim/premonitions/brown-doors", "trigger": "2 brown Doors in play",
        "penalty": "put one of your Doors into Limbo",
        "trigger_zh": "桌上有2張棕色門卡", "penalty_zh": "挑選一張已取得的門卡放進Limbo牌堆"},
    5: {"passage": "onirim/premonitions/same-colour-doors", "trigger": "2 Doors of one colour in play",
        "penalty": "put one of those two Doors into Limbo",
        "trigger_zh": "桌上有2張同顏色的門卡", "penalty_zh": "把這兩張門卡的其中一張放回Limbo牌堆"},
    6: {"passage": "onirim/premonitions/five-doors", "trigger": "5 Doors in play",
        "penalty": "reveal 2 more Premonitions; any whose condition holds triggers at once",
        "trigger_zh": "桌上有5張門卡", "penalty_zh": "再翻開2張黑暗徵兆，條件成立的馬上觸發"},
    7: {"passage": "onirim/premonitions/every-colour", "trigger": "one Door of each colour in play",
        "penalty": "every Happy Dream in the deck is removed",
        "trigger_zh": "桌上每種顏色的門卡各至少一張", "penalty_zh": "補充牌堆中所有美夢卡移除"},
    8: {"passage": "onirim/premonitions/three-doors", "trigger": "3 Doors in play",
        "penalty": "discard your whole hand and reveal 1 more Premonition; any whose condition holds triggers at once",
        "trigger_zh": "桌上有3張門卡", "penalty_zh": "丟棄所有手牌，並再翻開1張黑暗徵兆，條件成立的馬上觸發"},
}

SPELLS: dict[str, dict[str, object]] = {
    "paradoxical_prophecy": {"name": "Paradoxical Prophecy", "cheap": 5, "expensive": 6,
                             "passage": "onirim/book/paradoxical-prophecy"},
    "parallel_planning": {"name": "Parallel Planning", "cheap": 7, "expensive": 9,
                          "passage": "onirim/book/parallel-planning"},
    "powerful_punishment": {"name": "Powerful Punishment", "cheap": 10, "expensive": 12,
                            "passage": "onirim/book/powerful-punishment"},
}


def spell_cost(spell: str, side: str) -> int:
    """Number of discard-pile cards a spell costs on the given side of the Spells card."""
    return int(SPELLS[spell][side])  # type: ignore[arg-type]
