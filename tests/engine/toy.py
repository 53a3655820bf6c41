"""A tiny game for testing the kernel alone: take 1–3 counters; who takes the last one wins.

Each seat also draws a secret number at setup, so views differ between seats.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ludus.engine import Decision, Event, IllegalChoice, Option, Outcome, check_players, resolve_options


class TakeAwayState:
    def __init__(self, players: int, counters: int, rng: random.Random) -> None:
        self.players = players
        self.counters = counters
        self.turn = 0
        self.rng = rng
        self.secrets = [rng.randrange(100) for _ in range(players)]
        self.winner: int | None = None


class TakeAway:
    id = "takeaway"
    players = range(2, 5)
    options = (Option("counters", 15, "counters on the table at the start"),
               Option("most", 3, "most counters one may take", choices=(2, 3)))

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> TakeAwayState:
        check_players(self.id, players, self.players)
        resolved = resolve_options(self.options, options)
        state = TakeAwayState(players, resolved["counters"], random.Random(seed))
        state.most = resolved["most"]
        return state

    def decisions(self, state: TakeAwayState) -> list[Decision]:
        if state.winner is not None:
            return []
        return [Decision(state.turn, "take", tuple(range(1, min(state.most, state.counters) + 1)))]

    def apply(self, state: TakeAwayState, seat: int, choice: Any) -> list[Event]:
        offered = [d for d in self.decisions(state) if d.seat == seat]
        if not offered:
            raise IllegalChoice("not-your-turn", f"seat {seat} has nothing to decide")
        if not offered[0].allows(choice):
            raise IllegalChoice("not-offered", f"{choice!r} is not one of {list(offered[0].options)}")
        state.counters -= choice
        events = [Event("took", {"seat": seat, "count": choice}),
                  Event("peeked", {"secret": state.rng.randrange(100)}, frozenset({seat}))]
        if state.counters == 0:
            state.winner = seat
        state.turn = (state.turn + 1) % state.players
        return events

    def view(self, state: TakeAwayState, seat: int | None) -> dict[str, Any]:
        view = {"counters": state.counters, "turn": state.turn, "winner": state.winner}
        if seat is not None:
            view["secret"] = state.secrets[seat]
        return view

    def outcome(self, state: TakeAwayState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome((state.winner,), {s: int(s == state.winner) for s in range(state.players)})

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> TakeAwayState:
        raise NotImplementedError

    def advance(self, state: TakeAwayState, now: float) -> list[Event]:
        return []


GAME = TakeAway()
