"""The Name of the Rose as a PettingZoo AEC environment.

Actions index every option the game can offer (card ids, time-tile ids, pawns, buildings, signs,
colours, and the small words such as "done" and "draw"); ``observation["action_mask"]`` marks
the legal ones. The observation is built from the agent's own view only: its hand and identity,
the public board and tracks, other seats' counts and revealed markers (seats listed relative to
the agent), and the decision it holds. ``infos[agent]["view"]`` carries the raw view.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np

from ludus.engine import Decision
from ludus.games.rose.components import BUILDINGS, COLOURS, DEFAULT, EVENTS, PAWNS

from .adapter import MAX_CYCLES, EnvSpec, LudusEnv, agent_name
from .encoding import Vector

WORDS = ("done", "none", "+", "-", "one", "two", "skip", "again", "draw")
ACTIONS: list[Any] = [*DEFAULT.card_ids, *DEFAULT.tile_ids, *PAWNS, *BUILDINGS, *WORDS]
KINDS = ("card", "william_or_adson", "time_tile", "pawn", "destination", "task_tile", "sign",
         "clue_bonus_split", "clue_bonus", "studious", "awkward", "incredulous", "draw", "revelation", "guess")
PHASES = ("turn", "revelation", "guess", "over")
MAX_SEATS = 5
COLOUR = {c: i for i, c in enumerate(COLOURS)}
BUILDING = {b: i for i, b in enumerate(BUILDINGS)}
PAWN = {p: i for i, p in enumerate(PAWNS)}
EVENT = {e: i for i, e in enumerate(EVENTS)}
CARD = {c: i for i, c in enumerate(DEFAULT.card_ids)}

SIZE = (7 + len(PHASES) + 2 + 2 * 6 + 6 + len(CARD) + 2 + len(EVENTS) + 1
        + MAX_SEATS * (4 + 6) + len(PAWNS) * len(BUILDINGS) + len(BUILDINGS) * 6
        + MAX_SEATS + len(KINDS) + 6 + MAX_SEATS + 2)


def encode(view: dict[str, Any], decision: Decision | None) -> np.ndarray:
    v = Vector(SIZE)
    seat = view["seat"] or 0
    players = view["players"]

    def relative(other: int | None) -> int | None:
        return None if other is None else (other - seat) % players

    v.one_hot(view["day"] - 1, 7)
    v.one_hot(PHASES.index(view["phase"]), len(PHASES))
    v.scalar(view["sundial"] / 24)
    v.scalar(view["task_row"] / 14)
    v.values([view["suspicion"][c] / 40 for c in COLOURS])
    v.values([view["clue"][c] / 60 for c in COLOURS])
    you = view.get("you") or {}
    v.one_hot(COLOUR.get(you.get("identity")), 6)
    v.many_hot((CARD[card["id"]] for card in you.get("hand", [])), len(CARD))
    tiles = you.get("time_tiles", [])
    v.values([len(tiles) / 10, sum(1 for t in tiles if t.get("fresh")) / 10])
    v.one_hot(EVENT.get(view["event"]), len(EVENTS))
    v.scalar(view["draw_pile"] / 60)
    by_relative = {relative(s["seat"]): s for s in view["seats"]}
    for r in range(MAX_SEATS):
        s = by_relative.get(r)
        if s is None:
            v.values(_NOBODY)
            continue
        v.values([1.0, s["cards"] / 3, s["time_tiles"] / 10, len(s["event_tiles"]) / 6])
        v.many_hot((COLOUR[c] for c in s["revealed"]), 6)
    where = [0.0] * (len(PAWNS) * len(BUILDINGS))
    task = [0.0] * (len(BUILDINGS) * 6)
    for name, building in view["buildings"].items():
        b = BUILDING[name]
        for pawn in building["pawns"]:
            where[PAWN[pawn] * len(BUILDINGS) + b] = 1.0
        for tile in building["tiles"]:
            task[b * 6 + COLOUR[tile["colour"]]] += tile["value"] / 6
    v.values(where)
    v.values(task)
    v.one_hot(relative(view["active"]), MAX_SEATS)
    prompt = decision.prompt if decision is not None else {}
    v.one_hot(KINDS.index(decision.kind) if decision is not None else None, len(KINDS))
    v.one_hot(COLOUR.get(prompt.get("monk")), 6)
    v.one_hot(relative(prompt.get("target")), MAX_SEATS)
    v.values([float(prompt.get("amount", 0)) / 10, len(decision.options) / 20 if decision else 0.0])
    return v.done()


def render(view: dict[str, Any]) -> str:
    """The table as plain text, drawn by the terminal game's own layout (English)."""
    from rich.console import Console

    from ludus.games.rose.terminal import Words
    from ludus.games.rose.terminal import render as table

    console = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    console.print(table(Words("en", {s: agent_name(s) for s in range(view["players"])}), view, []))
    return console.export_text()


_NOBODY = [0.0] * 10

SPEC = EnvSpec("rose", ACTIONS, SIZE, encode, render=render)


def raw_env(players: int = 4, options: dict[str, Any] | None = None, render_mode: str | None = None,
            max_cycles: int = MAX_CYCLES) -> LudusEnv:
    return LudusEnv(SPEC, players, options, render_mode, max_cycles)


def env(players: int = 4, options: dict[str, Any] | None = None, render_mode: str | None = None,
        max_cycles: int = MAX_CYCLES) -> LudusEnv:
    """The Name of the Rose for 2–5 agents (``player_0`` …); truncated after ``max_cycles × players`` steps."""
    return raw_env(players, options, render_mode, max_cycles)
