"""The full state of a Fearsome Floors game: plain arrays indexed by square and by figure id."""

from __future__ import annotations

import random
from typing import Any

from ludus.engine.chance import copy_rng

from .board import EXIT, SIZE, E

# Movable floor tiles (what stands on a square). Pools and teleporters are fixed and kept apart.
EMPTY, STONE, CRYSTAL, RIGHT, TURN = 0, 1, 2, 3, 4
TILE_NAMES = ("", "stone", "crystal", "right", "turn")
TILE_CODES = {name: code for code, name in enumerate(TILE_NAMES) if name}

# Where a figure is when it is not on a square.
WAITING, OUT, EATEN = -1, -2, -3

# Figure kinds: (coloured value, black value); 5–7 players drop kind 1 (3/4).
FIGURE_VALUES = ((1, 6), (3, 4), (4, 3), (5, 2))

# Monster tiles: positive = number of steps, negative = hits.
MONSTER_TILES = (5, 7, 7, 8, 8, 10, -1, -2)
HIT_STEP_CAP = 20


def tile_name(tile: int) -> str:
    return str(tile) if tile > 0 else f"hit{-tile}"


def tile_code(name: str) -> int:
    return -int(name[3:]) if name.startswith("hit") else int(name)


class FloorsState:
    """Everything about one game. Plain slots so that ``clone`` is a handful of list copies."""

    __slots__ = (
        "cached", "deck", "draws", "exit_clock", "fig_black", "fig_kind", "fig_moved", "fig_owner", "fig_sq", "figat",
        "full_deck", "monster_dir", "monster_sq", "move_fig", "move_points", "move_snapshots", "move_start",
        "move_steps", "needed", "options", "out", "phase", "played", "players", "pool", "reached", "rng",
        "round", "round_moves", "setup_left", "setup_placer", "setup_square", "setup_tile", "stage",
        "start_player", "tele_dir", "tele_pair", "tele_to", "tiles", "turn", "winners",
    )

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        self.players = players
        self.options = options
        self.rng = rng
        self.tiles = bytearray(SIZE)
        self.pool = bytearray(SIZE)
        self.tele_to = [-1] * SIZE
        self.tele_dir = [-1] * SIZE
        self.tele_pair = [-1] * SIZE
        self.figat = [-1] * SIZE
        self.fig_sq: list[int] = []
        self.fig_owner: list[int] = []
        self.fig_kind: list[int] = []
        self.fig_black: list[bool] = []
        self.fig_moved: list[bool] = []
        self.monster_sq = EXIT
        self.monster_dir = E
        self.full_deck: list[int] = []
        self.deck: list[int] = []  # top of the deck is the END of the list
        self.played: list[int] = []  # tiles played this stage, oldest first
        self.draws = 0  # tiles drawn in the whole game (the no-hit-first rule looks at it)
        self.stage = 1
        self.round = 1
        self.start_player = 0
        self.turn = -1
        self.round_moves = [0] * players
        self.phase = "move"
        self.move_fig = -1
        self.move_points = 0
        self.move_steps: list[str] = []
        self.move_start: tuple[int, bytes] | None = None
        self.move_snapshots: list[tuple[int, int, bytes]] = []
        self.out = [0] * players
        self.reached: list[list[int]] = [[] for _ in range(players)]
        self.exit_clock = 0
        self.needed = 3
        self.winners: list[int] | None = None
        self.setup_left: dict[str, int] = {}
        self.setup_tile: str | None = None
        self.setup_square: int = -1
        self.setup_placer = 0
        self.cached: list[Any] | None = None  # the current decisions; cleared by every change

    def clone(self, *, for_search: bool = False) -> FloorsState:
        """An independent copy. ``for_search``: the copy shares the random generator and the monster
        deck, which a search never draws from (copying a ``random.Random`` costs more than all the
        rest of a world)."""
        other = FloorsState.__new__(FloorsState)
        other.players = self.players
        other.options = self.options
        if for_search:
            other.rng = self.rng
        else:
            other.rng = copy_rng(self.rng)
        other.tiles = self.tiles[:]
        other.pool = self.pool  # pools never change after setup; setup replaces the array
        other.tele_to = self.tele_to
        other.tele_dir = self.tele_dir
        other.tele_pair = self.tele_pair
        other.figat = self.figat[:]
        other.fig_sq = self.fig_sq[:]
        other.fig_owner = self.fig_owner
        other.fig_kind = self.fig_kind
        other.fig_black = self.fig_black[:]
        other.fig_moved = self.fig_moved[:]
        other.monster_sq = self.monster_sq
        other.monster_dir = self.monster_dir
        other.full_deck = self.full_deck
        other.deck = self.deck if for_search else self.deck[:]
        other.played = self.played if for_search else self.played[:]
        other.draws = self.draws
        other.stage = self.stage
        other.round = self.round
        other.start_player = self.start_player
        other.turn = self.turn
        other.round_moves = self.round_moves[:]
        other.phase = self.phase
        other.move_fig = self.move_fig
        other.move_points = self.move_points
        other.move_steps = self.move_steps[:]
        other.move_start = self.move_start
        other.move_snapshots = self.move_snapshots[:]
        other.out = self.out[:]
        other.reached = [r[:] for r in self.reached]
        other.exit_clock = self.exit_clock
        other.needed = self.needed
        other.winners = None if self.winners is None else self.winners[:]
        other.setup_left = self.setup_left if for_search else dict(self.setup_left)
        other.setup_tile = self.setup_tile
        other.setup_square = self.setup_square
        other.setup_placer = self.setup_placer
        # decisions are immutable: a clone may share them until it changes
        other.cached = None if for_search else self.cached
        return other

    def value(self, fig: int) -> int:
        """The number now showing on the figure: how far it may move."""
        return FIGURE_VALUES[self.fig_kind[fig]][1 if self.fig_black[fig] else 0]

    def in_play(self, fig: int) -> bool:
        return self.fig_sq[fig] >= WAITING

    def stage_tiles(self, stage: int | None = None) -> int:
        """How many monster tiles this stage turns (docs/floors.md, "How a game ends"). Stage 1 ends after
        the tile before last: "A második félidő akkor kezdődik, miután az utolsó előtti kártyát felfordítjuk
        és kivitelezzük." Stage 2 after its whole deck: "Ha a második pakli kártyát is felfordítottuk"; with
        the option ``stage_two_end="before_last"`` after the tile before last, as stage 1. ``stage``: ask
        about that stage instead of the current one."""
        if (stage or self.stage) == 1 or self.options.get("stage_two_end", "whole_deck") == "before_last":
            return len(self.full_deck) - 1
        return len(self.full_deck)


def first_out(st: FloorsState) -> int | None:
    """The seat that first brought a figure out through the exit, or None if no figure got out.

    Every exit gets the next stamp of ``exit_clock``, so the seat with the lowest first stamp was first.
    """
    stamps = [(reached[0], seat) for seat, reached in enumerate(st.reached) if reached]
    return min(stamps)[1] if stamps else None
