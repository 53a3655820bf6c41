"""How a bot detective takes part in its team's agreement on where to move (option ``team_move: "agree"``).

The rulebook's detectives "megegyeznek, hová lépnek": one proposes a space, the others agree or
propose another. A bot reads the clue cards as it always does; it agrees when its reading is the
proposed space, and otherwise proposes its own reading — but only once for the cards in hand, so
a team never argues forever: after that it goes along with the proposal (people decide, a bot
may only suggest). The rules record who has proposed (``prompt["proposed"]``), so a bot needs no
memory of its own and one restarted on another server process behaves the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludus.engine import Choice, Decision

from .policies import Policy, wants


class AgreeingBot:
    """Wraps any Shadows seat bot; everything but a detective's move under agreement passes through."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner

    def wants(self, view: dict[str, Any], decision: Decision) -> bool:
        return wants(self.inner, view, decision)

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        reading = self.inner.choose(view, decision)
        proposal = decision.prompt.get("proposal") if decision.kind == "move" else None
        if proposal is None or reading == proposal:
            return reading
        if view.get("seat") in decision.prompt.get("proposed", ()):
            return proposal  # it has had its say for these cards
        return reading


def agreeing(factory: Callable[..., Policy]) -> Callable[..., AgreeingBot]:
    """A ``register_bot`` factory ``(game, seat, seed)`` whose bots take part in agreements."""

    def make(game: Any, seat: int, seed: int | None = None) -> AgreeingBot:
        return AgreeingBot(factory(game, seat, seed))

    return make
