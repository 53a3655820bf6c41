"""The Name of the Rose as a PettingZoo AEC environment.

Actions index every option the game can offer (card ids, time-tile ids, pawns, buildings, signs,
colours, and the small words such as "done" and "draw"); ``observation["action_mask"]`` marks
the legal ones. The observation is built from the agent's own view only: its hand and identity,
the public board and tracks, other seats' counts and revealed markers (seats listed relative to
the agent), and the decision it holds. ``infos[agent]["view"]`` carries the raw view.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from typing import Any

import numpy as np

from ludus.engine import Decision
from ludus.games.rose.components import BUILDINGS, COLOURS, DEFAULT, EVENTS, PAWNS
from ludus.games.rose.state import RoseState

from .adapter import MAX_CYCLES, EnvSpec, LudusEnv, agent_name

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

# The observation layout: (field, length) in order; ``OFFSET[field]`` is where the field starts.
LAYOUT: tuple[tuple[str, int], ...] = (
    ("day", 7), ("phase", len(PHASES)), ("sundial", 1), ("task_row", 1), ("suspicion", 6), ("clue", 6),
    ("identity", 6), ("hand", len(CARD)), ("time_tiles", 2), ("event", len(EVENTS)), ("draw_pile", 1),
    ("seats", MAX_SEATS * (4 + 6)), ("pawns", len(PAWNS) * len(BUILDINGS)), ("task_tiles", len(BUILDINGS) * 6),
    ("active", MAX_SEATS), ("kind", len(KINDS)), ("monk", 6), ("target", MAX_SEATS), ("amount", 2),
)
OFFSET: dict[str, int] = {}
SIZE = 0
for _field, _length in LAYOUT:
    OFFSET[_field] = SIZE
    SIZE += _length


def encode(view: dict[str, Any], decision: Decision | None) -> np.ndarray:
    """The agent's view as a vector (``LAYOUT``): written into one list by offset, one conversion."""
    at = OFFSET
    out = [0.0] * SIZE
    seat = view["seat"] or 0
    players = view["players"]
    out[at["day"] + view["day"] - 1] = 1.0
    out[at["phase"] + PHASES.index(view["phase"])] = 1.0
    out[at["sundial"]] = min(view["sundial"] / 24, 1.0)
    out[at["task_row"]] = view["task_row"] / 14
    suspicion, clue = view["suspicion"], view["clue"]
    for i, colour in enumerate(COLOURS):
        out[at["suspicion"] + i] = suspicion[colour] / 40
        out[at["clue"] + i] = min(clue[colour] / 60, 1.0)
    you = view.get("you")
    if you is not None:
        out[at["identity"] + COLOUR[you["identity"]]] = 1.0
        for card in you["hand"]:
            out[at["hand"] + CARD[card["id"]]] = 1.0
        tiles = you["time_tiles"]
        out[at["time_tiles"]] = min(len(tiles) / 10, 1.0)
        out[at["time_tiles"] + 1] = min(sum(1 for t in tiles if t["fresh"]) / 10, 1.0)
    if view["event"] is not None:
        out[at["event"] + EVENT[view["event"]]] = 1.0
    out[at["draw_pile"]] = min(view["draw_pile"] / 60, 1.0)
    for other in view["seats"]:
        base = at["seats"] + ((other["seat"] - seat) % players) * 10
        out[base] = 1.0
        out[base + 1] = min(other["cards"] / 3, 1.0)
        out[base + 2] = min(other["time_tiles"] / 10, 1.0)
        out[base + 3] = len(other["event_tiles"]) / 6
        for colour in other["revealed"]:
            out[base + 4 + COLOUR[colour]] = 1.0
    pawns, tasks, buildings = at["pawns"], at["task_tiles"], len(BUILDINGS)
    for name, building in view["buildings"].items():
        b = BUILDING[name]
        for pawn in building["pawns"]:
            out[pawns + PAWN[pawn] * buildings + b] = 1.0
        for tile in building["tiles"]:
            out[tasks + b * 6 + COLOUR[tile["colour"]]] += tile["value"] / 6
    if view["active"] is not None:
        out[at["active"] + (view["active"] - seat) % players] = 1.0
    if decision is not None:
        _decision(out, decision, seat, players)
    return np.minimum(np.array(out, dtype=np.float32), 1.0)


def _decision(out: list[float] | memoryview, decision: Decision, seat: int, players: int,
              at: dict[str, int] = OFFSET) -> None:
    """The pending decision's fields: its kind, the monk and seat it names, its amount and option count
    (at the offsets ``at``)."""
    prompt = decision.prompt
    out[at["kind"] + KINDS.index(decision.kind)] = 1.0
    if prompt.get("monk") in COLOUR:
        out[at["monk"] + COLOUR[prompt["monk"]]] = 1.0
    if prompt.get("target") is not None:
        out[at["target"] + (prompt["target"] - seat) % players] = 1.0
    out[at["amount"]] = min(float(prompt.get("amount", 0)) / 10, 1.0)
    out[at["amount"] + 1] = min(len(decision.options) / 20, 1.0)


_TILE_AT: dict[Any, tuple[tuple[int, float], ...]] = {}


def _tile_cells(ed: Any) -> tuple[tuple[int, float], ...]:
    """Per task tile of an edition: (its column in a building's six, its value / 6)."""
    found = _TILE_AT.get(ed)  # keyed by the edition itself (editions are few and kept)
    if found is None:
        found = _TILE_AT[ed] = tuple((ed.tile_colour[t], ed.tile_value[t] / 6) for t in range(ed.tiles))
    return found


_DAY, _PHASE, _SUNDIAL, _TASK_ROW = OFFSET["day"] - 1, OFFSET["phase"], OFFSET["sundial"], OFFSET["task_row"]
_SUSPICION, _CLUE, _IDENTITY, _HAND = OFFSET["suspicion"], OFFSET["clue"], OFFSET["identity"], OFFSET["hand"]
_TIME, _EVENT, _DRAW, _SEATS = OFFSET["time_tiles"], OFFSET["event"], OFFSET["draw_pile"], OFFSET["seats"]
_PAWNS, _TASKS, _ACTIVE = OFFSET["pawns"], OFFSET["task_tiles"], OFFSET["active"]
_PHASE_AT = {phase: _PHASE + i for i, phase in enumerate(PHASES)}
_EVENT_AT = tuple(_EVENT + EVENT[event] for event in EVENTS)
_PAWN_AT = tuple(tuple(_PAWNS + p * len(BUILDINGS) + b for b in range(len(BUILDINGS))) for p in range(len(PAWNS)))


_COUNTS = 256
"""Counts of things a seat holds stay far below this (60 cards, 42 time tiles, 14 events)."""
_THIRDS = tuple(min(n / 3, 1.0) for n in range(_COUNTS))
_TENTHS = tuple(min(n / 10, 1.0) for n in range(_COUNTS))
_SIXTHS = tuple(min(n / 6, 1.0) for n in range(_COUNTS))
"""The per-seat count values of ``encode``, worked out once (the same divisions)."""


@cache
def _blank(players: int) -> np.ndarray:
    """An observation with only the seats' presence marks: every seat is present, at every relative place."""
    vector = np.zeros(SIZE, np.float32)
    vector[[_SEATS + place * 10 for place in range(players)]] = 1.0
    vector.flags.writeable = False
    return vector


def encode_state(s: RoseState, seat: int, decision: Decision | None) -> np.ndarray:
    """``encode(view(s, seat), decision)`` read straight from the game state, with no view built: the
    same values written in the same order (``tests/envs/test_direct_encoding.py`` checks).

    The values go straight into the float32 vector through a ``memoryview`` (each write rounds a Python
    float to float32 as ``np.array`` would): converting a list of ``SIZE`` floats cost as much as
    writing them. Sums (a building's task tiles) are added up in Python floats first, as ``encode`` does."""
    players = s.n
    vector = _blank(players).copy()  # every seat's presence mark already set
    out = memoryview(vector)
    phase = s.phase
    out[_DAY + s.day] = 1.0
    out[_PHASE_AT[phase]] = 1.0
    out[_SUNDIAL] = min(s.sundial / 24, 1.0)
    out[_TASK_ROW] = min(len(s.row) / 14, 1.0)
    for i, (suspicion, clue) in enumerate(zip(s.suspicion, s.clue, strict=True)):
        out[_SUSPICION + i] = min(suspicion / 40, 1.0)
        out[_CLUE + i] = min(clue / 60, 1.0)
    ed = s.ed
    out[_IDENTITY + s.identity[seat]] = 1.0
    ids = ed.card_ids
    for card in s.hands[seat]:
        out[_HAND + CARD[ids[card]]] = 1.0
    held = len(s.time[seat])
    fresh = min(max(s.fresh, 0), held) if seat == s.active and phase == "turn" else 0
    out[_TIME] = min(held / 10, 1.0)
    out[_TIME + 1] = min(fresh / 10, 1.0)
    if s.today >= 0:
        out[_EVENT_AT[s.today]] = 1.0
    out[_DRAW] = min(len(s.draw) / 60, 1.0)
    hands, time, event_tiles, revealed = s.hands, s.time, s.event_tiles, s.revealed
    thirds, tenths, sixths = _THIRDS, _TENTHS, _SIXTHS
    for who in range(players):
        base = _SEATS + ((who - seat) % players) * 10
        out[base + 1] = thirds[len(hands[who])]
        out[base + 2] = tenths[len(time[who])]
        out[base + 3] = sixths[len(event_tiles[who])]
        for colour in revealed[who]:
            out[base + 4 + colour] = 1.0
    # the pawns and the task tiles stay put for many steps: each arrangement's block is made once
    vector[_PAWNS:_TASKS] = _pawn_block(tuple(s.pawns))
    vector[_TASKS:_ACTIVE] = _tile_block(ed, tuple(map(tuple, s.tiles)))
    if phase == "turn":
        out[_ACTIVE + (s.active - seat) % players] = 1.0
    if decision is not None:
        _decision(out, decision, seat, players)
    return vector  # every value written is at most 1 already (``encode`` clips them all at the end)


@lru_cache(maxsize=1024)
def _pawn_block(pawns: tuple[int, ...]) -> np.ndarray:
    """The pawns' places (``LAYOUT`` field "pawns") for the pawns' buildings ``pawns``."""
    block = np.zeros(_TASKS - _PAWNS, np.float32)
    for pawn, b in zip(_PAWN_AT, pawns, strict=False):
        block[pawn[b] - _PAWNS] = 1.0  # a tuple indexes as the view's list of buildings does
    block.flags.writeable = False
    return block


@lru_cache(maxsize=1024)
def _tile_block(ed: Any, tiles: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """The task tiles' values per building and colour (field "task_tiles"), added up in Python floats as
    ``encode`` adds them, then clipped at 1."""
    cells = _tile_cells(ed)
    sums = [0.0] * (_ACTIVE - _TASKS)
    for b, on in enumerate(tiles):
        for t in on:
            colour, value = cells[t]
            sums[b * 6 + colour] += value
    block = np.minimum(np.array(sums, dtype=np.float32), 1.0)
    block.flags.writeable = False
    return block


def render(view: dict[str, Any]) -> str:
    """The table as plain text, drawn by the terminal game's own layout (English)."""
    from rich.console import Console

    from ludus.games.rose.terminal import Words
    from ludus.games.rose.terminal import render as table

    console = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    console.print(table(Words("en", {s: agent_name(s) for s in range(view["players"])}), view, []))
    return console.export_text()


SPEC = EnvSpec("rose", ACTIONS, SIZE, encode, render=render, encode_state=encode_state)


def raw_env(players: int = 4, options: dict[str, Any] | None = None, render_mode: str | None = None,
            max_cycles: int = MAX_CYCLES) -> LudusEnv:
    return LudusEnv(SPEC, players, options, render_mode, max_cycles)


def env(players: int = 4, options: dict[str, Any] | None = None, render_mode: str | None = None,
        max_cycles: int = MAX_CYCLES) -> LudusEnv:
    """The Name of the Rose for 2–5 agents (``player_0`` …); truncated after ``max_cycles × players`` steps."""
    return raw_env(players, options, render_mode, max_cycles)
