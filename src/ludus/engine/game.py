"""The game protocol: the only way the server, bots and research code reach a game."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from .options import Option
from .types import Choice, Decision, Event, Outcome

State = Any


@runtime_checkable
class Game(Protocol):
    """What every game implements (see docs/ARCHITECTURE.md).

    ``apply`` validates first and changes nothing when it raises ``IllegalChoice``. ``view``
    returns JSON-safe data; seat None is a spectator. All randomness comes from the state's
    own seeded RNG, so setup(seed) plus the move log replays exactly.
    """

    id: str
    players: range
    options: Sequence[Option]

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State: ...

    def decisions(self, state: State) -> Sequence[Decision]: ...

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]: ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    def outcome(self, state: State) -> Outcome | None: ...

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> State: ...

    def advance(self, state: State, now: float) -> list[Event]: ...


def clone(game: Game, state: State) -> State:
    """A deep, independent copy of ``state`` (a game may offer a faster ``clone`` of its own)."""
    own = getattr(game, "clone", None)
    return own(state) if own is not None else copy.deepcopy(state)


def decisions_for(game: Game, state: State, seat: int | None) -> list[Decision]:
    if seat is None:
        return []
    return [decision for decision in game.decisions(state) if decision.seat == seat]
