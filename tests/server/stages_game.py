"""A game of rounds for the server tests, each round needing a "map" that is heavy work to make
(``ludus.engine.heavy``), as Shadows' rounds do.

Two seats take turns to say "go"; every ``moves`` moves a round ends and the next one starts with a new map,
until ``rounds`` rounds are over. ``fail_at`` names a round whose map cannot be made (the stand-in for
options no map fits); ``record`` is a folder where every map search leaves a file naming the round, the
process and the thread it ran on, and where a folder named ``hang`` makes every search compute forever.
"""

from __future__ import annotations

import os
import random
import threading
import time
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ludus.engine import Decision, Event, IllegalChoice, Option, Outcome, check_players, resolve_options
from ludus.engine.heavy import heavy


class NoFit(Exception):
    """No map fits this round."""


@heavy
def make_map(round_number: int, fail_at: int, record: str | None, search_ms: int = 0) -> int:
    started = time.perf_counter()
    while (time.perf_counter() - started) * 1000 < search_ms:  # a search that computes this long
        pass
    if record is not None:
        name = f"round-{round_number}-{uuid.uuid4().hex}"
        (Path(record) / name).write_text(f"{os.getpid()} {threading.get_ident()}")
        while (Path(record) / "hang").exists():  # a search that never ends (busy, as a real one would be)
            pass
    if round_number == fail_at:
        raise NoFit(f"no map fits round {round_number}")
    return round_number * 7


class StagesGame:
    id = "stages"
    players = range(2, 3)
    options = (Option("rounds", 3, "rounds to play", minimum=1, maximum=10),
               Option("moves", 2, "moves per round", minimum=1, maximum=100),
               Option("fail_at", 0, "the round whose map cannot be made (0: none)", minimum=0, maximum=10),
               Option("record", None, "a folder where every map search leaves a file"),
               Option("search_ms", 0, "how long each map search computes (milliseconds)", minimum=0, maximum=60_000))

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        check_players(self.id, players, self.players)
        resolved = resolve_options(self.options, options)
        state = {"players": players, **resolved, "round": 0, "moved": 0, "active": 0, "over": False, "map": None}
        self._start_round(state)
        return state

    def _start_round(self, state: dict[str, Any]) -> list[Event]:
        state["round"] += 1
        state["moved"] = 0
        state["map"] = make_map(state["round"], state["fail_at"], state["record"], state["search_ms"])
        return [Event("round-started", {"round": state["round"]})]

    def heavy_next(self, state: dict[str, Any]) -> bool:
        return state["moved"] + 1 >= state["moves"]

    def decisions(self, state: dict[str, Any]) -> list[Decision]:
        return [] if state["over"] else [Decision(state["active"], "go", ("go",))]

    def apply(self, state: dict[str, Any], seat: int, choice: Any) -> list[Event]:
        if not any(d.seat == seat and d.allows(choice) for d in self.decisions(state)):
            raise IllegalChoice("not-offered", f"seat {seat} cannot choose {choice!r} now")
        state["moved"] += 1
        state["active"] = 1 - state["active"]
        events = [Event("went", {"seat": seat})]
        if state["moved"] >= state["moves"]:
            if state["round"] >= state["rounds"]:
                state["over"] = True
            else:
                events.extend(self._start_round(state))
        return events

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"round": state["round"], "moved": state["moved"], "active": state["active"], "map": state["map"]}

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        return Outcome((0, 1), {0: 1.0, 1: 1.0}) if state["over"] else None

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
        raise NotImplementedError

    def advance(self, state: dict[str, Any], now: float) -> list[Event]:
        return []


GAME = StagesGame()
