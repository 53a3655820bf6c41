"""Fearsome Floors as a PettingZoo AEC environment.

Actions index every option the game can offer: figure ids, the square-by-square steps
("N", "E", "S", "W", "enter", "exit", "undo", "done") and the advanced-setup choices (tile
names, squares, pool orientations, teleporter arrows). The observation stacks planes over the
16 × 11 grid (tiles, pools, teleporters, the monster and its facing, figures by seat relative to
the agent, with their shown values) and a few public counters. Everything in Fearsome Floors is
public except the order of the monster deck, which no view contains.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ludus.engine import Decision
from ludus.games.floors.board import EXIT_DISTANCE
from ludus.games.floors.state import FIGURE_VALUES, WAITING, FloorsState, tile_code

from .adapter import MAX_CYCLES, EnvSpec, LudusEnv
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
TILE_PLANE = {kind: i for i, kind in enumerate(TILE_KINDS)}

PLANES = len(TILE_KINDS) + 1 + 2 + 4 + 1 + 4 + MAX_SEATS + 1 + 1
SIZE = PLANES * COLS * ROWS + len(PHASES) + 4 + len(MONSTER_TILES) + 2 * MAX_SEATS + len(KINDS) + 3


def encode(view: dict[str, Any], decision: Decision | None) -> np.ndarray:
    seat = view["seat"] or 0
    players = view["players"]
    # Written straight into the flat planes (plane, row, column): most squares are empty.
    planes = np.zeros(PLANES * ROWS * COLS, dtype=np.float32)
    area = ROWS * COLS
    for tile in view["tiles"]:
        c, r = tile["sq"]
        planes[TILE_PLANE[tile["kind"]] * area + r * COLS + c] = 1.0
    p = len(TILE_KINDS)
    for c, r in view["pools"]:
        planes[p * area + r * COLS + c] = 1.0
    for teleporter in view["teleporters"]:
        c, r = teleporter["sq"]
        planes[(p + 1 + teleporter["pair"]) * area + r * COLS + c] = 1.0
        planes[(p + 3 + DIRECTIONS.index(teleporter["arrow"])) * area + r * COLS + c] = 1.0
    m = p + 7
    c, r = view["monster"]["sq"]
    planes[m * area + r * COLS + c] = 1.0
    planes[(m + 1 + DIRECTIONS.index(view["monster"]["facing"])) * area + r * COLS + c] = 1.0
    f = m + 5
    moving = (view.get("moving") or {}).get("figure")
    for figure in view["figures"]:
        if figure["where"] != "board" or figure["sq"] is None:
            continue
        c, r = figure["sq"]
        at = r * COLS + c
        planes[(f + (figure["seat"] - seat) % players) * area + at] = 1.0
        planes[(f + MAX_SEATS) * area + at] = figure["value"] / 6
        if figure["id"] == moving:
            planes[(f + MAX_SEATS + 1) * area + at] = 1.0
    v = Vector(SIZE)
    v.values(planes)
    v.one_hot(PHASES.index(view["phase"]), len(PHASES))
    v.values([view["round"] / 20, view["stage"] - 1, view["deck"]["left"] / 8,
              ((view.get("moving") or {}).get("points") or 0) / 7])
    played = [0.0] * len(MONSTER_TILES)
    for tile in view["deck"]["played"]:
        played[MONSTER_TILES.index(tile)] += 0.5  # a stage holds at most two of a kind (the 7s, the 8s)
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


_AREA = ROWS * COLS
_F = len(TILE_KINDS) + 7 + 5
"""The first figure plane (after tiles, pools, teleporter pairs and arrows, the monster and its facing)."""
_PLAYED = {tile_code(name): i for i, name in enumerate(MONSTER_TILES)}
_BOARD = PLANES * _AREA


@lru_cache(maxsize=256)
def _fixed_planes(tiles: bytes, pools: bytes, pairs: tuple[int, ...], arrows: tuple[int, ...]) -> np.ndarray:
    """The planes of what stands on the floor (tiles, pools, teleporters): they change far less often
    than the figures, so each layout is drawn once."""
    planes = np.zeros(SIZE, dtype=np.float32)
    for square, code in enumerate(tiles):
        if code:
            planes[(code - 1) * _AREA + square] = 1.0  # tile codes 1..4 are TILE_KINDS in order
    p = len(TILE_KINDS)
    for square, pool in enumerate(pools):
        if pool:
            planes[p * _AREA + square] = 1.0
    for square, pair in enumerate(pairs):
        if pair >= 0:
            planes[(p + 1 + pair) * _AREA + square] = 1.0
            planes[(p + 3 + arrows[square]) * _AREA + square] = 1.0
    planes.flags.writeable = False
    return planes


def encode_state(st: FloorsState, seat: int, decision: Decision | None) -> np.ndarray:
    """``encode(view(st, seat), decision)`` read straight from the game state, with no view built: the
    same values (``tests/envs/test_direct_encoding.py`` checks). Squares are numbered row by row as the
    planes are (``board.sq``)."""
    players = st.players
    out = _fixed_planes(bytes(st.tiles), bytes(st.pool), tuple(st.tele_pair), tuple(st.tele_dir)).copy()
    m = len(TILE_KINDS) + 7
    monster = st.monster_sq
    out[m * _AREA + monster] = 1.0
    out[(m + 1 + st.monster_dir) * _AREA + monster] = 1.0
    moving = st.move_fig if st.move_fig >= 0 and st.move_start is not None else None
    f, area = _F, _AREA
    owners, kinds, black = st.fig_owner, st.fig_kind, st.fig_black
    waiting = [0.0] * MAX_SEATS
    for figure, square in enumerate(st.fig_sq):
        relative = (owners[figure] - seat) % players
        if square >= 0:
            out[(f + relative) * area + square] = 1.0
            out[(f + MAX_SEATS) * area + square] = FIGURE_VALUES[kinds[figure]][1 if black[figure] else 0] / 6
            if figure == moving:
                out[(f + MAX_SEATS + 1) * area + square] = 1.0
        elif square == WAITING:
            waiting[relative] += 1 / 4
    small = [0.0] * (SIZE - _BOARD)
    small[PHASES.index(st.phase)] = 1.0
    small[3:7] = (min(st.round / 20, 1.0), min(max(st.stage - 1, 0), 1), min(len(st.deck) / 8, 1.0),
                  min((st.move_points if moving is not None else 0) / 7, 1.0))
    for tile in st.played:
        small[7 + _PLAYED[tile]] += 0.5
    at = 7 + len(MONSTER_TILES)
    small[at:at + MAX_SEATS] = waiting
    at += MAX_SEATS
    for s, count in enumerate(st.out):
        small[at + (s - seat) % players] = count / 4
    at += MAX_SEATS
    if decision is not None:
        small[at + KINDS.index(decision.kind)] = 1.0
    at += len(KINDS)
    small[at:] = (st.needed / 4, players / MAX_SEATS, float(st.turn == seat))
    out[_BOARD:] = small
    return np.minimum(out, 1.0, out=out) if max(small) > 1.0 else out


def render(view: dict[str, Any]) -> str:
    """The board as plain text: ``B4`` is a figure of player_1 showing 4, ``M▶`` the monster facing east."""
    from ludus.games.floors.terminal import ARROWS, TILE_GLYPHS

    tiles = {tuple(t["sq"]): t["kind"] for t in view["tiles"]}
    pools = {tuple(p) for p in view["pools"]}
    teleporters = {tuple(t["sq"]): t for t in view["teleporters"]}
    figures = {tuple(f["sq"]): f for f in view["figures"] if f["where"] == "board"}
    monster = tuple(view["monster"]["sq"])
    lines = [f"Fearsome Floors: round {view['round']}, stage {view['stage']}, {view['phase']}, "
             f"monster tiles left {view['deck']['left']}, played {' '.join(view['deck']['played']) or '-'}",
             "out: " + ", ".join(f"player_{s} {n}" for s, n in view["out"].items()) + f" (needed {view['needed']})"
             + (f"; turn: player_{view['turn']}" if view["turn"] is not None else ""),
             "    " + "".join(f"{c:^3}" for c in range(COLS))]
    for r, row in enumerate(view["floor"]):
        cells = []
        for c, cell in enumerate(row):
            square = (c, r)
            if cell == "#":
                cells.append("###")
            elif square == monster:
                cells.append(f"M{ARROWS[view['monster']['facing']]} ")
            elif square in figures:
                figure = figures[square]
                cells.append(f"{chr(65 + figure['seat'])}{figure['value']} ")
            elif square in tiles:
                cells.append(TILE_GLYPHS[tiles[square]])
            elif square in teleporters:
                cells.append(f"T{teleporters[square]['pair']}{ARROWS[teleporters[square]['arrow']]}")
            elif cell in "XE":
                cells.append("EX " if cell == "X" else "EN ")
            else:
                cells.append(" ~ " if square in pools else " · ")
        lines.append(f"{r:>3} " + "".join(cells))
    lines.append("figures: seat letter (A = player_0) and shown value; ■ stone ◆ crystal ~ blood pool T teleporter")
    return "\n".join(lines) + "\n"


def progress(view: dict[str, Any]) -> list[float]:
    """Each seat's potential for the dense rewards: (figures out − figures eaten for good + how near the
    exit its figures on the floor stand) / (2 × figures per seat). A figure out counts 1, one eaten for
    good −1, one on the floor ``CLOSENESS × (1 − walking distance to the exit / the longest one)`` (0 on
    the entrance, ``CLOSENESS`` on the exit square, stepping out adds the rest), one waiting 0. The dense
    reward of a step is the change of this potential, so it is potential-based shaping: walking a
    figure back and forth earns nothing, and a game's shaping sums to the final potential whatever
    the path. It stays within ±½, so with the final reward (the winner +1, the others −1/(n−1) each
    or, if nobody won, −1/n) a game's sum never ranks a seat above one the outcome ranks higher."""
    players = view["players"]
    score, each = [0.0] * players, [0] * players
    for figure in view["figures"]:
        seat = figure["seat"]
        each[seat] += 1
        where = figure["where"]
        if where == "out":
            score[seat] += 1.0
        elif where == "eaten":
            score[seat] -= 1.0
        elif where == "board" and figure.get("sq") is not None:
            c, r = figure["sq"]
            score[seat] += CLOSENESS * (1.0 - EXIT_DISTANCE[r * COLS + c] / _LONGEST)
    return [score[s] / (2 * each[s]) if each[s] else 0.0 for s in range(players)]


CLOSENESS = 0.5
"""What a figure on the exit square is worth in ``progress``, against 1 for a figure out."""
_LONGEST = max(d for d in EXIT_DISTANCE if d < 99)


SPEC = EnvSpec("floors", ACTIONS, SIZE, encode, render=render, progress=progress, encode_state=encode_state)


def raw_env(players: int = 4, options: dict[str, Any] | None = None, render_mode: str | None = None,
            max_cycles: int = MAX_CYCLES, dense_rewards: bool = False) -> LudusEnv:
    return LudusEnv(SPEC, players, options, render_mode, max_cycles, dense_rewards)


def env(players: int = 4, options: dict[str, Any] | None = None, render_mode: str | None = None,
        max_cycles: int = MAX_CYCLES, dense_rewards: bool = False) -> LudusEnv:
    """Fearsome Floors for 2–7 agents (``player_0`` …); options as the game's (e.g. variant "advanced");
    truncated after ``max_cycles × players`` steps. ``dense_rewards=True`` adds, at every step, the
    change of each seat's ``progress`` (+ for a figure out, − for a figure eaten for good)."""
    return raw_env(players, options, render_mode, max_cycles, dense_rewards)
