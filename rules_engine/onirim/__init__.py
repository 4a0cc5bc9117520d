"""Onirim with The Book of Steps Lost and Found, The Towers, Dark Premonitions and Happy Dreams."""
from ..registry import Game, register_game

GAME = register_game(Game(
    id="onirim",
    names={"zh-TW": "Onirim 夢境", "zh-CN": "Onirim 梦境", "en": "Onirim"},
    package=__name__,
    aliases=("onirim", "奧尼里姆", "夢境", "梦境"),
))

# Importing the rules registers them (after the game, which they belong to).
from . import rules  # noqa: E402,F401

# What each rule answers, matched to the form of a player's question (see answering.routing).
from ..registry import declare_answer_types as _declare  # noqa: E402

_declare({
    "onirim.tower_placement": "yes_no",
    "onirim.nightmare_tower_penalty": "yes_no",
    "onirim.alignment_complete": "yes_no",
    "onirim.tower_discard_peek": "how_many",
    "onirim.book_door": ("which", "yes_no"),
    "onirim.book_return_door": "which",
    "onirim.spell_castable": "yes_no",
    "onirim.premonitions_triggered": ("which", "yes_no"),
    "onirim.happy_dream_options": ("which", "yes_no"),
    "onirim.difficulty_level": "how_many",
    "onirim.card_counts": "how_many",
})
