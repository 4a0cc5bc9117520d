"""Cards of 迷霧山城: names and aliases, path cards, memory cards, and the deck composition."""
from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType

# Canonical card names are the zh-TW names the text uses.
LANTERN, CAP, REFLECTOR = "燈籠", "工作帽", "反光盤"
TOOLS = (LANTERN, CAP, REFLECTOR)
FOG = "濃霧時刻"
GOLD = "金礦小巷"
SAKURA, BAMBOO, GRASS = "櫻花小徑", "竹林小道", "芒草小路"
PATH_CARDS = (SAKURA, BAMBOO, GRASS)
LAMP_MAKER, GOLD_WASHER, MINER = "燈匠", "洗金工", "礦工"
ACTOR, ABBOT, LOST_ONE = "戲子", "住持", "迷途者"
TEA_MASTER, OFFICER, PAINTER, RAILWAY = "品茶師", "警官", "畫師", "鐵路工"
VILLAGERS = (LAMP_MAKER, GOLD_WASHER, MINER, ACTOR, ABBOT, LOST_ONE, TEA_MASTER, OFFICER, PAINTER,
             RAILWAY)
HAND_CARDS = PATH_CARDS + TOOLS + (FOG, GOLD) + VILLAGERS
PASS = "pass"

# Which tool each doubling villager doubles (燈匠/洗金工/礦工 passages).
DOUBLES = MappingProxyType({LAMP_MAKER: LANTERN, GOLD_WASHER: REFLECTOR, MINER: CAP})
# Played cards that stay on the table instead of being discarded (gold alley, path "scene" cards).
STAYS = (GOLD,) + PATH_CARDS
RAILWAY_POINTS = 4
# Path cards needed for one memory, and how many of each exist (「收集兩張視為一份回憶（共三張）」).
PATH_SET_SIZE = MappingProxyType({SAKURA: 2, BAMBOO: 3, GRASS: 4})
PATH_CARD_COUNT = MappingProxyType({SAKURA: 3, BAMBOO: 4, GRASS: 5})

# Other names players use for the cards (the glossary's synonyms that name one card and nothing else).
_ALIASES = MappingProxyType({
    LANTERN: ("灯笼", "提燈", "lantern", "lanterns", "lamp"),
    CAP: ("帽子", "安全帽", "礦工帽", "work cap", "work caps", "work hat", "work hats", "hard hat", "hard hats", "cap", "caps", "hat", "hats",
          "helmet", "helmets",
          "miner's helmet", "miners helmet", "miner's helmets", "mining helmet", "miner's hat"),
    REFLECTOR: ("反光盘", "反光板", "反光鏡", "reflector", "reflectors", "reflector dish", "mirror", "mirrors"),
    FOG: ("浓雾时刻", "濃霧", "浓雾", "霧卡", "大霧", "fog", "fogs", "foggy moment", "thick fog", "fogged", "thick fogged"),
    GOLD: ("金矿小巷", "金礦", "金矿", "gold", "gold alley", "gold mine alley"),
    # A path is often called by its first word alone ("竹林 燈籠+燈匠 幾分", "芒草 我出工作帽").
    SAKURA: ("樱花小径", "櫻花", "櫻花路", "sakura", "sakura path", "cherry blossom path", "cherry blossom", "cherry-blossom path"),
    BAMBOO: ("竹林", "竹林小路", "竹林路", "bamboo", "bamboo path", "bamboo grove"),
    GRASS: ("芒草", "芒草路", "芒草小徑", "silvergrass", "silver grass", "grass path", "silvergrass path", "pampas path"),
    LAMP_MAKER: ("灯匠", "燈籠匠", "lamp maker", "lampmaker", "lamplighter"),
    GOLD_WASHER: ("淘金工", "淘金者", "gold washer", "gold panner"),
    MINER: ("矿工", "礦夫", "miner"),
    ACTOR: ("戏子", "演員", "actor", "performer"),
    ABBOT: ("abbot", "和尚", "方丈", "僧人", "monk"),
    LOST_ONE: ("迷路者", "迷路的人", "迷途人", "lost one", "the lost", "wanderer", "lost traveller", "lost traveler"),
    TEA_MASTER: ("品茶师", "茶師", "品茶人", "tea master", "tea taster"),
    OFFICER: ("警察", "警長", "police", "policeman", "police officer", "officer"),
    PAINTER: ("画师", "畫家", "繪師", "painter"),
    RAILWAY: ("铁路工", "鐵道工", "railway worker", "railroad worker", "railway"),
})
_LOOKUP = MappingProxyType({
    **{name.lower(): name for name in HAND_CARDS},
    **{alias.lower(): name for name, aliases in _ALIASES.items() for alias in aliases},
    "pass": PASS, "喊pass": PASS, "跳過": PASS, "跳过": PASS,
})


# English names used in the English verdict texts (the rulebook's zh-TW names stay canonical).
EN_NAMES = MappingProxyType({
    LANTERN: "lantern", CAP: "work cap", REFLECTOR: "reflector", FOG: "Thick Fog", GOLD: "Gold Mine Alley",
    SAKURA: "Cherry Blossom Path", BAMBOO: "Bamboo Path", GRASS: "Silver Grass Path",
    LAMP_MAKER: "Lamp Maker", GOLD_WASHER: "Gold Washer", MINER: "Miner", ACTOR: "Actor", ABBOT: "Abbot",
    LOST_ONE: "Lost One", TEA_MASTER: "Tea Master", OFFICER: "Officer", PAINTER: "Painter",
    RAILWAY: "Railway Worker", PASS: "pass",
    "未命名路徑": "unnamed path",
    "貓": "cat", "熊": "bear", "雞": "chicken", "蛙": "frog", "狗": "dog", "豬": "pig",
})


_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def en(name: str | None) -> str:
    """English name of a card, path or character; anything else (a player's own name) as given, in
    quotation marks when it is written in Chinese (an English reader sees it is a name, not a word)."""
    if name is None:
        return "?"
    if name in EN_NAMES:
        return EN_NAMES[name]
    if name.startswith("未命名路徑"):
        return f"unnamed path {name[len('未命名路徑'):]}".strip()
    return f"“{name}”" if _CJK.search(name) else name


def en_path(name: str) -> str:
    """English name of a path with its article: "the Cherry Blossom Path", "the unnamed path A", and for
    a path the asker named in Chinese "the path “無名小徑”"."""
    if name in EN_NAMES or name.startswith("未命名路徑") or not _CJK.search(name):
        return f"the {en(name)}"
    return f"the path {en(name)}"


def en_a(name: str | None) -> str:
    """English card name with its article: "the" for the one-of-a-kind villagers, else "a"/"an"."""
    text = en(name)
    if name in VILLAGERS:
        return f"the {text}"
    if name in PATH_CARDS:
        return f"a {text} card"
    return f"{'an' if text[:1].lower() in 'aeiou' else 'a'} {text}"


def card_name(text: str) -> str:
    """Canonical zh-TW name of a hand card (or "pass") from a zh-TW, zh-CN or English name."""
    key = " ".join(str(text).strip().lower().replace("_", " ").replace("-", " ").split())
    if key in _LOOKUP:
        return _LOOKUP[key]
    raise ValueError(f"unknown card {text!r}; expected one of: {', '.join(HAND_CARDS)} or 'pass'")


@dataclass(frozen=True)
class PathCard:
    """A round adventure path: its requirement and what each lighting tool is worth on it."""

    name: str
    requirement: int
    lantern: int
    cap: int
    reflector: int
    named_in_text: bool = True

    def tool_value(self, tool: str) -> int:
        """Printed value of a lighting tool on this path."""
        return {LANTERN: self.lantern, CAP: self.cap, REFLECTOR: self.reflector}[tool]


# The three paths the text lists (cards/paths). Only 芒草小路's requirement (12) is given by an
# example; the text says these are "12分以上" paths, so 12 is assumed for the other two.
KNOWN_PATHS = MappingProxyType({
    SAKURA: PathCard(SAKURA, 12, lantern=3, cap=4, reflector=2),
    BAMBOO: PathCard(BAMBOO, 12, lantern=4, cap=2, reflector=3),
    GRASS: PathCard(GRASS, 12, lantern=2, cap=3, reflector=4),
})
# Placeholders for the three round path cards the text does not name; only the simulation uses
# them, and their numbers are invented (see ASSUMPTIONS in day.py).
UNNAMED_PATHS = (
    PathCard("未命名路徑A", 8, lantern=3, cap=2, reflector=1, named_in_text=False),
    PathCard("未命名路徑B", 8, lantern=1, cap=3, reflector=2, named_in_text=False),
    PathCard("未命名路徑C", 8, lantern=2, cap=1, reflector=3, named_in_text=False),
)

# The six characters (the walkthrough's animals; 6 character cards in the box).
CHARACTERS = ("貓", "熊", "雞", "蛙", "狗", "豬")


def memory_cards() -> tuple[str, ...]:
    """The 21 memory cards: one personal card per character and one card per pair of characters."""
    personal = CHARACTERS
    pairs = tuple(f"{a}+{b}" for i, a in enumerate(CHARACTERS) for b in CHARACTERS[i + 1:])
    return personal + pairs


def memory_belongs_to(card: str, character: str) -> bool:
    """True when a memory card shows this character (personal or two-character card)."""
    return character in card.split("+")


# The text gives 90 hand cards and the path-card counts but no other counts; these are invented
# so the simulation has a deck, and they add up to 90.
DEFAULT_COMPOSITION = MappingProxyType({
    SAKURA: 3, BAMBOO: 4, GRASS: 5,
    LANTERN: 15, CAP: 15, REFLECTOR: 15,
    FOG: 6, GOLD: 17,
    **{v: 1 for v in VILLAGERS},
})


@dataclass(frozen=True)
class Reward:
    """An adventure reward card: memories and hand cards the qualifiers draft."""

    memories: int
    cards: int


# Five reward cards exist (components) but their contents are not in the text; invented.
DEFAULT_REWARDS = (Reward(3, 3), Reward(4, 2), Reward(2, 4), Reward(3, 2), Reward(2, 3))
