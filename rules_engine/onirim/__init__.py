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
