"""The bot interface and the level registry every game plugs its bots into.

A bot is asked to choose for one Decision, given only what its seat may see: the seat's view.
It never receives the true state, so it cannot cheat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ludus.engine import Choice, Decision, Game

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")


class Bot(Protocol):
    def choose(self, view: dict[str, Any], decision: Decision) -> Choice: ...


class RandomBot:
    """Picks uniformly among the offered options."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        return self.rng.choice(decision.options)


BotFactory = Callable[[Game, int, int | None], Bot]
"""(game, seat, seed) -> a bot for that seat."""

_FACTORIES: dict[tuple[str, str], BotFactory] = {}


def register_bot(game_id: str, level: str, factory: BotFactory) -> None:
    _FACTORIES[(game_id, level)] = factory


def bot_for(game: Game, seat: int, level: str = "easy", seed: int | None = None) -> Bot:
    """A bot of ``level`` for ``seat``. Games register their levels when their package is imported;
    a level a game does not have falls back to the next lower one, down to the random bot."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    for candidate in reversed(LEVELS[: LEVELS.index(level) + 1]):
        factory = _FACTORIES.get((game.id, candidate))
        if factory is not None:
            return factory(game, seat, seed)
    return RandomBot(seed)
