"""Find a game by its id. Games register here by module path; the kernel imports none of them eagerly."""

from __future__ import annotations

import importlib
from functools import cache

from .game import Game
from .types import UnknownGame

GAMES: dict[str, str] = {
    "rose": "ludus.games.rose.game:GAME",
    "floors": "ludus.games.floors.game:GAME",
    "shadows": "ludus.games.shadows.game:GAME",
}


def game_ids() -> list[str]:
    """Ids of the games that are installed and importable."""
    found = []
    for game_id in GAMES:
        try:
            load_game(game_id)
        except UnknownGame:
            continue
        found.append(game_id)
    return found


@cache
def load_game(game_id: str) -> Game:
    """The game with this id, e.g. ``load_game("rose")``; an unknown id raises UnknownGame."""
    target = GAMES.get(game_id) if isinstance(game_id, str) else None
    if target is None:
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(sorted(GAMES))}")
    module_name, _, attribute = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name and module_name.startswith(error.name):
            raise UnknownGame(f"game {game_id!r} is not installed in this build") from error
        raise
    return getattr(module, attribute)
