"""Small builders for rulebook tests: games with a map card laid out by hand."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

from ludus.engine import Event
from ludus.games.shadows import board
from ludus.games.shadows.game import GAME
from ludus.games.shadows.maps import MapPair
from ludus.games.shadows.state import ShadowsState

S = board.SPACE_OF
"""Space id of a hex: S[(q, r)]."""


def hand_made_map(black: Mapping[int, str] = {}, orange: Mapping[int, str] = {}) -> MapPair:
    """A map pair from per-card kinds; a space named on both cards with the same kind is shared."""
    categories = ["empty"] * len(board.HEXES)
    for space in set(black) | set(orange):
        b, o = black.get(space, "empty"), orange.get(space, "empty")
        if b == o:
            categories[space] = f"shared-{b}"
        elif o == "empty":
            categories[space] = f"black-{b}"
        elif b == "empty":
            categories[space] = f"orange-{o}"
        else:
            raise ValueError(f"space {space}: {b} on black but {o} on orange")
    return MapPair(tuple(categories))


def game(players: int = 4, black: Mapping[int, str] = {}, orange: Mapping[int, str] = {},
         seed: int = 0, **options) -> ShadowsState:
    """A game whose first round is played on a hand-made map."""
    state = GAME.setup(players, seed, options)
    state.map = hand_made_map(black, orange)
    return state


def give(state: ShadowsState, team: str, count: int = 1) -> list[Event]:
    """The team's officer hands over the first ``count`` face-up cards."""
    cards = [c for c in state.face_up if c is not None][:count]
    return GAME.apply(state, state.teams[team].officer, cards)


def travel(state: ShadowsState, team: str, *path: int) -> list[Event]:
    """Give as many cards as each hop needs and land on every space of ``path`` in turn."""
    events: list[Event] = []
    for space in path:
        here = state.teams[team].figure
        cards = board.distance(here, space)
        events += give(state, team, cards)
        events += move(state, team, space)
    return events


def move(state: ShadowsState, team: str, space: int) -> list[Event]:
    """The team's detectives all choose ``space``: the first proposes it, the others agree (with
    ``team_move: "first"`` the first choice already moves the figure)."""
    events: list[Event] = []
    for seat in state.teams[team].detectives:
        if not state.teams[team].hand:
            break
        events += GAME.apply(state, seat, space)
    return events


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def shadows_ai_benchmark() -> ModuleType:
    """``benchmarks/shadows_ai.py`` as a module (loaded once): its literal officer and reader are tested here."""
    if "shadows_ai_benchmark" in sys.modules:
        return sys.modules["shadows_ai_benchmark"]
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "shadows_ai.py"
    spec = importlib.util.spec_from_file_location("shadows_ai_benchmark", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["shadows_ai_benchmark"] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module
