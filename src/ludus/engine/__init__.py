"""Game-agnostic kernel: the Game protocol, decisions, events, outcomes, matches and the registry.

This package imports nothing else of ludus.
"""

from .game import Game, State, clone, decisions_for
from .match import Match
from .options import Option, check_players, resolve_options
from .registry import GAMES, game_ids, load_game
from .types import (
    BadOptions,
    Choice,
    Decision,
    Event,
    IllegalChoice,
    Outcome,
    UnknownGame,
    normalize,
    visible_events,
)

__all__ = [
    "GAMES", "BadOptions", "Choice", "Decision", "Event", "Game", "IllegalChoice", "Match", "Option",
    "Outcome", "State", "UnknownGame", "check_players", "clone", "decisions_for", "game_ids",
    "load_game", "normalize", "resolve_options", "visible_events",
]
