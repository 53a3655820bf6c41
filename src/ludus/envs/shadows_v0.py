"""Shadows: Amsterdam (the co-op variant) as a PettingZoo AEC environment.

The real-time loop becomes one clue per step: the officer agent (``player_0`` in the first
round; roles may swap between rounds) gives one or two face-up cards, or refreshes the row; then
a detective agent moves the team's figure; each environment step advances the co-op countdown by
``seconds_per_step`` simulated seconds (default 12, so an Agent round of 5 minutes allows about
12 clues). Refreshing is offered only together with giving, so an officer never has to act while
its detectives are moving. When two detectives could move, the lower seat moves (real time would
let either). Actions are stable names — "slot:3", "slots:2,7" (face-up positions), "refresh",
"space:24", "seat:2" — translated to the game's card and space ids from the agent's own view.

The observation encodes the board spaces (obstacles, the figure, evidence markers, police tokens,
previous landings, and — for the officer only — its own map card), the hand and row as positions,
round and countdown state. Pictures are given by id in ``infos[agent]["view"]``; their icons,
keywords and colours come from ``ludus.games.shadows.pictures``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

import numpy as np

from ludus.engine import Decision

from .adapter import EnvSpec, LudusEnv
from .encoding import Vector

SPACES = 37
SLOTS = 10
MAX_SEATS = 3
KIND_NAMES = ("empty", "police", "client", "evidence")
ACTIONS: list[str] = ([f"slot:{i}" for i in range(SLOTS)]
                      + [f"slots:{i},{j}" for i, j in combinations(range(SLOTS), 2)]
                      + ["refresh"] + [f"space:{s}" for s in range(SPACES)] + [f"seat:{s}" for s in range(MAX_SEATS)])
INDEX = {name: i for i, name in enumerate(ACTIONS)}
KINDS = ("give", "refresh", "move", "next-officer")
PHASES = ("play", "between", "over")
SIZE = SPACES * (3 + 1 + 1 + 1 + 1 + len(KIND_NAMES)) + SLOTS + 2 + len(PHASES) + 6 + len(KINDS) + 2


def translate(view: dict[str, Any], decisions: Sequence[Decision]) -> dict[int, Any]:
    slot_of = {card: i for i, card in enumerate(view["face_up"]) if card is not None}
    kinds = {d.kind for d in decisions}
    legal: dict[int, Any] = {}
    for decision in decisions:
        if decision.kind == "give":
            for option in decision.options:
                slots = sorted(slot_of[card] for card in option)
                name = f"slot:{slots[0]}" if len(slots) == 1 else f"slots:{slots[0]},{slots[1]}"
                legal[INDEX[name]] = option
        elif decision.kind == "refresh" and "give" in kinds and "refresh" in decision.options:
            legal[INDEX["refresh"]] = "refresh"
        elif decision.kind == "move":
            for space in decision.options:
                legal[INDEX[f"space:{space}"]] = space
        elif decision.kind == "next-officer":
            for seat in decision.options:
                legal[INDEX[f"seat:{seat}"]] = seat
    return legal


def encode(view: dict[str, Any], decision: Decision | None) -> np.ndarray:
    team = next(iter(view["teams"].values()))
    roles = {"centre": 0, "arm": 1, "obstacle": 2}
    per_space = np.zeros((SPACES, 3 + 4 + len(KIND_NAMES)), dtype=np.float32)
    for space in view["layout"]:
        role = roles.get(space["role"])
        if role is not None:
            per_space[space["id"], role] = 1.0
    per_space[team["figure"], 3] = 1.0
    for space in team["markers"]:
        per_space[space, 4] = 1.0
    for space in team["police"]:
        per_space[space, 5] += 1 / 3
    for landing in view["landings"]:
        per_space[landing["space"], 6] = 1.0
    kinds = (view.get("map") or {}).get("kinds")
    if kinds:
        for space, kind in enumerate(kinds):
            if kind in KIND_NAMES:
                per_space[space, 7 + KIND_NAMES.index(kind)] = 1.0
    v = Vector(SIZE)
    v.values(per_space.ravel().tolist())
    hand = set(team["hand"])
    v.values([1.0 if card is not None and card in hand else 0.0 for card in view["face_up"]])
    v.values([len(team["hand"]) / 2, view["deck"] / 84])
    v.one_hot(PHASES.index(view["phase"]), len(PHASES))
    clock = view.get("clock") or {}
    you = view.get("you") or {}
    v.values([view["round"] / 3, team["rounds_won"] / 2, team["rounds_lost"] / 2, len(team["markers"]) / 3,
              float(you.get("role") == "officer"), (clock.get("seconds") or 0) / 900])
    v.one_hot(KINDS.index(decision.kind) if decision is not None else None, len(KINDS))
    v.values([len(team["police"]) / 3, float(bool(kinds))])
    return v.done()


SPEC = EnvSpec("shadows", ACTIONS, SIZE, encode, translate=translate, seconds_per_step=12.0)


def raw_env(players: int = 3, preset: str = "agent", options: dict[str, Any] | None = None,
            render_mode: str | None = None) -> LudusEnv:
    if players not in (2, 3):
        raise ValueError("shadows_v0 plays the co-op variant: 2 or 3 agents")
    return LudusEnv(SPEC, players, {"coop": preset, **(options or {})}, render_mode)


def env(players: int = 3, preset: str = "agent", options: dict[str, Any] | None = None,
        render_mode: str | None = None) -> LudusEnv:
    """Co-op Shadows: Amsterdam for 2–3 agents; preset apprentice | novice | agent | super-agent."""
    return raw_env(players, preset, options, render_mode)
