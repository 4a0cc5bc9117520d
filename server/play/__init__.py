"""Terminal play front-ends, one module per game: `arbiter play <game>` calls `<module>.main(argv)`."""
from __future__ import annotations

import importlib

# game id -> module under server.play exposing main(argv: list[str]) -> int
PLAYABLE = {"onirim": "onirim"}


def help_texts() -> list[str]:
    """Each playable game's option help, for `arbiter play --help`."""
    return [importlib.import_module(f"{__name__}.{module}").help_text() for module in PLAYABLE.values()]


def play(game: str, argv: list[str]) -> int:
    """Run the terminal front-end of a game; exit code 2 for a game with none."""
    if game not in PLAYABLE:
        raise KeyError(f"no terminal play for {game!r}; playable games: {', '.join(sorted(PLAYABLE))}")
    module = importlib.import_module(f"{__name__}.{PLAYABLE[game]}")
    return int(module.main(argv) or 0)
