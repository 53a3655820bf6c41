"""Fearsome Floors as a PettingZoo AEC environment.

Actions index every option the game can offer: figure ids, the square-by-square steps
("N", "E", "S", "W", "enter", "exit", "undo", "done") and the advanced-setup choices (tile
names, squares, pool orientations, teleporter arrows). The observation stacks planes over the
16 × 11 grid (tiles, pools, teleporters, the monster and its facing, figures by seat relative to
the agent, with their shown values) and a few public counters. Everything in Fearsome Floors is
public except the order of the monster deck, which no view contains.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ludus.engine import Decision

from .adapter import EnvSpec, LudusEnv
from .encoding import Vector

COLS, ROWS = 16, 11
MAX_SEATS = 7
MAX_FIGURES = 28
DIRECTIONS = ("N", "E", "S", "W")
STEPS = (*DIRECTIONS, "enter", "exit", "undo", "done")
SETUP_TILES = ("stone", "crystal", "right", "turn", "teleporter0", "teleporter1", "pool2x2", "pool1x4")
SQUARES = [[c, r] for r in range(ROWS) for c in range(COLS)]
ACTIONS: list[Any] = [*range(MAX_FIGURES), *STEPS, *SETUP_TILES, *SQUARES,
                      *([c, r, o] for o in ("h", "v") for r in range(ROWS) for c in range(COLS))]
KINDS = ("setup_tile", "setup_square", "setup_arrow", "figure", "step")
TILE_KINDS = ("stone", "crystal", "right", "turn")
MONSTER_TILES = ("5", "7", "8", "10", "hit1", "hit2", "hit3")
PHASES = ("setup", "move", "over")

PLANES = len(TILE_KINDS) + 1 + 2 + 4 + 1 + 4 + MAX_SEATS + 1 + 1
SIZE = PLANES * COLS * ROWS + len(PHASES) + 4 + len(MONSTER_TILES) + 2 * MAX_SEATS + len(KINDS) + 3


def encode(view: dict[str, Any], decision: Decision | None) -> np.ndarray:
    seat = view["seat"] or 0
    players = view["players"]
    planes = np.zeros((PLANES, ROWS, COLS), dtype=np.float32)
    for tile in view["tiles"]:
        c, r = tile["sq"]
        planes[TILE_KINDS.index(tile["kind"]), r, c] = 1.0
    p = len(TILE_KINDS)
    for c, r in view["pools"]:
        planes[p, r, c] = 1.0
    for teleporter in view["teleporters"]:
        c, r = teleporter["sq"]
        planes[p + 1 + teleporter["pair"], r, c] = 1.0
        planes[p + 3 + DIRECTIONS.index(teleporter["arrow"]), r, c] = 1.0
    m = p + 7
    c, r = view["monster"]["sq"]
    planes[m, r, c] = 1.0
    planes[m + 1 + DIRECTIONS.index(view["monster"]["facing"]), r, c] = 1.0
    f = m + 5
    moving = (view.get("moving") or {}).get("figure")
    for figure in view["figures"]:
        if figure["where"] != "board" or figure["sq"] is None:
            continue
        c, r = figure["sq"]
        planes[f + (figure["seat"] - seat) % players, r, c] = 1.0
        planes[f + MAX_SEATS, r, c] = figure["value"] / 6
        if figure["id"] == moving:
            planes[f + MAX_SEATS + 1, r, c] = 1.0
    v = Vector(SIZE)
    v.values(planes.ravel().tolist())
    v.one_hot(PHASES.index(view["phase"]), len(PHASES))
    v.values([view["round"] / 20, view["stage"] - 1, view["deck"]["left"] / 8,
              ((view.get("moving") or {}).get("points") or 0) / 7])
    played = [0.0] * len(MONSTER_TILES)
    for tile in view["deck"]["played"]:
        played[MONSTER_TILES.index(tile)] += 1.0
    v.values(played)
    waiting = [0.0] * MAX_SEATS
    out = [0.0] * MAX_SEATS
    for figure in view["figures"]:
        relative = (figure["seat"] - seat) % players
        if figure["where"] == "waiting":
            waiting[relative] += 1 / 4
    for s, count in view["out"].items():
        out[(int(s) - seat) % players] = count / 4
    v.values(waiting)
    v.values(out)
    v.one_hot(KINDS.index(decision.kind) if decision is not None else None, len(KINDS))
    v.values([view["needed"] / 4, players / MAX_SEATS, float(view["turn"] == seat)])
    return v.done()


SPEC = EnvSpec("floors", ACTIONS, SIZE, encode)


def raw_env(players: int = 4, options: dict[str, Any] | None = None, render_mode: str | None = None) -> LudusEnv:
    return LudusEnv(SPEC, players, options, render_mode)


def env(players: int = 4, options: dict[str, Any] | None = None, render_mode: str | None = None) -> LudusEnv:
    """Fearsome Floors for 2–7 agents (``player_0`` …); options as the game's (e.g. variant "advanced")."""
    return raw_env(players, options, render_mode)
