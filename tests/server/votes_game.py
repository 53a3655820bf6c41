"""A test game of simultaneous choices: in each of ``rounds`` rounds every seat votes "a" or "b" at once.

Nobody waits for anybody within a round, so two seats playing through two server processes race for the
same move number again and again (the multi-process tests). Each seat holds a secret number only it sees.
A round ends when every seat has voted; a seat scores a point each round it voted with the majority.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ludus.engine import Decision, Event, IllegalChoice, Option, Outcome, check_players, resolve_options
from ludus.engine.chance import rng_for


class VotesGame:
    id = "votes"
    players = range(2, 5)
    options = (Option("rounds", 10, "voting rounds"),)

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        check_players(self.id, players, self.players)
        resolved = resolve_options(self.options, options)
        rng = rng_for(seed)
        return {"players": players, "rounds": resolved["rounds"], "round": 1, "votes": {}, "tallies": [],
                "points": [0] * players, "secrets": [rng.randint(100_000, 999_999) for _ in range(players)]}

    def decisions(self, state: dict[str, Any]) -> list[Decision]:
        if state["round"] > state["rounds"]:
            return []
        return [Decision(seat, "vote", ("a", "b"), {"round": state["round"]}) for seat in range(state["players"])
                if str(seat) not in state["votes"]]

    def apply(self, state: dict[str, Any], seat: int, choice: Any) -> list[Event]:
        if not any(d.seat == seat and d.allows(choice) for d in self.decisions(state)):
            raise IllegalChoice("not-offered", f"seat {seat} cannot choose {choice!r} now")
        state["votes"][str(seat)] = choice
        events = [Event("voted", {"seat": seat, "round": state["round"]})]
        if len(state["votes"]) < state["players"]:
            return events
        count = {option: sum(vote == option for vote in state["votes"].values()) for option in ("a", "b")}
        majority = max(count, key=lambda option: (count[option], option))
        for voter, vote in state["votes"].items():
            state["points"][int(voter)] += vote == majority
        state["tallies"].append(count)
        events.append(Event("tally", {"round": state["round"], **count}))
        state["round"] += 1
        state["votes"] = {}
        return events

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"game": "votes", "round": state["round"], "rounds": state["rounds"], "voted": sorted(state["votes"]),
                "tallies": [dict(tally) for tally in state["tallies"]], "points": list(state["points"]),
                "you": None if seat is None else {"secret": state["secrets"][seat],
                                                  "vote": state["votes"].get(str(seat))}}

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if state["round"] <= state["rounds"]:
            return None
        best = max(state["points"])
        return Outcome(tuple(s for s, p in enumerate(state["points"]) if p == best),
                       {s: float(p) for s, p in enumerate(state["points"])})

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
        raise NotImplementedError

    def advance(self, state: dict[str, Any], now: float) -> list[Event]:
        return []


GAME = VotesGame()
