"""迷霧山城 (Hilltown in the Mist)."""
from ..registry import Game, register_game
from .slots import DAY, DECK_LEFT, HAND_CARDS

GAME = register_game(Game(
    id="mist-mountain",
    names={"zh-TW": "迷霧山城", "zh-CN": "迷雾山城", "en": "Hilltown in the Mist"},
    package=__name__,
    aliases=("迷霧山城", "迷雾山城", "hilltown in the mist", "hilltown", "mist mountain"),
    covers={"zh-TW": "迷霧山城的完整規則與變體規則", "en": "the full rules of Hilltown in the Mist and its variant"},
    # Which day of the game it is ("Day 3, Bamboo path") sets the scene; no rule reads it.
    asides=(DAY, HAND_CARDS, DECK_LEFT),
))

# Importing the rules registers them.
from . import rules  # noqa: E402,F401
from ..game import register_model as _register_model  # noqa: E402
from .model import MODEL as _MODEL  # noqa: E402

_register_model(_MODEL)

# What each rule answers, matched to the form of a player's question (see answering.routing).
from ..registry import declare_answer_types as _declare  # noqa: E402

_declare({
    "mist-mountain.contribution": "how_many",
    "mist-mountain.escape": "which",
    # ("所以她是脫逃大師，對吧？": naming the escape master settles whether it is her.)
    "mist-mountain.escape_master": ("which", "yes_no"),
    "mist-mountain.memories_needed": "how_many",
    "mist-mountain.own_escape": "yes_no",
    # Whether the team departs, and who goes: the verdict names the qualifiers ("誰出團？" is answered too).
    "mist-mountain.morning": ("yes_no", "which"),
    "mist-mountain.qualification": ("yes_no", "which"),
    "mist-mountain.next_captain": "which",
    "mist-mountain.priority": "which",
    "mist-mountain.variant_deck": "how_many",
})

# Numbers the texts fix that a question repeats without stating a situation: the three qualifiers.
from ..registry import declare_fixed_numbers as _fixed  # noqa: E402

# Every path of the texts needs 12 ("12分以上"): a question repeating it states nothing the rule does not know.
_fixed({"mist-mountain.qualification": (3, 12), "mist-mountain.morning": (3, 12), "mist-mountain.next_captain": (3, 12),
        # The short deck: 21 memory cards become 15 (six set aside or dealt, whatever the table size).
        "mist-mountain.variant_deck": (21, 15, 6)})

# The short-deck variant rule answers questions about the variant only.
from ..registry import declare_topics as _topics  # noqa: E402

_topics({"mist-mountain.variant_deck": ("變體", "簡化", "短局", "快速版", "縮短", "variant", "short deck", "short-deck",
                                        "shorter game", "short game", "quick game")})

# The escape master is one part of who escapes: the same situation read, one answer taken from it.
from ..registry import declare_parts as _parts  # noqa: E402

_parts({"mist-mountain.escape_master": "mist-mountain.escape"})

# One player's gold alleys do not decide whether that player escapes; the memories a player already holds do
# not change how many the table size asks for ("我已經有四張了，到底要幾張才算逃脫").
from ..registry import declare_asides as _asides  # noqa: E402
from .slots import GOLD_ALLEYS as _GOLD_ALLEYS  # noqa: E402
from .slots import OWN_MEMORIES as _OWN_MEMORIES  # noqa: E402

_asides({"mist-mountain.own_escape": (_GOLD_ALLEYS,), "mist-mountain.memories_needed": (_OWN_MEMORIES,),
         # A day's cards and contributions: the gold alleys a player has gathered play no part.
         **{rule: (_GOLD_ALLEYS,) for rule in ("mist-mountain.contribution", "mist-mountain.qualification",
                                              "mist-mountain.morning", "mist-mountain.next_captain")}})

# How many play bears only on the rules that read the table's size or a seat-by-seat list; told beside any other
# question ("five of us, day three. I put down a lantern…"), it sets the scene.
from ..registry import declare_aside_where_unread as _aside_where_unread  # noqa: E402
from .slots import PLAYERS as _PLAYERS  # noqa: E402

_aside_where_unread("mist-mountain", _PLAYERS)

# Example questions added from the tune set's misses (phrasings the first examples did not cover).
from ..registry import declare_examples as _examples  # noqa: E402

_examples({
    "mist-mountain.next_captain": {"zh-TW": ("今天結束以後隊長卡交給誰？",), "en": ("Who holds the captain card tomorrow?",)},
    "mist-mountain.variant_deck": {"zh-TW": ("短局變體的回憶牌堆有幾張？",),
                                   "en": ("How many memory cards are used in the short variant?",)},
    "mist-mountain.priority": {"zh-TW": ("隊長的上家順位是第幾？",), "en": ("In a five-player game, what is my seat's priority?",)},
    "mist-mountain.escape": {"zh-TW": ("遊戲結束時誰能脫逃？",), "en": ("At the end, which players escape?",)},
    "mist-mountain.qualification": {"zh-TW": ("隊長5分、下家1 3分、下家2 6分、上家2分，這樣有出團嗎？",),
                                    "en": ("Captain 5, next player 3, the one after 6, last player 2 — do we set off?",)},
    "mist-mountain.memories_needed": {"zh-TW": ("人數不同時，要湊幾張自己角色的回憶才夠？",),
                                      "en": ("How many of my own memories do I need to collect at this player count?",)},
})

# A follow-up asking who takes the captain card after a qualification question ("那隊長卡接下來交給誰？") takes the
# table, whether the team departed and who went from the verdict that question got.
from ..registry import declare_derivations as _derivations  # noqa: E402
from ..verdict import DEPENDS as _DEPENDS  # noqa: E402


def _after_qualification(verdict):  # type: ignore[no-untyped-def]
    """The next captain's inputs the qualification verdict settles (none when it did not settle the morning)."""
    if verdict.value == _DEPENDS or not isinstance(verdict.value, bool):
        return {}
    return {"players": len(verdict.details["priorities"]), "departed": verdict.value,
            **({"went": list(verdict.details["went"])} if verdict.value else {})}


def _after_morning(verdict):  # type: ignore[no-untyped-def]
    """The next captain's inputs a played-out morning settles (none while players are still to play)."""
    details = verdict.details
    if not details.get("finished") or not isinstance(verdict.value, bool):
        return {}
    return {"players": len(details["contributions"]), "departed": verdict.value,
            **({"went": list(dict.fromkeys(details["went"]))} if verdict.value else {})}


_derivations({"mist-mountain.next_captain": {"mist-mountain.qualification": _after_qualification,
                                             "mist-mountain.morning": _after_morning}})
