"""The Shadows: Amsterdam board: 37 hexes, 34 playable spaces, 3 obstacles, 6 district slots.

Our own geometry (docs/shadows.md, /work/shared/spec/shadows.md): a hexagon of side 4 in axial
coordinates (q, r), pointy-top, centre (0, 0). The start tile is the centre and three "arms";
between the arms sit the three obstacles; around them six district slots of five spaces each.

A space is named by an int id 0..36: the hexes ordered by row r (top to bottom), then by q.
Obstacles have ids too (so every hex has one) but are never playable.

Pictures on the board are plain ids (the picture engineer maps ids to drawings):
- clue cards: ``"k0"`` .. ``"k83"``; the 4 start spaces each hold a clue card drawn from the deck;
- district faces: ``"d{tile}{side}{i}"`` — tile 0..6, side ``"a"`` or ``"b"``, i 0..4 the picture's
  place on the tile, which is the i-th space of the slot the tile lies in (``SLOTS`` order).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache

Hex = tuple[int, int]

RADIUS = 3
"""Hexes at most 3 steps from the centre: a hexagon of side 4, 37 hexes."""

HEXES: tuple[Hex, ...] = tuple(
    (q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1)
    if abs(q) <= RADIUS and abs(q + r) <= RADIUS
)
SPACE_OF: dict[Hex, int] = {h: i for i, h in enumerate(HEXES)}

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

CENTRE: int = SPACE_OF[(0, 0)]
ARMS: tuple[int, ...] = tuple(SPACE_OF[h] for h in ((-1, 1), (1, 0), (0, -1)))
START_SPACES: tuple[int, ...] = (CENTRE, *ARMS)
"""The start tile and the three places between the obstacles: each holds a clue picture."""
OBSTACLES: frozenset[int] = frozenset(SPACE_OF[h] for h in ((0, 1), (1, -1), (-1, 0)))

SLOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(SPACE_OF[h] for h in slot) for slot in (
        ((-3, 3), (-2, 3), (-1, 3), (-2, 2), (-1, 2)),     # slot 1: outer row of 3, inner row of 2
        ((0, 3), (1, 2), (2, 1), (0, 2), (1, 1)),           # slot 2
        ((3, 0), (3, -1), (3, -2), (2, 0), (2, -1)),        # slot 3
        ((3, -3), (2, -3), (1, -3), (2, -2), (1, -2)),      # slot 4
        ((0, -3), (-1, -2), (-2, -1), (0, -2), (-1, -1)),   # slot 5
        ((-3, 0), (-3, 1), (-3, 2), (-2, 0), (-2, 1)),      # slot 6
    )
)
"""District slots 1..6 (index 0..5), each listing its 5 spaces in picture order i = 0..4."""

PLAYABLE: tuple[int, ...] = tuple(s for s in range(len(HEXES)) if s not in OBSTACLES)
"""The 34 spaces a figure may stand on."""

DISTRICT_TILES = 7
DISTRICT_SIDES = ("a", "b")
CLUE_CARDS = 84


def clue_id(number: int) -> str:
    """The id of clue card ``number`` (0..83): ``"k0"`` .. ``"k83"``."""
    return f"k{number}"


CLUE_IDS: tuple[str, ...] = tuple(clue_id(n) for n in range(CLUE_CARDS))


def district_picture_id(tile: int, side: str, i: int) -> str:
    """The id of picture ``i`` (0..4) on ``side`` ("a"/"b") of district tile ``tile`` (0..6)."""
    return f"d{tile}{side}{i}"


DISTRICT_PICTURE_IDS: tuple[str, ...] = tuple(
    district_picture_id(tile, side, i)
    for tile in range(DISTRICT_TILES) for side in DISTRICT_SIDES for i in range(5)
)

_FACES: dict[tuple[int, str], tuple[str, ...]] = {
    (tile, side): tuple(district_picture_id(tile, side, i) for i in range(5))
    for tile in range(DISTRICT_TILES) for side in DISTRICT_SIDES}
"""The picture ids of each side of each district tile, in the order of its slot's spaces."""


def coords(space: int) -> Hex:
    return HEXES[space]


def distance(a: int, b: int) -> int:
    """Hex distance between two spaces (obstacles ignored)."""
    (q1, r1), (q2, r2) = HEXES[a], HEXES[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@cache
def rotate(space: int, turns: int = 1) -> int:
    """The space reached by turning the board 120° ``turns`` times (the board's own symmetry)."""
    q, r = HEXES[space]
    for _ in range(turns % 3):
        q, r = -q - r, q
    return SPACE_OF[(q, r)]


@cache
def neighbours(space: int) -> tuple[int, ...]:
    """Every hex next to ``space`` (obstacles included; use ``steps`` for legal moves)."""
    q, r = HEXES[space]
    return tuple(SPACE_OF[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in SPACE_OF)


def is_playable(space: int) -> bool:
    return 0 <= space < len(HEXES) and space not in OBSTACLES


@cache
def steps(space: int) -> tuple[int, ...]:
    """Spaces one clue card can reach: the adjacent playable spaces."""
    return tuple(sorted(n for n in neighbours(space) if n not in OBSTACLES))


@cache
def jumps(space: int) -> tuple[int, ...]:
    """Spaces two clue cards can reach: exactly 2 away, through a playable middle space.

    Obstacles can be neither entered nor crossed; passing over police or figures is free
    (only the landing space is checked), so the middle space just has to be playable.
    """
    found = {far for middle in steps(space) for far in steps(middle) if distance(space, far) == 2}
    return tuple(sorted(found))


def reachable(space: int, cards: int) -> tuple[int, ...]:
    """Legal landing spaces from ``space`` when the detectives hold ``cards`` (1 or 2) clue cards."""
    if cards == 1:
        return steps(space)
    if cards == 2:
        return jumps(space)
    raise ValueError(f"a move uses 1 or 2 clue cards, not {cards}")


@cache
def moves(space: int) -> tuple[int, ...]:
    """Every space reachable in one move of either size (the map generator's move graph)."""
    return tuple(sorted(set(steps(space)) | set(jumps(space))))


def safe_distances(start: int, blocked: Iterable[int]) -> dict[int, int]:
    """Fewest moves (1- or 2-card) from ``start`` to each space without landing on ``blocked``."""
    closed = 0
    for space in blocked:
        closed |= 1 << space
    seen = {}
    for distance, level in enumerate(safe_levels(start, closed)):
        while level:
            low = level & -level
            seen[low.bit_length() - 1] = distance
            level ^= low
    return seen


def safe_levels(start: int, blocked: int) -> list[int]:
    """The bit sets of the spaces first reached after 0, 1, 2, … moves (1- or 2-card) from ``start``
    without landing on a space of the bit set ``blocked``.

    Breadth-first over bit sets: the map generator asks this a dozen times per map. A level's next
    level is the union of its spaces' move sets, looked up 8 spaces at a time (``_move_bytes``).
    """
    table = _move_bytes()
    closed = blocked | 1 << start
    frontier = 1 << start
    levels = [frontier]
    while True:
        reach = 0
        for byte in table:
            if not frontier:
                break
            reach |= byte[frontier & 255]
            frontier >>= 8
        reach &= ~closed
        if not reach:
            return levels
        closed |= reach
        levels.append(reach)
        frontier = reach


@cache
def _move_bytes() -> tuple[tuple[int, ...], ...]:
    """Per group of 8 spaces (0–7, 8–15, …), per subset of the group (a byte): the bit set of the
    spaces one move (``moves``) away from any space of the subset."""
    groups = []
    for first in range(0, len(HEXES), 8):
        spaces = range(first, min(first + 8, len(HEXES)))
        groups.append(tuple(
            sum({1 << there for bit, space in enumerate(spaces) if byte >> bit & 1 for there in moves(space)})
            for byte in range(256)))
    return tuple(groups)


def place_districts(rng: random.Random) -> tuple[tuple[int, str], ...]:
    """Choose 6 of the 7 double-sided tiles, a side for each, in slot order 1..6."""
    tiles = rng.sample(range(DISTRICT_TILES), len(SLOTS))
    return tuple((tile, rng.choice(DISTRICT_SIDES)) for tile in tiles)


def board_pictures(districts: Sequence[tuple[int, str]], start_cards: Sequence[str]) -> dict[int, str]:
    """The picture id on every playable space: district faces plus the start spaces' clue cards."""
    pictures = dict(zip(START_SPACES, start_cards, strict=True))
    for slot, (tile, side) in zip(SLOTS, districts, strict=True):
        pictures.update(zip(slot, _FACES[tile, side], strict=True))
    return pictures


def layout() -> list[dict]:
    """The board as JSON for clients: every hex with its id, coordinates and role."""
    return [dict(row) for row in _layout()]  # every view gets its own copy of the fixed board


@cache
def _layout() -> tuple[dict, ...]:
    rows = []
    for space, (q, r) in enumerate(HEXES):
        if space in OBSTACLES:
            role, slot = "obstacle", None
        elif space == CENTRE:
            role, slot = "centre", None
        elif space in ARMS:
            role, slot = "arm", None
        else:
            role = "district"
            slot = next(n for n, spaces in enumerate(SLOTS, start=1) if space in spaces)
        rows.append({"id": space, "q": q, "r": r, "role": role, "slot": slot})
    return tuple(rows)
