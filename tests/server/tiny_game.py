"""A tiny game for server tests: race to a target, with one secret per seat and a simultaneous vote.

Turn phase: the active seat adds 1 or 2 to the counter ("+1"/"+2"); whoever reaches the target wins
the race. Then every seat votes "a" or "b" at the same time; the game ends when all have voted.
Each seat holds a secret number that only it may see (the redaction tests look for it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ludus.engine import Decision, Event, IllegalChoice, Option, Outcome, check_players, resolve_options
from ludus.engine.chance import rng_for


class TinyGame:
    id = "tiny"
    players = range(2, 5)
    options = (Option("target", 6, "counter value that ends the race", minimum=1, maximum=100_000),
               Option("mode", "plain", "a choice-restricted option", choices=("plain", "fancy")),
               Option("spin", None, "a folder: setup writes 'spinning' there, then computes until 'release' "
                                    "appears in it (the stand-in for a very hard setup)"))

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        check_players(self.id, players, self.players)
        resolved = resolve_options(self.options, options)
        if resolved["spin"] is not None:
            folder = Path(str(resolved["spin"]))
            (folder / "spinning").touch()
            while not (folder / "release").exists():  # busy, not sleeping, as a hard setup would be
                pass
        rng = rng_for(seed)
        return {"players": players, "target": resolved["target"], "counter": 0, "active": 0, "phase": "race",
                "secrets": [rng.randint(100_000, 999_999) for _ in range(players)], "winner": None,
                "votes": {}}

    def decisions(self, state: dict[str, Any]) -> list[Decision]:
        if state["phase"] == "race":
            return [Decision(state["active"], "add", ("+1", "+2"), {"counter": state["counter"]})]
        if state["phase"] == "vote":
            return [Decision(seat, "vote", ("a", "b")) for seat in range(state["players"])
                    if str(seat) not in state["votes"]]
        return []

    def apply(self, state: dict[str, Any], seat: int, choice: Any) -> list[Event]:
        if not any(d.seat == seat and d.allows(choice) for d in self.decisions(state)):
            raise IllegalChoice("not-offered", f"seat {seat} cannot choose {choice!r} now")
        if state["phase"] == "race":
            state["counter"] += 1 if choice == "+1" else 2
            events = [Event("added", {"seat": seat, "amount": choice, "counter": state["counter"]}),
                      Event("peek", {"secret": state["secrets"][seat]}, frozenset({seat}))]
            if state["counter"] >= state["target"]:
                state["winner"] = seat
                state["phase"] = "vote"
            else:
                state["active"] = (seat + 1) % state["players"]
            return events
        state["votes"][str(seat)] = choice
        if len(state["votes"]) == state["players"]:
            state["phase"] = "over"
        return [Event("voted", {"seat": seat})]

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"game": "tiny", "counter": state["counter"], "target": state["target"], "active": state["active"],
                "phase": state["phase"], "voted": sorted(state["votes"]),
                "you": None if seat is None else {"secret": state["secrets"][seat],
                                                  "vote": state["votes"].get(str(seat))}}

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if state["phase"] != "over":
            return None
        return Outcome((state["winner"],), {s: float(s == state["winner"]) for s in range(state["players"])})

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
        raise NotImplementedError

    def advance(self, state: dict[str, Any], now: float) -> list[Event]:
        return []


GAME = TinyGame()
