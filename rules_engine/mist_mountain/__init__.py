"""迷霧山城 (Hilltown in the Mist)."""
from ..registry import Game, register_game

GAME = register_game(Game(
    id="mist-mountain",
    names={"zh-TW": "迷霧山城", "zh-CN": "迷雾山城", "en": "Hilltown in the Mist"},
    package=__name__,
    aliases=("迷霧山城", "迷雾山城", "hilltown in the mist", "hilltown", "mist mountain"),
))

# Importing the rules registers them.
from . import rules  # noqa: E402,F401
